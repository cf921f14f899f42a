//! How an adapter process lives and dies, so that nothing urlcert starts outlives it.
//!
//! - Every adapter runs in a process group of its own, with a small environment
//!   ([`BASE_ENV`] plus what `--pass-env` names), no open descriptor but its standard
//!   three, and a marker variable, `URLCERT_ADAPTER=<session>-<n>`, that its
//!   descendants inherit.
//! - Ending an adapter stops and kills its descendants (found by their parents), its
//!   group, then every process that still carries its marker: a grandchild that started
//!   its own session (and so left the group) dies too.
//! - On Linux the adapter gets SIGKILL when the urlcert thread that started it ends;
//!   the `urlcert` binary is the child subreaper of what it starts, so orphans are
//!   reparented to it, reaped, and killed with everything else it started when it
//!   exits; and a guard process ([`start_guard`]) ends what is left after urlcert,
//!   however urlcert ended (kill -9 included): the groups urlcert told it of, the
//!   session's markers, and every descendant of urlcert it saw in its last look
//!   ([`guard`]).
//!
//! The marker sweep reads `/proc/<pid>/environ`, which a process can read for its own
//! user's processes unless they made themselves not dumpable; the descendants are found
//! by `/proc/<pid>/stat`, which anyone can read. Elsewhere only the process group is
//! killed.

use std::collections::{HashMap, HashSet};
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
    cmd.env("URLCERT_DEPS", crate::assets::deps().0);
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        cmd.process_group(0);
    }
    #[cfg(target_os = "linux")]
    die_with_parent(cmd);
    #[cfg(target_os = "linux")]
    if let Some(cgroup) = super::cgroup::current() {
        cgroup.enter_at_exec(cmd);
    }
    #[cfg(unix)]
    close_inherited(cmd);
    tag
}

/// The adapter gets no descriptor but its standard input, output and error: whatever
/// urlcert was given open (a file its caller opened without close-on-exec) is not the
/// adapter's to read. Every descriptor from 3 on is marked close-on-exec rather than
/// closed, so that the exec failure report of `Command::spawn` still works.
#[cfg(unix)]
fn close_inherited(cmd: &mut Command) {
    use std::os::unix::process::CommandExt;
    // SAFETY: the closure runs between fork and exec and makes only async-signal-safe
    // system calls (close_range, getrlimit, fcntl); it allocates nothing.
    unsafe {
        cmd.pre_exec(|| {
            use nix::libc;
            #[cfg(target_os = "linux")]
            if libc::syscall(
                libc::SYS_close_range,
                3 as libc::c_uint,
                libc::c_uint::MAX,
                libc::CLOSE_RANGE_CLOEXEC,
            ) == 0
            {
                return Ok(());
            }
            // Before Linux 5.11, or elsewhere: one descriptor at a time, up to the
            // descriptor limit (bounded, so that a huge limit cannot stall the start).
            let mut limit = libc::rlimit {
                rlim_cur: 0,
                rlim_max: 0,
            };
            let top = if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) == 0 {
                limit.rlim_cur.min(1 << 20) as libc::c_int
            } else {
                1024
            };
            for fd in 3..top {
                libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC);
            }
            Ok(())
        });
    }
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

/// Records a started adapter process (see [`direct`]); the guard is told of its group.
pub fn started(pid: u32) {
    if let Ok(mut d) = direct().lock() {
        d.insert(pid);
    }
    tell_guard(&format!("+{pid}\n"));
}

/// Records that an adapter process was waited for (its group was killed before).
pub fn waited(pid: u32) {
    if let Ok(mut d) = direct().lock() {
        d.remove(&pid);
    }
    tell_guard(&format!("-{pid}\n"));
}

/// Kills the adapter's descendants, its process group and every process that carries
/// its marker, then reaps the orphans urlcert adopted. The adapter itself is left for
/// its `Child` to wait for.
pub fn kill_tree(pgid: u32, tag: &Tag) {
    // The adapter leads its group: its pid is the group's id.
    kill_descendants(&[pgid], &HashSet::new());
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
    // As the subreaper, urlcert is the ancestor of every process its adapters started,
    // whatever their environment or session: none outlives it.
    if SUBREAPER.load(Ordering::SeqCst) {
        let spare: HashSet<u32> = GUARD_PID.get().copied().into_iter().collect();
        kill_descendants(&[std::process::id()], &spare);
    }
    if let Some(cgroup) = super::cgroup::current() {
        cgroup.kill_and_remove();
    }
    reap_adopted();
}

