//! Sessions kept as files: which files make one session, in which order,
//! and what a path's name and place say about its tool.

use std::io::Read;
use std::path::{Path, PathBuf};

use memscribe::{Error, ErrorKind, SourceKind};

/// The files in a Cline / Roo Code task directory, in parse order: the API
/// history first (the full conversation), then the panel's messages (which
/// repeat it, or stand alone when it is missing), then the metadata.
pub(crate) const TASK_FILES: [&str; 3] = [
    "api_conversation_history.json",
    "ui_messages.json",
    "task_metadata.json",
];

/// The tool a path's name and place suggest, for content that does not
/// say: Cline's and Roo Code's task files, Copilot CLI's `events.jsonl`,
/// Aider's history, VS Code's chat files, Gemini's `logs.json` and
/// checkpoints, Amp's threads, Cursor's agent transcripts, OpenCode's
/// storage tree.
pub fn hint(path: &Path) -> Option<SourceKind> {
    let text = path.to_string_lossy().replace('\\', "/");
    let name = text.rsplit('/').next().unwrap_or(&text);
    let lower = text.to_ascii_lowercase();
    if TASK_FILES.iter().any(|f| name.ends_with(f)) {
        return Some(
            if lower.contains("roo-cline")
                || lower.contains("roo_code")
                || lower.contains("roo-code")
            {
                SourceKind::RooCode
            } else {
                SourceKind::Cline
            },
        );
    }
    if name.ends_with(".aider.chat.history.md") {
        return Some(SourceKind::Aider);
    }
    if name.ends_with(".chatreplay.json")
        || lower.contains("/chatsessions/")
        || lower.contains("/emptywindowchatsessions/")
    {
        return Some(SourceKind::VsCode);
    }
    if lower.contains("/session-state/") && name == "events.jsonl" {
        return Some(SourceKind::Copilot);
    }
    if lower.contains("/.gemini/")
        && (name == "logs.json" || name.starts_with("checkpoint-") || name.starts_with("session-"))
    {
        return Some(SourceKind::Gemini);
    }
    if lower.contains("/amp/threads/") && name.starts_with("T-") {
        return Some(SourceKind::Amp);
    }
    if lower.contains("/agent-transcripts/") {
        return Some(SourceKind::Cursor);
    }
    if lower.contains("storage/session/") && name.starts_with("ses_") && name.ends_with(".json") {
        return Some(SourceKind::OpenCode);
    }
    None
}

/// The files of the session at `path` (a file or a session's directory),
/// in parse order, with the tool their layout names (if it does).
///
/// * A file is a session of its own, except an OpenCode session file
///   (`storage/session/<project>/ses_<id>.json`), whose messages and parts
///   sit in other folders of the storage tree, and a Claude Code session
///   file that has subagent files (below).
/// * A directory is one session's folder: a Cline or Roo Code task, a
///   Copilot CLI `session-state/<id>/`, or a Claude Code 2.x
///   `<project>/<sessionId>/` (with `subagents/`, `tool-results/`).
/// * A Claude Code session is its large tool outputs
///   (`<sessionId>/tool-results/*.txt`, read into the results that only
///   preview them), its main file, then its subagents' files in name order:
///   2.1's `<sessionId>/subagents/agent-*.jsonl`, and 2.0's `agent-*.jsonl`
///   beside the main file whose lines name its session.
pub(crate) fn session_files(path: &Path) -> Result<(Option<SourceKind>, Vec<PathBuf>), Error> {
    let meta = std::fs::metadata(path).map_err(|e| Error::io(path, &e))?;
    if !meta.is_dir() {
        if hint(path) == Some(SourceKind::OpenCode) {
            return opencode_session(path).map(|f| (Some(SourceKind::OpenCode), f));
        }
        if let Some(files) = claude_session_of_file(path)? {
            return Ok((Some(SourceKind::ClaudeCode), files));
        }
        return Ok((hint(path), vec![path.to_path_buf()]));
    }
    let task: Vec<PathBuf> = TASK_FILES
        .iter()
        .map(|f| path.join(f))
        .filter(|p| p.is_file())
        .collect();
    if !task.is_empty() {
        return Ok((hint(&task[0]), task));
    }
    let events = path.join("events.jsonl");
    if events.is_file() {
        return Ok((Some(SourceKind::Copilot), vec![events]));
    }
    if path.join("subagents").is_dir() || path.join("tool-results").is_dir() {
        let main = path.with_extension("jsonl");
        let heads = agent_heads(main.parent().unwrap_or(Path::new(".")))?;
        let files = claude_files(&main, &heads)?;
        if !files.is_empty() {
            return Ok((Some(SourceKind::ClaudeCode), files));
        }
    }
    Err(Error::other(
        ErrorKind::UnknownSource,
        format!(
            "{} is a directory but not a session directory this version knows (a Cline or Roo Code task, a Copilot CLI session folder, a Claude Code session folder)",
            path.display()
        ),
    ))
}

/// A Claude Code session file with the files of its subagents and its
/// tool outputs, or `None` when it has none (or is not a main session file).
fn claude_session_of_file(path: &Path) -> Result<Option<Vec<PathBuf>>, Error> {
    if path.extension().is_none_or(|e| e != "jsonl") || is_agent_file(path) {
        return Ok(None);
    }
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let files = claude_files(path, &agent_heads(dir)?)?;
    Ok((files.len() > 1).then_some(files))
}

fn is_agent_file(f: &Path) -> bool {
    f.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with("agent-"))
}

