//! Sessions kept in SQLite databases: OpenCode's `opencode.db`, Cursor's
//! `state.vscdb` (`ItemTable`, `cursorDiskKV`) and CLI `store.db`, Zed's
//! `threads.db`, Goose's `sessions.db`. A database is recognised by its
//! tables, not its name.
//!
//! A user's database is opened read-only and never written or locked (the
//! tool may be running and writing it):
//!
//! * in WAL mode, as a reader (`mode=ro`), which sees the last commit and
//!   never blocks the writer;
//! * otherwise `immutable`, which takes no lock at all;
//! * and when that cannot work (a write under way in rollback mode, a WAL
//!   database whose shared-memory file cannot be opened, a read that fails
//!   halfway), from a private copy of the database and its journal or WAL,
//!   which SQLite recovers to the last commit.
//!
//! Each session's rows are turned into the pieces the adapters read (JSON
//! of the same shapes as the tool's files, or the rows themselves), read
//! one session at a time.

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use rusqlite::types::ValueRef;
use rusqlite::{Connection, OpenFlags};
use serde_json::{json, Map, Value};

use memscribe::{Error, ErrorKind, SourceKind};

use crate::{Input, Piece, PieceData, What};

/// The first bytes of every SQLite database file.
const MAGIC: &[u8; 16] = b"SQLite format 3\0";

/// The most a compressed Zed thread may expand to.
const MAX_THREAD_BYTES: u64 = 256 << 20;

/// Whether `path` is a SQLite database (by its header).
pub fn is_database(path: &Path) -> bool {
    let mut head = [0u8; 16];
    File::open(path)
        .and_then(|mut f| f.read_exact(&mut head))
        .is_ok()
        && &head == MAGIC
}

/// The layouts this version reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Store {
    OpenCode,
    /// Cursor's `ItemTable` chat keys (workspace `state.vscdb`).
    CursorItems,
    /// Cursor's `cursorDiskKV` composers (global `state.vscdb`).
    CursorDiskKv,
    /// Cursor CLI's `store.db` (`meta`, `blobs`).
    CursorCli,
    Zed,
    Goose,
}

/// One session of a database.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Key {
    store: Store,
    /// The session's id in the store.
    id: String,
    /// For `ItemTable` chats, the key whose value holds the session.
    item: Option<String>,
}

impl Store {
    fn source(self) -> SourceKind {
        match self {
            Store::OpenCode => SourceKind::OpenCode,
            Store::CursorItems | Store::CursorDiskKv | Store::CursorCli => SourceKind::Cursor,
            Store::Zed => SourceKind::Zed,
            Store::Goose => SourceKind::Goose,
        }
    }
}

/// An open database, and the private copy it was opened from, if any.
/// Fields drop in order: the connection closes before the copy is removed
/// (Windows cannot remove a file that is open).
struct Db {
    conn: Connection,
    _copy: Option<CopyDir>,
}

/// A private folder holding a copy of a database, removed when dropped.
struct CopyDir(PathBuf);

impl Drop for CopyDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl Db {
    fn direct(conn: Connection) -> Db {
        Db { conn, _copy: None }
    }

    fn is_copy(&self) -> bool {
        self._copy.is_some()
    }
}

fn sql_err(path: &Path, e: rusqlite::Error) -> Error {
    Error::other(ErrorKind::Io, format!("{}: {e}", path.display()))
}

/// `path` as a SQLite URI with `query`.
fn uri(path: &Path, query: &str) -> String {
    let abs = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let text = abs.to_string_lossy().replace('\\', "/");
    let mut out = String::from("file:");
    if !text.starts_with('/') {
        out.push('/'); // a Windows drive
    }
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"/-_.~:".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out.push('?');
    out.push_str(query);
    out
}

/// Whether the database at `path` is in WAL mode (header bytes 18–19).
fn is_wal(path: &Path) -> bool {
    let mut head = [0u8; 20];
    File::open(path)
        .and_then(|mut f| f.read_exact(&mut head))
        .is_ok()
        && head[18] == 2
        && head[19] == 2
}

/// A hot rollback journal beside the database: a write is under way (or
/// was cut), and the file itself may be half-written.
fn hot_journal(path: &Path) -> bool {
    let mut j = path.as_os_str().to_owned();
    j.push("-journal");
    std::fs::metadata(PathBuf::from(j)).is_ok_and(|m| m.len() > 0)
}

