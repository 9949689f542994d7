//! Reading sources from disk for [`memscribe`], whose core reads bytes only.
//!
//! A *source path* is a transcript file, or a directory that holds one
//! session in several files (a Cline or Roo Code task directory, a Copilot
//! CLI `session-state/<id>/` folder). [`open`] says which files make the
//! session and in which order; [`parse_path`] parses them as one event
//! stream through [`memscribe::Session::next_file`], with each event's
//! `provenance.file` naming the file it came from.
//!
//! The tool is detected from the content, as `parse` does; when the content
//! cannot say (a Cline `task_metadata.json` holds only a title), the file's
//! name and place decide ([`hint`]).

#![deny(missing_docs)]

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

use memscribe::{Batch, Error, ErrorKind, Options, Session, SourceKind};

/// The files of one session, in the order they are parsed, and the tool
/// their place names (if it does).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionFiles {
    /// The tool, when the path's layout says (a task directory is Cline's).
    pub source: Option<SourceKind>,
    /// The files, in parse order.
    pub files: Vec<PathBuf>,
}

/// The files in a Cline / Roo Code task directory, in parse order: the API
/// history first (the full conversation), then the panel's messages (which
/// repeat it, or stand alone when it is missing), then the metadata.
const TASK_FILES: [&str; 3] = ["api_conversation_history.json", "ui_messages.json", "task_metadata.json"];

