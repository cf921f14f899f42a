//! `urlcert compare`: the documents as `trace` shows them, every parser asked beside
//! them, each parser's standing against every document, and bad input bounded and
//! escaped.

use crate::common::cli::urlcert;

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

const TWO: [&str; 4] = ["--adapter", "url", "--adapter", "fluent-uri"];

#[test]
fn the_documents_come_first_as_trace_shows_them_then_each_parser() {
    let input = "http://a/b/c?d#e";
    let trace = stdout(&urlcert(&["trace", input], None));
    let mut args = vec!["compare"];
    args.extend(TWO);
    args.push(input);
    let text = crate::common::cli::stdout_of(&args);
    assert!(text.starts_with(&trace), "{text}");
    let rest = &text[trace.len()..];
    assert!(
        rest.starts_with("parsers, each judged against every document's answer above:\n"),
        "{rest}"
    );
    for name in ["url", "fluent-uri"] {
        assert!(
            rest.lines()
                .any(|l| l.trim_start().starts_with(&format!("{name} "))),
            "{name}: {rest}"
        );
    }
}

#[test]
fn json_puts_every_document_in_one_standing_per_parser() {
    let mut args = vec!["compare", "--json", "--base", "http://a/b/c/d;p?q"];
    args.extend(TWO);
    args.push("../g");
    let out = urlcert(&args, None);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["input"], "../g");
    assert_eq!(v["base"], "http://a/b/c/d;p?q");
    // RFC 3986 Section 5.4.1: "../g" = "http://a/b/g".
    assert_eq!(v["documents"]["rfc3986"]["result"], "http://a/b/g");
    // URL Standard, #path-state: ".." shortens the path [b, c, d;p] to [b], then "g".
    assert_eq!(v["documents"]["url-standard"]["result"], "http://a/b/g");
    let parsers = v["parsers"].as_array().unwrap();
    assert_eq!(parsers.len(), 2, "{v}");
    for p in parsers {
        let mut docs: Vec<String> = Vec::new();
        for key in ["agrees", "inexpressible"] {
            docs.extend(
                p[key]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|d| d.as_str().unwrap().to_string()),
            );
        }
        docs.extend(
            p["differs"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| d["doc"].as_str().unwrap().to_string()),
        );
        docs.sort();
        // Every document that gives an answer is judged once; draft-03, draft-06 and RFC
        // 1738 define no relative form, so there is nothing to judge against.
        let mut want = vec![
            "draft-02",
            "draft-1996",
            "rfc1808",
            "rfc2396",
            "rfc3986",
            "url-standard",
        ];
        want.sort();
        assert_eq!(docs, want, "{p}");
        // A parser is "as" a document exactly when it gives that document's string.
        let gives = p["answer"] == "resolved to \"http://a/b/g\"";
        let agrees = p["agrees"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d == "rfc3986");
        assert_eq!(gives, agrees, "{p}");
    }
}

#[test]
fn hostile_and_huge_inputs_are_escaped_and_cut() {
    let hostile = "http://h/<script>alert(1)</script>\u{7}\u{202e}";
    let mut args = vec!["compare"];
    args.extend(TWO);
    args.push(hostile);
    let out = urlcert(&args, None);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(
        !text.contains('\u{7}') && !text.contains('\u{202e}'),
        "{text:?}"
    );
    // Over the bound, and under what one argument may hold (128 KiB on Linux).
    let huge = format!("http://h/{}", "a".repeat(100_000));
    let mut args = vec!["compare", "--json"];
    args.extend(TWO);
    args.push(&huge);
    let out = urlcert(&args, None);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["cut"], huge.len() - urlcert::show::compare::MAX_INPUT);
    assert_eq!(
        v["input"].as_str().unwrap().len(),
        urlcert::show::compare::MAX_INPUT
    );
}

#[test]
fn an_unknown_parser_is_a_usage_error_with_a_suggestion() {
    let out = urlcert(&["compare", "--adapter", "urll", "http://h/"], None);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("unknown adapter `urll`") && err.contains("`url`"),
        "{err}"
    );
}
