//! What a scheme production (or a generic one) matched, in every grammar.

use crate::grammar::outcome::Ambiguities;
use crate::grammar::rule::Rule;

/// What a scheme production (or `otherurl`) matched: the production and its
/// ambiguities. Its components are written into the context as they are found
/// (`Cx::put`), so a match stays small to return.
pub struct Match {
    pub rule: Rule,
    pub ambiguities: Ambiguities,
}

impl Match {
    pub fn new(rule: Rule) -> Match {
        Match {
            rule,
            ambiguities: Ambiguities::new(),
        }
    }
}
