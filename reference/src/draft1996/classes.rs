//! The character productions of Sections 1.3 and 2: each class defined once and built
//! from the others as the BNF builds them, and the rules `urlchar` and `escaped` that
//! can match more than one character.
//!
//! The grammar is "defined in terms of characters" (Section 1.3); the reference reads
//! octets, so a character outside US-ASCII arrives as one or more octets 80-FF, each of
//! which is `national`.

use crate::grammar::class::Class;
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::rule::Rule;

/// ```text
/// lowalpha = "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" | "i" |
///            "j" | "k" | "l" | "m" | "n" | "o" | "p" | "q" | "r" |
///            "s" | "t" | "u" | "v" | "w" | "x" | "y" | "z"
/// ```
pub const LOWALPHA: Class = Class::new(Rule::D1996Lowalpha, &[], b"abcdefghijklmnopqrstuvwxyz");
/// ```text
/// hialpha  = "A" | "B" | "C" | "D" | "E" | "F" | "G" | "H" | "I" |
///            "J" | "K" | "L" | "M" | "N" | "O" | "P" | "Q" | "R" |
///            "S" | "T" | "U" | "V" | "W" | "X" | "Y" | "Z"
/// ```
pub const HIALPHA: Class = Class::new(Rule::D1996Hialpha, &[], b"ABCDEFGHIJKLMNOPQRSTUVWXYZ");
/// `alpha    = lowalpha | hialpha`
pub const ALPHA: Class = Class::new(Rule::D1996Alpha, &[&LOWALPHA, &HIALPHA], b"");
/// ```text
/// digit    = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" |
///            "8" | "9"
/// ```
pub const DIGIT: Class = Class::new(Rule::D1996Digit, &[], b"0123456789");
/// `alphanum = alpha | digit`
pub const ALPHANUM: Class = Class::new(Rule::D1996Alphanum, &[&ALPHA, &DIGIT], b"");
/// `reserved    = ";" | "/" | "?" | ":" | "@" | "&" | "=" | "+"`
pub const RESERVED: Class = Class::new(Rule::D1996Reserved, &[], b";/?:@&=+");
/// ```text
/// mark        = "$" | "-" | "_" | "." | "!" | "~" |
///               "*" | "'" | "(" | ")" | ","
/// ```
pub const MARK: Class = Class::new(Rule::D1996Mark, &[], b"$-_.!~*'(),");
/// `unreserved  = alpha | digit | mark`
pub const UNRESERVED: Class = Class::new(Rule::D1996Unreserved, &[&ALPHA, &DIGIT, &MARK], b"");
/// ```text
/// hex         = digit | "A" | "B" | "C" | "D" | "E" | "F" |
///                       "a" | "b" | "c" | "d" | "e" | "f"
/// ```
pub const HEX: Class = Class::new(Rule::D1996Hex, &[&DIGIT], b"ABCDEFabcdef");

/// Section 2.3.3 describes the excluded characters, "not used within the URL syntax";
/// the reference consults them only to say what an input holds (the notes).
///
/// `control     = <US-ASCII coded characters 00-1F and 7F hexadecimal>`
pub const CONTROL: Class = Class::new(Rule::D1996Control, &[], &CONTROL_OCTETS);
/// `space       = <US-ASCII coded character 20 hexadecimal>`
pub const SPACE: Class = Class::new(Rule::D1996Space, &[], b" ");
/// `delims      = "<" | ">" | "#" | "%" | <">`
pub const DELIMS: Class = Class::new(Rule::D1996Delims, &[], b"<>#%\"");
/// ``unwise      = "{" | "}" | "|" | "\" | "^" | "[" | "]" | "`"``
pub const UNWISE: Class = Class::new(Rule::D1996Unwise, &[], b"{}|\\^[]`");
/// ```text
/// national    = <Any character not in the reserved, unreserved,
///                control, space, delims, or unwise sets>
/// ```
///
/// Those sets cover every US-ASCII character (a unit test checks it), so `national` is
/// every character outside US-ASCII: as octets, 80-FF.
pub const NATIONAL: Class = Class::new(Rule::D1996National, &[], &NON_ASCII_OCTETS);
/// `excluded    = control | space | delims | unwise | national`
pub const EXCLUDED: Class = Class::new(
    Rule::D1996Excluded,
    &[&CONTROL, &SPACE, &DELIMS, &UNWISE, &NATIONAL],
    b"",
);

