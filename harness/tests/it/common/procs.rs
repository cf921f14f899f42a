//! Watching processes from a test: is one gone, which did an adapter start, and waiting
//! for a condition without sleeping longer than it takes.

#![allow(dead_code)]

use std::path::Path;
use std::time::{Duration, Instant};

/// Is `pid` gone (or a zombie nobody has reaped yet, which runs no code)?
pub fn dead(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().next())
            .is_some_and(|state| state == "Z" || state == "X"),
    }
}

/// The pids the fake adapter wrote into its PIDFILE, one a line.
pub fn pids(file: &Path) -> Vec<u32> {
    std::fs::read_to_string(file)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.trim().parse().ok())
        .collect()
}

/// Polls `ok` until it holds or `limit` has passed; whether it held.
pub fn wait_until(limit: Duration, mut ok: impl FnMut() -> bool) -> bool {
    let end = Instant::now() + limit;
    while Instant::now() < end {
        if ok() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    ok()
}
