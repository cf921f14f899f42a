//! `urlcert explore`: the server answers on loopback only, to requests addressed to it,
//! within its bounds; and in a real browser (headless Chromium, when installed) a URL
//! typed into the page shows every document's answer and every parser's, as text.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};

/// A running `urlcert explore --port 0` and the address it printed.
struct Explore {
    child: Child,
    addr: String,
}

impl Explore {
    fn start() -> Explore {
        let mut child = Command::new(env!("CARGO_BIN_EXE_urlcert"))
            .args([
                "explore",
                "--port",
                "0",
                "--adapter",
                "url",
                "--adapter",
                "fluent-uri",
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .trim()
            .strip_prefix("http://")
            .and_then(|a| a.strip_suffix('/'))
            .unwrap_or_else(|| panic!("no address printed: {line:?}"))
            .to_string();
        assert!(addr.starts_with("127.0.0.1:"), "{addr}");
        Explore { child, addr }
    }

    /// One HTTP/1.0 request; the status code and body.
    fn get(&self, method: &str, path: &str, host: &str) -> (u16, String) {
        let mut s = TcpStream::connect(&self.addr).unwrap();
        write!(s, "{method} {path} HTTP/1.0\r\nHost: {host}\r\n\r\n").unwrap();
        let mut reply = String::new();
        s.read_to_string(&mut reply).unwrap();
        let status = reply
            .split(' ')
            .nth(1)
            .and_then(|c| c.parse().ok())
            .unwrap_or(0);
        let body = reply.split_once("\r\n\r\n").map(|(_, b)| b).unwrap_or("");
        (status, body.to_string())
    }

    fn api(&self, query: &str) -> serde_json::Value {
        let (status, body) = self.get("GET", &format!("/api?{query}"), &self.addr);
        assert_eq!(status, 200, "{body}");
        serde_json::from_str(&body).unwrap()
    }

    /// Ctrl-C: the server stops, saying so, with exit status 0.
    fn stop(mut self) {
        nix::sys::signal::kill(
            nix::unistd::Pid::from_raw(self.child.id() as i32),
            nix::sys::signal::Signal::SIGINT,
        )
        .unwrap();
        let status = self.child.wait().unwrap();
        let mut err = String::new();
        self.child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        assert_eq!(status.code(), Some(0), "{err}");
        assert!(err.contains("urlcert explore: stopped"), "{err}");
    }
}

#[test]
fn the_server_answers_its_own_name_within_bounds_and_stops_on_ctrl_c() {
    let e = Explore::start();
    let (status, page) = e.get("GET", "/", &e.addr);
    assert_eq!(status, 200);
    assert!(page.contains("<input id=\"input\""), "{page}");
    // A request for another host name (a DNS name pointed at 127.0.0.1) is refused.
    assert_eq!(e.get("GET", "/", "evil.example:80").0, 421);
    assert_eq!(e.get("POST", "/api", &e.addr).0, 405);
    assert_eq!(e.get("GET", "/nothing", &e.addr).0, 404);

    // RFC 3986 Section 5.4.1: "g;x" against "http://a/b/c/d;p?q" is "http://a/b/c/g;x".
    let v = e.api("input=g%3Bx&base=http%3A%2F%2Fa%2Fb%2Fc%2Fd%3Bp%3Fq");
    assert_eq!(v["documents"]["rfc3986"]["result"], "http://a/b/c/g;x");
    let steps = v["traces"]["rfc3986"]["steps"].as_array().unwrap();
    assert!(steps.iter().any(|s| s["step"] == "5.2.2"), "{steps:?}");
    assert_eq!(v["parsers"].as_array().unwrap().len(), 2);
    // The cases: RFC 3986's own example first.
    assert_eq!(v["cases"][0]["input"], "g;x", "{}", v["cases"]);

    // A parse: the rules that matched, under each document.
    let v = e.api("input=http%3A%2F%2Fa%2Fb");
    let rules = v["traces"]["rfc1738"]["rules_matched"].as_array().unwrap();
    assert!(rules.iter().any(|r| r == "httpurl"), "{rules:?}");

    // An input over the bound is cut, and the answer says so.
    let long = "a".repeat(20_000);
    let v = e.api(&format!("input=http%3A%2F%2Fh%2F{long}"));
    assert_eq!(v["cut"], 20_009 - urlcert::show::explore::MAX_INPUT);

    // More than RATE requests in one second: the rest are refused with 429.
    let statuses: Vec<u16> = (0..urlcert::show::explore::RATE + 10)
        .map(|_| e.get("GET", "/page.js", &e.addr).0)
        .collect();
    assert!(statuses.contains(&429), "{statuses:?}");
    e.stop();
}

fn chromium() -> Option<PathBuf> {
    ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.exists())
}

/// Types into the page in headless Chromium and reads what it shows; the screenshots
/// land in `target/explore-*.png` for a person to look at.
#[test]
fn in_a_browser_the_page_shows_what_the_documents_and_parsers_say() {
    if chromium().is_none() {
        println!("skipped: Chromium is not installed (apt-get install chromium)");
        return;
    }
    let e = Explore::start();
    let driver =
        crate::common::programs::repo_root().join("harness/tests/it/browser/explore_page.py");
    let shots = crate::common::programs::repo_root().join("target");
    std::fs::create_dir_all(&shots).unwrap();
    let drive = |input: &str, base: &str, shot: &str| -> serde_json::Value {
        let out = Command::new("python3")
            .arg(&driver)
            .arg(format!("http://{}/", e.addr))
            .args([input, base])
            .arg(shots.join(shot))
            .output()
            .unwrap();
        if !out.status.success() {
            panic!(
                "the browser driver failed: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        serde_json::from_slice(&out.stdout).unwrap()
    };

    let shown = drive("http://a/b/c?d#e", "", "explore-parse.png");
    assert_eq!(shown["answered"], true, "{shown}");
    let documents = shown["documents"].as_array().unwrap();
    assert_eq!(documents.len(), 9, "{shown}");
    // The October 1993 draft's httpaddress takes it whole; RFC 1738 has no fragment.
    assert_eq!(documents[0][0], "draft-02");
    assert_eq!(documents[0][1], "valid (httpaddress)");
    assert_eq!(documents[3][0], "rfc1738");
    assert_eq!(documents[3][1], "invalid");
    // The URL Standard's basic URL parser returns a URL for it.
    assert_eq!(documents[8][0], "url-standard");
    assert!(
        documents[8][1].as_str().unwrap().starts_with("valid"),
        "{shown}"
    );
    let parsers = shown["parsers"].as_array().unwrap();
    assert_eq!(parsers.len(), 2, "{shown}");
    assert!(
        parsers[0][0].as_str().unwrap().starts_with("url "),
        "{shown}"
    );

    let shown = drive("../g", "http://a/b/c/d;p?q", "explore-resolve.png");
    assert_eq!(shown["answered"], true, "{shown}");
    let rfc3986 = shown["documents"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d[0] == "rfc3986")
        .unwrap()
        .clone();
    assert_eq!(rfc3986[2], "\"http://a/b/g\"", "{shown}");

    // Markup in an input is shown as text: no element is made of it.
    let shown = drive(
        "http://h/<img src=x onerror=alert(1)>\n",
        "",
        "explore-hostile.png",
    );
    assert_eq!(shown["answered"], true, "{shown}");
    assert_eq!(shown["images"], 0, "{shown}");
    assert_eq!(shown["scripts"], 1, "{shown}");
    e.stop();
}
