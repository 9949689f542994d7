//! Zed's agent panel: `threads/threads.db` (SQLite; the source layer hands
//! each thread's JSON, zstd-decompressed, as one document).
//!
//! * Version `0.3.0` (2025–): `{title, messages[], updated_at,
//!   initial_project_snapshot{worktree_snapshots[{worktree_path,
//!   git_state{head_sha, current_branch, remote_url}}]}, request_token_usage
//!   {<user message id>: {input_tokens, output_tokens,
//!   cache_read_input_tokens, cache_creation_input_tokens}}, model{provider,
//!   model}, version}`. Messages are tagged: `{"User": {id, content[{Text} |
//!   {Mention} | …]}}` → `user_turn`; `{"Agent": {content[{Text} |
//!   {Thinking{text}} | {ToolUse{id, name, input}}], tool_results{<id>:
//!   {tool_use_id, tool_name, is_error, content, output}}}}` →
//!   `assistant_turn` with its calls and their results; `"Resume"` is
//!   `empty`.
//! * Versions `0.1`/`0.2`: messages `{id, role, segments[{type: text |
//!   thinking, text}], tool_uses[{id, name, input}], tool_results[
//!   {tool_use_id, is_error, content, output}]}`.
//!
//! Zed keeps no per-message times: `session_start` carries the thread's
//! `updated_at`; a request's token usage goes on the first agent message
//! after the user message it is keyed by. The edit tool's arguments name the file but not the text
//! (another model writes it); its result's `output` holds the file's old
//! and new text, which make the `file_edit`.
//!
//! A thread written on one line (as Zed writes it) arrives as one record;
//! a pretty-printed one as its members.

use serde_json::{Map, Value};

use super::chat::{assistant_turn, tool_result, user_turn, Call, Ctx};
use super::kit::{get_str, push_joined, Adapter, Record};
use crate::diag::DiagnosticKind;
use crate::emit::Emitter;
use crate::model::{GitRef, Usage};

#[derive(Clone, Default)]
pub(crate) struct ZedAdapter {
    ctx: Ctx,
    updated_at: Option<String>,
    model: Option<String>,
    /// Messages read so far (ids of those that have none).
    index: u64,
    /// The last user message, whose request's token usage
    /// (`request_token_usage[id]`) the next agent message carries.
    last_user: Option<String>,
}

impl ZedAdapter {
    pub fn new() -> ZedAdapter {
        ZedAdapter::default()
    }

    fn start(&mut self, rec: &Record<'_>, out: &mut Emitter) {
        let (updated_at, model) = (&self.updated_at, &self.model);
        self.ctx
            .ensure_started(rec, out, || (updated_at.clone(), model.clone()));
    }

    /// The thread's header members that shape `session_start`.
    fn header(&mut self, m: &Map<String, Value>) {
        if let Some(t) = get_str(m, "updated_at") {
            self.updated_at = Some(t.to_owned());
        }
        if let Some(model) = m
            .get("model")
            .and_then(|x| x.get("model"))
            .and_then(Value::as_str)
        {
            self.model = Some(model.to_owned());
        }
        if let Some(tree) = m
            .get("initial_project_snapshot")
            .and_then(|s| s.get("worktree_snapshots"))
            .and_then(Value::as_array)
            .and_then(|a| a.first())
        {
            self.ctx.project.cwd = tree
                .get("worktree_path")
                .and_then(Value::as_str)
                .map(str::to_owned);
            if let Some(g) = tree.get("git_state").filter(|g| g.is_object()) {
                let s = |k: &str| g.get(k).and_then(Value::as_str).map(str::to_owned);
                self.ctx.project.git = Some(GitRef {
                    sha: s("head_sha"),
                    branch: s("current_branch"),
                    repository_url: s("remote_url"),
                });
            }
        }
    }

