//! Format detection by content sniffing.

use serde_json::Value;

use crate::source::SourceKind;

/// How many non-empty lines detection looks at before giving up.
pub(crate) const DETECT_WINDOW: usize = 64;

/// Detects the tool that wrote `bytes`, looking at the first records only.
///
/// Returns `None` when nothing in the first [`DETECT_WINDOW`] lines is
/// recognisable. Formats this version cannot parse are still named (e.g.
/// `aider` for a `.aider.chat.history.md`), so a host can say what it got.
pub fn detect(bytes: &[u8]) -> Option<SourceKind> {
    if is_sqlite(bytes) {
        return detect_sqlite(bytes);
    }
    if crate::frame::decide(bytes, true, usize::MAX) == Some(crate::frame::Framing::Document) {
        return detect_document(bytes);
    }
    let mut seen = 0;
    for line in bytes.split(|&b| b == b'\n') {
        let line = line.trim_ascii();
        if line.is_empty() {
            continue;
        }
        seen += 1;
        if seen > DETECT_WINDOW {
            break;
        }
        if let Some(kind) = classify_line(line, seen == 1) {
            return Some(kind);
        }
    }
    None
}

/// [`detect`] for a JSON document: its first records, as the session cuts
/// them, classified as the session classifies them.
fn detect_document(bytes: &[u8]) -> Option<SourceKind> {
    let mut scanner = crate::frame::DocScanner::new(usize::MAX);
    let mut sniff = DocSniff::default();
    let mut rest = bytes;
    let mut seen = 0;
    while !rest.is_empty() && seen < DETECT_WINDOW {
        let (n, ev) = scanner.step(rest);
        rest = &rest[n..];
        if let Some(crate::frame::DocEvent::Record(_)) = ev {
            seen += 1;
            if let Some(kind) = sniff.classify_bytes(scanner.field(), scanner.record()) {
                return Some(kind);
            }
        }
    }
    None
}

/// True when `bytes` start like a SQLite database file (a tool's store, not
/// a transcript stream).
pub(crate) fn is_sqlite(bytes: &[u8]) -> bool {
    bytes.starts_with(b"SQLite format 3\0")
}

/// The store a SQLite database's first bytes name, by the tables its
/// schema creates (the schema sits at the start of the file, in the text of
/// each `CREATE TABLE`): OpenCode's `session`/`message`/`part`, Zed's
/// `threads`, Goose's `sessions`/`messages` (with `content_json`), Cursor's
/// CLI `blobs`/`meta` and the editor's `ItemTable`/`cursorDiskKV`.
fn detect_sqlite(bytes: &[u8]) -> Option<SourceKind> {
    const CREATE: &[u8] = b"CREATE TABLE";
    // The schema is near the start: the first 64 tables named are enough.
    let mut tables: Vec<(String, &[u8])> = Vec::new();
    let mut rest = bytes;
    while let Some(at) = memchr::memmem::find(rest, CREATE) {
        if tables.len() >= 64 {
            break;
        }
        rest = &rest[at + CREATE.len()..];
        let head = rest.trim_ascii_start();
        let head = head
            .strip_prefix(b"IF NOT EXISTS")
            .map_or(head, <[u8]>::trim_ascii_start);
        let head = head
            .strip_prefix(b"\"")
            .or_else(|| head.strip_prefix(b"`"))
            .or_else(|| head.strip_prefix(b"["))
            .unwrap_or(head);
        let name: String = head
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
            .map(|&c| c as char)
            .collect();
        let body = memchr::memmem::find(head, b"CREATE ").map_or(head, |end| &head[..end]);
        let body = &body[..body.len().min(4096)];
        tables.push((name, body));
    }
    let has = |n: &str| tables.iter().any(|(t, _)| t == n);
    let body_has = |n: &str, word: &str| {
        tables
            .iter()
            .any(|(t, b)| t == n && memchr::memmem::find(b, word.as_bytes()).is_some())
    };
    if has("session") && has("message") && has("part") {
        Some(SourceKind::OpenCode)
    } else if has("threads") && body_has("threads", "data") {
        Some(SourceKind::Zed)
    } else if has("sessions") && has("messages") && body_has("messages", "content_json") {
        Some(SourceKind::Goose)
    } else if (has("blobs") && has("meta")) || has("ItemTable") || has("cursorDiskKV") {
        Some(SourceKind::Cursor)
    } else {
        None
    }
}

