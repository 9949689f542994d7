//! The CaptureEvent contract: the normalized, lossless event stream.
//!
//! Field names and enum tags are a public JSON contract (see DESIGN.md). Fields
//! marked *additive* are optional extensions and are omitted from JSON when unset.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::source::SourceKind;

/// Version of the CaptureEvent / PreparedNode JSON contract.
pub const SCHEMA_VERSION: u32 = 1;

/// One normalized event read from a transcript.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CaptureEvent {
    pub schema_version: u32,
    pub source: SourceKind,
    /// The tool's session id, or null while the source has not named one yet.
    pub session_id: Option<String>,
    /// Monotonic per stream, from file order, starting at 0.
    pub seq: u64,
    /// Tool-native id, or a blake3 hex of the record's bytes when the tool has none.
    pub event_id: String,
    /// DAG link (e.g. Claude Code `parentUuid`), or null.
    pub parent_id: Option<String>,
    /// RFC 3339 timestamp copied from the source; null when the source has none.
    pub timestamp: Option<String>,
    pub project: ProjectRef,
    pub kind: EventKind,
    pub provenance: SourceLocation,
    /// Additive: the subagent this event belongs to (Claude Code sidechains and
    /// `subagents/agent-*.jsonl`, Codex child sessions). Absent on the main thread.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent_id: Option<String>,
    /// Additive: a second DAG link kept by the source across a compaction
    /// (Claude Code `logicalParentUuid`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub logical_parent_id: Option<String>,
}

/// Where the session was running.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProjectRef {
    pub cwd: Option<String>,
    pub repo_root: Option<String>,
    pub git: Option<GitRef>,
}

/// Git state reported by the source.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GitRef {
    pub sha: Option<String>,
    pub branch: Option<String>,
    /// Additive: remote URL when the source records one (Codex `repository_url`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repository_url: Option<String>,
}

/// Where in the input an event came from.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SourceLocation {
    /// The file name given in the options (the CLI passes the path), or null.
    pub file: Option<String>,
    /// Byte offset of the first byte of the record in the input.
    pub byte_offset: u64,
    /// 1-based line number of the record.
    pub line_no: u64,
    /// Additive: other records folded into this event (the further lines of a
    /// streamed Claude Code response, the Codex token count giving a turn its
    /// usage). With these, every input line is traceable to an event or a
    /// diagnostic.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub merged_lines: Vec<u64>,
}

/// What happened. Serialized with an `"event"` tag.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum EventKind {
    SessionStart {
        cwd: Option<String>,
        git: Option<GitRef>,
        model: Option<String>,
        tool_version: Option<String>,
    },
    UserTurn {
        text: String,
        parts: Vec<Part>,
        /// Additive: set when the text was injected by the tool (context,
        /// command XML, compaction summary, …) rather than typed by the person.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        injected: Option<Injected>,
    },
    AssistantTurn {
        text: String,
        thinking: Option<String>,
        model: Option<String>,
        /// The tokens this event adds to the session's accounting, so that
        /// summing `usage` over a stream's turns gives the tool's own total:
        /// Claude Code's last usage per `message.id` (on the first event of
        /// a response split by tool results; later ones carry only growth,
        /// usually null), Codex's `token_count`s once each (a count no
        /// response claims is a turn of its own, with no text).
        usage: Option<Usage>,
        parts: Vec<Part>,
        /// Additive: the API response id (Claude Code `message.id`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        message_id: Option<String>,
    },
    ToolCall {
        call_id: String,
        name: String,
        args: Value,
    },
    ToolResult {
        call_id: String,
        ok: bool,
        output: Value,
    },
    FileEdit {
        call_id: String,
        diff: Diff,
    },
    Compaction {
        replaced: SeqRange,
        /// Additive: the summary text the tool wrote for the replaced span, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        summary: Option<String>,
    },
    Rewind {
        to_event: String,
    },
    SessionEnd {
        reason: Option<String>,
    },
    Unknown {
        raw_type: String,
        raw: Value,
    },
}

impl EventKind {
    /// The `"event"` tag of this kind, as it appears in JSON.
    pub fn name(&self) -> &'static str {
        match self {
            EventKind::SessionStart { .. } => "session_start",
            EventKind::UserTurn { .. } => "user_turn",
            EventKind::AssistantTurn { .. } => "assistant_turn",
            EventKind::ToolCall { .. } => "tool_call",
            EventKind::ToolResult { .. } => "tool_result",
            EventKind::FileEdit { .. } => "file_edit",
            EventKind::Compaction { .. } => "compaction",
            EventKind::Rewind { .. } => "rewind",
            EventKind::SessionEnd { .. } => "session_end",
            EventKind::Unknown { .. } => "unknown",
        }
    }
}

/// Why a user turn is not the person's own typing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Injected {
    /// Claude Code `isMeta` lines (caveats, injected context).
    Meta,
    /// Slash-command XML (`<command-name>`, `<local-command-stdout>`, …).
    Command,
    /// The summary a tool writes after compacting the conversation.
    CompactSummary,
    /// Codex `<environment_context>`.
    EnvironmentContext,
    /// Codex `<user_instructions>` / AGENTS.md, developer messages.
    Instructions,
    /// The prompt a parent agent gave a subagent.
    SubagentPrompt,
    /// Other text the tool generated (system reminders, interruptions).
    System,
}

/// A half-open range of `seq` numbers, or of source positions when the
/// replaced events are not in this stream.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeqRange {
    pub start: u64,
    pub end: u64,
}

/// One content block of a turn. Serialized with a `"part"` tag.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "part", rename_all = "snake_case")]
pub enum Part {
    Text {
        text: String,
    },
    Thinking {
        text: String,
    },
    /// A tool call made in this turn. Its arguments are not repeated here:
    /// they are on the `tool_call` event with the same call id, which follows
    /// the turn. `input` is set only when no such event exists.
    ToolUse {
        id: String,
        name: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        input: Option<Value>,
    },
    ToolResult {
        tool_use_id: String,
        content: Value,
        is_error: bool,
    },
    Image {
        media_type: Option<String>,
        source: Value,
    },
    Other {
        raw: Value,
    },
}

/// A file change, as a unified diff plus the texts when the source has them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Diff {
    pub path: String,
    /// Text before the edit (the replaced snippet or whole file), when known.
    pub old: Option<String>,
    /// Text after the edit (the new snippet or whole file), when known.
    pub new: Option<String>,
    pub unified: String,
    pub added_lines: u64,
    pub removed_lines: u64,
    /// Additive: `add`, `update`, `delete` or `move`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub op: Option<String>,
    /// Additive: the destination of a move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_to: Option<String>,
}

/// Token usage of one model response.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Usage {
    pub input_tokens: u64,
    pub output_tokens: u64,
    pub cache_read_tokens: u64,
    pub cache_creation_tokens: u64,
}
