//! The external adapter programs in harness/adapters/, spoken to directly over the
//! protocol v1 (JSON lines on stdin/stdout, see ADAPTERS.md): hello, a valid and an
//! invalid input, resolutions, hostile inputs, and one-shot use.
//!
//! Each program's runtime or library is optional. When it is missing the test prints
//! "skipped: ..." with the install command and returns. The C programs are compiled
//! here with `cc` into `<target>/urlcert-adapters/tests/`.
//!
//! Expectations come from the documents and the parsers' own documentation: RFC 3986
//! (Sections 1.1.2, 3 and 5.4), the WHATWG URL Standard's examples, the Python
//! `urllib.parse` documentation and libcurl's `curl_url_set` / `curl_url_get` pages,
//! as documented.yaml and the case file cases/rfc3986/examples.yaml give them.

use serde_json::{json, Value};
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use crate::common::documented::{documented_all, rfc3986_section_5_4, Documented, Reply};
use crate::common::programs::{adapter_file, assert_unavailable, output_of, repo_root};

// ---- finding and building the programs ------------------------------------------------

fn skip(reason: String) -> Option<Vec<String>> {
    println!("skipped: {reason}");
    None
}

fn python() -> Result<(), String> {
    output_of("python3", &["--version"])
        .map(|_| ())
        .ok_or_else(|| "python3 is not installed (apt-get install python3)".to_string())
}

fn python_script(script: &str) -> Result<Vec<String>, String> {
    python()?;
    Ok(vec![
        "python3".into(),
        adapter_file(script).to_string_lossy().into_owned(),
    ])
}

fn rfc3986_script() -> Result<Vec<String>, String> {
    python()?;
    output_of("python3", &["-c", "import rfc3986"]).ok_or_else(|| {
        "the Python package rfc3986 is not installed (pip install rfc3986)".to_string()
    })?;
    python_script("python_rfc3986.py")
}

fn node_script() -> Result<Vec<String>, String> {
    output_of("node", &["--version"])
        .ok_or_else(|| "node is not installed (apt-get install nodejs)".to_string())?;
    Ok(vec![
        "node".into(),
        adapter_file("node_url.js").to_string_lossy().into_owned(),
    ])
}

struct CProgram {
    source: &'static str,
    out: &'static str,
    pkg: &'static str,
    headers: &'static [&'static str],
    link: &'static str,
    install: &'static str,
}

const URIPARSER: CProgram = CProgram {
    source: "uriparser.c",
    out: "uriparser",
    pkg: "liburiparser",
    headers: &["/usr/include/uriparser/Uri.h"],
    link: "-luriparser",
    install: "apt-get install liburiparser-dev",
};

const CURL: CProgram = CProgram {
    source: "curl_url.c",
    out: "curl",
    pkg: "libcurl",
    headers: &[
        "/usr/include/curl/curl.h",
        "/usr/include/x86_64-linux-gnu/curl/curl.h",
        "/usr/include/aarch64-linux-gnu/curl/curl.h",
    ],
    link: "-lcurl",
    install: "apt-get install libcurl4-openssl-dev",
};

fn library_present(c: &CProgram) -> bool {
    match Command::new("pkg-config")
        .args(["--exists", c.pkg])
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .status()
    {
        Ok(status) => status.success(),
        // No pkg-config: look for the header where Debian puts it.
        Err(_) => c.headers.iter().any(|h| Path::new(h).exists()),
    }
}

fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo_root().join("target"))
}

