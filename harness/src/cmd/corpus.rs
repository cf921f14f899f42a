//! `urlcert corpus`: the fuzz targets' seed files written from the cases (the work is
//! `urlcert::corpus`).

use super::{cases_dir, emit, load};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[arg(long)]
    cases: Option<PathBuf>,
    /// The folder to write into (default: the corpus/ folder beside the cases).
    #[arg(long)]
    out: Option<PathBuf>,
}

pub fn main(args: Args) -> ExitCode {
    let dir = cases_dir(args.cases);
    let suite = match load(&dir) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let out = args
        .out
        .unwrap_or_else(|| urlcert::assets::beside_cases(&dir, "corpus"));
    match urlcert::corpus::write(&out, &urlcert::corpus::seeds(&suite.cases)) {
        Ok(w) => {
            emit(&format!(
                "{} seeds in {}: {} added, {} changed, {} removed\n",
                w.total,
                out.display(),
                w.added,
                w.changed,
                w.removed
            ));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("urlcert corpus: cannot write {}: {e}", out.display());
            ExitCode::from(2)
        }
    }
}
