//! What an expectation says, reduced to what can be compared across documents: the
//! verdict and components of a parse, the result of a resolution. Component names
//! differ between grammars (`hpath` in RFC 1738, `path` in the 1996 draft), so a
//! component is compared only where both documents assert the same name, or names
//! that [`SAME_PART`] declares to be the same part. The URL Standard's components are
//! its getters, which no grammar shares a meaning with even where the names agree
//! (`host`, `search`), so it is compared with RFC 2396 and RFC 3986 through
//! [`GETTERS`] and with the older grammars by verdict alone.

use super::operation::Operation;
use super::schema::{Case, Expectation, ExpectedValue};
use urlcert_reference::Document;

/// Component names that different grammars give to the same part of a URL: the older
/// grammars' `search` is the later `query`, the October 1993 `fragmentid` the later
/// `fragment`. Names not listed are compared only with themselves.
pub const SAME_PART: &[&[&str]] = &[&["search", "query"], &["fragmentid", "fragment"]];

fn same_part(a: &str, b: &str) -> bool {
    a == b || SAME_PART.iter().any(|g| g.contains(&a) && g.contains(&b))
}

/// The URL Standard's getters read off RFC 2396's and RFC 3986's components: the
/// getter, the component, and what the getter puts around it (`#url-class`: protocol
/// is the scheme and ":"; search is "?" and the query, or "" when the query is null or
/// empty; hash likewise with "#"; hostname, port and pathname as they are, null as "").
pub const GETTERS: &[(&str, &str, Getter)] = &[
    ("protocol", "scheme", Getter::Suffixed(":")),
    ("hostname", "host", Getter::Plain),
    ("port", "port", Getter::Plain),
    ("pathname", "path", Getter::Plain),
    ("search", "query", Getter::Prefixed("?")),
    ("hash", "fragment", Getter::Prefixed("#")),
];

/// How a getter decorates the component it returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Getter {
    /// As it is; null is "".
    Plain,
    /// Followed by this; null is "".
    Suffixed(&'static str),
    /// This, then the component; "" when it is null or empty.
    Prefixed(&'static str),
}

impl Getter {
    fn read(self, v: Option<&ExpectedValue>) -> String {
        self.decorate(match v {
            Some(ExpectedValue::Str(s)) => Some(s.as_str()),
            _ => None,
        })
    }

    /// The getter's value for a component's text (`None`: null).
    pub fn decorate(self, text: Option<&str>) -> String {
        match (self, text) {
            (Getter::Plain, t) => t.unwrap_or_default().to_string(),
            (Getter::Suffixed(after), t) => format!("{}{after}", t.unwrap_or_default()),
            (Getter::Prefixed(_), None | Some("")) => String::new(),
            (Getter::Prefixed(before), Some(t)) => format!("{before}{t}"),
        }
    }
}

/// The first getter whose value differs between a URL Standard expectation (`us`) and
/// an RFC 2396 or RFC 3986 one (`rfc`), each asserted on both sides.
fn getter_change(us: &Expectation, rfc: &Expectation, us_first: bool) -> Option<Change> {
    GETTERS.iter().find_map(|&(getter, component, how)| {
        let Some(Some(ExpectedValue::Str(got))) = us.components.get(getter) else {
            return None;
        };
        let read = how.read(rfc.components.get(component)?.as_ref());
        if *got == read {
            return None;
        }
        let (us_side, rfc_side) = (format!("{got:?}"), format!("{read:?}"));
        let (before, after) = if us_first {
            (us_side, rfc_side)
        } else {
            (rfc_side, us_side)
        };
        Some(Change::Component {
            name: format!("{getter}/{component}"),
            before,
            after,
        })
    })
}

/// How two documents' expectations for one case differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    Verdict {
        before: String,
        after: String,
    },
    Component {
        name: String,
        before: String,
        after: String,
    },
    Resolution {
        before: String,
        after: String,
    },
    Extraction {
        before: String,
        after: String,
    },
    Normalization {
        before: String,
        after: String,
    },
    /// The bases of a document, or the absolute forms of its references.
    Base {
        before: String,
        after: String,
    },
}

impl Change {
    /// `verdict`, `component`, `resolution`, `extraction`, `normalization` or `base`.
    pub fn kind(&self) -> &'static str {
        match self {
            Change::Verdict { .. } => "verdict",
            Change::Component { .. } => "component",
            Change::Resolution { .. } => "resolution",
            Change::Extraction { .. } => "extraction",
            Change::Normalization { .. } => "normalization",
            Change::Base { .. } => "base",
        }
    }
}

/// The first difference between `a` and `b` (expectations for the same case under two
/// documents), or `None` when they say the same thing.
pub fn change(
    case: &Case,
    a: (Document, &Expectation),
    b: (Document, &Expectation),
) -> Option<Change> {
    change_of(case.op, a, b)
}