/// Compiles a C adapter once per test process. A missing compiler or library is a
/// skip; a compile error with both present is a failure of the program.
fn c_program(c: &CProgram) -> Result<Vec<String>, String> {
    static BUILT: OnceLock<Mutex<HashMap<&'static str, Result<PathBuf, String>>>> = OnceLock::new();
    output_of("cc", &["--version"])
        .ok_or_else(|| format!("no C compiler `cc` for {} (apt-get install gcc)", c.source))?;
    if !library_present(c) {
        return Err(format!("{} is not installed ({})", c.pkg, c.install));
    }
    let mut built = BUILT
        .get_or_init(|| Mutex::new(HashMap::new()))
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    let result = built.entry(c.out).or_insert_with(|| {
        let dir = target_dir().join("urlcert-adapters").join("tests");
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let out = dir.join(c.out);
        let tmp = dir.join(format!("{}.{}.tmp", c.out, std::process::id()));
        let compiled = Command::new("cc")
            .arg("-O2")
            .arg("-Wall")
            .arg("-o")
            .arg(&tmp)
            .arg(adapter_file(c.source))
            .arg(c.link)
            .output()
            .map_err(|e| format!("cc: {e}"))?;
        if !compiled.status.success() {
            return Err(format!(
                "cc failed on {}:\n{}",
                c.source,
                String::from_utf8_lossy(&compiled.stderr)
            ));
        }
        std::fs::rename(&tmp, &out).map_err(|e| format!("{}: {e}", out.display()))?;
        Ok(out)
    });
    match result {
        Ok(path) => Ok(vec![path.to_string_lossy().into_owned()]),
        Err(e) => panic!("{e}"),
    }
}

// ---- the adapters under test ----------------------------------------------------------

struct Spec {
    /// The adapter's name, profile included, as its hello must say it.
    name: &'static str,
    model: &'static str,
    launch: fn() -> Result<Vec<String>, String>,
    /// Profile arguments after the program's argv.
    args: &'static [&'static str],
    /// An independent source of the parser's version, which hello must contain.
    version: fn() -> Option<String>,
    /// The entries of documented.yaml it answers, one after another.
    documented: &'static [&'static str],
    /// The reading in which it resolves RFC 3986 Section 5.4's examples, if it does.
    section_5_4: Option<&'static str>,
    /// Components a profile must not report at all.
    absent_keys: &'static [&'static str],
}

fn model_keys(model: &str) -> &'static [&'static str] {
    // The component names of each model, from `Model` in harness/src/ask/mod.rs.
    match model {
        "whatwg" => &[
            "protocol", "username", "password", "hostname", "port", "pathname", "search", "hash",
        ],
        "rfc3986" => &[
            "scheme", "userinfo", "host", "port", "path", "query", "fragment",
        ],
        "urlparse" => &[
            "scheme", "netloc", "path", "params", "query", "fragment", "username", "password",
            "hostname", "port",
        ],
        "curl" => &[
            "scheme", "user", "password", "host", "port", "path", "query", "fragment",
        ],
        other => panic!("unknown model {other}"),
    }
}

fn python_version() -> Option<String> {
    output_of("python3", &["--version"]) // "Python 3.11.7"
}

fn rfc3986_version() -> Option<String> {
    // The installed distribution's metadata, not the module's own attribute.
    output_of(
        "python3",
        &[
            "-c",
            "import importlib.metadata as m; print(m.version('rfc3986'))",
        ],
    )
}

fn node_version() -> Option<String> {
    output_of("node", &["--version"]) // "v20.20.2"
}

fn uriparser_version() -> Option<String> {
    output_of("pkg-config", &["--modversion", "liburiparser"])
}

fn curl_version() -> Option<String> {
    output_of("pkg-config", &["--modversion", "libcurl"])
}

fn python_urllib() -> Spec {
    Spec {
        name: "python-urllib",
        model: "urlparse",
        launch: || python_script("python_urllib.py"),
        args: &[],
        version: python_version,
        documented: &["python-urllib", "urllib.parse"],
        section_5_4: None,
        absent_keys: &[],
    }
}

fn python_urllib_urlsplit() -> Spec {
    Spec {
        name: "python-urllib@urlsplit",
        args: &["--urlsplit"],
        documented: &["python-urllib@urlsplit", "urllib.parse"],
        absent_keys: &["params"],
        ..python_urllib()
    }
}

const RFC3986: &[&str] = &[
    "rfc3986-section-3",
    "rfc3986-absolute",
    "rfc3986-relative",
    "rfc3986-rejects",
];

