//! Amp threads: `~/.local/share/amp/threads/T-<uuid>.json`, one document
//! `{v, id, created (ms), title, agentMode, messages[], nextMessageId, env,
//! usageLedger, "~debug"}`.
//!
//! Messages `{role, messageId, content[], meta{sentAt}, state, usage}`: user
//! `text` → `user_turn`, user `tool_result{toolUseID, run{status, result}}`
//! → `tool_result` (+ `file_edit` for a successful edit call); assistant
//! `text` / `thinking` / `tool_use` → `assistant_turn` with its calls, usage
//! and model. `id` names the session and `created` starts it; `env` (the
//! repository trees), the ledger and the other members are `empty` or, when
//! not known, `unknown`. Amp writes `env` after the messages: they are held
//! (up to the hold limit) until it comes, so `session_start` names the
//! working directory (the first tree's `file://` URI).

use serde_json::{Map, Value};

use super::chat::{assistant_turn, ms_to_rfc3339, tool_result, user_turn, Call, Ctx};
use super::kit::{get_str, push_joined, Adapter, Held, OwnedRecord, Record};
use crate::diag::DiagnosticKind;
use crate::emit::Emitter;
use crate::model::Usage;

#[derive(Clone, Default)]
pub(crate) struct AmpAdapter {
    ctx: Ctx,
    created: Option<String>,
    calls: super::chat::Waiting,
    /// Messages held until `env` (written after them) gives the working
    /// directory their `session_start` names, within [`HOLD_BYTES`].
    held: Held<OwnedRecord, { usize::MAX }>,
    env_seen: bool,
}

impl AmpAdapter {
    pub fn new() -> AmpAdapter {
        AmpAdapter::default()
    }

    fn start(&mut self, rec: &Record<'_>, out: &mut Emitter) {
        let created = &self.created;
        self.ctx
            .ensure_started(rec, out, || (created.clone(), None));
    }

    fn message(&mut self, rec: &Record<'_>, m: &Map<String, Value>, out: &mut Emitter) {
        self.start(rec, out);
        let ts = m
            .get("meta")
            .and_then(|x| x.get("sentAt"))
            .and_then(ms_to_rfc3339);
        let id = m
            .get("messageId")
            .map(|x| format!("{}:{}", self.ctx.session_id.clone().unwrap_or_default(), x));
        let base = self.ctx.base(rec, id, ts.clone());
        let blocks = m
            .get("content")
            .and_then(Value::as_array)
            .map(Vec::as_slice)
            .unwrap_or(&[]);
        if get_str(m, "role") == Some("assistant") {
            let (mut text, mut thinking, mut calls) = (String::new(), String::new(), Vec::new());
            for b in blocks {
                match b.get("type").and_then(Value::as_str) {
                    Some("text") => push_joined(
                        &mut text,
                        b.get("text").and_then(Value::as_str).unwrap_or(""),
                        "\n\n",
                    ),
                    Some("thinking") => push_joined(
                        &mut thinking,
                        b.get("thinking").and_then(Value::as_str).unwrap_or(""),
                        "\n\n",
                    ),
                    Some("tool_use") => {
                        let id = b.get("id").and_then(Value::as_str).unwrap_or("").to_owned();
                        let name = b
                            .get("name")
                            .and_then(Value::as_str)
                            .unwrap_or("")
                            .to_owned();
                        let args = b.get("input").cloned().unwrap_or(Value::Null);
                        super::chat::wait_for(
                            &mut self.calls,
                            id.clone(),
                            name.clone(),
                            args.clone(),
                        );
                        calls.push(Call {
                            id,
                            name,
                            args,
                            result: None,
                            timestamp: ts.clone(),
                        });
                    }
                    _ => {}
                }
            }
            let u = m.get("usage");
            let model = u
                .and_then(|u| u.get("model"))
                .and_then(Value::as_str)
                .map(str::to_owned);
            assistant_turn(out, base, text, thinking, model, u.and_then(usage), calls);
            return;
        }
        let mut text = String::new();
        for (i, b) in blocks.iter().enumerate() {
            match b.get("type").and_then(Value::as_str) {
                Some("text") => push_joined(
                    &mut text,
                    b.get("text").and_then(Value::as_str).unwrap_or(""),
                    "\n\n",
                ),
                Some("tool_result") => {
                    let cid = b
                        .get("toolUseID")
                        .or(b.get("tool_use_id"))
                        .and_then(Value::as_str)
                        .unwrap_or("")
                        .to_owned();
                    let run = b.get("run");
                    let status = run
                        .and_then(|r| r.get("status"))
                        .and_then(Value::as_str)
                        .unwrap_or("done");
                    let ok = matches!(status, "done" | "success" | "completed");
                    let output = run
                        .map(|r| {
                            r.get("result")
                                .or(r.get("error"))
                                .cloned()
                                .unwrap_or_else(|| r.clone())
                        })
                        .unwrap_or(Value::Null);
                    let (name, args) = self.calls.remove(&cid).unwrap_or_default();
                    let mut rb = base.clone();
                    rb.event_id = format!("{}#{i}", base.event_id);
                    tool_result(out, rb, cid, &name, &args, ok, output);
                }
                _ => {}
            }
        }
        if !text.is_empty() {
            user_turn(out, base, text, None);
        }
    }
}

