//! What the adapters of chat-shaped formats share (Gemini, Copilot, Cursor,
//! VS Code, Cline, Amp, Aider): the session's envelope ([`Ctx`]), emitting a
//! turn with its calls, and reading a file edit from an edit tool's
//! arguments whatever the tool calls its fields.

use serde_json::{Map, Value};

use super::kit::{Base, Record, TurnDraft};
use crate::diff;
use crate::emit::Emitter;
use crate::model::{Diff, EventKind, Injected, Part, ProjectRef, Usage};

/// The envelope every event of a session repeats, and whether its
/// `session_start` went out.
#[derive(Clone, Debug, Default)]
pub(crate) struct Ctx {
    pub session_id: Option<String>,
    pub project: ProjectRef,
    pub started: bool,
}

impl Ctx {
    /// The envelope of an event from `rec`, with the tool's id for it (or
    /// one made from the record's content) and its timestamp.
    pub fn base(&self, rec: &Record<'_>, id: Option<String>, timestamp: Option<String>) -> Base {
        Base {
            session_id: self.session_id.clone(),
            event_id: id.unwrap_or_else(|| rec.content_id()),
            timestamp,
            project: self.project.clone(),
            loc: rec.loc(),
            ..Base::default()
        }
    }

    /// Emits `session_start` once, before anything else, as the formats
    /// without a session record of their own do: the session named after
    /// the file (or the record) when nothing named it yet, the event's id
    /// `<session>:start`, its time and model as `start` says (asked only
    /// when it is emitted).
    pub fn ensure_started(
        &mut self,
        rec: &Record<'_>,
        out: &mut Emitter,
        start: impl FnOnce() -> (Option<String>, Option<String>),
    ) {
        if self.session_id.is_none() {
            self.session_id = Some(fallback_session_id(out, rec));
        }
        if !self.started {
            let (timestamp, model) = start();
            let base = self.base(
                rec,
                Some(format!(
                    "{}:start",
                    self.session_id.as_deref().unwrap_or_default()
                )),
                timestamp,
            );
            self.start(out, base, model, None);
        }
    }

    /// Emits `session_start` once, before anything else.
    pub fn start(
        &mut self,
        out: &mut Emitter,
        base: Base,
        model: Option<String>,
        tool_version: Option<String>,
    ) {
        if self.started {
            return;
        }
        self.started = true;
        let kind = EventKind::SessionStart {
            cwd: self.project.cwd.clone(),
            git: self.project.git.clone(),
            model,
            tool_version,
        };
        out.emit(base, kind);
    }
}

/// Calls waiting for their result, by id: their name and arguments (an
/// edit's result is read with its call's arguments). At most
/// [`MAX_WAITING_CALLS`] wait; past that the oldest id goes (its result is
/// then read without arguments, so it makes no `file_edit`).
pub(crate) type Waiting = std::collections::BTreeMap<String, (String, Value)>;

/// See [`Waiting`].
pub(crate) const MAX_WAITING_CALLS: usize = 4096;

/// Adds a call to `waiting`, keeping it within [`MAX_WAITING_CALLS`].
pub(crate) fn wait_for(waiting: &mut Waiting, id: String, name: String, args: Value) {
    waiting.insert(id, (name, args));
    if waiting.len() > MAX_WAITING_CALLS {
        waiting.pop_first();
    }
}

/// Emits a user turn of plain text.
pub(crate) fn user_turn(out: &mut Emitter, base: Base, text: String, injected: Option<Injected>) {
    let parts = if text.is_empty() {
        Vec::new()
    } else {
        vec![Part::Text { text: text.clone() }]
    };
    out.emit(
        base,
        EventKind::UserTurn {
            text,
            parts,
            injected,
        },
    );
}

/// A call made in an assistant turn, with what it returned when the source
/// keeps the two together.
#[derive(Clone)]
pub(crate) struct Call {
    pub id: String,
    pub name: String,
    pub args: Value,
    pub result: Option<(bool, Value)>,
    pub timestamp: Option<String>,
}

