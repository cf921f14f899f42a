//! draft-03's character classes (one constant per class production, built from the
//! others as the BNF builds them) and the rules over them that match more than one
//! character: `escape`, `xalpha`, `xalphas`, `xpalpha`, `xpalphas`, `ialpha`, `digits`,
//! `alphanums`, `void`.
//!
//! Notation: "Single letters stand for single letters", so `a | b | ...` are the letters
//! themselves, matched exactly; "space" and "vline" name the space and "|" characters;
//! any other character stands for itself.
//!
//! The BNF writes repetition as right recursion (`xalphas xalpha [ xalphas ]`): one or
//! more. Each such rule is matched as the repetition it derives, in one pass.

use crate::grammar::class::Class;
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::rule::Rule;

/// `alpha a | b | c | d | e | f | g | h | i | j | k | l | m | n | o | p | q | r | s | t | u | v | w | x | y | z | A | B | C | D | E | F | G | H | I | J | K | L | M | N | O | P | Q | R | S | T | U | V | W | X | Y | Z`
pub const ALPHA: Class = Class::new(
    Rule::D03Alpha,
    &[],
    b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
);
/// `digit 0 |1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9`
pub const DIGIT: Class = Class::new(Rule::D03Digit, &[], b"0123456789");
/// `safe $ | - | _ | @ | . | & | + | -`
///
/// "-" is listed twice; "+" is in `safe`, so it is an `xalpha` too (see `search`).
pub const SAFE: Class = Class::new(Rule::D03Safe, &[], b"$-_@.&+-");
/// `extra ! | * | " | ' | ( | ) | ,`
pub const EXTRA: Class = Class::new(Rule::D03Extra, &[], b"!*\"'(),");
/// `reserved = | ; | / | # | ? | : | space`
///
/// No production uses `reserved`; the characters it lists appear as literals (`=`, `;`,
/// `/`, `?`, `:`) or not at all (`#`, space).
pub const RESERVED: Class = Class::new(Rule::D03Reserved, &[], b"=;/#?: ");
/// `hex digit | a | b | c | d | e | f | A | B | C | D | E | F`
pub const HEX: Class = Class::new(Rule::D03Hex, &[&DIGIT], b"abcdefABCDEF");
/// `national { | } | vline | [ | ] | \ | ^ | ~`
///
/// "The "national" and "punctuation" characters do not appear in any productions and
/// therefore may not appear in URLs."
pub const NATIONAL: Class = Class::new(Rule::D03National, &[], b"{}|[]\\^~");
/// `punctuation < | >`
pub const PUNCTUATION: Class = Class::new(Rule::D03Punctuation, &[], b"<>");
/// `alphanum2 alpha | digit | - | _ | . | +`
pub const ALPHANUM2: Class = Class::new(Rule::D03Alphanum2, &[&ALPHA, &DIGIT], b"-_.+");
/// `alphanum alpha | digit`
pub const ALPHANUM: Class = Class::new(Rule::D03Alphanum, &[&ALPHA, &DIGIT], b"");
/// `formcode N | T | C`
///
/// Upper case only: "Single letters stand for single letters".
pub const FORMCODE: Class = Class::new(Rule::D03Formcode, &[], b"NTC");

/// Every class, for tests and tables.
pub const CLASSES: &[&Class] = &[
    &ALPHA,
    &DIGIT,
    &SAFE,
    &EXTRA,
    &RESERVED,
    &HEX,
    &NATIONAL,
    &PUNCTUATION,
    &ALPHANUM2,
    &ALPHANUM,
    &FORMCODE,
];

#[inline]
/// `escape % hex hex`
pub fn escape(cx: &mut Cx, i: usize, end: usize) -> Option<usize> {
    cx.escape(i, end, &HEX, Rule::D03Escape)
}

