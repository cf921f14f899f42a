//! `summary.json` and the table `urlcert run` prints: per adapter, the counts per
//! class, per document and per tag.

use super::{class_id, Column, Provenance, Run, Unavailable, CLASSES};
use crate::judge::Class;
use serde::Serialize;
use std::collections::BTreeMap;

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
    pub documents: BTreeMap<String, Counts>,
    pub tags: BTreeMap<String, Counts>,
}

impl AdapterSummary {
    pub fn count(&self, c: Class) -> usize {
        self.classes.get(class_id(c)).copied().unwrap_or(0)
    }
    /// Agreements as a share of all outcomes, in percent (100 when there are none).
    pub fn score(&self) -> f64 {
        percent(self.count(Class::Agree), self.total)
    }
}

/// `part` of `whole` in percent; 100 when `whole` is 0.
pub fn percent(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        100.0
    } else {
        part as f64 * 100.0 / whole as f64
    }
}

/// The whole of `summary.json`.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub provenance: Provenance,
    pub records: usize,
    pub adapters: Vec<AdapterSummary>,
    pub unavailable: Vec<Unavailable>,
}

/// Counts `run`'s records per adapter (in column order), class, document and tag.
pub fn build(run: &Run) -> Summary {
    let adapters = run.columns.iter().map(|col| of(run, col)).collect();
    Summary {
        provenance: run.provenance.clone(),
        records: run.records.len(),
        adapters,
        unavailable: run.unavailable.clone(),
    }
}

fn of(run: &Run, col: &Column) -> AdapterSummary {
    let mut s = AdapterSummary {
        name: col.name.clone(),
        version: col.version.clone(),
        argv: col.argv.clone(),
        total: 0,
        classes: zero(),
        documents: BTreeMap::new(),
        tags: BTreeMap::new(),
    };
    for r in super::records_of(run, &col.name) {
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
    s
}

/// `summary.json`.
pub fn json(run: &Run) -> String {
    let mut s = serde_json::to_string_pretty(&build(run)).unwrap_or_default();
    s.push('\n');
    s
}

/// The table `urlcert run` and `certify` print: one line per adapter, then the
/// unavailable ones. Names and versions are adapter data: control characters are
/// shown, not sent to the terminal.
pub fn table(run: &Run) -> String {
    let summary = build(run);
    let v = crate::text::visible;
    let mut rows: Vec<Vec<String>> = vec![std::iter::once("adapter".to_string())
        .chain(CLASSES.iter().map(|c| class_id(*c).to_string()))
        .chain(["total".to_string(), "score".to_string()])
        .collect()];
    for a in &summary.adapters {
        rows.push(
            std::iter::once(v(&a.name))
                .chain(CLASSES.iter().map(|c| a.count(*c).to_string()))
                .chain([a.total.to_string(), format!("{:.1}%", a.score())])
                .collect(),
        );
    }
    let widths: Vec<usize> = (0..rows[0].len())
        .map(|i| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for r in &rows {
        let cells: Vec<String> = r
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(i, (c, w))| {
                if i == 0 {
                    format!("{c:<w$}")
                } else {
                    format!("{c:>w$}")
                }
            })
            .collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
    }
    for a in &summary.adapters {
        out.push_str(&format!("  {}: {}\n", v(&a.name), v(&a.version)));
    }
    for u in &summary.unavailable {
        out.push_str(&format!(
            "unavailable: {}: {} (install: {})\n",
            v(&u.name),
            v(&u.why),
            v(&u.install)
        ));
    }
    out
}
