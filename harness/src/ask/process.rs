//! External adapters: programs speaking protocol v1 (JSON lines over stdin/stdout, see
//! `ADAPTERS.md`), run as argv (never through a shell).
//!
//! - [`Persistent`]: one long-lived process; `hello` first, then the requests, several
//!   written before their answers are read when they are asked together (up to
//!   [`WINDOW`] requests and [`WINDOW_BYTES`] bytes: see [`Persistent`]).
//! - [`OneShot`]: one process for the `hello`, then one process per request.
//!
//! The harness owns the time limit, per answer. Whatever goes wrong (the program cannot
//! start, crashes, hangs, prints something that is not the protocol, prints too much on
//! either stream, exits without answering) becomes that request's answer as a
//! [`Fault`]; the process is killed and reaped, and the next request starts a fresh
//! one. Answers already given are values the caller holds: nothing is lost.
//!
//! Standard output is read on its own thread, line by line, with the line length
//! bounded; standard error is drained on another and counted, so neither pipe can fill
//! and block the program.

use super::{lifetime, Answer, Engine, Fault, Info, LinkAnswer, Model, Operation, Parts};
use crate::Error;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What an external adapter may do before the harness calls it a fault, and what it
/// is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// How long one answer (the `hello` included) may take, writing the request to the
    /// program included.
    pub timeout: Duration,
    /// The longest answer line, in bytes, without its newline.
    pub max_line: usize,
    /// The most the program may write on standard error while one request is open
    /// (counted from the previous answer on).
    pub max_stderr: usize,
    /// Environment variables passed on besides [`lifetime::BASE_ENV`] (`--pass-env`).
    pub pass_env: &'static [String],
}

impl Limits {
    /// The default limits with `ms` milliseconds for an answer (`--timeout-ms`).
    pub fn answering_within_ms(ms: u64) -> Limits {
        Limits {
            timeout: Duration::from_millis(ms),
            ..Limits::default()
        }
    }
}

impl Default for Limits {
    /// 5 s, 1 MiB, 1 MiB, and the variables [`pass_env`] named.
    fn default() -> Limits {
        Limits {
            timeout: Duration::from_secs(5),
            max_line: 1 << 20,
            max_stderr: 1 << 20,
            pass_env: PASS_ENV.get().copied().unwrap_or(&[]),
        }
    }
}

static PASS_ENV: std::sync::OnceLock<&'static [String]> = std::sync::OnceLock::new();

/// The variables every adapter of this process is given besides
/// [`lifetime::BASE_ENV`] (`--pass-env`); set once, by the command line, before any
/// adapter starts. A second call changes nothing.
pub fn pass_env(names: Vec<String>) {
    let _ = PASS_ENV.set(Box::leak(names.into_boxed_slice()));
}

/// The protocol version this harness speaks.
pub const PROTOCOL: u64 = 1;

/// How long a one-shot program may take to exit once it has answered, before it is
/// killed (its answer stands either way).
const ONE_SHOT_GRACE: Duration = Duration::from_millis(500);
/// How long an exited program's last answer may take to come through the pipe.
const EXIT_GRACE: Duration = Duration::from_millis(100);
/// How long a program whose standard output ended may take to exit before it is said
/// to have closed its standard output (an exit closes it a moment before the status
/// can be read).
const CLOSE_GRACE: Duration = Duration::from_millis(500);
/// How often a wait for an answer looks at the standard error count and at whether
/// the process is still there.
const POLL: Duration = Duration::from_millis(20);
/// How much of the end of standard error is kept for fault messages.
const STDERR_TAIL: usize = 2048;

/// The most requests written to a persistent process before their answers are read
/// (requests asked together, [`crate::ask::ask_many`]): enough for an adapter that
/// answers what is waiting in one go (a browser run for a page of links) to save most
/// of its runs, few enough that a fault in the middle sends little again.
pub const WINDOW: usize = 64;
/// The most bytes of request lines in one window; a request longer than this is sent
/// alone. Half of Linux's default pipe buffer (64 KiB): the window goes into the pipe in
/// one write that never waits on the adapter, so the adapter finds the whole window
/// waiting, and what it has not read is what [`Proc::never_read`] counts. The answers,
/// of a size like their requests' for parse and resolve, are read as they come by
/// their own thread, so neither pipe can fill while the other side waits.
pub const WINDOW_BYTES: usize = 32 * 1024;

/// One request of protocol v1.
#[derive(Clone)]
enum Request<'a> {
    Hello,
    Parse(&'a str),
    Resolve(&'a str, &'a str),
    /// An HTML document and the URLs it was retrieved by.
    Links(&'a str, Vec<&'a str>),
}

impl Request<'_> {
    fn line(&self, id: u64) -> String {
        let v = match self {
            Request::Hello => json!({"id": id, "op": "hello", "protocol": PROTOCOL}),
            Request::Parse(input) => json!({"id": id, "op": "parse", "input": input}),
            Request::Resolve(base, reference) => {
                json!({"id": id, "op": "resolve", "base": base, "reference": reference})
            }
            // The table of URL-carrying attributes travels with the request: what an
            // answer lists is defined in one place, the harness's document reader,
            // and no adapter keeps a copy of it.
            Request::Links(document, retrieved_from) => json!({
                "id": id,
                "op": "links",
                "document": document,
                "retrieved_from": retrieved_from,
                "attributes": crate::page::html::URL_ATTRIBUTES,
            }),
        };
        let mut line = v.to_string();
        line.push('\n');
        line
    }
}

/// What the reading threads report.
enum Event {
    Line(Vec<u8>),
    Oversized(u64),
    Eof,
}

/// Standard error, as the draining thread counts it.
#[derive(Default)]
struct Stderr {
    total: AtomicU64,
    tail: Mutex<Vec<u8>>,
    /// The drain has read to the end.
    done: AtomicBool,
}

impl Stderr {
    /// The last non-empty lines of standard error, as one printable line (bounded).
    fn tail_text(&self) -> String {
        let tail = match self.tail.lock() {
            Ok(t) => t.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        };
        let text = String::from_utf8_lossy(&tail);
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        let start = lines.len().saturating_sub(3);
        printable(&lines[start..].join(" | "), 300)
    }
}

/// `s` with what would act instead of showing escaped ([`crate::report::text::visible`]), cut
/// to `max` characters.
fn printable(s: &str, max: usize) -> String {
    let mut end = s.len();
    if let Some((at, _)) = s.char_indices().nth(max) {
        end = at;
    }
    let mut out = crate::report::text::visible(&s[..end]);
    if end < s.len() {
        out.push('…');
    }
    out
}

