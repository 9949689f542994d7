//! The join of the stages: every event an adapter makes goes through the
//! [`Emitter`], which numbers it, makes its id unique, redacts it, shows it
//! to the pipeline and keeps it when the output wants events.

use crate::adapters::kit::{Base, Loc};
use crate::diag::{Diagnostic, DiagnosticKind};
use crate::model::{CaptureEvent, EventKind, SourceLocation, SCHEMA_VERSION};
use crate::nodes::PreparedNode;
use crate::pipeline::Pipeline;
use crate::redact::Redactor;
use crate::source::SourceKind;

/// Collects the events, nodes and diagnostics of one `feed`/`finish` call.
///
/// Every event goes through here in emission order: it is numbered, redacted,
/// shown to the pipeline, and kept if the output wants events. Doing all of it
/// at emission keeps the order of events, nodes and diagnostics independent
/// of how the input was chunked.
#[derive(Clone)]
pub(crate) struct Emitter {
    pub source: SourceKind,
    pub file: Option<String>,
    pub next_seq: u64,
    /// User and assistant turns emitted.
    pub turns: u64,
    /// `unknown` events emitted.
    pub unknown: u64,
    /// The tool version the last `session_start` named.
    pub tool_version: Option<String>,
    pub events: Vec<CaptureEvent>,
    pub diagnostics: Vec<Diagnostic>,
    pub nodes: Vec<PreparedNode>,
    /// For each node, how many events of the stream preceded it.
    pub node_pos: Vec<u64>,
    pub keep_events: bool,
    pub redactor: Option<&'static Redactor>,
    pub pipeline: Option<Pipeline>,
    /// The source's calls that start a subagent, from its adapter.
    subagent_tools: &'static [&'static str],
    redact_counts: Vec<u32>,
    /// The event ids given out so far, to keep them unique in the stream.
    ids: IdSet,
    /// The last project and session id redacted, with their redacted forms:
    /// every event repeats them, so they are scanned once per change.
    memo: Memo,
    /// Events whose content is still to be redacted (see [`Pending`]).
    pub pending: Vec<Pending>,
}

/// An event kept with its content not yet redacted. With events as the only
/// output (no pipeline reads them), redacting an event's content, the bulk of
/// redaction's work, waits until its batch is handed out
/// ([`crate::session::Staged::redact`]), so that a host may do it on
/// another thread; its envelope and names are redacted at emission, as the
/// ids must be final then. The `redacted` diagnostic goes where emission
/// would have put it.
#[derive(Clone, Debug)]
pub(crate) struct Pending {
    /// The event's index in its batch.
    pub event: usize,
    /// Where its diagnostic goes among the batch's diagnostics.
    pub diag_at: usize,
    /// What redacting its envelope and names found, by rule.
    pub counts: Option<Box<[u32]>>,
    /// See [`Emitter::emit_patch_edit`].
    pub lines_in_unified: bool,
    /// JSON the event holds as text until then ([`Deferred`]).
    pub read: Option<Deferred>,
    pub loc: Loc,
}

/// JSON an event holds as text until its batch is handed out, when it is
/// read into the event's value (events as the only output; see [`Pending`]).
#[derive(Clone, Debug)]
pub(crate) enum Deferred {
    /// An `unknown` event's record ([`Emitter::emit_unknown`]).
    Record(Box<str>),
    /// A tool call's arguments, written as a JSON text inside the record
    /// (Codex `function_call`), held as the string `args`
    /// ([`Emitter::emit_call_json`]).
    Args,
}

/// The value of a JSON text, or the text as a string when it is not JSON
/// (so that nothing is lost): a deferred record, tool call arguments.
pub(crate) fn json_or_string(text: String) -> serde_json::Value {
    serde_json::from_str(&text).unwrap_or(serde_json::Value::String(text))
}

