//! Where a report folder is written, so that `--out` never deletes what urlcert did not
//! write and a kill at any moment loses nothing.
//!
//! - A report is built in a work folder beside its target, `NAME.partial/`, which holds
//!   [`IN_PROGRESS`] while it is written and a lock that its writer holds (a lock dies
//!   with its process, kill -9 included). Journals (`results.jsonl`, `fuzz.jsonl`) are
//!   appended there line by line, so a killed run leaves a usable partial report that
//!   `--resume` continues.
//! - A finished work folder trades [`IN_PROGRESS`] for [`FINISHED`] in one rename, and
//!   is then published by an atomic exchange with the previous report (Linux
//!   `renameat2(RENAME_EXCHANGE)`), or by a plain rename when there is none: at every
//!   moment `NAME` is the old report or the new one, never neither. What the exchange
//!   leaves at `NAME.partial` (the old report, unmarked) is removed then.
//! - Whoever comes next finishes what a kill interrupted: a report in place loses its
//!   marks (it is published), a work folder marked [`FINISHED`] is published, an
//!   unmarked one (an old report exchanged out) is removed. So a work folder that holds
//!   [`IN_PROGRESS`] is always a report that was never finished, never an old one.
//! - These changes are made holding a lock on the folder the report is in, for moments
//!   only, so that no urlcert sees another's half way.
//! - A target that exists must be a urlcert report: it holds [`MARKER`] and nothing but
//!   the files urlcert writes. Anything else is refused, untouched; so is a leftover
//!   beside it that is not urlcert's.

use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};

/// The file that marks a folder as a urlcert report.
pub const MARKER: &str = ".urlcert-report";
/// Present in a work folder while it is being written.
pub const IN_PROGRESS: &str = ".in-progress";
/// Present in a work folder whose report is complete, until it is in place.
pub const FINISHED: &str = ".finished";
/// The work folder's lock.
const LOCK: &str = ".lock";
/// A finished report's outcomes: `results.jsonl` gzip-compressed (a full run's
/// 150 MB of JSON lines are 5 MB so, and every JSON-lines tool reads it through
/// `zcat`).
pub const RESULTS: &str = "results.jsonl.gz";
/// The outcomes as a run appends them, in its work folder only: what `--resume`
/// reads back. A finished report holds [`RESULTS`] instead.
pub const RESULTS_JOURNAL: &str = "results.jsonl";

/// Why a report folder cannot be used. Said as is to the user; exit status 2.
#[derive(Debug)]
pub struct Refused(pub String);

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Refused {}

fn refused(what: String) -> Refused {
    Refused(what)
}

fn io_refused(path: &Path, e: &io::Error) -> Refused {
    Refused(format!("cannot use {}: {e}", path.display()))
}

/// The names urlcert writes into a report folder.
fn is_report_file(name: &str) -> bool {
    matches!(
        name,
        MARKER
            | IN_PROGRESS
            | FINISHED
            | LOCK
            | RESULTS_JOURNAL
            | RESULTS
            | "summary.json"
            | "report.md"
            | "report.html"
            | "junit.xml"
            | "run.json"
            | "fuzz.md"
            | "fuzz.jsonl"
            | "campaign.json"
            | "matrix.json"
            | "nearest.json"
            // A campaign of several adapters: one folder per lane, each a campaign.
            | "lanes"
            | "matrix.md"
            | "matrix.html"
            | "answers.jsonl"
    ) || (name.starts_with("certificate-") && (name.ends_with(".md") || name.ends_with(".html")))
        || (name.starts_with("differences-") && name.ends_with(".html"))
        || (name.starts_with('.') && name.contains(".tmp"))
}

/// A report being written: the work folder, locked.
pub struct Work {
    target: PathBuf,
    work: PathBuf,
    /// Held for the life of the writer.
    _lock: File,
    resumed: bool,
}

/// `NAME.partial` beside `target`.
pub fn work_path(target: &Path) -> PathBuf {
    sibling(target, "partial")
}

fn sibling(target: &Path, what: &str) -> PathBuf {
    let mut name = target.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".{what}"));
    target.with_file_name(name)
}

