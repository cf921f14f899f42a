//! `urlcert export`: the whole case set as one JSON document (the work is
//! [`urlcert::show::export`]).

use std::path::PathBuf;
use std::process::ExitCode;
use urlcert::case::Operation;
use urlcert::run::certify::DocFilter;
use urlcert::show::export;

/// `urlcert export`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Write the export to FILE instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Only this document's expectations, and only the cases that have one: DOC (every
    /// reading) or DOC@READING.
    #[arg(long, value_name = "DOC")]
    pub doc: Option<DocFilter>,
    /// Only the cases of this operation.
    #[arg(long, value_parser = super::choice::<Operation>())]
    pub op: Option<Operation>,
    /// The folder of case files (default: cases/).
    #[arg(long, value_name = "DIR")]
    pub cases: Option<PathBuf>,
}

/// `urlcert export`. Exit status: 0 when written, 2 when the cases cannot be loaded or
/// the file cannot be written.
pub fn main(args: Args) -> ExitCode {
    let dir = args.cases.unwrap_or_else(urlcert::case::default_dir);
    let suite = match urlcert::case::load_dir(&dir) {
        Ok(s) => s,
        Err(errors) => {
            for e in &errors {
                eprintln!("{e}");
            }
            eprintln!(
                "urlcert export: {} problem(s) in the case files",
                errors.len()
            );
            return ExitCode::from(2);
        }
    };
    let sel = export::Selection {
        doc: args.doc,
        op: args.op,
    };
    let text = match export::render(&suite, sel) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("urlcert export: cannot read the case files: {e}");
            return ExitCode::from(2);
        }
    };
    let written = match &args.out {
        Some(path) => std::fs::write(path, &text).map_err(|e| (path.display().to_string(), e)),
        None => {
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
                // A reader that has gone away (`urlcert export | head`) is not an error.
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
                r => r.map_err(|e| ("standard output".to_string(), e)),
            }
        }
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err((to, e)) => {
            eprintln!("urlcert export: cannot write {to}: {e}");
            ExitCode::from(2)
        }
    }
}
