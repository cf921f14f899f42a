//! draft-fielding-url-syntax-01, Section 5 "Establishing a Base URL", layer by layer:
//! "The base URL of a document can be established in one of four ways, listed below in
//! order of precedence."

use super::established::{Base, Context, Source};
use super::fields::{content_base, content_location, without_whitespace};
use super::layers::{
    self, broken, content_base_element, first_field, foreign_fields, resolve_against, Sections,
};
use super::model::{Entity, HeaderField};
use super::walk::{Asked, Outer, Tracer};
use crate::document::{DocReading, Document, Reading};

pub(crate) const SECTIONS: Sections = Sections {
    content: "5.1",
    encapsulating: "5.2",
    retrieval: "5.3",
    default: "5.4",
    html: "Appendix D",
};

/// The base of one entity.
pub(crate) fn entity_base(asked: Asked, t: &mut Tracer) -> Base {
    let Asked(doc, e, outer, cx) = asked;
    let s = &SECTIONS;
    // 5.1: "the base URL of the document can be embedded within the content itself".
    // The document in an entity is enclosed by the entity's header: "The base URL for a
    // message serves as [...] the default base URL for documents enclosed within the
    // message", so a BASE element in it comes before the header fields.
    if let Some(b) = content_base_element(doc, e, t, s) {
        return b;
    }
    foreign_fields(e, t, Document::Draft1996, &["Base"]);

    // The layers below give the base a relative Content-Location is resolved against.
    let mut fallback = Tracer::default();
    let outside = outer_layers(outer, cx, &mut fallback);

    if let Some((url, how)) = header_fields(doc, e, t, &outside) {
        return t.took_over(s.content, Some(url), how, fallback);
    }
    t.passed(
        s.content,
        Source::Content,
        "no Content-Base or Content-Location field gives a base",
    );
    t.append(fallback);
    outside
}

/// 5.1: "For protocols that make use of message headers like those described in MIME
/// [4], the base URL can be specified by the Content-Base or Content-Location header
/// fields. [...] Content-Base takes precedence over any Content-Location." The URL and
/// what gave it; `outside` is the base the entity has without them, against which a
/// relative Content-Location is resolved. RFC 2396 reads the same two fields (those of
/// RFC 2110, to which its Section 5.1.1 points).
pub(crate) fn header_fields(
    doc: DocReading,
    e: &Entity,
    t: &mut Tracer,
    outside: &Base,
) -> Option<(Vec<u8>, String)> {
    if let Some(f) = first_field(e, "Content-Base", t) {
        match content_base(doc, &fragment_removed(doc, f, t)) {
            Ok(url) => return Some((url, format!("the {} field on line {}", f.name, f.line))),
            Err(why) => broken(t, f, why),
        }
    }
    let f = first_field(e, "Content-Location", t)?;
    match content_location(doc, &fragment_removed(doc, f, t)) {
        Ok((url, true)) => Some((url, format!("the {} field on line {}", f.name, f.line))),
        // "If the latter is relative, it must be resolved to its absolute form (like any
        // relative URL) before it can be used as the base URL for other references."
        Ok((url, false)) => match resolve_against(doc, outside, &url) {
            Ok(absolute) => {
                t.note(
                    "base.relative-location-resolved",
                    f.line,
                    format!(
                        "the relative {} on line {} is resolved against {} ({})",
                        f.name,
                        f.line,
                        super::established::shown(&outside.value),
                        outside.how
                    ),
                );
                Some((
                    absolute,
                    format!("the {} field on line {}, resolved", f.name, f.line),
                ))
            }
            Err(why) => {
                broken(t, f, &why);
                None
            }
        },
        Err(why) => {
            broken(t, f, why);
            None
        }
    }
}

/// A field's value as its production reads it. Under the reading
/// `base-fragment-removed`, the value is read as a URL reference and what it gives is
/// the URL: Section 3 (RFC 2396 Section 4 alike), ""the URL" which results from such a
/// reference includes only the absolute URL after the fragment identifier (if any) is
/// removed", the fragment being what follows "the first (left-most) crosshatch".
/// Under the default reading the value is taken as written, and one with a fragment
/// breaks the production.
fn fragment_removed(doc: DocReading, f: &HeaderField, t: &mut Tracer) -> Vec<u8> {
    let value = without_whitespace(&f.value);
    let crosshatch = value.iter().position(|&b| b == b'#');
    match crosshatch {
        Some(at) if doc.reading == Reading::BaseFragmentRemoved => {
            let section = if doc.doc == Document::Rfc2396 {
                "4"
            } else {
                "3"
            };
            t.note(
                "base.fragment-stripped",
                f.line,
                format!(
                    "the fragment of the {} field on line {} is removed: \"the URL\" a reference gives \"includes only the absolute URL after the fragment identifier (if any) is removed\" ({} Section {section}, under the reading base-fragment-removed)",
                    f.name,
                    f.line,
                    doc.doc.public_name()
                ),
            );
            value[..at].to_vec()
        }
        _ => f.value.clone(),
    }
}

/// 5.2 (the encapsulating entity) and 5.3 (the retrieval URL), then 5.4: the base of
/// an entity with no base embedded.
fn outer_layers(outer: Outer, cx: &Context, t: &mut Tracer) -> Base {
    layers::outer_layers(outer, cx, t, &SECTIONS, section_5_4)
}

/// 5.4: "If none of the conditions described in Sections 5.1 -- 5.3 apply, then the base
/// URL is considered to be the empty string and all URL references within that document
/// are assumed to be absolute URLs."
fn section_5_4(_: &Context, t: &mut Tracer, s: &Sections) -> Base {
    t.took(
        s.default,
        Source::Default,
        Some(Vec::new()),
        "the empty string: every reference is taken as an absolute URL",
    )
}
