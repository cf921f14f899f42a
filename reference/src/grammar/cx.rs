//! The matching context every rule function receives: the input, the reading, and the
//! optional coverage record.
//!
//! Rule functions recognise a whole span: `f(cx, span)` asks "does `span` derive from
//! this production?". Callers find the span from the delimiters the productions cannot
//! derive (a `login` never derives "/", so it ends at the first "/"), which makes every
//! split unique and keeps the recogniser complete without backtracking, in linear time.

use crate::document::{DocReading, Reading};
use crate::grammar::matched::Match;
use crate::grammar::outcome::{Ambiguities, Components, Failure, Parse, Part, Rules, Verdict};
use crate::grammar::rule::Rule;
pub use crate::grammar::span::{Span, Spans};

/// The text inside a `q!` literal's quotes.
pub(crate) fn unquote(lit: &'static str) -> &'static str {
    lit.strip_prefix('"')
        .and_then(|l| l.strip_suffix('"'))
        .unwrap_or(lit)
}

/// The one-character string for an ASCII byte (for a failure's `expected`); `"?"` for
/// any other byte, which no grammar asks for.
pub(crate) fn ascii_char(b: u8) -> &'static str {
    const ASCII: &str = "\0\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b\x0c\r\x0e\x0f\
        \x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f \
        !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~\x7f";
    let i = usize::from(b);
    ASCII.get(i..i + 1).unwrap_or("?")
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
    /// Records that `rule` accepted (`ok`) or rejected.
    pub fn mark(&mut self, rule: Rule, ok: bool) {
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
    /// The components the production being matched reports ([`Cx::put`]): one place per
    /// parse, written where they are found, so no large result is returned or copied.
    /// Made on the first component.
    found: Option<Components<'a>>,
    /// Whether the alternative being tried may be the one reported ([`Cx::report`]).
    reporting: bool,
}

impl<'a> Cx<'a> {
    pub fn new(input: &'a [u8], reading: Reading, record: bool) -> Cx<'a> {
        Cx {
            input,
            reading,
            coverage: record.then(Coverage::new),
            found: None,
            reporting: true,
        }
    }

    /// Starts an alternative of a production whose alternatives are all tried: when
    /// `report`, it may be the one reported, and writes its components afresh; when not
    /// (an earlier alternative was chosen), its components would be dropped, so they
    /// are not written.
    #[inline]
    pub(crate) fn report(&mut self, report: bool) {
        self.reporting = report;
        if let (true, Some(c)) = (report, &mut self.found) {
            c.clear();
        }
    }

    /// Reports the component `name` of the production being matched.
    #[inline]
    pub(crate) fn put(&mut self, name: &'static str, value: Option<Part>) {
        if self.reporting {
            self.found().put(name, value);
        }
    }

    /// The components being written, made on the first. Not inlined, so that the rule
    /// functions' frames hold no `Components` of their own.
    #[inline(never)]
    fn found(&mut self) -> &mut Components<'a> {
        let input = self.input;
        self.found.get_or_insert_with(|| Components::new(input))
    }

    /// The components of the alternative reported (the last one tried while
    /// reporting), taken out of the context.
    pub(crate) fn take_components(&mut self) -> Components<'a> {
        self.found
            .take()
            .unwrap_or_else(|| Components::new(self.input))
    }

    /// The parse of the input under `doc`, judged `verdict` with `error`: its rule,
    /// components and ambiguities are those of `found`, the alternative chosen (whose
    /// components this context holds), and none without one.
    pub(crate) fn parse(
        &mut self,
        doc: DocReading,
        verdict: Verdict,
        found: Option<Match>,
        error: Option<Failure>,
        alternatives: Rules,
    ) -> Parse<'a> {
        let (rule, components, ambiguities) = match found {
            Some(m) => (Some(m.rule), self.take_components(), m.ambiguities),
            None => (None, Components::new(self.input), Ambiguities::new()),
        };
        Parse {
            doc,
            verdict,
            rule,
            components,
            error,
            alternatives,
            ambiguities,
            input: self.input,
        }
    }

    pub fn into_coverage(self) -> Option<Coverage> {
        self.coverage
    }

    #[inline]
    pub fn recording(&self) -> bool {
        self.coverage.is_some()
    }

    #[inline]
    pub fn mark(&mut self, rule: Rule, ok: bool) -> bool {
        if let Some(c) = &mut self.coverage {
            c.mark(rule, ok);
        }
        ok
    }

    /// Runs a rule's body and records whether it accepted. Inlined, so that a rule's
    /// result is written once, in its caller's place, not copied out of a closure.
    #[inline(always)]
    pub fn rule<T>(&mut self, rule: Rule, body: impl FnOnce(&mut Self) -> Res<T>) -> Res<T> {
        let r = body(self);
        self.mark(rule, r.is_ok());
        r
    }

    /// A scheme production: its opening literal at the start of `s` (see
    /// [`Cx::scheme_literal`]), then `body` from the offset after it, marked as `rule`.
    #[inline(always)]
    pub fn scheme_rule<T>(
        &mut self,
        s: Span,
        lit: &'static str,
        rule: Rule,
        body: impl FnOnce(&mut Self, usize) -> Res<T>,
    ) -> Res<T> {
        self.rule(rule, |cx| {
            let at = cx.scheme_literal(s, lit, rule)?;
            body(cx, at)
        })
    }

    #[inline]
    pub fn fail(&self, offset: usize, rule: Rule, expected: &'static str) -> Failure {
        Failure {
            offset,
            rule,
            expected,
        }
    }

    #[inline]
    pub fn bytes(&self, s: Span) -> &'a [u8] {
        &self.input[s.start..s.end]
    }

    #[inline]
    /// The text of `s`: borrowed from the input when it is UTF-8 (the common case,
    /// no allocation), otherwise lossy-owned.
    pub fn text(&self, s: Span) -> std::borrow::Cow<'a, str> {
        String::from_utf8_lossy(self.bytes(s))
    }

    #[inline]
    /// The first `b` in `s`, as an absolute offset.
    pub fn find(&self, s: Span, b: u8) -> Option<usize> {
        self.bytes(s)
            .iter()
            .position(|&x| x == b)
            .map(|i| s.start + i)
    }

    /// `part *( sep part )` over the whole of `s`, for a `part` that derives no `sep`:
    /// `part` on each piece between the `sep`s (n of them make n + 1 pieces, any empty).
    pub fn separated(
        &mut self,
        s: Span,
        sep: u8,
        mut part: impl FnMut(&mut Self, Span) -> Res<()>,
    ) -> Res<()> {
        let mut at = s.start;
        loop {
            let end = self.find(s.from(at), sep).unwrap_or(s.end);
            part(self, Span::new(at, end))?;
            if end == s.end {
                return Ok(());
            }
            at = end + 1;
        }
    }

    /// `part` over `s` from `at` to the first "/" (or the end of `s`), for a part that
    /// derives no "/" (a `login`, a `hostport`), so that the first "/" ends it: its
    /// result, and where it ends.
    pub fn up_to_slash<T>(
        &mut self,
        s: Span,
        at: usize,
        part: impl FnOnce(&mut Self, Span) -> Res<T>,
    ) -> Res<(T, usize)> {
        let end = self.find(s.from(at), b'/').unwrap_or(s.end);
        Ok((part(self, Span::new(at, end))?, end))
    }

    #[inline]
    /// The literal `lit` at `at`, within `s`; returns the offset after it. `lit` is
    /// written as the BNF writes it, in its quotes (`q!`): the text a failure reports.
    pub fn literal(&self, at: usize, s: Span, lit: &'static str, rule: Rule) -> Res<usize> {
        let text = unquote(lit);
        for (k, want) in text.bytes().enumerate() {
            if self.input.get(at + k).filter(|_| at + k < s.end) != Some(&want) {
                return Err(self.fail(at + k, rule, lit));
            }
        }
        Ok(at + text.len())
    }

    /// A scheme production's opening literal, such as `q!("http://")`, at the start of
    /// `s`. Under [`Reading::SchemeCaseIgnore`] the scheme name (up to the ":") is
    /// compared without case. Inlined: `lit` is a constant at every call, so its
    /// unquoting and the place of its ":" fold away.
    #[inline]
    pub fn scheme_literal(&self, s: Span, lit: &'static str, rule: Rule) -> Res<usize> {
        let text = unquote(lit).as_bytes();
        let name_len = text.iter().position(|&b| b == b':').unwrap_or(text.len());
        let fold = self.reading == Reading::SchemeCaseIgnore;
        let bytes = self.bytes(s);
        // Every alternative of `url` is tried on every input, so this fails for all but
        // one scheme per parse: the failure carries the literal itself, nothing is built.
        let stop = text
            .iter()
            .enumerate()
            .find(|&(k, &want)| match bytes.get(k) {
                Some(&g) if fold && k < name_len => g.to_ascii_lowercase() != want,
                Some(&g) => g != want,
                None => true,
            });
        match stop {
            None => Ok(s.start + text.len()),
            Some((k, _)) => Err(self.fail(s.start + k, rule, lit)),
        }
    }

    #[inline]
    /// `*[ element ]` over the whole of `s`: `element` returns how many bytes it matched
    /// at an offset (an escape is three), or `None`.
    pub fn star(
        &mut self,
        s: Span,
        rule: Rule,
        expected: &'static str,
        element: impl FnMut(&mut Self, usize, usize) -> Option<usize>,
    ) -> Res<()> {
        self.elements(s, element)
            .map_err(|i| self.fail(i, rule, expected))
    }

    #[inline]
    /// `element` repeated over the whole of `s`; where it cannot go on, the offset.
    pub(crate) fn elements(
        &mut self,
        s: Span,
        mut element: impl FnMut(&mut Self, usize, usize) -> Option<usize>,
    ) -> Result<(), usize> {
        let mut i = s.start;
        while i < s.end {
            match element(self, i, s.end) {
                Some(n) => i += n,
                None => return Err(i),
            }
        }
        Ok(())
    }

    #[inline]
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

