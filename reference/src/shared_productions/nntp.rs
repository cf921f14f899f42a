//! Section 5's NNTP (see also RFC977) group, as draft-06 and RFC 1738 both print it.

/// The NNTP group's rule functions (see `shared_productions` for how it is invoked).
macro_rules! nntp {
    (nntpurl, $nntpurl:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn nntpurl<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
            cx.rule($nntpurl, |cx| {
                let (hp, slash) = opening(cx, s, q!("nntp://"), $nntpurl)?;
                // group derives no "/".
                let group_end = cx.find(s.from(slash), b'/').unwrap_or(s.end);
                let g = Span::new(slash, group_end);
                group(cx, g)?;
                let number = if group_end < s.end {
                    let d = s.from(group_end + 1);
                    digits(cx, d)?;
                    Some(d)
                } else {
                    None
                };
                cx.put("scheme", Some(Part::Str(Span::new(s.start, s.start + 4))));
                hp.put(cx);
                cx.put("group", Some(Part::Str(g)));
                cx.put("digits", number.map(Part::Str));
                Ok(Match::new($nntpurl))
            })
        }
    };
    ($($production:tt)*) => {
        crate::shared_productions::group!(nntp; $($production)*);
    };
}
pub(crate) use nntp;
