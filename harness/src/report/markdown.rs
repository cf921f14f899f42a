//! `report.md`: the summary (first each parser's agreement per document, then its
//! outcomes per class), the unavailable adapters, the colour key's classes and the
//! pruned matrix. Every string from a case or an adapter goes through
//! [`crate::report::text::md_code`], so it shows as code and cannot open HTML or break a table.

use super::record::{class_id, class_meaning, Run, CLASSES};
use super::table::{md_head, md_head_left, md_row, Align};
use super::{certificate, matrix, summary};
use crate::judge::Class;
use crate::report::text::md_code;

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
        out.push_str(&crate::study::coverage::render::markdown(&run.coverage));
        out.push_str(&format!(
            "\n{} `urlcert coverage` names each.\n",
            crate::study::coverage::render::TABLE_NOTE
        ));
    }
    out.push_str("\n### Outcomes per class\n\n");
    let mut head = vec!["adapter", "version"];
    head.extend(CLASSES.map(class_id));
    head.extend(["total", "certificate"]);
    let mut align = vec![Align::Left; 2];
    align.extend([Align::Right; CLASSES.len() + 1]);
    align.push(Align::Left);
    out.push_str(&md_head(&head, &align));
    for a in &s.adapters {
        let mut row = vec![md_code(&a.name), md_code(&a.version)];
        row.extend(CLASSES.map(|c| a.count(c).to_string()));
        let file = certificate::file_name(&a.name);
        let page = certificate::html_file_name(&a.name);
        row.push(a.total.to_string());
        row.push(format!("[{}]({file}) ([HTML]({page}))", md_code(&file)));
        out.push_str(&md_row(&row));
    }
    if !run.unavailable.is_empty() {
        out.push_str("\n## Unavailable adapters\n\n");
        out.push_str(&md_head_left(&["adapter", "why", "install with"]));
        for u in &run.unavailable {
            out.push_str(&md_row(&[
                md_code(&u.name),
                md_code(&u.why),
                md_code(&u.install),
            ]));
        }
    }
    out.push_str("\n## Classes\n\n");
    out.push_str(&md_head_left(&["class", "meaning"]));
    for c in CLASSES {
        out.push_str(&md_row(&[class_id(c), class_meaning(c)]));
    }
    out.push_str(
        "\n## Pruned matrix\n\nRows (a case under one document) whose classes are the same for every adapter, grouped, the largest group first. `·`: not asked. `report.html` has the full matrix.\n\n",
    );
    let mut head = vec!["rows".to_string()];
    head.extend(run.columns.iter().map(|col| md_code(&col.name)));
    head.push("examples".into());
    let mut align = vec![Align::Right];
    align.extend(vec![Align::Left; run.columns.len() + 1]);
    out.push_str(&md_head(&head, &align));
    for g in matrix::pruned(run) {
        let mut row = vec![g.rows.len().to_string()];
        row.extend(g.classes.iter().map(|c| cell(*c).to_string()));
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
        row.push(format!("{}{more}", names.join(", ")));
        out.push_str(&md_row(&row));
    }
    out
}

/// Parser × document: one row per adapter (the reference first when it ran), one
/// column per entry of `docs`, each cell `agree/total (percent)`.
fn agreement_table(s: &summary::Summary, docs: &[String]) -> String {
    let mut head = vec!["parser".to_string()];
    head.extend(
        docs.iter()
            .map(|d| match d.parse::<urlcert_reference::Document>() {
                Ok(doc) => format!("[{}]({})", doc.id(), doc.public_url()),
                Err(_) => md_code(d),
            }),
    );
    let mut align = vec![Align::Left];
    align.extend(vec![Align::Right; docs.len()]);
    let mut out = md_head(&head, &align);
    for a in &s.adapters {
        let mut row = vec![md_code(&a.name)];
        row.extend(docs.iter().map(|d| {
            let g = a.agreement_under(d);
            match g.percent() {
                Some(p) => format!("{}/{} ({})", g.agree, g.total, summary::percent_text(p)),
                None => "–".to_string(),
            }
        }));
        out.push_str(&md_row(&row));
    }
    out
}

fn cell(c: Option<Class>) -> &'static str {
    c.map_or("·", class_id)
}
