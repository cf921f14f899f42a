//! Helpers shared by the reference's tests; each test crate uses some of them.
#![allow(dead_code)]

/// A small deterministic generator (xorshift), so failures reproduce.
pub struct Gen(pub u64);

impl Gen {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[(self.next() % items.len() as u64) as usize]
    }

    /// Up to `max` pieces, joined.
    pub fn string(&mut self, pieces: &[&str], max: u64) -> String {
        let n = self.next() % (max + 1);
        (0..n).map(|_| *self.pick(pieces)).collect()
    }
}

/// The first line after the quote of `lines` in a doc comment that is not itself doc
/// comment: the item the quote documents. A one-line production may be quoted in
/// backticks. `None` when no source quotes `lines` verbatim.
pub fn item_after_quote(sources: &[&'static str], lines: &[String]) -> Option<&'static str> {
    let block: String = lines.iter().map(|l| format!("/// {l}\n")).collect();
    let single = [
        format!("/// `{}`\n", lines[0]),
        format!("/// ``{}``\n", lines[0]),
    ];
    sources.iter().find_map(|src| {
        let at = if lines.len() == 1 {
            single
                .iter()
                .find_map(|s| src.find(s.as_str()).map(|i| i + s.len()))
        } else {
            src.find(&block).map(|i| i + block.len())
        }?;
        Some(
            src[at..]
                .lines()
                .find(|l| !l.trim_start().starts_with("///"))
                .unwrap_or(""),
        )
    })
}
