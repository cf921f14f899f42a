//! A campaign's report: `fuzz.md` and `fuzz.jsonl` (one `bucket` object per bucket; while
//! the campaign runs the same file is its journal, see [`super::journal`]), and with
//! `--emit-cases` candidate case files for a person to triage.
//!
//! Whatever an input or an adapter says is data: inputs are shown as escaped literals
//! (bytes that are not printable ASCII as `\xNN`), and every value goes through
//! [`crate::report::text::md_code`], so no input can break the Markdown.

use super::{Bucket, Campaign, Limit, RequestOp, Stop};
use crate::ask::{Model, ReferenceAnswer};
use crate::report::table::{md_head_left, md_row};
use crate::report::text::{md_cell, md_code};
use crate::report::{bound, file_safe};
use crate::Error;
use serde_json::{json, Value as Json};
use std::fmt::Write as _;
use std::io;
use std::path::{Path, PathBuf};
use urlcert_reference::{DocReading, Value};

/// Bytes as a double-quoted literal: printable ASCII as it is (`"` and `\` escaped),
/// everything else as `\xNN`.
pub fn escape(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() + 2);
    s.push('"');
    for &b in bytes {
        match b {
            b'"' => s.push_str("\\\""),
            b'\\' => s.push_str("\\\\"),
            0x20..=0x7e => s.push(b as char),
            _ => {
                let _ = write!(s, "\\x{b:02x}");
            }
        }
    }
    s.push('"');
    s
}

fn model_id(m: Model) -> &'static str {
    match m {
        Model::Whatwg => "whatwg",
        Model::Rfc3986 => "rfc3986",
        Model::Urlparse => "urlparse",
        Model::Curl => "curl",
        Model::Document => "document",
    }
}

fn limit_text(l: Limit) -> String {
    match l {
        Limit::Iterations(n) => format!("--iterations {n}"),
        Limit::Time(d) => format!("--time {}s", d.as_secs()),
    }
}

/// The command that runs the same campaign again: registered adapters by name, the
/// others by the command they ran (`--command`). Each lane under its own document is
/// the default, so `--doc` is written only when every lane had the one given.
pub fn rerun(c: &Campaign) -> String {
    let known = crate::ask::registry::names();
    let mut names = Vec::new();
    let mut commands = String::new();
    for a in &c.adapters {
        match &a.argv {
            Some(argv) if !known.contains(&a.name) => {
                for arg in argv {
                    let _ = write!(commands, " --command {}", shell_word(arg));
                }
            }
            _ => names.push(a.name.as_str()),
        }
    }
    let named = if names.is_empty() {
        String::new()
    } else {
        format!(" --adapter {}", names.join(","))
    };
    let given = c.lanes.iter().all(|l| l.why.starts_with("given"));
    let doc = if given {
        format!(" --doc {}", c.doc)
    } else {
        String::new()
    };
    let limit = if c.lanes.len() > 1 {
        // Lanes run at their own pace: the same time, not the same counts.
        limit_text(c.limit)
    } else {
        format!("--iterations {}", c.execs)
    };
    format!(
        "urlcert fuzz{named}{commands}{doc} --seed {} {limit}",
        c.seed
    )
}

