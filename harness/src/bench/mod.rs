//! `urlcert bench`: how fast the reference is, against the `url` crate, and how much the
//! persistent adapter protocol saves over one process per input. The workloads (the
//! corpus of URLs, the base/reference pairs, inputs of a given size) are built here, so
//! that `urlcert bench` and `cargo bench` (harness/benches/) measure the same data.
//!
//! Measuring is plain wall-clock: a warm-up, then several rounds, each repeating the
//! work until the round has lasted its share of the budget; the figure is the median
//! round's time per repetition. See BENCHMARKS.md for what the numbers mean.

use crate::ask::process::Limits;
use crate::ask::registry::{self, Found};
use crate::ask::{Ask, Engine};
use crate::case::{self, LoadedCase, Operation};
use serde_json::{json, Value};
use std::path::Path;
use std::time::{Duration, Instant};
use urlcert_reference::{parse, resolve, DocReading, Document, Verdict};

/// The document the parse comparison uses.
pub const PARSE_DOC: Document = Document::Rfc1738;
/// The document the resolution comparison uses.
pub const RESOLVE_DOC: Document = Document::Draft1996;

/// The document of the comparisons with fluent-uri and, for resolution, `Url::join`
/// on RFC 3986's terms.
pub const RFC3986_DOC: Document = Document::Rfc3986;

/// The targets (BENCHMARKS.md).
pub const TARGET_PARSE: f64 = 2.0;
/// RFC 3986 parse against fluent-uri's: at least as fast.
pub const TARGET_PARSE_3986: f64 = 1.0;
/// RFC 3986 resolution against `url::Url::join`.
pub const TARGET_RESOLVE_3986: f64 = 2.0;
pub const TARGET_RESOLVE: f64 = 2.0;
pub const TARGET_PERSISTENT: f64 = 50.0;
pub const TARGET_SCALING: f64 = 2.0;

/// How many generated URLs join the case inputs in the corpus.
pub const GENERATED: usize = 2000;

/// Does the reference accept `input` under RFC 1738 (valid or generic-only)?
pub fn reference_accepts(input: &[u8]) -> bool {
    matches!(
        parse(PARSE_DOC.into(), input).verdict,
        Verdict::Valid | Verdict::GenericOnly
    )
}

/// Does the reference accept `input` as an RFC 3986 URI-reference?
pub fn reference_3986_accepts(input: &[u8]) -> bool {
    parse(RFC3986_DOC.into(), input).verdict == Verdict::Valid
}

/// Does fluent-uri accept `input` as a URI reference?
pub fn fluent_accepts(input: &[u8]) -> bool {
    std::str::from_utf8(input).is_ok_and(|s| fluent_uri::UriRef::parse(s).is_ok())
}

/// Does the `url` crate accept `input`?
pub fn url_accepts(input: &[u8]) -> bool {
    std::str::from_utf8(input).is_ok_and(|s| url::Url::parse(s).is_ok())
}

/// A small deterministic generator (xorshift), so every run builds the same corpus.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len())]
    }
}

const HOSTS: &[&str] = &[
    "www.example.com",
    "ftp.cern.ch",
    "info.cern.ch",
    "ds.internic.net",
    "gopher.micro.umn.edu",
    "news.example.org",
    "128.141.201.74",
    "host.dom",
];
const WORDS: &[&str] = &[
    "pub",
    "www",
    "doc",
    "rfc",
    "index.html",
    "images",
    "a%20b",
    "src",
    "README",
    "archive",
    "v1.2",
    "users",
    "~fielding",
    "cgi-bin",
    "search",
    "motd",
];

