//! What a parse says: verdict, matched rule, components, error, notes.

use crate::document::DocReading;
use crate::grammar::rule::Rule;
use crate::inline::InlineList;
use std::borrow::Cow;
use std::fmt;

/// The judgement of one input under one document.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The scheme's own production matches (for a scheme the document does not define,
    /// the catch-all production is its own). Under the 1996 draft: `generic-URL` or
    /// `relativeURL` matches, with the components Section 4.3 splits out.
    Valid,
    /// Only the catch-all production matches: in RFC 1738, a scheme it defines whose own
    /// production fails while `otherurl` matches; in the 1996 draft, an absolute URL
    /// that is an `opaque-URL` but, split as Section 4.3 says, not a `generic-URL`.
    GenericOnly,
    /// No production matches.
    Invalid,
    /// The document does not define this operation.
    NotDefined,
}

impl Verdict {
    pub fn id(self) -> &'static str {
        match self {
            Verdict::Valid => "valid",
            Verdict::GenericOnly => "generic-only",
            Verdict::Invalid => "invalid",
            Verdict::NotDefined => "not-defined",
        }
    }

    pub fn from_id(id: &str) -> Option<Verdict> {
        [
            Verdict::Valid,
            Verdict::GenericOnly,
            Verdict::Invalid,
            Verdict::NotDefined,
        ]
        .into_iter()
        .find(|v| v.id() == id)
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A component's text: borrowed from the input when its bytes are UTF-8, otherwise an
/// owned copy with U+FFFD for each invalid sequence (as `String::from_utf8_lossy`).
pub type Text<'a> = Cow<'a, str>;

pub use crate::grammar::span::INLINE_ITEMS;

/// The items of a repeated component (segments, groups): inline up to
/// [`INLINE_ITEMS`], so the common URL's lists allocate nothing.
pub type List<T> = InlineList<T, INLINE_ITEMS>;

/// One `fieldspec` of a prospero URL.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Field<'a> {
    pub fieldname: Text<'a>,
    pub fieldvalue: Text<'a>,
}

/// A component's value, as written in the input (not decoded).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value<'a> {
    Str(Text<'a>),
    List(List<Text<'a>>),
    Fields(List<Field<'a>>),
}

impl Value<'_> {
    /// The same value, owning its text (to keep it past the input).
    pub fn into_owned(self) -> Value<'static> {
        let own = |t: Text<'_>| -> Text<'static> { Cow::Owned(t.into_owned()) };
        match self {
            Value::Str(s) => Value::Str(own(s)),
            Value::List(l) => Value::List(l.iter().cloned().map(own).collect()),
            Value::Fields(f) => Value::Fields(
                f.iter()
                    .cloned()
                    .map(|x| Field {
                        fieldname: own(x.fieldname),
                        fieldvalue: own(x.fieldvalue),
                    })
                    .collect(),
            ),
        }
    }
}

/// How many components a parse keeps inline: no grammar reports more than 16.
pub const INLINE_COMPONENTS: usize = 16;

/// A component as a rule function reports it: spans of the input, turned into text
/// only when the component is read.
#[derive(Clone, Debug)]
pub(crate) enum Part {
    Str(crate::grammar::span::Span),
    List(crate::grammar::span::Spans),
    Fields(InlineList<(crate::grammar::span::Span, crate::grammar::span::Span), INLINE_ITEMS>),
}

/// A compact span: offsets into the input.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct At(u32, u32);

impl At {
    fn of(s: crate::grammar::span::Span) -> At {
        At(s.start as u32, s.end as u32)
    }
}

/// One component slot: spans, or spans in the pool (lists, fields).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Slot {
    #[default]
    Absent,
    Str(At),
    /// `count` items from `first` in the pool.
    List {
        first: u32,
        count: u32,
    },
    /// `count` name/value pairs (two pool items each) from `first`.
    Fields {
        first: u32,
        count: u32,
    },
    /// Text the document's algorithm made, not a span of the input (the URL Standard's
    /// getters): item `n` of `made`.
    Made(u32),
}

