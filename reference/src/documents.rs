//! One description per document, in one list: what the shared operations ([`crate::parse`],
//! [`crate::resolve()`], [`crate::resolve::split::split`], [`crate::extract`],
//! [`crate::normalize()`], [`crate::base::establish`], ...) look up instead of each
//! matching on the document. A document's own code stays in its modules; its
//! [`Descriptor`] says which of it serves each operation, or where the document says it
//! defines no such thing.

use crate::base::walk::EntityRule;
use crate::context::{Found, NotDefined};
use crate::document::{DocReading, Document, Reading};
use crate::grammar::cx::Coverage;
use crate::grammar::outcome::{Note, Parse};
use crate::normalize::{Normalization, NotNormalizable};
use crate::resolve::split::{self, Named, Piece};
use crate::resolve::{self as resolution, Branch, Request, Resolution, Seen, Unresolvable};
pub use crate::stated::{Citation, Stated};
use crate::{base, context, normalize};
use crate::{draft02, draft03, draft06, draft1996, rfc1738, rfc1808, rfc2396, rfc3986, whatwg};

/// Every document, in [`Document::ALL`]'s order (oldest first). This table and the two
/// below are sized by that list, so a document added there and not here is a compile
/// error, not an index out of bounds.
pub static DOCUMENTS: [&Descriptor; Document::ALL.len()] = [
    &DRAFT02,
    &DRAFT03,
    &DRAFT06,
    &RFC1738,
    &RFC1808,
    &DRAFT1996,
    &RFC2396,
    &RFC3986,
    &URL_STANDARD,
];

// The recognisers and component names stand apart from the descriptors, as the ids
// do (`Document::id`): a descriptor holds every operation's code, and whatever names
// a document through it links all of that code. A fuzz target that only parses would
// carry the resolvers, normalisers and extractors in its coverage map, and libFuzzer
// pays for each counter on every run.

/// A document's recogniser: the parse of an input under one of its readings.
type Parser = for<'a> fn(&'a [u8], Reading) -> Parse<'a>;

/// Each document's recogniser, in [`Document::ALL`]'s order (why apart: above).
pub(crate) static PARSERS: [Parser; Document::ALL.len()] = [
    draft02::parse,
    draft03::parse,
    draft06::parse,
    rfc1738::parse,
    rfc1808::parse,
    draft1996::parse,
    rfc2396::parse,
    rfc3986::parse,
    whatwg::document::parse,
];

/// The component names a parse under each document may report, the grammar's own
/// rule names, in [`Document::ALL`]'s order (why apart: above).
pub(crate) static COMPONENTS: [&[&str]; Document::ALL.len()] = [
    draft02::COMPONENTS,
    draft03::COMPONENTS,
    draft06::COMPONENTS,
    rfc1738::COMPONENTS,
    rfc1808::COMPONENTS,
    draft1996::COMPONENTS,
    rfc2396::COMPONENTS,
    rfc3986::COMPONENTS,
    whatwg::document::COMPONENTS,
];

/// What one document defines, and which code of the reference serves each.
pub struct Descriptor {
    pub doc: Document,
    /// The name the document is published and cited by.
    pub public_name: &'static str,
    /// The public copy: the RFC Editor's page for an RFC, the IETF archive's
    /// (datatracker) page for an Internet-Draft.
    pub public_url: &'static str,
    /// The readings the document admits, the first being its default.
    pub readings: &'static [Reading],
    pub grammar: Grammar,
    /// Relative references and their resolution.
    pub relative: Stated<Relative>,
    /// The equivalences of URLs the document states.
    pub equivalence: Stated<Equivalence>,
    /// URLs in running text.
    pub(crate) extract: fn(&[u8], Reading) -> Result<Vec<Found>, NotDefined>,
}

