//! The engine's worker pool: threads that each own what they check with (an external
//! adapter runs as one process a worker), one task sent to each, the replies gathered
//! on one channel. What a task is, and how a round is split into tasks, is the check's:
//! the pool only carries them, so a check that needs no threads does without it.

use std::sync::mpsc;
use std::thread::Scope;

/// Worker threads started in a scope, taking tasks `T` and answering `R`.
pub struct Pool<T, R> {
    tasks: Vec<mpsc::Sender<T>>,
    replies: mpsc::Receiver<R>,
}

/// The replies to one [`Pool::scatter`], in the order they came.
pub struct Gathered<R> {
    pub replies: Vec<R>,
    /// Every task was taken and answered (a worker that died is a task lost).
    pub complete: bool,
}

impl<T: Send, R: Send> Pool<T, R> {
    /// Starts `jobs` workers (at least one) in `scope`. Each makes its own state with
    /// `make`, says `hello` of it, then answers each task with `work` until the pool is
    /// dropped. Returns the pool and the first worker's hello, or the error of a worker
    /// whose state could not be made.
    pub fn start<'scope, 'env, S, H, M, W>(
        scope: &'scope Scope<'scope, 'env>,
        jobs: usize,
        make: &'env M,
        hello: fn(&S) -> H,
        work: &'env W,
    ) -> Result<(Pool<T, R>, H), String>
    where
        S: 'scope,
        T: 'scope,
        R: 'scope,
        H: Send + 'scope,
        M: Fn() -> Result<S, String> + Sync + ?Sized,
        W: Fn(&mut S, T) -> R + Sync,
    {
        let jobs = jobs.max(1);
        let (reply_tx, replies) = mpsc::channel::<R>();
        let (ready_tx, ready) = mpsc::channel::<Result<H, String>>();
        let mut tasks = Vec::new();
        for _ in 0..jobs {
            let (tx, rx) = mpsc::channel::<T>();
            tasks.push(tx);
            let reply_tx = reply_tx.clone();
            let ready_tx = ready_tx.clone();
            scope.spawn(move || {
                let mut state = match make() {
                    Ok(s) => s,
                    Err(e) => {
                        let _ = ready_tx.send(Err(e));
                        return;
                    }
                };
                let _ = ready_tx.send(Ok(hello(&state)));
                drop(ready_tx);
                for task in rx {
                    if reply_tx.send(work(&mut state, task)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(ready_tx);
        let mut first = None;
        let mut failed = None;
        for r in ready.iter().take(jobs) {
            match r {
                Ok(h) => {
                    first.get_or_insert(h);
                }
                Err(e) => failed = Some(e),
            }
        }
        match (failed, first) {
            (Some(e), _) => Err(e),
            (None, Some(h)) => Ok((Pool { tasks, replies }, h)),
            (None, None) => Err("no worker started".into()),
        }
    }

    /// How many workers there are.
    pub fn workers(&self) -> usize {
        self.tasks.len()
    }

    /// Sends worker `w` the task `parts[w]` (none where it is `None`) and waits for
    /// every reply.
    pub fn scatter(&self, parts: Vec<Option<T>>) -> Gathered<R> {
        let mut wanted = 0;
        let mut sent = 0;
        for (tx, part) in self.tasks.iter().zip(parts) {
            if let Some(task) = part {
                wanted += 1;
                if tx.send(task).is_ok() {
                    sent += 1;
                }
            }
        }
        let mut replies = Vec::with_capacity(sent);
        let mut complete = sent == wanted;
        for _ in 0..sent {
            match self.replies.recv() {
                Ok(r) => replies.push(r),
                Err(_) => {
                    complete = false;
                    break;
                }
            }
        }
        Gathered { replies, complete }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_worker_keeps_its_own_state_and_every_reply_comes_back() {
        let made = std::sync::atomic::AtomicUsize::new(0);
        let make = || Ok::<usize, String>(made.fetch_add(1, std::sync::atomic::Ordering::SeqCst));
        let work = |seen: &mut usize, task: u32| {
            *seen += 100;
            (task, *seen)
        };
        std::thread::scope(|scope| {
            let (pool, _) = Pool::start(scope, 3, &make, |s: &usize| *s, &work).unwrap();
            assert_eq!(pool.workers(), 3);
            let first = pool.scatter(vec![Some(1), None, Some(3)]);
            assert!(first.complete);
            let mut tasks: Vec<u32> = first.replies.iter().map(|r| r.0).collect();
            tasks.sort();
            assert_eq!(tasks, [1, 3]);
            // A worker's state outlives its task: the second task sees the first's.
            let second = pool.scatter(vec![Some(7), Some(8), Some(9)]);
            assert!(second.complete);
            assert_eq!(second.replies.len(), 3);
            assert!(second.replies.iter().any(|r| r.1 >= 200));
        });
        assert_eq!(made.load(std::sync::atomic::Ordering::SeqCst), 3);
    }

    #[test]
    fn a_worker_that_cannot_start_fails_the_pool_with_its_error() {
        let make = || Err::<(), String>("adapter `x` is unavailable".into());
        let work = |_: &mut (), t: u8| t;
        std::thread::scope(|scope| {
            let started = Pool::start(scope, 2, &make, |_: &()| (), &work);
            assert_eq!(started.err().as_deref(), Some("adapter `x` is unavailable"));
        });
    }
}