    fn thread(
        &mut self,
        rec: &Record<'_>,
        m: &Map<String, Value>,
        usage: Option<&Map<String, Value>>,
        out: &mut Emitter,
    ) {
        self.header(m);
        self.start(rec, out);
        for msg in m
            .get("messages")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            self.message(rec, msg, usage, out);
        }
    }

    fn message(
        &mut self,
        rec: &Record<'_>,
        msg: &Value,
        usage: Option<&Map<String, Value>>,
        out: &mut Emitter,
    ) {
        self.start(rec, out);
        self.index += 1;
        let sid = self.ctx.session_id.clone().unwrap_or_default();
        let made_id = format!("{sid}:{}", self.index);
        if let Some(u) = msg.get("User") {
            let id = u
                .get("id")
                .and_then(Value::as_str)
                .map(str::to_owned)
                .unwrap_or(made_id);
            self.last_user = Some(id.clone());
            let text = tagged_text(u.get("content"));
            let base = self.ctx.base(rec, Some(id), None);
            return user_turn(out, base, text, None);
        }
        if let Some(a) = msg.get("Agent") {
            let base = self.ctx.base(rec, Some(made_id), None);
            let (mut text, mut thinking, mut calls) = (String::new(), String::new(), Vec::new());
            let results = a.get("tool_results").and_then(Value::as_object);
            for block in a
                .get("content")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                if let Some(t) = block.get("Text").and_then(Value::as_str) {
                    push_joined(&mut text, t, "\n\n");
                } else if let Some(t) = block
                    .get("Thinking")
                    .and_then(|t| t.get("text"))
                    .and_then(Value::as_str)
                {
                    push_joined(&mut thinking, t, "\n\n");
                } else if let Some(u) = block.get("ToolUse") {
                    let id = u.get("id").and_then(Value::as_str).unwrap_or("").to_owned();
                    let name = u
                        .get("name")
                        .and_then(Value::as_str)
                        .unwrap_or("")
                        .to_owned();
                    let args = u.get("input").cloned().unwrap_or(Value::Null);
                    let result = results.and_then(|r| r.get(&id)).map(done);
                    calls.push((
                        Call {
                            id,
                            name,
                            args,
                            result: None,
                            timestamp: None,
                        },
                        result,
                    ));
                }
            }
            return self.agent_turn(base, text, thinking, calls, usage, out);
        }
        if let Some(role) = msg.get("role").and_then(Value::as_str) {
            // Versions 0.1 / 0.2.
            let id = msg
                .get("id")
                .map(|v| {
                    format!(
                        "{sid}:{}",
                        v.as_str().map_or_else(|| v.to_string(), str::to_owned)
                    )
                })
                .unwrap_or(made_id);
            let base = self.ctx.base(rec, Some(id), None);
            let (mut text, mut thinking) = (String::new(), String::new());
            for s in msg
                .get("segments")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                let t = s.get("text").and_then(Value::as_str).unwrap_or("");
                match s.get("type").and_then(Value::as_str) {
                    Some("thinking") => push_joined(&mut thinking, t, "\n\n"),
                    _ => push_joined(&mut text, t, "\n\n"),
                }
            }
            if role == "user" {
                return user_turn(out, base, text, None);
            }
            let results: Vec<&Value> = msg
                .get("tool_results")
                .and_then(Value::as_array)
                .map(|a| a.iter().collect())
                .unwrap_or_default();
            let mut calls = Vec::new();
            for u in msg
                .get("tool_uses")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                let id = u.get("id").and_then(Value::as_str).unwrap_or("").to_owned();
                let result = results
                    .iter()
                    .find(|r| r.get("tool_use_id").and_then(Value::as_str) == Some(id.as_str()))
                    .map(|r| done(r));
                let call = Call {
                    id,
                    name: u
                        .get("name")
                        .and_then(Value::as_str)
                        .unwrap_or("")
                        .to_owned(),
                    args: u.get("input").cloned().unwrap_or(Value::Null),
                    result: None,
                    timestamp: None,
                };
                calls.push((call, result));
            }
            return self.agent_turn(base, text, thinking, calls, None, out);
        }
        if msg.as_str() == Some("Resume") {
            return out.diag(DiagnosticKind::Empty, rec.loc(), "resume marker");
        }
        let base = self.ctx.base(rec, Some(made_id), None);
        out.emit(
            base,
            crate::model::EventKind::Unknown {
                raw_type: "message".to_owned(),
                raw: msg.clone(),
            },
        );
    }

    /// Emits an agent turn, its calls, then each call's result and the file
    /// edit an edit tool's result records.
    fn agent_turn(
        &mut self,
        base: super::kit::Base,
        text: String,
        thinking: String,
        calls: Vec<(Call, Option<Done>)>,
        usage: Option<&Map<String, Value>>,
        out: &mut Emitter,
    ) {
        // The request a user message started is counted on the first agent
        // message after it.
        let usage = self
            .last_user
            .take()
            .and_then(|u| usage.and_then(|m| m.get(&u)))
            .and_then(token_usage);
        let mut results = Vec::new();
        let mut plain = Vec::new();
        for (call, result) in calls {
            if let Some(r) = result {
                results.push((
                    call.id.clone(),
                    call.name.clone(),
                    edit_args(&call.args, &r.raw),
                    (r.ok, r.output),
                ));
            }
            plain.push(call);
        }
        assistant_turn(
            out,
            base.clone(),
            text,
            thinking,
            self.model.clone(),
            usage,
            plain,
        );
        for (id, name, args, (ok, output)) in results {
            tool_result(out, base.clone(), id, &name, &args, ok, output);
        }
    }
}

