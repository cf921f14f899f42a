//! `junit.xml` for CI dashboards, one `<testsuite>` per adapter, sized to what it holds:
//!
//! - **Per case.** The reference's outcomes, and every adapter's when the report holds
//!   one adapter (`urlcert certify`, or `run --adapter NAME`): one `<testcase>` per
//!   case × document, a `<failure>` for every outcome that is not `agree`, except that a
//!   failure the adapter's expected-failure list names is `<skipped>`, with the list
//!   named as the reason: a CI's test tab stays green until something regresses, and
//!   still shows every known divergence as skipped.
//! - **Per document.** With several adapters (a full `urlcert run`: some 190,000
//!   outcomes, 47 MB as test cases), each adapter's `<testcase>`s are its documents and
//!   readings: a `<failure>` when the document has failures its list does not name (or
//!   any, when the adapter has no list), the first of them in the body; a pass, the
//!   counts in `<system-out>`, otherwise. `urlcert certify` gives one adapter's per case.
//!
//! Every string is escaped with [`xml`]: markup characters as entities, and characters
//! XML 1.0 cannot hold at all (control characters, U+FFFE, U+FFFF) or that act instead
//! of showing ([`crate::report::text::visible`]'s bidi and invisible characters) as
//! `\u{..}`.

use super::record::{bound_to, class_id, records_of, Record, Run};
use super::summary;
use crate::judge::Class;
use std::collections::BTreeMap;
use std::fmt::Write;

/// Text for XML element content or a quoted attribute value.
pub fn xml(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if crate::report::text::is_hidden(c) || c == '\u{FFFE}' || c == '\u{FFFF}' => {
                out.push_str(&c.escape_unicode().to_string())
            }
            c => out.push(c),
        }
    }
    out
}

/// How many of a document's new failures a per-document `<failure>` shows.
const SHOWN_PER_DOCUMENT: usize = 10;

/// The longest expected or actual text a per-document `<failure>` line shows, in
/// bytes; the certificate has all of it.
const SHOWN_TEXT: usize = 200;

pub fn render(run: &Run) -> String {
    let s = summary::build(run);
    let adapters = s
        .adapters
        .iter()
        .filter(|a| a.name != crate::ask::reference::REFERENCE);
    let per_case = adapters.count() <= 1;
    let suites: Vec<Suite> = s
        .adapters
        .iter()
        .map(|a| {
            if per_case || a.name == crate::ask::reference::REFERENCE {
                cases_suite(run, a)
            } else {
                documents_suite(run, a)
            }
        })
        .collect();
    let sum = |f: fn(&Suite) -> usize| suites.iter().map(f).sum::<usize>();
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<testsuites name=\"urlcert {}\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"{}\">",
        xml(&run.provenance.run),
        sum(|s| s.tests),
        sum(|s| s.failures),
        sum(|s| s.skipped),
    );
    for (a, suite) in s.adapters.iter().zip(&suites) {
        let _ = writeln!(
            out,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"{}\" timestamp=\"{}\">",
            xml(&a.name),
            suite.tests,
            suite.failures,
            suite.skipped,
            xml(run.provenance.time.trim_end_matches('Z'))
        );
        let _ = writeln!(
            out,
            "    <properties><property name=\"version\" value=\"{}\"/><property name=\"cases_sha256\" value=\"{}\"/></properties>",
            xml(&a.version),
            xml(&run.provenance.cases_sha256)
        );
        out.push_str(&suite.body);
        out.push_str("  </testsuite>\n");
    }
    out.push_str("</testsuites>\n");
    out
}

/// One adapter's `<testcase>`s and their counts.
#[derive(Default)]
struct Suite {
    tests: usize,
    failures: usize,
    skipped: usize,
    body: String,
}

/// `class` or `class: component`.
fn what(r: &Record) -> String {
    match &r.component {
        Some(c) => format!("{}: {c}", class_id(r.class)),
        None => class_id(r.class).to_string(),
    }
}

