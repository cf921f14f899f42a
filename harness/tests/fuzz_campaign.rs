//! `urlcert fuzz` (issue 6 §3): campaigns are reproducible, minimise and bucket what they
//! find, survive adapters that crash, write reports no input can break, and emit
//! candidate cases the loader reads once renamed.

use std::sync::atomic::AtomicBool;
use urlcert::adapter::process::{Limits, Persistent};
use urlcert::adapter::{inproc, Adapter, Answer, Info, Model, Operation, Parts};
use urlcert::fuzz::{self, report, Campaign, Config, Limit, Seeds};
use urlcert_reference::{DocReading, Document};

const FAKE: &str = env!("CARGO_BIN_EXE_fake-adapter");
const URLCERT: &str = env!("CARGO_BIN_EXE_urlcert");

fn draft1996() -> DocReading {
    Document::Draft1996.into()
}

fn seeds(inputs: &[&str]) -> Seeds {
    Seeds {
        inputs: inputs.iter().map(|s| s.as_bytes().to_vec()).collect(),
        bases: Vec::new(),
        references: Vec::new(),
    }
}

fn campaign(config: &Config, adapters: &mut [Box<dyn Adapter>]) -> Campaign {
    let stop = AtomicBool::new(false);
    fuzz::run(config, adapters, &stop, &mut |_| {})
}

/// Disagrees with everything that contains "@@" (it rejects it) and cannot express
/// anything else.
struct AtAt {
    info: Info,
}

impl AtAt {
    fn boxed() -> Box<dyn Adapter> {
        Box::new(AtAt {
            info: Info {
                name: "at-at".into(),
                version: "test".into(),
                model: Model::Rfc3986,
                operations: vec![Operation::Parse],
                argv: None,
            },
        })
    }
}

impl Adapter for AtAt {
    fn info(&self) -> &Info {
        &self.info
    }
    fn parse(&mut self, input: &[u8]) -> Answer {
        if input.windows(2).any(|w| w == b"@@") {
            Answer::Rejected {
                message: "no @@ here".into(),
            }
        } else {
            Answer::Unsupported {
                why: "only @@ is judged".into(),
            }
        }
    }
    fn resolve(&mut self, _: &[u8], _: &[u8]) -> Answer {
        Answer::Unsupported {
            why: "no resolution".into(),
        }
    }
}

/// Accepts everything, with a scheme full of Markdown and HTML.
struct Hostile {
    info: Info,
}

impl Adapter for Hostile {
    fn info(&self) -> &Info {
        &self.info
    }
    fn parse(&mut self, _: &[u8]) -> Answer {
        let mut components = Parts::new();
        components.insert(
            "scheme".into(),
            Some("x|y`\n</td><script>alert(1)</script>".into()),
        );
        Answer::Parsed { components }
    }
    fn resolve(&mut self, _: &[u8], _: &[u8]) -> Answer {
        Answer::Unsupported {
            why: "no resolution".into(),
        }
    }
}

/// A bucket's key, count, minimal input and base.
type Line = (String, u64, Vec<u8>, Option<Vec<u8>>);

fn summary(c: &Campaign) -> Vec<Line> {
    c.buckets
        .iter()
        .map(|b| {
            (
                b.key(),
                b.count,
                b.request.input.clone(),
                b.request.base.clone(),
            )
        })
        .collect()
}

#[test]
fn same_seed_and_iterations_give_the_same_buckets() {
    let run = |seed: u64| {
        let config = Config::new(draft1996(), seed, Limit::Iterations(3000), Seeds::builtin());
        let mut adapters = inproc::all();
        campaign(&config, &mut adapters)
    };
    let (a, b) = (run(42), run(42));
    assert_eq!(a.execs, 3000);
    assert!(
        !a.buckets.is_empty(),
        "the in-process adapters disagree somewhere"
    );
    assert_eq!(summary(&a), summary(&b));
    assert_eq!(report::jsonl(&a), report::jsonl(&b));
    // Resolutions are generated too, against the seeds' bases.
    assert!(a.buckets.iter().any(|b| b.kind.op == "resolve"));
    // Another seed goes another way.
    assert_ne!(summary(&a), summary(&run(43)));
}

#[test]
fn a_planted_discrepancy_is_minimised_to_its_core() {
    let config = Config::new(
        draft1996(),
        1,
        Limit::Iterations(1),
        seeds(&["abc/de@@fg;x=1?q=2#frag"]),
    );
    let c = campaign(&config, &mut [AtAt::boxed()]);
    assert_eq!(c.buckets.len(), 1);
    let b = &c.buckets[0];
    assert_eq!(b.request.input, b"@@");
    assert_eq!(b.kind.class, "verdict");
    assert_eq!(b.shape, "@");
    assert_eq!(b.original_len, "abc/de@@fg;x=1?q=2#frag".len());
    assert!(b.minimise_evals > 0);
    assert!(b.actual.contains("no @@ here"), "{}", b.actual);
}

