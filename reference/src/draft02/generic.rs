//! The generic production and the parts every scheme shares: `generic`, `scheme`,
//! `path`, `search`.

use super::classes::{ialpha, owned, void, xalphas, xpalphas};
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::matched::Match;
use crate::grammar::outcome::Ambiguity;
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

const SCHEME_SPLIT: &str = "generic scheme : path: scheme is an ialpha, which derives \
\":\" (extra), so the scheme could also end at a later \":\"; urlcert ends it at the first \
\":\"";

/// `generic scheme : path [ ? search ]`
///
/// "The "generic" production gives a higher level parsing of the same URLs as the other
/// productions" (BNF syntax). Its `path` cannot begin with "/" (`path void | xpalphas
/// [ / path ]`), so a URL written `scheme://...` never derives as `generic`
/// (cases/divergences/README.md §6, "path cannot begin with "/"").
pub fn generic<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D02Generic, |cx| {
        // The scheme ends at the first ":" (the contract: "text before the first ":"").
        // That loses no input: when the scheme could end at a later ":" too, the first
        // ":" also leaves a path, as an ialpha has no "/", "+" or "?".
        let Some(colon) = cx.find(s, b':') else {
            scheme(cx, s)?;
            return Err(cx.fail(s.end, Rule::D02Generic, ":"));
        };
        let name = Span::new(s.start, colon);
        scheme(cx, name)?;
        // path and search derive no "?", so the first "?" opens the search.
        let rest = s.from(colon + 1);
        let q = cx.find(rest, b'?');
        let p = Span::new(rest.start, q.unwrap_or(s.end));
        path(cx, p)?;
        let query = search_after(cx, s, q.unwrap_or(s.end))?;
        cx.put("scheme", Some(Part::Str(name)));
        cx.put("path", Some(Part::Str(p)));
        cx.put("search", query.map(Part::Str));
        let mut m = Match::new(Rule::D02Generic);
        // A later ":" in the first path element, not just before a "/", could end the
        // scheme instead.
        let first = cx.bytes(p);
        let element = &first[..first
            .iter()
            .position(|&b| b == b'/' || b == b'+')
            .unwrap_or(first.len())];
        let later_colon = element
            .iter()
            .enumerate()
            .any(|(i, &b)| b == b':' && first.get(i + 1) != Some(&b'/'));
        if later_colon {
            m.ambiguities.push(Ambiguity {
                rule: Rule::D02Scheme,
                text: SCHEME_SPLIT,
            });
        }
        Ok(m)
    })
}

/// `scheme ialpha`
pub fn scheme(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D02Scheme, |cx| {
        ialpha(cx, s).map_err(owned(Rule::D02Scheme))
    })
}

/// `path void | xpalphas [ / path ]`
///
/// A path is empty, or path elements of one or more xpalphas joined by single "/",
/// optionally ending in "/" (the `void` after the last "/"). It never begins with "/"
/// and never holds "//".
pub fn path(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D02Path, |cx| {
        if s.is_empty() {
            return void(cx, s);
        }
        // xpalphas derives no "/", so each "/" ends one element, and what follows it is
        // a path again (matched in this loop rather than by recursion).
        let mut at = s.start;
        loop {
            if at == s.end {
                return void(cx, Span::new(at, at));
            }
            let end = cx.find(s.from(at), b'/').unwrap_or(s.end);
            xpalphas(cx, Span::new(at, end)).map_err(owned(Rule::D02Path))?;
            if end == s.end {
                return Ok(());
            }
            at = end + 1;
        }
    })
}

/// `[ ? search ]` in `s`, the "?" standing at `at`: the search after it, to the end of
/// `s`; `None` when `at` is the end of `s`.
pub(crate) fn search_after(cx: &mut Cx, s: Span, at: usize) -> Res<Option<Span>> {
    if at >= s.end {
        return Ok(None);
    }
    let sp = s.from(at + 1);
    search(cx, sp)?;
    Ok(Some(sp))
}

/// `search xalphas [ + search ]`
///
/// "+" is no xalpha in this draft, so each "+" ends one word and starts the next; a
/// word is never empty.
pub fn search(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D02Search, |cx| {
        cx.separated(s, b'+', |cx, word| {
            xalphas(cx, word).map_err(owned(Rule::D02Search))
        })
    })
}
