//! Case files: loading, with errors that name the file, line, column and case, and
//! validation of what serde cannot check (unique ids, citations, known names).

pub mod answer;
pub mod schema;

pub use schema::*;

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};
use urlcert_reference::{Document, Reading, Rule, Verdict};

/// A case with where it came from.
#[derive(Clone, Debug)]
pub struct LoadedCase {
    pub case: Case,
    pub file: PathBuf,
    /// 1-based line of its `id:` key.
    pub line: usize,
}

/// One problem found while loading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    pub file: PathBuf,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub case: Option<String>,
    pub message: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        if let Some(l) = self.line {
            write!(f, ":{l}")?;
            if let Some(c) = self.column {
                write!(f, ":{c}")?;
            }
        }
        if let Some(id) = &self.case {
            write!(f, ": case `{id}`")?;
        }
        write!(f, ": {}", self.message)
    }
}

/// Every case of every file, or every problem found.
#[derive(Debug, Default)]
pub struct Suite {
    pub cases: Vec<LoadedCase>,
    pub files: Vec<PathBuf>,
}

/// Is `path` a case file? `*.yaml`, not starting with `_`.
pub fn is_case_file(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    name.ends_with(".yaml") && !name.starts_with('_')
}

/// Loads every case file below `dir`, in path order. Ids must be unique across files.
pub fn load_dir(dir: &Path) -> Result<Suite, Vec<LoadError>> {
    let mut files = Vec::new();
    if let Err(e) = walk(dir, &mut files) {
        return Err(vec![LoadError {
            file: dir.to_path_buf(),
            line: None,
            column: None,
            case: None,
            message: format!("cannot read the case folder: {e}"),
        }]);
    }
    files.sort();
    let mut suite = Suite::default();
    let mut errors = Vec::new();
    for file in &files {
        match load_file(file) {
            Ok(cases) => suite.cases.extend(cases),
            Err(mut e) => errors.append(&mut e),
        }
    }
    errors.extend(duplicate_ids(&suite.cases));
    suite.files = files;
    if errors.is_empty() {
        Ok(suite)
    } else {
        Err(errors)
    }
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            walk(&path, out)?;
        } else if is_case_file(&path) {
            out.push(path);
        }
    }
    Ok(())
}

fn duplicate_ids(cases: &[LoadedCase]) -> Vec<LoadError> {
    let mut first: HashMap<&str, &LoadedCase> = HashMap::new();
    let mut errors = Vec::new();
    for c in cases {
        if let Some(prev) = first.get(c.case.id.as_str()) {
            errors.push(LoadError {
                file: c.file.clone(),
                line: Some(c.line),
                column: None,
                case: Some(c.case.id.clone()),
                message: format!(
                    "duplicate id: already used at {}:{}",
                    prev.file.display(),
                    prev.line
                ),
            });
        } else {
            first.insert(&c.case.id, c);
        }
    }
    errors
}

/// Loads and validates one file. Ids are checked for uniqueness within the file.
pub fn load_file(path: &Path) -> Result<Vec<LoadedCase>, Vec<LoadError>> {
    let err = |line: Option<usize>,
               column: Option<usize>,
               case: Option<String>,
               message: String| LoadError {
        file: path.to_path_buf(),
        line,
        column,
        case,
        message,
    };
    let bytes = std::fs::read(path)
        .map_err(|e| vec![err(None, None, None, format!("cannot read: {e}"))])?;
    let text = match std::str::from_utf8(&bytes) {
        Ok(t) => t,
        Err(e) => {
            let (line, column) = line_col(&bytes, e.valid_up_to());
            return Err(vec![err(
                Some(line),
                Some(column),
                None,
                format!(
                    "not valid UTF-8 (byte {:#04x} at offset {})",
                    bytes[e.valid_up_to()],
                    e.valid_up_to()
                ),
            )]);
        }
    };
    let ids = id_lines(text);
    let file: CaseFile = serde_yaml::from_str(text).map_err(|e| {
        let (line, column) = e.location().map(|l| (l.line(), l.column())).unzip();
        let case = line
            .and_then(|l| ids.iter().rev().find(|(_, at)| *at <= l))
            .map(|(id, _)| id.clone());
        vec![err(line, column, case, strip_location(&e.to_string()))]
    })?;
    // The k-th case with an id stands at the k-th `id:` line with that id.
    let mut lines_of: HashMap<&str, std::collections::VecDeque<usize>> = HashMap::new();
    for (id, line) in &ids {
        lines_of.entry(id).or_default().push_back(*line);
    }
    let mut first_line: HashMap<String, usize> = HashMap::new();
    let mut errors = Vec::new();
    let mut cases = Vec::new();
    for case in file.cases {
        let line = lines_of
            .get_mut(case.id.as_str())
            .and_then(|l| l.pop_front())
            .unwrap_or(0);
        for problem in validate(&case) {
            errors.push(err(Some(line), None, Some(case.id.clone()), problem));
        }
        match first_line.get(&case.id) {
            Some(prev) => errors.push(err(
                Some(line),
                None,
                Some(case.id.clone()),
                format!("duplicate id: already used at line {prev}"),
            )),
            None => {
                first_line.insert(case.id.clone(), line);
            }
        }
        cases.push(LoadedCase {
            case,
            file: path.to_path_buf(),
            line,
        });
    }
    if errors.is_empty() {
        Ok(cases)
    } else {
        Err(errors)
    }
}

