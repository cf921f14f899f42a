//! The document model that base establishment works on: a tree of entities, as a MIME
//! message, its body parts and the documents enclosed in them make one. The harness
//! builds it from real files; the reference only reads it.

/// One entity: a message, a body part, or a document with no header at all (an HTML
/// file). Its base is established from, in order, its content, its own header fields,
/// the entity that encloses it, the URL it was retrieved by, and the default.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Entity {
    /// The header fields, in the order they appear. Empty for a document with no header.
    pub fields: Vec<HeaderField>,
    /// The media type, `type/subtype` in lower case, when known (`None`: no
    /// `Content-Type` and no way to tell).
    pub media_type: Option<String>,
    /// Where the content says what its base is (an HTML `BASE` element), in order,
    /// including those that turn out not to count (no `href`, outside `HEAD`, relative).
    pub embedded: Vec<Embedded>,
    /// The entities enclosed in this one: the body parts of a `multipart/*`, the message
    /// of a `message/rfc822`.
    pub children: Vec<Entity>,
    /// The references found in this entity's own content, in order.
    pub references: Vec<Reference>,
    /// 1-based line in the input where the entity starts (its first header line, or its
    /// content when it has no header).
    pub line: usize,
}

/// One header field as it stands in the message: the name as written and the value as
/// written, line folding (CRLF or LF followed by whitespace) kept, so that each
/// document's rule on whitespace can be applied to it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HeaderField {
    pub name: String,
    pub value: Vec<u8>,
    /// 1-based line of the field's first line.
    pub line: usize,
}

/// A place where content embeds its base: an HTML `BASE` element.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Embedded {
    /// The element's name as written (`BASE`, `base`).
    pub element: String,
    /// Its `HREF` attribute, if it has one, as the markup gives it (character
    /// references decoded).
    pub href: Option<Vec<u8>>,
    /// Whether it stands in the document's `HEAD` portion.
    pub in_head: bool,
    /// 1-based line in the input.
    pub line: usize,
}

/// One reference found in content: an attribute that carries a URL.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reference {
    /// The element name as written (`A`, `img`).
    pub element: String,
    /// The attribute name in lower case (`href`, `src`, `action`).
    pub attribute: String,
    /// The attribute's value, as the markup gives it.
    pub href: Vec<u8>,
    /// 1-based line in the input.
    pub line: usize,
}

impl Entity {
    /// The header fields named `name`, compared without regard to letter case, as RFC
    /// 822 Section 3.4.7 has it for field names ("upper and lower case are not
    /// distinguished") and as each document repeats for its own fields.
    pub fn fields_named<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a HeaderField> {
        self.fields
            .iter()
            .filter(move |f| f.name.eq_ignore_ascii_case(name))
    }
}
