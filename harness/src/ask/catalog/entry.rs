//! What the catalog says of one external adapter: how it runs, and what it needs.

/// How an external adapter runs.
#[derive(Clone, Copy)]
pub enum AdapterKind {
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
    /// A Java program (one source file, its public class `class`), compiled with
    /// `javac` on first use and run with `java -cp DIR CLASS`.
    Java {
        source: &'static str,
        class: &'static str,
    },
    /// A Go program (one source file, the standard library only), built with
    /// `go build` on first use.
    Go {
        source: &'static str,
        binary: &'static str,
    },
}

impl AdapterKind {
    /// `runtime script`, needing `module` when one is named (see [`AdapterKind::Script`]).
    pub(super) const fn script(
        runtime: &'static str,
        script: &'static str,
        module: Option<&'static str>,
    ) -> AdapterKind {
        AdapterKind::Script {
            runtime,
            script,
            module,
        }
    }
}

/// One external adapter or profile.
pub struct External {
    pub name: &'static str,
    pub kind: AdapterKind,
    /// The extra argument a profile passes.
    pub profile: Option<&'static str>,
    pub install: &'static str,
}