/// Request lines with their ids, in id order, written in one go.
type Window = Vec<(u64, Vec<u8>)>;

/// One running adapter process.
struct Proc {
    child: Child,
    /// Windows of request lines (with their ids) for the writer thread, each written in
    /// one go; dropped to close standard input.
    requests: Option<SyncSender<Window>>,
    /// The writer thread's word on each request line, by id.
    written: Receiver<Written>,
    /// How many bytes of each request line of the last window went into the pipe, by
    /// id, as the writer said.
    words: BTreeMap<u64, usize>,
    /// Whether each line of the last window went, by id, until the wait for its answer
    /// takes it.
    results: BTreeMap<u64, std::io::Result<()>>,
    /// The ids of the first and the last request of the last window sent.
    first_sent: u64,
    last_sent: u64,
    /// A second handle on the standard input pipe, to ask how much of it is unread;
    /// closed with `requests`, so that the program sees the end of its input.
    #[cfg(unix)]
    input: Option<std::os::fd::OwnedFd>,
    /// The process ended without reading any of the open request: it never saw it.
    unread: bool,
    events: Receiver<Event>,
    stderr: Arc<Stderr>,
    /// The standard error count when the last answer came.
    stderr_mark: u64,
    program: String,
    tag: lifetime::Tag,
    /// The first request id this process was sent: a line with an id from here up to
    /// the open request's answers a request already answered.
    first_id: u64,
    /// Lines nobody asked for: a second answer to a request, or output between
    /// requests. Counted, never charged to the next request.
    strays: u64,
}

/// What one line from standard output is to the open request.
enum Heard {
    Answer(Map<String, Value>),
    /// An answer to a request already answered.
    Stray,
}

impl Proc {
    fn spawn(argv: &[String], limits: &Limits, first_id: u64) -> Result<Proc, Fault> {
        let Some((program, args)) = argv.split_first() else {
            return Err(Fault::Spawn {
                detail: "the adapter command is empty".into(),
            });
        };
        let mut cmd = Command::new(program);
        cmd.args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let tag = lifetime::prepare(&mut cmd, limits.pass_env);
        let mut child = cmd.spawn().map_err(|e| Fault::Spawn {
            detail: format!("cannot start {program:?}: {e}"),
        })?;
        lifetime::started(child.id());
        // Bounded, so that an adapter printing without reading fills its own pipe and
        // blocks, rather than urlcert's memory.
        let (tx, events) = mpsc::sync_channel(4);
        let stderr = Arc::new(Stderr::default());
        if let Some(out) = child.stdout.take() {
            let max_line = limits.max_line;
            std::thread::spawn(move || read_lines(out, max_line, &tx));
        }
        if let Some(err) = child.stderr.take() {
            let counter = Arc::clone(&stderr);
            std::thread::spawn(move || drain(err, &counter));
        }
        // Writes block when the adapter does not read: they happen on a thread of
        // their own, so that the wait for the answer keeps its deadline.
        let (requests, to_write) = mpsc::sync_channel::<Window>(1);
        let (done, written) = mpsc::channel();
        #[cfg(unix)]
        let mut input = None;
        if let Some(stdin) = child.stdin.take() {
            #[cfg(unix)]
            {
                input = std::os::fd::AsFd::as_fd(&stdin).try_clone_to_owned().ok();
            }
            std::thread::spawn(move || write_lines(stdin, &to_write, &done));
        }
        Ok(Proc {
            requests: Some(requests),
            written,
            words: BTreeMap::new(),
            results: BTreeMap::new(),
            first_sent: first_id,
            last_sent: first_id,
            #[cfg(unix)]
            input,
            unread: false,
            child,
            events,
            stderr,
            stderr_mark: 0,
            program: program.clone(),
            tag,
            first_id,
            strays: 0,
        })
    }

    /// Sends one request and waits for its answer line, decoded. `close` closes standard
    /// input after the request (one-shot mode). The deadline covers the write too.
    fn exchange(
        &mut self,
        request: &Request,
        id: u64,
        close: bool,
        limits: &Limits,
    ) -> Result<Map<String, Value>, Fault> {
        // The line is made before the clock starts: the limit is the adapter's time,
        // not urlcert's encoding of a large request.
        let line = request.line(id).into_bytes();
        let deadline = Instant::now() + limits.timeout;
        if !self.send(vec![(id, line)], close) {
            return Err(self.gone(id, deadline));
        }
        self.receive(id, deadline, limits)
    }

    /// Hands a window of request lines (ids in increasing order) to the writer, to be
    /// written in one go; `close` closes standard input after them. False when the
    /// writer is gone (a write failed before).
    fn send(&mut self, lines: Window, close: bool) -> bool {
        self.drop_strays();
        if let (Some((first, _)), Some((last, _))) = (lines.first(), lines.last()) {
            // What the writer said of an earlier window is of no use any more.
            let first = *first;
            self.words.retain(|&n, _| n >= first);
            self.results.retain(|&n, _| n >= first);
            self.first_sent = first;
            self.last_sent = *last;
        }
        let sent = self
            .requests
            .as_ref()
            .is_some_and(|r| r.send(lines).is_ok());
        if close {
            self.close_input();
        }
        sent
    }

    /// Waits until `deadline` for the answer line to request `id`, sent before, and
    /// decodes it. Answers come in request order: one with the id of a later request
    /// is not the protocol.
    fn receive(
        &mut self,
        id: u64,
        deadline: Instant,
        limits: &Limits,
    ) -> Result<Map<String, Value>, Fault> {
        loop {
            self.check_stderr(limits)?;
            let now = Instant::now();
            if now >= deadline {
                return Err(Fault::Timeout {
                    after_ms: millis(limits.timeout),
                });
            }
            while let Some(result) = self.heard_from_writer(id, Duration::ZERO) {
                if let Err(e) = result {
                    return Err(self.input_closed(&e, id, deadline));
                }
            }
            match self.events.recv_timeout((deadline - now).min(POLL)) {
                Ok(Event::Line(line)) => match self.hear(&line, id)? {
                    Heard::Answer(object) => {
                        self.check_stderr(limits)?;
                        self.stderr_mark = self.stderr.total.load(Ordering::SeqCst);
                        return Ok(object);
                    }
                    Heard::Stray => self.strays += 1,
                },
                Ok(Event::Oversized(bytes)) => return Err(Fault::Oversized { bytes }),
                Ok(Event::Eof) | Err(RecvTimeoutError::Disconnected) => {
                    return Err(self.gone(id, deadline))
                }
                Err(RecvTimeoutError::Timeout) => {
                    // Gone, though a process it started may still hold its output open:
                    // an early exit now, not a timeout later.
                    if let Ok(Some(status)) = self.child.try_wait() {
                        return self.last_words(id, status);
                    }
                }
            }
        }
    }

