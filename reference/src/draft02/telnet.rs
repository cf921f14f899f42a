//! TELNET: `telnetaddress` (BNF syntax; Specific Schemes, TELNET, RLOGIN, TN3270).

use super::ip::login;
use super::lexical::{literal, scheme_value};
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::matched::Match;
use crate::grammar::rule::Rule;

/// `telnetaddress t e l n e t : / / login`
///
/// Nothing may follow the login, not even "/" (cases/divergences/README.md §3).
pub fn telnetaddress<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D02Telnetaddress, |cx| {
        let at = literal(cx, s, "t e l n e t : / /", Rule::D02Telnetaddress)?;
        let l = login(cx, s.from(at))?;
        cx.put("scheme", scheme_value(cx, s, "telnet"));
        l.put(cx);
        let mut m = Match::new(Rule::D02Telnetaddress);
        m.ambiguities = l.ambiguities;
        Ok(m)
    })
}
