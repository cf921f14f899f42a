//! One module per `urlcert` subcommand: its arguments and the code that runs it. The
//! command line itself (the subcommand list and the dispatch) is in `cli`.
//!
//! Subcommands whose work the library already does take their arguments from it and
//! are dispatched there directly: `base` and `links` (`urlcert::page::links`), `matrix`
//! (`urlcert::study::matrix`) and the hidden `__guard` (`urlcert::ask::lifetime`).

pub mod adapters;
pub mod ask;
pub mod bench;
pub mod certify;
pub mod check;
pub mod compare;
pub mod completions;
pub mod contradictions;
pub mod corpus;
pub mod coverage;
pub mod evolution;
pub mod explore;
pub mod export;
pub mod extract;
pub mod fuzz;
pub mod fuzz_nightly_report;
pub mod inputs;
pub mod links;
pub mod man;
pub mod matrix;
pub mod normalize;
pub mod parse;
pub mod resolve;
pub mod run;
pub mod run_reports;
pub mod trace;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use urlcert::case;

/// A library enum the command line takes by name, with each value's help.
pub trait Choice: Copy + Send + Sync + 'static {
    fn all() -> &'static [Self];
    fn name(self) -> &'static str;
    fn about(self) -> Option<&'static str>;
}

/// The library enums taken by name: each has `ALL`, `name` and `about` (the help,
/// given always or where there is some).
macro_rules! choices {
    ($($library_enum:ty),*) => {$(
        impl Choice for $library_enum {
            fn all() -> &'static [Self] {
                &Self::ALL
            }
            fn name(self) -> &'static str {
                self.name()
            }
            fn about(self) -> Option<&'static str> {
                self.about().into()
            }
        }
    )*};
}

choices!(urlcert::case::Operation, urlcert::page::Format);

/// The value parser of a [`Choice`]: its names as clap's possible values, so `--help`
/// lists them with their help.
pub fn choice<T: Choice>() -> impl clap::builder::TypedValueParser<Value = T> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    PossibleValuesParser::new(T::all().iter().map(|&value| {
        let possible = PossibleValue::new(value.name());
        match value.about() {
            Some(about) => possible.help(about),
            None => possible,
        }
    }))
    .try_map(|name: String| {
        T::all()
            .iter()
            .copied()
            .find(|value| value.name() == name)
            .ok_or("not one of the possible values")
    })
}

/// Writes to standard output. A reader that has gone away (`urlcert trace ... | head`)
/// is not an error worth a panic: the rest of the output is dropped.
pub fn emit(text: &str) {
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
}

/// `--cases`, else the checkout's `cases/`, else the built-in cases (urlcert::assets).
pub fn cases_dir(given: Option<PathBuf>) -> PathBuf {
    urlcert::assets::cases_dir(given)
}

/// An argument's exact bytes (lossy where the platform has no byte view).
pub fn os_bytes(s: &std::ffi::OsStr) -> Vec<u8> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        s.as_bytes().to_vec()
    }
    #[cfg(not(unix))]
    {
        s.to_string_lossy().into_owned().into_bytes()
    }
}

/// The case files in `dir`; on failure every problem is printed and the exit code is 2.
pub fn load(dir: &Path) -> Result<case::Suite, ExitCode> {
    case::load_dir(dir).map_err(|errors| {
        for e in &errors {
            eprintln!("{e}");
        }
        eprintln!("urlcert: {} problem(s) in the case files", errors.len());
        ExitCode::from(2)
    })
}

/// The folder `given` names (`cases_dir`) and the case files in it (`load`).
pub fn load_cases(given: Option<PathBuf>) -> Result<(PathBuf, case::Suite), ExitCode> {
    let dir = cases_dir(given);
    load(&dir).map(|suite| (dir, suite))
}

/// `--cases` for the subcommands that give it no help text of their own.
#[derive(clap::Args)]
pub struct CasesArg {
    #[arg(long)]
    cases: Option<PathBuf>,
}

impl CasesArg {
    /// The folder and the case files in it (`load_cases`).
    pub fn load(self) -> Result<(PathBuf, case::Suite), ExitCode> {
        load_cases(self.cases)
    }
}

/// Written beside the target and renamed over it, so a failure leaves the old file.
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    std::fs::write(&tmp, text).and_then(|()| std::fs::rename(&tmp, path))
}
