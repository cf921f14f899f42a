//! The `url` production and the parse built on it: draft-06 Section 5 and RFC 1738
//! Section 5 print `url` alike and judge its alternatives alike.

/// `url`, its alternatives' results, and the document's `parse`, `notes` and
/// `parse_with_coverage`, for the document that invokes it with its `url` and `otherurl`
/// rules and its id. The scheme productions, `PREDEFINED`, `generic::otherurl` and
/// `notes::add` are the invoking document's own, by the names in scope where it is
/// invoked.
macro_rules! url {
    (
        $(#[$url_doc:meta])*
        pub fn url($url:path);
        otherurl = $otherurl:path;
        document = $document:path;
    ) => {
        type Alternative = for<'b, 'a> fn(&'b mut Cx<'a>, Span) -> Res<Match>;

        /// Every alternative of `url` that derives the input, in the BNF's order.
        pub struct UrlMatches {
            /// The scheme productions' results (the first ten alternatives).
            pub schemes: crate::grammar::cx::Alternatives<Match, 10>,
            pub other: Res<Match>,
        }

        $(#[$url_doc])*
        pub fn url<'a>(cx: &mut Cx<'a>, s: Span) -> UrlMatches {
            const SCHEMES: [Alternative; 10] = [
                http::httpurl,
                ftp::ftpurl,
                news::newsurl,
                nntp::nntpurl,
                telnet::telneturl,
                gopher::gopherurl,
                wais::waisurl,
                mailto::mailtourl,
                file::fileurl,
                prospero::prosperourl,
            ];
            // PREDEFINED lists the ten in the BNF's order too.
            let rules: [Rule; 10] = std::array::from_fn(|k| PREDEFINED[k].1);
            let schemes =
                crate::grammar::cx::Alternatives::run(cx, rules, |cx, k| SCHEMES[k](cx, s));
            // otherurl is reported only when no scheme production is.
            cx.report(schemes.first.is_none());
            let other = generic::otherurl(cx, s);
            let any = schemes.any() || other.is_ok();
            cx.mark($url, any);
            UrlMatches { schemes, other }
        }

        crate::grammar::entry::entry_points! {
            /// Parses `input` under the document and the given reading.
            judge = |cx| (judged(cx), ());
            notes = |cx, (), noted| notes::add(cx, noted);
        }

        /// The verdict, rule, components and error for the whole input, without notes.
        pub(crate) fn judged<'a>(cx: &mut Cx<'a>) -> Parse<'a> {
            let all = Span::new(0, cx.input.len());
            let matches = url(cx, all);
            let mut parse = judge(cx, matches);
            parse.doc = DocReading::new($document, cx.reading);
            parse
        }

        /// When the input's scheme name has an upper-case letter: the other of the
        /// document's two readings of scheme case (Section 2.1 asks programs to take upper
        /// case as lower where the BNF spells `scheme` in lower case), and the parse under it.
        pub(crate) fn under_other_letter_case<'a>(cx: &Cx<'a>) -> Option<(Reading, Parse<'a>)> {
            let colon = cx.input.iter().position(|&b| b == b':')?;
            let name = &cx.input[..colon];
            let scheme_like = !name.is_empty()
                && name
                    .iter()
                    .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(b));
            if !scheme_like || !name.iter().any(u8::is_ascii_uppercase) {
                return None;
            }
            let other = match cx.reading {
                Reading::SchemeCaseIgnore => Reading::Strict,
                // The document has only the two readings.
                _ => Reading::SchemeCaseIgnore,
            };
            let mut other_cx = Cx::new(cx.input, other, false);
            Some((other, judged(&mut other_cx)))
        }

        /// The scheme's own production, by the scheme name the input starts with (compared
        /// without case under `scheme-case-ignore`).
        pub(crate) fn own_production(cx: &Cx) -> Option<Rule> {
            let colon = cx.input.iter().position(|&b| b == b':')?;
            let name = &cx.input[..colon];
            let fold = cx.reading == Reading::SchemeCaseIgnore;
            PREDEFINED
                .iter()
                .find(|(scheme, _)| {
                    if fold {
                        name.eq_ignore_ascii_case(scheme.as_bytes())
                    } else {
                        name == scheme.as_bytes()
                    }
                })
                .map(|&(_, rule)| rule)
        }

        /// Verdict, rule and error from the alternatives' results: `valid` when the scheme's own
        /// production matches (for an undefined scheme, `otherurl`), `generic-only` when the
        /// scheme is one of the ten and only `otherurl` matches, `invalid` otherwise.
        fn judge<'a>(cx: &mut Cx<'a>, m: UrlMatches) -> Parse<'a> {
            let own = own_production(cx);
            let mut alternatives = crate::grammar::outcome::Rules::new();
            let mut own_failure: Option<Failure> = None;
            let mut other_failure: Option<Failure> = None;
            let chosen: Option<Match> = m.schemes.first;
            for (rule, r) in &m.schemes.results {
                match r {
                    Ok(()) => alternatives.push(*rule),
                    // Another scheme's production fails at its opening literal: that says
                    // nothing about this input, so only the own production's failure is kept.
                    Err(f) if Some(*rule) == own => own_failure = Some(f.clone()),
                    Err(_) => {}
                }
            }
            let other = match m.other {
                Ok(found) => {
                    alternatives.push($otherurl);
                    Some(found)
                }
                Err(f) => {
                    other_failure = Some(f);
                    None
                }
            };
            // For an invalid input: the failure that got further, the own production's on a tie.
            let invalid_failure = match (own_failure.clone(), other_failure) {
                (Some(a), Some(b)) => Some(furthest(a, b)),
                (a, b) => a.or(b),
            };
            let (verdict, found, error) = match (chosen, other) {
                (Some(found), _) => (Verdict::Valid, Some(found), None),
                (None, Some(found)) if own.is_some() => {
                    (Verdict::GenericOnly, Some(found), own_failure)
                }
                (None, Some(found)) => (Verdict::Valid, Some(found), None),
                (None, None) => (Verdict::Invalid, None, invalid_failure),
            };
            cx.parse(DocReading::from($document), verdict, found, error, alternatives)
        }
    };
}
pub(crate) use url;
