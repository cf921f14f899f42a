//! The departures of one parser: what a parser answers that no document gives and no
//! family of parsers shares, found by campaigns and looked at. Each is written once for
//! every configuration of its parser (`curl` is also `curl@guess-scheme`), keyed by
//! what the parser answers, with the text it departs from. A campaign puts a
//! discrepancy to these last, after the leniencies every family shares
//! ([`crate::judge::leniency`]): they name what is known of one parser, so that a
//! nightly's new buckets are what nobody has looked at yet.

use crate::ask::Answer;
use crate::judge::leniency::{
    alike, appendix_b, decoded, host_and_port, scheme_of, Leniency, Seen, Test,
};
use crate::run::fuzz::RequestOp;
use urlcert_reference::Document;

/// A departure of one parser.
pub struct Quirk {
    /// The parser: an adapter's name before any "@" (its configuration).
    pub parser: &'static str,
    pub leniency: Leniency,
}

impl Quirk {
    /// Is `adapter` (an adapter's name) a configuration of this quirk's parser?
    pub fn concerns(&self, adapter: &str) -> bool {
        adapter.split('@').next() == Some(self.parser)
    }
}

/// A file URL (the input, or the reference's result).
fn is_file(uri: &[u8]) -> bool {
    appendix_b(uri)[0].is_some_and(|s| s.eq_ignore_ascii_case(b"file"))
}

/// The host of a URI's authority, without userinfo and port, in lower case.
fn host_of(uri: &[u8]) -> Option<Vec<u8>> {
    Some(host_and_port(appendix_b(uri)[1]?).0.to_ascii_lowercase())
}

/// A path that begins with a Windows drive letter ("/C:" or "/c|"), as the URL
/// Standard's `#windows-drive-letter` reads it.
fn drive_letter_path(path: &[u8]) -> bool {
    // The Standard removes tabs and newlines before it reads anything.
    let path: Vec<u8> = path
        .iter()
        .copied()
        .filter(|b| !b"\t\n\r".contains(b))
        .collect();
    let p = path.strip_prefix(b"/").unwrap_or(&path);
    p.len() >= 2
        && p[0].is_ascii_alphabetic()
        && matches!(p[1], b':' | b'|')
        && p.get(2).is_none_or(|b| b"/\\?#".contains(b))
}

/// The base as an empty path merged into it would leave it (RFC 3986 Section 5.2.3):
/// up to its last "/" ("/" after an authority with an empty path), dot segments
/// removed, query and fragment gone.
fn base_without_last_segment(base: &[u8]) -> Option<Vec<u8>> {
    let [scheme, authority, Some(path), ..] = appendix_b(base) else {
        return None;
    };
    let merged: &[u8] = match (authority, path.iter().rposition(|&b| b == b'/')) {
        (Some(_), _) if path.is_empty() => b"/",
        (_, Some(slash)) => &path[..=slash],
        (_, None) => return None,
    };
    let mut out = scheme.map_or(Vec::new(), |s| [s, b":"].concat());
    if let Some(a) = authority {
        out.extend_from_slice(&[b"//", a].concat());
    }
    out.extend_from_slice(&urlcert_reference::resolve::rfc3986::remove_dot_segments(
        merged,
    ));
    Some(out)
}

/// The schemes libcurl knows (its `curl_version_info` protocols, as Debian builds it).
const CURL_SCHEMES: &[&str] = &[
    "dict", "file", "ftp", "ftps", "gopher", "gophers", "http", "https", "imap", "imaps", "ldap",
    "ldaps", "mqtt", "pop3", "pop3s", "rtmp", "rtsp", "scp", "sftp", "smb", "smbs", "smtp",
    "smtps", "telnet", "tftp", "ws", "wss",
];

