//! `urlcert base` and `urlcert links`: a real document (an HTML file, a MIME message)
//! read into entities ([`crate::document`]), its base established and its references
//! resolved by the reference, under one document or all of them side by side.

use crate::document::{self, Format};
use crate::text::visible;
use serde::Serialize;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use urlcert_reference::base::{
    self, Context, EntityBase, Established, Link, LinkFailure, NotDefined,
};
use urlcert_reference::{DocReading, Document};

/// The largest document file read, in bytes (64 MiB).
pub const MAX_DOCUMENT_BYTES: u64 = 64 * 1024 * 1024;

/// The options `base` and `links` share.
#[derive(clap::Args, Debug)]
pub struct DocumentArgs {
    /// Document id (optionally DOC@READING), or `all` for every document that
    /// resolves, side by side.
    #[arg(long, default_value = "draft-1996")]
    pub doc: DocChoice,
    /// The URL the document was retrieved by; repeat it for a redirect chain, in
    /// order: the last one counts (RFC 1808 Section 3.3).
    #[arg(long = "retrieved-from", value_name = "URL")]
    pub retrieved_from: Vec<std::ffi::OsString>,
    /// RFC 2396 and RFC 3986 only: the application's default base (Section 5.1.4);
    /// without it their default base is undefined.
    #[arg(long, value_name = "URL")]
    pub application_default: Option<std::ffi::OsString>,
    /// How to read the file: `auto` (a MIME message when it starts with a header field,
    /// otherwise a document with no header), `mime` or `html`.
    #[arg(long, value_enum, default_value = "auto")]
    pub format: Format,
    /// JSON, one object per line.
    #[arg(long)]
    pub json: bool,
    /// The file; standard input when not given or `-`.
    pub file: Option<PathBuf>,
}

/// `--doc`: one document, or all.
#[derive(Clone, Debug)]
pub enum DocChoice {
    One(DocReading),
    All,
}

impl std::str::FromStr for DocChoice {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        if s == "all" {
            return Ok(DocChoice::All);
        }
        s.parse::<DocReading>()
            .map(DocChoice::One)
            .map_err(|e| e.to_string())
    }
}

impl DocChoice {
    fn docs(&self) -> Vec<DocReading> {
        match self {
            DocChoice::One(d) => vec![*d],
            DocChoice::All => Document::ALL.iter().map(|&d| d.into()).collect(),
        }
    }
}

/// What a document gives: its entities' bases and links, or why it has none.
pub type Answer = Result<Established, NotDefined>;

struct Loaded {
    root: base::Entity,
    cx: Context,
    name: String,
}

fn load(args: &DocumentArgs, command: &str) -> Result<Loaded, ExitCode> {
    let (bytes, name) = match &args.file {
        Some(path) if path.as_os_str() != "-" => {
            match crate::user_file::read(path, MAX_DOCUMENT_BYTES) {
                Ok(b) => (b, path.display().to_string()),
                Err(e) => {
                    eprintln!(
                        "urlcert {command}: {}: {e}",
                        visible(&path.display().to_string())
                    );
                    return Err(ExitCode::from(2));
                }
            }
        }
        _ => {
            let mut b = Vec::new();
            if let Err(e) = std::io::stdin().lock().read_to_end(&mut b) {
                eprintln!("urlcert {command}: cannot read standard input: {e}");
                return Err(ExitCode::from(2));
            }
            (b, "standard input".to_string())
        }
    };
    let root = match document::read(&bytes, args.format) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("urlcert {command}: {}: {e}", visible(&name));
            return Err(ExitCode::from(2));
        }
    };
    let cx = Context {
        retrieved_from: args.retrieved_from.iter().map(|u| os_bytes(u)).collect(),
        application_default: args.application_default.as_deref().map(os_bytes),
    };
    Ok(Loaded { root, cx, name })
}

