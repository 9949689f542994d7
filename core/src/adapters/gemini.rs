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

use serde_json::Value;

use super::chat::{assistant_turn, tool_result, user_turn, Call, Ctx};
use super::kit::{get_str, get_string, Adapter, Record};
use crate::diag::DiagnosticKind;
use crate::emit::Emitter;
use crate::model::{Injected, Usage};

#[derive(Default)]
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
    pending: Option<(String, super::kit::OwnedRecord)>,
}

const SUBAGENTS: &[&str] = &["codebase_investigator", "delegate_to_agent"];

/// A held message longer than this is emitted rather than held.
const MAX_PENDING_BYTES: usize = super::kit::HOLD_BYTES;

impl GeminiAdapter {
    pub fn new() -> GeminiAdapter {
        GeminiAdapter::default()
    }

    fn ensure_start(&mut self, rec: &Record<'_>, out: &mut Emitter, model: Option<String>) {
        if self.ctx.session_id.is_none() {
            self.ctx.session_id = Some(super::chat::fallback_session_id(out, rec));
        }
        if !self.ctx.started {
            let ts = self.start_time.clone();
            let base = self.ctx.base(rec, Some(format!("{}:start", self.ctx.session_id.clone().unwrap_or_default())), ts);
            self.ctx.start(out, base, model, None);
        }
    }

    fn header(&mut self, m: &serde_json::Map<String, Value>) {
        if let Some(id) = get_string(m, "sessionId") {
            self.ctx.session_id = Some(id);
        }
        if let Some(t) = get_string(m, "startTime") {
            self.start_time = Some(t);
        }
    }

    /// One message; its calls' arguments and results are taken out of `m`
    /// (not copied).
    fn message(&mut self, rec: &Record<'_>, m: &mut serde_json::Map<String, Value>, out: &mut Emitter) {
        let id = get_string(m, "id");
        let ts = get_string(m, "timestamp");
        let ty = get_str(m, "type").unwrap_or("");
        let repeat = id.as_ref().is_some_and(|id| self.seen.contains(id));
        if let Some(id) = &id {
            if !repeat {
                self.seen.insert(id.clone());
                self.order.push(id.clone());
            }
        }
        self.ensure_start(rec, out, if ty == "gemini" { get_string(m, "model") } else { None });
        let base = self.ctx.base(rec, id.clone(), ts.clone());
        match ty {
            "user" if !repeat => {
                let text = m.get("content").map(super::chat::text_of).unwrap_or_default();
                user_turn(out, base, text.clone(), injected(&text));
            }
            "gemini" | "model" => {
                let calls = self.calls(m, ts.as_deref());
                if repeat {
                    // Written again as its calls ran: only what is new.
                    if calls.is_empty() {
                        out.diag(DiagnosticKind::Duplicate, rec.loc(), "message written again with nothing new");
                    }
                    for (c, call_is_new) in calls {
                        let mut b = self.ctx.base(rec, Some(c.id.clone()), c.timestamp.clone().or(ts.clone()));
                        if call_is_new {
                            b.parent_id = id.clone();
                            out.emit(b.clone(), crate::model::EventKind::ToolCall { call_id: c.id.clone(), name: c.name.clone(), args: c.args.clone() });
                        }
                        if let Some((ok, output)) = c.result {
                            tool_result(out, b, c.id, &c.name, &c.args, ok, output);
                        }
                    }
                    return;
                }
                let calls = calls.into_iter().map(|(c, _)| c).collect();
                let text = m.get("content").map(super::chat::text_of).unwrap_or_default();
                let thinking = thoughts(m.get("thoughts"));
                let usage = m.get("tokens").and_then(usage);
                assistant_turn(out, base, text, thinking, get_string(m, "model"), usage, calls);
            }
            _ if repeat => out.diag(DiagnosticKind::Duplicate, rec.loc(), "message written again"),
            other => {
                let raw_type = if other.is_empty() { "message".to_owned() } else { other.to_owned() };
                out.emit_unknown(base, raw_type, rec);
            }
        }
    }

