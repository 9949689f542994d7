//! OpenTelemetry GenAI semantic conventions, as OTLP/JSON.
//!
//! Each session is one `ExportTraceServiceRequest` holding one trace:
//!
//! * an `invoke_agent` span for the session (and one per subagent, a child
//!   of it), with `gen_ai.conversation.id`, `gen_ai.agent.id` and the
//!   session's token totals;
//! * a `chat` span per assistant turn: `gen_ai.response.model`,
//!   `gen_ai.usage.*`, `gen_ai.input.messages` (the turns and tool results
//!   since the previous response) and `gen_ai.output.messages` (its text,
//!   reasoning and tool calls);
//! * an `execute_tool` span per call: `gen_ai.tool.name`,
//!   `gen_ai.tool.call.{id,arguments,result}`, an error status when the call
//!   failed, and a `memscribe.file_edit` span event per file it changed.
//!
//! Ids are hashes of the session and event ids, so an export is
//! deterministic. Times come from the events' timestamps; an event without
//! one takes the last known time before it (the first known time, at the
//! start), and a session with none is placed at the epoch. Ids are
//! hex-encoded, as OTLP/JSON requires.

use std::collections::BTreeMap;

use serde_json::{json, Value};

use crate::model::{CaptureEvent, EventKind};
use crate::source::SourceKind;

use super::{as_text, groups, unix_nanos};

/// The OTLP/JSON encoding written (protocol `opentelemetry-proto` v1).
pub const FORMAT_VERSION: &str = "otlp-json-v1";

const KIND_INTERNAL: u32 = 1;
const KIND_CLIENT: u32 = 3;

/// One `ExportTraceServiceRequest` per session of `events`, in order of first
/// appearance.
pub fn requests(events: &[CaptureEvent]) -> Vec<Value> {
    let mut by_session: Vec<(Option<String>, Vec<Value>, SourceKind)> = Vec::new();
    let groups = groups(events);
    let with_main: Vec<&Option<String>> = groups
        .iter()
        .filter(|g| g.1.is_none())
        .map(|g| &g.0)
        .collect();
    for (sid, agent, evs) in &groups {
        let nested = agent.is_some() && with_main.contains(&sid);
        let at = match by_session.iter().position(|(s, _, _)| s == sid) {
            Some(at) => at,
            None => {
                by_session.push((sid.clone(), Vec::new(), evs[0].source));
                by_session.len() - 1
            }
        };
        let spans = spans(sid.as_deref(), agent.as_deref(), nested, evs);
        by_session[at].1.extend(spans);
    }
    by_session
        .into_iter()
        .map(|(_, spans, source)| {
            json!({
                "resourceSpans": [{
                    "resource": { "attributes": [
                        attr("service.name", json!({ "stringValue": source.slug().replace('_', "-") })),
                        attr("memscribe.source", json!({ "stringValue": source.slug() })),
                    ]},
                    "scopeSpans": [{
                        "scope": { "name": "memscribe", "version": crate::VERSION },
                        "spans": spans,
                    }],
                }]
            })
        })
        .collect()
}

fn attr(key: &str, value: Value) -> Value {
    json!({ "key": key, "value": value })
}

/// Builds a span's attribute list, skipping unset values.
#[derive(Default)]
struct Attrs(Vec<Value>);

impl Attrs {
    fn s(&mut self, key: &str, v: Option<&str>) -> &mut Self {
        if let Some(v) = v {
            self.0.push(attr(key, json!({ "stringValue": v })));
        }
        self
    }
    fn i(&mut self, key: &str, v: u64) -> &mut Self {
        self.0.push(attr(key, json!({ "intValue": v.to_string() })));
        self
    }
    fn take(&mut self) -> Vec<Value> {
        std::mem::take(&mut self.0)
    }
}

fn hex_id(parts: &[&str], bytes: usize) -> String {
    let mut h = blake3::Hasher::new();
    for p in parts {
        h.update(p.as_bytes());
        h.update(&[0]);
    }
    let hash = h.finalize();
    let mut id = hash.as_bytes()[..bytes].to_vec();
    if id.iter().all(|&b| b == 0) {
        id[0] = 1; // an all-zero id is invalid in OTLP
    }
    id.iter().map(|b| format!("{b:02x}")).collect()
}

fn provider(source: SourceKind) -> Option<&'static str> {
    match source {
        SourceKind::ClaudeCode => Some("anthropic"),
        SourceKind::Codex => Some("openai"),
        SourceKind::Gemini => Some("gcp.gemini"),
        _ => None,
    }
}

/// A span under construction.
struct Span {
    id: String,
    parent: String,
    name: String,
    kind: u32,
    start: i128,
    end: i128,
    attrs: Vec<Value>,
    events: Vec<Value>,
    error: Option<&'static str>,
    output_parts: Vec<Value>,
}

