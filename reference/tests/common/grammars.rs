//! Each document's grammar file, the sources that quote it and how it writes its
//! productions: the [`Grammar`] its `tests/bnf_text*.rs` checks.

use super::bnf::{self, Grammar, Notation};
use urlcert_reference::Document;

/// `tests/bnf_text.rs`.
pub const RFC1738: Grammar = Grammar {
    text: include_str!("../../grammar/rfc1738-bnf.txt"),
    sources: bnf::sources!("rfc1738":
        mod, generic, ip, ftp, file, http, gopher, mailto, news, nntp, telnet, wais, prospero,
        classes),
    notation: Notation::Rfc822 {
        from: Some("; The generic form"),
        blank_lines: true,
    },
    doc: Document::Rfc1738,
    count: 67,
    external: &[],
    item_examples: &[
        ("gopher+_string", "fn gopher_plus_string("),
        ("ip-schemepart", "fn ip_schemepart("),
        ("lowalpha", "const LOWALPHA: "),
    ],
};

/// `tests/bnf_text_draft02.rs`.
pub const DRAFT02: Grammar = Grammar {
    text: include_str!("../../grammar/draft-02-bnf.txt"),
    sources: bnf::sources!("draft02":
        mod, classes, generic, ip, http, ftp, afs, news, nntp, mailto, wais, prospero, telnet,
        gopher),
    notation: Notation::NoEquals { continued: true },
    doc: Document::Draft02,
    count: 58,
    external: &[],
    item_examples: &[("hostport", "fn hostport("), ("safe", "const SAFE: ")],
};

/// `tests/bnf_text_draft03.rs`.
pub const DRAFT03: Grammar = Grammar {
    text: include_str!("../../grammar/draft-03-bnf.txt"),
    sources: bnf::sources!("draft03":
        mod, classes, ip, path, http, ftp, afs, news, mail, wais, prospero, telnet, gopher),
    notation: Notation::NoEquals { continued: false },
    doc: Document::Draft03,
    count: 64,
    // The rules the BNF uses without defining them (RFC 822, RFC 1521) and the RFC 959
    // rules of the `draft-03@ftptype-prose` reading: in `rule.rs` after the BNF's own.
    external: &[
        "addr-spec",
        "local-part",
        "domain",
        "sub-domain",
        "domain-literal",
        "word",
        "atom",
        "quoted-string",
        "content-identifier",
        "msg-id",
        "type-code",
        "form-code",
        "byte-size",
    ],
    item_examples: &[
        ("alphanum2", "const ALPHANUM2: "),
        ("addr-spec", "fn addr_spec("),
        ("prefixedurl", "fn prefixedurl("),
    ],
};

/// `tests/bnf_text_draft06.rs`.
pub const DRAFT06: Grammar = Grammar {
    text: include_str!("../../grammar/draft-06-bnf.txt"),
    sources: bnf::sources!("draft06":
        mod, generic, ip, ftp, file, http, gopher, mailto, news, nntp, telnet, wais, prospero,
        classes),
    notation: Notation::Rfc822 {
        from: None,
        blank_lines: false,
    },
    doc: Document::Draft06,
    count: 61,
    external: &[],
    item_examples: &[
        ("gopher+_string", "fn gopher_plus_string("),
        ("encoded822addr", "fn encoded822addr("),
        ("unreserved", "const UNRESERVED: "),
    ],
};

/// `tests/bnf_text_draft1996.rs`.
pub const DRAFT1996: Grammar = Grammar {
    text: include_str!("../../grammar/draft-1996-bnf.txt"),
    sources: bnf::sources!("draft1996": mod, classes, generic, server, path),
    notation: Notation::Indented,
    doc: Document::Draft1996,
    count: 42,
    external: &[],
    item_examples: &[
        ("URL-reference", "fn url_reference("),
        ("absoluteURL", "fn absolute_url("),
        ("opaque-URL", "fn opaque_url("),
        ("net_path", "fn net_path("),
        ("reserved", "const RESERVED: "),
    ],
};

/// `tests/bnf_text_rfc1808.rs`.
pub const RFC1808: Grammar = Grammar {
    text: include_str!("../../grammar/rfc1808-bnf.txt"),
    sources: bnf::sources!("rfc1808": mod, classes, generic, net_loc, path),
    notation: Notation::Rfc822 {
        from: None,
        blank_lines: true,
    },
    doc: Document::Rfc1808,
    count: 30,
    external: &[],
    item_examples: &[
        ("URL", "fn url("),
        ("absoluteURL", "fn absolute_url("),
        ("generic-RL", "fn generic_rl("),
        ("net_loc", "fn net_loc("),
        ("reserved", "const RESERVED: "),
    ],
};

/// `tests/bnf_text_rfc2396.rs`.
pub const RFC2396: Grammar = Grammar {
    text: include_str!("../../grammar/rfc2396-bnf.txt"),
    sources: bnf::sources!("rfc2396": mod, classes, generic, authority, path),
    notation: Notation::Indented,
    doc: Document::Rfc2396,
    count: 40,
    // RFC 2732 Section 3 and RFC 2373 Appendix B, for the reading rfc2396@rfc2732.
    external: &["IPv6reference", "IPv6address", "hexpart", "hexseq", "hex4"],
    item_examples: &[
        ("URI-reference", "fn uri_reference("),
        ("absoluteURI", "fn absolute_uri("),
        ("hier_part", "fn hier_part("),
        ("IPv4address", "fn ipv4address("),
        ("uric_no_slash", "fn uric_no_slash("),
        ("reserved", "const RESERVED: "),
    ],
};

/// `tests/bnf_text_rfc3986.rs`.
pub const RFC3986: Grammar = Grammar {
    text: include_str!("../../grammar/rfc3986-abnf.txt"),
    sources: bnf::sources!("rfc3986": mod, classes, generic, authority, path),
    notation: Notation::Abnf,
    doc: Document::Rfc3986,
    count: 39,
    external: &[],
    item_examples: &[
        ("URI-reference", "fn uri_reference("),
        ("relative-ref", "fn relative_ref("),
        ("path-abempty", "fn path_abempty("),
        ("IPv6address", "fn ipv6address("),
        ("IPvFuture", "fn ipv_future("),
        ("dec-octet", "fn dec_octet("),
        ("absolute-URI", "fn absolute_uri("),
        ("sub-delims", "const SUB_DELIMS: "),
        ("HEXDIG", "const HEXDIG: "),
    ],
};
