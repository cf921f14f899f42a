//! Expectations taken from the text of draft-06 (draft-ietf-uri-url-06), production by production, with the
//! examples the draft prints and every oddity cases/divergences/README.md lists for it.

use super::parse;
use crate::document::{Document, Reading};
use crate::grammar::outcome::{Field, List, Value, Verdict};
use crate::grammar::rule::Rule;
use crate::testing::{assert_data, assert_dispatched, c, data, list, strings, Grammar, Xorshift};

const G: Grammar = Grammar {
    doc: Document::Draft06,
    generic: Some(Rule::D06Otherurl),
    cite: "draft-06 §",
    notes_quote: false,
};

// ------------------------------------------------------------------ the printed examples

#[test]
fn the_section_3_1_login_examples() {
    // "E.g., <URL:ftp://@host.com/> has an empty user name and no password,
    // <URL:ftp://host.com/> has no user name, while <URL:ftp://foo:@host.com/> has a user
    // name of "foo" and an empty password."
    let q = G.valid("ftp://@host.com/", Rule::D06Ftpurl);
    assert_eq!((c(&q, "user"), c(&q, "password")), (Some(""), None));
    let q = G.valid("ftp://host.com/", Rule::D06Ftpurl);
    assert_eq!((c(&q, "user"), c(&q, "password")), (None, None));
    let q = G.valid("ftp://foo:@host.com/", Rule::D06Ftpurl);
    assert_eq!((c(&q, "user"), c(&q, "password")), (Some("foo"), Some("")));
    assert_eq!(c(&q, "host"), Some("host.com"));
    assert_eq!(c(&q, "fpath"), Some(""));
    assert_eq!(list(&q, "fsegments"), [""]);
}

#[test]
fn the_section_3_2_2_ftp_examples() {
    let q = G.valid("ftp://myname@host.dom/%2Fetc/motd", Rule::D06Ftpurl);
    assert_data(&q, "ftp.commands", &["CWD /etc", "RETR motd"]);
    assert_data(&q, "escaped-reserved", &["%2F"]);
    let q = G.valid("ftp://myname@host.dom/etc/motd", Rule::D06Ftpurl);
    assert_data(&q, "ftp.commands", &["CWD etc", "RETR motd"]);
    // The draft prints '"CWD " with a null argument and then "RETR motd"'; its rule
    // supplies every cwd, so "CWD etc" comes between (cases/divergences/README.md §6).
    let q = G.valid("ftp://myname@host.dom//etc/motd", Rule::D06Ftpurl);
    assert_eq!(list(&q, "fsegments"), ["", "etc", "motd"]);
    assert_data(&q, "ftp.commands", &["CWD ", "CWD etc", "RETR motd"]);
}

#[test]
fn the_other_printed_urls() {
    G.valid(
        "http://www.acl.lanl.gov/URI/archive/uri-archive.index.html",
        Rule::D06Httpurl,
    );
    let q = G.valid("news:*", Rule::D06Newsurl);
    assert!(q.note("news.all-groups").is_some());
    let q = G.valid(
        "file://vms.host.edu/disk$user/my/notes/note12345.txt",
        Rule::D06Fileurl,
    );
    assert_eq!(
        list(&q, "fsegments"),
        ["disk$user", "my", "notes", "note12345.txt"]
    );
    assert!(q.note("file.local-machine").is_none());
    let q = G.valid("prospero://host.dom//pros/name", Rule::D06Prosperourl);
    assert_eq!(c(&q, "ppath"), Some("/pros/name"));
    let q = G.valid("ftp://info.cern.ch/pub/www/doc;type=d", Rule::D06Ftpurl);
    assert_data(&q, "ftp.commands", &["CWD pub", "CWD www", "NLST doc"]);
    G.valid("ftp://ds.internic.net/rfc", Rule::D06Ftpurl);
    // The Appendix puts "#WARNING" inside the brackets; "#" is in no production.
    let q = G.invalid(
        "http://ds.internic.net/instructions/overview.html#WARNING",
        Rule::D06Hsegment,
        49,
    );
    assert_data(&q, "should-encode.unsafe", &["%23"]);
    let q = G.valid(
        "gopher://boombox.micro.umn.edu/11/gopher/gopher_protocol",
        Rule::D06Gopherurl,
    );
    assert_eq!(c(&q, "gtype"), Some("1"));
    assert_eq!(c(&q, "selector"), Some("1/gopher/gopher_protocol"));
    let q = G.valid(
        "wais://quake.think.com/wais-discussion-archives?lynch",
        Rule::D06Waisindex,
    );
    assert_eq!(c(&q, "search"), Some("lynch"));
    for r in [
        "ftp://ds.internic.net/rfc/rfc1436.txt",
        "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/Gopher+.txt",
        "ftp://ds.internic.net/internet-drafts/draft-ietf-uri-fun-req-00.txt",
        "ftp://prospero.isi.edu/pub/prospero/doc/prospero-protocol.PS.Z",
        "ftp://uu.psi.com/wp/nir.txt",
    ] {
        let q = G.valid(r, Rule::D06Ftpurl);
        assert!(
            q.notes()
                .iter()
                .all(|n| ["ftp.commands", "default-port", "ftp.typecode-omitted"].contains(&n.id)),
            "{r}: {:?}",
            q.notes()
        );
    }
}

