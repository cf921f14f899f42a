//! The productions draft-06 and RFC 1738 print byte for byte, each defined once, as a
//! macro the two documents invoke with their own rule names and their own quotes of
//! the production (so each document's functions still carry their production verbatim,
//! as `tests/bnf_text*.rs` check). RFC 1738 took its Section 5 from the draft; where it
//! changed a production (`hostname`, `group`, `fileurl`, the classes, ...), each document
//! keeps its own function.

mod ftp;
mod gopher;
mod http;
mod ip;
mod mailto;
mod news;
mod nntp;
mod telnet;
mod wais;

pub(crate) use ftp::ftp;
pub(crate) use gopher::gopher;
pub(crate) use http::http;
pub(crate) use ip::ip;
pub(crate) use mailto::mailto;
pub(crate) use news::news;
pub(crate) use nntp::nntp;
pub(crate) use telnet::telnet;
pub(crate) use wais::wais;
