//! The names of the productions, so that outputs, errors and coverage can say which rule
//! they mean. Names are spelled exactly as the documents spell them.

use crate::document::Document;

macro_rules! rules {
    ($($doc:ident { $($variant:ident => $name:literal,)* })*) => {
        /// A production of one of the documents' grammars.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Rule {
            $($($variant,)*)*
        }

        impl Rule {
            /// Every rule, one document after another, oldest first, each in the order
            /// its grammar lists them.
            pub const ALL: &'static [Rule] = &[$($(Rule::$variant,)*)*];

            /// The rule's name as the document writes it (`ip-schemepart`, `gopher+_string`,
            /// `URL-reference`).
            pub fn name(self) -> &'static str {
                match self {
                    $($(Rule::$variant => $name,)*)*
                }
            }

            /// The document whose grammar defines the rule.
            pub fn doc(self) -> Document {
                match self {
                    $($(Rule::$variant => Document::$doc,)*)*
                }
            }
        }
    };
}

rules! {
    Draft02 {
        D02Fragmentaddress => "fragmentaddress",
        D02Uri => "uri",
        D02Url => "url",
        D02Generic => "generic",
        D02Scheme => "scheme",
        D02Httpaddress => "httpaddress",
        D02Ftpaddress => "ftpaddress",
        D02Afsaddress => "afsaddress",
        D02Newsaddress => "newsaddress",
        D02Nntpaddress => "nntpaddress",
        D02Mailtoaddress => "mailtoaddress",
        D02Waisaddress => "waisaddress",
        D02Waisindex => "waisindex",
        D02Waisdoc => "waisdoc",
        D02Groupart => "groupart",
        D02Group => "group",
        D02Article => "article",
        D02Database => "database",
        D02Wtype => "wtype",
        D02Prosperoaddress => "prosperoaddress",
        D02Prosperolink => "prosperolink",
        D02Hsoname => "hsoname",
        D02Version => "version",
        D02Attributes => "attributes",
        D02Attribute => "attribute",
        D02Telnetaddress => "telnetaddress",
        D02Gopheraddress => "gopheraddress",
        D02Login => "login",
        D02Hostport => "hostport",
        D02Host => "host",
        D02Cellname => "cellname",
        D02Hostname => "hostname",
        D02Hostnumber => "hostnumber",
        D02Port => "port",
        D02Selector => "selector",
        D02Path => "path",
        D02Search => "search",
        D02User => "user",
        D02Password => "password",
        D02Fragmentid => "fragmentid",
        D02Gtype => "gtype",
        D02Xalpha => "xalpha",
        D02Xalphas => "xalphas",
        D02Xpalpha => "xpalpha",
        D02Xpalphas => "xpalphas",
        D02Ialpha => "ialpha",
        D02Alpha => "alpha",
        D02Digit => "digit",
        D02Safe => "safe",
        D02Extra => "extra",
        D02Escape => "escape",
        D02Hex => "hex",
        D02National => "national",
        D02Punctuation => "punctuation",
        D02Digits => "digits",
        D02Alphanum => "alphanum",
        D02Alphanums => "alphanums",
        D02Void => "void",
    }
    Draft03 {
        // draft-03's "BNF for specific URL schemes", in its order (grammar/draft-03-bnf.txt).
        D03Prefixedurl => "prefixedurl",
        D03Url => "url",
        D03Scheme => "scheme",
        D03Httpaddress => "httpaddress",
        D03Ftpaddress => "ftpaddress",
        D03Afsaddress => "afsaddress",
        D03Newsaddress => "newsaddress",
        D03Nntpaddress => "nntpaddress",
        D03Midaddress => "midaddress",
        D03Cidaddress => "cidaddress",
        D03Mailtoaddress => "mailtoaddress",
        D03Waisaddress => "waisaddress",
        D03Waisindex => "waisindex",
        D03Waisdoc => "waisdoc",
        D03Wpath => "wpath",
        D03Groupart => "groupart",
        D03Group => "group",
        D03Article => "article",
        D03Database => "database",
        D03Wtype => "wtype",
        D03Prosperoaddress => "prosperoaddress",
        D03Prosperolink => "prosperolink",
        D03Hsoname => "hsoname",
        D03Version => "version",
        D03Attributes => "attributes",
        D03Attribute => "attribute",
        D03Telnetaddress => "telnetaddress",
        D03Gopheraddress => "gopheraddress",
        D03Login => "login",
        D03Hostport => "hostport",
        D03Host => "host",
        D03Ftptype => "ftptype",
        D03Formcode => "formcode",
        D03Cellname => "cellname",
        D03Hostname => "hostname",
        D03Hostnumber => "hostnumber",
        D03Port => "port",
        D03Gcommand => "gcommand",
        D03Path => "path",
        D03Segment => "segment",
        D03Search => "search",
        D03User => "user",
        D03Password => "password",
        D03Fragmentid => "fragmentid",
        D03Gtype => "gtype",
        D03Alphanum2 => "alphanum2",
        D03Xalpha => "xalpha",
        D03Xalphas => "xalphas",
        D03Xpalpha => "xpalpha",
        D03Xpalphas => "xpalphas",
        D03Ialpha => "ialpha",
        D03Alpha => "alpha",
        D03Digit => "digit",
        D03Safe => "safe",
        D03Extra => "extra",
        D03Reserved => "reserved",
        D03Escape => "escape",
        D03Hex => "hex",
        D03National => "national",
        D03Punctuation => "punctuation",
        D03Digits => "digits",
        D03Alphanum => "alphanum",
        D03Alphanums => "alphanums",
        D03Void => "void",
        // Rules the BNF uses but does not define: RFC 822's addr-spec (its §6.1, §3.3)
        // and msg-id (§4.1), which RFC 1521's Content-ID is (for `content-identifier`);
        // and, for the draft-03@ftptype-prose reading, RFC 959's TYPE argument (§5.3.2).
        D03AddrSpec => "addr-spec",
        D03LocalPart => "local-part",
        D03Domain => "domain",
        D03SubDomain => "sub-domain",
        D03DomainLiteral => "domain-literal",
        D03Word => "word",
        D03Atom => "atom",
        D03QuotedString => "quoted-string",
        D03ContentIdentifier => "content-identifier",
        D03MsgId => "msg-id",
        D03TypeCode => "type-code",
        D03FormCode => "form-code",
        D03ByteSize => "byte-size",
    }
    Draft06 {
        D06Url => "url",
        D06Otherurl => "otherurl",
        D06Scheme => "scheme",
        D06Schemepart => "schemepart",
        D06Login => "login",
        D06Hostport => "hostport",
        D06Host => "host",
        D06Hostname => "hostname",
        D06Hostnumber => "hostnumber",
        D06Port => "port",
        D06User => "user",
        D06Password => "password",
        D06Ftpurl => "ftpurl",
        D06Fpath => "fpath",
        D06Fsegment => "fsegment",
        D06Ftptype => "ftptype",
        D06Fileurl => "fileurl",
        D06Httpurl => "httpurl",
        D06Hpath => "hpath",
        D06Hsegment => "hsegment",
        D06Search => "search",
        D06Gopherurl => "gopherurl",
        D06Gtype => "gtype",
        D06Selector => "selector",
        D06GopherPlusString => "gopher+_string",
        D06Mailtourl => "mailtourl",
        D06Encoded822addr => "encoded822addr",
        D06Newsurl => "newsurl",
        D06Grouppart => "grouppart",
        D06Group => "group",
        D06Article => "article",
        D06Nntpurl => "nntpurl",
        D06Telneturl => "telneturl",
        D06Waisurl => "waisurl",
        D06Waisdatabase => "waisdatabase",
        D06Waisindex => "waisindex",
        D06Waisdoc => "waisdoc",
        D06Database => "database",
        D06Wtype => "wtype",
        D06Wpath => "wpath",
        D06Prosperourl => "prosperourl",
        D06Ppath => "ppath",
        D06Psegment => "psegment",
        D06Fieldspec => "fieldspec",
        D06Fieldname => "fieldname",
        D06Fieldvalue => "fieldvalue",
        D06Lowalpha => "lowalpha",
        D06Hialpha => "hialpha",
        D06Alpha => "alpha",
        D06Digit => "digit",
        D06Safe => "safe",
        D06Extra => "extra",
        D06National => "national",
        D06Punctuation => "punctuation",
        D06Reserved => "reserved",
        D06Hex => "hex",
        D06Escape => "escape",
        D06Unreserved => "unreserved",
        D06Uchar => "uchar",
        D06Xchar => "xchar",
        D06Digits => "digits",
    }
    Rfc1738 {
        Genericurl => "genericurl",
        Url => "url",
        Otherurl => "otherurl",
        Scheme => "scheme",
        Schemepart => "schemepart",
        IpSchemepart => "ip-schemepart",
        Login => "login",
        Hostport => "hostport",
        Host => "host",
        Hostname => "hostname",
        Domainlabel => "domainlabel",
        Toplabel => "toplabel",
        Alphadigit => "alphadigit",
        Hostnumber => "hostnumber",
        Port => "port",
        User => "user",
        Password => "password",
        Urlpath => "urlpath",
        Ftpurl => "ftpurl",
        Fpath => "fpath",
        Fsegment => "fsegment",
        Ftptype => "ftptype",
        Fileurl => "fileurl",
        Httpurl => "httpurl",
        Hpath => "hpath",
        Hsegment => "hsegment",
        Search => "search",
        Gopherurl => "gopherurl",
        Gtype => "gtype",
        Selector => "selector",
        GopherPlusString => "gopher+_string",
        Mailtourl => "mailtourl",
        Encoded822addr => "encoded822addr",
        Newsurl => "newsurl",
        Grouppart => "grouppart",
        Group => "group",
        Article => "article",
        Nntpurl => "nntpurl",
        Telneturl => "telneturl",
        Waisurl => "waisurl",
        Waisdatabase => "waisdatabase",
        Waisindex => "waisindex",
        Waisdoc => "waisdoc",
        Database => "database",
        Wtype => "wtype",
        Wpath => "wpath",
        Prosperourl => "prosperourl",
        Ppath => "ppath",
        Psegment => "psegment",
        Fieldspec => "fieldspec",
        Fieldname => "fieldname",
        Fieldvalue => "fieldvalue",
        Lowalpha => "lowalpha",
        Hialpha => "hialpha",
        Alpha => "alpha",
        Digit => "digit",
        Safe => "safe",
        Extra => "extra",
        National => "national",
        Punctuation => "punctuation",
        Reserved => "reserved",
        Hex => "hex",
        Escape => "escape",
        Unreserved => "unreserved",
        Uchar => "uchar",
        Xchar => "xchar",
        Digits => "digits",
    }
    Rfc1808 {
        R1808Url => "URL",
        R1808AbsoluteUrl => "absoluteURL",
        R1808GenericRl => "generic-RL",
        R1808RelativeUrl => "relativeURL",
        R1808NetPath => "net_path",
        R1808AbsPath => "abs_path",
        R1808RelPath => "rel_path",
        R1808Path => "path",
        R1808Fsegment => "fsegment",
        R1808Segment => "segment",
        R1808Params => "params",
        R1808Param => "param",
        R1808Scheme => "scheme",
        R1808NetLoc => "net_loc",
        R1808Query => "query",
        R1808Fragment => "fragment",
        R1808Pchar => "pchar",
        R1808Uchar => "uchar",
        R1808Unreserved => "unreserved",
        R1808Escape => "escape",
        R1808Hex => "hex",
        R1808Alpha => "alpha",
        R1808Lowalpha => "lowalpha",
        R1808Hialpha => "hialpha",
        R1808Digit => "digit",
        R1808Safe => "safe",
        R1808Extra => "extra",
        R1808National => "national",
        R1808Reserved => "reserved",
        R1808Punctuation => "punctuation",
    }
    Draft1996 {
        D1996Alpha => "alpha",
        D1996Lowalpha => "lowalpha",
        D1996Hialpha => "hialpha",
        D1996Digit => "digit",
        D1996Alphanum => "alphanum",
        D1996Urlchar => "urlchar",
        D1996Reserved => "reserved",
        D1996Unreserved => "unreserved",
        D1996Mark => "mark",
        D1996Escaped => "escaped",
        D1996Hex => "hex",
        D1996Excluded => "excluded",
        D1996Control => "control",
        D1996Space => "space",
        D1996Delims => "delims",
        D1996Unwise => "unwise",
        D1996National => "national",
        D1996UrlReference => "URL-reference",
        D1996Fragment => "fragment",
        D1996Scheme => "scheme",
        D1996AbsoluteUrl => "absoluteURL",
        D1996OpaqueUrl => "opaque-URL",
        D1996GenericUrl => "generic-URL",
        D1996RelativeUrl => "relativeURL",
        D1996NetPath => "net_path",
        D1996AbsPath => "abs_path",
        D1996RelPath => "rel_path",
        D1996Server => "server",
        D1996User => "user",
        D1996Password => "password",
        D1996Hostport => "hostport",
        D1996Host => "host",
        D1996Hostname => "hostname",
        D1996Domainlabel => "domainlabel",
        D1996Toplabel => "toplabel",
        D1996Hostnumber => "hostnumber",
        D1996Port => "port",
        D1996Path => "path",
        D1996Segment => "segment",
        D1996Param => "param",
        D1996Pchar => "pchar",
        D1996Query => "query",
    }
    // RFC 2396 Appendix A, in its order (names as the RFC writes them).
    Rfc2396 {
        R2396UriReference => "URI-reference",
        R2396AbsoluteUri => "absoluteURI",
        R2396RelativeUri => "relativeURI",
        R2396HierPart => "hier_part",
        R2396OpaquePart => "opaque_part",
        R2396UricNoSlash => "uric_no_slash",
        R2396NetPath => "net_path",
        R2396AbsPath => "abs_path",
        R2396RelPath => "rel_path",
        R2396RelSegment => "rel_segment",
        R2396Scheme => "scheme",
        R2396Authority => "authority",
        R2396RegName => "reg_name",
        R2396Server => "server",
        R2396Userinfo => "userinfo",
        R2396Hostport => "hostport",
        R2396Host => "host",
        R2396Hostname => "hostname",
        R2396Domainlabel => "domainlabel",
        R2396Toplabel => "toplabel",
        R2396Ipv4address => "IPv4address",
        R2396Port => "port",
        R2396Path => "path",
        R2396PathSegments => "path_segments",
        R2396Segment => "segment",
        R2396Param => "param",
        R2396Pchar => "pchar",
        R2396Query => "query",
        R2396Fragment => "fragment",
        R2396Uric => "uric",
        R2396Reserved => "reserved",
        R2396Unreserved => "unreserved",
        R2396Mark => "mark",
        R2396Escaped => "escaped",
        R2396Hex => "hex",
        R2396Alphanum => "alphanum",
        R2396Alpha => "alpha",
        R2396Lowalpha => "lowalpha",
        R2396Upalpha => "upalpha",
        R2396Digit => "digit",
        // The rfc2396@rfc2732 reading: RFC 2732 Section 3 (`IPv6reference`, which it
        // writes `ipv6reference = "[" IPv6address "]"`) and RFC 2373 Appendix B.
        R2396Ipv6reference => "IPv6reference",
        R2396Ipv6address => "IPv6address",
        R2396Hexpart => "hexpart",
        R2396Hexseq => "hexseq",
        R2396Hex4 => "hex4",
    }
    // RFC 3986 Appendix A, in its order (names as the RFC writes them).
    Rfc3986 {
        R3986Uri => "URI",
        R3986HierPart => "hier-part",
        R3986UriReference => "URI-reference",
        R3986AbsoluteUri => "absolute-URI",
        R3986RelativeRef => "relative-ref",
        R3986RelativePart => "relative-part",
        R3986Scheme => "scheme",
        R3986Authority => "authority",
        R3986Userinfo => "userinfo",
        R3986Host => "host",
        R3986Port => "port",
        R3986IpLiteral => "IP-literal",
        R3986IpvFuture => "IPvFuture",
        R3986Ipv6address => "IPv6address",
        R3986H16 => "h16",
        R3986Ls32 => "ls32",
        R3986Ipv4address => "IPv4address",
        R3986DecOctet => "dec-octet",
        R3986RegName => "reg-name",
        R3986Path => "path",
        R3986PathAbempty => "path-abempty",
        R3986PathAbsolute => "path-absolute",
        R3986PathNoscheme => "path-noscheme",
        R3986PathRootless => "path-rootless",
        R3986PathEmpty => "path-empty",
        R3986Segment => "segment",
        R3986SegmentNz => "segment-nz",
        R3986SegmentNzNc => "segment-nz-nc",
        R3986Pchar => "pchar",
        R3986Query => "query",
        R3986Fragment => "fragment",
        R3986PctEncoded => "pct-encoded",
        R3986Unreserved => "unreserved",
        R3986Reserved => "reserved",
        R3986GenDelims => "gen-delims",
        R3986SubDelims => "sub-delims",
        // The RFC 5234 core rules Appendix A uses (RFC 3986 §1.3), in RFC 5234's order.
        R3986Alpha => "ALPHA",
        R3986Digit => "DIGIT",
        R3986Hexdig => "HEXDIG",
    }
    // The URL Standard defines URLs by a parser, not a grammar: its "rules" are the basic
    // URL parser's states (`#concept-basic-url-parser`), in its order, by the names it
    // gives them. A state is accepted when a parse enters it, rejected when the parser
    // returns failure in it. The hostname state is left out: only a state override
    // enters it, and urlcert parses without one.
    UrlStandard {
        UsSchemeStartState => "scheme start state",
        UsSchemeState => "scheme state",
        UsNoSchemeState => "no scheme state",
        UsSpecialRelativeOrAuthorityState => "special relative or authority state",
        UsPathOrAuthorityState => "path or authority state",
        UsRelativeState => "relative state",
        UsRelativeSlashState => "relative slash state",
        UsSpecialAuthoritySlashesState => "special authority slashes state",
        UsSpecialAuthorityIgnoreSlashesState => "special authority ignore slashes state",
        UsAuthorityState => "authority state",
        UsHostState => "host state",
        UsPortState => "port state",
        UsFileState => "file state",
        UsFileSlashState => "file slash state",
        UsFileHostState => "file host state",
        UsPathStartState => "path start state",
        UsPathState => "path state",
        UsOpaquePathState => "opaque path state",
        UsQueryState => "query state",
        UsFragmentState => "fragment state",
    }
}

