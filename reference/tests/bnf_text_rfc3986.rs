//! Every rule of RFC 3986 Appendix A, and the three RFC 5234 core rules it uses, stands
//! verbatim in the doc comment of the function (or, for a class of single characters,
//! the constant) named after it.
//!
//! The rules come from `grammar/rfc3986-abnf.txt`, whose lines are the RFC's own less
//! the three spaces that indent its body (the core rules: RFC 5234's less nine); a rule
//! starts in column 0 and its continuation lines, comment lines among them, are
//! indented. One space more or less anywhere in a quote, or in the grammar file, fails
//! the test.

mod common;

use urlcert_reference::rfc3986::notes;
use urlcert_reference::{note_ids, parse, Document};

use common::bnf;
use common::grammars::RFC3986 as GRAMMAR;

bnf::grammar_tests!(GRAMMAR);

/// Appendix A's lines, from its first rule to its last, less their indentation, with
/// the page break that falls inside (footer, form feed, header and their blank lines)
/// as one blank line.
fn appendix_a(rfc: &str) -> Vec<String> {
    let lines: Vec<&str> = rfc.lines().collect();
    let start = bnf::line_index(&lines, "Appendix A", |l| {
        l.starts_with("   URI           = ")
    });
    let end = bnf::line_index(&lines, "Appendix B", |l| l.starts_with("Appendix B."));
    let mut out: Vec<String> = Vec::new();
    for l in &lines[start..end] {
        let page_break =
            l.starts_with("Berners-Lee") || l.starts_with("RFC 3986") || l.contains('\u{c}');
        if page_break {
            continue;
        }
        // A run of blank lines (only the page break makes one) is one.
        if l.trim().is_empty() {
            if out.last().is_some_and(|x| !x.is_empty()) {
                out.push(String::new());
            }
            continue;
        }
        out.push(
            l.strip_prefix("   ")
                .expect("indented by three spaces")
                .to_string(),
        );
    }
    while out.last().is_some_and(String::is_empty) {
        out.pop();
    }
    out
}

/// Where the RFC's text is beside the repository (`../shared`, as in CI), the grammar
/// file's Appendix A part is the RFC's Appendix A line for line, as described above.
#[test]
fn the_grammar_file_is_appendix_a() {
    let Some(rfc) = bnf::shared_file("spec/ref/rfc3986.txt") else {
        return;
    };
    let file: Vec<&str> = GRAMMAR.text.lines().collect();
    let from = bnf::line_index(&file, "the first rule", |l| l.starts_with("URI "));
    let to = bnf::line_index(&file, "the core rules' header", |l| {
        l.starts_with("; Not part of RFC 3986")
    });
    let mut ours: Vec<String> = file[from..to].iter().map(|l| l.to_string()).collect();
    while ours.last().is_some_and(String::is_empty) {
        ours.pop();
    }
    assert_eq!(ours, appendix_a(&rfc));
}

/// Where the RFC's text is beside the repository, each note's text quotes it: every
/// part in double quotes of a note's text is in the RFC, spaces aside.
#[test]
fn the_notes_quote_the_rfc() {
    let Some(rfc) = bnf::shared_file("spec/ref/rfc3986.txt") else {
        return;
    };
    let squash = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    // The RFC's lines joined, less the page footers and headers; a word hyphenated at a
    // line's end ("case-" then "insensitive") is joined without a space.
    let page = |l: &&str| {
        l.starts_with("Berners-Lee, et al.") || l.starts_with("RFC 3986  ") || l.contains('\u{c}')
    };
    let mut body = String::new();
    for line in rfc
        .lines()
        .filter(|l| !page(l))
        .map(str::trim)
        .filter(|l| !l.is_empty())
    {
        let hyphenated = body.ends_with('-')
            && body[..body.len() - 1].ends_with(|c: char| c.is_ascii_alphabetic());
        if !body.is_empty() && !hyphenated {
            body.push(' ');
        }
        body.push_str(&squash(line));
    }
    assert_eq!(note_ids(Document::Rfc3986), notes::IDS);
    let inputs = [
        "HTTP://h.EXAMPLE:/%7e%00",
        "http://u:p@[v1.x]/a/../b",
        "http://127.1/",
        "http://%FF/",
        "#f",
        "1a:b",
        "\u{e9}",
    ];
    let long = format!("http://{}/", "a".repeat(300));
    let mut seen = Vec::new();
    for input in inputs.iter().copied().chain([long.as_str()]) {
        for n in parse(Document::Rfc3986.into(), input.as_bytes()).notes() {
            seen.push(n.id);
            // The quotations are the parts between `"` and `" (`, `" [...]` or the end.
            for quote in n.text.split(" [...] ") {
                let quote = quote.split("\" (§").next().unwrap_or(quote);
                for part in quote.split("\"; \"") {
                    let part = part.trim_matches('"').replace("\\\"", "\"");
                    assert!(
                        body.contains(&squash(&part)),
                        "{}: not in the RFC: {part:?}",
                        n.id
                    );
                }
            }
        }
    }
    for id in notes::IDS {
        assert!(seen.contains(id), "{id}: no input gave it");
    }
}
