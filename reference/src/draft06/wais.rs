//! draft-06 Section 5, the WAIS group; Section 3.9.

use super::classes::uchar;
use super::http::search;
use super::ip::{hostport, Hostport};
use super::{put_scheme, Match};
use crate::grammar::cx::{furthest, Cx, Res, Span};
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

/// `waisurl        = waisdatabase | waisindex | waisdoc`
///
/// Returns the alternative that matched (`database` derives neither "/" nor "?", so at
/// most one can).
pub fn waisurl<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D06Waisurl, |cx| {
        let a = match waisdatabase(cx, s) {
            Ok(m) => return Ok(m),
            Err(f) => f,
        };
        let b = match waisindex(cx, s) {
            Ok(m) => return Ok(m),
            Err(f) => f,
        };
        waisdoc(cx, s).map_err(|c| furthest(furthest(a, b), c))
    })
}

/// `"wais://" hostport "/"`, the opening all three forms share.
fn opening(cx: &mut Cx, s: Span, rule: Rule) -> Res<(Hostport, usize)> {
    let at = cx.scheme_literal(s, q!("wais://"), rule)?;
    let hp_end = cx.find(s.from(at), b'/').unwrap_or(s.end);
    let hp = hostport(cx, Span::new(at, hp_end))?;
    let after = cx.literal(hp_end, s, q!("/"), rule)?;
    Ok((hp, after))
}

fn components(cx: &mut Cx, s: Span, hp: Hostport, parts: [Option<Span>; 4]) {
    put_scheme(cx, s, "wais");
    hp.put(cx);
    for (name, part) in ["database", "search", "wtype", "wpath"]
        .into_iter()
        .zip(parts)
    {
        cx.put(name, part.map(Part::Str));
    }
}

/// `waisdatabase   = "wais://" hostport "/" database`
pub fn waisdatabase<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D06Waisdatabase, |cx| {
        let (hp, at) = opening(cx, s, Rule::D06Waisdatabase)?;
        let db = s.from(at);
        database(cx, db)?;
        components(cx, s, hp, [Some(db), None, None, None]);
        Ok(Match::new(Rule::D06Waisdatabase))
    })
}

/// `waisindex      = "wais://" hostport "/" database "?" search`
pub fn waisindex<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D06Waisindex, |cx| {
        let (hp, at) = opening(cx, s, Rule::D06Waisindex)?;
        // database derives no "?".
        let q = cx.find(s.from(at), b'?').unwrap_or(s.end);
        let db = Span::new(at, q);
        database(cx, db)?;
        let after = cx.literal(q, s, q!("?"), Rule::D06Waisindex)?;
        let sr = s.from(after);
        search(cx, sr)?;
        components(cx, s, hp, [Some(db), Some(sr), None, None]);
        Ok(Match::new(Rule::D06Waisindex))
    })
}

/// `waisdoc        = "wais://" hostport "/" database "/" wtype "/" wpath`
pub fn waisdoc<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D06Waisdoc, |cx| {
        let (hp, at) = opening(cx, s, Rule::D06Waisdoc)?;
        // database and wtype derive no "/".
        let d_end = cx.find(s.from(at), b'/').unwrap_or(s.end);
        let db = Span::new(at, d_end);
        database(cx, db)?;
        let t_start = cx.literal(d_end, s, q!("/"), Rule::D06Waisdoc)?;
        let t_end = cx.find(s.from(t_start), b'/').unwrap_or(s.end);
        let ty = Span::new(t_start, t_end);
        wtype(cx, ty)?;
        let p_start = cx.literal(t_end, s, q!("/"), Rule::D06Waisdoc)?;
        let p = s.from(p_start);
        wpath(cx, p)?;
        components(cx, s, hp, [Some(db), None, Some(ty), Some(p)]);
        Ok(Match::new(Rule::D06Waisdoc))
    })
}

/// `database       = *uchar`
pub fn database(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D06Database, |cx| {
        cx.star(s, Rule::D06Database, "uchar", uchar)
    })
}

/// `wtype          = *uchar`
pub fn wtype(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D06Wtype, |cx| {
        cx.star(s, Rule::D06Wtype, "uchar", uchar)
    })
}

/// `wpath          = *uchar`
pub fn wpath(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D06Wpath, |cx| {
        cx.star(s, Rule::D06Wpath, "uchar", uchar)
    })
}
