//! Tool slugs.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The tool that wrote a transcript.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SourceKind {
    /// Anthropic's Claude Code (`claude_code`).
    ClaudeCode,
    /// OpenAI's Codex CLI (`codex`).
    Codex,
    /// Google's Gemini CLI (`gemini`).
    Gemini,
    /// OpenCode (`opencode`).
    OpenCode,
    /// Cursor, editor and CLI (`cursor`).
    Cursor,
    /// GitHub Copilot Chat in VS Code (`vscode`).
    VsCode,
    /// GitHub Copilot CLI (`copilot`).
    Copilot,
    /// Zed's agent panel (`zed`).
    Zed,
    /// Windsurf (`windsurf`).
    Windsurf,
    /// Cline (`cline`).
    Cline,
    /// Roo Code, Cline's fork, with the same task layout (`roo_code`).
    RooCode,
    /// Aider (`aider`).
    Aider,
    /// Sourcegraph's Amp (`amp`).
    Amp,
    /// Block's Goose (`goose`).
    Goose,
    /// Hermes (`hermes`).
    Hermes,
    /// OpenTelemetry GenAI traces (`otel`).
    Otel,
    /// Turns a host volunteered through `capture_turn` (`host`).
    Host,
    /// Not known (`unknown`).
    Unknown,
}

impl SourceKind {
    /// Every kind, in the slug order of `docs/contract.md`.
    pub const ALL: [SourceKind; 18] = [
        SourceKind::ClaudeCode,
        SourceKind::Codex,
        SourceKind::Gemini,
        SourceKind::OpenCode,
        SourceKind::Cursor,
        SourceKind::VsCode,
        SourceKind::Copilot,
        SourceKind::Zed,
        SourceKind::Windsurf,
        SourceKind::Cline,
        SourceKind::RooCode,
        SourceKind::Aider,
        SourceKind::Amp,
        SourceKind::Goose,
        SourceKind::Hermes,
        SourceKind::Otel,
        SourceKind::Host,
        SourceKind::Unknown,
    ];

    /// The canonical slug, as written in JSON.
    pub fn slug(self) -> &'static str {
        match self {
            SourceKind::ClaudeCode => "claude_code",
            SourceKind::Codex => "codex",
            SourceKind::Gemini => "gemini",
            SourceKind::OpenCode => "opencode",
            SourceKind::Cursor => "cursor",
            SourceKind::VsCode => "vscode",
            SourceKind::Copilot => "copilot",
            SourceKind::Zed => "zed",
            SourceKind::Windsurf => "windsurf",
            SourceKind::Cline => "cline",
            SourceKind::RooCode => "roo_code",
            SourceKind::Aider => "aider",
            SourceKind::Amp => "amp",
            SourceKind::Goose => "goose",
            SourceKind::Hermes => "hermes",
            SourceKind::Otel => "otel",
            SourceKind::Host => "host",
            SourceKind::Unknown => "unknown",
        }
    }

    /// Parses a slug or a known alias (`claude`, `claude-code`, `codex-cli`, …),
    /// ignoring ASCII case and treating `-` like `_`.
    pub fn from_slug(s: &str) -> Option<SourceKind> {
        let norm: String = s
            .trim()
            .chars()
            .map(|c| {
                if c == '-' || c == ' ' {
                    '_'
                } else {
                    c.to_ascii_lowercase()
                }
            })
            .collect();
        let kind = match norm.as_str() {
            "claude_code" | "claude" | "claudecode" | "cc" => SourceKind::ClaudeCode,
            "codex" | "codex_cli" | "openai_codex" => SourceKind::Codex,
            "gemini" | "gemini_cli" => SourceKind::Gemini,
            "opencode" | "open_code" => SourceKind::OpenCode,
            "cursor" => SourceKind::Cursor,
            "vscode" | "vs_code" | "vscode_copilot" => SourceKind::VsCode,
            "copilot" | "copilot_cli" | "github_copilot" => SourceKind::Copilot,
            "zed" => SourceKind::Zed,
            "windsurf" => SourceKind::Windsurf,
            "cline" | "claude_dev" => SourceKind::Cline,
            "roo_code" | "roo" | "roo_cline" | "roocode" => SourceKind::RooCode,
            "aider" => SourceKind::Aider,
            "amp" => SourceKind::Amp,
            "goose" => SourceKind::Goose,
            "hermes" => SourceKind::Hermes,
            "otel" | "opentelemetry" => SourceKind::Otel,
            "host" => SourceKind::Host,
            "unknown" => SourceKind::Unknown,
            _ => return None,
        };
        Some(kind)
    }

    /// The kinds this version can parse.
    pub const SUPPORTED: [SourceKind; 13] = [
        SourceKind::ClaudeCode,
        SourceKind::Codex,
        SourceKind::Gemini,
        SourceKind::Cursor,
        SourceKind::VsCode,
        SourceKind::Copilot,
        SourceKind::Cline,
        SourceKind::RooCode,
        SourceKind::Aider,
        SourceKind::Amp,
        SourceKind::OpenCode,
        SourceKind::Zed,
        SourceKind::Goose,
    ];

    /// The kind whose records this kind's files share (Roo Code writes
    /// Cline's layout, so its content is recognised as Cline's).
    pub fn family(self) -> SourceKind {
        match self {
            SourceKind::RooCode => SourceKind::Cline,
            other => other,
        }
    }

    /// True for the kinds this version can parse.
    pub fn is_supported(self) -> bool {
        SourceKind::SUPPORTED.contains(&self)
    }

    /// The slugs of [`SourceKind::SUPPORTED`], comma-separated, for messages.
    pub(crate) fn supported_list() -> String {
        SourceKind::SUPPORTED.map(SourceKind::slug).join(", ")
    }
}

impl fmt::Display for SourceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.slug())
    }
}

impl FromStr for SourceKind {
    type Err = crate::Error;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        SourceKind::from_slug(s).ok_or_else(|| {
            crate::Error::new(
                crate::ErrorKind::UnknownSource,
                format!("unknown source {s:?}; expected one of: claude_code, codex, gemini, opencode, cursor, vscode, copilot, zed, windsurf, cline, roo_code, aider, amp, goose, hermes, otel, host"),
            )
        })
    }
}

impl Serialize for SourceKind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.slug())
    }
}

impl<'de> Deserialize<'de> for SourceKind {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        SourceKind::from_slug(&s)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown source {s:?}")))
    }
}

#[cfg(feature = "schema")]
impl schemars::JsonSchema for SourceKind {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "SourceKind".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let slugs: Vec<&str> = SourceKind::ALL.iter().map(|k| k.slug()).collect();
        schemars::json_schema!({
            "description": "The tool that wrote a transcript, by its slug.",
            "type": "string",
            "enum": slugs,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_round_trip() {
        for k in SourceKind::ALL {
            assert_eq!(SourceKind::from_slug(k.slug()), Some(k));
        }
    }

    #[test]
    fn aliases() {
        assert_eq!(
            SourceKind::from_slug("claude"),
            Some(SourceKind::ClaudeCode)
        );
        assert_eq!(
            SourceKind::from_slug("Claude-Code"),
            Some(SourceKind::ClaudeCode)
        );
        assert_eq!(SourceKind::from_slug("codex-cli"), Some(SourceKind::Codex));
        assert_eq!(SourceKind::from_slug("nope"), None);
    }
}