impl AmpAdapter {
    /// Emits the messages held for `env`, in order.
    fn release(&mut self, out: &mut Emitter) {
        for (kept, _) in self.held.take() {
            let rec = kept.record();
            match &kept.value {
                Value::Object(m) => self.message(&rec, m, out),
                _ => {
                    self.start(&rec, out);
                    out.emit_unknown(self.ctx.base(&rec, None, None), "messages".to_owned(), &rec);
                }
            }
        }
    }
}

fn usage(u: &Value) -> Option<Usage> {
    let n = |k: &str| u.get(k).and_then(Value::as_u64).unwrap_or(0);
    u.as_object()?;
    Some(Usage {
        input_tokens: n("inputTokens"),
        output_tokens: n("outputTokens"),
        cache_read_tokens: n("cacheReadInputTokens"),
        cache_creation_tokens: n("cacheCreationInputTokens"),
    })
}

impl Adapter for AmpAdapter {
    fn record(&mut self, rec: Record<'_>, out: &mut Emitter) {
        let Some(v) = rec.value(out) else { return };
        match rec.field {
            Some("id") => {
                self.ctx.session_id = v.as_str().map(str::to_owned);
                out.diag(DiagnosticKind::Empty, rec.loc(), "thread header member");
            }
            Some("created") => {
                self.created = ms_to_rfc3339(&v);
                out.diag(DiagnosticKind::Empty, rec.loc(), "thread header member");
            }
            Some("messages")
                if !self.env_seen && !self.ctx.started && self.held.fits(rec.text.len()) =>
            {
                self.held
                    .hold(rec.text.len(), || OwnedRecord::keep(&rec, v), rec.loc());
            }
            Some("messages") => match v.as_object() {
                Some(m) => {
                    self.release(out);
                    self.message(&rec, m, out)
                }
                None => {
                    self.start(&rec, out);
                    out.emit_unknown(self.ctx.base(&rec, None, None), "messages".to_owned(), &rec);
                }
            },
            Some("env") => {
                let uri = v.pointer("/initial/trees/0/uri").and_then(Value::as_str);
                if let Some(path) = uri.and_then(|u| u.strip_prefix("file://")) {
                    self.ctx.project.cwd.get_or_insert_with(|| path.to_owned());
                }
                self.env_seen = true;
                out.diag(DiagnosticKind::Empty, rec.loc(), "thread environment");
                self.release(out);
            }
            Some(
                "v" | "title" | "agentMode" | "nextMessageId" | "usageLedger" | "~debug" | "meta"
                | "activatedSkills",
            ) => {
                out.diag(DiagnosticKind::Empty, rec.loc(), "thread header member");
            }
            other => {
                self.release(out);
                self.start(&rec, out);
                out.emit_unknown(
                    self.ctx.base(&rec, None, None),
                    other.unwrap_or("value").to_owned(),
                    &rec,
                );
            }
        }
    }

    fn finish(&mut self, out: &mut Emitter) {
        self.release(out);
    }

    fn subagent_tools(&self) -> &'static [&'static str] {
        &["Task"]
    }
}