fn try_open(uri: &str) -> rusqlite::Result<Connection> {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY
        | OpenFlags::SQLITE_OPEN_URI
        | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(uri, flags)?;
    // Fails now, not halfway, when the file cannot be read as it is.
    conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| {
        r.get::<_, i64>(0)
    })?;
    Ok(conn)
}

/// Opens a user's database without writing or locking it (see the module).
fn open(path: &Path) -> Result<Db, Error> {
    if !hot_journal(path) {
        // A WAL database whose writer is gone (no -wal, no -shm) is whole in
        // its file: read it immutable, so that SQLite creates nothing beside it.
        let side = |s: &str| {
            let mut p = path.as_os_str().to_owned();
            p.push(s);
            PathBuf::from(p).exists()
        };
        let live_wal = is_wal(path) && (side("-wal") || side("-shm"));
        let query = if live_wal {
            "mode=ro"
        } else {
            "mode=ro&immutable=1"
        };
        if let Ok(conn) = try_open(&uri(path, query)) {
            return Ok(Db::direct(conn));
        }
    }
    open_copy(path)
}

/// Runs `read` on the database, and again on a private copy when reading
/// it in place failed (a file caught halfway through a write).
fn with_db<T>(path: &Path, read: impl Fn(&Connection) -> Result<T, Error>) -> Result<T, Error> {
    let db = open(path)?;
    match read(&db.conn) {
        Err(_) if !db.is_copy() => {
            drop(db);
            read(&open_copy(path)?.conn)
        }
        done => done,
    }
}

