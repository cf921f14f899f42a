//! RFC 1738 (December 1994), Section 5 "BNF for specific URL schemes", from the clean
//! text (`grammar/rfc1738-bnf.txt`, byte-identical to the RFC's Section 5).
//!
//! One function per production, named after it (`-` and `+` spelled `_` and `_plus`),
//! the production verbatim in its doc comment. Each recognises a whole span of the
//! input; see [`crate::grammar::cx`] for why that keeps the recogniser complete and linear.

pub mod classes;
pub mod file;
pub mod ftp;
pub mod generic;
pub mod gopher;
pub mod http;
pub mod ip;
pub mod mailto;
pub mod news;
pub mod nntp;
pub mod notes;
pub mod prospero;
pub mod telnet;
pub mod wais;

use crate::document::{DocReading, Document, Reading};
use crate::grammar::cx::{furthest, Cx, Res, Span};
pub use crate::grammar::matched::Match;
use crate::grammar::outcome::{Failure, Parse, Verdict};
use crate::grammar::rule::Rule;

/// The component names a parse may report: the BNF's own rule names (`cases/README.md`).
pub const COMPONENTS: &[&str] = &[
    "scheme",
    "schemepart",
    "user",
    "password",
    "host",
    "port",
    "urlpath",
    "fpath",
    "fsegments",
    "ftptype",
    "hpath",
    "hsegments",
    "search",
    "gtype",
    "selector",
    "gopher+_string",
    "encoded822addr",
    "grouppart",
    "group",
    "article",
    "digits",
    "database",
    "wtype",
    "wpath",
    "ppath",
    "psegments",
    "fieldspecs",
];

/// The schemes Section 5 defines, with the production that defines each.
pub const PREDEFINED: &[(&str, Rule)] = &[
    ("http", Rule::Httpurl),
    ("ftp", Rule::Ftpurl),
    ("news", Rule::Newsurl),
    ("nntp", Rule::Nntpurl),
    ("telnet", Rule::Telneturl),
    ("gopher", Rule::Gopherurl),
    ("wais", Rule::Waisurl),
    ("mailto", Rule::Mailtourl),
    ("file", Rule::Fileurl),
    ("prospero", Rule::Prosperourl),
];

crate::shared_productions::url! {
/// ```text
/// url            = httpurl | ftpurl | newsurl |
///                  nntpurl | telneturl | gopherurl |
///                  waisurl | mailtourl | fileurl |
///                  prosperourl | otherurl
/// ```
pub fn url(Rule::Url);
otherurl = Rule::Otherurl;
document = Document::Rfc1738;
}
