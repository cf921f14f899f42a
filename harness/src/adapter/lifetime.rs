//! How an adapter process lives and dies, so that nothing urlcert starts outlives it.
//!
//! - Every adapter runs in a process group of its own, with a small environment
//!   ([`BASE_ENV`] plus what `--pass-env` names) and a marker variable,
//!   `URLCERT_ADAPTER=<session>-<n>`, that its descendants inherit.
//! - Ending an adapter kills its group, then every process that still carries its
//!   marker: a grandchild that started its own session (and so left the group) dies too.
//! - On Linux the adapter gets SIGKILL when the urlcert thread that started it ends;
//!   the `urlcert` binary is the child subreaper of what it starts, so orphans are
//!   reparented to it and reaped; and a guard process ([`start_guard`]) sweeps the
//!   markers of this session after urlcert, however urlcert ended (kill -9 included).
//!
//! The marker sweep reads `/proc/<pid>/environ`, which a process can read for its own
//! user's processes; elsewhere only the process group is killed.

use std::collections::HashSet;
use std::process::Command;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

/// The variable that marks an adapter and everything it starts.
pub const MARKER: &str = "URLCERT_ADAPTER";

/// What an adapter's environment holds by default: what finding a program, a home,
/// a locale, a temporary folder and shared libraries needs. `--pass-env NAME` adds more.
pub const BASE_ENV: &[&str] = &[
    "PATH",
    "HOME",
    "LANG",
    "LC_ALL",
    "LC_CTYPE",
    "TMPDIR",
    "TZ",
    "LD_LIBRARY_PATH",
];

/// One adapter process's marker value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag(String);

impl Tag {
    pub fn value(&self) -> &str {
        &self.0
    }
}

/// This urlcert process's part of every marker: its pid and start time, so that two
/// urlcert processes never sweep each other's adapters.
fn session() -> &'static str {
    static SESSION: OnceLock<String> = OnceLock::new();
    SESSION.get_or_init(|| {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        format!("{}x{nanos}", std::process::id())
    })
}

/// The pids of the adapter processes urlcert started and has not yet waited for: the
/// orphan reaper must leave their exit status to `Child::wait`.
fn direct() -> &'static Mutex<HashSet<u32>> {
    static DIRECT: OnceLock<Mutex<HashSet<u32>>> = OnceLock::new();
    DIRECT.get_or_init(Default::default)
}

/// Set once the binary made itself the subreaper: only then is every zombie child
/// that is not a direct adapter an adopted orphan (a library caller's other children
/// are not urlcert's to reap).
static SUBREAPER: AtomicBool = AtomicBool::new(false);

/// Readies `cmd` to run as an adapter: the environment, the marker, its own process
/// group, and death with its parent. Returns the marker.
pub fn prepare(cmd: &mut Command, pass_env: &[String]) -> Tag {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    let tag = Tag(format!(
        "{}-{}",
        session(),
        NEXT.fetch_add(1, Ordering::SeqCst)
    ));
    cmd.env_clear();
    let names = BASE_ENV
        .iter()
        .copied()
        .chain(pass_env.iter().map(String::as_str));
    for name in names {
        if let Some(value) = std::env::var_os(name) {
            cmd.env(name, value);
        }
    }
    cmd.env(MARKER, tag.value());
    // Where the install command put the adapters' packages (Node's `node_modules`).
    cmd.env("URLCERT_DEPS", super::registry::deps_dir());
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        cmd.process_group(0);
    }
    #[cfg(target_os = "linux")]
    die_with_parent(cmd);
    tag
}

#[cfg(target_os = "linux")]
fn die_with_parent(cmd: &mut Command) {
    use std::os::unix::process::CommandExt;
    let parent = std::process::id();
    // SAFETY: the closure runs between fork and exec and makes only two system calls
    // (prctl, getppid), both async-signal-safe; it allocates nothing.
    unsafe {
        cmd.pre_exec(move || {
            nix::sys::prctl::set_pdeathsig(nix::sys::signal::Signal::SIGKILL)
                .map_err(std::io::Error::from)?;
            // The parent may have died before the prctl: then nobody would signal us.
            if std::os::unix::process::parent_id() != parent {
                return Err(std::io::Error::other(
                    "urlcert exited while starting the adapter",
                ));
            }
            Ok(())
        });
    }
}

