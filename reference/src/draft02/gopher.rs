//! GOPHER: `gopheraddress`, `gtype`, `selector` (BNF syntax; Specific Schemes, GOPHER).

use super::classes::xalpha;
use super::generic::{path, search_after};
use super::ip::hostport;
use super::lexical::{literal, scheme_value};
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::matched::Match;
use crate::grammar::outcome::Ambiguity;
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

const SELECTOR_VOID: &str = "gopheraddress ... [/ gtype [ selector ] ]: selector is a \
path, which may be void, so a gtype with nothing after it derives with the selector left \
out and with a void selector; urlcert reports the selector as absent";

/// `gopheraddress g o p h e r : / / hostport [/ gtype [ selector ] ] [ ? search ]`
///
/// A "/" must be followed by a gtype: `gopher://host/` does not derive. GOPHER: "If the
/// type character and selector are omitted, the type defaults to "1"" (the note
/// `gopher.default-type`).
pub fn gopheraddress<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D02Gopheraddress, |cx| {
        let at = literal(cx, s, "g o p h e r : / /", Rule::D02Gopheraddress)?;
        // hostport derives neither "/" nor "?".
        let hp_end = super::lexical::first_of(cx, s.from(at), b"/?");
        let hp = hostport(cx, Span::new(at, hp_end))?;
        let mut ambiguities = hp.ambiguities.clone();
        let (mut t, mut sel) = (None, None);
        let mut next = hp_end;
        if next < s.end && cx.input[next] == b'/' {
            // Neither gtype nor selector derives "?", so the first "?" ends them.
            let end = cx.find(s.from(next + 1), b'?').unwrap_or(s.end);
            let after_type = gtype(cx, Span::new(next + 1, end))?;
            t = Some(Span::new(next + 1, after_type));
            if after_type < end {
                let sp = Span::new(after_type, end);
                selector(cx, sp)?;
                sel = Some(sp);
            } else {
                ambiguities.push(Ambiguity {
                    rule: Rule::D02Selector,
                    text: SELECTOR_VOID,
                });
            }
            next = end;
        }
        // Only "?" can be here.
        let q = search_after(cx, s, next)?;
        let text = |x: Option<Span>| x.map(Part::Str);
        cx.put("scheme", scheme_value(cx, s, "gopher"));
        hp.put(cx);
        cx.put("gtype", text(t));
        cx.put("selector", text(sel));
        cx.put("search", text(q));
        let mut m = Match::new(Rule::D02Gopheraddress);
        m.ambiguities = ambiguities;
        Ok(m)
    })
}

/// `gtype xalpha`
///
/// One xalpha at the start of `s` (a character, or an escape); returns the offset after
/// it.
pub fn gtype(cx: &mut Cx, s: Span) -> Res<usize> {
    cx.rule(Rule::D02Gtype, |cx| {
        if s.is_empty() {
            return Err(cx.fail(s.start, Rule::D02Gtype, "xalpha"));
        }
        match xalpha(cx, s.start, s.end) {
            Some(n) => Ok(s.start + n),
            None if cx.input[s.start] == b'%' => {
                Err(cx.fail(s.start, Rule::D02Escape, super::classes::ESCAPE))
            }
            None => Err(cx.fail(s.start, Rule::D02Gtype, "xalpha")),
        }
    })
}

/// `selector path`
pub fn selector(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D02Selector, |cx| path(cx, s))
}
