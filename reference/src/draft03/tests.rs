//! Expectations taken from the text of draft-ietf-uri-url-03 (the BNF section and the prose), rule
//! by rule, then the document's examples, its oddities, and hostile input.

use super::classes::{ALPHA, CLASSES, DIGIT, EXTRA, NATIONAL, PUNCTUATION, RESERVED, SAFE};
use super::notes::ftp_commands;
use super::parse;
use crate::document::{Document, Reading};
use crate::grammar::outcome::Verdict;
use crate::grammar::rule::Rule;
use crate::testing::{assert_data, c, data, Grammar, Xorshift, HOSTILE_BYTES};
use crate::Coverage;

const G: Grammar = Grammar {
    doc: Document::Draft03,
    generic: None,
    cite: "003§",
    notes_quote: false,
};

// ------------------------------------------------------------------ classes

/// The BNF lists eleven classes (their characters: `class_contents`).
#[test]
fn the_bnf_lists_eleven_classes() {
    assert_eq!(CLASSES.len(), 11);
}

/// xalpha's classes, reserved, national and punctuation do not overlap; "`", "%" (except
/// in an escape), control and non-ASCII octets are in none of them.
#[test]
fn classes_are_disjoint_and_leave_some_octets_out() {
    for b in 0u8..=255 {
        let n = [
            &ALPHA,
            &DIGIT,
            &SAFE,
            &EXTRA,
            &RESERVED,
            &NATIONAL,
            &PUNCTUATION,
        ]
        .iter()
        .filter(|c| c.contains(b))
        .count();
        let expected = usize::from((0x20..0x7F).contains(&b) && b != b'`' && b != b'%');
        assert_eq!(n, expected, "octet {b:#04x}");
    }
}

// ------------------------------------------------------------------ prefixedurl, url, scheme

#[test]
fn the_prefix_is_matched_without_case_and_is_not_the_scheme() {
    for prefix in ["URL:", "url:", "Url:", "uRL:"] {
        let input = format!("{prefix}http://info.cern.ch/");
        let q = G.valid(&input, Rule::D03Httpaddress);
        assert_eq!(c(&q, "scheme"), Some("http"));
        assert!(q.note("prefix-missing").is_none(), "{input}");
        assert_eq!(q.alternatives, [Rule::D03Httpaddress]);
    }
    // Without it: judged through `url`, with a must note.
    let q = G.valid("http://info.cern.ch/", Rule::D03Httpaddress);
    let n = q.note("prefix-missing").expect("the note");
    assert_eq!(n.grade, crate::grammar::outcome::Grade::Must);
    // The prefix once: "URL:URL:" leaves the scheme "URL", which url does not list.
    let q = G.p("URL:URL:http://h/");
    assert_eq!(q.verdict, Verdict::NotDefined);
    assert_eq!(c(&q, "scheme"), Some("URL"));
    // Offsets count from the start of the input, prefix included.
    G.invalid("URL:http://h/a b", Rule::D03Xpalphas, 14);
    // A prefix and nothing after it.
    G.invalid("URL:", Rule::D03Ialpha, 4);
    G.invalid("URL", Rule::D03Url, 3);
}

#[test]
fn url_is_a_closed_list_so_other_schemes_are_not_defined() {
    for (input, scheme) in [
        ("file:///etc/motd", "file"),
        ("afs://cern.ch/usr", "afs"),
        ("foo:bar", "foo"),
        ("x-foo:bar", "x-foo"),
        ("urn:isbn:1", "urn"),
        ("rlogin://h", "rlogin"),
        ("tn3270://h", "tn3270"),
        // "Single letters stand for single letters": the scheme names are lower case.
        ("HTTP://h/", "HTTP"),
        ("Mailto::a@b", "Mailto"),
        // `scheme ialpha`: a letter, then xalphas ("." "+" "-" "@" and escapes too).
        ("a%41.b+c-d@e:x", "a%41.b+c-d@e"),
    ] {
        let q = G.p(input);
        assert_eq!(q.verdict, Verdict::NotDefined, "{input}");
        assert_eq!(q.rule, None);
        assert_eq!(q.error, None);
        assert_eq!(c(&q, "scheme"), Some(scheme), "{input}");
        assert!(q.alternatives.is_empty());
    }
    // A name that is no `scheme` (ialpha) names no scheme at all: nothing derives.
    for input in ["1abc:x", ":x", "a b:x", "#f:x"] {
        let q = G.p(input);
        assert_eq!(q.verdict, Verdict::Invalid, "{input}");
        assert_eq!(q.components.get("scheme"), None, "{input}");
        assert!(q.error.is_some(), "{input}");
    }
    // No colon at all: nothing can match.
    G.invalid("", Rule::D03Ialpha, 0);
    G.invalid("#f", Rule::D03Ialpha, 0);
    G.invalid("http", Rule::D03Url, 4);
    // A listed scheme whose production fails is invalid, not not-defined.
    G.invalid("http:x", Rule::D03Httpaddress, 5);
    G.invalid("news:1", Rule::D03Ialpha, 5);
}

