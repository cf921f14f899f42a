//! Every production of draft-03's "BNF for specific URL schemes" stands
//! verbatim in the doc comment of the function (or, for a character class, the
//! constant) named after it in `src/draft03/`.
//!
//! The productions come from `grammar/draft-03-bnf.txt`: one per line, the rule name,
//! one space, the body, exactly as the draft prints them. A doc comment quotes the whole
//! line in backticks, so one space more or less in a quote, or in the grammar file,
//! fails the test.

mod common;

use urlcert_reference::Document;

use common::bnf;
use common::grammars::DRAFT03 as GRAMMAR;

bnf::grammar_tests!(GRAMMAR);

/// Where the copy of the draft the project was given is beside the repository
/// (`../shared`, as in CI): the grammar file's productions, joined by single spaces, are
/// the draft's BNF section from "prefixedurl"
/// to "(end of URL BNF)", once its page headers are removed and "ur l" is read `url`
/// (the two repairs listed in `grammar/README.md`).
#[test]
fn the_grammar_file_is_the_drafts_bnf_section() {
    let Some(copy) = bnf::given_copy(Document::Draft03, "production prefixedurl") else {
        return;
    };
    let start = copy
        .find("production prefixedurl")
        .expect("the BNF section")
        + "production ".len();
    let end = copy.find(" (end of URL BNF)").expect("its end");
    let mut section = copy[start..end].to_string();
    for page in 13..=15 {
        let header =
            format!("Berners-Lee {page} RFC XXXX Uniform Resource Locators (URL) March 21 1994 ");
        assert!(section.contains(&header), "page header {page}");
        section = section.replace(&header, "");
    }
    let lines: Vec<String> = GRAMMAR
        .productions()
        .into_iter()
        .flat_map(|p| p.lines)
        .collect();
    let joined = lines
        .join(" ")
        .replacen("url httpaddress", "ur l httpaddress", 1);
    assert_eq!(joined, section);
}
