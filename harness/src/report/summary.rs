//! `summary.json` and the tables `urlcert run` prints: per adapter, the agreement per
//! document, and the counts per class, per document and per tag.
//!
//! ## Agreement
//!
//! A parser's agreement under a document is `agree` of `total`, where `total` counts
//! its outcomes under that document except `unsupported` ones (the adapter cannot
//! express the request: no figure is better or worse for it); crashes, timeouts and
//! adapter errors count as not agreeing. A document's default reading (`rfc1738`) and
//! each of its other readings (`rfc1738@scheme-case-ignore`) are kept apart: a reading
//! asks the same cases again under another interpretation, so folding it in would
//! count those cases twice. The reports give the documents' default readings in one
//! table, and the other readings that the run asked in a second table beside it.
//! There is no figure across documents: the documents disagree with one another.
//!
//! ## Coverage
//!
//! `urlcert run` also gives, per document, how much of it the case set reaches
//! ([`crate::study::coverage::Figures`]: productions accepted and rejected, resolution
//! branches taken, notes raised, single-reading places, what is unreached outside the
//! reviewed exceptions): `coverage` in `summary.json`, a table in `report.md` and after
//! the summary tables.

use super::record::{class_id, Column, Provenance, Run, Unavailable, CLASSES};
use crate::judge::Class;
use serde::Serialize;
use std::collections::BTreeMap;
use urlcert_reference::{DocReading, Document, Reading};

/// Counts per class id; every class is present, zero or not.
pub type Counts = BTreeMap<&'static str, usize>;

fn zero() -> Counts {
    CLASSES.iter().map(|c| (class_id(*c), 0)).collect()
}

/// One adapter's counts.
#[derive(Clone, Debug, Serialize)]
pub struct AdapterSummary {
    pub name: String,
    pub version: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub argv: Option<Vec<String>>,
    pub total: usize,
    pub classes: Counts,
    /// Per `DOC` or `DOC@READING`: the counts per class.
    pub documents: BTreeMap<String, Counts>,
    /// Per `DOC` or `DOC@READING`: the agreement (see the module's documentation).
    pub agreement: BTreeMap<String, Agreement>,
    pub tags: BTreeMap<String, Counts>,
}

impl AdapterSummary {
    pub fn count(&self, c: Class) -> usize {
        self.classes.get(class_id(c)).copied().unwrap_or(0)
    }

    /// The agreement under `doc` (`DOC` or `DOC@READING`); none when nothing counted.
    pub fn agreement_under(&self, doc: &str) -> Agreement {
        self.agreement.get(doc).copied().unwrap_or_default()
    }
}

/// What the agreement tables count, as the reports say it under them.
pub const AGREEMENT_NOTE: &str = "Each cell: the outcomes under that document that agree with it, of all its outcomes but `unsupported` ones (the adapter cannot express the request); crashes, timeouts and adapter errors count as not agreeing. A column is the document's default reading; its other readings, when the run asked them, have their own table. –: no outcome counted. There is no figure across documents, which disagree with one another.";

/// `agree` of `total` outcomes (`unsupported` ones not counted).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Agreement {
    pub agree: usize,
    pub total: usize,
}

impl Agreement {
    /// From a document's counts per class.
    pub fn of(counts: &Counts) -> Agreement {
        let n = |c: Class| counts.get(class_id(c)).copied().unwrap_or(0);
        let all: usize = counts.values().sum();
        Agreement {
            agree: n(Class::Agree),
            total: all - n(Class::Unsupported),
        }
    }

    /// The share that agrees in percent; `None` when nothing counted.
    pub fn percent(self) -> Option<f64> {
        (self.total > 0).then(|| self.agree as f64 * 100.0 / self.total as f64)
    }

    /// `agree/total pct%`, or `–` when nothing counted.
    pub fn text(self) -> String {
        match self.percent() {
            Some(p) => format!("{}/{} {}", self.agree, self.total, percent_text(p)),
            None => "–".into(),
        }
    }
}

/// A percentage with one decimal, never rounded up to 100.0% or down to 0.0% when it
/// is not exactly that.
pub fn percent_text(p: f64) -> String {
    let shown = if p < 100.0 && p > 99.9 {
        99.9
    } else if p > 0.0 && p < 0.1 {
        0.1
    } else {
        p
    };
    format!("{shown:.1}%")
}

/// The columns of the agreement tables: every document's default reading, in
/// [`Document::ALL`] order (and any other document id the run holds, after them); and
/// the other readings the run asked, in the order the documents list them.
pub fn agreement_columns(run: &Run) -> (Vec<String>, Vec<String>) {
    let mut documents: Vec<String> = Document::ALL.iter().map(|d| d.id().to_string()).collect();
    let mut readings: Vec<(usize, usize, String)> = Vec::new();
    for r in &run.records {
        if documents.contains(&r.doc) || readings.iter().any(|x| x.2 == r.doc) {
            continue;
        }
        match r.doc.parse::<DocReading>() {
            Ok(d) if d.reading != Reading::Strict => {
                let at = Document::ALL.iter().position(|x| *x == d.doc).unwrap_or(0);
                let nth = d
                    .doc
                    .readings()
                    .iter()
                    .position(|x| *x == d.reading)
                    .unwrap_or(usize::MAX);
                readings.push((at, nth, r.doc.clone()));
            }
            Ok(_) => documents.push(r.doc.clone()),
            Err(_) if r.doc.contains('@') => readings.push((usize::MAX, 0, r.doc.clone())),
            Err(_) => documents.push(r.doc.clone()),
        }
    }
    readings.sort();
    (documents, readings.into_iter().map(|x| x.2).collect())
}

