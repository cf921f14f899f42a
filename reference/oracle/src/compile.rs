//! From the AST to regular expressions: one regex string per rule, every reference
//! inlined.
//!
//! A rule that refers to itself only at the end of its alternatives (right, or tail,
//! recursion: `hostname ialpha [ . hostname ]`, `path void | xpalphas [ / path ]`)
//! is solved as the regular equation it is: writing the rule as `R = E0 | P R`, with
//! `E0` and `P` free of `R`, gives `R = P* E0`. Any other recursion (a self-reference
//! that is not last, one under a repetition, or a cycle through other rules) is an
//! error naming the rule: the language may then not be regular, and the oracle does not
//! guess.
//!
//! Characters are bytes: a literal is its bytes, and a class is a set of bytes. Every
//! regex is built by [`build`] as `(?-u)^(?:...)$` with `regex::bytes`, so matching is
//! the `regex` crate's, in time linear in the input, with no backtracking.

use crate::bnf::{Expr, Grammar};
use std::collections::{HashMap, HashSet};
use std::fmt;

/// A set of bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ByteSet([u64; 4]);

impl ByteSet {
    pub fn single(b: u8) -> ByteSet {
        let mut s = ByteSet::default();
        s.insert(b);
        s
    }
    pub fn insert(&mut self, b: u8) {
        self.0[(b >> 6) as usize] |= 1 << (b & 63);
    }
    pub fn contains(&self, b: u8) -> bool {
        self.0[(b >> 6) as usize] & (1 << (b & 63)) != 0
    }
    pub fn union(mut self, o: ByteSet) -> ByteSet {
        for (a, b) in self.0.iter_mut().zip(o.0) {
            *a |= b;
        }
        self
    }
    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    pub fn members(&self) -> impl Iterator<Item = u8> + '_ {
        (0u8..=255).filter(|&b| self.contains(b))
    }
}

impl fmt::Debug for ByteSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{")?;
        for b in self.members() {
            write!(f, "{}", std::ascii::escape_default(b))?;
        }
        write!(f, "}}")
    }
}

/// A regular expression over bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Re {
    Empty,
    Set(ByteSet),
    Lit(Vec<u8>),
    Seq(Vec<Re>),
    Alt(Vec<Re>),
    Rep(Box<Re>, u32, Option<u32>),
}

impl Re {
    /// A sequence, flattened, without empty parts, adjacent literals joined.
    pub fn seq(items: Vec<Re>) -> Re {
        let mut out: Vec<Re> = Vec::new();
        for it in items {
            let parts = match it {
                Re::Seq(v) => v,
                Re::Empty => continue,
                other => vec![other],
            };
            for p in parts {
                let p = match p {
                    Re::Set(s) if s.len() == 1 => Re::Lit(s.members().collect()),
                    other => other,
                };
                match (out.last_mut(), p) {
                    (Some(Re::Lit(a)), Re::Lit(b)) => a.extend(b),
                    (_, p) => out.push(p),
                }
            }
        }
        match out.len() {
            0 => Re::Empty,
            1 => out.pop().expect("one"),
            _ => Re::Seq(out),
        }
    }

    /// Alternatives, flattened; single characters merged into one set; an empty
    /// alternative turned into an optional group.
    pub fn alt(items: Vec<Re>) -> Re {
        let mut set = ByteSet::default();
        let mut has_set = false;
        let mut empty = false;
        let mut rest: Vec<Re> = Vec::new();
        let mut flat = Vec::new();
        for it in items {
            match it {
                Re::Alt(v) => flat.extend(v),
                other => flat.push(other),
            }
        }
        for it in flat {
            match it {
                Re::Empty => empty = true,
                Re::Set(s) => {
                    set = set.union(s);
                    has_set = true;
                }
                Re::Lit(l) if l.len() == 1 => {
                    set.insert(l[0]);
                    has_set = true;
                }
                // `x?` as an alternative: its empty string is noted, `x` kept.
                Re::Rep(x, 0, Some(1)) => {
                    empty = true;
                    rest.push(*x);
                }
                other => {
                    if !rest.contains(&other) {
                        rest.push(other)
                    }
                }
            }
        }
        if has_set {
            rest.insert(0, Re::Set(set));
        }
        let core = match rest.len() {
            0 => Re::Empty,
            1 => rest.pop().expect("one"),
            _ => Re::Alt(rest),
        };
        if empty && core != Re::Empty {
            Re::Rep(Box::new(core), 0, Some(1))
        } else {
            core
        }
    }

