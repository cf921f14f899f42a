//! What RFC 1738's prose asks beyond the BNF, reported as graded, cited notes.

use super::classes::{NATIONAL, PUNCTUATION};
use super::{own_production, under_other_letter_case};
use crate::grammar::class::{decode, escaped_octet};
use crate::grammar::cx::Cx;
use crate::grammar::outcome::note;
use crate::grammar::outcome::{Grade, Noting, Parse, Verdict};
use crate::grammar::render::render;
use crate::grammar::rule::Rule;

/// The ids of the notes a parse may give.
pub const IDS: &[&str] = &[
    "letter-case",
    "must-encode.control",
    "must-encode.non-ascii",
    "must-encode.unsafe",
    "default-port",
    "ftp.commands",
    "ftp.typecode-omitted",
    "file.local-machine",
    "gopher.default-type",
    "gopher.request",
    "news.all-groups",
    "escaped-reserved",
    "no-login",
    "experimental-scheme",
    "reserved-scheme-name",
];

/// Adds every note that applies to `p`.
pub fn add(cx: &mut Cx, p: &mut Noting) {
    letter_case(cx, p);
    must_encode(cx, p);
    if p.verdict == Verdict::Valid {
        default_port(p);
        scheme_meanings(p);
    }
    if p.verdict == Verdict::GenericOnly {
        no_login(cx, p);
    }
    if matches!(p.verdict, Verdict::Valid | Verdict::GenericOnly) {
        scheme_names(p);
    }
}

/// `letter-case.md`: both readings are reported, not one picked silently.
fn letter_case(cx: &Cx, p: &mut Noting) {
    let Some((other, q)) = under_other_letter_case(cx) else {
        return;
    };
    let rule = q.rule.map(Rule::name).unwrap_or("");
    note(
        p,
        "letter-case",
        Grade::Should,
        "RFC 1738 §2.1; §5 (comment on scheme)",
        format!(
            "The scheme has upper-case letters. §5 spells `scheme` in lower case, but \
             \"interpreters should use case-ignore\" (§2.1: \"programs interpreting URLs \
             should treat upper case letters as equivalent to lower case in scheme names\"). \
             Under the {} reading this input is {}{}.",
            other.id(),
            q.verdict,
            if rule.is_empty() {
                String::new()
            } else {
                format!(" ({rule})")
            }
        ),
        vec![q.verdict.id().to_string(), rule.to_string()],
    );
}

/// Section 2.2: octets without a graphic US-ASCII character, and unsafe characters.
fn must_encode(cx: &mut Cx, p: &mut Noting) {
    let input = cx.input;
    let (mut control, mut high, mut unsafe_) = (Vec::new(), Vec::new(), Vec::new());
    let mut i = 0;
    while i < input.len() {
        let b = input[i];
        if b == b'%' && escaped_octet(input, i).is_some() {
            i += 3;
            continue;
        }
        // Record national and punctuation first, so coverage sees both classes consulted.
        let listed = cx.class(&PUNCTUATION, b) || cx.class(&NATIONAL, b);
        let bucket = match b {
            0x00..=0x1F | 0x7F => Some(&mut control),
            0x80..=0xFF => Some(&mut high),
            b' ' => Some(&mut unsafe_),
            _ if listed => Some(&mut unsafe_),
            _ => None,
        };
        if let Some(v) = bucket {
            if !v.contains(&b) {
                v.push(b);
            }
        }
        i += 1;
    }
    let hex = |v: Vec<u8>| {
        v.into_iter()
            .map(|b| format!("%{b:02X}"))
            .collect::<Vec<_>>()
    };
    if !control.is_empty() {
        note(p, "must-encode.control", Grade::Must, "RFC 1738 §2.2",
            "\"the octets 00-1F and 7F hexadecimal represent control characters; these must be encoded\"",
            hex(control));
    }
    if !high.is_empty() {
        note(
            p,
            "must-encode.non-ascii",
            Grade::Must,
            "RFC 1738 §2.2",
            "\"The octets 80-FF hexadecimal are not used in US-ASCII ... these must be encoded\"",
            hex(high),
        );
    }
    if !unsafe_.is_empty() {
        note(
            p,
            "must-encode.unsafe",
            Grade::Must,
            "RFC 1738 §2.2",
            "\"All unsafe characters must always be encoded within a URL\": space, \
             < > \" # %, and { } | \\ ^ ~ [ ] `",
            hex(unsafe_),
        );
    }
}

