//! Codex CLI: `~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`, every line
//! `{timestamp, type, payload}` (cli 0.34 → 0.146).
//!
//! Mapping, in short:
//! * `session_meta` → `session_start` (model taken from the first
//!   `turn_context` when it follows before any turn).
//! * `response_item` `message` → `user_turn` / `assistant_turn`; `reasoning`
//!   summaries become the turn's thinking. One model response (reasoning,
//!   message, calls) becomes one `assistant_turn`, so a response made only of
//!   tool calls still has a turn carrying its usage.
//! * `function_call` / `custom_tool_call` / `web_search_call` → `tool_call`;
//!   their outputs → `tool_result` (`ok` from the exit code when the output
//!   reports one). `apply_patch` — as a `shell` argv (0.34) or a custom tool
//!   (0.47+) — also yields one `file_edit` per file of the patch when it
//!   succeeded.
//! * `event_msg` `token_count` → the usage of the response it closes;
//!   `user_message` / `agent_message` / `agent_reasoning` mirror response items
//!   and are reported as `duplicate` diagnostics, not turned into second turns.
//! * `compacted` → `compaction`; everything else → `unknown`.

use std::collections::VecDeque;

use serde_json::{Map, Value};

use crate::diag::DiagnosticKind;
use crate::diff;
use crate::emit::{get_str, get_string, get_u64, push_joined, take_string, Adapter, Base, Emitter, Loc, Record};
use crate::model::{EventKind, GitRef, Injected, Part, ProjectRef, SeqRange, Usage};

/// apply_patch calls waiting for their output.
const MAX_PENDING_PATCHES: usize = 256;
/// How many records may pass while `session_start` waits for a `turn_context`.
const MAX_START_HOLD: usize = 32;

#[derive(Default)]
pub(crate) struct CodexAdapter {
    session_id: Option<String>,
    cwd: Option<String>,
    git: Option<GitRef>,
    model: Option<String>,
    agent_id: Option<String>,
    /// `session_start` waiting for the model, with the records seen meanwhile.
    held_start: Option<HeldStart>,
    pending: Option<PendingTurn>,
    /// Usage reported before the response it belongs to (0.34 writes the
    /// token count ahead of the response items).
    carry_usage: Option<(Usage, Loc)>,
    patches: VecDeque<(String, String)>,
    last_compaction_end: u64,
}

struct HeldStart {
    base: Base,
    tool_version: Option<String>,
    /// Records that arrived while waiting, replayed after `session_start`.
    queue: Vec<(Value, Vec<u8>, Loc)>,
}

struct PendingTurn {
    base: Base,
    text: String,
    thinking: String,
    has_message: bool,
    usage: Option<Usage>,
    parts: Vec<Part>,
    calls: Vec<(Base, String, String, Value)>,
}

impl CodexAdapter {
    pub fn new() -> CodexAdapter {
        CodexAdapter::default()
    }

    fn project(&self) -> ProjectRef {
        ProjectRef { cwd: self.cwd.clone(), repo_root: None, git: self.git.clone() }
    }

    fn base(&self, event_id: String, timestamp: Option<String>, loc: Loc) -> Base {
        Base {
            session_id: self.session_id.clone(),
            event_id,
            parent_id: None,
            logical_parent_id: None,
            timestamp,
            project: self.project(),
            agent_id: self.agent_id.clone(),
            loc,
        }
    }

    /// Emits the held `session_start`, then the records that waited for it.
    fn release_start(&mut self, out: &mut Emitter) {
        let Some(h) = self.held_start.take() else { return };
        out.emit(
            h.base,
            EventKind::SessionStart {
                cwd: self.cwd.clone(),
                git: self.git.clone(),
                model: self.model.clone(),
                tool_version: h.tool_version,
            },
        );
        for (value, bytes, loc) in h.queue {
            let rec = Record { value, bytes: &bytes, line_no: loc.line_no, byte_offset: loc.byte_offset };
            self.dispatch(rec, out);
        }
    }

    fn flush(&mut self, out: &mut Emitter) {
        let Some(p) = self.pending.take() else { return };
        let turn_id = p.base.event_id.clone();
        out.emit(
            p.base,
            EventKind::AssistantTurn {
                text: p.text,
                thinking: if p.thinking.is_empty() { None } else { Some(p.thinking) },
                model: self.model.clone(),
                usage: p.usage,
                parts: p.parts,
                message_id: None,
            },
        );
        for (mut base, call_id, name, args) in p.calls {
            base.parent_id = Some(turn_id.clone());
            out.emit(base, EventKind::ToolCall { call_id, name, args });
        }
    }

