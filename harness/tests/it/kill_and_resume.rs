//! The `urlcert` binary under kills and bad output folders: `--out` never deletes what
//! urlcert did not write; a kill at any moment leaves the old report or the new one; a
//! run killed half way is resumed to the report an uninterrupted run writes; nothing
//! urlcert started outlives it, kill -9 included.

use crate::common;
use common::cli::output_text;
use common::files::{folder_with_a_users_file, listing, results_of};
use common::procs::{dead, pids, wait_until};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

const URLCERT: &str = env!("CARGO_BIN_EXE_urlcert");
const FAKE: &str = env!("CARGO_BIN_EXE_fake-adapter");
/// How long a run is given to get under way (load its cases, start its adapter) before
/// a test stops it: the condition is looked at every few milliseconds, so a long bound
/// costs nothing on a quiet machine and keeps a loaded one from failing the test.
const UNDER_WAY: Duration = Duration::from_secs(300);

fn cases() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../cases")
}

fn urlcert(args: &[&str]) -> Command {
    let mut cmd = Command::new(URLCERT);
    cmd.args(args).stdin(Stdio::null());
    cmd
}

/// A process that is not there.
fn gone_pid() -> u32 {
    (400_000..4_000_000u32)
        .step_by(7919)
        .find(|p| !Path::new(&format!("/proc/{p}")).exists())
        .unwrap()
}

/// A case folder of one case, for runs that take a moment.
fn one_case() -> tempfile::TempDir {
    common::cli::case_dir(
        r#"cases:
- id: t.space.parse
  op: parse
  input: "http://h/a b"
  cite: [{doc: rfc1738, section: "2.2"}]
  expect:
    rfc1738: {verdict: invalid}
"#,
    )
}

/// `urlcert CMD --cases CASES ARGS --out OUT`, with `env` set.
fn command(cmd: &str, cases: &Path, args: &[&str], out: &Path, env: &[(&str, &str)]) -> Command {
    let mut c = urlcert(&[cmd, "--cases", cases.to_str().unwrap()]);
    c.args(args).arg("--out").arg(out);
    for (k, v) in env {
        c.env(k, v);
    }
    c
}

/// The same, run to its end.
fn quick(cmd: &str, cases: &Path, args: &[&str], out: &Path, env: &[(&str, &str)]) -> Output {
    command(cmd, cases, args, out, env).output().unwrap()
}

/// `res` is a usage refusal (exit status 2) that says `says`.
fn assert_refused(res: &Output, says: &str) {
    let text = output_text(res);
    assert_eq!(res.status.code(), Some(2), "{text}");
    assert!(text.contains(says), "{text}");
}

/// A reference-only run of the real cases into `out`, with `env` set.
fn reference_run(out: &Path, extra: &[&str], env: &[(&str, &str)]) -> Output {
    let args = [&["--adapter", "reference"], extra].concat();
    quick("run", &cases(), &args, out, env)
}

fn lines(path: &Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |t| t.lines().count())
}

/// The outcomes of the finished report in `dir` without what differs between two runs
/// of the same plan (when, and how long each answer took).
fn comparable(dir: &Path) -> Vec<serde_json::Value> {
    results_of(dir)
        .lines()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
            let o = v.as_object_mut().unwrap();
            for k in ["run", "time", "elapsed_ms"] {
                o.remove(k);
            }
            v
        })
        .collect()
}

#[test]
fn out_refuses_a_folder_that_holds_a_users_file_and_touches_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = folder_with_a_users_file(dir.path(), "my notes");
    let res = reference_run(&out, &[], &[]);
    assert_refused(&res, "notes.txt");
    assert!(
        output_text(&res).contains("not a urlcert report"),
        "{}",
        output_text(&res)
    );
    assert_eq!(listing(&out), ["notes.txt"]);
    assert_eq!(
        std::fs::read_to_string(out.join("notes.txt")).unwrap(),
        "my notes"
    );
    assert_eq!(listing(dir.path()), ["mine"], "nothing written beside it");

    // A urlcert report with a user's file dropped into it is not replaced either.
    let report = dir.path().join("report");
    assert_eq!(reference_run(&report, &[], &[]).status.code(), Some(0));
    std::fs::write(report.join("todo.txt"), "keep me").unwrap();
    let res = reference_run(&report, &[], &[]);
    assert_eq!(res.status.code(), Some(2), "{}", output_text(&res));
    assert_eq!(
        std::fs::read_to_string(report.join("todo.txt")).unwrap(),
        "keep me"
    );
}

