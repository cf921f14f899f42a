//! The external adapters urlcert knows, one file per runtime, so that a runtime's
//! adapters are added in one place: its entries here, its programs in
//! `harness/adapters/`, its install step in `harness/adapters/install.d/`.

mod browsers;
mod c;
mod node;
mod python;

/// Every runtime's entries, in the order `urlcert adapters` lists them.
pub const ALL: &[&[External]] = &[
    // one runtime per line
    python::ENTRIES,
    node::ENTRIES,
    c::ENTRIES,
    browsers::ENTRIES,
];

/// How an external adapter runs.
#[derive(Clone, Copy)]
pub enum Kind {
    /// `RUNTIME SCRIPT`, optionally needing a module the runtime imports.
    Script {
        runtime: &'static str,
        script: &'static str,
        /// A module the runtime must load: Python imports it, Node resolves it (from
        /// the install command's `node_modules` too). The runtime is Python from the
        /// install command's virtual environment when there is one.
        module: Option<&'static str>,
    },
    /// A C program compiled with `cc` against a library found by `pkg-config`.
    C {
        source: &'static str,
        pkg: &'static str,
        binary: &'static str,
    },
}

/// One external adapter or profile.
pub struct External {
    pub name: &'static str,
    pub kind: Kind,
    /// The extra argument a profile passes.
    pub profile: Option<&'static str>,
    pub install: &'static str,
}
