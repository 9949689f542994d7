//! Claude Code: `~/.claude/projects/<slug>/<sessionId>.jsonl` and
//! `<sessionId>/subagents/agent-<id>.jsonl` (1.0.x and 2.x).
//!
//! Mapping, in short:
//! * `user` lines → `user_turn` for text/image blocks (marked `injected` when the
//!   tool wrote them), `tool_result` per `tool_result` block, and a `file_edit`
//!   when the result is a successful Edit / MultiEdit / Write carrying
//!   `toolUseResult.structuredPatch`.
//! * `assistant` lines → one `assistant_turn` per API response: consecutive lines
//!   sharing `message.id` are merged (usage counted once), followed by one
//!   `tool_call` per `tool_use` block.
//! * `system` `compact_boundary` → `compaction`; every other line type
//!   (`summary`, `progress`, `attachment`, `file-history-snapshot`, …) → `unknown`,
//!   kept verbatim.
//! * Sidechain lines are attributed to their agent (`agent_id`): the 2.x
//!   `agentId`, or for 1.0.x inline sidechains the id of the `Task` call whose
//!   prompt started the chain.

use std::collections::{BTreeMap, VecDeque};

use serde_json::{Map, Value};

use crate::diff;
use crate::emit::{get_bool, get_str, get_string, get_u64, push_joined, Adapter, Base, Emitter, Loc, Record};
use crate::model::{EventKind, GitRef, Injected, Part, ProjectRef, SeqRange, Usage};

/// How many sidechain chain tips are remembered for attribution.
const MAX_SIDECHAIN_TIPS: usize = 4096;
/// How many recent Task prompts are remembered to name inline sidechains.
const MAX_TASK_PROMPTS: usize = 64;

#[derive(Default)]
pub(crate) struct ClaudeAdapter {
    session_id: Option<String>,
    cwd: Option<String>,
    branch: Option<String>,
    started: bool,
    pending: Option<PendingTurn>,
    /// seq of the last compaction (start of the next replaced range).
    last_compaction_end: u64,
    /// 1.0.x inline sidechains: chain tip uuid → (agent id, insertion order).
    tips: BTreeMap<String, (String, u64)>,
    tip_counter: u64,
    last_sidechain_agent: Option<String>,
    /// Recent Task/Agent calls: (prompt, call id).
    task_prompts: VecDeque<(String, String)>,
}

struct PendingTurn {
    base: Base,
    message_id: String,
    text: String,
    thinking: String,
    model: Option<String>,
    usage: Option<Usage>,
    parts: Vec<Part>,
    calls: Vec<(Base, String, String, Value)>,
}

/// The envelope fields shared by user/assistant/system lines.
struct Envelope {
    uuid: Option<String>,
    parent: Option<String>,
    logical_parent: Option<String>,
    timestamp: Option<String>,
    sidechain: bool,
    agent_id: Option<String>,
}

impl ClaudeAdapter {
    pub fn new() -> ClaudeAdapter {
        ClaudeAdapter::default()
    }

    fn project(&self) -> ProjectRef {
        ProjectRef {
            cwd: self.cwd.clone(),
            repo_root: None,
            git: self.branch.as_ref().map(|b| GitRef { sha: None, branch: Some(b.clone()), repository_url: None }),
        }
    }