/// `s` as one word of a POSIX shell: as it is when that is safe, else single-quoted.
pub fn shell_word(s: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_-./:@=,+%".contains(c);
    if !s.is_empty() && s.chars().all(plain) {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

fn bucket_title(b: &Bucket) -> String {
    if let Some(k) = &b.known {
        if k.followed().is_some() || k.case.is_empty() {
            return format!("{} {}: {}", b.kind.adapter, b.kind.op, k.name);
        }
        return format!(
            "{} {}: known cause {} (case {})",
            b.kind.adapter, b.kind.op, k.name, k.case
        );
    }
    let mut t = format!("{} {} {}", b.kind.adapter, b.kind.op, b.kind.class);
    if let Some(c) = &b.kind.component {
        let _ = write!(t, " `{c}`");
    }
    let _ = write!(t, ", shape {}", b.shape);
    t
}

fn duration_text(c: &Campaign) -> String {
    let stop = match c.stop {
        Stop::Running => "in progress: this is the report of its last checkpoint".to_string(),
        s => format!("stopped by {}", s.id()),
    };
    let resumed = match c.sessions {
        0 | 1 => String::new(),
        2 => "; resumed once".to_string(),
        n => format!("; resumed {} times", n - 1),
    };
    format!(
        "{:.1} s ({}; {stop}{resumed})",
        c.duration.as_secs_f64(),
        limit_text(c.limit)
    )
}

/// What a bucket is: new, another document's answer, or a named cause.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    New,
    Follows,
    Named,
}

pub fn standing(b: &Bucket) -> Standing {
    match &b.known {
        None => Standing::New,
        Some(k) if k.followed().is_some() => Standing::Follows,
        Some(_) => Standing::Named,
    }
}

fn count_of(c: &Campaign, adapter: &str, which: Standing) -> usize {
    c.buckets
        .iter()
        .filter(|b| b.kind.adapter == adapter && standing(b) == which)
        .count()
}

fn nearest_text(c: &Campaign, b: &Bucket) -> String {
    match c.nearest.get(&b.key()) {
        Some(n) => match &n.row {
            Some(row) => format!("{} (row `{row}`)", md_code(&n.id)),
            None => md_code(&n.id),
        },
        None => "–".into(),
    }
}

/// `fuzz.md`: the new buckets first, each with what reproduces it and its nearest
/// case; then the campaign, each adapter's lane, and the buckets another document or a
/// named cause explains, counted.
pub fn markdown(c: &Campaign) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# urlcert fuzz: differential campaign\n");
    let _ = writeln!(
        s,
        "> **Differential, not certification.** Each adapter's answer is compared with \
         urlcert's reference under one document, the one the adapter follows most closely \
         (its nearest in the parser matrix) unless `--doc` gave another: a bucket is a \
         place where the two disagree, found by generated inputs. A discrepancy is put to \
         the project's named causes, then to the other documents: where the adapter gave \
         another document's answer, the bucket says which. Only what neither explains is \
         new, and which side is wrong is for a person to decide against the text of the \
         document.\n"
    );
    let rows: Vec<(usize, &Bucket)> = c.buckets.iter().enumerate().collect();
    let of = |w: Standing| -> Vec<(usize, &Bucket)> {
        rows.iter()
            .filter(|(_, b)| standing(b) == w)
            .copied()
            .collect()
    };
    let (fresh, follows, named) = (
        of(Standing::New),
        of(Standing::Follows),
        of(Standing::Named),
    );
    let _ = writeln!(
        s,
        "## New: {} bucket{} no named cause or document explains\n",
        fresh.len(),
        if fresh.len() == 1 { "" } else { "s" }
    );
    if fresh.is_empty() {
        let _ = writeln!(
            s,
            "None: every discrepancy is a named cause or another document's answer.\n"
        );
    } else {
        let _ = writeln!(
            s,
            "Most frequent first. Each minimal witness was found by delta debugging while \
             it stayed the same discrepancy; `urlcert compare` shows it under every \
             document beside the adapter's answer.\n"
        );
        s.push_str(&md_head_left(&[
            "#",
            "count",
            "bucket",
            "minimal input",
            "nearest case",
        ]));
        for (i, b) in &fresh {
            s.push_str(&md_row(&[
                (i + 1).to_string(),
                b.count.to_string(),
                md_code(&bucket_title(b)),
                md_code(&escape(&b.request.input)),
                nearest_text(c, b),
            ]));
        }
        s.push('\n');
        for (i, b) in &fresh {
            details(&mut s, c, *i, b);
        }
    }
    let summary: Vec<(&str, String)> = vec![
        ("seed", format!("`{}`", c.seed)),
        ("rerun", md_code(&rerun(c))),
        ("started", c.started.clone()),
        ("duration", duration_text(c)),
        (
            "executions",
            format!(
                "{} ({:.0} exec/s) across {} adapter{}; an execution is one request asked of one adapter",
                c.execs,
                c.exec_per_sec(),
                c.lanes.len(),
                if c.lanes.len() == 1 { "" } else { "s" }
            ),
        ),
        ("minimisation answers", c.minimise_evals.to_string()),
        (
            "generation",
            if c.grammar {
                "each lane's document's grammar where it has one (oracle generator), the cases, mutations".into()
            } else {
                "the cases and mutations (no grammar for the document)".to_string()
            },
        ),
        (
            "discrepancies",
            format!(
                "{} in {} buckets: {} new, {} another document's answer, {} named causes{}",
                c.discrepancies,
                c.buckets.len(),
                fresh.len(),
                follows.len(),
                named.len(),
                if c.overflow > 0 {
                    format!(" ({} past the bucket cap, not bucketed)", c.overflow)
                } else {
                    String::new()
                }
            ),
        ),
    ];
    let _ = writeln!(s, "\n## The campaign\n");
    s.push_str(&md_head_left(&["", ""]));
    for (k, v) in summary {
        s.push_str(&md_row(&[k, v.as_str()]));
    }
    let _ = writeln!(
        s,
        "\n## Adapters\n\nEach adapter in its own lane: judged under its document, asked at its \
         own pace by its own workers for the whole budget.\n"
    );
    s.push_str(&md_head_left(&[
        "adapter",
        "version",
        "judged under",
        "why",
        "executions",
        "exec/s",
        "new",
        "other document",
        "named cause",
    ]));
    for l in &c.lanes {
        let version = c
            .adapters
            .iter()
            .find(|a| a.name == l.adapter)
            .map_or("–".into(), |a| {
                format!("{} (model {})", md_code(&a.version), model_id(a.model))
            });
        let why = match &l.failed {
            Some(f) => format!("{}; **did not run**: {}", l.why, md_cell(&bound(f))),
            None => md_cell(&l.why),
        };
        s.push_str(&md_row(&[
            md_code(&l.adapter),
            version,
            format!("`{}`", l.doc),
            why,
            l.execs.to_string(),
            format!("{:.0}", l.exec_per_sec()),
            count_of(c, &l.adapter, Standing::New).to_string(),
            count_of(c, &l.adapter, Standing::Follows).to_string(),
            count_of(c, &l.adapter, Standing::Named).to_string(),
        ]));
    }
    let _ = writeln!(
        s,
        "\n## Another document's answer: {} bucket{}\n",
        follows.len(),
        if follows.len() == 1 { "" } else { "s" }
    );
    if follows.is_empty() {
        let _ = writeln!(s, "None.\n");
    } else {
        let _ = writeln!(
            s,
            "The adapter's answer is the reference's under another document (or reading), \
             the newest that gives it: a difference between the documents, not a new \
             finding. Grouped by that document; the nearest case is the case nearest the \
             witness that the two documents answer differently, with its row of the \
             divergence table.\n"
        );
        let mut by_doc: Vec<(String, Vec<(usize, &Bucket)>)> = Vec::new();
        for (i, b) in &follows {
            let d = b
                .known
                .as_ref()
                .and_then(|k| k.followed())
                .map(|d| d.to_string())
                .unwrap_or_default();
            match by_doc.iter_mut().find(|(x, _)| *x == d) {
                Some((_, v)) => v.push((*i, b)),
                None => by_doc.push((d, vec![(*i, b)])),
            }
        }
        s.push_str(&md_head_left(&[
            "follows",
            "buckets",
            "inputs",
            "adapter",
            "judged under",
            "differs in",
            "count",
            "minimal input",
            "adapter's answer",
            "nearest case",
        ]));
        for (d, list) in &by_doc {
            let inputs: u64 = list.iter().map(|(_, b)| b.count).sum();
            for (n, (_, b)) in list.iter().enumerate() {
                let what = b
                    .known
                    .as_ref()
                    .and_then(|k| {
                        k.name
                            .rsplit_once(" (")
                            .map(|x| x.1.trim_end_matches(')').to_string())
                    })
                    .unwrap_or_default();
                let head = if n == 0 {
                    [format!("`{d}`"), list.len().to_string(), inputs.to_string()]
                } else {
                    [String::new(), String::new(), String::new()]
                };
                s.push_str(&md_row(&[
                    head[0].clone(),
                    head[1].clone(),
                    head[2].clone(),
                    md_code(&b.kind.adapter),
                    format!("`{}`", c.doc_of(&b.kind.adapter)),
                    md_code(&what),
                    b.count.to_string(),
                    md_code(&escape(&b.request.input)),
                    md_code(&bound(&b.actual)),
                    nearest_text(c, b),
                ]));
            }
        }
        s.push('\n');
    }
    let _ = writeln!(
        s,
        "## Named causes: {} bucket{}\n",
        named.len(),
        if named.len() == 1 { "" } else { "s" }
    );
    if named.is_empty() {
        let _ = writeln!(s, "None.\n");
    } else {
        let _ = writeln!(
            s,
            "Divergences the project names: the classifiers of `harness/src/judge/known.rs` \
             (written for the 1996 draft, each for the parsers of the models it concerns and \
             citing the case that shows what the document says), and the leniencies every \
             family of parsers shares (`harness/src/judge/leniency.rs`: the parser answered as \
             the document answers the input written its way; the case is the nearest one it \
             concerns), and the quirks of one parser (`harness/src/judge/quirk.rs`: what a \
             parser answers that no document gives and no family shares, looked at and named). \
             What each leniency and quirk says is listed under the table.\n"
        );
        s.push_str(&md_head_left(&[
            "cause",
            "adapter",
            "op",
            "count",
            "minimal input",
            "adapter's answer",
            "case",
        ]));
        for (_, b) in &named {
            let k = b.known.as_ref().expect("a named bucket has its cause");
            s.push_str(&md_row(&[
                md_code(&k.name),
                md_code(&b.kind.adapter),
                b.kind.op.to_string(),
                b.count.to_string(),
                md_code(&escape(&b.request.input)),
                md_code(&bound(&b.actual)),
                if k.case.is_empty() {
                    nearest_text(c, b)
                } else {
                    md_code(&k.case)
                },
            ]));
        }
        s.push('\n');
        let mut said = std::collections::BTreeSet::new();
        for (_, b) in &named {
            let name = &b.known.as_ref().expect("a named bucket has its cause").name;
            if let Some(l) = crate::judge::leniency::by_name(name) {
                if said.insert(l.name) {
                    let _ = writeln!(s, "- {}: {}", md_code(l.name), l.says);
                }
            }
        }
        if !said.is_empty() {
            s.push('\n');
        }
    }
    s
}

