//! A case file as written: where each key and list item stands, and two faults serde
//! cannot see. A key given twice in one mapping (serde_yaml lets the last one win when
//! it fills a map, so an expectation would vanish without a word), and a second YAML
//! document (serde_yaml refuses it, but without saying where).
//!
//! The text is read as YAML events with their positions by `saphyr-parser`:
//! serde_yaml 0.9 has no public event API and keeps no positions, and a `Deserialize`
//! that refuses duplicates would only learn where the mapping starts, not where either
//! key stands. Positions are 1-based lines and columns counted in characters, as
//! serde_yaml gives them, so both kinds of error read alike.

use saphyr_parser::{Event, Parser};
use std::collections::HashMap;

/// A 1-based line and column.
pub type Pos = (usize, usize);

/// serde_yaml refuses deeper nesting too; no case file comes near it.
pub const MAX_DEPTH: usize = 128;

/// How much the aliases of one file may add to it (8 MiB, the size a case file may
/// have): each alias counts as a copy of the node it names, since serde_yaml copies it.
/// Without a bound, a megabyte anchored once and aliased a few thousand times makes
/// gigabytes.
pub const MAX_ALIAS_BYTES: u64 = 8 * 1024 * 1024;

/// What a node costs beyond its text, so that aliases of empty collections count too.
const NODE_BYTES: u64 = 8;

/// Where the keys and list items of a file stand, by path: `cases[3]`,
/// `cases[3].expect.rfc1738.verdict`, `cases[3].cite[0].section`.
#[derive(Debug, Default)]
pub struct Layout {
    positions: HashMap<String, Pos>,
    ids: HashMap<usize, String>,
}

/// What the scan found wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Flaw {
    /// `key` a second time in one mapping; `case` is the index of the item of `cases`
    /// it is in.
    Duplicate {
        case: Option<usize>,
        key: String,
        at: Pos,
        first: Pos,
        /// How the first was written, when it differs (`rfc1738` and `rfc1738@strict`).
        first_as: Option<String>,
    },
    /// A second document starts here.
    SecondDocument { at: Pos },
    /// Not YAML this scanner reads.
    Unreadable { at: Pos, message: String },
    /// Refused before or while it is parsed, for nesting deeper than [`MAX_DEPTH`] or
    /// aliases that add more than [`MAX_ALIAS_BYTES`].
    OverLimit { at: Pos, message: String },
}

impl Layout {
    /// Where `field` of case `case` stands (`expect.rfc1738.verdict`), or else the
    /// nearest enclosing key that is written, or else the case's `id` key.
    pub fn find(&self, case: usize, field: &str) -> Option<Pos> {
        let item = format!("cases[{case}]");
        let mut path = if field.is_empty() {
            item.clone()
        } else {
            format!("{item}.{field}")
        };
        while path.len() > item.len() {
            if let Some(p) = self.positions.get(&path) {
                return Some(*p);
            }
            match path.rfind(['.', '[']) {
                Some(cut) => path.truncate(cut),
                None => break,
            }
        }
        self.positions
            .get(&format!("{item}.id"))
            .or_else(|| self.positions.get(&item))
            .copied()
    }

    /// Where the key or list item at `path` stands (`exceptions[2].quote`), as written.
    pub fn at(&self, path: &str) -> Option<Pos> {
        self.positions.get(path).copied()
    }

    /// The `id` of case `case`, as written.
    pub fn id(&self, case: usize) -> Option<&str> {
        self.ids.get(&case).map(String::as_str)
    }
}

enum Kind {
    Seq {
        next: usize,
    },
    Map {
        /// Keys seen, by their normalised form: (position, as written).
        keys: HashMap<String, (Pos, String)>,
        key_next: bool,
        key: Option<String>,
    },
}

struct Frame {
    path: String,
    case: Option<usize>,
    kind: Kind,
    /// The anchor it is given (0 for none), and its size so far with aliases expanded.
    anchor: usize,
    size: u64,
}

/// A node of `size` has been read: it adds to the collection it is in.
fn grow(stack: &mut [Frame], size: u64) {
    if let Some(top) = stack.last_mut() {
        top.size = top.size.saturating_add(size);
    }
}

fn join(parent: &str, key: &str) -> String {
    if parent.is_empty() {
        key.to_string()
    } else {
        format!("{parent}.{key}")
    }
}

