//! Strings derived from a grammar: a walk of the AST that picks alternatives, options
//! and repetition counts with a seeded generator, so that every run makes the same
//! strings. Past a depth limit it takes the shortest way out, so every walk ends.

use crate::bnf::Expr;
use crate::verdict::Oracle;
use std::collections::HashMap;

/// A small deterministic generator (xorshift64).
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

const INF: u64 = u64::MAX / 4;

/// Generates strings from an oracle's grammar and table.
pub struct Generator<'o> {
    oracle: &'o Oracle,
    min: HashMap<String, u64>,
    /// Past this depth, every choice takes the shortest way out.
    pub max_depth: usize,
}

impl<'o> Generator<'o> {
    pub fn new(oracle: &'o Oracle) -> Generator<'o> {
        let mut names: Vec<String> = oracle
            .grammar()
            .rules
            .iter()
            .map(|p| p.name.clone())
            .collect();
        for (_, e) in &oracle.starts {
            e.refs(&mut |n| names.push(n.to_string()));
        }
        // Rules the table defines are reached through references.
        let mut todo = names.clone();
        while let Some(n) = todo.pop() {
            if let Some(d) = oracle.definition(&n) {
                d.refs(&mut |m| {
                    if !names.iter().any(|x| x == m) {
                        names.push(m.to_string());
                        todo.push(m.to_string());
                    }
                });
            }
        }
        let mut g = Generator {
            oracle,
            min: names.iter().map(|n| (n.clone(), INF)).collect(),
            max_depth: 12,
        };
        // The shortest string each rule derives: a fixpoint from "none".
        loop {
            let mut changed = false;
            for n in &names {
                let Some(d) = oracle.definition(n) else {
                    continue;
                };
                let m = g.min_len(d);
                if m < g.min[n] {
                    g.min.insert(n.clone(), m);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        g
    }

    fn min_len(&self, e: &Expr) -> u64 {
        match e {
            Expr::Empty => 0,
            Expr::Lit(l) => l.len() as u64,
            Expr::Set(r) if r.is_empty() => INF,
            Expr::Set(_) => 1,
            Expr::Ref(n) => self.min.get(n).copied().unwrap_or(INF),
            Expr::Prose(_) => INF,
            Expr::Seq(v) => v
                .iter()
                .map(|x| self.min_len(x))
                .fold(0, |a, b| (a + b).min(INF)),
            Expr::Alt(v) => v.iter().map(|x| self.min_len(x)).min().unwrap_or(INF),
            Expr::Opt(_) => 0,
            Expr::Repeat { min, body, .. } => {
                self.min_len(body).saturating_mul(*min as u64).min(INF)
            }
        }
    }

    /// One string derived from `e`.
    pub fn string(&self, rng: &mut Rng, e: &Expr) -> Vec<u8> {
        let mut out = Vec::new();
        self.walk(rng, e, 0, &mut out);
        out
    }

    fn walk(&self, rng: &mut Rng, e: &Expr, depth: usize, out: &mut Vec<u8>) {
        let deep = depth > self.max_depth;
        match e {
            Expr::Empty | Expr::Prose(_) => {}
            Expr::Lit(l) => out.extend_from_slice(l),
            Expr::Set(ranges) => {
                if ranges.is_empty() {
                    return;
                }
                let &(lo, hi) = rng.pick(ranges);
                out.push(lo + rng.below(hi as u64 - lo as u64 + 1) as u8);
            }
            Expr::Ref(n) => {
                if let Some(d) = self.oracle.definition(n) {
                    self.walk(rng, d, depth + 1, out);
                }
            }
            Expr::Seq(v) => v.iter().for_each(|x| self.walk(rng, x, depth, out)),
            Expr::Alt(v) => {
                let choice = if deep {
                    v.iter()
                        .min_by_key(|x| self.min_len(x))
                        .expect("an alternative")
                } else {
                    let finite: Vec<&Expr> = v.iter().filter(|x| self.min_len(x) < INF).collect();
                    if finite.is_empty() {
                        return;
                    }
                    *rng.pick(&finite)
                };
                self.walk(rng, choice, depth + 1, out);
            }
            Expr::Opt(x) => {
                if !deep && rng.below(2) == 0 {
                    self.walk(rng, x, depth + 1, out);
                }
            }
            Expr::Repeat { min, max, body } => {
                let extra = if deep { 0 } else { rng.below(4) as u32 };
                let mut n = min + extra;
                if let Some(m) = max {
                    n = n.min(*m);
                }
                for _ in 0..n {
                    self.walk(rng, body, depth + 1, out);
                }
            }
        }
    }
}

/// Bytes a mutation puts in: the delimiters of every grammar, letters and digits of
/// both cases, and bytes no grammar allows.
pub const MUTATION_BYTES: &[u8] = b"/:@?#;=%&+.-_~*'()!$,[]{}|\\^`\"<> \taZ09%\x00\x7f\x80\xff\r\n";

/// One single-byte mutation of `s`: a byte replaced, inserted or deleted.
pub fn mutate(rng: &mut Rng, s: &[u8]) -> Vec<u8> {
    let mut out = s.to_vec();
    let op = if out.is_empty() { 1 } else { rng.below(3) };
    let at = rng.below(out.len() as u64 + 1) as usize;
    let byte = *rng.pick(MUTATION_BYTES);
    match op {
        0 => {
            let at = at.min(out.len() - 1);
            out[at] = byte;
        }
        1 => out.insert(at, byte),
        _ => {
            let at = at.min(out.len() - 1);
            out.remove(at);
        }
    }
    out
}
