//! Cursor agent transcripts (`agent-transcripts/*.jsonl`): lines `{role:
//! user|assistant, message{content[text|thinking|tool_use]}}` and `{type:
//! turn_ended, status}`. The format has no ids, timestamps or tool results:
//! ids are made from content, the session id is the file's name (or a hash
//! of the first line), and a `tool_use` becomes a `tool_call` with no result
//! — so no `file_edit`, whose success the file never records. The person's
//! text is unwrapped from `<user_query>`. (Cursor's SQLite stores are read
//! by the database adapters.)

use serde_json::Value;

use super::chat::{assistant_turn, fallback_session_id, user_turn, Call, Ctx};
use super::kit::{get_str, Adapter, Record};
use crate::emit::Emitter;

#[derive(Default)]
pub(crate) struct CursorAdapter {
    ctx: Ctx,
}

impl CursorAdapter {
    pub fn new() -> CursorAdapter {
        CursorAdapter::default()
    }
}

/// The text inside `<user_query>…</user_query>`, or the text as it is.
fn unwrap_query(text: &str) -> String {
    let t = text.trim();
    match t.strip_prefix("<user_query>").and_then(|r| r.strip_suffix("</user_query>")) {
        Some(inner) => inner.trim().to_owned(),
        None => text.to_owned(),
    }
}

impl Adapter for CursorAdapter {
    fn record(&mut self, rec: Record<'_>, out: &mut Emitter) {
        let Some(v) = rec.value(out) else { return };
        if self.ctx.session_id.is_none() {
            self.ctx.session_id = Some(fallback_session_id(out, &rec));
        }
        if !self.ctx.started {
            let base = self.ctx.base(&rec, Some(format!("{}:start", self.ctx.session_id.clone().unwrap_or_default())), None);
            self.ctx.start(out, base, None, None);
        }
        let base = self.ctx.base(&rec, None, None);
        let Some(m) = v.as_object() else { return out.emit_unknown(base, "value".to_owned(), &rec) };
        let content = m.get("message").and_then(|x| x.get("content"));
        match (get_str(m, "role"), content) {
            (Some("user"), Some(c)) => {
                let text = unwrap_query(&super::chat::text_of(c));
                user_turn(out, base, text, None);
            }
            (Some("assistant"), Some(c)) => {
                let (mut text, mut thinking, mut calls) = (String::new(), String::new(), Vec::new());
                let blocks = c.as_array().cloned().unwrap_or_else(|| vec![c.clone()]);
                for (i, b) in blocks.iter().enumerate() {
                    match b.get("type").and_then(Value::as_str) {
                        Some("text") | None => super::kit::push_joined(&mut text, b.get("text").and_then(Value::as_str).or(b.as_str()).unwrap_or(""), "\n\n"),
                        Some("thinking") => super::kit::push_joined(&mut thinking, b.get("thinking").or(b.get("text")).and_then(Value::as_str).unwrap_or(""), "\n\n"),
                        Some("tool_use") => calls.push(Call {
                            id: b.get("id").and_then(Value::as_str).map(str::to_owned).unwrap_or_else(|| format!("{}#{i}", base.event_id)),
                            name: b.get("name").and_then(Value::as_str).unwrap_or("").to_owned(),
                            args: b.get("input").cloned().unwrap_or(Value::Null),
                            result: None,
                            timestamp: None,
                        }),
                        Some(_) => {}
                    }
                }
                assistant_turn(out, base, text, thinking, None, None, calls);
            }
            _ => match get_str(m, "type") {
                Some("turn_ended") => out.diag(crate::diag::DiagnosticKind::Empty, rec.loc(), "turn marker"),
                Some(t) => out.emit_unknown(base, t.to_owned(), &rec),
                None => out.emit_unknown(base, "record".to_owned(), &rec),
            },
        }
    }

    fn finish(&mut self, _out: &mut Emitter) {}
}
