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

use std::borrow::Cow;
use std::collections::{BTreeMap, VecDeque};

use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use super::kit::{push_joined, Adapter, Base, Held, Loc, Parsed, Record, TurnDraft};
use crate::diag::DiagnosticKind;
use crate::diff;
use crate::emit::Emitter;
use crate::model::{EventKind, GitRef, Injected, Part, ProjectRef, SeqRange, Usage};

/// How many sidechain chain tips are remembered for attribution.
const MAX_SIDECHAIN_TIPS: usize = 4096;
/// How many recent Task prompts are remembered to name inline sidechains.
const MAX_TASK_PROMPTS: usize = 64;

/// The fields of a line the adapter reads; everything else is skipped.
#[derive(Clone, Deserialize)]
struct Line<'a> {
    #[serde(rename = "type", borrow, default)]
    ty: Option<Cow<'a, str>>,
    #[serde(borrow, default)]
    subtype: Option<Cow<'a, str>>,
    #[serde(borrow, default)]
    uuid: Option<Cow<'a, str>>,
    #[serde(rename = "parentUuid", borrow, default)]
    parent_uuid: Option<Cow<'a, str>>,
    #[serde(rename = "logicalParentUuid", borrow, default)]
    logical_parent_uuid: Option<Cow<'a, str>>,
    #[serde(rename = "sessionId", borrow, default)]
    session_id: Option<Cow<'a, str>>,
    #[serde(borrow, default)]
    timestamp: Option<Cow<'a, str>>,
    #[serde(borrow, default)]
    cwd: Option<Cow<'a, str>>,
    #[serde(rename = "gitBranch", borrow, default)]
    git_branch: Option<Cow<'a, str>>,
    #[serde(borrow, default)]
    version: Option<Cow<'a, str>>,
    #[serde(rename = "agentId", borrow, default)]
    agent_id: Option<Cow<'a, str>>,
    #[serde(rename = "isSidechain", default)]
    is_sidechain: Option<bool>,
    #[serde(rename = "isMeta", default)]
    is_meta: Option<bool>,
    #[serde(rename = "isCompactSummary", default)]
    is_compact_summary: Option<bool>,
    #[serde(borrow, default)]
    message: Option<Message<'a>>,
    #[serde(rename = "toolUseResult", borrow, default)]
    tool_use_result: Option<&'a RawValue>,
}

#[derive(Clone, Deserialize)]
struct Message<'a> {
    #[serde(borrow, default)]
    id: Option<Cow<'a, str>>,
    #[serde(borrow, default)]
    model: Option<Cow<'a, str>>,
    #[serde(default)]
    content: Option<Content>,
    #[serde(default)]
    usage: Option<UsageIn>,
}

#[derive(Clone, Deserialize)]
struct UsageIn {
    #[serde(default)]
    input_tokens: Option<u64>,
    #[serde(default)]
    output_tokens: Option<u64>,
    #[serde(default)]
    cache_read_input_tokens: Option<u64>,
    #[serde(default)]
    cache_creation_input_tokens: Option<u64>,
}

/// A message's content: a plain string or an array of blocks. Read in one
/// pass; any other JSON shape fails the typed read and the line is kept whole.
#[derive(Clone)]
enum Content {
    Text(String),
    Blocks(Vec<Block>),
}

impl<'de> Deserialize<'de> for Content {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Content, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Content;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a string or an array of content blocks")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Content, E> {
                Ok(Content::Text(v.to_owned()))
            }
            fn visit_string<E: serde::de::Error>(self, v: String) -> Result<Content, E> {
                Ok(Content::Text(v))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Content, A::Error> {
                let mut blocks = Vec::new();
                while let Some(b) = seq.next_element::<Block>()? {
                    blocks.push(b);
                }
                Ok(Content::Blocks(blocks))
            }
        }
        d.deserialize_any(V)
    }
}

/// One content block. Known fields are read into place; for blocks of a type
/// the adapter does not know, every other field is kept so the block can be
/// passed on verbatim as a `Part::Other`.
#[derive(Clone, Default)]
struct Block {
    ty: String,
    text: Option<String>,
    thinking: Option<String>,
    id: Option<String>,
    name: Option<String>,
    input: Option<Value>,
    tool_use_id: Option<String>,
    content: Option<Value>,
    is_error: Option<bool>,
    source: Option<Value>,
    extra: Map<String, Value>,
}

