//! RFC 1738 Section 5 "HTTP"; Section 3.3.

use super::classes::uchar;
use super::ftp::{list, segmented};
use super::ip::hostport;
use super::Match;
use crate::grammar::cx::{Cx, Res, Span, Spans};
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

crate::shared_productions::http! {
/// `httpurl        = "http://" hostport [ "/" hpath [ "?" search ]]`
pub fn httpurl(Rule::Httpurl);
/// `hpath          = hsegment *[ "/" hsegment ]`
pub fn hpath(Rule::Hpath);
/// `hsegment       = *[ uchar | ";" | ":" | "@" | "&" | "=" ]`
pub fn hsegment(Rule::Hsegment);
/// `search         = *[ uchar | ";" | ":" | "@" | "&" | "=" ]`
pub fn search(Rule::Search);
}
