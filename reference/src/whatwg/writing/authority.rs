//! #url-writing's strings after "//": scheme-relative-special-URL, scheme-relative-URL,
//! opaque-host-and-port, scheme-relative-file-URL and URL-port strings.

use std::ops::Range;

use super::host::{host_string, opaque_host_string};
use super::path::path_absolute_url_string;
use super::trace::{need, Cx, Stop};
use super::units::ASCII_DIGIT;

/// #scheme-relative-special-url-string: "A scheme-relative-special-URL string must be "//",
/// followed by a valid host string, optionally followed by U+003A (:) and a URL-port
/// string, optionally followed by a path-absolute-URL string."
///
/// The host ends at the first ":" or "/" (no valid domain string or IPv4-address string
/// holds either), or, when it starts with "[", just after the first "]" (an IPv6-address
/// string holds no "]").
pub(super) fn scheme_relative_special_url_string(cx: &mut Cx, span: Range<usize>) -> bool {
    cx.rule("scheme-relative-special-URL string", span, |cx, span| {
        let host = after_two_solidi(cx, &span)?;
        let host = host.start..host_end(cx, &host, &[':', '/']);
        need(host_string(cx, host.clone()), host.start)?;
        port_then_path(cx, host.end..span.end)
    })
}

/// #scheme-relative-url-string: "A scheme-relative-URL string must be "//", followed by an
/// opaque-host-and-port string, optionally followed by a path-absolute-URL string."
///
/// The opaque-host-and-port string ends at the first "/": neither an opaque host (the
/// solidus is a forbidden host code point; an IPv6-address string has none) nor a port
/// holds one.
pub(super) fn scheme_relative_url_string(cx: &mut Cx, span: Range<usize>) -> bool {
    cx.rule("scheme-relative-URL string", span, |cx, span| {
        let rest = after_two_solidi(cx, &span)?;
        let end = first_of(cx, &rest, &['/']);
        need(opaque_host_and_port_string(cx, rest.start..end), rest.start)?;
        optional_path(cx, end..span.end)
    })
}

/// #opaque-host-and-port-string: "An opaque-host-and-port string must be either the empty
/// string or: a valid opaque-host string, optionally followed by U+003A (:) and a URL-port
/// string."
pub(super) fn opaque_host_and_port_string(cx: &mut Cx, span: Range<usize>) -> bool {
    cx.rule("opaque-host-and-port string", span, |cx, span| {
        if span.is_empty() {
            return Ok(());
        }
        let host = span.start..host_end(cx, &span, &[':']);
        need(opaque_host_string(cx, host.clone()), host.start)?;
        port_then_path(cx, host.end..span.end)
    })
}

/// #scheme-relative-file-url-string: "A scheme-relative-file-URL string must be "//",
/// optionally followed by one of the following: a valid host string, optionally followed
/// by a path-absolute-URL string; a path-absolute-URL string."
///
/// No port: the host ends at the first "/".
pub(super) fn scheme_relative_file_url_string(cx: &mut Cx, span: Range<usize>) -> bool {
    cx.rule("scheme-relative-file-URL string", span, |cx, span| {
        let rest = after_two_solidi(cx, &span)?;
        if rest.is_empty() || cx.text(&rest).starts_with('/') {
            return optional_path(cx, rest);
        }
        let host = rest.start..first_of(cx, &rest, &['/']);
        need(host_string(cx, host.clone()), host.start)?;
        optional_path(cx, host.end..span.end)
    })
}

/// #url-port-string: "A URL-port string must be one of the following: the empty string;
/// one or more ASCII digits representing a decimal number that is a 16-bit unsigned
/// integer."
///
/// Leading zeros are allowed: "00080" represents 80. The value saturates, so a long run of
/// digits costs its length and no overflow.
pub(super) fn url_port_string(cx: &mut Cx, span: Range<usize>) -> bool {
    cx.rule("URL-port string", span, |cx, span| {
        let mut value = 0u32;
        for (i, c) in cx.text(&span).char_indices() {
            let digit = c
                .to_digit(10)
                .filter(|_| ASCII_DIGIT.contains(c))
                .ok_or(span.start + i)?;
            value = (value * 10 + digit).min(u32::from(u16::MAX) + 1);
        }
        need(value <= u32::from(u16::MAX), span.start)
    })
}

/// The span after the leading "//" every definition here starts with.
fn after_two_solidi(cx: &Cx, span: &Range<usize>) -> Result<Range<usize>, usize> {
    let text = cx.text(span);
    match text.strip_prefix("//") {
        Some(_) => Ok(span.start + 2..span.end),
        None => Err(span.start + usize::from(text.starts_with('/'))),
    }
}

/// Where a host starting at `span.start` ends: after the first "]" when it starts with "[",
/// otherwise at the first of `stops` (or the end).
fn host_end(cx: &Cx, span: &Range<usize>, stops: &[char]) -> usize {
    let text = cx.text(span);
    if text.starts_with('[') {
        if let Some(i) = text.find(']') {
            return span.start + i + 1;
        }
    }
    first_of(cx, span, stops)
}

/// The first position in `span` holding one of `stops`, or its end.
fn first_of(cx: &Cx, span: &Range<usize>, stops: &[char]) -> usize {
    cx.text(span)
        .find(stops)
        .map_or(span.end, |i| span.start + i)
}

/// After a host: "optionally followed by U+003A (:) and a URL-port string", then (in the
/// special form) "optionally followed by a path-absolute-URL string". In an
/// opaque-host-and-port string the span ends before any "/", so only the port can follow.
fn port_then_path(cx: &mut Cx, span: Range<usize>) -> Stop {
    let text = cx.text(&span);
    if let Some(after_colon) = text.strip_prefix(':') {
        let port_start = span.start + 1;
        let port_end = port_start + after_colon.find('/').unwrap_or(after_colon.len());
        need(url_port_string(cx, port_start..port_end), port_start)?;
        return optional_path(cx, port_end..span.end);
    }
    optional_path(cx, span)
}

/// "optionally followed by a path-absolute-URL string": nothing, or one.
fn optional_path(cx: &mut Cx, span: Range<usize>) -> Stop {
    if span.is_empty() {
        return Ok(());
    }
    need(path_absolute_url_string(cx, span.clone()), span.start)
}
