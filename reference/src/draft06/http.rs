//! draft-06 Section 5, the HTTP group; Section 3.3.

use super::classes::uchar;
use super::ftp::{list, segmented};
use super::ip::hostport;
use super::Match;
use crate::grammar::cx::{Cx, Res, Span, Spans};
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

crate::shared_productions::http! {
/// `httpurl        = "http://" hostport [ "/" hpath [ "?" search ]]`
pub fn httpurl(Rule::D06Httpurl);
/// `hpath          = hsegment *[ "/" hsegment ]`
pub fn hpath(Rule::D06Hpath);
/// `hsegment       = *[ uchar | ";" | ":" | "@" | "&" | "=" ]`
pub fn hsegment(Rule::D06Hsegment);
/// `search         = *[ uchar | ";" | ":" | "@" | "&" | "=" ]`
///
/// Also the `search` of `gopherurl` and `waisindex`.
pub fn search(Rule::D06Search);
}
