//! The one choice `article xalphas @ host` and `m a i l t o : : xalphas @ hostname`
//! leave open: which "@" ends the `xalphas`. Both sides derive "@" (`safe` has it), so
//! `a@b@c` splits as `a` / `b@c` or `a@b` / `c`.
//!
//! urlcert takes the last "@" that gives a derivation, so that the host holds no "@"
//! where it can (RFC 822's addr-spec, which the prose names for mailto and RFC 1036's
//! Message-ID for news, have no "@" in the domain), and records the ambiguity when
//! another "@" gives one too. The choice is made in one pass, without recording: both
//! sides consist of `xalpha` units only (a `hostnumber`'s digits and dots are `xalpha`s
//! too), so a split derives exactly when every unit of the whole is an `xalpha`, the
//! left side is not empty, and the right side is a `hostname` (a letter first) or, for
//! `host` and the last "@" only (a hostnumber has no "@"), a `hostnumber`.

use super::classes::{first_non_xalpha, ALPHA, DIGIT};
use crate::grammar::cx::{Cx, Span};

/// The chosen split: the "@"'s offset, and whether another "@" derives too. `None`
/// when no split derives; the caller then matches the split at the last "@" (or the
/// whole, when there is none) to report where it fails.
pub fn choose(cx: &Cx, s: Span, number_allowed: bool) -> Option<(usize, bool)> {
    let input = cx.input;
    if first_non_xalpha(input, s).is_some() {
        return None;
    }
    let last = cx.bytes(s).iter().rposition(|&b| b == b'@')? + s.start;
    let derives = |at: usize, is_last: bool| {
        at > s.start
            && (input
                .get(at + 1)
                .is_some_and(|&b| at + 1 < s.end && ALPHA.contains(b))
                || (is_last && number_allowed && is_hostnumber(&input[at + 1..s.end])))
    };
    let mut chosen = None;
    let mut count = 0;
    for at in (s.start..s.end).rev().filter(|&i| input[i] == b'@') {
        if derives(at, at == last) {
            count += 1;
            chosen.get_or_insert(at);
            if count > 1 {
                break;
            }
        }
    }
    chosen.map(|at| (at, count > 1))
}

/// `digits . digits . digits . digits`, checked without recording.
fn is_hostnumber(b: &[u8]) -> bool {
    let parts: Vec<&[u8]> = b.split(|&x| x == b'.').collect();
    parts.len() == 4
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.iter().all(|&d| DIGIT.contains(d)))
}
