//! What is computed from the records and the cases: which document each parser follows
//! (the matrix), how each document's answers differ from the one before it, which
//! productions and branches the cases reach, and where a document contradicts itself.

pub mod contradictions;
pub mod coverage;
pub mod evolution;
pub mod matrix;
pub mod self_contradiction;
