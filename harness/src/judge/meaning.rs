//! Comparison by meaning: an adapter's answer, in its own component model, against what
//! one document says of a case.
//!
//! Two things are declared here, each in one place:
//! - the tables ([`row`]): for each (model, document), which of the adapter's parts
//!   gives each of the document's components. A component the table does not list is
//!   one the model cannot express, and is skipped, not failed.
//! - [`NORMALISATIONS`]: the differences that are not differences of meaning (scheme
//!   case, percent-escape hex case, WHATWG's decorations, ...), each with its reason and
//!   the models it applies to.
//!
//! [`judge`] then classifies one outcome into one of the eight [`Class`]es.

use crate::ask::Request;
use crate::ask::{Answer, Fault, Info, LinkAnswer, Model, Parts};
use crate::case::answer::Getter;
use crate::case::{Expectation, ExpectedLink, ExpectedValue, Operation};
use crate::judge::class::{Class, Judged};
use crate::judge::exact::quote;
use std::borrow::Cow;
use urlcert_reference::{DocReading, Document};

// ------------------------------------------------------------------ normalisations

/// A difference between an adapter's answer and a document's that is not a difference
/// of meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Normalisation {
    pub id: &'static str,
    /// The models it applies to.
    pub models: &'static [Model],
    pub what: &'static str,
    pub reason: &'static str,
}

const ALL_MODELS: &[Model] = &[Model::Whatwg, Model::Rfc3986, Model::Urlparse, Model::Curl];

/// Every normalisation [`judge`] applies: the only place they are declared.
pub const NORMALISATIONS: &[Normalisation] = &[
    Normalisation {
        id: "scheme-case",
        models: ALL_MODELS,
        what: "schemes compare without ASCII case",
        reason: "the documents give the scheme as written (`HTTP`), parsers such as WHATWG's and Python's lower-case it; every document calls scheme names case-insensitive (RFC 1738 §2.1, RFC 1808 §2.1, draft-1996 §2.1)",
    },
    Normalisation {
        id: "host-case",
        models: ALL_MODELS,
        what: "host names compare without ASCII case",
        reason: "WHATWG lower-cases the host of special schemes (domain to ASCII); domain names are case-insensitive (RFC 1034 §3.1), which the documents' hosts are",
    },
    Normalisation {
        id: "percent-hex-case",
        models: ALL_MODELS,
        what: "the hex digits of a %XX escape compare without case",
        reason: "`%2f` and `%2F` encode the same octet (RFC 1738 §2.2 \"hexadecimal digits\"; RFC 3986 §2.1 calls them equivalent); parsers may upper-case them",
    },
    Normalisation {
        id: "whatwg-decorations",
        models: &[Model::Whatwg],
        what: "the \":\" after `protocol`, the \"?\" before `search` and the \"#\" before `hash` are dropped",
        reason: "the URL API's getters add them (URL Standard, the protocol, search and hash getters); they are delimiters, not part of the component",
    },
    Normalisation {
        id: "absent-or-empty",
        models: &[Model::Whatwg, Model::Urlparse],
        what: "\"\" counts as absent or empty, and absent as \"\"",
        reason: "the model cannot tell them apart: the URL API returns \"\" for a null query, fragment, username or port, and urlparse \"\" for a missing part",
    },
    Normalisation {
        id: "default-port",
        models: &[Model::Whatwg],
        what: "a missing port counts as the scheme's default port (http 80, https 443, ws 80, wss 443, ftp 21), and an empty port as none",
        reason: "the URL parser drops a port equal to the special scheme's default (URL Standard, port state), so `http://h:80/` reports port \"\"",
    },
    Normalisation {
        id: "empty-path-slash",
        models: &[Model::Whatwg, Model::Curl],
        what: "a path of \"/\" counts as the empty path too, where there is an authority",
        reason: "WHATWG gives special URLs the path \"/\" when they have none (URL Standard, path start state), and libcurl reports \"/\" for a missing path, so `http://h` and `http://h/` look the same",
    },
];

/// Is normalisation `id` in force for `model`?
pub fn active(id: &str, model: Model) -> bool {
    NORMALISATIONS
        .iter()
        .any(|n| n.id == id && n.models.contains(&model))
}

/// WHATWG's special schemes and their default ports (URL Standard, "special scheme").
fn default_port(scheme: &str) -> Option<&'static str> {
    match scheme {
        "http" | "ws" => Some("80"),
        "https" | "wss" => Some("443"),
        "ftp" => Some("21"),
        _ => None,
    }
}

fn hex_upper(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if b[i] == b'%'
            && b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
            && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
        {
            out.push('%');
            out.push(b[i + 1].to_ascii_uppercase() as char);
            out.push(b[i + 2].to_ascii_uppercase() as char);
            i += 3;
        } else {
            // `s` is a str, so the next char starts at `i`.
            let c = s[i..].chars().next().unwrap_or('\u{fffd}');
            out.push(c);
            i += c.len_utf8().max(1);
        }
    }
    out
}

/// Lower-cases the host of an authority (after its last "@").
fn authority_host_lower(a: &str) -> String {
    match a.rfind('@') {
        Some(i) => format!("{}{}", &a[..=i], a[i + 1..].to_ascii_lowercase()),
        None => a.to_ascii_lowercase(),
    }
}

/// An authority without a trailing ":" or ":<default port>".
fn authority_without_default_port(a: &str, scheme: &str) -> String {
    let host_start = a.rfind('@').map_or(0, |i| i + 1);
    let hostport = &a[host_start..];
    // A port follows the last ":" outside an IP literal.
    let colon = match hostport.rfind(']') {
        Some(close) => hostport[close..].rfind(':').map(|c| close + c),
        None => hostport.rfind(':'),
    };
    if let Some(c) = colon {
        let port = &hostport[c + 1..];
        if port.is_empty() || Some(port) == default_port(scheme) {
            return a[..host_start + c].to_string();
        }
    }
    a.to_string()
}

/// What kind of value a component is, which decides the normalisations it gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ComponentKind {
    Scheme,
    Host,
    Port,
    /// `[userinfo "@"] host [":" port]`.
    Authority,
    /// A path (after its "/"), which a parser may give as "/" when empty.
    Path,
    Other,
}

/// One value, normalised as declared for `model` and `kind`; copied only where a
/// normalisation changes it.
fn normalise<'a>(
    model: Model,
    kind: ComponentKind,
    scheme: &str,
    v: Option<&'a str>,
) -> Option<Cow<'a, str>> {
    let mut v = v.map(Cow::Borrowed);
    if active("absent-or-empty", model) && v.is_none() {
        v = Some(Cow::Borrowed(""));
    }
    let mut v = v?;
    let lower = |v: Cow<'a, str>| {
        if v.bytes().any(|b| b.is_ascii_uppercase()) {
            Cow::Owned(v.to_ascii_lowercase())
        } else {
            v
        }
    };
    if kind == ComponentKind::Scheme && active("scheme-case", model) {
        v = lower(v);
    }
    if kind == ComponentKind::Host && active("host-case", model) {
        v = lower(v);
    }
    if kind == ComponentKind::Authority && active("host-case", model) {
        v = Cow::Owned(authority_host_lower(&v));
    }
    if kind == ComponentKind::Authority && active("default-port", model) {
        v = Cow::Owned(authority_without_default_port(&v, scheme));
    }
    if kind == ComponentKind::Port
        && active("default-port", model)
        && Some(&*v) == default_port(scheme)
    {
        v = Cow::Borrowed("");
    }
    // Without a "%" there is no escape to upper-case.
    if active("percent-hex-case", model) && v.contains('%') {
        v = Cow::Owned(hex_upper(&v));
    }
    Some(v)
}

