//! Browsers: each resolves a reference as a link under `<base href>`. Lynx and w3m list
//! a page's links resolved (`harness/adapters/lynx_links.py`, `w3m_links.py`); headless
//! Chromium gives the DOM's `a.href` (`harness/adapters/chromium_dom.py`), and answers
//! `links` too: a whole HTML document loaded as a page from its retrieval URL, every
//! URL-carrying attribute read back with the document's base URL. The adapters are
//! Python programs that run the browser; the browser missing makes the adapter
//! unavailable.

use super::entry::{AdapterKind, External};

pub const ENTRIES: &[External] = &[
    External {
        name: "lynx",
        kind: AdapterKind::script("python3", "harness/adapters/lynx_links.py", None),
        profile: None,
        install: "apt-get install lynx",
    },
    External {
        name: "w3m",
        kind: AdapterKind::script("python3", "harness/adapters/w3m_links.py", None),
        profile: None,
        install: "apt-get install w3m",
    },
    External {
        name: "chromium",
        kind: AdapterKind::script("python3", "harness/adapters/chromium_dom.py", None),
        profile: None,
        install: "apt-get install chromium",
    },
];
