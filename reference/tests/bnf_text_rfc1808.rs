//! Every production of RFC 1808 Section 2.2 stands verbatim in the doc comment of the
//! function (or, for a character class, the constant) named after it.
//!
//! The productions come from `grammar/rfc1808-bnf.txt`, whose lines are the RFC's own
//! less the three spaces that indent its body; a production starts in column 0 and its
//! continuation lines are indented. One space more or less anywhere in a quote, or in the
//! grammar file, fails the test.

mod common;

use common::bnf;
use common::grammars::RFC1808 as GRAMMAR;

bnf::grammar_tests!(GRAMMAR);

/// Where the RFC text is beside the repository (`../shared`, as in CI), every production
/// line of the grammar file is a line of the RFC less its three-space indentation, and
/// the grammar file holds every line of the RFC's Section 2.2 BNF.
#[test]
fn the_grammar_file_lines_are_the_rfcs() {
    let Some(rfc) = bnf::shared_file("spec/ref/rfc1808.txt") else {
        return;
    };
    let body: Vec<&str> = rfc.lines().collect();
    let start = bnf::line_index(&body, "the BNF in the RFC", |l| {
        l.starts_with("   URL         = ")
    });
    let end = bnf::line_index(&body, "the BNF's last line", |l| {
        l.starts_with("   punctuation = ")
    });
    let rfc_lines: Vec<&str> = body[start..=end]
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.strip_prefix("   ").expect("indented by three spaces"))
        .collect();
    assert_eq!(GRAMMAR.text_lines(), rfc_lines);
}