    fn base(&self, env: &Envelope, event_id: String, loc: Loc) -> Base {
        Base {
            session_id: self.session_id.clone(),
            event_id,
            parent_id: env.parent.clone(),
            logical_parent_id: env.logical_parent.clone(),
            timestamp: env.timestamp.clone(),
            project: self.project(),
            agent_id: env.agent_id.clone(),
            loc,
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
                model: p.model,
                usage: p.usage,
                parts: p.parts,
                message_id: Some(p.message_id),
            },
        );
        for (mut base, call_id, name, args) in p.calls {
            base.parent_id = Some(turn_id.clone());
            out.emit(base, EventKind::ToolCall { call_id, name, args });
        }
    }

    /// Reads the envelope and updates the session state it carries.
    fn envelope(&mut self, m: &Map<String, Value>) -> Envelope {
        if let Some(sid) = get_str(m, "sessionId") {
            if self.session_id.as_deref() != Some(sid) {
                self.session_id = Some(sid.to_owned());
            }
        }
        if let Some(cwd) = get_str(m, "cwd") {
            if self.cwd.as_deref() != Some(cwd) {
                self.cwd = Some(cwd.to_owned());
            }
        }
        if let Some(branch) = get_str(m, "gitBranch") {
            let branch = if branch.is_empty() { None } else { Some(branch) };
            if self.branch.as_deref() != branch {
                self.branch = branch.map(str::to_owned);
            }
        }
        let uuid = get_string(m, "uuid");
        let parent = get_string(m, "parentUuid");
        let sidechain = get_bool(m, "isSidechain");
        let agent_id = if !sidechain {
            None
        } else if let Some(a) = get_str(m, "agentId") {
            Some(a.to_owned())
        } else {
            Some(self.inline_sidechain_agent(m, uuid.as_deref(), parent.as_deref()))
        };
        Envelope {
            uuid,
            parent,
            logical_parent: get_string(m, "logicalParentUuid"),
            timestamp: get_string(m, "timestamp"),
            sidechain,
            agent_id,
        }
    }

    /// Attributes a 1.0.x sidechain line (no `agentId`) to an agent by following
    /// `parentUuid` to the chain it extends.
    fn inline_sidechain_agent(&mut self, m: &Map<String, Value>, uuid: Option<&str>, parent: Option<&str>) -> String {
        let from_parent = parent.and_then(|p| self.tips.remove(p)).map(|(a, _)| a);
        let agent = match from_parent {
            Some(a) => a,
            None if parent.is_none() => {
                // A new chain: name it after the Task call whose prompt it carries.
                let prompt = m.get("message").and_then(|msg| msg.get("content")).and_then(Value::as_str);
                let by_prompt = prompt.and_then(|p| {
                    let idx = self.task_prompts.iter().position(|(tp, _)| tp == p)?;
                    self.task_prompts.remove(idx).map(|(_, id)| id)
                });
                by_prompt.unwrap_or_else(|| format!("sidechain-{}", uuid.unwrap_or("unknown")))
            }
            None => self.last_sidechain_agent.clone().unwrap_or_else(|| format!("sidechain-{}", parent.unwrap_or("unknown"))),
        };
        if let Some(u) = uuid {
            self.tip_counter += 1;
            self.tips.insert(u.to_owned(), (agent.clone(), self.tip_counter));
            if self.tips.len() > MAX_SIDECHAIN_TIPS {
                // Drop the oldest tip; deterministic because the counter is.
                if let Some(oldest) = self.tips.iter().min_by_key(|(_, (_, n))| *n).map(|(k, _)| k.clone()) {
                    self.tips.remove(&oldest);
                }
            }
        }
        self.last_sidechain_agent = Some(agent.clone());
        agent
    }

    fn maybe_start(&mut self, m: &Map<String, Value>, env: &Envelope, loc: Loc, out: &mut Emitter) {
        if self.started || env.sidechain || self.session_id.is_none() {
            return;
        }
        self.started = true;
        let event_id = format!("{}:session_start", self.session_id.as_deref().unwrap_or_default());
        let base = Base { parent_id: None, logical_parent_id: None, ..self.base(env, event_id, loc) };
        out.emit(
            base,
            EventKind::SessionStart {
                cwd: self.cwd.clone(),
                git: self.project().git,
                model: None,
                tool_version: get_string(m, "version"),
            },
        );
    }

    fn unknown(&mut self, rec: Record<'_>, raw_type: String, env: Option<&Envelope>, out: &mut Emitter) {
        let loc = rec.loc();
        let event_id = env.and_then(|e| e.uuid.clone()).unwrap_or_else(|| rec.content_id());
        let base = match env {
            Some(env) => self.base(env, event_id, loc),
            None => Base {
                session_id: self.session_id.clone(),
                event_id,
                project: self.project(),
                timestamp: rec.value.get("timestamp").and_then(Value::as_str).map(str::to_owned),
                loc,
                ..Base::default()
            },
        };
        out.emit(base, EventKind::Unknown { raw_type, raw: rec.value });
    }

    fn user(&mut self, mut rec: Record<'_>, env: Envelope, out: &mut Emitter) {
        let loc = rec.loc();
        let Value::Object(m) = &mut rec.value else { unreachable!("checked by caller") };
        let is_meta = get_bool(m, "isMeta");
        let is_compact_summary = get_bool(m, "isCompactSummary");
        let tool_use_result = m.remove("toolUseResult");
        let content = m.get_mut("message").and_then(|msg| msg.get_mut("content")).map(Value::take);
        let line_id = env.uuid.clone().unwrap_or_else(|| rec.content_id());

        let mut text = String::new();
        let mut parts = Vec::new();
        let mut results: Vec<(String, Value, bool)> = Vec::new();
        match content {
            Some(Value::String(s)) => {
                text = s.clone();
                parts.push(Part::Text { text: s });
            }
            Some(Value::Array(blocks)) => {
                for block in blocks {
                    match block_type(&block) {
                        "text" => {
                            let t = block.get("text").and_then(Value::as_str).unwrap_or_default();
                            push_joined(&mut text, t, "\n");
                            parts.push(Part::Text { text: t.to_owned() });
                        }
                        "image" => parts.push(image_part(block)),
                        "tool_result" => {
                            let Value::Object(mut b) = block else { continue };
                            let id = get_string(&b, "tool_use_id").unwrap_or_default();
                            let is_error = get_bool(&b, "is_error");
                            let output = b.remove("content").unwrap_or(Value::Null);
                            results.push((id, output, is_error));
                        }
                        _ => parts.push(Part::Other { raw: block }),
                    }
                }
            }
            Some(other) => parts.push(Part::Other { raw: other }),
            None => {}
        }

        if !parts.is_empty() {
            let injected = if env.sidechain {
                Some(Injected::SubagentPrompt)
            } else {
                classify_injected(&text, is_meta, is_compact_summary)
            };
            let base = self.base(&env, line_id.clone(), loc);
            out.emit(base, EventKind::UserTurn { text, parts, injected });
        }

        let single = results.len() == 1;
        let mut tool_use_result = tool_use_result;
        for (call_id, output, is_error) in results {
            let base = self.base(&env, format!("{call_id}:result"), loc);
            let edit_base = base.clone();
            out.emit(base, EventKind::ToolResult { call_id: call_id.clone(), ok: !is_error, output });
            if is_error || !single {
                continue;
            }
            if let Some(diff) = tool_use_result.take().and_then(|t| diff::from_claude_tool_result(&t)) {
                let mut b = edit_base;
                b.event_id = format!("{call_id}:edit");
                out.emit(b, EventKind::FileEdit { call_id, diff });
            }
        }
    }

    fn assistant(&mut self, rec: Record<'_>, env: Envelope, out: &mut Emitter) {
        let loc = rec.loc();
        let line_id = env.uuid.clone().unwrap_or_else(|| rec.content_id());
        let Value::Object(mut m) = rec.value else { unreachable!("checked by caller") };
        let Some(Value::Object(mut msg)) = m.remove("message") else {
            // An assistant line without a message object: keep it whole.
            let base = self.base(&env, line_id, loc);
            out.emit(base, EventKind::Unknown { raw_type: "assistant".into(), raw: Value::Object(m) });
            return;
        };
        let message_id = get_string(&msg, "id").unwrap_or_else(|| line_id.clone());
        let same = matches!(&self.pending, Some(p) if p.message_id == message_id && p.base.agent_id == env.agent_id);
        if !same {
            self.flush(out);
            let base = self.base(&env, line_id.clone(), loc);
            self.pending = Some(PendingTurn {
                base,
                message_id,
                text: String::new(),
                thinking: String::new(),
                model: get_string(&msg, "model"),
                usage: None,
                parts: Vec::new(),
                calls: Vec::new(),
            });
        }
        let usage = msg.get("usage").filter(|u| u.is_object()).map(claude_usage);
        let content = msg.remove("content");
        let call_base = self.base(&env, String::new(), loc);
        let p = self.pending.as_mut().expect("pending turn set above");
        if usage.is_some() {
            p.usage = usage;
        }
        match content {
            Some(Value::Array(blocks)) => {
                for block in blocks {
                    match block_type(&block) {
                        "text" => {
                            let t = block.get("text").and_then(Value::as_str).unwrap_or_default();
                            push_joined(&mut p.text, t, "\n\n");
                            p.parts.push(Part::Text { text: t.to_owned() });
                        }
                        "thinking" => {
                            let t = block.get("thinking").and_then(Value::as_str).unwrap_or_default();
                            push_joined(&mut p.thinking, t, "\n\n");
                            p.parts.push(Part::Thinking { text: t.to_owned() });
                        }
                        "tool_use" => {
                            let Value::Object(mut b) = block else { continue };
                            let id = get_string(&b, "id").unwrap_or_default();
                            let name = get_string(&b, "name").unwrap_or_default();
                            let input = b.remove("input").unwrap_or(Value::Null);
                            if env.agent_id.is_none() && (name == "Task" || name == "Agent") {
                                if let Some(prompt) = input.get("prompt").and_then(Value::as_str) {
                                    self.task_prompts.push_back((prompt.to_owned(), id.clone()));
                                    if self.task_prompts.len() > MAX_TASK_PROMPTS {
                                        self.task_prompts.pop_front();
                                    }
                                }
                            }
                            p.parts.push(Part::ToolUse { id: id.clone(), name: name.clone(), input: input.clone() });
                            let mut b = call_base.clone();
                            b.event_id = id.clone();
                            p.calls.push((b, id, name, input));
                        }
                        _ => p.parts.push(Part::Other { raw: block }),
                    }
                }
            }
            Some(Value::String(s)) => {
                push_joined(&mut p.text, &s, "\n\n");
                p.parts.push(Part::Text { text: s });
            }
            Some(Value::Null) | None => {}
            Some(other) => p.parts.push(Part::Other { raw: other }),
        }
    }

    fn system(&mut self, rec: Record<'_>, env: Envelope, out: &mut Emitter) {
        let subtype = rec.value.get("subtype").and_then(Value::as_str).unwrap_or("").to_owned();
        if subtype == "compact_boundary" {
            let loc = rec.loc();
            let event_id = env.uuid.clone().unwrap_or_else(|| rec.content_id());
            let base = self.base(&env, event_id, loc);
            let replaced = SeqRange { start: self.last_compaction_end, end: out.next_seq };
            let seq = out.emit(base, EventKind::Compaction { replaced, summary: None });
            self.last_compaction_end = seq + 1;
            return;
        }
        let raw_type = if subtype.is_empty() { "system".to_owned() } else { format!("system:{subtype}") };
        self.unknown(rec, raw_type, Some(&env), out);
    }
}

