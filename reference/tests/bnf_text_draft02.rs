//! Every production of the October 1993 draft's "BNF syntax" (as transcribed in
//! `grammar/draft-02-bnf.txt`) stands verbatim in the doc comment of the function (or, for
//! a character class, the constant) named after it in `src/draft02/`.
//!
//! The grammar file holds one production per line, in the draft's own notation: the rule
//! name, a space, the definition (no "="); a line that starts with spaces continues the
//! production above it; lines starting with ";" are comments.

mod common;

use urlcert_reference::Document;

use common::bnf;
use common::grammars::DRAFT02 as GRAMMAR;

bnf::grammar_tests!(GRAMMAR);

/// Each line of a production is in the draft's BNF section as printed, except for the
/// repairs listed in `grammar/README.md` (checked against the copy the project was given,
/// where `../shared` is beside the repository).
#[test]
fn productions_come_from_the_draft() {
    let Some(copy) = bnf::given_copy(Document::Draft02, "fragmentaddress uri") else {
        return;
    };
    // The BNF section, its lines joined with single spaces, page headers removed.
    let start = copy.find("fragmentaddress uri").expect("the BNF section");
    let end = copy
        .find("Wrappers for URIs in plain text")
        .expect("its end");
    let body: Vec<&str> = copy[start..end]
        .lines()
        .filter(|l| {
            !(l.starts_with("Berners-Lee")
                || l.trim() == "RFC"
                || l.starts_with("RFC XXXX")
                || l.starts_with("XXXX Uniform")
                || l.trim().parse::<u32>().is_ok())
        })
        .collect();
    let joined = format!(" {} ", body.join(" "));
    // The repairs: `grammar/README.md`, "draft-02-bnf.txt".
    let repaired = joined
        .replace(" ur l ", " url ")
        .replace(" 0 |1 |", " digit 0 |1 |")
        .replace(
            "xpalphas xpalpha [ xpalpha ]",
            "xpalphas xpalpha [ xpalphas ]",
        );
    for bnf::Production { name, lines } in GRAMMAR.productions() {
        let text = format!(" {} ", lines.join(" "));
        assert!(
            repaired.contains(&text),
            "{name}: {text:?} is not in the draft"
        );
    }
}
