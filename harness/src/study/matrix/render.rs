//! `matrix.json`, `matrix.md` and `matrix.html`: the nearest document with its margin,
//! the agreement per document (on the discriminating inputs, and on every input), the
//! fingerprint, and the inputs behind each of its rows.

use super::fingerprint::{Cell as Print, Reading};
use super::score::{DocScore, Nearest, OpScores, Score};
use super::{Matrix, Parser, BASIS};
use crate::case::rows::ROWS;
use crate::report::doc_link;
use crate::report::shell;
use crate::report::table::{headers, md_head, md_row, Align, Cell, HtmlTable};
use crate::report::text::{html as h, md_cell, md_code};
use urlcert_reference::Document;

/// `matrix.json`.
pub fn json(m: &Matrix) -> String {
    let mut s = serde_json::to_string_pretty(m).unwrap_or_default();
    s.push('\n');
    s
}

/// `nearest.json`: each parser's nearest document for parsing and resolution together,
/// the matrix's one answer a campaign reads to judge that parser under it
/// (`urlcert fuzz` without `--doc`). `document` is the best document the label names
/// (alone or in a tie), `null` when the matrix cannot tell.
pub fn nearest_json(m: &Matrix) -> String {
    let parsers: Vec<serde_json::Value> = m
        .parsers
        .iter()
        .map(|p| {
            let n = &p.together.nearest;
            let mut o = serde_json::json!({
                "adapter": p.adapter,
                "version": p.version,
                "document": n.best().map(|d| d.id()),
                "label": n.label(),
            });
            if let Some((runner_up, margin, interval)) = n.margin() {
                o["runner_up"] = runner_up.id().into();
                o["margin"] = margin.into();
                o["interval"] = serde_json::json!([interval.low, interval.high]);
            }
            o
        })
        .collect();
    let doc = serde_json::json!({
        "format": NEAREST_FORMAT,
        "what": "Each parser's nearest document for parsing and resolution together, from `urlcert matrix`: the document that agrees with it on the most discriminating inputs of the case suite (matrix.json has the scores).",
        "parsers": parsers,
    });
    let mut s = serde_json::to_string_pretty(&doc).unwrap_or_default();
    s.push('\n');
    s
}

/// `nearest.json`'s `format`.
pub const NEAREST_FORMAT: u32 = 1;

/// The four files: (name, contents).
pub fn render_files(m: &Matrix) -> Vec<(String, String)> {
    vec![
        ("matrix.json".into(), json(m)),
        ("nearest.json".into(), nearest_json(m)),
        ("matrix.md".into(), markdown(m)),
        ("matrix.html".into(), html(m)),
    ]
}

pub fn percent(s: Score) -> Option<String> {
    s.ratio().map(|r| format!("{:.1}%", r * 100.0))
}

fn row_title(slug: &str) -> &'static str {
    ROWS.iter()
        .find(|r| r.slug == slug)
        .map_or("(not a row of the table)", |r| r.title)
}

/// A document's short name in the fingerprint: `3986`, `d96`, `d02`.
pub fn short(doc: &str) -> String {
    match doc.strip_prefix("rfc") {
        Some(n) => n.to_string(),
        None => match doc {
            "draft-1996" => "d96".into(),
            "url-standard" => "US".into(),
            d => d.replace("draft-", "d"),
        },
    }
}

/// The short names and what they stand for, as one line.
fn short_names() -> String {
    let keys: Vec<String> = Document::ALL
        .iter()
        .map(|d| format!("{} {}", short(d.id()), d.id()))
        .collect();
    keys.join(", ")
}

/// A cell of the fingerprint in short names: `3986`, `2396 3986`, `all`, `¬1738`,
/// `none`.
fn print_short(c: &Print) -> String {
    let names = |v: &[&str]| v.iter().map(|d| short(d)).collect::<Vec<_>>().join(" ");
    match c.reading() {
        Reading::All => "all".into(),
        Reading::AllBut(but) => format!("¬{}", names(&but)),
        Reading::Only(docs) => names(docs),
        Reading::None => "none".into(),
    }
}

