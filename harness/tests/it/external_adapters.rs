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
            "scheme",
            "authority",
            "userinfo",
            "host",
            "port",
            "path",
            "query",
            "fragment",
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

// ---- empty strings after earlier requests ----------------------------------------------

/// libcurl asked directly, with no adapter and no JSON between: `curl-direct FLAG (parse
/// INPUT | resolve BASE REFERENCE)...`, FLAG one of the curl adapter's profile arguments
/// (or `-` for none), mapped to the CURLU_* flag ADAPTERS.md gives it. One line per
/// operation: `rejected STEP CODE MESSAGE` (STEP: url, base or reference), `resolved URL`,
/// or `parsed` and a `PART=VALUE` (or `PART` alone, absent) per part, tab-separated.
const CURL_DIRECT: &str = r#"
#include <curl/curl.h>
#include <stdio.h>
#include <string.h>
static void rejected(const char *step, CURLUcode rc) {
    printf("rejected\t%s\t%d\t%s\n", step, (int)rc, curl_url_strerror(rc));
}
int main(int argc, char **argv) {
#if LIBCURL_VERSION_NUM < 0x075000
    return 4; /* no curl_url_strerror before 7.80.0 */
#endif
    unsigned int flags = 0;
    if (strcmp(argv[1], "--non-support-scheme") == 0) flags = CURLU_NON_SUPPORT_SCHEME;
    else if (strcmp(argv[1], "--guess-scheme") == 0) flags = CURLU_GUESS_SCHEME;
    else if (strcmp(argv[1], "--allow-space") == 0) {
#ifdef CURLU_ALLOW_SPACE
        flags = CURLU_ALLOW_SPACE;
#else
        return 3;
#endif
    }
    static const struct { const char *name; CURLUPart which; } parts[] = {
        {"scheme", CURLUPART_SCHEME}, {"user", CURLUPART_USER},
        {"password", CURLUPART_PASSWORD}, {"host", CURLUPART_HOST},
        {"port", CURLUPART_PORT}, {"path", CURLUPART_PATH},
        {"query", CURLUPART_QUERY}, {"fragment", CURLUPART_FRAGMENT}};
    for (int i = 2; i < argc; i++) {
        CURLU *h = curl_url();
        CURLUcode rc;
        if (strcmp(argv[i], "parse") == 0) {
            if ((rc = curl_url_set(h, CURLUPART_URL, argv[++i], flags)) != CURLUE_OK) {
                rejected("url", rc);
            } else {
                printf("parsed");
                for (size_t k = 0; k < sizeof parts / sizeof parts[0]; k++) {
                    char *v = NULL;
                    if (curl_url_get(h, parts[k].which, &v, 0) == CURLUE_OK && v)
                        printf("\t%s=%s", parts[k].name, v);
                    else
                        printf("\t%s", parts[k].name);
                    curl_free(v);
                }
                printf("\n");
            }
        } else {
            const char *base = argv[++i], *reference = argv[++i];
            char *url = NULL;
            if ((rc = curl_url_set(h, CURLUPART_URL, base, flags)) != CURLUE_OK)
                rejected("base", rc);
            else if ((rc = curl_url_set(h, CURLUPART_URL, reference, flags)) != CURLUE_OK)
                rejected("reference", rc);
            else if ((rc = curl_url_get(h, CURLUPART_URL, &url, 0)) != CURLUE_OK)
                rejected("get", rc);
            else
                printf("resolved\t%s\n", url);
            curl_free(url);
        }
        curl_url_cleanup(h);
    }
    return 0;
}
"#;

/// Compiles [`CURL_DIRECT`] once per test process, or says why it cannot be.
fn curl_direct() -> Result<PathBuf, String> {
    static BUILT: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    BUILT
        .get_or_init(|| {
            output_of("cc", &["--version"])
                .ok_or("no C compiler `cc` for the direct libcurl call (apt-get install gcc)")?;
            if !library_present(&CURL) {
                return Err(format!("{} is not installed ({})", CURL.pkg, CURL.install));
            }
            let dir = target_dir().join("urlcert-adapters").join("tests");
            std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            let source = dir.join("curl_direct.c");
            std::fs::write(&source, CURL_DIRECT).map_err(|e| e.to_string())?;
            let out = dir.join("curl-direct");
            let compiled = Command::new("cc")
                .arg("-O2")
                .arg("-o")
                .arg(&out)
                .arg(&source)
                .arg(CURL.link)
                .output()
                .map_err(|e| format!("cc: {e}"))?;
            // The headers and library are there (checked above): a failure is this test's.
            assert!(
                compiled.status.success(),
                "cc failed on the direct libcurl call:\n{}",
                String::from_utf8_lossy(&compiled.stderr)
            );
            Ok(out)
        })
        .clone()
}