// ------------------------------------------------------------------ url, otherurl, scheme

#[test]
fn otherurl_is_scheme_colon_xchars_without_ip_schemepart() {
    // No ip-schemepart: "//user@host/path" is only xchars, and no login components.
    let q = G.valid("foo://u:p@h:1/x", Rule::D06Otherurl);
    assert_eq!(c(&q, "scheme"), Some("foo"));
    assert_eq!(c(&q, "schemepart"), Some("//u:p@h:1/x"));
    assert_eq!(q.components.get("user"), None);
    assert_eq!(q.components.get("host"), None);
    assert!(q.ambiguities.is_empty());
    // An empty schemepart, digits and + - . in a scheme, a scheme of digits.
    G.valid("foo:", Rule::D06Otherurl);
    G.valid("x-y.z+1:a", Rule::D06Otherurl);
    G.valid("1:a", Rule::D06Otherurl);
    // Every reserved character and national characters are xchar.
    G.valid("foo:;/?:@&={}|\\^~[]", Rule::D06Otherurl);
    // No scheme, an empty scheme, a bad scheme character, no colon.
    G.invalid(":a", Rule::D06Scheme, 0);
    G.invalid("a_b:c", Rule::D06Scheme, 1);
    G.invalid("abc", Rule::D06Otherurl, 3);
    // A schemepart with a non-xchar: "#", "<", space, "%" without hex, a backtick.
    G.invalid("foo:a#b", Rule::D06Schemepart, 5);
    G.invalid("foo:a<", Rule::D06Schemepart, 5);
    G.invalid("foo:a b", Rule::D06Schemepart, 5);
    G.invalid("foo:%4g", Rule::D06Schemepart, 4);
    G.invalid("foo:`", Rule::D06Schemepart, 4);
}

#[test]
fn components_are_in_the_vocabulary() {
    for input in [
        "foo:x",
        "ftp://u:p@h:21/a/b;type=i",
        "file://h/a",
        "http://h:80/a?b",
        "gopher://h:70/1s%09q%09+",
        "mailto:a@b",
        "news:a.b",
        "news:x@h",
        "nntp://h:119/g/1",
        "telnet://u:p@h:23/",
        "wais://h/d",
        "wais://h/d?s",
        "wais://h/d/t/p",
        "prospero://h/p;a=b",
    ] {
        let q = G.p(input);
        assert_eq!(q.verdict, Verdict::Valid, "{input}");
        G.assert_components_listed(&q, input);
        assert_eq!(
            q.components.names().next().unwrap(),
            "scheme",
            "{input}: scheme comes first"
        );
    }
}

#[test]
fn a_defined_scheme_whose_production_fails_is_generic_only() {
    // §3.3: "No user name or password is allowed."
    let q = G.generic_only("http://user@h/", Rule::D06Hostname, 11);
    assert!(q.note("no-login").is_some());
    assert_eq!(q.alternatives, [Rule::D06Otherurl]);
    // The scheme's production fails, and so does otherurl: invalid, with the further
    // failure (the own production's on a tie).
    let q = G.invalid("http://h/a b", Rule::D06Hsegment, 10);
    assert!(q.components.is_empty());
    // "h:x y": the port fails at 9, otherurl only at the space (10).
    let q = G.invalid("http://h:x y", Rule::D06Schemepart, 10);
    assert!(q.alternatives.is_empty());
    // A scheme the draft does not define matches otherurl as its own production.
    G.valid("afs://x", Rule::D06Otherurl);
}

#[test]
fn schemes_are_lower_case_unless_read_case_ignore() {
    // §2.1: "programs interpreting URLs should allow upper case letters as equivalent to
    // lower case in scheme names (e.g., allow "HTTP" as well as "http")".
    let q = G.invalid("HTTP://h/", Rule::D06Scheme, 0);
    assert_data(&q, "letter-case", &["valid", "httpurl"]);
    let q = G.pr("HTTP://h/", Reading::SchemeCaseIgnore);
    assert_eq!(
        (q.verdict, q.rule),
        (Verdict::Valid, Some(Rule::D06Httpurl))
    );
    assert_eq!(q.doc.reading, Reading::SchemeCaseIgnore);
    assert_eq!(q.components.str("scheme"), Some("HTTP"));
    assert_eq!(
        q.note("letter-case").map(|n| n.data.clone()),
        Some(strings(&["invalid", ""]))
    );
    // Under case-ignore an upper-case scheme is judged by its own production.
    let q = G.pr("Http://u@h/", Reading::SchemeCaseIgnore);
    assert_eq!(q.verdict, Verdict::GenericOnly);
    let q = G.pr("FOO:x", Reading::SchemeCaseIgnore);
    assert_eq!(
        (q.verdict, q.rule),
        (Verdict::Valid, Some(Rule::D06Otherurl))
    );
    // Only the scheme: the literal ";type=" and ftptype stay exact.
    let q = G.pr("FTP://h/a;TYPE=a", Reading::SchemeCaseIgnore);
    assert_eq!(q.verdict, Verdict::GenericOnly);
    assert_eq!(
        q.error.map(|e| (e.rule, e.offset)),
        Some((Rule::D06Ftpurl, 10))
    );
}

