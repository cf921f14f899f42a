//! RFC 5234's Augmented BNF (<https://www.rfc-editor.org/rfc/rfc5234>), the notation of
//! RFC 3986 (its Section 1.3 names RFC 2234, which RFC 5234 replaced without changing
//! the notation), read into the same rules and AST as the other notations.
//!
//! What is read, in RFC 5234's words (Section 4 gives its own ABNF):
//!
//! - A rule is `rulename defined-as elements`, its name in the first column ("continues
//!   if next line starts with white space"): a line that starts with a space or a tab
//!   continues the rule above, even when it holds only a comment (`c-wsp = WSP / (c-nl
//!   WSP)`); an empty line, or a comment line starting in the first column, ends it.
//! - `;` starts a comment to the end of the line (outside quoted strings and prose
//!   values, which cannot hold one).
//! - Rule names are `ALPHA *(ALPHA / DIGIT / "-")` and "case insensitive" (§2.1): a
//!   reference is resolved without case, and a rule defined twice in two spellings is
//!   an error. References are rewritten to the spelling of the definition.
//! - `=` defines a rule, `=/` adds alternatives to one defined above (§3.3).
//! - `"..."`, a quoted string, is "case-insensitive" (§2.3): each letter of it becomes
//!   the set of its two cases, so `"v"` matches "v" and "V".
//! - `%x41`, `%d65`, `%b1000001` are one octet; `%x0D.0A` a sequence; `%x30-39` a range
//!   (§2.3, §3.4). The oracle matches octets, so a value above 255 is an error.
//! - `/` separates alternatives, juxtaposition (with white space between) is
//!   concatenation, `( ... )` groups, `[ ... ]` is optional (§3.1 to §3.8).
//! - `n*m element`, `*element`, `n*element`, `*m element`, and `n element` (exactly n,
//!   §3.7) repeat; the count stands right before its element.
//! - `<...>` is a prose value ([`Expr::Prose`]), which the compiler refuses unless a
//!   table defines the rule, or unless it is repeated zero times at most (`0<pchar>`,
//!   RFC 3986's `path-empty`): zero occurrences of anything are the empty string.
//!
//! Nothing else is defined here: the core rules (ALPHA, DIGIT, ...) must stand in the
//! grammar file, as RFC 3986's does with the three it uses.

use crate::bnf::{one_or, BnfError, Expr, Grammar, Production};

/// Reads a grammar file written in ABNF.
pub fn read(text: &str) -> Result<Grammar, BnfError> {
    let mut g = Grammar::case_insensitive();
    for (line, body) in rules(text)? {
        let (name, incremental, definition) = head(&body, line)?;
        let expr = read_expr(definition, line)?;
        if incremental {
            let Some(p) = g.get_mut(name) else {
                return Err(BnfError {
                    line,
                    message: format!("`{name} =/` adds to a rule that is not defined above"),
                });
            };
            let mut alternatives = match std::mem::replace(&mut p.expr, Expr::Empty) {
                Expr::Alt(v) => v,
                other => vec![other],
            };
            match expr {
                Expr::Alt(v) => alternatives.extend(v),
                other => alternatives.push(other),
            }
            p.expr = Expr::Alt(alternatives);
            continue;
        }
        g.push(Production {
            name: name.to_string(),
            expr,
            line,
        })?;
    }
    // References take the spelling of the rule they name.
    let spelled: Vec<String> = g.rules.iter().map(|p| p.name.clone()).collect();
    let canonical = |n: &str| {
        spelled
            .iter()
            .find(|s| s.eq_ignore_ascii_case(n))
            .cloned()
            .unwrap_or_else(|| n.to_string())
    };
    for p in &mut g.rules {
        respell(&mut p.expr, &canonical);
    }
    Ok(g)
}

fn respell(e: &mut Expr, canonical: &impl Fn(&str) -> String) {
    match e {
        Expr::Ref(n) => *n = canonical(n),
        Expr::Seq(v) | Expr::Alt(v) => v.iter_mut().for_each(|x| respell(x, canonical)),
        Expr::Opt(x) => respell(x, canonical),
        Expr::Repeat { body, .. } => respell(body, canonical),
        Expr::Empty | Expr::Lit(_) | Expr::Set(_) | Expr::Prose(_) => {}
    }
}

