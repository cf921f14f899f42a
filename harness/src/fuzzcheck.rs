//! The checks the fuzz targets in `fuzz/` make, as ordinary functions so that tests run
//! them on the case inputs too.
//!
//! - [`adapters_diff`]: the reference's draft-1996 answer against one in-process adapter
//!   (`url` or `fluent-uri`, picked by the input's first byte, [`crate::fuzzinput`]),
//!   judged as `urlcert run` judges (the tables and normalisations of
//!   [`crate::compare`]; [`adapter_diff`] for a given adapter). Every disagreement must
//!   fall in one of the named [`DIVERGENCES`], each a small function citing the case in
//!   `cases/` that shows it; anything else is returned as an error, which the fuzz target
//!   turns into a crash.
//! - [`structured`]: URLs built from the grammars' productions, valid by construction,
//!   with the components they were built from ([`Built`]), and [`check_built`], which asks
//!   the reference for exactly those components.

use crate::adapter::{Adapter, Answer};
use crate::cases::{Expectation, ExpectedValue};
use crate::compare;
use crate::judge::{Class, Judged};
use urlcert_reference::{parse, DocReading, Document, Parse, Value, Verdict};

// ------------------------------------------------------------------ adapters

/// A known, documented reason why an adapter and the 1996 draft disagree.
pub struct Divergence {
    pub name: &'static str,
    /// The case in `cases/` that shows what the document says.
    pub case: &'static str,
    /// The adapters it concerns.
    pub adapters: &'static [&'static str],
    /// Does it explain this disagreement?
    pub explains: fn(&Seen) -> bool,
}

/// One disagreement, as the classifiers see it.
pub struct Seen<'a> {
    pub input: &'a str,
    pub reference: &'a Parse<'a>,
    pub adapter: &'a str,
    pub answer: &'a Answer,
    /// How the judge classed it ([`Judged::class`]).
    pub class: Class,
    /// For `Component`: the component that differs ([`Judged::component`]).
    pub component: Option<&'a str>,
}

impl Seen<'_> {
    fn component(&self) -> Option<&str> {
        match self.class {
            Class::Component => self.component,
            _ => None,
        }
    }
    fn rejected(&self) -> bool {
        matches!(self.answer, Answer::Rejected { .. })
    }
    fn scheme(&self) -> String {
        compare::input_scheme(self.input)
    }
    fn special(&self) -> bool {
        matches!(
            self.scheme().as_str(),
            "http" | "https" | "ftp" | "ws" | "wss" | "file"
        )
    }
    fn has_excluded(&self) -> bool {
        self.input.bytes().any(excluded)
    }
}

/// Bytes the 1996 draft excludes from URLs (§2.3.3 `excluded`: control, space, delims,
/// unwise, national), "#" and "%" left out (they have their own use).
fn excluded(b: u8) -> bool {
    !(0x20..0x7F).contains(&b) || b" <>\"{}|\\^[]`".contains(&b)
}

/// A "%" not followed by two hex digits (§2.3.1 `escaped = "%" hex hex`).
fn bad_escape(s: &str) -> bool {
    let b = s.as_bytes();
    b.iter().enumerate().any(|(i, &c)| {
        c == b'%'
            && !(i + 2 < b.len() && b[i + 1].is_ascii_hexdigit() && b[i + 2].is_ascii_hexdigit())
    })
}

fn reference_valid(seen: &Seen) -> bool {
    seen.reference.verdict == Verdict::Valid
}

fn reference_rule(seen: &Seen) -> &'static str {
    seen.reference.rule.map(|r| r.name()).unwrap_or("")
}

fn reference_str<'a>(seen: &'a Seen, name: &str) -> Option<&'a str> {
    seen.reference.components.str(name)
}

fn rejected_with(seen: &Seen, messages: &[&str]) -> bool {
    rejected_with_message(seen.answer, messages)
}

fn rejected_with_message(answer: &Answer, messages: &[&str]) -> bool {
    matches!(answer, Answer::Rejected { message } if messages.iter().any(|m| message.contains(m)))
}

/// The URL parser's messages for a host or port it refuses by meaning.
const HOST_PORT_CHECKS: &[&str] = &[
    "invalid port number",
    "empty host",
    "invalid IPv4 address",
    "invalid international domain name",
    "invalid domain character",
];

