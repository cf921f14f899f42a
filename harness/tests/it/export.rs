//! `urlcert export`: the committed copy is current, every export matches
//! `cases/export.schema.json`, `--doc` and `--op` select what they say, the case set's
//! digest frames each file, `--version` names the case set, and the two consumers in
//! `harness/examples/consumers/` read every case of their document.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;
use urlcert::case::{self, Operation};
use urlcert::run::certify::DocFilter;
use urlcert::show::export::{self, Selection};
use urlcert_reference::{DocReading, Document};

const URLCERT: &str = env!("CARGO_BIN_EXE_urlcert");
const REGENERATE: &str = "cargo run -p urlcert -- export --out cases/urlcert-cases.json";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn committed_path() -> PathBuf {
    root().join("cases/urlcert-cases.json")
}

fn suite() -> &'static case::Suite {
    static SUITE: OnceLock<case::Suite> = OnceLock::new();
    SUITE.get_or_init(|| case::load_dir(&root().join("cases")).expect("the cases load"))
}

fn committed() -> &'static Value {
    static EXPORT: OnceLock<Value> = OnceLock::new();
    EXPORT.get_or_init(|| {
        let text = std::fs::read_to_string(committed_path()).expect("cases/urlcert-cases.json");
        serde_json::from_str(&text).expect("the committed export is JSON")
    })
}

fn urlcert(args: &[&str]) -> Output {
    Command::new(URLCERT)
        .args(args)
        .current_dir(root())
        .output()
        .unwrap()
}

