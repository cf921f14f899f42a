//! The URL record (`#url-representation`), what `#url-miscellaneous` defines on it
//! (special schemes and default ports, shortening a path, Windows drive letters), and
//! the URL and URL path serializers (`#url-serializing`).

use super::host::serialize::host_serialize;
use super::host::Host;

/// `#concept-url`: "A URL is a struct that represents a universal identifier." The blob
/// URL entry is left out (see the module doc of [`super`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Url {
    /// "an ASCII string that identifies the type of URL". Initially the empty string.
    pub scheme: String,
    /// "an ASCII string identifying a username". Initially the empty string.
    pub username: String,
    /// "an ASCII string identifying a password". Initially the empty string.
    pub password: String,
    /// "null or a host". Initially null.
    pub host: Option<Host>,
    /// "either null or a 16-bit unsigned integer that identifies a networking port".
    /// Initially null.
    pub port: Option<u16>,
    /// "a URL path, usually identifying a location". Initially « ».
    pub path: UrlPath,
    /// "either null or an ASCII string". Initially null.
    pub query: Option<String>,
    /// "either null or an ASCII string". Initially null.
    pub fragment: Option<String>,
}

/// `#url-path`: "A URL path is either a URL path segment or a list of zero or more URL
/// path segments."
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UrlPath {
    /// A URL path segment: the URL "has an opaque path".
    Opaque(String),
    /// A list of URL path segments.
    Segments(Vec<String>),
}

impl Default for Url {
    /// A new URL: every component at its initial value.
    fn default() -> Self {
        Url {
            scheme: String::new(),
            username: String::new(),
            password: String::new(),
            host: None,
            port: None,
            path: UrlPath::Segments(Vec::new()),
            query: None,
            fragment: None,
        }
    }
}

/// `#special-scheme`: the special schemes and their default ports, the table's rows.
const SPECIAL_SCHEMES: [(&str, Option<u16>); 6] = [
    ("ftp", Some(21)),
    ("file", None),
    ("http", Some(80)),
    ("https", Some(443)),
    ("ws", Some(80)),
    ("wss", Some(443)),
];

/// Whether `scheme` is a special scheme.
pub fn is_special_scheme(scheme: &str) -> bool {
    SPECIAL_SCHEMES.iter().any(|(s, _)| *s == scheme)
}

/// `#default-port`: "The default port for a special scheme is listed in the second column
/// on the same row. The default port for any other ASCII string is null."
pub fn default_port(scheme: &str) -> Option<u16> {
    SPECIAL_SCHEMES
        .iter()
        .find(|(s, _)| *s == scheme)
        .and_then(|(_, port)| *port)
}

/// `#windows-drive-letter`: "two code points, of which the first is an ASCII alpha and
/// the second is either U+003A (:) or U+007C (|)."
pub fn is_windows_drive_letter(s: &str) -> bool {
    let mut code_points = s.chars();
    matches!(
        (code_points.next(), code_points.next(), code_points.next()),
        (Some(a), Some(':' | '|'), None) if a.is_ascii_alphabetic()
    )
}

/// `#normalized-windows-drive-letter`: "a Windows drive letter of which the second code
/// point is U+003A (:)."
pub fn is_normalized_windows_drive_letter(s: &str) -> bool {
    is_windows_drive_letter(s) && s.ends_with(':')
}

/// `#start-with-a-windows-drive-letter`: "its length is greater than or equal to 2; its
/// first two code points are a Windows drive letter; its length is 2 or its third code
/// point is U+002F (/), U+005C (\), U+003F (?), or U+0023 (#)." Reads three code points
/// at most.
pub fn starts_with_a_windows_drive_letter(code_points: impl IntoIterator<Item = char>) -> bool {
    let mut code_points = code_points.into_iter();
    matches!(
        (code_points.next(), code_points.next(), code_points.next()),
        (Some(a), Some(':' | '|'), None | Some('/' | '\\' | '?' | '#')) if a.is_ascii_alphabetic()
    )
}

/// `#single-dot-path-segment`: "." or an ASCII case-insensitive match for "%2e".
pub fn is_single_dot_path_segment(segment: &str) -> bool {
    segment == "." || segment.eq_ignore_ascii_case("%2e")
}

