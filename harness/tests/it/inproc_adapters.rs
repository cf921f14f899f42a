//! The in-process adapters `iri-string` (RFC 3986) and `oxiri` (RFC 3987), asked
//! directly: answers from the crates' own documentation and RFC 3986's examples, and
//! their versions against Cargo.lock.

use crate::common::engines::{
    assert_linked_version, assert_splits_rfc3986_section_3, names_and_models,
};
use urlcert::ask::inproc::{self, IriString, Oxiri, IRI_STRING_VERSION, OXIRI_VERSION};
use urlcert::ask::{Answer, Ask, Engine, Model};

fn parsed(a: &mut dyn Engine, input: &str) -> Vec<(String, Option<String>)> {
    match a.parse(input.as_bytes()) {
        Answer::Parsed { components } => components.into_iter().collect(),
        other => panic!("{}: {input:?}: {other:?}", a.info().name),
    }
}

fn get(parts: &[(String, Option<String>)], name: &str) -> Option<String> {
    parts
        .iter()
        .find(|(k, _)| k == name)
        .unwrap_or_else(|| panic!("no {name} in {parts:?}"))
        .1
        .clone()
}

fn resolved(a: &mut dyn Engine, base: &str, reference: &str) -> String {
    match a.resolve(base.as_bytes(), reference.as_bytes()) {
        Answer::Resolved { result } => result,
        other => panic!(
            "{}: {reference:?} against {base:?}: {other:?}",
            a.info().name
        ),
    }
}

fn s(v: &str) -> Option<String> {
    Some(v.to_string())
}

#[test]
fn versions_come_from_the_linked_crates() {
    assert_linked_version(
        "iri-string",
        IRI_STRING_VERSION,
        &IriString::new().info().version,
    );
    assert_linked_version("oxiri", OXIRI_VERSION, &Oxiri::new().info().version);
}

#[test]
fn every_in_process_adapter_is_named_and_modelled() {
    assert_eq!(
        names_and_models(&inproc::every()),
        [
            ("url".to_string(), Model::Whatwg),
            ("fluent-uri".to_string(), Model::Rfc3986),
            ("iri-string".to_string(), Model::Rfc3986),
            ("oxiri".to_string(), Model::Rfc3986),
        ]
    );
    assert!(inproc::by_name("iri-string").is_some());
    assert!(inproc::by_name("oxiri").is_some());
}

#[test]
fn iri_string_parses_as_its_documentation_says() {
    let mut a = IriString::new();
    // RFC 3986 Section 3's example, which iri-string's `UriReferenceStr` getters
    // (scheme_str, authority_components, path_str, query_str, fragment_str) split.
    assert_splits_rfc3986_section_3(&mut a);
    // AuthorityComponents docs: "user:pass@example.com:8080" has userinfo "user:pass".
    let p = parsed(&mut a, "http://user:pass@example.com:8080/");
    assert_eq!(get(&p, "userinfo"), s("user:pass"));
    assert_eq!(get(&p, "port"), s("8080"));
    // A relative reference is a URI-reference (Section 4.1).
    let p = parsed(&mut a, "../g?y#s");
    assert_eq!(get(&p, "scheme"), None);
    assert_eq!(get(&p, "host"), None);
    assert_eq!(get(&p, "path"), s("../g"));
    // The URI types take no non-ASCII (that is what the IRI types are for), nor a space.
    assert!(matches!(
        a.parse("http://example.com/\u{3042}".as_bytes()),
        Answer::Rejected { .. }
    ));
    assert!(matches!(a.parse(b"http://a b/"), Answer::Rejected { .. }));
    assert!(matches!(
        a.parse(b"http://h/\xfe"),
        Answer::Unsupported { .. }
    ));
}