/// The folder that holds `target`.
fn parent_of(target: &Path) -> &Path {
    match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// The lock on the folder that holds `target`, held while report folders there change
/// state. Waited for: it is held for moments only.
struct Settling {
    _dir: File,
}

fn settling(target: &Path) -> Result<Settling, Refused> {
    let parent = parent_of(target);
    let dir = File::open(parent).map_err(|e| io_refused(parent, &e))?;
    dir.lock().map_err(|e| io_refused(parent, &e))?;
    Ok(Settling { _dir: dir })
}

impl Work {
    /// Opens the work folder for `target`. Without `resume`, a work folder that a
    /// stopped writer left is refused (it holds what that run found); with it, that
    /// folder is taken over, and a missing one is made anew.
    pub fn open(target: &Path, kind: &str, resume: bool) -> Result<Work, Refused> {
        if target.file_name().is_none() {
            return Err(refused(format!("{} has no folder name", target.display())));
        }
        if let Some(parent) = target.parent().filter(|p| !p.as_os_str().is_empty()) {
            fs::create_dir_all(parent).map_err(|e| io_refused(parent, &e))?;
        }
        let _settling = settling(target)?;
        let work = work_path(target);
        let (partial, notes) = settle(target)?;
        for note in notes {
            eprintln!("urlcert: {note}");
        }
        let lock = match partial {
            Partial::Writing(pid) => return Err(writing(&work, &pid)),
            Partial::Stopped(_) if !resume => {
                return Err(refused(format!(
                    "{} holds a report that was stopped before it finished: continue it with --resume, or remove that folder",
                    work.display()
                )))
            }
            Partial::Stopped(lock) => Some(lock),
            Partial::None => None,
        };
        let resumed = lock.is_some();
        let lock = match lock {
            Some(lock) => lock,
            None => {
                fs::create_dir(&work).map_err(|e| io_refused(&work, &e))?;
                fs::write(work.join(IN_PROGRESS), kind).map_err(|e| io_refused(&work, &e))?;
                fault_point("opening");
                match take_lock(&work)? {
                    Some(lock) => lock,
                    None => return Err(writing(&work, &holder(&work))),
                }
            }
        };
        // The pid is there before anyone else can look (they wait for the settling).
        let _ = fs::write(work.join(LOCK), std::process::id().to_string());
        fs::write(work.join(MARKER), kind).map_err(|e| io_refused(&work, &e))?;
        Ok(Work {
            target: target.to_path_buf(),
            work,
            _lock: lock,
            resumed,
        })
    }

    /// The folder to write into.
    pub fn path(&self) -> &Path {
        &self.work
    }

    /// Whether this took over a stopped writer's folder.
    pub fn resumed(&self) -> bool {
        self.resumed
    }

    /// Moves the finished report into place: marked finished, then an atomic exchange
    /// with the old one, or a rename when there is none. Until it is marked finished
    /// the work folder is resumable; from then on whoever comes next publishes it. A
    /// target that is no longer a urlcert report is refused, and the work kept.
    pub fn publish(self) -> io::Result<()> {
        sync_dir(&self.work);
        fault_point("publish");
        let _settling = settling(&self.target).map_err(io::Error::other)?;
        check_target(&self.target).map_err(io::Error::other)?;
        fs::rename(self.work.join(IN_PROGRESS), self.work.join(FINISHED))?;
        sync_dir(&self.work);
        fault_point("finished");
        put_in_place(&self.work, &self.target)
    }
}

/// Publishes the work folder `work`, marked [`FINISHED`], at `target`, and leaves the
/// target unmarked; what was at the target is removed.
fn put_in_place(work: &Path, target: &Path) -> io::Result<()> {
    if target.exists() {
        exchange(work, target)?;
        fault_point("exchanged");
        if let Err(e) = remove_report(work) {
            unmark(target);
            return Err(io::Error::other(format!(
                "the report is in place, but the previous one, now at {}, could not be removed: {e}",
                work.display()
            )));
        }
    } else {
        fs::rename(work, target)?;
    }
    fault_point("placed");
    unmark(target);
    sync_dir(parent_of(target));
    Ok(())
}

/// A report in place is published: whatever marks a kill left on it go.
fn unmark(target: &Path) {
    for name in [IN_PROGRESS, FINISHED, LOCK] {
        let _ = fs::remove_file(target.join(name));
    }
}

/// Removes a report folder of urlcert's, its marker last, so that a kill half way
/// leaves a folder still known as urlcert's. Files that are not urlcert's are left,
/// and so is the folder then.
fn remove_report(dir: &Path) -> io::Result<()> {
    let names: Vec<String> = listing(dir)?
        .into_iter()
        .filter(|n| n != MARKER && is_report_file(n))
        .collect();
    for (i, name) in names.iter().enumerate() {
        let path = dir.join(name);
        // `lanes/` is the one folder urlcert writes into a report (a campaign's lanes,
        // each a campaign folder of its own); a link there is removed as a link.
        if fs::symlink_metadata(&path).is_ok_and(|m| m.is_dir()) {
            fs::remove_dir_all(&path)?;
        } else {
            fs::remove_file(&path)?;
        }
        if i == 0 {
            fault_point("clearing");
        }
    }
    match fs::remove_file(dir.join(MARKER)) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
        _ => {}
    }
    fs::remove_dir(dir)
}

