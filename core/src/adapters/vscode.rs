//! VS Code Copilot Chat, in two documents:
//!
//! * the `.chatreplay.json` export (Feb 2026, real): `{exportedAt,
//!   totalPrompts, totalLogEntries, prompts[{prompt, promptId, logs[]}],
//!   mcpServers}`. Each prompt → `user_turn`; each `request` log → an
//!   `assistant_turn` (model, usage, start time) whose calls are the
//!   `toolCall` logs after it (their `thinking` joins the turn's), each with
//!   its `tool_result` (+ `file_edit` for a successful edit). The request's
//!   `requestMessages` (the whole prompt context sent again) is not kept.
//! * `chatSessions/<id>.json` (layout from public documentation; no real
//!   file seen): `{version, requesterUsername, responderUsername, requests[{
//!   requestId, message{text}, response[], timestamp, modelId}], sessionId,
//!   creationDate}`. Each request → `user_turn`, then an `assistant_turn`
//!   per model round of `result.metadata.toolCallRounds` with its calls and
//!   their results (`toolCallResults`; edits read from the calls'
//!   arguments). Without rounds, the response items are read: text of the
//!   `value` items, `toolInvocationSerialized` items as calls, and
//!   `textEditGroup` items as `file_edit`s (no old text).
//!
//! Header members are `empty`; anything else → `unknown`.

use serde_json::{Map, Value};

use super::chat::{assistant_turn, ms_to_rfc3339, user_turn, Call, Ctx};
use super::kit::{get_str, get_string, push_joined, Adapter, Held, OwnedRecord, Record};
use crate::diag::DiagnosticKind;
use crate::emit::Emitter;
use crate::model::{EventKind, Usage};

#[derive(Clone, Default)]
pub(crate) struct VsCodeAdapter {
    ctx: Ctx,
    /// `chatSessions` requests held until `sessionId` (written after them)
    /// names the session, within [`HOLD_BYTES`].
    held: Held<OwnedRecord, { usize::MAX }>,
}

impl VsCodeAdapter {
    pub fn new() -> VsCodeAdapter {
        VsCodeAdapter::default()
    }

    fn start(&mut self, rec: &Record<'_>, out: &mut Emitter, ts: Option<String>) {
        self.ctx.ensure_started(rec, out, || (ts, None));
    }

