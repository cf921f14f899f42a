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
            // Every alternative of the Section 5 BNF starts with a scheme: there is no
            // relative form. (The posting's cover note says so too, but it is not the draft.)
            "draft-ietf-uri-url-06 §5",
            "url = httpurl | ftpurl | newsurl | nntpurl | telneturl | gopherurl | waisurl | mailtourl | fileurl | prosperourl | otherurl",
        )),
        Document::Rfc1738 => Some((
            "RFC 1738 §2.3",
            "Relative links are not described in this document.",
        )),
        _ => None,
    }
}
