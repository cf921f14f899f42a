//! Tables, the one way every report writes them: Markdown (a head of header and
//! alignment rows, then rows of cells) and HTML ([`HtmlTable`]: rows of [`Cell`]s, each
//! a header or data cell with its attributes). Markdown cells are given already
//! escaped, by [`crate::report::text`]'s `md_code` and `md_cell`; an HTML cell's text
//! and attribute values are escaped here, once, and only a cell of markup the report
//! built itself ([`Cell::markup`]) is written as given.

use crate::report::text::html;
use std::fmt::{Display, Write};

/// How a Markdown column is aligned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
}

/// A Markdown table's head: the header row and the alignment row. An empty header
/// leaves its column's head blank (`| | |`).
pub fn md_head<S: AsRef<str>>(headers: &[S], align: &[Align]) -> String {
    let mut out = String::from("|");
    for h in headers {
        match h.as_ref() {
            "" => out.push_str(" |"),
            h => {
                out.push(' ');
                out.push_str(h);
                out.push_str(" |");
            }
        }
    }
    out.push_str("\n|");
    for a in align {
        out.push_str(match a {
            Align::Left => "---|",
            Align::Right => "---:|",
        });
    }
    out.push('\n');
    out
}

/// A Markdown table's head with every column aligned left.
pub fn md_head_left<S: AsRef<str>>(headers: &[S]) -> String {
    md_head(headers, &vec![Align::Left; headers.len()])
}

/// One Markdown row of escaped cells.
pub fn md_row<S: AsRef<str>>(cells: &[S]) -> String {
    let mut out = String::from("|");
    for c in cells {
        out.push(' ');
        out.push_str(c.as_ref());
        out.push_str(" |");
    }
    out.push('\n');
    out
}

/// One cell of an HTML table: a header (`th`) or data (`td`) cell, its content as HTML
/// and its attributes, written in the order they were given, their values escaped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    tag: &'static str,
    attributes: Vec<(&'static str, String)>,
    content: String,
}

impl Cell {
    /// A data cell of text, escaped here.
    pub fn text(text: impl Display) -> Cell {
        Cell::markup(html(&text.to_string()))
    }

    /// A data cell of text shown as code, escaped here.
    pub fn code(text: impl Display) -> Cell {
        Cell::markup(format!("<code>{}</code>", html(&text.to_string())))
    }

    /// A data cell of markup the report has built (links, citations, lists of code),
    /// its own text already escaped.
    pub fn markup(content: impl Into<String>) -> Cell {
        Cell {
            tag: "td",
            attributes: Vec::new(),
            content: content.into(),
        }
    }

    /// The same cell as a header cell.
    pub fn header(self) -> Cell {
        Cell { tag: "th", ..self }
    }

    /// The cell with a `class` attribute.
    pub fn class(self, class: impl Into<String>) -> Cell {
        self.attribute("class", class)
    }

    /// The cell with a `title` attribute (shown on hover), escaped here.
    pub fn title(self, title: impl Into<String>) -> Cell {
        self.attribute("title", title)
    }

    /// The cell with one more attribute, its value escaped here.
    pub fn attribute(mut self, name: &'static str, value: impl Into<String>) -> Cell {
        self.attributes.push((name, value.into()));
        self
    }

    fn write(&self, out: &mut String) {
        out.push('<');
        out.push_str(self.tag);
        for (name, value) in &self.attributes {
            let _ = write!(out, " {name}=\"{}\"", html(value));
        }
        out.push('>');
        out.push_str(&self.content);
        let _ = write!(out, "</{}>", self.tag);
    }
}

/// Header cells of text, escaped here.
pub fn headers<S: AsRef<str>>(texts: &[S]) -> Vec<Cell> {
    texts
        .iter()
        .map(|t| Cell::text(t.as_ref()).header())
        .collect()
}

/// An HTML table being written: `<table>`, a line a row, `</table>`.
#[derive(Clone, Debug)]
pub struct HtmlTable {
    html: String,
    sections: bool,
}

impl HtmlTable {
    /// A table, of `class` when one is given.
    pub fn new(class: Option<&str>) -> HtmlTable {
        let html = match class {
            Some(class) => format!("<table class=\"{}\">\n", html(class)),
            None => "<table>\n".to_string(),
        };
        HtmlTable {
            html,
            sections: false,
        }
    }

