//! Putting case data into generated reports and on the terminal: Markdown table cells,
//! HTML, and [`visible`] for everything else. Whatever a case, an input or an adapter
//! says is data, so it is escaped, never interpreted: not as markup, and not as the
//! control, bidi and invisible characters that would move a terminal, reorder a line
//! or hide part of it.

/// A value as inline code in a Markdown table cell. `|`, backticks and the characters
/// [`visible`] escapes cannot break the table.
pub fn md_code(s: &str) -> String {
    if s.is_empty() {
        return "(empty)".into();
    }
    format!("`{}`", visible(s).replace('`', "'").replace('|', "\\|"))
}

/// A command to copy, as a Markdown code span that keeps its backticks: fenced by more
/// backticks than the longest run it holds, padded when it begins or ends with one
/// (CommonMark, "Code spans"). Not for a table cell (a `|` would end the cell).
pub fn md_command(s: &str) -> String {
    let v = visible(s);
    let mut longest = 0;
    let mut run = 0;
    for c in v.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let fence = "`".repeat(longest + 1);
    let pad = if v.starts_with('`') || v.ends_with('`') {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{v}{pad}{fence}")
}

/// Prose in a Markdown table cell: whitespace collapsed, `|` escaped, and characters
/// that act instead of showing made visible.
pub fn md_cell(s: &str) -> String {
    visible(&s.split_whitespace().collect::<Vec<_>>().join(" ")).replace('|', "\\|")
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

/// `s` with every character that acts instead of showing written as an escape: a line
/// feed, carriage return and tab as `\n`, `\r` and `\t`, which a reader knows, and
/// every other as `\u{..}`: control
/// characters (Cc), format characters (Cf: the bidi controls U+202A-U+202E and
/// U+2066-U+2069, U+061C, zero-width U+200B-U+200F and U+2060-U+2064, U+FEFF, the soft
/// hyphen, U+180E, tag characters, ...), the line and paragraph separators (Zl, Zp), and
/// every other code point Unicode calls Default_Ignorable_Code_Point (shown as nothing:
/// U+034F, the Hangul fillers U+115F, U+3164 and U+FFA0, the variation selectors
/// U+FE00-U+FE0F, ...). A report or a terminal then shows them instead of being
/// reordered or hiding text.
pub fn visible(s: &str) -> String {
    // Most text is printable ASCII: no lookup, one copy.
    if s.bytes().all(|b| (0x20..0x7f).contains(&b)) {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if is_hidden(c) => out.extend(c.escape_unicode()),
            c => out.push(c),
        }
    }
    out
}

/// Whether [`visible`] escapes `c`.
pub fn is_hidden(c: char) -> bool {
    use unicode_properties::{GeneralCategory as G, UnicodeGeneralCategory};
    if c.is_ascii() {
        return c.is_ascii_control();
    }
    // Below U+00AD (the soft hyphen) only C1 controls are hidden.
    c.is_control()
        || (c >= '\u{ad}'
            && (matches!(
                c.general_category(),
                G::Format | G::LineSeparator | G::ParagraphSeparator
            ) || DEFAULT_IGNORABLE.contains(c)))
}

/// Unicode's Default_Ignorable_Code_Point, from the data compiled into `icu_properties`.
const DEFAULT_IGNORABLE: icu_properties::CodePointSetDataBorrowed<'static> =
    icu_properties::CodePointSetData::new::<icu_properties::props::DefaultIgnorableCodePoint>();

/// A fenced Markdown code block holding `text` (control characters made visible),
/// with a fence longer than any run of backticks inside, so nothing can close it early.
pub fn md_fenced(info: &str, text: &str) -> String {
    let text = text.lines().map(visible).collect::<Vec<_>>().join("\n");
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest.max(2) + 1);
    format!("{fence}{info}\n{text}\n{fence}\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_keeps_its_backticks() {
        assert_eq!(
            md_command("urlcert compare -- 'a`b'"),
            "``urlcert compare -- 'a`b'``"
        );
        assert_eq!(md_command("`x"), "`` `x ``");
        assert_eq!(md_command("plain"), "`plain`");
    }

    #[test]
    fn hostile_text_is_escaped() {
        assert_eq!(
            html("<script>alert('x')</script>&"),
            "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;"
        );
        assert_eq!(md_code("a|b`c\n"), "`a\\|b'c\\n`");
        assert_eq!(md_code(""), "(empty)");
        assert_eq!(md_cell("a\n  b | c"), "a b \\| c");
    }

    #[test]
    fn line_ends_and_tabs_are_shown_as_a_reader_writes_them() {
        let shown = visible("a\r\n\tb\u{1b}");
        assert_eq!(shown, "a\\r\\n\\tb\\u{1b}");
    }

    #[test]
    fn bidi_and_invisible_characters_are_shown() {
        for c in [
            '\u{061C}',
            '\u{200B}',
            '\u{200E}',
            '\u{200F}',
            '\u{202A}',
            '\u{202E}',
            '\u{2060}',
            '\u{2064}',
            '\u{2066}',
            '\u{2069}',
            '\u{FEFF}',
            '\u{00AD}',
            '\u{180E}',
            '\u{E0001}',
            '\u{2028}',
            '\u{2029}',
            '\u{85}',
            '\u{7f}',
            // Default-ignorable, neither control nor format characters.
            '\u{034F}',
            '\u{115F}',
            '\u{3164}',
            '\u{FFA0}',
            '\u{FE00}',
            '\u{FE0F}',
            '\u{E0100}',
        ] {
            let shown = visible(&format!("a{c}b"));
            assert_eq!(
                shown,
                format!("a{}b", c.escape_unicode()),
                "{:04X}",
                c as u32
            );
        }
        // Printable text, ASCII or not, is left as it is.
        assert_eq!(visible("http://h/a b"), "http://h/a b");
        assert_eq!(visible("é中\u{a0}"), "é中\u{a0}");
        assert_eq!(html("\u{202e}<"), "\\u{202e}&lt;");
        assert_eq!(md_code("x\u{2066}y"), "`x\\u{2066}y`");
        assert_eq!(md_cell("x\u{202e}|"), "x\\u{202e}\\|");
        // The terminal's quoted strings escape the same characters.
        assert_eq!(
            crate::judge::exact::quote("a\u{3164}\n\u{202e}\"é\u{fe0f}"),
            "\"a\\u{3164}\\n\\u{202e}\\\"é\\u{fe0f}\""
        );
    }
}