#[test]
fn iri_string_resolves_as_its_documentation_says() {
    let mut a = IriString::new();
    // iri_string::resolve docs: "../there" against "http://example.com/base/".
    assert_eq!(
        resolved(&mut a, "http://example.com/base/", "../there"),
        "http://example.com/there"
    );
    // RFC 3986 Section 5.4.1.
    let base = "http://a/b/c/d;p?q";
    assert_eq!(resolved(&mut a, base, "../g"), "http://a/b/g");
    assert_eq!(resolved(&mut a, base, "g;x=1/../y"), "http://a/b/c/y");
    assert_eq!(resolved(&mut a, base, "?y"), "http://a/b/c/d;p?y");
    // The resolve module's docs: base "scheme:" with ".///bar" cannot be written under
    // RFC 3986 (a path starting "//" without an authority): rejected.
    assert!(matches!(
        a.resolve(b"scheme:", b".///bar"),
        Answer::Rejected { .. }
    ));
}

#[test]
fn oxiri_parses_and_resolves_as_its_documentation_says() {
    let mut a = Oxiri::new();
    // The crate's documentation: "bat#foo" against "http://foo.com/bar/baz" is
    // "http://foo.com/bar/bat#foo", with authority "foo.com", path "/bar/bat", no
    // query, fragment "foo".
    let r = resolved(&mut a, "http://foo.com/bar/baz", "bat#foo");
    assert_eq!(r, "http://foo.com/bar/bat#foo");
    let p = parsed(&mut a, &r);
    assert_eq!(get(&p, "scheme"), s("http"));
    assert_eq!(get(&p, "host"), s("foo.com"));
    assert_eq!(get(&p, "userinfo"), None);
    assert_eq!(get(&p, "port"), None);
    assert_eq!(get(&p, "path"), s("/bar/bat"));
    assert_eq!(get(&p, "query"), None);
    assert_eq!(get(&p, "fragment"), s("foo"));
    // RFC 3987 allows non-ASCII characters (ucschar) in an IRI.
    let p = parsed(&mut a, "http://example.com/\u{3042}");
    assert_eq!(get(&p, "path"), s("/\u{3042}"));
    // The authority read off at its delimiters.
    let p = parsed(&mut a, "ldap://u@[2001:db8::7]:389/c=GB?objectClass?one");
    assert_eq!(get(&p, "userinfo"), s("u"));
    assert_eq!(get(&p, "host"), s("[2001:db8::7]"));
    assert_eq!(get(&p, "port"), s("389"));
    assert_eq!(get(&p, "query"), s("objectClass?one"));
    // RFC 3986 Section 5.4.1.
    assert_eq!(
        resolved(&mut a, "http://a/b/c/d;p?q", "../../g"),
        "http://a/g"
    );
    // Not an IRI: a space, an unclosed IP literal.
    assert!(matches!(a.parse(b"http://a b/"), Answer::Rejected { .. }));
    assert!(matches!(a.parse(b"http://[::1/"), Answer::Rejected { .. }));
    assert!(matches!(a.parse(b"\xff"), Answer::Unsupported { .. }));
}

/// The expected-failure lists shipped for the adapters that are always there (the
/// reference, the in-process crates, the recordings) are current: `certify --strict`
/// passes for each against its list in `harness/expected/`. A case whose expectation
/// changes must take the lists with it (`certify --adapter NAME --update-expected`).
#[test]
fn the_shipped_lists_of_the_always_available_adapters_are_current() {
    let scratch = tempfile::tempdir().unwrap();
    let mut stale = Vec::new();
    for name in [
        "reference",
        "url",
        "fluent-uri",
        "iri-string",
        "oxiri",
        "recorded-libwww-perl-5.14",
        "recorded-lynx-2.7.1",
        "recorded-mosaic-2.6",
        "recorded-mozilla-4.03",
        "recorded-msie-3.01",
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_urlcert"))
            .args(["certify", "--adapter", name, "--strict", "--out"])
            .arg(scratch.path().join(name))
            .current_dir(crate::common::programs::repo_root())
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let verdict = stdout.lines().last().unwrap_or_default();
        if out.status.code() != Some(0) || !verdict.starts_with("certify --strict: passed: ") {
            stale.push(format!(
                "{name}:\n{stdout}{}",
                String::from_utf8_lossy(&out.stderr)
            ));
        }
    }
    assert!(stale.is_empty(), "{}", stale.join("\n"));
}