    /// The process has exited with an answer possibly still in the pipe: a short wait
    /// for it, else how the process ended.
    fn last_words(&mut self, id: u64, status: ExitStatus) -> Result<Map<String, Value>, Fault> {
        let until = Instant::now() + EXIT_GRACE;
        while let Some(left) = until.checked_duration_since(Instant::now()) {
            match self.events.recv_timeout(left) {
                Ok(Event::Line(line)) => {
                    if let Heard::Answer(object) = self.hear(&line, id)? {
                        return Ok(object);
                    }
                }
                Ok(Event::Oversized(bytes)) => return Err(Fault::Oversized { bytes }),
                _ => break,
            }
        }
        Err(self.ended(status, id))
    }

    /// Takes the writer's word on request `id`, waiting for it up to `wait`: `Some`
    /// once, when the word came (written, or why not); `None` before, and after.
    fn heard_from_writer(&mut self, id: u64, wait: Duration) -> Option<std::io::Result<()>> {
        let until = Instant::now() + wait;
        loop {
            if let Some(result) = self.results.remove(&id) {
                return Some(result);
            }
            if self.words.contains_key(&id) {
                return None;
            }
            let got = match until.checked_duration_since(Instant::now()) {
                Some(left) if !left.is_zero() => self.written.recv_timeout(left).ok(),
                _ => self.written.try_recv().ok(),
            };
            let w = got?;
            self.words.insert(w.id, w.bytes);
            self.results.insert(w.id, w.result);
        }
    }

    /// Is request `id` one the ended process may never have taken up? It has, when
    /// every byte written of it is still unread in its input: it never saw it. A
    /// request written in the same go as another after it, or after one the process
    /// answered, may have been read with that other (a buffered reader takes all that
    /// waits) by a process that then exited after its previous answer, as the protocol
    /// allows, as well as by one that died on `id`: that cannot be told, so it counts
    /// as not taken up too. Unknown (a word on a write did not come, or the pipe cannot
    /// be asked) counts as seen.
    fn never_read(&mut self, id: u64) -> bool {
        if id > self.first_sent {
            return true;
        }
        let until = Instant::now() + EXIT_GRACE;
        for n in id..=self.last_sent.max(id) {
            let _ = self.heard_from_writer(n, until.saturating_duration_since(Instant::now()));
        }
        let written: Option<Vec<u64>> = (id..=self.last_sent.max(id))
            .map(|n| self.words.get(&n).map(|&b| b as u64))
            .collect();
        let Some(written) = written else {
            return false;
        };
        let from_here: u64 = written.iter().sum();
        let after: u64 = written[1..].iter().sum();
        #[cfg(unix)]
        if let Some(input) = &self.input {
            return rustix::io::ioctl_fionread(input).is_ok_and(|n| n == from_here || n < after);
        }
        let _ = (from_here, after);
        false
    }

    /// Whether the process ended without reading the request it was last sent (it may
    /// have exited after its previous answer, as the protocol allows): that request
    /// is the next process's to answer, not this one's fault.
    fn left_unread(&self) -> bool {
        self.unread
    }

    /// Closes standard input (the writer closes its handle once its lines are out).
    fn close_input(&mut self) {
        self.requests = None;
        #[cfg(unix)]
        {
            self.input = None;
        }
    }

    /// One line of standard output, as the open request `id` hears it.
    fn hear(&self, line: &[u8], id: u64) -> Result<Heard, Fault> {
        let object = decode(line)?;
        match object.get("id").and_then(Value::as_u64) {
            Some(n) if n == id => Ok(Heard::Answer(object)),
            Some(n) if (self.first_id..id).contains(&n) => Ok(Heard::Stray),
            Some(n) => Err(garbage(format!(
                "the answer has id {n}, the request had id {id}"
            ))),
            None => match object.get("id") {
                Some(other) => Err(garbage(format!(
                    "the answer has id {}, the request had id {id}",
                    printable(&other.to_string(), 40)
                ))),
                None => Err(garbage(format!(
                    "the answer has no id: {}",
                    printable(&String::from_utf8_lossy(line), 200)
                ))),
            },
        }
    }

    /// Output that came while no request was open belongs to none: it is counted and
    /// dropped, so that the next request is judged on its own answer.
    fn drop_strays(&mut self) {
        while let Ok(event) = self.events.try_recv() {
            match event {
                Event::Line(_) => self.strays += 1,
                // The end of output, or an oversized line: the next wait sees the
                // process gone.
                Event::Eof | Event::Oversized(_) => break,
            }
        }
    }

