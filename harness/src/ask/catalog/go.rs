//! Go: the standard library's `net/url`, built with `go build` on first use.

use super::entry::{External, Kind};

pub const ENTRIES: &[External] = &[External {
    name: "go-net-url",
    kind: Kind::Go {
        source: "harness/adapters/go_url.go",
        binary: "go_url",
    },
    profile: None,
    install: "apt-get install golang-go",
}];
