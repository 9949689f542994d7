//! Interchange formats: a parsed transcript exported as ATIF trajectories
//! (Harbor's Agent Trajectory Interchange Format, RFC 0001 v1.4) or as
//! OpenTelemetry GenAI spans in OTLP/JSON, with a manifest that says what an
//! export holds, what was redacted and which input bytes it was made from.
//!
//! Exports are pure functions of the events, so they keep the library's
//! determinism: the same input, options and version give the same bytes. One
//! document is made per session (and per subagent of a session, for ATIF);
//! [`export`] returns them in the order the sessions first appear.

pub mod atif;
pub mod otel;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::batch::Batch;
use crate::diag::DiagnosticKind;
use crate::error::{Error, ErrorKind};
use crate::model::{CaptureEvent, EventKind};
use crate::options::{Options, OutputMode};

/// The interchange formats [`export`] writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ExportFormat {
    /// One ATIF trajectory (a JSON object) per session and subagent.
    Atif,
    /// One OTLP/JSON `ExportTraceServiceRequest` per session.
    Otel,
}

impl ExportFormat {
    /// The format named `atif` or `otel`.
    pub fn from_name(s: &str) -> Option<ExportFormat> {
        match s.trim().to_ascii_lowercase().as_str() {
            "atif" => Some(ExportFormat::Atif),
            "otel" | "otlp" | "opentelemetry" => Some(ExportFormat::Otel),
            _ => None,
        }
    }

    /// The format's name.
    pub fn as_str(self) -> &'static str {
        match self {
            ExportFormat::Atif => "atif",
            ExportFormat::Otel => "otel",
        }
    }
}

/// What [`export`] returns: the documents and their manifest.
#[derive(Debug, Clone, PartialEq)]
pub struct Export {
    /// The format of `documents`.
    pub format: ExportFormat,
    /// One JSON document per session (ATIF: and per subagent), in order.
    pub documents: Vec<Value>,
    /// What the export includes, what was redacted (counts per rule) and the
    /// blake3 of the input bytes; see `docs/export.md`.
    pub manifest: Value,
}

impl Export {
    /// The export as one JSON object, `{"documents": [...], "manifest":
    /// {...}}`: what the C ABI, the Python binding and the store's
    /// `{"op": "export"}` request return.
    pub fn to_json(&self) -> Value {
        json!({ "documents": self.documents, "manifest": self.manifest })
    }
}

/// Parses `bytes` with `opts` (its `output` is ignored: events are read) and
/// exports the sessions in `format`.
///
/// Redaction follows `opts.redact`: an export made with it on is the one to
/// share; the manifest counts what was replaced, per rule.
pub fn export(bytes: &[u8], opts: &Options, format: ExportFormat) -> Result<Export, Error> {
    let opts = opts.clone().with_output(OutputMode::Events);
    let batch = crate::parse(bytes, &opts)?;
    let origin = json!({ "input": { "bytes": bytes.len(), "blake3": blake3::hash(bytes).to_hex().to_string() } });
    Ok(export_batch(&batch, opts.redact, format, origin))
}

/// Exports the events of a parse made with redaction `redacted`, with a
/// manifest naming `origin` (what the input was: its bytes' blake3, a store
/// checkpoint, …).
pub fn export_batch(batch: &Batch, redacted: bool, format: ExportFormat, origin: Value) -> Export {
    let documents = export_events(&batch.events, format);
    let mut redactions: BTreeMap<String, u64> = BTreeMap::new();
    for d in &batch.diagnostics {
        if d.diagnostic == DiagnosticKind::Redacted {
            add_redaction_counts(&d.message, &mut redactions);
        }
    }
    let manifest = manifest(
        format,
        &documents,
        &batch.events,
        redacted,
        &redactions,
        origin,
    );
    Export {
        format,
        documents,
        manifest,
    }
}

/// Exports already-parsed events (of any number of sessions) in `format`.
pub fn export_events(events: &[CaptureEvent], format: ExportFormat) -> Vec<Value> {
    match format {
        ExportFormat::Atif => atif::trajectories(events),
        ExportFormat::Otel => otel::requests(events),
    }
}