/// Records a started adapter process (see [`direct`]).
pub fn started(pid: u32) {
    if let Ok(mut d) = direct().lock() {
        d.insert(pid);
    }
}

/// Records that an adapter process was waited for.
pub fn waited(pid: u32) {
    if let Ok(mut d) = direct().lock() {
        d.remove(&pid);
    }
}

/// Kills the adapter's process group and every process that carries its marker, then
/// reaps the orphans urlcert adopted. The adapter itself is left for its `Child` to
/// wait for.
pub fn kill_tree(pgid: u32, tag: &Tag) {
    #[cfg(unix)]
    {
        use nix::sys::signal::{killpg, Signal};
        use nix::unistd::Pid;
        if let Ok(pgid) = i32::try_from(pgid) {
            let _ = killpg(Pid::from_raw(pgid), Signal::SIGKILL);
        }
    }
    let mut wanted = format!("{MARKER}=").into_bytes();
    wanted.extend_from_slice(tag.value().as_bytes());
    wanted.push(0);
    sweep(&wanted);
    reap_adopted();
}

/// Kills every process that any adapter of this urlcert started: at exit, and when a
/// signal ends urlcert.
pub fn kill_all() {
    let pids: Vec<u32> = direct()
        .lock()
        .map(|d| d.iter().copied().collect())
        .unwrap_or_default();
    #[cfg(unix)]
    for pid in pids {
        use nix::sys::signal::{killpg, Signal};
        use nix::unistd::Pid;
        if let Ok(pgid) = i32::try_from(pid) {
            let _ = killpg(Pid::from_raw(pgid), Signal::SIGKILL);
        }
    }
    sweep(&session_prefix(session()));
    reap_adopted();
}

/// `URLCERT_ADAPTER=<session>-`, the start of every marker of one session.
fn session_prefix(session: &str) -> Vec<u8> {
    format!("{MARKER}={session}-").into_bytes()
}

/// SIGKILL to every process whose environment holds `needle`, until none is left
/// (a process may fork while the sweep runs; each round takes the new ones).
fn sweep(needle: &[u8]) {
    for _ in 0..8 {
        if kill_marked(needle) == 0 {
            return;
        }
    }
}

/// One round of [`sweep`]: how many processes it signalled.
#[cfg(target_os = "linux")]
fn kill_marked(needle: &[u8]) -> usize {
    use nix::sys::signal::{kill, Signal};
    use nix::unistd::Pid;
    let me = std::process::id();
    let mut killed = 0;
    for (pid, dir) in processes() {
        if pid == me {
            continue;
        }
        // A zombie's environment reads empty, so what was killed is not found again.
        let Ok(environ) = std::fs::read(dir.join("environ")) else {
            continue;
        };
        if has_entry(&environ, needle) {
            if let Ok(raw) = i32::try_from(pid) {
                if kill(Pid::from_raw(raw), Signal::SIGKILL).is_ok() {
                    killed += 1;
                }
            }
        }
    }
    killed
}

/// Every process's pid and `/proc` folder.
#[cfg(target_os = "linux")]
fn processes() -> impl Iterator<Item = (u32, std::path::PathBuf)> {
    std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let pid = entry.file_name().to_str()?.parse().ok()?;
            Some((pid, entry.path()))
        })
}

#[cfg(not(target_os = "linux"))]
fn kill_marked(_needle: &[u8]) -> usize {
    0
}

/// Does the NUL-separated environment hold `needle`? A needle that ends in NUL must
/// match a whole entry; one without matches the start of an entry.
fn has_entry(environ: &[u8], needle: &[u8]) -> bool {
    let (whole, body) = match needle.split_last() {
        Some((0, body)) => (true, body),
        _ => (false, needle),
    };
    environ.split(|&b| b == 0).any(|entry| {
        if whole {
            entry == body
        } else {
            entry.starts_with(body)
        }
    })
}

