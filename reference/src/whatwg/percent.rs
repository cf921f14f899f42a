//! `#percent-encoded-bytes`: percent-encode and percent-decode, and the percent-encode
//! sets, each built from the one the Standard builds it from.
//!
//! Encoding is always UTF-8 (see the module doc of [`super`]), so "percent-encode after
//! encoding" is UTF-8 percent-encoding: its "encode or fail" never fails and its loop
//! runs once.

use std::fmt::Write as _;

/// A percent-encode set: "a set of code points". Every set here is built from the
/// [`C0_CONTROL`] set, which holds all code points greater than U+007E (~); so the set
/// records only its ASCII members, one bit each, and every code point above U+007E is a
/// member.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EncodeSet {
    ascii: u128,
}

impl EncodeSet {
    /// This set and `code_points` (the ASCII ones; the others are members already).
    const fn with(self, code_points: &[char]) -> EncodeSet {
        let mut ascii = self.ascii;
        let mut i = 0;
        while i < code_points.len() {
            let c = code_points[i] as u32;
            if c < 128 {
                ascii |= 1 << c;
            }
            i += 1;
        }
        EncodeSet { ascii }
    }

    /// This set and the code points `first` to `last`, inclusive (ASCII ones).
    const fn with_range(self, first: char, last: char) -> EncodeSet {
        let mut ascii = self.ascii;
        let mut c = first as u32;
        while c <= last as u32 && c < 128 {
            ascii |= 1 << c;
            c += 1;
        }
        EncodeSet { ascii }
    }

    /// Whether `c` is in the set.
    pub fn contains(self, c: char) -> bool {
        let v = u32::from(c);
        v > 0x7E || (self.ascii >> v) & 1 == 1
    }
}

/// "The C0 control percent-encode set is a percent-encode set consisting of C0 controls
/// and all code points greater than U+007E (~)." (The second half is in every set; see
/// [`EncodeSet`].)
pub const C0_CONTROL: EncodeSet = EncodeSet { ascii: 0 }.with_range('\u{0}', '\u{1F}');

/// "The fragment percent-encode set is a percent-encode set consisting of the C0 control
/// percent-encode set and U+0020 SPACE, U+0022 ("), U+003C (<), U+003E (>), and
/// U+0060 (`)."
pub const FRAGMENT: EncodeSet = C0_CONTROL.with(&[' ', '"', '<', '>', '`']);

/// "The query percent-encode set is a percent-encode set consisting of the C0 control
/// percent-encode set and U+0020 SPACE, U+0022 ("), U+0023 (#), U+003C (<), and
/// U+003E (>)." (Not built from the fragment set: it omits U+0060 (`).)
pub const QUERY: EncodeSet = C0_CONTROL.with(&[' ', '"', '#', '<', '>']);

/// "The special-query percent-encode set is a percent-encode set consisting of the
/// query percent-encode set and U+0027 (')."
pub const SPECIAL_QUERY: EncodeSet = QUERY.with(&['\'']);

/// "The path percent-encode set is a percent-encode set consisting of the query
/// percent-encode set and U+003F (?), U+005E (^), U+0060 (`), U+007B ({), and
/// U+007D (})."
pub const PATH: EncodeSet = QUERY.with(&['?', '^', '`', '{', '}']);

/// "The userinfo percent-encode set is a percent-encode set consisting of the path
/// percent-encode set and U+002F (/), U+003A (:), U+003B (;), U+003D (=), U+0040 (@),
/// U+005B ([) to U+005D (]), inclusive, and U+007C (|)."
pub const USERINFO: EncodeSet = PATH
    .with(&['/', ':', ';', '=', '@'])
    .with_range('[', ']')
    .with(&['|']);

/// "The component percent-encode set is a percent-encode set consisting of the userinfo
/// percent-encode set and U+0024 ($) to U+0026 (&), inclusive, U+002B (+), and
/// U+002C (,)."
pub const COMPONENT: EncodeSet = USERINFO.with_range('$', '&').with(&['+', ',']);

