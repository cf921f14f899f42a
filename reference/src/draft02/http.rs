//! HTTP: `httpaddress` (BNF syntax; Specific Schemes, HTTP).

use super::generic::{path, search_after};
use super::ip::hostport;
use super::lexical::{literal, scheme_value};
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::matched::Match;
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

/// `httpaddress h t t p : / / hostport [ / path ] [ ? search ]`
pub fn httpaddress<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D02Httpaddress, |cx| {
        let at = literal(cx, s, "h t t p : / /", Rule::D02Httpaddress)?;
        // hostport derives neither "/" nor "?", so the first of them ends it.
        let hp_end = super::lexical::first_of(cx, s.from(at), b"/?");
        let hp = hostport(cx, Span::new(at, hp_end))?;
        let mut p = None;
        let mut next = hp_end;
        if next < s.end && cx.input[next] == b'/' {
            // path derives no "?", so the first "?" ends it.
            let rest = s.from(next + 1);
            let end = cx.find(rest, b'?').unwrap_or(s.end);
            let sp = Span::new(rest.start, end);
            path(cx, sp)?;
            p = Some(sp);
            next = end;
        }
        // Only "?" can be here: hostport and path stop at nothing else.
        let q = search_after(cx, s, next)?;
        cx.put("scheme", scheme_value(cx, s, "http"));
        hp.put(cx);
        cx.put("path", p.map(Part::Str));
        cx.put("search", q.map(Part::Str));
        let mut m = Match::new(Rule::D02Httpaddress);
        m.ambiguities = hp.ambiguities;
        Ok(m)
    })
}
