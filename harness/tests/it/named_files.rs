//! Files a user names on the command line (an expected-failure list, a document) are
//! read only when they are regular files, and never past a bound: a FIFO is refused
//! without waiting for a writer, and an oversized file without reading it.

#![cfg(unix)]

use crate::common;
use common::cli::output_text;

use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;
use std::process::{Output, Stdio};

/// Runs urlcert with `args`, where `fifo` is a FIFO it may be told to read. Should it
/// open the FIFO and wait for a writer, the test opens and closes the writing end, so
/// that the reader sees an empty file and the test ends either way.
fn run_with_fifo(args: &[&str], fifo: &Path) -> Output {
    let mut child = common::cli::spawn_urlcert(args, Stdio::null(), Stdio::piped());
    while child.try_wait().unwrap().is_none() {
        // Opening the writing end without blocking succeeds only while a reader has it
        // open.
        let writer = std::fs::OpenOptions::new()
            .write(true)
            .custom_flags(nix::fcntl::OFlag::O_NONBLOCK.bits())
            .open(fifo);
        drop(writer);
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn fifo_in(dir: &Path, name: &str) -> std::path::PathBuf {
    let fifo = dir.join(name);
    nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU).unwrap();
    fifo
}

fn certify_args<'a>(cases: &'a str, out: &'a str, list: &'a str) -> Vec<&'a str> {
    vec![
        "certify",
        "--adapter",
        "reference",
        "--cases",
        cases,
        "--out",
        out,
        "--expected",
        list,
    ]
}

#[test]
fn an_expected_list_that_is_a_fifo_is_refused_without_waiting() {
    let dir = common::cli::case_dir(common::files::ONE_GOOD_CASE);
    let work = tempfile::tempdir().unwrap();
    let fifo = fifo_in(work.path(), "list.txt");
    let out_dir = work.path().join("out");
    let args = certify_args(
        dir.path().to_str().unwrap(),
        out_dir.to_str().unwrap(),
        fifo.to_str().unwrap(),
    );
    let out = run_with_fifo(&args, &fifo);
    assert_eq!(out.status.code(), Some(2), "{}", output_text(&out));
    assert!(
        output_text(&out).contains(&format!(
            "{}: cannot read: not a regular file",
            fifo.display()
        )),
        "{}",
        output_text(&out)
    );
}

#[test]
fn an_oversized_expected_list_is_refused_unread() {
    let dir = common::cli::case_dir(common::files::ONE_GOOD_CASE);
    let work = tempfile::tempdir().unwrap();
    let list = work.path().join("list.txt");
    // Sparse: it takes no room on disk, and it is larger than any list may be.
    let size = urlcert::run::certify::MAX_EXPECTED_BYTES + 1;
    std::fs::File::create(&list).unwrap().set_len(size).unwrap();
    let out_dir = work.path().join("out");
    let args = certify_args(
        dir.path().to_str().unwrap(),
        out_dir.to_str().unwrap(),
        list.to_str().unwrap(),
    );
    let out = common::cli::urlcert(&args, None);
    assert_eq!(out.status.code(), Some(2), "{}", output_text(&out));
    assert!(
        output_text(&out).contains(&format!(
            "{}: the file holds {size} bytes, more than the {} bytes it may hold",
            list.display(),
            urlcert::run::certify::MAX_EXPECTED_BYTES
        )),
        "{}",
        output_text(&out)
    );
}

#[test]
fn a_document_that_is_a_fifo_is_refused_without_waiting() {
    let work = tempfile::tempdir().unwrap();
    let fifo = fifo_in(work.path(), "page.html");
    let out = run_with_fifo(&["base", fifo.to_str().unwrap()], &fifo);
    assert_eq!(out.status.code(), Some(2), "{}", output_text(&out));
    assert!(
        output_text(&out).contains("cannot read: not a regular file"),
        "{}",
        output_text(&out)
    );
}
