//! RFC 3986 Section 5.2, "Relative Resolution", written as its pseudocode reads
//! (<https://www.rfc-editor.org/rfc/rfc3986#section-5.2>): the names are the RFC's
//! (`R`, `Base`, `T`, `merge`, `remove_dot_segments`, "input buffer", "output buffer"),
//! and every branch carries the line it implements.
//!
//! The base and the reference are split by Appendix B's regular expression, written out
//! as code ([`appendix_b`]), not by the grammar of Section 3: Section 5.2.1 asks only for
//! "the five main components described in Section 3", and Appendix B is the RFC's own
//! way to get them.
//!
//! Step ids, in the order they can occur (only the branches taken are listed):
//!
//! | id | what |
//! |---|---|
//! | `5.2.1` | Base is parsed into its five components |
//! | `5.2.2` | R is parsed into its five components |
//! | `5.2.2-undefine` | the non-strict parser undefines R.scheme, equal to Base.scheme |
//! | `5.2.2-scheme` | R.scheme is defined: T takes R's scheme, authority, path, query |
//! | `5.2.2-authority` | R.authority is defined: T takes R's authority, path, query |
//! | `5.2.2-empty-path` | R.path is "": T.path = Base.path, T.query = R.query or Base.query |
//! | `5.2.2-absolute-path` | R.path starts with "/": T.path = remove_dot_segments(R.path) |
//! | `5.2.2-merge` | otherwise: T.path = remove_dot_segments(merge(Base.path, R.path)) |
//! | `5.2.3` | merge |
//! | `5.2.4` | remove_dot_segments: 1, the input buffer is initialized |
//! | `5.2.4A` ... `5.2.4E` | remove_dot_segments: one application of rule 2A ... 2E |
//! | `5.3` | the components are recomposed |
//!
//! `5.2.4A`-`5.2.4E` are listed once per application, as the RFC's own table of the
//! two worked examples lists them ("2E", "2E", "2E", "2B", "2C", "2C", "2E").

use super::trace::{lossy, Trace};
use super::{Request, Resolution, Seen, Unresolvable};
use crate::document::{DocReading, Reading};

/// The five components of Section 3 as Appendix B finds them: `None` is undefined
/// ("its associated delimiter does not appear"), `Some(b"")` is empty: "the path
/// component is never undefined, though it may be empty."
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Components<'a> {
    pub scheme: Option<&'a [u8]>,
    pub authority: Option<&'a [u8]>,
    pub path: &'a [u8],
    pub query: Option<&'a [u8]>,
    pub fragment: Option<&'a [u8]>,
}

/// Appendix B, "Parsing a URI Reference with a Regular Expression":
///
/// ```text
///   ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
///    12            3  4          5       6  7        8 9
///   scheme = $2, authority = $4, path = $5, query = $7, fragment = $9
/// ```
///
/// Each group is matched greedily from the left, as the expression's "first-match-wins"
/// reading gives. The expression's `.` is taken to match every byte, line feeds too.
/// One step beyond the expression: a `$2` that is no `scheme` of Section 3.1
/// (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`, e.g. "1abc" or "a b") is not taken as a
/// scheme. The expression is for "a well-formed URI reference", and in one a ":" before
/// any "/", "?" or "#" can only end a scheme; so such a string is split as a reference
/// without a scheme (it is no URI reference at all, and Section 5 does not say what to
/// do with it).
pub fn appendix_b(input: &[u8]) -> Components<'_> {
    let mut rest = input;
    // (([^:/?#]+):)?
    let scheme = match rest
        .iter()
        .position(|&b| matches!(b, b':' | b'/' | b'?' | b'#'))
    {
        Some(i) if i > 0 && rest[i] == b':' && is_scheme(&rest[..i]) => {
            let s = &rest[..i];
            rest = &rest[i + 1..];
            Some(s)
        }
        _ => None,
    };
    // (//([^/?#]*))?
    let authority = match rest.strip_prefix(b"//") {
        Some(after) => {
            let end = after
                .iter()
                .position(|&b| matches!(b, b'/' | b'?' | b'#'))
                .unwrap_or(after.len());
            rest = &after[end..];
            Some(&after[..end])
        }
        None => None,
    };
    // ([^?#]*)
    let end = rest
        .iter()
        .position(|&b| matches!(b, b'?' | b'#'))
        .unwrap_or(rest.len());
    let path = &rest[..end];
    rest = &rest[end..];
    // (\?([^#]*))?
    let query = match rest.strip_prefix(b"?") {
        Some(after) => {
            let end = after.iter().position(|&b| b == b'#').unwrap_or(after.len());
            rest = &after[end..];
            Some(&after[..end])
        }
        None => None,
    };
    // (#(.*))?
    let fragment = rest.strip_prefix(b"#");
    Components {
        scheme,
        authority,
        path,
        query,
        fragment,
    }
}

