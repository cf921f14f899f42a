//! Steps 1 to 7 of RFC 1808 Section 4, which the 1996 draft's Section 6 repeats: the
//! same tests in the same order, RFC 1808's "embedded URL" and `<net_loc>` being the
//! draft's "URL reference" and `<server>`. Only Step 2a and Step 5 differ in what they
//! do. Each document's module gives its words and those two steps as [`Algorithm`]; the
//! steps are run here, once.

use super::branches::Branch;
use super::step6::step_6;
use super::trace::Trace;
use super::{non_empty, recombine, show, Components, Request, Resolution, Seen, Unresolvable};
use std::borrow::Cow;

/// A document's Step 2a: a result if it ends the algorithm (and whether that is "a
/// reference to the current document"), having traced its branch either way.
pub(crate) type Step2a =
    fn(&Request, &Components, &Components, &mut Trace, Seen) -> Option<(Vec<u8>, bool)>;

/// A document's Step 5 for an empty path not preceded by a slash: what `u` inherits from
/// the base before Step 7.
pub(crate) type Step5 = for<'a> fn(&mut Components<'a>, &Components<'a>, &mut Trace);

/// What one document says in its own words, step by step.
pub(crate) struct Algorithm {
    /// Step 2: how a URL is parsed into its components.
    pub components: fn(&[u8]) -> Components<'_>,
    /// What Step 2's trace calls the reference.
    pub reference: &'static str,
    /// What Step 7 calls the server.
    pub server: &'static str,
    /// Why a base without a scheme is no base to resolve against.
    pub base_without_scheme: &'static str,
    /// Step 1, the base URL empty.
    pub base_empty: Branch,
    /// Step 2.
    pub parsed: Branch,
    pub step_2a: Step2a,
    /// Step 2b, taken and passed.
    pub scheme_given: Branch,
    pub no_scheme_given: Branch,
    /// Step 2c.
    pub scheme_inherited: Branch,
    /// Step 3, skipping to Step 7 or inheriting the server.
    pub server_given: Branch,
    pub server_inherited: Branch,
    pub step_5: Step5,
}

/// Runs `a`'s steps on what is `asked`; hands `seen` the components Step 7 recombines.
/// Inlined into each document's entry, so that `a`, a constant there, is known: its
/// steps and `components` are then called directly and their components built in
/// place, not copied out of a call through a pointer.
#[inline(always)]
pub(crate) fn resolve_seeing(
    a: &Algorithm,
    asked: Request,
    seen: Seen,
) -> Result<Resolution, Unresolvable> {
    let mut t = Trace::new(asked.trace);
    // One place turns the trace into the answer: every early `return` of a trace by
    // value would copy its inline steps again.
    let (result, current_document) = steps(a, &asked, seen, &mut t)?;
    t.finish(asked.doc, result, current_document)
}

/// Steps 1 to 7: the result, and whether it is "a reference to the current document".
#[inline(always)]
fn steps(
    a: &Algorithm,
    asked: &Request,
    seen: Seen,
    t: &mut Trace,
) -> Result<(Vec<u8>, bool), Unresolvable> {
    let (doc, base, reference) = (asked.doc, asked.base, asked.reference);

    // Step 1: "If the base URL is the empty string (unknown), the [reference] is
    // interpreted as an absolute URL and we are done."
    if base.is_empty() {
        let (id, text) = a.base_empty;
        return Ok((t.last(id, text, reference.to_vec()), false));
    }
    t.pass("1", "the base URL is known: go on");

    // Step 2: "Both the base and [reference] are parsed into their component parts".
    let b = (a.components)(base);
    let r = (a.components)(reference);
    let (id, text) = a.parsed;
    t.step(id, text, || {
        format!("base: {}; {}: {}", show(&b), a.reference, show(&r))
    });
    if b.scheme.is_none() {
        // "It is assumed that any document which contains a relative reference [...]
        // [has] a base URL that obeys the syntax."
        return Err(Unresolvable::BaseNotAbsolute {
            doc,
            why: a.base_without_scheme,
        });
    }

    // Step 2a.
    if let Some(ended) = (a.step_2a)(asked, &b, &r, t, seen) {
        return Ok(ended);
    }

    // Step 2b: "If the [reference] starts with a scheme name, it is interpreted as an
    // absolute URL and we are done."
    if r.scheme.is_some() {
        let (id, text) = a.scheme_given;
        return Ok((t.last(id, text, reference.to_vec()), false));
    }
    let (id, text) = a.no_scheme_given;
    t.pass(id, text);

    // Step 2c: "Otherwise, the [reference] inherits the scheme of the base URL."
    // `u` takes the reference's parts (moved, not copied): until a step below
    // replaces one, `u`'s part is the reference's, which is what each test reads.
    let mut u = Components {
        scheme: b.scheme,
        ..r
    };
    let (id, text) = a.scheme_inherited;
    t.step(id, text, || show(&u));

    'step_7: {
        // Step 3: "If the [reference's server] is non-empty, we skip to Step 7.
        // Otherwise, the [reference] inherits the [server] (if any) of the base URL."
        if non_empty(&u.server) {
            let (id, text) = a.server_given;
            t.step(id, text, || show(&u));
            break 'step_7;
        }
        u.server = b.server;
        let (id, text) = a.server_inherited;
        t.step(id, text, || show(&u));

        // Step 4: "If the [reference] path is preceded by a slash "/", the path is not
        // relative and we skip to Step 7."
        if u.path_slash {
            t.step(
                "4",
                "the path is preceded by a slash: skip to Step 7",
                || show(&u),
            );
            break 'step_7;
        }
        t.pass("4", "the path is not preceded by a slash: go on");

        // Step 5: "If the [reference] path is empty (and not preceded by a slash), then
        // the [reference] inherits the base URL path", and what else the document says.
        if u.path.is_empty() {
            u.path = b.path.clone();
            u.path_slash = b.path_slash;
            (a.step_5)(&mut u, &b, t);
            break 'step_7;
        }
        t.pass("5", "the path is not empty: go on");

        // Step 6: "The last segment of the base URL's path [...] is removed and the
        // [reference's] path is appended in its place", then a) to d).
        u.path = Cow::Owned(step_6(&b.path, &u.path, t));
        u.path_slash = b.path_slash;
    }

    // Step 7: "The resulting URL components, including any inherited from the base URL,
    // are recombined to give the absolute form of the [reference]."
    seen(&super::named(&u, a.server));
    let result = recombine(&u);
    Ok((t.last("7", "the components are recombined", result), false))
}
