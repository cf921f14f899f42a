//! One parser's scores on the basis: how its answer to each item stands under each
//! document ([`judge_item`]), tallied per operation and for both together
//! ([`OpScores`]), and the nearest document with its runner-up, margin and ties
//! ([`Nearest`]).
//!
//! A parser is scored on an operation's items that every candidate document answers,
//! that it answered, and that the judge could compare under every candidate; an item
//! outside the candidates' answers, one it did not answer (`unsupported`), or one that
//! could not be compared under some document is counted apart, never as a
//! disagreement. Crashes, timeouts and adapter errors count as answered and not
//! agreeing, and are counted apart too.
//!
//! The nearest document is the one that agrees on the most **discriminating** items
//! (every candidate is scored on the same items, so counts compare directly; ties go to
//! the newer document). Its margin over each other candidate is the difference in
//! items, with a 95% interval from resampling the discriminating items ([`margin`]): a
//! candidate whose interval reaches zero is not told apart, and the label names both
//! ("rfc2396 or rfc3986"). Fewer than [`MIN_INPUTS`] discriminating items: "not enough
//! to tell".

use super::basis::{default_reading, Basis, Item};
use super::margin::{self, Interval};
use crate::ask::{Answer, Info};
use crate::case::Operation;
use crate::judge::{meaning, Class};
use serde::ser::{Serialize, SerializeMap, Serializer};
use urlcert_reference::Document;

/// Below this many discriminating items an operation's nearest document is "not
/// enough to tell": one or two inputs decide nothing about a parser.
pub const MIN_INPUTS: usize = 10;

/// A parser's answer to one item judged under each document that answers it, in the
/// item's document order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgements {
    pub classes: Vec<(Document, Class)>,
}

impl Judgements {
    /// The class under `doc`, when that document answers the item.
    pub fn under(&self, doc: Document) -> Option<Class> {
        self.classes.iter().find(|(d, _)| *d == doc).map(|x| x.1)
    }
}

/// How `answer` (from the engine `info`) stands under each document that answers
/// `item`: the one judge, one document at a time.
pub fn judge_item(item: &Item, info: &Info, answer: &Answer) -> Judgements {
    let classes = item
        .answers
        .iter()
        .map(|a| {
            let doc = default_reading(a.doc);
            let class = match item.op {
                // The parse decision alone: its class, without writing the lines.
                Operation::Parse => {
                    meaning::decide_parse(&item.input, doc, &a.expectation, info.model, answer)
                        .class
                }
                _ => crate::judge::judge(&item.request(), doc, &a.expectation, info, answer).class,
            };
            (a.doc, class)
        })
        .collect();
    Judgements { classes }
}

/// `agree` of `total`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Score {
    pub agree: usize,
    pub total: usize,
}

impl Score {
    /// The ratio, `None` when nothing was counted.
    pub fn ratio(self) -> Option<f64> {
        (self.total > 0).then(|| self.agree as f64 / self.total as f64)
    }
}

/// One document's agreement: on every scored item, and on the discriminating ones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct DocScore {
    pub overall: Score,
    pub discriminating: Score,
    /// Of the items that do not agree (all of them, not only the discriminating), how
    /// many differ in the verdict (accepted where the document rejects, or the reverse)
    /// rather than in a component or a result: what a looser or stricter parser shows.
    pub verdicts: usize,
}

/// The nearest document of one operation (or both), as the label says it.
#[derive(Clone, Debug, PartialEq)]
pub enum Nearest {
    /// One document agrees on more discriminating items than any other, and the
    /// intervals tell it apart from each.
    One {
        doc: Document,
        runner_up: Document,
        margin: usize,
        interval: Interval,
    },
    /// The best document and those the intervals do not tell apart from it (`docs`,
    /// the best among them, oldest first).
    Tie {
        best: Document,
        docs: Vec<Document>,
        runner_up: Document,
        margin: usize,
        interval: Interval,
    },
    /// Fewer than [`MIN_INPUTS`] discriminating items were scored.
    NotEnough { inputs: usize },
}

impl Nearest {
    /// `rfc3986`, `rfc2396 or rfc3986`, `not enough to tell`.
    pub fn label(&self) -> String {
        match self {
            Nearest::One { doc, .. } => doc.id().to_string(),
            Nearest::Tie { docs, .. } => {
                let ids: Vec<&str> = docs.iter().map(|d| d.id()).collect();
                match ids.split_last() {
                    Some((last, rest)) if !rest.is_empty() => {
                        format!("{} or {last}", rest.join(", "))
                    }
                    _ => ids.join(""),
                }
            }
            Nearest::NotEnough { .. } => "not enough to tell".into(),
        }
    }

