//! `fake-adapter MODE`: a test adapter speaking protocol v1 (see `ADAPTERS.md`), which
//! misbehaves on purpose. It answers every line of standard input until EOF, so it
//! serves persistent and one-shot mode alike. Pure Rust, standard library only.
//!
//! Normal answers: `parse` gives `{"whole": INPUT}` (model rfc3986), `resolve` gives the
//! reference itself. Modes:
//!
//! | mode | behaviour |
//! |---|---|
//! | `accept` | parses everything; does not list `resolve` in its hello |
//! | `echo-resolve` | parses everything; resolves to the reference |
//! | `reject` | rejects everything with the message `fake rejects INPUT` |
//! | `crash-on:X` | aborts (SIGABRT) when the input (or reference) is X |
//! | `hang-on:X` | sleeps forever when it is X |
//! | `garbage-on:X` | prints a line that is not JSON when it is X |
//! | `huge-on:X` | prints a 10 MiB answer line when it is X |
//! | `exit-early-on:X` | exits with status 0 without answering when it is X |
//! | `exit-1-on:X` | exits with status 1 without answering when it is X |
//! | `stderr-flood` | writes 4 MiB to standard error before every answer |
//! | `stderr-flood-on:X` | the same, only when it is X |
//! | `wrong-id` | answers every request (not the hello) with the wrong id |
//! | `wrong-id-on:X` | the same, only when it is X |
//! | `no-hello` | answers the hello with `unsupported` instead of `hello` |
//! | `hang-hello` | never answers the hello |
//! | `deaf` | answers the hello, then never reads again (a large request blocks the writer) |
//! | `no-read` | answers the hello, then prints answers with id 0 for ever, reading nothing |
//! | `dup` | answers every request twice |
//! | `close-stdin` | answers the hello, closes its standard input and waits |
//! | `env` | parses to `{"whole": "NAME,NAME,..."}`: the names in its environment, sorted |
//! | `orphan-on:X` | on X: starts a child that holds standard output and sleeps, then exits 0 |
//! | `setsid-child` | on its first request: starts a child in a session of its own that sleeps; answers every request |
//! | `child:FLAGS` | the same, the child as FLAGS say (comma-separated): `setsid` (a session of its own), `clean` (an empty environment: no marker), `nodump` (not dumpable, so that another user's process cannot read its environment) |
//! | `exit-after:MS` | answers each request (not the hello), waits MS milliseconds and exits with status 0 without reading again; appends each input it read to PIDFILE |
//! | `quit-after-hello` | answers the hello and exits with status 0 |
//! | `close-stdout` | answers the hello, closes its standard output and waits |
//! | `read-fd:N` | parses to `{"whole": TEXT}`: what it reads from its descriptor N, or `closed` |
//! | `named:NAME` | echo-resolve, with NAME as the name in its hello |
//! | `slow:MS` | waits MS milliseconds before every answer |
//! | `linger:FLAGS` | (the children above) does what FLAGS say, and sleeps |
//! | `links` | also lists `links`, and answers it with one link: the document as its `href`, `result` null |
//! | `waiting` | parses to `{"whole": INPUT, "waiting": "N"}`: N the request lines it had read ahead (up to 64 KiB) when it took this one |
//! | `bad-links` | also lists `links`, and answers it with a link whose `href` is a number |
//!
//! A second argument, PIDFILE, is where the modes that start children append each
//! child's pid, one per line; a third, DELAY_MS, is a wait before every answer. With any
//! mode but `accept`, the hello lists parse and resolve; `links` and `bad-links` list
//! links too.

use std::io::{BufRead, BufReader, Write};

