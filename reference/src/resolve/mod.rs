//! Relative resolution, one module per document that defines it, each written as its
//! text reads: RFC 1808 Section 4, the 1996 draft's Section 6, and the October 1993
//! draft's "PARTIAL FORM". The documents between them define no relative form, and
//! [`resolve`] says so with their own words instead of guessing.
//!
//! ```
//! use urlcert_reference::{resolve, Document};
//! let r = resolve(Document::Draft1996.into(), b"http://a/b/c/d;p?q", b"../g", false).unwrap();
//! assert_eq!(r.result, b"http://a/b/g");
//! ```

pub(crate) mod branches;
pub mod draft02;
pub mod draft1996;
#[cfg(test)]
mod pieces;
pub mod rfc1808;
pub mod rfc2396;
pub mod rfc3986;
mod shared_steps;
pub mod split;
mod step6;
mod trace;

pub use branches::{branches, Branch};
pub use trace::{Detail, Step, Steps};

use crate::document::{DocReading, Document};
use crate::stated::{Citation, Stated};
use std::borrow::Cow;
use std::fmt;

/// The answer of one document's resolution algorithm.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolution {
    pub doc: DocReading,
    /// The absolute form (for a reference to the current document: the base without its
    /// fragment, then the reference's fragment, if any).
    pub result: Vec<u8>,
    /// Step 2a of the 1996 draft applied: "a reference to the current document". Only
    /// that document has the notion; RFC 1808's Step 2a makes the base the result.
    pub current_document: bool,
    /// The steps taken, in order (ids and texts are static; inline, no allocation).
    /// Their values are kept only when asked for.
    pub steps: Steps,
    /// The validation errors the URL Standard's parser reported on the way, by their
    /// names, in order (empty under the other documents, which have none).
    pub errors: Vec<&'static str>,
}

impl Resolution {
    /// The ids of the steps taken: `["2", "2c", "3", "4", "6", "6a", "6b", "6c", "6d", "7"]`.
    pub fn step_ids(&self) -> Vec<&'static str> {
        self.steps.ids().collect()
    }
}

/// Why a document gives no result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unresolvable {
    /// The document defines no relative form.
    NotDefined {
        doc: Document,
        cite: &'static str,
        quote: &'static str,
    },
    /// The base is not an absolute URL, so there is nothing to inherit from.
    BaseNotAbsolute { doc: DocReading, why: &'static str },
    /// The URL Standard's parser returned failure: `error` is the validation error it
    /// returned failure with, by name.
    Failure {
        doc: DocReading,
        error: &'static str,
    },
}

impl fmt::Display for Unresolvable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unresolvable::NotDefined { doc, cite, quote } => {
                write!(f, "{doc} defines no relative form ({cite}: \"{quote}\")")
            }
            Unresolvable::Failure { doc, error } => {
                write!(f, "the parser returns failure under {doc} ({error})")
            }
            Unresolvable::BaseNotAbsolute { doc, why } => {
                write!(f, "the base is not an absolute URL under {doc}: {why}")
            }
        }
    }
}

impl std::error::Error for Unresolvable {}

/// The section and sentence in which `doc` leaves relative forms out, for the documents
/// that do.
pub fn not_defined_citation(doc: Document) -> Option<(&'static str, &'static str)> {
    let c = doc.descriptor().relative.not_defined()?;
    Some((c.cite, c.quote))
}

/// Resolves `reference` against `base` under one document. With `trace` (`true`, or
/// [`Detail::Values`]), every step keeps its text and the value it produced; with
/// [`Detail::Texts`], its text only, which costs no more than its id.
pub fn resolve(
    doc: DocReading,
    base: &[u8],
    reference: &[u8],
    trace: impl Into<Detail>,
) -> Result<Resolution, Unresolvable> {
    match &doc.doc.descriptor().relative {
        Stated::Defined(relative) => (relative.resolve)(
            Request {
                doc,
                base,
                reference,
                trace: trace.into(),
            },
            &mut |_| {},
        ),
        Stated::NotDefined(Citation { cite, quote }) => Err(Unresolvable::NotDefined {
            doc: doc.doc,
            cite,
            quote,
        }),
    }
}

/// A URL reference's components as the resolvers of RFC 1808 and the 1996 draft hold
/// them: slices of the inputs, with presence kept.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Components<'a> {
    pub scheme: Option<&'a [u8]>,
    pub server: Option<&'a [u8]>,
    /// Borrowed from an input, or Step 6's new path.
    pub path: Cow<'a, [u8]>,
    pub path_slash: bool,
    /// RFC 1808's `<params>`; the 1996 draft has none.
    pub params: Option<&'a [u8]>,
    pub query: Option<&'a [u8]>,
    pub fragment: Option<&'a [u8]>,
}

