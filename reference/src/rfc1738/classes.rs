//! RFC 1738 Section 5, "Miscellaneous definitions": the character classes, each defined
//! once and built from the others as the BNF builds them, and the rules `escape`,
//! `uchar`, `xchar`, `digits` that match more than one character.

use crate::grammar::class::Class;
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::rule::Rule;

/// ```text
/// lowalpha       = "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" |
///                  "i" | "j" | "k" | "l" | "m" | "n" | "o" | "p" |
///                  "q" | "r" | "s" | "t" | "u" | "v" | "w" | "x" |
///                  "y" | "z"
/// ```
pub const LOWALPHA: Class = Class::new(Rule::Lowalpha, &[], b"abcdefghijklmnopqrstuvwxyz");
/// ```text
/// hialpha        = "A" | "B" | "C" | "D" | "E" | "F" | "G" | "H" | "I" |
///                  "J" | "K" | "L" | "M" | "N" | "O" | "P" | "Q" | "R" |
///                  "S" | "T" | "U" | "V" | "W" | "X" | "Y" | "Z"
/// ```
pub const HIALPHA: Class = Class::new(Rule::Hialpha, &[], b"ABCDEFGHIJKLMNOPQRSTUVWXYZ");
/// `alpha          = lowalpha | hialpha`
pub const ALPHA: Class = Class::new(Rule::Alpha, &[&LOWALPHA, &HIALPHA], b"");
/// ```text
/// digit          = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" |
///                  "8" | "9"
/// ```
pub const DIGIT: Class = Class::new(Rule::Digit, &[], b"0123456789");
/// `safe           = "$" | "-" | "_" | "." | "+"`
pub const SAFE: Class = Class::new(Rule::Safe, &[], b"$-_.+");
/// `extra          = "!" | "*" | "'" | "(" | ")" | ","`
pub const EXTRA: Class = Class::new(Rule::Extra, &[], b"!*'(),");
/// ``national       = "{" | "}" | "|" | "\" | "^" | "~" | "[" | "]" | "`"``
pub const NATIONAL: Class = Class::new(Rule::National, &[], b"{}|\\^~[]`");
/// `punctuation    = "<" | ">" | "#" | "%" | <">`
pub const PUNCTUATION: Class = Class::new(Rule::Punctuation, &[], b"<>#%\"");
/// `reserved       = ";" | "/" | "?" | ":" | "@" | "&" | "="`
pub const RESERVED: Class = Class::new(Rule::Reserved, &[], b";/?:@&=");
/// ```text
/// hex            = digit | "A" | "B" | "C" | "D" | "E" | "F" |
///                  "a" | "b" | "c" | "d" | "e" | "f"
/// ```
pub const HEX: Class = Class::new(Rule::Hex, &[&DIGIT], b"ABCDEFabcdef");
/// `unreserved     = alpha | digit | safe | extra`
pub const UNRESERVED: Class = Class::new(Rule::Unreserved, &[&ALPHA, &DIGIT, &SAFE, &EXTRA], b"");
/// `alphadigit     = alpha | digit`
pub const ALPHADIGIT: Class = Class::new(Rule::Alphadigit, &[&ALPHA, &DIGIT], b"");

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
    &ALPHADIGIT,
];

crate::shared_productions::classes! {
#[inline]
/// `escape         = "%" hex hex`
pub fn escape(Rule::Escape);
#[inline]
/// `uchar          = unreserved | escape`
pub fn uchar(Rule::Uchar);
#[inline]
/// `xchar          = unreserved | reserved | escape`
pub fn xchar(Rule::Xchar);
/// `digits         = 1*digit`
pub fn digits(Rule::Digits);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::class::{decode, escaped_octet};

    /// Section 2.2: "only alphanumerics, the special characters "$-_.+!*'(),", and
    /// reserved characters used for their reserved purposes may be used unencoded".
    #[test]
    fn unreserved_is_the_prose_set() {
        let prose: Vec<u8> = (0u8..=255)
            .filter(|b| b.is_ascii_alphanumeric() || b"$-_.+!*'(),".contains(b))
            .collect();
        assert_eq!(UNRESERVED.members().collect::<Vec<_>>(), prose);
    }

    #[test]
    fn classes_are_disjoint_where_the_bnf_keeps_them_apart() {
        for b in 0u8..=255 {
            let n = [&UNRESERVED, &RESERVED, &NATIONAL, &PUNCTUATION]
                .iter()
                .filter(|c| c.contains(b))
                .count();
            assert!(n <= 1, "octet {b:#04x} is in {n} classes");
        }
    }

    #[test]
    fn decode_turns_escapes_into_octets() {
        assert_eq!(decode(b"%2Fetc"), b"/etc");
        assert_eq!(decode(b"a%20b%7e"), b"a b~");
        assert_eq!(escaped_octet(b"%G0", 0), None);
        assert_eq!(escaped_octet(b"%4", 0), None);
    }
}
