//! The file, file slash and file host states.

use super::{Parser, Run, State};
use crate::whatwg::host::Host;
use crate::whatwg::record::{
    is_normalized_windows_drive_letter, is_windows_drive_letter,
    starts_with_a_windows_drive_letter, UrlPath,
};
use crate::whatwg::validation::ValidationError;

impl Parser<'_> {
    /// Whether the code point substring from the pointer to the end of the input starts
    /// with a Windows drive letter.
    fn pointer_starts_with_a_windows_drive_letter(&self) -> bool {
        starts_with_a_windows_drive_letter(self.substring_from_pointer().iter().copied())
    }

    /// `#file-state`.
    pub(super) fn file_state(&mut self) {
        // 1. Set url's scheme to "file".
        self.url.scheme = String::from("file");
        // 2. Set url's host to the empty string.
        self.url.host = Some(Host::Empty);
        let c = self.c();
        // 3. If c is U+002F (/) or U+005C (\), then: if c is U+005C (\),
        //    invalid-reverse-solidus validation error; set state to file slash state.
        if matches!(c, Some('/' | '\\')) {
            if c == Some('\\') {
                self.error(ValidationError::InvalidReverseSolidus);
            }
            self.state = State::FileSlash;
        }
        // 4. Otherwise, if base is non-null and base's scheme is "file":
        else if let Some(base) = self.base.filter(|base| base.scheme == "file") {
            // 1. Set url's host to base's host, url's path to a clone of base's path, and
            //    url's query to base's query.
            self.url.host = base.host.clone();
            self.url.path = base.path.clone();
            self.url.query = base.query.clone();
            match c {
                // 2. If c is U+003F (?), then set url's query to the empty string and
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
                // 4. Otherwise, if c is not the EOF code point:
                Some(_) => {
                    // 1. Set url's query to null.
                    self.url.query = None;
                    // 2. If the code point substring from pointer to the end of input does
                    //    not start with a Windows drive letter, then shorten url's path.
                    if !self.pointer_starts_with_a_windows_drive_letter() {
                        self.url.shorten_path();
                    }
                    // 3. Otherwise: file-invalid-Windows-drive-letter validation error;
                    //    set url's path to « ».
                    else {
                        self.error(ValidationError::FileInvalidWindowsDriveLetter);
                        self.url.path = UrlPath::Segments(Vec::new());
                    }
                    // 4. Set state to path state and decrease pointer by 1.
                    self.state = State::Path;
                    self.back(1);
                }
                None => {}
            }
        }
        // 5. Otherwise, set state to path state, and decrease pointer by 1.
        else {
            self.state = State::Path;
            self.back(1);
        }
    }

    /// `#file-slash-state`.
    pub(super) fn file_slash_state(&mut self) {
        let c = self.c();
        // 1. If c is U+002F (/) or U+005C (\), then: if c is U+005C (\),
        //    invalid-reverse-solidus validation error; set state to file host state.
        if matches!(c, Some('/' | '\\')) {
            if c == Some('\\') {
                self.error(ValidationError::InvalidReverseSolidus);
            }
            self.state = State::FileHost;
        }
        // 2. Otherwise:
        else {
            // 1. If base is non-null and base's scheme is "file", then:
            if let Some(base) = self.base.filter(|base| base.scheme == "file") {
                // 1. Set url's host to base's host.
                self.url.host = base.host.clone();
                // 2. If the code point substring from pointer to the end of input does not
                //    start with a Windows drive letter and base's path[0] is a normalized
                //    Windows drive letter, then append base's path[0] to url's path.
                if let UrlPath::Segments(base_path) = &base.path {
                    if let Some(first) = base_path.first() {
                        if !self.pointer_starts_with_a_windows_drive_letter()
                            && is_normalized_windows_drive_letter(first)
                        {
                            self.url.append_path_segment(first.clone());
                        }
                    }
                }
            }
            // 2. Set state to path state, and decrease pointer by 1.
            self.state = State::Path;
            self.back(1);
        }
    }

    /// `#file-host-state`.
    pub(super) fn file_host_state(&mut self) -> Run {
        let c = self.c();
        // 1. If c is the EOF code point, U+002F (/), U+005C (\), U+003F (?), or
        //    U+0023 (#), then decrease pointer by 1 and then:
        if matches!(c, None | Some('/' | '\\' | '?' | '#')) {
            self.back(1);
            // 1. If state override is not given and buffer is a Windows drive letter,
            //    file-invalid-Windows-drive-letter-host validation error, set state to
            //    path state. (buffer is not reset: the path state uses it.)
            if is_windows_drive_letter(&self.buffer) {
                self.error(ValidationError::FileInvalidWindowsDriveLetterHost);
                self.state = State::Path;
            }
            // 2. Otherwise, if buffer is the empty string, then: set url's host to the
            //    empty string; set state to path start state.
            else if self.buffer.is_empty() {
                self.url.host = Some(Host::Empty);
                self.state = State::PathStart;
            }
            // 3. Otherwise, run these steps:
            else {
                // 1. Let host be the result of host parsing buffer with url is not
                //    special.
                // 2. If host is failure, then return failure.
                let mut host = self.parse_host_from_buffer()?;
                // 3. If host is "localhost", then set host to the empty string.
                if host == Host::Domain(String::from("localhost")) {
                    host = Host::Empty;
                }
                // 4. Set url's host to host.
                self.url.host = Some(host);
                // 6. Set buffer to the empty string and state to path start state.
                self.buffer.clear();
                self.state = State::PathStart;
            }
        }
        // 2. Otherwise, append c to buffer.
        else if let Some(c) = c {
            self.buffer_push(c);
        }
        Ok(())
    }
}