    /// The best document, when there is one to name (alone or in a tie).
    pub fn best(&self) -> Option<Document> {
        match self {
            Nearest::One { doc, .. } => Some(*doc),
            Nearest::Tie { best, .. } => Some(*best),
            Nearest::NotEnough { .. } => None,
        }
    }

    /// The documents the label names.
    pub fn named(&self) -> Vec<Document> {
        match self {
            Nearest::One { doc, .. } => vec![*doc],
            Nearest::Tie { docs, .. } => docs.clone(),
            Nearest::NotEnough { .. } => Vec::new(),
        }
    }

    /// The runner-up, the margin in items and its interval.
    pub fn margin(&self) -> Option<(Document, usize, Interval)> {
        match self {
            Nearest::One {
                runner_up,
                margin,
                interval,
                ..
            }
            | Nearest::Tie {
                runner_up,
                margin,
                interval,
                ..
            } => Some((*runner_up, *margin, *interval)),
            Nearest::NotEnough { .. } => None,
        }
    }
}

impl Serialize for Nearest {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("label", &self.label())?;
        let ids = |v: &[Document]| v.iter().map(|d| d.id()).collect::<Vec<_>>();
        m.serialize_entry("documents", &ids(&self.named()))?;
        if let Some((runner_up, margin, interval)) = self.margin() {
            m.serialize_entry("runner_up", runner_up.id())?;
            m.serialize_entry("margin", &margin)?;
            m.serialize_entry("interval", &[interval.low, interval.high])?;
        }
        if let Nearest::NotEnough { inputs } = self {
            m.serialize_entry("discriminating_inputs", inputs)?;
        }
        m.end()
    }
}

/// One parser's scores on one operation's items (or both operations').
#[derive(Clone, Debug, PartialEq)]
pub struct OpScores {
    /// Items scored, and how many of them are discriminating.
    pub inputs: usize,
    pub discriminating: usize,
    /// Items the parser did not answer (`unsupported`).
    pub not_answered: usize,
    /// Items answered that the judge could not compare under some document.
    pub not_comparable: usize,
    /// Items some candidate document does not answer (a relative reference under a
    /// document with no relative form, a base a document refuses): not scored.
    pub outside: usize,
    /// Scored items answered with a crash, a timeout or an adapter error.
    pub faults: usize,
    /// One score per candidate, in [`Document::ALL`] order.
    pub documents: Vec<(Document, DocScore)>,
    pub nearest: Nearest,
}

impl OpScores {
    /// The score of `doc`, when it is a candidate.
    pub fn get(&self, doc: Document) -> Option<DocScore> {
        self.documents.iter().find(|(d, _)| *d == doc).map(|x| x.1)
    }
}

impl Serialize for OpScores {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("inputs", &self.inputs)?;
        m.serialize_entry("discriminating_inputs", &self.discriminating)?;
        m.serialize_entry("not_answered", &self.not_answered)?;
        m.serialize_entry("not_comparable", &self.not_comparable)?;
        m.serialize_entry("outside", &self.outside)?;
        m.serialize_entry("faults", &self.faults)?;
        m.serialize_entry("nearest", &self.nearest)?;
        let docs: serde_json::Map<String, serde_json::Value> = self
            .documents
            .iter()
            .map(|(d, s)| (d.id().to_string(), serde_json::json!(s)))
            .collect();
        m.serialize_entry("documents", &docs)?;
        m.end()
    }
}