/// Opens a private copy of the database with its journal or WAL, which
/// SQLite recovers to the last commit on opening.
fn open_copy(path: &Path) -> Result<Db, Error> {
    static N: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let dir = std::env::temp_dir().join(format!(
        "memscribe-db-{}-{nanos}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    // A new folder only this user can enter: creating it fails if it exists.
    let mut builder = std::fs::DirBuilder::new();
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(0o700);
    }
    builder.create(&dir).map_err(|e| Error::io(&dir, &e))?;
    let guard = CopyDir(dir.clone());
    let conn = copy_into(path, &dir)?;
    Ok(Db {
        conn,
        _copy: Some(guard),
    })
}

fn copy_into(path: &Path, dir: &Path) -> Result<Connection, Error> {
    let copy = dir.join("db");
    std::fs::copy(path, &copy).map_err(|e| Error::io(path, &e))?;
    for side in ["-wal", "-journal"] {
        let mut from = path.as_os_str().to_owned();
        from.push(side);
        let from = PathBuf::from(from);
        if from.is_file() {
            let mut to = copy.as_os_str().to_owned();
            to.push(side);
            std::fs::copy(&from, PathBuf::from(to)).map_err(|e| Error::io(&from, &e))?;
        }
    }
    Connection::open_with_flags(
        &copy,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .and_then(|c| {
        c.query_row("SELECT count(*) FROM sqlite_master", [], |r| {
            r.get::<_, i64>(0)
        })
        .map(|_| c)
    })
    .map_err(|e| sql_err(path, e))
}

/// The tables of the database.
fn tables(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    let mut st =
        conn.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")?;
    let names = st
        .query_map([], |r| r.get::<_, String>(0))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(names)
}

/// The columns of a table.
fn columns(conn: &Connection, table: &str) -> rusqlite::Result<Vec<String>> {
    let mut st = conn.prepare(&format!("SELECT name FROM pragma_table_info('{table}')"))?;
    let names = st
        .query_map([], |r| r.get::<_, String>(0))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(names)
}

/// The layouts a database holds, by its tables (a Cursor global database
/// has both `ItemTable` and `cursorDiskKV`).
fn stores(conn: &Connection) -> rusqlite::Result<Vec<Store>> {
    let t = tables(conn)?;
    let has = |n: &str| t.iter().any(|x| x == n);
    let mut out = Vec::new();
    if has("session") && has("message") && has("part") {
        out.push(Store::OpenCode);
    }
    if has("threads") && columns(conn, "threads")?.iter().any(|c| c == "data") {
        out.push(Store::Zed);
    }
    if has("sessions")
        && has("messages")
        && columns(conn, "messages")?
            .iter()
            .any(|c| c == "content_json")
    {
        out.push(Store::Goose);
    }
    if has("blobs") && has("meta") {
        out.push(Store::CursorCli);
    }
    if has("ItemTable") {
        out.push(Store::CursorItems);
    }
    if has("cursorDiskKV") {
        out.push(Store::CursorDiskKv);
    }
    Ok(out)
}

/// The tool a database's tables name, if this version reads it.
pub(crate) fn source_of(path: &Path) -> Option<SourceKind> {
    if !is_database(path) {
        return None;
    }
    with_db(path, |conn| stores(conn).map_err(|e| sql_err(path, e)))
        .ok()?
        .first()
        .map(|s| s.source())
}

/// The sessions of the database at `path`, in a deterministic order: by
/// layout, then creation time, then id.
pub(crate) fn sessions(path: &Path) -> Result<Vec<Input>, Error> {
    let listed = with_db(path, |conn| {
        let read = || {
            let found = stores(conn)?;
            if found.is_empty() {
                return Ok(Err(tables(conn)?));
            }
            let mut keys = Vec::new();
            for store in found {
                keys.push((store, list(conn, store, path)?));
            }
            Ok(Ok(keys))
        };
        read().map_err(|e| sql_err(path, e))
    })?;
    let listed = match listed {
        Ok(l) => l,
        Err(t) => {
            return Err(Error::other(
                ErrorKind::UnknownSource,
                format!(
                    "{} is a SQLite database whose tables ({}) are not a store this version reads",
                    path.display(),
                    t.join(", ")
                ),
            ))
        }
    };
    let mut out = Vec::new();
    for (store, keys) in listed {
        out.extend(keys.into_iter().map(|key| Input {
            source: Some(store.source()),
            session_id: Some(key.id.clone()),
            path: path.to_path_buf(),
            what: What::Db(key),
        }));
    }
    Ok(out)
}

/// The time column to order a table by, of those it has.
fn order_column(
    conn: &Connection,
    table: &str,
    wanted: &[&str],
) -> rusqlite::Result<Option<String>> {
    let cols = columns(conn, table)?;
    Ok(wanted
        .iter()
        .find(|w| cols.iter().any(|c| c == *w))
        .map(|s| (*s).to_owned()))
}

fn ids(conn: &Connection, sql: &str) -> rusqlite::Result<Vec<String>> {
    let mut st = conn.prepare(sql)?;
    let v = st
        .query_map([], |r| Ok(text_of(r.get_ref(0)?)))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(v)
}

/// A column value as text (ids are text in some stores, numbers in others).
fn text_of(v: ValueRef<'_>) -> String {
    match v {
        ValueRef::Null => String::new(),
        ValueRef::Integer(i) => i.to_string(),
        ValueRef::Real(f) => f.to_string(),
        ValueRef::Text(t) | ValueRef::Blob(t) => String::from_utf8_lossy(t).into_owned(),
    }
}

/// A column value as JSON; text that holds a JSON object or array is read
/// as one when `json` says so.
fn json_of(v: ValueRef<'_>, json: bool) -> Value {
    match v {
        ValueRef::Null => Value::Null,
        ValueRef::Integer(i) => Value::from(i),
        ValueRef::Real(f) => Value::from(f),
        ValueRef::Text(t) | ValueRef::Blob(t) => {
            if json {
                if let Ok(v) = serde_json::from_slice::<Value>(t) {
                    return v;
                }
            }
            Value::String(String::from_utf8_lossy(t).into_owned())
        }
    }
}

/// A row as a JSON object of its columns.
fn row_object(
    row: &rusqlite::Row<'_>,
    names: &[String],
    json_cols: &[&str],
) -> rusqlite::Result<Map<String, Value>> {
    let mut m = Map::new();
    for (i, n) in names.iter().enumerate() {
        m.insert(
            n.clone(),
            json_of(row.get_ref(i)?, json_cols.contains(&n.as_str())),
        );
    }
    Ok(m)
}

fn list(conn: &Connection, store: Store, path: &Path) -> rusqlite::Result<Vec<Key>> {
    let key = |id: String| Key {
        store,
        id,
        item: None,
    };
    Ok(match store {
        Store::OpenCode => {
            let order = order_column(conn, "session", &["time_created", "created_at"])?
                .unwrap_or_else(|| "id".to_owned());
            ids(
                conn,
                &format!("SELECT id FROM session ORDER BY {order}, id"),
            )?
            .into_iter()
            .map(key)
            .collect()
        }
        Store::Goose => {
            let order =
                order_column(conn, "sessions", &["created_at"])?.unwrap_or_else(|| "id".to_owned());
            ids(
                conn,
                &format!("SELECT id FROM sessions ORDER BY {order}, id"),
            )?
            .into_iter()
            .map(key)
            .collect()
        }
        Store::Zed => {
            let order = order_column(conn, "threads", &["created_at", "updated_at"])?
                .unwrap_or_else(|| "id".to_owned());
            ids(
                conn,
                &format!("SELECT id FROM threads ORDER BY {order}, id"),
            )?
            .into_iter()
            .map(key)
            .collect()
        }
        Store::CursorCli => {
            // One agent per store; its id is in the meta JSON.
            let meta = cli_meta(conn, path)?;
            vec![key(meta
                .get("agentId")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_owned())]
        }
        Store::CursorDiskKv => {
            let mut found: Vec<(i64, String)> = Vec::new();
            let mut st = conn
                .prepare("SELECT key, value FROM cursorDiskKV WHERE key GLOB 'composerData:*'")?;
            let mut rows = st.query([])?;
            while let Some(r) = rows.next()? {
                let k = text_of(r.get_ref(0)?);
                let v = json_of(r.get_ref(1)?, true);
                let created = v.get("createdAt").and_then(Value::as_i64).unwrap_or(0);
                found.push((created, k["composerData:".len()..].to_owned()));
            }
            found.sort();
            found.into_iter().map(|(_, id)| key(id)).collect()
        }
        Store::CursorItems => {
            let mut found: Vec<(String, i64, String)> = Vec::new();
            for (item, list_key, id_key, time_key) in CURSOR_ITEMS {
                let value: Option<Vec<u8>> = conn
                    .query_row("SELECT value FROM ItemTable WHERE key = ?1", [item], |r| {
                        Ok(blob_of(r.get_ref(0)?))
                    })
                    .map(Some)
                    .or_else(|e| {
                        if e == rusqlite::Error::QueryReturnedNoRows {
                            Ok(None)
                        } else {
                            Err(e)
                        }
                    })?;
                let Some(v) = value.and_then(|b| serde_json::from_slice::<Value>(&b).ok()) else {
                    continue;
                };
                for chat in v
                    .get(list_key)
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                {
                    // Current Cursor keeps only a composer's header here (its
                    // bubbles are in the global database's cursorDiskKV).
                    if !CHAT_BODIES.iter().any(|b| {
                        chat.get(*b)
                            .and_then(Value::as_array)
                            .is_some_and(|a| !a.is_empty())
                    }) {
                        continue;
                    }
                    let id = chat
                        .get(id_key)
                        .and_then(Value::as_str)
                        .unwrap_or("")
                        .to_owned();
                    let t = chat.get(time_key).and_then(Value::as_i64).unwrap_or(0);
                    found.push(((*item).to_owned(), t, id));
                }
            }
            found.sort_by(|a, b| (a.1, &a.2, &a.0).cmp(&(b.1, &b.2, &b.0)));
            found
                .into_iter()
                .map(|(item, _, id)| Key {
                    store,
                    id,
                    item: Some(item),
                })
                .collect()
        }
    })
}

/// The `ItemTable` keys that hold chats: the key, its list of chats, a
/// chat's id and its time.
const CURSOR_ITEMS: &[(&str, &str, &str, &str)] = &[
    (
        "workbench.panel.aichat.view.aichat.chatdata",
        "tabs",
        "tabId",
        "lastSendTime",
    ),
    (
        "composer.composerData",
        "allComposers",
        "composerId",
        "createdAt",
    ),
];

/// The members that hold a chat's turns in an `ItemTable` chat.
const CHAT_BODIES: [&str; 2] = ["bubbles", "conversation"];

fn blob_of(v: ValueRef<'_>) -> Vec<u8> {
    match v {
        ValueRef::Text(t) | ValueRef::Blob(t) => t.to_vec(),
        other => text_of(other).into_bytes(),
    }
}

/// The Cursor CLI's agent metadata: `meta` key `0`, JSON written as hex.
/// Its `agentId` defaults to the store's folder's name, as the CLI's does.
fn cli_meta(conn: &Connection, path: &Path) -> rusqlite::Result<Map<String, Value>> {
    let mut meta = cli_meta_raw(conn)?;
    if meta
        .get("agentId")
        .and_then(Value::as_str)
        .is_none_or(str::is_empty)
    {
        let folder = std::path::absolute(path)
            .ok()
            .as_deref()
            .and_then(Path::parent)
            .and_then(Path::file_name)
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        meta.insert("agentId".to_owned(), Value::String(folder));
    }
    Ok(meta)
}

fn cli_meta_raw(conn: &Connection) -> rusqlite::Result<Map<String, Value>> {
    let raw: Option<Vec<u8>> = conn
        .query_row("SELECT value FROM meta WHERE key = '0'", [], |r| {
            Ok(blob_of(r.get_ref(0)?))
        })
        .map(Some)
        .or_else(|e| {
            if e == rusqlite::Error::QueryReturnedNoRows {
                Ok(None)
            } else {
                Err(e)
            }
        })?;
    let raw = raw.unwrap_or_default();
    let bytes = hex_decode(&raw).unwrap_or(raw);
    Ok(serde_json::from_slice::<Value>(&bytes)
        .ok()
        .and_then(|v| v.as_object().cloned())
        .unwrap_or_default())
}

/// How deep the CLI's blob tree is walked.
const MAX_TREE_DEPTH: usize = 8;
/// Messages read from one CLI store at most.
const MAX_CLI_MESSAGES: usize = 1 << 20;

/// The messages of the Cursor CLI's blob tree under `id`, in conversation
/// order: a JSON blob is a message; any other is a node whose protobuf
/// field 1 lists its children's 32-byte hashes in order.
fn cli_messages(
    get: &mut dyn FnMut(&str) -> Result<Option<Vec<u8>>, Error>,
    id: &str,
    depth: usize,
    seen: &mut std::collections::BTreeSet<String>,
    out: &mut Vec<(String, Value)>,
) -> Result<(), Error> {
    // A node is expanded once (a tree that lists itself, or shares a
    // subtree, is not walked again), and the walk reads at most as many
    // blobs as it may keep messages.
    if id.is_empty()
        || depth > MAX_TREE_DEPTH
        || out.len() >= MAX_CLI_MESSAGES
        || seen.len() >= MAX_CLI_MESSAGES
    {
        return Ok(());
    }
    let Some(data) = get(id)? else { return Ok(()) };
    if data.first() == Some(&b'{') {
        if let Ok(v) = serde_json::from_slice::<Value>(&data) {
            out.push((id.to_owned(), v));
            return Ok(());
        }
    }
    if !seen.insert(id.to_owned()) {
        return Ok(());
    }
    for child in proto_field1_hashes(&data) {
        let hex: String = child.iter().map(|b| format!("{b:02x}")).collect();
        cli_messages(get, &hex, depth + 1, seen, out)?;
    }
    Ok(())
}

/// The 32-byte values of field 1 (length-delimited) of a protobuf message,
/// in order; other fields are skipped, and reading stops at the first
/// malformed field.
fn proto_field1_hashes(mut b: &[u8]) -> Vec<&[u8]> {
    fn varint(b: &mut &[u8]) -> Option<u64> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let (&byte, rest) = b.split_first()?;
            *b = rest;
            v |= u64::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                return Some(v);
            }
        }
        None
    }
    let mut out = Vec::new();
    while !b.is_empty() {
        let Some(tag) = varint(&mut b) else { break };
        let (field, wire) = (tag >> 3, tag & 7);
        match wire {
            0 => {
                if varint(&mut b).is_none() {
                    break;
                }
            }
            1 | 5 => {
                let n = if wire == 1 { 8 } else { 4 };
                if b.len() < n {
                    break;
                }
                b = &b[n..];
            }
            2 => {
                let Some(len) = varint(&mut b)
                    .and_then(|l| usize::try_from(l).ok())
                    .filter(|&l| l <= b.len())
                else {
                    break;
                };
                let (value, rest) = b.split_at(len);
                if field == 1 && len == 32 {
                    out.push(value);
                }
                b = rest;
            }
            _ => break,
        }
    }
    out
}

