//! Section 3.3, "Path"; Section 3.4, "Query"; Section 3.5, "Fragment".
//!
//! No segment rule derives "/", so the segments of a path are what lies between its
//! slashes, and each is asked whether it derives.

use super::classes::{pchar, repeat, repeat1, unreserved_pct_or_sub_delim, PCHAR};
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::outcome::Failure;
use crate::grammar::rule::Rule;

/// A path rule's function.
type PathRule = fn(&mut Cx, Span) -> Res<()>;

/// ```text
/// path          = path-abempty    ; begins with "/" or is empty
///               / path-absolute   ; begins with "/" but not "//"
///               / path-noscheme   ; begins with a non-colon segment
///               / path-rootless   ; begins with a segment
///               / path-empty      ; zero characters
/// ```
///
/// No rule uses `path`: "The ABNF requires five separate rules to disambiguate these
/// cases, only one of which will match the path substring within a given URI
/// reference." On its own it is ambiguous ("/a" is a `path-abempty` and a
/// `path-absolute`, "a" a `path-noscheme` and a `path-rootless`, "" a `path-abempty` and
/// a `path-empty`); this function answers with the first alternative that derives, and
/// where none does, with the failure that gets furthest (the first on a tie). A parse
/// never calls it: a reference's path rule is the one its `hier-part` or
/// `relative-part` takes.
pub fn path(cx: &mut Cx, s: Span) -> Res<Rule> {
    cx.rule(Rule::R3986Path, |cx| {
        let alternatives: [(Rule, PathRule); 5] = [
            (Rule::R3986PathAbempty, path_abempty),
            (Rule::R3986PathAbsolute, path_absolute),
            (Rule::R3986PathNoscheme, path_noscheme),
            (Rule::R3986PathRootless, path_rootless),
            (Rule::R3986PathEmpty, path_empty),
        ];
        let mut furthest: Option<Failure> = None;
        for (rule, f) in alternatives {
            match f(cx, s) {
                Ok(()) => return Ok(rule),
                Err(e) => {
                    if furthest.as_ref().is_none_or(|x| e.offset > x.offset) {
                        furthest = Some(e);
                    }
                }
            }
        }
        Err(furthest.unwrap_or_else(|| cx.fail(s.start, Rule::R3986Path, "a path")))
    })
}

/// `path-abempty  = *( "/" segment )`
pub fn path_abempty(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R3986PathAbempty, |cx| {
        if !s.is_empty() && cx.input[s.start] != b'/' {
            return Err(cx.fail(s.start, Rule::R3986PathAbempty, "\"/\""));
        }
        slash_segments(cx, s)
    })
}

/// `path-absolute = "/" [ segment-nz *( "/" segment ) ]`
pub fn path_absolute(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R3986PathAbsolute, |cx| {
        if s.is_empty() || cx.input[s.start] != b'/' {
            return Err(cx.fail(s.start, Rule::R3986PathAbsolute, "\"/\""));
        }
        let rest = s.from(s.start + 1);
        if rest.is_empty() {
            return Ok(());
        }
        first_then_segments(cx, rest, segment_nz)
    })
}

/// `path-noscheme = segment-nz-nc *( "/" segment )`
pub fn path_noscheme(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R3986PathNoscheme, |cx| {
        first_then_segments(cx, s, segment_nz_nc)
    })
}

/// `path-rootless = segment-nz *( "/" segment )`
pub fn path_rootless(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R3986PathRootless, |cx| {
        first_then_segments(cx, s, segment_nz)
    })
}

/// `path-empty    = 0<pchar>`
///
/// Zero repetitions of anything derive the empty string only (RFC 5234 §3.6:
/// `<a>*<b>element` means "at least `<a>` and at most `<b>` occurrences of the
/// element"), whatever `<pchar>`, a prose value, stands for.
pub fn path_empty(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R3986PathEmpty, |cx| {
        if s.is_empty() {
            Ok(())
        } else {
            Err(cx.fail(s.start, Rule::R3986PathEmpty, "zero characters"))
        }
    })
}

/// `first *( "/" segment )` over `s`: the first segment runs to the first "/".
fn first_then_segments(cx: &mut Cx, s: Span, first: fn(&mut Cx, Span) -> Res<()>) -> Res<()> {
    let end = cx.find(s, b'/').unwrap_or(s.end);
    first(cx, Span::new(s.start, end))?;
    slash_segments(cx, s.from(end))
}

/// `*( "/" segment )` over `s`, which is empty or starts with "/".
fn slash_segments(cx: &mut Cx, s: Span) -> Res<()> {
    let mut at = s.start;
    while at < s.end {
        let end = cx.find(s.from(at + 1), b'/').unwrap_or(s.end);
        segment(cx, Span::new(at + 1, end))?;
        at = end;
    }
    Ok(())
}

/// `segment       = *pchar`
pub fn segment(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R3986Segment, |cx| {
        repeat(cx, s, Rule::R3986Segment, PCHAR, pchar)
    })
}

/// `segment-nz    = 1*pchar`
pub fn segment_nz(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R3986SegmentNz, |cx| {
        repeat1(cx, s, Rule::R3986SegmentNz, PCHAR, pchar)
    })
}

const NC_CHARS: &str = "unreserved / pct-encoded / sub-delims / \"@\"";

/// ```text
/// segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
///               ; non-zero-length segment without any colon ":"
/// ```
///
/// Section 4.2: "A path segment that contains a colon character (e.g., "this:that")
/// cannot be used as the first segment of a relative-path reference, as it would be
/// mistaken for a scheme name." (the note `colon-in-first-segment`).
pub fn segment_nz_nc(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R3986SegmentNzNc, |cx| {
        repeat1(cx, s, Rule::R3986SegmentNzNc, NC_CHARS, |cx, i, end| {
            unreserved_pct_or_sub_delim(cx, i, end, b"@")
        })
    })
}

const QUERY_CHARS: &str = "pchar / \"/\" / \"?\"";

/// `pchar / "/" / "?"`, the element of `query` and `fragment`.
fn query_char(cx: &mut Cx, i: usize, end: usize) -> Option<usize> {
    pchar(cx, i, end).or_else(|| cx.one_of(i, b"/?"))
}

/// `query         = *( pchar / "/" / "?" )`
pub fn query(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R3986Query, |cx| {
        repeat(cx, s, Rule::R3986Query, QUERY_CHARS, query_char)
    })
}

/// `fragment      = *( pchar / "/" / "?" )`
pub fn fragment(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R3986Fragment, |cx| {
        repeat(cx, s, Rule::R3986Fragment, QUERY_CHARS, query_char)
    })
}
