//! Parse options. They cross every language boundary as JSON with these names.

use serde::{Deserialize, Serialize};

use crate::error::{Error, ErrorKind};
use crate::nodes::Category;
use crate::source::SourceKind;

/// Default cap on one record (one line), in bytes: 64 MiB.
pub const DEFAULT_MAX_RECORD_BYTES: usize = 64 * 1024 * 1024;
/// Default cap on JSON nesting depth: the deepest nesting the JSON parser
/// accepts. A record nested exactly this deep is read; one level more is
/// skipped with a `too_deep` diagnostic.
pub const DEFAULT_MAX_JSON_DEPTH: usize = MAX_SUPPORTED_JSON_DEPTH;
/// The deepest nesting the JSON parser itself accepts (serde_json reads 127
/// levels, `{` or `[` each, and refuses the 128th); larger limits are
/// clamped to it.
pub const MAX_SUPPORTED_JSON_DEPTH: usize = 127;

/// What a parse returns.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum OutputMode {
    /// PreparedNodes only (the default).
    #[default]
    Nodes,
    /// CaptureEvents only.
    Events,
    /// Both, interleaved (see the crate docs for the order).
    Both,
}

impl OutputMode {
    /// The mode named `nodes`, `events` or `both`.
    pub fn from_name(s: &str) -> Option<OutputMode> {
        match s {
            "nodes" => Some(OutputMode::Nodes),
            "events" => Some(OutputMode::Events),
            "both" => Some(OutputMode::Both),
            _ => None,
        }
    }

    /// The mode's name.
    pub fn as_str(self) -> &'static str {
        match self {
            OutputMode::Nodes => "nodes",
            OutputMode::Events => "events",
            OutputMode::Both => "both",
        }
    }
}

/// How `gate_rules` combine with the built-in marker table.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum GateMode {
    /// The built-in rules plus these (a rule with a built-in id replaces it).
    #[default]
    Extend,
    /// Only these rules.
    Replace,
}

/// One rule of the commitment gate's data-driven table (the `gate_rules`
/// option; [`Gate::builtin_rules`](crate::gate::Gate::builtin_rules) lists
/// the built-in ones). `pattern` is a regex (regex crate syntax), matched
/// case-insensitively against one prose sentence at a time; `\b`, `\w`,
/// `\W`, `\d` and `\s` take the narrower meanings the [`gate`](crate::gate)
/// module documents, and named groups `m`, `veto…`, `chosen` and `rejected`
/// mark the marker's span, vetoes and option spans.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Rule {
    /// A unique id; a built-in id replaces that rule (`gate_mode: "extend"`).
    pub id: String,
    /// What the marker shows.
    pub category: Category,
    /// How much a marker adds to its sentence's score, 1 to 3.
    pub strength: u8,
    /// The regex.
    pub pattern: String,
}

/// Options for [`parse`](crate::parse) and [`Session`](crate::Session).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// The tool that wrote the input; `None` detects it from the content.
    /// A slug or an alias (`claude`, `claude-code`, `codex-cli`, …; case and
    /// `-`/`_` do not matter).
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    pub source: Option<SourceKind>,
    /// Replace secrets with `[REDACTED:<rule>]` (on by default).
    pub redact: bool,
    /// What to return.
    pub output: OutputMode,
    /// Records longer than this are skipped with a diagnostic.
    pub max_record_bytes: usize,
    /// Records nested deeper than this are skipped with a diagnostic.
    pub max_json_depth: usize,
    /// File name reported in every event's provenance (the CLI sets the path).
    pub file: Option<String>,
    /// Commitment-marker rules to add to (or, with `gate_mode: "replace"`,
    /// use instead of) the built-in table.
    pub gate_rules: Option<Vec<Rule>>,
    /// How `gate_rules` combine with the built-in table.
    pub gate_mode: GateMode,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            source: None,
            redact: true,
            output: OutputMode::Nodes,
            max_record_bytes: DEFAULT_MAX_RECORD_BYTES,
            max_json_depth: DEFAULT_MAX_JSON_DEPTH,
            file: None,
            gate_rules: None,
            gate_mode: GateMode::Extend,
        }
    }
}

