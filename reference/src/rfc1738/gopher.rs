//! RFC 1738 Section 5 "GOPHER (see also RFC1436)"; Section 3.4.

use super::classes::xchar;
use super::http::search;
use super::ip::hostport;
use super::Match;
use crate::grammar::class::escaped_octet;
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::outcome::Ambiguity;
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

crate::shared_productions::gopher! {
/// ```text
/// gopherurl      = "gopher://" hostport [ / [ gtype [ selector
///                  [ "%09" search [ "%09" gopher+_string ] ] ] ] ]
/// ```
/// (The BNF leaves the first `/` unquoted; it is read as the literal "/".)
pub fn gopherurl(Rule::Gopherurl);
/// `gtype          = xchar`
pub fn gtype(Rule::Gtype);
/// `selector       = *xchar`
pub fn selector(Rule::Selector);
/// `gopher+_string = *xchar`
pub fn gopher_plus_string(Rule::GopherPlusString);
}