#[test]
fn copies_of_one_problem_share_a_bucket() {
    let inputs = [
        "x@@y",
        "p/q@@r",
        "@@z",
        "a@@b",
        "long/path/with@@in;it?and=more",
    ];
    let config = Config::new(draft1996(), 1, Limit::Iterations(5), seeds(&inputs));
    let c = campaign(&config, &mut [AtAt::boxed()]);
    assert_eq!(c.discrepancies, 5);
    assert_eq!(c.buckets.len(), 1, "{:#?}", summary(&c));
    assert_eq!(c.buckets[0].count, 5);
    assert_eq!(c.buckets[0].request.input, b"@@");
    // A longer campaign of mutations finds the same one problem, many times over.
    let config = Config::new(draft1996(), 9, Limit::Iterations(2000), seeds(&inputs));
    let c = campaign(&config, &mut [AtAt::boxed()]);
    assert!(c.discrepancies > 100);
    assert!(c.buckets.len() <= 2, "{:#?}", summary(&c));
    assert!(c.buckets.iter().all(|b| b.kind.class == "verdict"));
    assert_eq!(c.buckets[0].request.input, b"@@");
}

#[test]
fn the_report_escapes_hostile_strings() {
    let hostile = "a|b`c\n<script>x</script>\u{7}\u{1b}[31m";
    let config = Config::new(draft1996(), 3, Limit::Iterations(1), seeds(&[hostile]));
    let adapter = Hostile {
        info: Info {
            name: "hostile".into(),
            version: "v|1`\n<b>".into(),
            model: Model::Rfc3986,
            operations: vec![Operation::Parse],
            argv: None,
        },
    };
    let mut adapters: Vec<Box<dyn Adapter>> = vec![Box::new(adapter)];
    let c = campaign(&config, &mut adapters);
    assert!(!c.buckets.is_empty());
    let md = report::markdown(&c);
    // No control character gets through, nor a raw tag outside inline code.
    assert!(!md.contains('\u{1b}') && !md.contains('\u{7}'));
    for line in md.lines() {
        assert!(!line.starts_with('<'), "{line}");
        if line.starts_with("| ") && !line.starts_with("| |") {
            let unescaped = line
                .char_indices()
                .filter(|(i, c)| *c == '|' && (*i == 0 || &line[i - 1..*i] != "\\"))
                .count();
            let header_row = line.starts_with("| seed")
                || line.starts_with("| rerun")
                || line.starts_with("| document")
                || line.starts_with("| adapters")
                || line.starts_with("| started")
                || line.starts_with("| duration")
                || line.starts_with("| executions")
                || line.starts_with("| minimisation")
                || line.starts_with("| generation")
                || line.starts_with("| discrepancies");
            let want = if header_row { 3 } else { 5 };
            assert_eq!(unescaped, want, "a table row broken by its data: {line}");
        }
    }
    assert!(
        md.contains("&lt;") || md.contains("`"),
        "values are in code spans"
    );
    // The JSON lines are JSON, one per bucket, with the exact text.
    let jsonl = report::jsonl(&c);
    assert_eq!(jsonl.lines().count(), c.buckets.len());
    for line in jsonl.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(v["actual"].as_str().unwrap().contains("<script>"));
    }
}

#[test]
fn a_crashing_adapter_is_a_bucket_and_the_campaign_goes_on() {
    let limits = Limits {
        timeout: std::time::Duration::from_secs(10),
        ..Limits::default()
    };
    let fake = Persistent::start(vec![FAKE.into(), "crash-on:http://a/b".into()], limits).unwrap();
    let inputs = ["http://a/b", "http://c/d", "ftp://e/f", "g/h"];
    let config = Config::new(draft1996(), 5, Limit::Iterations(40), seeds(&inputs));
    let mut adapters: Vec<Box<dyn Adapter>> = vec![Box::new(fake)];
    let c = campaign(&config, &mut adapters);
    assert_eq!(c.execs, 40);
    let crash = c
        .buckets
        .iter()
        .find(|b| b.kind.class == "crash")
        .expect("a crash bucket");
    assert_eq!(crash.request.input, b"http://a/b");
    assert_eq!(crash.first_exec, 1);
    assert!(crash.actual.contains("crash"), "{}", crash.actual);
    // The next inputs were answered by a restarted process.
    assert!(
        c.buckets
            .iter()
            .any(|b| b.kind.class != "crash" && b.first_exec > 1),
        "{:#?}",
        summary(&c)
    );
}

