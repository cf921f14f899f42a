//! Expected values come from the sections' own examples and sentences.

use super::*;
use crate::document::Document;

fn field(name: &str, value: &str, line: usize) -> HeaderField {
    HeaderField {
        name: name.into(),
        value: value.as_bytes().to_vec(),
        line,
    }
}

fn a(href: &str, line: usize) -> Reference {
    Reference {
        element: "A".into(),
        attribute: "href".into(),
        href: href.as_bytes().to_vec(),
        line,
    }
}

fn base_el(href: Option<&str>, in_head: bool, line: usize) -> Embedded {
    Embedded {
        element: "BASE".into(),
        href: href.map(|h| h.as_bytes().to_vec()),
        in_head,
        line,
    }
}

fn message(fields: Vec<HeaderField>, refs: Vec<Reference>) -> Entity {
    Entity {
        fields,
        media_type: Some("text/html".into()),
        references: refs,
        line: 1,
        ..Entity::default()
    }
}

fn run(doc: Document, e: &Entity, retrieved: &[&str]) -> Established {
    let cx = Context {
        retrieved_from: retrieved.iter().map(|u| u.as_bytes().to_vec()).collect(),
        application_default: None,
    };
    establish(doc.into(), e, &cx).unwrap()
}

fn result(found: &Established, i: usize) -> String {
    let (_, link) = found.links().nth(i).unwrap();
    match &link.result {
        Ok(r) => String::from_utf8(r.result.clone()).unwrap(),
        Err(e) => format!("error: {e}"),
    }
}

fn base_of(found: &Established, part: &str) -> (Option<String>, Source) {
    let e = found.entities.iter().find(|e| e.part == part).unwrap();
    (
        e.base
            .value
            .as_ref()
            .map(|v| String::from_utf8(v.clone()).unwrap()),
        e.base.source,
    )
}

fn note_ids(found: &Established) -> Vec<&'static str> {
    found
        .entities
        .iter()
        .flat_map(|e| e.notes.iter().map(|n| n.id))
        .collect()
}

const TEST_C: &str = "http://www.ics.uci.edu/Test/a/b/c";

/// RFC 1808 Section 10, the 1996 draft's and RFC 2396's Appendix D: "A parser reading the
/// example document should interpret the given relative URL "../x" as representing the
/// absolute URL <URL:http://www.ics.uci.edu/Test/a/x> regardless of the context in which
/// the example document was obtained."
#[test]
fn the_base_element_example_regardless_of_context() {
    let page = Entity {
        embedded: vec![base_el(Some(TEST_C), true, 4)],
        references: vec![a("../x", 6)],
        ..Entity::default()
    };
    for doc in [
        Document::Rfc1808,
        Document::Draft1996,
        Document::Rfc2396,
        Document::Rfc3986,
    ] {
        for retrieved in [&[][..], &["http://elsewhere/p/q"][..]] {
            let found = run(doc, &page, retrieved);
            assert_eq!(
                result(&found, 0),
                "http://www.ics.uci.edu/Test/a/x",
                "{doc}"
            );
            assert_eq!(base_of(&found, ""), (Some(TEST_C.into()), Source::Content));
        }
    }
}

/// RFC 1808 Section 3.1: "the header field Base: <URL:http://www.ics.uci.edu/Test/a/b/c>
/// would indicate that the base URL for that message is the string
/// "http://www.ics.uci.edu/Test/a/b/c"". The 1996 draft replaced that field: "The
/// description of the mythical Base header field has been replaced with the
/// Content-Base and Content-Location header fields" (Appendix E.3).
#[test]
fn the_base_header_example_and_its_replacement() {
    let m = message(
        vec![field("Base", " <URL:http://www.ics.uci.edu/Test/a/b/c>", 1)],
        vec![a("../x", 3)],
    );
    let found = run(Document::Rfc1808, &m, &[]);
    assert_eq!(base_of(&found, ""), (Some(TEST_C.into()), Source::Content));
    assert_eq!(result(&found, 0), "http://www.ics.uci.edu/Test/a/x");

    let found = run(Document::Draft1996, &m, &[]);
    assert_eq!(base_of(&found, ""), (Some(String::new()), Source::Default));
    assert_eq!(note_ids(&found), ["base.field-not-defined"]);
    // Step 1: "the URL reference is interpreted as an absolute URL and we are done".
    assert_eq!(result(&found, 0), "../x");

    let m = message(
        vec![field(
            "Content-Base",
            " http://www.ics.uci.edu/Test/a/b/c",
            1,
        )],
        vec![a("../x", 3)],
    );
    let found = run(Document::Draft1996, &m, &[]);
    assert_eq!(base_of(&found, ""), (Some(TEST_C.into()), Source::Content));
    let found = run(Document::Rfc1808, &m, &[]);
    assert_eq!(base_of(&found, ""), (Some(String::new()), Source::Default));
}