/// Every named divergence. The names are what a campaign's report counts by.
pub const DIVERGENCES: &[Divergence] = &[
    Divergence {
        name: "whatwg-parses-no-relative-reference",
        case: "f01.path.rel-segments",
        adapters: &["url"],
        // §3 `URL-reference = [ absoluteURL | relativeURL ] [ "#" fragment ]`: a
        // relative reference parses; the URL parser needs a base for it.
        explains: |s| {
            reference_valid(s)
                && matches!(reference_rule(s), "net_path" | "abs_path" | "rel_path")
                && rejected_with(s, &["relative URL without a base"])
        },
    },
    Divergence {
        name: "whatwg-host-port-checks",
        case: "f01.server.port-large",
        adapters: &["url"],
        // §4.3.1 `port = *digit`, `hostname`/`hostnumber` by their letters only; the URL
        // parser checks the port's range and the host's meaning (IPv4 numbers, IDNA, a
        // special scheme's host may not be empty).
        explains: |s| s.reference.verdict != Verdict::Invalid && rejected_with(s, HOST_PORT_CHECKS),
    },
    Divergence {
        name: "whatwg-encodes-excluded-characters",
        case: "f01.chars.delims-quote-path",
        adapters: &["url"],
        // §2.3.3: excluded characters are not in URLs (and §2.3.1 escapes are "%" hex
        // hex); the URL parser percent-encodes them, or lets a lone "%" stand.
        explains: |s| {
            !reference_valid(s)
                && matches!(s.answer, Answer::Parsed { .. })
                && (s.has_excluded() || bad_escape(s.input) || s.input.matches('#').count() > 1)
        },
    },
    Divergence {
        name: "whatwg-host-parser-looser-than-server",
        case: "f01.server.relative-bad-host",
        adapters: &["url"],
        // §4.3.1's server grammar (`hostname`, `user` without ":" or "@", ...) fails
        // while the URL parser's host and userinfo rules accept: the reference's answer
        // is generic-only or invalid with the failure inside the server.
        explains: |s| {
            !reference_valid(s)
                && matches!(s.answer, Answer::Parsed { .. })
                && s.reference.error.as_ref().is_some_and(|e| {
                    let r = e.rule.name();
                    [
                        "host", "label", "port", "server", "user", "password", "digit",
                    ]
                    .iter()
                    .any(|w| r.contains(w))
                })
        },
    },
    Divergence {
        name: "scheme-starts-with-letter",
        case: "f01.structure.scheme-leading-digit",
        adapters: &["url", "fluent-uri"],
        // §4.1 `scheme = 1*( alpha | digit | "+" | "-" | "." )`: a digit may come first;
        // the URL Standard's scheme and RFC 3986 §3.1's start with a letter.
        // A generic-only (opaque-URL) answer has the same §4.1 scheme.
        explains: |s| {
            s.reference.verdict != Verdict::Invalid
                && urlcert_reference::invariants::has_scheme(s.input.as_bytes())
                && !s.input.starts_with(|c: char| c.is_ascii_alphabetic())
                && s.rejected()
        },
    },
    Divergence {
        name: "whatwg-authority-ends-at-query",
        case: "div.gopher.search-without-slash",
        adapters: &["url"],
        // §4.3.1: the server runs "up to, but not including, the next slash"; WHATWG
        // (and RFC 3986) end the authority at "?" too.
        explains: |s| {
            s.component() == Some("server")
                && reference_str(s, "server").is_some_and(|v| v.contains('?'))
        },
    },
    Divergence {
        name: "whatwg-special-scheme-slashes",
        case: "r1738.http.single-slash",
        adapters: &["url"],
        // §4.3.1: only "//" opens a server, so `http:/p` has none; the URL parser
        // reads any slashes after a special scheme as the start of the authority.
        explains: |s| {
            s.special()
                && matches!(s.component(), Some("server" | "host" | "path"))
                && reference_str(s, "server").is_none()
        },
    },
    Divergence {
        name: "whatwg-serialises-server",
        case: "f01.server.port-leading-zeros",
        adapters: &["url"],
        // §4.3.1 keeps the server as written; the URL API gives the parsed host and
        // port (an empty userinfo or the default port dropped, leading zeros and
        // IPv4 numbers rewritten).
        explains: |s| s.component() == Some("server"),
    },
    Divergence {
        name: "whatwg-removes-dot-segments",
        case: "f01.path.dot-segments-kept",
        adapters: &["url"],
        // §4.3.2: the path is what is written; the URL parser removes "." and ".."
        // segments (also written %2e) and, for file, collapses the slashes before it.
        explains: |s| {
            s.component() == Some("path")
                && (reference_str(s, "path").is_some_and(has_dot_segment)
                    || (s.scheme() == "file"
                        && reference_str(s, "path").is_some_and(|p| p.starts_with('/'))))
        },
    },
    Divergence {
        name: "whatwg-encodes-apostrophe-in-query",
        case: "div.apostrophe.http-query",
        adapters: &["url"],
        // §4.3.3 `query = *urlchar`, "'" a `mark`; the URL Standard's special-query
        // percent-encode set holds "'".
        explains: |s| s.component() == Some("query") && s.special() && s.input.contains('\''),
    },
    Divergence {
        name: "rfc3986-empty-host-present",
        case: "f01.server.host-absent-file",
        adapters: &["fluent-uri"],
        // §4.3.1 `server = [ [ user [ ":" password ] "@" ] hostport ]`: an empty server
        // has no host; RFC 3986 §3.2.2's `reg-name` may be empty, so host is "".
        explains: |s| s.component() == Some("host") && reference_str(s, "server") == Some(""),
    },
    Divergence {
        name: "rfc3986-authority-ends-at-query",
        case: "f01.server.relative-query-in-server",
        adapters: &["fluent-uri"],
        // §4.3.1: the server ends at "/" only; RFC 3986 §3.2 ends it at "/", "?" or "#".
        explains: |s| {
            ((s.component() == Some("server") || s.rejected())
                && reference_str(s, "server").is_some_and(|v| v.contains('?')))
                || matches!(s.answer, Answer::Parsed { .. })
                    && !reference_valid(s)
                    && s.input.split('#').next().is_some_and(|u| {
                        u.find("//").is_some_and(|i| {
                            let server = &u[i + 2..];
                            let server = &server[..server.find('/').unwrap_or(server.len())];
                            server.contains('?')
                        })
                    })
        },
    },
    Divergence {
        name: "rfc3986-colon-in-first-segment",
        case: "f01.structure.colon-first-not-scheme",
        adapters: &["fluent-uri"],
        // §4.1: a scheme needs a character before the colon that ends it, and only
        // scheme characters; otherwise the reference is a `rel_path` whose first
        // segment holds ":". RFC 3986 §4.2 forbids that (`segment-nz-nc`).
        explains: |s| {
            reference_rule(s) == "rel_path"
                && reference_str(s, "path")
                    .is_some_and(|p| p.split('/').next().is_some_and(|seg| seg.contains(':')))
                && rejected_with(s, &["unexpected character"])
        },
    },
    Divergence {
        name: "rfc3986-no-opaque-fallback",
        case: "div.reserved.at-sign-in-ftp-user",
        adapters: &["fluent-uri"],
        // §4.2: `opaque-URL = scheme ":" *urlchar` takes what `generic-URL` does not (a
        // second "@" in the server): generic-only. RFC 3986 has one syntax for all, so
        // a bad authority is an error.
        explains: |s| {
            s.reference.verdict == Verdict::GenericOnly
                && rejected_with(s, &["unexpected character"])
        },
    },
    Divergence {
        name: "rfc3986-reg-name-looser-than-hostname",
        case: "f01.server.relative-bad-host",
        adapters: &["fluent-uri"],
        // §4.3.1 `hostname` is letters, digits, "-" and "." in labels; RFC 3986's
        // `reg-name` allows any unreserved, sub-delims and escapes ("_", "~", "!", ...).
        explains: |s| {
            matches!(s.answer, Answer::Parsed { .. })
                && !reference_valid(s)
                && s.reference.error.as_ref().is_some_and(|e| {
                    let r = e.rule.name();
                    ["host", "label", "server", "user", "password", "port"]
                        .iter()
                        .any(|w| r.contains(w))
                })
        },
    },
];

