//! The search: every document's checks ([`super::checks`]) on the printed examples, on
//! every case input, base and reference as they are, then on inputs drawn at random
//! until the budget is spent: strings derived from the document's grammar (the oracle
//! crate's [`Generator`], cut down to relative references as campaigns do), case
//! inputs, and mutations of both ([`mutate`]).
//!
//! A contradiction's cause is its document, its check and its shape (which component
//! differs and how, [`Contradiction::shape`]). The first finding of a cause is minimised
//! (delta debugging, [`crate::run::campaign::minimise`], over the reference and then the
//! base, while the same cause holds); later ones are counted. Draw `n` comes from a
//! generator seeded with the seed and `n` ([`iteration_rng`]), so a seed and a number
//! of executions give the same causes and witnesses. The clock only stops the search
//! (the budget), and drops a check that took longer than [`SLOW`] (counted; none is
//! expected, the checks being linear in inputs of at most
//! [`super::checks::MAX_WITNESS`] bytes).
//!
//! The search is a check of the campaign engine ([`crate::run::campaign`]): position `n` is
//! the `n`-th fixed draw (the printed examples, then the seeds), then random draw
//! `n - fixed`, each filed as soon as it is checked (rounds of one).

use super::checks::{closure, grammar_split, printed, Check, Contradiction, Outcome};
use super::places::Grammar;
use crate::case::{LoadedCase, Operation};
use crate::run::campaign::gen::{iteration_rng, relative_form, Seeds};
use crate::run::campaign::{self, minimise, Budget, Request, RequestOp};
use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use urlcert_oracle::generate::{mutate, Generator, Rng};
use urlcert_reference::{DocReading, Document};

/// A check that takes longer than this is dropped and counted.
pub const SLOW: Duration = Duration::from_secs(1);
/// At most this many checks per minimisation of one input.
const MINIMISE_EVALS: usize = 2000;

/// The documents with both a grammar and a resolution algorithm.
pub const DOCS: &[Document] = &[
    Document::Draft02,
    Document::Rfc1808,
    Document::Draft1996,
    Document::Rfc2396,
    Document::Rfc3986,
];

/// Every reading of every document of [`DOCS`].
pub fn every_doc_reading() -> Vec<DocReading> {
    DOCS.iter()
        .flat_map(|&d| d.readings().iter().map(move |&r| DocReading::new(d, r)))
        .collect()
}

/// When the search stops: [`Limit::Iterations`] counts checks (the printed examples and
/// the cases included), what makes a search repeatable.
pub use crate::run::campaign::Limit;

/// What to search.
#[derive(Clone, Debug)]
pub struct Config {
    pub docs: Vec<DocReading>,
    pub seed: u64,
    pub limit: Limit,
}

/// How an input came to be checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A printed example.
    Printed,
    /// A case's input, base or reference, as it is.
    Case,
    /// A string derived from the grammar.
    Generator,
    /// A mutation of a case input or of a derived string.
    Mutation,
}

impl Origin {
    pub fn id(self) -> &'static str {
        match self {
            Origin::Printed => "printed",
            Origin::Case => "case",
            Origin::Generator => "generator",
            Origin::Mutation => "mutation",
        }
    }
}

/// One cause, with its minimal witness.
#[derive(Clone, Debug)]
pub struct Cause {
    /// The first finding, minimised.
    pub finding: Contradiction,
    /// The length of the first finding's base plus reference (or input), before.
    pub original_len: usize,
    pub origin: Origin,
    /// The draw that found it (`None` for the printed examples and the cases).
    pub iteration: Option<u64>,
    /// The readings under which it was found, in order of finding.
    pub readings: Vec<DocReading>,
    pub count: u64,
}

pub use super::key::Key;

/// Counts for one document reading and check.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub executions: u64,
    /// Inputs the check did not apply to (the grammar refuses them).
    pub not_grammatical: u64,
    pub contradictions: u64,
}

/// What was skipped, and why.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Skipped {
    /// Inputs longer than [`super::checks::MAX_WITNESS`].
    pub too_long: u64,
    /// Derivations the generator could not write (an empty string the grammar does not
    /// derive: a production it cannot expand).
    pub generator_empty: u64,
    /// Checks that took longer than [`SLOW`].
    pub slow: u64,
    /// Checks that could not run, by why (a rule that does not compile).
    pub unusable: BTreeMap<String, u64>,
    /// Documents whose grammar could not be read, with why.
    pub no_grammar: Vec<(DocReading, String)>,
    /// Checks of the printed examples and of the cases' inputs the budget left no time
    /// for.
    pub unreached: u64,
}

