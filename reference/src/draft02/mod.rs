//! The URL Internet-Draft of October 1993 (T. Berners-Lee, draft-ietf-uri-url-02):
//! the section "BNF syntax", from `grammar/draft-02-bnf.txt` (the draft's lines,
//! repaired only as `grammar/README.md` lists).
//!
//! One function per production, named after it, one constant per character class
//! ([`classes::SAFE`]), each with the production verbatim in its doc comment (the test
//! `tests/bnf_text_draft02.rs` checks the quotes). Each recognises a whole span of the
//! input; the callers find the spans from the delimiters the productions cannot derive,
//! as in [`crate::rfc1738`].
//!
//! This grammar is far more permissive than the later ones: `xalpha` holds ":", ";",
//! "@", "&", "$", quotes and the space character, so a user, a password, a hostname and a
//! group may all hold ":" and "@". Where the input derives more than one way, it is
//! accepted, the components come from one derivation chosen by a rule stated where it
//! is chosen ([`ip`], [`news`], [`generic`], [`prospero`], [`gopher`]), and the parse
//! lists an [`Ambiguity`].
//!
//! Verdicts: the entry production is `fragmentaddress`.
//! `valid` when the scheme's own production matches (`httpaddress`, `ftpaddress`,
//! `newsaddress`, `nntpaddress`, `prosperoaddress`, `telnetaddress`, `gopheraddress`,
//! `waisaddress`, `mailtoaddress`), or the scheme is none of those and `generic`
//! matches; `generic-only` when the scheme is one of those and only `generic` matches;
//! `invalid` otherwise.

pub mod afs;
pub mod classes;
pub mod ftp;
pub mod generic;
pub mod gopher;
pub mod http;
pub mod ip;
pub mod lexical;
pub mod mailto;
pub mod news;
pub mod nntp;
pub mod notes;
pub mod prospero;
pub mod telnet;
pub mod wais;

use crate::document::{DocReading, Document};
use crate::grammar::cx::{furthest, Cx, Res, Span};
pub use crate::grammar::matched::Match;
use crate::grammar::outcome::Part;
use crate::grammar::outcome::{Failure, Parse, Verdict};
use crate::grammar::rule::Rule;
use classes::{owned, xalphas};

/// The component names, in the order a parse reports them.
pub const COMPONENTS: &[&str] = &[
    "scheme",
    "user",
    "password",
    "host",
    "port",
    "path",
    "search",
    "groupart",
    "group",
    "article",
    "digits",
    "xalphas",
    "database",
    "wtype",
    "hsoname",
    "version",
    "attributes",
    "gtype",
    "selector",
    "fragmentid",
];

/// The schemes `url` names a production for, with that production (the alternative of
/// `url`).
pub const PREDEFINED: &[(&str, Rule)] = &[
    ("http", Rule::D02Httpaddress),
    ("ftp", Rule::D02Ftpaddress),
    ("news", Rule::D02Newsaddress),
    ("nntp", Rule::D02Nntpaddress),
    ("prospero", Rule::D02Prosperoaddress),
    ("telnet", Rule::D02Telnetaddress),
    ("gopher", Rule::D02Gopheraddress),
    ("wais", Rule::D02Waisaddress),
    ("mailto", Rule::D02Mailtoaddress),
];

type Alternative = for<'b, 'a> fn(&'b mut Cx<'a>, Span) -> Res<Match>;

/// Every alternative of `url` that derives the input.
pub struct UrlMatches {
    pub generic: Res<Match>,
    /// The scheme productions' results, in the BNF's order.
    pub schemes: crate::grammar::cx::Alternatives<Match, 9>,
}

impl UrlMatches {
    fn any(&self) -> bool {
        self.generic.is_ok() || self.schemes.any()
    }
}

/// What `fragmentaddress` found.
pub struct FragmentAddress {
    pub uri: UrlMatches,
    /// The span after "#", if there is one, and whether it derives.
    pub fragment: Option<(Span, Res<()>)>,
}

/// `fragmentaddress uri [ # fragmentid ]`
///
/// `uri` derives no "#", so the first "#" starts the fragment-id. Reading: "#" followed
/// by nothing is accepted, with an empty `fragmentid`, though `fragmentid xalphas` is
/// never empty: "If the fragment-id is void, the hash sign may be omitted: A void
/// fragment-id with or without the hash sign means that the URL refers to the whole
/// object" (FULL FORM, Fragment-id; cases/divergences/README.md §6).
pub fn fragmentaddress<'a>(cx: &mut Cx<'a>, s: Span) -> FragmentAddress {
    let hash = cx.find(s, b'#');
    let u = Span::new(s.start, hash.unwrap_or(s.end));
    let uri = uri(cx, u);
    let fragment = hash.map(|h| {
        let f = s.from(h + 1);
        // A void fragment-id: no production to match.
        let r = if f.is_empty() {
            Ok(())
        } else {
            fragmentid(cx, f)
        };
        (f, r)
    });
    let ok = uri.any() && fragment.as_ref().is_none_or(|(_, r)| r.is_ok());
    cx.mark(Rule::D02Fragmentaddress, ok);
    FragmentAddress { uri, fragment }
}

