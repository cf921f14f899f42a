//! A campaign's report: `fuzz.md` and `fuzz.jsonl` (one object per bucket), and with
//! `--emit-cases` candidate case files for a person to triage.
//!
//! Whatever an input or an adapter says is data: inputs are shown as escaped literals
//! (bytes that are not printable ASCII as `\xNN`), and every value goes through
//! [`crate::text::md_code`], so no input can break the Markdown.

use super::{Bucket, Campaign, Limit, RefAnswer};
use crate::adapter::{Model, Operation};
use crate::report::{bound, file_safe};
use crate::text::md_code;
use serde_json::{json, Value as Json};
use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use urlcert_reference::Value;

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
    }
}

fn limit_text(l: Limit) -> String {
    match l {
        Limit::Iterations(n) => format!("--iterations {n}"),
        Limit::Time(d) => format!("--time {}s", d.as_secs()),
    }
}

/// The command that runs the same campaign again.
pub fn rerun(c: &Campaign) -> String {
    let names: Vec<&str> = c.adapters.iter().map(|a| a.name.as_str()).collect();
    format!(
        "urlcert fuzz --adapter {} --doc {} --seed {} --iterations {}",
        names.join(","),
        c.doc,
        c.seed,
        c.execs
    )
}

fn bucket_title(b: &Bucket) -> String {
    let mut t = format!("{} {} {}", b.kind.adapter, b.kind.op, b.kind.class);
    if let Some(c) = &b.kind.component {
        let _ = write!(t, " `{c}`");
    }
    let _ = write!(t, ", shape {}", b.shape);
    t
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
        (
            "duration",
            format!(
                "{:.1} s ({}; stopped by {})",
                c.duration.as_secs_f64(),
                limit_text(c.limit),
                c.stop.id()
            ),
        ),
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
                "{} in {} distinct buckets{}",
                c.discrepancies,
                c.buckets.len(),
                if c.overflow > 0 {
                    format!(" ({} past the bucket cap, not bucketed)", c.overflow)
                } else {
                    String::new()
                }
            ),
        ),
    ];
    let _ = writeln!(s, "| | |\n|---|---|");
    for (k, v) in rows {
        let _ = writeln!(s, "| {k} | {v} |");
    }
    let _ = writeln!(s, "\n## Buckets\n");
    if c.buckets.is_empty() {
        let _ = writeln!(s, "No discrepancy: every answer agreed with the reference.");
        return s;
    }
    let _ = writeln!(
        s,
        "Most frequent first. A bucket is (adapter, operation, class, first differing \
         component, shape: the delimiters its minimal input contains); its example was \
         minimised by delta debugging while the class and component stayed the same.\n"
    );
    let _ = writeln!(
        s,
        "| # | count | bucket | minimal input |\n|---|---|---|---|"
    );
    for (i, b) in c.buckets.iter().enumerate() {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} |",
            i + 1,
            b.count,
            md_code(&bucket_title(b)),
            md_code(&escape(&b.request.input))
        );
    }
    for (i, b) in c.buckets.iter().enumerate() {
        let _ = writeln!(
            s,
            "\n### {}. {} ({} inputs)\n",
            i + 1,
            md_code(&bucket_title(b)),
            b.count
        );
        let _ = writeln!(s, "- bucket: `{}`", b.hash);
        let _ = writeln!(
            s,
            "- minimal {}: {} ({} bytes, from {})",
            if b.request.op == Operation::Resolve {
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

fn text_and_hex(o: &mut serde_json::Map<String, Json>, key: &str, bytes: &[u8]) {
    o.insert(key.into(), json!(String::from_utf8_lossy(bytes)));
    if std::str::from_utf8(bytes).is_err() {
        let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        o.insert(format!("{key}_hex"), json!(hex));
    }
}

/// One bucket as a JSON object.
pub fn bucket_json(c: &Campaign, b: &Bucket) -> Json {
    let mut o = serde_json::Map::new();
    o.insert("bucket".into(), json!(b.hash));
    o.insert("key".into(), json!(b.key()));
    o.insert("doc".into(), json!(c.doc.to_string()));
    o.insert("seed".into(), json!(c.seed));
    o.insert("adapter".into(), json!(b.kind.adapter));
    o.insert("op".into(), json!(b.kind.op));
    o.insert("class".into(), json!(b.kind.class));
    o.insert("component".into(), json!(b.kind.component));
    o.insert("shape".into(), json!(b.shape));
    o.insert("count".into(), json!(b.count));
    text_and_hex(&mut o, "input", &b.request.input);
    match &b.request.base {
        Some(base) => text_and_hex(&mut o, "base", base),
        None => {
            o.insert("base".into(), Json::Null);
        }
    }
    o.insert("original_len".into(), json!(b.original_len));
    o.insert("expected".into(), json!(bound(&b.expected)));
    o.insert("actual".into(), json!(bound(&b.actual)));
    o.insert("first_exec".into(), json!(b.first_exec));
    o.insert("minimise_evals".into(), json!(b.minimise_evals));
    Json::Object(o)
}

/// `fuzz.jsonl`: one bucket per line, in the order of `fuzz.md`.
pub fn jsonl(c: &Campaign) -> String {
    c.buckets
        .iter()
        .map(|b| format!("{}\n", bucket_json(c, b)))
        .collect()
}

/// Writes `path` by way of a temporary sibling renamed into place.
fn write_file(path: &Path, text: &str) -> io::Result<()> {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
    let tmp = path.with_file_name(format!(
        ".{}.tmp-{}",
        name.unwrap_or_default(),
        std::process::id()
    ));
    let mut f = std::fs::File::create(&tmp)?;
    f.write_all(text.as_bytes())?;
    f.sync_all()?;
    drop(f);
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}

/// Writes `fuzz.md` and `fuzz.jsonl` into `dir` (made if need be), each atomically.
pub fn write(c: &Campaign, dir: &Path) -> io::Result<()> {
    std::fs::create_dir_all(dir)?;
    write_file(&dir.join("fuzz.jsonl"), &jsonl(c))?;
    write_file(&dir.join("fuzz.md"), &markdown(c))
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
    crate::text::visible(&bound(s)).replace('\n', " ")
}

/// One candidate case, or why the bucket cannot be one.
fn candidate(c: &Campaign, b: &Bucket) -> Result<String, String> {
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
    match &b.reference {
        RefAnswer::Parse {
            verdict,
            rule,
            components,
        } => {
            let _ = writeln!(s, "      verdict: {verdict}");
            match rule {
                Some(r) => {
                    let _ = writeln!(s, "      rule: {r}");
                }
                None => {
                    let _ = writeln!(s, "      rule: null");
                }
            }
            if !components.is_empty() {
                let _ = writeln!(s, "      components:");
                for (name, v) in components {
                    let v = match v {
                        None => "null".to_string(),
                        Some(Value::Str(x)) => yaml_str(x),
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
        RefAnswer::Resolve { result, verdict } => match (result, verdict) {
            (Some(r), _) => {
                let _ = writeln!(s, "      result: {}", yaml_str(&utf8("result", r)?));
            }
            (None, v) => {
                let _ = writeln!(s, "      verdict: {}", v.as_deref().unwrap_or("invalid"));
            }
        },
        RefAnswer::Panic { .. } => {
            return Err("the reference panicked: that is a bug in urlcert, not a case".into())
        }
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
                        one_line(&why)
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