/// "Step 7: The resulting URL components, including any inherited from the base URL,
/// are recombined to give the absolute form" — in the layout
/// `<scheme>://<server>/<path>;<params>?<query>#<fragment>`.
///
/// The text does not say how. urlcert writes a component's delimiter whenever the
/// component is present, even if empty. It writes the "/" before the path when the path
/// had one, and also when a server is followed by a path, params or query: the server
/// "is terminated by the next slash "/" or by the end of the URL" (1996 draft §4.3.1,
/// RFC 1808 §2.4.3), so without it they would be read back as part of the server.
/// One case has no good answer and the texts do not address it: with no server, a path
/// that begins with "//" (`news:a` + `.//g`) reads back as a server; it is written as it is.
pub(crate) fn recombine(c: &Components) -> Vec<u8> {
    let len = |p: &Option<&[u8]>| p.as_ref().map_or(0, |p| p.len() + 2);
    let mut out = Vec::with_capacity(
        len(&c.scheme)
            + len(&c.server)
            + 1
            + c.path.len()
            + len(&c.params)
            + len(&c.query)
            + len(&c.fragment),
    );
    if let Some(s) = &c.scheme {
        out.extend_from_slice(s);
        out.push(b':');
    }
    if let Some(s) = &c.server {
        out.extend_from_slice(b"//");
        out.extend_from_slice(s);
    }
    if writes_slash(c) {
        out.push(b'/');
    }
    out.extend_from_slice(&c.path);
    for (delimiter, part) in [(b';', &c.params), (b'?', &c.query), (b'#', &c.fragment)] {
        if let Some(p) = part {
            out.push(delimiter);
            out.extend_from_slice(p);
        }
    }
    out
}

/// Does [`recombine`] write a "/" before the path?
fn writes_slash(c: &Components) -> bool {
    let follows = !c.path.is_empty() || c.params.is_some() || c.query.is_some();
    c.path_slash || (c.server.is_some() && follows)
}

/// What a resolver hands [`split::target`]: the components it recombines, by the names
/// [`split::split`] gives them.
/// What a document's resolver is asked: `reference` resolved against `base` under
/// `doc`, its steps kept to `trace`.
#[derive(Clone, Copy)]
pub struct Request<'r> {
    pub doc: DocReading,
    pub base: &'r [u8],
    pub reference: &'r [u8],
    pub trace: Detail,
}

pub(crate) type Seen<'s> = &'s mut dyn FnMut(&[(&'static str, Option<&[u8]>)]);

/// `c` by the names of RFC 1808 (`server` is `net_loc` there) and the 1996 draft, with
/// the "/" [`recombine`] writes before the path as `path-slash`.
pub(crate) fn named<'c>(
    c: &'c Components,
    server: &'static str,
) -> [(&'static str, Option<&'c [u8]>); 7] {
    [
        ("scheme", c.scheme),
        (server, c.server),
        ("path-slash", writes_slash(c).then_some(&b"/"[..])),
        ("path", Some(&c.path)),
        ("params", c.params),
        ("query", c.query),
        ("fragment", c.fragment),
    ]
}

/// The components, for a trace.
pub(crate) fn show(c: &Components) -> String {
    let part = |name: &str, v: &Option<&[u8]>| match v {
        Some(v) => format!("{name}={:?}", String::from_utf8_lossy(v)),
        None => format!("{name}=absent"),
    };
    let mut s = vec![
        part("scheme", &c.scheme),
        part("server", &c.server),
        format!(
            "path={:?}{}",
            String::from_utf8_lossy(&c.path),
            if c.path_slash { " (after a slash)" } else { "" }
        ),
    ];
    if c.params.is_some() {
        s.push(part("params", &c.params));
    }
    s.push(part("query", &c.query));
    s.push(part("fragment", &c.fragment));
    s.join(" ")
}

/// Where the last segment of `path` starts: after its rightmost "/", or at 0 when it has
/// none.
pub(crate) fn last_segment_start(path: &[u8]) -> usize {
    path.iter()
        .rposition(|&b| b == b'/')
        .map_or(0, |slash| slash + 1)
}

/// `base_path` without its last segment, then `reference_path`: the merge RFC 1808 Step
/// 6, the 1996 draft's Step 6 and RFC 3986 Section 5.2.3 describe.
#[inline]
pub(crate) fn replace_last_segment(base_path: &[u8], reference_path: &[u8]) -> Vec<u8> {
    let keep = last_segment_start(base_path);
    let mut path = Vec::with_capacity(keep + reference_path.len());
    path.extend_from_slice(&base_path[..keep]);
    path.extend_from_slice(reference_path);
    path
}

/// Is it non-empty? Steps 3 and 5 test the value, not the presence.
pub(crate) fn non_empty(v: &Option<&[u8]>) -> bool {
    v.as_ref().is_some_and(|v| !v.is_empty())
}
