//! The rows of the divergence table, `cases/divergences/README.md`, in its order, each
//! with the tag its cases carry (`row:<slug>`) and its heading. The evolution report
//! groups changes by these rows, the case loader refuses a `row:` tag that names none of
//! them, and `harness/tests/it/suite.rs` checks that this list is the table's and that
//! every row has cases.

/// One row of the divergence table.
pub struct Row {
    /// The tag is `row:` followed by this.
    pub slug: &'static str,
    /// The row's heading as the table prints it.
    pub title: &'static str,
}

impl Row {
    pub fn tag(&self) -> String {
        format!("row:{}", self.slug)
    }

    /// The section of the table the row is in: `1`, `1a`, `2`, `3`, `4`, `5`, `6` or `7`.
    pub fn section(&self) -> &'static str {
        self.slug.split('.').next().unwrap_or_default()
    }
}

/// The sections' titles, by number.
pub const SECTIONS: &[(&str, &str)] = &[
    ("1", "Character classes"),
    ("1a", "Per-character verdicts"),
    ("2", "Generic structure"),
    ("3", "Scheme-specific syntax"),
    ("4", "Relative / partial resolution"),
    ("5", "Establishing the base"),
    ("6", "Where a document contradicts itself"),
    ("7", "The URL Standard against RFC 3986"),
];

macro_rules! rows {
    ($($slug:literal => $title:literal,)*) => {
        /// Every row, in the table's order.
        pub const ROWS: &[Row] = &[$(Row { slug: $slug, title: $title },)*];
    };
}

rows! {
    "1.safe" => "safe",
    "1.extra" => "extra",
    "1.national" => "national",
    "1.delims" => "punctuation / delims",
    "1.reserved" => "reserved",
    "1.unreserved" => "unreserved / building blocks",
    "1.escape" => "escape",
    "1.must-encode" => "must-encode / excluded",
    "1a.space" => "space",
    "1a.dquote" => "\"",
    "1a.apostrophe" => "'",
    "1a.backtick" => "`",
    "1a.tilde" => "~",
    "1a.vline-etc" => "| { ^ [ \\",
    "1a.plus" => "+",
    "1a.equals" => "=",
    "1a.semicolon-colon" => "; :",
    "1a.always-allowed" => "@ & $ ! * ( ) , _",
    "1a.slash-question-in-query" => "/ or ? inside a query",
    "2.top-level" => "Top-level production / scheme rule",
    "2.url-prefix" => "\"URL:\" prefix",
    "2.fragment" => "Fragment",
    "2.host" => "host",
    "2.port" => "port",
    "2.user-password" => "user / password",
    "2.login-allowed" => "Where login is allowed",
    "2.reg-name" => "Registry-based authority (reg_name / reg-name)",
    "2.ip-literal" => "IP literals in host",
    "2.empty-path" => "Nothing after \"scheme:\" (empty opaque part / empty path)",
    "2.authority-end" => "Where the authority ends",
    "2.relative-colon" => "Colon in the first segment of a relative path",
    "2.query-only-reference" => "A reference that is only a query (?y)",
    "2.path-slash" => "The \"/\" before the path: part of the path or not",
    "3.ftp-path" => "ftp path",
    "3.ftp-typecode" => "ftp typecode",
    "3.ftp-etc-motd" => "ftp //etc/motd",
    "3.file" => "file",
    "3.http-path-search" => "http path / search",
    "3.plus-in-search" => "\"+\" in search",
    "3.gopher" => "gopher",
    "3.mailto" => "mailto",
    "3.news" => "news",
    "3.nntp" => "nntp",
    "3.telnet" => "telnet",
    "3.wais" => "wais",
    "3.prospero" => "prospero",
    "3.scheme-inventory" => "Scheme inventory",
    "4.defined" => "Defined?",
    "4.absolute-test" => "Absolute-vs-relative test",
    "4.base" => "Base",
    "4.inheritance" => "Scheme / host inheritance",
    "4.merge" => "Merge",
    "4.dot-segments" => "Dot segments",
    "4.dotdot-above-root" => "\"..\" above root",
    "4.params" => "; params",
    "4.query-only" => "?y",
    "4.empty-reference" => "Empty reference <>",
    "4.fragment-only" => "#s",
    "4.dots-after-query" => "Dots after ? / #",
    "4.loophole" => "Same-scheme loophole http:g",
    "4.trailing-slash" => "Trailing-slash advice",
    "4.empty-base-path" => "Merge with a base that has an authority and an empty path",
    "4.remove-dot-segments" => "Dot segments outside relative paths (remove_dot_segments)",
    "5.header-field" => "The header field that gives a message's base",
    "5.field-value" => "Whitespace, folding and letter case in the field",
    "5.multipart-heading" => "Base fields in a multipart heading",
    "5.base-element" => "HTML's BASE element",
    "5.default" => "The default base",
    "6.o93-host-part-end" => "draft-02: where the host part ends",
    "6.o93-dot-removal-slash" => "draft-02: \"/.\" removed with a slash the BNF requires",
    "6.o93-full-form-fragment" => "draft-02: the full-form test and the fragment-id",
    "6.f01-double-slash" => "draft-1996: a leading \"//\"",
    "6.merged-path-slash" => "A merged path that begins with \"/\"",
    "6.r2396-opaque-query" => "RFC 2396: a query after an opaque part",
    "6.r2396-empty-base-path" => "RFC 2396: no \"/\" between the authority and a merged path",
    "7.backslash" => "Backslash",
    "7.tab-newline" => "Tab and newline",
    "7.c0-space-trim" => "Leading and trailing C0 controls and spaces",
    "7.ipv4-numbers" => "IPv4 numbers",
    "7.dot-segments" => "Dot segments",
    "7.percent-encoding" => "Characters outside the grammar",
    "7.special-scheme-relative" => "A special scheme without \"//\"",
    "7.host-case-idna" => "Host case, IDNA, escapes",
    "7.port" => "Port",
    "7.empty-host" => "Empty host",
    "7.opaque-path" => "Opaque paths",
    "7.file" => "file URLs",
    "7.userinfo" => "Several \"@\"",
}

/// The row a tag names, if it names one.
pub fn by_tag(tag: &str) -> Option<&'static Row> {
    let slug = tag.strip_prefix("row:")?;
    ROWS.iter().find(|r| r.slug == slug)
}
