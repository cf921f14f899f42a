//! The checks the fuzz targets in `fuzz/` make, as ordinary functions so that tests run
//! them on the case inputs too.
//!
//! - [`adapters_diff`]: the reference's draft-1996 answer against one in-process adapter
//!   (`url` or `fluent-uri`, picked by the input's first byte, [`crate::run::fuzzinput`]),
//!   judged as `urlcert run` judges (the tables and normalisations of
//!   [`crate::judge::meaning`]; [`crate::judge::known::adapter_diff`] for a given adapter). Every disagreement must
//!   fall in one of the named [`crate::judge::known::DIVERGENCES`], each a small function citing the case in
//!   `cases/` that shows it; anything else is returned as an error, which the fuzz target
//!   turns into a crash.
//! - structured: URLs built from the grammars' productions, valid by construction,
//!   with the components they were built from ([`Built`]), and [`check_built`], which asks
//!   the reference for exactly those components.

use crate::ask::Engine;
use crate::Error;
use urlcert_reference::{parse, Document, Value, Verdict};

/// The check of the `adapters_diff` fuzz target, on its input: the first byte picks the
/// adapter of `adapters` (`byte % n`, [`crate::run::fuzzinput::split`]; the fuzz target
/// passes [`crate::run::fuzzinput::adapters`]), the rest is the URL, judged by
/// [`crate::judge::known::adapter_diff`]. The empty input checks nothing.
pub fn adapters_diff(
    adapters: &mut [Box<dyn Engine>],
    input: &[u8],
) -> Result<Option<&'static str>, Error> {
    match crate::run::fuzzinput::split(input, adapters.len()) {
        Some((i, url)) => Ok(crate::judge::known::adapter_diff(
            adapters[i].as_mut(),
            url,
        )?),
        None => Ok(None),
    }
}

// ------------------------------------------------------------------ structured

/// A URL built from a grammar's productions, and the components it was built from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Built {
    pub doc: Document,
    /// The production it is an instance of (`generic-URL`, `httpurl`, `ftpurl`).
    pub rule: &'static str,
    pub url: String,
    /// Every component the reference reports, `None` for absent.
    pub components: Vec<(&'static str, Option<String>)>,
}

/// Where the choices come from: `pick(n)` is a number below `n` (n > 0). The fuzz
/// target draws them from `arbitrary::Unstructured`; tests from a seeded PRNG.
pub trait Choices {
    fn pick(&mut self, n: usize) -> usize;
    fn coin(&mut self) -> bool {
        self.pick(2) == 1
    }
}

const ALPHA: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const DIGIT: &[u8] = b"0123456789";
const HEX: &[u8] = b"0123456789ABCDEFabcdef";

fn star(
    c: &mut dyn Choices,
    max: usize,
    mut one: impl FnMut(&mut dyn Choices) -> String,
) -> String {
    let n = c.pick(max + 1);
    (0..n).map(|_| one(c)).collect()
}

fn from(c: &mut dyn Choices, set: &[u8]) -> String {
    (set[c.pick(set.len())] as char).to_string()
}

/// `escaped = "%" hex hex`
fn escaped(c: &mut dyn Choices) -> String {
    format!("%{}{}", from(c, HEX), from(c, HEX))
}

/// A character of `set`, or (where the production allows `escaped`) an escape.
fn ch(c: &mut dyn Choices, set: &[u8], escapes: bool) -> String {
    if escapes && c.pick(8) == 0 {
        escaped(c)
    } else {
        from(c, set)
    }
}

fn word(c: &mut dyn Choices, set: &[u8], escapes: bool, min: usize, max: usize) -> String {
    let mut s: String = (0..min).map(|_| ch(c, set, escapes)).collect();
    s.push_str(&star(c, max - min, |c| ch(c, set, escapes)));
    s
}

fn cat(parts: &[&[u8]]) -> Vec<u8> {
    parts.concat()
}

/// `hostname = *( domainlabel "." ) toplabel`, `domainlabel = alphanum | alphanum
/// *( alphanum | "-" ) alphanum`, `toplabel = alpha | alpha *( alphanum | "-" ) alphanum`
/// (the 1996 draft §4.3.1 and RFC 1738 §5 give the same), or `hostnumber = 1*digit "."
/// 1*digit "." 1*digit "." 1*digit`.
fn host(c: &mut dyn Choices) -> String {
    if c.pick(4) == 0 {
        return (0..4)
            .map(|_| word(c, DIGIT, false, 1, 3))
            .collect::<Vec<_>>()
            .join(".");
    }
    let alnum = cat(&[ALPHA, DIGIT]);
    let inner = cat(&[ALPHA, DIGIT, b"-"]);
    let label = |c: &mut dyn Choices, first: &[u8]| {
        let mut s = from(c, first);
        if c.coin() {
            s.push_str(&word(c, &inner, false, 0, 4));
            s.push_str(&from(c, &alnum));
        }
        s
    };
    let mut out = String::new();
    for _ in 0..c.pick(3) {
        out.push_str(&label(c, &alnum));
        out.push('.');
    }
    out.push_str(&label(c, ALPHA));
    out
}

