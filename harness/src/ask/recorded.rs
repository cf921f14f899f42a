//! Recorded answers: adapters that replay a recording, for clients that can no longer
//! be run (Mozilla 4.03, NCSA Mosaic 2.6, ...).
//!
//! Each `harness/recordings/NAME.jsonl` is one adapter, `recorded-NAME`. The file is
//! JSON Lines: first a header
//!
//! ```json
//! {"recording": "NAME", "version": "...", "model": "rfc3986", "operations": ["resolve"], "source": "..."}
//! ```
//!
//! then one line per recorded answer:
//!
//! ```json
//! {"op": "resolve", "base": "http://a/b/c/d;p?q", "input": "../g", "answer": {"resolved": {"result": "http://a/b/g"}}, "source": "page, line"}
//! ```
//!
//! `input` is the reference of a `resolve` (the string to parse for a `parse`, which has
//! no `base`); `answer` is a protocol v1 answer body (`resolved`, `parsed`, `rejected`
//! or `unsupported`, see ADAPTERS.md); `source` says where the answer was published. A
//! request the recording does not cover is answered `unsupported` ("not in the
//! recording"), never a failure. A malformed file makes the adapter unavailable, the
//! reason naming the file and the line.

use super::Found;
use super::{Answer, Info, Model, Operation, Parts};
use crate::ask::{not_offered, Engine, Request};
use crate::assets::repo_root;
use crate::Error;
use serde_json::{Map, Value};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Adapter names are `recorded-` and the recording's name.
pub const PREFIX: &str = "recorded-";

/// The folder of the recordings shipped with urlcert: the checkout's
/// `harness/recordings/`, or outside a checkout `(built-in)/harness/recordings`, read
/// from the copy built into urlcert.
pub fn dir() -> PathBuf {
    match crate::assets::checkout_abs() {
        Some(root) => root.join("harness").join("recordings"),
        None => crate::assets::embedded_path("harness/recordings"),
    }
}

/// The largest recording read, in bytes (16 MiB); the shipped ones hold about 23 KB.
pub const MAX_RECORDING_BYTES: u64 = 16 * 1024 * 1024;

/// The recording files in `dir`, sorted by name.
fn files(dir: &Path) -> Vec<PathBuf> {
    if crate::assets::embedded_rest(dir).is_some() {
        return crate::assets::files(&crate::assets::RECORDINGS)
            .into_iter()
            .map(|(rel, _)| dir.join(rel))
            .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
            .collect();
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl") && p.is_file())
        .collect();
    files.sort();
    files
}

fn adapter_name(file: &Path) -> String {
    format!(
        "{PREFIX}{}",
        file.file_stem().unwrap_or_default().to_string_lossy()
    )
}

/// The names of the shipped recordings' adapters.
pub fn names() -> Vec<String> {
    files(&dir()).iter().map(|f| adapter_name(f)).collect()
}

/// Every shipped recording, loaded or unavailable.
pub fn all() -> Vec<Found> {
    files(&dir()).iter().map(|f| found(f)).collect()
}

/// The shipped recording's adapter called `name`, if there is one.
pub fn open(name: &str) -> Option<Found> {
    files(&dir())
        .into_iter()
        .find(|f| adapter_name(f) == name)
        .map(|f| found(&f))
}

fn found(file: &Path) -> Found {
    match Recorded::load(file) {
        Ok(r) => Found::Ready(Box::new(r)),
        Err(why) => Found::Unavailable {
            name: adapter_name(file),
            why: why.to_string(),
            install: format!(
                "correct {} (recordings ship with urlcert)",
                file.strip_prefix(repo_root()).unwrap_or(file).display()
            ),
        },
    }
}

/// A request as a recording keys it: the op, the base (resolve only), the input.
type Key = (Operation, Option<String>, String);

/// An adapter answering from a recording.
pub struct Recorded {
    info: Info,
    answers: HashMap<Key, Answer>,
}

impl Recorded {
    /// Loads a recording; the error names the file and the line.
    /// A path below [`crate::assets::EMBEDDED`] is a recording built into urlcert.
    pub fn load(file: &Path) -> Result<Self, Error> {
        let text = match crate::assets::embedded_rest(file) {
            Some(_) => crate::assets::embedded_text(file)
                .map(str::to_string)
                .ok_or_else(|| format!("{}: no such built-in recording", file.display())),
            None => crate::user_file::read_text(file, MAX_RECORDING_BYTES)
                .map_err(|e| format!("{}: {e}", file.display())),
        }?;
        Self::from_text(&adapter_name(file), &file.display().to_string(), &text)
    }

    /// Reads a recording's text; `file` names it in errors.
    pub fn from_text(name: &str, file: &str, text: &str) -> Result<Self, Error> {
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l))
            .filter(|(_, l)| !l.trim().is_empty());
        let at = |n: usize, why: String| format!("{file}, line {n}: {why}");
        let (n, header) = lines
            .next()
            .ok_or_else(|| format!("{file}: empty: no header line"))?;
        let header = object(header).map_err(|e| at(n, e.to_string()))?;
        let info = header_info(name, &header).map_err(|e| at(n, e.to_string()))?;
        let mut answers = HashMap::new();
        for (n, line) in lines {
            let (key, answer) = entry(line, &info).map_err(|e| at(n, e.to_string()))?;
            if answers.insert(key, answer).is_some() {
                return Err(Error::new(at(
                    n,
                    "a second answer to a request already recorded".into(),
                )));
            }
        }
        Ok(Recorded { info, answers })
    }

    fn recorded(&self, key: Key) -> Answer {
        self.answers
            .get(&key)
            .cloned()
            .unwrap_or_else(|| Answer::Unsupported {
                why: "not in the recording".into(),
            })
    }
}