/// The reference's draft-1996 answer to `input` as an expectation: its verdict and
/// every string component.
fn expectation(p: &Parse) -> Expectation {
    let mut e = Expectation {
        verdict: Some(p.verdict.id().to_string()),
        ..Expectation::default()
    };
    for (name, v) in p.components.iter() {
        let value = match v {
            None => None,
            Some(Value::Str(s)) => Some(ExpectedValue::Str(s.to_string())),
            Some(_) => continue,
        };
        e.components.insert(name.to_string(), value);
    }
    e
}

/// The check of the `adapters_diff` fuzz target, on its input: the first byte picks the
/// adapter of `adapters` (`byte % n`, [`crate::fuzzinput::split`]; the fuzz target
/// passes [`crate::fuzzinput::adapters`]), the rest is the URL, judged by
/// [`adapter_diff`]. The empty input checks nothing.
pub fn adapters_diff(
    adapters: &mut [Box<dyn Adapter>],
    input: &[u8],
) -> Result<Option<&'static str>, String> {
    match crate::fuzzinput::split(input, adapters.len()) {
        Some((i, url)) => adapter_diff(adapters[i].as_mut(), url),
        None => Ok(None),
    }
}

/// Judges `adapter`'s parse of `input` against the reference's draft-1996 answer, as
/// [`compare::judge`] judges a parse case. Returns the named divergence that explains a
/// disagreement (`None` when they agree), or an error describing a disagreement no
/// divergence explains. No text is written unless it is that error.
pub fn adapter_diff(
    adapter: &mut dyn Adapter,
    input: &[u8],
) -> Result<Option<&'static str>, String> {
    let Ok(text) = std::str::from_utf8(input) else {
        // Neither crate takes bytes that are not UTF-8 (`Unsupported`).
        return Ok(None);
    };
    let doc = DocReading::from(Document::Draft1996);
    let reference = parse(doc, input);
    let e = expectation(&reference);
    let answer = adapter.parse(input);
    let info = adapter.info();
    let decision = compare::decide_parse(text, doc, &e, info.model, &answer);
    if matches!(decision.class, Class::Agree | Class::Unsupported) {
        return Ok(None);
    }
    let seen = Seen {
        input: text,
        reference: &reference,
        adapter: &info.name,
        answer: &answer,
        class: decision.class,
        component: decision.component(),
    };
    if let Some(name) = classify(&seen) {
        return Ok(Some(name));
    }
    let judged = decision.judged(doc, &e, info, &answer);
    Err(format!(
        "{}: {:?}: {:?} {}: expected {} / actual {}",
        info.name,
        text,
        judged.class,
        judged.component.as_deref().unwrap_or(""),
        judged.expected,
        judged.actual
    ))
}

/// The first named divergence that explains `seen`.
pub fn classify(seen: &Seen) -> Option<&'static str> {
    DIVERGENCES
        .iter()
        .filter(|d| d.adapters.contains(&seen.adapter))
        .find(|d| (d.explains)(seen))
        .map(|d| d.name)
}

/// The named divergence called `name`, parse or resolution.
pub fn divergence(name: &str) -> Option<&'static Divergence> {
    DIVERGENCES.iter().find(|d| d.name == name)
}