/// Section 3.1: `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
pub fn is_scheme(s: &[u8]) -> bool {
    s.first().is_some_and(u8::is_ascii_alphabetic)
        && s.iter()
            .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
}

/// Section 5.3, "Component Recomposition", as its pseudocode reads.
pub fn recompose(
    scheme: Option<&[u8]>,
    authority: Option<&[u8]>,
    path: &[u8],
    query: Option<&[u8]>,
    fragment: Option<&[u8]>,
) -> Vec<u8> {
    let len = |p: Option<&[u8]>| p.map_or(0, |p| p.len() + 2);
    let mut result =
        Vec::with_capacity(len(scheme) + len(authority) + path.len() + len(query) + len(fragment));
    // if defined(scheme) then append scheme to result; append ":" to result;
    if let Some(scheme) = scheme {
        result.extend_from_slice(scheme);
        result.push(b':');
    }
    // if defined(authority) then append "//" to result; append authority to result;
    if let Some(authority) = authority {
        result.extend_from_slice(b"//");
        result.extend_from_slice(authority);
    }
    // append path to result;
    result.extend_from_slice(path);
    // if defined(query) then append "?" to result; append query to result;
    if let Some(query) = query {
        result.push(b'?');
        result.extend_from_slice(query);
    }
    // if defined(fragment) then append "#" to result; append fragment to result;
    if let Some(fragment) = fragment {
        result.push(b'#');
        result.extend_from_slice(fragment);
    }
    result
}

fn show(c: &Components) -> String {
    let part = |name: &str, v: Option<&[u8]>| match v {
        Some(v) => format!("{name}={:?}", lossy(v)),
        None => format!("{name}=undefined"),
    };
    [
        part("scheme", c.scheme),
        part("authority", c.authority),
        part("path", Some(c.path)),
        part("query", c.query),
        part("fragment", c.fragment),
    ]
    .join(" ")
}

/// The target T while it is being built: a path may be borrowed or new.
struct Target<'a> {
    scheme: Option<&'a [u8]>,
    authority: Option<&'a [u8]>,
    path: Vec<u8>,
    query: Option<&'a [u8]>,
    fragment: Option<&'a [u8]>,
}

