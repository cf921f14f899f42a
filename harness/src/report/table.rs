//! Tables, the one way every report writes them: Markdown (a head of header and
//! alignment rows, then rows of cells) and HTML (rows of header or data cells). Cells
//! are given already escaped, by [`crate::report::text`]'s `md_code`, `md_cell` and `html`;
//! header texts are the report's own words, escaped here for HTML.

use crate::report::text::html;

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

/// An HTML row of header cells, their texts escaped.
pub fn html_head<S: AsRef<str>>(headers: &[S]) -> String {
    let mut out = String::from("<tr>");
    for h in headers {
        out.push_str("<th>");
        out.push_str(&html(h.as_ref()));
        out.push_str("</th>");
    }
    out.push_str("</tr>\n");
    out
}

/// An HTML row of data cells, given as HTML.
pub fn html_row<S: AsRef<str>>(cells: &[S]) -> String {
    let mut out = String::from("<tr>");
    for c in cells {
        out.push_str("<td>");
        out.push_str(c.as_ref());
        out.push_str("</td>");
    }
    out.push_str("</tr>\n");
    out
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
}
