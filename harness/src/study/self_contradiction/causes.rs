//! The causes the cases record ([`Known`]) as a table, `corpus/self_contradiction.causes.jsonl`,
//! which `urlcert corpus` writes beside the seeds and the harness compiles in
//! ([`COMPILED`]). The fuzz target starts from this table: working the causes out at
//! start-up means loading the whole case set and running every recorded case's check
//! again, which under ASan took longer than libFuzzer's timeout. A test keeps the table
//! equal to what the cases give.
//!
//! One JSON object a line, in key order: `{"document", "check", "shape", "case"}` (the
//! document id, the check's id, the cause's shape, the first case recording it).

use super::checks::Check;
use super::key::Key;
use super::known::Known;
use crate::Error;
use std::collections::BTreeMap;
use std::path::Path;
use urlcert_reference::Document;

/// The table's file name, in the corpus folder.
pub const FILE: &str = "self_contradiction.causes.jsonl";

/// The committed table, as built into the harness.
pub const COMPILED: &str = include_str!("../../../../corpus/self_contradiction.causes.jsonl");

#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Row {
    document: String,
    check: String,
    shape: String,
    case: String,
}

/// `known`'s causes as the table's text.
pub fn table(known: &Known) -> String {
    known
        .causes
        .iter()
        .map(|((doc, check, shape), case)| {
            let row = Row {
                document: doc.id().to_string(),
                check: check.id().to_string(),
                shape: shape.clone(),
                case: case.clone(),
            };
            serde_json::to_string(&row).expect("strings serialise") + "\n"
        })
        .collect()
}

/// The causes of a table's text; an error names `name` and the line.
pub fn read(name: &str, text: &str) -> Result<Known, Error> {
    let mut causes: BTreeMap<Key, String> = BTreeMap::new();
    for (n, line) in text.lines().enumerate() {
        let at = |m: String| format!("{name} line {}: {m}", n + 1);
        if line.trim().is_empty() {
            continue;
        }
        let row: Row = serde_json::from_str(line).map_err(|e| at(e.to_string()))?;
        let doc: Document = row.document.parse().map_err(at)?;
        let check = Check::ALL
            .into_iter()
            .find(|c| c.id() == row.check)
            .ok_or_else(|| at(format!("unknown check `{}`", row.check)))?;
        let key = (doc, check, row.shape);
        if causes.contains_key(&key) {
            return Err(Error::new(at(format!(
                "the cause `{}` is listed twice",
                key.2
            ))));
        }
        causes.insert(key, row.case);
    }
    Ok(Known {
        causes,
        stale: Vec::new(),
    })
}

/// Writes `known`'s table into `dir` unless it is there already; `true` when written.
pub fn write(dir: &Path, known: &Known) -> std::io::Result<bool> {
    let path = dir.join(FILE);
    let text = table(known);
    if std::fs::read_to_string(&path).is_ok_and(|t| t == text) {
        return Ok(false);
    }
    std::fs::create_dir_all(dir)?;
    std::fs::write(path, text)?;
    Ok(true)
}

/// The compiled-in table's causes.
pub fn compiled() -> Result<Known, Error> {
    read(&format!("corpus/{FILE} (built in)"), COMPILED)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_reads_back_as_written() {
        let mut known = Known::default();
        known.causes.insert(
            (
                Document::Rfc1808,
                Check::Closure,
                "net_loc: \"a\"\tb".into(),
            ),
            "c.1".into(),
        );
        known.causes.insert(
            (Document::Draft02, Check::GrammarSplit, "x".into()),
            "c.2".into(),
        );
        let text = table(&known);
        assert_eq!(text.lines().count(), 2);
        assert_eq!(read("t", &text).unwrap().causes, known.causes);
    }

    #[test]
    fn a_bad_line_is_named() {
        let good = r#"{"document":"rfc1808","check":"closure","shape":"s","case":"c"}"#;
        let cases = [
            ("{", "t line 2: "),
            (
                r#"{"document":"rfc9999","check":"closure","shape":"s","case":"c"}"#,
                "t line 2: unknown document `rfc9999`",
            ),
            (
                r#"{"document":"rfc1808","check":"nope","shape":"s","case":"c"}"#,
                "t line 2: unknown check `nope`",
            ),
            (good, "t line 2: the cause `s` is listed twice"),
        ];
        for (bad, want) in cases {
            let e = read("t", &format!("{good}\n{bad}\n")).unwrap_err();
            assert!(e.message().starts_with(want), "{e}");
        }
    }
}
