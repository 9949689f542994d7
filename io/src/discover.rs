//! Finding every session on a machine: each tool's default places on
//! Linux, macOS and Windows, and the overrides each tool honours.
//!
//! | tool | places (under the home unless an override says) | overrides |
//! |---|---|---|
//! | `claude_code` | `.claude/projects/*/*.jsonl` (a session with its subagents) | `CLAUDE_CONFIG_DIR` |
//! | `codex` | `.codex/sessions/**/rollout-*.jsonl`, `.codex/archived_sessions/` | `CODEX_HOME` |
//! | `gemini` | `.gemini/tmp/*/chats/session-*`, `logs.json`, `checkpoint-*.json` | `GEMINI_CLI_HOME` (a home) |
//! | `copilot` | `.copilot/session-state/<id>/` | `COPILOT_HOME` |
//! | `vscode`, `cline`, `roo_code`, `cursor` | the editors' user data (`Code`, `Code - Insiders`, `VSCodium`, `Cursor`): `workspaceStorage/*/chatSessions/`, `globalStorage/emptyWindowChatSessions/`, the extensions' `tasks/<id>/`, Cursor's `state.vscdb` | `XDG_CONFIG_HOME` (Linux), `APPDATA` (Windows) |
//! | `cursor` | `.cursor/projects/*/agent-transcripts/**/*.jsonl`, `.cursor/chats/**/store.db` | `CURSOR_CONFIG_DIR` |
//! | `amp` | data dir `amp/threads/T-*.json` | `XDG_DATA_HOME` |
//! | `opencode` | data dir `opencode/opencode*.db`, `opencode/storage/session/*/ses_*.json` | `OPENCODE_DB`, `XDG_DATA_HOME` |
//! | `zed` | data dir `zed/threads/threads.db` (macOS `Library/Application Support/Zed`, Windows `LOCALAPPDATA\Zed`) | `XDG_DATA_HOME`, `FLATPAK_XDG_DATA_HOME` |
//! | `goose` | data dir `goose/sessions/sessions.db` and legacy `*.jsonl` (Windows `APPDATA\Block\goose\data`) | `GOOSE_PATH_ROOT` |
//!
//! Aider keeps its history in each project's root, which no place lists:
//! it is found only under a root given with [`Discovery::roots`].

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use memscribe::{Error, SourceKind};

use crate::files::sorted_files;

/// The operating system whose layout to search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Os {
    /// Linux and the BSDs (XDG layout).
    Linux,
    /// macOS.
    MacOs,
    /// Windows.
    Windows,
}

impl Os {
    /// The layout of the system this runs on.
    pub fn current() -> Os {
        if cfg!(target_os = "macos") {
            Os::MacOs
        } else if cfg!(windows) {
            Os::Windows
        } else {
            Os::Linux
        }
    }
}

/// What to search: a home, the environment's overrides, the OS layout,
/// which tools and since when.
#[derive(Debug, Clone)]
pub struct Discovery {
    /// The home directory; `None` for the user's.
    pub home: Option<PathBuf>,
    /// Environment variables (overrides); [`Discovery::from_env`] reads
    /// the process's.
    pub env: BTreeMap<String, String>,
    /// Whose layout.
    pub os: Os,
    /// Only these tools (all when empty).
    pub tools: Vec<SourceKind>,
    /// Only sessions modified at or after this time (ms since the epoch).
    pub since_ms: Option<i64>,
    /// Directories also searched for Aider histories (to a depth of 4).
    pub roots: Vec<PathBuf>,
}

impl Discovery {
    /// This machine: its home, environment and layout.
    pub fn from_env() -> Discovery {
        Discovery {
            home: None,
            env: std::env::vars().collect(),
            os: Os::current(),
            tools: Vec::new(),
            since_ms: None,
            roots: Vec::new(),
        }
    }

