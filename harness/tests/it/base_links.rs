//! `urlcert base` and `urlcert links` on real documents: an HTML file, a MIME message,
//! standard input, every document side by side, and documents that cannot be read.
//! Expected values come from RFC 1808 Section 3 and Section 10 and the 1996 draft's
//! Section 5.

use crate::common;
use common::cli::{assert_refused, json_lines, strings_of_each, urlcert};

/// RFC 1808 Section 10's example document.
const EXAMPLE: &str = "<!doctype html public \"-//IETF//DTD HTML//EN\">\n<HTML><HEAD>\n<TITLE>An example HTML document</TITLE>\n<BASE href=\"http://www.ics.uci.edu/Test/a/b/c\">\n</HEAD><BODY>\n... <A href=\"../x\">a hypertext anchor</A> ...\n</BODY></HTML>\n";

/// A message whose top heading gives a base by both documents' fields, with two HTML
/// parts: one that inherits, one with its own BASE.
const MESSAGE: &str = "Content-Base: http://www.ics.uci.edu/Test/a/b/c\r\nBase: <URL:http://other.example/o/p>\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nContent-Type: text/html\r\n\r\n<a href=\"../x\">x</a>\r\n--b\r\nContent-Type: text/html\r\n\r\n<html><head><BASE HREF=\"http://base.example/q/r\"></head><body><A HREF=\"g\">g</A></body></html>\r\n--b--\r\n";

fn file(text: &str) -> tempfile::NamedTempFile {
    let mut f = tempfile::NamedTempFile::new().unwrap();
    std::io::Write::write_all(&mut f, text.as_bytes()).unwrap();
    f
}

#[test]
fn links_of_the_section_10_example_regardless_of_the_retrieval_url() {
    let f = file(EXAMPLE);
    let path = f.path().to_str().unwrap();
    for doc in ["rfc1808", "draft-1996"] {
        let out = urlcert(
            &[
                "links",
                "--doc",
                doc,
                "--retrieved-from",
                "http://elsewhere/p",
                "--json",
                path,
            ],
            None,
        );
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let lines = json_lines(&out);
        assert_eq!(lines.len(), 1);
        let l = &lines[0];
        assert_eq!(l["doc"], doc);
        assert_eq!(l["part"], "");
        assert_eq!(l["href"], "../x");
        assert_eq!(l["base"], "http://www.ics.uci.edu/Test/a/b/c");
        assert_eq!(l["source"], "content");
        assert_eq!(l["result"], "http://www.ics.uci.edu/Test/a/x");
    }
}

/// RFC 1808 reads `Base`, the 1996 draft `Content-Base`; each part takes the base of
/// the message that encloses it unless it has its own.
#[test]
fn links_of_a_message_under_each_document() {
    let f = file(MESSAGE);
    let path = f.path().to_str().unwrap();
    let results = |doc: &str| -> Vec<(String, String, String)> {
        let out = urlcert(&["links", "--doc", doc, "--json", path], None);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        json_lines(&out)
            .iter()
            .map(|l| {
                (
                    l["part"].as_str().unwrap().to_string(),
                    l["result"].as_str().unwrap().to_string(),
                    l["source"].as_str().unwrap().to_string(),
                )
            })
            .collect()
    };
    let pair = |p: &str, r: &str, s: &str| (p.to_string(), r.to_string(), s.to_string());
    assert_eq!(
        results("rfc1808"),
        [
            pair("1", "http://other.example/x", "encapsulating-entity"),
            pair("2", "http://base.example/q/g", "content")
        ]
    );
    assert_eq!(
        results("draft-1996"),
        [
            pair(
                "1",
                "http://www.ics.uci.edu/Test/a/x",
                "encapsulating-entity"
            ),
            pair("2", "http://base.example/q/g", "content")
        ]
    );
}

