//! RFC 1738 Section 5 "MAILTO (see also RFC822)"; Section 3.5.

use super::classes::xchar;
use super::Match;
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

/// `mailtourl      = "mailto:" encoded822addr`
pub fn mailtourl<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::Mailtourl, |cx| {
        let at = cx.scheme_literal(s, q!("mailto:"), Rule::Mailtourl)?;
        encoded822addr(cx, s.from(at))?;
        cx.put("scheme", Some(Part::Str(Span::new(s.start, s.start + 6))));
        cx.put("encoded822addr", Some(Part::Str(s.from(at))));
        Ok(Match::new(Rule::Mailtourl))
    })
}

/// `encoded822addr = 1*xchar               ; further defined in RFC822`
pub fn encoded822addr(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::Encoded822addr, |cx| {
        if s.is_empty() {
            return Err(cx.fail(s.start, Rule::Encoded822addr, "xchar"));
        }
        cx.star(s, Rule::Encoded822addr, "xchar", xchar)
    })
}