fn hex_decode(text: &[u8]) -> Option<Vec<u8>> {
    if text.len() % 2 != 0 || text.is_empty() {
        return None;
    }
    let digit = |c: u8| (c as char).to_digit(16).map(|d| d as u8);
    text.chunks(2)
        .map(|p| Some(digit(p[0])? << 4 | digit(p[1])?))
        .collect()
}

/// The name of a session's first piece.
pub(crate) fn first_name(key: &Key, db: &str) -> String {
    match key.store {
        Store::OpenCode => format!("{db}#session/{}", key.id),
        Store::Goose => format!("{db}#sessions/{}", key.id),
        Store::Zed => format!("{db}#threads/{}", key.id),
        Store::CursorCli => format!("{db}#meta/0"),
        Store::CursorDiskKv => format!("{db}#cursorDiskKV/composerData:{}", key.id),
        Store::CursorItems => format!(
            "{db}#ItemTable/{}/{}",
            key.item.as_deref().unwrap_or(""),
            key.id
        ),
    }
}

/// The pieces of one session of the database at `path`, named under `db`.
pub(crate) fn pieces(path: &Path, key: &Key, db: &str) -> Result<Vec<Piece>, Error> {
    with_db(path, |conn| {
        // A session removed since it was listed has nothing left to read.
        if !exists(conn, key).map_err(|e| sql_err(path, e))? {
            return Ok(Vec::new());
        }
        read_pieces(conn, path, key, db)
    })
}

