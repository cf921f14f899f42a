//! Per document: from which productions match to a verdict, as the document's
//! [`Table`] says.

use crate::bnf::{self, Expr, Grammar, Notation};
use crate::compile::{self, CompileError, Compiler, Re};
use crate::tables::{Candidates, Def, Defined, Listed, Table};
use regex::bytes::Regex;
use std::collections::HashMap;
use std::fmt;

/// The judgement of one input, in urlcert's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    Valid,
    GenericOnly,
    Invalid,
    NotDefined,
}

impl Verdict {
    /// The id urlcert uses (`generic-only`).
    pub fn id(self) -> &'static str {
        match self {
            Verdict::Valid => "valid",
            Verdict::GenericOnly => "generic-only",
            Verdict::Invalid => "invalid",
            Verdict::NotDefined => "not-defined",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// What the oracle says of one input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub verdict: Verdict,
    /// The candidate that gave the verdict (`httpurl`, `otherurl`, `generic-URL`).
    pub rule: Option<String>,
    /// The rule, then the alternative of it that matched, and so on down while a rule
    /// is a single reference or an alternation of references (`waisurl`, `waisindex`):
    /// any of them names the match.
    pub chain: Vec<String>,
    /// Every candidate that matches.
    pub matched: Vec<String>,
    /// Whether the table's entry production matches (it must exactly when some
    /// candidate does; the test checks it).
    pub entry: bool,
}

/// Why an oracle cannot be built.
#[derive(Debug)]
pub enum OracleError {
    Io(String, std::io::Error),
    UnknownDocument(String),
    UnknownReading(String, String),
    Bnf(String, bnf::BnfError),
    Compile(String, CompileError),
    Table(String, String),
}

impl fmt::Display for OracleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OracleError::Io(p, e) => write!(f, "{p}: {e}"),
            OracleError::UnknownDocument(d) => write!(f, "no oracle table for document `{d}`"),
            OracleError::UnknownReading(d, r) => write!(f, "{d} has no reading `{r}`"),
            OracleError::Bnf(d, e) => write!(f, "{d}: {e}"),
            OracleError::Compile(d, e) => write!(f, "{d}: {e}"),
            OracleError::Table(d, m) => write!(f, "{d}: table: {m}"),
        }
    }
}

impl std::error::Error for OracleError {}

/// How a candidate turns into a verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A scheme's own production: `valid`.
    Own,
    /// The catch-all: `valid`, or `generic-only` for an input whose scheme is owned.
    CatchAll,
    /// This verdict.
    Fixed(Verdict),
}

struct Candidate {
    label: String,
    via: Option<String>,
    kind: Kind,
    regex: Regex,
}

/// A document's grammar, compiled: judges inputs.
pub struct Oracle {
    pub doc: &'static str,
    pub reading: Option<String>,
    pub table: &'static Table,
    grammar: Grammar,
    extra: HashMap<String, Expr>,
    prefix: Option<Expr>,
    suffix: Option<Expr>,
    entry: Regex,
    candidates: Vec<Candidate>,
    /// Starts with a scheme some candidate owns.
    owned: Option<Regex>,
    /// Starts with the document's scheme rule and ":".
    scheme: Option<Regex>,
    /// Starts with the table's prefix.
    prefix_regex: Option<Regex>,
    /// For each rule in a chain: its alternatives, each wrapped, in order.
    subs: HashMap<String, Vec<(String, Regex)>>,
    /// The candidates' expressions (prefix and suffix included), for generating inputs.
    pub starts: Vec<(String, Expr)>,
}

impl Oracle {
    /// Compiles the document's grammar from the text compiled into the crate
    /// ([`crate::GRAMMARS`]): reads nothing from the filesystem.
    pub fn new(doc: &str, reading: Option<&str>) -> Result<Oracle, OracleError> {
        let table =
            crate::tables::table(doc).ok_or_else(|| OracleError::UnknownDocument(doc.into()))?;
        let text = crate::grammar_text(table.file).ok_or_else(|| {
            OracleError::Table(
                doc.into(),
                format!("{} is not compiled into the crate", table.file),
            )
        })?;
        Oracle::from_text(table, reading, text)
    }

