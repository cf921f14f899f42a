//! The in-process adapters and comparison by meaning (`urlcert::judge::meaning`).
//!
//! Expectations come from the documents: the WHATWG URL Standard's example table
//! (Section 4, "URLs", the table of inputs, bases and outputs of the URL parser) and the
//! getters of its URL API (Section 6); RFC 3986 Section 3's example and Section 5.4's
//! resolution examples; the historical documents' own cases.

use crate::common::documented::rfc3986_section_5_4;
use crate::common::engines::{
    assert_linked_version, assert_splits_rfc3986_section_3, names_and_models,
};
use urlcert::ask::inproc::{self, FluentUri, WhatwgUrl, FLUENT_URI_VERSION, URL_VERSION};
use urlcert::ask::{Answer, Ask, Engine, Fault, Info, Model, Operation, Parts};
use urlcert::case::{self, Case, Expectation};
use urlcert::judge::meaning::{self, NORMALISATIONS};

/// The judge by meaning, asked a case's request.
fn judge(c: &Case, doc: DocReading, e: &Expectation, info: &Info, answer: &Answer) -> Judged {
    c.with_request(|r| meaning::judge(r, doc, e, info, answer))
}
use urlcert::judge::{Class, Judged};
use urlcert_reference::DocReading;

// ------------------------------------------------------------------ helpers

fn case(yaml: &str) -> Case {
    serde_yaml::from_str(yaml).unwrap_or_else(|e| panic!("test case does not load: {e}"))
}

fn parts(items: &[(&str, Option<&str>)]) -> Parts {
    items
        .iter()
        .map(|(k, v)| (k.to_string(), v.map(str::to_string)))
        .collect()
}

fn info(model: Model) -> Info {
    Info {
        name: "test-adapter".into(),
        version: "0".into(),
        model,
        operations: vec![Operation::Parse, Operation::Resolve],
        argv: None,
    }
}

/// Judges `answer` against the case's only expectation.
fn judge_one(c: &Case, model: Model, answer: &Answer) -> Judged {
    assert_eq!(c.expect.len(), 1, "the helper takes one expectation");
    let (key, e) = c.expect.iter().next().unwrap();
    judge(c, key.0, e, &info(model), answer)
}

fn parsed(items: &[(&str, Option<&str>)]) -> Answer {
    Answer::Parsed {
        components: parts(items),
    }
}

fn rejected() -> Answer {
    Answer::Rejected {
        message: "no".into(),
    }
}

/// RFC 1738 §3.3's http URL with every part the production allows.
const HTTP_CASE: &str = r#"
id: t.http
op: parse
input: "http://host.dom:8080/a/b?q"
cite: [{doc: rfc1738, section: "3.3"}]
expect:
  rfc1738:
    verdict: valid
    components: {scheme: "http", host: "host.dom", port: "8080", hpath: "a/b", search: "q"}
"#;

const RESOLVE_CASE: &str = r#"
id: t.resolve
op: resolve
base: "http://a/b/c/d;p?q"
input: "../g"
cite: [{doc: rfc1808, section: "5.1"}]
expect:
  rfc1808:
    result: "http://a/b/g"
"#;

// ------------------------------------------------------------------ one test per class

#[test]
fn agree_when_components_mean_the_same() {
    // The URL API's getters for this input (URL Standard §6): decorations included.
    let answer = parsed(&[
        ("protocol", Some("http:")),
        ("username", Some("")),
        ("password", Some("")),
        ("hostname", Some("host.dom")),
        ("port", Some("8080")),
        ("pathname", Some("/a/b")),
        ("search", Some("?q")),
        ("hash", Some("")),
    ]);
    let j = judge_one(&case(HTTP_CASE), Model::Whatwg, &answer);
    assert_eq!(j.class, Class::Agree, "{j:?}");
    // The same in RFC 3986's model.
    let answer = parsed(&[
        ("scheme", Some("http")),
        ("userinfo", None),
        ("host", Some("host.dom")),
        ("port", Some("8080")),
        ("path", Some("/a/b")),
        ("query", Some("q")),
        ("fragment", None),
    ]);
    let j = judge_one(&case(HTTP_CASE), Model::Rfc3986, &answer);
    assert_eq!(j.class, Class::Agree, "{j:?}");
}

#[test]
fn verdict_when_one_accepts_and_the_other_rejects() {
    let j = judge_one(&case(HTTP_CASE), Model::Rfc3986, &rejected());
    assert_eq!(j.class, Class::Verdict);
    assert!(j.expected.contains("valid"), "{j:?}");
    assert!(j.actual.contains("rejected"), "{j:?}");

    // RFC 1738 §5: a scheme is letters, digits, "+", "-" and "."; with a space in it,
    // no production of `url` matches.
    let invalid = case(
        r#"
id: t.invalid
op: parse
input: "ht tp://h/"
cite: [{doc: rfc1738, section: "5"}]
expect:
  rfc1738: {verdict: invalid}
"#,
    );
    let j = judge_one(&invalid, Model::Rfc3986, &parsed(&[("scheme", None)]));
    assert_eq!(j.class, Class::Verdict);
    let j = judge_one(&invalid, Model::Rfc3986, &rejected());
    assert_eq!(j.class, Class::Agree);
}

