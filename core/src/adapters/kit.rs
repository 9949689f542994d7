//! The adapter kit: what every adapter builds its events with — the
//! [`Record`] it is handed (one JSONL line, with its position), typed or raw
//! reading of it ([`Parsed`], [`Str`]), ids for records without one
//! ([`content_id`]), the per-event envelope ([`Base`]), an assistant turn
//! assembled over several records with the calls it made ([`TurnDraft`]),
//! small JSON helpers, and the [`Adapter`] trait itself. An adapter emits
//! through the [`Emitter`]; nothing here knows any tool's format.

use std::borrow::Cow;

use serde::Deserialize;
use serde_json::{Map, Value};

use crate::diag::DiagnosticKind;
use crate::emit::Emitter;
use crate::model::{EventKind, ProjectRef};

/// One input record (valid UTF-8) handed to an adapter: a line without its
/// newline, or a record of a JSON document (see [`crate::frame`]).
#[derive(Clone, Copy)]
pub(crate) struct Record<'a> {
    pub text: &'a str,
    pub line_no: u64,
    pub byte_offset: u64,
    /// In a JSON document, the top-level member the record is (or is an
    /// element of); `None` for a line or an element of a top-level array.
    pub field: Option<&'a str>,
    /// What tells identical records apart in [`Record::content_id`]: the
    /// line number, or in a document the byte offset.
    pub ordinal: u64,
}

/// A record read into the adapter's typed view, or — when its shape does not
/// fit that view — as a generic JSON value to keep verbatim.
#[derive(Clone)]
pub(crate) enum Parsed<T> {
    Typed(T),
    Raw(Value),
}

impl<'a> Record<'a> {
    pub fn loc(&self) -> Loc {
        Loc {
            line_no: self.line_no,
            byte_offset: self.byte_offset,
        }
    }

    /// Reads the record as `T`; falls back to a generic value when the shape
    /// does not match, and to a diagnostic (returning `None`) when the record
    /// is not JSON at all.
    pub fn parse<T: Deserialize<'a>>(&self, out: &mut Emitter) -> Option<Parsed<T>> {
        match serde_json::from_str::<T>(self.text) {
            Ok(t) => Some(Parsed::Typed(t)),
            Err(_) => self.value(out).map(Parsed::Raw),
        }
    }

    /// Reads the record as a generic JSON value, or reports why it is not one.
    pub fn value(&self, out: &mut Emitter) -> Option<Value> {
        match serde_json::from_str::<Value>(self.text) {
            Ok(v) => Some(v),
            Err(e) => {
                let msg = e.to_string();
                if msg.contains("recursion limit exceeded") {
                    out.diag(DiagnosticKind::TooDeep, self.loc(), "record nests deeper than max_json_depth (127, the most the JSON parser reads)");
                } else {
                    out.diag(
                        DiagnosticKind::NotJson,
                        self.loc(),
                        format!("record is not JSON: {msg}"),
                    );
                }
                None
            }
        }
    }

    /// The id used for records whose tool wrote none: a blake3 hex of the
    /// record's bytes, suffixed with the line number (in a document, the
    /// byte offset) so that two identical records still get distinct ids.
    pub fn content_id(&self) -> String {
        content_id(self.text.as_bytes(), self.ordinal)
    }
}

/// A record an adapter keeps for later (until what it waits for arrives),
/// with the value already read from it, so that it is not read twice.
#[derive(Clone)]
pub(crate) struct OwnedRecord {
    pub text: String,
    pub loc: Loc,
    pub ordinal: u64,
    pub field: Option<String>,
    pub value: Value,
}

impl OwnedRecord {
    /// Keeps `rec`, whose value is `value`.
    pub fn keep(rec: &Record<'_>, value: Value) -> OwnedRecord {
        OwnedRecord {
            text: rec.text.to_owned(),
            loc: rec.loc(),
            ordinal: rec.ordinal,
            field: rec.field.map(str::to_owned),
            value,
        }
    }

    /// The record as it was handed in.
    pub fn record(&self) -> Record<'_> {
        Record {
            text: &self.text,
            line_no: self.loc.line_no,
            byte_offset: self.loc.byte_offset,
            field: self.field.as_deref(),
            ordinal: self.ordinal,
        }
    }
}

