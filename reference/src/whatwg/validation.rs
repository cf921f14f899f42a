//! The validation errors (`#writing`'s tables): one variant per error type the tables
//! name, with the table's description and "Failure" column.

/// A validation error the parser reported, and where.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Validation {
    pub error: ValidationError,
    /// A byte offset into the input as given (see the module doc of [`super`]).
    pub at: usize,
}

/// The error types of the validation-error tables of `#writing`, in the tables' order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ValidationError {
    /// "Unicode ToASCII records an error when CheckHyphens, UseSTD3ASCIIRules, and
    /// VerifyDnsLength are all set to true."
    DomainToAscii,
    /// "The input's host to be processed as a domain contains a percent-encoded byte."
    DomainPercentEncoded,
    /// "An opaque host (in a URL that is not special) contains a forbidden host code
    /// point."
    HostInvalidCodePoint,
    /// "An IPv4 address ends with a U+002E (.)."
    Ipv4EmptyPart,
    /// "An IPv4 address has fewer than 4 parts."
    Ipv4TooFewParts,
    /// "An IPv4 address has more than 4 parts."
    Ipv4TooManyParts,
    /// "An IPv4 address part is not numeric."
    Ipv4NonNumericPart,
    /// "The IPv4 address contains numbers expressed using hexadecimal or octal digits."
    Ipv4NonDecimalPart,
    /// "An IPv4 address part exceeds 255."
    Ipv4OutOfRangePart,
    /// "An IPv6 address is missing the closing U+005D (])."
    Ipv6Unclosed,
    /// "An IPv6 address begins with improper compression."
    Ipv6InvalidCompression,
    /// "An IPv6 address contains more than 8 pieces."
    Ipv6TooManyPieces,
    /// "An IPv6 address is compressed in more than one spot."
    Ipv6MultipleCompression,
    /// "An IPv6 address contains a code point that is neither an ASCII hex digit nor a
    /// U+003A (:). Or it unexpectedly ends."
    Ipv6InvalidCodePoint,
    /// "An uncompressed IPv6 address contains fewer than 8 pieces."
    Ipv6TooFewPieces,
    /// "An IPv6 address piece contains a leading U+0030 (0)."
    Ipv6PieceLeadingZero,
    /// "An IPv6 address with IPv4 address syntax: the IPv6 address has more than 6
    /// pieces."
    Ipv4InIpv6TooManyPieces,
    /// "An IPv6 address with IPv4 address syntax: An IPv4 part is empty or contains a
    /// non-ASCII digit. An IPv4 part contains a leading 0. There are too many IPv4
    /// parts."
    Ipv4InIpv6InvalidCodePoint,
    /// "An IPv6 address with IPv4 address syntax: an IPv4 part exceeds 255."
    Ipv4InIpv6OutOfRangePart,
    /// "An IPv6 address with IPv4 address syntax: an IPv4 address contains too few
    /// parts."
    Ipv4InIpv6TooFewParts,
    /// "A code point is found that is not a URL unit."
    InvalidUrlUnit,
    /// "The input's scheme is not followed by "//"."
    SpecialSchemeMissingFollowingSolidus,
    /// "The input is missing a scheme, because it does not begin with an ASCII alpha,
    /// and either no base URL was provided or the base URL cannot be used as a base URL
    /// because it has an opaque path."
    MissingSchemeNonRelativeUrl,
    /// "The URL has a special scheme and it uses U+005C (\) instead of U+002F (/)."
    InvalidReverseSolidus,
    /// "The input includes credentials."
    InvalidCredentials,
    /// "The input has a special scheme, but does not contain a host."
    HostMissing,
    /// "The input's port is too big."
    PortOutOfRange,
    /// "The input's port is invalid."
    PortInvalid,
    /// "The input is a relative-URL string that starts with a Windows drive letter and
    /// the base URL's scheme is "file"."
    FileInvalidWindowsDriveLetter,
    /// "A file: URL's host is a Windows drive letter."
    FileInvalidWindowsDriveLetterHost,
}

impl ValidationError {
    /// Every error type, in the tables' order.
    pub const ALL: [ValidationError; 30] = {
        use ValidationError::*;
        [
            DomainToAscii,
            DomainPercentEncoded,
            HostInvalidCodePoint,
            Ipv4EmptyPart,
            Ipv4TooFewParts,
            Ipv4TooManyParts,
            Ipv4NonNumericPart,
            Ipv4NonDecimalPart,
            Ipv4OutOfRangePart,
            Ipv6Unclosed,
            Ipv6InvalidCompression,
            Ipv6TooManyPieces,
            Ipv6MultipleCompression,
            Ipv6InvalidCodePoint,
            Ipv6TooFewPieces,
            Ipv6PieceLeadingZero,
            Ipv4InIpv6TooManyPieces,
            Ipv4InIpv6InvalidCodePoint,
            Ipv4InIpv6OutOfRangePart,
            Ipv4InIpv6TooFewParts,
            InvalidUrlUnit,
            SpecialSchemeMissingFollowingSolidus,
            MissingSchemeNonRelativeUrl,
            InvalidReverseSolidus,
            InvalidCredentials,
            HostMissing,
            PortOutOfRange,
            PortInvalid,
            FileInvalidWindowsDriveLetter,
            FileInvalidWindowsDriveLetterHost,
        ]
    };

