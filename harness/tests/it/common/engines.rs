//! The in-process adapters as the tests check them: their names, models and versions.

#![allow(dead_code)]

use super::programs::locked_version;
use urlcert::ask::{Answer, Ask, Engine, Model};

/// Each adapter's name and model, in order.
pub fn names_and_models(adapters: &[Box<dyn Engine>]) -> Vec<(String, Model)> {
    adapters
        .iter()
        .map(|a| (a.info().name.clone(), a.info().model))
        .collect()
}

/// An in-process adapter's version: `constant`, the version its code names, is the one
/// Cargo.lock pins for the crate `krate`, and the adapter reports "krate constant".
pub fn assert_linked_version(krate: &str, constant: &str, reported: &str) {
    assert_eq!(
        constant,
        locked_version(krate),
        "update the version constant of {krate}"
    );
    assert_eq!(reported, format!("{krate} {constant}"));
}

/// RFC 3986 Section 3's example, and its components as the RFC splits it, in the
/// RFC 3986 model's names: every component given, none where the example has none.
pub const RFC3986_SECTION_3: (&str, &[(&str, Option<&str>)]) = (
    "foo://example.com:8042/over/there?name=ferret#nose",
    &[
        ("scheme", Some("foo")),
        ("userinfo", None),
        ("host", Some("example.com")),
        ("port", Some("8042")),
        ("path", Some("/over/there")),
        ("query", Some("name=ferret")),
        ("fragment", Some("nose")),
    ],
);

/// `engine` (of the RFC 3986 model) splits [`RFC3986_SECTION_3`]'s example as the RFC
/// does.
pub fn assert_splits_rfc3986_section_3(engine: &mut dyn Engine) {
    let (input, parts) = RFC3986_SECTION_3;
    let name = engine.info().name.clone();
    let Answer::Parsed { components } = engine.parse(input.as_bytes()) else {
        panic!("{name}: {input:?} not parsed")
    };
    for &(part, want) in parts {
        let got = components
            .get(part)
            .unwrap_or_else(|| panic!("{name}: no {part} in {components:?}"));
        assert_eq!(got.as_deref(), want, "{name}: {part}");
    }
}