/// The whole of `summary.json`.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub provenance: Provenance,
    pub records: usize,
    pub adapters: Vec<AdapterSummary>,
    pub unavailable: Vec<Unavailable>,
    /// Per document, the coverage of the documents by the case set (`urlcert
    /// coverage`'s figures); left out when the run has none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub coverage: Vec<crate::study::coverage::Figures>,
}

/// Counts `run`'s records per adapter (in column order), class, document and tag.
pub fn build(run: &Run) -> Summary {
    let adapters = run.columns.iter().map(|col| of(run, col)).collect();
    Summary {
        provenance: run.provenance.clone(),
        records: run.records.len(),
        adapters,
        unavailable: run.unavailable.clone(),
        coverage: run.coverage.clone(),
    }
}

/// The counts of one adapter of `run` (what a certificate shows), without counting the
/// others; `None` when it is not a column of the run.
pub fn of_adapter(run: &Run, adapter: &str) -> Option<AdapterSummary> {
    run.columns
        .iter()
        .find(|c| c.name == adapter)
        .map(|col| of(run, col))
}

fn of(run: &Run, col: &Column) -> AdapterSummary {
    let mut s = AdapterSummary {
        name: col.name.clone(),
        version: col.version.clone(),
        argv: col.argv.clone(),
        total: 0,
        classes: zero(),
        documents: BTreeMap::new(),
        agreement: BTreeMap::new(),
        tags: BTreeMap::new(),
    };
    for r in super::record::records_of(run, &col.name) {
        let c = class_id(r.class);
        s.total += 1;
        *s.classes.entry(c).or_default() += 1;
        *s.documents
            .entry(r.doc.clone())
            .or_insert_with(zero)
            .entry(c)
            .or_default() += 1;
        for t in &r.tags {
            *s.tags
                .entry(t.clone())
                .or_insert_with(zero)
                .entry(c)
                .or_default() += 1;
        }
    }
    s.agreement = s
        .documents
        .iter()
        .map(|(d, counts)| (d.clone(), Agreement::of(counts)))
        .collect();
    s
}

/// `summary.json`.
pub fn json(run: &Run) -> String {
    let mut s = serde_json::to_string_pretty(&build(run)).unwrap_or_default();
    s.push('\n');
    s
}

/// The tables `urlcert run` prints: each adapter's agreement per document (and per
/// other reading, when the run asked any), then its counts per class; then the
/// unavailable adapters. Names and versions are adapter data: control characters are
/// shown, not sent to the terminal.
pub fn table(run: &Run) -> String {
    let summary = build(run);
    let v = crate::report::text::visible;
    let (documents, readings) = agreement_columns(run);
    let mut out = String::from("agreement per document (agree/total, unsupported not counted):\n");
    out.push_str(&agreement_text(&summary, &documents));
    if !readings.is_empty() {
        out.push_str("\nagreement under the other readings:\n");
        out.push_str(&agreement_text(&summary, &readings));
    }
    out.push_str("\noutcomes per class:\n");
    let mut rows: Vec<Vec<String>> = vec![std::iter::once("adapter".to_string())
        .chain(CLASSES.iter().map(|c| class_id(*c).to_string()))
        .chain(["total".to_string()])
        .collect()];
    for a in &summary.adapters {
        rows.push(
            std::iter::once(v(&a.name))
                .chain(CLASSES.iter().map(|c| a.count(*c).to_string()))
                .chain([a.total.to_string()])
                .collect(),
        );
    }
    out.push_str(&super::table::aligned(&rows));
    for a in &summary.adapters {
        out.push_str(&format!("  {}: {}\n", v(&a.name), v(&a.version)));
    }
    for u in &summary.unavailable {
        out.push_str(&format!("unavailable: {}\n", u.line(v, v)));
    }
    out
}

/// One line per adapter, one column per entry of `docs`.
fn agreement_text(summary: &Summary, docs: &[String]) -> String {
    let v = crate::report::text::visible;
    let mut rows: Vec<Vec<String>> = vec![std::iter::once("adapter".to_string())
        .chain(docs.iter().map(|d| v(d)))
        .collect()];
    for a in &summary.adapters {
        rows.push(
            std::iter::once(v(&a.name))
                .chain(docs.iter().map(|d| a.agreement_under(d).text()))
                .collect(),
        );
    }
    super::table::aligned(&rows)
}
