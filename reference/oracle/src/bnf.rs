//! Reading a grammar file into rules: one reader per notation, one AST for all.
//!
//! The documents use five notations:
//!
//! - [`Notation::Old1993`], the October 1993 draft's and draft-03's: a rule name, then
//!   its definition, with no "=" between them. "A vertical line "|" indicates
//!   alternatives, and [brackets] indicate optional parts. Spaces are representated by
//!   the word "space", and the vertical line character by "vline". Single letters stand
//!   for single letters. All words of more than one letter below are entities described
//!   somewhere in this description." (draft-ietf-uri-url-02, "BNF syntax"). Any other character
//!   stands for itself, and `void` is the empty string (the last rule, defined as
//!   nothing). There is no repetition operator: repetition is written as recursion
//!   (`xalphas xalpha [ xalphas ]`).
//! - [`Notation::Rfc1738`], RFC 1738 Section 5's and draft-06 Section 5's: "the
//!   conventions of RFC822, except that "|" is used to designate alternatives, and
//!   brackets [] are used around optional or repeated elements. Briefly, literals are
//!   quoted with "", optional elements are enclosed in [brackets], and elements may be
//!   preceded with <n>* to designate n or more repetitions of the following element; n
//!   defaults to 0." So `*[ x ]` and `1*[ x ]` repeat `x`, and `[ x ]` alone is optional.
//! - [`Notation::Rfc822`], RFC 1808 Section 2.2's: "the conventions of RFC 822, except
//!   that "|" is used to designate alternatives. Briefly, literals are quoted with "",
//!   parentheses "(" and ")" are used to group elements, optional elements are enclosed
//!   in [brackets], and elements may be preceded with <n>* to designate n or more
//!   repetitions of the following element; n defaults to 0."
//! - [`Notation::Draft1996`], the 1996 draft's Section 1.3: the same as RFC 1808's, and
//!   "rules are separated from definitions by an equal "=", indentation is used to
//!   continue a rule definition over more than one line".
//! - [`Notation::Abnf`], RFC 5234's ABNF (RFC 3986's): read by [`crate::abnf`].
//!
//! In the three RFC 822 notations, `;` outside quotes starts a comment (RFC 822 §2.8),
//! `<">` is the double-quote character (RFC 822 §3.3 writes it so), and any other
//! `<...>` is prose ([`Expr::Prose`]), which the compiler refuses unless the document's
//! table defines the rule. An unquoted character that is not an operator (RFC 1738's
//! gopherurl writes `[ / [ gtype`) is read as itself and listed in [`Grammar::bare`], so
//! that the document's table has to name it.
//!
//! In every notation, a line starting with `#` in its first column is a comment of the
//! data file (the file headers of `reference/grammar/`), and so is a line starting with
//! `;`. In the RFC 822 notations a line that neither starts a rule (`name =`) nor
//! continues one (indented, right after a rule's line) is prose between the rules, such
//! as a section heading: it is skipped and listed in [`Grammar::skipped`].

use std::collections::HashMap;
use std::fmt;

/// The notation a grammar file is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// The October 1993 draft and draft-03: `name definition`, single letters literal.
    Old1993,
    /// RFC 1738 and draft-06: `[ ]` optional, or the group after `n*`.
    Rfc1738,
    /// RFC 1808: RFC 822's, with "|" for alternatives.
    Rfc822,
    /// The 1996 draft: RFC 822's, with "|" for alternatives.
    Draft1996,
    /// RFC 5234's ABNF (RFC 3986): see [`crate::abnf`].
    Abnf,
}

/// A rule's definition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    /// The empty string (`void`, or an empty group).
    Empty,
    /// These bytes, exactly.
    Lit(Vec<u8>),
    /// One byte from these inclusive ranges (only from a document's table: the
    /// grammars themselves list characters one by one).
    Set(Vec<(u8, u8)>),
    /// Another rule, by name.
    Ref(String),
    /// `<...>`: text the notation does not define.
    Prose(String),
    Seq(Vec<Expr>),
    Alt(Vec<Expr>),
    Opt(Box<Expr>),
    /// `min*max element`; `max` `None` is unbounded.
    Repeat {
        min: u32,
        max: Option<u32>,
        body: Box<Expr>,
    },
}

