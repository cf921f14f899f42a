//! Putting case data into generated reports: Markdown table cells and HTML. Whatever a
//! case or an input says is data, so it is escaped, never interpreted.

/// A value as inline code in a Markdown table cell. `|`, backticks and control
/// characters cannot break the table.
pub fn md_code(s: &str) -> String {
    if s.is_empty() {
        return "(empty)".into();
    }
    format!("`{}`", visible(s).replace('`', "'").replace('|', "\\|"))
}

/// Prose in a Markdown table cell: whitespace collapsed, `|` escaped.
pub fn md_cell(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace('|', "\\|")
}

/// Text for HTML element content or a quoted attribute value.
pub fn html(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in visible(s).chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Control characters written as `\u{..}`, so that a report shows them instead of
/// acting on them.
pub fn visible(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c.is_control() {
            out.push_str(&c.escape_unicode().to_string());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hostile_text_is_escaped() {
        assert_eq!(
            html("<script>alert('x')</script>&"),
            "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;"
        );
        assert_eq!(md_code("a|b`c\n"), "`a\\|b'c\\u{a}`");
        assert_eq!(md_code(""), "(empty)");
        assert_eq!(md_cell("a\n  b | c"), "a b \\| c");
    }
}
