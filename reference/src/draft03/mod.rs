//! draft-ietf-uri-url-03, "Uniform Resource Locators (URL)", 21 March 1994:
//! the section "BNF for specific URL schemes".
//!
//! One function per production, named after it, one constant per character class, each
//! with the production verbatim in its doc comment (`grammar/draft-03-bnf.txt` holds
//! them all; the test `tests/bnf_text_draft03.rs` checks the quotes). Each function
//! recognises a whole span of the input; see [`crate::grammar::cx`] for why that keeps the
//! recogniser complete and linear. Where the BNF is ambiguous (several derivations with
//! different components), the derivation reported is named in the function's comment
//! and recorded as an [`Ambiguity`].
//!
//! Verdicts (the contract of `cases/README.md`):
//! - the entry is `prefixedurl | url`. `url` is a closed list of eleven scheme
//!   productions with no generic alternative, so an input whose scheme is not one of
//!   them (`file:`, `afs:`, `foo:`, and `HTTP:`, since "Single letters stand for single
//!   letters"; `1abc:` too, though it is no `scheme`) is `not-defined`, with its `scheme`
//!   reported when the name derives `scheme`;
//! - `valid` when the scheme's own production derives the rest, `invalid` when it does
//!   not, or when the input has no ":" at all;
//! - the "URL:" prefix is matched without case (cases/divergences/README.md §6: "Case-insensitive
//!   prefix"); without it the input is still judged, through `url` ("(Nov 1993. July
//!   93: url)"), and gets the note `prefix-missing`.

pub mod afs;
pub mod at;
pub mod classes;
pub mod ftp;
pub mod gopher;
pub mod http;
pub mod ip;
pub mod mail;
pub mod news;
pub mod notes;
pub mod path;
pub mod prospero;
pub mod rfc822;
pub mod telnet;
pub mod wais;

use crate::document::{DocReading, Document};
use crate::grammar::cx::{Cx, Res, Span};
pub use crate::grammar::matched::Match;
use crate::grammar::outcome::Part;
use crate::grammar::outcome::{Failure, Parse, Verdict};
use crate::grammar::rule::Rule;
use classes::ialpha;
pub use ip::login_ambiguity;

/// The component names, in the order a parse reports them.
pub const COMPONENTS: &[&str] = &[
    "scheme",
    "user",
    "password",
    "host",
    "port",
    "path",
    "ftptype",
    "search",
    "groupart",
    "group",
    "article",
    "digits",
    "xalphas",
    "database",
    "wtype",
    "wpath",
    "hsoname",
    "version",
    "attributes",
    "gtype",
    "gcommand",
];

type Alternative = for<'b, 'a> fn(&'b mut Cx<'a>, Span) -> Res<Match>;

/// The alternatives of `url`, each with the scheme name its production starts with.
pub const SCHEMES: &[(&str, Rule, Alternative)] = &[
    ("http", Rule::D03Httpaddress, http::httpaddress),
    ("ftp", Rule::D03Ftpaddress, ftp::ftpaddress),
    ("news", Rule::D03Newsaddress, news::newsaddress),
    ("nntp", Rule::D03Nntpaddress, news::nntpaddress),
    (
        "prospero",
        Rule::D03Prosperoaddress,
        prospero::prosperoaddress,
    ),
    ("telnet", Rule::D03Telnetaddress, telnet::telnetaddress),
    ("gopher", Rule::D03Gopheraddress, gopher::gopheraddress),
    ("wais", Rule::D03Waisaddress, wais::waisaddress),
    ("mailto", Rule::D03Mailtoaddress, mail::mailtoaddress),
    ("mid", Rule::D03Midaddress, mail::midaddress),
    ("cid", Rule::D03Cidaddress, mail::cidaddress),
];

/// What `url` found.
// The match is kept inline (a box would be an allocation per parse).
#[allow(clippy::large_enum_variant)]
pub enum UrlMatch {
    /// The scheme is one of `url`'s: its production's result.
    Listed {
        alternative: Rule,
        result: Res<Match>,
    },
    /// A `scheme` (an `ialpha`) before the first ":" that is none of `url`'s: a scheme
    /// this document does not define (`not-defined`).
    NotListed { scheme: Span },
    /// No ":", or text before it that is no `scheme` (`1abc:x`, `//h:80/`): nothing
    /// names a scheme, so nothing derives (`invalid`).
    NoScheme(Failure),
}

