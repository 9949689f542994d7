//! Gemini CLI: `~/.gemini/tmp/<projectHash>/…` in its four layouts.
//!
//! * `chats/session-*.json` (2025): one document `{sessionId, projectHash,
//!   startTime, lastUpdated, messages[]}`; the header members come first.
//! * `chats/session-*.jsonl` (2026): a header line, then message lines and
//!   `{"$set": {…}}` patches. A `$set` of `messages` rewrites the list: the
//!   messages it drops were rewound (→ `rewind` to the last one it keeps),
//!   those it adds are emitted. Other patches (`lastUpdated`) are `empty`.
//!   The last model message is held until a record that is not a later
//!   write of it: consecutive writes of a message (as its calls run and its
//!   tokens are counted) make one turn, from the last write, the earlier
//!   ones `duplicate`. A message written again after other records emits
//!   only the calls it adds.
//! * `logs.json`: an array of the person's prompts `{sessionId, messageId,
//!   type, message, timestamp}` → `user_turn`s (several sessions per file).
//! * `checkpoint-*.json`: an array of API `Content` `{role, parts[]}`;
//!   `functionCall` parts → `tool_call`, `functionResponse` parts →
//!   `tool_result` (paired by id, else by name in order).
//!
//! Messages: `user` → `user_turn` (a leading `/command` is `command`);
//! `gemini` → `assistant_turn` (thoughts as thinking, `tokens` as usage) with
//! its `toolCalls` as `tool_call` + `tool_result` (+ `file_edit` for a
//! successful `replace` / `write_file`); `info`, `error` and `warning`
//! notices and anything else → `unknown`.

use std::collections::{BTreeSet, VecDeque};

use serde::{Deserialize, Deserializer};
use serde_json::{Map, Value};

use super::chat::{assistant_turn, tool_result, user_turn, Call, Ctx};
use super::kit::{get_str, get_string, Adapter, Parsed, Record};
use crate::diag::DiagnosticKind;
use crate::emit::Emitter;
use crate::model::{Injected, Usage};

/// A chat message, the fields the adapter reads: read typed from the usual
/// record (the fast path), or taken out of a value (a record of another
/// shape, a `$set` list, a field whose type is not the usual one).
#[derive(Clone, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
struct Msg {
    id: Option<String>,
    timestamp: Option<String>,
    #[serde(rename = "type")]
    ty: Option<String>,
    model: Option<String>,
    content: Option<Value>,
    thoughts: Option<Value>,
    tokens: Option<Value>,
    /// An element that is not an object is `None` (skipped, but counted in
    /// the calls' positions).
    tool_calls: Option<Vec<Option<CallRec>>>,
    /// Members that make a record something other than a message (read
    /// typed only; such a record is then read as a value).
    #[serde(default, rename = "$set", deserialize_with = "seen")]
    set: bool,
    #[serde(default, rename = "messageId", deserialize_with = "seen")]
    message_id: bool,
    #[serde(default, deserialize_with = "seen")]
    parts: bool,
}

#[derive(Clone, Deserialize, Default)]
struct CallRec {
    id: Option<String>,
    name: Option<String>,
    args: Option<Value>,
    /// Present (even as `null`) or not: a call with a result is done.
    #[serde(default, deserialize_with = "present")]
    result: Option<Value>,
    status: Option<String>,
    timestamp: Option<String>,
}

fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(d).map(Some)
}

/// A member's presence, whatever its value.
fn seen<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    serde::de::IgnoredAny::deserialize(d).map(|_| true)
}

impl Msg {
    /// The message in `m`, its content, calls' arguments and results taken
    /// out (not copied).
    fn from_map(m: &mut Map<String, Value>) -> Msg {
        let tool_calls = match m.get_mut("toolCalls") {
            Some(Value::Array(list)) => Some(
                list.iter_mut()
                    .map(|c| {
                        c.as_object_mut().map(|c| CallRec {
                            id: get_string(c, "id"),
                            name: get_string(c, "name"),
                            args: c.remove("args"),
                            result: c.remove("result"),
                            status: get_string(c, "status"),
                            timestamp: get_string(c, "timestamp"),
                        })
                    })
                    .collect(),
            ),
            _ => None,
        };
        Msg {
            id: get_string(m, "id"),
            timestamp: get_string(m, "timestamp"),
            ty: get_string(m, "type"),
            model: get_string(m, "model"),
            content: m.remove("content"),
            thoughts: m.remove("thoughts"),
            tokens: m.remove("tokens"),
            tool_calls,
            ..Msg::default()
        }
    }

