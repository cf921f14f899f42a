//! Runs and their reports: hostile strings never reach HTML, XML or
//! Markdown unescaped; the pruned view groups identical rows; reports are written
//! atomically; expected-failure lists are checked both ways; the summary adds up.
//!
//! The adapters here are test adapters defined below, and the judge is the stand-in
//! in `certify` (faults by kind, verdicts by accept/reject, results by string), with
//! two changes: a component named `bad` is a component disagreement, and a rejection's
//! `actual` is the parser's message as it is, unquoted.

use crate::common::cli::output_text;
use crate::common::files::{listing, results_of};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output};
use urlcert::ask::Request;
use urlcert::ask::{Answer, Engine, Fault, Info, Model, Operation, Parts};
use urlcert::case;
use urlcert::judge::{Class, Judged};
use urlcert::report::{self, matrix, Column, Provenance, Record, Run};
use urlcert::run::certify::{self, Plan};
use urlcert_reference::Document;

const HOSTILE: &str = "<script>alert(1)</script>\u{7}\u{1b}[31m]]>\"'&";

/// Case files with hostile inputs. The expectations are the documents': RFC 1738
/// Section 2.2 puts "<", ">", '"' and control characters outside URLs; RFC 1808
/// Section 4 step 6 merges a relative path with the base's without looking at its
/// characters; RFC 1738 Section 3.3 gives `http://h/` as an httpurl.
const CASES: &str = include_str!("case_sets/reports_run.cases.yaml");

fn case_dir(text: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("cases")).unwrap();
    std::fs::write(dir.path().join("cases/t.yaml"), text).unwrap();
    dir
}

fn load(dir: &Path) -> case::Suite {
    case::load_dir(&dir.join("cases")).expect("the test cases load")
}

/// An adapter that answers every request with `answer` (or panics, for `None`).
struct Fixed {
    info: Info,
    answer: Option<Answer>,
}

impl Fixed {
    fn new(name: &str, answer: Option<Answer>) -> Self {
        Fixed {
            info: Info {
                name: name.into(),
                version: format!("{name} 1.0"),
                model: Model::Rfc3986,
                operations: vec![Operation::Parse, Operation::Resolve],
                argv: Some(vec!["fake".into(), name.into()]),
            },
            answer,
        }
    }
    fn boxed(self) -> Box<dyn Engine> {
        Box::new(self)
    }
}

impl Engine for Fixed {
    fn info(&self) -> &Info {
        &self.info
    }

    fn answer(&mut self, _request: &Request) -> Answer {
        match &self.answer {
            Some(a) => a.clone(),
            None => panic!("the parser fell over"),
        }
    }
}

/// The library's judge, then [`stand_in`].
const JUDGE: certify::Judge<'static> = &|request, doc, e, info, answer| {
    stand_in(urlcert::judge::judge(request, doc, e, info, answer), answer)
};

/// What the stand-in judge makes of the library's judgement `j` of `answer`.
fn stand_in(mut j: Judged, answer: &Answer) -> Judged {
    // The parser's message exactly as it said it, so that the reports must escape it.
    if let Answer::Rejected { message } = answer {
        j.actual = message.clone();
    }
    if let Answer::Parsed { components } = answer {
        if j.class == Class::Agree && components.contains_key("bad") {
            j.class = Class::Component;
            j.component = Some("bad".into());
        }
    }
    j
}

fn hostile_adapter() -> Fixed {
    let mut a = Fixed::new(
        "evil<img src=x onerror=alert(3)>",
        Some(Answer::Rejected {
            message: format!("{HOSTILE} from the adapter"),
        }),
    );
    a.info.version = format!("{HOSTILE} version");
    a
}

fn accept_all() -> Fixed {
    let mut parts = Parts::new();
    parts.insert("host".into(), Some(HOSTILE.into()));
    parts.insert("bad".into(), None);
    Fixed::new("accept-all", Some(Answer::Parsed { components: parts }))
}

fn hostile_run(dir: &Path) -> Run {
    let suite = load(dir);
    let plan = Plan {
        suite: &suite,
        filter: None,
        reference: true,
        adapters: vec![hostile_adapter().boxed(), accept_all().boxed()],
        unavailable: vec![report::Unavailable {
            name: "missing<script>".into(),
            why: format!("{HOSTILE} not installed"),
            install: "apt-get install <script>".into(),
        }],
    };
    certify::execute(plan, JUDGE, &mut |_| {}).unwrap().0
}

/// Markdown with every code span and fenced code block taken out: what a renderer
/// would interpret.
fn md_outside_code(md: &str) -> String {
    let mut out = String::new();
    let mut fence: Option<String> = None;
    for line in md.lines() {
        let ticks: String = line.chars().take_while(|c| *c == '`').collect();
        match &fence {
            Some(f) => {
                if ticks.len() >= f.len() && line.trim_end() == ticks {
                    fence = None;
                }
                continue;
            }
            None if ticks.len() >= 3 => {
                fence = Some(ticks);
                continue;
            }
            None => {}
        }
        // Code spans: a run of n backticks up to the next run of exactly n.
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            if chars[i] == '`' {
                let n = chars[i..].iter().take_while(|c| **c == '`').count();
                let mut j = i + n;
                let mut closed = None;
                while j < chars.len() {
                    if chars[j] == '`' {
                        let m = chars[j..].iter().take_while(|c| **c == '`').count();
                        if m == n {
                            closed = Some(j + m);
                            break;
                        }
                        j += m;
                    } else {
                        j += 1;
                    }
                }
                match closed {
                    Some(end) => i = end,
                    None => {
                        out.extend(&chars[i..i + n]);
                        i += n;
                    }
                }
            } else {
                out.push(chars[i]);
                i += 1;
            }
        }
        out.push('\n');
    }
    assert!(fence.is_none(), "a code block is never closed");
    out
}

fn no_raw_controls(what: &str, text: &str) {
    let bad: Vec<char> = text
        .chars()
        .filter(|c| c.is_control() && *c != '\n')
        .collect();
    assert!(
        bad.is_empty(),
        "{what} holds raw control characters {bad:?}"
    );
}