/// A test hook: `URLCERT_FAULT_AT=NAME` aborts the process at the point `NAME`, as a
/// kill -9 there would stop it (no destructor runs, nothing is cleaned up).
pub fn fault_point(name: &str) {
    #[cfg(test)]
    tests::hook::at(name);
    if std::env::var_os("URLCERT_FAULT_AT").is_some_and(|v| v == name) {
        std::process::abort();
    }
}

/// The target may be missing, empty, or a urlcert report; nothing else.
pub fn check_target(target: &Path) -> Result<(), Refused> {
    let meta = match fs::symlink_metadata(target) {
        Ok(m) => m,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(io_refused(target, &e)),
    };
    if !meta.is_dir() {
        return Err(refused(format!(
            "{} exists and is not a folder: give a new or empty folder, or a urlcert report to replace",
            target.display()
        )));
    }
    let names = listing(target).map_err(|e| io_refused(target, &e))?;
    if names.is_empty() {
        return Ok(());
    }
    if let Some(held) = foreign(&names) {
        return Err(refused(format!(
            "{} is not empty and is not a urlcert report (it holds {held}): urlcert replaces only its own reports; give a new or empty folder",
            target.display(),
        )));
    }
    Ok(())
}

/// Is `dir` a finished urlcert report: a folder (not a link) holding [`MARKER`] and
/// nothing but the files urlcert writes, and no work in progress?
pub fn is_finished_report(dir: &Path) -> bool {
    let is_dir = fs::symlink_metadata(dir).is_ok_and(|m| m.is_dir());
    is_dir
        && listing(dir).is_ok_and(|names| {
            foreign(&names).is_none() && !names.iter().any(|n| n == IN_PROGRESS || n == LOCK)
        })
}

/// The names in `dir`, sorted.
fn listing(dir: &Path) -> io::Result<Vec<String>> {
    let mut names = Vec::new();
    for entry in fs::read_dir(dir)? {
        names.push(entry?.file_name().to_string_lossy().into_owned());
    }
    names.sort();
    Ok(names)
}

/// When a folder holding `names` (not none) is not a urlcert report: what it holds
/// that is not urlcert's (up to three names, escaped), or the names without the marker.
fn foreign(names: &[String]) -> Option<String> {
    let others: Vec<&String> = names.iter().filter(|n| !is_report_file(n)).collect();
    if names.iter().any(|n| n == MARKER) && others.is_empty() {
        return None;
    }
    let listed = if others.is_empty() {
        names.iter().collect()
    } else {
        others
    };
    let shown: Vec<String> = listed
        .iter()
        .take(3)
        .map(|n| crate::report::text::visible(n))
        .collect();
    Some(shown.join(", "))
}

/// What the work folder of a target holds, once what killed writers left is settled.
enum Partial {
    /// No work folder.
    None,
    /// A stopped writer's, whose lock is now taken.
    Stopped(File),
    /// A live writer's: its pid.
    Writing(String),
}

/// Whether a stopped writer left `target` a report to continue with `--resume`,
/// once what killed writers left is settled. Refused when the target is not usable,
/// or a live urlcert is writing it (named by its pid).
pub fn stopped(target: &Path) -> Result<bool, Refused> {
    if !parent_of(target).is_dir() {
        return check_target(target).map(|()| false);
    }
    let _settling = settling(target)?;
    // What settling did is said by the writer that opens the folder next.
    match settle(target)?.0 {
        Partial::Writing(pid) => Err(writing(&work_path(target), &pid)),
        Partial::Stopped(_) => Ok(true),
        Partial::None => Ok(false),
    }
}