/// Emits an assistant turn, then its calls, then the results kept with
/// them and the file edits that succeeded.
pub(crate) fn assistant_turn(
    out: &mut Emitter,
    base: Base,
    text: String,
    thinking: String,
    model: Option<String>,
    usage: Option<Usage>,
    calls: Vec<Call>,
) {
    let mut draft = TurnDraft::new(base.clone());
    if !thinking.is_empty() {
        draft.parts.push(Part::Thinking {
            text: thinking.clone(),
        });
    }
    if !text.is_empty() {
        draft.parts.push(Part::Text { text: text.clone() });
    }
    draft.text = text;
    draft.thinking = thinking;
    draft.usage = usage;
    let mut after = Vec::new();
    for call in calls {
        let mut b = base.clone();
        if call.timestamp.is_some() {
            b.timestamp.clone_from(&call.timestamp);
        }
        if let Some((ok, output)) = call.result {
            after.push((
                b.clone(),
                call.id.clone(),
                call.name.clone(),
                call.args.clone(),
                ok,
                output,
            ));
        }
        draft.add_call(b, call.id, call.name, call.args);
    }
    draft.emit(out, model, None);
    for (b, id, name, args, ok, output) in after {
        tool_result(out, b, id, &name, &args, ok, output);
    }
}

/// Emits a tool result, and the file edit it made when it succeeded.
pub(crate) fn tool_result(
    out: &mut Emitter,
    mut base: Base,
    call_id: String,
    name: &str,
    args: &Value,
    ok: bool,
    output: Value,
) {
    base.event_id = format!("{call_id}:result");
    let edit = if ok {
        edit_from_call(name, args, &output)
    } else {
        Vec::new()
    };
    out.emit(
        base.clone(),
        EventKind::ToolResult {
            call_id: call_id.clone(),
            ok,
            output,
        },
    );
    for (i, diff) in edit.into_iter().enumerate() {
        let mut b = base.clone();
        b.event_id = if i == 0 {
            format!("{call_id}:edit")
        } else {
            format!("{call_id}:edit{}", i + 1)
        };
        out.emit(
            b,
            EventKind::FileEdit {
                call_id: call_id.clone(),
                diff,
            },
        );
    }
}

fn field<'a>(m: &'a Map<String, Value>, keys: &[&str]) -> Option<&'a str> {
    keys.iter().find_map(|k| m.get(*k).and_then(Value::as_str))
}

const PATH_KEYS: &[&str] = &[
    "file_path",
    "filePath",
    "path",
    "absolute_path",
    "target_file",
    "file",
];
const OLD_KEYS: &[&str] = &[
    "old_string",
    "oldString",
    "old_str",
    "old_text",
    "oldText",
    "search",
];
const NEW_KEYS: &[&str] = &[
    "new_string",
    "newString",
    "new_str",
    "new_text",
    "newText",
    "replace",
];
const CONTENT_KEYS: &[&str] = &[
    "content",
    "contents",
    "file_text",
    "fileText",
    "text",
    "code",
];

/// The endings of every [`PATH_KEYS`] key.
const PATH_KEY_ENDINGS: [&[u8]; 3] = [b"path\"", b"Path\"", b"file\""];

/// Whether a call's arguments, as a JSON text, may hold a file's path, the
/// first thing [`edit_from_call`] reads: a key with a [`PATH_KEYS`] ending,
/// or an escape that could spell one. Arguments that cannot need not be
/// read into a value to look for an edit.
pub(crate) fn may_name_a_file(args: &str) -> bool {
    let b = args.as_bytes();
    memchr::memchr(b'\\', b).is_some()
        || PATH_KEY_ENDINGS
            .iter()
            .any(|end| memchr::memmem::find(b, end).is_some())
}

