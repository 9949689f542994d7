//! Ingest: source paths → the store, one transaction per source.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use memscribe::{
    Batch, CaptureEvent, EventKind, Options, OutputMode, PreparedNode, Session, Summary,
};
use memscribe_io::{Input, PieceData};
use rusqlite::{params, OptionalExtension, Transaction, TransactionBehavior};

use crate::{Error, ErrorKind, Redaction, Result, Store};

/// How far an ingest has got, for a progress display.
#[derive(Debug, Clone, Copy)]
pub struct Progress<'a> {
    /// Sources looked at so far.
    pub done: usize,
    /// Sources in all.
    pub total: usize,
    /// The source being read.
    pub path: &'a Path,
    /// Bytes read so far by this ingest.
    pub bytes: u64,
}

/// What an ingest did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct IngestReport {
    /// The checkpoint it made; `None` when nothing changed.
    pub checkpoint: Option<i64>,
    /// Source paths looked at.
    pub sources: u64,
    /// Sources read again because their files changed (or were new).
    pub changed: u64,
    /// Sources skipped because their files had not changed.
    pub unchanged: u64,
    /// Sources that could not be read, with the reason (kept in the
    /// store too, and tried again when their files change).
    pub failed: Vec<(PathBuf, String)>,
    /// Bytes of transcript read.
    pub bytes: u64,
    /// Events written (new or changed).
    pub events_added: u64,
    /// Events closed (changed or gone).
    pub events_closed: u64,
    /// Nodes written (new or changed).
    pub nodes_added: u64,
    /// Nodes closed (changed or gone).
    pub nodes_closed: u64,
}

