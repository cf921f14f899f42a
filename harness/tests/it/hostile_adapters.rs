//! Adapters that fight the harness: one that stops reading, one that floods answers
//! nobody asked for, one that answers twice, one that closes its input, one that exits
//! while its child holds the pipe, one that leaves a child in a session of its own, one
//! whose restart fails for a while. Each test fails on a harness that lacks the guard
//! it names (a hang is turned into a failure by a watchdog, never waited out).

use crate::common;
use common::procs::{dead, pids, wait_until};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use urlcert::ask::process::{Limits, OneShot, Persistent};
use urlcert::ask::{ask_many, Answer, Ask, Fault, Request};

const FAKE: &str = env!("CARGO_BIN_EXE_fake-adapter");

fn limits(timeout_ms: u64) -> Limits {
    Limits {
        timeout: Duration::from_millis(timeout_ms),
        ..Limits::default()
    }
}

fn fake(args: &[&str]) -> Vec<String> {
    std::iter::once(FAKE)
        .chain(args.iter().copied())
        .map(String::from)
        .collect()
}

/// Runs `f` on a thread and fails the test if it has not returned within `limit`.
fn within<T: Send + 'static>(limit: Duration, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(limit)
        .unwrap_or_else(|_| panic!("no answer within {limit:?}: the harness hangs"))
}

fn fault(answer: &Answer) -> &Fault {
    match answer {
        Answer::Fault { fault } => fault,
        other => panic!("expected a fault, got {other:?}"),
    }
}

fn parsed_whole(answer: &Answer) -> Option<&str> {
    match answer {
        Answer::Parsed { components } => components.get("whole")?.as_deref(),
        _ => None,
    }
}

#[test]
fn an_adapter_that_stops_reading_is_a_timeout_not_a_hang() {
    // 4 MiB is far more than a pipe holds: the write blocks for good.
    let big = "a".repeat(4 << 20);
    let answers = within(Duration::from_secs(30), move || {
        let mut a = Persistent::start(fake(&["deaf"]), limits(500)).unwrap();
        let first = a.parse(big.as_bytes());
        // The adapter was killed and is started again for the next request.
        let second = a.parse(b"small");
        (first, second, a.restarts())
    });
    assert!(
        matches!(fault(&answers.0), Fault::Timeout { after_ms: 500 }),
        "{:?}",
        answers.0
    );
    assert!(matches!(fault(&answers.1), Fault::Timeout { .. }));
    assert_eq!(answers.2, 1);
}

#[test]
fn an_adapter_that_prints_without_reading_cannot_grow_urlcerts_memory() {
    // It prints answers to request 0 for ever and never reads: the 4 MiB request
    // blocks, and every line it prints answers nothing.
    let big = "a".repeat(4 << 20);
    let (answer, strays) = within(Duration::from_secs(30), move || {
        let mut a = Persistent::start(fake(&["no-read"]), limits(1000)).unwrap();
        let answer = a.parse(big.as_bytes());
        (answer, a.strays())
    });
    assert!(
        matches!(fault(&answer), Fault::Timeout { .. }),
        "{answer:?}"
    );
    // The lines were read and dropped as they came: more of them than the four the
    // reading side may hold, so none were left queued.
    assert!(strays > 4, "only {strays} stray lines were read");
}

#[test]
fn a_duplicated_answer_is_not_charged_to_the_next_request() {
    let mut a = Persistent::start(fake(&["dup"]), limits(2000)).unwrap();
    for input in ["first", "second", "third"] {
        let answer = a.parse(input.as_bytes());
        assert_eq!(parsed_whole(&answer), Some(input), "{answer:?}");
    }
    assert!(a.strays() >= 2, "{}", a.strays());
}

#[test]
fn an_adapter_that_closed_its_input_is_said_to_have_closed_its_input() {
    let mut a = Persistent::start(fake(&["close-stdin"]), limits(2000)).unwrap();
    let answer = a.parse(&vec![b'a'; 1 << 20]);
    let Fault::EarlyExit { detail } = fault(&answer) else {
        panic!("{answer:?}")
    };
    assert!(detail.contains("closed its standard input"), "{detail}");
    assert!(!detail.contains("standard output"), "{detail}");
}