// ------------------------------------------------------------------ login and host

#[test]
fn hostname_is_alpha_then_any_uchar() {
    // hostname = alpha *uchar: no label structure at all.
    for h in [
        "a", "a.", "a..b", "a-", "a_b", "a%41", "a=b", "a{b}", "a~b", "a$b", "a!b", "a+b",
    ] {
        let built = format!("http://{h}/");
        let q = G.valid(&built, Rule::D06Httpurl);
        assert_eq!(c(&q, "host"), Some(h));
    }
    // It must start with an alpha, and holds no reserved character but "=".
    G.generic_only("http://_a/", Rule::D06Hostname, 7);
    G.generic_only("http://.a/", Rule::D06Hostname, 7);
    G.generic_only("http://a;b/", Rule::D06Hostname, 8);
    G.generic_only("http://a&b/", Rule::D06Hostname, 8);
    G.invalid("http://a%4/", Rule::D06Hostname, 8);
    G.generic_only("http:///", Rule::D06Hostname, 7);
    // A leading digit: neither hostname nor, unless four numbers, hostnumber.
    G.generic_only("http://1a/", Rule::D06Hostname, 7);
    G.generic_only("http://1.2.3/", Rule::D06Hostnumber, 12);
    G.generic_only("http://1.2.3./", Rule::D06Hostnumber, 13);
    G.generic_only("http://1..3.4/", Rule::D06Hostnumber, 9);
    G.generic_only("http://1.2.3.4.5/", Rule::D06Hostnumber, 14);
    let q = G.valid("http://1.2.3.4/", Rule::D06Httpurl);
    assert_eq!(c(&q, "host"), Some("1.2.3.4"));
    G.valid("http://999.0.00.123/", Rule::D06Httpurl);
}

#[test]
fn ports_are_digits() {
    let q = G.valid("http://h:8080/", Rule::D06Httpurl);
    assert_eq!(c(&q, "port"), Some("8080"));
    assert!(q.note("default-port").is_none());
    G.generic_only("http://h:/", Rule::D06Port, 9);
    G.generic_only("http://h:8a/", Rule::D06Port, 10);
    G.generic_only("http://h:1:2/", Rule::D06Port, 10);
}

#[test]
fn user_and_password() {
    // user = *[ uchar | ";" | "?" | "&" | "=" ]
    let q = G.valid("ftp://a;?&=%41~:b;?&=@h/", Rule::D06Ftpurl);
    assert_eq!(c(&q, "user"), Some("a;?&=%41~"));
    assert_eq!(c(&q, "password"), Some("b;?&="));
    let q = G.valid("telnet://:@h", Rule::D06Telneturl);
    assert_eq!((c(&q, "user"), c(&q, "password")), (Some(""), Some("")));
    // §3.1: "Within the user and password field, any ":", "@", or "/" must be encoded."
    G.generic_only("ftp://a:b:c@h/", Rule::D06Password, 9);
    G.generic_only("ftp://a@b@h/", Rule::D06Hostname, 9);
    G.invalid("ftp://a%2@h/", Rule::D06User, 7);
    G.invalid("ftp://a:%@h/", Rule::D06Password, 8);
}

// ------------------------------------------------------------------ the schemes

#[test]
fn ftp() {
    let q = G.valid("ftp://h", Rule::D06Ftpurl);
    assert_eq!(
        (c(&q, "fpath"), q.components.get("fsegments")),
        (None, Some(None))
    );
    assert!(q.note("ftp.commands").is_none());
    assert!(q.note("ftp.typecode-omitted").is_some());
    for t in ["a", "i", "d", "A", "I", "D"] {
        let built = format!("ftp://h/x;type={t}");
        let q = G.valid(&built, Rule::D06Ftpurl);
        assert_eq!(c(&q, "ftptype"), Some(t));
        assert!(q.note("ftp.typecode-omitted").is_none());
    }
    let q = G.valid("ftp://h/a/b;type=i", Rule::D06Ftpurl);
    assert_data(&q, "ftp.commands", &["CWD a", "TYPE i", "RETR b"]);
    let q = G.valid("ftp://h/a/b;type=D", Rule::D06Ftpurl);
    assert_data(&q, "ftp.commands", &["CWD a", "NLST b"]);
    // fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ], with national and "=".
    G.valid("ftp://h/a?:@&=~{}/b", Rule::D06Ftpurl);
    let q = G.valid("ftp://h/a%3bb", Rule::D06Ftpurl);
    assert_data(&q, "escaped-reserved", &["%3b"]);
    G.generic_only("ftp://h/a;b", Rule::D06Ftpurl, 10);
    G.generic_only("ftp://h/a;type=x", Rule::D06Ftptype, 15);
    G.generic_only("ftp://h/a;type=ai", Rule::D06Ftptype, 16);
    G.generic_only("ftp://h/a;type=", Rule::D06Ftptype, 15);
    G.generic_only("ftp://h/a;type=a;type=a", Rule::D06Ftptype, 16);
    G.invalid("ftp://h/a b", Rule::D06Fsegment, 9);
    G.generic_only("ftp:/h", Rule::D06Ftpurl, 5);
}