    /// Writing the request failed: the program closed its standard input, exited or
    /// not.
    fn input_closed(&mut self, e: &std::io::Error, id: u64, deadline: Instant) -> Fault {
        let until = Instant::now() + EXIT_GRACE;
        while Instant::now() < until.min(deadline) {
            if let Ok(Some(status)) = self.child.try_wait() {
                return self.ended(status, id);
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        Fault::EarlyExit {
            detail: format!(
                "{} closed its standard input before reading the request ({e}){}",
                self.program,
                self.stderr_note()
            ),
        }
    }

    fn check_stderr(&self, limits: &Limits) -> Result<(), Fault> {
        let bytes = self
            .stderr
            .total
            .load(Ordering::SeqCst)
            .saturating_sub(self.stderr_mark);
        if bytes > limits.max_stderr as u64 {
            return Err(Fault::StderrFlood { bytes });
        }
        Ok(())
    }

    /// Standard output ended before an answer: how the process ended, waiting for it
    /// [`CLOSE_GRACE`] (within `deadline`); a process still running then has closed its
    /// standard output and answers nothing more.
    fn gone(&mut self, id: u64, deadline: Instant) -> Fault {
        let until = deadline.min(Instant::now() + CLOSE_GRACE);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return self.ended(status, id),
                Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(5)),
                Ok(None) => {
                    return Fault::EarlyExit {
                        detail: format!(
                            "{} closed its standard output without answering{}",
                            self.program,
                            self.stderr_note()
                        ),
                    }
                }
                Err(e) => {
                    return Fault::Crash {
                        detail: format!("cannot learn how {} ended: {e}", self.program),
                    }
                }
            }
        }
    }

    /// How the process ended, as the fault of request `id`; notes whether it had read
    /// any of it ([`Proc::left_unread`]).
    fn ended(&mut self, status: ExitStatus, id: u64) -> Fault {
        self.unread = self.never_read(id);
        // The process is gone, so its standard error is at its end: let the drain catch
        // up before quoting it (bounded: a child of the adapter may still hold it open).
        let until = Instant::now() + Duration::from_millis(200);
        while !self.stderr.done.load(Ordering::SeqCst) && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(2));
        }
        let note = self.stderr_note();
        if let Some(code) = status.code() {
            if code == 0 {
                return Fault::EarlyExit {
                    detail: format!("exited with status 0 before answering{note}"),
                };
            }
            return Fault::Crash {
                detail: format!("exited with status {code}{note}"),
            };
        }
        #[cfg(unix)]
        {
            use std::os::unix::process::ExitStatusExt;
            if let Some(signal) = status.signal() {
                return Fault::Crash {
                    detail: format!("killed by signal {signal}{}{note}", signal_name(signal)),
                };
            }
        }
        Fault::Crash {
            detail: format!("ended: {status}{note}"),
        }
    }

    fn stderr_note(&self) -> String {
        let tail = self.stderr.tail_text();
        if tail.is_empty() {
            String::new()
        } else {
            format!("; stderr: {tail}")
        }
    }

    fn is_running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// One-shot: after the answer, the program should exit on the end of its input.
    fn finish(mut self) {
        self.close_input();
        let deadline = Instant::now() + ONE_SHOT_GRACE;
        while Instant::now() < deadline {
            if !self.is_running() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        // Dropping kills and reaps it.
    }
}

impl Drop for Proc {
    /// The process, its group and every process that carries its marker are killed
    /// (what it started is ended too, whether it exited or not), and it is reaped.
    fn drop(&mut self) {
        self.close_input();
        lifetime::kill_tree(self.child.id(), &self.tag);
        let _ = self.child.kill();
        let _ = self.child.wait();
        lifetime::waited(self.child.id());
    }
}

/// The writer thread's word on one request line.
struct Written {
    id: u64,
    /// How many of its bytes went into the pipe.
    bytes: usize,
    result: std::io::Result<()>,
}

/// Writes each window of request lines to standard input in one go, saying after it, for
/// each line, whether it went and how much of it did. Ends when the requests end
/// (standard input is then closed) or a write fails.
fn write_lines(mut stdin: ChildStdin, windows: &Receiver<Window>, done: &Sender<Written>) {
    for window in windows {
        // One write: an adapter that takes what is waiting after its first line finds
        // the whole window there.
        let joined: Vec<u8>;
        let bytes: &[u8] = match window.as_slice() {
            [(_, line)] => line,
            _ => {
                joined = window.iter().flat_map(|(_, l)| l.iter().copied()).collect();
                &joined
            }
        };
        let (went, failure) = write_counted(&mut stdin, bytes);
        let mut at = 0;
        for (id, line) in &window {
            let bytes = went.saturating_sub(at).min(line.len());
            at += line.len();
            let result = match &failure {
                Some(e) if bytes < line.len() => Err(std::io::Error::new(e.kind(), e.to_string())),
                _ => Ok(()),
            };
            if done
                .send(Written {
                    id: *id,
                    bytes,
                    result,
                })
                .is_err()
            {
                return;
            }
        }
        if failure.is_some() {
            return;
        }
    }
}

/// Writes `bytes`: how many went, and the error that stopped the rest.
fn write_counted(stdin: &mut ChildStdin, bytes: &[u8]) -> (usize, Option<std::io::Error>) {
    let mut went = 0;
    while went < bytes.len() {
        match stdin.write(&bytes[went..]) {
            Ok(0) => return (went, Some(std::io::ErrorKind::WriteZero.into())),
            Ok(n) => went += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return (went, Some(e)),
        }
    }
    (went, None)
}

#[cfg(unix)]
fn signal_name(signal: i32) -> &'static str {
    match signal {
        1 => " (SIGHUP)",
        2 => " (SIGINT)",
        4 => " (SIGILL)",
        6 => " (SIGABRT)",
        7 => " (SIGBUS)",
        8 => " (SIGFPE)",
        9 => " (SIGKILL)",
        11 => " (SIGSEGV)",
        13 => " (SIGPIPE)",
        15 => " (SIGTERM)",
        _ => "",
    }
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// Reads standard output line by line. A line longer than `max_line` is reported as
/// `Oversized` and reading stops (the process is killed for it). A last line without a
/// newline counts as a line.
fn read_lines(out: impl Read, max_line: usize, tx: &SyncSender<Event>) {
    let mut reader = BufReader::with_capacity(64 * 1024, out);
    let mut line = Vec::new();
    loop {
        let buf = match reader.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => {
                let _ = tx.send(Event::Eof);
                return;
            }
        };
        if buf.is_empty() {
            if !line.is_empty() {
                let _ = tx.send(Event::Line(std::mem::take(&mut line)));
            }
            let _ = tx.send(Event::Eof);
            return;
        }
        let (used, complete) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => {
                line.extend_from_slice(&buf[..i]);
                (i + 1, true)
            }
            None => {
                line.extend_from_slice(buf);
                (buf.len(), false)
            }
        };
        reader.consume(used);
        if line.len() > max_line {
            let _ = tx.send(Event::Oversized(line.len() as u64));
            return;
        }
        if complete {
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            if tx.send(Event::Line(std::mem::take(&mut line))).is_err() {
                return;
            }
        }
    }
}

/// Drains standard error, counting it and keeping its end.
fn drain(err: impl Read, stderr: &Stderr) {
    drain_until_end(err, stderr);
    stderr.done.store(true, Ordering::SeqCst);
}

