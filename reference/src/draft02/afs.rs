//! AFS: `afsaddress` and `cellname`. "The "afsaddress" is left in as historical note,
//! but is not a url production" (BNF syntax): `url` does not name it, so no parse
//! reaches it and `afs:` URLs are judged by `generic`. The functions are here so that
//! the grammar is complete; the unit tests call them directly.

use super::generic::path;
use super::ip::hostname;
use super::lexical::{expect, literal};
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::rule::Rule;

/// `afsaddress a f s : / / cellname / path`
///
/// Returns the spans of the cellname and the path.
pub fn afsaddress(cx: &mut Cx, s: Span) -> Res<(Span, Span)> {
    cx.rule(Rule::D02Afsaddress, |cx| {
        let at = literal(cx, s, "a f s : / /", Rule::D02Afsaddress)?;
        // A hostname derives neither "/" nor "?".
        let end = super::lexical::first_of(cx, s.from(at), b"/?");
        let cell = Span::new(at, end);
        cellname(cx, cell)?;
        expect(cx, end, s, b'/', Rule::D02Afsaddress)?;
        let p = s.from(end + 1);
        path(cx, p)?;
        Ok((cell, p))
    })
}

/// `cellname hostname`
pub fn cellname(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D02Cellname, |cx| hostname(cx, s))
}