fn text(out: &Output) -> String {
    format!(
        "status {:?}\nstdout:\n{}\nstderr:\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

fn stale_message(want: &str, have: &str) -> String {
    let line = want
        .lines()
        .zip(have.lines())
        .position(|(a, b)| a != b)
        .map_or_else(
            || "their lengths".to_string(),
            |n| format!("line {}", n + 1),
        );
    format!(
        "cases/urlcert-cases.json is stale (it first differs from the case files' export at {line}); regenerate it with\n    {REGENERATE}\nand commit it"
    )
}

#[test]
fn the_committed_export_is_the_export_of_the_case_files() {
    let want = export::render(suite(), Selection::default()).unwrap();
    let have = std::fs::read_to_string(committed_path()).unwrap_or_default();
    assert!(want == have, "{}", stale_message(&want, &have));
}

#[test]
fn urlcert_export_prints_the_committed_export() {
    let out = urlcert(&["export"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let have = std::fs::read_to_string(committed_path()).unwrap_or_default();
    let printed = String::from_utf8(out.stdout).unwrap();
    assert!(printed == have, "{}", stale_message(&printed, &have));

    // --out writes the same bytes.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("x.json");
    let out = urlcert(&["export", "--out", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(out.stdout.is_empty());
    assert!(std::fs::read_to_string(&file).unwrap() == printed);
}

#[test]
fn the_export_is_pretty_with_two_space_indents_and_a_final_newline() {
    let have = std::fs::read_to_string(committed_path()).unwrap();
    assert!(
        have.starts_with("{\n  \"urlcert_version\": "),
        "{}",
        &have[..80]
    );
    assert!(have.ends_with("}\n") && !have.ends_with("\n\n"));
    assert!(have.contains("\n  \"cases\": [\n    {\n      \"id\": "));
}

fn validator() -> &'static jsonschema::Validator {
    static V: OnceLock<jsonschema::Validator> = OnceLock::new();
    V.get_or_init(|| {
        let text = std::fs::read_to_string(root().join("cases/export.schema.json")).unwrap();
        let schema: Value = serde_json::from_str(&text).expect("the schema is JSON");
        jsonschema::draft202012::new(&schema).expect("a valid draft 2020-12 schema")
    })
}

fn schema_errors(instance: &Value) -> Vec<String> {
    validator()
        .iter_errors(instance)
        .take(20)
        .map(|e| format!("at {}: {e}", e.instance_path()))
        .collect()
}

#[test]
fn every_export_matches_the_schema() {
    let errors = schema_errors(committed());
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    for (doc, op) in [
        (Some("rfc1738"), None),
        (Some("rfc2396@rfc2732"), None),
        (None, Some(Operation::Links)),
        (Some("rfc3986"), Some(Operation::Resolve)),
    ] {
        let sel = Selection {
            doc: doc.map(|d| d.parse().unwrap()),
            op,
        };
        let errors = schema_errors(&export::export(suite(), sel).unwrap());
        assert!(errors.is_empty(), "{doc:?} {op:?}:\n{}", errors.join("\n"));
    }
}

#[test]
fn the_schema_refuses_what_the_case_format_refuses() {
    let case = committed()["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["op"] == "parse" && c["expect"].get("rfc1738").is_some())
        .unwrap()
        .clone();
    let wrap = |c: Value| {
        let mut e = committed().clone();
        e["cases"] = Value::Array(vec![c]);
        e
    };
    assert!(schema_errors(&wrap(case.clone())).is_empty());
    type Mutation = (&'static str, fn(&mut Value));
    let mutations: [Mutation; 7] = [
        ("an unknown case field", |c| c["colour"] = "red".into()),
        ("no location", |c| {
            c.as_object_mut().unwrap().remove("location");
        }),
        ("a base on a parse case", |c| c["base"] = "http://a/".into()),
        ("a resolve field in a parse expectation", |c| {
            c["expect"]["rfc1738"]["result"] = "http://a/".into()
        }),
        ("an unknown document", |c| {
            c["expect"]["rfc9999"] = serde_json::json!({"verdict": "valid"})
        }),
        ("an unknown verdict", |c| {
            c["expect"]["rfc1738"]["verdict"] = "fine".into()
        }),
        ("no citation", |c| c["cite"] = serde_json::json!([])),
    ];
    for (what, mutate) in mutations {
        let mut c = case.clone();
        mutate(&mut c);
        assert!(!schema_errors(&wrap(c)).is_empty(), "{what} passes");
    }
}

fn schema_enum(name: &str) -> Vec<String> {
    let text = std::fs::read_to_string(root().join("cases/export.schema.json")).unwrap();
    let schema: Value = serde_json::from_str(&text).unwrap();
    schema["$defs"][name]["enum"]
        .as_array()
        .unwrap_or_else(|| panic!("$defs.{name}.enum"))
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn the_schema_names_every_document_reading_and_op() {
    let docs: Vec<String> = Document::ALL.iter().map(|d| d.id().to_string()).collect();
    assert_eq!(
        schema_enum("doc"),
        docs,
        "cases/export.schema.json $defs.doc"
    );
    let keys: Vec<String> = Document::ALL
        .iter()
        .flat_map(|&d| d.readings().iter().map(move |&r| DocReading::new(d, r)))
        .map(|d| d.to_string())
        .collect();
    assert_eq!(
        schema_enum("doc_key"),
        keys,
        "cases/export.schema.json $defs.doc_key"
    );
    let ops: Vec<String> = Operation::ALL.iter().map(Operation::to_string).collect();
    assert_eq!(schema_enum("op"), ops, "cases/export.schema.json $defs.op");
}

#[test]
fn the_export_holds_every_case_in_load_order_with_its_fields() {
    let cases = committed()["cases"].as_array().unwrap();
    assert_eq!(cases.len(), suite().cases.len());
    for (c, lc) in cases.iter().zip(&suite().cases) {
        assert_eq!(c["id"], lc.case.id.as_str());
        assert_eq!(c["input"], lc.case.input.as_str());
        assert_eq!(c["base"].as_str(), lc.case.base.as_deref());
        assert_eq!(c["comment"].as_str(), lc.case.comment.as_deref());
        let rel = case::relative_name(&suite().root, &lc.file);
        assert_eq!(c["location"], format!("{rel}:{}", lc.line).as_str());
        let retrieved: Vec<&str> = c["retrieved_from"]
            .as_array()
            .map(|a| a.iter().map(|v| v.as_str().unwrap()).collect())
            .unwrap_or_default();
        assert_eq!(retrieved, lc.case.retrieved_from);
        let keys: Vec<String> = lc.case.expect.keys().map(|k| k.0.to_string()).collect();
        let have: Vec<&String> = c["expect"].as_object().unwrap().keys().collect();
        assert_eq!(have, keys.iter().collect::<Vec<_>>(), "{}", lc.case.id);
    }
    assert_eq!(
        committed()["cases_sha256"].as_str().unwrap(),
        suite().digest().unwrap()
    );
    assert_eq!(committed()["urlcert_version"], env!("CARGO_PKG_VERSION"));
}

#[test]
fn doc_and_op_select_expectations_and_cases() {
    let out = urlcert(&["export", "--doc", "rfc1808", "--op", "resolve"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        v["selection"],
        serde_json::json!({"doc": "rfc1808", "op": "resolve"})
    );
    assert_eq!(v["cases_sha256"], committed()["cases_sha256"]);
    let want = suite()
        .cases
        .iter()
        .filter(|lc| lc.case.op == Operation::Resolve)
        .filter(|lc| lc.case.expect.keys().any(|k| k.0.doc == Document::Rfc1808))
        .count();
    let cases = v["cases"].as_array().unwrap();
    assert!(want > 0);
    assert_eq!(cases.len(), want);
    for c in cases {
        assert_eq!(c["op"], "resolve");
        let keys: Vec<&String> = c["expect"].as_object().unwrap().keys().collect();
        assert_eq!(keys, ["rfc1808"], "{}", c["id"]);
    }

    // DOC takes every reading; DOC@READING only that one.
    let every = export::export(
        suite(),
        Selection {
            doc: Some("draft-02".parse::<DocFilter>().unwrap()),
            op: None,
        },
    )
    .unwrap();
    let keys: std::collections::BTreeSet<&str> = every["cases"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| c["expect"].as_object().unwrap().keys())
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys.into_iter().collect::<Vec<_>>(),
        [
            "draft-02",
            "draft-02@mailto-single-colon",
            "draft-02@path-excludes-search",
            "draft-02@xxx-excludes-dots"
        ]
    );
    let one = urlcert(&["export", "--doc", "draft-02@xxx-excludes-dots"]);
    let one: Value = serde_json::from_slice(&one.stdout).unwrap();
    for c in one["cases"].as_array().unwrap() {
        let keys: Vec<&String> = c["expect"].as_object().unwrap().keys().collect();
        assert_eq!(keys, ["draft-02@xxx-excludes-dots"]);
    }

    // Unknown names are usage errors.
    for args in [
        ["export", "--doc", "rfc9999"],
        ["export", "--op", "frobnicate"],
    ] {
        let out = urlcert(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", text(&out));
    }
}

#[test]
fn the_digest_frames_each_file_by_its_relative_path() {
    use sha2::{Digest, Sha256};
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir(d.join("sub")).unwrap();
    std::fs::write(d.join("sub/b.yaml"), "bb").unwrap();
    std::fs::write(d.join("a.yaml"), "a").unwrap();
    // Given in any order, hashed by relative path.
    let files = [d.join("sub/b.yaml"), d.join("a.yaml")];
    let got = case::digest(d, &files).unwrap();
    let want: String = Sha256::digest(b"a.yaml\0a\0sub/b.yaml\0bb\0")
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert_eq!(got, want);
    // The same bytes split differently between the files give another digest.
    std::fs::write(d.join("sub/b.yaml"), "b").unwrap();
    std::fs::write(d.join("a.yaml"), "ab").unwrap();
    assert_ne!(case::digest(d, &files).unwrap(), want);
    // So does renaming a file.
    std::fs::write(d.join("sub/b.yaml"), "bb").unwrap();
    std::fs::write(d.join("a.yaml"), "a").unwrap();
    std::fs::rename(d.join("a.yaml"), d.join("c.yaml")).unwrap();
    let renamed = [d.join("sub/b.yaml"), d.join("c.yaml")];
    assert_ne!(case::digest(d, &renamed).unwrap(), want);
}

#[test]
fn version_names_the_crate_and_the_case_set() {
    let out = urlcert(&["--version"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let sha = suite().digest().unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!(
            "urlcert {} (cases sha256 {}, {} cases)\n",
            env!("CARGO_PKG_VERSION"),
            &sha[..12],
            suite().cases.len()
        )
    );
}

/// Runs a consumer on the committed export for `doc` and checks its summary: every
/// parse and resolve case of the document read, and pass + fail + skipped adding up.
fn consumer(program: &str, script: &str, doc: &str) {
    if Command::new(program).arg("--version").output().is_err() {
        println!("skipped: `{program}` is not on PATH, so {script} cannot run");
        return;
    }
    let script_path = root().join("harness/examples/consumers").join(script);
    let out = Command::new(program)
        .arg(&script_path)
        .arg(committed_path())
        .arg(doc)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{script}: {}", text(&out));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let last = stdout.lines().last().unwrap_or("");
    let nums: Vec<usize> = last
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect();
    let prefix = format!("{doc}: ");
    assert!(
        last.starts_with(&prefix) && nums.len() >= 6,
        "{script}: no summary line: {last:?}"
    );
    // The document id may hold digits ("rfc3986"): the counts are the last six.
    let [total, parse, resolve, pass, fail, skipped] = nums[nums.len() - 6..] else {
        unreachable!()
    };
    let of = |op: Operation| {
        committed()["cases"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c["op"] == op.to_string().as_str() && c["expect"].get(doc).is_some())
            .count()
    };
    assert_eq!(parse, of(Operation::Parse), "{script}: {last}");
    assert_eq!(resolve, of(Operation::Resolve), "{script}: {last}");
    assert_eq!(total, parse + resolve, "{script}: {last}");
    assert_eq!(pass + fail + skipped, total, "{script}: {last}");
    let listed = stdout.lines().filter(|l| l.starts_with("FAIL ")).count();
    assert_eq!(listed, fail.min(10), "{script}: {stdout}");
    println!("{script}: {last}");
}

#[test]
fn the_python_consumer_reads_every_case_of_its_document() {
    consumer("python3", "check_urllib.py", "rfc3986");
    consumer("python3", "check_urllib.py", "rfc1808");
}

#[test]
fn the_node_consumer_reads_every_case_of_its_document() {
    consumer("node", "check_node_url.js", "rfc3986");
    consumer("node", "check_node_url.js", "rfc1808");
}