fn drain_until_end(mut err: impl Read, stderr: &Stderr) {
    let mut buf = [0u8; 8192];
    loop {
        match err.read(&mut buf) {
            Ok(0) => return,
            Ok(n) => {
                if let Ok(mut tail) = stderr.tail.lock() {
                    tail.extend_from_slice(&buf[..n]);
                    let excess = tail.len().saturating_sub(STDERR_TAIL);
                    tail.drain(..excess);
                }
                stderr.total.fetch_add(n as u64, Ordering::SeqCst);
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return,
        }
    }
}

fn garbage(detail: String) -> Fault {
    Fault::Garbage { detail }
}

/// One answer line: a JSON object (its id is the caller's to check).
fn decode(line: &[u8]) -> Result<Map<String, Value>, Fault> {
    let shown = printable(&String::from_utf8_lossy(line), 200);
    let text = std::str::from_utf8(line)
        .map_err(|_| garbage(format!("the answer is not UTF-8: {shown}")))?;
    let value: Value = serde_json::from_str(text)
        .map_err(|e| garbage(format!("the answer is not JSON ({e}): {shown}")))?;
    match value {
        Value::Object(object) => Ok(object),
        _ => Err(garbage(format!("the answer is not a JSON object: {shown}"))),
    }
}

/// The one answer key of an answer object, and its body object.
fn answer_body(object: &Map<String, Value>) -> Result<(&str, &Map<String, Value>), Fault> {
    let keys: Vec<&String> = object.keys().filter(|k| *k != "id").collect();
    let [key] = keys.as_slice() else {
        return Err(garbage(format!(
            "an answer has \"id\" and exactly one other key; this one has {keys:?}"
        )));
    };
    match object.get(key.as_str()) {
        Some(Value::Object(body)) => Ok((key.as_str(), body)),
        _ => Err(garbage(format!("\"{key}\" is not an object"))),
    }
}

fn string_field(body: &Map<String, Value>, answer: &str, field: &str) -> Result<String, Fault> {
    match body.get(field) {
        Some(Value::String(s)) => Ok(s.clone()),
        Some(_) => Err(garbage(format!("{answer}.{field} is not a string"))),
        None => Err(garbage(format!("{answer} has no \"{field}\""))),
    }
}

/// The `hello` answer, as an [`Info`].
fn hello_info(object: &Map<String, Value>, argv: &[String]) -> Result<Info, Fault> {
    let (key, body) = answer_body(object)?;
    if key != "hello" {
        return Err(garbage(format!(
            "the first answer must be \"hello\", not \"{}\"",
            printable(key, 40)
        )));
    }
    let name = string_field(body, "hello", "name")?;
    let version = string_field(body, "hello", "version")?;
    let model: Model = serde_json::from_value(body.get("model").cloned().unwrap_or_default())
        .map_err(|_| {
            garbage(format!(
                "hello.model is {}; it must be one of \"whatwg\", \"rfc3986\", \"urlparse\", \"curl\"",
                printable(&body.get("model").map(Value::to_string).unwrap_or_default(), 60)
            ))
        })?;
    let operations = serde_json::from_value::<Vec<Operation>>(
        body.get("operations").cloned().unwrap_or_default(),
    )
    .ok()
    .filter(|ops| ops.iter().all(|op| op.on_the_wire()))
    .ok_or_else(|| {
        garbage("hello.operations must be a list of \"parse\", \"resolve\" and \"links\"".into())
    })?;
    if name.is_empty() {
        return Err(garbage("hello.name is empty".into()));
    }
    Ok(Info {
        name: printable(&name, 100),
        version: printable(&version, 200),
        model,
        operations,
        argv: Some(argv.to_vec()),
    })
}

/// A request's answer object, as an [`Answer`].
fn request_answer(object: &Map<String, Value>, op: Operation) -> Result<Answer, Fault> {
    let (key, body) = answer_body(object)?;
    match (key, op) {
        ("parsed", Operation::Parse) => {
            let Some(Value::Object(components)) = body.get("components") else {
                return Err(garbage("parsed has no \"components\" object".into()));
            };
            let mut parts = Parts::new();
            for (name, value) in components {
                let value = match value {
                    Value::String(s) => Some(s.clone()),
                    Value::Null => None,
                    other => {
                        return Err(garbage(format!(
                            "component {name:?} is {other}; components are strings or null"
                        )))
                    }
                };
                parts.insert(name.clone(), value);
            }
            Ok(Answer::Parsed { components: parts })
        }
        ("resolved", Operation::Resolve) => Ok(Answer::Resolved {
            result: string_field(body, "resolved", "result")?,
        }),
        ("links", Operation::Links) => links_answer(body).map(|links| Answer::Links { links }),
        ("rejected", _) => Ok(Answer::Rejected {
            message: string_field(body, "rejected", "message")?,
        }),
        ("unsupported", _) => Ok(Answer::Unsupported {
            why: string_field(body, "unsupported", "why")?,
        }),
        ("parsed" | "resolved" | "links", _) => Err(garbage(format!(
            "\"{key}\" does not answer a {} request",
            op.name()
        ))),
        _ => Err(garbage(format!(
            "unknown answer \"{}\"",
            printable(key, 40)
        ))),
    }
}

/// The body of a `links` answer: `{"links": [{"href": STRING, "result": STRING or
/// null}, ...]}`.
fn links_answer(body: &Map<String, Value>) -> Result<Vec<LinkAnswer>, Fault> {
    let Some(Value::Array(items)) = body.get("links") else {
        return Err(garbage("links has no \"links\" list".into()));
    };
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let Value::Object(link) = item else {
                return Err(garbage(format!("links.links[{i}] is not an object")));
            };
            let href = string_field(link, &format!("links.links[{i}]"), "href")?;
            let result = match link.get("result") {
                Some(Value::String(s)) => Some(s.clone()),
                Some(Value::Null) => None,
                Some(other) => {
                    return Err(garbage(format!(
                        "links.links[{i}].result is {}; it is a string or null",
                        printable(&other.to_string(), 40)
                    )))
                }
                None => return Err(garbage(format!("links.links[{i}] has no \"result\""))),
            };
            Ok(LinkAnswer { href, result })
        })
        .collect()
}

/// A fault as one line, for messages about a start that failed.
pub fn describe(fault: &Fault) -> String {
    match fault {
        Fault::Spawn { detail } => format!("cannot start: {detail}"),
        Fault::Crash { detail } => format!("crashed: {detail}"),
        Fault::Timeout { after_ms } => format!("no answer within {after_ms} ms"),
        Fault::EarlyExit { detail } => format!("exited early: {detail}"),
        Fault::Garbage { detail } => format!("not the protocol: {detail}"),
        Fault::Oversized { bytes } => format!("an answer line of more than {bytes} bytes"),
        Fault::StderrFlood { bytes } => format!("{bytes} bytes on standard error"),
    }
}

