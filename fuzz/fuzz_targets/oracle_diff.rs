//! The hand-written reference against the BNF-compiled oracle (`urlcert-oracle`), under
//! every document and reading whose parse the oracle covers. They must agree on the
//! verdict and rule, or disagree exactly as one of the named prose classes of
//! `reference/oracle/tests/agree.rs` explains (same names, same checks); anything else
//! is a finding.
#![no_main]
use libfuzzer_sys::fuzz_target;
use regex::bytes::Regex;
use std::sync::OnceLock;
use urlcert_oracle::{Answer, Oracle};
use urlcert_reference::{parse, DocReading, Parse, Reading};

/// As `DOCS` in reference/oracle/tests/agree.rs.
const DOCS: &[&str] = &[
    "draft-02",
    "draft-02@mailto-single-colon",
    "draft-03",
    "draft-03@mailto-single-colon",
    "draft-03@ftptype-prose",
    "draft-06",
    "draft-06@scheme-case-ignore",
    "rfc1738",
    "rfc1738@scheme-case-ignore",
    "rfc1808",
    "draft-1996",
];

struct Doc {
    doc: DocReading,
    oracle: Oracle,
    server: Option<Regex>,
}

fn docs() -> &'static [Doc] {
    static DOCS_: OnceLock<Vec<Doc>> = OnceLock::new();
    DOCS_.get_or_init(|| {
        let dir = urlcert_oracle::grammar_dir();
        DOCS.iter()
            .map(|id| {
                let doc: DocReading = id.parse().expect("known document");
                let reading = (doc.reading != Reading::Strict).then(|| doc.reading.id());
                let oracle = Oracle::load(doc.doc.id(), reading, &dir).expect("grammar loads");
                let server = (doc.doc.id() == "draft-1996").then(|| {
                    oracle
                        .rule_regex("server")
                        .expect("draft-1996 has `server`")
                });
                Doc {
                    doc,
                    oracle,
                    server,
                }
            })
            .collect()
    })
}

/// As `same` in agree.rs: verdict, rule (in the oracle's chain), and for the generic
/// syntaxes whether there is a server.
fn same(reference: &Parse, answer: &Answer) -> bool {
    if reference.verdict.id() != answer.verdict.id() {
        return false;
    }
    let rule = match reference.rule {
        Some(r) if answer.rule.is_some() => answer.chain.iter().any(|c| c == r.name()),
        _ => true,
    };
    let server = match reference.rule.map(|r| r.name()) {
        Some("generic-URL") => Some("server"),
        Some("generic-RL") => Some("net_loc"),
        _ => None,
    };
    let form = server.is_none_or(|component| {
        let has = matches!(reference.components.get(component), Some(Some(_)));
        has == answer.chain.iter().any(|c| c == "net_path")
    });
    rule && form
}

/// The named class that explains the disagreement, if one does.
fn class(d: &Doc, input: &[u8], reference: &Parse, answer: &Answer) -> Option<&'static str> {
    let id = d.doc.doc.id();
    let folded = |n: usize| {
        let mut f = input.to_vec();
        f[..n].make_ascii_lowercase();
        same(reference, &d.oracle.judge(&f))
    };
    // scheme-case-ignore (RFC 1738 §2.1, draft-06 §2.1), under that reading only.
    if d.doc.reading == Reading::SchemeCaseIgnore {
        if let Some(colon) = input.iter().position(|&b| b == b':') {
            if input[..colon].iter().any(u8::is_ascii_uppercase) && folded(colon) {
                return Some("scheme-case-ignore");
            }
        }
    }
    // o93-void-fragment: "If the fragment-id is void, the hash sign may be omitted".
    if id == "draft-02" {
        if let Some(hash) = input.iter().position(|&b| b == b'#') {
            if hash + 1 == input.len() && same(reference, &d.oracle.judge(&input[..hash])) {
                return Some("o93-void-fragment");
            }
        }
    }
    // d03-url-prefix-without-case: the "URL:" prefix matched without case.
    if id == "draft-03" {
        if let Some(head) = input.get(..4) {
            if head.eq_ignore_ascii_case(b"url:") && head != b"url:" && folded(3) {
                return Some("d03-url-prefix-without-case");
            }
        }
    }
    // f01-double-slash-is-a-server: §4.3.1, a leading "//" is always a server.
    if id == "draft-1996" && f01(d, input, reference, answer) {
        return Some("f01-double-slash-is-a-server");
    }
    None
}

fn f01(d: &Doc, input: &[u8], reference: &Parse, answer: &Answer) -> bool {
    let url = &input[..input.iter().position(|&b| b == b'#').unwrap_or(input.len())];
    let end = url
        .iter()
        .position(|&b| !(b.is_ascii_alphanumeric() || b"+-.".contains(&b)));
    let rest = match end {
        Some(i) if i > 0 && url[i] == b':' => &url[i + 1..],
        _ => url,
    };
    let absolute = rest.len() != url.len();
    let Some(after) = rest.strip_prefix(b"//") else {
        return false;
    };
    let server = &after[..after.iter().position(|&b| b == b'/').unwrap_or(after.len())];
    let Some(rule) = &d.server else {
        return false;
    };
    if rule.is_match(server) {
        return false;
    }
    let path_reading = answer
        .chain
        .iter()
        .any(|c| c == "abs_path" || c == "rel_path");
    let (verdict, want) = if absolute && answer.matched.iter().any(|m| m == "opaque-URL") {
        ("generic-only", Some("opaque-URL"))
    } else {
        ("invalid", None)
    };
    path_reading && reference.verdict.id() == verdict && reference.rule.map(|r| r.name()) == want
}

fuzz_target!(|data: &[u8]| {
    for d in docs() {
        let reference = parse(d.doc, data);
        let answer = d.oracle.judge(data);
        if !same(&reference, &answer) && class(d, data, &reference, &answer).is_none() {
            panic!(
                "{}: {:?}: reference {} {:?}, oracle {} {:?}",
                d.doc,
                String::from_utf8_lossy(data),
                reference.verdict,
                reference.rule.map(|r| r.name()),
                answer.verdict,
                answer.chain
            );
        }
    }
});
