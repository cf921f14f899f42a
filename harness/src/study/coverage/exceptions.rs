//! The reviewed exceptions to coverage: `cases/_coverage-exceptions.yaml` (the leading
//! `_` keeps the case loader from reading it as a case file). Each entry names a
//! document and one thing of it that no case reaches, what is never reached, and why,
//! quoting the document:
//!
//! ```yaml
//! exceptions:
//! - doc: rfc2396                  # a document id
//!   production: path              # or `branch: ID` with `text: ...`, `note: ID`, `ambiguity: RULE`
//!   never: [accepted, rejected]   # production: accepted, rejected or both; branch:
//!                                 # taken; note: raised; ambiguity: second-reading
//!   section: "A"                  # where the document says what makes it so
//!   quote: "path = [ abs_path | opaque_part ]"
//!   reason: every part of it is optional, so no input makes it fail
//!   settled: true                 # ambiguity only, optional: the document's text
//!                                 # itself picks the derivation (quote it)
//! ```
//!
//! Unknown keys, a key given twice, an unknown document, production, branch, note or
//! `never` for the kind, and an entry given twice are errors naming the file and line.
//! An entry for something the cases now reach is stale: `urlcert coverage --check` and
//! the tests say to remove it.

use super::{DocCoverage, Gap, Way};
use crate::case::{layout, DocId, LoadError};
use serde::Deserialize;
use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};
use urlcert_reference::resolve::branches;
use urlcert_reference::{note_ids, Document, Rule};

/// The file's name in the case folder.
pub const FILE_NAME: &str = "_coverage-exceptions.yaml";

/// The largest exceptions file read, in bytes.
pub const MAX_BYTES: u64 = 1 << 20;

/// The exceptions file that goes with a case folder (built-in or on disk).
pub fn path_for(cases_dir: &Path) -> PathBuf {
    cases_dir.join(FILE_NAME)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    #[allow(dead_code)]
    description: Option<String>,
    exceptions: Vec<Entry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    doc: DocId,
    #[serde(default)]
    production: Option<String>,
    #[serde(default)]
    branch: Option<String>,
    #[serde(default)]
    text: Option<String>,
    #[serde(default)]
    note: Option<String>,
    #[serde(default)]
    ambiguity: Option<String>,
    #[serde(deserialize_with = "one_or_more")]
    never: Vec<Never>,
    #[serde(default)]
    settled: bool,
    section: String,
    quote: String,
    reason: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
enum Never {
    Accepted,
    Rejected,
    Taken,
    Raised,
    SecondReading,
}

/// `never: X` or `never: [X, Y]`, each value named as [`Never`] names them.
fn one_or_more<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Never>, D::Error> {
    struct Visitor;
    impl<'de> serde::de::Visitor<'de> for Visitor {
        type Value = Vec<Never>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("what is never reached, or a list of them")
        }
        fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Self::Value, E> {
            use serde::de::IntoDeserializer;
            Never::deserialize(v.into_deserializer()).map(|n| vec![n])
        }
        fn visit_seq<A: serde::de::SeqAccess<'de>>(
            self,
            mut seq: A,
        ) -> Result<Self::Value, A::Error> {
            let mut out = Vec::new();
            while let Some(n) = seq.next_element::<Never>()? {
                out.push(n);
            }
            if out.is_empty() {
                return Err(serde::de::Error::invalid_length(0, &self));
            }
            Ok(out)
        }
    }
    d.deserialize_any(Visitor)
}

/// One reviewed exception.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exception {
    pub doc: Document,
    pub gap: Gap,
    /// An ambiguity the document's own text settles.
    pub settled: bool,
    pub section: String,
    pub quote: String,
    pub reason: String,
    /// The 1-based line of the entry.
    pub line: usize,
}

/// The exceptions of one file.
#[derive(Clone, Debug, Default)]
pub struct Exceptions {
    pub file: PathBuf,
    pub entries: Vec<Exception>,
}

/// A problem with the exceptions file: shown as the case files' are, `file:line:column:
/// message` (no case).
pub type ExceptionError = LoadError;

/// What the exceptions say of one document's gaps.
#[derive(Clone, Debug, Default)]
pub struct Judged<'a> {
    /// Gaps an exception covers, with it.
    pub excused: Vec<(Gap, &'a Exception)>,
    /// Gaps no exception covers.
    pub unexcused: Vec<Gap>,
    /// Exceptions of the document for something that is reached: no longer needed.
    pub stale: Vec<&'a Exception>,
}

