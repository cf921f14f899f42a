//! Every production of RFC 2396 Appendix A stands verbatim in the doc comment of the
//! function (or, for a character class, the constant) named after it.
//!
//! The productions come from `grammar/rfc2396-bnf.txt`, whose lines are the RFC's own,
//! indentation included; a doc comment quotes a production without the indentation of
//! its first line (continuation lines keep theirs relative to it), so one space more or
//! less anywhere in a quote, or in the grammar file, fails the test.

mod common;

use common::bnf;
use common::grammars::RFC2396 as GRAMMAR;

bnf::grammar_tests!(GRAMMAR);

/// Where the RFC text is beside the repository (`../shared`, as in CI), the grammar
/// file's heading and production lines are exactly Appendix A's lines, in order, but
/// the page break (its footer, form feed and header) and blank lines.
#[test]
fn the_grammar_file_lines_are_the_rfcs() {
    let Some(rfc) = bnf::shared_file("spec/ref/rfc2396.txt") else {
        return;
    };
    let body: Vec<&str> = rfc.lines().collect();
    let start = bnf::line_index(&body, "Appendix A in the RFC", |l| {
        l == "A. Collected BNF for URI"
    });
    let end = bnf::line_index(&body, "Appendix B in the RFC", |l| {
        l.starts_with("B. Parsing a URI Reference")
    });
    let page_break = |l: &&str| {
        l.starts_with("Berners-Lee, et. al.")
            || l.starts_with("RFC 2396 ")
            || l.starts_with('\u{c}')
    };
    let rfc_lines: Vec<&str> = body[start..end]
        .iter()
        .filter(|l| !l.trim().is_empty() && !page_break(l))
        .copied()
        .collect();
    assert_eq!(GRAMMAR.text_lines(), rfc_lines);
}
