//! Everyone urlcert asks, behind one seam: the reference under one document and
//! reading, the in-process crates, the recorded clients and the external processes
//! each answer one [`Request`] through the [`Engine`] trait, and [`ask`] is the one
//! place that asks (with [`ask_many`], its form for many requests at once, which an
//! external process answers without waiting for each answer before the next request). Like wasmtime's fuzzing oracles, "this engine cannot express that"
//! (`Unsupported`) is an answer distinct from accept, reject and fault.

mod answer;
pub mod catalog;
pub mod cgroup;
pub mod inproc;
pub mod lifetime;
pub mod process;
pub mod recorded;
pub mod reference;
pub mod registry;

use crate::page::Format;
use crate::Error;
pub use answer::*;
use urlcert_reference::base::Context;

pub use reference::{ParseAnswer, ReferenceAnswer, ReferenceEngine};

/// One question put to an engine. The bytes are the case's or the campaign's, as they
/// are: an engine that takes only UTF-8 says so in its answer.
#[derive(Clone, Copy, Debug)]
pub enum Request<'a> {
    Parse {
        input: &'a [u8],
    },
    Resolve {
        base: &'a [u8],
        reference: &'a [u8],
    },
    /// Every URL-carrying attribute of a document and its absolute form.
    Links {
        document: &'a [u8],
        format: Format,
        context: &'a Context,
    },
    /// The URLs in running text, by the document's rules for URLs in context.
    Extract {
        text: &'a [u8],
    },
    /// The document's normal form of the input.
    Normalize {
        input: &'a [u8],
    },
    /// The base of a document and of each of its parts.
    Base {
        document: &'a [u8],
        format: Format,
        context: &'a Context,
    },
}

impl Request<'_> {
    /// The operation that puts this request.
    pub fn operation(&self) -> Operation {
        match self {
            Request::Parse { .. } => Operation::Parse,
            Request::Resolve { .. } => Operation::Resolve,
            Request::Links { .. } => Operation::Links,
            Request::Extract { .. } => Operation::Extract,
            Request::Normalize { .. } => Operation::Normalize,
            Request::Base { .. } => Operation::Base,
        }
    }
}

/// A parser, a recorded client, or the reference under one document: its information,
/// and its answer to one request.
pub trait Engine {
    fn info(&self) -> &Info;
    /// Answers `request`. [`ask`] calls this only for a request whose operation the
    /// engine lists (or, for the reference, any request); what the engine cannot
    /// express is `Answer::Unsupported`.
    fn answer(&mut self, request: &Request) -> Answer;
    /// Answers `requests`, one answer each, in their order. [`ask_many`] calls this
    /// with requests the engine offers only. One at a time by default; an external
    /// process is sent several before their answers are read.
    fn answer_many(&mut self, requests: &[Request]) -> Vec<Answer> {
        requests.iter().map(|r| self.answer(r)).collect()
    }
    /// Whether the engine answers requests no operation names (extract, normalize,
    /// base): the reference's own.
    fn answers_every_request(&self) -> bool {
        false
    }
}

/// An adapter looked up by name: ready to be asked, or unavailable here and why.
pub enum Found {
    Ready(Box<dyn Engine>),
    Unavailable {
        name: String,
        why: String,
        /// The command that would install what is missing.
        install: String,
    },
}

impl Found {
    pub fn name(&self) -> &str {
        match self {
            Found::Ready(a) => &a.info().name,
            Found::Unavailable { name, .. } => name,
        }
    }
}

/// Asks `engine` one request: the one place a request is put. An operation the engine
/// does not offer is answered `unsupported` without asking; a panic inside an
/// in-process engine is a crash.
pub fn ask<E: Engine + ?Sized>(engine: &mut E, request: &Request) -> Answer {
    let offered = engine.answers_every_request() || engine.info().offers(request.operation());
    if !offered {
        return not_offered(engine.info(), request);
    }
    let answered =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| engine.answer(request)));
    answered.unwrap_or_else(|payload| panicked(payload.as_ref()))
}

/// Asks `engine` every one of `requests` as [`ask`] asks each, and gives one answer per
/// request, in their order: an operation the engine does not offer is answered
/// `unsupported` without asking; the others are put together
/// ([`Engine::answer_many`]), so that an external process is sent them a window at a
/// time, however many there are; a panic inside the engine is a crash of every request
/// it was asked.
pub fn ask_many<E: Engine + ?Sized>(engine: &mut E, requests: &[Request]) -> Vec<Answer> {
    let every = engine.answers_every_request();
    let slots = requests
        .iter()
        .map(|r| match every || engine.info().offers(r.operation()) {
            true => Ok(*r),
            false => Err(not_offered(engine.info(), r)),
        })
        .collect();
    let who = engine.info().name.clone();
    put_together(slots, &who, |asked| {
        let n = asked.len();
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| engine.answer_many(&asked)))
            .unwrap_or_else(|payload| vec![panicked(payload.as_ref()); n])
    })
}