/// Do a document's value and an adapter's mean the same, under the declared
/// normalisations?
pub fn same_value(
    model: Model,
    kind: ComponentKind,
    scheme: &str,
    expected: Option<&str>,
    actual: Option<&str>,
) -> bool {
    let e = normalise(model, kind, scheme, expected);
    let a = normalise(model, kind, scheme, actual);
    if e == a {
        return true;
    }
    // A path of "/" stands for no path as well: after its "/" is dropped (now ""),
    // and, where the document's path keeps its "/" (RFC 2396, RFC 3986), for "".
    kind == ComponentKind::Path
        && active("empty-path-slash", model)
        && matches!(
            (e.as_deref(), a.as_deref()),
            (None, Some("")) | (Some(""), Some("/"))
        )
}

// ------------------------------------------------------------------ the tables

/// Where a model keeps its path: one part, or urlparse's `path` and `params` (which
/// it splits off the last segment).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathOf {
    Part(&'static str),
    WithParams(&'static str, &'static str),
}

/// Where a model keeps its userinfo.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UserinfoOf {
    /// One part, `user[:password]` (RFC 3986's `userinfo`).
    Whole(&'static str),
    /// Two parts, user and password.
    Split(&'static str, &'static str),
}

/// Where a model keeps its authority: rebuilt as `[userinfo "@"] host [":" port]` from
/// those parts, unless the model lets an adapter answer it `whole` and the adapter does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AuthorityOf {
    /// A part that holds the authority as it is, for a parser whose authority need not
    /// be a host: RFC 2396 §3.2's registry-based authority ("Many URI schemes include a
    /// top hierarchical element for a naming authority"), which has no host, userinfo or
    /// port. When the adapter answers it (null included), it is the authority.
    pub whole: Option<&'static str>,
    pub userinfo: UserinfoOf,
    pub host: &'static str,
    pub port: &'static str,
}

/// What a path with no "/" to drop gives the document when it is empty.
///
/// A parser's path is never absent ([`path_part`]: a null path is the empty path), so
/// a document's null path comes only from here, and only from the documents whose
/// grammar makes the path optional and tells "no path" from "an empty path": RFC
/// 1738's `hpath` and `fpath` (`httpurl = "http://" hostport [ "/" hpath ...]`:
/// `http://h` has no hpath, `http://h/` an empty one), its `urlpath`, draft-06's (the
/// same names), and draft-02's and draft-03's `path`. Their expectations hold both null
/// and `""`, which stay different: a parser's path of `"/"` is the empty one, its empty
/// path after an authority the absent one. RFC 1808, draft-1996, RFC 2396 and RFC 3986
/// give every URL a path, and their expectations never say null.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EmptyPath {
    /// RFC 1738's `hpath`, `fpath`, draft-02's `path`: after an authority, an empty
    /// path is none (`http://h` has no `hpath`: null); with no authority it is `""`
    /// (draft-02's `foo:` has `path: ""`).
    Absent,
    /// RFC 1808's and draft-1996's `path`: always there, `""` for `http://h`.
    Empty,
}

/// How a document component is derived from a model's parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Derivation {
    /// A part as it is.
    Part(&'static str),
    /// The path as it is (RFC 2396's and RFC 3986's, which keep its "/").
    Path(PathOf),
    /// The path without one leading "/": the documents' paths start after their "/".
    AfterSlash(PathOf, EmptyPath),
    /// RFC 1808 §2.4.5: the path up to its first ";".
    BeforeParams(PathOf),
    /// RFC 1808 §2.4.5: what follows the path's first ";", absent without one.
    ParamsIn(PathOf),
    /// RFC 1738 §3.2.2: an ftp path without its ";type=" suffix.
    FtpPath(PathOf),
    /// RFC 1738 §3.2.2: the typecode after ";type=".
    FtpType(PathOf),
    /// RFC 1738 §5 `urlpath`: the path after its "/", and "?" query when there is one.
    UrlPath(PathOf, &'static str),
    /// The authority ([`AuthorityOf`]); rebuilt, it is absent without a host.
    Authority(AuthorityOf),
    /// The user name: before the userinfo's first ":".
    User(UserinfoOf),
    /// The password: after the userinfo's first ":", absent without one.
    Password(UserinfoOf),
    /// RFC 1738 `schemepart`: everything after "scheme:" up to any "#", rebuilt from
    /// the parts; only for models that tell an empty authority from none.
    SchemePart(AuthorityOf, PathOf, &'static str),
    /// A URL Standard getter read off the model's part, decorated as the getter
    /// decorates it ([`Getter`]: protocol is scheme ":", search "?" query or "").
    Getter(&'static str, Getter),
    /// The `pathname` getter: the model's path, "" when null.
    PathGetter(PathOf),
    /// The `username` (`false`) or `password` (`true`) getter, "" when null.
    UserinfoGetter(UserinfoOf, bool),
    /// The `host` getter: the hostname, then ":" and the port when there is one.
    HostGetter(&'static str),
}

/// Which schemes an entry applies to (by the input's scheme, lower-cased).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    All,
    Only(&'static [&'static str]),
    Except(&'static [&'static str]),
}

impl Scope {
    fn covers(self, scheme: &str) -> bool {
        match self {
            Scope::All => true,
            Scope::Only(l) => l.contains(&scheme),
            Scope::Except(l) => !l.contains(&scheme),
        }
    }
}

/// One row of a table: the document's component, and how the model gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Map {
    pub component: &'static str,
    pub kind: ComponentKind,
    pub scope: Scope,
    pub source: Derivation,
}

const fn m(component: &'static str, kind: ComponentKind, source: Derivation) -> Map {
    Map {
        component,
        kind,
        scope: Scope::All,
        source,
    }
}

const fn only(mut x: Map, schemes: &'static [&'static str]) -> Map {
    x.scope = Scope::Only(schemes);
    x
}

const fn except(mut x: Map, schemes: &'static [&'static str]) -> Map {
    x.scope = Scope::Except(schemes);
    x
}

// Scheme-specific parts the generic models do not split (gopher's type, selector and
// search, news's article host, wais's database, ...) are not in the tables.
const NOT_GOPHER: &[&str] = &["gopher"];
const NOT_NEWS: &[&str] = &["news"];
const FTP: &[&str] = &["ftp"];
// draft-02's wais `path` is the waisdoc's last part, after the database and type.
const FTP_WAIS: &[&str] = &["ftp", "wais"];
const MAILTO: &[&str] = &["mailto"];

