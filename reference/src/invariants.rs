//! Properties every answer of the reference keeps, whatever the input: what the fuzz
//! targets `parse_invariants` and `resolve_invariants` check, and what ordinary tests
//! check on every case input.
//!
//! Each property comes from a document's text:
//!
//! - a `valid` parse names only the components the document's split has
//!   ([`crate::components`]);
//! - where the document says how the components make up the URL, putting them back
//!   together gives the input ([`rebuild`]);
//! - a resolution's result is absolute under the same document (it has a scheme), and
//!   resolving it again, against any base, leaves it unchanged (an absolute reference
//!   "is an absolute URL and we are done": 1996 draft §6 Step 2b, RFC 1808 §4 Step 2b).
//!
//! ```
//! use urlcert_reference::{invariants, Document};
//! assert_eq!(invariants::check_parse(Document::Rfc1738.into(), b"http://h:80/a/b?q"), Ok(()));
//! assert_eq!(
//!     invariants::check_resolve(Document::Draft1996.into(), b"http://a/b/c/d;p?q", b"../g"),
//!     Ok(())
//! );
//! ```

use crate::document::{DocReading, Document, Reading};
use crate::grammar::outcome::{Components, Parse, Value, Verdict};
use crate::resolve::resolve;

/// Bases resolved against in the "against anything" check, besides the original base
/// and the result itself: the 1996 draft's Appendix C base and two of other shapes.
pub const OTHER_BASES: &[&[u8]] = &[b"http://a/b/c/d;p?q", b"ftp://x/", b"news:a"];

/// Parses `input` under `doc` and checks the parse's invariants. `Err` says which one
/// failed, and how.
pub fn check_parse(doc: DocReading, input: &[u8]) -> Result<(), String> {
    let p = crate::parse(doc, input);
    check_parse_answer(input, &p)
}

/// The invariants of one parse of `input`.
pub fn check_parse_answer(input: &[u8], p: &Parse) -> Result<(), String> {
    if p.verdict != Verdict::Valid {
        return Ok(());
    }
    let known = crate::components(p.doc.doc);
    for (name, _) in p.components.iter() {
        if !known.contains(&name) {
            return Err(format!(
                "{}: component `{name}` is not one of the document's ({known:?})",
                p.doc
            ));
        }
    }
    let Some(candidates) = rebuild(p) else {
        return Ok(());
    };
    let text = String::from_utf8_lossy(input);
    if candidates.iter().any(|c| *c == text) {
        Ok(())
    } else {
        Err(format!(
            "{}: {} components {:?} rebuild as {candidates:?}, not the input {text:?}",
            p.doc,
            p.rule.map(|r| r.name()).unwrap_or("-"),
            p.components
        ))
    }
}

fn s<'a>(c: &'a Components, name: &str) -> Option<&'a str> {
    c.str(name)
}

fn list(c: &Components, name: &str) -> Option<Vec<String>> {
    match c.get(name) {
        Some(Some(Value::List(v))) => Some(v.iter().map(|s| s.to_string()).collect()),
        _ => None,
    }
}

/// `[ user [ ":" password ] "@" ] host [ ":" port ]`: RFC 1738 §5 `login` and
/// `hostport`, and the 1996 draft's §4.3.1 `server` (same shape).
fn login(c: &Components) -> Option<String> {
    let mut out = String::new();
    if let Some(u) = s(c, "user") {
        out.push_str(u);
        if let Some(p) = s(c, "password") {
            out.push(':');
            out.push_str(p);
        }
        out.push('@');
    }
    out.push_str(s(c, "host")?);
    if let Some(p) = s(c, "port") {
        out.push(':');
        out.push_str(p);
    }
    Some(out)
}