/// The Section 5.2 algorithm: Section 5.2.1, the pseudocode of Section 5.2.2 with 5.2.3
/// and 5.2.4, then Section 5.3. Under `rfc3986@non-strict`, the parser is "not strict".
///
/// Hands `seen` the components Section 5.3 recomposes.
pub(crate) fn resolve_seeing(asked: Request, seen: Seen) -> Result<Resolution, Unresolvable> {
    let (doc, base, reference) = (asked.doc, asked.base, asked.reference);
    let mut t = Trace::new(asked.trace);
    let strict = doc.reading != Reading::NonStrict;

    // 5.2.1: "The base URI (Base) is established according to the procedure of Section
    // 5.1 and parsed into the five main components described in Section 3. Note that
    // only the scheme component is required to be present in a base URI".
    let base_c = appendix_b(base);
    t.step("5.2.1", "Base is parsed into its five components", || {
        show(&base_c)
    });
    let Some(base_scheme) = base_c.scheme else {
        return Err(Unresolvable::BaseNotAbsolute {
            doc,
            why: "it has no scheme, and \"only the scheme component is required to be present in a base URI\" (Section 5.2.1); \"A base URI must conform to the <absolute-URI> syntax rule\" (Section 5.1)",
        });
    };
    base_conforms(doc, base, &base_c)?;

    // -- The URI reference is parsed into the five URI components
    // (R.scheme, R.authority, R.path, R.query, R.fragment) = parse(R);
    let mut r = appendix_b(reference);
    t.step("5.2.2", "R is parsed into its five components", || show(&r));

    // -- A non-strict parser may ignore a scheme in the reference
    // -- if it is identical to the base URI's scheme.
    // if ((not strict) and (R.scheme == Base.scheme)) then undefine(R.scheme); endif;
    // "==" and "identical" are read as written: byte for byte, letter case included.
    if !strict && r.scheme == Some(base_scheme) {
        r.scheme = None;
        t.step(
            "5.2.2-undefine",
            "not strict, and R.scheme == Base.scheme: R.scheme is undefined",
            || show(&r),
        );
    }

    let mut target = Target {
        scheme: None,
        authority: None,
        path: Vec::new(),
        query: None,
        fragment: None,
    };
    if let Some(scheme) = r.scheme {
        // if defined(R.scheme) then
        //    T.scheme    = R.scheme;
        //    T.authority = R.authority;
        //    T.path      = remove_dot_segments(R.path);
        //    T.query     = R.query;
        t.pass(
            "5.2.2-scheme",
            "R.scheme is defined: T.scheme, T.authority, T.query are R's, T.path = remove_dot_segments(R.path)",
        );
        target.scheme = Some(scheme);
        target.authority = r.authority;
        target.path = remove_dot_segments_traced(r.path, &mut t);
        target.query = r.query;
    } else {
        if let Some(authority) = r.authority {
            // if defined(R.authority) then
            //    T.authority = R.authority;
            //    T.path      = remove_dot_segments(R.path);
            //    T.query     = R.query;
            t.pass(
                "5.2.2-authority",
                "R.authority is defined: T.authority, T.query are R's, T.path = remove_dot_segments(R.path)",
            );
            target.authority = Some(authority);
            target.path = remove_dot_segments_traced(r.path, &mut t);
            target.query = r.query;
        } else {
            if r.path.is_empty() {
                // if (R.path == "") then
                //    T.path = Base.path;
                //    if defined(R.query) then T.query = R.query;
                //    else T.query = Base.query; endif;
                target.path = base_c.path.to_vec();
                target.query = r.query.or(base_c.query);
                t.pass(
                    "5.2.2-empty-path",
                    "R.path is empty: T.path = Base.path, T.query = R.query if defined, else Base.query",
                );
            } else {
                if r.path.starts_with(b"/") {
                    // if (R.path starts-with "/") then
                    //    T.path = remove_dot_segments(R.path);
                    t.pass(
                        "5.2.2-absolute-path",
                        "R.path starts with \"/\": T.path = remove_dot_segments(R.path)",
                    );
                    target.path = remove_dot_segments_traced(r.path, &mut t);
                } else {
                    // else
                    //    T.path = merge(Base.path, R.path);
                    //    T.path = remove_dot_segments(T.path);
                    t.pass(
                        "5.2.2-merge",
                        "T.path = merge(Base.path, R.path), then remove_dot_segments(T.path)",
                    );
                    let merged = merge(&base_c, r.path, &mut t);
                    target.path = remove_dot_segments_traced(&merged, &mut t);
                }
                // T.query = R.query;
                target.query = r.query;
            }
            // T.authority = Base.authority;
            target.authority = base_c.authority;
        }
        // T.scheme = Base.scheme;
        target.scheme = Some(base_scheme);
    }
    // T.fragment = R.fragment;
    target.fragment = r.fragment;

    // 5.3: "Parsed URI components can be recomposed to obtain the corresponding URI
    // reference string."
    seen(&[
        ("scheme", target.scheme),
        ("authority", target.authority),
        ("path", Some(&target.path)),
        ("query", target.query),
        ("fragment", target.fragment),
    ]);
    let result = recompose(
        target.scheme,
        target.authority,
        &target.path,
        target.query,
        target.fragment,
    );
    t.done("5.3", "T's components are recomposed", doc, result)
}

