//! draft-03's `path`, `segment`, `search` and `fragmentid`.

use super::classes::{void, xalphas, xpalphas};
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::rule::Rule;

/// `path void | segment [ / path ]`
///
/// A path is `void`, or segments separated by "/", where only the last piece may be
/// empty (the `void` after a final "/"): `a`, `a/`, `a/b` derive; `/a` and `a//b` do not,
/// since a `segment` has at least one character (cases/divergences/README.md §6: "`path` cannot begin
/// with "/""). Segments derive no "/", so the pieces are what lies between the "/"s.
pub fn path(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D03Path, |cx| {
        if s.is_empty() {
            return void(cx, s);
        }
        let mut start = s.start;
        while let Some(slash) = cx.find(s.from(start), b'/') {
            segment(cx, Span::new(start, slash))?;
            start = slash + 1;
        }
        let last = s.from(start);
        if last.is_empty() {
            void(cx, last)
        } else {
            segment(cx, last)
        }
    })
}

/// `segment xpalphas`
pub fn segment(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D03Segment, |cx| xpalphas(cx, s))
}

/// `search xalphas [ + search ]`
///
/// "+" is in `safe`, so `xalphas` derives it already and `xalphas + search` derives
/// nothing more (cases/divergences/README.md §3: "`+` is now also `safe`, so the BNF is ambiguous").
/// Every derivation gives the same search; none is recorded.
pub fn search(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D03Search, |cx| xalphas(cx, s))
}

/// `fragmentid xalphas`
///
/// No production uses it: "Fragment identifiers and partial URLs are not involved in
/// the basic URL definition." The `fragment` note uses it.
pub fn fragmentid(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D03Fragmentid, |cx| xalphas(cx, s))
}