/// The rules of a file as (line of the name, the rule's text with its continuation
/// lines joined by a space, comments removed).
fn rules(text: &str) -> Result<Vec<(usize, String)>, BnfError> {
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut open = false;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        if raw.is_empty() {
            open = false;
            continue;
        }
        let body = strip_comment(raw, line)?;
        let continues = raw.starts_with([' ', '\t']);
        if continues {
            if body.trim().is_empty() {
                // White space and perhaps a comment: `c-wsp`, nothing to add.
                continue;
            }
            if !open {
                return Err(BnfError {
                    line,
                    message: "an indented line that continues no rule".into(),
                });
            }
            let last = out.last_mut().expect("an open rule");
            last.1.push(' ');
            last.1.push_str(body.trim());
        } else if body.trim().is_empty() {
            // A comment line in the first column ends the rule above.
            open = false;
        } else {
            out.push((line, body.trim_end().to_string()));
            open = true;
        }
    }
    Ok(out)
}

/// The line without its comment.
fn strip_comment(line: &str, number: usize) -> Result<&str, BnfError> {
    let b = line.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' | b'<' => {
                let close = if b[i] == b'"' { b'"' } else { b'>' };
                let Some(k) = b[i + 1..].iter().position(|&c| c == close) else {
                    return Err(BnfError {
                        line: number,
                        message: format!("`{}` is not closed on its line", b[i] as char),
                    });
                };
                i += k + 2;
            }
            b';' => return Ok(&line[..i]),
            _ => i += 1,
        }
    }
    Ok(line)
}