#[test]
fn hostile_strings_are_escaped_in_every_report() {
    let dir = case_dir(CASES);
    let run = hostile_run(dir.path());
    let files = report::render_all(&run);
    if let Some(dump) = std::env::var_os("URLCERT_DUMP_REPORT") {
        report::write(&run, Path::new(&dump)).unwrap();
    }
    let get = |name: &str| {
        files
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, t)| t.clone())
            .unwrap_or_else(|| panic!("no {name}"))
    };
    let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    let cert_name = report::certificate::file_name("evil<img src=x onerror=alert(3)>");
    assert!(
        cert_name.starts_with("certificate-evil_img_src_x_onerror_alert_3__-"),
        "{cert_name}"
    );
    assert!(names.contains(&cert_name.as_str()), "{names:?}");

    let page = get("report.html");
    for raw in ["<script", "<img", "<b>", "\"'&"] {
        assert!(!page.contains(raw), "report.html holds {raw:?}");
    }
    // The summary names the adapters and how to install the missing one, escaped.
    assert!(page.contains("evil&lt;img src=x onerror=alert(3)&gt;"));
    assert!(page.contains("apt-get install &lt;script&gt;"));
    no_raw_controls("report.html", &page);
    // The page of differences: the strings are there, escaped (the input, the
    // adapter's message and name); its one script is the filter's own.
    let pages: Vec<&str> = files
        .iter()
        .filter(|(n, _)| n.starts_with("differences-") && n.ends_with(".html"))
        .map(|(_, t)| t.as_str())
        .collect();
    assert!(!pages.is_empty(), "{names:?}");
    let page = pages.concat();
    assert_eq!(page.matches("<script").count(), pages.len(), "{page}");
    assert!(page.contains("<script>\ndocument.getElementById('filter')"));
    for raw in ["<img", "<b>", "\"'&"] {
        assert!(!page.contains(raw), "a page of differences holds {raw:?}");
    }
    assert!(page
        .contains("&lt;script&gt;alert(1)&lt;/script&gt;\\u{7}\\u{1b}[31m]]&gt;&quot;&#39;&amp;"));
    assert!(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;\\u{7}\\u{1b}[31m]]&gt;&quot;&#39;&amp; from the adapter"));
    assert!(page.contains("evil&lt;img src=x onerror=alert(3)&gt;"));
    no_raw_controls("the pages of differences", &page);

    let xml = get("junit.xml");
    for raw in ["<script", "<img", "<b>", "]]>", "\"'&"] {
        assert!(!xml.contains(raw), "junit.xml holds {raw:?}");
    }
    assert!(xml.contains("]]&gt;&quot;&apos;&amp; from the adapter"));
    no_raw_controls("junit.xml", &xml);
    // Every `&` starts one of the five entities.
    for (i, _) in xml.match_indices('&') {
        let rest = &xml[i..];
        assert!(
            ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"]
                .iter()
                .any(|e| rest.starts_with(e)),
            "a bare & in junit.xml: {}",
            &rest[..rest.len().min(20)]
        );
    }

    for (name, text) in &files {
        if !name.ends_with(".md") {
            continue;
        }
        no_raw_controls(name, text);
        let outside = md_outside_code(text);
        for raw in ["<script", "<img", "<b>"] {
            assert!(!outside.contains(raw), "{name} holds {raw:?} outside code");
        }
    }
    let cert = get(&cert_name);
    assert!(
        cert.contains("alert(1)</script>\\u{7}\\u{1b}[31m]]>"),
        "{cert}"
    );

    // The certificate as HTML: the same strings, escaped as in report.html.
    let cert_page_name = report::certificate::html_file_name("evil<img src=x onerror=alert(3)>");
    assert_eq!(cert_page_name, cert_name.replace(".md", ".html"));
    let cert_page = get(&cert_page_name);
    for raw in ["<script", "<img", "<b>", "\"'&"] {
        assert!(
            !cert_page.contains(raw),
            "the certificate page holds {raw:?}"
        );
    }
    assert!(cert_page
        .contains("<h1>Certificate: <code>evil&lt;img src=x onerror=alert(3)&gt;</code></h1>"));
    assert!(cert_page
        .contains("&lt;script&gt;alert(1)&lt;/script&gt;\\u{7}\\u{1b}[31m]]&gt;&quot;&#39;&amp; from the adapter"));
    assert!(cert_page.contains(
        "&lt;script&gt;alert(1)&lt;/script&gt;\\u{7}\\u{1b}[31m]]&gt;&quot;&#39;&amp; version"
    ));
    assert!(
        cert_page.contains("<code>&lt;b&gt;tag&lt;/b&gt;</code>"),
        "tags are escaped"
    );
    no_raw_controls(&cert_page_name, &cert_page);
    // Its citations link to the public copy of the document.
    assert!(
        cert_page
            .contains("href=\"https://www.rfc-editor.org/rfc/rfc1808#section-4\">RFC 1808 §4</a>"),
        "{cert_page}"
    );

    // results.jsonl.gz keeps the strings exactly, as JSON.
    let jsonl = get("results.jsonl.gz");
    let lines: Vec<serde_json::Value> = jsonl
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(lines.iter().any(|l| l["input"] == HOSTILE));
}

fn record(case: &str, adapter: &str, class: Class) -> Record {
    Record {
        case: case.into(),
        location: "t.yaml:1".into(),
        doc: "rfc1738".into(),
        op: "parse".into(),
        input: format!("http://{case}/"),
        base: None,
        tags: vec!["t".into()],
        cite: Vec::new(),
        adapter: adapter.into(),
        version: "1".into(),
        argv: None,
        class,
        component: None,
        expected: "verdict valid".into(),
        actual: "verdict valid".into(),
        elapsed_ms: 0,
    }
}

fn provenance() -> Provenance {
    Provenance {
        run: "run-20000101-000000".into(),
        urlcert_version: "0".into(),
        cases_sha256: "0".repeat(64),
        time: "2000-01-01T00:00:00Z".into(),
    }
}

/// `out` ended with exit code `code`, its output (either stream) holding `says`.
fn assert_exit_saying(out: &Output, code: i32, says: &str) {
    let text = output_text(out);
    assert_eq!(out.status.code(), Some(code), "{text}");
    assert!(text.contains(says), "{says}: {text}");
}