/// `n` realistic absolute URLs under the schemes RFC 1738 defines (http, ftp, gopher,
/// mailto, news, telnet, file), deterministic.
pub fn generated_urls(n: usize) -> Vec<String> {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let host = rng.pick(HOSTS);
        let mut path = String::new();
        for k in 0..1 + rng.below(5) {
            if k > 0 {
                path.push('/');
            }
            path.push_str(rng.pick(WORDS));
        }
        let url = match i % 8 {
            0..=2 => {
                let port = if rng.below(4) == 0 { ":8080" } else { "" };
                let q = if rng.below(3) == 0 {
                    format!("?q={}+{}", rng.pick(WORDS), rng.below(1000))
                } else {
                    String::new()
                };
                format!("http://{host}{port}/{path}{q}")
            }
            3 => format!("ftp://{host}/{path};type=i"),
            4 => format!("ftp://anonymous:guest@{host}/{path}"),
            5 => format!("gopher://{host}:70/0{path}"),
            6 => format!("mailto:user{}@{host}", rng.below(100)),
            _ => format!("file://{host}/{path}"),
        };
        out.push(url);
    }
    out
}

/// The parse corpus: every parse case input that both the reference (RFC 1738) and the
/// `url` crate accept, then [`GENERATED`] generated URLs that both accept.
pub fn corpus(cases: &[LoadedCase]) -> Vec<Vec<u8>> {
    let from_cases = cases
        .iter()
        .filter(|lc| lc.case.op == Operation::Parse)
        .map(|lc| lc.case.input.clone().into_bytes());
    let generated = generated_urls(GENERATED)
        .into_iter()
        .map(String::into_bytes);
    from_cases
        .chain(generated)
        .filter(|i| reference_accepts(i) && url_accepts(i))
        .collect()
}

/// The RFC 3986 parse corpus: every parse case input, then [`GENERATED`] generated
/// URLs, each kept when both the reference (RFC 3986) and fluent-uri accept it.
pub fn corpus_3986(cases: &[LoadedCase]) -> Vec<Vec<u8>> {
    cases
        .iter()
        .filter(|lc| lc.case.op == Operation::Parse)
        .map(|lc| lc.case.input.clone().into_bytes())
        .chain(
            generated_urls(GENERATED)
                .into_iter()
                .map(String::into_bytes),
        )
        .filter(|i| reference_3986_accepts(i) && fluent_accepts(i))
        .collect()
}

/// The URL Standard parse corpus: every parse case input that is UTF-8 (the Standard's
/// input is a string), then [`GENERATED`] generated URLs, each kept when both urlcert's
/// URL Standard parser and the `url` crate return a URL. Both implement the same
/// algorithm, so the comparison is of one algorithm written literally (with its trace
/// and validation errors recorded) and written for speed.
pub fn corpus_url_standard(cases: &[LoadedCase]) -> Vec<String> {
    cases
        .iter()
        .filter(|lc| lc.case.op == Operation::Parse)
        .map(|lc| lc.case.input.clone())
        .chain(generated_urls(GENERATED))
        .filter(|s| {
            urlcert_reference::whatwg::basic_url_parse(s, None)
                .url
                .is_some()
                && url::Url::parse(s).is_ok()
        })
        .collect()
}

/// Base/reference pairs for which both the 1996 draft's algorithm and `Url::join` give
/// a result: the resolve cases', then generated ones against a few bases.
pub fn pairs(cases: &[LoadedCase]) -> Vec<(String, String)> {
    pairs_for(cases, RESOLVE_DOC)
}

/// The same pairs, kept where `doc`'s algorithm and `Url::join` both give a result.
pub fn pairs_for(cases: &[LoadedCase], doc: Document) -> Vec<(String, String)> {
    let from_cases = cases
        .iter()
        .filter(|lc| lc.case.op == Operation::Resolve)
        .filter_map(|lc| lc.case.base.clone().map(|b| (b, lc.case.input.clone())));
    let bases = [
        "http://a/b/c/d;p?q",
        "http://www.example.com/pub/doc/index.html",
        "ftp://ftp.cern.ch/pub/www/doc/",
    ];
    let refs = [
        "g",
        "./g",
        "g/",
        "/g",
        "../g",
        "../../g",
        "g?y",
        "#s",
        "g;x",
        "../g/h?q#f",
        "./",
        "..",
        "g/./h/../i",
        "//other/x",
        "http:g",
        "?y",
    ];
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    let mut generated = Vec::new();
    for b in bases {
        for r in refs {
            generated.push((b.to_string(), r.to_string()));
        }
        for _ in 0..100 {
            let mut r = String::new();
            for k in 0..1 + rng.below(4) {
                if k > 0 {
                    r.push('/');
                }
                r.push_str(rng.pick(&["..", ".", "g", "h", "docs", "x.html", "a%20b"]));
            }
            generated.push((b.to_string(), r));
        }
    }
    from_cases
        .chain(generated)
        .filter(|(b, r)| {
            resolve(doc.into(), b.as_bytes(), r.as_bytes(), false).is_ok()
                && url_join(b, r).is_some()
        })
        .collect()
}

