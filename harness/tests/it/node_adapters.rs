//! The Node adapters in harness/adapters/ (node_*.js, sharing _protocol.js), spoken to
//! directly over protocol v1 (JSON lines on stdin/stdout, see ADAPTERS.md): hello, a
//! couple of answers each parser documents, and hello's version against the package's
//! own package.json.
//!
//! node and the npm packages are optional (`bash harness/adapters/install node` puts the
//! packages in `.deps/node_modules`, or `$URLCERT_DEPS/node_modules`). When one is
//! missing the test prints "skipped: ..." with the install command and returns.
//!
//! Expectations come from each parser's own documentation, cited beside them.

use serde_json::{json, Value};
use std::process::{Command, Stdio};

use crate::common::programs::{adapter_file, answers, deps_dir};

const INSTALL: &str = "bash harness/adapters/install node";

/// Why the adapter cannot run here, or `None` when it can.
fn unavailable(package: Option<&str>) -> Option<String> {
    let node = Command::new("node")
        .arg("--version")
        .stdin(Stdio::null())
        .output();
    if !node.is_ok_and(|o| o.status.success()) {
        return Some("node is not installed (apt-get install nodejs)".into());
    }
    let package = package?;
    let modules = deps_dir().join("node_modules");
    let check = format!(
        "require.resolve({package:?}, {{paths: [{:?}, ...module.paths]}})",
        modules.to_string_lossy()
    );
    let found = Command::new("node")
        .args(["-e", &check])
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    (!found).then(|| format!("the npm package {package} is not installed ({INSTALL})"))
}

/// Sends `requests` (ids 0, 1, ...) to the adapter as one persistent process, then
/// closes its standard input; its answers, one per request, in order.
fn exchange(script: &str, requests: &[Value]) -> Vec<Value> {
    let requests: Vec<Value> = requests
        .iter()
        .enumerate()
        .map(|(id, request)| {
            let mut request = request.clone();
            request["id"] = json!(id);
            request
        })
        .collect();
    let mut command = Command::new("node");
    command
        .arg(adapter_file(script))
        .env("URLCERT_DEPS", deps_dir());
    answers(command, script, &requests)
}

type Components = &'static [(&'static str, Option<&'static str>)];

struct Spec {
    name: &'static str,
    script: &'static str,
    /// The npm package, `None` for Node's built-in modules.
    package: Option<&'static str>,
    model: &'static str,
    /// (input, components it must report)
    valid: &'static [(&'static str, Components)],
    /// Inputs the parser refuses.
    invalid: &'static [&'static str],
    /// (base, reference, result)
    resolutions: &'static [(&'static str, &'static str, &'static str)],
}

fn check(spec: &Spec) {
    if let Some(why) = unavailable(spec.package) {
        println!("skipped: {}: {why}", spec.name);
        return;
    }
    let mut requests = vec![json!({"op": "hello", "protocol": 1})];
    requests.extend(
        spec.valid
            .iter()
            .map(|(input, _)| json!({"op": "parse", "input": input})),
    );
    requests.extend(
        spec.invalid
            .iter()
            .map(|input| json!({"op": "parse", "input": input})),
    );
    requests.extend(
        spec.resolutions
            .iter()
            .map(|(b, r, _)| json!({"op": "resolve", "base": b, "reference": r})),
    );
    let answers = exchange(spec.script, &requests);
    let mut answers = answers.iter();

    let hello = &answers.next().unwrap()["hello"];
    assert_eq!(hello["name"], json!(spec.name), "{hello}");
    assert_eq!(hello["model"], json!(spec.model), "{hello}");
    assert_eq!(hello["operations"], json!(["parse", "resolve"]), "{hello}");

    for (input, expected) in spec.valid {
        let answer = answers.next().unwrap();
        let components = &answer["parsed"]["components"];
        assert!(components.is_object(), "{}: {input:?}: {answer}", spec.name);
        for (key, value) in *expected {
            assert_eq!(
                components[*key],
                json!(value),
                "{}: {input:?}, component {key}: {answer}",
                spec.name
            );
        }
    }
    for input in spec.invalid {
        let answer = answers.next().unwrap();
        assert!(
            answer["rejected"]["message"].is_string(),
            "{}: {input:?} should be rejected: {answer}",
            spec.name
        );
    }
    for (base, reference, result) in spec.resolutions {
        let answer = answers.next().unwrap();
        assert_eq!(
            answer["resolved"]["result"],
            json!(result),
            "{}: {reference:?} against {base:?}: {answer}",
            spec.name
        );
    }
}

/// hello's version names the package's `version` from its own package.json.
fn check_version(name: &str, script: &str, package: &str) {
    if let Some(why) = unavailable(Some(package)) {
        println!("skipped: {name}: {why}");
        return;
    }
    let file = deps_dir()
        .join("node_modules")
        .join(package)
        .join("package.json");
    let Ok(text) = std::fs::read_to_string(&file) else {
        println!(
            "skipped: {name}: {package} is not in {} (found elsewhere on Node's paths)",
            file.display()
        );
        return;
    };
    let meta: Value = serde_json::from_str(&text).expect("package.json is JSON");
    let version = meta["version"]
        .as_str()
        .expect("package.json has a version");
    let answers = exchange(script, &[json!({"op": "hello", "protocol": 1})]);
    assert_eq!(
        answers[0]["hello"]["version"],
        json!(format!("{package} {version}")),
        "{name}"
    );
}

