//! TELNET: `telnetaddress` (BNF syntax; Specific Schemes, TELNET, RLOGIN, TN3270).

use super::ip::login;
use super::{literal, scheme_value, Match};
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::rule::Rule;

/// `telnetaddress t e l n e t : / / login`
///
/// Nothing may follow the login, not even "/" (cases/divergences/README.md §3).
pub fn telnetaddress<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::O93Telnetaddress, |cx| {
        let at = literal(cx, s, "t e l n e t : / /", Rule::O93Telnetaddress)?;
        let l = login(cx, s.from(at))?;
        cx.put("scheme", scheme_value(cx, s, "telnet"));
        l.put(cx);
        let mut m = Match::new(Rule::O93Telnetaddress);
        m.ambiguities = l.ambiguities;
        Ok(m)
    })
}
