//! C libraries, compiled on first use: uriparser and libcurl's URL API.

use super::entry::{AdapterKind, External};

const URIPARSER: AdapterKind = AdapterKind::C {
    source: "harness/adapters/uriparser.c",
    pkg: "liburiparser",
    binary: "uriparser",
};

const CURL: AdapterKind = AdapterKind::C {
    source: "harness/adapters/curl_url.c",
    pkg: "libcurl",
    binary: "curl_url",
};

pub const ENTRIES: &[External] = &[
    External {
        name: "uriparser",
        kind: URIPARSER,
        profile: None,
        install: "apt-get install liburiparser-dev",
    },
    External {
        name: "uriparser@identical-scheme-compat",
        kind: URIPARSER,
        profile: Some("--identical-scheme-compat"),
        install: "apt-get install liburiparser-dev",
    },
    External {
        name: "curl",
        kind: CURL,
        profile: None,
        install: "apt-get install libcurl4-openssl-dev",
    },
    External {
        name: "curl@non-support-scheme",
        kind: CURL,
        profile: Some("--non-support-scheme"),
        install: "apt-get install libcurl4-openssl-dev",
    },
    External {
        name: "curl@allow-space",
        kind: CURL,
        profile: Some("--allow-space"),
        install: "apt-get install libcurl4-openssl-dev",
    },
    External {
        name: "curl@guess-scheme",
        kind: CURL,
        profile: Some("--guess-scheme"),
        install: "apt-get install libcurl4-openssl-dev",
    },
];
