//! draft-06 Section 5, the WAIS group; Section 3.9.

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
pub fn waisurl(Rule::D06Waisurl);
/// `waisdatabase   = "wais://" hostport "/" database`
pub fn waisdatabase(Rule::D06Waisdatabase);
/// `waisindex      = "wais://" hostport "/" database "?" search`
pub fn waisindex(Rule::D06Waisindex);
/// `waisdoc        = "wais://" hostport "/" database "/" wtype "/" wpath`
pub fn waisdoc(Rule::D06Waisdoc);
/// `database       = *uchar`
pub fn database(Rule::D06Database);
/// `wtype          = *uchar`
pub fn wtype(Rule::D06Wtype);
/// `wpath          = *uchar`
pub fn wpath(Rule::D06Wpath);
}
