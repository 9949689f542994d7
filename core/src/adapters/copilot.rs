//! GitHub Copilot CLI: `~/.copilot/session-state/<id>/events.jsonl`, each
//! line `{type, data, id, timestamp, parentId}` (copilotVersion 1.0.x), and
//! two older forms: flat event lines `{session_id, type:
//! userpromptsubmitted|assistantresponse, prompt|result, timestamp (ms)}` and
//! the legacy history document `{history[{role: human|assistant,
//! content|result, time}], workspacePath}`.
//!
//! Mapping: `session.start` → `session_start`; `user.message` → `user_turn`;
//! `assistant.message` → `assistant_turn` with its `toolRequests` as
//! `tool_call`s (the `assistant.reasoning` before it is its thinking);
//! `tool.execution_complete` → `tool_result` (+ `file_edit` for a successful
//! edit call, read from the request's arguments); `tool.execution_start` of a
//! requested call is a `duplicate`; `session.truncation` and
//! `session.compaction_complete` → `compaction`; `session.shutdown` →
//! `session_end`; turn markers are `empty`; every other type → `unknown`.

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::Value;

use super::chat::{assistant_turn, ms_to_rfc3339, tool_result, user_turn, Call, Ctx};
use super::kit::{get_str, get_string, Adapter, CallArgs, Parsed, Record, TurnDraft};
use crate::diag::DiagnosticKind;
use crate::emit::Emitter;
use crate::model::{EventKind, GitRef, SeqRange};

#[derive(Clone, Default)]
pub(crate) struct CopilotAdapter {
    ctx: Ctx,
    /// Requested calls by id: name and arguments (JSON text), for their
    /// results, at most [`super::chat::MAX_WAITING_CALLS`].
    calls: BTreeMap<String, (String, String)>,
    thinking: String,
    /// `seq` of the first event since the last compaction.
    since: u64,
    /// `seq` of the `compaction_start` of a compaction under way.
    compaction_start: Option<u64>,
}

impl CopilotAdapter {
    pub fn new() -> CopilotAdapter {
        CopilotAdapter::default()
    }

    fn start_if_needed(&mut self, rec: &Record<'_>, out: &mut Emitter, ts: Option<String>) {
        if self.ctx.session_id.is_none() {
            self.ctx.session_id = Some(super::chat::fallback_session_id(out, rec));
        }
        if !self.ctx.started {
            let base = self.ctx.base(rec, None, ts);
            self.ctx.start(out, base, None, None);
        }
    }

