//! Python: `urllib.parse`, the `rfc3986`, `yarl`, `hyperlink`, `uritools`, `rfc3987`
//! and `ada-url` packages (from the install command's virtual environment), and
//! Python 2's `urlparse` when `python2.7` is on PATH.

use super::entry::{AdapterKind, External};

/// `python3 SCRIPT`, needing the Python module `module` when one is named.
const fn python3(script: &'static str, module: Option<&'static str>) -> AdapterKind {
    AdapterKind::script("python3", script, module)
}

const PY_URLLIB: AdapterKind = python3("harness/adapters/python_urllib.py", None);

const PY_RFC3986: AdapterKind = python3("harness/adapters/python_rfc3986.py", Some("rfc3986"));

const PY_YARL: AdapterKind = python3("harness/adapters/python_yarl.py", Some("yarl"));

const PY_HYPERLINK: AdapterKind =
    python3("harness/adapters/python_hyperlink.py", Some("hyperlink"));

const PY_URITOOLS: AdapterKind = python3("harness/adapters/python_uritools.py", Some("uritools"));

const PY_RFC3987: AdapterKind = python3("harness/adapters/python_rfc3987.py", Some("rfc3987"));

const PY_ADA: AdapterKind = python3("harness/adapters/python_ada.py", Some("ada_url"));

/// Python 2.7's own `urlparse` module (no packages).
const PY2_URLPARSE: AdapterKind =
    AdapterKind::script("python2.7", "harness/adapters/python2_urlparse.py", None);

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
    External {
        name: "python-yarl",
        kind: PY_YARL,
        profile: None,
        install: "pip install yarl",
    },
    External {
        name: "python-hyperlink",
        kind: PY_HYPERLINK,
        profile: None,
        install: "pip install hyperlink",
    },
    External {
        name: "python-uritools",
        kind: PY_URITOOLS,
        profile: None,
        install: "pip install uritools",
    },
    External {
        name: "python-rfc3987",
        kind: PY_RFC3987,
        profile: None,
        install: "pip install rfc3987 regex",
    },
    External {
        name: "python-ada",
        kind: PY_ADA,
        profile: None,
        install: "pip install ada-url",
    },
    External {
        name: "python2-urlparse",
        kind: PY2_URLPARSE,
        profile: None,
        install: "apt-get install python2.7 (not in Debian 12; any python2.7 on PATH)",
    },
];