/// A run with `records` of the adapters `names` (each version 1, no command line), and
/// nothing unavailable or covered.
fn run_of(names: &[&str], records: Vec<Record>) -> Run {
    Run {
        provenance: provenance(),
        columns: names
            .iter()
            .map(|name| Column {
                name: (*name).into(),
                version: "1".into(),
                argv: None,
            })
            .collect(),
        unavailable: Vec::new(),
        records,
        coverage: Vec::new(),
        ledgers: Vec::new(),
    }
}

/// A ledger of `adapter` whose list names `listed` (case ids, under rfc1738).
fn ledger_naming(adapter: &str, listed: &[&str]) -> report::Ledger {
    report::Ledger {
        adapter: adapter.into(),
        list: format!("lists/{adapter}.txt"),
        found: true,
        listed: listed
            .iter()
            .map(|c| (c.to_string(), "rfc1738".to_string()))
            .collect(),
        ..Default::default()
    }
}

#[test]
fn with_several_adapters_junit_has_a_testcase_per_document_failing_only_for_new_failures() {
    let mut records = vec![record("c1", "reference", Class::Agree)];
    for case in ["c1", "c2", "c3"] {
        records.push(record(case, "a", Class::Verdict));
        records.push(record(case, "b", Class::Agree));
    }
    records.push(record("c1", "c", Class::Verdict));
    let mut run = run_of(&["reference", "a", "b", "c"], records);
    // a's list names c1 and c2: c3 is new. b has nothing to list; c has no list.
    run.ledgers = vec![ledger_naming("a", &["c1", "c2"]), ledger_naming("b", &[])];
    let xml = report::junit::render(&run);
    // The reference per case; each adapter one testcase for its one document.
    assert!(
        xml.contains("<testsuites name=\"urlcert run-20000101-000000\" tests=\"4\" failures=\"2\" errors=\"0\" skipped=\"0\">"),
        "{xml}"
    );
    assert!(
        xml.contains("<testcase classname=\"reference\" name=\"c1 [rfc1738]\""),
        "{xml}"
    );
    assert!(
        xml.contains("<failure type=\"new\" message=\"1 failure not listed in lists/a.txt\">c3 [rfc1738] (verdict): expected verdict valid / actual verdict valid"),
        "{xml}"
    );
    let of_a = &xml
        [xml.find("<testsuite name=\"a\"").unwrap()..xml.find("<testsuite name=\"b\"").unwrap()];
    assert!(
        !of_a.contains("c1 [rfc1738]") && !of_a.contains("c2 [rfc1738]"),
        "a listed failure is not shown: {xml}"
    );
    assert!(
        xml.contains("0 of 3 outcomes agree; 3 failures, 2 listed in lists/a.txt</failure>"),
        "{xml}"
    );
    assert!(
        xml.contains("<testcase classname=\"b\" name=\"rfc1738\" time=\"0.000\"><system-out>3 of 3 outcomes agree; 0 failures, 0 listed in lists/b.txt</system-out></testcase>"),
        "{xml}"
    );
    assert!(
        xml.contains("<failure type=\"new\" message=\"1 failure (no expected-failure list)\">"),
        "{xml}"
    );

    // One adapter besides the reference: per case, a listed failure skipped.
    let mut records = vec![record("c1", "reference", Class::Agree)];
    records.push(record("c1", "a", Class::Verdict));
    records.push(record("c3", "a", Class::Verdict));
    let mut run = run_of(&["reference", "a"], records);
    run.ledgers = vec![ledger_naming("a", &["c1"])];
    let xml = report::junit::render(&run);
    assert!(
        xml.contains("tests=\"3\" failures=\"1\" errors=\"0\" skipped=\"1\">"),
        "{xml}"
    );
    assert!(
        xml.contains("<testcase classname=\"a\" name=\"c3 [rfc1738]\""),
        "{xml}"
    );
    assert!(
        xml.contains("<skipped message=\"expected failure (verdict), listed in lists/a.txt\">"),
        "{xml}"
    );
}

#[test]
fn a_certificate_shows_new_failures_in_full_and_listed_ones_a_line_per_case() {
    let mut records = Vec::new();
    for case in ["c1", "c2", "c3"] {
        records.push(record(case, "a", Class::Verdict));
    }
    let mut other = record("c1", "a", Class::Component);
    other.doc = "rfc3986".into();
    other.component = Some("host".into());
    records.push(other);
    let mut cannot = record("c2", "a", Class::Unsupported);
    cannot.doc = "rfc3986".into();
    records.push(cannot);
    let mut run = run_of(&["a"], records);
    run.ledgers = vec![report::Ledger {
        listed: [
            ("c1", "rfc1738"),
            ("c1", "rfc3986"),
            ("c2", "rfc1738"),
            ("c2", "rfc3986"),
        ]
        .iter()
        .map(|(c, d)| (c.to_string(), d.to_string()))
        .collect(),
        ..ledger_naming("a", &[])
    }];
    let md = report::certificate::render(&run, "a", true);
    assert!(
        md.contains("## New failures (1)\n\n### `c3 [rfc1738]` — verdict\n"),
        "{md}"
    );
    assert!(md.contains("## Listed failures (3)\n"), "{md}");
    assert!(
        md.contains("Left out: the 1 listed requests the adapter cannot express"),
        "{md}"
    );
    assert!(
        md.contains("- `c1` at `t.yaml:1`: `rfc1738` verdict; `rfc3986` component host\n- `c2` at `t.yaml:1`: `rfc1738` verdict\n"),
        "{md}"
    );
    assert!(
        !md.contains("### `c1"),
        "a listed failure has no diff: {md}"
    );
    let page = report::certificate::render_html(&run, "a");
    assert!(
        page.contains("<h2 id=\"failures\">New failures (1)</h2>"),
        "{page}"
    );
    assert!(
        page.contains("<li><code>c1</code> at <code>t.yaml:1</code>: <code>rfc1738</code> verdict; <code>rfc3986</code> component host</li>"),
        "{page}"
    );
    // Without a ledger, every failure in full.
    run.ledgers.clear();
    let md = report::certificate::render(&run, "a", true);
    assert!(
        md.contains("## Failures (5)") && md.contains("### `c1 [rfc1738]` — verdict"),
        "{md}"
    );
    assert!(!md.contains("Listed failures"), "{md}");
}

