//! `urlcert fuzz`: campaigns are reproducible, minimise and bucket what they find,
//! survive adapters that crash, write reports no input can break, emit candidate cases
//! the loader reads once renamed, keep what they found on disk as they go, and resume
//! after a kill to the same buckets as a campaign that was not stopped.

use crate::common::cli::strings_of_each;
use crate::common::files::{folder_with_a_users_file, load_cases};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::AtomicBool;
use urlcert::ask::process::{Limits, Persistent};
use urlcert::ask::Request;
use urlcert::ask::{inproc, Answer, Engine, Info, Model, Operation, Parts};
use urlcert::judge::Class;
use urlcert::run::fuzz::Bucket;
use urlcert::run::fuzz::{self, report, Campaign, Config, FindingClass, Limit, Seeds};
use urlcert_reference::{DocReading, Document};

const FAKE: &str = env!("CARGO_BIN_EXE_fake-adapter");
const URLCERT: &str = env!("CARGO_BIN_EXE_urlcert");

fn draft1996() -> DocReading {
    Document::Draft1996.into()
}

/// A campaign under draft-1996: `iterations` executions from `seeds`, drawn by `seed`.
fn draft1996_config(seed: u64, iterations: u64, seeds: Seeds) -> Config {
    Config::new(draft1996(), seed, Limit::Iterations(iterations), seeds)
}

fn seeds(inputs: &[&str]) -> Seeds {
    Seeds {
        inputs: inputs.iter().map(|s| s.as_bytes().to_vec()).collect(),
        bases: Vec::new(),
        references: Vec::new(),
    }
}

fn campaign(config: &Config, adapters: &mut [Box<dyn Engine>]) -> Campaign {
    let stop = AtomicBool::new(false);
    fuzz::run(config, adapters, &stop, &mut |_| {})
}

/// A parser of the RFC 3986 model that answers a parse request with `parse` and can
/// express nothing else.
struct ParseOnly {
    info: Info,
    parse: fn(&[u8]) -> Answer,
}

fn parse_only(name: &str, version: &str, parse: fn(&[u8]) -> Answer) -> Box<dyn Engine> {
    Box::new(ParseOnly {
        info: Info {
            name: name.into(),
            version: version.into(),
            model: Model::Rfc3986,
            operations: vec![Operation::Parse],
            argv: None,
        },
        parse,
    })
}

impl Engine for ParseOnly {
    fn info(&self) -> &Info {
        &self.info
    }

    fn answer(&mut self, request: &Request) -> Answer {
        match *request {
            Request::Parse { input } => (self.parse)(input),
            Request::Resolve {
                base: _,
                reference: _,
            } => Answer::Unsupported {
                why: "no resolution".into(),
            },
            _ => Answer::Unsupported {
                why: "not offered".into(),
            },
        }
    }
}

/// Disagrees with everything that contains "@@" (it rejects it) and cannot express
/// anything else.
fn at_at() -> Box<dyn Engine> {
    parse_only("at-at", "test", |input| {
        if input.windows(2).any(|w| w == b"@@") {
            Answer::Rejected {
                message: "no @@ here".into(),
            }
        } else {
            Answer::Unsupported {
                why: "only @@ is judged".into(),
            }
        }
    })
}

/// Accepts everything, its scheme `scheme`.
fn parsed_scheme(scheme: &str) -> Answer {
    let mut components = Parts::new();
    components.insert("scheme".into(), Some(scheme.into()));
    Answer::Parsed { components }
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
        let config = draft1996_config(seed, 3000, Seeds::builtin());
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
    assert!(a
        .buckets
        .iter()
        .any(|b| b.kind.op == fuzz::RequestOp::Resolve));
    // Another seed goes another way.
    assert_ne!(summary(&a), summary(&run(43)));
}

#[test]
fn a_planted_discrepancy_is_minimised_to_its_core() {
    let config = draft1996_config(1, 1, seeds(&["abc/de@@fg;x=1?q=2#frag"]));
    let c = campaign(&config, &mut [at_at()]);
    assert_eq!(c.buckets.len(), 1);
    let b = &c.buckets[0];
    assert_eq!(b.request.input, b"@@");
    assert_eq!(b.kind.class, FindingClass::Judged(Class::Verdict));
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
    let config = draft1996_config(1, 5, seeds(&inputs));
    let c = campaign(&config, &mut [at_at()]);
    assert_eq!(c.discrepancies, 5);
    assert_eq!(c.buckets.len(), 1, "{:#?}", summary(&c));
    assert_eq!(c.buckets[0].count, 5);
    assert_eq!(c.buckets[0].request.input, b"@@");
    // A longer campaign of mutations finds the same one problem, many times over: its
    // copies other documents or named causes explain are bucketed by what explains
    // them, and the rest share one new bucket.
    let config = draft1996_config(9, 2000, seeds(&inputs));
    let c = campaign(&config, &mut [at_at()]);
    assert!(c.discrepancies > 100);
    let fresh: Vec<&Bucket> = c.buckets.iter().filter(|b| b.known.is_none()).collect();
    assert!(fresh.len() <= 1, "{:#?}", summary(&c));
    assert!(c
        .buckets
        .iter()
        .all(|b| b.kind.class == FindingClass::Judged(Class::Verdict)));
    let follows = c
        .buckets
        .iter()
        .find(|b| {
            b.known
                .as_ref()
                .is_some_and(|k| k.name == "follows url-standard (verdict)")
        })
        .expect("the URL Standard rejects \"@@\" with no base, as the adapter does");
    assert_eq!(follows.request.input, b"@@");
}

