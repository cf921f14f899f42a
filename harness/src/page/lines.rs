//! Line numbers from byte offsets. A line ends at LF, so CRLF counts once; a CR alone
//! does not end a line. Offsets are asked for in increasing order almost always (the
//! readers go through the input front to back), so the counter only moves forward and
//! keeps no table: memory stays constant, whatever the input's size.

/// Counts lines in `text` up to an offset, carrying on from the last offset asked for.
pub(crate) struct Lines<'a> {
    text: &'a [u8],
    first_line: usize,
    offset: usize,
    line: usize,
}

impl<'a> Lines<'a> {
    /// `first_line` is the line number of `text[0]` in the whole input.
    pub(crate) fn new(text: &'a [u8], first_line: usize) -> Lines<'a> {
        Lines {
            text,
            first_line,
            offset: 0,
            line: first_line,
        }
    }

    /// The 1-based line of the byte at `offset` (an offset past the end counts as the
    /// end).
    pub(crate) fn at(&mut self, offset: usize) -> usize {
        let offset = offset.min(self.text.len());
        if offset < self.offset {
            // Going back is rare (an error reported after a look ahead): count again.
            self.offset = 0;
            self.line = self.first_line;
        }
        self.line += self.text[self.offset..offset]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        self.offset = offset;
        self.line
    }
}

#[cfg(test)]
mod tests {
    use super::Lines;

    #[test]
    fn counts_lf_and_crlf_once_and_goes_back() {
        let text = b"a\r\nb\nc\rd\n";
        let mut lines = Lines::new(text, 1);
        assert_eq!(lines.at(0), 1);
        assert_eq!(lines.at(3), 2);
        assert_eq!(lines.at(5), 3);
        assert_eq!(lines.at(7), 3);
        assert_eq!(lines.at(100), 4);
        assert_eq!(lines.at(2), 1);
        let mut from_ten = Lines::new(text, 10);
        assert_eq!(from_ten.at(5), 12);
    }
}