    fn event(
        &mut self,
        rec: &Record<'_>,
        m: &serde_json::Map<String, Value>,
        ty: &str,
        out: &mut Emitter,
    ) {
        let empty = serde_json::Map::new();
        let data = m.get("data").and_then(Value::as_object).unwrap_or(&empty);
        let ts = get_string(m, "timestamp");
        let id = get_string(m, "id");
        if ty == "session.start" && !self.ctx.started {
            self.ctx.session_id = get_string(data, "sessionId");
            let c = data
                .get("context")
                .and_then(Value::as_object)
                .unwrap_or(&empty);
            self.ctx.project.cwd = get_string(c, "cwd");
            self.ctx.project.repo_root = get_string(c, "gitRoot");
            let (sha, branch) = (get_string(c, "headCommit"), get_string(c, "branch"));
            if sha.is_some() || branch.is_some() {
                let url = get_str(c, "repository").map(|r| match get_str(c, "repositoryHost") {
                    Some(host) if !r.contains("://") => format!("https://{host}/{r}"),
                    _ => r.to_owned(),
                });
                self.ctx.project.git = Some(GitRef {
                    sha,
                    branch,
                    repository_url: url,
                });
            }
            let base = self
                .ctx
                .base(rec, id, ts.or_else(|| get_string(data, "startTime")));
            self.ctx.start(
                out,
                base,
                get_string(data, "selectedModel"),
                get_string(data, "copilotVersion"),
            );
            self.since = out.next_seq;
            return;
        }
        self.start_if_needed(rec, out, ts.clone());
        let mut base = self.ctx.base(rec, id, ts.clone());
        // A subagent's events name the call that started it.
        base.agent_id = get_string(data, "parentToolCallId");
        match ty {
            "user.message" => {
                let text = get_string(data, "content").unwrap_or_default();
                user_turn(out, base, text, None);
            }
            "assistant.reasoning" => {
                let t = get_str(data, "content").unwrap_or("");
                super::kit::push_joined(&mut self.thinking, t, "\n\n");
                out.diag(
                    DiagnosticKind::Empty,
                    rec.loc(),
                    "reasoning kept as the next turn's thinking",
                );
            }
            "assistant.message" => {
                let mut calls = Vec::new();
                for r in data
                    .get("toolRequests")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                {
                    let Some(r) = r.as_object() else { continue };
                    let cid = get_string(r, "toolCallId").unwrap_or_default();
                    let name = get_string(r, "name").unwrap_or_default();
                    let args = r.get("arguments").cloned().unwrap_or(Value::Null);
                    self.wait_for(cid.clone(), name.clone(), &args.to_string());
                    calls.push(Call {
                        id: cid,
                        name,
                        args,
                        result: None,
                        timestamp: ts.clone(),
                    });
                }
                let text = get_string(data, "content").unwrap_or_default();
                let thinking = std::mem::take(&mut self.thinking);
                let model = get_string(data, "model");
                assistant_turn(out, base, text, thinking, model, None, calls);
            }
            "tool.execution_start" => {
                let cid = get_string(data, "toolCallId").unwrap_or_default();
                if self.calls.contains_key(&cid) {
                    out.diag(
                        DiagnosticKind::Duplicate,
                        rec.loc(),
                        "the call was already read from the assistant message's requests",
                    );
                } else {
                    let name = get_string(data, "toolName").unwrap_or_default();
                    let args = data.get("arguments").cloned().unwrap_or(Value::Null);
                    self.wait_for(cid.clone(), name.clone(), &args.to_string());
                    let mut b = base;
                    b.event_id.clone_from(&cid);
                    out.emit(
                        b,
                        EventKind::ToolCall {
                            call_id: cid,
                            name,
                            args,
                        },
                    );
                }
            }
            "tool.execution_complete" => {
                let cid = get_string(data, "toolCallId").unwrap_or_default();
                let ok = data.get("success").and_then(Value::as_bool).unwrap_or(true);
                let output = data
                    .get("result")
                    .map(|r| r.get("content").cloned().unwrap_or_else(|| r.clone()))
                    .or_else(|| data.get("error").cloned())
                    .unwrap_or(Value::Null);
                let (name, args) = self.waited(&cid, ok);
                tool_result(out, base, cid, &name, &args, ok, output);
            }
            "assistant.turn_start" | "assistant.turn_end" => {
                out.diag(DiagnosticKind::Empty, rec.loc(), "turn marker");
            }
            // A truncation drops messages from the context; a compaction
            // replaces them with a summary. Each replaced what came since the
            // last compaction.
            "session.truncation" | "session.compaction_complete" => {
                let replaced = SeqRange {
                    start: self.since,
                    end: self.compaction_start.take().unwrap_or(out.next_seq),
                };
                let summary =
                    get_string(data, "summary").or_else(|| get_string(data, "summaryContent"));
                out.emit(base, EventKind::Compaction { replaced, summary });
                if ty == "session.compaction_complete" {
                    self.since = out.next_seq;
                }
            }
            "session.compaction_start" => {
                self.compaction_start = Some(out.next_seq);
                out.emit_unknown(base, ty.to_owned(), rec);
            }
            "session.shutdown" => {
                let reason = get_string(data, "shutdownType");
                out.emit(base, EventKind::SessionEnd { reason });
            }
            other => out.emit_unknown(base, other.to_owned(), rec),
        }
    }