/// The margin as one line: `rfc2396 by 12 (95%: 5 to 19)`.
fn margin_line(n: &Nearest) -> String {
    match n.margin() {
        Some((runner, margin, i)) => {
            format!("{} by {margin} (95%: {} to {})", runner.id(), i.low, i.high)
        }
        None => match n {
            Nearest::NotEnough { inputs } => format!("{inputs} discriminating inputs"),
            _ => String::new(),
        },
    }
}

/// What the basis holds, as one sentence.
fn inputs_line(m: &Matrix) -> String {
    let i = &m.inputs;
    format!(
        "The basis: {} distinct parse inputs ({} discriminating) and {} distinct (base, reference) pairs ({} discriminating), from {} parse and resolve cases. Of the parse inputs, {} are relative references that the documents without a relative form do not parse: they are scored only in parsing and resolution together, for a parser that resolves, under the {} documents with one. {} pairs have a base that a document with a relative form refuses as a base (RFC 3986 Section 5.1: a base with a fragment), and are not scored.",
        i.parse, i.parse_discriminating, i.resolve, i.resolve_discriminating, i.cases, i.parse_outside,
        number_word(Document::ALL.iter().filter(|d| d.resolves()).count()),
        i.resolve_outside
    )
}

/// A small count in words, as the page's sentences say them.
fn number_word(n: usize) -> String {
    const WORDS: [&str; 11] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    WORDS
        .get(n)
        .map_or_else(|| n.to_string(), |w| w.to_string())
}

/// How many items a parser's scores leave out for the parser's own reasons, as one
/// line (empty when none). The items outside every parser's basis are said once, in
/// [`inputs_line`].
fn left_out(s: &OpScores) -> String {
    let mut parts = Vec::new();
    if s.not_answered > 0 {
        parts.push(format!("{} not answered", s.not_answered));
    }
    if s.not_comparable > 0 {
        parts.push(format!("{} not comparable", s.not_comparable));
    }
    if s.faults > 0 {
        parts.push(format!("{} faults", s.faults));
    }
    parts.join(", ")
}

/// A score as text: `71.2% (123/173)`, `–` for no candidate.
fn score_text(s: Option<Score>) -> String {
    match s.and_then(|s| percent(s).map(|p| (p, s))) {
        Some((p, s)) => format!("{p} ({}/{})", s.agree, s.total),
        None => "–".into(),
    }
}

fn pick(s: Option<DocScore>, discriminating: bool) -> Option<Score> {
    s.map(|s| {
        if discriminating {
            s.discriminating
        } else {
            s.overall
        }
    })
}

// ---------------------------------------------------------------------------------
// Markdown

/// `matrix.md`.
pub fn markdown(m: &Matrix) -> String {
    let mut out = String::from("# The parser matrix\n\n");
    out.push_str(&format!(
        "Run {} of urlcert {}, case files sha256 `{}`.\n\n{}\n\n{}\n\n",
        md_cell(&m.provenance.run),
        md_cell(&m.provenance.urlcert_version),
        md_cell(&m.provenance.cases_sha256),
        BASIS,
        inputs_line(m)
    ));
    out.push_str("## Nearest document\n\n");
    out.push_str(&nearest_table(m));
    for (title, discriminating) in [
        (
            "Agreement on the discriminating inputs (parsing and resolution together)",
            true,
        ),
        ("Agreement on every input", false),
    ] {
        out.push_str(&format!("\n## {title}\n\n"));
        out.push_str(&agreement_table(m, discriminating));
    }
    out.push_str("\n## Fingerprint: where each parser leaves its nearest document\n\n");
    out.push_str(&format!("Row by row of the divergence table, the rows where the parser does not give its nearest document's answer on every discriminating input, each with the documents whose answer it does give there (short names: {}; `¬X`: all but X; `none`: none of them). `matrix.html` has every row, its title and its inputs.\n\n", short_names()));
    for p in &m.parsers {
        out.push_str(&fingerprint_line(p));
    }
    if !m.unavailable.is_empty() {
        out.push_str("\n## Not in the matrix (unavailable here)\n\n");
        for u in &m.unavailable {
            out.push_str(&format!("- {}\n", u.line(md_code, md_cell)));
        }
    }
    out
}

/// The nearest-document table's columns, in both pages.
const NEAREST_HEAD: [&str; 8] = [
    "Parser",
    "Version",
    "Runtime",
    "Nearest",
    "Runner-up by",
    "Parsing",
    "Resolution",
    "Left out",
];