    /// The open response, started if there is none.
    fn turn(&mut self, event_id: &str, ts: &Option<String>, loc: Loc) -> &mut PendingTurn {
        if self.pending.is_none() {
            let base = self.base(event_id.to_owned(), ts.clone(), loc);
            let usage = self.carry_usage.take().map(|(u, _)| u);
            self.pending = Some(PendingTurn {
                base,
                text: String::new(),
                thinking: String::new(),
                has_message: false,
                usage,
                parts: Vec::new(),
                calls: Vec::new(),
            });
        }
        self.pending.as_mut().expect("just set")
    }

    fn unknown(&mut self, rec: Record<'_>, raw_type: String, ts: Option<String>, out: &mut Emitter) {
        let base = self.base(rec.content_id(), ts, rec.loc());
        out.emit(base, EventKind::Unknown { raw_type, raw: rec.value });
    }

    fn session_meta(&mut self, rec: Record<'_>, ts: Option<String>, out: &mut Emitter) {
        self.flush(out);
        self.release_start(out);
        let loc = rec.loc();
        let p = rec.value.get("payload").cloned().unwrap_or(Value::Null);
        let Some(m) = p.as_object() else {
            return self.unknown(rec, "session_meta".into(), ts, out);
        };
        if let Some(id) = get_str(m, "id") {
            self.session_id = Some(id.to_owned());
        }
        if let Some(cwd) = get_str(m, "cwd") {
            self.cwd = Some(cwd.to_owned());
        }
        self.git = m.get("git").and_then(Value::as_object).map(|g| GitRef {
            sha: get_string(g, "commit_hash"),
            branch: get_string(g, "branch"),
            repository_url: get_string(g, "repository_url"),
        });
        self.agent_id = subagent_name(m);
        self.model = None;
        let event_id = match &self.session_id {
            Some(id) => format!("{id}:session_start"),
            None => rec.content_id(),
        };
        let base = self.base(event_id, ts.or_else(|| get_string(m, "timestamp")), loc);
        self.held_start = Some(HeldStart { base, tool_version: get_string(m, "cli_version"), queue: Vec::new() });
    }

    fn turn_context(&mut self, rec: Record<'_>, ts: Option<String>, out: &mut Emitter) {
        if let Some(p) = rec.value.get("payload").and_then(Value::as_object) {
            if let Some(model) = get_str(p, "model") {
                self.model = Some(model.to_owned());
            }
            if let Some(cwd) = get_str(p, "cwd") {
                self.cwd = Some(cwd.to_owned());
            }
        }
        // The per-turn settings (approval, sandbox, effort, …) are kept verbatim.
        self.unknown(rec, "turn_context".into(), ts, out);
    }

