//! `urlcert normalize`: each input's normal form under one document's stated
//! equivalences (the work is `urlcert::show::normalize`).

use super::inputs::answer_each;
use std::process::ExitCode;
use urlcert_reference::DocReading;

#[derive(clap::Args)]
pub struct Args {
    /// Document id, optionally with a reading: rfc3986, rfc2396, draft-1996,
    /// rfc1808, rfc1738, draft-06, draft-03, draft-02.
    #[arg(long, default_value = "rfc3986")]
    doc: DocReading,
    /// One JSON object per input, one per line.
    #[arg(long)]
    json: bool,
    /// Inputs; when none are given, one per line from standard input, each answered
    /// as it arrives.
    inputs: Vec<std::ffi::OsString>,
}

pub fn main(Args { doc, json, inputs }: Args) -> ExitCode {
    answer_each(inputs, "normalize", |input, out| {
        urlcert::show::normalize::answer(doc, json, input, out)
    })
}
