//! The parts of a `rel_path` (Section 2.2): `path`, its segments, `params` and `query`.

use super::classes::{pchar, repeat, uchar_or_reserved};
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::rule::Rule;

/// `path        = fsegment *( "/" segment )`
///
/// The path is given without the slash that may precede it (Section 2.4.6: "the initial
/// slash is not part of the URL path").
pub fn path(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R1808Path, |cx| {
        // Neither fsegment nor segment derives "/", so the segments are what lies
        // between the slashes.
        let first = cx.find(s, b'/').unwrap_or(s.end);
        fsegment(cx, Span::new(s.start, first))?;
        let mut at = first;
        while at < s.end {
            let end = cx.find(s.from(at + 1), b'/').unwrap_or(s.end);
            segment(cx, Span::new(at + 1, end))?;
            at = end;
        }
        Ok(())
    })
}

/// `fsegment    = 1*pchar`
///
/// The first segment is never empty, so a path never begins with "/": after the slash
/// of an `abs_path`, `//etc/motd` is no path (`ftp://host//etc/motd` is no generic-RL).
pub fn fsegment(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R1808Fsegment, |cx| {
        if s.is_empty() {
            return Err(cx.fail(s.start, Rule::R1808Fsegment, "pchar"));
        }
        repeat(cx, s, Rule::R1808Fsegment, "pchar", pchar)
    })
}

/// `segment     =  *pchar`
pub fn segment(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R1808Segment, |cx| {
        repeat(cx, s, Rule::R1808Segment, "pchar", pchar)
    })
}

/// `params      = param *( ";" param )`
///
/// Section 2.4.5: everything after the first ";" of what is left once the query is set
/// aside, "/" and further ";" included.
pub fn params(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R1808Params, |cx| {
        // param derives no ";", so each ";" ends one param and starts the next.
        cx.separated(s, b';', param)
    })
}

const PCHAR_OR_SLASH: &str = "pchar | \"/\"";

/// `param       = *( pchar | "/" )`
///
/// A param may hold "/": `g;x=1/../y` has the params `x=1/../y` and the path `g`.
pub fn param(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R1808Param, |cx| {
        repeat(cx, s, Rule::R1808Param, PCHAR_OR_SLASH, |cx, i, end| {
            pchar(cx, i, end).or_else(|| cx.one_of(i, b"/"))
        })
    })
}

/// `query       =  *( uchar | reserved )`
///
/// Section 2.4.4: the substring "after the first (left-most) question mark "?" and up
/// to the end of the parse string". Every reserved character may appear in it.
pub fn query(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R1808Query, |cx| {
        repeat(
            cx,
            s,
            Rule::R1808Query,
            "uchar | reserved",
            uchar_or_reserved,
        )
    })
}