/// A request as the protocol carries it: UTF-8 strings, or the reason it cannot be sent.
fn utf8<'a>(what: &str, bytes: &'a [u8]) -> Result<&'a str, Answer> {
    std::str::from_utf8(bytes).map_err(|_| Answer::Unsupported {
        why: format!("the {what} is not UTF-8, and protocol v1 carries only UTF-8 strings"),
    })
}

/// The answer the harness gives itself when an operation is not in the hello.
/// What the two process adapters differ in: how a request reaches a process. What
/// they share (checking the operation and the bytes before sending) is the blanket
/// `Engine` below.
trait Exchange {
    fn info(&self) -> &Info;
    fn ask(&mut self, request: Request, op: Operation) -> Answer;
    /// Answers `requests`, in order, one answer each; one at a time unless the mode
    /// can do better.
    fn ask_many(&mut self, requests: &[(Request, Operation)]) -> Vec<Answer> {
        requests
            .iter()
            .map(|(request, op)| self.ask(request.clone(), *op))
            .collect()
    }
}

impl<T: Exchange> Engine for T {
    fn info(&self) -> &Info {
        Exchange::info(self)
    }

    fn answer(&mut self, request: &crate::ask::Request) -> Answer {
        match wire(Exchange::info(self), request) {
            Ok((request, op)) => self.ask(request, op),
            Err(answer) => answer,
        }
    }

    fn answer_many(&mut self, requests: &[crate::ask::Request]) -> Vec<Answer> {
        let info = Exchange::info(self);
        let who = info.name.clone();
        let wired = requests.iter().map(|r| wire(info, r)).collect();
        crate::ask::put_together(wired, &who, |sent| self.ask_many(&sent))
    }
}

/// `request` as protocol v1 carries it, and its operation; or the answer the harness
/// gives itself when it cannot be sent (bytes that are not UTF-8, a document that is
/// not plain HTML, an operation the protocol does not carry).
fn wire<'a>(
    info: &Info,
    request: &crate::ask::Request<'a>,
) -> Result<(Request<'a>, Operation), Answer> {
    use crate::ask::Request as Asked;
    match *request {
        Asked::Parse { input } => Ok((Request::Parse(utf8("input", input)?), Operation::Parse)),
        Asked::Resolve { base, reference } => {
            match (utf8("base", base), utf8("reference", reference)) {
                (Ok(base), Ok(reference)) => {
                    Ok((Request::Resolve(base, reference), Operation::Resolve))
                }
                (Err(answer), _) | (_, Err(answer)) => Err(answer),
            }
        }
        Asked::Links {
            document,
            format,
            context,
        } => {
            let document = crate::ask::html_document(document, format, context).map_err(|why| {
                Answer::Unsupported {
                    why: why.to_string(),
                }
            })?;
            let document = utf8("document", document)?;
            let urls = context
                .retrieved_from
                .iter()
                .map(|u| utf8("retrieval URL", u))
                .collect::<Result<Vec<&str>, Answer>>()?;
            Ok((Request::Links(document, urls), Operation::Links))
        }
        _ => Err(crate::ask::not_offered(info, request)),
    }
}

/// Starts a process and does the hello. A hello that does not come within the time
/// limit is a start that failed, said as such.
fn start(argv: &[String], limits: &Limits, close: bool) -> Result<(Proc, Info), Fault> {
    let mut proc = Proc::spawn(argv, limits, 0)?;
    let object = proc
        .exchange(&Request::Hello, 0, close, limits)
        .map_err(|fault| match fault {
            Fault::Timeout { after_ms } => Fault::Spawn {
                detail: format!(
                    "{} gave no answer to its hello within {after_ms} ms",
                    printable(&proc.program, 200)
                ),
            },
            other => other,
        })?;
    let info = hello_info(&object, argv)?;
    Ok((proc, info))
}

/// How often a failed restart is tried again, and the wait before each try: a restart
/// whose hello times out once (a loaded machine) does not end the adapter's run.
const RESTART_BACKOFF: [Duration; 3] = [
    Duration::from_millis(100),
    Duration::from_millis(500),
    Duration::from_millis(2000),
];

/// A long-lived adapter process: `hello` once, then the requests. After a fault the
/// process is killed; the next request starts a new one (with its own hello), retried
/// with backoff ([`RESTART_BACKOFF`]) before the adapter is given up.
///
/// Requests asked together ([`crate::ask::ask_many`]) are written a window at a time
/// ([`WINDOW`] requests, [`WINDOW_BYTES`] bytes) before their answers are read, in
/// order; each answer has the whole time limit from the previous one, and every limit
/// holds per request as when they are asked one by one. A fault in a window is the
/// answer of the request it came on; the process is killed as after any fault, and the
/// requests after it go to a new process. A request that fits no window with another
/// is asked alone, as [`Engine::answer`] asks.
pub struct Persistent {
    argv: Vec<String>,
    limits: Limits,
    info: Info,
    proc: Option<Proc>,
    next_id: u64,
    restarts: u64,
    /// Lines of earlier processes nobody asked for.
    strays: u64,
    /// Set when every restart failed: every later answer is `Fault::Spawn` with this.
    given_up: Option<String>,
    /// The last process ended without reading the request it was sent.
    unread: bool,
}

impl Persistent {
    /// Starts the program and does the hello. A program that cannot start, or whose
    /// hello is not the protocol, gives the fault.
    pub fn start(argv: Vec<String>, limits: Limits) -> Result<Persistent, Fault> {
        let (proc, info) = start(&argv, &limits, false)?;
        Ok(Persistent {
            argv,
            limits,
            info,
            proc: Some(proc),
            next_id: 1,
            restarts: 0,
            strays: 0,
            given_up: None,
            unread: false,
        })
    }

    /// Reports under `name` instead of the name the hello gave (a registry name or
    /// profile).
    pub fn rename(&mut self, name: &str) {
        self.info.name = name.to_string();
    }

    /// How many times the process was started again after a fault or an exit.
    pub fn restarts(&self) -> u64 {
        self.restarts
    }

    /// How many lines the adapter wrote that answered no open request (a second answer,
    /// output between requests): dropped, never charged to another request.
    pub fn strays(&self) -> u64 {
        self.strays + self.proc.as_ref().map_or(0, |p| p.strays)
    }

