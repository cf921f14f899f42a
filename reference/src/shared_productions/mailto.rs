//! Section 5's MAILTO (see also RFC822) group, as draft-06 and RFC 1738 both print it.

/// The MAILTO group's rule functions (see `shared_productions` for how it is invoked).
macro_rules! mailto {
    (
        $(#[$mailtourl_doc:meta])*
        pub fn mailtourl($mailtourl:path);
        $(#[$encoded822addr_doc:meta])*
        pub fn encoded822addr($encoded822addr:path);
    ) => {
        $(#[$mailtourl_doc])*
        pub fn mailtourl<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
            cx.rule($mailtourl, |cx| {
                let at = cx.scheme_literal(s, q!("mailto:"), $mailtourl)?;
                encoded822addr(cx, s.from(at))?;
                cx.put("scheme", Some(Part::Str(Span::new(s.start, s.start + 6))));
                cx.put("encoded822addr", Some(Part::Str(s.from(at))));
                Ok(Match::new($mailtourl))
            })
        }

        $(#[$encoded822addr_doc])*
        pub fn encoded822addr(cx: &mut Cx, s: Span) -> Res<()> {
            cx.rule($encoded822addr, |cx| {
                if s.is_empty() {
                    return Err(cx.fail(s.start, $encoded822addr, "xchar"));
                }
                cx.star(s, $encoded822addr, "xchar", xchar)
            })
        }
    };
}
pub(crate) use mailto;
