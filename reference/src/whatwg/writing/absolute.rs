//! #url-writing's absolute forms: absolute-URL-with-fragment string and absolute-URL
//! string.

use std::ops::Range;

use super::authority::{
    scheme_relative_file_url_string, scheme_relative_special_url_string, scheme_relative_url_string,
};
use super::path::{opaque_path_url_string, path_absolute_non_authority_url_string};
use super::query_fragment::{split_at_first, url_fragment_string, url_query_string};
use super::scheme::{file_scheme, scheme_colon, special_scheme, url_scheme_string};
use super::trace::{need, Cx, Stop};

/// #absolute-url-with-fragment-string: "An absolute-URL-with-fragment string must be an
/// absolute-URL string, optionally followed by U+0023 (#) and a URL-fragment string."
pub(super) fn absolute_url_with_fragment_string(cx: &mut Cx, span: Range<usize>) -> bool {
    cx.rule("absolute-URL-with-fragment string", span, |cx, span| {
        let (absolute, fragment) = split_at_first(cx, &span, '#');
        need(absolute_url_string(cx, absolute.clone()), absolute.start)?;
        optional(cx, fragment, url_fragment_string)
    })
}

/// #absolute-url-string: "An absolute-URL string must be one of the following: a
/// URL-scheme string that is an ASCII case-insensitive match for a special scheme and not
/// an ASCII case-insensitive match for "file", followed by U+003A (:) and a
/// scheme-relative-special-URL string; a URL-scheme string that is not an ASCII
/// case-insensitive match for a special scheme, followed by U+003A (:) and one of: a
/// scheme-relative-URL string, a path-absolute-non-authority-URL string, or an
/// opaque-path-URL string; a URL-scheme string that is an ASCII case-insensitive match for
/// "file", followed by U+003A (:) and a scheme-relative-file-URL string; any optionally
/// followed by U+003F (?) and a URL-query string."
///
/// The scheme is the text before the first ":" (a scheme holds none); among the three
/// forms of a non-special scheme the first one or two code points choose: "//" a
/// scheme-relative-URL string, "/" a path-absolute-non-authority-URL string, anything else
/// an opaque-path-URL string (whose first code point is not "/").
pub(super) fn absolute_url_string(cx: &mut Cx, span: Range<usize>) -> bool {
    cx.rule("absolute-URL string", span, |cx, span| {
        let (head, query) = split_at_first(cx, &span, '?');
        let text = cx.text(&head);
        let colon = scheme_colon(text).unwrap_or_else(|| text.find(':').unwrap_or(text.len()));
        let scheme = head.start..head.start + colon;
        need(url_scheme_string(cx, scheme.clone()), scheme.start)?;
        if scheme.end == head.end {
            // A scheme and no ":".
            return Err(head.end);
        }
        let scheme_text = cx.text(&scheme);
        let rest = scheme.end + 1..head.end;
        let rest_text = cx.text(&rest);
        let matched = if file_scheme(scheme_text) {
            scheme_relative_file_url_string(cx, rest.clone())
        } else if special_scheme(scheme_text) {
            scheme_relative_special_url_string(cx, rest.clone())
        } else if rest_text.starts_with("//") {
            scheme_relative_url_string(cx, rest.clone())
        } else if rest_text.starts_with('/') {
            path_absolute_non_authority_url_string(cx, rest.clone())
        } else {
            opaque_path_url_string(cx, rest.clone())
        };
        need(matched, rest.start)?;
        optional(cx, query, url_query_string)
    })
}

/// "optionally followed by [a delimiter] and" the definition `rule`: nothing, or the part
/// after the delimiter matching it.
pub(super) fn optional(
    cx: &mut Cx,
    span: Option<Range<usize>>,
    rule: fn(&mut Cx, Range<usize>) -> bool,
) -> Stop {
    match span {
        None => Ok(()),
        Some(span) => need(rule(cx, span.clone()), span.start),
    }
}
