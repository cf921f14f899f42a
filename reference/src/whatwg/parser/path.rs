//! The path start, path, opaque path, query and fragment states.

use super::{Parser, State};
use crate::whatwg::percent::{
    utf8_percent_encode, utf8_percent_encode_code_point, C0_CONTROL, FRAGMENT, PATH, QUERY,
    SPECIAL_QUERY,
};
use crate::whatwg::record::{
    is_double_dot_path_segment, is_single_dot_path_segment, is_windows_drive_letter, UrlPath,
};
use crate::whatwg::validation::ValidationError;

impl Parser<'_> {
    /// "set url's query to the empty string and state to query state".
    fn start_query(&mut self) {
        self.url.query = Some(String::new());
        self.state = State::Query;
    }

    /// "set url's fragment to the empty string and state to fragment state".
    fn start_fragment(&mut self) {
        self.url.fragment = Some(String::new());
        self.state = State::Fragment;
    }

    /// `#path-start-state`.
    pub(super) fn path_start_state(&mut self) {
        let c = self.c();
        // 1. If url is special, then:
        if self.is_special() {
            // 1. If c is U+005C (\), invalid-reverse-solidus validation error.
            if c == Some('\\') {
                self.error(ValidationError::InvalidReverseSolidus);
            }
            // 2. Set state to path state.
            self.state = State::Path;
            // 3. If c is neither U+002F (/) nor U+005C (\), then decrease pointer by 1.
            if !matches!(c, Some('/' | '\\')) {
                self.back(1);
            }
        }
        // 2. Otherwise, if state override is not given and c is U+003F (?), set url's
        //    query to the empty string and state to query state.
        else if c == Some('?') {
            self.start_query();
        }
        // 3. Otherwise, if state override is not given and c is U+0023 (#), set url's
        //    fragment to the empty string and state to fragment state.
        else if c == Some('#') {
            self.start_fragment();
        }
        // 4. Otherwise, if c is not the EOF code point: set state to path state; if c is
        //    not U+002F (/), then decrease pointer by 1.
        else if c.is_some() {
            self.state = State::Path;
            if c != Some('/') {
                self.back(1);
            }
        }
        // 5. (State override only.)
    }

    /// `#path-state`.
    pub(super) fn path_state(&mut self) {
        let c = self.c();
        let special_backslash = self.is_special() && c == Some('\\');
        // 1. If one of the following is true: c is the EOF code point or U+002F (/); url
        //    is special and c is U+005C (\); state override is not given and c is
        //    U+003F (?) or U+0023 (#); then:
        if matches!(c, None | Some('/' | '?' | '#')) || special_backslash {
            // 1. If url is special and c is U+005C (\), invalid-reverse-solidus validation
            //    error.
            if special_backslash {
                self.error(ValidationError::InvalidReverseSolidus);
            }
            // "c is U+002F (/), or url is special and c is U+005C (\)"
            let slash = c == Some('/') || special_backslash;
            // 2. If buffer is a double-dot URL path segment, then: shorten url's path; if
            //    neither c is U+002F (/), nor url is special and c is U+005C (\), append
            //    the empty string to url's path. ("/usr/.." gives "/", not no path.)
            if is_double_dot_path_segment(&self.buffer) {
                self.url.shorten_path();
                if !slash {
                    self.url.append_path_segment(String::new());
                }
            }
            // 3. Otherwise, if buffer is a single-dot URL path segment and if neither c is
            //    U+002F (/), nor url is special and c is U+005C (\), append the empty
            //    string to url's path.
            else if is_single_dot_path_segment(&self.buffer) {
                if !slash {
                    self.url.append_path_segment(String::new());
                }
            }
            // 4. Otherwise, if buffer is not a single-dot URL path segment, then:
            else {
                // 1. If url's scheme is "file", url's path is empty, and buffer is a
                //    Windows drive letter, then replace the second code point in buffer
                //    with U+003A (:).
                let path_is_empty = matches!(&self.url.path, UrlPath::Segments(p) if p.is_empty());
                if self.url.scheme == "file"
                    && path_is_empty
                    && is_windows_drive_letter(&self.buffer)
                {
                    // A Windows drive letter is two ASCII code points.
                    self.buffer.truncate(1);
                    self.buffer.push(':');
                }
                // 2. Append buffer to url's path.
                let segment = std::mem::take(&mut self.buffer);
                self.url.append_path_segment(segment);
            }
            // 5. Set buffer to the empty string.
            self.buffer.clear();
            // 6. If c is U+003F (?), then set url's query to the empty string and state to
            //    query state.
            if c == Some('?') {
                self.start_query();
            }
            // 7. If c is U+0023 (#), then set url's fragment to the empty string and state
            //    to fragment state.
            if c == Some('#') {
                self.start_fragment();
            }
        }
        // 2. Otherwise, run these steps:
        else if let Some(c) = c {
            // 1. If c is not a URL code point and not U+0025 (%), invalid-URL-unit
            //    validation error.
            // 2. If c is U+0025 (%) and remaining does not start with two ASCII hex
            //    digits, invalid-URL-unit validation error.
            self.check_url_unit(c);
            // 3. UTF-8 percent-encode c using the path percent-encode set and append the
            //    result to buffer.
            utf8_percent_encode_code_point(c, PATH, &mut self.buffer);
        }
    }

    /// `#cannot-be-a-base-url-path-state`: the opaque path state.
    pub(super) fn opaque_path_state(&mut self) {
        match self.c() {
            // 1. If c is U+003F (?), then set url's query to the empty string and state to
            //    query state.
            Some('?') => self.start_query(),
            // 2. Otherwise, if c is U+0023 (#), then set url's fragment to the empty string
            //    and state to fragment state.
            Some('#') => self.start_fragment(),
            // 3. Otherwise, if c is U+0020 SPACE:
            Some(' ') => {
                // 1. Invalid-URL-unit validation error.
                self.error(ValidationError::InvalidUrlUnit);
                // 2. If remaining starts with U+003F (?) or U+0023 (#), then append "%20"
                //    to url's path.
                // 3. Otherwise, append U+0020 SPACE to url's path.
                let space = if self.remaining_starts_with("?") || self.remaining_starts_with("#") {
                    "%20"
                } else {
                    " "
                };
                if let UrlPath::Opaque(path) = &mut self.url.path {
                    path.push_str(space);
                }
            }
            // 4. Otherwise, if c is not the EOF code point:
            Some(c) => {
                // 1. If c is not a URL code point and not U+0025 (%), invalid-URL-unit
                //    validation error.
                // 2. If c is U+0025 (%) and remaining does not start with two ASCII hex
                //    digits, invalid-URL-unit validation error.
                self.check_url_unit(c);
                // 3. UTF-8 percent-encode c using the C0 control percent-encode set and
                //    append the result to url's path.
                if let UrlPath::Opaque(path) = &mut self.url.path {
                    utf8_percent_encode_code_point(c, C0_CONTROL, path);
                }
            }
            None => {}
        }
    }

    /// `#query-state`.
    pub(super) fn query_state(&mut self) {
        // 1. (The encoding is UTF-8 already.)
        let c = self.c();
        // 2. If one of the following is true: state override is not given and c is
        //    U+0023 (#); c is the EOF code point; then:
        if matches!(c, None | Some('#')) {
            // 1. Let queryPercentEncodeSet be the special-query percent-encode set if url
            //    is special; otherwise the query percent-encode set.
            let query_percent_encode_set = if self.is_special() {
                SPECIAL_QUERY
            } else {
                QUERY
            };
            // 2. Percent-encode after encoding, with encoding, buffer, and
            //    queryPercentEncodeSet, and append the result to url's query.
            let query = self.url.query.get_or_insert_with(String::new);
            utf8_percent_encode(&self.buffer, query_percent_encode_set, query);
            // 3. Set buffer to the empty string.
            self.buffer.clear();
            // 4. If c is U+0023 (#), then set url's fragment to the empty string and state
            //    to fragment state.
            if c == Some('#') {
                self.start_fragment();
            }
        }
        // 3. Otherwise, if c is not the EOF code point:
        else if let Some(c) = c {
            // 1. If c is not a URL code point and not U+0025 (%), invalid-URL-unit
            //    validation error.
            // 2. If c is U+0025 (%) and remaining does not start with two ASCII hex
            //    digits, invalid-URL-unit validation error.
            self.check_url_unit(c);
            // 3. Append c to buffer.
            self.buffer.push(c);
        }
    }

    /// `#fragment-state`.
    pub(super) fn fragment_state(&mut self) {
        // 1. If c is not the EOF code point, then:
        if let Some(c) = self.c() {
            // 1. If c is not a URL code point and not U+0025 (%), invalid-URL-unit
            //    validation error.
            // 2. If c is U+0025 (%) and remaining does not start with two ASCII hex
            //    digits, invalid-URL-unit validation error.
            self.check_url_unit(c);
            // 3. UTF-8 percent-encode c using the fragment percent-encode set and append
            //    the result to url's fragment.
            let fragment = self.url.fragment.get_or_insert_with(String::new);
            utf8_percent_encode_code_point(c, FRAGMENT, fragment);
        }
    }
}
