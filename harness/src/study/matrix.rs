//! `urlcert matrix`: which document each parser follows. The case suite is asked of
//! every available adapter (or those named), as `urlcert run` asks it: the records go
//! to `results.jsonl` in `OUT.partial/` as they are made, the run's usual reports are
//! written beside them, and `--resume` continues a stopped matrix run
//! ([`crate::run::journal`]). From the records, [`build`] computes one row per parser and
//! one score per document, and [`json`], [`markdown`] and [`html`] render
//! `matrix.json`, `matrix.md` and `matrix.html` (a heatmap that needs no JavaScript).
//!
//! Not to be confused with [`crate::report::matrix`], the cases × adapters matrix of a
//! run's report.
//!
//! ## The basis of a score
//!
//! A parser's score under a document is `agree` of `total`, where `total` counts the
//! records of that parser that
//! - are under the document's **default reading** (`rfc3986`, not `rfc3986@non-strict`:
//!   one score per document, all on the same footing);
//! - belong to a `parse` or `resolve` case (no adapter extracts or normalises);
//! - are not `unsupported`: the adapter does not offer the operation, or the document
//!   gives nothing to compare with. The latter is how documents with no relative form
//!   (draft-03, draft-06, RFC 1738) are treated: their resolve expectations are
//!   `not-defined`, which asks a resolver nothing, so those documents are scored on
//!   parse cases only (the `by_operation` key of `matrix.json` keeps the two apart).
//!
//! `crash`, `timeout` and `adapter-error` count in `total` and not in `agree`. Each
//! document is scored on the cases written for it, which differ from one document to
//! the next: the suite has no parse case that speaks to all eight documents (169 speak
//! to the six from 1993 to 1996), so a common basis would leave RFC 2396 and RFC 3986
//! out.
//!
//! `nearest` is the document with the best `agree / total` (documents with `total` 0
//! are not candidates; `null` when none is). Ties go to the larger `total` (more
//! evidence), then to the newer document. `departs` lists the rows of the divergence
//! table ([`crate::case::rows`], the `row:` tags of cases) with at least one record under the
//! nearest document, in the basis, that does not agree: where the parser leaves the
//! document it follows best.

use crate::judge::Class;
use crate::report::shell;
use crate::report::table::{headers, md_head, md_row, Align, Cell, HtmlTable};
use crate::report::text::{html as h, md_cell, md_code};
use crate::report::{doc_link, Column, Provenance, Record, Run, Unavailable};
use crate::run::certify;
use serde::ser::{Serialize, SerializeMap, Serializer};
use std::collections::{BTreeSet, HashMap};
use std::path::Path;
use urlcert_reference::{DocReading, Document, Reading};

/// `matrix.json`'s `format`.
pub const FORMAT: u32 = 1;

/// What the scores count, as `matrix.json`, `matrix.md` and `matrix.html` say it.
pub const BASIS: &str = "Each document's score counts this parser's records under the document's default reading, for parse and resolve cases, that are not `unsupported` (the adapter does not offer the operation, or the document gives nothing to compare with: resolve cases are `not-defined` under draft-03, draft-06 and RFC 1738, which are therefore scored on parse cases only). Crashes, timeouts and adapter errors count as not agreeing. Each document is scored on the cases written for it. `nearest` is the document with the best agree/total (ties: the larger total, then the newer document): the best agreement on this suite's cases, not a claim about what the parser's authors intended. `departs` lists the divergence-table rows with a record under the nearest document that does not agree.";

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

    fn add(&mut self, class: Class) {
        self.total += 1;
        if class == Class::Agree {
            self.agree += 1;
        }
    }
}

/// One score per document, in [`Document::ALL`] order (serialised as a map in that
/// order).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Scores(pub Vec<(Document, Score)>);

impl Scores {
    fn new() -> Self {
        Scores(
            Document::ALL
                .iter()
                .map(|&d| (d, Score::default()))
                .collect(),
        )
    }