// ---- whatwg-url: the reference implementation of the WHATWG URL Standard -------------
// Its README: "This package implements the URL class" of the URL Standard, so the
// Standard's own examples (Section 4.3, URL parsing; Section 6.1, the URL class) apply.

#[test]
fn whatwg_url_answers_the_standard_examples() {
    check(&Spec {
        name: "node-whatwg-url",
        script: "node_whatwg_url.js",
        package: Some("whatwg-url"),
        model: "whatwg",
        valid: &[
            (
                "https://EXAMPLE.com/../x",
                &[
                    ("protocol", Some("https:")),
                    ("hostname", Some("example.com")),
                    ("port", Some("")),
                    ("pathname", Some("/x")),
                    ("search", Some("")),
                    ("hash", Some("")),
                ],
            ),
            (
                "https://example.org/foo bar",
                &[("pathname", Some("/foo%20bar"))],
            ),
        ],
        // "https://ex ample.org/" and "https://example.com:demo" are the Standard's
        // examples of failure.
        invalid: &["https://ex ample.org/", "https://example.com:demo"],
        resolutions: &[
            (
                "https://example.com/demo",
                "example",
                "https://example.com/example",
            ),
            ("file:///C:/demo", "..", "file:///C:/"),
        ],
    });
}

#[test]
fn whatwg_url_version_is_its_package_json() {
    check_version("node-whatwg-url", "node_whatwg_url.js", "whatwg-url");
}

// ---- uri-js and fast-uri: RFC 3986 ----------------------------------------------------
// Both READMEs: `parse("uri://user:pass@example.com:123/one/two.three?q1=a1&q2=a2#body")`
// returns scheme "uri", userinfo "user:pass", host "example.com", port 123, path
// "/one/two.three", query "q1=a1&q2=a2", fragment "body"; and
// `resolve("uri://a/b/c/d?q", "../../g")` is "uri://a/g".

const README_URI: &str = "uri://user:pass@example.com:123/one/two.three?q1=a1&q2=a2#body";
const README_COMPONENTS: Components = &[
    ("scheme", Some("uri")),
    ("userinfo", Some("user:pass")),
    ("host", Some("example.com")),
    ("port", Some("123")),
    ("path", Some("/one/two.three")),
    ("query", Some("q1=a1&q2=a2")),
    ("fragment", Some("body")),
];

#[test]
fn uri_js_answers_its_readme() {
    check(&Spec {
        name: "node-uri-js",
        script: "node_uri_js.js",
        package: Some("uri-js"),
        model: "rfc3986",
        valid: &[(README_URI, README_COMPONENTS)],
        invalid: &[],
        resolutions: &[("uri://a/b/c/d?q", "../../g", "uri://a/g")],
    });
}

#[test]
fn uri_js_version_is_its_package_json() {
    check_version("node-uri-js", "node_uri_js.js", "uri-js");
}

#[test]
fn fast_uri_answers_its_readme() {
    check(&Spec {
        name: "node-fast-uri",
        script: "node_fast_uri.js",
        package: Some("fast-uri"),
        model: "rfc3986",
        valid: &[(README_URI, README_COMPONENTS)],
        invalid: &[],
        resolutions: &[("uri://a/b/c/d?q", "../../g", "uri://a/g")],
    });
}

#[test]
fn fast_uri_version_is_its_package_json() {
    check_version("node-fast-uri", "node_fast_uri.js", "fast-uri");
}

// ---- urijs (URI.js) -------------------------------------------------------------------
// Its README's API example: `URI("http://example.org/foo.html?hello=world")`, whose
// `.username("rodneyrehm")` gives "http://rodneyrehm@example.org/foo.html?hello=world";
// and `URI("../baz.html").absoluteTo("/foo/bar/sub/world.html")` is "/foo/bar/baz.html"
// (the README's relativeTo/absoluteTo example). Its documentation (docs.html, "Getters"):
// `port()` and the others return strings; `new URI` throws on an invalid port
// ("Port ... is not a valid port", `URI.ensureValidPort`).

#[test]
fn urijs_answers_its_readme() {
    check(&Spec {
        name: "node-urijs",
        script: "node_urijs.js",
        package: Some("urijs"),
        model: "rfc3986",
        valid: &[
            (
                "http://example.org/foo.html?hello=world",
                &[
                    ("scheme", Some("http")),
                    ("userinfo", None),
                    ("host", Some("example.org")),
                    ("port", None),
                    ("path", Some("/foo.html")),
                    ("query", Some("hello=world")),
                    ("fragment", None),
                ],
            ),
            (
                "http://rodneyrehm@example.org/foo.html?hello=world",
                &[
                    ("userinfo", Some("rodneyrehm")),
                    ("host", Some("example.org")),
                ],
            ),
        ],
        invalid: &["http://example.org:99999/"],
        resolutions: &[(
            "/foo/bar/sub/world.html",
            "../baz.html",
            "/foo/bar/baz.html",
        )],
    });
}

