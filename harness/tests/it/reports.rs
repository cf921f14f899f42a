//! The committed reports are generated from the cases and must match them.

use std::path::Path;
use urlcert::{case, study::contradictions, study::evolution};

fn root() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

#[test]
fn the_contradiction_list_is_up_to_date() {
    let suite = case::load_dir(&root().join("cases")).expect("the cases load");
    let fresh = contradictions::render(&suite.cases);
    let committed = std::fs::read_to_string(root().join(contradictions::PATH)).unwrap_or_default();
    assert!(
        fresh == committed,
        "{} is stale: run `cargo run -p urlcert -- contradictions --out {}`",
        contradictions::PATH,
        contradictions::PATH
    );
    // The three the 1996 draft's Appendix C prints against its own Section 6.
    for id in [
        "res.f01c.normal.query-only",
        "res.f01c.abnormal.query-dot",
        "res.f01c.abnormal.query-dotdot",
    ] {
        assert!(fresh.contains(id), "{id} missing from the list");
    }
}

#[test]
fn the_evolution_report_is_up_to_date() {
    let suite = case::load_dir(&root().join("cases")).expect("the cases load");
    let steps = evolution::build(&suite.cases);
    for (path, fresh) in [
        (evolution::MD_PATH, evolution::markdown(&steps)),
        (evolution::HTML_PATH, evolution::html_page(&steps)),
    ] {
        let committed = std::fs::read_to_string(root().join(path)).unwrap_or_default();
        assert!(
            fresh == committed,
            "{path} is stale: run `cargo run -p urlcert -- evolution`"
        );
    }
    // The committed page links its citations to the public copies.
    let page = evolution::html_page(&steps);
    assert!(
        page.contains("<a class=\"cite\" href=\"https://www.rfc-editor.org/rfc/rfc1808#section-")
    );
    assert!(page.contains(
        "<a class=\"cite\" href=\"https://datatracker.ietf.org/doc/html/draft-ietf-uri-url-02"
    ));
}

/// A small case set with known changes, one of them with a hostile input.
const CASES: &str = include_str!("case_sets/reports.cases.yaml");

#[test]
fn the_evolution_report_lists_each_change_once_per_step_grouped_and_escaped() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("t.yaml"), CASES).unwrap();
    let suite = case::load_dir(dir.path()).expect("the test cases load");
    let steps = evolution::build(&suite.cases);
    let names: Vec<String> = steps
        .iter()
        .map(|s| format!("{}>{}", s.from, s.to))
        .collect();
    assert_eq!(
        names,
        [
            "draft-02>draft-03",
            "draft-03>draft-06",
            "draft-06>rfc1738",
            "rfc1738>rfc1808",
            "rfc1808>draft-1996",
            "draft-1996>rfc2396",
            "rfc2396>rfc3986",
            "rfc3986>url-standard"
        ]
    );
    let ids = |i: usize| -> Vec<(String, String, &'static str)> {
        steps[i]
            .groups
            .iter()
            .flat_map(|g| {
                g.entries
                    .iter()
                    .map(move |e| (g.title.clone(), e.case.case.id.clone(), e.change.kind()))
            })
            .collect()
    };
    // draft-02 -> draft-03: t.tilde has no draft-03 expectation; the resolve case is
    // counted as undefined under draft-03, not listed.
    assert!(ids(0).is_empty());
    assert_eq!(steps[0].undefined.len(), 1);
    assert_eq!(steps[0].undefined[0].cases, 1);
    assert_eq!(
        ids(2),
        [(
            "§1a Per-character verdicts: ~".to_string(),
            "t.tilde".to_string(),
            "verdict"
        )]
    );
    assert_eq!(
        ids(3),
        [(
            "Other: query".to_string(),
            "t.query".to_string(),
            "component"
        )]
    );
    assert_eq!(
        ids(4),
        [("Other".to_string(), "t.res".to_string(), "resolution")]
    );
    let html = evolution::html_page(&steps);
    assert!(!html.contains("<script>"), "inputs are escaped");
    assert!(html.contains("http://h/&lt;script&gt;~"));
    assert!(html.contains("national &lt;b&gt;"), "quotes are escaped");
    // Citations link to the public copy of the document at the section.
    assert!(
        html.contains("<a class=\"cite\" href=\"https://www.rfc-editor.org/rfc/rfc1738#section-5\">RFC 1738 §5</a>"),
        "{html}"
    );
    assert!(
        html.contains("<a class=\"cite\" href=\"https://datatracker.ietf.org/doc/html/draft-ietf-uri-url-06#section-5\">draft-ietf-uri-url-06 §5</a>: \u{201c}national &lt;b&gt;\u{201d}"),
        "{html}"
    );
    let md = evolution::markdown(&steps);
    assert!(
        md.contains("| [draft-06 → rfc1738](#draft-06-to-rfc1738) | 1 | 1 | 0 | 0 |"),
        "{md}"
    );
    assert!(md.contains("search/query = \"q\""), "{md}");
}