/// A user, drawn half the time from `userchars`, and then half the time a password.
fn user_and_password(c: &mut dyn Choices, userchars: &[u8]) -> (Option<String>, Option<String>) {
    if c.coin() {
        let u = word(c, userchars, true, 0, 5);
        (Some(u), c.coin().then(|| word(c, userchars, true, 0, 5)))
    } else {
        (None, None)
    }
}

/// `user [ ":" password ] "@"`, or nothing without a user.
fn user_at(user: &Option<String>, password: &Option<String>) -> String {
    let Some(u) = user else {
        return String::new();
    };
    match password {
        Some(p) => format!("{u}:{p}@"),
        None => format!("{u}@"),
    }
}

/// Builds a 1996-draft `generic-URL` (§4.2 to §4.3.3): `scheme ":" relativeURL`, here
/// always `net_path` (`"//" server [ abs_path ]`), with a query and a fragment.
pub fn build_generic(c: &mut dyn Choices) -> Built {
    // scheme = 1*( alpha | digit | "+" | "-" | "." ); §4.1 finds it before the first ":".
    let scheme = format!(
        "{}{}",
        from(c, ALPHA),
        word(c, &cat(&[ALPHA, DIGIT, b"+-."]), false, 0, 5)
    );
    // unreserved = alpha | digit | mark; mark = "$" | "-" | "_" | "." | "!" | "~" | "*"
    // | "'" | "(" | ")" | ","
    let unreserved = cat(&[ALPHA, DIGIT, b"$-_.!~*'(),"]);
    // user = *[ unreserved | escaped | ";" | "?" | "&" | "=" | "+" ], password the same.
    let userchars = cat(&[&unreserved, b";?&=+"]);
    let (user, password) = user_and_password(c, &userchars);
    let h = host(c);
    let port = c.coin().then(|| word(c, DIGIT, false, 0, 5));
    let mut server = user_at(&user, &password);
    server.push_str(&h);
    if let Some(p) = &port {
        server.push(':');
        server.push_str(p);
    }
    // pchar = unreserved | escaped | ":" | "@" | "&" | "=" | "+"; a path segment is
    // *( pchar | ";" ), a path segments joined by "/".
    let pchar = cat(&[&unreserved, b":@&=+;"]);
    let slash = c.coin();
    let path = if slash {
        let n = c.pick(4);
        (0..=n)
            .map(|_| word(c, &pchar, true, 0, 5))
            .collect::<Vec<_>>()
            .join("/")
    } else {
        String::new()
    };
    // query = *urlchar, urlchar = reserved | unreserved | escaped: a query ends at the
    // fragment's "#" only, so "?" and "/" may stand in it.
    let urlchar = cat(&[&unreserved, b";/?:@&=+"]);
    // Without the slash, §4.3.1 would take a "?" into the server: a query needs a path.
    let query = (slash && c.coin()).then(|| word(c, &urlchar, true, 0, 6));
    // fragment = *urlchar
    let fragment = c.coin().then(|| word(c, &urlchar, true, 0, 6));
    let mut url = format!("{scheme}://{server}");
    if slash {
        url.push('/');
        url.push_str(&path);
    }
    if let Some(q) = &query {
        url.push('?');
        url.push_str(q);
    }
    if let Some(f) = &fragment {
        url.push('#');
        url.push_str(f);
    }
    Built {
        doc: Document::Draft1996,
        rule: "generic-URL",
        url,
        components: vec![
            ("scheme", Some(scheme)),
            ("server", Some(server)),
            ("user", user),
            ("password", password),
            ("host", Some(h)),
            ("port", port),
            ("path", Some(path)),
            ("query", query),
            ("fragment", fragment),
        ],
    }
}

