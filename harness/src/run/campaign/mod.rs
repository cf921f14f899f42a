//! The campaign engine: inputs drawn position by position from a seeded generator
//! ([`gen`]), checked (over worker threads, [`pool`], where a check asks slow
//! adapters), and what they find filed, the new minimised ([`minimise`]), until the
//! budget is spent. Two checks plug into it: `urlcert fuzz`'s differential check of
//! adapters against the reference ([`crate::run::fuzz`]) and `urlcert contradictions
//! --search`'s check of a document against itself
//! ([`crate::study::self_contradiction::search`]).
//!
//! The engine owns the loop ([`run`]): the budget (a number of positions or a time,
//! and a stop flag), rounds of positions, the draws, the checking of a round, and the
//! filing in position order. A [`Check`] says what an input is, how one is drawn and
//! checked, and how a finding is filed (its cause, its bucket, its minimisation). Draw
//! `n` depends only on the seed and `n` ([`gen::iteration_rng`]) and on what the check
//! was told at round boundaries, never on who checked the round before, so a seed and
//! a number of positions give the same findings whatever checks them.
//!
//! The engine depends on no check: both checks depend on it.

pub mod gen;
pub mod minimise;
pub mod pool;

use crate::case::Operation;
use serde::{Deserialize, Serialize};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// What a campaign asks: the [`Operation`]s it generates, parses and resolutions (a
/// `links` request needs a whole document, which campaigns do not generate).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(into = "Operation")]
pub enum RequestOp {
    Parse,
    Resolve,
}

impl RequestOp {
    /// The campaign operation of this name (`parse`, `resolve`).
    pub fn named(name: &str) -> Option<RequestOp> {
        [RequestOp::Parse, RequestOp::Resolve]
            .into_iter()
            .find(|op| Operation::from(*op).name() == name)
    }
}

impl From<RequestOp> for Operation {
    fn from(op: RequestOp) -> Operation {
        match op {
            RequestOp::Parse => Operation::Parse,
            RequestOp::Resolve => Operation::Resolve,
        }
    }
}

impl std::fmt::Display for RequestOp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(Operation::from(*self).name())
    }
}

/// One request of a campaign.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Request {
    pub op: RequestOp,
    /// For a resolution: the base (from the cases), never mutated.
    pub base: Option<Vec<u8>>,
    /// The input parsed, or the reference resolved.
    pub input: Vec<u8>,
}

/// When a campaign stops, besides its stop flag. As a campaign's header writes it:
/// `{"iterations": N}` or `{"time_ms": N}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Limit {
    /// After this many positions (`--iterations`).
    #[serde(rename = "iterations")]
    Iterations(u64),
    /// After this long, counted over every session (`--time`).
    #[serde(rename = "time_ms", with = "millis")]
    Time(Duration),
}

impl Limit {
    /// The limit as a header holds it: a time in whole milliseconds.
    pub fn as_written(self) -> Limit {
        match self {
            Limit::Time(d) => Limit::Time(Duration::from_millis(millis::of(d))),
            iterations => iterations,
        }
    }
}

/// The command-line flag that sets it.
impl std::fmt::Display for Limit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Limit::Iterations(n) => write!(f, "--iterations {n}"),
            Limit::Time(d) => match millis::of(d) {
                ms if ms % 1000 == 0 => write!(f, "--time {}s", ms / 1000),
                ms => write!(f, "--time {:.3}s", ms as f64 / 1000.0),
            },
        }
    }
}

/// A duration as whole milliseconds, saturating.
/// When a search prints its next progress line: every two seconds, with the seconds
/// since it started.
#[derive(Clone, Copy, Debug)]
pub struct Ticker {
    start: Instant,
    last: Instant,
}

impl Ticker {
    pub fn new(start: Instant) -> Ticker {
        Ticker { start, last: start }
    }

    /// The seconds since the start when a line is due, `None` otherwise.
    pub fn due(&mut self) -> Option<f64> {
        if self.last.elapsed() < Duration::from_secs(2) {
            return None;
        }
        self.last = Instant::now();
        Some(self.start.elapsed().as_secs_f64())
    }
}

mod millis {
    use serde::{Deserialize, Deserializer, Serializer};
    use std::time::Duration;

    pub fn of(d: Duration) -> u64 {
        u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
    }

    pub fn serialize<S: Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u64(of(*d))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
        u64::deserialize(d).map(Duration::from_millis)
    }
}

/// Why a campaign stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The count of [`Limit::Iterations`] was reached.
    Count,
    /// The time of [`Limit::Time`] ran out.
    Time,
    /// The stop flag was raised, or filing asked to stop.
    Interrupted,
    /// The check had nothing more to draw.
    Exhausted,
}

