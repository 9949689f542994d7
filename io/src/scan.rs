//! The sessions under any directory: what `memscribe ingest DIR` and
//! `watch DIR` read when DIR is not itself a session.

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

use memscribe::Error;

use crate::discover::{sorted_entries, subdirs};
use crate::files::{claude_project_sessions, sorted_files, TASK_FILES};

/// How deep [`scan`] descends below the directory it is given.
const MAX_DEPTH: usize = 8;

/// Directories never searched: they hold code and build output, not
/// transcripts.
const SKIP: &[&str] = &[
    ".git",
    "node_modules",
    "target",
    "__pycache__",
    ".venv",
    "venv",
    ".cache",
];

/// The source paths under `dir`, sorted: every path [`crate::inputs`]
/// reads as a session (a transcript file, a session directory, a database
/// of a store this version reads), each once.
///
/// * `dir` itself, when it is a session directory.
/// * A session directory (a Cline or Roo Code task, a Copilot CLI session
///   folder) is one path; its files are not listed again.
/// * A Claude Code session file stands for its subagents' files and its
///   `<session>/` folder (as [`crate::inputs`] reads them together).
/// * An OpenCode storage tree (`session/`, `message/`, `part/`) gives one
///   path per session file.
/// * Other files count when their content names a tool (or, where it
///   cannot, their name and place: [`crate::hint`]); databases when their
///   tables are a store this version reads. Symbolic links are not
///   followed; `.git`, `node_modules` and build folders are skipped.
pub fn scan(dir: &Path) -> Result<Vec<PathBuf>, Error> {
    let meta = std::fs::metadata(dir).map_err(|e| Error::io(dir, &e))?;
    if !meta.is_dir() || is_session_dir(dir) {
        return Ok(vec![dir.to_path_buf()]);
    }
    let mut out = Vec::new();
    walk(dir, 0, &mut out);
    out.sort();
    out.dedup();
    Ok(out)
}

/// A folder that [`crate::inputs`] reads as one session.
fn is_session_dir(dir: &Path) -> bool {
    TASK_FILES.iter().any(|f| dir.join(f).is_file())
        || dir.join("events.jsonl").is_file()
        || ((dir.join("subagents").is_dir() || dir.join("tool-results").is_dir())
            && !dir.with_extension("jsonl").is_file())
}

fn walk(dir: &Path, depth: usize, out: &mut Vec<PathBuf>) {
    if dir.join("session").is_dir() && dir.join("message").is_dir() {
        // OpenCode's storage tree: storage/session/<project>/ses_*.json.
        for project in subdirs(&dir.join("session")) {
            out.extend(sorted_files(&project, "json").unwrap_or_default());
        }
        return;
    }
    // Transcript lines: a Claude Code session file with its subagents, or
    // any other tool's file on its own.
    let mut taken: std::collections::HashSet<PathBuf> = std::collections::HashSet::new();
    for (main, files) in claude_project_sessions(dir) {
        if is_transcript(&main) {
            out.push(main.clone());
            taken.extend(files);
        }
    }
    for (p, ft) in sorted_entries(dir) {
        if ft.is_dir() {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if SKIP.contains(&name) {
                continue;
            }
            if p.with_extension("jsonl").is_file()
                && (p.join("subagents").is_dir() || p.join("tool-results").is_dir())
            {
                continue; // a Claude Code session's folder, read with its file
            }
            if is_session_dir(&p) {
                out.push(p);
            } else if depth < MAX_DEPTH {
                walk(&p, depth + 1, out);
            }
        } else if ft.is_file() && !taken.contains(&p) {
            let ext = p.extension().and_then(|e| e.to_str()).unwrap_or("");
            let candidate = match ext {
                "jsonl" | "json" | "md" => is_transcript(&p),
                _ => crate::database_source(&p).is_some(),
            };
            if candidate {
                out.push(p);
            }
        }
    }
}

/// A file whose head a tool's format recognises, or whose name and place
/// say which tool wrote it.
fn is_transcript(path: &Path) -> bool {
    if crate::files::hint(path).is_some() {
        return true;
    }
    let mut head = Vec::new();
    if File::open(path)
        .and_then(|f| f.take(64 << 10).read_to_end(&mut head))
        .is_err()
    {
        return false;
    }
    memscribe::detect(&head).is_some()
}