impl Store {
    /// Ingests `paths`: each a transcript file, a session directory, a
    /// tool's database, or a directory to search ([`memscribe_io::scan`]).
    pub fn ingest(
        &mut self,
        paths: &[PathBuf],
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<IngestReport> {
        let mut targets = Vec::new();
        for p in paths {
            let abs = std::path::absolute(p).unwrap_or_else(|_| p.clone());
            if !abs.exists() {
                return Err(Error::new(
                    ErrorKind::Usage,
                    format!("{}: no such file or directory", p.display()),
                ));
            }
            targets.extend(
                memscribe_io::scan(&abs)
                    .map_err(|e| Error::new(ErrorKind::Source, e.to_string()))?,
            );
        }
        self.ingest_sources(targets, progress)
    }

    /// Ingests every session that `discovery` finds.
    pub fn ingest_discovered(
        &mut self,
        discovery: &memscribe_io::Discovery,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<IngestReport> {
        let found = memscribe_io::discover(discovery)
            .map_err(|e| Error::new(ErrorKind::Source, e.to_string()))?;
        self.ingest_sources(found.into_iter().map(|f| f.path).collect(), progress)
    }

    /// Ingests source paths as they are (no directory search).
    pub fn ingest_sources(
        &mut self,
        mut targets: Vec<PathBuf>,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<IngestReport> {
        targets.sort();
        targets.dedup();
        let mut report = IngestReport::default();
        let total = targets.len();
        for (i, t) in targets.iter().enumerate() {
            progress(&Progress {
                done: i,
                total,
                path: t,
                bytes: report.bytes,
            });
            report.sources += 1;
            self.ingest_one(t, &mut report)?;
        }
        if let Some(t) = targets.last() {
            progress(&Progress {
                done: total,
                total,
                path: t,
                bytes: report.bytes,
            });
        }
        Ok(report)
    }

    fn ingest_one(&mut self, target: &Path, report: &mut IngestReport) -> Result<()> {
        let key = target.to_string_lossy().into_owned();
        let stored = |conn: &rusqlite::Connection| -> rusqlite::Result<Option<(String, String)>> {
            conn.query_row(
                "SELECT fingerprint, files FROM sources WHERE path = ?1",
                [&key],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()
        };
        let before = stored(&self.conn).map_err(|e| self.sql(e))?;
        let known: Vec<PathBuf> = before
            .as_ref()
            .map(|(_, f)| f.lines().map(PathBuf::from).collect())
            .unwrap_or_default();
        let (fp, bytes) = fingerprint(target, &known);
        if before.as_ref().is_some_and(|(f, _)| *f == fp) {
            report.unchanged += 1;
            return Ok(());
        }
        let path = self.path.clone();
        let sql = |e| Error::sql(&path, e);
        let redact = self.redaction == Redaction::Sanitize;
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(sql)?;
        // Another ingester may have read it while this one waited.
        let now = stored(&tx).map_err(sql)?;
        if now.as_ref().is_some_and(|(f, _)| *f == fp) {
            report.unchanged += 1;
            return tx.commit().map_err(sql);
        }
        // A session kept open is read on only when the store still holds
        // what it wrote (no other ingester since) and the file only grew.
        let live = self
            .live
            .remove(target)
            .filter(|l| now.as_ref().is_some_and(|(f, _)| *f == l.fingerprint));
        let made_cp = report.checkpoint.is_none();
        let cp = match report.checkpoint {
            Some(cp) => cp,
            None => {
                tx.execute(
                    "INSERT INTO checkpoints (at, version) VALUES (?1, ?2)",
                    params![now_rfc3339(), memscribe::VERSION],
                )
                .map_err(sql)?;
                tx.last_insert_rowid()
            }
        };
        tx.execute(
            "INSERT INTO sources (path, fingerprint, files, bytes, read_to, checkpoint) VALUES (?1, '', '', 0, 0, ?2)
             ON CONFLICT (path) DO NOTHING",
            params![key, cp],
        )
        .map_err(sql)?;
        let source: i64 = tx
            .query_row("SELECT id FROM sources WHERE path = ?1", [&key], |r| {
                r.get(0)
            })
            .map_err(sql)?;

        let mut opts = Options::default().with_output(OutputMode::Both);
        opts.redact = redact;

        let mut files: Vec<PathBuf> = Vec::new();
        let mut w: Option<Writer<'_, '_>> = None;
        let mut keep_file: Option<PathBuf> = None;
        let mut kept: Option<Session> = None;
        let mut resumed_from = 0u64;
        let mut summary: Option<Summary> = None;
        let mut read_to = 0u64;
        let mut failure: Option<String> = None;
        let mut fp = fp;
        match memscribe_io::inputs(target) {
            Err(e) => failure = Some(e.to_string()),
            Ok(inputs) => {
                files = inputs
                    .iter()
                    .flat_map(|i| i.files().iter().cloned())
                    .collect();
                // The fingerprint of every file about to be read, taken
                // before reading: a file that changes while it is read
                // differs from it next time.
                let mut all = files.clone();
                all.extend(known.iter().filter(|k| !files.contains(k)).cloned());
                fp = fingerprint(target, &all).0;
                let single = match inputs.as_slice() {
                    [one] => single_line_file(one),
                    _ => None,
                };
                let resume = match (live, &single) {
                    (Some(l), Some(f)) if l.still_prefix_of(f) => Some(l),
                    _ => None,
                };
                keep_file = single.filter(|_| self.keep_live > 0);
                w = Some(match &resume {
                    Some(l) => Writer::scoped(&tx, source, cp, l.scope()).map_err(sql)?,
                    None => Writer::new(&tx, source, cp).map_err(sql)?,
                });
                let w = w.as_mut().expect("set above");
                resumed_from = resume.as_ref().map_or(0, |l| l.read_to);
                let mut resume = resume.map(|l| (l.session, l.read_to));
                for input in &inputs {
                    let parallel = bytes >= PARALLEL_BYTES && resume.is_none();
                    match read_prepared(
                        input,
                        &opts,
                        parallel,
                        resume.take(),
                        keep_file.is_some(),
                        &mut |p| w.batch(p),
                    ) {
                        Ok((s, n, session)) => {
                            kept = session;
                            read_to += n;
                            match &mut summary {
                                None => summary = Some(s),
                                Some(t) => memscribe_io::merge_summary(t, &s),
                            }
                        }
                        Err(e) => {
                            failure = Some(e.to_string());
                            break;
                        }
                    }
                    if w.err.is_some() {
                        break;
                    }
                }
            }
        }
        if let Some(e) = w.as_mut().and_then(|w| w.err.take()) {
            return Err(sql(e));
        }
        let mut w = match (w, failure) {
            (Some(w), None) => w,
            (w, failure) => {
                let f = failure.unwrap_or_else(|| "nothing was read".to_owned());
                // Nothing of a source that cannot be read is changed: its
                // sessions stay as they were (a transcript the tool deleted
                // stays in the store). The error is kept, with the
                // fingerprint, so it is tried again once its files change.
                drop(w);
                tx.rollback().map_err(sql)?;
                let tx = self
                    .conn
                    .transaction_with_behavior(TransactionBehavior::Immediate)
                    .map_err(sql)?;
                let files_text = known
                    .iter()
                    .map(|f| f.to_string_lossy())
                    .collect::<Vec<_>>()
                    .join("\n");
                let cp_now: i64 = tx
                    .query_row("SELECT coalesce(max(id), 0) FROM checkpoints", [], |r| {
                        r.get(0)
                    })
                    .map_err(sql)?;
                tx.execute(
                "INSERT INTO sources (path, fingerprint, files, bytes, read_to, checkpoint, error) VALUES (?1, ?2, ?3, ?4, 0, ?5, ?6)
                 ON CONFLICT (path) DO UPDATE SET fingerprint = ?2, error = ?6",
                params![key, fp, files_text, bytes as i64, cp_now, f],
            )
            .map_err(sql)?;
                tx.commit().map_err(sql)?;
                report.failed.push((target.to_path_buf(), f));
                return Ok(());
            }
        };
        w.finish().map_err(sql)?;
        let tool = summary
            .as_ref()
            .and_then(|s| s.source)
            .map(|s| s.slug().to_owned());
        let summary_json = summary.as_ref().and_then(|s| serde_json::to_string(s).ok());
        // Read on, the diagnostics before the last tail's are final.
        let first_diag = w.scope.as_ref().map_or(0, |s| s.fed_diags);
        tx.execute(
            "DELETE FROM diagnostics WHERE source = ?1 AND ord >= ?2",
            params![source, first_diag],
        )
        .map_err(sql)?;
        for (i, d) in w.diagnostics.iter().enumerate() {
            tx.execute(
                "INSERT INTO diagnostics (source, ord, data) VALUES (?1, ?2, ?3)",
                params![source, first_diag + i as i64, d],
            )
            .map_err(sql)?;
        }
        let files_text = files
            .iter()
            .map(|f| f.to_string_lossy())
            .collect::<Vec<_>>()
            .join("\n");
        tx.execute(
            "UPDATE sources SET tool = ?2, fingerprint = ?3, files = ?4, bytes = ?5, read_to = ?6, checkpoint = ?7, error = ?8, summary = ?9 WHERE id = ?1",
            params![source, tool, fp, files_text, bytes as i64, read_to as i64, cp, None::<String>, summary_json],
        )
        .map_err(sql)?;
        let wrote = w.events_added + w.events_closed + w.nodes_added + w.nodes_closed > 0
            || w.sessions_changed();
        if made_cp && !wrote {
            // Nothing changed after all (a file touched, not written): no
            // checkpoint for it.
            tx.execute("DELETE FROM checkpoints WHERE id = ?1", [cp])
                .map_err(sql)?;
        } else if made_cp {
            report.checkpoint = Some(cp);
        }
        report.changed += 1;
        report.bytes += read_to - resumed_from.min(read_to);
        report.events_added += w.events_added;
        report.events_closed += w.events_closed;
        report.nodes_added += w.nodes_added;
        report.nodes_closed += w.nodes_closed;
        let next = std::mem::take(&mut w.next);
        drop(w);
        tx.commit().map_err(sql)?;
        if let (Some(session), Some(file)) = (kept, keep_file) {
            self.uses += 1;
            if let Some(live) = Live::new(session, &file, read_to, fp, next, self.uses) {
                self.live.insert(target.to_path_buf(), live);
                while self.live.len() > self.keep_live {
                    let oldest = self
                        .live
                        .iter()
                        .min_by_key(|(_, l)| l.used)
                        .map(|(k, _)| k.clone());
                    match oldest {
                        Some(k) => self.live.remove(&k),
                        None => break,
                    };
                }
            }
        }
        Ok(())
    }
}

fn now_rfc3339() -> String {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0);
    memscribe::rfc3339_from_ms(now).unwrap_or_default()
}

/// The sizes, modification times and inodes of a source's files: what
/// says, without reading them, whether the source changed. A file source
/// also covers its Claude Code session folder (`<session>/subagents`,
/// `<session>/tool-results`) and the files it was last read with.
pub(crate) fn fingerprint(target: &Path, known: &[PathBuf]) -> (String, u64) {
    let mut out = String::new();
    let mut bytes = 0u64;
    let mut stat = |p: &Path, out: &mut String| match std::fs::metadata(p) {
        Ok(m) => {
            bytes += m.len();
            let mtime = m
                .modified()
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_nanos());
            let _ = writeln!(
                out,
                "{}\t{}\t{}\t{}",
                p.display(),
                m.len(),
                mtime,
                inode(&m)
            );
        }
        Err(_) => {
            let _ = writeln!(out, "{}\t-", p.display());
        }
    };
    let mut listed: Vec<PathBuf> = Vec::new();
    if target.is_dir() {
        list_files(target, 3, &mut listed);
    } else {
        listed.push(target.to_path_buf());
        if memscribe_io::is_database(target) {
            let mut wal = target.as_os_str().to_owned();
            wal.push("-wal");
            let wal = PathBuf::from(wal);
            if wal.exists() {
                listed.push(wal);
            }
        } else {
            let folder = target.with_extension("");
            if folder != target {
                list_files(&folder.join("subagents"), 0, &mut listed);
                list_files(&folder.join("tool-results"), 0, &mut listed);
            }
        }
    }
    for k in known {
        if !listed.contains(k) {
            listed.push(k.clone());
        }
    }
    for p in &listed {
        stat(p, &mut out);
    }
    (out, bytes)
}

#[cfg(unix)]
fn inode(m: &std::fs::Metadata) -> u64 {
    use std::os::unix::fs::MetadataExt;
    m.ino()
}

#[cfg(not(unix))]
fn inode(_: &std::fs::Metadata) -> u64 {
    0
}

fn list_files(dir: &Path, depth: usize, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.is_dir() && depth > 0 => list_files(&p, depth - 1, out),
            Ok(m) if m.is_file() => out.push(p),
            _ => {}
        }
    }
}

