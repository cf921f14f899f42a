//! draft-06 Section 5, first group: `otherurl`, `scheme`, `schemepart` (`url` is in
//! [`super::url`]).
//!
//! Unlike RFC 1738 there is no `genericurl` and no `ip-schemepart`: the catch-all is
//! `scheme ":" *xchar`, and the "//" of Section 3.1's common syntax is only a string of
//! reserved characters to it.

use super::classes::{xchar, DIGIT, HIALPHA, LOWALPHA};
use super::Match;
use crate::document::Reading;
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

/// `otherurl       = scheme ":" schemepart`
pub fn otherurl<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D06Otherurl, |cx| {
        // scheme derives no ":", so the first ":" ends it.
        let Some(colon) = cx.find(s, b':') else {
            scheme(cx, s)?;
            return Err(cx.fail(s.end, Rule::D06Otherurl, "\":\""));
        };
        let sch = Span::new(s.start, colon);
        scheme(cx, sch)?;
        let part = s.from(colon + 1);
        schemepart(cx, part)?;
        cx.put("scheme", Some(Part::Str(sch)));
        cx.put("schemepart", Some(Part::Str(part)));
        Ok(Match::new(Rule::D06Otherurl))
    })
}

crate::shared_productions::scheme! {
/// `scheme         = 1*[ lowalpha | digit | "+" | "-" | "." ]`
///
/// Under [`Reading::SchemeCaseIgnore`] only, `hialpha` is accepted too: Section 2.1, "For
/// resiliency, programs interpreting URLs should allow upper case letters as equivalent
/// to lower case in scheme names (e.g., allow "HTTP" as well as "http")".
pub fn scheme(Rule::D06Scheme);
}

/// `schemepart     = *xchar`
pub fn schemepart(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D06Schemepart, |cx| {
        cx.star(s, Rule::D06Schemepart, "xchar", xchar)
    })
}
