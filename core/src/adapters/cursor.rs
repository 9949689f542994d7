//! Cursor agent transcripts (`agent-transcripts/*.jsonl`): lines `{role:
//! user|assistant, message{content[text|thinking|tool_use]}}` and `{type:
//! turn_ended, status}`. The format has no ids, timestamps or tool results:
//! ids are made from content, the session id is the file's name (or a hash
//! of the first line), and a `tool_use` becomes a `tool_call` with no result
//! — so no `file_edit`, whose success the file never records. The person's
//! text is unwrapped from `<user_query>`.
//!
//! The editor keeps its chats in `state.vscdb`'s `ItemTable(key, value)`;
//! [`item_table`] reads those values (each chat tab or composer is a session
//! of its own in the stream: `session_start` with the tab's id, bubbles as
//! turns). A JSON dump of the table's rows (`{rows: [[rowid, key, value],
//! …]}`) is read through it here; the database itself by the database layer.

use std::borrow::Cow;

use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use super::chat::{assistant_turn, user_turn, Call, Ctx};
use super::kit::{get_str, push_joined, Adapter, CallArgs, Parsed, Record, TurnDraft};
use crate::emit::Emitter;
use crate::model::Part;

/// A line read typed, borrowing its strings (the fast path; a line of
/// another shape is read as a value).
#[derive(Clone, Deserialize)]
struct Line<'a> {
    #[serde(borrow)]
    role: Option<Cow<'a, str>>,
    #[serde(borrow, rename = "type")]
    ty: Option<Cow<'a, str>>,
    #[serde(borrow)]
    message: Option<Message<'a>>,
}

#[derive(Clone, Deserialize)]
struct Message<'a> {
    #[serde(borrow)]
    content: Option<Vec<Block<'a>>>,
}

#[derive(Clone, Deserialize)]
struct Block<'a> {
    #[serde(borrow, rename = "type")]
    ty: Option<Cow<'a, str>>,
    #[serde(borrow)]
    text: Option<Cow<'a, str>>,
    #[serde(borrow)]
    thinking: Option<Cow<'a, str>>,
    #[serde(borrow)]
    id: Option<Cow<'a, str>>,
    #[serde(borrow)]
    name: Option<Cow<'a, str>>,
    #[serde(borrow)]
    input: Option<&'a RawValue>,
}

#[derive(Clone, Default)]
pub(crate) struct CursorAdapter {
    ctx: Ctx,
    /// The CLI store's calls waiting for their results.
    calls: super::chat::Waiting,
}

impl CursorAdapter {
    pub fn new() -> CursorAdapter {
        CursorAdapter::default()
    }
}

/// The text inside `<user_query>…</user_query>`, or the text as it is.
fn unwrap_query(text: &str) -> String {
    let t = text.trim();
    match t
        .strip_prefix("<user_query>")
        .and_then(|r| r.strip_suffix("</user_query>"))
    {
        Some(inner) => inner.trim().to_owned(),
        None => text.to_owned(),
    }
}

impl CursorAdapter {
    /// A line of the usual shape, read without building a value.
    fn typed(&mut self, rec: &Record<'_>, line: Line<'_>, out: &mut Emitter) -> bool {
        let (
            Some(role),
            Some(Message {
                content: Some(blocks),
            }),
        ) = (line.role.as_ref(), line.message)
        else {
            if line.ty.as_deref() == Some("turn_ended") {
                out.diag(crate::diag::DiagnosticKind::Empty, rec.loc(), "turn marker");
                return true;
            }
            return false;
        };
        let base = self.ctx.base(rec, None, None);
        match &**role {
            "user" => {
                let mut text = String::new();
                for b in &blocks {
                    if b.ty.as_deref().is_none_or(|t| t == "text") {
                        push_joined(&mut text, b.text.as_deref().unwrap_or(""), "\n");
                    }
                }
                user_turn(out, base, unwrap_query(&text), None);
            }
            "assistant" => {
                let mut draft = TurnDraft::new(base);
                for (i, b) in blocks.into_iter().enumerate() {
                    match b.ty.as_deref() {
                        Some("text") | None => {
                            let t = b.text.map(Cow::into_owned).unwrap_or_default();
                            push_joined(&mut draft.text, &t, "\n\n");
                            if !t.is_empty() {
                                draft.parts.push(Part::Text { text: t });
                            }
                        }
                        Some("thinking") => {
                            let t = b
                                .thinking
                                .or(b.text)
                                .map(Cow::into_owned)
                                .unwrap_or_default();
                            push_joined(&mut draft.thinking, &t, "\n\n");
                            if !t.is_empty() {
                                draft.parts.push(Part::Thinking { text: t });
                            }
                        }
                        Some("tool_use") => {
                            let id =
                                b.id.map(Cow::into_owned)
                                    .unwrap_or_else(|| format!("{}#{i}", draft.base.event_id));
                            let name = b.name.map(Cow::into_owned).unwrap_or_default();
                            let args = b
                                .input
                                .map_or_else(|| "null".to_owned(), |r| r.get().to_owned());
                            let call_base = draft.base.clone();
                            draft.add_call(call_base, id, name, CallArgs::Json(args));
                        }
                        Some(_) => {}
                    }
                }
                draft.emit(out, None, None);
            }
            _ => return false,
        }
        true
    }
}

