//! The October 1993 draft's "PARTIAL FORM" (draft-ietf-uri-url-02), rule by rule. The text is short
//! and leaves three things open; each is a reading (see [`Reading`]):
//!
//! - what "the path of the context locator" is: "the rest of the locator" (its Path
//!   paragraph, so a `?search` is inside it, and the dot removal runs "within the result",
//!   over an appended `?search` or `#fragment` too), or the BNF's `path`
//!   (`draft-02@path-excludes-search`);
//! - whether `xxx` in "/xxx/.." may itself be "." or ".." (`draft-02@xxx-excludes-dots`
//!   says no);
//! - the order of removal, which "recursively removed" does not give: urlcert removes the
//!   leftmost occurrence first, and where "/xxx/.." and "/." start at the same place,
//!   "/xxx/.." (the text names it first). The last choice only matters when `xxx` may be
//!   ".", so the `xxx-excludes-dots` reading is free of it.
//!
//! The text says nothing of an empty partial URL or of a context path with no slash;
//! both follow the relative-path rule as written (a path with no slash is all "last
//! part").

use super::trace::{lossy, Trace};
use super::{Request, Resolution, Seen, Unresolvable};
use crate::document::Reading;

/// "A partial form can be distinguished from a full form in that a full form must have a
/// colon and that colon must occur before any slash characters."
pub(crate) fn is_full_form(s: &[u8]) -> bool {
    let colon = s.iter().position(|&b| b == b':');
    let slash = s.iter().position(|&b| b == b'/');
    match (colon, slash) {
        (Some(c), Some(s)) => c < s,
        (Some(_), None) => true,
        (None, _) => false,
    }
}

/// The context locator taken apart: scheme, the "Internet protocol parts" ("starts with
/// a double slash "//" [...] and continues until the following slash "/""), and the
/// path, "the rest of the locator".
struct Context<'a> {
    scheme: &'a [u8],
    host: Option<&'a [u8]>,
    path: &'a [u8],
}

