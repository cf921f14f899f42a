//! The named classes of input on which the hand-written reference applies prose that its
//! document's BNF does not say, so that it and the BNF-compiled oracle (`urlcert-oracle`)
//! may disagree. Each class checks that its piece of prose explains the disagreement
//! exactly (by asking the oracle again with the prose applied), so nothing is hidden.
//! Shared by the oracle's agreement test and the `oracle_diff` fuzz target.

use regex::bytes::Regex;
use urlcert_oracle::{Answer, Oracle};
use urlcert_reference::{DocReading, Document, Parse, Reading};

/// Every document and reading whose parse the oracle covers.
pub const DOCS: &[DocReading] = &[
    on(Document::Draft02, Reading::Strict),
    on(Document::Draft02, Reading::MailtoSingleColon),
    on(Document::Draft03, Reading::Strict),
    on(Document::Draft03, Reading::MailtoSingleColon),
    on(Document::Draft03, Reading::FtptypeProse),
    on(Document::Draft06, Reading::Strict),
    on(Document::Draft06, Reading::SchemeCaseIgnore),
    on(Document::Rfc1738, Reading::Strict),
    on(Document::Rfc1738, Reading::SchemeCaseIgnore),
    on(Document::Rfc1808, Reading::Strict),
    on(Document::Draft1996, Reading::Strict),
    // The BNF alone where a failing server's "//" can be a path: what the oracle derives.
    on(Document::Draft1996, Reading::DoubleSlashPath),
    // RFC 2396's above-root-removed and same-scheme-relative are resolution readings and
    // parse as the default does.
    on(Document::Rfc2396, Reading::Strict),
    on(Document::Rfc2396, Reading::Rfc2732),
    // `rfc3986@non-strict` differs in resolution only (Section 5.2.2), so it is not
    // repeated here.
    on(Document::Rfc3986, Reading::Strict),
];

/// A document under a reading, in a constant.
const fn on(doc: Document, reading: Reading) -> DocReading {
    DocReading { doc, reading }
}

/// What a class looks at: the input, both answers, the oracle (to ask again), and for
/// the 1996 draft its compiled `server` rule.
pub struct Ctx<'a> {
    pub input: &'a [u8],
    pub reference: &'a Parse<'a>,
    pub oracle: &'a Oracle,
    pub answer: &'a Answer,
    pub server: &'a Option<Regex>,
}

/// A class of inputs on which the reference applies prose the BNF does not say.
pub struct Class {
    pub name: &'static str,
    /// The documents (ids) it concerns.
    pub docs: &'static [&'static str],
    /// Only under this reading (`None`: any).
    pub reading: Option<Reading>,
    /// The text the reference follows.
    pub cite: &'static str,
    /// Does the prose explain this disagreement exactly?
    pub explains: fn(&Ctx) -> bool,
}

pub const CLASSES: &[Class] = &[
    Class {
        name: "f01-double-slash-is-a-server",
        docs: &["draft-1996"],
        // `draft-1996@double-slash-path` is the BNF alone here, and needs no class.
        reading: Some(Reading::Strict),
        cite: "draft-1996 §4.3.1: \"If the remaining reference begins with a double-slash \
               \"//\", then the substring of characters after the double-slash and up to, but \
               not including, the next slash \"/\" character is the server component of the \
               URL.\" The BNF alone (`segment = *pchar`) also derives that \"//\" as an empty \
               first path segment, so `scheme://bad_host/` matches generic-URL; \
               cases/divergences/README.md §6, draft-1996 row: \"a leading \"//\" is always a server\".",
        explains: f01_double_slash_is_a_server,
    },
    Class {
        name: "scheme-case-ignore",
        docs: &["rfc1738", "draft-06"],
        reading: Some(Reading::SchemeCaseIgnore),
        cite: "RFC 1738 §5: \"the scheme is in lower case; interpreters should use \
               case-ignore\"; §2.1 and draft-06 §2.1: programs \"should treat upper case \
               letters as equivalent to lower case in scheme names\". The BNF's scheme names \
               are lower case; the reading compares them without case.",
        explains: scheme_case_ignore,
    },
    Class {
        name: "o93-void-fragment",
        docs: &["draft-02"],
        reading: None,
        cite: "draft-ietf-uri-url-02 \"Fragment-id\": \"If the fragment-id is void, the hash sign may be \
               omitted\", while `fragmentid xalphas` derives no empty string; cases/divergences/README.md \
               §5 O93 row and the contract: \"`#` may be omitted or followed by nothing\".",
        explains: o93_void_fragment,
    },
    Class {
        name: "d03-url-prefix-without-case",
        docs: &["draft-03"],
        reading: None,
        cite: "draft-ietf-uri-url-03 \"URL SYNTAX\": \"the whole string must start with a constant prefix \
               \"URL:\"\", while the BNF writes `prefixedurl u r l : url` in lower case; \
               cases/divergences/README.md §6, draft-03 row and the contract: the prefix is matched without \
               case.",
        explains: d03_url_prefix_without_case,
    },
];

