//! draft-06 Section 5, the MAILTO group; Section 3.5.

use super::classes::xchar;
use super::Match;
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

crate::shared_productions::mailto! {
/// `mailtourl      = "mailto:" encoded822addr`
pub fn mailtourl(Rule::D06Mailtourl);
/// `encoded822addr = 1*xchar`
///
/// Section 3.5 calls it "(the encoding of an) addr-spec, as specified in RFC 822"; the
/// BNF asks only for one or more xchar, and that is what is matched.
pub fn encoded822addr(Rule::D06Encoded822addr);
}
