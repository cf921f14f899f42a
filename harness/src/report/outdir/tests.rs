//! Report folders under kills and competing writers. A kill is simulated by the fault
//! hook: at its point the "process" unwinds, which drops its files (so its locks go, as
//! they do when the kernel ends a process) and runs nothing else; nothing in
//! [`super`] cleans up on drop, so the folders are left as a kill -9 there leaves them.

use super::*;
use std::cell::RefCell;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::rc::Rc;

pub(super) mod hook {
    use std::cell::RefCell;

    type Hook = Box<dyn FnMut(&str)>;

    thread_local! {
        static AT: RefCell<Option<Hook>> = const { RefCell::new(None) };
    }

    /// Called at every fault point of this thread.
    pub fn at(name: &str) {
        AT.with(|h| {
            if let Some(f) = h.borrow_mut().as_mut() {
                f(name);
            }
        });
    }

    pub fn set(f: impl FnMut(&str) + 'static) {
        AT.with(|h| *h.borrow_mut() = Some(Box::new(f)));
    }

    pub fn clear() {
        AT.with(|h| *h.borrow_mut() = None);
    }
}

/// The payload of a simulated kill.
struct Killed;

/// The points one simulated process reached, in order.
type Log = Rc<RefCell<Vec<String>>>;

/// Runs `body` as a process killed the `nth` time it reaches the point `at`, logging
/// every point it reaches; `None` when it was killed.
fn killed_at<T>(log: &Log, at: &'static str, nth: usize, body: impl FnOnce() -> T) -> Option<T> {
    let mut seen = 0;
    let points = log.clone();
    hook::set(move |name| {
        points.borrow_mut().push(name.to_string());
        if name == at {
            seen += 1;
            if seen == nth {
                resume_unwind(Box::new(Killed));
            }
        }
    });
    let outcome = catch_unwind(AssertUnwindSafe(body));
    hook::clear();
    match outcome {
        Ok(v) => Some(v),
        Err(p) if p.is::<Killed>() => None,
        Err(p) => resume_unwind(p),
    }
}

/// Which writer's report `dir` holds.
fn generation(dir: &Path) -> Option<u32> {
    let text = fs::read_to_string(dir.join("report.md")).ok()?;
    text.strip_prefix("report ")?.trim().parse().ok()
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Writer `gen`: opens the folder, taking over a stopped writer's (which must be newer
/// than the report in place: never an older campaign over a newer one), and writes its
/// report, ready to publish.
fn open_and_write(target: &Path, gen: u32, log: &Log) -> Work {
    let work =
        Work::open(target, "run", true).unwrap_or_else(|r| panic!("writer {gen} was refused: {r}"));
    if work.resumed() {
        if let (Some(stopped), Some(published)) = (generation(work.path()), generation(target)) {
            assert!(
                stopped > published,
                "writer {gen} took over report {stopped}, older than report {published} in place"
            );
        }
        log.borrow_mut()
            .push(format!("resumed {:?}", generation(work.path())));
    }
    write_file(work.path(), "report.md", &format!("report {gen}\n")).unwrap();
    log.borrow_mut().push("publishing".into());
    work
}

/// Every point of the publishing sequence, and of opening (where an earlier writer's
/// unfinished publishing is finished).
const POINTS: &[&str] = &[
    "opening",
    "publish",
    "finished",
    "exchanged",
    "clearing",
    "placed",
];

#[test]
fn every_pair_of_kills_leaves_the_newest_report_in_place_and_unmarked() {
    let kills: Vec<(&str, usize)> = POINTS.iter().flat_map(|&p| [(p, 1), (p, 2)]).collect();
    let mut killed = std::collections::BTreeSet::new();
    for &first in &kills {
        for &second in &kills {
            let case = format!("killed at {first:?}, then at {second:?}");
            let dir = tempfile::tempdir().unwrap();
            let target = dir.path().join("r");
            let log: Log = Rc::default();
            open_and_write(&target, 0, &log).publish().unwrap();
            let mut seen = vec![0];
            let mut newest = 0;
            for (gen, (at, nth)) in [(1, first), (2, second)] {
                log.borrow_mut().clear();
                if killed_at(&log, at, nth, || {
                    open_and_write(&target, gen, &log).publish().unwrap()
                })
                .is_none()
                {
                    killed.insert(at);
                }
                if log.borrow().iter().any(|p| p == "publishing") {
                    newest = gen;
                }
                // At every moment a whole report is in place, never an older one
                // than before.
                let now = generation(&target)
                    .unwrap_or_else(|| panic!("{case}: no report in place after writer {gen}"));
                assert!(target.join(MARKER).is_file(), "{case}");
                assert!(now >= *seen.last().unwrap(), "{case}: {now} after {seen:?}");
                seen.push(now);
            }
            // The next writer finds the newest report in place, or takes it over to
            // finish it; the one in place is marked neither stopped nor unfinished.
            log.borrow_mut().clear();
            let work = open_and_write(&target, 3, &log);
            let in_place = generation(&target).unwrap();
            assert!(
                in_place >= *seen.last().unwrap(),
                "{case}: {in_place} after {seen:?}"
            );
            let resumed = log
                .borrow()
                .iter()
                .any(|p| p == &format!("resumed {:?}", Some(newest)));
            assert!(
                in_place == newest || resumed,
                "{case}: report {newest} was lost ({in_place} in place, {:?})",
                log.borrow()
            );
            for mark in [IN_PROGRESS, FINISHED, LOCK] {
                assert!(!target.join(mark).exists(), "{case}: {mark} in place");
            }
            work.publish().unwrap();
            assert_eq!(generation(&target), Some(3), "{case}");
            assert_eq!(names(dir.path()), ["r"], "{case}");
            assert_eq!(names(&target), [MARKER, "report.md"], "{case}");
        }
    }
    assert_eq!(
        killed,
        POINTS.iter().copied().collect(),
        "every point is reached"
    );
}

/// A process that is not there.
fn gone_pid() -> u32 {
    (400_000..4_000_000u32)
        .step_by(7919)
        .find(|p| !Path::new(&format!("/proc/{p}")).exists())
        .unwrap()
}

#[test]
fn leftovers_beside_a_report_are_removed_only_when_they_are_urlcerts() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("r");
    let pid = gone_pid();
    let made = |name: String, files: &[(&str, &str)]| {
        let path = dir.path().join(name);
        fs::create_dir(&path).unwrap();
        for (f, text) in files {
            fs::write(path.join(f), text).unwrap();
        }
        path
    };
    let users = made(format!("r.old-{pid}"), &[("notes.txt", "mine")]);
    let unmarked = made(format!("r.tmp-{pid}"), &[("report.md", "mine too")]);
    let ours = made(
        format!("r.old-{}", pid + 1),
        &[(MARKER, "run"), ("report.md", "old")],
    );
    let work = Work::open(&target, "run", false).unwrap();
    assert!(!ours.exists(), "urlcert's own leftover is removed");
    assert_eq!(fs::read_to_string(users.join("notes.txt")).unwrap(), "mine");
    assert_eq!(
        fs::read_to_string(unmarked.join("report.md")).unwrap(),
        "mine too"
    );
    drop(work);
}