/// How many bytes of a line-format file hold complete records: all of it,
/// unless its last line has no newline yet and is not a complete JSON
/// value (a writer is still writing it), which is left for the next round.
fn complete_prefix(path: &Path) -> std::io::Result<u64> {
    let mut f = File::open(path)?;
    let size = f.metadata()?.len();
    if size == 0 {
        return Ok(0);
    }
    let mut last = [0u8; 1];
    f.seek(SeekFrom::Start(size - 1))?;
    f.read_exact(&mut last)?;
    if last[0] == b'\n' {
        return Ok(size);
    }
    // Find the last newline, reading backwards.
    let mut end = size;
    let mut start_of_tail = 0u64;
    let mut block = vec![0u8; 64 << 10];
    while end > 0 {
        let from = end.saturating_sub(block.len() as u64);
        let n = (end - from) as usize;
        f.seek(SeekFrom::Start(from))?;
        f.read_exact(&mut block[..n])?;
        if let Some(i) = block[..n].iter().rposition(|&c| c == b'\n') {
            start_of_tail = from + i as u64 + 1;
            break;
        }
        end = from;
    }
    let tail_len = size - start_of_tail;
    if tail_len <= 64 << 20 {
        let mut tail = Vec::with_capacity(tail_len as usize);
        f.seek(SeekFrom::Start(start_of_tail))?;
        f.take(tail_len).read_to_end(&mut tail)?;
        if serde_json::from_slice::<serde_json::Value>(&tail).is_ok() {
            return Ok(size);
        }
    }
    Ok(start_of_tail)
}

