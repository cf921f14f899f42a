//! The part of `.ci/nightly`'s report that compares one night with the one before:
//! per libFuzzer target its coverage (`cov:` and `ft:` of libFuzzer's last status line)
//! and exec/s, with the previous night's and the trend; beside it the coverage of the
//! documents by the night's corpus (`urlcert coverage --corpus ... --json`: productions
//! accepted and rejected, resolution branches taken, notes raised), with the change;
//! the campaign's buckets that are new tonight and those that are gone. Run as
//! `urlcert fuzz-nightly-report`; the script puts what it prints into `nightly.md`.
//!
//! A night is a folder the script wrote: `targets.jsonl` (one object per target),
//! `logs/<target>.log` (libFuzzer's output), `coverage.json` (the document coverage)
//! and `campaign/fuzz.jsonl` (the campaign's buckets). Whatever those files hold is
//! data: a missing or broken file is a night with less in it, every value is bounded
//! and shown in code spans.

use crate::report::table::{md_head, md_row, Align::Left as L, Align::Right as R};
use crate::report::text::md_code;
use crate::study::coverage::Figures;
use crate::Error;
use serde_json::Value as Json;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

/// How much of a log is read: its end, where the last status line is.
const LOG_TAIL: u64 = 1 << 20;
/// How much of a JSON lines file is read.
const JSONL_MAX: u64 = 16 << 20;
/// How much of `coverage.json` is read, and how many documents of it are shown.
const COVERAGE_MAX: u64 = 16 << 20;
const MAX_DOCUMENTS: usize = 64;

/// libFuzzer's figures for one target on one night.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TargetNight {
    pub target: String,
    pub result: String,
    /// `cov:`: coverage points reached.
    pub cov: Option<u64>,
    /// `ft:`: features (edges, counters, ...) reached.
    pub ft: Option<u64>,
    pub exec_per_sec: Option<u64>,
}

/// One campaign bucket as the comparison sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BucketNight {
    pub key: String,
    pub count: u64,
    /// Its named cause (or `follows DOC (...)`), if one explains it.
    pub known: Option<String>,
    pub adapter: String,
    pub op: String,
    /// The document its adapter was judged under.
    pub doc: String,
    /// The minimal witness, escaped.
    pub input: String,
    pub base: Option<String>,
    pub expected: String,
    pub actual: String,
    /// The command that shows it again.
    pub reproduce: Option<String>,
    pub nearest_case: Option<String>,
    pub row: Option<String>,
}

impl BucketNight {
    /// What explains it, as the nightly counts: the cause, or `follows DOC`.
    fn cause(&self) -> Option<String> {
        let k = self.known.as_deref()?;
        Some(match k.strip_prefix(super::FOLLOWS) {
            Some(rest) => format!(
                "{}{}",
                super::FOLLOWS,
                rest.split(' ').next().unwrap_or(rest)
            ),
            None => k.to_string(),
        })
    }
}

/// What one night's folder says.
#[derive(Clone, Debug, Default)]
pub struct Night {
    pub dir: PathBuf,
    pub targets: Vec<TargetNight>,
    /// `None`: no campaign report that night.
    pub buckets: Option<Vec<BucketNight>>,
    /// Per document, the coverage of the documents by the night's corpus; `None`: no
    /// readable `coverage.json` that night.
    pub documents: Option<Vec<Figures>>,
}

/// The figures of libFuzzer's last status line in `log` (`#N ... cov: C ft: F ...
/// exec/s: E ...`): cov, ft and exec/s, each when it is there.
pub fn last_status(log: &str) -> (Option<u64>, Option<u64>, Option<u64>) {
    for line in log.lines().rev() {
        if !line.starts_with('#') || !line.contains("cov: ") {
            continue;
        }
        let field = |name: &str| -> Option<u64> {
            let mut words = line.split_whitespace();
            words.find(|w| *w == name)?;
            words.next()?.parse().ok()
        };
        return (field("cov:"), field("ft:"), field("exec/s:"));
    }
    (None, None, None)
}