    fn response_item(&mut self, mut rec: Record<'_>, ts: Option<String>, out: &mut Emitter) {
        let loc = rec.loc();
        let content_id = rec.content_id();
        let Some(Value::Object(p)) = rec.value.get_mut("payload") else {
            self.flush(out);
            return self.unknown(rec, "response_item".into(), ts, out);
        };
        let ty = get_str(p, "type").unwrap_or("").to_owned();
        match ty.as_str() {
            "message" => {
                let role = get_str(p, "role").unwrap_or("").to_owned();
                let (text, parts) = message_content(p.remove("content"));
                let event_id = get_string(p, "id").unwrap_or(content_id);
                if role == "assistant" {
                    if self.pending.as_ref().is_some_and(|t| t.has_message || !t.calls.is_empty()) {
                        self.flush(out);
                    }
                    let t = self.turn(&event_id, &ts, loc);
                    push_joined(&mut t.text, &text, "\n\n");
                    t.has_message = true;
                    t.parts.extend(parts);
                } else {
                    self.flush(out);
                    let injected = if role == "developer" || role == "system" {
                        Some(Injected::Instructions)
                    } else {
                        classify_injected(&text)
                    };
                    let base = self.base(event_id, ts, loc);
                    out.emit(base, EventKind::UserTurn { text, parts, injected });
                }
            }
            "reasoning" => {
                let mut summary = String::new();
                for s in p.get("summary").and_then(Value::as_array).into_iter().flatten() {
                    push_joined(&mut summary, s.get("text").and_then(Value::as_str).unwrap_or_default(), "\n\n");
                }
                if self.pending.as_ref().is_some_and(|t| t.has_message || !t.calls.is_empty()) {
                    self.flush(out);
                }
                let event_id = get_string(p, "id").unwrap_or(content_id);
                let t = self.turn(&event_id, &ts, loc);
                push_joined(&mut t.thinking, &summary, "\n\n");
                if !summary.is_empty() {
                    t.parts.push(Part::Thinking { text: summary });
                }
            }
            "function_call" | "custom_tool_call" | "local_shell_call" | "web_search_call" | "tool_search_call"
            | "image_generation_call" => {
                let call_id = get_string(p, "call_id").or_else(|| get_string(p, "id")).unwrap_or_else(|| content_id.clone());
                let name = match ty.as_str() {
                    "function_call" | "custom_tool_call" => get_string(p, "name").unwrap_or_default(),
                    "local_shell_call" => "local_shell".to_owned(),
                    other => other.trim_end_matches("_call").to_owned(),
                };
                let args = call_args(&ty, p);
                if let Some(patch) = patch_text(&name, &args) {
                    self.patches.push_back((call_id.clone(), patch));
                    if self.patches.len() > MAX_PENDING_PATCHES {
                        self.patches.pop_front();
                    }
                }
                let mut call_base = self.base(call_id.clone(), ts.clone(), loc);
                call_base.event_id = call_id.clone();
                let t = self.turn(&content_id, &ts, loc);
                t.parts.push(Part::ToolUse { id: call_id.clone(), name: name.clone(), input: args.clone() });
                t.calls.push((call_base, call_id, name, args));
            }
            "function_call_output" | "custom_tool_call_output" | "tool_search_output" => {
                self.flush(out);
                let call_id = get_string(p, "call_id").unwrap_or_default();
                let output = p.remove("output").unwrap_or(Value::Null);
                let (ok, patch_ok) = output_status(&output);
                let event_id = format!("{call_id}:result");
                let base = self.base(event_id, ts, loc);
                let edit_base = base.clone();
                out.emit(base, EventKind::ToolResult { call_id: call_id.clone(), ok, output });
                let idx = self.patches.iter().position(|(id, _)| *id == call_id);
                if let Some(patch) = idx.and_then(|i| self.patches.remove(i)).map(|(_, p)| p) {
                    if ok && patch_ok {
                        let diffs = diff::from_v4a_patch(&patch);
                        let many = diffs.len() > 1;
                        for (i, d) in diffs.into_iter().enumerate() {
                            let mut b = edit_base.clone();
                            b.event_id = if many { format!("{call_id}:edit:{i}") } else { format!("{call_id}:edit") };
                            out.emit(b, EventKind::FileEdit { call_id: call_id.clone(), diff: d });
                        }
                    }
                }
            }
            _ => {
                // ghost_snapshot and anything newer: kept verbatim.
                self.flush(out);
                self.unknown(rec, format!("response_item:{ty}"), ts, out);
            }
        }
    }

    fn event_msg(&mut self, rec: Record<'_>, ts: Option<String>, out: &mut Emitter) {
        let loc = rec.loc();
        let p = rec.value.get("payload");
        let ty = p.and_then(|p| p.get("type")).and_then(Value::as_str).unwrap_or("").to_owned();
        match ty.as_str() {
            "user_message" | "agent_message" | "agent_reasoning" | "agent_reasoning_raw_content" => {
                out.diag(DiagnosticKind::Duplicate, loc, format!("event_msg {ty} mirrors a response_item"));
            }
            "token_count" => {
                let usage = p
                    .and_then(|p| p.get("info"))
                    .and_then(|i| i.get("last_token_usage"))
                    .filter(|u| u.is_object())
                    .map(codex_usage);
                let Some(usage) = usage else {
                    out.diag(DiagnosticKind::Empty, loc, "token_count without usage info");
                    return;
                };
                match self.pending.as_mut() {
                    Some(t) if t.usage.is_none() => {
                        t.usage = Some(usage);
                        self.flush(out);
                    }
                    _ => {
                        self.flush(out);
                        if let Some((_, old)) = self.carry_usage.replace((usage, loc)) {
                            out.diag(DiagnosticKind::Empty, old, "token_count with no model response to attach to");
                        }
                    }
                }
            }
            _ => {
                self.flush(out);
                self.unknown(rec, format!("event_msg:{ty}"), ts, out);
            }
        }
    }
}