/// Builds an RFC 1738 `httpurl` or `ftpurl` (§5):
/// `httpurl = "http://" hostport [ "/" hpath [ "?" search ]]`,
/// `ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]`.
pub fn build_rfc1738(c: &mut dyn Choices) -> Built {
    // unreserved = alpha | digit | safe | extra; safe = "$" | "-" | "_" | "." | "+";
    // extra = "!" | "*" | "'" | "(" | ")" | ","; uchar = unreserved | escape
    let unreserved = cat(&[ALPHA, DIGIT, b"$-_.+!*'(),"]);
    let h = host(c);
    let port = c.coin().then(|| word(c, DIGIT, false, 1, 5));
    let mut hostport = h.clone();
    if let Some(p) = &port {
        hostport.push(':');
        hostport.push_str(p);
    }
    if c.coin() {
        // hsegment = *[ uchar | ";" | ":" | "@" | "&" | "=" ]; search likewise.
        let hchars = cat(&[&unreserved, b";:@&="]);
        let segs: Vec<String> = (0..=c.pick(4))
            .map(|_| word(c, &hchars, true, 0, 5))
            .collect();
        let with_path = c.coin();
        let search = (with_path && c.coin()).then(|| word(c, &hchars, true, 0, 6));
        let mut url = format!("http://{hostport}");
        let (hpath, hsegments) = if with_path {
            let p = segs.join("/");
            url.push('/');
            url.push_str(&p);
            if let Some(s) = &search {
                url.push('?');
                url.push_str(s);
            }
            (Some(p), Some(segs))
        } else {
            (None, None)
        };
        return Built {
            doc: Document::Rfc1738,
            rule: "httpurl",
            url,
            components: vec![
                ("scheme", Some("http".into())),
                ("host", Some(h)),
                ("port", port),
                ("hpath", hpath),
                ("hsegments", hsegments.map(|s| s.join("\u{0}"))),
                ("search", search),
            ],
        };
    }
    // user = *[ uchar | ";" | "?" | "&" | "=" ]; password likewise;
    // fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]; ftptype = "A" | "I" | "D" |
    // "a" | "i" | "d"
    let userchars = cat(&[&unreserved, b";?&="]);
    let (user, password) = user_and_password(c, &userchars);
    let mut login = user_at(&user, &password);
    login.push_str(&hostport);
    let mut url = format!("ftp://{login}");
    let (mut fpath, mut fsegments, mut ftptype) = (None, None, None);
    if c.coin() {
        let fchars = cat(&[&unreserved, b"?:@&="]);
        let segs: Vec<String> = (0..=c.pick(4))
            .map(|_| word(c, &fchars, true, 0, 5))
            .collect();
        let p = segs.join("/");
        url.push('/');
        url.push_str(&p);
        if c.coin() {
            let t = from(c, b"AIDaid");
            url.push_str(";type=");
            url.push_str(&t);
            ftptype = Some(t);
        }
        fpath = Some(p);
        fsegments = Some(segs.join("\u{0}"));
    }
    Built {
        doc: Document::Rfc1738,
        rule: "ftpurl",
        url,
        components: vec![
            ("scheme", Some("ftp".into())),
            ("user", user),
            ("password", password),
            ("host", Some(h)),
            ("port", port),
            ("fpath", fpath),
            ("fsegments", fsegments),
            ("ftptype", ftptype),
        ],
    }
}

/// One URL: a 1996-draft `generic-URL`, an RFC 1738 `httpurl` or `ftpurl`.
pub fn build(c: &mut dyn Choices) -> Built {
    if c.coin() {
        build_generic(c)
    } else {
        build_rfc1738(c)
    }
}

/// Does the reference say `valid`, by the production `b` was built from, with exactly
/// its components? (A list component is compared joined by NUL, as [`Built`] holds it.)
pub fn check_built(b: &Built) -> Result<(), Error> {
    let p = parse(b.doc.into(), b.url.as_bytes());
    let rule = p.rule.map(|r| r.name());
    if p.verdict != Verdict::Valid || rule != Some(b.rule) {
        return Err(format!(
            "{}: {:?} built as {} is {} ({}), error {:?}",
            b.doc,
            b.url,
            b.rule,
            p.verdict,
            rule.unwrap_or("-"),
            p.error
        )
        .into());
    }
    let got: Vec<(&'static str, Option<String>)> = p
        .components
        .iter()
        .map(|(n, v)| {
            let v = v.as_ref().map(|v| match v {
                Value::Str(s) => s.to_string(),
                Value::List(l) => l.join("\u{0}"),
                Value::Fields(f) => format!("{f:?}"),
            });
            (n, v)
        })
        .collect();
    for (name, want) in &b.components {
        let have = got
            .iter()
            .find(|(n, _)| n == name)
            .and_then(|(_, v)| v.clone());
        if have != *want {
            return Err(format!(
                "{}: {:?} built with {name} {want:?}, the reference says {have:?}",
                b.doc, b.url
            )
            .into());
        }
    }
    for (name, have) in &got {
        if have.is_some() && !b.components.iter().any(|(n, _)| n == name) {
            return Err(format!(
                "{}: {:?}: the reference reports {name} {have:?}, which was not built",
                b.doc, b.url
            )
            .into());
        }
    }
    Ok(())
}

/// A seeded PRNG (xorshift64*) as [`Choices`], for tests and the corpus.
pub struct Seeded(pub u64);

impl Choices for Seeded {
    fn pick(&mut self, n: usize) -> usize {
        let mut x = self.0.max(1);
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        (x.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n.max(1)
    }
}