/// Classifies one record (a line), or `None` if it says nothing about the
/// tool. `first` says it is the first non-blank line, where a Markdown
/// transcript (Aider's) announces itself. [`detect`] and a
/// [`Session`](crate::Session) without a source both decide with this, so
/// they always name the same tool.
pub(crate) fn classify_line(line: &[u8], first: bool) -> Option<SourceKind> {
    let line = line
        .strip_prefix("\u{feff}".as_bytes())
        .unwrap_or(line)
        .trim_ascii();
    if first && line.starts_with(b"# aider chat started at") {
        return Some(SourceKind::Aider);
    }
    if line.first() != Some(&b'{') {
        return None;
    }
    // Read as the session reads it: bad bytes and lone surrogates do not
    // hide what the record is.
    let (text, _) = crate::text::decode(line);
    let v: Value = serde_json::from_str(&text).ok()?;
    classify_value(&v)
}

pub(crate) fn classify_value(v: &Value) -> Option<SourceKind> {
    let m = v.as_object()?;
    let ty = m.get("type").and_then(Value::as_str);
    // Codex: {timestamp, type, payload}
    if m.contains_key("payload") && m.contains_key("timestamp") {
        if let Some(
            "session_meta"
            | "response_item"
            | "event_msg"
            | "turn_context"
            | "compacted"
            | "world_state"
            | "inter_agent_communication_metadata",
        ) = ty
        {
            return Some(SourceKind::Codex);
        }
    }
    // Codex, the pre-`session_meta` layout (Aug 2025): a bare header
    // `{id, timestamp, instructions, git}`, `{"record_type": "state"}` markers
    // and response items without their envelope.
    if ty.is_none()
        && m.contains_key("id")
        && m.contains_key("timestamp")
        && m.contains_key("instructions")
    {
        return Some(SourceKind::Codex);
    }
    if m.get("record_type").and_then(Value::as_str) == Some("state") {
        return Some(SourceKind::Codex);
    }
    let responses_content = |v: &Value| {
        v.as_array().is_some_and(|items| {
            items.iter().any(|i| {
                matches!(
                    i.get("type").and_then(Value::as_str),
                    Some("input_text" | "output_text")
                )
            })
        })
    };
    match ty {
        Some("message")
            if m.contains_key("role") && m.get("content").is_some_and(responses_content) =>
        {
            return Some(SourceKind::Codex)
        }
        Some("reasoning") if m.contains_key("summary") && m.contains_key("encrypted_content") => {
            return Some(SourceKind::Codex)
        }
        Some("function_call") if m.contains_key("call_id") && m.contains_key("arguments") => {
            return Some(SourceKind::Codex)
        }
        Some("function_call_output") if m.contains_key("call_id") && m.contains_key("output") => {
            return Some(SourceKind::Codex)
        }
        _ => {}
    }
    // Claude Code
    let claude_envelope =
        m.contains_key("sessionId") && (m.contains_key("uuid") || m.contains_key("parentUuid"));
    match ty {
        Some("user" | "assistant" | "system" | "progress" | "attachment") if claude_envelope => {
            return Some(SourceKind::ClaudeCode)
        }
        Some("summary") if m.contains_key("leafUuid") => return Some(SourceKind::ClaudeCode),
        Some("file-history-snapshot") if m.contains_key("snapshot") => {
            return Some(SourceKind::ClaudeCode)
        }
        Some("queue-operation") if m.contains_key("operation") && m.contains_key("sessionId") => {
            return Some(SourceKind::ClaudeCode)
        }
        // 2.1.x metadata lines, named for Claude Code's own features.
        Some("permission-mode") if m.contains_key("permissionMode") => {
            return Some(SourceKind::ClaudeCode)
        }
        Some("ai-title") if m.contains_key("aiTitle") => return Some(SourceKind::ClaudeCode),
        // A large tool output kept beside the session, as the source layer
        // hands it.
        None if m
            .get("persisted_output")
            .is_some_and(|p| p.get("tool_use_id").is_some()) =>
        {
            return Some(SourceKind::ClaudeCode)
        }
        Some("last-prompt") if m.contains_key("lastPrompt") => return Some(SourceKind::ClaudeCode),
        _ => {}
    }
    // Copilot CLI events.jsonl: {type:"session.start", data, id, timestamp}
    if let Some(t) = ty {
        let copilot_type = [
            "session.",
            "user.",
            "assistant.",
            "tool.",
            "hook.",
            "subagent.",
            "system.",
        ]
        .iter()
        .any(|p| t.starts_with(p))
            || t == "abort";
        if m.contains_key("data") && copilot_type {
            return Some(SourceKind::Copilot);
        }
        // Its flat events of older versions.
        if matches!(t, "userpromptsubmitted" | "assistantresponse") {
            return Some(SourceKind::Copilot);
        }
    }
    // Gemini CLI JSONL header
    if m.contains_key("projectHash") && m.contains_key("sessionId") && m.contains_key("startTime") {
        return Some(SourceKind::Gemini);
    }
    // Cursor agent transcripts: {role, message{content}}
    if m.contains_key("role") && m.get("message").is_some_and(|x| x.get("content").is_some()) {
        return Some(SourceKind::Cursor);
    }
    // OpenCode's session, message and part objects written on one line
    // (the rows of `opencode.db` as the source layer hands them).
    let oc_id = m.get("id").and_then(Value::as_str).unwrap_or("");
    if (oc_id.starts_with("ses_") && m.contains_key("directory"))
        || (oc_id.starts_with("msg_") && m.contains_key("sessionID") && m.contains_key("role"))
        || (oc_id.starts_with("prt_") && m.contains_key("messageID") && m.contains_key("type"))
    {
        return Some(SourceKind::OpenCode);
    }
    // Cursor CLI's store.db as the source layer hands it: {meta{agentId}},
    // {blob{id, data}}.
    if m.get("meta").is_some_and(|x| x.get("agentId").is_some())
        || m.get("blob")
            .is_some_and(|x| x.get("id").is_some() && x.get("data").is_some())
    {
        return Some(SourceKind::Cursor);
    }
    // Goose: sessions.db rows {session{working_dir}} / {message{content_json}};
    // a legacy file's metadata line and messages {role, created, content[]}.
    if m.get("session")
        .is_some_and(|x| x.get("working_dir").is_some())
        || m.get("message")
            .is_some_and(|x| x.get("content_json").is_some())
    {
        return Some(SourceKind::Goose);
    }
    if ty.is_none()
        && m.contains_key("working_dir")
        && m.contains_key("description")
        && !m.contains_key("role")
    {
        return Some(SourceKind::Goose);
    }
    let goose_item = |i: &Value| {
        matches!(
            i.get("type").and_then(Value::as_str),
            Some("toolRequest" | "toolResponse" | "toolConfirmationRequest")
        )
    };
    if m.contains_key("role")
        && m.get("created").is_some_and(Value::is_i64)
        && m.get("content")
            .and_then(Value::as_array)
            .is_some_and(|c| c.iter().any(|i| goose_item(i) || i.get("type").is_some()))
    {
        return Some(SourceKind::Goose);
    }
    // A Zed thread on one line: messages tagged {User}/{Agent}, or the
    // older {role, segments}.
    let zed_message = |x: &Value| {
        x.get("User").is_some()
            || x.get("Agent").is_some()
            || (x.get("role").is_some() && x.get("segments").is_some())
    };
    if m.contains_key("version")
        && m.get("messages")
            .and_then(Value::as_array)
            .is_some_and(|a| a.first().is_some_and(zed_message))
    {
        return Some(SourceKind::Zed);
    }
    None
}

