//! The committed reports are generated from the cases and must match them.

use std::path::Path;
use urlcert::{cases, contradictions};

#[test]
fn the_contradiction_list_is_up_to_date() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let suite = cases::load_dir(&root.join("cases")).expect("the cases load");
    let fresh = contradictions::render(&suite.cases);
    let committed = std::fs::read_to_string(root.join(contradictions::PATH)).unwrap_or_default();
    assert!(
        fresh == committed,
        "{} is stale: run `cargo run -p urlcert -- contradictions --out {}`",
        contradictions::PATH,
        contradictions::PATH
    );
    // The three the 1996 draft's Appendix C prints against its own Section 6.
    for id in [
        "res.f01c.normal.query-only",
        "res.f01c.abnormal.query-dot",
        "res.f01c.abnormal.query-dotdot",
    ] {
        assert!(fresh.contains(id), "{id} missing from the list");
    }
}
