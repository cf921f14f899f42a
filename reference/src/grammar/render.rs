//! Octets shown in a note, as the documents show them.

/// Shows decoded octets: tab, CR and LF as RFC 1738 writes them in §3.4.9 (`<tab>`,
/// `<cr>`, `<lf>`), printable ASCII as itself, anything else (and `<`, `>`) as `%XX`.
pub fn render(octets: &[u8]) -> String {
    let mut out = String::new();
    for &b in octets {
        match b {
            b'\t' => out.push_str("<tab>"),
            b'\r' => out.push_str("<cr>"),
            b'\n' => out.push_str("<lf>"),
            b'<' | b'>' => out.push_str(&format!("%{b:02X}")),
            0x20..=0x7E => out.push(b as char),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}