const KNOWN_BLOCKS: [&str; 5] = ["text", "thinking", "tool_use", "tool_result", "image"];

impl Block {
    fn is_known(&self) -> bool {
        KNOWN_BLOCKS.contains(&self.ty.as_str())
    }

    /// The block as JSON again (for unknown block types).
    fn into_value(self) -> Value {
        let mut m = self.extra;
        m.insert("type".into(), Value::String(self.ty));
        let strings = [
            ("text", self.text),
            ("thinking", self.thinking),
            ("id", self.id),
            ("name", self.name),
            ("tool_use_id", self.tool_use_id),
        ];
        for (k, v) in strings {
            if let Some(v) = v {
                m.insert(k.into(), Value::String(v));
            }
        }
        for (k, v) in [
            ("input", self.input),
            ("content", self.content),
            ("source", self.source),
        ] {
            if let Some(v) = v {
                m.insert(k.into(), v);
            }
        }
        if let Some(e) = self.is_error {
            m.insert("is_error".into(), Value::Bool(e));
        }
        Value::Object(m)
    }
}

impl<'de> Deserialize<'de> for Block {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Block, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Block;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a content block object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Block, A::Error> {
                let mut b = Block::default();
                let mut known_type = false;
                while let Some(key) = map.next_key::<Cow<'de, str>>()? {
                    match key.as_ref() {
                        "type" => {
                            b.ty = map.next_value()?;
                            known_type = b.is_known();
                        }
                        "text" => b.text = map.next_value()?,
                        "thinking" => b.thinking = map.next_value()?,
                        "id" => b.id = map.next_value()?,
                        "name" => b.name = map.next_value()?,
                        "input" => b.input = Some(map.next_value()?),
                        "tool_use_id" => b.tool_use_id = map.next_value()?,
                        "content" => b.content = Some(map.next_value()?),
                        "is_error" => b.is_error = map.next_value()?,
                        "source" => b.source = Some(map.next_value()?),
                        _ if known_type => {
                            map.next_value::<serde::de::IgnoredAny>()?;
                        }
                        _ => {
                            let v: Value = map.next_value()?;
                            b.extra.insert(key.into_owned(), v);
                        }
                    }
                }
                if b.is_known() {
                    b.extra = Map::new();
                }
                Ok(b)
            }
        }
        d.deserialize_map(V)
    }
}

#[derive(Clone, Default)]
pub(crate) struct ClaudeAdapter {
    session_id: Option<String>,
    cwd: Option<String>,
    branch: Option<String>,
    started: bool,
    pending: Option<PendingTurn>,
    /// seq just after the last compaction (start of the next replaced range).
    last_compaction_end: u64,
    /// 1.0.x inline sidechains: chain tip uuid → (agent id, insertion order).
    tips: BTreeMap<String, (String, u64)>,
    tip_counter: u64,
    last_sidechain_agent: Option<String>,
    /// Recent Task/Agent calls: (prompt, call id).
    task_prompts: VecDeque<(String, String)>,
    /// Metadata lines seen before the first conversation line, held so that
    /// `session_start` comes first.
    prelude: Held<String, MAX_PRELUDE>,
    prelude_done: bool,
    /// Responses whose usage was already emitted, with the counts given out,
    /// so that a response continued after tool results is counted once.
    usage_given: VecDeque<(u64, Usage)>,
    /// Large tool outputs kept beside the session (`<session>/tool-results/
    /// <tool_use_id>.txt`), by call id, until their result line comes; the
    /// source layer hands them first, each as `{"persisted_output":
    /// {tool_use_id, content}}`. At most [`MAX_SIDECAR_BYTES`] in all.
    sidecars: BTreeMap<String, String>,
    sidecar_bytes: usize,
    /// Whether the current file holds such outputs (known at its first
    /// record, from its name).
    sidecar_file: Option<bool>,
}

/// How many bytes of tool outputs kept beside the session may wait for
/// their results; past it, a result keeps the preview its line holds.
const MAX_SIDECAR_BYTES: usize = 64 << 20;

