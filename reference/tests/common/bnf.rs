//! The checker the grammar-text tests (`tests/bnf_text*.rs`) share: every production of a
//! vendored grammar file (`grammar/*-bnf.txt`) stands verbatim in the doc comment above
//! the function (or, for a character class, the constant) named after its rule, and the
//! file lists the rules of `rule.rs`, in order.
//!
//! A test file takes its document's [`Grammar`] (the file, the sources, the notation, the
//! document, the number of productions, examples of item names) from `grammars.rs`, where
//! the eight stand together, and calls [`grammar_tests!`],
//! which makes the four tests every grammar gets; what is particular to one document
//! (comparing the file with the copy of the document or the RFC under `../shared`, when
//! those are beside the repository) stays in its file.

use urlcert_reference::{Document, Rule};

/// How a grammar file writes its productions.
#[derive(Clone, Copy, Debug)]
pub enum Notation {
    /// RFC 822's conventions, as RFC 1738 Section 5, draft-06 Section 5 and RFC 1808
    /// Section 2.2 use them: a production `name = elements` starts in column 0 and may
    /// continue on lines indented by spaces; a line starting with `;` is a comment.
    Rfc822 {
        /// The start of the first line of the grammar proper, where the file has a
        /// header and prose before it (RFC 1738); `None`: the whole file.
        from: Option<&'static str>,
        /// Whether blank lines may separate groups of productions (draft-06 writes a bare
        /// `;` line instead).
        blank_lines: bool,
    },
    /// RFC 822's conventions as draft-fielding-url-syntax-01 prints them: a production
    /// `name = elements` is indented under a section heading (which starts in column
    /// 0); its continuation lines are indented further; a line starting with `#` is a
    /// comment. A doc comment quotes a production less its first line's indentation
    /// (continuation lines keep theirs relative to it).
    Indented,
    /// The 1993 notation of draft-02 and draft-03: a production is the rule name, one
    /// space, the definition, with no "=" (`void` alone has an empty definition); a
    /// line starting with `;` is a comment; blank lines are not allowed.
    NoEquals {
        /// Whether a line starting with spaces continues the production above (draft-02)
        /// or is an error (draft-03: one production a line).
        continued: bool,
    },
    /// RFC 5234's ABNF, as RFC 3986 Appendix A writes it: a rule `name = elements`
    /// starts in column 0 and continues on the lines after it that start with
    /// whitespace (a continuation line may hold only a `;` comment, as under
    /// `segment-nz-nc`); `;` starts a comment, and a line starting with `;` is a comment
    /// line; blank lines separate rules. Rule names are case-insensitive (RFC 5234
    /// §2.1), so a rule defined twice in two spellings is caught; the file, the doc
    /// comments and `rule.rs` keep the RFC's spelling.
    Abnf,
}

/// One grammar file and the sources that quote it.
pub struct Grammar {
    /// The grammar file's text (`include_str!("../grammar/...-bnf.txt")`).
    pub text: &'static str,
    /// The sources whose doc comments quote the productions.
    pub sources: &'static [&'static str],
    pub notation: Notation,
    /// The document whose group of `rule.rs` the file lists.
    pub doc: Document,
    /// How many productions the file holds.
    pub count: usize,
    /// The rules `rule.rs` lists after the grammar's own: used by the grammar but defined
    /// elsewhere.
    pub external: &'static [&'static str],
    /// Examples of [`item_names`] on the document's rules: (rule, its `fn` or `const`
    /// item, as [`item_names`] writes it).
    pub item_examples: &'static [(&'static str, &'static str)],
}

/// One production: its rule name and its lines, as the doc comment quotes them.
#[derive(Debug)]
pub struct Production {
    pub name: String,
    pub lines: Vec<String>,
}

/// The most lines a production may take (RFC 3986's `IPv6address` takes nine).
const MAX_LINES: usize = 9;

