//! `urlcert coverage`: which productions, resolution branches, notes and readings of
//! ambiguities the cases (or fuzz corpora) reach, per document, judged against the
//! reviewed exceptions (the work is `urlcert::study::coverage`).

use super::{cases_dir, emit, load};
use std::path::PathBuf;
use std::process::ExitCode;
use urlcert::report::text::visible;
use urlcert::study::coverage::{self, corpus, exceptions, render};
use urlcert_reference::Document;

#[derive(clap::Args)]
pub struct Args {
    /// Only this document.
    #[arg(long)]
    doc: Option<Document>,
    /// Read this fuzz corpus folder instead of the cases (repeatable); the folder is
    /// named after its target (parse_invariants, resolve_invariants, oracle_diff,
    /// adapters_diff).
    #[arg(long = "corpus", value_name = "DIR")]
    corpus: Vec<PathBuf>,
    /// One JSON object (its fields are in the README).
    #[arg(long)]
    json: bool,
    /// The folder of case files (its _coverage-exceptions.yaml holds the exceptions).
    #[arg(long)]
    cases: Option<PathBuf>,
    /// The exceptions file (default: _coverage-exceptions.yaml in the case folder).
    #[arg(long, value_name = "FILE")]
    exceptions: Option<PathBuf>,
    /// Exit 1 when something is unreached outside the exceptions, or (for the cases)
    /// an exception is no longer needed.
    #[arg(long)]
    check: bool,
}

pub fn main(args: Args) -> ExitCode {
    let dir = cases_dir(args.cases);
    let file = args
        .exceptions
        .unwrap_or_else(|| exceptions::path_for(&dir));
    let exceptions = match exceptions::load(&file) {
        Ok(e) => e,
        Err(errors) => {
            for e in &errors {
                eprintln!("{e}");
            }
            eprintln!(
                "urlcert coverage: {} problem(s) in the exceptions file",
                errors.len()
            );
            return ExitCode::from(2);
        }
    };
    let (source, documents) = if args.corpus.is_empty() {
        let suite = match load(&dir) {
            Ok(s) => s,
            Err(code) => return code,
        };
        let source = render::InputSource::Cases {
            dir: dir.display().to_string(),
            cases: suite.cases.len(),
        };
        (source, coverage::of_cases(&suite.cases, args.doc))
    } else {
        let mut tallies: Vec<coverage::Tally> = coverage::documents(args.doc)
            .into_iter()
            .map(coverage::Tally::new)
            .collect();
        let mut folders = Vec::new();
        for d in &args.corpus {
            match corpus::read(d, &mut tallies) {
                Ok(f) => folders.push(f),
                Err(why) => {
                    eprintln!("urlcert coverage: {why}");
                    return ExitCode::from(2);
                }
            }
        }
        let documents = tallies.into_iter().map(|t| t.finish(None)).collect();
        (render::InputSource::Corpus(folders), documents)
    };
    let report = render::Report {
        source,
        documents,
        exceptions: exceptions.as_ref(),
    };
    if args.json {
        let mut text = serde_json::to_string_pretty(&render::json(&report)).unwrap_or_default();
        text.push('\n');
        emit(&text);
    } else {
        emit(&render::human(&report));
    }
    let failing = report.unexcused() + report.stale();
    if args.check && failing > 0 {
        eprintln!(
            "urlcert coverage: {} unreached outside the exceptions, {} exceptions no longer needed ({})",
            report.unexcused(),
            report.stale(),
            visible(&file.display().to_string())
        );
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