impl Span {
    fn json(self, trace: &str) -> Value {
        let mut attrs = self.attrs;
        if !self.output_parts.is_empty() {
            let msg = json!([{ "role": "assistant", "parts": self.output_parts }]).to_string();
            attrs.push(attr(
                "gen_ai.output.messages",
                json!({ "stringValue": msg }),
            ));
        }
        let mut s = json!({
            "traceId": trace,
            "spanId": self.id,
            "name": self.name,
            "kind": self.kind,
            "startTimeUnixNano": self.start.max(0).to_string(),
            "endTimeUnixNano": self.end.max(self.start).max(0).to_string(),
            "attributes": attrs,
        });
        if !self.parent.is_empty() {
            s["parentSpanId"] = json!(self.parent);
        }
        if !self.events.is_empty() {
            s["events"] = Value::Array(self.events);
        }
        if let Some(msg) = self.error {
            s["status"] = json!({ "code": 2, "message": msg });
        }
        s
    }
}

/// The spans of one session's main thread or subagent (`nested`: a child of
/// the main thread's `invoke_agent` span).
fn spans(
    sid: Option<&str>,
    agent_id: Option<&str>,
    nested: bool,
    events: &[&CaptureEvent],
) -> Vec<Value> {
    let session = sid.unwrap_or("");
    let trace = hex_id(&["memscribe-trace", session], 16);
    let source = events[0].source;
    // Times: each event's own, or the last known one before it.
    let first_known = events
        .iter()
        .find_map(|e| e.timestamp.as_deref().and_then(unix_nanos))
        .unwrap_or(0);
    let mut last = first_known;
    let times: Vec<i128> = events
        .iter()
        .map(|e| {
            if let Some(t) = e.timestamp.as_deref().and_then(unix_nanos) {
                last = t;
            }
            last
        })
        .collect();
    let root_id = hex_id(
        &[
            "memscribe-span",
            session,
            agent_id.unwrap_or(""),
            "invoke_agent",
        ],
        8,
    );
    let parent_of_root = if nested {
        hex_id(&["memscribe-span", session, "", "invoke_agent"], 8)
    } else {
        String::new()
    };
    let agent_name = source.slug().replace('_', "-");
    let mut a = Attrs::default();
    let mut spans: Vec<Span> = Vec::new();
    let mut tools: BTreeMap<&str, usize> = BTreeMap::new();
    let mut chat_at: Option<usize> = None;
    let mut pending_input: Vec<Value> = Vec::new();
    let mut model: Option<&str> = None;
    let mut start_meta: Option<(Option<&str>, Option<&str>, Option<&str>)> = None;
    let (mut tin, mut tout, mut unknown, mut rewinds, mut compactions) =
        (0u64, 0u64, 0u64, 0u64, 0u64);
    let mut root_events: Vec<Value> = Vec::new();
    for (i, e) in events.iter().enumerate() {
        let t = times[i];
        match &e.kind {
            EventKind::SessionStart {
                cwd,
                git,
                model: m,
                tool_version,
            } => {
                if start_meta.is_none() {
                    let branch = git.as_ref().and_then(|g| g.branch.as_deref());
                    start_meta = Some((cwd.as_deref(), tool_version.as_deref(), branch));
                    model = model.or(m.as_deref());
                }
            }
            EventKind::UserTurn { text, injected, .. } => {
                let role = if injected.is_some() { "system" } else { "user" };
                pending_input
                    .push(json!({ "role": role, "parts": [{ "type": "text", "content": text }] }));
                chat_at = None;
            }
            EventKind::AssistantTurn {
                text,
                thinking,
                model: m,
                usage,
                message_id,
                ..
            } => {
                model = model.or(m.as_deref());
                a.s("gen_ai.operation.name", Some("chat"))
                    .s("gen_ai.provider.name", provider(source))
                    .s("gen_ai.conversation.id", sid)
                    .s("gen_ai.request.model", m.as_deref())
                    .s("gen_ai.response.model", m.as_deref())
                    .s("gen_ai.response.id", message_id.as_deref());
                if let Some(u) = usage {
                    let input = u.input_tokens + u.cache_read_tokens + u.cache_creation_tokens;
                    tin += input;
                    tout += u.output_tokens;
                    a.i("gen_ai.usage.input_tokens", input)
                        .i("gen_ai.usage.output_tokens", u.output_tokens)
                        .i("gen_ai.usage.cache_read.input_tokens", u.cache_read_tokens)
                        .i(
                            "gen_ai.usage.cache_creation.input_tokens",
                            u.cache_creation_tokens,
                        );
                }
                if !pending_input.is_empty() {
                    let msgs = Value::Array(std::mem::take(&mut pending_input)).to_string();
                    a.s("gen_ai.input.messages", Some(&msgs));
                }
                let mut parts = Vec::new();
                if let Some(th) = thinking {
                    parts.push(json!({ "type": "reasoning", "content": th }));
                }
                if !text.is_empty() {
                    parts.push(json!({ "type": "text", "content": text }));
                }
                let start = if i > 0 { times[i - 1].min(t) } else { t };
                spans.push(Span {
                    id: hex_id(&["memscribe-span", session, &e.event_id, "chat"], 8),
                    parent: root_id.clone(),
                    name: match m {
                        Some(m) => format!("chat {m}"),
                        None => "chat".to_string(),
                    },
                    kind: KIND_CLIENT,
                    start,
                    end: t,
                    attrs: a.take(),
                    events: Vec::new(),
                    error: None,
                    output_parts: parts,
                });
                chat_at = Some(spans.len() - 1);
            }
            EventKind::ToolCall {
                call_id,
                name,
                args,
            } => {
                let args_text = args.to_string();
                if let Some(c) = chat_at {
                    spans[c].output_parts.push(json!({ "type": "tool_call", "id": call_id, "name": name, "arguments": args }));
                }
                a.s("gen_ai.operation.name", Some("execute_tool"))
                    .s("gen_ai.conversation.id", sid)
                    .s("gen_ai.tool.name", Some(name))
                    .s("gen_ai.tool.type", Some("function"))
                    .s("gen_ai.tool.call.id", Some(call_id))
                    .s("gen_ai.tool.call.arguments", Some(&args_text));
                spans.push(Span {
                    id: hex_id(&["memscribe-span", session, &e.event_id, "execute_tool"], 8),
                    parent: root_id.clone(),
                    name: format!("execute_tool {name}"),
                    kind: KIND_INTERNAL,
                    start: t,
                    end: t,
                    attrs: a.take(),
                    events: Vec::new(),
                    error: None,
                    output_parts: Vec::new(),
                });
                tools.entry(call_id.as_str()).or_insert(spans.len() - 1);
            }
            EventKind::ToolResult {
                call_id,
                ok,
                output,
            } => {
                let result = as_text(output);
                pending_input.push(json!({ "role": "tool", "parts": [{ "type": "tool_call_response", "id": call_id, "response": result }] }));
                chat_at = None;
                if let Some(&at) = tools.get(call_id.as_str()) {
                    let s = &mut spans[at];
                    s.end = s.end.max(t);
                    s.attrs.push(attr(
                        "gen_ai.tool.call.result",
                        json!({ "stringValue": result }),
                    ));
                    if !ok {
                        s.error = Some("tool call failed");
                        s.attrs
                            .push(attr("error.type", json!({ "stringValue": "tool_error" })));
                    }
                }
            }
            EventKind::FileEdit { call_id, diff } => {
                a.s("memscribe.file.path", Some(&diff.path))
                    .s("memscribe.diff.op", diff.op.as_deref())
                    .s("memscribe.diff.move_to", diff.move_to.as_deref())
                    .i("memscribe.diff.added_lines", diff.added_lines)
                    .i("memscribe.diff.removed_lines", diff.removed_lines)
                    .s("memscribe.diff.unified", Some(&diff.unified));
                let ev = json!({ "timeUnixNano": t.max(0).to_string(), "name": "memscribe.file_edit", "attributes": a.take() });
                match tools.get(call_id.as_str()) {
                    Some(&at) => spans[at].events.push(ev),
                    None => root_events.push(ev),
                }
            }
            EventKind::Compaction { .. } => compactions += 1,
            EventKind::Rewind { .. } => rewinds += 1,
            EventKind::SessionEnd { .. } => {}
            EventKind::Unknown { .. } => unknown += 1,
        }
    }
    if !pending_input.is_empty() {
        let msgs = Value::Array(pending_input).to_string();
        let t = times.last().copied().unwrap_or(0);
        root_events.push(json!({
            "timeUnixNano": t.max(0).to_string(),
            "name": "memscribe.unanswered_input",
            "attributes": [attr("gen_ai.input.messages", json!({ "stringValue": msgs }))],
        }));
    }
    let (cwd, version, branch) = start_meta.unwrap_or((None, None, None));
    a.s("gen_ai.operation.name", Some("invoke_agent"))
        .s("gen_ai.provider.name", provider(source))
        .s("gen_ai.agent.name", Some(&agent_name))
        .s("gen_ai.agent.id", Some(agent_id.unwrap_or(session)))
        .s("gen_ai.conversation.id", sid)
        .s("gen_ai.request.model", model)
        .i("gen_ai.usage.input_tokens", tin)
        .i("gen_ai.usage.output_tokens", tout)
        .s("memscribe.cwd", cwd.or(events[0].project.cwd.as_deref()))
        .s("memscribe.tool_version", version)
        .s("memscribe.git.branch", branch)
        .i("memscribe.unknown_events", unknown)
        .i("memscribe.rewinds", rewinds)
        .i("memscribe.compactions", compactions);
    let root = Span {
        id: root_id,
        parent: parent_of_root,
        name: format!("invoke_agent {agent_name}"),
        kind: KIND_INTERNAL,
        start: times.iter().copied().min().unwrap_or(0),
        end: times.iter().copied().max().unwrap_or(0),
        attrs: a.take(),
        events: root_events,
        error: None,
        output_parts: Vec::new(),
    };
    std::iter::once(root)
        .chain(spans)
        .map(|s| s.json(&trace))
        .collect()
}