use ComponentKind::{Authority as KAuth, Host, Other, Path, Port, Scheme};
use EmptyPath::{Absent, Empty};

/// Where a model keeps the parts the documents name. Every model calls its port
/// `port`.
#[derive(Clone, Copy)]
struct Keeps {
    scheme: &'static str,
    user: Derivation,
    password: Derivation,
    host: &'static str,
    path: PathOf,
    query: &'static str,
    fragment: &'static str,
    /// `[userinfo "@"] host [":" port]`: from the parts ([`Derivation::Authority`]), or
    /// one part.
    authority: Derivation,
    /// Rows for RFC 1738 (and draft-06) that only this model has.
    rfc1738_own: &'static [Map],
    /// Rows for RFC 2396 and RFC 3986 that only this model has.
    uri_own: &'static [Map],
    /// Where its userinfo is, for the URL Standard's username and password getters.
    userinfo: UserinfoOf,
}

impl Keeps {
    /// The part that holds the path.
    const fn path_part(self) -> &'static str {
        match self.path {
            PathOf::Part(p) | PathOf::WithParams(p, _) => p,
        }
    }
}

// Each document's table is the same for every model but for where the model keeps
// each part; a model's rows of its own (a component only it can give) follow them.

/// draft-02 / draft-03. draft-03 has no `fragmentid`, so that row never applies to it.
const fn draft02_03(k: Keeps) -> [Map; 9] {
    [
        m("scheme", Scheme, Derivation::Part(k.scheme)),
        m("user", Other, k.user),
        m("password", Other, k.password),
        except(m("host", Host, Derivation::Part(k.host)), NOT_NEWS),
        m("port", Port, Derivation::Part("port")),
        only(m("path", Path, Derivation::FtpPath(k.path)), FTP),
        except(
            m("path", Path, Derivation::AfterSlash(k.path, Absent)),
            FTP_WAIS,
        ),
        except(m("search", Other, Derivation::Part(k.query)), NOT_GOPHER),
        m("fragmentid", Other, Derivation::Part(k.fragment)),
    ]
}

/// RFC 1738 (and draft-06, which uses its names).
const fn rfc1738(k: Keeps) -> [Map; 11] {
    [
        m("scheme", Scheme, Derivation::Part(k.scheme)),
        m("user", Other, k.user),
        m("password", Other, k.password),
        except(m("host", Host, Derivation::Part(k.host)), NOT_NEWS),
        m("port", Port, Derivation::Part("port")),
        m("hpath", Path, Derivation::AfterSlash(k.path, Absent)),
        only(m("fpath", Path, Derivation::FtpPath(k.path)), FTP),
        except(
            m("fpath", Path, Derivation::AfterSlash(k.path, Absent)),
            FTP,
        ),
        only(m("ftptype", Other, Derivation::FtpType(k.path)), FTP),
        except(m("search", Other, Derivation::Part(k.query)), NOT_GOPHER),
        m("urlpath", Path, Derivation::UrlPath(k.path, k.query)),
    ]
}

/// RFC 1808. Its params are split off the path's first segment that has any; a model
/// that splits them off the last segment itself (urlparse) gives its own two parts.
const fn rfc1808(k: Keeps) -> [Map; 6] {
    let (path, params) = match k.path {
        PathOf::Part(_) => (
            Derivation::BeforeParams(k.path),
            Derivation::ParamsIn(k.path),
        ),
        PathOf::WithParams(path, params) => (
            Derivation::AfterSlash(PathOf::Part(path), Empty),
            Derivation::Part(params),
        ),
    };
    [
        m("scheme", Scheme, Derivation::Part(k.scheme)),
        m("net_loc", KAuth, k.authority),
        m("path", Path, path),
        m("params", Other, params),
        m("query", Other, Derivation::Part(k.query)),
        m("fragment", Other, Derivation::Part(k.fragment)),
    ]
}

/// The 1996 draft.
const fn draft1996(k: Keeps) -> [Map; 9] {
    [
        m("scheme", Scheme, Derivation::Part(k.scheme)),
        m("server", KAuth, k.authority),
        m("user", Other, k.user),
        m("password", Other, k.password),
        m("host", Host, Derivation::Part(k.host)),
        m("port", Port, Derivation::Part("port")),
        m("path", Path, Derivation::AfterSlash(k.path, Empty)),
        m("query", Other, Derivation::Part(k.query)),
        m("fragment", Other, Derivation::Part(k.fragment)),
    ]
}

/// RFC 2396 and RFC 3986, which share these names; their `path` keeps its "/" (the
/// host-kind components, `IP-literal`, `reg_name` and the rest, no model gives).
const fn uri(k: Keeps) -> [Map; 7] {
    [
        m("scheme", Scheme, Derivation::Part(k.scheme)),
        m("authority", KAuth, k.authority),
        m("host", Host, Derivation::Part(k.host)),
        m("port", Port, Derivation::Part("port")),
        m("path", Path, Derivation::Path(PathOf::Part(k.path_part()))),
        m("query", Other, Derivation::Part(k.query)),
        m("fragment", Other, Derivation::Part(k.fragment)),
    ]
}

/// The URL Standard, whose components are the URL class's getters (`#url-class`), read
/// off each model's parts as the getters make them (`href` is no part a parse answers,
/// so it is not judged this way; resolution compares it whole).
const fn url_standard(k: Keeps) -> [Map; 9] {
    use crate::case::answer::Getter::{Plain, Prefixed, Suffixed};
    [
        m(
            "protocol",
            Scheme,
            Derivation::Getter(k.scheme, Suffixed(":")),
        ),
        m(
            "username",
            Other,
            Derivation::UserinfoGetter(k.userinfo, false),
        ),
        m(
            "password",
            Other,
            Derivation::UserinfoGetter(k.userinfo, true),
        ),
        m("host", Other, Derivation::HostGetter(k.host)),
        m("hostname", Host, Derivation::Getter(k.host, Plain)),
        m("port", Port, Derivation::Getter("port", Plain)),
        m("pathname", Other, Derivation::PathGetter(k.path)),
        m("search", Other, Derivation::Getter(k.query, Prefixed("?"))),
        m("hash", Other, Derivation::Getter(k.fragment, Prefixed("#"))),
    ]
}

// WHATWG: protocol, username, password, hostname, port, pathname, search, hash (the
// decorations already dropped).
const W_PATH: PathOf = PathOf::Part("pathname");
const W_USER: UserinfoOf = UserinfoOf::Split("username", "password");
const W_AUTH: AuthorityOf = AuthorityOf {
    whole: None,
    userinfo: W_USER,
    host: "hostname",
    port: "port",
};
const WHATWG: Keeps = Keeps {
    scheme: "protocol",
    user: Derivation::Part("username"),
    password: Derivation::Part("password"),
    host: "hostname",
    path: W_PATH,
    query: "search",
    fragment: "hash",
    authority: Derivation::Authority(W_AUTH),
    rfc1738_own: &[only(
        m("encoded822addr", Other, Derivation::Part("pathname")),
        MAILTO,
    )],
    uri_own: &[],
    userinfo: W_USER,
};

