//! Ctrl-C, SIGTERM and SIGHUP. By default a signal ends urlcert at once, after killing
//! every adapter process and what they started (a run's journal is on disk line by
//! line, so `--resume` picks it up). A command that can stop cleanly (a fuzz campaign
//! writing its report) asks for [`graceful`]: the first signal then sets [`STOP`] and
//! the command ends on its own; a second one ends it at once.

use std::sync::atomic::{AtomicBool, Ordering};

/// Set by the first signal when the command stops gracefully.
pub static STOP: AtomicBool = AtomicBool::new(false);

static GRACEFUL: AtomicBool = AtomicBool::new(false);

/// Installs the handler (once per process; the command line calls it).
pub fn install() {
    let installed = ctrlc::set_handler(|| {
        if GRACEFUL.load(Ordering::SeqCst) && !STOP.swap(true, Ordering::SeqCst) {
            return;
        }
        crate::ask::lifetime::kill_all();
        // 128 + SIGINT, as a shell reports a Ctrl-C.
        std::process::exit(130);
    });
    if let Err(e) = installed {
        eprintln!("urlcert: a signal will not end the adapters cleanly: {e}");
    }
}

/// The first signal sets [`STOP`] instead of ending the process.
pub fn graceful() {
    GRACEFUL.store(true, Ordering::SeqCst);
}