impl Exceptions {
    /// Sorts `cov`'s gaps into excused and unexcused, and finds the exceptions no gap
    /// needs. Where readings are not judged (a corpus), ambiguity exceptions are
    /// neither used nor stale.
    pub fn judge(&self, cov: &DocCoverage) -> Judged<'_> {
        let gaps = cov.gaps();
        let mine: Vec<&Exception> = self.entries.iter().filter(|e| e.doc == cov.doc).collect();
        let mut judged = Judged::default();
        for gap in &gaps {
            match mine.iter().find(|e| e.gap == *gap) {
                Some(e) => judged.excused.push((gap.clone(), e)),
                None => judged.unexcused.push(gap.clone()),
            }
        }
        judged.stale = mine
            .into_iter()
            .filter(|e| !gaps.contains(&e.gap))
            .filter(|e| cov.places.is_some() || !matches!(e.gap, Gap::Ambiguity { .. }))
            .collect();
        judged
    }
}

/// Loads the exceptions file at `path` (a built-in path reads the built-in copy);
/// `Ok(None)` when there is none.
pub fn load(path: &Path) -> Result<Option<Exceptions>, Vec<ExceptionError>> {
    let error = |message: String| {
        vec![ExceptionError {
            file: path.to_path_buf(),
            line: None,
            column: None,
            case: None,
            message,
        }]
    };
    if crate::assets::embedded_rest(path).is_some() {
        return match crate::assets::embedded_text(path) {
            Some(text) => parse(path, text).map(Some),
            None => Ok(None),
        };
    }
    let text = match crate::user_file::read_text(path, MAX_BYTES) {
        Ok(t) => t,
        Err(crate::user_file::Refused::Missing) => return Ok(None),
        Err(e) => return Err(error(e.to_string())),
    };
    parse(path, &text).map(Some)
}

