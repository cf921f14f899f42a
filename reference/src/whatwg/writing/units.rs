//! The code points a URL is written with: the Infra classes the Standard builds on, the
//! URL code points and URL units of #url-writing, and the percent-encoded byte of
//! #percent-encoded-bytes.

/// A set of ASCII code points, built at compile time from other sets and listed members,
/// so each class below is written the way its definition reads.
#[derive(Clone, Copy)]
pub(super) struct AsciiClass {
    bits: u128,
}

impl AsciiClass {
    /// The union of `from` and the code points in `members` (all ASCII).
    pub(super) const fn new(from: &[AsciiClass], members: &[u8]) -> Self {
        let mut bits = 0u128;
        let mut i = 0;
        while i < from.len() {
            bits |= from[i].bits;
            i += 1;
        }
        let mut j = 0;
        while j < members.len() {
            bits |= 1u128 << members[j];
            j += 1;
        }
        Self { bits }
    }

    /// The code points from `first` to `last`, inclusive (both ASCII).
    pub(super) const fn range(first: u8, last: u8) -> Self {
        let mut bits = 0u128;
        let mut b = first;
        while b <= last {
            bits |= 1u128 << b;
            b += 1;
        }
        Self { bits }
    }

    pub(super) const fn contains(&self, c: char) -> bool {
        let n = c as u32;
        n < 128 && (self.bits >> n) & 1 == 1
    }
}

/// Infra: "An ASCII digit is a code point in the range U+0030 (0) to U+0039 (9), inclusive."
pub(super) const ASCII_DIGIT: AsciiClass = AsciiClass::range(b'0', b'9');

/// Infra: "An ASCII upper hex digit is an ASCII digit or a code point in the range U+0041 (A)
/// to U+0046 (F), inclusive."
const ASCII_UPPER_HEX_DIGIT: AsciiClass =
    AsciiClass::new(&[ASCII_DIGIT, AsciiClass::range(b'A', b'F')], b"");

/// Infra: "An ASCII lower hex digit is an ASCII digit or a code point in the range U+0061 (a)
/// to U+0066 (f), inclusive."
const ASCII_LOWER_HEX_DIGIT: AsciiClass =
    AsciiClass::new(&[ASCII_DIGIT, AsciiClass::range(b'a', b'f')], b"");

/// Infra: "An ASCII hex digit is an ASCII upper hex digit or ASCII lower hex digit."
pub(super) const ASCII_HEX_DIGIT: AsciiClass =
    AsciiClass::new(&[ASCII_UPPER_HEX_DIGIT, ASCII_LOWER_HEX_DIGIT], b"");

/// Infra: "An ASCII upper alpha is a code point in the range U+0041 (A) to U+005A (Z),
/// inclusive."
const ASCII_UPPER_ALPHA: AsciiClass = AsciiClass::range(b'A', b'Z');

/// Infra: "An ASCII lower alpha is a code point in the range U+0061 (a) to U+007A (z),
/// inclusive."
const ASCII_LOWER_ALPHA: AsciiClass = AsciiClass::range(b'a', b'z');

/// Infra: "An ASCII alpha is an ASCII upper alpha or ASCII lower alpha."
pub(super) const ASCII_ALPHA: AsciiClass =
    AsciiClass::new(&[ASCII_UPPER_ALPHA, ASCII_LOWER_ALPHA], b"");

/// Infra: "An ASCII alphanumeric is an ASCII digit or ASCII alpha."
pub(super) const ASCII_ALPHANUMERIC: AsciiClass = AsciiClass::new(&[ASCII_DIGIT, ASCII_ALPHA], b"");

