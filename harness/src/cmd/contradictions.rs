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
use urlcert::study::self_contradiction::writing;
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
    /// derived from the grammar, and mutations of both; and the URL Standard's valid
    /// URL strings against its parser, on its cases' inputs, random strings and
    /// mutations.
    #[arg(long)]
    search: bool,
    /// With --search: stop after this many seconds (shared evenly between the RFCs'
    /// search and the URL Standard's when both run).
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 60.0,
        requires = "search"
    )]
    budget: f64,
    /// With --search: only this document (`rfc1808`: every reading of it;
    /// `rfc2396@rfc2732`: that reading; `url-standard`: its valid URL strings against
    /// its parser). Repeatable; default every document with both a grammar and a
    /// resolution algorithm, and the URL Standard.
    #[arg(long = "doc", value_name = "D", requires = "search")]
    docs: Vec<String>,
    /// With --search: the seed of the random draws (the same seed and number of
    /// executions give the same causes and witnesses).
    #[arg(long, default_value_t = 1, requires = "search")]
    seed: u64,
}

/// What `--search` runs: the document readings `--doc` names (or every one), and
/// whether the URL Standard's check of valid URL strings against its parser runs (named,
/// or no document named).
struct Searched {
    docs: Vec<DocReading>,
    url_standard: bool,
}

/// The documents `--doc` names, or every one.
fn docs(names: &[String]) -> Result<Searched, String> {
    if names.is_empty() {
        return Ok(Searched {
            docs: search::every_doc_reading(),
            url_standard: true,
        });
    }
    let url_standard = names.iter().any(|n| n == writing::DOCUMENT.id());
    let mut out = Vec::new();
    for name in names.iter().filter(|n| *n != writing::DOCUMENT.id()) {
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
    Ok(Searched {
        docs: out,
        url_standard,
    })
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
    let searched = match docs(&args.docs) {
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
    let (cases_dir, suite) = match args.cases.load() {
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
        let both = !searched.docs.is_empty() && searched.url_standard;
        let share = if both { budget / 2 } else { budget };
        if !searched.docs.is_empty() {
            search_documents(
                searched.docs,
                share,
                args.seed,
                &suite.cases,
                &mut page,
                &mut json,
            );
        }
        if searched.url_standard {
            if let Err(e) = search_url_standard(&cases_dir, share, args.seed, &mut page, &mut json)
            {
                eprintln!("urlcert contradictions: {e}");
                return ExitCode::from(2);
            }
        }
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

/// The RFCs' search: each document's grammar against its own split and its resolution
/// results against both.
fn search_documents(
    docs: Vec<DocReading>,
    budget: Duration,
    seed: u64,
    cases: &[urlcert::case::LoadedCase],
    page: &mut report::Page,
    json: &mut serde_json::Value,
) {
    let config = Config {
        docs,
        seed,
        limit: Limit::Time(budget),
    };
    eprintln!(
        "urlcert contradictions: searching {} document readings for {} s (seed {})",
        config.docs.len(),
        budget.as_secs_f64(),
        config.seed
    );
    let found = search::run(&config, cases, &mut |line| {
        eprintln!("urlcert contradictions: {line}")
    });
    let known = Known::from_cases(cases);
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

/// The URL Standard's search: valid URL strings against its parser, from its cases
/// (`cases/url-standard/`).
fn search_url_standard(
    cases_dir: &std::path::Path,
    budget: Duration,
    seed: u64,
    page: &mut report::Page,
    json: &mut serde_json::Value,
) -> Result<(), String> {
    let cases = writing::url_standard_cases(cases_dir)?;
    let config = writing::Config {
        seed,
        limit: writing::Limit::Time(budget),
        seeds: writing::case_seeds(cases_dir)?,
        sides: writing::REFERENCE,
    };
    eprintln!(
        "urlcert contradictions: asking {} of valid URL strings against its parser for {} s (seed {seed}, {} case inputs)",
        writing::DOCUMENT,
        budget.as_secs_f64(),
        config.seeds.len()
    );
    let found = writing::run(&config, &mut |line| {
        eprintln!("urlcert contradictions: {line}")
    });
    let known = writing::Known::from_cases(&cases, &config.sides);
    let asked: u64 = found.asked.values().sum();
    eprintln!(
        "urlcert contradictions: {} strings drawn, {asked} asked, in {:.1} s, {} classes ({} recorded by no case)",
        found.executions,
        found.elapsed.as_secs_f64(),
        found.causes.len(),
        found
            .causes
            .keys()
            .filter(|k| !known.causes.contains_key(*k))
            .count()
    );
    page.sections.push(writing::searched(&found, &known));
    json["writing_vs_parser"] = writing::json(&found, &known);
    Ok(())
}