    /// The flat event lines of older versions.
    fn flat(
        &mut self,
        rec: &Record<'_>,
        m: &serde_json::Map<String, Value>,
        ty: &str,
        out: &mut Emitter,
    ) {
        if self.ctx.session_id.is_none() {
            self.ctx.session_id = get_string(m, "session_id");
        }
        if self.ctx.project.cwd.is_none() {
            self.ctx.project.cwd = get_string(m, "cwd");
        }
        let ts = m.get("timestamp").and_then(ms_to_rfc3339);
        self.start_if_needed(rec, out, ts.clone());
        let base = self.ctx.base(rec, None, ts);
        match ty {
            "userpromptsubmitted" => {
                user_turn(out, base, get_string(m, "prompt").unwrap_or_default(), None)
            }
            "assistantresponse" => {
                let text = get_string(m, "result").unwrap_or_default();
                assistant_turn(out, base, text, String::new(), None, None, Vec::new());
            }
            other => out.emit_unknown(base, other.to_owned(), rec),
        }
    }
}

/// An `events.jsonl` line read typed, borrowing its strings; `data` is read
/// only as far as its type needs (the fast path; other shapes are read as
/// values).
#[derive(Clone, Deserialize)]
struct Envelope<'a> {
    #[serde(borrow, rename = "type")]
    ty: Option<Cow<'a, str>>,
    #[serde(borrow)]
    id: Option<Cow<'a, str>>,
    #[serde(borrow)]
    timestamp: Option<Cow<'a, str>>,
    /// Read in the same pass; a `data` whose fields have other types than
    /// these fails the typed read, and the line is read as a value.
    #[serde(borrow)]
    data: Option<Data<'a>>,
}

#[derive(Clone, Deserialize)]
struct Data<'a> {
    #[serde(borrow)]
    content: Option<Cow<'a, str>>,
    #[serde(borrow, rename = "toolRequests")]
    tool_requests: Option<Vec<ToolRequest<'a>>>,
    #[serde(borrow)]
    model: Option<Cow<'a, str>>,
    #[serde(borrow, rename = "toolCallId")]
    tool_call_id: Option<Cow<'a, str>>,
    #[serde(borrow, rename = "toolName")]
    tool_name: Option<Cow<'a, str>>,
    #[serde(borrow)]
    arguments: Option<&'a RawValue>,
    success: Option<bool>,
    #[serde(borrow)]
    result: Option<&'a RawValue>,
    #[serde(borrow)]
    error: Option<&'a RawValue>,
    #[serde(borrow, rename = "parentToolCallId")]
    parent_tool_call_id: Option<Cow<'a, str>>,
}

#[derive(Clone, Deserialize)]
struct ToolRequest<'a> {
    #[serde(borrow, rename = "toolCallId")]
    id: Option<Cow<'a, str>>,
    #[serde(borrow)]
    name: Option<Cow<'a, str>>,
    #[serde(borrow)]
    arguments: Option<&'a RawValue>,
}

impl CopilotAdapter {
    /// Keeps a call's name, and its arguments when an edit could be read
    /// from them ([`super::chat::may_name_a_file`]; others are never read again).
    fn wait_for(&mut self, id: String, name: String, args: &str) {
        let args = if super::chat::may_name_a_file(args) {
            args.to_owned()
        } else {
            String::new()
        };
        self.calls.insert(id, (name, args));
        if self.calls.len() > super::chat::MAX_WAITING_CALLS {
            self.calls.pop_first();
        }
    }

    /// A call's name and arguments, when its result comes (the arguments
    /// are read only for a result that succeeded: edits are read from them).
    fn waited(&mut self, id: &str, ok: bool) -> (String, Value) {
        let (name, args) = self.calls.remove(id).unwrap_or_default();
        let args = if ok && super::chat::may_name_a_file(&args) {
            serde_json::from_str(&args).unwrap_or(Value::Null)
        } else {
            Value::Null
        };
        (name, args)
    }

