//! Section 3.3, "Path Component", and Section 3.4, "Query Component".

use super::classes::{escaped, repeat, uric, uric_no_slash, ESCAPED, UNRESERVED, URIC};
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::rule::Rule;

/// One path segment as `segment = *pchar *( ";" param )` derives it: the pchar part,
/// and the params part with every ";" (empty when the segment has no ";").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Segment {
    pub pchars: Span,
    pub params: Span,
}

/// `path          = [ abs_path | opaque_part ]`
///
/// No production of Appendix A uses `path`: it names what Section 3 calls the <path>
/// ("We use the term <path> to refer to both the <abs_path> and <opaque_part> constructs,
/// since they are mutually exclusive for any given URI and can be parsed as a single
/// component"). The parse does not call it; it is here for the grammar's sake and its
/// tests. Its two alternatives are told apart by the first character: abs_path begins
/// with "/", and opaque_part cannot (uric_no_slash holds no "/").
pub fn path(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R2396Path, |cx| {
        if s.is_empty() {
            return Ok(());
        }
        if cx.input[s.start] == b'/' {
            abs_path(cx, s).map(|_| ())
        } else {
            opaque_part(cx, s)
        }
    })
}

/// `opaque_part   = uric_no_slash *uric`
pub fn opaque_part(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R2396OpaquePart, |cx| {
        // Not empty: `s:` is no URI (uric_no_slash is one character).
        if s.is_empty() {
            return Err(cx.fail(s.start, Rule::R2396OpaquePart, "uric_no_slash"));
        }
        let Some(n) = uric_no_slash(cx, s.start, s.end) else {
            return Err(match cx.input[s.start] {
                b'%' => cx.fail(s.start, Rule::R2396Escaped, ESCAPED),
                _ => cx.fail(s.start, Rule::R2396OpaquePart, "uric_no_slash"),
            });
        };
        repeat(cx, s.from(s.start + n), Rule::R2396OpaquePart, URIC, uric)
    })
}

/// `abs_path      = "/"  path_segments`
pub fn abs_path(cx: &mut Cx, s: Span) -> Res<Vec<Segment>> {
    cx.rule(Rule::R2396AbsPath, |cx| {
        cx.literal(s.start, s, q!("/"), Rule::R2396AbsPath)?;
        path_segments(cx, s.from(s.start + 1))
    })
}

/// `path_segments = segment *( "/" segment )`
pub fn path_segments(cx: &mut Cx, s: Span) -> Res<Vec<Segment>> {
    cx.rule(Rule::R2396PathSegments, |cx| {
        // segment derives no "/", so the segments are what lies between the slashes.
        let mut out = Vec::new();
        cx.separated(s, b'/', |cx, seg| {
            out.push(segment(cx, seg)?);
            Ok(())
        })?;
        Ok(out)
    })
}

/// `segment       = *pchar *( ";" param )`
pub fn segment(cx: &mut Cx, s: Span) -> Res<Segment> {
    cx.rule(Rule::R2396Segment, |cx| {
        // Neither pchar nor param derives ";", so the first ";" ends the pchars and each
        // further ";" starts the next param.
        let end = cx.find(s, b';').unwrap_or(s.end);
        repeat(
            cx,
            Span::new(s.start, end),
            Rule::R2396Segment,
            "pchar | \";\"",
            pchar,
        )?;
        let mut at = end;
        while at < s.end {
            let next = cx.find(s.from(at + 1), b';').unwrap_or(s.end);
            param(cx, Span::new(at + 1, next))?;
            at = next;
        }
        Ok(Segment {
            pchars: Span::new(s.start, end),
            params: Span::new(end, s.end),
        })
    })
}

/// `param         = *pchar`
pub fn param(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R2396Param, |cx| {
        repeat(cx, s, Rule::R2396Param, "pchar | \";\"", pchar)
    })
}

/// ```text
/// pchar         = unreserved | escaped |
///                 ":" | "@" | "&" | "=" | "+" | "$" | ","
/// ```
pub fn pchar(cx: &mut Cx, i: usize, end: usize) -> Option<usize> {
    let n = if cx.class(&UNRESERVED, cx.input[i]) {
        Some(1)
    } else {
        escaped(cx, i, end).or_else(|| cx.one_of(i, b":@&=+$,"))
    };
    cx.mark(Rule::R2396Pchar, n.is_some());
    n
}

/// `query         = *uric`
pub fn query(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R2396Query, |cx| {
        repeat(cx, s, Rule::R2396Query, URIC, uric)
    })
}

/// `fragment      = *uric`
pub fn fragment(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R2396Fragment, |cx| {
        repeat(cx, s, Rule::R2396Fragment, URIC, uric)
    })
}
