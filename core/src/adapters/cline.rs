//! Cline and Roo Code task directories (`…/tasks/<taskId>/`), file by file:
//!
//! * `api_conversation_history.json`: the Anthropic-style messages the
//!   model saw, `[{role, content[text|image|tool_use|tool_result], ts?}]`.
//!   User text → `user_turn` (with `<task>` / `<feedback>` tags unwrapped and
//!   the `<environment_details>` the tool appends cut off; a message of
//!   environment details only is `environment_context`); `tool_result`
//!   blocks → `tool_result` (+ `file_edit` for a successful edit call:
//!   `replace_in_file` / `apply_diff` SEARCH/REPLACE blocks, whole-file
//!   writes); assistant messages → `assistant_turn` with `tool_use` calls.
//!   The flat `{type, timestamp, text}` form some exporters write is read too.
//! * `ui_messages.json`: what the panel showed, `[{ts, type: say|ask, …}]`.
//!   Read on its own, it gives the turns (`task`, `user_feedback` →
//!   `user_turn`; `text`, `completion_result`, `followup` →
//!   `assistant_turn`; `tool` → call, result and edit; `command` and its
//!   output → call and result). After the API history of the same task it
//!   repeats it, and its records are `duplicate`s.
//! * `task_metadata.json`: members are `empty` (file tracking, not turns).
//!
//! Older Cline versions wrote calls as XML inside the assistant's text;
//! those stay text (not handled yet).

use serde_json::{Map, Value};

use super::chat::{assistant_turn, fallback_session_id, ms_to_rfc3339, tool_result, user_turn, Call, Ctx};
use super::kit::{get_str, get_string, push_joined, Adapter, Record};
use crate::diag::DiagnosticKind;
use crate::emit::Emitter;
use crate::model::{Injected, Usage};

#[derive(Default)]
pub(crate) struct ClineAdapter {
    ctx: Ctx,
    calls: super::chat::Waiting,
    /// The API history was read: the UI messages repeat it.
    have_history: bool,
    file: String,
    thinking: String,
    usage: Option<Usage>,
    /// The last UI command, waiting for its output.
    command: Option<(String, Value)>,
}

/// How Cline and Roo Code open a tool result that did not do what was asked
/// (their fixed response texts): a failure, or the person's denial.
const TOOL_FAILED: &[&str] = &[
    "The tool execution failed",
    "The user denied this operation",
    "The user denied",
    "<error>",
    "[ERROR]",
    "Error executing",
    "Error writing",
    "Error applying",
];

impl ClineAdapter {
    pub fn new() -> ClineAdapter {
        ClineAdapter::default()
    }

    fn start(&mut self, rec: &Record<'_>, out: &mut Emitter, ts: Option<String>) {
        if self.ctx.session_id.is_none() {
            self.ctx.session_id = Some(task_id(out).unwrap_or_else(|| fallback_session_id(out, rec)));
        }
        if !self.ctx.started {
            let base = self.ctx.base(rec, Some(format!("{}:start", self.ctx.session_id.clone().unwrap_or_default())), ts);
            self.ctx.start(out, base, None, None);
        }
    }

    /// One message of the API history.
    fn api_message(&mut self, rec: &Record<'_>, m: &Map<String, Value>, out: &mut Emitter) {
        self.have_history = true;
        let ts = m.get("ts").or(m.get("timestamp")).and_then(ms_to_rfc3339);
        self.start(rec, out, ts.clone());
        let role = get_str(m, "role").or_else(|| get_str(m, "type")).unwrap_or("");
        let content = m.get("content").or(m.get("text")).cloned().unwrap_or(Value::Null);
        let blocks = match content {
            Value::Array(items) => items,
            Value::String(s) => vec![serde_json::json!({"type": "text", "text": s})],
            _ => Vec::new(),
        };
        let base = self.ctx.base(rec, None, ts.clone());
        if role == "assistant" {
            let (mut text, mut thinking, mut calls) = (String::new(), String::new(), Vec::new());
            for (i, b) in blocks.iter().enumerate() {
                match b.get("type").and_then(Value::as_str) {
                    Some("text") => push_joined(&mut text, b.get("text").and_then(Value::as_str).unwrap_or(""), "\n\n"),
                    Some("thinking" | "reasoning") => {
                        push_joined(&mut thinking, b.get("thinking").or(b.get("text")).and_then(Value::as_str).unwrap_or(""), "\n\n")
                    }
                    Some("tool_use") => {
                        let id = b.get("id").and_then(Value::as_str).map(str::to_owned).unwrap_or_else(|| format!("{}#{i}", base.event_id));
                        let name = b.get("name").and_then(Value::as_str).unwrap_or("").to_owned();
                        let args = b.get("input").cloned().unwrap_or(Value::Null);
                        super::chat::wait_for(&mut self.calls, id.clone(), name.clone(), args.clone());
                        calls.push(Call { id, name, args, result: None, timestamp: ts.clone() });
                    }
                    _ => {}
                }
            }
            let model = m.get("modelInfo").and_then(|x| x.get("modelId")).and_then(Value::as_str).map(str::to_owned);
            let usage = m.get("metrics").and_then(|x| x.get("tokens")).and_then(cline_usage);
            assistant_turn(out, base, text, thinking, model, usage, calls);
            return;
        }
        let mut text = String::new();
        for (i, b) in blocks.iter().enumerate() {
            match b.get("type").and_then(Value::as_str) {
                Some("text") => push_joined(&mut text, b.get("text").and_then(Value::as_str).unwrap_or(""), "\n\n"),
                Some("tool_result") => {
                    let cid = b.get("tool_use_id").and_then(Value::as_str).unwrap_or("").to_owned();
                    let output = b.get("content").cloned().unwrap_or(Value::Null);
                    let out_text = super::chat::text_of(&output);
                    let ok = !b.get("is_error").and_then(Value::as_bool).unwrap_or(false)
                        && !TOOL_FAILED.iter().any(|p| out_text.trim_start().starts_with(p));
                    let (name, args) = self.calls.remove(&cid).unwrap_or_default();
                    let mut rb = base.clone();
                    rb.event_id = format!("{}#{i}", base.event_id);
                    tool_result(out, rb.clone(), cid, &name, &args, ok, output);
                    // The person's words the tool passed on with the result
                    // (feedback on a denial, an answer to a question).
                    let said = tagged(&out_text, &["feedback", "answer", "user_message"]);
                    if !said.is_empty() {
                        rb.event_id = format!("{}#{i}:said", base.event_id);
                        user_turn(out, rb, said, None);
                    }
                }
                _ => {}
            }
        }
        if text.is_empty() {
            return;
        }
        let (said, injected) = person_text(&text);
        user_turn(out, base, said, injected);
    }

