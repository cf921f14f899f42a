//! The Python adapters for the `yarl`, `hyperlink`, `uritools`, `rfc3987` and `ada-url`
//! packages and for Python 2's `urlparse`, spoken to over protocol v1 (ADAPTERS.md):
//! each program gets its requests on standard input, answers until EOF, and is checked
//! against answers from its parser's own documentation (cited at each).
//!
//! The packages are optional: the Python used is the install command's virtual
//! environment (`$URLCERT_DEPS/venv`, `.deps/venv`), as the registry does, else
//! `python3`. A package that does not import there makes its test print "skipped: ..."
//! with the install command and return.

use serde_json::{json, Value};
use std::process::{Command, Stdio};

use crate::common::programs::{adapter_file, answers, deps_dir, output_of, repo_root};

/// The Python the registry runs the adapters with.
fn python() -> String {
    let venv = deps_dir().join("venv/bin/python3");
    if venv.is_file() {
        venv.to_string_lossy().into_owned()
    } else {
        "python3".into()
    }
}

/// Standard output of `python -c code`, trimmed, when it exits 0.
fn python_says(python: &str, code: &str) -> Option<String> {
    output_of(python, &["-c", code])
}

/// Runs `argv` with `requests`, one per line, and returns its answers by id.
fn ask(argv: &[String], requests: &[Value]) -> Vec<Value> {
    let mut command = Command::new(&argv[0]);
    command.args(&argv[1..]).current_dir(repo_root());
    answers(command, &format!("{argv:?}"), requests)
}

struct Py {
    /// The adapter's name and model, as its hello must say them.
    name: &'static str,
    model: &'static str,
    script: &'static str,
    /// The module to import, and the expression printing the parser's version.
    module: &'static str,
    version: &'static str,
    /// What hello's version is: this prefix and the version the parser prints.
    prefix: &'static str,
    install: &'static str,
}

/// The adapter's argv, or None (after printing why) when its package is missing.
fn launch(p: &Py) -> Option<(Vec<String>, String)> {
    let py = python();
    if python_says(&py, "print(1)").is_none() {
        println!("skipped: {py} cannot run (apt-get install python3)");
        return None;
    }
    let Some(version) = python_says(&py, &format!("import {}; print({})", p.module, p.version))
    else {
        println!(
            "skipped: {} cannot import {} ({}; or bash harness/adapters/install python)",
            py, p.module, p.install
        );
        return None;
    };
    let script = adapter_file(p.script);
    Some((vec![py, script.to_string_lossy().into_owned()], version))
}

fn hello() -> Value {
    json!({"id": 0, "op": "hello", "protocol": 1})
}

fn parse(id: u64, input: &str) -> Value {
    json!({"id": id, "op": "parse", "input": input})
}

fn resolve(id: u64, base: &str, reference: &str) -> Value {
    json!({"id": id, "op": "resolve", "base": base, "reference": reference})
}

/// The hello is well formed, and its version is the one the parser itself prints.
fn check_hello(p: &Py, answer: &Value, version: &str) {
    let h = &answer["hello"];
    assert_eq!(h["name"], p.name, "{answer}");
    assert_eq!(h["model"], p.model, "{answer}");
    assert_eq!(h["operations"], json!(["parse", "resolve"]), "{answer}");
    assert_eq!(h["version"], format!("{}{version}", p.prefix), "{answer}");
}

fn components(answer: &Value) -> &serde_json::Map<String, Value> {
    answer["parsed"]["components"]
        .as_object()
        .unwrap_or_else(|| panic!("not parsed: {answer}"))
}

fn assert_parts(answer: &Value, want: &[(&str, Value)]) {
    let c = components(answer);
    for (k, v) in want {
        assert_eq!(c.get(*k), Some(v), "{k} in {answer}");
    }
}

fn result(answer: &Value) -> &str {
    answer["resolved"]["result"]
        .as_str()
        .unwrap_or_else(|| panic!("not resolved: {answer}"))
}

