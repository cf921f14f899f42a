//! RFC 2396, Section 5.1 "Establishing a Base URI", layer by layer: "The base URI of a
//! document can be established in one of four ways, listed below in order of
//! precedence."
//!
//! RFC 2396 defines no header field of its own: "A mechanism for embedding the base URI
//! within MIME container types (e.g., the message and multipart types) is defined by
//! MHTML [RFC2110]." urlcert applies RFC 2110 Section 4.1 as far as RFC 2396 points to
//! it: its two productions (`content-base ::= "Content-Base:" absoluteURI`,
//! `content-location ::= "Content-Location:" ( absoluteURI | relativeURI )`) and its
//! rule that they are "meaningless in multipart headings". Where RFC 2110 is not quoted
//! here, urlcert follows the 1996 draft's Section 5.1, of which Section 5.1 is the
//! published form (Content-Base before Content-Location; whitespace in the value
//! ignored; a relative Content-Location resolved first).

use super::established::{Base, Context, Source};
use super::layers::{self, content_base_element, foreign_fields, Sections};
use super::walk::{Asked, Outer, Tracer};
use crate::document::Document;

pub(crate) const SECTIONS: Sections = Sections {
    content: "5.1.1",
    encapsulating: "5.1.2",
    retrieval: "5.1.3",
    default: "5.1.4",
    html: "Appendix D",
};

/// The base of one entity.
pub(crate) fn entity_base(asked: Asked, t: &mut Tracer) -> Base {
    let Asked(doc, e, outer, cx) = asked;
    let s = &SECTIONS;
    // 5.1.1: "the base URI of the document can be embedded within the content itself".
    if let Some(b) = content_base_element(doc, e, t, s) {
        return b;
    }
    foreign_fields(e, t, Document::Rfc2396, &["Base"]);

    let mut fallback = Tracer::default();
    let outside = outer_layers(outer, cx, &mut fallback);

    // RFC 2110 Section 4.1: "These two headers are valid only for exactly the content
    // heading or message heading where they occurs and its text. They are thus not valid
    // for the parts inside multipart headings, and are thus meaningless in multipart
    // headings."
    let multipart = e
        .media_type
        .as_deref()
        .is_some_and(|m| m.starts_with("multipart/"));
    if multipart {
        for name in ["Content-Base", "Content-Location"] {
            if let Some(f) = e.fields_named(name).next() {
                t.note(
                    "base.field-in-multipart-heading",
                    f.line,
                    format!("the {} field on line {} stands in a multipart heading, where MHTML (RFC 2110 Section 4.1), to which RFC 2396 Section 5.1.1 points, makes it meaningless", f.name, f.line),
                );
            }
        }
    } else {
        // 5.1.1: "A mechanism for embedding the base URI within MIME container types [...]
        // is defined by MHTML [RFC2110]."
        if let Some((url, how)) = super::draft1996::header_fields(doc, e, t, &outside) {
            return t.took_over(s.content, Some(url), how, fallback);
        }
    }
    t.passed(
        s.content,
        Source::Content,
        "no Content-Base or Content-Location field gives a base",
    );
    t.append(fallback);
    outside
}

/// 5.1.2 (the encapsulating entity) and 5.1.3 (the retrieval URL), then 5.1.4: "If
/// none of the conditions described in Sections 5.1.1--5.1.3 apply, then the base URI is
/// defined by the context of the application."
fn outer_layers(outer: Outer, cx: &Context, t: &mut Tracer) -> Base {
    layers::outer_layers(outer, cx, t, &SECTIONS, application_default)
}

/// RFC 2396 and RFC 3986 Section 5.1.4: the application's default, if the caller gave
/// one; otherwise the base is undefined, and only references with a scheme have a
/// target.
pub(crate) fn application_default(cx: &Context, t: &mut Tracer, s: &Sections) -> Base {
    match &cx.application_default {
        Some(url) => t.took(
            s.default,
            Source::Default,
            Some(url.clone()),
            "the application's default base",
        ),
        None => t.took(
            s.default,
            Source::Default,
            None,
            "undefined: the default is the application's, and none was given",
        ),
    }
}
