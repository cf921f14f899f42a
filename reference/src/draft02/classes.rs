//! The October 1993 draft's character productions: each class defined once and built
//! from the others as the BNF builds them, and the rules made of them that match more
//! than one character (`escape`, `xalpha`, `xalphas`, `ialpha`, `digits`, ...).
//!
//! "Spaces are representated by the word "space", and the vertical line character by
//! "vline"" (BNF syntax): `space` is the octet 20, `vline` the octet 7C. Every other
//! symbol that is not a word stands for itself, and "Single letters stand for single
//! letters", so `a` is the octet 61 and never `A`.

use crate::grammar::class::Class;
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::outcome::Failure;
use crate::grammar::rule::Rule;

/// `alpha a | b | c | d | e | f | g | h | i | j | k | l | m | n | o | p | q | r | s | t | u | v | w | x | y | z | A | B | C | D | E | F | G | H | I | J | K | L | M | N | O | P | Q | R | S | T | U | V | W | X | Y | Z`
pub const ALPHA: Class = Class::new(
    Rule::D02Alpha,
    &[],
    b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
);
/// `digit 0 |1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9`
///
/// A copy that wraps the line loses this rule's name (it prints only "0 |1 | 2 | ..."); `hex`, `digits`,
/// `xalpha` and `alphanum` name it, and draft-03 prints the same line as `digit`.
pub const DIGIT: Class = Class::new(Rule::D02Digit, &[], b"0123456789");
/// `safe $ | - | _ | @ | . | &`
pub const SAFE: Class = Class::new(Rule::D02Safe, &[], b"$-_@.&");
/// `extra ! | * | " | ' | ( | ) | : | ; | , | space`
///
/// `space` is the space character: "Spaces are representated by the word "space"".
pub const EXTRA: Class = Class::new(Rule::D02Extra, &[], b"!*\"'():;, ");
/// `hex digit | a | b | c | d | e | f | A | B | C | D | E | F`
pub const HEX: Class = Class::new(Rule::D02Hex, &[&DIGIT], b"abcdefABCDEF");
/// `national { | } | vline | [ | ] | \ | ^ | ~`
///
/// `vline` is "|" ("the vertical line character by "vline""); `[` and `]` stand here for
/// themselves, each between two `|`. "The "national" and "punctuation" characters fo
/// not appear in any productions and therefore may not appear in URLs": no production
/// uses this class.
pub const NATIONAL: Class = Class::new(Rule::D02National, &[], b"{}|[]\\^~");
/// `punctuation < | >`
///
/// Used by no production, like `national`.
pub const PUNCTUATION: Class = Class::new(Rule::D02Punctuation, &[], b"<>");
/// `alphanum alpha | digit`
pub const ALPHANUM: Class = Class::new(Rule::D02Alphanum, &[&ALPHA, &DIGIT], b"");

/// Every class, for tests and tables.
pub const CLASSES: &[&Class] = &[
    &ALPHA,
    &DIGIT,
    &SAFE,
    &EXTRA,
    &HEX,
    &NATIONAL,
    &PUNCTUATION,
    &ALPHANUM,
];

/// What `escape` expects, in the draft's notation.
pub const ESCAPE: &str = "% hex hex";

#[inline]
/// `escape % hex hex`
pub fn escape(cx: &mut Cx, i: usize, end: usize) -> Option<usize> {
    cx.escape(i, end, &HEX, Rule::D02Escape)
}

#[inline]
/// `xalpha alpha | digit | safe | extra | escape`
///
/// Returns how many octets the xalpha at `i` takes (an escape is three).
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
    cx.mark(Rule::D02Xalpha, n.is_some());
    n
}

#[inline]
/// `xpalpha xalpha | +`
pub fn xpalpha(cx: &mut Cx, i: usize, end: usize) -> Option<usize> {
    let n = xalpha(cx, i, end).or_else(|| (cx.input[i] == b'+').then_some(1));
    cx.mark(Rule::D02Xpalpha, n.is_some());
    n
}

/// One or more `element`s over the whole of `s`. A "%" that starts no well-formed
/// escape fails `escape` there; any other octet the element cannot take fails `rule`.
fn one_or_more(
    cx: &mut Cx,
    s: Span,
    rule: Rule,
    expected: &'static str,
    escapes: bool,
    mut element: impl FnMut(&mut Cx, usize, usize) -> Option<usize>,
) -> Res<()> {
    if s.is_empty() {
        return Err(cx.fail(s.start, rule, expected));
    }
    let mut i = s.start;
    while i < s.end {
        match element(cx, i, s.end) {
            Some(n) => i += n,
            None if escapes && cx.input[i] == b'%' => {
                return Err(cx.fail(i, Rule::D02Escape, ESCAPE))
            }
            None => return Err(cx.fail(i, rule, expected)),
        }
    }
    Ok(())
}

/// `xalphas xalpha [ xalphas ]`
///
/// The recursion is one or more xalphas; it is matched as a loop.
pub fn xalphas(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D02Xalphas, |cx| {
        one_or_more(cx, s, Rule::D02Xalphas, "xalpha", true, xalpha)
    })
}

