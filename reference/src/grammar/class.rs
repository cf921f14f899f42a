//! Character classes built from classes, as the grammars build them, and the escaped
//! octets (`"%" hex hex`) every document after the 1993 drafts writes the same way.

use crate::grammar::cx::Cx;
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
