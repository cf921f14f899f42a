//! Step 6, whose text RFC 1808 Section 4 and the 1996 draft's Section 6 share word for
//! word. Each operation works on the path string as the text describes it. Step 6c's
//! "removing the leftmost matching pattern on each iteration" is done with the string
//! split at a cursor: everything left of the cursor is known to hold no match, so the
//! leftmost match always ends just right of it, and each iteration is O(1) instead of
//! a rescan. `tests::step_6c_is_the_leftmost_rewrite` checks it against the plain
//! rescanning loop.

use super::trace::{lossy, Trace};
use super::{last_segment_start, replace_last_segment};
use crate::inline::InlineList;

/// "The last segment of the base URL's path (anything following the rightmost slash
/// "/", or the entire path if no slash is present) is removed and the URL reference's
/// path is appended in its place. The following operations are then applied, in order,
/// to the new path:"
pub(crate) fn step_6(base_path: &[u8], reference_path: &[u8], t: &mut Trace) -> Vec<u8> {
    let path = replace_last_segment(base_path, reference_path);
    t.step(
        "6",
        "the last segment of the base path is removed and the reference's path appended",
        || lossy(&path),
    );
    let path = step_6a(path);
    t.step("6a", "all occurrences of \"./\" are removed", || {
        lossy(&path)
    });
    let path = step_6b(path);
    t.step("6b", "a final \".\" segment is removed", || lossy(&path));
    let path = step_6c(path);
    t.step(
        "6c",
        "\"<segment>/../\" is removed, leftmost first, until none remains",
        || lossy(&path),
    );
    let path = step_6d(path);
    t.step("6d", "a final \"<segment>/..\" is removed", || lossy(&path));
    path
}

/// "a) All occurrences of "./", where "." is a complete path segment, are removed."
fn step_6a(mut path: Vec<u8>) -> Vec<u8> {
    // In place: the kept segments are moved left over the removed ones.
    let (mut read, mut write) = (0, 0);
    while read < path.len() {
        let end = segment_end(&path, read);
        if &path[read..end] != b"./" {
            path.copy_within(read..end, write);
            write += end - read;
        }
        read = end;
    }
    path.truncate(write);
    path
}

/// The end of the segment that starts at `at`, with the "/" that ends it.
fn segment_end(path: &[u8], at: usize) -> usize {
    path[at..]
        .iter()
        .position(|&b| b == b'/')
        .map_or(path.len(), |i| at + i + 1)
}

/// "b) If the path ends with "." as a complete path segment, that "." is removed."
fn step_6b(mut path: Vec<u8>) -> Vec<u8> {
    if path == b"." || path.ends_with(b"/.") {
        path.pop();
    }
    path
}

/// "c) All occurrences of "<segment>/../", where <segment> is a complete path segment
/// not equal to "..", are removed. Removal of these path segments is performed
/// iteratively, removing the leftmost matching pattern on each iteration, until no
/// matching pattern remains."
fn step_6c(mut path: Vec<u8>) -> Vec<u8> {
    // `path[..write]` is the path left of the cursor, holding no match; `starts` are
    // where its segments begin. A match can only be its last segment followed by
    // "../". Done in place: the part left of the cursor never outgrows what was read.
    let mut starts: InlineList<usize, 16> = InlineList::new();
    let (mut read, mut write) = (0, 0);
    while read < path.len() {
        let end = segment_end(&path, read);
        if &path[read..end] == b"../" {
            if let Some(&start) = starts.last() {
                if &path[start..write] != b"../" {
                    write = start;
                    starts.pop();
                    read = end;
                    continue;
                }
            }
        }
        starts.push(write);
        path.copy_within(read..end, write);
        write += end - read;
        read = end;
    }
    path.truncate(write);
    path
}

/// "d) If the path ends with "<segment>/..", where <segment> is a complete path segment
/// not equal to "..", that "<segment>/.." is removed."
fn step_6d(mut path: Vec<u8>) -> Vec<u8> {
    let Some(before) = path.strip_suffix(b"/..") else {
        return path;
    };
    let start = last_segment_start(before);
    if &before[start..] != b".." {
        path.truncate(start);
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resolve::pieces::every_path;

    /// Step 6c as the plain loop: find the leftmost "<segment>/../" with a complete
    /// segment other than "..", remove it, start again.
    fn step_6c_by_rescanning(path: &[u8]) -> Vec<u8> {
        let mut path = path.to_vec();
        'again: loop {
            let mut start = 0;
            while start <= path.len() {
                let end = path[start..]
                    .iter()
                    .position(|&b| b == b'/')
                    .map(|i| start + i);
                let Some(slash) = end else { break };
                let segment = &path[start..slash];
                if segment != b".." && path[slash + 1..].starts_with(b"../") {
                    path.drain(start..slash + 4);
                    continue 'again;
                }
                start = slash + 1;
            }
            return path;
        }
    }

    #[test]
    fn step_6c_is_the_leftmost_rewrite() {
        // Every path of up to 7 pieces from an alphabet that makes matches overlap.
        let pieces: [&[u8]; 4] = [b"a", b"..", b"/", b"."];
        let n = every_path(&pieces, 9, |p| {
            assert_eq!(
                step_6c(p.to_vec()),
                step_6c_by_rescanning(p),
                "path {:?}",
                String::from_utf8_lossy(p)
            );
        });
        assert!(n > 1000);
    }

    #[test]
    fn operations_as_the_text_gives_them() {
        assert_eq!(step_6a(b"b/c/./g/./".to_vec()), b"b/c/g/");
        assert_eq!(step_6a(b"b/c/g./.g/".to_vec()), b"b/c/g./.g/");
        assert_eq!(step_6b(b"b/c/g/.".to_vec()), b"b/c/g/");
        assert_eq!(step_6b(b"b/c/g.".to_vec()), b"b/c/g.");
        assert_eq!(step_6c(b"b/c/../../g".to_vec()), b"g");
        assert_eq!(step_6c(b"../g".to_vec()), b"../g");
        assert_eq!(step_6c(b"b/../../g".to_vec()), b"../g");
        assert_eq!(step_6c(b"g;x=1/../y".to_vec()), b"y");
        assert_eq!(step_6d(b"b/c/..".to_vec()), b"b/");
        assert_eq!(step_6d(b"../..".to_vec()), b"../..");
        assert_eq!(step_6d(b"..".to_vec()), b"..");
        assert_eq!(step_6d(b"g..".to_vec()), b"g..");
    }
}
