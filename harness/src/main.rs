//! The `urlcert` binary: the command line (`cli`) and one module per subcommand
//! (`cmd`).

mod alloc_count;
mod cli;
mod cmd;

use std::process::ExitCode;

/// Counts allocations only while `urlcert bench` asks (see `alloc_count`).
#[global_allocator]
static ALLOCATOR: alloc_count::Counting = alloc_count::Counting;

fn main() -> ExitCode {
    cli::main()
}
