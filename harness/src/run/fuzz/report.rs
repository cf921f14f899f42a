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
use crate::report::text::md_code;
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
/// others by the command they ran (`--command`).
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
    format!(
        "urlcert fuzz{named}{commands} --doc {} --seed {} --iterations {}",
        c.doc, c.seed, c.execs
    )
}

/// `s` as one word of a POSIX shell: as it is when that is safe, else single-quoted.
fn shell_word(s: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_-./:@=,+%".contains(c);
    if !s.is_empty() && s.chars().all(plain) {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

fn bucket_title(b: &Bucket) -> String {
    if let Some(k) = &b.known {
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

/// `fuzz.md`.
pub fn markdown(c: &Campaign) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# urlcert fuzz: differential campaign\n");
    let _ = writeln!(
        s,
        "> **Differential, not certification.** Each adapter's answer is compared with \
         urlcert's reference under `{}`, not with the case files: a bucket is a place where \
         the two disagree, found by generated inputs. Which of them is wrong is for a person \
         to decide against the text of the document.\n",
        c.doc
    );
    let names: Vec<String> = c
        .adapters
        .iter()
        .map(|a| {
            format!(
                "{} ({}, model {})",
                md_code(&a.name),
                md_code(&a.version),
                model_id(a.model)
            )
        })
        .collect();
    let rows: Vec<(&str, String)> = vec![
        ("seed", format!("`{}`", c.seed)),
        ("rerun", md_code(&rerun(c))),
        ("document", format!("`{}`", c.doc)),
        ("adapters", names.join(", ")),
        ("started", c.started.clone()),
        ("duration", duration_text(c)),
        (
            "executions",
            format!("{} ({:.0} exec/s)", c.execs, c.exec_per_sec()),
        ),
        ("minimisation answers", c.minimise_evals.to_string()),
        (
            "generation",
            if c.grammar {
                "the document's grammar (oracle generator), the cases, mutations".into()
            } else {
                "the cases and mutations (no grammar for this document)".to_string()
            },
        ),
        (
            "discrepancies",
            format!(
                "{} in {} distinct buckets ({} new, {} known causes){}",
                c.discrepancies,
                c.buckets.len(),
                c.buckets.iter().filter(|b| b.known.is_none()).count(),
                c.buckets.iter().filter(|b| b.known.is_some()).count(),
                if c.overflow > 0 {
                    format!(" ({} past the bucket cap, not bucketed)", c.overflow)
                } else {
                    String::new()
                }
            ),
        ),
    ];
    s.push_str(&md_head_left(&["", ""]));
    for (k, v) in rows {
        s.push_str(&md_row(&[k, v.as_str()]));
    }
    let _ = writeln!(s, "\n## Buckets\n");
    if c.buckets.is_empty() {
        let _ = writeln!(s, "No discrepancy: every answer agreed with the reference.");
        return s;
    }
    let (fresh, known): (Vec<Row>, Vec<Row>) = c
        .buckets
        .iter()
        .enumerate()
        .partition(|(_, b)| b.known.is_none());
    let _ = writeln!(
        s,
        "Each discrepancy is first put to the project's named causes (the classifiers of \
         `harness/src/judge/known.rs`, each citing the case in `cases/` that shows what the \
         document says): one named cause is one bucket, whatever the inputs look like. Only \
         what no named cause explains is bucketed by (adapter, operation, class, first \
         differing component, shape: the delimiters its minimal input contains). Every \
         example was minimised by delta debugging while it stayed the same discrepancy.\n"
    );
    let _ = writeln!(
        s,
        "### New: {} bucket{} no named cause explains\n",
        fresh.len(),
        if fresh.len() == 1 { "" } else { "s" }
    );
    if fresh.is_empty() {
        let _ = writeln!(s, "None: every discrepancy is a known cause.\n");
    } else {
        let _ = writeln!(s, "Most frequent first.\n");
        bucket_table(&mut s, &fresh);
    }
    let _ = writeln!(
        s,
        "### Known causes: {} named cause{}\n",
        known.len(),
        if known.len() == 1 { "" } else { "s" }
    );
    if known.is_empty() {
        let _ = writeln!(s, "None.\n");
    } else {
        let _ = writeln!(
            s,
            "Divergences the project already names, with how many inputs showed each, one \
             minimal witness, and the case it cites.\n"
        );
        bucket_table(&mut s, &known);
    }
    for (i, b) in fresh.iter().chain(&known) {
        let _ = writeln!(
            s,
            "\n#### {}. {} ({} inputs)\n",
            i + 1,
            md_code(&bucket_title(b)),
            b.count
        );
        let _ = writeln!(s, "- bucket: `{}`", b.hash);
        if let Some(k) = &b.known {
            let _ = writeln!(
                s,
                "- named cause: {}, shown by the case {}",
                md_code(&k.name),
                md_code(&k.case)
            );
        }
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
            "- first found at execution {}; {} answers asked to minimise it",
            b.first_exec, b.minimise_evals
        );
    }
    s
}

/// A bucket and its place in the report.
type Row<'a> = (usize, &'a Bucket);

fn bucket_table(s: &mut String, rows: &[Row]) {
    s.push_str(&md_head_left(&["#", "count", "bucket", "minimal input"]));
    for (i, b) in rows {
        s.push_str(&md_row(&[
            (i + 1).to_string(),
            b.count.to_string(),
            md_code(&bucket_title(b)),
            md_code(&escape(&b.request.input)),
        ]));
    }
    s.push('\n');
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
    bucket_object(c.doc, c.seed, b, bound)
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

/// A bucket's example replaced by a smaller one: an `example` line of the journal.
pub(super) fn example_object(b: &Bucket) -> Json {
    let mut o = serde_json::Map::new();
    o.insert("type".into(), json!("example"));
    o.insert("bucket".into(), json!(b.hash));
    o.insert("index".into(), json!(b.index));
    request_fields(&mut o, b);
    o.insert("original_len".into(), json!(b.original_len));
    o.insert("expected".into(), json!(b.expected));
    o.insert("actual".into(), json!(b.actual));
    Json::Object(o)
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
