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

use std::borrow::Cow;
use std::collections::VecDeque;

use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use super::kit::{
    content_id, get_str, get_string, push_joined, Adapter, Base, CallArgs, Held, Loc, Parsed,
    Record, Str, TurnDraft,
};
use crate::diag::DiagnosticKind;
use crate::diff;
use crate::emit::Emitter;
use crate::model::{EventKind, GitRef, Injected, Part, ProjectRef, SeqRange, Usage};

/// Response item types that the pre-`session_meta` layout writes bare.
macro_rules! LEGACY_ITEMS {
    () => {
        "message"
            | "reasoning"
            | "function_call"
            | "function_call_output"
            | "custom_tool_call"
            | "custom_tool_call_output"
            | "local_shell_call"
    };
}

/// apply_patch calls waiting for their output.
const MAX_PENDING_PATCHES: usize = 256;
/// How many records may wait for the `turn_context` that names the model.
const MAX_START_HOLD: usize = 32;

/// The envelope of every line, `{timestamp, type, payload}`. When `type` comes
/// before `payload` (as Codex writes it), the payload is read straight into
/// its typed form in the same pass.
#[derive(Clone)]
struct Line<'a> {
    timestamp: Option<Cow<'a, str>>,
    ty: Option<Cow<'a, str>>,
    payload: Payload<'a>,
}

#[derive(Clone)]
enum Payload<'a> {
    Absent,
    Item(Item<'a>),
    Event(EventMsg<'a>),
    Raw(&'a RawValue),
}

impl<'a> Payload<'a> {
    /// The payload typed as `type` says, reading it now if it was deferred.
    fn item(&self) -> Option<Item<'a>> {
        match self {
            Payload::Raw(r) => serde_json::from_str(r.get()).ok(),
            _ => None,
        }
    }

    fn raw(&self) -> Option<&'a RawValue> {
        match self {
            Payload::Raw(r) => Some(r),
            _ => None,
        }
    }
}

impl<'de> Deserialize<'de> for Line<'de> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Line<'de>, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Line<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a Codex rollout line")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Line<'de>, A::Error> {
                let mut line = Line {
                    timestamp: None,
                    ty: None,
                    payload: Payload::Absent,
                };
                while let Some(Str(key)) = map.next_key::<Str<'de>>()? {
                    match key.as_ref() {
                        "timestamp" => {
                            line.timestamp = map.next_value::<Option<Str<'de>>>()?.map(|s| s.0)
                        }
                        "type" => line.ty = map.next_value::<Option<Str<'de>>>()?.map(|s| s.0),
                        "payload" => {
                            line.payload = match line.ty.as_deref() {
                                Some("response_item") => Payload::Item(map.next_value()?),
                                Some("event_msg") => Payload::Event(map.next_value()?),
                                _ => Payload::Raw(map.next_value()?),
                            }
                        }
                        _ => {
                            map.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(line)
            }
        }
        d.deserialize_map(V)
    }
}

/// A `response_item` payload; large fields the adapter does not use
/// (`encrypted_content`, …) are skipped unread.
#[derive(Clone, Deserialize)]
struct Item<'a> {
    #[serde(rename = "type", borrow)]
    ty: Cow<'a, str>,
    #[serde(borrow, default)]
    role: Option<Cow<'a, str>>,
    #[serde(default)]
    id: Option<String>,
    #[serde(default)]
    content: Option<Value>,
    #[serde(default)]
    summary: Option<Vec<Summary>>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    arguments: Option<Value>,
    #[serde(default)]
    input: Option<Value>,
    #[serde(default)]
    call_id: Option<String>,
    #[serde(default)]
    output: Option<Value>,
    #[serde(default)]
    action: Option<Value>,
}

#[derive(Clone, Deserialize)]
struct Summary {
    #[serde(default)]
    text: Option<String>,
}

/// An `event_msg` payload: only the token count is read field by field.
#[derive(Clone, Deserialize)]
struct EventMsg<'a> {
    #[serde(rename = "type", borrow, default)]
    ty: Option<Cow<'a, str>>,
    #[serde(default)]
    info: Option<TokenInfo>,
}

#[derive(Clone, Deserialize)]
struct TokenInfo {
    #[serde(default)]
    last_token_usage: Option<TokenUsage>,
    #[serde(default)]
    total_token_usage: Option<TokenUsage>,
}

#[derive(Deserialize, Clone, Copy, PartialEq, Eq, Default)]
struct TokenUsage {
    #[serde(default)]
    input_tokens: Option<u64>,
    #[serde(default)]
    cached_input_tokens: Option<u64>,
    #[serde(default)]
    output_tokens: Option<u64>,
    #[serde(default)]
    reasoning_output_tokens: Option<u64>,
    #[serde(default)]
    total_tokens: Option<u64>,
}