/// The failure further left in the input; on a tie, the first.
pub fn leftmost(a: Failure, b: Failure) -> Failure {
    if b.offset < a.offset {
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

/// The results of a production's alternatives tried in order (`url`'s scheme
/// productions): whether each derives the input (or where it failed), and the first
/// one's match. Only that match is kept, and only it reports components
/// ([`Cx::report`]): the others are needed only as accepted or failed.
pub struct Alternatives<M, const N: usize> {
    pub results: [(Rule, Result<(), Failure>); N],
    pub first: Option<M>,
}

impl<M, const N: usize> Alternatives<M, N> {
    /// Tries each of `rules` in order with `alternative`.
    pub fn run<'a>(
        cx: &mut Cx<'a>,
        rules: [Rule; N],
        mut alternative: impl FnMut(&mut Cx<'a>, usize) -> Res<M>,
    ) -> Self {
        let mut out = Alternatives {
            results: rules.map(|r| (r, Ok(()))),
            first: None,
        };
        for k in 0..N {
            cx.report(out.first.is_none());
            match alternative(cx, k) {
                Ok(m) => {
                    if out.first.is_none() {
                        out.first = Some(m);
                    }
                }
                Err(f) => out.results[k].1 = Err(f),
            }
        }
        out
    }

    /// Does any alternative derive the input?
    pub fn any(&self) -> bool {
        self.results.iter().any(|(_, r)| r.is_ok())
    }
}
