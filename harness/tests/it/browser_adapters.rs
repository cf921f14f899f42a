//! The browser adapters: `lynx_links.py`, `w3m_links.py` (resolve only) and
//! `chromium_dom.py` (resolve and links) in harness/adapters/, spoken to directly over
//! protocol v1, and Chromium's links through the harness's process client too.
//!
//! Each browser is optional: when it (or python3) is missing the test prints
//! "skipped: ..." with the install command and returns.
//!
//! Expectations are documented answers every browser gives: RFC 1808 Section 5.1's
//! examples against `http://a/b/c/d;p?q` (`../g` is `http://a/b/g`, `g;x?y#s` is
//! `http://a/b/c/g;x?y#s`, `../../g` is `http://a/g`), which RFC 3986 Section 5.4.1
//! and the WHATWG URL Standard keep. For Chromium, also the WHATWG URL Standard's
//! "IPv6-unclosed" failure (`http://[::1` does not parse, and then the HTML Standard's
//! `a.href` getter returns the attribute itself: answered `rejected`). For Chromium's
//! links: RFC 1808 Section 10's example document (`../x` under its BASE is
//! `http://www.ics.uci.edu/Test/a/x` wherever the document came from), the retrieval
//! URL as the base of a document with no BASE (RFC 1808 Section 3.3, the HTML
//! Standard's document base URL), the last URL of a redirect chain, `about:blank` as
//! the base with no retrieval URL (where a relative reference has no absolute form),
//! and no request leaving the browser.

use crate::common::pages::RFC1808_SECTION_10;
use serde_json::{json, Value};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use urlcert::ask::process::{Limits, Persistent};
use urlcert::ask::{Answer, Ask, Engine, LinkAnswer, Request};
use urlcert::page::html::URL_ATTRIBUTES;

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

/// Hello (`operations`, whatwg model, a version from the browser) and RFC 1808's
/// examples, which every browser resolves the same.
fn check_common(
    name: &str,
    browser: &str,
    check: &str,
    adapter: &str,
    operations: Value,
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
    assert_eq!(hello["operations"], operations);
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

/// The common checks of a text browser that resolves (`browser -version` says it is
/// there), and a reference that is HTML markup itself, carried as data (escaped in the
/// page), resolved.
fn text_browser_resolves(browser: &str, adapter: &str) {
    let Some(answers) = check_common(
        browser,
        browser,
        "-version",
        adapter,
        json!(["resolve"]),
        &[resolve(5, "g\"<b>&amp;")],
    ) else {
        return;
    };
    assert!(
        answers[5].get("resolved").is_some(),
        "{browser}: {}",
        answers[5]
    );
}

#[test]
fn lynx_resolves_links_under_base_href() {
    text_browser_resolves("lynx", "lynx_links.py");
}

#[test]
fn w3m_resolves_links_under_base_href() {
    text_browser_resolves("w3m", "w3m_links.py");
}

/// A program that stands for `browser`: it notes each run in `log` and then runs the
/// real one with the same arguments (exec, no shell).
fn counting(browser: &str, dir: &Path, log: &Path) -> Option<PathBuf> {
    let real = std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|d| d.join(browser))
        .find(|p| p.is_file())?;
    let path = dir.join(browser);
    std::fs::write(
        &path,
        format!(
            "#!/usr/bin/env python3\nimport os, sys\nwith open({log}, 'a') as f:\n    f.write(' '.join(sys.argv[1:2]) + '\\n')\nos.execv({real}, [{real}] + sys.argv[1:])\n",
            // JSON strings are Python string literals.
            log = json!(log.display().to_string()),
            real = json!(real.display().to_string()),
        ),
    )
    .ok()?;
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).ok()?;
    Some(path)
}