impl TokenUsage {
    fn usage(self) -> Usage {
        let input = self.input_tokens.unwrap_or(0);
        let cached = self.cached_input_tokens.unwrap_or(0);
        Usage {
            input_tokens: input.saturating_sub(cached),
            output_tokens: self.output_tokens.unwrap_or(0),
            cache_read_tokens: cached,
            cache_creation_tokens: 0,
        }
    }

    /// `self - before`, field by field (a running total's growth).
    fn since(self, before: TokenUsage) -> TokenUsage {
        let d = |a: Option<u64>, b: Option<u64>| a.map(|a| a.saturating_sub(b.unwrap_or(0)));
        TokenUsage {
            input_tokens: d(self.input_tokens, before.input_tokens),
            cached_input_tokens: d(self.cached_input_tokens, before.cached_input_tokens),
            output_tokens: d(self.output_tokens, before.output_tokens),
            reasoning_output_tokens: d(
                self.reasoning_output_tokens,
                before.reasoning_output_tokens,
            ),
            total_tokens: d(self.total_tokens, before.total_tokens),
        }
    }
}

/// A token count waiting for the model response it belongs to.
#[derive(Clone)]
struct Carried {
    usage: Usage,
    event_id: String,
    timestamp: Option<String>,
    loc: Loc,
}

#[derive(Clone, Default)]
pub(crate) struct CodexAdapter {
    session_id: Option<String>,
    cwd: Option<String>,
    git: Option<GitRef>,
    model: Option<String>,
    agent_id: Option<String>,
    /// `session_start` waiting for the model, with the records seen meanwhile.
    held_start: Option<HeldStart>,
    pending: Option<PendingTurn>,
    /// Usage reported before the response it belongs to (0.34–0.36 write the
    /// token count ahead of the response items).
    carry_usage: Option<Carried>,
    /// The running total of the last token count, to tell a re-emission of
    /// the same count (0.63+ write each one twice) from a new one.
    last_total: Option<TokenUsage>,
    patches: VecDeque<(String, String)>,
    last_compaction_end: u64,
    /// Session ids that already had a `session_start`.
    started_ids: Vec<String>,
}

#[derive(Clone)]
struct HeldStart {
    base: Base,
    tool_version: Option<String>,
    /// Records that arrived while waiting, replayed after `session_start`.
    queue: Held<String, MAX_START_HOLD>,
}

#[derive(Clone)]
struct PendingTurn {
    turn: TurnDraft,
    has_message: bool,
}

impl PendingTurn {
    /// A reasoning or message item after these starts a new response.
    fn is_complete(&self) -> bool {
        self.has_message || !self.turn.calls.is_empty()
    }
}

impl CodexAdapter {
    pub fn new() -> CodexAdapter {
        CodexAdapter::default()
    }

