//! Every production of RFC 1738 Section 5 stands verbatim in the doc comment of the
//! function (or, for a character class, the constant) named after it, and the grammar
//! file lists the rules of `rule.rs`'s `Rfc1738` group in order.
//!
//! The productions come from `grammar/rfc1738-bnf.txt`, from "; The generic form" on (the
//! header and the section's prose come before it).

mod common;

use common::bnf;
use common::grammars::RFC1738 as GRAMMAR;

bnf::grammar_tests!(GRAMMAR);
