//! Goose (Block): `sessions/sessions.db` (SQLite, 2025) and the older
//! per-session `sessions/<id>.jsonl`.
//!
//! * The database's rows come from the source layer as lines
//!   `{"session": {id, name, working_dir, created_at, …}}` (the `sessions`
//!   row) and `{"message": {id, session_id, role, content_json[],
//!   created_timestamp (s), metadata_json}}` (each `messages` row, in id
//!   order).
//! * A legacy file's first line is the session's metadata `{working_dir,
//!   description, …}`; each later line a message `{id?, role, created (s),
//!   content[], metadata?}`.
//!
//! Content items are tagged by `type`: `text` and `thinking` make the turn;
//! an assistant's `toolRequest{id, toolCall{status, value{name,
//! arguments}}}` → `tool_call`; a user message's `toolResponse{id,
//! toolResult{status, value}}` → `tool_result` (+ `file_edit` for a
//! successful edit: the text editor's `str_replace` / `write`). Other items
//! are not turn text. A record of another shape → `unknown`.

use serde_json::{Map, Value};

use super::chat::{
    assistant_turn, ms_to_rfc3339, tool_result, user_turn, wait_for, Call, Ctx, Waiting,
};
use super::kit::{get_str, push_joined, Adapter, Record};
use crate::emit::Emitter;

#[derive(Clone, Default)]
pub(crate) struct GooseAdapter {
    ctx: Ctx,
    calls: Waiting,
}

impl GooseAdapter {
    pub fn new() -> GooseAdapter {
        GooseAdapter::default()
    }

    fn start(&mut self, rec: &Record<'_>, out: &mut Emitter, ts: Option<String>) {
        self.ctx.ensure_started(rec, out, || (ts, None));
    }

    fn session(&mut self, rec: &Record<'_>, m: &Map<String, Value>, out: &mut Emitter) {
        if let Some(id) = m.get("id").and_then(id_text) {
            self.ctx.session_id = Some(id);
        }
        self.ctx.project.cwd = get_str(m, "working_dir").map(str::to_owned);
        let ts = get_str(m, "created_at").and_then(sql_time);
        self.start(rec, out, ts);
    }

    fn message(&mut self, rec: &Record<'_>, m: &Map<String, Value>, out: &mut Emitter) {
        self.start(rec, out, None);
        let secs = m
            .get("created_timestamp")
            .or(m.get("created"))
            .and_then(Value::as_i64);
        let ts = secs.and_then(|s| ms_to_rfc3339(&Value::from(s.saturating_mul(1000))));
        let id = m
            .get("id")
            .and_then(id_text)
            .map(|id| format!("{}:{id}", self.ctx.session_id.clone().unwrap_or_default()));
        let base = self.ctx.base(rec, id, ts.clone());
        let items = m
            .get("content_json")
            .or(m.get("content"))
            .and_then(Value::as_array)
            .map(Vec::as_slice)
            .unwrap_or(&[]);
        let (mut text, mut thinking, mut calls) = (String::new(), String::new(), Vec::new());
        let mut results = Vec::new();
        for item in items {
            match item.get("type").and_then(Value::as_str) {
                Some("text") => push_joined(
                    &mut text,
                    item.get("text").and_then(Value::as_str).unwrap_or(""),
                    "\n\n",
                ),
                Some("thinking") => push_joined(
                    &mut thinking,
                    item.get("thinking").and_then(Value::as_str).unwrap_or(""),
                    "\n\n",
                ),
                Some("toolRequest" | "frontendToolRequest") => {
                    let cid = item
                        .get("id")
                        .and_then(Value::as_str)
                        .unwrap_or("")
                        .to_owned();
                    let call = item.get("toolCall");
                    let value = call.and_then(|c| c.get("value"));
                    let name = value
                        .and_then(|v| v.get("name"))
                        .and_then(Value::as_str)
                        .unwrap_or("")
                        .to_owned();
                    let args = value
                        .and_then(|v| v.get("arguments"))
                        .cloned()
                        .unwrap_or(Value::Null);
                    wait_for(&mut self.calls, cid.clone(), name.clone(), args.clone());
                    calls.push(Call {
                        id: cid,
                        name,
                        args,
                        result: None,
                        timestamp: ts.clone(),
                    });
                }
                Some("toolResponse") => results.push(item),
                _ => {}
            }
        }
        match get_str(m, "role") {
            Some("assistant") => {
                assistant_turn(out, base.clone(), text, thinking, None, None, calls)
            }
            Some("user") if !text.is_empty() => user_turn(out, base.clone(), text, None),
            Some("user") => {}
            _ => return out.emit_unknown(base, "message".to_owned(), rec),
        }
        for item in results {
            let cid = item
                .get("id")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_owned();
            let result = item.get("toolResult");
            let ok = result.and_then(|r| r.get("status")).and_then(Value::as_str)
                == Some("success")
                && result
                    .and_then(|r| r.get("value"))
                    .and_then(|v| v.get("isError"))
                    .and_then(Value::as_bool)
                    != Some(true);
            let output = result
                .and_then(|r| r.get("value").or(r.get("error")))
                .cloned()
                .unwrap_or(Value::Null);
            let (name, args) = self.calls.remove(&cid).unwrap_or_default();
            // The text editor names what it does in `command`.
            let edit_name = match args.get("command").and_then(Value::as_str) {
                Some("write") => "write",
                _ => name.as_str(),
            };
            tool_result(out, base.clone(), cid, edit_name, &args, ok, output);
        }
    }
}

/// A row id as text (numbers in the database, strings in legacy files).
fn id_text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// SQLite's `CURRENT_TIMESTAMP` text (`YYYY-MM-DD HH:MM:SS`, UTC) as RFC 3339.
fn sql_time(t: &str) -> Option<String> {
    let b = t.as_bytes();
    if b.len() == 19 && b[10] == b' ' && b[4] == b'-' && b[13] == b':' {
        return Some(format!("{}T{}Z", &t[..10], &t[11..]));
    }
    (t.len() >= 20 && b[10] == b'T').then(|| t.to_owned())
}

impl Adapter for GooseAdapter {
    fn record(&mut self, rec: Record<'_>, out: &mut Emitter) {
        let Some(v) = rec.value(out) else { return };
        let Some(m) = v.as_object() else {
            let base = self.ctx.base(&rec, None, None);
            return out.emit_unknown(base, "value".to_owned(), &rec);
        };
        if let Some(Value::Object(s)) = m.get("session") {
            self.session(&rec, s, out);
        } else if let Some(Value::Object(msg)) = m.get("message") {
            self.message(&rec, msg, out);
        } else if m.contains_key("role") && m.contains_key("content") {
            self.message(&rec, m, out);
        } else if m.contains_key("working_dir") {
            self.session(&rec, m, out);
        } else {
            self.start(&rec, out, None);
            let base = self.ctx.base(&rec, None, None);
            out.emit_unknown(base, "record".to_owned(), &rec);
        }
    }

    fn finish(&mut self, _out: &mut Emitter) {}
}