/// One resolution the adapter and the 1996 draft disagree on, as the resolution
/// classifiers see it.
pub struct ResolveSeen<'a> {
    pub base: &'a str,
    pub input: &'a str,
    /// The reference's result (`None`: it gives none).
    pub result: Option<&'a str>,
    pub adapter: &'a str,
    pub answer: &'a Answer,
    pub judged: &'a Judged,
}

/// A known, documented reason why an adapter's resolution and the 1996 draft's differ.
pub struct ResolveDivergence {
    pub name: &'static str,
    /// The case in `cases/` that shows what the document says.
    pub case: &'static str,
    pub adapters: &'static [&'static str],
    pub explains: fn(&ResolveSeen) -> bool,
}

/// The path of an absolute URL written as text: after the scheme and any "//"
/// authority, up to "?" or "#".
fn url_path(url: &str) -> &str {
    let url = &url[..url.find(['?', '#']).unwrap_or(url.len())];
    let rest = match compare::input_scheme(url).len() {
        0 => url,
        n => &url[n + 1..],
    };
    match rest.strip_prefix("//") {
        Some(after) => &after[after.find('/').unwrap_or(after.len())..],
        None => rest,
    }
}

/// A path segment with "%2e" read as ".", so that "." and ".." segments compare as such
/// however they are written.
fn dots_read(seg: &str) -> String {
    seg.to_ascii_lowercase().replace("%2e", ".")
}

/// Has the path a "." or ".." segment (also written with "%2e")?
fn has_dot_segment(path: &str) -> bool {
    path.split('/')
        .any(|seg| matches!(dots_read(seg).as_str(), "." | ".."))
}

/// The resolution the reference gives keeps a dot segment, and the adapter resolved.
fn keeps_dot_segment(s: &ResolveSeen) -> bool {
    matches!(s.answer, Answer::Resolved { .. })
        && s.result.is_some_and(|r| has_dot_segment(url_path(r)))
}

/// The reference is "?" alone (perhaps with a fragment): §6 step 5 inherits the base's
/// query when the reference's is empty.
fn lone_question_mark(s: &ResolveSeen) -> bool {
    let before_fragment = &s.input[..s.input.find('#').unwrap_or(s.input.len())];
    before_fragment == "?" && matches!(s.answer, Answer::Resolved { .. })
}

/// Does a ".." of the reference's path (its "." segments dropped, as step 6 drops them)
/// remove a segment of one letter and ":" or "|"?
fn pops_letter_colon(reference: &str) -> bool {
    let path = reference.split(['?', '#']).next().unwrap_or("");
    let mut stack: Vec<&str> = Vec::new();
    for seg in path.split('/') {
        match dots_read(seg).as_str() {
            "." => {}
            ".." => {
                let top = stack.pop().unwrap_or_default().as_bytes();
                if top.len() == 2 && top[0].is_ascii_alphabetic() && matches!(top[1], b':' | b'|') {
                    return true;
                }
            }
            _ => stack.push(seg),
        }
    }
    false
}