/// The fake adapter in `mode`, told to write the children it starts into a file of the
/// folder: its argv, the folder and the file.
fn fake_with_children(mode: &str) -> (Vec<String>, tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let pidfile = dir.path().join("pids");
    (fake(&[mode, pidfile.to_str().unwrap()]), dir, pidfile)
}

/// Every one of `children` is gone within five seconds.
fn assert_gone(children: &[u32], what: &str) {
    assert!(
        wait_until(Duration::from_secs(5), || children.iter().all(|&p| dead(p))),
        "{children:?} outlived {what}"
    );
}

#[test]
fn an_exit_is_seen_at_once_though_a_child_holds_the_pipe() {
    let (argv, _dir, pidfile) = fake_with_children("orphan-on:x");
    // A limit far longer than the test waits: a timeout would mean the exit was
    // missed.
    let mut a = Persistent::start(argv, limits(20_000)).unwrap();
    let answer = within(Duration::from_secs(15), move || {
        let answer = a.parse(b"x");
        drop(a);
        answer
    });
    let Fault::EarlyExit { detail } = fault(&answer) else {
        panic!("{answer:?}")
    };
    assert!(detail.contains("status 0"), "{detail}");
    // The child that held the pipe went with the adapter.
    let children = pids(&pidfile);
    assert_eq!(children.len(), 1, "{children:?}");
    assert_gone(&children, "the adapter");
}

#[test]
fn a_child_in_a_session_of_its_own_dies_with_the_persistent_adapter() {
    let (argv, _dir, pidfile) = fake_with_children("setsid-child");
    let mut a = Persistent::start(argv, limits(5000)).unwrap();
    assert_eq!(parsed_whole(&a.parse(b"y")), Some("y"));
    let children = pids(&pidfile);
    assert_eq!(children.len(), 1);
    assert!(
        !dead(children[0]),
        "the child should live while the adapter does"
    );
    drop(a);
    assert_gone(&children, "the adapter");
}

#[test]
fn a_child_in_a_session_of_its_own_dies_with_each_one_shot_process() {
    let (argv, _dir, pidfile) = fake_with_children("setsid-child");
    let mut a = OneShot::new(argv, limits(5000)).unwrap();
    for input in ["p", "q"] {
        assert_eq!(parsed_whole(&a.parse(input.as_bytes())), Some(input));
    }
    let children = pids(&pidfile);
    assert_eq!(children.len(), 2, "one per request: {children:?}");
    assert_gone(&children, "their one-shot processes");
}

/// A copy of the fake adapter (so that a test can take the program away), started and
/// crashed once: its next request restarts it.
fn crashed_copy() -> (tempfile::TempDir, std::path::PathBuf, Persistent) {
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("fake-adapter");
    std::fs::copy(FAKE, &copy).unwrap();
    let argv = vec![copy.to_string_lossy().into_owned(), "crash-on:x".into()];
    let mut a = Persistent::start(argv, limits(2000)).unwrap();
    assert!(matches!(fault(&a.parse(b"x")), Fault::Crash { .. }));
    (dir, copy, a)
}

#[test]
fn a_restart_that_fails_for_a_while_is_tried_again() {
    let (dir, copy, mut a) = crashed_copy();
    // The program is gone for a moment (an upgrade, a slow disk): the first restart
    // fails, a later one succeeds.
    let hidden = dir.path().join("away");
    std::fs::rename(&copy, &hidden).unwrap();
    let back = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        std::fs::rename(&hidden, &copy).unwrap();
    });
    let answer = a.parse(b"y");
    back.join().unwrap();
    assert_eq!(parsed_whole(&answer), Some("y"), "{answer:?}");
    assert_eq!(a.restarts(), 1);
}

