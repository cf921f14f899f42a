//! What draft-06's prose asks beyond its BNF, reported as graded, cited notes. Each
//! note quotes the sentence it rests on.
//!
//! | id | grade | when |
//! |---|---|---|
//! | `letter-case` | should | the scheme has upper-case letters (§2.1) |
//! | `must-encode.control` | must | an octet 00-1F or 7F appears (§2.2) |
//! | `must-encode.non-ascii` | must | an octet 80-FF appears (§2.2) |
//! | `must-encode.space-or-percent` | must | a space, or a "%" that starts no escape (§2.2) |
//! | `should-encode.unsafe` | should | one of the unsafe characters §2.2 names: `<` `>` `"` `#` |
//! | `should-encode.not-safe` | should | a printable character §2.2 does not call safe: `! * ' ( ) ,`, `{ } \| \ ^ ~ [ ]`, backtick |
//! | `default-port` | must | a scheme with a default port, the port omitted (§3.2, §3.3, §3.4.1, §3.7, §3.8, §3.9, §3.11) |
//! | `ftp.commands` | must | an ftp URL with a url-path (§3.2.2) |
//! | `ftp.typecode-omitted` | must | an ftp URL without ";type=" (§3.2.3) |
//! | `file.local-machine` | must | a file URL whose host is "localhost", or empty (§3.10) |
//! | `file.empty-host` | should | a file URL with an empty host: §3.10 allows it, §5 does not |
//! | `gopher.default-type` | must | a gopher URL with an empty gopher-path (§3.4.1) |
//! | `gopher.request` | must | a gopher URL with a selector: what the client sends (§3.4.2, §3.4.3) |
//! | `gopher.plus-without-search` | should | one "%09": §3.4.1's third form reads a gopher+_string where §5 derives a search |
//! | `news.all-groups` | must | `news:*` (§3.6) |
//! | `escaped-reserved` | must | an escape of a character reserved in that component (§3.2.2, §3.3, §3.11) |
//! | `no-login` | must | an http or prospero URL with a user name, so only otherurl matches (§3.3, §3.11) |
//! | `experimental-scheme` | should | a scheme starting "x-" (§4) |
//! | `reserved-scheme-name` | should | afs, mid, cid, nfs, tn3270, mailserver, z39.50 (§4) |

use super::classes::{ALPHA, DIGIT, PUNCTUATION, RESERVED};
use super::{ftp, ip, own_production, under_other_letter_case};
use crate::grammar::class::{decode, escaped_octet};
use crate::grammar::cx::{Cx, Span};
use crate::grammar::outcome::note;
use crate::grammar::outcome::{Grade, Noting, Parse, Verdict};
use crate::grammar::render::render;
use crate::grammar::rule::Rule;

/// The note ids this module can add, for vocabularies and tests.
pub const IDS: &[&str] = &[
    "letter-case",
    "must-encode.control",
    "must-encode.non-ascii",
    "must-encode.space-or-percent",
    "should-encode.unsafe",
    "should-encode.not-safe",
    "default-port",
    "ftp.commands",
    "ftp.typecode-omitted",
    "file.local-machine",
    "file.empty-host",
    "gopher.default-type",
    "gopher.request",
    "gopher.plus-without-search",
    "news.all-groups",
    "escaped-reserved",
    "no-login",
    "experimental-scheme",
    "reserved-scheme-name",
];

/// Adds every note that applies to `p`.
pub fn add(cx: &mut Cx, p: &mut Noting) {
    letter_case(cx, p);
    encoding(cx, p);
    if p.verdict == Verdict::Valid {
        default_port(p);
        scheme_meanings(p);
    }
    if p.verdict == Verdict::GenericOnly {
        no_login(cx, p);
        empty_file_host(cx, p);
    }
    if matches!(p.verdict, Verdict::Valid | Verdict::GenericOnly) {
        scheme_names(p);
    }
}

