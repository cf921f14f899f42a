//! MAILTO (see also RFC822): the productions draft-06 Section 5 and RFC 1738 Section 5 print alike.

/// The MAILTO group's rule functions (invoked as the module above says).
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
