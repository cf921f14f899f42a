//! The operations: what a case asks, and what an engine offers. The reference answers
//! every one; the adapter protocol carries three of them (`ADAPTERS.md`).

use serde::{Deserialize, Serialize};

/// An operation a case exercises and an engine may offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Operation {
    Parse,
    Resolve,
    /// Find the URLs in running text (the input), by the document's rules for URLs in
    /// context.
    Extract,
    /// The document's normal form of the input: the equivalences it states, applied.
    Normalize,
    /// The base of a document (the input) and of each of its parts, and which layer
    /// gave it.
    Base,
    /// Every reference in a document (the input) and its absolute form.
    Links,
}

impl Operation {
    /// Every operation, in the order the command line lists them.
    pub const ALL: [Operation; 6] = [
        Operation::Parse,
        Operation::Resolve,
        Operation::Extract,
        Operation::Normalize,
        Operation::Base,
        Operation::Links,
    ];

    /// The operations an adapter can offer: the ones the protocol carries. Extract,
    /// normalize and base are answered by the reference alone.
    pub const ON_THE_WIRE: [Operation; 3] =
        [Operation::Parse, Operation::Resolve, Operation::Links];

    /// Its name in case files, on the wire and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Operation::Parse => "parse",
            Operation::Resolve => "resolve",
            Operation::Extract => "extract",
            Operation::Normalize => "normalize",
            Operation::Base => "base",
            Operation::Links => "links",
        }
    }

    /// The operation of this name.
    pub fn named(name: &str) -> Option<Operation> {
        Operation::ALL.into_iter().find(|op| op.name() == name)
    }

    /// What it does, for the command line's list of values (`None` where the name says
    /// it).
    pub fn about(self) -> Option<&'static str> {
        match self {
            Operation::Parse | Operation::Resolve => None,
            Operation::Extract => Some(
                "Find the URLs in running text (the input), by the document's rules for URLs \
                 in context",
            ),
            Operation::Normalize => {
                Some("The document's normal form of the input: the equivalences it states, applied")
            }
            Operation::Base => Some(
                "The base of a document (the input) and of each of its parts, and which layer \
                 gave it",
            ),
            Operation::Links => {
                Some("Every reference in a document (the input) and its absolute form")
            }
        }
    }

    /// Can an adapter offer it?
    pub fn on_the_wire(self) -> bool {
        Operation::ON_THE_WIRE.contains(&self)
    }
}

impl std::fmt::Display for Operation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_name_reads_back_as_its_operation_and_serde_agrees() {
        for op in Operation::ALL {
            assert_eq!(Operation::named(op.name()), Some(op));
            let json = serde_json::to_string(&op).unwrap();
            assert_eq!(json, format!("\"{}\"", op.name()));
        }
        assert_eq!(Operation::named("Parse"), None);
    }
}
