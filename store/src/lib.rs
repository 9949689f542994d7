//! The memscribe capture store: transcripts ingested into one SQLite file,
//! kept after the tools delete them, searched, queried and replayed.
//!
//! A [`Store`] is a SQLite database in WAL mode whose schema
//! ([`SCHEMA_VERSION`], `docs/store.md`) is a read-only contract for other
//! programs. [`Store::ingest`] reads source paths (a transcript file, a
//! session directory, a database of a tool, or any directory to search)
//! with [`memscribe_io`], and writes each source's sessions, events
//! (compressed, lossless), nodes and diagnostics in **one transaction per
//! source** together with how far the source was read, so a process killed
//! at any moment leaves the store as it was before that source, and the
//! next ingest finishes the work: nothing lost, nothing doubled.
//!
//! Re-ingesting is idempotent. A source whose files have not changed
//! (same size, modification time and inode) is skipped after a `stat`. A
//! changed source is parsed again and compared with what the store holds,
//! row by row (by each event's `seq` and each node's id, through a hash of
//! its JSON): only what differs is written, so the store always equals a
//! fresh ingest of the files as they are now — nodes included (a later
//! decision that supersedes an earlier one updates it). A row that
//! changes or disappears is not deleted but closed (`cp_to`), so queries
//! can answer as the store stood at any earlier checkpoint.
//!
//! Every ingest that changes something is a numbered checkpoint.

#![deny(missing_docs)]

pub mod api;
mod ingest;
mod query;
mod schema;
mod text;

use std::path::{Path, PathBuf};

use rusqlite::Connection;

pub use ingest::{IngestReport, Progress};
pub use query::{Checkpoint, DecisionQuery, Hit, NodeQuery, Problem, SessionInfo, StoredNode};
pub use schema::SCHEMA_VERSION;

/// What a store keeps of secrets found in transcripts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Redaction {
    /// Secrets are replaced before anything reaches the disk (the default).
    Sanitize,
    /// The raw text is kept; every read masks secrets unless the caller
    /// asks for the raw text.
    Mask,
}

impl Redaction {
    /// The name kept in the store's `meta` table.
    pub fn name(self) -> &'static str {
        match self {
            Redaction::Sanitize => "sanitize",
            Redaction::Mask => "mask",
        }
    }

    /// The mode a name stands for.
    pub fn from_name(s: &str) -> Option<Redaction> {
        match s {
            "sanitize" | "sanitize-on-ingest" => Some(Redaction::Sanitize),
            "mask" | "mask-on-view" => Some(Redaction::Mask),
            _ => None,
        }
    }
}

/// What went wrong, by kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// The store file cannot be opened or created.
    Open,
    /// The file is not a memscribe store, or is damaged.
    Corrupt,
    /// The store was written by a newer memscribe (a later schema).
    Schema,
    /// The disk (or the file system's quota) is full.
    Full,
    /// Another process held the store longer than the busy timeout.
    Busy,
    /// Reading a source failed.
    Source,
    /// A request the store cannot answer (unknown session, bad argument).
    Usage,
    /// Any other SQLite or I/O failure.
    Other,
}

/// An error of the store, with a message that says what to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// Its kind.
    pub kind: ErrorKind,
    /// What happened.
    pub message: String,
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

impl Error {
    pub(crate) fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error {
            kind,
            message: message.into(),
        }
    }

    /// A SQLite failure on the store at `path`, by kind.
    pub(crate) fn sql(path: &Path, e: rusqlite::Error) -> Error {
        use rusqlite::ffi::ErrorCode;
        let kind = match e.sqlite_error_code() {
            Some(ErrorCode::DiskFull) => ErrorKind::Full,
            Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt) => ErrorKind::Corrupt,
            Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => ErrorKind::Busy,
            Some(ErrorCode::CannotOpen | ErrorCode::ReadOnly | ErrorCode::PermissionDenied) => {
                ErrorKind::Open
            }
            _ => ErrorKind::Other,
        };
        let what = match kind {
            ErrorKind::Full => "the disk is full; the store is unchanged since its last complete source (free space and ingest again)".to_owned(),
            ErrorKind::Corrupt => format!("not a memscribe store, or damaged ({e}); move it aside and ingest again"),
            ErrorKind::Busy => format!("another process holds the store ({e})"),
            _ => e.to_string(),
        };
        Error::new(kind, format!("store {}: {what}", path.display()))
    }
}