#[test]
fn base_names_the_layer_and_traces_every_step() {
    let out = urlcert(
        &["base", "--doc", "draft-1996", "--json", "-"],
        Some(MESSAGE.as_bytes()),
    );
    assert_eq!(out.status.code(), Some(0));
    let lines = json_lines(&out);
    let parts: Vec<&str> = lines.iter().map(|l| l["part"].as_str().unwrap()).collect();
    assert_eq!(parts, ["", "1", "2"]);
    let top = &lines[0];
    assert_eq!(top["base"], "http://www.ics.uci.edu/Test/a/b/c");
    assert_eq!(top["source"], "content");
    assert_eq!(top["section"], "5.1");
    let taken: Vec<&str> = top["steps"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["taken"] == true)
        .map(|s| s["section"].as_str().unwrap())
        .collect();
    assert_eq!(taken, ["5.1"]);
    let sections = strings_of_each(&top["steps"], "section");
    assert_eq!(sections, ["5.1", "5.1", "5.2", "5.3", "5.4"]);
    assert_eq!(top["notes"][0]["id"], "base.field-not-defined");
    assert_eq!(lines[1]["source"], "encapsulating-entity");

    let human = urlcert(&["base", "--doc", "rfc1808", "-"], Some(MESSAGE.as_bytes()));
    let text = String::from_utf8(human.stdout).unwrap();
    assert!(
        text.contains("rfc1808 top (multipart/mixed, line 1): base \"http://other.example/o/p\""),
        "{text}"
    );
    assert!(text.contains("note base.field-not-defined"), "{text}");
}

/// Exit status as `resolve`: 1 when some reference has no absolute form.
#[test]
fn exit_status_when_a_document_gives_no_result() {
    let page = "<a href=\"g\">x</a>";
    let out = urlcert(&["links", "--doc", "rfc3986"], Some(page.as_bytes()));
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("(no base)"));
    let out = urlcert(
        &[
            "links",
            "--doc",
            "rfc3986",
            "--application-default",
            "http://app/d/e",
        ],
        Some(page.as_bytes()),
    );
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("http://app/d/g"));
    let out = urlcert(
        &["links", "--doc", "rfc1738", "--json"],
        Some(page.as_bytes()),
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(json_lines(&out)[0]["verdict"], "not-defined");
}

#[test]
fn every_document_side_by_side() {
    let out = urlcert(
        &[
            "links",
            "--doc",
            "all",
            "--retrieved-from",
            "http://h/a/b#f",
        ],
        Some(b"<base href=\"x/y#z\"><a href=\"g\">"),
    );
    let text = String::from_utf8(out.stdout).unwrap();
    // RFC 3986 resolves a relative BASE and strips fragments; the others refuse it.
    assert!(text.contains("rfc1808      http://h/a/g"), "{text}");
    assert!(text.contains("*rfc3986      http://h/a/x/g"), "{text}");
    assert!(text.contains("rfc1738      (not defined)"), "{text}");
}

#[test]
fn a_document_that_cannot_be_read_is_named() {
    let broken =
        "Content-Type: multipart/mixed; boundary=b\n\n--b\nContent-Type: text/html\n\n<a href=g>\n";
    let out = urlcert(&["links", "--doc", "draft-1996"], Some(broken.as_bytes()));
    assert_refused(&out, &["urlcert links: standard input: line", "\"--b--\""]);
    let out = urlcert(&["base", "/nonexistent/file.eml"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/file.eml: cannot read"));
}

/// Bytes that are not UTF-8 stay in the answer as they are in human output (shown
/// escaped) and JSON (replaced), and nothing panics.
#[test]
fn bytes_that_are_not_utf8() {
    let page = b"<a href=\"\xff\xfe/g\">x</a>";
    let out = urlcert(
        &[
            "links",
            "--doc",
            "draft-1996",
            "--retrieved-from",
            "http://h/a/b",
            "--json",
        ],
        Some(page),
    );
    assert_eq!(out.status.code(), Some(0));
    let l = &json_lines(&out)[0];
    assert_eq!(l["result"], "http://h/a/\u{fffd}\u{fffd}/g");
    assert_eq!(l["href_hex"], "fffe2f67");
    assert_eq!(l["result_hex"], "687474703a2f2f682f612ffffe2f67");
}
