//! `urlcert matrix`: the three files, the shape of `matrix.json`, `nearest` as
//! `harness/src/study/matrix.rs` documents it, and escaping of whatever an adapter reports.
//!
//! The runs use the in-process adapters only (`url`, `fluent-uri`), on a small case
//! folder whose answers come from the documents (each case cites its sections).

use std::path::Path;
use std::process::Command;
use urlcert::report::{Column, Provenance, Unavailable};

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
    for f in ["matrix.json", "matrix.md", "matrix.html", "answers.jsonl"] {
        assert!(out.join(f).is_file(), "{f} written");
    }
    // The matrix keeps its answers, not a run's reports of every case.
    for f in ["results.jsonl", "results.jsonl.gz", "report.html"] {
        assert!(!out.join(f).exists(), "{f} not written");
    }
    assert!(!out.with_file_name("out.partial").exists());
    // One answer per parser and input: three parse inputs and one pair, asked once each.
    let answers = std::fs::read_to_string(out.join("answers.jsonl")).unwrap();
    assert_eq!(answers.lines().count(), 2 * 4);

    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("matrix.json")).unwrap()).unwrap();
    assert_eq!(v["format"], 2);
    assert_eq!(v["inputs"]["parse"], 3);
    assert_eq!(v["inputs"]["resolve"], 1);
    assert_eq!(v["inputs"]["cases"], 4);
    assert!(v["basis"].as_str().unwrap().contains("discriminating"));
    let parsers = v["parsers"].as_array().unwrap();
    assert_eq!(parsers.len(), 2);
    let by = |name: &str| parsers.iter().find(|p| p["adapter"] == name).unwrap();
    for p in parsers {
        for key in [
            "adapter",
            "version",
            "runtime",
            "nearest",
            "together",
            "parse",
            "resolve",
            "fingerprint",
            "departs",
        ] {
            assert!(p.get(key).is_some(), "{key} in {p}");
        }
        assert_eq!(p["runtime"], "in-process");
        // Four inputs decide nothing: fewer than ten discriminating ones.
        assert_eq!(p["nearest"], "not enough to tell");
        for op in ["together", "parse", "resolve"] {
            assert_eq!(p[op]["nearest"]["label"], "not enough to tell", "{op}");
        }
        // Every document answers the parse inputs.
        assert_eq!(p["parse"]["documents"].as_object().unwrap().len(), 9);
        // Only the documents with a relative form answer the pair, and a parser that
        // resolves is scored together on those only.
        for d in ["draft-03", "draft-06", "rfc1738"] {
            assert!(p["resolve"]["documents"].get(d).is_none(), "{d}");
            assert!(p["together"]["documents"].get(d).is_none(), "{d}");
        }
    }
    let overall = |p: &serde_json::Value, op: &str, d: &str| {
        let s = &p[op]["documents"][d]["overall"];
        (s["agree"].as_u64().unwrap(), s["total"].as_u64().unwrap())
    };

    // fluent-uri is an RFC 3986 parser: the three parse inputs and the pair agree with
    // RFC 3986.
    let fluent = by("fluent-uri");
    assert_eq!(overall(fluent, "parse", "rfc3986"), (3, 3));
    assert_eq!(overall(fluent, "resolve", "rfc3986"), (1, 1));
    assert_eq!(overall(fluent, "together", "rfc3986"), (4, 4));
    // Under RFC 1738 only the space agrees (both reject it).
    assert_eq!(overall(fluent, "parse", "rfc1738"), (1, 3));
    // RFC 1808 keeps the ".." above the root.
    assert_eq!(overall(fluent, "resolve", "rfc1808"), (0, 1));
    // The fingerprint: on the ".." above the root, RFC 3986's answer, not RFC 1808's.
    let row = fluent["fingerprint"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["row"] == "4.dotdot-above-root")
        .expect("the row is in the fingerprint");
    let follows: Vec<&str> = row["follows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_str().unwrap())
        .collect();
    assert!(follows.contains(&"rfc3986"), "{row}");
    assert!(!follows.contains(&"rfc1808"), "{row}");

    // url accepts the space (WHATWG percent-encodes it): 2 of 3 parse inputs under
    // RFC 3986, none under RFC 1738.
    let url = by("url");
    assert_eq!(overall(url, "parse", "rfc3986"), (2, 3));
    assert_eq!(overall(url, "parse", "rfc1738"), (0, 3));

    let md = std::fs::read_to_string(out.join("matrix.md")).unwrap();
    assert!(md.contains("| `url` |"), "{md}");
    assert!(md.contains("not enough to tell"), "{md}");
    assert!(
        md.contains("discriminating"),
        "the basis is said in the page: {md}"
    );
    let html = std::fs::read_to_string(out.join("matrix.html")).unwrap();
    assert!(!html.contains("<script"), "no JavaScript");
    assert!(
        html.contains("id=\"row-4.dotdot-above-root\""),
        "the row's inputs"
    );
    // The fingerprint shows only the rows where parsers differ: the space, which url
    // accepts and fluent-uri does not (and the October 1993 draft's grammar, unlike the
    // later documents, lets into a path), linked to the row's inputs; the other three
    // rows, where both give the same documents, are counted and left out.
    assert!(html.contains("href=\"#row-1a.space\""), "{html}");
    assert!(html.contains("1 rows shown; 3 rows"), "{html}");

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
    use urlcert::ask::{Answer, Info, Model};
    use urlcert::study::matrix;
    let hostile = "<script>alert(1)</script>\"'&\u{202e}";
    let cases = urlcert::case::load_bytes(Path::new("m.yaml"), CASES.as_bytes()).unwrap();
    let basis = matrix::basis::of_cases(&cases);
    let column = Column {
        name: hostile.into(),
        version: format!("1.0 {hostile}"),
        argv: Some(vec![format!("/bin/{hostile}")]),
    };
    let info = Info {
        name: hostile.into(),
        version: column.version.clone(),
        model: Model::Rfc3986,
        operations: vec![urlcert::case::Operation::Parse],
        argv: column.argv.clone(),
    };
    let answers: Vec<Option<Answer>> = basis
        .items
        .iter()
        .map(|_| {
            Some(Answer::Rejected {
                message: hostile.into(),
            })
        })
        .collect();
    let m = matrix::build(
        &basis,
        Provenance {
            run: "run-<x>".into(),
            urlcert_version: "0".into(),
            cases_sha256: "<sha>".into(),
            time: "t".into(),
        },
        &[matrix::Answered {
            column: &column,
            info: &info,
            answers: &answers,
        }],
        vec![Unavailable {
            name: hostile.into(),
            why: hostile.into(),
            install: hostile.into(),
        }],
    );
    assert_eq!(m.parsers[0].runtime, "native");
    let html = matrix::html(&m);
    assert!(!html.contains("<script"), "{html}");
    assert!(!html.contains('\u{202e}'));
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;"));
    let md = matrix::markdown(&m);
    assert!(!md.contains('\u{202e}'));
    // The JSON keeps the strings as data.
    let v: serde_json::Value = serde_json::from_str(&matrix::json(&m)).unwrap();
    assert_eq!(v["parsers"][0]["adapter"], hostile);
}

