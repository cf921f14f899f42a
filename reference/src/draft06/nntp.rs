//! draft-06 Section 5, `nntpurl`; Section 3.7.

use super::classes::digits;
use super::ip::hostport;
use super::news::group;
use super::{put_scheme, Match};
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

/// `nntpurl        = "nntp://" hostport "/" group [ "/" digits ]`
pub fn nntpurl<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D06Nntpurl, |cx| {
        let at = cx.scheme_literal(s, q!("nntp://"), Rule::D06Nntpurl)?;
        let hp_end = cx.find(s.from(at), b'/').unwrap_or(s.end);
        let hp = hostport(cx, Span::new(at, hp_end))?;
        let slash = cx.literal(hp_end, s, q!("/"), Rule::D06Nntpurl)?;
        // group derives no "/".
        let group_end = cx.find(s.from(slash), b'/').unwrap_or(s.end);
        let g = Span::new(slash, group_end);
        group(cx, g)?;
        let number = if group_end < s.end {
            let d = s.from(group_end + 1);
            digits(cx, d)?;
            Some(d)
        } else {
            None
        };
        put_scheme(cx, s, "nntp");
        hp.put(cx);
        cx.put("group", Some(Part::Str(g)));
        cx.put("digits", number.map(Part::Str));
        Ok(Match::new(Rule::D06Nntpurl))
    })
}