impl Options {
    /// Reads options from a JSON object such as
    /// `{"source":"codex","redact":false,"output":"events"}`. Missing keys take
    /// their defaults; unknown keys are an error so typos are not silently ignored.
    pub fn from_json(json: &str) -> Result<Options, Error> {
        if json.trim().is_empty() {
            return Ok(Options::default());
        }
        // Options and gate rules are objects: serde would also take an array
        // positionally (`["codex", false]` turning redaction off), which a
        // caller never means.
        let kind = |v: &serde_json::Value| match v {
            serde_json::Value::Array(_) => "an array",
            serde_json::Value::String(_) => "a string",
            serde_json::Value::Number(_) => "a number",
            serde_json::Value::Bool(_) => "a boolean",
            serde_json::Value::Null => "null",
            serde_json::Value::Object(_) => "an object",
        };
        match serde_json::from_str::<serde_json::Value>(json) {
            Ok(v) if !v.is_object() => {
                let msg = format!(
                    "invalid options JSON: options must be a JSON object, not {}",
                    kind(&v)
                );
                return Err(Error::new(ErrorKind::InvalidOptions, msg));
            }
            Ok(v) => {
                if let Some(rules) = v.get("gate_rules").and_then(serde_json::Value::as_array) {
                    if let Some((i, r)) = rules.iter().enumerate().find(|(_, r)| !r.is_object()) {
                        let msg = format!(
                            "invalid option gate_rules[{i}]: a rule must be a JSON object, not {}",
                            kind(r)
                        );
                        return Err(Error::new(ErrorKind::InvalidOptions, msg));
                    }
                }
            }
            Err(_) => {} // reported with its position below
        }
        let de = &mut serde_json::Deserializer::from_str(json);
        let opts: Options = serde_path_to_error::deserialize(de).map_err(|e| {
            // Name the option at fault: "output: unknown variant `all`, …".
            let path = e.path().to_string();
            let inner = e.into_inner();
            let msg = if path == "." {
                format!("invalid options JSON: {inner}")
            } else {
                format!("invalid option {path}: {inner}")
            };
            Error::new(ErrorKind::InvalidOptions, msg)
        })?;
        opts.validate()?;
        Ok(opts)
    }

    /// Checks the limits are usable. The `gate_rules` are checked (their
    /// patterns compiled) when a [`Session`](crate::Session) is made.
    pub fn validate(&self) -> Result<(), Error> {
        if self.max_record_bytes == 0 {
            return Err(Error::new(
                ErrorKind::InvalidOptions,
                "max_record_bytes must be at least 1",
            ));
        }
        if self.max_json_depth == 0 {
            return Err(Error::new(
                ErrorKind::InvalidOptions,
                "max_json_depth must be at least 1",
            ));
        }
        Ok(())
    }

    /// Builder-style setter for the source.
    pub fn with_source(mut self, source: SourceKind) -> Options {
        self.source = Some(source);
        self
    }

    /// Builder-style setter for the output mode.
    pub fn with_output(mut self, output: OutputMode) -> Options {
        self.output = output;
        self
    }

    /// Builder-style setter for redaction.
    pub fn with_redact(mut self, redact: bool) -> Options {
        self.redact = redact;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_defaults_and_values() {
        assert_eq!(Options::from_json("").unwrap(), Options::default());
        assert_eq!(Options::from_json("{}").unwrap(), Options::default());
        let o = Options::from_json(
            r#"{"source":"claude","redact":false,"output":"events","max_record_bytes":10}"#,
        )
        .unwrap();
        assert_eq!(o.source, Some(SourceKind::ClaudeCode));
        assert!(!o.redact);
        assert_eq!(o.output, OutputMode::Events);
        assert_eq!(o.max_record_bytes, 10);
    }

    #[test]
    fn json_errors() {
        for bad in [
            r#"{"sourc":"codex"}"#,
            r#"{"output":"all"}"#,
            r#"{"source":"vim"}"#,
            "[",
            r#"{"max_json_depth":0}"#,
            r#"["codex", false, "events"]"#,
            r#""codex""#,
            r#"{"gate_rules":[["r1","ban",3,"never"]]}"#,
        ] {
            let e = Options::from_json(bad).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::InvalidOptions, "{bad}");
        }
        // The message names the option at fault.
        let e = Options::from_json(r#"{"output":"all"}"#).unwrap_err();
        assert!(
            e.message()
                .starts_with("invalid option output: unknown variant `all`"),
            "{}",
            e.message()
        );
        let e = Options::from_json(r#"{"gate_rules":[{"id":"x"}]}"#).unwrap_err();
        assert!(e.message().contains("gate_rules[0]"), "{}", e.message());
    }
}
