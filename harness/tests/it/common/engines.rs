//! The in-process adapters as the tests check them: their names, models and versions.

#![allow(dead_code)]

use super::documented::documented;
use super::programs::locked_version;
use urlcert::ask::{Engine, Model};

/// Each name of `wanted` is among `names` (a registry's list, named `what`).
pub fn assert_listed(names: &[String], wanted: &[&str], what: &str) {
    for want in wanted {
        assert!(
            names.iter().any(|n| n == want),
            "{want} not in {what}: {names:?}"
        );
    }
}

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

/// `engine` (of the RFC 3986 model) splits RFC 3986 Section 3's example as the RFC does
/// (documented.yaml, `rfc3986-section-3`).
pub fn assert_splits_rfc3986_section_3(engine: &mut dyn Engine) {
    documented("rfc3986-section-3").check_engine(engine);
}
