//! Every branch each resolver can take, as `(step id, text)`: the pairs its `t.step`
//! and `t.pass` calls record, in the document's order. One id can be two branches (RFC
//! 1808's Step 3 skips to Step 7 or inherits the net_loc), so a branch is the pair.
//! `tests::the_lists_are_the_sources` keeps each list equal to its resolver's calls.

use crate::document::Document;

/// A branch: the step as the document numbers it, and what it does.
pub type Branch = (&'static str, &'static str);

/// Step 6 of RFC 1808 and the 1996 draft, which share it word for word (`step6.rs`).
macro_rules! step_6 {
    () => {
        [
            (
                "6",
                "the last segment of the base path is removed and the reference's path appended",
            ),
            ("6a", "all occurrences of \"./\" are removed"),
            ("6b", "a final \".\" segment is removed"),
            (
                "6c",
                "\"<segment>/../\" is removed, leftmost first, until none remains",
            ),
            ("6d", "a final \"<segment>/..\" is removed"),
        ]
    };
}

pub(crate) const DRAFT02: &[Branch] = &[
    (
        "full-form",
        "a colon before any slash: the full form, used as given",
    ),
    ("full-form", "no colon before a slash: a partial form"),
    ("scheme", "no scheme given: the context's scheme is used"),
    ("host", "\"//\": host, port and all the rest are given"),
    ("host", "no \"//\": the context's host and port are used"),
    ("absolute-path", "a leading slash: the path is absolute"),
    ("absolute-path", "no leading slash: the path is relative"),
    (
        "relative-path",
        "the last part of the context's path is removed and the partial URL appended",
    ),
    (
        "remove-dots",
        "\"/xxx/..\" and \"/.\" are recursively removed",
    ),
    ("result", "the context's scheme and host, then the new path"),
];

pub(crate) const RFC1808: &[Branch] = &{
    let [s6, s6a, s6b, s6c, s6d] = step_6!();
    [
        (
            "1",
            "the base URL is empty: the embedded URL is taken as absolute",
        ),
        ("1", "the base URL is known: go on"),
        (
            "2",
            "the base and the embedded URL are parsed (Section 2.4)",
        ),
        (
            "2a",
            "the embedded URL is empty: it is set equal to the base URL",
        ),
        ("2a", "the embedded URL is not empty: go on"),
        ("2b", "the embedded URL starts with a scheme name: absolute"),
        ("2b", "the embedded URL has no scheme name: go on"),
        ("2c", "the embedded URL inherits the base's scheme"),
        ("3", "the embedded net_loc is non-empty: skip to Step 7"),
        ("3", "the embedded URL inherits the base's net_loc (if any)"),
        ("4", "the path is preceded by a slash: skip to Step 7"),
        ("4", "the path is not preceded by a slash: go on"),
        (
            "5a",
            "the path is empty and the params non-empty: skip to Step 7",
        ),
        (
            "5b",
            "the path is empty: the base's path, params and query are inherited",
        ),
        ("5", "the path is not empty: go on"),
        s6,
        s6a,
        s6b,
        s6c,
        s6d,
        ("7", "the components are recombined"),
    ]
};

pub(crate) const DRAFT1996: &[Branch] = &{
    let [s6, s6a, s6b, s6c, s6d] = step_6!();
    [
        (
            "1",
            "the base URL is empty: the reference is taken as absolute",
        ),
        ("1", "the base URL is known: go on"),
        ("2", "the base and the reference are parsed (Section 4)"),
        (
            "2a",
            "the reference is empty or only a fragment: the current document",
        ),
        (
            "2a",
            "the reference is neither empty nor only a fragment: go on",
        ),
        ("2b", "the reference starts with a scheme name: absolute"),
        ("2b", "the reference has no scheme name: go on"),
        ("2c", "the reference inherits the base's scheme"),
        ("3", "the reference's server is non-empty: skip to Step 7"),
        ("3", "the reference inherits the base's server (if any)"),
        ("4", "the path is preceded by a slash: skip to Step 7"),
        ("4", "the path is not preceded by a slash: go on"),
        (
            "5",
            "the path is empty: the base's path (and query) are inherited",
        ),
        ("5", "the path is not empty: go on"),
        s6,
        s6a,
        s6b,
        s6c,
        s6d,
        ("7", "the components are recombined"),
    ]
};

