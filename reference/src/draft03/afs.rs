//! draft-03 `afsaddress` and `cellname`: "The "afsaddress" is left in as historical
//! note, but is not a url production". It is matched only for the `afsaddress` note
//! (see `notes.rs`); `url` does not list it, so `afs:` URLs are `not-defined`.

use super::ip::hostname;
use super::path::path;
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::rule::Rule;

/// `afsaddress a f s : / / cellname / path`
pub fn afsaddress(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D03Afsaddress, |cx| {
        let at = cx.literal(s.start, s, q!("afs://"), Rule::D03Afsaddress)?;
        // cellname derives no "/", so the first "/" ends it; the "/" is required.
        let Some(slash) = cx.find(s.from(at), b'/') else {
            cellname(cx, s.from(at))?;
            return Err(cx.fail(s.end, Rule::D03Afsaddress, "\"/\""));
        };
        cellname(cx, Span::new(at, slash))?;
        path(cx, s.from(slash + 1))
    })
}

/// `cellname hostname`
pub fn cellname(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D03Cellname, |cx| hostname(cx, s))
}
