//! `urlcert export`: the whole case set as one JSON document, for parsers written in any
//! language (as WPT's `urltestdata.json` is for the WHATWG URL Standard).
//!
//! The shape is documented by `cases/export.schema.json` (JSON Schema, draft 2020-12)
//! and in the README (*Exported cases*); the committed copy is `cases/urlcert-cases.json`. Each case
//! is the case file's case as loaded (`cases/README.md`): its fields in the schema's
//! order, optional ones left out when absent, `base` always there (`null` when the case
//! has none), plus `location`, the case file below the case folder and the line of its
//! `id`.

use crate::case::{self, DocKey, LoadedCase, Operation, Suite};
use crate::run::certify::DocFilter;
use serde_json::{json, Map, Value};
use std::path::Path;

/// Which cases and expectations an export holds.
#[derive(Clone, Copy, Debug, Default)]
pub struct Selection {
    pub doc: Option<DocFilter>,
    pub op: Option<Operation>,
}

impl Selection {
    /// The case as exported under this selection: `None` when it is left out (another
    /// op, or no expectation of the document).
    fn case(&self, lc: &LoadedCase) -> Option<case::Case> {
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
                case::relative_name(&suite.root, &lc.file),
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

/// What `urlcert --version` prints after the name: the crate version and the case set
/// in `dir` (its [`case::digest`], first 12 hex digits, and how many cases it holds).
pub fn long_version(dir: &Path) -> String {
    let version = env!("CARGO_PKG_VERSION");
    match case::load_dir(dir) {
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