/// How many metadata lines may wait for the first conversation line.
const MAX_PRELUDE: usize = 64;
/// How many recent responses are remembered for counting usage once. A
/// response continues within a few lines of where it started (after the
/// results of its parallel tool calls), far inside this window.
const MAX_USAGE_GIVEN: usize = 256;

#[derive(Clone)]
struct PendingTurn {
    turn: TurnDraft,
    message_id: String,
    model: Option<String>,
}

/// The envelope fields shared by user/assistant/system lines.
#[derive(Clone)]
struct Envelope {
    uuid: Option<String>,
    parent: Option<String>,
    logical_parent: Option<String>,
    timestamp: Option<String>,
    sidechain: bool,
    agent_id: Option<String>,
}

fn owned(c: &Option<Cow<'_, str>>) -> Option<String> {
    c.as_deref().map(str::to_owned)
}

/// Replaces `slot` with `value` only when it differs, to avoid reallocating.
fn update(slot: &mut Option<String>, value: Option<&str>) {
    if slot.as_deref() != value {
        *slot = value.map(str::to_owned);
    }
}

impl ClaudeAdapter {
    pub fn new() -> ClaudeAdapter {
        ClaudeAdapter::default()
    }

    fn project(&self) -> ProjectRef {
        ProjectRef {
            cwd: self.cwd.clone(),
            repo_root: None,
            git: self.branch.as_ref().map(|b| GitRef {
                sha: None,
                branch: Some(b.clone()),
                repository_url: None,
            }),
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
            merged_lines: Vec::new(),
            file: None,
        }
    }

    fn flush(&mut self, out: &mut Emitter) {
        if let Some(mut p) = self.pending.take() {
            p.turn.usage = self.count_once(&p.message_id, p.turn.usage);
            p.turn.emit(out, p.model, Some(p.message_id));
        }
    }

    /// The usage an event of response `message_id` adds to the session's
    /// accounting. Claude Code writes one response as several lines, each
    /// repeating the response's usage; lines merged into one event already
    /// keep only the last. When tool results interrupt the response (parallel
    /// tool calls), it becomes several events: the first carries the usage
    /// known then, a later one only what the tool reported since (null when
    /// nothing grew), so summing usage over events gives one usage per
    /// `message.id`.
    fn count_once(&mut self, message_id: &str, usage: Option<Usage>) -> Option<Usage> {
        let usage = usage?;
        let key = {
            use std::hash::{Hash, Hasher};
            let mut h = std::hash::DefaultHasher::new();
            message_id.hash(&mut h);
            h.finish()
        };
        let Some(i) = self.usage_given.iter().rposition(|(k, _)| *k == key) else {
            self.usage_given.push_back((key, usage));
            if self.usage_given.len() > MAX_USAGE_GIVEN {
                self.usage_given.pop_front();
            }
            return Some(usage);
        };
        let given = &mut self.usage_given[i].1;
        let grown = Usage {
            input_tokens: usage.input_tokens.saturating_sub(given.input_tokens),
            output_tokens: usage.output_tokens.saturating_sub(given.output_tokens),
            cache_read_tokens: usage
                .cache_read_tokens
                .saturating_sub(given.cache_read_tokens),
            cache_creation_tokens: usage
                .cache_creation_tokens
                .saturating_sub(given.cache_creation_tokens),
        };
        given.input_tokens = given.input_tokens.max(usage.input_tokens);
        given.output_tokens = given.output_tokens.max(usage.output_tokens);
        given.cache_read_tokens = given.cache_read_tokens.max(usage.cache_read_tokens);
        given.cache_creation_tokens = given.cache_creation_tokens.max(usage.cache_creation_tokens);
        (grown != Usage::default()).then_some(grown)
    }

