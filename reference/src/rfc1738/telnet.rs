//! RFC 1738 Section 5 "TELNET"; Section 3.8.

use super::ip::login;
use super::Match;
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

/// `telneturl      = "telnet://" login [ "/" ]`
pub fn telneturl<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::Telneturl, |cx| {
        let at = cx.scheme_literal(s, q!("telnet://"), Rule::Telneturl)?;
        let login_end = cx.find(s.from(at), b'/').unwrap_or(s.end);
        let l = login(cx, Span::new(at, login_end))?;
        if login_end < s.end && login_end + 1 != s.end {
            return Err(cx.fail(
                login_end + 1,
                Rule::Telneturl,
                "the end of the URL after \"/\"",
            ));
        }
        cx.put("scheme", Some(Part::Str(Span::new(s.start, s.start + 6))));
        l.put(cx);
        Ok(Match::new(Rule::Telneturl))
    })
}