/// The scores on the items of `ops` (one operation, or both), given each item's
/// judgements (`None`: not asked, as for an operation the parser does not offer).
/// `seed` makes the resampling repeatable.
pub fn score(
    basis: &Basis,
    judged: &[Option<Judgements>],
    ops: &[Operation],
    seed: u64,
) -> OpScores {
    let faulty = |c: Class| matches!(c, Class::Crash | Class::Timeout | Class::AdapterError);
    let answered = |j: &Judgements| !j.classes.iter().all(|(_, c)| *c == Class::Unsupported);
    // The candidates: the documents that answer every item of each operation the parser
    // answered at least one item of.
    let mut candidates: Vec<Document> = Document::ALL.to_vec();
    for &op in ops {
        let any = basis
            .items
            .iter()
            .zip(judged)
            .any(|(i, j)| i.op == op && j.as_ref().is_some_and(answered));
        if any {
            let of_op = Basis::candidates(op);
            candidates.retain(|d| of_op.contains(d));
        }
    }
    let mut out = OpScores {
        documents: candidates
            .iter()
            .map(|&d| (d, DocScore::default()))
            .collect(),
        inputs: 0,
        discriminating: 0,
        not_answered: 0,
        not_comparable: 0,
        outside: 0,
        faults: 0,
        nearest: Nearest::NotEnough { inputs: 0 },
    };
    // For the resampling: per discriminating item, which candidates agree.
    let mut rows: Vec<Vec<bool>> = Vec::new();
    for (item, j) in basis.items.iter().zip(judged) {
        if !ops.contains(&item.op) {
            continue;
        }
        let Some(j) = j.as_ref().filter(|j| answered(j)) else {
            out.not_answered += 1;
            continue;
        };
        if candidates.iter().any(|&d| item.answer(d).is_none()) {
            out.outside += 1;
            continue;
        }
        let classes: Option<Vec<Class>> = candidates
            .iter()
            .map(|&d| j.under(d).filter(|c| *c != Class::Unsupported))
            .collect();
        let Some(classes) = classes else {
            out.not_comparable += 1;
            continue;
        };
        out.inputs += 1;
        if classes.iter().any(|&c| faulty(c)) {
            out.faults += 1;
        }
        if item.discriminating {
            out.discriminating += 1;
        }
        let agrees: Vec<bool> = classes.iter().map(|&c| c == Class::Agree).collect();
        for (((_, s), &a), &c) in out.documents.iter_mut().zip(&agrees).zip(&classes) {
            s.verdicts += usize::from(c == Class::Verdict);
            s.overall.total += 1;
            s.overall.agree += usize::from(a);
            if item.discriminating {
                s.discriminating.total += 1;
                s.discriminating.agree += usize::from(a);
            }
        }
        if item.discriminating {
            rows.push(agrees);
        }
    }
    out.nearest = nearest(&out, &rows, seed);
    out
}

