//! The known divergences: every documented reason why an adapter and the 1996 draft
//! disagree, each a small function citing the case in `cases/` that shows what the
//! document says. The fuzz campaign and the `adapters_diff` fuzz target name a
//! discrepancy by them first; what none explains is a finding.

use crate::ask::{ask, ParseAnswer, Request};
use crate::ask::{Answer, Engine, Model};
use crate::judge::meaning;
use crate::judge::{Class, Judged};
use urlcert_reference::{parse, DocReading, Document, Verdict};

/// A known, documented reason why an adapter and the 1996 draft disagree.
pub struct Divergence {
    pub name: &'static str,
    /// The case in `cases/` that shows what the document says.
    pub case: &'static str,
    /// The models of the adapters it concerns: a cause is what parsers of a family
    /// answer, not one library's message.
    pub models: &'static [Model],
    /// Does it explain this disagreement?
    pub explains: fn(&Disagreement) -> bool,
}

/// One disagreement, as the classifiers see it.
pub struct Disagreement<'a> {
    pub input: &'a str,
    pub reference: &'a ParseAnswer,
    /// The adapter's model.
    pub model: Model,
    pub answer: &'a Answer,
    /// How the judge classed it ([`Judged::class`]).
    pub class: Class,
    /// For `Component`: the component that differs ([`Judged::component`]).
    pub component: Option<&'a str>,
}

impl Disagreement<'_> {
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
        meaning::input_scheme(self.input)
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

fn reference_valid(seen: &Disagreement) -> bool {
    seen.reference.verdict == Verdict::Valid
}

fn reference_rule(seen: &Disagreement) -> &'static str {
    seen.reference.rule.map(|r| r.name()).unwrap_or("")
}

fn reference_str<'a>(seen: &'a Disagreement, name: &str) -> Option<&'a str> {
    seen.reference.str(name)
}