/// Reads one `ItemTable` value of Cursor's `state.vscdb`: the chat panel's
/// tabs (`workbench.panel.aichat.view.aichat.chatdata`) and the composers
/// (`composer.composerData`) become sessions with their turns; the prompt
/// history (`aiService.prompts`) repeats the chats' prompts (`duplicate`);
/// other keys are kept as `unknown`.
pub(crate) fn item_table(
    ctx: &mut Ctx,
    key: &str,
    value: &str,
    rec: &Record<'_>,
    out: &mut Emitter,
) {
    let parsed: Option<Value> = serde_json::from_str(value).ok();
    let chats: Vec<(String, Vec<Value>)> = match (key, &parsed) {
        ("workbench.panel.aichat.view.aichat.chatdata", Some(v)) => v
            .get("tabs")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .map(|t| {
                (
                    get_id(t, "tabId"),
                    t.get("bubbles")
                        .and_then(Value::as_array)
                        .cloned()
                        .unwrap_or_default(),
                )
            })
            .collect(),
        ("composer.composerData", Some(v)) => v
            .get("allComposers")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .map(|c| {
                (
                    get_id(c, "composerId"),
                    c.get("conversation")
                        .and_then(Value::as_array)
                        .cloned()
                        .unwrap_or_default(),
                )
            })
            .collect(),
        (k, Some(v)) if k.starts_with("composerData:") => {
            return composer(ctx, &k["composerData:".len()..], v, rec, out)
        }
        (k, Some(v)) if k.starts_with("bubbleId:") => {
            let id = k.rsplit(':').next().unwrap_or("").to_owned();
            return bubble(ctx, id, v, rec, out);
        }
        ("aiService.prompts", Some(_)) => {
            out.diag(
                crate::diag::DiagnosticKind::Duplicate,
                rec.loc(),
                "the prompt history repeats the chats' prompts",
            );
            return;
        }
        _ => {
            let raw = parsed.unwrap_or_else(|| Value::String(value.to_owned()));
            let base = ctx.base(rec, None, None);
            out.emit(
                base,
                crate::model::EventKind::Unknown {
                    raw_type: format!("ItemTable:{key}"),
                    raw,
                },
            );
            return;
        }
    };
    for (id, bubbles) in chats {
        ctx.session_id = Some(id.clone());
        ctx.started = false;
        let start = ctx.base(rec, Some(format!("{id}:start")), None);
        ctx.start(out, start, None, None);
        for (i, b) in bubbles.iter().enumerate() {
            let text = b
                .get("text")
                .and_then(Value::as_str)
                .filter(|t| !t.is_empty())
                .or_else(|| b.get("rawText").and_then(Value::as_str))
                .unwrap_or("");
            if text.is_empty() {
                continue;
            }
            let bid = b
                .get("id")
                .or(b.get("bubbleId"))
                .and_then(Value::as_str)
                .map_or_else(|| format!("{id}#{i}"), str::to_owned);
            let base = ctx.base(rec, Some(bid), None);
            // `type`: "user" / "ai" in the panel, 1 / 2 in composers.
            let is_user = matches!(b.get("type"), Some(Value::String(t)) if t == "user")
                || b.get("type").and_then(Value::as_u64) == Some(1);
            if is_user {
                user_turn(out, base, text.to_owned(), None);
            } else {
                let model = b
                    .get("modelType")
                    .and_then(Value::as_str)
                    .map(str::to_owned);
                assistant_turn(
                    out,
                    base,
                    text.to_owned(),
                    String::new(),
                    model,
                    None,
                    Vec::new(),
                );
            }
        }
    }
}