    /// A new process for the next request, tried again with backoff; the reason when
    /// every try failed.
    fn restart(&mut self) -> Result<Proc, Error> {
        let mut tries = Vec::new();
        for wait in std::iter::once(Duration::ZERO).chain(RESTART_BACKOFF) {
            std::thread::sleep(wait);
            match start(&self.argv, &self.limits, false) {
                Ok((mut proc, _)) => {
                    proc.first_id = self.next_id;
                    return Ok(proc);
                }
                Err(fault) => tries.push(describe(&fault)),
            }
        }
        Err(format!(
            "the adapter was given up: {} restarts failed ({})",
            tries.len(),
            tries.join("; ")
        )
        .into())
    }
}

impl Exchange for Persistent {
    fn info(&self) -> &Info {
        &self.info
    }

    fn ask(&mut self, request: Request, op: Operation) -> Answer {
        let answer = self.ask_once(&request, op);
        // A process that exited after its last answer (which the protocol allows) may
        // have been sent this request before its exit was seen: it never read it, so
        // the request goes to a new process, once. A process that read it and ended is
        // charged with it; so is the new process if it too ends without reading it.
        if matches!(answer, Answer::Fault { .. }) && std::mem::take(&mut self.unread) {
            let again = self.ask_once(&request, op);
            self.unread = false;
            return again;
        }
        answer
    }

    fn ask_many(&mut self, requests: &[(Request, Operation)]) -> Vec<Answer> {
        let mut answers = Vec::with_capacity(requests.len());
        while answers.len() < requests.len() {
            self.ask_window(&requests[answers.len()..], &mut answers);
        }
        answers
    }
}

impl Persistent {
    /// One try at `request`: on the running process, or on a new one.
    fn ask_once(&mut self, request: &Request, op: Operation) -> Answer {
        let id = self.next_id;
        let limits = self.limits;
        let heard = match self.running() {
            Ok(running) => running
                .exchange(request, id, false, &limits)
                .and_then(|object| request_answer(&object, op)),
            Err(answer) => return answer,
        };
        self.next_id += 1;
        match heard {
            Ok(answer) => answer,
            Err(fault) => self.retire(fault),
        }
    }

    /// The running process: the one there, or a new one; the answer every request gets
    /// when none can be had.
    fn running(&mut self) -> Result<&mut Proc, Answer> {
        if let Some(detail) = &self.given_up {
            return Err(Answer::Fault {
                fault: Fault::Spawn {
                    detail: detail.clone(),
                },
            });
        }
        if !self.proc.as_mut().is_some_and(Proc::is_running) {
            if let Some(old) = self.proc.take() {
                self.strays += old.strays;
            }
        }
        let proc = match self.proc.take() {
            Some(proc) => proc,
            None => match self.restart() {
                Ok(proc) => {
                    self.restarts += 1;
                    proc
                }
                Err(detail) => {
                    self.given_up = Some(detail.to_string());
                    return Err(Answer::Fault {
                        fault: Fault::Spawn {
                            detail: detail.to_string(),
                        },
                    });
                }
            },
        };
        Ok(self.proc.insert(proc))
    }

    /// `fault` as the open request's answer; the process is killed and reaped (with all
    /// it started), and the next request starts a new one.
    fn retire(&mut self, fault: Fault) -> Answer {
        if let Some(old) = self.proc.take() {
            self.strays += old.strays;
            self.unread = old.left_unread();
        }
        Answer::Fault { fault }
    }

    /// Asks the first requests of `rest` that fit in one window, all written before
    /// their answers are read, and pushes their answers: every one of them, or those
    /// up to a fault and the fault's. At least one.
    fn ask_window(&mut self, rest: &[(Request, Operation)], answers: &mut Vec<Answer>) {
        // The lines are made before the clock starts, with the ids they will be sent
        // under (a restart takes the next id as its first).
        let mut lines = Vec::new();
        let mut bytes = 0;
        for (id, (request, _)) in (self.next_id..).zip(rest.iter().take(WINDOW)) {
            let line = request.line(id).into_bytes();
            if !lines.is_empty() && bytes + line.len() > WINDOW_BYTES {
                break;
            }
            bytes += line.len();
            lines.push((id, line));
        }
        if lines.len() == 1 {
            let (request, op) = &rest[0];
            answers.push(self.ask(request.clone(), *op));
            return;
        }
        let limits = self.limits;
        let proc = match self.running() {
            Ok(proc) => proc,
            Err(answer) => {
                // Given up: every later request is answered so, without trying again.
                answers.extend(std::iter::repeat_n(answer, lines.len()));
                return;
            }
        };
        let ids: Vec<u64> = lines.iter().map(|(id, _)| *id).collect();
        let mut deadline = Instant::now() + limits.timeout;
        let sent = proc.send(lines, false);
        let mut failed = None;
        for (k, (&id, (_, op))) in ids.iter().zip(rest).enumerate() {
            let heard = if k == 0 && !sent {
                Err(proc.gone(id, deadline))
            } else {
                proc.receive(id, deadline, &limits)
            };
            match heard.and_then(|object| request_answer(&object, *op)) {
                Ok(answer) => {
                    answers.push(answer);
                    deadline = Instant::now() + limits.timeout;
                }
                Err(fault) => {
                    failed = Some((k, fault));
                    break;
                }
            }
        }
        self.next_id += ids.len() as u64;
        let Some((k, fault)) = failed else {
            return;
        };
        let answer = self.retire(fault);
        // As `ask` does: a request the process may never have taken up goes to a new
        // process, once.
        if std::mem::take(&mut self.unread) {
            let (request, op) = &rest[k];
            let again = self.ask_once(request, *op);
            self.unread = false;
            answers.push(again);
        } else {
            answers.push(answer);
        }
    }
}

/// One process per request: the hello in its own process, then each request in a new
/// one, which reads one line, answers it and exits.
pub struct OneShot {
    argv: Vec<String>,
    limits: Limits,
    info: Info,
    next_id: u64,
}

impl OneShot {
    /// Runs the program once for the hello.
    pub fn new(argv: Vec<String>, limits: Limits) -> Result<OneShot, Fault> {
        let (proc, info) = start(&argv, &limits, true)?;
        proc.finish();
        Ok(OneShot {
            argv,
            limits,
            info,
            next_id: 1,
        })
    }