/// A new bucket in full: its witness, both answers, what reproduces it.
fn details(s: &mut String, c: &Campaign, i: usize, b: &Bucket) {
    let _ = writeln!(
        s,
        "### {}. {} ({} inputs)\n",
        i + 1,
        md_code(&bucket_title(b)),
        b.count
    );
    let _ = writeln!(s, "- bucket: `{}`", b.hash);
    let _ = writeln!(s, "- judged under: `{}`", c.doc_of(&b.kind.adapter));
    let _ = writeln!(
        s,
        "- minimal {}: {} ({} bytes, from {})",
        if b.request.op == RequestOp::Resolve {
            "reference"
        } else {
            "input"
        },
        md_code(&escape(&b.request.input)),
        b.request.input.len(),
        b.original_len
    );
    if let Some(base) = &b.request.base {
        let _ = writeln!(s, "- base: {}", md_code(&escape(base)));
    }
    let _ = writeln!(s, "- reference: {}", md_code(&bound(&b.expected)));
    let _ = writeln!(s, "- adapter: {}", md_code(&bound(&b.actual)));
    let _ = writeln!(
        s,
        "- reproduce: {}",
        crate::report::text::md_command(&super::explain::reproduce(b))
    );
    let _ = writeln!(s, "- nearest case: {}", nearest_text(c, b));
    let _ = writeln!(
        s,
        "- first found at execution {}; {} answers asked to minimise it\n",
        b.first_exec, b.minimise_evals
    );
}