    /// Whether a record read typed is a message (else it is read as a value).
    fn is_message(&self) -> bool {
        !self.set
            && !self.message_id
            && !self.parts
            && self.ty.is_some()
            && (self.id.is_some() || self.content.is_some())
    }
}

#[derive(Clone, Default)]
pub(crate) struct GeminiAdapter {
    ctx: Ctx,
    start_time: Option<String>,
    /// Message ids emitted, in order (for `$set` rewrites and repeats).
    order: Vec<String>,
    seen: BTreeSet<String>,
    calls_seen: BTreeSet<String>,
    /// Checkpoint calls waiting for their response, by name.
    waiting: VecDeque<(String, String, Value)>,
    /// Sessions of a `logs.json` already started.
    log_sessions: BTreeSet<String>,
    /// The last model message, held until a record that is not a later
    /// write of it arrives: the JSONL writer may write a message, then
    /// write it again as its calls run and its tokens are counted, and the
    /// turn is made from its last write. Its text, position and ordinal.
    pending: Option<(String, super::kit::OwnedRecord, Msg)>,
}

const SUBAGENTS: &[&str] = &["codebase_investigator", "delegate_to_agent"];

/// A held message longer than this is emitted rather than held.
const MAX_PENDING_BYTES: usize = super::kit::HOLD_BYTES;

impl GeminiAdapter {
    pub fn new() -> GeminiAdapter {
        GeminiAdapter::default()
    }

    fn ensure_start(&mut self, rec: &Record<'_>, out: &mut Emitter, model: Option<String>) {
        let start_time = &self.start_time;
        self.ctx
            .ensure_started(rec, out, || (start_time.clone(), model));
    }

    fn header(&mut self, m: &serde_json::Map<String, Value>) {
        if let Some(id) = get_string(m, "sessionId") {
            self.ctx.session_id = Some(id);
        }
        if let Some(t) = get_string(m, "startTime") {
            self.start_time = Some(t);
        }
    }

    /// One message.
    fn message(&mut self, rec: &Record<'_>, mut m: Msg, out: &mut Emitter) {
        let ty = m.ty.as_deref().unwrap_or("");
        let repeat = m.id.as_ref().is_some_and(|id| self.seen.contains(id));
        if let Some(id) = &m.id {
            if !repeat {
                self.seen.insert(id.clone());
                self.order.push(id.clone());
            }
        }
        let is_model = matches!(ty, "gemini" | "model");
        self.ensure_start(
            rec,
            out,
            if ty == "gemini" {
                m.model.clone()
            } else {
                None
            },
        );
        let (id, ts) = (m.id.clone(), m.timestamp.clone());
        let base = self.ctx.base(rec, id.clone(), ts.clone());
        match ty {
            "user" if !repeat => {
                let text = m
                    .content
                    .as_ref()
                    .map(super::chat::text_of)
                    .unwrap_or_default();
                user_turn(out, base, text.clone(), injected(&text));
            }
            _ if is_model => {
                let calls = self.calls(&mut m);
                if repeat {
                    // Written again as its calls ran: only what is new.
                    if calls.is_empty() {
                        out.diag(
                            DiagnosticKind::Duplicate,
                            rec.loc(),
                            "message written again with nothing new",
                        );
                    }
                    for (c, call_is_new) in calls {
                        let mut b = self.ctx.base(
                            rec,
                            Some(c.id.clone()),
                            c.timestamp.clone().or(ts.clone()),
                        );
                        if call_is_new {
                            b.parent_id = id.clone();
                            out.emit(
                                b.clone(),
                                crate::model::EventKind::ToolCall {
                                    call_id: c.id.clone(),
                                    name: c.name.clone(),
                                    args: c.args.clone(),
                                },
                            );
                        }
                        if let Some((ok, output)) = c.result {
                            tool_result(out, b, c.id, &c.name, &c.args, ok, output);
                        }
                    }
                    return;
                }
                let calls = calls.into_iter().map(|(c, _)| c).collect();
                let text = m
                    .content
                    .as_ref()
                    .map(super::chat::text_of)
                    .unwrap_or_default();
                let thinking = thoughts(m.thoughts.as_ref());
                let usage = m.tokens.as_ref().and_then(usage);
                assistant_turn(out, base, text, thinking, m.model, usage, calls);
            }
            _ if repeat => out.diag(
                DiagnosticKind::Duplicate,
                rec.loc(),
                "message written again",
            ),
            other => {
                let raw_type = if other.is_empty() {
                    "message".to_owned()
                } else {
                    other.to_owned()
                };
                out.emit_unknown(base, raw_type, rec);
            }
        }
    }

