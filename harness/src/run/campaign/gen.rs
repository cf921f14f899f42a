//! A campaign's inputs. First every seed as it is (the cases' inputs, then their
//! references against their bases), then, each drawn from its own seeded generator
//! (see [`iteration_rng`]), so that the n-th request depends only on the seed, n and
//! the inputs kept so far:
//! - strings derived from the document's grammar (the oracle crate's [`Generator`]
//!   walking the candidates' productions), for resolutions cut down to a relative form;
//! - seeds, and inputs that opened a new bucket.
//!
//! Each is followed by up to three mutations: a byte replaced, inserted or deleted
//! ([`urlcert_oracle::generate::mutate`]), a delimiter inserted or deleted, a splice
//! with another input, a piece of a case's input put in, a piece repeated.

use super::Request;
use super::RequestOp;
use crate::Error;
use std::path::Path;
use urlcert_oracle::generate::{mutate, Generator, Rng};
use urlcert_oracle::Oracle;

/// The longest input a campaign makes.
pub const MAX_LEN: usize = 512;
/// How many bucket-opening inputs are kept for mutation.
const MAX_INTERESTING: usize = 256;
const DELIMS: &[u8] = b":/?#;@=&+%.";

/// What a campaign starts from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Seeds {
    /// Inputs to parse (the parse cases' inputs).
    pub inputs: Vec<Vec<u8>>,
    /// Bases to resolve against (the resolve cases' bases).
    pub bases: Vec<Vec<u8>>,
    /// References to resolve (the resolve cases' inputs).
    pub references: Vec<Vec<u8>>,
}

impl Seeds {
    /// From the case files below `dir`, each input once, in case order.
    pub fn from_cases(dir: &Path) -> Result<Seeds, Error> {
        let suite = crate::case::load_dir(dir).map_err(|errors| {
            format!(
                "the cases in {} do not load: {}",
                dir.display(),
                errors.first().map(|e| e.to_string()).unwrap_or_default()
            )
        })?;
        Ok(Seeds::from_loaded(&suite.cases))
    }

    /// From cases already loaded, each input once, in case order.
    pub fn from_loaded(cases: &[crate::case::LoadedCase]) -> Seeds {
        let mut s = Seeds::default();
        for c in cases {
            match c.case.op {
                crate::case::Operation::Parse => push_new(&mut s.inputs, c.case.input.as_bytes()),
                crate::case::Operation::Resolve => {
                    push_new(&mut s.references, c.case.input.as_bytes());
                    if let Some(b) = &c.case.base {
                        push_new(&mut s.bases, b.as_bytes());
                    }
                }
                crate::case::Operation::Extract
                | crate::case::Operation::Normalize
                | crate::case::Operation::Base
                | crate::case::Operation::Links => {}
            }
        }
        s
    }

    /// A few inputs of every shape, for when there are no cases.
    pub fn builtin() -> Seeds {
        let v = |l: &[&str]| l.iter().map(|s| s.as_bytes().to_vec()).collect();
        Seeds {
            inputs: v(&[
                "http://host.dom:80/a/b;p?q#f",
                "ftp://user:pass@host/dir/file;type=a",
                "mailto:joe@host.dom",
                "news:comp.infosystems.www",
                "gopher://host:70/1sel",
                "file://host/etc/motd",
                "wais://host/db?search",
                "telnet://user@host:23/",
                "g;x?y#s",
                "../g",
            ]),
            bases: v(&["http://a/b/c/d;p?q#f", "ftp://h/x/y"]),
            references: v(&["g", "./g", "../g", "//g", "?y", "#s", ";x", "g;x?y#s", ""]),
        }
    }
}

fn push_new(v: &mut Vec<Vec<u8>>, b: &[u8]) {
    if !v.iter().any(|x| x == b) {
        v.push(b.to_vec());
    }
}

/// The generator of the request at 0-based position `iteration` of a campaign: the
/// campaign's seed and the position mixed (SplitMix64's finaliser), so that a resumed
/// campaign draws what an uninterrupted one would have, without replaying the draws
/// before it.
pub fn iteration_rng(seed: u64, iteration: u64) -> Rng {
    let mut z = (seed ^ 0x9e37_79b9_7f4a_7c15).wrapping_add(
        iteration
            .wrapping_add(1)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15),
    );
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    Rng::new(z ^ (z >> 31))
}

/// The generator of one campaign.
pub struct Inputs<'o> {
    grammar: Option<(&'o Oracle, Generator<'o>)>,
    seeds: &'o Seeds,
    interesting: Vec<Vec<u8>>,
}