/// A split of the generic syntaxes, put back in the layout both texts give
/// (`<scheme>://<net_loc>/<path>;<params>?<query>#<fragment>`, 1996 draft §4.3 and RFC
/// 1808 §2.4). The slash before the path is not a component (1996 draft §4.3.2, RFC 1808
/// §2.4.6: it is "not part of the path"), so both the form with it and the form without
/// it are candidates (after a server only the form with it: the server ends at the
/// slash); the input must be one of them.
fn generic(c: &Components, server: &str, params: bool) -> Vec<String> {
    let mut head = String::new();
    if let Some(v) = s(c, "scheme") {
        head.push_str(v);
        head.push(':');
    }
    if let Some(v) = s(c, server) {
        head.push_str("//");
        head.push_str(v);
    }
    let mut tail = s(c, "path").unwrap_or("").to_string();
    let mut delims = vec![(';', "params"), ('?', "query"), ('#', "fragment")];
    if !params {
        delims.remove(0);
    }
    for (d, name) in delims {
        if let Some(v) = s(c, name) {
            tail.push(d);
            tail.push_str(v);
        }
    }
    // With a server, the path follows the slash that ends it, or is empty.
    if s(c, server).is_some() && !s(c, "path").unwrap_or("").is_empty() {
        return vec![format!("{head}/{tail}")];
    }
    vec![format!("{head}{tail}"), format!("{head}/{tail}")]
}

/// `scheme "://" login [ "/" path [ delimiter last ] ]`, the shape of RFC 1738's
/// `httpurl` (`[ "/" hpath [ "?" search ]]`) and `ftpurl` (`[ "/" fpath [ ";type="
/// ftptype ]]`), where the path must be its segments joined by "/".
fn login_and_path(
    c: &Components,
    path: &str,
    segments: &str,
    (delimiter, last): (&str, &str),
) -> Option<Vec<String>> {
    let mut out = format!("{}://{}", s(c, "scheme")?, login(c)?);
    if let Some(p) = s(c, path) {
        if list(c, segments)?.join("/") != p {
            return Some(vec![format!("{segments} of {p:?}")]);
        }
        out.push('/');
        out.push_str(p);
        if let Some(v) = s(c, last) {
            out.push_str(delimiter);
            out.push_str(v);
        }
    }
    Some(vec![out])
}

/// RFC 3986 §5.3, "Component Recomposition", on a parse's components (the path holds
/// its "/"); the authority must be its subcomponents put together (§3.2: `[ userinfo
/// "@" ] host [ ":" port ]`).
pub(crate) fn recompose_3986(c: &Components) -> String {
    if let Some(a) = s(c, "authority") {
        let built = userinfo_host_port(c);
        if built != a {
            return format!("authority {a:?} from {built:?}");
        }
    }
    recompose(c, s(c, "path").unwrap_or(""))
}

/// RFC 3986 §5.3 and RFC 2396 §5.2 step 7: each delimiter written when its component
/// is defined, the path as it is.
fn recompose(c: &Components, path: &str) -> String {
    let mut out = String::new();
    if let Some(v) = s(c, "scheme") {
        out.push_str(v);
        out.push(':');
    }
    if let Some(v) = s(c, "authority") {
        out.push_str("//");
        out.push_str(v);
    }
    out.push_str(path);
    for (d, name) in [('?', "query"), ('#', "fragment")] {
        if let Some(v) = s(c, name) {
            out.push(d);
            out.push_str(v);
        }
    }
    out
}

