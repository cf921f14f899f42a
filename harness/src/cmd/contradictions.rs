//! `urlcert contradictions`: the printed examples that contradict their own document's
//! algorithm, from the cases, with what the recorded clients (and any live adapters
//! named) answer to each (the work is `urlcert::contradictions`).

use super::{cases_dir, emit, load, write_atomic};
use std::path::PathBuf;
use std::process::ExitCode;
use urlcert::adapter::registry::{self, Found};
use urlcert::contradictions;
use urlcert::text::visible;

#[derive(clap::Args)]
pub struct Args {
    #[arg(long)]
    cases: Option<PathBuf>,
    /// Where to write it (standard output when not given). The committed copy is
    /// reports/contradictions.md.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Also ask these live adapters (repeatable) what they answer to each
    /// contradiction; the recorded clients are always asked.
    #[arg(long = "adapter", value_name = "NAME")]
    adapters: Vec<String>,
}

pub fn main(args: Args) -> ExitCode {
    let suite = match load(&cases_dir(args.cases)) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let text = if args.adapters.is_empty() {
        contradictions::render(&suite.cases)
    } else {
        let mut clients = Vec::new();
        for name in args.adapters.iter().chain(&registry::recorded_names()) {
            match registry::by_name(name, Default::default()) {
                Some(Found::Ready(a)) => clients.push(a),
                Some(Found::Unavailable { why, .. }) => eprintln!(
                    "urlcert contradictions: {} is unavailable: {}",
                    visible(name),
                    visible(&why)
                ),
                None => {
                    eprintln!(
                        "urlcert contradictions: unknown adapter `{}`{} (see `urlcert adapters`)",
                        visible(name),
                        registry::did_you_mean(name)
                    );
                    return ExitCode::from(2);
                }
            }
        }
        contradictions::render_with(&suite.cases, &mut clients)
    };
    let Some(path) = args.out else {
        emit(&text);
        return ExitCode::SUCCESS;
    };
    match write_atomic(&path, &text) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!(
                "urlcert contradictions: cannot write {}: {e}",
                path.display()
            );
            ExitCode::from(2)
        }
    }
}