/// The [`Grammar::sources`] of a document's folder under `src/`: each named file's text,
/// as `sources!("rfc2396": mod, classes)` for `src/rfc2396/mod.rs` and
/// `src/rfc2396/classes.rs`.
#[allow(unused_macros)] // by the test crates that are not grammar tests
macro_rules! sources {
    ($folder:literal: $($file:ident),+ $(,)?) => {
        &[$(include_str!(concat!("../../src/", $folder, "/", stringify!($file), ".rs"))),+]
    };
}
#[allow(unused_imports)] // by the test crates that are not grammar tests
pub(crate) use sources;

/// The four tests every grammar gets, for the [`Grammar`] `$grammar`.
#[allow(unused_macros)] // by the test crates that are not grammar tests
macro_rules! grammar_tests {
    ($grammar:expr) => {
        /// The file holds the expected number of productions, each rule once, and lists
        /// the rules of the document's group in `rule.rs`, in the same order.
        #[test]
        fn the_grammar_file_has_every_rule_once_in_rule_rs_order() {
            $grammar.check_rules();
        }

        #[test]
        fn every_production_is_quoted_above_its_item() {
            $grammar.check_quoted();
        }

        /// The check above is exact: one space added or removed in a production (at
        /// either end of it, or after it) makes its quote unfindable.
        #[test]
        fn a_changed_space_is_caught() {
            $grammar.check_changed_space();
        }

        #[test]
        fn names_map_to_rust_items() {
            $grammar.check_item_examples();
        }
    };
}
#[allow(unused_imports)] // by the test crates that are not grammar tests
pub(crate) use grammar_tests;

impl Grammar {
    /// The character that starts a comment line.
    fn comment(&self) -> char {
        match self.notation {
            Notation::Indented => '#',
            Notation::Rfc822 { .. } | Notation::NoEquals { .. } | Notation::Abnf => ';',
        }
    }