/// Checks the target and finishes what killed writers left beside it (holding the
/// settling lock): the target's marks go, a finished work folder is published, an
/// old report exchanged out is removed, and so are urlcert's own `NAME.tmp-PID` /
/// `NAME.old-PID` folders whose process is gone. What is left is a work folder being
/// written or stopped, or none; and what it did or left alone, for the user.
fn settle(target: &Path) -> Result<(Partial, Vec<String>), Refused> {
    check_target(target)?;
    if target.is_dir() {
        unmark(target);
    }
    let work = work_path(target);
    let mut notes = Vec::new();
    let marked = |name| work.join(name).is_file();
    if work.is_dir() && !marked(IN_PROGRESS) {
        if marked(FINISHED) {
            put_in_place(&work, target).map_err(|e| io_refused(&work, &e))?;
            notes.push(format!(
                "published the finished report a stopped urlcert left in {}",
                work.display()
            ));
        } else {
            let names = listing(&work).map_err(|e| io_refused(&work, &e))?;
            if !names.is_empty() && foreign(&names).is_some() {
                return Err(refused(format!(
                    "{} is in the way: it is not urlcert's work folder; move it away",
                    work.display()
                )));
            }
            remove_report(&work).map_err(|e| io_refused(&work, &e))?;
        }
    }
    notes.extend(clean_leftovers(target));
    if !work.is_dir() {
        return Ok((Partial::None, notes));
    }
    let partial = match take_lock(&work)? {
        Some(lock) => Partial::Stopped(lock),
        None => Partial::Writing(holder(&work)),
    };
    Ok((partial, notes))
}

/// Removes the `NAME.tmp-PID` / `NAME.old-PID` folders beside `target` that urlcert
/// left (they hold its marker and nothing but its files: a folder of that name without
/// them may be anyone's) and whose process is gone;
/// says which of those names it left alone, and why.
fn clean_leftovers(target: &Path) -> Vec<String> {
    let Some(name) = target.file_name() else {
        return Vec::new();
    };
    let Ok(entries) = fs::read_dir(parent_of(target)) else {
        return Vec::new();
    };
    let prefix = format!("{}.", name.to_string_lossy());
    let mut notes = Vec::new();
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let Some(rest) = file.strip_prefix(&prefix) else {
            continue;
        };
        let pid = rest
            .strip_prefix("tmp-")
            .or_else(|| rest.strip_prefix("old-"))
            .and_then(|p| p.parse::<u32>().ok());
        let path = target.with_file_name(&file);
        match pid {
            Some(pid) if !alive(pid) && path.is_dir() => {}
            _ => continue,
        }
        let why = match listing(&path) {
            Err(e) => Some(format!("it cannot be read ({e})")),
            Ok(names) if names.is_empty() => Some(format!("it is empty, without {MARKER}")),
            Ok(names) => {
                foreign(&names).map(|held| format!("it is not a urlcert report (it holds {held})"))
            }
        };
        let why = why.or_else(|| {
            remove_report(&path)
                .err()
                .map(|e| format!("it could not be removed ({e})"))
        });
        if let Some(why) = why {
            notes.push(format!(
                "left {} alone: {why}; urlcert removes only its own leftovers",
                path.display()
            ));
        }
    }
    notes.sort();
    notes
}

fn alive(pid: u32) -> bool {
    pid == std::process::id() || Path::new(&format!("/proc/{pid}")).exists()
}

/// Takes the work folder's lock, or `None` when a live writer holds it.
fn take_lock(work: &Path) -> Result<Option<File>, Refused> {
    let path = work.join(LOCK);
    let file = File::options()
        .create(true)
        .truncate(false)
        .read(true)
        .write(true)
        .open(&path)
        .map_err(|e| io_refused(&path, &e))?;
    match file.try_lock() {
        Ok(()) => Ok(Some(file)),
        Err(fs::TryLockError::WouldBlock) => Ok(None),
        Err(fs::TryLockError::Error(e)) => Err(io_refused(&path, &e)),
    }
}

/// The pid written in a work folder's lock.
fn holder(work: &Path) -> String {
    let pid = fs::read_to_string(work.join(LOCK)).unwrap_or_default();
    match pid.trim() {
        "" => "unknown".into(),
        pid => crate::report::text::visible(pid),
    }
}

/// The refusal of a folder that a live urlcert is writing.
fn writing(work: &Path, pid: &str) -> Refused {
    refused(format!(
        "another urlcert (pid {pid}) is writing {} and holds its lock: wait for it to finish, or stop it",
        work.display()
    ))
}

