//! The store's schema, versioned by SQLite's `user_version` and brought up
//! to date by migrations run in order, each in its own transaction. The
//! tables are documented for other programs in `docs/store.md`.

use std::path::Path;
use std::time::{Duration, Instant};

use rusqlite::{Connection, ErrorCode, OptionalExtension};

use crate::{Error, ErrorKind, Redaction, Result};

/// The schema this version writes (`PRAGMA user_version`).
pub const SCHEMA_VERSION: i64 = 1;

/// Migration `i` takes the schema from version `i` to `i + 1`.
const MIGRATIONS: &[&str] = &[r#"
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;

-- One row per ingest that changed something.
CREATE TABLE checkpoints (
    id      INTEGER PRIMARY KEY,
    at      TEXT NOT NULL,            -- RFC 3339, UTC
    version TEXT NOT NULL             -- memscribe version that wrote it
);

-- One row per source path: a transcript file, a session directory or a
-- tool's database.
CREATE TABLE sources (
    id          INTEGER PRIMARY KEY,
    path        TEXT NOT NULL UNIQUE,
    tool        TEXT,
    fingerprint TEXT NOT NULL,        -- sizes, times and inodes of its files when last read
    files       TEXT NOT NULL,        -- its files when last read, one per line
    bytes       INTEGER NOT NULL,     -- bytes of its files
    read_to     INTEGER NOT NULL,     -- bytes read (a half-written last line is left for later)
    checkpoint  INTEGER NOT NULL,     -- when it last changed
    error       TEXT,                 -- why it could not be read, if it could not
    summary     TEXT                  -- the parse summary (JSON)
);

CREATE TABLE sessions (
    id         INTEGER PRIMARY KEY,
    source     INTEGER NOT NULL REFERENCES sources(id),
    session_id TEXT NOT NULL,         -- the contract's session_id ('' when the source names none)
    tool       TEXT,
    cwd        TEXT,
    repo_root  TEXT,
    first_ts   TEXT,
    last_ts    TEXT,
    last_ms    INTEGER,
    events     INTEGER NOT NULL,      -- live counts
    nodes      INTEGER NOT NULL,
    cp_first   INTEGER NOT NULL,
    cp_last    INTEGER NOT NULL,
    UNIQUE (source, session_id)
);

-- Rows are never updated in place: a changed or vanished row is closed
-- (cp_to) and its successor opened (cp_from). Live rows have cp_to NULL.
CREATE TABLE events (
    id       INTEGER PRIMARY KEY,
    session  INTEGER NOT NULL REFERENCES sessions(id),
    seq      INTEGER NOT NULL,
    event_id TEXT NOT NULL,
    kind     TEXT NOT NULL,
    ts       TEXT,
    hash     BLOB NOT NULL,           -- first 16 bytes of blake3(data's JSON)
    data     BLOB NOT NULL,           -- zstd of the event's JSON line, as parse writes it
    cp_from  INTEGER NOT NULL,
    cp_to    INTEGER
);
CREATE UNIQUE INDEX events_live ON events (session, seq) WHERE cp_to IS NULL;
CREATE INDEX events_at ON events (session, seq, cp_from);

CREATE TABLE nodes (
    id      INTEGER PRIMARY KEY,
    session INTEGER NOT NULL REFERENCES sessions(id),
    node_id TEXT NOT NULL,
    kind    TEXT NOT NULL,            -- conversation | decision | episode | binding
    ord     INTEGER NOT NULL,         -- order of emission in the session
    pos     INTEGER NOT NULL,         -- events of the stream before it
    ts      TEXT,
    ts_ms   INTEGER,
    hash    BLOB NOT NULL,
    data    BLOB NOT NULL,            -- zstd of the node's JSON line
    cp_from INTEGER NOT NULL,
    cp_to   INTEGER
);
CREATE UNIQUE INDEX nodes_live ON nodes (session, node_id) WHERE cp_to IS NULL;
CREATE INDEX nodes_kind ON nodes (kind, ts_ms);
CREATE INDEX nodes_at ON nodes (session, ord, cp_from);

CREATE TABLE diagnostics (
    source INTEGER NOT NULL REFERENCES sources(id),
    ord    INTEGER NOT NULL,
    data   TEXT NOT NULL,             -- the diagnostic's JSON line
    PRIMARY KEY (source, ord)
) WITHOUT ROWID;

-- Full-text index of live turn text (rowid = events.id) and decisions
-- (rowid = -nodes.id).
CREATE VIRTUAL TABLE texts USING fts5 (text, tokenize = 'unicode61 remove_diacritics 2');
"#];

/// How long opening waits for another process that holds the store.
const BUSY_BUDGET: Duration = Duration::from_secs(60);

/// Puts the store in write-ahead-logging mode and returns the journal mode
/// it is in. The mode is a property of the file, so a store that is already
/// in WAL takes no lock here. Converting needs the file to itself, and
/// SQLite runs no busy handler for `PRAGMA journal_mode`: two processes
/// creating one store at once would see "database is locked" at once. So
/// the conversion is retried, with a growing pause, within the same budget
/// as every other wait; another process that converted it meanwhile is
/// success.
fn wal(conn: &Connection) -> rusqlite::Result<String> {
    let busy = |e: &rusqlite::Error| {
        matches!(
            e.sqlite_error_code(),
            Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked)
        )
    };
    let start = Instant::now();
    let mut pause = Duration::from_millis(2);
    loop {
        let step = conn
            .query_row("PRAGMA journal_mode", [], |r| r.get::<_, String>(0))
            .and_then(|now| {
                if now.eq_ignore_ascii_case("wal") {
                    Ok(now)
                } else {
                    conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))
                }
            });
        // A switch refused for want of the lock may also answer with the
        // old mode rather than an error: that is retried briefly (a file
        // system without WAL support answers the same at once, and is told
        // so after a second).
        let again = match &step {
            Err(e) => busy(e) && start.elapsed() + pause < BUSY_BUDGET,
            Ok(m) => {
                !m.eq_ignore_ascii_case("wal")
                    && !m.eq_ignore_ascii_case("memory")
                    && start.elapsed() < Duration::from_secs(1)
            }
        };
        if !again {
            return step;
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(100));
    }
}

