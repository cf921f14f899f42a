//! RFC 1738 Section 5 "MAILTO (see also RFC822)"; Section 3.5.

use super::classes::xchar;
use super::Match;
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

crate::shared_productions::mailto! {
/// `mailtourl      = "mailto:" encoded822addr`
pub fn mailtourl(Rule::Mailtourl);
/// `encoded822addr = 1*xchar               ; further defined in RFC822`
pub fn encoded822addr(Rule::Encoded822addr);
}
