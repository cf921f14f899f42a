//! The search, as a check of the campaign engine ([`crate::run::campaign`]): every seed
//! against every base, then random draws ([`super::draws`]) until the limit; the first
//! finding of a cause minimised ([`super::minimal`]), later ones counted.

use super::draws::{mutate, pieces, random_string};
use super::{asked_without_base, check, minimal, BaseUrl, Disagreement, Sides, BASES};
use crate::run::campaign::gen::iteration_rng;
use crate::run::campaign::{self, Budget, Limit};
use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The longest string drawn at random, in code points.
const MAX_CHARS: usize = 200;

/// How an input came to be asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A case's input or base, as it is.
    Case,
    /// A string over the alphabet ([`super::TOKENS`]).
    Random,
    /// A string put together from URL pieces.
    Pieces,
    /// A mutation of a case's input or of a piece-built string.
    Mutation,
}

impl Origin {
    pub fn id(self) -> &'static str {
        match self {
            Origin::Case => "case",
            Origin::Random => "random",
            Origin::Pieces => "pieces",
            Origin::Mutation => "mutation",
        }
    }
}

/// One cause, with its minimal witness.
#[derive(Clone, Debug)]
pub struct Cause {
    /// The first finding, minimised.
    pub finding: Disagreement,
    /// The first finding's input before minimising.
    pub original: String,
    pub origin: Origin,
    /// The random draw that found it (`None` for a case's input).
    pub draw: Option<u64>,
    /// The bases it was found against, in order of finding (`None`: no base).
    pub bases: Vec<Option<String>>,
    pub count: u64,
}

/// Why the search stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    Budget,
    Executions,
}

/// What to search.
#[derive(Clone)]
pub struct Config {
    pub seed: u64,
    pub limit: Limit,
    /// The cases' inputs and bases, asked as they are and mutated.
    pub seeds: Vec<String>,
    pub sides: Sides,
}

/// A search's result.
#[derive(Clone, Debug)]
pub struct Search {
    pub seed: u64,
    pub causes: BTreeMap<String, Cause>,
    /// Strings asked (both sides run), per base.
    pub asked: BTreeMap<Option<String>, u64>,
    /// Strings drawn with no base that are relative, so not asked.
    pub relative_without_base: u64,
    pub executions: u64,
    pub elapsed: Duration,
    pub stop: Stop,
}

/// The search as a check of the campaign engine: position `n` is the `n`-th fixed draw
/// (every seed against every base), then random draw `n - fixed`.
struct WritingSearch<'a> {
    config: &'a Config,
    bases: Vec<Option<BaseUrl>>,
    fixed: u64,
    search: Search,
    progress: &'a mut dyn FnMut(&str),
    ticker: crate::run::campaign::Ticker,
}

/// One string to ask, against base `base` (an index into the bases).
struct Draw {
    input: String,
    base: usize,
    origin: Origin,
    draw: Option<u64>,
}

impl WritingSearch<'_> {
    fn random(&self, n: u64) -> Draw {
        let mut rng = iteration_rng(self.config.seed, n);
        let base = rng.below(self.bases.len() as u64) as usize;
        let (mut input, mut origin) = match rng.below(3) {
            0 => (random_string(&mut rng), Origin::Random),
            1 => (pieces(&mut rng), Origin::Pieces),
            _ if self.config.seeds.is_empty() => (pieces(&mut rng), Origin::Pieces),
            _ => (rng.pick(&self.config.seeds).clone(), Origin::Case),
        };
        if origin == Origin::Case || rng.below(3) == 0 {
            for _ in 0..=rng.below(4) {
                input = mutate(&mut rng, &input);
            }
            origin = Origin::Mutation;
        }
        if input.chars().count() > MAX_CHARS {
            input = input.chars().take(MAX_CHARS).collect();
        }
        Draw {
            input,
            base,
            origin,
            draw: Some(n),
        }
    }

    fn file_finding(&mut self, d: Disagreement, draw: &Draw) {
        if let Some(c) = self.search.causes.get_mut(&d.cause) {
            c.count += 1;
            if !c.bases.contains(&d.base) {
                c.bases.push(d.base);
            }
            return;
        }
        let original = d.input.clone();
        let base = self.bases[draw.base].as_ref();
        let finding = minimal(&self.config.sides, d, base);
        self.search.causes.insert(
            finding.cause.clone(),
            Cause {
                bases: vec![finding.base.clone()],
                finding,
                original,
                origin: draw.origin,
                draw: draw.draw,
                count: 1,
            },
        );
    }
}

impl campaign::Check for WritingSearch<'_> {
    type Input = Draw;
    type Found = (Disagreement, Draw);

    fn draw(&mut self, n: u64) -> Option<Draw> {
        if n < self.fixed {
            let per_base = self.bases.len() as u64;
            let seed = &self.config.seeds[(n / per_base) as usize];
            return Some(Draw {
                input: seed.clone(),
                base: (n % per_base) as usize,
                origin: Origin::Case,
                draw: None,
            });
        }
        Some(self.random(n - self.fixed))
    }

    fn check(&mut self, _: u64, draw: Draw) -> Option<Self::Found> {
        self.search.executions += 1;
        let base = self.bases[draw.base].as_ref();
        if base.is_none() && !asked_without_base(&draw.input) {
            self.search.relative_without_base += 1;
            return None;
        }
        *self
            .search
            .asked
            .entry(base.map(|b| b.text.clone()))
            .or_default() += 1;
        check(&self.config.sides, &draw.input, base).map(|d| (d, draw))
    }

    fn file(&mut self, _: u64, (d, draw): Self::Found) -> ControlFlow<()> {
        self.file_finding(d, &draw);
        ControlFlow::Continue(())
    }

    fn done(&mut self, _: u64) -> ControlFlow<()> {
        if let Some(secs) = self.ticker.due() {
            let line = format!(
                "valid URL strings against the parser: {} executions, {} causes, {:.0}s",
                self.search.executions,
                self.search.causes.len(),
                secs
            );
            (self.progress)(&line);
        }
        ControlFlow::Continue(())
    }
}

/// Runs the search: every seed against every base of [`BASES`], then random draws until
/// the limit. `progress` gets a line now and then.
pub fn run(config: &Config, progress: &mut dyn FnMut(&str)) -> Search {
    let start = Instant::now();
    let bases: Vec<Option<BaseUrl>> = BASES.iter().map(|b| b.and_then(BaseUrl::parse)).collect();
    let mut st = WritingSearch {
        config,
        fixed: (config.seeds.len() * bases.len()) as u64,
        bases,
        search: Search {
            seed: config.seed,
            causes: BTreeMap::new(),
            asked: BTreeMap::new(),
            relative_without_base: 0,
            executions: 0,
            elapsed: Duration::ZERO,
            stop: Stop::Budget,
        },
        progress,
        ticker: crate::run::campaign::Ticker::new(start),
    };
    let never = AtomicBool::new(false);
    let budget = Budget {
        limit: config.limit,
        began: start,
        before: Duration::ZERO,
        stop: &never,
    };
    let (why, _) = campaign::run(&mut st, 0, 1, &budget);
    st.search.stop = match why {
        campaign::Stop::Count => Stop::Executions,
        _ => Stop::Budget,
    };
    st.search.elapsed = start.elapsed();
    st.search
}