#[test]
fn component_names_the_first_document_component_that_differs() {
    // A parser that removes dot segments at parse time: the document keeps them.
    let c = case(
        r#"
id: t.dots
op: parse
input: "http://h/a/../b?q"
cite: [{doc: draft-1996, section: "4.3"}]
expect:
  draft-1996:
    verdict: valid
    components: {scheme: "http", host: "h", path: "a/../b", query: "x"}
"#,
    );
    let answer = parsed(&[
        ("protocol", Some("http:")),
        ("hostname", Some("h")),
        ("port", Some("")),
        ("pathname", Some("/b")),
        ("search", Some("?q")),
        ("hash", Some("")),
        ("username", Some("")),
        ("password", Some("")),
    ]);
    let j = judge_one(&c, Model::Whatwg, &answer);
    assert_eq!(j.class, Class::Component);
    // `path` comes before `query` in the document's order, though both differ.
    assert_eq!(j.component.as_deref(), Some("path"));
    assert!(j.expected.contains("\"a/../b\""), "{j:?}");
    assert!(j.actual.contains("\"b\""), "{j:?}");
}

#[test]
fn resolution_when_results_differ_or_none_is_given() {
    let c = case(RESOLVE_CASE);
    let j = judge_one(
        &c,
        Model::Rfc3986,
        &Answer::Resolved {
            result: "http://a/b/g".into(),
        },
    );
    assert_eq!(j.class, Class::Agree);
    let j = judge_one(
        &c,
        Model::Rfc3986,
        &Answer::Resolved {
            result: "http://a/g".into(),
        },
    );
    assert_eq!(j.class, Class::Resolution);
    let j = judge_one(&c, Model::Rfc3986, &rejected());
    assert_eq!(j.class, Class::Resolution);

    // A base without a scheme: the document gives no result (invalid).
    let invalid = case(
        r#"
id: t.resolve.invalid
op: resolve
base: "a/b"
input: "g"
cite: [{doc: rfc1808, section: "4"}]
expect:
  rfc1808: {verdict: invalid}
"#,
    );
    let j = judge_one(
        &invalid,
        Model::Rfc3986,
        &Answer::Resolved {
            result: "a/g".into(),
        },
    );
    assert_eq!(j.class, Class::Resolution);
    let j = judge_one(&invalid, Model::Rfc3986, &rejected());
    assert_eq!(j.class, Class::Agree);
}

#[test]
fn unsupported_for_not_defined_extract_and_unsupported_answers() {
    // draft-03's `url` is a closed list of schemes: `foo:` is not-defined.
    let not_defined = case(
        r#"
id: t.nd
op: parse
input: "foo:bar"
cite: [{doc: draft-03, section: "BNF"}]
expect:
  draft-03: {verdict: not-defined}
"#,
    );
    let j = judge_one(&not_defined, Model::Rfc3986, &parsed(&[]));
    assert_eq!(j.class, Class::Unsupported);

    let resolve_nd = case(
        r#"
id: t.rnd
op: resolve
base: "http://a/b"
input: "g"
cite: [{doc: rfc1738, section: "5"}]
expect:
  rfc1738: {verdict: not-defined}
"#,
    );
    let j = judge_one(
        &resolve_nd,
        Model::Whatwg,
        &Answer::Resolved {
            result: "http://a/g".into(),
        },
    );
    assert_eq!(j.class, Class::Unsupported);

    let extract = case(
        r#"
id: t.extract
op: extract
input: "see <URL:http://h/>"
cite: [{doc: rfc1738, section: "APPENDIX"}]
expect:
  rfc1738:
    urls: [{url: "http://h/"}]
"#,
    );
    let j = judge_one(&extract, Model::Whatwg, &parsed(&[]));
    assert_eq!(j.class, Class::Unsupported);

    let j = judge_one(
        &case(HTTP_CASE),
        Model::Whatwg,
        &Answer::Unsupported {
            why: "not UTF-8".into(),
        },
    );
    assert_eq!(j.class, Class::Unsupported);
}

/// RFC 1808 Section 10's example document, and RFC 3986's reading of a document with
/// no base: a relative reference has no absolute form (`no-base`).
const LINKS_CASE: &str = r#"
id: t.links
op: links
retrieved_from: ["http://elsewhere.example/p/q"]
input: |
  <BASE href="http://www.ics.uci.edu/Test/a/b/c"><A href="../x">a</A>
  <a href="http://H.example/a/./b">b</a> <img src="g">
cite: [{doc: rfc1808, section: "10"}]
expect:
  rfc1808:
    links:
    - {href: "../x", result: "http://www.ics.uci.edu/Test/a/x", source: content}
    - {href: "http://H.example/a/./b", result: "http://H.example/a/./b"}
    - {href: "g", error: no-base}
"#;

fn link(href: &str, result: Option<&str>) -> urlcert::ask::LinkAnswer {
    urlcert::ask::LinkAnswer {
        href: href.into(),
        result: result.map(str::to_string),
    }
}

fn links(items: &[(&str, Option<&str>)]) -> Answer {
    Answer::Links {
        links: items.iter().map(|(h, r)| link(h, *r)).collect(),
    }
}