/// One `<testcase>` per case × document.
fn cases_suite(run: &Run, a: &summary::AdapterSummary) -> Suite {
    let mut suite = Suite::default();
    let out = &mut suite.body;
    for r in records_of(run, &a.name) {
        suite.tests += 1;
        let (file, line) = match r.location.rsplit_once(':') {
            Some((f, l)) if l.parse::<usize>().is_ok() => (f, l),
            _ => (r.location.as_str(), "0"),
        };
        let _ = write!(
            out,
            "    <testcase classname=\"{}\" name=\"{}\" file=\"{}\" line=\"{}\" time=\"{:.3}\"",
            xml(&a.name),
            xml(&r.key()),
            xml(file),
            xml(line),
            r.elapsed_ms as f64 / 1000.0
        );
        if r.class == Class::Agree {
            out.push_str("/>\n");
            continue;
        }
        let what = what(r);
        let base = r
            .base
            .as_ref()
            .map(|b| format!("base: {b}\n"))
            .unwrap_or_default();
        let detail = xml_text(&format!(
            "{base}input: {}\nexpected: {}\nactual: {}",
            r.input, r.expected, r.actual
        ));
        match run.ledger_of(&r.adapter).filter(|_| run.listed(r)) {
            Some(ledger) => {
                suite.skipped += 1;
                let _ = writeln!(
                    out,
                    ">\n      <skipped message=\"{}\">{detail}</skipped>\n    </testcase>",
                    xml(&format!(
                        "expected failure ({what}), listed in {}",
                        ledger.list
                    )),
                );
            }
            None => {
                suite.failures += 1;
                let _ = writeln!(
                    out,
                    ">\n      <failure type=\"{}\" message=\"{}\">{detail}</failure>\n    </testcase>",
                    class_id(r.class),
                    xml(&what),
                );
            }
        }
    }
    suite
}

/// One `<testcase>` per document or reading, in the agreement tables' order.
fn documents_suite(run: &Run, a: &summary::AdapterSummary) -> Suite {
    let mut by_doc: BTreeMap<&str, Vec<&Record>> = BTreeMap::new();
    for r in records_of(run, &a.name) {
        by_doc.entry(r.doc.as_str()).or_default().push(r);
    }
    let (documents, readings) = summary::agreement_columns(run);
    let ledger = run.ledger_of(&a.name);
    let mut suite = Suite::default();
    let out = &mut suite.body;
    for doc in documents.iter().chain(&readings) {
        let Some(records) = by_doc.get(doc.as_str()) else {
            continue;
        };
        suite.tests += 1;
        let agree = records.iter().filter(|r| r.class == Class::Agree).count();
        let failed: Vec<&Record> = records
            .iter()
            .copied()
            .filter(|r| r.class != Class::Agree)
            .collect();
        let new: Vec<&Record> = failed.iter().copied().filter(|r| !run.listed(r)).collect();
        let ms: u64 = records.iter().map(|r| r.elapsed_ms).sum();
        let _ = write!(
            out,
            "    <testcase classname=\"{}\" name=\"{}\" time=\"{:.3}\">",
            xml(&a.name),
            xml(doc),
            ms as f64 / 1000.0
        );
        let counts = format!(
            "{agree} of {} outcomes agree; {} failures, {} listed{}",
            records.len(),
            failed.len(),
            failed.len() - new.len(),
            ledger.map_or(" (no expected-failure list)".to_string(), |l| format!(
                " in {}",
                l.list
            )),
        );
        if new.is_empty() {
            let _ = writeln!(out, "<system-out>{}</system-out></testcase>", xml(&counts));
            continue;
        }
        suite.failures += 1;
        let failures = if new.len() == 1 {
            "failure"
        } else {
            "failures"
        };
        let message = match ledger {
            Some(l) => format!("{} {failures} not listed in {}", new.len(), l.list),
            None => format!("{} {failures} (no expected-failure list)", new.len()),
        };
        let mut detail = String::new();
        for r in new.iter().take(SHOWN_PER_DOCUMENT) {
            let _ = writeln!(
                detail,
                "{} ({}): expected {} / actual {}",
                r.key(),
                what(r),
                bound_to(&r.expected, SHOWN_TEXT),
                bound_to(&r.actual, SHOWN_TEXT)
            );
        }
        if new.len() > SHOWN_PER_DOCUMENT {
            let _ = writeln!(
                detail,
                "… and {} more: {} lists every one",
                new.len() - SHOWN_PER_DOCUMENT,
                super::certificate::html_file_name(&a.name)
            );
        }
        let _ = writeln!(
            out,
            "\n      <failure type=\"new\" message=\"{}\">{}{}</failure>\n    </testcase>",
            xml(&message),
            xml_text(&detail),
            xml(&counts)
        );
    }
    suite
}

/// Element text that keeps its line breaks: each line escaped with [`xml`].
fn xml_text(s: &str) -> String {
    s.split('\n').map(xml).collect::<Vec<_>>().join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xml_escapes_markup_and_what_xml_cannot_hold() {
        assert_eq!(
            xml("]]><a b='c'>&\u{1}\u{FFFF}"),
            "]]&gt;&lt;a b=&apos;c&apos;&gt;&amp;\\u{1}\\u{ffff}"
        );
    }
}