fn main() {
    let mode = std::env::args().nth(1).unwrap_or_else(|| "accept".into());
    let pidfile = std::env::args().nth(2).filter(|p| !p.is_empty());
    let delay: u64 = std::env::args()
        .nth(3)
        .and_then(|d| d.parse().ok())
        .unwrap_or(0);
    let mut children = 0;
    if let Some(flags) = mode.strip_prefix("linger:") {
        linger(flags);
    }
    let (kind, trigger) = match mode.split_once(':') {
        Some((k, t)) => (
            k.strip_suffix("-on").unwrap_or(k).to_string(),
            Some(t.to_string()),
        ),
        None => (mode.clone(), None),
    };
    let mut out = std::io::stdout().lock();
    // 64 KiB: a whole window of the harness's fits, for `waiting` to count.
    let mut input = BufReader::with_capacity(1 << 16, std::io::stdin().lock());
    loop {
        let mut line = String::new();
        match input.read_line(&mut line) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        if line.ends_with('\n') {
            line.pop();
            if line.ends_with('\r') {
                line.pop();
            }
        }
        let waiting = input.buffer().iter().filter(|&&b| b == b'\n').count();
        let request = match parse_object(&line) {
            Some(r) => r,
            None => {
                answer(
                    &mut out,
                    "null",
                    r#"{"unsupported":{"why":"request is not JSON"}}"#,
                );
                continue;
            }
        };
        let id = get(&request, "id").unwrap_or("null").to_string();
        let op = get(&request, "op").unwrap_or("");
        if op == "hello" {
            if kind == "hang-hello" {
                sleep_for_ever()
            }
            if kind == "no-hello" {
                answer(&mut out, &id, r#"{"unsupported":{"why":"no hello here"}}"#);
                continue;
            }
            let ops = match kind.as_str() {
                "accept" => r#"["parse"]"#,
                "links" | "bad-links" => r#"["parse","resolve","links"]"#,
                _ => r#"["parse","resolve"]"#,
            };
            let name = match (kind.as_str(), &trigger) {
                ("named", Some(name)) => name.clone(),
                _ => format!("fake-{kind}"),
            };
            let body = format!(
                r#"{{"hello":{{"name":"{}","version":"fake-adapter 1","model":"rfc3986","operations":{ops}}}}}"#,
                escape(&name)
            );
            answer(&mut out, &id, &body);
            match kind.as_str() {
                "deaf" => sleep_for_ever(),
                "quit-after-hello" => std::process::exit(0),
                "close-stdout" => {
                    close_fd(1);
                    sleep_for_ever()
                }
                "no-read" => loop {
                    answer(&mut out, "0", r#"{"rejected":{"message":"not reading"}}"#);
                },
                "close-stdin" => {
                    close_stdin();
                    sleep_for_ever()
                }
                _ => {}
            }
            continue;
        }
        let subject = match op {
            "parse" => get(&request, "input").unwrap_or(""),
            "resolve" => get(&request, "reference").unwrap_or(""),
            "links" => get(&request, "document").unwrap_or(""),
            _ => "",
        };
        if kind == "exit-after" {
            if let Some(path) = pidfile.as_deref() {
                append_line(path, subject);
            }
        }
        let hit = match &trigger {
            _ if matches!(
                kind.as_str(),
                "slow" | "exit-after" | "child" | "read-fd" | "named"
            ) =>
            {
                true
            }
            Some(t) => t == subject,
            None => true,
        };
        if delay > 0 {
            std::thread::sleep(std::time::Duration::from_millis(delay));
        }
        if kind == "slow" {
            let ms = trigger
                .as_deref()
                .and_then(|t| t.parse().ok())
                .unwrap_or(10);
            std::thread::sleep(std::time::Duration::from_millis(ms));
        }
        if hit {
            match kind.as_str() {
                "crash" => std::process::abort(),
                "hang" => loop {
                    std::thread::sleep(std::time::Duration::from_secs(3600));
                },
                "garbage" => {
                    let _ = writeln!(out, "this is not JSON {{");
                    let _ = out.flush();
                    continue;
                }
                "huge" => {
                    let big = "a".repeat(10 << 20);
                    let body = format!(r#"{{"parsed":{{"components":{{"whole":"{big}"}}}}}}"#);
                    answer(&mut out, &id, &body);
                    continue;
                }
                "exit-early" => std::process::exit(0),
                "orphan" => {
                    start_child("", pidfile.as_deref());
                    std::process::exit(0)
                }
                "setsid-child" if children == 0 => {
                    children += 1;
                    start_child("setsid", pidfile.as_deref());
                }
                "child" if children == 0 => {
                    children += 1;
                    start_child(trigger.as_deref().unwrap_or(""), pidfile.as_deref());
                }
                "slow" => {}
                "exit-1" => {
                    eprintln!("fake-adapter: exiting with status 1 on purpose");
                    std::process::exit(1)
                }
                "stderr-flood" => {
                    let chunk = "e".repeat(64 * 1024);
                    let mut err = std::io::stderr().lock();
                    for _ in 0..64 {
                        if err.write_all(chunk.as_bytes()).is_err() {
                            break;
                        }
                    }
                    let _ = err.flush();
                }
                "wrong-id" => {
                    let wrong = id.parse::<u64>().map(|n| n + 1000).unwrap_or(999);
                    answer(
                        &mut out,
                        &wrong.to_string(),
                        r#"{"rejected":{"message":"wrong id"}}"#,
                    );
                    continue;
                }
                _ => {}
            }
        }
        let body = match op {
            "parse" if kind == "read-fd" => {
                let fd = trigger.as_deref().unwrap_or("");
                let text = std::fs::read_to_string(format!("/dev/fd/{fd}"))
                    .unwrap_or_else(|_| "closed".into());
                format!(
                    r#"{{"parsed":{{"components":{{"whole":"{}"}}}}}}"#,
                    escape(&text)
                )
            }
            "parse" if kind == "waiting" => format!(
                r#"{{"parsed":{{"components":{{"whole":"{}","waiting":"{waiting}"}}}}}}"#,
                escape(subject)
            ),
            "parse" if kind == "env" => {
                let mut names: Vec<String> = std::env::vars_os()
                    .map(|(k, _)| k.to_string_lossy().into_owned())
                    .collect();
                names.sort();
                format!(
                    r#"{{"parsed":{{"components":{{"whole":"{}"}}}}}}"#,
                    escape(&names.join(","))
                )
            }
            _ if kind == "reject" => format!(
                r#"{{"rejected":{{"message":"fake rejects {}"}}}}"#,
                escape(subject)
            ),
            "parse" => format!(
                r#"{{"parsed":{{"components":{{"whole":"{}"}}}}}}"#,
                escape(subject)
            ),
            "resolve" => format!(r#"{{"resolved":{{"result":"{}"}}}}"#, escape(subject)),
            "links" if kind == "bad-links" => {
                r#"{"links":{"links":[{"href":7,"result":null}]}}"#.to_string()
            }
            "links" => format!(
                r#"{{"links":{{"links":[{{"href":"{}","result":null}}]}}}}"#,
                escape(subject)
            ),
            _ => r#"{"unsupported":{"why":"unknown op"}}"#.to_string(),
        };
        answer(&mut out, &id, &body);
        if kind == "dup" {
            answer(&mut out, &id, &body);
        }
        if kind == "exit-after" {
            let ms = trigger.as_deref().and_then(|t| t.parse().ok()).unwrap_or(0);
            std::thread::sleep(std::time::Duration::from_millis(ms));
            std::process::exit(0);
        }
    }
}

fn sleep_for_ever() -> ! {
    loop {
        std::thread::sleep(std::time::Duration::from_secs(3600));
    }
}

/// Starts `fake-adapter linger:FLAGS`, which inherits standard output and error (and,
/// with `clean` in FLAGS, no environment), and appends its pid to `pidfile`.
fn start_child(flags: &str, pidfile: Option<&str>) {
    let Ok(me) = std::env::current_exe() else {
        return;
    };
    let mut cmd = std::process::Command::new(me);
    cmd.arg(format!("linger:{flags}"))
        .stdin(std::process::Stdio::null());
    if flags.split(',').any(|f| f == "clean") {
        cmd.env_clear();
    }
    let Ok(child) = cmd.spawn() else {
        return;
    };
    if let Some(path) = pidfile {
        append_line(path, &child.id().to_string());
    }
}

fn append_line(path: &str, line: &str) {
    if let Ok(mut f) = std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
    {
        let _ = writeln!(f, "{line}");
    }
}

fn linger(flags: &str) -> ! {
    let flags: Vec<&str> = flags.split(',').collect();
    #[cfg(unix)]
    if flags.contains(&"setsid") {
        let _ = nix::unistd::setsid();
    }
    #[cfg(target_os = "linux")]
    if flags.contains(&"nodump") {
        let _ = nix::sys::prctl::set_dumpable(false);
    }
    let _ = flags;
    sleep_for_ever()
}

fn close_stdin() {
    close_fd(0);
}

/// Closes one of the standard descriptors.
fn close_fd(fd: i32) {
    #[cfg(unix)]
    // SAFETY: the descriptor is one of the standard three, which this program does not
    // use again once it has closed it.
    unsafe {
        nix::libc::close(fd);
    }
}

/// Writes `{"id": ID, ...body}` as one line. `body` is an object whose braces are
/// opened here.
fn answer(out: &mut impl Write, id: &str, body: &str) {
    let inner = body.strip_prefix('{').unwrap_or(body);
    let _ = writeln!(out, r#"{{"id":{id},{inner}"#);
    let _ = out.flush();
}

fn get<'a>(object: &'a [(String, String)], key: &str) -> Option<&'a str> {
    object
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

/// JSON string contents.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// A flat JSON object of strings, numbers (kept as their text) and arrays (kept as their
/// text, unread): enough for protocol v1 requests.
fn parse_object(text: &str) -> Option<Vec<(String, String)>> {
    let mut p = Parser {
        chars: text.chars().collect(),
        at: 0,
    };
    p.ws();
    p.eat('{')?;
    let mut fields = Vec::new();
    p.ws();
    if p.eat('}').is_some() {
        return Some(fields);
    }
    loop {
        p.ws();
        let key = p.string()?;
        p.ws();
        p.eat(':')?;
        p.ws();
        let value = match p.peek() {
            Some('"') => p.string()?,
            Some('[') => p.array()?,
            _ => p.scalar()?,
        };
        fields.push((key, value));
        p.ws();
        if p.eat(',').is_some() {
            continue;
        }
        p.eat('}')?;
        return Some(fields);
    }
}

struct Parser {
    chars: Vec<char>,
    at: usize,
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn eat(&mut self, c: char) -> Option<()> {
        (self.peek() == Some(c)).then(|| self.at += 1)
    }

    fn ws(&mut self) {
        while self.peek().is_some_and(|c| c.is_ascii_whitespace()) {
            self.at += 1;
        }
    }

    fn scalar(&mut self) -> Option<String> {
        let start = self.at;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
        {
            self.at += 1;
        }
        (self.at > start).then(|| self.chars[start..self.at].iter().collect())
    }

    /// An array, nested ones included, as its text.
    fn array(&mut self) -> Option<String> {
        let start = self.at;
        let mut depth = 0usize;
        loop {
            match self.peek()? {
                '"' => {
                    self.string()?;
                    continue;
                }
                '[' => depth += 1,
                ']' => {
                    depth -= 1;
                    if depth == 0 {
                        self.at += 1;
                        return Some(self.chars[start..self.at].iter().collect());
                    }
                }
                _ => {}
            }
            self.at += 1;
        }
    }

    fn hex4(&mut self) -> Option<u32> {
        let s: String = self.chars.get(self.at..self.at + 4)?.iter().collect();
        self.at += 4;
        u32::from_str_radix(&s, 16).ok()
    }

    fn string(&mut self) -> Option<String> {
        self.eat('"')?;
        let mut out = String::new();
        loop {
            let c = self.peek()?;
            self.at += 1;
            match c {
                '"' => return Some(out),
                '\\' => {
                    let e = self.peek()?;
                    self.at += 1;
                    match e {
                        'n' => out.push('\n'),
                        't' => out.push('\t'),
                        'r' => out.push('\r'),
                        'b' => out.push('\u{8}'),
                        'f' => out.push('\u{c}'),
                        'u' => {
                            let hi = self.hex4()?;
                            let code = if (0xD800..0xDC00).contains(&hi) {
                                self.eat('\\')?;
                                self.eat('u')?;
                                let lo = self.hex4()?;
                                0x10000 + ((hi - 0xD800) << 10) + (lo.checked_sub(0xDC00)?)
                            } else {
                                hi
                            };
                            out.push(char::from_u32(code).unwrap_or('\u{FFFD}'));
                        }
                        other => out.push(other),
                    }
                }
                c => out.push(c),
            }
        }
    }
}