#[test]
fn scheme_notes() {
    let q = G.p("afs://cern.ch/usr/x");
    assert_data(&q, "afsaddress", &["valid"]);
    let q = G.p("afs://cern.ch");
    assert_data(&q, "afsaddress", &["invalid"]);
    let q = G.p("URL:afs://1.2.3.4/x");
    assert_data(&q, "afsaddress", &["invalid"]);
    assert!(G.p("x-y:z").note("experimental-scheme").is_some());
    assert!(G.p("urn:x").note("reserved-scheme-name").is_some());
    assert!(G.p("rlogin://h").note("prose-only-scheme").is_some());
    assert!(G.p("tn3270://h").note("prose-only-scheme").is_some());
    assert!(G
        .p("foo:x")
        .notes()
        .iter()
        .all(|n| n.id == "prefix-missing"));
}

// ------------------------------------------------------------------ http

#[test]
fn httpaddress() {
    let q = G.valid("http://info.cern.ch:8080/a/b?c+d", Rule::D03Httpaddress);
    assert_eq!(c(&q, "host"), Some("info.cern.ch"));
    assert_eq!(c(&q, "port"), Some("8080"));
    assert_eq!(c(&q, "path"), Some("a/b"));
    assert_eq!(c(&q, "search"), Some("c+d"));
    // The search may follow the hostport directly.
    let q = G.valid("http://h?x", Rule::D03Httpaddress);
    assert_eq!((c(&q, "path"), c(&q, "search")), (None, Some("x")));
    // A "/" and nothing: the path is void, present and empty.
    let q = G.valid("http://h/", Rule::D03Httpaddress);
    assert_eq!(c(&q, "path"), Some(""));
    let q = G.valid("http://h", Rule::D03Httpaddress);
    assert_eq!(q.components.get("path"), Some(None));
    // "path" cannot begin with "/", nor hold an empty segment.
    G.invalid("http://h//x", Rule::D03Xpalphas, 9);
    G.invalid("http://h/a//b", Rule::D03Xpalphas, 11);
    // search is xalphas: one at least, and no "/", "?", "=", ":" or ";".
    G.invalid("http://h/?", Rule::D03Xalphas, 10);
    G.invalid("http://h/?a/b", Rule::D03Xalphas, 11);
    G.invalid("http://h/?a=b", Rule::D03Xalphas, 11);
    // Reserved characters are in no path: "=", ";", ":", "#", space.
    for (input, at) in [
        ("http://h/a=b", 10),
        ("http://h/a;b", 10),
        ("http://h/a:b", 10),
        ("http://h/a b", 10),
        ("http://h/a~b", 10),
    ] {
        G.invalid(input, Rule::D03Xpalphas, at);
    }
    // No login in http: "@" is a hostname character, so this is the host "user@host".
    let q = G.valid("http://user@host/", Rule::D03Httpaddress);
    assert_eq!(c(&q, "host"), Some("user@host"));
    assert_eq!(q.components.get("user"), None);
    // Port: digits, at least one.
    G.invalid("http://h:/", Rule::D03Port, 9);
    G.invalid("http://h:8a/", Rule::D03Port, 10);
}

// ------------------------------------------------------------------ hosts and logins

#[test]
fn hosts() {
    let q = G.valid("http://1.2.3.4/", Rule::D03Httpaddress);
    assert_eq!(c(&q, "host"), Some("1.2.3.4"));
    G.invalid("http://1.2.3/", Rule::D03Hostnumber, 12);
    G.invalid("http://1.2.3.4.5/", Rule::D03Hostnumber, 14);
    G.invalid("http://1..3.4/", Rule::D03Hostnumber, 9);
    // hostname = ialpha [ . hostname ]: a letter, then xalphas; "_", "&", "$", "!" ...
    for host in [
        "a", "a.b", "a_b", "a&b", "a$b!", "a..b", "a.", "a.1", "a%20b", "a-", "a+b",
    ] {
        let built = format!("http://{host}/");
        let q = G.valid(&built, Rule::D03Httpaddress);
        assert_eq!(c(&q, "host"), Some(host));
    }
    G.invalid("http://-a/", Rule::D03Ialpha, 7);
    G.invalid("http://.a/", Rule::D03Ialpha, 7);
    G.invalid("http:///", Rule::D03Ialpha, 7);
    G.invalid("http://a%2/", Rule::D03Xalphas, 8);
    // A digit first: a hostnumber is what the input aims at only when it is digits and dots.
    G.invalid("http://1a/", Rule::D03Ialpha, 7);
}