// RFC 3986: scheme, userinfo, host, port, path, query, fragment, and optionally
// authority, whole (java.net.URI's registry-based authority has no host).
const R_PATH: PathOf = PathOf::Part("path");
const R_USER: UserinfoOf = UserinfoOf::Whole("userinfo");
const R_AUTH: AuthorityOf = AuthorityOf {
    whole: Some("authority"),
    userinfo: R_USER,
    host: "host",
    port: "port",
};
const RFC3986: Keeps = Keeps {
    scheme: "scheme",
    user: Derivation::User(R_USER),
    password: Derivation::Password(R_USER),
    host: "host",
    path: R_PATH,
    query: "query",
    fragment: "fragment",
    authority: Derivation::Authority(R_AUTH),
    rfc1738_own: &[
        // Only a model that tells an empty authority from none can rebuild it.
        m(
            "schemepart",
            Other,
            Derivation::SchemePart(R_AUTH, R_PATH, "query"),
        ),
        only(m("encoded822addr", Other, Derivation::Part("path")), MAILTO),
    ],
    uri_own: &[m("userinfo", Other, Derivation::Part("userinfo"))],
    userinfo: R_USER,
};

// urlparse: scheme, netloc, path, params, query, fragment, username, password,
// hostname, port. Its `path` lacks the last segment's params.
const U_PATH: PathOf = PathOf::WithParams("path", "params");
const URLPARSE: Keeps = Keeps {
    scheme: "scheme",
    user: Derivation::Part("username"),
    password: Derivation::Part("password"),
    host: "hostname",
    path: U_PATH,
    query: "query",
    fragment: "fragment",
    authority: Derivation::Part("netloc"),
    rfc1738_own: &[only(
        m(
            "encoded822addr",
            Other,
            Derivation::AfterSlash(U_PATH, Empty),
        ),
        MAILTO,
    )],
    uri_own: &[],
    userinfo: UserinfoOf::Split("username", "password"),
};

// libcurl: scheme, user, password, host, port, path, query, fragment; null for absent.
const C_PATH: PathOf = PathOf::Part("path");
const C_USER: UserinfoOf = UserinfoOf::Split("user", "password");
const C_AUTH: AuthorityOf = AuthorityOf {
    whole: None,
    userinfo: C_USER,
    host: "host",
    port: "port",
};
const CURL: Keeps = Keeps {
    scheme: "scheme",
    user: Derivation::Part("user"),
    password: Derivation::Part("password"),
    host: "host",
    path: C_PATH,
    query: "query",
    fragment: "fragment",
    authority: Derivation::Authority(C_AUTH),
    rfc1738_own: &[],
    uri_own: &[],
    userinfo: C_USER,
};

/// One model's tables, one per document shape, built once at compile time: a lookup
/// reads them where they lie instead of building the rows on every call.
struct Tables {
    draft02_03: [Map; 9],
    rfc1738: [Map; 11],
    rfc1808: [Map; 6],
    draft1996: [Map; 9],
    uri: [Map; 7],
    url_standard: [Map; 9],
    keeps: Keeps,
}

const fn tables(k: Keeps) -> Tables {
    Tables {
        draft02_03: draft02_03(k),
        rfc1738: rfc1738(k),
        rfc1808: rfc1808(k),
        draft1996: draft1996(k),
        uri: uri(k),
        url_standard: url_standard(k),
        keeps: k,
    }
}

static WHATWG_TABLES: Tables = tables(WHATWG);
static RFC3986_TABLES: Tables = tables(RFC3986);
static URLPARSE_TABLES: Tables = tables(URLPARSE);
static CURL_TABLES: Tables = tables(CURL);

/// The row of the (model, document) table that gives `component` for an input of
/// `scheme`: a component no row gives is one the model cannot express. draft-02 and
/// draft-03 share their names, and draft-06 uses RFC 1738's.
pub fn row(model: Model, doc: Document, component: &str, scheme: &str) -> Option<Map> {
    use Document::*;
    let t = match model {
        Model::Whatwg => &WHATWG_TABLES,
        Model::Rfc3986 => &RFC3986_TABLES,
        Model::Urlparse => &URLPARSE_TABLES,
        Model::Curl => &CURL_TABLES,
        // The reference is judged exactly, never through a table.
        Model::Document => return None,
    };
    let (shared, own): (&[Map], &[Map]) = match doc {
        Draft02 | Draft03 => (&t.draft02_03, &[]),
        Draft06 | Rfc1738 => (&t.rfc1738, t.keeps.rfc1738_own),
        Rfc1808 => (&t.rfc1808, &[]),
        Draft1996 => (&t.draft1996, &[]),
        Rfc2396 | Rfc3986 => (&t.uri, t.keeps.uri_own),
        UrlStandard => (&t.url_standard, &[]),
    };
    shared
        .iter()
        .chain(own)
        .find(|r| r.component == component && r.scope.covers(scheme))
        .copied()
}

// ------------------------------------------------------------------ deriving values

/// A model's parts as the tables read them: with the WHATWG decorations dropped where
/// that is in force (`protocol` without its ":", `search` without its "?", `hash`
/// without its "#"), read off the answer's parts as they are (nothing is copied).
#[derive(Clone, Copy)]
struct Undecorated<'a> {
    parts: &'a Parts,
    strip: bool,
}

impl<'a> Undecorated<'a> {
    fn new(model: Model, parts: &'a Parts) -> Self {
        Undecorated {
            parts,
            strip: active("whatwg-decorations", model),
        }
    }

    /// The part called `name` when the adapter gives it at all: `Some(None)` for null.
    fn given(self, name: &str) -> Option<Option<&'a str>> {
        self.parts.get(name).map(Option::as_deref)
    }

    /// The part called `name`, `None` when it is absent or not given at all.
    fn get(self, name: &str) -> Option<&'a str> {
        let v = self.parts.get(name)?.as_deref()?;
        if !self.strip {
            return Some(v);
        }
        Some(
            match name {
                "protocol" => v.strip_suffix(':'),
                "search" => v.strip_prefix('?'),
                "hash" => v.strip_prefix('#'),
                _ => None,
            }
            .unwrap_or(v),
        )
    }
}

/// A model's path part, where every derivation of a path reads it. RFC 3986 §3.3: "A
/// path is always defined for a URI, though the defined path may be empty (zero
/// length)." So a parser that answers its path as null (the rfc3986 package's `None`,
/// parse_url's missing `path`) gives the empty path, whatever its model and whatever
/// the document: null and `""` are one path here, the only place the rule is written.
/// Which documents then call an empty path absent is [`EmptyPath`]'s to say. A part the
/// adapter does not give at all stays unknown (`None`).
fn path_part<'a>(parts: Undecorated<'a>, name: &str) -> Option<&'a str> {
    parts.given(name).map(|path| path.unwrap_or(""))
}

