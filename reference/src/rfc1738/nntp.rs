//! RFC 1738 Section 5 "NNTP (see also RFC977)"; Section 3.7.

use super::classes::digits;
use super::ip::opening;
use super::news::group;
use super::Match;
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

crate::shared_productions::nntp! {
/// `nntpurl        = "nntp://" hostport "/" group [ "/" digits ]`
pub fn nntpurl(Rule::Nntpurl);
}
