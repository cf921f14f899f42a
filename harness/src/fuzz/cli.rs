//! `urlcert fuzz`: the command line of a campaign.

use super::{report, Campaign, Config, Limit, Seeds, Status};
use crate::adapter::process::Limits;
use crate::adapter::registry::{self, Found};
use crate::adapter::Adapter;
use crate::text::visible as v;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use urlcert_reference::DocReading;

/// The arguments of `urlcert fuzz`.
#[derive(clap::Args, Debug)]
pub struct FuzzArgs {
    /// The adapters to compare with the reference, by name (`urlcert adapters`), comma
    /// separated or repeated: --adapter url,python-urllib.
    #[arg(
        long = "adapter",
        value_name = "A[,B...]",
        value_delimiter = ',',
        required = true
    )]
    pub adapters: Vec<String>,
    /// The document (and reading) the reference answers under.
    #[arg(long, default_value = "draft-1996")]
    pub doc: DocReading,
    /// How long to run: 30s, 10m, 1h (a bare number is seconds). The default, without
    /// --iterations, is 60s.
    #[arg(long, value_parser = parse_duration, conflicts_with = "iterations")]
    pub time: Option<Duration>,
    /// How many generated requests to make, each asked of every adapter.
    #[arg(long)]
    pub iterations: Option<u64>,
    /// The seed of every random choice (default: from the clock; printed either way).
    #[arg(long)]
    pub seed: Option<u64>,
    /// The folder to write fuzz.md and fuzz.jsonl into (default reports/fuzz-<UTC time>/).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Also write candidate YAML cases (`_candidates-<adapter>.yaml`) into this folder.
    #[arg(long, value_name = "DIR")]
    pub emit_cases: Option<PathBuf>,
    /// The case files the seeds come from (default: cases/).
    #[arg(long)]
    pub cases: Option<PathBuf>,
    /// How long an external adapter may take to answer, in milliseconds.
    #[arg(long, default_value_t = 5000)]
    pub timeout_ms: u64,
}

/// `30s`, `10m`, `1h`, `2h30m`, or a number of seconds.
pub fn parse_duration(s: &str) -> Result<Duration, String> {
    let s = s.trim();
    if s.is_empty() {
        return Err("empty duration".into());
    }
    if let Ok(n) = s.parse::<u64>() {
        return Ok(Duration::from_secs(n));
    }
    let mut total = 0u64;
    let mut num = String::new();
    for c in s.chars() {
        if c.is_ascii_digit() {
            num.push(c);
            continue;
        }
        let unit = match c {
            's' => 1,
            'm' => 60,
            'h' => 3600,
            _ => return Err(format!("`{s}`: a duration is like 30s, 10m or 1h")),
        };
        let n: u64 = num
            .parse()
            .map_err(|_| format!("`{s}`: a duration is like 30s, 10m or 1h"))?;
        total = total.saturating_add(n.saturating_mul(unit));
        num.clear();
    }
    if !num.is_empty() {
        return Err(format!("`{s}`: a number needs its unit (s, m or h)"));
    }
    Ok(Duration::from_secs(total))
}

