//! draft-03 `telnetaddress` (prose: "TELNET, RLOGIN, TN3270").

use super::ip::login;
use super::ip::login_ambiguity;
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::matched::Match;
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

/// `telnetaddress t e l n e t : / / login`
///
/// No "/" may follow the login (RFC 1738 later allowed one).
pub fn telnetaddress<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D03Telnetaddress, |cx| {
        let at = cx.literal(s.start, s, q!("telnet://"), Rule::D03Telnetaddress)?;
        let l = login(cx, s.from(at))?;
        cx.put("scheme", Some(Part::Str(Span::new(s.start, s.start + 6))));
        l.put(cx);
        let mut m = Match::new(Rule::D03Telnetaddress);
        m.ambiguities.extend(login_ambiguity(&l));
        Ok(m)
    })
}