/// `xpalphas xpalpha [ xpalphas ]`
///
/// Repaired reading: the draft prints "xpalphas xpalpha [ xpalpha ]", which would allow
/// at most two xpalphas; as RFC 1630, draft-03 and the mid-1993 copy have it, the
/// optional part is `xpalphas` (cases/divergences/README.md §6).
pub fn xpalphas(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D02Xpalphas, |cx| {
        one_or_more(cx, s, Rule::D02Xpalphas, "xpalpha", true, xpalpha)
    })
}

/// `ialpha alpha [ xalphas ]`
pub fn ialpha(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D02Ialpha, |cx| {
        if s.is_empty() || !cx.class(&ALPHA, cx.input[s.start]) {
            return Err(cx.fail(s.start, Rule::D02Ialpha, "alpha"));
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
    cx.rule(Rule::D02Digits, |cx| {
        one_or_more(cx, s, Rule::D02Digits, "digit", false, |cx, i, _| {
            cx.class(&DIGIT, cx.input[i]).then_some(1)
        })
    })
}

/// `alphanums alphanum [ alphanums ]`
pub fn alphanums(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D02Alphanums, |cx| {
        one_or_more(cx, s, Rule::D02Alphanums, "alphanum", false, |cx, i, _| {
            cx.class(&ALPHANUM, cx.input[i]).then_some(1)
        })
    })
}

/// `void`
///
/// The empty string: the production has no right-hand side.
pub fn void(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D02Void, |cx| {
        if s.is_empty() {
            Ok(())
        } else {
            Err(cx.fail(s.start, Rule::D02Void, "void"))
        }
    })
}

/// The building blocks (`xalphas`, `ialpha`, `digits`, ...) are reported as the rule
/// that used them, which is what a reader looks for (the convention of
/// `cases/README.md`: "`digits` is reported as the rule that used it"). An `escape`
/// that is not well formed stays an `escape` failure.
pub fn owned(rule: Rule) -> impl Fn(Failure) -> Failure {
    move |f| match f.rule {
        Rule::D02Xalphas
        | Rule::D02Xpalphas
        | Rule::D02Ialpha
        | Rule::D02Digits
        | Rule::D02Alphanums => Failure { rule, ..f },
        _ => f,
    }
}

/// Pure tests, used to choose among derivations before the rule functions are run on
/// the chosen spans (they record nothing).
pub mod shape {
    use crate::draft02::classes::{ALPHA, DIGIT, EXTRA, HEX, SAFE};

    /// Every octet of `b` belongs to an xalpha: `b` is `xalphas`, or empty.
    pub fn all_xalpha(b: &[u8]) -> bool {
        let mut i = 0;
        while i < b.len() {
            let c = b[i];
            if ALPHA.contains(c) || DIGIT.contains(c) || SAFE.contains(c) || EXTRA.contains(c) {
                i += 1;
            } else if c == b'%'
                && i + 2 < b.len()
                && HEX.contains(b[i + 1])
                && HEX.contains(b[i + 2])
            {
                i += 3;
            } else {
                return false;
            }
        }
        true
    }

    pub fn digits(b: &[u8]) -> bool {
        !b.is_empty() && b.iter().all(|&c| DIGIT.contains(c))
    }

    pub fn starts_alpha(b: &[u8]) -> bool {
        b.first().is_some_and(|&c| ALPHA.contains(c))
    }

    /// `digits . digits . digits . digits`
    pub fn hostnumber(b: &[u8]) -> bool {
        let parts: Vec<&[u8]> = b.split(|&c| c == b'.').collect();
        parts.len() == 4 && parts.iter().all(|p| digits(p))
    }

    /// `host`, for a span already known to be all xalpha: a hostname is any ialpha.
    pub fn host(b: &[u8]) -> bool {
        starts_alpha(b) || hostnumber(b)
    }

    /// `hostport`, for a span already known to be all xalpha.
    pub fn hostport(b: &[u8]) -> bool {
        if starts_alpha(b) {
            return true;
        }
        match b.iter().rposition(|&c| c == b':') {
            Some(colon) => hostnumber(&b[..colon]) && digits(&b[colon + 1..]),
            None => hostnumber(b),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// National and punctuation characters "do not appear in any productions": they are
    /// in no class an xalpha or xpalpha is made of.
    #[test]
    fn national_and_punctuation_are_in_no_xpalpha() {
        for b in NATIONAL.members().chain(PUNCTUATION.members()) {
            let input = [b];
            let mut cx = Cx::new(&input, crate::Reading::Strict, false);
            assert_eq!(xpalpha(&mut cx, 0, 1), None, "{:?}", b as char);
        }
    }

    #[test]
    fn shapes() {
        assert!(shape::all_xalpha(b"a b:c@d%41"));
        assert!(!shape::all_xalpha(b"a%4"));
        assert!(!shape::all_xalpha(b"a/b"));
        assert!(!shape::all_xalpha(b"a+b"));
        assert!(shape::hostnumber(b"1.2.3.4"));
        assert!(!shape::hostnumber(b"1.2.3"));
        assert!(!shape::hostnumber(b"1.2.3.4.5"));
        assert!(!shape::hostnumber(b"1..3.4"));
        assert!(shape::hostport(b"1.2.3.4:80"));
        assert!(!shape::hostport(b"1.2.3.4:"));
        assert!(shape::hostport(b"h:"));
    }
}