#[test]
fn a_previous_report_is_replaced_and_old_temporaries_are_cleaned() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    assert_eq!(reference_run(&out, &[], &[]).status.code(), Some(0));
    // What urlcert leaves when killed between the two renames that stand in for an
    // exchange: folders marked as its own, named after a process that is gone.
    let gone = gone_pid();
    for what in ["tmp", "old"] {
        let left = dir.path().join(format!("r.{what}-{gone}"));
        std::fs::create_dir(&left).unwrap();
        std::fs::write(left.join(".urlcert-report"), "run").unwrap();
        std::fs::write(left.join("report.md"), "stale").unwrap();
    }
    let res = reference_run(&out, &[], &[]);
    assert_eq!(res.status.code(), Some(0), "{}", output_text(&res));
    assert_eq!(listing(dir.path()), ["r"]);
    assert!(listing(&out).contains(&"report.md".to_string()));
}

/// A report in `r` of a fresh folder, then a run into it that dies at the fault point
/// `at`: the folder, `r`, and the first report's run.json and number of results.
fn a_report_then_a_run_killed_at(at: &str) -> (tempfile::TempDir, PathBuf, String, usize) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    assert_eq!(reference_run(&out, &[], &[]).status.code(), Some(0));
    let old = std::fs::read_to_string(out.join("run.json")).unwrap();
    let records = results_of(&out).lines().count();

    let killed = reference_run(&out, &[], &[("URLCERT_FAULT_AT", at)]);
    assert_eq!(
        killed.status.code(),
        None,
        "it should die: {}",
        output_text(&killed)
    );
    (dir, out, old, records)
}

#[test]
fn a_kill_before_the_swap_leaves_the_old_report_and_a_run_to_resume() {
    let (dir, out, old, records) = a_report_then_a_run_killed_at("publish");
    assert_eq!(std::fs::read_to_string(out.join("run.json")).unwrap(), old);
    assert_eq!(listing(dir.path()), ["r", "r.partial"]);

    // Not thrown away unasked...
    let res = reference_run(&out, &[], &[]);
    assert_refused(&res, "--resume");
    // ...and finished when asked.
    let res = reference_run(&out, &["--resume"], &[]);
    assert_eq!(res.status.code(), Some(0), "{}", output_text(&res));
    assert_eq!(listing(dir.path()), ["r"]);
    assert_ne!(std::fs::read_to_string(out.join("run.json")).unwrap(), old);
    assert_eq!(results_of(&out).lines().count(), records);
}

#[test]
fn a_kill_after_the_swap_leaves_the_new_report_and_the_old_is_cleaned_next_time() {
    let (dir, out, old, _) = a_report_then_a_run_killed_at("exchanged");
    let new = std::fs::read_to_string(out.join("run.json")).unwrap();
    assert_ne!(new, old, "the new report is in place");
    assert!(out.join("report.html").is_file());

    let res = reference_run(&out, &[], &[]);
    assert_eq!(res.status.code(), Some(0), "{}", output_text(&res));
    assert_eq!(listing(dir.path()), ["r"]);
}

#[test]
fn a_users_folder_named_like_a_leftover_is_left_alone_and_named() {
    let cases = one_case();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    let gone = gone_pid();
    let notes = dir.path().join(format!("r.old-{gone}"));
    std::fs::create_dir(&notes).unwrap();
    std::fs::write(notes.join("notes.txt"), "my notes").unwrap();
    // Named as urlcert names its leftovers, holding a report's file, but not marked.
    let unmarked = dir.path().join(format!("r.tmp-{gone}"));
    std::fs::create_dir(&unmarked).unwrap();
    std::fs::write(unmarked.join("report.md"), "my report").unwrap();

    let res = quick("run", cases.path(), &["--adapter", "reference"], &out, &[]);
    assert_eq!(res.status.code(), Some(0), "{}", output_text(&res));
    assert_eq!(
        std::fs::read_to_string(notes.join("notes.txt")).unwrap(),
        "my notes"
    );
    assert_eq!(
        std::fs::read_to_string(unmarked.join("report.md")).unwrap(),
        "my report"
    );
    let said = output_text(&res);
    for (folder, why) in [
        (&notes, "it holds notes.txt"),
        (&unmarked, "it holds report.md"),
    ] {
        assert!(
            said.contains(&format!("left {} alone", folder.display())) && said.contains(why),
            "{said}"
        );
    }
}