/// Components in the order the production names them. `None` is absent, which is not
/// the same as present and empty (RFC 1738 Section 3.1). Held as spans of the input
/// (small, allocation-free for the common URL); the text is made when a component is
/// read.
#[derive(Clone, Debug, Default)]
pub struct Components<'a> {
    input: &'a [u8],
    slots: InlineList<(&'static str, Slot), INLINE_COMPONENTS>,
    pool: InlineList<At, INLINE_COMPONENTS>,
    /// For a span that is not UTF-8: its text with U+FFFD for each invalid sequence,
    /// made on the first read of such a span (never for UTF-8 input).
    lossy: std::sync::OnceLock<Vec<(At, String)>>,
    /// The texts of [`Slot::Made`] components (empty, allocating nothing, for a grammar).
    made: Vec<String>,
}

impl PartialEq for Components<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl Eq for Components<'_> {}

impl<'a> Components<'a> {
    /// No components, of `input`.
    pub fn new(input: &'a [u8]) -> Components<'a> {
        Components {
            input,
            slots: InlineList::new(),
            pool: InlineList::new(),
            lossy: std::sync::OnceLock::new(),
            made: Vec::new(),
        }
    }

    /// Removes every component.
    pub(crate) fn clear(&mut self) {
        self.slots.clear();
        self.pool.clear();
        self.lossy = std::sync::OnceLock::new();
        self.made.clear();
    }

    /// How many components (present or absent) there are.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The text of `a`: the input's bytes when they are UTF-8 (no copy), otherwise
    /// their lossy text (as `String::from_utf8_lossy`).
    fn text(&self, a: At) -> &str {
        let bytes = &self.input[a.0 as usize..a.1 as usize];
        match std::str::from_utf8(bytes) {
            Ok(s) => s,
            Err(_) => self
                .lossy
                .get_or_init(|| {
                    let strs = self.slots.iter().filter_map(|(_, s)| match s {
                        Slot::Str(a) => Some(*a),
                        _ => None,
                    });
                    strs.chain(self.pool.iter().copied())
                        .map(|a| {
                            let b = &self.input[a.0 as usize..a.1 as usize];
                            (a, String::from_utf8_lossy(b).into_owned())
                        })
                        .collect()
                })
                .iter()
                .find(|(x, _)| *x == a)
                .map_or("", |(_, s)| s.as_str()),
        }
    }

    fn value(&self, slot: Slot) -> Option<Value<'_>> {
        match slot {
            Slot::Absent => None,
            Slot::Str(a) => Some(Value::Str(Cow::Borrowed(self.text(a)))),
            Slot::Made(n) => Some(Value::Str(Cow::Borrowed(&self.made[n as usize]))),
            Slot::List { first, count } => Some(Value::List(
                self.pool[first as usize..(first + count) as usize]
                    .iter()
                    .map(|&a| Cow::Borrowed(self.text(a)))
                    .collect(),
            )),
            Slot::Fields { first, count } => Some(Value::Fields(
                self.pool[first as usize..(first + 2 * count) as usize]
                    .chunks(2)
                    .map(|p| Field {
                        fieldname: Cow::Borrowed(self.text(p[0])),
                        fieldvalue: Cow::Borrowed(self.text(p[1])),
                    })
                    .collect(),
            )),
        }
    }

