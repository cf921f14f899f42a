//! One table per document: what the oracle needs that the BNF does not say.
//!
//! A grammar file says which strings each rule derives. It does not say which rule an
//! input is judged by, how a verdict follows from which rules match, what a rule the
//! BNF uses but leaves to another document (RFC 822's `addr-spec`) derives, or how a
//! reading changes a production. Each [`Table`] says exactly that, citing the text, and
//! nothing else: the grammar files are read as they are (see [`crate::bnf`]).
//!
//! How a verdict follows, for every document (see [`crate::verdict`]): the candidates
//! are tried in the table's order, each wrapped in the table's optional `prefix` and its
//! `suffix`;
//! the first that matches gives the verdict and the reported rule. For the scheme
//! lists (`Candidates::AlternativesOf`) the scheme productions come first, in the BNF's
//! order, and the catch-all last: an input is `valid` when its scheme's own production
//! matches, `generic-only` when only the catch-all matches but the input starts with a
//! scheme that one of the scheme productions spells (its "own" scheme), and `valid`
//! through the catch-all otherwise (cases/README.md, "Verdicts"). Which scheme a
//! production spells is read off the grammar: the literal characters every derivation
//! of it starts with, up to the first ":".
//!
//! Prose that the reference applies on top of the BNF (the 1996 draft's Section 4.3
//! parse order, the case of scheme names under `scheme-case-ignore`, draft-03's "URL:"
//! prefix without case, the October 1993 draft's void fragment) is NOT in these tables:
//! the oracle answers what the BNF says, and the test
//! `harness/tests/it/oracle_agreement.rs` names each such class of inputs, checks that
//! the prose explains every disagreement in it, and counts them.

use crate::bnf::Notation;
use crate::verdict::Verdict;

/// What the oracle needs to judge inputs under one document.
#[derive(Debug)]
pub struct Table {
    /// The document id, as urlcert writes it (`rfc1738`).
    pub doc: &'static str,
    pub notation: Notation,
    /// The grammar file in `reference/grammar/`.
    pub file: &'static str,
    /// The production an input is judged by, in the document's notation.
    pub entry: &'static str,
    /// An optional prefix that may stand before every candidate, and a suffix after
    /// every candidate, in the document's notation: `[ prefix ] candidate suffix` over
    /// all candidates derives what `entry` derives (the test checks it on every input).
    /// An input that starts with the prefix is read as prefixed: the scheme it starts
    /// with is the one after the prefix.
    pub prefix: Option<&'static str>,
    pub suffix: Option<&'static str>,
    pub candidates: Candidates,
    /// For a closed list of schemes: an input that matches no candidate but starts (after
    /// the prefix, if it starts with it) with this rule then ":", with a scheme no
    /// candidate spells, is `not-defined` rather than `invalid`.
    pub not_defined_scheme: Option<&'static str>,
    /// Rules the grammar uses and leaves to another document.
    pub defines: &'static [Defined],
    /// Unquoted characters the grammar writes as themselves: (rule, character, why).
    pub bare: &'static [(&'static str, u8, &'static str)],
    /// The readings of the document (besides the default), and the productions each
    /// replaces. A reading that replaces nothing changes no parse (it is a resolution
    /// reading, or prose the test classifies).
    pub readings: &'static [(&'static str, &'static [Defined])],
    /// Where the entry, the candidates and the verdicts come from.
    pub cite: &'static str,
}