/// Every named resolution divergence, in the order they are tried.
pub const RESOLVE_DIVERGENCES: &[ResolveDivergence] = &[
    ResolveDivergence {
        name: "whatwg-removes-dot-segments",
        case: "res.f01c.abnormal.abs-path-dot",
        adapters: &["url"],
        // §6 (Appendix C.2 `/./g = http://a/./g`): step 4 skips the dot removal of step
        // 6 for an absolute path, and step 6 removes only complete "." and "xxx/.."
        // segments; the URL parser removes every "." and ".." segment, as it does when
        // it parses (the parse divergence of the same name).
        explains: keeps_dot_segment,
    },
    ResolveDivergence {
        name: "rfc3986-resolution-removes-dot-segments",
        case: "res.f01c.abnormal.abs-path-dot",
        adapters: &["fluent-uri"],
        // As above; RFC 3986 §5.2.2 applies remove_dot_segments to every merged or
        // absolute path.
        explains: keeps_dot_segment,
    },
    ResolveDivergence {
        name: "resolution-empty-query-inherits-base",
        case: "res.div.lone-question-mark",
        adapters: &["url", "fluent-uri"],
        // §6 step 5: an empty path with an empty (though present) query inherits the
        // base's path and query; the URL Standard and RFC 3986 §5.2.2 keep the empty
        // query.
        explains: lone_question_mark,
    },
    ResolveDivergence {
        name: "resolution-empty-server-inherits-base",
        case: "res.div.empty-server-abs-path",
        adapters: &["url", "fluent-uri"],
        // §6 step 3: a reference whose server is present but empty inherits the base's
        // server (and, with an empty path, step 5 the base's path: `res.div.empty-server-
        // alone`); the URL parser needs a host there, RFC 3986 §5.2.2 takes the empty
        // authority as it is.
        explains: |s| {
            s.input
                .strip_prefix("//")
                .is_some_and(|rest| rest.find(['/', '?', '#']).unwrap_or(rest.len()) == 0)
        },
    },
    ResolveDivergence {
        name: "resolution-empty-base-gives-reference",
        case: "res.div.empty-base",
        adapters: &["url", "fluent-uri"],
        // §6 step 1: "If the base URL is the empty string (unknown), the URL reference is
        // interpreted as an absolute URL"; both parsers need an absolute base.
        explains: |s| s.base.is_empty() && matches!(s.answer, Answer::Rejected { .. }),
    },
    ResolveDivergence {
        name: "parser-refuses-rootless-base",
        case: "r3986.res.base-scheme-only",
        adapters: &["url", "fluent-uri"],
        // §6 (and RFC 3986 §5.2.1: "only the scheme component is required to be present
        // in a base URI") resolve against a base with no server and no leading "/";
        // fluent-uri refuses such a base for anything but a fragment, the URL parser
        // ("cannot-be-a-base") for anything but a fragment too.
        explains: |s| {
            rejected_with_message(s.answer, &["base has a rootless path", "cannot-be-a-base"])
        },
    },
    ResolveDivergence {
        name: "resolution-no-path-base-writes-slash",
        case: "res.div.no-path-base-query",
        adapters: &["fluent-uri"],
        // §6 step 7 as urlcert writes it: "/" between a server and what follows, since
        // only "/" ends a server (§4.3.1); RFC 3986 §5.2.3 keeps the empty path of a base
        // with an authority when the reference has none, and §5.3 writes "//a?y".
        explains: |s| {
            compare::input_scheme(s.input).is_empty()
                && !s.input.starts_with("//")
                && s.base.contains("//")
                && url_path(s.base).is_empty()
        },
    },
    ResolveDivergence {
        name: "resolution-path-may-start-with-two-slashes",
        case: "res.div.merged-path-two-slashes",
        adapters: &["url", "fluent-uri"],
        // §6 step 6 can leave a path that starts with "//" under a base with no server,
        // and step 7 writes it as it is (so it reads back as a server); both parsers
        // write it otherwise ("/." before it, or a file URL's empty host).
        explains: |s| {
            let after_scheme = |u: &str| {
                let n = compare::input_scheme(u).len();
                if n == 0 {
                    None
                } else {
                    Some(u[n + 1..].to_string())
                }
            };
            compare::input_scheme(s.input).is_empty()
                && !s.input.starts_with("//")
                && after_scheme(s.base).is_some_and(|b| !b.starts_with("//"))
                && s.result
                    .and_then(after_scheme)
                    .is_some_and(|r| r.starts_with("//"))
        },
    },
    ResolveDivergence {
        name: "url-crate-keeps-letter-colon-segment",
        case: "res.div.dotdot-after-letter-colon-segment",
        adapters: &["url"],
        // §6 step 6c/6d remove "<segment>/.." for any complete segment; the url crate
        // (2.5) keeps a segment of one letter and ":" or "|" before "..", as the URL
        // Standard keeps a Windows drive letter, but in every scheme, not only "file"
        // (reported upstream: https://github.com/servo/rust-url/issues/1113).
        explains: |s| pops_letter_colon(s.input) && matches!(s.answer, Answer::Resolved { .. }),
    },
    ResolveDivergence {
        name: "whatwg-same-scheme-is-relative",
        case: "res.f01c.abnormal.same-scheme-g",
        adapters: &["url"],
        // §6 step 2b: a reference that starts with a scheme name is absolute, the base's
        // own scheme included (Appendix C.2 `http:g = http:g`); the URL parser reads a
        // special scheme equal to the base's as relative.
        explains: |s| {
            let scheme = compare::input_scheme(s.input);
            !scheme.is_empty()
                && scheme.eq_ignore_ascii_case(&compare::input_scheme(s.base))
                && s.result == Some(s.input)
        },
    },
    ResolveDivergence {
        name: "resolution-takes-ungrammatical-reference",
        case: "res.div.ungrammatical-reference",
        adapters: &["url", "fluent-uri"],
        // §6 step 2 splits the reference by its delimiters (Section 4) and checks no
        // grammar, so a reference that is not a URL (§2.3.3's excluded characters, a
        // bad escape) resolves as written; the URL parser encodes or strips what it
        // does not take, fluent-uri rejects the reference.
        explains: |s| {
            parse(DocReading::from(Document::Draft1996), s.input.as_bytes()).verdict
                == Verdict::Invalid
                && match s.adapter {
                    "fluent-uri" => rejected_with_message(s.answer, &["the reference: "]),
                    _ => true,
                }
        },
    },
    ResolveDivergence {
        name: "whatwg-host-port-checks",
        case: "f01.server.port-large",
        adapters: &["url"],
        // As for a parse: the result is a URL by §4.3.1's letters; the URL parser checks
        // the host's and port's meaning when it parses the joined URL.
        explains: |s| s.result.is_some() && rejected_with_message(s.answer, HOST_PORT_CHECKS),
    },
    ResolveDivergence {
        name: "whatwg-file-url-gets-empty-host",
        case: "res.div.file-base-without-server",
        adapters: &["url"],
        // §6 step 3 inherits the server "if any" and step 7 writes no "//" without one;
        // the URL parser gives every file URL a host, empty here, so "file:/x" is written
        // "file:///x".
        explains: |s| match (s.result, s.answer) {
            (Some(r), Answer::Resolved { result }) => {
                r.strip_prefix("file:")
                    .is_some_and(|p| !p.starts_with("//"))
                    && url::Url::parse(r).is_ok_and(|u| u.as_str() == result)
            }
            _ => false,
        },
    },
    ResolveDivergence {
        name: "scheme-starts-with-letter",
        case: "f01.structure.scheme-leading-digit",
        adapters: &["url"],
        // §4.1: a scheme may start with a digit, "+", "-" or "."; the reference is then
        // absolute and resolves to itself. The URL parser reads it as a relative path.
        explains: |s| {
            urlcert_reference::invariants::has_scheme(s.input.as_bytes())
                && !s.input.starts_with(|c: char| c.is_ascii_alphabetic())
                && s.result == Some(s.input)
        },
    },
    ResolveDivergence {
        name: "rfc3986-colon-in-first-segment",
        case: "f01.structure.colon-first-not-scheme",
        adapters: &["fluent-uri"],
        // §4.1: a ":" with no scheme before it is part of a relative path; RFC 3986 §4.2
        // forbids a ":" in a relative reference's first segment.
        explains: |s| {
            let first = s.input.split(['/', '?', '#']).next().unwrap_or("");
            first.contains(':')
                && !urlcert_reference::invariants::has_scheme(s.input.as_bytes())
                && matches!(s.answer, Answer::Rejected { message } if message.contains("unexpected character"))
        },
    },
];

