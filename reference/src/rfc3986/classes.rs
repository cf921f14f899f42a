//! Section 2, "Characters", and the RFC 5234 core rules Appendix A uses: each class of
//! single characters defined once, built from the others as the ABNF builds them, and
//! the two rules of Section 2 and 3.3 that match more than one character, `pct-encoded`
//! and `pchar`.
//!
//! ABNF quoted strings are case-insensitive (RFC 5234 §2.3: ""abc" will match "abc",
//! "Abc", "aBc" [...]"), so `HEXDIG`'s `"A" / ... / "F"` holds "a" to "f" too, as
//! Section 2.1 says in words: "The uppercase hexadecimal digits 'A' through 'F' are
//! equivalent to the lowercase digits 'a' through 'f', respectively."
//!
//! The ABNF's terminals are US-ASCII code points (Section 2: "the integer values used
//! by the ABNF must be mapped back to their corresponding characters via US-ASCII"); the
//! reference reads octets, so an octet 80-FF is no character of any rule.

use crate::grammar::class::Class;
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::rule::Rule;

/// `ALPHA          =  %x41-5A / %x61-7A   ; A-Z / a-z`
pub const ALPHA: Class = Class::new(
    Rule::R3986Alpha,
    &[],
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
);
/// ```text
/// DIGIT          =  %x30-39
///                        ; 0-9
/// ```
pub const DIGIT: Class = Class::new(Rule::R3986Digit, &[], b"0123456789");
/// `HEXDIG         =  DIGIT / "A" / "B" / "C" / "D" / "E" / "F"`
///
/// The quoted letters match either case (RFC 5234 §2.3).
pub const HEXDIG: Class = Class::new(Rule::R3986Hexdig, &[&DIGIT], b"ABCDEFabcdef");
/// `unreserved    = ALPHA / DIGIT / "-" / "." / "_" / "~"`
pub const UNRESERVED: Class = Class::new(Rule::R3986Unreserved, &[&ALPHA, &DIGIT], b"-._~");
/// `gen-delims    = ":" / "/" / "?" / "#" / "[" / "]" / "@"`
pub const GEN_DELIMS: Class = Class::new(Rule::R3986GenDelims, &[], b":/?#[]@");
/// ```text
/// sub-delims    = "!" / "$" / "&" / "'" / "(" / ")"
///               / "*" / "+" / "," / ";" / "="
/// ```
pub const SUB_DELIMS: Class = Class::new(Rule::R3986SubDelims, &[], b"!$&'()*+,;=");
/// `reserved      = gen-delims / sub-delims`
///
/// No production of the grammar uses it (Section 2.2: "A component's ABNF syntax rule
/// will not use the reserved or gen-delims rule names directly"), nor `gen-delims`.
pub const RESERVED: Class = Class::new(Rule::R3986Reserved, &[&GEN_DELIMS, &SUB_DELIMS], b"");

/// Every class, for tests and tables.
pub const CLASSES: &[&Class] = &[
    &ALPHA,
    &DIGIT,
    &HEXDIG,
    &UNRESERVED,
    &RESERVED,
    &GEN_DELIMS,
    &SUB_DELIMS,
];

/// What `pct-encoded` expects, in the ABNF.
pub const PCT_ENCODED: &str = "\"%\" HEXDIG HEXDIG";

#[inline]
/// `pct-encoded   = "%" HEXDIG HEXDIG`
///
/// At `i`, within `..end`: 3 when it matches.
pub fn pct_encoded(cx: &mut Cx, i: usize, end: usize) -> Option<usize> {
    cx.escape(i, end, &HEXDIG, Rule::R3986PctEncoded)
}

/// `unreserved / pct-encoded / sub-delims`, or one of `more`, at `i`: the characters of
/// `pchar` (with ":" and "@"), `userinfo` (with ":"), `reg-name` and `segment-nz-nc`
/// (with "@").
#[inline(always)]
pub fn unreserved_pct_or_sub_delim(
    cx: &mut Cx,
    i: usize,
    end: usize,
    more: &[u8],
) -> Option<usize> {
    let b = cx.input[i];
    if cx.class(&UNRESERVED, b) {
        Some(1)
    } else if b == b'%' {
        pct_encoded(cx, i, end)
    } else {
        (cx.class(&SUB_DELIMS, b) || more.contains(&b)).then_some(1)
    }
}