/// Sets the connection up and brings the schema to [`SCHEMA_VERSION`];
/// returns the store's redaction mode (recording `wanted` in a new store).
pub(crate) fn prepare(
    conn: &Connection,
    path: &Path,
    wanted: Option<Redaction>,
) -> Result<Redaction> {
    let sql = |e| Error::sql(path, e);
    conn.busy_timeout(BUSY_BUDGET).map_err(sql)?;
    // WAL: readers never block the writer. NORMAL: a commit is durable
    // against a crash of the process (not of the machine's power).
    let mode = wal(conn).map_err(sql)?;
    if !mode.eq_ignore_ascii_case("wal") && !mode.eq_ignore_ascii_case("memory") {
        return Err(Error::new(
            ErrorKind::Open,
            format!(
                "store {}: cannot use write-ahead logging (journal mode {mode})",
                path.display()
            ),
        ));
    }
    conn.execute_batch("PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = OFF;")
        .map_err(sql)?;
    let version: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .map_err(sql)?;
    if version > SCHEMA_VERSION {
        return Err(Error::new(
            ErrorKind::Schema,
            format!("store {}: written by a newer memscribe (schema {version}; this version reads up to {SCHEMA_VERSION})", path.display()),
        ));
    }
    for (i, m) in MIGRATIONS.iter().enumerate().skip(version as usize) {
        let next = i as i64 + 1;
        // IMMEDIATE: two processes creating one store take turns, and the
        // second sees the first's schema.
        conn.execute_batch("BEGIN IMMEDIATE").map_err(sql)?;
        let now: i64 = conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .map_err(sql)?;
        if now >= next {
            conn.execute_batch("COMMIT").map_err(sql)?;
            continue;
        }
        // Asked inside the transaction: a store another process is
        // creating at this moment has tables and a version together.
        if now == 0 {
            let tables: i64 = conn
                .query_row("SELECT count(*) FROM sqlite_schema", [], |r| r.get(0))
                .map_err(sql)?;
            if tables > 0 {
                let _ = conn.execute_batch("ROLLBACK");
                return Err(Error::new(
                    ErrorKind::Corrupt,
                    format!(
                        "store {}: a SQLite database, but not a memscribe store",
                        path.display()
                    ),
                ));
            }
        }
        let done = conn.execute_batch(m).and_then(|()| {
            if i == 0 {
                let r = wanted.unwrap_or(Redaction::Sanitize);
                conn.execute(
                    "INSERT INTO meta (key, value) VALUES ('redaction', ?1), ('created_by', ?2)",
                    [r.name(), memscribe::VERSION],
                )?;
            }
            conn.execute_batch(&format!("PRAGMA user_version = {next}; COMMIT"))
        });
        if let Err(e) = done {
            let _ = conn.execute_batch("ROLLBACK");
            return Err(sql(e));
        }
    }
    let mode: Option<String> = conn
        .query_row("SELECT value FROM meta WHERE key = 'redaction'", [], |r| {
            r.get(0)
        })
        .optional()
        .map_err(sql)?;
    let mode = mode
        .as_deref()
        .and_then(Redaction::from_name)
        .ok_or_else(|| {
            Error::new(
                ErrorKind::Corrupt,
                format!("store {}: its redaction mode is missing", path.display()),
            )
        })?;
    if let Some(w) = wanted {
        if w != mode {
            return Err(Error::new(
                ErrorKind::Usage,
                format!("store {} keeps secrets as `{}`; a store's redaction mode cannot change (use another store)", path.display(), mode.name()),
            ));
        }
    }
    Ok(mode)
}