    /// The same table with its head row in `<thead>` and the rows after it in
    /// `<tbody>`, which a stylesheet can tell apart.
    pub fn with_sections(self) -> HtmlTable {
        HtmlTable {
            sections: true,
            ..self
        }
    }

    /// The head row.
    pub fn head(&mut self, cells: impl IntoIterator<Item = Cell>) {
        if self.sections {
            self.html.push_str("<thead>");
            self.html.push_str(&tr(None, cells));
            self.html.push_str("</thead>\n<tbody>\n");
        } else {
            self.row(cells);
        }
    }

    /// A body row.
    pub fn row(&mut self, cells: impl IntoIterator<Item = Cell>) {
        self.html.push_str(&tr(None, cells));
        self.html.push('\n');
    }

    /// A body row of `class`.
    pub fn row_of_class(&mut self, class: &str, cells: impl IntoIterator<Item = Cell>) {
        self.html.push_str(&tr(Some(class), cells));
        self.html.push('\n');
    }

    /// The table's HTML, closed.
    pub fn end(mut self) -> String {
        if self.sections {
            self.html.push_str("</tbody>\n");
        }
        self.html.push_str("</table>\n");
        self.html
    }
}

/// One `<tr>` of cells, of `class` when one is given.
fn tr(class: Option<&str>, cells: impl IntoIterator<Item = Cell>) -> String {
    let mut out = match class {
        Some(class) => format!("<tr class=\"{}\">", html(class)),
        None => "<tr>".to_string(),
    };
    for cell in cells {
        cell.write(&mut out);
    }
    out.push_str("</tr>");
    out
}

/// An HTML row of header cells, their texts escaped.
pub fn html_head<S: AsRef<str>>(texts: &[S]) -> String {
    tr(None, headers(texts)) + "\n"
}

/// An HTML row of data cells, given as HTML.
pub fn html_row<S: AsRef<str>>(cells: &[S]) -> String {
    tr(None, cells.iter().map(|c| Cell::markup(c.as_ref()))) + "\n"
}

/// Rows as columns aligned with two spaces between them: the first to the left, the
/// others to the right.
pub fn aligned(rows: &[Vec<String>]) -> String {
    let widths: Vec<usize> = (0..rows[0].len())
        .map(|i| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for r in rows {
        let cells: Vec<String> = r
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(i, (c, w))| {
                if i == 0 {
                    format!("{c:<w$}")
                } else {
                    format!("{c:>w$}")
                }
            })
            .collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_tables_keep_their_shape() {
        assert_eq!(
            md_head(&["a", "n"], &[Align::Left, Align::Right]),
            "| a | n |\n|---|---:|\n"
        );
        assert_eq!(md_head_left(&["", ""]), "| | |\n|---|---|\n");
        assert_eq!(md_row(&["`x\\|y`", "1"]), "| `x\\|y` | 1 |\n");
    }

    #[test]
    fn html_rows_escape_their_headers_only() {
        assert_eq!(html_head(&["a<b"]), "<tr><th>a&lt;b</th></tr>\n");
        assert_eq!(
            html_row(&["<code>x</code>"]),
            "<tr><td><code>x</code></td></tr>\n"
        );
    }

    #[test]
    fn html_cells_escape_their_text_and_attributes_once() {
        let mut table = HtmlTable::new(Some("agreement"));
        table.head(headers(&["a<b", "n"]));
        table.row([
            Cell::code("x&y"),
            Cell::text(3).class("n").title("\"3\" of <4>"),
        ]);
        table.row_of_class("group", [Cell::markup("<a href=\"#x\">x</a>").header()]);
        assert_eq!(
            table.end(),
            "<table class=\"agreement\">\n\
             <tr><th>a&lt;b</th><th>n</th></tr>\n\
             <tr><td><code>x&amp;y</code></td>\
             <td class=\"n\" title=\"&quot;3&quot; of &lt;4&gt;\">3</td></tr>\n\
             <tr class=\"group\"><th><a href=\"#x\">x</a></th></tr>\n\
             </table>\n"
        );
    }

    #[test]
    fn a_sectioned_table_puts_its_head_and_body_apart() {
        let mut table = HtmlTable::new(None).with_sections();
        table.head(headers(&["h"]));
        table.row([Cell::text("d").attribute("style", "background: #fff")]);
        assert_eq!(
            table.end(),
            "<table>\n<thead><tr><th>h</th></tr></thead>\n<tbody>\n\
             <tr><td style=\"background: #fff\">d</td></tr>\n</tbody>\n</table>\n"
        );
    }
}