    /// One prompt of a chat replay export, with its logs.
    fn prompt(&mut self, rec: &Record<'_>, p: &Map<String, Value>, out: &mut Emitter) {
        let logs = p
            .get("logs")
            .and_then(Value::as_array)
            .map(Vec::as_slice)
            .unwrap_or(&[]);
        let first_ts = logs.iter().find_map(|l| {
            l.get("metadata")
                .and_then(|m| m.get("startTime"))
                .or(l.get("time"))
                .and_then(Value::as_str)
                .map(str::to_owned)
        });
        self.start(rec, out, first_ts.clone());
        let pid = get_string(p, "promptId");
        let base = self.ctx.base(rec, pid.clone(), first_ts);
        user_turn(out, base, get_string(p, "prompt").unwrap_or_default(), None);
        let mut turn: Option<Turn> = None;
        for (i, log) in logs.iter().enumerate() {
            let Some(l) = log.as_object() else { continue };
            match get_str(l, "kind") {
                // A request the extension made for itself (a title, a summary:
                // `copilotLanguageModelWrapper`) is not the conversation.
                Some("request") if get_str(l, "name").is_some_and(|n| !n.starts_with("panel/")) => {
                    let id = get_string(l, "id")
                        .unwrap_or_else(|| format!("{}#{i}", pid.clone().unwrap_or_default()));
                    let ts = l
                        .get("metadata")
                        .and_then(|m| m.get("startTime"))
                        .and_then(Value::as_str)
                        .map(str::to_owned);
                    let raw_type = format!("request:{}", get_str(l, "name").unwrap_or(""));
                    out.emit(
                        self.ctx.base(rec, Some(id), ts),
                        EventKind::Unknown {
                            raw_type,
                            raw: log.clone(),
                        },
                    );
                }
                Some("request") => {
                    if let Some(t) = turn.take() {
                        t.emit(out);
                    }
                    let meta = l.get("metadata").and_then(Value::as_object);
                    let ts = meta.and_then(|m| get_string(m, "startTime"));
                    let id = get_string(l, "id")
                        .unwrap_or_else(|| format!("{}#{i}", pid.clone().unwrap_or_default()));
                    let text = l
                        .get("response")
                        .and_then(|r| r.get("message"))
                        .map(super::chat::text_of)
                        .unwrap_or_default();
                    turn = Some(Turn {
                        base: self.ctx.base(rec, Some(id), ts),
                        text: text.trim().to_owned(),
                        thinking: String::new(),
                        model: meta.and_then(|m| get_string(m, "model")),
                        usage: meta.and_then(|m| m.get("usage")).and_then(usage),
                        calls: Vec::new(),
                    });
                }
                Some("toolCall") => {
                    let ts = get_string(l, "time");
                    let t = turn.get_or_insert_with(|| Turn {
                        base: self.ctx.base(
                            rec,
                            Some(format!("{}#{i}:turn", pid.clone().unwrap_or_default())),
                            ts.clone(),
                        ),
                        text: String::new(),
                        thinking: String::new(),
                        model: None,
                        usage: None,
                        calls: Vec::new(),
                    });
                    if let Some(th) = l
                        .get("thinking")
                        .and_then(|x| x.get("text"))
                        .and_then(Value::as_str)
                    {
                        push_joined(&mut t.thinking, th, "\n\n");
                    }
                    let args = match l.get("args") {
                        Some(Value::String(s)) => crate::emit::json_or_string(s.clone()),
                        Some(other) => other.clone(),
                        None => Value::Null,
                    };
                    let response = l.get("response").cloned().unwrap_or(Value::Null);
                    let text = super::chat::text_of(&response);
                    let output = if response.is_array() {
                        Value::String(text.clone())
                    } else {
                        response
                    };
                    t.calls.push(Call {
                        id: get_string(l, "id")
                            .unwrap_or_else(|| format!("{}#{i}", pid.clone().unwrap_or_default())),
                        name: get_string(l, "tool").unwrap_or_default(),
                        args,
                        result: Some((!looks_failed(&text), output)),
                        timestamp: ts,
                    });
                }
                _ => {
                    out.diag(
                        DiagnosticKind::Malformed,
                        rec.loc(),
                        format!(
                            "log {} of prompt is of an unknown kind and was not read",
                            i + 1
                        ),
                    );
                }
            }
        }
        if let Some(t) = turn {
            t.emit(out);
        }
    }

