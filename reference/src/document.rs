//! Document ids and readings.

use std::fmt;
use std::str::FromStr;

/// One of the source documents urlcert can judge an input under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Document {
    /// draft-ietf-uri-url-02, the URL Internet-Draft of T. Berners-Lee, October 1993.
    Draft02,
    /// draft-ietf-uri-url-03, 21 March 1994.
    Draft03,
    /// draft-ietf-uri-url-06, 4 August 1994.
    Draft06,
    /// RFC 1738, December 1994.
    Rfc1738,
    /// RFC 1808, June 1995.
    Rfc1808,
    /// draft-fielding-url-syntax-01, 26 November 1996.
    Draft1996,
    /// RFC 2396, "Uniform Resource Identifiers (URI): Generic Syntax", August 1998: the
    /// 1996 draft as published (<https://www.rfc-editor.org/rfc/rfc2396>).
    Rfc2396,
    /// RFC 3986, "Uniform Resource Identifier (URI): Generic Syntax", January 2005,
    /// which obsoletes RFC 2396 (<https://www.rfc-editor.org/rfc/rfc3986>).
    Rfc3986,
    /// The WHATWG URL Standard, a Living Standard (<https://url.spec.whatwg.org/>), as of
    /// whatwg/url commit 6ae84860 (2 July 2026): what browsers implement.
    UrlStandard,
}

impl Document {
    /// All documents, oldest first.
    pub const ALL: &'static [Document] = &[
        Document::Draft02,
        Document::Draft03,
        Document::Draft06,
        Document::Rfc1738,
        Document::Rfc1808,
        Document::Draft1996,
        Document::Rfc2396,
        Document::Rfc3986,
        Document::UrlStandard,
    ];

    /// The short id used on the command line and in case files. Not read from the
    /// descriptor, so that naming a document does not link every operation's code
    /// (the `documents` module says why that matters).
    pub fn id(self) -> &'static str {
        match self {
            Document::Draft02 => "draft-02",
            Document::Draft03 => "draft-03",
            Document::Draft06 => "draft-06",
            Document::Rfc1738 => "rfc1738",
            Document::Rfc1808 => "rfc1808",
            Document::Draft1996 => "draft-1996",
            Document::Rfc2396 => "rfc2396",
            Document::Rfc3986 => "rfc3986",
            Document::UrlStandard => "url-standard",
        }
    }

    /// The name the document is published and cited by.
    pub fn public_name(self) -> &'static str {
        self.descriptor().public_name
    }

    /// The public copy of the document: the RFC Editor's page for an RFC, the IETF
    /// archive's (datatracker) page for an Internet-Draft.
    pub fn public_url(self) -> &'static str {
        self.descriptor().public_url
    }

    /// The public copy at `section` as the cases cite it: `5.2.1` is `#section-5.2.1`,
    /// `C.2` (or `Appendix C.2`) `#appendix-C.2`, as both sites name their anchors. A
    /// section by title (the 1993 drafts have no numbers: "PARTIAL FORM") links to the
    /// document itself.
    pub fn section_url(self, section: &str) -> String {
        let s = section.trim();
        // The URL Standard is cited by its anchors (`#concept-basic-url-parser`).
        if s.starts_with('#') {
            let anchor = s.split(' ').next().unwrap_or(s);
            return format!("{}{anchor}", self.public_url());
        }
        let s = s
            .strip_prefix("Appendix ")
            .or_else(|| s.strip_prefix("App. "))
            .unwrap_or(s);
        let s = s.split(' ').next().unwrap_or("");
        let numbered = |t: &str| {
            !t.is_empty()
                && t.split('.')
                    .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
        };
        // An appendix: one capital letter, perhaps with a numbered subsection ("C.2").
        let mut chars = s.chars();
        let letter = chars.next().is_some_and(|c| c.is_ascii_uppercase());
        let rest = chars.as_str();
        let appendix = letter && (rest.is_empty() || rest.strip_prefix('.').is_some_and(numbered));
        if numbered(s) {
            format!("{}#section-{s}", self.public_url())
        } else if appendix {
            format!("{}#appendix-{s}", self.public_url())
        } else {
            self.public_url().to_string()
        }
    }

    /// Does the document define relative references and their resolution? draft-03,
    /// draft-06 and RFC 1738 do not ([`crate::resolve`] says so in their words).
    pub fn resolves(self) -> bool {
        self.descriptor().relative.defined().is_some()
    }

    /// The readings this document admits, the first being its default.
    pub fn readings(self) -> &'static [Reading] {
        self.descriptor().readings
    }
}

impl fmt::Display for Document {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Document {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Document::ALL
            .iter()
            .copied()
            .find(|d| d.id() == s)
            .ok_or_else(|| {
                let known: Vec<_> = Document::ALL.iter().map(|d| d.id()).collect();
                format!(
                    "unknown document `{s}`{} (known: {})",
                    did_you_mean(s, &known),
                    known.join(", ")
                )
            })
    }
}