/// The first named resolution divergence that explains `seen`: its name and case.
/// A reference the adapter rejects as a reference (fluent-uri parses it first) is put
/// to the parse divergences before the resolution ones, as its parse would be; a result
/// the URL parser only rewrites as it would when parsing it, after them. One cause,
/// whichever operation shows it.
pub fn classify_resolution(seen: &ResolveSeen) -> Option<(&'static str, &'static str)> {
    rejected_as_parse(seen)
        .or_else(|| {
            RESOLVE_DIVERGENCES
                .iter()
                .filter(|d| d.adapters.contains(&seen.adapter))
                .find(|d| (d.explains)(seen))
                .map(|d| (d.name, d.case))
        })
        .or_else(|| rewritten_as_parse(seen))
}

/// The URL parser resolved to what it makes of the reference's own result when it parses
/// it: the resolutions agree, and the difference is that parse's, classified as such.
fn rewritten_as_parse(seen: &ResolveSeen) -> Option<(&'static str, &'static str)> {
    let (Some(result), Answer::Resolved { result: theirs }, "url") =
        (seen.result, seen.answer, seen.adapter)
    else {
        return None;
    };
    if url::Url::parse(result).ok()?.as_str() != theirs {
        return None;
    }
    let mut url = crate::adapter::inproc::by_name("url")?;
    let name = adapter_diff(url.as_mut(), result.as_bytes()).ok()??;
    Some((name, divergence(name)?.case))
}

/// fluent-uri's "the reference: MESSAGE", classified as a parse of the reference that
/// was rejected with MESSAGE.
fn rejected_as_parse(seen: &ResolveSeen) -> Option<(&'static str, &'static str)> {
    let Answer::Rejected { message } = seen.answer else {
        return None;
    };
    let message = message.strip_prefix("the reference: ")?;
    let reference = parse(DocReading::from(Document::Draft1996), seen.input.as_bytes());
    if reference.verdict == Verdict::Invalid {
        // The parses agree (both reject): no parse cause; the resolution ones decide.
        return None;
    }
    let answer = Answer::Rejected {
        message: message.to_string(),
    };
    let name = classify(&Seen {
        input: seen.input,
        reference: &reference,
        adapter: seen.adapter,
        answer: &answer,
        // A rejection of what the reference takes: the verdict.
        class: Class::Verdict,
        component: None,
    })?;
    Some((name, divergence(name)?.case))
}

// ------------------------------------------------------------------ structured

/// A URL built from a grammar's productions, and the components it was built from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Built {
    pub doc: Document,
    /// The production it is an instance of (`generic-URL`, `httpurl`, `ftpurl`).
    pub rule: &'static str,
    pub url: String,
    /// Every component the reference reports, `None` for absent.
    pub components: Vec<(&'static str, Option<String>)>,
}

/// Where the choices come from: `pick(n)` is a number below `n` (n > 0). The fuzz
/// target draws them from `arbitrary::Unstructured`; tests from a seeded PRNG.
pub trait Choices {
    fn pick(&mut self, n: usize) -> usize;
    fn coin(&mut self) -> bool {
        self.pick(2) == 1
    }
}

const ALPHA: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const DIGIT: &[u8] = b"0123456789";
const HEX: &[u8] = b"0123456789ABCDEFabcdef";

fn star(
    c: &mut dyn Choices,
    max: usize,
    mut one: impl FnMut(&mut dyn Choices) -> String,
) -> String {
    let n = c.pick(max + 1);
    (0..n).map(|_| one(c)).collect()
}

fn from(c: &mut dyn Choices, set: &[u8]) -> String {
    (set[c.pick(set.len())] as char).to_string()
}

/// `escaped = "%" hex hex`
fn escaped(c: &mut dyn Choices) -> String {
    format!("%{}{}", from(c, HEX), from(c, HEX))
}

/// A character of `set`, or (where the production allows `escaped`) an escape.
fn ch(c: &mut dyn Choices, set: &[u8], escapes: bool) -> String {
    if escapes && c.pick(8) == 0 {
        escaped(c)
    } else {
        from(c, set)
    }
}

fn word(c: &mut dyn Choices, set: &[u8], escapes: bool, min: usize, max: usize) -> String {
    let mut s: String = (0..min).map(|_| ch(c, set, escapes)).collect();
    s.push_str(&star(c, max - min, |c| ch(c, set, escapes)));
    s
}