fn os_bytes(s: &std::ffi::OsStr) -> Vec<u8> {
    use std::os::unix::ffi::OsStrExt;
    s.as_bytes().to_vec()
}

fn lossy(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// `urlcert links`.
pub fn main_links(args: DocumentArgs) -> ExitCode {
    let l = match load(&args, "links") {
        Ok(l) => l,
        Err(code) => return code,
    };
    let mut out = std::io::stdout().lock();
    let mut any_unresolved = false;
    let written = if let (DocChoice::All, false) = (&args.doc, args.json) {
        side_by_side(&mut out, &l.name, &l.root, &l.cx, &args.doc.docs())
            .map(|unresolved| any_unresolved = unresolved)
    } else {
        // One document at a time, written and dropped before the next.
        args.doc.docs().iter().try_for_each(|&doc| {
            let a = base::establish(doc, &l.root, &l.cx);
            any_unresolved |= !all_resolved(&a);
            match args.json {
                true => links_json(&mut out, doc, &a),
                false => out.write_all(links_human(doc, &a).as_bytes()),
            }
        })
    };
    finish(written, any_unresolved)
}

/// `urlcert base`.
pub fn main_base(args: DocumentArgs) -> ExitCode {
    let l = match load(&args, "base") {
        Ok(l) => l,
        Err(code) => return code,
    };
    let mut out = std::io::stdout().lock();
    let mut any_unresolved = false;
    let written = args.doc.docs().iter().try_for_each(|&doc| {
        // One establishment: the exit status speaks of its links, the output of its
        // bases.
        let a = base::establish(doc, &l.root, &l.cx);
        any_unresolved |= !all_resolved(&a);
        match args.json {
            true => base_json(&mut out, doc, &a),
            false => out.write_all(base_human(doc, &a).as_bytes()),
        }
    });
    finish(written, any_unresolved)
}

/// Exit status as `resolve`: 1 when some reference has no absolute form under some
/// document (or the document defines none); a closed pipe is not an error.
fn finish(written: std::io::Result<()>, any_unresolved: bool) -> ExitCode {
    match written {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            eprintln!("urlcert: cannot write: {e}");
            ExitCode::from(2)
        }
        _ => ExitCode::from(u8::from(any_unresolved)),
    }
}

fn all_resolved(a: &Answer) -> bool {
    match a {
        Ok(found) => found.links().all(|(_, l)| l.result.is_ok()),
        Err(_) => false,
    }
}

/// One link as JSON: what `--json` prints, and what cases and adapters compare.
#[derive(Serialize)]
pub struct LinkLine<'a> {
    pub doc: String,
    pub part: &'a str,
    pub line: usize,
    pub element: &'a str,
    pub attribute: &'a str,
    /// The reference; bytes that are not UTF-8 are replaced here and kept, in hex, in
    /// `href_hex` (and the same for `base` and `result`), as `resolve --json` does.
    pub href: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub href_hex: Option<String>,
    pub base: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub base_hex: Option<String>,
    pub source: &'static str,
    pub result: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result_hex: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl<'a> LinkLine<'a> {
    pub fn new(doc: DocReading, entity: &'a EntityBase, l: &'a Link) -> LinkLine<'a> {
        use crate::output::text_and_hex;
        let (href, href_hex) = text_and_hex(&l.reference.href);
        let (base, base_hex) = match entity.base.value.as_deref().map(text_and_hex) {
            Some((t, h)) => (Some(t.into_owned()), h),
            None => (None, None),
        };
        let (result, result_hex) = match l.result.as_ref().ok().map(|r| text_and_hex(&r.result)) {
            Some((t, h)) => (Some(t.into_owned()), h),
            None => (None, None),
        };
        LinkLine {
            doc: doc.to_string(),
            part: &entity.part,
            line: l.reference.line,
            element: &l.reference.element,
            attribute: &l.reference.attribute,
            href: href.into_owned(),
            href_hex,
            base,
            base_hex,
            source: entity.base.source.id(),
            result,
            result_hex,
            error: l.result.as_ref().err().map(LinkFailure::to_string),
        }
    }
}