fn python_rfc3986() -> Spec {
    Spec {
        name: "python-rfc3986",
        model: "rfc3986",
        launch: rfc3986_script,
        args: &[],
        version: rfc3986_version,
        documented: RFC3986,
        // The package resolves non-strictly by default (`resolve_with(strict=False)`).
        section_5_4: Some("rfc3986@non-strict"),
        absent_keys: &[],
    }
}

fn python_rfc3986_strict() -> Spec {
    Spec {
        name: "python-rfc3986@strict",
        args: &["--strict"],
        section_5_4: Some("rfc3986"),
        ..python_rfc3986()
    }
}

fn python_rfc3986_require_scheme() -> Spec {
    Spec {
        name: "python-rfc3986@require-scheme",
        args: &["--require-scheme"],
        documented: &[
            "rfc3986-section-3",
            "rfc3986-absolute",
            "python-rfc3986@require-scheme",
        ],
        ..python_rfc3986()
    }
}

fn node_url() -> Spec {
    Spec {
        name: "node-url",
        model: "whatwg",
        launch: node_script,
        args: &[],
        version: node_version,
        documented: &["node-url"],
        section_5_4: None,
        absent_keys: &[],
    }
}

fn uriparser() -> Spec {
    Spec {
        name: "uriparser",
        model: "rfc3986",
        launch: || c_program(&URIPARSER),
        args: &[],
        version: uriparser_version,
        documented: &[
            "rfc3986-section-3",
            "rfc3986-absolute",
            "rfc3986-relative",
            "uriparser",
            "rfc3986-rejects",
        ],
        // uriparser resolves strictly unless told otherwise (URI_RESOLVE_STRICTLY).
        section_5_4: Some("rfc3986"),
        absent_keys: &[],
    }
}

fn uriparser_compat() -> Spec {
    Spec {
        name: "uriparser@identical-scheme-compat",
        args: &["--identical-scheme-compat"],
        section_5_4: Some("rfc3986@non-strict"),
        ..uriparser()
    }
}

fn curl() -> Spec {
    Spec {
        name: "curl",
        model: "curl",
        launch: || c_program(&CURL),
        args: &[],
        version: curl_version,
        documented: &["curl", "libcurl"],
        section_5_4: None,
        absent_keys: &[],
    }
}

/// `adapter` under the profile `name`, given by `args`, answering `documented`.
fn profile(
    adapter: Spec,
    name: &'static str,
    args: &'static [&'static str],
    documented: &'static [&'static str],
) -> Spec {
    Spec {
        name,
        args,
        documented,
        ..adapter
    }
}

fn curl_non_support_scheme() -> Spec {
    let documented = &["curl@non-support-scheme", "libcurl"];
    profile(curl(), documented[0], &["--non-support-scheme"], documented)
}

fn curl_allow_space() -> Spec {
    let documented = &["curl@allow-space", "libcurl"];
    profile(curl(), documented[0], &["--allow-space"], documented)
}

fn curl_guess_scheme() -> Spec {
    let documented = &["curl@guess-scheme", "libcurl"];
    profile(curl(), documented[0], &["--guess-scheme"], documented)
}

impl Spec {
    /// What it answers: its entries of documented.yaml, and Section 5.4's examples.
    fn answers(&self) -> Documented {
        let mut answers = documented_all(self.documented);
        if let Some(reading) = self.section_5_4 {
            answers.resolves.extend(rfc3986_section_5_4(reading));
        }
        answers
    }

    /// The full argv, or `None` (after printing why) when the runtime is missing.
    fn argv(&self) -> Option<Vec<String>> {
        match (self.launch)() {
            Ok(mut argv) => {
                argv.extend(self.args.iter().map(|a| a.to_string()));
                Some(argv)
            }
            Err(why) => skip(format!("{}: {why}", self.name)),
        }
    }
}

// ---- talking to a program -------------------------------------------------------------