/// The nearest document from the discriminating items' agreements (`rows`, one bool
/// per candidate).
fn nearest(s: &OpScores, rows: &[Vec<bool>], seed: u64) -> Nearest {
    if s.discriminating < MIN_INPUTS || s.documents.len() < 2 {
        return Nearest::NotEnough {
            inputs: s.discriminating,
        };
    }
    let agree: Vec<usize> = s
        .documents
        .iter()
        .map(|(_, d)| d.discriminating.agree)
        .collect();
    // The most agreements; among equals the newer document (the later in the list).
    let best = (0..agree.len())
        .max_by_key(|&i| (agree[i], i))
        .unwrap_or_default();
    let intervals = margin::against(rows, best, seed);
    // The runner-up: the most agreements after the best; among equals the newer.
    let runner = (0..agree.len())
        .filter(|&i| i != best)
        .max_by_key(|&i| (agree[i], i))
        .unwrap_or_default();
    let tied: Vec<usize> = (0..agree.len())
        .filter(|&i| i != best && intervals[i].low <= 0)
        .collect();
    let margin = agree[best] - agree[runner];
    let interval = intervals[runner];
    let doc = |i: usize| s.documents[i].0;
    if tied.is_empty() {
        Nearest::One {
            doc: doc(best),
            runner_up: doc(runner),
            margin,
            interval,
        }
    } else {
        let mut docs: Vec<Document> = std::iter::once(best).chain(tied).map(doc).collect();
        docs.sort();
        Nearest::Tie {
            best: doc(best),
            docs,
            runner_up: doc(runner),
            margin,
            interval,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::matrix::basis::DocAnswer;
    use Document::*;

    /// `n` items of `op`, each answered by every candidate of `op`, discriminating.
    fn basis(parse: usize, resolve: usize) -> Basis {
        let item = |op: Operation, n: usize| Item {
            id: format!("{op}{n}"),
            op,
            input: format!("x{n}"),
            base: (op == Operation::Resolve).then(|| "http://a/b".into()),
            cases: vec![format!("c{n}")],
            rows: Vec::new(),
            answers: Basis::candidates(op)
                .into_iter()
                .map(|doc| DocAnswer {
                    doc,
                    expectation: Default::default(),
                    stated_by: None,
                })
                .collect(),
            discriminating: true,
        };
        let mut items: Vec<Item> = (0..parse).map(|n| item(Operation::Parse, n)).collect();
        items.extend((0..resolve).map(|n| item(Operation::Resolve, n)));
        Basis { items }
    }

    /// Judgements where `agrees(doc, n)` says which documents the n-th item agrees
    /// with.
    fn judged(b: &Basis, agrees: impl Fn(Document, usize) -> bool) -> Vec<Option<Judgements>> {
        b.items
            .iter()
            .enumerate()
            .map(|(n, i)| {
                Some(Judgements {
                    classes: i
                        .answers
                        .iter()
                        .map(|a| {
                            let c = if agrees(a.doc, n) {
                                Class::Agree
                            } else {
                                Class::Verdict
                            };
                            (a.doc, c)
                        })
                        .collect(),
                })
            })
            .collect()
    }

    #[test]
    fn a_clear_lead_names_one_document_with_its_runner_up_and_margin() {
        let b = basis(60, 0);
        // RFC 3986 on all 60, RFC 2396 on 40, the rest on none.
        let j = judged(&b, |d, n| d == Rfc3986 || (d == Rfc2396 && n < 40));
        let s = score(&b, &j, &[Operation::Parse], 1);
        assert_eq!(s.inputs, 60);
        assert_eq!(s.discriminating, 60);
        match &s.nearest {
            Nearest::One {
                doc,
                runner_up,
                margin,
                interval,
            } => {
                assert_eq!((*doc, *runner_up, *margin), (Rfc3986, Rfc2396, 20));
                assert!(interval.low > 0 && interval.low <= 20 && interval.high >= 20);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(s.nearest.label(), "rfc3986");
        assert_eq!(s.get(Rfc2396).unwrap().discriminating.agree, 40);
    }

    #[test]
    fn a_lead_of_one_input_is_a_tie() {
        let b = basis(60, 0);
        // RFC 3986 on all 60, RFC 2396 on 59.
        let j = judged(&b, |d, n| d == Rfc3986 || (d == Rfc2396 && n != 0));
        let s = score(&b, &j, &[Operation::Parse], 1);
        assert_eq!(s.nearest.label(), "rfc2396 or rfc3986");
        assert_eq!(s.nearest.best(), Some(Rfc3986));
        assert_eq!(s.nearest.margin().map(|m| (m.0, m.1)), Some((Rfc2396, 1)));
    }

    #[test]
    fn equal_counts_go_to_the_newer_document_and_tie() {
        let b = basis(30, 0);
        let j = judged(&b, |d, _| d == Rfc1808 || d == Rfc2396);
        let s = score(&b, &j, &[Operation::Parse], 1);
        assert_eq!(s.nearest.best(), Some(Rfc2396));
        assert_eq!(s.nearest.label(), "rfc1808 or rfc2396");
    }

    #[test]
    fn too_few_discriminating_inputs_say_not_enough_to_tell() {
        let b = basis(MIN_INPUTS - 1, 0);
        let j = judged(&b, |d, _| d == Rfc3986);
        let s = score(&b, &j, &[Operation::Parse], 1);
        assert_eq!(
            s.nearest,
            Nearest::NotEnough {
                inputs: MIN_INPUTS - 1
            }
        );
        assert_eq!(s.nearest.label(), "not enough to tell");
    }

    #[test]
    fn a_parser_that_resolves_is_scored_together_on_documents_with_a_relative_form() {
        let b = basis(20, 20);
        let j = judged(&b, |d, _| d == Rfc1738 || d == Rfc3986);
        let together = score(&b, &j, &[Operation::Parse, Operation::Resolve], 1);
        for d in [Draft03, Draft06, Rfc1738] {
            assert!(together.get(d).is_none(), "{d}");
        }
        assert_eq!(together.inputs, 40);
        assert_eq!(together.nearest.label(), "rfc3986");
        // Parsing alone: RFC 1738 is a candidate and ties RFC 3986.
        let parse = score(&b, &j, &[Operation::Parse], 1);
        assert_eq!(parse.nearest.label(), "rfc1738 or rfc3986");
    }

    #[test]
    fn unanswered_and_faulty_inputs_are_counted_apart() {
        let b = basis(20, 5);
        let mut j = judged(&b, |d, _| d == Rfc3986);
        // The first parse input: the parser cannot express it.
        for (_, c) in &mut j[0].as_mut().unwrap().classes {
            *c = Class::Unsupported;
        }
        // The second: a crash, under every document.
        for (_, c) in &mut j[1].as_mut().unwrap().classes {
            *c = Class::Crash;
        }
        // The pairs: not offered, never asked.
        for x in &mut j[20..] {
            *x = None;
        }
        let s = score(&b, &j, &[Operation::Parse, Operation::Resolve], 1);
        assert_eq!(s.not_answered, 1 + 5);
        assert_eq!(s.faults, 1);
        assert_eq!(s.inputs, 19);
        assert_eq!(
            s.get(Rfc3986).unwrap().overall,
            Score {
                agree: 18,
                total: 19
            }
        );
        // No pair answered: every document is a candidate together.
        assert_eq!(s.documents.len(), Document::ALL.len());
    }
}
