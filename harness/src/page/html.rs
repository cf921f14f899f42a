//! HTML content: the `BASE` elements and the references in a document, with their lines,
//! found by a tokenizer (no tree is built).
//!
//! The tokenizer is `html5gum`'s: it follows the WHATWG tokenization rules, works on
//! bytes (so an `href` keeps bytes that are not UTF-8 exactly as written; only character
//! references become UTF-8) and gives the byte offset of every tag and attribute, from
//! which the lines and the element names as written come. The tokenizer lower-cases
//! names, which is what RFC 1808 Section 10 asks of a reader ("in HTML, element and
//! attribute names are case-insensitive"); the name as written is read back from the
//! source. It is told to switch to raw text after `TITLE`, `SCRIPT`, `STYLE` and the
//! like, as a browser's tree builder would, so that markup inside a script is not taken
//! for elements. Of an attribute given twice on one element the first counts, as in the
//! WHATWG tokenizer ("the complete attribute's name must be removed"); a leading UTF-8
//! byte order mark is skipped, as a decoder would.
//!
//! Whether a `BASE` stands in the `HEAD`: HTML 2.0 lets the head hold TITLE, ISINDEX,
//! BASE, META, LINK and NEXTID (RFC 1866 Section 5.2, "Head: HEAD"), and HTML 3.2 adds
//! SCRIPT and STYLE. The head is left, by explicit or implied end, at the first of:
//! `</head>` (or `</body>`, `</html>`), `<body>`, a start tag of any element not in that
//! list nor HTML or HEAD, and text other than white space outside TITLE, SCRIPT and STYLE.
//! A `BASE` before that point has `in_head` true. Comments and the doctype do not count.

use super::lines::Lines;
use html5gum::emitters::callback::{CallbackEmitter, CallbackEvent};
use html5gum::{Span, Tokenizer};
use urlcert_reference::base::{Embedded, Entity, Reference};

/// The attributes that carry a URL, as (element, attribute) in lower case. From HTML 2.0
/// (RFC 1866: A HREF, LINK HREF, IMG SRC, FORM ACTION, INPUT SRC), client-side image maps
/// (RFC 1980: AREA HREF, IMG USEMAP), HTML 3.2 (BODY BACKGROUND, APPLET CODEBASE), HTML
/// 4.01, whose index of attributes gives all of these and the others here the type %URI
/// (FRAME and IFRAME SRC, SCRIPT SRC, OBJECT's, the CITEs, LONGDESC, HEAD PROFILE,
/// INPUT USEMAP), and Netscape's EMBED SRC, which no HTML specification of the time
/// defined but pages used. `BASE HREF` is not here: it sets the base, it is not resolved
/// against it.
pub const URL_ATTRIBUTES: &[(&str, &str)] = &[
    ("a", "href"),
    ("link", "href"),
    ("area", "href"),
    ("img", "src"),
    ("img", "longdesc"),
    ("img", "usemap"),
    ("frame", "src"),
    ("frame", "longdesc"),
    ("iframe", "src"),
    ("iframe", "longdesc"),
    ("script", "src"),
    ("form", "action"),
    ("input", "src"),
    ("input", "usemap"),
    ("body", "background"),
    ("applet", "codebase"),
    ("object", "data"),
    ("object", "codebase"),
    ("object", "classid"),
    ("object", "usemap"),
    ("q", "cite"),
    ("blockquote", "cite"),
    ("ins", "cite"),
    ("del", "cite"),
    ("head", "profile"),
    ("embed", "src"),
];

/// The elements that may stand in the head without ending it: HTML 2.0's (RFC 1866
/// Section 5.2), HTML 3.2's SCRIPT and STYLE, and HTML and HEAD themselves.
const HEAD_ELEMENTS: &[&str] = &[
    "html", "head", "title", "isindex", "base", "meta", "link", "nextid", "script", "style",
];

/// What a document's markup says about bases and references.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Found {
    pub embedded: Vec<Embedded>,
    pub references: Vec<Reference>,
}

/// An HTML document with no header: media type `text/html`, starting on line 1.
pub fn document(html: &[u8]) -> Entity {
    let found = scan(html, 1);
    Entity {
        media_type: Some("text/html".into()),
        embedded: found.embedded,
        references: found.references,
        line: 1,
        ..Entity::default()
    }
}

/// Scans `html`, whose first byte is on line `first_line` of the input, for `BASE`
/// elements and references. Any bytes are accepted: the tokenizer recovers from every
/// error as the WHATWG rules say, so there is no failure.
pub fn scan(html: &[u8], first_line: usize) -> Found {
    let html = html.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(html);
    let mut scanner = Scanner {
        source: html,
        lines: Lines::new(html, first_line),
        found: Found::default(),
        in_head: true,
        raw_text: None,
        tag: None,
    };
    let mut emitter = CallbackEmitter::new(
        |event: CallbackEvent<'_>, span: Span<usize>| -> Option<()> {
            scanner.event(event, span);
            None
        },
    );
    emitter.naively_switch_states(true);
    // Reading from memory cannot fail (its error type is `Infallible`), and the callback
    // yields no tokens: running the iterator to its end is the whole scan.
    Tokenizer::new_with_emitter(html, emitter).for_each(drop);
    scanner.found
}

