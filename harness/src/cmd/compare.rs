//! `urlcert compare`: one input under every document and every available parser, side
//! by side (the work is `urlcert::show::compare`).

use super::{emit, os_bytes};
use std::process::ExitCode;
use urlcert::ask::process::Limits;
use urlcert::ask::registry;
use urlcert::report::text::visible;
use urlcert::show::compare::{self, Chosen};

#[derive(clap::Args)]
pub struct Args {
    /// Resolve INPUT against this base instead of parsing it.
    #[arg(long)]
    base: Option<std::ffi::OsString>,
    /// Ask only this parser (repeatable; default: every available one). See
    /// `urlcert adapters`.
    #[arg(long, value_name = "NAME")]
    adapter: Vec<String>,
    /// One JSON object: input, base, documents (as `trace --json`), parsers (each with
    /// answer, agrees, differs and inexpressible), unavailable, cut.
    #[arg(long)]
    json: bool,
    /// How long each parser may take to answer, in milliseconds.
    #[arg(long, default_value_t = 5000)]
    timeout_ms: u64,
    input: std::ffi::OsString,
}

pub fn main(args: Args) -> ExitCode {
    let base = args.base.as_deref().map(os_bytes);
    let input = os_bytes(&args.input);
    let limits = Limits::answering_within_ms(args.timeout_ms);
    let names = match parser_names("compare", args.adapter) {
        Ok(n) => n,
        Err(code) => return code,
    };
    let parsers = compare::OpenEach { names, limits };
    let comparison = compare::compare(base.as_deref(), &input, compare::MAX_INPUT, &parsers);
    if args.json {
        emit(&format!("{}\n", compare::json(&comparison)));
    } else {
        emit(&compare::human(&comparison));
    }
    ExitCode::SUCCESS
}

/// The parsers a command asks: those named with `--adapter`, or every registered one;
/// a name the registry does not know is a usage error naming the nearest.
pub fn parser_names(cmd: &str, named: Vec<String>) -> Result<Vec<String>, ExitCode> {
    let chosen = if named.is_empty() {
        Chosen::All
    } else {
        Chosen::Named(named)
    };
    compare::chosen_names(&chosen).map_err(|compare::UnknownParser(name)| {
        eprintln!(
            "urlcert {cmd}: unknown adapter `{}`{} (`urlcert adapters` lists them)",
            visible(&name),
            registry::did_you_mean(&name)
        );
        ExitCode::from(2)
    })
}