pub(crate) const RFC2396: &[Branch] = &[
    (
        "1",
        "the reference is parsed into the potential four components and fragment (Section 4.3)",
    ),
    (
        "2",
        "the path is empty and the scheme, authority and query are undefined: the current document",
    ),
    (
        "2",
        "not the current document: the query and fragment are the reference's own",
    ),
    ("3", "the reference inherits the base's scheme"),
    (
        "3",
        "the reference starts with a scheme name: an absolute URI, and we are done",
    ),
    (
        "3",
        "the scheme is the base's, and the base is in hier_part syntax: removed for backwards compatibility (a misformed relative reference), and the base's scheme inherited",
    ),
    (
        "4",
        "the authority is defined: a network-path, skip to step 7",
    ),
    (
        "4",
        "the reference inherits the base's authority (if defined)",
    ),
    (
        "5",
        "the path begins with \"/\": an absolute-path, skip to step 7",
    ),
    ("5", "the path does not begin with \"/\": go on"),
    (
        "6",
        "a relative-path reference: its path is merged with the base's in a buffer",
    ),
    (
        "6a",
        "all but the last segment of the base path is copied to the buffer",
    ),
    ("6b", "the reference's path is appended to the buffer"),
    (
        "6c",
        "all occurrences of \"./\" (\".\" a complete segment) are removed",
    ),
    ("6d", "a final \".\" complete segment is removed"),
    (
        "6e",
        "\"<segment>/../\" is removed, leftmost first, until none remains",
    ),
    ("6f", "a final \"<segment>/..\" is removed"),
    ("6g", "the buffer begins with no \"..\" segment"),
    (
        "6g",
        "the buffer begins with \"..\": in error; the \"..\" segments are removed (discarding relative levels above the root)",
    ),
    (
        "6g",
        "the buffer begins with \"..\": in error; the \"..\" segments are retained (treated as part of the final URI)",
    ),
    ("6h", "the remaining buffer is the new path"),
    ("7", "the components are recombined"),
];

pub(crate) const RFC3986: &[Branch] = &[
    ("5.2.1", "Base is parsed into its five components"),
    ("5.2.2", "R is parsed into its five components"),
    (
        "5.2.2-undefine",
        "not strict, and R.scheme == Base.scheme: R.scheme is undefined",
    ),
    (
        "5.2.2-scheme",
        "R.scheme is defined: T.scheme, T.authority, T.query are R's, T.path = remove_dot_segments(R.path)",
    ),
    (
        "5.2.2-authority",
        "R.authority is defined: T.authority, T.query are R's, T.path = remove_dot_segments(R.path)",
    ),
    (
        "5.2.2-empty-path",
        "R.path is empty: T.path = Base.path, T.query = R.query if defined, else Base.query",
    ),
    (
        "5.2.2-absolute-path",
        "R.path starts with \"/\": T.path = remove_dot_segments(R.path)",
    ),
    (
        "5.2.2-merge",
        "T.path = merge(Base.path, R.path), then remove_dot_segments(T.path)",
    ),
    (
        "5.2.3",
        "merge: Base has an authority and an empty path: \"/\" and R.path",
    ),
    (
        "5.2.3",
        "merge: R.path appended to all but the last segment of Base.path",
    ),
    (
        "5.2.4",
        "remove_dot_segments: the input buffer is initialized with the path, the output buffer is empty",
    ),
    (
        "5.2.4A",
        "a prefix \"../\" or \"./\" is removed from the input buffer",
    ),
    (
        "5.2.4B",
        "a prefix \"/./\" or \"/.\" is replaced with \"/\" in the input buffer",
    ),
    (
        "5.2.4C",
        "a prefix \"/../\" or \"/..\" is replaced with \"/\", and the last segment and its preceding \"/\" removed from the output buffer",
    ),
    (
        "5.2.4D",
        "an input buffer of only \".\" or \"..\" is emptied",
    ),
    (
        "5.2.4E",
        "the first path segment is moved from the input buffer to the output buffer",
    ),
    ("5.3", "T's components are recomposed"),
];