/// Stops every descendant of `roots` (not the roots themselves, nor `spare` and its
/// descendants) until no new one appears (a stopped process cannot fork), then kills
/// them all.
fn kill_descendants(roots: &[u32], spare: &HashSet<u32>) {
    #[cfg(target_os = "linux")]
    {
        use nix::sys::signal::{kill, Signal};
        use nix::unistd::Pid;
        let me = std::process::id();
        let mut stopped: HashSet<u32> = HashSet::new();
        for _ in 0..16 {
            let table = process_table();
            let mut from: Vec<u32> = roots.to_vec();
            from.extend(stopped.iter().copied());
            let new: Vec<u32> = descendants(&table, &from, spare)
                .into_iter()
                .filter(|p| *p != me && !stopped.contains(p))
                .collect();
            if new.is_empty() {
                break;
            }
            for pid in new {
                if let Ok(raw) = i32::try_from(pid) {
                    let _ = kill(Pid::from_raw(raw), Signal::SIGSTOP);
                }
                stopped.insert(pid);
            }
        }
        for pid in stopped {
            if let Ok(raw) = i32::try_from(pid) {
                let _ = kill(Pid::from_raw(raw), Signal::SIGKILL);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (roots, spare);
}

/// One process as `/proc/<pid>/stat` shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stat {
    state: char,
    ppid: u32,
    /// When it started (clock ticks after boot): a pid reused later has another.
    start: u64,
}

/// Every process's [`Stat`], by pid.
#[cfg(target_os = "linux")]
fn process_table() -> HashMap<u32, Stat> {
    processes()
        .filter_map(|(pid, dir)| {
            let stat = std::fs::read_to_string(dir.join("stat")).ok()?;
            Some((pid, parse_stat(&stat)?))
        })
        .collect()
}

/// The descendants of `roots` in `table` (not the roots), leaving out `spare` and what
/// descends from it.
fn descendants(table: &HashMap<u32, Stat>, roots: &[u32], spare: &HashSet<u32>) -> Vec<u32> {
    let mut children: HashMap<u32, Vec<u32>> = HashMap::new();
    for (&pid, stat) in table {
        children.entry(stat.ppid).or_default().push(pid);
    }
    let mut found = Vec::new();
    let mut seen: HashSet<u32> = roots.iter().copied().collect();
    let mut todo: Vec<u32> = roots.to_vec();
    while let Some(parent) = todo.pop() {
        for &child in children.get(&parent).into_iter().flatten() {
            if !spare.contains(&child) && seen.insert(child) {
                found.push(child);
                todo.push(child);
            }
        }
    }
    found
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
            if let Some(Stat { state, ppid, .. }) = parse_stat(&stat) {
                if state == 'Z' && ppid == me {
                    if let Ok(raw) = i32::try_from(pid) {
                        let _ = waitpid(Pid::from_raw(raw), Some(WaitPidFlag::WNOHANG));
                    }
                }
            }
        }
    }
}

/// The state, parent pid and start time from `/proc/<pid>/stat` ("pid (comm) S ppid
/// ..."; the command name may hold spaces and parentheses, so read after the last
/// ')'; the start time is the 22nd field).
fn parse_stat(stat: &str) -> Option<Stat> {
    let rest = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    Some(Stat {
        state: fields.first()?.chars().next()?,
        ppid: fields.get(1)?.parse().ok()?,
        start: fields.get(19)?.parse().ok()?,
    })
}

/// The guard's standard input: urlcert's word on each adapter group, and by its end,
/// urlcert's end.
static GUARD: OnceLock<Option<Mutex<std::process::ChildStdin>>> = OnceLock::new();
/// The guard's pid, which urlcert's own last sweep spares.
static GUARD_PID: OnceLock<u32> = OnceLock::new();

/// One line to the guard (`+PGID`, `-PGID`); nothing when there is no guard.
fn tell_guard(line: &str) {
    use std::io::Write;
    if let Some(Some(stdin)) = GUARD.get() {
        if let Ok(mut stdin) = stdin.lock() {
            // A guard that is gone cannot be helped; the run goes on.
            let _ = stdin.write_all(line.as_bytes());
        }
    }
}

/// Starts the guard: `urlcert __guard SESSION [CGROUP]`, a process of its own group
/// that waits for its standard input to end (urlcert exited, however) and then ends
/// what urlcert left ([`guard`]). Makes the session's cgroup first, where Linux allows,
/// so that every adapter starts inside it. Called once by the binary; the pipe stays
/// open for urlcert's whole life.
pub fn start_guard() {
    GUARD.get_or_init(|| {
        let exe = std::env::current_exe().ok()?;
        let mut cmd = Command::new(exe);
        cmd.arg("__guard").arg(session());
        if let Some(cgroup) = super::cgroup::create(session()) {
            cmd.arg(cgroup.dir());
        }
        cmd.stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null());
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            // Its own group: a Ctrl-C at the terminal must not end it before urlcert.
            cmd.process_group(0);
        }
        let mut child = cmd.spawn().ok()?;
        let _ = GUARD_PID.set(child.id());
        child.stdin.take().map(Mutex::new)
    });
}

/// How often the guard looks at urlcert's descendants.
const GUARD_LOOK: std::time::Duration = std::time::Duration::from_millis(200);

