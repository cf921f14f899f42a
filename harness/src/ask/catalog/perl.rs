//! Perl: CPAN's `URI` module (Debian `liburi-perl`). The script checks for the module
//! itself: without it, it says so and exits 3 before answering.

use super::entry::{AdapterKind, External};

pub const ENTRIES: &[External] = &[External {
    name: "perl-uri",
    kind: AdapterKind::script("perl", "harness/adapters/perl_uri.pl", None),
    profile: None,
    install: "apt-get install liburi-perl",
}];
