//! What the documents' rules share: finding wrappers, taking out whitespace, and the
//! readings of hyphens at line breaks. Which of these a document uses, and why, is in
//! its own file.

use super::{Found, Wrapper, MAX_HYPHEN_READINGS};
use crate::grammar::class::Class;
use std::ops::Range;

/// One kind of wrapper: its delimiters and what it is called with and without the
/// "URL:" prefix.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pair {
    pub open: u8,
    pub close: u8,
    pub plain: Wrapper,
    pub prefixed: Wrapper,
}

pub(super) const ANGLE: Pair = Pair {
    open: b'<',
    close: b'>',
    plain: Wrapper::Angle,
    prefixed: Wrapper::AngleUrl,
};
pub(super) const BRACKET: Pair = Pair {
    open: b'[',
    close: b']',
    plain: Wrapper::Bracket,
    prefixed: Wrapper::BracketUrl,
};
pub(super) const BRACE: Pair = Pair {
    open: b'{',
    close: b'}',
    plain: Wrapper::Brace,
    prefixed: Wrapper::BraceUrl,
};

/// The prefix, as the appendices write it: 'the characters "URL:"'.
pub(super) const PREFIX: &[u8] = b"URL:";

/// What "URL:" just after an opening delimiter is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Prefix {
    /// Not part of the wrapper: what the wrapper holds is all URL (draft-02, draft-03).
    Content,
    /// Part of the wrapper, which does not open without it (draft-06, RFC 1738).
    Required,
    /// Part of the wrapper when it is there (the 1996 draft).
    Optional,
}

/// A wrapper found in the text, before its content is judged.
#[derive(Clone, Debug)]
pub(super) struct Span {
    /// Offset of the opening delimiter.
    pub start: usize,
    /// Offset just past the closing delimiter.
    pub end: usize,
    pub wrapper: Wrapper,
    /// What the wrapper holds, without its delimiters and its prefix.
    pub content: Range<usize>,
    /// Whether the wrapper has the "URL:" prefix.
    pub prefixed: bool,
}

impl Span {
    pub fn found(&self, url: Vec<u8>, hyphens: &[Hyphen]) -> Found {
        Found {
            alternatives: readings(&url, hyphens),
            url,
            start: self.start,
            end: self.end,
            wrapper: self.wrapper,
            hyphens: hyphens.iter().map(|h| h.offset).collect(),
        }
    }
}

/// Every wrapper of the kinds in `pairs`, left to right. A wrapper ends at the first
/// closing delimiter of its kind. An opening or closing delimiter of any kind before it
/// (no URL contains one unencoded) ends the attempt there, and the search goes on from
/// that delimiter, which may open a wrapper of its own. So the spans never overlap, and
/// every byte is looked at at most twice: linear time.
pub(super) fn spans(text: &[u8], pairs: &[Pair], prefix: Prefix) -> Vec<Span> {
    let is_delimiter = |b: u8| pairs.iter().any(|p| p.open == b || p.close == b);
    let mut out = Vec::new();
    let mut i = 0;
    while i < text.len() {
        let Some(pair) = pairs.iter().find(|p| p.open == text[i]) else {
            i += 1;
            continue;
        };
        let has_prefix = text[i + 1..].starts_with(PREFIX);
        let prefixed = has_prefix && prefix != Prefix::Content;
        if prefix == Prefix::Required && !has_prefix {
            i += 1;
            continue;
        }
        let body = if prefixed {
            i + 1 + PREFIX.len()
        } else {
            i + 1
        };
        let mut k = body;
        loop {
            let Some(&b) = text.get(k) else {
                // No closing delimiter, and no delimiter at all after `i`: nothing
                // more can open.
                return out;
            };
            if b == pair.close {
                out.push(Span {
                    start: i,
                    end: k + 1,
                    wrapper: if prefixed { pair.prefixed } else { pair.plain },
                    content: body..k,
                    prefixed,
                });
                i = k + 1;
                break;
            }
            if is_delimiter(b) {
                i = k;
                break;
            }
            k += 1;
        }
    }
    out
}

/// Whitespace, as RFC 1738's appendix lists it: "spaces, linebreaks, tabs, etc.": the
/// US-ASCII space, tab, line feed, vertical tab, form feed and carriage return.
pub(super) fn is_whitespace(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// A line break: a line feed or a carriage return (each ends a line, alone or as CRLF).
fn is_line_break(b: u8) -> bool {
    matches!(b, b'\n' | b'\r')
}

/// A hyphen that stands just before a line break.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Hyphen {
    /// Its index in the URL without whitespace.
    pub index: usize,
    /// Its offset in the text.
    pub offset: usize,
}

