//! Case files: loading, with errors that name the file, line, column and case, and
//! validation of what serde cannot check (unique ids, citations, known names).

pub mod answer;
pub mod layout;
mod nesting;
mod operation;
mod request;
pub mod rows;
pub mod schema;

pub use operation::Operation;
pub use schema::*;

mod documents;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt;
use std::path::{Path, PathBuf};
use urlcert_reference::{DocReading, Document, Reading, Rule, Verdict};

/// The largest case file the loader reads, in bytes (8 MiB). The largest file in
/// `cases/` holds about 150 KB; the limit keeps a stray log or dump named `*.yaml` from
/// being read into memory whole.
pub const MAX_CASE_FILE_BYTES: u64 = 8 * 1024 * 1024;

/// A case with where it came from.
#[derive(Clone, Debug)]
pub struct LoadedCase {
    pub case: Case,
    pub file: PathBuf,
    /// 1-based line of its `id:` key.
    pub line: usize,
    /// 1-based column of its `id:` key, in characters.
    pub column: usize,
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
        // Paths, ids and messages quote the file's text, so they are shown, not obeyed.
        let v = crate::report::text::visible;
        write!(f, "{}", v(&self.file.display().to_string()))?;
        if let Some(l) = self.line {
            write!(f, ":{l}")?;
            if let Some(c) = self.column {
                write!(f, ":{c}")?;
            }
        }
        if let Some(id) = &self.case {
            write!(f, ": case `{}`", v(id))?;
        }
        write!(f, ": {}", v(&self.message))
    }
}

/// Every case of every file, or every problem found.
#[derive(Debug, Default)]
pub struct Suite {
    pub cases: Vec<LoadedCase>,
    pub files: Vec<PathBuf>,
    /// The case set's [`digest`], computed from the bytes loaded, so that it holds for
    /// the built-in cases as for files on disk.
    pub sha256: String,
    /// The folder the files were found in (`files` start with it).
    pub root: PathBuf,
}

impl Suite {
    /// [`digest`] of this suite's files, as loaded (so it holds for the built-in cases).
    pub fn digest(&self) -> std::io::Result<String> {
        Ok(self.sha256.clone())
    }
}

/// The case set's SHA-256, as lowercase hex: over every file, sorted by its path relative
/// to `root` (components joined by `/`, compared as bytes), each hashed as that path, a
/// NUL byte, the file's bytes and another NUL byte. A case file holds no NUL (YAML
/// forbids it), so the NULs make the framing unambiguous: renaming, moving, adding or
/// removing a file changes the digest as editing one does. This is the `cases_sha256`
/// of `urlcert export`, `urlcert --version` and every report's provenance.
pub fn digest(root: &Path, files: &[PathBuf]) -> std::io::Result<String> {
    use sha2::{Digest, Sha256};
    let mut named: Vec<(String, &PathBuf)> =
        files.iter().map(|f| (relative_name(root, f), f)).collect();
    named.sort();
    let mut h = Sha256::new();
    for (name, file) in named {
        h.update(name.as_bytes());
        h.update([0]);
        h.update(std::fs::read(file)?);
        h.update([0]);
    }
    Ok(h.finalize().iter().map(|b| format!("{b:02x}")).collect())
}