/// A campaign's budget: its limit, the time spent in sessions before this one, and the
/// flag that stops it early (Ctrl-C).
#[derive(Clone, Copy)]
pub struct Budget<'a> {
    pub limit: Limit,
    /// When this session began: its time is counted from here...
    pub began: Instant,
    /// ...after this much from the sessions before.
    pub before: Duration,
    pub stop: &'a AtomicBool,
}

impl Budget<'_> {
    /// The time spent, this session and the ones before.
    pub fn elapsed(&self) -> Duration {
        self.before + self.began.elapsed()
    }

    /// When a [`Limit::Time`] campaign stops.
    pub fn deadline(&self) -> Option<Instant> {
        match self.limit {
            Limit::Time(d) => Some(self.began + d.saturating_sub(self.before)),
            Limit::Iterations(_) => None,
        }
    }

    /// Whether the flag is raised or the time is out: checking stops at once.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.deadline().is_some_and(|d| Instant::now() >= d)
    }

    /// Why a campaign at position `next` stops before drawing it, if it does; else the
    /// end its count allows.
    fn spent(&self, next: u64) -> Result<u64, Stop> {
        if self.stop.load(Ordering::Relaxed) {
            return Err(Stop::Interrupted);
        }
        match self.limit {
            Limit::Iterations(n) if next >= n => Err(Stop::Count),
            Limit::Iterations(n) => Ok(n),
            Limit::Time(d) if self.elapsed() >= d => Err(Stop::Time),
            Limit::Time(_) => Ok(u64::MAX),
        }
    }
}

/// What a campaign checks, and what it does with what it finds.
pub trait Check {
    /// One drawn input.
    type Input;
    /// What checking an input found (nothing is returned when it found nothing).
    type Found;

    /// A round of positions from `first` is about to be drawn: the moment to take in
    /// what the rounds before found (inputs that opened buckets, for mutation).
    fn round(&mut self, first: u64) {
        let _ = first;
    }

    /// The input at position `n`; `None` when there is nothing more to draw.
    fn draw(&mut self, n: u64) -> Option<Self::Input>;

    /// Checks the input at position `n`.
    fn check(&mut self, n: u64, input: Self::Input) -> Option<Self::Found>;

    /// Checks a round's inputs, given in position order; returns what they found, in
    /// position order, and the first position left unchecked because the budget
    /// stopped it (`None`: every one was checked). One after the other by default; a
    /// check with workers shares the round among them.
    fn check_round(
        &mut self,
        items: Vec<(u64, Self::Input)>,
        budget: &Budget,
    ) -> (Vec<(u64, Self::Found)>, Option<u64>) {
        let mut found = Vec::new();
        for (n, input) in items {
            if budget.stopped() {
                return (found, Some(n));
            }
            if let Some(f) = self.check(n, input) {
                found.push((n, f));
            }
        }
        (found, None)
    }

    /// What the round found, before it is filed (to minimise the new findings side by
    /// side, say).
    fn prepare(&mut self, found: &[(u64, Self::Found)]) {
        let _ = found;
    }

    /// Files what position `n` found: a new cause opens a bucket (minimised), a known
    /// one is counted. `Break` stops the campaign (what it records failed).
    fn file(&mut self, n: u64, found: Self::Found) -> ControlFlow<()>;

    /// Position `n` is done, filed or not (checkpoints, progress). `Break` stops the
    /// campaign.
    fn done(&mut self, n: u64) -> ControlFlow<()> {
        let _ = n;
        ControlFlow::Continue(())
    }
}