/// Parses one session's input as [`memscribe_io::parse_input`] does,
/// except that a line-format file's half-written last line is left out.
/// Returns the summary and the bytes read.
///
/// With `resume` (a session already fed the input's single file up to an
/// offset), only the bytes after that offset are read. With `keep`, the
/// session is not finished: a copy is (its output is the last batch, which
/// `sink` is told is the tail), and the session itself is handed back, to
/// read what is appended later.
fn read_input(
    input: &Input,
    opts: &Options,
    resume: Option<(Session, u64)>,
    keep: bool,
    sink: &mut dyn FnMut(Batch, bool),
) -> std::result::Result<(Summary, u64, Option<Session>), memscribe::Error> {
    let resumed = resume.is_some();
    let (mut session, start) = match resume {
        Some((s, at)) => (s, at),
        None => (memscribe_io::begin(input, opts)?, 0),
    };
    let pieces = input.pieces(None)?;
    let mut read = 0u64;
    let mut feed = |b: Batch| sink(b, false);
    for (i, piece) in pieces.iter().enumerate() {
        if i > 0 {
            session.next_file(Some(&piece.name))?;
        }
        if let PieceData::File(p) = &piece.data {
            if p.extension().is_some_and(|e| e == "jsonl") {
                let limit = complete_prefix(p).map_err(|e| memscribe::Error::io(p, &e))?;
                let mut f = File::open(p).map_err(|e| memscribe::Error::io(p, &e))?;
                f.seek(SeekFrom::Start(start.min(limit)))
                    .map_err(|e| memscribe::Error::io(p, &e))?;
                let mut f = f.take(limit.saturating_sub(start));
                read = start.min(limit);
                let mut buf = vec![0u8; 1 << 20];
                loop {
                    let n = match f.read(&mut buf) {
                        Ok(0) => break,
                        Ok(n) => n,
                        Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                        Err(e) => return Err(memscribe::Error::io(p, &e)),
                    };
                    read += n as u64;
                    session.feed_with(&buf[..n], &mut feed)?;
                }
                continue;
            }
        }
        if resumed {
            return Err(memscribe::Error::other(
                memscribe::ErrorKind::Internal,
                "only a single line-format file is read on from where it was",
            ));
        }
        let stopped = piece.read(&mut |chunk| {
            read += chunk.len() as u64;
            match session.feed_with(chunk, &mut feed) {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => ControlFlow::Break(e),
            }
        })?;
        if let Some(e) = stopped {
            return Err(e);
        }
    }
    if keep {
        let mut copy = session.clone();
        let last = copy.finish()?;
        let summary = last.summary.clone().unwrap_or_else(|| copy.summary());
        sink(last, true);
        return Ok((summary, read, Some(session)));
    }
    let last = session.finish()?;
    let summary = last.summary.clone().unwrap_or_else(|| session.summary());
    sink(last, true);
    Ok((summary, read, None))
}

/// A source at least this large is parsed on a second thread while the
/// first writes (a smaller one is not worth the thread).
const PARALLEL_BYTES: u64 = 2 << 20;

/// A batch with each event's and node's JSON line and its hash, made where
/// it is parsed; the writer compresses the rows it writes.
struct Prepared {
    batch: Batch,
    /// The output of finishing (a copy of) the session: rows that may
    /// still change when more is appended.
    tail: bool,
    events: Vec<([u8; 16], Vec<u8>)>,
    nodes: Vec<([u8; 16], Vec<u8>)>,
}

/// A row's JSON line, as `parse` writes it, and its hash.
fn row<T: serde::Serialize>(item: &T) -> ([u8; 16], Vec<u8>) {
    let mut json = Vec::with_capacity(1024);
    // Serializing the contract's types cannot fail (no maps with
    // non-string keys); an empty row would still be written.
    let _ = serde_json::to_writer(&mut json, item);
    (hash16(&json), json)
}

fn prepare(batch: Batch, tail: bool) -> Prepared {
    let events = batch.events.iter().map(row).collect();
    let nodes = batch.nodes.iter().map(row).collect();
    Prepared {
        batch,
        tail,
        events,
        nodes,
    }
}

/// [`read_input`], handing out prepared batches; with `parallel`, the
/// parse and the preparation run on a second thread, at most four batches
/// ahead of `sink`.
fn read_prepared(
    input: &Input,
    opts: &Options,
    parallel: bool,
    resume: Option<(Session, u64)>,
    keep: bool,
    sink: &mut dyn FnMut(Prepared),
) -> std::result::Result<(Summary, u64, Option<Session>), memscribe::Error> {
    if !parallel {
        return read_input(input, opts, resume, keep, &mut |b, tail| {
            sink(prepare(b, tail))
        });
    }
    let (tx, rx) = std::sync::mpsc::sync_channel::<Prepared>(4);
    std::thread::scope(|scope| {
        let worker = scope.spawn(move || {
            read_input(input, opts, resume, keep, &mut |b, tail| {
                // The writer stops taking batches only when it failed; the
                // parse then runs to its end unread.
                let _ = tx.send(prepare(b, tail));
            })
        });
        for prepared in rx {
            sink(prepared);
        }
        worker.join().unwrap_or_else(|_| {
            Err(memscribe::Error::other(
                memscribe::ErrorKind::Internal,
                "the parsing thread panicked",
            ))
        })
    })
}

/// A session kept open after it was read (by a long-running reader such as
/// `watch`), so that what is appended to its file is read alone: the cost
/// of an append is its own bytes, not the session's.
pub(crate) struct Live {
    /// Fed the file up to `read_to`, not finished.
    session: Session,
    read_to: u64,
    /// The file's inode, and a hash of its first bytes and of the bytes
    /// just before `read_to`: a file replaced, truncated or rewritten since
    /// is read again from the start.
    inode: u64,
    head: [u8; 16],
    before: [u8; 16],
    /// What the store held for the source when this was made.
    fingerprint: String,
    /// Per session: the first `seq` the finished copy added (rows from
    /// there on may change), the nodes it added, and how many nodes the
    /// feeding itself made (final ones).
    tail_from: HashMap<String, u64>,
    tail_nodes: HashMap<String, Vec<String>>,
    fed_nodes: HashMap<String, i64>,
    fed_diags: i64,
    /// When it was last used (for keeping only the most recent).
    used: u64,
}

