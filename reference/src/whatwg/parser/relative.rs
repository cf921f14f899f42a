//! The special relative or authority, path or authority, relative and relative slash
//! states.

use super::{Parser, Run, State};
use crate::whatwg::validation::ValidationError;

impl Parser<'_> {
    /// `#special-relative-or-authority-state`.
    pub(super) fn special_relative_or_authority_state(&mut self) {
        // 1. If c is U+002F (/) and remaining starts with U+002F (/), then set state to
        //    special authority ignore slashes state and increase pointer by 1.
        if self.c() == Some('/') && self.remaining_starts_with("/") {
            self.state = State::SpecialAuthorityIgnoreSlashes;
            self.pointer += 1;
        }
        // 2. Otherwise, special-scheme-missing-following-solidus validation error, set
        //    state to relative state and decrease pointer by 1.
        else {
            self.error(ValidationError::SpecialSchemeMissingFollowingSolidus);
            self.state = State::Relative;
            self.back(1);
        }
    }

    /// `#path-or-authority-state`.
    pub(super) fn path_or_authority_state(&mut self) {
        // 1. If c is U+002F (/), then set state to authority state.
        if self.c() == Some('/') {
            self.state = State::Authority;
        }
        // 2. Otherwise, set state to path state, and decrease pointer by 1.
        else {
            self.state = State::Path;
            self.back(1);
        }
    }

    /// `#relative-state`.
    pub(super) fn relative_state(&mut self) -> Run {
        // 1. Assert: base's scheme is not "file".
        let base = self.base()?;
        // 2. Set url's scheme to base's scheme.
        self.url.scheme = base.scheme.clone();
        let c = self.c();
        // 3. If c is U+002F (/), then set state to relative slash state.
        if c == Some('/') {
            self.state = State::RelativeSlash;
        }
        // 4. Otherwise, if url is special and c is U+005C (\), invalid-reverse-solidus
        //    validation error, set state to relative slash state.
        else if self.is_special() && c == Some('\\') {
            self.error(ValidationError::InvalidReverseSolidus);
            self.state = State::RelativeSlash;
        }
        // 5. Otherwise:
        else {
            // 1. Set url's username to base's username, url's password to base's
            //    password, url's host to base's host, url's port to base's port, url's
            //    path to a clone of base's path, and url's query to base's query.
            self.url.username = base.username.clone();
            self.url.password = base.password.clone();
            self.url.host = base.host.clone();
            self.url.port = base.port;
            self.url.path = base.path.clone();
            self.url.query = base.query.clone();
            match c {
                // 2. If c is U+003F (?), then set url's query to the empty string, and
                //    state to query state.
                Some('?') => {
                    self.url.query = Some(String::new());
                    self.state = State::Query;
                }
                // 3. Otherwise, if c is U+0023 (#), set url's fragment to the empty string
                //    and state to fragment state.
                Some('#') => {
                    self.url.fragment = Some(String::new());
                    self.state = State::Fragment;
                }
                // 4. Otherwise, if c is not the EOF code point: set url's query to null;
                //    shorten url's path; set state to path state and decrease pointer by 1.
                Some(_) => {
                    self.url.query = None;
                    self.url.shorten_path();
                    self.state = State::Path;
                    self.back(1);
                }
                None => {}
            }
        }
        Ok(())
    }

    /// `#relative-slash-state`.
    pub(super) fn relative_slash_state(&mut self) -> Run {
        let c = self.c();
        // 1. If url is special and c is U+002F (/) or U+005C (\), then: if c is
        //    U+005C (\), invalid-reverse-solidus validation error; set state to special
        //    authority ignore slashes state.
        if self.is_special() && matches!(c, Some('/' | '\\')) {
            if c == Some('\\') {
                self.error(ValidationError::InvalidReverseSolidus);
            }
            self.state = State::SpecialAuthorityIgnoreSlashes;
        }
        // 2. Otherwise, if c is U+002F (/), then set state to authority state.
        else if c == Some('/') {
            self.state = State::Authority;
        }
        // 3. Otherwise, set url's username to base's username, url's password to base's
        //    password, url's host to base's host, url's port to base's port, state to
        //    path state, and then, decrease pointer by 1.
        else {
            let base = self.base()?;
            self.url.username = base.username.clone();
            self.url.password = base.password.clone();
            self.url.host = base.host.clone();
            self.url.port = base.port;
            self.state = State::Path;
            self.back(1);
        }
        Ok(())
    }
}