    /// The file's lines that are neither comments nor blank: its productions' lines,
    /// and its section headings (`Notation::Indented`).
    pub fn text_lines(&self) -> Vec<&'static str> {
        let comment = self.comment();
        self.text
            .lines()
            .filter(|l| !l.starts_with(comment) && !l.trim().is_empty())
            .collect()
    }

    /// The productions, in the file's order. Panics on a line the notation does not
    /// allow, and on a tab, trailing whitespace, or a production of more than
    /// [`MAX_LINES`] lines anywhere in the grammar.
    pub fn productions(&self) -> Vec<Production> {
        let (blank_lines, from) = match self.notation {
            Notation::Rfc822 { from, blank_lines } => (blank_lines, from),
            Notation::Indented | Notation::Abnf => (true, None),
            Notation::NoEquals { .. } => (false, None),
        };
        let comment = self.comment();
        let body = match from {
            Some(from) => &self.text[self.text.find(from).expect("the grammar's start")..],
            None => self.text,
        };
        // With the indentation of each production's first line.
        let mut out: Vec<(Production, usize)> = Vec::new();
        for line in body.lines() {
            if line.starts_with(comment) {
                continue;
            }
            assert!(!line.contains('\t'), "a tab: {line:?}");
            assert_eq!(line, line.trim_end(), "trailing whitespace: {line:?}");
            if line.is_empty() {
                assert!(blank_lines, "a blank line in the grammar file");
                continue;
            }
            let indent = line.len() - line.trim_start().len();
            let mut words = line.split_whitespace();
            let name = words.next().unwrap();
            let has_equals = words.next() == Some("=");
            let starts = match self.notation {
                Notation::Rfc822 { .. } => {
                    assert!(indent > 0 || has_equals, "not a production: {line:?}");
                    indent == 0
                }
                // A section heading.
                Notation::Indented if indent == 0 => continue,
                Notation::Indented => has_equals,
                Notation::NoEquals { continued } => {
                    assert!(indent == 0 || continued, "not a production: {line:?}");
                    indent == 0
                }
                Notation::Abnf => {
                    let defined_as = line[name.len()..].trim_start();
                    let rule = defined_as.starts_with('=');
                    assert!(indent > 0 || rule, "not a rule: {line:?}");
                    indent == 0
                }
            };
            if starts {
                let lines = vec![line[indent..].to_string()];
                let name = name.to_string();
                out.push((Production { name, lines }, indent));
            } else {
                let (p, first) = out.last_mut().expect("a continuation line follows a rule");
                assert!(
                    indent > *first,
                    "{}: a continuation line is not indented past the rule",
                    p.name
                );
                assert!(
                    p.lines.len() < MAX_LINES,
                    "{}: too many continuation lines",
                    p.name
                );
                p.lines.push(line[*first..].to_string());
            }
        }
        out.into_iter().map(|(p, _)| p).collect()
    }

    /// The file holds [`Grammar::count`] productions, each rule once, and `rule.rs` lists
    /// its rules in its order, then [`Grammar::external`].
    pub fn check_rules(&self) {
        let all = self.productions();
        let names: Vec<&str> = all.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names.len(), self.count, "productions found: {names:?}");
        // ABNF rule names are case-insensitive: `HEXDIG` and `hexdig` are one rule.
        let mut once: Vec<String> = match self.notation {
            Notation::Abnf => names.iter().map(|n| n.to_ascii_lowercase()).collect(),
            _ => names.iter().map(|n| n.to_string()).collect(),
        };
        once.sort_unstable();
        once.dedup();
        assert_eq!(once.len(), names.len(), "a rule is defined twice");
        let mut expected = names.clone();
        expected.extend(self.external);
        let rules: Vec<&str> = Rule::of(self.doc).map(Rule::name).collect();
        assert_eq!(
            rules, expected,
            "rule.rs lists the grammar file's rules, in order, then the external ones"
        );
    }

    /// Every production is quoted verbatim above the item named after its rule.
    pub fn check_quoted(&self) {
        let mut problems = Vec::new();
        for Production { name, lines } in &self.productions() {
            let Some(item) = self.item_after_quote(lines) else {
                problems.push(format!("{name}: production not quoted verbatim"));
                continue;
            };
            let (f, c) = item_names(name);
            // A rule function may take a lifetime parameter: `fn url<'a>(`.
            let generic = f.replace('(', "<'a>(");
            if !item.contains(&f) && !item.contains(&generic) && !item.contains(&c) {
                problems.push(format!(
                    "{name}: quoted above `{}`, not `{f}` or `{c}`",
                    item.trim()
                ));
            }
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    /// No production is found with one space removed or added at its first three or its
    /// last three spaces, nor with a space after its end.
    pub fn check_changed_space(&self) {
        for Production { name, lines } in &self.productions() {
            let joined = lines.join("\n");
            let spaces: Vec<usize> = joined.match_indices(' ').map(|(i, _)| i).collect();
            assert!(
                !spaces.is_empty() || joined == *name,
                "{name}: a production without spaces"
            );
            let mut mutants = vec![format!("{joined} ")];
            for &at in spaces.iter().take(3).chain(spaces.iter().rev().take(3)) {
                // One space removed, and one space added, at `at`.
                mutants.push(format!("{}{}", &joined[..at], &joined[at + 1..]));
                mutants.push(format!("{} {}", &joined[..at], &joined[at..]));
            }
            for m in mutants {
                let m_lines: Vec<String> = m.split('\n').map(String::from).collect();
                assert!(
                    self.item_after_quote(&m_lines).is_none(),
                    "{name}: a quote with one space changed was found:\n{m:?}"
                );
            }
        }
    }

    /// [`item_names`] maps each rule of [`Grammar::item_examples`] to its item.
    pub fn check_item_examples(&self) {
        assert!(!self.item_examples.is_empty(), "no examples of item names");
        for &(rule, item) in self.item_examples {
            let (f, c) = item_names(rule);
            assert!(
                f == item || c == item,
                "{rule}: `{f}` and `{c}`, not `{item}`"
            );
        }
    }

    /// The first line after the quote of `lines` in a doc comment that is not itself doc
    /// comment: the item the quote documents. A one-line production may be quoted in
    /// backticks. `None` when no source quotes `lines` verbatim.
    pub fn item_after_quote(&self, lines: &[String]) -> Option<&'static str> {
        let block: String = lines.iter().map(|l| format!("/// {l}\n")).collect();
        let single = [
            format!("/// `{}`\n", lines[0]),
            format!("/// ``{}``\n", lines[0]),
        ];
        self.sources.iter().find_map(|src| {
            let at = if lines.len() == 1 {
                single
                    .iter()
                    .find_map(|s| src.find(s.as_str()).map(|i| i + s.len()))
            } else {
                src.find(&block).map(|i| i + block.len())
            }?;
            Some(
                src[at..]
                    .lines()
                    .find(|l| !l.trim_start().starts_with("///"))
                    .unwrap_or(""),
            )
        })
    }
}

