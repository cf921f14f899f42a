//! The coverage as people read it (a table, then what is not reached, by name) and as
//! JSON (`urlcert coverage --json`, whose field names are stable: README, *urlcert
//! coverage*).

use super::corpus::FolderRead;
use super::exceptions::{Exceptions, Judged};
use super::{DocCoverage, Figures, Gap, Way};
use crate::report::table::{md_head, md_row, Align};
use serde_json::{json, Value};
use std::fmt::Write as _;

/// Where the inputs came from.
#[derive(Clone, Debug)]
pub enum InputSource {
    /// The case folder as named, and how many cases it holds.
    Cases { dir: String, cases: usize },
    /// Fuzz corpus folders.
    Corpus(Vec<FolderRead>),
}

/// A coverage report: what each document's inputs reached, judged against the
/// exceptions (if there is a file of them).
pub struct Report<'a> {
    pub source: InputSource,
    pub documents: Vec<DocCoverage>,
    pub exceptions: Option<&'a Exceptions>,
}

impl Report<'_> {
    fn judged(&self, cov: &DocCoverage) -> Judged<'_> {
        match self.exceptions {
            Some(e) => e.judge(cov),
            None => Judged {
                unexcused: cov.gaps(),
                ..Judged::default()
            },
        }
    }

    /// Are stale exceptions a fault? Exceptions are reviewed against the case set, which
    /// they must match exactly; a corpus only has to stay within them.
    pub fn checks_stale(&self) -> bool {
        matches!(self.source, InputSource::Cases { .. })
    }

    /// Each document's figures.
    pub fn figures(&self) -> Vec<Figures> {
        self.documents
            .iter()
            .map(|d| d.figures(self.judged(d).unexcused.len()))
            .collect()
    }

    /// How many gaps no exception covers, over every document.
    pub fn unexcused(&self) -> usize {
        self.documents
            .iter()
            .map(|d| self.judged(d).unexcused.len())
            .sum()
    }

    /// How many exceptions are no longer needed (for the case set only).
    pub fn stale(&self) -> usize {
        if !self.checks_stale() {
            return 0;
        }
        self.documents
            .iter()
            .map(|d| self.judged(d).stale.len())
            .sum()
    }
}

/// `a/b`, or `–` when there is nothing to reach.
fn ratio(a: usize, b: usize) -> String {
    if b == 0 {
        "–".into()
    } else {
        format!("{a}/{b}")
    }
}

fn opt(n: Option<usize>) -> String {
    n.map_or_else(|| "–".into(), |n| n.to_string())
}

/// The heads of the columns after the productions accepted and rejected, alike in both
/// tables.
const LATER_HEADS: [&str; 6] = [
    "one way",
    "unreached",
    "branches taken",
    "notes raised",
    "single-reading places",
    "unexcused",
];

/// A document's row of figures, in the tables' column order, after its name `doc`.
fn figures_row(doc: String, f: &Figures) -> Vec<String> {
    vec![
        doc,
        ratio(f.productions_accepted_and_rejected, f.productions_total),
        f.productions_one_way.to_string(),
        f.productions_unreached.to_string(),
        ratio(f.branches_taken, f.branches_total),
        ratio(f.notes_raised, f.notes_total),
        opt(f.single_reading_places),
        f.unexcused.to_string(),
    ]
}

/// The table of figures, one row per document, columns aligned.
pub fn table(figures: &[Figures]) -> String {
    let head = ["document", "productions accepted+rejected"]
        .into_iter()
        .chain(LATER_HEADS)
        .map(str::to_string)
        .collect();
    let mut rows = vec![head];
    for f in figures {
        rows.push(figures_row(f.doc.clone(), f));
    }
    crate::report::table::aligned(&rows)
}

/// The figures as a Markdown table (`report.md`).
pub fn markdown(figures: &[Figures]) -> String {
    let head: Vec<&str> = ["document", "productions accepted and rejected"]
        .into_iter()
        .chain(LATER_HEADS)
        .collect();
    let mut align = vec![Align::Right; head.len()];
    align[0] = Align::Left;
    let mut s = md_head(&head, &align);
    for f in figures {
        s.push_str(&md_row(&figures_row(format!("`{}`", f.doc), f)));
    }
    s
}