fn object(line: &str) -> Result<Map<String, Value>, Error> {
    match serde_json::from_str::<Value>(line) {
        Ok(Value::Object(m)) => Ok(m),
        Ok(_) => Err("not a JSON object".into()),
        Err(e) => Err(format!("not JSON: {e}").into()),
    }
}

fn string(m: &Map<String, Value>, key: &str) -> Result<String, Error> {
    match m.get(key) {
        Some(Value::String(s)) => Ok(s.clone()),
        Some(_) => Err(format!("\"{key}\" is not a string").into()),
        None => Err(format!("no \"{key}\"").into()),
    }
}

fn header_info(name: &str, h: &Map<String, Value>) -> Result<Info, Error> {
    let recording = string(h, "recording").map_err(|e| format!("header: {e}"))?;
    if Some(recording.as_str()) != name.strip_prefix(PREFIX) {
        return Err(
            format!("header: the recording is called {recording:?}, not as its file").into(),
        );
    }
    let version = string(h, "version").map_err(|e| format!("header: {e}"))?;
    string(h, "source").map_err(|e| format!("header: {e}"))?;
    let model: Model = serde_json::from_value(h.get("model").cloned().unwrap_or(Value::Null))
        .map_err(|_| "header: \"model\" is not one of the models in ADAPTERS.md".to_string())?;
    let operations = serde_json::from_value::<Vec<Operation>>(
        h.get("operations").cloned().unwrap_or(Value::Null),
    )
    .ok()
    .filter(|ops| ops.iter().all(|op| op.on_the_wire()))
    .ok_or_else(|| {
        "header: \"operations\" is not a list of \"parse\" and \"resolve\"".to_string()
    })?;
    Ok(Info {
        name: name.to_string(),
        version,
        model,
        operations,
        argv: None,
    })
}

fn entry(line: &str, info: &Info) -> Result<(Key, Answer), Error> {
    let m = object(line)?;
    let op = match string(&m, "op")?.as_str() {
        "parse" => Operation::Parse,
        "resolve" => Operation::Resolve,
        other => return Err(format!("unknown op {other:?}").into()),
    };
    if !info.operations.contains(&op) {
        return Err(format!("op {op:?} is not in the header's operations").into());
    }
    let base = match op {
        Operation::Resolve => Some(string(&m, "base")?),
        Operation::Parse if m.contains_key("base") => return Err("a parse has no \"base\"".into()),
        Operation::Parse => None,
        other => return Err(format!("a recording holds no {other}").into()),
    };
    let input = string(&m, "input")?;
    string(&m, "source")?;
    let answer = match m.get("answer") {
        Some(Value::Object(a)) => answer_body(a, op)?,
        Some(_) => return Err("\"answer\" is not an object".into()),
        None => return Err("no \"answer\"".into()),
    };
    Ok(((op, base, input), answer))
}

/// A protocol v1 answer body: exactly one of `resolved`, `parsed`, `rejected`,
/// `unsupported`, fitting the op.
fn answer_body(a: &Map<String, Value>, op: Operation) -> Result<Answer, Error> {
    let mut keys = a.iter();
    let (kind, body) = match (keys.next(), keys.next()) {
        (Some(one), None) => one,
        _ => return Err("\"answer\" needs exactly one key".into()),
    };
    let body = match body {
        Value::Object(b) => b,
        _ => return Err(format!("answer \"{kind}\" is not an object").into()),
    };
    let field = |k: &str| string(body, k).map_err(|e| format!("answer \"{kind}\": {e}"));
    match (kind.as_str(), op) {
        ("resolved", Operation::Resolve) => Ok(Answer::Resolved {
            result: field("result")?,
        }),
        ("parsed", Operation::Parse) => {
            let components = match body.get("components") {
                Some(Value::Object(c)) => c,
                _ => return Err("answer \"parsed\": no \"components\" object".into()),
            };
            let mut parts = Parts::new();
            for (k, v) in components {
                let v = match v {
                    Value::String(s) => Some(s.clone()),
                    Value::Null => None,
                    _ => return Err(format!("component {k:?} is not a string or null").into()),
                };
                parts.insert(k.clone(), v);
            }
            Ok(Answer::Parsed { components: parts })
        }
        ("rejected", _) => Ok(Answer::Rejected {
            message: field("message")?,
        }),
        ("unsupported", _) => Ok(Answer::Unsupported { why: field("why")? }),
        ("resolved" | "parsed", _) => Err(format!("answer \"{kind}\" to a {op:?}").into()),
        _ => Err(format!("unknown answer {kind:?}").into()),
    }
}

fn text(bytes: &[u8]) -> Option<String> {
    std::str::from_utf8(bytes).ok().map(str::to_string)
}

impl Engine for Recorded {
    fn info(&self) -> &Info {
        &self.info
    }

    fn answer(&mut self, request: &Request) -> Answer {
        let not_recorded = || Answer::Unsupported {
            why: "not in the recording".into(),
        };
        match *request {
            Request::Parse { input } => match text(input) {
                Some(input) => self.recorded((Operation::Parse, None, input)),
                None => not_recorded(),
            },
            Request::Resolve { base, reference } => match (text(base), text(reference)) {
                (Some(b), Some(r)) => self.recorded((Operation::Resolve, Some(b), r)),
                _ => not_recorded(),
            },
            _ => not_offered(&self.info, request),
        }
    }
}
