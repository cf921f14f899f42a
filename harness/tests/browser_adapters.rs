//! The browser adapters (resolve only): `lynx_links.py`, `w3m_links.py` and
//! `chromium_dom.py` in harness/adapters/, spoken to directly over protocol v1.
//!
//! Each browser is optional: when it (or python3) is missing the test prints
//! "skipped: ..." with the install command and returns.
//!
//! Expectations are documented answers every browser gives: RFC 1808 Section 5.1's
//! examples against `http://a/b/c/d;p?q` (`../g` is `http://a/b/g`, `g;x?y#s` is
//! `http://a/b/c/g;x?y#s`, `../../g` is `http://a/g`), which RFC 3986 Section 5.4.1
//! and the WHATWG URL Standard keep. For Chromium, also the WHATWG URL Standard's
//! "IPv6-unclosed" failure (`http://[::1` does not parse, and then the HTML Standard's
//! `a.href` getter returns the attribute itself: answered `rejected`).

use serde_json::{json, Value};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const BASE: &str = "http://a/b/c/d;p?q";

fn script(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("adapters")
        .join(name)
}

fn have(program: &str, arg: &str) -> bool {
    Command::new(program)
        .arg(arg)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// The adapter's answers to hello and then to `requests`, or why it cannot run.
fn ask(browser: &str, check: &str, adapter: &str, requests: &[Value]) -> Option<Vec<Value>> {
    if !have("python3", "--version") {
        println!("skipped: python3 is not installed (apt-get install python3)");
        return None;
    }
    if !have(browser, check) {
        println!("skipped: {browser} is not installed (apt-get install {browser})");
        return None;
    }
    let mut child = Command::new("python3")
        .arg(script(adapter))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("python3 starts");
    {
        let mut stdin = child.stdin.take().unwrap();
        let hello = json!({"id": 0, "op": "hello", "protocol": 1});
        for r in std::iter::once(&hello).chain(requests) {
            writeln!(stdin, "{r}").unwrap();
        }
    }
    let out = child.wait_with_output().expect("the adapter ends at EOF");
    assert!(out.status.success(), "{adapter} exited with {}", out.status);
    let answers: Vec<Value> = String::from_utf8(out.stdout)
        .expect("UTF-8 answers")
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    assert_eq!(answers.len(), requests.len() + 1, "{answers:?}");
    for (i, a) in answers.iter().enumerate() {
        assert_eq!(a["id"], json!(i), "{a}");
    }
    Some(answers)
}

fn resolve(id: usize, reference: &str) -> Value {
    json!({"id": id, "op": "resolve", "base": BASE, "reference": reference})
}

/// Hello (resolve only, whatwg model, a version from the browser) and RFC 1808's
/// examples, which every browser resolves the same.
fn check_common(
    name: &str,
    browser: &str,
    check: &str,
    adapter: &str,
    extra: &[Value],
) -> Option<Vec<Value>> {
    let mut requests = vec![
        resolve(1, "../g"),
        resolve(2, "g;x?y#s"),
        resolve(3, "../../g"),
        json!({"id": 4, "op": "parse", "input": "http://h/"}),
    ];
    requests.extend_from_slice(extra);
    let answers = ask(browser, check, adapter, &requests)?;
    let hello = &answers[0]["hello"];
    assert_eq!(hello["name"], json!(name));
    assert_eq!(hello["model"], json!("whatwg"));
    assert_eq!(hello["operations"], json!(["resolve"]));
    assert!(
        hello["version"].as_str().is_some_and(|v| !v.is_empty()),
        "{hello}"
    );
    assert_eq!(answers[1]["resolved"]["result"], json!("http://a/b/g"));
    assert_eq!(
        answers[2]["resolved"]["result"],
        json!("http://a/b/c/g;x?y#s")
    );
    assert_eq!(answers[3]["resolved"]["result"], json!("http://a/g"));
    assert!(answers[4].get("unsupported").is_some(), "{}", answers[4]);
    Some(answers)
}

#[test]
fn lynx_resolves_links_under_base_href() {
    // A reference that is HTML markup itself is carried as data (escaped in the page).
    let Some(answers) = check_common(
        "lynx",
        "lynx",
        "-version",
        "lynx_links.py",
        &[resolve(5, "g\"<b>&amp;")],
    ) else {
        return;
    };
    assert!(answers[5].get("resolved").is_some(), "{}", answers[5]);
}

#[test]
fn w3m_resolves_links_under_base_href() {
    let Some(answers) = check_common(
        "w3m",
        "w3m",
        "-version",
        "w3m_links.py",
        &[resolve(5, "g\"<b>&amp;")],
    ) else {
        return;
    };
    assert!(answers[5].get("resolved").is_some(), "{}", answers[5]);
}

#[test]
fn chromium_gives_the_doms_a_href_under_base_href() {
    let extra = [resolve(5, "http://[::1"), resolve(6, "#s")];
    let Some(answers) = check_common(
        "chromium",
        "chromium",
        "--version",
        "chromium_dom.py",
        &extra,
    ) else {
        return;
    };
    // WHATWG URL Standard: "IPv6-unclosed" is a failure.
    assert!(answers[5].get("rejected").is_some(), "{}", answers[5]);
    // A fragment-only reference keeps the base's query (RFC 3986 Section 5.2.2, the
    // WHATWG URL Standard's fragment state).
    assert_eq!(
        answers[6]["resolved"]["result"],
        json!("http://a/b/c/d;p?q#s")
    );
}
