//! draft-ietf-uri-url-06 (4 August 1994), Section 5 "BNF for specific URL schemes", as
//! the draft prints it (`grammar/draft-06-bnf.txt`).
//!
//! One function per production, named after it (`gopher+_string` is
//! [`gopher::gopher_plus_string`]), one constant per character class
//! ([`classes::UNRESERVED`]), each with the production verbatim in its doc comment
//! (`grammar/draft-06-bnf.txt` holds them all; `tests/bnf_text_draft06.rs` checks the
//! quotes). Each function recognises a whole span of the input, as RFC 1738's do (see
//! [`crate::grammar::cx`]): the span is found from delimiters the production cannot derive, so
//! the recogniser is complete and linear.
//!
//! The draft is RFC 1738's predecessor and reads the same way: `valid` when the scheme's
//! own production matches (for an undefined scheme, `otherurl`), `generic-only` when the
//! scheme is one of the ten and only `otherurl` matches, `invalid` otherwise. Its
//! differences are its own text (cases/divergences/README.md §1 to §3): `otherurl` is
//! `scheme ":" schemepart` with `schemepart = *xchar` (no `ip-schemepart`), `hostname`
//! is `alpha *uchar`, `national` and "=" are `uchar`, `group` has no "+" or "_", and
//! `fileurl` needs a host but not a path.

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
use crate::grammar::outcome::Part;
use crate::grammar::outcome::{Failure, Parse, Verdict};
use crate::grammar::rule::Rule;

/// The component names a parse may report, in RFC 1738's vocabulary (one vocabulary for
/// draft-06 and RFC 1738, so their answers compare part by part). `user`, `password`,
/// `host`, `port` and `urlpath` of `otherurl` never occur: draft-06 has no
/// `ip-schemepart`, so `otherurl` reports only `scheme` and `schemepart`.
pub const COMPONENTS: &[&str] = crate::rfc1738::COMPONENTS;

/// The `scheme` component of a production that opens with the literal `name`: the
/// input's first `name.len()` octets (as written, so upper case under
/// `scheme-case-ignore`).
pub(crate) fn put_scheme(cx: &mut Cx, s: Span, name: &str) {
    let sch = Span::new(s.start, s.start + name.len());
    cx.put("scheme", Some(Part::Str(sch)));
}

/// The schemes Section 5 defines, with the production that defines each (Section 3
/// lists the same ten).
pub const PREDEFINED: &[(&str, Rule)] = &[
    ("http", Rule::D06Httpurl),
    ("ftp", Rule::D06Ftpurl),
    ("news", Rule::D06Newsurl),
    ("nntp", Rule::D06Nntpurl),
    ("telnet", Rule::D06Telneturl),
    ("gopher", Rule::D06Gopherurl),
    ("wais", Rule::D06Waisurl),
    ("mailto", Rule::D06Mailtourl),
    ("file", Rule::D06Fileurl),
    ("prospero", Rule::D06Prosperourl),
];

crate::shared_productions::url! {
/// ```text
/// url            = httpurl | ftpurl | newsurl |
///                  nntpurl | telneturl | gopherurl |
///                  waisurl | mailtourl | fileurl |
///                  prosperourl | otherurl
/// ```
pub fn url(Rule::D06Url);
otherurl = Rule::D06Otherurl;
document = Document::Draft06;
}

#[cfg(test)]
mod tests;