/// Claude Code 2.0's subagent files in a folder (`agent-*.jsonl`), in name
/// order, each with its first line (which names its session).
fn agent_heads(dir: &Path) -> Result<Vec<(PathBuf, Vec<u8>)>, Error> {
    // Kept per folder while the folder is unchanged (its modification time
    // moves whenever a file is added or removed), so that reading each of
    // a project's thousands of sessions does not list the folder each time.
    type Cache =
        std::collections::HashMap<PathBuf, (std::time::SystemTime, Vec<(PathBuf, Vec<u8>)>)>;
    static CACHE: std::sync::Mutex<Option<Cache>> = std::sync::Mutex::new(None);
    let stamp = std::fs::metadata(dir).and_then(|m| m.modified()).ok();
    if let Some(stamp) = stamp {
        if let Ok(guard) = CACHE.lock() {
            if let Some((t, heads)) = guard.as_ref().and_then(|c| c.get(dir)) {
                if *t == stamp {
                    return Ok(heads.clone());
                }
            }
        }
    }
    // Names first: only `agent-*.jsonl` files are looked at further.
    let files = sorted_files_where(dir, &|p| {
        is_agent_file(p) && p.extension().is_some_and(|x| x == "jsonl")
    })?;
    let heads: Vec<(PathBuf, Vec<u8>)> = files
        .into_iter()
        .map(|f| {
            let head = first_line(&f);
            (f, head)
        })
        .collect();
    if let (Some(stamp), Ok(mut guard)) = (stamp, CACHE.lock()) {
        let cache = guard.get_or_insert_with(Default::default);
        if cache.len() > 4096 {
            cache.clear();
        }
        cache.insert(dir.to_path_buf(), (stamp, heads.clone()));
    }
    Ok(heads)
}

/// A Claude Code session's files in parse order: its large tool outputs
/// (`<session>/tool-results/*.txt`), its main file (when it exists), the
/// 2.0 subagent files among `heads` that name it, its 2.1 subagent files
/// (`<session>/subagents/agent-*.jsonl`).
fn claude_files(main: &Path, heads: &[(PathBuf, Vec<u8>)]) -> Result<Vec<PathBuf>, Error> {
    let dir = main.with_extension("");
    let mut files = sorted_files(&dir.join("tool-results"), "txt")?;
    if main.is_file() {
        let stem = main.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        let needle = format!("\"sessionId\":\"{stem}\"");
        files.push(main.to_path_buf());
        files.extend(
            heads
                .iter()
                .filter(|(_, h)| memchr::memmem::find(h, needle.as_bytes()).is_some())
                .map(|(f, _)| f.clone()),
        );
    }
    files.extend(sorted_files(&dir.join("subagents"), "jsonl")?);
    Ok(files)
}

/// The Claude Code sessions of a project folder, each main file with its
/// files in parse order (as [`session_files`] gives them), reading each
/// 2.0 subagent file's first line once for the folder.
pub(crate) fn claude_project_sessions(project: &Path) -> Vec<(PathBuf, Vec<PathBuf>)> {
    let heads = agent_heads(project).unwrap_or_default();
    let mains = sorted_files(project, "jsonl")
        .unwrap_or_default()
        .into_iter()
        .filter(|f| !is_agent_file(f));
    mains
        .map(|main| {
            let files = claude_files(&main, &heads).unwrap_or_else(|_| vec![main.clone()]);
            (main, files)
        })
        .collect()
}

/// The first line of `file` (at most 64 KiB of it).
fn first_line(file: &Path) -> Vec<u8> {
    let mut head = Vec::new();
    if std::fs::File::open(file)
        .and_then(|f| f.take(64 << 10).read_to_end(&mut head))
        .is_err()
    {
        return Vec::new();
    }
    let end = memchr::memchr(b'\n', &head).unwrap_or(head.len());
    head.truncate(end);
    head
}

/// An OpenCode session in its JSON storage tree: the session file, then
/// each message (`message/<session>/msg_*.json`, in id order, which is time
/// order) followed by its parts (`part/<message>/prt_*.json`).
fn opencode_session(session: &Path) -> Result<Vec<PathBuf>, Error> {
    let id = session
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    // storage/session/<project>/ses_<id>.json
    let storage = session
        .parent()
        .and_then(Path::parent)
        .and_then(Path::parent)
        .ok_or_else(|| {
            Error::other(
                ErrorKind::UnknownSource,
                format!(
                    "{} is not inside an OpenCode storage tree",
                    session.display()
                ),
            )
        })?;
    let mut files = vec![session.to_path_buf()];
    for message in sorted_files(&storage.join("message").join(&id), "json")? {
        let mid = message
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        files.push(message);
        files.extend(sorted_files(&storage.join("part").join(&mid), "json")?);
    }
    Ok(files)
}

/// The files of a directory with the extension `ext`, sorted by name (none
/// when the directory is absent).
pub(crate) fn sorted_files(dir: &Path, ext: &str) -> Result<Vec<PathBuf>, Error> {
    sorted_files_where(dir, &|p| p.extension().is_some_and(|x| x == ext))
}

/// The files of a directory whose path `keep` accepts (checked before the
/// file system is asked whether each is a file), sorted by name.
fn sorted_files_where(dir: &Path, keep: &dyn Fn(&Path) -> bool) -> Result<Vec<PathBuf>, Error> {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e)
            if matches!(
                e.kind(),
                std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory
            ) =>
        {
            return Ok(Vec::new())
        }
        Err(e) => return Err(Error::io(dir, &e)),
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| keep(p) && p.is_file())
        .collect();
    files.sort();
    Ok(files)
}
