//! The incremental parser. [`parse`](crate::parse) is a `Session` fed once.

use std::collections::BTreeMap;
use std::mem;

use serde::{Deserialize, Serialize};

use crate::adapters;
use crate::detect::{classify_line, is_sqlite, DETECT_WINDOW};
use crate::diag::{Diagnostic, DiagnosticKind};
use crate::emit::{json_depth_exceeds, Adapter, Emitter, Loc, Record};
use crate::error::{Error, ErrorKind};
use crate::model::CaptureEvent;
use crate::nodes::PreparedNode;
use crate::options::{Options, OutputMode, MAX_SUPPORTED_JSON_DEPTH};
use crate::pipeline::Pipeline;
use crate::redact::Redactor;
use crate::source::SourceKind;

/// One output item: an event or a node.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Item<'a> {
    Event(&'a CaptureEvent),
    Node(&'a PreparedNode),
}

impl serde::Serialize for Item<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Item::Event(e) => e.serialize(s),
            Item::Node(n) => n.serialize(s),
        }
    }
}

/// What one `feed` or `finish` call produced.
///
/// `events` is empty when the output is `nodes`, and `nodes` when it is
/// `events`. In `both` mode each node is placed right after the event whose
/// processing made it final ([`Batch::write_ndjson`] interleaves them so).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Batch {
    /// Events, in `seq` order.
    pub events: Vec<CaptureEvent>,
    /// Nodes, in the order they became final.
    pub nodes: Vec<PreparedNode>,
    /// Notes about records: why some produced no event, what was redacted.
    pub diagnostics: Vec<Diagnostic>,
    /// The whole session's counts, on the batch [`Session::finish`] returns
    /// (and so on [`parse`](crate::parse)'s); `None` on `feed`'s batches.
    pub summary: Option<Summary>,
    /// For each node, how many events of the stream came before it.
    node_pos: Vec<u64>,
}

/// What a whole parse read and made: the line a CLI prints at the end, and
/// what bindings return beside the items.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    /// The tool the input was read as (given or detected); null when no
    /// record identified one.
    pub source: Option<SourceKind>,
    /// Non-blank input lines (records), including those skipped with a
    /// diagnostic.
    pub records: u64,
    /// Events made (also counted when only nodes are returned).
    pub events: u64,
    /// Nodes made (0 when only events are returned).
    pub nodes: u64,
    /// Diagnostics by kind, notes included.
    pub diagnostics: BTreeMap<DiagnosticKind, u64>,
}

impl Summary {
    /// Diagnostics that report damage or a mismatch (see
    /// [`DiagnosticKind::is_problem`]).
    pub fn problems(&self) -> u64 {
        self.diagnostics.iter().filter(|(k, _)| k.is_problem()).map(|(_, n)| n).sum()
    }
}

impl Batch {
    /// Appends another batch (used to concatenate streamed output).
    pub fn extend(&mut self, other: Batch) {
        self.events.extend(other.events);
        self.nodes.extend(other.nodes);
        self.node_pos.extend(other.node_pos);
        self.diagnostics.extend(other.diagnostics);
        if other.summary.is_some() {
            self.summary = other.summary;
        }
    }

    /// For node `i`, the number of events of the stream that precede it.
    pub fn node_position(&self, i: usize) -> Option<u64> {
        self.node_pos.get(i).copied()
    }

    /// The batch's output items in the order of the given mode: events, nodes,
    /// or both interleaved (each node right after the event that made it
    /// final). Bindings build their native objects from this.
    pub fn items(&self, mode: OutputMode) -> Vec<Item<'_>> {
        let mut out = Vec::with_capacity(self.events.len() + self.nodes.len());
        let mut next_node = 0;
        if mode != OutputMode::Nodes {
            for ev in &self.events {
                if mode == OutputMode::Both {
                    while next_node < self.nodes.len() && self.node_pos[next_node] <= ev.seq {
                        out.push(Item::Node(&self.nodes[next_node]));
                        next_node += 1;
                    }
                }
                out.push(Item::Event(ev));
            }
        }
        if mode != OutputMode::Events {
            out.extend(self.nodes[next_node..].iter().map(Item::Node));
        }
        out
    }

    /// Writes the batch as NDJSON in the given mode (see [`Batch::items`]).
    /// One canonical JSON object per line, `\n`-terminated.
    pub fn write_ndjson<W: std::io::Write>(&self, mut w: W, mode: OutputMode) -> std::io::Result<()> {
        for item in self.items(mode) {
            match item {
                Item::Event(e) => serde_json::to_writer(&mut w, e)?,
                Item::Node(n) => serde_json::to_writer(&mut w, n)?,
            }
            w.write_all(b"\n")?;
        }
        Ok(())
    }

    /// Writes the events as NDJSON: one canonical JSON object per line, each
    /// terminated by `\n`.
    pub fn write_events_ndjson<W: std::io::Write>(&self, mut w: W) -> std::io::Result<()> {
        for ev in &self.events {
            serde_json::to_writer(&mut w, ev)?;
            w.write_all(b"\n")?;
        }
        Ok(())
    }

    /// Writes the diagnostics as NDJSON, one object per line.
    pub fn write_diagnostics_ndjson<W: std::io::Write>(&self, mut w: W) -> std::io::Result<()> {
        for d in &self.diagnostics {
            serde_json::to_writer(&mut w, d)?;
            w.write_all(b"\n")?;
        }
        Ok(())
    }
}

