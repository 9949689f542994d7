//! Reading sources from disk for [`memscribe`], whose core reads bytes only.
//!
//! A *source path* is a transcript file, a directory that holds one session
//! in several files (a Cline or Roo Code task, a Copilot CLI
//! `session-state/<id>/`, a Claude Code session with its subagents), or a
//! database that holds many sessions (OpenCode's `opencode.db`, Cursor's
//! `state.vscdb` and CLI `store.db`, Zed's `threads.db`, Goose's
//! `sessions.db`). [`inputs`] says which sessions a path holds and how each
//! is read: as *pieces* (its files, or its rows), each parsed as one file of
//! the session's event stream through [`memscribe::Session::next_file`],
//! with each event's `provenance.file` naming its piece. [`parse_path`]
//! does all of it.
//!
//! The tool is detected from the content, as `parse` does (a database from
//! its tables); when the content cannot say (a Cline `task_metadata.json`
//! holds only a title), the file's name and place decide ([`hint`]).
//!
//! [`discover`] lists the sessions on a machine, from each tool's default
//! places and their overrides.

#![deny(missing_docs)]

mod db;
mod discover;
mod files;
mod scan;

use std::fs::File;
use std::io::Read;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use memscribe::{Batch, Error, Options, Session, SourceKind, Summary};

pub use db::is_database;

/// The tool a database's tables name, if it is a store this version reads.
pub fn database_source(path: &Path) -> Option<SourceKind> {
    db::source_of(path)
}
pub use discover::{discover, discover_json, parse_since, rfc3339_ms, Discovery, Found, Os};
pub use files::hint;
pub use scan::scan;

/// One session's input: where it is, its tool when the place says, and
/// its pieces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Input {
    /// The tool, when the layout or the database's tables say.
    pub source: Option<SourceKind>,
    /// The session's id when the store names it (a database row); `None`
    /// for files, whose content says.
    pub session_id: Option<String>,
    /// The file, session directory or database it comes from.
    pub path: PathBuf,
    what: What,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum What {
    /// Files, in parse order.
    Files(Vec<PathBuf>),
    /// A session of a database.
    Db(db::Key),
}

/// A part of a session's input, parsed as one file of its stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    /// What `provenance.file` names: the file's path, or for a database
    /// row `<database>#<table>/<key>`.
    pub name: String,
    /// Where its bytes are.
    pub data: PieceData,
}

/// Where a piece's bytes are.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PieceData {
    /// A file, read in chunks.
    File(PathBuf),
    /// Bytes read from a database.
    Bytes(Vec<u8>),
    /// A large tool output kept beside a Claude Code session
    /// (`tool-results/<tool_use_id>.txt`), handed to the adapter as one
    /// record `{"persisted_output": {tool_use_id, content}}`.
    ToolOutput(PathBuf),
}

/// How much of a file is read at a time.
const CHUNK: usize = 1 << 20;

/// The largest tool output kept beside a session that is read (the
/// default `max_record_bytes`; the core reports a larger record in any
/// case).
const MAX_TOOL_OUTPUT: u64 = 64 << 20;

impl Input {
    /// The files of a file input, in parse order (none for a database's).
    pub fn files(&self) -> &[PathBuf] {
        match &self.what {
            What::Files(f) => f,
            What::Db(_) => &[],
        }
    }

    /// The input's pieces, in parse order, named as `provenance.file` will
    /// name them: with `given` (a caller's name for [`Input::path`]), the
    /// pieces under the path are named under it; otherwise by their paths.
    /// A database's are read from it now (one session at a time).
    pub fn pieces(&self, given: Option<&str>) -> Result<Vec<Piece>, Error> {
        match &self.what {
            What::Files(files) => Ok(files
                .iter()
                .map(|f| {
                    let output = f.extension().is_some_and(|e| e == "txt")
                        && f.parent()
                            .and_then(Path::file_name)
                            .is_some_and(|d| d == "tool-results");
                    let data = if output {
                        PieceData::ToolOutput(f.clone())
                    } else {
                        PieceData::File(f.clone())
                    };
                    Piece {
                        name: piece_name(&self.path, given, f, files.len() > 1),
                        data,
                    }
                })
                .collect()),
            What::Db(key) => {
                let db = given.map_or_else(|| self.path.display().to_string(), str::to_owned);
                db::pieces(&self.path, key, &db)
            }
        }
    }
}