/// Reads `text` (without a byte order mark). `same_key(path, key)` gives the form under
/// which two keys of the mapping at `path` are the same one; keys are compared by value,
/// so `a`, `"a"` and `'a'` are one key.
pub fn scan(text: &str, same_key: &dyn Fn(&str, &str) -> String) -> (Layout, Vec<Flaw>) {
    let mut layout = Layout::default();
    let mut flaws = Vec::new();
    // Before the parser: its time grows with the depth at every token.
    if let Some(at) = super::nesting::too_deep(text, MAX_DEPTH) {
        flaws.push(Flaw::OverLimit {
            at,
            message: format!("nested more than {MAX_DEPTH} levels deep"),
        });
        return (layout, flaws);
    }
    let mut stack: Vec<Frame> = Vec::new();
    let mut anchors: HashMap<usize, String> = HashMap::new();
    // The size of every anchored node, with its own aliases expanded.
    let mut sizes: HashMap<usize, u64> = HashMap::new();
    let mut expanded: u64 = 0;
    let mut documents = 0;
    for item in Parser::new_from_str(text) {
        let (event, span) = match item {
            Ok(x) => x,
            Err(e) => {
                let m = e.marker();
                flaws.push(Flaw::Unreadable {
                    at: (m.line(), m.col() + 1),
                    message: e.info().to_string(),
                });
                break;
            }
        };
        let at = (span.start.line(), span.start.col() + 1);
        match event {
            Event::DocumentStart(_) => {
                documents += 1;
                if documents > 1 {
                    flaws.push(Flaw::SecondDocument { at });
                    break;
                }
                stack.clear();
            }
            Event::Scalar(value, _, anchor, _) => {
                let size = value.len() as u64 + NODE_BYTES;
                if anchor > 0 {
                    anchors.insert(anchor, value.to_string());
                    sizes.insert(anchor, size);
                }
                grow(&mut stack, size);
                node(
                    &mut stack,
                    &mut layout,
                    &mut flaws,
                    Some(&value),
                    at,
                    same_key,
                );
                ended(&mut stack);
            }
            Event::Alias(anchor) => {
                let size = sizes.get(&anchor).copied().unwrap_or(NODE_BYTES);
                expanded = expanded.saturating_add(size);
                if expanded > MAX_ALIAS_BYTES {
                    flaws.push(Flaw::OverLimit {
                        at,
                        message: format!(
                            "with this alias the file's aliases add more than {MAX_ALIAS_BYTES} bytes (each counts as a copy of the node it names); write the values out instead"
                        ),
                    });
                    break;
                }
                grow(&mut stack, size);
                let value = anchors.get(&anchor).cloned();
                node(
                    &mut stack,
                    &mut layout,
                    &mut flaws,
                    value.as_deref(),
                    at,
                    same_key,
                );
                ended(&mut stack);
            }
            Event::SequenceStart(anchor, _) | Event::MappingStart(anchor, _) => {
                if stack.len() >= MAX_DEPTH {
                    flaws.push(Flaw::Unreadable {
                        at,
                        message: format!("nested more than {MAX_DEPTH} levels deep"),
                    });
                    break;
                }
                let (path, case) = node(&mut stack, &mut layout, &mut flaws, None, at, same_key);
                let kind = if matches!(event, Event::SequenceStart(..)) {
                    Kind::Seq { next: 0 }
                } else {
                    Kind::Map {
                        keys: HashMap::new(),
                        key_next: true,
                        key: None,
                    }
                };
                stack.push(Frame {
                    path,
                    case,
                    kind,
                    anchor,
                    size: NODE_BYTES,
                });
            }
            Event::SequenceEnd | Event::MappingEnd => {
                if let Some(done) = stack.pop() {
                    if done.anchor > 0 {
                        sizes.insert(done.anchor, done.size);
                    }
                    grow(&mut stack, done.size);
                }
                ended(&mut stack);
            }
            _ => {}
        }
    }
    (layout, flaws)
}

