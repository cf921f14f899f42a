//! What draft-03's prose says beyond the BNF, reported as graded, cited notes. Each
//! note's function quotes the sentence it rests on.
//!
//! | id | grade | when |
//! |---|---|---|
//! | `prefix-missing` | must | the input does not start with "URL:" (any case) |
//! | `must-encode` | must | an octet outside every class the BNF's URLs are made of appears unescaped |
//! | `escaped-reserved` | must | a valid URL has an escape of a reserved character |
//! | `fragment` | must | an invalid input is a valid URL, "#", and a `fragmentid` |
//! | `afsaddress` | must | an `afs:` input (not-defined): whether the historical `afsaddress` derives it |
//! | `prose-only-scheme` | should | `rlogin:` or `tn3270:`, which the prose lists and the BNF does not |
//! | `experimental-scheme` | should | a scheme not in `url` that starts with "x-" |
//! | `reserved-scheme-name` | should | the scheme `urn` |
//! | `password-unwise` | should | a valid URL with a password |
//! | `ftp.anonymous` | must | a valid ftp URL with no user |
//! | `ftp.commands` | must | a valid ftp URL: the FTP commands its path and type stand for |
//! | `gopher.request` | should | a valid gopher URL: the line the client sends |
//! | `nntp.local` | should | a valid nntp URL |

use super::classes::{ALPHA, DIGIT, EXTRA, NATIONAL, PUNCTUATION, RESERVED, SAFE};
use super::{afs, path};
use crate::grammar::class::{decode, escaped_octet};
use crate::grammar::cx::{Cx, Span};
use crate::grammar::outcome::note;
use crate::grammar::outcome::{Grade, Noting, Parse, Verdict};
use crate::grammar::render::render;
use crate::grammar::rule::Rule;

/// The note ids this module can add, for vocabularies and tests.
pub const IDS: &[&str] = &[
    "prefix-missing",
    "must-encode",
    "escaped-reserved",
    "fragment",
    "afsaddress",
    "prose-only-scheme",
    "experimental-scheme",
    "reserved-scheme-name",
    "password-unwise",
    "ftp.anonymous",
    "ftp.commands",
    "gopher.request",
    "nntp.local",
];

/// The document's judging step, which the fragment note runs again on the input up to
/// the "#" (handed in, so that the notes need not know the dispatcher).
pub type Judge = for<'a> fn(&mut Cx<'a>) -> (Parse<'a>, bool);

/// Adds every note that applies to `p`. `prefixed`: the input starts with "URL:".
pub fn add(cx: &mut Cx, p: &mut Noting, prefixed: bool, judge: Judge) {
    if !prefixed {
        prefix_missing(p);
    }
    must_encode(cx, p);
    match p.verdict {
        Verdict::Valid => {
            escaped_reserved(cx, p);
            password_unwise(p);
            match p.rule {
                Some(Rule::D03Ftpaddress) => ftp(p),
                Some(Rule::D03Gopheraddress) => gopher(p),
                Some(Rule::D03Nntpaddress) => nntp(p),
                _ => {}
            }
        }
        Verdict::NotDefined => scheme_names(cx, p, prefixed),
        Verdict::Invalid => fragment(cx, p, judge),
        Verdict::GenericOnly => {}
    }
}

fn str_of<'p>(p: &'p Parse, name: &str) -> Option<&'p str> {
    p.components.str(name)
}

/// "To be a Uniform Resource Locator as currently defined by the URI working group, the
/// whole string must start with a constant prefix "URL:"."
fn prefix_missing(p: &mut Noting) {
    note(
        p,
        "prefix-missing",
        Grade::Must,
        "003§URL SYNTAX (PrePrefix); §BNF",
        "\"To be a Uniform Resource Locator as currently defined by the URI working group, \
         the whole string must start with a constant prefix \"URL:\". Note that to save \
         space in this document, some URLs may have been quoted throughout without this \
         preprefix.\" The input is judged as a bare `url` (\"The current IETF URI working \
         group preference is for the prefixedurl production. (Nov 1993. July 93: url).\")",
        Vec::new(),
    );
}