    /// The calls of a model message not emitted before, each with whether
    /// the call itself is new (else only its result is: it ran since the
    /// message was first written). Their arguments and results are taken
    /// out of `m`.
    fn calls(&mut self, m: &mut Msg) -> Vec<(Call, bool)> {
        let msg_id = m.id.as_deref().unwrap_or("call");
        let ts = m.timestamp.as_deref();
        let Some(list) = m.tool_calls.as_mut() else {
            return Vec::new();
        };
        let mut calls = Vec::new();
        for (i, c) in list.iter_mut().enumerate() {
            let Some(c) = c.as_mut() else { continue };
            let id = c.id.take().unwrap_or_else(|| format!("{msg_id}#{i}"));
            let status = c.status.as_deref();
            let done =
                c.result.is_some() || matches!(status, Some("success" | "error" | "cancelled"));
            let call_is_new = !self.calls_seen.contains(&format!("{id}:false"))
                && !self.calls_seen.contains(&format!("{id}:true"));
            if !self.calls_seen.insert(format!("{id}:{done}")) {
                continue;
            }
            if done {
                // A call seen running needs only its result from now on.
                self.calls_seen.insert(format!("{id}:false"));
            }
            let ok = status.is_none_or(|s| s == "success");
            let result = done.then(|| (ok, call_output(c.result.take())));
            let call = Call {
                id,
                name: c.name.take().unwrap_or_default(),
                args: c.args.take().unwrap_or(Value::Null),
                result,
                timestamp: c.timestamp.take().or(ts.map(str::to_owned)),
            };
            calls.push((call, call_is_new));
        }
        calls
    }

    /// `{"$set": {…}}` of the JSONL writer.
    fn patch(&mut self, rec: &Record<'_>, set: &serde_json::Map<String, Value>, out: &mut Emitter) {
        let mut did = false;
        if let Some(msgs) = set.get("messages").and_then(Value::as_array) {
            let listed: Vec<&str> = msgs
                .iter()
                .filter_map(|x| x.get("id").and_then(Value::as_str))
                .collect();
            let kept: BTreeSet<&str> = listed.iter().copied().collect();
            let dropped = self.order.iter().any(|id| !kept.contains(id.as_str()));
            if dropped {
                let to = listed
                    .iter()
                    .rev()
                    .find(|id| self.seen.contains(**id))
                    .map(|s| (*s).to_owned())
                    .unwrap_or_default();
                self.ensure_start(rec, out, None);
                let base = self
                    .ctx
                    .base(rec, None, get_str(set, "lastUpdated").map(str::to_owned));
                out.emit(base, crate::model::EventKind::Rewind { to_event: to });
                self.order.retain(|id| kept.contains(id.as_str()));
                did = true;
            }
            for msg in msgs {
                if let Some(mm) = msg.as_object() {
                    // (A message without an id cannot be told from one already read.)
                    let new = mm
                        .get("id")
                        .and_then(Value::as_str)
                        .is_some_and(|id| !self.seen.contains(id));
                    if new {
                        self.message(rec, Msg::from_map(&mut mm.clone()), out);
                        did = true;
                    }
                }
            }
        }
        if !did {
            out.diag(
                DiagnosticKind::Empty,
                rec.loc(),
                "patch of session metadata (no message changed)",
            );
        }
    }