    /// The component `name`: `None` when the production has no such component,
    /// `Some(None)` when it is absent.
    pub fn get(&self, name: &str) -> Option<Option<Value<'_>>> {
        self.slots
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, slot)| self.value(slot))
    }

    /// Is the component `name` present?
    pub fn has(&self, name: &str) -> bool {
        matches!(self.slots.iter().find(|(n, _)| *n == name), Some((_, s)) if *s != Slot::Absent)
    }

    /// The value of a string component, if present.
    pub fn str(&self, name: &str) -> Option<&str> {
        match self.slots.iter().find(|(n, _)| *n == name) {
            Some(&(_, Slot::Str(a))) => Some(self.text(a)),
            Some(&(_, Slot::Made(n))) => Some(&self.made[n as usize]),
            _ => None,
        }
    }

    /// The items of a list component, if present.
    pub fn strs(&self, name: &str) -> Option<Vec<&str>> {
        match self.slots.iter().find(|(n, _)| *n == name) {
            Some(&(_, Slot::List { first, count })) => Some(
                self.pool[first as usize..(first + count) as usize]
                    .iter()
                    .map(|&a| self.text(a))
                    .collect(),
            ),
            _ => None,
        }
    }

    /// The span of a string component, if present.
    pub fn span(&self, name: &str) -> Option<crate::grammar::span::Span> {
        match self.slots.iter().find(|(n, _)| *n == name) {
            Some(&(_, Slot::Str(a))) => {
                Some(crate::grammar::span::Span::new(a.0 as usize, a.1 as usize))
            }
            _ => None,
        }
    }

    fn pooled(&mut self, spans: impl Iterator<Item = crate::grammar::span::Span>) -> u32 {
        let first = self.pool.len() as u32;
        for s in spans {
            self.pool.push(At::of(s));
        }
        first
    }

    pub(crate) fn put(&mut self, name: &'static str, value: Option<Part>) {
        let slot = match value {
            None => Slot::Absent,
            Some(Part::Str(s)) => Slot::Str(At::of(s)),
            Some(Part::List(l)) => Slot::List {
                first: self.pooled(l.iter().copied()),
                count: l.len() as u32,
            },
            Some(Part::Fields(f)) => Slot::Fields {
                first: self.pooled(f.iter().flat_map(|&(n, v)| [n, v])),
                count: f.len() as u32,
            },
        };
        match self.slots.iter_mut().find(|(n, _)| *n == name) {
            Some(s) => s.1 = slot,
            None => self.slots.push((name, slot)),
        }
    }

    /// Sets the component `name` to text the document's algorithm made (`None`:
    /// absent).
    pub(crate) fn put_made(&mut self, name: &'static str, value: Option<String>) {
        let slot = match value {
            None => Slot::Absent,
            Some(text) => {
                self.made.push(text);
                Slot::Made(self.made.len() as u32 - 1)
            }
        };
        match self.slots.iter_mut().find(|(n, _)| *n == name) {
            Some(s) => s.1 = slot,
            None => self.slots.push((name, slot)),
        }
    }

    /// The components' names, in order.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.slots.iter().map(|(n, _)| *n)
    }

    pub fn iter(&self) -> impl Iterator<Item = (&'static str, Option<Value<'_>>)> + '_ {
        self.slots.iter().map(|&(n, slot)| (n, self.value(slot)))
    }
}

/// The alternatives of a parse: inline (no grammar's top-level production derives an
/// input more than a few ways), so the common parse allocates nothing for them.
pub type Rules = InlineList<Rule, 4>;

/// The ambiguities of a parse: inline for the common one or two.
pub type Ambiguities = InlineList<Ambiguity, 2>;

/// Where and why a production stopped matching.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// Byte offset into the input.
    pub offset: usize,
    /// The production that could not go on there.
    pub rule: Rule,
    /// What it would have accepted, in the BNF's notation.
    pub expected: &'static str,
}

/// How strongly the text asks for what a note says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grade {
    Must,
    Should,
}

impl Grade {
    pub fn id(self) -> &'static str {
        match self {
            Grade::Must => "must",
            Grade::Should => "should",
        }
    }
}

/// A requirement or meaning the prose gives beyond the BNF.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    pub id: &'static str,
    pub grade: Grade,
    /// Document and section, e.g. `RFC 1738 §3.2.2`.
    pub cite: &'static str,
    pub text: String,
    pub data: Vec<String>,
}

/// A place where the input has more than one derivation, and which one urlcert reports.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ambiguity {
    pub rule: Rule,
    pub text: &'static str,
}

/// The full answer for one input under one document. It borrows the input; the notes
/// are computed only when asked for ([`Parse::notes`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parse<'a> {
    pub doc: DocReading,
    /// The input answered.
    pub input: &'a [u8],
    pub verdict: Verdict,
    /// The production that matched (`ftpurl`, `waisindex`, `otherurl`), if any.
    pub rule: Option<Rule>,
    pub components: Components<'a>,
    /// For `invalid`: where matching failed. For `generic-only`: where the scheme's own
    /// production failed.
    pub error: Option<Failure>,
    /// Every alternative of the top-level production that derives the input.
    pub alternatives: Rules,
    pub ambiguities: crate::grammar::outcome::Ambiguities,
}