/// "Character codes other than those allowed by the syntax shall not be used unencoded
/// in a URL." and "The "national" and "punctuation" characters do not appear in any
/// productions and therefore may not appear in URLs." Data: each distinct octet that is
/// in none of `alpha`, `digit`, `safe`, `extra`, `reserved` (so `national`,
/// `punctuation`, "`", control and non-ASCII octets, and a "%" that starts no escape),
/// as `%XX`.
fn must_encode(cx: &mut Cx, p: &mut Noting) {
    let input = cx.input;
    let mut found: Vec<u8> = Vec::new();
    let mut i = 0;
    while i < input.len() {
        if escaped_octet(input, i).is_some() {
            i += 3;
            continue;
        }
        let b = input[i];
        // National and punctuation first, so coverage sees both classes consulted.
        let excluded = cx.class(&NATIONAL, b) || cx.class(&PUNCTUATION, b);
        let allowed = !excluded
            && (ALPHA.contains(b)
                || DIGIT.contains(b)
                || SAFE.contains(b)
                || EXTRA.contains(b)
                || cx.class(&RESERVED, b));
        if !allowed && !found.contains(&b) {
            found.push(b);
        }
        i += 1;
    }
    if found.is_empty() {
        return;
    }
    note(
        p,
        "must-encode",
        Grade::Must,
        "003§ENCODING PROHIBITED CHARACTERS; §BNF",
        "\"Character codes other than those allowed by the syntax shall not be used \
         unencoded in a URL.\" \"The \"national\" and \"punctuation\" characters do not \
         appear in any productions and therefore may not appear in URLs.\"",
        found.iter().map(|b| format!("%{b:02X}")).collect(),
    );
}

/// "The reserved characters shall however never be arbitrarly encoded and decoded."
/// Data: each distinct escape of a `reserved` character, as written.
fn escaped_reserved(cx: &Cx, p: &mut Noting) {
    let input = cx.input;
    let mut found: Vec<String> = Vec::new();
    for i in 0..input.len() {
        if escaped_octet(input, i).is_some_and(|o| RESERVED.contains(o)) {
            let e = String::from_utf8_lossy(&input[i..i + 3]).into_owned();
            if !found.contains(&e) {
                found.push(e);
            }
        }
    }
    if found.is_empty() {
        return;
    }
    note(
        p,
        "escaped-reserved",
        Grade::Must,
        "003§ENCODING PROHIBITED CHARACTERS",
        "\"The reserved characters shall however never be arbitrarly encoded and decoded.\": \
         these escapes are data, and decoding them would change the URL",
        found,
    );
}

/// "Fragment identifiers and partial URLs are not involved in the basic URL
/// definition." An input that would be a valid URL but for a "#" and a `fragmentid`
/// after it. Data: the fragment identifier.
fn fragment(cx: &mut Cx, p: &mut Noting, judge: Judge) {
    let Some(hash) = cx.input.iter().position(|&b| b == b'#') else {
        return;
    };
    let mut before = Cx::new(&cx.input[..hash], cx.reading, false);
    if judge(&mut before).0.verdict != Verdict::Valid {
        return;
    }
    let rest = Span::new(hash + 1, cx.input.len());
    if path::fragmentid(cx, rest).is_err() {
        return;
    }
    note(
        p,
        "fragment",
        Grade::Must,
        "003§URL SYNTAX; §BNF",
        "\"Fragment identifiers and partial URLs are not involved in the basic URL \
         definition.\" The input up to the \"#\" is a valid URL, and what follows derives \
         `fragmentid`, which no production uses; \"#\" is `reserved`.",
        vec![cx.text(rest).into_owned()],
    );
}

/// Notes on a scheme `url` does not list.
fn scheme_names(cx: &mut Cx, p: &mut Noting, prefixed: bool) {
    let Some(scheme) = str_of(p, "scheme").map(str::to_string) else {
        return;
    };
    match scheme.as_str() {
        "afs" => {
            let s = Span::new(if prefixed { 4 } else { 0 }, cx.input.len());
            let derives = afs::afsaddress(cx, s).is_ok();
            note(
                p,
                "afsaddress",
                Grade::Must,
                "003§BNF",
                "\"The \"afsaddress\" is left in as historical note, but is not a url \
                 production\": data says whether `afsaddress` derives the input",
                vec![if derives { "valid" } else { "invalid" }.to_string()],
            );
        }
        "rlogin" | "tn3270" => note(
            p,
            "prose-only-scheme",
            Grade::Should,
            "003§Specific Schemes; §BNF",
            "The schemes covered are \"... telnet , rlogin and tn3270 Reference to \
             interactive sessions\", but `url` has a production for telnet only.",
            Vec::new(),
        ),
        "urn" => note(
            p,
            "reserved-scheme-name",
            Grade::Should,
            "003§REGISTRATION OF NAMING SCHEMES",
            "\"The scheme name \"urn:\" is reserved for the work in progress on a scheme for \
             more persistent names.\"",
            Vec::new(),
        ),
        x if x.starts_with("x-") => note(
            p,
            "experimental-scheme",
            Grade::Should,
            "003§REGISTRATION OF NAMING SCHEMES",
            "\"Experimental prefixes may be used by mutual agreement between parties, and \
             must start with the characters \"x-\".\"",
            Vec::new(),
        ),
        _ => {}
    }
}

/// "The use of URLs containing passwords is clearly unwise." (Security considerations);
/// "The user of user name and passwords which are public is discouraged." (Internet
/// protocol parts).
fn password_unwise(p: &mut Noting) {
    if str_of(p, "password").is_none() {
        return;
    }
    note(
        p,
        "password-unwise",
        Grade::Should,
        "003§Security considerations; §URL SYNTAX",
        "\"The use of URLs containing passwords is clearly unwise.\"",
        Vec::new(),
    );
}