/// A string read without copying when the JSON text has no escapes in it.
pub(crate) struct Str<'a>(pub Cow<'a, str>);

impl<'de> Deserialize<'de> for Str<'de> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Str<'de>, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Str<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E: serde::de::Error>(self, v: &'de str) -> Result<Str<'de>, E> {
                Ok(Str(Cow::Borrowed(v)))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Str<'de>, E> {
                Ok(Str(Cow::Owned(v.to_owned())))
            }
            fn visit_string<E: serde::de::Error>(self, v: String) -> Result<Str<'de>, E> {
                Ok(Str(Cow::Owned(v)))
            }
        }
        d.deserialize_str(V)
    }
}

/// See [`Record::content_id`].
pub(crate) fn content_id(bytes: &[u8], line_no: u64) -> String {
    use std::fmt::Write;
    let hash = blake3::hash(bytes);
    let mut id = String::with_capacity(32 + 1 + 20);
    id.push_str(&hash.to_hex().as_str()[..32]);
    let _ = write!(id, "@{line_no}");
    id
}

/// How many bytes of records may be held back in all, wherever a stage waits
/// for a later record (detection for one that names the tool, an adapter for
/// the one that must come first). Past it, holding ends: a record that would
/// not fit is never copied, so memory stays bounded wherever large records
/// sit.
pub(crate) const HOLD_BYTES: usize = 4 << 20;

/// Records held back until something they wait for arrives, at most `N` of
/// them and [`HOLD_BYTES`] in all.
#[derive(Clone)]
pub(crate) struct Held<T, const N: usize> {
    records: Vec<(T, Loc)>,
    bytes: usize,
}

impl<T, const N: usize> Default for Held<T, N> {
    fn default() -> Self {
        Held {
            records: Vec::new(),
            bytes: 0,
        }
    }
}

impl<T, const N: usize> Held<T, N> {
    /// Whether a record of `len` bytes fits.
    pub fn fits(&self, len: usize) -> bool {
        self.records.len() < N && self.bytes + len <= HOLD_BYTES
    }

    /// Holds `record` if it fits and returns whether it did.
    pub fn hold(&mut self, len: usize, make: impl FnOnce() -> T, loc: Loc) -> bool {
        if !self.fits(len) {
            return false;
        }
        self.bytes += len;
        self.records.push((make(), loc));
        true
    }

    pub fn len(&self) -> usize {
        self.records.len()
    }

    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// Everything held, in arrival order; the hold is empty after.
    pub fn take(&mut self) -> Vec<(T, Loc)> {
        self.bytes = 0;
        std::mem::take(&mut self.records)
    }
}

/// A record's position.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Loc {
    pub line_no: u64,
    pub byte_offset: u64,
}

/// Everything about an event except its kind and sequence number.
#[derive(Debug, Clone, Default)]
pub(crate) struct Base {
    pub session_id: Option<String>,
    pub event_id: String,
    pub parent_id: Option<String>,
    pub logical_parent_id: Option<String>,
    pub timestamp: Option<String>,
    pub project: ProjectRef,
    pub agent_id: Option<String>,
    pub loc: Loc,
    /// Lines of other records folded into this event.
    pub merged_lines: Vec<u64>,
    /// The file the event came from, when it is not the one being read (a
    /// session in several files, read a file late): already redacted.
    pub file: Option<String>,
}

/// An assistant turn assembled from one or more records, with the tool calls
/// it made (emitted right after it, pointing back at it).
#[derive(Clone)]
pub(crate) struct TurnDraft {
    pub base: Base,
    pub text: String,
    pub thinking: String,
    pub usage: Option<crate::model::Usage>,
    pub parts: Vec<crate::model::Part>,
    pub calls: Vec<(Base, String, String, CallArgs)>,
}

impl TurnDraft {
    pub fn new(base: Base) -> TurnDraft {
        TurnDraft {
            base,
            text: String::new(),
            thinking: String::new(),
            usage: None,
            parts: Vec::new(),
            calls: Vec::new(),
        }
    }

