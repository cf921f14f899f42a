//! What the search draws: random strings over an alphabet of URL-ish tokens, strings put
//! together from URL pieces (with IPv4, IPv6 and domain shapes for hosts), and mutations
//! over code points. Each takes the draw's own generator, so a draw depends only on the
//! seed and its number.

use urlcert_oracle::generate::Rng;

/// Pieces a random string is made of: single code points of every class the two sides
/// treat apart, and short runs that open a branch (drive letters, dot segments,
/// percent-encoded bytes, IP address shapes, scheme prefixes).
pub const TOKENS: &[&str] = &[
    "a",
    "b",
    "x",
    "A",
    "Z",
    "e",
    "é",
    "ß",
    "ü",
    "☕",
    "𝒳",
    "\u{ad}",
    "\u{200d}",
    "0",
    "1",
    "9",
    "255",
    "256",
    "0x",
    "0X",
    "08",
    "4294967296",
    ":",
    "/",
    "//",
    "\\",
    "?",
    "#",
    "@",
    "[",
    "]",
    ".",
    "..",
    "%",
    "%2e",
    "%2E",
    "%2",
    "%41",
    "%zz",
    "%00",
    "%25",
    "%2F",
    "%3A",
    " ",
    "\t",
    "\n",
    "\r",
    "\u{0}",
    "\u{1f}",
    "\u{7f}",
    "\u{a0}",
    "\u{fdd0}",
    "\u{fffe}",
    "\u{10fffd}",
    "|",
    "^",
    "<",
    ">",
    "\"",
    "`",
    "{",
    "}",
    "'",
    "!",
    "$",
    "&",
    "(",
    ")",
    "*",
    "+",
    ",",
    ";",
    "=",
    "_",
    "~",
    "-",
    "C:",
    "c|",
    "xn--",
    "https:",
    "file:",
    "foo:",
    "http:",
    "ws:",
    "::",
    "::1",
    "1.2.3.4",
    "[::1]",
    "localhost",
    "１",
    "。",
    "．",
    "Ａ",
    "①",
];

const SCHEMES: &[&str] = &[
    "",
    "https:",
    "HTTP:",
    "http:",
    "ws:",
    "wss:",
    "ftp:",
    "file:",
    "FILE:",
    "foo:",
    "a+b-c.d:",
    "mailto:",
    "javascript:",
    "h2:",
    "1a:",
    "C:",
    "c|",
];
const AFTER_SCHEME: &[&str] = &["//", "/", "", "\\\\", "/\\", "///", "\\", "////"];
const USERINFO: &[&str] = &["u@", "u:p@", ":@", "@", "u%40@", "u@@", "ü@", "u:@", ":p@"];
const HOSTS: &[&str] = &[
    "h",
    "example.com",
    "EXAMPLE.com",
    "ex%41mple.com",
    "xn--nxasmq6b",
    "xn--a",
    "a..b",
    "a.",
    ".a",
    "1.2.3.4",
    "1.2.3.4.",
    "0x7f.1",
    "01.2.3.4",
    "1.2.3",
    "256.1.1.1",
    "4294967295",
    "999999999999",
    "1.2.3.09",
    "0x",
    "1.0x",
    "[::1]",
    "[1:2:3:4:5:6:7:8]",
    "[::ffff:1.2.3.4]",
    "[::01]",
    "[1::2::3]",
    "[:1]",
    "[v1.x]",
    "[0::0]",
    "[::]",
    "[1:2:3:4:5:6:1.2.3.4]",
    "C:",
    "c|",
    "localhost",
    "LOCALHOST",
    "loc%61lhost",
    "a_b",
    "-a",
    "a-",
    "a b",
    "ß.de",
    "☕.example",
    "a%2Fb",
    "%",
    "",
    "é",
    "xn--ls8h",
    "a.1",
    "a.0x1",
    "%zz",
    "a~b",
    "a!b",
    "a*b",
    "a%00b",
    "１.２.３.４",
    "1。2。3。4",
    "ｅｘ.com",
];
const PORTS: &[&str] = &[
    ":", ":80", ":443", ":0", ":65535", ":65536", ":00080", ":8a", ":-1", ":21",
];
const SEGMENTS: &[&str] = &[
    ".", "..", "%2e", "%2E.", ".%2e", "%2e%2e", "C:", "c|", "C|", "a", "a b", "%", "%zz", "é",
    "[]", "{}", "|", "^", "x\\y", "", "a:b", "~", "%2F", "..a", "...",
];

/// A string of 0 to 12 tokens.
pub(super) fn random_string(rng: &mut Rng) -> String {
    (0..rng.below(13)).map(|_| *rng.pick(TOKENS)).collect()
}