/// A composer of the global database's `cursorDiskKV`
/// (`composerData:<id>`): a session of its own; its bubbles follow as rows
/// of their own (or, in older composers, inline in `conversation`).
fn composer(ctx: &mut Ctx, id: &str, v: &Value, rec: &Record<'_>, out: &mut Emitter) {
    ctx.session_id = Some(id.to_owned());
    ctx.started = false;
    let ts = v.get("createdAt").and_then(super::chat::ms_to_rfc3339);
    let model = v
        .get("modelConfig")
        .and_then(|m| m.get("modelName"))
        .and_then(Value::as_str)
        .filter(|m| *m != "default")
        .map(str::to_owned);
    let start = ctx.base(rec, Some(format!("{id}:start")), ts);
    ctx.start(out, start, model, None);
    for (i, b) in v
        .get("conversation")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
    {
        let bid = b
            .get("bubbleId")
            .and_then(Value::as_str)
            .map_or_else(|| format!("{id}#{i}"), str::to_owned);
        bubble(ctx, bid, b, rec, out);
    }
}

/// A JSON text or a value, as a value (Cursor writes tool arguments and
/// results either way).
fn json_text(v: Option<&Value>) -> Value {
    match v {
        Some(Value::String(s)) => {
            serde_json::from_str(s).unwrap_or_else(|_| Value::String(s.clone()))
        }
        Some(other) => other.clone(),
        None => Value::Null,
    }
}

/// A bubble of a composer (`bubbleId:<composer>:<bubble>`): `type` 1 is the
/// person's, 2 the assistant's, with `thinking{text}` and a tool call in
/// `toolFormerData{toolCallId, name, rawArgs | params, result, status}`.
fn bubble(ctx: &mut Ctx, id: String, b: &Value, rec: &Record<'_>, out: &mut Emitter) {
    let ts = b.get("createdAt").and_then(|t| {
        t.as_str()
            .map(str::to_owned)
            .or_else(|| super::chat::ms_to_rfc3339(t))
    });
    let text = b
        .get("text")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_owned();
    let base = ctx.base(rec, Some(id.clone()), ts.clone());
    if b.get("type").and_then(Value::as_u64) == Some(1) {
        if !text.is_empty() {
            user_turn(out, base, text, None);
        }
        return;
    }
    let thinking = b
        .get("thinking")
        .and_then(|t| t.get("text"))
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_owned();
    let mut calls = Vec::new();
    if let Some(t) = b.get("toolFormerData").filter(|t| t.is_object()) {
        let status = t.get("status").and_then(Value::as_str);
        let args = match t.get("rawArgs").filter(|a| !a.is_null()) {
            Some(a) => json_text(Some(a)),
            None => json_text(t.get("params")),
        };
        let done = matches!(status, Some("completed" | "error" | "cancelled"))
            || t.get("result").is_some();
        let ok = status.is_none_or(|s| s == "completed")
            && t.get("additionalData")
                .and_then(|d| d.get("status"))
                .and_then(Value::as_str)
                != Some("error");
        calls.push(Call {
            id: t
                .get("toolCallId")
                .and_then(Value::as_str)
                .map_or_else(|| format!("{id}#tool"), str::to_owned),
            name: t
                .get("name")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_owned(),
            args,
            result: done.then(|| (ok, json_text(t.get("result")))),
            timestamp: ts,
        });
    }
    if text.is_empty() && thinking.is_empty() && calls.is_empty() {
        return;
    }
    assistant_turn(out, base, text, thinking, None, None, calls);
}

fn get_id(v: &Value, key: &str) -> String {
    v.get(key).and_then(Value::as_str).unwrap_or("").to_owned()
}

impl CursorAdapter {
    fn start(
        &mut self,
        rec: &Record<'_>,
        out: &mut Emitter,
        ts: Option<String>,
        model: Option<String>,
    ) {
        self.ctx.ensure_started(rec, out, || (ts, model));
    }

