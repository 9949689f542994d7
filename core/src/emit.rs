//! The shared plumbing adapters use to build events: an [`Emitter`] that
//! numbers events and a [`Base`] holding the per-record envelope.

use std::borrow::Cow;

use serde::Deserialize;
use serde_json::{Map, Value};

use crate::diag::{Diagnostic, DiagnosticKind};
use crate::nodes::PreparedNode;
use crate::pipeline::Pipeline;
use crate::redact::Redactor;
use crate::model::{CaptureEvent, EventKind, ProjectRef, SourceLocation, SCHEMA_VERSION};
use crate::source::SourceKind;

/// One input record (a line without its newline, valid UTF-8) handed to an
/// adapter.
#[derive(Clone, Copy)]
pub(crate) struct Record<'a> {
    pub text: &'a str,
    pub line_no: u64,
    pub byte_offset: u64,
}

/// A record read into the adapter's typed view, or — when its shape does not
/// fit that view — as a generic JSON value to keep verbatim.
pub(crate) enum Parsed<T> {
    Typed(T),
    Raw(Value),
}

impl<'a> Record<'a> {
    pub fn loc(&self) -> Loc {
        Loc { line_no: self.line_no, byte_offset: self.byte_offset }
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
                    out.diag(DiagnosticKind::TooDeep, self.loc(), "record nests deeper than the JSON parser allows");
                } else {
                    out.diag(DiagnosticKind::NotJson, self.loc(), format!("record is not JSON: {msg}"));
                }
                None
            }
        }
    }

    /// The id used for records whose tool wrote none: a blake3 hex of the
    /// record's bytes, suffixed with the line number so that two identical
    /// records still get distinct ids.
    pub fn content_id(&self) -> String {
        content_id(self.text.as_bytes(), self.line_no)
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
    let hash = blake3::hash(bytes);
    let hex = hash.to_hex();
    format!("{}@{}", &hex.as_str()[..32], line_no)
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
}

/// Collects the events, nodes and diagnostics of one `feed`/`finish` call.
///
/// Every event goes through here in emission order: it is numbered, redacted,
/// shown to the pipeline, and kept if the output wants events. Doing all of it
/// at emission keeps the order of events, nodes and diagnostics independent
/// of how the input was chunked.
pub(crate) struct Emitter {
    pub source: SourceKind,
    pub file: Option<String>,
    pub next_seq: u64,
    pub events: Vec<CaptureEvent>,
    pub diagnostics: Vec<Diagnostic>,
    pub nodes: Vec<PreparedNode>,
    /// For each node, how many events of the stream preceded it.
    pub node_pos: Vec<u64>,
    pub keep_events: bool,
    pub redactor: Option<&'static Redactor>,
    pub pipeline: Option<Pipeline>,
    redact_counts: Vec<u32>,
    /// The event ids given out so far, to keep them unique in the stream.
    ids: IdSet,
}

/// The event ids of a stream, kept as 64-bit hashes (a few bytes per event).
/// A source may repeat its own ids (a scrubbed file with one placeholder id on
/// every record, a record written twice); the second and later uses get a
/// suffix naming their line, so ids stay unique and still deterministic. A
/// hash collision between two distinct ids only adds a needless suffix.
#[derive(Default)]
struct IdSet(std::collections::HashSet<u64>);

impl IdSet {
    fn hash(id: &str) -> u64 {
        use std::hash::{Hash, Hasher};
        // SipHash with fixed keys: the same on every platform and run.
        let mut h = std::hash::DefaultHasher::new();
        id.hash(&mut h);
        h.finish()
    }

    /// Makes `id` unique among the ids seen so far and records it. Empty ids
    /// (events nobody reads, with nodes as the only output) are left alone.
    fn claim(&mut self, id: &mut String, line_no: u64) {
        if id.is_empty() || self.0.insert(Self::hash(id)) {
            return;
        }
        let base_len = id.len();
        use std::fmt::Write;
        let _ = write!(id, "@{line_no}");
        let mut k = 1u32;
        while !self.0.insert(Self::hash(id)) {
            id.truncate(base_len);
            let _ = write!(id, "@{line_no}.{k}");
            k += 1;
        }
    }
}

