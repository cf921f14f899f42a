//! Reading a real file into the document model that base establishment works on
//! ([`urlcert_reference::base::Entity`]): a MIME message with its body parts and enclosed
//! messages, or an HTML file, with the header fields, the `BASE` elements and the
//! references of each entity, and the line of each in the input.
//!
//! - [`mime`]: RFC 822 messages, `multipart/*` and `message/rfc822`.
//! - [`html`]: `BASE` elements and references in HTML content.
//!
//! Which reading [`Format::Auto`] picks, from the first bytes only:
//!
//! 1. The input starts with a header field line, that is `field-name ":"` where the
//!    field name is one or more printable ASCII characters (33 to 126) other than `:`
//!    (RFC 822 Section 3.1.2): a MIME message. Nothing may stand before it: a byte order
//!    mark, a blank line, white space or an mbox `From ` line make it not a message.
//! 2. Otherwise, if the input holds a `<` anywhere: an HTML document with no header
//!    (media type `text/html`).
//! 3. Otherwise: a plain-text document with no header, no base and no references (media
//!    type unknown, `None`).
//!
//! An empty input is a plain-text document, under every format an entity with nothing in
//! it. An HTML file that starts `<x:` reads as a message under `auto`: name the format.
//!
//! Lines are 1-based in the whole input and end at LF (CRLF counts once). Bytes that are
//! not UTF-8 are kept as they are in header values and in `href`s; in names (header field
//! names, element names) they are replaced by U+FFFD.

pub mod links;

mod lines;

mod error;
pub mod html;
pub mod mime;

pub use error::{DocumentError, Problem};

use urlcert_reference::base::Entity;

/// How to read the input.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Deserialize, serde::Serialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// A message if it starts with a header field, else HTML if it holds a `<`, else plain
    /// text.
    #[default]
    Auto,
    /// An RFC 822 message, with MIME body parts.
    Mime,
    /// An HTML document with no header.
    Html,
}

impl Format {
    /// Every format, in the order the command line lists them.
    pub const ALL: [Format; 3] = [Format::Auto, Format::Mime, Format::Html];

    /// Its name on the command line and in case files.
    pub fn name(self) -> &'static str {
        match self {
            Format::Auto => "auto",
            Format::Mime => "mime",
            Format::Html => "html",
        }
    }

    /// How it reads, for the command line's list of values.
    pub fn about(self) -> &'static str {
        match self {
            Format::Auto => {
                "A message if it starts with a header field, else HTML if it holds a `<`, else \
                 plain text"
            }
            Format::Mime => "An RFC 822 message, with MIME body parts",
            Format::Html => "An HTML document with no header",
        }
    }
}

/// Reads `bytes` as `format` says. Fails only for a message that breaks the MIME
/// structure (see [`Problem`]); HTML and plain text always read.
pub fn read(bytes: &[u8], format: Format) -> Result<Entity, DocumentError> {
    match format {
        Format::Mime => mime::read(bytes),
        Format::Html => Ok(html::document(bytes)),
        Format::Auto if starts_with_header_field(bytes) => mime::read(bytes),
        Format::Auto if bytes.contains(&b'<') => Ok(html::document(bytes)),
        Format::Auto => Ok(Entity {
            line: 1,
            ..Entity::default()
        }),
    }
}

/// Does the first line start with `field-name ":"` (RFC 822 Section 3.1.2: "any CHAR,
/// excluding CTLs, SPACE, and ":"")?
pub fn starts_with_header_field(bytes: &[u8]) -> bool {
    let name = bytes
        .iter()
        .take_while(|&&b| (33..=126).contains(&b) && b != b':')
        .count();
    name > 0 && bytes.get(name) == Some(&b':')
}
