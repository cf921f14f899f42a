pub mod procs;