impl Rule {
    /// Looks a rule up by the name `doc` gives it (names repeat across documents:
    /// `host` is a rule of RFC 1738 and of the 1996 draft).
    pub fn from_name(doc: Document, name: &str) -> Option<Rule> {
        Rule::ALL
            .iter()
            .copied()
            .find(|r| r.doc() == doc && r.name() == name)
    }

    /// The rules of one document's grammar.
    pub fn of(doc: Document) -> impl Iterator<Item = Rule> {
        Rule::ALL.iter().copied().filter(move |r| r.doc() == doc)
    }

    /// Can some input make the rule reject? Every production of a grammar can; of the
    /// URL Standard's states only those in which the parser can return failure
    /// ([`crate::whatwg::document::can_fail`]).
    pub fn can_reject(self) -> bool {
        self.doc() != Document::UrlStandard || crate::whatwg::document::can_fail(self)
    }
}

impl std::fmt::Display for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Rule {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// A filler for the unused slots of an inline list of rules (`Parse::alternatives`);
/// never reported.
impl Default for Rule {
    fn default() -> Rule {
        Rule::Url
    }
}

#[cfg(test)]
mod tests {
    use super::Rule;
    use crate::document::Document;

    #[test]
    fn names_round_trip_and_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for &rule in Rule::ALL {
            assert!(
                seen.insert((rule.doc(), rule.name())),
                "duplicate name {}",
                rule.name()
            );
            assert_eq!(Rule::from_name(rule.doc(), rule.name()), Some(rule));
        }
        assert_eq!(
            Rule::from_name(Document::Rfc1738, "gopher+_string"),
            Some(Rule::GopherPlusString)
        );
        assert_eq!(
            Rule::from_name(Document::Draft1996, "host"),
            Some(Rule::D1996Host)
        );
        assert_eq!(Rule::from_name(Document::Rfc1738, "URL-reference"), None);
        assert_eq!(Rule::from_name(Document::Rfc1738, "nonsense"), None);
    }
}