const CONTROL_OCTETS: [u8; 33] = {
    let mut a = [0x7F; 33];
    let mut i = 0;
    while i < 32 {
        a[i] = i as u8;
        i += 1;
    }
    a
};

const NON_ASCII_OCTETS: [u8; 128] = {
    let mut a = [0; 128];
    let mut i = 0;
    while i < 128 {
        a[i] = 0x80 + i as u8;
        i += 1;
    }
    a
};

/// Every class, for tests and tables.
pub const CLASSES: &[&Class] = &[
    &ALPHA,
    &LOWALPHA,
    &HIALPHA,
    &DIGIT,
    &ALPHANUM,
    &RESERVED,
    &UNRESERVED,
    &MARK,
    &HEX,
    &EXCLUDED,
    &CONTROL,
    &SPACE,
    &DELIMS,
    &UNWISE,
    &NATIONAL,
];

#[inline]
/// `escaped     = "%" hex hex`
pub fn escaped(cx: &mut Cx, i: usize, end: usize) -> Option<usize> {
    cx.escape(i, end, &HEX, Rule::D1996Escaped)
}

#[inline]
/// `urlchar     = reserved | unreserved | escaped`
pub fn urlchar(cx: &mut Cx, i: usize, end: usize) -> Option<usize> {
    let b = cx.input[i];
    let n = if cx.class(&RESERVED, b) || cx.class(&UNRESERVED, b) {
        Some(1)
    } else {
        escaped(cx, i, end)
    };
    cx.mark(Rule::D1996Urlchar, n.is_some());
    n
}

/// What `escaped` expects, in the BNF's notation.
pub const ESCAPED: &str = "\"%\" hex hex";

crate::grammar::class::escaped_repetition!(escape = (Rule::D1996Escaped, ESCAPED), hex = HEX);

#[cfg(test)]
mod tests {
    use super::*;

    /// The classes with octets outside printable US-ASCII (the others: `class_contents`).
    #[test]
    fn other_classes_hold_what_the_bnf_lists() {
        assert_eq!(CONTROL.members().count(), 33);
        assert!(CONTROL.contains(0x00) && CONTROL.contains(0x1F) && CONTROL.contains(0x7F));
        assert_eq!(
            NATIONAL.members().collect::<Vec<_>>(),
            (0x80..=0xFF).collect::<Vec<u8>>()
        );
        assert_eq!(EXCLUDED.members().count(), 33 + 1 + 5 + 8 + 128);
    }

    /// `national` is "Any character not in the reserved, unreserved, control, space,
    /// delims, or unwise sets": the other six cover US-ASCII exactly once each.
    #[test]
    fn the_sets_partition_the_octets() {
        for b in 0u8..=255 {
            let sets = [
                &RESERVED,
                &UNRESERVED,
                &CONTROL,
                &SPACE,
                &DELIMS,
                &UNWISE,
                &NATIONAL,
            ];
            let n = sets.iter().filter(|c| c.contains(b)).count();
            assert_eq!(n, 1, "octet {b:#04x} is in {n} sets");
            // urlchar's single characters and excluded are complements.
            assert_ne!(
                RESERVED.contains(b) || UNRESERVED.contains(b),
                EXCLUDED.contains(b),
                "{b:#04x}"
            );
        }
    }

    #[test]
    fn escapes_need_two_hex_digits() {
        let mut cx = Cx::new(b"%2f%G0%4", crate::document::Reading::Strict, false);
        assert_eq!(escaped(&mut cx, 0, 8), Some(3));
        assert_eq!(escaped(&mut cx, 3, 8), None);
        assert_eq!(escaped(&mut cx, 6, 8), None);
        assert!(all_chars(b"a%2Fb", |b| b == b'a' || b == b'b'));
        assert!(!all_chars(b"a%2", |_| true));
        assert!(!all_chars(b"%zz", |_| true));
    }
}