#[test]
fn links_agree_link_by_link() {
    let c = case(LINKS_CASE);
    // The same hrefs in order; results equal under the model's normalisations (the
    // host's case); an expected error agrees with a null result.
    let j = judge_one(
        &c,
        Model::Whatwg,
        &links(&[
            ("../x", Some("http://www.ics.uci.edu/Test/a/x")),
            ("http://H.example/a/./b", Some("http://h.example/a/./b")),
            ("g", None),
        ]),
    );
    assert_eq!(j.class, Class::Agree, "{j:?}");
    assert!(j.expected.contains("3 link(s)"), "{}", j.expected);
    // A link that gives neither result nor error is checked on its href alone.
    let href_only = case(
        r#"
id: t.href-only
op: links
input: '<a href="g">'
cite: [{doc: rfc1808, section: "10"}]
expect:
  rfc1808:
    links: [{href: "g"}]
"#,
    );
    let j = judge_one(&href_only, Model::Whatwg, &links(&[("g", Some("about:g"))]));
    assert_eq!(j.class, Class::Agree, "{j:?}");
    // `links: []` and no links.
    let none = case(
        r#"
id: t.none
op: links
input: "no markup"
cite: [{doc: rfc1808, section: "10"}]
expect:
  rfc1808:
    links: []
"#,
    );
    assert_eq!(
        judge_one(&none, Model::Whatwg, &links(&[])).class,
        Class::Agree
    );
}