    /// A line of the CLI's `store.db` (see the module): `{"meta": {agentId,
    /// name, createdAt, lastUsedModel, …}}`, then each message of the blob
    /// tree in order, `{"blob": {id, data}}`, where `data` is an AI SDK
    /// message `{role: system | user | assistant | tool, content}`.
    fn cli_record(&mut self, rec: &Record<'_>, m: &Map<String, Value>, out: &mut Emitter) {
        if let Some(meta) = m.get("meta").and_then(Value::as_object) {
            if let Some(id) = get_str(meta, "agentId").filter(|s| !s.is_empty()) {
                self.ctx.session_id = Some(id.to_owned());
            }
            let created = meta.get("createdAt").and_then(|c| {
                c.as_str()
                    .and_then(|s| s.parse::<i64>().ok())
                    .map(Value::from)
                    .or_else(|| Some(c.clone()))
            });
            let ts = created.as_ref().and_then(super::chat::ms_to_rfc3339);
            let model = get_str(meta, "lastUsedModel")
                .filter(|s| *s != "default")
                .map(str::to_owned);
            return self.start(rec, out, ts, model);
        }
        self.start(rec, out, None, None);
        let blob = m.get("blob");
        let id = blob
            .and_then(|b| b.get("id"))
            .and_then(Value::as_str)
            .map(str::to_owned);
        let Some(msg) = blob.and_then(|b| b.get("data")).and_then(Value::as_object) else {
            let base = self.ctx.base(rec, id, None);
            return out.emit_unknown(base, "blob".to_owned(), rec);
        };
        let base = self.ctx.base(rec, id, None);
        let content = msg.get("content").unwrap_or(&Value::Null);
        let blocks: Vec<&Value> = match content {
            Value::Array(a) => a.iter().collect(),
            other => vec![other],
        };
        match get_str(msg, "role") {
            Some("system") => out.diag(
                crate::diag::DiagnosticKind::Empty,
                rec.loc(),
                "system prompt",
            ),
            Some("user") => {
                let text = super::chat::text_of(content);
                let (text, injected) = if text.contains("<user_query>") {
                    (query_of(&text), None)
                } else if text.trim_start().starts_with('<') {
                    (text, Some(crate::model::Injected::EnvironmentContext))
                } else {
                    (text, None)
                };
                user_turn(out, base, text, injected);
            }
            Some("assistant") => {
                let (mut text, mut thinking, mut calls) =
                    (String::new(), String::new(), Vec::new());
                for b in blocks {
                    match b.get("type").and_then(Value::as_str) {
                        Some("text") => push_joined(
                            &mut text,
                            b.get("text").and_then(Value::as_str).unwrap_or(""),
                            "\n\n",
                        ),
                        Some("reasoning") => push_joined(
                            &mut thinking,
                            b.get("text").and_then(Value::as_str).unwrap_or(""),
                            "\n\n",
                        ),
                        Some("tool-call") => {
                            let cid = b
                                .get("toolCallId")
                                .and_then(Value::as_str)
                                .unwrap_or("")
                                .to_owned();
                            let name = b
                                .get("toolName")
                                .and_then(Value::as_str)
                                .unwrap_or("")
                                .to_owned();
                            let args = b
                                .get("args")
                                .or(b.get("input"))
                                .cloned()
                                .unwrap_or(Value::Null);
                            super::chat::wait_for(
                                &mut self.calls,
                                cid.clone(),
                                name.clone(),
                                args.clone(),
                            );
                            calls.push(Call {
                                id: cid,
                                name,
                                args,
                                result: None,
                                timestamp: None,
                            });
                        }
                        None => push_joined(&mut text, b.as_str().unwrap_or(""), "\n\n"),
                        Some(_) => {}
                    }
                }
                assistant_turn(out, base, text, thinking, None, None, calls);
            }
            Some("tool") => {
                for b in blocks {
                    if b.get("type").and_then(Value::as_str) != Some("tool-result") {
                        continue;
                    }
                    let cid = b
                        .get("toolCallId")
                        .and_then(Value::as_str)
                        .unwrap_or("")
                        .to_owned();
                    let ok = b.get("isError").and_then(Value::as_bool) != Some(true);
                    let output = match b.get("result").or(b.get("output")) {
                        Some(r @ Value::Array(_)) => Value::String(super::chat::text_of(r)),
                        Some(r) => r.clone(),
                        None => Value::Null,
                    };
                    let (name, args) = self.calls.remove(&cid).unwrap_or_default();
                    super::chat::tool_result(out, base.clone(), cid, &name, &args, ok, output);
                }
            }
            _ => out.emit_unknown(base, "blob".to_owned(), rec),
        }
    }
}