    /// Records a tool call: a `tool_use` part naming it, and the `tool_call`
    /// event (with `base` as its envelope) that will follow the turn.
    pub fn add_call(
        &mut self,
        mut base: Base,
        call_id: String,
        name: String,
        args: impl Into<CallArgs>,
    ) {
        let args = args.into();
        // A call without an id of its own keeps the id its caller made.
        if !call_id.is_empty() {
            base.event_id.clone_from(&call_id);
        }
        self.parts.push(crate::model::Part::ToolUse {
            id: call_id.clone(),
            name: name.clone(),
            input: None,
        });
        self.calls.push((base, call_id, name, args));
    }

    /// Emits the turn, then its tool calls.
    pub fn emit(mut self, out: &mut Emitter, model: Option<String>, message_id: Option<String>) {
        out.claim_id(&mut self.base);
        let turn_id = self.base.event_id.clone();
        out.emit_claimed(
            self.base,
            EventKind::AssistantTurn {
                text: self.text,
                thinking: if self.thinking.is_empty() {
                    None
                } else {
                    Some(self.thinking)
                },
                model,
                usage: self.usage,
                parts: self.parts,
                message_id,
            },
        );
        for (mut base, call_id, name, args) in self.calls {
            base.parent_id = Some(turn_id.clone());
            match args {
                CallArgs::Value(args) => {
                    out.emit(
                        base,
                        EventKind::ToolCall {
                            call_id,
                            name,
                            args,
                        },
                    );
                }
                CallArgs::Json(text) => out.emit_call_json(base, call_id, name, text),
            }
        }
    }
}

/// A tool call's arguments as the record gives them: a value, or a JSON text
/// (read when the event is emitted, or later: [`Emitter::emit_call_json`]).
#[derive(Clone)]
pub(crate) enum CallArgs {
    Value(Value),
    Json(String),
}

impl From<Value> for CallArgs {
    fn from(v: Value) -> CallArgs {
        CallArgs::Value(v)
    }
}

/// What every adapter is: it turns records into events, the session drives
/// it (one [`Adapter::record`] per input line, in order, then
/// [`Adapter::finish`]).
/// A copy of an adapter, state and all (what [`crate::Session`]'s `Clone`
/// needs of the adapter it holds).
pub(crate) trait AdapterClone {
    fn clone_box(&self) -> Box<dyn Adapter>;
}

impl<T: Adapter + Clone + 'static> AdapterClone for T {
    fn clone_box(&self) -> Box<dyn Adapter> {
        Box::new(self.clone())
    }
}

impl Clone for Box<dyn Adapter> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

pub(crate) trait Adapter: Send + Sync + AdapterClone {
    /// Handles one record: emits its events through `out` (now or, for
    /// records that continue a turn, later), or a diagnostic saying why it
    /// yields none.
    fn record(&mut self, rec: Record<'_>, out: &mut Emitter);
    /// The input ended: emits whatever the adapter still holds.
    fn finish(&mut self, out: &mut Emitter);
    /// The names of this tool's calls that start a subagent (whose prompt the
    /// subagent's first turn repeats). The pipeline attributes a subagent's
    /// work to the arc of the call that started it.
    fn subagent_tools(&self) -> &'static [&'static str] {
        &[]
    }
    /// A session kept in several files moves on to the next one, `name`
    /// (see [`crate::Session::next_file`]).
    fn begin_file(&mut self, _name: &str, _out: &mut Emitter) {}
    /// A file of the session ends (another follows): what the adapter still
    /// holds of it is released now, while the events are still named after
    /// it.
    fn end_file(&mut self, _out: &mut Emitter) {}
    /// Whether records are lines of text rather than JSON (Aider's
    /// Markdown): a last line without a newline is then complete.
    fn text_lines(&self) -> bool {
        false
    }
}

// ---- small JSON helpers shared by the adapters ----

pub(crate) fn get_str<'a>(m: &'a Map<String, Value>, key: &str) -> Option<&'a str> {
    m.get(key).and_then(Value::as_str)
}

pub(crate) fn get_string(m: &Map<String, Value>, key: &str) -> Option<String> {
    get_str(m, key).map(str::to_owned)
}

/// Joins non-empty pieces with `sep`.
pub(crate) fn push_joined(acc: &mut String, piece: &str, sep: &str) {
    if piece.is_empty() {
        return;
    }
    if !acc.is_empty() {
        acc.push_str(sep);
    }
    acc.push_str(piece);
}
