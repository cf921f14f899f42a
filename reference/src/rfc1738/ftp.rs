//! RFC 1738 Section 5 "FTP (see also RFC959)"; Section 3.2.

use super::classes::uchar;
use super::ip::login;
use super::Match;
use crate::grammar::cx::{Cx, Res, Span, Spans};
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

crate::shared_productions::ftp! {
/// `ftpurl         = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]`
pub fn ftpurl(Rule::Ftpurl);
/// `fpath          = fsegment *[ "/" fsegment ]`
pub fn fpath(Rule::Fpath);
/// `fsegment       = *[ uchar | "?" | ":" | "@" | "&" | "=" ]`
pub fn fsegment(Rule::Fsegment);
/// `ftptype        = "A" | "I" | "D" | "a" | "i" | "d"`
pub fn ftptype(Rule::Ftptype);
}