impl<'o> Inputs<'o> {
    pub fn new(oracle: Option<&'o Oracle>, seeds: &'o Seeds) -> Inputs<'o> {
        Inputs {
            grammar: oracle
                .filter(|o| !o.starts.is_empty())
                .map(|o| (o, Generator::new(o))),
            seeds,
            interesting: Vec::new(),
        }
    }

    /// Keeps an input that opened a new bucket, for mutation.
    pub fn interesting(&mut self, input: &[u8]) {
        if self.interesting.len() < MAX_INTERESTING && !self.interesting.iter().any(|x| x == input)
        {
            self.interesting.push(input.to_vec());
        }
    }

    /// The request at 0-based position `iteration`, drawn with `rng`.
    pub fn request(
        &self,
        iteration: u64,
        rng: &mut Rng,
        resolve: bool,
        resolve_percent: u64,
    ) -> Request {
        if let Some(r) = self.replay(iteration, resolve) {
            return r;
        }
        let want_resolve =
            resolve && !self.seeds.bases.is_empty() && rng.below(100) < resolve_percent;
        let mut input = self.pick(rng, want_resolve);
        let rounds = rng.below(4);
        for _ in 0..rounds {
            input = self.mutate(rng, &input);
        }
        input.truncate(MAX_LEN);
        if want_resolve {
            Request {
                op: RequestOp::Resolve,
                base: Some(rng.pick(&self.seeds.bases).clone()),
                input,
            }
        } else {
            Request {
                op: RequestOp::Parse,
                base: None,
                input,
            }
        }
    }

    /// The seeds as they are, one per position: every input, then every reference
    /// against a base.
    fn replay(&self, iteration: u64, resolve: bool) -> Option<Request> {
        let s = self.seeds;
        let i = usize::try_from(iteration).ok()?;
        if i < s.inputs.len() {
            return Some(Request {
                op: RequestOp::Parse,
                base: None,
                input: s.inputs[i].clone(),
            });
        }
        let j = i - s.inputs.len();
        if resolve && !s.bases.is_empty() && j < s.references.len() {
            return Some(Request {
                op: RequestOp::Resolve,
                base: Some(s.bases[j % s.bases.len()].clone()),
                input: s.references[j].clone(),
            });
        }
        None
    }

    fn pick(&self, rng: &mut Rng, relative: bool) -> Vec<u8> {
        let roll = rng.below(100);
        if roll < 40 {
            if let Some((oracle, g)) = &self.grammar {
                let (_, e) = rng.pick(&oracle.starts);
                let s = g.string(rng, e);
                return if relative { relative_form(rng, &s) } else { s };
            }
        }
        if roll >= 85 && !self.interesting.is_empty() {
            return rng.pick(&self.interesting).clone();
        }
        self.seed(rng, relative)
    }

    fn seed(&self, rng: &mut Rng, relative: bool) -> Vec<u8> {
        let s = self.seeds;
        let pool = if relative && !s.references.is_empty() && rng.below(2) == 0 {
            &s.references
        } else if !s.inputs.is_empty() {
            &s.inputs
        } else if !s.references.is_empty() {
            &s.references
        } else {
            return b"http://a/b".to_vec();
        };
        rng.pick(pool).clone()
    }

    fn mutate(&self, rng: &mut Rng, input: &[u8]) -> Vec<u8> {
        let mut out = input.to_vec();
        match rng.below(6) {
            0 => return mutate(rng, input),
            1 => {
                let at = rng.below(out.len() as u64 + 1) as usize;
                out.insert(at, *rng.pick(DELIMS));
            }
            2 => {
                let at: Vec<usize> = (0..out.len())
                    .filter(|i| DELIMS.contains(&out[*i]))
                    .collect();
                if at.is_empty() {
                    return mutate(rng, input);
                }
                out.remove(*rng.pick(&at));
            }
            3 => {
                let other = self.seed(rng, false);
                let a = rng.below(out.len() as u64 + 1) as usize;
                let b = rng.below(other.len() as u64 + 1) as usize;
                out.truncate(a);
                out.extend_from_slice(&other[b..]);
            }
            4 => {
                let other = self.seed(rng, false);
                if other.is_empty() {
                    return mutate(rng, input);
                }
                let from = rng.below(other.len() as u64) as usize;
                let len = 1 + rng.below(8) as usize;
                let piece = &other[from..(from + len).min(other.len())];
                let at = rng.below(out.len() as u64 + 1) as usize;
                out.splice(at..at, piece.iter().copied());
            }
            _ => {
                if out.is_empty() {
                    return mutate(rng, input);
                }
                let from = rng.below(out.len() as u64) as usize;
                let len = 1 + rng.below(6) as usize;
                let piece = out[from..(from + len).min(out.len())].to_vec();
                out.splice(from..from, piece);
            }
        }
        out
    }
}

/// A generated absolute URL cut down to a relative reference: without its scheme,
/// or also without its authority, or only its last path segment and what follows.
pub fn relative_form(rng: &mut Rng, s: &[u8]) -> Vec<u8> {
    let Some(colon) = s.iter().position(|b| *b == b':') else {
        return s.to_vec();
    };
    let rest = &s[colon + 1..];
    match rng.below(4) {
        0 => s.to_vec(),
        1 => rest.to_vec(),
        2 => match rest.strip_prefix(b"//") {
            Some(after) => {
                let end = after
                    .iter()
                    .position(|b| b"/?#".contains(b))
                    .unwrap_or(after.len());
                after[end..].to_vec()
            }
            None => rest.to_vec(),
        },
        _ => {
            let last = rest.iter().rposition(|b| *b == b'/').map_or(0, |i| i + 1);
            rest[last..].to_vec()
        }
    }
}