/// Redacts the content of pending events and puts each `redacted`
/// diagnostic where emission would have put it. Returns how many
/// diagnostics it added.
pub(crate) fn redact_pending(
    r: Option<&Redactor>,
    events: &mut [CaptureEvent],
    diagnostics: &mut Vec<Diagnostic>,
    pending: Vec<Pending>,
) -> u64 {
    let mut counts = vec![0u32; crate::redact::rules().len()];
    let mut made: Vec<(usize, Diagnostic)> = Vec::new();
    for p in pending {
        let ev = &mut events[p.event];
        match (p.read, &mut ev.kind) {
            // Read as JSON by the adapter already.
            (Some(Deferred::Record(text)), EventKind::Unknown { raw, .. }) => {
                *raw = json_or_string(text.into())
            }
            (Some(Deferred::Args), EventKind::ToolCall { args, .. }) => {
                if let serde_json::Value::String(text) = std::mem::take(args) {
                    *args = json_or_string(text);
                }
            }
            _ => {}
        }
        let Some(r) = r else { continue };
        match &p.counts {
            Some(c) => counts.copy_from_slice(c),
            None => counts.fill(0),
        }
        match &mut ev.kind {
            EventKind::FileEdit { diff, .. } => {
                crate::redact::redact_diff(r, diff, p.lines_in_unified, &mut counts)
            }
            kind => crate::redact::redact_kind(r, kind, &mut counts),
        };
        if let Some(message) = redacted_message(&counts) {
            made.push((p.diag_at, redacted_diag(p.loc, message)));
        }
    }
    let added = made.len() as u64;
    if !made.is_empty() {
        let old = std::mem::take(diagnostics);
        diagnostics.reserve(old.len() + made.len());
        let mut old = old.into_iter();
        let mut taken = 0;
        for (at, d) in made {
            while taken < at {
                diagnostics.extend(old.next());
                taken += 1;
            }
            diagnostics.push(d);
        }
        diagnostics.extend(old);
    }
    added
}

/// The message of a `redacted` diagnostic, if `counts` holds any.
fn redacted_message(counts: &[u32]) -> Option<String> {
    if counts.iter().all(|&n| n == 0) {
        return None;
    }
    let by_rule: Vec<String> = crate::redact::rules()
        .iter()
        .zip(counts)
        .filter(|(_, &n)| n > 0)
        .map(|(rule, n)| format!("{}={n}", rule.id))
        .collect();
    Some(format!("redacted secrets: {}", by_rule.join(", ")))
}

fn redacted_diag(loc: Loc, message: String) -> Diagnostic {
    Diagnostic {
        diagnostic: DiagnosticKind::Redacted,
        line_no: loc.line_no,
        byte_offset: loc.byte_offset,
        message,
    }
}

#[derive(Clone, Default)]
struct Memo {
    project: Option<(crate::model::ProjectRef, Option<crate::model::ProjectRef>)>,
    session_id: Option<(String, Option<String>)>,
}

/// The event ids of a stream, kept as 64-bit hashes (a few bytes per event).
/// A source may repeat its own ids (a scrubbed file with one placeholder id on
/// every record, a record written twice); the second and later uses get a
/// suffix naming their line, so ids stay unique and still deterministic. A
/// hash collision between two distinct ids only adds a needless suffix.
///
/// Ids made from a record's hash and line (`<32 hex>@<line>`, for records
/// without an id of their own) are unique across lines by construction, so
/// they are kept only while their line lasts: a flood of id-less records
/// costs no memory per record. An id of that shape written by the source
/// itself for another line could meet one made later, so it always gets a
/// suffix (no tool writes such ids).
#[derive(Clone, Default)]
struct IdSet {
    seen: std::collections::HashSet<u64, std::hash::BuildHasherDefault<PassThrough>>,
    /// Made ids of the current line (their hex part, a hash already), and
    /// that line.
    line: Vec<u128>,
    line_no: u64,
}

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
        if id.is_empty() {
            return;
        }
        if line_no != self.line_no {
            self.line.clear();
            self.line_no = line_no;
        }
        match made_id_line(id) {
            // Such an id never enters `seen` (a suffixed id has another
            // shape), so only the line's own need checking.
            Some((n, h)) if n == line_no => {
                if !self.line.contains(&h) {
                    self.line.push(h);
                    return;
                }
            }
            Some(_) => {} // the source's own, shaped like a made id
            None => {
                if self.seen.insert(Self::hash(id)) {
                    return;
                }
            }
        }
        let base_len = id.len();
        use std::fmt::Write;
        let _ = write!(id, "@{line_no}");
        let mut k = 1u32;
        while !self.seen.insert(Self::hash(id)) {
            id.truncate(base_len);
            let _ = write!(id, "@{line_no}.{k}");
            k += 1;
        }
    }
}

/// The line and hash of an id made from a record's hash (`<32
/// hex>@<line>`), or `None` for any other id.
fn made_id_line(id: &str) -> Option<(u64, u128)> {
    let (hex, line) = id.split_at_checked(32)?;
    let line = line.strip_prefix('@')?;
    if !hex
        .bytes()
        .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        || line.is_empty()
        || !line.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    Some((line.parse().ok()?, u128::from_str_radix(hex, 16).ok()?))
}