/// The name of `file`, a piece of the input at `root`: its path, or with a
/// caller's name for `root`, that name (a single file) or the name joined
/// with the file's place under `root` (a directory's files; a file outside
/// it keeps its path).
fn piece_name(root: &Path, given: Option<&str>, file: &Path, many: bool) -> String {
    match given {
        None => file.display().to_string(),
        Some(g) if !many || file == root => g.to_owned(),
        Some(g) => match file.strip_prefix(root) {
            Ok(rel) => format!(
                "{}/{}",
                g.trim_end_matches(['/', '\\']),
                rel.to_string_lossy().replace('\\', "/")
            ),
            Err(_) => file.display().to_string(),
        },
    }
}

impl Piece {
    /// Hands the piece's bytes to `each`, a chunk at a time, until it says
    /// to stop. Returns the value it stopped with, if it did.
    pub fn read<T>(
        &self,
        each: &mut dyn FnMut(&[u8]) -> ControlFlow<T>,
    ) -> Result<Option<T>, Error> {
        match &self.data {
            PieceData::Bytes(b) => {
                for chunk in b.chunks(CHUNK) {
                    if let ControlFlow::Break(t) = each(chunk) {
                        return Ok(Some(t));
                    }
                }
                Ok(None)
            }
            PieceData::ToolOutput(path) => {
                let id = path
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default();
                let size = std::fs::metadata(path)
                    .map_err(|e| Error::io(path, &e))?
                    .len();
                // An output over the limit is not read: its record says how
                // large it was, and its result keeps the preview.
                let record = if size > MAX_TOOL_OUTPUT {
                    serde_json::json!({ "persisted_output": { "tool_use_id": id, "bytes": size } })
                } else {
                    let mut text = Vec::new();
                    File::open(path)
                        .and_then(|mut f| f.read_to_end(&mut text))
                        .map_err(|e| Error::io(path, &e))?;
                    serde_json::json!({ "persisted_output": { "tool_use_id": id, "content": String::from_utf8_lossy(&text) } })
                };
                let mut bytes = serde_json::to_vec(&record).unwrap_or_default();
                bytes.push(b'\n');
                for chunk in bytes.chunks(CHUNK) {
                    if let ControlFlow::Break(t) = each(chunk) {
                        return Ok(Some(t));
                    }
                }
                Ok(None)
            }
            PieceData::File(path) => {
                let mut f = File::open(path).map_err(|e| Error::io(path, &e))?;
                let mut buf = vec![0u8; CHUNK];
                loop {
                    let n = match f.read(&mut buf) {
                        Ok(0) => return Ok(None),
                        Ok(n) => n,
                        Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                        Err(e) => return Err(Error::io(path, &e)),
                    };
                    if let ControlFlow::Break(t) = each(&buf[..n]) {
                        return Ok(Some(t));
                    }
                }
            }
        }
    }
}

/// The sessions at `path`: a file or a session directory is one; a
/// database holds any number (each in a deterministic order: by creation
/// time, then id).
pub fn inputs(path: &Path) -> Result<Vec<Input>, Error> {
    if db::is_database(path) {
        return db::sessions(path);
    }
    let (source, files) = files::session_files(path)?;
    Ok(vec![Input {
        source,
        session_id: None,
        path: path.to_path_buf(),
        what: What::Files(files),
    }])
}

/// Parses a file, session directory or database (see [`inputs`]) with
/// `opts`; each event's `provenance.file` names its piece (see
/// [`Input::pieces`]; `opts.file`, when set, is the caller's name for
/// `path`). With no source in `opts`, the content decides, and the path's
/// [`hint`] when the content cannot. The sessions of a database follow one
/// another, each its own stream (`seq` starts again at 0).
pub fn parse_path(path: &Path, opts: &Options) -> Result<Batch, Error> {
    let mut out = Batch::default();
    let summary = parse_path_with(path, opts, &mut |b| out.extend(b))?;
    out.summary = Some(summary);
    Ok(out)
}

/// [`parse_path`], handing out batches as they are made (memory stays
/// bounded by the largest record, however long the files are; a database's
/// sessions are read one at a time). Returns the summary of all sessions
/// (see [`merge_summary`]).
pub fn parse_path_with(
    path: &Path,
    opts: &Options,
    sink: &mut dyn FnMut(Batch),
) -> Result<Summary, Error> {
    let mut total = Summary::default();
    let mut first = true;
    for input in inputs(path)? {
        let summary = parse_input(&input, opts, sink)?;
        if first {
            total = summary;
            first = false;
        } else {
            merge_summary(&mut total, &summary);
        }
    }
    Ok(total)
}