/// A node starts at `at` (`scalar`: its value, when it is one): records it as a key, a
/// value or a list item of the frame above, and gives its path and case.
fn node(
    stack: &mut [Frame],
    layout: &mut Layout,
    flaws: &mut Vec<Flaw>,
    scalar: Option<&str>,
    at: Pos,
    same_key: &dyn Fn(&str, &str) -> String,
) -> (String, Option<usize>) {
    let Some(parent) = stack.last_mut() else {
        return (String::new(), None);
    };
    match &mut parent.kind {
        Kind::Seq { next } => {
            let path = format!("{}[{next}]", parent.path);
            let case = if parent.path == "cases" {
                Some(*next)
            } else {
                parent.case
            };
            *next += 1;
            layout.positions.insert(path.clone(), at);
            (path, case)
        }
        Kind::Map {
            keys,
            key_next: true,
            key,
        } => {
            *key = scalar.map(str::to_string);
            if let Some(written) = scalar {
                let norm = same_key(&parent.path, written);
                match keys.get(&norm) {
                    Some((first, first_written)) => flaws.push(Flaw::Duplicate {
                        case: parent.case,
                        key: written.to_string(),
                        at,
                        first: *first,
                        first_as: (first_written != written).then(|| first_written.clone()),
                    }),
                    None => {
                        keys.insert(norm.clone(), (at, written.to_string()));
                        for k in [written, norm.as_str()] {
                            layout.positions.entry(join(&parent.path, k)).or_insert(at);
                        }
                    }
                }
            }
            // A key that is a mapping or a list has no path of its own.
            (join(&parent.path, "?"), parent.case)
        }
        Kind::Map { key, .. } => {
            let path = join(&parent.path, key.as_deref().unwrap_or("?"));
            if let (Some(case), Some(value)) = (parent.case, scalar) {
                if path == format!("cases[{case}].id") {
                    layout.ids.entry(case).or_insert_with(|| value.to_string());
                }
            }
            (path, parent.case)
        }
    }
}

/// A node of the frame on top has ended: a mapping goes from key to value or back.
fn ended(stack: &mut [Frame]) {
    if let Some(Frame {
        kind: Kind::Map { key_next, .. },
        ..
    }) = stack.last_mut()
    {
        *key_next = !*key_next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(_: &str, k: &str) -> String {
        k.to_string()
    }

    fn duplicates(text: &str) -> Vec<(String, Pos, Pos)> {
        scan(text, &plain)
            .1
            .into_iter()
            .map(|f| match f {
                Flaw::Duplicate { key, at, first, .. } => (key, at, first),
                other => panic!("{other:?}"),
            })
            .collect()
    }

    #[test]
    fn duplicates_in_block_and_flow_mappings_at_any_depth() {
        assert_eq!(
            duplicates("a: 1\nb: 2\na: 3\n"),
            [("a".into(), (3, 1), (1, 1))]
        );
        assert_eq!(
            duplicates("m: {x: 1, \"x\": 2}\n"),
            [("x".into(), (1, 11), (1, 5))]
        );
        assert_eq!(
            duplicates("l:\n- k:\n    'q': 1\n    q: 2\n"),
            [("q".into(), (4, 5), (3, 5))]
        );
        // The same key in two mappings is no duplicate.
        assert!(duplicates("- {a: 1}\n- {a: 2}\n").is_empty());
        // Values equal to keys are no duplicates either.
        assert!(duplicates("a: a\nb: a\n").is_empty());
    }

    #[test]
    fn positions_of_keys_and_items() {
        let text = "cases:\n- id: x\n  cite: [{doc: a}, {doc: b}]\n  expect:\n    d: {v: 1}\n";
        let (layout, flaws) = scan(text, &plain);
        assert!(flaws.is_empty(), "{flaws:?}");
        assert_eq!(layout.id(0), Some("x"));
        assert_eq!(layout.find(0, ""), Some((2, 3)));
        assert_eq!(layout.find(0, "cite[1]"), Some((3, 20)));
        assert_eq!(layout.find(0, "cite[1].doc"), Some((3, 21)));
        assert_eq!(layout.find(0, "expect.d.v"), Some((5, 9)));
        // Not written: the nearest key that is.
        assert_eq!(layout.find(0, "expect.d.w"), Some((5, 5)));
        assert_eq!(layout.find(0, "base"), Some((2, 3)));
    }

    #[test]
    fn a_second_document_is_located() {
        let (_, flaws) = scan("a: 1\n---\na: 2\n", &plain);
        assert_eq!(flaws, [Flaw::SecondDocument { at: (2, 1) }]);
    }
}