/// `key` as text (lossy), and `key_hex` beside it when the bytes are not UTF-8.
fn text_and_hex(o: &mut serde_json::Map<String, Json>, key: &str, bytes: &[u8]) {
    o.insert(key.into(), json!(String::from_utf8_lossy(bytes)));
    if std::str::from_utf8(bytes).is_err() {
        let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        o.insert(format!("{key}_hex"), json!(hex));
    }
}

/// One bucket as a JSON object.
pub fn bucket_json(c: &Campaign, b: &Bucket) -> Json {
    let mut o = bucket_object(c.doc_of(&b.kind.adapter), c.seed, b, bound);
    let followed = b.known.as_ref().and_then(|k| k.followed());
    o["follows"] = json!(followed.map(|d| d.to_string()));
    let nearest = c.nearest.get(&b.key());
    o["nearest_case"] = json!(nearest.map(|n| &n.id));
    o["row"] = json!(nearest.and_then(|n| n.row.as_ref()));
    o["reproduce"] = json!(super::explain::reproduce(b));
    o
}

/// One bucket as a `bucket` line: the report's (texts through `text`, which bounds
/// them) or the journal's (texts whole, so that a resumed campaign has them all).
pub(super) fn bucket_object(
    doc: DocReading,
    seed: u64,
    b: &Bucket,
    text: fn(&str) -> String,
) -> Json {
    let mut o = serde_json::Map::new();
    o.insert("type".into(), json!("bucket"));
    o.insert("bucket".into(), json!(b.hash));
    o.insert("key".into(), json!(b.key()));
    o.insert("doc".into(), json!(doc.to_string()));
    o.insert("seed".into(), json!(seed));
    o.insert("adapter".into(), json!(b.kind.adapter));
    o.insert("op".into(), json!(b.kind.op));
    o.insert("class".into(), json!(b.kind.class));
    o.insert("component".into(), json!(b.kind.component));
    o.insert("shape".into(), json!(b.shape));
    // The named cause that explains the bucket (null: a new one), and the case it cites.
    o.insert("known".into(), json!(b.known.as_ref().map(|k| &k.name)));
    o.insert("case".into(), json!(b.known.as_ref().map(|k| &k.case)));
    o.insert("count".into(), json!(b.count));
    request_fields(&mut o, b);
    o.insert("original_len".into(), json!(b.original_len));
    o.insert("expected".into(), json!(text(&b.expected)));
    o.insert("actual".into(), json!(text(&b.actual)));
    o.insert("first_exec".into(), json!(b.first_exec));
    o.insert("minimise_evals".into(), json!(b.minimise_evals));
    o.insert("index".into(), json!(b.index));
    text_and_hex(&mut o, "opened_by", &b.opened_by);
    o.insert("shape_bits".into(), json!(b.bits));
    Json::Object(o)
}