/// What the curl adapter must answer, under `id`, to the operation [`CURL_DIRECT`]
/// answered with `line`: libcurl's verdict in the adapter's documented answer shape.
fn curl_direct_answer(id: u64, line: &str) -> Value {
    let fields: Vec<&str> = line.split('\t').collect();
    match fields[0] {
        "rejected" => {
            let step = match fields[1] {
                "url" => "",
                "base" => "the base: ",
                "reference" => "the reference: ",
                _ => "curl_url_get(CURLUPART_URL): ",
            };
            let message = format!("libcurl: {step}{} (CURLUcode {})", fields[3], fields[2]);
            json!({"id": id, "rejected": {"message": message}})
        }
        "resolved" => json!({"id": id, "resolved": {"result": fields[1]}}),
        "parsed" => {
            let components: serde_json::Map<String, Value> = fields[1..]
                .iter()
                .map(|f| match f.split_once('=') {
                    Some((name, value)) => (name.to_string(), json!(value)),
                    None => (f.to_string(), Value::Null),
                })
                .collect();
            json!({"id": id, "parsed": {"components": components}})
        }
        other => panic!("curl-direct printed {other:?}"),
    }
}

/// The empty string as input, reference and base, asked of one long-lived curl adapter
/// after other requests have used (and freed) its memory, answers what libcurl itself
/// says for it, in every profile. The adapter once passed libcurl an unterminated
/// buffer for `""`: a fresh process read zeroed memory and answered right, a used one
/// read an earlier request's bytes ("Bad path" for the empty reference). The oracle is
/// a direct call of curl_url_set rather than a fresh adapter process, since a fresh
/// process answered right only by the luck of zeroed memory.
#[test]
fn curl_answers_the_empty_string_as_libcurl_does_after_other_requests() {
    let direct = match curl_direct() {
        Ok(path) => path,
        Err(why) => {
            println!("skipped: curl: {why}");
            return;
        }
    };
    let base = "http://a/b/c/d;p?q";
    let long = format!("http://example.com/{}?q#f", "x".repeat(600));
    let empties: [(&str, &str, &str); 5] = [
        ("parse", "", ""),
        ("resolve", base, ""),
        ("resolve", "", "g"),
        ("resolve", "", ""),
        ("parse", "", ""),
    ];
    for spec in [
        curl(),
        curl_non_support_scheme(),
        curl_allow_space(),
        curl_guess_scheme(),
    ] {
        let Some(argv) = spec.argv() else { return };
        let flag = spec.args.first().copied().unwrap_or("-");
        let mut args = vec![flag.to_string()];
        for (op, a, b) in empties {
            args.push(op.to_string());
            args.push(a.to_string());
            if op == "resolve" {
                args.push(b.to_string());
            }
        }
        let out = Command::new(&direct).args(&args).output().unwrap();
        match out.status.code() {
            Some(3) => {
                println!(
                    "skipped: {}: this libcurl lacks the profile's flag",
                    spec.name
                );
                continue;
            }
            Some(4) => {
                println!("skipped: curl: libcurl older than 7.80.0 has no curl_url_strerror");
                return;
            }
            _ => {}
        }
        assert!(out.status.success(), "curl-direct: {out:?}");
        let said = String::from_utf8(out.stdout).expect("UTF-8");
        let said: Vec<&str> = said.lines().collect();
        assert_eq!(said.len(), empties.len(), "curl-direct: {said:?}");

        let mut session = Session::start(&argv);
        let mut id = 0;
        // Three rounds: requests that fill and free the buffers, then the empty strings.
        for _ in 0..3 {
            for input in ["http://example.com/a?b#c", long.as_str()] {
                id += 1;
                let answer = session.ask(&parse_request(id, input));
                assert_eq!(answer["id"], id, "{}: {answer}", spec.name);
            }
            id += 1;
            let answer = session.ask(&resolve_request(id, base, &long));
            assert_eq!(answer["id"], id, "{}: {answer}", spec.name);
            for ((op, a, b), line) in empties.iter().zip(&said) {
                id += 1;
                let request = match *op {
                    "parse" => parse_request(id, a),
                    _ => resolve_request(id, a, b),
                };
                assert_eq!(
                    session.ask(&request),
                    curl_direct_answer(id, line),
                    "{}: {request} after {} other requests",
                    spec.name,
                    id - 1
                );
            }
        }
        session.finish();
    }
}