/// RFC 1808: ""Base" is case-insensitive and any whitespace (including that used for
/// line folding) inside the angle brackets is ignored." The 1996 draft: "The field names
/// are case-insensitive and any whitespace inside the field value (including that used
/// for line folding) is ignored."
#[test]
fn letter_case_and_folding() {
    let m = message(
        vec![field(
            "bASE",
            " <URL:http://www.ics.uci.edu/Test/\r\n a/b/c>",
            1,
        )],
        vec![],
    );
    assert_eq!(
        base_of(&run(Document::Rfc1808, &m, &[]), "").0.unwrap(),
        TEST_C
    );
    let m = message(
        vec![field(
            "content-base",
            " http://www.ics.uci.edu/Test/\r\n\ta/b/c",
            1,
        )],
        vec![],
    );
    assert_eq!(
        base_of(&run(Document::Draft1996, &m, &[]), "").0.unwrap(),
        TEST_C
    );
}

/// "Content-Base takes precedence over any Content-Location. If the latter is relative,
/// it must be resolved to its absolute form (like any relative URL) before it can be used
/// as the base URL for other references."
#[test]
fn content_base_over_content_location_and_a_relative_location() {
    let both = message(
        vec![
            field("Content-Location", " http://a/loc/x", 1),
            field("Content-Base", " http://a/base/y", 2),
        ],
        vec![a("z", 4)],
    );
    let found = run(Document::Draft1996, &both, &[]);
    assert_eq!(result(&found, 0), "http://a/base/z");

    let relative = message(
        vec![field("Content-Location", " sub/page", 1)],
        vec![a("z", 3)],
    );
    let found = run(Document::Draft1996, &relative, &["http://h/dir/index"]);
    assert_eq!(
        base_of(&found, ""),
        (Some("http://h/dir/sub/page".into()), Source::Content)
    );
    assert_eq!(result(&found, 0), "http://h/dir/sub/z");
    assert!(note_ids(&found).contains(&"base.relative-location-resolved"));
}

/// 3.2: "a composite entity can redefine the retrieval context of its component parts
/// via the inclusion of a base-header, and this redefinition applies recursively for a
/// hierarchy of composite parts."
#[test]
fn nested_parts_take_the_base_of_what_encloses_them() {
    let inner = Entity {
        media_type: Some("text/html".into()),
        references: vec![a("g", 9)],
        line: 8,
        ..Entity::default()
    };
    let own = Entity {
        fields: vec![field("Base", " <URL:http://own/x/y>", 12)],
        media_type: Some("text/html".into()),
        references: vec![a("g", 14)],
        line: 12,
        ..Entity::default()
    };
    let middle = Entity {
        fields: vec![field("Base", "<URL:http://mid/m/n>", 5)],
        media_type: Some("multipart/mixed".into()),
        children: vec![inner, own],
        line: 5,
        ..Entity::default()
    };
    let top = Entity {
        fields: vec![field("Base", " <URL:http://top/t/u>", 1)],
        media_type: Some("multipart/mixed".into()),
        children: vec![
            Entity {
                references: vec![a("g", 3)],
                line: 3,
                ..Entity::default()
            },
            middle,
        ],
        line: 1,
        ..Entity::default()
    };
    let found = run(Document::Rfc1808, &top, &["http://retrieved/r/s"]);
    let parts: Vec<&str> = found.entities.iter().map(|e| e.part.as_str()).collect();
    assert_eq!(parts, ["", "1", "2", "2.1", "2.2"]);
    assert_eq!(
        base_of(&found, ""),
        (Some("http://top/t/u".into()), Source::Content)
    );
    assert_eq!(
        base_of(&found, "1"),
        (Some("http://top/t/u".into()), Source::EncapsulatingEntity)
    );
    assert_eq!(
        base_of(&found, "2.1"),
        (Some("http://mid/m/n".into()), Source::EncapsulatingEntity)
    );
    assert_eq!(
        base_of(&found, "2.2"),
        (Some("http://own/x/y".into()), Source::Content)
    );
    let results: Vec<String> = (0..3).map(|i| result(&found, i)).collect();
    assert_eq!(
        results,
        ["http://top/t/g", "http://mid/m/g", "http://own/x/g"]
    );
}

