//! Every path built from a few pieces: the tests check each path operation written for
//! speed against the plain loop its text describes, on all of them.

/// Calls `check` on the empty path and on every path made by appending one of `pieces`
/// to a path shorter than `extend_below` bytes; returns how many paths it checked.
pub(crate) fn every_path(
    pieces: &[&[u8]],
    extend_below: usize,
    mut check: impl FnMut(&[u8]),
) -> usize {
    let mut n = 0;
    let mut stack = vec![Vec::new()];
    while let Some(p) = stack.pop() {
        check(&p);
        n += 1;
        if p.len() < extend_below {
            for piece in pieces {
                let mut q = p.clone();
                q.extend_from_slice(piece);
                stack.push(q);
            }
        }
    }
    n
}
