//! Helpers shared by the reference's tests; each test crate uses some of them.
#![allow(dead_code)]

pub mod bnf;
pub mod grammars;

#[path = "../../src/testing/xorshift.rs"]
mod xorshift;
#[allow(unused_imports)] // by the test crates that draw no random input
pub use xorshift::Xorshift;