/// The content of `range` without its whitespace, and, when `hyphens` is asked for,
/// every "-" immediately followed by a line break.
pub(super) fn without_whitespace(
    text: &[u8],
    range: Range<usize>,
    hyphens: bool,
) -> (Vec<u8>, Vec<Hyphen>) {
    let mut url = Vec::with_capacity(range.len());
    let mut found = Vec::new();
    for at in range {
        let b = text[at];
        if is_whitespace(b) {
            continue;
        }
        if hyphens && b == b'-' && text.get(at + 1).copied().is_some_and(is_line_break) {
            found.push(Hyphen {
                index: url.len(),
                offset: at,
            });
        }
        url.push(b);
    }
    (url, found)
}

/// The readings of `url` without some of `hyphens`: each one alone, left to right, then
/// each pair, and so on, the reading without any last. Beyond
/// [`MAX_HYPHEN_READINGS`] hyphens, only the reading without any of them.
fn readings(url: &[u8], hyphens: &[Hyphen]) -> Vec<Vec<u8>> {
    let n = hyphens.len();
    if n == 0 {
        return Vec::new();
    }
    // One pass over the URL; `dropped` is in increasing order, as are the indices.
    let without = |dropped: &[usize]| -> Vec<u8> {
        let mut out = Vec::with_capacity(url.len());
        let mut next = dropped.iter().map(|&h| hyphens[h].index).peekable();
        for (i, &b) in url.iter().enumerate() {
            if next.peek() == Some(&i) {
                next.next();
            } else {
                out.push(b);
            }
        }
        out
    };
    if n > MAX_HYPHEN_READINGS {
        let all: Vec<usize> = (0..n).collect();
        return vec![without(&all)];
    }
    let mut sets: Vec<Vec<usize>> = (1u32..1 << n)
        .map(|mask| (0..n).filter(|&i| mask & (1 << i) != 0).collect())
        .collect();
    sets.sort_by(|a, b| a.len().cmp(&b.len()).then_with(|| a.cmp(b)));
    sets.iter().map(|s| without(s)).collect()
}

/// What each pair of angle brackets in `text` holds, as written, where that starts with
/// a scheme name and ":" (`starts_with_scheme`): the plain-text wrappers of the 1993
/// drafts, whose appendix draft-03 took from the October 1993 draft word for word.
pub(super) fn angle_wrapped(text: &[u8], starts_with_scheme: impl Fn(&[u8]) -> bool) -> Vec<Found> {
    spans(text, &[ANGLE], Prefix::Content)
        .into_iter()
        .filter_map(|span| {
            let url = &text[span.content.clone()];
            starts_with_scheme(url).then(|| span.found(url.to_vec(), &[]))
        })
        .collect()
}

/// Whether `s` starts with `ialpha ":"` of the 1993 drafts (`ialpha = alpha [ xalphas ]`,
/// `xalpha = alpha | digit | safe | extra | escape`), over the draft's own classes
/// `[alpha, digit, safe, extra]`.
pub(super) fn starts_with_ialpha(s: &[u8], classes: [&Class; 4]) -> bool {
    let xalpha = |b| classes.iter().any(|c| c.contains(b));
    starts_with_scheme(s, |b| classes[0].contains(b), xalpha, true)
}

/// Whether `s` starts with a scheme name and ":": one octet `first` accepts, then octets
/// `rest` accepts (and, where `escapes`, `"%" hex hex`), then ":". Each document passes
/// its own grammar's classes, so the scheme rule is defined once, in the grammar.
pub(super) fn starts_with_scheme(
    s: &[u8],
    first: impl Fn(u8) -> bool,
    rest: impl Fn(u8) -> bool,
    escapes: bool,
) -> bool {
    if !s.first().is_some_and(|&b| first(b)) {
        return false;
    }
    let mut i = 1;
    while let Some(&b) = s.get(i) {
        if b == b':' {
            return true;
        }
        let escape = escapes
            && b == b'%'
            && s.get(i + 1..i + 3)
                .is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit));
        if escape {
            i += 3;
        } else if rest(b) {
            i += 1;
        } else {
            return false;
        }
    }
    false
}