/// `#double-dot-path-segment`: ".." or an ASCII case-insensitive match for ".%2e",
/// "%2e.", or "%2e%2e".
pub fn is_double_dot_path_segment(segment: &str) -> bool {
    segment == ".."
        || [".%2e", "%2e.", "%2e%2e"]
            .iter()
            .any(|dots| segment.eq_ignore_ascii_case(dots))
}

impl Url {
    /// `#is-special`: "if its scheme is a special scheme".
    pub fn is_special(&self) -> bool {
        is_special_scheme(&self.scheme)
    }

    /// `#include-credentials`: "if its username or password is not the empty string".
    pub fn includes_credentials(&self) -> bool {
        !self.username.is_empty() || !self.password.is_empty()
    }

    /// `#url-opaque-path`: "if its path is a URL path segment".
    pub fn has_opaque_path(&self) -> bool {
        matches!(self.path, UrlPath::Opaque(_))
    }

    /// `#shorten-a-urls-path`.
    pub(crate) fn shorten_path(&mut self) {
        // 1. Assert: url does not have an opaque path. (If it had, nothing is done.)
        // 2. Let path be url's path.
        let is_file = self.scheme == "file";
        let UrlPath::Segments(path) = &mut self.path else {
            return;
        };
        // 3. If url's scheme is "file", path's size is 1, and path[0] is a normalized
        //    Windows drive letter, then return.
        if is_file
            && path.len() == 1
            && path
                .first()
                .is_some_and(|s| is_normalized_windows_drive_letter(s))
        {
            return;
        }
        // 4. Remove path's last item, if any.
        path.pop();
    }

    /// Appends `segment` to the path (a list whenever the parser does this).
    pub(crate) fn append_path_segment(&mut self, segment: String) {
        if let UrlPath::Segments(path) = &mut self.path {
            path.push(segment);
        }
    }

    /// `#concept-url-serializer`, with `exclude_fragment`.
    pub fn serialize(&self, exclude_fragment: bool) -> String {
        // 1. Let output be url's scheme and U+003A (:) concatenated.
        let mut output = format!("{}:", self.scheme);
        // 2. If url's host is non-null:
        if let Some(host) = &self.host {
            // 1. Append "//" to output.
            output.push_str("//");
            // 2. If url includes credentials, then: append url's username; if url's
            //    password is not the empty string, then append U+003A (:), followed by
            //    url's password; append U+0040 (@).
            if self.includes_credentials() {
                output.push_str(&self.username);
                if !self.password.is_empty() {
                    output.push(':');
                    output.push_str(&self.password);
                }
                output.push('@');
            }
            // 3. Append url's host, serialized, to output.
            output.push_str(&host_serialize(host));
            // 4. If url's port is non-null, append U+003A (:) followed by url's port,
            //    serialized, to output.
            if let Some(port) = self.port {
                output.push(':');
                output.push_str(&port.to_string());
            }
        }
        // 3. If url's host is null, url does not have an opaque path, url's path's size
        //    is greater than 1, and url's path[0] is the empty string, then append
        //    U+002F (/) followed by U+002E (.) to output.
        if let (None, UrlPath::Segments(path)) = (&self.host, &self.path) {
            if path.len() > 1 && path.first().is_some_and(String::is_empty) {
                output.push_str("/.");
            }
        }
        // 4. Append the result of URL path serializing url to output.
        output.push_str(&self.path_serialize());
        // 5. If url's query is non-null, append U+003F (?), followed by url's query.
        if let Some(query) = &self.query {
            output.push('?');
            output.push_str(query);
        }
        // 6. If exclude fragment is false and url's fragment is non-null, then append
        //    U+0023 (#), followed by url's fragment, to output.
        if let (false, Some(fragment)) = (exclude_fragment, &self.fragment) {
            output.push('#');
            output.push_str(fragment);
        }
        // 7. Return output.
        output
    }

    /// `#url-path-serializer`.
    pub fn path_serialize(&self) -> String {
        match &self.path {
            // 1. If url has an opaque path, then return url's path.
            UrlPath::Opaque(path) => path.clone(),
            // 2. Let output be the empty string.
            // 3. For each segment of url's path: append U+002F (/) followed by segment to
            //    output.
            // 4. Return output.
            UrlPath::Segments(path) => {
                let mut output = String::new();
                for segment in path {
                    output.push('/');
                    output.push_str(segment);
                }
                output
            }
        }
    }
}
