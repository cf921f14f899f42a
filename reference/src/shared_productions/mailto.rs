//! Section 5's MAILTO (see also RFC822) group, as draft-06 and RFC 1738 both print it.

/// The MAILTO group's rule functions (see `shared_productions` for how it is invoked).
macro_rules! mailto {
    (mailtourl, $mailtourl:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn mailtourl<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
            cx.scheme_rule(s, q!("mailto:"), $mailtourl, |cx, at| {
                encoded822addr(cx, s.from(at))?;
                cx.put("scheme", Some(Part::Str(Span::new(s.start, s.start + 6))));
                cx.put("encoded822addr", Some(Part::Str(s.from(at))));
                Ok(Match::new($mailtourl))
            })
        }
    };
    (encoded822addr, $encoded822addr:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn encoded822addr(cx: &mut Cx, s: Span) -> Res<()> {
            cx.rule($encoded822addr, |cx| {
                if s.is_empty() {
                    return Err(cx.fail(s.start, $encoded822addr, "xchar"));
                }
                cx.star(s, $encoded822addr, "xchar", xchar)
            })
        }
    };
    ($($production:tt)*) => {
        crate::shared_productions::group!(mailto; $($production)*);
    };
}
pub(crate) use mailto;
