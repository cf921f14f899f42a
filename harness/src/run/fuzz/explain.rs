//! Each bucket's nearest case, for the report: the case in `cases/` a maintainer reads
//! beside the bucket's minimal witness.
//!
//! - A bucket whose adapter gave another document's answer (`follows DOC`) gets the
//!   case nearest its witness among those the two documents answer differently,
//!   preferring the cases of the divergence table (a `row:` tag), so that the report
//!   names the row.
//! - A new bucket gets the case nearest its witness among those of the same operation.
//! - A named cause cites its own case already.
//!
//! Nearest is by the witness's form, in this order: the same scheme, then the most
//! delimiters in common (the Jaccard index of the [`shape_bits`]), then the closest
//! length, then the case order.

use super::{reference_answer, shape_bits, Bucket, Campaign, RefAnswer, Request, RequestOp};
use crate::case::{LoadedCase, Operation};
use crate::judge::expected;
use std::collections::HashMap;
use urlcert_reference::DocReading;

/// A bucket's nearest case.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct NearestCase {
    pub id: String,
    /// Its row of the divergence table, when it has one.
    pub row: Option<String>,
}

struct Indexed {
    id: String,
    req: Request,
    row: Option<String>,
    bits: u32,
    scheme: String,
}

/// The parse and resolve cases, as a bucket's witness is compared with them.
#[derive(Default)]
pub struct CaseIndex {
    cases: Vec<Indexed>,
}

impl std::fmt::Debug for CaseIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "CaseIndex({} cases)", self.cases.len())
    }
}

fn scheme_of(bytes: &[u8]) -> String {
    crate::judge::meaning::input_scheme(&String::from_utf8_lossy(bytes)).to_ascii_lowercase()
}

impl CaseIndex {
    pub fn of(cases: &[LoadedCase]) -> CaseIndex {
        let cases = cases
            .iter()
            .filter_map(|lc| {
                let c = &lc.case;
                let op = match c.op {
                    Operation::Parse => RequestOp::Parse,
                    Operation::Resolve => RequestOp::Resolve,
                    _ => return None,
                };
                let input = c.input.as_bytes().to_vec();
                Some(Indexed {
                    id: c.id.clone(),
                    bits: shape_bits(&input),
                    scheme: scheme_of(&input),
                    row: c
                        .tags
                        .iter()
                        .find_map(|t| t.strip_prefix("row:").map(str::to_string)),
                    req: Request {
                        op,
                        base: c.base.as_ref().map(|b| b.as_bytes().to_vec()),
                        input,
                    },
                })
            })
            .collect();
        CaseIndex { cases }
    }

    /// Does `doc` answer `req` otherwise than `other` does?
    fn separates(req: &Request, doc: DocReading, other: DocReading) -> bool {
        let expectation = |d: DocReading| match reference_answer(d, req) {
            RefAnswer::Answered(a) => expected::of(&a),
            RefAnswer::Panic { .. } => None,
        };
        match (expectation(doc), expectation(other)) {
            (Some(a), Some(b)) => crate::case::answer::change_of(
                Operation::from(req.op),
                (doc.doc, &a),
                (other.doc, &b),
            )
            .is_some(),
            _ => false,
        }
    }

    /// The nearest of `candidates` (indices into the index) to `witness`.
    fn nearest_of(&self, witness: &Request, candidates: &[usize]) -> Option<NearestCase> {
        let bits = shape_bits(&witness.input);
        let scheme = scheme_of(&witness.input);
        let score = |c: &Indexed| {
            let common = (c.bits & bits).count_ones();
            let either = (c.bits | bits).count_ones().max(1);
            (
                c.scheme == scheme,
                common * 1000 / either,
                std::cmp::Reverse(c.req.input.len().abs_diff(witness.input.len())),
            )
        };
        candidates
            .iter()
            .map(|&i| &self.cases[i])
            .filter(|c| c.req.op == witness.op)
            // The first of the best: `max_by_key` keeps the last of equals.
            .rev()
            .max_by_key(|c| score(c))
            .map(|c| NearestCase {
                id: c.id.clone(),
                row: c.row.clone(),
            })
    }
}

/// The cases two documents answer differently: those with a row of the divergence
/// table, and all of them.
type Separating = (Vec<usize>, Vec<usize>);

/// Fills in `c.nearest` for every bucket that is not a named cause, each judged under
/// its lane's document. The cases that tell two documents apart are worked out once per
/// pair.
pub fn annotate(c: &mut Campaign, index: &CaseIndex) {
    let mut separating: HashMap<(DocReading, DocReading, RequestOp), Separating> = HashMap::new();
    let every: Vec<usize> = (0..index.cases.len()).collect();
    for b in &c.buckets {
        let judged = c.doc_of(&b.kind.adapter);
        let leniency = b
            .known
            .as_ref()
            .and_then(|k| crate::judge::leniency::by_name(&k.name));
        let nearest = match b.known.as_ref().map(|k| k.followed()) {
            // A leniency: the nearest case it concerns.
            Some(None) if leniency.is_some() => {
                let l = leniency.expect("just checked");
                let concerned: Vec<usize> = every
                    .iter()
                    .copied()
                    .filter(|&i| crate::judge::leniency::concerns(l, &index.cases[i].req))
                    .collect();
                index
                    .nearest_of(&b.request, &concerned)
                    .or_else(|| index.nearest_of(&b.request, &every))
            }
            // A named cause: its case is its own.
            Some(None) => continue,
            Some(Some(other)) => {
                let (rows, all) = separating
                    .entry((judged, other, b.request.op))
                    .or_insert_with(|| {
                        let all: Vec<usize> = index
                            .cases
                            .iter()
                            .enumerate()
                            .filter(|(_, x)| x.req.op == b.request.op)
                            .filter(|(_, x)| CaseIndex::separates(&x.req, judged, other))
                            .map(|(i, _)| i)
                            .collect();
                        let rows = all
                            .iter()
                            .copied()
                            .filter(|&i| index.cases[i].row.is_some())
                            .collect();
                        (rows, all)
                    });
                index
                    .nearest_of(&b.request, rows)
                    .or_else(|| index.nearest_of(&b.request, all))
            }
            None => index.nearest_of(&b.request, &every),
        };
        if let Some(n) = nearest {
            c.nearest.insert(b.key(), n);
        }
    }
}

impl Campaign {
    /// The document `adapter` was judged under: its lane's (the campaign's, for the
    /// reference's own panics, which no lane has).
    pub fn doc_of(&self, adapter: &str) -> DocReading {
        self.lanes
            .iter()
            .find(|l| l.adapter == adapter)
            .map_or(self.doc, |l| l.doc)
    }
}

/// The bucket as a request to ask: for a report's "reproduce" line.
pub fn reproduce(b: &Bucket) -> String {
    let word = |s: &[u8]| super::report::shell_word(&String::from_utf8_lossy(s));
    let adapter = super::report::shell_word(&b.kind.adapter);
    match &b.request.base {
        Some(base) => format!(
            "urlcert compare --adapter {adapter} --base {} {}",
            word(base),
            word(&b.request.input)
        ),
        None => format!(
            "urlcert compare --adapter {adapter} -- {}",
            word(&b.request.input)
        ),
    }
}