impl Expr {
    /// Calls `f` on every rule name this expression refers to.
    pub fn refs<'a>(&'a self, f: &mut impl FnMut(&'a str)) {
        match self {
            Expr::Ref(n) => f(n),
            Expr::Seq(v) | Expr::Alt(v) => v.iter().for_each(|e| e.refs(f)),
            Expr::Opt(e) => e.refs(f),
            Expr::Repeat { body, .. } => body.refs(f),
            Expr::Empty | Expr::Lit(_) | Expr::Set(_) | Expr::Prose(_) => {}
        }
    }

    /// Does this expression refer to `name`?
    pub fn mentions(&self, name: &str) -> bool {
        let mut found = false;
        self.refs(&mut |n| found |= n == name);
        found
    }
}

/// One rule of a grammar file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Production {
    pub name: String,
    pub expr: Expr,
    /// 1-based line of the rule's name in the file.
    pub line: usize,
}

/// A grammar file, read.
#[derive(Clone, Debug, Default)]
pub struct Grammar {
    pub rules: Vec<Production>,
    /// Unquoted characters read as themselves, by rule (RFC 822 notations only).
    pub bare: Vec<(String, u8)>,
    /// Lines between the rules that are neither rules nor comments (headings, prose),
    /// with their line numbers.
    pub skipped: Vec<(usize, String)>,
    index: HashMap<String, usize>,
    /// Whether rule names are compared without case (ABNF, RFC 5234 §2.1).
    fold_case: bool,
}

impl Grammar {
    /// An empty grammar whose rule names are compared without case.
    pub(crate) fn case_insensitive() -> Grammar {
        Grammar {
            fold_case: true,
            ..Grammar::default()
        }
    }

    fn key(&self, name: &str) -> String {
        if self.fold_case {
            name.to_ascii_lowercase()
        } else {
            name.to_string()
        }
    }

    pub fn get(&self, name: &str) -> Option<&Production> {
        self.index.get(&self.key(name)).map(|&i| &self.rules[i])
    }

    /// The rule `name`, to change (ABNF's incremental alternatives, `=/`).
    pub(crate) fn get_mut(&mut self, name: &str) -> Option<&mut Production> {
        let i = *self.index.get(&self.key(name))?;
        Some(&mut self.rules[i])
    }

    pub(crate) fn push(&mut self, p: Production) -> Result<(), BnfError> {
        if let Some(&i) = self.index.get(&self.key(&p.name)) {
            return Err(BnfError {
                line: p.line,
                message: format!(
                    "rule `{}` is defined twice (first at line {})",
                    p.name, self.rules[i].line
                ),
            });
        }
        self.index.insert(self.key(&p.name), self.rules.len());
        self.rules.push(p);
        Ok(())
    }
}

/// A grammar file that cannot be read, with the line where reading stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BnfError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for BnfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for BnfError {}

/// Reads a grammar file written in `notation`.
pub fn read(text: &str, notation: Notation) -> Result<Grammar, BnfError> {
    match notation {
        Notation::Old1993 => read_old1993(text),
        Notation::Rfc1738 => read_rfc1738(text),
        Notation::Rfc822 => read_rfc822(text),
        Notation::Draft1996 => read_draft1996(text),
        Notation::Abnf => crate::abnf::read(text),
    }
}

/// Reads one definition (the part after the rule name) in `notation`; for the old
/// notation, after the name and its separating space.
pub fn read_expr(text: &str, notation: Notation) -> Result<Expr, BnfError> {
    let mut bare = Vec::new();
    match notation {
        Notation::Old1993 => parse_old(text, 0),
        Notation::Abnf => crate::abnf::read_expr(text, 0),
        n => parse_rfc(text, 0, rfc_options(n), &mut bare),
    }
}

