//! The incremental parser. [`parse`](crate::parse) is a `Session` fed once.

use std::mem;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use crate::adapters;
use crate::adapters::kit::{Adapter, Held, Loc, Record, HOLD_BYTES};
use crate::batch::{Batch, Summary};
use crate::detect::{classify_line, classify_record, is_sqlite, DocSniff, DETECT_WINDOW};
use crate::diag::DiagnosticKind;
use crate::emit::{Emitter, Pending};
use crate::error::{Error, ErrorKind};
use crate::frame::{self, DocEvent, DocScanner, Framing};
use crate::options::{Options, OutputMode, MAX_SUPPORTED_JSON_DEPTH};
use crate::pipeline::Pipeline;
use crate::redact::Redactor;
use crate::source::SourceKind;

#[derive(Clone)]
enum State {
    /// No source given: records are held until one identifies the tool.
    Detecting {
        held: Held<HeldRecord, DETECT_WINDOW>,
        sniff: DocSniff,
    },
    Running {
        adapter: Box<dyn Adapter>,
    },
    Finished,
}

/// A record held while detecting: its member name (in a document) and bytes.
type HeldRecord = (Option<Box<str>>, Vec<u8>);

/// How the current file is being cut into records.
#[derive(Clone)]
enum Frame {
    /// Not known yet: the first bytes are kept until the first line shows
    /// whether the input is a JSON document or lines.
    Sniff(Vec<u8>),
    Lines,
    Doc(Box<DocScanner>),
}

/// An incremental parser: feed it bytes in any chunking, then `finish`.
///
/// The concatenation of everything `feed` and `finish` return is the same as a
/// one-shot [`parse`](crate::parse) of the concatenated bytes, however the
/// input was split, including splits inside a line or a UTF-8 sequence.
///
/// ```
/// use memscribe::{Options, OutputMode, Session, SourceKind};
/// let opts = Options::default().with_source(SourceKind::Codex).with_output(OutputMode::Events);
/// let mut s = Session::new(opts).unwrap();
/// let mut out = s.feed(b"{\"timestamp\":\"2025-01-01T00:00:00Z\",\"type\":\"session_meta\",\"payl").unwrap();
/// assert!(out.events.is_empty()); // the line is not complete yet
/// out.extend(s.feed(b"oad\":{\"id\":\"abc\",\"cli_version\":\"0.63.0\"}}\n").unwrap());
/// out.extend(s.finish().unwrap());
/// assert_eq!(out.events[0].kind.name(), "session_start");
/// ```
///
/// A clone continues on its own from where the session stands: a reader
/// that follows a growing file can finish a clone to see what the input
/// so far gives, and keep feeding the original.
pub struct Session {
    opts: Options,
    depth_limit: usize,
    state: State,
    emitter: Emitter,
    /// How the current file is cut into records.
    frame: Frame,
    /// The tool version records are being counted under, and their count
    /// so far (see [`Session::flush_drift`]).
    drift: (Option<String>, crate::batch::VersionCount),
    /// Bytes of the current, not yet terminated line.
    partial: Vec<u8>,
    /// True while discarding the rest of an over-long line.
    skipping: bool,
    /// Offset of the first byte of the current line.
    line_start: u64,
    /// Bytes consumed so far.
    consumed: u64,
    /// `consumed` when [`Session::feed_with`] last handed out a batch.
    flushed_at: u64,
    /// Number of the current line (1-based).
    line_no: u64,
    /// Running counts for the [`Summary`].
    summary: Summary,
    /// With a given source: whether the first records look like that tool's.
    check: SourceCheck,
    /// `redacted` diagnostics made when [`Staged`] batches were redacted
    /// (counted there, as it may happen on another thread).
    redacted_later: Arc<AtomicU64>,
    /// Emptied buffers handed back by [`Session::recycle`], for the next batch.
    spare: Spare,
}

#[derive(Clone, Default)]
struct Spare {
    events: Vec<crate::model::CaptureEvent>,
    diagnostics: Vec<crate::diag::Diagnostic>,
}