/// The nearest documents, one parser a line: the table the README links to.
pub fn nearest_table(m: &Matrix) -> String {
    let mut out = md_head(&NEAREST_HEAD, &[Align::Left; 8]);
    for p in &m.parsers {
        let row = [
            md_code(&p.adapter),
            md_cell(&p.version),
            md_cell(&p.runtime),
            format!("**{}**", p.nearest),
            margin_line(&p.together.nearest),
            p.parse.nearest.label(),
            p.resolve.nearest.label(),
            left_out(&p.together),
        ];
        out.push_str(&md_row(&row));
    }
    out
}

fn agreement_table(m: &Matrix, discriminating: bool) -> String {
    let mut head = vec!["Parser"];
    head.extend(Document::ALL.iter().map(|d| d.id()));
    let mut align = vec![Align::Left];
    align.extend(Document::ALL.iter().map(|_| Align::Right));
    let mut out = md_head(&head, &align);
    for p in &m.parsers {
        let mut row = vec![md_code(&p.adapter)];
        for &d in Document::ALL {
            let text = score_text(pick(p.together.get(d), discriminating));
            row.push(if p.together.nearest.named().contains(&d) {
                format!("**{text}**")
            } else {
                text
            });
        }
        out.push_str(&md_row(&row));
    }
    out
}

fn fingerprint_line(p: &Parser) -> String {
    let best = p.together.nearest.best().map(|d| d.id());
    let (leaves, follows): (Vec<&Print>, Vec<&Print>) = p
        .fingerprint
        .iter()
        .partition(|c| best.is_some_and(|b| c.compared.contains(&b) && !c.follows.contains(&b)));
    let head = format!("- {} (nearest {})", md_code(&p.adapter), p.nearest);
    if best.is_none() {
        return format!("{head}: no nearest document to leave\n");
    }
    if leaves.is_empty() {
        return format!(
            "{head}: gives its nearest document's answer on all {} rows it was compared on\n",
            follows.len()
        );
    }
    let shown: Vec<String> = leaves
        .iter()
        .map(|c| format!("{} {}", md_code(c.row), md_cell(&print_short(c))))
        .collect();
    format!(
        "{head}, on {} of {} rows: {}\n",
        leaves.len(),
        p.fingerprint.len(),
        shown.join("; ")
    )
}

// ---------------------------------------------------------------------------------
// HTML

/// A cell's background: red (0%) through yellow to green (100%), light enough for
/// dark text.
fn colour(ratio: f64) -> String {
    let hue = (ratio.clamp(0.0, 1.0) * 120.0).round();
    format!("hsl({hue}, 70%, 78%)")
}

/// `matrix.html`'s stylesheet: a heatmap's, its own. Long versions wrap inside their
/// column; the fingerprint's parser names are written upwards so forty columns fit.
const MATRIX_STYLE: &str = "body { font-family: system-ui, sans-serif; margin: 2em; color: #111; }\n\
     table { border-collapse: collapse; margin-bottom: 1.5em; }\n\
     th, td { border: 1px solid #999; padding: 0.3em 0.45em; }\n\
     td.version { max-width: 12em; overflow-wrap: anywhere; font-size: 0.9em; }\n\
     th { background: #eee; }\n\
     tbody th { text-align: left; white-space: nowrap; }\n\
     td.score { text-align: center; font-variant-numeric: tabular-nums; white-space: nowrap; }\n\
     td.score small { display: block; color: #333; }\n\
     td.nearest { font-weight: bold; outline: 3px solid #000; outline-offset: -3px; }\n\
     td.none { background: #f4f4f4; color: #777; }\n\
     td.tie { font-weight: bold; }\n\
     th.up { writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; font-weight: normal; }\n\
     td.print { text-align: center; white-space: nowrap; font-size: 0.85em; }\n\
     td.follows { background: hsl(120, 55%, 82%); }\n\
     td.other { background: hsl(45, 90%, 78%); }\n\
     td.departs { background: hsl(0, 70%, 84%); }\n\
     code { font-size: 0.95em; overflow-wrap: anywhere; }\n\
     .key span { display: inline-block; min-width: 4em; text-align: center; padding: 0.2em; }\n\
     p.basis { max-width: 60em; }\n\
     li { margin: 0.2em 0; }\n";