    /// An element of a checkpoint: an API `Content`.
    fn content(&mut self, rec: &Record<'_>, m: &serde_json::Map<String, Value>, out: &mut Emitter) {
        self.ensure_start(rec, out, None);
        let role = get_str(m, "role").unwrap_or("");
        let parts = m
            .get("parts")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        let mut text = String::new();
        let mut calls = Vec::new();
        let base = self.ctx.base(rec, None, None);
        for (i, p) in parts.iter().enumerate() {
            if let Some(t) = p.get("text").and_then(Value::as_str) {
                super::kit::push_joined(&mut text, t, "\n");
            } else if let Some(fc) = p.get("functionCall") {
                let name = fc
                    .get("name")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_owned();
                let id = fc
                    .get("id")
                    .and_then(Value::as_str)
                    .map(str::to_owned)
                    .unwrap_or_else(|| format!("{}#{i}", base.event_id));
                let args = fc.get("args").cloned().unwrap_or(Value::Null);
                self.waiting
                    .push_back((id.clone(), name.clone(), args.clone()));
                calls.push(Call {
                    id,
                    name,
                    args,
                    result: None,
                    timestamp: None,
                });
            } else if let Some(fr) = p.get("functionResponse") {
                let name = fr.get("name").and_then(Value::as_str).unwrap_or("");
                let want = fr.get("id").and_then(Value::as_str);
                let by_id = want.and_then(|w| self.waiting.iter().position(|(id, _, _)| id == w));
                let pos = by_id.or_else(|| self.waiting.iter().position(|(_, n, _)| n == name));
                let (id, name, args) = match pos.and_then(|p| self.waiting.remove(p)) {
                    Some(x) => x,
                    None => (
                        want.unwrap_or(name).to_owned(),
                        name.to_owned(),
                        Value::Null,
                    ),
                };
                let output = fr
                    .get("response")
                    .map(|r| r.get("output").cloned().unwrap_or_else(|| r.clone()))
                    .unwrap_or(Value::Null);
                let ok = fr.get("response").and_then(|r| r.get("error")).is_none();
                let mut b = base.clone();
                b.event_id = format!("{}#{i}", base.event_id);
                tool_result(out, b, id, &name, &args, ok, output);
            }
        }
        match role {
            "model" => assistant_turn(out, base, text, String::new(), None, None, calls),
            _ if !text.is_empty() => {
                let inj = injected(&text);
                user_turn(out, base, text, inj)
            }
            _ => {}
        }
    }
}

/// What the CLI, not the person, put on the user's side: its context
/// preamble, or a slash command.
fn injected(text: &str) -> Option<Injected> {
    let t = text.trim_start();
    if t.starts_with("This is the Gemini CLI") || t.starts_with("<session_context>") {
        Some(Injected::EnvironmentContext)
    } else {
        is_command(text).then_some(Injected::Command)
    }
}

fn is_command(text: &str) -> bool {
    let t = text.trim_start();
    t.starts_with('/')
        && t[1..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic())
}

fn thoughts(v: Option<&Value>) -> String {
    let mut out = String::new();
    for t in v.and_then(Value::as_array).into_iter().flatten() {
        let subject = t.get("subject").and_then(Value::as_str).unwrap_or("");
        let desc = t.get("description").and_then(Value::as_str).unwrap_or("");
        let one = match (subject.is_empty(), desc.is_empty()) {
            (false, false) => format!("{subject}: {desc}"),
            (false, true) => subject.to_owned(),
            _ => desc.to_owned(),
        };
        super::kit::push_joined(&mut out, &one, "\n\n");
    }
    out
}

fn usage(t: &Value) -> Option<Usage> {
    let n = |k: &str| t.get(k).and_then(Value::as_u64).unwrap_or(0);
    if t.as_object().is_none_or(|m| m.is_empty()) {
        return None;
    }
    let cached = n("cached");
    Some(Usage {
        input_tokens: n("input").saturating_sub(cached),
        output_tokens: n("output").saturating_add(n("thoughts")),
        cache_read_tokens: cached,
        cache_creation_tokens: 0,
    })
}

