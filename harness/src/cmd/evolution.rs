//! `urlcert evolution`: the evolution report, Markdown and HTML, written from the cases
//! (the work is `urlcert::study::evolution`).

use super::{emit, write_atomic, CasesArg};
use std::path::PathBuf;
use std::process::ExitCode;
use urlcert::study::evolution;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    cases: CasesArg,
    /// The folder to write both files into (default: the reports/ folder beside
    /// the cases folder).
    #[arg(long)]
    out: Option<PathBuf>,
}

pub fn main(args: Args) -> ExitCode {
    let (dir, suite) = match args.cases.load() {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let out = args
        .out
        .unwrap_or_else(|| urlcert::assets::beside_cases(&dir, "reports"));
    let steps = evolution::build(&suite.cases);
    for (name, text) in [
        ("evolution.md", evolution::markdown(&steps)),
        ("evolution.html", evolution::html_page(&steps)),
    ] {
        let path = out.join(name);
        if let Err(e) = write_atomic(&path, &text) {
            eprintln!("urlcert evolution: cannot write {}: {e}", path.display());
            return ExitCode::from(2);
        }
        emit(&format!("wrote {}\n", path.display()));
    }
    ExitCode::SUCCESS
}