/// Reads and checks an exceptions file's text; `path` names it in errors.
pub fn parse(path: &Path, text: &str) -> Result<Exceptions, Vec<ExceptionError>> {
    let err = |at: Option<layout::Pos>, message: String| ExceptionError {
        file: path.to_path_buf(),
        line: at.map(|a| a.0),
        column: at.map(|a| a.1),
        case: None,
        message,
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let (layout, flaws) = layout::scan(text, &|_, k| k.to_string());
    let mut errors = Vec::new();
    for flaw in flaws {
        errors.push(match flaw {
            layout::Flaw::Duplicate { key, at, first, .. } => err(
                Some(at),
                format!(
                    "duplicate key `{key}` in this mapping (first at line {}, column {})",
                    first.0, first.1
                ),
            ),
            layout::Flaw::SecondDocument { at } => err(
                Some(at),
                "a second YAML document starts here; the file holds one".into(),
            ),
            layout::Flaw::Unreadable { at, message } | layout::Flaw::OverLimit { at, message } => {
                err(Some(at), message)
            }
        });
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let file: File = serde_yaml::from_str(text).map_err(|e| {
        let at = e.location().map(|l| (l.line(), l.column()));
        let message = e.to_string();
        let message = match message.rfind(" at line ") {
            Some(i) => message[..i].to_string(),
            None => message,
        };
        vec![err(at, message)]
    })?;
    let mut entries: Vec<Exception> = Vec::new();
    let mut first: HashMap<(Document, Gap), usize> = HashMap::new();
    for (k, entry) in file.exceptions.into_iter().enumerate() {
        let item = format!("exceptions[{k}]");
        let at = |field: &str| {
            layout
                .at(&format!("{item}.{field}"))
                .or_else(|| layout.at(&item))
        };
        let gaps = match check(&entry) {
            Ok(gaps) => gaps,
            Err((field, message)) => {
                errors.push(err(at(field), message));
                continue;
            }
        };
        let line = at("doc").map_or(0, |p| p.0);
        let doc = entry.doc.0;
        for gap in gaps {
            if let Some(prev) = first.get(&(doc, gap.clone())) {
                errors.push(err(
                    at("doc"),
                    format!(
                        "the same exception as at line {prev} ({doc} {} `{}` never {})",
                        gap.kind(),
                        gap.name(),
                        gap.never()
                    ),
                ));
                continue;
            }
            first.insert((doc, gap.clone()), line);
            entries.push(Exception {
                doc,
                gap,
                settled: entry.settled,
                section: entry.section.clone(),
                quote: entry.quote.clone(),
                reason: entry.reason.clone(),
                line,
            });
        }
    }
    if errors.is_empty() {
        Ok(Exceptions {
            file: path.to_path_buf(),
            entries,
        })
    } else {
        Err(errors)
    }
}

/// The gaps an entry names (one per value of `never`), or the field that is wrong and
/// why.
fn check(e: &Entry) -> Result<Vec<Gap>, (&'static str, String)> {
    let doc = e.doc.0;
    for (field, value) in [
        ("section", &e.section),
        ("quote", &e.quote),
        ("reason", &e.reason),
    ] {
        if value.trim().is_empty() {
            return Err((field, format!("`{field}` is empty")));
        }
    }
    let named: Vec<&str> = [
        ("production", e.production.is_some()),
        ("branch", e.branch.is_some()),
        ("note", e.note.is_some()),
        ("ambiguity", e.ambiguity.is_some()),
    ]
    .into_iter()
    .filter_map(|(k, set)| set.then_some(k))
    .collect();
    if named.len() != 1 {
        return Err((
            "doc",
            format!(
                "an exception names exactly one of `production`, `branch`, `note`, `ambiguity` (this one names {})",
                if named.is_empty() { "none".to_string() } else { named.join(", ") }
            ),
        ));
    }
    if e.text.is_some() && e.branch.is_none() {
        return Err(("text", "`text` belongs to a `branch` exception".into()));
    }
    if e.settled && e.ambiguity.is_none() {
        return Err((
            "settled",
            "`settled` belongs to an `ambiguity` exception".into(),
        ));
    }
    let rule = |name: &str, field: &'static str| {
        Rule::from_name(doc, name).ok_or((field, format!("{doc} has no production `{name}`")))
    };
    let never = |want: &[(Never, &str)]| {
        let ids: Vec<&str> = want.iter().map(|w| w.1).collect();
        let fits = e.never.iter().all(|n| want.iter().any(|w| w.0 == *n));
        fits.then_some(()).ok_or((
            "never",
            format!(
                "for a{} {}, `never` is {}",
                if named[0] == "ambiguity" { "n" } else { "" },
                named[0],
                ids.join(" or ")
            ),
        ))
    };
    if let Some(name) = &e.production {
        let rule = rule(name, "production")?;
        never(&[(Never::Accepted, "accepted"), (Never::Rejected, "rejected")])?;
        let ways = e.never.iter().map(|n| match n {
            Never::Accepted => Way::Accepted,
            _ => Way::Rejected,
        });
        return Ok(ways.map(|never| Gap::Production { rule, never }).collect());
    }
    if let Some(id) = &e.branch {
        never(&[(Never::Taken, "taken")])?;
        let Some(text) = &e.text else {
            return Err((
                "branch",
                "a `branch` exception needs the branch's `text` (one step id can be two branches)"
                    .into(),
            ));
        };
        let listed = branches(doc);
        return match listed.iter().find(|(i, t)| i == id && t == text) {
            Some(&(id, text)) => Ok(vec![Gap::Branch { id, text }]),
            None => {
                let ids: Vec<String> = listed
                    .iter()
                    .filter(|(i, _)| i == id)
                    .map(|(_, t)| format!("{t:?}"))
                    .collect();
                Err((
                    if ids.is_empty() { "branch" } else { "text" },
                    if ids.is_empty() {
                        format!("{doc}'s resolution has no step `{id}`")
                    } else {
                        format!(
                            "{doc}'s step `{id}` has no branch {text:?} (its branches: {})",
                            ids.join(", ")
                        )
                    },
                ))
            }
        };
    }
    if let Some(id) = &e.note {
        never(&[(Never::Raised, "raised")])?;
        return match note_ids(doc).iter().find(|n| *n == id) {
            Some(id) => Ok(vec![Gap::Note { id }]),
            None => Err(("note", format!("{doc} has no note `{id}`"))),
        };
    }
    let name = e.ambiguity.as_deref().unwrap_or_default();
    let rule = rule(name, "ambiguity")?;
    never(&[(Never::SecondReading, "second-reading")])?;
    Ok(vec![Gap::Ambiguity { rule }])
}
