//! Where a report folder is written, so that `--out` never deletes what urlcert did not
//! write and a kill at any moment loses nothing.
//!
//! - A report is built in a work folder beside its target, `NAME.partial/`, which holds
//!   [`IN_PROGRESS`] while it is written and a lock that its writer holds (a lock dies
//!   with its process, kill -9 included). Journals (`results.jsonl`, `fuzz.jsonl`) are
//!   appended there line by line, so a killed run leaves a usable partial report that
//!   `--resume` continues.
//! - A finished work folder is published by an atomic exchange with the previous report
//!   (Linux `renameat2(RENAME_EXCHANGE)`), or by a plain rename when there is none: at
//!   every moment `NAME` is the old report or the new one, never neither. What the
//!   exchange leaves at `NAME.partial` (the old report, no [`IN_PROGRESS`]) is removed
//!   then, or by the next run if a kill came first.
//! - A target that exists must be a urlcert report: it holds [`MARKER`] and nothing but
//!   the files urlcert writes. Anything else is refused, untouched.

use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};

/// The file that marks a folder as a urlcert report.
pub const MARKER: &str = ".urlcert-report";
/// Present in a work folder while it is being written.
pub const IN_PROGRESS: &str = ".in-progress";
/// The work folder's lock.
const LOCK: &str = ".lock";

/// Why a report folder cannot be used. Said as is to the user; exit status 2.
#[derive(Debug)]
pub struct Refused(pub String);

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

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
            | LOCK
            | "results.jsonl"
            | "summary.json"
            | "report.md"
            | "report.html"
            | "junit.xml"
            | "run.json"
            | "fuzz.md"
            | "fuzz.jsonl"
            | "campaign.json"
            | "matrix.json"
            | "matrix.md"
            | "matrix.html"
    ) || (name.starts_with("certificate-") && (name.ends_with(".md") || name.ends_with(".html")))
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

impl Work {
    /// Opens the work folder for `target`. Without `resume`, a work folder that a
    /// stopped writer left is refused (it holds what that run found); with it, that
    /// folder is taken over, and a missing one is made anew.
    pub fn open(target: &Path, kind: &str, resume: bool) -> Result<Work, Refused> {
        if target.file_name().is_none() {
            return Err(refused(format!("{} has no folder name", target.display())));
        }
        check_target(target)?;
        let work = work_path(target);
        if let Some(parent) = work.parent().filter(|p| !p.as_os_str().is_empty()) {
            fs::create_dir_all(parent).map_err(|e| io_refused(parent, &e))?;
        }
        clean_leftovers(target)?;
        let resumed = work.join(IN_PROGRESS).is_file();
        if !resumed {
            fs::create_dir(&work).map_err(|e| io_refused(&work, &e))?;
            fs::write(work.join(IN_PROGRESS), kind).map_err(|e| io_refused(&work, &e))?;
        }
        // First the lock: a folder being written now is not a stopped one.
        let lock = lock(&work)?;
        if resumed && !resume {
            return Err(refused(format!(
                "{} holds a report that was stopped before it finished: continue it with --resume, or remove that folder",
                work.display()
            )));
        }
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

    /// Moves the finished report into place: an atomic exchange with the old one, or
    /// a rename when there is none. Until the exchange the work folder is resumable;
    /// after it, what is left at the work path is the old report, which holds no
    /// [`IN_PROGRESS`] and is removed (here, or by the next writer).
    pub fn publish(self) -> io::Result<()> {
        sync_dir(&self.work);
        fault_point("publish");
        if !self.target.exists() {
            fs::rename(&self.work, &self.target)?;
        } else {
            exchange(&self.work, &self.target)?;
            fault_point("exchanged");
            fs::remove_dir_all(&self.work)?;
        }
        for name in [IN_PROGRESS, LOCK] {
            let _ = fs::remove_file(self.target.join(name));
        }
        if let Some(parent) = self.target.parent() {
            sync_dir(parent);
        }
        Ok(())
    }
}

/// A test hook: `URLCERT_FAULT_AT=NAME` aborts the process at the point `NAME`, as a
/// kill -9 there would stop it (no destructor runs, nothing is cleaned up).
pub fn fault_point(name: &str) {
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
    let entries = fs::read_dir(target).map_err(|e| io_refused(target, &e))?;
    let mut names = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| io_refused(target, &e))?;
        names.push(entry.file_name().to_string_lossy().into_owned());
    }
    if names.is_empty() {
        return Ok(());
    }
    names.sort();
    let foreign: Vec<&String> = names.iter().filter(|n| !is_report_file(n)).collect();
    if !names.iter().any(|n| n == MARKER) || !foreign.is_empty() {
        let listed = if foreign.is_empty() {
            names.iter().collect()
        } else {
            foreign
        };
        let shown: Vec<String> = listed
            .iter()
            .take(3)
            .map(|n| crate::text::visible(n))
            .collect();
        return Err(refused(format!(
            "{} is not empty and is not a urlcert report (it holds {}): urlcert replaces only its own reports; give a new or empty folder",
            target.display(),
            shown.join(", ")
        )));
    }
    Ok(())
}

