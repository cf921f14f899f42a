//! What names a cause: its document, its check and its shape, apart from the search
//! that finds causes, so that the table of known causes needs no search.

use super::checks::Check;
use urlcert_reference::Document;

/// A cause's key: document, check, shape.
pub type Key = (Document, Check, String);