/// Parses one session's input (see [`parse_path`]) and returns its summary.
pub fn parse_input(
    input: &Input,
    opts: &Options,
    sink: &mut dyn FnMut(Batch),
) -> Result<Summary, Error> {
    let mut session = begin(input, opts)?;
    let pieces = input.pieces(opts.file.as_deref())?;
    for (i, piece) in pieces.iter().enumerate() {
        if i > 0 {
            session.next_file(Some(&piece.name))?;
        }
        let stopped = piece.read(&mut |chunk| match session.feed_with(chunk, sink) {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => ControlFlow::Break(e),
        })?;
        if let Some(e) = stopped {
            return Err(e);
        }
    }
    let last = session.finish()?;
    let summary = last.summary.clone().unwrap_or_else(|| session.summary());
    sink(last);
    Ok(summary)
}

/// A session set up to read `input` with `opts`: its source as
/// [`with_source`] says, and the first piece's name as its file.
pub fn begin(input: &Input, opts: &Options) -> Result<Session, Error> {
    let mut opts = with_source(input, opts)?;
    let given = opts.file.clone();
    let first = match &input.what {
        What::Files(files) => files
            .first()
            .map(|f| piece_name(&input.path, given.as_deref(), f, files.len() > 1)),
        What::Db(key) => Some(db::first_name(
            key,
            given
                .as_deref()
                .unwrap_or(&input.path.display().to_string()),
        )),
    };
    opts.file = first;
    Session::new(opts)
}

/// The options to parse `input` with: as given when they name a source;
/// else the layout's tool when there are several pieces or a database, or
/// the file's hint when its content is not recognised.
pub fn with_source(input: &Input, opts: &Options) -> Result<Options, Error> {
    if opts.source.is_some() {
        return Ok(opts.clone());
    }
    let Some(hinted) = input.source else {
        return Ok(opts.clone());
    };
    let first = match &input.what {
        What::Files(files) if files.len() == 1 => &files[0],
        _ => return Ok(opts.clone().with_source(hinted)),
    };
    let mut head = Vec::new();
    File::open(first)
        .and_then(|f| f.take(CHUNK as u64).read_to_end(&mut head))
        .map_err(|e| Error::io(first, &e))?;
    Ok(match memscribe::detect(&head) {
        Some(_) => opts.clone(),
        None => opts.clone().with_source(hinted),
    })
}

/// Adds `other`'s counts to `total` (the summary of several sessions): the
/// counts are summed; the source is kept when they agree, else none.
pub fn merge_summary(total: &mut Summary, other: &Summary) {
    if total.source != other.source {
        total.source = None;
    }
    total.records += other.records;
    total.events += other.events;
    total.nodes += other.nodes;
    for (k, n) in &other.diagnostics {
        *total.diagnostics.entry(*k).or_insert(0) += n;
    }
    for (v, c) in &other.versions {
        let t = total.versions.entry(v.clone()).or_default();
        t.records += c.records;
        t.unknown += c.unknown;
    }
}

/// Exports the sessions at `path` (a file, session directory or database, as
/// [`parse_path`] reads it) in `format`. The manifest's origin names the
/// path and the blake3 of every file read, in order (a database: its file).
pub fn export_path(
    path: &Path,
    opts: &Options,
    format: memscribe::ExportFormat,
) -> Result<memscribe::Export, Error> {
    let opts = opts.clone().with_output(memscribe::OutputMode::Events);
    let batch = parse_path(path, &opts)?;
    let files: Vec<PathBuf> = if db::is_database(path) {
        vec![path.to_path_buf()]
    } else {
        files::session_files(path)?.1
    };
    let mut hasher = blake3::Hasher::new();
    let mut total = 0u64;
    for f in &files {
        let mut file = File::open(f).map_err(|e| Error::io(f, &e))?;
        total += std::io::copy(&mut file, &mut hasher).map_err(|e| Error::io(f, &e))?;
    }
    let origin = serde_json::json!({
        "input": { "path": path.display().to_string(), "files": files.len(), "bytes": total, "blake3": hasher.finalize().to_hex().to_string() }
    });
    Ok(memscribe::export_batch(&batch, opts.redact, format, origin))
}
