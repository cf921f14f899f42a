//! WAIS: `waisaddress`, `waisindex`, `waisdoc`, `database`, `wtype` (BNF syntax;
//! Specific Schemes, WAIS).
//!
//! The prose says the type and "length of a object" are "encoded into the path part of
//! the URL", and "The length not now being strictly necessary is kept for historical
//! reasons", but `waisdoc` has no length field; the BNF decides the syntax
//! (cases/divergences/README.md §6).

use super::classes::{owned, xalphas};
use super::generic::{path, search_after};
use super::ip::{hostport, Hostport};
use super::lexical::{expect, literal, scheme_value};
use crate::grammar::cx::{furthest, Cx, Res, Span};
use crate::grammar::matched::Match;
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

/// `waisaddress waisindex | waisdoc`
///
/// Returns the alternative that matched: after the database a waisindex has nothing or
/// "?", a waisdoc "/", so at most one can.
pub fn waisaddress<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D02Waisaddress, |cx| {
        let index = waisindex(cx, s);
        let doc = waisdoc(cx, s);
        match (index, doc) {
            (Ok(m), _) | (_, Ok(m)) => Ok(m),
            (Err(a), Err(b)) => Err(furthest(a, b)),
        }
    })
}

/// What both alternatives start with: `w a i s : / / hostport / database`.
struct Head {
    hostport: Hostport,
    database: Span,
}

fn head(cx: &mut Cx, s: Span, rule: Rule) -> Res<Head> {
    let at = literal(cx, s, "w a i s : / /", rule)?;
    // hostport derives neither "/" nor "?".
    let hp_end = super::lexical::first_of(cx, s.from(at), b"/?");
    let hp = hostport(cx, Span::new(at, hp_end))?;
    expect(cx, hp_end, s, b'/', rule)?;
    // database (xalphas) derives neither "/" nor "?".
    let db_end = super::lexical::first_of(cx, s.from(hp_end + 1), b"/?");
    let db = Span::new(hp_end + 1, db_end);
    database(cx, db)?;
    Ok(Head {
        hostport: hp,
        database: db,
    })
}

fn components(cx: &mut Cx, s: Span, h: &Head) {
    cx.put("scheme", scheme_value(cx, s, "wais"));
    h.hostport.put(cx);
    cx.put("database", Some(Part::Str(h.database)));
}

/// `waisindex w a i s : / / hostport / database [ ? search ]`
pub fn waisindex<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D02Waisindex, |cx| {
        let h = head(cx, s, Rule::D02Waisindex)?;
        let next = h.database.end;
        if next < s.end {
            expect(cx, next, s, b'?', Rule::D02Waisindex)?;
        }
        let q = search_after(cx, s, next)?;
        components(cx, s, &h);
        cx.put("search", q.map(Part::Str));
        cx.put("wtype", None);
        cx.put("path", None);
        let mut m = Match::new(Rule::D02Waisindex);
        m.ambiguities = h.hostport.ambiguities;
        Ok(m)
    })
}

/// `waisdoc w a i s : / / hostport / database / wtype / path`
pub fn waisdoc<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D02Waisdoc, |cx| {
        let h = head(cx, s, Rule::D02Waisdoc)?;
        let next = h.database.end;
        expect(cx, next, s, b'/', Rule::D02Waisdoc)?;
        // wtype (xalphas) derives no "/".
        let t_end = cx.find(s.from(next + 1), b'/').unwrap_or(s.end);
        let t = Span::new(next + 1, t_end);
        wtype(cx, t)?;
        expect(cx, t_end, s, b'/', Rule::D02Waisdoc)?;
        let p = s.from(t_end + 1);
        path(cx, p)?;
        components(cx, s, &h);
        cx.put("search", None);
        cx.put("wtype", Some(Part::Str(t)));
        cx.put("path", Some(Part::Str(p)));
        let mut m = Match::new(Rule::D02Waisdoc);
        m.ambiguities = h.hostport.ambiguities;
        Ok(m)
    })
}

/// `database xalphas`
pub fn database(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D02Database, |cx| {
        xalphas(cx, s).map_err(owned(Rule::D02Database))
    })
}

/// `wtype xalphas`
pub fn wtype(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D02Wtype, |cx| {
        xalphas(cx, s).map_err(owned(Rule::D02Wtype))
    })
}