    /// One message of the UI log (read only when no API history came first).
    fn ui_message(&mut self, rec: &Record<'_>, m: &Map<String, Value>, out: &mut Emitter) {
        if self.have_history {
            out.diag(DiagnosticKind::Duplicate, rec.loc(), "the panel's copy of a message read from api_conversation_history.json");
            return;
        }
        let ts = m.get("ts").and_then(ms_to_rfc3339);
        self.start(rec, out, ts.clone());
        let id = m.get("ts").map(|t| format!("{}:{t}", self.ctx.session_id.clone().unwrap_or_default()));
        let base = self.ctx.base(rec, id, ts.clone());
        let kind = get_str(m, "say").or_else(|| get_str(m, "ask")).unwrap_or("");
        let text = get_string(m, "text").unwrap_or_default();
        let model = m.get("modelInfo").and_then(|x| x.get("modelId")).and_then(Value::as_str).map(str::to_owned);
        match (get_str(m, "type"), kind) {
            (_, "task" | "user_feedback") => user_turn(out, base, text, None),
            (Some("say"), "text" | "completion_result") | (Some("ask"), "followup") => {
                if m.get("partial").and_then(Value::as_bool) == Some(true) {
                    return out.diag(DiagnosticKind::Duplicate, rec.loc(), "partial message, written again when complete");
                }
                let thinking = std::mem::take(&mut self.thinking);
                let usage = self.usage.take();
                assistant_turn(out, base, text, thinking, model, usage, Vec::new());
            }
            (Some("say"), "reasoning") => {
                push_joined(&mut self.thinking, &text, "\n\n");
                out.diag(DiagnosticKind::Empty, rec.loc(), "reasoning kept as the next turn's thinking");
            }
            (Some("say"), "api_req_started") => {
                self.usage = serde_json::from_str::<Value>(&text).ok().and_then(|v| cline_usage(&v));
                out.diag(DiagnosticKind::Empty, rec.loc(), "request accounting kept as the next turn's usage");
            }
            (Some("say"), "tool") => {
                let args = serde_json::from_str::<Value>(&text).unwrap_or(Value::String(text.clone()));
                let name = args.get("tool").and_then(Value::as_str).unwrap_or("tool").to_owned();
                let cid = base.event_id.clone();
                let call = Call { id: cid, name, args: ui_edit_args(&args), result: Some((true, Value::Null)), timestamp: ts };
                assistant_turn(out, base, String::new(), String::new(), model, None, vec![call]);
            }
            (_, "command") => {
                let args = serde_json::json!({ "command": text });
                self.command = Some((base.event_id.clone(), args.clone()));
                let call = Call { id: base.event_id.clone(), name: "execute_command".to_owned(), args, result: None, timestamp: ts };
                assistant_turn(out, base, String::new(), String::new(), model, None, vec![call]);
            }
            (_, "command_output") => match self.command.take() {
                Some((cid, args)) => tool_result(out, base, cid, "execute_command", &args, true, Value::String(text)),
                None => out.emit_unknown(base, kind.to_owned(), rec),
            },
            (_, "checkpoint_created" | "api_req_finished" | "api_req_retried" | "deleted_api_reqs" | "task_progress" | "resume_task"
            | "resume_completed_task") => out.diag(DiagnosticKind::Empty, rec.loc(), "panel bookkeeping"),
            (_, other) => out.emit_unknown(base, if other.is_empty() { "ui_message".to_owned() } else { other.to_owned() }, rec),
        }
    }
}

