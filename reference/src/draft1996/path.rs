//! Section 4.3.2, "Path Component", and Section 4.3.3, "Query Component".

use super::classes::{escaped, repeat, urlchar, UNRESERVED};
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::rule::Rule;

/// `path        = segment *( "/" segment )`
///
/// The path is given without the slash that may precede it: "the "/" separator between
/// the server component and the path component is NOT part of the path".
pub fn path(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D1996Path, |cx| {
        // segment derives no "/", so the segments are what lies between the slashes.
        cx.separated(s, b'/', segment)
    })
}

/// `segment     = *pchar *( ";" param )`
pub fn segment(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D1996Segment, |cx| {
        // Neither pchar nor param derives ";", so the first ";" ends the pchars and each
        // further ";" starts the next param.
        let end = cx.find(s, b';').unwrap_or(s.end);
        repeat(
            cx,
            Span::new(s.start, end),
            Rule::D1996Segment,
            "pchar",
            pchar,
        )?;
        let mut at = end;
        while at < s.end {
            let next = cx.find(s.from(at + 1), b';').unwrap_or(s.end);
            param(cx, Span::new(at + 1, next))?;
            at = next;
        }
        Ok(())
    })
}

/// `param       = *pchar`
pub fn param(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D1996Param, |cx| {
        repeat(cx, s, Rule::D1996Param, "pchar", pchar)
    })
}

/// `pchar       = unreserved | escaped | ":" | "@" | "&" | "=" | "+"`
pub fn pchar(cx: &mut Cx, i: usize, end: usize) -> Option<usize> {
    let n = if cx.class(&UNRESERVED, cx.input[i]) {
        Some(1)
    } else {
        escaped(cx, i, end).or_else(|| cx.one_of(i, b":@&=+"))
    };
    cx.mark(Rule::D1996Pchar, n.is_some());
    n
}

/// `query       = *urlchar`
pub fn query(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D1996Query, |cx| {
        repeat(cx, s, Rule::D1996Query, "urlchar", urlchar)
    })
}
