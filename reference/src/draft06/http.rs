//! draft-06 Section 5, the HTTP group; Section 3.3.

use super::classes::uchars_and;
use super::ftp::{list, segments};
use super::ip::hostport;
use super::{put_scheme, Match};
use crate::grammar::cx::{Cx, Res, Span, Spans};
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

/// `httpurl        = "http://" hostport [ "/" hpath [ "?" search ]]`
pub fn httpurl<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D06Httpurl, |cx| {
        let at = cx.scheme_literal(s, q!("http://"), Rule::D06Httpurl)?;
        // hostport derives no "/", so the first "/" ends it.
        let hp_end = cx.find(s.from(at), b'/').unwrap_or(s.end);
        let hp = hostport(cx, Span::new(at, hp_end))?;
        let (mut path, mut segs, mut query) = (None, None, None);
        if hp_end < s.end {
            let rest = s.from(hp_end + 1);
            // hpath derives no "?", so the first "?" opens the search.
            let path_end = cx.find(rest, b'?').unwrap_or(s.end);
            let p = Span::new(rest.start, path_end);
            segs = Some(hpath(cx, p)?);
            path = Some(p);
            if path_end < s.end {
                let q = s.from(path_end + 1);
                search(cx, q)?;
                query = Some(q);
            }
        }
        put_scheme(cx, s, "http");
        hp.put(cx);
        cx.put("hpath", path.map(Part::Str));
        cx.put("hsegments", segs.map(|v| list(cx, &v)));
        cx.put("search", query.map(Part::Str));
        Ok(Match::new(Rule::D06Httpurl))
    })
}

/// `hpath          = hsegment *[ "/" hsegment ]`
pub fn hpath(cx: &mut Cx, s: Span) -> Res<Spans> {
    cx.rule(Rule::D06Hpath, |cx| {
        segments(cx, s)
            .iter()
            .map(|&seg| hsegment(cx, seg).map(|()| seg))
            .collect()
    })
}

const HCHARS: &str = "uchar | \";\" | \":\" | \"@\" | \"&\" | \"=\"";

/// `hsegment       = *[ uchar | ";" | ":" | "@" | "&" | "=" ]`
pub fn hsegment(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D06Hsegment, |cx| {
        uchars_and(cx, s, Rule::D06Hsegment, HCHARS, b";:@&=")
    })
}

/// `search         = *[ uchar | ";" | ":" | "@" | "&" | "=" ]`
///
/// Also the `search` of `gopherurl` and `waisindex`.
pub fn search(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D06Search, |cx| {
        uchars_and(cx, s, Rule::D06Search, HCHARS, b";:@&=")
    })
}
