//! ATIF, the Agent Trajectory Interchange Format (Harbor RFC 0001, v1.4).
//!
//! One trajectory per session and per subagent. Steps follow the events:
//!
//! * a person's turn is a `user` step; text the tool put on the person's
//!   side (instructions, environment context, command output, compaction
//!   summaries) is a `system` step, with the reason in
//!   `extra.memscribe.injected`;
//! * an assistant turn is an `agent` step: `message` its text,
//!   `reasoning_content` its thinking, `model_name`, and `metrics` from its
//!   usage (`prompt_tokens` counts cached input too, as ATIF defines it; the
//!   cache writes are in `metrics.extra.cache_creation_input_tokens`);
//! * the calls that follow it are its `tool_calls` (arguments that are not a
//!   JSON object are wrapped as `{"input": …}` and listed in
//!   `extra.memscribe.wrapped_args`), their results its `observation`
//!   (failed calls listed in `extra.memscribe.failed_calls`) and the file
//!   edits they made `extra.memscribe.file_edits`;
//! * a compaction is a `system` step carrying its summary.
//!
//! Rewinds, session ends and unknown records have no step: the trajectory's
//! `extra.memscribe.markers` keeps each with the number of steps before it.
//! [`read`] turns a trajectory back into events, so that exporting what it
//! read gives the same trajectory.

use std::collections::BTreeMap;

use serde_json::{json, Map, Value};

use crate::error::Error;
use crate::model::{
    CaptureEvent, Diff, EventKind, GitRef, Injected, Part, ProjectRef, SeqRange, SourceLocation,
    Usage, SCHEMA_VERSION as EVENT_SCHEMA,
};
use crate::source::SourceKind;

use super::{as_text, groups, invalid};

/// The ATIF version written.
pub const SCHEMA_VERSION: &str = "ATIF-v1.4";

/// One trajectory per session and subagent of `events`, in order of first
/// appearance. A group with no step (only unknown records) gives none.
pub fn trajectories(events: &[CaptureEvent]) -> Vec<Value> {
    groups(events)
        .into_iter()
        .filter_map(|(sid, agent, evs)| trajectory(sid.as_deref(), agent.as_deref(), &evs))
        .collect()
}

fn injected_name(i: Injected) -> &'static str {
    match i {
        Injected::Meta => "meta",
        Injected::Command => "command",
        Injected::CompactSummary => "compact_summary",
        Injected::EnvironmentContext => "environment_context",
        Injected::Instructions => "instructions",
        Injected::SubagentPrompt => "subagent_prompt",
        Injected::System => "system",
    }
}

fn injected_from(s: &str) -> Injected {
    match s {
        "meta" => Injected::Meta,
        "command" => Injected::Command,
        "compact_summary" => Injected::CompactSummary,
        "environment_context" => Injected::EnvironmentContext,
        "instructions" => Injected::Instructions,
        "subagent_prompt" => Injected::SubagentPrompt,
        _ => Injected::System,
    }
}

/// A step being built, with memscribe's own extra fields.
struct Step {
    obj: Map<String, Value>,
    extra: Map<String, Value>,
    /// Memscribe's list-valued extras (`failed_calls`, `file_edits`, …).
    lists: BTreeMap<&'static str, Vec<Value>>,
    calls: Vec<Value>,
    results: Vec<Value>,
}

impl Step {
    fn new(source: &str, message: &str, e: &CaptureEvent) -> Step {
        let mut obj = Map::new();
        obj.insert("source".into(), json!(source));
        obj.insert("message".into(), json!(message));
        let mut extra = Map::new();
        extra.insert("event_id".into(), json!(e.event_id));
        // ATIF wants ISO 8601; a source's own other forms stay in the extras.
        match &e.timestamp {
            Some(ts) if super::unix_nanos(ts).is_some() => {
                obj.insert("timestamp".into(), json!(ts));
            }
            Some(ts) => {
                extra.insert("timestamp".into(), json!(ts));
            }
            None => {}
        }
        Step {
            obj,
            extra,
            lists: BTreeMap::new(),
            calls: Vec::new(),
            results: Vec::new(),
        }
    }

    fn push_extra(&mut self, key: &'static str, v: Value) {
        self.lists.entry(key).or_default().push(v);
    }

    fn finish(mut self, step_id: usize) -> Value {
        self.obj.insert("step_id".into(), json!(step_id));
        if !self.calls.is_empty() {
            self.obj
                .insert("tool_calls".into(), Value::Array(self.calls));
        }
        if !self.results.is_empty() {
            self.obj
                .insert("observation".into(), json!({ "results": self.results }));
        }
        for (key, list) in self.lists {
            self.extra.insert(key.into(), Value::Array(list));
        }
        self.obj
            .insert("extra".into(), json!({ "memscribe": self.extra }));
        Value::Object(self.obj)
    }
}

