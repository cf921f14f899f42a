//! The reference under one document and reading, as an engine like any other. It
//! answers in its own full model (verdict, rule, components by the document's rule
//! names, error, alternatives; results with their steps; extractions, normal forms,
//! bases), so that the exact judge can compare every field a case states.

use super::{Engine, Request};
use crate::ask::{Answer, Info, Model, Operation};
use crate::judge::exact::BaseAnswer;
use std::sync::OnceLock;
use urlcert_reference::{
    Ambiguity, DocReading, Failure, Found, Normalization, NotDefined, NotNormalizable, Note,
    Resolution, Rule, Unresolvable, Value, Verdict,
};

/// The reference's name as an engine.
pub const REFERENCE: &str = "reference";

/// The reference's answer to one request, in its own model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReferenceAnswer {
    Parse(ParseAnswer),
    Resolve(Result<Resolution, Unresolvable>),
    Extract(Result<Vec<Found>, NotDefined>),
    Normalize(Result<Normalization, NotNormalizable>),
    /// A document's bases and links (for a `base` and a `links` request alike).
    Bases(BaseAnswer),
}

/// A parse, owning its input: what [`urlcert_reference::Parse`] says, kept after the
/// request's bytes are gone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseAnswer {
    pub doc: DocReading,
    pub input: Vec<u8>,
    pub verdict: Verdict,
    pub rule: Option<Rule>,
    /// In the production's order; `None` is absent.
    pub components: Vec<(&'static str, Option<Value<'static>>)>,
    pub error: Option<Failure>,
    pub alternatives: Vec<Rule>,
    pub ambiguities: Vec<Ambiguity>,
    /// The prose's notes, computed on first use: most callers never ask.
    notes: OnceLock<Vec<Note>>,
}

impl ParseAnswer {
    pub fn of(p: &urlcert_reference::Parse) -> ParseAnswer {
        ParseAnswer {
            doc: p.doc,
            input: p.input.to_vec(),
            verdict: p.verdict,
            rule: p.rule,
            components: p
                .components
                .iter()
                .map(|(n, v)| (n, v.map(Value::into_owned)))
                .collect(),
            error: p.error.clone(),
            alternatives: p.alternatives.iter().copied().collect(),
            ambiguities: p.ambiguities.iter().cloned().collect(),
            notes: OnceLock::new(),
        }
    }

    /// The component `name`: `None` when the production has no such component,
    /// `Some(None)` when it is absent.
    pub fn get(&self, name: &str) -> Option<&Option<Value<'static>>> {
        self.components
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v)
    }

    /// The text of a string component, if present.
    pub fn str(&self, name: &str) -> Option<&str> {
        match self.get(name) {
            Some(Some(Value::Str(s))) => Some(s),
            _ => None,
        }
    }

    /// The notes the document's prose gives on this input, in order.
    pub fn notes(&self) -> &[Note] {
        self.notes
            .get_or_init(|| urlcert_reference::parse(self.doc, &self.input).notes())
    }
}

/// The reference under one document and reading.
pub struct ReferenceEngine {
    doc: DocReading,
    info: &'static Info,
}

/// The reference's information, the same under every document: made once, so that an
/// engine costs nothing to make where a campaign asks it once per execution.
fn info() -> &'static Info {
    static INFO: OnceLock<Info> = OnceLock::new();
    INFO.get_or_init(|| Info {
        name: REFERENCE.into(),
        version: format!("urlcert-reference {}", env!("CARGO_PKG_VERSION")),
        model: Model::Document,
        operations: vec![Operation::Parse, Operation::Resolve, Operation::Links],
        argv: None,
    })
}

impl ReferenceEngine {
    pub fn new(doc: DocReading) -> ReferenceEngine {
        ReferenceEngine { doc, info: info() }
    }

    /// The answer in the reference's own type, for callers that hold the engine itself.
    pub fn reference_answer(&self, request: &Request) -> ReferenceAnswer {
        answer(self.doc, request)
    }
}

/// The reference's answer to `request` under `doc`: the engine's body, callable
/// without building an engine where a fuzz target asks it once per execution.
pub fn answer(doc: DocReading, request: &Request) -> ReferenceAnswer {
    match *request {
        Request::Parse { input } => {
            ReferenceAnswer::Parse(ParseAnswer::of(&urlcert_reference::parse(doc, input)))
        }
        Request::Resolve { base, reference } => {
            ReferenceAnswer::Resolve(urlcert_reference::resolve(doc, base, reference, false))
        }
        Request::Extract { text } => {
            ReferenceAnswer::Extract(urlcert_reference::extract_as(doc, text))
        }
        Request::Normalize { input } => {
            ReferenceAnswer::Normalize(urlcert_reference::normalize(doc, input))
        }
        Request::Base {
            document,
            format,
            context,
        }
        | Request::Links {
            document,
            format,
            context,
        } => ReferenceAnswer::Bases(
            crate::page::read(document, format)
                .map(|root| urlcert_reference::base::establish(doc, &root, context)),
        ),
    }
}

impl Engine for ReferenceEngine {
    fn info(&self) -> &Info {
        self.info
    }

    fn answer(&mut self, request: &Request) -> Answer {
        Answer::Reference(Box::new(self.reference_answer(request)))
    }

    fn answers_every_request(&self) -> bool {
        true
    }
}