fn raw_path(parts: Undecorated, of: PathOf) -> Option<String> {
    match of {
        PathOf::Part(p) => path_part(parts, p).map(str::to_string),
        PathOf::WithParams(p, params) => {
            let path = path_part(parts, p);
            match parts.get(params) {
                Some(x) if !x.is_empty() => Some(format!("{};{x}", path.unwrap_or(""))),
                _ => path.map(str::to_string),
            }
        }
    }
}

/// Does the answer have an authority? RFC 3986's and libcurl's `host` (or an RFC 3986
/// adapter's whole `authority`) say so by being present; WHATWG's `hostname` and
/// urlparse's `netloc` only by being non-empty.
fn has_authority(parts: Undecorated) -> bool {
    parts.get("host").is_some()
        || parts.get("authority").is_some()
        || ["hostname", "netloc"]
            .iter()
            .any(|n| parts.get(n).is_some_and(|v| !v.is_empty()))
}

fn after_slash(parts: Undecorated, path: Option<String>, empty: EmptyPath) -> Option<String> {
    let path = path?;
    match path.strip_prefix('/') {
        Some(rest) => Some(rest.to_string()),
        None if path.is_empty() && empty == EmptyPath::Absent && has_authority(parts) => None,
        None => Some(path),
    }
}

fn userinfo_parts(parts: Undecorated, of: UserinfoOf) -> (Option<String>, Option<String>) {
    match of {
        UserinfoOf::Whole(u) => match parts.get(u) {
            None => (None, None),
            Some(ui) => match ui.split_once(':') {
                Some((user, pw)) => (Some(user.to_string()), Some(pw.to_string())),
                None => (Some(ui.to_string()), None),
            },
        },
        UserinfoOf::Split(u, p) => (
            parts.get(u).map(str::to_string),
            parts.get(p).map(str::to_string),
        ),
    }
}

/// A part that is there: present, and for a model that cannot tell absent from empty,
/// not empty either.
fn written<'a>(model: Model, parts: Undecorated<'a>, name: &str) -> Option<&'a str> {
    parts
        .get(name)
        .filter(|v| !v.is_empty() || !active("absent-or-empty", model))
}

fn authority(model: Model, parts: Undecorated, of: AuthorityOf) -> Option<String> {
    if let Some(whole) = of.whole.and_then(|name| parts.given(name)) {
        return whole.map(str::to_string);
    }
    let host = parts.get(of.host)?;
    let mut out = String::new();
    match of.userinfo {
        UserinfoOf::Whole(u) => {
            if let Some(u) = parts.get(u) {
                out.push_str(u);
                out.push('@');
            }
        }
        UserinfoOf::Split(u, p) => {
            let user = written(model, parts, u);
            let pw = written(model, parts, p);
            if user.is_some() || pw.is_some() {
                out.push_str(user.unwrap_or_default());
                if let Some(pw) = pw {
                    out.push(':');
                    out.push_str(pw);
                }
                out.push('@');
            }
        }
    }
    out.push_str(host);
    if let Some(p) = written(model, parts, of.port) {
        out.push(':');
        out.push_str(p);
    }
    Some(out)
}

/// The value `source` gives from `parts`, or `None` for absent.
fn derive(model: Model, parts: Undecorated, source: Derivation) -> Option<String> {
    match source {
        Derivation::Part(p) => parts.get(p).map(str::to_string),
        Derivation::Path(of) => raw_path(parts, of),
        Derivation::AfterSlash(of, empty) => after_slash(parts, raw_path(parts, of), empty),
        Derivation::BeforeParams(of) => after_slash(parts, raw_path(parts, of), EmptyPath::Empty)
            .map(|p| p.split(';').next().unwrap_or("").to_string()),
        Derivation::ParamsIn(of) => raw_path(parts, of)?
            .split_once(';')
            .map(|(_, params)| params.to_string()),
        Derivation::FtpPath(of) => {
            let p = after_slash(parts, raw_path(parts, of), EmptyPath::Absent)?;
            Some(match p.rfind(";type=") {
                Some(i) => p[..i].to_string(),
                None => p,
            })
        }
        Derivation::FtpType(of) => {
            let p = raw_path(parts, of)?;
            p.rfind(";type=")
                .map(|i| p[i + ";type=".len()..].to_string())
        }
        Derivation::UrlPath(of, query) => {
            let path = after_slash(parts, raw_path(parts, of), EmptyPath::Absent);
            match written(model, parts, query) {
                Some(q) => Some(format!("{}?{q}", path.unwrap_or_default())),
                None => path,
            }
        }
        Derivation::Authority(of) => authority(model, parts, of),
        // A part the adapter does not give at all stays unknown; one it gives as null
        // is what the getter returns for null.
        Derivation::Getter(part, how) => {
            parts.given(part)?;
            Some(how.decorate(parts.get(part)))
        }
        Derivation::PathGetter(of) => Some(raw_path(parts, of).unwrap_or_default()),
        Derivation::UserinfoGetter(of, password) => {
            let (user, pw) = userinfo_parts(parts, of);
            Some(if password { pw } else { user }.unwrap_or_default())
        }
        Derivation::HostGetter(host) => {
            let name = parts.given(host)?.unwrap_or("");
            Some(match parts.get("port") {
                Some(port) if !port.is_empty() => format!("{name}:{port}"),
                _ => name.to_string(),
            })
        }
        Derivation::User(ui) => userinfo_parts(parts, ui).0,
        Derivation::Password(ui) => userinfo_parts(parts, ui).1,
        Derivation::SchemePart(auth, of, query) => {
            let mut out = String::new();
            if let Some(a) = authority(model, parts, auth) {
                out.push_str("//");
                out.push_str(&a);
            }
            out.push_str(&raw_path(parts, of).unwrap_or_default());
            if let Some(q) = written(model, parts, query) {
                out.push('?');
                out.push_str(q);
            }
            Some(out)
        }
    }
}

/// An adapter's components in `doc`'s vocabulary: each component the (model, document)
/// table can derive for an input of this scheme, in the document's order, before any
/// normalisation (what `urlcert ask --doc` shows).
pub fn mapped(model: Model, doc: Document, input: &str, parts: &Parts) -> Parts {
    let parts = Undecorated::new(model, parts);
    let scheme = input_scheme(input);
    let mut out = Parts::new();
    for name in urlcert_reference::components(doc) {
        if let Some(row) = row(model, doc, name, &scheme) {
            out.insert(name.to_string(), derive(model, parts, row.source));
        }
    }
    out
}

/// The scheme of `input` (RFC 3986 §3.1's shape), lower-cased, or "".
pub fn input_scheme(input: &str) -> String {
    let Some(colon) = input.find(':') else {
        return String::new();
    };
    let s = &input[..colon];
    let ok = s.bytes().next().is_some_and(|b| b.is_ascii_alphabetic())
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b));
    if ok {
        s.to_ascii_lowercase()
    } else {
        String::new()
    }
}