/// Classifies one record as the session cuts it: a line, or (`doc`) a
/// record of a JSON document with the member it belongs to. `first` says
/// the line is the input's first.
pub(crate) fn classify_record(
    sniff: &mut DocSniff,
    doc: bool,
    field: Option<&str>,
    bytes: &[u8],
    first: bool,
) -> Option<SourceKind> {
    if doc {
        sniff.classify_bytes(field, bytes)
    } else {
        classify_line(bytes, first)
    }
}

/// Whether a JSON object given whole on one line is a document of a tool
/// whose files are documents (an Amp thread or a VS Code export written
/// minified), to be cut into records rather than read as one.
pub(crate) fn is_document(m: &serde_json::Map<String, Value>) -> bool {
    // A document holds its records in an array (a JSONL header holds none).
    if !m
        .values()
        .any(|v| v.as_array().is_some_and(|a| !a.is_empty()))
    {
        return false;
    }
    let mut sniff = DocSniff::default();
    for (k, v) in m {
        let found = match v {
            Value::Array(items) => items
                .first()
                .and_then(|first| sniff.classify(Some(k), first)),
            other => sniff.classify(Some(k), other),
        };
        if found.is_some() {
            return true;
        }
    }
    false
}

/// Classifies the records of a JSON document, one at a time, remembering
/// the member names already seen (a document is known by several of them).
#[derive(Debug, Default, Clone)]
pub(crate) struct DocSniff {
    keys: Vec<String>,
    amp_id: bool,
    opencode_id: bool,
}

