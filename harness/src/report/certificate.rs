//! `certificate-<adapter>.md`: how one parser stands against the documents: its score
//! per document and per tag, and every failure with a diff of what the document says
//! against what the parser said, rendered with `similar`.

use super::{class_id, file_safe, md_fenced, records_of, summary, Record, Run, CLASSES};
use crate::judge::Class;
use crate::text::{md_cell, md_code};
use similar::{ChangeTag, TextDiff};

/// `certificate-<name>.md`. A name that has to be changed to be safe in a file name
/// also gets the start of its SHA-256, so two such names never share a file.
pub fn file_name(adapter: &str) -> String {
    let safe = file_safe(adapter);
    if safe == adapter {
        return format!("certificate-{safe}.md");
    }
    use sha2::{Digest, Sha256};
    let hash: String = Sha256::digest(adapter.as_bytes())[..4]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("certificate-{safe}-{hash}.md")
}

/// The certificate of `adapter` in `run`. `full`: the file, with the scores per tag and
/// every failure with its diff; without, the score and the scores per document (what
/// `certify` prints last).
pub fn render(run: &Run, adapter: &str, full: bool) -> String {
    let s = summary::build(run);
    let Some(a) = s.adapters.iter().find(|a| a.name == adapter) else {
        return format!("# Certificate: {}\n\nNot in this run.\n", md_code(adapter));
    };
    let p = &run.provenance;
    let argv = a
        .argv
        .as_ref()
        .map(|v| md_code(&v.join(" ")))
        .unwrap_or_else(|| "in-process".into());
    let mut out = format!(
        "# Certificate: {}\n\nVersion {}, command {argv}. urlcert {}, case set sha-256 {}, run {} started {}.\n\n",
        md_code(&a.name),
        md_code(&a.version),
        md_code(&p.urlcert_version),
        md_code(&p.cases_sha256),
        md_code(&p.run),
        md_code(&p.time),
    );
    out.push_str(&format!(
        "**Score: {} of {} outcomes agree with the documents ({:.1}%).**\n\n",
        a.count(Class::Agree),
        a.total,
        a.score()
    ));
    let header = |first: &str| {
        let mut h = format!("| {first} | agree | total | score |");
        for c in &CLASSES[1..] {
            h.push_str(&format!(" {} |", class_id(*c)));
        }
        h.push_str("\n|---|---:|---:|---:|");
        h.push_str(&"---:|".repeat(CLASSES.len() - 1));
        h.push('\n');
        h
    };
    let line = |name: &str, counts: &summary::Counts| {
        let n = |c: Class| counts.get(class_id(c)).copied().unwrap_or(0);
        let total: usize = counts.values().sum();
        let mut l = format!(
            "| {} | {} | {total} | {:.1}% |",
            md_code(name),
            n(Class::Agree),
            summary::percent(n(Class::Agree), total)
        );
        for c in &CLASSES[1..] {
            l.push_str(&format!(" {} |", n(*c)));
        }
        l.push('\n');
        l
    };
    out.push_str("## Score per document\n\n");
    out.push_str(&header("document"));
    for (doc, counts) in &a.documents {
        out.push_str(&line(doc, counts));
    }
    if !full {
        return out;
    }
    if !a.tags.is_empty() {
        out.push_str("\n## Score per tag\n\n");
        out.push_str(&header("tag"));
        for (tag, counts) in &a.tags {
            out.push_str(&line(tag, counts));
        }
    }
    let failed: Vec<&Record> = records_of(run, adapter)
        .filter(|r| r.class != Class::Agree)
        .collect();
    out.push_str(&format!("\n## Failures ({})\n", failed.len()));
    if failed.is_empty() {
        out.push_str("\nNone: every outcome agrees with the documents.\n");
    }
    for r in failed {
        out.push_str(&failure(r));
    }
    out
}

fn failure(r: &Record) -> String {
    let what = match &r.component {
        Some(c) => format!("{}, first at component {}", class_id(r.class), md_code(c)),
        None => class_id(r.class).to_string(),
    };
    let mut out = format!(
        "\n### {} — {what}\n\nAt {}. Input {}",
        md_code(&r.key()),
        md_code(&r.location),
        md_code(&r.input)
    );
    if let Some(b) = &r.base {
        out.push_str(&format!(", base {}", md_code(b)));
    }
    out.push_str(&format!(". Operation {}.\n\n", md_cell(&r.op)));
    out.push_str(&md_fenced("diff", &diff(&r.expected, &r.actual)));
    out
}

/// A unified line diff of `expected` against `actual`, then, for one-line values, the
/// same change word by word: `[-removed-]{+added+}`.
pub fn diff(expected: &str, actual: &str) -> String {
    let e = format!("{expected}\n");
    let a = format!("{actual}\n");
    let mut out = TextDiff::from_lines(&e, &a)
        .unified_diff()
        .header("expected (the document)", "actual (the adapter)")
        .to_string();
    if !expected.contains('\n') && !actual.contains('\n') && expected != actual {
        out.push_str("words: ");
        // Consecutive changes of one kind are shown as one.
        let mut runs: Vec<(ChangeTag, String)> = Vec::new();
        for change in TextDiff::from_words(expected, actual).iter_all_changes() {
            match runs.last_mut() {
                Some((tag, text)) if *tag == change.tag() => text.push_str(change.value()),
                _ => runs.push((change.tag(), change.value().to_string())),
            }
        }
        for (tag, v) in runs {
            match tag {
                ChangeTag::Equal => out.push_str(&v),
                ChangeTag::Delete => out.push_str(&format!("[-{v}-]")),
                ChangeTag::Insert => out.push_str(&format!("{{+{v}+}}")),
            }
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changed_names_do_not_share_a_file() {
        assert_eq!(
            file_name("curl@allow-space"),
            "certificate-curl@allow-space.md"
        );
        let (a, b) = (file_name("a/b"), file_name("a_b"));
        assert_ne!(a, b);
        assert!(
            a.starts_with("certificate-a_b-") && a.ends_with(".md"),
            "{a}"
        );
    }

    #[test]
    fn the_diff_shows_lines_and_words() {
        let d = diff("verdict valid; host \"a\"", "verdict valid; host \"b\"");
        assert!(d.contains("-verdict valid; host \"a\""), "{d}");
        assert!(d.contains("+verdict valid; host \"b\""), "{d}");
        assert!(
            d.contains("words: verdict valid; host [-\"a\"-]{+\"b\"+}"),
            "{d}"
        );
    }
}