    /// The hot event types, read typed. Returns false to read the line as a
    /// value instead.
    fn typed(&mut self, rec: &Record<'_>, env: Envelope<'_>, out: &mut Emitter) -> bool {
        let (Some(ty), Some(data)) = (env.ty.as_deref(), env.data) else {
            return false;
        };
        if !self.ctx.started
            || ty == "session.start"
            || ty.starts_with("session.")
            || ty == "assistant.reasoning"
        {
            return false;
        }
        let ts = env.timestamp.map(Cow::into_owned);
        let id = env.id.map(Cow::into_owned);
        match ty {
            "assistant.turn_start" | "assistant.turn_end" => {
                out.diag(DiagnosticKind::Empty, rec.loc(), "turn marker");
                return true;
            }
            "user.message"
            | "assistant.message"
            | "tool.execution_start"
            | "tool.execution_complete" => {}
            other => {
                let base = self.ctx.base(rec, id, ts);
                out.emit_unknown(base, other.to_owned(), rec);
                return true;
            }
        }
        let d = data;
        let mut base = self.ctx.base(rec, id, ts.clone());
        base.agent_id = d.parent_tool_call_id.map(Cow::into_owned);
        match ty {
            "user.message" => user_turn(
                out,
                base,
                d.content.map(Cow::into_owned).unwrap_or_default(),
                None,
            ),
            "assistant.message" => {
                let mut draft = TurnDraft::new(base);
                let text = d.content.map(Cow::into_owned).unwrap_or_default();
                let thinking = std::mem::take(&mut self.thinking);
                if !thinking.is_empty() {
                    draft.parts.push(crate::model::Part::Thinking {
                        text: thinking.clone(),
                    });
                }
                if !text.is_empty() {
                    draft
                        .parts
                        .push(crate::model::Part::Text { text: text.clone() });
                }
                draft.text = text;
                draft.thinking = thinking;
                for r in d.tool_requests.unwrap_or_default() {
                    let cid = r.id.map(Cow::into_owned).unwrap_or_default();
                    let name = r.name.map(Cow::into_owned).unwrap_or_default();
                    let args = r
                        .arguments
                        .map_or_else(|| "null".to_owned(), |a| a.get().to_owned());
                    self.wait_for(cid.clone(), name.clone(), &args);
                    let mut cb = draft.base.clone();
                    cb.timestamp.clone_from(&ts);
                    draft.add_call(cb, cid, name, CallArgs::Json(args));
                }
                draft.emit(out, d.model.map(Cow::into_owned), None);
            }
            "tool.execution_start" => {
                let cid = d.tool_call_id.map(Cow::into_owned).unwrap_or_default();
                if self.calls.contains_key(&cid) {
                    out.diag(
                        DiagnosticKind::Duplicate,
                        rec.loc(),
                        "the call was already read from the assistant message's requests",
                    );
                } else {
                    let name = d.tool_name.map(Cow::into_owned).unwrap_or_default();
                    let args = d
                        .arguments
                        .map_or_else(|| "null".to_owned(), |a| a.get().to_owned());
                    self.wait_for(cid.clone(), name.clone(), &args);
                    base.event_id.clone_from(&cid);
                    out.emit_call_json(base, cid, name, args);
                }
            }
            _ => {
                let cid = d.tool_call_id.map(Cow::into_owned).unwrap_or_default();
                let ok = d.success.unwrap_or(true);
                let output = match (d.result, d.error) {
                    (Some(r), _) => result_content(r),
                    (None, Some(e)) => serde_json::from_str(e.get()).unwrap_or(Value::Null),
                    (None, None) => Value::Null,
                };
                let (name, args) = self.waited(&cid, ok);
                tool_result(out, base, cid, &name, &args, ok, output);
            }
        }
        true
    }
}

/// What a result object says: its `content` (the short form, beside the
/// `detailedContent` shown to the person), else the result as written. The
/// rest of the object is not built.
fn result_content(r: &RawValue) -> Value {
    #[derive(Clone, Deserialize)]
    struct Content<'a> {
        #[serde(borrow, default, deserialize_with = "present")]
        content: Option<&'a RawValue>,
    }
    fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<&'de RawValue>, D::Error> {
        <&RawValue>::deserialize(d).map(Some)
    }
    let text = r.get();
    if text.starts_with('{') {
        if let Ok(Content { content: Some(c) }) = serde_json::from_str::<Content<'_>>(text) {
            return serde_json::from_str(c.get()).unwrap_or(Value::Null);
        }
    }
    match serde_json::from_str(text).unwrap_or(Value::Null) {
        Value::Object(mut m) if m.contains_key("content") => {
            m.remove("content").unwrap_or(Value::Null)
        }
        other => other,
    }
}

