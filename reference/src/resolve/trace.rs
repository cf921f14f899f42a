//! The steps a resolver takes, with the value after each when asked for.

use super::{Resolution, Unresolvable};
use crate::document::DocReading;
use crate::inline::InlineList;

/// The steps of one resolution: a dozen at most in the common case, kept inline, so an
/// untraced resolution allocates only its result.
pub type Steps = InlineList<Step, 16>;

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

/// Collects steps; values are computed only when tracing, so an untraced resolution
/// copies nothing.
pub(crate) struct Trace {
    on: bool,
    pub steps: Steps,
}

impl Trace {
    pub fn new(on: bool) -> Trace {
        Trace {
            on,
            steps: Steps::new(),
        }
    }

    pub fn step(&mut self, id: &'static str, text: &'static str, value: impl FnOnce() -> String) {
        let value = self.on.then(value);
        self.steps.push(Step { id, text, value });
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
        })
    }

    /// A step whose test fails, so that it changes nothing.
    pub fn pass(&mut self, id: &'static str, text: &'static str) {
        self.steps.push(Step {
            id,
            text,
            value: None,
        });
    }
}

/// Bytes for a trace line.
pub(crate) fn lossy(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}
