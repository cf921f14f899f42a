//! Section 5's NEWS (see also RFC1036) group, as draft-06 and RFC 1738 both print it.

/// The NEWS group's rule functions (see `shared_productions` for how it is invoked).
macro_rules! news {
    (shared) => {
        /// Which alternative of `grouppart` urlcert reports.
        pub use crate::grammar::news::GroupPart as Grouppart;

        const ARTICLE_CHARS: &str = "uchar | \";\" | \"/\" | \"?\" | \":\" | \"&\" | \"=\"";
    };
    (newsurl, $newsurl:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn newsurl<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
            cx.scheme_rule(s, q!("news:"), $newsurl, |cx, at| {
                let g = s.from(at);
                let part = grouppart(cx, g)?;
                cx.put("scheme", Some(Part::Str(Span::new(s.start, s.start + 4))));
                cx.put("grouppart", Some(Part::Str(g)));
                part.put(cx, g);
                Ok(Match::new($newsurl))
            })
        }
    };
    (grouppart, $grouppart:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn grouppart(cx: &mut Cx, s: Span) -> Res<Grouppart> {
            cx.rule($grouppart, |cx| {
                if cx.bytes(s) == b"*" {
                    return Ok(Grouppart::Star);
                }
                if s.is_empty() {
                    return Err(cx.fail(s.start, $grouppart, "\"*\" | group | article"));
                }
                // group derives no "@" and article exactly one, so at most one matches.
                let as_group = group(cx, s);
                let as_article = article(cx, s);
                match (as_group, as_article) {
                    (Ok(()), _) => Ok(Grouppart::Group),
                    (_, Ok(h)) => Ok(Grouppart::Article { host: h }),
                    // Section 3.6: "A message identifier may be distinguished from a news group
                    // name by the presence of the commercial at "@" character", so that is the
                    // alternative whose failure is reported.
                    (Err(g), Err(a)) => Err(if cx.find(s, b'@').is_some() { a } else { g }),
                }
            })
        }
    };
    (article, $article:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn article(cx: &mut Cx, s: Span) -> Res<Span> {
            cx.rule($article, |cx| {
                // The repeated part derives no "@", so the first "@" ends it.
                let at = cx.find(s, b'@').unwrap_or(s.end);
                let unique = Span::new(s.start, at);
                if unique.is_empty() {
                    return Err(cx.fail(s.start, $article, ARTICLE_CHARS));
                }
                cx.star(unique, $article, ARTICLE_CHARS, |cx, i, e| {
                    uchar(cx, i, e).or_else(|| cx.one_of(i, b";/?:&="))
                })?;
                if at == s.end {
                    return Err(cx.fail(s.end, $article, "\"@\""));
                }
                let h = s.from(at + 1);
                host(cx, h)?;
                Ok(h)
            })
        }
    };
    ($($production:tt)*) => {
        crate::shared_productions::group!(news; $($production)*);
    };
}
pub(crate) use news;
