//! The rules of "Miscellaneous definitions" that match more than one character:
//! draft-06 and RFC 1738 print them alike (over classes that differ).

/// `escape`, `uchar`, `xchar` and `digits` over the invoking document's own classes
/// (`HEX`, `UNRESERVED`, `RESERVED`, `DIGIT`, by the names in scope where it is invoked).
macro_rules! classes {
    (escape, $escape:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn escape(cx: &mut Cx, i: usize, end: usize) -> Option<usize> {
            let input = cx.input;
            let ok = i + 3 <= end
                && input[i] == b'%'
                && cx.class(&HEX, input[i + 1])
                && cx.class(&HEX, input[i + 2]);
            cx.mark($escape, ok).then_some(3)
        }
    };
    (uchar, $uchar:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn uchar(cx: &mut Cx, i: usize, end: usize) -> Option<usize> {
            let n = if cx.class(&UNRESERVED, cx.input[i]) {
                Some(1)
            } else {
                escape(cx, i, end)
            };
            cx.mark($uchar, n.is_some());
            n
        }
    };
    (xchar, $xchar:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn xchar(cx: &mut Cx, i: usize, end: usize) -> Option<usize> {
            let b = cx.input[i];
            let n = if cx.class(&UNRESERVED, b) || cx.class(&RESERVED, b) {
                Some(1)
            } else {
                escape(cx, i, end)
            };
            cx.mark($xchar, n.is_some());
            n
        }
    };
    (digits, $digits:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn digits(cx: &mut Cx, s: Span) -> Res<()> {
            cx.rule($digits, |cx| {
                cx.class_plus(s, $digits, (&DIGIT, "digit"))
            })
        }
    };
    ($($production:tt)*) => {
        crate::shared_productions::group!(classes; $($production)*);
    };
}
pub(crate) use classes;
