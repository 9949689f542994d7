//! The CaptureEvent contract: the normalized, lossless event stream.
//!
//! Field names and enum tags are a public JSON contract, documented in
//! `docs/contract.md`. Fields marked *additive* are optional extensions and
//! are omitted from JSON when unset; fields are only ever added.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::source::SourceKind;

/// Version of the CaptureEvent / PreparedNode JSON contract.
pub const SCHEMA_VERSION: u32 = 1;

/// One normalized event read from a transcript.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct CaptureEvent {
    /// [`SCHEMA_VERSION`].
    pub schema_version: u32,
    /// The tool that wrote the transcript.
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
    /// Where the session was running.
    pub project: ProjectRef,
    /// What happened.
    pub kind: EventKind,
    /// Where in the input the event came from.
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
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ProjectRef {
    /// The working directory the tool reported.
    pub cwd: Option<String>,
    /// The repository's root, when the source names it (none does yet).
    pub repo_root: Option<String>,
    /// The repository's state, when the source reports it.
    pub git: Option<GitRef>,
}

/// Git state reported by the source.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct GitRef {
    /// The checked-out commit.
    pub sha: Option<String>,
    /// The checked-out branch.
    pub branch: Option<String>,
    /// Additive: remote URL when the source records one (Codex `repository_url`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repository_url: Option<String>,
}

/// Where in the input an event came from.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
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
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum EventKind {
    /// A session began (its first record, or its metadata record).
    SessionStart {
        /// The working directory.
        cwd: Option<String>,
        /// The repository's state.
        git: Option<GitRef>,
        /// The model, when the source names it at the start.
        model: Option<String>,
        /// The tool's version (`cli_version`, `version`).
        tool_version: Option<String>,
    },
    /// Text from the user's side: the person's typing, or text the tool
    /// injected on their side (`injected`).
    UserTurn {
        /// The text blocks, joined with `\n`.
        text: String,
        /// Every content block, in order.
        parts: Vec<Part>,
        /// Additive: set when the text was injected by the tool (context,
        /// command XML, compaction summary, …) rather than typed by the person.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        injected: Option<Injected>,
    },
    /// One model response (its lines merged), with the calls it made
    /// following as `tool_call` events.
    AssistantTurn {
        /// The text blocks, joined with a blank line.
        text: String,
        /// The reasoning the tool kept (Claude thinking blocks, Codex
        /// reasoning summaries), joined with a blank line.
        thinking: Option<String>,
        /// The model that wrote the response.
        model: Option<String>,
        /// The tokens this event adds to the session's accounting, so that
        /// summing `usage` over a stream's turns gives the tool's own total:
        /// Claude Code's last usage per `message.id` (on the first event of
        /// a response split by tool results; later ones carry only growth,
        /// usually null), Codex's `token_count`s once each (a count no
        /// response claims is a turn of its own, with no text).
        usage: Option<Usage>,
        /// Every content block, in order.
        parts: Vec<Part>,
        /// Additive: the API response id (Claude Code `message.id`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        message_id: Option<String>,
    },
    /// A tool call the assistant made.
    ToolCall {
        /// The tool's id for the call, shared with its result.
        call_id: String,
        /// The tool's name.
        name: String,
        /// The arguments, as JSON (parsed when the source wrote a JSON string).
        args: Value,
    },
    /// What a tool call returned.
    ToolResult {
        /// The call this answers.
        call_id: String,
        /// False when the call failed, was rejected or was denied, in any of
        /// the forms the tool writes that in.
        ok: bool,
        /// The output, as the source wrote it.
        output: Value,
    },
    /// A file changed by a successful call (never by a failed one).
    FileEdit {
        /// The call that made the change.
        call_id: String,
        /// The change.
        diff: Diff,
    },
    /// The tool compacted the conversation.
    Compaction {
        /// The events (by `seq`) the compaction replaced.
        replaced: SeqRange,
        /// Additive: the summary text the tool wrote for the replaced span, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        summary: Option<String>,
    },
    /// The conversation was rewound to an earlier event.
    Rewind {
        /// The event it was rewound to.
        to_event: String,
    },
    /// The session ended.
    SessionEnd {
        /// Why, when the source says.
        reason: Option<String>,
    },
    /// A record the adapter does not understand, kept verbatim.
    Unknown {
        /// The record's type (e.g. `progress`, `response_item:ghost_snapshot`).
        raw_type: String,
        /// The whole record.
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
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
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
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct SeqRange {
    /// The first included.
    pub start: u64,
    /// The first excluded.
    pub end: u64,
}

/// One content block of a turn. Serialized with a `"part"` tag.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "part", rename_all = "snake_case")]
pub enum Part {
    /// A text block.
    Text {
        /// Its text.
        text: String,
    },
    /// Visible reasoning.
    Thinking {
        /// Its text.
        text: String,
    },
    /// A tool call made in this turn. Its arguments are not repeated here:
    /// they are on the `tool_call` event with the same call id, which follows
    /// the turn. `input` is set only when no such event exists.
    ToolUse {
        /// The call's id.
        id: String,
        /// The tool's name.
        name: String,
        /// The arguments, only when no `tool_call` event carries them.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        input: Option<Value>,
    },
    /// A tool result inside a turn.
    ToolResult {
        /// The call it answers.
        tool_use_id: String,
        /// The result, as the source wrote it.
        content: Value,
        /// The source's error flag.
        is_error: bool,
    },
    /// An image.
    Image {
        /// Its media type, when given.
        media_type: Option<String>,
        /// The source's description of the image (kept verbatim).
        source: Value,
    },
    /// A block of a kind the adapter does not know, kept verbatim.
    Other {
        /// The whole block.
        raw: Value,
    },
}

/// A file change, as a unified diff plus the texts when the source has them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Diff {
    /// The file changed (its path before a move).
    pub path: String,
    /// Text before the edit (the replaced snippet or whole file), when known.
    pub old: Option<String>,
    /// Text after the edit (the new snippet or whole file), when known.
    pub new: Option<String>,
    /// The change as a unified diff (`--- a/…`, `+++ b/…`, hunks).
    pub unified: String,
    /// Lines added.
    pub added_lines: u64,
    /// Lines removed.
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
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Usage {
    /// Input tokens not read from the cache.
    pub input_tokens: u64,
    /// Output tokens (reasoning included).
    pub output_tokens: u64,
    /// Input tokens read from the prompt cache.
    pub cache_read_tokens: u64,
    /// Input tokens written to the prompt cache.
    pub cache_creation_tokens: u64,
}