    /// One request of a `chatSessions` file.
    fn request(&mut self, rec: &Record<'_>, r: &Map<String, Value>, out: &mut Emitter) {
        let ts = r.get("timestamp").and_then(ms_to_rfc3339);
        self.start(rec, out, ts.clone());
        let rid = get_string(r, "requestId");
        let text = r
            .get("message")
            .and_then(|m| m.get("text"))
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_owned();
        user_turn(out, self.ctx.base(rec, rid.clone(), ts.clone()), text, None);
        if self.rounds(rec, r, rid.as_deref(), ts.as_deref(), out) {
            return;
        }
        let mut reply = String::new();
        let mut calls = Vec::new();
        let mut edits = Vec::new();
        for (i, item) in r
            .get("response")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .enumerate()
        {
            match item.get("kind").and_then(Value::as_str) {
                None | Some("markdownContent") => {
                    let v = item
                        .get("value")
                        .or(item.get("content").and_then(|c| c.get("value")));
                    push_joined(&mut reply, v.and_then(Value::as_str).unwrap_or(""), "");
                }
                Some("toolInvocationSerialized") => {
                    let msg = |k: &str| {
                        item.get(k)
                            .map(|m| m.get("value").cloned().unwrap_or_else(|| m.clone()))
                    };
                    let ok = item
                        .get("isComplete")
                        .and_then(Value::as_bool)
                        .unwrap_or(true)
                        && item.get("isConfirmed").and_then(Value::as_bool) != Some(false);
                    calls.push(Call {
                        id: item
                            .get("toolCallId")
                            .and_then(Value::as_str)
                            .map(str::to_owned)
                            .unwrap_or_else(|| format!("{}#{i}", rid.clone().unwrap_or_default())),
                        name: item
                            .get("toolId")
                            .and_then(Value::as_str)
                            .unwrap_or("")
                            .to_owned(),
                        args: msg("invocationMessage").unwrap_or(Value::Null),
                        result: Some((ok, msg("pastTenseMessage").unwrap_or(Value::Null))),
                        timestamp: ts.clone(),
                    });
                }
                Some("textEditGroup") => {
                    let uri = item.get("uri");
                    let path = uri
                        .and_then(|u| {
                            u.get("fsPath")
                                .or(u.get("path"))
                                .and_then(Value::as_str)
                                .or(u.as_str())
                        })
                        .unwrap_or("")
                        .to_owned();
                    let mut new = String::new();
                    for e in item
                        .get("edits")
                        .and_then(Value::as_array)
                        .into_iter()
                        .flatten()
                        .flat_map(|g| g.as_array().cloned().unwrap_or_default())
                    {
                        push_joined(
                            &mut new,
                            e.get("text").and_then(Value::as_str).unwrap_or(""),
                            "\n",
                        );
                    }
                    if let Some(d) = crate::diff::from_replace(&path, "", &new) {
                        edits.push((i, d));
                    }
                }
                Some(_) => {}
            }
        }
        let base = self.ctx.base(
            rec,
            rid.clone().map(|id| format!("{id}:response")),
            ts.clone(),
        );
        assistant_turn(
            out,
            base.clone(),
            reply,
            String::new(),
            get_string(r, "modelId"),
            None,
            calls,
        );
        for (i, diff) in edits {
            let call_id = format!("{}#edit{i}", rid.clone().unwrap_or_default());
            let mut b = base.clone();
            b.event_id = format!("{call_id}:edit");
            out.emit(b, EventKind::FileEdit { call_id, diff });
        }
    }
}

impl VsCodeAdapter {
    /// The model's rounds of a `chatSessions` request, as its
    /// `result.metadata` keeps them: each round's reply with the calls it
    /// made (their real arguments), and each call's result from
    /// `toolCallResults` (edits from the arguments of those that succeeded).
    /// The response's UI items repeat these, so they are not read again.
    /// Returns false when the request has no rounds.
    fn rounds(
        &mut self,
        rec: &Record<'_>,
        r: &Map<String, Value>,
        rid: Option<&str>,
        ts: Option<&str>,
        out: &mut Emitter,
    ) -> bool {
        let meta = r.get("result").and_then(|x| x.get("metadata"));
        let Some(rounds) = meta
            .and_then(|m| m.get("toolCallRounds"))
            .and_then(Value::as_array)
            .filter(|a| !a.is_empty())
        else {
            return false;
        };
        let results = meta
            .and_then(|m| m.get("toolCallResults"))
            .and_then(Value::as_object);
        let model = get_string(r, "modelId");
        for (n, round) in rounds.iter().enumerate() {
            let id = round
                .get("id")
                .and_then(Value::as_str)
                .map_or_else(|| format!("{}#round{n}", rid.unwrap_or("")), str::to_owned);
            let text = round
                .get("response")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_owned();
            let mut calls = Vec::new();
            for (i, c) in round
                .get("toolCalls")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .enumerate()
            {
                let cid = c
                    .get("id")
                    .and_then(Value::as_str)
                    .map_or_else(|| format!("{id}#{i}"), str::to_owned);
                let args = match c.get("arguments") {
                    Some(Value::String(a)) => crate::emit::json_or_string(a.clone()),
                    Some(other) => other.clone(),
                    None => Value::Null,
                };
                let result = results.and_then(|m| m.get(&cid)).map(|res| {
                    let text = res.get("content").map(parts_text).unwrap_or_default();
                    (!looks_failed(&text), Value::String(text))
                });
                calls.push(Call {
                    id: cid,
                    name: c
                        .get("name")
                        .and_then(Value::as_str)
                        .unwrap_or("")
                        .to_owned(),
                    args,
                    result,
                    timestamp: ts.map(str::to_owned),
                });
            }
            let base = self.ctx.base(rec, Some(id), ts.map(str::to_owned));
            assistant_turn(out, base, text, String::new(), model.clone(), None, calls);
        }
        true
    }