/// [`change`] for two expectations of an `op` request, whatever case (or none) states
/// them.
pub fn change_of(
    op: Operation,
    (da, a): (Document, &Expectation),
    (db, b): (Document, &Expectation),
) -> Option<Change> {
    match op {
        Operation::Resolve => {
            let (before, after) = (resolution(a), resolution(b));
            (before != after).then_some(Change::Resolution { before, after })
        }
        Operation::Extract => {
            let (before, after) = (extraction(a), extraction(b));
            (before != after).then_some(Change::Extraction { before, after })
        }
        Operation::Normalize => {
            // A normal form, or the verdict when there is none: read as a resolution.
            let (before, after) = (resolution(a), resolution(b));
            (before != after).then_some(Change::Normalization { before, after })
        }
        Operation::Base | Operation::Links => {
            let (before, after) = (documents(a), documents(b));
            (before != after).then_some(Change::Base { before, after })
        }
        Operation::Parse => {
            let (before, after) = (verdict(a), verdict(b));
            if before != after {
                return Some(Change::Verdict { before, after });
            }
            let us = Document::UrlStandard;
            let uri = |d: Document| matches!(d, Document::Rfc2396 | Document::Rfc3986);
            match (da == us, db == us) {
                (true, true) => {}
                (true, false) if uri(db) => return getter_change(a, b, true),
                (false, true) if uri(da) => return getter_change(b, a, false),
                (true, false) | (false, true) => return None,
                (false, false) => {}
            }
            a.components.iter().find_map(|(name, va)| {
                let (other, vb) = b.components.iter().find(|(n, _)| same_part(name, n))?;
                (va != vb).then(|| Change::Component {
                    name: if name == other {
                        name.clone()
                    } else {
                        format!("{name}/{other}")
                    },
                    before: value(va.as_ref()),
                    after: value(vb.as_ref()),
                })
            })
        }
    }
}

/// A parse verdict, or `?` when the expectation has none.
pub fn verdict(e: &Expectation) -> String {
    e.verdict.clone().unwrap_or_else(|| "?".into())
}

/// A resolution's result, or its verdict (`not-defined`, `invalid`) when there is none.
pub fn resolution(e: &Expectation) -> String {
    match (&e.result, &e.verdict) {
        (Some(r), _) => r.clone(),
        (None, Some(v)) => format!("({v})"),
        (None, None) => "?".into(),
    }
}

/// The URLs an extraction finds (with their alternatives), or its verdict (`not-defined`) when it has none.
pub fn extraction(e: &Expectation) -> String {
    match (&e.urls, &e.verdict) {
        (Some(urls), _) => {
            // A URL with its other readings (the hyphen rule), where the case gives them.
            let urls: Vec<String> = urls
                .iter()
                .map(|u| match u.alternatives.as_deref() {
                    Some(alt) if !alt.is_empty() => format!("{:?} or {alt:?}", u.url),
                    _ => format!("{:?}", u.url),
                })
                .collect();
            format!("[{}]", urls.join(", "))
        }
        (None, Some(v)) => format!("({v})"),
        (None, None) => "?".into(),
    }
}

/// A `base` case's bases or a `links` case's absolute forms, or the verdict
/// (`not-defined`), as one line.
pub fn documents(e: &Expectation) -> String {
    if let Some(v) = &e.verdict {
        return format!("({v})");
    }
    let bases = e.bases.iter().flatten().map(|b| {
        let part = if b.part.is_empty() {
            "top".to_string()
        } else {
            format!("part {}", b.part)
        };
        let base = b
            .base
            .as_ref()
            .map_or("(undefined)".to_string(), |b| format!("{b:?}"));
        format!("{part}: {base} from {}", b.source)
    });
    let links = e.links.iter().flatten().map(|l| {
        let to = match (&l.result, &l.error) {
            (Some(r), _) => r.clone(),
            (None, Some(e)) => format!("({e})"),
            (None, None) => "?".into(),
        };
        format!("{} -> {to}", l.href)
    });
    let all: Vec<String> = bases.chain(links).collect();
    format!("[{}]", all.join(", "))
}

/// A component value as one line: `null` for absent, a list as `[a, b]`.
pub fn value(v: Option<&ExpectedValue>) -> String {
    match v {
        None => "null".into(),
        Some(ExpectedValue::Str(s)) => format!("{s:?}"),
        Some(ExpectedValue::List(l)) => format!("{l:?}"),
        Some(ExpectedValue::Fields(f)) => {
            let parts: Vec<String> = f
                .iter()
                .map(|x| format!("{}={}", x.fieldname, x.fieldvalue))
                .collect();
            format!("[{}]", parts.join(", "))
        }
    }
}