impl Skipped {
    pub fn total(&self) -> u64 {
        self.too_long
            + self.generator_empty
            + self.slow
            + self.unusable.values().sum::<u64>()
            + self.unreached
    }
}

/// Why the search stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    Budget,
    Executions,
    /// There was nothing to draw from (no document).
    Nothing,
}

/// A search's result.
#[derive(Clone, Debug)]
pub struct Search {
    pub seed: u64,
    pub causes: BTreeMap<Key, Cause>,
    pub counts: BTreeMap<(DocReading, Check), Counts>,
    pub skipped: Skipped,
    pub executions: u64,
    pub elapsed: Duration,
    pub stop: Stop,
}

/// One input to check.
struct Draw {
    doc: DocReading,
    check: Check,
    base: Option<Vec<u8>>,
    input: Vec<u8>,
    origin: Origin,
    iteration: Option<u64>,
}

/// The search as a check of the campaign engine.
struct SelfContradiction<'a> {
    config: &'a Config,
    grammars: &'a [(DocReading, Grammar)],
    docs: Vec<DocReading>,
    /// The printed examples and the seeds as they are, taken as they are drawn.
    fixed: Vec<Option<(Draw, Option<&'a LoadedCase>)>>,
    /// Per document of `docs`, what its random draws start from.
    draw_sources: Vec<DrawSource<'a>>,
    seeds: Seeds,
    /// What a closure's base is drawn from: the bases, then the inputs.
    bases: Vec<Vec<u8>>,
    search: Search,
    progress: &'a mut dyn FnMut(&str),
    ticker: crate::run::campaign::Ticker,
}

impl SelfContradiction<'_> {
    fn grammar(&self, doc: DocReading) -> Option<&Grammar> {
        self.grammars
            .iter()
            .find(|(d, _)| *d == doc)
            .map(|(_, g)| g)
    }

    /// Random draw `n`: round the documents, the two checks in turn.
    fn random(&mut self, n: u64) -> Draw {
        let docs = &self.docs;
        let which = (n % docs.len() as u64) as usize;
        let (doc, draws) = (docs[which], &self.draw_sources[which]);
        let mut rng = iteration_rng(self.config.seed, n);
        let skipped = &mut self.search.skipped;
        let seeds = &self.seeds;
        if (n / docs.len() as u64).is_multiple_of(2) {
            let relative = rng.below(3) == 0;
            let (input, origin) = draw_one(draws, &seeds.inputs, &mut rng, relative, skipped);
            Draw {
                doc,
                check: Check::GrammarSplit,
                base: None,
                input,
                origin,
                iteration: Some(n),
            }
        } else {
            let (base, o1) = draw_one(draws, &self.bases, &mut rng, false, skipped);
            let (r, o2) = draw_one(draws, &seeds.references, &mut rng, true, skipped);
            Draw {
                doc,
                check: Check::Closure,
                base: Some(base),
                input: r,
                origin: worst(o1, o2),
                iteration: Some(n),
            }
        }
    }

    fn file_finding(&mut self, f: Contradiction, draw: &Draw) {
        let key = super::known::key(&f);
        if let Some(c) = self.search.causes.get_mut(&key) {
            c.count += 1;
            if !c.readings.contains(&f.doc) {
                c.readings.push(f.doc);
            }
            return;
        }
        let original_len = f.base.as_ref().map_or(0, Vec::len) + f.input.len();
        let finding = match (f.check, self.grammar(f.doc)) {
            (Check::Printed, _) | (_, None) => f,
            (_, Some(g)) => minimal(g, f),
        };
        let doc = finding.doc;
        self.search.causes.insert(
            key,
            Cause {
                finding,
                original_len,
                origin: draw.origin,
                iteration: draw.iteration,
                readings: vec![doc],
                count: 1,
            },
        );
    }
}