/// The October 1993 draft's and draft-03's notation. See the module documentation.
pub fn read_old1993(text: &str) -> Result<Grammar, BnfError> {
    let mut g = Grammar::default();
    for (line, body) in logical_lines(text, Notation::Old1993, &mut g)? {
        let trimmed = body.trim_start();
        let (name, rest) = match trimmed.find(char::is_whitespace) {
            Some(i) => (&trimmed[..i], &trimmed[i..]),
            None => (trimmed, ""),
        };
        if !is_old_word(name) {
            return Err(BnfError {
                line,
                message: format!("`{name}` cannot be a rule name (a word of two or more letters)"),
            });
        }
        let expr = parse_old(rest, line)?;
        g.push(Production {
            name: name.to_string(),
            expr,
            line,
        })?;
    }
    // "Spaces are representated by the word "space", and the vertical line character by
    // "vline"": these two words name characters, unless the file defines them. `void`
    // is a rule of the file (defined as nothing); a file that leaves it out still means
    // the empty string by it.
    let defined = |g: &Grammar, n: &str| g.get(n).is_some();
    let named: Vec<(&str, Expr)> = [
        ("space", Expr::Lit(b" ".to_vec())),
        ("vline", Expr::Lit(b"|".to_vec())),
        ("void", Expr::Empty),
    ]
    .into_iter()
    .filter(|(n, _)| !defined(&g, n))
    .collect();
    for p in &mut g.rules {
        for (n, e) in &named {
            replace_ref(&mut p.expr, n, e);
        }
    }
    Ok(g)
}

/// RFC 1738's and draft-06's notation. See the module documentation.
pub fn read_rfc1738(text: &str) -> Result<Grammar, BnfError> {
    read_rfc(text, Notation::Rfc1738)
}

/// RFC 1808's notation (RFC 822's, with "|"). See the module documentation.
pub fn read_rfc822(text: &str) -> Result<Grammar, BnfError> {
    read_rfc(text, Notation::Rfc822)
}

/// The 1996 draft's notation (Section 1.3). See the module documentation.
pub fn read_draft1996(text: &str) -> Result<Grammar, BnfError> {
    read_rfc(text, Notation::Draft1996)
}

fn replace_ref(e: &mut Expr, name: &str, with: &Expr) {
    match e {
        Expr::Ref(n) if n == name => *e = with.clone(),
        Expr::Seq(v) | Expr::Alt(v) => v.iter_mut().for_each(|x| replace_ref(x, name, with)),
        Expr::Opt(x) => replace_ref(x, name, with),
        Expr::Repeat { body, .. } => replace_ref(body, name, with),
        _ => {}
    }
}

/// A word of the old notation: "All words of more than one letter below are entities".
/// Rule names are letters, digits and "-" (`alphanum2`, draft-03's `addr-spec`).
fn is_old_word(w: &str) -> bool {
    w.len() >= 2
        && w.as_bytes()[0].is_ascii_alphabetic()
        && w.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// A rule name of the RFC 822 notations: `gopher+_string`, `ip-schemepart`,
/// `URL-reference`, `net_path`.
fn is_rfc_name_start(b: u8) -> bool {
    b.is_ascii_alphabetic()
}

fn is_rfc_name_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-_+".contains(&b)
}

/// The rules of a file as (line of the name, whole text of the rule with its
/// continuation lines joined by a space).
fn logical_lines(
    text: &str,
    notation: Notation,
    g: &mut Grammar,
) -> Result<Vec<(usize, String)>, BnfError> {
    let mut out: Vec<(usize, String)> = Vec::new();
    // The indentation of the current rule's name, while its lines continue.
    let mut open: Option<usize> = None;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let raw = raw.trim_end();
        // In the old notation ";" is a character like any other, so only a ";" in the
        // first column starts a comment line there.
        let comment = raw.starts_with('#')
            || raw.starts_with(';')
            || (notation != Notation::Old1993 && raw.trim_start().starts_with(';'));
        if comment {
            // A comment line ends nothing and continues nothing: a rule's continuation
            // must follow it directly.
            open = None;
            continue;
        }
        if raw.trim().is_empty() {
            open = None;
            continue;
        }
        let indent = raw.len() - raw.trim_start().len();
        match notation {
            Notation::Old1993 => {
                if indent == 0 {
                    out.push((line, raw.to_string()));
                    open = Some(0);
                } else if open.is_some() {
                    let last = out.last_mut().expect("an open rule");
                    last.1.push(' ');
                    last.1.push_str(raw.trim());
                } else {
                    return Err(BnfError {
                        line,
                        message: "an indented line that continues no rule".into(),
                    });
                }
            }
            _ => {
                let body = strip_comment(raw);
                if body.trim().is_empty() {
                    continue;
                }
                if rfc_rule_start(body).is_some() {
                    out.push((line, body.trim().to_string()));
                    open = Some(indent);
                } else if open.is_some_and(|o| indent > o) {
                    let last = out.last_mut().expect("an open rule");
                    last.1.push(' ');
                    last.1.push_str(body.trim());
                } else {
                    g.skipped.push((line, raw.to_string()));
                    open = None;
                }
            }
        }
    }
    Ok(out)
}

