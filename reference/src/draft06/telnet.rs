//! draft-06 Section 5, `telneturl`; Section 3.8.

use super::ip::login;
use super::{put_scheme, Match};
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::rule::Rule;

/// `telneturl      = "telnet://" login [ "/" ]`
pub fn telneturl<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D06Telneturl, |cx| {
        let at = cx.scheme_literal(s, q!("telnet://"), Rule::D06Telneturl)?;
        // login derives no "/", so the first "/" ends it, and only the end may follow.
        let login_end = cx.find(s.from(at), b'/').unwrap_or(s.end);
        let l = login(cx, Span::new(at, login_end))?;
        if login_end < s.end && login_end + 1 != s.end {
            return Err(cx.fail(
                login_end + 1,
                Rule::D06Telneturl,
                "the end of the URL after \"/\"",
            ));
        }
        put_scheme(cx, s, "telnet");
        l.put(cx);
        Ok(Match::new(Rule::D06Telneturl))
    })
}