/// How a document is applied where its text allows more than one reading. Each
/// non-default reading changes exactly one choice, so a case can show what that one
/// ambiguity decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Reading {
    /// The text taken literally. For grammars: literals and `lowalpha` match exactly
    /// (RFC 822 gives no case rule for literals). For the October 1993 partial form: the
    /// "path" is "the rest of the locator", and `xxx` is any complete path element.
    #[default]
    Strict,
    /// The scheme name is compared without case, as RFC 1738 Section 2.1 recommends to
    /// interpreters; everything else stays exact.
    SchemeCaseIgnore,
    /// October 1993 partial form: the context's "path" is the BNF's `path`, so its
    /// `?search` is not merged into, and the partial URL's `?search` and `#fragment` are
    /// set aside before the tests and the dot removal.
    PathExcludesSearch,
    /// October 1993 partial form: in "/xxx/..", `xxx` is a complete path element other
    /// than "." and "..", as RFC 1808 later wrote it.
    XxxExcludesDots,
    /// October 1993 and draft-03 grammars: `mailtoaddress` has one colon
    /// (`m a i l t o : xalphas @ hostname`), as the prose's "RFC822 addr-spec" intends,
    /// instead of the BNF's `m a i l t o : :`.
    MailtoSingleColon,
    /// draft-03 grammar: the ftp data type is the prose's suffix ";type=" followed by
    /// an RFC 959 type code with the space omitted, instead of the BNF's bare `ftptype`.
    FtptypeProse,
    /// RFC 2396 with RFC 2732 (December 1999) Section 3: `host` also derives an IPv6
    /// literal in brackets (`IPv6reference`, with RFC 2373's `IPv6address`),
    /// `IPv4address` becomes RFC 2373's (at most three digits a group), and "[" and "]"
    /// leave `unwise` for `reserved`.
    Rfc2732,
    /// RFC 2396 Section 5.2 step 6g: the "../" segments that would climb above the root
    /// are discarded ("discarding relative levels above the root"), the treatment
    /// Appendix C.2 gives as an alternative, instead of being kept.
    AboveRootRemoved,
    /// RFC 2396 Section 5.2 step 3: a reference whose scheme equals the base's is
    /// resolved as a relative one (the "backwards compatibility" work-around the section
    /// allows "if the scheme is known to always use the <hier_part> syntax", which
    /// urlcert takes to be when the base is in that syntax), instead of being taken as
    /// absolute.
    SameSchemeRelative,
    /// RFC 3986 Section 5.2.2: a reference's scheme equal to the base's is dropped
    /// "for backward compatibility" (the non-strict parser), instead of being taken
    /// as absolute.
    NonStrict,
    /// The 1996 draft: a "//" after which Section 4.3.1's server fails derives as a path
    /// whose first segment is empty (`abs_path = "/" rel_path`, `segment = *pchar`), as
    /// the BNF alone allows, instead of the server the procedure takes. Resolution is
    /// unchanged: Section 6 parses "as described in Section 4".
    DoubleSlashPath,
    /// RFC 1738 and draft-06, URLs in running text: angle brackets without "URL:" also
    /// delimit a URL, since Section 2.2 calls "<" and ">" "the delimiters around URLs in
    /// free text", besides the appendix's recommended `<URL:...>`. Parsing is unchanged.
    BareAngleBrackets,
    /// The 1996 draft and RFC 2396, establishing a base: a Content-Base or
    /// Content-Location field whose value has a fragment gives the URL before it, since
    /// Section 3 (RFC 2396 Section 4) says ""the URL" which results from such a reference
    /// includes only the absolute URL after the fragment identifier (if any) is removed",
    /// instead of giving no base because the value breaks the field's production.
    /// Parsing and resolution are unchanged.
    BaseFragmentRemoved,
}

impl Reading {
    /// The id written after `@` in `DOC@READING`; the strict reading has none.
    pub fn id(self) -> &'static str {
        match self {
            Reading::Strict => "strict",
            Reading::SchemeCaseIgnore => "scheme-case-ignore",
            Reading::PathExcludesSearch => "path-excludes-search",
            Reading::XxxExcludesDots => "xxx-excludes-dots",
            Reading::MailtoSingleColon => "mailto-single-colon",
            Reading::FtptypeProse => "ftptype-prose",
            Reading::Rfc2732 => "rfc2732",
            Reading::AboveRootRemoved => "above-root-removed",
            Reading::SameSchemeRelative => "same-scheme-relative",
            Reading::NonStrict => "non-strict",
            Reading::DoubleSlashPath => "double-slash-path",
            Reading::BareAngleBrackets => "bare-angle-brackets",
            Reading::BaseFragmentRemoved => "base-fragment-removed",
        }
    }
}

