//! RFC 822 messages and their MIME structure: the header fields of each entity as
//! written, `multipart/*` bodies split into body parts (each a child entity), the message
//! enclosed in a `message/rfc822` part (that part's single child), and the `BASE`
//! elements and references of `text/html` bodies.
//!
//! The crate is `mailparse`. It returns each header field as slices of the input, so the
//! field's extent, folding included, is known exactly; its Content-Type parser handles
//! quoting and RFC 2231 parameters; it decodes base64 and quoted-printable. Its rival
//! `mail-parser` gives offsets too, but its current release needs a newer Rust than this
//! workspace's. Splitting multipart bodies is done here rather than by `mailparse`, for
//! three reasons: it takes any line that starts with the boundary for a delimiter, where
//! RFC 2046 Section 5.1.1 allows only white space after it; it accepts a missing or
//! unclosed boundary silently; and its nesting error names neither line nor part.
//!
//! What the entities hold:
//!
//! - A field's name is as written before the colon, less any white space before the
//!   colon (RFC 822's obsolete `name WSP ":"`). Its value is every byte after the colon up
//!   to the end of the field, leading white space and folding (CRLF or LF followed by
//!   white space) kept, the final line end dropped: each document's rule on white space
//!   is applied later, by the reference.
//! - The media type is the Content-Type's `type/subtype` in lower case; `None` when there
//!   is no Content-Type, or it does not read as `type/subtype`. RFC 2045's default
//!   (text/plain) is not filled in, but RFC 2046 Section 5.1.5's is: a body part of a
//!   `multipart/digest` with no Content-Type is `message/rfc822`, and its message is read
//!   as its child.
//! - Only a `text/html` entity is scanned for `BASE` and references. Its body is decoded
//!   first (base64, quoted-printable); no charset is applied, the markup is read as bytes.
//!   Lines inside a decoded body are the body's first line plus the line within the
//!   decoded text, so they are exact for 7bit, 8bit and binary and approximate for
//!   base64 and quoted-printable. A body with a transfer encoding not known is treated as
//!   application/octet-stream, as RFC 2045 Section 6.4 says, and not scanned.
//!
//! Limits: entities nest at most [`MAX_DEPTH`] levels below the top (an error names the
//! part that goes deeper). Work is linear in the input at each level, so at most
//! `MAX_DEPTH` times the input's size in all.

use super::error::{DocumentError, Problem};
use super::html;
use super::lines::Lines;
use mailparse::body::Body;
use mailparse::ParsedContentType;
use urlcert_reference::base::{Entity, HeaderField};

/// How many levels entities may nest below the top (a message in a part in a message
/// ...): far more than real mail, and few enough that the recursion stays small.
pub const MAX_DEPTH: usize = 64;

/// Reads `input` as an RFC 822 message.
pub(crate) fn read(input: &[u8]) -> Result<Entity, DocumentError> {
    Reader {
        input,
        lines: Lines::new(input, 1),
    }
    .entity(0..input.len(), String::new(), 0, None)
}

struct Reader<'a> {
    input: &'a [u8],
    lines: Lines<'a>,
}

/// A body's Content-Transfer-Encoding.
enum Transfer {
    /// None, 7bit, 8bit or binary: the body is as written.
    Identity,
    /// base64 or quoted-printable (the name in lower case).
    Encoded(String),
    /// Any other: RFC 2045 Section 6.4.
    Unrecognized(String),
}

