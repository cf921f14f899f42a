//! #url-writing's URL-query string and URL-fragment string.

use std::ops::Range;

use super::trace::Cx;
use super::units::url_units;

/// #url-query-string: "A URL-query string must be zero or more URL units."
pub(super) fn url_query_string(cx: &mut Cx, span: Range<usize>) -> bool {
    cx.rule("URL-query string", span, |cx, span| {
        url_units(cx.text(&span)).map_err(|i| span.start + i)
    })
}

/// #url-fragment-string: "A URL-fragment string must be zero or more URL units."
pub(super) fn url_fragment_string(cx: &mut Cx, span: Range<usize>) -> bool {
    cx.rule("URL-fragment string", span, |cx, span| {
        url_units(cx.text(&span)).map_err(|i| span.start + i)
    })
}

/// Where `text` first has `delimiter`, if anywhere: the "optionally followed by U+003F (?)
/// and a URL-query string" and "U+0023 (#) and a URL-fragment string" of the definitions.
/// Neither code point can occur earlier in a valid string (not in a URL-path-segment
/// string, an opaque-path-URL string, a host or a scheme; "#" is no URL unit at all), so the
/// first one is the only split that can match.
pub(super) fn split_at_first(
    cx: &Cx,
    span: &Range<usize>,
    delimiter: char,
) -> (Range<usize>, Option<Range<usize>>) {
    match cx.text(span).find(delimiter) {
        Some(i) => (
            span.start..span.start + i,
            Some(span.start + i + 1..span.end),
        ),
        None => (span.clone(), None),
    }
}