    /// Reads the envelope and updates the session state it carries.
    fn envelope(&mut self, line: &Line<'_>, prompt: Option<&str>) -> Envelope {
        if line.session_id.is_some() {
            update(&mut self.session_id, line.session_id.as_deref());
        }
        if line.cwd.is_some() {
            update(&mut self.cwd, line.cwd.as_deref());
        }
        if let Some(branch) = line.git_branch.as_deref() {
            update(&mut self.branch, Some(branch).filter(|b| !b.is_empty()));
        }
        let uuid = owned(&line.uuid);
        let parent = owned(&line.parent_uuid);
        let sidechain = line.is_sidechain.unwrap_or(false);
        let agent_id = if !sidechain {
            None
        } else if let Some(a) = line.agent_id.as_deref() {
            Some(a.to_owned())
        } else {
            Some(self.inline_sidechain_agent(uuid.as_deref(), parent.as_deref(), prompt))
        };
        Envelope {
            uuid,
            parent,
            logical_parent: owned(&line.logical_parent_uuid),
            timestamp: owned(&line.timestamp),
            sidechain,
            agent_id,
        }
    }

    /// Attributes a 1.0.x sidechain line (no `agentId`) to an agent by following
    /// `parentUuid` to the chain it extends.
    fn inline_sidechain_agent(
        &mut self,
        uuid: Option<&str>,
        parent: Option<&str>,
        prompt: Option<&str>,
    ) -> String {
        let from_parent = parent.and_then(|p| self.tips.remove(p)).map(|(a, _)| a);
        let agent = match from_parent {
            Some(a) => a,
            None if parent.is_none() => {
                // A new chain: name it after the Task call whose prompt it carries.
                let by_prompt = prompt.and_then(|p| {
                    let idx = self.task_prompts.iter().position(|(tp, _)| tp == p)?;
                    self.task_prompts.remove(idx).map(|(_, id)| id)
                });
                by_prompt.unwrap_or_else(|| format!("sidechain-{}", uuid.unwrap_or("unknown")))
            }
            None => self
                .last_sidechain_agent
                .clone()
                .unwrap_or_else(|| format!("sidechain-{}", parent.unwrap_or("unknown"))),
        };
        if let Some(u) = uuid {
            self.tip_counter += 1;
            self.tips
                .insert(u.to_owned(), (agent.clone(), self.tip_counter));
            if self.tips.len() > MAX_SIDECHAIN_TIPS {
                // Drop the oldest tip; deterministic because the counter is.
                if let Some(oldest) = self
                    .tips
                    .iter()
                    .min_by_key(|(_, (_, n))| *n)
                    .map(|(k, _)| k.clone())
                {
                    self.tips.remove(&oldest);
                }
            }
        }
        self.last_sidechain_agent = Some(agent.clone());
        agent
    }

    fn maybe_start(&mut self, line: &Line<'_>, env: &Envelope, loc: Loc, out: &mut Emitter) {
        if self.started || env.sidechain || self.session_id.is_none() {
            return;
        }
        self.started = true;
        let event_id = format!(
            "{}:session_start",
            self.session_id.as_deref().unwrap_or_default()
        );
        let base = Base {
            parent_id: None,
            logical_parent_id: None,
            ..self.base(env, event_id, loc)
        };
        out.emit(
            base,
            EventKind::SessionStart {
                cwd: self.cwd.clone(),
                git: self.project().git,
                model: None,
                tool_version: owned(&line.version),
            },
        );
    }

    /// Keeps a record verbatim as an `unknown` event.
    fn unknown(
        &mut self,
        rec: Record<'_>,
        raw: Value,
        raw_type: String,
        agent_id: Option<String>,
        out: &mut Emitter,
    ) {
        let s = |k: &str| raw.get(k).and_then(Value::as_str);
        if let Some(sid) = s("sessionId") {
            update(&mut self.session_id, Some(sid));
        }
        let base = Base {
            session_id: self.session_id.clone(),
            event_id: s("uuid")
                .map(str::to_owned)
                .unwrap_or_else(|| rec.content_id()),
            parent_id: s("parentUuid").map(str::to_owned),
            logical_parent_id: None,
            timestamp: s("timestamp").map(str::to_owned),
            project: self.project(),
            agent_id: agent_id.or_else(|| s("agentId").map(str::to_owned)),
            loc: rec.loc(),
            merged_lines: Vec::new(),
            file: None,
        };
        out.emit(base, EventKind::Unknown { raw_type, raw });
    }

