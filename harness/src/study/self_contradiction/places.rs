//! Where each component of a document's split stands in its grammar: the rule the
//! grammar derives in that place ([`Grammar::places`]), so that a split can be checked
//! against the grammar without taking either side's word for the other's.
//!
//! The rule of a place depends on what else the split found (RFC 3986's path is
//! `path-abempty` after an authority, `path-noscheme` in a relative reference without
//! one). Where the grammar has no place for a component the split gives (RFC 2396's
//! `opaque_part` holds any "?", so it has no `query`), the place says so. For the October
//! 1993 draft the places come from the production that derives the input: what is
//! before its ":" is the scheme, the item after its "//" the login, and the items after
//! that the path (its `[ ? search ]` the search, under `path-excludes-search`).

use crate::Error;
use regex::bytes::Regex;
use std::cell::RefCell;
use std::collections::HashMap;
use urlcert_oracle::{Expr, Oracle, Verdict};
use urlcert_reference::resolve::split::Split;
use urlcert_reference::{DocReading, Document, Reading};

/// What a component must derive from where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rule {
    /// A rule of the grammar, by name.
    Named(String),
    /// A piece of a production (the October 1993 draft): `part` of `production`.
    Piece {
        production: String,
        part: &'static str,
        expr: Expr,
    },
    /// The grammar has no such component here.
    Nowhere(&'static str),
}

impl Rule {
    /// The rule as a report shows it.
    pub fn shown(&self) -> String {
        match self {
            Rule::Named(n) => format!("`{n}`"),
            Rule::Piece {
                production, part, ..
            } => format!("the {part} of `{production}`"),
            Rule::Nowhere(why) => (*why).to_string(),
        }
    }

    /// The rule as a cause's shape names it: a piece by its part only, so that one
    /// cause met in several productions is one.
    pub fn key(&self) -> String {
        match self {
            Rule::Piece { part, .. } => format!("the {part} of its production"),
            other => other.shown(),
        }
    }
}

/// One component of a split, and the rule it must derive from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    pub component: &'static str,
    pub text: Vec<u8>,
    pub rule: Rule,
}

/// A document's grammar under one reading, with the regexes of the rules asked for so
/// far.
pub struct Grammar {
    pub doc: DocReading,
    pub oracle: Oracle,
    regexes: RefCell<HashMap<String, Option<Regex>>>,
}

/// A grammar could not be used for an input: a rule did not compile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unusable(pub String);

impl Grammar {
    /// The document's grammar as the oracle crate reads it, under `doc`'s reading.
    pub fn new(doc: DocReading) -> Result<Grammar, Error> {
        let reading = (doc.reading != Reading::Strict).then(|| doc.reading.id());
        let oracle = Oracle::new(doc.doc.id(), reading).map_err(|e| e.to_string())?;
        Ok(Grammar {
            doc,
            oracle,
            regexes: RefCell::new(HashMap::new()),
        })
    }

    /// Does the grammar, as written, derive `input` as a valid reference (the BNF
    /// alone, whatever the prose adds)?
    pub fn accepts(&self, input: &[u8]) -> bool {
        self.oracle.judge(input).verdict == Verdict::Valid
    }

    /// Does `text` derive from `rule`? `None` for a place with no rule.
    pub fn derives(&self, rule: &Rule, text: &[u8]) -> Result<Option<bool>, Unusable> {
        let (key, expr) = match rule {
            Rule::Named(n) => (n.clone(), None),
            Rule::Piece {
                production,
                part,
                expr,
            } => (format!("{production}: {part}"), Some(expr)),
            Rule::Nowhere(_) => return Ok(None),
        };
        let mut cache = self.regexes.borrow_mut();
        let re = cache.entry(key.clone()).or_insert_with(|| match expr {
            None => self.oracle.rule_regex(&key).ok(),
            Some(e) => self.oracle.expr_regex(e).ok(),
        });
        match re {
            Some(re) => Ok(Some(re.is_match(text))),
            None => Err(Unusable(format!("the rule {key} does not compile"))),
        }
    }