impl<'a> campaign::Check for SelfContradiction<'a> {
    type Input = (Draw, Option<&'a LoadedCase>);
    type Found = (Contradiction, Draw);

    fn draw(&mut self, n: u64) -> Option<Self::Input> {
        let fixed = self.fixed.len() as u64;
        if n < fixed {
            return self.fixed[n as usize].take();
        }
        if self.docs.is_empty() {
            return None;
        }
        Some((self.random(n - fixed), None))
    }

    /// Runs one check, and counts it.
    fn check(&mut self, _: u64, (draw, case): Self::Input) -> Option<Self::Found> {
        let g = self.grammar(draw.doc)?;
        let began = Instant::now();
        let outcome = match (draw.check, case) {
            (Check::Printed, Some(c)) => printed(draw.doc, &c.case),
            (Check::Printed, None) => return None,
            (Check::GrammarSplit, _) => grammar_split(g, &draw.input),
            (Check::Closure, _) => {
                closure(g, draw.base.as_deref().unwrap_or_default(), &draw.input)
            }
        };
        self.search.executions += 1;
        let counts = self
            .search
            .counts
            .entry((draw.doc, draw.check))
            .or_default();
        counts.executions += 1;
        if began.elapsed() > SLOW {
            self.search.skipped.slow += 1;
            return None;
        }
        match outcome {
            Outcome::Holds => {}
            Outcome::NotGrammatical => counts.not_grammatical += 1,
            Outcome::TooLong => self.search.skipped.too_long += 1,
            Outcome::Unusable(why) => *self.search.skipped.unusable.entry(why).or_default() += 1,
            Outcome::Contradiction(f) => {
                counts.contradictions += 1;
                return Some((*f, draw));
            }
        }
        None
    }

    fn file(&mut self, _: u64, (f, draw): Self::Found) -> ControlFlow<()> {
        self.file_finding(f, &draw);
        ControlFlow::Continue(())
    }

    fn done(&mut self, _: u64) -> ControlFlow<()> {
        if let Some(secs) = self.ticker.due() {
            let line = format!(
                "{} executions, {} causes, {:.0}s",
                self.search.executions,
                self.search.causes.len(),
                secs
            );
            (self.progress)(&line);
        }
        ControlFlow::Continue(())
    }
}

/// Runs the check a finding came from on another base and input.
pub fn recheck(g: &Grammar, check: Check, base: Option<&[u8]>, input: &[u8]) -> Outcome {
    match check {
        Check::GrammarSplit => grammar_split(g, input),
        Check::Closure => closure(g, base.unwrap_or_default(), input),
        Check::Printed => Outcome::Holds,
    }
}

/// `f` with its input (and base) made as small as delta debugging can while the same
/// cause holds: the reference with the base fixed, then the base with the reference
/// fixed, until neither shrinks.
pub fn minimal(g: &Grammar, f: Contradiction) -> Contradiction {
    let same = |base: Option<&[u8]>, input: &[u8]| match recheck(g, f.check, base, input) {
        Outcome::Contradiction(x) => (x.shape == f.shape).then_some(*x),
        _ => None,
    };
    let mut best = f.clone();
    for _ in 0..4 {
        let before = (best.base.clone(), best.input.clone());
        let req = Request {
            op: RequestOp::Resolve,
            base: best.base.clone(),
            input: best.input.clone(),
        };
        let base = best.base.clone();
        let (small, _) = minimise::request(
            &req,
            &mut |r| same(base.as_deref(), &r.input).is_some(),
            MINIMISE_EVALS,
        );
        if let Some(x) = same(base.as_deref(), &small.input) {
            best = x;
        }
        if let Some(b) = best.base.clone() {
            let input = best.input.clone();
            let req = Request {
                op: RequestOp::Parse,
                base: None,
                input: b,
            };
            let (small, _) = minimise::request(
                &req,
                &mut |r| same(Some(&r.input), &input).is_some(),
                MINIMISE_EVALS,
            );
            if let Some(x) = same(Some(&small.input), &input) {
                best = x;
            }
        }
        if (best.base.clone(), best.input.clone()) == before {
            break;
        }
    }
    best
}

/// What the random draws start from, for one document.
struct DrawSource<'g> {
    generator: Option<Generator<'g>>,
    grammar: &'g Grammar,
}

impl DrawSource<'_> {
    /// A string derived from the grammar, cut to a relative reference when asked.
    fn derived(&self, rng: &mut Rng, relative: bool) -> Option<Vec<u8>> {
        let g = self.generator.as_ref()?;
        let starts = &self.grammar.oracle.starts;
        let (_, e) = rng.pick(starts);
        let s = g.string(rng, e);
        if s.is_empty() && !self.grammar.accepts(b"") {
            return None;
        }
        Some(if relative { relative_form(rng, &s) } else { s })
    }
}

/// One draw: a derived string (half the time), else a seed; then, a third of the time,
/// one to three mutations.
fn draw_one(
    draws: &DrawSource,
    seeds: &[Vec<u8>],
    rng: &mut Rng,
    relative: bool,
    skipped: &mut Skipped,
) -> (Vec<u8>, Origin) {
    let mut origin = Origin::Case;
    let mut s = None;
    if rng.below(2) == 0 {
        s = draws.derived(rng, relative);
        if s.is_none() {
            skipped.generator_empty += 1;
        } else {
            origin = Origin::Generator;
        }
    }
    let mut s = match s {
        Some(s) => s,
        None if seeds.is_empty() => Vec::new(),
        None => rng.pick(seeds).clone(),
    };
    if rng.below(3) == 0 {
        for _ in 0..=rng.below(3) {
            s = mutate(rng, &s);
        }
        origin = Origin::Mutation;
    }
    (s, origin)
}