#[test]
fn file_needs_a_host_but_not_a_path() {
    // fileurl = "file://" host [ "/" fpath ]
    let q = G.valid("file://h", Rule::D06Fileurl);
    assert_eq!((c(&q, "host"), c(&q, "fpath")), (Some("h"), None));
    let q = G.valid("file://h/", Rule::D06Fileurl);
    assert_eq!(list(&q, "fsegments"), [""]);
    G.valid("file://1.2.3.4/a/b", Rule::D06Fileurl);
    // "localhost" is a hostname; §3.10 gives it its meaning.
    let q = G.valid("file://localhost/etc/motd", Rule::D06Fileurl);
    assert!(q.note("file.local-machine").is_some());
    assert!(q.ambiguities.is_empty());
    // §3.10: "<host> can be the string "localhost" or the empty string", but the BNF's
    // host is mandatory: only otherurl derives an empty host.
    let q = G.generic_only("file:///etc/motd", Rule::D06Hostname, 7);
    assert!(q.note("file.empty-host").is_some());
    assert!(q.note("file.local-machine").is_some());
    let q = G.generic_only("file://", Rule::D06Hostname, 7);
    assert!(q.note("file.empty-host").is_some());
    // Not when the rest fails too, nor for a host that is there and fails.
    let q = G.generic_only("file:///a;b", Rule::D06Hostname, 7);
    assert!(q.note("file.empty-host").is_none());
    let q = G.generic_only("file://1/x", Rule::D06Hostnumber, 8);
    assert!(q.note("file.empty-host").is_none());
    G.generic_only("file://h/a;b", Rule::D06Fsegment, 10);
    // Under case-ignore the prose note still applies.
    let q = G.pr("FILE:///x", Reading::SchemeCaseIgnore);
    assert!(q.note("file.empty-host").is_some());
}

#[test]
fn http() {
    let q = G.valid("http://h", Rule::D06Httpurl);
    assert_eq!((c(&q, "hpath"), c(&q, "search")), (None, None));
    let q = G.valid("http://h/", Rule::D06Httpurl);
    assert_eq!(
        (c(&q, "hpath"), list(&q, "hsegments")),
        (Some(""), vec![""])
    );
    let q = G.valid("http://h/a/b;c:d@e&f=g/?q;:@&=", Rule::D06Httpurl);
    assert_eq!(list(&q, "hsegments"), ["a", "b;c:d@e&f=g", ""]);
    assert_eq!(c(&q, "search"), Some("q;:@&="));
    let q = G.valid("http://h/?", Rule::D06Httpurl);
    assert_eq!(c(&q, "search"), Some(""));
    // National characters are uchar in this draft (RFC 1738 removed them).
    G.valid("http://h/~user/{a}|b\\c^[d]", Rule::D06Httpurl);
    let q = G.valid("http://h/a%2fb?c%3F", Rule::D06Httpurl);
    assert_data(&q, "escaped-reserved", &["%2f", "%3F"]);
    // The search derives no "/" or "?"; a "?" needs a path before it.
    G.generic_only("http://h/a?b/c", Rule::D06Search, 12);
    G.generic_only("http://h/a?b?c", Rule::D06Search, 12);
    G.generic_only("http://h?q", Rule::D06Hostname, 8);
    G.invalid("http://h/a\"b", Rule::D06Hsegment, 10);
}

#[test]
fn gopher_paths() {
    let q = G.valid("gopher://h", Rule::D06Gopherurl);
    assert_data(&q, "gopher.default-type", &["1"]);
    let q = G.valid("gopher://h/", Rule::D06Gopherurl);
    assert_eq!(c(&q, "gtype"), None);
    assert!(q.note("gopher.default-type").is_some());
    let q = G.valid("gopher://h/1", Rule::D06Gopherurl);
    assert_eq!((c(&q, "gtype"), c(&q, "selector")), (Some("1"), Some("")));
    assert_data(&q, "gopher.request", &[""]);
    // gtype = xchar: an escape is one xchar.
    let q = G.valid("gopher://h/%31sel", Rule::D06Gopherurl);
    assert_eq!(
        (c(&q, "gtype"), c(&q, "selector")),
        (Some("%31"), Some("sel"))
    );
    // §3.4.1: "Within the <gopher-path>, no additional characters have a reserved
    // interpretation": selector = *xchar takes "/", "?", ";".
    let q = G.valid("gopher://h/0/a/b?c;d", Rule::D06Gopherurl);
    assert_eq!(c(&q, "selector"), Some("/a/b?c;d"));
    // gtype = xchar: whatever it rejects, otherurl rejects too.
    G.invalid("gopher://h/ ", Rule::D06Gtype, 11);
    G.invalid("gopher://h/1a b", Rule::D06Selector, 13);
    G.invalid("gopher://h/1%09a%09b c", Rule::D06GopherPlusString, 20);
}

