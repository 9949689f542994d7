//! Cline and Roo Code task directories (`…/tasks/<taskId>/`), file by file:
//!
//! * `api_conversation_history.json`: the Anthropic-style messages the
//!   model saw, `[{role, content[text|image|tool_use|tool_result], ts?}]`.
//!   User text → `user_turn` (with `<task>` / `<feedback>` tags unwrapped and
//!   the `<environment_details>` the tool appends cut off; a message of
//!   environment details only is `environment_context`); `tool_result`
//!   blocks → `tool_result` (+ `file_edit` for a successful edit call:
//!   `replace_in_file` / `apply_diff` SEARCH/REPLACE blocks, whole-file
//!   writes); assistant messages → `assistant_turn` with `tool_use` calls.
//!   The flat `{type, timestamp, text}` form some exporters write is read too.
//! * `ui_messages.json`: what the panel showed, `[{ts, type: say|ask, …}]`.
//!   Read on its own, it gives the turns (`task`, `user_feedback` →
//!   `user_turn`; `text`, `completion_result`, `followup` →
//!   `assistant_turn`; `tool` → call, result and edit; `command` and its
//!   output → call and result). After the API history of the same task it
//!   repeats it, and its records are `duplicate`s.
//! * `task_metadata.json`: members are `empty` (file tracking, not turns).
//!
//! Cline and Roo before native tool calling (and with models without it)
//! write each call as XML inside the assistant's text (`<replace_in_file>
//! <path>…</path><diff>…</diff></replace_in_file>`) and its result as text
//! blocks of the next user message (`[replace_in_file for 'x'] Result:`, then
//! the output): those are read as calls and results too, the text kept as
//! written.

use serde_json::{Map, Value};

use super::chat::{assistant_turn, ms_to_rfc3339, tool_result, user_turn, Call, Ctx};
use super::kit::{get_str, get_string, push_joined, Adapter, Record};
use crate::diag::DiagnosticKind;
use crate::emit::Emitter;
use crate::model::{Injected, Usage};

#[derive(Clone, Default)]
pub(crate) struct ClineAdapter {
    ctx: Ctx,
    /// Calls written as XML in the assistant's text, waiting for their
    /// results, in order.
    xml_waiting: std::collections::VecDeque<(String, String, Value)>,
    calls: super::chat::Waiting,
    /// The API history was read: the UI messages repeat it.
    have_history: bool,
    file: String,
    thinking: String,
    usage: Option<Usage>,
    /// The last UI command, waiting for its output.
    command: Option<(String, Value)>,
}

/// How Cline and Roo Code open a tool result that did not do what was asked
/// (their fixed response texts): a failure, or the person's denial.
const TOOL_FAILED: &[&str] = &[
    "The tool execution failed",
    "The user denied this operation",
    "The user denied",
    "<error>",
    "[ERROR]",
    "Error executing",
    "Error writing",
    "Error applying",
];

impl ClineAdapter {
    pub fn new() -> ClineAdapter {
        ClineAdapter::default()
    }

    fn start(&mut self, rec: &Record<'_>, out: &mut Emitter, ts: Option<String>) {
        if self.ctx.session_id.is_none() {
            self.ctx.session_id = task_id(out);
        }
        self.ctx.ensure_started(rec, out, || (ts, None));
    }