/// Swaps two folders in one step (Linux), or as two renames elsewhere.
fn exchange(a: &Path, b: &Path) -> io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        use nix::fcntl::{renameat2, RenameFlags, AT_FDCWD};
        match renameat2(AT_FDCWD, a, AT_FDCWD, b, RenameFlags::RENAME_EXCHANGE) {
            Ok(()) => return Ok(()),
            // A file system without the exchange: the two renames below.
            Err(nix::errno::Errno::EINVAL | nix::errno::Errno::ENOSYS) => {}
            Err(e) => return Err(io::Error::from(e)),
        }
    }
    let old = sibling(b, &format!("old-{}", std::process::id()));
    fs::rename(b, &old)?;
    if let Err(e) = fs::rename(a, b) {
        let _ = fs::rename(&old, b);
        return Err(e);
    }
    fs::rename(&old, a)
}

fn sync_dir(dir: &Path) {
    if let Ok(f) = File::open(dir) {
        let _ = f.sync_all();
    }
}

/// Writes `text` to `dir/name` by way of a temporary file and a rename, so a reader
/// never sees half a file. A name ending in `.gz` is written gzip-compressed (what
/// `zcat`, `gzip -d`, Python's `gzip.open` and pandas read as they read the plain
/// file).
pub fn write_file(dir: &Path, name: &str, text: &str) -> io::Result<()> {
    use std::io::Write;
    let tmp = dir.join(format!(".{name}.tmp"));
    let f = File::create(&tmp)?;
    let f = if name.ends_with(".gz") {
        let mut gz = flate2::write::GzEncoder::new(f, flate2::Compression::default());
        gz.write_all(text.as_bytes())?;
        gz.finish()?
    } else {
        let mut f = f;
        f.write_all(text.as_bytes())?;
        f
    };
    f.sync_all()?;
    drop(f);
    fs::rename(&tmp, dir.join(name))
}

/// A journal: one JSON value per line, appended and flushed line by line, so a kill
/// loses at most the line being written. Reading it back drops a torn last line.
pub struct Journal {
    file: File,
}

impl Journal {
    /// Opens `path` for appending; a torn last line (no newline) is cut off first.
    pub fn append(path: &Path) -> io::Result<Journal> {
        let mut file = File::options()
            .create(true)
            .read(true)
            .append(true)
            .open(path)?;
        let whole = complete_prefix(&mut file)?;
        if whole < file.metadata()?.len() {
            file.set_len(whole)?;
        }
        Ok(Journal { file })
    }

    /// Appends one line (a newline is added) and hands it to the system.
    pub fn line(&mut self, text: &str) -> io::Result<()> {
        use std::io::Write;
        let mut bytes = Vec::with_capacity(text.len() + 1);
        bytes.extend_from_slice(text.as_bytes());
        bytes.push(b'\n');
        self.file.write_all(&bytes)
    }
}

/// The length of the part of `file` that ends in a newline.
fn complete_prefix(file: &mut File) -> io::Result<u64> {
    use std::io::{Read, Seek, SeekFrom};
    let len = file.metadata()?.len();
    let mut at = len;
    let mut buf = [0u8; 4096];
    while at > 0 {
        let n = buf.len().min(usize::try_from(at).unwrap_or(buf.len()));
        at -= n as u64;
        file.seek(SeekFrom::Start(at))?;
        file.read_exact(&mut buf[..n])?;
        if let Some(i) = buf[..n].iter().rposition(|&b| b == b'\n') {
            return Ok(at + i as u64 + 1);
        }
    }
    Ok(0)
}

/// The most a journal read back for a resume may hold: far more than any run writes
/// (the whole case set against sixty adapters is a few hundred MB).
pub const MAX_JOURNAL_BYTES: u64 = 4 << 30;

/// The complete lines of a journal (a torn last line left out), each with its 1-based
/// line number.
pub fn read_lines(path: &Path) -> io::Result<Vec<(usize, String)>> {
    // A journal is urlcert's own file, but it sits in a folder a user names: only a
    // regular file is read, so that a FIFO put there cannot make a resume wait.
    let bytes = match crate::user_file::read(path, MAX_JOURNAL_BYTES) {
        Ok(b) => b,
        Err(crate::user_file::Refused::Missing) => return Ok(Vec::new()),
        Err(crate::user_file::Refused::Io(e)) => return Err(e),
        Err(why) => return Err(io::Error::other(format!("{}: {why}", path.display()))),
    };
    let whole = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let mut lines = Vec::new();
    for (n, line) in bytes[..whole].split(|&b| b == b'\n').enumerate() {
        if line.is_empty() {
            continue;
        }
        let text = std::str::from_utf8(line).map_err(|_| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!("{}:{}: not UTF-8", path.display(), n + 1),
            )
        })?;
        lines.push((n + 1, text.to_string()));
    }
    Ok(lines)
}

#[cfg(test)]
mod tests;