/// 3.3: "if the retrieval was the result of a redirected request, the last URL used
/// [...] is the base URL."
#[test]
fn the_last_url_of_a_redirect_chain() {
    let page = Entity {
        references: vec![a("g", 1)],
        ..Entity::default()
    };
    let found = run(
        Document::Draft1996,
        &page,
        &["http://first/a/b", "http://last/c/d"],
    );
    assert_eq!(
        base_of(&found, ""),
        (Some("http://last/c/d".into()), Source::RetrievalUrl)
    );
    assert_eq!(result(&found, 0), "http://last/c/g");
}

/// RFC 3986 Section 5.1.4: "the base URI is defined by the context of the application";
/// with none, a relative reference has no target, one with a scheme still has one.
#[test]
fn rfc3986_default_is_the_applications() {
    let page = Entity {
        references: vec![a("g", 1), a("http://a/b/../c", 2)],
        ..Entity::default()
    };
    let found = run(Document::Rfc3986, &page, &[]);
    assert_eq!(base_of(&found, ""), (None, Source::Default));
    assert!(result(&found, 0).starts_with("error: a relative reference and no base"));
    // 5.2.2: "T.path = remove_dot_segments(R.path)".
    assert_eq!(result(&found, 1), "http://a/c");
    let cx = Context {
        retrieved_from: vec![],
        application_default: Some(b"http://app/x/y".to_vec()),
    };
    let found = establish(Document::Rfc3986.into(), &page, &cx).unwrap();
    assert_eq!(result(&found, 0), "http://app/x/g");
}

/// RFC 3986 Section 5.1: "If the base URI is obtained from a URI reference, then that
/// reference must be converted to absolute form and stripped of any fragment component".
#[test]
fn rfc3986_makes_a_relative_base_element_absolute() {
    let page = Entity {
        embedded: vec![base_el(Some("../other/page#top"), true, 2)],
        references: vec![a("g", 3)],
        ..Entity::default()
    };
    let found = run(Document::Rfc3986, &page, &["http://h/a/b/c"]);
    assert_eq!(
        base_of(&found, ""),
        (Some("http://h/a/other/page".into()), Source::Content)
    );
    // Appendix D: "The "HREF" attribute must be an absolute URL."
    let found = run(Document::Draft1996, &page, &["http://h/a/b/c"]);
    assert_eq!(
        base_of(&found, ""),
        (Some("http://h/a/b/c".into()), Source::RetrievalUrl)
    );
    assert_eq!(note_ids(&found), ["base.element-not-absolute"]);
}

#[test]
fn base_elements_that_do_not_count() {
    let page = Entity {
        embedded: vec![
            base_el(None, true, 2),
            base_el(Some("http://body/x"), false, 9),
            base_el(Some("http://first/x"), true, 3),
            base_el(Some("http://second/x"), true, 4),
        ],
        references: vec![a("g", 10)],
        ..Entity::default()
    };
    let found = run(Document::Rfc1808, &page, &[]);
    assert_eq!(base_of(&found, "").0.unwrap(), "http://first/x");
    assert_eq!(
        note_ids(&found),
        [
            "base.element-without-href",
            "base.element-outside-head",
            "base.repeated-element"
        ]
    );
}

#[test]
fn malformed_fields_give_no_base() {
    let unterminated = message(vec![field("Base", " <URL:http://a/b", 1)], vec![]);
    let found = run(Document::Rfc1808, &unterminated, &["http://r/s"]);
    assert_eq!(
        base_of(&found, ""),
        (Some("http://r/s".into()), Source::RetrievalUrl)
    );
    assert_eq!(note_ids(&found), ["base.field-breaks-grammar"]);

    let relative = message(vec![field("Content-Base", " a/b", 1)], vec![]);
    let found = run(Document::Draft1996, &relative, &["http://r/s"]);
    assert_eq!(base_of(&found, "").1, Source::RetrievalUrl);
    assert_eq!(note_ids(&found), ["base.field-breaks-grammar"]);

    let twice = message(
        vec![
            field("Content-Base", " http://one/", 1),
            field("Content-Base", " http://two/", 2),
        ],
        vec![],
    );
    let found = run(Document::Draft1996, &twice, &[]);
    assert_eq!(base_of(&found, "").0.unwrap(), "http://one/");
    assert_eq!(note_ids(&found), ["base.repeated-field"]);
}

