//! `urlcert matrix`: the three files, the shape of `matrix.json`, `nearest` as
//! `harness/src/study/matrix.rs` documents it, and escaping of whatever an adapter reports.
//!
//! The runs use the in-process adapters only (`url`, `fluent-uri`), on a small case
//! folder whose answers come from the documents (each case cites its sections).

use std::path::Path;
use std::process::Command;
use urlcert::judge::Class;
use urlcert::report::{Column, Provenance, Record, Run, Unavailable};

/// Parse cases where RFC 3986 and RFC 1738 differ, a resolve case where RFC 3986 and
/// RFC 1808 differ, and one where they agree:
/// - `http://[::1]/`: RFC 3986 Section 3.2.2 (`IP-literal = "[" ( IPv6address /
///   IPvFuture ) "]"`) makes it a URI; RFC 1738 Section 3.1 has only `hostname` and
///   `hostnumber`, so it is not a URL.
/// - `http://h/~x`: RFC 3986 Section 2.3 puts "~" in `unreserved`; RFC 1738 Section 2.2
///   lists "~" among the unsafe characters, outside `uchar`.
/// - `http://h/a b`: neither allows a space (RFC 3986 Section 2, `pchar`; RFC 1738
///   Section 2.2, "unsafe"). fluent-uri follows RFC 3986's grammar and rejects it; the
///   url crate follows the WHATWG URL Standard, whose path state percent-encodes a space
///   (the path percent-encode set) and accepts it: it departs on row `1a.space`.
/// - `../../../g` against `http://a/b/c/d;p?q`: RFC 3986 Section 5.4.2 gives
///   `http://a/g`; RFC 1808 Section 5.2 gives `http://a/../g`. RFC 1738 defines no
///   relative form (`not-defined`), so the case is not in RFC 1738's score.
const CASES: &str = include_str!("case_sets/matrix.cases.yaml");

fn matrix(cases: &Path, out: &Path, adapters: &[&str]) -> std::process::Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_urlcert"));
    cmd.arg("matrix")
        .arg("--cases")
        .arg(cases)
        .arg("--out")
        .arg(out);
    for a in adapters {
        cmd.arg("--adapter").arg(a);
    }
    cmd.output().expect("urlcert runs")
}

fn setup() -> (tempfile::TempDir, std::path::PathBuf, std::path::PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let cases = tmp.path().join("cases");
    std::fs::create_dir(&cases).unwrap();
    std::fs::write(cases.join("m.yaml"), CASES).unwrap();
    let out = tmp.path().join("out");
    (tmp, cases, out)
}

