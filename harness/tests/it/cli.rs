//! `urlcert parse`, `run` and `check` as a user meets them: output fields, exit codes,
//! standard input, and hostile strings.

use crate::common;

use common::cli::{
    assert_check_refuses, assert_refused, assert_run_fails, case_dir, check_case_text,
    first_json_line, json_lines, line_reader, run_printed, spawn_urlcert, strings_of_each, urlcert,
};
use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs urlcert with `args` and then `last`, an argument that need not be UTF-8.
#[cfg(unix)]
fn urlcert_raw(args: &[&str], last: &[u8]) -> Output {
    use std::os::unix::ffi::OsStrExt;
    Command::new(env!("CARGO_BIN_EXE_urlcert"))
        .args(args)
        .arg(std::ffi::OsStr::from_bytes(last))
        .output()
        .unwrap()
}

#[test]
fn parse_json_has_the_documented_fields() {
    let (code, v) = first_json_line(&["parse", "--json", "ftp://foo:@host.com/"]);
    assert_eq!(code, Some(0));
    assert_eq!(v["doc"], "rfc1738");
    assert_eq!(v["input"], "ftp://foo:@host.com/");
    assert_eq!(v["verdict"], "valid");
    assert_eq!(v["rule"], "ftpurl");
    // Section 3.1: user "foo" and an empty password.
    assert_eq!(v["components"]["user"], "foo");
    assert_eq!(v["components"]["password"], "");
    assert_eq!(v["error"], serde_json::Value::Null);
    assert!(v["notes"].is_array());
}

#[test]
fn invalid_input_exits_1_with_an_error_object() {
    let out = urlcert(&["parse", "--json", "http://h/", "http://a b/"], None);
    assert_eq!(out.status.code(), Some(1));
    let v = json_lines(&out);
    assert_eq!(v.len(), 2);
    assert_eq!(v[0]["verdict"], "valid");
    assert_eq!(v[1]["verdict"], "invalid");
    assert_eq!(v[1]["rule"], serde_json::Value::Null);
    assert_eq!(v[1]["error"]["offset"], 8);
    assert!(v[1]["error"]["rule"].is_string());
    assert!(v[1]["error"]["expected"].is_string());
}

#[test]
fn generic_only_exits_0() {
    // Section 3.3: "No user name or password is allowed."
    let (code, v) = first_json_line(&["parse", "--json", "http://user@host/"]);
    assert_eq!(code, Some(0));
    assert_eq!(v["verdict"], "generic-only");
    assert_eq!(v["rule"], "otherurl");
}