#[test]
fn the_pruned_view_groups_identical_rows() {
    let mut records = Vec::new();
    // Three rows agree under a and disagree under b; one row disagrees under both;
    // one (c4) has no answer from b.
    for case in ["c1", "c2", "c3"] {
        records.push(record(case, "a", Class::Agree));
        records.push(record(case, "b", Class::Verdict));
    }
    records.push(record("c5", "a", Class::Verdict));
    records.push(record("c5", "b", Class::Verdict));
    records.push(record("c4", "a", Class::Agree));
    let run = run_of(&["a", "b"], records);
    let groups = matrix::pruned(&run);
    let shape: Vec<(usize, Vec<Option<Class>>)> = groups
        .iter()
        .map(|g| (g.rows.len(), g.classes.clone()))
        .collect();
    assert_eq!(
        shape,
        vec![
            (3, vec![Some(Class::Agree), Some(Class::Verdict)]),
            (1, vec![Some(Class::Verdict), Some(Class::Verdict)]),
            (1, vec![Some(Class::Agree), None]),
        ]
    );
    let ids: Vec<&str> = groups[0]
        .rows
        .iter()
        .map(|r| r.first.case.as_str())
        .collect();
    assert_eq!(ids, ["c1", "c2", "c3"]);

    let md = report::markdown::render(&run);
    assert!(
        md.contains("| 3 | agree | verdict | `c1 [rfc1738]`, `c2 [rfc1738]`, `c3 [rfc1738]` |"),
        "{md}"
    );
    assert!(md.contains("| 1 | agree | · | `c4 [rfc1738]` |"), "{md}");
    // The page of differences holds the rows where some adapter does not agree (c1 to
    // c3), not one where every adapter asked agrees (c4).
    let page: String = report::html::render_differences(&run)
        .into_iter()
        .map(|(_, page)| page)
        .collect();
    for id in ["c1", "c2", "c3"] {
        assert!(
            page.contains(&format!("<td class=\"id\"><code>{id}</code>")),
            "{id}: {page}"
        );
    }
    assert!(!page.contains("<code>c4</code>"), "{page}");
    // The full matrix has one row per case.
    assert_eq!(matrix::rows(&run).len(), 5);
}

#[test]
fn an_existing_report_survives_a_write_stopped_half_way() {
    use urlcert::report::outdir::{work_path, Work};
    let root = tempfile::tempdir().unwrap();
    let out = root.path().join("run-x");
    let dir = case_dir(CASES);
    let run = hostile_run(dir.path());
    report::write(&run, &out).unwrap();
    let before = std::fs::read_to_string(out.join("report.md")).unwrap();

    // A writer that stops before publishing (as a kill would) leaves the report as it
    // was, and its own work beside it.
    let work = Work::open(&out, "run", false).unwrap();
    std::fs::write(work.path().join("report.md"), "half a report").unwrap();
    drop(work);
    assert_eq!(
        std::fs::read_to_string(out.join("report.md")).unwrap(),
        before
    );
    assert_eq!(listing(root.path()), ["run-x", "run-x.partial"]);

    // The next write does not throw that work away unasked...
    let refused = report::write(&run, &out).unwrap_err().to_string();
    assert!(refused.contains("--resume"), "{refused}");
    // ...and a resumed one replaces the report as a whole, leaving nothing beside it.
    let work = Work::open(&out, "run", true).unwrap();
    assert!(work.resumed());
    std::fs::write(work.path().join("report.md"), "the new report").unwrap();
    std::fs::write(work.path().join(".urlcert-report"), "run").unwrap();
    work.publish().unwrap();
    assert_eq!(listing(root.path()), ["run-x"]);
    assert!(!work_path(&out).exists());
    assert_eq!(
        std::fs::read_to_string(out.join("report.md")).unwrap(),
        "the new report"
    );
    // Swapped as a whole: nothing of the old report is left in it.
    assert_eq!(listing(&out), [".urlcert-report", "report.md"]);
}

#[test]
fn summary_counts_add_up_to_the_records() {
    let dir = case_dir(CASES);
    let suite = load(dir.path());
    let adapters = vec![
        accept_all().boxed(),
        hostile_adapter().boxed(),
        Fixed::new("panics", None).boxed(),
        Fixed::new(
            "crashes",
            Some(Answer::Fault {
                fault: Fault::Crash {
                    detail: "signal 11".into(),
                },
            }),
        )
        .boxed(),
        Fixed::new(
            "hangs",
            Some(Answer::Fault {
                fault: Fault::Timeout { after_ms: 300 },
            }),
        )
        .boxed(),
        Fixed::new(
            "garbage",
            Some(Answer::Fault {
                fault: Fault::Garbage {
                    detail: "not JSON".into(),
                },
            }),
        )
        .boxed(),
        Fixed::new(
            "cannot",
            Some(Answer::Unsupported {
                why: "no such operation".into(),
            }),
        )
        .boxed(),
    ];
    let plan = Plan {
        suite: &suite,
        filter: None,
        reference: true,
        adapters,
        unavailable: Vec::new(),
    };
    let (run, reference) = certify::execute(plan, JUDGE, &mut |_| {}).unwrap();
    assert_eq!(reference.len(), 3, "the reference ran every expectation");
    // 8 adapters (the reference first) × 3 expectations.
    assert_eq!(run.columns.len(), 8);
    assert_eq!(run.columns[0].name, "reference");
    assert_eq!(run.records.len(), 24);

    let summary = report::summary::build(&run);
    assert_eq!(summary.records, run.records.len());
    assert_eq!(
        summary.adapters.iter().map(|a| a.total).sum::<usize>(),
        run.records.len()
    );
    for a in &summary.adapters {
        assert_eq!(a.classes.values().sum::<usize>(), a.total, "{}", a.name);
        let per_doc: usize = a.documents.values().flat_map(|c| c.values()).sum();
        assert_eq!(per_doc, a.total, "{}", a.name);
        // Every record of the test cases has the `hostile` tag or none.
        let hostile: usize = a.tags.get("hostile").map_or(0, |c| c.values().sum());
        assert_eq!(hostile, 2, "{}", a.name);
    }
    let count = |name: &str, c: Class| {
        summary
            .adapters
            .iter()
            .find(|a| a.name == name)
            .unwrap()
            .count(c)
    };
    assert_eq!(count("reference", Class::Agree), 3);
    assert_eq!(count("panics", Class::Crash), 3);
    assert_eq!(count("crashes", Class::Crash), 3);
    assert_eq!(count("hangs", Class::Timeout), 3);
    assert_eq!(count("garbage", Class::AdapterError), 3);
    assert_eq!(count("cannot", Class::Unsupported), 3);
    // accept-all: accepts the invalid input (verdict), reports a component for the
    // valid one (component), and answers a resolve with a parse (adapter error).
    assert_eq!(count("accept-all", Class::Verdict), 1);
    assert_eq!(count("accept-all", Class::Component), 1);
    assert_eq!(count("accept-all", Class::AdapterError), 1);

    // The JSON says the same, and so does results.jsonl.
    let json: serde_json::Value = serde_json::from_str(&report::summary::json(&run)).unwrap();
    let from_json: u64 = json["adapters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            a["classes"]
                .as_object()
                .unwrap()
                .values()
                .map(|v| v.as_u64().unwrap())
                .sum::<u64>()
        })
        .sum();
    assert_eq!(from_json, 24);
    assert_eq!(report::results_jsonl(&run).lines().count(), 24);
}