/// The basis holds each distinct parse input and each distinct (base, reference) pair
/// of the suite once, whatever number of cases ask it, and keeps every case that asks
/// it.
#[test]
fn the_basis_counts_each_input_of_the_suite_once() {
    use std::collections::{HashMap, HashSet};
    use urlcert::case::Operation;
    let suite = urlcert::case::load_dir(&urlcert::assets::cases_dir(None)).unwrap();
    let basis = urlcert::study::matrix::basis::of_suite(&suite);
    let mut asked: HashMap<(Operation, Option<String>, String), HashSet<String>> = HashMap::new();
    for lc in &suite.cases {
        let c = &lc.case;
        if matches!(c.op, Operation::Parse | Operation::Resolve) {
            let base = (c.op == Operation::Resolve).then(|| c.base.clone().unwrap_or_default());
            asked
                .entry((c.op, base, c.input.clone()))
                .or_default()
                .insert(c.id.clone());
        }
    }
    assert_eq!(basis.items.len(), asked.len());
    let mut ids = HashSet::new();
    for i in &basis.items {
        assert!(ids.insert(i.id.clone()), "{} twice", i.id);
        let cases = &asked[&(i.op, i.base.clone(), i.input.clone())];
        let mine: HashSet<String> = i.cases.iter().cloned().collect();
        assert_eq!(&mine, cases, "{}", i.id);
    }
    // The suite asks some inputs in more than one case: fewer items than cases.
    let cases = suite
        .cases
        .iter()
        .filter(|c| matches!(c.case.op, Operation::Parse | Operation::Resolve))
        .count();
    assert!(basis.items.len() < cases);
}
