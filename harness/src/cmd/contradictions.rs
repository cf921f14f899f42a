//! `urlcert contradictions`: the places where a document contradicts itself, from the
//! cases, with what the recorded clients (and any live adapters named) answer to each
//! printed example; with `--search`, also what a search finds (the work is
//! `urlcert::study::contradictions` and `urlcert::study::self_contradiction`).

use super::{emit, write_atomic, CasesArg};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use urlcert::ask::registry::{self, Found};
use urlcert::report::text::visible;
use urlcert::study::contradictions;
use urlcert::study::self_contradiction::known::Known;
use urlcert::study::self_contradiction::report;
use urlcert::study::self_contradiction::search::{self, Config, Limit, DOCS};
use urlcert_reference::DocReading;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    cases: CasesArg,
    /// Where to write it (standard output when not given). The committed copy is
    /// reports/contradictions.md, written without --search.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Also write the report as one HTML page here.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    /// Write JSON instead of Markdown: the recorded contradictions and, with --search,
    /// the search's causes, counts and skips.
    #[arg(long)]
    json: bool,
    /// Also ask these live adapters (repeatable) what they answer to each printed
    /// example; the recorded clients are always asked.
    #[arg(long = "adapter", value_name = "NAME")]
    adapters: Vec<String>,
    /// Look for contradictions by machine: each document's grammar against its own
    /// split, and its resolution results against both, on the cases' inputs, strings
    /// derived from the grammar, and mutations of both.
    #[arg(long)]
    search: bool,
    /// With --search: stop after this many seconds.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 60.0,
        requires = "search"
    )]
    budget: f64,
    /// With --search: only this document (`rfc1808`: every reading of it;
    /// `rfc2396@rfc2732`: that reading). Repeatable; default every document with both
    /// a grammar and a resolution algorithm.
    #[arg(long = "doc", value_name = "D", requires = "search")]
    docs: Vec<String>,
    /// With --search: the seed of the random draws (the same seed and number of
    /// executions give the same causes and witnesses).
    #[arg(long, default_value_t = 1, requires = "search")]
    seed: u64,
}

/// The document readings `--doc` names, or every one.
fn docs(names: &[String]) -> Result<Vec<DocReading>, String> {
    if names.is_empty() {
        return Ok(search::every_doc_reading());
    }
    let mut out = Vec::new();
    for name in names {
        let d: DocReading = name
            .parse()
            .map_err(|e| format!("--doc {}: {e}", visible(name)))?;
        if !DOCS.contains(&d.doc) {
            let known: Vec<&str> = DOCS.iter().map(|d| d.id()).collect();
            return Err(format!(
                "--doc {}: {} has no grammar and resolution algorithm both (known: {})",
                visible(name),
                d.doc,
                known.join(", ")
            ));
        }
        let all: Vec<DocReading> = if name.contains('@') {
            vec![d]
        } else {
            d.doc
                .readings()
                .iter()
                .map(|&r| DocReading::new(d.doc, r))
                .collect()
        };
        for d in all {
            if !out.contains(&d) {
                out.push(d);
            }
        }
    }
    Ok(out)
}

fn clients(names: &[String]) -> Result<Vec<Box<dyn urlcert::ask::Engine>>, ExitCode> {
    if names.is_empty() {
        return Ok(contradictions::recorded_clients());
    }
    let mut clients = Vec::new();
    for name in names.iter().chain(&registry::recorded_names()) {
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
                return Err(ExitCode::from(2));
            }
        }
    }
    Ok(clients)
}

pub fn main(args: Args) -> ExitCode {
    let docs = match docs(&args.docs) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("urlcert contradictions: {e}");
            return ExitCode::from(2);
        }
    };
    let Ok(budget) = Duration::try_from_secs_f64(args.budget) else {
        eprintln!("urlcert contradictions: --budget must be a number of seconds, 0 or more");
        return ExitCode::from(2);
    };
    let (_, suite) = match args.cases.load() {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let mut clients = match clients(&args.adapters) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let mut page = contradictions::page(&suite.cases, &mut clients);
    let mut json = serde_json::json!({ "recorded": report::recorded_json(&suite.cases) });
    if args.search {
        let config = Config {
            docs,
            seed: args.seed,
            limit: Limit::Time(budget),
        };
        eprintln!(
            "urlcert contradictions: searching {} document readings for {} s (seed {})",
            config.docs.len(),
            args.budget,
            config.seed
        );
        let found = search::run(&config, &suite.cases, &mut |line| {
            eprintln!("urlcert contradictions: {line}")
        });
        let known = Known::from_cases(&suite.cases);
        let new = found
            .causes
            .values()
            .filter(|c| known.case_of(&c.finding).is_none())
            .count();
        eprintln!(
            "urlcert contradictions: {} executions in {:.1} s, {} causes ({new} recorded by no case), {} skipped",
            found.executions,
            found.elapsed.as_secs_f64(),
            found.causes.len(),
            found.skipped.total()
        );
        page.sections
            .extend(report::searched(&found, &known, &config));
        json["search"] = report::json(&found, &known, &config);
    }
    if let Some(path) = &args.html {
        if let Err(e) = write_atomic(path, &report::html_page(&page)) {
            eprintln!(
                "urlcert contradictions: cannot write {}: {e}",
                path.display()
            );
            return ExitCode::from(2);
        }
    }
    let text = if args.json {
        let mut t = serde_json::to_string_pretty(&json).unwrap_or_default();
        t.push('\n');
        t
    } else {
        report::markdown(&page)
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
