//! Node.js: the built-in WHATWG `URL` class and legacy `url.parse`, and the npm
//! packages whatwg-url, uri-js, fast-uri, urijs and url-parse (installed into
//! `.deps/node_modules` by `harness/adapters/install node`). The programs share
//! `harness/adapters/_protocol.js`.

use super::entry::{AdapterKind, External};

/// The install command for the npm packages (all of them at once).
const NPM: &str = "bash harness/adapters/install node";

const fn node(script: &'static str, module: Option<&'static str>) -> AdapterKind {
    AdapterKind::script("node", script, module)
}

pub const ENTRIES: &[External] = &[
    External {
        name: "node-url",
        kind: node("harness/adapters/node_url.js", None),
        profile: None,
        install: "apt-get install nodejs",
    },
    External {
        name: "node-url-legacy",
        kind: node("harness/adapters/node_url_legacy.js", None),
        profile: None,
        install: "apt-get install nodejs",
    },
    External {
        name: "node-whatwg-url",
        kind: node("harness/adapters/node_whatwg_url.js", Some("whatwg-url")),
        profile: None,
        install: NPM,
    },
    External {
        name: "node-uri-js",
        kind: node("harness/adapters/node_uri_js.js", Some("uri-js")),
        profile: None,
        install: NPM,
    },
    External {
        name: "node-fast-uri",
        kind: node("harness/adapters/node_fast_uri.js", Some("fast-uri")),
        profile: None,
        install: NPM,
    },
    External {
        name: "node-urijs",
        kind: node("harness/adapters/node_urijs.js", Some("urijs")),
        profile: None,
        install: NPM,
    },
    External {
        name: "node-url-parse",
        kind: node("harness/adapters/node_url_parse.js", Some("url-parse")),
        profile: None,
        install: NPM,
    },
];