#[derive(Serialize)]
struct NotDefinedLine {
    doc: String,
    verdict: &'static str,
    why: String,
}

fn not_defined_json(out: &mut dyn Write, doc: DocReading, n: &NotDefined) -> std::io::Result<()> {
    let line = NotDefinedLine {
        doc: doc.to_string(),
        verdict: "not-defined",
        why: n.to_string(),
    };
    serde_json::to_writer(&mut *out, &line)?;
    out.write_all(b"\n")
}

fn links_json(out: &mut dyn Write, doc: DocReading, a: &Answer) -> std::io::Result<()> {
    match a {
        Ok(found) => found.links().try_for_each(|(entity, l)| {
            serde_json::to_writer(&mut *out, &LinkLine::new(doc, entity, l))?;
            out.write_all(b"\n")
        }),
        Err(n) => not_defined_json(out, doc, n),
    }
}

/// `result` or `(why)`.
fn shown_result(l: &Link) -> String {
    match &l.result {
        Ok(r) => visible(&lossy(&r.result)),
        Err(e) => format!("({})", short_failure(e)),
    }
}

fn short_failure(e: &LinkFailure) -> &'static str {
    match e {
        LinkFailure::Unresolvable(urlcert_reference::Unresolvable::NotDefined { .. }) => {
            "not defined"
        }
        LinkFailure::Unresolvable(urlcert_reference::Unresolvable::BaseNotAbsolute { .. }) => {
            "base not absolute"
        }
        LinkFailure::NoBase { .. } => "no base",
    }
}

fn part_name(part: &str) -> String {
    if part.is_empty() {
        "top".into()
    } else {
        format!("part {part}")
    }
}

fn links_human(doc: DocReading, a: &Answer) -> String {
    let found = match a {
        Ok(f) => f,
        Err(n) => return format!("{doc}: {n}\n"),
    };
    let mut s = String::new();
    for e in &found.entities {
        if e.links.is_empty() {
            continue;
        }
        s.push_str(&format!(
            "{doc} {}: base {} ({}: {})\n",
            part_name(&e.part),
            shown_base(&e.base.value),
            e.base.source,
            e.base.how
        ));
        for l in &e.links {
            s.push_str(&format!(
                "  line {:>4}  {} {}={}  ->  {}\n",
                l.reference.line,
                visible(&l.reference.element),
                l.reference.attribute,
                visible(&lossy(&l.reference.href)),
                shown_result(l)
            ));
            if let Err(e) = &l.result {
                s.push_str(&format!("             {}\n", visible(&e.to_string())));
            }
        }
    }
    if s.is_empty() {
        s = format!("{doc}: no references\n");
    }
    s
}

fn shown_base(v: &Option<Vec<u8>>) -> String {
    match v {
        Some(v) => format!("\"{}\"", visible(&lossy(v))),
        None => "undefined".into(),
    }
}

