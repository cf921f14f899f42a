//! The shell of every HTML report: one self-contained page (no scripts, no outside
//! resources) with its doctype, head, title and one stylesheet. Each report writes only
//! its body; what its pages really differ in (the width of the text, the room in a
//! cell, their own rules) is data, in a [`Sheet`] or a stylesheet of its own.

use crate::report::text::html;

/// The stylesheet most reports share: their base rules, in one order, with the page's
/// own rules in their two places.
#[derive(Clone, Copy, Debug)]
pub struct Sheet<'a> {
    /// Whether the text stops at 90em (a page read as prose) or runs the window's width
    /// (a page of wide tables).
    pub narrow: bool,
    /// The padding of a table cell.
    pub cell_padding: &'a str,
    /// Rules after the table rules (cells of the page's own kinds).
    pub table_rules: &'a str,
    /// Rules after the code rule.
    pub rules: &'a str,
}

/// A cell's padding in the run's report and the certificates.
pub const TIGHT_CELLS: &str = ".2em .4em";
/// A cell's padding in the pages of prose and tables.
pub const ROOMY_CELLS: &str = ".25em .5em";

impl Sheet<'_> {
    /// The stylesheet's text, one rule a line.
    pub fn css(&self) -> String {
        let width = if self.narrow { ";max-width:90em" } else { "" };
        format!(
            "body{{font-family:sans-serif;margin:2em{width}}}\n\
             table{{border-collapse:collapse;margin-bottom:1.5em}}\n\
             td,th{{border:1px solid #bbb;padding:{};vertical-align:top;text-align:left}}\n\
             {}code{{white-space:pre-wrap;word-break:break-all}}\n{}",
            self.cell_padding, self.table_rules, self.rules
        )
    }
}

/// A page's beginning, up to and with `<body>`: `title` (text, escaped here) and
/// `css` (the stylesheet, one rule a line).
pub fn open(title: &str, css: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>\n{css}</style>\n</head>\n<body>\n",
        html(title)
    )
}

/// A page's end.
pub const CLOSE: &str = "</body>\n</html>\n";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_is_one_document_with_its_title_escaped() {
        let page = open("a <b> & c", "p{}\n") + CLOSE;
        assert_eq!(
            page,
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
             <title>a &lt;b&gt; &amp; c</title>\n<style>\np{}\n</style>\n</head>\n<body>\n\
             </body>\n</html>\n"
        );
    }

    #[test]
    fn the_sheet_puts_the_page_rules_in_their_places() {
        let css = Sheet {
            narrow: true,
            cell_padding: ROOMY_CELLS,
            table_rules: "td.n{}\n",
            rules: ".x{}\n",
        }
        .css();
        assert_eq!(
            css,
            "body{font-family:sans-serif;margin:2em;max-width:90em}\n\
             table{border-collapse:collapse;margin-bottom:1.5em}\n\
             td,th{border:1px solid #bbb;padding:.25em .5em;vertical-align:top;text-align:left}\n\
             td.n{}\ncode{white-space:pre-wrap;word-break:break-all}\n.x{}\n"
        );
    }
}
