//! The character productions of Section 2.2: each class defined once and built from the
//! others as the BNF builds them, and the rules `escape`, `uchar` and `pchar`, which can
//! match more than one character.
//!
//! The classes are RFC 1738's, letter for letter (Section 2.2 copies them), but they are
//! RFC 1808's own productions, so they record RFC 1808's rules in the coverage.
//! `national` and `punctuation` are defined and used by no other production: their
//! characters derive nowhere, so an input holding one unescaped is `invalid`.

use crate::grammar::class::Class;
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::rule::Rule;

/// ```text
/// hex         = digit | "A" | "B" | "C" | "D" | "E" | "F" |
///                       "a" | "b" | "c" | "d" | "e" | "f"
/// ```
pub const HEX: Class = Class::new(Rule::R1808Hex, &[&DIGIT], b"ABCDEFabcdef");
/// `alpha       = lowalpha | hialpha`
pub const ALPHA: Class = Class::new(Rule::R1808Alpha, &[&LOWALPHA, &HIALPHA], b"");
/// ```text
/// lowalpha    = "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" | "i" |
///               "j" | "k" | "l" | "m" | "n" | "o" | "p" | "q" | "r" |
///               "s" | "t" | "u" | "v" | "w" | "x" | "y" | "z"
/// ```
pub const LOWALPHA: Class = Class::new(Rule::R1808Lowalpha, &[], b"abcdefghijklmnopqrstuvwxyz");
/// ```text
/// hialpha     = "A" | "B" | "C" | "D" | "E" | "F" | "G" | "H" | "I" |
///               "J" | "K" | "L" | "M" | "N" | "O" | "P" | "Q" | "R" |
///               "S" | "T" | "U" | "V" | "W" | "X" | "Y" | "Z"
/// ```
pub const HIALPHA: Class = Class::new(Rule::R1808Hialpha, &[], b"ABCDEFGHIJKLMNOPQRSTUVWXYZ");
/// ```text
/// digit       = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" |
///               "8" | "9"
/// ```
pub const DIGIT: Class = Class::new(Rule::R1808Digit, &[], b"0123456789");
/// `safe        = "$" | "-" | "_" | "." | "+"`
pub const SAFE: Class = Class::new(Rule::R1808Safe, &[], b"$-_.+");
/// `extra       = "!" | "*" | "'" | "(" | ")" | ","`
pub const EXTRA: Class = Class::new(Rule::R1808Extra, &[], b"!*'(),");
/// ``national    = "{" | "}" | "|" | "\" | "^" | "~" | "[" | "]" | "`"``
pub const NATIONAL: Class = Class::new(Rule::R1808National, &[], b"{}|\\^~[]`");
/// `reserved    = ";" | "/" | "?" | ":" | "@" | "&" | "="`
pub const RESERVED: Class = Class::new(Rule::R1808Reserved, &[], b";/?:@&=");
/// `punctuation = "<" | ">" | "#" | "%" | <">`
///
/// `<">` is RFC 822's name for the double-quote character.
pub const PUNCTUATION: Class = Class::new(Rule::R1808Punctuation, &[], b"<>#%\"");
/// `unreserved  = alpha | digit | safe | extra`
pub const UNRESERVED: Class =
    Class::new(Rule::R1808Unreserved, &[&ALPHA, &DIGIT, &SAFE, &EXTRA], b"");

/// Every class, in the order Section 2.2 lists them.
pub const CLASSES: &[&Class] = &[
    &UNRESERVED,
    &HEX,
    &ALPHA,
    &LOWALPHA,
    &HIALPHA,
    &DIGIT,
    &SAFE,
    &EXTRA,
    &NATIONAL,
    &RESERVED,
    &PUNCTUATION,
];

/// What `escape` expects, in the BNF's notation.
pub const ESCAPE: &str = "\"%\" hex hex";

#[inline]
/// `escape      = "%" hex hex`
pub fn escape(cx: &mut Cx, i: usize, end: usize) -> Option<usize> {
    cx.escape(i, end, &HEX, Rule::R1808Escape)
}