/// `rulename defined-as`: the name, whether it is `=/`, and the elements after it.
fn head(body: &str, line: usize) -> Result<(&str, bool, &str), BnfError> {
    let err = |m: String| BnfError { line, message: m };
    let b = body.as_bytes();
    if b.is_empty() || !b[0].is_ascii_alphabetic() {
        return Err(err(format!("`{body}` does not start with a rule name")));
    }
    let end = b
        .iter()
        .position(|&c| !(c.is_ascii_alphanumeric() || c == b'-'))
        .unwrap_or(b.len());
    let name = &body[..end];
    let rest = body[end..].trim_start_matches([' ', '\t']);
    if let Some(after) = rest.strip_prefix("=/") {
        Ok((name, true, after))
    } else if let Some(after) = rest.strip_prefix('=') {
        Ok((name, false, after))
    } else {
        Err(err(format!("`{name}` is not followed by `=` or `=/`")))
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Name(String),
    Quoted(Vec<u8>),
    Num(Expr),
    Prose(String),
    /// `n*m`, `*`, `n`: the bounds.
    Repeat(u32, Option<u32>),
    Op(u8),
}

/// A token and whether white space stands before it.
type Spaced = (Tok, bool);

fn tokens(s: &str, line: usize) -> Result<Vec<Spaced>, BnfError> {
    let err = |m: String| BnfError { line, message: m };
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let mut space = false;
    while i < b.len() {
        let c = b[i];
        let tok = match c {
            b' ' | b'\t' => {
                space = true;
                i += 1;
                continue;
            }
            b'"' => {
                let k = b[i + 1..]
                    .iter()
                    .position(|&x| x == b'"')
                    .ok_or_else(|| err("a quoted string is not closed".into()))?;
                let inner = &b[i + 1..i + 1 + k];
                if let Some(bad) = inner.iter().find(|&&x| !(0x20..=0x7E).contains(&x)) {
                    return Err(err(format!(
                        "{bad:#04x} in a quoted string (only %x20-21 / %x23-7E)"
                    )));
                }
                i += k + 2;
                Tok::Quoted(inner.to_vec())
            }
            b'<' => {
                let k = b[i + 1..]
                    .iter()
                    .position(|&x| x == b'>')
                    .ok_or_else(|| err("a prose value is not closed".into()))?;
                let inner = &s[i + 1..i + 1 + k];
                i += k + 2;
                Tok::Prose(inner.to_string())
            }
            b'%' => {
                let (expr, next) = num_val(b, i, line)?;
                i = next;
                Tok::Num(expr)
            }
            b'(' | b')' | b'[' | b']' | b'/' => {
                i += 1;
                Tok::Op(c)
            }
            b'0'..=b'9' | b'*' => {
                let digits = |from: usize| {
                    let n = b[from..].iter().take_while(|x| x.is_ascii_digit()).count();
                    (from + n, &s[from..from + n])
                };
                let number = |t: &str| t.parse::<u32>().map_err(|e| err(format!("`{t}`: {e}")));
                let (after_min, min) = digits(i);
                if after_min < b.len() && b[after_min] == b'*' {
                    let (after_max, max) = digits(after_min + 1);
                    let lo = if min.is_empty() { 0 } else { number(min)? };
                    let hi = if max.is_empty() {
                        None
                    } else {
                        Some(number(max)?)
                    };
                    if hi.is_some_and(|h| h < lo) {
                        return Err(err(format!(
                            "`{}`: fewer at most than at least",
                            &s[i..after_max]
                        )));
                    }
                    i = after_max;
                    Tok::Repeat(lo, hi)
                } else {
                    let n = number(min)?;
                    i = after_min;
                    Tok::Repeat(n, Some(n))
                }
            }
            c if c.is_ascii_alphabetic() => {
                let n = b[i..]
                    .iter()
                    .take_while(|x| x.is_ascii_alphanumeric() || **x == b'-')
                    .count();
                let name = s[i..i + n].to_string();
                i += n;
                Tok::Name(name)
            }
            c => return Err(err(format!("unexpected character `{}`", c as char))),
        };
        out.push((tok, space));
        space = false;
    }
    Ok(out)
}

/// `num-val = "%" (bin-val / dec-val / hex-val)` at `i`: the expression and the offset
/// after it.
fn num_val(b: &[u8], i: usize, line: usize) -> Result<(Expr, usize), BnfError> {
    let err = |m: String| BnfError { line, message: m };
    let radix = match b.get(i + 1).map(u8::to_ascii_lowercase) {
        Some(b'x') => 16,
        Some(b'd') => 10,
        Some(b'b') => 2,
        _ => return Err(err("`%` is not followed by b, d or x".into())),
    };
    let mut at = i + 2;
    let number = |at: &mut usize| -> Result<u8, BnfError> {
        let start = *at;
        while *at < b.len() && char::from(b[*at]).is_digit(radix) {
            *at += 1;
        }
        let text = std::str::from_utf8(&b[start..*at]).unwrap_or("");
        let v = u32::from_str_radix(text, radix)
            .map_err(|e| err(format!("`{text}` in a numeric value: {e}")))?;
        u8::try_from(v).map_err(|_| {
            err(format!(
                "the value {v} is beyond one octet (the oracle matches octets)"
            ))
        })
    };
    let first = number(&mut at)?;
    match b.get(at) {
        Some(b'-') => {
            at += 1;
            let last = number(&mut at)?;
            if last < first {
                return Err(err(format!("the range {first}-{last} is empty")));
            }
            Ok((Expr::Set(vec![(first, last)]), at))
        }
        Some(b'.') => {
            let mut bytes = vec![first];
            while b.get(at) == Some(&b'.') {
                at += 1;
                bytes.push(number(&mut at)?);
            }
            Ok((Expr::Lit(bytes), at))
        }
        _ => Ok((Expr::Lit(vec![first]), at)),
    }
}

/// A quoted string, matched without case: letters become the set of both cases.
fn quoted(bytes: &[u8]) -> Expr {
    let mut items: Vec<Expr> = Vec::new();
    for &c in bytes {
        if c.is_ascii_alphabetic() {
            let (u, l) = (c.to_ascii_uppercase(), c.to_ascii_lowercase());
            items.push(Expr::Set(vec![(u, u), (l, l)]));
        } else if let Some(Expr::Lit(run)) = items.last_mut() {
            run.push(c);
        } else {
            items.push(Expr::Lit(vec![c]));
        }
    }
    match items.len() {
        0 => Expr::Empty,
        1 => items.pop().expect("one"),
        _ => Expr::Seq(items),
    }
}

/// Reads one rule's elements (what follows `=` or `=/`).
pub fn read_expr(text: &str, line: usize) -> Result<Expr, BnfError> {
    let toks = tokens(text, line)?;
    let mut p = Parser {
        toks: &toks,
        at: 0,
        line,
    };
    let e = p.alternation()?;
    if p.at != toks.len() {
        return Err(p.err(format!("unexpected `{:?}`", toks[p.at].0)));
    }
    Ok(e)
}

struct Parser<'a> {
    toks: &'a [Spaced],
    at: usize,
    line: usize,
}