#[test]
fn logins() {
    let q = G.valid("ftp://user.name+x:pass-word_@host/", Rule::D03Ftpaddress);
    assert_eq!(c(&q, "user"), Some("user.name+x"));
    assert_eq!(c(&q, "password"), Some("pass-word_"));
    assert_eq!(c(&q, "host"), Some("host"));
    assert!(q.note("password-unwise").is_some());
    // `user` and `password` are one alphanum2 at least: no empty user or password.
    G.invalid("ftp://:p@host/", Rule::D03User, 6);
    G.invalid("ftp://u:@host/", Rule::D03Password, 8);
    // An empty user before "@": the hostport "@host" fails too, further on? No: at 6.
    G.invalid("ftp://@host/", Rule::D03User, 6);
    // The user part ends at the first "@", so a second "@" is in the host, which may
    // hold it; the input derives a second way, with no user (the hostname "u@h@i").
    let q = G.valid("ftp://u@h@i/", Rule::D03Ftpaddress);
    assert_eq!((c(&q, "user"), c(&q, "host")), (Some("u"), Some("h@i")));
    assert!(q.ambiguities.iter().any(|a| a.rule == Rule::D03Login));
    // With a user, the ambiguity is there whenever the whole is a hostname too.
    let q = G.valid("ftp://u@h/", Rule::D03Ftpaddress);
    assert_eq!(q.ambiguities.len(), 1);
    // No ambiguity when the whole is no hostname (a user starting with a digit).
    let q = G.valid("ftp://1@h/", Rule::D03Ftpaddress);
    assert!(q.ambiguities.is_empty());
    // No escapes in a user: then only the hostname reading remains.
    let q = G.valid("ftp://u%41@h/", Rule::D03Ftpaddress);
    assert_eq!((c(&q, "user"), c(&q, "host")), (None, Some("u%41@h")));
    // Both fail: the one that got further (tie: the user part).
    G.invalid("ftp://u v@h/", Rule::D03User, 7);
    G.invalid("ftp://u@h v/", Rule::D03Xalphas, 9);
}

// ------------------------------------------------------------------ ftp

#[test]
fn ftpaddress() {
    let q = G.valid("ftp://h/pub/file.txt", Rule::D03Ftpaddress);
    assert_eq!(
        (c(&q, "path"), c(&q, "ftptype")),
        (Some("pub/file.txt"), None)
    );
    assert_data(&q, "ftp.commands", &["CWD pub", "RETR file.txt"]);
    assert_data(&q, "ftp.anonymous", &["anonymous"]);
    // The "/" after the login is required; the path may be void.
    G.invalid("ftp://h", Rule::D03Ftpaddress, 7);
    let q = G.valid("ftp://h/", Rule::D03Ftpaddress);
    assert_eq!(c(&q, "path"), Some(""));
    assert_data(&q, "ftp.commands", &["NLIST"]);
    G.invalid("ftp://h//etc/motd", Rule::D03Xpalphas, 8);
    G.invalid("ftp:/h/", Rule::D03Ftpaddress, 5);
}

#[test]
fn ftptype_is_appended_bare_under_the_bnf() {
    for (input, path, code) in [
        ("ftp://h/fileI", "file", "I"),
        ("ftp://h/fileAN", "file", "AN"),
        ("ftp://h/fileAT", "file", "AT"),
        ("ftp://h/fileAC", "file", "AC"),
        ("ftp://h/fileEN", "file", "EN"),
        ("ftp://h/fileET", "file", "ET"),
        ("ftp://h/fileEC", "file", "EC"),
        ("ftp://h/fileL8", "file", "L8"),
        ("ftp://h/fileL16", "file", "L16"),
        ("ftp://h/dir/I", "dir/", "I"),
        ("ftp://h/I", "", "I"),
    ] {
        let q = G.valid(input, Rule::D03Ftpaddress);
        assert_eq!(
            (c(&q, "path"), c(&q, "ftptype")),
            (Some(path), Some(code)),
            "{input}"
        );
        assert!(q.ambiguities.iter().any(|a| a.rule == Rule::D03Ftpaddress));
    }
    // Not an ftptype: a bare "A" (formcode required), lower case, "T" alone, "L" alone.
    for input in [
        "ftp://h/fileA",
        "ftp://h/filei",
        "ftp://h/an",
        "ftp://h/fileT",
        "ftp://h/fileL",
    ] {
        let q = G.valid(input, Rule::D03Ftpaddress);
        assert_eq!(c(&q, "ftptype"), None, "{input}");
        assert!(q.ambiguities.is_empty(), "{input}");
    }
    // The RFC 959 format: "THE SPACE IS OMITTED FROM THE URL", and put back in TYPE.
    let q = G.valid("ftp://h/pub/fileAN", Rule::D03Ftpaddress);
    assert_data(&q, "ftp.commands", &["CWD pub", "TYPE A N", "RETR file"]);
    // The prose's ";type=" is no BNF: ";" is reserved.
    G.invalid("ftp://h/file;type=I", Rule::D03Xpalphas, 12);
}