fn urlcert(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_urlcert"))
        .args(args)
        .output()
        .unwrap()
}

/// A case set where the reference fails one case on purpose: t.plain expects
/// `invalid` for an input RFC 1738 Section 3.3 accepts.
fn failing_cases() -> tempfile::TempDir {
    case_dir(&CASES.replace("rfc1738: {verdict: valid}", "rfc1738: {verdict: invalid}"))
}

fn certify_reference(dir: &Path, list: &Path, extra: &[&str]) -> Output {
    let cases = dir.join("cases");
    let out = dir.join("out");
    let mut args = vec![
        "certify",
        "--adapter",
        "reference",
        "--cases",
        cases.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--expected",
        list.to_str().unwrap(),
    ];
    args.extend(extra);
    urlcert(&args)
}

#[test]
fn strict_mode_fails_on_unexpected_failures_and_passes_and_stale_entries() {
    let dir = failing_cases();
    let list = dir.path().join("reference.txt");

    // No list: one message saying how to make it, and a closing line. Without
    // --strict that is not an error; with it, it is.
    let last_line = |out: &Output| {
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .last()
            .unwrap_or_default()
            .to_string()
    };
    let out = certify_reference(dir.path(), &list, &[]);
    assert_exit_saying(&out, 0, "no expected-failure list for reference at");
    let record = format!(
        "urlcert certify --adapter reference --expected {} --update-expected",
        list.display()
    );
    let said = output_text(&out);
    assert!(said.contains(&record), "{said}");
    let out = certify_reference(dir.path(), &list, &["--strict"]);
    assert_eq!(out.status.code(), Some(1), "{}", output_text(&out));
    assert!(
        last_line(&out).starts_with("certify --strict: failed: no expected-failure list at")
            && last_line(&out).ends_with("(1 failure, none listed)"),
        "{}",
        output_text(&out)
    );
    // The agreement table comes before the verdict.
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(stdout.contains("# Certificate: `reference`"), "{stdout}");

    // --update-expected writes the list, naming the command that checks it; then
    // --strict passes, the listed failure skipped in JUnit and marked in the certificate.
    let out = certify_reference(dir.path(), &list, &["--update-expected"]);
    assert_eq!(out.status.code(), Some(0), "{}", output_text(&out));
    let written = std::fs::read_to_string(&list).unwrap();
    assert!(
        written.contains(&format!(
            "# Checked both ways by `urlcert certify --adapter reference --expected {} --strict`",
            list.display()
        )),
        "{written}"
    );
    let entries = certify::parse_expected(&written).unwrap();
    let pairs: Vec<(&str, &str)> = entries
        .iter()
        .map(|e| (e.case.as_str(), e.doc.as_str()))
        .collect();
    assert_eq!(pairs, [("t.plain", "rfc1738")], "{written}");
    let out = certify_reference(dir.path(), &list, &["--strict"]);
    assert_eq!(out.status.code(), Some(0), "{}", output_text(&out));
    assert_eq!(
        last_line(&out),
        format!(
            "certify --strict: passed: 1 listed failure still failing, nothing unexpected (against {})",
            list.display()
        )
    );
    let junit = std::fs::read_to_string(dir.path().join("out/junit.xml")).unwrap();
    assert!(
        junit.contains("failures=\"0\" errors=\"0\" skipped=\"1\""),
        "{junit}"
    );
    assert!(
        junit.contains("<skipped message=\"expected failure (verdict), listed in "),
        "{junit}"
    );
    assert!(!junit.contains("<failure "), "{junit}");
    let certificate =
        std::fs::read_to_string(dir.path().join("out/certificate-reference.md")).unwrap();
    assert!(certificate.contains("## New failures (0)"), "{certificate}");
    assert!(
        certificate.contains("## Listed failures (1)")
            && certificate.contains("- `t.plain` at `")
            && certificate.contains(": `rfc1738` verdict\n"),
        "{certificate}"
    );
    assert!(
        certificate.contains("of the 1 failures, 1 are listed (expected) and 0 are new"),
        "{certificate}"
    );
    assert!(certificate.contains("--strict passed."), "{certificate}");

    // A list that exists without the failure: an unexpected failure, shown with what
    // the document expects and what the adapter gave, and counted in the verdict.
    std::fs::write(&list, "# nothing listed\n").unwrap();
    let out = certify_reference(dir.path(), &list, &["--strict"]);
    assert_exit_saying(
        &out,
        1,
        "unexpected failure: t.plain rfc1738 (verdict): not in",
    );
    let text = output_text(&out);
    assert!(
        text.contains("\n    expected: ") && text.contains("\n    actual:   "),
        "{text}"
    );
    assert!(
        last_line(&out).starts_with(
            "certify --strict: failed: 1 unexpected failure, 0 unexpected passes, 0 stale entries"
        ),
        "{text}"
    );
    let junit = std::fs::read_to_string(dir.path().join("out/junit.xml")).unwrap();
    assert!(junit.contains("<failure type=\"verdict\""), "{junit}");
    // The certificate shows the new failure in full, with its diff.
    let certificate =
        std::fs::read_to_string(dir.path().join("out/certificate-reference.md")).unwrap();
    assert!(
        certificate.contains("## New failures (1)")
            && certificate.contains("### `t.plain [rfc1738]` — verdict")
            && certificate.contains("--- expected (the document)")
            && certificate.contains("## Listed failures (0)"),
        "{certificate}"
    );
    std::fs::write(&list, &written).unwrap();

    // A listed case that now agrees is an unexpected pass.
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(&list)
        .unwrap();
    writeln!(f, "t.hostile.resolve rfc1808").unwrap();
    drop(f);
    let out = certify_reference(dir.path(), &list, &["--strict"]);
    assert_exit_saying(&out, 1, "unexpected pass: t.hostile.resolve rfc1808");
    assert!(
        last_line(&out).starts_with(
            "certify --strict: failed: 0 unexpected failures, 1 unexpected pass, 0 stale entries (against"
        ),
        "{}",
        output_text(&out)
    );

    // A listed case id that no longer exists is stale.
    std::fs::write(&list, "t.plain rfc1738\nt.gone rfc1738 # removed\n").unwrap();
    let out = certify_reference(dir.path(), &list, &["--strict"]);
    assert_exit_saying(&out, 1, "stale entry: t.gone rfc1738 (line 2 of");
    assert!(
        output_text(&out).contains("no case has this id"),
        "{}",
        output_text(&out)
    );
    assert!(
        !output_text(&out).contains("unexpected failure:")
            && !output_text(&out).contains("unexpected pass:"),
        "{}",
        output_text(&out)
    );

    // --doc limits the check to one document: the rfc1738 entry is out of scope and
    // neither stale nor an unexpected pass.
    std::fs::write(&list, "t.plain rfc1738\n").unwrap();
    let out = certify_reference(dir.path(), &list, &["--strict", "--doc", "rfc1808"]);
    assert_eq!(out.status.code(), Some(0), "{}", output_text(&out));
}

