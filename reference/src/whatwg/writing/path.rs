//! #url-writing's paths: path-absolute-URL, path-absolute-non-authority-URL,
//! path-relative-URL, path-relative-scheme-less-URL, opaque-path-URL and URL-path-segment
//! strings, and the single-dot and double-dot URL path segments of #url-representation.

use std::ops::Range;

use super::scheme::scheme_colon;
use super::trace::{need, Cx};
use super::units::url_units_excluding;

/// #path-absolute-url-string: "A path-absolute-URL string must be U+002F (/), followed by
/// zero or more URL-path-segment strings, separated from each other by U+002F (/)."
pub(super) fn path_absolute_url_string(cx: &mut Cx, span: Range<usize>) -> bool {
    cx.rule("path-absolute-URL string", span, |cx, span| {
        if !cx.text(&span).starts_with('/') {
            return Err(span.start);
        }
        segments(cx, span.start + 1..span.end)
    })
}

/// #path-absolute-non-authority-url-string: "A path-absolute-non-authority-URL string must
/// be a path-absolute-URL string that does not start with two U+002F (/) code points."
pub(super) fn path_absolute_non_authority_url_string(cx: &mut Cx, span: Range<usize>) -> bool {
    cx.rule(
        "path-absolute-non-authority-URL string",
        span,
        |cx, span| {
            if cx.text(&span).starts_with("//") {
                return Err(span.start + 1);
            }
            need(path_absolute_url_string(cx, span.clone()), span.start)
        },
    )
}

/// #path-relative-url-string: "A path-relative-URL string must be zero or more
/// URL-path-segment strings, separated from each other by U+002F (/), and not start with
/// U+002F (/)."
pub(super) fn path_relative_url_string(cx: &mut Cx, span: Range<usize>) -> bool {
    cx.rule("path-relative-URL string", span, |cx, span| {
        if cx.text(&span).starts_with('/') {
            return Err(span.start);
        }
        segments(cx, span)
    })
}

/// #path-relative-scheme-less-url-string: "A path-relative-scheme-less-URL string must be a
/// path-relative-URL string that does not start with: a URL-scheme string, followed by
/// U+003A (:)."
pub(super) fn path_relative_scheme_less_url_string(cx: &mut Cx, span: Range<usize>) -> bool {
    cx.rule("path-relative-scheme-less-URL string", span, |cx, span| {
        if let Some(colon) = scheme_colon(cx.text(&span)) {
            return Err(span.start + colon);
        }
        need(path_relative_url_string(cx, span.clone()), span.start)
    })
}

/// #opaque-path-url-string: "An opaque-path-URL string must be zero or more URL units
/// excluding U+003F (?), the first of which (if any) is not U+002F (/)."
pub(super) fn opaque_path_url_string(cx: &mut Cx, span: Range<usize>) -> bool {
    cx.rule("opaque-path-URL string", span, |cx, span| {
        let text = cx.text(&span);
        if text.starts_with('/') {
            return Err(span.start);
        }
        url_units_excluding(text, |c| c == '?').map_err(|i| span.start + i)
    })
}

/// The "zero or more URL-path-segment strings, separated from each other by U+002F (/)" of
/// both path definitions. The empty string is read as zero segments (it is also one empty
/// segment; either way it matches).
fn segments(cx: &mut Cx, span: Range<usize>) -> Result<(), usize> {
    if span.is_empty() {
        return Ok(());
    }
    let text = cx.text(&span);
    let mut start = span.start;
    for segment in text.split('/') {
        let end = start + segment.len();
        need(url_path_segment_string(cx, start..end), start)?;
        start = end + 1;
    }
    Ok(())
}

/// #url-path-segment-string: "A URL-path-segment string must be one of the following: zero
/// or more URL units excluding U+002F (/) and U+003F (?), that together are not a
/// single-dot URL path segment or a double-dot URL path segment. a single-dot URL path
/// segment a double-dot URL path segment."
pub(super) fn url_path_segment_string(cx: &mut Cx, span: Range<usize>) -> bool {
    cx.rule("URL-path-segment string", span, |cx, span| {
        let text = cx.text(&span);
        if single_dot_url_path_segment(text) {
            cx.matched.push(("single-dot URL path segment", span));
            Ok(())
        } else if double_dot_url_path_segment(text) {
            cx.matched.push(("double-dot URL path segment", span));
            Ok(())
        } else {
            url_units_excluding(text, |c| c == '/' || c == '?').map_err(|i| span.start + i)
        }
    })
}

/// #single-dot-path-segment: "A single-dot URL path segment is a URL path segment that is
/// "." or an ASCII case-insensitive match for "%2e"."
fn single_dot_url_path_segment(text: &str) -> bool {
    text == "." || text.eq_ignore_ascii_case("%2e")
}

/// #double-dot-path-segment: "A double-dot URL path segment is a URL path segment that is
/// ".." or an ASCII case-insensitive match for ".%2e", "%2e.", or "%2e%2e"."
fn double_dot_url_path_segment(text: &str) -> bool {
    text == ".."
        || [".%2e", "%2e.", "%2e%2e"]
            .iter()
            .any(|dots| text.eq_ignore_ascii_case(dots))
}
