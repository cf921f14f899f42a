//! `urlcert man`: the manual pages in roff, generated from the command line's own
//! definition: urlcert.1, and one urlcert-<subcommand>.1 per visible subcommand.

use crate::cli::Cli;
use clap::CommandFactory;
use clap_mangen::Man;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The folder to write the pages into (created if missing). Without it, urlcert.1
    /// is printed, for `urlcert man | man -l -`.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
}

pub fn main(args: Args) -> ExitCode {
    let mut command = Cli::command().disable_help_subcommand(true);
    // Built, so each subcommand's page is named and titled `urlcert-<subcommand>`.
    command.build();
    let Some(dir) = args.out else {
        let mut page = Vec::new();
        if let Err(e) = Man::new(command).render(&mut page) {
            eprintln!("urlcert man: {e}");
            return ExitCode::from(2);
        }
        super::emit(&String::from_utf8_lossy(&page));
        return ExitCode::SUCCESS;
    };
    match write_pages(command, &dir) {
        Ok(written) => {
            for path in written {
                super::emit(&format!("wrote {}\n", path.display()));
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("urlcert man: cannot write into {}: {e}", dir.display());
            ExitCode::from(2)
        }
    }
}

/// The top page first, then one per visible subcommand, in the order of `--help`.
fn write_pages(command: clap::Command, dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir)?;
    let subcommands: Vec<clap::Command> = command
        .get_subcommands()
        .filter(|s| !s.is_hide_set())
        .cloned()
        .collect();
    let mut written = vec![Man::new(command).generate_to(dir)?];
    for sub in subcommands {
        written.push(Man::new(sub).generate_to(dir)?);
    }
    Ok(written)
}