impl Reader<'_> {
    fn error(&mut self, offset: usize, part: &str, problem: Problem) -> DocumentError {
        DocumentError {
            line: self.lines.at(offset),
            part: part.to_string(),
            problem,
        }
    }

    /// The entity in `input[range]`, `depth` levels below the top; `default_type` is the
    /// media type when there is no Content-Type.
    fn entity(
        &mut self,
        range: std::ops::Range<usize>,
        part: String,
        depth: usize,
        default_type: Option<&str>,
    ) -> Result<Entity, DocumentError> {
        if depth > MAX_DEPTH {
            let limit = MAX_DEPTH;
            return Err(self.error(range.start, &part, Problem::TooDeep { limit }));
        }
        let (fields, body) = self.header(range.clone(), &part)?;
        let line = match fields.first() {
            Some(f) => f.line,
            None => self.lines.at(body),
        };
        let content_type = first_named(&fields, "content-type")
            .map(|f| (mailparse::parse_content_type(&unfold(&f.value)), f.line));
        let media_type = match &content_type {
            Some((ct, _)) => media_type(&ct.mimetype),
            None => default_type.map(String::from),
        };
        let transfer =
            first_named(&fields, "content-transfer-encoding").map(|f| (transfer(&f.value), f.line));
        let mut entity = Entity {
            fields,
            media_type,
            line,
            ..Entity::default()
        };
        let Some(media) = entity.media_type.clone() else {
            return Ok(entity);
        };
        let composite = media.starts_with("multipart/") || media == "message/rfc822";
        if composite {
            if let Some((Transfer::Encoded(e) | Transfer::Unrecognized(e), line)) = transfer {
                return Err(DocumentError {
                    line,
                    part,
                    problem: Problem::EncodedComposite {
                        media_type: media,
                        encoding: e,
                    },
                });
            }
        }
        if media.starts_with("multipart/") {
            let Some((ct, ct_line)) = &content_type else {
                // A multipart type comes only from a Content-Type.
                return Ok(entity);
            };
            let boundary = match ct.params.get("boundary") {
                Some(b) if !b.is_empty() => b.clone(),
                _ => {
                    return Err(DocumentError {
                        line: *ct_line,
                        part,
                        problem: Problem::NoBoundary { media_type: media },
                    })
                }
            };
            let parts = self.split(body..range.end, &boundary, &part)?;
            let child_default = (media == "multipart/digest").then_some("message/rfc822");
            for (n, range) in parts.into_iter().enumerate() {
                let child =
                    self.entity(range, child_part(&part, n + 1), depth + 1, child_default)?;
                entity.children.push(child);
            }
        } else if media == "message/rfc822" {
            let child = self.entity(body..range.end, child_part(&part, 1), depth + 1, None)?;
            entity.children.push(child);
        } else if media == "text/html" {
            let first_line = self.lines.at(body);
            let raw = &self.input[body..range.end];
            let found = match (&transfer, &content_type) {
                (None | Some((Transfer::Identity, _)), _) => html::scan(raw, first_line),
                (Some((Transfer::Encoded(e), _)), Some((ct, _))) => {
                    let decoded = decode(raw, ct, e).map_err(|detail| DocumentError {
                        line: first_line,
                        part: part.clone(),
                        problem: Problem::Undecodable {
                            encoding: e.clone(),
                            detail,
                        },
                    })?;
                    html::scan(&decoded, first_line)
                }
                _ => html::Found::default(),
            };
            entity.embedded = found.embedded;
            entity.references = found.references;
        }
        Ok(entity)
    }

    /// The header fields in `input[range]` and where the body starts (after the blank
    /// line, or at the end when there is none).
    fn header(
        &mut self,
        range: std::ops::Range<usize>,
        part: &str,
    ) -> Result<(Vec<HeaderField>, usize), DocumentError> {
        let mut fields = Vec::new();
        let mut at = range.start;
        loop {
            let rest = &self.input[at..range.end];
            match rest {
                [] => return Ok((fields, at)),
                [b'\n', ..] => return Ok((fields, at + 1)),
                [b'\r', b'\n', ..] => return Ok((fields, at + 2)),
                [b'\r', ..] => return Err(self.error(at, part, Problem::LoneCr)),
                [b' ' | b'\t', ..] => {
                    return Err(self.error(at, part, Problem::ContinuationFirst));
                }
                _ => {}
            }
            // `parse_header` finds where the field ends, continuation lines included; it
            // fails only on a line that starts with a space, excluded above.
            let (name, length) = match mailparse::parse_header(rest) {
                Ok((header, length)) => (header.get_key_raw().len(), length),
                Err(_) => return Err(self.error(at, part, Problem::ContinuationFirst)),
            };
            let field = &rest[..length];
            let written = trim_end_wsp(&field[..name]);
            let is_field = field.get(name) == Some(&b':')
                && !written.is_empty()
                && written.iter().all(|&b| b > b' ' && b != 0x7f);
            if !is_field {
                let first_line = field.split(|&b| b == b'\n').next().unwrap_or_default();
                let text = String::from_utf8_lossy(trim_end_cr(first_line)).into_owned();
                return Err(self.error(at, part, Problem::NotAHeaderField { text }));
            }
            let value = field[name + 1..]
                .strip_suffix(b"\n")
                .map(trim_end_cr)
                .unwrap_or(&field[name + 1..]);
            fields.push(HeaderField {
                name: String::from_utf8_lossy(written).into_owned(),
                value: value.to_vec(),
                line: self.lines.at(at),
            });
            at += length;
        }
    }

    /// The body parts of the multipart body `input[range]`, by RFC 2046 Section 5.1.1: a
    /// delimiter is a line `--boundary` followed by nothing but white space, the
    /// close-delimiter `--boundary--`; the line end before a delimiter belongs to it; the
    /// preamble and the epilogue are not parts.
    fn split(
        &mut self,
        range: std::ops::Range<usize>,
        boundary: &str,
        part: &str,
    ) -> Result<Vec<std::ops::Range<usize>>, DocumentError> {
        let dash_boundary = format!("--{boundary}");
        let mut parts = Vec::new();
        // Where the current part starts, and the offset of the delimiter before it.
        let mut open: Option<(usize, usize)> = None;
        let mut at = range.start;
        while at < range.end {
            let line_end = self.input[at..range.end]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(range.end, |n| at + n);
            let next = (line_end + 1).min(range.end);
            let line = trim_end_cr(&self.input[at..line_end]);
            if let Some(after) = line.strip_prefix(dash_boundary.as_bytes()) {
                let close = after.starts_with(b"--");
                if close || after.iter().all(|&b| b == b' ' || b == b'\t') {
                    if let Some((start, _)) = open {
                        parts.push(start..end_before_line_break(self.input, start, at));
                    } else if close {
                        let boundary = boundary.to_string();
                        return Err(self.error(at, part, Problem::NoParts { boundary }));
                    }
                    if close {
                        return Ok(parts);
                    }
                    open = Some((next, at));
                }
            }
            at = next;
        }
        let boundary = boundary.to_string();
        let (offset, problem) = match open {
            None => (range.start, Problem::NoDelimiter { boundary }),
            Some((_, delimiter)) => (delimiter, Problem::NeverClosed { boundary }),
        };
        Err(self.error(offset, part, problem))
    }
}

