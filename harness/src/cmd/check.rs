//! `urlcert check`: the case files loaded and validated, without running them.

use super::{emit, CasesArg};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    cases: CasesArg,
}

pub fn main(args: Args) -> ExitCode {
    match args.cases.load() {
        Ok((_, suite)) => {
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