/// The inputs' candidates: which productions are tried, in order.
#[derive(Debug)]
pub enum Candidates {
    /// The alternatives of this rule, each a reference to a scheme's production; the
    /// catch-all, if any, is tried last whatever its place in the BNF.
    AlternativesOf {
        rule: &'static str,
        catch_all: Option<&'static str>,
    },
    /// In order.
    List(&'static [Listed]),
}

/// One candidate of a [`Candidates::List`].
#[derive(Debug)]
pub struct Listed {
    /// The rule reported.
    pub rule: &'static str,
    /// The alternative of it this candidate is, when the rule has several and the
    /// expression picks one (`generic-URL` through `net_path`).
    pub via: Option<&'static str>,
    /// The expression, in the document's notation.
    pub expr: &'static str,
    pub verdict: Verdict,
}

const fn listed(
    rule: &'static str,
    via: Option<&'static str>,
    expr: &'static str,
    verdict: Verdict,
) -> Listed {
    Listed {
        rule,
        via,
        expr,
        verdict,
    }
}

/// A rule the table defines, with the text it comes from.
#[derive(Debug)]
pub struct Defined {
    pub name: &'static str,
    pub def: Def,
    pub cite: &'static str,
}

/// How a table defines a rule.
#[derive(Debug)]
pub enum Def {
    /// An expression in a notation (not necessarily the document's own).
    Bnf(Notation, &'static str),
    /// One byte of `lo..=hi` other than those in `except`: RFC 822 writes such classes
    /// in prose (`<any CHAR except specials, SPACE and CTLs>`).
    CharsExcept {
        lo: u8,
        hi: u8,
        except: &'static [u8],
    },
}

/// The tables, one per document.
pub const TABLES: &[Table] = &[
    DRAFT_02, DRAFT_03, DRAFT_06, RFC1738, RFC1808, DRAFT_1996, RFC2396, RFC3986,
];

/// The table of a document id.
pub fn table(doc: &str) -> Option<&'static Table> {
    TABLES.iter().find(|t| t.doc == doc)
}

const GOPHER_SLASH: &str = "gopherurl writes `[ / [ gtype` with the \"/\" unquoted; \
    cases/divergences/README.md §6 calls it editorial (RFC 1738 row), and it is read as the character \"/\", \
    as every other \"/\" in the BNF is";

/// RFC 1738, Section 5.
pub const RFC1738: Table = Table {
    doc: "rfc1738",
    notation: Notation::Rfc1738,
    file: "rfc1738-bnf.txt",
    entry: "url",
    prefix: None,
    suffix: None,
    candidates: Candidates::AlternativesOf {
        rule: "url",
        catch_all: Some("otherurl"),
    },
    not_defined_scheme: None,
    defines: &[],
    bare: &[("gopherurl", b'/', GOPHER_SLASH)],
    // §2.1 and the comment above `scheme`: "the scheme is in lower case; interpreters
    // should use case-ignore". Prose on top of the BNF: the agreement test classifies it.
    readings: &[("scheme-case-ignore", &[])],
    cite: "RFC 1738 §5: `url = httpurl | ... | prosperourl | otherurl`, \
           `otherurl = genericurl`; cases/README.md \"Verdicts\": valid when the scheme's own \
           production matches (otherurl for a scheme the document does not define), \
           generic-only when a defined scheme's production fails while otherurl matches",
};

/// draft-ietf-uri-url-06, Section 5 (contract: "exactly RFC 1738's scheme").
pub const DRAFT_06: Table = Table {
    doc: "draft-06",
    notation: Notation::Rfc1738,
    file: "draft-06-bnf.txt",
    entry: "url",
    prefix: None,
    suffix: None,
    candidates: Candidates::AlternativesOf {
        rule: "url",
        catch_all: Some("otherurl"),
    },
    not_defined_scheme: None,
    defines: &[],
    bare: &[("gopherurl", b'/', GOPHER_SLASH)],
    // §2.1: programs "should treat upper case letters as equivalent to lower case in
    // scheme names". Prose: classified by the agreement test.
    readings: &[("scheme-case-ignore", &[])],
    cite: "draft-06 §5: `url = httpurl | ... | prosperourl | otherurl`, \
           `otherurl = scheme \":\" schemepart`; verdicts as for RFC 1738 (contract)",
};

/// RFC 1808, Section 2.2, split in the Section 2.4 order.
pub const RFC1808: Table = Table {
    doc: "rfc1808",
    notation: Notation::Rfc822,
    file: "rfc1808-bnf.txt",
    entry: "URL",
    prefix: None,
    suffix: Some("[ \"#\" fragment ]"),
    candidates: Candidates::List(&[
        // generic-RL = scheme ":" relativeURL, one candidate per relativeURL form, so
        // that the oracle says which one derives (the test compares it with the
        // reference's net_loc).
        listed(
            "generic-RL",
            Some("net_path"),
            "scheme \":\" net_path",
            Verdict::Valid,
        ),
        listed(
            "generic-RL",
            Some("abs_path"),
            "scheme \":\" abs_path",
            Verdict::Valid,
        ),
        listed(
            "generic-RL",
            Some("rel_path"),
            "scheme \":\" rel_path",
            Verdict::Valid,
        ),
        // The second alternative of absoluteURL has no name of its own; the contract
        // reports it as `absoluteURL`.
        listed(
            "absoluteURL",
            None,
            "scheme \":\" *( uchar | reserved )",
            Verdict::GenericOnly,
        ),
        // §2.4.3: "If the parse string begins with a double-slash "//", then the
        // substring of characters after the double-slash and up to, but not including,
        // the next slash "/" character is the network location/login (<net_loc>)".
        listed("net_path", None, "net_path", Verdict::Valid),
        listed("abs_path", None, "abs_path", Verdict::Valid),
        listed("rel_path", None, "rel_path", Verdict::Valid),
    ]),
    not_defined_scheme: None,
    defines: &[],
    bare: &[],
    readings: &[],
    cite: "RFC 1808 §2.2: `URL = ( absoluteURL | relativeURL ) [ \"#\" fragment ]`, \
           `absoluteURL = generic-RL | ( scheme \":\" *( uchar | reserved ) )`, \
           `relativeURL = net_path | abs_path | rel_path`; §2.4.2: a scheme is taken first \
           when there is one, so the absolute forms are tried first. Contract: valid for \
           generic-RL or relativeURL, generic-only through the second alternative only",
};

/// draft-fielding-url-syntax-01, Sections 3 and 4.
pub const DRAFT_1996: Table = Table {
    doc: "draft-1996",
    notation: Notation::Draft1996,
    file: "draft-1996-bnf.txt",
    entry: "URL-reference",
    prefix: None,
    suffix: Some("[ \"#\" fragment ]"),
    candidates: Candidates::List(&[
        // generic-URL = scheme ":" relativeURL, one candidate per relativeURL form, so
        // that the oracle says which one derives (the test compares it with the
        // reference's server).
        listed(
            "generic-URL",
            Some("net_path"),
            "scheme \":\" net_path",
            Verdict::Valid,
        ),
        listed(
            "generic-URL",
            Some("abs_path"),
            "scheme \":\" abs_path",
            Verdict::Valid,
        ),
        listed(
            "generic-URL",
            Some("rel_path"),
            "scheme \":\" rel_path",
            Verdict::Valid,
        ),
        listed("opaque-URL", None, "opaque-URL", Verdict::GenericOnly),
        // §4.3.1: a reference that "begins with a double-slash" has a server; §4.3.2: "A
        // relative reference beginning with a single slash character is termed an
        // absolute-path reference"; the rest are relative-path references.
        listed("net_path", None, "net_path", Verdict::Valid),
        listed("abs_path", None, "abs_path", Verdict::Valid),
        listed("rel_path", None, "rel_path", Verdict::Valid),
    ]),
    not_defined_scheme: None,
    defines: &[],
    bare: &[],
    // The BNF alone: a "//" whose server fails derives as an abs_path, which is what the
    // grammar file already derives; the default reading's Section 4.3.1 prose is the
    // class `f01-double-slash-is-a-server` of the agreement test.
    // base-fragment-removed is a reading of establishing a base: no parse changes.
    readings: &[("double-slash-path", &[]), ("base-fragment-removed", &[])],
    cite: "§3: `URL-reference = [ absoluteURL | relativeURL ] [ \"#\" fragment ]`; §4.2: \
           `absoluteURL = generic-URL | opaque-URL`; §4.1: \"Relative URL references are \
           distinguished from absolute URLs in that they do not begin with a scheme name\", \
           so the absolute forms are tried first. cases/README.md: valid with generic-URL or \
           net_path / abs_path / rel_path, generic-only with opaque-URL",
};

/// The October 1993 draft, "BNF syntax".
pub const DRAFT_02: Table = Table {
    doc: "draft-02",
    notation: Notation::Old1993,
    file: "draft-02-bnf.txt",
    entry: "fragmentaddress",
    prefix: None,
    suffix: Some("[ # fragmentid ]"),
    candidates: Candidates::AlternativesOf {
        rule: "url",
        catch_all: Some("generic"),
    },
    not_defined_scheme: None,
    defines: &[],
    bare: &[],
    readings: &[
        (
            "mailto-single-colon",
            &[Defined {
                name: "mailtoaddress",
                def: Def::Bnf(Notation::Old1993, "m a i l t o : xalphas @ hostname"),
                cite: "cases/divergences/README.md §6, draft-02 row: `mailto::` (BNF) vs \"RFC822 addr-spec\" \
                       (prose); contract: one colon after mailto",
            }],
        ),
        // Resolution readings: they change no parse (contract).
        ("path-excludes-search", &[]),
        ("xxx-excludes-dots", &[]),
    ],
    cite: "draft-ietf-uri-url-02 \"BNF syntax\": `fragmentaddress uri [ # fragmentid ]`, `uri url`, \
           `url generic | httpaddress | ... | mailtoaddress`; \"The \"generic\" production \
           gives a higher level parsing of the same URLs as the other productions\". \
           Contract: valid when the scheme's own production matches or the scheme is none of \
           them and generic matches; generic-only when only generic matches",
};

const RFC822_ADDR_SPEC: &str = "RFC 822 §6.1 (addr-spec = local-part \"@\" domain; \
    local-part = word *(\".\" word); domain = sub-domain *(\".\" sub-domain); sub-domain = \
    domain-ref / domain-literal; domain-ref = atom) and §3.3 (word = atom / quoted-string; \
    quoted-pair = \"\\\" CHAR), with \"|\" for RFC 822's \"/\"; linear-white-space folding \
    inside quoted strings is left out";

/// draft-ietf-uri-url-03, "BNF for specific URL schemes".
pub const DRAFT_03: Table = Table {
    doc: "draft-03",
    notation: Notation::Old1993,
    file: "draft-03-bnf.txt",
    // "The current IETF URI working group preference is for the prefixedurl production.
    // (Nov 1993. July 93: url)": both are entries (contract).
    entry: "prefixedurl | url",
    // draft-ietf-uri-url-03 "URL SYNTAX": "the whole string must start with a constant prefix
    // "URL:"": a string that starts with it is prefixed, so `url:` is never read as a
    // scheme name of its own.
    prefix: Some("u r l :"),
    suffix: None,
    candidates: Candidates::AlternativesOf {
        rule: "url",
        catch_all: None,
    },
    // `url` is a closed list with no generic alternative: another scheme is not defined
    // by the document (contract). `scheme ialpha` is the draft's own scheme rule.
    not_defined_scheme: Some("scheme"),
    defines: &[
        Defined {
            name: "addr-spec",
            def: Def::Bnf(
                Notation::Rfc822,
                "rfc822-word *( \".\" rfc822-word ) \"@\" rfc822-sub-domain *( \".\" rfc822-sub-domain )",
            ),
            cite: RFC822_ADDR_SPEC,
        },
        Defined {
            name: "rfc822-word",
            def: Def::Bnf(Notation::Rfc822, "rfc822-atom | rfc822-quoted-string"),
            cite: RFC822_ADDR_SPEC,
        },
        Defined {
            name: "rfc822-sub-domain",
            def: Def::Bnf(Notation::Rfc822, "rfc822-atom | rfc822-domain-literal"),
            cite: RFC822_ADDR_SPEC,
        },
        Defined {
            name: "rfc822-atom",
            def: Def::Bnf(Notation::Rfc822, "1*rfc822-atom-char"),
            cite: "RFC 822 §3.3: atom = 1*<any CHAR except specials, SPACE and CTLs>",
        },
        Defined {
            name: "rfc822-atom-char",
            def: Def::CharsExcept {
                lo: 0x21,
                hi: 0x7E,
                except: b"()<>@,;:\\\".[]",
            },
            cite: "RFC 822 §3.3: CHAR = 0-127, CTL = 0-31 and 127, SPACE = 32, specials = \
                   ( ) < > @ , ; : \\ <\"> . [ ]",
        },
        Defined {
            name: "rfc822-quoted-string",
            def: Def::Bnf(
                Notation::Rfc822,
                "<\"> *( rfc822-qtext | rfc822-quoted-pair ) <\">",
            ),
            cite: "RFC 822 §3.3: quoted-string = <\"> *(qtext/quoted-pair) <\">",
        },
        Defined {
            name: "rfc822-qtext",
            def: Def::CharsExcept {
                lo: 0x00,
                hi: 0x7F,
                except: b"\"\\\r",
            },
            cite: "RFC 822 §3.3: qtext = <any CHAR excepting <\">, \"\\\" & CR, and including \
                   linear-white-space>",
        },
        Defined {
            name: "rfc822-domain-literal",
            def: Def::Bnf(
                Notation::Rfc822,
                "\"[\" *( rfc822-dtext | rfc822-quoted-pair ) \"]\"",
            ),
            cite: "RFC 822 §6.1: domain-literal = \"[\" *(dtext / quoted-pair) \"]\"",
        },
        Defined {
            name: "rfc822-dtext",
            def: Def::CharsExcept {
                lo: 0x00,
                hi: 0x7F,
                except: b"[]\\\r",
            },
            cite: "RFC 822 §3.3: dtext = <any CHAR excluding \"[\", \"]\", \"\\\" & CR, & \
                   including linear-white-space>",
        },
        Defined {
            name: "rfc822-quoted-pair",
            def: Def::Bnf(Notation::Rfc822, "\"\\\" rfc822-char"),
            cite: RFC822_ADDR_SPEC,
        },
        Defined {
            name: "rfc822-char",
            def: Def::CharsExcept {
                lo: 0x00,
                hi: 0x7F,
                except: b"",
            },
            cite: "RFC 822 §3.3: CHAR = <any ASCII character> ( 0-177, 0.-127.)",
        },
        Defined {
            name: "content-identifier",
            def: Def::Bnf(Notation::Rfc822, "\"<\" addr-spec \">\""),
            cite: "RFC 1521 §7.1: Content-ID takes a msg-id; RFC 822 §6.1: msg-id = \"<\" \
                   addr-spec \">\"",
        },
    ],
    bare: &[],
    readings: &[
        (
            "mailto-single-colon",
            &[Defined {
                name: "mailtoaddress",
                def: Def::Bnf(Notation::Old1993, "m a i l t o : xalphas @ hostname"),
                cite: "cases/divergences/README.md §6: `mailto::` vs \"RFC822 addr-spec\"; contract: one \
                       colon after mailto",
            }],
        ),
        (
            "ftptype-prose",
            &[
                Defined {
                    name: "ftptype",
                    def: Def::Bnf(Notation::Old1993, "; t y p e = rfc959-type-code | /"),
                    cite: "draft-ietf-uri-url-03 FTP \"Data type\": \"The data type is specified by a \
                           suffix to the URL. Possible suffixes are: ;type = <type-code> Use \
                           FTP type as given to perform data transfer. / Use FTP directory \
                           list commands to read directory\" (angle text restored from \
                           the W3C copy url-spec.txt)",
                },
                Defined {
                    name: "rfc959-type-code",
                    def: Def::Bnf(
                        Notation::Old1993,
                        "A [ rfc959-form-code ] | a [ rfc959-form-code ] | E [ rfc959-form-code ] | e [ rfc959-form-code ] | I | i | L rfc959-byte-size | l rfc959-byte-size",
                    ),
                    cite: "draft-ietf-uri-url-03: \"The type code is in the format defined in RFC959 \
                           except that THE SPACE IS OMITTED FROM THE URL\"; RFC 959 §5.3: \
                           <type-code> ::= A [<sp> <form-code>] | E [<sp> <form-code>] | I | \
                           L <sp> <byte-size>, and upper and lower case \"also applies to any \
                           symbols representing parameter values, such as A or a for ASCII \
                           TYPE\"",
                },
                Defined {
                    name: "rfc959-byte-size",
                    def: Def::Bnf(
                        Notation::Rfc822,
                        "*\"0\" ( \"25\" ( \"0\" | \"1\" | \"2\" | \"3\" | \"4\" | \"5\" ) | \"2\" ( \"0\" | \"1\" | \"2\" | \"3\" | \"4\" ) rfc959-digit | \"1\" rfc959-digit rfc959-digit | rfc959-nonzero [ rfc959-digit ] )",
                    ),
                    cite: "RFC 959 §5.3.2: <byte-size> ::= <number>, \"<number> ::= any decimal \
                           integer 1 through 255\" (leading zeros read as part of a decimal \
                           integer)",
                },
                Defined {
                    name: "rfc959-digit",
                    def: Def::CharsExcept {
                        lo: b'0',
                        hi: b'9',
                        except: b"",
                    },
                    cite: "RFC 959 §5.3.2: decimal digits",
                },
                Defined {
                    name: "rfc959-nonzero",
                    def: Def::CharsExcept {
                        lo: b'1',
                        hi: b'9',
                        except: b"",
                    },
                    cite: "RFC 959 §5.3.2: decimal digits",
                },
                Defined {
                    name: "rfc959-form-code",
                    def: Def::Bnf(Notation::Old1993, "N | n | T | t | C | c"),
                    cite: "RFC 959 §5.3: <form-code> ::= N | T | C",
                },
            ],
        ),
    ],
    cite: "draft-ietf-uri-url-03 \"BNF for specific URL schemes\": `prefixedurl u r l : url`, `url \
           httpaddress | ... | midaddress | cidaddress` (no generic alternative); contract: \
           entry `prefixedurl | url`, valid when the scheme's production matches, invalid \
           when the scheme is in the list but its production fails, not-defined for a \
           scheme outside the list",
};

const RFC2373_B: &str = "RFC 2373 Appendix B (https://www.rfc-editor.org/rfc/rfc2373), \"ABNF \
    Description of Text Representations\", written with \"|\" as RFC 2373 writes it";

/// RFC 2396, Appendix A.
pub const RFC2396: Table = Table {
    doc: "rfc2396",
    // §1.6 gives the 1996 draft's conventions word for word: "The grammar is that of
    // [RFC822], except that "|" is used to designate alternatives. Briefly, rules are
    // separated from definitions by an equal "=", indentation is used to continue a rule
    // definition over more than one line [...]".
    notation: Notation::Draft1996,
    file: "rfc2396-bnf.txt",
    entry: "URI-reference",
    prefix: None,
    suffix: Some("[ \"#\" fragment ]"),
    candidates: Candidates::List(&[
        // absoluteURI = scheme ":" ( hier_part | opaque_part ), hier_part = ( net_path |
        // abs_path ) [ "?" query ], net_path = "//" authority [ abs_path ], authority =
        // server | reg_name: one candidate per path form and, for a net_path, per
        // alternative of authority, so that the oracle says which one derives (the test
        // compares it with the reference's alternatives and its server / reg_name). The
        // net_path forms come first: §4.3, "the left-most matching rule soaks up as much
        // of the URI reference string as it is capable of matching. In other words, the
        // authority component wins". server before reg_name, as the BNF lists them.
        listed(
            "absoluteURI",
            Some("server"),
            "scheme \":\" \"//\" server [ abs_path ] [ \"?\" query ]",
            Verdict::Valid,
        ),
        listed(
            "absoluteURI",
            Some("reg_name"),
            "scheme \":\" \"//\" reg_name [ abs_path ] [ \"?\" query ]",
            Verdict::Valid,
        ),
        listed(
            "absoluteURI",
            Some("abs_path"),
            "scheme \":\" abs_path [ \"?\" query ]",
            Verdict::Valid,
        ),
        listed(
            "absoluteURI",
            Some("opaque_part"),
            "scheme \":\" opaque_part",
            Verdict::Valid,
        ),
        // relativeURI = ( net_path | abs_path | rel_path ) [ "?" query ].
        listed(
            "relativeURI",
            Some("server"),
            "\"//\" server [ abs_path ] [ \"?\" query ]",
            Verdict::Valid,
        ),
        listed(
            "relativeURI",
            Some("reg_name"),
            "\"//\" reg_name [ abs_path ] [ \"?\" query ]",
            Verdict::Valid,
        ),
        listed(
            "relativeURI",
            Some("abs_path"),
            "abs_path [ \"?\" query ]",
            Verdict::Valid,
        ),
        listed(
            "relativeURI",
            Some("rel_path"),
            "rel_path [ \"?\" query ]",
            Verdict::Valid,
        ),
        // The empty option of `[ absoluteURI | relativeURI ]`: "" or only a fragment,
        // reported as URI-reference itself (contract, reference/src/rfc2396/mod.rs).
        listed("URI-reference", None, "\"\"", Verdict::Valid),
    ]),
    not_defined_scheme: None,
    defines: &[],
    bare: &[],
    readings: &[
        (
            "rfc2732",
            &[
                Defined {
                    name: "host",
                    def: Def::Bnf(
                        Notation::Rfc822,
                        "hostname | IPv4address | IPv6reference",
                    ),
                    cite: "RFC 2732 §3: \"(1) change the 'host' non-terminal to add an IPv6 \
                           option: host = hostname | IPv4address | IPv6reference\"",
                },
                Defined {
                    name: "IPv6reference",
                    def: Def::Bnf(Notation::Rfc822, "\"[\" IPv6address \"]\""),
                    cite: "RFC 2732 §3: \"ipv6reference = \"[\" IPv6address \"]\" where \
                           IPv6address is defined as in RFC2373\" (the name as `host` writes \
                           it; RFC 2234 §2.1: rule names are case-insensitive)",
                },
                Defined {
                    name: "IPv4address",
                    def: Def::Bnf(
                        Notation::Rfc822,
                        "1*3DIGIT \".\" 1*3DIGIT \".\" 1*3DIGIT \".\" 1*3DIGIT",
                    ),
                    cite: "RFC 2732 §3: \"(2) Replace the definition of 'IPv4address' with \
                           that of RFC 2373\"; RFC 2373 Appendix B: IPv4address = 1*3DIGIT \
                           \".\" 1*3DIGIT \".\" 1*3DIGIT \".\" 1*3DIGIT",
                },
                Defined {
                    name: "reserved",
                    def: Def::Bnf(
                        Notation::Rfc822,
                        "\";\" | \"/\" | \"?\" | \":\" | \"@\" | \"&\" | \"=\" | \"+\" | \"$\" | \",\" | \"[\" | \"]\"",
                    ),
                    cite: "RFC 2732 §3: \"(3) Add \"[\" and \"]\" to the set of 'reserved' \
                           characters\" (and remove them from 'unwise', which no production \
                           uses)",
                },
                Defined {
                    name: "IPv6address",
                    def: Def::Bnf(Notation::Rfc822, "hexpart [ \":\" IPv4address ]"),
                    cite: RFC2373_B,
                },
                Defined {
                    name: "hexpart",
                    def: Def::Bnf(
                        Notation::Rfc822,
                        "hexseq | hexseq \"::\" [ hexseq ] | \"::\" [ hexseq ]",
                    ),
                    cite: RFC2373_B,
                },
                Defined {
                    name: "hexseq",
                    def: Def::Bnf(Notation::Rfc822, "hex4 *( \":\" hex4)"),
                    cite: RFC2373_B,
                },
                Defined {
                    name: "hex4",
                    def: Def::Bnf(Notation::Rfc822, "1*4HEXDIG"),
                    cite: RFC2373_B,
                },
                Defined {
                    name: "DIGIT",
                    def: Def::CharsExcept {
                        lo: b'0',
                        hi: b'9',
                        except: b"",
                    },
                    cite: "RFC 2234 §6.1 (core rules, which RFC 2373's ABNF uses): DIGIT = \
                           %x30-39",
                },
                Defined {
                    name: "HEXDIG",
                    def: Def::Bnf(
                        Notation::Rfc822,
                        "DIGIT | \"A\" | \"B\" | \"C\" | \"D\" | \"E\" | \"F\" | \"a\" | \"b\" | \"c\" | \"d\" | \"e\" | \"f\"",
                    ),
                    cite: "RFC 2234 §6.1: HEXDIG = DIGIT / \"A\" / \"B\" / \"C\" / \"D\" / \
                           \"E\" / \"F\"; §2.3: ABNF strings are case-insensitive, so the \
                           lower-case letters are written out here",
                },
            ],
        ),
        // Resolution readings (Section 5.2 steps 6g and 3): they change no parse.
        ("above-root-removed", &[]),
        ("same-scheme-relative", &[]),
        // Establishing a base: no parse changes.
        ("base-fragment-removed", &[]),
    ],
    cite: "RFC 2396 App. A: `URI-reference = [ absoluteURI | relativeURI ] [ \"#\" fragment ]`, \
           `absoluteURI = scheme \":\" ( hier_part | opaque_part )`, `relativeURI = ( \
           net_path | abs_path | rel_path ) [ \"?\" query ]`; §4.3: the authority wins. \
           Contract (reference/src/rfc2396/mod.rs): valid with absoluteURI or relativeURI (or \
           URI-reference for an empty URI), invalid otherwise; no generic-only",
};

/// RFC 3986, Appendix A (ABNF). Nothing in it needs the table: no rule is recursive,
/// and its one prose value, `path-empty = 0<pchar>`, is repeated zero times, which
/// compiles to the empty string whatever it stands for. The candidates only name the
/// alternatives: one per path rule of `hier-part` and of `relative-part`, so that the
/// oracle says which one derives (the test compares it with the reference's).
pub const RFC3986: Table = Table {
    doc: "rfc3986",
    notation: Notation::Abnf,
    file: "rfc3986-abnf.txt",
    entry: "URI-reference",
    prefix: None,
    suffix: Some("[ \"?\" query ] [ \"#\" fragment ]"),
    candidates: Candidates::List(&[
        listed(
            "URI",
            Some("path-abempty"),
            "scheme \":\" \"//\" authority path-abempty",
            Verdict::Valid,
        ),
        listed(
            "URI",
            Some("path-absolute"),
            "scheme \":\" path-absolute",
            Verdict::Valid,
        ),
        listed(
            "URI",
            Some("path-rootless"),
            "scheme \":\" path-rootless",
            Verdict::Valid,
        ),
        listed(
            "URI",
            Some("path-empty"),
            "scheme \":\" path-empty",
            Verdict::Valid,
        ),
        listed(
            "relative-ref",
            Some("path-abempty"),
            "\"//\" authority path-abempty",
            Verdict::Valid,
        ),
        listed(
            "relative-ref",
            Some("path-absolute"),
            "path-absolute",
            Verdict::Valid,
        ),
        listed(
            "relative-ref",
            Some("path-noscheme"),
            "path-noscheme",
            Verdict::Valid,
        ),
        listed(
            "relative-ref",
            Some("path-empty"),
            "path-empty",
            Verdict::Valid,
        ),
    ]),
    not_defined_scheme: None,
    defines: &[],
    bare: &[],
    // Section 5.2.2's non-strict parser: a resolution reading, no parse changes.
    readings: &[("non-strict", &[])],
    cite: "RFC 3986 §4.1: `URI-reference = URI / relative-ref`; §3: `URI = scheme \":\" \
           hier-part [ \"?\" query ] [ \"#\" fragment ]`, `hier-part = \"//\" authority \
           path-abempty / path-absolute / path-rootless / path-empty`; §4.2: `relative-ref = \
           relative-part [ \"?\" query ] [ \"#\" fragment ]`, `relative-part = \"//\" \
           authority path-abempty / path-absolute / path-noscheme / path-empty`. Every \
           reference that derives is valid (the RFC defines no schemes and URI-reference has \
           no catch-all); the alternatives derive disjoint strings, so their order is the \
           grammar's",
};
