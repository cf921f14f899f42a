//! Helpers shared by the reference's tests; each test crate uses some of them.
#![allow(dead_code)]

pub mod bnf;
pub mod grammars;

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
