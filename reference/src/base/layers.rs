//! What the layers have in common across documents: the `BASE` element, picking one
//! field of a name, the encapsulating entity and the retrieval URL. Each document's
//! module puts them in its order, with its sentences.

use super::established::{default_cite, Base, Context, Source};
use super::fields::absolute_url;
use super::model::{Entity, HeaderField};
use super::walk::{Outer, Tracer};
use crate::document::{DocReading, Document};
use crate::resolve::{resolve, Unresolvable};

/// Where a document's layers are, by section.
pub(crate) struct Sections {
    pub content: &'static str,
    pub encapsulating: &'static str,
    pub retrieval: &'static str,
    pub default: &'static str,
    /// Where the document describes HTML's `BASE` element.
    pub html: &'static str,
}

/// The content's layer when it is the `BASE` element alone and its `HREF` must be
/// absolute: the base it gives, or the layer passed.
pub(crate) fn content_base_element(
    doc: DocReading,
    e: &Entity,
    t: &mut Tracer,
    s: &Sections,
) -> Option<Base> {
    if let Some((url, how)) = base_element(doc, e, t, s, as_absolute) {
        return Some(t.took(s.content, Source::Content, Some(url), how));
    }
    t.passed(s.content, Source::Content, "no BASE element gives a base");
    None
}

/// The `BASE` element: RFC 1808 Section 10 (and the 1996 draft's and RFC 2396's
/// Appendix D): "HTML defines a special element "BASE" which, when present in the
/// "HEAD" portion of a document, signals that the parser should use the BASE element's
/// "HREF" attribute as the base URL for resolving any relative URLs. The "HREF"
/// attribute must be an absolute URL."
///
/// HTML allows one `BASE`; where a document has more, urlcert takes the first one in
/// `HEAD` that has an `HREF` and notes the others (the text is silent). An `HREF` that
/// is not absolute breaks the sentence above, and the element then gives no base.
/// `absolute` decides what absolute means (RFC 3986 first strips a fragment).
pub(crate) fn base_element(
    doc: DocReading,
    e: &Entity,
    t: &mut Tracer,
    s: &Sections,
    absolute: fn(DocReading, &[u8]) -> Result<Vec<u8>, &'static str>,
) -> Option<(Vec<u8>, String)> {
    let mut chosen: Option<(&[u8], &super::Embedded)> = None;
    for b in &e.embedded {
        let Some(href) = &b.href else {
            t.note(
                "base.element-without-href",
                b.line,
                format!(
                    "the {} element on line {} has no HREF, so it gives no base ({})",
                    b.element, b.line, s.html
                ),
            );
            continue;
        };
        if !b.in_head {
            t.note(
                "base.element-outside-head",
                b.line,
                format!(
                    "the {} element on line {} is not in the HEAD portion, where {} says it counts",
                    b.element, b.line, s.html
                ),
            );
            continue;
        }
        if chosen.is_some() {
            t.note(
                "base.repeated-element",
                b.line,
                format!("a second BASE element, on line {}: the first one counts (urlcert's choice; the text is silent)", b.line),
            );
            continue;
        }
        chosen = Some((href, b));
    }
    let (href, b) = chosen?;
    match absolute(doc, href) {
        Ok(url) => Some((url, format!("the {} element on line {}", b.element, b.line))),
        Err(why) => {
            t.note(
                "base.element-not-absolute",
                b.line,
                format!(
                    "the {} element on line {} gives no base: \"The HREF attribute must be an absolute URL\" ({}), and {why}",
                    b.element, b.line, s.html
                ),
            );
            None
        }
    }
}

/// The `HREF` as it stands, if it is an absolute URL.
pub(crate) fn as_absolute(doc: DocReading, href: &[u8]) -> Result<Vec<u8>, &'static str> {
    absolute_url(doc, href).map(|()| href.to_vec())
}

/// The first field named `name`; later ones are noted. The texts say nothing of a
/// repeated field; RFC 822 Section 4.1 allows most fields once, and urlcert takes the
/// first, as it does for a repeated `BASE`.
pub(crate) fn first_field<'a>(
    e: &'a Entity,
    name: &'a str,
    t: &mut Tracer,
) -> Option<&'a HeaderField> {
    let mut found = e.fields_named(name);
    let first = found.next()?;
    for again in found {
        t.note(
            "base.repeated-field",
            again.line,
            format!(
                "a second {} field, on line {}: the first one, on line {}, counts (urlcert's choice; the text is silent)",
                first.name, again.line, first.line
            ),
        );
    }
    Some(first)
}

