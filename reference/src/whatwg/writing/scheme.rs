//! #url-writing's URL-scheme string, and the special schemes of #url-miscellaneous the
//! writing rules switch on.

use std::ops::Range;

use super::trace::Cx;
use super::units::{AsciiClass, ASCII_ALPHA, ASCII_ALPHANUMERIC};

/// What may follow the first code point of a URL-scheme string: "ASCII alphanumeric, U+002B
/// (+), U+002D (-), and U+002E (.)".
const URL_SCHEME_REST: AsciiClass = AsciiClass::new(&[ASCII_ALPHANUMERIC], b"+-.");

/// #special-scheme: "A special scheme is an ASCII string that is listed in the first column
/// of the following table." (ftp, file, http, https, ws, wss.)
const SPECIAL_SCHEMES: [&str; 6] = ["ftp", "file", "http", "https", "ws", "wss"];

/// Whether `scheme` is an ASCII case-insensitive match for a special scheme, as
/// absolute-URL string asks.
pub(super) fn special_scheme(scheme: &str) -> bool {
    SPECIAL_SCHEMES
        .iter()
        .any(|special| scheme.eq_ignore_ascii_case(special))
}

/// Whether `scheme` is an ASCII case-insensitive match for "file".
pub(super) fn file_scheme(scheme: &str) -> bool {
    scheme.eq_ignore_ascii_case("file")
}

/// #url-scheme-string: "A URL-scheme string must be one ASCII alpha, followed by zero or
/// more of ASCII alphanumeric, U+002B (+), U+002D (-), and U+002E (.)."
///
/// (Its second sentence, that schemes should be registered with IANA, is advice about the
/// scheme chosen, not about the string; it is not checked.)
pub(super) fn url_scheme_string(cx: &mut Cx, span: Range<usize>) -> bool {
    cx.rule("URL-scheme string", span, |cx, span| {
        match scheme_length(cx.text(&span)) {
            Some(n) if n == span.len() => Ok(()),
            Some(n) => Err(span.start + n),
            None => Err(span.start),
        }
    })
}

/// How long the URL-scheme string at the start of `text` is, the longest one (`None`: it
/// does not start with an ASCII alpha).
fn scheme_length(text: &str) -> Option<usize> {
    let mut chars = text.chars();
    if !chars.next().is_some_and(|c| ASCII_ALPHA.contains(c)) {
        return None;
    }
    Some(1 + chars.take_while(|&c| URL_SCHEME_REST.contains(c)).count())
}

/// Where the ":" is when `text` starts with "a URL-scheme string, followed by U+003A (:)"
/// (the words path-relative-scheme-less-URL string uses). A scheme holds no ":", so the
/// only candidate is the longest scheme at the start.
pub(super) fn scheme_colon(text: &str) -> Option<usize> {
    let n = scheme_length(text)?;
    (text.as_bytes().get(n) == Some(&b':')).then_some(n)
}