/// How many bytes at the start of a live file, and just before where it
/// was read to, must be unchanged for it to be read on.
const GUARD: u64 = 4096;

impl Live {
    fn new(
        session: Session,
        file: &Path,
        read_to: u64,
        fingerprint: String,
        next: Scope,
        used: u64,
    ) -> Option<Live> {
        Some(Live {
            session,
            read_to,
            inode: file_inode(file)?,
            head: window_hash(file, read_to.min(GUARD), GUARD)?,
            before: window_hash(file, read_to, GUARD)?,
            fingerprint,
            tail_from: next.tail_from,
            tail_nodes: next.tail_nodes,
            fed_nodes: next.fed_nodes,
            fed_diags: next.fed_diags,
            used,
        })
    }

    /// Whether `file` is still the file read, grown or as it was: same
    /// inode, at least as long, the same bytes at its start and before
    /// where it was read to.
    fn still_prefix_of(&self, file: &Path) -> bool {
        let len = std::fs::metadata(file).map(|m| m.len()).unwrap_or(0);
        len >= self.read_to
            && file_inode(file) == Some(self.inode)
            && window_hash(file, self.read_to.min(GUARD), GUARD) == Some(self.head)
            && window_hash(file, self.read_to, GUARD) == Some(self.before)
    }

    fn scope(&self) -> Scope {
        Scope {
            tail_from: self.tail_from.clone(),
            tail_nodes: self.tail_nodes.clone(),
            fed_nodes: self.fed_nodes.clone(),
            fed_diags: self.fed_diags,
        }
    }
}

/// The hash of `len` bytes of `path` at `at` (fewer at the start of the file).
fn window_hash(path: &Path, at: u64, len: u64) -> Option<[u8; 16]> {
    let from = at.saturating_sub(len);
    let mut f = File::open(path).ok()?;
    f.seek(SeekFrom::Start(from)).ok()?;
    let mut buf = Vec::new();
    f.take(at - from).read_to_end(&mut buf).ok()?;
    (buf.len() as u64 == at - from).then(|| hash16(&buf))
}

fn file_inode(path: &Path) -> Option<u64> {
    std::fs::metadata(path).ok().map(|m| inode(&m))
}

/// The one line-format file an input is, if it is only that.
fn single_line_file(input: &Input) -> Option<PathBuf> {
    match input.files() {
        [f] if f.extension().is_some_and(|e| e == "jsonl") => Some(f.clone()),
        _ => None,
    }
}

/// A session of the source being written: its row, and its live rows
/// not yet matched by this read.
struct Sess {
    row: i64,
    live_events: HashMap<u64, (i64, [u8; 16])>,
    live_nodes: HashMap<String, (i64, [u8; 16], i64, i64)>,
    ord: i64,
    tool: Option<String>,
    cwd: Option<String>,
    repo_root: Option<String>,
    first_ts: Option<String>,
    last_ts: Option<String>,
    changed: bool,
}

/// Writes a source's batches, comparing them with the rows it had.
struct Writer<'a, 'c> {
    tx: &'a Transaction<'c>,
    source: i64,
    cp: i64,
    sessions: HashMap<String, Sess>,
    /// The source's sessions in the store before this read.
    existing: HashMap<String, i64>,
    diagnostics: Vec<String>,
    /// Level 1 is zstd's fastest with entropy coding; each row is its own
    /// frame, so that a row reads back alone.
    comp: zstd::bulk::Compressor<'static>,
    err: Option<rusqlite::Error>,
    events_added: u64,
    events_closed: u64,
    nodes_added: u64,
    nodes_closed: u64,
    /// Reading on from a [`Live`] session: only its tail rows may change.
    scope: Option<Scope>,
    /// What this read's tail was (for the next [`Live`]).
    next: Scope,
}

/// Which rows of a source an incremental read compares (the tail of the
/// last read: events from `tail_from` on and the `tail_nodes`), and where
/// its final rows end (`fed_nodes` per session, `fed_diags`).
#[derive(Default, Clone)]
struct Scope {
    tail_from: HashMap<String, u64>,
    tail_nodes: HashMap<String, Vec<String>>,
    fed_nodes: HashMap<String, i64>,
    fed_diags: i64,
}

fn hash16(b: &[u8]) -> [u8; 16] {
    let h = blake3::hash(b);
    let mut out = [0u8; 16];
    out.copy_from_slice(&h.as_bytes()[..16]);
    out
}

fn node_session(n: &PreparedNode) -> Option<&str> {
    match n {
        PreparedNode::Conversation(x) => x.session_id.as_deref(),
        PreparedNode::Decision(x) => x.session_id.as_deref(),
        PreparedNode::Episode(x) => x.session_id.as_deref(),
        PreparedNode::Binding(x) => x.session_id.as_deref(),
    }
}

fn node_ts(n: &PreparedNode) -> Option<&str> {
    match n {
        PreparedNode::Conversation(x) => x.timestamp.as_deref(),
        PreparedNode::Decision(x) => x.timestamp.as_deref(),
        PreparedNode::Episode(x) => x.timestamp.as_deref(),
        PreparedNode::Binding(x) => x.prov.t_gen.as_deref().or(x.prov.t_use.as_deref()),
    }
}

/// Milliseconds since the epoch of an RFC 3339 time.
pub(crate) fn ts_ms(ts: &str) -> Option<i64> {
    let t = time::OffsetDateTime::parse(ts, &time::format_description::well_known::Rfc3339).ok()?;
    Some((t.unix_timestamp_nanos() / 1_000_000) as i64)
}

