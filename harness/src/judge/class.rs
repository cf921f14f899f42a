//! The class of one outcome, and one judged outcome: what every report counts by.

use serde::{Deserialize, Serialize};

/// The class of one outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Class {
    /// The answer means what the document says.
    Agree,
    /// Accepted where the document rejects, or the reverse.
    Verdict,
    /// Both accept, but a component differs (`Judged::component` names the first).
    Component,
    /// A resolution with a different result, or none where the document gives one;
    /// for a `links` case, a link whose href or absolute form differs.
    Resolution,
    /// The adapter cannot express the request, or its model cannot say what the
    /// expectation asks.
    Unsupported,
    /// The adapter answered outside the protocol (garbage, oversized, stderr flood,
    /// early exit, spawn failure).
    AdapterError,
    Crash,
    Timeout,
}

/// One judged outcome.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Judged {
    pub class: Class,
    /// For `Component`: the document's name of the first component that differs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub component: Option<String>,
    /// What the document says, as one line.
    pub expected: String,
    /// What the adapter said, as one line.
    pub actual: String,
}