impl DocSniff {
    /// Classifies a record given as bytes (see [`DocSniff::classify`]).
    pub fn classify_bytes(&mut self, field: Option<&str>, bytes: &[u8]) -> Option<SourceKind> {
        let (text, _) = crate::text::decode(bytes);
        let v: Value = serde_json::from_str(&text).ok()?;
        self.classify(field, &v)
    }

    /// Classifies one record: an element of a top-level array (`field`
    /// `None`) or a member of a top-level object (an element, if the member
    /// is an array).
    pub fn classify(&mut self, field: Option<&str>, v: &Value) -> Option<SourceKind> {
        let Some(field) = field else {
            return classify_element(v);
        };
        if self.keys.len() < 64 && !self.keys.iter().any(|k| k == field) {
            self.keys.push(field.to_owned());
        }
        let has = |k: &str| self.keys.iter().any(|x| x == k);
        let obj = v.as_object();
        let get = |k: &str| obj.and_then(|m| m.get(k));
        let s = |k: &str| get(k).and_then(Value::as_str);
        match field {
            "id" if v.as_str().is_some_and(|id| id.starts_with("T-")) => self.amp_id = true,
            // Gemini session: messages {id, timestamp, type: user|gemini|info, content}
            "messages"
                if matches!(
                    s("type"),
                    Some("user" | "gemini" | "info" | "error" | "warning")
                ) && get("id").is_some() =>
            {
                return Some(SourceKind::Gemini)
            }
            // Amp: messages {role, messageId, content[]}
            "messages" if get("messageId").is_some() && get("role").is_some() => {
                return Some(SourceKind::Amp)
            }
            // VS Code chat export: prompts {prompt, promptId, logs}
            "prompts" if get("promptId").is_some() && get("logs").is_some() => {
                return Some(SourceKind::VsCode)
            }
            // VS Code chatSessions: requests {requestId, message{text}}
            "requests" if get("requestId").is_some() && get("message").is_some() => {
                return Some(SourceKind::VsCode)
            }
            // A JSON dump of Cursor's `ItemTable` rows: [rowid, key, value]
            "rows"
                if v.as_array().is_some_and(|r| {
                    r.len() == 3
                        && r[1].as_str().is_some_and(|k| {
                            k.starts_with("aiService.")
                                || k.starts_with("workbench.panel.aichat")
                                || k.starts_with("composer.")
                                || k.starts_with("composerData:")
                                || k.starts_with("bubbleId:")
                        })
                }) =>
            {
                return Some(SourceKind::Cursor)
            }
            // Copilot CLI's legacy history: {role: human|assistant, time}
            "history"
                if matches!(s("role"), Some("human" | "assistant")) && get("time").is_some() =>
            {
                return Some(SourceKind::Copilot)
            }
            _ => {}
        }
        if has("sessionId") && has("projectHash") {
            return Some(SourceKind::Gemini);
        }
        if has("exportedAt") && has("prompts")
            || (has("requesterUsername") || has("responderUsername")) && has("requests")
        {
            return Some(SourceKind::VsCode);
        }
        if self.amp_id
            && (has("v") || has("agentMode") || has("usageLedger") || has("nextMessageId"))
        {
            return Some(SourceKind::Amp);
        }
        // OpenCode's storage files: a session, a message, a part.
        match field {
            "id" if v.as_str().is_some_and(|id| {
                id.starts_with("ses_") || id.starts_with("msg_") || id.starts_with("prt_")
            }) =>
            {
                self.opencode_id = true
            }
            _ => {}
        }
        if self.opencode_id && (has("projectID") || has("sessionID") || has("messageID")) {
            return Some(SourceKind::OpenCode);
        }
        if has("files_in_context") || has("model_usage") && has("environment_history") {
            return Some(SourceKind::Cline);
        }
        None
    }
}