/// RFC 2110 Section 4.1, to which RFC 2396 points: the fields are "meaningless in
/// multipart headings"; the 1996 draft lets "a composite entity [...] redefine the
/// retrieval context of its component parts via the inclusion of a Content-Base".
#[test]
fn a_multipart_heading_under_rfc2396() {
    let top = Entity {
        fields: vec![field("Content-Base", " http://top/t/u", 1)],
        media_type: Some("multipart/related".into()),
        children: vec![Entity {
            references: vec![a("g", 4)],
            line: 3,
            ..Entity::default()
        }],
        line: 1,
        ..Entity::default()
    };
    let found = run(Document::Draft1996, &top, &["http://r/s/t"]);
    assert_eq!(result(&found, 0), "http://top/t/g");
    let found = run(Document::Rfc2396, &top, &["http://r/s/t"]);
    assert_eq!(result(&found, 0), "http://r/s/g");
    assert_eq!(note_ids(&found), ["base.field-in-multipart-heading"]);
}

#[test]
fn documents_without_a_relative_form() {
    for doc in [Document::Draft03, Document::Draft06, Document::Rfc1738] {
        let e = establish(doc.into(), &Entity::default(), &Context::default()).unwrap_err();
        assert!(!e.quote.is_empty(), "{doc}");
    }
}

/// The October 1993 draft: with no official name and no context, only full forms.
#[test]
fn draft02_official_name_and_context() {
    let page = Entity {
        references: vec![a("g", 1), a("http://x/y", 2)],
        ..Entity::default()
    };
    let found = run(Document::Draft02, &page, &[]);
    assert!(result(&found, 0).starts_with("error:"));
    assert_eq!(result(&found, 1), "http://x/y");
    let found = run(Document::Draft02, &page, &["http://h/a/b"]);
    assert_eq!(result(&found, 0), "http://h/a/g");
}

/// The walk keeps its own stack.
#[test]
fn parts_nested_ten_thousand_deep() {
    let mut e = Entity {
        references: vec![a("g", 1)],
        ..Entity::default()
    };
    for _ in 0..10_000 {
        e = Entity {
            media_type: Some("multipart/mixed".into()),
            children: vec![e],
            ..Entity::default()
        };
    }
    e.fields.push(field("Content-Base", "http://deep/a/b", 1));
    let found = run(Document::Draft1996, &e, &[]);
    assert_eq!(found.entities.len(), 10_001);
    assert_eq!(result(&found, 0), "http://deep/a/g");
    // Free the chain without recursion.
    let mut stack = vec![e];
    while let Some(mut next) = stack.pop() {
        stack.append(&mut next.children);
    }
}

#[test]
fn a_field_with_a_fragment_breaks_its_production_or_gives_the_url_before_it() {
    // 5.1: `Content-Base = "Content-Base" ":" absoluteURL`, which has no fragment; Section
    // 3: ""the URL" which results from such a reference includes only the absolute URL
    // after the fragment identifier (if any) is removed".
    use crate::document::{DocReading, Reading};
    let cx = Context {
        retrieved_from: vec![b"http://r/s".to_vec()],
        application_default: None,
    };
    for doc in [Document::Draft1996, Document::Rfc2396] {
        for name in ["Content-Base", "Content-Location"] {
            let e = message(vec![field(name, " http://b/c#f#g", 1)], vec![]);
            let strict = establish(doc.into(), &e, &cx).unwrap();
            assert_eq!(base_of(&strict, "").1, Source::RetrievalUrl, "{doc} {name}");
            assert_eq!(note_ids(&strict), ["base.field-breaks-grammar"]);
            let reading = DocReading::new(doc, Reading::BaseFragmentRemoved);
            let removed = establish(reading, &e, &cx).unwrap();
            assert_eq!(
                base_of(&removed, ""),
                (Some("http://b/c".into()), Source::Content),
                "{reading} {name}"
            );
            assert_eq!(note_ids(&removed), ["base.fragment-stripped"]);
        }
    }
    // What is left must still derive: a relative Content-Base breaks the production
    // under either reading.
    let relative = message(vec![field("Content-Base", " b/c#f", 1)], vec![]);
    let reading = DocReading::new(Document::Draft1996, Reading::BaseFragmentRemoved);
    let found = establish(reading, &relative, &cx).unwrap();
    assert_eq!(base_of(&found, "").1, Source::RetrievalUrl);
    assert_eq!(
        note_ids(&found),
        ["base.fragment-stripped", "base.field-breaks-grammar"]
    );
}