fn read_bounded(path: &Path, max: u64, tail: bool) -> Option<String> {
    let (mut f, meta) = crate::user_file::open_regular(path).ok()?;
    let len = meta.len();
    if tail && len > max {
        f.seek(SeekFrom::Start(len - max)).ok()?;
    }
    let mut bytes = Vec::new();
    f.take(max).read_to_end(&mut bytes).ok()?;
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

fn jsonl(path: &Path) -> Option<Vec<Json>> {
    let text = read_bounded(path, JSONL_MAX, false)?;
    Some(
        text.lines()
            .filter_map(|l| serde_json::from_str::<Json>(l).ok())
            .filter(|v| v.is_object())
            .collect(),
    )
}

/// `name`, kept to what a target or bucket key can be in a report.
fn bounded(s: &str) -> String {
    crate::report::bound(s)
}

impl Night {
    /// Reads a night's folder; what is missing or broken is left out.
    pub fn read(dir: &Path) -> Night {
        let mut targets = Vec::new();
        for v in jsonl(&dir.join("targets.jsonl")).unwrap_or_default() {
            let Some(target) = v["target"].as_str() else {
                continue;
            };
            // A target name is a file name the script made; anything else is not read.
            let safe = !target.is_empty()
                && target
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"_-.".contains(&b))
                && !target.starts_with('.');
            let (mut cov, mut ft, mut eps) = (None, None, None);
            if safe {
                if let Some(log) = read_bounded(
                    &dir.join("logs").join(format!("{target}.log")),
                    LOG_TAIL,
                    true,
                ) {
                    (cov, ft, eps) = last_status(&log);
                }
            }
            targets.push(TargetNight {
                target: bounded(target),
                result: bounded(v["result"].as_str().unwrap_or("?")),
                cov,
                ft,
                // libFuzzer's final average where the script found it, else the last
                // status line's.
                exec_per_sec: v["exec_per_sec"].as_u64().or(eps),
            });
        }
        let buckets = jsonl(&dir.join("campaign").join("fuzz.jsonl")).map(|lines| {
            lines
                .iter()
                .filter(|v| v["type"] == "bucket")
                .filter_map(|v| {
                    let text = |k: &str| v[k].as_str().map(bounded);
                    Some(BucketNight {
                        key: bounded(v["key"].as_str()?),
                        count: v["count"].as_u64().unwrap_or(0),
                        known: text("known"),
                        adapter: text("adapter").unwrap_or_default(),
                        op: text("op").unwrap_or_default(),
                        doc: text("doc").unwrap_or_default(),
                        input: super::report::escape(v["input"].as_str().unwrap_or("").as_bytes()),
                        base: v["base"]
                            .as_str()
                            .map(|b| super::report::escape(b.as_bytes())),
                        expected: text("expected").unwrap_or_default(),
                        actual: text("actual").unwrap_or_default(),
                        reproduce: text("reproduce"),
                        nearest_case: text("nearest_case"),
                        row: text("row"),
                    })
                })
                .collect()
        });
        Night {
            dir: dir.to_path_buf(),
            targets,
            buckets,
            documents: documents(&dir.join("coverage.json")),
        }
    }
}

/// The `documents[].figures` of a `urlcert coverage --json` file; an entry that is not
/// such figures is left out, and the document ids are bounded.
fn documents(path: &Path) -> Option<Vec<Figures>> {
    let text = read_bounded(path, COVERAGE_MAX, false)?;
    let json: Json = serde_json::from_str(&text).ok()?;
    let found = json["documents"]
        .as_array()?
        .iter()
        .filter_map(|d| serde_json::from_value::<Figures>(d["figures"].clone()).ok())
        .take(MAX_DOCUMENTS)
        .map(|mut f| {
            f.doc = bounded(&f.doc);
            f
        })
        .collect();
    Some(found)
}

/// The night before `tonight`: the other `nightly-*` folder beside it, with a
/// `nightly.md`, whose name sorts last among those before tonight's (the names are
/// `nightly-YYYYMMDD-HHMMSS`), or the last of them all when tonight's name is not
/// such a name.
pub fn find_previous(tonight: &Path) -> Option<PathBuf> {
    let root = tonight.parent()?;
    let own = tonight.file_name()?.to_str()?.to_string();
    let mut found: Vec<String> = std::fs::read_dir(root)
        .ok()?
        .flatten()
        .filter_map(|e| e.file_name().to_str().map(str::to_string))
        .filter(|n| n.starts_with("nightly-") && *n != own)
        .filter(|n| root.join(n).join("nightly.md").is_file())
        .collect();
    found.sort();
    if own.starts_with("nightly-") {
        found.retain(|n| *n < own);
    }
    found.pop().map(|n| root.join(n))
}

/// Text in a code span outside a table: made visible, backticks replaced.
fn code(s: &str) -> String {
    if s.is_empty() {
        return "(empty)".into();
    }
    format!("`{}`", crate::report::text::visible(s).replace('`', "'"))
}

fn num(n: Option<u64>) -> String {
    n.map_or_else(|| "?".to_string(), |n| n.to_string())
}

