//! `report.md`: the summary (first each parser's agreement per document, then its
//! outcomes per class), the unavailable adapters, the colour key's classes and the
//! pruned matrix. Every string from a case or an adapter goes through
//! [`crate::text::md_code`], so it shows as code and cannot open HTML or break a table.

use super::{certificate, class_id, class_meaning, matrix, summary, Run, CLASSES};
use crate::judge::Class;
use crate::text::md_code;

/// How many rows of a group `report.md` names.
const EXAMPLES: usize = 5;

pub fn render(run: &Run) -> String {
    let p = &run.provenance;
    let s = summary::build(run);
    let mut out = format!(
        "# urlcert report {}\n\nurlcert {}, case set sha-256 {}, started {}. {} outcomes from {} adapter(s).\n\n",
        md_code(&p.run),
        md_code(&p.urlcert_version),
        md_code(&p.cases_sha256),
        md_code(&p.time),
        run.records.len(),
        run.columns.len()
    );
    let (documents, readings) = summary::agreement_columns(run);
    out.push_str("## Summary\n\n### Agreement per document\n\n");
    out.push_str(&agreement_table(&s, &documents));
    out.push_str(&format!("\n{}\n", summary::AGREEMENT_NOTE));
    if !readings.is_empty() {
        out.push_str("\n### Agreement under the other readings\n\n");
        out.push_str(&agreement_table(&s, &readings));
    }
    if !run.coverage.is_empty() {
        out.push_str("\n### Coverage of the documents by the cases\n\n");
        out.push_str(&crate::coverage::render::markdown(&run.coverage));
        out.push_str(&format!(
            "\n{} `urlcert coverage` names each.\n",
            crate::coverage::render::TABLE_NOTE
        ));
    }
    out.push_str("\n### Outcomes per class\n\n| adapter | version |");
    for c in CLASSES {
        out.push_str(&format!(" {} |", class_id(c)));
    }
    out.push_str(" total | certificate |\n|---|---|");
    out.push_str(&"---:|".repeat(CLASSES.len() + 1));
    out.push_str("---|\n");
    for a in &s.adapters {
        out.push_str(&format!(
            "| {} | {} |",
            md_code(&a.name),
            md_code(&a.version)
        ));
        for c in CLASSES {
            out.push_str(&format!(" {} |", a.count(c)));
        }
        let file = certificate::file_name(&a.name);
        let page = certificate::html_file_name(&a.name);
        out.push_str(&format!(
            " {} | [{}]({}) ([HTML]({})) |\n",
            a.total,
            md_code(&file),
            file,
            page
        ));
    }
    if !run.unavailable.is_empty() {
        out.push_str(
            "\n## Unavailable adapters\n\n| adapter | why | install with |\n|---|---|---|\n",
        );
        for u in &run.unavailable {
            out.push_str(&format!(
                "| {} | {} | {} |\n",
                md_code(&u.name),
                md_code(&u.why),
                md_code(&u.install)
            ));
        }
    }
    out.push_str("\n## Classes\n\n| class | meaning |\n|---|---|\n");
    for c in CLASSES {
        out.push_str(&format!("| {} | {} |\n", class_id(c), class_meaning(c)));
    }
    out.push_str(
        "\n## Pruned matrix\n\nRows (a case under one document) whose classes are the same for every adapter, grouped, the largest group first. `·`: not asked. `report.html` has the full matrix.\n\n| rows |",
    );
    for col in &run.columns {
        out.push_str(&format!(" {} |", md_code(&col.name)));
    }
    out.push_str(" examples |\n|---:|");
    out.push_str(&"---|".repeat(run.columns.len() + 1));
    out.push('\n');
    for g in matrix::pruned(run) {
        out.push_str(&format!("| {} |", g.rows.len()));
        for c in &g.classes {
            out.push_str(&format!(" {} |", cell(*c)));
        }
        let names: Vec<String> = g
            .rows
            .iter()
            .take(EXAMPLES)
            .map(|r| md_code(&r.first.key()))
            .collect();
        let more = g.rows.len().saturating_sub(EXAMPLES);
        let more = if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        };
        out.push_str(&format!(" {}{more} |\n", names.join(", ")));
    }
    out
}

/// Parser × document: one row per adapter (the reference first when it ran), one
/// column per entry of `docs`, each cell `agree/total (percent)`.
fn agreement_table(s: &summary::Summary, docs: &[String]) -> String {
    let mut out = String::from("| parser |");
    for d in docs {
        match d.parse::<urlcert_reference::Document>() {
            Ok(doc) => out.push_str(&format!(" [{}]({}) |", doc.id(), doc.public_url())),
            Err(_) => out.push_str(&format!(" {} |", md_code(d))),
        }
    }
    out.push_str("\n|---|");
    out.push_str(&"---:|".repeat(docs.len()));
    out.push('\n');
    for a in &s.adapters {
        out.push_str(&format!("| {} |", md_code(&a.name)));
        for d in docs {
            let g = a.agreement_under(d);
            match g.percent() {
                Some(p) => out.push_str(&format!(
                    " {}/{} ({}) |",
                    g.agree,
                    g.total,
                    summary::percent_text(p)
                )),
                None => out.push_str(" – |"),
            }
        }
        out.push('\n');
    }
    out
}

fn cell(c: Option<Class>) -> &'static str {
    c.map_or("·", class_id)
}
