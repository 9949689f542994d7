//! Aider: `.aider.chat.history.md` in the project root (v0.8x), Markdown.
//!
//! * `# aider chat started at YYYY-MM-DD HH:MM:SS` starts a run: a session
//!   of its own (`session_start`, id `<file>@<start>`). That local time, with
//!   no zone, is the only time Aider writes: events carry no timestamp.
//! * `#### text` lines are the person's input → `user_turn` (consecutive
//!   ones are one multi-line input; `/command`s are `command`).
//! * Plain lines after it are the model's reply → `assistant_turn`.
//! * `> ` lines are Aider's console output: `Aider vX` and `Model:` / `Main
//!   model:` fill the run's `session_start`, `Tokens: N sent, M received`
//!   the turn's usage; each block is folded as an `empty` diagnostic. After
//!   `> # N SEARCH/REPLACE block(s) failed to match!` the explanation Aider
//!   prints (and sends back to the model) runs without `> ` up to a line
//!   ending in two spaces: it is console output too, not the model's reply.
//! * SEARCH/REPLACE blocks in a reply (the file name on the line before the
//!   fence) become one `edit` call per file, whose result is ok when a
//!   following `> Applied edit to <file>` says so, and then a `file_edit`;
//!   otherwise (a block failed to match, or the edit was not applied) the
//!   result is not ok and no edit is made.

use serde_json::{json, Value};

use super::chat::{assistant_turn, user_turn, Call, Ctx};
use super::kit::{Adapter, Base, Record};
use crate::diag::DiagnosticKind;
use crate::emit::Emitter;
use crate::model::{Injected, Usage};

/// A reply longer than this is emitted in parts.
const MAX_REPLY_BYTES: usize = 4 << 20;

#[derive(Clone, Default)]
pub(crate) struct AiderAdapter {
    ctx: Ctx,
    file_id: Option<String>,
    start: Option<String>,
    version: Option<String>,
    model: Option<String>,
    /// The run's header (status lines before the first input), not emitted yet.
    header: Option<Base>,
    user: Option<(Base, String)>,
    reply: Option<(Base, String)>,
    /// Console lines since the reply began.
    status: Vec<String>,
    status_loc: Option<super::kit::Loc>,
    status_lines: u64,
    /// Inside a ``` fence of a reply, where no line is a marker.
    in_fence: bool,
    /// Inside Aider's explanation of a failed edit (console output).
    in_error: bool,
}

impl AiderAdapter {
    pub fn new() -> AiderAdapter {
        AiderAdapter::default()
    }

    fn base(&self, rec: &Record<'_>, n: &str) -> Base {
        let id = format!(
            "{}:{}",
            self.ctx.session_id.clone().unwrap_or_default(),
            rec.line_no
        );
        let mut b = self.ctx.base(rec, Some(format!("{id}{n}")), None);
        b.loc = rec.loc();
        b
    }

    fn flush_header(&mut self, out: &mut Emitter) {
        if let Some(b) = self.header.take() {
            self.ctx.started = false;
            self.ctx
                .start(out, b, self.model.clone(), self.version.clone());
        }
    }

    fn flush_user(&mut self, out: &mut Emitter) {
        if let Some((b, text)) = self.user.take() {
            self.flush_header(out);
            let injected = text
                .trim_start()
                .starts_with('/')
                .then_some(Injected::Command);
            user_turn(out, b, text, injected);
        }
    }

    fn flush_status(&mut self, out: &mut Emitter) {
        if let Some(loc) = self.status_loc.take() {
            let n = std::mem::take(&mut self.status_lines);
            let last = loc.line_no + n.saturating_sub(1);
            out.diag(
                DiagnosticKind::Empty,
                loc,
                format!(
                    "{n} line(s) of Aider's console output (lines {} to {last} at most), folded",
                    loc.line_no
                ),
            );
        }
    }

    fn status_line(&mut self, rec: &Record<'_>, status: &str) {
        if self.reply.is_some() {
            self.status.push(status.to_owned());
        }
        self.status_loc.get_or_insert(rec.loc());
        self.status_lines += 1;
    }

