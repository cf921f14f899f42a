//! The inputs of `parse`, `resolve` and `normalize`: the arguments, or else standard
//! input one line at a time, each answered as it arrives.

use super::os_bytes;
use std::io::{BufRead, Write};
use std::process::ExitCode;

pub type Out = std::io::BufWriter<std::io::StdoutLock<'static>>;

/// Calls `answer` for each input: the arguments, or else each line of standard input (a
/// trailing "\n" or "\r\n" ends a line and is not part of it), one line at a time, so
/// memory is bounded by the longest line. The answers are flushed whenever no whole
/// line is waiting to be read, so each is out before urlcert waits for more input, and
/// a long piped input is still written in large blocks.
///
/// Err: the exit code, 2 when standard input cannot be read, 1 when standard output
/// is closed (the reader went away; nothing more to say).
/// `each_input` with the exit status `parse`, `resolve` and `normalize` share: 1 when
/// `answer` found some input wanting (returned false), else 0; the codes of
/// `each_input` when input or output fails.
pub fn answer_each(
    args: Vec<std::ffi::OsString>,
    cmd: &str,
    mut answer: impl FnMut(&[u8], &mut Out) -> std::io::Result<bool>,
) -> ExitCode {
    let mut any_wanting = false;
    let done = each_input(args, cmd, |input, out| {
        any_wanting |= !answer(input, out)?;
        Ok(())
    });
    done.map_or_else(|code| code, |()| ExitCode::from(u8::from(any_wanting)))
}

pub fn each_input(
    args: Vec<std::ffi::OsString>,
    cmd: &str,
    mut answer: impl FnMut(&[u8], &mut Out) -> std::io::Result<()>,
) -> Result<(), ExitCode> {
    let mut out = std::io::BufWriter::with_capacity(64 * 1024, std::io::stdout().lock());
    let closed = |_| ExitCode::from(1);
    if !args.is_empty() {
        for arg in &args {
            answer(&os_bytes(arg), &mut out).map_err(closed)?;
        }
        return out.flush().map_err(closed);
    }
    // Our own buffer over stdin, because only a BufReader tells what it holds without
    // reading more.
    let mut input = std::io::BufReader::with_capacity(64 * 1024, std::io::stdin().lock());
    let mut line = Vec::new();
    loop {
        line.clear();
        match input.read_until(b'\n', &mut line) {
            Ok(0) => return out.flush().map_err(closed),
            Ok(_) => {}
            Err(e) => {
                let _ = out.flush();
                eprintln!("urlcert {cmd}: cannot read standard input: {e}");
                return Err(ExitCode::from(2));
            }
        }
        if line.ends_with(b"\n") {
            line.pop();
            if line.ends_with(b"\r") {
                line.pop();
            }
        }
        answer(&line, &mut out).map_err(closed)?;
        if !input.buffer().contains(&b'\n') {
            out.flush().map_err(closed)?;
        }
    }
}