impl Parser<'_> {
    fn err(&self, message: String) -> BnfError {
        BnfError {
            line: self.line,
            message,
        }
    }

    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.at).map(|(t, _)| t)
    }

    /// `alternation = concatenation *(*c-wsp "/" *c-wsp concatenation)`
    fn alternation(&mut self) -> Result<Expr, BnfError> {
        let mut alternatives = vec![self.concatenation()?];
        while self.peek() == Some(&Tok::Op(b'/')) {
            self.at += 1;
            alternatives.push(self.concatenation()?);
        }
        Ok(one_or(alternatives, Expr::Alt))
    }

    /// `concatenation = repetition *(1*c-wsp repetition)`
    fn concatenation(&mut self) -> Result<Expr, BnfError> {
        let mut items = Vec::new();
        while let Some(t) = self.peek() {
            if matches!(t, Tok::Op(b'/' | b')' | b']')) {
                break;
            }
            if !items.is_empty() && !self.toks[self.at].1 {
                return Err(self.err(format!(
                    "`{t:?}` follows the element before it without white space"
                )));
            }
            items.push(self.repetition()?);
        }
        if items.is_empty() {
            return Err(self.err("an empty alternative".into()));
        }
        Ok(one_or(items, Expr::Seq))
    }

    /// `repetition = [repeat] element`
    fn repetition(&mut self) -> Result<Expr, BnfError> {
        if let Some(&Tok::Repeat(min, max)) = self.peek() {
            self.at += 1;
            if self.toks.get(self.at).is_some_and(|(_, space)| *space) {
                return Err(self.err("white space between a repeat count and its element".into()));
            }
            let body = self.element()?;
            return Ok(Expr::Repeat {
                min,
                max,
                body: Box::new(body),
            });
        }
        self.element()
    }

    /// `element = rulename / group / option / char-val / num-val / prose-val`
    fn element(&mut self) -> Result<Expr, BnfError> {
        let t = self
            .peek()
            .cloned()
            .ok_or_else(|| self.err("the elements end early".into()))?;
        self.at += 1;
        match t {
            Tok::Name(n) => Ok(Expr::Ref(n)),
            Tok::Quoted(q) => Ok(quoted(&q)),
            Tok::Num(e) => Ok(e),
            Tok::Prose(p) => Ok(Expr::Prose(p)),
            Tok::Op(open @ (b'(' | b'[')) => {
                let close = if open == b'(' { b')' } else { b']' };
                let inner = self.alternation()?;
                if self.peek() != Some(&Tok::Op(close)) {
                    return Err(self.err(format!("`{}` is not closed", open as char)));
                }
                self.at += 1;
                Ok(if open == b'(' {
                    inner
                } else {
                    Expr::Opt(Box::new(inner))
                })
            }
            other => Err(self.err(format!("unexpected `{other:?}`"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(s: &str) -> Expr {
        Expr::Ref(s.to_string())
    }
    fn lit(s: &str) -> Expr {
        Expr::Lit(s.as_bytes().to_vec())
    }
    fn cases(c: u8) -> Expr {
        let (u, l) = (c.to_ascii_uppercase(), c.to_ascii_lowercase());
        Expr::Set(vec![(u, u), (l, l)])
    }

    #[test]
    fn rules_comments_and_continuations() {
        let g = read(
            "; a comment line\n\
             \n\
             rule-a   = \"x\" / %x41-5A   ; A-Z\n\
             \x20        / rule-b\n\
             \x20        ; a comment that continues the rule\n\
             \x20        / \"25\" %x30-35\n\
             RULE-B   = 1*4HEXDIG\n\
             hexdig   = %x30-39\n\
             crlf     = %d13.10\n\
             rule-a   =/ \"v\"\n\
             bits     = %b0-1\n",
        )
        .unwrap();
        assert_eq!(g.rules.len(), 5);
        let a = &g.get("rule-a").unwrap().expr;
        assert_eq!(
            *a,
            Expr::Alt(vec![
                cases(b'x'),
                Expr::Set(vec![(0x41, 0x5A)]),
                r("RULE-B"),
                Expr::Seq(vec![lit("25"), Expr::Set(vec![(0x30, 0x35)])]),
                cases(b'v'),
            ])
        );
        // Names are found without case, and references take the definition's spelling.
        assert!(g.get("rule-b").is_some() && g.get("Rule-A").is_some());
        assert_eq!(
            g.get("rule-b").unwrap().expr,
            Expr::Repeat {
                min: 1,
                max: Some(4),
                body: Box::new(r("hexdig"))
            }
        );
        assert_eq!(g.get("CRLF").unwrap().expr, lit("\r\n"));
        assert_eq!(g.get("bits").unwrap().expr, Expr::Set(vec![(0, 1)]));
    }

    #[test]
    fn quoted_strings_match_either_case() {
        assert_eq!(
            read_expr("\"aB1\"", 0).unwrap(),
            Expr::Seq(vec![cases(b'a'), cases(b'b'), lit("1")])
        );
        assert_eq!(read_expr("\"::\"", 0).unwrap(), lit("::"));
        assert_eq!(read_expr("\"\"", 0).unwrap(), Expr::Empty);
    }

    #[test]
    fn repetitions_groups_and_options() {
        let rep = |min, max, body| Expr::Repeat {
            min,
            max,
            body: Box::new(body),
        };
        assert_eq!(read_expr("*a", 0).unwrap(), rep(0, None, r("a")));
        assert_eq!(read_expr("2*a", 0).unwrap(), rep(2, None, r("a")));
        assert_eq!(read_expr("*3a", 0).unwrap(), rep(0, Some(3), r("a")));
        assert_eq!(read_expr("2DIGIT", 0).unwrap(), rep(2, Some(2), r("DIGIT")));
        assert_eq!(
            read_expr("6( h16 \":\" ) ls32", 0).unwrap(),
            Expr::Seq(vec![
                rep(6, Some(6), Expr::Seq(vec![r("h16"), lit(":")])),
                r("ls32")
            ])
        );
        assert_eq!(
            read_expr("[ *1( h16 \":\" ) h16 ] \"::\"", 0).unwrap(),
            Expr::Seq(vec![
                Expr::Opt(Box::new(Expr::Seq(vec![
                    rep(0, Some(1), Expr::Seq(vec![r("h16"), lit(":")])),
                    r("h16")
                ]))),
                lit("::")
            ])
        );
        // RFC 3986's path-empty: zero occurrences of a prose value.
        assert_eq!(
            read_expr("0<pchar>", 0).unwrap(),
            rep(0, Some(0), Expr::Prose("pchar".into()))
        );
    }

    #[test]
    fn what_is_not_abnf_is_refused() {
        for bad in [
            "\"a\"\"b\"", // no white space between two elements
            "* a",        // white space after a repeat count
            "%x100",      // beyond one octet
            "%x5A-41",    // an empty range
            "%q41",       // no such base
            "3*2a",       // at most fewer than at least
            "( a",        // not closed
            "a /",        // an empty alternative
            "\"a",        // not closed
            "a | b",      // "|" is no ABNF operator
        ] {
            assert!(read_expr(bad, 0).is_err(), "{bad}");
        }
        assert!(
            read("a = b\nA = c\n").is_err(),
            "defined twice, without case"
        );
        assert!(
            read("a = b\n\n  / c\n").is_err(),
            "a blank line ends the rule"
        );
        assert!(read("a =/ b\n").is_err(), "=/ adds to nothing");
        assert!(read("a b\n").is_err());
        assert!(read("  a = b\n").is_err());
    }
}