    /// Reports under `name` instead of the name the hello gave.
    pub fn rename(&mut self, name: &str) {
        self.info.name = name.to_string();
    }
}

impl Exchange for OneShot {
    fn info(&self) -> &Info {
        &self.info
    }

    fn ask(&mut self, request: Request, op: Operation) -> Answer {
        let id = self.next_id;
        self.next_id += 1;
        let mut proc = match Proc::spawn(&self.argv, &self.limits, id) {
            Ok(proc) => proc,
            Err(fault) => return Answer::Fault { fault },
        };
        let answer = proc
            .exchange(&request, id, true, &self.limits)
            .and_then(|object| request_answer(&object, op));
        match answer {
            Ok(answer) => {
                proc.finish();
                answer
            }
            Err(fault) => Answer::Fault { fault },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_decode_by_the_protocol() {
        let o = decode(br#"{"id": 3, "parsed": {"components": {"a": "x", "b": null}}}"#).unwrap();
        let Answer::Parsed { components } = request_answer(&o, Operation::Parse).unwrap() else {
            panic!("not parsed")
        };
        assert_eq!(components["a"].as_deref(), Some("x"));
        assert_eq!(components["b"], None);
        // Not JSON, not an object, two answers in one, a number as a component.
        assert!(matches!(decode(b"nope"), Err(Fault::Garbage { .. })));
        assert!(matches!(decode(b"[1]"), Err(Fault::Garbage { .. })));
        let two =
            decode(br#"{"id":1,"rejected":{"message":"m"},"unsupported":{"why":"w"}}"#).unwrap();
        assert!(request_answer(&two, Operation::Parse).is_err());
        let num = decode(br#"{"id":1,"parsed":{"components":{"port":80}}}"#).unwrap();
        assert!(request_answer(&num, Operation::Parse).is_err());
        // "resolved" does not answer a parse.
        let r = decode(br#"{"id":1,"resolved":{"result":"x"}}"#).unwrap();
        assert!(request_answer(&r, Operation::Parse).is_err());
    }

    #[test]
    fn links_answers_decode_by_the_protocol() {
        let o = decode(
            br#"{"id":2,"links":{"links":[{"href":"../x","result":"http://a/x"},{"href":"g","result":null}],"blocked":[]}}"#,
        )
        .unwrap();
        let Answer::Links { links } = request_answer(&o, Operation::Links).unwrap() else {
            panic!("not links")
        };
        assert_eq!(
            links,
            vec![
                LinkAnswer {
                    href: "../x".into(),
                    result: Some("http://a/x".into())
                },
                LinkAnswer {
                    href: "g".into(),
                    result: None
                },
            ]
        );
        // An empty list is an answer; rejected and unsupported answer links too.
        let none = decode(br#"{"id":2,"links":{"links":[]}}"#).unwrap();
        assert_eq!(
            request_answer(&none, Operation::Links).unwrap(),
            Answer::Links { links: vec![] }
        );
        let u = decode(br#"{"id":2,"unsupported":{"why":"w"}}"#).unwrap();
        assert!(request_answer(&u, Operation::Links).is_ok());
        // Malformed: no list, a number for a href, a result that is neither string nor
        // null, a missing result, an entry that is not an object; links to a parse and
        // resolved to links.
        for bad in [
            &br#"{"id":2,"links":{}}"#[..],
            br#"{"id":2,"links":{"links":{"href":"g"}}}"#,
            br#"{"id":2,"links":{"links":[{"href":7,"result":null}]}}"#,
            br#"{"id":2,"links":{"links":[{"href":"g","result":1}]}}"#,
            br#"{"id":2,"links":{"links":[{"href":"g"}]}}"#,
            br#"{"id":2,"links":{"links":["g"]}}"#,
        ] {
            let o = decode(bad).unwrap();
            let e = request_answer(&o, Operation::Links);
            assert!(
                matches!(e, Err(Fault::Garbage { .. })),
                "{}: {e:?}",
                String::from_utf8_lossy(bad)
            );
        }
        let l = decode(br#"{"id":1,"links":{"links":[]}}"#).unwrap();
        assert!(request_answer(&l, Operation::Parse).is_err());
        let r = decode(br#"{"id":1,"resolved":{"result":"x"}}"#).unwrap();
        assert!(request_answer(&r, Operation::Links).is_err());
    }

    #[test]
    fn a_links_request_carries_the_attribute_table() {
        let line = Request::Links("<a href=g>", vec!["http://a/b", "http://c/d"]).line(4);
        let v: Value = serde_json::from_str(&line).unwrap();
        assert_eq!(v["op"], "links");
        assert_eq!(v["document"], "<a href=g>");
        assert_eq!(v["retrieved_from"], json!(["http://a/b", "http://c/d"]));
        assert_eq!(v["attributes"][0], json!(["a", "href"]));
        assert_eq!(
            v["attributes"].as_array().map(Vec::len),
            Some(crate::page::html::URL_ATTRIBUTES.len())
        );
    }

    #[test]
    fn hello_needs_a_known_model() {
        let o = decode(br#"{"id":0,"hello":{"name":"n","version":"1","model":"rfc3986","operations":["parse"]}}"#)
        .unwrap();
        let info = hello_info(&o, &["x".into()]).unwrap();
        assert_eq!(info.model, Model::Rfc3986);
        assert_eq!(info.operations, vec![Operation::Parse]);
        let bad = decode(
            br#"{"id":0,"hello":{"name":"n","version":"1","model":"rfc9999","operations":[]}}"#,
        )
        .unwrap();
        assert!(hello_info(&bad, &[]).is_err());
    }

    #[test]
    fn hello_offers_only_what_the_protocol_carries() {
        for (ops, ok) in [
            ("[\"parse\",\"resolve\",\"links\"]", true),
            ("[\"extract\"]", false),
            ("[\"parse\",\"normalize\"]", false),
            ("[\"base\"]", false),
            ("[\"Parse\"]", false),
        ] {
            let line = format!(
                r#"{{"id":0,"hello":{{"name":"n","version":"1","model":"rfc3986","operations":{ops}}}}}"#
            );
            let answer = hello_info(&decode(line.as_bytes()).unwrap(), &[]);
            assert_eq!(answer.is_ok(), ok, "{ops}");
            if let Err(Fault::Garbage { detail }) = answer {
                assert!(
                    detail.contains("hello.operations must be a list of"),
                    "{detail}"
                );
            }
        }
    }
}