#[test]
fn the_report_escapes_hostile_strings() {
    let hostile = "a|b`c\n<script>x</script>\u{7}\u{1b}[31m";
    let config = draft1996_config(3, 1, seeds(&[hostile]));
    // Accepts everything, with a scheme full of Markdown and HTML.
    let mut adapters = vec![parse_only("hostile", "v|1`\n<b>", |_| {
        parsed_scheme("x|y`\n</td><script>alert(1)</script>")
    })];
    let c = campaign(&config, &mut adapters);
    assert!(!c.buckets.is_empty());
    let md = report::markdown(&c);
    // No control character gets through, nor a raw tag outside inline code.
    assert!(!md.contains('\u{1b}') && !md.contains('\u{7}'));
    // Every row of a table has its header's cells: no data breaks a row.
    let cells = |line: &str| {
        line.char_indices()
            .filter(|(i, c)| *c == '|' && (*i == 0 || &line[i - 1..*i] != "\\"))
            .count()
    };
    let mut header: Option<usize> = None;
    for line in md.lines() {
        assert!(!line.starts_with('<'), "{line}");
        if !line.starts_with('|') {
            header = None;
            continue;
        }
        match header {
            None => header = Some(cells(line)),
            Some(n) => assert_eq!(cells(line), n, "a table row broken by its data: {line}"),
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
    let config = draft1996_config(5, 40, seeds(&inputs));
    let mut adapters: Vec<Box<dyn Engine>> = vec![Box::new(fake)];
    let c = campaign(&config, &mut adapters);
    assert_eq!(c.execs, 40);
    let crash = c
        .buckets
        .iter()
        .find(|b| b.kind.class == FindingClass::Judged(Class::Crash))
        .expect("a crash bucket");
    assert_eq!(crash.request.input, b"http://a/b");
    assert_eq!(crash.first_exec, 1);
    assert!(crash.actual.contains("crash"), "{}", crash.actual);
    // The next inputs were answered by a restarted process.
    assert!(
        c.buckets
            .iter()
            .any(|b| b.kind.class != FindingClass::Judged(Class::Crash) && b.first_exec > 1),
        "{:#?}",
        summary(&c)
    );
}

#[test]
fn emitted_cases_load_once_renamed() {
    let config = draft1996_config(11, 2000, Seeds::builtin());
    let mut adapters = inproc::all();
    let c = campaign(&config, &mut adapters);
    let dir = tempfile::tempdir().unwrap();
    let files = report::emit_cases(&c, dir.path()).unwrap();
    assert!(!files.is_empty());
    for f in &files {
        let name = f.file_name().unwrap().to_str().unwrap();
        assert!(name.starts_with("_candidates-"), "{name}");
        assert!(
            !urlcert::case::is_case_file(f),
            "the loader skips candidates"
        );
        let text = std::fs::read_to_string(f).unwrap();
        assert!(text.contains("REFERENCE"));
        std::fs::rename(f, dir.path().join(name.trim_start_matches('_'))).unwrap();
    }
    let suite = load_cases(dir.path());
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
    // The published report: one `bucket` line per bucket, the header with its result,
    // and no work folder left beside it.
    let jsonl = std::fs::read_to_string(out.join("fuzz.jsonl")).unwrap();
    assert!(jsonl.lines().count() > 0);
    for line in jsonl.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["type"], "bucket", "{line}");
    }
    // The summary counts new and known buckets as the report does, new ones listed
    // first.
    let buckets: Vec<serde_json::Value> = jsonl
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let fresh = buckets.iter().filter(|b| b["known"].is_null()).count();
    let stdout = String::from_utf8_lossy(&o.stdout);
    let follows = buckets.iter().filter(|b| b["follows"].is_string()).count();
    assert!(
        stdout.contains(&format!(
            "in {} buckets: {fresh} new, {follows} another document's answer, {} named causes\n",
            buckets.len(),
            buckets.len() - fresh - follows
        )),
        "{stdout}"
    );
    if fresh > 0 && fresh < buckets.len() {
        assert!(
            stdout.find("new (no named cause").unwrap() < stdout.find("explained (").unwrap(),
            "{stdout}"
        );
    }
    // Each adapter is judged under its nearest document in the matrix, and the report
    // says which and why.
    assert!(
        md.contains("`url-standard` | nearest in the matrix"),
        "{md}"
    );
    assert!(md.contains("`rfc3986` | nearest in the matrix"), "{md}");
    let header = json_file(&out.join("campaign.json"));
    assert_eq!(header["seed"], 77);
    assert_eq!(header["limit"]["iterations"], 300);
    assert_eq!(header["adapters"][0]["start"]["adapter"], "url");
    assert_eq!(header["lanes"][0]["doc"], "url-standard");
    // Each lane asked its own 300 requests.
    assert_eq!(header["result"]["execs"], 600);
    assert_eq!(header["result"]["buckets"], jsonl.lines().count());
    assert!(!dir.path().join("campaign.partial").exists());
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
    let config = draft1996_config(3, 1, seeds(&["http://h/\u{202e}x"]));
    // Accepts everything, with a scheme that reverses the rest of the line.
    let mut adapters = vec![parse_only("rev", "v\u{202e}1", |_| {
        parsed_scheme("a\u{202e}b\u{2066}c")
    })];
    let c = campaign(&config, &mut adapters);
    assert!(!c.buckets.is_empty());
    let md = report::markdown(&c);
    assert!(!md.contains('\u{202e}') && !md.contains('\u{2066}'), "{md}");
    assert!(md.contains("a\\u{202e}b\\u{2066}c"), "{md}");
    assert!(md.contains("v\\u{202e}1"), "{md}");
}

