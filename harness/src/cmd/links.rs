//! `urlcert base` and `urlcert links`: the command line around [`urlcert::page::links`].

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use urlcert::page::links::{
    all_resolved, base_human, base_json, links_human, links_json, side_by_side,
};
use urlcert::page::{self, Format};
use urlcert::report::text::visible;
use urlcert_reference::base::{self, Context};
use urlcert_reference::{DocReading, Document};

/// The largest document file read, in bytes (64 MiB).
pub const MAX_DOCUMENT_BYTES: u64 = 64 * 1024 * 1024;

/// The options `base` and `links` share.
#[derive(clap::Args, Debug)]
pub struct DocumentArgs {
    /// Document id (optionally DOC@READING), or `all` for every document that
    /// resolves, side by side.
    #[arg(long, default_value = "draft-1996")]
    pub doc: DocChoice,
    /// The URL the document was retrieved by; repeat it for a redirect chain, in
    /// order: the last one counts (RFC 1808 Section 3.3).
    #[arg(long = "retrieved-from", value_name = "URL")]
    pub retrieved_from: Vec<std::ffi::OsString>,
    /// RFC 2396 and RFC 3986 only: the application's default base (Section 5.1.4);
    /// without it their default base is undefined.
    #[arg(long, value_name = "URL")]
    pub application_default: Option<std::ffi::OsString>,
    /// How to read the file: `auto` (a MIME message when it starts with a header field,
    /// otherwise a document with no header), `mime` or `html`.
    #[arg(long, value_parser = super::choice::<Format>(), default_value = "auto")]
    pub format: Format,
    /// JSON, one object per line.
    #[arg(long)]
    pub json: bool,
    /// The file; standard input when not given or `-`.
    pub file: Option<PathBuf>,
}

/// `--doc`: one document, or all.
#[derive(Clone, Debug)]
pub enum DocChoice {
    One(DocReading),
    All,
}

impl std::str::FromStr for DocChoice {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        if s == "all" {
            return Ok(DocChoice::All);
        }
        s.parse::<DocReading>()
            .map(DocChoice::One)
            .map_err(|e| e.to_string())
    }
}

impl DocChoice {
    fn docs(&self) -> Vec<DocReading> {
        match self {
            DocChoice::One(d) => vec![*d],
            DocChoice::All => Document::ALL.iter().map(|&d| d.into()).collect(),
        }
    }
}

struct Loaded {
    root: base::Entity,
    cx: Context,
    name: String,
}

fn load(args: &DocumentArgs, command: &str) -> Result<Loaded, ExitCode> {
    let (bytes, name) = match &args.file {
        Some(path) if path.as_os_str() != "-" => {
            match urlcert::user_file::read(path, MAX_DOCUMENT_BYTES) {
                Ok(b) => (b, path.display().to_string()),
                Err(e) => {
                    eprintln!(
                        "urlcert {command}: {}: {e}",
                        visible(&path.display().to_string())
                    );
                    return Err(ExitCode::from(2));
                }
            }
        }
        _ => {
            let mut b = Vec::new();
            if let Err(e) = std::io::stdin().lock().read_to_end(&mut b) {
                eprintln!("urlcert {command}: cannot read standard input: {e}");
                return Err(ExitCode::from(2));
            }
            (b, "standard input".to_string())
        }
    };
    let root = match page::read(&bytes, args.format) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("urlcert {command}: {}: {e}", visible(&name));
            return Err(ExitCode::from(2));
        }
    };
    let cx = Context {
        retrieved_from: args.retrieved_from.iter().map(|u| os_bytes(u)).collect(),
        application_default: args.application_default.as_deref().map(os_bytes),
    };
    Ok(Loaded { root, cx, name })
}

fn os_bytes(s: &std::ffi::OsStr) -> Vec<u8> {
    use std::os::unix::ffi::OsStrExt;
    s.as_bytes().to_vec()
}

/// `urlcert links`.
pub fn main_links(args: DocumentArgs) -> ExitCode {
    let l = match load(&args, "links") {
        Ok(l) => l,
        Err(code) => return code,
    };
    let mut out = std::io::stdout().lock();
    let mut any_unresolved = false;
    let written = if let (DocChoice::All, false) = (&args.doc, args.json) {
        side_by_side(&mut out, &l.name, &l.root, &l.cx, &args.doc.docs())
            .map(|unresolved| any_unresolved = unresolved)
    } else {
        // One document at a time, written and dropped before the next.
        args.doc.docs().iter().try_for_each(|&doc| {
            let a = base::establish(doc, &l.root, &l.cx);
            any_unresolved |= !all_resolved(&a);
            match args.json {
                true => links_json(&mut out, doc, &a),
                false => out.write_all(links_human(doc, &a).as_bytes()),
            }
        })
    };
    finish(written, any_unresolved)
}

/// `urlcert base`.
pub fn main_base(args: DocumentArgs) -> ExitCode {
    let l = match load(&args, "base") {
        Ok(l) => l,
        Err(code) => return code,
    };
    let mut out = std::io::stdout().lock();
    let mut any_unresolved = false;
    let written = args.doc.docs().iter().try_for_each(|&doc| {
        // One establishment: the exit status speaks of its links, the output of its
        // bases.
        let a = base::establish(doc, &l.root, &l.cx);
        any_unresolved |= !all_resolved(&a);
        match args.json {
            true => base_json(&mut out, doc, &a),
            false => out.write_all(base_human(doc, &a).as_bytes()),
        }
    });
    finish(written, any_unresolved)
}

/// Exit status as `resolve`: 1 when some reference has no absolute form under some
/// document (or the document defines none); a closed pipe is not an error.
fn finish(written: std::io::Result<()>, any_unresolved: bool) -> ExitCode {
    match written {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            eprintln!("urlcert: cannot write: {e}");
            ExitCode::from(2)
        }
        _ => ExitCode::from(u8::from(any_unresolved)),
    }
}