/// A batch as it leaves the parser: final but for redacting the content of
/// its events, which [`Staged::redact`] does. [`Session::feed_staged`] hands
/// these out so that a host can redact and write one batch on another thread
/// while the parser reads the next (the CLI does). Redacting the batches in
/// the order they were handed out gives exactly what [`Session::feed_with`]
/// gives; with redaction off, or nodes in the output, there is nothing left
/// to do and `redact` only unwraps the batch.
#[must_use = "a staged batch holds unredacted text until `redact` is called"]
pub struct Staged {
    batch: Batch,
    pending: Vec<Pending>,
    redactor: Option<&'static Redactor>,
    redacted_later: Arc<AtomicU64>,
}

impl std::fmt::Debug for Staged {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Staged")
            .field("batch", &self.batch)
            .field("pending", &self.pending.len())
            .finish_non_exhaustive()
    }
}

impl Staged {
    /// Whether the batch holds nothing (see [`Batch::is_empty`]).
    pub fn is_empty(&self) -> bool {
        self.batch.is_empty()
    }

    /// Redacts what is left and returns the batch.
    pub fn redact(self) -> Batch {
        let Staged {
            mut batch,
            pending,
            redactor,
            redacted_later,
        } = self;
        let added = if pending.is_empty() {
            0
        } else {
            crate::emit::redact_pending(
                redactor,
                &mut batch.events,
                &mut batch.diagnostics,
                pending,
            )
        };
        let total = redacted_later.fetch_add(added, Ordering::Relaxed) + added;
        if let Some(summary) = batch.summary.as_mut() {
            // The last batch: every earlier one was redacted before it.
            if total > 0 {
                *summary
                    .diagnostics
                    .entry(DiagnosticKind::Redacted)
                    .or_insert(0) += total;
            }
        }
        batch
    }
}

/// With a source given, the first [`DETECT_WINDOW`] records are classified
/// as detection would; when none belongs to the given tool, a
/// `source_mismatch` diagnostic says so (once, at the end of the window or
/// of the input).
#[derive(Clone, Default)]
struct SourceCheck {
    done: bool,
    seen: usize,
    matched: bool,
    first: Option<Loc>,
    looks_like: Option<SourceKind>,
    sniff: DocSniff,
}

/// Records longer than this are not classified by [`SourceCheck`] (the cost
/// of a second parse is not worth it; detection rarely needs them).
const CHECK_MAX_BYTES: usize = 1 << 20;

/// A session's summary kept past the session (see
/// [`Session::summary_handle`]).
#[derive(Debug, Clone)]
pub struct SummaryHandle {
    summary: Summary,
    later: Arc<AtomicU64>,
}

impl SummaryHandle {
    /// The summary, with the redactions made since in the session's staged
    /// batches.
    pub fn summary(&self) -> Summary {
        let mut s = self.summary.clone();
        let later = self.later.load(Ordering::Relaxed);
        if later > 0 {
            *s.diagnostics.entry(DiagnosticKind::Redacted).or_insert(0) += later;
        }
        s
    }
}

impl Clone for Session {
    fn clone(&self) -> Session {
        Session {
            opts: self.opts.clone(),
            depth_limit: self.depth_limit,
            state: self.state.clone(),
            emitter: self.emitter.clone(),
            frame: self.frame.clone(),
            drift: self.drift.clone(),
            partial: self.partial.clone(),
            skipping: self.skipping,
            line_start: self.line_start,
            consumed: self.consumed,
            flushed_at: self.flushed_at,
            line_no: self.line_no,
            summary: self.summary.clone(),
            check: self.check.clone(),
            // The count of redactions done later belongs to each copy.
            redacted_later: Arc::new(AtomicU64::new(self.redacted_later.load(Ordering::Relaxed))),
            spare: Spare::default(),
        }
    }
}

