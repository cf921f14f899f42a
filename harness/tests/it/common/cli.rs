//! Running the `urlcert` binary from a test: its output, its JSON lines, its answers
//! line by line, and `run` and `check` over a case folder made for the test.

#![allow(dead_code)]

use std::io::Write;
use std::process::{Child, Command, Output, Stdio};

/// Starts urlcert with `args`, its standard output a pipe and the other two as given.
pub fn spawn_urlcert(args: &[&str], stdin: Stdio, stderr: Stdio) -> Child {
    Command::new(env!("CARGO_BIN_EXE_urlcert"))
        .args(args)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .unwrap()
}

/// Runs urlcert with `args`, writing `stdin` to it.
pub fn urlcert(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = spawn_urlcert(args, Stdio::piped(), Stdio::piped());
    // Written from a thread: urlcert answers while it reads, so a large input would
    // otherwise fill both pipes and stop both processes.
    let mut input = child.stdin.take().unwrap();
    let data = stdin.unwrap_or_default().to_vec();
    let writer = std::thread::spawn(move || input.write_all(&data));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    out
}

/// Standard output, then standard error, as text.
/// `urlcert ARGS`'s standard output; it must exit 0.
pub fn stdout_of(args: &[&str]) -> String {
    let out = urlcert(args, None);
    if out.status.code() != Some(0) {
        panic!("urlcert {} failed: {}", args.join(" "), output_text(&out));
    }
    String::from_utf8(out.stdout).expect("urlcert writes UTF-8")
}

pub fn output_text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// Each line of standard output, as JSON.
pub fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// urlcert run with `args` and no standard input: its exit status and the first JSON
/// line it wrote.
pub fn first_json_line(args: &[&str]) -> (Option<i32>, serde_json::Value) {
    let out = urlcert(args, None);
    (out.status.code(), json_lines(&out).swap_remove(0))
}

/// The string `key` of each object in the JSON array `array`.
pub fn strings_of_each<'a>(array: &'a serde_json::Value, key: &str) -> Vec<&'a str> {
    array
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item[key].as_str().unwrap())
        .collect()
}

/// A temporary case folder holding `text` as `t.yaml`.
pub fn case_dir(text: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("t.yaml"), text).unwrap();
    dir
}

/// `urlcert run` over a case folder holding `text`, the reports written inside it.
pub fn run_case_text(text: &str) -> Output {
    let dir = case_dir(text);
    urlcert(
        &[
            "run",
            "--cases",
            dir.path().to_str().unwrap(),
            "--out",
            dir.path().join("reports-out").to_str().unwrap(),
        ],
        None,
    )
}

/// `urlcert run` over a case folder holding `text`: its exit status and what it printed.
pub fn run_printed(text: &str) -> (Option<i32>, String) {
    let out = run_case_text(text);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// `urlcert run` of the case file `text` fails (exit 1) and prints each of `shows`;
/// `row` names the table row in a failure.
pub fn assert_run_fails(text: &str, row: &str, shows: &[&str]) {
    let (code, printed) = run_printed(text);
    assert_eq!(code, Some(1), "{row}");
    for s in shows {
        assert!(printed.contains(s), "{row}: {s}: {printed}");
    }
}

/// `urlcert check` over a case folder holding `text`.
pub fn check_case_text(text: &str) -> Output {
    let dir = case_dir(text);
    urlcert(&["check", "--cases", dir.path().to_str().unwrap()], None)
}

/// `out` is a refusal: exit code 2, with standard error holding each of `says`.
pub fn assert_refused(out: &Output, says: &[&str]) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    for s in says {
        assert!(err.contains(s), "{s}: {err}");
    }
}

/// `urlcert check` refuses the case file `text` (exit 2) with a message holding `says`;
/// `row` names the table row in a failure.
pub fn assert_check_refuses(text: &str, row: &str, says: &str) {
    let out = check_case_text(text);
    assert_eq!(out.status.code(), Some(2), "{row}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(says), "{row}: {err}");
}

/// Reads lines of `stdout` on a thread, so that a test can wait for one with a time
/// limit instead of hanging.
pub fn line_reader(stdout: std::process::ChildStdout) -> std::sync::mpsc::Receiver<String> {
    use std::io::BufRead;
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}