    pub fn get(&self, doc: Document) -> Score {
        self.0
            .iter()
            .find(|(d, _)| *d == doc)
            .map(|x| x.1)
            .unwrap_or_default()
    }

    fn add(&mut self, doc: Document, class: Class) {
        if let Some((_, s)) = self.0.iter_mut().find(|(d, _)| *d == doc) {
            s.add(class);
        }
    }
}

impl Serialize for Scores {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (d, score) in &self.0 {
            m.serialize_entry(d.id(), score)?;
        }
        m.end()
    }
}

/// The scores of one operation.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct ByOperation {
    pub parse: Scores,
    pub resolve: Scores,
}

/// One parser's row.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Parser {
    pub adapter: String,
    pub version: String,
    /// `in-process`, the interpreter (`python3`, `node`, `java`, ...) or `native`.
    pub runtime: String,
    pub documents: Scores,
    pub nearest: Option<String>,
    /// Row slugs (`2.reg-name`), in the divergence table's order.
    pub departs: Vec<String>,
    // Metadata beyond the required keys.
    pub by_operation: ByOperation,
    /// The records of this parser in the run, counted or not.
    pub records: usize,
}

/// The whole matrix.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Matrix {
    pub format: u32,
    pub basis: &'static str,
    pub documents: Vec<&'static str>,
    pub provenance: Provenance,
    pub parsers: Vec<Parser>,
    pub unavailable: Vec<Unavailable>,
}

/// The runtime an adapter runs in, from its argv: `in-process` without one; the
/// interpreter family of `argv[0]` (`python3`, `node`, `java`, `ruby`, `perl`, `php`,
/// ...); otherwise `native` (a compiled program).
pub fn runtime(argv: Option<&[String]>) -> String {
    let Some(first) = argv.and_then(|a| a.first()) else {
        return "in-process".into();
    };
    let base = Path::new(first)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let base = base.strip_suffix(".exe").unwrap_or(&base).to_string();
    let family = base.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    match family {
        "python" | "pypy" => "python3".into(),
        "nodejs" | "node" => "node".into(),
        "java" | "ruby" | "perl" | "php" | "lua" | "luajit" | "deno" | "bun" | "go" | "dotnet"
        | "mono" | "Rscript" | "julia" | "erl" | "escript" | "elixir" | "guile" | "racket"
        | "sbcl" | "tclsh" | "ghc" | "runghc" | "swift" | "kotlin" | "scala" | "groovy"
        | "dart" | "crystal" | "nim" | "sh" | "bash" | "env" => family.into(),
        _ => "native".into(),
    }
}

/// The record's document when it is a default reading.
fn default_doc(r: &Record) -> Option<Document> {
    let d: DocReading = r.doc.parse().ok()?;
    (d.reading == Reading::Strict).then_some(d.doc)
}

/// Whether a record counts in its document's score (see the module's documentation).
fn in_basis(r: &Record) -> Option<Document> {
    if !matches!(r.op.as_str(), "parse" | "resolve") || r.class == Class::Unsupported {
        return None;
    }
    default_doc(r)
}

/// The document with the best ratio: ties to the larger total, then the newer document.
pub fn nearest(scores: &Scores) -> Option<Document> {
    let mut best: Option<(Document, Score)> = None;
    for &(d, s) in &scores.0 {
        if s.total == 0 {
            continue;
        }
        let better = match best {
            None => true,
            Some((_, b)) => {
                let (l, r) = (s.agree * b.total, b.agree * s.total);
                l > r || (l == r && s.total >= b.total)
            }
        };
        if better {
            best = Some((d, s));
        }
    }
    best.map(|(d, _)| d)
}

