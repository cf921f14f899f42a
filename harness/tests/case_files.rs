//! One test per case file: `cargo test` (and `cargo nextest run`) list each file under
//! `cases/` as its own test. A failing file reports every failing case in it, with the
//! case id, its location, the input, and a diff of expected against actual.

use datatest_stable::Utf8Path;
use urlcert::{case, run::runner};

fn case_file(path: &Utf8Path) -> datatest_stable::Result<()> {
    let loaded = case::load_file(path.as_std_path()).map_err(|errors| {
        let lines: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        lines.join("\n")
    })?;
    let results = runner::run_cases(&loaded);
    let totals = runner::totals(&results);
    if totals.fail > 0 {
        return Err(format!(
            "{}{} of {} expectations failed",
            runner::failure_report(&results),
            totals.fail,
            results.len()
        )
        .into());
    }
    if totals.pass == 0 {
        return Err(format!("{path}: no expectation could be run").into());
    }
    Ok(())
}

datatest_stable::harness! {
    { test = case_file, root = "../cases", pattern = r"^(.*/)?[^_/][^/]*\.yaml$" },
}
