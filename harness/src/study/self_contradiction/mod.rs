//! `urlcert contradictions --search`: a document's contradictions with itself, found by
//! machine. [`checks`] holds the three checks (printed examples against the algorithm,
//! the grammar against the document's own split, a resolution's result against both),
//! [`places`] where each split component stands in the grammar, [`search`] the search
//! over generated, case and mutated inputs (a check of [`crate::run::campaign`]'s engine),
//! [`key`] what names a cause, [`known`] the causes the cases record,
//! [`report`] the report, [`later`] what becomes of each in later documents (for the
//! evolution report), [`target`] what the fuzz target checks and [`causes`] the known
//! causes as the table compiled in for it. [`writing`] is the URL Standard's own check:
//! its writing rules (valid URL string) against its parser's validation errors.

pub mod causes;
pub mod checks;
pub mod key;
pub mod known;
pub mod later;
pub mod places;
pub mod report;
pub mod search;
pub mod target;
pub mod writing;
