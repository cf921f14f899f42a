//! Establishing the base URL of a document, one module per document that gives rules for
//! it: RFC 1808 Section 3, the 1996 draft's Section 5, RFC 2396 Section 5.1, RFC 3986
//! Section 5.1, each written as its section reads; and the October 1993 draft's "official
//! name". Step 1 of every resolution algorithm starts here: "The base URL is established
//! according to the rules of Section 3" (RFC 1808 Section 4).
//!
//! The four layers, innermost first, are the same in the four documents that have them:
//! the base embedded in the content, the base of the encapsulating entity, the URL used
//! to retrieve the entity, and the default. What differs is which header fields say the
//! base of a message, how their values are written, and what the default is.
//!
//! ```
//! use urlcert_reference::base::{establish, Context, Embedded, Entity, Reference};
//! use urlcert_reference::Document;
//! // RFC 1808 Section 10: the BASE element's HREF is the base, whatever the context.
//! let page = Entity {
//!     embedded: vec![Embedded {
//!         element: "BASE".into(),
//!         href: Some(b"http://www.ics.uci.edu/Test/a/b/c".to_vec()),
//!         in_head: true,
//!         line: 4,
//!     }],
//!     references: vec![Reference {
//!         element: "A".into(),
//!         attribute: "href".into(),
//!         href: b"../x".to_vec(),
//!         line: 6,
//!     }],
//!     ..Entity::default()
//! };
//! let found = establish(Document::Rfc1808.into(), &page, &Context::default()).unwrap();
//! let link = &found.entities[0].links[0];
//! assert_eq!(link.result.as_ref().unwrap().result, b"http://www.ics.uci.edu/Test/a/x");
//! ```

pub(crate) mod draft02;
pub(crate) mod draft1996;
pub mod established;
pub mod fields;
mod layers;
pub mod model;
pub(crate) mod rfc1808;
pub(crate) mod rfc2396;
pub(crate) mod rfc3986;
pub(crate) mod walk;

pub use walk::{in_order, link};

pub use model::{Embedded, Entity, HeaderField, Reference};

pub use established::{
    Base, Context, EntityBase, Established, Link, LinkFailure, NotDefined, Note, Source, Step,
    NOTE_IDS,
};

use crate::document::DocReading;
use crate::documents::Relative;
use crate::stated::{Citation, Stated};

/// Establishes the base of every entity of a document under `doc`, and resolves every
/// reference found in it. The documents with no relative form (draft-03, draft-06, RFC
/// 1738) give [`NotDefined`], in their own words.
pub fn establish(doc: DocReading, root: &Entity, cx: &Context) -> Result<Established, NotDefined> {
    establish_with(doc, root, cx, true)
}

/// As [`establish`], without resolving the references: every entity's `links` is
/// empty.
pub fn bases(doc: DocReading, root: &Entity, cx: &Context) -> Result<Established, NotDefined> {
    establish_with(doc, root, cx, false)
}

fn establish_with(
    doc: DocReading,
    root: &Entity,
    cx: &Context,
    links: bool,
) -> Result<Established, NotDefined> {
    let rule = match &doc.doc.descriptor().relative {
        Stated::Defined(Relative {
            entity_base: Stated::Defined(rule),
            ..
        }) => *rule,
        Stated::Defined(Relative {
            entity_base: Stated::NotDefined(Citation { cite, quote }),
            ..
        })
        | Stated::NotDefined(Citation { cite, quote }) => {
            return Err(NotDefined {
                doc: doc.doc,
                cite,
                quote,
            });
        }
    };
    Ok(walk::walk(doc, root, cx, rule, links))
}

#[cfg(test)]
mod tests;