#[test]
fn a_malformed_list_is_an_error_naming_the_line() {
    assert_eq!(
        certify::parse_expected("# c\n\na rfc1738\nb\n")
            .unwrap_err()
            .message(),
        "4: expected `case-id doc`, found \"b\""
    );
    let dir = case_dir(CASES);
    let list = dir.path().join("bad.txt");
    std::fs::write(&list, "one two three\n").unwrap();
    let out = certify_reference(dir.path(), &list, &["--strict"]);
    assert_exit_saying(&out, 2, "bad.txt:1: expected `case-id doc`");
}

#[test]
fn run_writes_every_report_with_provenance_and_fails_only_for_the_reference() {
    let dir = case_dir(CASES);
    let out = dir.path().join("reports/mine");
    let cases = dir.path().join("cases");
    let res = urlcert(&[
        "run",
        "--cases",
        cases.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_exit_saying(&res, 0, "3 passed, 0 failed");
    let files = listing(&out);
    for want in [
        "certificate-reference.md",
        "junit.xml",
        "report.html",
        "report.md",
        "results.jsonl.gz",
        "summary.json",
    ] {
        assert!(files.iter().any(|f| f == want), "{want} missing: {files:?}");
    }
    // Besides those, one certificate per adapter available on this machine.
    assert!(
        files.iter().all(
            |f| (f.starts_with("certificate-") || f.starts_with("differences-"))
                && (f.ends_with(".md") || f.ends_with(".html"))
                || [
                    ".urlcert-report",
                    "junit.xml",
                    "report.html",
                    "report.md",
                    "results.jsonl.gz",
                    "run.json",
                    "summary.json"
                ]
                .contains(&f.as_str())
        ),
        "{files:?}"
    );
    // Provenance: the case set's hash is SHA-256 of each case file's relative path, a
    // NUL, its bytes and a NUL (`case::digest`).
    use sha2::{Digest, Sha256};
    let mut framed = b"t.yaml\0".to_vec();
    framed.extend(std::fs::read(cases.join("t.yaml")).unwrap());
    framed.push(0);
    let want: String = Sha256::digest(&framed)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let jsonl = results_of(&out);
    for line in jsonl.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["cases_sha256"], want.as_str());
        assert_eq!(v["urlcert_version"], env!("CARGO_PKG_VERSION"));
        assert!(v["adapter"].is_string());
        assert!(v["run"].as_str().unwrap().starts_with("run-"));
        assert!(v["time"].as_str().unwrap().ends_with('Z'));
        assert!(v["location"].as_str().unwrap().contains("t.yaml:"));
    }
    // The reference answers each of the three expectations; the adapters available on
    // this machine add their own records.
    let reference = jsonl
        .lines()
        .filter(|l| l.contains("\"adapter\":\"reference\""))
        .count();
    assert_eq!(reference, 3, "{jsonl}");

    // Without --out, the report goes to reports/run-*/ beside the cases folder.
    let res = urlcert(&["run", "--cases", cases.to_str().unwrap()]);
    assert_eq!(res.status.code(), Some(0), "{}", output_text(&res));
    let runs: Vec<String> = listing(&dir.path().join("reports"))
        .into_iter()
        .filter(|n| n.starts_with("run-"))
        .collect();
    assert_eq!(runs.len(), 1, "{runs:?}");

    // The reference failing a case is exit 1, and the reports are still written.
    let failing = failing_cases();
    let out = failing.path().join("out");
    let res = urlcert(&[
        "run",
        "--cases",
        failing.path().join("cases").to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_exit_saying(&res, 1, "FAIL t.plain [rfc1738]");
    let cert = std::fs::read_to_string(out.join("certificate-reference.md")).unwrap();
    assert!(cert.contains("### `t.plain [rfc1738]` — verdict"), "{cert}");
    assert!(cert.contains("-verdict: invalid"), "{cert}");
    assert!(cert.contains("+verdict: valid"), "{cert}");

    // An unknown adapter is a usage error.
    let res = urlcert(&[
        "run",
        "--cases",
        cases.to_str().unwrap(),
        "--out",
        dir.path().join("x").to_str().unwrap(),
        "--adapter",
        "no-such-parser",
    ]);
    assert_exit_saying(&res, 2, "unknown adapter `no-such-parser`");
}

/// Right-to-left override, left-to-right isolate, zero width space, byte order mark:
/// characters that reorder or hide what a report shows.
const BIDI: &str = "http://h/\u{202e}gpj.exe\u{2066}x\u{200b}\u{feff}";

fn no_raw_bidi(what: &str, text: &str) {
    for c in ['\u{202e}', '\u{2066}', '\u{200b}', '\u{feff}'] {
        assert!(!text.contains(c), "{what} holds a raw U+{:04X}", c as u32);
    }
}

#[test]
fn bidi_and_invisible_characters_are_shown_escaped_in_every_report() {
    let adapter = "bidi\u{202e}parser";
    let mut records = Vec::new();
    for (case, class) in [("t.bidi", Class::Verdict), ("t.comp", Class::Component)] {
        let mut r = record(case, adapter, class);
        r.input = BIDI.into();
        r.base = Some(format!("{BIDI}/base"));
        r.tags = vec!["tag\u{2066}".into()];
        r.version = "1\u{202e}0".into();
        r.location = "t\u{202e}.yaml:1".into();
        r.expected = format!("verdict valid; host {BIDI:?}");
        r.actual = format!("rejected: {BIDI}");
        if class == Class::Component {
            r.component = Some("host\u{2066}".into());
        }
        records.push(r);
    }
    let run = Run {
        provenance: provenance(),
        columns: vec![Column {
            name: adapter.into(),
            version: "1\u{202e}0".into(),
            argv: Some(vec!["run\u{2066}".into()]),
        }],
        unavailable: vec![report::Unavailable {
            name: "gone\u{202e}".into(),
            why: format!("missing {BIDI}"),
            install: "apt-get install \u{2066}x".into(),
        }],
        records,
        coverage: Vec::new(),
        ledgers: Vec::new(),
    };
    let files = report::render_all(&run);
    let mut seen = 0;
    for (name, text) in &files {
        // The JSON files keep the exact strings, as data.
        if name.ends_with(".json") || name.ends_with(".jsonl.gz") {
            continue;
        }
        no_raw_bidi(name, text);
        // The summary page shows no inputs; the page of differences does.
        if name == "report.html" {
            continue;
        }
        assert!(
            text.contains("\\u{202e}gpj.exe\\u{2066}x\\u{200b}\\u{feff}"),
            "{name} does not show the input escaped:\n{text}"
        );
        seen += 1;
    }
    // report.md, the page of differences, junit.xml and the certificate as Markdown and
    // HTML.
    assert_eq!(
        seen,
        5,
        "{:?}",
        files.iter().map(|f| &f.0).collect::<Vec<_>>()
    );
    // What `run` and `certify` print.
    let table = report::summary::table(&run);
    no_raw_bidi("the summary table", &table);
    assert!(table.contains("bidi\\u{202e}parser"), "{table}");
    let short = report::certificate::render(&run, adapter, false);
    no_raw_bidi("the printed certificate", &short);
}

/// The rendered file `name` of `files`.
fn file<'a>(files: &'a [(String, String)], name: &str) -> &'a str {
    files
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, t)| t.as_str())
        .unwrap_or_else(|| panic!("no {name}"))
}

