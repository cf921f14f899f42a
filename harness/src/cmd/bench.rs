//! `urlcert bench`: the reference against the url crate and the adapter protocol's
//! two modes, each ratio with its target (the work is `urlcert::bench`).

use super::{cases_dir, emit};
use crate::alloc_count;
use std::path::PathBuf;
use std::process::ExitCode;
use urlcert::bench;

#[derive(clap::Args)]
pub struct Args {
    /// The short run: the same comparisons in under a minute (the default budget).
    #[arg(long)]
    quick: bool,
    /// One JSON object with every ratio and the figures behind it.
    #[arg(long)]
    json: bool,
    /// Measured rounds per figure, after one warm-up round; the median is kept.
    #[arg(long)]
    rounds: Option<usize>,
    /// The measuring budget of the whole run, in seconds (loading and starting the
    /// adapter processes come on top). Default 30 with --quick, 120 without.
    #[arg(long)]
    max_seconds: Option<f64>,
    /// The case folder (default: cases/).
    #[arg(long)]
    cases: Option<PathBuf>,
}

pub fn main(args: Args) -> ExitCode {
    let budget = bench::Budget {
        rounds: args.rounds.unwrap_or(if args.quick { 5 } else { 11 }),
        max_seconds: args
            .max_seconds
            .unwrap_or(if args.quick { 30.0 } else { 120.0 }),
    };
    if budget.rounds == 0 || budget.max_seconds.is_nan() || budget.max_seconds <= 0.0 {
        eprintln!("urlcert bench: --rounds and --max-seconds must be positive");
        return ExitCode::from(2);
    }
    let loaded = match bench::load_cases(&cases_dir(args.cases)) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("urlcert bench: {e}");
            return ExitCode::from(2);
        }
    };
    let result = bench::run_counting(&loaded, budget, Some(&alloc_count::count));
    if args.json {
        emit(&format!("{result}\n"));
    } else {
        emit(&bench::render(&result));
    }
    ExitCode::SUCCESS
}
