//! Running the `urlcert` binary from a test: its output, its JSON lines, and a case
//! folder made for the test.

#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs urlcert with `args`, writing `stdin` to it.
pub fn urlcert(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_urlcert"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Written from a thread: urlcert answers while it reads, so a large input would
    // otherwise fill both pipes and stop both processes.
    let mut input = child.stdin.take().unwrap();
    let data = stdin.unwrap_or_default().to_vec();
    let writer = std::thread::spawn(move || input.write_all(&data));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    out
}

/// Each line of standard output, as JSON.
pub fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// A temporary case folder holding `text` as `t.yaml`.
pub fn case_dir(text: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("t.yaml"), text).unwrap();
    dir
}