#[test]
fn the_summary_leads_with_agreement_per_parser_and_document() {
    let dir = case_dir(CASES);
    let run = hostile_run(dir.path());
    let files = report::render_all(&run);
    let names: Vec<&str> = run.columns.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names[0], "reference");

    // report.md: the summary starts with the table, a row per parser (the reference
    // first), a column per document, each linked to its public copy.
    let md = file(&files, "report.md");
    let summary = md.split("\n## Summary\n\n").nth(1).expect("a summary");
    assert!(
        summary.starts_with("### Agreement per document\n\n| parser |"),
        "{summary}"
    );
    let table: Vec<&str> = summary
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .collect();
    assert_eq!(table.len(), 2 + names.len(), "{table:?}");
    for d in Document::ALL {
        assert!(
            table[0].contains(&format!("[{}]({})", d.id(), d.public_url())),
            "{}",
            table[0]
        );
    }
    // The reference agrees with both of RFC 1738's cases and RFC 1808's one; no case
    // speaks for draft-02. accept-all agrees with none.
    assert!(table[2].starts_with("| `reference` | – |"), "{}", table[2]);
    assert!(
        table[2].contains("| 2/2 (100.0%) | 1/1 (100.0%) |"),
        "{}",
        table[2]
    );
    let accept = table
        .iter()
        .find(|l| l.starts_with("| `accept-all` |"))
        .unwrap();
    assert!(accept.contains("| 0/2 (0.0%) | 0/1 (0.0%) |"), "{accept}");

    // report.html: the same table first in the summary, coloured by agreement.
    let page = file(&files, "report.html");
    let summary = page
        .split("<h2 id=\"summary\">Agreement per document</h2>\n")
        .nth(1)
        .expect("a summary");
    assert!(
        summary.starts_with(
            "<table class=\"agreement\">\n<tr><th>parser</th><th><a href=\"https://datatracker.ietf.org/doc/html/draft-ietf-uri-url-02\""
        ),
        "{summary}"
    );
    let first_table = &summary[..summary.find("</table>").unwrap()];
    assert!(
        first_table.contains("<tr><th><code>reference</code></th><td class=\"ag a-none\">–</td>")
    );
    assert!(first_table.contains("<td class=\"ag a-all\" title=\"2 of 2 outcomes under rfc1738 agree\"><span class=\"pc\">100.0%</span><small>2/2</small></td>"));
    assert!(first_table
        .contains("<td class=\"ag a-low\" title=\"0 of 2 outcomes under rfc1738 agree\">"));
    assert!(page.contains(".a-all{background:"), "the bands are styled");
    assert!(!page.contains("<script"), "no script");

    // No figure across documents, anywhere.
    for (name, text) in &files {
        assert!(!text.to_lowercase().contains("score"), "{name} has a score");
    }
    let printed = report::summary::table(&run);
    assert!(!printed.to_lowercase().contains("score"), "{printed}");
    assert!(printed.starts_with("agreement per document"), "{printed}");
    assert!(printed.contains("2/2 100.0%"), "{printed}");
    let short = report::certificate::render(&run, "reference", false);
    assert!(!short.to_lowercase().contains("score"), "{short}");
    // summary.json keeps the figures per document.
    let json: serde_json::Value = serde_json::from_str(file(&files, "summary.json")).unwrap();
    let reference = &json["adapters"][0];
    assert_eq!(reference["name"], "reference");
    assert_eq!(reference["documents"]["rfc1738"]["agree"], 2);
    assert_eq!(
        reference["agreement"]["rfc1738"],
        serde_json::json!({"agree": 2, "total": 2})
    );
    assert!(reference.get("score").is_none());

    // A certificate per adapter as HTML too, which report.html links.
    for col in &run.columns {
        let page_name = report::certificate::html_file_name(&col.name);
        assert!(files.iter().any(|(n, _)| *n == page_name), "{page_name}");
        let href = format!("<a href=\"{}\">", urlcert::report::text::html(&page_name));
        assert!(
            page.contains(&href),
            "report.html does not link {page_name}"
        );
    }

    // Citations link to the public copy at the cited section, on the page of
    // differences (the summary links it).
    assert!(
        page.contains("<a href=\"differences-rfc1738.html\">"),
        "report.html"
    );
    let page: String = files
        .iter()
        .filter(|(n, _)| n.starts_with("differences-"))
        .map(|(_, t)| t.as_str())
        .collect();
    let rfc1738 =
        "<a class=\"cite\" href=\"https://www.rfc-editor.org/rfc/rfc1738#section-2.2\">RFC 1738 §2.2</a>";
    let rfc1808 =
        "<a class=\"cite\" href=\"https://www.rfc-editor.org/rfc/rfc1808#section-4\">RFC 1808 §4</a>";
    assert!(page.contains(rfc1738), "the pages of differences");
    assert!(page.contains(rfc1808), "the pages of differences");
    let cert = file(&files, "certificate-accept-all.html");
    assert!(cert.contains(rfc1738) && cert.contains(rfc1808), "{cert}");
    let cert_md = file(&files, "certificate-accept-all.md");
    assert!(
        cert_md.contains("Cited: [RFC 1808 §4](https://www.rfc-editor.org/rfc/rfc1808#section-4)."),
        "{cert_md}"
    );
}