/// The arguments of a UI `tool` message in the shape edits are read from:
/// an edited file's `content` holds SEARCH/REPLACE blocks (its `diff`), a
/// created file's `content` is the file.
fn ui_edit_args(args: &Value) -> Value {
    let mut a = args.clone();
    if let Some(m) = a.as_object_mut() {
        match m.get("tool").and_then(Value::as_str) {
            Some("editedExistingFile" | "appliedDiff") => {
                if let Some(c) = m.remove("content") {
                    m.insert("diff".to_owned(), c);
                }
            }
            Some("newFileCreated") => {
                m.insert("tool".to_owned(), Value::String("write_to_file".to_owned()));
            }
            _ => {
                // A read or a search: not an edit.
                m.remove("content");
            }
        }
    }
    a
}

/// The person's words in a user message of the API history, and whether
/// the message is only what the tool added.
fn person_text(text: &str) -> (String, Option<Injected>) {
    let mut t = text.to_owned();
    while let Some(s) = t.find("<environment_details>") {
        let end = t[s..].find("</environment_details>").map(|e| s + e + "</environment_details>".len()).unwrap_or(t.len());
        t.replace_range(s..end, "");
    }
    let t = t.trim();
    if t.is_empty() {
        return (text.to_owned(), Some(Injected::EnvironmentContext));
    }
    let said = tagged(t, &["task", "feedback", "user_message", "answer"]);
    if said.is_empty() {
        // Tool-made notes ("[read_file for 'x'] Result:") are not the person's.
        let injected = (t.starts_with('[') && t.contains("Result:")).then_some(Injected::System);
        return (t.to_owned(), injected);
    }
    (said, None)
}

/// The text inside the first of each of `tags` (`<task>…</task>`), joined.
fn tagged(text: &str, tags: &[&str]) -> String {
    let mut said = String::new();
    for tag in tags {
        let (open, close) = (format!("<{tag}>"), format!("</{tag}>"));
        if let Some(s) = text.find(&open) {
            let inner = &text[s + open.len()..];
            let inner = inner.find(&close).map_or(inner, |e| &inner[..e]);
            push_joined(&mut said, inner.trim(), "\n\n");
        }
    }
    said
}

fn cline_usage(v: &Value) -> Option<Usage> {
    let n = |k: &str| v.get(k).and_then(Value::as_u64).unwrap_or(0);
    let sum = |a: &str, b: &str| n(a).saturating_add(n(b));
    if sum("tokensIn", "tokensOut").saturating_add(sum("prompt", "completion")) == 0 {
        return None;
    }
    Some(Usage {
        input_tokens: sum("tokensIn", "prompt"),
        output_tokens: sum("tokensOut", "completion"),
        cache_read_tokens: sum("cacheReads", "cached"),
        cache_creation_tokens: n("cacheWrites"),
    })
}

/// The task id, from the directory a task file sits in.
fn task_id(out: &Emitter) -> Option<String> {
    let file = out.file.as_deref()?;
    let mut parts = file.rsplit(['/', '\\']);
    let name = parts.next()?;
    if !matches!(name, "api_conversation_history.json" | "ui_messages.json" | "task_metadata.json") {
        return None;
    }
    parts.next().filter(|d| !d.is_empty()).map(str::to_owned)
}

impl Adapter for ClineAdapter {
    fn record(&mut self, rec: Record<'_>, out: &mut Emitter) {
        let Some(v) = rec.value(out) else { return };
        match (rec.field, v.as_object()) {
            (None, Some(m)) if m.contains_key("ts") && matches!(get_str(m, "type"), Some("say" | "ask")) => self.ui_message(&rec, m, out),
            (None | Some("messages"), Some(m)) if m.contains_key("role") || matches!(get_str(m, "type"), Some("user" | "assistant")) => {
                self.api_message(&rec, m, out)
            }
            (None, Some(m)) if ["title", "files_in_context", "model_usage", "environment_history"].iter().any(|k| m.contains_key(*k)) => {
                out.diag(DiagnosticKind::Empty, rec.loc(), "task metadata (files and models the task used)");
            }
            (Some(_), _) if self.file.ends_with("task_metadata.json") || rec.field.is_some_and(|f| matches!(f, "files_in_context" | "model_usage" | "environment_history" | "title" | "version")) => {
                out.diag(DiagnosticKind::Empty, rec.loc(), "task metadata (files and models the task used)");
            }
            _ => {
                self.start(&rec, out, None);
                let base = self.ctx.base(&rec, None, None);
                out.emit_unknown(base, rec.field.unwrap_or("record").to_owned(), &rec);
            }
        }
    }

    fn begin_file(&mut self, name: &str, _out: &mut Emitter) {
        self.file = name.to_owned();
    }

    fn finish(&mut self, _out: &mut Emitter) {}

    fn subagent_tools(&self) -> &'static [&'static str] {
        &["new_task"]
    }
}
