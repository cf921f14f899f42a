//! draft-06 Section 5, the FTP group; Section 3.2.

use super::classes::uchar;
use super::ip::login;
use super::Match;
use crate::grammar::cx::{Cx, Res, Span, Spans};
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

crate::shared_productions::ftp! {
/// `ftpurl         = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]`
pub fn ftpurl(Rule::D06Ftpurl);
/// `fpath          = fsegment *[ "/" fsegment ]`
pub fn fpath(Rule::D06Fpath);
/// `fsegment       = *[ uchar | "?" | ":" | "@" | "&" | "=" ]`
pub fn fsegment(Rule::D06Fsegment);
/// `ftptype        = "A" | "I" | "D" | "a" | "i" | "d"`
pub fn ftptype(Rule::D06Ftptype);
}
