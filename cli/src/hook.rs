//! `memscribe hook`: what an agent's hook runs after each turn.

use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use memscribe_store::Store;
use serde_json::Value;

/// The hook log is cut back to nothing past this size.
const LOG_MAX: u64 = 1 << 20;

/// Ingests the session the hook's JSON names. Always exits 0: a failure
/// goes to `hook.log` beside the store, never to the agent.
pub fn run(tool: Option<&str>, store: Option<&Path>, arg: Option<&str>) -> ExitCode {
    let store_path = store.map_or_else(Store::default_path, Path::to_path_buf);
    let outcome = std::panic::catch_unwind(|| ingest(tool, &store_path, arg))
        .unwrap_or_else(|_| Err("internal error (panic)".to_owned()));
    if let Err(e) = outcome {
        log(&store_path, tool, &e);
    }
    ExitCode::SUCCESS
}

fn ingest(tool: Option<&str>, store: &Path, arg: Option<&str>) -> Result<(), String> {
    let v = input(arg)?;
    let path = transcript(tool, &v)?;
    let mut s = Store::open(store).map_err(|e| e.message)?;
    // An agent waits for its hooks: never wait long for a busy store (the
    // next hook, or `watch`, reads what this one could not).
    s.set_busy_timeout(Duration::from_secs(5))
        .map_err(|e| e.message)?;
    let report = s
        .ingest_sources(
            vec![std::path::absolute(&path).unwrap_or(path.clone())],
            &mut |_| {},
        )
        .map_err(|e| e.message)?;
    match report.failed.first() {
        Some((p, e)) => Err(format!("{}: {e}", p.display())),
        None => Ok(()),
    }
}

/// The hook's JSON: the last argument when it is JSON (Codex's `notify`),
/// else stdin (Claude Code, Gemini CLI), at most 1 MiB of it.
fn input(arg: Option<&str>) -> Result<Value, String> {
    if let Some(a) = arg.filter(|a| a.trim_start().starts_with('{')) {
        return serde_json::from_str(a)
            .map_err(|e| format!("the hook's argument is not JSON: {e}"));
    }
    if std::io::stdin().is_terminal() {
        return Err("no hook JSON on stdin or as an argument".to_owned());
    }
    let mut buf = Vec::new();
    std::io::stdin()
        .take(1 << 20)
        .read_to_end(&mut buf)
        .map_err(|e| format!("reading stdin: {e}"))?;
    serde_json::from_slice(&buf).map_err(|e| format!("the hook's input is not JSON: {e}"))
}

/// The transcript the hook's JSON names: `transcript_path` (Claude Code,
/// Gemini CLI), or a Codex thread's rollout found by its id.
fn transcript(tool: Option<&str>, v: &Value) -> Result<PathBuf, String> {
    for k in ["transcript_path", "transcriptPath"] {
        if let Some(p) = v[k].as_str().filter(|p| !p.is_empty()) {
            let p = expand_home(p);
            return if p.exists() {
                Ok(p)
            } else {
                Err(format!("{}: the transcript does not exist", p.display()))
            };
        }
    }
    let id = ["thread-id", "thread_id", "session_id", "sessionId"]
        .iter()
        .find_map(|k| v[*k].as_str())
        .unwrap_or("");
    if id.is_empty() {
        return Err(
            "the hook's JSON names no transcript_path and no thread or session id".to_owned(),
        );
    }
    let mut d = memscribe_io::Discovery::from_env();
    if tool.is_none() || tool == Some("codex") {
        d.tools = vec![memscribe::SourceKind::Codex];
    }
    let found = memscribe_io::discover(&d).map_err(|e| e.message().to_owned())?;
    found
        .into_iter()
        .find(|f| f.session_id == id || f.session_id.ends_with(id))
        .map(|f| f.path)
        .ok_or_else(|| format!("no session {id} found"))
}

fn expand_home(p: &str) -> PathBuf {
    match (p.strip_prefix("~/"), std::env::var_os("HOME")) {
        (Some(rest), Some(home)) => PathBuf::from(home).join(rest),
        _ => PathBuf::from(p),
    }
}

/// Appends a line to `hook.log` beside the store (cut back past 1 MiB).
fn log(store: &Path, tool: Option<&str>, msg: &str) {
    let dir = store
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let path = dir.join("hook.log");
    let _ = std::fs::create_dir_all(dir);
    let too_big = std::fs::metadata(&path).is_ok_and(|m| m.len() > LOG_MAX);
    let f = std::fs::OpenOptions::new()
        .create(true)
        .append(!too_big)
        .write(true)
        .truncate(too_big)
        .open(&path);
    if let Ok(mut f) = f {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as i64);
        let when = memscribe::rfc3339_from_ms(now).unwrap_or_default();
        let _ = writeln!(f, "{when} {} {msg}", tool.unwrap_or("-"));
    }
}

/// Prints what to add to a tool's settings to run the hook.
pub fn print_config(tool: &str) -> ExitCode {
    let text = match tool {
        "claude_code" => {
            r#"# Add to ~/.claude/settings.json (or a project's .claude/settings.json):
{
  "hooks": {
    "Stop": [{ "hooks": [{ "type": "command", "command": "memscribe hook --tool claude_code" }] }],
    "SubagentStop": [{ "hooks": [{ "type": "command", "command": "memscribe hook --tool claude_code" }] }],
    "PreCompact": [{ "hooks": [{ "type": "command", "command": "memscribe hook --tool claude_code" }] }],
    "SessionEnd": [{ "hooks": [{ "type": "command", "command": "memscribe hook --tool claude_code" }] }]
  }
}
"#
        }
        "codex" => {
            r#"# Add to ~/.codex/config.toml (Codex passes the notification as the last argument):
notify = ["memscribe", "hook", "--tool", "codex"]
"#
        }
        "gemini" => {
            r#"# Add to ~/.gemini/settings.json:
{
  "hooks": {
    "AfterAgent": [{ "hooks": [{ "type": "command", "command": "memscribe hook --tool gemini" }] }],
    "SessionEnd": [{ "hooks": [{ "type": "command", "command": "memscribe hook --tool gemini" }] }]
  }
}
"#
        }
        other => {
            eprintln!("memscribe: hooks are for claude_code, codex and gemini, not {other:?}");
            return ExitCode::from(2);
        }
    };
    crate::print_out(text)
}
