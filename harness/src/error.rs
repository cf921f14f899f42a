//! The harness's error: what went wrong, in words for the person running urlcert,
//! naming the file, line, case or adapter it concerns. A library caller can `?` it into
//! any `std::error::Error`; the command line prints it and picks the exit status.

use std::fmt;

/// An error the harness reports: one message, its place first where it has one
/// (`cases/rfc1738.yaml:12:3: ...`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error(String);

/// A harness result.
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    pub fn new(message: impl Into<String>) -> Error {
        Error(message.into())
    }

    /// The same error, said of `place`: `PLACE: MESSAGE`.
    pub fn at(self, place: impl fmt::Display) -> Error {
        Error(format!("{place}: {}", self.0))
    }

    pub fn message(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl From<String> for Error {
    fn from(message: String) -> Error {
        Error(message)
    }
}

impl From<&str> for Error {
    fn from(message: &str) -> Error {
        Error(message.to_string())
    }
}

impl From<Error> for String {
    fn from(e: Error) -> String {
        e.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_place_goes_before_the_message() {
        let e = Error::new("no \"answer\"").at("rec.jsonl:3");
        assert_eq!(e.to_string(), "rec.jsonl:3: no \"answer\"");
        assert_eq!(
            e.at("recorded-x").message(),
            "recorded-x: rec.jsonl:3: no \"answer\""
        );
    }
}