// Before the production's line, which the BNF-text test reads right above the item.
#[inline(always)]
/// `pchar         = unreserved / pct-encoded / sub-delims / ":" / "@"`
pub fn pchar(cx: &mut Cx, i: usize, end: usize) -> Option<usize> {
    let n = unreserved_pct_or_sub_delim(cx, i, end, b":@");
    cx.mark(Rule::R3986Pchar, n.is_some());
    n
}

/// What `pchar` expects.
pub const PCHAR: &str = "pchar";

// A "%" that starts no well-formed percent-encoding fails `pct-encoded` (the
// convention of every grammar here).
crate::grammar::class::escaped_repetition!(escape = (Rule::R3986PctEncoded, PCT_ENCODED), plus);

/// The octets of `bytes` with each well-formed `pct-encoded` triplet decoded; a "%"
/// that starts none is kept. For the notes, which look at what a component encodes.
///
/// `HEXDIG` is the hex digits of either case, so a triplet is the escape every
/// document decodes ([`crate::grammar::class::decode`]).
pub fn decode(bytes: &[u8]) -> Vec<u8> {
    crate::grammar::class::decode(bytes)
}

/// The octet a well-formed `pct-encoded` triplet at `i` encodes.
pub fn triplet(bytes: &[u8], i: usize) -> Option<u8> {
    let hex = |b: u8| char::from(b).to_digit(16);
    match bytes.get(i..i + 3) {
        Some([b'%', h, l]) if HEXDIG.contains(*h) && HEXDIG.contains(*l) => {
            Some((hex(*h)? * 16 + hex(*l)?) as u8)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::Reading;
    use crate::testing::chars;

    /// Each class holds exactly the characters Section 2 and RFC 5234 list.
    #[test]
    fn classes_hold_what_the_abnf_lists() {
        assert_eq!(chars(&ALPHA).len(), 52);
        assert!(chars(&ALPHA).chars().all(|c| c.is_ascii_alphabetic()));
        assert_eq!(chars(&DIGIT), "0123456789");
        // Section 2.1: "The uppercase hexadecimal digits 'A' through 'F' are equivalent
        // to the lowercase digits 'a' through 'f'".
        assert_eq!(chars(&HEXDIG), "0123456789ABCDEFabcdef");
        // Section 2.3: "uppercase and lowercase letters, decimal digits, hyphen,
        // period, underscore, and tilde".
        assert_eq!(chars(&UNRESERVED).len(), 52 + 10 + 4);
        assert!(UNRESERVED.contains(b'~') && !UNRESERVED.contains(b'!'));
        assert_eq!(chars(&GEN_DELIMS), "#/:?@[]");
        assert_eq!(chars(&SUB_DELIMS), "!$&'()*+,;=");
        assert_eq!(RESERVED.members().count(), 7 + 11);
    }

    /// Section 2.2 and 2.3: reserved and unreserved are apart; with "%" they are every
    /// character a URI may hold (Section 2: "A URI is composed from a limited set of
    /// characters consisting of digits, letters, and a few graphic symbols").
    #[test]
    fn reserved_and_unreserved_are_disjoint() {
        for b in 0u8..=255 {
            assert!(
                !(RESERVED.contains(b) && UNRESERVED.contains(b)),
                "{b:#04x}"
            );
            let uri_char = RESERVED.contains(b) || UNRESERVED.contains(b) || b == b'%';
            let expected = b.is_ascii_graphic() && !b"\"<>\\^`{|}".contains(&b);
            assert_eq!(uri_char, expected, "{b:#04x}");
        }
    }

    #[test]
    fn pct_encoded_needs_two_hex_digits_of_either_case() {
        let mut cx = Cx::new(b"%2f%G0%4", Reading::Strict, false);
        assert_eq!(pct_encoded(&mut cx, 0, 8), Some(3));
        assert_eq!(pct_encoded(&mut cx, 3, 8), None);
        assert_eq!(pct_encoded(&mut cx, 6, 8), None);
        assert_eq!(decode(b"a%2Fb%zz%4"), b"a/b%zz%4");
        assert_eq!(triplet(b"%7e", 0), Some(b'~'));
    }

    #[test]
    fn pchar_is_unreserved_pct_encoded_sub_delims_colon_at() {
        for b in 0u8..=255 {
            let input = [b];
            let mut cx = Cx::new(&input, Reading::Strict, false);
            let want = UNRESERVED.contains(b) || SUB_DELIMS.contains(b) || b"@:".contains(&b);
            assert_eq!(pchar(&mut cx, 0, 1).is_some(), want, "{b:#04x}");
        }
        let mut cx = Cx::new(b"%41", Reading::Strict, false);
        assert_eq!(pchar(&mut cx, 0, 3), Some(3));
    }
}