/// Classifies one element of a top-level JSON array.
fn classify_element(v: &Value) -> Option<SourceKind> {
    let m = v.as_object()?;
    let s = |k: &str| m.get(k).and_then(Value::as_str);
    // Gemini logs.json: {sessionId, messageId, type, message, timestamp}
    if m.contains_key("sessionId") && m.contains_key("messageId") && m.contains_key("message") {
        return Some(SourceKind::Gemini);
    }
    // Gemini checkpoint: API Content {role: user|model, parts[]}
    if matches!(s("role"), Some("user" | "model")) && m.get("parts").is_some_and(Value::is_array) {
        return Some(SourceKind::Gemini);
    }
    // Cline ui_messages.json: {ts, type: say|ask, say|ask: kind}
    if m.get("ts").is_some_and(Value::is_number) && matches!(s("type"), Some("say" | "ask")) {
        return Some(SourceKind::Cline);
    }
    // Cline api_conversation_history.json: Anthropic messages {role, content}
    if matches!(s("role"), Some("user" | "assistant"))
        && m.get("content")
            .is_some_and(|c| c.is_array() || c.is_string())
    {
        return Some(SourceKind::Cline);
    }
    // ... and the flattened form some exporters write: {type, timestamp, text}
    if matches!(s("type"), Some("user" | "assistant"))
        && m.get("text").is_some_and(Value::is_string)
        && !m.contains_key("sessionId")
    {
        return Some(SourceKind::Cline);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_claude_and_codex() {
        let c = br#"{"type":"user","sessionId":"s","uuid":"u","parentUuid":null,"message":{"role":"user","content":"hi"}}"#;
        assert_eq!(detect(c), Some(SourceKind::ClaudeCode));
        let s = br#"{"type":"summary","summary":"x","leafUuid":"u"}"#;
        assert_eq!(detect(s), Some(SourceKind::ClaudeCode));
        let x =
            br#"{"timestamp":"2025-01-01T00:00:00Z","type":"session_meta","payload":{"id":"x"}}"#;
        assert_eq!(detect(x), Some(SourceKind::Codex));
    }

    #[test]
    fn detects_others_and_nothing() {
        assert_eq!(
            detect(b"# aider chat started at 2025-01-01 10:00:00\n"),
            Some(SourceKind::Aider)
        );
        assert_eq!(detect(b"hello\nworld\n"), None);
        assert_eq!(detect(b""), None);
        assert_eq!(detect(b"{\"a\":1}\n"), None);
        assert_eq!(
            detect(b"SQLite format 3\0{\"role\":\"user\",\"message\":{\"content\":1}}\n"),
            None
        );
    }

    #[test]
    fn detects_the_pre_session_meta_codex_layout() {
        let header = br#"{"id":"fb95c1bf","timestamp":"2025-08-25T12:17:17.067Z","instructions":null,"git":{"branch":"main"}}"#;
        assert_eq!(detect(header), Some(SourceKind::Codex));
        assert_eq!(
            detect(b"{\"record_type\":\"state\"}\n"),
            Some(SourceKind::Codex)
        );
        let msg = br#"{"type":"message","id":null,"role":"user","content":[{"type":"input_text","text":"hi"}]}"#;
        assert_eq!(detect(msg), Some(SourceKind::Codex));
    }

    #[test]
    fn aider_only_on_the_first_line() {
        assert_eq!(
            detect(b"\xef\xbb\xbf# aider chat started at 2025-01-01\n"),
            Some(SourceKind::Aider)
        );
        assert_eq!(detect(b"notes\n# aider chat started at 2025-01-01\n"), None);
    }
}
