//! What each adapter's parser documents about itself (`documented.yaml`: inputs it
//! parses with their components, inputs it rejects, resolutions), and the one check of
//! an adapter's answers against it, whether they come over protocol v1 or through the
//! library's `Engine`.

#![allow(dead_code)]

use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::sync::OnceLock;
use urlcert::ask::{Answer, Ask, Engine, Parts};

use super::programs::repo_root;

/// One adapter's documented answers; an entry may leave any of the three out.
#[derive(Clone, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Documented {
    pub parses: Vec<Parse>,
    pub rejects: Vec<String>,
    pub resolves: Vec<Resolve>,
}

/// An input the parser accepts, with components it must report (null: reported as
/// absent) and components it must not report at all.
#[derive(Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Parse {
    pub input: String,
    pub components: BTreeMap<String, Option<String>>,
    #[serde(default)]
    pub unreported: Vec<String>,
}

#[derive(Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Resolve {
    pub base: String,
    pub reference: String,
    pub result: String,
}

/// A request to an adapter, in the order [`Documented::requests`] lists them.
pub enum Request<'a> {
    Parse(&'a str),
    Resolve(&'a str, &'a str),
}

impl Request<'_> {
    /// Asks `engine`.
    pub fn ask(&self, engine: &mut dyn Engine) -> Reply {
        Reply::from_engine(match self {
            Request::Parse(input) => engine.parse(input.as_bytes()),
            Request::Resolve(base, reference) => {
                engine.resolve(base.as_bytes(), reference.as_bytes())
            }
        })
    }

    /// The request as a protocol v1 line.
    pub fn to_protocol(&self, id: u64) -> Value {
        match self {
            Request::Parse(input) => json!({"id": id, "op": "parse", "input": input}),
            Request::Resolve(base, reference) => {
                json!({"id": id, "op": "resolve", "base": base, "reference": reference})
            }
        }
    }
}

/// A component's value in a protocol answer: a string, or null for absent; anything
/// else is kept, shown, so that it equals no expectation.
fn component(value: &Value) -> Option<String> {
    match value {
        Value::Null => None,
        Value::String(text) => Some(text.clone()),
        other => Some(format!("(not a string) {other}")),
    }
}

/// An answer as the check reads it.
pub enum Reply {
    Parsed(Parts),
    Rejected(String),
    Resolved(String),
    /// Anything else, shown in the failure.
    Other(String),
}

impl Reply {
    pub fn from_protocol(answer: &Value) -> Reply {
        if let Some(components) = answer["parsed"]["components"].as_object() {
            let parts = components
                .iter()
                .map(|(key, value)| (key.clone(), component(value)))
                .collect();
            return Reply::Parsed(parts);
        }
        if let Some(message) = answer["rejected"]["message"].as_str() {
            return Reply::Rejected(message.to_string());
        }
        if let Some(result) = answer["resolved"]["result"].as_str() {
            return Reply::Resolved(result.to_string());
        }
        Reply::Other(answer.to_string())
    }

    pub fn from_engine(answer: Answer) -> Reply {
        match answer {
            Answer::Parsed { components } => Reply::Parsed(components),
            Answer::Rejected { message } => Reply::Rejected(message),
            Answer::Resolved { result } => Reply::Resolved(result),
            other => Reply::Other(format!("{other:?}")),
        }
    }

    fn describe(&self) -> String {
        match self {
            Reply::Parsed(parts) => format!("parsed {parts:?}"),
            Reply::Rejected(message) => format!("rejected: {message}"),
            Reply::Resolved(result) => format!("resolved {result:?}"),
            Reply::Other(text) => text.clone(),
        }
    }
}

/// The documented answers of `adapter`.
pub fn documented(adapter: &str) -> &'static Documented {
    static ALL: OnceLock<BTreeMap<String, Documented>> = OnceLock::new();
    ALL.get_or_init(|| {
        serde_yaml::from_str(include_str!("../documented.yaml"))
            .unwrap_or_else(|e| panic!("documented.yaml: {e}"))
    })
    .get(adapter)
    .unwrap_or_else(|| panic!("documented.yaml has no {adapter}"))
}

