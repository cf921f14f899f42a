pub mod cli;
pub mod procs;