/// The file edits a successful call made, read from its arguments by their
/// shape: a path with old and new strings (a replacement), a path with
/// SEARCH/REPLACE blocks (`diff`), or a path with whole content (a write).
/// Calls that do not look like edits (a read with a path only) give none.
pub(crate) fn edit_from_call(name: &str, args: &Value, output: &Value) -> Vec<Diff> {
    let Some(m) = args.as_object() else {
        return Vec::new();
    };
    let Some(path) = field(m, PATH_KEYS) else {
        return Vec::new();
    };
    let lname = name.to_ascii_lowercase();
    if let (Some(old), Some(new)) = (field(m, OLD_KEYS), field(m, NEW_KEYS)) {
        return diff::from_replace(path, old, new).into_iter().collect();
    }
    if let Some(edits) = m.get("edits").and_then(Value::as_array) {
        let pairs: Vec<(&str, &str)> = edits
            .iter()
            .filter_map(|e| e.as_object())
            .filter_map(|e| Some((field(e, OLD_KEYS)?, field(e, NEW_KEYS)?)))
            .collect();
        if !pairs.is_empty() {
            return diff::from_blocks(path, &pairs, false).into_iter().collect();
        }
    }
    if let Some(d) = m.get("diff").and_then(Value::as_str) {
        let blocks = diff::search_replace_blocks(d);
        let pairs: Vec<(&str, &str)> = blocks
            .iter()
            .map(|(o, n)| (o.as_str(), n.as_str()))
            .collect();
        if !pairs.is_empty() {
            return diff::from_blocks(path, &pairs, false).into_iter().collect();
        }
    }
    let writes = lname.contains("write")
        || lname.contains("create")
        || lname.contains("new_file")
        || lname == "save";
    if writes {
        if let Some(content) = field(m, CONTENT_KEYS) {
            let out_text = match output {
                Value::String(s) => s.to_ascii_lowercase(),
                other => other.to_string().to_ascii_lowercase(),
            };
            let created = lname.contains("create") || out_text.contains("created");
            return diff::from_write(path, content, created)
                .into_iter()
                .collect();
        }
    }
    Vec::new()
}

/// The text of a content value: a string, or the `text` of an array of
/// blocks (`[{text}]`, `[{type: "text", text}]`), joined with `\n`.
pub(crate) fn text_of(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Array(items) => {
            let mut out = String::new();
            for item in items {
                let t = match item {
                    Value::String(s) => Some(s.as_str()),
                    Value::Object(m)
                        if m.get("type")
                            .and_then(Value::as_str)
                            .is_none_or(|t| t == "text") =>
                    {
                        m.get("text").and_then(Value::as_str)
                    }
                    _ => None,
                };
                if let Some(t) = t {
                    super::kit::push_joined(&mut out, t, "\n");
                }
            }
            out
        }
        _ => String::new(),
    }
}

/// A time in milliseconds since the epoch (a JSON number) as RFC 3339.
pub(crate) fn ms_to_rfc3339(ms: &Value) -> Option<String> {
    rfc3339_from_ms(ms.as_i64().or_else(|| ms.as_f64().map(|f| f as i64))?)
}

/// Milliseconds since the epoch as RFC 3339 (UTC, milliseconds), for years
/// 0–9999.
pub fn rfc3339_from_ms(ms: i64) -> Option<String> {
    let t = time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000).ok()?;
    if !(0..=9999).contains(&t.year()) {
        return None;
    }
    Some(format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z",
        t.year(),
        u8::from(t.month()),
        t.day(),
        t.hour(),
        t.minute(),
        t.second(),
        t.millisecond()
    ))
}

/// A session id for a format that writes none: the file's name without its
/// extension when the caller named the file (tools name these files by the
/// session's id), else a hash of the first record.
pub(crate) fn fallback_session_id(out: &Emitter, rec: &Record<'_>) -> String {
    if let Some(file) = out.file.as_deref() {
        let name = file.rsplit(['/', '\\']).next().unwrap_or(file);
        let stem = name.split('.').next().unwrap_or(name);
        if !stem.is_empty() {
            return stem.to_owned();
        }
    }
    let hash = blake3::hash(rec.text.as_bytes());
    hash.to_hex()[..32].to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_path_key_has_an_ending_may_name_a_file_looks_for() {
        for k in PATH_KEYS {
            let quoted = format!("{{\"{k}\": \"a.rs\"}}");
            assert!(may_name_a_file(&quoted), "{k}");
        }
        assert!(!may_name_a_file(r#"{"command": "ls -la"}"#));
    }
}
