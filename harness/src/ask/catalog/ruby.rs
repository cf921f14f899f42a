//! Ruby: the standard library's `URI`, and the `addressable` gem from Debian's
//! `ruby-addressable` (`--addressable`; without the gem the script exits 3).

use super::entry::{AdapterKind, External};

const RUBY: AdapterKind = AdapterKind::script("ruby", "harness/adapters/ruby_uri.rb", None);

pub const ENTRIES: &[External] = &[
    External {
        name: "ruby-uri",
        kind: RUBY,
        profile: None,
        install: "apt-get install ruby",
    },
    External {
        name: "ruby-addressable",
        kind: RUBY,
        profile: Some("--addressable"),
        install: "apt-get install ruby-addressable",
    },
];