impl Adapter for ClaudeAdapter {
    fn record(&mut self, rec: Record<'_>, out: &mut Emitter) {
        let Value::Object(m) = &rec.value else {
            self.flush(out);
            self.unknown(rec, "non_object".into(), None, out);
            return;
        };
        let ty = get_str(m, "type").unwrap_or("").to_owned();
        let continues_turn = ty == "assistant"
            && matches!((&self.pending, m.get("message").and_then(|x| x.get("id")).and_then(Value::as_str)),
                        (Some(p), Some(id)) if p.message_id == id);
        if !continues_turn {
            self.flush(out);
        }
        match ty.as_str() {
            "user" | "assistant" | "system" => {
                let env = self.envelope(m);
                self.maybe_start(m, &env, rec.loc(), out);
                match ty.as_str() {
                    "user" => self.user(rec, env, out),
                    "assistant" => self.assistant(rec, env, out),
                    _ => self.system(rec, env, out),
                }
            }
            "" => self.unknown(rec, "untyped".into(), None, out),
            _ => {
                // summary, progress, attachment, file-history-snapshot, queue-operation,
                // permission-mode, ai-title, last-prompt, agent-name, pr-link, …
                let has_envelope = m.contains_key("uuid");
                if has_envelope {
                    let env = self.envelope(m);
                    self.unknown(rec, ty, Some(&env), out);
                } else {
                    if let Some(sid) = get_str(m, "sessionId") {
                        self.session_id = Some(sid.to_owned());
                    }
                    self.unknown(rec, ty, None, out);
                }
            }
        }
    }

