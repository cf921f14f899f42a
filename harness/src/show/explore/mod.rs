//! `urlcert explore`: a page served on 127.0.0.1 where a person types a URL (and
//! optionally a base) and sees, as they type, what `compare` shows: the nine
//! documents' verdicts with each one's trace (the rules that matched, or the
//! resolution's steps), the components side by side, the cases that hold that input or
//! a nearby one with their quoted sentences, and every installed parser's answer with
//! the documents it differs from.
//!
//! What it serves is bounded and escaped: it listens on loopback only and answers only
//! requests addressed to it by that name (a page elsewhere cannot reach it through a
//! DNS name that points at 127.0.0.1); an input longer than [`MAX_INPUT`] is cut, and
//! the answer says so; at most [`RATE`] requests a second are answered, the rest get
//! 429; the page builds its text with `textContent` only, never markup from an answer,
//! under a Content-Security-Policy that allows its own script and nothing else. Each
//! parser lives in a thread of its own for the life of the server and is given
//! [`Pool::wait`] to answer; one that does not is one faulted answer, never a hung page.

mod pool;

pub use pool::Pool;

use crate::case::{LoadedCase, Suite};
use crate::show::compare;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};
use tiny_http::{Header, Request, Response, Server};
use urlcert_reference::{parse_with_coverage, resolve, DocReading, Document, Rule};

/// The longest input (and base) the page asks about, in bytes.
pub const MAX_INPUT: usize = 8 * 1024;

/// The most requests answered in one second.
pub const RATE: usize = 30;

/// How many cases the page lists for one input.
const CASES_SHOWN: usize = 8;

const PAGE: &str = include_str!("page.html");
const SCRIPT: &str = include_str!("page.js");

/// The page's policy: its own script, styles in the page, requests to itself only.
const POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// A server ready to answer, bound to 127.0.0.1.
pub struct Explorer {
    server: Server,
    addr: SocketAddr,
    pool: Pool,
    suite: Suite,
    window: (Instant, usize),
}

impl Explorer {
    /// Binds 127.0.0.1:`port` (0: any free port) and starts the parsers of `pool`.
    pub fn bind(port: u16, pool: Pool, suite: Suite) -> Result<Explorer, String> {
        let server = Server::http(("127.0.0.1", port))
            .map_err(|e| format!("cannot listen on 127.0.0.1:{port}: {e}"))?;
        let addr = server
            .server_addr()
            .to_ip()
            .ok_or("the server has no IP address")?;
        Ok(Explorer {
            server,
            addr,
            pool,
            suite,
            window: (Instant::now(), 0),
        })
    }

    /// The page's address.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// Answers requests until the first Ctrl-C (or SIGTERM, SIGHUP).
    pub fn serve(mut self) {
        crate::run::interrupt::graceful();
        while !crate::run::interrupt::STOP.load(Ordering::SeqCst) {
            match self.server.recv_timeout(Duration::from_millis(200)) {
                Ok(Some(request)) => self.answer(request),
                Ok(None) => {}
                Err(e) => eprintln!("urlcert explore: {e}"),
            }
        }
    }

    fn answer(&mut self, request: Request) {
        let response = self.response(&request);
        // A client that went away is not an error of the server's.
        let _ = request.respond(response);
    }

    fn response(&mut self, request: &Request) -> Response<std::io::Cursor<Vec<u8>>> {
        if !self.addressed_to_us(request) {
            return text(
                421,
                "text/plain",
                "this server answers only requests to 127.0.0.1 or localhost",
            );
        }
        if request.method() != &tiny_http::Method::Get {
            return text(405, "text/plain", "only GET");
        }
        if !self.within_rate() {
            return text(
                429,
                "application/json",
                r#"{"error":"too many requests: at most 30 a second"}"#,
            );
        }
        let url = request.url();
        let (path, query) = url.split_once('?').unwrap_or((url, ""));
        match path {
            "/" => text(200, "text/html; charset=utf-8", PAGE),
            "/page.js" => text(200, "text/javascript; charset=utf-8", SCRIPT),
            "/api" => {
                let (input, base) = query_of(query);
                let body = self.api(input.as_bytes(), base.as_deref().map(str::as_bytes));
                text(200, "application/json", &body.to_string())
            }
            _ => text(404, "text/plain", "not found"),
        }
    }

    /// The Host header names this server: 127.0.0.1 or localhost, at its port.
    fn addressed_to_us(&self, request: &Request) -> bool {
        let port = self.addr.port();
        request
            .headers()
            .iter()
            .find(|h| h.field.equiv("Host"))
            .is_some_and(|h| {
                let host = h.value.as_str();
                host == format!("127.0.0.1:{port}") || host == format!("localhost:{port}")
            })
    }