/// One parser's row from its column and the run's records.
fn parser(col: &Column, records: &[&Record]) -> Parser {
    let mut documents = Scores::new();
    let mut by_operation = ByOperation {
        parse: Scores::new(),
        resolve: Scores::new(),
    };
    for r in records {
        let Some(doc) = in_basis(r) else { continue };
        documents.add(doc, r.class);
        match r.op.as_str() {
            "parse" => by_operation.parse.add(doc, r.class),
            _ => by_operation.resolve.add(doc, r.class),
        }
    }
    let near = nearest(&documents);
    let mut departs: BTreeSet<(usize, String)> = BTreeSet::new();
    if let Some(near) = near {
        for r in records {
            if in_basis(r) == Some(near) && r.class != Class::Agree {
                for t in &r.tags {
                    if let Some(slug) = t.strip_prefix("row:") {
                        let at = crate::case::rows::ROWS
                            .iter()
                            .position(|row| row.slug == slug)
                            .unwrap_or(usize::MAX);
                        departs.insert((at, slug.to_string()));
                    }
                }
            }
        }
    }
    Parser {
        adapter: col.name.clone(),
        version: col.version.clone(),
        runtime: runtime(col.argv.as_deref()),
        documents,
        nearest: near.map(|d| d.id().to_string()),
        departs: departs.into_iter().map(|x| x.1).collect(),
        by_operation,
        records: records.len(),
    }
}

/// The matrix of a run: one parser per column but the reference's, in column order.
pub fn build(run: &Run) -> Matrix {
    let mut of: HashMap<&str, Vec<&Record>> = HashMap::new();
    for r in &run.records {
        of.entry(r.adapter.as_str()).or_default().push(r);
    }
    let parsers = run
        .columns
        .iter()
        .filter(|c| c.name != certify::REFERENCE)
        .map(|c| parser(c, of.get(c.name.as_str()).map_or(&[][..], Vec::as_slice)))
        .collect();
    Matrix {
        format: FORMAT,
        basis: BASIS,
        documents: Document::ALL.iter().map(|d| d.id()).collect(),
        provenance: run.provenance.clone(),
        parsers,
        unavailable: run.unavailable.clone(),
    }
}

/// `matrix.json`.
pub fn json(m: &Matrix) -> String {
    let mut s = serde_json::to_string_pretty(m).unwrap_or_default();
    s.push('\n');
    s
}

pub fn percent(s: Score) -> Option<String> {
    s.ratio().map(|r| format!("{:.1}%", r * 100.0))
}

fn row_title(slug: &str) -> &'static str {
    crate::case::rows::ROWS
        .iter()
        .find(|r| r.slug == slug)
        .map_or("(not a row of the table)", |r| r.title)
}

/// `matrix.md`: parser × document, percentages, the nearest in bold.
pub fn markdown(m: &Matrix) -> String {
    let mut out = String::from("# The parser matrix\n\n");
    out.push_str(&format!(
        "Run {} of urlcert {}, case files sha256 `{}`. {}\n\n",
        md_cell(&m.provenance.run),
        md_cell(&m.provenance.urlcert_version),
        md_cell(&m.provenance.cases_sha256),
        BASIS
    ));
    out.push_str(&table(m));
    out.push_str("\n## Where each parser departs from its nearest document\n\n");
    for p in &m.parsers {
        let near = p.nearest.as_deref().unwrap_or("none");
        if p.departs.is_empty() {
            out.push_str(&format!(
                "- {} (nearest {near}): no row\n",
                md_code(&p.adapter)
            ));
            continue;
        }
        let rows: Vec<String> = p
            .departs
            .iter()
            .map(|s| format!("{} ({})", md_code(s), md_cell(row_title(s))))
            .collect();
        out.push_str(&format!(
            "- {} (nearest {near}): {}\n",
            md_code(&p.adapter),
            rows.join(", ")
        ));
    }
    if !m.unavailable.is_empty() {
        out.push_str("\n## Not in the matrix (unavailable here)\n\n");
        for u in &m.unavailable {
            out.push_str(&format!(
                "- {}: {} (install: {})\n",
                md_code(&u.name),
                md_cell(&u.why),
                md_code(&u.install)
            ));
        }
    }
    out
}