/// Makes this process the child subreaper of what it starts (Linux), so that an
/// adapter's orphans are reparented here, where [`kill_tree`] reaps them, rather than
/// to init.
pub fn become_subreaper() {
    #[cfg(target_os = "linux")]
    if nix::sys::prctl::set_child_subreaper(true).is_ok() {
        SUBREAPER.store(true, Ordering::SeqCst);
    }
}

/// Waits for the zombie children that are adopted orphans, not adapters urlcert
/// waits for itself.
fn reap_adopted() {
    #[cfg(target_os = "linux")]
    {
        use nix::sys::wait::{waitpid, WaitPidFlag};
        use nix::unistd::Pid;
        if !SUBREAPER.load(Ordering::SeqCst) {
            return;
        }
        let me = std::process::id();
        let live = direct().lock().map(|d| d.clone()).unwrap_or_default();
        for (pid, dir) in processes() {
            if live.contains(&pid) {
                continue;
            }
            let Ok(stat) = std::fs::read_to_string(dir.join("stat")) else {
                continue;
            };
            if let Some((state, ppid)) = state_and_parent(&stat) {
                if state == 'Z' && ppid == me {
                    if let Ok(raw) = i32::try_from(pid) {
                        let _ = waitpid(Pid::from_raw(raw), Some(WaitPidFlag::WNOHANG));
                    }
                }
            }
        }
    }
}

/// The state and parent pid from `/proc/<pid>/stat` ("pid (comm) S ppid ..."; the
/// command name may hold spaces and parentheses, so read after the last ')').
fn state_and_parent(stat: &str) -> Option<(char, u32)> {
    let rest = &stat[stat.rfind(')')? + 1..];
    let mut fields = rest.split_whitespace();
    let state = fields.next()?.chars().next()?;
    let ppid = fields.next()?.parse().ok()?;
    Some((state, ppid))
}

/// Starts the guard: `urlcert __guard SESSION`, a process of its own group that waits
/// for its standard input to end (urlcert exited, however) and then kills whatever
/// still carries this session's marker. Called once by the binary; the pipe stays open
/// for urlcert's whole life.
pub fn start_guard() {
    static GUARD: OnceLock<Option<std::process::ChildStdin>> = OnceLock::new();
    GUARD.get_or_init(|| {
        let exe = std::env::current_exe().ok()?;
        let mut cmd = Command::new(exe);
        cmd.arg("__guard")
            .arg(session())
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null());
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            // Its own group: a Ctrl-C at the terminal must not end it before urlcert.
            cmd.process_group(0);
        }
        let mut child = cmd.spawn().ok()?;
        child.stdin.take()
    });
}

/// The guard's body (`urlcert __guard SESSION`): wait for standard input to end, then
/// sweep the session's markers.
pub fn guard(session: &str) {
    use std::io::Read;
    let mut sink = [0u8; 64];
    let mut stdin = std::io::stdin().lock();
    loop {
        match stdin.read(&mut sink) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    sweep(&session_prefix(session));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn environment_entries_match_whole_values_or_prefixes() {
        let env = b"A=1\0URLCERT_ADAPTER=9x1-12\0B=2\0";
        assert!(has_entry(env, b"URLCERT_ADAPTER=9x1-12\0"));
        assert!(!has_entry(env, b"URLCERT_ADAPTER=9x1-1\0"));
        assert!(has_entry(env, &session_prefix("9x1")));
        assert!(!has_entry(env, &session_prefix("9x")));
        assert!(!has_entry(b"", b"URLCERT_ADAPTER="));
    }

    #[test]
    fn stat_lines_with_odd_command_names_parse() {
        assert_eq!(
            state_and_parent("42 (a) b (c)) Z 7 42 42 0"),
            Some(('Z', 7))
        );
        assert_eq!(state_and_parent("garbage"), None);
    }
}