/// `file`'s path below `root`, its components joined by `/` (the whole path when it is
/// not below `root`).
pub fn relative_name(root: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(root).unwrap_or(file);
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

/// `cases/` in the working directory, or else the one in this source tree: the case set
/// the commands use when given no `--cases`.
pub fn default_dir() -> PathBuf {
    crate::assets::cases_dir(None)
}

/// Is `path` a case file? `*.yaml`, not starting with `_`.
pub fn is_case_file(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    name.ends_with(".yaml") && !name.starts_with('_')
}

fn path_error(file: &Path, message: String) -> LoadError {
    LoadError {
        file: file.to_path_buf(),
        line: None,
        column: None,
        case: None,
        message,
    }
}

/// The most case files one folder may hold, with its subfolders.
pub const MAX_CASE_FILES: usize = 10_000;

/// The most bytes the case files of one folder may hold together (64 MiB; `cases/`
/// holds about 5 MB).
pub const MAX_SUITE_BYTES: u64 = 64 * 1024 * 1024;

/// The most entries (files, folders, anything) the folders below a case folder may
/// hold together: a case folder pointed at a system folder stops here.
pub const MAX_FOLDER_ENTRIES: usize = 100_000;

/// How deeply the folders below a case folder may nest.
pub const MAX_FOLDER_DEPTH: usize = 32;

/// Loads every case file below `dir`, in path order. Ids must be unique across files.
/// Symbolic links are followed while they stay inside `dir`, and every folder and file
/// is read once. The walk and the reading stop, with an error, at
/// [`MAX_FOLDER_ENTRIES`], [`MAX_FOLDER_DEPTH`], [`MAX_CASE_FILES`] and
/// [`MAX_SUITE_BYTES`].
///
/// A `dir` below [`crate::assets::EMBEDDED`] (`(built-in)/cases`, as
/// [`crate::assets::cases_dir`] gives outside a checkout) is read from the copy built
/// into urlcert; its files are named `cases/...`, as when `cases/` is loaded from disk,
/// so that cases, errors and reports read the same.
pub fn load_dir(dir: &Path) -> Result<Suite, Vec<LoadError>> {
    if let Some(rest) = crate::assets::embedded_rest(dir) {
        return load_embedded(dir, rest);
    }
    let mut walk = Walk::default();
    let root = std::fs::canonicalize(dir).and_then(|real| {
        walk.root = real.clone();
        walk.seen_dirs.insert(real.clone(), dir.to_path_buf());
        walk.dir(dir, &mut vec![real])
    });
    if let Err(e) = root {
        return Err(vec![path_error(
            dir,
            format!("cannot read the case folder: {e}"),
        )]);
    }
    let Walk {
        mut files,
        mut errors,
        ..
    } = walk;
    files.sort();
    if files.len() > MAX_CASE_FILES {
        errors.push(path_error(
            dir,
            format!(
                "the case folder holds {} case files, more than the {MAX_CASE_FILES} it may hold; none is read",
                files.len()
            ),
        ));
        files.clear();
    }
    // From the sizes first, so that an oversized folder is refused unread.
    let sizes: u64 = files
        .iter()
        .filter_map(|f| std::fs::metadata(f).ok())
        .map(|m| m.len())
        .sum();
    if sizes > MAX_SUITE_BYTES {
        errors.push(path_error(
            dir,
            format!(
                "the case files hold {sizes} bytes together, more than the {MAX_SUITE_BYTES} bytes a case folder may hold; none is read"
            ),
        ));
        files.clear();
    }
    // Again as read: a file may grow in between.
    let mut total: u64 = 0;
    let mut over = false;
    let read: Vec<_> = files
        .into_iter()
        .filter_map(|f| {
            if over {
                return None;
            }
            let bytes = read_bounded(&f);
            if let Ok(b) = &bytes {
                total += b.len() as u64;
                if total > MAX_SUITE_BYTES {
                    over = true;
                    return Some((
                        f,
                        Err(format!(
                            "with this file the case files hold more than the {MAX_SUITE_BYTES} bytes a case folder may hold; it and the files after it are not read"
                        )),
                    ));
                }
            }
            Some((f, bytes))
        })
        .collect();
    finish(read.into_iter(), errors, dir)
}

/// The cases built into urlcert below `rest` (`cases`, `cases/base`).
fn load_embedded(dir: &Path, rest: &Path) -> Result<Suite, Vec<LoadError>> {
    let sub = rest.strip_prefix("cases").ok();
    let tree = match sub {
        Some(s) if s.as_os_str().is_empty() => Some(&crate::assets::CASES),
        Some(s) => crate::assets::CASES.get_dir(s),
        None => None,
    };
    let Some(tree) = tree else {
        return Err(vec![path_error(
            dir,
            "cannot read the case folder: urlcert has no such built-in folder".into(),
        )]);
    };
    let files = crate::assets::files(tree)
        .into_iter()
        .map(|(rel, bytes)| (Path::new("cases").join(rel), bytes))
        .filter(|(path, _)| is_case_file(path))
        .map(|(path, bytes)| {
            let bytes = if bytes.len() as u64 > MAX_CASE_FILE_BYTES {
                Err(too_big(bytes.len().to_string()))
            } else {
                Ok(bytes.to_vec())
            };
            (path, bytes)
        });
    finish(
        files,
        Vec::new(),
        &Path::new("cases").join(sub.unwrap_or(Path::new(""))),
    )
}

/// Loads each file read, in order: every case, or every problem.
fn finish(
    read: impl Iterator<Item = (PathBuf, Result<Vec<u8>, String>)>,
    mut errors: Vec<LoadError>,
    root: &Path,
) -> Result<Suite, Vec<LoadError>> {
    use sha2::{Digest, Sha256};
    // The digest's framing (see [`digest`]), from the bytes as read.
    let mut framed: Vec<(String, Vec<u8>)> = Vec::new();
    let mut suite = Suite::default();
    for (file, bytes) in read {
        let loaded = match bytes {
            Ok(bytes) => {
                let cases = load_bytes(&file, &bytes);
                framed.push((relative_name(root, &file), bytes));
                cases
            }
            Err(m) => Err(vec![path_error(&file, m)]),
        };
        match loaded {
            Ok(cases) => suite.cases.extend(cases),
            Err(mut e) => errors.append(&mut e),
        }
        suite.files.push(file);
    }
    errors.extend(duplicate_ids(&suite.cases));
    framed.sort();
    let mut hash = Sha256::new();
    for (name, bytes) in &framed {
        hash.update(name.as_bytes());
        hash.update([0]);
        hash.update(bytes);
        hash.update([0]);
    }
    suite.sha256 = hash.finalize().iter().map(|b| format!("{b:02x}")).collect();
    suite.root = root.to_path_buf();
    if errors.is_empty() {
        Ok(suite)
    } else {
        Err(errors)
    }
}

/// The case files below a folder. Folders are told apart by their canonical paths, so
/// a link back to a folder being read is a loop, reported instead of followed, and a
/// folder or file reached again by another link is not read twice. A link that leads
/// out of the case folder is reported and not followed.
#[derive(Default)]
struct Walk {
    /// The case folder's canonical path.
    root: PathBuf,
    files: Vec<PathBuf>,
    errors: Vec<LoadError>,
    /// Canonical path -> the path it was first read by.
    seen_dirs: HashMap<PathBuf, PathBuf>,
    seen_files: HashSet<PathBuf>,
    /// Entries of folders seen so far, and whether [`MAX_FOLDER_ENTRIES`] stopped the walk.
    entries: usize,
    stopped: bool,
}

impl Walk {
    /// `within`: the canonical paths of `dir` and the folders it is in.
    fn dir(&mut self, dir: &Path, within: &mut Vec<PathBuf>) -> std::io::Result<()> {
        let mut entries = Vec::new();
        for e in std::fs::read_dir(dir)? {
            self.entries += 1;
            if self.entries > MAX_FOLDER_ENTRIES {
                self.stop(dir);
                return Ok(());
            }
            entries.push(e?.path());
        }
        entries.sort();
        for path in entries {
            if self.stopped {
                return Ok(());
            }
            let real = std::fs::canonicalize(&path);
            if let Some(out) = real.as_ref().ok().filter(|r| !r.starts_with(&self.root)) {
                self.errors.push(path_error(
                    &path,
                    format!(
                        "a symbolic link out of the case folder (to {}): not followed",
                        out.display()
                    ),
                ));
                continue;
            }
            // A dangling link has no canonical path; reading it says so.
            let real = real.unwrap_or_else(|_| path.clone());
            if real.is_dir() {
                if let Some(first) = self.seen_dirs.get(&real) {
                    if within.contains(&real) {
                        self.errors.push(path_error(
                            &path,
                            format!(
                                "symbolic link loop: {} leads back to {}, already read",
                                path.display(),
                                first.display()
                            ),
                        ));
                    }
                    continue;
                }
                if within.len() > MAX_FOLDER_DEPTH {
                    self.errors.push(path_error(
                        &path,
                        format!(
                            "folders nested more than {MAX_FOLDER_DEPTH} deep below the case folder: not read"
                        ),
                    ));
                    continue;
                }
                self.seen_dirs.insert(real.clone(), path.clone());
                within.push(real);
                if let Err(e) = self.dir(&path, within) {
                    self.errors
                        .push(path_error(&path, format!("cannot read the folder: {e}")));
                }
                within.pop();
            } else if is_case_file(&path) && self.seen_files.insert(real) {
                self.files.push(path);
            }
        }
        Ok(())
    }

    fn stop(&mut self, dir: &Path) {
        if !self.stopped {
            self.stopped = true;
            self.errors.push(path_error(
                dir,
                format!(
                    "the folders below the case folder hold more than {MAX_FOLDER_ENTRIES} entries; the rest is not read"
                ),
            ));
        }
    }
}

fn duplicate_ids(cases: &[LoadedCase]) -> Vec<LoadError> {
    let mut first: HashMap<&str, &LoadedCase> = HashMap::new();
    let mut errors = Vec::new();
    for c in cases {
        if let Some(prev) = first.get(c.case.id.as_str()) {
            errors.push(LoadError {
                file: c.file.clone(),
                line: Some(c.line),
                column: Some(c.column),
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

fn too_big(size: String) -> String {
    format!(
        "the file holds {size} bytes, more than the {MAX_CASE_FILE_BYTES} bytes a case file may hold; split it"
    )
}

/// The bytes of a case file, refused when it is not a regular file or is larger than
/// [`MAX_CASE_FILE_BYTES`]; never more than that is read.
fn read_bounded(path: &Path) -> Result<Vec<u8>, String> {
    use crate::user_file::Refused;
    crate::user_file::read(path, MAX_CASE_FILE_BYTES).map_err(|e| match e {
        Refused::TooBig { size: Some(s), .. } => too_big(s.to_string()),
        Refused::TooBig { size: None, .. } => too_big(format!("more than {MAX_CASE_FILE_BYTES}")),
        other => other.to_string(),
    })
}

/// Two keys of `expect` name the same expectation when they parse to the same document
/// and reading (`rfc1738` and `rfc1738@strict`); other keys are compared as written.
fn same_key(path: &str, key: &str) -> String {
    let in_expect = path
        .strip_suffix("].expect")
        .and_then(|p| p.strip_prefix("cases["))
        .is_some_and(|n| n.parse::<usize>().is_ok());
    match key.parse::<DocReading>() {
        Ok(d) if in_expect => d.to_string(),
        _ => key.to_string(),
    }
}

/// Loads and validates one file. Ids are checked for uniqueness within the file.
pub fn load_file(path: &Path) -> Result<Vec<LoadedCase>, Vec<LoadError>> {
    let bytes = read_bounded(path).map_err(|m| vec![path_error(path, m)])?;
    load_bytes(path, &bytes)
}

/// Loads and validates one file's bytes; `path` names it in the cases and errors.
pub fn load_bytes(path: &Path, bytes: &[u8]) -> Result<Vec<LoadedCase>, Vec<LoadError>> {
    let err = |at: Option<(usize, usize)>, case: Option<&str>, message: String| LoadError {
        file: path.to_path_buf(),
        line: at.map(|a| a.0),
        column: at.map(|a| a.1),
        case: case.map(str::to_string),
        message,
    };
    let text = match std::str::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            let valid = &bytes[..e.valid_up_to()];
            // The prefix is UTF-8, so it tells which case the bad byte is in.
            let prefix = std::str::from_utf8(valid).unwrap_or_default();
            let at = line_col(prefix.strip_prefix('\u{feff}').unwrap_or(prefix));
            let case = id_lines(prefix).pop().map(|(id, ..)| id);
            return Err(vec![err(
                Some(at),
                case.as_deref(),
                format!(
                    "not valid UTF-8 (byte {:#04x} at offset {})",
                    bytes[e.valid_up_to()],
                    e.valid_up_to()
                ),
            )]);
        }
    };
    // A byte order mark may open a YAML stream; it takes no column in an editor.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let (layout, flaws) = layout::scan(text, &same_key);
    let mut unreadable = None;
    let mut errors = Vec::new();
    for flaw in flaws {
        match flaw {
            layout::Flaw::Duplicate {
                case,
                key,
                at,
                first,
                first_as,
            } => {
                let written = first_as.map(|w| format!(", as `{w}`")).unwrap_or_default();
                errors.push(err(
                    Some(at),
                    case.and_then(|c| layout.id(c)),
                    format!(
                        "duplicate key `{key}` in this mapping (first at line {}, column {}{written})",
                        first.0, first.1
                    ),
                ));
            }
            layout::Flaw::SecondDocument { at } => errors.push(err(
                Some(at),
                None,
                "a second YAML document starts here; a case file holds one".into(),
            )),
            layout::Flaw::Unreadable { at, message } => unreadable = Some((at, message)),
            layout::Flaw::OverLimit { at, message } => errors.push(err(Some(at), None, message)),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let unchecked = |(at, message): (layout::Pos, String)| {
        vec![err(
            Some(at),
            None,
            format!(
                "the duplicate-key check cannot read this YAML ({message}), so the file is refused rather than loaded unchecked"
            ),
        )]
    };
    // The scan stopped early, so it has not counted the aliases after that point, and
    // serde_yaml copies the node an alias names at every alias. serde_yaml's message is
    // the better one where it cannot read the text either, but it is asked only of a text
    // with no `*`, which has no alias.
    if let Some(flaw) = unreadable.take_if(|_| text.contains('*')) {
        return Err(unchecked(flaw));
    }
    let file: CaseFile = serde_yaml::from_str(text).map_err(|e| {
        let at = e.location().map(|l| (l.line(), l.column()));
        let case = at.and_then(|(l, _)| {
            id_lines(text)
                .into_iter()
                .rev()
                .find(|(_, line, _)| *line <= l)
        });
        vec![err(
            at,
            case.map(|c| c.0).as_deref(),
            strip_location(&e.to_string()),
        )]
    })?;
    if let Some(flaw) = unreadable {
        // serde_yaml read it, but the duplicate-key check could not: refuse rather than
        // let duplicates through.
        return Err(unchecked(flaw));
    }
    let mut first_line: HashMap<String, usize> = HashMap::new();
    let mut cases = Vec::new();
    for (k, case) in file.cases.into_iter().enumerate() {
        let (line, column) = layout.find(k, "id").unwrap_or((0, 0));
        for problem in validate(&case) {
            let at = layout.find(k, &problem.field).unwrap_or((line, column));
            errors.push(err(Some(at), Some(&case.id), problem.message));
        }
        match first_line.get(&case.id) {
            Some(prev) => errors.push(err(
                Some((line, column)),
                Some(&case.id),
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
            column,
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

/// The 1-based line and column (in characters) just past `text`.
fn line_col(text: &str) -> (usize, usize) {
    let line = text.matches('\n').count() + 1;
    let last = text.rfind('\n').map_or(text, |i| &text[i + 1..]);
    (line, last.chars().count() + 1)
}

/// The `id:` keys of a file with their lines and columns, found by reading the text:
/// where serde_yaml fails, or the text is cut short, this still tells which case a line
/// is in.
fn id_lines(text: &str) -> Vec<(String, usize, usize)> {
    text.lines()
        .enumerate()
        .filter_map(|(n, line)| {
            let line = line.strip_prefix('\u{feff}').unwrap_or(line);
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
            let column = line[..line.len() - t.len()].chars().count() + 1;
            (!value.is_empty()).then(|| (value.to_string(), n + 1, column))
        })
        .collect()
}

/// One thing [`validate`] finds wrong with a case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Where, as a path in the case (`expect.rfc1738.verdict`, `cite[0]`), so that the
    /// error can point at it; empty for the case as a whole.
    pub field: String,
    pub message: String,
}

#[derive(Default)]
struct Problems(Vec<Problem>);

impl Problems {
    fn push(&mut self, field: impl Into<String>, message: impl Into<String>) {
        self.0.push(Problem {
            field: field.into(),
            message: message.into(),
        });
    }

    /// A message that starts with the path of its field (`expect.rfc1738.verdict: ...`),
    /// as every message about an expectation does.
    fn said(&mut self, message: String) {
        let field = message.split_once(": ").map_or("", |(f, _)| f).to_string();
        self.push(field, message);
    }
}

/// What serde cannot check.
pub fn validate(case: &Case) -> Vec<Problem> {
    let mut problems = Problems::default();
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
        problems.push("id", "id must match [a-z0-9][a-z0-9._-]*");
    }
    if case.cite.is_empty() {
        problems.push(
            "cite",
            "missing citation: `cite` needs at least one {doc, section}",
        );
    }
    for (i, c) in case.cite.iter().enumerate() {
        if c.section.trim().is_empty() {
            problems.push(
                format!("cite[{i}].section"),
                format!("citation of {} has an empty section", c.doc.0),
            );
        }
    }
    if case.expect.is_empty() {
        problems.push("expect", "`expect` names no document");
    }
    match case.op {
        Operation::Parse => {
            if case.base.is_some() {
                problems.push("base", "`base` belongs to resolve cases only");
            }
            for (key, e) in &case.expect {
                validate_parse(key, e, &mut problems);
            }
            for p in parse_divergence_tag(case)
                .into_iter()
                .chain(contradiction_tag(case))
            {
                problems.push("tags", p);
            }
        }
        Operation::Resolve => {
            let base = case.base.as_deref();
            if base.is_none() {
                problems.push("", "a resolve case needs `base`");
            }
            for (key, e) in &case.expect {
                validate_resolve(key, e, base.unwrap_or(""), &mut problems);
            }
            for p in resolve_tags(case) {
                problems.push("tags", p);
            }
        }
        Operation::Extract => {
            if case.base.is_some() {
                problems.push("base", "`base` belongs to resolve cases only");
            }
            for (key, e) in &case.expect {
                validate_extract(key, e, case.input.len(), &mut problems);
            }
        }
        Operation::Normalize => {
            if case.base.is_some() {
                problems.push("base", "`base` belongs to resolve cases only");
            }
            for (key, e) in &case.expect {
                validate_normalize(key, e, &mut problems);
            }
            for p in normalize_tags(case) {
                problems.push("tags", p);
            }
        }
        Operation::Base | Operation::Links => {
            for (field, message) in documents::validate(case) {
                problems.push(field, message);
            }
            for (key, e) in &case.expect {
                misplaced_fields(case.op, e, &format!("expect.{}", key.0), &mut problems);
            }
        }
    }
    if !matches!(case.op, Operation::Base | Operation::Links) {
        for (field, set) in [
            ("retrieved_from", !case.retrieved_from.is_empty()),
            ("application_default", case.application_default.is_some()),
            ("line_ends", case.line_ends.is_some()),
            ("format", case.format.is_some()),
        ] {
            if set {
                problems.push(
                    field,
                    format!("`{field}` belongs to base and links cases only"),
                );
            }
        }
    }
    row_tags(case, &mut problems);
    problems.0
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
        strict[i + 1..].iter().find_map(|(kb, b)| {
            answer::change(case, (ka.0.doc, a), (kb.0.doc, b)).map(|c| (ka.0.doc, kb.0.doc, c))
        })
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
fn row_tags(case: &Case, problems: &mut Problems) {
    for (i, t) in case.tags.iter().enumerate() {
        if t.starts_with("row:") && crate::case::rows::by_tag(t).is_none() {
            problems.push(
                format!("tags[{i}]"),
                format!("unknown tag `{t}`: row tags are listed in harness/src/case/rows.rs"),
            );
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
            problems.push(
                "cite",
                format!(
                    "a divergence case cites every document it expects something of; no citation for {}",
                    uncited.join(", ")
                ),
            );
        }
    }
}

fn validate_extract(key: &DocKey, e: &Expectation, input_len: usize, problems: &mut Problems) {
    let at = format!("expect.{}", key.0);
    misplaced_fields(Operation::Extract, e, &at, problems);
    let urls = match (&e.verdict, &e.urls) {
        (Some(v), None) if v == "not-defined" => return,
        (Some(v), None) => {
            problems.said(format!(
                "{at}.verdict: an extract case's verdict is `not-defined`, not `{v}`"
            ));
            return;
        }
        (Some(_), Some(_)) => {
            problems.said(format!(
                "{at}: give either `urls` or `verdict: not-defined`, not both"
            ));
            return;
        }
        (None, None) => {
            problems.said(format!("{at}: an extract expectation needs `urls`"));
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
                problems.said(format!(
                    "{at}.wrapper: unknown wrapper `{w}` (known: {})",
                    known.join(", ")
                ));
            }
        }
        for (field, offset) in [("start", u.start), ("end", u.end)] {
            if offset.is_some_and(|o| o > input_len) {
                problems.said(format!(
                    "{at}.{field}: past the end of the input ({input_len} bytes)"
                ));
            }
        }
        if let (Some(s), Some(e)) = (u.start, u.end) {
            if s >= e {
                problems.said(format!("{at}: `start` must come before `end`"));
            }
        }
        if let Some(s) = u.start {
            if s < last_end {
                problems.said(format!(
                    "{at}.start: the URLs must be in order, without overlapping"
                ));
            }
        }
        if let Some(e) = u.end.or(u.start) {
            last_end = e;
        }
    }
}

/// Every field that is set in `e` but belongs to other operations' cases.
fn misplaced_fields(op: Operation, e: &Expectation, at: &str, problems: &mut Problems) {
    const PARSE: &[Operation] = &[Operation::Parse];
    const RESOLVE: &[Operation] = &[Operation::Resolve];
    const RESOLVE_NORMALIZE: &[Operation] = &[Operation::Resolve, Operation::Normalize];
    const NORMALIZE: &[Operation] = &[Operation::Normalize];
    let fields = [
        ("rule", e.rule.is_some(), PARSE),
        ("components", !e.components.is_empty(), PARSE),
        (
            "notes",
            !e.notes.is_empty(),
            &[Operation::Parse, Operation::Base],
        ),
        ("error", e.error.is_some(), PARSE),
        ("result", e.result.is_some(), RESOLVE_NORMALIZE),
        ("printed", e.printed.is_some(), RESOLVE),
        (
            "contradiction",
            e.contradiction.is_some(),
            &[Operation::Parse, Operation::Resolve],
        ),
        ("split", !e.split.is_empty(), PARSE),
        ("reads_back", !e.reads_back.is_empty(), RESOLVE),
        ("result_verdict", e.result_verdict.is_some(), RESOLVE),
        ("current_document", e.current_document.is_some(), RESOLVE),
        ("steps", e.steps.is_some(), RESOLVE_NORMALIZE),
        ("urls", e.urls.is_some(), &[Operation::Extract]),
        ("equivalent", e.equivalent.is_some(), NORMALIZE),
        ("different", e.different.is_some(), NORMALIZE),
        ("bases", e.bases.is_some(), &[Operation::Base]),
        ("links", e.links.is_some(), &[Operation::Links]),
        (
            "errors",
            e.errors.is_some(),
            &[Operation::Parse, Operation::Resolve],
        ),
        (
            "writing",
            e.writing.is_some(),
            &[Operation::Parse, Operation::Resolve],
        ),
        (
            "printed_errors",
            e.printed_errors.is_some(),
            &[Operation::Parse, Operation::Resolve],
        ),
    ];
    for (field, set, owners) in fields {
        if set && !owners.contains(&op) {
            let owners: Vec<String> = owners.iter().map(Operation::to_string).collect();
            problems.said(format!(
                "{at}.{field}: belongs to {} cases only",
                owners.join(" and ")
            ));
        }
    }
}

/// An operation that gives a string (`what`: resolve's result, normalize's normal
/// form) or refuses with `not-defined` or `invalid`: the expectation gives `result` or
/// such a `verdict`, and with a verdict none of the fields only a result has
/// (`refusal_only`: each field's name and whether it is given). The result, when given
/// alone.
fn result_or_refusal<'e>(
    op: Operation,
    what: &str,
    e: &'e Expectation,
    at: &str,
    refusal_only: &[(&str, bool)],
    problems: &mut Problems,
) -> Option<&'e str> {
    match (&e.verdict, &e.result) {
        (Some(v), None) if v == "not-defined" || v == "invalid" => {
            if refusal_only.iter().any(|(_, given)| *given) {
                let names: Vec<String> =
                    refusal_only.iter().map(|(n, _)| format!("`{n}`")).collect();
                let (last, rest) = names.split_last().expect("fields are listed");
                problems.said(format!(
                    "{at}: a `{v}` verdict gives no {what}, so no {} or {last}",
                    rest.join(", ")
                ));
            }
            None
        }
        (Some(v), None) => {
            problems.said(format!(
                "{at}.verdict: a {op} case's verdict is `not-defined` or `invalid`, not `{v}`"
            ));
            None
        }
        (Some(_), Some(_)) => {
            problems.said(format!(
                "{at}: give either `result` or a `verdict`, not both"
            ));
            None
        }
        (None, None) => {
            problems.said(format!("{at}: a {op} expectation needs `result`"));
            None
        }
        (None, Some(result)) => Some(result),
    }
}

fn validate_normalize(key: &DocKey, e: &Expectation, problems: &mut Problems) {
    let at = format!("expect.{}", key.0);
    misplaced_fields(Operation::Normalize, e, &at, problems);
    let refusal_only = [
        ("steps", e.steps.is_some()),
        ("equivalent", e.equivalent.is_some()),
        ("different", e.different.is_some()),
    ];
    if result_or_refusal(
        Operation::Normalize,
        "normal form",
        e,
        &at,
        &refusal_only,
        problems,
    )
    .is_none()
    {
        return;
    }
    let known = urlcert_reference::normalize::step_ids(key.0.doc);
    for (i, id) in e.steps.iter().flatten().enumerate() {
        if !known.contains(&id.as_str()) {
            problems.push(
                format!("{at}.steps[{i}]"),
                format!(
                    "{at}.steps: unknown step `{id}` for {} (known: {})",
                    key.0.doc,
                    known.join(", ")
                ),
            );
        }
    }
    for (field, list) in [("equivalent", &e.equivalent), ("different", &e.different)] {
        if list.as_ref().is_some_and(Vec::is_empty) {
            problems.said(format!(
                "{at}.{field}: an empty list checks nothing; leave it out"
            ));
        }
    }
}

/// A normalize case is tagged `divergence` exactly when two documents' normal forms
/// (default readings) differ.
fn normalize_tags(case: &Case) -> Vec<String> {
    let results: Vec<(Document, &str)> = case
        .expect
        .iter()
        .filter(|(k, _)| k.0.reading == Reading::Strict)
        .filter_map(|(k, e)| Some((k.0.doc, e.result.as_deref()?)))
        .collect();
    let differ = results.windows(2).any(|w| w[0].1 != w[1].1);
    let tagged = case.tags.iter().any(|t| t == "divergence");
    if differ && !tagged {
        let shown: Vec<String> = results.iter().map(|(d, r)| format!("{d}: {r:?}")).collect();
        return vec![format!(
            "the documents' normal forms differ ({}): tag the case `divergence`",
            shown.join(", ")
        )];
    }
    if !differ && tagged {
        return vec!["tagged `divergence`, but no two documents' normal forms differ".into()];
    }
    Vec::new()
}

/// Does the expectation print validation errors other than those its algorithm gives?
fn printed_errors_differ(e: &Expectation) -> bool {
    e.printed_errors.is_some() && e.printed_errors != e.errors
}

/// Do the URL Standard's two descriptions part on the input: its writing rules call it
/// valid and its parser fails or reports a validation error, or the reverse? (For a
/// resolve expectation, a `result` is the parser's success.)
fn writing_parts_from_parser(e: &Expectation) -> bool {
    let Some(writing) = &e.writing else {
        return false;
    };
    let parsed = e.result.is_some() || e.verdict.as_deref() == Some("valid");
    let clean = parsed && e.errors.as_ref().is_some_and(Vec::is_empty);
    (writing == "valid") != clean
}

/// The URL Standard's own fields: `errors` names its validation errors, `writing` is
/// `valid` or `invalid`, `printed_errors` (with `contradiction`) the errors it prints
/// where its algorithm gives others; under another document none is given.
fn url_standard_fields(key: &DocKey, e: &Expectation, at: &str, problems: &mut Problems) {
    if key.0.doc != Document::UrlStandard {
        for (field, set) in [
            ("errors", e.errors.is_some()),
            ("writing", e.writing.is_some()),
            ("printed_errors", e.printed_errors.is_some()),
        ] {
            if set {
                problems.said(format!(
                    "{at}.{field}: only url-standard expectations have `{field}`"
                ));
            }
        }
        return;
    }
    let known = urlcert_reference::note_ids(Document::UrlStandard);
    for (field, names) in [("errors", &e.errors), ("printed_errors", &e.printed_errors)] {
        for (i, name) in names.iter().flatten().enumerate() {
            if !known.contains(&name.as_str()) {
                problems.said(format!(
                    "{at}.{field}[{i}]: unknown validation error `{name}` (known: {})",
                    known.join(", ")
                ));
            }
        }
    }
    if e.printed_errors.is_some() && e.errors.is_none() {
        problems.said(format!(
            "{at}.printed_errors: give `errors` too, the errors the algorithm reports"
        ));
    }
    if let Some(w) = &e.writing {
        if w != "valid" && w != "invalid" {
            problems.said(format!("{at}.writing: `valid` or `invalid`, not `{w}`"));
        }
    }
}

fn validate_parse(key: &DocKey, e: &Expectation, problems: &mut Problems) {
    let at = format!("expect.{}", key.0);
    misplaced_fields(Operation::Parse, e, &at, problems);
    url_standard_fields(key, e, &at, problems);
    let Some(verdict_id) = &e.verdict else {
        problems.said(format!("{at}: a parse expectation needs `verdict`"));
        return;
    };
    let Some(verdict) = Verdict::from_id(verdict_id) else {
        problems.said(format!(
            "{at}.verdict: unknown verdict `{verdict_id}` (known: valid, generic-only, invalid, not-defined)"
        ));
        return;
    };
    let doc = key.0.doc;
    if let Some(Some(rule)) = &e.rule {
        if Rule::from_name(doc, rule).is_none() {
            problems.said(format!("{at}.rule: unknown rule `{rule}` for {doc}"));
        }
    }
    if let Some(err) = &e.error {
        if verdict == Verdict::Valid {
            problems.said(format!("{at}.error: a valid verdict has no error"));
        }
        if let Some(rule) = &err.rule {
            if Rule::from_name(doc, rule).is_none() {
                problems.said(format!("{at}.error.rule: unknown rule `{rule}` for {doc}"));
            }
        }
    }
    let known = urlcert_reference::components(doc);
    for name in e.components.keys() {
        if !known.contains(&name.as_str()) {
            problems.push(
                format!("{at}.components.{name}"),
                format!("{at}.components: unknown component `{name}` for {doc}"),
            );
        }
    }
    let notes = urlcert_reference::note_ids(doc);
    for (i, n) in e.notes.iter().enumerate() {
        if !notes.contains(&n.id()) {
            problems.push(
                format!("{at}.notes[{i}]"),
                format!("{at}.notes: unknown note `{}` for {doc}", n.id()),
            );
        }
    }
    split_names(key, "split", &e.split, problems);
    let recorded = !e.split.is_empty() || printed_errors_differ(e) || writing_parts_from_parser(e);
    match (recorded, &e.contradiction) {
        (true, None) => problems.said(format!(
            "{at}: `split`, `printed_errors`, or a `writing` the parser's errors disagree with, is recorded only where the document contradicts itself; say how in `contradiction`"
        )),
        (false, Some(_)) => problems.said(format!(
            "{at}.contradiction: a parse case records a contradiction with `split` (the components the document's own split gives), `printed_errors`, or a `writing` its parser's errors disagree with"
        )),
        _ => {}
    }
}

/// The names in `split` or `reads_back` are components of the document's own split.
fn split_names(
    key: &DocKey,
    field: &str,
    names: &BTreeMap<String, Option<String>>,
    problems: &mut Problems,
) {
    if names.is_empty() {
        return;
    }
    let at = format!("expect.{}.{field}", key.0);
    let Some(s) = urlcert_reference::resolve::split::split(key.0, b"") else {
        problems.said(format!(
            "{at}: {} has no parsing rules of its own to split by",
            key.0.doc
        ));
        return;
    };
    let known: Vec<&str> = s.components.iter().map(|(n, _)| *n).collect();
    for name in names.keys() {
        if !known.contains(&name.as_str()) {
            problems.push(
                format!("{at}.{name}"),
                format!(
                    "{at}: unknown component `{name}` of {}'s split (known: {})",
                    key.0.doc,
                    known.join(", ")
                ),
            );
        }
    }
}

fn validate_resolve(key: &DocKey, e: &Expectation, base: &str, problems: &mut Problems) {
    let at = format!("expect.{}", key.0);
    misplaced_fields(Operation::Resolve, e, &at, problems);
    url_standard_fields(key, e, &at, problems);
    let refusal_only = [
        ("printed", e.printed.is_some()),
        ("current_document", e.current_document.is_some()),
        ("steps", e.steps.is_some()),
    ];
    let Some(result) = result_or_refusal(
        Operation::Resolve,
        "result",
        e,
        &at,
        &refusal_only,
        problems,
    ) else {
        return;
    };
    let printed = e.printed_as_url(base);
    let differs = printed.as_ref().is_some_and(|p| p != result);
    if let Some(v) = &e.result_verdict {
        if Verdict::from_id(v).is_none() {
            problems.said(format!(
                "{at}.result_verdict: unknown verdict `{v}` (known: valid, generic-only, invalid, not-defined)"
            ));
        }
    }
    split_names(key, "reads_back", &e.reads_back, problems);
    let refused = e.result_verdict.as_deref().is_some_and(|v| v != "valid")
        || printed_errors_differ(e)
        || writing_parts_from_parser(e);
    match (differs, &e.contradiction) {
        (true, None) => problems.push(
            format!("{at}.printed"),
            format!(
                "{at}: `printed` ({:?}) differs from `result` ({result:?}); say why in `contradiction`",
                e.printed.as_deref().unwrap_or_default()
            ),
        ),
        (false, None) if !e.reads_back.is_empty() || refused => problems.said(format!(
            "{at}: `reads_back`, a `result_verdict` other than `valid` or `printed_errors` records a contradiction; say how in `contradiction`"
        )),
        (false, Some(_)) if e.reads_back.is_empty() && !refused => problems.said(format!(
            "{at}.contradiction: `printed` and `result` agree, and no `reads_back`, `result_verdict` or `printed_errors` says otherwise, so there is no contradiction"
        )),
        _ => {}
    }
}

/// A case is tagged `contradiction` exactly when an expectation records one.
fn contradiction_tag(case: &Case) -> Vec<String> {
    let tagged = case.tags.iter().any(|x| x == "contradiction");
    let contradicts = case.expect.values().any(|e| e.contradiction.is_some());
    match (contradicts, tagged) {
        (true, false) => {
            vec!["an expectation records a contradiction: tag the case `contradiction`".into()]
        }
        (false, true) => vec!["tagged `contradiction`, but no expectation records one".into()],
        _ => Vec::new(),
    }
}

/// The `contradiction` and `divergence` tags must say what the expectations show.
fn resolve_tags(case: &Case) -> Vec<String> {
    let mut problems = contradiction_tag(case);
    let tagged = |t: &str| case.tags.iter().any(|x| x == t);
    let results = resolver_answers(case);
    let differ = results.windows(2).any(|w| w[0].1 != w[1].1);
    if differ && !tagged("divergence") {
        let shown: Vec<String> = results.iter().map(|(d, r)| format!("{d}: {r:?}")).collect();
        problems.push(format!(
            "the documents' results differ ({}): tag the case `divergence`",
            shown.join(", ")
        ));
    }
    if !differ && tagged("divergence") {
        problems.push("tagged `divergence`, but the documents' results do not differ".into());
    }
    problems
}

/// What the resolving documents answer, under their default readings: the result, or
/// for the URL Standard the refusal's verdict in brackets (`(invalid)`: its parser fails
/// where RFC 3986 resolves).
fn resolver_answers(case: &Case) -> Vec<(Document, String)> {
    case.expect
        .iter()
        .filter(|(k, _)| k.0.reading == Reading::Strict)
        .filter(|(k, _)| k.0.doc.resolves())
        // The older documents' refusals were never counted as a difference; the URL
        // Standard's failure against an RFC's result is one of its rows.
        .filter(|(k, e)| {
            e.result.is_some() || (k.0.doc == Document::UrlStandard && e.verdict.is_some())
        })
        .map(|(k, e)| (k.0.doc, answer::resolution(e)))
        .collect()
}