#[test]
fn emitted_cases_load_once_renamed() {
    let config = Config::new(draft1996(), 11, Limit::Iterations(2000), Seeds::builtin());
    let mut adapters = inproc::all();
    let c = campaign(&config, &mut adapters);
    let dir = tempfile::tempdir().unwrap();
    let files = report::emit_cases(&c, dir.path()).unwrap();
    assert!(!files.is_empty());
    for f in &files {
        let name = f.file_name().unwrap().to_str().unwrap();
        assert!(name.starts_with("_candidates-"), "{name}");
        assert!(
            !urlcert::cases::is_case_file(f),
            "the loader skips candidates"
        );
        let text = std::fs::read_to_string(f).unwrap();
        assert!(text.contains("REFERENCE"));
        std::fs::rename(f, dir.path().join(name.trim_start_matches('_'))).unwrap();
    }
    let suite = urlcert::cases::load_dir(dir.path()).unwrap_or_else(|e| {
        panic!(
            "{}",
            e.iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        )
    });
    let utf8 = c
        .buckets
        .iter()
        .filter(|b| {
            std::str::from_utf8(&b.request.input).is_ok()
                && b.request
                    .base
                    .as_deref()
                    .is_none_or(|x| std::str::from_utf8(x).is_ok())
                && !matches!(b.reference, fuzz::RefAnswer::Panic { .. })
        })
        .count();
    assert!(utf8 > 0);
    assert!(suite.cases.len() <= c.buckets.len() && suite.cases.len() + 5 >= utf8);
    for case in &suite.cases {
        let b = c
            .buckets
            .iter()
            .find(|b| report::case_id(b) == case.case.id)
            .expect("each case is a bucket");
        assert_eq!(case.case.input.as_bytes(), &b.request.input[..]);
        assert!(case.case.expect.keys().all(|k| k.0 == draft1996()));
    }
}

#[test]
fn the_command_writes_both_files_and_prints_the_seed() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("campaign");
    let o = std::process::Command::new(URLCERT)
        .args([
            "fuzz",
            "--adapter",
            "url,fluent-uri",
            "--iterations",
            "300",
            "--seed",
            "77",
        ])
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stderr).contains("seed 77"));
    let md = std::fs::read_to_string(out.join("fuzz.md")).unwrap();
    assert!(md.contains("Differential, not certification"));
    assert!(md.contains("`77`"));
    assert!(md.contains("`url 2.5.8`"));
    let jsonl = std::fs::read_to_string(out.join("fuzz.jsonl")).unwrap();
    assert!(jsonl.lines().count() > 0);
    // An adapter urlcert does not know is a usage error, before anything runs.
    let o = std::process::Command::new(URLCERT)
        .args(["fuzz", "--adapter", "no-such", "--iterations", "1"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    // --time and --iterations exclude each other.
    let o = std::process::Command::new(URLCERT)
        .args([
            "fuzz",
            "--adapter",
            "url",
            "--iterations",
            "1",
            "--time",
            "1s",
        ])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn the_report_shows_bidi_controls_escaped() {
    let config = Config::new(
        draft1996(),
        3,
        Limit::Iterations(1),
        seeds(&["http://h/\u{202e}x"]),
    );
    /// Accepts everything, with a scheme that reverses the rest of the line.
    struct Reverser {
        info: Info,
    }
    impl Adapter for Reverser {
        fn info(&self) -> &Info {
            &self.info
        }
        fn parse(&mut self, _: &[u8]) -> Answer {
            let mut components = Parts::new();
            components.insert("scheme".into(), Some("a\u{202e}b\u{2066}c".into()));
            Answer::Parsed { components }
        }
        fn resolve(&mut self, _: &[u8], _: &[u8]) -> Answer {
            Answer::Unsupported {
                why: "no resolution".into(),
            }
        }
    }
    let adapter = Reverser {
        info: Info {
            name: "rev".into(),
            version: "v\u{202e}1".into(),
            model: Model::Rfc3986,
            operations: vec![Operation::Parse],
            argv: None,
        },
    };
    let mut adapters: Vec<Box<dyn Adapter>> = vec![Box::new(adapter)];
    let c = campaign(&config, &mut adapters);
    assert!(!c.buckets.is_empty());
    let md = report::markdown(&c);
    assert!(!md.contains('\u{202e}') && !md.contains('\u{2066}'), "{md}");
    assert!(md.contains("a\\u{202e}b\\u{2066}c"), "{md}");
    assert!(md.contains("v\\u{202e}1"), "{md}");
}