    fn project(&self) -> ProjectRef {
        ProjectRef {
            cwd: self.cwd.clone(),
            repo_root: None,
            git: self.git.clone(),
        }
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
            merged_lines: Vec::new(),
            file: None,
        }
    }

    /// The envelope of an event no node reads (with nodes as the only output):
    /// its id, position and thread only, without copies of the session's
    /// strings (session id, working directory, git).
    fn slim_base(&self, event_id: String, loc: Loc) -> Base {
        Base {
            event_id,
            agent_id: self.agent_id.clone(),
            loc,
            ..Base::default()
        }
    }

    /// Emits the held `session_start`, then the records that waited for it.
    fn release_start(&mut self, out: &mut Emitter) {
        let Some(mut h) = self.held_start.take() else {
            return;
        };
        out.emit(
            h.base,
            EventKind::SessionStart {
                cwd: self.cwd.clone(),
                git: self.git.clone(),
                model: self.model.clone(),
                tool_version: h.tool_version,
            },
        );
        for (text, loc) in h.queue.take() {
            let rec = Record {
                text: &text,
                line_no: loc.line_no,
                byte_offset: loc.byte_offset,
                field: None,
                ordinal: loc.line_no,
            };
            self.dispatch(rec, out);
        }
    }

    fn flush(&mut self, out: &mut Emitter) {
        if let Some(p) = self.pending.take() {
            p.turn.emit(out, self.model.clone(), None);
        }
    }

    /// A token count no response item claimed — a response the rollout does
    /// not write out (a review sub-session, an aborted turn) — becomes an
    /// `assistant_turn` of its own with no text, so that every count reaches
    /// the event stream exactly once.
    fn release_usage(&mut self, out: &mut Emitter) {
        if let Some(c) = self.carry_usage.take() {
            let mut turn = TurnDraft::new(self.base(c.event_id, c.timestamp, c.loc));
            turn.usage = Some(c.usage);
            turn.emit(out, self.model.clone(), None);
        }
    }

    /// The open response, started if there is none. `folds` says the record
    /// at `loc` has no event of its own and is folded into the turn.
    fn turn(
        &mut self,
        event_id: String,
        ts: &Option<String>,
        loc: Loc,
        folds: bool,
    ) -> &mut PendingTurn {
        if let Some(p) = self.pending.as_mut() {
            if folds {
                p.turn.base.merged_lines.push(loc.line_no);
            }
        } else {
            let base = self.base(event_id, ts.clone(), loc);
            let carried = self.carry_usage.take();
            let mut base = base;
            if let Some(c) = &carried {
                base.merged_lines.push(c.loc.line_no);
            }
            let mut turn = TurnDraft::new(base);
            turn.usage = carried.map(|c| c.usage);
            self.pending = Some(PendingTurn {
                turn,
                has_message: false,
            });
        }
        self.pending.as_mut().expect("just set")
    }

    /// Keeps a record verbatim as an `unknown` event.
    /// (Every caller has read the record as JSON.)
    fn unknown(
        &mut self,
        rec: Record<'_>,
        raw_type: String,
        ts: Option<String>,
        out: &mut Emitter,
    ) {
        self.flush(out);
        let base = self.base(rec.content_id(), ts, rec.loc());
        out.emit_unknown(base, raw_type, &rec);
    }

    fn session_meta(
        &mut self,
        rec: Record<'_>,
        payload: Option<&RawValue>,
        ts: Option<String>,
        out: &mut Emitter,
    ) {
        self.flush(out);
        self.release_start(out);
        self.release_usage(out);
        self.last_total = None;
        let meta: Option<Map<String, Value>> =
            payload.and_then(|p| serde_json::from_str(p.get()).ok());
        let Some(m) = meta else {
            return self.unknown(rec, "session_meta".into(), ts, out);
        };
        if let Some(id) = get_str(&m, "id") {
            self.session_id = Some(id.to_owned());
        }
        if let Some(cwd) = get_str(&m, "cwd") {
            self.cwd = Some(cwd.to_owned());
        }
        self.git = m.get("git").and_then(Value::as_object).map(|g| GitRef {
            sha: get_string(g, "commit_hash"),
            branch: get_string(g, "branch"),
            repository_url: get_string(g, "repository_url"),
        });
        self.agent_id = subagent_name(&m);
        self.model = None;
        let event_id = match &self.session_id {
            // A rollout can repeat a session's meta (resumed or forked runs);
            // later starts of the same id are told apart by their line.
            Some(id) if self.started_ids.contains(id) => {
                format!("{id}:session_start@{}", rec.line_no)
            }
            Some(id) => {
                if self.started_ids.len() < 64 {
                    self.started_ids.push(id.clone());
                }
                format!("{id}:session_start")
            }
            None => rec.content_id(),
        };
        let base = self.base(
            event_id,
            ts.or_else(|| get_string(&m, "timestamp")),
            rec.loc(),
        );
        self.held_start = Some(HeldStart {
            base,
            tool_version: get_string(&m, "cli_version"),
            queue: Held::default(),
        });
    }

    fn turn_context(
        &mut self,
        rec: Record<'_>,
        payload: Option<&RawValue>,
        ts: Option<String>,
        out: &mut Emitter,
    ) {
        #[derive(Clone, Deserialize)]
        struct TurnContext {
            #[serde(default)]
            model: Option<String>,
            #[serde(default)]
            cwd: Option<String>,
        }
        if let Some(tc) = payload.and_then(|p| serde_json::from_str::<TurnContext>(p.get()).ok()) {
            if tc.model.is_some() {
                self.model = tc.model;
            }
            if tc.cwd.is_some() {
                self.cwd = tc.cwd;
            }
        }
        // The per-turn settings (approval, sandbox, effort, …) are kept verbatim.
        self.unknown(rec, "turn_context".into(), ts, out);
    }

    fn response_item(
        &mut self,
        rec: Record<'_>,
        item: Option<Item<'_>>,
        ts: Option<String>,
        out: &mut Emitter,
    ) {
        let loc = rec.loc();
        let Some(mut item) = item else {
            return self.unknown(rec, "response_item".into(), ts, out);
        };
        // An empty id (the pre-`session_meta` layout writes `"id": ""`) is no id.
        item.id = item.id.filter(|id| !id.is_empty());
        item.call_id = item.call_id.filter(|id| !id.is_empty());
        let cid = || content_id(rec.text.as_bytes(), rec.line_no);
        // An assistant turn's id is its first line's; with nodes as the only
        // output nothing reads it (nodes name person turns and edits), so the
        // line is not hashed.
        let keep = out.keep_events;
        let turn_cid = || if keep { cid() } else { String::new() };
        match item.ty.as_ref() {
            "message" => {
                let role = item.role.as_deref().unwrap_or("");
                let (text, parts) = message_content(item.content);
                let event_id = match item.id {
                    Some(id) => id,
                    None if role == "assistant" => turn_cid(),
                    None => cid(),
                };
                if role == "assistant" {
                    if self.pending.as_ref().is_some_and(PendingTurn::is_complete) {
                        self.flush(out);
                    }
                    let t = self.turn(event_id, &ts, loc, true);
                    push_joined(&mut t.turn.text, &text, "\n\n");
                    t.has_message = true;
                    t.turn.parts.extend(parts);
                } else {
                    self.flush(out);
                    self.release_usage(out);
                    let injected = if role == "developer" || role == "system" {
                        Some(Injected::Instructions)
                    } else {
                        classify_injected(&text)
                    };
                    if injected == Some(Injected::EnvironmentContext) && self.cwd.is_none() {
                        // The pre-`session_meta` layout names the working
                        // directory only here.
                        self.cwd = tag_text(&text, "cwd").map(str::to_owned);
                    }
                    let base = self.base(event_id, ts, loc);
                    out.emit(
                        base,
                        EventKind::UserTurn {
                            text,
                            parts,
                            injected,
                        },
                    );
                }
            }
            "reasoning" => {
                let mut summary = String::new();
                for s in item.summary.iter().flatten() {
                    push_joined(&mut summary, s.text.as_deref().unwrap_or_default(), "\n\n");
                }
                // The raw reasoning, where a version writes it (the
                // pre-`session_meta` layout; open-weight models).
                if let Some(Value::Array(items)) = &item.content {
                    for c in items
                        .iter()
                        .filter(|c| c.get("type").and_then(Value::as_str) == Some("reasoning_text"))
                    {
                        push_joined(
                            &mut summary,
                            c.get("text").and_then(Value::as_str).unwrap_or_default(),
                            "\n\n",
                        );
                    }
                }
                if self.pending.as_ref().is_some_and(PendingTurn::is_complete) {
                    self.flush(out);
                }
                let event_id = item.id.unwrap_or_else(turn_cid);
                let t = self.turn(event_id, &ts, loc, true);
                push_joined(&mut t.turn.thinking, &summary, "\n\n");
                if !summary.is_empty() {
                    t.turn.parts.push(Part::Thinking { text: summary });
                }
            }
            "function_call"
            | "custom_tool_call"
            | "local_shell_call"
            | "web_search_call"
            | "tool_search_call"
            | "image_generation_call" => {
                let ty = item.ty.to_string();
                let call_id = item
                    .call_id
                    .clone()
                    .or_else(|| item.id.clone())
                    .unwrap_or_else(cid);
                let name = match ty.as_str() {
                    "function_call" | "custom_tool_call" => item.name.clone().unwrap_or_default(),
                    "local_shell_call" => "local_shell".to_owned(),
                    other => other.trim_end_matches("_call").to_owned(),
                };
                // Arguments written as a JSON text are read on the writer's
                // side when nothing here needs them: with events as the only
                // output, and when they cannot hold a patch. Every form
                // `patch_text` reads names `apply_patch` / `applypatch`, so
                // arguments without "patch" (nor `\u` escapes, which could
                // spell it) hold none.
                let args = match item.arguments.take() {
                    Some(Value::String(text))
                        if ty == "function_call"
                            && out.defers()
                            && name != "apply_patch"
                            && memchr::memmem::find(text.as_bytes(), b"patch").is_none()
                            && memchr::memmem::find(text.as_bytes(), b"\\u").is_none() =>
                    {
                        CallArgs::Json(text)
                    }
                    other => {
                        item.arguments = other;
                        CallArgs::Value(call_args(&ty, item))
                    }
                };
                let patch = match &args {
                    CallArgs::Value(v) => patch_text(&name, v),
                    CallArgs::Json(_) => None,
                };
                if let Some(patch) = patch {
                    self.patches.push_back((call_id.clone(), patch));
                    if self.patches.len() > MAX_PENDING_PATCHES {
                        self.patches.pop_front();
                    }
                }
                // With nodes as the only output, only a call that starts a
                // subagent reaches the pipeline.
                let call_base = if out.keep_events || out.starts_subagent(&name) {
                    self.base(call_id.clone(), ts.clone(), loc)
                } else {
                    self.slim_base(call_id.clone(), loc)
                };
                let t = self.turn(format!("{call_id}:response"), &ts, loc, false);
                t.turn.add_call(call_base, call_id, name, args);
            }
            "function_call_output" | "custom_tool_call_output" | "tool_search_output" => {
                self.flush(out);
                let call_id = item.call_id.unwrap_or_default();
                let output = item.output.unwrap_or(Value::Null);
                let (ok, patch_ok) = output_status(&output);
                let waiting = self.patches.iter().position(|(id, _)| *id == call_id);
                let patch = waiting.and_then(|i| self.patches.remove(i)).map(|(_, p)| p);
                // With nodes as the only output, a result matters only through
                // the file edits of its patch.
                let base = if out.keep_events || patch.is_some() {
                    self.base(format!("{call_id}:result"), ts, loc)
                } else {
                    self.slim_base(format!("{call_id}:result"), loc)
                };
                let edit = patch.map(|p| (p, base.clone()));
                out.emit(
                    base,
                    EventKind::ToolResult {
                        call_id: call_id.clone(),
                        ok,
                        output,
                    },
                );
                if let Some((patch, edit_base)) = edit {
                    if ok && patch_ok {
                        let mut problems = Vec::new();
                        let diffs = diff::from_v4a_patch(&patch, &mut problems);
                        for p in problems {
                            out.diag(DiagnosticKind::Malformed, loc, p);
                        }
                        let many = diffs.len() > 1;
                        for (i, d) in diffs.into_iter().enumerate() {
                            let mut b = edit_base.clone();
                            b.event_id = if many {
                                format!("{call_id}:edit:{i}")
                            } else {
                                format!("{call_id}:edit")
                            };
                            out.emit_patch_edit(
                                b,
                                EventKind::FileEdit {
                                    call_id: call_id.clone(),
                                    diff: d,
                                },
                            );
                        }
                    }
                }
            }
            other => {
                // ghost_snapshot and anything newer: kept verbatim.
                let raw_type = format!("response_item:{other}");
                self.unknown(rec, raw_type, ts, out);
            }
        }
    }

    fn event_msg(
        &mut self,
        rec: Record<'_>,
        ev: Option<EventMsg<'_>>,
        ts: Option<String>,
        out: &mut Emitter,
    ) {
        let loc = rec.loc();
        let ty = ev
            .as_ref()
            .and_then(|e| e.ty.as_deref())
            .unwrap_or("")
            .to_owned();
        match ty.as_str() {
            "user_message"
            | "agent_message"
            | "agent_reasoning"
            | "agent_reasoning_raw_content" => {
                out.diag(
                    DiagnosticKind::Duplicate,
                    loc,
                    format!("event_msg {ty} mirrors a response_item"),
                );
            }
            "token_count" => {
                let Some(info) = ev.and_then(|e| e.info) else {
                    out.diag(DiagnosticKind::Empty, loc, "token_count without usage info");
                    return;
                };
                let total = info.total_token_usage;
                if total.is_some() && total == self.last_total {
                    out.diag(
                        DiagnosticKind::Duplicate,
                        loc,
                        "token_count repeats the previous count",
                    );
                    return;
                }
                // The response's own count, or else the growth of the total.
                let last = info
                    .last_token_usage
                    .or_else(|| match (total, self.last_total) {
                        (Some(t), Some(before)) => Some(t.since(before)),
                        (t, _) => t,
                    });
                self.last_total = total.or(self.last_total);
                let Some(usage) = last.map(TokenUsage::usage) else {
                    out.diag(DiagnosticKind::Empty, loc, "token_count without usage info");
                    return;
                };
                match self.pending.as_mut() {
                    Some(t) if t.turn.usage.is_none() => {
                        t.turn.usage = Some(usage);
                        t.turn.base.merged_lines.push(loc.line_no);
                        self.flush(out);
                    }
                    _ => {
                        self.flush(out);
                        self.release_usage(out);
                        let event_id = if out.keep_events {
                            rec.content_id()
                        } else {
                            String::new()
                        };
                        self.carry_usage = Some(Carried {
                            usage,
                            event_id,
                            timestamp: ts,
                            loc,
                        });
                    }
                }
            }
            _ => self.unknown(rec, format!("event_msg:{ty}"), ts, out),
        }
    }

    /// An untyped record of the pre-`session_meta` layout: its header
    /// `{id, timestamp, instructions, git}` (read as the session's meta) or a
    /// `{"record_type":"state"}` marker (which carries nothing).
    fn legacy_record(&mut self, rec: Record<'_>, ts: Option<String>, out: &mut Emitter) {
        #[derive(Clone, Deserialize)]
        struct Untyped {
            #[serde(default)]
            id: Option<serde::de::IgnoredAny>,
            #[serde(default)]
            record_type: Option<String>,
            #[serde(flatten)]
            rest: std::collections::BTreeMap<String, serde::de::IgnoredAny>,
        }
        let Ok(u) = serde_json::from_str::<Untyped>(rec.text) else {
            return self.unknown(rec, "untyped".into(), ts, out);
        };
        if u.id.is_some() && ts.is_some() && u.record_type.is_none() {
            let header = serde_json::from_str::<&RawValue>(rec.text).ok();
            return self.session_meta(rec, header, ts, out);
        }
        if u.record_type.as_deref() == Some("state") && u.id.is_none() && u.rest.is_empty() {
            out.diag(
                DiagnosticKind::Empty,
                rec.loc(),
                "state marker of the pre-session_meta layout",
            );
            return;
        }
        let raw_type = u.record_type.unwrap_or_else(|| "untyped".to_owned());
        self.unknown(rec, raw_type, ts, out)
    }

    fn dispatch(&mut self, rec: Record<'_>, out: &mut Emitter) {
        let line: Line<'_> = match rec.parse(out) {
            None => return,
            Some(Parsed::Typed(line)) => line,
            Some(Parsed::Raw(raw)) => {
                self.flush(out);
                let raw_type = if raw.is_object() {
                    "malformed"
                } else {
                    "non_object"
                };
                let base = self.base(rec.content_id(), None, rec.loc());
                out.emit(
                    base,
                    EventKind::Unknown {
                        raw_type: raw_type.into(),
                        raw,
                    },
                );
                return;
            }
        };
        let ts = line.timestamp.as_deref().map(str::to_owned);
        let payload = line.payload.raw();
        match (line.ty.as_deref().unwrap_or(""), line.payload) {
            ("session_meta", _) => self.session_meta(rec, payload, ts, out),
            ("turn_context", _) => self.turn_context(rec, payload, ts, out),
            ("response_item", Payload::Item(item)) => self.response_item(rec, Some(item), ts, out),
            ("response_item", p) => self.response_item(rec, p.item(), ts, out),
            ("event_msg", Payload::Event(ev)) => self.event_msg(rec, Some(ev), ts, out),
            ("event_msg", p) => {
                let ev = p.raw().and_then(|r| serde_json::from_str(r.get()).ok());
                self.event_msg(rec, ev, ts, out)
            }
            ("compacted", _) => {
                self.flush(out);
                self.release_usage(out);
                #[derive(Clone, Deserialize)]
                struct Compacted {
                    #[serde(default)]
                    message: Option<String>,
                }
                let summary = payload
                    .and_then(|p| serde_json::from_str::<Compacted>(p.get()).ok())
                    .and_then(|c| c.message);
                let base = self.base(rec.content_id(), ts, rec.loc());
                let replaced = SeqRange {
                    start: self.last_compaction_end,
                    end: out.next_seq,
                };
                let seq = out.emit(base, EventKind::Compaction { replaced, summary });
                self.last_compaction_end = seq + 1;
            }
            // The pre-`session_meta` layout (Aug 2025): response items written
            // bare, without the `response_item` envelope or a timestamp.
            (ty @ LEGACY_ITEMS!(), Payload::Absent) => {
                let item = serde_json::from_str::<Item<'_>>(rec.text)
                    .ok()
                    .filter(|i| i.ty == ty);
                self.response_item(rec, item, ts, out)
            }
            ("", Payload::Absent) => self.legacy_record(rec, ts, out),
            ("", _) => self.unknown(rec, "untyped".into(), ts, out),
            (other, _) => {
                let raw_type = other.to_owned();
                self.unknown(rec, raw_type, ts, out)
            }
        }
    }
}