/// Do the reference and an oracle answer say the same? The verdict, the rule where both
/// name one (the reference's must be in the oracle's chain), and for an absolute URL of
/// the generic syntaxes (`generic-URL`, `generic-RL`) whether it has a server: the
/// reference's `server` / `net_loc` component is there exactly when the oracle's
/// relativeURL form is `net_path`. Under RFC 3986, the path rule the reference took
/// (`path-abempty`, `path-absolute`, ...) is in the oracle's chain.
pub fn same(reference: &Parse, answer: &Answer) -> bool {
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
        let has_server = matches!(reference.components.get(component), Some(Some(_)));
        has_server == answer.chain.iter().any(|c| c == "net_path")
    });
    // RFC 3986: the path rule the reference's hier-part or relative-part took (its
    // second alternative) is the one the oracle's candidate names.
    let path = reference.doc.doc != Document::Rfc3986
        || reference.rule.is_none()
        || reference
            .alternatives
            .get(1)
            .is_some_and(|p| answer.chain.iter().any(|c| c == p.name()));
    rule && form && path && rfc2396_form(reference, answer)
}

/// RFC 2396: the oracle's candidate names the path form (`abs_path`, `opaque_part`,
/// `rel_path`) or, for a net_path, the alternative of `authority` (`server`,
/// `reg_name`): the reference took that path form, or a net_path whose authority it
/// reports under that alternative's component.
fn rfc2396_form(reference: &Parse, answer: &Answer) -> bool {
    if reference.doc.doc != urlcert_reference::Document::Rfc2396 {
        return true;
    }
    let Some(via) = answer.chain.get(1) else {
        return true;
    };
    let took = |name: &str| reference.alternatives.iter().any(|a| a.name() == name);
    match via.as_str() {
        "server" | "reg_name" => {
            took("net_path") && matches!(reference.components.get(via.as_str()), Some(Some(_)))
        }
        form => took(form),
    }
}

fn f01_double_slash_is_a_server(cx: &Ctx) -> bool {
    let input = cx.input;
    let url = &input[..input.iter().position(|&b| b == b'#').unwrap_or(input.len())];
    // Section 4.1: a scheme is the part before a colon that comes after the first
    // character and before any character a scheme cannot hold.
    let scheme_end = url
        .iter()
        .position(|&b| !(b.is_ascii_alphanumeric() || b"+-.".contains(&b)));
    let rest = match scheme_end {
        Some(i) if i > 0 && url[i] == b':' => &url[i + 1..],
        _ => url,
    };
    let absolute = rest.len() != url.len();
    let Some(after) = rest.strip_prefix(b"//") else {
        return false;
    };
    let server = &after[..after.iter().position(|&b| b == b'/').unwrap_or(after.len())];
    let Some(server_rule) = cx.server else {
        return false;
    };
    if server_rule.is_match(server) {
        return false;
    }
    // The BNF took the "//" as a path: a path reading matched.
    let path_reading = cx
        .answer
        .chain
        .iter()
        .any(|c| c == "abs_path" || c == "rel_path");
    // Under Section 4.3.1 the server fails: an absolute URL is at most an opaque-URL, a
    // relative one nothing.
    let (verdict, rule) = if absolute && cx.answer.matched.iter().any(|m| m == "opaque-URL") {
        ("generic-only", Some("opaque-URL"))
    } else {
        ("invalid", None)
    };
    path_reading
        && cx.reference.verdict.id() == verdict
        && cx.reference.rule.map(|r| r.name()) == rule
}

fn scheme_case_ignore(cx: &Ctx) -> bool {
    let Some(colon) = cx.input.iter().position(|&b| b == b':') else {
        return false;
    };
    if !cx.input[..colon].iter().any(u8::is_ascii_uppercase) {
        return false;
    }
    let mut folded = cx.input.to_vec();
    folded[..colon].make_ascii_lowercase();
    same(cx.reference, &cx.oracle.judge(&folded))
}

fn o93_void_fragment(cx: &Ctx) -> bool {
    let Some(hash) = cx.input.iter().position(|&b| b == b'#') else {
        return false;
    };
    hash + 1 == cx.input.len() && same(cx.reference, &cx.oracle.judge(&cx.input[..hash]))
}

fn d03_url_prefix_without_case(cx: &Ctx) -> bool {
    let Some(head) = cx.input.get(..4) else {
        return false;
    };
    if !head.eq_ignore_ascii_case(b"url:") || head == b"url:" {
        return false;
    }
    let mut folded = cx.input.to_vec();
    folded[..3].make_ascii_lowercase();
    same(cx.reference, &cx.oracle.judge(&folded))
}

/// The classes that concern `doc` under `reading`.
pub fn classes_for(doc: &str, reading: Reading) -> impl Iterator<Item = &'static Class> + '_ {
    CLASSES
        .iter()
        .filter(move |c| c.docs.contains(&doc))
        .filter(move |c| c.reading.is_none_or(|r| r == reading))
}

/// The 1996 draft's compiled `server` rule, which one class needs.
pub fn server_rule(doc: &str, oracle: &Oracle) -> Option<Regex> {
    (doc == "draft-1996")
        .then(|| oracle.rule_regex("server").ok())
        .flatten()
}