/// A document's grammar: where it is printed, its notes and its recogniser with
/// coverage (the recogniser alone and the names it reports are in [`PARSERS`] and
/// [`COMPONENTS`]).
pub struct Grammar {
    /// The section (or sections) the grammar is printed in.
    pub section: &'static str,
    /// The ids of the notes a parse may give.
    pub note_ids: &'static [&'static str],
    pub(crate) parse_with_coverage: for<'a> fn(&'a [u8], Reading) -> (Parse<'a>, Coverage),
    pub(crate) notes: fn(&[u8], Reading) -> Vec<Note>,
}

/// The resolver of a document that defines relative references, with what serves it.
pub type Resolver = fn(Request<'_>, Seen<'_>) -> Result<Resolution, Unresolvable>;

/// A document's relative form: its resolution algorithm, the split it starts from, and
/// the base it resolves against.
pub struct Relative {
    /// The section of the resolution algorithm.
    pub section: &'static str,
    /// Runs the algorithm, showing the components it recombines to what it is given.
    pub(crate) resolve: Resolver,
    /// The algorithm's branches, in the document's order.
    pub branches: &'static [Branch],
    /// The rules it takes a URL apart by first; `None` where it has none (the URL
    /// Standard's parser reads the input once, without a split).
    pub split: Option<SplitRules>,
    /// The base of an entity in a message ([`crate::base`]), where the document says.
    pub(crate) entity_base: Stated<EntityRule>,
    /// Where the document says what the default base is.
    pub default_base_cite: &'static str,
}

/// The rules a document takes a URL apart by before any grammar is applied.
pub struct SplitRules {
    /// The section they are in.
    pub section: &'static str,
    /// The components, their delimiters and their order.
    pub(crate) layout: &'static [Piece],
    pub(crate) named: for<'a> fn(&'a [u8], Reading) -> Named<'a>,
    /// The components the resolver recombines, when they are not those it shows as
    /// they are.
    pub(crate) recombined: Option<Recombined>,
}

type Recombined =
    fn(&[(&'static str, Option<&[u8]>)], Reading) -> Vec<(&'static str, Option<Vec<u8>>)>;

/// The equivalences a document states: its normaliser and the ids of its steps.
pub struct Equivalence {
    pub(crate) normalize: fn(DocReading, &[u8]) -> Result<Normalization, NotNormalizable>,
    /// The ids of the steps, in their order.
    pub step_ids: &'static [&'static str],
}

/// The [`Grammar`] of the document whose module is `$module`, its grammar printed in
/// `$section`: every document's module offers the same entry points and tables.
macro_rules! grammar {
    ($section:expr, $module:ident) => {
        Grammar {
            section: $section,
            note_ids: $module::notes::IDS,
            parse_with_coverage: $module::parse_with_coverage,
            notes: $module::notes,
        }
    };
}

impl Document {
    /// The document's description.
    pub fn descriptor(self) -> &'static Descriptor {
        DOCUMENTS[self as usize]
    }
}

/// draft-ietf-uri-url-02, October 1993.
static DRAFT02: Descriptor = Descriptor {
    doc: Document::Draft02,
    public_name: "draft-ietf-uri-url-02",
    public_url: "https://datatracker.ietf.org/doc/html/draft-ietf-uri-url-02",
    readings: &[
        Reading::Strict,
        Reading::PathExcludesSearch,
        Reading::XxxExcludesDots,
        Reading::MailtoSingleColon,
    ],
    grammar: grammar!("BNF syntax", draft02),
    relative: Stated::Defined(Relative {
        section: "PARTIAL FORM",
        resolve: resolution::draft02::resolve_seeing,
        branches: resolution::branches::DRAFT02,
        split: Some(SplitRules {
            section: "FULL FORM",
            layout: split::DRAFT02,
            named: split::draft02,
            recombined: Some(split::draft02_target),
        }),
        entity_base: Stated::Defined(base::draft02::entity_base),
        default_base_cite: "draft-ietf-uri-url-02, PARTIAL FORM",
    }),
    // Its "UNIQUENESS" paragraph is where it speaks of two names for one object, and it
    // gives no rule. Its sentences on escaping ("a URL may be made safer simply by
    // encoding any characters considered unsafe"; "When URLs are moved between contexts,
    // the set of characters escaped may be enlarged or reduced unambiguously") name no
    // set of characters and no direction, so no normal form follows from them either;
    // draft-03 later adds the sentence that does ("% signs can be selectively and
    // reversibly expanded").
    equivalence: Stated::NotDefined(Citation {
        cite: "draft-ietf-uri-url-02 §UNIQUENESS",
        quote: "Any object may therefore be referred to by many names. [...] It is suggested that each object have a unique \"official\" name.",
    }),
    extract: |text, _| Ok(context::draft02::extract(text)),
};