#[test]
fn a_restart_that_keeps_failing_gives_the_adapter_up_with_the_reason() {
    let (_dir, copy, mut a) = crashed_copy();
    std::fs::remove_file(&copy).unwrap();
    let Fault::Spawn { detail } = fault(&a.parse(b"y")).clone() else {
        panic!()
    };
    assert!(detail.contains("4 restarts failed"), "{detail}");
    // Every later request carries the same reason, without trying again.
    let started = Instant::now();
    let Fault::Spawn { detail: later } = fault(&a.parse(b"z")).clone() else {
        panic!()
    };
    assert_eq!(later, detail);
    assert!(started.elapsed() < Duration::from_millis(500));
}

#[test]
fn adapters_get_a_small_environment() {
    let mut a = Persistent::start(fake(&["env"]), limits(5000)).unwrap();
    let answer = a.parse(b"x");
    let names: Vec<&str> = parsed_whole(&answer).unwrap().split(',').collect();
    let allowed = urlcert::ask::lifetime::BASE_ENV;
    for name in &names {
        assert!(
            allowed.contains(name)
                || [urlcert::ask::lifetime::MARKER, "URLCERT_DEPS"].contains(name),
            "{name} reached the adapter: {names:?}"
        );
    }
    assert!(names.contains(&"PATH"), "{names:?}");
    assert!(names.contains(&urlcert::ask::lifetime::MARKER));
}

/// The fake adapter in mode `exit-after:LINGER_MS`, noting each request it reads in a
/// log: the log's folder (kept while the test runs), its path, the mode and the adapter.
fn exiting_after_each_answer(
    linger_ms: &str,
) -> (tempfile::TempDir, std::path::PathBuf, String, Persistent) {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("read");
    let mode = format!("exit-after:{linger_ms}");
    let a = Persistent::start(fake(&[&mode, log.to_str().unwrap()]), limits(5000)).unwrap();
    (dir, log, mode, a)
}

#[test]
fn an_adapter_that_exits_after_each_answer_is_charged_with_nothing() {
    // It lingers a moment after each answer, then exits without reading on: the next
    // request is written to a process that will never read it. With no linger, the
    // exit races the next write.
    for linger_ms in ["50", "0"] {
        let (_dir, log, mode, mut a) = exiting_after_each_answer(linger_ms);
        let inputs: Vec<String> = (0..40).map(|i| format!("u{i}")).collect();
        for input in &inputs {
            let answer = a.parse(input.as_bytes());
            assert_eq!(
                parsed_whole(&answer),
                Some(input.as_str()),
                "{mode}: {answer:?}"
            );
        }
        // One process per answer, and each request read by exactly one process.
        assert_eq!(a.restarts(), 39, "{mode}");
        let read = std::fs::read_to_string(&log).unwrap();
        assert_eq!(read.lines().collect::<Vec<_>>(), inputs, "{mode}");
    }
}

#[test]
fn an_adapter_that_exits_after_each_answer_is_charged_with_nothing_when_asked_together() {
    // Its buffered reader takes the whole window, it answers the first request and
    // exits: that it took the second up cannot be told from its pipe, so the second
    // goes to a new process, and no request is charged.
    for linger_ms in ["50", "0"] {
        let (_dir, log, mode, mut a) = exiting_after_each_answer(linger_ms);
        let inputs: Vec<String> = (0..12).map(|i| format!("u{i}")).collect();
        let asked = inputs.clone();
        let answers = within(Duration::from_secs(60), move || {
            let requests: Vec<Request> = asked
                .iter()
                .map(|i| Request::Parse {
                    input: i.as_bytes(),
                })
                .collect();
            ask_many(&mut a, &requests)
        });
        let parsed: Vec<Option<&str>> = answers.iter().map(parsed_whole).collect();
        let expected: Vec<Option<&str>> = inputs.iter().map(|i| Some(i.as_str())).collect();
        assert_eq!(parsed, expected, "{mode}: {answers:?}");
        // Each request was taken up by exactly one process.
        let read = std::fs::read_to_string(&log).unwrap();
        assert_eq!(read.lines().collect::<Vec<_>>(), inputs, "{mode}");
    }
}