fn rejected(answer: &Value) -> bool {
    answer.get("rejected").is_some()
}

/// Hostile requests get answers, not a dead process: NUL and a lone surrogate in a JSON
/// string, an unknown op, and a line that is not JSON (as the shared `_protocol.py`).
fn check_hostile(argv: &[String]) {
    let answers = ask(
        argv,
        &[
            hello(),
            parse(1, "http://h/\u{0}x"),
            json!({"id": 2, "op": "parse", "input": "\u{fffd}"}),
            json!({"id": 3, "op": "frobnicate"}),
        ],
    );
    assert!(answers[1].get("id").is_some());
    assert!(answers[3].get("unsupported").is_some(), "{}", answers[3]);
}

const YARL: Py = Py {
    name: "python-yarl",
    model: "urlparse",
    script: "python_yarl.py",
    module: "yarl",
    version: "yarl.__version__",
    prefix: "yarl ",
    install: "pip install yarl",
};

#[test]
fn yarl() {
    let Some((argv, version)) = launch(&YARL) else {
        return;
    };
    let a = ask(
        &argv,
        &[
            hello(),
            // yarl's documentation (API, "URL attributes"): the raw_* attributes of
            // URL('http://user:pass@example.com:8042/over/there?name=ferret#nose'),
            // and explicit_port, the port the URL gives.
            parse(
                1,
                "http://user:pass@example.com:8042/over/there?name=ferret#nose",
            ),
            // explicit_port is None when the URL gives no port (URL.port would be 80).
            parse(2, "http://example.com/"),
            // yarl's documentation of URL.join: "page.html" against
            // "http://example.com/path/index.html".
            resolve(3, "http://example.com/path/index.html", "page.html"),
        ],
    );
    check_hello(&YARL, &a[0], &version);
    assert_parts(
        &a[1],
        &[
            ("scheme", json!("http")),
            ("netloc", json!("user:pass@example.com:8042")),
            ("username", json!("user")),
            ("password", json!("pass")),
            ("hostname", json!("example.com")),
            ("port", json!("8042")),
            ("path", json!("/over/there")),
            ("query", json!("name=ferret")),
            ("fragment", json!("nose")),
        ],
    );
    assert!(components(&a[1]).get("params").is_none());
    assert_parts(&a[2], &[("port", Value::Null), ("username", Value::Null)]);
    assert_eq!(result(&a[3]), "http://example.com/path/page.html");
    check_hostile(&argv);
}

const HYPERLINK: Py = Py {
    name: "python-hyperlink",
    model: "urlparse",
    script: "python_hyperlink.py",
    module: "importlib.metadata",
    version: "importlib.metadata.version('hyperlink')",
    prefix: "hyperlink ",
    install: "pip install hyperlink",
};

#[test]
fn hyperlink() {
    let Some((argv, version)) = launch(&HYPERLINK) else {
        return;
    };
    if python_says(&argv[0], "import hyperlink").is_none() {
        println!("skipped: hyperlink is not installed (pip install hyperlink)");
        return;
    }
    let a = ask(
        &argv,
        &[
            hello(),
            // URL.authority's docstring: 'user:pass@localhost:8080' with the password.
            parse(1, "http://user:pass@localhost:8080/a/b?x=y"),
            // The README: host "github.com", path ("python-hyper", "hyperlink").
            parse(
                2,
                "http://github.com/python-hyper/hyperlink?utm_source=README",
            ),
            // URL.click's docstring.
            resolve(3, "http://blog.hatnote.com/", "/post/155074058790"),
            resolve(4, "http://localhost/a/b/c/", "../d/./e"),
            // from_text raises URLParseError on an unclosed IP literal.
            parse(5, "http://[::1/"),
        ],
    );
    check_hello(&HYPERLINK, &a[0], &version);
    assert_parts(
        &a[1],
        &[
            ("scheme", json!("http")),
            ("netloc", json!("user:pass@localhost:8080")),
            ("username", json!("user")),
            ("hostname", json!("localhost")),
            ("path", json!("/a/b")),
            ("query", json!("x=y")),
            ("fragment", json!("")),
        ],
    );
    // Its port is the scheme's default when none is written: not reported.
    assert!(components(&a[1]).get("port").is_none());
    assert_parts(
        &a[2],
        &[
            ("hostname", json!("github.com")),
            ("path", json!("/python-hyper/hyperlink")),
            ("query", json!("utm_source=README")),
        ],
    );
    assert_eq!(result(&a[3]), "http://blog.hatnote.com/post/155074058790");
    assert_eq!(result(&a[4]), "http://localhost/a/b/d/e");
    assert!(rejected(&a[5]), "{}", a[5]);
    check_hostile(&argv);
}

