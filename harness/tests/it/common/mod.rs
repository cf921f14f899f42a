pub mod cli;
pub mod procs;
pub mod programs;