/// The text of an event the search index holds.
fn event_text(ev: &CaptureEvent) -> Option<&str> {
    match &ev.kind {
        EventKind::UserTurn { text, .. } | EventKind::AssistantTurn { text, .. }
            if !text.trim().is_empty() =>
        {
            Some(text)
        }
        _ => None,
    }
}

/// The text of a node the search index holds: a decision's epitome and
/// options.
fn node_text(n: &PreparedNode) -> Option<String> {
    match n {
        PreparedNode::Decision(d) => {
            let mut t = d.epitome.clone();
            for o in &d.considered_options {
                t.push('\n');
                t.push_str(&o.text);
            }
            Some(t)
        }
        _ => None,
    }
}

impl<'a, 'c> Writer<'a, 'c> {
    fn new(tx: &'a Transaction<'c>, source: i64, cp: i64) -> rusqlite::Result<Writer<'a, 'c>> {
        let mut existing = HashMap::new();
        {
            let mut st = tx.prepare("SELECT session_id, id FROM sessions WHERE source = ?1")?;
            let rows = st.query_map([source], |r| {
                Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?))
            })?;
            for r in rows {
                let (k, v) = r?;
                existing.insert(k, v);
            }
        }
        Ok(Writer {
            tx,
            source,
            cp,
            sessions: HashMap::new(),
            existing,
            diagnostics: Vec::new(),
            comp: zstd::bulk::Compressor::new(1)
                .map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)))?,
            err: None,
            events_added: 0,
            events_closed: 0,
            nodes_added: 0,
            nodes_closed: 0,
            scope: None,
            next: Scope::default(),
        })
    }

    /// A writer that reads on from a live session: only the rows of its
    /// last tail are compared (and closed when not made again).
    fn scoped(
        tx: &'a Transaction<'c>,
        source: i64,
        cp: i64,
        scope: Scope,
    ) -> rusqlite::Result<Writer<'a, 'c>> {
        let mut w = Writer::new(tx, source, cp)?;
        w.next = Scope {
            fed_nodes: scope.fed_nodes.clone(),
            fed_diags: scope.fed_diags,
            ..Scope::default()
        };
        w.scope = Some(scope);
        Ok(w)
    }

    /// Whether a session's row changed (a session new to the source).
    fn sessions_changed(&self) -> bool {
        self.sessions.values().any(|s| s.changed)
    }

    fn batch(&mut self, p: Prepared) {
        if self.err.is_some() {
            return;
        }
        if let Err(e) = self.write(&p) {
            self.err = Some(e);
        }
    }

    fn session(&mut self, sid: &str) -> rusqlite::Result<&mut Sess> {
        if !self.sessions.contains_key(sid) {
            let row = match self.existing.get(sid) {
                Some(&row) => row,
                None => {
                    self.tx.execute(
                        "INSERT INTO sessions (source, session_id, events, nodes, cp_first, cp_last) VALUES (?1, ?2, 0, 0, ?3, ?3)",
                        params![self.source, sid, self.cp],
                    )?;
                    let row = self.tx.last_insert_rowid();
                    self.existing.insert(sid.to_owned(), row);
                    row
                }
            };
            let mut live_events = HashMap::new();
            let mut live_nodes = HashMap::new();
            let mut ord = 0;
            // Read in full, every live event may change; read on, those
            // from the last tail's first seq.
            let from = match &self.scope {
                None => 0,
                Some(scope) => scope
                    .tail_from
                    .get(sid)
                    .copied()
                    .unwrap_or(u64::MAX)
                    .min(i64::MAX as u64) as i64,
            };
            let mut st = self.tx.prepare_cached("SELECT seq, id, hash FROM events WHERE session = ?1 AND cp_to IS NULL AND seq >= ?2")?;
            for r in st.query_map(params![row, from], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, Vec<u8>>(2)?,
                ))
            })? {
                let (seq, id, h) = r?;
                live_events.insert(seq as u64, (id, to16(&h)));
            }
            match &self.scope {
                None => {
                    let mut st = self.tx.prepare_cached("SELECT node_id, id, hash, ord, pos FROM nodes WHERE session = ?1 AND cp_to IS NULL")?;
                    for r in st.query_map([row], |r| {
                        Ok((
                            r.get::<_, String>(0)?,
                            r.get::<_, i64>(1)?,
                            r.get::<_, Vec<u8>>(2)?,
                            r.get::<_, i64>(3)?,
                            r.get::<_, i64>(4)?,
                        ))
                    })? {
                        let (nid, id, h, ord, pos) = r?;
                        live_nodes.insert(nid, (id, to16(&h), ord, pos));
                    }
                }
                Some(scope) => {
                    let mut st = self.tx.prepare_cached("SELECT id, hash, ord, pos FROM nodes WHERE session = ?1 AND node_id = ?2 AND cp_to IS NULL")?;
                    for nid in scope.tail_nodes.get(sid).into_iter().flatten() {
                        if let Some((id, h, o, p)) = st
                            .query_row(params![row, nid], |r| {
                                Ok((
                                    r.get::<_, i64>(0)?,
                                    r.get::<_, Vec<u8>>(1)?,
                                    r.get::<_, i64>(2)?,
                                    r.get::<_, i64>(3)?,
                                ))
                            })
                            .optional()?
                        {
                            live_nodes.insert(nid.clone(), (id, to16(&h), o, p));
                        }
                    }
                    ord = scope.fed_nodes.get(sid).copied().unwrap_or(0);
                }
            }
            self.sessions.insert(
                sid.to_owned(),
                Sess {
                    row,
                    live_events,
                    live_nodes,
                    ord,
                    tool: None,
                    cwd: None,
                    repo_root: None,
                    first_ts: None,
                    last_ts: None,
                    changed: false,
                },
            );
        }
        Ok(self.sessions.get_mut(sid).expect("inserted above"))
    }

    fn write(&mut self, p: &Prepared) -> rusqlite::Result<()> {
        let (tx, cp) = (self.tx, self.cp);
        let b = &p.batch;
        for (ev, (hash, json)) in b.events.iter().zip(&p.events) {
            let hash = *hash;
            let sid = ev.session_id.as_deref().unwrap_or("");
            if p.tail {
                let from = self.next.tail_from.entry(sid.to_owned()).or_insert(ev.seq);
                *from = (*from).min(ev.seq);
            }
            let s = self.session(sid)?;
            if s.first_ts.is_none() {
                s.first_ts.clone_from(&ev.timestamp);
            }
            if ev.timestamp.is_some() {
                s.last_ts.clone_from(&ev.timestamp);
            }
            if s.tool.is_none() {
                s.tool = Some(ev.source.slug().to_owned());
            }
            if s.cwd.is_none() {
                s.cwd.clone_from(&ev.project.cwd);
            }
            if s.repo_root.is_none() {
                s.repo_root.clone_from(&ev.project.repo_root);
            }
            let old = s.live_events.remove(&ev.seq);
            let row = s.row;
            match old {
                Some((_, h)) if h == hash => continue,
                Some((id, _)) => {
                    s.changed = true;
                    tx.prepare_cached("UPDATE events SET cp_to = ?2 WHERE id = ?1")?
                        .execute(params![id, cp])?;
                    tx.prepare_cached("DELETE FROM texts WHERE rowid = ?1")?
                        .execute([id])?;
                    self.events_closed += 1;
                }
                None => s.changed = true,
            }
            let data = self
                .comp
                .compress(json)
                .map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)))?;
            tx.prepare_cached("INSERT INTO events (session, seq, event_id, kind, ts, hash, data, cp_from) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)")?
                .execute(params![row, ev.seq as i64, ev.event_id, ev.kind.name(), ev.timestamp, &hash[..], data, cp])?;
            let id = tx.last_insert_rowid();
            if let Some(text) = event_text(ev) {
                tx.prepare_cached("INSERT INTO texts (rowid, text) VALUES (?1, ?2)")?
                    .execute(params![id, crate::text::spaced(text)])?;
            }
            self.events_added += 1;
        }
        for (i, (n, (hash, json))) in b.nodes.iter().zip(&p.nodes).enumerate() {
            let hash = *hash;
            let pos = b.node_position(i).unwrap_or(0) as i64;
            let sid = node_session(n).unwrap_or("");
            if p.tail {
                self.next
                    .tail_nodes
                    .entry(sid.to_owned())
                    .or_default()
                    .push(n.id().to_owned());
            } else {
                *self.next.fed_nodes.entry(sid.to_owned()).or_insert(0) += 1;
            }
            let s = self.session(sid)?;
            let ord = s.ord;
            s.ord += 1;
            let row = s.row;
            match s.live_nodes.remove(n.id()) {
                Some((_, h, o, p)) if h == hash && o == ord && p == pos => continue,
                Some((id, _, _, _)) => {
                    s.changed = true;
                    tx.prepare_cached("UPDATE nodes SET cp_to = ?2 WHERE id = ?1")?
                        .execute(params![id, cp])?;
                    tx.prepare_cached("DELETE FROM texts WHERE rowid = ?1")?
                        .execute([-id])?;
                    self.nodes_closed += 1;
                }
                None => s.changed = true,
            }
            let data = self
                .comp
                .compress(json)
                .map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)))?;
            let ts = node_ts(n);
            tx.prepare_cached("INSERT INTO nodes (session, node_id, kind, ord, pos, ts, ts_ms, hash, data, cp_from) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)")?
                .execute(params![row, n.id(), n.name(), ord, pos, ts, ts.and_then(ts_ms), &hash[..], data, cp])?;
            let id = tx.last_insert_rowid();
            if let Some(text) = node_text(n) {
                tx.prepare_cached("INSERT INTO texts (rowid, text) VALUES (?1, ?2)")?
                    .execute(params![-id, crate::text::spaced(&text)])?;
            }
            self.nodes_added += 1;
        }
        for d in &b.diagnostics {
            if let Ok(j) = serde_json::to_string(d) {
                self.diagnostics.push(j);
                if !p.tail {
                    self.next.fed_diags += 1;
                }
            }
        }
        Ok(())
    }

    /// Closes what this read did not see again, and brings each session's
    /// row up to date.
    fn finish(&mut self) -> rusqlite::Result<()> {
        let (tx, cp) = (self.tx, self.cp);
        let scoped = self.scope.is_some();
        for (sid, &row) in &self.existing {
            // Reading on, a session not seen again is not gone: it made
            // nothing new.
            if !scoped && !self.sessions.contains_key(sid) {
                // A session the source no longer holds.
                let closed_e = tx.execute("DELETE FROM texts WHERE rowid IN (SELECT id FROM events WHERE session = ?1 AND cp_to IS NULL)", [row]).map(|_| ())
                    .and_then(|()| tx.execute("DELETE FROM texts WHERE rowid IN (SELECT -id FROM nodes WHERE session = ?1 AND cp_to IS NULL)", [row]).map(|_| ()))
                    .and_then(|()| tx.execute("UPDATE events SET cp_to = ?2 WHERE session = ?1 AND cp_to IS NULL", params![row, cp]))?;
                let closed_n = tx.execute(
                    "UPDATE nodes SET cp_to = ?2 WHERE session = ?1 AND cp_to IS NULL",
                    params![row, cp],
                )?;
                self.events_closed += closed_e as u64;
                self.nodes_closed += closed_n as u64;
                if closed_e + closed_n > 0 {
                    tx.execute(
                        "UPDATE sessions SET events = 0, nodes = 0, cp_last = ?2 WHERE id = ?1",
                        params![row, cp],
                    )?;
                }
            }
        }
        for s in self.sessions.values_mut() {
            for (_, (id, _)) in s.live_events.drain() {
                tx.prepare_cached("UPDATE events SET cp_to = ?2 WHERE id = ?1")?
                    .execute(params![id, cp])?;
                tx.prepare_cached("DELETE FROM texts WHERE rowid = ?1")?
                    .execute([id])?;
                self.events_closed += 1;
                s.changed = true;
            }
            for (_, (id, _, _, _)) in s.live_nodes.drain() {
                tx.prepare_cached("UPDATE nodes SET cp_to = ?2 WHERE id = ?1")?
                    .execute(params![id, cp])?;
                tx.prepare_cached("DELETE FROM texts WHERE rowid = ?1")?
                    .execute([-id])?;
                self.nodes_closed += 1;
                s.changed = true;
            }
            let last_ms = s.last_ts.as_deref().and_then(ts_ms);
            // Read in full, the session's fields are this read's; read on,
            // the first ones stay and the last time moves when there is one.
            tx.execute(
                "UPDATE sessions SET
                   tool = CASE WHEN ?10 THEN coalesce(tool, ?2) ELSE ?2 END,
                   cwd = CASE WHEN ?10 THEN coalesce(cwd, ?3) ELSE ?3 END,
                   repo_root = CASE WHEN ?10 THEN coalesce(repo_root, ?4) ELSE ?4 END,
                   first_ts = CASE WHEN ?10 THEN coalesce(first_ts, ?5) ELSE ?5 END,
                   last_ts = CASE WHEN ?10 THEN coalesce(?6, last_ts) ELSE ?6 END,
                   last_ms = CASE WHEN ?10 THEN coalesce(?7, last_ms) ELSE ?7 END,
                   events = (SELECT count(*) FROM events WHERE session = ?1 AND cp_to IS NULL),
                   nodes = (SELECT count(*) FROM nodes WHERE session = ?1 AND cp_to IS NULL),
                   cp_last = CASE WHEN ?8 THEN ?9 ELSE cp_last END
                 WHERE id = ?1",
                params![
                    s.row,
                    s.tool,
                    s.cwd,
                    s.repo_root,
                    s.first_ts,
                    s.last_ts,
                    last_ms,
                    s.changed,
                    cp,
                    scoped
                ],
            )?;
        }
        Ok(())
    }
}