fn str_of<'p>(p: &'p Parse, name: &str) -> Option<&'p str> {
    p.components.str(name)
}

fn list_of<'p>(p: &'p Parse, name: &str) -> Option<Vec<&'p str>> {
    p.components.strs(name)
}

fn default_port(p: &mut Noting) {
    let (port, cite) = match p.rule {
        Some(Rule::Ftpurl) => ("21", "RFC 1738 §3.2"),
        Some(Rule::Httpurl) => ("80", "RFC 1738 §3.3"),
        Some(Rule::Gopherurl) => ("70", "RFC 1738 §3.4.1"),
        Some(Rule::Nntpurl) => ("119", "RFC 1738 §3.7"),
        Some(Rule::Telneturl) => ("23", "RFC 1738 §3.8"),
        Some(Rule::Waisdatabase | Rule::Waisindex | Rule::Waisdoc) => ("210", "RFC 1738 §3.9"),
        Some(Rule::Prosperourl) => ("1525", "RFC 1738 §3.11"),
        _ => return,
    };
    if str_of(p, "port").is_none() {
        note(
            p,
            "default-port",
            Grade::Must,
            cite,
            format!("\"If :<port> is omitted, the port defaults to {port}.\""),
            vec![port.to_string()],
        );
    }
}

fn decoded(s: &str) -> String {
    render(&decode(s.as_bytes()))
}

/// The escapes in `parts` that stand for one of `reserved`.
fn escaped(parts: &[&str], reserved: &[u8]) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    for part in parts {
        let b = part.as_bytes();
        for i in 0..b.len() {
            if escaped_octet(b, i).is_some_and(|o| reserved.contains(&o)) {
                let e = part[i..i + 3].to_string();
                if !found.contains(&e) {
                    found.push(e);
                }
            }
        }
    }
    found
}

fn scheme_meanings(p: &mut Noting) {
    match p.rule {
        Some(Rule::Ftpurl) => ftp(p),
        Some(Rule::Fileurl) if matches!(str_of(p, "host"), None | Some("localhost")) => {
            note(
                p,
                "file.local-machine",
                Grade::Must,
                "RFC 1738 §3.10",
                "\"<host> can be the string \"localhost\" or the empty string; this is \
                     interpreted as `the machine from which the URL is being interpreted'\"",
                vec![],
            );
        }
        Some(Rule::Httpurl) => {
            let mut parts: Vec<&str> = list_of(p, "hsegments").unwrap_or_default();
            parts.extend(str_of(p, "search"));
            let found = escaped(&parts, b"/;?");
            if !found.is_empty() {
                note(
                    p,
                    "escaped-reserved",
                    Grade::Must,
                    "RFC 1738 §3.3; §2.2",
                    "\"Within the <path> and <searchpart> components, \"/\", \";\", \"?\" are \
                     reserved\": these escapes are data, not delimiters",
                    found,
                );
            }
        }
        Some(Rule::Gopherurl) => gopher(p),
        Some(Rule::Newsurl) if str_of(p, "grouppart") == Some("*") => {
            note(p, "news.all-groups", Grade::Must, "RFC 1738 §3.6",
                    "\"If <newsgroup-name> is \"*\" ..., it is used to refer to \"all available news groups\"\"",
                    vec![]);
        }
        Some(Rule::Prosperourl) => {
            let parts: Vec<&str> = list_of(p, "psegments").unwrap_or_default();
            let found = escaped(&parts, b";");
            if !found.is_empty() {
                note(
                    p,
                    "escaped-reserved",
                    Grade::Must,
                    "RFC 1738 §3.11",
                    "\"The semicolon \";\" is reserved and may not appear without quoting in the \
                     <hsoname>\": these escapes are data, not delimiters",
                    found,
                );
            }
        }
        _ => {}
    }
}