// ------------------------------------------------------------------ journal and resume

fn json_file(path: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The journal's lines, parsed.
fn journal(dir: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(dir.join("fuzz.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

fn of_type<'a>(lines: &'a [serde_json::Value], t: &str) -> Vec<&'a serde_json::Value> {
    lines.iter().filter(|v| v["type"] == t).collect()
}

fn partial(out: &Path) -> PathBuf {
    let mut name = out.file_name().unwrap().to_os_string();
    name.push(".partial");
    out.with_file_name(name)
}

/// `urlcert fuzz ARGS --out OUT`, with `URLCERT_FUZZ_ABORT_AFTER` when `abort` is given.
fn fuzz_cmd(out: &Path, args: &[&str], abort: Option<u64>) -> Output {
    let mut cmd = Command::new(URLCERT);
    cmd.arg("fuzz").args(args).arg("--out").arg(out);
    match abort {
        Some(k) => cmd.env("URLCERT_FUZZ_ABORT_AFTER", k.to_string()),
        None => cmd.env_remove("URLCERT_FUZZ_ABORT_AFTER"),
    };
    cmd.output().unwrap()
}

/// A command line's arguments, written as one string: none holds a space.
fn words(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn an_aborted_campaign_resumed_finds_the_buckets_of_an_uninterrupted_one() {
    let dir = tempfile::tempdir().unwrap();
    // One adapter: the campaign is one lane, journaled in the folder itself (a campaign
    // of several is checked below, `lanes_resume_as_their_own_campaigns`).
    let args = words("--adapter url --iterations 4000 --seed 21 --checkpoint-execs 1000");
    let whole = dir.path().join("whole");
    let o = fuzz_cmd(&whole, &args, None);
    assert!(o.status.success(), "{}", stderr(&o));

    // Killed between two checkpoints, twice; each time --resume takes it up.
    let out = dir.path().join("stopped");
    // (The cases' own inputs come first, about 2050 of them: the abort comes after
    // generated inputs have opened buckets.)
    let o = fuzz_cmd(&out, &args, Some(2400));
    assert!(!o.status.success(), "the campaign was to abort");
    assert!(!out.exists(), "nothing is published by a killed campaign");
    let work = partial(&out);
    assert!(work.join(".in-progress").is_file());
    let header = json_file(&work.join("campaign.json"));
    assert_eq!(header["seed"], 21);
    assert!(header.get("result").is_none());
    let lines = journal(&work);
    let checkpoints = of_type(&lines, "checkpoint");
    // Every 1000 iterations (or 2 s): the last one was before the abort.
    let last = checkpoints.last().unwrap()["execs"].as_u64().unwrap();
    assert!((2000..2400).contains(&last), "{last}");
    // Every bucket the uninterrupted campaign had opened by then is on disk, those
    // opened after the last checkpoint included.
    let on_disk: Vec<&str> = of_type(&lines, "bucket")
        .iter()
        .map(|b| b["key"].as_str().unwrap())
        .collect();
    let whole_lines = journal(&whole);
    let by_then: Vec<&str> = whole_lines
        .iter()
        .filter(|b| b["first_exec"].as_u64().unwrap() <= 2400)
        .map(|b| b["key"].as_str().unwrap())
        .collect();
    assert!(
        whole_lines
            .iter()
            .any(|b| (last + 1..=2400).contains(&b["first_exec"].as_u64().unwrap())),
        "this seed opens a bucket between the checkpoint and the abort"
    );
    for key in &by_then {
        assert!(on_disk.contains(key), "{key} is not in the journal");
    }
    assert!(work.join("fuzz.md").is_file());
    // Without --resume the stopped campaign is not overwritten.
    let o = fuzz_cmd(&out, &args, None);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--resume"), "{}", stderr(&o));

    let o = fuzz_cmd(
        &out,
        &["--resume", "--checkpoint-execs", "1000"],
        Some(3400),
    );
    assert!(!o.status.success(), "the resumed campaign was to abort");
    assert!(
        stderr(&o).contains(&format!("at execution {last}")),
        "{}",
        stderr(&o)
    );
    let o = fuzz_cmd(&out, &["--resume"], None);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!work.exists());

    let read = |d: &Path| std::fs::read_to_string(d.join("fuzz.jsonl")).unwrap();
    let (a, b) = (read(&whole), read(&out));
    let keys = |s: &str| -> Vec<(String, u64)> {
        s.lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                (
                    v["key"].as_str().unwrap().to_string(),
                    v["count"].as_u64().unwrap(),
                )
            })
            .collect()
    };
    assert!(keys(&a).len() > 5, "{a}");
    assert_eq!(keys(&a), keys(&b));
    // More than the keys and counts: every minimal example and number is the same.
    assert_eq!(a, b);
    let result = &json_file(&out.join("campaign.json"))["result"];
    assert_eq!(result["execs"], 4000);
    assert_eq!(result["sessions"], 3);
    let md = std::fs::read_to_string(out.join("fuzz.md")).unwrap();
    assert!(md.contains("resumed 2 times"), "{md}");
}

