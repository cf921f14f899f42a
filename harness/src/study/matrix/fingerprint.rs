//! The fingerprint: row by row of the divergence table ([`crate::case::rows`], the
//! cases' `row:` tags), which documents' answers a parser gives on that row's
//! discriminating items. What a maintainer reads to see "we follow RFC 3986 except for
//! `..` above the root, where we keep RFC 2396's".

use super::basis::{Basis, Item};
use super::score::Judgements;
use crate::case::rows::ROWS;
use crate::judge::Class;
use urlcert_reference::Document;

/// One row's cell for one parser.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Cell {
    /// The row's slug (`4.above-root`).
    pub row: &'static str,
    /// The row's discriminating items this parser answered and the judge compared under
    /// every document that answers them all.
    pub inputs: usize,
    /// The documents whose answer the parser gives on every one of those items, oldest
    /// first; empty: none of them.
    pub follows: Vec<&'static str>,
    /// When it follows none: the documents it agrees with most, and on how many.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub closest: Vec<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub closest_agree: Option<usize>,
    /// The documents compared on this row.
    pub compared: Vec<&'static str>,
}

/// The rows of the table with discriminating items, in the table's order.
pub fn rows_with_items(basis: &Basis) -> Vec<&'static str> {
    ROWS.iter()
        .map(|r| r.slug)
        .filter(|slug| of_row(basis, slug).any(|(_, i)| i.discriminating))
        .collect()
}

/// The items of a row, with their place in the basis.
fn of_row<'a>(basis: &'a Basis, slug: &'a str) -> impl Iterator<Item = (usize, &'a Item)> {
    basis
        .items
        .iter()
        .enumerate()
        .filter(move |(_, i)| i.rows.iter().any(|r| r == slug))
}

/// One parser's fingerprint: a cell per row of [`rows_with_items`] where it answered
/// something comparable.
pub fn of_parser(basis: &Basis, judged: &[Option<Judgements>]) -> Vec<Cell> {
    let mut cells = Vec::new();
    for slug in rows_with_items(basis) {
        let items: Vec<(&Item, &Judgements)> = of_row(basis, slug)
            .filter(|(_, i)| i.discriminating)
            .filter_map(|(n, i)| Some((i, judged.get(n)?.as_ref()?)))
            .collect();
        // The documents that answer every item of the row.
        let compared: Vec<Document> = Document::ALL
            .iter()
            .copied()
            .filter(|&d| items.iter().all(|(i, _)| i.answer(d).is_some()))
            .collect();
        // Items the judge compared under every such document.
        let scored: Vec<Vec<bool>> = items
            .iter()
            .filter_map(|(_, j)| {
                compared
                    .iter()
                    .map(|&d| {
                        j.under(d)
                            .filter(|c| *c != Class::Unsupported)
                            .map(|c| c == Class::Agree)
                    })
                    .collect::<Option<Vec<bool>>>()
            })
            .collect();
        if scored.is_empty() || compared.is_empty() {
            continue;
        }
        let agree: Vec<usize> = (0..compared.len())
            .map(|c| scored.iter().filter(|r| r[c]).count())
            .collect();
        let ids = |f: &dyn Fn(usize) -> bool| -> Vec<&'static str> {
            (0..compared.len())
                .filter(|&c| f(c))
                .map(|c| compared[c].id())
                .collect()
        };
        let follows = ids(&|c| agree[c] == scored.len());
        let most = agree.iter().copied().max().unwrap_or(0);
        let (closest, closest_agree) = if follows.is_empty() && most > 0 {
            (ids(&|c| agree[c] == most), Some(most))
        } else {
            (Vec::new(), None)
        };
        cells.push(Cell {
            row: slug,
            inputs: scored.len(),
            follows,
            closest,
            closest_agree,
            compared: compared.iter().map(|d| d.id()).collect(),
        });
    }
    cells
}

/// How a cell reads: the documents it follows, or all but some, or none.
pub enum Reading<'a> {
    All,
    AllBut(Vec<&'a str>),
    Only(&'a [&'static str]),
    None,
}

impl Cell {
    /// What the cell says, before it is written: more than half of the documents
    /// compared read as "all but" the others.
    pub fn reading(&self) -> Reading<'_> {
        let n = self.compared.len();
        if self.follows.len() == n {
            Reading::All
        } else if self.follows.is_empty() {
            Reading::None
        } else if self.follows.len() * 2 > n {
            Reading::AllBut(
                self.compared
                    .iter()
                    .copied()
                    .filter(|d| !self.follows.contains(d))
                    .collect(),
            )
        } else {
            Reading::Only(&self.follows)
        }
    }

    /// The cell as one line: `rfc3986`, `all but rfc1738`, `none (closest rfc2396, 3/4)`.
    pub fn text(&self) -> String {
        match self.reading() {
            Reading::All => "all".into(),
            Reading::AllBut(but) => format!("all but {}", but.join(", ")),
            Reading::Only(docs) => docs.join(", "),
            Reading::None => match self.closest_agree {
                Some(k) => format!(
                    "none (closest {}, {k}/{})",
                    self.closest.join(", "),
                    self.inputs
                ),
                None => "none".into(),
            },
        }
    }
}
