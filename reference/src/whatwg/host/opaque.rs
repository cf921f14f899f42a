//! `#concept-opaque-host-parser`: the opaque-host parser.

use crate::whatwg::code_points::{
    is_forbidden_host_code_point, is_url_code_point, starts_with_two_ascii_hex_digits,
};
use crate::whatwg::percent::{utf8_percent_encode, C0_CONTROL};
use crate::whatwg::validation::{Validation, ValidationError};

/// `#concept-opaque-host-parser`, given `input`; `None` is failure. Errors are pushed
/// with `at` a byte offset into `input`, at the first code point that causes them.
pub fn opaque_host_parse(input: &str, errors: &mut Vec<Validation>) -> Option<String> {
    // 1. If input contains a forbidden host code point, host-invalid-code-point
    //    validation error, return failure.
    if let Some((at, _)) = input
        .char_indices()
        .find(|&(_, c)| is_forbidden_host_code_point(c))
    {
        errors.push(Validation {
            error: ValidationError::HostInvalidCodePoint,
            at,
        });
        return None;
    }
    // 2. If input contains a code point that is not a URL code point and not U+0025 (%),
    //    invalid-URL-unit validation error.
    if let Some((at, _)) = input
        .char_indices()
        .find(|&(_, c)| !is_url_code_point(c) && c != '%')
    {
        errors.push(Validation {
            error: ValidationError::InvalidUrlUnit,
            at,
        });
    }
    // 3. If input contains a U+0025 (%) and the two code points following it are not
    //    ASCII hex digits, invalid-URL-unit validation error.
    if let Some((at, _)) = input.char_indices().find(|&(i, c)| {
        c == '%' && !starts_with_two_ascii_hex_digits(input.get(i + 1..).unwrap_or("").chars())
    }) {
        errors.push(Validation {
            error: ValidationError::InvalidUrlUnit,
            at,
        });
    }
    // 4. Return the result of running UTF-8 percent-encode on input using the C0 control
    //    percent-encode set.
    let mut output = String::with_capacity(input.len());
    utf8_percent_encode(input, C0_CONTROL, &mut output);
    Some(output)
}