/// The bucket's example request: `input` and `base` (null for a parse), each with a
/// `_hex` twin when it is not UTF-8.
fn request_fields(o: &mut serde_json::Map<String, Json>, b: &Bucket) {
    text_and_hex(o, "input", &b.request.input);
    match &b.request.base {
        Some(base) => text_and_hex(o, "base", base),
        None => {
            o.insert("base".into(), Json::Null);
        }
    }
}

/// The final `fuzz.jsonl`: one bucket per line, in the order of `fuzz.md`.
pub fn jsonl(c: &Campaign) -> String {
    c.buckets
        .iter()
        .map(|b| format!("{}\n", bucket_json(c, b)))
        .collect()
}

/// Writes `path` by way of a temporary sibling renamed into place.
fn write_file(path: &Path, text: &str) -> io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
    crate::report::outdir::write_file(dir, &name.unwrap_or_default(), text)
}

// ------------------------------------------------------------------ candidate cases

/// A YAML double-quoted scalar: printable ASCII as it is, everything else escaped.
pub fn yaml_str(s: &str) -> String {
    let mut out = String::from("\"");
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            ' '..='~' => out.push(ch),
            c if (c as u32) <= 0xffff => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => {
                let _ = write!(out, "\\U{:08x}", c as u32);
            }
        }
    }
    out.push('"');
    out
}

/// An id part: lower-case letters, digits and `-`.
fn id_safe(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect()
}

/// The case id of a bucket: `fuzz.<adapter>.<bucket-hash>`.
pub fn case_id(b: &Bucket) -> String {
    format!("fuzz.{}.{}", id_safe(&b.kind.adapter), b.hash)
}

fn one_line(s: &str) -> String {
    crate::report::text::visible(&bound(s)).replace('\n', " ")
}