impl Session {
    /// Creates a session. Fails only on invalid options or an unsupported source.
    pub fn new(opts: Options) -> Result<Session, Error> {
        opts.validate()?;
        let mut emitter = Emitter::new(SourceKind::Unknown, opts.file.clone());
        emitter.keep_events = opts.output != OutputMode::Nodes;
        emitter.redactor = opts.redact.then(Redactor::shared);
        if let (Some(r), Some(file)) = (emitter.redactor, emitter.file.as_mut()) {
            // The name the caller gave, which every event repeats.
            r.redact_in_place(file, &mut []);
        }
        if opts.output != OutputMode::Events {
            emitter.pipeline = Some(Pipeline::new(crate::gate::Gate::for_options(&opts)?));
        }
        let state = match opts.source {
            Some(kind) => {
                let adapter = adapters::for_source(kind)?;
                emitter.use_adapter(kind, &*adapter);
                State::Running { adapter }
            }
            None => State::Detecting {
                held: Held::default(),
                sniff: DocSniff::default(),
            },
        };
        Ok(Session {
            depth_limit: opts.max_json_depth.min(MAX_SUPPORTED_JSON_DEPTH),
            emitter,
            summary: Summary {
                source: opts.source,
                ..Summary::default()
            },
            check: SourceCheck {
                done: opts.source.is_none(),
                ..SourceCheck::default()
            },
            opts,
            state,
            frame: Frame::Sniff(Vec::new()),
            drift: Default::default(),
            partial: Vec::new(),
            skipping: false,
            line_start: 0,
            consumed: 0,
            flushed_at: 0,
            line_no: 1,
            redacted_later: Arc::default(),
            spare: Spare::default(),
        })
    }

    /// The source being parsed, once known.
    pub fn source(&self) -> Option<SourceKind> {
        match self.emitter.source {
            SourceKind::Unknown => self.opts.source,
            detected => Some(detected),
        }
    }

    /// Feeds the next chunk and returns what became final.
    pub fn feed(&mut self, chunk: &[u8]) -> Result<Batch, Error> {
        self.feed_inner(chunk, None)?;
        Ok(self.take_batch().redact())
    }

    /// Feeds the next chunk and hands what became final to `sink`, in
    /// batches of at most about [`Session::FLUSH_ITEMS`] items or the output
    /// of [`Session::FLUSH_BYTES`] of input, whichever comes first, so that
    /// memory stays bounded however many records the chunk holds (a chunk of
    /// tiny records can make hundreds of events per kilobyte). The batches
    /// concatenated are what [`Session::feed`] returns; on an error, the
    /// batches already handed out stand and the rest of the chunk is not
    /// read.
    pub fn feed_with(&mut self, chunk: &[u8], sink: &mut dyn FnMut(Batch)) -> Result<(), Error> {
        self.feed_staged(chunk, &mut |staged| sink(staged.redact()))
    }

    /// Hands back a batch the caller is done with, so that its buffers hold
    /// a later batch instead of new ones being allocated (a host that writes
    /// batches out on another thread can send them back). Optional: a batch
    /// may as well be dropped.
    pub fn recycle(&mut self, mut batch: Batch) {
        if batch.events.capacity() > self.spare.events.capacity() {
            batch.events.clear();
            self.spare.events = batch.events;
        }
        if batch.diagnostics.capacity() > self.spare.diagnostics.capacity() {
            batch.diagnostics.clear();
            self.spare.diagnostics = batch.diagnostics;
        }
    }

    /// [`Session::feed_with`], with each batch handed out before the content
    /// of its events is redacted: the caller calls [`Staged::redact`] on each,
    /// in order, on any thread.
    pub fn feed_staged(&mut self, chunk: &[u8], sink: &mut dyn FnMut(Staged)) -> Result<(), Error> {
        self.feed_inner(chunk, Some(sink))?;
        let staged = self.take_batch();
        if !staged.is_empty() {
            sink(staged);
        }
        Ok(())
    }

    /// With [`Session::feed_with`], at most about this many events, nodes
    /// and diagnostics are handed out at once.
    pub const FLUSH_ITEMS: usize = 1024;
    /// At most this many events are reserved up front for a batch.
    const MAX_RESERVED_EVENTS: usize = 1 << 14;

    /// With [`Session::feed_with`], what this many bytes of input made is
    /// handed out at once (a few large records).
    pub const FLUSH_BYTES: u64 = 1 << 20;

