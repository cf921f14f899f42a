//! `urlcert parse`: each input's verdict and components under one document.

use super::inputs::answer_each;
use std::io::Write;
use std::process::ExitCode;
use urlcert::show::output;
use urlcert_reference::{parse, DocReading, Verdict};

#[derive(clap::Args)]
pub struct Args {
    /// Document id, optionally with a reading: rfc1738, rfc1738@scheme-case-ignore,
    /// draft-06, draft-06@scheme-case-ignore, draft-1996.
    #[arg(long, default_value = "rfc1738")]
    doc: DocReading,
    /// One JSON object per input, one per line.
    #[arg(long)]
    json: bool,
    /// Inputs; when none are given, one per line from standard input (a trailing
    /// "\n" or "\r\n" ends a line and is not part of the input), each answered as
    /// it arrives.
    inputs: Vec<std::ffi::OsString>,
}

pub fn main(Args { doc, json, inputs }: Args) -> ExitCode {
    answer_each(inputs, "parse", |input, out| {
        let p = parse(doc, input);
        if json {
            serde_json::to_writer(&mut *out, &output::ParseLine::new(input, &p))?;
            out.write_all(b"\n")?;
        } else {
            out.write_all(output::parse_human(input, &p).as_bytes())?;
        }
        Ok(!matches!(p.verdict, Verdict::Invalid | Verdict::NotDefined))
    })
}