fn agent_name(source: SourceKind) -> String {
    source.slug().replace('_', "-")
}

fn trajectory(
    sid: Option<&str>,
    agent_id: Option<&str>,
    events: &[&CaptureEvent],
) -> Option<Value> {
    let first = events.first()?;
    let mut steps: Vec<Step> = Vec::new();
    let mut call_step: BTreeMap<&str, usize> = BTreeMap::new();
    let mut markers: Vec<Value> = Vec::new();
    let mut tool_version: Option<&str> = None;
    let mut model: Option<&str> = None;
    let mut start: Option<(&CaptureEvent, &Option<String>, &Option<GitRef>)> = None;
    let (mut prompt, mut completion, mut cached, mut created) = (0u64, 0u64, 0u64, 0u64);
    let mut open_agent = false;
    for e in events {
        match &e.kind {
            EventKind::SessionStart { cwd, git, model: m, tool_version: v } => {
                if start.is_none() {
                    start = Some((e, cwd, git));
                    tool_version = v.as_deref();
                    if model.is_none() {
                        model = m.as_deref();
                    }
                }
            }
            EventKind::UserTurn { text, injected, .. } => {
                let mut s = Step::new(if injected.is_some() { "system" } else { "user" }, text, e);
                if let Some(i) = injected {
                    s.extra.insert("injected".into(), json!(injected_name(*i)));
                }
                steps.push(s);
                open_agent = false;
            }
            EventKind::AssistantTurn { text, thinking, model: m, usage, .. } => {
                let mut s = Step::new("agent", text, e);
                if let Some(m) = m {
                    s.obj.insert("model_name".into(), json!(m));
                    model = model.or(Some(m));
                }
                if let Some(t) = thinking {
                    s.obj.insert("reasoning_content".into(), json!(t));
                }
                if let Some(u) = usage {
                    let p = u.input_tokens + u.cache_read_tokens + u.cache_creation_tokens;
                    let mut metrics = json!({ "prompt_tokens": p, "completion_tokens": u.output_tokens, "cached_tokens": u.cache_read_tokens });
                    if u.cache_creation_tokens > 0 {
                        metrics["extra"] = json!({ "cache_creation_input_tokens": u.cache_creation_tokens });
                    }
                    s.obj.insert("metrics".into(), metrics);
                    prompt += p;
                    completion += u.output_tokens;
                    cached += u.cache_read_tokens;
                    created += u.cache_creation_tokens;
                }
                steps.push(s);
                open_agent = true;
            }
            EventKind::ToolCall { call_id, name, args } => {
                if !open_agent {
                    steps.push(Step::new("agent", "", e));
                    open_agent = true;
                }
                let at = steps.len() - 1;
                let step = &mut steps[at];
                let arguments = if args.is_object() {
                    args.clone()
                } else {
                    step.push_extra("wrapped_args", json!(call_id));
                    json!({ "input": args })
                };
                step.calls.push(json!({ "tool_call_id": call_id, "function_name": name, "arguments": arguments }));
                step.push_extra("call_event_ids", json!(e.event_id));
                call_step.entry(call_id.as_str()).or_insert(at);
            }
            EventKind::ToolResult { call_id, ok, output } => {
                let at = match call_step.get(call_id.as_str()) {
                    Some(&at) => at,
                    None => {
                        // A result whose call is not in this trajectory.
                        let mut s = Step::new("system", "", e);
                        s.extra.insert("orphan_result".into(), json!(call_id));
                        steps.push(s);
                        open_agent = false;
                        steps.len() - 1
                    }
                };
                let step = &mut steps[at];
                let mut r = json!({ "content": as_text(output) });
                if call_step.contains_key(call_id.as_str()) {
                    r["source_call_id"] = json!(call_id);
                }
                step.results.push(r);
                step.push_extra("result_event_ids", json!(e.event_id));
                if !ok {
                    step.push_extra("failed_calls", json!(call_id));
                }
            }
            EventKind::FileEdit { call_id, diff } => {
                let at = call_step.get(call_id.as_str()).copied();
                let mut edit = serde_json::to_value(diff).unwrap_or(Value::Null);
                edit["call_id"] = json!(call_id);
                edit["event_id"] = json!(e.event_id);
                match at {
                    Some(at) => steps[at].push_extra("file_edits", edit),
                    None => markers.push(json!({ "after_step": steps.len(), "event": "file_edit", "edit": edit })),
                }
            }
            EventKind::Compaction { replaced, summary } => {
                let mut s = Step::new("system", summary.as_deref().unwrap_or(""), e);
                s.extra.insert("compaction".into(), json!({ "start": replaced.start, "end": replaced.end, "summary": summary.is_some() }));
                steps.push(s);
                open_agent = false;
            }
            EventKind::Rewind { to_event } => {
                markers.push(json!({ "after_step": steps.len(), "event": "rewind", "event_id": e.event_id, "to_event": to_event }))
            }
            EventKind::SessionEnd { reason } => {
                markers.push(json!({ "after_step": steps.len(), "event": "session_end", "event_id": e.event_id, "reason": reason }))
            }
            EventKind::Unknown { raw_type, .. } => {
                markers.push(json!({ "after_step": steps.len(), "event": "unknown", "event_id": e.event_id, "raw_type": raw_type }))
            }
        }
    }
    if steps.is_empty() {
        return None;
    }
    let total = steps.len();
    let steps: Vec<Value> = steps
        .into_iter()
        .enumerate()
        .map(|(i, s)| s.finish(i + 1))
        .collect();
    let mut agent =
        json!({ "name": agent_name(first.source), "version": tool_version.unwrap_or("unknown") });
    if let Some(m) = model {
        agent["model_name"] = json!(m);
    }
    let mut mem = json!({ "source": first.source.slug(), "event_schema_version": EVENT_SCHEMA, "markers": markers });
    if let Some((e, cwd, git)) = start {
        mem["session_start"] =
            json!({ "event_id": e.event_id, "cwd": cwd, "git": git, "timestamp": e.timestamp });
    }
    if let Some(cwd) = &first.project.cwd {
        mem["cwd"] = json!(cwd);
    }
    let session_id = match (sid, agent_id) {
        (Some(s), Some(a)) => format!("{s}/{a}"),
        (Some(s), None) => s.to_string(),
        (None, Some(a)) => format!("/{a}"),
        (None, None) => String::new(),
    };
    if sid.is_none() {
        mem["session_id_absent"] = json!(true);
    }
    if let Some(a) = agent_id {
        mem["agent_id"] = json!(a);
        mem["parent_session_id"] = json!(sid);
    }
    let mut final_metrics = json!({ "total_prompt_tokens": prompt, "total_completion_tokens": completion, "total_cached_tokens": cached, "total_steps": total });
    if created > 0 {
        final_metrics["extra"] = json!({ "total_cache_creation_input_tokens": created });
    }
    Some(json!({
        "schema_version": SCHEMA_VERSION,
        "session_id": session_id,
        "agent": agent,
        "steps": steps,
        "final_metrics": final_metrics,
        "extra": { "memscribe": mem },
    }))
}