#[test]
fn matrix_of_the_in_process_adapters() {
    let (_tmp, cases, out) = setup();
    let o = matrix(&cases, &out, &["url", "fluent-uri"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for f in ["matrix.json", "matrix.md", "matrix.html", "results.jsonl"] {
        assert!(out.join(f).is_file(), "{f} written");
    }
    assert!(!out.with_file_name("out.partial").exists());

    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("matrix.json")).unwrap()).unwrap();
    let parsers = v["parsers"].as_array().unwrap();
    assert_eq!(parsers.len(), 2);
    let by = |name: &str| parsers.iter().find(|p| p["adapter"] == name).unwrap();
    let docs: Vec<&str> = urlcert_reference::Document::ALL
        .iter()
        .map(|d| d.id())
        .collect();
    for p in parsers {
        for key in [
            "adapter",
            "version",
            "runtime",
            "documents",
            "nearest",
            "departs",
        ] {
            assert!(p.get(key).is_some(), "{key} in {p}");
        }
        assert_eq!(p["runtime"], "in-process");
        let d = p["documents"].as_object().unwrap();
        let keys: Vec<&str> = d.keys().map(String::as_str).collect();
        let mut sorted = docs.clone();
        sorted.sort();
        let mut got = keys.clone();
        got.sort();
        assert_eq!(got, sorted, "one score per document");
        for s in d.values() {
            let s = s.as_object().unwrap();
            assert_eq!(s.len(), 2);
            assert!(s["agree"].as_u64().unwrap() <= s["total"].as_u64().unwrap());
        }
    }
    let score = |p: &serde_json::Value, d: &str| {
        (
            p["documents"][d]["agree"].as_u64().unwrap(),
            p["documents"][d]["total"].as_u64().unwrap(),
        )
    };

    // fluent-uri is an RFC 3986 parser: all four cases agree with RFC 3986.
    let fluent = by("fluent-uri");
    assert_eq!(score(fluent, "rfc3986"), (4, 4));
    // RFC 1738 is scored on the three parse cases: its resolve expectation is
    // not-defined and counts out. Only the space agrees.
    assert_eq!(score(fluent, "rfc1738"), (1, 3));
    // RFC 1808: the resolve case only, which fluent-uri resolves as RFC 3986 does.
    assert_eq!(score(fluent, "rfc1808"), (0, 1));
    // No case speaks to the others.
    assert_eq!(score(fluent, "draft-02"), (0, 0));
    assert_eq!(fluent["nearest"], "rfc3986");
    assert_eq!(fluent["departs"], serde_json::json!([]));

    // url accepts the space (WHATWG percent-encodes it): 3 of 4 under RFC 3986, still
    // its nearest, and it departs from it on the space row only.
    let url = by("url");
    assert_eq!(score(url, "rfc3986"), (3, 4));
    assert_eq!(score(url, "rfc1738"), (0, 3));
    assert_eq!(url["nearest"], "rfc3986");
    assert_eq!(url["departs"], serde_json::json!(["1a.space"]));

    let md = std::fs::read_to_string(out.join("matrix.md")).unwrap();
    assert!(md.contains("**100.0%** (4/4)"), "{md}");
    assert!(md.contains("| `url` |"), "{md}");
    let html = std::fs::read_to_string(out.join("matrix.html")).unwrap();
    assert!(!html.contains("<script"), "no JavaScript");
    assert!(html.contains("class=\"score nearest\""));

    // Run again into the same folder: it is a urlcert report and is replaced.
    let o = matrix(&cases, &out, &["fluent-uri"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("matrix.json")).unwrap()).unwrap();
    assert_eq!(v["parsers"].as_array().unwrap().len(), 1);
}

#[test]
fn an_unknown_adapter_is_a_usage_error() {
    let (_tmp, cases, out) = setup();
    let o = matrix(&cases, &out, &["no-such-parser"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(!out.exists());
}

#[test]
fn hostile_names_and_versions_are_escaped() {
    let hostile = "<script>alert(1)</script>\"'&\u{202e}";
    let record = |doc: &str, class| Record {
        case: "c<b>".into(),
        location: "x:1".into(),
        doc: doc.into(),
        op: "parse".into(),
        input: hostile.into(),
        base: None,
        tags: vec!["row:<img src=x>".into()],
        cite: Vec::new(),
        adapter: hostile.into(),
        version: format!("1.0 {hostile}"),
        argv: Some(vec![format!("/bin/{hostile}")]),
        class,
        component: None,
        expected: String::new(),
        actual: String::new(),
        elapsed_ms: 0,
    };
    let run = Run {
        provenance: Provenance {
            run: "run-<x>".into(),
            urlcert_version: "0".into(),
            cases_sha256: "<sha>".into(),
            time: "t".into(),
        },
        columns: vec![Column {
            name: hostile.into(),
            version: format!("1.0 {hostile}"),
            argv: Some(vec![format!("/bin/{hostile}")]),
        }],
        unavailable: vec![Unavailable {
            name: hostile.into(),
            why: hostile.into(),
            install: hostile.into(),
        }],
        records: vec![
            record("rfc3986", Class::Verdict),
            record("rfc1738", Class::Agree),
        ],
        coverage: Vec::new(),
    };
    let m = urlcert::study::matrix::build(&run);
    assert_eq!(m.parsers[0].nearest.as_deref(), Some("rfc1738"));
    assert_eq!(m.parsers[0].runtime, "native");
    let html = urlcert::study::matrix::html(&m);
    assert!(!html.contains("<script"), "{html}");
    assert!(!html.contains("<img"), "{html}");
    assert!(!html.contains('\u{202e}'));
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;"));
    let md = urlcert::study::matrix::markdown(&m);
    assert!(!md.contains('\u{202e}'));
    // The JSON keeps the strings as data.
    let v: serde_json::Value = serde_json::from_str(&urlcert::study::matrix::json(&m)).unwrap();
    assert_eq!(v["parsers"][0]["adapter"], hostile);
}
