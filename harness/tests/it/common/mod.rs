pub mod cli;
pub mod files;
pub mod procs;
pub mod programs;
