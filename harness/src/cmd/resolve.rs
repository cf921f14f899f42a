//! `urlcert resolve`: each reference resolved against one base under one document,
//! optionally with every step of the document's algorithm.

use super::inputs::answer_each;
use super::os_bytes;
use std::io::Write;
use std::process::ExitCode;
use urlcert::show::output;
use urlcert_reference::{resolve, DocReading};

#[derive(clap::Args)]
pub struct Args {
    /// Document id, optionally with a reading: draft-1996, rfc1808, draft-02,
    /// draft-02@path-excludes-search, draft-02@xxx-excludes-dots.
    #[arg(long, default_value = "draft-1996")]
    doc: DocReading,
    /// The base URL (may be empty: Step 1 then takes each reference as absolute).
    #[arg(long)]
    base: std::ffi::OsString,
    /// One JSON object per reference, one per line.
    #[arg(long)]
    json: bool,
    /// Show every step of the algorithm with the value after it.
    #[arg(long)]
    trace: bool,
    /// References; when none are given, one per line from standard input, each
    /// answered as it arrives.
    references: Vec<std::ffi::OsString>,
}

pub fn main(args: Args) -> ExitCode {
    let Args {
        doc,
        json,
        trace,
        references,
        ..
    } = args;
    let base = os_bytes(&args.base);
    answer_each(references, "resolve", |reference, out| {
        let answer = resolve(doc, &base, reference, trace);
        if json {
            let line = output::ResolveLine::new(doc, &base, reference, &answer, trace);
            serde_json::to_writer(&mut *out, &line)?;
            out.write_all(b"\n")?;
        } else {
            out.write_all(output::resolve_human(reference, &answer, trace).as_bytes())?;
        }
        Ok(answer.is_ok())
    })
}
