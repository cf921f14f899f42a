//! What the resolution texts imply beyond their examples, checked on generated bases and
//! references: RFC 1808 Section 4, the 1996 draft's Section 6, and the October 1993
//! partial form. The resolvers must never panic, whatever the bytes.

use urlcert_reference::{resolve, DocReading, Document, Reading, Resolution, Unresolvable};

mod common;

use common::Xorshift;

const PIECES: &[&str] = &[
    "g", "b", "/", "/", ".", "..", "./", "../", "?", "#", ";", ":", "@", "//", "x=1", "%2F",
];
const BASES: &[&str] = &[
    "http://a/b/c/d;p?q",
    "http://a/b/c/d;p?q#f",
    "http://a",
    "http://a/",
    "http://a/b;p/c",
    "http://a/b/c/d?q/r",
    "file:/x/y",
    "news:comp.x",
    "ftp://u:p@h:21/a/b;type=d",
];

fn resolvers() -> Vec<DocReading> {
    vec![
        Document::Draft1996.into(),
        Document::Rfc1808.into(),
        Document::Draft02.into(),
        DocReading::new(Document::Draft02, Reading::PathExcludesSearch),
        DocReading::new(Document::Draft02, Reading::XxxExcludesDots),
    ]
}

/// `(base, reference)` pairs: the bases above with generated references, and generated
/// bases behind an "http://a/" prefix.
fn pairs(n: usize) -> Vec<(String, String)> {
    let mut g = Xorshift(0x5eed_1996);
    (0..n)
        .map(|i| {
            let base = if i % 3 == 0 {
                format!("http://a/{}", text(&g.pieces(PIECES, 7)))
            } else {
                g.pick(BASES).to_string()
            };
            (base, text(&g.pieces(PIECES, 9)))
        })
        .collect()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn resolved(doc: impl Into<DocReading>, base: &str, reference: &str) -> Resolution {
    resolve(doc.into(), base.as_bytes(), reference.as_bytes(), false).unwrap()
}

/// Everything after the server of a URL that has one ("" when nothing follows it), or
/// the whole URL.
fn after_server(url: &str) -> &str {
    url.split_once("//")
        .map_or(url, |(_, rest)| rest.find('/').map_or("", |i| &rest[i..]))
}

/// The server of a URL as Section 4.3.1 (and RFC 1808 Section 2.4.3) finds it.
fn server(url: &str) -> Option<&str> {
    let url = url.split('#').next().unwrap_or(url);
    let rest = url.split_once(':').map(|(_, r)| r)?;
    let rest = rest.strip_prefix("//")?;
    Some(rest.split('/').next().unwrap_or(rest))
}

#[test]
fn an_absolute_reference_comes_back_unchanged() {
    // 2b in RFC 1808 and the 1996 draft; "the full form" in 1993.
    for (base, _) in pairs(300) {
        for reference in [
            "g:h",
            "http:g",
            "http:",
            "ftp://x/../y",
            "a+b.c-d:./..",
            "x:#y",
        ] {
            for doc in resolvers() {
                let r = resolved(doc, &base, reference);
                assert_eq!(text(&r.result), reference, "{doc}: {base} + {reference}");
            }
        }
    }
}

#[test]
fn dotdot_never_changes_the_server() {
    // RFC 1808 §5.2 and the 1996 draft's C.2: "the ".." syntax cannot be used to change
    // the <server> of a URL". Only a reference that gives a server ("//") changes it.
    for (base, reference) in pairs(3000) {
        if reference.starts_with("//") {
            continue;
        }
        for doc in [Document::Draft1996, Document::Rfc1808] {
            let r = resolved(doc, &base, &reference);
            if r.result == reference.as_bytes() {
                continue; // Step 2b: the reference had a scheme.
            }
            let result = text(&r.result);
            if server(&base).is_none() && server(&result) == Some("") {
                // A path that begins with "//" after a base with no server: Step 7 has
                // no way to write it that does not read back as a server. The texts do
                // not address it; the components are right, the string is ambiguous.
                continue;
            }
            assert_eq!(
                server(&result),
                server(&base),
                "{doc}: {base} + {reference} = {result}"
            );
        }
    }
}

#[test]
fn a_result_is_absolute_and_resolving_it_again_changes_nothing() {
    let others = ["http://z/y/x", "ftp://q/", "news:a.b"];
    for (base, reference) in pairs(3000) {
        for doc in [Document::Draft1996, Document::Rfc1808] {
            let r = resolved(doc, &base, &reference);
            let result = text(&r.result);
            // Absolute: it starts with a scheme name (Section 4.1 / RFC 1808 §2.4.2).
            let scheme = result.split(':').next().unwrap_or("");
            assert!(
                result.contains(':')
                    && !scheme.is_empty()
                    && scheme
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b)),
                "{doc}: {base} + {reference} = {result} is not absolute"
            );
            for other in others {
                let again = resolve(doc.into(), other.as_bytes(), &r.result, false).unwrap();
                assert_eq!(text(&again.result), result, "{doc}: {other} + {result}");
            }
        }
    }
}