    fn feed_inner(
        &mut self,
        chunk: &[u8],
        sink: Option<&mut dyn FnMut(Staged)>,
    ) -> Result<(), Error> {
        if matches!(self.state, State::Finished) {
            return Err(Error::new(
                ErrorKind::InvalidArgument,
                "feed called after finish",
            ));
        }
        if let Frame::Sniff(head) = &mut self.frame {
            head.extend_from_slice(chunk);
            let first = head
                .iter()
                .find(|b| !b.is_ascii_whitespace() && **b != 0xef && **b != 0xbb && **b != 0xbf);
            // Only a line opening with `{` needs to be seen whole.
            let ready = first.is_some_and(|&b| b != b'{')
                || memchr::memchr(b'\n', chunk).is_some()
                || head.len() > self.opts.max_record_bytes;
            if !ready {
                return Ok(());
            }
            let Some(framing) = frame::decide(head, false, self.opts.max_record_bytes) else {
                return Ok(());
            };
            let head = mem::take(head);
            self.set_framing(framing);
            return self.feed_framed(&head, sink);
        }
        self.feed_framed(chunk, sink)
    }

    fn set_framing(&mut self, framing: Framing) {
        self.frame = match framing {
            Framing::Lines => Frame::Lines,
            Framing::Document => Frame::Doc(Box::new(DocScanner::new(self.opts.max_record_bytes))),
        };
    }

    fn flush_due(&self) -> bool {
        let e = &self.emitter;
        e.events.len() + e.nodes.len() + e.diagnostics.len() >= Self::FLUSH_ITEMS
            || self.consumed - self.flushed_at >= Self::FLUSH_BYTES
    }

    fn maybe_flush(&mut self, sink: &mut Option<&mut dyn FnMut(Staged)>) {
        if let Some(sink) = sink.as_mut() {
            if self.flush_due() {
                self.flushed_at = self.consumed;
                let batch = self.take_batch();
                if !batch.is_empty() {
                    sink(batch);
                }
            }
        }
    }

    fn feed_framed(
        &mut self,
        chunk: &[u8],
        mut sink: Option<&mut dyn FnMut(Staged)>,
    ) -> Result<(), Error> {
        if let Frame::Doc(_) = self.frame {
            return self.feed_doc(chunk, sink);
        }
        let mut rest = chunk;
        while !rest.is_empty() {
            match memchr::memchr(b'\n', rest) {
                Some(i) => {
                    let (head, tail) = (&rest[..i], &rest[i + 1..]);
                    if self.skipping {
                        self.skipping = false;
                    } else if self.partial.is_empty() {
                        self.line(head)?;
                    } else if self.partial.len() + head.len() > self.opts.max_record_bytes {
                        self.partial.clear();
                        self.too_large();
                    } else {
                        let mut line = mem::take(&mut self.partial);
                        line.extend_from_slice(head);
                        let r = self.line(&line);
                        line.clear();
                        self.partial = line;
                        r?;
                    }
                    self.consumed += (i + 1) as u64;
                    self.line_no += 1;
                    self.line_start = self.consumed;
                    rest = tail;
                    self.maybe_flush(&mut sink);
                }
                None => {
                    if !self.skipping {
                        if self.partial.len() + rest.len() > self.opts.max_record_bytes {
                            self.partial = Vec::new();
                            self.skipping = true;
                            self.too_large();
                        } else {
                            self.partial.extend_from_slice(rest);
                        }
                    }
                    self.consumed += rest.len() as u64;
                    rest = &[];
                }
            }
        }
        Ok(())
    }

    /// Cuts a JSON document into records (see [`crate::frame`]).
    fn feed_doc(
        &mut self,
        chunk: &[u8],
        mut sink: Option<&mut dyn FnMut(Staged)>,
    ) -> Result<(), Error> {
        let Frame::Doc(mut scanner) = mem::replace(&mut self.frame, Frame::Lines) else {
            unreachable!()
        };
        let mut rest = chunk;
        let mut result = Ok(());
        while !rest.is_empty() {
            let (n, ev) = scanner.step(rest);
            if n == 0 && ev.is_none() {
                break; // cannot happen: every step consumes or reports
            }
            rest = &rest[n..];
            self.consumed += n as u64;
            match ev {
                Some(DocEvent::Record(loc)) => {
                    if let Err(e) = self.record(scanner.record(), loc, scanner.field(), true) {
                        result = Err(e);
                        break;
                    }
                }
                Some(DocEvent::TooLarge(loc)) => self.too_large_at(loc),
                Some(DocEvent::Broken(loc, msg)) => {
                    self.summary.records += 1;
                    self.emitter.diag(DiagnosticKind::NotJson, loc, msg);
                }
                Some(DocEvent::Trailing(loc)) => {
                    self.summary.records += 1;
                    self.emitter.diag(
                        DiagnosticKind::NotJson,
                        loc,
                        "bytes after the end of the JSON document are not read",
                    );
                }
                None => {}
            }
            self.maybe_flush(&mut sink);
        }
        self.frame = Frame::Doc(scanner);
        result
    }