fn str_of<'a>(v: &'a Value, key: &str) -> Option<&'a str> {
    v.get(key).and_then(Value::as_str)
}

/// An ATIF message as text: a string, or the text parts of a multimodal
/// message joined with newlines.
fn message_text(v: Option<&Value>) -> String {
    match v {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Array(parts)) => parts
            .iter()
            .filter_map(|p| p.get("text").and_then(Value::as_str))
            .collect::<Vec<_>>()
            .join("\n"),
        _ => String::new(),
    }
}

/// Reads one ATIF trajectory (any version from 1.0, by any producer) back
/// into events. Memscribe's own extras, when present, restore what ATIF has
/// no field for (event ids, injected text, failed calls, file edits,
/// markers); a trajectory from another producer gets ids made from its step
/// numbers. Exporting the result gives the same trajectory for one memscribe
/// wrote.
pub fn read(doc: &Value) -> Result<Vec<CaptureEvent>, Error> {
    let steps = doc
        .get("steps")
        .and_then(Value::as_array)
        .ok_or_else(|| invalid("an ATIF trajectory needs a steps array"))?;
    let mem = doc
        .pointer("/extra/memscribe")
        .cloned()
        .unwrap_or(Value::Null);
    let source = str_of(&mem, "source")
        .or_else(|| doc.pointer("/agent/name").and_then(Value::as_str))
        .and_then(SourceKind::from_slug)
        .unwrap_or(SourceKind::Unknown);
    let full_id = doc.get("session_id").and_then(Value::as_str).unwrap_or("");
    let agent_id = str_of(&mem, "agent_id").map(str::to_string);
    let session_id = if mem.get("session_id_absent") == Some(&Value::Bool(true)) {
        None
    } else if agent_id.is_some() {
        Some(str_of(&mem, "parent_session_id").unwrap_or("").to_string())
    } else {
        Some(full_id.to_string())
    };
    let project = ProjectRef {
        cwd: str_of(&mem, "cwd").map(str::to_string),
        repo_root: None,
        git: None,
    };
    let mut out: Vec<CaptureEvent> = Vec::new();
    let mut push = |event_id: String, timestamp: Option<String>, kind: EventKind| {
        let seq = out.len() as u64;
        out.push(CaptureEvent {
            schema_version: EVENT_SCHEMA,
            source,
            session_id: session_id.clone(),
            seq,
            event_id,
            parent_id: None,
            timestamp,
            project: project.clone(),
            kind,
            provenance: SourceLocation::default(),
            agent_id: agent_id.clone(),
            logical_parent_id: None,
        });
    };
    if let Some(start) = mem.get("session_start") {
        let git: Option<GitRef> = start
            .get("git")
            .cloned()
            .and_then(|g| serde_json::from_value(g).ok());
        push(
            str_of(start, "event_id")
                .unwrap_or("session_start")
                .to_string(),
            str_of(start, "timestamp").map(str::to_string),
            EventKind::SessionStart {
                cwd: str_of(start, "cwd").map(str::to_string),
                git,
                model: doc
                    .pointer("/agent/model_name")
                    .and_then(Value::as_str)
                    .map(str::to_string),
                tool_version: doc
                    .pointer("/agent/version")
                    .and_then(Value::as_str)
                    .filter(|v| *v != "unknown")
                    .map(str::to_string),
            },
        );
    }
    let markers: Vec<Value> = mem
        .get("markers")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let mut marker_at = 0usize;
    let mut emit_markers =
        |upto: usize, push: &mut dyn FnMut(String, Option<String>, EventKind)| {
            while marker_at < markers.len()
                && markers[marker_at]
                    .get("after_step")
                    .and_then(Value::as_u64)
                    .unwrap_or(0) as usize
                    <= upto
            {
                let m = &markers[marker_at];
                marker_at += 1;
                let id = str_of(m, "event_id").unwrap_or("marker").to_string();
                let kind = match str_of(m, "event") {
                    Some("rewind") => EventKind::Rewind {
                        to_event: str_of(m, "to_event").unwrap_or("").to_string(),
                    },
                    Some("session_end") => EventKind::SessionEnd {
                        reason: str_of(m, "reason").map(str::to_string),
                    },
                    Some("file_edit") => match m.get("edit").and_then(edit_of) {
                        Some((id, kind)) => {
                            push(id, None, kind);
                            continue;
                        }
                        None => continue,
                    },
                    _ => EventKind::Unknown {
                        raw_type: str_of(m, "raw_type").unwrap_or("").to_string(),
                        raw: Value::Null,
                    },
                };
                push(id, None, kind);
            }
        };
    for (i, step) in steps.iter().enumerate() {
        emit_markers(i, &mut push);
        let n = step
            .get("step_id")
            .and_then(Value::as_u64)
            .unwrap_or(i as u64 + 1);
        let ext = step
            .pointer("/extra/memscribe")
            .cloned()
            .unwrap_or(Value::Null);
        let id = str_of(&ext, "event_id")
            .map(str::to_string)
            .unwrap_or_else(|| format!("atif-step-{n}"));
        let ts = str_of(step, "timestamp")
            .or_else(|| str_of(&ext, "timestamp"))
            .map(str::to_string);
        let text = message_text(step.get("message"));
        let list = |key: &str| -> Vec<Value> {
            ext.get(key)
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default()
        };
        match str_of(step, "source") {
            Some("agent") => {
                let calls = step
                    .get("tool_calls")
                    .and_then(Value::as_array)
                    .cloned()
                    .unwrap_or_default();
                let is_turn = !(text.is_empty()
                    && !calls.is_empty()
                    && step.get("metrics").is_none()
                    && step.get("reasoning_content").is_none()
                    && step.get("model_name").is_none()
                    && list("call_event_ids").first().and_then(Value::as_str) == Some(id.as_str()));
                if is_turn {
                    let usage = step.get("metrics").map(|m| {
                        let p = m.get("prompt_tokens").and_then(Value::as_u64).unwrap_or(0);
                        let c = m.get("cached_tokens").and_then(Value::as_u64).unwrap_or(0);
                        let w = m
                            .pointer("/extra/cache_creation_input_tokens")
                            .and_then(Value::as_u64)
                            .unwrap_or(0);
                        Usage {
                            input_tokens: p.saturating_sub(c + w),
                            output_tokens: m
                                .get("completion_tokens")
                                .and_then(Value::as_u64)
                                .unwrap_or(0),
                            cache_read_tokens: c,
                            cache_creation_tokens: w,
                        }
                    });
                    let parts = if text.is_empty() {
                        Vec::new()
                    } else {
                        vec![Part::Text { text: text.clone() }]
                    };
                    push(
                        id.clone(),
                        ts.clone(),
                        EventKind::AssistantTurn {
                            text: text.clone(),
                            thinking: str_of(step, "reasoning_content").map(str::to_string),
                            model: str_of(step, "model_name").map(str::to_string),
                            usage,
                            parts,
                            message_id: None,
                        },
                    );
                }
                let wrapped = list("wrapped_args");
                let call_ids = list("call_event_ids");
                for (k, c) in calls.iter().enumerate() {
                    let call_id = str_of(c, "tool_call_id").unwrap_or("").to_string();
                    let mut args = c.get("arguments").cloned().unwrap_or(Value::Null);
                    if wrapped.iter().any(|w| w.as_str() == Some(call_id.as_str())) {
                        args = args.get("input").cloned().unwrap_or(Value::Null);
                    }
                    let eid = call_ids
                        .get(k)
                        .and_then(Value::as_str)
                        .map(str::to_string)
                        .unwrap_or_else(|| format!("{id}:call:{k}"));
                    let name = str_of(c, "function_name").unwrap_or("").to_string();
                    push(
                        eid,
                        ts.clone(),
                        EventKind::ToolCall {
                            call_id,
                            name,
                            args,
                        },
                    );
                }
                read_results(step, &ext, &id, &ts, &mut push);
            }
            Some("system") if ext.get("compaction").is_some() => {
                let c = &ext["compaction"];
                let summary = (c.get("summary") == Some(&Value::Bool(true))).then(|| text.clone());
                let replaced = SeqRange {
                    start: c.get("start").and_then(Value::as_u64).unwrap_or(0),
                    end: c.get("end").and_then(Value::as_u64).unwrap_or(0),
                };
                push(id, ts, EventKind::Compaction { replaced, summary });
            }
            Some("system") if ext.get("orphan_result").is_some() => {
                read_results(step, &ext, &id, &ts, &mut push)
            }
            Some(src) => {
                let injected = if src == "system" {
                    Some(
                        str_of(&ext, "injected")
                            .map(injected_from)
                            .unwrap_or(Injected::System),
                    )
                } else {
                    None
                };
                let parts = if text.is_empty() {
                    Vec::new()
                } else {
                    vec![Part::Text { text: text.clone() }]
                };
                push(
                    id,
                    ts,
                    EventKind::UserTurn {
                        text,
                        parts,
                        injected,
                    },
                );
            }
            None => return Err(invalid(format!("ATIF step {n} has no source"))),
        }
    }
    emit_markers(usize::MAX, &mut push);
    Ok(out)
}

