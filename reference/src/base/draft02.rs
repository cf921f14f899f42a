//! The October 1993 draft (draft-ietf-uri-url-02) has no section on establishing a
//! base. It names two things a partial form is read against:
//!
//! - the "official" name (UNIQUENESS): "It is suggested that each object have a unique
//!   "official" name. This name could be stored in the object in some representations
//!   [...] Any references within that object should be parsed in the context of the
//!   official name." urlcert takes a base embedded in the content (HTML's `BASE`, which
//!   records a document's own URL) as that stored name;
//! - "the context locator" (PARTIAL FORM), which the text does not define further.
//!   urlcert takes the URL the object was retrieved by, the only other locator a reader
//!   has (its choice).
//!
//! The draft speaks of no header fields and no enclosing entities, so an enclosed part
//! without a stored name has no context; and with none, "when a reference is passed in
//! anything other than a well controlled context, the full form must always be used":
//! only full forms have a target.

use super::established::{Base, Source};
use super::layers::{as_absolute, base_element, foreign_fields, retrieval, Sections};
use super::walk::{Asked, Outer, Tracer};
use crate::document::Document;

pub(crate) const SECTIONS: Sections = Sections {
    content: "UNIQUENESS",
    encapsulating: "PARTIAL FORM",
    retrieval: "PARTIAL FORM",
    default: "PARTIAL FORM",
    html: "UNIQUENESS",
};

/// The context of one entity.
pub(crate) fn entity_base(asked: Asked, t: &mut Tracer) -> Base {
    let Asked(doc, e, outer, cx) = asked;
    let s = &SECTIONS;
    // "This name could be stored in the object in some representations [...] Any
    // references within that object should be parsed in the context of the official
    // name."
    if let Some((url, how)) = base_element(doc, e, t, s, as_absolute) {
        return t.took(
            s.content,
            Source::Content,
            Some(url),
            format!("the official name stored in {how}"),
        );
    }
    t.passed(
        s.content,
        Source::Content,
        "no official name stored in the object",
    );
    foreign_fields(
        e,
        t,
        Document::Draft02,
        &["Base", "Content-Base", "Content-Location"],
    );
    if let Outer::Enclosed { .. } = outer {
        t.passed(
            s.encapsulating,
            Source::EncapsulatingEntity,
            "the draft speaks of no enclosing entity",
        );
    }
    // "The last part of the path of the context locator [...] is removed": the locator
    // the object was reached by (urlcert's reading).
    if let Some(b) = retrieval(outer, cx, t, s) {
        return b;
    }
    // "when a reference is passed in anything other than a well controlled context, the
    // full form must always be used."
    t.took(
        s.default,
        Source::Default,
        None,
        "no context: only full forms have a target",
    )
}