/// `matrix.html`: readable without JavaScript.
pub fn html(m: &Matrix) -> String {
    let mut out = shell::open("urlcert: the parser matrix", MATRIX_STYLE);
    out.push_str("<h1>The parser matrix</h1>\n");
    out.push_str(&format!(
        "<p>Run <code>{}</code> of urlcert {}, case files sha256 <code>{}</code>.</p>\n",
        h(&m.provenance.run),
        h(&m.provenance.urlcert_version),
        h(&m.provenance.cases_sha256)
    ));
    out.push_str(&format!(
        "<p class=\"basis\">{}</p>\n<p class=\"basis\">{}</p>\n",
        h(BASIS),
        h(&inputs_line(m))
    ));
    out.push_str("<h2 id=\"nearest\">Nearest document</h2>\n");
    out.push_str(&nearest_html(m));
    out.push_str("<h2 id=\"agreement\">Agreement on the discriminating inputs</h2>\n");
    out.push_str("<p class=\"key\">Parsing and resolution together. Agreement: ");
    for pc in [0, 25, 50, 75, 100] {
        out.push_str(&format!(
            "<span style=\"background: {}\">{pc}%</span> ",
            colour(f64::from(pc) / 100.0)
        ));
    }
    out.push_str("; a framed cell is the nearest document, a bold one a document tied with it; – : not a candidate (no relative form, for a parser that resolves). Hover a cell for the agreement on every input.</p>\n");
    out.push_str(&heatmap(m));
    out.push_str("<h2 id=\"fingerprint\">Fingerprint</h2>\n");
    out.push_str(&fingerprint_html(m));
    out.push_str("<h2 id=\"rows\">The rows' inputs</h2>\n<p>The discriminating inputs of each row, with the cases that ask them and each document's answer.</p>\n");
    for r in &m.rows {
        out.push_str(&format!(
            "<h3 id=\"row-{}\"><code>{}</code> {}</h3>\n<ul>\n",
            h(r.slug),
            h(r.slug),
            h(row_title(r.slug))
        ));
        for i in &r.items {
            out.push_str(&item_html(i));
        }
        out.push_str("</ul>\n");
    }
    if !m.unavailable.is_empty() {
        out.push_str("<h2>Not in the matrix (unavailable here)</h2>\n<ul>\n");
        for u in &m.unavailable {
            let code = |s: &str| format!("<code>{}</code>", h(s));
            out.push_str(&format!("<li>{}</li>\n", u.line(code, h)));
        }
        out.push_str("</ul>\n");
    }
    out.push_str(shell::CLOSE);
    out
}

fn nearest_html(m: &Matrix) -> String {
    let mut table = HtmlTable::new(None).with_sections();
    table.head(headers(&NEAREST_HEAD));
    for p in &m.parsers {
        let strong = |n: &Nearest| match n {
            Nearest::NotEnough { .. } => Cell::text(n.label()).class("none"),
            _ => Cell::markup(format!("<strong>{}</strong>", h(&n.label()))),
        };
        table.row(vec![
            Cell::code(&p.adapter).header().attribute("scope", "row"),
            Cell::text(&p.version).class("version"),
            Cell::text(&p.runtime),
            strong(&p.together.nearest),
            Cell::text(margin_line(&p.together.nearest)),
            strong(&p.parse.nearest).title(margin_line(&p.parse.nearest)),
            strong(&p.resolve.nearest).title(margin_line(&p.resolve.nearest)),
            Cell::text(left_out(&p.together)),
        ]);
    }
    table.end()
}

fn heatmap(m: &Matrix) -> String {
    let mut table = HtmlTable::new(None).with_sections();
    let mut head = headers(&["Parser"]);
    head.extend(
        Document::ALL
            .iter()
            .map(|d| Cell::markup(doc_link(*d, d.id())).header()),
    );
    table.head(head);
    for p in &m.parsers {
        let mut row = vec![Cell::code(&p.adapter).header().attribute("scope", "row")];
        for &d in Document::ALL {
            let s = p.together.get(d);
            row.push(
                match pick(s, true).and_then(|x| x.ratio().map(|r| (x, r))) {
                    None => Cell::text("–").class("score none"),
                    Some((x, r)) => {
                        let class = if p.together.nearest.best() == Some(d) {
                            "score nearest"
                        } else if p.together.nearest.named().contains(&d) {
                            "score tie"
                        } else {
                            "score"
                        };
                        Cell::markup(format!(
                            "{:.1}%<small>{}/{}</small>",
                            r * 100.0,
                            x.agree,
                            x.total
                        ))
                        .class(class)
                        .attribute("style", format!("background: {}", colour(r)))
                        .title(format!(
                            "{} of {} discriminating inputs under {}; on every input: {}",
                            x.agree,
                            x.total,
                            d.id(),
                            score_text(pick(s, false))
                        ))
                    }
                },
            );
        }
        table.row(row);
    }
    table.end()
}

