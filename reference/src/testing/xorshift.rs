//! A small deterministic generator, so that a failure reproduces: the reference's unit
//! tests (through `testing.rs`) and its integration tests (through `tests/common`) draw
//! their random inputs from it.

/// A xorshift generator, for inputs made of random pieces.
pub struct Xorshift(pub u64);

impl Xorshift {
    pub fn draw(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn pick<'a, T>(&mut self, from: &'a [T]) -> &'a T {
        &from[(self.draw() % from.len() as u64) as usize]
    }

    /// Fewer than `below` pieces, one after another.
    pub fn pieces<T: AsRef<[u8]>>(&mut self, pieces: &[T], below: u64) -> Vec<u8> {
        let mut out = Vec::new();
        for _ in 0..self.draw() % below {
            out.extend_from_slice(self.pick(pieces).as_ref());
        }
        out
    }
}
