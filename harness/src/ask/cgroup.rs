//! A cgroup (version 2) that holds every adapter of one urlcert and all they start,
//! where Linux lets urlcert make one (root, or a delegated subtree).
//!
//! A process cannot leave a cgroup by itself: not by `setsid`, a new group, a cleared
//! environment or making itself not dumpable. Writing `1` to its `cgroup.kill` ends
//! every process in it at once, so the guard can end them all after a kill -9 of
//! urlcert, when their ancestry is already lost. Where no cgroup can be made, urlcert
//! goes on without one and the other means of [`super::lifetime`] stand alone.

use std::ffi::CString;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// One session's cgroup: its folder, and the path of its `cgroup.procs` ready for a
/// child to write to between fork and exec (where nothing may allocate).
pub struct Cgroup {
    dir: PathBuf,
    procs: CString,
}

static SESSION: OnceLock<Option<Cgroup>> = OnceLock::new();

/// The folder name of a session's cgroup.
pub fn name(session: &str) -> String {
    format!("urlcert-{session}")
}

/// Makes the session's cgroup beside urlcert's own, once; `None` where Linux does not
/// let urlcert (no cgroup2 mount, no permission).
pub fn create(session: &str) -> Option<&'static Cgroup> {
    SESSION
        .get_or_init(|| {
            let dir = own_cgroup_dir()?.join(name(session));
            std::fs::create_dir(&dir).ok()?;
            let procs = CString::new(
                dir.join("cgroup.procs")
                    .into_os_string()
                    .into_encoded_bytes(),
            )
            .ok()?;
            Some(Cgroup { dir, procs })
        })
        .as_ref()
}

/// Can this process make a cgroup beside its own (it makes one and removes it)? For
/// tests that depend on it, and so say why they expect less without.
pub fn available() -> bool {
    let Some(dir) =
        own_cgroup_dir().map(|d| d.join(format!("urlcert-probe-{}", std::process::id())))
    else {
        return false;
    };
    let made = std::fs::create_dir(&dir).is_ok();
    made && std::fs::remove_dir(&dir).is_ok()
}

/// The session's cgroup, if [`create`] made one.
pub fn current() -> Option<&'static Cgroup> {
    SESSION.get().and_then(Option::as_ref)
}

impl Cgroup {
    /// Its folder, which the guard is given.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Has the child `cmd` starts join this cgroup before it execs, so that all it
    /// starts is born inside. A child that cannot join runs outside it.
    #[cfg(target_os = "linux")]
    pub fn enter_at_exec(&'static self, cmd: &mut std::process::Command) {
        use std::os::unix::process::CommandExt;
        let procs: &'static std::ffi::CStr = &self.procs;
        // SAFETY: the closure runs between fork and exec and makes only async-signal-
        // safe system calls (open, write, close) on a path made before the fork; it
        // allocates nothing. `self` lives for the whole program.
        unsafe {
            cmd.pre_exec(move || {
                use nix::libc;
                let fd = libc::open(procs.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
                if fd >= 0 {
                    // "0" is the writer itself.
                    libc::write(fd, b"0".as_ptr().cast(), 1);
                    libc::close(fd);
                }
                Ok(())
            });
        }
    }

    /// Ends every process in the cgroup and removes it.
    pub fn kill_and_remove(&self) {
        kill_and_remove(&self.dir);
    }
}

/// How long the kernel is given to end a cgroup's processes before it is left.
const EMPTYING: Duration = Duration::from_secs(2);

/// Ends every process in the cgroup `dir` and removes the folder once it is empty.
/// Nothing is said when it fails: this is the last thing urlcert or its guard does.
pub fn kill_and_remove(dir: &Path) {
    if std::fs::write(dir.join("cgroup.kill"), b"1").is_err() {
        // Before Linux 5.14 there is no cgroup.kill; the folder is still removed
        // when it is already empty.
        let _ = std::fs::remove_dir(dir);
        return;
    }
    let deadline = Instant::now() + EMPTYING;
    while Instant::now() < deadline {
        let events = std::fs::read_to_string(dir.join("cgroup.events")).unwrap_or_default();
        if events.lines().any(|l| l == "populated 0") {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let _ = std::fs::remove_dir(dir);
}

/// The folder of urlcert's own cgroup in the cgroup2 hierarchy: the mount point from
/// `/proc/self/mountinfo` joined with the `0::` line of `/proc/self/cgroup`.
fn own_cgroup_dir() -> Option<PathBuf> {
    let mounts = std::fs::read_to_string("/proc/self/mountinfo").ok()?;
    let mount = cgroup2_mount(&mounts)?;
    let own = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let path = own.lines().find_map(|l| l.strip_prefix("0::"))?;
    Some(mount.join(path.trim_start_matches('/')))
}

/// The mount point of the cgroup2 hierarchy whose root is the hierarchy's root
/// (`mountinfo`: "id parent major:minor root mount-point options ... - type source
/// super-options").
fn cgroup2_mount(mountinfo: &str) -> Option<PathBuf> {
    mountinfo.lines().find_map(|line| {
        let (fields, rest) = line.split_once(" - ")?;
        if rest.split_whitespace().next()? != "cgroup2" {
            return None;
        }
        let mut fields = fields.split_whitespace();
        let root = fields.nth(3)?;
        let point = fields.next()?;
        (root == "/").then(|| PathBuf::from(unescape_octal(point)))
    })
}

/// `mountinfo` writes a space, tab, newline and backslash in a path as `\040` and
/// the like.
fn unescape_octal(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let digits = bytes.get(i + 1..i + 4);
        match digits {
            Some(d) if bytes[i] == b'\\' && d.iter().all(|b| (b'0'..=b'7').contains(b)) => {
                out.push((d[0] - b'0') * 64 + (d[1] - b'0') * 8 + (d[2] - b'0'));
                i += 4;
            }
            _ => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cgroup2_mount_is_found_among_version_1_mounts() {
        let mountinfo = "\
30 25 0:26 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu
38 25 0:34 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw
39 25 0:35 /sub /elsewhere rw - cgroup2 cgroup2 rw
";
        assert_eq!(
            cgroup2_mount(mountinfo),
            Some(PathBuf::from("/sys/fs/cgroup/unified"))
        );
    }

    #[test]
    fn a_mount_that_shows_only_part_of_the_hierarchy_is_not_taken() {
        let mountinfo = "39 25 0:35 /sub /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n";
        assert_eq!(cgroup2_mount(mountinfo), None);
    }

    #[test]
    fn escaped_mount_points_are_read_back() {
        assert_eq!(unescape_octal(r"/a\040b\134c"), r"/a b\c");
        assert_eq!(unescape_octal(r"/a\9"), r"/a\9");
    }
}
