//! Every production of draft-ietf-uri-url-06 Section 5 (`grammar/draft-06-bnf.txt`)
//! stands verbatim in the doc comment of the function (or, for a character class, the
//! constant) named after it in `src/draft06/`.
//!
//! The grammar file holds only productions (starting in column 0, continuation lines
//! indented by spaces) and comment lines starting with ";". A one-line production is
//! quoted in backticks, a longer one in a ```` ```text ```` block, line for line, so one
//! space more or less anywhere fails the test.

mod common;

use common::bnf;
use common::grammars::DRAFT06 as GRAMMAR;

bnf::grammar_tests!(GRAMMAR);

/// Where the clean text is beside the repository (`../shared`, as in CI), each production
/// is the document's, with only the layout changes `grammar/README.md` lists: the
/// section's three-column indentation, tabs and trailing spaces.
#[test]
fn the_productions_are_the_documents() {
    let Some(text) = bnf::shared_file("spec/ref/draft-ietf-uri-url-06.txt") else {
        return;
    };
    let start = text.find("\n   url            =").expect("Section 5");
    let end = text.find("\n6. Security").expect("Section 6");
    let doc_lines: Vec<String> = text[start..end]
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let expanded = l.replace('\t', "        ");
            expanded
                .trim_end()
                .strip_prefix("   ")
                .unwrap_or("")
                .to_string()
        })
        .collect();
    // The file has no blank lines (a bare ";" separates groups of productions).
    assert_eq!(GRAMMAR.text_lines(), doc_lines);
}
