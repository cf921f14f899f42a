//! `urlcert fuzz-nightly-report` (hidden, for `.ci/nightly`): the arguments; the report
//! is `urlcert::run::fuzz::nightly`'s.

use std::path::PathBuf;
use std::process::ExitCode;
use urlcert::run::fuzz::nightly;

/// The arguments of `urlcert fuzz-nightly-report`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Tonight's report folder.
    #[arg(long)]
    pub out: PathBuf,
    /// The previous night's report folder (default: the newest other `nightly-*`
    /// folder with a nightly.md beside --out).
    #[arg(long)]
    pub previous: Option<PathBuf>,
    /// Which sections: `campaign` (the new buckets first, the explained ones by cause,
    /// the change by cause; the report leads with it) or `targets` (coverage per target
    /// and the comparison with the previous night).
    #[arg(long, value_enum, default_value = "targets")]
    pub part: nightly::Section,
}

/// Runs `urlcert fuzz-nightly-report`: prints the sections for `nightly.md`. Exit
/// status 0, or 2 when --out is not a folder.
pub fn main(args: Args) -> ExitCode {
    match nightly::report_part(&args.out, args.previous.as_deref(), args.part) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(why) => {
            eprintln!("urlcert fuzz-nightly-report: {why}");
            ExitCode::from(2)
        }
    }
}
