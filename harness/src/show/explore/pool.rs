//! The parsers `explore` asks: each opened once, in a thread of its own, and asked
//! through a channel for as long as the server runs, so that a keystroke does not
//! start every external program again. An answer that does not come within
//! [`Pool::wait`] is a faulted one; the thread is left to finish (an external process
//! is killed by its own time limit) and asked again once it is free.

use crate::ask::process::Limits;
use crate::ask::registry::{self, Found};
use crate::ask::{Answer, Fault, Info};
use crate::run::fuzz::Request;
use crate::show::compare::{ask_engine, Asked, Parsers, Unavailable};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Mutex;
use std::time::{Duration, Instant};

type Job = (Request, Sender<Asked>);

/// What a worker thread reports once it has tried to open its parser: its place, and
/// the parser's information and inbox, or why it is unavailable (name, why, install).
type Opened = (usize, Result<(Info, Sender<Job>), (String, String, String)>);

struct Worker {
    info: Info,
    jobs: Sender<Job>,
    /// The answer still owed to an earlier request, if one is: a worker that has not
    /// answered is not sent another request until it has.
    owed: Mutex<Option<Receiver<Asked>>>,
}

/// The parsers, opened.
pub struct Pool {
    workers: Vec<Worker>,
    unavailable: Vec<(String, String, String)>,
    /// How long an answer may take before it counts as a fault.
    pub wait: Duration,
}

impl Pool {
    /// Opens each of `names` in a thread of its own (in parallel; each gets `limits`).
    pub fn open(names: &[String], limits: Limits) -> Pool {
        let (ready_tx, ready) = mpsc::channel::<Opened>();
        for (i, name) in names.iter().enumerate() {
            let ready_tx = ready_tx.clone();
            let name = name.clone();
            std::thread::spawn(move || {
                let mut engine = match registry::open(&name, false, limits) {
                    Some(Found::Ready(engine)) => engine,
                    Some(Found::Unavailable { name, why, install }) => {
                        let _ = ready_tx.send((i, Err((name, why, install))));
                        return;
                    }
                    None => return,
                };
                let (jobs, inbox) = mpsc::channel::<Job>();
                if ready_tx
                    .send((i, Ok((engine.info().clone(), jobs))))
                    .is_err()
                {
                    return;
                }
                drop(ready_tx);
                for (request, reply) in inbox {
                    let _ = reply.send(ask_engine(engine.as_mut(), &request));
                }
            });
        }
        drop(ready_tx);
        let mut opened: Vec<Opened> = ready.into_iter().collect();
        opened.sort_by_key(|(i, _)| *i);
        let mut pool = Pool {
            workers: Vec::new(),
            unavailable: Vec::new(),
            wait: limits.timeout + Duration::from_millis(500),
        };
        for (_, o) in opened {
            match o {
                Ok((info, jobs)) => pool.workers.push(Worker {
                    info,
                    jobs,
                    owed: Mutex::new(None),
                }),
                Err(u) => pool.unavailable.push(u),
            }
        }
        pool
    }
}

impl Parsers for Pool {
    fn ask(&self, request: &Request) -> Vec<Result<Asked, Unavailable>> {
        let deadline = Instant::now() + self.wait;
        // Every free worker is sent the request first, so that they answer together.
        let pending: Vec<Option<Receiver<Asked>>> = self
            .workers
            .iter()
            .map(|w| {
                let mut owed = w.owed.lock().ok()?;
                if let Some(earlier) = owed.as_ref() {
                    // Still busy with an earlier request: done now, or skipped.
                    if earlier.try_recv().is_err() {
                        return None;
                    }
                }
                let (reply, answer) = mpsc::channel();
                w.jobs.send((request.clone(), reply)).ok()?;
                *owed = None;
                Some(answer)
            })
            .collect();
        let mut out = Vec::new();
        for (w, answer) in self.workers.iter().zip(pending) {
            let waited = answer
                .as_ref()
                .map(|a| a.recv_timeout(deadline.saturating_duration_since(Instant::now())));
            match waited {
                Some(Ok(asked)) => out.push(Ok(asked)),
                Some(Err(_)) | None => {
                    if let (Some(a), Ok(mut owed)) = (answer, w.owed.lock()) {
                        *owed = Some(a);
                    }
                    out.push(Ok(Asked {
                        info: w.info.clone(),
                        answer: Answer::Fault {
                            fault: Fault::Timeout {
                                after_ms: self.wait.as_millis() as u64,
                            },
                        },
                        elapsed: self.wait,
                    }));
                }
            }
        }
        out.extend(self.unavailable.iter().map(|(name, why, install)| {
            Err(Unavailable {
                name: name.clone(),
                why: why.clone(),
                install: install.clone(),
            })
        }));
        out
    }
}