    /// The calls of a model message not emitted before, each with whether
    /// the call itself is new (else only its result is: it ran since the
    /// message was first written).
    fn calls(&mut self, m: &mut serde_json::Map<String, Value>, ts: Option<&str>) -> Vec<(Call, bool)> {
        let msg_id = get_str(m, "id").unwrap_or("call").to_owned();
        let Some(list) = m.get_mut("toolCalls").and_then(Value::as_array_mut) else { return Vec::new() };
        let mut calls = Vec::new();
        for (i, c) in list.iter_mut().enumerate() {
            let Some(c) = c.as_object_mut() else { continue };
            let id = get_string(c, "id").unwrap_or_else(|| format!("{msg_id}#{i}"));
            let status = get_str(c, "status");
            let done = c.contains_key("result") || matches!(status, Some("success" | "error" | "cancelled"));
            let call_is_new = !self.calls_seen.contains(&format!("{id}:false")) && !self.calls_seen.contains(&format!("{id}:true"));
            if !self.calls_seen.insert(format!("{id}:{done}")) {
                continue;
            }
            if done {
                // A call seen running needs only its result from now on.
                self.calls_seen.insert(format!("{id}:false"));
            }
            let ok = status.is_none_or(|s| s == "success");
            let result = done.then(|| (ok, call_output(c.remove("result"))));
            let call = Call {
                id,
                name: get_string(c, "name").unwrap_or_default(),
                args: c.remove("args").unwrap_or(Value::Null),
                result,
                timestamp: get_string(c, "timestamp").or(ts.map(str::to_owned)),
            };
            calls.push((call, call_is_new));
        }
        calls
    }

    /// `{"$set": {…}}` of the JSONL writer.
    fn patch(&mut self, rec: &Record<'_>, set: &serde_json::Map<String, Value>, out: &mut Emitter) {
        let mut did = false;
        if let Some(msgs) = set.get("messages").and_then(Value::as_array) {
            let listed: Vec<&str> = msgs.iter().filter_map(|x| x.get("id").and_then(Value::as_str)).collect();
            let kept: BTreeSet<&str> = listed.iter().copied().collect();
            let dropped = self.order.iter().any(|id| !kept.contains(id.as_str()));
            if dropped {
                let to = listed.iter().rev().find(|id| self.seen.contains(**id)).map(|s| (*s).to_owned()).unwrap_or_default();
                self.ensure_start(rec, out, None);
                let base = self.ctx.base(rec, None, get_str(set, "lastUpdated").map(str::to_owned));
                out.emit(base, crate::model::EventKind::Rewind { to_event: to });
                self.order.retain(|id| kept.contains(id.as_str()));
                did = true;
            }
            for msg in msgs {
                if let Some(mm) = msg.as_object() {
                    // (A message without an id cannot be told from one already read.)
                    let new = mm.get("id").and_then(Value::as_str).is_some_and(|id| !self.seen.contains(id));
                    if new {
                        self.message(rec, &mut mm.clone(), out);
                        did = true;
                    }
                }
            }
        }
        if !did {
            out.diag(DiagnosticKind::Empty, rec.loc(), "patch of session metadata (no message changed)");
        }
    }