#[test]
fn two_kills_after_the_swap_leave_the_newer_report_and_nothing_stopped() {
    let cases = one_case();
    let dir = tempfile::tempdir().unwrap();
    let kill = [("URLCERT_FAULT_AT", "exchanged")];

    // run, then certify: each column set tells the runs apart.
    let out = dir.path().join("r");
    let run = |adapters: &[&str], env: &[(&str, &str)]| {
        let mut args = Vec::new();
        for a in adapters {
            args.extend(["--adapter", a]);
        }
        quick("run", cases.path(), &args, &out, env)
    };
    assert_eq!(run(&[], &[]).status.code(), Some(0));
    for adapters in [&["url"][..], &["fluent-uri"]] {
        let killed = run(adapters, &kill);
        assert_eq!(killed.status.code(), None, "{}", output_text(&killed));
    }
    let columns = std::fs::read_to_string(out.join("run.json")).unwrap();
    assert!(
        columns.contains("fluent-uri"),
        "the newer report is in place"
    );
    assert!(
        !out.join(".in-progress").exists(),
        "it is not marked unfinished"
    );
    let res = quick("certify", cases.path(), &["--adapter", "url"], &out, &[]);
    assert_eq!(res.status.code(), Some(0), "{}", output_text(&res));
    assert_eq!(listing(dir.path()), ["r"]);

    // fuzz: --resume finds nothing to resume and publishes no older campaign.
    let out = dir.path().join("f");
    let fuzz = |seed: &str, env: &[(&str, &str)]| {
        let args = ["--adapter", "url", "--iterations", "20", "--seed", seed];
        quick("fuzz", cases.path(), &args, &out, env)
    };
    assert_eq!(fuzz("1", &[]).status.code(), Some(0));
    for seed in ["2", "3"] {
        let killed = fuzz(seed, &kill);
        assert_eq!(killed.status.code(), None, "{}", output_text(&killed));
    }
    let res = urlcert(&["fuzz", "--resume", "--out", out.to_str().unwrap()])
        .output()
        .unwrap();
    assert_refused(&res, "nothing to resume");
    let header: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("campaign.json")).unwrap()).unwrap();
    assert_eq!(header["seed"], 3, "the newest campaign is in place");
    assert_eq!(listing(dir.path()), ["f", "r"]);
}

#[test]
fn a_folder_a_live_urlcert_writes_is_refused_naming_its_pid() {
    let cases = one_case();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("f");
    let partial = dir.path().join("f.partial");
    let mut writer = urlcert(&["fuzz", "--cases", cases.path().to_str().unwrap()])
        .args(["--command", FAKE, "--command", "slow:1"])
        .args(["--iterations", "1000000", "--seed", "1", "--out"])
        .arg(&out)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = wait_until(UNDER_WAY, || partial.join("campaign.json").is_file());
    let tiny = cases.path().to_str().unwrap();
    let outs = out.to_str().unwrap();
    let mut said = Vec::new();
    if started {
        for args in [
            &["fuzz", "--cases", tiny, "--adapter", "url", "--out", outs][..],
            &["fuzz", "--resume", "--out", outs],
            &[
                "run",
                "--cases",
                tiny,
                "--adapter",
                "reference",
                "--out",
                outs,
            ],
            &["run", "--cases", tiny, "--resume", "--out", outs],
            &[
                "certify",
                "--cases",
                tiny,
                "--adapter",
                "url",
                "--out",
                outs,
            ],
        ] {
            let res = urlcert(args).output().unwrap();
            said.push((args.to_vec(), res.status.code(), output_text(&res)));
        }
    }
    let alive = writer.try_wait().unwrap().is_none();
    writer.kill().unwrap();
    writer.wait().unwrap();
    assert!(started && alive, "the campaign did not get going");
    let pid = format!("pid {}", writer.id());
    for (args, code, text) in said {
        assert_eq!(code, Some(2), "{args:?}: {text}");
        assert!(
            text.contains(&pid) && text.contains("is writing"),
            "{args:?}: {text}"
        );
        assert!(!text.contains("stopped"), "{args:?}: {text}");
    }
}

