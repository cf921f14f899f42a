//! The URL Standard's case files, read as plain YAML (only their inputs, bases, tags and
//! comments are needed, so a search runs without loading the whole suite): their inputs
//! and bases as seeds, and the classes the ones tagged [`super::TAG`] record.

use super::{check, BaseUrl, Sides, DOCUMENT, TAG};
use std::collections::BTreeMap;
use std::path::Path;

/// The `input` and `base` of every case in the URL Standard's files
/// (`<cases>/url-standard/*.yaml`), each once, in file and case order.
pub fn case_seeds(cases: &Path) -> Result<Vec<String>, String> {
    let mut out: Vec<String> = Vec::new();
    for case in url_standard_cases(cases)? {
        for s in [Some(case.input), case.base].into_iter().flatten() {
            if !out.contains(&s) {
                out.push(s);
            }
        }
    }
    Ok(out)
}

/// A URL Standard case, as far as this check reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UrlStandardCase {
    pub id: String,
    pub input: String,
    pub base: Option<String>,
    pub tags: Vec<String>,
    pub comment: Option<String>,
}

/// Every case of the URL Standard's files below `cases` (not those whose name starts
/// with "_", which the loader skips too), in file and case order.
pub fn url_standard_cases(cases: &Path) -> Result<Vec<UrlStandardCase>, String> {
    let dir = cases.join(DOCUMENT.id());
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Ok(Vec::new());
    };
    let mut files: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name().is_some_and(|n| {
                let n = n.to_string_lossy();
                !n.starts_with('_') && n.ends_with(".yaml")
            })
        })
        .collect();
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).map_err(|e| format!("{}: {e}", f.display()))?;
        let doc: serde_yaml::Value =
            serde_yaml::from_str(&text).map_err(|e| format!("{}: {e}", f.display()))?;
        let text_of = |v: &serde_yaml::Value| v.as_str().map(String::from);
        for case in doc["cases"].as_sequence().into_iter().flatten() {
            out.push(UrlStandardCase {
                id: text_of(&case["id"]).unwrap_or_default(),
                input: text_of(&case["input"]).unwrap_or_default(),
                base: text_of(&case["base"]),
                tags: case["tags"]
                    .as_sequence()
                    .into_iter()
                    .flatten()
                    .filter_map(text_of)
                    .collect(),
                comment: text_of(&case["comment"]),
            });
        }
    }
    Ok(out)
}

/// The cases tagged [`TAG`] from the loaded cases.
pub fn tagged_loaded(cases: &[crate::case::LoadedCase]) -> Vec<UrlStandardCase> {
    cases
        .iter()
        .filter(|lc| lc.case.tags.iter().any(|t| t == TAG))
        .map(|lc| UrlStandardCase {
            id: lc.case.id.clone(),
            input: lc.case.input.clone(),
            base: lc.case.base.clone(),
            tags: lc.case.tags.clone(),
            // Why the two sides part: the expectation's `contradiction`, or the comment.
            comment: lc
                .case
                .expect
                .iter()
                .find(|(k, _)| k.0.doc == DOCUMENT)
                .and_then(|(_, e)| e.contradiction.clone())
                .or_else(|| lc.case.comment.clone()),
        })
        .collect()
}

/// The classes the cases record: each case tagged [`TAG`], checked again against its
/// base, by cause; and the recorded cases the check no longer finds (a mistake).
#[derive(Clone, Debug, Default)]
pub struct Known {
    /// Cause key to (case id, the case's comment).
    pub causes: BTreeMap<String, (String, String)>,
    /// The recorded cases on which the two sides no longer part, or whose base does
    /// not parse.
    pub stale: Vec<String>,
}

impl Known {
    pub fn from_cases(cases: &[UrlStandardCase], sides: &Sides) -> Known {
        let mut known = Known::default();
        for c in cases.iter().filter(|c| c.tags.iter().any(|t| t == TAG)) {
            let base = match c.base.as_deref().map(BaseUrl::parse) {
                Some(None) => {
                    known.stale.push(c.id.clone());
                    continue;
                }
                Some(Some(b)) => Some(b),
                None => None,
            };
            match check(sides, &c.input, base.as_ref()) {
                Some(d) => {
                    known
                        .causes
                        .entry(d.cause)
                        .or_insert((c.id.clone(), c.comment.clone().unwrap_or_default()));
                }
                None => known.stale.push(c.id.clone()),
            }
        }
        known
    }
}
