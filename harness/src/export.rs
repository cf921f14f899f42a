//! `urlcert export`: the whole case set as one JSON document, for parsers written in any
//! language (as WPT's `urltestdata.json` is for the WHATWG URL Standard).
//!
//! The shape is documented by `cases/export.schema.json` (JSON Schema, draft 2020-12)
//! and in the README (*Exported cases*); the committed copy is `cases/urlcert-cases.json`. Each case
//! is the case file's case as loaded (`cases/README.md`): its fields in the schema's
//! order, optional ones left out when absent, `base` always there (`null` when the case
//! has none), plus `location`, the case file below the case folder and the line of its
//! `id`.

use crate::cases::{self, DocKey, LoadedCase, Op, Suite};
use crate::certify::DocFilter;
use serde_json::{json, Map, Value};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `urlcert export`.
#[derive(Debug, clap::Args)]
pub struct ExportArgs {
    /// Write the export to FILE instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Only this document's expectations, and only the cases that have one: DOC (every
    /// reading) or DOC@READING.
    #[arg(long, value_name = "DOC")]
    pub doc: Option<DocFilter>,
    /// Only the cases of this operation.
    #[arg(long, value_enum)]
    pub op: Option<Op>,
    /// The folder of case files (default: cases/).
    #[arg(long, value_name = "DIR")]
    pub cases: Option<PathBuf>,
}

/// Which cases and expectations an export holds.
#[derive(Clone, Copy, Debug, Default)]
pub struct Selection {
    pub doc: Option<DocFilter>,
    pub op: Option<Op>,
}

impl Selection {
    /// The case as exported under this selection: `None` when it is left out (another
    /// op, or no expectation of the document).
    fn case(&self, lc: &LoadedCase) -> Option<cases::Case> {
        if self.op.is_some_and(|op| op != lc.case.op) {
            return None;
        }
        let mut case = lc.case.clone();
        if let Some(doc) = self.doc {
            case.expect.retain(|DocKey(d), _| doc.matches(*d));
            if case.expect.is_empty() {
                return None;
            }
        }
        Some(case)
    }
}

/// The export of `suite` under `sel`, as a JSON value (see the module doc).
pub fn export(suite: &Suite, sel: Selection) -> std::io::Result<Value> {
    let mut out = Vec::new();
    for lc in &suite.cases {
        let Some(case) = sel.case(lc) else { continue };
        let Value::Object(mut obj) = serde_json::to_value(&case).map_err(std::io::Error::other)?
        else {
            unreachable!("a case serialises as an object")
        };
        obj.insert(
            "location".into(),
            Value::String(format!(
                "{}:{}",
                cases::relative_name(&suite.root, &lc.file),
                lc.line
            )),
        );
        out.push(Value::Object(obj));
    }
    let mut top = Map::new();
    top.insert("urlcert_version".into(), json!(env!("CARGO_PKG_VERSION")));
    top.insert("cases_sha256".into(), json!(suite.digest()?));
    top.insert(
        "selection".into(),
        json!({
            "doc": sel.doc.map(|d| d.to_string()),
            "op": sel.op.map(|o| o.to_string()),
        }),
    );
    top.insert("cases".into(), Value::Array(out));
    Ok(Value::Object(top))
}

/// The export as written: pretty-printed with two-space indents, a final newline.
pub fn render(suite: &Suite, sel: Selection) -> std::io::Result<String> {
    let value = export(suite, sel)?;
    let mut text = serde_json::to_string_pretty(&value).map_err(std::io::Error::other)?;
    text.push('\n');
    Ok(text)
}

/// `urlcert export`. Exit status: 0 when written, 2 when the cases cannot be loaded or
/// the file cannot be written.
pub fn main(args: ExportArgs) -> ExitCode {
    let dir = args.cases.unwrap_or_else(cases::default_dir);
    let suite = match cases::load_dir(&dir) {
        Ok(s) => s,
        Err(errors) => {
            for e in &errors {
                eprintln!("{e}");
            }
            eprintln!(
                "urlcert export: {} problem(s) in the case files",
                errors.len()
            );
            return ExitCode::from(2);
        }
    };
    let sel = Selection {
        doc: args.doc,
        op: args.op,
    };
    let text = match render(&suite, sel) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("urlcert export: cannot read the case files: {e}");
            return ExitCode::from(2);
        }
    };
    let written = match &args.out {
        Some(path) => std::fs::write(path, &text).map_err(|e| (path.display().to_string(), e)),
        None => {
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
                // A reader that has gone away (`urlcert export | head`) is not an error.
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
                r => r.map_err(|e| ("standard output".to_string(), e)),
            }
        }
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err((to, e)) => {
            eprintln!("urlcert export: cannot write {to}: {e}");
            ExitCode::from(2)
        }
    }
}

/// What `urlcert --version` prints after the name: the crate version and the case set
/// in `dir` (its [`cases::digest`], first 12 hex digits, and how many cases it holds).
pub fn long_version(dir: &Path) -> String {
    let version = env!("CARGO_PKG_VERSION");
    match cases::load_dir(dir) {
        Ok(suite) => match suite.digest() {
            Ok(sha) => format!(
                "{version} (cases sha256 {}, {} cases)",
                &sha[..12],
                suite.cases.len()
            ),
            Err(e) => format!("{version} (cases in {}: cannot read: {e})", dir.display()),
        },
        Err(errors) => format!(
            "{version} (cases in {}: {} problem(s), see `urlcert check`)",
            dir.display(),
            errors.len()
        ),
    }
}