fn to16(h: &[u8]) -> [u8; 16] {
    let mut out = [0u8; 16];
    let n = h.len().min(16);
    out[..n].copy_from_slice(&h[..n]);
    out
}

/// Parses the source at `path` again and compares it with the live rows
/// the store holds for source `id`: `None` when they agree, else what
/// differs.
pub(crate) fn compare_source(store: &Store, id: i64, path: &Path) -> Result<Option<String>> {
    let sql = |e| store.sql(e);
    let mut events: HashMap<(String, u64), [u8; 16]> = HashMap::new();
    let mut nodes: HashMap<(String, String), [u8; 16]> = HashMap::new();
    {
        let mut st = store
            .conn
            .prepare("SELECT s.session_id, e.seq, e.hash FROM events e JOIN sessions s ON s.id = e.session WHERE s.source = ?1 AND e.cp_to IS NULL")
            .map_err(sql)?;
        for r in st
            .query_map([id], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, Vec<u8>>(2)?,
                ))
            })
            .map_err(sql)?
        {
            let (s, seq, h) = r.map_err(sql)?;
            events.insert((s, seq as u64), to16(&h));
        }
        let mut st = store
            .conn
            .prepare("SELECT s.session_id, n.node_id, n.hash FROM nodes n JOIN sessions s ON s.id = n.session WHERE s.source = ?1 AND n.cp_to IS NULL")
            .map_err(sql)?;
        for r in st
            .query_map([id], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, Vec<u8>>(2)?,
                ))
            })
            .map_err(sql)?
        {
            let (s, n, h) = r.map_err(sql)?;
            nodes.insert((s, n), to16(&h));
        }
    }
    let mut opts = Options::default().with_output(OutputMode::Both);
    opts.redact = store.redaction == Redaction::Sanitize;
    let (mut differ, mut missing) = (0u64, 0u64);
    let mut tally = |stored: Option<[u8; 16]>, hash: [u8; 16]| match stored {
        Some(h) if h == hash => {}
        Some(_) => differ += 1,
        None => missing += 1,
    };
    let inputs =
        memscribe_io::inputs(path).map_err(|e| Error::new(ErrorKind::Source, e.to_string()))?;
    for input in &inputs {
        let mut sink = |p: Prepared| {
            for (ev, (hash, _)) in p.batch.events.iter().zip(&p.events) {
                tally(
                    events.remove(&(ev.session_id.clone().unwrap_or_default(), ev.seq)),
                    *hash,
                );
            }
            for (n, (hash, _)) in p.batch.nodes.iter().zip(&p.nodes) {
                tally(
                    nodes.remove(&(node_session(n).unwrap_or("").to_owned(), n.id().to_owned())),
                    *hash,
                );
            }
        };
        read_prepared(input, &opts, false, None, false, &mut sink)
            .map_err(|e| Error::new(ErrorKind::Source, e.to_string()))?;
    }
    let extra = (events.len() + nodes.len()) as u64;
    Ok((differ + missing + extra > 0).then(|| {
        format!("a fresh parse differs from the store: {differ} rows differ, {missing} are not in the store, {extra} are only in the store")
    }))
}