/// `url httpaddress | ftpaddress | newsaddress | nntpaddress | prosperoaddress | telnetaddress | gopheraddress | waisaddress | mailtoaddress | midaddress | cidaddress`
///
/// Every alternative starts with its scheme name and ":", so the name before the first
/// ":" picks the one alternative that can match; the others fail at their first
/// literal and are not tried.
pub fn url<'a>(cx: &mut Cx<'a>, s: Span) -> UrlMatch {
    let colon = cx.find(s, b':');
    let name = Span::new(s.start, colon.unwrap_or(s.end));
    let listed = colon.and_then(|_| {
        SCHEMES
            .iter()
            .find(|(scheme, _, _)| cx.bytes(name) == scheme.as_bytes())
    });
    let found = match listed {
        Some(&(_, alternative, production)) => UrlMatch::Listed {
            alternative,
            result: production(cx, s),
        },
        None => match (scheme(cx, name), colon) {
            (Ok(()), Some(_)) => UrlMatch::NotListed { scheme: name },
            (Ok(()), None) => UrlMatch::NoScheme(cx.fail(s.end, Rule::D03Url, "\":\"")),
            (Err(f), _) => UrlMatch::NoScheme(f),
        },
    };
    let ok = matches!(&found, UrlMatch::Listed { result: Ok(_), .. });
    cx.mark(Rule::D03Url, ok);
    found
}

/// `prefixedurl u r l : url`
///
/// The prefix is matched without case: the prose writes it "URL:" ("the whole string
/// must start with a constant prefix "URL:""), the BNF `u r l :`, and cases/divergences/README.md §6
/// reads it "Case-insensitive prefix". `None` when the input does not start with it.
pub fn prefixedurl<'a>(cx: &mut Cx<'a>, s: Span) -> Option<UrlMatch> {
    let has = cx
        .bytes(s)
        .get(..4)
        .is_some_and(|p| p.eq_ignore_ascii_case(b"url:"));
    if !has {
        cx.mark(Rule::D03Prefixedurl, false);
        return None;
    }
    let m = url(cx, s.from(s.start + 4));
    let ok = matches!(&m, UrlMatch::Listed { result: Ok(_), .. });
    cx.mark(Rule::D03Prefixedurl, ok);
    Some(m)
}

/// `scheme ialpha`
///
/// No production uses it; the prose says "the first element is the name of the scheme,
/// separated from the rest of the object by a colon". It decides whether a name `url`
/// does not list is a scheme the draft does not define (`foo:x`, `not-defined`) or no
/// scheme at all (`1abc:x`, `invalid`). The oracle reads it the same way.
pub fn scheme(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D03Scheme, |cx| ialpha(cx, s))
}

crate::grammar::entry::entry_points! {
    /// Parses `input` under draft-03 and the given reading.
    judge = judge;
    notes = |cx, &prefixed, noted| notes::add(cx, noted, prefixed, judge);
}

/// The verdict, without notes; and whether the "URL:" prefix was there.
pub(crate) fn judge<'a>(cx: &mut Cx<'a>) -> (Parse<'a>, bool) {
    let all = Span::new(0, cx.input.len());
    let (m, prefixed) = match prefixedurl(cx, all) {
        Some(m) => (m, true),
        None => (url(cx, all), false),
    };
    let mut parse = Parse::unjudged(DocReading::new(Document::Draft03, cx.reading), cx.input);
    match m {
        UrlMatch::Listed {
            alternative,
            result: Ok(found),
        } => {
            parse.verdict = Verdict::Valid;
            parse.rule = Some(found.rule);
            parse.components = cx.take_components();
            parse.alternatives = [alternative].into_iter().collect();
            parse.ambiguities = found.ambiguities;
        }
        UrlMatch::Listed { result: Err(f), .. } => parse.error = Some(f),
        UrlMatch::NotListed { scheme } => {
            parse.verdict = Verdict::NotDefined;
            parse.components.put("scheme", Some(Part::Str(scheme)));
        }
        UrlMatch::NoScheme(f) => parse.error = Some(f),
    }
    (parse, prefixed)
}

#[cfg(test)]
mod tests;
