//! `urlcert check`: the case files loaded and validated, without running them.

use super::{cases_dir, emit, load};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[arg(long)]
    cases: Option<PathBuf>,
}

pub fn main(args: Args) -> ExitCode {
    match load(&cases_dir(args.cases)) {
        Ok(suite) => {
            emit(&format!(
                "{} cases in {} files: ok\n",
                suite.cases.len(),
                suite.files.len()
            ));
            ExitCode::SUCCESS
        }
        Err(code) => code,
    }
}