    fn within_rate(&mut self) -> bool {
        let (start, count) = &mut self.window;
        if start.elapsed() >= Duration::from_secs(1) {
            *start = Instant::now();
            *count = 0;
        }
        *count += 1;
        *count <= RATE
    }

    /// The answer to one input: `compare`'s JSON, each document's trace, the cases.
    pub fn api(&self, input: &[u8], base: Option<&[u8]>) -> Value {
        let base = base.filter(|b| !b.is_empty());
        let comparison = compare::compare(base, input, MAX_INPUT, &self.pool);
        let (input, base) = (&comparison.input[..], comparison.base.as_deref());
        let mut out = compare::json(&comparison);
        out["max_input"] = json!(MAX_INPUT);
        out["traces"] = traces(base, input);
        out["cases"] = Value::Array(
            nearby(&self.suite.cases, base, input)
                .into_iter()
                .map(case_json)
                .collect(),
        );
        out
    }
}

fn text(status: u16, content_type: &str, body: &str) -> Response<std::io::Cursor<Vec<u8>>> {
    let header = |name: &str, value: &str| {
        Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("a header of ASCII")
    };
    Response::from_string(body)
        .with_status_code(status)
        .with_header(header("Content-Type", content_type))
        .with_header(header("Content-Security-Policy", POLICY))
        .with_header(header("X-Content-Type-Options", "nosniff"))
        .with_header(header("Cache-Control", "no-store"))
}

/// `input` and `base` from a query string (form-encoded, as the page's
/// `URLSearchParams` writes it).
fn query_of(query: &str) -> (String, Option<String>) {
    let mut input = String::new();
    let mut base = None;
    for (key, value) in url::form_urlencoded::parse(query.as_bytes()) {
        match key.as_ref() {
            "input" => input = value.into_owned(),
            "base" => base = Some(value.into_owned()),
            _ => {}
        }
    }
    (input, base)
}

/// Per document: the rules of its grammar that matched, in its grammar's order (a
/// parse), or the steps of its resolution (with a base).
fn traces(base: Option<&[u8]>, input: &[u8]) -> Value {
    let mut out = serde_json::Map::new();
    for &doc in Document::ALL {
        let reading = DocReading::from(doc);
        let trace = match base {
            None => {
                let (_, coverage) = parse_with_coverage(reading, input);
                let matched: Vec<&str> = Rule::of(doc)
                    .filter(|r| coverage.accepted(*r))
                    .map(Rule::name)
                    .collect();
                json!({"rules_matched": matched})
            }
            Some(base) => match resolve(reading, base, input, true) {
                Ok(r) => {
                    let steps: Vec<Value> = r
                        .steps
                        .traced()
                        .iter()
                        .map(|s| json!({"step": s.id, "text": s.text, "value": s.value}))
                        .collect();
                    json!({ "steps": steps })
                }
                Err(why) => json!({ "steps": [], "why": why.to_string() }),
            },
        };
        out.insert(doc.id().to_string(), trace);
    }
    Value::Object(out)
}

/// The cases that hold `input` (and `base`), then those whose input is nearest to it
/// by edit distance, at most [`CASES_SHOWN`] in all, none farther than a third of the
/// input's length.
fn nearby<'a>(cases: &'a [LoadedCase], base: Option<&[u8]>, input: &[u8]) -> Vec<&'a LoadedCase> {
    let input = String::from_utf8_lossy(input);
    let base = base.map(String::from_utf8_lossy);
    let resolving = base.is_some();
    let mut scored: Vec<(usize, &LoadedCase)> = cases
        .iter()
        .filter(|c| {
            let op = c.case.op.to_string();
            if resolving {
                op == "resolve"
            } else {
                op == "parse" || op == "normalize"
            }
        })
        .filter_map(|c| {
            let mut d = strsim::levenshtein(&c.case.input, &input);
            if let (Some(b), Some(cb)) = (&base, &c.case.base) {
                d += strsim::levenshtein(cb, b);
            }
            let most = (input.chars().count() / 3).max(2);
            (d <= most).then_some((d, c))
        })
        .collect();
    scored.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.case.id.cmp(&b.1.case.id)));
    scored
        .into_iter()
        .take(CASES_SHOWN)
        .map(|(_, c)| c)
        .collect()
}

fn case_json(c: &LoadedCase) -> Value {
    json!({
        "id": c.case.id,
        "op": c.case.op.to_string(),
        "input": c.case.input,
        "base": c.case.base,
        "cite": serde_json::to_value(&c.case.cite).unwrap_or_default(),
        "comment": c.case.comment,
        "location": format!("{}:{}", c.file.display(), c.line),
    })
}
