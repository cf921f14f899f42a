//! Every production of draft-fielding-url-syntax-01 stands verbatim in the doc
//! comment of the function (or, for a character class, the constant) named after it.
//!
//! The productions come from `grammar/draft-1996-bnf.txt`, whose lines are the
//! draft's own; a doc comment quotes a production without the indentation of its first line
//! (continuation lines keep theirs relative to it), so one space more or less anywhere
//! in a quote, or in the grammar file, fails the test.

mod common;

use urlcert_reference::Document;

use common::bnf;
use common::grammars::DRAFT1996 as GRAMMAR;

bnf::grammar_tests!(GRAMMAR);

/// Where the copy of the draft the project was given is beside the repository
/// (`../shared`, as in CI), every line of the grammar file that is not a comment is a
/// line of the draft.
#[test]
fn the_grammar_file_lines_are_the_drafts() {
    let Some(copy) = bnf::given_copy(Document::Draft1996, "draft-fielding-url-syntax-01") else {
        return;
    };
    let copy_lines: std::collections::HashSet<&str> = copy.lines().collect();
    for line in GRAMMAR.text_lines() {
        assert!(
            copy_lines.contains(line),
            "not a line of draft-fielding-url-syntax-01: {line:?}"
        );
    }
}