#[test]
fn ftptype_is_the_prose_suffix_under_ftptype_prose() {
    let r = Reading::FtptypeProse;
    for (input, path, code) in [
        ("ftp://h/file;type=I", "file", "I"),
        ("ftp://h/file;type=i", "file", "i"),
        ("ftp://h/file;type=A", "file", "A"),
        ("ftp://h/file;type=AN", "file", "AN"),
        ("ftp://h/file;type=an", "file", "an"),
        ("ftp://h/file;type=Ec", "file", "Ec"),
        ("ftp://h/file;type=L8", "file", "L8"),
        ("ftp://h/file;type=L255", "file", "L255"),
        ("ftp://h/dir/;type=A", "dir/", "A"),
        ("ftp://h/;type=I", "", "I"),
    ] {
        let q = G.valid_in(input, r, Rule::D03Ftpaddress);
        assert_eq!(
            (c(&q, "path"), c(&q, "ftptype")),
            (Some(path), Some(code)),
            "{input}"
        );
        assert!(q.ambiguities.is_empty());
    }
    // A bare suffix is only path.
    let q = G.valid_in("ftp://h/fileI", r, Rule::D03Ftpaddress);
    assert_eq!((c(&q, "path"), c(&q, "ftptype")), (Some("fileI"), None));
    G.invalid_in("ftp://h/file;type=", r, Rule::D03TypeCode, 18);
    G.invalid_in("ftp://h/file;type=X", r, Rule::D03TypeCode, 18);
    G.invalid_in("ftp://h/file;type=IX", r, Rule::D03TypeCode, 19);
    G.invalid_in("ftp://h/file;type=AX", r, Rule::D03FormCode, 19);
    G.invalid_in("ftp://h/file;type=ANN", r, Rule::D03FormCode, 20);
    G.invalid_in("ftp://h/file;type=L", r, Rule::D03ByteSize, 19);
    G.invalid_in("ftp://h/file;type=L0", r, Rule::D03ByteSize, 19);
    G.invalid_in("ftp://h/file;type=L256", r, Rule::D03ByteSize, 19);
    G.invalid_in("ftp://h/file;type=L8x", r, Rule::D03ByteSize, 20);
    G.invalid_in("ftp://h/file;type = I", r, Rule::D03Ftpaddress, 17);
    G.invalid_in("ftp://h/file;tipe=I", r, Rule::D03Ftpaddress, 14);
    // The directory suffix "/": NLIST the last segment.
    let q = G.valid_in("ftp://h/pub/dir/;type=A", r, Rule::D03Ftpaddress);
    assert_data(&q, "ftp.commands", &["CWD pub", "TYPE A", "NLIST dir"]);
}

#[test]
fn ftp_commands_follow_the_prose() {
    let v = |p: &str, t: Option<&str>| ftp_commands(p, t);
    assert_eq!(v("a/b/c", None), ["CWD a", "CWD b", "RETR c"]);
    assert_eq!(v("a/b/", None), ["CWD a", "NLIST b"]);
    assert_eq!(v("", Some("I")), ["TYPE I", "NLIST"]);
    assert_eq!(v("f", Some("L8")), ["TYPE L 8", "RETR f"]);
    assert_eq!(v("%2Fetc/m%20d", None), ["CWD /etc", "RETR m d"]);
}

// ------------------------------------------------------------------ news, nntp

#[test]
fn newsaddress() {
    let q = G.valid("news:comp.infosystems.www", Rule::D03Newsaddress);
    assert_eq!(c(&q, "groupart"), Some("comp.infosystems.www"));
    assert_eq!(c(&q, "group"), Some("comp.infosystems.www"));
    assert_eq!(c(&q, "article"), None);
    let q = G.valid("news:*", Rule::D03Newsaddress);
    assert_eq!((c(&q, "groupart"), c(&q, "group")), (Some("*"), None));
    // "+" is in safe now, so "comp.lang.c++" is a group.
    G.valid("news:comp.lang.c++", Rule::D03Newsaddress);
    // An article: "@" distinguishes it, though it derives as a group too.
    let q = G.valid("news:12345@info.cern.ch", Rule::D03Newsaddress);
    assert_eq!(c(&q, "article"), Some("12345@info.cern.ch"));
    assert_eq!(c(&q, "host"), Some("info.cern.ch"));
    assert_eq!(c(&q, "group"), None);
    assert!(q.ambiguities.is_empty(), "12345@... is no group");
    let q = G.valid("news:abc@info.cern.ch", Rule::D03Newsaddress);
    assert!(q.ambiguities.iter().any(|a| a.rule == Rule::D03Groupart));
    let q = G.valid("news:1@1.2.3.4", Rule::D03Newsaddress);
    assert_eq!(c(&q, "host"), Some("1.2.3.4"));
    // Two "@": the last that splits.
    let q = G.valid("news:1@b@c", Rule::D03Newsaddress);
    assert_eq!(c(&q, "host"), Some("c"));
    assert!(q.ambiguities.iter().any(|a| a.rule == Rule::D03Article));
    let q = G.valid("news:1@b@1.2.3.4", Rule::D03Newsaddress);
    assert_eq!(c(&q, "host"), Some("1.2.3.4"));
    let q = G.valid("news:1@b@9", Rule::D03Newsaddress);
    assert_eq!(c(&q, "host"), Some("b@9"));
    // Not an article, but a group: "a@1" (the host "1" fails), ialpha takes "@".
    let q = G.valid("news:a@1", Rule::D03Newsaddress);
    assert_eq!((c(&q, "group"), c(&q, "article")), (Some("a@1"), None));
    // Neither: the article's failure is reported when there is an "@".
    G.invalid("news:1@1", Rule::D03Hostnumber, 8);
    G.invalid("news:@h", Rule::D03Xalphas, 5);
    G.invalid("news:1@", Rule::D03Ialpha, 7);
    G.invalid("news:1a", Rule::D03Ialpha, 5);
    G.invalid("news:a/b", Rule::D03Xalphas, 6);
    G.invalid("news:", Rule::D03Ialpha, 5);
    G.invalid("news:a b@c", Rule::D03Xalphas, 6);
}

#[test]
fn nntpaddress() {
    let q = G.valid("nntp:comp.infosystems/1234", Rule::D03Nntpaddress);
    assert_eq!(
        (c(&q, "group"), c(&q, "digits")),
        (Some("comp.infosystems"), Some("1234"))
    );
    assert!(q.note("nntp.local").is_some());
    // No server ("n n t p : group / digits"), and the article number is required.
    G.invalid("nntp://news.cern.ch/comp.x/1", Rule::D03Ialpha, 5);
    G.invalid("nntp:comp.x", Rule::D03Nntpaddress, 11);
    G.invalid("nntp:comp.x/", Rule::D03Nntpaddress, 12);
    G.invalid("nntp:comp.x/12a", Rule::D03Nntpaddress, 14);
}