/// `name =` at the start of a line (after its indentation): the byte offset of the
/// definition after the "=".
fn rfc_rule_start(line: &str) -> Option<usize> {
    let t = line.trim_start();
    let lead = line.len() - t.len();
    let b = t.as_bytes();
    if b.is_empty() || !is_rfc_name_start(b[0]) {
        return None;
    }
    let mut i = 1;
    while i < b.len() && is_rfc_name_char(b[i]) {
        i += 1;
    }
    while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
        i += 1;
    }
    (i < b.len() && b[i] == b'=').then_some(lead + i + 1)
}

/// The line without its `;` comment: a ";" outside a quoted literal and outside
/// `<...>` (RFC 822 §2.8: "A semi-colon, set off some distance to the right of rule
/// text, starts a comment that continues to the end of line").
fn strip_comment(line: &str) -> &str {
    let b = line.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' if b[i..].starts_with(b"\"\"\"") => i += 3,
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += 1;
                }
                i += 1;
            }
            b'<' => {
                while i < b.len() && b[i] != b'>' {
                    i += 1;
                }
                i += 1;
            }
            b';' => return &line[..i],
            _ => i += 1,
        }
    }
    line
}

#[derive(Clone, Copy)]
struct RfcOptions {
    /// RFC 1738: "brackets [] are used around optional or repeated elements", so after
    /// `n*` they only group. Under RFC 822's own conventions `n*[ x ]` with n >= 1
    /// would be `n*( [ x ] )`, which derives the empty string: that reading differs,
    /// so it is refused there rather than guessed.
    brackets_group_after_star: bool,
}

fn rfc_options(n: Notation) -> RfcOptions {
    RfcOptions {
        brackets_group_after_star: n == Notation::Rfc1738,
    }
}

fn read_rfc(text: &str, notation: Notation) -> Result<Grammar, BnfError> {
    let mut g = Grammar::default();
    let opts = rfc_options(notation);
    for (line, body) in logical_lines(text, notation, &mut g)? {
        let at = rfc_rule_start(&body).expect("a rule line");
        let name = body[..at - 1].trim().to_string();
        let mut bare = Vec::new();
        let expr = parse_rfc(&body[at..], line, opts, &mut bare)?;
        g.bare.extend(bare.into_iter().map(|b| (name.clone(), b)));
        g.push(Production { name, expr, line })?;
    }
    Ok(g)
}

// ---------------------------------------------------------------------------------
// The RFC 822 notations.

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Lit(Vec<u8>),
    Name(String),
    Prose(String),
    /// `n*m`: the numbers around the star.
    Star(u32, Option<u32>),
    Op(u8),
}