    fn flush_reply(&mut self, out: &mut Emitter) {
        self.flush_user(out);
        self.in_fence = false;
        let status = std::mem::take(&mut self.status);
        if let Some((b, text)) = self.reply.take() {
            let applied: Vec<&str> = status
                .iter()
                .filter_map(|s| s.strip_prefix("Applied edit to "))
                .map(str::trim)
                .collect();
            let usage = status.iter().find_map(|s| tokens(s));
            let mut calls = Vec::new();
            for (i, (path, blocks)) in edits(&text).into_iter().enumerate() {
                let ok = applied.iter().any(|a| same_path(a, &path));
                let args = json!({
                    "path": path,
                    "edits": blocks.iter().map(|(o, n)| json!({"old_string": o, "new_string": n})).collect::<Vec<_>>(),
                });
                let output = Value::String(if ok {
                    format!("Applied edit to {path}")
                } else {
                    format!("No edit applied to {path}")
                });
                calls.push(Call {
                    id: format!("{}:edit{}", b.event_id, i + 1),
                    name: "edit".to_owned(),
                    args,
                    result: Some((ok, output)),
                    timestamp: b.timestamp.clone(),
                });
            }
            let text = text.trim_end().to_owned();
            assistant_turn(
                out,
                b,
                text,
                String::new(),
                self.model.clone(),
                usage,
                calls,
            );
        }
        self.flush_status(out);
    }
}

/// `Tokens: 3.2k sent, 21 received. …` as usage.
fn tokens(s: &str) -> Option<Usage> {
    let rest = s.strip_prefix("Tokens: ")?;
    let num = |t: &str| -> Option<u64> {
        let t = t.trim();
        let (n, mul) = match t.strip_suffix('k') {
            Some(n) => (n, 1000.0),
            None => (t, 1.0),
        };
        n.replace(',', "")
            .parse::<f64>()
            .ok()
            .map(|x| (x * mul).round() as u64)
    };
    let head = rest
        .split(". ")
        .next()
        .unwrap_or(rest)
        .trim_end_matches('.');
    let mut u = Usage::default();
    let mut any = false;
    for part in head.split(", ") {
        let Some((n, what)) = part.split_once(' ') else {
            continue;
        };
        let Some(n) = num(n) else { continue };
        match what.trim() {
            "sent" => u.input_tokens = n,
            "received" => u.output_tokens = n,
            "cache hit" => u.cache_read_tokens = n,
            "cache write" => u.cache_creation_tokens = n,
            _ => continue,
        }
        any = true;
    }
    any.then_some(u)
}

fn same_path(a: &str, b: &str) -> bool {
    let norm = |p: &str| p.trim().trim_matches('`').replace('\\', "/");
    norm(a) == norm(b)
}

/// The SEARCH/REPLACE edits of a reply, by file, in order.
fn edits(text: &str) -> Vec<(String, Vec<(String, String)>)> {
    let mut out: Vec<(String, Vec<(String, String)>)> = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    let mut path_candidate: Option<String> = None;
    while i < lines.len() {
        let l = lines[i].trim_end();
        if l.trim_start().starts_with("<<<<<<< SEARCH") {
            let start = i;
            while i < lines.len() && !lines[i].trim().starts_with(">>>>>>> REPLACE") {
                i += 1;
            }
            let block = lines[start..lines.len().min(i + 1)].join("\n");
            if let (Some(path), Some((o, n))) = (
                path_candidate.clone(),
                crate::diff::search_replace_blocks(&block)
                    .into_iter()
                    .next(),
            ) {
                match out.iter_mut().find(|(p, _)| *p == path) {
                    Some((_, blocks)) => blocks.push((o, n)),
                    None => out.push((path, vec![(o, n)])),
                }
            }
        } else if l.starts_with("```") {
            // The file name is on the line before the opening fence.
            if i > 0
                && !lines[i - 1].trim().is_empty()
                && !lines[i - 1].trim_start().starts_with("```")
            {
                let p = lines[i - 1]
                    .trim()
                    .trim_matches('`')
                    .trim_end_matches(':')
                    .trim();
                if !p.contains(' ') || p.contains('/') || p.contains('\\') {
                    path_candidate = Some(p.to_owned());
                }
            }
        }
        i += 1;
    }
    out
}