    fn user(
        &mut self,
        line: Line<'_>,
        env: Envelope,
        rec: Record<'_>,
        content: Option<Content>,
        out: &mut Emitter,
    ) {
        let loc = rec.loc();
        let line_id = env.uuid.clone().unwrap_or_else(|| rec.content_id());
        let mut text = String::new();
        let mut parts = Vec::new();
        let mut results: Vec<(String, Value, bool)> = Vec::new();
        match content {
            Some(Content::Text(s)) => {
                text.clone_from(&s);
                parts.push(Part::Text { text: s });
            }
            Some(Content::Blocks(blocks)) => {
                for block in blocks {
                    if !block.is_known() {
                        parts.push(Part::Other {
                            raw: block.into_value(),
                        });
                        continue;
                    }
                    let b = block;
                    match b.ty.as_str() {
                        "text" => {
                            let t = b.text.unwrap_or_default();
                            push_joined(&mut text, &t, "\n");
                            parts.push(Part::Text { text: t });
                        }
                        "thinking" => parts.push(Part::Thinking {
                            text: b.thinking.unwrap_or_default(),
                        }),
                        "image" => parts.push(image_part(b.source)),
                        "tool_result" => results.push((
                            b.tool_use_id.unwrap_or_default(),
                            b.content.unwrap_or(Value::Null),
                            b.is_error.unwrap_or(false),
                        )),
                        // A tool_use block on a user line: keep it as a part.
                        _ => parts.push(Part::ToolUse {
                            id: b.id.unwrap_or_default(),
                            name: b.name.unwrap_or_default(),
                            input: Some(b.input.unwrap_or(Value::Null)),
                        }),
                    }
                }
            }
            None => {}
        }

        if !parts.is_empty() || results.is_empty() {
            let injected = if env.sidechain {
                Some(Injected::SubagentPrompt)
            } else {
                classify_injected(
                    &text,
                    line.is_meta.unwrap_or(false),
                    line.is_compact_summary.unwrap_or(false),
                )
            };
            let base = self.base(&env, line_id, loc);
            out.emit(
                base,
                EventKind::UserTurn {
                    text,
                    parts,
                    injected,
                },
            );
        }

        let single = results.len() == 1;
        for (call_id, output, is_error) in results {
            let output = self.full_output(&call_id, output);
            let base = self.base(&env, format!("{call_id}:result"), loc);
            let edit_base = if single && !is_error {
                Some(base.clone())
            } else {
                None
            };
            out.emit(
                base,
                EventKind::ToolResult {
                    call_id: call_id.clone(),
                    ok: !is_error,
                    output,
                },
            );
            let mut problems = Vec::new();
            let diff = edit_base.zip(line.tool_use_result).and_then(|(b, raw)| {
                Some((b, diff::from_claude_tool_result(raw.get(), &mut problems)?))
            });
            for p in problems {
                out.diag(DiagnosticKind::Malformed, loc, p);
            }
            if let Some((mut b, diff)) = diff {
                b.event_id = format!("{call_id}:edit");
                out.emit(b, EventKind::FileEdit { call_id, diff });
            }
        }
    }