/// 5.1: "A base URI must conform to the <absolute-URI> syntax rule (Section 4.3)." It is
/// asked of every base, before the algorithm starts, whatever the reference: a base
/// without a scheme is refused even when the reference's scheme means 5.2.2 never reads
/// the base, and so is a base with a fragment, though 5.2.2 never reads Base.fragment.
/// Section 5.1 says where such a base comes from: a reference "must be converted to
/// absolute form and stripped of any fragment component prior to its use as a base URI".
fn base_conforms(doc: DocReading, base: &[u8], c: &Components) -> Result<(), Unresolvable> {
    if c.fragment.is_some() {
        return Err(Unresolvable::BaseNotAbsolute {
            doc,
            why: "it has a fragment, which <absolute-URI> (\"absolute-URI  = scheme \":\" hier-part [ \"?\" query ]\", Section 4.3) does not allow: \"A base URI must conform to the <absolute-URI> syntax rule\", and a reference is \"stripped of any fragment component prior to its use as a base URI\" (Section 5.1)",
        });
    }
    if crate::parse(doc, base).verdict == crate::Verdict::Invalid {
        return Err(Unresolvable::BaseNotAbsolute {
            doc,
            why: "it does not match <absolute-URI> (\"absolute-URI  = scheme \":\" hier-part [ \"?\" query ]\", Section 4.3; `urlcert parse --doc rfc3986` says where): \"A base URI must conform to the <absolute-URI> syntax rule\" (Section 5.1)",
        });
    }
    Ok(())
}

/// 5.2.3, "Merge Paths".
fn merge(base: &Components, reference_path: &[u8], t: &mut Trace) -> Vec<u8> {
    let mut out;
    if base.authority.is_some() && base.path.is_empty() {
        // "If the base URI has a defined authority component and an empty path, then
        // return a string consisting of "/" concatenated with the reference's path;"
        out = Vec::with_capacity(1 + reference_path.len());
        out.push(b'/');
        out.extend_from_slice(reference_path);
        t.step(
            "5.2.3",
            "merge: Base has an authority and an empty path: \"/\" and R.path",
            || lossy(&out),
        );
    } else {
        // "return a string consisting of the reference's path component appended to all
        // but the last segment of the base URI's path (i.e., excluding any characters
        // after the right-most "/" in the base URI path, or excluding the entire base URI
        // path if it does not contain any "/" characters)."
        out = super::replace_last_segment(base.path, reference_path);
        t.step(
            "5.2.3",
            "merge: R.path appended to all but the last segment of Base.path",
            || lossy(&out),
        );
    }
    out
}

/// 5.2.4, "Remove Dot Segments": interprets and removes the "." and ".." complete path
/// segments of `path`. Linear in the length of `path` (see
/// [`remove_dot_segments_traced`]).
///
/// ```
/// use urlcert_reference::resolve::rfc3986::remove_dot_segments;
/// assert_eq!(remove_dot_segments(b"/a/b/c/./../../g"), b"/a/g");
/// assert_eq!(remove_dot_segments(b"mid/content=5/../6"), b"mid/6");
/// ```
pub fn remove_dot_segments(path: &[u8]) -> Vec<u8> {
    remove_dot_segments_traced(path, &mut Trace::new(false))
}

/// The input buffer: what is left of the path, or the "/" that rules B and C put in
/// place of a final "/." or "/..". Replacing a prefix "/./" or "/../" by "/" is moving
/// past all of it but its last "/", which needs no copy.
#[derive(Clone, Copy)]
struct InputBuffer<'a>(&'a [u8]);

impl<'a> InputBuffer<'a> {
    fn is_empty(self) -> bool {
        self.0.is_empty()
    }
    fn starts_with(self, prefix: &[u8]) -> bool {
        self.0.starts_with(prefix)
    }
    fn is(self, whole: &[u8]) -> bool {
        self.0 == whole
    }
    /// Removes the first `n` bytes.
    fn remove(&mut self, n: usize) {
        self.0 = &self.0[n..];
    }
    /// Replaces a prefix "/." (`n` = 2) or "/.." (`n` = 3), or that prefix and the "/"
    /// after it, by "/". With the "/" after it, the "/" left is that one; for a whole
    /// "/." or "/.." it is a new one.
    fn replace_with_slash(&mut self, n: usize) {
        if n < self.0.len() {
            self.0 = &self.0[n..];
        } else {
            self.0 = b"/";
        }
    }
}

/// The output buffer, with where each segment moved into it by rule E starts. Rule E
/// moves "the initial "/" character (if any)" with its segment, so each start is the
/// "/" before a segment, or 0 for a first segment without one; rule C's "remove the last
/// segment and its preceding "/" (if any)" is then a cut at the last start, O(1).
struct OutputBuffer {
    bytes: Vec<u8>,
    starts: Vec<usize>,
}

impl OutputBuffer {
    /// Rule C's removal.
    fn remove_last_segment(&mut self) {
        match self.starts.pop() {
            Some(start) => self.bytes.truncate(start),
            None => self.bytes.clear(),
        }
    }
    /// Rule E's move.
    fn push_segment(&mut self, segment: &[u8]) {
        self.starts.push(self.bytes.len());
        self.bytes.extend_from_slice(segment);
    }
}

