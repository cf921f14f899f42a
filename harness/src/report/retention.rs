//! Retention: the run folders urlcert writes into `reports/` by default
//! (`run-YYYYMMDD-HHMMSS`, `-2`, ... for a second in the same second), and the fuzz
//! campaigns' (`fuzz-YYYYMMDD-HHMMSS`), are each kept to the newest N, so that the
//! folder does not grow without bound. Only a finished urlcert
//! report is ever removed ([`outdir::is_finished_report`]: its marker and nothing but
//! the files urlcert writes); a folder holding anything else, a link, a report being
//! written or one a killed run left for `--resume` (`NAME.partial/`) is left alone,
//! and so is whatever does not carry a run's name. A report written with `--out` is
//! not counted or touched.

use super::outdir;
use std::path::{Path, PathBuf};

/// How many default run folders a `run` or `certify` keeps, and campaign folders a
/// `fuzz`, unless told otherwise.
pub const KEEP_RUNS: usize = 20;

/// The kinds of folder kept: their names' prefix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `run-…`: `urlcert run` and `urlcert certify`.
    Run,
    /// `fuzz-…`: `urlcert fuzz`.
    Campaign,
}

impl Kind {
    fn prefix(self) -> &'static str {
        match self {
            Kind::Run => "run-",
            Kind::Campaign => "fuzz-",
        }
    }
}

/// Is `name` a default folder's name of `kind`: its prefix, `YYYYMMDD-HHMMSS`,
/// perhaps `-N`?
fn is_name_of(kind: Kind, name: &str) -> bool {
    let Some(rest) = name.strip_prefix(kind.prefix()) else {
        return false;
    };
    let (stamp, n) = match rest.get(15..) {
        Some("") => (rest, None),
        Some(tail) => (&rest[..15], Some(tail)),
        None => return false,
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    stamp.len() == 15
        && digits(&stamp[..8])
        && stamp.as_bytes()[8] == b'-'
        && digits(&stamp[9..])
        && n.is_none_or(|t| t.strip_prefix('-').is_some_and(digits))
}

/// The order runs were written in: by time stamp, then by the `-N` of a second run in
/// the same second. `name` is a [`Kind`]'s prefix and the rest.
fn age_key(name: &str) -> (String, u64) {
    let start = name.find('-').map_or(0, |i| i + 1);
    let rest = &name[start..];
    let stamp = rest.get(..15).unwrap_or(rest).to_string();
    let n = rest.get(16..).and_then(|t| t.parse().ok()).unwrap_or(1);
    (stamp, n)
}

/// Removes the oldest default run folders in `root` beyond the newest `keep` (`0`
/// keeps every one), never `just_written`. Gives the folders removed; a folder that
/// cannot be removed is reported in the error and the rest are still tried.
pub fn prune_runs(root: &Path, keep: usize, just_written: &Path) -> Pruned {
    prune(Kind::Run, root, keep, just_written)
}

/// The folders removed, and those that could not be, with why.
pub type Pruned = (Vec<PathBuf>, Vec<(PathBuf, std::io::Error)>);

/// [`prune_runs`] for the folders of `kind`.
pub fn prune(kind: Kind, root: &Path, keep: usize, just_written: &Path) -> Pruned {
    let mut removed = Vec::new();
    let mut failed = Vec::new();
    if keep == 0 {
        return (removed, failed);
    }
    let Ok(entries) = std::fs::read_dir(root) else {
        return (removed, failed);
    };
    let mut runs: Vec<(String, u64, PathBuf)> = entries
        .filter_map(Result::ok)
        .filter_map(|e| {
            let name = e.file_name().into_string().ok()?;
            let path = e.path();
            (is_name_of(kind, &name) && outdir::is_finished_report(&path)).then(|| {
                let (stamp, n) = age_key(&name);
                (stamp, n, path)
            })
        })
        .collect();
    runs.sort();
    let excess = runs.len().saturating_sub(keep);
    for (_, _, path) in runs.into_iter().take(excess) {
        if path == just_written {
            continue;
        }
        match std::fs::remove_dir_all(&path) {
            Ok(()) => removed.push(path),
            Err(e) => failed.push((path, e)),
        }
    }
    (removed, failed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn is_run_name(name: &str) -> bool {
        is_name_of(Kind::Run, name)
    }

    #[test]
    fn run_names_are_those_urlcert_gives() {
        assert!(is_run_name("run-20261203-073205"));
        assert!(is_run_name("run-20261203-073205-2"));
        for other in [
            "run-20261203-07320",
            "run-20261203-073205-",
            "run-20261203-073205.partial",
            "run-2026120x-073205",
            "matrix",
            "fuzz-20261203-073205",
        ] {
            assert!(!is_run_name(other), "{other}");
        }
        assert!(is_name_of(Kind::Campaign, "fuzz-20261203-073205"));
        assert!(is_name_of(Kind::Campaign, "fuzz-20261203-073205-3"));
        assert!(!is_name_of(Kind::Campaign, "run-20261203-073205"));
        assert!(!is_name_of(Kind::Campaign, "fuzz-20261203-073205.partial"));
    }

    #[test]
    fn campaigns_age_as_runs_do() {
        let mut names = [
            "fuzz-20261203-073205-2",
            "fuzz-20261203-073205",
            "fuzz-20261202-235959",
        ];
        names.sort_by_key(|n| age_key(n));
        assert_eq!(
            names,
            [
                "fuzz-20261202-235959",
                "fuzz-20261203-073205",
                "fuzz-20261203-073205-2"
            ]
        );
    }

    #[test]
    fn a_second_run_in_one_second_is_younger() {
        let mut names = [
            "run-20261203-073205-10",
            "run-20261203-073205-2",
            "run-20261203-073205",
            "run-20261202-235959",
        ];
        names.sort_by_key(|n| age_key(n));
        assert_eq!(
            names,
            [
                "run-20261202-235959",
                "run-20261203-073205",
                "run-20261203-073205-2",
                "run-20261203-073205-10"
            ]
        );
    }
}
