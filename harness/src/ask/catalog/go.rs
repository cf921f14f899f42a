//! Go: the standard library's `net/url`, built with `go build` on first use.

use super::entry::{AdapterKind, External};

pub const ENTRIES: &[External] = &[External {
    name: "go-net-url",
    kind: AdapterKind::Go {
        source: "harness/adapters/go_url.go",
        binary: "go_url",
    },
    profile: None,
    install: "apt-get install golang-go",
}];