    /// Where each component of `split` (a split of `input`) stands in the grammar.
    /// `None` for the October 1993 draft when no production of `url` derives the input.
    pub fn places(&self, split: &Split, input: &[u8]) -> Option<Vec<Place>> {
        let text = |name: &str| split.get(name).map(<[u8]>::to_vec);
        let mut out = Vec::new();
        let mut place = |component: &'static str, rule: Rule| {
            if let Some(t) = text(component) {
                out.push(Place {
                    component,
                    text: t,
                    rule,
                });
            }
        };
        let named = |n: &str| Rule::Named(n.to_string());
        match self.doc.doc {
            Document::Rfc1808 | Document::Draft1996 => {
                // RFC 1808 §2.2 and the 1996 draft's §4.2-4.3: `scheme`, then `net_loc` /
                // `server`, then `path`, RFC 1808's `params`, `query`; a path, when there
                // is one, derives from `path` wherever it stands (`[ path ]` of
                // `rel_path`, after the "/" of `abs_path`).
                let server = if self.doc.doc == Document::Rfc1808 {
                    "net_loc"
                } else {
                    "server"
                };
                place("scheme", named("scheme"));
                place(server, named(server));
                if split.get("path").is_some_and(|p| !p.is_empty()) {
                    place("path", named("path"));
                }
                place("params", named("params"));
                place("query", named("query"));
                place("fragment", named("fragment"));
            }
            Document::Rfc2396 => {
                let scheme = split.get("scheme").is_some();
                let authority = split.get("authority").is_some();
                let path = split.get("path").unwrap_or_default();
                place("scheme", named("scheme"));
                place("authority", named("authority"));
                // Appendix A: `net_path = "//" authority [ abs_path ]`, `hier_part =
                // ( net_path | abs_path ) [ "?" query ]`, `absoluteURI = scheme ":" (
                // hier_part | opaque_part )`, `relativeURI = ( net_path | abs_path |
                // rel_path ) [ "?" query ]`.
                let opaque = scheme && !authority && !path.starts_with(b"/");
                let query = split.get("query").is_some();
                if opaque && query {
                    // The "?" and what follows it are in `opaque_part`: the query has no
                    // place, and the path is only part of one.
                    place(
                        "query",
                        Rule::Nowhere(
                            "no place: after `scheme \":\"` without \"/\" the grammar has only \
                             `opaque_part`, which holds the \"?\"",
                        ),
                    );
                } else {
                    // An empty path after an authority, or in a relative reference, is
                    // the grammar's `[ abs_path ]` or nothing at all: no rule to ask.
                    let rule = if authority || path.starts_with(b"/") {
                        "abs_path"
                    } else if opaque {
                        "opaque_part"
                    } else {
                        "rel_path"
                    };
                    if opaque || !path.is_empty() {
                        place("path", named(rule));
                    }
                    place("query", named("query"));
                }
                place("fragment", named("fragment"));
            }
            Document::Rfc3986 => {
                let scheme = split.get("scheme").is_some();
                let authority = split.get("authority").is_some();
                let path = split.get("path").unwrap_or_default();
                place("scheme", named("scheme"));
                place("authority", named("authority"));
                // §3: `hier-part = "//" authority path-abempty / path-absolute /
                // path-rootless / path-empty`; §4.2: `relative-part`, with
                // `path-noscheme` for `path-rootless`.
                let rule = if authority {
                    "path-abempty"
                } else if path.starts_with(b"/") {
                    "path-absolute"
                } else if path.is_empty() {
                    "path-empty"
                } else if scheme {
                    "path-rootless"
                } else {
                    "path-noscheme"
                };
                place("path", named(rule));
                place("query", named("query"));
                place("fragment", named("fragment"));
            }
            Document::Draft02 => return self.draft02_places(split, input),
            // A document with no split of its own has no places.
            _ => return None,
        }
        Some(out)
    }

    /// The places in the first production of `url` that derives the input without its
    /// fragment (in the order `url` lists them, `waisaddress` and `prosperoaddress`
    /// followed to their productions) under which every component derives; or, when
    /// there is none, under the first one that derives the input at all.
    fn draft02_places(&self, split: &Split, input: &[u8]) -> Option<Vec<Place>> {
        let url = &input[..input.iter().position(|&b| b == b'#').unwrap_or(input.len())];
        let mut first: Option<Vec<Place>> = None;
        for (name, items) in self.productions() {
            let whole = Rule::Piece {
                production: name.clone(),
                part: "whole",
                expr: Expr::Seq(items.clone()),
            };
            if self.derives(&whole, url) != Ok(Some(true)) {
                continue;
            }
            let places = draft02_production_places(&name, &items, split, self.doc.reading);
            let all = places
                .iter()
                .all(|p| self.derives(&p.rule, &p.text) == Ok(Some(true)));
            if all {
                return Some(places);
            }
            first.get_or_insert(places);
        }
        first
    }

    /// The productions of `url`, each a sequence of items, by name.
    fn productions(&self) -> Vec<(String, Vec<Expr>)> {
        let mut out = Vec::new();
        let mut todo: Vec<String> = match self.oracle.definition("url") {
            Some(Expr::Alt(v)) => v
                .iter()
                .rev()
                .filter_map(|e| match e {
                    Expr::Ref(n) => Some(n.clone()),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        };
        while let Some(name) = todo.pop() {
            match self.oracle.definition(&name) {
                Some(Expr::Seq(items)) => out.push((name, items.clone())),
                Some(Expr::Ref(n)) => todo.push(n.clone()),
                Some(Expr::Alt(v)) => todo.extend(v.iter().rev().filter_map(|e| match e {
                    Expr::Ref(n) => Some(n.clone()),
                    _ => None,
                })),
                _ => {}
            }
        }
        out
    }
}

/// The places in one October 1993 production.
fn draft02_production_places(
    name: &str,
    items: &[Expr],
    split: &Split,
    reading: Reading,
) -> Vec<Place> {
    let lit = |e: &Expr, s: &[u8]| matches!(e, Expr::Lit(l) if l == s);
    let piece = |part: &'static str, items: &[Expr]| Rule::Piece {
        production: name.to_string(),
        part,
        expr: Expr::Seq(items.to_vec()),
    };
    let mut out = Vec::new();
    let mut place = |component: &'static str, rule: Rule| {
        if let Some(t) = split.get(component) {
            out.push(Place {
                component,
                text: t.to_vec(),
                rule,
            });
        }
    };
    let Some(colon) = items.iter().position(|e| lit(e, b":")) else {
        return Vec::new();
    };
    place("scheme", piece("scheme", &items[..colon]));
    let mut rest = &items[colon + 1..];
    if rest.len() >= 3 && lit(&rest[0], b"/") && lit(&rest[1], b"/") {
        place("login", piece("login", &rest[2..3]));
        rest = &rest[3..];
    } else {
        place(
            "login",
            Rule::Nowhere("no place: the production has no \"//\""),
        );
    }
    let search = match rest.last() {
        Some(Expr::Opt(inner)) => match inner.as_ref() {
            Expr::Seq(v) if v.len() == 2 && lit(&v[0], b"?") => Some(v[1].clone()),
            _ => None,
        },
        _ => None,
    };
    match (reading, search) {
        (Reading::PathExcludesSearch, Some(s)) => {
            place("path", piece("path", &rest[..rest.len() - 1]));
            place("search", piece("search", &[s]));
        }
        (Reading::PathExcludesSearch, None) => {
            place("path", piece("path", rest));
            place(
                "search",
                Rule::Nowhere("no place: the production has no `[ ? search ]`"),
            );
        }
        _ => place("path", piece("path", rest)),
    }
    place("fragmentid", Rule::Named("fragmentid".into()));
    out
}