/// A document together with the reading it is applied under: `rfc1738`,
/// `rfc1738@scheme-case-ignore`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DocReading {
    pub doc: Document,
    pub reading: Reading,
}

impl DocReading {
    pub fn new(doc: Document, reading: Reading) -> Self {
        DocReading { doc, reading }
    }
}

impl From<Document> for DocReading {
    fn from(doc: Document) -> Self {
        DocReading::new(doc, Reading::Strict)
    }
}

impl fmt::Display for DocReading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.reading {
            Reading::Strict => write!(f, "{}", self.doc),
            other => write!(f, "{}@{}", self.doc, other.id()),
        }
    }
}

impl FromStr for DocReading {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let (doc, reading) = match s.split_once('@') {
            Some((d, r)) => (d, Some(r)),
            None => (s, None),
        };
        let doc: Document = doc.parse()?;
        let reading = match reading {
            None => Reading::Strict,
            Some(r) => doc
                .readings()
                .iter()
                .copied()
                .find(|x| x.id() == r)
                .ok_or_else(|| {
                    let known: Vec<_> = doc.readings().iter().map(|x| x.id()).collect();
                    format!(
                        "unknown reading `{r}` for {doc}{} (known: {})",
                        did_you_mean(r, &known),
                        known.join(", ")
                    )
                })?,
        };
        Ok(DocReading { doc, reading })
    }
}

/// "; did you mean `NAME`?" for the known name most like a misspelt one, when one is
/// like enough (at most a quarter of its letters transposed, replaced, added or
/// removed); otherwise nothing.
fn did_you_mean(given: &str, known: &[&str]) -> String {
    known
        .iter()
        .map(|k| (strsim::normalized_damerau_levenshtein(given, k), k))
        .filter(|(similarity, _)| *similarity >= 0.75)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map_or_else(String::new, |(_, k)| format!("; did you mean `{k}`?"))
}

#[cfg(feature = "serde")]
impl serde::Serialize for DocReading {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doc_reading_parses_and_prints() {
        let d: DocReading = "rfc1738@scheme-case-ignore".parse().unwrap();
        assert_eq!(
            d,
            DocReading::new(Document::Rfc1738, Reading::SchemeCaseIgnore)
        );
        assert_eq!(d.to_string(), "rfc1738@scheme-case-ignore");
        assert_eq!(
            "rfc1738".parse::<DocReading>().unwrap().to_string(),
            "rfc1738"
        );
        assert_eq!(
            "rfc1738@strict".parse::<DocReading>().unwrap().to_string(),
            "rfc1738"
        );
        assert!("rfc1739"
            .parse::<DocReading>()
            .unwrap_err()
            .contains("unknown document"));
        assert!("draft-02@scheme-case-ignore"
            .parse::<DocReading>()
            .unwrap_err()
            .contains("unknown reading"));
        let misspelt = "rfc1739".parse::<DocReading>().unwrap_err();
        assert!(misspelt.contains("; did you mean `rfc1738`?"), "{misspelt}");
        let misspelt = "rfc2396@rfc2733".parse::<DocReading>().unwrap_err();
        assert!(misspelt.contains("; did you mean `rfc2732`?"), "{misspelt}");
        let unlike = "gopher".parse::<DocReading>().unwrap_err();
        assert!(!unlike.contains("did you mean"), "{unlike}");
    }
}

#[cfg(test)]
mod links {
    use super::Document;

    #[test]
    fn sections_link_to_their_anchors() {
        let r = Document::Rfc3986;
        assert_eq!(
            r.section_url("5.2.1"),
            "https://www.rfc-editor.org/rfc/rfc3986#section-5.2.1"
        );
        assert_eq!(
            r.section_url("C.2"),
            "https://www.rfc-editor.org/rfc/rfc3986#appendix-C.2"
        );
        assert_eq!(
            r.section_url("B"),
            "https://www.rfc-editor.org/rfc/rfc3986#appendix-B"
        );
        assert_eq!(
            r.section_url("Appendix D"),
            "https://www.rfc-editor.org/rfc/rfc3986#appendix-D"
        );
        assert_eq!(
            Document::Draft1996.section_url("6"),
            "https://datatracker.ietf.org/doc/html/draft-fielding-url-syntax-01#section-6"
        );
        // A heading of the 1993 drafts, or a section with its title after it.
        assert_eq!(
            Document::Draft02.section_url("PARTIAL FORM"),
            "https://datatracker.ietf.org/doc/html/draft-ietf-uri-url-02"
        );
        assert_eq!(
            Document::Draft06.section_url("APPENDIX"),
            Document::Draft06.public_url()
        );
        assert_eq!(
            Document::Rfc1808.section_url("2.4 (Examples)"),
            "https://www.rfc-editor.org/rfc/rfc1808#section-2.4"
        );
    }
}