const URITOOLS: Py = Py {
    name: "python-uritools",
    model: "rfc3986",
    script: "python_uritools.py",
    module: "uritools",
    version: "uritools.__version__",
    prefix: "uritools ",
    install: "pip install uritools",
};

#[test]
fn uritools() {
    let Some((argv, version)) = launch(&URITOOLS) else {
        return;
    };
    let a = ask(
        &argv,
        &[
            hello(),
            // uritools' documentation (urisplit): RFC 3986's example, with the
            // userinfo, host and port properties of the result.
            parse(1, "foo://user@example.com:8042/over/there?name=ferret#nose"),
            // "components that are not defined are None" (its documentation).
            parse(2, "urn:example:animal:ferret:nose"),
            // urijoin follows RFC 3986 Section 5.2; Section 5.4.1's examples.
            resolve(3, "http://a/b/c/d;p?q", "../g"),
            resolve(4, "http://a/b/c/d;p?q", "g?y#s"),
        ],
    );
    check_hello(&URITOOLS, &a[0], &version);
    assert_parts(
        &a[1],
        &[
            ("scheme", json!("foo")),
            ("userinfo", json!("user")),
            ("host", json!("example.com")),
            ("port", json!("8042")),
            ("path", json!("/over/there")),
            ("query", json!("name=ferret")),
            ("fragment", json!("nose")),
        ],
    );
    assert_parts(
        &a[2],
        &[
            ("scheme", json!("urn")),
            ("host", Value::Null),
            ("path", json!("example:animal:ferret:nose")),
            ("query", Value::Null),
            ("fragment", Value::Null),
        ],
    );
    assert_eq!(result(&a[3]), "http://a/b/g");
    assert_eq!(result(&a[4]), "http://a/b/c/g?y#s");
    check_hostile(&argv);
}

const RFC3987: Py = Py {
    name: "python-rfc3987",
    model: "rfc3986",
    script: "python_rfc3987.py",
    module: "rfc3987",
    version: "rfc3987.__version__",
    prefix: "rfc3987 ",
    install: "pip install rfc3987 regex",
};

#[test]
fn rfc3987() {
    let Some((argv, version)) = launch(&RFC3987) else {
        return;
    };
    if python_says(&argv[0], "import regex").is_none() {
        println!("skipped: rfc3987 needs the regex module here (pip install regex)");
        return;
    }
    let a = ask(
        &argv,
        &[
            hello(),
            // rfc3987.parse's docstring: scheme, authority "tools.ietf.org", path,
            // query None, fragment "appendix-A".
            parse(1, "http://tools.ietf.org/html/rfc3986#appendix-A"),
            // Not an IRI reference: parse raises ValueError.
            parse(2, "http://a b/"),
            // rfc3987.resolve's docstring (strict by default).
            resolve(3, "urn:rootless", "../../name"),
            resolve(4, "http://a/b", "http:g"),
        ],
    );
    check_hello(&RFC3987, &a[0], &version);
    assert_parts(
        &a[1],
        &[
            ("scheme", json!("http")),
            ("host", json!("tools.ietf.org")),
            ("userinfo", Value::Null),
            ("port", Value::Null),
            ("path", json!("/html/rfc3986")),
            ("query", Value::Null),
            ("fragment", json!("appendix-A")),
        ],
    );
    assert!(rejected(&a[2]), "{}", a[2]);
    assert_eq!(result(&a[3]), "urn:name");
    assert_eq!(result(&a[4]), "http:g");
    check_hostile(&argv);
}

