//! RFC 1808, Section 3 "Establishing a Base URL", layer by layer: "The base URL of a
//! document can be established in one of four ways, listed below in order of
//! precedence."

use super::established::{Base, Context, Source};
use super::fields::base_header;
use super::layers::{
    broken, content_base_element, first_field, foreign_fields, outer_layers, Sections,
};
use super::walk::{Asked, Tracer};
use crate::document::Document;

pub(crate) const SECTIONS: Sections = Sections {
    content: "3.1",
    encapsulating: "3.2",
    retrieval: "3.3",
    default: "3.4",
    html: "Section 10",
};

/// The base of one entity.
pub(crate) fn entity_base(asked: Asked, t: &mut Tracer) -> Base {
    let Asked(doc, e, outer, cx) = asked;
    let s = &SECTIONS;
    // 3.1: "the base URL of the document can be embedded within the content itself".
    // A BASE element comes before the header fields: "The base URL for a message serves
    // as [...] the default base URL for documents enclosed within the message".
    if let Some(b) = content_base_element(doc, e, t, s) {
        return b;
    }

    // 3.1: "For protocols that make use of message headers like those described in RFC
    // 822 [5], we recommend that the format of this header be:
    //    base-header  = "Base" ":" "<URL:" absoluteURL ">""
    foreign_fields(
        e,
        t,
        Document::Rfc1808,
        &["Content-Base", "Content-Location"],
    );
    if let Some(f) = first_field(e, "Base", t) {
        match base_header(doc, &f.value) {
            Ok(url) => {
                let how = format!("the {} field on line {}", f.name, f.line);
                return t.took(s.content, Source::Content, Some(url), how);
            }
            Err(why) => broken(t, f, why),
        }
    }
    t.passed(s.content, Source::Content, "no Base field gives a base");

    // 3.2 (the encapsulating entity) and 3.3 (the retrieval URL), then 3.4.
    outer_layers(outer, cx, t, s, section_3_4)
}

/// 3.4: "If none of the conditions described in Sections 3.1 -- 3.3 apply, then the base
/// URL is considered to be the empty string and all embedded URLs within that document
/// are assumed to be absolute URLs."
fn section_3_4(_: &Context, t: &mut Tracer, s: &Sections) -> Base {
    t.took(
        s.default,
        Source::Default,
        Some(Vec::new()),
        "the empty string: every embedded URL is taken as an absolute URL",
    )
}