/// Whether an `events.jsonl` line is of a type the typed read leaves to
/// the value path (`session.*`, `assistant.reasoning`), told from how the
/// writer starts its lines, so that it is not read twice.
fn value_typed_line(text: &str) -> bool {
    text.starts_with(r#"{"type":"session."#) || text.starts_with(r#"{"type":"assistant.reasoning""#)
}

/// A turn marker (`assistant.turn_start` / `_end`), read only as far as
/// its type: once the session has started, its `data` says nothing more.
#[derive(Clone, Deserialize)]
struct Marker<'a> {
    #[serde(borrow, rename = "type")]
    ty: Cow<'a, str>,
    #[allow(dead_code)]
    data: serde::de::IgnoredAny,
}

impl Adapter for CopilotAdapter {
    fn record(&mut self, rec: Record<'_>, out: &mut Emitter) {
        if self.ctx.started
            && rec.field.is_none()
            && (rec
                .text
                .starts_with(r#"{"type":"assistant.turn_start","data":"#)
                || rec
                    .text
                    .starts_with(r#"{"type":"assistant.turn_end","data":"#))
        {
            if let Ok(m) = serde_json::from_str::<Marker<'_>>(rec.text) {
                if matches!(&*m.ty, "assistant.turn_start" | "assistant.turn_end") {
                    return out.diag(DiagnosticKind::Empty, rec.loc(), "turn marker");
                }
            }
        }
        if rec.field.is_none() && !value_typed_line(rec.text) {
            match rec.parse::<Envelope<'_>>(out) {
                None => return,
                Some(Parsed::Typed(env)) => {
                    if self.typed(&rec, env, out) {
                        return;
                    }
                }
                Some(Parsed::Raw(_)) => {}
            }
        }
        let Some(v) = rec.value(out) else { return };
        match rec.field {
            Some("history") => {
                let Some(m) = v.as_object() else {
                    return self.unknown(&rec, "history", out);
                };
                let ts = m.get("time").and_then(ms_to_rfc3339);
                self.start_if_needed(&rec, out, ts.clone());
                let base = self.ctx.base(&rec, None, ts);
                match get_str(m, "role") {
                    Some("human" | "user") => user_turn(
                        out,
                        base,
                        super::chat::text_of(m.get("content").unwrap_or(&Value::Null)),
                        None,
                    ),
                    Some("assistant") => {
                        let text = m
                            .get("result")
                            .or(m.get("content"))
                            .map(super::chat::text_of)
                            .unwrap_or_default();
                        assistant_turn(out, base, text, String::new(), None, None, Vec::new());
                    }
                    _ => out.emit_unknown(base, "history".to_owned(), &rec),
                }
            }
            Some("workspacePath") => {
                self.ctx.project.cwd = v.as_str().map(str::to_owned);
                out.diag(
                    DiagnosticKind::Empty,
                    rec.loc(),
                    "workspace path (the events before it have none)",
                );
            }
            Some(other) => self.unknown(&rec, other, out),
            None => {
                let Some(m) = v.as_object() else {
                    return self.unknown(&rec, "value", out);
                };
                let ty = get_str(m, "type").unwrap_or("").to_owned();
                if m.contains_key("data") {
                    self.event(&rec, m, &ty, out);
                } else if matches!(ty.as_str(), "userpromptsubmitted" | "assistantresponse")
                    || m.contains_key("session_id")
                {
                    self.flat(&rec, m, &ty, out);
                } else {
                    self.unknown(&rec, if ty.is_empty() { "record" } else { &ty }, out);
                }
            }
        }
    }

    fn finish(&mut self, _out: &mut Emitter) {}

    fn subagent_tools(&self) -> &'static [&'static str] {
        &["task", "Task", "agent"]
    }
}

impl CopilotAdapter {
    fn unknown(&mut self, rec: &Record<'_>, what: &str, out: &mut Emitter) {
        self.start_if_needed(rec, out, None);
        let base = self.ctx.base(rec, None, None);
        out.emit_unknown(base, what.to_owned(), rec);
    }
}