#[test]
fn links_that_differ_are_a_resolution_naming_the_first() {
    let c = case(LINKS_CASE);
    let first = ("../x", Some("http://www.ics.uci.edu/Test/a/x"));
    let second = ("http://H.example/a/./b", Some("http://h.example/a/./b"));
    // Another result.
    let j = judge_one(
        &c,
        Model::Whatwg,
        &links(&[
            first,
            ("http://H.example/a/./b", Some("http://h.example/a/b")),
            ("g", None),
        ]),
    );
    assert_eq!(j.class, Class::Resolution);
    assert_eq!(
        j.expected,
        r#"rfc1808: links[1] "http://H.example/a/./b" -> "http://H.example/a/./b" (of 3)"#
    );
    assert_eq!(
        j.actual,
        r#"test-adapter: links[1] "http://H.example/a/./b" -> "http://h.example/a/b" (of 3)"#
    );
    // An expected error against a result, an expected result against null.
    let j = judge_one(
        &c,
        Model::Whatwg,
        &links(&[first, second, ("g", Some("about:g"))]),
    );
    assert_eq!(j.class, Class::Resolution);
    assert!(
        j.expected.contains(r#"links[2] "g" -> (no-base)"#),
        "{}",
        j.expected
    );
    assert!(
        j.actual.contains(r#"links[2] "g" -> "about:g""#),
        "{}",
        j.actual
    );
    let j = judge_one(
        &c,
        Model::Whatwg,
        &links(&[("../x", None), second, ("g", None)]),
    );
    assert_eq!(j.class, Class::Resolution);
    assert!(
        j.actual.contains(r#"links[0] "../x" -> null"#),
        "{}",
        j.actual
    );
    // Another href, a link missing, a link too many.
    let j = judge_one(
        &c,
        Model::Whatwg,
        &links(&[first, ("y", None), ("g", None)]),
    );
    assert_eq!(j.class, Class::Resolution);
    assert!(j.actual.contains(r#"links[1] "y""#), "{}", j.actual);
    let j = judge_one(&c, Model::Whatwg, &links(&[first, second]));
    assert_eq!(j.class, Class::Resolution);
    assert_eq!(j.actual, "test-adapter: links[2] (no such link) (of 2)");
    let j = judge_one(
        &c,
        Model::Whatwg,
        &links(&[first, second, ("g", None), ("extra", None)]),
    );
    assert_eq!(j.class, Class::Resolution);
    assert!(
        j.expected.contains("links[3] (no such link)"),
        "{}",
        j.expected
    );
    // A program that refuses the whole document gives none of its links.
    assert_eq!(
        judge_one(&c, Model::Whatwg, &rejected()).class,
        Class::Resolution
    );
    // An answer of another kind is the adapter's error.
    let j = judge_one(
        &c,
        Model::Whatwg,
        &Answer::Resolved {
            result: "http://a/".into(),
        },
    );
    assert_eq!(j.class, Class::AdapterError);
}

#[test]
fn links_with_nothing_to_compare_and_base_cases_are_unsupported() {
    let not_defined = case(
        r#"
id: t.links-nd
op: links
input: '<a href="g">'
cite: [{doc: rfc1738, section: "2.3"}]
expect:
  rfc1738: {verdict: not-defined}
"#,
    );
    let j = judge_one(&not_defined, Model::Whatwg, &links(&[("g", None)]));
    assert_eq!(j.class, Class::Unsupported);
    let base = case(
        r#"
id: t.base
op: base
input: '<a href="g">'
cite: [{doc: rfc1808, section: "3"}]
expect:
  rfc1808:
    bases: [{part: "", base: "", source: default}]
"#,
    );
    let j = judge_one(&base, Model::Whatwg, &links(&[("g", None)]));
    assert_eq!(j.class, Class::Unsupported);
    assert!(j.expected.contains("only the reference"), "{}", j.expected);
    // The classes stay eight.
    assert_eq!(urlcert::report::CLASSES.len(), 8);
}

#[test]
fn faults_are_crash_timeout_or_adapter_error() {
    let c = case(HTTP_CASE);
    let fault = |f: Fault| judge_one(&c, Model::Whatwg, &Answer::Fault { fault: f }).class;
    assert_eq!(
        fault(Fault::Crash {
            detail: "signal 11".into()
        }),
        Class::Crash
    );
    assert_eq!(fault(Fault::Timeout { after_ms: 300 }), Class::Timeout);
    for f in [
        Fault::Spawn {
            detail: "no such file".into(),
        },
        Fault::EarlyExit {
            detail: "status 0".into(),
        },
        Fault::Garbage {
            detail: "not JSON".into(),
        },
        Fault::Oversized { bytes: 1 << 24 },
        Fault::StderrFlood { bytes: 1 << 24 },
    ] {
        assert_eq!(fault(f), Class::AdapterError);
    }
    // The wrong kind of answer is the adapter's error too.
    let j = judge_one(
        &c,
        Model::Whatwg,
        &Answer::Resolved {
            result: "http://h/".into(),
        },
    );
    assert_eq!(j.class, Class::AdapterError);
}

// ------------------------------------------------------------------ normalisations

#[test]
fn every_normalisation_has_a_reason_and_models() {
    for n in NORMALISATIONS {
        assert!(!n.reason.trim().is_empty(), "{} has no reason", n.id);
        assert!(!n.models.is_empty(), "{} applies to no model", n.id);
    }
}

#[test]
fn declared_normalisations_make_equal_meanings_agree() {
    // RFC 1738 §2.1 (scheme names case-insensitive) and §3.3 (http default port 80):
    // the document reports "HTTP" and "80" as written; WHATWG lower-cases the scheme
    // and drops the default port (URL Standard §4.4, scheme and port states).
    let c = case(
        r#"
id: t.norm
op: parse
input: "HTTP://Host.Dom:80/%7e"
cite: [{doc: rfc1738, section: "3.3"}]
expect:
  rfc1738@scheme-case-ignore:
    verdict: valid
    components: {scheme: "HTTP", host: "Host.Dom", port: "80", hpath: "%7e", search: null}
"#,
    );
    let answer = parsed(&[
        ("protocol", Some("http:")),
        ("username", Some("")),
        ("password", Some("")),
        ("hostname", Some("host.dom")),
        ("port", Some("")),
        ("pathname", Some("/%7E")),
        ("search", Some("")),
        ("hash", Some("")),
    ]);
    let j = judge_one(&c, Model::Whatwg, &answer);
    assert_eq!(j.class, Class::Agree, "{j:?}");

    // RFC 3986 tells absent from empty: an empty query is not an absent search.
    let rfc = parsed(&[
        ("scheme", Some("HTTP")),
        ("host", Some("Host.Dom")),
        ("port", Some("80")),
        ("path", Some("/%7e")),
        ("query", Some("")),
    ]);
    let j = judge_one(&c, Model::Rfc3986, &rfc);
    assert_eq!(j.class, Class::Component);
    assert_eq!(j.component.as_deref(), Some("search"));

    // Only WHATWG drops default ports: RFC 3986's model gives "80" back.
    let rfc_no_port = parsed(&[
        ("scheme", Some("http")),
        ("host", Some("host.dom")),
        ("port", None),
        ("path", Some("/%7e")),
        ("query", None),
    ]);
    let j = judge_one(&c, Model::Rfc3986, &rfc_no_port);
    assert_eq!(j.component.as_deref(), Some("port"), "{j:?}");
}

#[test]
fn an_empty_path_and_a_slash_path_are_one_for_whatwg() {
    // RFC 1738 §5: httpurl = "http://" hostport [ "/" hpath [ "?" search ]], so
    // `http://h` has no hpath; WHATWG gives its pathname as "/".
    let c = case(
        r#"
id: t.empty-path
op: parse
input: "http://h"
cite: [{doc: rfc1738, section: "3.3"}]
expect:
  rfc1738:
    verdict: valid
    components: {scheme: "http", host: "h", port: null, hpath: null, search: null}
"#,
    );
    let (key, e) = c.expect.iter().next().unwrap();
    let j = judge(
        &c,
        key.0,
        e,
        WhatwgUrl::new().info(),
        &WhatwgUrl::new().parse(c.input.as_bytes()),
    );
    assert_eq!(j.class, Class::Agree, "{j:?}");
    // RFC 3986: the path is empty (present), which RFC 1738 calls no hpath.
    let j = judge(
        &c,
        key.0,
        e,
        FluentUri::new().info(),
        &FluentUri::new().parse(c.input.as_bytes()),
    );
    assert_eq!(j.class, Class::Agree, "{j:?}");
}

#[test]
fn rfc1808_params_and_net_loc_come_from_the_path_and_the_authority() {
    // RFC 1808 §2.4.5: params follow the path's first ";"; §2.4.3: net_loc is the
    // authority as written.
    let c = case(
        r#"
id: t.params
op: parse
input: "http://u:p@h:81/a;b?q#f"
cite: [{doc: rfc1808, section: "2.4"}]
expect:
  rfc1808:
    verdict: valid
    components: {scheme: "http", net_loc: "u:p@h:81", path: "a", params: "b", query: "q", fragment: "f"}
"#,
    );
    let (key, e) = c.expect.iter().next().unwrap();
    for mut a in inproc::all() {
        let answer = a.parse(c.input.as_bytes());
        let j = judge(&c, key.0, e, a.info(), &answer);
        assert_eq!(j.class, Class::Agree, "{}: {j:?}", a.info().name);
    }
}

#[test]
fn resolution_results_are_compared_after_normalising() {
    let c = case(
        r#"
id: t.resolve.norm
op: resolve
base: "http://a/b/c/d;p?q"
input: "//g"
cite: [{doc: rfc1808, section: "5.1"}]
expect:
  rfc1808:
    result: "http://g"
"#,
    );
    // WHATWG serialises an empty special path as "/" (URL Standard §4.4).
    let j = judge_one(
        &c,
        Model::Whatwg,
        &Answer::Resolved {
            result: "http://g/".into(),
        },
    );
    assert_eq!(j.class, Class::Agree, "{j:?}");
    // RFC 3986 does not: "http://g/" is another URI there.
    let j = judge_one(
        &c,
        Model::Rfc3986,
        &Answer::Resolved {
            result: "http://g/".into(),
        },
    );
    assert_eq!(j.class, Class::Resolution, "{j:?}");
    assert_eq!(
        meaning::normalise_url(Model::Whatwg, "HTTP://G:80/%7e"),
        "http://g/%7E"
    );
}

#[test]
fn hostile_strings_stay_on_one_line() {
    let c = case(HTTP_CASE);
    let j = judge_one(
        &c,
        Model::Whatwg,
        &Answer::Rejected {
            message: format!("line one\nline two\r\u{1b}[31m{}", "x".repeat(10_000)),
        },
    );
    assert_eq!(j.class, Class::Verdict);
    assert!(!j.actual.contains('\n') && !j.actual.contains('\r') && !j.actual.contains('\u{1b}'));
    assert!(j.actual.len() < 2_000, "{} bytes", j.actual.len());
}

// ------------------------------------------------------------------ the `url` adapter

fn whatwg(input: &str) -> Parts {
    match WhatwgUrl::new().parse(input.as_bytes()) {
        Answer::Parsed { components } => components,
        other => panic!("{input:?}: {other:?}"),
    }
}

fn get<'a>(p: &'a Parts, name: &str) -> Option<&'a str> {
    p.get(name).and_then(|v| v.as_deref())
}

#[test]
fn url_gives_the_url_api_getters() {
    // URL Standard §4 example table: "https://EXAMPLE.com/../x" gives
    // "https://example.com/x"; with http's default port 80 (§4.1 special schemes)
    // dropped by the port state.
    let p = whatwg("HTTP://EXAMPLE.com:80/a/../b");
    assert_eq!(get(&p, "protocol"), Some("http:"));
    assert_eq!(get(&p, "hostname"), Some("example.com"));
    assert_eq!(get(&p, "port"), Some(""));
    assert_eq!(get(&p, "pathname"), Some("/b"));
    assert_eq!(get(&p, "search"), Some(""));
    assert_eq!(get(&p, "hash"), Some(""));

    // §4 example table: "https://user:password@example.org/".
    let p = whatwg("https://user:password@example.org/");
    assert_eq!(get(&p, "username"), Some("user"));
    assert_eq!(get(&p, "password"), Some("password"));
    // §4 example table: "https://example.org/foo bar" gives ".../foo%20bar".
    assert_eq!(
        get(&whatwg("https://example.org/foo bar"), "pathname"),
        Some("/foo%20bar")
    );
    // §4 example table: "https://example/%?%#%" is kept as it is.
    let p = whatwg("https://example/%?%#%");
    assert_eq!(get(&p, "pathname"), Some("/%"));
    assert_eq!(get(&p, "search"), Some("?%"));
    assert_eq!(get(&p, "hash"), Some("#%"));
    // §4 example table: "hello:world" is a URL with an opaque path.
    let p = whatwg("hello:world");
    assert_eq!(get(&p, "protocol"), Some("hello:"));
    assert_eq!(get(&p, "pathname"), Some("world"));
}

#[test]
fn url_rejects_what_the_url_standard_calls_failure() {
    // §4 example table: each of these is "Failure" without a base.
    for input in [
        "https://ex ample.org/",
        "example",
        "https://example.com:demo",
        "http://[www.example.com]/",
    ] {
        let a = WhatwgUrl::new().parse(input.as_bytes());
        assert!(matches!(a, Answer::Rejected { .. }), "{input:?}: {a:?}");
    }
}

#[test]
fn url_resolves_against_a_base() {
    // §4 example table: (input, base, output).
    for (input, base, output) in [
        ("hello:world", "https://example.com/", "hello:world"),
        (
            "https:example.org",
            "https://example.com/",
            "https://example.com/example.org",
        ),
        (
            "\\example\\..\\demo/.\\",
            "https://example.com/",
            "https://example.com/demo/",
        ),
        (
            "example",
            "https://example.com/demo",
            "https://example.com/example",
        ),
        ("..", "file:///C:/demo", "file:///C:/"),
    ] {
        let a = WhatwgUrl::new().resolve(base.as_bytes(), input.as_bytes());
        assert_eq!(
            a,
            Answer::Resolved {
                result: output.into()
            },
            "{input:?} against {base:?}"
        );
    }
    let a = WhatwgUrl::new().resolve(b"not a base", b"g");
    assert!(matches!(a, Answer::Rejected { .. }), "{a:?}");
}

// ------------------------------------------------------------------ the `fluent-uri` adapter

#[test]
fn fluent_uri_gives_rfc3986_components() {
    // RFC 3986 §3: "foo://example.com:8042/over/there?name=ferret#nose".
    assert_splits_rfc3986_section_3(&mut FluentUri::new());
    // §3: "urn:example:animal:ferret:nose" has no authority.
    let a = FluentUri::new().parse(b"urn:example:animal:ferret:nose");
    let Answer::Parsed { components: p } = a else {
        panic!("{a:?}")
    };
    assert_eq!(get(&p, "host"), None);
    assert_eq!(get(&p, "path"), Some("example:animal:ferret:nose"));
    // §4.1: a relative reference is a URI-reference too; §3.2.3: an empty port.
    let a = FluentUri::new().parse(b"//h:/p");
    let Answer::Parsed { components: p } = a else {
        panic!("{a:?}")
    };
    assert_eq!(get(&p, "scheme"), None);
    assert_eq!(get(&p, "port"), Some(""));
    // §2.1: "%" must start an escape of two hex digits.
    let a = FluentUri::new().parse(b"http://h/%zz");
    assert!(matches!(a, Answer::Rejected { .. }), "{a:?}");
}

#[test]
fn fluent_uri_resolves_rfc3986_section_5_4_examples() {
    // §5.4.1 normal examples and §5.4.2 abnormal examples, resolved strictly.
    for example in rfc3986_section_5_4("rfc3986") {
        let a = FluentUri::new().resolve(example.base.as_bytes(), example.reference.as_bytes());
        assert_eq!(
            a,
            Answer::Resolved {
                result: example.result
            },
            "{:?}",
            example.reference
        );
    }
    // §5.2.1: the base is used without its fragment.
    let a = FluentUri::new().resolve(b"http://a/b#frag", b"c");
    assert_eq!(
        a,
        Answer::Resolved {
            result: "http://a/c".into()
        }
    );
    // §5.1: a base needs a scheme.
    let a = FluentUri::new().resolve(b"/a/b", b"c");
    assert!(matches!(a, Answer::Rejected { .. }), "{a:?}");
}

// ------------------------------------------------------------------ both adapters

#[test]
fn bytes_that_are_not_utf8_are_unsupported() {
    for mut a in inproc::all() {
        let name = a.info().name.clone();
        assert!(
            matches!(a.parse(b"http://h/\xff"), Answer::Unsupported { .. }),
            "{name}"
        );
        assert!(
            matches!(a.resolve(b"http://h/", b"\xfe"), Answer::Unsupported { .. }),
            "{name}"
        );
        assert!(
            matches!(
                a.resolve(b"http://h/\xfe", b"g"),
                Answer::Unsupported { .. }
            ),
            "{name}"
        );
    }
}

#[test]
fn the_adapters_are_named_and_modelled_as_the_registry_says() {
    assert_eq!(
        names_and_models(&inproc::all()),
        [
            ("url".to_string(), Model::Whatwg),
            ("fluent-uri".to_string(), Model::Rfc3986)
        ]
    );
    assert!(inproc::by_name("url").is_some());
    assert!(inproc::by_name("python-urllib").is_none());
}

#[test]
fn versions_match_cargo_lock() {
    assert_linked_version("url", URL_VERSION, &WhatwgUrl::new().info().version);
    assert_linked_version(
        "fluent-uri",
        FLUENT_URI_VERSION,
        &FluentUri::new().info().version,
    );
}

#[test]
fn every_case_judges_without_panicking_into_one_of_the_eight_classes() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../cases");
    let suite = case::load_dir(&dir).unwrap_or_else(|e| panic!("cases do not load: {e:?}"));
    let mut judged = 0;
    for mut adapter in inproc::all() {
        for lc in &suite.cases {
            let c = &lc.case;
            let answer = match c.op {
                Operation::Parse | Operation::Extract | Operation::Normalize | Operation::Base => {
                    adapter.parse(c.input.as_bytes())
                }
                Operation::Links => adapter.links(&c.document(), &c.context().retrieved_from),
                Operation::Resolve => adapter.resolve(
                    c.base.as_deref().unwrap_or_default().as_bytes(),
                    c.input.as_bytes(),
                ),
            };
            for (key, e) in &c.expect {
                let doc: DocReading = key.0;
                let j = judge(c, doc, e, adapter.info(), &answer);
                assert!(
                    matches!(
                        j.class,
                        Class::Agree
                            | Class::Verdict
                            | Class::Component
                            | Class::Resolution
                            | Class::Unsupported
                            | Class::AdapterError
                            | Class::Crash
                            | Class::Timeout
                    ),
                    "{}",
                    c.id
                );
                // In-process adapters never fault.
                assert!(
                    !matches!(j.class, Class::AdapterError | Class::Crash | Class::Timeout),
                    "{} under {:?}: {j:?}",
                    c.id,
                    doc
                );
                // A component disagreement names a component the expectation lists.
                if j.class == Class::Component {
                    let name = j.component.as_deref().unwrap_or_default();
                    assert!(e.components.contains_key(name), "{}: {j:?}", c.id);
                    assert!(
                        urlcert_reference::components(doc.doc).contains(&name),
                        "{}: {name} is not a {} component",
                        c.id,
                        doc.doc
                    );
                } else {
                    assert!(j.component.is_none(), "{}: {j:?}", c.id);
                }
                if matches!(c.op, Operation::Extract | Operation::Normalize) {
                    assert_eq!(j.class, Class::Unsupported);
                }
                for line in [&j.expected, &j.actual] {
                    assert!(!line.contains('\n'), "{}: {line}", c.id);
                }
                judged += 1;
            }
        }
    }
    assert!(judged > 0);
}

#[test]
fn an_empty_path_is_absent_only_after_an_authority() {
    // October 1993 draft: `foo:` is a generic URL with a void path (`path: ""`), while
    // `http://h` has no path at all (httpaddress's "/" path is optional).
    let void = case(
        r#"
id: t.void
op: parse
input: "foo:"
cite: [{doc: draft-02, section: "BNF"}]
expect:
  draft-02: {verdict: valid, components: {scheme: "foo", path: "", search: null}}
"#,
    );
    let none = case(
        r#"
id: t.none
op: parse
input: "http://h"
cite: [{doc: draft-02, section: "BNF"}]
expect:
  draft-02: {verdict: valid, components: {scheme: "http", host: "h", path: null}}
"#,
    );
    for c in [&void, &none] {
        let (key, e) = c.expect.iter().next().unwrap();
        let mut a = FluentUri::new();
        let answer = a.parse(c.input.as_bytes());
        let j = judge(c, key.0, e, a.info(), &answer);
        assert_eq!(j.class, Class::Agree, "{}: {j:?}", c.id);
    }
}

#[test]
fn urlparse_and_curl_models_map_too() {
    // RFC 1808 §2.4.5 and draft-1996 §4.3: `http://h/a;b?q#f`. urlparse splits the
    // last segment's params off its path (Python's documented `urlparse` result).
    let c = case(
        r#"
id: t.urlparse
op: parse
input: "http://h/a;b?q#f"
cite: [{doc: draft-1996, section: "4.3"}]
expect:
  draft-1996:
    verdict: valid
    components: {scheme: "http", server: "h", user: null, host: "h", port: null, path: "a;b", query: "q", fragment: "f"}
"#,
    );
    let urlparse = parsed(&[
        ("scheme", Some("http")),
        ("netloc", Some("h")),
        ("path", Some("/a")),
        ("params", Some("b")),
        ("query", Some("q")),
        ("fragment", Some("f")),
        ("username", None),
        ("password", None),
        ("hostname", Some("h")),
        ("port", None),
    ]);
    let j = judge_one(&c, Model::Urlparse, &urlparse);
    assert_eq!(j.class, Class::Agree, "{j:?}");

    // libcurl reports "/" for `http://h` (no path), which RFC 1738 calls no hpath.
    let c = case(
        r#"
id: t.curl
op: parse
input: "http://h"
cite: [{doc: rfc1738, section: "3.3"}]
expect:
  rfc1738: {verdict: valid, components: {scheme: "http", host: "h", port: null, hpath: null, search: null}}
"#,
    );
    let curl = parsed(&[
        ("scheme", Some("http")),
        ("user", None),
        ("password", None),
        ("host", Some("h")),
        ("port", None),
        ("path", Some("/")),
        ("query", None),
        ("fragment", None),
    ]);
    let j = judge_one(&c, Model::Curl, &curl);
    assert_eq!(j.class, Class::Agree, "{j:?}");
}

#[test]
fn an_answered_authority_is_the_authority_even_without_a_host() {
    // RFC 2396 §3.2: authority = server | reg_name; `http://u@h:x/`'s port "x" is no
    // port, so the server fails and the whole authority is a reg_name, with no host,
    // userinfo or port (the expectation of cases/rfc2396/rules.yaml, worked from the
    // BNF).
    let c = case(
        r#"
id: t.reg-name
op: parse
input: "http://u@h:x/"
cite: [{doc: rfc2396, section: "3.2"}]
expect:
  rfc2396:
    verdict: valid
    components: {scheme: "http", authority: "u@h:x", userinfo: null, host: null, port: null, path: "/", query: null, fragment: null}
"#,
    );
    let registry = |authority: Option<Option<&str>>| {
        let mut items = vec![
            ("scheme", Some("http")),
            ("userinfo", None),
            ("host", None),
            ("port", None),
            ("path", Some("/")),
            ("query", None),
            ("fragment", None),
        ];
        items.extend(authority.map(|a| ("authority", a)));
        parsed(&items)
    };
    // An RFC 3986 adapter that gives the authority whole agrees.
    let j = judge_one(&c, Model::Rfc3986, &registry(Some(Some("u@h:x"))));
    assert_eq!(j.class, Class::Agree, "{j:?}");
    // Without it there is no host to rebuild an authority from: absent, which differs.
    let j = judge_one(&c, Model::Rfc3986, &registry(None));
    assert_eq!(j.component.as_deref(), Some("authority"), "{j:?}");
    // An answered null is no authority, whatever the host: the part is taken as given.
    let j = judge_one(&c, Model::Rfc3986, &registry(Some(None)));
    assert_eq!(j.component.as_deref(), Some("authority"), "{j:?}");

    // A server-based authority (RFC 2396 §3.2.2, server = [ [ userinfo "@" ] hostport ]),
    // given whole or not: the same authority either way.
    let c = case(
        r#"
id: t.server
op: parse
input: "http://host.dom:8080/a/b?q"
cite: [{doc: rfc2396, section: "3.2.2"}]
expect:
  rfc2396:
    verdict: valid
    components: {scheme: "http", authority: "host.dom:8080", userinfo: null, host: "host.dom", port: "8080", path: "/a/b", query: "q"}
"#,
    );
    let server = |whole: bool| {
        let mut items = vec![
            ("scheme", Some("http")),
            ("userinfo", None),
            ("host", Some("host.dom")),
            ("port", Some("8080")),
            ("path", Some("/a/b")),
            ("query", Some("q")),
            ("fragment", None),
        ];
        if whole {
            items.push(("authority", Some("host.dom:8080")));
        }
        parsed(&items)
    };
    for whole in [true, false] {
        let j = judge_one(&c, Model::Rfc3986, &server(whole));
        assert_eq!(j.class, Class::Agree, "whole: {whole}: {j:?}");
    }

    // Only the RFC 3986 model has the part: libcurl's answer is rebuilt from its host.
    let curl = parsed(&[
        ("scheme", Some("http")),
        ("user", None),
        ("password", None),
        ("host", Some("host.dom")),
        ("port", Some("8080")),
        ("path", Some("/a/b")),
        ("query", Some("q")),
        ("fragment", None),
        ("authority", Some("not this")),
    ]);
    let j = judge_one(&c, Model::Curl, &curl);
    assert_eq!(j.class, Class::Agree, "{j:?}");
}

/// An answer for `http://h` in `model`'s vocabulary with the path part `path` (`None`
/// for null), every other part as the model's parser gives it for that URL.
fn http_h(model: Model, path: Option<&str>) -> Answer {
    let mut items: Vec<(&str, Option<&str>)> = match model {
        Model::Rfc3986 => vec![
            ("scheme", Some("http")),
            ("userinfo", None),
            ("host", Some("h")),
            ("port", None),
            ("query", None),
            ("fragment", None),
        ],
        Model::Curl => vec![
            ("scheme", Some("http")),
            ("user", None),
            ("password", None),
            ("host", Some("h")),
            ("port", None),
            ("query", None),
            ("fragment", None),
        ],
        Model::Whatwg => vec![
            ("protocol", Some("http:")),
            ("username", Some("")),
            ("password", Some("")),
            ("hostname", Some("h")),
            ("port", Some("")),
            ("search", Some("")),
            ("hash", Some("")),
        ],
        Model::Urlparse => vec![
            ("scheme", Some("http")),
            ("netloc", Some("h")),
            ("params", Some("")),
            ("query", Some("")),
            ("fragment", Some("")),
            ("username", None),
            ("password", None),
            ("hostname", Some("h")),
            ("port", None),
        ],
        Model::Document => unreachable!("the reference is judged exactly"),
    };
    let name = if model == Model::Whatwg {
        "pathname"
    } else {
        "path"
    };
    items.push((name, path));
    parsed(&items)
}

#[test]
fn a_null_path_is_the_empty_path_for_every_model() {
    // RFC 3986 §3.3: "A path is always defined for a URI, though the defined path may
    // be empty (zero length)"; §6.2.3's `http://example.com` has the empty path.
    let always = case(
        r#"
id: t.path-always
op: parse
input: "http://h"
cite: [{doc: rfc3986, section: "3.3"}]
expect:
  rfc3986: {verdict: valid, components: {scheme: "http", host: "h", path: ""}}
"#,
    );
    // RFC 1738 §3.3: httpurl = "http://" hostport [ "/" hpath [ "?" search ]]: `http://h`
    // has no hpath, `http://h/` an empty one; the document tells the two apart.
    let none = case(
        r#"
id: t.hpath-none
op: parse
input: "http://h"
cite: [{doc: rfc1738, section: "3.3"}]
expect:
  rfc1738: {verdict: valid, components: {scheme: "http", host: "h", hpath: null}}
"#,
    );
    let empty = case(
        r#"
id: t.hpath-empty
op: parse
input: "http://h/"
cite: [{doc: rfc1738, section: "3.3"}]
expect:
  rfc1738: {verdict: valid, components: {scheme: "http", host: "h", hpath: ""}}
"#,
    );
    for model in [Model::Rfc3986, Model::Curl, Model::Whatwg, Model::Urlparse] {
        for c in [&always, &none] {
            // A null path and an empty one: the same path, which the document has.
            for path in [None, Some("")] {
                let j = judge_one(c, model, &http_h(model, path));
                assert_eq!(j.class, Class::Agree, "{model:?} {}: {path:?}: {j:?}", c.id);
            }
            // A path that is not empty is another path.
            let j = judge_one(c, model, &http_h(model, Some("/x")));
            assert_eq!(j.class, Class::Component, "{model:?} {}: {j:?}", c.id);
        }
        // `http://h/`'s empty hpath is the path "/"; a parser's null or empty path is no
        // hpath, which RFC 1738 says is another URL, wherever the model can say so
        // (WHATWG and urlparse cannot tell absent from empty, nor "/" from none).
        let j = judge_one(&empty, model, &http_h(model, Some("/")));
        assert_eq!(j.class, Class::Agree, "{model:?}: {j:?}");
        let tells = matches!(model, Model::Rfc3986 | Model::Curl);
        for path in [None, Some("")] {
            let j = judge_one(&empty, model, &http_h(model, path));
            let want = if tells {
                Class::Component
            } else {
                Class::Agree
            };
            assert_eq!(j.class, want, "{model:?}: {path:?}: {j:?}");
        }
    }
}
