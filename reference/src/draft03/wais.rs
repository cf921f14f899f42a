//! draft-03 `waisaddress`, `waisindex`, `waisdoc`, `wpath`, `database`, `wtype`
//! (prose: "WAIS").

use super::classes::{digits_in, xalphas};
use super::ip::{hostport, Hostport};
use super::path::{path, search};
use crate::grammar::cx::{furthest, Cx, Res, Span};
use crate::grammar::matched::Match;
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

/// `waisaddress waisindex | waisdoc`
///
/// After the database a `waisindex` has nothing or "?", a `waisdoc` "/" (`database`
/// derives neither), so at most one alternative matches. On failure, the one that got
/// further is reported.
pub fn waisaddress<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D03Waisaddress, |cx| {
        let index = waisindex(cx, s);
        let doc = waisdoc(cx, s);
        match (index, doc) {
            (Ok(m), _) | (_, Ok(m)) => Ok(m),
            (Err(a), Err(b)) => Err(furthest(a, b)),
        }
    })
}

/// The common start: "wais://", the hostport up to the first "/" (it derives no "/"),
/// and that "/". Returns the hostport and the offset after the "/".
fn start(cx: &mut Cx, s: Span, rule: Rule) -> Res<(Hostport, usize)> {
    let at = cx.literal(s.start, s, q!("wais://"), rule)?;
    let Some(slash) = cx.find(s.from(at), b'/') else {
        hostport(cx, s.from(at))?;
        return Err(cx.fail(s.end, rule, "\"/\""));
    };
    let hp = hostport(cx, Span::new(at, slash))?;
    Ok((hp, slash + 1))
}

fn components(cx: &mut Cx, s: Span, hp: &Hostport) {
    cx.put("scheme", Some(Part::Str(Span::new(s.start, s.start + 4))));
    hp.put(cx);
}

/// `waisindex w a i s : / / hostport / database [ ? search ]`
///
/// `database` derives no "?", so the first "?" opens the search.
pub fn waisindex<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D03Waisindex, |cx| {
        let (hp, at) = start(cx, s, Rule::D03Waisindex)?;
        let rest = s.from(at);
        let db_end = cx.find(rest, b'?').unwrap_or(s.end);
        let db = Span::new(at, db_end);
        database(cx, db)?;
        let q = (db_end < s.end).then(|| s.from(db_end + 1));
        if let Some(q) = q {
            search(cx, q)?;
        }
        components(cx, s, &hp);
        cx.put("database", Some(Part::Str(db)));
        cx.put("search", q.map(Part::Str));
        Ok(Match::new(Rule::D03Waisindex))
    })
}

/// `waisdoc w a i s : / / hostport / database / wtype / wpath`
///
/// `database` and `wtype` derive no "/", so the next two "/"s end them.
pub fn waisdoc<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D03Waisdoc, |cx| {
        let (hp, at) = start(cx, s, Rule::D03Waisdoc)?;
        let Some(slash1) = cx.find(s.from(at), b'/') else {
            database(cx, s.from(at))?;
            return Err(cx.fail(s.end, Rule::D03Waisdoc, "\"/\""));
        };
        let db = Span::new(at, slash1);
        database(cx, db)?;
        let Some(slash2) = cx.find(s.from(slash1 + 1), b'/') else {
            wtype(cx, s.from(slash1 + 1))?;
            return Err(cx.fail(s.end, Rule::D03Waisdoc, "\"/\""));
        };
        let t = Span::new(slash1 + 1, slash2);
        wtype(cx, t)?;
        let w = s.from(slash2 + 1);
        wpath(cx, w)?;
        components(cx, s, &hp);
        cx.put("database", Some(Part::Str(db)));
        cx.put("wtype", Some(Part::Str(t)));
        cx.put("wpath", Some(Part::Str(w)));
        Ok(Match::new(Rule::D03Waisdoc))
    })
}

/// `wpath digits = path ; [ wpath ]`
///
/// One or more fields, each ended by ";": "For each field, the identifier field number
/// is the digits before the equals sign, and the field contents follow, encoded in the
/// conventional encoding, terminated by ";"." `path` derives neither "=" nor ";", so the
/// first "=" ends the digits and the next ";" the field.
pub fn wpath(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D03Wpath, |cx| {
        let mut f = s.start;
        loop {
            let field = s.from(f);
            let Some(eq) = cx.find(field, b'=') else {
                digits_in(cx, field, Rule::D03Wpath)?;
                return Err(cx.fail(s.end, Rule::D03Wpath, "\"=\""));
            };
            digits_in(cx, Span::new(f, eq), Rule::D03Wpath)?;
            let Some(semi) = cx.find(s.from(eq + 1), b';') else {
                path(cx, s.from(eq + 1))?;
                return Err(cx.fail(s.end, Rule::D03Wpath, "\";\""));
            };
            path(cx, Span::new(eq + 1, semi))?;
            f = semi + 1;
            if f == s.end {
                return Ok(());
            }
        }
    })
}

/// `database xalphas`
pub fn database(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D03Database, |cx| xalphas(cx, s))
}

/// `wtype xalphas`
pub fn wtype(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D03Wtype, |cx| xalphas(cx, s))
}