impl CodexAdapter {
    fn dispatch(&mut self, rec: Record<'_>, out: &mut Emitter) {
        let Value::Object(m) = &rec.value else {
            self.flush(out);
            return self.unknown(rec, "non_object".into(), None, out);
        };
        let ty = get_str(m, "type").unwrap_or("").to_owned();
        let ts = get_string(m, "timestamp");
        match ty.as_str() {
            "session_meta" => self.session_meta(rec, ts, out),
            "turn_context" => {
                self.flush(out);
                self.turn_context(rec, ts, out)
            }
            "response_item" => self.response_item(rec, ts, out),
            "event_msg" => self.event_msg(rec, ts, out),
            "compacted" => {
                self.flush(out);
                self.release_start(out);
                let summary = rec.value.get("payload").and_then(|p| p.get("message")).and_then(Value::as_str).map(str::to_owned);
                let base = self.base(rec.content_id(), ts, rec.loc());
                let replaced = SeqRange { start: self.last_compaction_end, end: out.next_seq };
                let seq = out.emit(base, EventKind::Compaction { replaced, summary });
                self.last_compaction_end = seq + 1;
            }
            "" => {
                self.flush(out);
                self.unknown(rec, "untyped".into(), ts, out)
            }
            _ => {
                self.flush(out);
                self.unknown(rec, ty, ts, out)
            }
        }
    }
}

impl Adapter for CodexAdapter {
    fn record(&mut self, rec: Record<'_>, out: &mut Emitter) {
        if let Some(h) = self.held_start.as_mut() {
            let ty = rec.value.get("type").and_then(Value::as_str);
            if ty == Some("turn_context") {
                if let Some(model) = rec.value.get("payload").and_then(|p| p.get("model")).and_then(Value::as_str) {
                    self.model = Some(model.to_owned());
                }
            } else if ty != Some("session_meta") && h.queue.len() < MAX_START_HOLD {
                let loc = rec.loc();
                h.queue.push((rec.value, rec.bytes.to_vec(), loc));
                return;
            }
            self.release_start(out);
        }
        self.dispatch(rec, out);
    }

    fn finish(&mut self, out: &mut Emitter) {
        self.flush(out);
        self.release_start(out);
        if let Some((_, loc)) = self.carry_usage.take() {
            out.diag(DiagnosticKind::Empty, loc, "token_count with no model response to attach to");
        }
    }
}

fn subagent_name(meta: &Map<String, Value>) -> Option<String> {
    let source = meta.get("source")?.as_object()?;
    let sub = source.get("subagent")?;
    if let Some(s) = sub.as_str() {
        return Some(s.to_owned());
    }
    let obj = sub.as_object()?;
    // e.g. {"thread_spawn": {...}} or {"other": "name"}
    let (k, v) = obj.iter().next()?;
    Some(match v.as_str() {
        Some(s) => s.to_owned(),
        None => k.clone(),
    })
}

fn message_content(content: Option<Value>) -> (String, Vec<Part>) {
    let mut text = String::new();
    let mut parts = Vec::new();
    match content {
        Some(Value::Array(items)) => {
            for item in items {
                let ty = item.get("type").and_then(Value::as_str).unwrap_or("");
                match ty {
                    "input_text" | "output_text" | "text" => {
                        let t = item.get("text").and_then(Value::as_str).unwrap_or_default();
                        push_joined(&mut text, t, "\n");
                        parts.push(Part::Text { text: t.to_owned() });
                    }
                    "input_image" => {
                        let source = item.get("image_url").cloned().unwrap_or(Value::Null);
                        parts.push(Part::Image { media_type: None, source });
                    }
                    _ => parts.push(Part::Other { raw: item }),
                }
            }
        }
        Some(Value::String(s)) => {
            text = s.clone();
            parts.push(Part::Text { text: s });
        }
        Some(Value::Null) | None => {}
        Some(other) => parts.push(Part::Other { raw: other }),
    }
    (text, parts)
}

fn classify_injected(text: &str) -> Option<Injected> {
    let t = text.trim_start();
    if t.starts_with("<environment_context>") {
        Some(Injected::EnvironmentContext)
    } else if t.starts_with("<user_instructions>") || t.starts_with("# AGENTS.md instructions") {
        Some(Injected::Instructions)
    } else if t.starts_with("<user_shell_command>") || t.starts_with("<turn_aborted>") {
        Some(Injected::System)
    } else {
        None
    }
}

/// The arguments of a call, parsed from the JSON string Codex stores.
fn call_args(ty: &str, p: &mut Map<String, Value>) -> Value {
    match ty {
        "function_call" => match take_string(p, "arguments") {
            Some(s) => serde_json::from_str(&s).unwrap_or(Value::String(s)),
            None => p.remove("arguments").unwrap_or(Value::Null),
        },
        "custom_tool_call" => {
            let mut m = Map::new();
            m.insert("input".to_owned(), p.remove("input").unwrap_or(Value::Null));
            Value::Object(m)
        }
        "local_shell_call" | "web_search_call" => p.remove("action").unwrap_or(Value::Null),
        _ => p.remove("arguments").or_else(|| p.remove("action")).unwrap_or(Value::Null),
    }
}