/// The ways the components of a valid parse put back together, or `None` where the
/// document or production does not define a rebuild urlcert checks.
///
/// Defined:
/// - 1996 draft (`generic-URL`, `net_path`, `abs_path`, `rel_path`): §4.3's split
///   recombined, and a `server` that is `[ user [ ":" password ] "@" ] host [ ":" port ]`
///   (§4.3.1);
/// - RFC 1808 (`generic-RL` and the relative forms): §2.4's split recombined;
/// - RFC 3986 (`URI`, `relative-ref`): §5.3's recomposition, the authority from its
///   subcomponents;
/// - RFC 1738 and draft-06: `httpurl` = "http://" hostport [ "/" hpath [ "?" search ]],
///   `ftpurl` = "ftp://" login [ "/" fpath [ ";type=" ftptype ]], `otherurl` = scheme
///   ":" schemepart; `hsegments` / `fsegments` joined by "/" give `hpath` / `fpath`.
///
/// Skipped: every other scheme production of RFC 1738 and draft-06 (their components
/// leave out literal parts such as gopher's type digit rules or wais's "/" forms, and a
/// rebuild would repeat the parser), and the 1993-94 drafts draft-02 and draft-03, whose
/// ambiguous grammars (a host holding "@", a path holding the ftptype) report one
/// derivation among several.
pub fn rebuild(p: &Parse) -> Option<Vec<String>> {
    let c = &p.components;
    let rule = p.rule?.name();
    match (p.doc.doc, rule) {
        (Document::Draft1996, "generic-URL" | "net_path" | "abs_path" | "rel_path") => {
            if let (Some(server), Some(built)) = (s(c, "server"), login(c)) {
                // An empty server has no host (§4.3.1 `server = [ ... hostport ]`).
                if server != built {
                    return Some(vec![format!("server {server:?} from {built:?}")]);
                }
            }
            Some(generic(c, "server", false))
        }
        (Document::Rfc3986, "URI" | "relative-ref") => Some(vec![recompose_3986(c)]),
        (Document::Rfc1808, "generic-RL" | "net_path" | "abs_path" | "rel_path") => {
            Some(generic(c, "net_loc", true))
        }
        (Document::Rfc1738 | Document::Draft06, "httpurl") => {
            login_and_path(c, "hpath", "hsegments", ("?", "search"))
        }
        (Document::Rfc1738 | Document::Draft06, "ftpurl") => {
            login_and_path(c, "fpath", "fsegments", (";type=", "ftptype"))
        }
        (Document::Rfc1738 | Document::Draft06, "otherurl") => {
            Some(vec![format!("{}:{}", s(c, "scheme")?, s(c, "schemepart")?)])
        }
        (Document::Rfc2396, "absoluteURI" | "relativeURI" | "URI-reference") => {
            Some(vec![rfc2396(c)])
        }
        _ => None,
    }
}

/// RFC 2396: Appendix B, "going in the opposite direction, we can recreate a URI
/// reference from its components using the algorithm in step 7 of Section 5.2" (which
/// writes each delimiter when its component is defined, and the path as it is); and the
/// parts of the parts: a server is `[ [ userinfo "@" ] hostport ]` (§3.2.2), the host
/// is its one kind, the segments and params make up the path (§3.3), and the
/// opaque_part is the path and the query (§3). A part that does not fit is returned as a
/// description, which is no candidate.
fn rfc2396(c: &Components) -> String {
    if let Some(server) = s(c, "server") {
        let built = match s(c, "host") {
            None => String::new(),
            Some(_) => userinfo_host_port(c),
        };
        if server != built {
            return format!("server {server:?} from {built:?}");
        }
        let kinds: Vec<&str> = ["hostname", "IPv4address", "IPv6reference"]
            .into_iter()
            .filter_map(|k| s(c, k))
            .collect();
        if kinds != s(c, "host").into_iter().collect::<Vec<_>>() {
            return format!("host kinds {kinds:?}");
        }
    }
    let path = s(c, "path").unwrap_or("");
    if let (Some(segs), Some(params)) = (list(c, "segments"), list(c, "params")) {
        let joined: Vec<String> = segs
            .iter()
            .zip(&params)
            .map(|(a, b)| format!("{a}{b}"))
            .collect();
        let joined = joined.join("/");
        if segs.len() != params.len() || (joined != path && format!("/{joined}") != path) {
            return format!("segments {segs:?} and params {params:?} of {path:?}");
        }
    }
    if let Some(opaque) = s(c, "opaque_part") {
        let whole = match s(c, "query") {
            Some(q) => format!("{path}?{q}"),
            None => path.to_string(),
        };
        if opaque != whole {
            return format!("opaque_part {opaque:?} of {whole:?}");
        }
    }
    recompose(c, path)
}

/// `[ userinfo "@" ] host [ ":" port ]` (RFC 2396 §3.2.2, RFC 3986 §3.2).
fn userinfo_host_port(c: &Components) -> String {
    let mut out = String::new();
    if let Some(u) = s(c, "userinfo") {
        out.push_str(u);
        out.push('@');
    }
    out.push_str(s(c, "host").unwrap_or(""));
    if let Some(p) = s(c, "port") {
        out.push(':');
        out.push_str(p);
    }
    out
}

