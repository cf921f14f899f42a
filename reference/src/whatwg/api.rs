//! `#url-class`: the getters of the `URL` class, on a URL record (the class's "URL").

use super::host::serialize::host_serialize;
use super::record::Url;

impl Url {
    /// The `href` getter (and `toJSON()`): "return the serialization of this's URL."
    pub fn href(&self) -> String {
        self.serialize(false)
    }

    /// The `protocol` getter: "return this's URL's scheme, followed by U+003A (:)."
    pub fn protocol(&self) -> String {
        format!("{}:", self.scheme)
    }

    /// The `username` getter: "return this's URL's username."
    pub fn username(&self) -> &str {
        &self.username
    }

    /// The `password` getter: "return this's URL's password."
    pub fn password(&self) -> &str {
        &self.password
    }

    /// The `host` getter.
    pub fn host(&self) -> String {
        // 1. Let url be this's URL.
        // 2. If url's host is null, then return the empty string.
        let Some(host) = &self.host else {
            return String::new();
        };
        match self.port {
            // 3. If url's port is null, return url's host, serialized.
            None => host_serialize(host),
            // 4. Return url's host, serialized, followed by U+003A (:) and url's port,
            //    serialized.
            Some(port) => format!("{}:{port}", host_serialize(host)),
        }
    }

    /// The `hostname` getter.
    pub fn hostname(&self) -> String {
        // 1. If this's URL's host is null, then return the empty string.
        // 2. Return this's URL's host, serialized.
        self.host.as_ref().map(host_serialize).unwrap_or_default()
    }

    /// The `port` getter.
    pub fn port(&self) -> String {
        // 1. If this's URL's port is null, then return the empty string.
        // 2. Return this's URL's port, serialized.
        self.port.map(|port| port.to_string()).unwrap_or_default()
    }

    /// The `pathname` getter: "return the result of URL path serializing this's URL."
    pub fn pathname(&self) -> String {
        self.path_serialize()
    }

    /// The `search` getter.
    pub fn search(&self) -> String {
        // 1. If this's URL's query is either null or the empty string, then return the
        //    empty string.
        // 2. Return U+003F (?), followed by this's URL's query.
        match self.query.as_deref() {
            None | Some("") => String::new(),
            Some(query) => format!("?{query}"),
        }
    }

    /// The `hash` getter.
    pub fn hash(&self) -> String {
        // 1. If this's URL's fragment is either null or the empty string, then return the
        //    empty string.
        // 2. Return U+0023 (#), followed by this's URL's fragment.
        match self.fragment.as_deref() {
            None | Some("") => String::new(),
            Some(fragment) => format!("#{fragment}"),
        }
    }
}
