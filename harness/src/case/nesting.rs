//! How deeply a YAML text nests, found in one pass over its characters before any
//! parser sees it. The YAML scanner spends time in proportion to the depth at every
//! token, so a few hundred kilobytes of `{a: {a: ...` cost it minutes before its own
//! depth limit is reached; this pass refuses such a text in linear time.
//!
//! It counts flow collections (`[`, `{`) exactly and block collections by their
//! indentation (every deeper column a line, or a `- `, `? ` or `key: ` on it, starts a
//! node at is one level more), skipping quoted scalars, comments and the lines of block
//! scalars (`|`, `>`). What it counts is at most the nesting a parser finds (a block
//! sequence written at its parent key's own column is counted at that key's level), but
//! for one level at a leaf (see [`opens_block`]), so a file is refused here only when
//! the parser's own limit is at most a level away.

/// Whether a line's text from `rest` on starts a block collection: a sequence entry, or
/// what looks like a mapping key (a `: ` in a quoted value is counted too, one level
/// too many at a leaf, which matters only to a file within a level of the limit).
fn opens_block(rest: &[u8]) -> bool {
    match rest {
        [b'-' | b'?', b' ', ..] | [b'-' | b'?'] => true,
        [b'[' | b'{', ..] | [b'#', ..] | [] => false,
        _ => rest.windows(2).any(|w| w == b": ") || rest.ends_with(b":"),
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Quote {
    Single,
    Double,
}

/// The position (line, column) of the first collection that opens more than `limit`
/// levels deep, if one does.
pub fn too_deep(text: &str, limit: usize) -> Option<(usize, usize)> {
    let mut scan = Scan::default();
    for (n, line) in text.split('\n').enumerate() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if let Some(col) = scan.line(line.as_bytes(), limit) {
            let column = String::from_utf8_lossy(&line.as_bytes()[..col])
                .chars()
                .count();
            return Some((n + 1, column + 1));
        }
    }
    None
}

#[derive(Default)]
struct Scan {
    /// The columns of the open block collections, increasing.
    indents: Vec<usize>,
    /// Open flow collections.
    flow: usize,
    /// Inside a flow collection, whether the next character may start a node: a line
    /// break does not end a plain scalar there, so `[a` then `"b` is one scalar.
    flow_node_start: bool,
    /// A quoted scalar that goes on past the end of a line.
    quote: Option<Quote>,
    /// The indentation of the line that opened a block scalar: lines indented more
    /// (and blank lines) are its text.
    block_scalar: Option<usize>,
}

impl Scan {
    fn depth(&self) -> usize {
        self.indents.len() + self.flow
    }

    /// Reads one line (without its line break); the byte offset where the depth first
    /// passes `limit`, if it does.
    fn line(&mut self, line: &[u8], limit: usize) -> Option<usize> {
        let indent = line.iter().take_while(|&&b| b == b' ').count();
        let blank = line[indent..].iter().all(|b| b.is_ascii_whitespace());
        if let Some(parent) = self.block_scalar {
            if blank || indent > parent {
                return None;
            }
            self.block_scalar = None;
        }
        let mut i = 0;
        // At the start of a node: a bracket opens a collection, a quote a scalar.
        let mut node_start = self.flow == 0 || self.flow_node_start;
        // After a quoted scalar or a flow collection: in a flow collection, a `:` right
        // after it is a value indicator (`{"a":"b"}`); after anything else it is text.
        let mut json_key = false;
        if self.quote.is_none() && self.flow == 0 {
            if blank || line[indent] == b'#' {
                return None;
            }
            i = indent;
            while self.indents.last().is_some_and(|&top| top > indent) {
                self.indents.pop();
            }
            if opens_block(&line[i..]) && self.indents.last() != Some(&indent) {
                self.indents.push(indent);
                if self.depth() > limit {
                    return Some(indent);
                }
            }
            // `- - x`, `? - x`, `- key: x`: each indicator opens a node further in.
            while i + 1 < line.len() && matches!(line[i], b'-' | b'?') && line[i + 1] == b' ' {
                i += 2;
                while i < line.len() && line[i] == b' ' {
                    i += 1;
                }
                if opens_block(&line[i..]) {
                    self.indents.push(i);
                    if self.depth() > limit {
                        return Some(i);
                    }
                }
            }
        }
        while i < line.len() {
            let b = line[i];
            match self.quote {
                Some(Quote::Double) => {
                    match b {
                        b'\\' => i += 1,
                        b'"' => {
                            self.quote = None;
                            json_key = true;
                        }
                        _ => {}
                    }
                    i += 1;
                    node_start = false;
                    continue;
                }
                Some(Quote::Single) => {
                    if b == b'\'' {
                        if line.get(i + 1) == Some(&b'\'') {
                            i += 1;
                        } else {
                            self.quote = None;
                            json_key = true;
                        }
                    }
                    i += 1;
                    node_start = false;
                    continue;
                }
                None => {}
            }
            let next = line.get(i + 1).copied();
            let spaced = next.is_none_or(|c| c == b' ' || c == b'\t');
            let after_key = json_key;
            if !matches!(b, b' ' | b'\t') {
                json_key = false;
            }
            match b {
                b' ' | b'\t' => {}
                b'#' if i == 0 || matches!(line[i - 1], b' ' | b'\t') => break,
                b'"' if node_start => self.quote = Some(Quote::Double),
                b'\'' if node_start => self.quote = Some(Quote::Single),
                b'[' | b'{' if node_start || self.flow > 0 => {
                    self.flow += 1;
                    if self.depth() > limit {
                        return Some(i);
                    }
                    node_start = true;
                }
                b']' | b'}' if self.flow > 0 => {
                    self.flow -= 1;
                    node_start = false;
                    json_key = true;
                }
                b',' if self.flow > 0 => node_start = true,
                b':' if spaced
                    || (self.flow > 0 && (after_key || next.is_some_and(is_flow_indicator))) =>
                {
                    node_start = true
                }
                b'-' | b'?' if node_start && spaced => {}
                b'|' | b'>' if node_start && self.flow == 0 => {
                    self.block_scalar = Some(indent);
                    break;
                }
                // An anchor or a tag comes before the node it names; its name ends at a
                // space or a flow indicator.
                b'&' | b'!' if node_start => {
                    i += 1;
                    while i < line.len() && !matches!(line[i], b' ' | b'\t') {
                        if is_flow_indicator(line[i]) {
                            break;
                        }
                        i += 1;
                    }
                    continue;
                }
                _ => node_start = false,
            }
            i += 1;
        }
        self.flow_node_start = node_start;
        None
    }
}

fn is_flow_indicator(b: u8) -> bool {
    matches!(b, b',' | b'[' | b']' | b'{' | b'}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flow_nesting_is_counted_and_located() {
        assert_eq!(too_deep("{a: {a: {a: b}}}\n", 3), None);
        assert_eq!(too_deep("{a: {a: {a: {a: b}}}}\n", 3), Some((1, 13)));
        assert_eq!(too_deep("x:\n  - [[[\n  1]]]\n", 3), Some((2, 6)));
        // Brackets in quoted scalars, comments and plain scalars open nothing.
        assert_eq!(
            too_deep("a: \"[[[[\" # {{{{\nb: '{{{{'\nc: h/[[[[\n", 2),
            None
        );
        assert_eq!(too_deep("a: \"x\\\"[[[[\"\nb: 'it''s [[[['\n", 2), None);
        // A quoted scalar may go on over lines.
        assert_eq!(too_deep("a: \"[[\n  [[[[\"\nb: 1\n", 2), None);
        // `{"a":"b"}`: a quoted value right after a quoted key.
        assert_eq!(too_deep("a: {\"k\":\"[[[[\", 'j':'{{{{'}\n", 2), None);
    }

    #[test]
    fn quotes_that_do_not_start_a_node_hide_nothing() {
        // In a flow collection a plain scalar goes on over a line break (`a "b`), and
        // `a:"b` is one plain scalar: neither `"` opens a quoted scalar.
        assert_eq!(too_deep("x: [a\n\"b, [[[[1]]]], \"]\n", 3), Some((2, 6)));
        assert_eq!(too_deep("x: {a:\", [[[[1]]]], b: \"}\n", 3), Some((1, 11)));
        // An anchor's name ends at a flow indicator.
        assert_eq!(too_deep("x: [&a[[[1]]]]\n", 3), Some((1, 8)));
    }

    #[test]
    fn block_nesting_is_counted_by_indentation() {
        let text = "a:\n  b:\n    c:\n      d: 1\ne: 2\n";
        assert_eq!(too_deep(text, 4), None);
        assert_eq!(too_deep(text, 3), Some((4, 7)));
        // `- - x` nests on one line.
        assert_eq!(too_deep("- - - x\n", 3), None);
        assert_eq!(too_deep("- - - - x\n", 3), Some((1, 7)));
        // A sequence at its key's column is at the key's level here.
        assert_eq!(
            too_deep("cases:\n- id: x\n  cite:\n  - {doc: a}\n", 3),
            None
        );
    }

    #[test]
    fn block_scalars_are_text() {
        let text = "a: |\n  {{{{ [[[[\n\n  - - - - -\nb: 1\n";
        assert_eq!(too_deep(text, 2), None);
        assert_eq!(too_deep("a: >-\n  [[[[\nb: [[[1]]]\n", 2), Some((3, 5)));
    }

    #[test]
    fn the_cases_shipped_nest_far_less_than_the_limit() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../cases");
        let mut seen = 0;
        for entry in walk(&dir) {
            let text = std::fs::read_to_string(&entry).unwrap();
            assert_eq!(too_deep(&text, 12), None, "{}", entry.display());
            seen += 1;
        }
        assert!(seen > 10);
    }

    fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
        let mut out = Vec::new();
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                out.extend(walk(&p));
            } else if p.extension().is_some_and(|x| x == "yaml") {
                out.push(p);
            }
        }
        out
    }
}