    /// Starts the next file of a session kept in several (a Cline task
    /// directory, a Copilot CLI session folder): what the current file left
    /// open is closed (a cut last record is reported), positions restart at
    /// the new file's first byte, and `name` becomes the `provenance.file`
    /// of what follows. The adapter and everything it holds carry over:
    /// the files make one event stream. `parse` of one file never needs it.
    /// What closing the file made comes out with the next batch.
    pub fn next_file(&mut self, name: Option<&str>) -> Result<(), Error> {
        if matches!(self.state, State::Finished) {
            return Err(Error::new(
                ErrorKind::InvalidArgument,
                "next_file called after finish",
            ));
        }
        self.end_file()?;
        if let State::Running { adapter } = &mut self.state {
            adapter.end_file(&mut self.emitter);
        }
        self.frame = Frame::Sniff(Vec::new());
        self.consumed = 0;
        self.flushed_at = 0;
        self.line_start = 0;
        self.line_no = 1;
        let mut file = name.map(str::to_owned);
        if let (Some(r), Some(f)) = (self.emitter.redactor, file.as_mut()) {
            r.redact_in_place(f, &mut []);
        }
        self.emitter.file = file;
        if let State::Running { adapter } = &mut self.state {
            adapter.begin_file(name.unwrap_or(""), &mut self.emitter);
        }
        Ok(())
    }

    /// Closes the current file's framing: a last line without a newline is
    /// read, a record or document cut short is reported.
    fn end_file(&mut self) -> Result<(), Error> {
        if let Frame::Sniff(head) = &mut self.frame {
            let head = mem::take(head);
            let framing =
                frame::decide(&head, true, self.opts.max_record_bytes).unwrap_or(Framing::Lines);
            self.set_framing(framing);
            self.feed_framed(&head, None)?;
        }
        match &mut self.frame {
            Frame::Doc(scanner) => {
                if let Some((loc, why)) = scanner.finish() {
                    self.summary.records += 1;
                    self.emitter.diag(DiagnosticKind::Truncated, loc, why);
                }
            }
            _ => {
                if !self.partial.is_empty() && !self.skipping {
                    let line = mem::take(&mut self.partial);
                    if is_blank(&line) {
                        // nothing to account for
                    } else if serde_json::from_slice::<serde::de::IgnoredAny>(trim_cr(&line))
                        .is_ok()
                        || self.first_is_not_jsonl(&line)
                        || self.reads_text_lines()
                    {
                        self.line(&line)?;
                    } else {
                        self.summary.records += 1;
                        let loc = self.loc();
                        self.emitter.diag(
                            DiagnosticKind::Truncated,
                            loc,
                            "input ended in the middle of a record",
                        );
                    }
                }
                self.skipping = false;
            }
        }
        Ok(())
    }

    /// Whether the adapter reads lines of text (Markdown), where a last line
    /// without a newline is complete.
    fn reads_text_lines(&self) -> bool {
        matches!(&self.state, State::Running { adapter } if adapter.text_lines())
    }

    /// Ends the input: processes a last line without a newline, flushes what
    /// the adapter was holding, and returns the rest.
    pub fn finish(&mut self) -> Result<Batch, Error> {
        self.finish_staged().map(Staged::redact)
    }