#[test]
fn other_readings_have_their_own_agreement_table() {
    let mut records = Vec::new();
    for (case, doc, class) in [
        ("c1", "rfc1738", Class::Agree),
        ("c2", "rfc1738", Class::Verdict),
        ("c3", "rfc1738", Class::Unsupported),
        ("c1", "rfc1738@scheme-case-ignore", Class::Agree),
        ("c1", "rfc3986", Class::Agree),
    ] {
        let mut r = record(case, "p", class);
        r.doc = doc.into();
        records.push(r);
    }
    let run = run_of(&["p"], records);
    let (documents, readings) = report::summary::agreement_columns(&run);
    assert_eq!(documents.len(), Document::ALL.len());
    assert_eq!(readings, ["rfc1738@scheme-case-ignore"]);
    let md = report::markdown::render(&run);
    // `unsupported` is not counted; the reading is not folded into its document.
    assert!(md.contains("| 1/2 (50.0%) |"), "{md}");
    assert!(md.contains(
        "### Agreement under the other readings\n\n| parser | `rfc1738@scheme-case-ignore` |\n|---|---:|\n| `p` | 1/1 (100.0%) |"
    ), "{md}");
    let page = report::html::render(&run);
    assert!(page.contains("<h3>Agreement under the other readings</h3>"));
    assert!(page.contains("<td class=\"ag a-mid\" title=\"1 of 2 outcomes under rfc1738 agree\">"));
}

#[test]
fn the_certificate_page_bounds_what_an_adapter_says() {
    let mut r = record("c1", "p", Class::Verdict);
    r.actual = "<x>".repeat(50_000);
    r.input = "\u{1b}".repeat(50_000);
    let run = run_of(&["p"], vec![r]);
    let page = report::certificate::render_html(&run, "p");
    assert!(!page.contains("<x>"));
    assert!(page.contains("bytes more)"), "the long strings are cut");
    assert!(page.len() < 200_000, "{} bytes", page.len());
    no_raw_controls("the certificate page", &page);
}

/// `reports/` keeps the newest `--keep-runs` default run folders: older ones urlcert
/// wrote are removed, and a folder with a run's name that holds anything else, or
/// any other folder, is left as it is.
#[test]
fn default_run_folders_are_kept_to_the_newest_and_nothing_else_is_touched() {
    let dir = case_dir(CASES);
    let reports = dir.path().join("reports");
    let report_folder = |name: &str, extra: Option<&str>| {
        let d = reports.join(name);
        std::fs::create_dir_all(&d).unwrap();
        std::fs::write(d.join(report::outdir::MARKER), "run").unwrap();
        std::fs::write(d.join("report.md"), "# an earlier run\n").unwrap();
        if let Some(file) = extra {
            std::fs::write(d.join(file), "mine").unwrap();
        }
        d
    };
    let old: Vec<_> = (0..5)
        .map(|i| report_folder(&format!("run-2020010{}-000000", i + 1), None))
        .collect();
    let users = report_folder("run-20190101-000000", Some("notes.txt"));
    let other = report_folder("kept-by-hand", None);
    let cases = dir.path().join("cases");
    let run = |keep: &str| {
        urlcert(&[
            "run",
            "--cases",
            cases.to_str().unwrap(),
            "--keep-runs",
            keep,
        ])
    };
    let out = run("3");
    assert_exit_saying(&out, 0, "removed 3 older run folders from");
    for (i, d) in old.iter().enumerate() {
        assert_eq!(d.exists(), i >= 3, "{}", d.display());
    }
    assert!(users.join("notes.txt").exists() && other.join("report.md").exists());
    let runs = |reports: &Path| {
        listing(reports)
            .into_iter()
            .filter(|n| n.starts_with("run-20") && n != "run-20190101-000000")
            .count()
    };
    assert_eq!(runs(&reports), 3);
    // 0 keeps every one.
    let out = run("0");
    assert_eq!(out.status.code(), Some(0), "{}", output_text(&out));
    assert_eq!(runs(&reports), 4);
}