    /// Reads `table.file` in `grammar_dir` and compiles it (for tests that want a
    /// folder; [`Oracle::new`] needs none).
    pub fn load(
        doc: &str,
        reading: Option<&str>,
        grammar_dir: &std::path::Path,
    ) -> Result<Oracle, OracleError> {
        let table =
            crate::tables::table(doc).ok_or_else(|| OracleError::UnknownDocument(doc.into()))?;
        let path = grammar_dir.join(table.file);
        let text = std::fs::read_to_string(&path)
            .map_err(|e| OracleError::Io(path.display().to_string(), e))?;
        Oracle::from_text(table, reading, &text)
    }

    /// Compiles a grammar text under a table.
    pub fn from_text(
        table: &'static Table,
        reading: Option<&str>,
        text: &str,
    ) -> Result<Oracle, OracleError> {
        let doc = table.doc;
        let grammar =
            bnf::read(text, table.notation).map_err(|e| OracleError::Bnf(doc.into(), e))?;
        let terr = |m: String| OracleError::Table(doc.into(), m);
        let parse = |text: &str, notation: Notation| {
            bnf::read_expr(text, notation).map_err(|e| OracleError::Bnf(doc.into(), e))
        };

        // Unquoted characters: exactly those the table names.
        let mut bare: Vec<(String, u8)> = table
            .bare
            .iter()
            .map(|(r, c, _)| (r.to_string(), *c))
            .collect();
        bare.sort();
        let mut found = grammar.bare.clone();
        found.sort();
        found.dedup();
        if found != bare {
            return Err(terr(format!(
                "unquoted characters in the grammar {found:?}, the table names {bare:?}"
            )));
        }

        let mut extra: HashMap<String, Expr> = HashMap::new();
        let define = |d: &Defined, extra: &mut HashMap<String, Expr>| -> Result<(), OracleError> {
            let e = match d.def {
                Def::Bnf(n, text) => parse(text, n)?,
                Def::CharsExcept { lo, hi, except } => {
                    let mut ranges = Vec::new();
                    let mut start: Option<u8> = None;
                    for b in lo..=hi {
                        let inside = !except.contains(&b);
                        match (inside, start) {
                            (true, None) => start = Some(b),
                            (false, Some(s)) => {
                                ranges.push((s, b - 1));
                                start = None;
                            }
                            _ => {}
                        }
                    }
                    if let Some(s) = start {
                        ranges.push((s, hi));
                    }
                    Expr::Set(ranges)
                }
            };
            extra.insert(d.name.to_string(), e);
            Ok(())
        };
        for d in table.defines {
            if grammar.get(d.name).is_some() {
                return Err(terr(format!(
                    "`{}` is defined by the grammar; the table may only define rules it leaves \
                     undefined",
                    d.name
                )));
            }
            define(d, &mut extra)?;
        }
        if let Some(r) = reading {
            let (_, replaced) = table
                .readings
                .iter()
                .find(|(id, _)| *id == r)
                .ok_or_else(|| OracleError::UnknownReading(doc.into(), r.into()))?;
            for d in *replaced {
                define(d, &mut extra)?;
            }
        }

        let prefix = table.prefix.map(|t| parse(t, table.notation)).transpose()?;
        let suffix = table.suffix.map(|t| parse(t, table.notation)).transpose()?;
        let wrap = |e: Expr| {
            let mut v = Vec::new();
            v.extend(prefix.clone().map(|p| Expr::Opt(Box::new(p))));
            v.push(e);
            v.extend(suffix.clone());
            Expr::Seq(v)
        };

        // The candidates, in order.
        let mut list: Vec<(String, Option<String>, Expr, Kind)> = Vec::new();
        match &table.candidates {
            Candidates::AlternativesOf { rule, catch_all } => {
                let def = grammar
                    .get(rule)
                    .ok_or_else(|| terr(format!("the grammar has no rule `{rule}`")))?;
                let alts = match &def.expr {
                    Expr::Alt(v) => v.clone(),
                    other => vec![other.clone()],
                };
                let mut seen_catch_all = false;
                for a in alts {
                    let Expr::Ref(name) = a else {
                        return Err(terr(format!(
                            "an alternative of `{rule}` is not a rule name: {a:?}"
                        )));
                    };
                    if Some(name.as_str()) == *catch_all {
                        seen_catch_all = true;
                    } else {
                        list.push((name.clone(), None, Expr::Ref(name), Kind::Own));
                    }
                }
                if let Some(c) = catch_all {
                    if !seen_catch_all {
                        return Err(terr(format!("`{c}` is not an alternative of `{rule}`")));
                    }
                    list.push((
                        c.to_string(),
                        None,
                        Expr::Ref(c.to_string()),
                        Kind::CatchAll,
                    ));
                }
            }
            Candidates::List(items) => {
                for Listed {
                    rule,
                    via,
                    expr,
                    verdict,
                } in *items
                {
                    list.push((
                        rule.to_string(),
                        via.map(String::from),
                        parse(expr, table.notation)?,
                        Kind::Fixed(*verdict),
                    ));
                }
            }
        }

        let mut c = Compiler::new(&grammar, extra.clone());
        let cerr = |e: CompileError| OracleError::Compile(doc.into(), e);
        let entry_expr = parse(table.entry, table.notation)?;
        let entry_re = c.expr(&entry_expr).map_err(cerr)?;
        let entry = compile::build(table.entry, &entry_re).map_err(cerr)?;

        let mut candidates = Vec::new();
        let mut starts = Vec::new();
        let mut schemes: Vec<Vec<u8>> = Vec::new();
        for (label, via, e, kind) in &list {
            let wrapped = wrap(e.clone());
            let re = c.expr(&wrapped).map_err(cerr)?;
            candidates.push(Candidate {
                label: label.clone(),
                via: via.clone(),
                kind: *kind,
                regex: compile::build(label, &re).map_err(cerr)?,
            });
            starts.push((label.clone(), wrapped));
            if *kind == Kind::Own {
                let lead = leading_literal(e, &c, 0);
                let Some(colon) = lead.iter().position(|&b| b == b':') else {
                    return Err(terr(format!(
                        "`{label}` does not start with a scheme name and \":\" (it starts with \
                         {:?})",
                        String::from_utf8_lossy(&lead)
                    )));
                };
                schemes.push(lead[..=colon].to_vec());
            }
        }
        let owned = if schemes.is_empty() {
            None
        } else {
            let alts = Re::alt(schemes.iter().map(|s| Re::Lit(s.clone())).collect());
            Some(compile::build_prefix("owned schemes", &alts).map_err(cerr)?)
        };
        let scheme = match table.not_defined_scheme {
            None => None,
            Some(rule) => {
                let s = c.rule(rule).map_err(cerr)?;
                let re = Re::seq(vec![s, Re::Lit(b":".to_vec())]);
                Some(compile::build_prefix(rule, &re).map_err(cerr)?)
            }
        };
        let prefix_regex = match &prefix {
            None => None,
            Some(p) => {
                let re = c.expr(p).map_err(cerr)?;
                Some(compile::build_prefix("prefix", &re).map_err(cerr)?)
            }
        };

        // The chains below each candidate that is a rule.
        let mut subs = HashMap::new();
        let mut todo: Vec<String> = list
            .iter()
            .filter(|(label, _, e, _)| matches!(e, Expr::Ref(n) if n == label))
            .map(|(label, _, _, _)| label.clone())
            .collect();
        while let Some(rule) = todo.pop() {
            if subs.contains_key(&rule) {
                continue;
            }
            let alts: Vec<String> = match c.definition(&rule) {
                Some(Expr::Ref(n)) => vec![n.clone()],
                Some(Expr::Alt(v)) if v.iter().all(|x| matches!(x, Expr::Ref(_))) => v
                    .iter()
                    .map(|x| match x {
                        Expr::Ref(n) => n.clone(),
                        _ => unreachable!(),
                    })
                    .collect(),
                _ => continue,
            };
            let mut out = Vec::new();
            for a in alts {
                let re = c.expr(&wrap(Expr::Ref(a.clone()))).map_err(cerr)?;
                out.push((a.clone(), compile::build(&a, &re).map_err(cerr)?));
                todo.push(a);
            }
            subs.insert(rule, out);
        }

        Ok(Oracle {
            doc,
            reading: reading.map(String::from),
            table,
            grammar,
            extra,
            prefix,
            suffix,
            entry,
            candidates,
            owned,
            scheme,
            prefix_regex,
            subs,
            starts,
        })
    }