// ------------------------------------------------------------------ resolution results

/// A URL string normalised as declared for `model`, for comparing resolutions. It is
/// split by RFC 3986 Appendix B's expression, which every URL string matches.
pub fn normalise_url(model: Model, url: &str) -> String {
    let (scheme, rest) = match url.find([':', '/', '?', '#']) {
        Some(i) if url.as_bytes()[i] == b':' && i > 0 => (Some(&url[..i]), &url[i + 1..]),
        _ => (None, url),
    };
    let (before_frag, fragment) = match rest.split_once('#') {
        Some((a, f)) => (a, Some(f)),
        None => (rest, None),
    };
    let (hier, query) = match before_frag.split_once('?') {
        Some((h, q)) => (h, Some(q)),
        None => (before_frag, None),
    };
    let (auth, path) = match hier.strip_prefix("//") {
        Some(a) => {
            let end = a.find('/').unwrap_or(a.len());
            (Some(&a[..end]), &a[end..])
        }
        None => (None, hier),
    };
    let scheme_s = match scheme {
        Some(s) if active("scheme-case", model) => s.to_ascii_lowercase(),
        Some(s) => s.to_string(),
        None => String::new(),
    };
    let mut out = String::new();
    if scheme.is_some() {
        out.push_str(&scheme_s);
        out.push(':');
    }
    if let Some(a) = auth {
        let mut a = a.to_string();
        if active("host-case", model) {
            a = authority_host_lower(&a);
        }
        if active("default-port", model) {
            a = authority_without_default_port(&a, &scheme_s);
        }
        out.push_str("//");
        out.push_str(&a);
        if path.is_empty() && active("empty-path-slash", model) {
            out.push('/');
        }
    }
    out.push_str(path);
    if let Some(q) = query {
        out.push('?');
        out.push_str(q);
    }
    if let Some(f) = fragment {
        out.push('#');
        out.push_str(f);
    }
    if active("percent-hex-case", model) {
        out = hex_upper(&out);
    }
    out
}

// ------------------------------------------------------------------ judging

/// Longest `expected` / `actual` line, in characters.
const MAX_LINE: usize = 300;

/// One line, bounded: control characters are escaped by [`quote`] before this.
fn bounded(s: String) -> String {
    if s.chars().count() <= MAX_LINE {
        return s;
    }
    let cut: String = s.chars().take(MAX_LINE).collect();
    format!("{cut}… ({} bytes in all)", s.len())
}

fn show_opt(v: Option<&str>) -> String {
    v.map_or_else(|| "null".to_string(), quote)
}

/// An answer as one readable line.
pub fn describe(answer: &Answer) -> String {
    bounded(match answer {
        Answer::Parsed { components } => {
            let items: Vec<String> = components
                .iter()
                .map(|(k, v)| format!("{k}: {}", show_opt(v.as_deref())))
                .collect();
            format!("parsed {{{}}}", items.join(", "))
        }
        Answer::Resolved { result } => format!("resolved to {}", quote(result)),
        Answer::Links { links } => {
            let items: Vec<String> = links.iter().map(actual_link).collect();
            format!("links [{}]", items.join(", "))
        }
        Answer::Rejected { message } => format!("rejected: {}", quote(message)),
        Answer::Unsupported { why } => format!("unsupported: {}", quote(why)),
        Answer::Fault { fault } => describe_fault(fault),
        Answer::Reference(_) => "the reference's own answer".into(),
    })
}

fn describe_fault(fault: &Fault) -> String {
    match fault {
        Fault::Spawn { detail } => format!("adapter could not start: {}", quote(detail)),
        Fault::Crash { detail } => format!("adapter crashed: {}", quote(detail)),
        Fault::Timeout { after_ms } => format!("no answer within {after_ms} ms"),
        Fault::EarlyExit { detail } => {
            format!("adapter exited before answering: {}", quote(detail))
        }
        Fault::Garbage { detail } => format!("not the protocol: {}", quote(detail)),
        Fault::Oversized { bytes } => format!("answer too long ({bytes} bytes)"),
        Fault::StderrFlood { bytes } => format!("too much on standard error ({bytes} bytes)"),
    }
}

fn judged(class: Class, expected: String, actual: String) -> Judged {
    Judged {
        class,
        component: None,
        expected: bounded(expected),
        actual: bounded(actual),
    }
}

/// How a document's verdict reads for a parser: a URL or not, or nothing to compare.
fn doc_accepts(verdict: Option<&str>) -> Option<bool> {
    match verdict {
        Some("valid" | "generic-only") => Some(true),
        Some("invalid") => Some(false),
        _ => None,
    }
}

/// The class of an answer that says nothing about the parser, whatever was asked: the
/// adapter's own failure, or a request it cannot express. [`judge`] decides these first.
fn answer_class(answer: &Answer) -> Option<Class> {
    match answer {
        Answer::Fault { fault } => Some(match fault {
            Fault::Crash { .. } => Class::Crash,
            Fault::Timeout { .. } => Class::Timeout,
            _ => Class::AdapterError,
        }),
        Answer::Unsupported { .. } => Some(Class::Unsupported),
        _ => None,
    }
}

/// Judges one adapter answer against what `doc` says of `case` (expectation `e`).
pub fn judge(
    request: &Request,
    doc: DocReading,
    e: &Expectation,
    info: &Info,
    answer: &Answer,
) -> Judged {
    let op = request.operation();
    if let Request::Parse { input } = request {
        let input = String::from_utf8_lossy(input);
        return decide_parse(&input, doc, e, info.model, answer).judged(doc, e, info, answer);
    }
    let actual = describe(answer);
    // The adapter's own failures come first: they say nothing about the parser.
    if let Some(class) = answer_class(answer) {
        return judged(class, describe_expectation(op, doc, e), actual);
    }
    // What the document gives that no adapter is asked for.
    let only_the_reference = match op {
        Operation::Extract => "URLs in running text (no adapter extracts)",
        Operation::Normalize => "a normal form (no adapter normalises)",
        Operation::Base => "a document's bases (only the reference establishes them)",
        Operation::Links => return judge_links(doc, e, info, answer, actual),
        Operation::Resolve => return judge_resolve(doc, e, info, answer, actual),
        Operation::Parse => unreachable!("judged above"),
    };
    judged(
        Class::Unsupported,
        format!("{}: {only_the_reference}", doc_id(doc)),
        actual,
    )
}

/// An answer of another kind than the `op` request asks for: the adapter's error.
fn not_an_answer_to(op: &str, expected: String, actual: &str) -> Judged {
    judged(
        Class::AdapterError,
        expected,
        format!("answered a {op} request with: {actual}"),
    )
}

fn doc_id(doc: DocReading) -> String {
    match doc.reading {
        urlcert_reference::Reading::Strict => doc.doc.id().to_string(),
        r => format!("{}@{}", doc.doc.id(), r.id()),
    }
}

