//! What a parse says: verdict, matched rule, components, error, notes.

use crate::document::DocReading;
use crate::inline::InlineList;
use crate::rule::Rule;
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

/// How many items a list component keeps inline before it moves to the heap.
pub const INLINE_ITEMS: usize = 4;

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

/// Components in the order the production names them. `None` is absent, which is not
/// the same as present and empty (RFC 1738 Section 3.1). Kept inline: building them
/// allocates nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Components<'a>(pub InlineList<(&'static str, Option<Value<'a>>), INLINE_COMPONENTS>);

impl<'a> Components<'a> {
    pub fn get(&self, name: &str) -> Option<&Option<Value<'a>>> {
        self.0.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    /// The value of a string component, if present.
    pub fn str(&self, name: &str) -> Option<&str> {
        match self.get(name) {
            Some(Some(Value::Str(s))) => Some(s),
            _ => None,
        }
    }

    pub(crate) fn put(&mut self, name: &'static str, value: Option<Value<'a>>) {
        match self.0.iter_mut().find(|(n, _)| *n == name) {
            Some(slot) => slot.1 = value,
            None => self.0.push((name, value)),
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &Option<Value<'a>>)> {
        self.0.iter().map(|(n, v)| (*n, v))
    }
}

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
#[derive(Clone, Debug, PartialEq, Eq)]
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
    pub alternatives: Vec<Rule>,
    pub ambiguities: Vec<Ambiguity>,
}

impl<'a> Parse<'a> {
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
            let mut m = s.serialize_map(Some(self.0.len()))?;
            for (k, v) in self.0.iter() {
                m.serialize_entry(k, v)?;
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
