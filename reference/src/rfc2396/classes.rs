//! The character productions of Sections 1.6 and 2 as Appendix A collects them: each
//! class defined once and built from the others as the BNF builds them, and the rules
//! `uric`, `uric_no_slash` and `escaped`, which can match more than one character.
//!
//! "the URI grammar is defined in terms of characters" (Section 1.6); the reference reads
//! octets, so a character outside US-ASCII arrives as octets 80-FF, none of which any
//! class holds ("Data corresponding to excluded characters must be escaped", Section
//! 2.4.3).

use crate::document::Reading;
use crate::grammar::class::Class;
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::rule::Rule;

/// ```text
/// lowalpha = "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" | "i" |
///            "j" | "k" | "l" | "m" | "n" | "o" | "p" | "q" | "r" |
///            "s" | "t" | "u" | "v" | "w" | "x" | "y" | "z"
/// ```
pub const LOWALPHA: Class = Class::new(Rule::R2396Lowalpha, &[], b"abcdefghijklmnopqrstuvwxyz");
/// ```text
/// upalpha  = "A" | "B" | "C" | "D" | "E" | "F" | "G" | "H" | "I" |
///            "J" | "K" | "L" | "M" | "N" | "O" | "P" | "Q" | "R" |
///            "S" | "T" | "U" | "V" | "W" | "X" | "Y" | "Z"
/// ```
pub const UPALPHA: Class = Class::new(Rule::R2396Upalpha, &[], b"ABCDEFGHIJKLMNOPQRSTUVWXYZ");
/// `alpha         = lowalpha | upalpha`
pub const ALPHA: Class = Class::new(Rule::R2396Alpha, &[&LOWALPHA, &UPALPHA], b"");
/// ```text
/// digit    = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" |
///            "8" | "9"
/// ```
pub const DIGIT: Class = Class::new(Rule::R2396Digit, &[], b"0123456789");
/// `alphanum      = alpha | digit`
pub const ALPHANUM: Class = Class::new(Rule::R2396Alphanum, &[&ALPHA, &DIGIT], b"");
/// ```text
/// reserved      = ";" | "/" | "?" | ":" | "@" | "&" | "=" | "+" |
///                 "$" | ","
/// ```
pub const RESERVED: Class = Class::new(Rule::R2396Reserved, &[], b";/?:@&=+$,");
/// RFC 2732 Section 3 (<https://www.rfc-editor.org/rfc/rfc2732>), for the reading
/// `rfc2396@rfc2732`: "(3) Add "[" and "]" to the set of 'reserved' characters:
///
/// ```text
/// reserved    = ";" | "/" | "?" | ":" | "@" | "&" | "=" | "+" |
///               "$" | "," | "[" | "]"
/// ```
///
/// and remove them from the 'unwise' set". So `uric` (and through it `query`,
/// `fragment` and the tail of `opaque_part`) takes "[" and "]"; `pchar`, `userinfo`,
/// `reg_name`, `rel_segment` and `uric_no_slash` list their characters one by one and do
/// not.
pub const RESERVED_RFC2732: Class = Class::new(Rule::R2396Reserved, &[&RESERVED], b"[]");
/// ```text
/// mark          = "-" | "_" | "." | "!" | "~" | "*" | "'" |
///                 "(" | ")"
/// ```
pub const MARK: Class = Class::new(Rule::R2396Mark, &[], b"-_.!~*'()");
/// `unreserved    = alphanum | mark`
pub const UNRESERVED: Class = Class::new(Rule::R2396Unreserved, &[&ALPHANUM, &MARK], b"");
/// ```text
/// hex           = digit | "A" | "B" | "C" | "D" | "E" | "F" |
///                         "a" | "b" | "c" | "d" | "e" | "f"
/// ```
pub const HEX: Class = Class::new(Rule::R2396Hex, &[&DIGIT], b"ABCDEFabcdef");

/// Every class, for tests and tables.
pub const CLASSES: &[&Class] = &[
    &RESERVED,
    &UNRESERVED,
    &MARK,
    &HEX,
    &ALPHANUM,
    &ALPHA,
    &LOWALPHA,
    &UPALPHA,
    &DIGIT,
];

