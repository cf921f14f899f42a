//! The inputs of a fuzz corpus folder, read as its target reads them
//! ([`crate::run::fuzzinput`]): the folder is named after its target (`corpus/<target>/`,
//! `fuzz/corpus/<target>/`), and each file is one input.
//!
//! - `parse_invariants`, `oracle_diff`: the first byte picks the document and reading,
//!   the rest is parsed under it.
//! - `resolve_invariants`: the first byte picks the document and reading, the rest is
//!   base NUL reference (a file without a NUL is skipped, as the target skips it).
//! - `adapters_diff`: the first byte picks an adapter; the rest, when it is UTF-8, is
//!   parsed under the 1996 draft, as the target asks the reference.
//! - `structured`: its inputs are choices for a generator, not URLs: not read.
//!
//! Bounded: only regular files are read (links and folders are skipped, and nothing in
//! a file is taken as a path), each up to [`MAX_FILE_BYTES`], and at most
//! [`MAX_FILES`] files per folder; what is skipped is counted with the reason.

use super::Tally;
use crate::run::fuzzinput;
use crate::Error;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use urlcert_reference::{Document, Reading};

/// The largest corpus file read, in bytes. libFuzzer's inputs for these targets stay
/// far below it (its default `-max_len` is 4096).
pub const MAX_FILE_BYTES: u64 = 64 * 1024;

/// The most files read from one folder.
pub const MAX_FILES: usize = 200_000;

/// The targets a corpus folder can be named after (`structured`'s is not read).
pub use crate::run::fuzzinput::FuzzTarget;

/// What was read from one folder.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct FolderRead {
    pub dir: PathBuf,
    pub target: String,
    /// Inputs parsed or resolved.
    pub read: usize,
    /// Files not read, by reason.
    pub skipped: BTreeMap<String, usize>,
}

impl FolderRead {
    fn skip(&mut self, why: &str) {
        *self.skipped.entry(why.to_string()).or_default() += 1;
    }
}

/// The target a corpus folder belongs to: its name, when it is one of
/// [`FuzzTarget::ALL`].
pub fn target_of(dir: &Path) -> Result<FuzzTarget, Error> {
    let name = dir.file_name().and_then(|n| n.to_str()).unwrap_or_default();
    Ok(FuzzTarget::named(name).ok_or_else(|| {
        let names: Vec<&str> = FuzzTarget::ALL.iter().map(|t| t.name()).collect();
        format!(
            "{}: a corpus folder is named after its fuzz target ({})",
            crate::report::text::visible(&dir.display().to_string()),
            names.join(", ")
        )
    })?)
}

/// Reads every input of the corpus folder `dir` into the tallies of the documents its
/// target picks (a document without a tally is skipped).
pub fn read(dir: &Path, tallies: &mut [Tally]) -> Result<FolderRead, Error> {
    let target = target_of(dir)?;
    let mut out = FolderRead {
        dir: dir.to_path_buf(),
        target: target.name().to_string(),
        ..FolderRead::default()
    };
    let entries = std::fs::read_dir(dir).map_err(|e| {
        format!(
            "{}: cannot read the folder: {e}",
            crate::report::text::visible(&dir.display().to_string())
        )
    })?;
    let adapters = fuzzinput::adapters().len();
    let mut seen = 0usize;
    for entry in entries {
        let Ok(entry) = entry else {
            out.skip("cannot be listed");
            continue;
        };
        seen += 1;
        if seen > MAX_FILES {
            out.skip(&format!("beyond the first {MAX_FILES} files of the folder"));
            continue;
        }
        let data = match file(&entry.path()) {
            Ok(d) => d,
            Err(why) => {
                out.skip(why.message());
                continue;
            }
        };
        match feed(target, &data, adapters, tallies) {
            Ok(()) => out.read += 1,
            Err(why) => out.skip(why),
        }
    }
    Ok(out)
}

/// The bytes of a corpus file, or why it is not read.
fn file(path: &Path) -> Result<Vec<u8>, Error> {
    let too_big = || format!("larger than {MAX_FILE_BYTES} bytes");
    let meta = std::fs::symlink_metadata(path).map_err(|_| "cannot be read".to_string())?;
    if !meta.is_file() {
        return Err("not a regular file (a link, a folder or a device)".into());
    }
    Ok(
        crate::user_file::read(path, MAX_FILE_BYTES).map_err(|e| match e {
            crate::user_file::Refused::TooBig { .. } => too_big(),
            crate::user_file::Refused::NotRegular => {
                "not a regular file (a link, a folder or a device)".into()
            }
            _ => "cannot be read".to_string(),
        })?,
    )
}

/// One input into its document's tally, as `target` reads it.
fn feed(
    target: FuzzTarget,
    data: &[u8],
    adapters: usize,
    tallies: &mut [Tally],
) -> Result<(), &'static str> {
    if target == FuzzTarget::Structured {
        return Err("structured: its inputs are a generator's choices, not URLs");
    }
    if target == FuzzTarget::AdaptersDiff {
        let (_, url) = fuzzinput::split(data, adapters).ok_or("empty: no adapter byte")?;
        if std::str::from_utf8(url).is_err() {
            return Err("not UTF-8: adapters_diff does not ask the reference");
        }
        let t = tally(tallies, Document::Draft1996)?;
        t.parse(Reading::Strict, url);
        return Ok(());
    }
    let docs = target.docs().ok_or("no document list for the target")?;
    let (i, rest) = fuzzinput::split(data, docs.len()).ok_or("empty: no document byte")?;
    let doc = docs[i];
    let t = tally(tallies, doc.doc)?;
    if target == FuzzTarget::ResolveInvariants {
        let nul = rest
            .iter()
            .position(|&b| b == 0)
            .ok_or("no NUL between base and reference")?;
        t.resolve(doc.reading, &rest[..nul], &rest[nul + 1..]);
    } else {
        t.parse(doc.reading, rest);
    }
    Ok(())
}

fn tally(tallies: &mut [Tally], doc: Document) -> Result<&mut Tally, &'static str> {
    tallies
        .iter_mut()
        .find(|t| t.doc() == doc)
        .ok_or("under a document left out (--doc)")
}
