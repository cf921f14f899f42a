//! Character classes built from classes, as the grammars build them, and the escaped
//! octets (`"%" hex hex`) every document after the 1993 drafts writes the same way.

use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::rule::Rule;

/// A set of octets named by a production. `parts` are the named alternatives it is
/// built from, in the BNF's order; the octets it lists itself are in `set` too.
pub struct Class {
    pub rule: Rule,
    set: [bool; 256],
    parts: &'static [&'static Class],
}

impl Class {
    pub(crate) const fn new(
        rule: Rule,
        parts: &'static [&'static Class],
        literals: &[u8],
    ) -> Class {
        let mut set = [false; 256];
        let mut p = 0;
        while p < parts.len() {
            let mut b = 0;
            while b < 256 {
                if parts[p].set[b] {
                    set[b] = true;
                }
                b += 1;
            }
            p += 1;
        }
        let mut i = 0;
        while i < literals.len() {
            set[literals[i] as usize] = true;
            i += 1;
        }
        Class { rule, set, parts }
    }

    #[inline]
    pub fn contains(&self, b: u8) -> bool {
        self.set[b as usize]
    }

    /// Every octet of the class, in order.
    pub fn members(&self) -> impl Iterator<Item = u8> + '_ {
        (0u8..=255).filter(|&b| self.contains(b))
    }
}

