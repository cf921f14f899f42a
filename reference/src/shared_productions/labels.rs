//! The two label rules of a hostname: RFC 1738, the 1996 draft and RFC 2396 print
//! `domainlabel` and `toplabel` alike, RFC 1738 over `alphadigit` and with `*[ ]` for
//! the repetition the later two write `*( )`.

/// `domainlabel` and `toplabel` over the invoking document's `ALPHA` and its alphanumeric
/// class `$alphanum`, named `$alphanum_name` in its BNF.
macro_rules! labels {
    (
        $(#[$domainlabel_doc:meta])*
        pub fn domainlabel($domainlabel:path);
        $(#[$toplabel_doc:meta])*
        pub fn toplabel($toplabel:path);
        alphanum = $alphanum:path, $alphanum_name:literal;
    ) => {
        $(#[$domainlabel_doc])*
        pub fn domainlabel(cx: &mut Cx, s: Span) -> Res<()> {
            cx.rule($domainlabel, |cx| {
                crate::grammar::class::label(
                    cx,
                    s,
                    $domainlabel,
                    (&$alphanum, $alphanum_name),
                    (&$alphanum, $alphanum_name, concat!($alphanum_name, " | \"-\"")),
                )
            })
        }

        $(#[$toplabel_doc])*
        pub fn toplabel(cx: &mut Cx, s: Span) -> Res<()> {
            cx.rule($toplabel, |cx| {
                crate::grammar::class::label(
                    cx,
                    s,
                    $toplabel,
                    (&ALPHA, "alpha"),
                    (&$alphanum, $alphanum_name, concat!($alphanum_name, " | \"-\"")),
                )
            })
        }
    };
}
pub(crate) use labels;
