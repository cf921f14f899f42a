//! Every production of RFC 1738 Section 5 stands verbatim in the doc comment of the
//! function (or, for a character class, the constant) named after it, and the grammar
//! file lists the rules of `rule.rs`'s `Rfc1738` group in order.
//!
//! The productions come from `grammar/rfc1738-bnf.txt`, from "; The generic form" on (the
//! header and the section's prose come before it).

mod common;

use common::bnf::{self, Grammar, Notation};
use urlcert_reference::Document;

const GRAMMAR: Grammar = Grammar {
    text: include_str!("../grammar/rfc1738-bnf.txt"),
    sources: bnf::sources!("rfc1738":
        mod, generic, ip, ftp, file, http, gopher, mailto, news, nntp, telnet, wais, prospero,
        classes),
    notation: Notation::Rfc822 {
        from: Some("; The generic form"),
        blank_lines: true,
    },
    doc: Document::Rfc1738,
    count: 67,
    external: &[],
    item_examples: &[
        ("gopher+_string", "fn gopher_plus_string("),
        ("ip-schemepart", "fn ip_schemepart("),
        ("lowalpha", "const LOWALPHA: "),
    ],
};

bnf::grammar_tests!(GRAMMAR);