/// Runs `urlcert fuzz`. Exit status 0 when the campaign ran and its report is written
/// (discrepancies are what it is for), 2 on a usage error, an unknown or unavailable
/// adapter, or when the report cannot be written.
pub fn main(args: FuzzArgs) -> ExitCode {
    let limits = Limits {
        timeout: Duration::from_millis(args.timeout_ms),
        ..Limits::default()
    };
    let mut adapters: Vec<Box<dyn Adapter>> = Vec::new();
    for name in &args.adapters {
        match registry::by_name(name, limits) {
            Some(Found::Ready(a)) => adapters.push(a),
            Some(Found::Unavailable { why, install, .. }) => {
                eprintln!(
                    "urlcert fuzz: adapter `{}` is unavailable here: {} (install: {})",
                    v(name),
                    v(&why),
                    v(&install)
                );
                return ExitCode::from(2);
            }
            None => {
                eprintln!(
                    "urlcert fuzz: unknown adapter `{}` (known: {})",
                    v(name),
                    registry::names().join(", ")
                );
                return ExitCode::from(2);
            }
        }
    }
    let root = registry::repo_root();
    let cases = args.cases.clone().unwrap_or_else(|| root.join("cases"));
    let seeds = match Seeds::from_cases(&cases) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("urlcert fuzz: {}; starting from built-in seeds", v(&e));
            Seeds::builtin()
        }
    };
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(1)
    });
    let limit = match (args.iterations, args.time) {
        (Some(n), _) => Limit::Iterations(n),
        (None, Some(d)) => Limit::Time(d),
        (None, None) => Limit::Time(Duration::from_secs(60)),
    };
    let out = args.out.clone().unwrap_or_else(|| {
        let stamp = crate::report::run_names(std::time::SystemTime::now()).0;
        let stamp = stamp.trim_start_matches("run-").to_string();
        root.join("reports").join(format!("fuzz-{stamp}"))
    });
    eprintln!(
        "urlcert fuzz: seed {seed}, document {}, adapters {}",
        args.doc,
        v(&args.adapters.join(","))
    );
    crate::interrupt::graceful();
    let bar = progress_bar(limit);
    let mut on_progress = |s: Status| {
        match limit {
            Limit::Iterations(_) => bar.set_position(s.execs),
            Limit::Time(_) => bar.set_position(s.elapsed.as_secs()),
        }
        let rate = s.execs as f64 / s.elapsed.as_secs_f64().max(1e-9);
        bar.set_message(format!(
            "{} execs, {rate:.0}/s, {} buckets",
            s.execs, s.buckets
        ));
    };
    let config = Config::new(args.doc, seed, limit, seeds);
    let campaign = super::run(
        &config,
        &mut adapters,
        &crate::interrupt::STOP,
        &mut on_progress,
    );
    bar.finish_and_clear();
    drop(adapters);
    finish(&campaign, &out, args.emit_cases.as_deref())
}

fn progress_bar(limit: Limit) -> ProgressBar {
    let len = match limit {
        Limit::Iterations(n) => n,
        Limit::Time(d) => d.as_secs().max(1),
    };
    let bar = ProgressBar::new(len);
    if std::io::stderr().is_terminal() {
        bar.set_draw_target(ProgressDrawTarget::stderr());
        if let Ok(style) =
            ProgressStyle::with_template("[{elapsed_precise}] {bar:30} {pos}/{len} {msg}")
        {
            bar.set_style(style);
        }
    } else {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    bar
}

fn finish(c: &Campaign, out: &std::path::Path, emit: Option<&std::path::Path>) -> ExitCode {
    if let Err(e) = report::write(c, out) {
        eprintln!(
            "urlcert fuzz: cannot write the report into {}: {e}",
            out.display()
        );
        return ExitCode::from(2);
    }
    let mut code = ExitCode::SUCCESS;
    if let Some(dir) = emit {
        match report::emit_cases(c, dir) {
            Ok(files) => {
                for f in files {
                    println!("candidate cases: {}", f.display());
                }
            }
            Err(e) => {
                eprintln!(
                    "urlcert fuzz: cannot write candidate cases into {}: {e}",
                    dir.display()
                );
                code = ExitCode::from(2);
            }
        }
    }
    println!(
        "{} execs in {:.1} s ({:.0} exec/s, stopped by {}), seed {}: {} discrepancies in {} buckets",
        c.execs,
        c.duration.as_secs_f64(),
        c.exec_per_sec(),
        c.stop.id(),
        c.seed,
        c.discrepancies,
        c.buckets.len()
    );
    for b in c.buckets.iter().take(10) {
        println!(
            "  {:>7}  {} {} {}{} [{}]  {}",
            b.count,
            v(&b.kind.adapter),
            b.kind.op,
            b.kind.class,
            b.kind
                .component
                .as_deref()
                .map(|c| format!(" {}", v(c)))
                .unwrap_or_default(),
            b.shape,
            report::escape(&b.request.input)
        );
    }
    if c.buckets.len() > 10 {
        println!("  ... {} more", c.buckets.len() - 10);
    }
    println!("report: {}", out.join("fuzz.md").display());
    code
}

#[cfg(test)]
mod tests {
    use super::parse_duration;
    use std::time::Duration;

    #[test]
    fn durations() {
        assert_eq!(parse_duration("30s"), Ok(Duration::from_secs(30)));
        assert_eq!(parse_duration("10m"), Ok(Duration::from_secs(600)));
        assert_eq!(parse_duration("1h"), Ok(Duration::from_secs(3600)));
        assert_eq!(parse_duration("1h30m"), Ok(Duration::from_secs(5400)));
        assert_eq!(parse_duration("45"), Ok(Duration::from_secs(45)));
        assert!(parse_duration("10x").is_err());
        assert!(parse_duration("m").is_err());
        assert!(parse_duration("1h30").is_err());
        assert!(parse_duration("").is_err());
    }
}