    /// A fake home with no environment (tests): only `env`'s overrides.
    pub fn at_home(home: impl Into<PathBuf>) -> Discovery {
        Discovery {
            home: Some(home.into()),
            env: BTreeMap::new(),
            os: Os::current(),
            tools: Vec::new(),
            since_ms: None,
            roots: Vec::new(),
        }
    }

    fn var(&self, k: &str) -> Option<PathBuf> {
        self.env.get(k).filter(|v| !v.is_empty()).map(PathBuf::from)
    }

    fn home(&self) -> PathBuf {
        self.home
            .clone()
            .or_else(|| self.var("HOME"))
            .or_else(|| self.var("USERPROFILE"))
            .unwrap_or_else(|| PathBuf::from("."))
    }

    /// Linux's `$XDG_DATA_HOME`, else `~/.local/share` (also where OpenCode,
    /// Amp and Goose keep their data on macOS).
    fn xdg_data(&self) -> PathBuf {
        self.var("XDG_DATA_HOME")
            .unwrap_or_else(|| self.home().join(".local/share"))
    }

    /// The editors' user-data roots (`<root>/<Product>/User`).
    fn editor_roots(&self) -> Vec<PathBuf> {
        match self.os {
            Os::Linux => vec![self
                .var("XDG_CONFIG_HOME")
                .unwrap_or_else(|| self.home().join(".config"))],
            Os::MacOs => vec![self.home().join("Library/Application Support")],
            Os::Windows => vec![self
                .var("APPDATA")
                .unwrap_or_else(|| self.home().join("AppData/Roaming"))],
        }
    }

    fn wants(&self, t: SourceKind) -> bool {
        self.tools.is_empty() || self.tools.contains(&t)
    }
}

/// A session found on disk.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Found {
    /// The tool.
    pub tool: SourceKind,
    /// The session's path: a file, a session directory or a database.
    pub path: PathBuf,
    /// The session's id: the store's for a database, else the file's or
    /// directory's name.
    pub session_id: String,
    /// Bytes on disk (a database's whole file; a session's files summed).
    pub size: u64,
    /// Last modified, in ms since the epoch.
    pub modified_ms: i64,
}

fn mtime_ms(m: &std::fs::Metadata) -> i64 {
    m.modified()
        .ok()
        .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_millis() as i64)
}

/// Size and last change of a set of files.
fn stat(files: &[PathBuf]) -> (u64, i64) {
    let mut size = 0;
    let mut modified = 0;
    for f in files {
        if let Ok(m) = std::fs::metadata(f) {
            size += m.len();
            modified = modified.max(mtime_ms(&m));
        }
    }
    (size, modified)
}

/// Directories in `dir`, sorted (none when it is absent).
pub(crate) fn subdirs(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_dir())
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

/// The entries of `dir` with their types (symbolic links not followed),
/// sorted by name; none when it cannot be read.
pub(crate) fn sorted_entries(dir: &Path) -> Vec<(PathBuf, std::fs::FileType)> {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut entries: Vec<(PathBuf, std::fs::FileType)> = rd
        .filter_map(|e| {
            e.ok().and_then(|e| {
                Some((
                    e.path(),
                    std::fs::symlink_metadata(e.path()).ok()?.file_type(),
                ))
            })
        })
        .collect();
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    entries
}

/// Files under `dir` (to `depth` levels) whose name `keep` accepts, sorted.
fn walk(dir: &Path, depth: usize, keep: &dyn Fn(&str) -> bool, out: &mut Vec<PathBuf>) {
    for (p, ft) in sorted_entries(dir) {
        if ft.is_dir() {
            if depth > 0 {
                walk(&p, depth - 1, keep, out);
            }
        } else if ft.is_file() && p.file_name().and_then(|n| n.to_str()).is_some_and(keep) {
            out.push(p);
        }
    }
}