/// `reserved` under the reading: RFC 2396's, or RFC 2732's.
pub fn reserved_class(reading: Reading) -> &'static Class {
    match reading {
        Reading::Rfc2732 => &RESERVED_RFC2732,
        _ => &RESERVED,
    }
}

#[inline]
/// `escaped       = "%" hex hex`
pub fn escaped(cx: &mut Cx, i: usize, end: usize) -> Option<usize> {
    cx.escape(i, end, &HEX, Rule::R2396Escaped)
}

/// What `escaped` expects, in the BNF's notation.
pub const ESCAPED: &str = "\"%\" hex hex";

#[inline]
/// `uric          = reserved | unreserved | escaped`
pub fn uric(cx: &mut Cx, i: usize, end: usize) -> Option<usize> {
    let b = cx.input[i];
    let reserved = reserved_class(cx.reading);
    let n = if cx.class(reserved, b) || cx.class(&UNRESERVED, b) {
        Some(1)
    } else {
        escaped(cx, i, end)
    };
    cx.mark(Rule::R2396Uric, n.is_some());
    n
}

/// What `uric` expects.
pub const URIC: &str = "uric";

#[inline]
/// ```text
/// uric_no_slash = unreserved | escaped | ";" | "?" | ":" | "@" |
///                 "&" | "=" | "+" | "$" | ","
/// ```
pub fn uric_no_slash(cx: &mut Cx, i: usize, end: usize) -> Option<usize> {
    let n = if cx.class(&UNRESERVED, cx.input[i]) {
        Some(1)
    } else {
        escaped(cx, i, end).or_else(|| cx.one_of(i, b";?:@&=+$,"))
    };
    cx.mark(Rule::R2396UricNoSlash, n.is_some());
    n
}

crate::grammar::class::escaped_repetition!(escape = (Rule::R2396Escaped, ESCAPED), hex = HEX);

#[cfg(test)]
mod tests {
    use super::*;

    /// Section 2.4.3 lists what is excluded: control (00-1F, 7F), space, delims
    /// `"<" | ">" | "#" | "%" | <">` and unwise ``"{" | "}" | "|" | "\" | "^" | "[" |
    /// "]" | "`"``. With `reserved` and `unreserved` they cover US-ASCII exactly once.
    #[test]
    fn reserved_unreserved_and_excluded_partition_us_ascii() {
        let delims = b"<>#%\"";
        let unwise = b"{}|\\^[]`";
        for b in 0u8..=0x7F {
            let control = b < 0x20 || b == 0x7F;
            let sets = [
                RESERVED.contains(b),
                UNRESERVED.contains(b),
                control,
                b == b' ',
                delims.contains(&b),
                unwise.contains(&b),
            ];
            assert_eq!(sets.iter().filter(|x| **x).count(), 1, "{b:#04x}");
        }
        for b in 0x80u8..=0xFF {
            assert!(CLASSES.iter().all(|c| !c.contains(b)), "{b:#04x}");
        }
    }

    #[test]
    fn escapes_need_two_hex_digits() {
        let mut cx = Cx::new(b"%2f%G0%4", Reading::Strict, false);
        assert_eq!(escaped(&mut cx, 0, 8), Some(3));
        assert_eq!(escaped(&mut cx, 3, 8), None);
        assert_eq!(escaped(&mut cx, 6, 8), None);
        assert!(all_chars(b"a%2Fb", |b| b == b'a' || b == b'b'));
        assert!(!all_chars(b"a%2", |_| true));
    }

    #[test]
    fn uric_takes_brackets_only_under_rfc2732() {
        let mut strict = Cx::new(b"[", Reading::Strict, false);
        assert_eq!(uric(&mut strict, 0, 1), None);
        let mut r = Cx::new(b"[", Reading::Rfc2732, false);
        assert_eq!(uric(&mut r, 0, 1), Some(1));
        assert_eq!(uric_no_slash(&mut r, 0, 1), None);
        let mut slash = Cx::new(b"/", Reading::Strict, false);
        assert_eq!(uric_no_slash(&mut slash, 0, 1), None);
        assert_eq!(uric(&mut slash, 0, 1), Some(1));
    }
}