/// Long enough never to matter for a working program; it only turns a hang into a
/// failure instead of a stuck test run.
const PATIENCE: Duration = Duration::from_secs(60);

/// Starts `argv` in the repository, its three standard streams piped.
fn spawn(argv: &[String]) -> Child {
    Command::new(&argv[0])
        .args(&argv[1..])
        .current_dir(repo_root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {argv:?}: {e}"))
}

struct Session {
    argv: Vec<String>,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Option<Vec<u8>>>,
    stderr: Arc<Mutex<Vec<u8>>>,
}

impl Session {
    fn start(argv: &[String]) -> Session {
        let mut child = spawn(argv);
        let stdout = child.stdout.take().unwrap();
        let (send, lines) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut line = Vec::new();
                match reader.read_until(b'\n', &mut line) {
                    Ok(0) | Err(_) => {
                        let _ = send.send(None);
                        return;
                    }
                    Ok(_) => {
                        if send.send(Some(line)).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&stderr);
        let mut err = child.stderr.take().unwrap();
        std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            while let Ok(n) = err.read(&mut buf) {
                if n == 0 {
                    break;
                }
                sink.lock().unwrap().extend_from_slice(&buf[..n]);
            }
        });
        let stdin = child.stdin.take();
        Session {
            argv: argv.to_vec(),
            child,
            stdin,
            lines,
            stderr,
        }
    }

    fn stderr_text(&self) -> String {
        String::from_utf8_lossy(&self.stderr.lock().unwrap()).into_owned()
    }

    fn send_raw(&mut self, line: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        stdin
            .write_all(line)
            .and_then(|_| stdin.write_all(b"\n"))
            .and_then(|_| stdin.flush())
            .unwrap_or_else(|e| panic!("{:?}: cannot write a request: {e}", self.argv));
    }

    /// The next answer line, as JSON.
    fn next(&mut self) -> Value {
        let line = match self.lines.recv_timeout(PATIENCE) {
            Ok(Some(line)) => line,
            Ok(None) => panic!(
                "{:?}: standard output closed; stderr: {}",
                self.argv,
                self.stderr_text()
            ),
            Err(_) => panic!("{:?}: no answer in {PATIENCE:?}", self.argv),
        };
        assert!(
            line.ends_with(b"\n"),
            "{:?}: an answer without its newline",
            self.argv
        );
        let text = std::str::from_utf8(&line)
            .unwrap_or_else(|e| panic!("{:?}: an answer that is not UTF-8: {e}", self.argv));
        serde_json::from_str(text.trim_end_matches('\n')).unwrap_or_else(|e| {
            panic!(
                "{:?}: an answer that is not JSON ({e}): {}",
                self.argv,
                &text[..text.len().min(300)]
            )
        })
    }

    fn ask(&mut self, request: &Value) -> Value {
        self.send_raw(request.to_string().as_bytes());
        self.next()
    }

    /// Closes standard input: the program must then exit 0 with nothing more to say.
    fn finish(mut self) -> ExitStatus {
        drop(self.stdin.take());
        match self.lines.recv_timeout(PATIENCE) {
            Ok(None) => {}
            Ok(Some(line)) => panic!(
                "{:?}: output after EOF: {}",
                self.argv,
                String::from_utf8_lossy(&line)
            ),
            Err(_) => panic!("{:?}: still running {PATIENCE:?} after EOF", self.argv),
        }
        let status = self.child.wait().unwrap();
        assert!(
            status.success(),
            "{:?}: exit status {status} after EOF; stderr: {}",
            self.argv,
            self.stderr_text()
        );
        status
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        // A failed assertion leaves the child running: end it (ours, by handle).
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// The answer's kind: the one key besides "id".
fn kind(answer: &Value) -> &str {
    let object = answer.as_object().expect("an answer is an object");
    let kinds: Vec<&String> = object.keys().filter(|k| *k != "id").collect();
    assert_eq!(kinds.len(), 1, "one kind of answer per line: {answer}");
    kinds[0]
}

fn check_parsed(spec: &Spec, answer: &Value) {
    let components = answer["parsed"]["components"]
        .as_object()
        .unwrap_or_else(|| panic!("{}: parsed without components: {answer}", spec.name));
    let allowed = model_keys(spec.model);
    for (key, value) in components {
        assert!(
            allowed.contains(&key.as_str()),
            "{}: component {key} is not in the {} model",
            spec.name,
            spec.model
        );
        assert!(
            value.is_string() || value.is_null(),
            "{}: component {key} is neither a string nor null: {value}",
            spec.name
        );
    }
    for key in spec.absent_keys {
        assert!(
            !components.contains_key(*key),
            "{}: reports {key}, which it cannot have",
            spec.name
        );
    }
}

fn parse_request(id: u64, input: &str) -> Value {
    json!({"id": id, "op": "parse", "input": input})
}

fn resolve_request(id: u64, base: &str, reference: &str) -> Value {
    json!({"id": id, "op": "resolve", "base": base, "reference": reference})
}

// ---- the checks ----------------------------------------------------------------------

fn hello_is_well_formed(spec: Spec) {
    let Some(argv) = spec.argv() else { return };
    let mut session = Session::start(&argv);
    let answer = session.ask(&json!({"id": 0, "op": "hello", "protocol": 1}));
    assert_eq!(answer["id"], 0, "{answer}");
    assert_eq!(kind(&answer), "hello");
    let hello = &answer["hello"];
    assert_eq!(hello["name"], spec.name, "{answer}");
    assert_eq!(hello["model"], spec.model, "{answer}");
    assert_eq!(hello["operations"], json!(["parse", "resolve"]), "{answer}");
    let version = hello["version"].as_str().expect("a version string");
    assert!(!version.trim().is_empty(), "{answer}");
    match (spec.version)() {
        Some(real) => assert!(
            version.contains(&real),
            "{}: hello says version {version:?}, the installed parser is {real:?}",
            spec.name
        ),
        None => println!(
            "{}: no independent version source; hello says {version}",
            spec.name
        ),
    }
    session.finish();

    // An unknown argument is a usage error, said on stderr, not a silent default.
    let out = Command::new(&argv[0])
        .args(&argv[1..])
        .arg("--no-such-profile")
        .current_dir(repo_root())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}: {out:?}", spec.name);
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--no-such-profile"));
}

fn valid_and_invalid(spec: Spec) {
    let Some(argv) = spec.argv() else { return };
    let answers = Documented {
        resolves: Vec::new(),
        ..spec.answers()
    };
    let mut session = Session::start(&argv);
    let mut replies = Vec::new();
    for (id, request) in (1u64..).zip(answers.requests()) {
        let answer = session.ask(&request.to_protocol(id));
        assert_eq!(answer["id"], id, "{answer}");
        if kind(&answer) == "parsed" {
            check_parsed(&spec, &answer);
        }
        replies.push(Reply::from_protocol(&answer));
    }
    answers.check(spec.name, replies);
    session.finish();
}

fn resolutions(spec: Spec) {
    let Some(argv) = spec.argv() else { return };
    let mut session = Session::start(&argv);
    for (id, resolution) in (1u64..).zip(&spec.answers().resolves) {
        let (base, reference) = (&resolution.base, &resolution.reference);
        let answer = session.ask(&resolve_request(id, base, reference));
        assert_eq!(answer["id"], id, "{answer}");
        assert_eq!(
            answer,
            json!({"id": id, "resolved": {"result": resolution.result}}),
            "{}: {reference:?} against {base:?}",
            spec.name
        );
    }
    session.finish();
}

/// Reads answers until the one with `id` (at most `extra` others before it): a broken
/// request line may be answered (under a null id) or skipped, never fatal.
fn answer_for(session: &mut Session, id: u64, extra: usize) -> Value {
    for _ in 0..=extra {
        let answer = session.next();
        if answer["id"] == id {
            return answer;
        }
        assert!(
            answer["id"].is_null() && kind(&answer) == "unsupported",
            "an answer to a broken line must be unsupported under a null id: {answer}"
        );
    }
    panic!("no answer with id {id}");
}

fn hostile_inputs(spec: Spec) {
    let Some(argv) = spec.argv() else { return };
    let mut session = Session::start(&argv);
    let huge = format!("http://example.com/{}", "a".repeat(1 << 20));
    let hostile = [
        "http://example.com/a\u{0}b".to_string(),
        "\u{0}".to_string(),
        huge.clone(),
        "http://example.com/\"'<script>alert(1)</script>\\".to_string(),
        "http://example.com/\u{1}\u{1f}\u{7f}\t\r\n".to_string(),
        "http://ex\u{0}ample.com/".to_string(),
        "\u{feff}http://example.com/\u{202e}\u{1f600}".to_string(),
        String::new(),
    ];
    let mut id = 1;
    for input in &hostile {
        let answer = session.ask(&parse_request(id, input));
        assert_eq!(answer["id"], id, "{}: {answer}", spec.name);
        match kind(&answer) {
            "parsed" => check_parsed(&spec, &answer),
            "rejected" | "unsupported" => {}
            other => panic!("{}: answered {other} to a parse: {answer}", spec.name),
        }
        id += 1;
    }
    for (base, reference) in [
        ("http://a/b/c/d;p?q", "g\u{0}h"),
        ("http://a/b/\u{0}/d", "../g"),
        ("http://a/b/c/d;p?q", huge.as_str()),
        ("\"<>", "\u{7}"),
    ] {
        let answer = session.ask(&resolve_request(id, base, reference));
        assert_eq!(answer["id"], id, "{}: {answer}", spec.name);
        match kind(&answer) {
            "resolved" => assert!(answer["resolved"]["result"].is_string()),
            "rejected" | "unsupported" => {}
            other => panic!("{}: answered {other} to a resolve: {answer}", spec.name),
        }
        id += 1;
    }
    // Lines that are not protocol requests: answered under a null id, or skipped.
    let broken: [&[u8]; 7] = [
        b"{\"id\": 99, \"op\": \"parse\", \"input\": ",
        b"not json at all",
        b"\xff\xfe\x00 not UTF-8",
        b"[1, 2, 3]",
        b"\"a string\"",
        b"",
        b"{\"id\": 98, \"op\": \"parse\", \"input\": \"x\"} trailing",
    ];
    for line in broken {
        session.send_raw(line);
    }
    // A lone surrogate is JSON but not UTF-8 (the harness never sends one): answered
    // under its id, as the parser sees it or as unsupported.
    session.send_raw(br#"{"id": 40, "op": "parse", "input": "\ud800"}"#);
    let surrogate = answer_for(&mut session, 40, broken.len());
    assert!(
        ["parsed", "rejected", "unsupported"].contains(&kind(&surrogate)),
        "{}: {surrogate}",
        spec.name
    );
    // A request with an unknown op or a missing field is answered, under its id.
    session.send_raw(br#"{"id": 50, "op": "frobnicate"}"#);
    session.send_raw(br#"{"id": 51, "op": "parse"}"#);
    session.send_raw(br#"{"id": 52, "op": "resolve", "base": "http://a/"}"#);
    let unknown = session.next();
    assert_eq!(unknown["id"], 50, "{}: {unknown}", spec.name);
    assert_eq!(kind(&unknown), "unsupported", "{}: {unknown}", spec.name);
    for id in [51, 52] {
        let answer = session.next();
        assert_eq!(answer["id"], id, "{}: {answer}", spec.name);
        assert_eq!(kind(&answer), "unsupported", "{}: {answer}", spec.name);
    }
    // Still alive and still itself.
    let hello = session.ask(&json!({"id": 60, "op": "hello", "protocol": 1}));
    assert_eq!(hello["id"], 60);
    assert_eq!(hello["hello"]["name"], spec.name);
    let again = session.ask(&parse_request(61, &spec.answers().parses[0].input));
    assert_eq!(kind(&again), "parsed", "{}: {again}", spec.name);
    let stderr = session.stderr_text();
    assert!(
        stderr.len() < 64 * 1024,
        "{}: {} bytes on stderr",
        spec.name,
        stderr.len()
    );
    session.finish();
}

/// One process per request: one line in, then EOF; exactly one answer line out, exit 0,
/// and the same answer a persistent session gives.
fn one_shot(spec: Spec) {
    let Some(argv) = spec.argv() else { return };
    let answers = spec.answers();
    let first = &answers.resolves[0];
    let requests = [
        json!({"id": 0, "op": "hello", "protocol": 1}),
        parse_request(7, &answers.parses[0].input),
        parse_request(8, &answers.rejects[0]),
        resolve_request(9, &first.base, &first.reference),
    ];
    let mut persistent = Session::start(&argv);
    for request in &requests {
        let expected = persistent.ask(request);
        let mut child = spawn(&argv);
        {
            let mut stdin = child.stdin.take().unwrap();
            stdin.write_all(request.to_string().as_bytes()).unwrap();
            stdin.write_all(b"\n").unwrap();
        }
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{}: {out:?}", spec.name);
        let text = String::from_utf8(out.stdout).expect("UTF-8 answers");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines.len(),
            1,
            "{}: one answer for one request: {text}",
            spec.name
        );
        let answer: Value = serde_json::from_str(lines[0]).expect("a JSON answer");
        assert_eq!(
            answer, expected,
            "{}: one-shot and persistent differ",
            spec.name
        );
    }
    persistent.finish();
}

macro_rules! adapter_tests {
    ($($module:ident => $spec:expr;)*) => {$(
        mod $module {
            use super::*;
            #[test]
            fn hello_is_well_formed() { super::hello_is_well_formed($spec) }
            #[test]
            fn valid_and_invalid() { super::valid_and_invalid($spec) }
            #[test]
            fn resolutions() { super::resolutions($spec) }
            #[test]
            fn hostile_inputs() { super::hostile_inputs($spec) }
            #[test]
            fn one_shot() { super::one_shot($spec) }
        }
    )*};
}

adapter_tests! {
    python_urllib => python_urllib();
    python_urllib_urlsplit => python_urllib_urlsplit();
    python_rfc3986 => python_rfc3986();
    python_rfc3986_strict => python_rfc3986_strict();
    python_rfc3986_require_scheme => python_rfc3986_require_scheme();
    node_url => node_url();
    uriparser => uriparser();
    uriparser_identical_scheme_compat => uriparser_compat();
    curl => curl();
    curl_non_support_scheme => curl_non_support_scheme();
    curl_allow_space => curl_allow_space();
    curl_guess_scheme => curl_guess_scheme();
}

/// Without the rfc3986 package the program says so on stderr, with the install
/// command, and exits 3 before answering anything (ADAPTERS.md, "unavailable").
#[test]
fn python_rfc3986_without_the_package_exits_3() {
    if let Err(why) = python() {
        println!("skipped: python-rfc3986: {why}");
        return;
    }
    // -S leaves site-packages (where pip and apt put rfc3986) off the path.
    let out = Command::new("python3")
        .arg("-S")
        .arg(adapter_file("python_rfc3986.py"))
        .env_remove("PYTHONPATH")
        .current_dir(repo_root())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    if out.status.success() {
        println!("skipped: rfc3986 is importable even without site-packages");
        return;
    }
    assert_unavailable(&out, "python-rfc3986", "pip install rfc3986");
}

/// The program files are where the registry (harness/src/ask/registry.rs) looks.
#[test]
fn the_programs_are_in_place() {
    for file in [
        "python_urllib.py",
        "python_rfc3986.py",
        "node_url.js",
        "uriparser.c",
        "curl_url.c",
        "json.h",
        "_protocol.py",
        "README.md",
    ] {
        assert!(
            adapter_file(file).is_file(),
            "harness/adapters/{file} is missing"
        );
    }
}
