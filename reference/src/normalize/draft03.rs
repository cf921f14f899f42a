//! draft-ietf-uri-url-03 (21 March 1994): its one statement bearing on
//! equivalence is in "ENCODING PROHIBITED CHARACTERS": "Because a % sign always
//! indicates an encoded character, a URL may be made safer simply by encoding any
//! characters considered unsafe, while leaving already encoded characters still
//! encoded. Similarly, in cases where a larger set of characters is acceptable, % signs
//! can be selectively and reversibly expanded. The reserved characters shall however
//! never be arbitrarly encoded and decoded." (step `encoding`).
//!
//! Which escapes may be expanded, read from the draft: those of characters its syntax
//! accepts unencoded (`xalpha` without `escape`: `alpha`, `digit`, `safe`, `extra`),
//! less the `reserved` ones the sentence protects, less "@", "+" and ".", which the
//! draft's BNF itself uses as delimiters though it does not list them as reserved
//! (`login`, `article`, `mailtoaddress` end at "@"; `search` is split at "+";
//! `hostname` and `group` at "."): expanding those would change how the URL is read,
//! so it would not be "reversibly". What is left: alphanumerics and
//! `$ - _ & ! * " ' ( ) ,`.
//!
//! Not stated: any rule on letter case (its scheme names are literal lower-case letters:
//! "Single letters stand for single letters"), host names or ports.

use super::{decode, Normalization, NotNormalizable, Steps};
use crate::document::DocReading;
use crate::grammar::outcome::Verdict;

/// `alpha | digit | safe | extra` without "@", "+", ".": alphanumerics and
/// `$ - _ & ! * " ' ( ) ,`.
pub fn is_expandable(b: u8) -> bool {
    b.is_ascii_alphanumeric()
        || matches!(
            b,
            b'$' | b'-' | b'_' | b'&' | b'!' | b'*' | b'"' | b'\'' | b'(' | b')' | b','
        )
}

/// The draft's one statement.
pub fn normalize(doc: DocReading, input: &[u8]) -> Result<Normalization, NotNormalizable> {
    let p = crate::parse(doc, input);
    match p.verdict {
        Verdict::Valid => {}
        Verdict::NotDefined => {
            return Err(NotNormalizable::NotAUri {
                doc,
                why: "the draft's `url` lists eleven schemes and this is none of them (`urlcert parse --doc draft-03`)".into(),
            })
        }
        _ => {
            return Err(NotNormalizable::NotAUri {
                doc,
                why: "it does not derive from the draft's BNF (`urlcert parse --doc draft-03` says where)".into(),
            })
        }
    }
    let mut steps = Steps::new(doc, input);
    // "Similarly, in cases where a larger set of characters is acceptable, % signs can
    // be selectively and reversibly expanded. The reserved characters shall however
    // never be arbitrarly encoded and decoded."
    let value = decode(steps.current(), is_expandable, false);
    steps.step(
        "encoding",
        "draft-03 §ENCODING PROHIBITED CHARACTERS",
        "escapes of characters accepted unencoded, neither reserved nor delimiters (alphanumerics and `$-_&!*\"'(),`), expanded",
        value,
    );
    steps.finish()
}