/// Every quirk, by parser.
pub const QUIRKS: &[Quirk] = &[
    Quirk {
        parser: "curl",
        leniency: Leniency {
            name: "curl-drops-a-local-file-host",
            says: "drops the host of a file URL that names this machine (\"localhost\", \"127.0.0.1\"), as libcurl reads RFC 8089; RFC 1738 Section 3.10 and the URL Standard's file host state keep \"127.0.0.1\" as written",
            test: Test::Answers(|s: &Seen| {
                let local = |uri: &[u8]| {
                    is_file(uri)
                        && host_of(uri).is_some_and(|h| h == b"localhost" || h == b"127.0.0.1")
                };
                match s.req.op {
                    RequestOp::Parse => {
                        local(&s.req.input)
                            && matches!(
                                s.judged.component.as_deref(),
                                Some("host" | "hostname" | "authority")
                            )
                            && s.values().is_some_and(|(_, a)| a.is_none_or(|a| a.is_empty()))
                    }
                    RequestOp::Resolve => {
                        s.reference_result().is_some_and(local)
                            && s.result().is_some_and(|a| {
                                host_of(a.as_bytes()).is_none_or(|h| h.is_empty() || h == b"(nil)")
                            })
                    }
                }
            }),
        },
    },
    Quirk {
        parser: "curl",
        leniency: Leniency {
            name: "curl-reads-an-empty-fragment-as-a-path",
            says: "resolves \"#\" with an empty fragment as an empty path: the base's last segment and its query go; a reference without a path keeps the base's path and query (RFC 3986 Section 5.2.2, the URL Standard's fragment state)",
            test: Test::Answers(|s: &Seen| {
                s.req.op == RequestOp::Resolve
                    && s.req.input.starts_with(b"#")
                    && s
                        .req
                        .base
                        .as_deref()
                        .and_then(base_without_last_segment)
                        .is_some_and(|cut| s.result().is_some_and(|a| a.as_bytes() == &cut[..]))
            }),
        },
    },
    Quirk {
        parser: "curl",
        leniency: Leniency {
            name: "curl-drops-a-file-query",
            says: "leaves out the query of a file URL; the documents keep a file URL's query as any other (RFC 3986 Section 3.4, the URL Standard's query state)",
            test: Test::Answers(|s: &Seen| {
                let Some((ours, a)) = s.results() else {
                    return false;
                };
                let (x, y) = (appendix_b(ours), appendix_b(a.as_bytes()));
                is_file(ours) && x[3].is_some() && y[3].is_none() && x[..3] == y[..3]
            }),
        },
    },
    Quirk {
        parser: "curl",
        leniency: Leniency {
            name: "curl-refuses-file-urls-it-cannot-open",
            says: "refuses a file URL it could not open here: one without \"//\" (\"file:p\"), one with another machine's host (\"file://h/a\"), one whose path begins with a Windows drive letter (\"file:///C:/demo\"); RFC 8089 Section 2 and the URL Standard's file state read all three",
            test: Test::Answers(|s: &Seen| {
                let cannot_open = |u: &[u8]| {
                    let [_, authority, path, ..] = appendix_b(u);
                    let host = host_of(u).unwrap_or_default();
                    is_file(u)
                        && (authority.is_none()
                            || !(host.is_empty() || host == b"localhost" || host == b"127.0.0.1")
                            || path.is_some_and(drive_letter_path))
                };
                s.refuses()
                    && (s.uris().any(cannot_open) || s.reference_result().is_some_and(cannot_open))
            }),
        },
    },
    Quirk {
        parser: "curl",
        leniency: Leniency {
            name: "curl-file-path-without-slash",
            says: "gives a file URL written without slashes (\"file:e\") its path as written; the URL Standard's file state begins every file path with \"/\"",
            test: Test::Answers(|s: &Seen| {
                is_file(&s.req.input)
                    && matches!(s.judged.component.as_deref(), Some("path" | "pathname"))
                    && s.both(|e, a| {
                        e.strip_prefix('/').is_some_and(|e| decoded(e) == decoded(a))
                    })
            }),
        },
    },
    Quirk {
        parser: "curl",
        leniency: Leniency {
            name: "curl-writes-a-space-as-plus",
            says: "writes a space of the query or fragment as \"+\" (a form encoding's reading of a space); the URL Standard removes a trailing space before it parses and percent-encodes one inside (\"%20\"), and \"+\" is a character of its own (RFC 3986 Section 2.2)",
            test: Test::Answers(|s: &Seen| {
                let Some((ours, a)) = s.results() else {
                    return false;
                };
                s.req.input.contains(&b' ')
                    && a.contains('+')
                    && (alike(ours, a.trim_end_matches('+')) || alike(ours, &a.replace('+', "%20")))
            }),
        },
    },
    Quirk {
        parser: "curl",
        leniency: Leniency {
            name: "curl-guesses-a-scheme-for-an-unknown-one",
            says: "reads a URI whose scheme libcurl does not know as a host name (or userinfo) and port with a guessed scheme (CURLU_GUESS_SCHEME: \"o:@m\" as http://o:@m), where the documents read the scheme (RFC 3986 Section 3.1)",
            test: Test::Answers(|s: &Seen| {
                let unknown =
                    |u: &[u8]| scheme_of(u).is_some_and(|x| !CURL_SCHEMES.contains(&x.as_str()));
                let component = matches!(s.judged.component.as_deref(), Some("scheme" | "protocol"))
                    && s.both(|e, a| !CURL_SCHEMES.contains(&e) && a == "http");
                let resolved = s.reference_result().is_some_and(unknown)
                    && s.result().is_some_and(|a| a.starts_with("http://"));
                component || resolved || (s.refuses() && s.uris().any(unknown))
            }),
        },
    },
    Quirk {
        parser: "curl",
        leniency: Leniency {
            name: "curl-reads-one-slash-as-an-authority",
            says: "reads a host after \"scheme:/\" with one slash (\"telnet:/h\" as telnet://h/), for every scheme; RFC 3986 Section 3.2 opens an authority with \"//\" only, and the URL Standard reads one slash so only after a special scheme",
            test: Test::Answers(|s: &Seen| {
                let one_slash = |u: &[u8]| {
                    appendix_b(u)[0].is_some_and(|x| {
                        u[x.len() + 1..].starts_with(b"/") && !u[x.len() + 1..].starts_with(b"//")
                    })
                };
                let no_host = |u: &[u8]| host_of(u).is_none_or(|h| h.is_empty());
                let given_a_host = match s.req.op {
                    RequestOp::Parse => {
                        matches!(s.judged.component.as_deref(), Some("host" | "hostname" | "username"))
                            && s.values().is_some_and(|(_, a)| a.is_some_and(|a| !a.is_empty()))
                    }
                    RequestOp::Resolve => {
                        s.reference_result().is_some_and(no_host)
                            && s.result().is_some_and(|a| !no_host(a.as_bytes()))
                    }
                };
                s.uris().any(one_slash) && given_a_host
            }),
        },
    },
    Quirk {
        parser: "curl",
        leniency: Leniency {
            name: "curl-keeps-a-numeric-host-as-written",
            says: "keeps a host of digits and dots as it is written (\"9.\", \".9\"), where the URL Standard's host parser reads it as an IPv4 address (\"9.\" is 0.0.0.9) or fails it (\".9\": an empty part)",
            test: Test::Answers(|s: &Seen| {
                let numeric = host_of(&s.req.input)
                    .or_else(|| {
                        // "http:/9." has its host after one slash, as the Standard reads it.
                        let rest = appendix_b(&s.req.input)[2]?.strip_prefix(b"/")?;
                        Some(rest.split(|b| b"/?#".contains(b)).next()?.to_vec())
                    })
                    .is_some_and(|h| {
                        !h.is_empty() && h.iter().all(|b| b.is_ascii_digit() || *b == b'.')
                    });
                let Answer::Parsed { components } = s.answer else {
                    return false;
                };
                s.doc.doc == Document::UrlStandard
                    && numeric
                    && components.get("host").and_then(Option::as_deref).is_some_and(|h| {
                        h.bytes().all(|b| b.is_ascii_digit() || b == b'.')
                    })
            }),
        },
    },
    Quirk {
        parser: "curl",
        leniency: Leniency {
            name: "curl-keeps-the-base-fragment-before-a-query",
            says: "resolves a reference of a query alone against a base with a fragment by writing the query after the base's fragment (\"?\" against \"http://a/b#f\" as \"http://a/b#f?\"); RFC 3986 Section 5.2.2 takes the base's path and the reference's query, and no fragment from the base",
            test: Test::Answers(|s: &Seen| {
                let Some(base) = s.req.base.as_deref() else {
                    return false;
                };
                s.req.input.starts_with(b"?")
                    && base.contains(&b'#')
                    && s.result().is_some_and(|a| a.as_bytes() == [base, &s.req.input[..]].concat())
            }),
        },
    },
    Quirk {
        parser: "python-rfc3986",
        leniency: Leniency {
            name: "python-rfc3986-validates-a-network-path-reference",
            says: "refuses a reference that begins with an authority (\"//@h\") when its validator fails it: an empty userinfo, or (require_scheme) no scheme; RFC 3986 Section 4.2 takes a network-path reference, and Section 5.2 resolves it",
            test: Test::Answers(|s: &Seen| {
                s.req.op == RequestOp::Resolve && s.refuses() && s.req.input.starts_with(b"//")
            }),
        },
    },
    Quirk {
        parser: "python-rfc3986",
        leniency: Leniency {
            name: "python-rfc3986-merge-cuts-a-character",
            says: "merges a reference with a base path that has no \"/\" by cutting the base path's last character and adding \"/\"; RFC 3986 Section 5.2.3 drops the whole base path (\"excluding the entire base URI path if it does not have any \\\"/\\\" characters\")",
            test: Test::Answers(|s: &Seen| {
                let Some(base) = s.req.base.as_deref() else {
                    return false;
                };
                let [_, authority, Some(path), ..] = appendix_b(base) else {
                    return false;
                };
                let cut = match path.split_last() {
                    Some((_, rest)) if authority.is_none() && !path.contains(&b'/') => {
                        [rest, b"/"].concat()
                    }
                    _ => return false,
                };
                s.result().is_some_and(|a| {
                    appendix_b(a.as_bytes())[2].is_some_and(|p| p.starts_with(&cut))
                })
            }),
        },
    },
    Quirk {
        parser: "python-rfc3986",
        leniency: Leniency {
            name: "python-rfc3986-encodes-every-percent",
            says: "percent-encodes every \"%\" of a component that holds one not followed by two hex digits, the escapes beside it included; RFC 3986 Section 2.4: \"implementations must not percent-encode or decode the same string more than once\", and an escape is left as it is",
            test: Test::Answers(|s: &Seen| s.both(|e, a| e.contains('%') && a == e.replace('%', "%25"))),
        },
    },
    Quirk {
        parser: "url",
        leniency: Leniency {
            name: "url-windows-drive-letters",
            says: "clears a file URL's host when its path begins with a Windows drive letter (\"file://x/c|\"), and leaves a drive letter's \"|\" as it is when a tab or newline sits inside it; the URL Standard's path state keeps the host, and with tabs and newlines removed first (basic URL parser, step 3) writes the drive letter with \":\"",
            test: Test::Answers(|s: &Seen| {
                let component = s.judged.component.as_deref();
                let drive =
                    |u: &[u8]| is_file(u) && appendix_b(u)[2].is_some_and(drive_letter_path);
                let parsed = drive(&s.req.input)
                    && (matches!(component, Some("host" | "hostname"))
                        && s.both(|e, a| !e.is_empty() && a.is_empty())
                        || matches!(component, Some("pathname" | "path"))
                            && s.both(|e, a| e.replacen(':', "|", 1) == a));
                let resolved = s.reference_result().is_some_and(|ours| {
                    drive(ours)
                        && host_of(ours).is_some_and(|h| !h.is_empty())
                        && s.result()
                            .is_some_and(|a| host_of(a.as_bytes()).is_some_and(|h| h.is_empty()))
                });
                parsed || resolved
            }),
        },
    },
    Quirk {
        parser: "url",
        leniency: Leniency {
            name: "url-reads-tabs-and-newlines-too-early",
            says: "answers otherwise an input with a tab or newline inside it than the same input without them: the URL Standard removes every tab and newline before it reads anything (basic URL parser, step 3), and the url crate skips them as it reads, so that some of its checks see them",
            test: Test::Answers(|s: &Seen| {
                s.uris().any(|u| {
                    let inner = u.trim_ascii();
                    inner.iter().any(|b| b"\t\n\r".contains(b))
                })
            }),
        },
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quirk_concerns_every_configuration_of_its_parser_and_no_other() {
        let q = &QUIRKS[0];
        assert!(q.concerns("curl"));
        assert!(q.concerns("curl@guess-scheme"));
        assert!(!q.concerns("curlish"));
        assert!(!q.concerns("python-urllib"));
    }

    #[test]
    fn the_parts_quirks_read_are_read_as_rfc_3986_appendix_b_splits_them() {
        assert_eq!(
            host_of(b"file://u@127.0.0.1:8/x").as_deref(),
            Some(&b"127.0.0.1"[..])
        );
        assert_eq!(host_of(b"file:/x"), None);
        assert!(drive_letter_path(b"/C:/demo"));
        assert!(drive_letter_path(b"/c|"));
        assert!(!drive_letter_path(b"/C:x"));
        // RFC 3986 Section 5.2.3: the base up to its last "/".
        assert_eq!(
            base_without_last_segment(b"http://a/b/./c/d;p?q#f").as_deref(),
            Some(&b"http://a/b/c/"[..])
        );
        assert_eq!(
            base_without_last_segment(b"foo://h").as_deref(),
            Some(&b"foo://h/"[..])
        );
        assert!(drive_letter_path(b"/c\t|"));
    }
}
