//! Spans of the input: the one range type every rule function takes and every component
//! reports, kept apart from the matching context and the outcomes, which both use it.

use crate::inline::InlineList;

/// How many items a list component keeps inline before it moves to the heap.
pub const INLINE_ITEMS: usize = 4;

/// A half-open byte range of the input.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }
    pub fn is_empty(self) -> bool {
        self.start >= self.end
    }
    pub fn len(self) -> usize {
        self.end.saturating_sub(self.start)
    }
    /// The part from `at` to the end.
    pub fn from(self, at: usize) -> Span {
        Span::new(at.min(self.end), self.end)
    }
}

/// The spans of a repeated part (segments): inline for the common few.
pub type Spans = InlineList<Span, INLINE_ITEMS>;
