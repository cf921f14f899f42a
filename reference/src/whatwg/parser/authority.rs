//! The special authority slashes, special authority ignore slashes, authority, host
//! (and hostname) and port states.

use super::{Failure, Parser, Run, State};
use crate::whatwg::percent::{utf8_percent_encode_code_point, USERINFO};
use crate::whatwg::record::default_port;
use crate::whatwg::validation::ValidationError;

impl Parser<'_> {
    /// Whether `c` ends the authority, host or port: "c is the EOF code point,
    /// U+002F (/), U+003F (?), or U+0023 (#)", or "url is special and c is U+005C (\)".
    fn ends_authority(&self, c: Option<char>) -> bool {
        matches!(c, None | Some('/' | '?' | '#')) || (self.is_special() && c == Some('\\'))
    }

    /// `#special-authority-slashes-state`.
    pub(super) fn special_authority_slashes_state(&mut self) {
        // 1. If c is U+002F (/) and remaining starts with U+002F (/), then set state to
        //    special authority ignore slashes state and increase pointer by 1.
        if self.c() == Some('/') && self.remaining_starts_with("/") {
            self.state = State::SpecialAuthorityIgnoreSlashes;
            self.pointer += 1;
        }
        // 2. Otherwise, special-scheme-missing-following-solidus validation error, set
        //    state to special authority ignore slashes state and decrease pointer by 1.
        else {
            self.error(ValidationError::SpecialSchemeMissingFollowingSolidus);
            self.state = State::SpecialAuthorityIgnoreSlashes;
            self.back(1);
        }
    }

    /// `#special-authority-ignore-slashes-state`.
    pub(super) fn special_authority_ignore_slashes_state(&mut self) {
        // 1. If c is neither U+002F (/) nor U+005C (\), then set state to authority
        //    state and decrease pointer by 1.
        if !matches!(self.c(), Some('/' | '\\')) {
            self.state = State::Authority;
            self.back(1);
        }
        // 2. Otherwise, special-scheme-missing-following-solidus validation error.
        else {
            self.error(ValidationError::SpecialSchemeMissingFollowingSolidus);
        }
    }

    /// `#authority-state`.
    pub(super) fn authority_state(&mut self) -> Run {
        let c = self.c();
        // 1. If c is U+0040 (@), then:
        if c == Some('@') {
            // 1. Invalid-credentials validation error.
            self.error(ValidationError::InvalidCredentials);
            // 2. If atSignSeen is true, then prepend "%40" to buffer.
            if self.at_sign_seen {
                self.buffer.insert_str(0, "%40");
            }
            // 3. Set atSignSeen to true.
            self.at_sign_seen = true;
            // 4. For each codePoint in buffer:
            for code_point in self.buffer.chars() {
                // 1. If codePoint is U+003A (:) and passwordTokenSeen is false, then set
                //    passwordTokenSeen to true and continue.
                if code_point == ':' && !self.password_token_seen {
                    self.password_token_seen = true;
                    continue;
                }
                // 2. Let encodedCodePoints be the result of running UTF-8 percent-encode
                //    codePoint using the userinfo percent-encode set.
                // 3. If passwordTokenSeen is true, then append encodedCodePoints to url's
                //    password.
                // 4. Otherwise, append encodedCodePoints to url's username.
                let component = if self.password_token_seen {
                    &mut self.url.password
                } else {
                    &mut self.url.username
                };
                utf8_percent_encode_code_point(code_point, USERINFO, component);
            }
            // 5. Set buffer to the empty string.
            self.buffer.clear();
        }
        // 2. Otherwise, if one of the following is true: c is the EOF code point,
        //    U+002F (/), U+003F (?), or U+0023 (#); url is special and c is U+005C (\);
        //    then:
        else if self.ends_authority(c) {
            // 1. If atSignSeen is true and buffer is the empty string, host-missing
            //    validation error, return failure.
            if self.at_sign_seen && self.buffer.is_empty() {
                self.error(ValidationError::HostMissing);
                return Err(Failure);
            }
            // 2. Decrease pointer by buffer's code point length + 1, set buffer to the
            //    empty string, and set state to host state.
            let length = self.buffer.chars().count();
            self.back(length + 1);
            self.buffer.clear();
            self.state = State::Host;
        }
        // 3. Otherwise, append c to buffer.
        else if let Some(c) = c {
            self.buffer.push(c);
        }
        Ok(())
    }

    /// `#host-state` and `#hostname-state`.
    pub(super) fn host_state(&mut self) -> Run {
        let c = self.c();
        // 1. (State override only.)
        // 2. Otherwise, if c is U+003A (:) and insideBrackets is false:
        if c == Some(':') && !self.inside_brackets {
            // 1. If buffer is the empty string, host-missing validation error, return
            //    failure.
            if self.buffer.is_empty() {
                self.error(ValidationError::HostMissing);
                return Err(Failure);
            }
            // 2. (State override only.)
            // 3. Let host be the result of host parsing buffer with url is not special.
            // 4. If host is failure, then return failure.
            let host = self.parse_host_from_buffer()?;
            // 5. Set url's host to host, buffer to the empty string, and state to port
            //    state.
            self.url.host = Some(host);
            self.buffer.clear();
            self.state = State::Port;
        }
        // 3. Otherwise, if one of the following is true: c is the EOF code point,
        //    U+002F (/), U+003F (?), or U+0023 (#); url is special and c is U+005C (\);
        //    then decrease pointer by 1, and:
        else if self.ends_authority(c) {
            self.back(1);
            // 1. If url is special and buffer is the empty string, host-missing
            //    validation error, return failure.
            if self.is_special() && self.buffer.is_empty() {
                self.error(ValidationError::HostMissing);
                return Err(Failure);
            }
            // 2. (State override only.)
            // 3. Let host be the result of host parsing buffer with url is not special.
            // 4. If host is failure, then return failure.
            let host = self.parse_host_from_buffer()?;
            // 5. Set url's host to host, buffer to the empty string, and state to path
            //    start state.
            self.url.host = Some(host);
            self.buffer.clear();
            self.state = State::PathStart;
        }
        // 4. Otherwise: if c is U+005B ([), then set insideBrackets to true; if c is
        //    U+005D (]), then set insideBrackets to false; append c to buffer.
        else if let Some(c) = c {
            if c == '[' {
                self.inside_brackets = true;
            }
            if c == ']' {
                self.inside_brackets = false;
            }
            self.buffer_push(c);
        }
        Ok(())
    }

    /// `#port-state`.
    pub(super) fn port_state(&mut self) -> Run {
        let c = self.c();
        // 1. If c is an ASCII digit, append c to buffer.
        if let Some(digit) = c.filter(char::is_ascii_digit) {
            self.buffer.push(digit);
        }
        // 2. Otherwise, if one of the following is true: c is the EOF code point,
        //    U+002F (/), U+003F (?), or U+0023 (#); url is special and c is U+005C (\);
        //    (or state override is given), then:
        else if self.ends_authority(c) {
            // 1. If buffer is not the empty string:
            if !self.buffer.is_empty() {
                // 1. Let port be the mathematical integer value that is represented by
                //    buffer in radix-10 using ASCII digits for digits with values 0
                //    through 9.
                // 2. If port is not a 16-bit unsigned integer, port-out-of-range
                //    validation error, return failure. (The buffer holds ASCII digits
                //    only, so parsing fails exactly when the value exceeds 65535.)
                let Ok(port) = self.buffer.parse::<u16>() else {
                    self.error(ValidationError::PortOutOfRange);
                    return Err(Failure);
                };
                // 3. Set url's port to null, if port is url's scheme's default port;
                //    otherwise to port.
                self.url.port = if default_port(&self.url.scheme) == Some(port) {
                    None
                } else {
                    Some(port)
                };
                // 4. Set buffer to the empty string.
                self.buffer.clear();
            }
            // 2. (State override only.)
            // 3. Set state to path start state and decrease pointer by 1.
            self.state = State::PathStart;
            self.back(1);
        }
        // 3. Otherwise, port-invalid validation error, return failure.
        else {
            self.error(ValidationError::PortInvalid);
            return Err(Failure);
        }
        Ok(())
    }
}