/// serde_yaml appends " at line L column C"; the location is printed separately.
fn strip_location(msg: &str) -> String {
    match msg.rfind(" at line ") {
        Some(i) => msg[..i].to_string(),
        None => msg.to_string(),
    }
}

fn line_col(bytes: &[u8], offset: usize) -> (usize, usize) {
    let before = &bytes[..offset];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let column = offset
        - before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p + 1)
        + 1;
    (line, column)
}

/// The `id:` keys of a file and their lines, found by reading the text, because serde
/// keeps no positions for values that deserialize without error.
fn id_lines(text: &str) -> Vec<(String, usize)> {
    text.lines()
        .enumerate()
        .filter_map(|(n, line)| {
            let t = line
                .trim_start()
                .strip_prefix("- ")
                .unwrap_or(line.trim_start());
            let t = t.trim_start_matches(['{', ' ']);
            let rest = t.strip_prefix("id:")?;
            let value = rest
                .trim()
                .split([',', '}', '#'])
                .next()?
                .trim()
                .trim_matches(['"', '\'']);
            (!value.is_empty()).then(|| (value.to_string(), n + 1))
        })
        .collect()
}

/// What serde cannot check.
pub fn validate(case: &Case) -> Vec<String> {
    let mut problems = Vec::new();
    let id_ok = case
        .id
        .bytes()
        .next()
        .is_some_and(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        && case
            .id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"._-".contains(&b));
    if !id_ok {
        problems.push("id must match [a-z0-9][a-z0-9._-]*".to_string());
    }
    if case.cite.is_empty() {
        problems.push("missing citation: `cite` needs at least one {doc, section}".to_string());
    }
    for c in &case.cite {
        if c.section.trim().is_empty() {
            problems.push(format!("citation of {} has an empty section", c.doc.0));
        }
    }
    if case.expect.is_empty() {
        problems.push("`expect` names no document".to_string());
    }
    match case.op {
        Op::Parse => {
            if case.base.is_some() {
                problems.push("`base` belongs to resolve cases only".to_string());
            }
            for (key, e) in &case.expect {
                validate_parse(key, e, &mut problems);
            }
            problems.extend(parse_divergence_tag(case));
        }
        Op::Resolve => {
            let base = case.base.as_deref();
            if base.is_none() {
                problems.push("a resolve case needs `base`".to_string());
            }
            for (key, e) in &case.expect {
                validate_resolve(key, e, base.unwrap_or(""), &mut problems);
            }
            problems.extend(resolve_tags(case));
        }
        Op::Extract => {
            if case.base.is_some() {
                problems.push("`base` belongs to resolve cases only".to_string());
            }
            for (key, e) in &case.expect {
                validate_extract(key, e, case.input.len(), &mut problems);
            }
        }
    }
    problems.extend(row_tags(case));
    problems
}

/// A parse case is tagged `divergence` exactly when two documents' expectations (default
/// readings) differ in verdict or in a component both assert.
fn parse_divergence_tag(case: &Case) -> Vec<String> {
    let strict: Vec<_> = case
        .expect
        .iter()
        .filter(|(k, _)| k.0.reading == Reading::Strict)
        .collect();
    let first_change = strict.iter().enumerate().find_map(|(i, (ka, a))| {
        strict[i + 1..]
            .iter()
            .find_map(|(kb, b)| answer::change(case, a, b).map(|c| (ka.0.doc, kb.0.doc, c)))
    });
    let tagged = case.tags.iter().any(|t| t == "divergence");
    match (first_change, tagged) {
        (Some((a, b, c)), false) => vec![format!(
            "{a} and {b} differ ({}): tag the case `divergence`",
            c.kind()
        )],
        (None, true) => vec![
            "tagged `divergence`, but no two documents' expectations differ in verdict or in a component both assert".into(),
        ],
        _ => Vec::new(),
    }
}

