//! OpenCode's JSON file storage (v1.0.x, `~/.local/share/opencode/storage/`):
//! one session is spread over many small files, read in this order (the
//! source layer lists them; see `memscribe_io::open`):
//!
//! * `session/<projectID>/ses_<id>.json`: `{id, version, projectID,
//!   directory, title, time{created, updated}}` → `session_start` (cwd,
//!   tool version);
//! * for each message, by id (ids sort by time), `message/<sessionID>/
//!   msg_<id>.json` `{id, sessionID, role, time{created}, parentID, modelID,
//!   tokens{input, output, reasoning, cache{read, write}}, path{cwd}}`, then
//!   its parts `part/<messageID>/prt_<id>.json`: `text` (the turn's text),
//!   `reasoning` (thinking), `tool` `{tool, callID, state{status, input,
//!   output}}` → `tool_call` + `tool_result` (+ `file_edit` for a completed
//!   edit or write); `step-start`, `step-finish` and `patch` are `empty`
//!   (the edits are read from the tool calls).
//!
//! A file is a JSON document whose members arrive as records; the adapter
//! gathers one file's members and reads the file when the next begins. A
//! message becomes its turn when the next message (or the end) comes, since
//! its parts follow it. `project/*.json`, `session_diff/*.json` and
//! `migration` are `empty` when given.

use serde_json::{Map, Value};

use super::chat::{assistant_turn, ms_to_rfc3339, user_turn, Call, Ctx};
use super::kit::{get_str, get_string, push_joined, Adapter, Base, Loc, Record};
use crate::diag::DiagnosticKind;
use crate::emit::Emitter;
use crate::model::Usage;

#[derive(Clone, Default)]
pub(crate) struct OpenCodeAdapter {
    ctx: Ctx,
    /// The current file's name and the members read from it so far.
    file: String,
    members: Map<String, Value>,
    /// The current file's first record: its position, ordinal and the name
    /// its events carry.
    first: Option<(Loc, u64, Option<String>)>,
    /// The message waiting for its parts.
    message: Option<(Map<String, Value>, Loc, u64, Option<String>)>,
    parts: Vec<Map<String, Value>>,
}

/// Members kept per file at most (a file has a dozen).
const MAX_MEMBERS: usize = 256;
/// Parts kept per message at most.
const MAX_PARTS: usize = 4096;

impl OpenCodeAdapter {
    pub fn new() -> OpenCodeAdapter {
        OpenCodeAdapter::default()
    }