/// The ASCII part of the URL code points (#url-code-points): "ASCII alphanumeric, U+0021
/// (!), U+0024 ($), U+0026 (&), U+0027 ('), U+0028 LEFT PARENTHESIS, U+0029 RIGHT
/// PARENTHESIS, U+002A (*), U+002B (+), U+002C (,), U+002D (-), U+002E (.), U+002F (/),
/// U+003A (:), U+003B (;), U+003D (=), U+003F (?), U+0040 (@), U+005F (_), U+007E (~)".
const URL_CODE_POINT_ASCII: AsciiClass =
    AsciiClass::new(&[ASCII_ALPHANUMERIC], b"!$&'()*+,-./:;=?@_~");

/// Infra: "A surrogate is a code point that is in the range U+D800 to U+DFFF, inclusive."
///
/// A `char` is never one; the test stays so the class reads as the Standard writes it.
fn surrogate(c: char) -> bool {
    (0xD800..=0xDFFF).contains(&(c as u32))
}

/// Infra: "A noncharacter is a code point that is in the range U+FDD0 to U+FDEF, inclusive,
/// or U+FFFE, U+FFFF, U+1FFFE, U+1FFFF, U+2FFFE, U+2FFFF, U+3FFFE, U+3FFFF, U+4FFFE,
/// U+4FFFF, U+5FFFE, U+5FFFF, U+6FFFE, U+6FFFF, U+7FFFE, U+7FFFF, U+8FFFE, U+8FFFF,
/// U+9FFFE, U+9FFFF, U+AFFFE, U+AFFFF, U+BFFFE, U+BFFFF, U+CFFFE, U+CFFFF, U+DFFFE,
/// U+DFFFF, U+EFFFE, U+EFFFF, U+FFFFE, U+FFFFF, U+10FFFE, or U+10FFFF."
///
/// The listed ones are exactly those whose low sixteen bits are FFFE or FFFF.
fn noncharacter(c: char) -> bool {
    let n = c as u32;
    (0xFDD0..=0xFDEF).contains(&n) || n & 0xFFFE == 0xFFFE
}

/// #url-code-points: "The URL code points are ASCII alphanumeric, U+0021 (!), [...], U+007E
/// (~), and code points in the range U+00A0 to U+10FFFD, inclusive, excluding surrogates and
/// noncharacters."
pub(super) fn url_code_point(c: char) -> bool {
    URL_CODE_POINT_ASCII.contains(c)
        || ((0xA0..=0x10_FFFD).contains(&(c as u32)) && !surrogate(c) && !noncharacter(c))
}

/// #percent-encoded-byte: "A percent-encoded byte is a string consisting of U+0025 (%)
/// followed by two ASCII hex digits."
///
/// Whether one starts at byte `at` of `text`.
pub(super) fn percent_encoded_byte(text: &str, at: usize) -> bool {
    let hex = |i: usize| {
        text.as_bytes()
            .get(i)
            .is_some_and(|&b| ASCII_HEX_DIGIT.contains(char::from(b)))
    };
    text.as_bytes().get(at) == Some(&b'%') && hex(at + 1) && hex(at + 2)
}

/// #url-units: "The URL units are URL code points and percent-encoded bytes."
///
/// Whether all of `text` is URL units none of which is a code point `excluded` holds (the
/// definitions say "URL units excluding U+002F (/)" and so on; a percent-encoded byte is
/// never one of the excluded code points). `Err` is the byte offset of the first code point
/// that is not one.
pub(super) fn url_units_excluding(
    text: &str,
    excluded: impl Fn(char) -> bool,
) -> Result<(), usize> {
    let mut chars = text.char_indices();
    while let Some((i, c)) = chars.next() {
        if c == '%' {
            if !percent_encoded_byte(text, i) {
                return Err(i);
            }
            // The two hex digits are ASCII: one char each.
            chars.next();
            chars.next();
        } else if !url_code_point(c) || excluded(c) {
            return Err(i);
        }
    }
    Ok(())
}

/// [`url_units_excluding`] with nothing excluded: "zero or more URL units".
pub(super) fn url_units(text: &str) -> Result<(), usize> {
    url_units_excluding(text, |_| false)
}