fn rfc_tokens(s: &str, line: usize, bare: &mut Vec<u8>) -> Result<Vec<Tok>, BnfError> {
    let err = |m: String| BnfError { line, message: m };
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        match c {
            b' ' | b'\t' => i += 1,
            // draft-06's punctuation writes the double quote as `"""`.
            b'"' if b[i..].starts_with(b"\"\"\"") => {
                out.push(Tok::Lit(b"\"".to_vec()));
                i += 3;
            }
            b'"' => {
                let end = b[i + 1..]
                    .iter()
                    .position(|&x| x == b'"')
                    .ok_or_else(|| err("a quoted literal is not closed".into()))?;
                out.push(Tok::Lit(b[i + 1..i + 1 + end].to_vec()));
                i += end + 2;
            }
            b'<' => {
                let end = b[i + 1..]
                    .iter()
                    .position(|&x| x == b'>')
                    .ok_or_else(|| err("`<` is not closed by `>`".into()))?;
                let inner = &s[i + 1..i + 1 + end];
                out.push(if inner == "\"" {
                    Tok::Lit(b"\"".to_vec())
                } else {
                    Tok::Prose(inner.to_string())
                });
                i += end + 2;
            }
            b'[' | b']' | b'(' | b')' | b'|' => {
                out.push(Tok::Op(c));
                i += 1;
            }
            b'0'..=b'9' | b'*' => {
                let start = i;
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
                let min = &s[start..i];
                if i >= b.len() || b[i] != b'*' {
                    return Err(err(format!(
                        "`{min}` without `*` (a specific repetition count is not used by these grammars)"
                    )));
                }
                i += 1;
                let m = i;
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
                let max = &s[m..i];
                let num = |t: &str| t.parse::<u32>().map_err(|e| err(format!("`{t}`: {e}")));
                out.push(Tok::Star(
                    if min.is_empty() { 0 } else { num(min)? },
                    if max.is_empty() {
                        None
                    } else {
                        Some(num(max)?)
                    },
                ));
            }
            c if is_rfc_name_start(c) => {
                let start = i;
                while i < b.len() && is_rfc_name_char(b[i]) {
                    i += 1;
                }
                out.push(Tok::Name(s[start..i].to_string()));
            }
            c if c.is_ascii_graphic() => {
                bare.push(c);
                out.push(Tok::Lit(vec![c]));
                i += 1;
            }
            c => return Err(err(format!("unexpected byte {c:#04x}"))),
        }
    }
    Ok(out)
}

fn parse_rfc(s: &str, line: usize, opts: RfcOptions, bare: &mut Vec<u8>) -> Result<Expr, BnfError> {
    let toks = rfc_tokens(s, line, bare)?;
    let mut p = RfcParser {
        toks: &toks,
        at: 0,
        line,
        opts,
    };
    let e = p.alt()?;
    if p.at != toks.len() {
        return Err(p.err(format!("unexpected `{:?}`", toks[p.at])));
    }
    Ok(e)
}

struct RfcParser<'a> {
    toks: &'a [Tok],
    at: usize,
    line: usize,
    opts: RfcOptions,
}

impl RfcParser<'_> {
    fn err(&self, m: String) -> BnfError {
        BnfError {
            line: self.line,
            message: m,
        }
    }

    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.at)
    }

    fn alt(&mut self) -> Result<Expr, BnfError> {
        let mut alts = vec![self.seq()?];
        while self.peek() == Some(&Tok::Op(b'|')) {
            self.at += 1;
            alts.push(self.seq()?);
        }
        Ok(one_or(alts, Expr::Alt))
    }

    fn seq(&mut self) -> Result<Expr, BnfError> {
        let mut items = Vec::new();
        while let Some(t) = self.peek() {
            if matches!(t, Tok::Op(b'|' | b']' | b')')) {
                break;
            }
            items.push(self.item()?);
        }
        if items.is_empty() {
            return Err(self.err("an empty alternative".into()));
        }
        Ok(one_or(items, Expr::Seq))
    }

    fn item(&mut self) -> Result<Expr, BnfError> {
        if let Some(&Tok::Star(min, max)) = self.peek() {
            self.at += 1;
            let body = match self.peek() {
                Some(Tok::Op(b'[')) => {
                    if min > 0 && !self.opts.brackets_group_after_star {
                        return Err(self.err(format!(
                            "`{min}*[ ... ]`: under RFC 822's conventions the brackets make \
                             the element optional, so the count means nothing"
                        )));
                    }
                    self.group(b'[', b']')?
                }
                _ => self.atom()?,
            };
            return Ok(Expr::Repeat {
                min,
                max,
                body: Box::new(body),
            });
        }
        if self.peek() == Some(&Tok::Op(b'[')) {
            let inner = self.group(b'[', b']')?;
            return Ok(Expr::Opt(Box::new(inner)));
        }
        self.atom()
    }

    fn group(&mut self, open: u8, close: u8) -> Result<Expr, BnfError> {
        debug_assert_eq!(self.peek(), Some(&Tok::Op(open)));
        self.at += 1;
        let e = self.alt()?;
        if self.peek() != Some(&Tok::Op(close)) {
            return Err(self.err(format!("`{}` is not closed", open as char)));
        }
        self.at += 1;
        Ok(e)
    }

    fn atom(&mut self) -> Result<Expr, BnfError> {
        let t = self
            .peek()
            .cloned()
            .ok_or_else(|| self.err("the definition ends early".into()))?;
        match t {
            Tok::Op(b'(') => self.group(b'(', b')'),
            Tok::Lit(l) => {
                self.at += 1;
                Ok(Expr::Lit(l))
            }
            Tok::Name(n) => {
                self.at += 1;
                Ok(Expr::Ref(n))
            }
            Tok::Prose(p) => {
                self.at += 1;
                Ok(Expr::Prose(p))
            }
            other => Err(self.err(format!("unexpected `{other:?}`"))),
        }
    }
}