impl Adapter for AiderAdapter {
    fn record(&mut self, rec: Record<'_>, out: &mut Emitter) {
        let line = rec.text.trim_end_matches('\r');
        if let Some(when) = line.strip_prefix("# aider chat started at ") {
            self.flush_reply(out);
            self.flush_header(out);
            let when = when.trim();
            self.start = Some(when.replacen(' ', "T", 1));
            let file = self
                .file_id
                .get_or_insert_with(|| super::chat::fallback_session_id(out, &rec))
                .clone();
            self.ctx.session_id =
                Some(format!("{file}@{}", self.start.clone().unwrap_or_default()));
            self.version = None;
            self.model = None;
            self.header = Some(self.base(&rec, ":start"));
            return;
        }
        if self.ctx.session_id.is_none() {
            // Text before any run header: a run of unknown start.
            let file = self
                .file_id
                .get_or_insert_with(|| super::chat::fallback_session_id(out, &rec))
                .clone();
            self.ctx.session_id = Some(file);
            self.header = Some(self.base(&rec, ":start"));
        }
        if self.in_error
            && !line.starts_with("####")
            && !line.starts_with("# aider chat started at ")
        {
            // Aider's explanation of a failed edit, to a line ending in two spaces.
            if line.ends_with("  ") {
                self.in_error = false;
            }
            self.status_line(&rec, line.trim());
            return;
        }
        self.in_error = false;
        if self.in_fence && self.reply.is_some() {
            if line.trim_start().starts_with("```") {
                self.in_fence = false;
            }
            if let Some((_, t)) = self.reply.as_mut() {
                t.push_str(line);
                t.push('\n');
            }
            return;
        }
        if let Some(text) = line.strip_prefix("####") {
            if self.reply.is_some() || !self.status.is_empty() {
                self.flush_reply(out);
            }
            self.flush_status(out);
            let text = text.strip_prefix(' ').unwrap_or(text).trim_end();
            match self.user.as_mut() {
                Some((_, t)) => {
                    t.push('\n');
                    t.push_str(text);
                }
                None => self.user = Some((self.base(&rec, ""), text.to_owned())),
            }
            return;
        }
        if let Some(status) = line
            .strip_prefix("> ")
            .or((line.trim_end() == ">").then_some(""))
        {
            let status = status.trim();
            if let Some(v) = status.strip_prefix("Aider ") {
                self.version
                    .get_or_insert_with(|| v.trim_start_matches('v').to_owned());
            }
            if let Some(m) = status
                .strip_prefix("Main model: ")
                .or_else(|| status.strip_prefix("Model: "))
            {
                self.model
                    .get_or_insert_with(|| m.split(" with ").next().unwrap_or(m).trim().to_owned());
            }
            self.flush_user(out);
            if status.contains("SEARCH/REPLACE block") && status.contains("failed to match") {
                self.in_error = true;
            }
            self.status_line(&rec, status);
            return;
        }
        if line.trim().is_empty() {
            if let Some((_, t)) = self.reply.as_mut() {
                t.push('\n');
            }
            return;
        }
        if self
            .reply
            .as_ref()
            .is_some_and(|(_, t)| t.len() > MAX_REPLY_BYTES)
        {
            // A reply this long is cut into turns, so memory stays bounded.
            self.flush_reply(out);
        }
        if self.user.is_some() {
            self.flush_user(out);
        }
        if !self.status.is_empty() {
            // Console output ended the reply: this is a new one.
            self.flush_reply(out);
        }
        self.flush_status(out);
        self.flush_header(out);
        if line.trim_start().starts_with("```") {
            self.in_fence = true;
        }
        match self.reply.as_mut() {
            Some((_, t)) => {
                t.push_str(line);
                t.push('\n');
            }
            None => self.reply = Some((self.base(&rec, ""), format!("{line}\n"))),
        }
    }

    fn finish(&mut self, out: &mut Emitter) {
        self.flush_reply(out);
        self.flush_header(out);
        self.flush_status(out);
    }

    fn text_lines(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_edits_and_tokens() {
        let reply = "Here.\n\nsrc/app.py\n```python\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n```\n";
        let e = edits(reply);
        assert_eq!(
            e,
            vec![(
                "src/app.py".to_owned(),
                vec![("x = 1\n".to_owned(), "x = 2\n".to_owned())]
            )]
        );
        let u = tokens("Tokens: 3.2k sent, 21 received. Cost: $0.0082 message, $0.0082 session.")
            .unwrap();
        assert_eq!((u.input_tokens, u.output_tokens), (3200, 21));
        let u =
            tokens("Tokens: 4.4k sent, 2.5k cache write, 1.2k cache hit, 150 received.").unwrap();
        assert_eq!(
            (
                u.input_tokens,
                u.output_tokens,
                u.cache_read_tokens,
                u.cache_creation_tokens
            ),
            (4400, 150, 1200, 2500)
        );
    }
}
