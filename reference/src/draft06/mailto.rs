//! draft-06 Section 5, the MAILTO group; Section 3.5.

use super::classes::xchar;
use super::{put_scheme, Match};
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

/// `mailtourl      = "mailto:" encoded822addr`
pub fn mailtourl<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D06Mailtourl, |cx| {
        let at = cx.scheme_literal(s, q!("mailto:"), Rule::D06Mailtourl)?;
        encoded822addr(cx, s.from(at))?;
        put_scheme(cx, s, "mailto");
        cx.put("encoded822addr", Some(Part::Str(s.from(at))));
        Ok(Match::new(Rule::D06Mailtourl))
    })
}

/// `encoded822addr = 1*xchar`
///
/// Section 3.5 calls it "(the encoding of an) addr-spec, as specified in RFC 822"; the
/// BNF asks only for one or more xchar, and that is what is matched.
pub fn encoded822addr(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D06Encoded822addr, |cx| {
        if s.is_empty() {
            return Err(cx.fail(s.start, Rule::D06Encoded822addr, "xchar"));
        }
        cx.star(s, Rule::D06Encoded822addr, "xchar", xchar)
    })
}