impl<'a> Context<'a> {
    fn of(base: &'a [u8], reading: Reading) -> Option<Context<'a>> {
        // "The fragment-id follows the URL of the whole object from which it is
        // separated by a hash sign (#)": it is not part of the context's URL.
        let url = &base[..base.iter().position(|&b| b == b'#').unwrap_or(base.len())];
        if !is_full_form(url) {
            return None;
        }
        let colon = url.iter().position(|&b| b == b':')?;
        if colon == 0 {
            return None;
        }
        let (scheme, rest) = (&url[..colon], &url[colon + 1..]);
        let (host, mut path) = match rest.strip_prefix(b"//") {
            Some(r) => {
                let end = r.iter().position(|&b| b == b'/').unwrap_or(r.len());
                (Some(&r[..end]), &r[end..])
            }
            None => (None, rest),
        };
        if reading == Reading::PathExcludesSearch {
            // The BNF: `h t t p : / / hostport [ / path ] [ ? search ]`.
            path = &path[..path.iter().position(|&b| b == b'?').unwrap_or(path.len())];
        }
        Some(Context { scheme, host, path })
    }

    /// `scheme:` and, if the context has one, `//host`.
    fn prefix(&self) -> Vec<u8> {
        let mut out = self.scheme.to_vec();
        out.push(b':');
        if let Some(h) = self.host {
            out.extend_from_slice(b"//");
            out.extend_from_slice(h);
        }
        out
    }
}

/// The rules for the use of a partial name.
///
/// Hands `seen` the scheme, host part (`login`) and path of the result
/// when it puts the context's parts in front of the partial form's path (not when the
/// partial form gives "the host, port name and all the rest").
pub(crate) fn resolve_seeing(asked: Request, seen: Seen) -> Result<Resolution, Unresolvable> {
    let (doc, base, reference) = (asked.doc, asked.base, asked.reference);
    let mut t = Trace::new(asked.trace);
    let Some(context) = Context::of(base, doc.reading) else {
        return Err(Unresolvable::BaseNotAbsolute {
            doc,
            why: "it is not a full form: \"a full form must have a colon and that colon must occur before any slash characters\"",
        });
    };
    // Under `path-excludes-search` the partial URL's `?search` and `#fragment` are set
    // aside before the rules and put back after them.
    let split = match doc.reading {
        Reading::PathExcludesSearch => reference
            .iter()
            .position(|&b| b == b'?' || b == b'#')
            .unwrap_or(reference.len()),
        _ => reference.len(),
    };
    let (partial, suffix) = reference.split_at(split);

    if is_full_form(partial) {
        return t.done(
            "full-form",
            "a colon before any slash: the full form, used as given",
            doc,
            reference.to_vec(),
        );
    }
    t.pass("full-form", "no colon before a slash: a partial form");

    // "If the scheme parts are different, the whole absolute locator must be given.
    // Otherwise, the scheme is omitted, and:"
    t.step(
        "scheme",
        "no scheme given: the context's scheme is used",
        || lossy(context.scheme),
    );

    // "If the host and/or port parts are the different, the host, port name and all the
    // rest of the locator must be given."
    if partial.starts_with(b"//") {
        let mut result = context.scheme.to_vec();
        result.push(b':');
        result.extend_from_slice(reference);
        return t.done(
            "host",
            "\"//\": host, port and all the rest are given",
            doc,
            result,
        );
    }
    t.pass("host", "no \"//\": the context's host and port are used");

    // "If the access and host parts are the same, then the path may be given in absolute
    // (fully qualified) or relative form. [...] If a leading slash is present, the path
    // is absolute."
    if partial.starts_with(b"/") {
        seen(&[
            ("scheme", Some(context.scheme)),
            ("login", context.host),
            ("path", Some(reference)),
        ]);
        let mut result = context.prefix();
        result.extend_from_slice(reference);
        return t.done(
            "absolute-path",
            "a leading slash: the path is absolute",
            doc,
            result,
        );
    }
    t.pass("absolute-path", "no leading slash: the path is relative");

    // "Otherwise, a relative path is interpreted as follows: The last part of the path of
    // the context locator (anything following the rightmost slash) is removed, and the
    // given partial URL appended in its place."
    let mut path = context.path[..super::last_segment_start(context.path)].to_vec();
    if context.host.is_some() && path.is_empty() && !reference.is_empty() {
        // The slash that ends the host part ("continues until the following slash")
        // and separates it from what follows (`hostport [ / path ] [ ? search ]`).
        path.push(b'/');
    }
    path.extend_from_slice(partial);
    t.step(
        "relative-path",
        "the last part of the context's path is removed and the partial URL appended",
        || lossy(&path),
    );

    // "Within the result, all occurrences of "/xxx/.." or "/." are recursively removed,
    // where xxx, ".." and "." are complete path elements."
    let path = remove_dots(&path, doc.reading);
    t.step(
        "remove-dots",
        "\"/xxx/..\" and \"/.\" are recursively removed",
        || lossy(&path),
    );

    seen(&[
        ("scheme", Some(context.scheme)),
        ("login", context.host),
        ("path", Some(&path)),
        ("suffix", Some(suffix)),
    ]);
    let mut result = context.prefix();
    result.extend_from_slice(&path);
    result.extend_from_slice(suffix);
    t.done(
        "result",
        "the context's scheme and host, then the new path",
        doc,
        result,
    )
}

/// Removes "/xxx/.." and "/." where they are complete elements, the leftmost first, until
/// none is left. `kept` holds what is left of the cursor, where no occurrence remains;
/// `starts` is where each of its "/element" pieces begins.
fn remove_dots(path: &[u8], reading: Reading) -> Vec<u8> {
    let may_be_xxx = |e: &[u8]| reading != Reading::XxxExcludesDots || (e != b"." && e != b"..");
    // Text before the first "/" is no "/element": no pattern can start there.
    let first = path.iter().position(|&b| b == b'/').unwrap_or(path.len());
    let mut kept = path[..first].to_vec();
    let mut starts: Vec<usize> = Vec::new();
    let pieces: Vec<&[u8]> = if first < path.len() {
        path[first + 1..].split(|&b| b == b'/').collect()
    } else {
        Vec::new()
    };
    let mut i = 0;
    while i < pieces.len() {
        let element = pieces[i];
        let next_is_dotdot = pieces.get(i + 1) == Some(&&b".."[..]);
        if element == b".." {
            // "/xxx/.." with xxx the last element kept: the leftmost occurrence.
            if let Some(&start) = starts.last() {
                if may_be_xxx(&kept[start + 1..]) {
                    kept.truncate(start);
                    starts.pop();
                    i += 1;
                    continue;
                }
            }
        }
        if element == b"." {
            if next_is_dotdot && may_be_xxx(element) {
                // "/./.." is both "/xxx/.." and "/."; "/xxx/.." is named first.
                i += 2;
            } else {
                i += 1;
            }
            continue;
        }
        starts.push(kept.len());
        kept.push(b'/');
        kept.extend_from_slice(element);
        i += 1;
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::{DocReading, Document};
    use crate::resolve::pieces::every_path;

    /// The plain loop: find the leftmost occurrence of either pattern (on a tie,
    /// "/xxx/.."), remove it, start again.
    fn remove_dots_by_rescanning(path: &[u8], reading: Reading) -> Vec<u8> {
        let mut p = path.to_vec();
        'again: loop {
            let slashes: Vec<usize> = (0..p.len()).filter(|&i| p[i] == b'/').collect();
            for (k, &s) in slashes.iter().enumerate() {
                let end = |k: usize| slashes.get(k).copied().unwrap_or(p.len());
                let element = &p[s + 1..end(k + 1)];
                let xxx_ok =
                    reading != Reading::XxxExcludesDots || (element != b"." && element != b"..");
                if xxx_ok && k + 1 < slashes.len() && &p[end(k + 1) + 1..end(k + 2)] == b".." {
                    p.drain(s..end(k + 2));
                    continue 'again;
                }
                if element == b"." {
                    p.drain(s..end(k + 1));
                    continue 'again;
                }
            }
            return p;
        }
    }

    #[test]
    fn removal_is_the_leftmost_rewrite() {
        let pieces: [&[u8]; 4] = [b"a", b"..", b"/", b"."];
        let n = every_path(&pieces, 9, |p| {
            for reading in [Reading::Strict, Reading::XxxExcludesDots] {
                assert_eq!(
                    remove_dots(p, reading),
                    remove_dots_by_rescanning(p, reading),
                    "{:?} under {reading:?}",
                    String::from_utf8_lossy(p)
                );
            }
        });
        assert!(n > 1000);
    }

    fn res(reading: Reading, base: &str, r: &str) -> String {
        crate::testing::resolved(DocReading::new(Document::Draft02, reading), base, r, false)
    }

    #[test]
    fn the_three_readings() {
        let base = "http://a/b/c/d;p?q";
        let lit = |r| res(Reading::Strict, base, r);
        // The slash goes with the removed element.
        assert_eq!(lit("."), "http://a/b/c");
        assert_eq!(lit("../.."), "http://a");
        assert_eq!(lit("g?y/../x"), "http://a/b/c/x");
        assert_eq!(lit("../../../../g"), "http://a/g");
        assert_eq!(
            res(Reading::XxxExcludesDots, base, "../../../../g"),
            "http://a/../../g"
        );
        assert_eq!(
            res(Reading::PathExcludesSearch, base, "g?y/../x"),
            "http://a/b/c/g?y/../x"
        );
        assert_eq!(
            res(Reading::Strict, "http://a/b/c/d?q/r", "g"),
            "http://a/b/c/d?q/g"
        );
        assert_eq!(
            res(Reading::PathExcludesSearch, "http://a/b/c/d?q/r", "g"),
            "http://a/b/c/g"
        );
        // A colon before any slash is a full form, whatever comes before it.
        assert_eq!(lit("a@b:c"), "a@b:c");
    }
}
