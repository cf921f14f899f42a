pub mod cli;
pub mod documented;
pub mod engines;
pub mod files;
pub mod pages;
pub mod procs;
pub mod programs;