// ------------------------------------------------------------------ mailto, mid, cid

#[test]
fn mailto_has_two_colons_under_the_bnf() {
    let q = G.valid("mailto::timbl@info.cern.ch", Rule::D03Mailtoaddress);
    assert_eq!(
        (c(&q, "xalphas"), c(&q, "host")),
        (Some("timbl"), Some("info.cern.ch"))
    );
    // One colon does not derive, and no generic alternative catches it.
    G.invalid("mailto:timbl@info.cern.ch", Rule::D03Mailtoaddress, 7);
    // hostname only: no hostnumber.
    G.invalid("mailto::a@1.2.3.4", Rule::D03Ialpha, 10);
    G.invalid("mailto::@h", Rule::D03Xalphas, 8);
    G.invalid("mailto::ab", Rule::D03Mailtoaddress, 10);
    // "%" must be written %25 ("requires conversion to %25 in a URL").
    G.valid("mailto::a%25b@h", Rule::D03Mailtoaddress);
    G.invalid("mailto::a%b@h", Rule::D03Xalphas, 9);
    // Two "@": the last that splits.
    let q = G.valid("mailto::a@b@c", Rule::D03Mailtoaddress);
    assert_eq!((c(&q, "xalphas"), c(&q, "host")), (Some("a@b"), Some("c")));
    assert_eq!(q.ambiguities.len(), 1);
    let q = G.valid("mailto::a@b@1", Rule::D03Mailtoaddress);
    assert_eq!((c(&q, "xalphas"), c(&q, "host")), (Some("a"), Some("b@1")));
    assert!(q.ambiguities.is_empty());
}

#[test]
fn mailto_has_one_colon_under_mailto_single_colon() {
    let r = Reading::MailtoSingleColon;
    let q = G.valid_in("mailto:timbl@info.cern.ch", r, Rule::D03Mailtoaddress);
    assert_eq!(c(&q, "xalphas"), Some("timbl"));
    // The second colon is no xalpha.
    G.invalid_in("mailto::timbl@info.cern.ch", r, Rule::D03Xalphas, 7);
}

#[test]
fn mid_and_cid_take_rfc_822_addresses() {
    let q = G.valid("mid:12345.678@info.cern.ch", Rule::D03Midaddress);
    assert_eq!(c(&q, "scheme"), Some("mid"));
    G.valid("mid:\"a b@c\".d@e.f", Rule::D03Midaddress);
    G.valid("mid:\"a\\\"b\"@e", Rule::D03Midaddress);
    // RFC 822 atoms take characters the URL BNF has no place for.
    let q = G.valid("mid:a{b}#c@d", Rule::D03Midaddress);
    assert_data(&q, "must-encode", &["%7B", "%7D"]);
    G.invalid("mid:a", Rule::D03AddrSpec, 5);
    G.invalid("mid:a..b@c", Rule::D03Atom, 6);
    G.invalid("mid:a@b..c", Rule::D03Atom, 8);
    G.invalid("mid:a@b.", Rule::D03Atom, 8);
    // RFC 822 §6.1: sub-domain = domain-ref / domain-literal.
    assert_eq!(G.p("mid:a@[1.2.3.4]").verdict, Verdict::Valid);
    assert_eq!(G.p("mid:a@b.[c\\]@d]").verdict, Verdict::Valid);
    G.invalid("mid:a@[1.2", Rule::D03DomainLiteral, 10);
    G.invalid("mid:a@[a[b]", Rule::D03DomainLiteral, 8);
    G.invalid("mid:a b@c", Rule::D03AddrSpec, 5);
    G.invalid("mid:\"ab@c", Rule::D03QuotedString, 9);
    G.invalid("mid:\"a\"b@c", Rule::D03AddrSpec, 7);
    G.invalid("mid:a@b c", Rule::D03Domain, 7);
    G.invalid("mid:\"a\rb\"@c", Rule::D03QuotedString, 6);
    G.invalid("mid:\"a\\", Rule::D03QuotedString, 7);
    G.invalid("mid:a\u{e9}@c", Rule::D03AddrSpec, 5);
    // cid: a msg-id, "<" addr-spec ">", so "<" and ">" in a URL.
    let q = G.valid("cid:<part1.abc@info.cern.ch>", Rule::D03Cidaddress);
    assert_data(&q, "must-encode", &["%3C", "%3E"]);
    G.invalid("cid:part1@h", Rule::D03MsgId, 4);
    G.invalid("cid:<part1@h", Rule::D03MsgId, 12);
    G.invalid("cid:<", Rule::D03MsgId, 5);
    G.invalid("cid:<>", Rule::D03Atom, 5);
}

// ------------------------------------------------------------------ wais

