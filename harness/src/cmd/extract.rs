//! `urlcert extract`: the URLs in a text on standard input, by one document's rules
//! for URLs in running text (the work is `urlcert::show::extract`).

use std::io::{Read, Write};
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

/// `urlcert extract`: reads all of standard input, writes one line per URL found.
///
/// Exit status: 0 when the document has rules for URLs in running text (whether or not
/// any URL is found), 1 when it has none (the reason goes to standard error), 2 when
/// standard input cannot be read.
pub fn main(Args { doc, json }: Args) -> ExitCode {
    let mut text = Vec::new();
    if let Err(e) = std::io::stdin().lock().read_to_end(&mut text) {
        eprintln!("urlcert extract: cannot read standard input: {e}");
        return ExitCode::from(2);
    }
    let found = match urlcert_reference::extract_as(doc, &text) {
        Ok(found) => found,
        Err(why) => {
            eprintln!("urlcert extract: --doc {doc}: {why}");
            return ExitCode::from(1);
        }
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for f in &found {
        let written = if json {
            serde_json::to_writer(&mut out, &urlcert::show::extract::ExtractLine::new(doc, f))
                .map_err(std::io::Error::from)
                .and_then(|()| out.write_all(b"\n"))
        } else {
            out.write_all(urlcert::show::extract::human(f).as_bytes())
        };
        if written.is_err() {
            // The reader went away (a closed pipe); nothing more to say.
            return ExitCode::from(1);
        }
    }
    if out.flush().is_err() {
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