    /// The verdict on `input`, as the BNF and the table give it.
    pub fn judge(&self, input: &[u8]) -> Answer {
        let matched: Vec<&Candidate> = self
            .candidates
            .iter()
            .filter(|c| c.regex.is_match(input))
            .collect();
        // The scheme an input starts with comes after the prefix, when it has one.
        let rest = match self.prefix_regex.as_ref().and_then(|r| r.find(input)) {
            Some(m) => &input[m.end()..],
            None => input,
        };
        let owned = self.owned.as_ref().is_some_and(|r| r.is_match(rest));
        let entry = self.entry.is_match(input);
        let (verdict, rule, via) = match matched.first() {
            Some(c) => (
                match c.kind {
                    Kind::Own => Verdict::Valid,
                    Kind::CatchAll if owned => Verdict::GenericOnly,
                    Kind::CatchAll => Verdict::Valid,
                    Kind::Fixed(v) => v,
                },
                Some(c.label.clone()),
                c.via.clone(),
            ),
            None => {
                let scheme = self.scheme.as_ref().is_some_and(|r| r.is_match(rest));
                if scheme && !owned {
                    (Verdict::NotDefined, None, None)
                } else {
                    (Verdict::Invalid, None, None)
                }
            }
        };
        let mut chain = Vec::new();
        if let Some(r) = &rule {
            chain.push(r.clone());
            chain.extend(via);
            let mut at = chain.last().expect("one").clone();
            let mut guard = 0;
            while let Some(alts) = self.subs.get(&at) {
                let Some((next, _)) = alts.iter().find(|(_, re)| re.is_match(input)) else {
                    break;
                };
                chain.push(next.clone());
                at = next.clone();
                guard += 1;
                if guard > 16 {
                    break;
                }
            }
        }
        Answer {
            verdict,
            rule,
            chain,
            matched: matched.iter().fold(Vec::new(), |mut v, c| {
                if !v.contains(&c.label) {
                    v.push(c.label.clone());
                }
                v
            }),
            entry,
        }
    }