/// A result of the store.
pub type Result<T> = std::result::Result<T, Error>;

/// An open store.
pub struct Store {
    conn: Connection,
    path: PathBuf,
    redaction: Redaction,
    /// Sessions kept open to read appends alone (see [`Store::keep_live`]).
    live: std::collections::HashMap<PathBuf, ingest::Live>,
    keep_live: usize,
    uses: u64,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
            .field("path", &self.path)
            .field("redaction", &self.redaction)
            .finish()
    }
}

impl Store {
    /// Where the store is unless told otherwise: `$MEMSCRIBE_STORE`, else
    /// `$XDG_DATA_HOME/memscribe/memscribe.db` (`~/.local/share/…`; on
    /// Windows `%LOCALAPPDATA%\memscribe\memscribe.db`).
    pub fn default_path() -> PathBuf {
        let var = |k: &str| {
            std::env::var_os(k)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        };
        if let Some(p) = var("MEMSCRIBE_STORE") {
            return p;
        }
        let data = if cfg!(windows) {
            var("LOCALAPPDATA")
        } else {
            var("XDG_DATA_HOME").or_else(|| var("HOME").map(|h| h.join(".local/share")))
        };
        data.unwrap_or_else(|| PathBuf::from("."))
            .join("memscribe")
            .join("memscribe.db")
    }

    /// Opens the store at `path`, creating it (sanitize-on-ingest) when it
    /// does not exist.
    pub fn open(path: &Path) -> Result<Store> {
        Store::open_with(path, None)
    }

    /// Opens the store at `path`, creating it with `redaction` (default
    /// sanitize) when it does not exist. Naming a mode other than an
    /// existing store's is an error: a store's mode never changes.
    pub fn open_with(path: &Path, redaction: Option<Redaction>) -> Result<Store> {
        let existed = path.exists();
        if !existed {
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                create_private_dir(dir).map_err(|e| {
                    Error::new(
                        ErrorKind::Open,
                        format!(
                            "store {}: cannot create {}: {e}",
                            path.display(),
                            dir.display()
                        ),
                    )
                })?;
            }
        }
        let conn = Connection::open(path).map_err(|e| Error::sql(path, e))?;
        #[cfg(unix)]
        if !existed {
            use std::os::unix::fs::PermissionsExt;
            // Transcripts are private: the store (and SQLite's -wal and
            // -shm, which take its mode) is the user's only.
            let _ = std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600));
        }
        let redaction = schema::prepare(&conn, path, redaction)?;
        Ok(Store {
            conn,
            path: path.to_path_buf(),
            redaction,
            live: Default::default(),
            keep_live: 0,
            uses: 0,
        })
    }

    /// Keeps up to `max` single-file sessions open after they are read (the
    /// most recently changed), so that what is appended to them is parsed
    /// alone: an append of K bytes then costs O(K), not a parse of the
    /// whole session. For a long-running reader (`memscribe watch`); each
    /// open session holds its parser's state (bounded, typically a few
    /// hundred KB). 0, the default, keeps none.
    pub fn keep_live(&mut self, max: usize) {
        self.keep_live = max;
        if max == 0 {
            self.live.clear();
        }
    }

    /// The store's file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The store's redaction mode.
    pub fn redaction(&self) -> Redaction {
        self.redaction
    }

    /// The underlying connection, for reading the schema directly.
    pub fn connection(&self) -> &Connection {
        &self.conn
    }

    pub(crate) fn sql(&self, e: rusqlite::Error) -> Error {
        Error::sql(&self.path, e)
    }
}

fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    if dir.is_dir() {
        return Ok(());
    }
    let mut b = std::fs::DirBuilder::new();
    b.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        b.mode(0o700);
    }
    b.create(dir)
}
