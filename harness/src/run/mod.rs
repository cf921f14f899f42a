//! What asks and judges many times: the suite (`run`, `certify` and the expected-failure
//! lists), the run journal behind `--resume`, the campaign engine and the fuzz campaign
//! built on it, the fuzz targets' checks and the corpus of their seeds.

pub mod campaign;
pub mod certify;
pub mod corpus;
pub mod fuzz;
pub mod fuzzcheck;
pub mod fuzzinput;
pub mod interrupt;
pub mod journal;
pub mod runner;
