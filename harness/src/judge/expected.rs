//! The reference's answer as an expectation: what a document says of an input no case
//! states, so that any engine's answer to a generated input is judged by the same
//! judge as a case. Written once, for the fuzz campaign and the fuzz targets alike.

use crate::ask::{ParseAnswer, ReferenceAnswer};
use crate::case::{Expectation, ExpectedValue};
use std::borrow::Borrow;
use urlcert_reference::{Rule, Unresolvable, Value, Verdict};

/// The expectation `answer` makes; `None` for an answer no expectation can state (an
/// extraction, a normal form, a document's bases: campaigns never ask them).
pub fn of(answer: &ReferenceAnswer) -> Option<Expectation> {
    match answer {
        ReferenceAnswer::Parse(p) => Some(parse(p)),
        ReferenceAnswer::Resolve(r) => Some(Expectation {
            result: r
                .as_ref()
                .ok()
                .map(|r| String::from_utf8_lossy(&r.result).into_owned()),
            verdict: r.as_ref().err().map(|why| unresolvable(why).to_string()),
            ..Expectation::default()
        }),
        _ => None,
    }
}

/// A parse's verdict, rule and every string component (no model gives lists or
/// fields, and the judge by meaning skips them).
pub fn parse(p: &ParseAnswer) -> Expectation {
    parse_of(
        p.verdict,
        p.rule,
        p.components.iter().map(|(n, v)| (*n, v.as_ref())),
    )
}

/// As [`parse`], from a parse's verdict, rule and components, so that a caller holding
/// the reference's borrowed parse need not copy it into a [`ParseAnswer`] first.
pub fn parse_of<'v, V: Borrow<Value<'v>>>(
    verdict: Verdict,
    rule: Option<Rule>,
    components: impl Iterator<Item = (&'static str, Option<V>)>,
) -> Expectation {
    let mut e = Expectation {
        verdict: Some(verdict.id().to_string()),
        rule: Some(rule.map(|r| r.name().to_string())),
        ..Expectation::default()
    };
    for (name, v) in components {
        let value = match v.as_ref().map(Borrow::borrow) {
            None => None,
            Some(Value::Str(s)) => Some(ExpectedValue::Str(s.to_string())),
            Some(_) => continue,
        };
        e.components.insert(name.to_string(), value);
    }
    e
}

/// The verdict a resolution that gives no result stands for.
pub fn unresolvable(why: &Unresolvable) -> &'static str {
    match why {
        Unresolvable::NotDefined { .. } => "not-defined",
        Unresolvable::BaseNotAbsolute { .. } | Unresolvable::Failure { .. } => "invalid",
    }
}