/// The hasher of [`IdSet`]'s set, whose keys are hashes already: it keeps
/// the key as it is instead of hashing it again.
#[derive(Default)]
struct PassThrough(u64);

impl std::hash::Hasher for PassThrough {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        // Only `write_u64` is used; anything else is folded in all the same.
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

impl Emitter {
    pub fn new(source: SourceKind, file: Option<String>) -> Emitter {
        Emitter {
            source,
            file,
            next_seq: 0,
            turns: 0,
            unknown: 0,
            tool_version: None,
            events: Vec::new(),
            diagnostics: Vec::new(),
            nodes: Vec::new(),
            node_pos: Vec::new(),
            keep_events: true,
            redactor: None,
            pipeline: None,
            subagent_tools: &[],
            redact_counts: vec![0; crate::redact::rules().len()],
            ids: IdSet::default(),
            memo: Memo::default(),
            pending: Vec::new(),
        }
    }

    /// Redacts a string, adding to this event's counts.
    fn redact_str(&mut self, s: &mut String) -> u32 {
        match self.redactor {
            Some(r) => r.redact_in_place(s, &mut self.redact_counts),
            None => 0,
        }
    }

    /// Redacts the envelope of an event: its ids, time, agent and project.
    /// The project and session id are looked up in the memo first; a secret
    /// in them is counted where it first appears.
    fn redact_base(&mut self, base: &mut Base) -> u32 {
        let Some(r) = self.redactor else { return 0 };
        let mut n = 0;
        for s in [
            &mut base.parent_id,
            &mut base.logical_parent_id,
            &mut base.timestamp,
            &mut base.agent_id,
        ]
        .into_iter()
        .flatten()
        {
            n += r.redact_in_place(s, &mut self.redact_counts);
        }
        if let Some(sid) = base.session_id.as_mut() {
            match &self.memo.session_id {
                Some((seen, out)) if seen == sid => {
                    if let Some(out) = out {
                        sid.clone_from(out);
                    }
                }
                _ => {
                    let seen = sid.clone();
                    let made = r.redact_in_place(sid, &mut self.redact_counts);
                    n += made;
                    self.memo.session_id = Some((seen, (made > 0).then(|| sid.clone())));
                }
            }
        }
        match &self.memo.project {
            Some((seen, out)) if *seen == base.project => {
                if let Some(out) = out {
                    base.project.clone_from(out);
                }
            }
            _ => {
                let seen = base.project.clone();
                let mut made = 0;
                for s in crate::redact::project_strings(&mut base.project) {
                    made += r.redact_in_place(s, &mut self.redact_counts);
                }
                n += made;
                self.memo.project = Some((seen, (made > 0).then(|| base.project.clone())));
            }
        }
        n
    }

    /// Takes on the source's adapter: its name for events and what its calls
    /// that start a subagent are called.
    pub fn use_adapter(&mut self, source: SourceKind, adapter: &dyn crate::adapters::kit::Adapter) {
        self.source = source;
        self.subagent_tools = adapter.subagent_tools();
        if let Some(p) = self.pipeline.as_mut() {
            p.set_subagent_tools(self.subagent_tools);
        }
    }

    /// Whether a call of this name starts a subagent (whose prompt the
    /// pipeline reads, whatever the output).
    pub fn starts_subagent(&self, name: &str) -> bool {
        self.subagent_tools.contains(&name)
    }

    /// Emits a `file_edit` whose diff's `old` and `new` text is made of lines
    /// of its `unified` text (as a V4A patch is converted), so that when
    /// `unified` holds no redaction trigger, `old` and `new` hold none either
    /// and are not scanned.
    pub fn emit_patch_edit(&mut self, base: Base, kind: EventKind) -> u64 {
        self.emit_with(base, kind, true, false, None)
    }

    /// Emits an event and returns its `seq`. Its id is made unique in the
    /// stream first (see [`IdSet`]).
    pub fn emit(&mut self, base: Base, kind: EventKind) -> u64 {
        self.emit_with(base, kind, false, false, None)
    }

    /// Names an event whose record gave no id (a call or result whose id
    /// field is missing or was damaged) after its kind and line: an event
    /// written out always has an id, made unique when it is claimed.
    fn name_idless(&self, base: &mut Base, kind: &str) {
        if base.event_id.is_empty() && self.keep_events {
            use std::fmt::Write;
            let _ = write!(base.event_id, "{kind}@{}", base.loc.line_no);
        }
    }

    /// Makes `base`'s id unique ahead of [`Emitter::emit_claimed`], for an
    /// event whose id others must point at (a turn and its calls).
    pub fn claim_id(&mut self, base: &mut Base) {
        // The only events claimed ahead are assistant turns.
        self.name_idless(base, "assistant_turn");
        self.redact_str(&mut base.event_id);
        self.ids.claim(&mut base.event_id, base.loc.line_no);
    }