/// What `url` answers to a base/reference pair: the base is parsed each time, as the
/// reference's resolver parses it each time.
pub fn url_join(base: &str, reference: &str) -> Option<url::Url> {
    url::Url::parse(base).ok()?.join(reference).ok()
}

/// An HTTP URL of exactly `n` bytes (`n` ≥ 40): a host, then a path of 8-byte
/// segments, valid under RFC 1738.
pub fn input_of_size(n: usize) -> Vec<u8> {
    let mut s = b"http://www.example.com/".to_vec();
    let tail = b"?q=1";
    while s.len() + 8 + tail.len() <= n {
        s.extend_from_slice(b"segment/");
    }
    while s.len() + tail.len() < n {
        s.push(b'a');
    }
    s.extend_from_slice(tail);
    s
}

/// The case suite, from `dir`.
pub fn load_cases(dir: &Path) -> Result<Vec<LoadedCase>, String> {
    case::load_dir(dir)
        .map(|s| s.cases)
        .map_err(|e| format!("{} error(s) loading {}: {}", e.len(), dir.display(), e[0]))
}

/// How long and how often to measure.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Measured rounds per figure (after one warm-up round).
    pub rounds: usize,
    /// The whole run's budget for measuring, in seconds (loading and starting
    /// processes come on top).
    pub max_seconds: f64,
}

/// How many figures a run measures (each gets an equal share of the budget).
const FIGURES: usize = 12;

impl Budget {
    fn slot(&self) -> Duration {
        let rounds = self.rounds.max(1) + 1;
        Duration::from_secs_f64(self.max_seconds.max(0.01) / (FIGURES * rounds) as f64)
    }
}