/// The tool a path's name and place suggest, for content that does not
/// say: Cline's and Roo Code's task files, Copilot CLI's `events.jsonl`,
/// Aider's history, VS Code's chat files, Gemini's `logs.json` and
/// checkpoints, Amp's threads.
pub fn hint(path: &Path) -> Option<SourceKind> {
    let text = path.to_string_lossy().replace('\\', "/");
    let name = text.rsplit('/').next().unwrap_or(&text);
    let lower = text.to_ascii_lowercase();
    if TASK_FILES.iter().any(|f| name.ends_with(f)) {
        return Some(if lower.contains("roo-cline") || lower.contains("roo_code") || lower.contains("roo-code") {
            SourceKind::RooCode
        } else {
            SourceKind::Cline
        });
    }
    if name.ends_with(".aider.chat.history.md") {
        return Some(SourceKind::Aider);
    }
    if name.ends_with(".chatreplay.json") || lower.contains("/chatsessions/") {
        return Some(SourceKind::VsCode);
    }
    if lower.contains("/session-state/") && name == "events.jsonl" {
        return Some(SourceKind::Copilot);
    }
    if lower.contains("/.gemini/") && (name == "logs.json" || name.starts_with("checkpoint-") || name.starts_with("session-")) {
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

/// What `path` holds: a file is a session of its own, except an OpenCode
/// session file (`storage/session/<project>/ses_<id>.json`), whose messages
/// and parts sit in other folders of the storage tree; a directory must be
/// one session's folder (a task directory, a Copilot CLI session).
pub fn open(path: &Path) -> Result<SessionFiles, Error> {
    let meta = std::fs::metadata(path).map_err(|e| Error::io(path, &e))?;
    if !meta.is_dir() && hint(path) == Some(SourceKind::OpenCode) {
        return opencode_session(path);
    }
    if !meta.is_dir() {
        return Ok(SessionFiles { source: hint(path), files: vec![path.to_path_buf()] });
    }
    let task: Vec<PathBuf> = TASK_FILES.iter().map(|f| path.join(f)).filter(|p| p.is_file()).collect();
    if !task.is_empty() {
        return Ok(SessionFiles { source: hint(&task[0]), files: task });
    }
    let events = path.join("events.jsonl");
    if events.is_file() {
        return Ok(SessionFiles { source: Some(SourceKind::Copilot), files: vec![events] });
    }
    Err(Error::other(
        ErrorKind::UnknownSource,
        format!(
            "{} is a directory but not a session directory this version knows (a Cline or Roo Code task directory, a Copilot CLI session folder)",
            path.display()
        ),
    ))
}

/// An OpenCode session in its JSON storage tree: the session file, then
/// each message (`message/<session>/msg_*.json`, in id order, which is time
/// order) followed by its parts (`part/<message>/prt_*.json`).
fn opencode_session(session: &Path) -> Result<SessionFiles, Error> {
    let id = session.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    // storage/session/<project>/ses_<id>.json
    let storage = session.parent().and_then(Path::parent).and_then(Path::parent).ok_or_else(|| {
        Error::other(ErrorKind::UnknownSource, format!("{} is not inside an OpenCode storage tree", session.display()))
    })?;
    let mut files = vec![session.to_path_buf()];
    for message in sorted_json(&storage.join("message").join(&id))? {
        let mid = message.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        files.push(message);
        files.extend(sorted_json(&storage.join("part").join(&mid))?);
    }
    Ok(SessionFiles { source: Some(SourceKind::OpenCode), files })
}

/// The `.json` files of a directory, sorted by name (none when it is absent).
fn sorted_json(dir: &Path) -> Result<Vec<PathBuf>, Error> {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(Error::io(dir, &e)),
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json") && p.is_file())
        .collect();
    files.sort();
    Ok(files)
}

/// How much of a file is read at a time.
const CHUNK: usize = 1 << 20;

/// Parses a file or a session directory (see [`open`]) with `opts`; each
/// event's `provenance.file` is the path of the file it came from, unless
/// `opts.file` names one (for a directory, each file is named under it). With no source in `opts`, the content decides, and
/// the path's [`hint`] when the content cannot.
pub fn parse_path(path: &Path, opts: &Options) -> Result<Batch, Error> {
    let mut out = Batch::default();
    parse_path_with(path, opts, &mut |b| out.extend(b))?;
    Ok(out)
}

/// [`parse_path`], handing out batches as they are made (memory stays
/// bounded by the largest record, however long the files are).
pub fn parse_path_with(path: &Path, opts: &Options, sink: &mut dyn FnMut(Batch)) -> Result<(), Error> {
    let files = open(path)?;
    let mut opts = with_source(&files, opts)?;
    let given = opts.file.clone();
    let many = files.files.len() > 1;
    // With a name given for a directory, each file is named under it.
    let name_of = |file: &Path| match (&given, many) {
        (Some(g), true) => format!("{g}/{}", file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()),
        (Some(g), false) => g.clone(),
        (None, _) => file.display().to_string(),
    };
    opts.file = Some(name_of(&files.files[0]));
    let mut session = Session::new(opts)?;
    for (i, file) in files.files.iter().enumerate() {
        if i > 0 {
            session.next_file(Some(&name_of(file)))?;
        }
        let mut f = File::open(file).map_err(|e| Error::io(file, &e))?;
        let mut buf = vec![0u8; CHUNK];
        loop {
            let n = match f.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(Error::io(file, &e)),
            };
            session.feed_with(&buf[..n], sink)?;
        }
    }
    sink(session.finish()?);
    Ok(())
}

/// The options to parse `files` with: as given when they name a source;
/// else the directory's tool, or the file's hint when its content is not
/// recognised.
pub fn with_source(files: &SessionFiles, opts: &Options) -> Result<Options, Error> {
    if opts.source.is_some() {
        return Ok(opts.clone());
    }
    let Some(hinted) = files.source else { return Ok(opts.clone()) };
    if files.files.len() > 1 {
        return Ok(opts.clone().with_source(hinted));
    }
    let first = &files.files[0];
    let mut head = Vec::new();
    File::open(first)
        .and_then(|f| f.take(CHUNK as u64).read_to_end(&mut head))
        .map_err(|e| Error::io(first, &e))?;
    Ok(match memscribe::detect(&head) {
        Some(_) => opts.clone(),
        None => opts.clone().with_source(hinted),
    })
}