/// `row:` tags name a row of the divergence table, and a `divergence` case cites every
/// document it has an expectation for.
fn row_tags(case: &Case) -> Vec<String> {
    let mut problems = Vec::new();
    for t in case.tags.iter().filter(|t| t.starts_with("row:")) {
        if crate::rows::by_tag(t).is_none() {
            problems.push(format!(
                "unknown tag `{t}`: row tags are listed in harness/src/rows.rs"
            ));
        }
    }
    if case.tags.iter().any(|t| t == "divergence") {
        let mut uncited: Vec<String> = case
            .expect
            .keys()
            .map(|k| k.0.doc)
            .filter(|d| !case.cite.iter().any(|c| c.doc.0 == *d))
            .map(|d| d.to_string())
            .collect();
        uncited.dedup();
        if !uncited.is_empty() {
            problems.push(format!(
                "a divergence case cites every document it expects something of; no citation for {}",
                uncited.join(", ")
            ));
        }
    }
    problems
}

fn validate_extract(key: &DocKey, e: &Expectation, input_len: usize, problems: &mut Vec<String>) {
    let at = format!("expect.{}", key.0);
    misplaced_fields(Op::Extract, e, &at, problems);
    let urls = match (&e.verdict, &e.urls) {
        (Some(v), None) if v == "not-defined" => return,
        (Some(v), None) => {
            problems.push(format!(
                "{at}.verdict: an extract case's verdict is `not-defined`, not `{v}`"
            ));
            return;
        }
        (Some(_), Some(_)) => {
            problems.push(format!(
                "{at}: give either `urls` or `verdict: not-defined`, not both"
            ));
            return;
        }
        (None, None) => {
            problems.push(format!("{at}: an extract expectation needs `urls`"));
            return;
        }
        (None, Some(urls)) => urls,
    };
    let mut last_end = 0;
    for (i, u) in urls.iter().enumerate() {
        let at = format!("{at}.urls[{i}]");
        if let Some(w) = &u.wrapper {
            if urlcert_reference::Wrapper::from_id(w).is_none() {
                let known: Vec<_> = urlcert_reference::Wrapper::ALL
                    .iter()
                    .map(|w| w.id())
                    .collect();
                problems.push(format!(
                    "{at}.wrapper: unknown wrapper `{w}` (known: {})",
                    known.join(", ")
                ));
            }
        }
        for (field, offset) in [("start", u.start), ("end", u.end)] {
            if offset.is_some_and(|o| o > input_len) {
                problems.push(format!(
                    "{at}.{field}: past the end of the input ({input_len} bytes)"
                ));
            }
        }
        if let (Some(s), Some(e)) = (u.start, u.end) {
            if s >= e {
                problems.push(format!("{at}: `start` must come before `end`"));
            }
        }
        if let Some(s) = u.start {
            if s < last_end {
                problems.push(format!(
                    "{at}.start: the URLs must be in order, without overlapping"
                ));
            }
        }
        if let Some(e) = u.end.or(u.start) {
            last_end = e;
        }
    }
}

/// Every field that is set in `e` but belongs to another operation's cases.
fn misplaced_fields(op: Op, e: &Expectation, at: &str, problems: &mut Vec<String>) {
    let fields = [
        ("rule", e.rule.is_some(), Op::Parse),
        ("components", !e.components.is_empty(), Op::Parse),
        ("notes", !e.notes.is_empty(), Op::Parse),
        ("error", e.error.is_some(), Op::Parse),
        ("result", e.result.is_some(), Op::Resolve),
        ("printed", e.printed.is_some(), Op::Resolve),
        ("contradiction", e.contradiction.is_some(), Op::Resolve),
        (
            "current_document",
            e.current_document.is_some(),
            Op::Resolve,
        ),
        ("steps", e.steps.is_some(), Op::Resolve),
        ("urls", e.urls.is_some(), Op::Extract),
    ];
    for (field, set, owner) in fields {
        if set && owner != op {
            problems.push(format!("{at}.{field}: belongs to {owner} cases only"));
        }
    }
}

