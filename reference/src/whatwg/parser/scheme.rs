//! The scheme start, scheme and no scheme states.

use super::{Failure, Parser, Run, State};
use crate::whatwg::record::UrlPath;
use crate::whatwg::validation::ValidationError;

impl Parser<'_> {
    /// `#scheme-start-state`.
    pub(super) fn scheme_start_state(&mut self) {
        match self.c() {
            // 1. If c is an ASCII alpha, append c, lowercased, to buffer, and set state to
            //    scheme state.
            Some(c) if c.is_ascii_alphabetic() => {
                self.buffer.push(c.to_ascii_lowercase());
                self.state = State::Scheme;
            }
            // 2. Otherwise, if state override is not given, set state to no scheme state
            //    and decrease pointer by 1.
            _ => {
                self.state = State::NoScheme;
                self.back(1);
            }
        }
    }

    /// `#scheme-state`.
    pub(super) fn scheme_state(&mut self) {
        match self.c() {
            // 1. If c is an ASCII alphanumeric, U+002B (+), U+002D (-), or U+002E (.),
            //    append c, lowercased, to buffer.
            Some(c) if c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.') => {
                self.buffer.push(c.to_ascii_lowercase());
            }
            // 2. Otherwise, if c is U+003A (:), then:
            Some(':') => {
                // 2. Set url's scheme to buffer.
                // 4. Set buffer to the empty string.
                self.url.scheme = std::mem::take(&mut self.buffer);
                // 5. If url's scheme is "file", then: if remaining does not start with
                //    "//", special-scheme-missing-following-solidus validation error; set
                //    state to file state.
                if self.url.scheme == "file" {
                    if !self.remaining_starts_with("//") {
                        self.error(ValidationError::SpecialSchemeMissingFollowingSolidus);
                    }
                    self.state = State::File;
                }
                // 6. Otherwise, if url is special, base is non-null, and base's scheme is
                //    url's scheme: assert: base is special; set state to special relative
                //    or authority state.
                else if self.is_special()
                    && self.base.is_some_and(|base| base.scheme == self.url.scheme)
                {
                    self.state = State::SpecialRelativeOrAuthority;
                }
                // 7. Otherwise, if url is special, set state to special authority slashes
                //    state.
                else if self.is_special() {
                    self.state = State::SpecialAuthoritySlashes;
                }
                // 8. Otherwise, if remaining starts with an U+002F (/), set state to path
                //    or authority state and increase pointer by 1.
                else if self.remaining_starts_with("/") {
                    self.state = State::PathOrAuthority;
                    self.pointer += 1;
                }
                // 9. Otherwise, set url's path to the empty string and set state to opaque
                //    path state.
                else {
                    self.url.path = UrlPath::Opaque(String::new());
                    self.state = State::OpaquePath;
                }
            }
            // 3. Otherwise, if state override is not given, set buffer to the empty
            //    string, state to no scheme state, and start over (from the first code
            //    point in input).
            _ => {
                self.buffer.clear();
                self.state = State::NoScheme;
                // The main loop increases the pointer to the first code point.
                self.pointer = -1;
            }
        }
    }

    /// `#no-scheme-state`.
    pub(super) fn no_scheme_state(&mut self) -> Run {
        let c = self.c();
        match self.base {
            // 1. If base is null, or base has an opaque path and c is not U+0023 (#),
            //    missing-scheme-non-relative-URL validation error, return failure.
            None => {
                self.error(ValidationError::MissingSchemeNonRelativeUrl);
                Err(Failure)
            }
            Some(base) if base.has_opaque_path() && c != Some('#') => {
                self.error(ValidationError::MissingSchemeNonRelativeUrl);
                Err(Failure)
            }
            // 2. Otherwise, if base has an opaque path and c is U+0023 (#), set url's
            //    scheme to base's scheme, url's path to base's path, url's query to
            //    base's query, url's fragment to the empty string, and set state to
            //    fragment state.
            Some(base) if base.has_opaque_path() => {
                self.url.scheme = base.scheme.clone();
                self.url.path = base.path.clone();
                self.url.query = base.query.clone();
                self.url.fragment = Some(String::new());
                self.state = State::Fragment;
                Ok(())
            }
            // 3. Otherwise, if base's scheme is not "file", set state to relative state
            //    and decrease pointer by 1.
            Some(base) if base.scheme != "file" => {
                self.state = State::Relative;
                self.back(1);
                Ok(())
            }
            // 4. Otherwise, set state to file state and decrease pointer by 1.
            Some(_) => {
                self.state = State::File;
                self.back(1);
                Ok(())
            }
        }
    }
}
