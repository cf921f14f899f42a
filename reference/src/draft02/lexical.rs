//! The lexical steps every scheme production of draft-02 starts with: its literal
//! opening letters, a single separator, the next delimiter, the scheme's value.

use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

/// A scheme production's opening letters and punctuation at the start of `s`, given as
/// the BNF spells them, one character and a space each (`"h t t p : / /"`): "Single
/// letters stand for single letters", so they match exactly. A failure reports the
/// spelling. Returns the offset after them.
pub(crate) fn literal(cx: &Cx, s: Span, spelled: &'static str, rule: Rule) -> Res<usize> {
    let mut at = s.start;
    for want in spelled.bytes().step_by(2) {
        if at >= s.end || cx.input[at] != want {
            return Err(cx.fail(at.min(s.end), rule, spelled));
        }
        at += 1;
    }
    Ok(at)
}

/// The single character `want` at `at`, within `s`.
pub(crate) fn expect(cx: &Cx, at: usize, s: Span, want: u8, rule: Rule) -> Res<()> {
    if at < s.end && cx.input[at] == want {
        Ok(())
    } else {
        Err(cx.fail(at.min(s.end), rule, crate::grammar::cx::ascii_char(want)))
    }
}

/// The first of `set` in `s`, or its end.
pub(crate) fn first_of(cx: &Cx, s: Span, set: &[u8]) -> usize {
    cx.bytes(s)
        .iter()
        .position(|b| set.contains(b))
        .map_or(s.end, |i| s.start + i)
}

/// The scheme component of a scheme production: its letters as written.
pub(crate) fn scheme_value(_cx: &Cx, s: Span, name: &str) -> Option<Part> {
    Some(Part::Str(Span::new(s.start, s.start + name.len())))
}