fn trend(now: Option<u64>, then: Option<u64>) -> String {
    match (now, then) {
        (Some(a), Some(b)) if a > b => format!("+{}", a - b),
        (Some(a), Some(b)) if a < b => format!("−{}", b - a),
        (Some(_), Some(_)) => "=".to_string(),
        _ => "?".to_string(),
    }
}

/// How many of the new buckets the nightly lists in full; the campaign's fuzz.md has all.
const NEW_SHOWN: usize = 40;

/// The section that leads `nightly.md`: the campaign's new buckets, each with what
/// reproduces it and its nearest case; then the explained ones counted by cause and by
/// document; then the change from the previous night, cause by cause.
pub fn render_campaign(tonight: &Night, previous: Option<&Night>) -> String {
    let mut s = String::new();
    let Some(now) = &tonight.buckets else {
        let _ = writeln!(
            s,
            "## New campaign buckets

No campaign report tonight.
"
        );
        return s;
    };
    let mut fresh: Vec<&BucketNight> = now.iter().filter(|b| b.known.is_none()).collect();
    fresh.sort_by(|a, b| b.count.cmp(&a.count).then(a.key.cmp(&b.key)));
    let _ = writeln!(
        s,
        "## New campaign buckets: {} of {}\n",
        fresh.len(),
        now.len()
    );
    if fresh.is_empty() {
        let _ = writeln!(
            s,
            "None: every discrepancy is a named cause, a leniency, or another document's answer.\n"
        );
    } else {
        let _ = writeln!(
            s,
            "What neither a named cause nor another document explains: each adapter judged under \
             its nearest document, each bucket one minimal witness. Most frequent first.\n"
        );
        for b in fresh.iter().take(NEW_SHOWN) {
            let _ = writeln!(
                s,
                "- {} {} under {} ({} inputs): {}{}",
                code(&b.adapter),
                b.op,
                code(&b.doc),
                b.count,
                code(&b.input),
                match &b.base {
                    Some(base) => format!(" against {}", code(base)),
                    None => String::new(),
                }
            );
            let _ = writeln!(
                s,
                "  - reference: {}; adapter: {}",
                code(&b.expected),
                code(&b.actual)
            );
            if let Some(r) = &b.reproduce {
                let _ = writeln!(s, "  - reproduce: {}", crate::report::text::md_command(r));
            }
            if let Some(c) = &b.nearest_case {
                let _ = writeln!(
                    s,
                    "  - nearest case: {}{}",
                    code(c),
                    b.row
                        .as_ref()
                        .map(|r| format!(" (row {})", code(r)))
                        .unwrap_or_default()
                );
            }
        }
        if fresh.len() > NEW_SHOWN {
            let _ = writeln!(
                s,
                "- ... {} more in `campaign/fuzz.md`",
                fresh.len() - NEW_SHOWN
            );
        }
        s.push('\n');
    }
    // Known, by cause and by document.
    let counts = |n: &[BucketNight]| -> BTreeMap<String, (usize, u64)> {
        let mut m: BTreeMap<String, (usize, u64)> = BTreeMap::new();
        for b in n {
            if let Some(c) = b.cause() {
                let e = m.entry(c).or_default();
                e.0 += 1;
                e.1 += b.count;
            }
        }
        m
    };
    let here = counts(now);
    let then = previous.and_then(|p| p.buckets.as_deref()).map(counts);
    let _ = writeln!(
        s,
        "## Explained campaign buckets, by cause and by document\n\n\
         A named cause or leniency (`harness/src/judge/known.rs`, `harness/src/judge/leniency.rs`), \
         or `follows DOC`: the adapter gave that document's answer. Buckets are one per adapter \
         (and, for a document, per component).{}\n",
        if then.is_some() { " The change is against the previous night's buckets of the same cause." } else { "" }
    );
    let mut head = vec!["cause or document", "buckets", "inputs"];
    let mut align = vec![L, R, R];
    if then.is_some() {
        head.extend(["previous buckets", "change"]);
        align.extend([R, L]);
    }
    s.push_str(&md_head(&head, &align));
    let mut names: Vec<&String> = here.keys().collect();
    if let Some(t) = &then {
        for k in t.keys() {
            if !here.contains_key(k) {
                names.push(k);
            }
        }
    }
    names.sort();
    names.dedup();
    for name in names {
        let (b, n) = here.get(name).copied().unwrap_or_default();
        let mut row = vec![code(name), b.to_string(), n.to_string()];
        if let Some(t) = &then {
            let p = t.get(name).map(|x| x.0);
            row.push(p.map_or("–".into(), |p| p.to_string()));
            row.push(match p {
                None => "new tonight".into(),
                Some(p) if p == b => "same".into(),
                Some(p) if b == 0 => format!("gone ({p} then)"),
                Some(p) => format!("{:+}", b as i64 - p as i64),
            });
        }
        s.push_str(&md_row(&row));
    }
    s.push('\n');
    s
}