/// draft-03: the "URL:" prefix, a scheme its closed `url` list does not define, and
/// the mailto reading.
#[test]
fn draft03_parses_with_its_prefix_verdicts_and_readings() {
    let (code, v) = first_json_line(&[
        "parse",
        "--doc",
        "draft-03",
        "--json",
        "URL:ftp://info.cern.ch/pub/fileI",
    ]);
    assert_eq!(code, Some(0));
    assert_eq!(v["doc"], "draft-03");
    assert_eq!(v["verdict"], "valid");
    assert_eq!(v["rule"], "ftpaddress");
    assert_eq!(v["components"]["scheme"], "ftp");
    assert_eq!(v["components"]["path"], "pub/file");
    assert_eq!(v["components"]["ftptype"], "I");
    assert_eq!(v["ambiguities"][0]["rule"], "ftpaddress");
    // A scheme outside `url`: not-defined, exit 1, with the note on the missing prefix.
    let (code, v) = first_json_line(&["parse", "--doc", "draft-03", "--json", "file:///etc/motd"]);
    assert_eq!(code, Some(1));
    assert_eq!(v["verdict"], "not-defined");
    assert_eq!(v["components"]["scheme"], "file");
    assert_eq!(v["notes"][0]["id"], "prefix-missing");
    // `mailto::` as printed; one colon under the reading.
    let out = urlcert(&["parse", "--doc", "draft-03", "mailto:a@b"], None);
    assert_eq!(out.status.code(), Some(1));
    let out = urlcert(
        &[
            "parse",
            "--doc",
            "draft-03@mailto-single-colon",
            "mailto:a@b",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("draft-03@mailto-single-colon: valid (mailtoaddress)"),
        "{text}"
    );
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(
        urlcert(&["parse", "--doc", "rfc1739", "x:"], None)
            .status
            .code(),
        Some(2)
    );
    assert_eq!(urlcert(&["parse", "--bogus"], None).status.code(), Some(2));
}

#[test]
fn readings_are_chosen_with_at() {
    let strict = urlcert(&["parse", "--json", "HTTP://host/"], None);
    assert_eq!(json_lines(&strict)[0]["verdict"], "invalid");
    let ignore = urlcert(
        &[
            "parse",
            "--json",
            "--doc",
            "rfc1738@scheme-case-ignore",
            "HTTP://host/",
        ],
        None,
    );
    let v = &json_lines(&ignore)[0];
    assert_eq!(v["verdict"], "valid");
    assert_eq!(v["doc"], "rfc1738@scheme-case-ignore");
}

#[test]
fn stdin_gives_one_input_per_line_keeping_exact_bytes() {
    let out = urlcert(
        &["parse", "--json"],
        Some(b"news:*\r\nhttp://h/\xff\n\nmailto:a@b"),
    );
    let v = json_lines(&out);
    assert_eq!(v.len(), 4);
    assert_eq!(v[0]["input"], "news:*");
    assert_eq!(v[1]["input_hex"], "687474703a2f2f682fff");
    assert_eq!(v[1]["verdict"], "invalid");
    assert_eq!(v[2]["input"], "");
    assert_eq!(v[3]["input"], "mailto:a@b");
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn human_output_escapes_control_characters() {
    let out = urlcert(&["parse"], Some(b"http://h/\x1b[31m\x07<script>\n"));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains('\x1b') && !text.contains('\x07'), "{text}");
    assert!(text.contains("\\u{1b}[31m"), "{text}");
}

const CASE: &str = include_str!("case_sets/cli.case.yaml");

#[test]
fn run_passes_fails_and_refuses_bad_files_with_distinct_exit_codes() {
    let (code, text) = run_printed(CASE);
    assert_eq!(code, Some(0));
    assert!(text.contains("1 passed, 0 failed"));

    assert_run_fails(
        &CASE.replace("user: null", "user: \"\""),
        "user: \"\"",
        &[
            "FAIL t.one [rfc1738]",
            "-components.user: \"\"",
            "+components.user: null",
        ],
    );

    let out = check_case_text(&CASE.replace("op: parse", "op: parse\n  extra: 1"));
    assert_refused(
        &out,
        &["t.yaml:4:3: case `t.one`: ", "unknown field `extra`"],
    );
}

#[test]
fn resolve_json_has_the_documented_fields() {
    let base = "http://a/b/c/d;p?q";
    let out = urlcert(
        &["resolve", "--json", "--trace", "--base", base, "../g", "#s"],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let lines = json_lines(&out);
    let v = &lines[0];
    assert_eq!(v["doc"], "draft-1996");
    assert_eq!(v["base"], base);
    assert_eq!(v["input"], "../g");
    // Appendix C.1: "../g = http://a/b/g".
    assert_eq!(v["result"], "http://a/b/g");
    assert_eq!(v["current_document"], false);
    let steps = strings_of_each(&v["trace"], "step");
    assert_eq!(
        steps,
        ["1", "2", "2a", "2b", "2c", "3", "4", "5", "6", "6a", "6b", "6c", "6d", "7"]
    );
    let six_c = &v["trace"][11];
    assert_eq!(six_c["value"], "b/g");
    // Appendix C.1: "#s = (current document)#s".
    assert_eq!(lines[1]["result"], "http://a/b/c/d;p?q#s");
    assert_eq!(lines[1]["current_document"], true);
}

#[test]
fn resolve_reads_references_from_stdin_and_says_when_a_document_has_no_relative_form() {
    let out = urlcert(
        &[
            "resolve",
            "--doc",
            "rfc1808",
            "--base",
            "http://a/b/c/d;p?q",
        ],
        Some(b";x\r\n?y\n"),
    );
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    // RFC 1808 §5.1: ";x = http://a/b/c/d;x", "?y = http://a/b/c/d;p?y".
    assert!(text.contains("\";x\" -> \"http://a/b/c/d;x\""), "{text}");
    assert!(text.contains("\"?y\" -> \"http://a/b/c/d;p?y\""), "{text}");

    let (code, v) = first_json_line(&[
        "resolve",
        "--json",
        "--doc",
        "rfc1738",
        "--base",
        "http://a/",
        "g",
    ]);
    assert_eq!(code, Some(1));
    assert_eq!(v["result"], serde_json::Value::Null);
    assert_eq!(v["error"]["kind"], "not-defined");
    assert!(v["error"]["message"]
        .as_str()
        .unwrap()
        .contains("Relative links are not described in this document."));
}

#[test]
fn resolve_readings_and_bad_bases() {
    let out = urlcert(
        &[
            "resolve",
            "--doc",
            "draft-02@xxx-excludes-dots",
            "--base",
            "http://a/b/c/d;p?q",
            "../../../../g",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("\"http://a/../../g\""));

    let out = urlcert(&["resolve", "--base", "no/scheme", "g"], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("not an absolute URL"));

    let out = urlcert(
        &["resolve", "--doc", "draft-02@nope", "--base", "x:", "g"],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown reading"));
}

#[test]
fn resolve_output_escapes_control_characters() {
    let out = urlcert(
        &["resolve", "--trace", "--base", "http://a/b", "g\u{1b}[31m"],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    assert!(!out.stdout.contains(&0x1b), "{:?}", out.stdout);
}

#[test]
fn trace_gives_every_document_in_one_object() {
    let (code, v) = first_json_line(&["trace", "--json", "http://h?x"]);
    assert_eq!(code, Some(0));
    assert_eq!(v["input"], "http://h?x");
    assert_eq!(v["base"], serde_json::Value::Null);
    let docs = v["documents"].as_object().unwrap();
    let ids: Vec<&str> = docs.keys().map(String::as_str).collect();
    assert_eq!(
        ids,
        [
            "draft-02",
            "draft-03",
            "draft-06",
            "rfc1738",
            "rfc1808",
            "draft-1996",
            "rfc2396",
            "rfc3986",
            "url-standard"
        ]
    );
    for (id, d) in docs {
        assert!(d["verdict"].is_string(), "{id}: {d}");
        assert!(d["changed"].is_boolean(), "{id}: {d}");
    }
    // URL Standard, #host-state: the host ends at "?" too; the getters give the path "/"
    // a special URL has (#path-start-state) and the query with its "?" (#dom-url-search).
    let us = &docs["url-standard"];
    assert_eq!(us["verdict"], "valid");
    assert_eq!(us["components"]["href"], "http://h/?x");
    assert_eq!(us["components"]["hostname"], "h");
    assert_eq!(us["components"]["pathname"], "/");
    assert_eq!(us["components"]["search"], "?x");
    // RFC 1738 §5: "?" is no hostport character, so only otherurl matches; the 1996
    // draft's §4.3.1 takes "h?x" as the server, which fails, leaving opaque-URL.
    assert_eq!(docs["rfc1738"]["verdict"], "generic-only");
    assert_eq!(docs["draft-1996"]["rule"], "opaque-URL");
    assert_eq!(docs["draft-1996"]["components"]["server"], "h?x");
    // RFC 2396 §3.2 and RFC 3986 §3.2: the authority "is terminated by the next slash
    // ("/"), question-mark ("?"), or number sign ("#")": host "h", query "x".
    for id in ["rfc2396", "rfc3986"] {
        assert_eq!(docs[id]["verdict"], "valid", "{id}");
        assert_eq!(docs[id]["components"]["host"], "h", "{id}");
        assert_eq!(docs[id]["components"]["query"], "x", "{id}");
    }
}

/// cases/divergences/README.md §1a, row `~`: allowed unescaped only in draft-06
/// (national is unreserved there) and the 1996 draft (`mark`).
#[test]
fn trace_marks_each_document_whose_verdict_changes() {
    let out = urlcert(&["trace", "--json", "http://h/a~b"], None);
    let d = &json_lines(&out)[0]["documents"];
    let seen: Vec<(&str, bool)> = [
        "draft-02",
        "draft-03",
        "draft-06",
        "rfc1738",
        "rfc1808",
        "draft-1996",
        "rfc2396",
        "rfc3986",
    ]
    .iter()
    .map(|id| {
        (
            d[id]["verdict"].as_str().unwrap(),
            d[id]["changed"].as_bool().unwrap(),
        )
    })
    .collect();
    assert_eq!(
        seen,
        [
            ("invalid", false),
            ("invalid", false),
            ("valid", true),
            ("invalid", true),
            ("invalid", false),
            ("valid", true),
            // RFC 2396 §2.3 `mark` and RFC 3986 §2.3 `unreserved` keep "~"; each
            // answer is marked as changed all the same, its components being named by
            // its own grammar (`authority`, `reg-name`, a path with its "/").
            ("valid", true),
            ("valid", true)
        ]
    );
    assert_eq!(json_lines(&out)[0].get("input_hex"), None);
}

/// An input that is not UTF-8 is given exactly, as `input_hex`.
#[cfg(unix)]
#[test]
fn trace_gives_bytes_that_are_not_utf8_in_hex() {
    let raw = urlcert_raw(&["trace", "--json"], b"http://h/\xff");
    let v = &json_lines(&raw)[0];
    assert_eq!(v["input_hex"], "687474703a2f2f682fff");
    assert_eq!(v["documents"]["rfc1738"]["verdict"], "invalid");
}

#[test]
fn trace_with_a_base_resolves_under_every_document_and_marks_changes() {
    let base = "http://a/b/c/d;p?q";
    let out = urlcert(&["trace", "--json", "--base", base, ";x"], None);
    let v = &json_lines(&out)[0];
    assert_eq!(v["base"], base);
    let d = &v["documents"];
    // RFC 1808 §5.1: ";x = <URL:http://a/b/c/d;x>"; the 1996 draft's C.1:
    // ";x = http://a/b/c/;x".
    assert_eq!(d["rfc1808"]["result"], "http://a/b/c/d;x");
    assert_eq!(d["draft-1996"]["result"], "http://a/b/c/;x");
    // RFC 2396 C.1 and RFC 3986 5.4.1 print the same.
    assert_eq!(d["rfc2396"]["result"], "http://a/b/c/;x");
    assert_eq!(d["rfc3986"]["result"], "http://a/b/c/;x");
    assert_eq!(d["rfc1738"]["error"]["kind"], "not-defined");

    let out = urlcert(&["trace", "--base", base, ";x"], None);
    let text = String::from_utf8(out.stdout).unwrap();
    let marked: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with('*'))
        .map(|l| l.split_whitespace().nth(1).unwrap())
        .collect();
    // draft-03 gives no result where draft-02 gave one; rfc1808 gives one again, and
    // draft-1996 a different one.
    assert_eq!(marked, ["draft-03", "rfc1808", "draft-1996"], "{text}");
}

/// A reader that stops reading (`urlcert trace ... | head -c 10`) ends the output
/// quietly; it is not a panic.
#[test]
fn a_closed_stdout_is_not_a_panic() {
    for args in [
        &["trace", "--json", "ftp://h/a?b"][..],
        &["trace", "http://h/a~b"][..],
        &["evolution", "--out", "/nonexistent-dir-for-urlcert-test"][..],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_urlcert"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_ne!(out.status.code(), Some(101), "{args:?}");
    }
}

/// RFC 1738, APPENDIX, as printed.
const JIM_1738: &str = "      Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;\n      type=d> but you can probably pick it up from <URL:ftp://ds.in\n      ternic.net/rfc>.  Note the warning in <URL:http://ds.internic.\n      net/instructions/overview.html#WARNING>.";

#[test]
fn extract_reads_stdin_and_prints_one_line_per_url() {
    let out = urlcert(&["extract"], Some(JIM_1738.as_bytes()));
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    // "The whitespace should be ignored when extracting the URL."
    assert_eq!(
        lines[0],
        "33..83 <URL:...> \"ftp://info.cern.ch/pub/www/doc;type=d\""
    );
    assert!(lines[1].ends_with("<URL:...> \"ftp://ds.internic.net/rfc\""));
    // "the identifier would be placed within the brackets as well".
    assert!(lines[2].ends_with("\"http://ds.internic.net/instructions/overview.html#WARNING\""));
}

#[test]
fn extract_json_has_the_documented_fields() {
    let out = urlcert(&["extract", "--json"], Some(JIM_1738.as_bytes()));
    assert_eq!(out.status.code(), Some(0));
    let v = json_lines(&out);
    assert_eq!(v.len(), 3);
    assert_eq!(v[0]["doc"], "rfc1738");
    assert_eq!(v[0]["url"], "ftp://info.cern.ch/pub/www/doc;type=d");
    assert_eq!(v[0]["start"], JIM_1738.find("<URL:ftp://info").unwrap());
    assert_eq!(v[0]["end"], JIM_1738.find(" but").unwrap());
    assert_eq!(v[0]["wrapper"], "<URL:...>");
    assert_eq!(v[0]["alternatives"], serde_json::json!([]));
    assert_eq!(v[0]["hyphens"], serde_json::json!([]));
    assert!(v[0].get("url_hex").is_none());
}

#[test]
fn extract_gives_both_readings_of_a_hyphen_at_a_line_break() {
    let text = b"see <URL:http://www.example.com/long-\n      name.html> now";
    let out = urlcert(&["extract", "--json"], Some(text));
    let v = &json_lines(&out)[0];
    // "the hyphen may or may not actually be part of the URL".
    assert_eq!(v["url"], "http://www.example.com/long-name.html");
    assert_eq!(
        v["alternatives"],
        serde_json::json!(["http://www.example.com/longname.html"])
    );
    assert_eq!(v["hyphens"], serde_json::json!([36]));
    let out = urlcert(&["extract"], Some(text));
    let human = String::from_utf8(out.stdout).unwrap();
    assert!(
        human.contains(
            "\"http://www.example.com/long-name.html\" or \"http://www.example.com/longname.html\""
        ),
        "{human}"
    );
    // draft-06 has the whitespace sentence but not the hyphen one.
    let out = urlcert(&["extract", "--json", "--doc", "draft-06"], Some(text));
    assert_eq!(json_lines(&out)[0]["alternatives"], serde_json::json!([]));
}

#[test]
fn extract_documents_differ_on_the_same_text() {
    let o93 = b"Yes, Jim, I found it under <ftp://info.cern.ch/pub> but\nyou can probably pick it up from <ftp://ds.internic.net/rfc>.";
    // RFC 1738 recommends "<URL:" ... ">": no wrapper of its own here, so nothing.
    let out = urlcert(&["extract"], Some(o93));
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty());
    let out = urlcert(&["extract", "--json", "--doc", "draft-02"], Some(o93));
    let v = json_lines(&out);
    assert_eq!(v.len(), 2);
    assert_eq!(v[0]["doc"], "draft-02");
    assert_eq!(v[0]["url"], "ftp://info.cern.ch/pub");
    assert_eq!(v[0]["wrapper"], "<...>");
    // The 1996 draft: brackets and braces too, "with or (usually) without" the prefix.
    let out = urlcert(
        &["extract", "--json", "--doc", "draft-1996"],
        Some(b"[http://test.com/] or {http://test.com}"),
    );
    let wrappers: Vec<String> = json_lines(&out)
        .iter()
        .map(|v| v["wrapper"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(wrappers, ["[...]", "{...}"]);
}

#[test]
fn extract_keeps_invalid_utf8_exactly_and_escapes_control_characters() {
    let text = b"x <URL:http://h/\xff\x1b[31m> y";
    let out = urlcert(&["extract", "--json"], Some(text));
    assert_eq!(out.status.code(), Some(0));
    let v = &json_lines(&out)[0];
    assert_eq!(v["url_hex"], "687474703a2f2f682fff1b5b33316d");
    assert_eq!(v["start"], 2);
    assert_eq!(v["end"], text.len() - 2);
    let out = urlcert(&["extract"], Some(text));
    assert!(!out.stdout.contains(&0x1b), "{:?}", out.stdout);
    let human = String::from_utf8(out.stdout).unwrap();
    assert!(human.contains("\\u{1b}[31m"), "{human}");
    // Unbalanced brackets, NUL and nothing at all are no error.
    for text in [&b"<<<<URL:a\0b"[..], b"", b">>>"] {
        let out = urlcert(&["extract"], Some(text));
        assert_eq!(out.status.code(), Some(0));
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn extract_exit_codes() {
    // RFC 1808 has no rules for URLs in running text: no output, the reason on stderr.
    let out = urlcert(&["extract", "--doc", "rfc1808"], Some(b"<URL:http://a/>"));
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("rfc1808 gives no rule for URLs in running text"),
        "{err}"
    );
    let out = urlcert(&["extract", "--json", "--doc", "rfc1808"], Some(b""));
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    // Usage errors.
    assert_eq!(
        urlcert(&["extract", "--doc", "rfc1739"], Some(b""))
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        urlcert(&["extract", "--bogus"], Some(b"")).status.code(),
        Some(2)
    );
    assert_eq!(
        urlcert(&["extract", "extra-argument"], Some(b""))
            .status
            .code(),
        Some(2)
    );
    // A reading is accepted; readings do not change extraction.
    let out = urlcert(
        &["extract", "--json", "--doc", "rfc1738@scheme-case-ignore"],
        Some(b"<URL:HTTP://h/>"),
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(json_lines(&out)[0]["doc"], "rfc1738@scheme-case-ignore");
}

const EXTRACT_CASE: &str = include_str!("case_sets/cli.extract-case.yaml");

#[test]
fn extract_cases_run_and_are_checked() {
    let (code, text) = run_printed(EXTRACT_CASE);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("3 passed, 0 failed"));

    assert_run_fails(
        &EXTRACT_CASE.replace("end: 24", "end: 23"),
        "end: 23",
        &[
            "FAIL t.ctx [rfc1738]",
            "-urls[0].end: 23",
            "+urls[0].end: 24",
        ],
    );

    let (_, text) = run_printed(&EXTRACT_CASE.replace("{url: \"http://h/ab\"}, ", ""));
    assert!(text.contains("-urls.count: 1"), "{text}");
    assert!(text.contains("+urls.count: 2"), "{text}");

    for (from, to, says) in [
        (
            "wrapper: \"<...>\"",
            "wrapper: \"(...)\"",
            "unknown wrapper `(...)`",
        ),
        (
            "{verdict: not-defined}",
            "{verdict: invalid}",
            "verdict is `not-defined`",
        ),
        (
            "{verdict: not-defined}",
            "{result: x}",
            "expect.rfc1808.result: belongs to resolve and normalize cases only",
        ),
        ("end: 24", "end: 99", "past the end of the input"),
        ("start: 4", "start: 30", "`start` must come before `end`"),
        (
            "op: extract",
            "op: extract\n  base: \"http://a/\"",
            "`base` belongs to resolve cases only",
        ),
        (
            "urls: [{url: \"http://h/ab\"}",
            "urls: [{url: \"http://h/ab\", uri: x}",
            "unknown field `uri`",
        ),
    ] {
        assert_check_refuses(&EXTRACT_CASE.replace(from, to), to, says);
    }
    // `urls` belongs to extract cases only.
    let out = check_case_text(&CASE.replace("components: {user: null}", "urls: []"));
    assert!(String::from_utf8_lossy(&out.stderr).contains("belongs to extract cases only"));
}

#[test]
fn check_prints_a_duplicate_key_where_it_stands_and_exits_2() {
    let out = check_case_text(&CASE.replace("rule: ftpurl,", "rule: ftpurl, rule: fileurl,"));
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("t.yaml:7:45: case `t.one`: duplicate key `rule` in this mapping (first at line 7, column 31)"),
        "{err}"
    );
}

/// Right-to-left override and left-to-right isolate: on a terminal they reorder the
/// rest of the line.
const RLO: &str = "\u{202e}";
const LRI: &str = "\u{2066}";

fn no_raw_bidi(out: &[u8]) -> String {
    let text = String::from_utf8_lossy(out).into_owned();
    assert!(!text.contains(RLO) && !text.contains(LRI), "{text}");
    text
}

#[test]
fn terminal_output_shows_bidi_controls_escaped() {
    let input = format!("http://h/{RLO}gpj.exe{LRI}");
    for args in [
        vec!["parse", input.as_str()],
        vec!["trace", input.as_str()],
        vec![
            "resolve",
            "--trace",
            "--base",
            "http://a/b/c",
            input.as_str(),
        ],
        vec!["resolve", "--trace", "--base", "http://a/b/c", "g\u{202e}x"],
    ] {
        let out = urlcert(&args, None);
        let text = no_raw_bidi(&out.stdout);
        assert!(text.contains("\\u{202e}"), "{args:?}: {text}");
    }
    // An unknown key that holds one, in the loader's error.
    let dir = case_dir(&CASE.replace("op: parse", &format!("op: parse\n  x{RLO}y: 1")));
    let out = urlcert(&["check", "--cases", dir.path().to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(2));
    let err = no_raw_bidi(&out.stderr);
    assert!(err.contains("unknown field `x\\u{202e}y`"), "{err}");
}

#[test]
fn parse_and_resolve_answer_each_line_before_stdin_ends() {
    let wait = std::time::Duration::from_secs(20);
    for (args, lines) in [
        (
            &["parse", "--json"][..],
            [("http://h/\n", "http://h/"), ("ftp://h/x\r\n", "ftp://h/x")],
        ),
        (
            &["resolve", "--json", "--base", "http://a/b/c"][..],
            [("g\n", "g"), ("../x\r\n", "../x")],
        ),
    ] {
        let mut child = spawn_urlcert(args, Stdio::piped(), Stdio::null());
        let mut stdin = child.stdin.take().unwrap();
        let answers = line_reader(child.stdout.take().unwrap());
        for (sent, input) in lines {
            stdin.write_all(sent.as_bytes()).unwrap();
            stdin.flush().unwrap();
            // stdin is still open: the answer must come anyway.
            let got = answers.recv_timeout(wait);
            let Ok(got) = got else {
                let _ = child.kill();
                panic!("{args:?}: no answer to {sent:?} while stdin stays open");
            };
            let v: serde_json::Value = serde_json::from_str(&got).unwrap();
            assert_eq!(v["input"], input, "{args:?}");
        }
        drop(stdin);
        assert_eq!(child.wait().unwrap().code(), Some(0), "{args:?}");
    }
}

#[test]
fn a_long_input_on_stdin_gets_every_answer() {
    let n = 200_000;
    let mut input = String::with_capacity(n * 16);
    for i in 0..n {
        // Every 1000th is invalid under RFC 1738 (a space).
        if i % 1000 == 999 {
            input.push_str(&format!("http://h/{i} x\r\n"));
        } else {
            input.push_str(&format!("http://h/{i}\n"));
        }
    }
    let out = urlcert(&["parse", "--json"], Some(input.as_bytes()));
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), n);
    let last: serde_json::Value = serde_json::from_str(lines[n - 1]).unwrap();
    assert_eq!(last["input"], format!("http://h/{} x", n - 1));
    assert_eq!(last["verdict"], "invalid");
    let first: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
    assert_eq!(first["input"], "http://h/0");
}

#[cfg(unix)]
#[test]
fn check_ends_on_a_case_folder_with_links_back_to_itself() {
    let dir = case_dir(CASE);
    for link in ["l1", "l2"] {
        std::os::unix::fs::symlink(".", dir.path().join(link)).unwrap();
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_urlcert"))
        .args(["check", "--cases", dir.path().to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > std::time::Duration::from_secs(10) {
            let _ = child.kill();
            panic!("urlcert check still walking the folder after 10 s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    assert_refused(
        &out,
        &["l1: symbolic link loop: ", "l2: symbolic link loop: "],
    );
}
