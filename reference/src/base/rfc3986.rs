//! RFC 3986, Section 5.1 "Establishing a Base URI", layer by layer: "The base URI of a
//! reference can be established in one of four ways, discussed below in order of
//! precedence."
//!
//! Two rules of Section 5.1 apply to every layer: "A base URI must conform to the
//! <absolute-URI> syntax rule (Section 4.3). If the base URI is obtained from a URI
//! reference, then that reference must be converted to absolute form and stripped of
//! any fragment component prior to its use as a base URI." So, unlike the earlier
//! documents, a relative `BASE` `HREF` is resolved rather than refused.
//!
//! RFC 3986 defines no header field of its own: "A mechanism for embedding a base URI
//! within MIME container types (e.g., the message and multipart types) is defined by
//! MHTML [RFC2557]." RFC 2557 keeps only `Content-Location` (the `Content-Base` of RFC
//! 2110 is gone), valid in multipart headings too; urlcert reads that field here, its
//! value's whitespace removed as the 1996 draft's Section 5.1 says.

use super::established::{Base, Context, Source};
use super::fields::absolute_url;
use super::layers::{
    base_element, broken, encapsulating, first_field, foreign_fields, resolve_against, retrieval,
    Sections,
};
use super::rfc2396::application_default;
use super::walk::{Asked, Outer, Tracer};
use crate::document::{DocReading, Document};

pub(crate) const SECTIONS: Sections = Sections {
    content: "5.1.1",
    encapsulating: "5.1.2",
    retrieval: "5.1.3",
    default: "5.1.4",
    html: "Section 5.1.1 (HTML's BASE element)",
};

/// The base of one entity.
pub(crate) fn entity_base(asked: Asked, t: &mut Tracer) -> Base {
    let Asked(doc, e, outer, cx) = asked;
    let s = &SECTIONS;
    let mut fallback = Tracer::default();
    let outside = outer_layers(outer, cx, &mut fallback);

    // 5.1.1: "Within certain media types, a base URI for relative references can be
    // embedded within the content itself [...] The appropriate syntax, when available, is
    // described by the data format specification associated with each media type."
    if let Some((href, how)) = base_element(doc, e, t, s, reference_form) {
        match as_base(doc, &outside, &href, t, e.line) {
            Ok(url) => return t.took_over(s.content, Some(url), how, fallback),
            Err(why) => t.note(
                "base.element-not-absolute",
                e.line,
                format!("{how} gives no base: {why}"),
            ),
        }
    }
    t.passed(s.content, Source::Content, "no BASE element gives a base");
    foreign_fields(e, t, Document::Rfc3986, &["Base", "Content-Base"]);

    // 5.1.2: "A mechanism for embedding a base URI within MIME container types [...] is
    // defined by MHTML [RFC2557]."
    if let Some(f) = first_field(e, "Content-Location", t) {
        // The value is a URI reference, made absolute and stripped of its fragment.
        match reference_form(doc, &super::fields::without_whitespace(&f.value)) {
            Ok(url) => match as_base(doc, &outside, &url, t, f.line) {
                Ok(absolute) => {
                    let how = format!("the {} field on line {}", f.name, f.line);
                    return t.took_over(s.content, Some(absolute), how, fallback);
                }
                Err(why) => broken(t, f, &why),
            },
            Err(why) => broken(t, f, why),
        }
    }
    t.passed(
        s.content,
        Source::Content,
        "no Content-Location field gives a base",
    );
    t.append(fallback);
    outside
}

/// Any URI reference; it is made absolute by [`as_base`].
fn reference_form(doc: DocReading, href: &[u8]) -> Result<Vec<u8>, &'static str> {
    let p = crate::parse(doc, href);
    match p.verdict {
        crate::Verdict::Invalid | crate::Verdict::NotDefined => {
            Err("the value is not a URI reference")
        }
        _ => Ok(href.to_vec()),
    }
}

/// 5.1: "that reference must be converted to absolute form and stripped of any fragment
/// component prior to its use as a base URI."
fn as_base(
    doc: DocReading,
    outside: &Base,
    url: &[u8],
    t: &mut Tracer,
    line: usize,
) -> Result<Vec<u8>, String> {
    let stripped = strip_fragment(url);
    if stripped.len() != url.len() {
        t.note(
            "base.fragment-stripped",
            line,
            format!(
                "the fragment of {} is stripped (RFC 3986 Section 5.1)",
                super::established::shown(&Some(url.to_vec()))
            ),
        );
    }
    if absolute_url(doc, &stripped).is_ok() {
        return Ok(stripped);
    }
    let absolute = resolve_against(doc, outside, &stripped)?;
    t.note(
        "base.relative-location-resolved",
        line,
        format!(
            "the relative reference on line {line} is converted to absolute form against {} ({})",
            super::established::shown(&outside.value),
            outside.how
        ),
    );
    Ok(strip_fragment(&absolute))
}

fn strip_fragment(url: &[u8]) -> Vec<u8> {
    url[..url.iter().position(|&b| b == b'#').unwrap_or(url.len())].to_vec()
}

/// 5.1.2, 5.1.3 and 5.1.4.
fn outer_layers(outer: Outer, cx: &Context, t: &mut Tracer) -> Base {
    let s = &SECTIONS;
    // 5.1.2: "If no base URI is embedded, the base URI is defined by the
    // representation's retrieval context. For a document that is enclosed within another
    // entity, such as a message or archive, the retrieval context is that entity."
    if let Some(b) = encapsulating(outer, t, s) {
        return b;
    }
    // 5.1.3: "If no base URI is embedded and the representation is not encapsulated
    // within some other entity, then, if a URI was used to retrieve the representation,
    // that URI shall be considered the base URI." Stripped of its fragment (5.1).
    if let Some(mut b) = retrieval(outer, cx, t, s) {
        b.value = b.value.map(|v| strip_fragment(&v));
        return b;
    }
    // 5.1.4: "If none of the conditions described above apply, then the base URI is
    // defined by the context of the application."
    application_default(cx, t, s)
}
