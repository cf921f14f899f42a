//! The names of the productions, so that outputs, errors and coverage can say which rule
//! they mean. Names are spelled exactly as the documents spell them.

macro_rules! rules {
    ($($variant:ident => $name:literal,)*) => {
        /// A production of one of the documents' grammars.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Rule {
            $($variant,)*
        }

        impl Rule {
            /// Every rule, in the order the RFC 1738 BNF lists them.
            pub const ALL: &'static [Rule] = &[$(Rule::$variant,)*];

            /// The rule's name as the document writes it (`ip-schemepart`, `gopher+_string`).
            pub fn name(self) -> &'static str {
                match self {
                    $(Rule::$variant => $name,)*
                }
            }

            /// Looks a rule up by the name the document gives it.
            pub fn from_name(name: &str) -> Option<Rule> {
                match name {
                    $($name => Some(Rule::$variant),)*
                    _ => None,
                }
            }
        }
    };
}

rules! {
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

#[cfg(test)]
mod tests {
    use super::Rule;

    #[test]
    fn names_round_trip_and_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for &rule in Rule::ALL {
            assert!(seen.insert(rule.name()), "duplicate name {}", rule.name());
            assert_eq!(Rule::from_name(rule.name()), Some(rule));
        }
        assert_eq!(
            Rule::from_name("gopher+_string"),
            Some(Rule::GopherPlusString)
        );
        assert_eq!(Rule::from_name("nonsense"), None);
    }
}