/// Removes what an earlier, killed writer left beside `target`: an exchanged-out old
/// report at `NAME.partial` (no [`IN_PROGRESS`]), and the `NAME.tmp-PID` /
/// `NAME.old-PID` folders of earlier versions whose process is gone.
fn clean_leftovers(target: &Path) -> Result<(), Refused> {
    let work = work_path(target);
    if work.is_dir() && !work.join(IN_PROGRESS).exists() {
        // An old report exchanged out, or a folder made by a writer killed before it
        // marked it: either is urlcert's own. Anything else is left alone.
        let names: Vec<String> = fs::read_dir(&work)
            .map_err(|e| io_refused(&work, &e))?
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        let own = names.is_empty()
            || (names.iter().any(|n| n == MARKER) && names.iter().all(|n| is_report_file(n)));
        if !own {
            return Err(refused(format!(
                "{} is in the way: it is not urlcert's work folder; move it away",
                work.display()
            )));
        }
        fs::remove_dir_all(&work).map_err(|e| io_refused(&work, &e))?;
    }
    let (Some(parent), Some(name)) = (target.parent(), target.file_name()) else {
        return Ok(());
    };
    let parent = if parent.as_os_str().is_empty() {
        Path::new(".")
    } else {
        parent
    };
    let Ok(entries) = fs::read_dir(parent) else {
        return Ok(());
    };
    let prefix = format!("{}.", name.to_string_lossy());
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let Some(rest) = file.strip_prefix(&prefix) else {
            continue;
        };
        let pid = rest
            .strip_prefix("tmp-")
            .or_else(|| rest.strip_prefix("old-"))
            .and_then(|p| p.parse::<u32>().ok());
        if let Some(pid) = pid {
            if !alive(pid) && entry.path().is_dir() {
                let _ = fs::remove_dir_all(entry.path());
            }
        }
    }
    Ok(())
}

fn alive(pid: u32) -> bool {
    pid == std::process::id() || Path::new(&format!("/proc/{pid}")).exists()
}

/// Takes the work folder's lock, or says who holds it.
fn lock(work: &Path) -> Result<File, Refused> {
    let path = work.join(LOCK);
    let file = File::options()
        .create(true)
        .truncate(false)
        .read(true)
        .write(true)
        .open(&path)
        .map_err(|e| io_refused(&path, &e))?;
    match file.try_lock() {
        Ok(()) => {
            let _ = fs::write(&path, std::process::id().to_string());
            Ok(file)
        }
        Err(fs::TryLockError::WouldBlock) => {
            let holder = fs::read_to_string(&path).unwrap_or_default();
            Err(refused(format!(
                "another urlcert (pid {}) is writing {}",
                holder.trim(),
                work.display()
            )))
        }
        Err(fs::TryLockError::Error(e)) => Err(io_refused(&path, &e)),
    }
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
/// never sees half a file.
pub fn write_file(dir: &Path, name: &str, text: &str) -> io::Result<()> {
    use std::io::Write;
    let tmp = dir.join(format!(".{name}.tmp"));
    let mut f = File::create(&tmp)?;
    f.write_all(text.as_bytes())?;
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

/// The complete lines of a journal (a torn last line left out), each with its 1-based
/// line number.
pub fn read_lines(path: &Path) -> io::Result<Vec<(usize, String)>> {
    let bytes = match fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e),
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
mod tests {
    use super::*;

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
}