/// The guard's body (`urlcert __guard SESSION [CGROUP]`). While urlcert lives it keeps
/// the groups urlcert tells it of (`+PGID` when an adapter starts, `-PGID` once it was
/// waited for) and looks at urlcert's descendants every [`GUARD_LOOK`]. When its
/// standard input ends (urlcert is gone, however) it ends the session's cgroup, then
/// kills those groups, the session's markers, and every descendant it saw that is
/// still the same process, with all that descends from it. Without a cgroup, what a
/// descendant starts and leaves in the last look's interval, in a session of its own,
/// without a readable marker, can escape.
pub fn guard(session: &str, cgroup: Option<&std::path::Path>) {
    #[cfg(unix)]
    let urlcert = std::os::unix::process::parent_id();
    #[cfg(not(unix))]
    let urlcert = 0;
    let (tx, words) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        use std::io::BufRead;
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                return;
            }
        }
    });
    let mut groups: HashSet<u32> = HashSet::new();
    let mut seen: HashMap<u32, u64> = HashMap::new();
    let mut next_look = std::time::Instant::now() + GUARD_LOOK;
    loop {
        let wait = next_look.saturating_duration_since(std::time::Instant::now());
        match words.recv_timeout(wait) {
            Ok(word) => {
                if let Some(pgid) = word.strip_prefix('+').and_then(|p| p.parse().ok()) {
                    groups.insert(pgid);
                } else if let Some(pgid) = word.strip_prefix('-').and_then(|p| p.parse().ok()) {
                    groups.remove(&pgid);
                }
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
        }
        if std::time::Instant::now() >= next_look {
            // Nothing to look for before the first adapter, nor once all have ended
            // and left nothing behind.
            if !groups.is_empty() || !seen.is_empty() {
                look(urlcert, &mut seen);
            }
            next_look = std::time::Instant::now() + GUARD_LOOK;
        }
    }
    // Only the session's own cgroup: the folder is named for it.
    if let Some(dir) = cgroup {
        if dir.file_name() == Some(std::ffi::OsStr::new(&super::cgroup::name(session))) {
            super::cgroup::kill_and_remove(dir);
        }
    }
    #[cfg(unix)]
    for pgid in groups {
        use nix::sys::signal::{killpg, Signal};
        use nix::unistd::Pid;
        if let Ok(pgid) = i32::try_from(pgid) {
            let _ = killpg(Pid::from_raw(pgid), Signal::SIGKILL);
        }
    }
    sweep(&session_prefix(session));
    kill_seen(&seen);
}

/// Keeps `seen` as urlcert's descendants now are: pid and start time.
fn look(urlcert: u32, seen: &mut HashMap<u32, u64>) {
    #[cfg(target_os = "linux")]
    {
        let me = std::process::id();
        let table = process_table();
        seen.retain(|pid, start| table.get(pid).is_some_and(|s| s.start == *start));
        for pid in descendants(&table, &[urlcert], &HashSet::from([me])) {
            if let Some(stat) = table.get(&pid) {
                seen.insert(pid, stat.start);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (urlcert, seen);
}

/// Kills the processes in `seen` that are still the ones seen (same start time), and
/// their descendants.
fn kill_seen(seen: &HashMap<u32, u64>) {
    #[cfg(target_os = "linux")]
    {
        use nix::sys::signal::{kill, Signal};
        use nix::unistd::Pid;
        let table = process_table();
        let alive: Vec<u32> = seen
            .iter()
            .filter(|(pid, start)| table.get(pid).is_some_and(|s| s.start == **start))
            .map(|(pid, _)| *pid)
            .collect();
        for &pid in &alive {
            if let Ok(raw) = i32::try_from(pid) {
                let _ = kill(Pid::from_raw(raw), Signal::SIGSTOP);
            }
        }
        kill_descendants(&alive, &HashSet::new());
        for pid in alive {
            if let Ok(raw) = i32::try_from(pid) {
                let _ = kill(Pid::from_raw(raw), Signal::SIGKILL);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = seen;
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
        let fields = "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 5123 99";
        assert_eq!(
            parse_stat(&format!("42 (a) b (c)) Z 7 {fields}")),
            Some(Stat {
                state: 'Z',
                ppid: 7,
                start: 5123
            })
        );
        assert_eq!(parse_stat("garbage"), None);
        assert_eq!(parse_stat("42 (a) Z 7 42 42 0"), None);
    }

    #[test]
    fn descendants_follow_parents_and_leave_the_spared_out() {
        let stat = |ppid| Stat {
            state: 'S',
            ppid,
            start: 1,
        };
        // 1 ─ 2 ─ 3 ─ 4, and 2 ─ 5 ─ 6; 7 is elsewhere.
        let table: HashMap<u32, Stat> = [(2, 1), (3, 2), (4, 3), (5, 2), (6, 5), (7, 9)]
            .into_iter()
            .map(|(pid, ppid)| (pid, stat(ppid)))
            .collect();
        let mut all = descendants(&table, &[1], &HashSet::new());
        all.sort();
        assert_eq!(all, [2, 3, 4, 5, 6]);
        let mut spared = descendants(&table, &[1], &HashSet::from([5]));
        spared.sort();
        assert_eq!(spared, [2, 3, 4]);
        assert!(descendants(&table, &[4], &HashSet::new()).is_empty());
    }
}