    fn assistant(
        &mut self,
        line: Line<'_>,
        env: Envelope,
        rec: Record<'_>,
        content: Option<Content>,
        out: &mut Emitter,
    ) {
        let loc = rec.loc();
        let line_id = env.uuid.clone().unwrap_or_else(|| rec.content_id());
        let msg = line.message.as_ref();
        let message_id = msg
            .and_then(|m| m.id.as_deref())
            .map(str::to_owned)
            .unwrap_or_else(|| line_id.clone());
        let same = matches!(&self.pending, Some(p) if p.message_id == message_id && p.turn.base.agent_id == env.agent_id);
        if !same {
            self.flush(out);
            let base = self.base(&env, line_id, loc);
            self.pending = Some(PendingTurn {
                turn: TurnDraft::new(base),
                message_id,
                model: msg.and_then(|m| owned(&m.model)),
            });
        }
        let usage = msg.and_then(|m| m.usage.as_ref()).map(|u| Usage {
            input_tokens: u.input_tokens.unwrap_or(0),
            output_tokens: u.output_tokens.unwrap_or(0),
            cache_read_tokens: u.cache_read_input_tokens.unwrap_or(0),
            cache_creation_tokens: u.cache_creation_input_tokens.unwrap_or(0),
        });
        let call_base = self.base(&env, String::new(), loc);
        let is_main = env.agent_id.is_none();
        let p = &mut self.pending.as_mut().expect("pending turn set above").turn;
        if same {
            p.base.merged_lines.push(loc.line_no);
        }
        if usage.is_some() {
            // Streamed lines repeat the usage; the last one is the complete count.
            p.usage = usage;
        }
        let mut new_prompts = Vec::new();
        match content {
            Some(Content::Blocks(blocks)) => {
                for block in blocks {
                    if !block.is_known() {
                        p.parts.push(Part::Other {
                            raw: block.into_value(),
                        });
                        continue;
                    }
                    let b = block;
                    match b.ty.as_str() {
                        "text" => {
                            let t = b.text.unwrap_or_default();
                            push_joined(&mut p.text, &t, "\n\n");
                            p.parts.push(Part::Text { text: t });
                        }
                        "thinking" => {
                            let t = b.thinking.unwrap_or_default();
                            push_joined(&mut p.thinking, &t, "\n\n");
                            p.parts.push(Part::Thinking { text: t });
                        }
                        "tool_use" => {
                            let id = b.id.unwrap_or_default();
                            let name = b.name.unwrap_or_default();
                            let input = b.input.unwrap_or(Value::Null);
                            if is_main && SUBAGENT_TOOLS.contains(&name.as_str()) {
                                if let Some(prompt) = input.get("prompt").and_then(Value::as_str) {
                                    new_prompts.push((prompt.to_owned(), id.clone()));
                                }
                            }
                            let mut base = call_base.clone();
                            if id.is_empty() {
                                // No id of the tool's: the record's, as for
                                // any record without one.
                                base.event_id = rec.content_id();
                            }
                            p.add_call(base, id, name, input);
                        }
                        "image" => p.parts.push(image_part(b.source)),
                        _ => p.parts.push(Part::ToolResult {
                            tool_use_id: b.tool_use_id.unwrap_or_default(),
                            content: b.content.unwrap_or(Value::Null),
                            is_error: b.is_error.unwrap_or(false),
                        }),
                    }
                }
            }
            Some(Content::Text(s)) => {
                push_joined(&mut p.text, &s, "\n\n");
                p.parts.push(Part::Text { text: s });
            }
            None => {}
        }
        for entry in new_prompts {
            self.task_prompts.push_back(entry);
            if self.task_prompts.len() > MAX_TASK_PROMPTS {
                self.task_prompts.pop_front();
            }
        }
    }

    fn compaction(&mut self, env: Envelope, rec: Record<'_>, out: &mut Emitter) {
        let event_id = env.uuid.clone().unwrap_or_else(|| rec.content_id());
        let base = self.base(&env, event_id, rec.loc());
        let replaced = SeqRange {
            start: self.last_compaction_end,
            end: out.next_seq,
        };
        let seq = out.emit(
            base,
            EventKind::Compaction {
                replaced,
                summary: None,
            },
        );
        self.last_compaction_end = seq + 1;
    }
}

/// Claude Code's calls that start a subagent: `Task`, renamed `Agent` in 2.1.63.
const SUBAGENT_TOOLS: &[&str] = &["Task", "Agent"];

