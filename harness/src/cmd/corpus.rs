//! `urlcert corpus`: the fuzz targets' seed files written from the cases (the work is
//! `urlcert::run::corpus`), and the causes the cases record as the table the
//! `self_contradiction` target compiles in (`urlcert::study::self_contradiction::causes`).

use super::{emit, CasesArg};
use std::path::PathBuf;
use std::process::ExitCode;
use urlcert::study::self_contradiction::{causes, known::Known};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    cases: CasesArg,
    /// The folder to write into (default: the corpus/ folder beside the cases).
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
        .unwrap_or_else(|| urlcert::assets::beside_cases(&dir, "corpus"));
    let known = Known::from_cases(&suite.cases);
    let written = urlcert::run::corpus::write(&out, &urlcert::run::corpus::seeds(&suite.cases))
        .and_then(|w| Ok((w, causes::write(&out, &known)?)));
    match written {
        Ok((w, table)) => {
            emit(&format!(
                "{} seeds in {}: {} added, {} changed, {} removed; {} causes in {} ({})\n",
                w.total,
                out.display(),
                w.added,
                w.changed,
                w.removed,
                known.causes.len(),
                causes::FILE,
                if table { "written" } else { "unchanged" }
            ));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("urlcert corpus: cannot write {}: {e}", out.display());
            ExitCode::from(2)
        }
    }
}
