//! The steps a resolver takes, with the value after each when asked for.

use super::{Resolution, Unresolvable};
use crate::document::DocReading;

/// How many steps an untraced resolution keeps inline.
const INLINE_STEPS: usize = 16;

/// The steps of one resolution, in order. Untraced, a step is its id (static), kept
/// inline for the common dozen: an untraced resolution allocates only its result and
/// stays small to move. Traced, each step has its text and value too ([`Steps::traced`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Steps {
    len: usize,
    taken: [&'static str; INLINE_STEPS],
    /// Untraced steps past the inline ones.
    more: Vec<&'static str>,
    /// Every step with its text and value, when tracing.
    traced: Vec<Step>,
}

impl Steps {
    #[inline]
    pub(crate) fn push(
        &mut self,
        id: &'static str,
        text: &'static str,
        value: Option<Option<String>>,
    ) {
        match value {
            Some(value) => self.traced.push(Step { id, text, value }),
            None if self.len < INLINE_STEPS => {
                self.taken[self.len] = id;
                self.len += 1;
            }
            None => self.more.push(id),
        }
    }

    /// The ids of the steps, in order (traced or not).
    pub fn ids(&self) -> impl Iterator<Item = &'static str> + '_ {
        let untraced = self.taken[..self.len].iter().chain(&self.more).copied();
        self.traced.iter().map(|s| s.id).chain(untraced)
    }

    /// The steps with their texts and values, when the resolution was traced (empty
    /// otherwise; with [`Detail::Texts`], every value is `None`).
    pub fn traced(&self) -> &[Step] {
        &self.traced
    }

    pub fn len(&self) -> usize {
        self.traced.len() + self.len + self.more.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// One step of an algorithm.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Step {
    /// The step as the document numbers or names it: `6c`, `relative-path`.
    pub id: &'static str,
    /// What the step does, in the document's words.
    pub text: &'static str,
    /// The value after the step, when tracing.
    pub value: Option<String>,
}

/// What a resolution keeps of each step it takes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Detail {
    /// Its id (untraced).
    #[default]
    Ids,
    /// Its id and text, no value: which branch each step took (`urlcert coverage`),
    /// without the cost of a value, which for some steps is the whole path.
    Texts,
    /// Its id, text and value (traced).
    Values,
}

impl From<bool> for Detail {
    /// `true` traces: [`Detail::Values`]; `false` keeps the ids.
    fn from(trace: bool) -> Detail {
        if trace {
            Detail::Values
        } else {
            Detail::Ids
        }
    }
}

/// Collects steps; values are computed only when tracing, so an untraced resolution
/// copies nothing.
pub(crate) struct Trace {
    detail: Detail,
    pub steps: Steps,
}

impl Trace {
    pub fn new(detail: impl Into<Detail>) -> Trace {
        Trace {
            detail: detail.into(),
            steps: Steps::default(),
        }
    }

    pub fn step(&mut self, id: &'static str, text: &'static str, value: impl FnOnce() -> String) {
        let value = match self.detail {
            Detail::Ids => None,
            Detail::Texts => Some(None),
            Detail::Values => Some(Some(value())),
        };
        self.steps.push(id, text, value);
    }

    /// The answer, with the steps taken.
    pub fn finish(
        self,
        doc: DocReading,
        result: Vec<u8>,
        current_document: bool,
    ) -> Result<Resolution, Unresolvable> {
        Ok(Resolution {
            doc,
            result,
            current_document,
            steps: self.steps,
            errors: Vec::new(),
        })
    }

    /// A step that ends the algorithm: `result` is the answer.
    pub fn done(
        mut self,
        id: &'static str,
        text: &'static str,
        doc: DocReading,
        result: Vec<u8>,
    ) -> Result<Resolution, Unresolvable> {
        let result = self.last(id, text, result);
        self.finish(doc, result, false)
    }

    /// A step that ends the algorithm with `result`, handed back.
    #[inline]
    pub fn last(&mut self, id: &'static str, text: &'static str, result: Vec<u8>) -> Vec<u8> {
        self.step(id, text, || lossy(&result));
        result
    }

    /// A step whose test fails, so that it changes nothing.
    pub fn pass(&mut self, id: &'static str, text: &'static str) {
        let traced = self.detail != Detail::Ids;
        self.steps.push(id, text, traced.then_some(None));
    }
}

/// Bytes for a trace line.
pub(crate) fn lossy(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}
