//! RFC 1738 Section 5 "TELNET"; Section 3.8.

use super::ip::login;
use super::Match;
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

crate::shared_productions::telnet! {
/// `telneturl      = "telnet://" login [ "/" ]`
pub fn telneturl(Rule::Telneturl);
}
