//! `urlcert extract`: the URLs in a text on standard input, by one document's rules
//! for URLs in running text (the work is `urlcert::extract`).

use std::process::ExitCode;
use urlcert_reference::DocReading;

#[derive(clap::Args)]
pub struct Args {
    /// Document id, optionally with a reading: rfc1738, draft-1996, draft-02, ...
    #[arg(long, default_value = "rfc1738")]
    doc: DocReading,
    /// One JSON object per URL, one per line.
    #[arg(long)]
    json: bool,
}

pub fn main(Args { doc, json }: Args) -> ExitCode {
    urlcert::extract::main(doc, json)
}