/// Whether the session `key` names is still in the database.
fn exists(conn: &Connection, key: &Key) -> rusqlite::Result<bool> {
    let (sql, arg) = match key.store {
        Store::OpenCode => ("SELECT count(*) FROM session WHERE id = ?1", key.id.clone()),
        Store::Goose => (
            "SELECT count(*) FROM sessions WHERE id = ?1",
            key.id.clone(),
        ),
        Store::Zed => ("SELECT count(*) FROM threads WHERE id = ?1", key.id.clone()),
        Store::CursorCli => return Ok(true),
        Store::CursorDiskKv => (
            "SELECT count(*) FROM cursorDiskKV WHERE key = ?1",
            format!("composerData:{}", key.id),
        ),
        Store::CursorItems => (
            "SELECT count(*) FROM ItemTable WHERE key = ?1",
            key.item.clone().unwrap_or_default(),
        ),
    };
    conn.query_row(sql, [arg], |r| r.get::<_, i64>(0))
        .map(|n| n > 0)
}

/// Threads larger than this are handed as a document cut into members
/// (each message a record) rather than one record; smaller ones whole, so
/// that the header written after the messages still names the project.
const WHOLE_THREAD_BYTES: usize = 32 << 20;

fn read_pieces(conn: &Connection, path: &Path, key: &Key, db: &str) -> Result<Vec<Piece>, Error> {
    let piece = |name: String, bytes: Vec<u8>| Piece {
        name,
        data: PieceData::Bytes(bytes),
    };
    let line = |v: &Value| {
        let mut b = serde_json::to_vec(v).unwrap_or_default();
        b.push(b'\n');
        b
    };
    let err = |e| sql_err(path, e);
    let first = first_name(key, db);
    match key.store {
        Store::OpenCode => {
            let mut out = Vec::new();
            let cols = columns(conn, "session").map_err(err)?;
            let session = conn
                .query_row(
                    &format!("SELECT {} FROM session WHERE id = ?1", quoted(&cols)),
                    [&key.id],
                    |r| row_object(r, &cols, &[]),
                )
                .map_err(err)?;
            out.push(piece(
                first,
                line(&Value::Object(opencode_session(session))),
            ));
            let order = order_column(conn, "message", &["time_created", "created_at"])
                .map_err(err)?
                .unwrap_or_else(|| "id".to_owned());
            let mut st = conn
                .prepare(&format!(
                    "SELECT id, data FROM message WHERE session_id = ?1 ORDER BY {order}, id"
                ))
                .map_err(err)?;
            let messages = st
                .query_map([&key.id], |r| {
                    Ok((text_of(r.get_ref(0)?), json_of(r.get_ref(1)?, true)))
                })
                .map_err(err)?
                .collect::<rusqlite::Result<Vec<_>>>()
                .map_err(err)?;
            let mut parts = conn
                .prepare("SELECT id, data FROM part WHERE message_id = ?1 ORDER BY id")
                .map_err(err)?;
            for (mid, data) in messages {
                let mut m = as_object(data);
                m.entry("id").or_insert_with(|| Value::String(mid.clone()));
                m.entry("sessionID")
                    .or_insert_with(|| Value::String(key.id.clone()));
                out.push(piece(
                    format!("{db}#message/{mid}"),
                    line(&Value::Object(m)),
                ));
                let rows = parts
                    .query_map([&mid], |r| {
                        Ok((text_of(r.get_ref(0)?), json_of(r.get_ref(1)?, true)))
                    })
                    .map_err(err)?
                    .collect::<rusqlite::Result<Vec<_>>>()
                    .map_err(err)?;
                for (pid, data) in rows {
                    let mut p = as_object(data);
                    p.entry("id").or_insert_with(|| Value::String(pid.clone()));
                    p.entry("messageID")
                        .or_insert_with(|| Value::String(mid.clone()));
                    p.entry("sessionID")
                        .or_insert_with(|| Value::String(key.id.clone()));
                    out.push(piece(format!("{db}#part/{pid}"), line(&Value::Object(p))));
                }
            }
            Ok(out)
        }
        Store::Goose => {
            let scols = columns(conn, "sessions").map_err(err)?;
            let session = conn
                .query_row(
                    &format!("SELECT {} FROM sessions WHERE id = ?1", quoted(&scols)),
                    [&key.id],
                    |r| {
                        row_object(
                            r,
                            &scols,
                            &["extension_data", "recipe_json", "user_recipe_values_json"],
                        )
                    },
                )
                .map_err(err)?;
            let mut bytes = line(&json!({ "session": session }));
            let mcols = columns(conn, "messages").map_err(err)?;
            // Insertion order, as Goose reads them back.
            let mut st = conn
                .prepare(&format!(
                    "SELECT {} FROM messages WHERE session_id = ?1 ORDER BY id",
                    quoted(&mcols)
                ))
                .map_err(err)?;
            let mut rows = st.query([&key.id]).map_err(err)?;
            while let Some(r) = rows.next().map_err(err)? {
                let m = row_object(r, &mcols, &["content_json", "metadata_json"]).map_err(err)?;
                bytes.extend(line(&json!({ "message": m })));
            }
            Ok(vec![piece(first, bytes)])
        }
        Store::Zed => {
            let cols = columns(conn, "threads").map_err(err)?;
            let (data_type, data): (String, Vec<u8>) = conn
                .query_row(
                    &format!(
                        "SELECT {}, data FROM threads WHERE id = ?1",
                        if cols.iter().any(|c| c == "data_type") {
                            "data_type"
                        } else {
                            "'json'"
                        }
                    ),
                    [&key.id],
                    |r| Ok((text_of(r.get_ref(0)?), blob_of(r.get_ref(1)?))),
                )
                .map_err(err)?;
            let bytes = match data_type.as_str() {
                "zstd" => {
                    let mut out = Vec::new();
                    zstd::stream::read::Decoder::new(&data[..])
                        .and_then(|d| d.take(MAX_THREAD_BYTES).read_to_end(&mut out))
                        .map_err(|e| {
                            Error::other(
                                ErrorKind::Io,
                                format!(
                                    "{}: thread {} does not decompress: {e}",
                                    path.display(),
                                    key.id
                                ),
                            )
                        })?;
                    out
                }
                _ => data,
            };
            Ok(vec![piece(first, as_document(bytes, WHOLE_THREAD_BYTES))])
        }
        Store::CursorCli => {
            let meta = cli_meta(conn, path).map_err(err)?;
            let mut bytes = line(&json!({ "meta": meta }));
            let root = meta
                .get("latestRootBlobId")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_owned();
            let mut st = conn
                .prepare("SELECT data FROM blobs WHERE id = ?1")
                .map_err(err)?;
            let mut get = |id: &str| -> Result<Option<Vec<u8>>, Error> {
                match st.query_row([id], |r| Ok(blob_of(r.get_ref(0)?))) {
                    Ok(b) => Ok(Some(b)),
                    Err(rusqlite::Error::QueryReturnedNoRows) => Ok(None),
                    Err(e) => Err(err(e)),
                }
            };
            let mut messages = Vec::new();
            cli_messages(&mut get, &root, 0, &mut Default::default(), &mut messages)?;
            for (id, data) in messages {
                bytes.extend(line(&json!({ "blob": { "id": id, "data": data } })));
            }
            Ok(vec![piece(first, bytes)])
        }
        Store::CursorDiskKv => {
            let mut rows: Vec<Value> = Vec::new();
            let composer_key = format!("composerData:{}", key.id);
            let (rowid, value): (i64, Vec<u8>) = conn
                .query_row(
                    "SELECT rowid, value FROM cursorDiskKV WHERE key = ?1",
                    [&composer_key],
                    |r| Ok((r.get(0)?, blob_of(r.get_ref(1)?))),
                )
                .map_err(err)?;
            let composer: Value = serde_json::from_slice(&value).unwrap_or(Value::Null);
            rows.push(json!([
                rowid,
                composer_key,
                String::from_utf8_lossy(&value)
            ]));
            let headers: Vec<String> = composer
                .get("fullConversationHeadersOnly")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(|h| h.get("bubbleId").and_then(Value::as_str).map(str::to_owned))
                .collect();
            let mut st = conn
                .prepare("SELECT rowid, value FROM cursorDiskKV WHERE key = ?1")
                .map_err(err)?;
            for b in headers {
                let k = format!("bubbleId:{}:{b}", key.id);
                let found =
                    st.query_row([&k], |r| Ok((r.get::<_, i64>(0)?, blob_of(r.get_ref(1)?))));
                match found {
                    Ok((rowid, v)) => rows.push(json!([rowid, k, String::from_utf8_lossy(&v)])),
                    Err(rusqlite::Error::QueryReturnedNoRows) => {}
                    Err(e) => return Err(err(e)),
                }
            }
            Ok(vec![piece(
                first,
                as_document(line(&json!({ "rows": rows })), 0),
            )])
        }
        Store::CursorItems => {
            let item = key.item.as_deref().unwrap_or("");
            let (rowid, value): (i64, Vec<u8>) = conn
                .query_row(
                    "SELECT rowid, value FROM ItemTable WHERE key = ?1",
                    [item],
                    |r| Ok((r.get(0)?, blob_of(r.get_ref(1)?))),
                )
                .map_err(err)?;
            let (list_key, id_key) = CURSOR_ITEMS
                .iter()
                .find(|c| c.0 == item)
                .map_or(("", ""), |c| (c.1, c.2));
            let mut v: Value = serde_json::from_slice(&value).unwrap_or(Value::Null);
            // The value with this chat only.
            if let Some(list) = v.get_mut(list_key).and_then(Value::as_array_mut) {
                list.retain(|c| c.get(id_key).and_then(Value::as_str) == Some(key.id.as_str()));
            }
            let rows = json!([[rowid, item, v.to_string()]]);
            Ok(vec![piece(
                first,
                as_document(line(&json!({ "rows": rows })), 0),
            )])
        }
    }
}