/// The one expression of `v`, or `f` of them all.
pub(crate) fn one_or(mut v: Vec<Expr>, f: fn(Vec<Expr>) -> Expr) -> Expr {
    if v.len() == 1 {
        v.pop().expect("one")
    } else {
        f(v)
    }
}

// ---------------------------------------------------------------------------------
// The old notation.

#[derive(Clone, Debug, PartialEq, Eq)]
enum OldTok {
    Open,
    Close,
    Bar,
    Lit(Vec<u8>),
    Name(String),
}

/// Splits the old notation's definition into tokens. Words are separated by spaces;
/// "[", "]" and "|" are split off the characters they touch (draft-ietf-uri-url-02 writes `[/` and
/// `|1`). A bracket that stands alone between two bars, or between the start and a bar
/// (`national { | } | vline | [ | ] | \`), is an alternative made of that character,
/// not a group: a group of nothing, or of an alternative that starts or ends with "|",
/// means nothing in the notation.
fn old_tokens(s: &str, line: usize) -> Result<Vec<OldTok>, BnfError> {
    let mut raw: Vec<&str> = Vec::new();
    for word in s.split_whitespace() {
        let mut start = 0;
        for (i, c) in word.char_indices() {
            if matches!(c, '[' | ']' | '|') {
                if start < i {
                    raw.push(&word[start..i]);
                }
                raw.push(&word[i..i + 1]);
                start = i + 1;
            }
        }
        if start < word.len() {
            raw.push(&word[start..]);
        }
    }
    let mut out = Vec::new();
    for (k, w) in raw.iter().enumerate() {
        let before = if k == 0 { None } else { Some(raw[k - 1]) };
        let after = raw.get(k + 1).copied();
        let alone = matches!(before, None | Some("|")) && matches!(after, None | Some("|"));
        out.push(match *w {
            "[" | "]" if alone => OldTok::Lit(w.as_bytes().to_vec()),
            "[" => OldTok::Open,
            "]" => OldTok::Close,
            "|" => OldTok::Bar,
            w if is_old_word(w) => OldTok::Name(w.to_string()),
            // "Single letters stand for single letters", and other characters for
            // themselves; a run of non-letters (`%00` written together) is those
            // characters in turn.
            w if w.len() == 1 || !w.as_bytes()[0].is_ascii_alphabetic() => {
                if let Some(c) = w.bytes().find(|c| !c.is_ascii_graphic()) {
                    return Err(BnfError {
                        line,
                        message: format!("unexpected byte {c:#04x}"),
                    });
                }
                OldTok::Lit(w.as_bytes().to_vec())
            }
            w => {
                return Err(BnfError {
                    line,
                    message: format!("`{w}` is neither a single character nor a rule name"),
                })
            }
        });
    }
    Ok(out)
}

fn parse_old(s: &str, line: usize) -> Result<Expr, BnfError> {
    let toks = old_tokens(s, line)?;
    if toks.is_empty() {
        // `void`: defined as nothing.
        return Ok(Expr::Empty);
    }
    let mut p = OldParser {
        toks: &toks,
        at: 0,
        line,
    };
    let e = p.alt()?;
    if p.at != toks.len() {
        return Err(p.err(format!("unexpected `{:?}`", toks[p.at])));
    }
    Ok(e)
}

