//! Memscribe reads the transcript logs AI coding agents write (Claude Code,
//! Codex CLI, …) and turns them, deterministically and without calling any
//! model, into a normalized, lossless stream of [`CaptureEvent`]s.
//!
//! # The model
//!
//! Input is the raw bytes of a transcript. An *adapter* — one per tool, the only
//! code that knows that tool's format — reads it record by record (one JSONL
//! line each) and emits events: `session_start`, `user_turn`,
//! `assistant_turn`, `tool_call`, `tool_result`, `file_edit`, `compaction`,
//! `rewind`, `session_end`, and `unknown` for records it does not understand,
//! which are kept verbatim rather than dropped. Every record is accounted for:
//! as events, as `unknown`, or as a [`Diagnostic`] saying why it produced none
//! (invalid UTF-8, not JSON, over a size or depth limit, a duplicate of another
//! record). Parsing never stops at a bad record.
//!
//! The output is a pure function of the input bytes, the [`Options`] and the
//! library version: no clocks, randomness or environment. [`Session`] parses
//! incrementally and yields exactly what [`parse`] yields for the same bytes,
//! however they were split.
//!
//! # Example
//!
//! ```
//! use memscribe::{parse, Options, OutputMode};
//!
//! let line = br#"{"type":"user","sessionId":"s1","uuid":"u1","parentUuid":null,"timestamp":"2025-09-07T09:52:03.071Z","cwd":"/repo","message":{"role":"user","content":"Use SQLite for the cache."}}"#;
//! let out = parse(line, &Options::default().with_output(OutputMode::Events)).unwrap();
//! let kinds: Vec<&str> = out.events.iter().map(|e| e.kind.name()).collect();
//! assert_eq!(kinds, ["session_start", "user_turn"]);
//! ```

#![deny(missing_docs)]

mod adapters;
mod batch;
mod detect;
mod diag;
mod diff;
mod emit;
mod error;
pub mod eval;
mod frame;
pub mod gate;
pub mod interchange;
mod model;
mod nodes;
mod options;
mod pipeline;
pub mod redact;
#[cfg(feature = "schema")]
pub mod schema;
mod session;
mod source;
mod text;

pub use adapters::rfc3339_from_ms;
pub use batch::{Batch, Item, Summary, VersionCount};
pub use detect::detect;
pub use diag::{Diagnostic, DiagnosticKind};
pub use error::{Error, ErrorKind};
pub use interchange::{export, export_batch, Export, ExportFormat};
pub use model::{
    CaptureEvent, Diff, EventKind, GitRef, Injected, Part, ProjectRef, SeqRange, SourceLocation,
    Usage, SCHEMA_VERSION,
};
pub use nodes::{
    Binding, Category, ConsideredOption, Conversation, Decision, Episode, FactStatus, Marker,
    PreparedNode, Prov, Relation,
};
pub use options::{
    GateMode, Options, OutputMode, Rule, DEFAULT_MAX_JSON_DEPTH, DEFAULT_MAX_RECORD_BYTES,
};
pub use session::{Session, Staged, SummaryHandle};
pub use source::SourceKind;

/// The library version (from Cargo.toml).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// Parses a whole transcript at once. Equivalent to one [`Session::feed`] of
/// `bytes` followed by [`Session::finish`].
///
/// Errors only when the options are invalid or the format cannot be detected
/// (or has no adapter); problems with individual records are reported as
/// diagnostics in the returned [`Batch`].
pub fn parse(bytes: &[u8], opts: &Options) -> Result<Batch, Error> {
    let mut session = Session::new(opts.clone())?;
    let mut out = session.feed(bytes)?;
    out.extend(session.finish()?);
    Ok(out)
}