/// A request's token counts `{input_tokens, output_tokens,
/// cache_read_input_tokens, cache_creation_input_tokens}`.
fn token_usage(v: &Value) -> Option<Usage> {
    let n = |k: &str| v.get(k).and_then(Value::as_u64).unwrap_or(0);
    v.as_object().filter(|m| !m.is_empty())?;
    Some(Usage {
        input_tokens: n("input_tokens"),
        output_tokens: n("output_tokens"),
        cache_read_tokens: n("cache_read_input_tokens"),
        cache_creation_tokens: n("cache_creation_input_tokens"),
    })
}

/// The text of a tagged content list (`[{Text: "…"}, {Mention: …}]`).
fn tagged_text(v: Option<&Value>) -> String {
    let mut text = String::new();
    for b in v.and_then(Value::as_array).into_iter().flatten() {
        if let Some(t) = b.get("Text").and_then(Value::as_str) {
            push_joined(&mut text, t, "\n\n");
        } else if let Some(t) = b.as_str() {
            push_joined(&mut text, t, "\n\n");
        }
    }
    text
}

/// A call's result: whether it succeeded, what it said, and the tool's own
/// record of what it did (`output`).
#[derive(Clone)]
struct Done {
    ok: bool,
    output: Value,
    raw: Value,
}

fn done(r: &Value) -> Done {
    Done {
        ok: r.get("is_error").and_then(Value::as_bool) != Some(true),
        output: result_output(r),
        raw: r.get("output").cloned().unwrap_or(Value::Null),
    }
}

/// A tool result's output: its text content, else its `output`.
fn result_output(r: &Value) -> Value {
    match r.get("content") {
        Some(Value::Object(c)) if c.get("Text").is_some_and(Value::is_string) => c["Text"].clone(),
        Some(Value::String(s)) => Value::String(s.clone()),
        _ => r.get("output").cloned().unwrap_or(Value::Null),
    }
}

/// The arguments an edit is read from: the call's, with the file's old and
/// new text from the result's `output` when the edit tool recorded them.
fn edit_args(args: &Value, output: &Value) -> Value {
    let (Some(old), Some(new)) = (
        output.get("old_text").and_then(Value::as_str),
        output.get("new_text").and_then(Value::as_str),
    ) else {
        return args.clone();
    };
    let path = args
        .get("path")
        .and_then(Value::as_str)
        .or(output.get("original_path").and_then(Value::as_str));
    match path {
        Some(p) => serde_json::json!({ "path": p, "old_string": old, "new_string": new }),
        None => args.clone(),
    }
}

impl Adapter for ZedAdapter {
    fn record(&mut self, rec: Record<'_>, out: &mut Emitter) {
        let Some(v) = rec.value(out) else { return };
        match (rec.field, &v) {
            (None, Value::Object(m)) if m.contains_key("messages") => {
                let usage = m.get("request_token_usage").and_then(Value::as_object);
                self.thread(&rec, m, usage, out);
            }
            (Some("messages"), msg) => self.message(&rec, msg, None, out),
            (Some("updated_at"), Value::String(t)) => {
                self.updated_at = Some(t.clone());
                out.diag(DiagnosticKind::Empty, rec.loc(), "thread header member");
            }
            (Some("model"), m) => {
                self.model = m.get("model").and_then(Value::as_str).map(str::to_owned);
                out.diag(DiagnosticKind::Empty, rec.loc(), "thread header member");
            }
            (Some("initial_project_snapshot"), s) => {
                let mut m = Map::new();
                m.insert("initial_project_snapshot".to_owned(), s.clone());
                self.header(&m);
                out.diag(DiagnosticKind::Empty, rec.loc(), "thread header member");
            }
            (Some(_), _) => out.diag(DiagnosticKind::Empty, rec.loc(), "thread header member"),
            _ => {
                self.start(&rec, out);
                let base = self.ctx.base(&rec, None, None);
                out.emit_unknown(base, "record".to_owned(), &rec);
            }
        }
    }

    fn finish(&mut self, _out: &mut Emitter) {}
}