/// The Rust items a rule is named by, a function and a class constant: camel case
/// becomes snake case, `-` becomes `_`, `+` becomes `_plus`, all lower case
/// (`URL-reference` is `fn url_reference(`, `absoluteURL` is `fn absolute_url(`,
/// `gopher+_string` is `fn gopher_plus_string(`, `reserved` is `const RESERVED: `).
pub fn item_names(rule: &str) -> (String, String) {
    let mut snake = String::new();
    let mut prev_lower = false;
    for c in rule.chars() {
        if c.is_ascii_uppercase() && prev_lower {
            snake.push('_');
        }
        prev_lower = c.is_ascii_lowercase();
        match c {
            '-' => snake.push('_'),
            '+' => snake.push_str("_plus"),
            _ => snake.push(c.to_ascii_lowercase()),
        }
    }
    (
        format!("fn {snake}("),
        format!("const {}: ", snake.to_uppercase()),
    )
}

/// The source documents the project was built from, where they are kept beside the
/// repository (`../shared`, as in CI, or beside a worktree's parent). A clone with
/// nothing beside it has none of them, and the checks against them are skipped.
fn shared_dir() -> Option<std::path::PathBuf> {
    let dir = env!("CARGO_MANIFEST_DIR");
    ["/../../shared", "/../../../shared"]
        .iter()
        .map(|up| std::path::PathBuf::from(format!("{dir}{up}")))
        .find(|p| p.is_dir())
}

/// Says why a check against a source document does not run.
fn skipped(what: &str) {
    eprintln!("skipped: ../shared/{what} not present (a clone without the source documents)");
}

/// The index of the first of `lines` that `is` holds for; panics, naming `what`, if
/// none does.
pub fn line_index(lines: &[&str], what: &str, is: impl Fn(&str) -> bool) -> usize {
    lines
        .iter()
        .position(|l| is(l))
        .unwrap_or_else(|| panic!("{what}: no such line"))
}

/// The text of `path` under `../shared` (a clean text: `spec/ref/rfc2396.txt`); `None`,
/// after saying the check is skipped, when it is not there.
pub fn shared_file(path: &str) -> Option<String> {
    let text = shared_dir().and_then(|d| std::fs::read_to_string(d.join(path)).ok());
    if text.is_none() {
        skipped(path);
    }
    text
}

/// The copy of `doc` the project was given (a `.txt` file in `../shared/seeds/`), found
/// by `phrase`, which only that copy contains; `None`, after saying the check is
/// skipped, when no copy is there.
pub fn given_copy(doc: Document, phrase: &str) -> Option<String> {
    let copies = shared_dir().and_then(|d| std::fs::read_dir(d.join("seeds")).ok());
    let mut found: Vec<String> = copies
        .into_iter()
        .flatten()
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            let text = path.extension().is_some_and(|e| e == "txt");
            std::fs::read_to_string(path).ok().filter(|_| text)
        })
        .filter(|text| text.contains(phrase))
        .collect();
    assert!(
        found.len() <= 1,
        "{} copies in ../shared/seeds contain {phrase:?}",
        found.len()
    );
    if found.is_empty() {
        skipped(&format!(
            "seeds/ (the copy of {} the project was given)",
            doc.public_name()
        ));
    }
    found.pop()
}
