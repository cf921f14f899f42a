//! `urlcert coverage`: the committed cases reach everything outside the reviewed
//! exceptions, and every exception is still needed; the figures of small case sets
//! worked out by hand from the documents; the JSON fields; fuzz corpora read as their
//! targets read them, bounded; the exceptions file's errors; the figures in `urlcert
//! run`'s summary.

use crate::common;

use common::cli::{assert_refused, case_dir, strings_of_each, urlcert};
use std::path::Path;
use urlcert::study::coverage::exceptions::{self, Exceptions};
use urlcert::study::coverage::{self, DocCoverage, Gap, Way};
use urlcert_reference::{Document, Rule};

/// The coverage the cases of one file give `doc`.
fn of_file(text: &str, doc: Document) -> DocCoverage {
    let cases = urlcert::case::load_bytes(Path::new("t.yaml"), text.as_bytes())
        .unwrap_or_else(|e| panic!("{e:?}"));
    coverage::of_cases(&cases, Some(doc)).remove(0)
}

fn rule(doc: Document, name: &str) -> Rule {
    Rule::from_name(doc, name).unwrap()
}

#[test]
fn the_committed_cases_reach_everything_outside_the_exceptions() {
    let dir = urlcert::case::default_dir();
    let suite = urlcert::case::load_dir(&dir).expect("the case files load");
    let file = exceptions::path_for(&dir);
    let exceptions = exceptions::load(&file)
        .unwrap_or_else(|e| panic!("{e:?}"))
        .expect("cases/_coverage-exceptions.yaml");
    let mut problems = Vec::new();
    for cov in coverage::of_cases(&suite.cases, None) {
        let judged = exceptions.judge(&cov);
        for g in &judged.unexcused {
            problems.push(format!(
                "{}: {} `{}` is never {}: add a case that reaches it, or an exception quoting why none can",
                cov.doc,
                g.kind(),
                g.name(),
                g.never()
            ));
        }
        for e in &judged.stale {
            problems.push(format!(
                "{}:{}: {} {} `{}` is no longer never {}: the cases reach it, so remove the exception",
                file.display(),
                e.line,
                e.doc,
                e.gap.kind(),
                e.gap.name(),
                e.gap.never()
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// One RFC 1808 resolution: "g" against the base of Section 5.1.
const RESOLVE_G: &str = r#"
- id: t.res
  op: resolve
  base: "http://a/b/c/d;p?q"
  input: "g"
  cite: [{doc: rfc1808, section: "5.1"}]
  expect:
    rfc1808: {result: "http://a/b/c/g"}
"#;

/// RFC 1808 Section 4 on a base and "g": Steps 1 to 7 by the branches a relative path
/// without scheme, net_loc or slash takes; Section 5.3's note on ";type=d".
#[test]
fn branches_and_notes_of_a_small_case_set() {
    let cov = of_file(
        &format!(
            r#"cases:{RESOLVE_G}- id: t.parse
  op: parse
  input: "ftp://h/d;type=d"
  cite: [{{doc: rfc1808, section: "5.3"}}]
  expect:
    rfc1808: {{verdict: valid}}
"#
        ),
        Document::Rfc1808,
    );
    let f = cov.figures(0);
    assert_eq!((f.parses, f.resolutions), (1, 1));
    // The base is known (Step 1 goes on), "g" is not empty (2a), has no scheme (2b), no
    // net_loc (3 inherits), no slash (4), a path (5): then Step 6 a) to d) and Step 7.
    let untaken: Vec<(&str, &str)> = cov.branches.iter().filter(|b| !b.1).map(|b| b.0).collect();
    assert_eq!(
        untaken,
        [
            (
                "1",
                "the base URL is empty: the embedded URL is taken as absolute"
            ),
            (
                "2a",
                "the embedded URL is empty: it is set equal to the base URL"
            ),
            ("2b", "the embedded URL starts with a scheme name: absolute"),
            ("3", "the embedded net_loc is non-empty: skip to Step 7"),
            ("4", "the path is preceded by a slash: skip to Step 7"),
            (
                "5a",
                "the path is empty and the params non-empty: skip to Step 7"
            ),
            (
                "5b",
                "the path is empty: the base's path, params and query are inherited"
            ),
        ]
    );
    assert_eq!((f.branches_taken, f.branches_total), (14, 21));
    // ";type=d" on an ftp URL raises ftp.type-d; nothing here has a colon in a first
    // relative segment.
    assert_eq!((f.notes_raised, f.notes_total), (1, 2));
    assert_eq!(
        cov.notes
            .iter()
            .filter(|n| !n.1)
            .map(|n| n.0)
            .collect::<Vec<_>>(),
        ["colon-in-first-segment"]
    );
    // generic-RL = scheme ":" relativeURL derives it, with the net_loc "h" and the param
    // "type=d"; national and punctuation are in no production.
    for name in ["generic-RL", "scheme", "net_loc", "params", "param"] {
        let r = rule(Document::Rfc1808, name);
        assert!(cov.productions.iter().any(|p| p.0 == r && p.1), "{name}");
    }
    let unreached: Vec<&str> = cov.unreached().map(|r| r.name()).collect();
    assert!(unreached.contains(&"national") && unreached.contains(&"punctuation"));
    // The absoluteURL also derives as a rel_path (pchar holds ":"), and no reading of
    // RFC 1808 gives that derivation.
    assert_eq!(f.single_reading_places, Some(1));
    assert!(cov.gaps().contains(&Gap::Ambiguity {
        rule: rule(Document::Rfc1808, "URL")
    }));
    // No parse under another document.
    let other = coverage::of_cases(&[], Some(Document::Rfc3986)).remove(0);
    let f = other.figures(0);
    assert_eq!(f.productions_unreached, f.productions_total);
    assert_eq!(f.branches_taken, 0);
}

const FILE_I: &str = r#"
- id: t.bnf
  op: parse
  input: "ftp://h/fileI"
  cite: [{doc: draft-03, section: "BNF"}]
  expect:
    draft-03: {verdict: valid}
"#;

/// draft-03's BNF derives "ftp://h/fileI" with and without a bare ftptype; the prose
/// reading takes only the second.
#[test]
fn an_ambiguity_is_encoded_by_a_reading_that_answers_otherwise() {
    let ftpaddress = rule(Document::Draft03, "ftpaddress");
    let one = of_file(&format!("cases:{FILE_I}"), Document::Draft03);
    let places = one.places.as_ref().unwrap();
    assert_eq!(places.len(), 1);
    assert_eq!(
        (places[0].rule, places[0].both_readings),
        (ftpaddress, false)
    );
    assert_eq!(one.figures(0).single_reading_places, Some(1));
    // Another case with the same input, under draft-03@ftptype-prose: path "fileI", no
    // ftptype, and no ambiguity there.
    let both = of_file(
        &format!(
            r#"cases:{FILE_I}
- id: t.prose
  op: parse
  input: "ftp://h/fileI"
  cite: [{{doc: draft-03, section: "FTP"}}]
  expect:
    draft-03@ftptype-prose: {{verdict: valid}}
"#
        ),
        Document::Draft03,
    );
    let places = both.places.as_ref().unwrap();
    assert_eq!(
        (places[0].rule, places[0].both_readings),
        (ftpaddress, true)
    );
    assert_eq!(both.figures(0).single_reading_places, Some(0));
    assert!(!both.gaps().contains(&Gap::Ambiguity { rule: ftpaddress }));
}

/// RFC 1738: "HTTP" is no scheme under the strict reading (lowalpha), so the input is
/// invalid; comparing the scheme without case makes it an http URL with a login, which
/// only otherurl derives, and whose schemepart is ambiguous. A place is what the
/// default reading reports, so this is none, and the strict case does not count as
/// encoding a second derivation of it: it has no derivation at all.
#[test]
fn a_reading_that_changes_the_answer_for_another_reason_encodes_nothing() {
    let cov = of_file(
        include_str!("case_sets/coverage.upper-case-scheme.yaml"),
        Document::Rfc1738,
    );
    assert_eq!(cov.places.as_deref(), Some(&[][..]));
    // With a lower-case scheme the strict reading raises it, and the other reading,
    // answering the same, encodes nothing.
    let cov = of_file(
        include_str!("case_sets/coverage.lower-case-scheme.yaml"),
        Document::Rfc1738,
    );
    let places = cov.places.as_ref().unwrap();
    assert_eq!(places.len(), 1);
    assert_eq!(places[0].rule, rule(Document::Rfc1738, "schemepart"));
    assert!(!places[0].both_readings);
}

/// The 1996 draft's `segment` is ambiguous in two ways, each its own place: where the
/// server after "//" derives (Section 4.3.1 decides, and no reading parts from it), and
/// where it fails, which `draft-1996@double-slash-path` reads as the BNF's path. A case
/// under that reading encodes the second place only.
#[test]
fn one_rule_ambiguous_two_ways_is_two_places() {
    let cov = of_file(
        include_str!("case_sets/coverage.segment-ambiguous-two-ways.yaml"),
        Document::Draft1996,
    );
    let segment = rule(Document::Draft1996, "segment");
    let mut places: Vec<(bool, bool)> = cov
        .places
        .as_ref()
        .unwrap()
        .iter()
        .filter(|p| p.rule == segment)
        .map(|p| (p.text.contains("server fails"), p.both_readings))
        .collect();
    places.sort();
    // (server derives, one reading), (server fails, both readings).
    assert_eq!(places, [(false, false), (true, true)]);
    assert_eq!(cov.figures(0).single_reading_places, Some(1));
}

/// A case set of one RFC 1808 resolution, with its exceptions file beside it.
fn resolve_dir(exceptions: &str) -> tempfile::TempDir {
    let dir = case_dir(&format!("cases:{RESOLVE_G}"));
    if !exceptions.is_empty() {
        std::fs::write(dir.path().join(exceptions::FILE_NAME), exceptions).unwrap();
    }
    dir
}

#[test]
fn json_has_the_documented_fields() {
    let dir = resolve_dir("");
    let out = urlcert(
        &[
            "coverage",
            "--json",
            "--doc",
            "rfc1808",
            "--cases",
            dir.path().to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["source"], "cases");
    assert_eq!(v["cases"]["cases"], 1);
    assert!(v["cases"]["dir"].is_string());
    assert_eq!(v["corpus"], serde_json::json!([]));
    assert_eq!(v["exceptions"], serde_json::Value::Null);
    let docs = v["documents"].as_array().unwrap();
    assert_eq!(docs.len(), 1);
    let d = &docs[0];
    assert_eq!(d["doc"], "rfc1808");
    let f = &d["figures"];
    for key in [
        "parses",
        "resolutions",
        "productions_total",
        "productions_accepted_and_rejected",
        "productions_one_way",
        "productions_unreached",
        "branches_total",
        "branches_taken",
        "notes_total",
        "notes_raised",
        "unexcused",
    ] {
        assert!(f[key].is_u64(), "{key}: {f}");
    }
    assert_eq!(
        (f["branches_taken"].as_u64(), f["branches_total"].as_u64()),
        (Some(14), Some(21))
    );
    // One resolution, no parse: no production reached, no ambiguity raised.
    assert_eq!(f["productions_unreached"], f["productions_total"]);
    assert_eq!(f["ambiguities_raised"], 0);
    assert_eq!(f["single_reading_places"], 0);
    for key in ["never_rejected", "never_accepted", "unreached"] {
        assert!(d["productions"][key].is_array(), "{key}");
    }
    assert!(d["productions"]["unreached"]
        .as_array()
        .unwrap()
        .contains(&serde_json::json!("national")));
    let untaken = d["branches_untaken"].as_array().unwrap();
    assert_eq!(untaken.len(), 7);
    assert_eq!(untaken[0]["id"], "1");
    assert!(untaken[0]["text"].is_string());
    assert_eq!(
        d["notes_unraised"],
        serde_json::json!(["colon-in-first-segment", "ftp.type-d"])
    );
    assert_eq!(d["ambiguities"], serde_json::json!([]));
    let unexcused = d["unexcused"].as_array().unwrap();
    assert_eq!(unexcused.len() as u64, f["unexcused"].as_u64().unwrap());
    // 30 productions never accepted nor rejected, 7 branches, 2 notes.
    assert_eq!(unexcused.len(), 30 * 2 + 7 + 2);
    let branch = unexcused.iter().find(|g| g["kind"] == "branch").unwrap();
    assert_eq!(branch["never"], "taken");
    assert!(branch["text"].is_string());
    assert_eq!(unexcused[0]["kind"], "production");
    assert!(["accepted", "rejected"].contains(&unexcused[0]["never"].as_str().unwrap()));
    assert_eq!(d["excused"], serde_json::json!([]));
    assert_eq!(d["stale_exceptions"], serde_json::json!([]));
    assert_eq!(v["unexcused"], f["unexcused"]);
    assert_eq!(v["stale_exceptions"], 0);
}

#[test]
fn check_fails_on_what_is_unexcused_and_on_exceptions_no_longer_needed() {
    // Step 5a is never taken; Step 4's "go on" is.
    let exceptions = r#"exceptions:
- doc: rfc1808
  branch: "5a"
  text: "the path is empty and the params non-empty: skip to Step 7"
  never: taken
  section: "4"
  quote: "a) if the embedded URL's <params> is non-empty, we skip to step 7"
  reason: the test's one reference has a path
- doc: rfc1808
  branch: "4"
  text: "the path is not preceded by a slash: go on"
  never: taken
  section: "4"
  quote: "Step 4"
  reason: stale
"#;
    let dir = resolve_dir(exceptions);
    let cases = dir.path().to_str().unwrap();
    let args = |extra: &[&str]| {
        let mut a = vec!["coverage", "--doc", "rfc1808", "--cases", cases];
        a.extend_from_slice(extra);
        urlcert(&a, None)
    };
    let out = args(&[]);
    assert_eq!(out.status.code(), Some(0), "without --check: {out:?}");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        text.contains("branch not taken: 5a \"the path is empty and the params non-empty: skip to Step 7\" [exception at line 2]"),
        "{text}"
    );
    assert!(
        text.contains("exception no longer needed at line 9: branch `4` is taken now; remove it"),
        "{text}"
    );
    let out = args(&["--check"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("1 exceptions no longer needed"), "{err}");
    // The JSON says the same.
    let out = args(&["--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let d = &v["documents"][0];
    assert_eq!(d["stale_exceptions"][0]["name"], "4");
    assert_eq!(d["stale_exceptions"][0]["line"], 9);
    assert_eq!(d["excused"][0]["name"], "5a");
    assert_eq!(v["stale_exceptions"], 1);
}

/// A corpus folder for `target` holding `files` (name, bytes).
fn corpus(target: &str, files: &[(&str, Vec<u8>)]) -> (tempfile::TempDir, std::path::PathBuf) {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join(target);
    std::fs::create_dir(&dir).unwrap();
    for (name, bytes) in files {
        std::fs::write(dir.join(name), bytes).unwrap();
    }
    (root, dir)
}

fn doc_byte(target: &str, doc: Document) -> u8 {
    let target = urlcert::run::fuzzinput::FuzzTarget::named(target).unwrap();
    let list = target.docs().unwrap();
    urlcert::run::fuzzinput::index_of(list, doc.into()).unwrap() as u8
}

#[test]
fn a_corpus_is_read_as_its_target_reads_it_and_bounded() {
    let rfc3986 = doc_byte("parse_invariants", Document::Rfc3986);
    let mut url = vec![rfc3986];
    url.extend_from_slice(b"http://h/");
    let mut big = vec![rfc3986];
    big.resize(coverage::corpus::MAX_FILE_BYTES as usize + 1, b'a');
    let (_root, dir) = corpus(
        "parse_invariants",
        &[("url", url), ("big", big), ("empty", Vec::new())],
    );
    #[cfg(unix)]
    std::os::unix::fs::symlink("/etc/passwd", dir.join("link")).unwrap();
    let d = dir.to_str().unwrap();
    let out = urlcert(&["coverage", "--corpus", d], None);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("(parse_invariants): 1 inputs read"), "{text}");
    assert!(
        text.contains("1 skipped: larger than 65536 bytes"),
        "{text}"
    );
    assert!(
        text.contains("1 skipped: empty: no document byte"),
        "{text}"
    );
    #[cfg(unix)]
    assert!(text.contains("1 skipped: not a regular file"), "{text}");
    let out = urlcert(
        &["coverage", "--json", "--corpus", d, "--doc", "rfc3986"],
        None,
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["source"], "corpus");
    assert_eq!(v["cases"], serde_json::Value::Null);
    assert_eq!(v["corpus"][0]["target"], "parse_invariants");
    assert_eq!(v["corpus"][0]["read"], 1);
    assert_eq!(v["corpus"][0]["skipped"]["larger than 65536 bytes"], 1);
    let d0 = &v["documents"][0];
    assert_eq!(d0["figures"]["parses"], 1);
    // A corpus has no expectations, so readings are not judged.
    assert_eq!(d0["ambiguities"], serde_json::Value::Null);
    assert_eq!(
        d0["figures"]["single_reading_places"],
        serde_json::Value::Null
    );
    // "http://h/" is a URI (scheme ":" hier-part): URI accepts.
    assert!(!d0["productions"]["unreached"]
        .as_array()
        .unwrap()
        .contains(&serde_json::json!("URI")));
}

#[test]
fn a_resolution_corpus_takes_branches_and_skips_what_its_target_skips() {
    let b = doc_byte("resolve_invariants", Document::Rfc3986);
    let mut pair = vec![b];
    pair.extend_from_slice(b"http://a/b/c\0../g");
    let mut no_nul = vec![b];
    no_nul.extend_from_slice(b"http://a/b/c");
    let (_root, dir) = corpus("resolve_invariants", &[("pair", pair), ("no-nul", no_nul)]);
    let out = urlcert(
        &[
            "coverage",
            "--json",
            "--doc",
            "rfc3986",
            "--corpus",
            dir.to_str().unwrap(),
        ],
        None,
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        v["corpus"][0]["skipped"]["no NUL between base and reference"],
        1
    );
    let d0 = &v["documents"][0];
    assert_eq!(d0["figures"]["resolutions"], 1);
    // Section 5.2.2 on "../g" against http://a/b/c: R has no scheme, no authority and a
    // path not starting with "/", so T.path = merge(Base.path, R.path); the base has a
    // path, so 5.2.3 gives "/b/../g". remove_dot_segments (5.2.4): E moves "/b", C
    // replaces "/../" and removes "/b", E moves "/g". A, B and D never apply.
    let untaken = strings_of_each(&d0["branches_untaken"], "id");
    for id in [
        "5.2.1",
        "5.2.2",
        "5.2.2-merge",
        "5.2.4",
        "5.2.4C",
        "5.2.4E",
        "5.3",
    ] {
        assert!(!untaken.contains(&id), "{id}: {untaken:?}");
    }
    for id in [
        "5.2.2-undefine",
        "5.2.2-scheme",
        "5.2.2-authority",
        "5.2.2-empty-path",
        "5.2.2-absolute-path",
        "5.2.4A",
        "5.2.4B",
        "5.2.4D",
    ] {
        assert!(untaken.contains(&id), "{id}: {untaken:?}");
    }
    // Both 5.2.3 branches are listed; only the one for a base with a path is taken.
    assert_eq!(untaken.iter().filter(|id| **id == "5.2.3").count(), 1);
    assert_eq!(
        d0["branches_untaken"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["id"] == "5.2.3")
            .unwrap()["text"],
        "merge: Base has an authority and an empty path: \"/\" and R.path"
    );
}

#[test]
fn a_corpus_folder_is_named_after_its_target() {
    let (_root, dir) = corpus("my-corpus", &[("x", b"x".to_vec())]);
    let out = urlcert(&["coverage", "--corpus", dir.to_str().unwrap()], None);
    assert_refused(&out, &["named after its fuzz target", "parse_invariants"]);
}

/// The exceptions file's errors, each with the line it is about.
fn errors(text: &str) -> Vec<(Option<usize>, String)> {
    match exceptions::parse(Path::new("x/_coverage-exceptions.yaml"), text) {
        Ok(e) => panic!("accepted: {e:?}"),
        Err(errors) => errors
            .into_iter()
            .map(|e| {
                assert!(
                    e.to_string().starts_with("x/_coverage-exceptions.yaml:"),
                    "{e}"
                );
                (e.line, e.message)
            })
            .collect(),
    }
}

fn entry(body: &str) -> String {
    format!(
        "exceptions:\n- doc: rfc2396\n{body}  section: \"3.3\"\n  quote: \"q\"\n  reason: \"r\"\n"
    )
}

#[test]
fn bad_exceptions_are_errors_naming_the_line() {
    let cases: [(&str, usize, &str); 9] = [
        (
            "  production: path\n  never: rejected\n  colour: blue\n",
            5,
            "unknown field `colour`",
        ),
        (
            "  production: path\n  never: rejected\n  never: accepted\n",
            5,
            "duplicate key `never`",
        ),
        (
            "  production: pth\n  never: rejected\n",
            3,
            "rfc2396 has no production `pth`",
        ),
        (
            "  production: path\n  never: acepted\n",
            4,
            "unknown variant `acepted`",
        ),
        (
            "  note: no-such-note\n  never: raised\n",
            3,
            "rfc2396 has no note `no-such-note`",
        ),
        (
            "  note: scheme-case\n  never: taken\n",
            4,
            "for a note, `never` is raised",
        ),
        (
            "  branch: \"6g\"\n  text: \"no such text\"\n  never: taken\n",
            4,
            "rfc2396's step `6g` has no branch \"no such text\" (its branches: \"the buffer begins",
        ),
        (
            "  branch: \"6g\"\n  never: taken\n",
            3,
            "needs the branch's `text`",
        ),
        (
            "  production: path\n  ambiguity: path\n  never: rejected\n",
            2,
            "exactly one of `production`, `branch`, `note`, `ambiguity` (this one names production, ambiguity)",
        ),
    ];
    for (body, line, message) in cases {
        let found = errors(&entry(body));
        assert_eq!(found.len(), 1, "{body}: {found:?}");
        assert_eq!(found[0].0, Some(line), "{body}: {found:?}");
        assert!(found[0].1.contains(message), "{body}: {found:?}");
    }
    // An unknown document, and text that is no YAML mapping.
    let found = errors("exceptions:\n- doc: rfc9999\n  note: x\n  never: raised\n  section: s\n  quote: q\n  reason: r\n");
    assert_eq!(found[0].0, Some(2), "{found:?}");
    assert!(
        found[0].1.contains("unknown document `rfc9999`"),
        "{found:?}"
    );
    let found = errors("exceptions:\n- doc: [\n");
    assert!(found[0].0.is_some(), "{found:?}");
    // The same exception twice, in two entries or in one `never` list.
    let one = "- doc: rfc2396\n  production: path\n  never: rejected\n  section: s\n  quote: q\n  reason: r\n";
    let found = errors(&format!("exceptions:\n{one}{one}"));
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, Some(8), "{found:?}");
    assert!(
        found[0]
            .1
            .contains("the same exception as at line 2 (rfc2396 production `path` never rejected)"),
        "{found:?}"
    );
    // An empty reason.
    let found = errors("exceptions:\n- doc: rfc2396\n  production: path\n  never: rejected\n  section: s\n  quote: q\n  reason: \" \"\n");
    assert_eq!(found[0].0, Some(7), "{found:?}");
    assert!(found[0].1.contains("`reason` is empty"), "{found:?}");
}

#[test]
fn good_exceptions_name_their_gaps() {
    let text = "exceptions:\n- doc: rfc2396\n  production: path\n  never: [accepted, rejected]\n  section: s\n  quote: q\n  reason: r\n- doc: rfc3986\n  ambiguity: host\n  never: second-reading\n  settled: true\n  section: s\n  quote: q\n  reason: r\n";
    let Exceptions { entries, .. } = exceptions::parse(Path::new("x"), text).unwrap();
    let path = rule(Document::Rfc2396, "path");
    let gaps: Vec<(Document, Gap, bool, usize)> = entries
        .into_iter()
        .map(|e| (e.doc, e.gap, e.settled, e.line))
        .collect();
    assert_eq!(
        gaps,
        [
            (
                Document::Rfc2396,
                Gap::Production {
                    rule: path,
                    never: Way::Accepted
                },
                false,
                2
            ),
            (
                Document::Rfc2396,
                Gap::Production {
                    rule: path,
                    never: Way::Rejected
                },
                false,
                2
            ),
            (
                Document::Rfc3986,
                Gap::Ambiguity {
                    rule: rule(Document::Rfc3986, "host")
                },
                true,
                8
            ),
        ]
    );
}

#[test]
fn a_broken_exceptions_file_is_a_usage_error_naming_it() {
    let dir = resolve_dir("exceptions:\n- doc: rfc1808\n  nonsense: 1\n");
    let out = urlcert(&["coverage", "--cases", dir.path().to_str().unwrap()], None);
    assert_refused(
        &out,
        &["_coverage-exceptions.yaml:3", "unknown field `nonsense`"],
    );
}

#[test]
fn the_run_summary_gives_the_figures() {
    let dir = resolve_dir("");
    let out_dir = tempfile::tempdir().unwrap();
    let report = out_dir.path().join("report");
    let out = urlcert(
        &[
            "run",
            "--adapter",
            "reference",
            "--cases",
            dir.path().to_str().unwrap(),
            "--out",
            report.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    let at = text
        .find("coverage of the documents by the cases")
        .expect("the table");
    let row = text[at..]
        .lines()
        .find(|l| l.starts_with("rfc1808 "))
        .unwrap();
    // 0/30 productions, all unreached, 14/21 branches, 0/2 notes, no place.
    let cells: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(
        cells,
        ["rfc1808", "0/30", "0", "30", "14/21", "0/2", "0", "69"]
    );
    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(report.join("summary.json")).unwrap())
            .unwrap();
    let c = summary["coverage"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["doc"] == "rfc1808")
        .unwrap()
        .clone();
    assert_eq!(c["branches_taken"], 14);
    assert_eq!(c["branches_total"], 21);
    assert_eq!(c["resolutions"], 1);
    let md = std::fs::read_to_string(report.join("report.md")).unwrap();
    assert!(
        md.contains("### Coverage of the documents by the cases"),
        "{md}"
    );
    assert!(
        md.contains("| `rfc1808` | 0/30 | 0 | 30 | 14/21 | 0/2 | 0 | 69 |"),
        "{md}"
    );
}