    /// One message of the API history.
    fn api_message(&mut self, rec: &Record<'_>, m: &Map<String, Value>, out: &mut Emitter) {
        self.have_history = true;
        let ts = m.get("ts").or(m.get("timestamp")).and_then(ms_to_rfc3339);
        self.start(rec, out, ts.clone());
        let role = get_str(m, "role")
            .or_else(|| get_str(m, "type"))
            .unwrap_or("");
        let content = m
            .get("content")
            .or(m.get("text"))
            .cloned()
            .unwrap_or(Value::Null);
        let blocks = match content {
            Value::Array(items) => items,
            Value::String(s) => vec![serde_json::json!({"type": "text", "text": s})],
            _ => Vec::new(),
        };
        let base = self.ctx.base(rec, None, ts.clone());
        if role == "assistant" {
            let (mut text, mut thinking, mut calls): (String, String, Vec<Call>) =
                (String::new(), String::new(), Vec::new());
            for (i, b) in blocks.iter().enumerate() {
                match b.get("type").and_then(Value::as_str) {
                    Some("text") => push_joined(
                        &mut text,
                        b.get("text").and_then(Value::as_str).unwrap_or(""),
                        "\n\n",
                    ),
                    Some("thinking" | "reasoning") => push_joined(
                        &mut thinking,
                        b.get("thinking")
                            .or(b.get("text"))
                            .and_then(Value::as_str)
                            .unwrap_or(""),
                        "\n\n",
                    ),
                    Some("tool_use") => {
                        let id = b
                            .get("id")
                            .and_then(Value::as_str)
                            .map(str::to_owned)
                            .unwrap_or_else(|| format!("{}#{i}", base.event_id));
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
            if calls.is_empty() {
                for (i, (name, args)) in xml_calls(&text).into_iter().enumerate() {
                    let id = format!("{}#xml{i}", base.event_id);
                    self.xml_waiting
                        .push_back((id.clone(), name.clone(), args.clone()));
                    if self.xml_waiting.len() > super::chat::MAX_WAITING_CALLS {
                        self.xml_waiting.pop_front();
                    }
                    calls.push(Call {
                        id,
                        name,
                        args,
                        result: None,
                        timestamp: ts.clone(),
                    });
                }
            }
            let model = m
                .get("modelInfo")
                .and_then(|x| x.get("modelId"))
                .and_then(Value::as_str)
                .map(str::to_owned);
            let usage = m
                .get("metrics")
                .and_then(|x| x.get("tokens"))
                .and_then(cline_usage);
            assistant_turn(out, base, text, thinking, model, usage, calls);
            return;
        }
        let mut text = String::new();
        // `[tool for 'x'] Result:` text blocks: the next text block is that
        // XML call's output.
        let mut result_for: Option<String> = None;
        for (i, b) in blocks.iter().enumerate() {
            match b.get("type").and_then(Value::as_str) {
                Some("text") => {
                    let t = b.get("text").and_then(Value::as_str).unwrap_or("");
                    if let Some(tool) = result_marker(t) {
                        result_for = Some(tool.to_owned());
                        continue;
                    }
                    if let Some(tool) = result_for.take() {
                        if !t.trim_start().starts_with("<environment_details>") {
                            self.xml_result(&base, i, &tool, t, out);
                            continue;
                        }
                    }
                    push_joined(&mut text, t, "\n\n");
                }
                Some("tool_result") => {
                    let cid = b
                        .get("tool_use_id")
                        .and_then(Value::as_str)
                        .unwrap_or("")
                        .to_owned();
                    let output = b.get("content").cloned().unwrap_or(Value::Null);
                    let out_text = super::chat::text_of(&output);
                    let ok = !b.get("is_error").and_then(Value::as_bool).unwrap_or(false)
                        && !TOOL_FAILED
                            .iter()
                            .any(|p| out_text.trim_start().starts_with(p));
                    let (name, args) = self.calls.remove(&cid).unwrap_or_default();
                    let mut rb = base.clone();
                    rb.event_id = format!("{}#{i}", base.event_id);
                    tool_result(out, rb.clone(), cid, &name, &args, ok, output);
                    // The person's words the tool passed on with the result
                    // (feedback on a denial, an answer to a question).
                    let said = tagged(&out_text, &["feedback", "answer", "user_message"]);
                    if !said.is_empty() {
                        rb.event_id = format!("{}#{i}:said", base.event_id);
                        user_turn(out, rb, said, None);
                    }
                }
                _ => {}
            }
        }
        if text.is_empty() {
            return;
        }
        let (said, injected) = person_text(&text);
        user_turn(out, base, said, injected);
    }

    /// One message of the UI log (read only when no API history came first).
    fn ui_message(&mut self, rec: &Record<'_>, m: &Map<String, Value>, out: &mut Emitter) {
        if self.have_history {
            out.diag(
                DiagnosticKind::Duplicate,
                rec.loc(),
                "the panel's copy of a message read from api_conversation_history.json",
            );
            return;
        }
        let ts = m.get("ts").and_then(ms_to_rfc3339);
        self.start(rec, out, ts.clone());
        let id = m
            .get("ts")
            .map(|t| format!("{}:{t}", self.ctx.session_id.clone().unwrap_or_default()));
        let base = self.ctx.base(rec, id, ts.clone());
        let kind = get_str(m, "say")
            .or_else(|| get_str(m, "ask"))
            .unwrap_or("");
        let text = get_string(m, "text").unwrap_or_default();
        let model = m
            .get("modelInfo")
            .and_then(|x| x.get("modelId"))
            .and_then(Value::as_str)
            .map(str::to_owned);
        match (get_str(m, "type"), kind) {
            (_, "task" | "user_feedback") => user_turn(out, base, text, None),
            (Some("say"), "text" | "completion_result") | (Some("ask"), "followup") => {
                if m.get("partial").and_then(Value::as_bool) == Some(true) {
                    return out.diag(
                        DiagnosticKind::Duplicate,
                        rec.loc(),
                        "partial message, written again when complete",
                    );
                }
                let thinking = std::mem::take(&mut self.thinking);
                let usage = self.usage.take();
                assistant_turn(out, base, text, thinking, model, usage, Vec::new());
            }
            (Some("say"), "reasoning") => {
                push_joined(&mut self.thinking, &text, "\n\n");
                out.diag(
                    DiagnosticKind::Empty,
                    rec.loc(),
                    "reasoning kept as the next turn's thinking",
                );
            }
            (Some("say"), "api_req_started") => {
                self.usage = serde_json::from_str::<Value>(&text)
                    .ok()
                    .and_then(|v| cline_usage(&v));
                out.diag(
                    DiagnosticKind::Empty,
                    rec.loc(),
                    "request accounting kept as the next turn's usage",
                );
            }
            (Some("say"), "tool") => {
                let args =
                    serde_json::from_str::<Value>(&text).unwrap_or(Value::String(text.clone()));
                let name = args
                    .get("tool")
                    .and_then(Value::as_str)
                    .unwrap_or("tool")
                    .to_owned();
                let cid = base.event_id.clone();
                let call = Call {
                    id: cid,
                    name,
                    args: ui_edit_args(&args),
                    result: Some((true, Value::Null)),
                    timestamp: ts,
                };
                assistant_turn(
                    out,
                    base,
                    String::new(),
                    String::new(),
                    model,
                    None,
                    vec![call],
                );
            }
            (_, "command") => {
                let args = serde_json::json!({ "command": text });
                self.command = Some((base.event_id.clone(), args.clone()));
                let call = Call {
                    id: base.event_id.clone(),
                    name: "execute_command".to_owned(),
                    args,
                    result: None,
                    timestamp: ts,
                };
                assistant_turn(
                    out,
                    base,
                    String::new(),
                    String::new(),
                    model,
                    None,
                    vec![call],
                );
            }
            (_, "command_output") => match self.command.take() {
                Some((cid, args)) => tool_result(
                    out,
                    base,
                    cid,
                    "execute_command",
                    &args,
                    true,
                    Value::String(text),
                ),
                None => out.emit_unknown(base, kind.to_owned(), rec),
            },
            (
                _,
                "checkpoint_created"
                | "api_req_finished"
                | "api_req_retried"
                | "deleted_api_reqs"
                | "task_progress"
                | "resume_task"
                | "resume_completed_task",
            ) => out.diag(DiagnosticKind::Empty, rec.loc(), "panel bookkeeping"),
            (_, other) => out.emit_unknown(
                base,
                if other.is_empty() {
                    "ui_message".to_owned()
                } else {
                    other.to_owned()
                },
                rec,
            ),
        }
    }
}

/// The tools Cline and Roo Code call with XML in the text.
const XML_TOOLS: &[&str] = &[
    "execute_command",
    "read_file",
    "write_to_file",
    "replace_in_file",
    "apply_diff",
    "insert_content",
    "search_and_replace",
    "search_files",
    "list_files",
    "list_code_definition_names",
    "codebase_search",
    "browser_action",
    "use_mcp_tool",
    "access_mcp_resource",
    "ask_followup_question",
    "attempt_completion",
    "plan_mode_respond",
    "new_task",
    "switch_mode",
    "fetch_instructions",
    "web_fetch",
    "load_mcp_documentation",
];

/// The calls written as XML in an assistant's text: `<tool>` on a line of
/// its own (or after text), its parameters as child elements, to
/// `</tool>`. Parameter values are taken as written (the tools do not
/// escape them).
fn xml_calls(text: &str) -> Vec<(String, Value)> {
    let mut calls = Vec::new();
    let mut rest = text;
    while let Some(lt) = rest.find('<') {
        let after = &rest[lt + 1..];
        let name_len = after.find('>').unwrap_or(0);
        let name = &after[..name_len];
        if name_len == 0 || !XML_TOOLS.contains(&name) {
            rest = &rest[lt + 1..];
            continue;
        }
        let body_start = lt + 1 + name_len + 1;
        let close = format!("</{name}>");
        let Some(end) = rest[body_start..].find(&close) else {
            break;
        };
        let body = &rest[body_start..body_start + end];
        let mut args = Map::new();
        let mut b = body;
        while let Some(open) = b.find('<') {
            let a = &b[open + 1..];
            let Some(gt) = a.find('>') else { break };
            let param = &a[..gt];
            if param.is_empty()
                || param.starts_with('/')
                || !param
                    .bytes()
                    .all(|c| c.is_ascii_alphanumeric() || c == b'_')
            {
                b = &b[open + 1..];
                continue;
            }
            let value_start = open + 1 + gt + 1;
            let pclose = format!("</{param}>");
            match b[value_start..].find(&pclose) {
                Some(pe) => {
                    let v = &b[value_start..value_start + pe];
                    let v = v.strip_prefix('\n').unwrap_or(v);
                    let v = v.strip_suffix('\n').unwrap_or(v);
                    args.insert(param.to_owned(), Value::String(v.to_owned()));
                    b = &b[value_start + pe + pclose.len()..];
                }
                None => break,
            }
        }
        calls.push((name.to_owned(), Value::Object(args)));
        rest = &rest[body_start + end + close.len()..];
    }
    calls
}

/// The tool a `[tool for 'x'] Result:` (or `[tool] Result:`) block names.
fn result_marker(text: &str) -> Option<&str> {
    let t = text.trim();
    let inner = t.strip_prefix('[')?.strip_suffix("] Result:")?;
    let tool = inner.split(" for ").next().unwrap_or(inner);
    (!tool.is_empty() && tool.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_'))
        .then_some(tool)
}

impl ClineAdapter {
    /// The output of an XML call: a result for the first call of that name
    /// still waiting (and the person's words it passes on).
    fn xml_result(
        &mut self,
        base: &super::kit::Base,
        i: usize,
        tool: &str,
        output: &str,
        out: &mut Emitter,
    ) {
        let pos = self.xml_waiting.iter().position(|(_, n, _)| n == tool);
        let (cid, name, args) = match pos.and_then(|p| self.xml_waiting.remove(p)) {
            Some(c) => c,
            None => (
                format!("{}#{i}", base.event_id),
                tool.to_owned(),
                Value::Null,
            ),
        };
        let ok = !TOOL_FAILED
            .iter()
            .any(|p| output.trim_start().starts_with(p));
        let mut rb = base.clone();
        rb.event_id = format!("{}#{i}", base.event_id);
        tool_result(
            out,
            rb.clone(),
            cid,
            &name,
            &args,
            ok,
            Value::String(output.to_owned()),
        );
        let said = tagged(output, &["feedback", "answer", "user_message"]);
        if !said.is_empty() {
            rb.event_id = format!("{}#{i}:said", base.event_id);
            user_turn(out, rb, said, None);
        }
    }
}

/// The arguments of a UI `tool` message in the shape edits are read from:
/// an edited file's `content` holds SEARCH/REPLACE blocks (its `diff`), a
/// created file's `content` is the file.
fn ui_edit_args(args: &Value) -> Value {
    let mut a = args.clone();
    if let Some(m) = a.as_object_mut() {
        match m.get("tool").and_then(Value::as_str) {
            Some("editedExistingFile" | "appliedDiff") => {
                if let Some(c) = m.remove("content") {
                    m.insert("diff".to_owned(), c);
                }
            }
            Some("newFileCreated") => {
                m.insert("tool".to_owned(), Value::String("write_to_file".to_owned()));
            }
            _ => {
                // A read or a search: not an edit.
                m.remove("content");
            }
        }
    }
    a
}

/// The person's words in a user message of the API history, and whether
/// the message is only what the tool added.
fn person_text(text: &str) -> (String, Option<Injected>) {
    let mut t = text.to_owned();
    while let Some(s) = t.find("<environment_details>") {
        let end = t[s..]
            .find("</environment_details>")
            .map(|e| s + e + "</environment_details>".len())
            .unwrap_or(t.len());
        t.replace_range(s..end, "");
    }
    let t = t.trim();
    if t.is_empty() {
        return (text.to_owned(), Some(Injected::EnvironmentContext));
    }
    let said = tagged(t, &["task", "feedback", "user_message", "answer"]);
    if said.is_empty() {
        // Tool-made notes ("[read_file for 'x'] Result:") are not the person's.
        let injected = (t.starts_with('[') && t.contains("Result:")).then_some(Injected::System);
        return (t.to_owned(), injected);
    }
    (said, None)
}

/// The text inside the first of each of `tags` (`<task>…</task>`), joined.
fn tagged(text: &str, tags: &[&str]) -> String {
    let mut said = String::new();
    for tag in tags {
        let (open, close) = (format!("<{tag}>"), format!("</{tag}>"));
        if let Some(s) = text.find(&open) {
            let inner = &text[s + open.len()..];
            let inner = inner.find(&close).map_or(inner, |e| &inner[..e]);
            push_joined(&mut said, inner.trim(), "\n\n");
        }
    }
    said
}

fn cline_usage(v: &Value) -> Option<Usage> {
    let n = |k: &str| v.get(k).and_then(Value::as_u64).unwrap_or(0);
    let sum = |a: &str, b: &str| n(a).saturating_add(n(b));
    if sum("tokensIn", "tokensOut").saturating_add(sum("prompt", "completion")) == 0 {
        return None;
    }
    Some(Usage {
        input_tokens: sum("tokensIn", "prompt"),
        output_tokens: sum("tokensOut", "completion"),
        cache_read_tokens: sum("cacheReads", "cached"),
        cache_creation_tokens: n("cacheWrites"),
    })
}

/// The task id, from the directory a task file sits in.
fn task_id(out: &Emitter) -> Option<String> {
    let file = out.file.as_deref()?;
    let mut parts = file.rsplit(['/', '\\']);
    let name = parts.next()?;
    if !matches!(
        name,
        "api_conversation_history.json" | "ui_messages.json" | "task_metadata.json"
    ) {
        return None;
    }
    parts.next().filter(|d| !d.is_empty()).map(str::to_owned)
}

impl Adapter for ClineAdapter {
    fn record(&mut self, rec: Record<'_>, out: &mut Emitter) {
        let Some(v) = rec.value(out) else { return };
        match (rec.field, v.as_object()) {
            (None, Some(m))
                if m.contains_key("ts") && matches!(get_str(m, "type"), Some("say" | "ask")) =>
            {
                self.ui_message(&rec, m, out)
            }
            (None | Some("messages"), Some(m))
                if m.contains_key("role")
                    || matches!(get_str(m, "type"), Some("user" | "assistant")) =>
            {
                self.api_message(&rec, m, out)
            }
            (None, Some(m))
                if [
                    "title",
                    "files_in_context",
                    "model_usage",
                    "environment_history",
                ]
                .iter()
                .any(|k| m.contains_key(*k)) =>
            {
                out.diag(
                    DiagnosticKind::Empty,
                    rec.loc(),
                    "task metadata (files and models the task used)",
                );
            }
            (Some(_), _)
                if self.file.ends_with("task_metadata.json")
                    || rec.field.is_some_and(|f| {
                        matches!(
                            f,
                            "files_in_context"
                                | "model_usage"
                                | "environment_history"
                                | "title"
                                | "version"
                        )
                    }) =>
            {
                out.diag(
                    DiagnosticKind::Empty,
                    rec.loc(),
                    "task metadata (files and models the task used)",
                );
            }
            _ => {
                self.start(&rec, out, None);
                let base = self.ctx.base(&rec, None, None);
                out.emit_unknown(base, rec.field.unwrap_or("record").to_owned(), &rec);
            }
        }
    }

    fn begin_file(&mut self, name: &str, _out: &mut Emitter) {
        self.file = name.to_owned();
    }

    fn finish(&mut self, _out: &mut Emitter) {}

    fn subagent_tools(&self) -> &'static [&'static str] {
        &["new_task"]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_calls_written_as_xml() {
        let text = "I'll fix it.\n\n<replace_in_file>\n<path>src/a.ts</path>\n<diff>\n------- SEARCH\nlet a = 1;\n=======\nlet a = 2;\n+++++++ REPLACE\n</diff>\n</replace_in_file>";
        let calls = xml_calls(text);
        assert_eq!(calls.len(), 1);
        assert_eq!(calls[0].0, "replace_in_file");
        assert_eq!(calls[0].1["path"], "src/a.ts");
        let edits =
            super::super::chat::edit_from_call("replace_in_file", &calls[0].1, &Value::Null);
        assert_eq!(edits.len(), 1);
        assert_eq!((edits[0].added_lines, edits[0].removed_lines), (1, 1));
        assert!(xml_calls("use <b>bold</b> and <read_file> alone").is_empty());
        assert_eq!(
            result_marker("[replace_in_file for 'src/a.ts'] Result:"),
            Some("replace_in_file")
        );
        assert_eq!(
            result_marker("[attempt_completion] Result:"),
            Some("attempt_completion")
        );
        assert_eq!(result_marker("[not a marker"), None);
    }
}
