//! The names a case may use under each document: components and note ids. A name not
//! listed here is a typo, and the loader says so.

use urlcert_reference::Document;

/// RFC 1738 components: the BNF's own rule names (see `cases/README.md`).
const RFC1738_COMPONENTS: &[&str] = &[
    "scheme",
    "schemepart",
    "user",
    "password",
    "host",
    "port",
    "urlpath",
    "fpath",
    "fsegments",
    "ftptype",
    "hpath",
    "hsegments",
    "search",
    "gtype",
    "selector",
    "gopher+_string",
    "encoded822addr",
    "grouppart",
    "group",
    "article",
    "digits",
    "database",
    "wtype",
    "wpath",
    "ppath",
    "psegments",
    "fieldspecs",
];

const RFC1738_NOTES: &[&str] = &[
    "letter-case",
    "must-encode.control",
    "must-encode.non-ascii",
    "must-encode.unsafe",
    "default-port",
    "ftp.commands",
    "ftp.typecode-omitted",
    "file.local-machine",
    "gopher.default-type",
    "gopher.request",
    "news.all-groups",
    "escaped-reserved",
    "no-login",
    "experimental-scheme",
    "reserved-scheme-name",
];

pub fn components(doc: Document) -> &'static [&'static str] {
    match doc {
        Document::Rfc1738 => RFC1738_COMPONENTS,
        // The Section 4.3 split, by the draft's rule names.
        Document::Draft1996 => urlcert_reference::draft1996::COMPONENTS,
        // The Section 2.4 split, by the RFC's rule names.
        Document::Rfc1808 => urlcert_reference::rfc1808::COMPONENTS,
        // RFC 1738's names (the draft's BNF is RFC 1738's predecessor).
        Document::Draft06 => urlcert_reference::draft06::COMPONENTS,
        // The October 1993 draft's rule names (`cases/README.md`).
        Document::Draft02 => urlcert_reference::draft02::COMPONENTS,
        // The BNF's own rule names (contract: draft-02 / draft-03 components).
        Document::Draft03 => urlcert_reference::draft03::COMPONENTS,
    }
}

pub fn notes(doc: Document) -> &'static [&'static str] {
    match doc {
        Document::Rfc1738 => RFC1738_NOTES,
        Document::Draft1996 => urlcert_reference::draft1996::notes::IDS,
        Document::Rfc1808 => urlcert_reference::rfc1808::notes::IDS,
        Document::Draft06 => urlcert_reference::draft06::notes::IDS,
        Document::Draft02 => urlcert_reference::draft02::notes::IDS,
        Document::Draft03 => urlcert_reference::draft03::notes::IDS,
    }
}