/// A call's output: the `output` of its single function response, else the
/// result as written.
fn call_output(result: Option<Value>) -> Value {
    let Some(mut r) = result else {
        return Value::Null;
    };
    if let Some([one]) = r.as_array_mut().map(Vec::as_mut_slice) {
        if let Some(resp) = one
            .get_mut("functionResponse")
            .and_then(|f| f.get_mut("response"))
            .and_then(Value::as_object_mut)
        {
            if let Some(o) = resp.remove("output").or_else(|| resp.remove("error")) {
                return o;
            }
        }
        if let Some(t) = one.as_object_mut().and_then(|o| o.remove("text")) {
            return t;
        }
    }
    r
}

impl GeminiAdapter {
    /// Emits the held model message.
    fn flush(&mut self, out: &mut Emitter) {
        if let Some((_, kept, msg)) = self.pending.take() {
            self.message(&kept.record(), msg, out);
        }
    }

    /// Whether a message of this type and id is held (see `pending`): a
    /// model message not read before.
    fn holds(&self, rec: &Record<'_>, ty: Option<&str>, id: Option<&str>) -> bool {
        matches!(ty, Some("gemini" | "model"))
            && rec.text.len() <= MAX_PENDING_BYTES
            && id.is_some_and(|id| !self.seen.contains(id))
    }

    /// Holds `m`, a message [`Self::holds`] accepts; a later write of the
    /// held one replaces it.
    fn hold(&mut self, rec: &Record<'_>, m: Msg, out: &mut Emitter) {
        let id = m.id.clone().unwrap_or_default();
        match &self.pending {
            Some((held, kept, _)) if *held == id => {
                out.diag(
                    DiagnosticKind::Duplicate,
                    kept.loc,
                    "an earlier write of a message written again",
                );
            }
            _ => self.flush(out),
        }
        self.pending = Some((id, super::kit::OwnedRecord::keep(rec, Value::Null), m));
    }
}

impl Adapter for GeminiAdapter {
    fn record(&mut self, rec: Record<'_>, out: &mut Emitter) {
        let message_field = matches!(rec.field, None | Some("messages"));
        // The usual record, a message, is read typed; anything else (or a
        // message with a member of another type) as a value.
        let mut v = match message_field.then(|| rec.parse::<Msg>(out)) {
            Some(None) => return,
            Some(Some(Parsed::Typed(m))) if m.is_message() => {
                if self.holds(&rec, m.ty.as_deref(), m.id.as_deref()) {
                    self.hold(&rec, m, out);
                } else {
                    self.flush(out);
                    self.message(&rec, m, out);
                }
                return;
            }
            Some(Some(Parsed::Raw(v))) => v,
            _ => match rec.value(out) {
                Some(v) => v,
                None => return,
            },
        };
        if message_field {
            if let Value::Object(m) = &mut v {
                if self.holds(&rec, get_str(m, "type"), get_str(m, "id")) {
                    return self.hold(&rec, Msg::from_map(m), out);
                }
            }
        }
        self.flush(out);
        match rec.field {
            // A session document's header members.
            Some("sessionId" | "startTime") => {
                if let Some(s) = v.as_str() {
                    if rec.field == Some("sessionId") {
                        self.ctx.session_id = Some(s.to_owned());
                    } else {
                        self.start_time = Some(s.to_owned());
                    }
                }
                out.diag(DiagnosticKind::Empty, rec.loc(), "session header member");
            }
            Some("projectHash" | "lastUpdated" | "kind" | "summary") => {
                out.diag(DiagnosticKind::Empty, rec.loc(), "session header member");
            }
            Some("messages") => match v.as_object_mut() {
                Some(m) => self.message(&rec, Msg::from_map(m), out),
                None => self.unknown(&rec, "messages", out),
            },
            Some(other) => self.unknown(&rec, other, out),
            None => {
                let Some(m) = v.as_object_mut() else {
                    return self.unknown(&rec, "value", out);
                };
                if let Some(Value::Object(set)) = m.get_mut("$set").map(Value::take) {
                    self.patch(&rec, &set, out);
                } else if m.contains_key("projectHash")
                    && m.contains_key("sessionId")
                    && !m.contains_key("type")
                {
                    self.header(m);
                    self.ensure_start(&rec, out, None);
                } else if m.contains_key("messageId") && m.contains_key("sessionId") {
                    // logs.json: the person's prompts of one or more sessions.
                    let sid = get_string(m, "sessionId");
                    self.ctx.session_id.clone_from(&sid);
                    let ts = get_string(m, "timestamp");
                    if let Some(sid) = sid {
                        if self.log_sessions.insert(sid.clone()) {
                            let base =
                                self.ctx
                                    .base(&rec, Some(format!("{sid}:start")), ts.clone());
                            self.ctx.started = false;
                            self.ctx.start(out, base, None, None);
                        }
                    }
                    let id = m.get("messageId").map(|x| {
                        format!("{}:{}", self.ctx.session_id.clone().unwrap_or_default(), x)
                    });
                    let text = get_string(m, "message").unwrap_or_default();
                    let base = self.ctx.base(&rec, id, ts);
                    user_turn(out, base, text.clone(), injected(&text));
                } else if m.contains_key("parts") && m.contains_key("role") {
                    self.content(&rec, m, out);
                } else if m.contains_key("type")
                    && (m.contains_key("id") || m.contains_key("content"))
                {
                    self.message(&rec, Msg::from_map(m), out);
                } else {
                    self.unknown(&rec, "record", out);
                }
            }
        }
    }

