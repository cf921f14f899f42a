//! The Python adapters for the `yarl`, `hyperlink`, `uritools`, `rfc3987` and `ada-url`
//! packages and for Python 2's `urlparse`, spoken to over protocol v1 (ADAPTERS.md):
//! each program gets its requests on standard input, answers until EOF, and is checked
//! against answers from its parser's own documentation (documented.yaml, cited at each).
//!
//! The packages are optional: the Python used is the install command's virtual
//! environment (`$URLCERT_DEPS/venv`, `.deps/venv`), as the registry does, else
//! `python3`. A package that does not import there makes its test print "skipped: ..."
//! with the install command and return.

use serde_json::{json, Value};
use std::process::{Command, Stdio};

use crate::common::documented::{documented, Reply};
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
    /// Another module the parser needs, and the skip message when it does not import.
    needs: Option<(&'static str, &'static str)>,
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
    if let Some((module, why)) = p.needs {
        if python_says(&py, &format!("import {module}")).is_none() {
            println!("skipped: {why}");
            return None;
        }
    }
    let script = adapter_file(p.script);
    Some((vec![py, script.to_string_lossy().into_owned()], version))
}

fn hello() -> Value {
    json!({"id": 0, "op": "hello", "protocol": 1})
}

/// The hello, then the documented answers: ids 0, 1, ...
fn ask_documented(name: &str, argv: &[String]) -> Vec<Value> {
    let documented = documented(name);
    let mut requests = vec![hello()];
    requests.extend(
        (1..)
            .zip(documented.requests())
            .map(|(id, r)| r.to_protocol(id)),
    );
    let answers = ask(argv, &requests);
    documented.check(name, answers[1..].iter().map(Reply::from_protocol));
    answers
}

/// The hello is well formed, and its version is the one the parser itself prints.
fn check_hello(p: &Py, answer: &Value, version: &str) {
    let h = &answer["hello"];
    assert_eq!(h["name"], p.name, "{answer}");
    assert_eq!(h["model"], p.model, "{answer}");
    assert_eq!(h["operations"], json!(["parse", "resolve"]), "{answer}");
    assert_eq!(h["version"], format!("{}{version}", p.prefix), "{answer}");
}

/// Hostile requests get answers, not a dead process: NUL and a lone surrogate in a JSON
/// string, an unknown op, and a line that is not JSON (as the shared `_protocol.py`).
fn check_hostile(argv: &[String]) {
    let answers = ask(
        argv,
        &[
            hello(),
            json!({"id": 1, "op": "parse", "input": "http://h/\u{0}x"}),
            json!({"id": 2, "op": "parse", "input": "\u{fffd}"}),
            json!({"id": 3, "op": "frobnicate"}),
        ],
    );
    assert!(answers[1].get("id").is_some());
    assert!(answers[3].get("unsupported").is_some(), "{}", answers[3]);
}

/// The adapter `p`, where its package imports: its hello, its documented answers, and
/// hostile requests.
fn check(p: &Py) {
    let Some((argv, version)) = launch(p) else {
        return;
    };
    let answers = ask_documented(p.name, &argv);
    check_hello(p, &answers[0], &version);
    check_hostile(&argv);
}

const YARL: Py = Py {
    name: "python-yarl",
    model: "urlparse",
    script: "python_yarl.py",
    module: "yarl",
    version: "yarl.__version__",
    prefix: "yarl ",
    install: "pip install yarl",
    needs: None,
};

const HYPERLINK: Py = Py {
    name: "python-hyperlink",
    model: "urlparse",
    script: "python_hyperlink.py",
    module: "importlib.metadata",
    version: "importlib.metadata.version('hyperlink')",
    prefix: "hyperlink ",
    install: "pip install hyperlink",
    needs: Some((
        "hyperlink",
        "hyperlink is not installed (pip install hyperlink)",
    )),
};

const URITOOLS: Py = Py {
    name: "python-uritools",
    model: "rfc3986",
    script: "python_uritools.py",
    module: "uritools",
    version: "uritools.__version__",
    prefix: "uritools ",
    install: "pip install uritools",
    needs: None,
};

const RFC3987: Py = Py {
    name: "python-rfc3987",
    model: "rfc3986",
    script: "python_rfc3987.py",
    module: "rfc3987",
    version: "rfc3987.__version__",
    prefix: "rfc3987 ",
    install: "pip install rfc3987 regex",
    needs: Some((
        "regex",
        "rfc3987 needs the regex module here (pip install regex)",
    )),
};

const ADA: Py = Py {
    name: "python-ada",
    model: "whatwg",
    script: "python_ada.py",
    module: "ada_url",
    version: "ada_url.get_version()",
    prefix: "ada ",
    install: "pip install ada-url",
    needs: None,
};

macro_rules! adapter_tests {
    ($($test:ident => $adapter:expr;)*) => {$(
        #[test]
        fn $test() {
            check(&$adapter)
        }
    )*};
}

adapter_tests! {
    yarl => YARL;
    hyperlink => HYPERLINK;
    uritools => URITOOLS;
    rfc3987 => RFC3987;
    ada => ADA;
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
    let a = ask_documented("python2-urlparse", &argv);
    assert_eq!(a[0]["hello"]["version"], format!("Python {version}"));
    assert_eq!(a[0]["hello"]["model"], "urlparse");
}