/// `urlcert certify` of the fake adapter, which starts a child in a session of its own
/// on its first request and waits `delay_ms` before each answer.
fn certify_fake(out: &Path, pidfile: &Path, delay_ms: &str, resume: bool) -> Command {
    certify_fake_as("setsid-child", out, pidfile, delay_ms, resume)
}

/// The same, the fake adapter in `mode`.
fn certify_fake_as(
    mode: &str,
    out: &Path,
    pidfile: &Path,
    delay_ms: &str,
    resume: bool,
) -> Command {
    let mut args = vec![
        "--command",
        FAKE,
        "--command",
        mode,
        "--command",
        pidfile.to_str().unwrap(),
        "--command",
        delay_ms,
    ];
    if resume {
        args.push("--resume");
    }
    let mut cmd = command("certify", &cases(), &args, out, &[]);
    cmd.stdout(Stdio::null()).stderr(Stdio::piped());
    cmd
}

#[test]
fn a_run_killed_with_kill_9_resumes_to_the_report_of_an_uninterrupted_run() {
    let dir = tempfile::tempdir().unwrap();
    let pidfile = dir.path().join("pids");

    // Uninterrupted.
    let whole = dir.path().join("whole");
    let res = certify_fake(&whole, &pidfile, "2", false).output().unwrap();
    assert_eq!(res.status.code(), Some(0), "{}", output_text(&res));

    // Killed half way: the journal and a partial report are there, the adapter and
    // its child are gone, the target is not.
    let out = dir.path().join("killed");
    let partial = dir.path().join("killed.partial");
    let mut child = certify_fake(&out, &pidfile, "2", false).spawn().unwrap();
    let started = wait_until(UNDER_WAY, || {
        lines(&partial.join("results.jsonl")) >= 200 && partial.join("report.md").is_file()
    });
    child.kill().unwrap();
    let status = child.wait().unwrap();
    assert!(started, "the run did not get going");
    assert_eq!(status.code(), None);
    let kept = lines(&partial.join("results.jsonl"));
    let total = results_of(&whole).lines().count();
    assert!(kept < total, "killed too late: {kept} of {total}");
    assert!(!out.exists());
    let children = pids(&pidfile);
    assert_eq!(children.len(), 2, "{children:?}");
    assert!(
        wait_until(Duration::from_secs(10), || children
            .iter()
            .all(|&p| dead(p))),
        "{children:?} outlived a killed urlcert"
    );

    let res = certify_fake(&out, &pidfile, "2", true).output().unwrap();
    assert_eq!(res.status.code(), Some(0), "{}", output_text(&res));
    assert!(
        output_text(&res).contains(&format!("{kept} records kept")),
        "{}",
        output_text(&res)
    );
    assert_eq!(comparable(&out), comparable(&whole));
    assert!(!partial.exists());
}

#[test]
fn nothing_urlcert_starts_outlives_it_after_an_exit_or_a_ctrl_c() {
    let dir = tempfile::tempdir().unwrap();
    let pidfile = dir.path().join("pids");
    let res = certify_fake(&dir.path().join("a"), &pidfile, "0", false)
        .output()
        .unwrap();
    assert_eq!(res.status.code(), Some(0), "{}", output_text(&res));
    let after_exit = pids(&pidfile);
    assert_eq!(after_exit.len(), 1);
    assert!(
        wait_until(Duration::from_secs(10), || dead(after_exit[0])),
        "{after_exit:?} outlived urlcert"
    );

    std::fs::remove_file(&pidfile).unwrap();
    let out = dir.path().join("b");
    let mut child = certify_fake(&out, &pidfile, "2", false).spawn().unwrap();
    assert!(wait_until(UNDER_WAY, || !pids(&pidfile).is_empty()));
    nix::sys::signal::kill(
        nix::unistd::Pid::from_raw(child.id() as i32),
        nix::sys::signal::Signal::SIGINT,
    )
    .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    let after_int = pids(&pidfile);
    assert!(
        wait_until(Duration::from_secs(10), || after_int
            .iter()
            .all(|&p| dead(p))),
        "{after_int:?} outlived urlcert"
    );
    // What it had answered is kept for --resume.
    assert!(lines(&dir.path().join("b.partial/results.jsonl")) > 0);
}

