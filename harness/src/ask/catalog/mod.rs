//! The external adapters urlcert knows, one file per runtime, so that a runtime's
//! adapters are added in one place: its entries here, its programs in
//! `harness/adapters/`, its install step in `harness/adapters/install.d/`.

mod browsers;
mod c;
mod entry;
mod go;
mod jvm;
mod node;
mod perl;
mod php;
mod python;
mod ruby;

pub use entry::{AdapterKind, External};

/// Every runtime's entries, in the order `urlcert adapters` lists them.
pub const ALL: &[&[External]] = &[
    // one runtime per line
    python::ENTRIES,
    node::ENTRIES,
    c::ENTRIES,
    jvm::ENTRIES,
    go::ENTRIES,
    perl::ENTRIES,
    ruby::ENTRIES,
    php::ENTRIES,
    browsers::ENTRIES,
];