struct OldParser<'a> {
    toks: &'a [OldTok],
    at: usize,
    line: usize,
}

impl OldParser<'_> {
    fn err(&self, m: String) -> BnfError {
        BnfError {
            line: self.line,
            message: m,
        }
    }

    fn alt(&mut self) -> Result<Expr, BnfError> {
        let mut alts = vec![self.seq()?];
        while self.toks.get(self.at) == Some(&OldTok::Bar) {
            self.at += 1;
            alts.push(self.seq()?);
        }
        Ok(one_or(alts, Expr::Alt))
    }

    fn seq(&mut self) -> Result<Expr, BnfError> {
        let mut items = Vec::new();
        loop {
            match self.toks.get(self.at) {
                None | Some(OldTok::Bar) | Some(OldTok::Close) => break,
                Some(OldTok::Open) => {
                    self.at += 1;
                    let inner = self.alt()?;
                    if self.toks.get(self.at) != Some(&OldTok::Close) {
                        return Err(self.err("`[` is not closed".into()));
                    }
                    self.at += 1;
                    items.push(Expr::Opt(Box::new(inner)));
                }
                Some(OldTok::Lit(l)) => {
                    items.push(Expr::Lit(l.clone()));
                    self.at += 1;
                }
                Some(OldTok::Name(n)) => {
                    items.push(Expr::Ref(n.clone()));
                    self.at += 1;
                }
            }
        }
        if items.is_empty() {
            return Err(self.err("an empty alternative".into()));
        }
        Ok(one_or(items, Expr::Seq))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(s: &str) -> Expr {
        Expr::Lit(s.as_bytes().to_vec())
    }
    fn r(s: &str) -> Expr {
        Expr::Ref(s.to_string())
    }

    #[test]
    fn old_notation_reads_letters_words_and_brackets() {
        let g = read_old1993(
            "httpaddress h t t p : / / hostport [ / path\n  ] [ ?\n  search ]\n\
             national { | } | vline | [ | ] | \\ | ^ | ~\n\
             extra ! | * | \" | ' | ( | ) | : | ; |\n  , | space\n\
             digit 0 |1 | 2\n\
             gopheraddress g o p h e r : / / hostport [/\n  gtype [\n  selector ] ] [ ? search ]\n\
             void\n",
        )
        .unwrap();
        let http = &g.get("httpaddress").unwrap().expr;
        assert_eq!(
            *http,
            Expr::Seq(vec![
                lit("h"),
                lit("t"),
                lit("t"),
                lit("p"),
                lit(":"),
                lit("/"),
                lit("/"),
                r("hostport"),
                Expr::Opt(Box::new(Expr::Seq(vec![lit("/"), r("path")]))),
                Expr::Opt(Box::new(Expr::Seq(vec![lit("?"), r("search")]))),
            ])
        );
        let national = &g.get("national").unwrap().expr;
        assert_eq!(
            *national,
            Expr::Alt(vec![
                lit("{"),
                lit("}"),
                lit("|"),
                lit("["),
                lit("]"),
                lit("\\"),
                lit("^"),
                lit("~")
            ])
        );
        let extra = &g.get("extra").unwrap().expr;
        let Expr::Alt(v) = extra else { panic!() };
        assert_eq!(v.last(), Some(&lit(" ")));
        assert!(v.contains(&lit(";")));
        assert_eq!(
            g.get("digit").unwrap().expr,
            Expr::Alt(vec![lit("0"), lit("1"), lit("2")])
        );
        let gopher = &g.get("gopheraddress").unwrap().expr;
        let Expr::Seq(v) = gopher else { panic!() };
        assert_eq!(
            v[10],
            Expr::Opt(Box::new(Expr::Seq(vec![
                lit("/"),
                r("gtype"),
                Expr::Opt(Box::new(r("selector")))
            ])))
        );
        assert_eq!(g.get("void").unwrap().expr, Expr::Empty);
    }

    #[test]
    fn old_notation_keeps_equals_and_semicolons_literal() {
        // draft-03: `wpath digits = path ; [ wpath ]` and `reserved = | ; | ...`
        let g = read_old1993("wpath digits = path ; [ wpath ]\nreserved = | ; | space\n").unwrap();
        assert_eq!(
            g.get("wpath").unwrap().expr,
            Expr::Seq(vec![
                r("digits"),
                lit("="),
                r("path"),
                lit(";"),
                Expr::Opt(Box::new(r("wpath")))
            ])
        );
        assert_eq!(
            g.get("reserved").unwrap().expr,
            Expr::Alt(vec![lit("="), lit(";"), lit(" ")])
        );
    }

    #[test]
    fn old_notation_void_means_empty_when_not_defined() {
        let g = read_old1993("path void | xpalphas [ / path ]\n").unwrap();
        let Expr::Alt(v) = &g.get("path").unwrap().expr else {
            panic!()
        };
        assert_eq!(v[0], Expr::Empty);
    }

    #[test]
    fn old_notation_refuses_what_it_cannot_read() {
        assert!(read_old1993("a b\n").is_err()); // a one-letter rule name
        assert!(read_old1993("x [ a\n").is_err());
        assert!(read_old1993("  indented\n").is_err());
        assert!(read_old1993("x a\nx b\n").is_err()); // defined twice
        assert!(read_old1993("x a |\n").is_err());
    }

    #[test]
    fn rfc1738_notation_reads_repetition_comments_and_prose() {
        let text = "# header\n\n5. BNF\n\n   This is prose = not a rule? no: starts at `This`.\n\n\
; a comment\n\
gopherurl      = \"gopher://\" hostport [ / [ gtype [ selector\n                 [ \"%09\" search ] ] ] ]\n\
scheme         = 1*[ lowalpha | digit | \"+\" ]\n\
urlpath        = *xchar    ; depends on protocol see section 3.1\n\
punctuation    = \"<\" | \">\" | \"#\" | \"%\" | <\">\n";
        let g = read_rfc1738(text).unwrap();
        assert_eq!(g.rules.len(), 4, "{:?}", g.rules);
        assert_eq!(g.bare, vec![("gopherurl".to_string(), b'/')]);
        assert_eq!(
            g.get("scheme").unwrap().expr,
            Expr::Repeat {
                min: 1,
                max: None,
                body: Box::new(Expr::Alt(vec![r("lowalpha"), r("digit"), lit("+")]))
            }
        );
        assert_eq!(
            g.get("urlpath").unwrap().expr,
            Expr::Repeat {
                min: 0,
                max: None,
                body: Box::new(r("xchar"))
            }
        );
        let Expr::Alt(p) = &g.get("punctuation").unwrap().expr else {
            panic!()
        };
        assert_eq!(p[4], lit("\""));
        assert_eq!(g.skipped.len(), 2);
    }

    #[test]
    fn draft06_triple_quote_is_the_quote_character() {
        let g = read_rfc1738("punctuation    = \"<\" | \">\" | \"\"\" | \"#\"\n").unwrap();
        let Expr::Alt(p) = &g.get("punctuation").unwrap().expr else {
            panic!()
        };
        assert_eq!(p[2], lit("\""));
    }

    #[test]
    fn rfc822_notation_reads_groups_and_prose() {
        let text = "   URL         = ( absoluteURL | relativeURL ) [ \"#\" fragment ]\n\
                    \n   control     = <US-ASCII coded characters 00-1F and 7F hexadecimal>\n\
                    \n   national    = <Any character not in the reserved,\n                  unwise sets>\n";
        let g = read_rfc822(text).unwrap();
        assert_eq!(
            g.get("URL").unwrap().expr,
            Expr::Seq(vec![
                Expr::Alt(vec![r("absoluteURL"), r("relativeURL")]),
                Expr::Opt(Box::new(Expr::Seq(vec![lit("#"), r("fragment")])))
            ])
        );
        assert!(matches!(g.get("control").unwrap().expr, Expr::Prose(_)));
        assert_eq!(
            g.get("national").unwrap().expr,
            Expr::Prose("Any character not in the reserved, unwise sets".into())
        );
        // Under RFC 822's own conventions `1*[ x ]` would derive "": refused.
        assert!(read_rfc822("a = 1*[ b ]\n").is_err());
        assert!(read_draft1996("a = *[ b ]\n").is_ok());
    }
}
