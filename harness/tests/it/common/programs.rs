//! Where the repository, its adapter programs and the install command's packages are,
//! what a program prints, and a conversation with an adapter: for the tests that speak
//! to the adapters directly.

#![allow(dead_code)]

use serde_json::Value;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The repository's root folder.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the harness crate sits in the repository")
        .to_path_buf()
}

/// The version of the crate `name` that the repository's Cargo.lock pins.
pub fn locked_version(name: &str) -> String {
    let lock =
        std::fs::read_to_string(repo_root().join("Cargo.lock")).expect("Cargo.lock is readable");
    let mut versions = Vec::new();
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line.trim() == format!("name = \"{name}\"") {
            if let Some(v) = lines
                .next()
                .and_then(|l| l.trim().strip_prefix("version = "))
            {
                versions.push(v.trim_matches('"').to_string());
            }
        }
    }
    assert_eq!(versions.len(), 1, "{name} in Cargo.lock: {versions:?}");
    versions.remove(0)
}

/// The program `name` in harness/adapters/.
pub fn adapter_file(name: &str) -> PathBuf {
    repo_root().join("harness").join("adapters").join(name)
}

/// Where the install command puts the optional packages (`$URLCERT_DEPS`, else `.deps`
/// in the repository), as the registry finds it.
pub fn deps_dir() -> PathBuf {
    std::env::var_os("URLCERT_DEPS")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| repo_root().join(".deps"))
}

/// Standard output of a command that exits 0, trimmed; `None` if it cannot run.
pub fn output_of(program: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// `out` is an unavailable adapter's (ADAPTERS.md, "Unavailable adapters"): exit status 3
/// before any answer, and on standard error the reason, which says `reason`.
pub fn assert_unavailable(out: &Output, what: &str, reason: &str) {
    assert_eq!(out.status.code(), Some(3), "{what}: {out:?}");
    assert!(out.stdout.is_empty(), "{what}: no answer: {out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains(reason), "{what}: {stderr}");
}

/// Runs `command` (an adapter speaking protocol v1) with `requests` on standard input,
/// one a line, until it exits at EOF; its answers, one a request and each with its
/// request's id, in order. `what` names the program in a failure.
pub fn answers(mut command: Command, what: &str, requests: &[Value]) -> Vec<Value> {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    let mut stdin = child.stdin.take().unwrap();
    let text: String = requests.iter().map(|r| format!("{r}\n")).collect();
    // Written from a thread: the program answers while it reads, so many requests
    // would otherwise fill both pipes and stop both processes.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(text.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(
        out.status.success(),
        "{what} exited with {}: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    let answers: Vec<Value> = String::from_utf8(out.stdout)
        .expect("answers are UTF-8")
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{what}: {l:?}: {e}")))
        .collect();
    assert_eq!(answers.len(), requests.len(), "{what}: {answers:?}");
    for (q, a) in requests.iter().zip(&answers) {
        assert_eq!(q["id"], a["id"], "{what}: {a}");
    }
    answers
}