/// The entries `names` of documented.yaml, one after another.
pub fn documented_all(names: &[&str]) -> Documented {
    let mut all = Documented::default();
    for name in names {
        let one = documented(name);
        all.parses.extend(one.parses.iter().cloned());
        all.rejects.extend(one.rejects.iter().cloned());
        all.resolves.extend(one.resolves.iter().cloned());
    }
    all
}

/// Every example of RFC 3986 Section 5.4 (5.4.1 prints 23, 5.4.2 19), as the case file
/// cases/rfc3986/examples.yaml resolves them under `reading` (`rfc3986`, strict, or
/// `rfc3986@non-strict`, which has its own result only where it differs).
pub fn rfc3986_section_5_4(reading: &str) -> Vec<Resolve> {
    let path = repo_root().join("cases/rfc3986/examples.yaml");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let file: serde_yaml::Value = serde_yaml::from_str(&text).expect("a YAML case file");
    let examples: Vec<Resolve> = file["cases"]
        .as_sequence()
        .expect("a list of cases")
        .iter()
        .filter(|case| {
            let id = case["id"].as_str().unwrap_or_default();
            id.starts_with("r3986.ex.normal.") || id.starts_with("r3986.ex.abnormal.")
        })
        .map(|case| {
            let expect = &case["expect"];
            let text = |key: &str, value: &serde_yaml::Value| {
                value
                    .as_str()
                    .unwrap_or_else(|| panic!("{}: no {key}", case["id"].as_str().unwrap()))
                    .to_string()
            };
            Resolve {
                base: text("base", &case["base"]),
                reference: text("input", &case["input"]),
                result: text(
                    "result",
                    &expect.get(reading).unwrap_or(&expect["rfc3986"])["result"],
                ),
            }
        })
        .collect();
    assert_eq!(examples.len(), 23 + 19, "{path:?}");
    examples
}

impl Documented {
    /// The parses, then the rejections, then the resolutions.
    pub fn requests(&self) -> Vec<Request<'_>> {
        let parses = self.parses.iter().map(|p| Request::Parse(&p.input));
        let rejects = self.rejects.iter().map(|input| Request::Parse(input));
        let resolves = self
            .resolves
            .iter()
            .map(|r| Request::Resolve(&r.base, &r.reference));
        parses.chain(rejects).chain(resolves).collect()
    }

    /// Asks `engine` the requests and checks its answers.
    pub fn check_engine(&self, engine: &mut dyn Engine) {
        let name = engine.info().name.clone();
        let replies: Vec<Reply> = self.requests().iter().map(|r| r.ask(engine)).collect();
        self.check(&name, replies);
    }

    /// Checks `replies`, the answers of `adapter` to [`Documented::requests`] in order.
    pub fn check(&self, adapter: &str, replies: impl IntoIterator<Item = Reply>) {
        let mut replies = replies.into_iter();
        let mut next = || replies.next().expect("an answer for each request");
        for parse in &self.parses {
            let input = &parse.input;
            let components = match next() {
                Reply::Parsed(components) => components,
                other => panic!("{adapter}: {input:?} should parse: {}", other.describe()),
            };
            for (key, want) in &parse.components {
                assert_eq!(
                    components.get(key),
                    Some(want),
                    "{adapter}: {input:?}: component {key} in {components:?}"
                );
            }
            for key in &parse.unreported {
                assert!(
                    !components.contains_key(key),
                    "{adapter}: {input:?}: reports {key}, which it cannot have"
                );
            }
        }
        for input in &self.rejects {
            match next() {
                Reply::Rejected(message) => assert!(!message.is_empty(), "{adapter}: {input:?}"),
                other => panic!(
                    "{adapter}: {input:?} should be rejected: {}",
                    other.describe()
                ),
            }
        }
        for Resolve {
            base,
            reference,
            result,
        } in &self.resolves
        {
            match next() {
                Reply::Resolved(got) => {
                    assert_eq!(&got, result, "{adapter}: {reference:?} against {base:?}")
                }
                other => panic!(
                    "{adapter}: {reference:?} against {base:?}: {}",
                    other.describe()
                ),
            }
        }
    }
}