/// draft-ietf-uri-url-03, 21 March 1994.
static DRAFT03: Descriptor = Descriptor {
    doc: Document::Draft03,
    public_name: "draft-ietf-uri-url-03",
    public_url: "https://datatracker.ietf.org/doc/html/draft-ietf-uri-url-03",
    readings: &[
        Reading::Strict,
        Reading::MailtoSingleColon,
        Reading::FtptypeProse,
    ],
    grammar: grammar!("BNF for specific URL schemes", draft03),
    relative: Stated::NotDefined(Citation {
        cite: "draft-ietf-uri-url-03 §URL SYNTAX",
        quote:
            "Fragment identifiers and partial URLs are not involved in the basic URL definition.",
    }),
    equivalence: Stated::Defined(Equivalence {
        normalize: normalize::draft03::normalize,
        step_ids: &["encoding"],
    }),
    extract: |text, _| Ok(context::draft03::extract(text)),
};

/// draft-ietf-uri-url-06, 4 August 1994.
static DRAFT06: Descriptor = Descriptor {
    doc: Document::Draft06,
    public_name: "draft-ietf-uri-url-06",
    public_url: "https://datatracker.ietf.org/doc/html/draft-ietf-uri-url-06",
    // Section 2.1: programs "should allow upper case letters as equivalent in scheme
    // names".
    readings: &[
        Reading::Strict,
        Reading::SchemeCaseIgnore,
        Reading::BareAngleBrackets,
    ],
    // RFC 1738's names: the draft's BNF is RFC 1738's predecessor.
    grammar: grammar!("§5", draft06),
    // Every alternative of the Section 5 BNF starts with a scheme: there is no relative
    // form. (The posting's cover note says so too, but it is not the draft.)
    relative: Stated::NotDefined(Citation {
        cite: "draft-ietf-uri-url-06 §5",
        quote: "url = httpurl | ftpurl | newsurl | nntpurl | telneturl | gopherurl | waisurl | mailtourl | fileurl | prosperourl | otherurl",
    }),
    equivalence: Stated::Defined(Equivalence {
        normalize: normalize::draft06::normalize,
        step_ids: &["2.1", "2.2"],
    }),
    extract: |text, reading| {
        Ok(context::draft06::extract(
            text,
            reading == Reading::BareAngleBrackets,
        ))
    },
};

/// RFC 1738, December 1994.
static RFC1738: Descriptor = Descriptor {
    doc: Document::Rfc1738,
    public_name: "RFC 1738",
    public_url: "https://www.rfc-editor.org/rfc/rfc1738",
    readings: &[
        Reading::Strict,
        Reading::SchemeCaseIgnore,
        Reading::BareAngleBrackets,
    ],
    grammar: grammar!("§5", rfc1738),
    relative: Stated::NotDefined(Citation {
        cite: "RFC 1738 §2.3",
        quote: "Relative links are not described in this document.",
    }),
    equivalence: Stated::Defined(Equivalence {
        normalize: normalize::rfc1738::normalize,
        step_ids: &["2.1", "2.2"],
    }),
    extract: |text, reading| {
        Ok(context::rfc1738::extract(
            text,
            reading == Reading::BareAngleBrackets,
        ))
    },
};