/// `uri url`
pub fn uri<'a>(cx: &mut Cx<'a>, s: Span) -> UrlMatches {
    let m = url(cx, s);
    cx.mark(Rule::D02Uri, m.any());
    m
}

/// `url generic | httpaddress | ftpaddress | newsaddress | nntpaddress | prosperoaddress | telnetaddress | gopheraddress | waisaddress | mailtoaddress`
///
/// `afsaddress` is not an alternative: "The "afsaddress" is left in as historical note,
/// but is not a url production".
pub fn url<'a>(cx: &mut Cx<'a>, s: Span) -> UrlMatches {
    const SCHEMES: [(Rule, Alternative); 9] = [
        (Rule::D02Httpaddress, http::httpaddress),
        (Rule::D02Ftpaddress, ftp::ftpaddress),
        (Rule::D02Newsaddress, news::newsaddress),
        (Rule::D02Nntpaddress, nntp::nntpaddress),
        (Rule::D02Prosperoaddress, prospero::prosperoaddress),
        (Rule::D02Telnetaddress, telnet::telnetaddress),
        (Rule::D02Gopheraddress, gopher::gopheraddress),
        (Rule::D02Waisaddress, wais::waisaddress),
        (Rule::D02Mailtoaddress, mailto::mailtoaddress),
    ];
    let rules = SCHEMES.map(|(rule, _)| rule);
    let schemes = crate::grammar::cx::Alternatives::run(cx, rules, |cx, k| SCHEMES[k].1(cx, s));
    // generic is tried after the scheme productions (each alternative is judged on its
    // own, so the order changes no result) so that its components are written only when
    // it is the one reported: when no scheme production derives the input.
    cx.report(schemes.first.is_none());
    let generic = generic::generic(cx, s);
    let m = UrlMatches { generic, schemes };
    cx.mark(Rule::D02Url, m.any());
    m
}

/// `fragmentid xalphas`
pub fn fragmentid(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D02Fragmentid, |cx| {
        xalphas(cx, s).map_err(owned(Rule::D02Fragmentid))
    })
}

crate::grammar::entry::entry_points! {
    /// Parses `input` under the October 1993 draft and the given reading.
    judge = |cx| {
        let all = Span::new(0, cx.input.len());
        let found = fragmentaddress(cx, all);
        let mut parse = judge(cx, found);
        parse.doc = DocReading::new(Document::Draft02, cx.reading);
        (parse, ())
    };
    notes = |cx, (), noted| notes::add(cx, noted);
}

/// The scheme's own production, by the name before the first ":" (exactly: "Single
/// letters stand for single letters").
pub(crate) fn own_production(cx: &Cx) -> Option<Rule> {
    let colon = cx.input.iter().position(|&b| b == b':')?;
    let name = &cx.input[..colon];
    PREDEFINED
        .iter()
        .find(|(scheme, _)| name == scheme.as_bytes())
        .map(|&(_, rule)| rule)
}

/// Verdict, rule, components and error from the alternatives' results.
fn judge<'a>(cx: &mut Cx<'a>, found: FragmentAddress) -> Parse<'a> {
    let own = own_production(cx);
    let mut alternatives = crate::grammar::outcome::Rules::new();
    let mut generic_match = None;
    let (mut own_failure, mut generic_failure): (Option<Failure>, Option<Failure>) = (None, None);
    match found.uri.generic {
        Ok(m) => {
            alternatives.push(Rule::D02Generic);
            generic_match = Some(m);
        }
        Err(f) => generic_failure = Some(f),
    }
    let chosen = found.uri.schemes.first;
    for (rule, r) in &found.uri.schemes.results {
        match r {
            Ok(()) => alternatives.push(*rule),
            // Another scheme's production fails at its opening letters: that says
            // nothing about this input, so only the own production's failure is kept.
            Err(f) if Some(*rule) == own => own_failure = Some(f.clone()),
            Err(_) => {}
        }
    }
    let (mut verdict, found_match, mut error) = match (chosen, generic_match) {
        (Some(m), _) => (Verdict::Valid, Some(m), None),
        (None, Some(m)) if own.is_some() => (Verdict::GenericOnly, Some(m), own_failure),
        (None, Some(m)) => (Verdict::Valid, Some(m), None),
        (None, None) => {
            let e = match (own_failure, generic_failure) {
                (Some(a), Some(b)) => Some(furthest(a, b)),
                (a, b) => a.or(b),
            };
            (Verdict::Invalid, None, e)
        }
    };
    let mut found_match = found_match;
    // A fragment-id that does not derive leaves nothing that matches.
    if let Some((_, Err(f))) = &found.fragment {
        if found_match.is_some() {
            verdict = Verdict::Invalid;
            error = Some(f.clone());
            found_match = None;
            alternatives.clear();
        }
    }
    let doc = DocReading::from(Document::Draft02);
    let mut parse = cx.parse(doc, verdict, found_match, error, alternatives);
    if parse.rule.is_some() {
        let frag = found.fragment.map(|(f, _)| Part::Str(f));
        parse.components.put("fragmentid", frag);
    }
    parse
}

#[cfg(test)]
mod tests;