/// "The application/x-www-form-urlencoded percent-encode set is a percent-encode set
/// consisting of the component percent-encode set and U+0021 (!), U+0027 (') to
/// U+0029 RIGHT PARENTHESIS, inclusive, and U+007E (~)."
pub const FORM_URLENCODED: EncodeSet = COMPONENT.with(&['!']).with_range('\'', ')').with(&['~']);

/// `#percent-encode`: "return a string consisting of U+0025 (%), followed by two ASCII
/// upper hex digits representing byte" (appended to `output`).
pub fn percent_encode_byte(byte: u8, output: &mut String) {
    // Writing to a String cannot fail.
    let _ = write!(output, "%{byte:02X}");
}

/// `#percent-decode` (of a byte sequence).
pub fn percent_decode(input: &[u8]) -> Vec<u8> {
    // 1. Let output be an empty byte sequence.
    let mut output = Vec::with_capacity(input.len());
    // 2. For each byte byte in input:
    let mut i = 0;
    while let Some(&byte) = input.get(i) {
        // 1. If byte is not 0x25 (%), then append byte to output.
        // 2. Otherwise, if byte is 0x25 (%) and the next two bytes after byte in input
        //    are not in the ranges 0x30 (0) to 0x39 (9), 0x41 (A) to 0x46 (F), and
        //    0x61 (a) to 0x66 (f), all inclusive, append byte to output.
        // 3. Otherwise: let bytePoint be the two bytes after byte, interpreted as a
        //    hexadecimal number; append it; skip the next two bytes.
        let hex = |j: usize| input.get(j).and_then(|b| char::from(*b).to_digit(16));
        match (byte, hex(i + 1), hex(i + 2)) {
            (b'%', Some(high), Some(low)) => {
                // Two hex digits make at most 0xFF.
                output.push(u8::try_from(high * 16 + low).unwrap_or(byte));
                i += 3;
            }
            _ => {
                output.push(byte);
                i += 1;
            }
        }
    }
    // 3. Return output.
    output
}

/// `#string-percent-decode`: "Let bytes be the UTF-8 encoding of input. Return the
/// percent-decoding of bytes."
pub fn percent_decode_str(input: &str) -> Vec<u8> {
    percent_decode(input.as_bytes())
}

/// `#string-utf-8-percent-encode`: "percent-encode after encoding" with UTF-8, `input`
/// and `set`, appended to `output`, in one pass.
pub fn utf8_percent_encode(input: &str, set: EncodeSet, output: &mut String) {
    // 2. Let spaceAsPlus be true if percentEncodeSet is application/x-www-form-urlencoded
    //    percent-encode set; otherwise false.
    let space_as_plus = set == FORM_URLENCODED;
    // 7. (UTF-8's encoder never fails, so one run:) For each byte of encodeOutput:
    for &byte in input.as_bytes() {
        // 1. If spaceAsPlus is true and byte is 0x20 (SP), then append U+002B (+) to
        //    output and continue.
        if space_as_plus && byte == b' ' {
            output.push('+');
            continue;
        }
        // 2. Let isomorph be a code point whose value is byte's value.
        let isomorph = char::from(byte);
        // 4. If isomorph is not in percentEncodeSet, then append isomorph to output.
        // 5. Otherwise, percent-encode byte and append the result to output.
        if !set.contains(isomorph) {
            output.push(isomorph);
        } else {
            percent_encode_byte(byte, output);
        }
    }
}

/// `#utf-8-percent-encode` (a code point): as [`utf8_percent_encode`], for one scalar
/// value.
pub fn utf8_percent_encode_code_point(c: char, set: EncodeSet, output: &mut String) {
    let mut utf8 = [0; 4];
    utf8_percent_encode(c.encode_utf8(&mut utf8), set, output);
}