#[inline]
/// `xalpha alpha | digit | safe | extra | escape`
///
/// How many bytes the `xalpha` at `i` takes (an escape is three), or `None`.
pub fn xalpha(cx: &mut Cx, i: usize, end: usize) -> Option<usize> {
    let b = cx.input[i];
    let n = if cx.class(&ALPHA, b)
        || cx.class(&DIGIT, b)
        || cx.class(&SAFE, b)
        || cx.class(&EXTRA, b)
    {
        Some(1)
    } else {
        escape(cx, i, end)
    };
    cx.mark(Rule::D03Xalpha, n.is_some());
    n
}

#[inline]
/// `xpalpha xalpha | +`
///
/// "+" is already an `xalpha` (it is in `safe`), so the second alternative adds nothing.
pub fn xpalpha(cx: &mut Cx, i: usize, end: usize) -> Option<usize> {
    let n = xalpha(cx, i, end).or_else(|| cx.one_of(i, b"+"));
    cx.mark(Rule::D03Xpalpha, n.is_some());
    n
}

/// `xalphas xalpha [ xalphas ]`
pub fn xalphas(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D03Xalphas, |cx| {
        if s.is_empty() {
            return Err(cx.fail(s.start, Rule::D03Xalphas, "xalpha"));
        }
        cx.star(s, Rule::D03Xalphas, "xalpha", xalpha)
    })
}

/// `xpalphas xpalpha [ xpalphas ]`
pub fn xpalphas(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D03Xpalphas, |cx| {
        if s.is_empty() {
            return Err(cx.fail(s.start, Rule::D03Xpalphas, "xpalpha"));
        }
        cx.star(s, Rule::D03Xpalphas, "xpalpha", xpalpha)
    })
}

/// `ialpha alpha [ xalphas ]`
pub fn ialpha(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D03Ialpha, |cx| {
        if s.is_empty() || !cx.class(&ALPHA, cx.input[s.start]) {
            return Err(cx.fail(s.start, Rule::D03Ialpha, "alpha"));
        }
        let rest = s.from(s.start + 1);
        if rest.is_empty() {
            return Ok(());
        }
        xalphas(cx, rest)
    })
}

/// `digits digit [ digits ]`
pub fn digits(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D03Digits, |cx| {
        cx.class_plus(s, Rule::D03Digits, (&DIGIT, "digit"))
    })
}

/// `alphanums alphanum [ alphanums ]`
pub fn alphanums(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D03Alphanums, |cx| {
        cx.class_plus(s, Rule::D03Alphanums, (&ALPHANUM, "alphanum"))
    })
}

/// `void`
///
/// The production has no body: the empty string.
pub fn void(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D03Void, |cx| {
        if s.is_empty() {
            Ok(())
        } else {
            Err(cx.fail(s.start, Rule::D03Void, "the end of the part (void)"))
        }
    })
}

/// `digits` is a building block: its failure is reported as the failure of the rule
/// that used it (the convention of `cases/README.md`).
pub fn digits_in(cx: &mut Cx, s: Span, rule: Rule) -> Res<()> {
    digits(cx, s).map_err(|f| crate::grammar::outcome::Failure { rule, ..f })
}

/// Where the `xalpha` units covering `s` first fail, without recording anything: used
/// to choose between the splits of `xalphas @ host` in one pass before the chosen split
/// is matched for real. `None` when every unit is an `xalpha`.
pub fn first_non_xalpha(input: &[u8], s: Span) -> Option<usize> {
    let hex = |i: usize| i < s.end && HEX.contains(input[i]);
    let mut i = s.start;
    while i < s.end {
        let b = input[i];
        if ALPHA.contains(b) || DIGIT.contains(b) || SAFE.contains(b) || EXTRA.contains(b) {
            i += 1;
        } else if b == b'%' && hex(i + 1) && hex(i + 2) {
            i += 3;
        } else {
            return Some(i);
        }
    }
    None
}

/// The `xalpha` unit at `i`: three bytes for an escape, else one.
pub fn unit_len(input: &[u8], i: usize, end: usize) -> usize {
    if input[i] == b'%' && i + 3 <= end {
        3
    } else {
        1
    }
}