enum State {
    /// No source given: records are held until one identifies the tool.
    Detecting { held: Vec<(Vec<u8>, Loc)> },
    Running { adapter: Box<dyn Adapter> },
    Finished,
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
pub struct Session {
    opts: Options,
    depth_limit: usize,
    state: State,
    emitter: Emitter,
    /// Bytes of the current, not yet terminated line.
    partial: Vec<u8>,
    /// True while discarding the rest of an over-long line.
    skipping: bool,
    /// Offset of the first byte of the current line.
    line_start: u64,
    /// Bytes consumed so far.
    consumed: u64,
    /// Number of the current line (1-based).
    line_no: u64,
    /// Running counts for the [`Summary`].
    summary: Summary,
    /// With a given source: whether the first records look like that tool's.
    check: SourceCheck,
}

/// With a source given, the first [`DETECT_WINDOW`] records are classified
/// as detection would; when none belongs to the given tool, a
/// `source_mismatch` diagnostic says so (once, at the end of the window or
/// of the input).
#[derive(Default)]
struct SourceCheck {
    done: bool,
    seen: usize,
    matched: bool,
    first: Option<Loc>,
    looks_like: Option<SourceKind>,
}

/// Records longer than this are not classified by [`SourceCheck`] (the cost
/// of a second parse is not worth it; detection rarely needs them).
const CHECK_MAX_BYTES: usize = 1 << 20;

impl Session {
    /// Creates a session. Fails only on invalid options or an unsupported source.
    pub fn new(opts: Options) -> Result<Session, Error> {
        opts.validate()?;
        let state = match opts.source {
            Some(kind) => State::Running { adapter: adapters::for_source(kind)? },
            None => State::Detecting { held: Vec::new() },
        };
        let source = opts.source.unwrap_or(SourceKind::Unknown);
        let mut emitter = Emitter::new(source, opts.file.clone());
        emitter.keep_events = opts.output != OutputMode::Nodes;
        emitter.redactor = opts.redact.then(Redactor::shared);
        if opts.output != OutputMode::Events {
            emitter.pipeline = Some(Pipeline::new(opts.gate()?));
        }
        Ok(Session {
            depth_limit: opts.max_json_depth.min(MAX_SUPPORTED_JSON_DEPTH),
            emitter,
            summary: Summary { source: opts.source, ..Summary::default() },
            check: SourceCheck { done: opts.source.is_none(), ..SourceCheck::default() },
            opts,
            state,
            partial: Vec::new(),
            skipping: false,
            line_start: 0,
            consumed: 0,
            line_no: 1,
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
        if matches!(self.state, State::Finished) {
            return Err(Error::new(ErrorKind::InvalidArgument, "feed called after finish"));
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
        Ok(self.take_batch())
    }

    /// Ends the input: processes a last line without a newline, flushes what
    /// the adapter was holding, and returns the rest.
    pub fn finish(&mut self) -> Result<Batch, Error> {
        if matches!(self.state, State::Finished) {
            return Err(Error::new(ErrorKind::InvalidArgument, "finish called twice"));
        }
        if !self.partial.is_empty() && !self.skipping {
            let line = mem::take(&mut self.partial);
            if is_blank(&line) {
                // nothing to account for
            } else if serde_json::from_slice::<serde::de::IgnoredAny>(trim_cr(&line)).is_ok() || self.first_is_not_jsonl(&line) {
                self.line(&line)?;
            } else {
                self.summary.records += 1;
                let loc = self.loc();
                self.emitter.diag(DiagnosticKind::Truncated, loc, "input ended in the middle of a record");
            }
        }
        self.skipping = false;
        if let State::Detecting { held } = &mut self.state {
            if !held.is_empty() {
                let held = mem::take(held);
                self.state = State::Finished;
                return Err(undetected(held.len()));
            }
        }
        self.end_source_check();
        if let State::Running { adapter } = &mut self.state {
            adapter.finish(&mut self.emitter);
        }
        self.emitter.finish();
        self.state = State::Finished;
        let mut batch = self.take_batch();
        batch.summary = Some(self.summary());
        Ok(batch)
    }

    /// The counts so far: records read, events and nodes made, diagnostics
    /// by kind. After [`Session::finish`], the whole input's.
    pub fn summary(&self) -> Summary {
        let mut s = self.summary.clone();
        s.source = self.source();
        s.events = self.emitter.next_seq;
        s
    }

    fn take_batch(&mut self) -> Batch {
        let batch = Batch {
            events: mem::take(&mut self.emitter.events),
            nodes: mem::take(&mut self.emitter.nodes),
            diagnostics: mem::take(&mut self.emitter.diagnostics),
            summary: None,
            node_pos: mem::take(&mut self.emitter.node_pos),
        };
        self.summary.nodes += batch.nodes.len() as u64;
        for d in &batch.diagnostics {
            *self.summary.diagnostics.entry(d.diagnostic).or_insert(0) += 1;
        }
        batch
    }

    /// True when `line`, not JSON, is the first record of an input being
    /// detected and names its format anyway (a Markdown transcript, a SQLite
    /// file): detection decides on it rather than calling it truncated.
    fn first_is_not_jsonl(&self, line: &[u8]) -> bool {
        matches!(&self.state, State::Detecting { held } if held.is_empty())
            && self.summary.records == 0
            && (is_sqlite(line) || classify_line(line, true) == Some(SourceKind::Aider))
    }

    /// Classifies one of the first records against the given source.
    fn check_source(&mut self, line: &[u8], loc: Loc) {
        let c = &mut self.check;
        c.seen += 1;
        c.first.get_or_insert(loc);
        if line.len() <= CHECK_MAX_BYTES {
            match classify_line(line, c.seen == 1) {
                Some(k) if Some(k) == self.opts.source => c.matched = true,
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
        let (Some(loc), Some(given)) = (c.first, self.opts.source) else { return };
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
        Loc { line_no: self.line_no, byte_offset: self.line_start }
    }

    fn too_large(&mut self) {
        self.summary.records += 1;
        let loc = self.loc();
        let msg = format!("record longer than max_record_bytes ({}) skipped", self.opts.max_record_bytes);
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
            return Ok(());
        }
        self.summary.records += 1;
        let loc = self.loc();
        if !self.check.done {
            self.check_source(line, loc);
        }
        if let State::Detecting { held } = &mut self.state {
            if held.is_empty() && is_sqlite(line) {
                self.state = State::Finished;
                return Err(Error::new(
                    ErrorKind::UnknownSource,
                    "the input is a SQLite database, not a transcript stream; this version reads JSONL transcripts (supported sources: "
                        .to_owned()
                        + &SourceKind::supported_list()
                        + ")",
                ));
            }
            let kind = classify_line(line, held.is_empty());
            match kind {
                None => {
                    held.push((line.to_vec(), loc));
                    if held.len() >= DETECT_WINDOW {
                        let n = held.len();
                        self.state = State::Finished;
                        return Err(undetected(n));
                    }
                    return Ok(());
                }
                Some(kind) => {
                    let adapter = adapters::for_source(kind)?;
                    let held = mem::take(held);
                    self.emitter.source = kind;
                    self.state = State::Running { adapter };
                    for (bytes, loc) in held {
                        self.decode(&bytes, loc);
                    }
                }
            }
        }
        self.decode(line, loc);
        Ok(())
    }

    /// Checks and parses one record and hands it to the adapter.
    fn decode(&mut self, line: &[u8], loc: Loc) {
        let State::Running { adapter } = &mut self.state else { return };
        let out = &mut self.emitter;
        // One SIMD validation up front; the JSON reader then works on `&str`
        // and does not check each string again.
        let Ok(text) = simdutf8::basic::from_utf8(line) else {
            let detail = std::str::from_utf8(line).err().map(|e| e.to_string()).unwrap_or_default();
            out.diag(DiagnosticKind::InvalidUtf8, loc, format!("record is not valid UTF-8 ({detail})"));
            return;
        };
        if self.depth_limit < MAX_SUPPORTED_JSON_DEPTH && json_depth_exceeds(line, self.depth_limit) {
            out.diag(DiagnosticKind::TooDeep, loc, format!("record nests deeper than max_json_depth ({})", self.depth_limit));
            return;
        }
        adapter.record(Record { text, line_no: loc.line_no, byte_offset: loc.byte_offset }, out);
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

fn trim_cr(line: &[u8]) -> &[u8] {
    line.strip_suffix(b"\r").unwrap_or(line)
}

fn is_blank(line: &[u8]) -> bool {
    line.iter().all(u8::is_ascii_whitespace)
}
