//! #url-writing's relative forms: relative-URL-with-fragment string and relative-URL
//! string, which depend on the base URL.

use std::ops::Range;

use super::absolute::optional;
use super::authority::{
    scheme_relative_file_url_string, scheme_relative_special_url_string, scheme_relative_url_string,
};
use super::path::{path_absolute_non_authority_url_string, path_relative_scheme_less_url_string};
use super::query_fragment::{split_at_first, url_fragment_string, url_query_string};
use super::scheme::{file_scheme, special_scheme};
use super::trace::{need, Cx};
use super::Base;

/// #relative-url-with-fragment-string: "A relative-URL-with-fragment string must be U+0023
/// (#) followed by a URL-fragment string, if base URL has an opaque path; otherwise, a
/// relative-URL string, optionally followed by U+0023 (#) and a URL-fragment string."
pub(super) fn relative_url_with_fragment_string(
    cx: &mut Cx,
    span: Range<usize>,
    base: Option<Base>,
) -> bool {
    cx.rule("relative-URL-with-fragment string", span, |cx, span| {
        // The definition reads a base URL ("if base URL has an opaque path"), and the URL
        // parsing table (#example-url-parsing) marks `example` with no base "❌, due to
        // lack of base": with none, no string is a relative-URL-with-fragment string.
        let Some(base) = base else {
            return Err(span.start);
        };
        if base.opaque_path {
            if !cx.text(&span).starts_with('#') {
                return Err(span.start);
            }
            return need(
                url_fragment_string(cx, span.start + 1..span.end),
                span.start + 1,
            );
        }
        let (relative, fragment) = split_at_first(cx, &span, '#');
        need(
            relative_url_string(cx, relative.clone(), Some(base.scheme)),
            relative.start,
        )?;
        optional(cx, fragment, url_fragment_string)
    })
}

/// #relative-url-string: "A relative-URL string must be: a path-absolute-non-authority-URL
/// string, a path-relative-scheme-less-URL string, or, switching on base URL's scheme: A
/// special scheme that is not "file": a scheme-relative-special-URL string; "file": a
/// scheme-relative-file-URL string; Otherwise: a scheme-relative-URL string; any optionally
/// followed by U+003F (?) and a URL-query string."
///
/// The three alternatives start differently ("/" but not "//"; no "/"; "//"), so the start
/// chooses. Without a base URL there is no scheme to switch on and a string starting with
/// "//" matches none of them. The base's scheme is compared ASCII case-insensitively (a
/// URL record's scheme is lowercase already).
pub(super) fn relative_url_string(
    cx: &mut Cx,
    span: Range<usize>,
    base_scheme: Option<&str>,
) -> bool {
    cx.rule("relative-URL string", span, |cx, span| {
        let (head, query) = split_at_first(cx, &span, '?');
        let text = cx.text(&head);
        let matched = if text.starts_with("//") {
            match base_scheme {
                None => return Err(head.start),
                Some(scheme) if file_scheme(scheme) => {
                    scheme_relative_file_url_string(cx, head.clone())
                }
                Some(scheme) if special_scheme(scheme) => {
                    scheme_relative_special_url_string(cx, head.clone())
                }
                Some(_) => scheme_relative_url_string(cx, head.clone()),
            }
        } else if text.starts_with('/') {
            path_absolute_non_authority_url_string(cx, head.clone())
        } else {
            path_relative_scheme_less_url_string(cx, head.clone())
        };
        need(matched, head.start)?;
        optional(cx, query, url_query_string)
    })
}