/// Resolve requests asked together get the answers each gets asked alone: RFC 3986's
/// examples and references that fight the page (quotes, markup, an ampersand, line
/// breaks and NUL, which JSON escapes, very long ones, non-ASCII, repeats, the page's
/// own marker URLs), under two bases; and the browser runs once per base, not once
/// per request.
fn text_browser_answers_together_as_alone(browser: &str, adapter: &str) {
    if !have("python3", "--version") {
        println!("skipped: python3 is not installed (apt-get install python3)");
        return;
    }
    if !have(browser, "-version") {
        println!("skipped: {browser} is not installed (apt-get install {browser})");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("runs");
    let stand_in = counting(browser, dir.path(), &log).expect("a stand-in for the browser");
    let path = std::env::join_paths(
        std::iter::once(dir.path().to_path_buf())
            .chain(std::env::split_paths(&std::env::var_os("PATH").unwrap())),
    )
    .unwrap();
    assert!(stand_in.is_file());
    // The stand-in comes first on the adapter's PATH; `env` runs the adapter with it.
    let argv: Vec<String> = vec![
        "env".into(),
        format!("PATH={}", path.to_string_lossy()),
        "python3".into(),
        script(adapter).display().to_string(),
    ];
    let long = "x".repeat(3000);
    let longish = format!("{}/{}", "y".repeat(1100), "z".repeat(200));
    // RFC 3986 Section 5.4's examples (5.4.1, then 5.4.2), as the case file has them.
    let examples = crate::common::documented::rfc3986_section_5_4("rfc3986");
    let mut references: Vec<&str> = examples.iter().map(|e| e.reference.as_str()).collect();
    references.extend([
        "g\"<b>&amp;",
        "</a><a href=\"http://urlcert.invalid/start/1\">x",
        "g'x' &lt; <i>",
        "a\nb",
        "a\r\nb",
        "nul\u{0}byte",
        &long,
        &longish,
        "\u{e9}t\u{e9}/\u{65e5}\u{672c}?q=\u{1f600}",
        "http://urlcert.invalid/start",
        "http://urlcert.invalid/end",
        "http://urlcert.invalid/start/0",
        "http://urlcert.invalid/end/3",
        "g",
        "../g",
    ]);
    let mut requests: Vec<Request> = references
        .iter()
        .map(|r| Request::Resolve {
            base: BASE.as_bytes(),
            reference: r.as_bytes(),
        })
        .collect();
    // A second base, among the first's requests: a page of its own.
    let other = b"http://other.example/x/y?z";
    for (at, reference) in [(3, &b"../w"[..]), (20, b"v"), (40, b"#f")] {
        requests.insert(
            at,
            Request::Resolve {
                base: other,
                reference,
            },
        );
    }
    let limits = Limits {
        timeout: Duration::from_secs(20),
        ..Limits::default()
    };
    let mut together = Persistent::start(argv.clone(), limits).expect("the adapter starts");
    let answers = urlcert::ask::ask_many(&mut together, &requests);
    let runs = std::fs::read_to_string(&log).unwrap_or_default();
    let pages = runs.lines().filter(|l| !l.contains("-version")).count();
    let mut alone = Persistent::start(argv, limits).expect("the adapter starts");
    assert_eq!(answers.len(), requests.len());
    for (request, answer) in requests.iter().zip(&answers) {
        assert_eq!(
            *answer,
            urlcert::ask::ask(&mut alone, request),
            "{browser}: {request:?}"
        );
    }
    // RFC 1808 Section 5.1's examples, which RFC 3986 Section 5.4.1 keeps.
    for (reference, result) in [
        ("../g", "http://a/b/g"),
        ("g;x?y#s", "http://a/b/c/g;x?y#s"),
        ("../../g", "http://a/g"),
    ] {
        let at = requests
            .iter()
            .position(|r| matches!(r, Request::Resolve { base, reference: g } if *base == BASE.as_bytes() && *g == reference.as_bytes()))
            .unwrap();
        assert_eq!(
            answers[at],
            Answer::Resolved {
                result: result.into()
            },
            "{browser}: {reference}"
        );
    }
    // One page per base and window, and one for each reference the page could not
    // answer unambiguously (those that look like markers): far fewer than requests.
    assert!(pages >= 2, "{browser}: {runs}");
    assert!(
        pages * 4 < requests.len(),
        "{browser}: {pages} runs: {runs}"
    );
}

#[test]
fn lynx_answers_resolve_requests_together_as_alone() {
    text_browser_answers_together_as_alone("lynx", "lynx_links.py");
}

#[test]
fn w3m_answers_resolve_requests_together_as_alone() {
    text_browser_answers_together_as_alone("w3m", "w3m_links.py");
}

#[test]
fn chromium_gives_the_doms_a_href_under_base_href() {
    let extra = [resolve(5, "http://[::1"), resolve(6, "#s")];
    let Some(answers) = check_common(
        "chromium",
        "chromium",
        "--version",
        "chromium_dom.py",
        json!(["resolve", "links"]),
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

/// A links request as the harness writes it: the table of URL-carrying attributes is
/// the harness's own.
fn links(id: usize, document: &str, retrieved_from: &[&str]) -> Value {
    json!({"id": id, "op": "links", "document": document, "retrieved_from": retrieved_from,
           "attributes": URL_ATTRIBUTES})
}

/// The `[href, result]` pairs of a links answer.
fn pairs(answer: &Value) -> Vec<(String, Option<String>)> {
    answer["links"]["links"]
        .as_array()
        .unwrap_or_else(|| panic!("not a links answer: {answer}"))
        .iter()
        .map(|l| {
            (
                l["href"].as_str().unwrap().to_string(),
                l["result"].as_str().map(str::to_string),
            )
        })
        .collect()
}

fn pair(href: &str, result: Option<&str>) -> (String, Option<String>) {
    (href.to_string(), result.map(str::to_string))
}

#[test]
fn chromium_answers_links_as_the_browser_loads_the_document() {
    // A listener on this machine stands for the network: nothing may connect to it.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let here = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
    let fetching = format!(
        r#"<html><head><link rel=stylesheet href="{here}/s.css"><link rel=preconnect href="{here}/">
<link rel=prefetch href="{here}/p"><script src="{here}/s.js"></script></head>
<body background="{here}/bg.png"><img src="http://192.0.2.1/unreachable.png"><img src="{here}/i.png">
<iframe src="{here}/frame"></iframe><a href="g">g</a></body></html>"#
    );
    let requests = [
        links(1, RFC1808_SECTION_10, &["http://elsewhere.example/p/q"]),
        links(
            2,
            r#"<p><a href="g">g</a> <img src="../i.gif">"#,
            &["http://h.example/a/b"],
        ),
        links(
            3,
            r#"<a href="g">g</a>"#,
            &[
                "http://first.example/a/b",
                "http://second.example/c/d",
                "http://last.example/e/f",
            ],
        ),
        links(
            4,
            r#"<a href="g">g</a> <a href="http://a.example/b/../c">c</a>"#,
            &[],
        ),
        links(5, &fetching, &["http://h.example/a/b"]),
    ];
    let start = Instant::now();
    let Some(answers) = ask("chromium", "--version", "chromium_dom.py", &requests) else {
        return;
    };
    let took = start.elapsed();
    // The BASE element wins over the retrieval URL (RFC 1808 Section 10).
    assert_eq!(
        pairs(&answers[1]),
        [pair("../x", Some("http://www.ics.uci.edu/Test/a/x"))]
    );
    assert_eq!(
        answers[1]["links"]["url"],
        json!("http://elsewhere.example/p/q")
    );
    // No BASE: the retrieval URL is the base.
    assert_eq!(
        pairs(&answers[2]),
        [
            pair("g", Some("http://h.example/a/g")),
            pair("../i.gif", Some("http://h.example/i.gif"))
        ]
    );
    // A redirect chain: the last URL counts.
    assert_eq!(
        pairs(&answers[3]),
        [pair("g", Some("http://last.example/e/g"))]
    );
    assert_eq!(answers[3]["links"]["url"], json!("http://last.example/e/f"));
    // No retrieval URL: about:blank, against which a relative reference has no
    // absolute form; an absolute one is parsed (and its dot segments removed).
    assert_eq!(
        pairs(&answers[4]),
        [
            pair("g", None),
            pair("http://a.example/b/../c", Some("http://a.example/c"))
        ]
    );
    assert_eq!(answers[4]["links"]["url"], json!("about:blank"));
    // Every attribute of the table, in document order.
    let hrefs: Vec<String> = pairs(&answers[5]).into_iter().map(|(h, _)| h).collect();
    assert_eq!(
        hrefs,
        [
            format!("{here}/s.css"),
            format!("{here}/"),
            format!("{here}/p"),
            format!("{here}/s.js"),
            format!("{here}/bg.png"),
            "http://192.0.2.1/unreachable.png".to_string(),
            format!("{here}/i.png"),
            format!("{here}/frame"),
            "g".to_string(),
        ]
    );
    // Nothing was fetched: the images the page asked for were failed by the adapter,
    // no connection reached the listener, and the run did not wait on the network.
    let blocked = answers[5]["links"]["blocked"].to_string();
    for url in [
        "http://192.0.2.1/unreachable.png".to_string(),
        format!("{here}/i.png"),
    ] {
        assert!(blocked.contains(&url), "{url} not failed: {blocked}");
    }
    std::thread::sleep(Duration::from_millis(200));
    assert!(
        listener.accept().is_err(),
        "a request reached the network: {blocked}"
    );
    assert!(took < Duration::from_secs(20), "took {took:?}");
}

#[test]
fn chromium_links_through_the_process_client() {
    if !have("python3", "--version") || !have("chromium", "--version") {
        println!("skipped: python3 or chromium is not installed (apt-get install chromium)");
        return;
    }
    let argv = vec![
        "python3".to_string(),
        script("chromium_dom.py").display().to_string(),
    ];
    let limits = Limits {
        timeout: Duration::from_secs(20),
        ..Limits::default()
    };
    let mut chromium = Persistent::start(argv, limits).expect("the chromium adapter starts");
    assert!(chromium
        .info()
        .operations
        .contains(&urlcert::ask::Operation::Links));
    let answer = chromium.links(
        RFC1808_SECTION_10.as_bytes(),
        &[b"http://elsewhere.example/p/q".to_vec()],
    );
    assert_eq!(
        answer,
        Answer::Links {
            links: vec![LinkAnswer {
                href: "../x".into(),
                result: Some("http://www.ics.uci.edu/Test/a/x".into()),
            }]
        }
    );
    // A document that is not UTF-8 is never sent.
    assert!(matches!(
        chromium.links(b"<a href=\xff>", &[]),
        Answer::Unsupported { .. }
    ));
}
