//! Python: `urllib.parse` and the `rfc3986` package.

use super::{External, Kind};

const PY_URLLIB: Kind = Kind::Script {
    runtime: "python3",
    script: "harness/adapters/python_urllib.py",
    module: None,
};

const PY_RFC3986: Kind = Kind::Script {
    runtime: "python3",
    script: "harness/adapters/python_rfc3986.py",
    module: Some("rfc3986"),
};

pub const ENTRIES: &[External] = &[
    External {
        name: "python-urllib",
        kind: PY_URLLIB,
        profile: None,
        install: "apt-get install python3",
    },
    External {
        name: "python-urllib@urlsplit",
        kind: PY_URLLIB,
        profile: Some("--urlsplit"),
        install: "apt-get install python3",
    },
    External {
        name: "python-rfc3986",
        kind: PY_RFC3986,
        profile: None,
        install: "pip install rfc3986",
    },
    External {
        name: "python-rfc3986@require-scheme",
        kind: PY_RFC3986,
        profile: Some("--require-scheme"),
        install: "pip install rfc3986",
    },
    External {
        name: "python-rfc3986@strict",
        kind: PY_RFC3986,
        profile: Some("--strict"),
        install: "pip install rfc3986",
    },
];