/// A campaign of several adapters is one lane each, journaled in `lanes/<n>-<adapter>/`:
/// killed, each lane resumes from its own checkpoint, and the merged report is the
/// uninterrupted campaign's.
#[test]
fn lanes_resume_as_their_own_campaigns() {
    let dir = tempfile::tempdir().unwrap();
    let args = words(
        "--adapter url,fluent-uri --iterations 3000 --seed 21 --checkpoint-execs 500 --doc draft-1996",
    );
    let whole = dir.path().join("whole");
    let o = fuzz_cmd(&whole, &args, None);
    assert!(o.status.success(), "{}", stderr(&o));
    let header = json_file(&whole.join("campaign.json"));
    let lanes = header["lanes"].as_array().unwrap();
    assert_eq!(lanes.len(), 2);
    assert_eq!(lanes[0]["dir"], "00-url");
    assert_eq!(lanes[1]["doc"], "draft-1996");
    assert_eq!(lanes[1]["why"], "given (--doc)");
    // Each adapter asked every one of its own 3000 requests.
    assert_eq!(header["result"]["execs"], 6000);
    for lane in ["00-url", "01-fluent-uri"] {
        let h = json_file(&whole.join("lanes").join(lane).join("campaign.json"));
        assert_eq!(h["result"]["execs"], 3000, "{lane}");
    }
    let out = dir.path().join("stopped");
    let o = fuzz_cmd(&out, &args, Some(2200));
    assert!(!o.status.success(), "the campaign was to abort");
    let work = partial(&out);
    assert!(work
        .join("lanes")
        .join("00-url")
        .join("fuzz.jsonl")
        .is_file());
    let o = fuzz_cmd(&out, &["--resume"], None);
    assert!(o.status.success(), "{}", stderr(&o));
    let read = |d: &Path| std::fs::read_to_string(d.join("fuzz.jsonl")).unwrap();
    assert!(read(&whole).lines().count() > 3);
    assert_eq!(read(&whole), read(&out));
    let md = std::fs::read_to_string(out.join("fuzz.md")).unwrap();
    assert!(md.contains("| `fluent-uri` |"), "{md}");
    // A campaign with lanes is a urlcert report: run again into it, it is replaced.
    let o = fuzz_cmd(&whole, &args, None);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(read(&whole), read(&out));
}

#[test]
fn a_journal_read_back_is_the_campaign_it_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = draft1996_config(5, 1500, Seeds::builtin());
    config.checkpoint_execs = 100;
    let mut adapters = inproc::all();
    let doc = draft1996();
    let mut record = fuzz::journal::CampaignJournal::open(dir.path(), doc, 5).unwrap();
    let stop = AtomicBool::new(false);
    let (c, failed) = fuzz::run_from(
        &config,
        &mut adapters,
        &stop,
        &mut |_| {},
        &mut record,
        fuzz::Saved::default(),
    );
    assert!(failed.is_none());
    let r = fuzz::journal::restore(dir.path(), doc, "then").unwrap();
    assert!(r.checkpointed);
    assert_eq!(r.dropped, 0, "the last line is the final checkpoint");
    let s = r.saved;
    assert_eq!((s.execs, s.discrepancies), (c.execs, c.discrepancies));
    assert_eq!(s.minimise_evals, c.minimise_evals);
    let mut restored = s.buckets.clone();
    restored.sort_by(fuzz::report_order);
    assert_eq!(restored.len(), c.buckets.len());
    for (x, y) in restored.iter().zip(&c.buckets) {
        assert_eq!(
            (&x.key(), x.count, &x.request, &x.expected, &x.actual),
            (&y.key(), y.count, &y.request, &y.expected, &y.actual)
        );
        assert_eq!(
            (x.first_exec, x.minimise_evals),
            (y.first_exec, y.minimise_evals)
        );
        assert_eq!(x.reference, y.reference, "asked again of the reference");
        assert_eq!(x.opened_by, y.opened_by);
    }
    // Continued from there with more iterations, it is the longer campaign.
    let mut longer = config.clone();
    longer.limit = Limit::Iterations(2500);
    let mut adapters = inproc::all();
    let (resumed, _) = fuzz::run_from(
        &longer,
        &mut adapters,
        &stop,
        &mut |_| {},
        &mut fuzz::Unrecorded,
        s,
    );
    let whole = campaign(&longer, &mut inproc::all());
    assert_eq!(summary(&resumed), summary(&whole));
    assert_eq!(resumed.sessions, 2);
}