/// Every reference, one row each, with each document's absolute form in a column; "*"
/// marks a document whose answer differs from the one before it. Written as it goes:
/// each document's bases are kept, each link is resolved when its row is written.
fn side_by_side(
    out: &mut dyn Write,
    name: &str,
    root: &base::Entity,
    cx: &Context,
    docs: &[DocReading],
) -> std::io::Result<bool> {
    writeln!(
        out,
        "{}: every reference under every document, oldest first",
        visible(name)
    )?;
    let bases: Vec<(DocReading, Option<Established>)> = docs
        .iter()
        .map(|&d| (d, base::bases(d, root, cx).ok()))
        .collect();
    let mut any_unresolved = bases.iter().any(|(_, b)| b.is_none());
    for (i, entity) in base::in_order(root).into_iter().enumerate() {
        for r in &entity.references {
            let part = bases
                .iter()
                .find_map(|(_, b)| Some(b.as_ref()?.entities[i].part.as_str()));
            writeln!(
                out,
                "\n{} line {}: {} {}={}",
                part_name(part.unwrap_or_default()),
                r.line,
                visible(&r.element),
                r.attribute,
                visible(&lossy(&r.href))
            )?;
            let mut before: Option<String> = None;
            for (doc, established) in &bases {
                let (value, shown) = match established {
                    Some(found) => {
                        let e = &found.entities[i];
                        let l = base::link(*doc, &e.base, r);
                        any_unresolved |= l.result.is_err();
                        (
                            shown_result(&l),
                            format!("base {} from {}", shown_base(&e.base.value), e.base.source),
                        )
                    }
                    None => ("(not defined)".into(), String::new()),
                };
                let changed = before.as_ref().is_some_and(|b| *b != value);
                let mark = if changed { "*" } else { " " };
                let row = format!("  {mark}{:<12} {value:<40} {shown}", doc.to_string());
                writeln!(out, "{}", row.trim_end())?;
                before = Some(value);
            }
        }
    }
    Ok(any_unresolved)
}

#[derive(Serialize)]
struct StepLine<'a> {
    section: &'static str,
    source: &'static str,
    said: &'a str,
    taken: bool,
}

#[derive(Serialize)]
struct NoteLine<'a> {
    id: &'static str,
    line: usize,
    message: &'a str,
}

#[derive(Serialize)]
struct BaseLine<'a> {
    doc: String,
    part: &'a str,
    media_type: Option<&'a str>,
    line: usize,
    base: Option<String>,
    source: &'static str,
    how: &'a str,
    section: &'static str,
    steps: Vec<StepLine<'a>>,
    notes: Vec<NoteLine<'a>>,
}

fn base_json(out: &mut dyn Write, doc: DocReading, a: &Answer) -> std::io::Result<()> {
    let found = match a {
        Ok(f) => f,
        Err(n) => return not_defined_json(out, doc, n),
    };
    for e in &found.entities {
        let line = BaseLine {
            doc: doc.to_string(),
            part: &e.part,
            media_type: e.media_type.as_deref(),
            line: e.line,
            base: e.base.value.as_deref().map(lossy),
            source: e.base.source.id(),
            how: &e.base.how,
            section: e.base.section,
            steps: e
                .steps
                .iter()
                .map(|s| StepLine {
                    section: s.section,
                    source: s.source.id(),
                    said: &s.said,
                    taken: s.taken,
                })
                .collect(),
            notes: e
                .notes
                .iter()
                .map(|n| NoteLine {
                    id: n.id,
                    line: n.line,
                    message: &n.message,
                })
                .collect(),
        };
        serde_json::to_writer(&mut *out, &line)?;
        out.write_all(b"\n")?;
    }
    Ok(())
}

fn base_human(doc: DocReading, a: &Answer) -> String {
    let found = match a {
        Ok(f) => f,
        Err(n) => return format!("{doc}: {n}\n"),
    };
    let mut s = String::new();
    for e in &found.entities {
        s.push_str(&format!(
            "{doc} {} ({}, line {}): base {}\n  from {} (Section {}): {}\n",
            part_name(&e.part),
            e.media_type.as_deref().unwrap_or("no media type"),
            e.line,
            shown_base(&e.base.value),
            e.base.source,
            e.base.section,
            visible(&e.base.how)
        ));
        for step in &e.steps {
            s.push_str(&format!(
                "    {:<13} {:<20} {} {}\n",
                step.section,
                step.source.id(),
                if step.taken { "=>" } else { "  " },
                visible(&step.said)
            ));
        }
        for n in &e.notes {
            s.push_str(&format!(
                "    note {} (line {}): {}\n",
                n.id,
                n.line,
                visible(&n.message)
            ));
        }
    }
    s
}
