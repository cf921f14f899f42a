//! Section 5's TELNET group, as draft-06 and RFC 1738 both print it.

/// The TELNET group's rule functions (see `shared_productions` for how it is invoked).
macro_rules! telnet {
    (
        $(#[$telneturl_doc:meta])*
        pub fn telneturl($telneturl:path);
    ) => {
        $(#[$telneturl_doc])*
        pub fn telneturl<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
            cx.rule($telneturl, |cx| {
                let at = cx.scheme_literal(s, q!("telnet://"), $telneturl)?;
                let login_end = cx.find(s.from(at), b'/').unwrap_or(s.end);
                let l = login(cx, Span::new(at, login_end))?;
                if login_end < s.end && login_end + 1 != s.end {
                    return Err(cx.fail(
                        login_end + 1,
                        $telneturl,
                        "the end of the URL after \"/\"",
                    ));
                }
                cx.put("scheme", Some(Part::Str(Span::new(s.start, s.start + 6))));
                l.put(cx);
                Ok(Match::new($telneturl))
            })
        }
    };
}
pub(crate) use telnet;