/// FTP: the anonymous default, and the commands the URL stands for.
fn ftp(p: &mut Noting) {
    if str_of(p, "user").is_none() {
        note(
            p,
            "ftp.anonymous",
            Grade::Must,
            "003§FTP (User name and password)",
            "\"The default, however, if no user or password is supplied, will be to use that \
             convention, viz. that the user name is \"anonymous\" and the password the \
             user's Internet-style mail address\"",
            vec!["anonymous".into()],
        );
    }
    let path = str_of(p, "path").unwrap_or_default().to_string();
    let typecode = str_of(p, "ftptype").map(str::to_string);
    note(
        p,
        "ftp.commands",
        Grade::Must,
        "003§FTP (Path, Data type)",
        "\"The arguments of any CWD commands are successive segment parts of the URL \
         delimited by slash, and the final segment is suitable as the filename argument to \
         the RETR command for retrieval or the directory argument to NLIST\"; a TYPE \
         command comes \"prior to service commands\" (\"The type code is in the format \
         defined in RFC959 except that THE SPACE IS OMITTED FROM THE URL\", so it is put \
         back); the suffix \"/\" means \"Use FTP directory list commands to read \
         directory\". Arguments are decoded.",
        ftp_commands(&path, typecode.as_deref()),
    );
}

/// The commands for a path and type code. A path that is empty or ends in "/" has the
/// suffix "/": NLIST, with the last segment (if any) as its argument.
pub fn ftp_commands(path: &str, typecode: Option<&str>) -> Vec<String> {
    let directory = path.is_empty() || path.ends_with('/');
    let trimmed = path.strip_suffix('/').unwrap_or(path);
    let segments: Vec<&str> = if trimmed.is_empty() {
        Vec::new()
    } else {
        trimmed.split('/').collect()
    };
    let decoded = |s: &str| render(&decode(s.as_bytes()));
    let mut out: Vec<String> = Vec::new();
    let (last, cwds) = match segments.split_last() {
        Some((last, cwds)) => (Some(*last), cwds),
        None => (None, &[][..]),
    };
    out.extend(cwds.iter().map(|c| format!("CWD {}", decoded(c))));
    if let Some(code) = typecode {
        // "THE SPACE IS OMITTED FROM THE URL": put back after the type letter.
        let spaced = match code.split_at_checked(1) {
            Some((letter, rest)) if !rest.is_empty() => format!("{letter} {rest}"),
            _ => code.to_string(),
        };
        out.push(format!("TYPE {spaced}"));
    }
    // The draft's spelling of the listing command ("NLIST (etc)"); RFC 959 calls it NLST.
    out.push(match (directory, last) {
        (true, Some(name)) => format!("NLIST {}", decoded(name)),
        (true, None) => "NLIST".to_string(),
        (false, name) => format!("RETR {}", decoded(name.unwrap_or_default())),
    });
    out
}

/// GOPHER: "To retrieve this item a gopher+ client should send a_gopher_selector<tab>+
/// <cr><lf>". The gcommand is the prose's parts 2 to 6: the selector, "%09", the
/// search, "%09", the gopher+ string. The line sent is the decoded selector, then a tab
/// and the search if there is one, then a tab and the gopher+ string if there is one
/// (the prose's examples), written with `<tab>`, `<cr>`, `<lf>` as the prose writes them
/// and without the final `<cr><lf>`.
fn gopher(p: &mut Noting) {
    let command = str_of(p, "gcommand").unwrap_or_default().to_string();
    let mut parts = command.splitn(3, "%09");
    let selector = parts.next().unwrap_or_default();
    let search = parts.next();
    let plus = parts.next();
    let decoded = |s: &str| render(&decode(s.as_bytes()));
    let mut line = decoded(selector);
    if let Some(q) = search.filter(|q| !q.is_empty()) {
        line.push_str("<tab>");
        line.push_str(&decoded(q));
    }
    if let Some(g) = plus {
        line.push_str("<tab>");
        line.push_str(&decoded(g));
    }
    note(
        p,
        "gopher.request",
        Grade::Should,
        "003§GOPHER",
        "\"To retrieve this item a gopher+ client should send a_gopher_selector<tab>+<cr><lf> \
         to the gopher+ server\"; \"An encoded tab character (%09) to seperate the gopher \
         selector string from the optional search string\"",
        vec![line],
    );
}

/// NNTP: "This form or URL should not be quoted outside this local area. It should not
/// be used within news articles for wider circulation than the one server."
fn nntp(p: &mut Noting) {
    note(
        p,
        "nntp.local",
        Grade::Should,
        "003§NNTP",
        "\"This form or URL should not be quoted outside this local area. It should not be \
         used within news articles for wider circulation than the one server.\"",
        Vec::new(),
    );
}