/// The sections the script adds to `nightly.md` after the libFuzzer targets: coverage
/// per target, and the comparison with `previous` (if there was a night before).
pub fn render(tonight: &Night, previous: Option<&Night>) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "## Coverage per target\n");
    if tonight.targets.is_empty() {
        let _ = writeln!(s, "No libFuzzer target ran.\n");
    } else {
        let _ = writeln!(
            s,
            "`cov` (coverage points) and `ft` (features) are libFuzzer's, from each target's \
             last status line; the trend is against the previous night's.\n"
        );
        s.push_str(&md_head(
            &[
                "target",
                "result",
                "cov",
                "ft",
                "exec/s",
                "previous cov",
                "previous ft",
                "previous exec/s",
                "trend cov / ft",
            ],
            &[L, L, R, R, R, R, R, R, L],
        ));
        let before: BTreeMap<&str, &TargetNight> = previous
            .map(|p| p.targets.iter().map(|t| (t.target.as_str(), t)).collect())
            .unwrap_or_default();
        for t in &tonight.targets {
            let p = before.get(t.target.as_str());
            let trend_text = match p {
                Some(p) => format!("{} / {}", trend(t.cov, p.cov), trend(t.ft, p.ft)),
                None => "new target".to_string(),
            };
            s.push_str(&md_row(&[
                md_code(&t.target),
                md_code(&t.result),
                num(t.cov),
                num(t.ft),
                num(t.exec_per_sec),
                num(p.and_then(|p| p.cov)),
                num(p.and_then(|p| p.ft)),
                num(p.and_then(|p| p.exec_per_sec)),
                trend_text,
            ]));
        }
        s.push('\n');
    }
    documents_section(&mut s, tonight, previous);
    let _ = writeln!(s, "## Compared with the previous night\n");
    let Some(prev) = previous else {
        let _ = writeln!(
            s,
            "No previous night to compare with (no other `nightly-*` folder with a `nightly.md` \
             beside this one; `.ci/nightly --previous DIR` names one)."
        );
        return s;
    };
    let _ = writeln!(
        s,
        "The previous night: {}.\n",
        code(&prev.dir.display().to_string())
    );
    let names = |n: &Night| -> Vec<String> { n.targets.iter().map(|t| t.target.clone()).collect() };
    let (now_t, then_t) = (names(tonight), names(prev));
    let gone_t: Vec<&String> = then_t.iter().filter(|t| !now_t.contains(t)).collect();
    if !gone_t.is_empty() {
        let list: Vec<String> = gone_t.iter().map(|t| code(t)).collect();
        let _ = writeln!(
            s,
            "Targets that ran then and not tonight: {}.\n",
            list.join(", ")
        );
    }
    match (&tonight.buckets, &prev.buckets) {
        (Some(now), Some(then)) => {
            let new: Vec<&BucketNight> = now
                .iter()
                .filter(|b| !then.iter().any(|p| p.key == b.key))
                .collect();
            let gone: Vec<&BucketNight> = then
                .iter()
                .filter(|b| !now.iter().any(|p| p.key == b.key))
                .collect();
            let _ = writeln!(
                s,
                "Campaign buckets: {} tonight ({} new since the previous night, {} gone), {} then.\n",
                now.len(),
                new.len(),
                gone.len(),
                then.len()
            );
            for (title, list) in [("New buckets", &new), ("Gone buckets", &gone)] {
                if list.is_empty() {
                    continue;
                }
                let _ = writeln!(s, "{title}:\n");
                for b in list.iter() {
                    let _ = writeln!(
                        s,
                        "- {} ({} inputs{})",
                        code(&b.key),
                        b.count,
                        match &b.known {
                            Some(k) => format!(", known cause {}", code(k)),
                            None => ", no named cause".to_string(),
                        }
                    );
                }
                s.push('\n');
            }
        }
        (Some(_), None) => {
            let _ = writeln!(
                s,
                "The previous night has no campaign report to compare buckets with.\n"
            );
        }
        (None, _) => {
            let _ = writeln!(s, "No campaign report tonight: buckets are not compared.\n");
        }
    }
    s
}