/// Adds the per-rule counts of a `redacted` diagnostic's message
/// (`redacted secrets: rule=n, rule=n`) to `into`.
pub fn add_redaction_counts(message: &str, into: &mut BTreeMap<String, u64>) {
    let Some(list) = message.strip_prefix("redacted secrets: ") else {
        return;
    };
    for item in list.split(", ") {
        if let Some((rule, n)) = item.split_once('=') {
            if let Ok(n) = n.parse::<u64>() {
                *into.entry(rule.to_string()).or_default() += n;
            }
        }
    }
}

/// What a format cannot hold, listed in every manifest of that format.
fn not_carried(format: ExportFormat) -> Vec<&'static str> {
    match format {
        ExportFormat::Atif => vec![
            "unknown records: their raw_type and position are kept, their bodies are not",
            "content blocks other than text (images, tool blocks inside user turns) and assistant message ids",
            "event provenance (file, byte offset, line), parent ids and project git state beyond the session start",
            "the order of tool results and file edits within one agent step",
        ],
        ExportFormat::Otel => vec![
            "unknown records, rewinds and compactions (counted in the root span only)",
            "content blocks other than text",
            "event provenance (file, byte offset, line) and parent ids",
            "times of events the source wrote without a timestamp (they take the last known time)",
        ],
    }
}

/// The manifest of an export: what it includes, what was redacted, and where
/// it was made from (`origin`: the input bytes, or a store checkpoint).
pub fn manifest(
    format: ExportFormat,
    documents: &[Value],
    events: &[CaptureEvent],
    redacted: bool,
    redactions: &BTreeMap<String, u64>,
    origin: Value,
) -> Value {
    let mut sessions: Vec<String> = Vec::new();
    let mut kinds: BTreeMap<&'static str, u64> = BTreeMap::new();
    for e in events {
        let sid = e.session_id.as_deref().unwrap_or("");
        if !sessions.iter().any(|s| s == sid) {
            sessions.push(sid.to_owned());
        }
        *kinds.entry(e.kind.name()).or_default() += 1;
    }
    let unknown = events
        .iter()
        .filter(|e| matches!(e.kind, EventKind::Unknown { .. }))
        .count();
    json!({
        "memscribe_version": crate::VERSION,
        "format": format.as_str(),
        "format_version": match format { ExportFormat::Atif => atif::SCHEMA_VERSION, ExportFormat::Otel => otel::FORMAT_VERSION },
        "documents": documents.len(),
        "sessions": sessions,
        "events": kinds,
        "unknown_events": unknown,
        "redacted": redacted,
        "redactions": redactions,
        "origin": origin,
        "not_carried": not_carried(format),
    })
}

/// Splits events into groups of one session and one agent (the main thread
/// has no agent id), in order of first appearance.
pub(crate) fn groups(
    events: &[CaptureEvent],
) -> Vec<(Option<String>, Option<String>, Vec<&CaptureEvent>)> {
    let mut out: Vec<(Option<String>, Option<String>, Vec<&CaptureEvent>)> = Vec::new();
    let mut index: BTreeMap<(Option<String>, Option<String>), usize> = BTreeMap::new();
    for e in events {
        let key = (e.session_id.clone(), e.agent_id.clone());
        let at = *index.entry(key.clone()).or_insert_with(|| {
            out.push((key.0, key.1, Vec::new()));
            out.len() - 1
        });
        out[at].2.push(e);
    }
    out
}

/// A JSON value as text: strings as they are, anything else serialized.
pub(crate) fn as_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// An RFC 3339 timestamp as nanoseconds since the Unix epoch.
pub(crate) fn unix_nanos(ts: &str) -> Option<i128> {
    use time::format_description::well_known::Rfc3339;
    time::OffsetDateTime::parse(ts, &Rfc3339)
        .ok()
        .map(|t| t.unix_timestamp_nanos())
}

/// The error for an input that is not a document of the expected format.
pub(crate) fn invalid(msg: impl Into<String>) -> Error {
    Error::new(ErrorKind::InvalidArgument, msg.into())
}