#[test]
fn a_campaign_killed_with_sigkill_keeps_its_findings_and_resumes() {
    use std::os::unix::process::ExitStatusExt;
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("killed");
    let work = partial(&out);
    // Each answer takes a millisecond: 3000 iterations take seconds, the first
    // checkpoint (500 iterations, or 2 s) comes well before the end.
    let mut child = Command::new(URLCERT)
        .args(["fuzz", "--command", FAKE, "--command", "slow:1"])
        .args([
            "--iterations",
            "3000",
            "--seed",
            "8",
            "--checkpoint-execs",
            "500",
        ])
        .arg("--out")
        .arg(&out)
        .env_remove("URLCERT_FUZZ_ABORT_AFTER")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    loop {
        let text = std::fs::read_to_string(work.join("fuzz.jsonl")).unwrap_or_default();
        if text.contains("\"type\":\"checkpoint\"") && text.contains("\"type\":\"bucket\"") {
            break;
        }
        assert!(
            child.try_wait().unwrap().is_none(),
            "the campaign ended before it could be killed"
        );
        assert!(
            std::time::Instant::now() < deadline,
            "no checkpoint in 60 s"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.kill().unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.signal(), Some(9));
    assert!(!out.exists());

    // What it had found is on disk: the header, the journal, a report so far.
    let header = json_file(&work.join("campaign.json"));
    assert_eq!(header["adapters"][0]["name"], "fake-slow");
    assert_eq!(header["adapters"][0]["start"]["command"][1], "slow:1");
    let lines = journal(&work);
    let buckets = of_type(&lines, "bucket");
    assert!(!buckets.is_empty());
    for b in &buckets {
        assert_eq!(b["adapter"], "fake-slow");
        assert!(b["key"].as_str().unwrap().starts_with("fake-slow|"));
    }
    let last = of_type(&lines, "checkpoint").last().unwrap()["execs"]
        .as_u64()
        .unwrap();
    assert!(last > 0 && last < 3000, "{last}");
    let md = std::fs::read_to_string(work.join("fuzz.md")).unwrap();
    assert!(md.contains("in progress"), "{md}");

    // Resumed with nothing but --resume: the adapter command comes from campaign.json.
    let o = fuzz_cmd(&out, &["--resume"], None);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!work.exists());
    let result = &json_file(&out.join("campaign.json"))["result"];
    assert_eq!(result["execs"], 3000);
    assert_eq!(result["sessions"], 2);
    let resumed = std::fs::read_to_string(out.join("fuzz.jsonl")).unwrap();
    let md = std::fs::read_to_string(out.join("fuzz.md")).unwrap();
    assert!(
        md.contains(&format!("urlcert fuzz --command {FAKE} --command slow:1 ")),
        "the rerun command starts the program again: {md}"
    );
    assert!(md.contains("resumed once"), "{md}");
    // The same campaign without the wait nor the kill.
    let whole = dir.path().join("whole");
    let o = Command::new(URLCERT)
        .args(["fuzz", "--command", FAKE, "--command", "slow:0"])
        .args(["--iterations", "3000", "--seed", "8", "--out"])
        .arg(&whole)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let expected = std::fs::read_to_string(whole.join("fuzz.jsonl")).unwrap();
    assert_eq!(resumed, expected);
    for b in &buckets {
        assert!(
            resumed.contains(b["key"].as_str().unwrap()),
            "a bucket found before the kill is in the final report: {}",
            b["key"]
        );
    }
}

#[test]
fn resume_refuses_other_arguments_and_says_which() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("c");
    let args = ["--adapter", "url", "--iterations", "2000", "--seed", "4"];
    let o = fuzz_cmd(&out, &args, Some(1200));
    assert!(!o.status.success());
    let work = partial(&out);
    let before = std::fs::read(work.join("fuzz.jsonl")).unwrap();
    for (given, said) in [
        (
            &["--seed", "5"][..],
            "the seed: the campaign's is 4, --seed says 5",
        ),
        (&["--adapter", "fluent-uri"][..], "the adapters"),
        (&["--doc", "rfc1738"][..], "the document"),
        (&["--iterations", "10"][..], "the limit"),
    ] {
        let mut a = vec!["--resume"];
        a.extend_from_slice(given);
        let o = fuzz_cmd(&out, &a, None);
        assert_eq!(o.status.code(), Some(2), "{given:?}");
        assert!(stderr(&o).contains(said), "{given:?}: {}", stderr(&o));
    }
    assert_eq!(std::fs::read(work.join("fuzz.jsonl")).unwrap(), before);
    // The same arguments again are no difference.
    let mut a = vec!["--resume"];
    a.extend_from_slice(&args);
    let o = fuzz_cmd(&out, &a, None);
    assert!(o.status.success(), "{}", stderr(&o));
    // Nothing is left to resume now.
    let o = fuzz_cmd(&out, &["--resume"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("nothing to resume"), "{}", stderr(&o));
}