/// Does `url` have a scheme, as the generic syntaxes split one off (1996 draft §4.1,
/// RFC 1808 §2.4.2): one or more scheme characters, then ":"?
pub fn has_scheme(url: &[u8]) -> bool {
    let end = url
        .iter()
        .position(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')));
    matches!(end, Some(i) if i > 0 && url[i] == b':')
}

/// Resolves `reference` against `base` under `doc` and checks the result's invariants:
/// it is absolute, and resolving it again against the base, against itself and against
/// each of [`OTHER_BASES`] gives it back unchanged. A document that gives no result
/// (no relative form, a base that is not absolute) has nothing to check.
///
/// Where the base is empty, the 1996 draft's Step 1 takes the reference as absolute
/// whatever it is, so the result is not checked for a scheme.
///
/// Skipped: the October 1993 draft (draft-02), whose partial form is defined against a
/// context locator only, and whose notion of "absolute" is its own `url` production, not
/// a scheme split; its results are still checked not to panic.
///
/// Under the readings that take a reference with the base's scheme as relative (RFC 3986
/// §5.2.2's non-strict parser, "if ((not strict) and (R.scheme == Base.scheme)) then
/// undefine(R.scheme)"; RFC 2396 §5.2 step 3's backwards-compatible parse), a result is
/// not absolute against a base with its own scheme, by design: it is resolved again only
/// against bases with another scheme.
pub fn check_resolve(doc: DocReading, base: &[u8], reference: &[u8]) -> Result<(), String> {
    let Ok(r) = resolve(doc, base, reference, false) else {
        return Ok(());
    };
    if doc.doc == Document::Draft02 {
        return Ok(());
    }
    let result = &r.result;
    let show = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    // RFC 2396 §5.2 Step 3 asks whether the scheme component is "defined", as Section
    // 4.3 and Appendix B split one off.
    let absolute = match doc.doc {
        Document::Rfc2396 => crate::rfc2396::parts::Parts::of(result).scheme.is_some(),
        _ => has_scheme(result),
    };
    if !absolute {
        if base.is_empty() {
            return Ok(());
        }
        return Err(format!(
            "{doc}: {:?} against {:?} gives {:?}, which has no scheme",
            show(reference),
            show(base),
            show(result)
        ));
    }
    // Under rfc2396@same-scheme-relative an absolute result whose scheme is another
    // base's is resolved against it as a relative reference (RFC 2396 §5.2 Step 3, "by
    // removing the scheme if it matches that of the base URI"), so `http:g` is stable
    // against its own base only: the other bases are not asked.
    let others: &[&[u8]] = match doc.reading {
        crate::document::Reading::SameSchemeRelative => &[],
        _ => OTHER_BASES,
    };
    // RFC 3986 §5.1: a reference is "stripped of any fragment component prior to its use
    // as a base URI", and a base "must conform to the <absolute-URI> syntax rule"; a
    // result that does not (it keeps what the reference had that the grammar refuses)
    // is no base to resolve against.
    let result_as_base = match doc.doc {
        Document::Rfc3986 => {
            let stripped = &result[..result
                .iter()
                .position(|&b| b == b'#')
                .unwrap_or(result.len())];
            let conforms = !matches!(
                resolve(doc, stripped, b"", false),
                Err(crate::Unresolvable::BaseNotAbsolute { .. })
            );
            conforms.then_some(stripped)
        }
        _ => Some(result.as_slice()),
    };
    let againsts: Vec<&[u8]> = [Some(base), result_as_base]
        .into_iter()
        .flatten()
        .chain(others.iter().copied())
        .collect();
    let same_scheme_relative = matches!(
        doc.reading,
        Reading::NonStrict | Reading::SameSchemeRelative
    );
    let scheme = |u: &[u8]| u.iter().position(|&b| b == b':').map(|i| u[..i].to_vec());
    // RFC 3986 §5.2.2 removes the dot segments of an absolute reference's path too,
    // while a reference with an empty path inherits the base's path as it is (`?y`
    // against `http://a/b/./c/d` gives `http://a/b/./c/d?y`): resolved again, a result
    // gives itself with its path's dot segments removed, and that is stable.
    let expected = match doc.doc {
        Document::Rfc3986 => {
            use crate::resolve::rfc3986::{appendix_b, recompose, remove_dot_segments};
            let c = appendix_b(result);
            recompose(
                c.scheme,
                c.authority,
                &remove_dot_segments(c.path),
                c.query,
                c.fragment,
            )
        }
        _ => result.clone(),
    };
    for other in againsts {
        if same_scheme_relative && scheme(other) == scheme(result) {
            continue;
        }
        let again = resolve(doc, other, result, false).map(|r| r.result);
        if again.as_ref() != Ok(&expected) {
            return Err(format!(
                "{doc}: {:?} against {:?} gives {:?}; resolving that against {:?} gives {:?}",
                show(reference),
                show(base),
                show(result),
                show(other),
                again.map(|r| show(&r))
            ));
        }
    }
    Ok(())
}

/// Every document and reading, as the fuzz targets go through them.
pub fn every_doc_reading() -> Vec<DocReading> {
    Document::ALL
        .iter()
        .flat_map(|&d| d.readings().iter().map(move |&r| DocReading::new(d, r)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{EXAMPLE_BASE, REFERENCE_FORMS};

    #[test]
    fn rebuilds_hold_on_examples() {
        for (doc, input) in [
            (Document::Rfc1738, &b"ftp://u:p@h:21/a/b;type=d"[..]),
            (Document::Rfc1738, b"http://h/a/b?x=y"),
            (Document::Rfc1738, b"foo:bar"),
            (Document::Draft1996, b"http://u:p@h:8/a?q#f"),
            (Document::Draft1996, b"http://h"),
            (Document::Draft1996, b"../g?y"),
            (Document::Rfc1808, b"http://h/a;p?q#f"),
            (Document::Rfc2396, b"http://u@h:8/a;p/b?q#f"),
            (Document::Rfc2396, b"mailto:a?b#c"),
            (Document::Rfc2396, b"g;x/h"),
            (Document::Rfc2396, b"#f"),
            (Document::Rfc2396, b"//h_x"),
            (Document::Rfc3986, b"http://u@[::1]:8/a?q#f"),
            (Document::Rfc3986, b"//h:/?#"),
            (Document::Rfc3986, b""),
        ] {
            let p = crate::parse(doc.into(), input);
            assert_eq!(p.verdict, Verdict::Valid, "{input:?}");
            assert!(rebuild(&p).is_some(), "{input:?}");
            assert_eq!(check_parse(doc.into(), input), Ok(()));
        }
    }

    #[test]
    fn a_wrong_component_is_caught() {
        let mut p = crate::parse(Document::Rfc1738.into(), b"http://h/a?q");
        p.components.put(
            "search",
            Some(crate::grammar::outcome::Part::Str(
                crate::grammar::cx::Span::new(7, 8),
            )),
        );
        let e = check_parse_answer(b"http://h/a?q", &p).unwrap_err();
        assert!(e.contains("rebuild as"), "{e}");
    }

    #[test]
    fn resolutions_are_absolute_and_stable() {
        for r in REFERENCE_FORMS.map(str::as_bytes) {
            assert_eq!(
                check_resolve(Document::Draft1996.into(), EXAMPLE_BASE, r),
                Ok(())
            );
            assert_eq!(
                check_resolve(Document::Rfc1808.into(), EXAMPLE_BASE, r),
                Ok(())
            );
            for doc in every_doc_reading() {
                if doc.doc == Document::Rfc2396 {
                    assert_eq!(check_resolve(doc, EXAMPLE_BASE, r), Ok(()));
                    assert_eq!(check_resolve(doc, b"news:a", b"http:g"), Ok(()));
                    assert_eq!(check_resolve(doc, b"http://a/b", b"a@b:c"), Ok(()));
                }
            }
        }
        assert!(has_scheme(b"a+b:x") && !has_scheme(b":x") && !has_scheme(b"a/b:x"));
    }
}