/// Request lines that exercise every path of json.h's reader: empty strings as values and
/// keys, every escape (`\u0000`, a surrogate pair, lone and broken surrogates, unknown and
/// short escapes), a long string, and lines cut off anywhere.
fn reader_workout() -> Vec<String> {
    let long = "a".repeat(70_000);
    let mut lines: Vec<String> = [
        r#"{"id":1,"op":"parse","input":"http://example.com/a?b#c"}"#,
        r#"{"id":2,"op":"parse","input":""}"#,
        r#"{"id":3,"op":"resolve","base":"http://a/b/c/d;p?q","reference":""}"#,
        r#"{"id":4,"op":"resolve","base":"","reference":"g"}"#,
        r#"{"id":5,"op":"resolve","base":"","reference":""}"#,
        r#"{"id":6,"":"","op":"parse","input":"http://x/"}"#,
        r#"{"":1,"id":7,"op":"parse","input":""}"#,
        r#"{"id":8,"op":"","input":""}"#,
        r#"{"id":9,"op":"parse","input":"\u0000"}"#,
        r#"{"id":10,"op":"parse","input":"http://h/\ud83d\ude00?\u00e9"}"#,
        r#"{"id":11,"op":"parse","input":"\ud83d"}"#,
        r#"{"id":12,"op":"parse","input":"\ude00x"}"#,
        r#"{"id":13,"op":"parse","input":"\ud83d\u0041"}"#,
        r#"{"id":14,"op":"parse","input":"\x"}"#,
        r#"{"id":15,"op":"parse","input":"\u12"}"#,
        r#"{"id":16,"op":"parse","input":"\u12zz"}"#,
        r#"{"id":17,"op":"parse","input":"a\"b\\c\/d\b\f\n\r\t"}"#,
        r#"{"id":18,"op":"parse","input":"x","k":[1,{"a":[]},-1.5e+3,true,false,null]}"#,
        r#"{"id":"\u0000","op":"hello"}"#,
        r#"{"id":19,"op":"parse","input":"","input":""}"#,
        r#"{"id":20,"op":"parse","input":"http://h/","input":1}"#,
        r#"{"id":21,"op":"parse","input":"http://h/"#,
        r#"{"id":22,"op":"parse","input":"http://h/\"#,
        r#"{"id":23,"op":"parse","input":"\ud83d\"#,
        r#"{"id":24,"op":"parse","input":"\ud83d\u"#,
        r#"{"id":25,"op":"parse","#,
        r#"{"id":"#,
        r#"{""#,
        "{",
        "",
        r#"{"id":1e,"op":"hello"}"#,
        r#"{"id":26,"op":"hello"} x"#,
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    lines.push(format!(
        r#"{{"id":27,"op":"parse","input":"http://h/{long}"}}"#
    ));
    lines.push(format!(
        r#"{{"id":28,"op":"resolve","base":"http://a/b/","reference":"{long}"}}"#
    ));
    lines.push(r#"{"id":29,"op":"parse","input":""}"#.to_string());
    lines
}

/// The C adapters read no memory they have not set, whatever a request line holds:
/// under valgrind's memcheck, every line of [`reader_workout`] (and a last line cut off
/// before its newline) is answered and no error is reported. Unset bytes are what made
/// the empty string a different URL from one request to the next.
#[test]
fn c_adapters_read_no_unset_memory_under_valgrind() {
    if output_of("valgrind", &["--version"]).is_none() {
        println!("skipped: valgrind is not installed (apt-get install valgrind)");
        return;
    }
    for spec in [uriparser(), curl()] {
        let Some(argv) = spec.argv() else { continue };
        let lines = reader_workout();
        let mut text: String = lines.iter().map(|l| format!("{l}\n")).collect();
        text.push_str(r#"{"id":30,"op":"parse","input":"http://h/"#);
        let mut child = Command::new("valgrind")
            .args(["-q", "--error-exitcode=99", "--track-origins=yes"])
            .args(&argv)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let writer = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
        let out = child.wait_with_output().unwrap();
        writer.join().unwrap().unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{} under valgrind:\n{}",
            spec.name,
            String::from_utf8_lossy(&out.stderr)
        );
        let answers = String::from_utf8(out.stdout).expect("UTF-8 answers");
        assert_eq!(
            answers.lines().count(),
            lines.len() + 1,
            "{}: one answer a line: {answers}",
            spec.name
        );
    }
}