fn rejected_with(seen: &Disagreement, messages: &[&str]) -> bool {
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
        models: &[Model::Whatwg],
        // §3 `URL-reference = [ absoluteURL | relativeURL ] [ "#" fragment ]`: a
        // relative reference parses; the URL parser needs a base for it.
        explains: |s| {
            reference_valid(s)
                && matches!(reference_rule(s), "net_path" | "abs_path" | "rel_path")
                && s.rejected()
        },
    },
    Divergence {
        name: "whatwg-host-port-checks",
        case: "f01.server.port-large",
        models: &[Model::Whatwg],
        // §4.3.1 `port = *digit`, `hostname`/`hostnumber` by their letters only; the URL
        // parser checks the port's range and the host's meaning (IPv4 numbers, IDNA, a
        // special scheme's host may not be empty).
        explains: |s| s.reference.verdict != Verdict::Invalid && rejected_with(s, HOST_PORT_CHECKS),
    },
    Divergence {
        name: "whatwg-encodes-excluded-characters",
        case: "f01.chars.delims-quote-path",
        models: &[Model::Whatwg],
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
        models: &[Model::Whatwg],
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
        models: &[Model::Whatwg, Model::Rfc3986],
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
        models: &[Model::Whatwg],
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
        models: &[Model::Whatwg],
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
        models: &[Model::Whatwg],
        // §4.3.1 keeps the server as written; the URL API gives the parsed host and
        // port (an empty userinfo or the default port dropped, leading zeros and
        // IPv4 numbers rewritten).
        explains: |s| s.component() == Some("server"),
    },
    Divergence {
        name: "whatwg-removes-dot-segments",
        case: "f01.path.dot-segments-kept",
        models: &[Model::Whatwg],
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
        models: &[Model::Whatwg],
        // §4.3.3 `query = *urlchar`, "'" a `mark`; the URL Standard's special-query
        // percent-encode set holds "'".
        explains: |s| s.component() == Some("query") && s.special() && s.input.contains('\''),
    },
    Divergence {
        name: "rfc3986-empty-host-present",
        case: "f01.server.host-absent-file",
        models: &[Model::Rfc3986],
        // §4.3.1 `server = [ [ user [ ":" password ] "@" ] hostport ]`: an empty server
        // has no host; RFC 3986 §3.2.2's `reg-name` may be empty, so host is "".
        explains: |s| s.component() == Some("host") && reference_str(s, "server") == Some(""),
    },
    Divergence {
        name: "rfc3986-authority-ends-at-query",
        case: "f01.server.relative-query-in-server",
        models: &[Model::Rfc3986],
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
        models: &[Model::Rfc3986],
        // §4.1: a scheme needs a character before the colon that ends it, and only
        // scheme characters; otherwise the reference is a `rel_path` whose first
        // segment holds ":". RFC 3986 §4.2 forbids that (`segment-nz-nc`).
        explains: |s| {
            reference_rule(s) == "rel_path"
                && reference_str(s, "path")
                    .is_some_and(|p| p.split('/').next().is_some_and(|seg| seg.contains(':')))
                && s.rejected()
        },
    },
    Divergence {
        name: "rfc3986-no-opaque-fallback",
        case: "div.reserved.at-sign-in-ftp-user",
        models: &[Model::Rfc3986],
        // §4.2: `opaque-URL = scheme ":" *urlchar` takes what `generic-URL` does not (a
        // second "@" in the server): generic-only. RFC 3986 has one syntax for all, so
        // a bad authority is an error.
        explains: |s| s.reference.verdict == Verdict::GenericOnly && s.rejected(),
    },
    Divergence {
        name: "rfc3986-reg-name-looser-than-hostname",
        case: "f01.server.relative-bad-host",
        models: &[Model::Rfc3986],
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

/// Judges `adapter`'s parse of `input` against the reference's draft-1996 answer, as
/// [`meaning::judge`] judges a parse case. Returns the named divergence that explains a
/// disagreement (`None` when they agree), or an error describing a disagreement no
/// divergence explains. No text is written unless it is that error.
pub fn adapter_diff(
    adapter: &mut dyn Engine,
    input: &[u8],
) -> Result<Option<&'static str>, String> {
    let Ok(text) = std::str::from_utf8(input) else {
        // Neither crate takes bytes that are not UTF-8 (`Unsupported`).
        return Ok(None);
    };
    let doc = DocReading::from(Document::Draft1996);
    let request = Request::Parse { input };
    // The reference's parse is copied into its owned answer (`ParseAnswer`) only when
    // there is a disagreement to classify: most executions agree, and this runs once
    // per execution of the `adapters_diff` fuzz target.
    let parsed = parse(doc, input);
    let e = crate::judge::expected::parse_of(parsed.verdict, parsed.rule, parsed.components.iter());
    let answer = ask(adapter, &request);
    let info = adapter.info();
    let decision = meaning::decide_parse(text, doc, &e, info.model, &answer);
    if matches!(decision.class, Class::Agree | Class::Unsupported) {
        return Ok(None);
    }
    let reference = ParseAnswer::of(&parsed);
    let seen = Disagreement {
        input: text,
        reference: &reference,
        model: info.model,
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
pub fn classify(seen: &Disagreement) -> Option<&'static str> {
    DIVERGENCES
        .iter()
        .filter(|d| d.models.contains(&seen.model))
        .find(|d| (d.explains)(seen))
        .map(|d| d.name)
}

/// The named divergence called `name`, parse or resolution.
pub fn divergence(name: &str) -> Option<&'static Divergence> {
    DIVERGENCES.iter().find(|d| d.name == name)
}

/// One resolution the adapter and the 1996 draft disagree on, as the resolution
/// classifiers see it.
pub struct ResolveDisagreement<'a> {
    pub base: &'a str,
    pub input: &'a str,
    /// The reference's result (`None`: it gives none).
    pub result: Option<&'a str>,
    pub model: Model,
    pub answer: &'a Answer,
    pub judged: &'a Judged,
}

/// A known, documented reason why an adapter's resolution and the 1996 draft's differ.
pub struct ResolveDivergence {
    pub name: &'static str,
    /// The case in `cases/` that shows what the document says.
    pub case: &'static str,
    pub models: &'static [Model],
    pub explains: fn(&ResolveDisagreement) -> bool,
}