#[test]
fn waisaddress() {
    let q = G.valid(
        "wais://quake.think.com/wais-discussion-archives?lynch",
        Rule::D03Waisindex,
    );
    assert_eq!(q.alternatives, [Rule::D03Waisaddress]);
    assert_eq!(
        (c(&q, "database"), c(&q, "search")),
        (Some("wais-discussion-archives"), Some("lynch"))
    );
    let q = G.valid("wais://h/db", Rule::D03Waisindex);
    assert_eq!(c(&q, "search"), None);
    let q = G.valid("wais://h:210/db/TEXT/1=abc;2=x/y;", Rule::D03Waisdoc);
    assert_eq!(c(&q, "port"), Some("210"));
    assert_eq!(
        (c(&q, "wtype"), c(&q, "wpath")),
        (Some("TEXT"), Some("1=abc;2=x/y;"))
    );
    // A field's path may be void.
    G.valid("wais://h/db/t/1=;", Rule::D03Waisdoc);
    // wpath: each field is digits "=" path ";" and the last ";" is required.
    G.invalid("wais://h/db/t/1=abc", Rule::D03Wpath, 19);
    G.invalid("wais://h/db/t/", Rule::D03Wpath, 14);
    G.invalid("wais://h/db/t/x=a;", Rule::D03Wpath, 14);
    G.invalid("wais://h/db/t/1", Rule::D03Wpath, 15);
    G.invalid("wais://h/db/t/1=a=b;", Rule::D03Xpalphas, 17);
    G.invalid("wais://h/db/t/1=a;;", Rule::D03Wpath, 18);
    // The database is one xalpha at least, and the "/" after the hostport is required.
    G.invalid("wais://h/?x", Rule::D03Xalphas, 9);
    G.invalid("wais://h", Rule::D03Waisindex, 8);
    G.invalid("wais://h/db/t", Rule::D03Waisdoc, 13);
    G.invalid("wais://h/db/", Rule::D03Xalphas, 12);
    G.invalid("wais:/h", Rule::D03Waisindex, 6);
}

// ------------------------------------------------------------------ prospero

#[test]
fn prosperoaddress() {
    let q = G.valid("prospero://h:1525/a/b", Rule::D03Prosperolink);
    assert_eq!(q.alternatives, [Rule::D03Prosperoaddress]);
    assert_eq!((c(&q, "hsoname"), c(&q, "version")), (Some("a/b"), None));
    // "If present, the version number is separated from the host specific object name
    // by the characters "%00"".
    let q = G.valid("prospero://h/a/b%005", Rule::D03Prosperolink);
    assert_eq!(
        (c(&q, "hsoname"), c(&q, "version"), c(&q, "attributes")),
        (Some("a/b"), Some("5"), None)
    );
    assert_eq!(q.ambiguities.len(), 1);
    let q = G.valid("prospero://h/a%0012ab3", Rule::D03Prosperolink);
    assert_eq!(
        (c(&q, "version"), c(&q, "attributes")),
        (Some("12"), Some("ab3"))
    );
    assert_eq!(q.ambiguities.len(), 2);
    // No digits after "%00": the escape stays in the hsoname (version = digits, one at least).
    let q = G.valid("prospero://h/a%00x", Rule::D03Prosperolink);
    assert_eq!((c(&q, "hsoname"), c(&q, "version")), (Some("a%00x"), None));
    let q = G.valid("prospero://h/a%00", Rule::D03Prosperolink);
    assert_eq!(c(&q, "version"), None);
    // Only the last "%00" can start the version.
    let q = G.valid("prospero://h/a%001/b%002", Rule::D03Prosperolink);
    assert_eq!(
        (c(&q, "hsoname"), c(&q, "version")),
        (Some("a%001/b"), Some("2"))
    );
    // The hsoname before "%00" is a path: it cannot begin with "/".
    G.invalid("prospero://h//x%001", Rule::D03Xpalphas, 13);
    G.invalid("prospero://h", Rule::D03Prosperolink, 12);
    // No login: "u@h" is a hostname, "u:p@h" is no hostport.
    G.invalid("prospero://u:p@h/x", Rule::D03Port, 13);
}

// ------------------------------------------------------------------ telnet, gopher

#[test]
fn telnetaddress() {
    let q = G.valid(
        "telnet://guest:secret@info.cern.ch:23",
        Rule::D03Telnetaddress,
    );
    assert_eq!(
        (c(&q, "user"), c(&q, "password"), c(&q, "port")),
        (Some("guest"), Some("secret"), Some("23"))
    );
    // No "/" after the login.
    G.invalid("telnet://info.cern.ch/", Rule::D03Xalphas, 21);
    G.invalid("telnet://", Rule::D03Ialpha, 9);
}

#[test]
fn gopheraddress() {
    let q = G.valid("gopher://h", Rule::D03Gopheraddress);
    assert_eq!((c(&q, "gtype"), c(&q, "gcommand")), (None, None));
    assert_eq!(
        data(&q, "gopher.request").as_deref(),
        Some(&[String::new()][..])
    );
    let q = G.valid("gopher://h:70/1", Rule::D03Gopheraddress);
    assert_eq!((c(&q, "gtype"), c(&q, "gcommand")), (Some("1"), None));
    // A "/" needs a gtype after it.
    G.invalid("gopher://h/", Rule::D03Gtype, 11);
    // gtype is one xalpha: an escape counts as one.
    let q = G.valid("gopher://h/%31sel", Rule::D03Gopheraddress);
    assert_eq!(
        (c(&q, "gtype"), c(&q, "gcommand")),
        (Some("%31"), Some("sel"))
    );
    G.invalid("gopher://h/%3", Rule::D03Gtype, 11);
    G.invalid("gopher://h/?x", Rule::D03Gtype, 11);
    // The gcommand is a path: it cannot begin with "/" (selectors like "1/foo" can't be
    // written with the type "1" before a "/").
    G.invalid("gopher://h/1/foo", Rule::D03Xpalphas, 12);
    G.valid("gopher://h/11/foo", Rule::D03Gopheraddress);
    // A search string after %09; the gopher+ string after a second %09.
    let q = G.valid("gopher://h/7sel%09foo%09+", Rule::D03Gopheraddress);
    assert_data(&q, "gopher.request", &["sel<tab>foo<tab>+"]);
}