impl Cx<'_> {
    #[inline]
    /// Is `b` in `class`? When recording, marks the class and, as `|` is evaluated, each
    /// named part up to the first that accepts.
    pub fn class(&mut self, class: &Class, b: u8) -> bool {
        if self.recording() {
            self.trace_class(class, b);
        }
        class.contains(b)
    }

    /// `*class` over the whole of `s` (a `port`): fails `rule` at the first character
    /// not in `class`, named `name` there.
    pub fn class_star(
        &mut self,
        s: Span,
        rule: Rule,
        (class, name): (&Class, &'static str),
    ) -> Res<()> {
        self.star(s, rule, name, |cx, i, _| {
            cx.class(class, cx.input[i]).then_some(1)
        })
    }

    /// `1*class` over the whole of `s` (`digits`, `alphanums`): as [`Cx::class_star`],
    /// an empty `s` failing at its start.
    pub fn class_plus(
        &mut self,
        s: Span,
        rule: Rule,
        (class, name): (&Class, &'static str),
    ) -> Res<()> {
        if s.is_empty() {
            return Err(self.fail(s.start, rule, name));
        }
        self.class_star(s, rule, (class, name))
    }

    /// `first *element` over the whole of `s` (a `scheme`, a `group`, a `hostname`): a
    /// character of the class `first`, named `first_name` where it is missing, then
    /// `element` repeated; fails `rule` where either stops.
    pub fn first_then_star(
        &mut self,
        s: Span,
        rule: Rule,
        (first, first_name): (&Class, &'static str),
        expected: &'static str,
        element: impl FnMut(&mut Self, usize, usize) -> Option<usize>,
    ) -> Res<()> {
        if s.is_empty() || !self.class(first, self.input[s.start]) {
            return Err(self.fail(s.start, rule, first_name));
        }
        self.star(s.from(s.start + 1), rule, expected, element)
    }

    #[inline]
    /// `"%" hex hex` at `i`, within `..end`, over the document's `hex` class, marking
    /// its escape rule `escape`: 3 when it matches.
    pub fn escape(&mut self, i: usize, end: usize, hex: &Class, escape: Rule) -> Option<usize> {
        let input = self.input;
        let ok = i + 3 <= end
            && input[i] == b'%'
            && self.class(hex, input[i + 1])
            && self.class(hex, input[i + 2]);
        self.mark(escape, ok).then_some(3)
    }

    #[inline]
    /// `*element` over the whole of `s`, for an element that may be an escape. A "%"
    /// the element cannot take starts no well-formed escape: the document's escape rule
    /// `escape` (expecting `escape_expected`) is then the one that could not go on, and
    /// the failure is at the "%". Any other octet the element cannot take fails `rule`,
    /// at that octet.
    pub fn star_escaped(
        &mut self,
        s: Span,
        (rule, expected): (Rule, &'static str),
        (escape, escape_expected): (Rule, &'static str),
        element: impl FnMut(&mut Self, usize, usize) -> Option<usize>,
    ) -> Res<()> {
        self.elements(s, element).map_err(|i| match self.input[i] {
            b'%' => self.fail(i, escape, escape_expected),
            _ => self.fail(i, rule, expected),
        })
    }

    fn trace_class(&mut self, class: &Class, b: u8) {
        self.mark(class.rule, class.contains(b));
        for part in class.parts {
            self.trace_class(part, b);
            if part.contains(b) {
                break;
            }
        }
    }
}

#[inline]
/// A hostname label, `first | first *( inner | "-" ) inner`, over the whole of `s`,
/// failing `rule`. `first` and `inner` are a class and its name; `inner_or_hyphen` is
/// what a middle octet is expected to be.
pub fn label(
    cx: &mut Cx,
    s: Span,
    rule: Rule,
    (first, first_name): (&Class, &'static str),
    (inner, inner_name, inner_or_hyphen): (&Class, &'static str, &'static str),
) -> Res<()> {
    let input = cx.input;
    if s.is_empty() || !cx.class(first, input[s.start]) {
        return Err(cx.fail(s.start, rule, first_name));
    }
    if s.len() == 1 {
        return Ok(());
    }
    for (i, &b) in input.iter().enumerate().take(s.end - 1).skip(s.start + 1) {
        if !(cx.class(inner, b) || b == b'-') {
            return Err(cx.fail(i, rule, inner_or_hyphen));
        }
    }
    if !cx.class(inner, input[s.end - 1]) {
        return Err(cx.fail(s.end - 1, rule, inner_name));
    }
    Ok(())
}

/// `*( domainlabel "." ) toplabel` over the whole of `s`. Neither label rule derives
/// ".", so the labels are what lies between the dots.
pub fn dotted_labels(
    cx: &mut Cx,
    s: Span,
    domainlabel: fn(&mut Cx, Span) -> Res<()>,
    toplabel: fn(&mut Cx, Span) -> Res<()>,
) -> Res<()> {
    let mut label = s.start;
    while let Some(dot) = cx.find(s.from(label), b'.') {
        domainlabel(cx, Span::new(label, dot))?;
        label = dot + 1;
    }
    toplabel(cx, s.from(label))
}

/// Does `bytes` consist of octets `ok` accepts and well-formed escapes (each "%"
/// followed by two of the document's `hex`)? A plain check, recording nothing: for the
/// derivations urlcert does not report but names as ambiguities.
pub fn all_chars(bytes: &[u8], hex: &Class, ok: impl Fn(u8) -> bool) -> bool {
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'%' {
            let hex = |k: usize| bytes.get(i + k).is_some_and(|&h| hex.contains(h));
            if !(hex(1) && hex(2)) {
                return false;
            }
            i += 3;
        } else if ok(b) {
            i += 1;
        } else {
            return false;
        }
    }
    true
}

/// The octet an escape at `i` stands for, if there is a well-formed one.
pub fn escaped_octet(input: &[u8], i: usize) -> Option<u8> {
    let hex = |b: u8| (b as char).to_digit(16);
    if input.get(i) != Some(&b'%') {
        return None;
    }
    let hi = hex(*input.get(i + 1)?)?;
    let lo = hex(*input.get(i + 2)?)?;
    Some((hi * 16 + lo) as u8)
}

/// Decodes the escapes of a span that is known to derive (every "%" starts an escape).
pub fn decode(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match escaped_octet(bytes, i) {
            Some(o) => {
                out.push(o);
                i += 3;
            }
            None => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    out
}

/// A document's `repeat` and `all_chars`, for the grammars whose escape is `"%" hex hex`
/// under one rule (`escape`, `escaped`, `pct-encoded`): `repeat` is `*element` over the
/// whole of a span, a "%" that starts no well-formed escape failing the escape rule
/// there; `all_chars` (when `hex` is given) the plain check of the same over the
/// document's `hex`; `repeat1` (when `plus` is given) the same for `1*element`.
/// Invoked in the document's `classes` module, where `Cx`, `Span`, `Res` and `Rule`
/// are in scope.
macro_rules! escaped_repetition {
    (escape = ($rule:expr, $expected:expr)) => {
        /// `*element` over the whole of `s`, where a "%" that starts no well-formed
        /// escape fails the document's escape rule, at the "%".
        pub fn repeat(
            cx: &mut Cx,
            s: Span,
            rule: Rule,
            expected: &'static str,
            element: impl FnMut(&mut Cx, usize, usize) -> Option<usize>,
        ) -> Res<()> {
            cx.star_escaped(s, (rule, expected), ($rule, $expected), element)
        }
    };
    (escape = ($rule:expr, $expected:expr), plus) => {
        crate::grammar::class::escaped_repetition!(escape = ($rule, $expected));

        /// As [`repeat`], for `1*element`: an empty `s` fails `rule` at its start.
        pub fn repeat1(
            cx: &mut Cx,
            s: Span,
            rule: Rule,
            expected: &'static str,
            element: impl FnMut(&mut Cx, usize, usize) -> Option<usize>,
        ) -> Res<()> {
            if s.is_empty() {
                return Err(cx.fail(s.start, rule, expected));
            }
            repeat(cx, s, rule, expected, element)
        }
    };
    (escape = ($rule:expr, $expected:expr), hex = $hex:expr) => {
        crate::grammar::class::escaped_repetition!(escape = ($rule, $expected));

        /// Whether `bytes` holds only characters `ok` takes and well-formed escapes.
        pub fn all_chars(bytes: &[u8], ok: impl Fn(u8) -> bool) -> bool {
            crate::grammar::class::all_chars(bytes, &$hex, ok)
        }
    };
}
pub(crate) use escaped_repetition;