/// Section 2.1: the BNF spells `scheme` with `lowalpha`, the prose asks programs to be
/// lenient. Both readings are reported, not one picked silently: data `[verdict, rule]`
/// under the other reading.
fn letter_case(cx: &Cx, p: &mut Noting) {
    let Some((_, q)) = under_other_letter_case(cx) else {
        return;
    };
    let rule = q.rule.map(Rule::name).unwrap_or("");
    note(
        p,
        "letter-case",
        Grade::Should,
        "draft-06 §2.1",
        "\"Scheme names consist of lower case letters \"a\"--\"z\", digits, and the \
         characters plus (\"+\"), period (\".\"), and hyphen (\"-\"). For resiliency, \
         programs interpreting URLs should allow upper case letters as equivalent to lower \
         case in scheme names (e.g., allow \"HTTP\" as well as \"http\").\"",
        vec![q.verdict.id().to_string(), rule.to_string()],
    );
}

/// Section 2.2, octet by octet (an escape is skipped whole).
///
/// - "In any circumstance, only printable ASCII characters are allowed: URLs may not
///   contain space or other non-printable characters. These and the character "%" must
///   always be encoded." (must: controls, 80-FF, space, a "%" that starts no escape);
/// - "The characters "<" and ">" are unsafe ...; the quote mark (""") ...; The
///   character "#" is unsafe ... All unsafe characters should always be encoded within a
///   URL." (should: `punctuation`, the four characters it names);
/// - "In general, only alphanumerics, reserved characters used for their reserved
///   purposes, "$", "-", "_", ".", and "+" are safe and may be transmitted unencoded."
///   (should: the other printable characters, which the BNF allows unencoded as `extra`
///   and `national`, plus the backtick, which it does not). Whether a reserved character
///   is "used for its reserved purpose" depends on the scheme, so reserved characters are
///   not reported.
fn encoding(cx: &mut Cx, p: &mut Noting) {
    let input = cx.input;
    let (mut control, mut high, mut space_percent, mut unsafe_, mut not_safe) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut i = 0;
    while i < input.len() {
        let b = input[i];
        if b == b'%' && escaped_octet(input, i).is_some() {
            i += 3;
            continue;
        }
        // Consulting the class records it in the coverage.
        let punctuation = cx.class(&PUNCTUATION, b);
        let safe =
            ALPHA.contains(b) || DIGIT.contains(b) || b"$-_.+".contains(&b) || RESERVED.contains(b);
        let bucket = match b {
            0x00..=0x1F | 0x7F => Some(&mut control),
            0x80..=0xFF => Some(&mut high),
            b' ' | b'%' => Some(&mut space_percent),
            _ if punctuation => Some(&mut unsafe_),
            _ if !safe => Some(&mut not_safe),
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
    const MUST: &str = "\"In any circumstance, only printable ASCII characters are allowed: \
                        URLs may not contain space or other non-printable characters. These \
                        and the character \"%\" must always be encoded.\"";
    for (id, found) in [
        ("must-encode.control", control),
        ("must-encode.non-ascii", high),
        ("must-encode.space-or-percent", space_percent),
    ] {
        if !found.is_empty() {
            note(p, id, Grade::Must, "draft-06 §2.2", MUST, hex(found));
        }
    }
    if !unsafe_.is_empty() {
        note(
            p,
            "should-encode.unsafe",
            Grade::Should,
            "draft-06 §2.2",
            "\"The characters \"<\" and \">\" are unsafe because they are used as the \
             delimiters around URLs in free text; the quote mark (\"\"\") is used to delimit \
             URLs in other systems. The character \"#\" is unsafe ... All unsafe characters \
             should always be encoded within a URL.\"",
            hex(unsafe_),
        );
    }
    if !not_safe.is_empty() {
        note(
            p,
            "should-encode.not-safe",
            Grade::Should,
            "draft-06 §2.2",
            "\"In general, only alphanumerics, reserved characters used for their reserved \
             purposes, \"$\", \"-\", \"_\", \".\", and \"+\" are safe and may be transmitted \
             unencoded.\" (\"All unsafe characters should always be encoded within a URL.\")",
            hex(not_safe),
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
    let (port, cite, text) = match p.rule {
        Some(Rule::D06Ftpurl) => (
            "21",
            "draft-06 §3.2",
            "\"If :<port> is omitted, the port defaults to 21.\"",
        ),
        Some(Rule::D06Httpurl) => (
            "80",
            "draft-06 §3.3",
            "\"If :<port> is omitted, the port defaults to 80.\"",
        ),
        Some(Rule::D06Gopherurl) => (
            "70",
            "draft-06 §3.4.1",
            "\"If :<port> is omitted, the port defaults to 70.\"",
        ),
        Some(Rule::D06Nntpurl) => (
            "119",
            "draft-06 §3.7",
            "\"If :<port> is omitted, the port defaults to 119.\"",
        ),
        Some(Rule::D06Telneturl) => ("23", "draft-06 §3.8", "\"The port defaults to 23\""),
        Some(Rule::D06Waisdatabase | Rule::D06Waisindex | Rule::D06Waisdoc) => (
            "210",
            "draft-06 §3.9",
            "\"If :<port> is omitted, the port defaults to 210.\"",
        ),
        Some(Rule::D06Prosperourl) => (
            "1525",
            "draft-06 §3.11",
            "\"If :<port> is omitted, the port defaults to 1525.\"",
        ),
        _ => return,
    };
    if str_of(p, "port").is_none() {
        note(
            p,
            "default-port",
            Grade::Must,
            cite,
            text,
            vec![port.into()],
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

fn strs(v: Option<Vec<&str>>) -> Vec<&str> {
    v.unwrap_or_default()
}

fn scheme_meanings(p: &mut Noting) {
    match p.rule {
        Some(Rule::D06Ftpurl) => ftp_notes(p),
        Some(Rule::D06Fileurl) if str_of(p, "host") == Some("localhost") => local_machine(p),
        Some(Rule::D06Httpurl) => {
            let mut parts = strs(list_of(p, "hsegments"));
            parts.extend(str_of(p, "search"));
            let found = escaped(&parts, b"/;?");
            if !found.is_empty() {
                note(
                    p,
                    "escaped-reserved",
                    Grade::Must,
                    "draft-06 §3.3; §2.2",
                    "\"Within the <path> and <searchpart> components, \"/\", \";\", \"?\" are \
                     reserved.\" (§2.2: \"encoding a reserved character for a particular \
                     scheme may change the semantics of a URL\"): these escapes are data, not \
                     delimiters",
                    found,
                );
            }
        }
        Some(Rule::D06Gopherurl) => gopher(p),
        Some(Rule::D06Newsurl) if str_of(p, "grouppart") == Some("*") => note(
            p,
            "news.all-groups",
            Grade::Must,
            "draft-06 §3.6",
            "\"If <newsgroup-name> is \"*\" (as in <URL:news:*>), it is used to refer to \
             \"all available news groups\".\"",
            vec![],
        ),
        Some(Rule::D06Prosperourl) => {
            let parts = strs(list_of(p, "psegments"));
            let found = escaped(&parts, b";");
            if !found.is_empty() {
                note(
                    p,
                    "escaped-reserved",
                    Grade::Must,
                    "draft-06 §3.11",
                    "\"The semicolon \";\" is reserved and may not appear without quoting in \
                     the <hsoname>.\": these escapes are data, not delimiters",
                    found,
                );
            }
        }
        _ => {}
    }
}

/// Section 3.10.
fn local_machine(p: &mut Noting) {
    note(
        p,
        "file.local-machine",
        Grade::Must,
        "draft-06 §3.10",
        "\"As a special case, <host> can be the string \"localhost\" or the empty string; \
         this is interpreted as `the machine from which the URL is being interpreted'.\"",
        vec![],
    );
}

/// Section 3.2.2: "The url-path is interpreted as a series of FTP commands".
///
/// Each cwd gives a CWD, then NLST <name> for typecode "d" (and "D", the same code as the
/// BNF's `ftptype` writes it in upper case), else TYPE <typecode> when there is one and
/// RETR <name>. The rule is followed for `//etc/motd` too, giving "CWD ", "CWD etc",
/// "RETR motd", though the example beside it says it "would "CWD " with a null argument
/// and then "RETR motd"" (cases/divergences/README.md §6; RFC 1738 corrected the example).
fn ftp_notes(p: &mut Noting) {
    let typecode = str_of(p, "ftptype").map(str::to_string);
    if typecode.is_none() {
        note(
            p,
            "ftp.typecode-omitted",
            Grade::Must,
            "draft-06 §3.2.3",
            "\"The entire ;type=<typecode> part of a FTP URL is optional. If it is omitted, \
             the client program interpreting the URL must guess the appropriate mode to \
             use.\"",
            vec![],
        );
    }
    let Some(segments) =
        list_of(p, "fsegments").map(|l| l.iter().map(|s| s.to_string()).collect::<Vec<String>>())
    else {
        return;
    };
    let Some((name, cwds)) = segments.split_last() else {
        return;
    };
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
        "draft-06 §3.2.2",
        "\"Each of the <cwd> elements is to be supplied, sequentially, as the argument to a \
         CWD (change working directory) command.\" \"If the typecode is \"d\", perform a \
         NLST (name list) command with <name> as the argument ... Otherwise, perform a TYPE \
         command with <typecode> as the argument, and then access the file whose name is \
         <name> (for example, using the RETR command.)\" \"The components are decoded prior \
         to their use in the FTP protocol.\"",
        commands,
    );
    let parts: Vec<&str> = segments.iter().map(String::as_str).collect();
    let found = escaped(&parts, b"/;");
    if !found.is_empty() {
        note(
            p,
            "escaped-reserved",
            Grade::Must,
            "draft-06 §3.2.2",
            "\"Within a name or CWD component, the characters \"/\" and \";\" are reserved and \
             must be encoded.\": these escapes are data, not delimiters",
            found,
        );
    }
}

/// Sections 3.4.1 to 3.4.3.
///
/// What the client sends follows the draft's own words, which differ from RFC 1738's: a
/// search "is followed by an encoded tab (%09) and the search string" (§3.4.2), and with
/// a gopher+ string, "if the Gopher type is 7, the client sends ... the gopher selector
/// string, followed by a tab, followed the search string, followed by a tab, followed by
/// the gopher+ commands", but "when the Gopher type is not 7, the Gopher client sends to
/// the server the gopher selector string, followed by a tab, followed by the gopher+
/// commands" (§3.4.3): the search is left out.
fn gopher(p: &mut Noting) {
    let Some(selector) = str_of(p, "selector").map(str::to_string) else {
        note(
            p,
            "gopher.default-type",
            Grade::Must,
            "draft-06 §3.4.1",
            "\"The entire <gopher-path> may also be empty, in which case the delimiting \"/\" \
             is also optional and the <gophertype> defaults to \"1\".\"",
            vec!["1".into()],
        );
        return;
    };
    let search = str_of(p, "search").map(str::to_string);
    let plus = str_of(p, "gopher+_string").map(str::to_string);
    let search_type = str_of(p, "gtype") == Some("7");
    let mut line = decoded(&selector);
    match (&search, &plus) {
        (Some(q), Some(g)) if search_type => {
            line.push_str(&format!("<tab>{}<tab>{}", decoded(q), decoded(g)));
        }
        (_, Some(g)) => line.push_str(&format!("<tab>{}", decoded(g))),
        (Some(q), None) => line.push_str(&format!("<tab>{}", decoded(q))),
        (None, None) => {}
    }
    note(
        p,
        "gopher.request",
        Grade::Must,
        "draft-06 §3.4.2; §3.4.3",
        "\"the gopher client sends the selector string, a tab, and the search string\" \
         (§3.4.2); for a Gopher+ URL, \"if the Gopher type is 7, the client sends ... the \
         gopher selector string, followed by a tab, followed the search string, followed by a \
         tab, followed by the gopher+ commands\", and \"when the Gopher type is not 7, the \
         Gopher client sends to the server the gopher selector string, followed by a tab, \
         followed by the gopher+ commands\" (§3.4.3). Selector, search and gopher+ string are \
         shown decoded.",
        vec![line],
    );
    if let (Some(q), None) = (search, plus) {
        note(
            p,
            "gopher.plus-without-search",
            Grade::Should,
            "draft-06 §3.4.1; §3.4.3",
            "§3.4.1 lists both \"<gophertype><selector>%09<search>\" and \
             \"<gophertype><selector>%09<gopher+_string>\", so the part after the one \"%09\" \
             may be read as a gopher+ string; §5 derives it as a search, and §3.4.3 says \
             \"Note that in this case, the %09<search> string must be supplied, although the \
             <search> element may be the empty string.\"",
            vec![q],
        );
    }
}

/// Sections 3.3 and 3.11: the own production fails and `otherurl` matches, and the part
/// after "//" up to the first "/" derives as a `login` with a user name.
fn no_login(cx: &Cx, p: &mut Noting) {
    let (cite, text, name) = match own_production(cx) {
        Some(Rule::D06Httpurl) => (
            "draft-06 §3.3",
            "\"No user name or password is allowed.\": only otherurl derives this input",
            q!("http://"),
        ),
        Some(Rule::D06Prosperourl) => (
            "draft-06 §3.11",
            "\"No username or password is allowed.\": only otherurl derives this input",
            q!("prospero://"),
        ),
        _ => return,
    };
    let mut fresh = Cx::new(cx.input, cx.reading, false);
    let all = Span::new(0, cx.input.len());
    let Ok(at) = fresh.scheme_literal(all, name, Rule::D06Login) else {
        return;
    };
    let end = fresh.find(all.from(at), b'/').unwrap_or(all.end);
    if let Ok(l) = ip::login(&mut fresh, Span::new(at, end)) {
        if l.user.is_some() {
            note(p, "no-login", Grade::Must, cite, text, vec![]);
        }
    }
}

/// Section 3.10 against Section 5: the own production is `fileurl`, which fails only
/// because its host is empty (the rest, `[ "/" fpath ]`, derives).
fn empty_file_host(cx: &Cx, p: &mut Noting) {
    if own_production(cx) != Some(Rule::D06Fileurl) {
        return;
    }
    let mut fresh = Cx::new(cx.input, cx.reading, false);
    let all = Span::new(0, cx.input.len());
    let Ok(at) = fresh.scheme_literal(all, q!("file://"), Rule::D06Fileurl) else {
        return;
    };
    let rest = all.from(at);
    let derives = match cx.input.get(at) {
        None => true,
        Some(b'/') => ftp::fpath(&mut fresh, rest.from(at + 1)).is_ok(),
        Some(_) => false,
    };
    if !derives {
        return;
    }
    note(
        p,
        "file.empty-host",
        Grade::Should,
        "draft-06 §3.10; §5",
        "\"As a special case, <host> can be the string \"localhost\" or the empty string\" \
         (§3.10), but in §5's `fileurl = \"file://\" host [ \"/\" fpath ]` the host is \
         not optional, and neither `hostname` nor `hostnumber` derives the empty string: by \
         the BNF only otherurl derives this input, by the prose it is a file URL on the \
         local machine",
        vec![],
    );
    local_machine(p);
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
            "draft-06 §4",
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
            "draft-06 §4",
            "\"The following scheme have been proposed at various times, but this document \
             does not define their syntax or use at this time. It is suggested that IANA \
             reserve their scheme names for future definition\"",
            vec![],
        );
    }
}