impl Adapter for CodexAdapter {
    fn record(&mut self, rec: Record<'_>, out: &mut Emitter) {
        if let Some(h) = self.held_start.as_mut() {
            // Cheap look at the type without a full parse.
            let line = serde_json::from_str::<Line<'_>>(rec.text).ok();
            let ty = line.as_ref().and_then(|l| l.ty.as_deref());
            if ty != Some("turn_context")
                && ty != Some("session_meta")
                && h.queue
                    .hold(rec.text.len(), || rec.text.to_owned(), rec.loc())
            {
                if self.cwd.is_none() {
                    // Without a cwd in the meta (the pre-`session_meta` layout),
                    // the environment context names it for `session_start`.
                    self.cwd = environment_cwd(rec.text);
                }
                return;
            }
            if ty == Some("turn_context") {
                #[derive(Clone, Deserialize)]
                struct Model {
                    #[serde(default)]
                    model: Option<String>,
                }
                let payload = line.as_ref().and_then(|l| l.payload.raw());
                if let Some(m) = payload
                    .and_then(|p| serde_json::from_str::<Model>(p.get()).ok())
                    .and_then(|m| m.model)
                {
                    self.model = Some(m);
                }
            }
            self.release_start(out);
        }
        self.dispatch(rec, out);
    }

