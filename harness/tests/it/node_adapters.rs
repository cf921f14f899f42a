//! The Node adapters in harness/adapters/ (node_*.js, sharing _protocol.js), spoken to
//! directly over protocol v1 (JSON lines on stdin/stdout, see ADAPTERS.md): hello, a
//! couple of answers each parser documents, and hello's version against the package's
//! own package.json.
//!
//! node and the npm packages are optional (`bash harness/adapters/install node` puts the
//! packages in `.deps/node_modules`, or `$URLCERT_DEPS/node_modules`). When one is
//! missing the test prints "skipped: ..." with the install command and returns.
//!
//! Expectations come from each parser's own documentation, cited beside them in
//! documented.yaml.

use serde_json::{json, Value};
use std::process::{Command, Stdio};

use crate::common::documented::{documented, Reply};
use crate::common::programs::{adapter_file, answers, assert_unavailable, deps_dir};

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

/// The adapters: name, program, the npm package (`None` for Node's built-in modules), and
/// model. What each answers is in documented.yaml, with the documentation it comes from.
const ADAPTERS: &[(&str, &str, Option<&str>, &str)] = &[
    (
        "node-whatwg-url",
        "node_whatwg_url.js",
        Some("whatwg-url"),
        "whatwg",
    ),
    ("node-uri-js", "node_uri_js.js", Some("uri-js"), "rfc3986"),
    (
        "node-fast-uri",
        "node_fast_uri.js",
        Some("fast-uri"),
        "rfc3986",
    ),
    ("node-urijs", "node_urijs.js", Some("urijs"), "rfc3986"),
    (
        "node-url-parse",
        "node_url_parse.js",
        Some("url-parse"),
        "whatwg",
    ),
    ("node-url-legacy", "node_url_legacy.js", None, "whatwg"),
];

/// The program and package of the adapter `name`.
fn adapter(name: &str) -> (&'static str, Option<&'static str>, &'static str) {
    ADAPTERS
        .iter()
        .find(|(n, ..)| *n == name)
        .map(|&(_, script, package, model)| (script, package, model))
        .unwrap_or_else(|| panic!("{name} is not a Node adapter"))
}

/// The hello, then the answers the adapter's documentation gives.
fn check(name: &str) {
    let (script, package, model) = adapter(name);
    if let Some(why) = unavailable(package) {
        println!("skipped: {name}: {why}");
        return;
    }
    let documented = documented(name);
    let mut requests = vec![json!({"op": "hello", "protocol": 1})];
    requests.extend(documented.requests().iter().map(|r| r.to_protocol(0)));
    let answers = exchange(script, &requests);

    let hello = &answers[0]["hello"];
    assert_eq!(hello["name"], json!(name), "{hello}");
    assert_eq!(hello["model"], json!(model), "{hello}");
    assert_eq!(hello["operations"], json!(["parse", "resolve"]), "{hello}");
    documented.check(name, answers[1..].iter().map(Reply::from_protocol));
}

/// hello's version names the package's `version` from its own package.json.
fn check_version(name: &str) {
    let (script, package, _) = adapter(name);
    let package = package.expect("an npm package");
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

macro_rules! adapter_tests {
    ($($check:ident: $($test:ident => $name:literal),*;)*) => {$($(
        #[test]
        fn $test() {
            $check($name)
        }
    )*)*};
}

adapter_tests! {
    // whatwg-url implements the URL Standard: the Standard's own examples apply.
    check:
        whatwg_url_answers_the_standard_examples => "node-whatwg-url",
        uri_js_answers_its_readme => "node-uri-js",
        fast_uri_answers_its_readme => "node-fast-uri",
        urijs_answers_its_readme => "node-urijs",
        url_parse_answers_its_readme => "node-url-parse",
        node_url_legacy_answers_the_node_docs => "node-url-legacy";
    check_version:
        whatwg_url_version_is_its_package_json => "node-whatwg-url",
        uri_js_version_is_its_package_json => "node-uri-js",
        fast_uri_version_is_its_package_json => "node-fast-uri",
        urijs_version_is_its_package_json => "node-urijs",
        url_parse_version_is_its_package_json => "node-url-parse";
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
    let packaged = ADAPTERS.iter().filter(|(.., package, _)| package.is_some());
    for &(_, script, ..) in packaged {
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
        assert_unavailable(&out, script, "unavailable");
    }
    let _ = std::fs::remove_dir_all(&empty);
}