/// A start tag being read.
struct Tag {
    /// The name in lower case, as the tokenizer gives it.
    name: Vec<u8>,
    /// The name as written in the source.
    written: String,
    /// Offset of its `<`.
    start: usize,
    /// The attributes that matter (a URL, or a BASE's HREF), the first of each name only:
    /// name in lower case, value, offset of the name. The others are not kept, so a tag
    /// with a great many attributes costs no more than its length.
    attributes: Vec<(Vec<u8>, Vec<u8>, usize)>,
    /// Whether the attribute being read is the last one in `attributes`.
    keeping: bool,
}

impl Tag {
    fn matters(&self, attribute: &[u8]) -> bool {
        if self.name == b"base" {
            return attribute == b"href";
        }
        URL_ATTRIBUTES
            .iter()
            .any(|(e, a)| e.as_bytes() == self.name && a.as_bytes() == attribute)
    }
}

struct Scanner<'a> {
    source: &'a [u8],
    lines: Lines<'a>,
    found: Found,
    in_head: bool,
    /// The element whose content the tokenizer reads as text (`title`, `script`, ...).
    raw_text: Option<Vec<u8>>,
    tag: Option<Tag>,
}

impl Scanner<'_> {
    fn event(&mut self, event: CallbackEvent<'_>, span: Span<usize>) {
        match event {
            CallbackEvent::OpenStartTag { name } => {
                self.tag = Some(Tag {
                    name: name.to_vec(),
                    written: self.written_name(span.start, name),
                    start: span.start,
                    attributes: Vec::new(),
                    keeping: false,
                })
            }
            CallbackEvent::AttributeName { name } => {
                // Attributes of an end tag come with no open tag, and are dropped.
                if let Some(tag) = &mut self.tag {
                    // Of a repeated attribute the first counts.
                    tag.keeping =
                        tag.matters(name) && !tag.attributes.iter().any(|(n, _, _)| n == name);
                    if tag.keeping {
                        tag.attributes.push((name.to_vec(), Vec::new(), span.start));
                    }
                }
            }
            CallbackEvent::AttributeValue { value } => {
                if let Some(tag) = self.tag.as_mut().filter(|t| t.keeping) {
                    if let Some((_, v, _)) = tag.attributes.last_mut() {
                        v.extend_from_slice(value);
                    }
                }
            }
            CallbackEvent::CloseStartTag { .. } => {
                if let Some(tag) = self.tag.take() {
                    self.start_tag(tag);
                }
            }
            CallbackEvent::EndTag { name } => {
                if self.raw_text.as_deref() == Some(name) {
                    self.raw_text = None;
                }
                if matches!(name, b"head" | b"body" | b"html") {
                    self.in_head = false;
                }
            }
            CallbackEvent::String { value } => {
                let white = |b: &u8| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0c');
                if self.raw_text.is_none() && !value.iter().all(white) {
                    self.in_head = false;
                }
            }
            CallbackEvent::Comment { .. }
            | CallbackEvent::Doctype { .. }
            | CallbackEvent::Error(_) => {}
        }
    }

    /// The element name as the source writes it after `<`, when it is the tokenizer's
    /// name but for letter case; otherwise (a NUL replaced, say) the tokenizer's.
    fn written_name(&self, start: usize, name: &[u8]) -> String {
        let after = self.source.get(start + 1..).unwrap_or_default();
        let end = after
            .iter()
            .position(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0c' | b'/' | b'>'))
            .unwrap_or(after.len());
        let written = &after[..end];
        let name = if written.eq_ignore_ascii_case(name) {
            written
        } else {
            name
        };
        String::from_utf8_lossy(name).into_owned()
    }

    fn start_tag(&mut self, tag: Tag) {
        if tag.name == b"base" {
            self.found.embedded.push(Embedded {
                element: tag.written.clone(),
                href: tag.attributes.first().map(|(_, v, _)| v.clone()),
                in_head: self.in_head,
                line: self.lines.at(tag.start),
            });
        } else {
            for (name, value, offset) in &tag.attributes {
                self.found.references.push(Reference {
                    element: tag.written.clone(),
                    attribute: String::from_utf8_lossy(name).into_owned(),
                    href: value.clone(),
                    line: self.lines.at(*offset),
                });
            }
        }
        if tag.name == b"body" || !HEAD_ELEMENTS.iter().any(|e| e.as_bytes() == tag.name) {
            self.in_head = false;
        }
        if html5gum::naive_next_state(&tag.name).is_some() {
            self.raw_text = Some(tag.name);
        }
    }
}
