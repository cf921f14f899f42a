pub mod cli;
pub mod engines;
pub mod files;
pub mod procs;
pub mod programs;