/// Seconds per call of `f`: a warm-up round, then `rounds` rounds, each calling `f`
/// until the round has lasted `slot` (at least once); the median round's time per call.
pub fn measure(budget: Budget, mut f: impl FnMut()) -> f64 {
    let slot = budget.slot();
    let mut round = || {
        let start = Instant::now();
        let mut calls = 0u64;
        loop {
            f();
            calls += 1;
            if start.elapsed() >= slot {
                break;
            }
        }
        start.elapsed().as_secs_f64() / calls as f64
    };
    round();
    let mut times: Vec<f64> = (0..budget.rounds.max(1)).map(|_| round()).collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

/// Is `ratio` on the right side of `target`?
fn met(ratio: f64, target: f64, at_least: bool) -> bool {
    if at_least {
        ratio >= target
    } else {
        ratio <= target
    }
}

/// The URL whose parse `allocations_per_parse` counts: valid under RFC 1738, with a
/// path and a search.
pub const ALLOCATION_PROBE: &str = "http://www.example.com/a/b/c?q=1";

/// Counts the heap allocations a call makes (the `urlcert` binary's counting allocator).
pub type AllocationCounter<'c> = &'c dyn Fn(&mut dyn FnMut()) -> u64;

/// Runs every comparison and returns the result object (the `--json` output), without
/// an allocation count (`allocations_per_parse` is null).
pub fn run(cases: &[LoadedCase], budget: Budget) -> Value {
    run_counting(cases, budget, None)
}

/// The heap allocations of one RFC 1738 parse of [`ALLOCATION_PROBE`], by `counter`.
pub fn allocations_per_parse(counter: AllocationCounter) -> u64 {
    let doc: DocReading = PARSE_DOC.into();
    let input = ALLOCATION_PROBE.as_bytes();
    // Once untimed, so lazily built statics are not charged to the parse.
    std::hint::black_box(parse(doc, input));
    counter(&mut || {
        std::hint::black_box(parse(doc, std::hint::black_box(input)));
    })
}

/// As [`run`], with `allocations_per_parse` counted by `counter` when given.
pub fn run_counting(
    cases: &[LoadedCase],
    budget: Budget,
    counter: Option<AllocationCounter>,
) -> Value {
    let allocations = counter.map(allocations_per_parse);
    let corpus = corpus(cases);
    let bytes: usize = corpus.iter().map(Vec::len).sum();
    let as_str: Vec<&str> = corpus
        .iter()
        .map(|i| std::str::from_utf8(i).unwrap_or_default())
        .collect();
    let doc: DocReading = PARSE_DOC.into();
    let ref_parse = measure(budget, || {
        for i in &corpus {
            std::hint::black_box(parse(doc, std::hint::black_box(i)));
        }
    });
    let url_parse = measure(budget, || {
        for s in &as_str {
            let _ = std::hint::black_box(url::Url::parse(std::hint::black_box(s)));
        }
    });
    let mb = bytes as f64 / 1e6;
    let (ref_mbs, url_mbs) = (mb / ref_parse, mb / url_parse);
    let parse_ratio = ref_mbs / url_mbs;

    let pairs = pairs(cases);
    let rdoc: DocReading = RESOLVE_DOC.into();
    let ref_resolve = measure(budget, || {
        for (b, r) in &pairs {
            let _ = std::hint::black_box(resolve(rdoc, b.as_bytes(), r.as_bytes(), false));
        }
    });
    let url_resolve = measure(budget, || {
        for (b, r) in &pairs {
            std::hint::black_box(url_join(b, r));
        }
    });
    let n = pairs.len() as f64;
    let (ref_ops, url_ops) = (n / ref_resolve, n / url_resolve);
    let resolve_ratio = ref_ops / url_ops;

    let corpus_3986 = corpus_3986(cases);
    let bytes_3986: usize = corpus_3986.iter().map(Vec::len).sum();
    let strs_3986: Vec<&str> = corpus_3986
        .iter()
        .map(|i| std::str::from_utf8(i).unwrap_or_default())
        .collect();
    let doc_3986: DocReading = RFC3986_DOC.into();
    let ref_parse_3986 = measure(budget, || {
        for i in &corpus_3986 {
            std::hint::black_box(parse(doc_3986, std::hint::black_box(i)));
        }
    });
    let fluent_parse = measure(budget, || {
        for s in &strs_3986 {
            let _ = std::hint::black_box(fluent_uri::UriRef::parse(std::hint::black_box(*s)));
        }
    });
    let mb_3986 = bytes_3986 as f64 / 1e6;
    let (ref_3986_mbs, fluent_mbs) = (mb_3986 / ref_parse_3986, mb_3986 / fluent_parse);
    let parse_3986_ratio = ref_3986_mbs / fluent_mbs;

    let pairs_3986 = pairs_for(cases, RFC3986_DOC);
    let ref_resolve_3986 = measure(budget, || {
        for (b, r) in &pairs_3986 {
            let _ = std::hint::black_box(resolve(doc_3986, b.as_bytes(), r.as_bytes(), false));
        }
    });
    let url_resolve_3986 = measure(budget, || {
        for (b, r) in &pairs_3986 {
            std::hint::black_box(url_join(b, r));
        }
    });
    let n_3986 = pairs_3986.len() as f64;
    let (ref_3986_ops, url_3986_ops) = (n_3986 / ref_resolve_3986, n_3986 / url_resolve_3986);
    let resolve_3986_ratio = ref_3986_ops / url_3986_ops;

    let corpus_standard = corpus_url_standard(cases);
    let bytes_standard: usize = corpus_standard.iter().map(String::len).sum();
    let ref_parse_standard = measure(budget, || {
        for s in &corpus_standard {
            std::hint::black_box(urlcert_reference::whatwg::basic_url_parse(
                std::hint::black_box(s),
                None,
            ));
        }
    });
    let url_parse_standard = measure(budget, || {
        for s in &corpus_standard {
            let _ = std::hint::black_box(url::Url::parse(std::hint::black_box(s)));
        }
    });
    let mb_standard = bytes_standard as f64 / 1e6;
    let (ref_standard_mbs, url_standard_mbs) = (
        mb_standard / ref_parse_standard,
        mb_standard / url_parse_standard,
    );
    let parse_standard_ratio = ref_standard_mbs / url_standard_mbs;

    let small = input_of_size(1 << 10);
    let large = input_of_size(1 << 20);
    let t_small = measure(budget, || {
        std::hint::black_box(parse(doc, std::hint::black_box(&small)));
    });
    let t_large = measure(budget, || {
        std::hint::black_box(parse(doc, std::hint::black_box(&large)));
    });
    let scaling = t_large / (1024.0 * t_small);

    let persistent = persistent_vs_spawn(&corpus, budget);

    json!({
        "parse_vs_url_crate": parse_ratio,
        "resolve_vs_url_crate": resolve_ratio,
        "allocations_per_parse": allocations,
        "allocation_probe": ALLOCATION_PROBE,
        "persistent_vs_spawn": persistent.get("ratio").cloned().unwrap_or(Value::Null),
        "scaling_1mib_over_1kib_x1024": scaling,
        "parse": {
            "doc": PARSE_DOC.to_string(),
            "inputs": corpus.len(),
            "bytes": bytes,
            "reference_mb_per_s": ref_mbs,
            "url_crate_mb_per_s": url_mbs,
            "reference_seconds_per_pass": ref_parse,
            "url_crate_seconds_per_pass": url_parse,
            "target": TARGET_PARSE,
            "met": met(parse_ratio, TARGET_PARSE, true),
        },
        "resolve": {
            "doc": RESOLVE_DOC.to_string(),
            "pairs": pairs.len(),
            "reference_ops_per_s": ref_ops,
            "url_crate_ops_per_s": url_ops,
            "reference_seconds_per_pass": ref_resolve,
            "url_crate_seconds_per_pass": url_resolve,
            "target": TARGET_RESOLVE,
            "met": met(resolve_ratio, TARGET_RESOLVE, true),
        },
        "rfc3986_parse_vs_fluent_uri": parse_3986_ratio,
        "rfc3986_resolve_vs_url_crate": resolve_3986_ratio,
        "parse_rfc3986": {
            "doc": RFC3986_DOC.to_string(),
            "inputs": corpus_3986.len(),
            "bytes": bytes_3986,
            "reference_mb_per_s": ref_3986_mbs,
            "fluent_uri_mb_per_s": fluent_mbs,
            "reference_seconds_per_pass": ref_parse_3986,
            "fluent_uri_seconds_per_pass": fluent_parse,
            "target": TARGET_PARSE_3986,
            "met": met(parse_3986_ratio, TARGET_PARSE_3986, true),
        },
        "resolve_rfc3986": {
            "doc": RFC3986_DOC.to_string(),
            "pairs": pairs_3986.len(),
            "reference_ops_per_s": ref_3986_ops,
            "url_crate_ops_per_s": url_3986_ops,
            "reference_seconds_per_pass": ref_resolve_3986,
            "url_crate_seconds_per_pass": url_resolve_3986,
            "target": TARGET_RESOLVE_3986,
            "met": met(resolve_3986_ratio, TARGET_RESOLVE_3986, true),
        },
        "url_standard_parse_vs_url_crate": parse_standard_ratio,
        "parse_url_standard": {
            "doc": urlcert_reference::whatwg::VERSION,
            "inputs": corpus_standard.len(),
            "bytes": bytes_standard,
            "reference_mb_per_s": ref_standard_mbs,
            "url_crate_mb_per_s": url_standard_mbs,
            "reference_seconds_per_pass": ref_parse_standard,
            "url_crate_seconds_per_pass": url_parse_standard,
        },
        "persistent": persistent,
        "scaling": {
            "doc": PARSE_DOC.to_string(),
            "small_bytes": small.len(),
            "large_bytes": large.len(),
            "small_seconds": t_small,
            "large_seconds": t_large,
            "small_mb_per_s": small.len() as f64 / 1e6 / t_small,
            "large_mb_per_s": large.len() as f64 / 1e6 / t_large,
            "target": TARGET_SCALING,
            "met": met(scaling, TARGET_SCALING, false),
        },
        "budget": {"rounds": budget.rounds, "max_seconds": budget.max_seconds},
    })
}

/// python-urllib, persistent against one-shot, each asked to parse the corpus's
/// inputs in turn: `{ratio, persistent_ops_per_s, one_shot_ops_per_s, ...}`, or
/// `{ratio: null, skipped: why}` when the adapter cannot run here.
pub fn persistent_vs_spawn(corpus: &[Vec<u8>], budget: Budget) -> Value {
    const NAME: &str = "python-urllib";
    let open = |one_shot| match registry::open(NAME, one_shot, Limits::default()) {
        Some(Found::Ready(a)) => Ok(a),
        Some(Found::Unavailable { why, install, .. }) => Err(format!("{why} ({install})")),
        None => Err(format!("{NAME} is not a known adapter")),
    };
    let (mut persistent, mut one_shot): (Box<dyn Engine>, Box<dyn Engine>) =
        match (open(false), open(true)) {
            (Ok(p), Ok(o)) => (p, o),
            (Err(why), _) | (_, Err(why)) => {
                return json!({"adapter": NAME, "ratio": null, "skipped": why})
            }
        };
    let version = persistent.info().version.clone();
    let mut k = 0usize;
    let mut next = || {
        k = (k + 1) % corpus.len().max(1);
        corpus.get(k).cloned().unwrap_or_default()
    };
    let t_persistent = measure(budget, || {
        std::hint::black_box(persistent.parse(&next()));
    });
    let t_one_shot = measure(budget, || {
        std::hint::black_box(one_shot.parse(&next()));
    });
    let ratio = t_one_shot / t_persistent;
    json!({
        "adapter": NAME,
        "version": version,
        "ratio": ratio,
        "persistent_ops_per_s": 1.0 / t_persistent,
        "one_shot_ops_per_s": 1.0 / t_one_shot,
        "persistent_seconds_per_request": t_persistent,
        "one_shot_seconds_per_request": t_one_shot,
        "target": TARGET_PERSISTENT,
        "met": met(ratio, TARGET_PERSISTENT, true),
    })
}

/// The human-readable report of [`run`]'s object.
pub fn render(v: &Value) -> String {
    let f = |p: &str| v.pointer(p).and_then(Value::as_f64).unwrap_or(f64::NAN);
    let verdict = |ok: Option<bool>| match ok {
        Some(true) => "met",
        Some(false) => "MISSED",
        None => "skipped",
    };
    let b = |p: &str| v.pointer(p).and_then(Value::as_bool);
    // The reference's speed against its anchor's, from one section of the figures:
    // parses in MB/s over inputs and bytes, resolutions in operations a second over pairs.
    let speed = |label: &str,
                 ratio: &str,
                 section: &str,
                 target: f64,
                 (anchor, anchor_field): (&str, &str)| {
        let g = |field: &str| f(&format!("/{section}/{field}"));
        let met = verdict(b(&format!("/{section}/met")));
        if section.starts_with("parse") {
            format!(
                "{label}{:>8.2}x  target >= {target}: {met}  (reference {:.1} MB/s, {anchor} {:.1} MB/s, {} inputs, {} bytes)\n",
                f(ratio),
                g("reference_mb_per_s"),
                g(&format!("{anchor_field}_mb_per_s")),
                g("inputs"),
                g("bytes"),
            )
        } else {
            format!(
                "{label}{:>8.2}x  target >= {target}: {met}  (reference {:.0} ops/s, {anchor} {:.0} ops/s, {} pairs)\n",
                f(ratio),
                g("reference_ops_per_s"),
                g(&format!("{anchor_field}_ops_per_s")),
                g("pairs"),
            )
        }
    };
    let mut out = speed(
        "parse (rfc1738) vs url::Url::parse   ",
        "/parse_vs_url_crate",
        "parse",
        TARGET_PARSE,
        ("url", "url_crate"),
    );
    out.push_str(&speed(
        "resolve (draft-1996) vs Url::join     ",
        "/resolve_vs_url_crate",
        "resolve",
        TARGET_RESOLVE,
        ("url", "url_crate"),
    ));
    out.push_str(
        &match v.pointer("/allocations_per_parse").and_then(Value::as_u64) {
            Some(n) => format!(
                "allocations per parse (rfc1738)     {n:>8}   target 0: {}  ({ALLOCATION_PROBE})\n",
                if n == 0 { "met" } else { "MISSED" }
            ),
            None => "allocations per parse (rfc1738)     skipped (no counting allocator)\n".into(),
        },
    );
    out.push_str(&speed(
        "parse (rfc3986) vs fluent-uri         ",
        "/rfc3986_parse_vs_fluent_uri",
        "parse_rfc3986",
        TARGET_PARSE_3986,
        ("fluent-uri", "fluent_uri"),
    ));
    out.push_str(&speed(
        "resolve (rfc3986) vs Url::join        ",
        "/rfc3986_resolve_vs_url_crate",
        "resolve_rfc3986",
        TARGET_RESOLVE_3986,
        ("url", "url_crate"),
    ));
    // No target: a literal parser that records its trace and validation errors is not
    // expected to keep up with one written for speed; the ratio is said as it is.
    out.push_str(&format!(
        "parse (URL Standard) vs url::Url::parse {:>6.2}x  no target  (reference {:.1} MB/s, url {:.1} MB/s, {} inputs, {} bytes)\n",
        f("/url_standard_parse_vs_url_crate"),
        f("/parse_url_standard/reference_mb_per_s"),
        f("/parse_url_standard/url_crate_mb_per_s"),
        f("/parse_url_standard/inputs"),
        f("/parse_url_standard/bytes"),
    ));
    if let Some(why) = v.pointer("/persistent/skipped").and_then(Value::as_str) {
        out.push_str(&format!(
            "persistent vs one-shot (python-urllib) skipped: {}\n",
            crate::report::text::visible(why)
        ));
    } else {
        out.push_str(&format!(
            "persistent vs one-shot (python-urllib) {:>7.1}x  target >= {TARGET_PERSISTENT}: {}  (persistent {:.0} req/s, one-shot {:.1} req/s)\n",
            f("/persistent_vs_spawn"),
            verdict(b("/persistent/met")),
            f("/persistent/persistent_ops_per_s"),
            f("/persistent/one_shot_ops_per_s"),
        ));
    }
    out.push_str(&format!(
        "scaling: t(1 MiB) / (1024 x t(1 KiB)) {:>8.2}   target <= {TARGET_SCALING}: {}  (1 KiB {:.2} us, 1 MiB {:.2} ms)\n",
        f("/scaling_1mib_over_1kib_x1024"),
        verdict(b("/scaling/met")),
        f("/scaling/small_seconds") * 1e6,
        f("/scaling/large_seconds") * 1e3,
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inputs_have_the_size_asked_and_are_valid() {
        for n in [1 << 10, 5000, 1 << 16] {
            let i = input_of_size(n);
            assert_eq!(i.len(), n);
            assert!(reference_accepts(&i), "{n}");
            assert!(url_accepts(&i));
        }
    }

    #[test]
    fn generated_urls_are_mostly_accepted_by_both() {
        let urls = generated_urls(200);
        let both = urls
            .iter()
            .filter(|u| reference_accepts(u.as_bytes()) && url_accepts(u.as_bytes()))
            .count();
        assert!(both > 150, "{both} of 200");
    }
}
