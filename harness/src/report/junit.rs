//! `junit.xml` for CI dashboards: one `<testsuite>` per adapter, one `<testcase>` per
//! case × document, a `<failure>` for every outcome that is not `agree`, except that a
//! failure the certified adapter's expected-failure list names is `<skipped>`, with the
//! list named as the reason: a CI's test tab stays green until something regresses,
//! and still shows every known divergence as skipped. Every string
//! is escaped with [`xml`]: markup characters as entities, and characters XML 1.0
//! cannot hold at all (control characters, U+FFFE, U+FFFF) or that act instead of
//! showing ([`crate::report::text::visible`]'s bidi and invisible characters) as `\u{..}`.

use super::record::{class_id, records_of, Record, Run};
use super::summary;
use crate::judge::Class;
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

pub fn render(run: &Run) -> String {
    let s = summary::build(run);
    // A failure the expected-failure list names: skipped, not failed.
    let listed =
        |r: &Record| r.class != Class::Agree && run.ledger.as_ref().is_some_and(|l| l.lists(r));
    // Counted in one pass over the records, not one per adapter.
    let mut skipped_by: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for r in run.records.iter().filter(|r| listed(r)) {
        *skipped_by.entry(&r.adapter).or_default() += 1;
    }
    let skipped_of = |name: &str| skipped_by.get(name).copied().unwrap_or(0);
    let failures_of =
        |a: &summary::AdapterSummary| a.total - a.count(Class::Agree) - skipped_of(&a.name);
    let failures: usize = s.adapters.iter().map(failures_of).sum();
    let skipped: usize = skipped_by.values().sum();
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<testsuites name=\"urlcert {}\" tests=\"{}\" failures=\"{failures}\" errors=\"0\" skipped=\"{skipped}\">",
        xml(&run.provenance.run),
        run.records.len()
    );
    for a in &s.adapters {
        let _ = writeln!(
            out,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"{}\" timestamp=\"{}\">",
            xml(&a.name),
            a.total,
            failures_of(a),
            skipped_of(&a.name),
            xml(run.provenance.time.trim_end_matches('Z'))
        );
        let _ = writeln!(
            out,
            "    <properties><property name=\"version\" value=\"{}\"/><property name=\"cases_sha256\" value=\"{}\"/></properties>",
            xml(&a.version),
            xml(&run.provenance.cases_sha256)
        );
        for r in records_of(run, &a.name) {
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
            let what = match &r.component {
                Some(c) => format!("{}: {c}", class_id(r.class)),
                None => class_id(r.class).to_string(),
            };
            let base = r
                .base
                .as_ref()
                .map(|b| format!("base: {b}\n"))
                .unwrap_or_default();
            let detail = xml_text(&format!(
                "{base}input: {}\nexpected: {}\nactual: {}",
                r.input, r.expected, r.actual
            ));
            match run.ledger.as_ref().filter(|_| listed(r)) {
                Some(ledger) => {
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
                    let _ = writeln!(
                        out,
                        ">\n      <failure type=\"{}\" message=\"{}\">{detail}</failure>\n    </testcase>",
                        class_id(r.class),
                        xml(&what),
                    );
                }
            }
        }
        out.push_str("  </testsuite>\n");
    }
    out.push_str("</testsuites>\n");
    out
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