    pub fn rep(x: Re, min: u32, max: Option<u32>) -> Re {
        match (x, min, max) {
            (Re::Empty, _, _) => Re::Empty,
            (_, 0, Some(0)) => Re::Empty,
            (x, 1, Some(1)) => x,
            // (x*)* and (x*)? are x*; (x+)* is x*.
            (Re::Rep(inner, 0 | 1, None), 0, _) => Re::Rep(inner, 0, None),
            (x, min, max) => Re::Rep(Box::new(x), min, max),
        }
    }

    /// The regex syntax (for `(?-u)` byte regexes).
    pub fn render(&self) -> String {
        let mut s = String::new();
        self.render_into(&mut s);
        s
    }

    fn render_into(&self, out: &mut String) {
        match self {
            Re::Empty => {}
            Re::Lit(l) => l.iter().for_each(|&b| push_byte(out, b)),
            Re::Set(s) => push_set(out, s),
            Re::Seq(v) => {
                for x in v {
                    if matches!(x, Re::Alt(_)) {
                        out.push_str("(?:");
                        x.render_into(out);
                        out.push(')');
                    } else {
                        x.render_into(out);
                    }
                }
            }
            Re::Alt(v) => {
                for (i, x) in v.iter().enumerate() {
                    if i > 0 {
                        out.push('|');
                    }
                    x.render_into(out);
                }
            }
            Re::Rep(x, min, max) => {
                let atomic = match &**x {
                    Re::Set(_) => true,
                    Re::Lit(l) => l.len() == 1,
                    _ => false,
                };
                if atomic {
                    x.render_into(out);
                } else {
                    out.push_str("(?:");
                    x.render_into(out);
                    out.push(')');
                }
                match (min, max) {
                    (0, None) => out.push('*'),
                    (1, None) => out.push('+'),
                    (0, Some(1)) => out.push('?'),
                    (m, None) => out.push_str(&format!("{{{m},}}")),
                    (m, Some(n)) if m == n => out.push_str(&format!("{{{m}}}")),
                    (m, Some(n)) => out.push_str(&format!("{{{m},{n}}}")),
                }
            }
        }
    }
}

fn push_byte(out: &mut String, b: u8) {
    if b.is_ascii_alphanumeric() {
        out.push(b as char);
    } else {
        out.push_str(&format!("\\x{b:02X}"));
    }
}

fn push_set(out: &mut String, s: &ByteSet) {
    let members: Vec<u8> = s.members().collect();
    if members.len() == 1 {
        push_byte(out, members[0]);
        return;
    }
    out.push('[');
    let mut i = 0;
    while i < members.len() {
        let start = members[i];
        let mut end = start;
        while i + 1 < members.len() && members[i + 1] == end.wrapping_add(1) && end < 255 {
            i += 1;
            end = members[i];
        }
        push_byte(out, start);
        if end > start {
            if end > start + 1 {
                out.push('-');
            }
            push_byte(out, end);
        }
        i += 1;
    }
    out.push(']');
}

/// Why a rule cannot be compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CompileError {
    /// The grammar neither defines the rule nor does the document's table.
    Undefined { rule: String, from: Vec<String> },
    /// The rule refers to itself other than by tail recursion; `cycle` is the path.
    Recursion { rule: String, cycle: Vec<String> },
    /// The rule (or one it uses) is prose (`<...>`) the table does not define.
    Prose { rule: String, text: String },
    /// The rule derives no string at all.
    NoString { rule: String },
    /// The regex crate refused the pattern.
    Regex { rule: String, message: String },
}

