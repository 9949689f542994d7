//! Diagnostics: records that produced no event, and why.

use serde::{Deserialize, Serialize};

/// Why a record was skipped or folded away.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum DiagnosticKind {
    /// The record is not valid UTF-8, or escapes a lone UTF-16 surrogate
    /// (a string cut inside a character): the bad bytes or escapes are read
    /// as U+FFFD and the rest of the record is kept.
    InvalidUtf8,
    /// The record is not JSON.
    NotJson,
    /// The record is longer than `max_record_bytes`.
    RecordTooLarge,
    /// The record nests deeper than `max_json_depth`.
    TooDeep,
    /// The input ended in the middle of a record.
    Truncated,
    /// The record repeats information already emitted from another record.
    Duplicate,
    /// The record carries nothing to emit (e.g. a token count without usage).
    Empty,
    /// Secrets were replaced in the event(s) of this record (counts by rule in
    /// the message; never the secret itself).
    Redacted,
    /// The record contradicts another (e.g. an edit timestamped before the
    /// turn it follows), so a derived node was not made.
    Inconsistent,
    /// A field of the record is not what the format says (an edit's line
    /// numbers, a line holding a line break, no file path): what could be
    /// read was kept, and the message says what was not.
    Malformed,
    /// A source was given, but none of the first records looks like that
    /// tool's (e.g. `--as codex` on a Claude Code file): every record is
    /// likely to end up `unknown`.
    SourceMismatch,
    /// The input was read as a supported tool's, but it holds no turn of
    /// the person or the assistant (a metadata file, a session that was
    /// opened and left, or a format version this one does not understand).
    NoTurns,
}

impl DiagnosticKind {
    /// True for damage in the input (bad bytes, bad JSON, over a limit, cut
    /// short, contradictory); false for notes about records that were
    /// accounted for on purpose (mirrors, empty token counts, redactions).
    pub fn is_problem(self) -> bool {
        !matches!(
            self,
            DiagnosticKind::Duplicate | DiagnosticKind::Empty | DiagnosticKind::Redacted
        )
    }

    /// The snake_case name used in JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            DiagnosticKind::InvalidUtf8 => "invalid_utf8",
            DiagnosticKind::NotJson => "not_json",
            DiagnosticKind::RecordTooLarge => "record_too_large",
            DiagnosticKind::TooDeep => "too_deep",
            DiagnosticKind::Truncated => "truncated",
            DiagnosticKind::Duplicate => "duplicate",
            DiagnosticKind::Empty => "empty",
            DiagnosticKind::Redacted => "redacted",
            DiagnosticKind::Inconsistent => "inconsistent",
            DiagnosticKind::SourceMismatch => "source_mismatch",
            DiagnosticKind::Malformed => "malformed",
            DiagnosticKind::NoTurns => "no_turns",
        }
    }
}

/// A note about one input record, with its position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Diagnostic {
    /// What happened to the record.
    pub diagnostic: DiagnosticKind,
    /// The record's line (1-based).
    pub line_no: u64,
    /// The offset of the record's first byte in the input.
    pub byte_offset: u64,
    /// A sentence for a person; never the record's content (so never a secret).
    pub message: String,
}