/// The fingerprint: a row per divergence-table row where the parsers differ, a column
/// per parser. Rows where every parser gives the same documents are left out and
/// counted.
fn fingerprint_html(m: &Matrix) -> String {
    let mut out = String::from("<p class=\"key\">Each cell names the documents whose answer the parser gives on every discriminating input of the row (short names: ");
    out.push_str(&h(&short_names()));
    out.push_str("; <code>all</code>: every document compared there; <code>¬X</code>: all but X). <span class=\"follows\" style=\"background: hsl(120, 55%, 82%)\">its nearest document among them</span> <span style=\"background: hsl(45, 90%, 78%)\">others only</span> <span style=\"background: hsl(0, 70%, 84%)\">none of them</span>. The row's name links to its inputs.</p>\n");
    let mut shown = 0;
    let mut same = 0;
    let mut table = HtmlTable::new(None).with_sections();
    let mut head = headers(&["Row"]);
    head.extend(
        m.parsers
            .iter()
            .map(|p| Cell::code(&p.adapter).header().class("up")),
    );
    table.head(head);
    for r in &m.rows {
        let cells: Vec<Option<&Print>> = m
            .parsers
            .iter()
            .map(|p| p.fingerprint.iter().find(|c| c.row == r.slug))
            .collect();
        let texts: Vec<Option<String>> = cells.iter().map(|c| c.map(print_short)).collect();
        if texts.windows(2).all(|w| w[0] == w[1]) {
            same += 1;
            continue;
        }
        shown += 1;
        let mut row = vec![Cell::markup(format!(
            "<a href=\"#row-{}\"><code>{}</code></a> {}",
            h(r.slug),
            h(r.slug),
            h(row_title(r.slug))
        ))
        .header()
        .attribute("scope", "row")];
        for (p, c) in m.parsers.iter().zip(&cells) {
            row.push(match c {
                None => Cell::text("").class("print none"),
                Some(c) => {
                    let best = p.together.nearest.best().map(|d| d.id());
                    let class = if c.follows.is_empty() {
                        "print departs"
                    } else if best.is_some_and(|b| c.follows.contains(&b)) {
                        "print follows"
                    } else {
                        "print other"
                    };
                    Cell::text(print_short(c)).class(class).title(format!(
                        "{}: {} ({} inputs)",
                        p.adapter,
                        c.text(),
                        c.inputs
                    ))
                }
            });
        }
        table.row(row);
    }
    out.push_str(&table.end());
    out.push_str(&format!(
        "<p>{shown} rows shown; {same} rows where every parser gives the same documents are left out.</p>\n"
    ));
    out
}

fn item_html(i: &super::basis::Item) -> String {
    let what = match &i.base {
        Some(b) => format!("<code>{}</code> against <code>{}</code>", h(&i.input), h(b)),
        None => format!("<code>{}</code>", h(&i.input)),
    };
    // Documents grouped by the answer they give.
    let mut groups: Vec<(String, Vec<&str>)> = Vec::new();
    for a in &i.answers {
        let line = crate::judge::expectation_line_of(i.op, &a.expectation);
        match groups.iter_mut().find(|g| g.0 == line) {
            Some(g) => g.1.push(a.doc.id()),
            None => groups.push((line, vec![a.doc.id()])),
        }
    }
    let said: Vec<String> = groups
        .iter()
        .map(|(line, docs)| format!("{}: {}", h(&docs.join(", ")), h(line)))
        .collect();
    format!(
        "<li>{what} (cases {})<br><small>{}</small></li>\n",
        h(&i.cases.join(", ")),
        said.join("<br>")
    )
}