fn validate_parse(key: &DocKey, e: &Expectation, problems: &mut Vec<String>) {
    let at = format!("expect.{}", key.0);
    misplaced_fields(Op::Parse, e, &at, problems);
    let Some(verdict_id) = &e.verdict else {
        problems.push(format!("{at}: a parse expectation needs `verdict`"));
        return;
    };
    let Some(verdict) = Verdict::from_id(verdict_id) else {
        problems.push(format!(
            "{at}.verdict: unknown verdict `{verdict_id}` (known: valid, generic-only, invalid, not-defined)"
        ));
        return;
    };
    let doc = key.0.doc;
    if let Some(Some(rule)) = &e.rule {
        if Rule::from_name(doc, rule).is_none() {
            problems.push(format!("{at}.rule: unknown rule `{rule}` for {doc}"));
        }
    }
    if let Some(err) = &e.error {
        if verdict == Verdict::Valid {
            problems.push(format!("{at}.error: a valid verdict has no error"));
        }
        if let Some(rule) = &err.rule {
            if Rule::from_name(doc, rule).is_none() {
                problems.push(format!("{at}.error.rule: unknown rule `{rule}` for {doc}"));
            }
        }
    }
    let known = urlcert_reference::components(doc);
    for name in e.components.keys() {
        if !known.contains(&name.as_str()) {
            problems.push(format!(
                "{at}.components: unknown component `{name}` for {doc}"
            ));
        }
    }
    let notes = urlcert_reference::note_ids(doc);
    for n in &e.notes {
        if !notes.contains(&n.id()) {
            problems.push(format!("{at}.notes: unknown note `{}` for {doc}", n.id()));
        }
    }
}

fn validate_resolve(key: &DocKey, e: &Expectation, base: &str, problems: &mut Vec<String>) {
    let at = format!("expect.{}", key.0);
    misplaced_fields(Op::Resolve, e, &at, problems);
    match (&e.verdict, &e.result) {
        (Some(v), None) if v == "not-defined" || v == "invalid" => {
            if e.printed.is_some() || e.current_document.is_some() || e.steps.is_some() {
                problems.push(format!(
                    "{at}: a `{v}` verdict gives no result, so no `printed`, `current_document` or `steps`"
                ));
            }
        }
        (Some(v), None) => problems.push(format!(
            "{at}.verdict: a resolve case's verdict is `not-defined` or `invalid`, not `{v}`"
        )),
        (Some(_), Some(_)) => problems.push(format!(
            "{at}: give either `result` or a `verdict`, not both"
        )),
        (None, None) => problems.push(format!("{at}: a resolve expectation needs `result`")),
        (None, Some(result)) => {
            let printed = e.printed_as_url(base);
            let differs = printed.as_ref().is_some_and(|p| p != result);
            match (differs, &e.contradiction) {
                (true, None) => problems.push(format!(
                    "{at}: `printed` ({:?}) differs from `result` ({result:?}); say why in `contradiction`",
                    e.printed.as_deref().unwrap_or_default()
                )),
                (false, Some(_)) => problems.push(format!(
                    "{at}.contradiction: `printed` and `result` agree, so there is no contradiction"
                )),
                _ => {}
            }
        }
    }
}

/// The `contradiction` and `divergence` tags must say what the expectations show.
fn resolve_tags(case: &Case) -> Vec<String> {
    let mut problems = Vec::new();
    let tagged = |t: &str| case.tags.iter().any(|x| x == t);
    let contradicts = case.expect.values().any(|e| e.contradiction.is_some());
    if contradicts && !tagged("contradiction") {
        problems
            .push("an expectation records a contradiction: tag the case `contradiction`".into());
    }
    if !contradicts && tagged("contradiction") {
        problems.push("tagged `contradiction`, but no expectation records one".into());
    }
    let results = resolver_results(case);
    let differ = results.windows(2).any(|w| w[0].1 != w[1].1);
    if differ && !tagged("divergence") {
        let shown: Vec<String> = results.iter().map(|(d, r)| format!("{d}: {r:?}")).collect();
        problems.push(format!(
            "the documents' results differ ({}): tag the case `divergence`",
            shown.join(", ")
        ));
    }
    if !differ && tagged("divergence") {
        problems.push(
            "tagged `divergence`, but the results of draft-02, rfc1808 and draft-1996 do not differ"
                .into(),
        );
    }
    problems
}

/// The results the three resolving documents give, under their default readings.
pub fn resolver_results(case: &Case) -> Vec<(Document, &str)> {
    case.expect
        .iter()
        .filter(|(k, _)| k.0.reading == Reading::Strict)
        .filter(|(k, _)| {
            matches!(
                k.0.doc,
                Document::Draft02 | Document::Rfc1808 | Document::Draft1996
            )
        })
        .filter_map(|(k, e)| Some((k.0.doc, e.result.as_deref()?)))
        .collect()
}
