//! Where the documents without a relative form say so.

use crate::document::Document;

/// The section and sentence in which `doc` leaves relative forms out, for the documents
/// that do.
pub fn citation(doc: Document) -> Option<(&'static str, &'static str)> {
    match doc {
        Document::Draft03 => Some((
            "draft-ietf-uri-url-03 §URL SYNTAX",
            "Fragment identifiers and partial URLs are not involved in the basic URL definition.",
        )),
        Document::Draft06 => Some((
            "draft-ietf-uri-url-06 cover note",
            "Note that relative URLs and fragment identifiers, etc. are not part of this draft",
        )),
        Document::Rfc1738 => Some((
            "RFC 1738 §2.3",
            "Relative links are not described in this document.",
        )),
        _ => None,
    }
}
