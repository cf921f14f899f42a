//! `urlcert explore`: the local page (the work is `urlcert::show::explore`).

use super::{cases_dir, load};
use std::path::PathBuf;
use std::process::ExitCode;
use urlcert::ask::process::Limits;
use urlcert::show::explore::{Explorer, Pool};

#[derive(clap::Args)]
pub struct Args {
    /// The port on 127.0.0.1 to listen on (0: any free one; the address is printed).
    #[arg(long, default_value_t = 7979)]
    port: u16,
    /// Ask only this parser (repeatable; default: every available one).
    #[arg(long, value_name = "NAME")]
    adapter: Vec<String>,
    /// How long each parser may take to answer, in milliseconds.
    #[arg(long, default_value_t = 2000)]
    timeout_ms: u64,
    /// The folder of case files the page quotes.
    #[arg(long)]
    cases: Option<PathBuf>,
}

pub fn main(args: Args) -> ExitCode {
    let names = match super::compare::parser_names("explore", args.adapter) {
        Ok(n) => n,
        Err(code) => return code,
    };
    let suite = match load(&cases_dir(args.cases)) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let limits = Limits::answering_within_ms(args.timeout_ms);
    eprintln!("urlcert explore: starting {} parsers", names.len());
    let pool = Pool::open(&names, limits);
    let explorer = match Explorer::bind(args.port, pool, suite) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("urlcert explore: {e}");
            return ExitCode::from(2);
        }
    };
    // The address on standard output, alone on its line, for a person or a script.
    println!("{}", explorer.url());
    eprintln!(
        "urlcert explore: serving {} on loopback only; Ctrl-C stops it",
        explorer.url()
    );
    explorer.serve();
    eprintln!("urlcert explore: stopped");
    ExitCode::SUCCESS
}
