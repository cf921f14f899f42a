//! PHP: `parse_url` (parse only), from Debian's `php-cli`.

use super::entry::{AdapterKind, External};

pub const ENTRIES: &[External] = &[External {
    name: "php-parse-url",
    kind: AdapterKind::script("php", "harness/adapters/php_parse_url.php", None),
    profile: None,
    install: "apt-get install php-cli",
}];