    /// [`Session::finish`] for a caller of [`Session::feed_staged`]: the last
    /// batch, carrying the summary, which [`Staged::redact`] completes.
    pub fn finish_staged(&mut self) -> Result<Staged, Error> {
        if matches!(self.state, State::Finished) {
            return Err(Error::new(
                ErrorKind::InvalidArgument,
                "finish called twice",
            ));
        }
        self.end_file()?;
        if let State::Detecting { held, .. } = &mut self.state {
            if !held.is_empty() {
                let n = held.len();
                self.state = State::Finished;
                return Err(undetected(n));
            }
        }
        self.end_source_check();
        if let State::Running { adapter } = &mut self.state {
            adapter.finish(&mut self.emitter);
        }
        // (Not when the records were said not to be the given tool's.)
        let mismatched = self.opts.source.is_some() && !self.check.matched;
        if self.emitter.turns == 0
            && self.summary.records > 0
            && !mismatched
            && matches!(self.state, State::Running { .. })
        {
            let loc = Loc {
                line_no: 1,
                byte_offset: 0,
            };
            let msg = format!(
                "read as {}, but no turn of the person or the assistant was found",
                self.emitter.source
            );
            self.emitter.diag(DiagnosticKind::NoTurns, loc, msg);
        }
        self.emitter.finish();
        self.state = State::Finished;
        let mut staged = self.take_batch();
        self.flush_drift();
        let mut summary = self.summary.clone();
        summary.source = self.source();
        summary.events = self.emitter.next_seq;
        staged.batch.summary = Some(summary);
        Ok(staged)
    }

    /// A handle on this session's summary that outlives it: after
    /// [`Session::finish_staged`], the session can be dropped while its
    /// staged batches are still being redacted elsewhere, and
    /// [`SummaryHandle::summary`] counts those redactions once they are done.
    pub fn summary_handle(&self) -> SummaryHandle {
        let mut summary = self.summary.clone();
        fold_drift(&mut summary, &self.drift);
        summary.source = self.source();
        summary.events = self.emitter.next_seq;
        SummaryHandle {
            summary,
            later: Arc::clone(&self.redacted_later),
        }
    }

    /// The counts so far: records read, events and nodes made, diagnostics
    /// by kind. After [`Session::finish`], the whole input's.
    pub fn summary(&self) -> Summary {
        let mut s = self.summary.clone();
        fold_drift(&mut s, &self.drift);
        s.source = self.source();
        s.events = self.emitter.next_seq;
        let later = self.redacted_later.load(Ordering::Relaxed);
        if later > 0 {
            *s.diagnostics.entry(DiagnosticKind::Redacted).or_insert(0) += later;
        }
        s
    }

    fn take_batch(&mut self) -> Staged {
        // The next batch's buffer: a recycled one, else one the size of this
        // batch's (so a host that does not recycle does not pay for growing
        // it again, copy by copy).
        let next = match mem::take(&mut self.spare.events) {
            v if v.capacity() > 0 => v,
            _ => Vec::with_capacity(self.emitter.events.len().min(Self::MAX_RESERVED_EVENTS)),
        };
        let batch = Batch {
            events: mem::replace(&mut self.emitter.events, next),
            nodes: mem::take(&mut self.emitter.nodes),
            diagnostics: mem::replace(
                &mut self.emitter.diagnostics,
                mem::take(&mut self.spare.diagnostics),
            ),
            summary: None,
            node_pos: mem::take(&mut self.emitter.node_pos),
        };
        self.summary.nodes += batch.nodes.len() as u64;
        for d in &batch.diagnostics {
            *self.summary.diagnostics.entry(d.diagnostic).or_insert(0) += 1;
        }
        Staged {
            batch,
            pending: mem::replace(
                &mut self.emitter.pending,
                Vec::with_capacity(Self::FLUSH_ITEMS),
            ),
            redactor: self.emitter.redactor,
            redacted_later: Arc::clone(&self.redacted_later),
        }
    }

    /// True when `line`, not JSON, is the first record of an input being
    /// detected and names its format anyway (a Markdown transcript, a SQLite
    /// file): detection decides on it rather than calling it truncated.
    fn first_is_not_jsonl(&self, line: &[u8]) -> bool {
        matches!(&self.state, State::Detecting { held, .. } if held.is_empty())
            && self.summary.records == 0
            && (is_sqlite(line) || classify_line(line, true) == Some(SourceKind::Aider))
    }