/// What a table's columns mean, said under it.
pub const TABLE_NOTE: &str = "Productions: how many of the grammar's productions some input makes accept and some input makes reject (one way: only one of the two; unreached: neither). Branches: the steps of the resolution algorithm some resolution takes. Notes: the prose's notes some parse raises. Single-reading places: ambiguities some case raises whose second reading no case encodes. Unexcused: what is not reached and not in the reviewed exceptions (`cases/_coverage-exceptions.yaml`).";

/// Where an excused gap's exception is.
fn excused_mark(judged: &Judged, gap: &Gap) -> String {
    match judged.excused.iter().find(|(g, _)| g == gap) {
        Some((_, e)) if e.settled => {
            format!(" [settled by the text, exception at line {}]", e.line)
        }
        Some((_, e)) => format!(" [exception at line {}]", e.line),
        None => String::new(),
    }
}

/// The report for people: where the inputs came from, the table, then per document
/// what is not reached, by name, each marked with its exception if it has one; last,
/// the exceptions no longer needed.
pub fn human(report: &Report) -> String {
    let v = crate::report::text::visible;
    let mut s = String::new();
    match &report.source {
        InputSource::Cases { dir, cases } => {
            let _ = writeln!(
                s,
                "coverage of the documents by the {cases} cases in {}",
                v(dir)
            );
        }
        InputSource::Corpus(folders) => {
            let _ = writeln!(s, "coverage of the documents by the fuzz corpus:");
            for f in folders {
                let _ = writeln!(
                    s,
                    "  {} ({}): {} inputs read",
                    v(&f.dir.display().to_string()),
                    f.target,
                    f.read
                );
                for (why, n) in &f.skipped {
                    let _ = writeln!(s, "    {n} skipped: {why}");
                }
            }
        }
    }
    if let Some(e) = report.exceptions {
        let _ = writeln!(
            s,
            "exceptions: {} ({} in all)",
            v(&e.file.display().to_string()),
            e.entries.len()
        );
    } else {
        let _ = writeln!(s, "exceptions: none");
    }
    s.push('\n');
    s.push_str(&table(&report.figures()));
    for cov in &report.documents {
        let judged = report.judged(cov);
        let mut lines: Vec<String> = Vec::new();
        let names = |rules: Vec<(super::Rule, Gap)>| -> String {
            rules
                .iter()
                .map(|(r, g)| format!("{r}{}", excused_mark(&judged, g)))
                .collect::<Vec<_>>()
                .join(", ")
        };
        for (way, label) in [
            (Way::Accepted, "accepted, never rejected"),
            (Way::Rejected, "rejected, never accepted"),
        ] {
            let rules: Vec<_> = cov
                .one_way()
                .filter(|(_, w)| *w == way)
                .map(|(r, _)| {
                    let never = if way == Way::Accepted {
                        Way::Rejected
                    } else {
                        Way::Accepted
                    };
                    (r, Gap::Production { rule: r, never })
                })
                .collect();
            if !rules.is_empty() {
                lines.push(format!("{label}: {}", names(rules)));
            }
        }
        let unreached: Vec<_> = cov
            .unreached()
            .map(|r| {
                let a = Gap::Production {
                    rule: r,
                    never: Way::Accepted,
                };
                let j = Gap::Production {
                    rule: r,
                    never: Way::Rejected,
                };
                let (ma, mj) = (excused_mark(&judged, &a), excused_mark(&judged, &j));
                if ma == mj {
                    format!("{r}{ma}")
                } else {
                    format!("{r}{ma}{mj}")
                }
            })
            .collect();
        if !unreached.is_empty() {
            lines.push(format!("not reached: {}", unreached.join(", ")));
        }
        for &((id, text), taken) in &cov.branches {
            if !taken {
                let g = Gap::Branch { id, text };
                lines.push(format!(
                    "branch not taken: {id} \"{text}\"{}",
                    excused_mark(&judged, &g)
                ));
            }
        }
        let notes: Vec<String> = cov
            .notes
            .iter()
            .filter(|n| !n.1)
            .map(|&(id, _)| format!("{id}{}", excused_mark(&judged, &Gap::Note { id })))
            .collect();
        if !notes.is_empty() {
            lines.push(format!("notes not raised: {}", notes.join(", ")));
        }
        for p in cov.places.iter().flatten().filter(|p| !p.both_readings) {
            let g = Gap::Ambiguity { rule: p.rule };
            lines.push(format!(
                "single-reading place: {} ({}){}",
                p.rule,
                p.text,
                excused_mark(&judged, &g)
            ));
        }
        if report.checks_stale() {
            for e in &judged.stale {
                lines.push(format!(
                    "exception no longer needed at line {}: {} `{}` is {} now; remove it",
                    e.line,
                    e.gap.kind(),
                    e.gap.name(),
                    reached(&e.gap)
                ));
            }
        }
        if lines.is_empty() {
            continue;
        }
        let _ = writeln!(
            s,
            "\n{} ({} parses, {} resolutions):",
            cov.doc, cov.parses, cov.resolutions
        );
        for l in lines {
            let _ = writeln!(s, "  {l}");
        }
    }
    let _ = writeln!(
        s,
        "\n{} unreached outside the exceptions; {} exceptions no longer needed",
        report.unexcused(),
        report.stale()
    );
    s
}