    fn finish(&mut self, out: &mut Emitter) {
        self.flush(out);
    }

    fn end_file(&mut self, out: &mut Emitter) {
        self.flush(out);
    }

    fn subagent_tools(&self) -> &'static [&'static str] {
        SUBAGENTS
    }
}

impl GeminiAdapter {
    fn unknown(&mut self, rec: &Record<'_>, what: &str, out: &mut Emitter) {
        self.ensure_start(rec, out, None);
        let base = self.ctx.base(rec, None, None);
        out.emit_unknown(base, what.to_owned(), rec);
    }
}

#[cfg(test)]
mod tests {
    use crate::{parse, DiagnosticKind, EventKind, Options, OutputMode, SourceKind};

    #[test]
    fn a_message_written_again_as_its_calls_run_is_one_turn() {
        let lines = [
            r#"{"sessionId":"s1","projectHash":"p","startTime":"2026-01-01T00:00:00Z","lastUpdated":"2026-01-01T00:00:00Z","kind":"main"}"#,
            r#"{"id":"u1","timestamp":"2026-01-01T00:00:01Z","type":"user","content":[{"text":"List the files."}]}"#,
            r#"{"id":"g1","timestamp":"2026-01-01T00:00:02Z","type":"gemini","content":"","model":"m"}"#,
            r#"{"id":"g1","timestamp":"2026-01-01T00:00:02Z","type":"gemini","content":"","model":"m","toolCalls":[{"id":"c1","name":"ls","args":{"path":"."},"status":"executing"}]}"#,
            r#"{"id":"g1","timestamp":"2026-01-01T00:00:02Z","type":"gemini","content":"Two files.","model":"m","tokens":{"input":10,"output":3,"cached":0},"toolCalls":[{"id":"c1","name":"ls","args":{"path":"."},"status":"success","result":[{"functionResponse":{"id":"c1","name":"ls","response":{"output":"a b"}}}]}]}"#,
            r#"{"$set":{"lastUpdated":"2026-01-01T00:00:03Z"}}"#,
        ];
        let input = lines.join("\n") + "\n";
        let opts = Options::default()
            .with_source(SourceKind::Gemini)
            .with_output(OutputMode::Events);
        let b = parse(input.as_bytes(), &opts).unwrap();
        let kinds: Vec<&str> = b.events.iter().map(|e| e.kind.name()).collect();
        assert_eq!(
            kinds,
            [
                "session_start",
                "user_turn",
                "assistant_turn",
                "tool_call",
                "tool_result"
            ]
        );
        match &b.events[2].kind {
            EventKind::AssistantTurn { text, usage, .. } => {
                assert_eq!(text, "Two files.");
                assert_eq!(usage.map(|u| u.output_tokens), Some(3));
            }
            other => panic!("{other:?}"),
        }
        let dups = b
            .diagnostics
            .iter()
            .filter(|d| d.diagnostic == DiagnosticKind::Duplicate)
            .count();
        assert_eq!(dups, 2);
    }
}