    /// Emits the requests held for `sessionId`, in order.
    fn release(&mut self, out: &mut Emitter) {
        for (kept, _) in self.held.take() {
            let rec = kept.record();
            match &kept.value {
                Value::Object(r) => self.request(&rec, r, out),
                _ => {
                    self.start(&rec, out, None);
                    let base = self.ctx.base(&rec, None, None);
                    out.emit_unknown(base, "requests".to_owned(), &rec);
                }
            }
        }
    }
}

#[derive(Clone)]
struct Turn {
    base: super::kit::Base,
    text: String,
    thinking: String,
    model: Option<String>,
    usage: Option<Usage>,
    calls: Vec<Call>,
}

impl Turn {
    fn emit(self, out: &mut Emitter) {
        assistant_turn(
            out,
            self.base,
            self.text,
            self.thinking,
            self.model,
            self.usage,
            self.calls,
        );
    }
}

/// The text of a tool result's content parts (`[{value}]` or `[{text}]`).
fn parts_text(v: &Value) -> String {
    let mut out = String::new();
    for p in v.as_array().into_iter().flatten() {
        if let Some(t) = p.get("value").or(p.get("text")).and_then(Value::as_str) {
            push_joined(&mut out, t, "");
        }
    }
    out
}

/// Whether a tool's reply says it failed (the export has no status): the
/// fixed openings Copilot's tools fail with.
fn looks_failed(text: &str) -> bool {
    const FAILED: &[&str] = &[
        "String replacement failed",
        "ERROR",
        "Error:",
        "Error ",
        "Failed to ",
        "Could not find ",
        "Tool execution failed",
        "The user cancelled",
        "The user denied",
    ];
    let t = text.trim_start();
    FAILED.iter().any(|p| t.starts_with(p))
}

fn usage(u: &Value) -> Option<Usage> {
    let n = |k: &str| u.get(k).and_then(Value::as_u64).unwrap_or(0);
    let cached = u
        .get("prompt_tokens_details")
        .and_then(|d| d.get("cached_tokens"))
        .and_then(Value::as_u64)
        .unwrap_or(0);
    u.as_object()?;
    Some(Usage {
        input_tokens: n("prompt_tokens").saturating_sub(cached),
        output_tokens: n("completion_tokens"),
        cache_read_tokens: cached,
        cache_creation_tokens: 0,
    })
}

impl Adapter for VsCodeAdapter {
    fn record(&mut self, rec: Record<'_>, out: &mut Emitter) {
        let Some(v) = rec.value(out) else { return };
        match (rec.field, v.as_object()) {
            (Some("prompts"), Some(p)) => self.prompt(&rec, p, out),
            (Some("requests"), Some(_)) if !self.ctx.started && self.held.fits(rec.text.len()) => {
                self.held
                    .hold(rec.text.len(), || OwnedRecord::keep(&rec, v), rec.loc());
            }
            (Some("requests"), Some(r)) => {
                self.release(out);
                self.request(&rec, r, out)
            }
            (Some("sessionId"), _) => {
                if let Some(s) = v.as_str() {
                    if !self.ctx.started {
                        self.ctx.session_id = Some(s.to_owned());
                    }
                }
                out.diag(DiagnosticKind::Empty, rec.loc(), "session header member");
                self.release(out);
            }
            (
                Some(
                    "exportedAt"
                    | "totalPrompts"
                    | "totalLogEntries"
                    | "version"
                    | "requesterUsername"
                    | "responderUsername"
                    | "initialLocation"
                    | "creationDate"
                    | "lastMessageDate"
                    | "customTitle"
                    | "isImported"
                    | "requesterAvatarIconUri"
                    | "responderAvatarIconUri",
                ),
                _,
            ) => out.diag(DiagnosticKind::Empty, rec.loc(), "session header member"),
            (field, _) => {
                self.release(out);
                self.start(&rec, out, None);
                let base = self.ctx.base(&rec, None, None);
                out.emit_unknown(base, field.unwrap_or("value").to_owned(), &rec);
            }
        }
    }

    fn finish(&mut self, out: &mut Emitter) {
        self.release(out);
    }

    fn subagent_tools(&self) -> &'static [&'static str] {
        &["runSubagent", "run_subagent"]
    }
}
