//! The entry points every document offers, `parse`, `notes` and `parse_with_coverage`:
//! the same three calls of one recording parse, written once. A document invokes
//! [`entry_points!`] with its own judging step and its own note functions.

use crate::document::Reading;
use crate::grammar::cx::{Coverage, Cx};
use crate::grammar::outcome::{Note, Noting, Parse};

/// The parse of `input` by `judge`, the coverage when `record`, and the notes `add`
/// gives on it when `want_notes` or `record` (the rules the notes ask about are part of
/// what a parse exercises). `judge` hands `add` what it found on the way.
#[inline(always)]
pub(crate) fn recorded<'a, T>(
    input: &'a [u8],
    reading: Reading,
    record: bool,
    want_notes: bool,
    judge: impl FnOnce(&mut Cx<'a>) -> (Parse<'a>, T),
    add: impl FnOnce(&mut Cx<'a>, &T, &mut Noting<'_, 'a>),
) -> (Parse<'a>, Option<Coverage>, Vec<Note>) {
    let mut cx = Cx::new(input, reading, record);
    // Not taken apart: moving the parse out of the pair would copy it once more.
    let judged = judge(&mut cx);
    let notes = if record || want_notes {
        let mut noted = Noting::new(&judged.0);
        add(&mut cx, &judged.1, &mut noted);
        noted.notes
    } else {
        Vec::new()
    };
    (judged.0, cx.into_coverage(), notes)
}

/// `parse`, `notes` and `parse_with_coverage` for the document that invokes it, with
/// the doc comment of its `parse`, its judging step `judge` (the cx in, the parse and
/// what the notes need out) and its note step `notes` (the cx, that, the parse noted).
macro_rules! entry_points {
    (
        $(#[$parse_doc:meta])*
        judge = $judge:expr;
        notes = $notes:expr;
    ) => {
        $(#[$parse_doc])*
        pub fn parse(
            input: &[u8],
            reading: crate::document::Reading,
        ) -> crate::grammar::outcome::Parse<'_> {
            parse_recording(input, reading, false, false).0
        }

        /// The notes the prose gives on `input`: the parse done again, with its notes.
        pub(crate) fn notes(
            input: &[u8],
            reading: crate::document::Reading,
        ) -> Vec<crate::grammar::outcome::Note> {
            parse_recording(input, reading, false, true).2
        }

        /// As [`parse`], also returning which rules accepted and rejected on the way.
        pub fn parse_with_coverage(
            input: &[u8],
            reading: crate::document::Reading,
        ) -> (
            crate::grammar::outcome::Parse<'_>,
            crate::grammar::cx::Coverage,
        ) {
            let (p, c, _) = parse_recording(input, reading, true, false);
            (p, c.unwrap_or_default())
        }

        // Inlined, so that `parse` gets its `Parse` written in place, not copied out of the tuple.
        #[inline(always)]
        fn parse_recording(
            input: &[u8],
            reading: crate::document::Reading,
            record: bool,
            want_notes: bool,
        ) -> (
            crate::grammar::outcome::Parse<'_>,
            Option<crate::grammar::cx::Coverage>,
            Vec<crate::grammar::outcome::Note>,
        ) {
            crate::grammar::entry::recorded(input, reading, record, want_notes, $judge, $notes)
        }
    };
}

pub(crate) use entry_points;