/// A JSON object's text, made to be read as a document (its members cut
/// one by one, whatever its size) when it is longer than `whole`: a line
/// break after its opening brace makes the session frame it so.
fn as_document(mut text: Vec<u8>, whole: usize) -> Vec<u8> {
    if text.len() > whole && text.first() == Some(&b'{') {
        text.insert(1, b'\n');
    }
    text
}

fn as_object(v: Value) -> Map<String, Value> {
    match v {
        Value::Object(m) => m,
        other => {
            let mut m = Map::new();
            m.insert("data".to_owned(), other);
            m
        }
    }
}

/// Column names for a SELECT list.
fn quoted(cols: &[String]) -> String {
    cols.iter()
        .map(|c| format!("\"{}\"", c.replace('"', "\"\"")))
        .collect::<Vec<_>>()
        .join(", ")
}

/// An `opencode.db` session row in the shape of the storage tree's session
/// file (`{id, version, projectID, directory, title, parentID, time{created,
/// updated}}`), its other columns kept as they are.
fn opencode_session(row: Map<String, Value>) -> Map<String, Value> {
    let mut out = Map::new();
    let mut time = Map::new();
    for (k, v) in row {
        match k.as_str() {
            "project_id" => {
                out.insert("projectID".to_owned(), v);
            }
            "parent_id" => {
                out.insert("parentID".to_owned(), v);
            }
            "time_created" => {
                time.insert("created".to_owned(), v);
            }
            "time_updated" => {
                time.insert("updated".to_owned(), v);
            }
            _ => {
                out.insert(k, v);
            }
        }
    }
    if !time.is_empty() {
        out.insert("time".to_owned(), Value::Object(time));
    }
    out
}