// ------------------------------------------------------------------ no fragments, encoding

#[test]
fn fragments_are_not_part_of_the_url() {
    let q = G.invalid("http://h/p#frag", Rule::D03Xpalphas, 10);
    assert_data(&q, "fragment", &["frag"]);
    // The part before "#" must be a valid URL, and the rest a fragmentid.
    assert!(G.rejects("http://h/p#").note("fragment").is_none());
    assert!(G.rejects("http://h/p#a b").note("fragment").is_none());
    assert!(G.rejects("http://h/ p#a").note("fragment").is_none());
    assert!(G.p("foo:x#y").note("fragment").is_none());
}

#[test]
fn must_encode_and_escaped_reserved() {
    let q = G.rejects("http://h/a b~c`d\u{1}\u{e9}%");
    assert_data(
        &q,
        "must-encode",
        &["%7E", "%60", "%01", "%C3", "%A9", "%25"],
    );
    // Space is reserved, so it is not listed (it is in a class); it derives nowhere.
    let q = G.valid("http://h/a%2Fb%3a%20c%41?x%3D", Rule::D03Httpaddress);
    assert_data(&q, "escaped-reserved", &["%2F", "%3a", "%20", "%3D"]);
    assert!(q.note("must-encode").is_none());
}

// ------------------------------------------------------------------ contract tables

#[test]
fn every_component_and_note_is_listed() {
    let inputs = [
        "ftp://u:p@h:21/a/bI",
        "http://h:80/a?b",
        "news:a@b",
        "nntp:a/1",
        "mailto::a@b",
        "wais://h/d?s",
        "wais://h/d/t/1=a;",
        "prospero://h/a%001b",
        "telnet://u:p@h:23",
        "gopher://h/1x",
        "mid:a@b",
        "cid:<a@b>",
        "file:x",
        "afs://a/b",
        "rlogin:x",
        "urn:x",
        "x-a:b",
        "http://h/a%3B#x",
        "http://h/~",
    ];
    for input in inputs {
        G.assert_components_listed(&G.p(input), input);
    }
    G.assert_notes_listed(&inputs);
}

// ------------------------------------------------------------------ coverage

/// Inputs that, between them, make every draft-03 rule accept once and reject once.
const COVERAGE: &[(Reading, &str)] = &[
    (Reading::Strict, "URL:http://h:80/a/b?c"),
    (Reading::Strict, "url"),
    (Reading::Strict, "http://1.2.3.4/a%41/"),
    (Reading::Strict, "http://1.2/"),
    (Reading::Strict, "http://h:x/"),
    (Reading::Strict, "http://h/a b"),
    (Reading::Strict, "http://h/?a b"),
    (Reading::Strict, "ftp://u:p@h/aAN"),
    (Reading::Strict, "ftp://u:p@h/a/"),
    (Reading::Strict, "ftp://:p@h/"),
    (Reading::Strict, "ftp://u:@h/"),
    (Reading::Strict, "ftp://h/aL1"),
    (Reading::Strict, "ftp://h/a%zzAX"),
    (Reading::Strict, "ftp://h/a%zzI"),
    (Reading::Strict, "ftp://h/a%zzL"),
    (Reading::Strict, "ftp://h/x%zzAN"),
    (Reading::FtptypeProse, "ftp://h/a;type=AN"),
    (Reading::FtptypeProse, "ftp://h/a;type=L8"),
    (Reading::FtptypeProse, "ftp://h/a;type=X"),
    (Reading::FtptypeProse, "ftp://h/a;type=AX"),
    (Reading::FtptypeProse, "ftp://h/a;type=L0"),
    (Reading::Strict, "afs://cell/a"),
    (Reading::Strict, "afs://1/a"),
    (Reading::Strict, "news:a.b"),
    (Reading::Strict, "news:1"),
    (Reading::Strict, "news:a@b"),
    (Reading::Strict, "news:@b"),
    (Reading::Strict, "news:*"),
    (Reading::Strict, "nntp:a/1"),
    (Reading::Strict, "nntp:a"),
    (Reading::Strict, "prospero://h/a%00"),
    (Reading::Strict, "prospero://h/a%001x%41"),
    (Reading::Strict, "mid:a.\"b\"@c.d"),
    (Reading::Strict, "mid:a@b c"),
    (Reading::Strict, "mid:a b@c"),
    (Reading::Strict, "mid:\"a@c"),
    (Reading::Strict, "mid:.a@b"),
    (Reading::Strict, "mid:a@[1.2.3.4]"),
    (Reading::Strict, "mid:a@[1.2"),
    (Reading::Strict, "mid:a@b..c"),
    (Reading::Strict, "cid:<a@b>"),
    (Reading::Strict, "cid:a"),
    (Reading::Strict, "mailto::a@b"),
    (Reading::Strict, "mailto:a@b"),
    (Reading::Strict, "wais://h/d?s"),
    (Reading::Strict, "wais://h/d/t/1=a;"),
    (Reading::Strict, "wais://h/d/ /1=a;"),
    (Reading::Strict, "wais://h/ /t/1=a;"),
    (Reading::Strict, "wais://h/d/t/x=a;"),
    (Reading::Strict, "prospero://h/a%001b"),
    (Reading::Strict, "prospero://h/ "),
    (Reading::Strict, "telnet://u@h"),
    (Reading::Strict, "telnet://h/"),
    (Reading::Strict, "ftp://u%41@h/!"),
    (Reading::Strict, "ftp://h/AX"),
    (Reading::Strict, "gopher://h/1x"),
    (Reading::Strict, "gopher://h/1 "),
    (Reading::Strict, "gopher://h/ "),
    (Reading::Strict, "http://h/#x"),
    (Reading::Strict, "http://h/p#x y"),
    (Reading::Strict, "http://h/{<"),
    (Reading::Strict, "1:"),
    (Reading::Strict, "#"),
];