/// Answers requests of which some are answered in place (`Err`: the answer the harness
/// gives itself) and the rest (`Ok`) are put to `ask` together: its answers go back in
/// their places, in order, and a place it leaves unanswered is a crash of `who`. Written
/// once for [`ask_many`] and for the external process, which both keep some requests
/// back.
pub(crate) fn put_together<R>(
    slots: Vec<Result<R, Answer>>,
    who: &str,
    ask: impl FnOnce(Vec<R>) -> Vec<Answer>,
) -> Vec<Answer> {
    let mut sent = Vec::new();
    let places: Vec<Option<Answer>> = slots
        .into_iter()
        .map(|slot| match slot {
            Ok(request) => {
                sent.push(request);
                None
            }
            Err(answer) => Some(answer),
        })
        .collect();
    let mut heard = if sent.is_empty() {
        Vec::new()
    } else {
        ask(sent)
    }
    .into_iter();
    places
        .into_iter()
        .map(|place| {
            place.unwrap_or_else(|| {
                heard.next().unwrap_or_else(|| Answer::Fault {
                    fault: Fault::Crash {
                        detail: format!("{who} gave fewer answers than it was asked requests"),
                    },
                })
            })
        })
        .collect()
}

/// The answer to a request whose engine panicked.
fn panicked(payload: &(dyn std::any::Any + Send)) -> Answer {
    Answer::Fault {
        fault: Fault::Crash {
            detail: format!("panicked: {}", panic_message(payload)),
        },
    }
}

/// The requests tests and one-input commands put most, as methods: each goes
/// through [`ask`].
pub trait Ask: Engine {
    fn parse(&mut self, input: &[u8]) -> Answer {
        ask(self, &Request::Parse { input })
    }
    fn resolve(&mut self, base: &[u8], reference: &[u8]) -> Answer {
        ask(self, &Request::Resolve { base, reference })
    }
    /// The links of the HTML `document`, retrieved by the URLs `retrieved_from` (a
    /// redirect chain; the last one counts; none: no retrieval URL).
    fn links(&mut self, document: &[u8], retrieved_from: &[Vec<u8>]) -> Answer {
        let context = Context {
            retrieved_from: retrieved_from.to_vec(),
            application_default: None,
        };
        ask(
            self,
            &Request::Links {
                document,
                format: Format::Html,
                context: &context,
            },
        )
    }
}

impl<E: Engine + ?Sized> Ask for E {}

/// What a panic said, or "a panic".
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".into())
}

/// The answer an engine gives to a request it has no operation for; engines end their
/// `answer` with it so that a request they never list still gets a reason.
pub fn not_offered(info: &Info, request: &Request) -> Answer {
    Answer::Unsupported {
        why: format!("{} does not offer {}", info.name, request.operation()),
    }
}

/// The document of a `links` request as an adapter can be given it: an HTML document
/// with no header (read as `html`, or as `auto` without a header field first), and no
/// application default base. A MIME message (fields, parts) is the reference's alone:
/// a browser is given one document, not a message around it; and an application
/// default (RFC 2396 and RFC 3986 Section 5.1.4) is the reference's context, which no
/// request carries. The reason otherwise.
pub fn html_document<'a>(
    document: &'a [u8],
    format: Format,
    context: &Context,
) -> Result<&'a [u8], Error> {
    if context.application_default.is_some() {
        return Err(
            "the case gives an application default base (RFC 2396, RFC 3986 Section 5.1.4), which a links request does not carry"
                .into(),
        );
    }
    if format == Format::Mime {
        return Err(
            "the document is read as a MIME message; adapters are sent HTML documents only".into(),
        );
    }
    match crate::page::read(document, format) {
        Ok(root) if root.fields.is_empty() && root.children.is_empty() => Ok(document),
        Ok(_) => Err(
            "the document is a MIME message (header fields, parts); adapters are sent HTML documents only"
                .into(),
        ),
        Err(e) => Err(format!("the document is a MIME message that does not read ({e})").into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Offers parse only, and panics when asked anything.
    struct Panics(Info);

    impl Engine for Panics {
        fn info(&self) -> &Info {
            &self.0
        }
        fn answer(&mut self, _: &Request) -> Answer {
            panic!("asked")
        }
    }

    #[test]
    fn a_panic_among_requests_asked_together_is_a_crash_of_each_of_them() {
        let mut engine = Panics(Info {
            name: "panics".into(),
            version: "1".into(),
            model: Model::Rfc3986,
            operations: vec![Operation::Parse],
            argv: None,
        });
        let requests = [
            Request::Parse { input: b"a" },
            Request::Resolve {
                base: b"http://a/",
                reference: b"g",
            },
            Request::Parse { input: b"b" },
        ];
        let answers = ask_many(&mut engine, &requests);
        // Each as `ask` answers it alone: the crash `ask` gives, and resolve, which
        // the engine does not offer, answered without asking.
        let alone: Vec<Answer> = requests.iter().map(|r| ask(&mut engine, r)).collect();
        assert_eq!(answers, alone);
        assert!(
            matches!(&answers[0], Answer::Fault { fault: Fault::Crash { detail } } if detail == "panicked: asked"),
            "{answers:?}"
        );
        assert!(matches!(answers[1], Answer::Unsupported { .. }));
        assert!(ask_many(&mut engine, &[]).is_empty());
    }
}