#[inline]
/// `uchar       = unreserved | escape`
pub fn uchar(cx: &mut Cx, i: usize, end: usize) -> Option<usize> {
    let n = if cx.class(&UNRESERVED, cx.input[i]) {
        Some(1)
    } else {
        escape(cx, i, end)
    };
    cx.mark(Rule::R1808Uchar, n.is_some());
    n
}

#[inline]
/// `pchar       = uchar | ":" | "@" | "&" | "="`
pub fn pchar(cx: &mut Cx, i: usize, end: usize) -> Option<usize> {
    let n = uchar(cx, i, end).or_else(|| cx.one_of(i, b":@&="));
    cx.mark(Rule::R1808Pchar, n.is_some());
    n
}

#[inline]
/// `uchar | reserved`, the element of `query`, `fragment` and the second alternative of
/// `absoluteURL`.
pub fn uchar_or_reserved(cx: &mut Cx, i: usize, end: usize) -> Option<usize> {
    uchar(cx, i, end).or_else(|| cx.class(&RESERVED, cx.input[i]).then_some(1))
}

crate::grammar::class::escaped_repetition!(escape = (Rule::R1808Escape, ESCAPE), hex = HEX);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::Reading;
    use crate::testing::chars;

    /// Section 2.2's classes are RFC 1738's, character for character.
    #[test]
    fn classes_are_rfc_1738s() {
        use crate::rfc1738::classes as r;
        let pairs: [(&Class, &Class); 11] = [
            (&LOWALPHA, &r::LOWALPHA),
            (&HIALPHA, &r::HIALPHA),
            (&ALPHA, &r::ALPHA),
            (&DIGIT, &r::DIGIT),
            (&SAFE, &r::SAFE),
            (&EXTRA, &r::EXTRA),
            (&NATIONAL, &r::NATIONAL),
            (&RESERVED, &r::RESERVED),
            (&PUNCTUATION, &r::PUNCTUATION),
            (&HEX, &r::HEX),
            (&UNRESERVED, &r::UNRESERVED),
        ];
        for (a, b) in pairs {
            assert_eq!(chars(a), chars(b), "{}", a.rule);
        }
    }

    /// Every printable US-ASCII character is in exactly one of unreserved, reserved,
    /// national and punctuation; space, controls and octets 80-FF in none.
    #[test]
    fn the_classes_partition_printable_ascii() {
        for b in 0u8..=255 {
            let n = [&UNRESERVED, &RESERVED, &NATIONAL, &PUNCTUATION]
                .iter()
                .filter(|c| c.contains(b))
                .count();
            let printable = (0x21..0x7F).contains(&b);
            assert_eq!(n, usize::from(printable), "octet {b:#04x}");
        }
    }

    #[test]
    fn escapes_need_two_hex_digits() {
        let mut cx = Cx::new(b"%2f%G0%4", Reading::Strict, false);
        assert_eq!(escape(&mut cx, 0, 8), Some(3));
        assert_eq!(escape(&mut cx, 3, 8), None);
        assert_eq!(escape(&mut cx, 6, 8), None);
        assert!(all_chars(b"a%2Fb", |b| b == b'a' || b == b'b'));
        assert!(!all_chars(b"a%2", |_| true));
        assert!(!all_chars(b"%zz", |_| true));
    }

    #[test]
    fn uchar_pchar_and_reserved() {
        let input = b"a%41:;/?#~ ";
        let mut cx = Cx::new(input, Reading::Strict, false);
        let end = input.len();
        assert_eq!(uchar(&mut cx, 0, end), Some(1));
        assert_eq!(uchar(&mut cx, 1, end), Some(3));
        // ":" is a pchar but no uchar.
        assert_eq!(uchar(&mut cx, 4, end), None);
        assert_eq!(pchar(&mut cx, 4, end), Some(1));
        // ";", "/" and "?" are reserved, and no pchar.
        for i in 5..8 {
            assert_eq!(pchar(&mut cx, i, end), None, "{i}");
            assert_eq!(uchar_or_reserved(&mut cx, i, end), Some(1), "{i}");
        }
        // "#" (punctuation), "~" (national), space: nothing.
        for i in 8..11 {
            assert_eq!(uchar_or_reserved(&mut cx, i, end), None, "{i}");
            assert_eq!(pchar(&mut cx, i, end), None, "{i}");
        }
    }
}
