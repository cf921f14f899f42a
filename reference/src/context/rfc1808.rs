//! RFC 1808 has no appendix on URLs in running text, and cites none of RFC 1738's: it
//! cites RFC 1738 for the scheme name (2.1), the net_loc and path (3.1) and the ftp
//! type (3.2.2), never for its appendix. Its one wrapper, `"<URL:" absoluteURL ">"`,
//! belongs to the Base header field of a message (Section 3.1), and its examples are
//! written in it (Section 5) without a word on finding URLs in text. So urlcert does
//! not borrow RFC 1738's rules for it: extraction is not defined.

use super::NotDefined;
use crate::document::Document;

pub(crate) fn not_defined() -> NotDefined {
    NotDefined {
        doc: Document::Rfc1808,
        why: "it has no appendix on URLs in context and cites none of RFC 1738's; its one wrapper is the syntax of a header field",
        cite: "RFC 1808 §3.1",
        quote: "base-header  = \"Base\" \":\" \"<URL:\" absoluteURL \">\"",
    }
}
