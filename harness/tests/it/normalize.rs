//! `urlcert normalize` and `op: normalize` cases as a user meets them: output fields,
//! exit codes, standard input, and the loader's and checker's messages.

use crate::common;

use common::cli::{
    assert_check_refuses, assert_run_fails, check_case_text, json_lines, line_reader, run_printed,
    spawn_urlcert, urlcert,
};
use std::io::Write;
use std::process::Stdio;

#[test]
fn normalize_prints_the_normal_form_and_every_step() {
    // RFC 3986 §6.2.2.1: "<HTTP://www.EXAMPLE.com/> is equivalent to
    // <http://www.example.com/>".
    let out = urlcert(&["normalize", "HTTP://www.EXAMPLE.com/"], None);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "\"HTTP://www.EXAMPLE.com/\" -> \"http://www.example.com/\""
    );
    assert_eq!(lines.len(), 5, "{text}");
    assert!(lines[1].starts_with("  6.2.2.1 "), "{text}");
    assert!(lines[1].ends_with("(RFC 3986 §6.2.2.1): \"http://www.example.com/\""));
    for (line, id) in lines[2..].iter().zip(["6.2.2.2", "6.2.2.3", "6.2.3"]) {
        assert!(line.trim_start().starts_with(id), "{text}");
        assert!(line.ends_with(": no change"), "{text}");
    }
}

#[test]
fn normalize_json_has_the_documented_fields() {
    // RFC 3986 §6.2.3: "http://example.com:80/" ... "the second URI above is the normal
    // form for the "http" scheme."
    let out = urlcert(&["normalize", "--json", "http://example.com:80/"], None);
    assert_eq!(out.status.code(), Some(0));
    let v = &json_lines(&out)[0];
    assert_eq!(v["doc"], "rfc3986");
    assert_eq!(v["input"], "http://example.com:80/");
    assert_eq!(v["result"], "http://example.com/");
    assert_eq!(v["error"], serde_json::Value::Null);
    let steps = v["steps"].as_array().unwrap();
    let ids: Vec<&str> = steps.iter().map(|s| s["step"].as_str().unwrap()).collect();
    assert_eq!(ids, ["6.2.2.1", "6.2.2.2", "6.2.2.3", "6.2.3"]);
    assert_eq!(steps[3]["changed"], true);
    assert_eq!(steps[3]["cite"], "RFC 3986 §6.2.3");
    assert_eq!(steps[3]["value"], "http://example.com/");
    assert_eq!(steps[0]["changed"], false);
    assert!(steps[0]["text"].is_string());
}