/// Runs `check` from position `from` until `budget` is spent, in rounds of `round`
/// positions (a round ends at a multiple of it, so that a resumed campaign's rounds
/// are the uninterrupted one's). Returns why it stopped, and the first position not
/// done.
pub fn run<C: Check>(check: &mut C, from: u64, round: u64, budget: &Budget) -> (Stop, u64) {
    let round = round.max(1);
    let mut next = from;
    loop {
        let end = match budget.spent(next) {
            Ok(end) => end,
            Err(stop) => return (stop, next),
        };
        let first = next - next % round;
        let end = end.min(first.saturating_add(round));
        check.round(first);
        let mut items = Vec::new();
        let mut exhausted = false;
        for n in next..end {
            match check.draw(n) {
                Some(input) => items.push((n, input)),
                None => {
                    exhausted = true;
                    break;
                }
            }
        }
        let drawn_end = next + items.len() as u64;
        let (found, missing) = check.check_round(items, budget);
        let end = missing.map_or(drawn_end, |m| m.clamp(next, drawn_end));
        let found: Vec<(u64, C::Found)> = found.into_iter().filter(|(n, _)| *n < end).collect();
        check.prepare(&found);
        let mut found = found.into_iter().peekable();
        for n in next..end {
            if let Some((_, f)) = found.next_if(|(m, _)| *m == n) {
                if check.file(n, f).is_break() {
                    return (Stop::Interrupted, n + 1);
                }
            }
            if check.done(n).is_break() {
                return (Stop::Interrupted, n + 1);
            }
        }
        next = end;
        if missing.is_some() {
            let stop = if budget.stop.load(Ordering::Relaxed) {
                Stop::Interrupted
            } else {
                Stop::Time
            };
            return (stop, next);
        }
        if exhausted {
            return (Stop::Exhausted, next);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Draws `n` while `n < len`, finds the multiples of three, and notes what the
    /// engine asked.
    #[derive(Default)]
    struct Multiples {
        len: u64,
        rounds: Vec<u64>,
        filed: Vec<u64>,
        done: Vec<u64>,
        /// `file` asks to stop at this position.
        fail_at: Option<u64>,
    }

    impl Check for Multiples {
        type Input = u64;
        type Found = u64;
        fn round(&mut self, first: u64) {
            self.rounds.push(first);
        }
        fn draw(&mut self, n: u64) -> Option<u64> {
            (n < self.len).then_some(n)
        }
        fn check(&mut self, _: u64, input: u64) -> Option<u64> {
            input.is_multiple_of(3).then_some(input)
        }
        fn file(&mut self, n: u64, found: u64) -> ControlFlow<()> {
            assert_eq!(n, found);
            self.filed.push(n);
            match self.fail_at == Some(n) {
                true => ControlFlow::Break(()),
                false => ControlFlow::Continue(()),
            }
        }
        fn done(&mut self, n: u64) -> ControlFlow<()> {
            self.done.push(n);
            ControlFlow::Continue(())
        }
    }

    fn budget(limit: Limit, stop: &AtomicBool) -> Budget<'_> {
        Budget {
            limit,
            began: Instant::now(),
            before: Duration::ZERO,
            stop,
        }
    }

    #[test]
    fn positions_are_filed_in_order_in_rounds_ending_at_multiples() {
        let never = AtomicBool::new(false);
        let mut c = Multiples {
            len: 100,
            ..Multiples::default()
        };
        let out = run(&mut c, 0, 4, &budget(Limit::Iterations(10), &never));
        assert_eq!(out, (Stop::Count, 10));
        assert_eq!(c.rounds, [0, 4, 8]);
        assert_eq!(c.filed, [0, 3, 6, 9]);
        assert_eq!(c.done, (0..10).collect::<Vec<_>>());
        // Resumed mid-round, the round still ends where the uninterrupted one did.
        let mut c = Multiples {
            len: 100,
            ..Multiples::default()
        };
        let out = run(&mut c, 6, 4, &budget(Limit::Iterations(10), &never));
        assert_eq!(out, (Stop::Count, 10));
        assert_eq!(c.rounds, [4, 8]);
        assert_eq!(c.filed, [6, 9]);
    }

    #[test]
    fn a_campaign_stops_when_there_is_nothing_to_draw_or_it_is_told_to() {
        let never = AtomicBool::new(false);
        let mut c = Multiples {
            len: 5,
            ..Multiples::default()
        };
        let out = run(&mut c, 0, 4, &budget(Limit::Iterations(100), &never));
        assert_eq!(out, (Stop::Exhausted, 5));
        assert_eq!(c.filed, [0, 3]);

        let raised = AtomicBool::new(true);
        let mut c = Multiples {
            len: 5,
            ..Multiples::default()
        };
        assert_eq!(
            run(&mut c, 0, 4, &budget(Limit::Iterations(100), &raised)),
            (Stop::Interrupted, 0)
        );
        assert!(c.done.is_empty());

        // Filing that fails stops the campaign after that position.
        let mut c = Multiples {
            len: 100,
            fail_at: Some(3),
            ..Multiples::default()
        };
        let out = run(&mut c, 0, 8, &budget(Limit::Iterations(100), &never));
        assert_eq!(out, (Stop::Interrupted, 4));
        assert_eq!(c.done, [0, 1, 2]);

        // No time left: nothing is checked.
        let mut c = Multiples {
            len: 100,
            ..Multiples::default()
        };
        let out = run(&mut c, 0, 8, &budget(Limit::Time(Duration::ZERO), &never));
        assert_eq!(out, (Stop::Time, 0));
        assert!(c.filed.is_empty());
    }
}