/// "" → "1"; "1" → "1.2".
fn child_part(part: &str, n: usize) -> String {
    if part.is_empty() {
        n.to_string()
    } else {
        format!("{part}.{n}")
    }
}

fn first_named<'f>(fields: &'f [HeaderField], name: &str) -> Option<&'f HeaderField> {
    fields.iter().find(|f| f.name.eq_ignore_ascii_case(name))
}

/// A field value as one line (RFC 822 Section 3.1.1: unfolding removes the CRLF before
/// the white space), as text.
fn unfold(value: &[u8]) -> String {
    let line: Vec<u8> = value
        .iter()
        .copied()
        .filter(|&b| b != b'\r' && b != b'\n')
        .collect();
    String::from_utf8_lossy(&line).into_owned()
}

/// `type/subtype` in lower case, if the value reads so (RFC 2045 Section 5.1: each a
/// token, no white space or tspecials).
fn media_type(mimetype: &str) -> Option<String> {
    let token = |s: &str| {
        !s.is_empty()
            && s.bytes()
                .all(|b| b.is_ascii_graphic() && !b"()<>@,;:\\\"/[]?=".contains(&b))
    };
    let (t, s) = mimetype.trim().split_once('/')?;
    (token(t) && token(s)).then(|| format!("{t}/{s}").to_ascii_lowercase())
}

fn transfer(value: &[u8]) -> Transfer {
    let name = unfold(value).trim().to_ascii_lowercase();
    match name.as_str() {
        "7bit" | "8bit" | "binary" => Transfer::Identity,
        "base64" | "quoted-printable" => Transfer::Encoded(name),
        _ => Transfer::Unrecognized(name),
    }
}

/// The body decoded from base64 or quoted-printable, by `mailparse`.
fn decode(raw: &[u8], ct: &ParsedContentType, encoding: &str) -> Result<Vec<u8>, String> {
    match Body::new(raw, ct, &Some(encoding.to_string())) {
        Body::Base64(b) | Body::QuotedPrintable(b) => b.get_decoded().map_err(|e| e.to_string()),
        Body::SevenBit(_) | Body::EightBit(_) | Body::Binary(_) => Ok(raw.to_vec()),
    }
}

/// `end`, less the LF or CRLF just before it, not going before `start`.
fn end_before_line_break(input: &[u8], start: usize, end: usize) -> usize {
    let mut end = end;
    if end > start && input[end - 1] == b'\n' {
        end -= 1;
        if end > start && input[end - 1] == b'\r' {
            end -= 1;
        }
    }
    end
}

fn trim_end_cr(line: &[u8]) -> &[u8] {
    line.strip_suffix(b"\r").unwrap_or(line)
}

fn trim_end_wsp(name: &[u8]) -> &[u8] {
    let end = name
        .iter()
        .rposition(|&b| b != b' ' && b != b'\t')
        .map_or(0, |n| n + 1);
    &name[..end]
}