impl<'a> Parse<'a> {
    /// The parse of `input` under `doc` before it is judged: `invalid`, with no rule,
    /// components, error, alternatives or ambiguities yet.
    pub(crate) fn unjudged(doc: DocReading, input: &'a [u8]) -> Self {
        Parse {
            doc,
            verdict: Verdict::Invalid,
            rule: None,
            components: Components::new(input),
            error: None,
            alternatives: Rules::new(),
            ambiguities: Ambiguities::new(),
            input,
        }
    }

    /// The notes the document's prose gives on this input, in order: computed now, by
    /// the same note functions for every caller, so a caller that wants only the
    /// verdict and components pays nothing for them.
    pub fn notes(&self) -> Vec<Note> {
        crate::notes_of(self.doc, self.input)
    }

    /// The note with this id, if the prose gives it.
    pub fn note(&self, id: &str) -> Option<Note> {
        self.notes().into_iter().find(|n| n.id == id)
    }
}

/// A parse being annotated: the note functions read the parse through it and add their
/// notes to it.
pub struct Noting<'p, 'a> {
    parse: &'p Parse<'a>,
    pub notes: Vec<Note>,
}

impl<'p, 'a> Noting<'p, 'a> {
    pub fn new(parse: &'p Parse<'a>) -> Self {
        Noting {
            parse,
            notes: Vec::new(),
        }
    }
}

impl<'a> std::ops::Deref for Noting<'_, 'a> {
    type Target = Parse<'a>;
    fn deref(&self) -> &Parse<'a> {
        self.parse
    }
}

/// Adds a note to `p`: the helper every grammar's `notes.rs` writes its notes with.
pub(crate) fn note(
    p: &mut Noting,
    id: &'static str,
    grade: Grade,
    cite: &'static str,
    text: impl Into<String>,
    data: Vec<String>,
) {
    p.notes.push(Note {
        id,
        grade,
        cite,
        text: text.into(),
        data,
    });
}

#[cfg(feature = "serde")]
mod ser {
    use super::*;
    use serde::ser::{SerializeMap, SerializeStruct};
    use serde::{Serialize, Serializer};

    impl Serialize for Verdict {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_str(self.id())
        }
    }

    impl Serialize for Grade {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_str(self.id())
        }
    }

    impl Serialize for Value<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            match self {
                Value::Str(v) => v.serialize(s),
                Value::List(v) => v.serialize(s),
                Value::Fields(v) => v.serialize(s),
            }
        }
    }

    impl Serialize for Field<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut st = s.serialize_struct("Field", 2)?;
            st.serialize_field("fieldname", &self.fieldname)?;
            st.serialize_field("fieldvalue", &self.fieldvalue)?;
            st.end()
        }
    }

    impl Serialize for Components<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut m = s.serialize_map(Some(self.len()))?;
            for (k, v) in self.iter() {
                m.serialize_entry(k, &v)?;
            }
            m.end()
        }
    }

    impl Serialize for Failure {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut st = s.serialize_struct("Failure", 3)?;
            st.serialize_field("offset", &self.offset)?;
            st.serialize_field("rule", &self.rule)?;
            st.serialize_field("expected", self.expected)?;
            st.end()
        }
    }

    impl Serialize for Note {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut st = s.serialize_struct("Note", 5)?;
            st.serialize_field("id", self.id)?;
            st.serialize_field("grade", &self.grade)?;
            st.serialize_field("cite", self.cite)?;
            st.serialize_field("text", &self.text)?;
            st.serialize_field("data", &self.data)?;
            st.end()
        }
    }

    impl Serialize for Ambiguity {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut st = s.serialize_struct("Ambiguity", 2)?;
            st.serialize_field("rule", &self.rule)?;
            st.serialize_field("text", self.text)?;
            st.end()
        }
    }
}
