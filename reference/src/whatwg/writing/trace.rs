//! The matching context: the input, the rules matched so far and the first that failed.
//! Each definition runs through [`Cx::rule`], which is what fills a [`super::Writing`].

use std::ops::Range;

/// What a failing definition returns: the byte offset where it stopped.
pub(super) type Stop = Result<(), usize>;

pub(super) struct Cx<'a> {
    pub(super) input: &'a str,
    pub(super) matched: Vec<(&'static str, Range<usize>)>,
    pub(super) failed: Option<(&'static str, usize)>,
}

impl<'a> Cx<'a> {
    pub(super) fn new(input: &'a str) -> Self {
        Self {
            input,
            matched: Vec::new(),
            failed: None,
        }
    }

    /// The text of `span`: spans are cut at ASCII delimiters, so never inside a code
    /// point; an out-of-range span would read as empty rather than panic.
    pub(super) fn text(&self, span: &Range<usize>) -> &'a str {
        self.input.get(span.clone()).unwrap_or("")
    }

    /// Runs the definition `term` on `span`. On success it is recorded before the
    /// definitions it matched inside it (so the trace reads outermost first); on failure
    /// the first failure is kept: the innermost, since inner definitions finish first.
    ///
    /// Inserting before the children costs their number; definitions nest a bounded
    /// depth, so the total stays linear in the input.
    pub(super) fn rule(
        &mut self,
        term: &'static str,
        span: Range<usize>,
        body: impl FnOnce(&mut Self, Range<usize>) -> Stop,
    ) -> bool {
        let at = self.matched.len();
        match body(self, span.clone()) {
            Ok(()) => {
                self.matched.insert(at, (term, span));
                true
            }
            Err(stop) => {
                self.failed.get_or_insert((term, stop));
                false
            }
        }
    }
}

/// A definition used inside another: its failure stops the outer one at `at` (the
/// inner failure is what the trace keeps).
pub(super) fn need(matched: bool, at: usize) -> Stop {
    if matched {
        Ok(())
    } else {
        Err(at)
    }
}