#[test]
fn pass_env_adds_a_variable_and_nothing_else_leaks() {
    let ask = |extra: &[&str]| {
        let mut args = vec!["ask", "--json", "--command", FAKE, "--command", "env"];
        args.extend_from_slice(extra);
        args.push("x");
        let out = urlcert(&args)
            .env("URLCERT_TEST_SECRET", "s3cret")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", output_text(&out));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        v["adapter_components"]["whole"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let plain = ask(&[]);
    assert!(!plain.contains("URLCERT_TEST_SECRET"), "{plain}");
    assert!(!plain.contains("CARGO"), "{plain}");
    let passed = ask(&["--pass-env", "URLCERT_TEST_SECRET"]);
    assert!(
        passed.split(',').any(|n| n == "URLCERT_TEST_SECRET"),
        "{passed}"
    );
}

/// Runs a certify whose adapter starts a child as `mode` says, ends urlcert with
/// `signal` (none: lets it finish) once the run is well under way, and says whether
/// the child died.
fn child_dies_with_urlcert(mode: &str, signal: Option<nix::sys::signal::Signal>) -> bool {
    let dir = tempfile::tempdir().unwrap();
    let pidfile = dir.path().join("pids");
    let out = dir.path().join("r");
    let partial = dir.path().join("r.partial");
    let delay = if signal.is_some() { "2" } else { "0" };
    let mut child = certify_fake_as(mode, &out, &pidfile, delay, false)
        .spawn()
        .unwrap();
    if let Some(signal) = signal {
        // Well under way: the child started, and answers came for a while since.
        assert!(
            wait_until(UNDER_WAY, || !pids(&pidfile).is_empty()
                && lines(&partial.join("results.jsonl")) >= 200),
            "the run did not get going"
        );
        if !urlcert::ask::cgroup::available() {
            // Without a cgroup the guard finds a descendant only in its looks, every
            // 0.2 s (ADAPTERS.md): give it several.
            eprintln!("no cgroup can be made here: the kill waits for the guard's looks");
            std::thread::sleep(Duration::from_secs(1));
        }
        nix::sys::signal::kill(nix::unistd::Pid::from_raw(child.id() as i32), signal).unwrap();
    }
    let status = child.wait().unwrap();
    if signal.is_none() {
        assert_eq!(status.code(), Some(0));
    }
    let children = pids(&pidfile);
    assert_eq!(children.len(), 1, "{children:?}");
    let gone = wait_until(Duration::from_secs(10), || dead(children[0]));
    if !gone {
        let _ = nix::sys::signal::kill(
            nix::unistd::Pid::from_raw(children[0] as i32),
            nix::sys::signal::Signal::SIGKILL,
        );
    }
    gone
}

#[test]
fn a_descendant_without_the_marker_in_the_adapters_group_dies_after_kill_9() {
    assert!(child_dies_with_urlcert(
        "child:clean",
        Some(nix::sys::signal::Signal::SIGKILL)
    ));
}

#[test]
fn a_descendant_without_a_readable_marker_in_a_session_of_its_own_dies_after_kill_9() {
    // No marker to read (as for another user's non-dumpable process) and out of the
    // group: only its ancestry says it is urlcert's.
    assert!(child_dies_with_urlcert(
        "child:clean,setsid,nodump",
        Some(nix::sys::signal::Signal::SIGKILL)
    ));
}

#[test]
fn a_descendant_without_a_readable_marker_in_a_session_of_its_own_dies_at_the_end_of_the_run() {
    assert!(child_dies_with_urlcert("child:clean,setsid,nodump", None));
}