impl Emitter {
    pub fn new(source: SourceKind, file: Option<String>) -> Emitter {
        Emitter {
            source,
            file,
            next_seq: 0,
            events: Vec::new(),
            diagnostics: Vec::new(),
            nodes: Vec::new(),
            node_pos: Vec::new(),
            keep_events: true,
            redactor: None,
            pipeline: None,
            redact_counts: vec![0; crate::redact::rules().len()],
            ids: IdSet::default(),
        }
    }

    /// Emits a `file_edit` whose diff's `old` and `new` text is made of lines
    /// of its `unified` text (as a V4A patch is converted), so that when
    /// `unified` holds no redaction trigger, `old` and `new` hold none either
    /// and are not scanned.
    pub fn emit_patch_edit(&mut self, base: Base, kind: EventKind) -> u64 {
        self.emit_with(base, kind, true, false)
    }

    /// Emits an event and returns its `seq`. Its id is made unique in the
    /// stream first (see [`IdSet`]).
    pub fn emit(&mut self, base: Base, kind: EventKind) -> u64 {
        self.emit_with(base, kind, false, false)
    }

    /// Makes `base`'s id unique ahead of [`Emitter::emit_claimed`], for an
    /// event whose id others must point at (a turn and its calls).
    pub fn claim_id(&mut self, base: &mut Base) {
        self.ids.claim(&mut base.event_id, base.loc.line_no);
    }

    /// Emits an event whose id went through [`Emitter::claim_id`].
    pub fn emit_claimed(&mut self, base: Base, kind: EventKind) -> u64 {
        self.emit_with(base, kind, false, true)
    }

    fn emit_with(&mut self, mut base: Base, mut kind: EventKind, lines_in_unified: bool, claimed: bool) -> u64 {
        if !claimed {
            self.ids.claim(&mut base.event_id, base.loc.line_no);
        }
        let seq = self.next_seq;
        self.next_seq += 1;
        if let Some(r) = self.redactor {
            self.redact_counts.iter_mut().for_each(|c| *c = 0);
            let counts = &mut self.redact_counts;
            let n = match &mut kind {
                EventKind::FileEdit { diff, .. } => redact_diff(r, diff, lines_in_unified, counts),
                _ if self.keep_events => redact_kind(r, &mut kind, counts),
                _ => crate::pipeline::redact_node_inputs(r, &mut kind, counts),
            };
            if n > 0 {
                let by_rule: Vec<String> = crate::redact::rules()
                    .iter()
                    .zip(&self.redact_counts)
                    .filter(|(_, &n)| n > 0)
                    .map(|(rule, n)| format!("{}={n}", rule.id))
                    .collect();
                self.diag(DiagnosticKind::Redacted, base.loc, format!("redacted secrets: {}", by_rule.join(", ")));
            }
        }
        let event = CaptureEvent {
            schema_version: SCHEMA_VERSION,
            source: self.source,
            session_id: base.session_id,
            seq,
            event_id: base.event_id,
            parent_id: base.parent_id,
            timestamp: base.timestamp,
            project: base.project,
            kind,
            provenance: SourceLocation {
                file: self.file.clone(),
                byte_offset: base.loc.byte_offset,
                line_no: base.loc.line_no,
                merged_lines: base.merged_lines,
            },
            agent_id: base.agent_id,
            logical_parent_id: base.logical_parent_id,
        };
        let before = self.nodes.len();
        match (self.pipeline.as_mut(), self.keep_events) {
            (Some(p), true) => {
                p.event(&event, &mut self.nodes, &mut self.diagnostics);
                self.events.push(event);
            }
            // Nodes are the only output: the pipeline may take the event apart.
            (Some(p), false) => p.event_owned(event, &mut self.nodes, &mut self.diagnostics),
            (None, true) => self.events.push(event),
            (None, false) => {}
        }
        if self.pipeline.is_some() {
            self.node_pos.resize(self.nodes.len().max(before), seq + 1);
        }
        seq
    }

    /// Ends the stream for the pipeline.
    pub fn finish(&mut self) {
        if let Some(p) = self.pipeline.as_mut() {
            p.finish(&mut self.nodes);
            self.node_pos.resize(self.nodes.len(), self.next_seq);
        }
    }

    pub fn diag(&mut self, kind: DiagnosticKind, loc: Loc, message: impl Into<String>) {
        self.diagnostics.push(Diagnostic {
            diagnostic: kind,
            line_no: loc.line_no,
            byte_offset: loc.byte_offset,
            message: message.into(),
        });
    }
}