    fn finish(&mut self, out: &mut Emitter) {
        // Replay what waited for a turn_context first: it may open a turn.
        self.release_start(out);
        self.flush(out);
        self.release_usage(out);
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
                        parts.push(Part::Image {
                            media_type: None,
                            source,
                        });
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

/// The `<cwd>` of a record holding an `<environment_context>` message.
fn environment_cwd(record: &str) -> Option<String> {
    memchr::memmem::find(record.as_bytes(), b"<environment_context>")?;
    let v: Value = serde_json::from_str(record).ok()?;
    let item = v.get("payload").filter(|p| p.is_object()).unwrap_or(&v);
    let content = item.get("content")?.as_array()?;
    content
        .iter()
        .filter_map(|c| c.get("text").and_then(Value::as_str))
        .find_map(|t| tag_text(t, "cwd").map(str::to_owned))
}

/// The text of the first `<tag>…</tag>` in `text`, trimmed.
fn tag_text<'a>(text: &'a str, tag: &str) -> Option<&'a str> {
    let open = format!("<{tag}>");
    let start = text.find(&open)? + open.len();
    let end = text[start..].find(&format!("</{tag}>"))? + start;
    Some(text[start..end].trim()).filter(|t| !t.is_empty())
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

/// The arguments of a call; `function_call` arguments are a JSON string,
/// parsed here (and kept as the string when they are not JSON).
fn call_args(ty: &str, item: Item<'_>) -> Value {
    match ty {
        "function_call" => match item.arguments {
            Some(Value::String(s)) => crate::emit::json_or_string(s),
            Some(other) => other,
            None => Value::Null,
        },
        "custom_tool_call" => {
            let mut m = Map::new();
            m.insert("input".to_owned(), item.input.unwrap_or(Value::Null));
            Value::Object(m)
        }
        _ => item
            .action
            .or(item.arguments)
            .or(item.input)
            .unwrap_or(Value::Null),
    }
}

/// The patch text when the call applies a patch: the `apply_patch` tool
/// (0.47+ custom tool, or a function in the pre-`session_meta` layout), an
/// `apply_patch` argv (0.34), or a shell script feeding one a heredoc
/// (`apply_patch <<'EOF' … EOF`, as an argv, a `shell_command` string or an
/// `exec_command` `cmd`).
fn patch_text(name: &str, args: &Value) -> Option<String> {
    if name == "apply_patch" {
        return args.get("input").and_then(Value::as_str).map(str::to_owned);
    }
    let script = match name {
        "shell" | "container.exec" | "local_shell" => {
            let argv = args.get("command")?.as_array()?;
            let first = argv.first()?.as_str()?;
            if first == "apply_patch" || first == "applypatch" {
                return argv.get(1)?.as_str().map(str::to_owned);
            }
            // ["bash","-lc","apply_patch <<'EOF'\n…\nEOF"]
            argv.last()?.as_str()?
        }
        "shell_command" => args.get("command")?.as_str()?,
        "exec_command" => args.get("cmd")?.as_str()?,
        _ => return None,
    };
    let begin = script.find("*** Begin Patch")?;
    let head = &script[..begin];
    (head.contains("apply_patch") || head.contains("applypatch")).then(|| script.to_owned())
}

/// How the first line of a Codex tool output says the call failed, in the
/// forms Codex writes (read from real rollouts, 0.34 → 0.106, and its
/// sources): a sandbox denial (with the command's exit code and stderr), a
/// command that could not start, the person declining, arguments the tool
/// could not read, and apply_patch's own errors.
const FAILURE_PREFIXES: [&str; 15] = [
    "failed in sandbox",
    "sandbox denied",
    "execution error",
    "exec_command failed",
    "exec command rejected",
    "patch rejected",
    "rejected by user",
    "aborted by user",
    "failed to parse function arguments",
    "unsupported call",
    "apply_patch verification failed",
    "Failed to apply patch",
    "Invalid patch",
    "error:",
    "Error:",
];

/// `(ok, patch_ok)`: whether the call succeeded, and whether an apply_patch it
/// carried was applied. Codex writes an output as
/// * a JSON string `{"output", "metadata": {"exit_code"}}` (shell 0.34–0.47,
///   custom tools);
/// * an object `{"content", "success"}` (the function-call payload);
/// * text with an `Exit code: N` / `Process exited with code N` line
///   (0.63+), possibly after `Chunk ID` / `Wall time` lines;
/// * text whose first line says it failed ([`FAILURE_PREFIXES`]);
/// * anything else, which is the tool's plain output: success.
fn output_status(output: &Value) -> (bool, bool) {
    let text = match output {
        Value::String(s) => s.as_str(),
        Value::Object(_) => return status_from_json(output),
        _ => return (true, true),
    };
    if let Some(inner) = text.strip_prefix("{\"output\":\"") {
        // `{"output":"…","metadata":{"exit_code":N,…}}`: read the exit code from
        // the tail instead of parsing the whole (often large) output again.
        if let Some(code) = json_exit_code(text) {
            return (code == 0, code == 0 && !failure_text(inner));
        }
    }
    status_from_text(text)
}

fn status_from_json(v: &Value) -> (bool, bool) {
    if let Some(ok) = v.get("success").and_then(Value::as_bool) {
        let body = v.get("content").and_then(Value::as_str).unwrap_or("");
        return (ok, ok && !failure_text(body));
    }
    let code = v
        .get("metadata")
        .and_then(|m| m.get("exit_code"))
        .and_then(Value::as_i64);
    let out = v
        .get("output")
        .or_else(|| v.get("content"))
        .and_then(Value::as_str)
        .unwrap_or("");
    match code {
        Some(c) => (c == 0, c == 0 && !failure_text(out)),
        None => status_from_text(out),
    }
}

/// The integer after the last `"exit_code":` in a JSON text.
fn json_exit_code(text: &str) -> Option<i64> {
    let at = memchr::memmem::rfind(text.as_bytes(), b"\"exit_code\":")?;
    let rest = text[at + 12..].trim_start();
    let end = rest
        .find(|c: char| !(c == '-' || c.is_ascii_digit()))
        .unwrap_or(rest.len());
    rest[..end].parse().ok()
}

fn status_from_text(text: &str) -> (bool, bool) {
    for line in text.lines().take(8) {
        if line == "Output:" {
            break;
        }
        let code = line
            .strip_prefix("Exit code: ")
            .or_else(|| line.strip_prefix("Process exited with code "))
            .and_then(|c| c.trim().parse::<i64>().ok());
        if let Some(c) = code {
            return (c == 0, c == 0);
        }
        if line.trim() == "aborted by user" {
            return (false, false);
        }
    }
    let failed = failure_text(text);
    (!failed, !failed)
}

/// True when the output's first line says the call failed.
fn failure_text(text: &str) -> bool {
    let t = text.trim_start();
    FAILURE_PREFIXES.iter().any(|p| t.starts_with(p))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn statuses() {
        assert_eq!(
            output_status(&json!("{\"output\":\"ok\",\"metadata\":{\"exit_code\":0}}")),
            (true, true)
        );
        assert_eq!(
            output_status(&json!(
                "{\"output\":\"bad\",\"metadata\":{\"exit_code\":2}}"
            )),
            (false, false)
        );
        assert_eq!(
            output_status(&json!("Exit code: 1\nWall time: 0.1 seconds\nOutput:\n")),
            (false, false)
        );
        assert_eq!(
            output_status(&json!("Process exited with code 0\nOutput:\nhi")),
            (true, true)
        );
        assert_eq!(
            output_status(&json!("Failed to apply patch: context not found")),
            (false, false)
        );
        assert_eq!(output_status(&json!("plain output")), (true, true));
        assert_eq!(output_status(&json!("Plan updated")), (true, true));
        // Every failure form seen in real rollouts.
        for failed in [
            "failed in sandbox LinuxSeccomp with execution error: sandbox denied exec error, exit code: 1, stdout: , stderr: Failed to find expected lines in a.py",
            "failed in sandbox MacosSeatbelt with execution error: sandbox denied exec error, exit code: 0, stdout: , stderr: ",
            "execution error: No such file or directory (os error 2)",
            "exec_command failed: SandboxDenied { message: \"denied\" }",
            "exec command rejected by user",
            "patch rejected by user",
            "failed to parse function arguments: missing field `command` at line 1 column 53",
            "unsupported call: shell<|channel|>",
            "error: Failed to find expected lines [\"x\"] in /a.rs",
            "error: invalid hunk at line 3, '[workspace]' is not a valid hunk header",
            "apply_patch verification failed: Failed to find expected lines in /a.md",
            "Wall time: 406.9 seconds\naborted by user",
            "Chunk ID: 97879c\nWall time: 0.05 seconds\nProcess exited with code 1\nOutput:\n",
        ] {
            assert_eq!(output_status(&json!(failed)), (false, false), "{failed}");
        }
        assert_eq!(
            output_status(&json!({"content": "patch rejected by user", "success": false})),
            (false, false)
        );
        assert_eq!(
            output_status(
                &json!({"content": "Success. Updated the following files:\nM a", "success": true})
            ),
            (true, true)
        );
        // Words of failure in the command's own output are not a failure.
        assert_eq!(
            output_status(&json!(
                "Chunk ID: 1\nProcess exited with code 0\nOutput:\nerror: nothing\n"
            )),
            (true, true)
        );
    }

    #[test]
    fn patch_detection() {
        let argv = json!({"command": ["apply_patch", "*** Begin Patch\n*** End Patch"]});
        assert!(patch_text("shell", &argv).is_some());
        assert!(patch_text("shell", &json!({"command": ["ls"]})).is_none());
        assert!(patch_text("apply_patch", &json!({"input": "*** Begin Patch"})).is_some());
        let heredoc =
            "apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: a\n+x\n*** End Patch\nEOF";
        assert!(patch_text("shell", &json!({"command": ["bash", "-lc", heredoc]})).is_some());
        assert!(patch_text("shell_command", &json!({"command": heredoc})).is_some());
        assert!(patch_text(
            "exec_command",
            &json!({"cmd": format!("cd /r && {heredoc}")})
        )
        .is_some());
        assert!(patch_text(
            "exec_command",
            &json!({"cmd": "cat notes.txt # *** Begin Patch"})
        )
        .is_none());
    }
}
