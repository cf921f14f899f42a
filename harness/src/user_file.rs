//! Reading a file a user names (a case file, an expected-failure list, an exceptions
//! file, a recording, a document, a campaign's journal): only a regular file, and never
//! more than a stated number of bytes. `/dev/zero` would otherwise be read until memory
//! runs out, and a FIFO would wait for a writer forever.

use std::fmt;
use std::io::Read;
use std::path::Path;

/// Why a file was not read.
#[derive(Debug)]
pub enum Refused {
    /// No such file (several callers take that as an empty list).
    Missing,
    /// A folder, a FIFO, a socket or a device.
    NotRegular,
    /// More than the limit; `size` is what the file holds, when known.
    TooBig {
        size: Option<u64>,
        limit: u64,
    },
    Io(std::io::Error),
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refused::Missing => write!(f, "cannot read: no such file"),
            Refused::NotRegular => write!(
                f,
                "cannot read: not a regular file (a folder, a FIFO, a socket or a device)"
            ),
            Refused::TooBig {
                size: Some(size),
                limit,
            } => write!(
                f,
                "the file holds {size} bytes, more than the {limit} bytes it may hold"
            ),
            Refused::TooBig { size: None, limit } => {
                write!(f, "the file holds more than the {limit} bytes it may hold")
            }
            Refused::Io(e) => write!(f, "cannot read: {e}"),
        }
    }
}

impl From<std::io::Error> for Refused {
    fn from(e: std::io::Error) -> Self {
        if e.kind() == std::io::ErrorKind::NotFound {
            Refused::Missing
        } else {
            Refused::Io(e)
        }
    }
}

/// The bytes of the regular file at `path` (links followed), at most `limit` of them.
pub fn read(path: &Path, limit: u64) -> Result<Vec<u8>, Refused> {
    let (file, meta) = open_regular(path)?;
    if meta.len() > limit {
        return Err(Refused::TooBig {
            size: Some(meta.len()),
            limit,
        });
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(limit + 1).read_to_end(&mut bytes)?;
    // It grew while being read.
    if bytes.len() as u64 > limit {
        return Err(Refused::TooBig { size: None, limit });
    }
    Ok(bytes)
}

/// The regular file at `path` (links followed), open for reading, with its metadata.
pub fn open_regular(path: &Path) -> Result<(std::fs::File, std::fs::Metadata), Refused> {
    let file = open(path)?;
    // The type is taken from the file opened, so it cannot change in between.
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(Refused::NotRegular);
    }
    Ok((file, meta))
}

/// [`read`], as UTF-8 text.
pub fn read_text(path: &Path, limit: u64) -> Result<String, Refused> {
    String::from_utf8(read(path, limit)?).map_err(|e| {
        Refused::Io(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!(
                "not valid UTF-8 (at offset {})",
                e.utf8_error().valid_up_to()
            ),
        ))
    })
}

/// Opening a FIFO for reading waits for a writer unless it is opened non-blocking; on a
/// regular file the flag changes nothing.
#[cfg(unix)]
fn open(path: &Path) -> std::io::Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(nix::fcntl::OFlag::O_NONBLOCK.bits())
        .open(path)
}

#[cfg(not(unix))]
fn open(path: &Path) -> std::io::Result<std::fs::File> {
    if !std::fs::metadata(path)?.is_file() {
        return Err(std::io::Error::other(
            "not a regular file (a folder or a device)",
        ));
    }
    std::fs::File::open(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regular_files_are_read_up_to_the_limit() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("f");
        std::fs::write(&p, b"12345").unwrap();
        assert_eq!(read(&p, 5).unwrap(), b"12345");
        assert!(matches!(
            read(&p, 4),
            Err(Refused::TooBig {
                size: Some(5),
                limit: 4
            })
        ));
        assert!(matches!(
            read(&dir.path().join("none"), 4),
            Err(Refused::Missing)
        ));
        assert!(matches!(read(dir.path(), 4), Err(Refused::NotRegular)));
    }

    #[cfg(unix)]
    #[test]
    fn devices_and_fifos_are_refused_without_waiting() {
        assert!(matches!(
            read(Path::new("/dev/zero"), 1 << 20),
            Err(Refused::NotRegular)
        ));
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU).unwrap();
        // No writer ever opens it: a blocking open would never return.
        assert!(matches!(read(&fifo, 1 << 20), Err(Refused::NotRegular)));
    }
}