/// The branches of `doc`'s resolution algorithm, in the document's order; none for a
/// document that defines no relative form.
pub fn branches(doc: Document) -> &'static [Branch] {
    doc.descriptor()
        .relative
        .defined()
        .map_or(&[], |relative| relative.branches)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{EXAMPLE_BASE, REFERENCE_FORMS};
    use std::collections::BTreeSet;

    /// The `(id, text)` literal pairs of the `t.step(`, `t.pass(`, `t.done(` and `t.last(`
    /// calls in a resolver's source, before its tests, and of the `Branch` fields
    /// (`name: ("id", "text")`) of the [`super::super::shared_steps::Algorithm`] it fills
    /// in. A call whose id is no literal takes it from such a field.
    fn calls(source: &str) -> Vec<(String, String)> {
        let code = source.split("#[cfg(test)]").next().unwrap_or(source);
        let mut out = Vec::new();
        for call in ["t.step(", "t.pass(", "t.done(", "t.last(", ": ("] {
            for (at, _) in code.match_indices(call) {
                let mut rest = &code[at + call.len()..];
                let Some((id, after)) = string_literal(rest) else {
                    continue;
                };
                rest = after.trim_start().trim_start_matches(',');
                let (text, _) = string_literal(rest)
                    .unwrap_or_else(|| panic!("a text after {call}\"{id}\": {:.60}", rest));
                out.push((id, text));
            }
        }
        out
    }

    /// The string literal that `s` starts with (after white space), unescaped, and
    /// what follows it.
    fn string_literal(s: &str) -> Option<(String, &str)> {
        let s = s.trim_start().strip_prefix('"')?;
        let mut value = String::new();
        let mut chars = s.char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => return Some((value, &s[i + 1..])),
                '\\' => match chars.next()?.1 {
                    'n' => value.push('\n'),
                    other => value.push(other),
                },
                c => value.push(c),
            }
        }
        None
    }

    fn listed(doc: Document) -> BTreeSet<(String, String)> {
        branches(doc)
            .iter()
            .map(|(id, text)| (id.to_string(), text.to_string()))
            .collect()
    }

    #[test]
    fn the_lists_are_the_sources() {
        let shared = [include_str!("shared_steps.rs"), include_str!("step6.rs")];
        let sources: [(Document, &[&str]); 5] = [
            (Document::Draft02, &[include_str!("draft02.rs")]),
            (
                Document::Rfc1808,
                &[include_str!("rfc1808.rs"), shared[0], shared[1]],
            ),
            (
                Document::Draft1996,
                &[include_str!("draft1996.rs"), shared[0], shared[1]],
            ),
            (Document::Rfc2396, &[include_str!("rfc2396.rs")]),
            (Document::Rfc3986, &[include_str!("rfc3986.rs")]),
        ];
        for (doc, files) in sources {
            let found: BTreeSet<_> = files.iter().flat_map(|f| calls(f)).collect();
            let listed = listed(doc);
            let unlisted: Vec<_> = found.difference(&listed).collect();
            let gone: Vec<_> = listed.difference(&found).collect();
            assert!(
                unlisted.is_empty() && gone.is_empty(),
                "{doc}: branches in the source but not listed {unlisted:#?}; listed but not in the source {gone:#?}"
            );
            assert_eq!(listed.len(), branches(doc).len(), "{doc}: listed twice");
        }
        for doc in [Document::Draft03, Document::Draft06, Document::Rfc1738] {
            assert!(branches(doc).is_empty(), "{doc} resolves nothing");
            assert!(!doc.resolves());
        }
    }

    #[test]
    fn the_scan_reads_escapes_and_line_breaks() {
        let source = "t.step(\n  \"6a\",\n  \"all \\\"./\\\" removed\",\n  || x);\n\
                      t.pass(\"1\", \"go on\");\n#[cfg(test)]\nt.pass(\"no\", \"no\");";
        assert_eq!(
            calls(source),
            [
                ("6a".to_string(), "all \"./\" removed".to_string()),
                ("1".to_string(), "go on".to_string())
            ]
        );
    }

    /// Every branch a traced resolution records is listed; keeping the texts alone
    /// records the same branches, with no value, and the same result.
    #[test]
    fn traced_steps_are_listed_branches() {
        use crate::resolve::Detail;
        let base = EXAMPLE_BASE;
        let taken = |r: &crate::Resolution| -> Vec<Branch> {
            r.steps.traced().iter().map(|s| (s.id, s.text)).collect()
        };
        for &doc in Document::ALL.iter().filter(|d| d.resolves()) {
            for &reading in doc.readings() {
                let dr = crate::DocReading::new(doc, reading);
                for r in REFERENCE_FORMS.map(str::as_bytes) {
                    let traced = crate::resolve(dr, base, r, true).expect("a result");
                    for b in taken(&traced) {
                        assert!(branches(doc).contains(&b), "{dr}: {b:?}");
                    }
                    let texts = crate::resolve(dr, base, r, Detail::Texts).expect("a result");
                    assert_eq!(taken(&texts), taken(&traced), "{dr}");
                    assert!(texts.steps.traced().iter().all(|s| s.value.is_none()));
                    assert_eq!(texts.result, traced.result, "{dr}");
                }
            }
        }
    }
}
