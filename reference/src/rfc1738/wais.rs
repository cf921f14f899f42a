//! RFC 1738 Section 5 "WAIS (see also RFC1625)"; Section 3.9.

use super::classes::uchar;
use super::http::search;
use super::ip::{opening, Hostport};
use super::Match;
use crate::grammar::cx::{furthest, Cx, Res, Span};
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

crate::shared_productions::wais! {
/// `waisurl        = waisdatabase | waisindex | waisdoc`
///
/// Returns the alternative that matched (`database` derives neither "/" nor "?", so at
/// most one can).
pub fn waisurl(Rule::Waisurl);
/// `waisdatabase   = "wais://" hostport "/" database`
pub fn waisdatabase(Rule::Waisdatabase);
/// `waisindex      = "wais://" hostport "/" database "?" search`
pub fn waisindex(Rule::Waisindex);
/// `waisdoc        = "wais://" hostport "/" database "/" wtype "/" wpath`
pub fn waisdoc(Rule::Waisdoc);
/// `database       = *uchar`
pub fn database(Rule::Database);
/// `wtype          = *uchar`
pub fn wtype(Rule::Wtype);
/// `wpath          = *uchar`
pub fn wpath(Rule::Wpath);
}