/// What a stale exception's gap now is.
fn reached(g: &Gap) -> &'static str {
    match g {
        Gap::Production {
            never: Way::Accepted,
            ..
        } => "accepted",
        Gap::Production {
            never: Way::Rejected,
            ..
        } => "rejected",
        Gap::Branch { .. } => "taken",
        Gap::Note { .. } => "raised",
        Gap::Ambiguity { .. } => "encoded under both readings (or no case raises it)",
    }
}

fn gap_json(g: &Gap) -> Value {
    let mut v = json!({"kind": g.kind(), "name": g.name(), "never": g.never()});
    if let Gap::Branch { text, .. } = g {
        v["text"] = json!(text);
    }
    v
}

/// The report as JSON.
pub fn json(report: &Report) -> Value {
    let (source, cases, corpus) = match &report.source {
        InputSource::Cases { dir, cases } => (
            "cases",
            json!({"dir": dir, "cases": cases}),
            Value::Array(Vec::new()),
        ),
        InputSource::Corpus(folders) => (
            "corpus",
            Value::Null,
            folders
                .iter()
                .map(|f| {
                    json!({
                        "dir": f.dir.display().to_string(),
                        "target": f.target,
                        "read": f.read,
                        "skipped": f.skipped,
                    })
                })
                .collect(),
        ),
    };
    let documents: Vec<Value> = report
        .documents
        .iter()
        .map(|cov| {
            let judged = report.judged(cov);
            let by_way = |way: Way| -> Vec<&str> {
                cov.one_way()
                    .filter(|(_, w)| *w == way)
                    .map(|(r, _)| r.name())
                    .collect()
            };
            let stale: Vec<Value> = if report.checks_stale() {
                judged
                    .stale
                    .iter()
                    .map(|e| {
                        let mut v = gap_json(&e.gap);
                        v["line"] = json!(e.line);
                        v
                    })
                    .collect()
            } else {
                Vec::new()
            };
            json!({
                "doc": cov.doc.id(),
                "figures": cov.figures(judged.unexcused.len()),
                "productions": {
                    "never_rejected": by_way(Way::Accepted),
                    "never_accepted": by_way(Way::Rejected),
                    "unreached": cov.unreached().map(|r| r.name()).collect::<Vec<_>>(),
                },
                "branches_untaken": cov.branches.iter().filter(|b| !b.1)
                    .map(|((id, text), _)| json!({"id": id, "text": text})).collect::<Vec<_>>(),
                "notes_unraised": cov.notes.iter().filter(|n| !n.1).map(|n| n.0).collect::<Vec<_>>(),
                "ambiguities": cov.places.as_ref().map(|places| places.iter().map(|p| json!({
                    "rule": p.rule.name(),
                    "text": p.text,
                    "raised": p.raised,
                    "both_readings": p.both_readings,
                })).collect::<Vec<_>>()),
                "unexcused": judged.unexcused.iter().map(gap_json).collect::<Vec<_>>(),
                "excused": judged.excused.iter().map(|(g, e)| {
                    let mut v = gap_json(g);
                    v["line"] = json!(e.line);
                    v["settled"] = json!(e.settled);
                    v
                }).collect::<Vec<_>>(),
                "stale_exceptions": stale,
            })
        })
        .collect();
    json!({
        "source": source,
        "cases": cases,
        "corpus": corpus,
        "exceptions": report.exceptions.map(|e| e.file.display().to_string()),
        "documents": documents,
        "unexcused": report.unexcused(),
        "stale_exceptions": report.stale(),
    })
}