/// One column of the document coverage: reached of total.
type Part = fn(&Figures) -> (usize, usize);

/// `a/b`, or `?` when the night has no such figure.
fn of(f: Option<&Figures>, part: Part) -> String {
    f.map(part)
        .map_or_else(|| "?".to_string(), |(a, b)| format!("{a}/{b}"))
}

/// The coverage of the documents by tonight's corpus, beside the previous night's.
fn documents_section(s: &mut String, tonight: &Night, previous: Option<&Night>) {
    let _ = writeln!(s, "## Coverage of the documents by the corpus\n");
    let Some(docs) = &tonight.documents else {
        let _ = writeln!(
            s,
            "No readable `coverage.json` tonight (`urlcert coverage --corpus DIR... --json`), so no document coverage.\n"
        );
        return;
    };
    let _ = writeln!(
        s,
        "Per document, what the night's working corpora reach when read as their targets read them \
         (`urlcert coverage --corpus`): productions some input makes accept and some reject, \
         resolution branches taken, notes raised; the change is against the previous night's.\n"
    );
    s.push_str(&md_head(
        &[
            "document",
            "productions",
            "previous",
            "change",
            "branches",
            "previous",
            "change",
            "notes",
            "previous",
            "change",
        ],
        &[L, R, R, L, R, R, L, R, R, L],
    ));
    // `None`: the previous night has no document coverage to compare with.
    let before: Option<BTreeMap<&str, &Figures>> = previous
        .and_then(|p| p.documents.as_ref())
        .map(|d| d.iter().map(|f| (f.doc.as_str(), f)).collect());
    let parts: [Part; 3] = [
        |f| (f.productions_accepted_and_rejected, f.productions_total),
        |f| (f.branches_taken, f.branches_total),
        |f| (f.notes_raised, f.notes_total),
    ];
    for f in docs {
        let p = before.as_ref().and_then(|b| b.get(f.doc.as_str()).copied());
        let mut row = vec![md_code(&f.doc)];
        for part in parts {
            let change = match (p, &before) {
                (Some(p), _) => trend(Some(part(f).0 as u64), Some(part(p).0 as u64)),
                (None, Some(_)) => "new".to_string(),
                (None, None) => "?".to_string(),
            };
            row.extend([of(Some(f), part), of(p, part), change]);
        }
        s.push_str(&md_row(&row));
    }
    s.push('\n');
}

/// Which sections of `nightly.md` to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Section {
    /// The campaign's buckets, new first ([`render_campaign`]): the report leads with it.
    Campaign,
    /// Coverage per target and the comparison with the previous night ([`render`]).
    Targets,
}

/// The sections for `nightly.md` comparing the night in `out` with `previous` (default:
/// [`find_previous`]); an error when `out` is not a folder.
pub fn report(out: &Path, previous: Option<&Path>) -> Result<String, Error> {
    report_part(out, previous, Section::Targets)
}

/// [`report`], for one part.
pub fn report_part(out: &Path, previous: Option<&Path>, part: Section) -> Result<String, Error> {
    if !out.is_dir() {
        return Err(format!(
            "{} is not a folder",
            crate::report::text::visible(&out.display().to_string())
        )
        .into());
    }
    let tonight = Night::read(out);
    let previous = previous
        .map(Path::to_path_buf)
        .or_else(|| find_previous(out))
        .filter(|p| p.is_dir())
        .map(|p| Night::read(&p));
    Ok(match part {
        Section::Campaign => render_campaign(&tonight, previous.as_ref()),
        Section::Targets => render(&tonight, previous.as_ref()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_status_line_gives_cov_ft_and_exec_per_sec() {
        let log = "INFO: Seed: 1\n\
                   #2\tINITED cov: 10 ft: 12 corp: 1/1b exec/s: 0 rss: 30Mb\n\
                   #1024\tNEW    cov: 40 ft: 77 corp: 5/40b lim: 4 exec/s: 512 rss: 31Mb L: 3/4 MS: 1 ChangeBit-\n\
                   #4096\tDONE   cov: 41 ft: 80 corp: 6/44b lim: 8 exec/s: 2048 rss: 32Mb\n\
                   Done 4096 runs in 2 second(s)\nstat::number_of_executed_units: 4096\n";
        assert_eq!(last_status(log), (Some(41), Some(80), Some(2048)));
        assert_eq!(
            last_status("no status here\n#x cov: junk"),
            (None, None, None)
        );
        assert_eq!(last_status(""), (None, None, None));
    }
}
