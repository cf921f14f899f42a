//! Documents with links in them, as the tests hand them to urlcert and the adapters.

#![allow(dead_code)]

/// RFC 1808 Section 10, the example document, without the indentation it is printed
/// with.
pub const RFC1808_SECTION_10: &str = r#"<!doctype html public "-//IETF//DTD HTML//EN">
<HTML><HEAD>
<TITLE>An example HTML document</TITLE>
<BASE href="http://www.ics.uci.edu/Test/a/b/c">
</HEAD><BODY>
... <A href="../x">a hypertext anchor</A> ...
</BODY></HTML>
"#;

/// RFC 1808 Section 10, the example document, as printed there (each line indented by
/// three spaces).
pub fn rfc1808_section_10_as_printed() -> String {
    RFC1808_SECTION_10
        .lines()
        .map(|line| format!("   {line}\n"))
        .collect()
}