    /// A regex for one rule of the grammar (or of the table), over the whole input.
    pub fn rule_regex(&self, name: &str) -> Result<Regex, CompileError> {
        let mut c = Compiler::new(&self.grammar, self.extra.clone());
        let re = c.rule(name)?;
        compile::build(name, &re)
    }

    /// A regex for an expression over the grammar's rules (and the table's), over the
    /// whole input: a piece of a production, such as what follows its scheme.
    pub fn expr_regex(&self, e: &Expr) -> Result<Regex, CompileError> {
        let mut c = Compiler::new(&self.grammar, self.extra.clone());
        let re = c.expr(e)?;
        compile::build("an expression", &re)
    }

    /// The regex source of one rule, for reading.
    pub fn rule_pattern(&self, name: &str) -> Result<String, CompileError> {
        let mut c = Compiler::new(&self.grammar, self.extra.clone());
        Ok(c.rule(name)?.render())
    }

    /// The definition of a rule (the table's, if it defines or replaces it).
    pub fn definition(&self, name: &str) -> Option<&Expr> {
        self.extra
            .get(name)
            .or_else(|| self.grammar.get(name).map(|p| &p.expr))
    }

    /// The grammar as read.
    pub fn grammar(&self) -> &Grammar {
        &self.grammar
    }

    /// The table's prefix and suffix, as read.
    pub fn wrapper(&self) -> (Option<&Expr>, Option<&Expr>) {
        (self.prefix.as_ref(), self.suffix.as_ref())
    }
}

/// The literal bytes every derivation of `e` starts with.
fn leading_literal(e: &Expr, c: &Compiler, depth: usize) -> Vec<u8> {
    lead(e, c, depth).0
}

/// (the common leading literal, whether `e` derives exactly that literal and nothing
/// else).
fn lead(e: &Expr, c: &Compiler, depth: usize) -> (Vec<u8>, bool) {
    if depth > 64 {
        return (Vec::new(), false);
    }
    match e {
        Expr::Empty => (Vec::new(), true),
        Expr::Lit(l) => (l.clone(), true),
        Expr::Ref(n) => match c.definition(n) {
            Some(d) => lead(d, c, depth + 1),
            None => (Vec::new(), false),
        },
        Expr::Seq(v) => {
            let mut acc = Vec::new();
            for x in v {
                let (l, exact) = lead(x, c, depth + 1);
                acc.extend(l);
                if !exact {
                    return (acc, false);
                }
            }
            (acc, true)
        }
        Expr::Alt(v) => {
            let leads: Vec<(Vec<u8>, bool)> = v.iter().map(|x| lead(x, c, depth + 1)).collect();
            let first = leads[0].0.clone();
            let mut n = first.len();
            for (l, _) in &leads[1..] {
                n = n.min(first.iter().zip(l).take_while(|(a, b)| a == b).count());
            }
            let exact = leads.iter().all(|(l, x)| *x && *l == first);
            (first[..n].to_vec(), exact)
        }
        Expr::Set(_) | Expr::Prose(_) | Expr::Opt(_) | Expr::Repeat { .. } => (Vec::new(), false),
    }
}