/// The text inside `<user_query>…</user_query>` anywhere in `text`.
fn query_of(text: &str) -> String {
    let Some(start) = text.find("<user_query>") else {
        return text.to_owned();
    };
    let rest = &text[start + "<user_query>".len()..];
    let end = rest.find("</user_query>").unwrap_or(rest.len());
    rest[..end].trim().to_owned()
}

impl Adapter for CursorAdapter {
    fn record(&mut self, rec: Record<'_>, out: &mut Emitter) {
        if let Some(field) = rec.field {
            // A JSON dump of `ItemTable` rows.
            let Some(v) = rec.value(out) else { return };
            match (field, v.as_array().map(Vec::as_slice)) {
                ("rows", Some([_, Value::String(key), Value::String(value)])) => {
                    item_table(&mut self.ctx, key, value, &rec, out)
                }
                ("rows", _) => {
                    let base = self.ctx.base(&rec, None, None);
                    out.emit_unknown(base, "rows".to_owned(), &rec);
                }
                _ => out.diag(
                    crate::diag::DiagnosticKind::Empty,
                    rec.loc(),
                    "query dump header",
                ),
            }
            return;
        }
        // The CLI's `store.db`, as the source layer hands it.
        if rec.text.starts_with(r#"{"meta":"#) || rec.text.starts_with(r#"{"blob":"#) {
            if let Some(Value::Object(m)) = rec.value(out) {
                return self.cli_record(&rec, &m, out);
            }
            return;
        }
        self.start(&rec, out, None, None);
        let v = match rec.parse::<Line<'_>>(out) {
            None => return,
            Some(Parsed::Typed(line)) => {
                if self.typed(&rec, line, out) {
                    return;
                }
                match rec.value(out) {
                    Some(v) => v,
                    None => return,
                }
            }
            Some(Parsed::Raw(v)) => v,
        };
        let base = self.ctx.base(&rec, None, None);
        let Some(m) = v.as_object() else {
            return out.emit_unknown(base, "value".to_owned(), &rec);
        };
        let content = m.get("message").and_then(|x| x.get("content"));
        match (get_str(m, "role"), content) {
            (Some("user"), Some(c)) => {
                let text = unwrap_query(&super::chat::text_of(c));
                user_turn(out, base, text, None);
            }
            (Some("assistant"), Some(c)) => {
                let (mut text, mut thinking, mut calls) =
                    (String::new(), String::new(), Vec::new());
                let blocks = c.as_array().cloned().unwrap_or_else(|| vec![c.clone()]);
                for (i, b) in blocks.iter().enumerate() {
                    match b.get("type").and_then(Value::as_str) {
                        Some("text") | None => super::kit::push_joined(
                            &mut text,
                            b.get("text")
                                .and_then(Value::as_str)
                                .or(b.as_str())
                                .unwrap_or(""),
                            "\n\n",
                        ),
                        Some("thinking") => super::kit::push_joined(
                            &mut thinking,
                            b.get("thinking")
                                .or(b.get("text"))
                                .and_then(Value::as_str)
                                .unwrap_or(""),
                            "\n\n",
                        ),
                        Some("tool_use") => calls.push(Call {
                            id: b
                                .get("id")
                                .and_then(Value::as_str)
                                .map(str::to_owned)
                                .unwrap_or_else(|| format!("{}#{i}", base.event_id)),
                            name: b
                                .get("name")
                                .and_then(Value::as_str)
                                .unwrap_or("")
                                .to_owned(),
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
                Some("turn_ended") => {
                    out.diag(crate::diag::DiagnosticKind::Empty, rec.loc(), "turn marker")
                }
                Some(t) => out.emit_unknown(base, t.to_owned(), &rec),
                None => out.emit_unknown(base, "record".to_owned(), &rec),
            },
        }
    }

    fn finish(&mut self, _out: &mut Emitter) {}
}