/// The path of an absolute URL written as text: after the scheme and any "//"
/// authority, up to "?" or "#".
fn url_path(url: &str) -> &str {
    let url = &url[..url.find(['?', '#']).unwrap_or(url.len())];
    let rest = match meaning::input_scheme(url).len() {
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
fn keeps_dot_segment(s: &ResolveDisagreement) -> bool {
    matches!(s.answer, Answer::Resolved { .. })
        && s.result.is_some_and(|r| has_dot_segment(url_path(r)))
}

/// The reference is "?" alone (perhaps with a fragment): §6 step 5 inherits the base's
/// query when the reference's is empty.
fn lone_question_mark(s: &ResolveDisagreement) -> bool {
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

/// The Windows drive letter a file base's path starts with (`C:` of `file:///C:/demo`),
/// as the URL Standard's "normalized Windows drive letter" (#windows-drive-letter).
fn windows_drive(base: &str) -> Option<&str> {
    let first = base.strip_prefix("file:///")?.split('/').next()?;
    urlcert_reference::whatwg::record::is_normalized_windows_drive_letter(first).then_some(first)
}

/// Every named resolution divergence, in the order they are tried.
pub const RESOLVE_DIVERGENCES: &[ResolveDivergence] = &[
    ResolveDivergence {
        name: "whatwg-removes-dot-segments",
        case: "res.f01c.abnormal.abs-path-dot",
        models: &[Model::Whatwg],
        // §6 (Appendix C.2 `/./g = http://a/./g`): step 4 skips the dot removal of step
        // 6 for an absolute path, and step 6 removes only complete "." and "xxx/.."
        // segments; the URL parser removes every "." and ".." segment, as it does when
        // it parses (the parse divergence of the same name).
        explains: keeps_dot_segment,
    },
    ResolveDivergence {
        name: "rfc3986-resolution-removes-dot-segments",
        case: "res.f01c.abnormal.abs-path-dot",
        models: &[Model::Rfc3986],
        // As above; RFC 3986 §5.2.2 applies remove_dot_segments to every merged or
        // absolute path.
        explains: keeps_dot_segment,
    },
    ResolveDivergence {
        name: "resolution-empty-query-inherits-base",
        case: "res.div.lone-question-mark",
        models: &[Model::Whatwg, Model::Rfc3986],
        // §6 step 5: an empty path with an empty (though present) query inherits the
        // base's path and query; the URL Standard and RFC 3986 §5.2.2 keep the empty
        // query.
        explains: lone_question_mark,
    },
    ResolveDivergence {
        name: "resolution-empty-server-inherits-base",
        case: "res.div.empty-server-abs-path",
        models: &[Model::Whatwg, Model::Rfc3986],
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
        models: &[Model::Whatwg, Model::Rfc3986],
        // §6 step 1: "If the base URL is the empty string (unknown), the URL reference is
        // interpreted as an absolute URL"; both parsers need an absolute base.
        explains: |s| s.base.is_empty() && matches!(s.answer, Answer::Rejected { .. }),
    },
    ResolveDivergence {
        name: "parser-refuses-rootless-base",
        case: "r3986.res.base-scheme-only",
        models: &[Model::Whatwg, Model::Rfc3986],
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
        models: &[Model::Rfc3986],
        // §6 step 7 as urlcert writes it: "/" between a server and what follows, since
        // only "/" ends a server (§4.3.1); RFC 3986 §5.2.3 keeps the empty path of a base
        // with an authority when the reference has none, and §5.3 writes "//a?y".
        explains: |s| {
            meaning::input_scheme(s.input).is_empty()
                && !s.input.starts_with("//")
                && s.base.contains("//")
                && url_path(s.base).is_empty()
        },
    },
    ResolveDivergence {
        name: "resolution-path-may-start-with-two-slashes",
        case: "res.div.merged-path-two-slashes",
        models: &[Model::Whatwg, Model::Rfc3986],
        // §6 step 6 can leave a path that starts with "//" under a base with no server,
        // and step 7 writes it as it is (so it reads back as a server); both parsers
        // write it otherwise ("/." before it, or a file URL's empty host).
        explains: |s| {
            let after_scheme = |u: &str| {
                let n = meaning::input_scheme(u).len();
                if n == 0 {
                    None
                } else {
                    Some(u[n + 1..].to_string())
                }
            };
            meaning::input_scheme(s.input).is_empty()
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
        models: &[Model::Whatwg],
        // §6 step 6c/6d remove "<segment>/.." for any complete segment; the url crate
        // (2.5) keeps a segment of one letter and ":" or "|" before "..", as the URL
        // Standard keeps a Windows drive letter, but in every scheme, not only "file"
        // (reported upstream: https://github.com/servo/rust-url/issues/1113).
        explains: |s| pops_letter_colon(s.input) && matches!(s.answer, Answer::Resolved { .. }),
    },
    ResolveDivergence {
        name: "whatwg-same-scheme-is-relative",
        case: "res.f01c.abnormal.same-scheme-g",
        models: &[Model::Whatwg],
        // §6 step 2b: a reference that starts with a scheme name is absolute, the base's
        // own scheme included (Appendix C.2 `http:g = http:g`); the URL parser reads a
        // special scheme equal to the base's as relative.
        explains: |s| {
            let scheme = meaning::input_scheme(s.input);
            !scheme.is_empty()
                && scheme.eq_ignore_ascii_case(&meaning::input_scheme(s.base))
                && s.result == Some(s.input)
        },
    },
    ResolveDivergence {
        name: "resolution-takes-ungrammatical-reference",
        case: "res.div.ungrammatical-reference",
        models: &[Model::Whatwg, Model::Rfc3986],
        // §6 step 2 splits the reference by its delimiters (Section 4) and checks no
        // grammar, so a reference that is not a URL (§2.3.3's excluded characters, a
        // bad escape) resolves as written; the URL parser encodes or strips what it
        // does not take, fluent-uri rejects the reference.
        explains: |s| {
            parse(DocReading::from(Document::Draft1996), s.input.as_bytes()).verdict
                == Verdict::Invalid
                && match s.model {
                    Model::Rfc3986 => matches!(s.answer, Answer::Rejected { .. }),
                    _ => true,
                }
        },
    },
    ResolveDivergence {
        name: "whatwg-host-port-checks",
        case: "f01.server.port-large",
        models: &[Model::Whatwg],
        // As for a parse: the result is a URL by §4.3.1's letters; the URL parser checks
        // the host's and port's meaning when it parses the joined URL.
        explains: |s| s.result.is_some() && rejected_with_message(s.answer, HOST_PORT_CHECKS),
    },
    ResolveDivergence {
        name: "whatwg-file-url-gets-empty-host",
        case: "res.div.file-base-without-server",
        models: &[Model::Whatwg],
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
        name: "whatwg-file-keeps-windows-drive-letter",
        case: "us.div.file.absolute-path-keeps-drive",
        models: &[Model::Whatwg],
        // §6 replaces the base path with an absolute reference path; the URL Standard's
        // file slash state keeps the base's Windows drive letter in front of it
        // (#file-slash-state: "append base's path[0] to url's path").
        explains: |s| match (s.result, s.answer, windows_drive(s.base)) {
            (Some(r), Answer::Resolved { result }, Some(drive)) => r
                .strip_prefix("file:///")
                .is_some_and(|rest| *result == format!("file:///{drive}/{rest}")),
            _ => false,
        },
    },
    ResolveDivergence {
        name: "scheme-starts-with-letter",
        case: "f01.structure.scheme-leading-digit",
        models: &[Model::Whatwg],
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
        models: &[Model::Rfc3986],
        // §4.1: a ":" with no scheme before it is part of a relative path; RFC 3986 §4.2
        // forbids a ":" in a relative reference's first segment.
        explains: |s| {
            let first = s.input.split(['/', '?', '#']).next().unwrap_or("");
            first.contains(':')
                && !urlcert_reference::invariants::has_scheme(s.input.as_bytes())
                && matches!(s.answer, Answer::Rejected { .. })
        },
    },
];

/// The first named resolution divergence that explains `seen`: its name and case.
/// A reference the adapter rejects as a reference (fluent-uri parses it first) is put
/// to the parse divergences before the resolution ones, as its parse would be; a result
/// the URL parser only rewrites as it would when parsing it, after them. One cause,
/// whichever operation shows it.
pub fn classify_resolution(seen: &ResolveDisagreement) -> Option<(&'static str, &'static str)> {
    rejected_as_parse(seen)
        .or_else(|| {
            RESOLVE_DIVERGENCES
                .iter()
                .filter(|d| d.models.contains(&seen.model))
                .find(|d| (d.explains)(seen))
                .map(|d| (d.name, d.case))
        })
        .or_else(|| rewritten_as_parse(seen))
}

/// The URL parser resolved to what it makes of the reference's own result when it parses
/// it: the resolutions agree, and the difference is that parse's, classified as such.
fn rewritten_as_parse(seen: &ResolveDisagreement) -> Option<(&'static str, &'static str)> {
    let (Some(result), Answer::Resolved { result: theirs }, Model::Whatwg) =
        (seen.result, seen.answer, seen.model)
    else {
        return None;
    };
    if url::Url::parse(result).ok()?.as_str() != theirs {
        return None;
    }
    let mut url = crate::ask::inproc::by_name("url")?;
    let name = adapter_diff(url.as_mut(), result.as_bytes()).ok()??;
    Some((name, divergence(name)?.case))
}

/// fluent-uri's "the reference: MESSAGE", classified as a parse of the reference that
/// was rejected with MESSAGE.
fn rejected_as_parse(seen: &ResolveDisagreement) -> Option<(&'static str, &'static str)> {
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
    let name = classify(&Disagreement {
        input: seen.input,
        reference: &ParseAnswer::of(&reference),
        model: seen.model,
        answer: &answer,
        // A rejection of what the reference takes: the verdict.
        class: Class::Verdict,
        component: None,
    })?;
    Some((name, divergence(name)?.case))
}