impl Adapter for ClaudeAdapter {
    fn subagent_tools(&self) -> &'static [&'static str] {
        SUBAGENT_TOOLS
    }

    fn record(&mut self, rec: Record<'_>, out: &mut Emitter) {
        let sidecar = *self
            .sidecar_file
            .get_or_insert_with(|| out.file.as_deref().is_some_and(is_tool_results_file));
        if sidecar {
            return self.sidecar(&rec, out);
        }
        let mut line: Line<'_> = match rec.parse(out) {
            None => return,
            Some(Parsed::Typed(line)) => line,
            Some(Parsed::Raw(raw)) => {
                // Valid JSON whose shape is not a Claude Code line we know.
                self.flush(out);
                let raw_type = match raw.get("type").and_then(Value::as_str) {
                    Some(t) => format!("malformed:{t}"),
                    None if raw.is_object() => "untyped".to_owned(),
                    None => "non_object".to_owned(),
                };
                return self.unknown(rec, raw, raw_type, None, out);
            }
        };
        if !self.prelude_done {
            if line.uuid.is_none()
                && self
                    .prelude
                    .hold(rec.text.len(), || rec.text.to_owned(), rec.loc())
            {
                return;
            }
            self.prelude_done = true;
            if line.uuid.is_some() {
                let env = self.envelope(&line, None);
                self.maybe_start(&line, &env, rec.loc(), out);
            }
            self.replay_prelude(out);
        }
        let ty = line.ty.as_deref().unwrap_or("");
        let continues_turn = ty == "assistant"
            && matches!((&self.pending, line.message.as_ref().and_then(|m| m.id.as_deref())),
                        (Some(p), Some(id)) if p.message_id == id);
        if !continues_turn {
            self.flush(out);
        }
        let is_compact = ty == "system" && line.subtype.as_deref() == Some("compact_boundary");
        if ty == "user" || ty == "assistant" || is_compact {
            let content = line.message.as_mut().and_then(|m| m.content.take());
            let prompt = match &content {
                Some(Content::Text(t)) => Some(t.as_str()),
                _ => None,
            };
            let env = self.envelope(&line, prompt);
            self.maybe_start(&line, &env, rec.loc(), out);
            match ty {
                "user" => self.user(line, env, rec, content, out),
                "assistant" => self.assistant(line, env, rec, content, out),
                _ => self.compaction(env, rec, out),
            }
            return;
        }
        // summary, progress, attachment, file-history-snapshot, queue-operation,
        // permission-mode, ai-title, last-prompt, other system lines, …: verbatim.
        let raw_type = match (ty, line.subtype.as_deref()) {
            ("", _) => "untyped".to_owned(),
            ("system", Some(sub)) => format!("system:{sub}"),
            (t, _) => t.to_owned(),
        };
        let mut agent_id = None;
        if line.uuid.is_some() {
            let env = self.envelope(&line, None);
            self.maybe_start(&line, &env, rec.loc(), out);
            agent_id = env.agent_id;
        }
        if let Some(raw) = rec.value(out) {
            self.unknown(rec, raw, raw_type, agent_id, out);
        }
    }

    fn finish(&mut self, out: &mut Emitter) {
        self.prelude_done = true;
        self.replay_prelude(out);
        self.flush(out);
    }

    /// A turn still open at the end of a file (a session's main file before
    /// its subagents' files) is its file's.
    fn end_file(&mut self, out: &mut Emitter) {
        if self.sidecar_file != Some(true) {
            self.finish(out);
        }
    }

    fn begin_file(&mut self, _name: &str, _out: &mut Emitter) {
        self.sidecar_file = None;
    }
}

/// Whether a file is one of a session's large tool outputs
/// (`<session>/tool-results/<tool_use_id>.txt`).
fn is_tool_results_file(name: &str) -> bool {
    let mut parts = name.rsplit(['/', '\\']);
    let file = parts.next().unwrap_or("");
    file.ends_with(".txt") && parts.next() == Some("tool-results")
}

impl ClaudeAdapter {
    /// A tool output kept beside the session, held for its result.
    fn sidecar(&mut self, rec: &Record<'_>, out: &mut Emitter) {
        let Some(v) = rec.value(out) else { return };
        let held = v
            .get("persisted_output")
            .and_then(|p| Some((p.get("tool_use_id")?.as_str()?, p.get("content")?.as_str()?)));
        match held {
            Some((id, content)) if self.sidecar_bytes + content.len() <= MAX_SIDECAR_BYTES => {
                self.sidecar_bytes += content.len();
                if let Some(old) = self.sidecars.insert(id.to_owned(), content.to_owned()) {
                    self.sidecar_bytes -= old.len();
                }
                out.diag(DiagnosticKind::Empty, rec.loc(), "a large tool output kept beside the session, read into its result");
            }
            Some(_) => out.diag(DiagnosticKind::RecordTooLarge, rec.loc(), "tool outputs beside the session exceed 64 MiB: this one is not read (its result keeps the preview)"),
            None if v.get("persisted_output").and_then(|p| p.get("bytes")).is_some() => {
                out.diag(DiagnosticKind::RecordTooLarge, rec.loc(), "a tool output beside the session over 64 MiB is not read (its result keeps the preview)")
            }
            None => {
                let base = Base { session_id: self.session_id.clone(), event_id: rec.content_id(), loc: rec.loc(), ..Base::default() };
                out.emit_unknown(base, "tool_results_file".to_owned(), rec);
            }
        }
    }

