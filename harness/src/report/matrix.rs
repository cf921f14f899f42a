//! The matrix of a run: one row per case × document, one column per adapter; and its
//! pruned view, which groups the rows whose classes are the same for every adapter.

use super::record::{Record, Run};
use crate::judge::Class;
use std::collections::HashMap;

/// One row: a case under one document, and each column's record (`None`: that adapter
/// was not asked, as for `extract` cases, which only the reference answers).
pub struct Row<'a> {
    /// The first record of the row: its case, document, input and base.
    pub first: &'a Record,
    pub cells: Vec<Option<&'a Record>>,
}

impl Row<'_> {
    /// The row's classes, column by column.
    pub fn classes(&self) -> Vec<Option<Class>> {
        self.cells.iter().map(|c| c.map(|r| r.class)).collect()
    }
}

/// The rows of `run`, in the order their first records were made.
pub fn rows(run: &Run) -> Vec<Row<'_>> {
    let column: HashMap<&str, usize> = run
        .columns
        .iter()
        .enumerate()
        .map(|(i, c)| (c.name.as_str(), i))
        .collect();
    let mut index: HashMap<(&str, &str), usize> = HashMap::new();
    let mut rows: Vec<Row> = Vec::new();
    for r in &run.records {
        let Some(&col) = column.get(r.adapter.as_str()) else {
            continue;
        };
        let at = *index
            .entry((r.case.as_str(), r.doc.as_str()))
            .or_insert_with(|| {
                rows.push(Row {
                    first: r,
                    cells: vec![None; run.columns.len()],
                });
                rows.len() - 1
            });
        rows[at].cells[col] = Some(r);
    }
    rows
}

/// Rows with the same classes in every column.
pub struct Group<'a> {
    pub classes: Vec<Option<Class>>,
    pub rows: Vec<Row<'a>>,
}

/// The pruned view: groups of identical rows, the largest first (ties: the group seen
/// first comes first).
pub fn pruned(run: &Run) -> Vec<Group<'_>> {
    let mut groups: Vec<Group> = Vec::new();
    let mut index: HashMap<Vec<Option<Class>>, usize> = HashMap::new();
    for row in rows(run) {
        let classes = row.classes();
        match index.get(&classes) {
            Some(&g) => groups[g].rows.push(row),
            None => {
                index.insert(classes.clone(), groups.len());
                groups.push(Group {
                    classes,
                    rows: vec![row],
                });
            }
        }
    }
    // A stable sort keeps first-seen order among groups of the same size.
    groups.sort_by_key(|g| std::cmp::Reverse(g.rows.len()));
    groups
}