#[test]
fn a_users_folder_put_in_place_while_a_report_is_written_is_not_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("r");
    let work = Work::open(&target, "run", false).unwrap();
    write_file(work.path(), "report.md", "report 1\n").unwrap();
    fs::create_dir(&target).unwrap();
    fs::write(target.join("notes.txt"), "mine").unwrap();
    let err = work.publish().unwrap_err().to_string();
    assert!(err.contains("notes.txt"), "{err}");
    assert_eq!(names(&target), ["notes.txt"]);
    assert_eq!(
        fs::read_to_string(target.join("notes.txt")).unwrap(),
        "mine"
    );
    // The report is kept, to publish once the folder is moved away.
    let partial = work_path(&target);
    assert!(partial.join(IN_PROGRESS).is_file());
    assert_eq!(generation(&partial), Some(1));
}

#[test]
fn a_folder_a_live_writer_is_opening_is_refused_as_being_written() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("r");
    let (tx, rx) = std::sync::mpsc::channel();
    let competitor = target.clone();
    hook::set(move |name| {
        if name == "opening" {
            for resume in [false, true] {
                let t = competitor.clone();
                tx.send(std::thread::spawn(move || {
                    Work::open(&t, "run", resume).map(|_| ()).map_err(|r| r.0)
                }))
                .unwrap();
            }
            // Time for a competitor that is not kept waiting to get in the way.
            std::thread::sleep(std::time::Duration::from_millis(300));
        }
    });
    let writer = Work::open(&target, "run", false);
    hook::clear();
    let writer = writer.unwrap_or_else(|r| panic!("the first writer was refused: {r}"));
    let pid = format!("pid {}", std::process::id());
    for competitor in rx.try_iter() {
        let said = competitor.join().unwrap().unwrap_err();
        assert!(said.contains(&pid) && said.contains("is writing"), "{said}");
        assert!(!said.contains("stopped"), "{said}");
    }
    assert!(writer.path().join(IN_PROGRESS).is_file());
    assert!(!writer.resumed());
}

#[test]
fn report_names_are_recognised_and_others_are_not() {
    for name in [
        MARKER,
        "results.jsonl",
        "certificate-url.md",
        "certificate-url.html",
        "fuzz.jsonl",
    ] {
        assert!(is_report_file(name), "{name}");
    }
    for name in ["notes.txt", "certificate-url.txt", "report.md.bak", "x"] {
        assert!(!is_report_file(name), "{name}");
    }
}

#[test]
fn a_torn_last_line_is_cut_before_appending() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("j.jsonl");
    fs::write(&path, "{\"a\":1}\n{\"b\":").unwrap();
    let mut j = Journal::append(&path).unwrap();
    j.line("{\"c\":3}").unwrap();
    drop(j);
    assert_eq!(fs::read_to_string(&path).unwrap(), "{\"a\":1}\n{\"c\":3}\n");
    let lines = read_lines(&path).unwrap();
    assert_eq!(
        lines,
        vec![(1, "{\"a\":1}".into()), (2, "{\"c\":3}".into())]
    );
}

#[test]
fn a_journal_that_is_a_fifo_is_refused_without_waiting() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("results.jsonl");
    nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU).unwrap();
    let err = read_lines(&fifo).unwrap_err();
    assert!(err.to_string().contains("not a regular file"), "{err}");
    assert!(read_lines(&dir.path().join("absent.jsonl"))
        .unwrap()
        .is_empty());
}