/// A string put together from URL pieces: a scheme (or none), slashes, userinfo, host,
/// port, path segments, query, fragment, each optional.
pub(super) fn pieces(rng: &mut Rng) -> String {
    let mut s = String::new();
    s.push_str(rng.pick::<&str>(SCHEMES));
    s.push_str(rng.pick::<&str>(AFTER_SCHEME));
    if rng.below(6) == 0 {
        s.push_str(rng.pick::<&str>(USERINFO));
    }
    if rng.below(5) != 0 {
        s.push_str(&host(rng));
    }
    if rng.below(5) == 0 {
        s.push_str(rng.pick::<&str>(PORTS));
    }
    for _ in 0..rng.below(5) {
        s.push(if rng.below(6) == 0 { '\\' } else { '/' });
        s.push_str(rng.pick::<&str>(SEGMENTS));
    }
    if rng.below(4) == 0 {
        s.push('?');
        s.push_str(&random_string(rng));
    }
    if rng.below(4) == 0 {
        s.push('#');
        s.push_str(&random_string(rng));
    }
    s
}

/// A host: one of [`HOSTS`], or an IPv4, IPv6 or domain shape.
fn host(rng: &mut Rng) -> String {
    match rng.below(4) {
        0 => ipv4_shape(rng),
        1 => format!("[{}]", ipv6_shape(rng)),
        2 => domain_shape(rng),
        _ => rng.pick::<&str>(HOSTS).to_string(),
    }
}

/// One to five dot-separated numbers in the forms the IPv4 parser tells apart (decimal,
/// hex, octal, empty, out of range, fullwidth), sometimes with a trailing dot.
fn ipv4_shape(rng: &mut Rng) -> String {
    const PARTS: &[&str] = &[
        "0",
        "1",
        "9",
        "10",
        "99",
        "127",
        "255",
        "256",
        "4000",
        "00",
        "01",
        "08",
        "0x",
        "0x7f",
        "0X1",
        "0xg",
        "",
        "１",
        "a",
        "4294967295",
        "4294967296",
    ];
    let parts: Vec<&str> = (0..=rng.below(5)).map(|_| *rng.pick(PARTS)).collect();
    let dot = if rng.below(8) == 0 { "。" } else { "." };
    let mut s = parts.join(dot);
    if rng.below(6) == 0 {
        s.push('.');
    }
    s
}

/// Up to nine colon-separated pieces (with leading zeros, five digits, non-hex), a "::"
/// somewhere or not, and sometimes an IPv4 tail.
fn ipv6_shape(rng: &mut Rng) -> String {
    const PIECES: &[&str] = &[
        "0", "1", "a", "ffff", "FFFF", "01", "0000", "12345", "g", "", "1:2",
    ];
    let n = rng.below(10) as usize;
    let mut pieces: Vec<String> = (0..n).map(|_| rng.pick(PIECES).to_string()).collect();
    if rng.below(3) != 0 {
        let at = rng.below(n as u64 + 1) as usize;
        pieces.insert(at, String::new());
        if at == 0 || at == pieces.len() - 1 {
            pieces.insert(at, String::new());
        }
    }
    let mut s = pieces.join(":");
    if rng.below(3) == 0 {
        if !s.is_empty() && !s.ends_with(':') {
            s.push(':');
        }
        s.push_str(&ipv4_shape(rng));
    }
    s
}

/// One to four labels of letters, digits, hyphens, non-ASCII and mapped code points,
/// sometimes Punycode-prefixed or with a trailing dot.
fn domain_shape(rng: &mut Rng) -> String {
    const UNITS: &[&str] = &[
        "a", "b", "Z", "0", "9", "-", "_", "é", "ß", "ü", "☕", "ａ", "１", "\u{ad}", "\u{200d}",
        "\u{5d0}", "\u{300}", "xn--", "%41", "~", "。",
    ];
    let labels: Vec<String> = (0..=rng.below(4))
        .map(|_| (0..=rng.below(5)).map(|_| *rng.pick(UNITS)).collect())
        .collect();
    let mut s = labels.join(".");
    if rng.below(6) == 0 {
        s.push('.');
    }
    s
}

/// One mutation, over code points: a token inserted, a code point replaced by one, a
/// code point removed, or a run repeated.
pub(super) fn mutate(rng: &mut Rng, s: &str) -> String {
    let mut chars: Vec<String> = s.chars().map(String::from).collect();
    let at = rng.below(chars.len() as u64 + 1) as usize;
    let last = chars.len().saturating_sub(1);
    match (chars.is_empty(), rng.below(4)) {
        (true, _) | (_, 0) => chars.insert(at, rng.pick(TOKENS).to_string()),
        (_, 1) => chars[at.min(last)] = rng.pick(TOKENS).to_string(),
        (_, 2) => {
            chars.remove(at.min(last));
        }
        _ => {
            let from = at.min(last);
            let to = (from + 1 + rng.below(4) as usize).min(chars.len());
            let run: Vec<String> = chars[from..to].to_vec();
            chars.splice(to..to, run);
        }
    }
    chars.concat()
}