#[test]
fn normalize_exit_codes_and_reasons() {
    // A relative reference has no normal form (§6.1); the rest still get theirs.
    let out = urlcert(
        &["normalize", "--json", "http://a", "../g", "HTTP://a"],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    let v = json_lines(&out);
    assert_eq!(v.len(), 3);
    assert_eq!(v[1]["result"], serde_json::Value::Null);
    assert_eq!(v[1]["error"]["kind"], "invalid");
    assert!(v[1]["error"]["message"]
        .as_str()
        .unwrap()
        .contains("Section 6.1"));
    assert_eq!(v[1]["steps"], serde_json::json!([]));
    assert_eq!(v[2]["result"], "http://a/");

    // The October 1993 draft states no equivalence: not-defined, in its words.
    let out = urlcert(&["normalize", "--doc", "draft-02", "http://h/"], None);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("no normal form: draft-02 states no rule"),
        "{text}"
    );
    assert!(
        text.contains("\\\"official\\\" name") || text.contains("\"official\" name"),
        "{text}"
    );

    // Usage errors.
    for args in [
        &["normalize", "--doc", "rfc9999", "x:"][..],
        &["normalize", "--doc", "rfc3986@scheme-case-ignore", "x:"][..],
        &["normalize", "--bogus"][..],
    ] {
        assert_eq!(urlcert(args, None).status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn normalize_reads_stdin_line_by_line_under_any_document() {
    let out = urlcert(
        &["normalize", "--doc", "rfc2396", "--json"],
        Some(b"http://www.XEROX.com\r\nHTTP://h:80/%7e\n"),
    );
    assert_eq!(out.status.code(), Some(0));
    let v = json_lines(&out);
    // RFC 2396 §6: "<http://www.XEROX.com> is equivalent to <http://www.xerox.com>".
    assert_eq!(v[0]["input"], "http://www.XEROX.com");
    assert_eq!(v[0]["result"], "http://www.xerox.com");
    assert_eq!(v[1]["result"], "http://h/~");
    assert_eq!(v[1]["doc"], "rfc2396");

    // Bytes that are not UTF-8 are kept exactly in the *_hex fields.
    let out = urlcert(
        &["normalize", "--json", "--doc", "rfc3986"],
        Some(b"X:/\xff\n"),
    );
    let v = &json_lines(&out)[0];
    assert_eq!(v["input_hex"], "583a2fff");
    // Once the RFC 3986 grammar refuses the byte, there is no result to show.
    if !v["result"].is_null() {
        assert_eq!(v["result_hex"], "783a2fff");
    }
}

#[test]
fn normalize_answers_each_line_before_stdin_ends() {
    let mut child = spawn_urlcert(&["normalize", "--json"], Stdio::piped(), Stdio::null());
    let mut stdin = child.stdin.take().unwrap();
    let rx = line_reader(child.stdout.take().unwrap());
    for (sent, input) in [("HTTP://a\n", "HTTP://a"), ("foo:%7e\r\n", "foo:%7e")] {
        stdin.write_all(sent.as_bytes()).unwrap();
        stdin.flush().unwrap();
        let Ok(got) = rx.recv_timeout(std::time::Duration::from_secs(20)) else {
            let _ = child.kill();
            panic!("no answer to {sent:?} while stdin stays open");
        };
        let v: serde_json::Value = serde_json::from_str(&got).unwrap();
        assert_eq!(v["input"], input);
    }
    drop(stdin);
    assert_eq!(child.wait().unwrap().code(), Some(0));
}

#[test]
fn normalize_output_escapes_control_characters() {
    let out = urlcert(&["normalize", "foo:a\u{1b}[31m"], None);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains('\x1b'), "{text}");
    assert!(text.contains("\\u{1b}[31m"), "{text}");
}

const CASE: &str = include_str!("case_sets/normalize.case.yaml");

#[test]
fn normalize_cases_run_and_every_field_is_checked() {
    let (code, text) = run_printed(CASE);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("1 passed, 0 failed"), "{text}");

    for (from, to, diff) in [
        (
            "result: \"http://example.com/\"",
            "result: \"http://example.com\"",
            "+result: \"http://example.com/\"",
        ),
        (
            "steps: [\"6.2.2.1\", \"6.2.3\"]",
            "steps: [\"6.2.3\"]",
            "+steps: [6.2.2.1, 6.2.3]",
        ),
        (
            "equivalent: [\"http://example.com:80/\"]",
            "equivalent: [\"http://example.com:8080/\"]",
            "+equivalent[0]: \"http://example.com:8080/\"",
        ),
        (
            "different: [\"http://example.com/?\"]",
            "different: [\"http://Example.com:/\"]",
            "+different[0]: \"http://example.com/\"",
        ),
    ] {
        assert_run_fails(
            &CASE.replace(from, to),
            to,
            &["FAIL t.norm [rfc3986]", diff],
        );
    }

    // A verdict where there is a normal form, and the other way round.
    let (_, text) = run_printed(&CASE.replace(
        "      result: \"http://example.com/\"\n      steps: [\"6.2.2.1\", \"6.2.3\"]\n      equivalent: [\"http://example.com:80/\"]\n      different: [\"http://example.com/?\"]",
        "      verdict: invalid",
    ));
    assert!(text.contains("+verdict: a normal form"));
    let (_, text) =
        run_printed(&CASE.replace("input: \"HTTP://example.com\"", "input: \"//example.com\""));
    assert!(text.contains("+result: none: not an absolute URL"));
}

#[test]
fn normalize_cases_are_validated_when_loaded() {
    for (from, to, says) in [
        (
            "result: \"http://example.com/\"",
            "result: \"http://example.com/\"\n      verdict: invalid",
            "give either `result` or a `verdict`",
        ),
        (
            "steps: [\"6.2.2.1\", \"6.2.3\"]",
            "steps: [\"6.2.2.1\", \"5.2.4\"]",
            "unknown step `5.2.4` for rfc3986",
        ),
        (
            "different: [\"http://example.com/?\"]",
            "different: []",
            "an empty list checks nothing",
        ),
        (
            "different: [\"http://example.com/?\"]",
            "printed: \"http://example.com/\"",
            "expect.rfc3986.printed: belongs to resolve cases only",
        ),
        (
            "different: [\"http://example.com/?\"]",
            "urls: []",
            "belongs to extract cases only",
        ),
        (
            "op: normalize",
            "op: normalize\n  base: \"http://a/\"",
            "`base` belongs to resolve cases only",
        ),
        (
            "    rfc3986:\n",
            "    rfc2396: {result: \"http://example.com\"}\n    rfc3986:\n",
            "normal forms differ",
        ),
    ] {
        assert_check_refuses(&CASE.replace(from, to), to, says);
    }
    // `equivalent` and `different` belong to normalize cases.
    let parse = r#"cases:
- id: t.p
  op: parse
  input: "http://h/"
  cite: [{doc: rfc1738, section: "3.3"}]
  expect:
    rfc1738: {verdict: valid, equivalent: ["x"], different: ["y"]}
"#;
    let out = check_case_text(parse);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("equivalent: belongs to normalize cases only"),
        "{err}"
    );
    assert!(
        err.contains("different: belongs to normalize cases only"),
        "{err}"
    );
    // A divergence tag where the normal forms agree is refused too.
    let tagged = CASE.replace("  expect:", "  tags: [divergence]\n  expect:");
    let out = check_case_text(&tagged);
    assert!(String::from_utf8_lossy(&out.stderr).contains("no two documents' normal forms differ"));
}
