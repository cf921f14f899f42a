//! The code point classes the algorithms test: Infra's (C0 control, ASCII tab or
//! newline, ...) and the Standard's own (URL code points, forbidden host and domain code
//! points). ASCII alpha, digit, hex digit and alphanumeric are `char`'s `is_ascii_*`.

/// Infra: "A C0 control is a code point in the range U+0000 NULL to U+001F INFORMATION
/// SEPARATOR ONE, inclusive."
pub fn is_c0_control(c: char) -> bool {
    c <= '\u{1F}'
}

/// Infra: "A C0 control or space is a C0 control or U+0020 SPACE."
pub fn is_c0_control_or_space(c: char) -> bool {
    is_c0_control(c) || c == ' '
}

/// Infra: "An ASCII tab or newline is U+0009 TAB, U+000A LF, or U+000D CR."
pub fn is_ascii_tab_or_newline(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r')
}

/// Infra: "A noncharacter is a code point that is in the range U+FDD0 to U+FDEF,
/// inclusive, or U+FFFE, U+FFFF, U+1FFFE, U+1FFFF, ..., U+10FFFE, or U+10FFFF."
pub fn is_noncharacter(c: char) -> bool {
    let v = u32::from(c);
    (0xFDD0..=0xFDEF).contains(&v) || (v & 0xFFFE) == 0xFFFE
}

/// `#url-code-points`: "ASCII alphanumeric, U+0021 (!), U+0024 ($), U+0026 (&),
/// U+0027 ('), U+0028 LEFT PARENTHESIS, U+0029 RIGHT PARENTHESIS, U+002A (*),
/// U+002B (+), U+002C (,), U+002D (-), U+002E (.), U+002F (/), U+003A (:), U+003B (;),
/// U+003D (=), U+003F (?), U+0040 (@), U+005F (_), U+007E (~), and code points in the
/// range U+00A0 to U+10FFFD, inclusive, excluding surrogates and noncharacters."
/// (A `char` is never a surrogate.)
pub fn is_url_code_point(c: char) -> bool {
    c.is_ascii_alphanumeric()
        || matches!(
            c,
            '!' | '$'
                | '&'
                | '\''
                | '('
                | ')'
                | '*'
                | '+'
                | ','
                | '-'
                | '.'
                | '/'
                | ':'
                | ';'
                | '='
                | '?'
                | '@'
                | '_'
                | '~'
        )
        || (('\u{A0}'..='\u{10FFFD}').contains(&c) && !is_noncharacter(c))
}

/// `#forbidden-host-code-point`: "U+0000 NULL, U+0009 TAB, U+000A LF, U+000D CR,
/// U+0020 SPACE, U+0023 (#), U+002F (/), U+003A (:), U+003C (<), U+003E (>), U+003F (?),
/// U+0040 (@), U+005B ([), U+005C (\), U+005D (]), U+005E (^), or U+007C (|)."
pub fn is_forbidden_host_code_point(c: char) -> bool {
    matches!(
        c,
        '\0' | '\t'
            | '\n'
            | '\r'
            | ' '
            | '#'
            | '/'
            | ':'
            | '<'
            | '>'
            | '?'
            | '@'
            | '['
            | '\\'
            | ']'
            | '^'
            | '|'
    )
}

/// `#forbidden-domain-code-point`: "a forbidden host code point, a C0 control,
/// U+0025 (%), or U+007F DELETE."
pub fn is_forbidden_domain_code_point(c: char) -> bool {
    is_forbidden_host_code_point(c) || is_c0_control(c) || c == '%' || c == '\u{7F}'
}

/// Whether the code points start with two ASCII hex digits (what "remaining starts
/// with two ASCII hex digits" asks).
pub fn starts_with_two_ascii_hex_digits(mut code_points: impl Iterator<Item = char>) -> bool {
    let first = code_points.next();
    let second = code_points.next();
    matches!((first, second), (Some(a), Some(b)) if a.is_ascii_hexdigit() && b.is_ascii_hexdigit())
}