impl fmt::Display for CompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompileError::Undefined { rule, from } => {
                write!(
                    f,
                    "rule `{rule}` is not defined (used by {})",
                    from.join(" -> ")
                )
            }
            CompileError::Recursion { rule, cycle } => write!(
                f,
                "rule `{rule}` is recursive other than at its end ({}): not compiled",
                cycle.join(" -> ")
            ),
            CompileError::Prose { rule, text } => {
                write!(f, "rule `{rule}` is prose (<{text}>) that no table defines")
            }
            CompileError::NoString { rule } => write!(f, "rule `{rule}` derives no string"),
            CompileError::Regex { rule, message } => write!(f, "rule `{rule}`: {message}"),
        }
    }
}

impl std::error::Error for CompileError {}

/// Compiles rules of one grammar, with the rules a document's table adds or replaces.
pub struct Compiler<'g> {
    grammar: &'g Grammar,
    /// Rules that take precedence over the grammar's: a reading's replacement or a
    /// prose rule the table defines.
    extra: HashMap<String, Expr>,
    memo: HashMap<String, Re>,
    stack: Vec<String>,
}

impl<'g> Compiler<'g> {
    pub fn new(grammar: &'g Grammar, extra: HashMap<String, Expr>) -> Compiler<'g> {
        Compiler {
            grammar,
            extra,
            memo: HashMap::new(),
            stack: Vec::new(),
        }
    }

    /// The definition of `name`: the table's if it has one, else the grammar's.
    pub fn definition(&self, name: &str) -> Option<&Expr> {
        self.extra
            .get(name)
            .or_else(|| self.grammar.get(name).map(|p| &p.expr))
    }

    /// The regex of rule `name`, every reference inlined.
    pub fn rule(&mut self, name: &str) -> Result<Re, CompileError> {
        if let Some(re) = self.memo.get(name) {
            return Ok(re.clone());
        }
        if self.stack.iter().any(|n| n == name) {
            let mut cycle: Vec<String> = self
                .stack
                .iter()
                .skip_while(|n| *n != name)
                .cloned()
                .collect();
            cycle.push(name.to_string());
            return Err(CompileError::Recursion {
                rule: name.to_string(),
                cycle,
            });
        }
        let Some(def) = self.definition(name).cloned() else {
            return Err(CompileError::Undefined {
                rule: name.to_string(),
                from: self.stack.clone(),
            });
        };
        self.stack.push(name.to_string());
        let result = if def.mentions(name) {
            self.tail_recursive(name, &def)
        } else {
            self.expr(&def)
        };
        self.stack.pop();
        let re = result?;
        self.memo.insert(name.to_string(), re.clone());
        Ok(re)
    }

    /// `R = E0 | P R` gives `R = P* E0`.
    fn tail_recursive(&mut self, name: &str, def: &Expr) -> Result<Re, CompileError> {
        let not_tail = || CompileError::Recursion {
            rule: name.to_string(),
            cycle: vec![name.to_string(), name.to_string()],
        };
        let (exit, step) = split(def, name).ok_or_else(not_tail)?;
        let exit = exit.ok_or_else(|| CompileError::NoString {
            rule: name.to_string(),
        })?;
        let exit = self.expr(&exit)?;
        Ok(match step {
            Some(p) => Re::seq(vec![Re::rep(self.expr(&p)?, 0, None), exit]),
            None => exit,
        })
    }

    /// The regex of an expression of this grammar.
    pub fn expr(&mut self, e: &Expr) -> Result<Re, CompileError> {
        Ok(match e {
            Expr::Empty => Re::Empty,
            Expr::Lit(l) if l.is_empty() => Re::Empty,
            Expr::Lit(l) => Re::Lit(l.clone()),
            Expr::Set(ranges) => {
                let mut s = ByteSet::default();
                for &(a, b) in ranges {
                    for c in a..=b {
                        s.insert(c);
                    }
                }
                Re::Set(s)
            }
            Expr::Ref(n) => self.rule(n)?,
            Expr::Prose(t) => {
                return Err(CompileError::Prose {
                    rule: self.stack.last().cloned().unwrap_or_default(),
                    text: t.clone(),
                })
            }
            Expr::Seq(v) => Re::seq(v.iter().map(|x| self.expr(x)).collect::<Result<_, _>>()?),
            Expr::Alt(v) => Re::alt(v.iter().map(|x| self.expr(x)).collect::<Result<_, _>>()?),
            Expr::Opt(x) => Re::alt(vec![Re::Empty, self.expr(x)?]),
            // Zero occurrences at most derive the empty string, whatever the element
            // (RFC 3986's `path-empty = 0<pchar>` repeats a prose value zero times).
            Expr::Repeat { max: Some(0), .. } => Re::Empty,
            Expr::Repeat { min, max, body } => Re::rep(self.expr(body)?, *min, *max),
        })
    }

    /// Every rule reachable from `e`, by name (the table's definitions included).
    pub fn reachable(&self, e: &Expr) -> Vec<String> {
        let mut seen: HashSet<String> = HashSet::new();
        let mut order = Vec::new();
        let mut todo: Vec<String> = Vec::new();
        e.refs(&mut |n| todo.push(n.to_string()));
        while let Some(n) = todo.pop() {
            if !seen.insert(n.clone()) {
                continue;
            }
            if let Some(d) = self.definition(&n) {
                d.refs(&mut |m| todo.push(m.to_string()));
            }
            order.push(n);
        }
        order
    }
}

/// Splits `e` into `(E0, P)` with `e = E0 | P name`, where neither mentions `name`;
/// `None` for a part that derives nothing. `None` overall when `name` occurs other than
/// at the end.
fn split(e: &Expr, name: &str) -> Option<(Option<Expr>, Option<Expr>)> {
    if !e.mentions(name) {
        return Some((Some(e.clone()), None));
    }
    match e {
        Expr::Ref(n) if n == name => Some((None, Some(Expr::Empty))),
        Expr::Alt(v) => {
            let mut exits = Vec::new();
            let mut steps = Vec::new();
            for x in v {
                let (a, p) = split(x, name)?;
                exits.extend(a);
                steps.extend(p);
            }
            let join = |v: Vec<Expr>| match v.len() {
                0 => None,
                1 => v.into_iter().next(),
                _ => Some(Expr::Alt(v)),
            };
            Some((join(exits), join(steps)))
        }
        Expr::Seq(v) => {
            let (last, prefix) = v.split_last()?;
            if prefix.iter().any(|x| x.mentions(name)) {
                return None;
            }
            let (a, p) = split(last, name)?;
            let with = |x: Expr| {
                let mut s = prefix.to_vec();
                s.push(x);
                Expr::Seq(s)
            };
            Some((a.map(with), p.map(with)))
        }
        Expr::Opt(x) => {
            let (a, p) = split(x, name)?;
            let exit = match a {
                Some(a) => Expr::Opt(Box::new(a)),
                None => Expr::Empty,
            };
            Some((Some(exit), p))
        }
        // Under a repetition the rule is not at the end of every derivation.
        _ => None,
    }
}

/// Size limits for the regexes: the grammars inline their character classes many
/// times over, so the defaults (10 MiB) are raised.
const SIZE_LIMIT: usize = 1 << 30;

/// A `regex::bytes::Regex` for the whole input: `(?-u)^(?:re)$`.
pub fn build(rule: &str, re: &Re) -> Result<regex::bytes::Regex, CompileError> {
    build_pattern(rule, &format!("(?-u)^(?:{})$", re.render()))
}

/// A regex for the start of the input: `(?-u)^(?:re)`.
pub fn build_prefix(rule: &str, re: &Re) -> Result<regex::bytes::Regex, CompileError> {
    build_pattern(rule, &format!("(?-u)^(?:{})", re.render()))
}

/// `pattern` compiled on bytes with the raised limits; an error names `rule`.
fn build_pattern(rule: &str, pattern: &str) -> Result<regex::bytes::Regex, CompileError> {
    regex::bytes::RegexBuilder::new(pattern)
        .unicode(false)
        .size_limit(SIZE_LIMIT)
        .dfa_size_limit(SIZE_LIMIT)
        .build()
        .map_err(|e| CompileError::Regex {
            rule: rule.to_string(),
            message: e.to_string(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bnf::{read_old1993, read_rfc1738};

    fn matcher(g: &Grammar, rule: &str) -> regex::bytes::Regex {
        let mut c = Compiler::new(g, HashMap::new());
        let re = c.rule(rule).unwrap();
        build(rule, &re).unwrap()
    }

    #[test]
    fn tail_recursion_becomes_repetition() {
        let g = read_old1993(
            "hostname ialpha [ . hostname ]\n\
             ialpha alpha [ xalphas ]\n\
             xalphas xalpha [ xalphas ]\n\
             xalpha alpha | digit\n\
             alpha a | b | c\n\
             digit 0 | 1\n\
             path void | xpalphas [ / path ]\n\
             xpalphas xalpha [ xpalphas ]\n\
             search xalphas [ + search ]\n\
             void\n",
        )
        .unwrap();
        let h = matcher(&g, "hostname");
        for ok in ["a", "a.b", "ab0.c1.a"] {
            assert!(h.is_match(ok.as_bytes()), "{ok}");
        }
        for bad in ["", ".", "a.", "0a", "a..b"] {
            assert!(!h.is_match(bad.as_bytes()), "{bad}");
        }
        let p = matcher(&g, "path");
        for ok in ["", "a", "a/", "a/b", "a/b/", "ab/01"] {
            assert!(p.is_match(ok.as_bytes()), "{ok}");
        }
        for bad in ["/", "/a", "a//b"] {
            assert!(!p.is_match(bad.as_bytes()), "{bad}");
        }
        let s = matcher(&g, "search");
        assert!(s.is_match(b"a+b+c"));
        assert!(!s.is_match(b"a+"));
    }

    #[test]
    fn other_recursion_is_an_error_naming_the_rule() {
        let g =
            read_old1993("paren ( [ paren ] )\nxx a [ yy ]\nyy b [ xx ]\nzz [ zz ] q\n").unwrap();
        let mut c = Compiler::new(&g, HashMap::new());
        let e = c.rule("paren").unwrap_err();
        assert!(
            matches!(&e, CompileError::Recursion { rule, .. } if rule == "paren"),
            "{e}"
        );
        let e = c.rule("xx").unwrap_err();
        assert!(e.to_string().contains("xx -> yy -> xx"), "{e}");
        let e = c.rule("zz").unwrap_err();
        assert!(
            matches!(&e, CompileError::Recursion { rule, .. } if rule == "zz"),
            "{e}"
        );
    }

    #[test]
    fn rfc1738_classes_and_repetitions() {
        let g = read_rfc1738(
            "scheme = 1*[ lowalpha | digit | \"+\" | \"-\" | \".\" ]\n\
             lowalpha = \"a\" | \"b\"\n\
             digit = \"0\" | \"1\"\n\
             escape = \"%\" hex hex\n\
             hex = digit | \"A\" | \"a\"\n\
             toplabel = alpha | alpha *[ alphadigit | \"-\" ] alphadigit\n\
             alpha = lowalpha\n\
             alphadigit = alpha | digit\n",
        )
        .unwrap();
        let s = matcher(&g, "scheme");
        assert!(s.is_match(b"ab+-.0"));
        assert!(!s.is_match(b""));
        assert!(!s.is_match(b"A"));
        let e = matcher(&g, "escape");
        assert!(e.is_match(b"%1a"));
        assert!(!e.is_match(b"%1"));
        let t = matcher(&g, "toplabel");
        assert!(t.is_match(b"a"));
        assert!(t.is_match(b"a-0"));
        assert!(!t.is_match(b"a-"));
    }

    #[test]
    fn rendering_escapes_every_byte_that_is_not_alphanumeric() {
        let re = Re::seq(vec![
            Re::Lit(b"a.b".to_vec()),
            Re::Set({
                let mut s = ByteSet::default();
                for b in [0u8, 1, 2, b']', 0xFF] {
                    s.insert(b);
                }
                s
            }),
        ]);
        assert_eq!(re.render(), "a\\x2Eb[\\x00-\\x02\\x5D\\xFF]");
        let r = build("t", &re).unwrap();
        assert!(r.is_match(b"a.b\xFF"));
        assert!(!r.is_match(b"axb\xFF"));
    }

    #[test]
    fn undefined_and_prose_rules_are_errors() {
        let g = read_rfc1738("a = b\nc = <prose>\n").unwrap();
        let mut c = Compiler::new(&g, HashMap::new());
        assert!(matches!(c.rule("a"), Err(CompileError::Undefined { .. })));
        assert!(matches!(c.rule("c"), Err(CompileError::Prose { .. })));
    }
}