    /// Classifies one of the first records against the given source.
    fn check_source(&mut self, bytes: &[u8], field: Option<&str>, doc: bool, loc: Loc) {
        let c = &mut self.check;
        c.seen += 1;
        c.first.get_or_insert(loc);
        if bytes.len() <= CHECK_MAX_BYTES {
            let kind = classify_record(&mut c.sniff, doc, field, bytes, c.seen == 1);
            match kind {
                Some(k) if Some(k) == self.opts.source.map(SourceKind::family) => c.matched = true,
                Some(k) => {
                    c.looks_like.get_or_insert(k);
                }
                None => {}
            }
        }
        if c.matched || c.seen >= DETECT_WINDOW {
            self.end_source_check();
        }
    }

    fn end_source_check(&mut self) {
        let c = &mut self.check;
        if c.done {
            return;
        }
        c.done = true;
        let (Some(loc), Some(given)) = (c.first, self.opts.source) else {
            return;
        };
        if c.matched {
            return;
        }
        let like = match c.looks_like {
            Some(k) => format!(" (they look like {k})"),
            None => String::new(),
        };
        let msg = format!(
            "source {given} was given, but none of the first {} records looks like a {given} record{like}; they are kept as unknown events",
            c.seen
        );
        self.emitter.diag(DiagnosticKind::SourceMismatch, loc, msg);
    }

    fn loc(&self) -> Loc {
        Loc {
            line_no: self.line_no,
            byte_offset: self.line_start,
        }
    }

    fn too_large(&mut self) {
        let loc = self.loc();
        self.too_large_at(loc);
    }

    fn too_large_at(&mut self, loc: Loc) {
        self.summary.records += 1;
        let msg = format!(
            "record longer than max_record_bytes ({}) skipped",
            self.opts.max_record_bytes
        );
        self.emitter.diag(DiagnosticKind::RecordTooLarge, loc, msg);
    }

    /// One complete line (without its `\n`).
    fn line(&mut self, line: &[u8]) -> Result<(), Error> {
        if line.len() > self.opts.max_record_bytes {
            self.too_large();
            return Ok(());
        }
        let line = trim_cr(line);
        if is_blank(line) {
            // Not a record; but a blank line is part of a Markdown reply.
            if self.reads_text_lines() {
                let loc = self.loc();
                self.decode(line, loc, None, false);
            }
            return Ok(());
        }
        let loc = self.loc();
        self.record(line, loc, None, false)
    }

    /// One complete record: a line, or (`doc`) a record of a JSON document,
    /// with the member it belongs to.
    fn record(
        &mut self,
        bytes: &[u8],
        loc: Loc,
        field: Option<&str>,
        doc: bool,
    ) -> Result<(), Error> {
        self.summary.records += 1;
        if !self.check.done {
            self.check_source(bytes, field, doc, loc);
        }
        if let State::Detecting { held, sniff } = &mut self.state {
            if held.is_empty() && !doc && is_sqlite(bytes) {
                self.state = State::Finished;
                return Err(Error::new(
                    ErrorKind::UnknownSource,
                    "the input is a SQLite database, not a transcript stream: a database is read by path (parse_path, `memscribe parse FILE`), which reads its sessions' rows",
                ));
            }
            let kind = if doc && bytes.len() > CHECK_MAX_BYTES {
                None
            } else {
                classify_record(sniff, doc, field, bytes, held.is_empty())
            };
            match kind {
                None => {
                    if !held.hold(bytes.len(), || (field.map(Box::from), bytes.to_vec()), loc) {
                        let n = held.len() + 1;
                        self.state = State::Finished;
                        return Err(if n < DETECT_WINDOW {
                            undetected_in_bytes(n)
                        } else {
                            undetected(n)
                        });
                    }
                    if held.len() >= DETECT_WINDOW {
                        let n = held.len();
                        self.state = State::Finished;
                        return Err(undetected(n));
                    }
                    return Ok(());
                }
                Some(kind) => {
                    let adapter = adapters::for_source(kind)?;
                    let held = held.take();
                    self.emitter.use_adapter(kind, &*adapter);
                    self.state = State::Running { adapter };
                    for ((field, bytes), loc) in held {
                        self.decode(&bytes, loc, field.as_deref(), doc);
                    }
                }
            }
        }
        self.decode(bytes, loc, field, doc);
        Ok(())
    }