#[test]
fn gopher_searches_and_gopher_plus_strings() {
    // Form 2: <gophertype><selector>%09<search>.
    let q = G.valid("gopher://h/7s%09q%20r", Rule::D06Gopherurl);
    assert_eq!(
        (c(&q, "selector"), c(&q, "search")),
        (Some("s"), Some("q%20r"))
    );
    assert_eq!(c(&q, "gopher+_string"), None);
    assert_data(&q, "gopher.request", &["s<tab>q r"]);
    // Form 3 would read "q%20r" as a gopher+ string: both readings are reported.
    assert_data(&q, "gopher.plus-without-search", &["q%20r"]);
    // Form 4, type 7: selector, tab, search, tab, gopher+ commands (§3.4.3).
    let q = G.valid("gopher://h/7s%09q%09+", Rule::D06Gopherurl);
    assert_eq!(c(&q, "gopher+_string"), Some("+"));
    assert_data(&q, "gopher.request", &["s<tab>q<tab>+"]);
    assert!(q.note("gopher.plus-without-search").is_none());
    // Type not 7: "the gopher selector string, followed by a tab, followed by the
    // gopher+ commands": the search is not sent.
    let q = G.valid(
        "gopher://h/1s%09%09!%2BABSTRACT%20%2BSMELL",
        Rule::D06Gopherurl,
    );
    assert_eq!(c(&q, "search"), Some(""));
    assert_data(&q, "gopher.request", &["s<tab>!+ABSTRACT +SMELL"]);
    // §3.4.9's electronic form: "+%091%0D%0A+-1%0D%0Aask_item1_value%0D%0A
    // ask_item2_value%0D%0A.%0D%0A", which the client sends as
    // "a_gopher_selector<tab>+<tab>1<cr><lf>+-1<cr><lf>ask_item1_value<cr><lf>
    // ask_item2_value<cr><lf>.<cr><lf>".
    let q = G.valid(
        "gopher://h/1a_gopher_selector%09%09+%091%0D%0A+-1%0D%0Aask_item1_value%0D%0Aask_item2_value%0D%0A.%0D%0A",
        Rule::D06Gopherurl,
    );
    assert_eq!(c(&q, "selector"), Some("a_gopher_selector"));
    assert_eq!(
        c(&q, "gopher+_string"),
        Some("+%091%0D%0A+-1%0D%0Aask_item1_value%0D%0Aask_item2_value%0D%0A.%0D%0A")
    );
    assert_eq!(
        data(&q, "gopher.request").as_deref(),
        Some(
            &strings(&[
                "a_gopher_selector<tab>+<tab>1<cr><lf>+-1<cr><lf>ask_item1_value<cr><lf>ask_item2_value<cr><lf>.<cr><lf>"
            ])[..]
        )
    );
    // §3.4.8's alternate view holds a "/", which gopher+_string (*xchar) derives.
    let q = G.valid(
        "gopher://h/1s%09%09+application/postscript%20Es_ES",
        Rule::D06Gopherurl,
    );
    assert_eq!(
        c(&q, "gopher+_string"),
        Some("+application/postscript%20Es_ES")
    );
    // A "%09" before a "/" cannot end a selector whose search would hold the "/": the
    // next one is taken, or none.
    let q = G.valid("gopher://h/1a%09b/c%09d", Rule::D06Gopherurl);
    assert_eq!(
        (c(&q, "selector"), c(&q, "search")),
        (Some("a%09b/c"), Some("d"))
    );
    let q = G.valid("gopher://h/1a%09b/c", Rule::D06Gopherurl);
    assert_eq!(
        (c(&q, "selector"), c(&q, "search")),
        (Some("a%09b/c"), None)
    );
    assert!(!q.ambiguities.is_empty());
}

#[test]
fn mailto() {
    let q = G.valid("mailto:user@host.dom", Rule::D06Mailtourl);
    assert_eq!(c(&q, "encoded822addr"), Some("user@host.dom"));
    // §3.5: no additional characters are reserved; "%" must be URL-encoded.
    G.valid("mailto:a%25b@c", Rule::D06Mailtourl);
    G.valid("mailto:;/?:@&=", Rule::D06Mailtourl);
    G.generic_only("mailto:", Rule::D06Encoded822addr, 7);
    let q = G.invalid("mailto:a%b@c", Rule::D06Encoded822addr, 8);
    assert_data(&q, "must-encode.space-or-percent", &["%25"]);
    // No ":" at all: no scheme is named, and otherurl fails.
    G.invalid("mailto", Rule::D06Otherurl, 6);
}