fn name_of(p: &Path) -> String {
    p.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn stem_of(p: &Path) -> String {
    let n = name_of(p);
    n.split('.').next().unwrap_or(&n).to_owned()
}

/// Every session `d` finds, sorted by tool, path and session id.
pub fn discover(d: &Discovery) -> Result<Vec<Found>, Error> {
    let mut out: Vec<Found> = Vec::new();
    let home = d.home();
    let file =
        |tool: SourceKind, path: PathBuf, id: String, files: &[PathBuf], out: &mut Vec<Found>| {
            let (size, modified_ms) = stat(files);
            out.push(Found {
                tool,
                path,
                session_id: id,
                size,
                modified_ms,
            });
        };

    if d.wants(SourceKind::ClaudeCode) {
        let root = d
            .var("CLAUDE_CONFIG_DIR")
            .unwrap_or_else(|| home.join(".claude"));
        for project in subdirs(&root.join("projects")) {
            // Subagents' files are read with their sessions.
            for (main, files) in crate::files::claude_project_sessions(&project) {
                file(
                    SourceKind::ClaudeCode,
                    main.clone(),
                    stem_of(&main),
                    &files,
                    &mut out,
                );
            }
        }
    }
    if d.wants(SourceKind::Codex) {
        let root = d.var("CODEX_HOME").unwrap_or_else(|| home.join(".codex"));
        for sub in ["sessions", "archived_sessions"] {
            let mut found = Vec::new();
            walk(
                &root.join(sub),
                4,
                &|n| n.starts_with("rollout-") && n.ends_with(".jsonl"),
                &mut found,
            );
            for f in found {
                let id = stem_of(&f);
                file(
                    SourceKind::Codex,
                    f.clone(),
                    id,
                    std::slice::from_ref(&f),
                    &mut out,
                );
            }
        }
    }
    if d.wants(SourceKind::Gemini) {
        let root = d
            .var("GEMINI_CLI_HOME")
            .unwrap_or_else(|| home.clone())
            .join(".gemini/tmp");
        for project in subdirs(&root) {
            let mut found = Vec::new();
            walk(
                &project,
                1,
                &|n| n == "logs.json" || n.starts_with("checkpoint-") || n.starts_with("session-"),
                &mut found,
            );
            for f in found {
                let id = if name_of(&f) == "logs.json" {
                    format!("{}/logs", name_of(&project))
                } else {
                    stem_of(&f)
                };
                file(
                    SourceKind::Gemini,
                    f.clone(),
                    id,
                    std::slice::from_ref(&f),
                    &mut out,
                );
            }
        }
    }
    if d.wants(SourceKind::Copilot) {
        let root = d
            .var("COPILOT_HOME")
            .unwrap_or_else(|| home.join(".copilot"));
        for dir in subdirs(&root.join("session-state")) {
            let events = dir.join("events.jsonl");
            if events.is_file() {
                file(
                    SourceKind::Copilot,
                    dir.clone(),
                    name_of(&dir),
                    &[events],
                    &mut out,
                );
            }
        }
    }
    // The editors' user data: VS Code's chats, Cline's and Roo Code's
    // tasks (in any of them), Cursor's databases.
    for root in d.editor_roots() {
        for product in ["Code", "Code - Insiders", "VSCodium", "Cursor"] {
            let user = root.join(product).join("User");
            if !user.is_dir() {
                continue;
            }
            if d.wants(SourceKind::VsCode) && product != "Cursor" {
                let mut found = Vec::new();
                for ws in subdirs(&user.join("workspaceStorage")) {
                    walk(
                        &ws.join("chatSessions"),
                        0,
                        &|n| n.ends_with(".json") || n.ends_with(".jsonl"),
                        &mut found,
                    );
                }
                walk(
                    &user.join("globalStorage/emptyWindowChatSessions"),
                    0,
                    &|n| n.ends_with(".json") || n.ends_with(".jsonl"),
                    &mut found,
                );
                for f in found {
                    file(
                        SourceKind::VsCode,
                        f.clone(),
                        stem_of(&f),
                        std::slice::from_ref(&f),
                        &mut out,
                    );
                }
            }
            for (ext, tool) in [
                ("saoudrizwan.claude-dev", SourceKind::Cline),
                ("rooveterinaryinc.roo-cline", SourceKind::RooCode),
            ] {
                if !d.wants(tool) {
                    continue;
                }
                for task in subdirs(&user.join("globalStorage").join(ext).join("tasks")) {
                    let files: Vec<PathBuf> = crate::files::TASK_FILES
                        .iter()
                        .map(|f| task.join(f))
                        .filter(|p| p.is_file())
                        .collect();
                    if !files.is_empty() {
                        file(tool, task.clone(), name_of(&task), &files, &mut out);
                    }
                }
            }
            if d.wants(SourceKind::Cursor) && product == "Cursor" {
                let mut dbs = Vec::new();
                for ws in subdirs(&user.join("workspaceStorage")) {
                    dbs.push(ws.join("state.vscdb"));
                }
                dbs.push(user.join("globalStorage/state.vscdb"));
                for db in dbs.into_iter().filter(|p| p.is_file()) {
                    database(&db, &mut out);
                }
            }
        }
    }
    if d.wants(SourceKind::Cursor) {
        let root =
            d.var("CURSOR_CONFIG_DIR")
                .unwrap_or_else(|| match (d.os, d.var("XDG_CONFIG_HOME")) {
                    (Os::Linux, Some(x)) if x.join("cursor").is_dir() => x.join("cursor"),
                    _ => home.join(".cursor"),
                });
        for project in subdirs(&root.join("projects")) {
            let mut found = Vec::new();
            walk(
                &project.join("agent-transcripts"),
                2,
                &|n| n.ends_with(".jsonl"),
                &mut found,
            );
            for f in found {
                file(
                    SourceKind::Cursor,
                    f.clone(),
                    stem_of(&f),
                    std::slice::from_ref(&f),
                    &mut out,
                );
            }
        }
        let mut stores = Vec::new();
        walk(&root.join("chats"), 2, &|n| n == "store.db", &mut stores);
        for db in stores {
            database(&db, &mut out);
        }
    }
    let data = d.xdg_data();
    if d.wants(SourceKind::Amp) {
        let mut found = Vec::new();
        walk(
            &data.join("amp/threads"),
            0,
            &|n| n.starts_with("T-") && n.ends_with(".json"),
            &mut found,
        );
        for f in found {
            file(
                SourceKind::Amp,
                f.clone(),
                stem_of(&f),
                std::slice::from_ref(&f),
                &mut out,
            );
        }
    }
    if d.wants(SourceKind::OpenCode) {
        let dir = data.join("opencode");
        let mut dbs = Vec::new();
        match d.var("OPENCODE_DB") {
            Some(p) if p.is_absolute() => dbs.push(p),
            Some(p) => dbs.push(dir.join(p)),
            None => walk(
                &dir,
                0,
                &|n| n.starts_with("opencode") && n.ends_with(".db"),
                &mut dbs,
            ),
        }
        for db in dbs.into_iter().filter(|p| p.is_file()) {
            database(&db, &mut out);
        }
        for project in subdirs(&dir.join("storage/session")) {
            for f in sorted_files(&project, "json").unwrap_or_default() {
                if name_of(&f).starts_with("ses_") {
                    let files = crate::files::session_files(&f)
                        .map(|(_, fs)| fs)
                        .unwrap_or_else(|_| vec![f.clone()]);
                    file(
                        SourceKind::OpenCode,
                        f.clone(),
                        stem_of(&f),
                        &files,
                        &mut out,
                    );
                }
            }
        }
    }
    if d.wants(SourceKind::Zed) {
        let dirs = match d.os {
            Os::Linux => vec![d
                .var("FLATPAK_XDG_DATA_HOME")
                .unwrap_or_else(|| data.clone())
                .join("zed")],
            Os::MacOs => vec![home.join("Library/Application Support/Zed")],
            Os::Windows => vec![d
                .var("LOCALAPPDATA")
                .unwrap_or_else(|| home.join("AppData/Local"))
                .join("Zed")],
        };
        for dir in dirs {
            let db = dir.join("threads/threads.db");
            if db.is_file() {
                database(&db, &mut out);
            }
        }
    }
    if d.wants(SourceKind::Goose) {
        let dirs = match (d.var("GOOSE_PATH_ROOT"), d.os) {
            (Some(root), _) => vec![root.join("data")],
            (None, Os::Windows) => {
                let appdata = d
                    .var("APPDATA")
                    .unwrap_or_else(|| home.join("AppData/Roaming"));
                vec![
                    appdata.join("Block/goose/data"),
                    appdata.join("Block/goose"),
                ]
            }
            (None, _) => vec![data.join("goose")],
        };
        for dir in dirs {
            let sessions = dir.join("sessions");
            let db = sessions.join("sessions.db");
            if db.is_file() {
                database(&db, &mut out);
            }
            for f in sorted_files(&sessions, "jsonl").unwrap_or_default() {
                file(
                    SourceKind::Goose,
                    f.clone(),
                    stem_of(&f),
                    std::slice::from_ref(&f),
                    &mut out,
                );
            }
        }
    }
    if d.wants(SourceKind::Aider) {
        for root in &d.roots {
            let mut found = Vec::new();
            walk(root, 4, &|n| n == ".aider.chat.history.md", &mut found);
            for f in found {
                let id = f.parent().map(name_of).unwrap_or_default();
                file(
                    SourceKind::Aider,
                    f.clone(),
                    id,
                    std::slice::from_ref(&f),
                    &mut out,
                );
            }
        }
    }
    if let Some(since) = d.since_ms {
        out.retain(|f| f.modified_ms >= since);
    }
    out.sort_by(|a, b| {
        (a.tool.to_string(), &a.path, &a.session_id).cmp(&(
            b.tool.to_string(),
            &b.path,
            &b.session_id,
        ))
    });
    out.dedup();
    Ok(out)
}

/// Each session of a database (none when it cannot be read or is not a
/// store this version reads).
fn database(db: &Path, out: &mut Vec<Found>) {
    let Ok(sessions) = crate::db::sessions(db) else {
        return;
    };
    let (size, modified_ms) = stat(&[
        db.to_path_buf(),
        PathBuf::from(format!("{}-wal", db.display())),
    ]);
    for s in sessions {
        out.push(Found {
            tool: s.source.unwrap_or(SourceKind::Cursor),
            path: db.to_path_buf(),
            session_id: s.session_id.unwrap_or_default(),
            size,
            modified_ms,
        });
    }
}

/// Milliseconds since the epoch of a date `YYYY-MM-DD` or an RFC 3339
/// time, for [`Discovery::since_ms`].
pub fn parse_since(text: &str) -> Option<i64> {
    use time::format_description::well_known::Rfc3339;
    if let Ok(t) = time::OffsetDateTime::parse(text, &Rfc3339) {
        return Some((t.unix_timestamp_nanos() / 1_000_000) as i64);
    }
    let fmt = time::macros::format_description!("[year]-[month]-[day]");
    let d = time::Date::parse(text, &fmt).ok()?;
    Some((d.midnight().assume_utc().unix_timestamp_nanos() / 1_000_000) as i64)
}

/// Milliseconds since the epoch as RFC 3339 (UTC, milliseconds); a time
/// outside years 0–9999 as the epoch.
pub fn rfc3339_ms(ms: i64) -> String {
    memscribe::rfc3339_from_ms(ms).unwrap_or_else(|| "1970-01-01T00:00:00.000Z".to_owned())
}

impl Discovery {
    /// This machine's discovery (see [`Discovery::from_env`]) with the
    /// settings of a JSON object, as the bindings and the C ABI take them:
    /// `{"home": DIR, "tools": [SLUG…], "since": "YYYY-MM-DD" | RFC 3339,
    /// "roots": [DIR…], "env": {NAME: VALUE…}, "os": "linux" | "macos" |
    /// "windows"}`, every member optional; `env` entries override the
    /// process's.
    pub fn from_json(text: &str) -> Result<Discovery, Error> {
        let bad = |m: String| Error::other(memscribe::ErrorKind::InvalidOptions, m);
        let v: serde_json::Value = if text.trim().is_empty() {
            serde_json::Value::Object(Default::default())
        } else {
            serde_json::from_str(text)
                .map_err(|e| bad(format!("discovery options are not JSON: {e}")))?
        };
        let m = v
            .as_object()
            .ok_or_else(|| bad("discovery options must be a JSON object".to_owned()))?;
        let mut d = Discovery::from_env();
        for (k, val) in m {
            let s = || {
                val.as_str()
                    .map(str::to_owned)
                    .ok_or_else(|| bad(format!("discovery option {k} must be a string")))
            };
            let list = || -> Result<Vec<String>, Error> {
                val.as_array()
                    .ok_or_else(|| {
                        bad(format!("discovery option {k} must be an array of strings"))
                    })?
                    .iter()
                    .map(|x| {
                        x.as_str().map(str::to_owned).ok_or_else(|| {
                            bad(format!("discovery option {k} must be an array of strings"))
                        })
                    })
                    .collect()
            };
            match k.as_str() {
                "home" => d.home = Some(s()?.into()),
                "tools" => {
                    d.tools = list()?
                        .iter()
                        .map(|t| t.parse())
                        .collect::<Result<_, _>>()?
                }
                "since" => {
                    let t = s()?;
                    d.since_ms = Some(parse_since(&t).ok_or_else(|| {
                        bad(format!(
                            "since takes YYYY-MM-DD or an RFC 3339 time, not {t:?}"
                        ))
                    })?);
                }
                "roots" => d.roots = list()?.into_iter().map(PathBuf::from).collect(),
                "env" => {
                    let env = val.as_object().ok_or_else(|| {
                        bad("discovery option env must be an object of strings".to_owned())
                    })?;
                    for (name, value) in env {
                        let value = value
                            .as_str()
                            .ok_or_else(|| bad(format!("env {name} must be a string")))?;
                        d.env.insert(name.clone(), value.to_owned());
                    }
                }
                "os" => {
                    d.os = match s()?.as_str() {
                        "linux" => Os::Linux,
                        "macos" => Os::MacOs,
                        "windows" => Os::Windows,
                        other => {
                            return Err(bad(format!(
                                "os is linux, macos or windows, not {other:?}"
                            )))
                        }
                    }
                }
                other => {
                    return Err(bad(format!(
                        "unknown discovery option {other:?} (home, tools, since, roots, env, os)"
                    )))
                }
            }
        }
        Ok(d)
    }
}

impl Found {
    /// `{tool, session_id, path, size, modified}` (modified in RFC 3339),
    /// as `memscribe sessions` prints it and the bindings return it.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "tool": self.tool.to_string(),
            "session_id": self.session_id,
            "path": self.path.display().to_string(),
            "size": self.size,
            "modified": rfc3339_ms(self.modified_ms),
        })
    }
}

/// [`discover`] with its settings and result as JSON (see
/// [`Discovery::from_json`] and [`Found::to_json`]): what the C ABI and the
/// bindings call.
pub fn discover_json(options: &str) -> Result<String, Error> {
    let d = Discovery::from_json(options)?;
    let list: Vec<serde_json::Value> = discover(&d)?.iter().map(Found::to_json).collect();
    Ok(serde_json::Value::Array(list).to_string())
}