    /// The error type's name, as the Standard spells it.
    pub const fn name(self) -> &'static str {
        use ValidationError::*;
        match self {
            DomainToAscii => "domain-to-ASCII",
            DomainPercentEncoded => "domain-percent-encoded",
            HostInvalidCodePoint => "host-invalid-code-point",
            Ipv4EmptyPart => "IPv4-empty-part",
            Ipv4TooFewParts => "IPv4-too-few-parts",
            Ipv4TooManyParts => "IPv4-too-many-parts",
            Ipv4NonNumericPart => "IPv4-non-numeric-part",
            Ipv4NonDecimalPart => "IPv4-non-decimal-part",
            Ipv4OutOfRangePart => "IPv4-out-of-range-part",
            Ipv6Unclosed => "IPv6-unclosed",
            Ipv6InvalidCompression => "IPv6-invalid-compression",
            Ipv6TooManyPieces => "IPv6-too-many-pieces",
            Ipv6MultipleCompression => "IPv6-multiple-compression",
            Ipv6InvalidCodePoint => "IPv6-invalid-code-point",
            Ipv6TooFewPieces => "IPv6-too-few-pieces",
            Ipv6PieceLeadingZero => "IPv6-piece-leading-zero",
            Ipv4InIpv6TooManyPieces => "IPv4-in-IPv6-too-many-pieces",
            Ipv4InIpv6InvalidCodePoint => "IPv4-in-IPv6-invalid-code-point",
            Ipv4InIpv6OutOfRangePart => "IPv4-in-IPv6-out-of-range-part",
            Ipv4InIpv6TooFewParts => "IPv4-in-IPv6-too-few-parts",
            InvalidUrlUnit => "invalid-URL-unit",
            SpecialSchemeMissingFollowingSolidus => "special-scheme-missing-following-solidus",
            MissingSchemeNonRelativeUrl => "missing-scheme-non-relative-URL",
            InvalidReverseSolidus => "invalid-reverse-solidus",
            InvalidCredentials => "invalid-credentials",
            HostMissing => "host-missing",
            PortOutOfRange => "port-out-of-range",
            PortInvalid => "port-invalid",
            FileInvalidWindowsDriveLetter => "file-invalid-Windows-drive-letter",
            FileInvalidWindowsDriveLetterHost => "file-invalid-Windows-drive-letter-host",
        }
    }

    /// The tables' "Failure" column: whether the parser returns failure where it reports
    /// this error. Two are "Yes" with a condition, and true here: domain-to-ASCII ("when
    /// beStrict is true, or domain is not an ASCII string and Unicode ToASCII with relaxed
    /// parameters also fails") and IPv4-out-of-range-part ("only if applicable to the
    /// last part").
    pub fn is_failure(self) -> bool {
        use ValidationError::*;
        match self {
            DomainToAscii
            | HostInvalidCodePoint
            | Ipv4TooManyParts
            | Ipv4NonNumericPart
            | Ipv4OutOfRangePart
            | Ipv6Unclosed
            | Ipv6InvalidCompression
            | Ipv6TooManyPieces
            | Ipv6MultipleCompression
            | Ipv6InvalidCodePoint
            | Ipv6TooFewPieces
            | Ipv4InIpv6TooManyPieces
            | Ipv4InIpv6InvalidCodePoint
            | Ipv4InIpv6OutOfRangePart
            | Ipv4InIpv6TooFewParts
            | MissingSchemeNonRelativeUrl
            | HostMissing
            | PortOutOfRange
            | PortInvalid => true,
            DomainPercentEncoded
            | Ipv4EmptyPart
            | Ipv4TooFewParts
            | Ipv4NonDecimalPart
            | Ipv6PieceLeadingZero
            | InvalidUrlUnit
            | SpecialSchemeMissingFollowingSolidus
            | InvalidReverseSolidus
            | InvalidCredentials
            | FileInvalidWindowsDriveLetter
            | FileInvalidWindowsDriveLetterHost => false,
        }
    }

    /// Whether the "Failure" column's "Yes" comes with a condition.
    pub fn is_conditional_failure(self) -> bool {
        matches!(
            self,
            ValidationError::DomainToAscii | ValidationError::Ipv4OutOfRangePart
        )
    }
}
