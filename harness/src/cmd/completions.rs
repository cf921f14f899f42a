//! `urlcert completions`: a shell's completion script for urlcert, generated from the
//! command line's own definition so it never falls behind it.

use crate::cli::Cli;
use clap::CommandFactory;
use clap_complete::Shell;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The shell the script is for.
    shell: Shell,
}

pub fn main(args: Args) -> ExitCode {
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "urlcert", &mut out);
    super::emit(&String::from_utf8_lossy(&out));
    ExitCode::SUCCESS
}
