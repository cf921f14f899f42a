//! A case as the request it puts to an engine: written once, for the reference and
//! every parser alike.

use super::{Case, Operation};
use crate::ask::Request;

impl Case {
    /// Hands the case's question to `f` as a [`Request`]: its input (and base) as they
    /// are; for a `base` or `links` case, its document with the line ends it states and
    /// its retrieval context.
    pub fn with_request<T>(&self, f: impl FnOnce(&Request) -> T) -> T {
        let input = self.input.as_bytes();
        match self.op {
            Operation::Parse => f(&Request::Parse { input }),
            Operation::Resolve => f(&Request::Resolve {
                base: self.base.as_deref().unwrap_or_default().as_bytes(),
                reference: input,
            }),
            Operation::Extract => f(&Request::Extract { text: input }),
            Operation::Normalize => f(&Request::Normalize { input }),
            Operation::Base | Operation::Links => {
                let document = self.document();
                let context = self.context();
                let format = self.format.unwrap_or_default();
                f(&match self.op {
                    Operation::Links => Request::Links {
                        document: &document,
                        format,
                        context: &context,
                    },
                    _ => Request::Base {
                        document: &document,
                        format,
                        context: &context,
                    },
                })
            }
        }
    }
}
