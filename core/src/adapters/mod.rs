//! One adapter per tool: the only code that knows a tool's on-disk format.

mod claude;
mod codex;
pub(crate) mod kit;

use kit::Adapter;
use crate::error::{Error, ErrorKind};
use crate::source::SourceKind;

/// Builds the adapter for `kind`, or says the kind has none yet.
pub(crate) fn for_source(kind: SourceKind) -> Result<Box<dyn Adapter>, Error> {
    match kind {
        SourceKind::ClaudeCode => Ok(Box::new(claude::ClaudeAdapter::new())),
        SourceKind::Codex => Ok(Box::new(codex::CodexAdapter::new())),
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
