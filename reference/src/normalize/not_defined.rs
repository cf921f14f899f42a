//! The documents that state no equivalence of URLs, and what they say instead.

use super::NotNormalizable;
use crate::document::Document;

/// The October 1993 draft (draft-ietf-uri-url-02). Its "UNIQUENESS" paragraph is where it speaks of
/// two names for one object, and it gives no rule: "many apparently different names may
/// lead to the same object. Any object may therefore be referred to by many names. One
/// needs to be able to know whether two objects, retrieved through different paths, are
/// in fact the same object. It is suggested that each object have a unique "official"
/// name." Its sentences on escaping ("a URL may be made safer simply by encoding any
/// characters considered unsafe"; "When URLs are moved between contexts, the set of
/// characters escaped may be enlarged or reduced unambiguously") name no set of
/// characters and no direction, so no normal form follows from them either; draft-03
/// later adds the sentence that does ("% signs can be selectively and reversibly
/// expanded").
pub fn draft02() -> NotNormalizable {
    let (cite, quote) = citation(Document::Draft02).unwrap_or(("", ""));
    NotNormalizable::NotDefined {
        doc: Document::Draft02,
        cite,
        quote,
    }
}

/// The section and sentence of each document that states no equivalence.
pub fn citation(doc: Document) -> Option<(&'static str, &'static str)> {
    match doc {
        Document::Draft02 => Some((
            "draft-ietf-uri-url-02 §UNIQUENESS",
            "Any object may therefore be referred to by many names. [...] It is suggested that each object have a unique \"official\" name.",
        )),
        _ => None,
    }
}