/// Runs the search over `cases` (the printed examples, and every input, base and
/// reference as seeds). `progress` gets a line now and then.
pub fn run(config: &Config, cases: &[LoadedCase], progress: &mut dyn FnMut(&str)) -> Search {
    let start = Instant::now();
    let mut skipped = Skipped::default();
    let mut grammars = Vec::new();
    for &d in &config.docs {
        match Grammar::new(d) {
            Ok(g) => grammars.push((d, g)),
            Err(why) => skipped.no_grammar.push((d, why.to_string())),
        }
    }
    let docs: Vec<DocReading> = grammars.iter().map(|(d, _)| *d).collect();
    let seeds = Seeds::from_loaded(cases);
    let fixed = fixed_draws(&docs, cases, &seeds);
    let mut st = SelfContradiction {
        config,
        grammars: &grammars,
        fixed: fixed.into_iter().map(Some).collect(),
        draw_sources: grammars
            .iter()
            .map(|(_, g)| DrawSource {
                generator: (!g.oracle.starts.is_empty()).then(|| Generator::new(&g.oracle)),
                grammar: g,
            })
            .collect(),
        bases: seeds.bases.iter().chain(&seeds.inputs).cloned().collect(),
        seeds,
        docs,
        search: Search {
            seed: config.seed,
            causes: BTreeMap::new(),
            counts: BTreeMap::new(),
            skipped,
            executions: 0,
            elapsed: Duration::ZERO,
            stop: Stop::Nothing,
        },
        progress,
        ticker: crate::run::campaign::Ticker::new(start),
    };
    let stop = if st.docs.is_empty() {
        Stop::Nothing
    } else {
        let never = AtomicBool::new(false);
        let budget = Budget {
            limit: config.limit,
            began: start,
            before: Duration::ZERO,
            stop: &never,
        };
        let (why, next) = campaign::run(&mut st, 0, 1, &budget);
        let total = st.fixed.len() as u64;
        st.search.skipped.unreached = total.saturating_sub(next);
        match why {
            campaign::Stop::Count => Stop::Executions,
            campaign::Stop::Time | campaign::Stop::Interrupted => Stop::Budget,
            campaign::Stop::Exhausted => Stop::Nothing,
        }
    };
    st.search.stop = stop;
    st.search.elapsed = start.elapsed();
    st.search
}

/// The printed examples, then the seeds as they are, for every document.
fn fixed_draws<'c>(
    docs: &[DocReading],
    cases: &'c [LoadedCase],
    seeds: &Seeds,
) -> Vec<(Draw, Option<&'c LoadedCase>)> {
    let resolve_cases: Vec<&LoadedCase> = cases
        .iter()
        .filter(|c| c.case.op == Operation::Resolve)
        .collect();
    let mut fixed_draws: Vec<(Draw, Option<&LoadedCase>)> = Vec::new();
    for &doc in docs {
        for lc in &resolve_cases {
            let prints = lc
                .case
                .expect
                .iter()
                .any(|(k, e)| k.0 == doc && e.printed.is_some());
            if prints {
                let draw = fixed(doc, Check::Printed, lc.case.base.as_deref(), &lc.case.input);
                let origin = Origin::Printed;
                fixed_draws.push((Draw { origin, ..draw }, Some(lc)));
            }
        }
    }
    for &doc in docs {
        for input in seeds
            .inputs
            .iter()
            .chain(&seeds.bases)
            .chain(&seeds.references)
        {
            fixed_draws.push((fixed_bytes(doc, Check::GrammarSplit, None, input), None));
        }
        for lc in &resolve_cases {
            let base = lc.case.base.as_deref();
            fixed_draws.push((fixed(doc, Check::Closure, base, &lc.case.input), None));
        }
    }
    fixed_draws
}

/// Of two origins, the one further from a case: a mutation, else a derivation.
fn worst(a: Origin, b: Origin) -> Origin {
    let rank = |o: Origin| match o {
        Origin::Printed => 0,
        Origin::Case => 1,
        Origin::Generator => 2,
        Origin::Mutation => 3,
    };
    if rank(a) >= rank(b) {
        a
    } else {
        b
    }
}

fn fixed(doc: DocReading, check: Check, base: Option<&str>, input: &str) -> Draw {
    fixed_bytes(doc, check, base.map(str::as_bytes), input.as_bytes())
}

fn fixed_bytes(doc: DocReading, check: Check, base: Option<&[u8]>, input: &[u8]) -> Draw {
    Draw {
        doc,
        check,
        base: base.map(<[u8]>::to_vec),
        input: input.to_vec(),
        origin: Origin::Case,
        iteration: None,
    }
}