    fn kind_of(name: &str) -> &'static str {
        // A file of the storage tree, or a row of `opencode.db` as the
        // source layer names it (`<db>#part/<id>`).
        let n = name.replace('\\', "/").replace('#', "/");
        if n.contains("/part/") {
            "part"
        } else if n.contains("/message/") {
            "message"
        } else if n.contains("/session/") {
            "session"
        } else {
            "other"
        }
    }

    /// Reads the file whose members were gathered.
    fn end_file(&mut self, out: &mut Emitter) {
        let members = std::mem::take(&mut self.members);
        let Some((loc, ordinal, file)) = self.first.take() else {
            return;
        };
        let kind = if self.file.is_empty() {
            guess(&members)
        } else {
            Self::kind_of(&self.file)
        };
        match kind {
            "session" => {
                self.ctx.session_id = get_string(&members, "id");
                self.ctx.project.cwd = get_string(&members, "directory");
                let ts = members
                    .get("time")
                    .and_then(|t| t.get("created"))
                    .and_then(ms_to_rfc3339);
                let mut base = self.base(
                    loc,
                    ordinal,
                    self.ctx.session_id.clone().map(|s| format!("{s}:start")),
                    ts,
                );
                base.file = file;
                self.ctx.started = false;
                self.ctx
                    .start(out, base, None, get_string(&members, "version"));
            }
            "message" => {
                self.flush_message(out);
                if self.ctx.session_id.is_none() {
                    self.ctx.session_id = get_string(&members, "sessionID");
                }
                self.message = Some((members, loc, ordinal, file));
            }
            "part" => {
                if self.parts.len() < MAX_PARTS {
                    self.parts.push(members);
                } else {
                    out.diag(
                        DiagnosticKind::RecordTooLarge,
                        loc,
                        format!("a message with more than {MAX_PARTS} parts: this one is not read"),
                    );
                }
            }
            _ => out.diag(
                DiagnosticKind::Empty,
                loc,
                "storage bookkeeping (project, diff summary)",
            ),
        }
    }

    fn base(&self, loc: Loc, ordinal: u64, id: Option<String>, ts: Option<String>) -> Base {
        Base {
            session_id: self.ctx.session_id.clone(),
            event_id: id.unwrap_or_else(|| format!("{}@{ordinal}", self.file)),
            timestamp: ts,
            project: self.ctx.project.clone(),
            loc,
            ..Base::default()
        }
    }

    /// Emits the waiting message with its parts.
    fn flush_message(&mut self, out: &mut Emitter) {
        let parts = std::mem::take(&mut self.parts);
        let Some((m, loc, ordinal, file)) = self.message.take() else {
            return;
        };
        if !self.ctx.started {
            let mut base = self.base(
                loc,
                ordinal,
                self.ctx.session_id.clone().map(|s| format!("{s}:start")),
                None,
            );
            base.file.clone_from(&file);
            self.ctx.start(out, base, None, None);
        }
        let ts = m
            .get("time")
            .and_then(|t| t.get("created"))
            .and_then(ms_to_rfc3339);
        let mut base = self.base(loc, ordinal, get_string(&m, "id"), ts.clone());
        base.file = file;
        let (mut text, mut thinking, mut calls) = (String::new(), String::new(), Vec::new());
        for p in &parts {
            match get_str(p, "type") {
                Some("text") if p.get("synthetic").and_then(Value::as_bool) != Some(true) => {
                    push_joined(&mut text, get_str(p, "text").unwrap_or(""), "\n\n")
                }
                Some("reasoning") => {
                    push_joined(&mut thinking, get_str(p, "text").unwrap_or(""), "\n\n")
                }
                Some("tool") => {
                    let state = p.get("state").and_then(Value::as_object);
                    let status = state.and_then(|s| get_str(s, "status")).unwrap_or("");
                    let done = matches!(status, "completed" | "error");
                    let output = state
                        .and_then(|s| s.get("output").or(s.get("error")))
                        .cloned()
                        .unwrap_or(Value::Null);
                    let when = state
                        .and_then(|s| s.get("time"))
                        .and_then(|t| t.get("start"))
                        .and_then(ms_to_rfc3339);
                    calls.push(Call {
                        id: get_string(p, "callID")
                            .or_else(|| get_string(p, "id"))
                            .unwrap_or_default(),
                        name: get_string(p, "tool").unwrap_or_default(),
                        args: state
                            .and_then(|s| s.get("input"))
                            .cloned()
                            .unwrap_or(Value::Null),
                        result: done.then_some((status == "completed", output)),
                        timestamp: when.or(ts.clone()),
                    });
                }
                _ => {}
            }
        }
        if get_str(&m, "role") == Some("assistant") {
            let usage = m.get("tokens").and_then(usage);
            if let Some(cwd) = m
                .get("path")
                .and_then(|p| p.get("cwd"))
                .and_then(Value::as_str)
            {
                self.ctx.project.cwd.get_or_insert_with(|| cwd.to_owned());
            }
            assistant_turn(
                out,
                base,
                text,
                thinking,
                get_string(&m, "modelID"),
                usage,
                calls,
            );
        } else {
            user_turn(out, base, text, None);
        }
    }
}

/// The kind of a file given without a name, from its members.
fn guess(m: &Map<String, Value>) -> &'static str {
    if m.contains_key("messageID") && m.contains_key("type") {
        "part"
    } else if m.contains_key("role") && m.contains_key("sessionID") {
        "message"
    } else if m.contains_key("projectID") && m.contains_key("directory") {
        "session"
    } else {
        "other"
    }
}

fn usage(t: &Value) -> Option<Usage> {
    let n = |v: Option<&Value>| v.and_then(Value::as_u64).unwrap_or(0);
    t.as_object()?;
    Some(Usage {
        input_tokens: n(t.get("input")),
        output_tokens: n(t.get("output")).saturating_add(n(t.get("reasoning"))),
        cache_read_tokens: n(t.pointer("/cache/read")),
        cache_creation_tokens: n(t.pointer("/cache/write")),
    })
}

impl Adapter for OpenCodeAdapter {
    fn record(&mut self, rec: Record<'_>, out: &mut Emitter) {
        let Some(v) = rec.value(out) else { return };
        if self.first.is_none() {
            self.first = Some((rec.loc(), rec.ordinal, out.file.clone()));
        }
        // A file's members are read with the file (its first member's
        // position is the events' provenance).
        match (rec.field, v) {
            (Some(field), v) => {
                if self.members.len() < MAX_MEMBERS {
                    self.members.insert(field.to_owned(), v);
                }
            }
            // A file written on one line: the object whole.
            (None, Value::Object(m)) => self.members = m,
            // A bare value (`migration`).
            (None, _) => out.diag(DiagnosticKind::Empty, rec.loc(), "storage bookkeeping"),
        }
    }

    fn begin_file(&mut self, name: &str, out: &mut Emitter) {
        self.end_file(out);
        self.file = name.to_owned();
    }

    fn finish(&mut self, out: &mut Emitter) {
        self.end_file(out);
        self.flush_message(out);
    }
}