#[test]
fn step_6_leaves_no_dot_segments_it_can_remove() {
    // After 6a-6d no complete "." segment is left, and no "<segment>/.." with a segment
    // other than "..".
    for (base, reference) in pairs(3000) {
        let r = resolved(Document::Draft1996, &base, &reference);
        if !r.step_ids().contains(&"6") {
            continue;
        }
        let result = text(&r.result);
        let path = after_server(result.split(['?', '#']).next().unwrap_or(""));
        let segments: Vec<&str> = path.split('/').skip(1).collect();
        assert!(!segments.contains(&"."), "{base} + {reference} = {result}");
        for w in segments.windows(2) {
            assert!(
                !(w[1] == ".." && w[0] != ".."),
                "{base} + {reference} = {result}"
            );
        }
    }
}

#[test]
fn the_1996_draft_keeps_the_references_fragment_and_never_the_bases() {
    for (base, reference) in pairs(2000) {
        let r = resolved(Document::Draft1996, &base, &reference);
        let result = text(&r.result);
        let fragment = |s: &str| s.split_once('#').map(|(_, f)| f.to_string());
        assert_eq!(
            fragment(&result),
            fragment(&reference),
            "{base} + {reference}"
        );
    }
}

#[test]
fn the_1993_literal_reading_leaves_no_pattern_behind() {
    // "all occurrences of "/xxx/.." or "/." are recursively removed": none may remain
    // after the host in a relative-path result.
    for (base, reference) in pairs(2000) {
        let doc = DocReading::new(Document::Draft02, Reading::Strict);
        let r = resolved(doc, &base, &reference);
        if !r.step_ids().contains(&"remove-dots") {
            continue;
        }
        let result = text(&r.result);
        let after_host = after_server(&result);
        let elements: Vec<&str> = after_host.split('/').skip(1).collect();
        assert!(!elements.contains(&"."), "{base} + {reference} = {result}");
        assert!(
            !elements.iter().skip(1).any(|e| *e == ".."),
            "{base} + {reference} = {result}"
        );
    }
}

#[test]
fn documents_without_a_relative_form_say_so() {
    for doc in [Document::Draft03, Document::Draft06, Document::Rfc1738] {
        let e = resolve(doc.into(), b"http://a/b", b"g", false).unwrap_err();
        assert!(matches!(e, Unresolvable::NotDefined { .. }), "{doc}: {e}");
    }
}

#[test]
fn hostile_bytes_never_panic_and_a_base_without_scheme_is_refused() {
    let mut g = Xorshift(7);
    let bytes: Vec<u8> = (0..=255).collect();
    for _ in 0..3000 {
        let n = (g.draw() % 24) as usize;
        let base: Vec<u8> = (0..n).map(|_| *g.pick(&bytes)).collect();
        let reference: Vec<u8> = (0..n).map(|_| *g.pick(&bytes)).collect();
        for doc in resolvers() {
            let _ = resolve(doc, &base, &reference, true);
        }
    }
    for doc in resolvers() {
        let e = resolve(doc, b"a/b", b"g", false).unwrap_err();
        assert!(matches!(e, Unresolvable::BaseNotAbsolute { .. }), "{doc}");
    }
    // A long reference: one pass, no quadratic rescans (timed by `cargo bench`, not here).
    let long = "a/../".repeat(200_000) + "g";
    for doc in resolvers() {
        let r = resolve(doc, b"http://h/b/c", long.as_bytes(), false).unwrap();
        assert!(r.result.ends_with(b"/g"), "{doc}");
    }
}
