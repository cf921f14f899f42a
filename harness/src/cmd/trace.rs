//! `urlcert trace`: one input under every document, oldest first, with the changes
//! from one document to the next marked (the work is `urlcert::show::trace`).

use super::{emit, os_bytes};
use std::process::ExitCode;
use urlcert::show::trace;

#[derive(clap::Args)]
pub struct Args {
    /// Resolve INPUT against this base instead of parsing it.
    #[arg(long)]
    base: Option<std::ffi::OsString>,
    /// One JSON object: input, base (or null), documents (keyed by document id).
    #[arg(long)]
    json: bool,
    input: std::ffi::OsString,
}

pub fn main(args: Args) -> ExitCode {
    let base = args.base.map(|b| os_bytes(&b));
    let input = os_bytes(&args.input);
    let rows = trace::rows(base.as_deref(), &input);
    if args.json {
        emit(&format!(
            "{}\n",
            trace::json(base.as_deref(), &input, &rows)
        ));
    } else {
        emit(&trace::human(base.as_deref(), &input, &rows));
    }
    ExitCode::SUCCESS
}