    /// A result whose line holds only a preview of an output kept beside
    /// the session (`<persisted-output>`) gets the whole output.
    fn full_output(&mut self, call_id: &str, output: Value) -> Value {
        if self.sidecars.is_empty() {
            return output;
        }
        let persisted = match &output {
            Value::String(s) => s.contains("<persisted-output>"),
            Value::Array(items) => items.iter().any(|i| {
                i.get("text")
                    .and_then(Value::as_str)
                    .is_some_and(|t| t.contains("<persisted-output>"))
            }),
            _ => false,
        };
        match (persisted, self.sidecars.remove(call_id)) {
            (true, Some(full)) => {
                self.sidecar_bytes -= full.len();
                Value::String(full)
            }
            (_, Some(other)) => {
                self.sidecars.insert(call_id.to_owned(), other);
                output
            }
            (_, None) => output,
        }
    }

    fn replay_prelude(&mut self, out: &mut Emitter) {
        for (text, loc) in self.prelude.take() {
            self.record(
                Record {
                    text: &text,
                    line_no: loc.line_no,
                    byte_offset: loc.byte_offset,
                    field: None,
                    ordinal: loc.line_no,
                },
                out,
            );
        }
    }
}

fn image_part(source: Option<Value>) -> Part {
    let source = source.unwrap_or(Value::Null);
    let media_type = source
        .get("media_type")
        .and_then(Value::as_str)
        .map(str::to_owned);
    Part::Image { media_type, source }
}

/// Decides whether user text was injected by Claude Code rather than typed.
pub(crate) fn classify_injected(
    text: &str,
    is_meta: bool,
    is_compact_summary: bool,
) -> Option<Injected> {
    if is_compact_summary
        || text.starts_with("This session is being continued from a previous conversation")
    {
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
    if t.starts_with("<local-command-caveat>")
        || t.starts_with("Caveat: The messages below were generated")
    {
        return Some(Injected::Meta);
    }
    if t.starts_with("[Request interrupted by user") || t.starts_with("[Request cancelled by user")
    {
        // (words the person typed after the notice, in the same message,
        // are theirs: the gate reads them past the notice)
        let line = t.split('\n').next().unwrap_or(t);
        let typed_after = line
            .find(']')
            .is_some_and(|close| !t[close + 1..].trim().is_empty());
        return (!typed_after).then_some(Injected::System);
    }
    for (open, close) in [
        ("<system-reminder>", "</system-reminder>"),
        ("<user-prompt-submit-hook>", "</user-prompt-submit-hook>"),
    ] {
        if t.starts_with(open) {
            // a hook's note placed before the typed request: the request
            // after the closing tag is the person's (the gate reads past
            // the note); a message that is only the note is the tool's
            let typed_after = t
                .find(close)
                .is_some_and(|end| !t[end + close.len()..].trim().is_empty());
            return (!typed_after).then_some(Injected::System);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn injected_classification() {
        assert_eq!(classify_injected("fix the bug", false, false), None);
        assert_eq!(
            classify_injected("anything", true, false),
            Some(Injected::Meta)
        );
        assert_eq!(
            classify_injected("<command-name>/clear</command-name>", false, false),
            Some(Injected::Command)
        );
        assert_eq!(
            classify_injected("[Request interrupted by user for tool use]", false, false),
            Some(Injected::System)
        );
        assert_eq!(
            classify_injected(
                "<system-reminder>\nhook ok\n</system-reminder>",
                false,
                false
            ),
            Some(Injected::System)
        );
        // a request typed after a hook's note is the person's
        assert_eq!(
            classify_injected(
                "<system-reminder>\nhook ok\n</system-reminder>\nadd rate limiting",
                false,
                false
            ),
            None
        );
        // words typed after the notice in the same message are the person's
        assert_eq!(
            classify_injected(
                "[Request interrupted by user]\n\nno, use gitlab ci instead",
                false,
                false
            ),
            None
        );
        assert_eq!(
            classify_injected(
                "This session is being continued from a previous conversation that ran out",
                false,
                false
            ),
            Some(Injected::CompactSummary)
        );
    }
}