    fn finish(&mut self, out: &mut Emitter) {
        self.flush(out);
    }
}

fn block_type(block: &Value) -> &str {
    block.get("type").and_then(Value::as_str).unwrap_or("")
}

fn image_part(block: Value) -> Part {
    let media_type = block.get("source").and_then(|s| s.get("media_type")).and_then(Value::as_str).map(str::to_owned);
    let source = match block {
        Value::Object(mut b) => b.remove("source").unwrap_or(Value::Null),
        other => other,
    };
    Part::Image { media_type, source }
}

fn claude_usage(u: &Value) -> Usage {
    Usage {
        input_tokens: get_u64(u, "input_tokens"),
        output_tokens: get_u64(u, "output_tokens"),
        cache_read_tokens: get_u64(u, "cache_read_input_tokens"),
        cache_creation_tokens: get_u64(u, "cache_creation_input_tokens"),
    }
}

/// Decides whether user text was injected by Claude Code rather than typed.
pub(crate) fn classify_injected(text: &str, is_meta: bool, is_compact_summary: bool) -> Option<Injected> {
    if is_compact_summary || text.starts_with("This session is being continued from a previous conversation") {
        return Some(Injected::CompactSummary);
    }
    if is_meta {
        return Some(Injected::Meta);
    }
    let t = text.trim_start();
    const COMMAND_TAGS: [&str; 8] = [
        "<command-name>",
        "<command-message>",
        "<command-args>",
        "<local-command-stdout>",
        "<local-command-stderr>",
        "<bash-input>",
        "<bash-stdout>",
        "<bash-stderr>",
    ];
    if COMMAND_TAGS.iter().any(|tag| t.starts_with(tag)) {
        return Some(Injected::Command);
    }
    if t.starts_with("<local-command-caveat>") || t.starts_with("Caveat: The messages below were generated") {
        return Some(Injected::Meta);
    }
    if t.starts_with("<system-reminder>")
        || t.starts_with("<user-prompt-submit-hook>")
        || t.starts_with("[Request interrupted by user")
        || t.starts_with("[Request cancelled by user")
    {
        return Some(Injected::System);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn injected_classification() {
        assert_eq!(classify_injected("fix the bug", false, false), None);
        assert_eq!(classify_injected("anything", true, false), Some(Injected::Meta));
        assert_eq!(classify_injected("<command-name>/clear</command-name>", false, false), Some(Injected::Command));
        assert_eq!(classify_injected("[Request interrupted by user for tool use]", false, false), Some(Injected::System));
        assert_eq!(
            classify_injected("This session is being continued from a previous conversation that ran out", false, false),
            Some(Injected::CompactSummary)
        );
    }
}
