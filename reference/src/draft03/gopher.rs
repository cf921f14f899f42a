//! draft-03 `gopheraddress`, `gtype`, `gcommand` (prose: "GOPHER").

use super::classes::{unit_len, xalpha};
use super::ip::hostport;
use super::path::path;
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::matched::Match;
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

/// `gopheraddress g o p h e r : / / hostport [/ gtype [ gcommand ] ]`
///
/// A "/" must be followed by a gtype. `gcommand` is a `path`, which may be `void`, so
/// an input ending after the gtype derives with and without it; urlcert reports no
/// gcommand (`null`) there. The prose's fields (selector, "%09", search, "%09", gopher+
/// string) are all inside the gcommand: "%09" is an `escape`. The prose's own examples
/// print `gopher://host [port]/...`, a template: as written, the space and brackets
/// are no URL characters.
pub fn gopheraddress<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D03Gopheraddress, |cx| {
        let at = cx.literal(s.start, s, q!("gopher://"), Rule::D03Gopheraddress)?;
        // hostport derives no "/", so the first "/" ends it.
        let hp_end = cx.find(s.from(at), b'/').unwrap_or(s.end);
        let hp = hostport(cx, Span::new(at, hp_end))?;
        let (mut t, mut g) = (None, None);
        if hp_end < s.end {
            let i = hp_end + 1;
            // gtype is one xalpha: one character, or an escape's three.
            let n = if i < s.end {
                unit_len(cx.input, i, s.end)
            } else {
                0
            };
            let ts = Span::new(i, i + n);
            gtype(cx, ts)?;
            t = Some(ts);
            let rest = s.from(ts.end);
            if !rest.is_empty() {
                gcommand(cx, rest)?;
                g = Some(rest);
            }
        }
        let text = |x: Option<Span>| x.map(Part::Str);
        cx.put("scheme", text(Some(Span::new(s.start, s.start + 6))));
        hp.put(cx);
        cx.put("gtype", text(t));
        cx.put("gcommand", text(g));
        Ok(Match::new(Rule::D03Gopheraddress))
    })
}

/// `gtype xalpha`
///
/// "A single-character field to denote the Gopher type of the resource".
pub fn gtype(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D03Gtype, |cx| {
        if s.is_empty() {
            return Err(cx.fail(s.start, Rule::D03Gtype, "xalpha"));
        }
        match xalpha(cx, s.start, s.end) {
            Some(n) if n == s.len() => Ok(()),
            _ => Err(cx.fail(s.start, Rule::D03Gtype, "xalpha")),
        }
    })
}

/// `gcommand path`
pub fn gcommand(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D03Gcommand, |cx| path(cx, s))
}