fn cat(parts: &[&[u8]]) -> Vec<u8> {
    parts.concat()
}

/// `hostname = *( domainlabel "." ) toplabel`, `domainlabel = alphanum | alphanum
/// *( alphanum | "-" ) alphanum`, `toplabel = alpha | alpha *( alphanum | "-" ) alphanum`
/// (the 1996 draft §4.3.1 and RFC 1738 §5 give the same), or `hostnumber = 1*digit "."
/// 1*digit "." 1*digit "." 1*digit`.
fn host(c: &mut dyn Choices) -> String {
    if c.pick(4) == 0 {
        return (0..4)
            .map(|_| word(c, DIGIT, false, 1, 3))
            .collect::<Vec<_>>()
            .join(".");
    }
    let alnum = cat(&[ALPHA, DIGIT]);
    let inner = cat(&[ALPHA, DIGIT, b"-"]);
    let label = |c: &mut dyn Choices, first: &[u8]| {
        let mut s = from(c, first);
        if c.coin() {
            s.push_str(&word(c, &inner, false, 0, 4));
            s.push_str(&from(c, &alnum));
        }
        s
    };
    let mut out = String::new();
    for _ in 0..c.pick(3) {
        out.push_str(&label(c, &alnum));
        out.push('.');
    }
    out.push_str(&label(c, ALPHA));
    out
}

/// Builds a 1996-draft `generic-URL` (§4.2 to §4.3.3): `scheme ":" relativeURL`, here
/// always `net_path` (`"//" server [ abs_path ]`), with a query and a fragment.
pub fn build_generic(c: &mut dyn Choices) -> Built {
    // scheme = 1*( alpha | digit | "+" | "-" | "." ); §4.1 finds it before the first ":".
    let scheme = format!(
        "{}{}",
        from(c, ALPHA),
        word(c, &cat(&[ALPHA, DIGIT, b"+-."]), false, 0, 5)
    );
    // unreserved = alpha | digit | mark; mark = "$" | "-" | "_" | "." | "!" | "~" | "*"
    // | "'" | "(" | ")" | ","
    let unreserved = cat(&[ALPHA, DIGIT, b"$-_.!~*'(),"]);
    // user = *[ unreserved | escaped | ";" | "?" | "&" | "=" | "+" ], password the same.
    let userchars = cat(&[&unreserved, b";?&=+"]);
    let (user, password) = if c.coin() {
        let u = word(c, &userchars, true, 0, 5);
        let p = c.coin().then(|| word(c, &userchars, true, 0, 5));
        (Some(u), p)
    } else {
        (None, None)
    };
    let h = host(c);
    let port = c.coin().then(|| word(c, DIGIT, false, 0, 5));
    let mut server = String::new();
    if let Some(u) = &user {
        server.push_str(u);
        if let Some(p) = &password {
            server.push(':');
            server.push_str(p);
        }
        server.push('@');
    }
    server.push_str(&h);
    if let Some(p) = &port {
        server.push(':');
        server.push_str(p);
    }
    // pchar = unreserved | escaped | ":" | "@" | "&" | "=" | "+"; a path segment is
    // *( pchar | ";" ), a path segments joined by "/".
    let pchar = cat(&[&unreserved, b":@&=+;"]);
    let slash = c.coin();
    let path = if slash {
        let n = c.pick(4);
        (0..=n)
            .map(|_| word(c, &pchar, true, 0, 5))
            .collect::<Vec<_>>()
            .join("/")
    } else {
        String::new()
    };
    // query = *urlchar, urlchar = reserved | unreserved | escaped: a query ends at the
    // fragment's "#" only, so "?" and "/" may stand in it.
    let urlchar = cat(&[&unreserved, b";/?:@&=+"]);
    // Without the slash, §4.3.1 would take a "?" into the server: a query needs a path.
    let query = (slash && c.coin()).then(|| word(c, &urlchar, true, 0, 6));
    // fragment = *urlchar
    let fragment = c.coin().then(|| word(c, &urlchar, true, 0, 6));
    let mut url = format!("{scheme}://{server}");
    if slash {
        url.push('/');
        url.push_str(&path);
    }
    if let Some(q) = &query {
        url.push('?');
        url.push_str(q);
    }
    if let Some(f) = &fragment {
        url.push('#');
        url.push_str(f);
    }
    Built {
        doc: Document::Draft1996,
        rule: "generic-URL",
        url,
        components: vec![
            ("scheme", Some(scheme)),
            ("server", Some(server)),
            ("user", user),
            ("password", password),
            ("host", Some(h)),
            ("port", port),
            ("path", Some(path)),
            ("query", query),
            ("fragment", fragment),
        ],
    }
}