/// The Markdown table alone (what the README shows).
pub fn table(m: &Matrix) -> String {
    let mut head = vec!["Parser", "Version", "Runtime"];
    head.extend(Document::ALL.iter().map(|d| d.id()));
    head.push("Nearest");
    let mut align = vec![Align::Left; 3];
    align.extend(Document::ALL.iter().map(|_| Align::Right));
    align.push(Align::Left);
    let mut out = md_head(&head, &align);
    for p in &m.parsers {
        let mut row = vec![
            md_code(&p.adapter),
            md_cell(&p.version),
            md_cell(&p.runtime),
        ];
        for &(d, s) in &p.documents.0 {
            row.push(match percent(s) {
                None => "–".to_string(),
                Some(pc) if p.nearest.as_deref() == Some(d.id()) => {
                    format!("**{pc}** ({}/{})", s.agree, s.total)
                }
                Some(pc) => format!("{pc} ({}/{})", s.agree, s.total),
            });
        }
        row.push(
            p.nearest
                .as_deref()
                .map_or("–".into(), |n| format!("**{n}**")),
        );
        out.push_str(&md_row(&row));
    }
    out
}

/// A cell's background: red (0%) through yellow to green (100%), light enough for
/// dark text.
fn colour(ratio: f64) -> String {
    let hue = (ratio.clamp(0.0, 1.0) * 120.0).round();
    format!("hsl({hue}, 70%, 78%)")
}

/// `matrix.html`'s stylesheet: a heatmap's, its own.
const MATRIX_STYLE: &str =
    "body { font-family: system-ui, sans-serif; margin: 2em; color: #111; }\n\
         table { border-collapse: collapse; }\n\
         th, td { border: 1px solid #999; padding: 0.3em 0.45em; white-space: nowrap; }\n\
         td.version { white-space: normal; max-width: 8em; }\n\
         th { background: #eee; }\n\
         tbody th { text-align: left; }\n\
         td.score { text-align: center; font-variant-numeric: tabular-nums; }\n\
         td.score small { display: block; color: #333; }\n\
         td.nearest { font-weight: bold; outline: 3px solid #000; outline-offset: -3px; }\n\
         td.none { background: #f4f4f4; color: #777; }\n\
         code { font-size: 0.95em; }\n\
         .key span { display: inline-block; width: 4em; text-align: center; padding: 0.2em; }\n\
         p.basis { max-width: 60em; }\n";

/// The heatmap's table: a row per parser, a column per document, each cell coloured by
/// its agreement, the nearest document's framed.
fn heatmap(m: &Matrix) -> String {
    let mut table = HtmlTable::new(None).with_sections();
    let mut head = headers(&["Parser", "Version", "Runtime"]);
    head.extend(
        Document::ALL
            .iter()
            .map(|d| Cell::markup(doc_link(*d, d.id())).header()),
    );
    head.extend(headers(&["Nearest"]));
    table.head(head);
    for p in &m.parsers {
        let mut row = vec![
            Cell::code(&p.adapter).header().attribute("scope", "row"),
            Cell::text(&p.version).class("version"),
            Cell::text(&p.runtime),
        ];
        for &(d, s) in &p.documents.0 {
            row.push(match s.ratio() {
                None => Cell::text("–").class("score none"),
                Some(r) => {
                    let near = if p.nearest.as_deref() == Some(d.id()) {
                        " nearest"
                    } else {
                        ""
                    };
                    Cell::markup(format!(
                        "{:.1}%<small>{}/{}</small>",
                        r * 100.0,
                        s.agree,
                        s.total
                    ))
                    .class(format!("score{near}"))
                    .attribute("style", format!("background: {}", colour(r)))
                    .title(format!(
                        "{} of {} under {}",
                        s.agree,
                        s.total,
                        d.id()
                    ))
                }
            });
        }
        row.push(Cell::markup(format!(
            "<strong>{}</strong>",
            h(p.nearest.as_deref().unwrap_or("–"))
        )));
        table.row(row);
    }
    table.end()
}