/// Section 3.2.2: "The url-path is interpreted as a series of FTP commands".
fn ftp(p: &mut Noting) {
    let typecode = str_of(p, "ftptype").map(str::to_string);
    if typecode.is_none() {
        note(
            p,
            "ftp.typecode-omitted",
            Grade::Must,
            "RFC 1738 §3.2.3",
            "\"If it is omitted, the client program interpreting the URL must guess the \
             appropriate mode to use.\"",
            vec![],
        );
    }
    let Some(segments) =
        list_of(p, "fsegments").map(|l| l.iter().map(|s| s.to_string()).collect::<Vec<String>>())
    else {
        return;
    };
    let (name, cwds) = segments
        .split_last()
        .expect("fpath has at least one fsegment");
    let mut commands: Vec<String> = cwds.iter().map(|c| format!("CWD {}", decoded(c))).collect();
    match typecode.as_deref() {
        Some("d" | "D") => commands.push(format!("NLST {}", decoded(name))),
        Some(code) => {
            commands.push(format!("TYPE {code}"));
            commands.push(format!("RETR {}", decoded(name)));
        }
        None => commands.push(format!("RETR {}", decoded(name))),
    }
    note(
        p,
        "ftp.commands",
        Grade::Must,
        "RFC 1738 §3.2.2",
        "\"Each of the <cwd> elements is to be supplied, sequentially, as the argument to a \
         CWD ... command\"; then NLST <name> for typecode \"d\", otherwise TYPE <typecode> \
         and RETR <name>; \"The components are decoded prior to their use\"",
        commands,
    );
    let parts: Vec<&str> = segments.iter().map(String::as_str).collect();
    let found = escaped(&parts, b"/;");
    if !found.is_empty() {
        note(
            p,
            "escaped-reserved",
            Grade::Must,
            "RFC 1738 §3.2.2",
            "\"Within a name or CWD component, the characters \"/\" and \";\" are reserved and \
             must be encoded\": these escapes are data, not delimiters",
            found,
        );
    }
}

/// Sections 3.4.1 to 3.4.3.
fn gopher(p: &mut Noting) {
    let Some(selector) = str_of(p, "selector").map(str::to_string) else {
        note(
            p,
            "gopher.default-type",
            Grade::Must,
            "RFC 1738 §3.4.1",
            "\"The entire <gopher-path> may also be empty, in which case ... the <gophertype> \
             defaults to \"1\"\"",
            vec!["1".into()],
        );
        return;
    };
    let mut line = decoded(&selector);
    if let Some(search) = str_of(p, "search") {
        line.push_str("<tab>");
        line.push_str(&decoded(search));
    }
    if let Some(plus) = str_of(p, "gopher+_string") {
        line.push_str("<tab>");
        line.push_str(&decoded(plus));
    }
    note(
        p,
        "gopher.request",
        Grade::Must,
        "RFC 1738 §3.4.2; §3.4.3",
        "\"the Gopher client sends the <selector> string (after decoding), a tab, and the \
         search string\"; for Gopher+, \"followed by a tab and the Gopher+ commands\"",
        vec![line],
    );
}

/// Sections 3.3 and 3.11: "No user name or password is allowed."
fn no_login(cx: &Cx, p: &mut Noting) {
    let cite = match own_production(cx) {
        Some(Rule::Httpurl) => "RFC 1738 §3.3",
        Some(Rule::Prosperourl) => "RFC 1738 §3.11",
        _ => return,
    };
    if str_of(p, "user").is_some() {
        note(
            p,
            "no-login",
            Grade::Must,
            cite,
            "\"No user name or password is allowed\": only otherurl derives this input",
            vec![],
        );
    }
}

/// Section 4: reserved and experimental scheme names.
fn scheme_names(p: &mut Noting) {
    let Some(scheme) = str_of(p, "scheme").map(str::to_ascii_lowercase) else {
        return;
    };
    if scheme.starts_with("x-") {
        note(
            p,
            "experimental-scheme",
            Grade::Should,
            "RFC 1738 §4",
            "\"Scheme names starting with the characters \"x-\" are reserved for experimental \
             purposes.\"",
            vec![],
        );
    }
    const PROPOSED: &[&str] = &["afs", "mid", "cid", "nfs", "tn3270", "mailserver", "z39.50"];
    if PROPOSED.contains(&scheme.as_str()) {
        note(
            p,
            "reserved-scheme-name",
            Grade::Should,
            "RFC 1738 §4",
            "\"this document does not define their syntax or use at this time. It is suggested \
             that IANA reserve their scheme names for future definition\"",
            vec![],
        );
    }
}