/// RFC 1808, June 1995.
static RFC1808: Descriptor = Descriptor {
    doc: Document::Rfc1808,
    public_name: "RFC 1808",
    public_url: "https://www.rfc-editor.org/rfc/rfc1808",
    readings: &[Reading::Strict],
    // The Section 2.4 split, by the RFC's rule names.
    grammar: grammar!("§2.2", rfc1808),
    relative: Stated::Defined(Relative {
        section: "§4",
        resolve: resolution::rfc1808::resolve_seeing,
        branches: resolution::branches::RFC1808,
        split: Some(SplitRules {
            section: "§2.4",
            layout: split::RFC1808,
            named: split::rfc1808,
            recombined: None,
        }),
        entity_base: Stated::Defined(base::rfc1808::entity_base),
        default_base_cite: "RFC 1808 Section 3.4",
    }),
    equivalence: Stated::Defined(Equivalence {
        normalize: normalize::rfc1808::normalize,
        step_ids: &["2.1"],
    }),
    extract: |_, _| Err(context::rfc1808::not_defined()),
};

/// draft-fielding-url-syntax-01, 26 November 1996.
static DRAFT1996: Descriptor = Descriptor {
    doc: Document::Draft1996,
    public_name: "draft-fielding-url-syntax-01",
    public_url: "https://datatracker.ietf.org/doc/html/draft-fielding-url-syntax-01",
    readings: &[
        Reading::Strict,
        Reading::DoubleSlashPath,
        Reading::BaseFragmentRemoved,
    ],
    // The Section 4.3 split, by the draft's rule names.
    grammar: grammar!("§3-§4 BNF", draft1996),
    relative: Stated::Defined(Relative {
        section: "§6",
        resolve: resolution::draft1996::resolve_seeing,
        branches: resolution::branches::DRAFT1996,
        split: Some(SplitRules {
            section: "§4.3",
            layout: split::DRAFT1996,
            named: split::draft1996,
            recombined: None,
        }),
        entity_base: Stated::Defined(base::draft1996::entity_base),
        default_base_cite: "draft-fielding-url-syntax-01 Section 5.4",
    }),
    equivalence: Stated::Defined(Equivalence {
        normalize: normalize::draft1996::normalize,
        step_ids: &["2.2", "4.1"],
    }),
    extract: |text, _| Ok(context::draft1996::extract(text)),
};

/// RFC 2396, August 1998.
static RFC2396: Descriptor = Descriptor {
    doc: Document::Rfc2396,
    public_name: "RFC 2396",
    public_url: "https://www.rfc-editor.org/rfc/rfc2396",
    readings: &[
        Reading::Strict,
        Reading::Rfc2732,
        Reading::AboveRootRemoved,
        Reading::SameSchemeRelative,
        Reading::BaseFragmentRemoved,
    ],
    // The Section 4.3 split and Appendix A's names.
    grammar: grammar!("Appendix A", rfc2396),
    relative: Stated::Defined(Relative {
        section: "§5.2",
        resolve: resolution::rfc2396::resolve_seeing,
        branches: resolution::branches::RFC2396,
        split: Some(SplitRules {
            section: "§4.3, Appendix B",
            layout: split::FIVE,
            named: split::rfc2396,
            recombined: None,
        }),
        entity_base: Stated::Defined(base::rfc2396::entity_base),
        default_base_cite: "RFC 2396 Section 5.1.4",
    }),
    equivalence: Stated::Defined(Equivalence {
        normalize: normalize::rfc2396::normalize,
        step_ids: &["2.3", "6-case", "6-port"],
    }),
    extract: |text, _| Ok(context::rfc2396::extract(text)),
};

