//! NNTP: `nntpaddress` (BNF syntax; Specific Schemes, NNTP).

use super::classes::{digits, owned};
use super::lexical::{expect, literal, scheme_value};
use super::news::group;
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::matched::Match;
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

/// `nntpaddress n n t p : group / digits`
///
/// No "//" and no server, though the prose says "The news server name, newsgroup name,
/// and index number of an article within the newsgroup on that particular server are
/// given"; the BNF decides the syntax (cases/divergences/README.md §6), and the article
/// number is not optional.
pub fn nntpaddress<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D02Nntpaddress, |cx| {
        let at = literal(cx, s, "n n t p :", Rule::D02Nntpaddress)?;
        // A group derives no "/", so the first "/" ends it.
        let end = cx.find(s.from(at), b'/').unwrap_or(s.end);
        let g = Span::new(at, end);
        group(cx, g)?;
        expect(cx, end, s, b'/', Rule::D02Nntpaddress)?;
        let d = s.from(end + 1);
        digits(cx, d).map_err(owned(Rule::D02Nntpaddress))?;
        cx.put("scheme", scheme_value(cx, s, "nntp"));
        cx.put("group", Some(Part::Str(g)));
        cx.put("digits", Some(Part::Str(d)));
        Ok(Match::new(Rule::D02Nntpaddress))
    })
}