/// Redacts every string an event kind carries; returns the replacements made.
pub(crate) fn redact_kind(r: &Redactor, kind: &mut EventKind, counts: &mut [u32]) -> u32 {
    let mut n = 0;
    match kind {
        EventKind::SessionStart { .. } | EventKind::Compaction { summary: None, .. } | EventKind::Rewind { .. } => {}
        EventKind::UserTurn { text: t, parts, .. } => {
            n += r.redact_in_place(t, counts);
            for p in parts {
                n += redact_part(r, p, counts);
            }
        }
        EventKind::AssistantTurn { text: t, thinking, parts, .. } => {
            n += r.redact_in_place(t, counts);
            if let Some(th) = thinking {
                n += r.redact_in_place(th, counts);
            }
            for p in parts {
                n += redact_part(r, p, counts);
            }
        }
        EventKind::ToolCall { args, .. } => n += r.redact_value(args, counts),
        EventKind::ToolResult { output, .. } => n += r.redact_value(output, counts),
        EventKind::FileEdit { diff, .. } => n += redact_diff(r, diff, false, counts),
        EventKind::Compaction { summary: Some(s), .. } => n += r.redact_in_place(s, counts),
        EventKind::SessionEnd { reason } => {
            if let Some(s) = reason {
                n += r.redact_in_place(s, counts);
            }
        }
        EventKind::Unknown { raw, .. } => n += r.redact_value(raw, counts),
    }
    n
}

/// Redacts a diff's `unified`, `old` and `new` text. With `lines_in_unified`
/// (every line of `old` and `new` is part of a line of `unified`), `old` and
/// `new` are skipped when `unified` has no trigger: triggers never span a
/// line break, so neither can have one.
fn redact_diff(r: &Redactor, diff: &mut crate::model::Diff, lines_in_unified: bool, counts: &mut [u32]) -> u32 {
    let (mut n, triggered) = r.redact_in_place_traced(&mut diff.unified, counts);
    if triggered || !lines_in_unified {
        for s in [&mut diff.old, &mut diff.new].into_iter().flatten() {
            n += r.redact_in_place(s, counts);
        }
    }
    n
}

fn redact_part(r: &Redactor, part: &mut crate::model::Part, counts: &mut [u32]) -> u32 {
    use crate::model::Part;
    match part {
        Part::Text { text } | Part::Thinking { text } => r.redact_in_place(text, counts),
        Part::ToolUse { input, .. } => input.as_mut().map_or(0, |v| r.redact_value(v, counts)),
        Part::ToolResult { content, .. } => r.redact_value(content, counts),
        Part::Image { .. } => 0,
        Part::Other { raw } => r.redact_value(raw, counts),
    }
}

/// An assistant turn assembled from one or more records, with the tool calls
/// it made (emitted right after it, pointing back at it).
pub(crate) struct TurnDraft {
    pub base: Base,
    pub text: String,
    pub thinking: String,
    pub usage: Option<crate::model::Usage>,
    pub parts: Vec<crate::model::Part>,
    pub calls: Vec<(Base, String, String, Value)>,
}

impl TurnDraft {
    pub fn new(base: Base) -> TurnDraft {
        TurnDraft { base, text: String::new(), thinking: String::new(), usage: None, parts: Vec::new(), calls: Vec::new() }
    }

    /// Records a tool call: a `tool_use` part naming it, and the `tool_call`
    /// event (with `base` as its envelope) that will follow the turn.
    pub fn add_call(&mut self, mut base: Base, call_id: String, name: String, args: Value) {
        base.event_id.clone_from(&call_id);
        self.parts.push(crate::model::Part::ToolUse { id: call_id.clone(), name: name.clone(), input: None });
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
                thinking: if self.thinking.is_empty() { None } else { Some(self.thinking) },
                model,
                usage: self.usage,
                parts: self.parts,
                message_id,
            },
        );
        for (mut base, call_id, name, args) in self.calls {
            base.parent_id = Some(turn_id.clone());
            out.emit(base, EventKind::ToolCall { call_id, name, args });
        }
    }
}

/// Every adapter turns records into events; the session drives it.
pub(crate) trait Adapter: Send + Sync {
    fn record(&mut self, rec: Record<'_>, out: &mut Emitter);
    fn finish(&mut self, out: &mut Emitter);
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