/// 5.2.4 with each rule application recorded (`5.2.4A` ... `5.2.4E`), the values being
/// the two buffers, as the RFC's table shows them. Each iteration of the loop removes at
/// least one byte from the input buffer and does O(1) work beside the bytes it moves,
/// so the whole is linear in the length of the path.
pub(crate) fn remove_dot_segments_traced(path: &[u8], t: &mut Trace) -> Vec<u8> {
    // 1. "The input buffer is initialized with the now-appended path components and the
    //    output buffer is initialized to the empty string."
    let mut input = InputBuffer(path);
    let mut output = OutputBuffer {
        bytes: Vec::with_capacity(path.len()),
        starts: Vec::new(),
    };
    let buffers = |o: &OutputBuffer, i: InputBuffer| {
        format!(
            "output buffer {:?}, input buffer {:?}",
            lossy(&o.bytes),
            lossy(i.0)
        )
    };
    t.step(
        "5.2.4",
        "remove_dot_segments: the input buffer is initialized with the path, the output buffer is empty",
        || buffers(&output, input),
    );
    // 2. "While the input buffer is not empty, loop as follows:"
    while !input.is_empty() {
        if input.starts_with(b"../") || input.starts_with(b"./") {
            // 5.2.4 A: "If the input buffer begins with a prefix of "../" or "./", then
            // remove that prefix from the input buffer; otherwise,"
            input.remove(if input.starts_with(b"../") { 3 } else { 2 });
            t.step(
                "5.2.4A",
                "a prefix \"../\" or \"./\" is removed from the input buffer",
                || buffers(&output, input),
            );
        } else if input.starts_with(b"/./") || input.is(b"/.") {
            // 5.2.4 B: "if the input buffer begins with a prefix of "/./" or "/.", where
            // "." is a complete path segment, then replace that prefix with "/" in the
            // input buffer; otherwise,"
            input.replace_with_slash(2);
            t.step(
                "5.2.4B",
                "a prefix \"/./\" or \"/.\" is replaced with \"/\" in the input buffer",
                || buffers(&output, input),
            );
        } else if input.starts_with(b"/../") || input.is(b"/..") {
            // 5.2.4 C: "if the input buffer begins with a prefix of "/../" or "/..",
            // where ".." is a complete path segment, then replace that prefix with "/"
            // in the input buffer and remove the last segment and its preceding "/" (if
            // any) from the output buffer; otherwise,"
            input.replace_with_slash(3);
            output.remove_last_segment();
            t.step(
                "5.2.4C",
                "a prefix \"/../\" or \"/..\" is replaced with \"/\", and the last segment and its preceding \"/\" removed from the output buffer",
                || buffers(&output, input),
            );
        } else if input.is(b".") || input.is(b"..") {
            // 5.2.4 D: "if the input buffer consists only of "." or "..", then remove
            // that from the input buffer; otherwise,"
            input.remove(input.0.len());
            t.step(
                "5.2.4D",
                "an input buffer of only \".\" or \"..\" is emptied",
                || buffers(&output, input),
            );
        } else {
            // 5.2.4 E: "move the first path segment in the input buffer to the end of the
            // output buffer, including the initial "/" character (if any) and any
            // subsequent characters up to, but not including, the next "/" character or
            // the end of the input buffer."
            let from = usize::from(input.starts_with(b"/"));
            let end = input.0[from..]
                .iter()
                .position(|&b| b == b'/')
                .map_or(input.0.len(), |i| from + i);
            output.push_segment(&input.0[..end]);
            input.remove(end);
            t.step(
                "5.2.4E",
                "the first path segment is moved from the input buffer to the output buffer",
                || buffers(&output, input),
            );
        }
    }
    // 3. "Finally, the output buffer is returned as the result of remove_dot_segments."
    output.bytes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::{DocReading, Document};
    use crate::resolve;
    use crate::resolve::pieces::every_path;
    use crate::testing::{ABNORMAL_EXAMPLES, NORMAL_EXAMPLES};

    const BASE: &str = "http://a/b/c/d;p?q";

    fn res(reading: Reading, base: &str, r: &str) -> String {
        crate::testing::resolved(DocReading::new(Document::Rfc3986, reading), base, r, true)
    }

    fn strict(r: &str) -> String {
        res(Reading::Strict, BASE, r)
    }

    /// 5.4.1, "Normal Examples", every line, against "http://a/b/c/d;p?q".
    #[test]
    fn section_5_4_1_normal_examples() {
        // Where RFC 2396 differs: the query keeps the base's path; and the empty
        // reference, which RFC 2396 calls the current document.
        let own = [("?y", "http://a/b/c/d;p?y"), ("", "http://a/b/c/d;p?q")];
        let printed: Vec<_> = NORMAL_EXAMPLES.into_iter().chain(own).collect();
        assert_eq!(printed.len(), 23);
        for (r, want) in printed {
            assert_eq!(strict(r), want, "{r:?}");
        }
    }

    /// 5.4.2, "Abnormal Examples", every line; the last under both parsers.
    #[test]
    fn section_5_4_2_abnormal_examples() {
        // Where RFC 2396 differs: ".." above the root and the dot segments of an
        // absolute path go; and "http:g" for strict parsers.
        let own = [
            ("../../../g", "http://a/g"),
            ("../../../../g", "http://a/g"),
            ("/./g", "http://a/g"),
            ("/../g", "http://a/g"),
            // "http:g" = "http:g" ; for strict parsers
            ("http:g", "http:g"),
        ];
        for (r, want) in ABNORMAL_EXAMPLES.into_iter().chain(own) {
            assert_eq!(strict(r), want, "{r:?}");
        }
        // / "http://a/b/c/g" ; for backward compatibility
        assert_eq!(res(Reading::NonStrict, BASE, "http:g"), "http://a/b/c/g");
    }

    /// The non-strict parser changes nothing else: every other example gives the same.
    #[test]
    fn non_strict_differs_only_where_the_scheme_is_the_bases() {
        for r in ["g:h", "g", "../g", "//g", "?y", "#s", "", "ftp:g", "HTTP:g"] {
            assert_eq!(res(Reading::NonStrict, BASE, r), strict(r), "{r:?}");
        }
    }

    /// The two worked examples of 5.2.4, with the rules the RFC's table lists.
    #[test]
    fn section_5_2_4_worked_examples() {
        let rules = |path: &str| {
            let mut t = Trace::new(false);
            let out = remove_dot_segments_traced(path.as_bytes(), &mut t);
            let ids: Vec<&str> = t.steps.ids().collect();
            (String::from_utf8(out).unwrap(), ids)
        };
        // 1 :  /a/b/c/./../../g ; 2E 2E 2E 2B 2C 2C 2E ; /a/g
        assert_eq!(
            rules("/a/b/c/./../../g"),
            (
                "/a/g".to_string(),
                vec!["5.2.4", "5.2.4E", "5.2.4E", "5.2.4E", "5.2.4B", "5.2.4C", "5.2.4C", "5.2.4E"]
            )
        );
        // 1 :  mid/content=5/../6 ; 2E 2E 2C 2E ; mid/6
        assert_eq!(
            rules("mid/content=5/../6"),
            (
                "mid/6".to_string(),
                vec!["5.2.4", "5.2.4E", "5.2.4E", "5.2.4C", "5.2.4E"]
            )
        );
    }

    /// The buffers after each step, as the RFC's first table prints them.
    #[test]
    fn the_trace_shows_the_buffers_of_the_table() {
        let mut t = Trace::new(true);
        remove_dot_segments_traced(b"/a/b/c/./../../g", &mut t);
        let values: Vec<String> = t
            .steps
            .traced()
            .iter()
            .filter_map(|s| s.value.clone())
            .collect();
        assert_eq!(
            values[4],
            "output buffer \"/a/b/c\", input buffer \"/../../g\""
        );
        assert_eq!(values[6], "output buffer \"/a\", input buffer \"/g\"");
        assert_eq!(values[7], "output buffer \"/a/g\", input buffer \"\"");
    }

    /// 5.2.4 with strings, as the text words it: the rules applied to a copied input
    /// buffer and output buffer, the segment removal by searching for the last "/".
    fn remove_dot_segments_by_the_letter(path: &[u8]) -> Vec<u8> {
        let mut input = path.to_vec();
        let mut output: Vec<u8> = Vec::new();
        while !input.is_empty() {
            if input.starts_with(b"../") {
                input.drain(..3);
            } else if input.starts_with(b"./") {
                input.drain(..2);
            } else if input.starts_with(b"/./") {
                input.splice(..3, *b"/");
            } else if input == b"/." {
                input = b"/".to_vec();
            } else if input.starts_with(b"/../") || input == b"/.." {
                let n = if input == b"/.." { 3 } else { 4 };
                input.splice(..n, *b"/");
                let cut = output.iter().rposition(|&b| b == b'/').unwrap_or(0);
                output.truncate(cut);
            } else if input == b"." || input == b".." {
                input.clear();
            } else {
                let from = usize::from(input.starts_with(b"/"));
                let end = input[from..]
                    .iter()
                    .position(|&b| b == b'/')
                    .map_or(input.len(), |i| from + i);
                output.extend(input.drain(..end));
            }
        }
        output
    }

    #[test]
    fn remove_dot_segments_is_the_string_algorithm() {
        // Every path of up to 8 pieces from an alphabet that makes the rules overlap.
        let pieces: [&[u8]; 4] = [b"a", b".", b"/", b".."];
        let n = every_path(&pieces, 8, |p| {
            let fast = remove_dot_segments(p);
            assert_eq!(
                fast,
                remove_dot_segments_by_the_letter(p),
                "path {:?}",
                String::from_utf8_lossy(p)
            );
            // Its output has no dot-segment left: applying it again changes nothing.
            assert_eq!(remove_dot_segments(&fast), fast, "{p:?}");
        });
        assert!(n > 10_000);
    }

    #[test]
    fn merge_as_section_5_2_3_says() {
        // "If the base URI has a defined authority component and an empty path, then
        // return a string consisting of "/" concatenated with the reference's path"
        assert_eq!(res(Reading::Strict, "http://a", "g"), "http://a/g");
        assert_eq!(res(Reading::Strict, "http://a?q", "g?y"), "http://a/g?y");
        // No authority and an empty path: all but the last segment of "" is "".
        assert_eq!(res(Reading::Strict, "foo:", "g"), "foo:g");
        // "excluding the entire base URI path if it does not contain any "/""
        assert_eq!(res(Reading::Strict, "mailto:x@y", "z"), "mailto:z");
    }

    #[test]
    fn every_base_must_conform_to_absolute_uri_whatever_the_reference() {
        // 5.1: "A base URI must conform to the <absolute-URI> syntax rule"; asked before
        // the algorithm, so a reference with a scheme, which 5.2.2 resolves without
        // reading the base, does not make a base acceptable.
        for base in ["http://a/b#f", "http://a/b?q#", "http://a b/", "", "//a/b"] {
            for reference in ["g", "#s", "http://x/y"] {
                let r = resolve(
                    Document::Rfc3986.into(),
                    base.as_bytes(),
                    reference.as_bytes(),
                    false,
                );
                assert!(
                    matches!(r, Err(Unresolvable::BaseNotAbsolute { .. })),
                    "{base:?} {reference:?}: {r:?}"
                );
            }
        }
        let why = |base: &str| match resolve(Document::Rfc3986.into(), base.as_bytes(), b"g", false)
        {
            Err(Unresolvable::BaseNotAbsolute { why, .. }) => why,
            other => panic!("{other:?}"),
        };
        assert!(why("http://a/b#f").contains("stripped of any fragment component"));
        assert!(why("http://a b/").contains("does not match <absolute-URI>"));
        // A base that conforms, with a query, is used.
        assert_eq!(res(Reading::Strict, "http://a/b?q", "#s"), "http://a/b?q#s");
    }

    #[test]
    fn a_base_without_a_scheme_is_refused_in_the_rfcs_words() {
        for base in ["", "//a/b", "/b/c", "b/c", "1abc:x"] {
            let r = resolve(Document::Rfc3986.into(), base.as_bytes(), b"g", false);
            match r {
                Err(Unresolvable::BaseNotAbsolute { why, .. }) => {
                    assert!(
                        why.contains("only the scheme component is required"),
                        "{why}"
                    )
                }
                other => panic!("{base:?}: {other:?}"),
            }
        }
    }

    #[test]
    fn the_steps_name_the_branches_taken() {
        let ids = |reading, r: &str| {
            resolve(
                DocReading::new(Document::Rfc3986, reading),
                BASE.as_bytes(),
                r.as_bytes(),
                false,
            )
            .unwrap()
            .step_ids()
        };
        assert_eq!(
            ids(Reading::Strict, "g:h"),
            ["5.2.1", "5.2.2", "5.2.2-scheme", "5.2.4", "5.2.4E", "5.3"]
        );
        assert_eq!(
            ids(Reading::NonStrict, "http:g"),
            [
                "5.2.1",
                "5.2.2",
                "5.2.2-undefine",
                "5.2.2-merge",
                "5.2.3",
                "5.2.4",
                "5.2.4E",
                "5.2.4E",
                "5.2.4E",
                "5.3"
            ]
        );
        assert_eq!(
            ids(Reading::Strict, "//g"),
            ["5.2.1", "5.2.2", "5.2.2-authority", "5.2.4", "5.3"]
        );
        assert_eq!(
            ids(Reading::Strict, "?y"),
            ["5.2.1", "5.2.2", "5.2.2-empty-path", "5.3"]
        );
        assert_eq!(
            ids(Reading::Strict, "/g"),
            [
                "5.2.1",
                "5.2.2",
                "5.2.2-absolute-path",
                "5.2.4",
                "5.2.4E",
                "5.3"
            ]
        );
    }

    #[test]
    fn appendix_b_gives_the_printed_split() {
        let (input, split) = crate::testing::APPENDIX_B_EXAMPLE;
        let c = appendix_b(input.as_bytes());
        let got = [c.scheme, c.authority, Some(c.path), c.query, c.fragment];
        assert_eq!(got, split.map(|p| p.map(str::as_bytes)));
        // 5.3 rebuilds it: "Going in the opposite direction, we can recreate a URI
        // reference from its components by using the algorithm of Section 5.3."
        for s in [
            input.as_bytes(),
            b"",
            b"?",
            b"#",
            b"//",
            b"a:",
            b"a:?#",
            b"foo://example.com:8042/over/there?name=ferret#nose",
            b"urn:example:animal:ferret:nose",
        ] {
            let c = appendix_b(s);
            assert_eq!(
                recompose(c.scheme, c.authority, c.path, c.query, c.fragment),
                s
            );
        }
    }

    /// Generated bases and references: a result is a URI (it has the base's scheme or
    /// the reference's), and it is its own target, as `invariants::check_resolve`
    /// checks for every resolver.
    #[test]
    fn results_are_absolute_and_stable() {
        const PIECES: &[&str] = &[
            "g", "/", "/", ".", "..", "./", "../", "?", "#", ";", ":", "@", "//", "%2E", "h:",
        ];
        const BASES: &[&str] = &[
            "http://a/b/c/d;p?q",
            "http://a",
            "foo:",
            "foo:a/b",
            "foo:/a/b",
            "foo://h?q#f",
            "mailto:x@y",
        ];
        let mut g = crate::testing::Xorshift(0x3986_5eed);
        for _ in 0..4000 {
            let base = *g.pick(BASES);
            let r = String::from_utf8(g.pieces(PIECES, 7)).expect("pieces of text");
            for reading in [Reading::Strict, Reading::NonStrict] {
                let doc = DocReading::new(Document::Rfc3986, reading);
                assert_eq!(
                    crate::invariants::check_resolve(doc, base.as_bytes(), r.as_bytes()),
                    Ok(()),
                    "{doc} {base:?} {r:?}"
                );
            }
        }
    }

    #[test]
    fn long_inputs_resolve_in_linear_time() {
        let untraced = |r: &str| {
            let out = resolve(
                Document::Rfc3986.into(),
                BASE.as_bytes(),
                r.as_bytes(),
                false,
            );
            String::from_utf8(out.unwrap().result).unwrap()
        };
        // 100,000 "../" segments: 5.4.2, "more ".." segments in a relative-path
        // reference than there are hierarchical levels": all go.
        let reference = "../".repeat(100_000) + "g";
        assert_eq!(untraced(&reference), "http://a/g");
        // 100,000 segments then as many "..": back to the base's directory.
        let reference = "x/".repeat(100_000) + &"../".repeat(100_000) + "g";
        assert_eq!(untraced(&reference), "http://a/b/c/g");
        // The same through remove_dot_segments alone, on 1 MiB of "/./" and "/../".
        let path = "/a/.".repeat(1 << 18);
        assert_eq!(
            remove_dot_segments(path.as_bytes()).len(),
            2 * (1 << 18) + 1
        );
    }
}