#[test]
fn a_time_limited_campaign_resumes_for_the_time_it_had_left() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t");
    let args = words("--adapter url --time 4s --seed 6 --checkpoint-execs 1000");
    let o = fuzz_cmd(&out, &args, Some(3000));
    assert!(!o.status.success());
    let lines = journal(&partial(&out));
    let cp = of_type(&lines, "checkpoint");
    let before = cp.last().expect("checkpoints before the abort")["elapsed_ms"]
        .as_u64()
        .unwrap();
    assert!(before < 4000, "{before}");
    let o = fuzz_cmd(&out, &["--resume"], None);
    assert!(o.status.success(), "{}", stderr(&o));
    let result = &json_file(&out.join("campaign.json"))["result"];
    assert_eq!(result["stop"], "time");
    let ms = result["duration_ms"].as_u64().unwrap();
    // The two sessions together: the limit, give or take one iteration's time.
    assert!((4000..8000).contains(&ms), "{ms}");
    assert!(result["execs"].as_u64().unwrap() > 3000);
}

#[test]
fn an_out_folder_holding_a_users_file_is_refused_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let out = folder_with_a_users_file(dir.path(), "my notes\n");
    let o = fuzz_cmd(&out, &["--adapter", "url", "--iterations", "10"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("notes.txt"), "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(out.join("notes.txt")).unwrap(),
        "my notes\n"
    );
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().flatten().collect();
    assert_eq!(left.len(), 1, "nothing written beside it: {left:?}");
    assert_eq!(std::fs::read_dir(&out).unwrap().count(), 1);
}

fn repo_cases() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../cases")
}

#[test]
fn a_campaign_against_url_gives_one_bucket_per_named_cause() {
    let seeds = Seeds::from_cases(&repo_cases()).unwrap();
    let config = draft1996_config(7, 20_000, seeds);
    let mut adapters: Vec<Box<dyn Engine>> = vec![inproc::by_name("url").unwrap()];
    let c = campaign(&config, &mut adapters);
    let known: Vec<&fuzz::Bucket> = c.buckets.iter().filter(|b| b.known.is_some()).collect();
    assert!(known.len() >= 8, "{:#?}", summary(&c));
    // No two buckets share a named cause, and each is keyed by its name alone.
    let mut names: Vec<(fuzz::RequestOp, &str)> = known
        .iter()
        .map(|b| (b.kind.op, b.known.as_ref().unwrap().name.as_str()))
        .collect();
    names.sort();
    let before = names.len();
    names.dedup();
    assert_eq!(names.len(), before, "a named cause split: {names:?}");
    for b in &known {
        let k = b.known.as_ref().unwrap();
        assert_eq!(b.key(), format!("url|{}|known|{}", b.kind.op, k.name));
    }
    // The two causes that used to be split by shape are one bucket each, with many
    // inputs of several shapes.
    for name in [
        "whatwg-special-scheme-slashes",
        "whatwg-encodes-apostrophe-in-query",
    ] {
        let b = known
            .iter()
            .find(|b| b.known.as_ref().unwrap().name == name)
            .unwrap_or_else(|| panic!("{name} not found: {:#?}", summary(&c)));
        assert!(b.count > 10, "{name}: {}", b.count);
    }
    // Every cited case exists.
    let suite = urlcert::case::load_dir(&repo_cases()).unwrap();
    for b in &known {
        let case = &b.known.as_ref().unwrap().case;
        assert!(
            suite.cases.iter().any(|c| &c.case.id == case),
            "{case} is not a case"
        );
    }
    // A new bucket is not a known cause split by shape: its witness, asked again, is
    // explained by no named cause.
    let mut url = inproc::by_name("url").unwrap();
    for b in c.buckets.iter().filter(|b| b.known.is_none()) {
        let r = fuzz::reference_answer(draft1996(), &b.request);
        let answer = fuzz::ask(url.as_mut(), &b.request).unwrap();
        if let Some(f) = fuzz::judge_one(draft1996(), &b.request, &r, url.info(), &answer) {
            assert_eq!(f.known, None, "{}", b.key());
        }
    }
    // The report leads with the new buckets, then the known causes.
    let first_known = c.buckets.iter().position(|b| b.known.is_some()).unwrap();
    assert!(c.buckets[first_known..].iter().all(|b| b.known.is_some()));
    let md = report::markdown(&c);
    let new_at = md.find("## New:").unwrap();
    let known_at = md.find("## Named causes:").unwrap();
    assert!(new_at < known_at);
    assert!(md.contains("`r1738.http.single-slash`"), "the case cited");
    let jsonl = report::jsonl(&c);
    let lines: Vec<serde_json::Value> = jsonl
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // New buckets (if any: every cause `url` shows is named now) come first.
    assert_eq!(
        lines[0]["known"].is_null(),
        c.buckets.iter().any(|b| b.known.is_none())
    );
    assert!(lines.last().unwrap()["case"].is_string());
}