#[test]
fn urijs_version_is_its_package_json() {
    check_version("node-urijs", "node_urijs.js", "urijs");
}

// ---- url-parse ------------------------------------------------------------------------
// Its README: `new Url('https://github.com/foo/bar')`; the properties `protocol` ("The
// protocol scheme of the URL (e.g. `http:`)"), `hostname`, `pathname`, `hash` ("including
// the pound-sign (`#`)"), `query` a string when not parsed; and the second argument is
// "the base URL to use in case `url` is a relative URL".

#[test]
fn url_parse_answers_its_readme() {
    check(&Spec {
        name: "node-url-parse",
        script: "node_url_parse.js",
        package: Some("url-parse"),
        model: "whatwg",
        valid: &[(
            "https://github.com/foo/bar?x=1#top",
            &[
                ("protocol", Some("https:")),
                ("hostname", Some("github.com")),
                ("pathname", Some("/foo/bar")),
                ("search", Some("?x=1")),
                ("hash", Some("#top")),
            ],
        )],
        invalid: &[],
        resolutions: &[(
            "https://github.com/a/b",
            "/foo/bar",
            "https://github.com/foo/bar",
        )],
    });
}

#[test]
fn url_parse_version_is_its_package_json() {
    check_version("node-url-parse", "node_url_parse.js", "url-parse");
}

// ---- Node's legacy url.parse / url.resolve --------------------------------------------
// The Node.js documentation, "Legacy URL API": the example
// 'https://user:pass@sub.example.com:8080/p/a/t/h?query=string#hash' has protocol
// 'https:', auth 'user:pass', hostname 'sub.example.com', port '8080', pathname
// '/p/a/t/h', search '?query=string', hash '#hash'; and url.resolve's examples:
// ('/one/two/three', 'four') is '/one/two/four', ('http://example.com/', '/one') is
// 'http://example.com/one', ('http://example.com/one', '/two') is
// 'http://example.com/two'. "A TypeError is thrown if urlString is not a string" is the
// only documented throw a string cannot avoid, so no rejection is tested here.

#[test]
fn node_url_legacy_answers_the_node_docs() {
    check(&Spec {
        name: "node-url-legacy",
        script: "node_url_legacy.js",
        package: None,
        model: "whatwg",
        valid: &[(
            "https://user:pass@sub.example.com:8080/p/a/t/h?query=string#hash",
            &[
                ("protocol", Some("https:")),
                ("username", Some("user")),
                ("password", Some("pass")),
                ("hostname", Some("sub.example.com")),
                ("port", Some("8080")),
                ("pathname", Some("/p/a/t/h")),
                ("search", Some("?query=string")),
                ("hash", Some("#hash")),
            ],
        )],
        invalid: &[],
        resolutions: &[
            ("/one/two/three", "four", "/one/two/four"),
            ("http://example.com/", "/one", "http://example.com/one"),
            ("http://example.com/one", "/two", "http://example.com/two"),
        ],
    });
}

#[test]
fn node_url_legacy_version_is_nodes() {
    if let Some(why) = unavailable(None) {
        println!("skipped: node-url-legacy: {why}");
        return;
    }
    let out = Command::new("node")
        .arg("--version")
        .output()
        .expect("node --version");
    let version = String::from_utf8_lossy(&out.stdout).trim().to_string();
    let answers = exchange(
        "node_url_legacy.js",
        &[json!({"op": "hello", "protocol": 1})],
    );
    assert_eq!(
        answers[0]["hello"]["version"],
        json!(format!("Node.js {version}"))
    );
}

/// Without its package an adapter says why on standard error and exits non-zero before
/// answering (ADAPTERS.md, "Unavailable adapters").
#[test]
fn a_missing_package_ends_the_adapter_with_the_reason() {
    if let Some(why) = unavailable(None) {
        println!("skipped: {why}");
        return;
    }
    let empty = std::env::temp_dir().join(format!("urlcert-no-deps-{}", std::process::id()));
    std::fs::create_dir_all(&empty).unwrap();
    for script in [
        "node_whatwg_url.js",
        "node_uri_js.js",
        "node_fast_uri.js",
        "node_urijs.js",
        "node_url_parse.js",
    ] {
        let out = Command::new("node")
            .arg(adapter_file(script))
            .env("URLCERT_DEPS", &empty)
            // Node's own paths must not find a global copy either.
            .env_remove("NODE_PATH")
            .current_dir(&empty)
            .stdin(Stdio::null())
            .output()
            .expect("node starts");
        if out.status.success() {
            // A copy on Node's global paths: nothing to check here.
            println!("skipped: {script}: its package is on Node's own paths");
            continue;
        }
        assert_eq!(out.status.code(), Some(3), "{script}");
        assert!(out.stdout.is_empty(), "{script}: no answer");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("unavailable"), "{script}: {stderr}");
    }
    let _ = std::fs::remove_dir_all(&empty);
}
