//! The matching context every rule function receives: the input, the reading, and the
//! optional coverage record.
//!
//! Rule functions recognise a whole span: `f(cx, span)` asks "does `span` derive from
//! this production?". Callers find the span from the delimiters the productions cannot
//! derive (a `login` never derives "/", so it ends at the first "/"), which makes every
//! split unique and keeps the recogniser complete without backtracking, in linear time.

use crate::document::Reading;
use crate::outcome::Failure;
use crate::rule::Rule;

/// A half-open byte range of the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

pub type Res<T> = Result<T, Failure>;

/// Which rules accepted and which rejected, over one or more parses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coverage {
    accepted: Vec<bool>,
    rejected: Vec<bool>,
}

impl Default for Coverage {
    /// Sized for every rule, so any rule can be asked about.
    fn default() -> Coverage {
        Coverage::new()
    }
}

impl Coverage {
    pub fn new() -> Coverage {
        Coverage {
            accepted: vec![false; Rule::ALL.len()],
            rejected: vec![false; Rule::ALL.len()],
        }
    }
    pub(crate) fn mark(&mut self, rule: Rule, ok: bool) {
        let slot = if ok {
            &mut self.accepted
        } else {
            &mut self.rejected
        };
        slot[rule as usize] = true;
    }
    pub fn accepted(&self, rule: Rule) -> bool {
        self.accepted[rule as usize]
    }
    pub fn rejected(&self, rule: Rule) -> bool {
        self.rejected[rule as usize]
    }
    pub fn merge(&mut self, other: &Coverage) {
        for (a, b) in self.accepted.iter_mut().zip(&other.accepted) {
            *a |= *b;
        }
        for (a, b) in self.rejected.iter_mut().zip(&other.rejected) {
            *a |= *b;
        }
    }
}

pub struct Cx<'a> {
    pub input: &'a [u8],
    pub reading: Reading,
    coverage: Option<Coverage>,
}

impl<'a> Cx<'a> {
    pub fn new(input: &'a [u8], reading: Reading, record: bool) -> Cx<'a> {
        Cx {
            input,
            reading,
            coverage: record.then(Coverage::new),
        }
    }

    pub fn into_coverage(self) -> Option<Coverage> {
        self.coverage
    }

    pub fn recording(&self) -> bool {
        self.coverage.is_some()
    }

    pub fn mark(&mut self, rule: Rule, ok: bool) -> bool {
        if let Some(c) = &mut self.coverage {
            c.mark(rule, ok);
        }
        ok
    }

    /// Runs a rule's body and records whether it accepted.
    pub fn rule<T>(&mut self, rule: Rule, body: impl FnOnce(&mut Self) -> Res<T>) -> Res<T> {
        let r = body(self);
        self.mark(rule, r.is_ok());
        r
    }

    pub fn fail(&self, offset: usize, rule: Rule, expected: impl Into<String>) -> Failure {
        Failure {
            offset,
            rule,
            expected: expected.into(),
        }
    }

    pub fn bytes(&self, s: Span) -> &'a [u8] {
        &self.input[s.start..s.end]
    }

    pub fn text(&self, s: Span) -> String {
        String::from_utf8_lossy(self.bytes(s)).into_owned()
    }

    /// The first `b` in `s`, as an absolute offset.
    pub fn find(&self, s: Span, b: u8) -> Option<usize> {
        self.bytes(s)
            .iter()
            .position(|&x| x == b)
            .map(|i| s.start + i)
    }

    /// The literal `lit` at `at`, within `s`; returns the offset after it.
    pub fn literal(&self, at: usize, s: Span, lit: &str, rule: Rule) -> Res<usize> {
        for (k, want) in lit.bytes().enumerate() {
            if self.input.get(at + k).filter(|_| at + k < s.end) != Some(&want) {
                return Err(self.fail(at + k, rule, format!("\"{lit}\"")));
            }
        }
        Ok(at + lit.len())
    }

    /// A scheme production's opening literal, such as `"http://"`, at the start of `s`.
    /// Under [`Reading::SchemeCaseIgnore`] the scheme name is compared without case.
    pub fn scheme_literal(&self, s: Span, scheme: &str, sep: &str, rule: Rule) -> Res<usize> {
        let fold = self.reading == Reading::SchemeCaseIgnore;
        let bytes = self.bytes(s);
        let name_ok = |k: usize, want: u8| match bytes.get(k) {
            Some(&g) if fold => g.to_ascii_lowercase() == want,
            Some(&g) => g == want,
            None => false,
        };
        // Every alternative of `url` is tried on every input, so this fails for all but
        // one scheme per parse: find where without allocating, then build the message
        // once (not through `format!`).
        let stop = scheme
            .bytes()
            .enumerate()
            .find(|&(k, want)| !name_ok(k, want))
            .map(|(k, _)| k)
            .or_else(|| {
                sep.bytes()
                    .enumerate()
                    .find(|&(k, want)| bytes.get(scheme.len() + k) != Some(&want))
                    .map(|(k, _)| scheme.len() + k)
            });
        match stop {
            None => Ok(s.start + scheme.len() + sep.len()),
            Some(k) => {
                let mut expected = String::with_capacity(scheme.len() + sep.len() + 2);
                expected.push('"');
                expected.push_str(scheme);
                expected.push_str(sep);
                expected.push('"');
                Err(self.fail(s.start + k, rule, expected))
            }
        }
    }

    /// `*[ element ]` over the whole of `s`: `element` returns how many bytes it matched
    /// at an offset (an escape is three), or `None`.
    pub fn star(
        &mut self,
        s: Span,
        rule: Rule,
        expected: &str,
        mut element: impl FnMut(&mut Self, usize, usize) -> Option<usize>,
    ) -> Res<()> {
        let mut i = s.start;
        while i < s.end {
            match element(self, i, s.end) {
                Some(n) => i += n,
                None => return Err(self.fail(i, rule, expected)),
            }
        }
        Ok(())
    }

    /// One of the single-character literals in `set`, at `i`.
    pub fn one_of(&self, i: usize, set: &[u8]) -> Option<usize> {
        set.contains(&self.input[i]).then_some(1)
    }
}

/// The failure that got further into the input; on a tie, the earlier alternative's.
pub fn furthest(a: Failure, b: Failure) -> Failure {
    if b.offset > a.offset {
        b
    } else {
        a
    }
}

/// When both alternatives of `host` (`hostname | hostnumber`) fail, the one the input was
/// aiming at: a hostnumber when it holds only digits and dots, else a hostname (the
/// convention of `cases/README.md`, shared by every grammar with these rules).
pub fn host_failure(cx: &Cx, s: Span, name: Failure, number: Failure) -> Failure {
    let numeric = cx.bytes(s).iter().all(|b| b.is_ascii_digit() || *b == b'.');
    if numeric && !s.is_empty() {
        number
    } else {
        name
    }
}