/// `matrix.html`: the heatmap, readable without JavaScript.
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
        "<p class=\"basis\">{}</p>\n",
        h(&BASIS.replace('`', "\""))
    ));
    out.push_str("<p class=\"key\">Agreement: ");
    for pc in [0, 25, 50, 75, 100] {
        out.push_str(&format!(
            "<span style=\"background: {}\">{pc}%</span> ",
            colour(f64::from(pc) / 100.0)
        ));
    }
    out.push_str("; a framed, bold cell is the nearest document; – : nothing counted.</p>\n");
    out.push_str(&heatmap(m));
    out.push_str("<h2>Where each parser departs from its nearest document</h2>\n<ul>\n");
    for p in &m.parsers {
        let rows: Vec<String> = p
            .departs
            .iter()
            .map(|s| format!("<code>{}</code> ({})", h(s), h(row_title(s))))
            .collect();
        out.push_str(&format!(
            "<li><code>{}</code> (nearest {}): {}</li>\n",
            h(&p.adapter),
            h(p.nearest.as_deref().unwrap_or("none")),
            if rows.is_empty() {
                "no row".to_string()
            } else {
                rows.join(", ")
            }
        ));
    }
    out.push_str("</ul>\n");
    if !m.unavailable.is_empty() {
        out.push_str("<h2>Not in the matrix (unavailable here)</h2>\n<ul>\n");
        for u in &m.unavailable {
            out.push_str(&format!(
                "<li><code>{}</code>: {} (install: <code>{}</code>)</li>\n",
                h(&u.name),
                h(&u.why),
                h(&u.install)
            ));
        }
        out.push_str("</ul>\n");
    }
    out.push_str(shell::CLOSE);
    out
}

/// The three files: (name, contents).
pub fn render_files(m: &Matrix) -> Vec<(String, String)> {
    vec![
        ("matrix.json".into(), json(m)),
        ("matrix.md".into(), markdown(m)),
        ("matrix.html".into(), html(m)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scores(v: &[(Document, usize, usize)]) -> Scores {
        let mut s = Scores::new();
        for &(d, agree, total) in v {
            if let Some(x) = s.0.iter_mut().find(|x| x.0 == d) {
                x.1 = Score { agree, total };
            }
        }
        s
    }

    #[test]
    fn nearest_is_the_best_ratio_then_the_larger_total_then_the_newer_document() {
        use Document::*;
        assert_eq!(
            nearest(&scores(&[(Rfc1738, 9, 10), (Rfc3986, 8, 10)])),
            Some(Rfc1738)
        );
        // 9/10 and 18/20: the larger total.
        assert_eq!(
            nearest(&scores(&[(Rfc1738, 18, 20), (Rfc3986, 9, 10)])),
            Some(Rfc1738)
        );
        // Same ratio, same total: the newer document.
        assert_eq!(
            nearest(&scores(&[
                (Rfc2396, 5, 10),
                (Rfc3986, 5, 10),
                (Draft02, 5, 10)
            ])),
            Some(Rfc3986)
        );
        // Nothing counted: none.
        assert_eq!(nearest(&Scores::new()), None);
    }

    #[test]
    fn runtimes_from_argv() {
        let a = |v: &[&str]| runtime(Some(&v.iter().map(|s| s.to_string()).collect::<Vec<_>>()));
        assert_eq!(runtime(None), "in-process");
        assert_eq!(a(&["/root/.pyenv/shims/python3", "x.py"]), "python3");
        assert_eq!(a(&["/x/.deps/venv/bin/python3.11"]), "python3");
        assert_eq!(a(&["/usr/bin/node", "x.js"]), "node");
        assert_eq!(a(&["java", "-cp", "x"]), "java");
        assert_eq!(a(&["/t/urlcert-adapters/curl_url"]), "native");
    }
}
