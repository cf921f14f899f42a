//! The integration tests, in one binary: each module was a test binary of its own, and
//! each of those linked the whole library; one link is enough. `case_files` stays a
//! binary of its own, since its harness (datatest-stable) is not libtest's.
//!
//! The modules share one process, so none of them may change what the process shares:
//! the environment, the working directory, signal dispositions. A test that needs one of
//! those changed runs itself again in a child process (`self_contradiction` does).

mod common;

mod adapters;
mod base_links;
mod bench_cli;
mod browser_adapters;
mod ci_recipe;
mod cli;
mod cli_conventions;
mod compare;
mod compare_command;
mod corpus;
mod coverage;
mod document;
mod explore_page;
mod export;
mod external_adapters;
mod fuzz_campaign;
mod fuzz_targets;
mod hostile_adapters;
mod inproc_adapters;
mod installed;
mod kill_and_resume;
mod loader;
mod matrix;
mod more_adapters;
mod named_files;
mod nightly_report;
mod node_adapters;
mod normalize;
mod oracle_agreement;
mod python_adapters;
mod readme;
mod recorded_adapters;
mod reports;
mod reports_run;
mod self_contradiction;
mod suite;
mod writing_vs_parser;
