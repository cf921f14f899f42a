//! draft-06 Section 5, the last two groups of productions: the character classes, each
//! defined once and built from the others as the BNF builds them, and the rules `escape`,
//! `uchar`, `xchar`, `digits` that match more than one character.
//!
//! The classes use the grammar kernel's [`Class`] (a set of octets named by a rule),
//! but every set below is draft-06's own. Where they differ from RFC 1738 (see
//! cases/divergences/README.md §1):
//! - `extra` has "=", which is also `reserved`, so "=" is a `uchar` everywhere uchar is
//!   used (a hostname, a WAIS database, a prospero fieldname);
//! - `national` has no backtick, and `unreserved` includes `national`, so
//!   `{ } | \ ^ ~ [ ]` may appear unencoded wherever `uchar` may;
//! - `punctuation` is `< > " #` (no "%").

use crate::grammar::class::Class;
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::rule::Rule;

/// ```text
/// lowalpha       = "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" |
///                  "i" | "j" | "k" | "l" | "m" | "n" | "o" | "p" |
///                  "q" | "r" | "s" | "t" | "u" | "v" | "w" | "x" |
///                  "y" | "z"
/// ```
pub const LOWALPHA: Class = Class::new(Rule::D06Lowalpha, &[], b"abcdefghijklmnopqrstuvwxyz");
/// ```text
/// hialpha        = "A" | "B" | "C" | "D" | "E" | "F" | "G" | "H" | "I" |
///                  "J" | "K" | "L" | "M" | "N" | "O" | "P" | "Q" | "R" |
///                  "S" | "T" | "U" | "V" | "W" | "X" | "Y" | "Z"
/// ```
pub const HIALPHA: Class = Class::new(Rule::D06Hialpha, &[], b"ABCDEFGHIJKLMNOPQRSTUVWXYZ");
/// `alpha          = lowalpha | hialpha`
pub const ALPHA: Class = Class::new(Rule::D06Alpha, &[&LOWALPHA, &HIALPHA], b"");
/// ```text
/// digit          = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" |
///                  "8" | "9"
/// ```
pub const DIGIT: Class = Class::new(Rule::D06Digit, &[], b"0123456789");
/// `safe           = "$" | "-" | "_" | "." | "+"`
pub const SAFE: Class = Class::new(Rule::D06Safe, &[], b"$-_.+");
/// `extra          = "!" | "*" | "'" | "(" | ")" | "," | "="`
///
/// "=" is in `reserved` too, so `xchar` derives "=" two ways; that changes no verdict
/// (cases/divergences/README.md §6: "No effect on validity"), and the reference does not report it.
pub const EXTRA: Class = Class::new(Rule::D06Extra, &[], b"!*'(),=");
/// `national       = "{" | "}" | "|" | "\" | "^" | "~" | "[" | "]"`
pub const NATIONAL: Class = Class::new(Rule::D06National, &[], b"{}|\\^~[]");
/// `punctuation    = "<" | ">" | """ | "#"`
///
/// No production uses it; the notes consult it (Section 2.2 names these characters
/// unsafe).
pub const PUNCTUATION: Class = Class::new(Rule::D06Punctuation, &[], b"<>\"#");
/// `reserved       = ";" | "/" | "?" | ":" | "@" | "&" | "="`
pub const RESERVED: Class = Class::new(Rule::D06Reserved, &[], b";/?:@&=");
/// ```text
/// hex            = digit | "A" | "B" | "C" | "D" | "E" | "F" |
///                  "a" | "b" | "c" | "d" | "e" | "f"
/// ```
pub const HEX: Class = Class::new(Rule::D06Hex, &[&DIGIT], b"ABCDEFabcdef");
/// `unreserved     = alpha | digit | safe | extra | national`
pub const UNRESERVED: Class = Class::new(
    Rule::D06Unreserved,
    &[&ALPHA, &DIGIT, &SAFE, &EXTRA, &NATIONAL],
    b"",
);

/// Every class, for tests and tables.
pub const CLASSES: &[&Class] = &[
    &LOWALPHA,
    &HIALPHA,
    &ALPHA,
    &DIGIT,
    &SAFE,
    &EXTRA,
    &NATIONAL,
    &PUNCTUATION,
    &RESERVED,
    &HEX,
    &UNRESERVED,
];

crate::shared_productions::classes! {
#[inline]
/// `escape         = "%" hex hex`
pub fn escape(Rule::D06Escape);
#[inline]
/// `uchar          = unreserved | escape`
pub fn uchar(Rule::D06Uchar);
#[inline]
/// `xchar          = unreserved | reserved | escape`
pub fn xchar(Rule::D06Xchar);
/// `digits         = 1*digit`
pub fn digits(Rule::D06Digits);
}

/// `*[ uchar | <one of extra> ]` over the whole of `s`: the shape of most of Section 5's
/// repeated parts (`user`, `fsegment`, `hsegment`, `search`, ...). `expected` is the
/// bracket's text, for the error.
pub(crate) fn uchars_and(
    cx: &mut Cx,
    s: Span,
    rule: Rule,
    expected: &'static str,
    extra: &[u8],
) -> Res<()> {
    cx.star(s, rule, expected, |cx, i, e| {
        uchar(cx, i, e).or_else(|| cx.one_of(i, extra))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The draft's oddities, against RFC 1738's classes.
    #[test]
    fn the_classes_differ_from_rfc_1738_where_the_draft_does() {
        use crate::rfc1738::classes as r;
        // "=" is extra and reserved at once.
        assert!(EXTRA.contains(b'=') && RESERVED.contains(b'='));
        assert!(!r::EXTRA.contains(b'='));
        // national is unreserved, and has no backtick.
        for b in NATIONAL.members() {
            assert!(UNRESERVED.contains(b) && !r::UNRESERVED.contains(b));
        }
        assert!(!NATIONAL.contains(b'`') && r::NATIONAL.contains(b'`'));
        // punctuation has no "%".
        assert!(!PUNCTUATION.contains(b'%') && r::PUNCTUATION.contains(b'%'));
        // Everything else of unreserved is RFC 1738's.
        for b in 0u8..=255 {
            if !NATIONAL.contains(b) && b != b'=' {
                assert_eq!(
                    UNRESERVED.contains(b),
                    r::UNRESERVED.contains(b),
                    "{b:#04x}"
                );
            }
        }
    }

    /// Only "=" is in two of the four classes Section 5 keeps apart.
    #[test]
    fn classes_overlap_only_in_the_equals_sign() {
        for b in 0u8..=255 {
            let n = [&UNRESERVED, &RESERVED, &PUNCTUATION]
                .iter()
                .filter(|c| c.contains(b))
                .count();
            assert!(n <= 1 || b == b'=', "octet {b:#04x} is in {n} classes");
        }
    }

    /// Section 2.2: "In general, only alphanumerics, reserved characters used for their
    /// reserved purposes, "$", "-", "_", ".", and "+" are safe": the prose's safe set is
    /// smaller than the BNF's unreserved, by extra and national.
    #[test]
    fn the_prose_safe_set_is_smaller_than_unreserved() {
        let prose = |b: u8| b.is_ascii_alphanumeric() || b"$-_.+".contains(&b);
        for b in UNRESERVED.members() {
            assert_eq!(
                prose(b),
                !(EXTRA.contains(b) || NATIONAL.contains(b)),
                "{b:#04x}"
            );
        }
    }
}