    /// Checks and parses one record and hands it to the adapter. What tells
    /// identical records apart in ids made from content is the line number,
    /// or in a document (many records to a line) the byte offset.
    fn decode(&mut self, line: &[u8], loc: Loc, field: Option<&str>, doc: bool) {
        let ordinal = if doc { loc.byte_offset } else { loc.line_no };
        let State::Running { adapter } = &mut self.state else {
            return;
        };
        let out = &mut self.emitter;
        // One SIMD validation up front; the JSON reader then works on `&str`
        // and does not check each string again. Bad bytes and escapes of
        // lone surrogates are read as U+FFFD, so the record is kept.
        let (text, repairs) = crate::text::decode(line);
        if repairs.any() {
            out.diag(DiagnosticKind::InvalidUtf8, loc, repairs.message());
        }
        if self.depth_limit < MAX_SUPPORTED_JSON_DEPTH && json_depth_exceeds(line, self.depth_limit)
        {
            out.diag(
                DiagnosticKind::TooDeep,
                loc,
                format!(
                    "record nests deeper than max_json_depth ({})",
                    self.depth_limit
                ),
            );
            return;
        }
        let unknown_before = out.unknown;
        adapter.record(
            Record {
                text: &text,
                line_no: loc.line_no,
                byte_offset: loc.byte_offset,
                field,
                ordinal,
            },
            out,
        );
        if is_blank(line) {
            return;
        }
        // Counted for the version in force; flushed into the summary's map
        // when it changes (so a record costs no map lookup).
        if self.drift.0.as_ref() != out.tool_version.as_ref() {
            self.flush_drift();
            self.drift.0.clone_from(&self.emitter.tool_version);
        }
        let out = &self.emitter;
        self.drift.1.records += 1;
        self.drift.1.unknown += out.unknown - unknown_before;
    }

    /// Moves the running drift count into the summary.
    fn flush_drift(&mut self) {
        fold_drift(&mut self.summary, &self.drift);
        self.drift.1 = Default::default();
    }
}

/// Adds a running drift count to the summary's per-version counts.
fn fold_drift(
    summary: &mut Summary,
    (version, count): &(Option<String>, crate::batch::VersionCount),
) {
    if count.records > 0 {
        let entry = summary
            .versions
            .entry(version.clone().unwrap_or_default())
            .or_default();
        entry.records += count.records;
        entry.unknown += count.unknown;
    }
}

fn undetected(n: usize) -> Error {
    Error::new(
        ErrorKind::UnknownSource,
        format!(
            "could not detect the transcript format from the first {n} records; pass a source (supported: {})",
            SourceKind::supported_list()
        ),
    )
}

fn undetected_in_bytes(n: usize) -> Error {
    Error::new(
        ErrorKind::UnknownSource,
        format!(
            "could not detect the transcript format from the first {n} records ({} MiB, the most held while detecting); pass a source (supported: {})",
            HOLD_BYTES >> 20,
            SourceKind::supported_list()
        ),
    )
}

fn trim_cr(line: &[u8]) -> &[u8] {
    line.strip_suffix(b"\r").unwrap_or(line)
}

fn is_blank(line: &[u8]) -> bool {
    line.iter().all(u8::is_ascii_whitespace)
}

/// Checks that `bytes` (a JSON text) nests no deeper than `limit`, without
/// parsing it. Brackets inside strings are ignored.
pub(crate) fn json_depth_exceeds(bytes: &[u8], limit: usize) -> bool {
    let mut depth = 0usize;
    let mut in_str = false;
    let mut escaped = false;
    for &b in bytes {
        if in_str {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_str = false;
            }
            continue;
        }
        match b {
            b'"' => in_str = true,
            b'{' | b'[' => {
                depth += 1;
                if depth > limit {
                    return true;
                }
            }
            b'}' | b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_scan() {
        assert!(!json_depth_exceeds(br#"{"a":[1,{"b":2}]}"#, 3));
        assert!(json_depth_exceeds(br#"{"a":[1,{"b":2}]}"#, 2));
        assert!(!json_depth_exceeds(br#"{"a":"[[[[[[\"[[["}"#, 1));
    }
}