/// Every bucket of a campaign against `url` or `fluent-uri`, parse and resolution, is a
/// named cause: each shape of a resolution these two parsers give differently has one.
#[test]
fn a_campaign_against_url_or_fluent_uri_leaves_no_unnamed_bucket() {
    for name in ["url", "fluent-uri"] {
        for seed in [7, 11] {
            let seeds = Seeds::from_cases(&repo_cases()).unwrap();
            let config = draft1996_config(seed, 20_000, seeds);
            let mut adapters: Vec<Box<dyn Engine>> = vec![inproc::by_name(name).unwrap()];
            let c = campaign(&config, &mut adapters);
            let new: Vec<String> = c
                .buckets
                .iter()
                .filter(|b| b.known.is_none())
                .map(|b| {
                    format!(
                        "{} {:?}",
                        b.key(),
                        String::from_utf8_lossy(&b.request.input)
                    )
                })
                .collect();
            assert!(new.is_empty(), "{name}, seed {seed}: {new:#?}");
            assert!(
                c.buckets
                    .iter()
                    .any(|b| b.kind.op == fuzz::RequestOp::Resolve),
                "{name}: resolutions asked"
            );
        }
    }
}

/// Each named resolution cause cites a case, and some resolution case shows it: asked of
/// an in-process adapter of each model it names, the case's base and reference give a
/// discrepancy it explains.
#[test]
fn every_resolution_divergence_cites_a_case_that_shows_it() {
    let suite = urlcert::case::load_dir(&repo_cases()).unwrap();
    let mut shown = std::collections::BTreeSet::new();
    for mut adapter in inproc::all() {
        for lc in suite.cases.iter().filter(|c| c.case.base.is_some()) {
            let request = fuzz::Request {
                op: fuzz::RequestOp::Resolve,
                base: lc.case.base.as_ref().map(|b| b.as_bytes().to_vec()),
                input: lc.case.input.as_bytes().to_vec(),
            };
            let r = fuzz::reference_answer(draft1996(), &request);
            let Some(answer) = fuzz::ask(adapter.as_mut(), &request) else {
                continue;
            };
            if let Some(f) = fuzz::judge_one(draft1996(), &request, &r, adapter.info(), &answer) {
                if let Some(k) = f.known {
                    shown.insert((format!("{:?}", adapter.info().model), k.name, k.case));
                }
            }
        }
    }
    let mut missing = Vec::new();
    for d in urlcert::judge::known::RESOLVE_DIVERGENCES {
        if !suite.cases.iter().any(|c| c.case.id == d.case) {
            missing.push(format!("{} cites {}, which is not a case", d.name, d.case));
        }
        for m in d.models {
            let m = format!("{m:?}");
            if !shown.iter().any(|(n, name, _)| *n == m && name == d.name) {
                missing.push(format!(
                    "no resolution case shows {} for the {m} model",
                    d.name
                ));
            }
        }
    }
    assert!(missing.is_empty(), "{missing:#?}");
}

#[test]
fn jobs_do_not_change_the_buckets() {
    let config = draft1996_config(3, 4000, Seeds::builtin());
    let stop = AtomicBool::new(false);
    let limits = Limits {
        timeout: std::time::Duration::from_secs(10),
        ..Limits::default()
    };
    // The in-process adapters, and an external one (a process per worker).
    let make = || -> Result<Vec<Box<dyn Engine>>, String> {
        let mut v = inproc::all();
        let fake = Persistent::start(vec![FAKE.into(), "crash-on:http://a/b".into()], limits)
            .map_err(|e| format!("{e:?}"))?;
        v.push(Box::new(fake));
        Ok(v)
    };
    let run = |jobs: usize| {
        fuzz::run_jobs(
            &config,
            jobs,
            &make,
            &stop,
            &mut |_| {},
            &mut fuzz::Unrecorded,
            fuzz::Saved::default(),
        )
        .unwrap()
        .0
    };
    let one = run(1);
    let three = run(3);
    assert_eq!(one.execs, 4000);
    assert!(one.buckets.len() > 10, "{:#?}", summary(&one));
    assert_eq!(summary(&one), summary(&three));
    assert_eq!(report::jsonl(&one), report::jsonl(&three));
    assert_eq!(
        (one.discrepancies, one.minimise_evals),
        (three.discrepancies, three.minimise_evals)
    );
    // The adapters of this thread find the same.
    let mut adapters = make().unwrap();
    assert_eq!(summary(&campaign(&config, &mut adapters)), summary(&one));
}