#[test]
fn news_groups_and_articles() {
    let q = G.valid("news:comp.infosystems.www.misc", Rule::D06Newsurl);
    assert_eq!(c(&q, "group"), Some("comp.infosystems.www.misc"));
    assert_eq!((c(&q, "article"), c(&q, "host")), (None, None));
    G.valid("news:a-1.", Rule::D06Newsurl);
    // group = alpha *[ alpha | digit | "-" | "." ]: no "+" and no "_" in this draft.
    G.generic_only("news:comp.lang.c++", Rule::D06Group, 16);
    G.generic_only("news:alt.foo_bar", Rule::D06Group, 12);
    G.generic_only("news:1a", Rule::D06Group, 5);
    G.generic_only("news:", Rule::D06Grouppart, 5);
    // article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host
    let q = G.valid("news:a/b;c?d:e&f=~@h.dom", Rule::D06Newsurl);
    assert_eq!(c(&q, "article"), Some("a/b;c?d:e&f=~@h.dom"));
    assert_eq!((c(&q, "group"), c(&q, "host")), (None, Some("h.dom")));
    G.generic_only("news:@h", Rule::D06Article, 5);
    G.generic_only("news:a@1", Rule::D06Hostnumber, 8);
    G.generic_only("news:a@h@i", Rule::D06Hostname, 8);
    G.invalid("news:a%2@h", Rule::D06Article, 6);
    G.generic_only("news:**", Rule::D06Group, 5);
}

#[test]
fn nntp() {
    let q = G.valid("nntp://h/comp.misc/123", Rule::D06Nntpurl);
    assert_eq!(
        (c(&q, "group"), c(&q, "digits")),
        (Some("comp.misc"), Some("123"))
    );
    assert_data(&q, "default-port", &["119"]);
    let q = G.valid("nntp://h:11/g", Rule::D06Nntpurl);
    assert_eq!(c(&q, "digits"), None);
    G.generic_only("nntp://h", Rule::D06Nntpurl, 8);
    G.generic_only("nntp://h/g/", Rule::D06Digits, 11);
    G.generic_only("nntp://h/g/1a", Rule::D06Digits, 12);
    G.generic_only("nntp://h/g+/1", Rule::D06Group, 10);
}

#[test]
fn telnet() {
    let q = G.valid("telnet://u:p@h:23/", Rule::D06Telneturl);
    assert_eq!(c(&q, "port"), Some("23"));
    let q = G.valid("telnet://h", Rule::D06Telneturl);
    assert_data(&q, "default-port", &["23"]);
    G.generic_only("telnet://h/x", Rule::D06Telneturl, 11);
    G.generic_only("telnet://h//", Rule::D06Telneturl, 11);
}

#[test]
fn wais() {
    let q = G.valid("wais://h/db", Rule::D06Waisdatabase);
    assert_eq!((c(&q, "database"), c(&q, "search")), (Some("db"), None));
    let q = G.valid("wais://h/db?a;b", Rule::D06Waisindex);
    assert_eq!(c(&q, "search"), Some("a;b"));
    let q = G.valid("wais://h/db/t/p%2F", Rule::D06Waisdoc);
    assert_eq!((c(&q, "wtype"), c(&q, "wpath")), (Some("t"), Some("p%2F")));
    // database = *uchar, which in this draft has "=" and national characters.
    G.valid("wais://h/a=b~", Rule::D06Waisdatabase);
    G.valid("wais://h/", Rule::D06Waisdatabase);
    G.valid("wais://h//t/", Rule::D06Waisdoc);
    G.generic_only("wais://h", Rule::D06Waisdatabase, 8);
    G.generic_only("wais://h/d/t", Rule::D06Waisdoc, 12);
    G.generic_only("wais://h/d/t/p/q", Rule::D06Wpath, 14);
    G.generic_only("wais://h/d?s/t", Rule::D06Search, 12);
    G.generic_only("wais://h/d;x", Rule::D06Database, 10);
    G.generic_only("wais://h/d/t;/p", Rule::D06Wtype, 12);
}

