//! The productions draft-06 and RFC 1738 print byte for byte, each defined once, as a
//! macro the two documents invoke with their own rule names and their own quotes of
//! the production (so each document's functions still carry their production verbatim,
//! as `tests/bnf_text*.rs` check). RFC 1738 took its Section 5 from the draft; where it
//! changed a production (`hostname`, `group`, `fileurl`, the classes, ...), each document
//! keeps its own function.
//!
//! A document invokes a group's macro with one `pub fn NAME(RULE);` line a production,
//! the production quoted in the doc comment above it; each becomes the rule function
//! `NAME`, marking `RULE`. The callees (other rules, classes, `Match`) are the invoking
//! document's own, by the names in scope where it is invoked, so one definition serves
//! both documents' classes. A group's macro has one arm a production, `(NAME, $RULE:path,
//! doc)`, an arm `(shared)` for what its functions share (if they share anything), and a last arm handing the
//! invocation to [`group!`], which calls the others.
//!
//! A few groups serve more documents than these two: `labels` (RFC 1738, the 1996
//! draft, RFC 2396), each saying which.

/// Calls the group macro `$group` once with `shared`, then once a `pub fn NAME(RULE);`
/// line of the invocation, with the line's name, rule and doc comment: so the lines a
/// group expects are written once, as its arms, not again as a list in its matcher.
macro_rules! group {
    // A group whose functions share nothing has no `shared` arm.
    ($group:ident; shared) => {};
    ($group:ident; $($(#[$doc:meta])* pub fn $name:ident($rule:path);)*) => {
        crate::shared_productions::$group!(shared);
        $(crate::shared_productions::$group!($name, $rule, $(#[$doc])*);)*
    };
}
pub(crate) use group;

mod classes;
mod ftp;
mod gopher;
mod http;
mod ip;
mod labels;
mod mailto;
mod news;
mod nntp;
mod scheme;
mod telnet;
mod url;
mod wais;

pub(crate) use classes::classes;
pub(crate) use ftp::ftp;
pub(crate) use gopher::gopher;
pub(crate) use http::http;
pub(crate) use ip::ip;
pub(crate) use labels::labels;
pub(crate) use mailto::mailto;
pub(crate) use news::news;
pub(crate) use nntp::nntp;
pub(crate) use scheme::scheme;
pub(crate) use telnet::telnet;
pub(crate) use url::url;
pub(crate) use wais::wais;