/// RFC 3986, January 2005.
static RFC3986: Descriptor = Descriptor {
    doc: Document::Rfc3986,
    public_name: "RFC 3986",
    public_url: "https://www.rfc-editor.org/rfc/rfc3986",
    readings: &[Reading::Strict, Reading::NonStrict],
    // The Section 3 split and Appendix A's names.
    grammar: grammar!("Appendix A", rfc3986),
    relative: Stated::Defined(Relative {
        section: "§5.2",
        resolve: resolution::rfc3986::resolve_seeing,
        branches: resolution::branches::RFC3986,
        split: Some(SplitRules {
            section: "Appendix B",
            layout: split::FIVE,
            named: split::rfc3986,
            recombined: None,
        }),
        entity_base: Stated::Defined(base::rfc3986::entity_base),
        default_base_cite: "RFC 3986 Section 5.1.4",
    }),
    equivalence: Stated::Defined(Equivalence {
        normalize: normalize::rfc3986::normalize,
        step_ids: &["6.2.2.1", "6.2.2.2", "6.2.2.3", "6.2.3"],
    }),
    extract: |text, _| Ok(context::rfc3986::extract(text)),
};

/// The URL Standard, whatwg/url commit 6ae84860 (2 July 2026).
static URL_STANDARD: Descriptor = Descriptor {
    doc: Document::UrlStandard,
    public_name: "URL Standard",
    public_url: "https://url.spec.whatwg.org/",
    readings: &[Reading::Strict],
    // The basic URL parser's states stand for productions (`whatwg::document`).
    grammar: Grammar {
        section: "#concept-basic-url-parser",
        note_ids: &whatwg::document::NOTE_IDS,
        parse_with_coverage: whatwg::document::parse_with_coverage,
        notes: whatwg::document::notes,
    },
    relative: Stated::Defined(Relative {
        section: "#api-url-parser",
        resolve: whatwg::document::resolve_seeing,
        branches: whatwg::document::BRANCHES,
        split: None,
        // The base of a document is HTML's business (its "document base URL"); the
        // Standard only takes one as given.
        entity_base: Stated::NotDefined(Citation {
            cite: "URL Standard #concept-base-url",
            quote: "A URL can be designated as base URL.",
        }),
        default_base_cite: "URL Standard #concept-base-url",
    }),
    equivalence: Stated::Defined(Equivalence {
        normalize: whatwg::document::normalize,
        step_ids: &["serialize"],
    }),
    extract: |_, _| {
        Err(crate::context::NotDefined {
            doc: Document::UrlStandard,
            why: "it defines URLs as strings given to its parser, not how to find them in running text",
            cite: "URL Standard (Abstract)",
            quote: "The URL Standard defines URLs, domains, IP addresses, the application/x-www-form-urlencoded format, and their API.",
        })
    },
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_is_in_document_order() {
        let listed: Vec<Document> = DOCUMENTS.iter().map(|d| d.doc).collect();
        assert_eq!(listed, Document::ALL);
        for &doc in Document::ALL {
            assert_eq!(doc.descriptor().doc, doc);
        }
    }

    /// The library reaches each document's own grammar: "http://h/" derives as the
    /// document's production, by way of a rule of its own.
    #[test]
    fn the_library_dispatches_to_each_grammar() {
        use crate::grammar::rule::Rule;
        use crate::testing::assert_dispatched;
        for (doc, rule, reached) in [
            (Document::Draft02, Rule::D02Httpaddress, Rule::D02Hostport),
            (Document::Draft03, Rule::D03Httpaddress, Rule::D03Hostport),
            (Document::Draft06, Rule::D06Httpurl, Rule::D06Hostname),
            (Document::Rfc1738, Rule::Httpurl, Rule::Hostname),
            (Document::Rfc1808, Rule::R1808GenericRl, Rule::R1808NetLoc),
            (
                Document::Draft1996,
                Rule::D1996GenericUrl,
                Rule::D1996Server,
            ),
            (Document::Rfc2396, Rule::R2396AbsoluteUri, Rule::R2396Server),
            (Document::Rfc3986, Rule::R3986Uri, Rule::R3986Authority),
        ] {
            assert_dispatched(doc, b"http://h/", rule, reached);
        }
    }
}