#[test]
fn the_last_request_of_a_window_read_with_the_answered_one_goes_to_a_new_process() {
    // Both lines come in one write and its buffered reader takes both; it answers the
    // first and exits. The second was read, but with the first, by a process that may
    // have exited after its answer: it is asked again, alone, not charged.
    let (_dir, log, mode, mut a) = exiting_after_each_answer("0");
    let answers = within(Duration::from_secs(60), move || {
        let requests = [
            Request::Parse { input: b"first" },
            Request::Parse { input: b"last" },
        ];
        ask_many(&mut a, &requests)
    });
    let parsed: Vec<Option<&str>> = answers.iter().map(parsed_whole).collect();
    assert_eq!(parsed, [Some("first"), Some("last")], "{mode}: {answers:?}");
    let read = std::fs::read_to_string(&log).unwrap();
    assert_eq!(
        read.lines().collect::<Vec<_>>(),
        ["first", "last"],
        "{mode}"
    );
}

#[test]
fn an_adapter_that_never_reads_a_request_is_charged_once_and_not_restarted_for_ever() {
    // It answers its hello and exits: each request goes to one new process, which does
    // the same, and is then charged.
    let (answers, restarts) = within(Duration::from_secs(60), || {
        let mut a = Persistent::start(fake(&["quit-after-hello"]), limits(2000)).unwrap();
        let answers: Vec<Answer> = ["a", "b"].iter().map(|i| a.parse(i.as_bytes())).collect();
        (answers, a.restarts())
    });
    for answer in &answers {
        let Fault::EarlyExit { detail } = fault(answer) else {
            panic!("{answer:?}")
        };
        assert!(detail.contains("status 0"), "{detail}");
    }
    assert!(restarts <= 4, "{restarts} restarts for two requests");
}

#[test]
fn an_adapter_that_crashes_on_a_request_is_charged_with_it_once() {
    let mut a = Persistent::start(fake(&["crash-on:x"]), limits(2000)).unwrap();
    assert!(matches!(fault(&a.parse(b"x")), Fault::Crash { .. }));
    // It read the request: no new process was given it.
    assert_eq!(a.restarts(), 0);
    assert_eq!(parsed_whole(&a.parse(b"y")), Some("y"));
    assert_eq!(a.restarts(), 1);
}

#[test]
fn an_adapter_that_closes_its_output_is_noticed_at_once() {
    // A limit far longer than the test waits: waiting it out would fail the test.
    let mut a = Persistent::start(fake(&["close-stdout"]), limits(60_000)).unwrap();
    let answer = within(Duration::from_secs(20), move || a.parse(b"x"));
    let Fault::EarlyExit { detail } = fault(&answer) else {
        panic!("{answer:?}")
    };
    assert!(detail.contains("closed its standard output"), "{detail}");
}

#[test]
fn a_hello_that_never_comes_is_said_to_be_the_hello() {
    let started = Persistent::start(fake(&["hang-hello"]), limits(300));
    let Err(Fault::Spawn { detail }) = started else {
        panic!("{:?}", started.err())
    };
    assert!(detail.contains("hello"), "{detail}");
    assert!(detail.contains("300 ms"), "{detail}");
}

#[test]
fn adapters_get_no_descriptor_but_the_standard_three() {
    use std::io::Write;
    use std::os::fd::AsRawFd;
    let mut secret = tempfile::tempfile().unwrap();
    secret.write_all(b"the secret").unwrap();
    // Open across exec, as a file a shell opened for urlcert (`exec 7<secret`) is.
    nix::fcntl::fcntl(
        &secret,
        nix::fcntl::FcntlArg::F_SETFD(nix::fcntl::FdFlag::empty()),
    )
    .unwrap();
    let mode = format!("read-fd:{}", secret.as_raw_fd());
    let mut a = Persistent::start(fake(&[&mode]), limits(5000)).unwrap();
    let answer = a.parse(b"x");
    assert_eq!(parsed_whole(&answer), Some("closed"), "{answer:?}");
    drop(secret);
}
