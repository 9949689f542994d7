//! One adapter per tool: the only code that knows a tool's on-disk format.

mod aider;
mod amp;
pub(crate) mod chat;
pub use chat::rfc3339_from_ms;
mod claude;
mod cline;
mod codex;
mod copilot;
mod cursor;
mod gemini;
mod goose;
pub(crate) mod kit;
mod opencode;
mod vscode;
mod zed;

use crate::error::{Error, ErrorKind};
use crate::source::SourceKind;
use kit::Adapter;

/// Builds the adapter for `kind`, or says the kind has none yet.
pub(crate) fn for_source(kind: SourceKind) -> Result<Box<dyn Adapter>, Error> {
    match kind {
        SourceKind::ClaudeCode => Ok(Box::new(claude::ClaudeAdapter::new())),
        SourceKind::Codex => Ok(Box::new(codex::CodexAdapter::new())),
        SourceKind::Gemini => Ok(Box::new(gemini::GeminiAdapter::new())),
        SourceKind::Copilot => Ok(Box::new(copilot::CopilotAdapter::new())),
        SourceKind::Cursor => Ok(Box::new(cursor::CursorAdapter::new())),
        SourceKind::VsCode => Ok(Box::new(vscode::VsCodeAdapter::new())),
        SourceKind::Cline | SourceKind::RooCode => Ok(Box::new(cline::ClineAdapter::new())),
        SourceKind::Amp => Ok(Box::new(amp::AmpAdapter::new())),
        SourceKind::Aider => Ok(Box::new(aider::AiderAdapter::new())),
        SourceKind::OpenCode => Ok(Box::new(opencode::OpenCodeAdapter::new())),
        SourceKind::Goose => Ok(Box::new(goose::GooseAdapter::new())),
        SourceKind::Zed => Ok(Box::new(zed::ZedAdapter::new())),
        other => Err(Error::new(
            ErrorKind::UnsupportedSource,
            format!(
                "{} transcripts are recognised but not parsed by memscribe {}; supported sources: {}",
                other.slug(),
                crate::VERSION,
                SourceKind::supported_list()
            ),
        )),
    }
}