fn describe_expectation(op: Operation, doc: DocReading, e: &Expectation) -> String {
    let d = doc_id(doc);
    match op {
        Operation::Extract => format!("{d}: URLs in running text"),
        Operation::Normalize => said_result(&d, e, "normal form", "no normal form"),
        Operation::Base | Operation::Links => format!("{d}: {}", crate::case::answer::documents(e)),
        Operation::Parse => format!("{d}: {}", e.verdict.as_deref().unwrap_or("no verdict")),
        Operation::Resolve => said_result(&d, e, "resolves to", "no result"),
    }
}

/// What `e` says of a result (a normal form, a resolution): `is` it, or that there is
/// `none`.
fn said_result(d: &str, e: &Expectation, is: &str, none: &str) -> String {
    match (&e.result, &e.verdict) {
        (Some(r), _) => format!("{d}: {is} {}", quote(r)),
        (None, Some(v)) => format!("{d}: {v} ({none})"),
        (None, None) => format!("{d}: {none} given"),
    }
}

/// What [`judge`] decides of a parse request, before it writes a line of text: the
/// class, and for `Component` the component. A caller that needs only to know whether
/// the answers agree (a fuzz target, once per execution) stops here and writes nothing;
/// [`ParseDecision::judged`] writes the `expected` and `actual` lines, as `judge` does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseDecision<'a> {
    pub class: Class,
    why: ParseWhy<'a>,
}

/// What a [`ParseDecision`]'s lines are written from.
#[derive(Clone, Debug, PartialEq, Eq)]
enum ParseWhy<'a> {
    /// The adapter failed or cannot express the request ([`answer_class`]).
    Answer,
    /// The document's verdict is none a parser's answer can be compared with.
    NoVerdict,
    /// The adapter answered with something other than a parse.
    NotAParse { accepts: bool },
    /// The verdicts decide: one accepts and the other rejects, both reject, or both
    /// accept with the same components.
    Verdicts { accepts: bool },
    /// Both accept, and this is the first component (in the document's order) whose
    /// values differ.
    Component {
        name: &'a str,
        want: Option<&'a str>,
        got: Option<String>,
        source: Derivation,
    },
}

impl<'a> ParseDecision<'a> {
    /// For `Component`: the document's name of the first component that differs.
    pub fn component(&self) -> Option<&'a str> {
        match self.why {
            ParseWhy::Component { name, .. } => Some(name),
            _ => None,
        }
    }

    /// The judgement with its lines, exactly as [`judge`] gives it.
    pub fn judged(self, doc: DocReading, e: &Expectation, info: &Info, answer: &Answer) -> Judged {
        let d = doc_id(doc);
        let actual = describe(answer);
        let said = |accepts: bool| {
            format!(
                "{d}: {} ({})",
                e.verdict.as_deref().unwrap_or_default(),
                if accepts { "a URL" } else { "not a URL" }
            )
        };
        match self.why {
            ParseWhy::Answer => judged(
                self.class,
                describe_expectation(Operation::Parse, doc, e),
                actual,
            ),
            ParseWhy::NoVerdict => judged(
                self.class,
                format!(
                    "{d}: {} (nothing a parser's answer can be compared with)",
                    e.verdict.as_deref().unwrap_or("no verdict")
                ),
                actual,
            ),
            ParseWhy::NotAParse { accepts } => not_an_answer_to("parse", said(accepts), &actual),
            ParseWhy::Verdicts { accepts } => judged(self.class, said(accepts), actual),
            ParseWhy::Component {
                name,
                want,
                got,
                source,
            } => Judged {
                class: self.class,
                component: Some(name.to_string()),
                expected: bounded(format!("{d}: {name} {}", show_opt(want))),
                actual: bounded(format!(
                    "{}: {name} {} (from {})",
                    info.name,
                    show_opt(got.as_deref()),
                    source_text(source)
                )),
            },
        }
    }
}

/// Decides how `model`'s parse `answer` of `input` stands against what `doc` says
/// (expectation `e`): [`judge`]'s decision for a parse case, without its lines.
pub fn decide_parse<'a>(
    input: &str,
    doc: DocReading,
    e: &'a Expectation,
    model: Model,
    answer: &Answer,
) -> ParseDecision<'a> {
    let decided = |class, why| ParseDecision { class, why };
    // The adapter's own failures come first: they say nothing about the parser.
    if let Some(class) = answer_class(answer) {
        return decided(class, ParseWhy::Answer);
    }
    let Some(accepts) = doc_accepts(e.verdict.as_deref()) else {
        return decided(Class::Unsupported, ParseWhy::NoVerdict);
    };
    let verdicts = |class| decided(class, ParseWhy::Verdicts { accepts });
    let components = match answer {
        Answer::Parsed { components } => components,
        Answer::Rejected { .. } if accepts => return verdicts(Class::Verdict),
        Answer::Rejected { .. } => return verdicts(Class::Agree),
        _ => return decided(Class::AdapterError, ParseWhy::NotAParse { accepts }),
    };
    if !accepts {
        return verdicts(Class::Verdict);
    }
    let parts = Undecorated::new(model, components);
    let scheme = input_scheme(input);
    // The document's own order, then any name it does not list.
    let order = urlcert_reference::components(doc.doc);
    let listed = order
        .iter()
        .filter_map(|n| e.components.get_key_value(*n))
        .map(|(n, v)| (n.as_str(), v));
    let unlisted = e
        .components
        .iter()
        .filter(|(n, _)| !order.contains(&n.as_str()))
        .map(|(n, v)| (n.as_str(), v));
    for (name, value) in listed.chain(unlisted) {
        let want = match value {
            None => None,
            Some(ExpectedValue::Str(s)) => Some(s.as_str()),
            // Lists and fields: no model gives them.
            _ => continue,
        };
        let Some(row) = row(model, doc.doc, name, &scheme) else {
            continue;
        };
        let got = derive(model, parts, row.source);
        if !same_value(model, row.kind, &scheme, want, got.as_deref()) {
            return decided(
                Class::Component,
                ParseWhy::Component {
                    name,
                    want,
                    got,
                    source: as_used(parts, row.source),
                },
            );
        }
    }
    verdicts(Class::Agree)
}

/// `source` as it was used for this answer: an authority the adapter did not give whole
/// was rebuilt, and is named so.
fn as_used(parts: Undecorated, source: Derivation) -> Derivation {
    let used = |of: AuthorityOf| AuthorityOf {
        whole: of.whole.filter(|name| parts.given(name).is_some()),
        ..of
    };
    match source {
        Derivation::Authority(of) => Derivation::Authority(used(of)),
        Derivation::SchemePart(of, path, query) => Derivation::SchemePart(used(of), path, query),
        other => other,
    }
}

