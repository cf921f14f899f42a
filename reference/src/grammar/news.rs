//! What a news URL's group part derived as, in the four documents that print
//! `* | group | article` (draft-02's and draft-03's `groupart`, draft-06's and RFC 1738's
//! `grouppart`), and the components it reports.

use crate::grammar::cx::{Cx, Span};
use crate::grammar::outcome::Part;

/// Which alternative of the group part urlcert reports.
pub enum GroupPart {
    Star,
    Group,
    /// With the span of the article's host.
    Article {
        host: Span,
    },
}

impl GroupPart {
    /// Reports `group`, `article` and the article's `host`, `whole` being the group part.
    pub fn put(&self, cx: &mut Cx, whole: Span) {
        let (group, article, host) = match *self {
            GroupPart::Star => (None, None, None),
            GroupPart::Group => (Some(whole), None, None),
            GroupPart::Article { host } => (None, Some(whole), Some(host)),
        };
        cx.put("group", group.map(Part::Str));
        cx.put("article", article.map(Part::Str));
        cx.put("host", host.map(Part::Str));
    }
}