#[test]
fn prospero() {
    let q = G.valid("prospero://h/a/b;OBJECT-VERSION=3;x=", Rule::D06Prosperourl);
    assert_eq!(list(&q, "psegments"), ["a", "b"]);
    assert_eq!(
        q.components.get("fieldspecs"),
        Some(Some(Value::Fields(List::from(vec![
            Field {
                fieldname: "OBJECT-VERSION".into(),
                fieldvalue: "3".into()
            },
            Field {
                fieldname: "x".into(),
                fieldvalue: "".into()
            },
        ]))))
    );
    assert!(q.ambiguities.is_empty());
    // "=" is uchar in this draft, so a fieldspec with two "=" splits two ways.
    let q = G.valid("prospero://h/p;a=b=c", Rule::D06Prosperourl);
    assert_eq!(
        q.components.get("fieldspecs"),
        Some(Some(Value::Fields(List::from(vec![Field {
            fieldname: "a".into(),
            fieldvalue: "b=c".into()
        }]))))
    );
    assert_eq!(q.ambiguities.len(), 1);
    assert_eq!(q.ambiguities[0].rule, Rule::D06Fieldspec);
    let q = G.valid("prospero://h/a%3Bb", Rule::D06Prosperourl);
    assert_data(&q, "escaped-reserved", &["%3B"]);
    G.valid("prospero://h/", Rule::D06Prosperourl);
    // §3.11: "No username or password is allowed."
    let q = G.generic_only("prospero://u@h/p", Rule::D06Hostname, 12);
    assert!(q.note("no-login").is_some());
    G.generic_only("prospero://h", Rule::D06Prosperourl, 12);
    G.generic_only("prospero://h/p;a", Rule::D06Fieldspec, 16);
    G.generic_only("prospero://h/p;a/=b", Rule::D06Fieldname, 16);
    G.generic_only("prospero://h/p;a=b/", Rule::D06Fieldvalue, 18);
    G.generic_only("prospero://h/p;;a=b", Rule::D06Fieldspec, 15);
}

// ------------------------------------------------------------------ the notes

#[test]
fn encoding_notes_follow_section_2_2() {
    let q = G.p("foo:a b%zz\x01\x7f\u{e9}<>\"#`!*'(),{}|\\^~[]=;$-_.+%41");
    assert_eq!(q.verdict, Verdict::Invalid);
    let got = |id| data(&q, id);
    assert_eq!(
        got("must-encode.space-or-percent"),
        Some(strings(&["%20", "%25"]))
    );
    assert_eq!(got("must-encode.control"), Some(strings(&["%01", "%7F"])));
    assert_eq!(got("must-encode.non-ascii"), Some(strings(&["%C3", "%A9"])));
    assert_eq!(
        got("should-encode.unsafe"),
        Some(strings(&["%3C", "%3E", "%22", "%23"]))
    );
    assert_eq!(
        got("should-encode.not-safe"),
        Some(strings(&[
            "%60", "%21", "%2A", "%27", "%28", "%29", "%2C", "%7B", "%7D", "%7C", "%5C", "%5E",
            "%7E", "%5B", "%5D"
        ]))
    );
    for n in &q.notes() {
        let must = n.id.starts_with("must-");
        assert_eq!(
            n.grade == crate::grammar::outcome::Grade::Must,
            must,
            "{}",
            n.id
        );
    }
    // A valid URL with national characters: allowed by the BNF, "not safe" by the prose.
    let q = G.valid("http://h/~a", Rule::D06Httpurl);
    assert_data(&q, "should-encode.not-safe", &["%7E"]);
    // Escapes are never reported, and neither are reserved characters.
    let q = G.valid("http://h/%7e;a=b?c", Rule::D06Httpurl);
    assert!(
        q.notes().iter().all(|n| n.id == "default-port"),
        "{:?}",
        q.notes()
    );
}

#[test]
fn scheme_name_notes() {
    let q = G.valid("x-foo:bar", Rule::D06Otherurl);
    assert!(q.note("experimental-scheme").is_some());
    for s in ["afs", "mid", "cid", "nfs", "tn3270", "mailserver", "z39.50"] {
        let built = format!("{s}:x");
        let q = G.valid(&built, Rule::D06Otherurl);
        assert!(q.note("reserved-scheme-name").is_some(), "{s}");
    }
    assert!(G.p("foo:x").notes().is_empty());
}

#[test]
fn default_ports() {
    for (input, port) in [
        ("ftp://h", "21"),
        ("http://h", "80"),
        ("gopher://h", "70"),
        ("nntp://h/g", "119"),
        ("telnet://h", "23"),
        ("wais://h/d", "210"),
        ("wais://h/d?s", "210"),
        ("wais://h/d/t/p", "210"),
        ("prospero://h/p", "1525"),
    ] {
        assert_eq!(
            data(&G.p(input), "default-port").as_deref(),
            Some(&[port.to_string()][..])
        );
    }
    assert!(G.p("file://h").note("default-port").is_none());
    assert!(G.p("news:a").note("default-port").is_none());
}

#[test]
fn notes_are_the_listed_ones_and_cited() {
    G.assert_every_note_added(&[
        "HTTP://h/",
        "foo:a b%zz\x01\u{e9}<`",
        "http://h/%2F",
        "ftp://h/a%2F",
        "ftp://h/a;type=a",
        "file://localhost/",
        "file:///x",
        "gopher://h",
        "gopher://h/1s%09q",
        "news:*",
        "prospero://h/a%3B",
        "http://u@h/",
        "x-a:b",
        "afs:b",
    ]);
}

// ------------------------------------------------------------------ the whole grammar

