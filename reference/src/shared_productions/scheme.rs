//! Section 5's `scheme`, as draft-06 and RFC 1738 both print it.

/// `scheme` over the invoking document's `LOWALPHA`, `DIGIT` and `HIALPHA` (see
/// `shared_productions` for how it is invoked). Under `Reading::SchemeCaseIgnore` only,
/// `hialpha` is accepted too: both documents' prose asks for upper-case scheme letters to
/// be taken as lower case.
macro_rules! scheme {
    (scheme, $scheme:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn scheme(cx: &mut Cx, s: Span) -> Res<()> {
            cx.rule($scheme, |cx| {
                if s.is_empty() {
                    return Err(cx.fail(s.start, $scheme, SCHEME_CHARS));
                }
                let fold = cx.reading == Reading::SchemeCaseIgnore;
                cx.star(s, $scheme, SCHEME_CHARS, |cx, i, _| {
                    let b = cx.input[i];
                    let ok = cx.class(&LOWALPHA, b)
                        || cx.class(&DIGIT, b)
                        || b"+-.".contains(&b)
                        || (fold && cx.class(&HIALPHA, b));
                    ok.then_some(1)
                })
            })
        }

        const SCHEME_CHARS: &str = "lowalpha | digit | \"+\" | \"-\" | \".\"";
    };
    ($($production:tt)*) => {
        crate::shared_productions::group!(scheme; $($production)*);
    };
}
pub(crate) use scheme;
