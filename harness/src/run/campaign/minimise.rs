//! Delta debugging (Zeller and Hildebrandt's ddmin): the smallest input, found within a
//! budget of tests, that keeps a discrepancy. First over single bytes, then over
//! delimiter-separated pieces (a run of other bytes is one piece, each delimiter its
//! own), then over bytes again when the pieces took something away. A resolution's base
//! is kept as it is; its reference is minimised.

use super::Request;
use std::collections::HashMap;

/// Bytes that separate pieces.
pub const DELIMITERS: &[u8] = b":/?#;@=&+%.,[]\\ ";

/// The smallest request `test` still holds for, and how many tests were run. `test`
/// is never asked about `req` itself (it is known to hold) nor twice about the same
/// input, and at most `budget` times in all.
pub fn request(
    req: &Request,
    test: &mut dyn FnMut(&Request) -> bool,
    budget: usize,
) -> (Request, usize) {
    let mut seen: HashMap<Vec<u8>, bool> = HashMap::new();
    seen.insert(req.input.clone(), true);
    let mut runs = 0usize;
    let mut check = |input: &[u8]| -> Option<bool> {
        if let Some(&v) = seen.get(input) {
            return Some(v);
        }
        if runs >= budget {
            return None;
        }
        runs += 1;
        let cand = Request {
            op: req.op,
            base: req.base.clone(),
            input: input.to_vec(),
        };
        let v = test(&cand);
        seen.insert(input.to_vec(), v);
        Some(v)
    };
    let mut input = req.input.clone();
    let mut round = 0;
    loop {
        let before = input.len();
        input = ddmin(bytes(&input), &mut check).concat();
        let after_bytes = input.len();
        input = ddmin(pieces(&input), &mut check).concat();
        round += 1;
        // Pieces only matter when they took something the bytes could not.
        if input.len() == after_bytes || input.len() == before || round >= 4 {
            break;
        }
    }
    (
        Request {
            op: req.op,
            base: req.base.clone(),
            input,
        },
        runs,
    )
}

/// Each byte its own unit.
pub fn bytes(input: &[u8]) -> Vec<Vec<u8>> {
    input.iter().map(|b| vec![*b]).collect()
}

/// Runs of non-delimiters, and each delimiter alone.
pub fn pieces(input: &[u8]) -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = Vec::new();
    let mut run = Vec::new();
    for &b in input {
        if DELIMITERS.contains(&b) {
            if !run.is_empty() {
                out.push(std::mem::take(&mut run));
            }
            out.push(vec![b]);
        } else {
            run.push(b);
        }
    }
    if !run.is_empty() {
        out.push(run);
    }
    out
}

/// ddmin over `units`: tries each chunk alone, then the input without each chunk, at
/// finer and finer granularity, until no single unit can be removed or the budget
/// (`check` answering `None`) is spent.
pub fn ddmin(
    mut units: Vec<Vec<u8>>,
    check: &mut dyn FnMut(&[u8]) -> Option<bool>,
) -> Vec<Vec<u8>> {
    // The empty input first: a discrepancy on nothing at all is its own minimum.
    if !units.is_empty() {
        match check(&[]) {
            Some(true) => return Vec::new(),
            Some(false) => {}
            None => return units,
        }
    }
    let mut n = 2usize;
    while units.len() >= 2 {
        let len = units.len();
        let chunk = len.div_ceil(n);
        let starts: Vec<usize> = (0..len).step_by(chunk).collect();
        let mut reduced = false;
        // Each chunk alone.
        if starts.len() > 2 {
            for &s in &starts {
                let sub: Vec<Vec<u8>> = units[s..(s + chunk).min(len)].to_vec();
                match check(&sub.concat()) {
                    Some(true) => {
                        units = sub;
                        n = 2;
                        reduced = true;
                        break;
                    }
                    Some(false) => {}
                    None => return units,
                }
            }
        }
        // The input without each chunk.
        if !reduced {
            for &s in &starts {
                let mut rest = units[..s].to_vec();
                rest.extend_from_slice(&units[(s + chunk).min(len)..]);
                match check(&rest.concat()) {
                    Some(true) => {
                        units = rest;
                        n = (n - 1).max(2);
                        reduced = true;
                        break;
                    }
                    Some(false) => {}
                    None => return units,
                }
            }
        }
        if !reduced {
            if n >= len {
                break;
            }
            n = (n * 2).min(len);
        }
    }
    units
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::campaign::RequestOp;

    fn parse(s: &str) -> Request {
        Request {
            op: RequestOp::Parse,
            base: None,
            input: s.as_bytes().to_vec(),
        }
    }

    #[test]
    fn shrinks_to_the_planted_pair() {
        let mut t = |r: &Request| r.input.windows(2).any(|w| w == b"@@");
        let (min, runs) = request(&parse("http://user@@host:80/a/b?c#d"), &mut t, 1000);
        assert_eq!(min.input, b"@@");
        assert!(runs > 0 && runs < 1000);
    }

    #[test]
    fn keeps_what_needs_two_separate_bytes() {
        // Holds when there is a ":" before a "#".
        let mut t = |r: &Request| {
            let i = &r.input;
            i.iter()
                .position(|b| *b == b':')
                .is_some_and(|c| i[c..].contains(&b'#'))
        };
        let (min, _) = request(&parse("http://a/b;c?d#frag"), &mut t, 1000);
        assert_eq!(min.input, b":#");
    }

    #[test]
    fn stops_at_the_budget() {
        let mut calls = 0;
        let mut t = |_: &Request| {
            calls += 1;
            false
        };
        let (min, runs) = request(&parse("abcdefghijklmnopqrstuvwxyz"), &mut t, 5);
        assert_eq!(runs, 5);
        assert_eq!(calls, 5);
        assert_eq!(min.input, b"abcdefghijklmnopqrstuvwxyz");
    }

    #[test]
    fn pieces_split_at_delimiters() {
        assert_eq!(
            pieces(b"ab://c.d"),
            vec![
                b"ab".to_vec(),
                b":".to_vec(),
                b"/".to_vec(),
                b"/".to_vec(),
                b"c".to_vec(),
                b".".to_vec(),
                b"d".to_vec()
            ]
        );
    }
}