    /// An element of a checkpoint: an API `Content`.
    fn content(&mut self, rec: &Record<'_>, m: &serde_json::Map<String, Value>, out: &mut Emitter) {
        self.ensure_start(rec, out, None);
        let role = get_str(m, "role").unwrap_or("");
        let parts = m.get("parts").and_then(Value::as_array).cloned().unwrap_or_default();
        let mut text = String::new();
        let mut calls = Vec::new();
        let base = self.ctx.base(rec, None, None);
        for (i, p) in parts.iter().enumerate() {
            if let Some(t) = p.get("text").and_then(Value::as_str) {
                super::kit::push_joined(&mut text, t, "\n");
            } else if let Some(fc) = p.get("functionCall") {
                let name = fc.get("name").and_then(Value::as_str).unwrap_or("").to_owned();
                let id = fc.get("id").and_then(Value::as_str).map(str::to_owned).unwrap_or_else(|| format!("{}#{i}", base.event_id));
                let args = fc.get("args").cloned().unwrap_or(Value::Null);
                self.waiting.push_back((id.clone(), name.clone(), args.clone()));
                calls.push(Call { id, name, args, result: None, timestamp: None });
            } else if let Some(fr) = p.get("functionResponse") {
                let name = fr.get("name").and_then(Value::as_str).unwrap_or("");
                let want = fr.get("id").and_then(Value::as_str);
                let by_id = want.and_then(|w| self.waiting.iter().position(|(id, _, _)| id == w));
                let pos = by_id.or_else(|| self.waiting.iter().position(|(_, n, _)| n == name));
                let (id, name, args) = match pos.and_then(|p| self.waiting.remove(p)) {
                    Some(x) => x,
                    None => (want.unwrap_or(name).to_owned(), name.to_owned(), Value::Null),
                };
                let output = fr.get("response").map(|r| r.get("output").cloned().unwrap_or_else(|| r.clone())).unwrap_or(Value::Null);
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
    t.starts_with('/') && t[1..].chars().next().is_some_and(|c| c.is_ascii_alphabetic())
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
    let Some(mut r) = result else { return Value::Null };
    if let Some([one]) = r.as_array_mut().map(Vec::as_mut_slice) {
        if let Some(resp) = one.get_mut("functionResponse").and_then(|f| f.get_mut("response")).and_then(Value::as_object_mut) {
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
        if let Some((_, mut kept)) = self.pending.take() {
            let value = kept.value.take();
            if let Value::Object(mut m) = value {
                self.message(&kept.record(), &mut m, out);
            }
        }
    }

    /// Whether `v` is a model message to hold (see `pending`); a later write
    /// of the held one replaces it.
    /// Returns `v` back when it is not held.
    fn hold(&mut self, rec: &Record<'_>, v: Value, out: &mut Emitter) -> Option<Value> {
        let Some(m) = v.as_object() else { return Some(v) };
        let is_model = matches!(get_str(m, "type"), Some("gemini" | "model"));
        let Some(id) = get_str(m, "id").filter(|_| is_model && rec.text.len() <= MAX_PENDING_BYTES) else { return Some(v) };
        if self.seen.contains(id) {
            return Some(v); // written again after other records: read as a repeat
        }
        let id = id.to_owned();
        match &self.pending {
            Some((held, kept)) if *held == id => {
                out.diag(DiagnosticKind::Duplicate, kept.loc, "an earlier write of a message written again");
            }
            _ => self.flush(out),
        }
        self.pending = Some((id, super::kit::OwnedRecord::keep(rec, v)));
        None
    }
}

impl Adapter for GeminiAdapter {
    fn record(&mut self, rec: Record<'_>, out: &mut Emitter) {
        let Some(v) = rec.value(out) else { return };
        let mut v = if matches!(rec.field, None | Some("messages")) {
            match self.hold(&rec, v, out) {
                Some(v) => v,
                None => return,
            }
        } else {
            v
        };
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
                Some(m) => self.message(&rec, m, out),
                None => self.unknown(&rec, "messages", out),
            },
            Some(other) => self.unknown(&rec, other, out),
            None => {
                let Some(m) = v.as_object_mut() else { return self.unknown(&rec, "value", out) };
                if let Some(Value::Object(set)) = m.get_mut("$set").map(Value::take) {
                    self.patch(&rec, &set, out);
                } else if m.contains_key("projectHash") && m.contains_key("sessionId") && !m.contains_key("type") {
                    self.header(m);
                    self.ensure_start(&rec, out, None);
                } else if m.contains_key("messageId") && m.contains_key("sessionId") {
                    // logs.json: the person's prompts of one or more sessions.
                    let sid = get_string(m, "sessionId");
                    self.ctx.session_id.clone_from(&sid);
                    let ts = get_string(m, "timestamp");
                    if let Some(sid) = sid {
                        if self.log_sessions.insert(sid.clone()) {
                            let base = self.ctx.base(&rec, Some(format!("{sid}:start")), ts.clone());
                            self.ctx.started = false;
                            self.ctx.start(out, base, None, None);
                        }
                    }
                    let id = m.get("messageId").map(|x| format!("{}:{}", self.ctx.session_id.clone().unwrap_or_default(), x));
                    let text = get_string(m, "message").unwrap_or_default();
                    let base = self.ctx.base(&rec, id, ts);
                    user_turn(out, base, text.clone(), injected(&text));
                } else if m.contains_key("parts") && m.contains_key("role") {
                    self.content(&rec, m, out);
                } else if m.contains_key("type") && (m.contains_key("id") || m.contains_key("content")) {
                    self.message(&rec, m, out);
                } else {
                    self.unknown(&rec, "record", out);
                }
            }
        }
    }

    fn finish(&mut self, out: &mut Emitter) {
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
        let opts = Options::default().with_source(SourceKind::Gemini).with_output(OutputMode::Events);
        let b = parse(input.as_bytes(), &opts).unwrap();
        let kinds: Vec<&str> = b.events.iter().map(|e| e.kind.name()).collect();
        assert_eq!(kinds, ["session_start", "user_turn", "assistant_turn", "tool_call", "tool_result"]);
        match &b.events[2].kind {
            EventKind::AssistantTurn { text, usage, .. } => {
                assert_eq!(text, "Two files.");
                assert_eq!(usage.map(|u| u.output_tokens), Some(3));
            }
            other => panic!("{other:?}"),
        }
        let dups = b.diagnostics.iter().filter(|d| d.diagnostic == DiagnosticKind::Duplicate).count();
        assert_eq!(dups, 2);
    }
}