#[test]
fn the_library_keeps_this_grammar_apart_from_rfc_1738s() {
    // RFC 1738 removed national from unreserved.
    assert_dispatched(
        Document::Draft06,
        b"http://h/~a",
        Rule::D06Httpurl,
        Rule::D06Hostname,
    );
    let r = crate::parse(Document::Rfc1738.into(), b"http://h/~a");
    assert_eq!(r.verdict, Verdict::Invalid);
    let cov = assert_dispatched(
        Document::Draft06,
        b"http://h/",
        Rule::D06Httpurl,
        Rule::D06Hostname,
    );
    assert!(
        !cov.accepted(Rule::Hostname),
        "no RFC 1738 rule is recorded"
    );
}

/// Inputs between them make every rule of the draft accept and reject.
#[test]
fn every_rule_accepts_and_rejects_somewhere() {
    let inputs: &[&[u8]] = &[
        b"ftp://u:p@h.dom:21/a/b;type=d",
        b"ftp://h/a;type=x",
        b"ftp://u:p%@h/",
        b"ftp://u%@h/",
        b"ftp://h/a b",
        b"file://1.2.3.4/a",
        b"file:///a",
        b"http://h:x/a?b",
        b"http://h/a?b c",
        b"http://h/a b",
        b"http://1.2.3/",
        b"gopher://h/7s%09q%09+",
        b"gopher://h/ ",
        b"gopher://h/1a b",
        b"gopher://h/1%09a%09b c",
        b"mailto:a@b",
        b"mailto:",
        b"news:*",
        b"news:a.b",
        b"news:a@h",
        b"news:1@",
        b"nntp://h/g/1",
        b"nntp://h/g/x",
        b"telnet://h/",
        b"wais://h/d",
        b"wais://h/d?s",
        b"wais://h/d/t/p",
        b"wais://h/d;/t;/p;",
        b"prospero://h/p;a=b",
        b"prospero://h/p;a",
        b"prospero://h/p;a/=b",
        b"prospero://h/p;a=/",
        b"prospero://h/p/;",
        b"prospero://h/a b",
        b"http://h/~A",
        b"wais://h/d/t /p",
        b"wais://h/d/t/p q",
        b"HTTP://h/\x00<",
        b"a_b:",
        b":",
        b"foo:%4",
    ];
    G.assert_every_rule_accepts_and_rejects(&G.coverage(inputs), &[], &[]);
}

/// Every scheme production derives only what otherurl derives, and everything that
/// derives is made of xchar.
#[test]
fn any_bytes_get_an_answer() {
    let pieces: &[&[u8]] = &[
        b"a",
        b"Z",
        b"1",
        b".",
        b"-",
        b"_",
        b"+",
        b":",
        b"@",
        b"/",
        b"//",
        b"?",
        b"#",
        b";",
        b"=",
        b"&",
        b"%",
        b"%4",
        b"%41",
        b"%09",
        b"~",
        b"{",
        b"`",
        b" ",
        b"\xff",
        b"\x00",
        b"\xc3",
        b"http://",
        b"ftp://",
        b"file://",
        b"gopher://h/",
        b"news:",
        b"nntp://h/",
        b"telnet://",
        b"wais://h/",
        b"mailto:",
        b"prospero://h/",
        b";type=",
        b"1.2.3.4",
    ];
    let xchar = |b: &u8| {
        super::classes::UNRESERVED.contains(*b)
            || super::classes::RESERVED.contains(*b)
            || *b == b'%'
    };
    let mut rng = Xorshift(0x5eed_0006);
    for _ in 0..20_000 {
        let input = rng.pieces(pieces, 10);
        for reading in [Reading::Strict, Reading::SchemeCaseIgnore] {
            let q = G.assert_answer(&input, reading, xchar);
            if q.verdict == Verdict::Valid {
                let shown = String::from_utf8_lossy(&input);
                assert!(q.alternatives.contains(&Rule::D06Otherurl), "{shown:?}");
            }
        }
    }
    for b in 0u8..=255 {
        G.assert_answer(&[b], Reading::Strict, xchar);
        G.assert_answer(&[b'f', b':', b], Reading::Strict, xchar);
        let http = [b'h', b't', b't', b'p', b':', b'/', b'/', b, b'/', b];
        G.assert_answer(&http, Reading::Strict, xchar);
        let gopher = [b"gopher://h/1".as_slice(), &[b, b'%', b]].concat();
        let q = G.assert_answer(&gopher, Reading::Strict, xchar);
        assert_ne!(q.verdict, Verdict::NotDefined);
    }
    // Invalid UTF-8 is judged by its octets.
    let q = parse(b"foo:\xff\xfe", Reading::Strict);
    assert_eq!(q.verdict, Verdict::Invalid);
    assert_data(&q, "must-encode.non-ascii", &["%FF", "%FE"]);
    let q = parse(b"http://h/\x00", Reading::Strict);
    assert_data(&q, "must-encode.control", &["%00"]);
}