/// Which of the model's parts a value came from, for the `actual` line.
fn source_text(s: Derivation) -> String {
    let path = |of: PathOf| match of {
        PathOf::Part(p) => p.to_string(),
        PathOf::WithParams(p, q) => format!("{p};{q}"),
    };
    let ui = |u: UserinfoOf| match u {
        UserinfoOf::Whole(u) => u.to_string(),
        UserinfoOf::Split(a, b) => format!("{a}:{b}"),
    };
    let auth = |a: AuthorityOf| match a.whole {
        Some(whole) => whole.to_string(),
        None => format!("{}@{}:{}", ui(a.userinfo), a.host, a.port),
    };
    match s {
        Derivation::Part(p) => p.to_string(),
        Derivation::Path(of) => path(of),
        Derivation::AfterSlash(of, _) => format!("{} after its \"/\"", path(of)),
        Derivation::BeforeParams(of) => format!("{} before its first \";\"", path(of)),
        Derivation::ParamsIn(of) => format!("{} after its first \";\"", path(of)),
        Derivation::FtpPath(of) => format!("{} without \";type=\"", path(of)),
        Derivation::FtpType(of) => format!("{} after \";type=\"", path(of)),
        Derivation::UrlPath(of, q) => format!("{} after its \"/\", with \"?\" {q}", path(of)),
        Derivation::Authority(a) => auth(a),
        Derivation::User(u) => format!("{} before \":\"", ui(u)),
        Derivation::Password(u) => format!("{} after \":\"", ui(u)),
        Derivation::SchemePart(a, of, q) => format!("//{}{}?{q}", auth(a), path(of)),
        Derivation::Getter(part, Getter::Plain) => part.to_string(),
        Derivation::Getter(part, Getter::Suffixed(after)) => format!("{part} \"{after}\""),
        Derivation::Getter(part, Getter::Prefixed(before)) => format!("\"{before}\" {part}"),
        Derivation::PathGetter(of) => path(of),
        Derivation::UserinfoGetter(u, false) => format!("{} before \":\"", ui(u)),
        Derivation::UserinfoGetter(u, true) => format!("{} after \":\"", ui(u)),
        Derivation::HostGetter(host) => format!("{host}:port"),
    }
}

fn judge_resolve(
    doc: DocReading,
    e: &Expectation,
    info: &Info,
    answer: &Answer,
    actual: String,
) -> Judged {
    let d = doc_id(doc);
    let result = match answer {
        Answer::Resolved { result } => Some(result),
        Answer::Rejected { .. } => None,
        _ => return not_an_answer_to("resolve", describe_resolve(&d, e), &actual),
    };
    let said = describe_resolve(&d, e);
    match (&e.result, e.verdict.as_deref(), result) {
        (Some(want), _, Some(got)) => {
            let model = info.model;
            if normalise_url(model, want) == normalise_url(model, got) {
                judged(Class::Agree, said, actual)
            } else {
                judged(Class::Resolution, said, actual)
            }
        }
        (Some(_), _, None) => judged(Class::Resolution, said, actual),
        (None, Some("invalid"), None) => judged(Class::Agree, said, actual),
        (None, Some("invalid"), Some(_)) => judged(Class::Resolution, said, actual),
        // not-defined, or nothing given: nothing to compare with.
        (None, _, _) => judged(Class::Unsupported, said, actual),
    }
}

fn describe_resolve(d: &str, e: &Expectation) -> String {
    match (&e.result, e.verdict.as_deref()) {
        (Some(r), _) => format!("{d}: resolves to {}", quote(r)),
        (None, Some("invalid")) => format!("{d}: invalid, no result"),
        (None, Some("not-defined")) => {
            format!("{d}: not-defined (the document gives no relative form to compare with)")
        }
        (None, Some(v)) => format!("{d}: {v}"),
        (None, None) => format!("{d}: no result given"),
    }
}

// ------------------------------------------------------------------ links

/// An adapter's link as one item: `"href" -> "result"`, or `-> null`.
fn actual_link(l: &LinkAnswer) -> String {
    format!("{} -> {}", quote(&l.href), show_opt(l.result.as_deref()))
}

/// A document's link as one item, in the words of [`actual_link`]: its result, or
/// `-> (error)`; only the `href` when the case checks nothing more.
fn expected_link(l: &ExpectedLink) -> String {
    match (&l.result, &l.error) {
        (Some(r), _) => format!("{} -> {}", quote(&l.href), quote(r)),
        (None, Some(e)) => format!("{} -> ({e})", quote(&l.href)),
        (None, None) => quote(&l.href),
    }
}

/// Where an adapter's links first depart from a document's: the index, the document's
/// link and the adapter's (`None` past the end of either list). The hrefs must be the
/// same, in the same order. An expected `result` must be matched by a result that
/// `same` takes for it; an expected `error` (no absolute form) by `null`; a link that
/// gives neither is checked on its `href` alone.
pub fn first_link_difference<'a, 'b>(
    expected: &'a [ExpectedLink],
    actual: &'b [LinkAnswer],
    same: impl Fn(&str, &str) -> bool,
) -> Option<(usize, Option<&'a ExpectedLink>, Option<&'b LinkAnswer>)> {
    (0..expected.len().max(actual.len())).find_map(|i| {
        let (want, got) = (expected.get(i), actual.get(i));
        let agree = match (want, got) {
            (Some(w), Some(g)) => {
                w.href == g.href
                    && match (&w.result, &w.error, &g.result) {
                        (Some(r), _, Some(a)) => same(r, a),
                        (Some(_), _, None) => false,
                        (None, Some(_), a) => a.is_none(),
                        (None, None, _) => true,
                    }
            }
            _ => false,
        };
        (!agree).then_some((i, want, got))
    })
}

/// A `links` case: the adapter's links against the document's, in order; the first
/// link that differs is named on both sides. A document that gives no links to compare
/// (`not-defined`) is `unsupported`.
fn judge_links(
    doc: DocReading,
    e: &Expectation,
    info: &Info,
    answer: &Answer,
    actual: String,
) -> Judged {
    let d = doc_id(doc);
    let Some(want) = &e.links else {
        return judged(
            Class::Unsupported,
            format!(
                "{d}: {} (the document gives no links to compare with)",
                e.verdict.as_deref().unwrap_or("no links given")
            ),
            actual,
        );
    };
    let said = format!("{d}: {} link(s): {}", want.len(), {
        let items: Vec<String> = want.iter().map(expected_link).collect();
        items.join(", ")
    });
    let got = match answer {
        Answer::Links { links } => links,
        // The program refused the document as a whole: it gave none of its links.
        Answer::Rejected { .. } => return judged(Class::Resolution, said, actual),
        _ => return not_an_answer_to("links", said, &actual),
    };
    let model = info.model;
    let same = |w: &str, a: &str| normalise_url(model, w) == normalise_url(model, a);
    match first_link_difference(want, got, same) {
        None => judged(Class::Agree, said, actual),
        Some((i, w, g)) => judged(
            Class::Resolution,
            format!(
                "{d}: links[{i}] {} (of {})",
                w.map_or_else(|| "(no such link)".into(), expected_link),
                want.len()
            ),
            format!(
                "{}: links[{i}] {} (of {})",
                info.name,
                g.map_or_else(|| "(no such link)".into(), actual_link),
                got.len()
            ),
        ),
    }
}