/// Every rule of the grammar is reached and accepted by some input above, and reached
/// and rejected by some input; so every production has a positive and a negative test.
#[test]
fn every_draft03_rule_accepts_and_rejects() {
    let mut total = Coverage::new();
    for &(reading, input) in COVERAGE {
        total.merge(&G.covered(input.as_bytes(), reading));
    }
    // `void` is only reached on an empty span (a path's callers test that first), so
    // it never rejects.
    G.assert_every_rule_accepts_and_rejects(&total, &[], &[Rule::D03Void]);
}

// ------------------------------------------------------------------ hostile input

#[test]
fn hostile_bytes_get_a_verdict() {
    // Broken escapes, and the ends of the schemes' own productions.
    let own: &[&[u8]] = &[
        b"mid:\"\xff\"@a",
        b"a:%",
        b"gopher://h/%",
        b"prospero://h/%00",
        b"prospero://h/%0",
        b"wais://h/d/t/=;",
        b"ftp://h/L",
        b"ftp://h/%L1",
    ];
    for &input in HOSTILE_BYTES.iter().chain(own) {
        for &reading in Document::Draft03.readings() {
            G.assert_answer(input, reading, |_| true);
        }
    }
    assert_eq!(
        parse(b"http://h/\0", Reading::Strict).verdict,
        Verdict::Invalid
    );
    assert_eq!(parse(b"\xff:x", Reading::Strict).verdict, Verdict::Invalid);
    assert_eq!(parse(b"\xff", Reading::Strict).verdict, Verdict::Invalid);
    let q = parse(b"http://h/\xff", Reading::Strict);
    assert_eq!(q.note("must-encode").unwrap().data, ["%FF"]);
}

/// Generated inputs, under every reading: no panic; a valid parse has a rule and no
/// error, an invalid one an error inside the input, a not-defined one its scheme; and
/// the "URL:" prefix changes nothing but the note and the offsets.
#[test]
fn generated_inputs_keep_the_invariants() {
    const PREFIXES: &[&str] = &[
        "http://",
        "ftp://",
        "news:",
        "nntp:",
        "telnet://",
        "gopher://",
        "wais://",
        "mailto::",
        "mailto:",
        "mid:",
        "cid:<",
        "prospero://",
        "afs://",
        "file:",
        "x-y:",
        "HTTP://",
        "",
        ":",
        "1:",
    ];
    const PIECES: &[&str] = &[
        "a", "Z", "1", "9", ".", "-", "_", "+", ":", "@", "/", "?", ";", "=", "&", "%", "%09",
        "%00", "%2F", "%4", "*", "~", " ", "#", "\"", "<", ">", "I", "AN", "L8", ";type=", "a.b",
        "1.2.3.4", "u:p@", "\u{0}", "\u{e9}",
    ];
    let mut rng = Xorshift(0x9E37_79B9_7F4A_7C15);
    for _ in 0..4000 {
        let mut input = rng.pick(PREFIXES).to_string();
        input.push_str(&String::from_utf8(rng.pieces(PIECES, 8)).unwrap());
        for &reading in Document::Draft03.readings() {
            let q = G.assert_answer(input.as_bytes(), reading, |_| true);
            if q.verdict == Verdict::Valid {
                assert_eq!(q.alternatives.len(), 1, "{input:?}");
            }
            let built = format!("URL:{input}");
            let prefixed = G.pr(&built, reading);
            assert_eq!(prefixed.verdict, q.verdict, "{input:?}");
            assert_eq!(prefixed.components, q.components, "{input:?}");
            assert_eq!(prefixed.ambiguities, q.ambiguities, "{input:?}");
            assert_eq!(
                prefixed.error.as_ref().map(|e| (e.rule, e.offset)),
                q.error.as_ref().map(|e| (e.rule, e.offset + 4)),
                "{input:?}"
            );
            assert!(
                q.note("prefix-missing").is_some() && prefixed.note("prefix-missing").is_none()
            );
        }
    }
}