#[test]
fn the_command_gives_the_same_report_whatever_the_jobs() {
    let dir = tempfile::tempdir().unwrap();
    let run = |jobs: &str| {
        let out = dir.path().join(format!("jobs-{jobs}"));
        let o = fuzz_cmd(
            &out,
            &words(&format!(
                "--adapter url,fluent-uri --iterations 3000 --seed 5 --jobs {jobs}"
            )),
            None,
        );
        assert!(o.status.success(), "{}", stderr(&o));
        std::fs::read_to_string(out.join("fuzz.jsonl")).unwrap()
    };
    let one = run("1");
    assert!(one.lines().count() > 5);
    assert_eq!(one, run("3"));
    // A stopped campaign resumes with another number of jobs to the same buckets.
    let out = dir.path().join("stopped");
    let args = words(
        "--adapter url,fluent-uri --iterations 3000 --seed 5 --jobs 2 --checkpoint-execs 700",
    );
    let o = fuzz_cmd(&out, &args, Some(1900));
    assert!(!o.status.success());
    let o = fuzz_cmd(&out, &["--resume", "--jobs", "3"], None);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        one,
        std::fs::read_to_string(out.join("fuzz.jsonl")).unwrap()
    );
}

#[test]
fn a_command_that_says_it_is_a_registered_adapter_files_its_buckets_apart() {
    let dir = tempfile::tempdir().unwrap();
    let run = |name: &str, extra: &[&str]| {
        let out = dir.path().join(name);
        let mut args = vec!["--adapter", "url", "--iterations", "200", "--seed", "5"];
        args.extend_from_slice(extra);
        let o = fuzz_cmd(&out, &args, None);
        assert!(o.status.success(), "{}", stderr(&o));
        out
    };
    let alone = run("alone", &[]);
    let both = run("both", &["--command", FAKE, "--command", "named:url"]);
    let header = json_file(&both.join("campaign.json"));
    let names = strings_of_each(&header["adapters"], "name");
    assert_eq!(names, ["url", "url (command)"]);
    // The registered adapter's buckets are what it found on its own; the command's
    // (it parses everything to one component) are under its own name.
    let buckets = |out: &Path, adapter: &str| -> Vec<(String, serde_json::Value)> {
        let lines = journal(out);
        let mut b: Vec<(String, serde_json::Value)> = of_type(&lines, "bucket")
            .into_iter()
            .filter(|b| b["adapter"] == adapter)
            .map(|b| (b["key"].as_str().unwrap().to_string(), b["count"].clone()))
            .collect();
        b.sort_by(|x, y| x.0.cmp(&y.0));
        b
    };
    assert_eq!(buckets(&both, "url"), buckets(&alone, "url"));
    let command = buckets(&both, "url (command)");
    assert!(!command.is_empty());
    assert!(command.iter().all(|(k, _)| k.starts_with("url (command)|")));
}

/// `reports/` keeps the newest `--keep-runs` default campaign folders: older ones
/// urlcert wrote are removed; one holding a file of the user's, and the run folders,
/// are left as they are.
#[test]
fn default_campaign_folders_are_kept_to_the_newest_and_nothing_else_is_touched() {
    let dir = tempfile::tempdir().unwrap();
    let cases = dir.path().join("cases");
    std::fs::create_dir(&cases).unwrap();
    std::fs::write(
        cases.join("t.yaml"),
        include_str!("case_sets/reports_run.cases.yaml"),
    )
    .unwrap();
    let reports = dir.path().join("reports");
    let folder = |name: &str, extra: Option<&str>| {
        let d = reports.join(name);
        std::fs::create_dir_all(&d).unwrap();
        std::fs::write(d.join(urlcert::report::outdir::MARKER), "fuzz").unwrap();
        std::fs::write(d.join("fuzz.md"), "# an earlier campaign\n").unwrap();
        if let Some(file) = extra {
            std::fs::write(d.join(file), "mine").unwrap();
        }
        d
    };
    let old: Vec<PathBuf> = (1..=3)
        .map(|i| folder(&format!("fuzz-2020010{i}-000000"), None))
        .collect();
    let users = folder("fuzz-20190101-000000", Some("notes.txt"));
    let run = folder("run-20190101-000000", None);
    let o = Command::new(URLCERT)
        .current_dir(dir.path())
        .env(urlcert::assets::NO_CHECKOUT_ENV, "1")
        .args([
            "fuzz",
            "--adapter",
            "url",
            "--iterations",
            "20",
            "--seed",
            "1",
        ])
        .arg("--cases")
        .arg(&cases)
        .args(["--keep-runs", "2"])
        .output()
        .unwrap();
    let said = stderr(&o);
    assert!(o.status.success(), "{said}");
    assert!(
        said.contains("removed 2 older campaign folders from"),
        "{said}"
    );
    assert_eq!(
        old.iter().map(|d| d.exists()).collect::<Vec<_>>(),
        [false, false, true]
    );
    assert!(users.join("notes.txt").exists() && run.join("fuzz.md").exists());
    let campaigns: Vec<String> = std::fs::read_dir(&reports)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("fuzz-20") && !n.starts_with("fuzz-2019"))
        .collect();
    assert_eq!(campaigns.len(), 2, "{campaigns:?}");
}