/// Builds an RFC 1738 `httpurl` or `ftpurl` (§5):
/// `httpurl = "http://" hostport [ "/" hpath [ "?" search ]]`,
/// `ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]`.
pub fn build_rfc1738(c: &mut dyn Choices) -> Built {
    // unreserved = alpha | digit | safe | extra; safe = "$" | "-" | "_" | "." | "+";
    // extra = "!" | "*" | "'" | "(" | ")" | ","; uchar = unreserved | escape
    let unreserved = cat(&[ALPHA, DIGIT, b"$-_.+!*'(),"]);
    let h = host(c);
    let port = c.coin().then(|| word(c, DIGIT, false, 1, 5));
    let mut hostport = h.clone();
    if let Some(p) = &port {
        hostport.push(':');
        hostport.push_str(p);
    }
    if c.coin() {
        // hsegment = *[ uchar | ";" | ":" | "@" | "&" | "=" ]; search likewise.
        let hchars = cat(&[&unreserved, b";:@&="]);
        let segs: Vec<String> = (0..=c.pick(4))
            .map(|_| word(c, &hchars, true, 0, 5))
            .collect();
        let with_path = c.coin();
        let search = (with_path && c.coin()).then(|| word(c, &hchars, true, 0, 6));
        let mut url = format!("http://{hostport}");
        let (hpath, hsegments) = if with_path {
            let p = segs.join("/");
            url.push('/');
            url.push_str(&p);
            if let Some(s) = &search {
                url.push('?');
                url.push_str(s);
            }
            (Some(p), Some(segs))
        } else {
            (None, None)
        };
        return Built {
            doc: Document::Rfc1738,
            rule: "httpurl",
            url,
            components: vec![
                ("scheme", Some("http".into())),
                ("host", Some(h)),
                ("port", port),
                ("hpath", hpath),
                ("hsegments", hsegments.map(|s| s.join("\u{0}"))),
                ("search", search),
            ],
        };
    }
    // user = *[ uchar | ";" | "?" | "&" | "=" ]; password likewise;
    // fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]; ftptype = "A" | "I" | "D" |
    // "a" | "i" | "d"
    let userchars = cat(&[&unreserved, b";?&="]);
    let (user, password) = if c.coin() {
        let u = word(c, &userchars, true, 0, 5);
        (Some(u), c.coin().then(|| word(c, &userchars, true, 0, 5)))
    } else {
        (None, None)
    };
    let mut login = String::new();
    if let Some(u) = &user {
        login.push_str(u);
        if let Some(p) = &password {
            login.push(':');
            login.push_str(p);
        }
        login.push('@');
    }
    login.push_str(&hostport);
    let mut url = format!("ftp://{login}");
    let (mut fpath, mut fsegments, mut ftptype) = (None, None, None);
    if c.coin() {
        let fchars = cat(&[&unreserved, b"?:@&="]);
        let segs: Vec<String> = (0..=c.pick(4))
            .map(|_| word(c, &fchars, true, 0, 5))
            .collect();
        let p = segs.join("/");
        url.push('/');
        url.push_str(&p);
        if c.coin() {
            let t = from(c, b"AIDaid");
            url.push_str(";type=");
            url.push_str(&t);
            ftptype = Some(t);
        }
        fpath = Some(p);
        fsegments = Some(segs.join("\u{0}"));
    }
    Built {
        doc: Document::Rfc1738,
        rule: "ftpurl",
        url,
        components: vec![
            ("scheme", Some("ftp".into())),
            ("user", user),
            ("password", password),
            ("host", Some(h)),
            ("port", port),
            ("fpath", fpath),
            ("fsegments", fsegments),
            ("ftptype", ftptype),
        ],
    }
}

/// One URL: a 1996-draft `generic-URL`, an RFC 1738 `httpurl` or `ftpurl`.
pub fn build(c: &mut dyn Choices) -> Built {
    if c.coin() {
        build_generic(c)
    } else {
        build_rfc1738(c)
    }
}

/// Does the reference say `valid`, by the production `b` was built from, with exactly
/// its components? (A list component is compared joined by NUL, as [`Built`] holds it.)
pub fn check_built(b: &Built) -> Result<(), String> {
    let p = parse(b.doc.into(), b.url.as_bytes());
    let rule = p.rule.map(|r| r.name());
    if p.verdict != Verdict::Valid || rule != Some(b.rule) {
        return Err(format!(
            "{}: {:?} built as {} is {} ({}), error {:?}",
            b.doc,
            b.url,
            b.rule,
            p.verdict,
            rule.unwrap_or("-"),
            p.error
        ));
    }
    let got: Vec<(&'static str, Option<String>)> = p
        .components
        .iter()
        .map(|(n, v)| {
            let v = v.as_ref().map(|v| match v {
                Value::Str(s) => s.to_string(),
                Value::List(l) => l.join("\u{0}"),
                Value::Fields(f) => format!("{f:?}"),
            });
            (n, v)
        })
        .collect();
    for (name, want) in &b.components {
        let have = got
            .iter()
            .find(|(n, _)| n == name)
            .and_then(|(_, v)| v.clone());
        if have != *want {
            return Err(format!(
                "{}: {:?} built with {name} {want:?}, the reference says {have:?}",
                b.doc, b.url
            ));
        }
    }
    for (name, have) in &got {
        if have.is_some() && !b.components.iter().any(|(n, _)| n == name) {
            return Err(format!(
                "{}: {:?}: the reference reports {name} {have:?}, which was not built",
                b.doc, b.url
            ));
        }
    }
    Ok(())
}

/// A seeded PRNG (xorshift64*) as [`Choices`], for tests and the corpus.
pub struct Seeded(pub u64);

impl Choices for Seeded {
    fn pick(&mut self, n: usize) -> usize {
        let mut x = self.0.max(1);
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        (x.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n.max(1)
    }
}