/// Cases whose input, section, printed example and explanation hold bidi controls
/// (right-to-left override U+202E, left-to-right isolate U+2066).
const BIDI_CASES: &str = include_str!("case_sets/reports.bidi-cases.yaml");

fn no_raw_bidi(what: &str, text: &str) {
    assert!(
        !text.contains('\u{202e}') && !text.contains('\u{2066}'),
        "{what} holds a raw bidi control:\n{text}"
    );
}

#[test]
fn bidi_controls_in_cases_are_shown_escaped_in_the_generated_reports() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("t.yaml"), BIDI_CASES).unwrap();
    let suite = case::load_dir(dir.path()).expect("the test cases load");
    let list = contradictions::render(&suite.cases);
    no_raw_bidi("the contradiction list", &list);
    for shown in ["?y\\u{202e}", "C.1\\u{2066}", "the example \\u{202e} drops"] {
        assert!(list.contains(shown), "{shown}: {list}");
    }
    let steps = evolution::build(&suite.cases);
    let md = evolution::markdown(&steps);
    let html = evolution::html_page(&steps);
    for (what, text) in [("evolution.md", &md), ("evolution.html", &html)] {
        no_raw_bidi(what, text);
        assert!(
            text.contains("http://h/\\u{202e}exe.txt~\\u{2066}"),
            "{what}: {text}"
        );
        assert!(text.contains("national \\u{202e}"), "{what}: {text}");
    }
}

/// Default-ignorable code points that are neither control nor format characters: the
/// combining grapheme joiner, the Hangul filler and a variation selector.
const IGNORABLE: [char; 3] = ['\u{034f}', '\u{3164}', '\u{fe0f}'];

#[test]
fn default_ignorable_characters_in_cases_are_shown_escaped_in_every_report() {
    let cases = BIDI_CASES
        .replace("\\u202e", "\\u034f\\u3164")
        .replace("\\u2066", "\\ufe0f");
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("t.yaml"), &cases).unwrap();
    let suite = case::load_dir(dir.path()).expect("the test cases load");
    let steps = evolution::build(&suite.cases);
    let mut reports = vec![
        (
            "the contradiction list".to_string(),
            contradictions::render(&suite.cases),
        ),
        ("evolution.md".into(), evolution::markdown(&steps)),
        ("evolution.html".into(), evolution::html_page(&steps)),
    ];
    // A run's reports: Markdown, HTML, JUnit, the summary and the certificates.
    let out = dir.path().join("out");
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_urlcert"))
        .args(["run", "--cases"])
        .arg(dir.path())
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    let files: Vec<_> = std::fs::read_dir(&out)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&run.stderr)))
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        // JSON is data for programs, escaped by JSON's own rules (results.jsonl.gz
        // compressed too).
        .filter(|p| !p.extension().is_some_and(|x| x == "json" || x == "gz"))
        .collect();
    assert!(files.len() >= 3, "{files:?}");
    for f in files {
        reports.push((
            f.display().to_string(),
            std::fs::read_to_string(&f).unwrap(),
        ));
    }
    reports.push((
        "the run's terminal output".into(),
        String::from_utf8_lossy(&run.stdout).into_owned(),
    ));
    for (what, text) in &reports {
        for c in IGNORABLE {
            assert!(
                !text.contains(c),
                "{what} holds a raw U+{:04X}:\n{text}",
                c as u32
            );
        }
    }
    let list = &reports[0].1;
    assert!(list.contains("?y\\u{34f}\\u{3164}"), "{list}");
    assert!(list.contains("C.1\\u{fe0f}"), "{list}");
}
