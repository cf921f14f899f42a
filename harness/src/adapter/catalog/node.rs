//! Node.js: the WHATWG `URL` class.

use super::{External, Kind};

const NODE_URL: Kind = Kind::Script {
    runtime: "node",
    script: "harness/adapters/node_url.js",
    module: None,
};

pub const ENTRIES: &[External] = &[External {
    name: "node-url",
    kind: NODE_URL,
    profile: None,
    install: "apt-get install nodejs",
}];