/// One candidate case, or why the bucket cannot be one.
fn candidate(c: &Campaign, b: &Bucket) -> Result<String, Error> {
    let utf8 = |what: &str, bytes: &[u8]| {
        std::str::from_utf8(bytes)
            .map(str::to_string)
            .map_err(|_| format!("its {what} is not UTF-8, which a case file cannot hold"))
    };
    let input = utf8("input", &b.request.input)?;
    let doc = c.doc;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "# bucket {} ({} inputs): {}",
        b.hash,
        b.count,
        one_line(&bucket_title(b))
    );
    let _ = writeln!(s, "#   the adapter said: {}", one_line(&b.actual));
    let _ = writeln!(
        s,
        "# CANDIDATE: `expect` below is urlcert's REFERENCE answer under {doc}, not checked against \
         the text. Check it against the document, fix `cite` and `expect`, before moving the \
         case into cases/."
    );
    let _ = writeln!(s, "- id: {}", case_id(b));
    let _ = writeln!(s, "  op: {}", b.kind.op);
    if let Some(base) = &b.request.base {
        let _ = writeln!(s, "  base: {}", yaml_str(&utf8("base", base)?));
    }
    let _ = writeln!(s, "  input: {}", yaml_str(&input));
    let _ = writeln!(s, "  cite:");
    let _ = writeln!(
        s,
        "  - {{doc: {}, section: \"to be checked\"}}",
        doc.doc.id()
    );
    let _ = writeln!(s, "  tags: [fuzz]");
    let _ = writeln!(
        s,
        "  comment: {}",
        yaml_str(&format!(
            "Found by urlcert fuzz (seed {}, bucket {}); {} disagrees with the reference: {}",
            c.seed,
            b.hash,
            b.kind.adapter,
            one_line(&b.actual)
        ))
    );
    let _ = writeln!(s, "  expect:");
    let _ = writeln!(s, "    {doc}:");
    match b.reference.answer() {
        Some(ReferenceAnswer::Parse(parse)) => {
            let _ = writeln!(s, "      verdict: {}", parse.verdict.id());
            match parse.rule.map(|r| r.name()) {
                Some(r) => {
                    let _ = writeln!(s, "      rule: {r}");
                }
                None => {
                    let _ = writeln!(s, "      rule: null");
                }
            }
            if !parse.components.is_empty() {
                let _ = writeln!(s, "      components:");
                for (name, v) in &parse.components {
                    let v = match v {
                        None => "null".to_string(),
                        Some(Value::Str(x)) => yaml_str(x.as_ref()),
                        Some(Value::List(l)) => format!(
                            "[{}]",
                            l.iter().map(|x| yaml_str(x)).collect::<Vec<_>>().join(", ")
                        ),
                        Some(Value::Fields(f)) => format!(
                            "[{}]",
                            f.iter()
                                .map(|x| format!(
                                    "{{fieldname: {}, fieldvalue: {}}}",
                                    yaml_str(&x.fieldname),
                                    yaml_str(&x.fieldvalue)
                                ))
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    };
                    let _ = writeln!(s, "        {name}: {v}");
                }
            }
        }
        Some(ReferenceAnswer::Resolve(resolved)) => match resolved {
            Ok(r) => {
                let _ = writeln!(s, "      result: {}", yaml_str(&utf8("result", &r.result)?));
            }
            Err(why) => {
                let verdict = crate::judge::expected::unresolvable(why);
                let _ = writeln!(s, "      verdict: {verdict}");
            }
        },
        _ => return Err("the reference panicked: that is a bug in urlcert, not a case".into()),
    }
    Ok(s)
}

/// Writes one `_candidates-<adapter>.yaml` per adapter with buckets into `dir` (the
/// leading `_` keeps the loader away until a person renames the file). Returns the
/// files written.
pub fn emit_cases(c: &Campaign, dir: &Path) -> io::Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir)?;
    let mut adapters: Vec<&str> = c.buckets.iter().map(|b| b.kind.adapter.as_str()).collect();
    adapters.sort();
    adapters.dedup();
    let mut written = Vec::new();
    for a in adapters {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "# Candidate cases from `urlcert fuzz` (seed {}, document {}), adapter {}.\n\
             # Every `expect` is the REFERENCE's answer, which is what the adapter was compared\n\
             # with: it must be checked against the text of the document before a case is moved\n\
             # into cases/ (rename the file without its leading `_` for the loader to read it).\n\
             # Rerun: {}",
            c.seed,
            c.doc,
            one_line(a),
            one_line(&rerun(c))
        );
        let mut body = String::new();
        let mut any = false;
        for b in c.buckets.iter().filter(|b| b.kind.adapter == a) {
            match candidate(c, b) {
                Ok(text) => {
                    body.push('\n');
                    body.push_str(&text);
                    any = true;
                }
                Err(why) => {
                    let _ = writeln!(
                        body,
                        "\n# bucket {} is left out: {}",
                        b.hash,
                        one_line(why.message())
                    );
                }
            }
        }
        let _ = writeln!(
            s,
            "description: {}\ncases:{}",
            yaml_str(&format!(
                "Candidates found by urlcert fuzz against {a} under {}; to be triaged.",
                c.doc
            )),
            if any { "" } else { " []" }
        );
        s.push_str(&body);
        let path = dir.join(format!("_candidates-{}.yaml", file_safe(a)));
        write_file(&path, &s)?;
        written.push(path);
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::shell_word;

    #[test]
    fn shell_words_are_quoted_when_they_must_be() {
        assert_eq!(shell_word("/bin/fake-adapter"), "/bin/fake-adapter");
        assert_eq!(shell_word("slow:1"), "slow:1");
        assert_eq!(shell_word("a b"), "'a b'");
        assert_eq!(shell_word("it's"), "'it'\\''s'");
        assert_eq!(shell_word(""), "''");
        assert_eq!(shell_word("$(x)"), "'$(x)'");
    }
}