const ADA: Py = Py {
    name: "python-ada",
    model: "whatwg",
    script: "python_ada.py",
    module: "ada_url",
    version: "ada_url.get_version()",
    prefix: "ada ",
    install: "pip install ada-url",
};

#[test]
fn ada() {
    let Some((argv, version)) = launch(&ADA) else {
        return;
    };
    let a = ask(
        &argv,
        &[
            hello(),
            // ada_url.URL's docstring: the host of 'https://example.org:443/file.txt?q=1'
            // is 'example.org' (443 is https's default port, which the URL drops).
            parse(1, "https://example.org:443/file.txt?q=1"),
            // URL.can_parse's docstring: 'file_2.txt' against
            // 'https://example.org:443/file_1.txt' parses.
            resolve(2, "https://example.org:443/file_1.txt", "file_2.txt"),
            // Not a URL: a relative reference without a base.
            parse(3, "file_2.txt"),
        ],
    );
    check_hello(&ADA, &a[0], &version);
    assert_parts(
        &a[1],
        &[
            ("protocol", json!("https:")),
            ("hostname", json!("example.org")),
            ("port", json!("")),
            ("pathname", json!("/file.txt")),
            ("search", json!("?q=1")),
            ("hash", json!("")),
        ],
    );
    assert_eq!(result(&a[2]), "https://example.org/file_2.txt");
    assert!(rejected(&a[3]), "{}", a[3]);
    check_hostile(&argv);
}

#[test]
fn python2_urlparse_where_python2_runs_else_unavailable() {
    let script = adapter_file("python2_urlparse.py");
    let script = script.to_string_lossy().into_owned();
    let Some(version) = python_says(
        "python2.7",
        "import platform, urlparse; print(platform.python_version())",
    ) else {
        println!("skipped: python2.7 does not run here (Debian 12 has none)");
        // The registry reports it unavailable, with the install hint.
        let limits = urlcert::ask::process::Limits::default();
        match urlcert::ask::registry::by_name("python2-urlparse", limits) {
            Some(urlcert::ask::registry::Found::Unavailable { install, .. }) => {
                assert!(install.contains("python2.7"), "{install}")
            }
            Some(urlcert::ask::registry::Found::Ready(_)) => {
                panic!("python2-urlparse is ready, yet python2.7 does not run")
            }
            None => panic!("python2-urlparse is not in the registry"),
        }
        // Under Python 3 the program says why and exits 3 before answering.
        let out = Command::new("python3")
            .arg(&script)
            .stdin(Stdio::null())
            .output();
        if let Ok(out) = out {
            assert_eq!(out.status.code(), Some(3));
            assert!(out.stdout.is_empty());
        }
        return;
    };
    let argv = vec!["python2.7".to_string(), script];
    let a = ask(
        &argv,
        &[
            hello(),
            // Python 2's urlparse documentation: urlparse('http://www.cwi.nl:80/%7Eguido/Python.html').
            parse(1, "http://www.cwi.nl:80/%7Eguido/Python.html"),
            // ... and urljoin's example.
            resolve(2, "http://www.cwi.nl/%7Eguido/Python.html", "FAQ.html"),
        ],
    );
    assert_eq!(a[0]["hello"]["version"], format!("Python {version}"));
    assert_eq!(a[0]["hello"]["model"], "urlparse");
    assert_parts(
        &a[1],
        &[
            ("scheme", json!("http")),
            ("netloc", json!("www.cwi.nl:80")),
            ("path", json!("/%7Eguido/Python.html")),
            ("port", json!("80")),
        ],
    );
    assert_eq!(result(&a[2]), "http://www.cwi.nl/%7Eguido/FAQ.html");
}