    /// Emits an event whose id went through [`Emitter::claim_id`].
    pub fn emit_claimed(&mut self, base: Base, kind: EventKind) -> u64 {
        self.emit_with(base, kind, false, true, None)
    }

    /// Emits a record kept verbatim as an `unknown` event: with events as
    /// the only output, its value is built when its batch is handed out (see
    /// [`Pending`]), else now. The adapter's typed parse has read the record
    /// as JSON, but a typed parse skips what it ignores without building it:
    /// a number no JSON value holds (`1E400`) passes there and fails here.
    /// Such a record is kept as its text, the same in either case, so that
    /// the output does not depend on whether nodes are made.
    pub fn emit_unknown(
        &mut self,
        base: Base,
        raw_type: String,
        rec: &crate::adapters::kit::Record<'_>,
    ) {
        if self.defers() {
            let kind = EventKind::Unknown {
                raw_type,
                raw: serde_json::Value::Null,
            };
            self.emit_with(
                base,
                kind,
                false,
                false,
                Some(Deferred::Record(rec.text.into())),
            );
        } else {
            let raw = serde_json::from_str(rec.text)
                .unwrap_or_else(|_| serde_json::Value::String(rec.text.to_owned()));
            self.emit(base, EventKind::Unknown { raw_type, raw });
        }
    }

    /// Emits a tool call whose arguments are a JSON text: with events as the
    /// only output it is read when the batch is handed out (see [`Pending`]),
    /// else now; a text that is not JSON stays a string.
    pub fn emit_call_json(&mut self, base: Base, call_id: String, name: String, args: String) {
        if self.defers() {
            let kind = EventKind::ToolCall {
                call_id,
                name,
                args: serde_json::Value::String(args),
            };
            self.emit_with(base, kind, false, false, Some(Deferred::Args));
        } else {
            self.emit(
                base,
                EventKind::ToolCall {
                    call_id,
                    name,
                    args: json_or_string(args),
                },
            );
        }
    }

    /// Whether an event's content waits for its batch to be handed out:
    /// with events as the only output (no pipeline reads them).
    pub(crate) fn defers(&self) -> bool {
        self.pipeline.is_none() && self.keep_events
    }

    fn emit_with(
        &mut self,
        mut base: Base,
        mut kind: EventKind,
        lines_in_unified: bool,
        claimed: bool,
        read: Option<Deferred>,
    ) -> u64 {
        if !claimed {
            self.name_idless(&mut base, kind.name());
            // Redacted first, so that ids stay unique as written out.
            self.redact_str(&mut base.event_id);
            self.ids.claim(&mut base.event_id, base.loc.line_no);
        }
        let seq = self.next_seq;
        self.next_seq += 1;
        match &kind {
            EventKind::UserTurn { .. } | EventKind::AssistantTurn { .. } => self.turns += 1,
            EventKind::Unknown { .. } => self.unknown += 1,
            EventKind::SessionStart {
                tool_version: Some(v),
                ..
            } => self.tool_version = Some(v.clone()),
            _ => {}
        }
        let defer = self.defers();
        if let Some(r) = self.redactor {
            self.redact_base(&mut base);
            let counts = &mut self.redact_counts;
            crate::redact::redact_names(r, &mut kind, counts);
            if !defer {
                match &mut kind {
                    EventKind::FileEdit { diff, .. } => {
                        crate::redact::redact_diff(r, diff, lines_in_unified, counts)
                    }
                    _ if self.keep_events => crate::redact::redact_kind(r, &mut kind, counts),
                    _ => {
                        crate::redact::redact_node_inputs(r, &mut kind, self.subagent_tools, counts)
                    }
                };
                if let Some(message) = redacted_message(&self.redact_counts) {
                    self.redact_counts.fill(0);
                    self.diagnostics.push(redacted_diag(base.loc, message));
                }
            }
        }
        if defer && (self.redactor.is_some() || read.is_some()) {
            let counts = &mut self.redact_counts;
            let counts = counts.iter().any(|&n| n > 0).then(|| {
                let c = counts.to_vec().into_boxed_slice();
                counts.fill(0);
                c
            });
            self.pending.push(Pending {
                event: self.events.len(),
                diag_at: self.diagnostics.len(),
                counts,
                lines_in_unified,
                read,
                loc: base.loc,
            });
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
                file: base.file.or_else(|| self.file.clone()),
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