/// The patch text when the call applies a patch.
fn patch_text(name: &str, args: &Value) -> Option<String> {
    if name == "apply_patch" {
        return args.get("input").and_then(Value::as_str).map(str::to_owned);
    }
    if name == "shell" || name == "container.exec" || name == "local_shell" {
        let argv = args.get("command")?.as_array()?;
        let first = argv.first()?.as_str()?;
        if first == "apply_patch" || first == "applypatch" {
            return argv.get(1)?.as_str().map(str::to_owned);
        }
        // ["bash","-lc","apply_patch <<'EOF'\n…\nEOF"]
        let script = argv.last()?.as_str()?;
        if script.trim_start().starts_with("apply_patch") && script.contains("*** Begin Patch") {
            return Some(script.to_owned());
        }
    }
    None
}

/// `(ok, patch_ok)`: whether the call succeeded, and whether an apply_patch it
/// carried was applied. Codex writes outputs as a JSON string
/// `{"output", "metadata": {"exit_code"}}` (0.34 shell, custom tools) or as
/// plain text with an `Exit code: N` / `Process exited with code N` line.
fn output_status(output: &Value) -> (bool, bool) {
    let text = match output {
        Value::String(s) => s.as_str(),
        Value::Object(_) => return status_from_json(output),
        _ => return (true, true),
    };
    if text.starts_with('{') {
        if let Ok(v) = serde_json::from_str::<Value>(text) {
            if v.get("metadata").is_some() || v.get("output").is_some() {
                return status_from_json(&v);
            }
        }
    }
    status_from_text(text)
}

fn status_from_json(v: &Value) -> (bool, bool) {
    let code = v.get("metadata").and_then(|m| m.get("exit_code")).and_then(Value::as_i64);
    let out = v.get("output").and_then(Value::as_str).unwrap_or("");
    match code {
        Some(c) => (c == 0, c == 0 && !patch_failed(out)),
        None => status_from_text(out),
    }
}

fn status_from_text(text: &str) -> (bool, bool) {
    for line in text.lines().take(8) {
        let code = line
            .strip_prefix("Exit code: ")
            .or_else(|| line.strip_prefix("Process exited with code "))
            .and_then(|c| c.trim().parse::<i64>().ok());
        if let Some(c) = code {
            return (c == 0, c == 0 && !patch_failed(text));
        }
    }
    let failed = patch_failed(text);
    (!failed, !failed)
}

fn patch_failed(text: &str) -> bool {
    let t = text.trim_start();
    t.starts_with("Failed to apply patch")
        || t.starts_with("apply_patch verification failed")
        || t.starts_with("error: ")
        || t.starts_with("Error: ")
        || t.starts_with("Invalid patch")
}

fn codex_usage(u: &Value) -> Usage {
    let input = get_u64(u, "input_tokens");
    let cached = get_u64(u, "cached_input_tokens");
    Usage {
        input_tokens: input.saturating_sub(cached),
        output_tokens: get_u64(u, "output_tokens"),
        cache_read_tokens: cached,
        cache_creation_tokens: 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn statuses() {
        assert_eq!(output_status(&json!("{\"output\":\"ok\",\"metadata\":{\"exit_code\":0}}")), (true, true));
        assert_eq!(output_status(&json!("{\"output\":\"bad\",\"metadata\":{\"exit_code\":2}}")), (false, false));
        assert_eq!(output_status(&json!("Exit code: 1\nWall time: 0.1 seconds\nOutput:\n")), (false, false));
        assert_eq!(output_status(&json!("Process exited with code 0\nOutput:\nhi")), (true, true));
        assert_eq!(output_status(&json!("Failed to apply patch: context not found")), (false, false));
        assert_eq!(output_status(&json!("plain output")), (true, true));
    }

    #[test]
    fn patch_detection() {
        let argv = json!({"command": ["apply_patch", "*** Begin Patch\n*** End Patch"]});
        assert!(patch_text("shell", &argv).is_some());
        assert!(patch_text("shell", &json!({"command": ["ls"]})).is_none());
        assert!(patch_text("apply_patch", &json!({"input": "*** Begin Patch"})).is_some());
    }
}