/// A field whose value breaks its production gives no base; the texts define the field
/// only by its production.
pub(crate) fn broken(t: &mut Tracer, f: &HeaderField, why: &str) {
    t.note(
        "base.field-breaks-grammar",
        f.line,
        format!(
            "the {} field on line {} breaks its production, so it gives no base: {why}",
            f.name, f.line
        ),
    );
}

/// Fields the document does not define but another does, noted so that a reader sees
/// why they were not used.
pub(crate) fn foreign_fields(e: &Entity, t: &mut Tracer, doc: Document, names: &[&str]) {
    for name in names {
        if let Some(f) = e.fields_named(name).next() {
            t.note(
                "base.field-not-defined",
                f.line,
                format!(
                    "the {} field on line {} is not one that {doc} reads a base from",
                    f.name, f.line
                ),
            );
        }
    }
}

/// The layers below the content's, in the order RFC 1808 (3.2 to 3.4), the 1996 draft
/// (5.2 to 5.4) and RFC 2396 (5.1.2 to 5.1.4) give them: "If no base URL is embedded,
/// the base URL of a document is defined by the document's retrieval context. For a
/// document that is enclosed within another entity [...] the retrieval context is that
/// entity"; otherwise "if a URL was used to retrieve the base document, that URL shall
/// be considered the base URL"; and if none applies, the document's `default`.
pub(crate) fn outer_layers(
    outer: Outer,
    cx: &Context,
    t: &mut Tracer,
    s: &Sections,
    default: fn(&Context, &mut Tracer, &Sections) -> Base,
) -> Base {
    if let Some(b) = encapsulating(outer, t, s) {
        return b;
    }
    if let Some(b) = retrieval(outer, cx, t, s) {
        return b;
    }
    default(cx, t, s)
}

/// The base of the encapsulating entity, if there is one.
pub(crate) fn encapsulating(outer: Outer, t: &mut Tracer, s: &Sections) -> Option<Base> {
    match outer {
        Outer::Enclosed { part, base } => {
            let whose = if part.is_empty() {
                "the top entity".to_string()
            } else {
                format!("part {part}")
            };
            Some(t.took(
                s.encapsulating,
                Source::EncapsulatingEntity,
                base.value.clone(),
                format!("the base of {whose}, which encloses it"),
            ))
        }
        Outer::Top => {
            t.passed(
                s.encapsulating,
                Source::EncapsulatingEntity,
                "not enclosed in another entity",
            );
            None
        }
    }
}

/// The URL used to retrieve the entity: the last of a redirect chain, and only for an
/// entity that is not enclosed in another ("the top level of a composite entity").
pub(crate) fn retrieval(outer: Outer, cx: &Context, t: &mut Tracer, s: &Sections) -> Option<Base> {
    if let Outer::Enclosed { .. } = outer {
        t.passed(
            s.retrieval,
            Source::RetrievalUrl,
            "enclosed in another entity, so the retrieval URL is not its base",
        );
        return None;
    }
    let Some(last) = cx.retrieved_from.last() else {
        t.passed(s.retrieval, Source::RetrievalUrl, "no retrieval URL given");
        return None;
    };
    let how = match cx.retrieved_from.len() {
        1 => "the URL used to retrieve it".to_string(),
        n => format!("the last of the {n} URLs of the redirect chain"),
    };
    Some(t.took(s.retrieval, Source::RetrievalUrl, Some(last.clone()), how))
}

/// A relative URL resolved "to its absolute form (like any relative URL)": by the
/// document's own algorithm, against the base the entity has without it.
pub(crate) fn resolve_against(
    doc: DocReading,
    fallback: &Base,
    url: &[u8],
) -> Result<Vec<u8>, String> {
    match &fallback.value {
        Some(b) => resolve(doc, b, url, false)
            .map(|r| r.result)
            .map_err(|e: Unresolvable| e.to_string()),
        None => Err(format!(
            "there is no base to resolve it against ({})",
            default_cite(doc.doc)
        )),
    }
}