fn edit_of(edit: &Value) -> Option<(String, EventKind)> {
    let call_id = str_of(edit, "call_id").unwrap_or("").to_string();
    let id = str_of(edit, "event_id").unwrap_or("").to_string();
    let mut d = edit.clone();
    if let Value::Object(m) = &mut d {
        m.remove("call_id");
        m.remove("event_id");
    }
    let diff: Diff = serde_json::from_value(d).ok()?;
    Some((id, EventKind::FileEdit { call_id, diff }))
}

/// The results, failures and edits of a step, as events.
fn read_results(
    step: &Value,
    ext: &Value,
    id: &str,
    ts: &Option<String>,
    push: &mut dyn FnMut(String, Option<String>, EventKind),
) {
    let list = |key: &str| -> Vec<Value> {
        ext.get(key)
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default()
    };
    let failed = list("failed_calls");
    let result_ids = list("result_event_ids");
    let results = step
        .pointer("/observation/results")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    for (k, r) in results.iter().enumerate() {
        let call_id = str_of(r, "source_call_id")
            .or_else(|| str_of(ext, "orphan_result"))
            .unwrap_or("")
            .to_string();
        let ok = !failed.iter().any(|f| f.as_str() == Some(call_id.as_str()));
        let output = match r.get("content") {
            Some(Value::String(s)) => Value::String(s.clone()),
            Some(other) => Value::String(message_text(Some(other))),
            None => Value::String(String::new()),
        };
        let eid = result_ids
            .get(k)
            .and_then(Value::as_str)
            .map(str::to_string)
            .unwrap_or_else(|| format!("{id}:result:{k}"));
        push(
            eid,
            ts.clone(),
            EventKind::ToolResult {
                call_id,
                ok,
                output,
            },
        );
    }
    for e in list("file_edits") {
        if let Some((eid, kind)) = edit_of(&e) {
            push(eid, ts.clone(), kind);
        }
    }
}
