//! Discovery over fake homes built in a temporary directory from the
//! project's fixtures (and a few small stores written here with rusqlite):
//! every tool's default places on Linux, the overrides each tool honours,
//! the macOS and Windows layouts, and a Claude Code session with its
//! subagents, listed once and read as one stream.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use memscribe::{Options, OutputMode, SourceKind};
use memscribe_io::{discover, parse_since, Discovery, Found, Os};
use rusqlite::Connection;
use serde_json::{json, Value};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .join("tests/fixtures")
}

/// A directory under the system's temporary directory, removed when
/// dropped (also when a test fails).
struct TempHome(PathBuf);

impl TempHome {
    fn new(tag: &str) -> TempHome {
        static N: AtomicU64 = AtomicU64::new(0);
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap()
            .as_nanos();
        let dir = std::env::temp_dir().join(format!(
            "memscribe-discovery-{tag}-{}-{nanos}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).unwrap();
        TempHome(dir)
    }

    fn path(&self) -> &Path {
        &self.0
    }

    fn join(&self, rel: &str) -> PathBuf {
        self.0.join(rel)
    }

    fn mkdir(&self, rel: &str) -> PathBuf {
        let p = self.join(rel);
        std::fs::create_dir_all(&p).unwrap();
        p
    }

    fn write(&self, rel: &str, bytes: impl AsRef<[u8]>) -> PathBuf {
        let p = self.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, bytes).unwrap();
        p
    }

    /// Copies a fixture (`tests/fixtures/<fixture>`) to `rel`.
    fn copy(&self, fixture: &str, rel: &str) -> PathBuf {
        let bytes = std::fs::read(fixtures().join(fixture))
            .unwrap_or_else(|e| panic!("fixture {fixture}: {e}"));
        self.write(rel, bytes)
    }

    /// Copies every file of a fixture directory (a Cline / Roo Code task)
    /// into `rel`; returns the copies.
    fn copy_dir(&self, fixture: &str, rel: &str) -> Vec<PathBuf> {
        let mut names: Vec<String> = std::fs::read_dir(fixtures().join(fixture))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
            .iter()
            .map(|n| self.copy(&format!("{fixture}/{n}"), &format!("{rel}/{n}")))
            .collect()
    }
}

impl Drop for TempHome {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A found session as (tool slug, path under the home with `/`, session id).
type Row = (String, String, String);

fn row(tool: &str, path: &str, id: &str) -> Row {
    (tool.to_owned(), path.to_owned(), id.to_owned())
}

fn rows(found: &[Found], home: &Path) -> Vec<Row> {
    found
        .iter()
        .map(|f| {
            let rel = f
                .path
                .strip_prefix(home)
                .unwrap_or_else(|_| panic!("{} is outside the home", f.path.display()));
            (
                f.tool.slug().to_owned(),
                rel.to_string_lossy().replace('\\', "/"),
                f.session_id.clone(),
            )
        })
        .collect()
}

fn found<'a>(all: &'a [Found], tool: SourceKind, id: &str) -> &'a Found {
    all.iter()
        .find(|f| f.tool == tool && f.session_id == id)
        .unwrap_or_else(|| panic!("{tool} session {id} not found in {all:#?}"))
}

fn len(p: &Path) -> u64 {
    std::fs::metadata(p).unwrap().len()
}

fn mtime_ms(p: &Path) -> i64 {
    std::fs::metadata(p)
        .unwrap()
        .modified()
        .unwrap()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64
}

fn set_mtime(p: &Path, secs: u64) {
    let f = std::fs::File::options().write(true).open(p).unwrap();
    f.set_modified(UNIX_EPOCH + Duration::from_secs(secs))
        .unwrap();
}

fn lines(values: &[Value]) -> String {
    values.iter().map(|v| format!("{v}\n")).collect()
}

// ---- stores written with rusqlite, in the tools' own schemas ----

/// Zed's `threads/threads.db` with `(id, title, updated_at)` threads
/// (format 0.3.0, stored as plain JSON).
fn zed_db(path: &Path, threads: &[(&str, &str, &str)]) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let c = Connection::open(path).unwrap();
    c.execute_batch(
        "CREATE TABLE threads (id TEXT PRIMARY KEY, summary TEXT NOT NULL, updated_at TEXT NOT NULL, data_type TEXT NOT NULL, data BLOB NOT NULL);",
    )
    .unwrap();
    for (id, title, updated) in threads {
        let data = json!({
            "title": title,
            "messages": [
                {"User": {"id": format!("{id}-u1"), "content": [{"Text": format!("{title}, please.")}]}},
                {"Agent": {"content": [{"Text": "Done."}], "tool_results": {}}}
            ],
            "updated_at": updated,
            "initial_project_snapshot": {"worktree_snapshots": [{"worktree_path": "/home/x/proj", "git_state": {"head_sha": "8958c809f25972524fe76d06682865e4a7902b07", "current_branch": "main", "remote_url": null}}]},
            "request_token_usage": {},
            "model": {"provider": "anthropic", "model": "claude-sonnet-4"},
            "version": "0.3.0"
        });
        c.execute(
            "INSERT INTO threads (id, summary, updated_at, data_type, data) VALUES (?1, ?2, ?3, 'json', ?4)",
            rusqlite::params![id, title, updated, data.to_string().into_bytes()],
        )
        .unwrap();
    }
}

/// Goose's `sessions/sessions.db` with `(id, working_dir, created_at)`
/// sessions of one exchange each.
fn goose_db(path: &Path, sessions: &[(&str, &str, &str)]) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let c = Connection::open(path).unwrap();
    c.execute_batch(
        "CREATE TABLE schema_version (version INTEGER PRIMARY KEY, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP);
         CREATE TABLE sessions (id TEXT PRIMARY KEY, name TEXT NOT NULL DEFAULT '', description TEXT NOT NULL DEFAULT '',
             user_set_name BOOLEAN DEFAULT FALSE, session_type TEXT NOT NULL DEFAULT 'user', working_dir TEXT NOT NULL,
             created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP, updated_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
             extension_data TEXT DEFAULT '{}', total_tokens INTEGER, input_tokens INTEGER, output_tokens INTEGER,
             accumulated_total_tokens INTEGER, accumulated_input_tokens INTEGER, accumulated_output_tokens INTEGER,
             schedule_id TEXT, recipe_json TEXT, user_recipe_values_json TEXT);
         CREATE TABLE messages (id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL REFERENCES sessions(id),
             role TEXT NOT NULL, content_json TEXT NOT NULL, created_timestamp INTEGER NOT NULL,
             timestamp TIMESTAMP DEFAULT CURRENT_TIMESTAMP, tokens INTEGER, metadata_json TEXT);",
    )
    .unwrap();
    for (id, dir, created) in sessions {
        c.execute(
            "INSERT INTO sessions (id, name, working_dir, created_at, updated_at) VALUES (?1, 'CLI Session', ?2, ?3, ?3)",
            rusqlite::params![id, dir, created],
        )
        .unwrap();
        let meta = r#"{"userVisible":true,"agentVisible":true}"#;
        for (role, text, t) in [
            ("user", "Why does the cache test flake?", 1_767_434_400),
            ("assistant", "It depends on the wall clock.", 1_767_434_410),
        ] {
            let content = json!([{"type": "text", "text": text}]).to_string();
            c.execute(
                "INSERT INTO messages (session_id, role, content_json, created_timestamp, metadata_json) VALUES (?1, ?2, ?3, ?4, ?5)",
                rusqlite::params![id, role, content, t, meta],
            )
            .unwrap();
        }
    }
}

/// A Cursor workspace `state.vscdb` whose chat panel has `(tabId,
/// lastSendTime)` tabs.
fn cursor_db(path: &Path, tabs: &[(&str, i64)]) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let c = Connection::open(path).unwrap();
    c.execute_batch("CREATE TABLE ItemTable (key TEXT UNIQUE ON CONFLICT REPLACE, value BLOB);")
        .unwrap();
    let tabs: Vec<Value> = tabs
        .iter()
        .map(|(id, t)| {
            json!({
                "tabId": id,
                "chatTitle": "Sidebar links",
                "lastSendTime": t,
                "bubbles": [
                    {"type": "user", "id": format!("{id}-1"), "text": "Add a link to the account page in the sidebar."},
                    {"type": "ai", "id": format!("{id}-2"), "rawText": "Added it under the user name."}
                ]
            })
        })
        .collect();
    let value = json!({ "tabs": tabs }).to_string();
    c.execute("INSERT INTO ItemTable (key, value) VALUES ('workbench.panel.aichat.view.aichat.chatdata', ?1)", [value]).unwrap();
    c.execute("INSERT INTO ItemTable (key, value) VALUES ('workbench.panel.aichat.numberOfVisibleViews', '1')", []).unwrap();
}

/// OpenCode's `opencode.db` with sessions of one exchange each.
fn opencode_db(path: &Path, sessions: &[&str]) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let c = Connection::open(path).unwrap();
    c.execute_batch(
        "CREATE TABLE session (id TEXT PRIMARY KEY, project_id TEXT NOT NULL, parent_id TEXT, directory TEXT NOT NULL, title TEXT NOT NULL,
             version TEXT NOT NULL, time_created INTEGER NOT NULL, time_updated INTEGER NOT NULL);
         CREATE TABLE message (id TEXT PRIMARY KEY, session_id TEXT NOT NULL, time_created INTEGER NOT NULL, time_updated INTEGER NOT NULL, data TEXT NOT NULL);
         CREATE TABLE part (id TEXT PRIMARY KEY, message_id TEXT NOT NULL, session_id TEXT NOT NULL, time_created INTEGER NOT NULL,
             time_updated INTEGER NOT NULL, data TEXT NOT NULL);",
    )
    .unwrap();
    for (i, id) in sessions.iter().enumerate() {
        let t = 1_767_261_600_000_i64 + i as i64 * 60_000;
        c.execute(
            "INSERT INTO session VALUES (?1, 'p1', NULL, '/home/x/proj', 'Rename the cache module', '1.1.0', ?2, ?2)",
            rusqlite::params![id, t],
        )
        .unwrap();
        for (j, (role, text)) in [
            ("user", "Rename src/cache.rs to src/store.rs."),
            ("assistant", "Renamed it."),
        ]
        .iter()
        .enumerate()
        {
            let mid = format!("msg_{i}{j}{id}");
            let data = json!({"role": role, "time": {"created": t + j as i64}}).to_string();
            c.execute(
                "INSERT INTO message VALUES (?1, ?2, ?3, ?3, ?4)",
                rusqlite::params![mid, id, t + j as i64, data],
            )
            .unwrap();
            let part = json!({"type": "text", "text": text}).to_string();
            c.execute(
                "INSERT INTO part VALUES (?1, ?2, ?3, ?4, ?4, ?5)",
                rusqlite::params![format!("prt_{i}{j}{id}"), mid, id, t + j as i64, part],
            )
            .unwrap();
        }
    }
}

/// An OpenCode JSON storage tree session under `storage`: its session
/// file, then each message followed by its part, in parse order.
fn opencode_tree(storage: &Path, project: &str, ses: &str, tag: &str) -> Vec<PathBuf> {
    let put = |rel: String, v: Value| {
        let p = storage.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, serde_json::to_string_pretty(&v).unwrap()).unwrap();
        p
    };
    let (m1, m2) = (format!("msg_{tag}001"), format!("msg_{tag}002"));
    let (p1, p2) = (format!("prt_{tag}001"), format!("prt_{tag}002"));
    vec![
        put(
            format!("session/{project}/{ses}.json"),
            json!({"id": ses, "version": "1.0.107", "projectID": project, "directory": "/home/x/proj",
                   "title": "Rename the cache module", "time": {"created": 1_767_261_600_000_i64, "updated": 1_767_261_660_000_i64}}),
        ),
        put(
            format!("message/{ses}/{m1}.json"),
            json!({"id": m1, "sessionID": ses, "role": "user", "time": {"created": 1_767_261_600_100_i64}}),
        ),
        put(
            format!("part/{m1}/{p1}.json"),
            json!({"id": p1, "sessionID": ses, "messageID": m1, "type": "text", "text": "Rename src/cache.rs to src/store.rs."}),
        ),
        put(
            format!("message/{ses}/{m2}.json"),
            json!({"id": m2, "sessionID": ses, "role": "assistant", "time": {"created": 1_767_261_601_000_i64, "completed": 1_767_261_605_000_i64},
                   "modelID": "claude-sonnet-4-5-20250929", "providerID": "anthropic", "mode": "build",
                   "path": {"cwd": "/home/x/proj", "root": "/home/x/proj"},
                   "tokens": {"input": 10, "output": 20, "reasoning": 0, "cache": {"read": 0, "write": 0}}, "cost": 0}),
        ),
        put(
            format!("part/{m2}/{p2}.json"),
            json!({"id": p2, "sessionID": ses, "messageID": m2, "type": "text", "text": "Renamed it: the module is now src/store.rs."}),
        ),
    ]
}

/// A Goose session file of the older layout: metadata, then messages.
fn goose_legacy() -> String {
    lines(&[
        json!({"working_dir": "/home/x/proj", "description": "Fix the flaky cache test", "schedule_id": null, "message_count": 2, "total_tokens": null}),
        json!({"id": "msg_1", "role": "user", "created": 1_735_732_800, "content": [{"type": "text", "text": "Why does the cache test flake?"}]}),
        json!({"id": "msg_2", "role": "assistant", "created": 1_735_732_810, "content": [{"type": "text", "text": "It depends on the wall clock."}]}),
    ])
}

// ---- ids used below ----

const CLAUDE_A: &str = "e5f2aa81-d4e3-44ad-9031-0c691b7e46a6"; // v2_1/subagent.jsonl
const CLAUDE_B: &str = "bd0d078f-8ef2-4ec1-aab8-45c7e9268f62"; // v2_1/decision_then_edits.jsonl
const CODEX_NEW: &str = "rollout-2026-01-02T10-00-00-019d19b6-64c8-7e77-9a92-3b9487e7c479";
const CODEX_OLD: &str = "rollout-2025-11-26T15-27-08-019ac0c6-88e0-76b0-9cf5-a2e128bf705d";
const GEMINI_HASH: &str = "e889634983a53b3c3fb6117e0c9c3bed30365557fd5c2de2f5e81f2a6c3559aa";
const COPILOT: &str = "a879fd7a-f356-443e-8430-d73862a16676";
const VSCODE_WS: &str = "6beda5ed-5df4-42a1-b9b8-0364221dca9b";
const VSCODE_EMPTY: &str = "b1c34d89-b525-4069-933a-e25d508a76be";
const CLINE_TASK: &str = "1767261600000";
const ROO_TASK: &str = "3f6c1a2e-8b4d-4c7e-9a1f-5d2e8b7c6a90";
const CURSOR_AGENT: &str = "0b7e3c2a-5d1f-4e8a-9c6b-2f4d8a1e7c30";
const CURSOR_TABS: [&str; 2] = [
    "2aa483d1-573c-4039-ae4e-7415e28d2605",
    "7d1e0c9b-3a2f-4b5c-8d6e-9f0a1b2c3d4e",
];
const AMP: &str = "T-6beda5ed-5df4-42a1-b9b8-0364221dca9b";
const OPENCODE: &str = "ses_4f1a2b3c4ffeXq8Lw2mZr7TnPk";
const ZED: [&str; 2] = [
    "0a9d8c7b-6e5f-4a3b-8c2d-1e0f9a8b7c6d",
    "5f0c6a2e-1b3d-4e8f-9a7c-2d4b6e8f0a1c",
];
const GOOSE_DB: &str = "20260103_1";
const GOOSE_FILE: &str = "20250101_120000";

#[test]
fn a_fake_home_is_fully_discovered_in_a_stable_order() {
    let h = TempHome::new("full");
    let proj = ".claude/projects/-home-x-proj";
    // Claude Code 2.1: a session with its subagent in `<id>/subagents/`.
    let a_main = h.copy(
        "claude_code/v2_1/subagent.jsonl",
        &format!("{proj}/{CLAUDE_A}.jsonl"),
    );
    let a_sub = h.copy(
        "claude_code/v2_1/subagent.agent-a5de1fe.jsonl",
        &format!("{proj}/{CLAUDE_A}/subagents/agent-a5de1fe.jsonl"),
    );
    // Claude Code 2.0: a subagent file beside the session, naming it in its
    // first line (and so not the other session's).
    let b_main = h.copy(
        "claude_code/v2_1/decision_then_edits.jsonl",
        &format!("{proj}/{CLAUDE_B}.jsonl"),
    );
    let agent =
        std::fs::read_to_string(fixtures().join("claude_code/v2_1/subagent.agent-a5de1fe.jsonl"))
            .unwrap()
            .replace(CLAUDE_A, CLAUDE_B);
    let b_sib = h.write(&format!("{proj}/agent-b1c2d3e.jsonl"), agent);
    h.write(".claude/history.jsonl", "{\"display\":\"hello\"}\n");

    let codex_new = h.copy(
        "codex/v0_118/decision_then_edits.jsonl",
        &format!(".codex/sessions/2026/01/02/{CODEX_NEW}.jsonl"),
    );
    let codex_old = h.copy(
        "codex/v0_63/failed_edit.jsonl",
        &format!(".codex/archived_sessions/{CODEX_OLD}.jsonl"),
    );
    h.write(".codex/sessions/2026/01/02/notes.jsonl", "{}\n");
    h.write(".codex/history.jsonl", "{}\n");

    let gem = format!(".gemini/tmp/{GEMINI_HASH}");
    h.copy(
        "gemini/session_jsonl/decision_then_edits.jsonl",
        &format!("{gem}/chats/session-2026-01-01T10-00-abcd1234.jsonl"),
    );
    h.copy("gemini/logs/logs.json", &format!("{gem}/logs.json"));
    h.copy(
        "gemini/checkpoint/checkpoint-plan.json",
        &format!("{gem}/checkpoint-plan.json"),
    );
    h.write(&format!("{gem}/shell_history"), "ls\n");

    let copilot = h.copy(
        "copilot/v1_0/decision_then_edits.jsonl",
        &format!(".copilot/session-state/{COPILOT}/events.jsonl"),
    );
    h.write(
        ".copilot/session-state/leftover/workspace.yaml",
        "id: leftover\n",
    );

    let code = ".config/Code/User";
    h.copy("vscode/chat_sessions/decision_then_edits.json", &format!("{code}/workspaceStorage/0f1e2d3c4b5a69788796a5b4c3d2e1f0/chatSessions/{VSCODE_WS}.json"));
    h.write(
        &format!("{code}/workspaceStorage/0f1e2d3c4b5a69788796a5b4c3d2e1f0/workspace.json"),
        "{\"folder\":\"file:///home/x/proj\"}\n",
    );
    h.copy(
        "vscode/chat_sessions/no_commitment.json",
        &format!("{code}/globalStorage/emptyWindowChatSessions/{VSCODE_EMPTY}.json"),
    );
    let cline = h.copy_dir(
        "cline/v3/decision_then_edits",
        &format!("{code}/globalStorage/saoudrizwan.claude-dev/tasks/{CLINE_TASK}"),
    );
    h.mkdir(&format!(
        "{code}/globalStorage/saoudrizwan.claude-dev/tasks/1767261700000"
    )); // an empty task: no session
    let roo = h.copy_dir(
        "roo_code/v3/decision_then_edits",
        &format!("{code}/globalStorage/rooveterinaryinc.roo-cline/tasks/{ROO_TASK}"),
    );

    h.copy(
        "cursor/agent_transcripts/decision_then_edits.jsonl",
        &format!(".cursor/projects/home-x-proj/agent-transcripts/{CURSOR_AGENT}.jsonl"),
    );
    let cursor_vscdb =
        h.join(".config/Cursor/User/workspaceStorage/9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d/state.vscdb");
    cursor_db(
        &cursor_vscdb,
        &[
            (CURSOR_TABS[1], 1_767_261_000_000),
            (CURSOR_TABS[0], 1_767_262_000_000),
        ],
    );

    h.copy(
        "amp/v5/decision_then_edits.json",
        &format!(".local/share/amp/threads/{AMP}.json"),
    );
    let opencode = opencode_tree(
        &h.join(".local/share/opencode/storage"),
        "7d3c0e1f9a8b6c5d4e3f2a1b0c9d8e7f6a5b4c3d",
        OPENCODE,
        "a",
    );
    let zed = h.join(".local/share/zed/threads/threads.db");
    zed_db(
        &zed,
        &[
            (ZED[1], "Fix the flaky test", "2026-01-03T10:00:00Z"),
            (ZED[0], "Add a README", "2026-01-04T10:00:00Z"),
        ],
    );
    let goose = h.join(".local/share/goose/sessions/sessions.db");
    goose_db(&goose, &[(GOOSE_DB, "/home/x/proj", "2026-01-03 10:00:00")]);
    h.write(
        &format!(".local/share/goose/sessions/{GOOSE_FILE}.jsonl"),
        goose_legacy(),
    );
    h.copy(
        "aider/v0_85/decision_then_edits.md",
        "code/birchwood/.aider.chat.history.md",
    );

    // Older files: the archived Codex session, and the Claude session's main
    // file (whose subagent is newer, so the session is not old).
    set_mtime(&codex_old, 1_748_736_000); // 2025-06-01
    set_mtime(&a_main, 1_748_736_000);

    let mut d = Discovery::at_home(h.path());
    d.os = Os::Linux;
    d.roots = vec![h.join("code")];
    let all = discover(&d).unwrap();

    let gem_rel = |name: &str| format!("{gem}/{name}");
    let want = vec![
        row("aider", "code/birchwood/.aider.chat.history.md", "birchwood"),
        row("amp", &format!(".local/share/amp/threads/{AMP}.json"), AMP),
        row("claude_code", &format!("{proj}/{CLAUDE_B}.jsonl"), CLAUDE_B),
        row("claude_code", &format!("{proj}/{CLAUDE_A}.jsonl"), CLAUDE_A),
        row("cline", &format!("{code}/globalStorage/saoudrizwan.claude-dev/tasks/{CLINE_TASK}"), CLINE_TASK),
        row("codex", &format!(".codex/archived_sessions/{CODEX_OLD}.jsonl"), CODEX_OLD),
        row("codex", &format!(".codex/sessions/2026/01/02/{CODEX_NEW}.jsonl"), CODEX_NEW),
        row("copilot", &format!(".copilot/session-state/{COPILOT}"), COPILOT),
        row("cursor", ".config/Cursor/User/workspaceStorage/9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d/state.vscdb", CURSOR_TABS[0]),
        row("cursor", ".config/Cursor/User/workspaceStorage/9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d/state.vscdb", CURSOR_TABS[1]),
        row("cursor", &format!(".cursor/projects/home-x-proj/agent-transcripts/{CURSOR_AGENT}.jsonl"), CURSOR_AGENT),
        row("gemini", &gem_rel("chats/session-2026-01-01T10-00-abcd1234.jsonl"), "session-2026-01-01T10-00-abcd1234"),
        row("gemini", &gem_rel("checkpoint-plan.json"), "checkpoint-plan"),
        row("gemini", &gem_rel("logs.json"), &format!("{GEMINI_HASH}/logs")),
        row("goose", &format!(".local/share/goose/sessions/{GOOSE_FILE}.jsonl"), GOOSE_FILE),
        row("goose", ".local/share/goose/sessions/sessions.db", GOOSE_DB),
        row("opencode", &format!(".local/share/opencode/storage/session/7d3c0e1f9a8b6c5d4e3f2a1b0c9d8e7f6a5b4c3d/{OPENCODE}.json"), OPENCODE),
        row("roo_code", &format!("{code}/globalStorage/rooveterinaryinc.roo-cline/tasks/{ROO_TASK}"), ROO_TASK),
        row("vscode", &format!("{code}/globalStorage/emptyWindowChatSessions/{VSCODE_EMPTY}.json"), VSCODE_EMPTY),
        row("vscode", &format!("{code}/workspaceStorage/0f1e2d3c4b5a69788796a5b4c3d2e1f0/chatSessions/{VSCODE_WS}.json"), VSCODE_WS),
        row("zed", ".local/share/zed/threads/threads.db", ZED[0]),
        row("zed", ".local/share/zed/threads/threads.db", ZED[1]),
    ];
    assert_eq!(rows(&all, h.path()), want);

    // Every tool this version reads is there.
    let tools: BTreeSet<&str> = all.iter().map(|f| f.tool.slug()).collect();
    let supported: BTreeSet<&str> = SourceKind::SUPPORTED.iter().map(|t| t.slug()).collect();
    assert_eq!(tools, supported);

    // Sorted by (tool slug, path, session id); the same list every time.
    let keys: Vec<(&str, &Path, &str)> = all
        .iter()
        .map(|f| (f.tool.slug(), f.path.as_path(), f.session_id.as_str()))
        .collect();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(keys, sorted);
    assert_eq!(discover(&d).unwrap(), all);
    assert_eq!(discover(&d.clone()).unwrap(), all);

    // Sizes and times: a session's files summed, its newest file's time.
    let a = found(&all, SourceKind::ClaudeCode, CLAUDE_A);
    assert_eq!(
        a.size,
        len(&a_main) + len(&a_sub),
        "a Claude session counts its subagent's file"
    );
    assert_eq!(a.modified_ms, mtime_ms(&a_sub).max(mtime_ms(&a_main)));
    assert!(a.modified_ms > 1_748_736_000_000);
    let b = found(&all, SourceKind::ClaudeCode, CLAUDE_B);
    assert_eq!(
        b.size,
        len(&b_main) + len(&b_sib),
        "a 2.0 session counts the agent file that names it, only that one"
    );
    assert!(
        !all.iter()
            .any(|f| f.path.starts_with(h.join(proj).join(CLAUDE_A)) || f.path == b_sib),
        "a subagent file is no session of its own"
    );
    assert_eq!(
        found(&all, SourceKind::Codex, CODEX_OLD).modified_ms,
        1_748_736_000_000
    );
    assert_eq!(
        found(&all, SourceKind::Codex, CODEX_NEW).size,
        len(&codex_new)
    );
    assert_eq!(
        found(&all, SourceKind::Copilot, COPILOT).size,
        len(&copilot)
    );
    assert_eq!(cline.len(), 3);
    assert_eq!(
        found(&all, SourceKind::Cline, CLINE_TASK).size,
        cline.iter().map(|p| len(p)).sum::<u64>()
    );
    assert_eq!(
        found(&all, SourceKind::RooCode, ROO_TASK).size,
        roo.iter().map(|p| len(p)).sum::<u64>()
    );
    assert_eq!(
        found(&all, SourceKind::OpenCode, OPENCODE).size,
        opencode.iter().map(|p| len(p)).sum::<u64>()
    );
    for (tool, id, db) in [
        (SourceKind::Zed, ZED[0], &zed),
        (SourceKind::Zed, ZED[1], &zed),
        (SourceKind::Goose, GOOSE_DB, &goose),
        (SourceKind::Cursor, CURSOR_TABS[0], &cursor_vscdb),
    ] {
        let f = found(&all, tool, id);
        assert_eq!(f.size, len(db), "{tool} {id}: a database's size");
        assert_eq!(
            f.modified_ms,
            mtime_ms(db),
            "{tool} {id}: a database's time"
        );
    }
    for f in &all {
        assert!(f.size > 0 && f.modified_ms > 0, "{f:?}");
    }

    // Each found session reads as its tool; a database's session is one of
    // the sessions its store lists.
    for f in &all {
        let mut opts = Options::default().with_output(OutputMode::Events);
        opts.redact = false;
        let out = memscribe_io::parse_path(&f.path, &opts)
            .unwrap_or_else(|e| panic!("{}: {e}", f.path.display()));
        let source = out.summary.as_ref().and_then(|s| s.source);
        assert_eq!(
            source.map(SourceKind::family),
            Some(f.tool.family()),
            "{}",
            f.path.display()
        );
        assert!(
            out.events.iter().any(|e| e.kind.name() == "user_turn"),
            "{}: no user turn",
            f.path.display()
        );
        if memscribe_io::is_database(&f.path) {
            let inputs = memscribe_io::inputs(&f.path).unwrap();
            assert!(
                inputs.iter().any(|i| i.source == Some(f.tool)
                    && i.session_id.as_deref() == Some(f.session_id.as_str())),
                "{}: {} is not a session of the store",
                f.path.display(),
                f.session_id
            );
        }
    }

    // Only the tools asked for.
    let mut only = d.clone();
    only.tools = vec![SourceKind::Codex];
    let codex = discover(&only).unwrap();
    assert_eq!(
        rows(&codex, h.path()),
        want.iter()
            .filter(|r| r.0 == "codex")
            .cloned()
            .collect::<Vec<_>>()
    );
    only.tools = vec![SourceKind::RooCode, SourceKind::Zed];
    let some = discover(&only).unwrap();
    assert_eq!(
        rows(&some, h.path()),
        want.iter()
            .filter(|r| r.0 == "roo_code" || r.0 == "zed")
            .cloned()
            .collect::<Vec<_>>()
    );

    // Only sessions changed since a time: the archived Codex session is
    // older; the Claude session is as new as its subagent's file.
    assert_eq!(parse_since("2025-12-01"), Some(1_764_547_200_000));
    assert_eq!(parse_since("2025-12-01T00:00:00Z"), Some(1_764_547_200_000));
    assert_eq!(
        parse_since("2025-12-01T01:00:00+01:00"),
        Some(1_764_547_200_000)
    );
    assert_eq!(parse_since("last tuesday"), None);
    let mut since = d.clone();
    since.since_ms = parse_since("2025-12-01");
    let recent = discover(&since).unwrap();
    assert_eq!(
        rows(&recent, h.path()),
        want.iter()
            .filter(|r| r.2 != CODEX_OLD)
            .cloned()
            .collect::<Vec<_>>()
    );
    since.since_ms = Some(1_748_736_000_000); // at the time itself: kept
    assert_eq!(discover(&since).unwrap(), all);
    since.since_ms = parse_since("2999-01-01");
    assert!(since.since_ms.is_some());
    assert_eq!(discover(&since).unwrap(), Vec::new());
}

#[test]
fn overrides_are_honoured() {
    let h = TempHome::new("overrides");
    // At the default places.
    h.copy(
        "claude_code/v2_1/decision_then_edits.jsonl",
        &format!(".claude/projects/-home-x-proj/{CLAUDE_B}.jsonl"),
    );
    h.copy(
        "codex/v0_118/decision_then_edits.jsonl",
        &format!(".codex/sessions/2026/01/02/{CODEX_NEW}.jsonl"),
    );
    h.copy(
        "copilot/v1_0/decision_then_edits.jsonl",
        &format!(".copilot/session-state/{COPILOT}/events.jsonl"),
    );
    h.copy(
        "amp/v5/decision_then_edits.json",
        &format!(".local/share/amp/threads/{AMP}.json"),
    );
    opencode_tree(
        &h.join(".local/share/opencode/storage"),
        "p1",
        "ses_default0001",
        "d",
    );
    opencode_db(
        &h.join(".local/share/opencode/opencode.db"),
        &["ses_db_default"],
    );
    zed_db(
        &h.join(".local/share/zed/threads/threads.db"),
        &[(ZED[0], "Add a README", "2026-01-04T10:00:00Z")],
    );
    h.copy(
        "gemini/session_jsonl/decision_then_edits.jsonl",
        &format!(".gemini/tmp/{GEMINI_HASH}/chats/session-2026-01-01T10-00-abcd1234.jsonl"),
    );
    h.copy(
        "vscode/chat_sessions/decision_then_edits.json",
        &format!(".config/Code/User/workspaceStorage/h1/chatSessions/{VSCODE_WS}.json"),
    );
    h.copy(
        "cursor/agent_transcripts/decision_then_edits.jsonl",
        &format!(".cursor/projects/home-x-proj/agent-transcripts/{CURSOR_AGENT}.jsonl"),
    );
    h.write(
        &format!(".local/share/goose/sessions/{GOOSE_FILE}.jsonl"),
        goose_legacy(),
    );

    // At the places the overrides name.
    let alt_gemini = "2d5f029f77198831d329f070359b89fe6c5312a81a8dded8ea324eea81d9c1ce";
    h.copy(
        "claude_code/v2_1/subagent.jsonl",
        &format!("alt/claude/projects/-srv-app/{CLAUDE_A}.jsonl"),
    );
    h.copy(
        "codex/v0_63/failed_edit.jsonl",
        &format!("alt/codex/sessions/2025/11/26/{CODEX_OLD}.jsonl"),
    );
    h.copy(
        "copilot/v1_0/failed_edit.jsonl",
        "alt/copilot/session-state/4b58ed8e-18b1-4074-986a-5b7695897759/events.jsonl",
    );
    h.copy(
        "amp/v5/failed_edit.json",
        "alt/data/amp/threads/T-a3c8d042-a2cf-4aa4-970b-de429670d070.json",
    );
    opencode_tree(
        &h.join("alt/data/opencode/storage"),
        "p2",
        "ses_alt0002",
        "x",
    );
    opencode_db(&h.join("alt/data/opencode/opencode.db"), &["ses_db_walked"]); // not read: OPENCODE_DB names another
    opencode_db(&h.join("alt/oc/custom.db"), &["ses_db_custom"]);
    zed_db(
        &h.join("alt/data/zed/threads/threads.db"),
        &[(ZED[1], "Fix the flaky test", "2026-01-03T10:00:00Z")],
    );
    h.copy(
        "gemini/session_json/failed_edit.json",
        &format!(
            "alt/gemini/.gemini/tmp/{alt_gemini}/chats/session-2026-01-02T09-00-edef3e53.json"
        ),
    );
    h.copy(
        "vscode/chat_sessions/no_commitment.json",
        &format!("alt/config/Code/User/workspaceStorage/h2/chatSessions/{VSCODE_EMPTY}.json"),
    );
    h.copy(
        "cursor/agent_transcripts/failed_edit.jsonl",
        "alt/cursor/projects/srv-app/agent-transcripts/9c8b7a6d-5e4f-4a3b-9c2d-1e0f2a3b4c5d.jsonl",
    );
    h.write(
        "alt/goose/data/sessions/20250202_090000.jsonl",
        goose_legacy(),
    );
    // Goose's place under the data dir, which GOOSE_PATH_ROOT replaces.
    h.write(
        "alt/data/goose/sessions/20250303_080000.jsonl",
        goose_legacy(),
    );
    let xdg_goose = row(
        "goose",
        "alt/data/goose/sessions/20250303_080000.jsonl",
        "20250303_080000",
    );

    let defaults = vec![
        row("amp", &format!(".local/share/amp/threads/{AMP}.json"), AMP),
        row(
            "claude_code",
            &format!(".claude/projects/-home-x-proj/{CLAUDE_B}.jsonl"),
            CLAUDE_B,
        ),
        row(
            "codex",
            &format!(".codex/sessions/2026/01/02/{CODEX_NEW}.jsonl"),
            CODEX_NEW,
        ),
        row(
            "copilot",
            &format!(".copilot/session-state/{COPILOT}"),
            COPILOT,
        ),
        row(
            "cursor",
            &format!(".cursor/projects/home-x-proj/agent-transcripts/{CURSOR_AGENT}.jsonl"),
            CURSOR_AGENT,
        ),
        row(
            "gemini",
            &format!(".gemini/tmp/{GEMINI_HASH}/chats/session-2026-01-01T10-00-abcd1234.jsonl"),
            "session-2026-01-01T10-00-abcd1234",
        ),
        row(
            "goose",
            &format!(".local/share/goose/sessions/{GOOSE_FILE}.jsonl"),
            GOOSE_FILE,
        ),
        row(
            "opencode",
            ".local/share/opencode/opencode.db",
            "ses_db_default",
        ),
        row(
            "opencode",
            ".local/share/opencode/storage/session/p1/ses_default0001.json",
            "ses_default0001",
        ),
        row(
            "vscode",
            &format!(".config/Code/User/workspaceStorage/h1/chatSessions/{VSCODE_WS}.json"),
            VSCODE_WS,
        ),
        row("zed", ".local/share/zed/threads/threads.db", ZED[0]),
    ];
    let mut d = Discovery::at_home(h.path());
    d.os = Os::Linux;
    assert_eq!(
        rows(&discover(&d).unwrap(), h.path()),
        defaults,
        "no overrides: the default places"
    );

    let alt = h.join("alt");
    let vars = [
        ("CLAUDE_CONFIG_DIR", alt.join("claude")),
        ("CODEX_HOME", alt.join("codex")),
        ("COPILOT_HOME", alt.join("copilot")),
        ("XDG_DATA_HOME", alt.join("data")),
        ("OPENCODE_DB", alt.join("oc/custom.db")),
        ("GEMINI_CLI_HOME", alt.join("gemini")),
        ("XDG_CONFIG_HOME", alt.join("config")),
        ("CURSOR_CONFIG_DIR", alt.join("cursor")),
        ("GOOSE_PATH_ROOT", alt.join("goose")),
    ];
    for (k, v) in &vars {
        d.env.insert((*k).into(), v.to_string_lossy().into_owned());
    }
    let overridden = vec![
        row("amp", "alt/data/amp/threads/T-a3c8d042-a2cf-4aa4-970b-de429670d070.json", "T-a3c8d042-a2cf-4aa4-970b-de429670d070"),
        row("claude_code", &format!("alt/claude/projects/-srv-app/{CLAUDE_A}.jsonl"), CLAUDE_A),
        row("codex", &format!("alt/codex/sessions/2025/11/26/{CODEX_OLD}.jsonl"), CODEX_OLD),
        row("copilot", "alt/copilot/session-state/4b58ed8e-18b1-4074-986a-5b7695897759", "4b58ed8e-18b1-4074-986a-5b7695897759"),
        row("cursor", "alt/cursor/projects/srv-app/agent-transcripts/9c8b7a6d-5e4f-4a3b-9c2d-1e0f2a3b4c5d.jsonl", "9c8b7a6d-5e4f-4a3b-9c2d-1e0f2a3b4c5d"),
        row("gemini", &format!("alt/gemini/.gemini/tmp/{alt_gemini}/chats/session-2026-01-02T09-00-edef3e53.json"), "session-2026-01-02T09-00-edef3e53"),
        row("goose", "alt/goose/data/sessions/20250202_090000.jsonl", "20250202_090000"),
        row("opencode", "alt/data/opencode/storage/session/p2/ses_alt0002.json", "ses_alt0002"),
        row("opencode", "alt/oc/custom.db", "ses_db_custom"),
        row("vscode", &format!("alt/config/Code/User/workspaceStorage/h2/chatSessions/{VSCODE_EMPTY}.json"), VSCODE_EMPTY),
        row("zed", "alt/data/zed/threads/threads.db", ZED[1]),
    ];
    assert_eq!(
        rows(&discover(&d).unwrap(), h.path()),
        overridden,
        "each override replaces its default place"
    );

    // One override at a time moves only its tools.
    for (k, v) in &vars {
        let mut one = Discovery::at_home(h.path());
        one.os = Os::Linux;
        one.env
            .insert((*k).into(), v.to_string_lossy().into_owned());
        let got = rows(&discover(&one).unwrap(), h.path());
        let moved: BTreeSet<&str> = match *k {
            "CLAUDE_CONFIG_DIR" => ["claude_code"].into(),
            "CODEX_HOME" => ["codex"].into(),
            "COPILOT_HOME" => ["copilot"].into(),
            "OPENCODE_DB" => BTreeSet::new(), // OpenCode: below
            "XDG_DATA_HOME" => ["amp", "zed"].into(),
            "GEMINI_CLI_HOME" => ["gemini"].into(),
            "XDG_CONFIG_HOME" => ["vscode"].into(),
            "CURSOR_CONFIG_DIR" => ["cursor"].into(),
            "GOOSE_PATH_ROOT" => ["goose"].into(),
            _ => unreachable!(),
        };
        for tool in [
            "amp",
            "claude_code",
            "codex",
            "copilot",
            "cursor",
            "gemini",
            "goose",
            "vscode",
            "zed",
        ] {
            let of = |v: &[Row]| {
                v.iter()
                    .filter(|r| r.0 == tool)
                    .cloned()
                    .collect::<Vec<_>>()
            };
            let want = match (*k, tool) {
                // The data dir moves Goose's default place, not its root's.
                ("XDG_DATA_HOME", "goose") => vec![xdg_goose.clone()],
                _ if moved.contains(tool) => of(&overridden),
                _ => of(&defaults),
            };
            assert_eq!(of(&got), want, "{k} alone: {tool}");
        }
        // OPENCODE_DB names the database, in place of those in the data
        // dir; the storage tree stays in the data dir.
        let oc: Vec<&str> = got
            .iter()
            .filter(|r| r.0 == "opencode")
            .map(|r| r.2.as_str())
            .collect();
        let want_oc = match *k {
            "OPENCODE_DB" => ["ses_default0001", "ses_db_custom"],
            "XDG_DATA_HOME" => ["ses_db_walked", "ses_alt0002"],
            _ => ["ses_db_default", "ses_default0001"],
        };
        assert_eq!(oc, want_oc, "{k} alone: opencode");
    }

    // A relative OPENCODE_DB is under OpenCode's data dir.
    let mut rel = Discovery::at_home(h.path());
    rel.os = Os::Linux;
    rel.tools = vec![SourceKind::OpenCode];
    rel.env.insert(
        "XDG_DATA_HOME".into(),
        alt.join("data").to_string_lossy().into_owned(),
    );
    rel.env.insert("OPENCODE_DB".into(), "opencode.db".into());
    let got: Vec<String> = discover(&rel)
        .unwrap()
        .into_iter()
        .map(|f| f.session_id)
        .collect();
    assert_eq!(got, ["ses_db_walked", "ses_alt0002"]);

    // An override set to nothing is no override.
    let mut blank = Discovery::at_home(h.path());
    blank.os = Os::Linux;
    for (k, _) in &vars {
        blank.env.insert((*k).into(), String::new());
    }
    assert_eq!(
        rows(&discover(&blank).unwrap(), h.path()),
        defaults,
        "empty overrides"
    );
}

#[test]
fn macos_and_windows_layouts() {
    let h = TempHome::new("layouts");
    let chat =
        format!("workspaceStorage/0f1e2d3c4b5a69788796a5b4c3d2e1f0/chatSessions/{VSCODE_WS}.json");
    let mac = "Library/Application Support";
    h.copy(
        "vscode/chat_sessions/decision_then_edits.json",
        &format!("{mac}/Code/User/{chat}"),
    );
    h.copy(
        "vscode/chat_sessions/no_commitment.json",
        &format!(
            "{mac}/Code - Insiders/User/globalStorage/emptyWindowChatSessions/{VSCODE_EMPTY}.json"
        ),
    );
    zed_db(
        &h.join(&format!("{mac}/Zed/threads/threads.db")),
        &[(ZED[0], "Add a README", "2026-01-04T10:00:00Z")],
    );
    h.copy(
        "amp/v5/decision_then_edits.json",
        &format!(".local/share/amp/threads/{AMP}.json"),
    );

    let win = "AppData/Roaming";
    h.copy(
        "vscode/chat_sessions/decision_then_edits.json",
        &format!("{win}/Code/User/{chat}"),
    );
    h.copy_dir(
        "cline/v3/decision_then_edits",
        &format!("{win}/VSCodium/User/globalStorage/saoudrizwan.claude-dev/tasks/{CLINE_TASK}"),
    );
    zed_db(
        &h.join("AppData/Local/Zed/threads/threads.db"),
        &[(ZED[1], "Fix the flaky test", "2026-01-03T10:00:00Z")],
    );
    goose_db(
        &h.join(&format!("{win}/Block/goose/data/sessions/sessions.db")),
        &[(GOOSE_DB, "C:\\Users\\x\\proj", "2026-01-03 10:00:00")],
    );

    h.copy(
        "vscode/chat_sessions/decision_then_edits.json",
        &format!(".config/Code/User/{chat}"),
    );

    // macOS: the editors under Library/Application Support (`Code` before
    // `Code - Insiders`, component by component), Zed there too; Amp keeps
    // ~/.local/share.
    let mut d = Discovery::at_home(h.path());
    d.os = Os::MacOs;
    assert_eq!(
        rows(&discover(&d).unwrap(), h.path()),
        vec![
            row("amp", &format!(".local/share/amp/threads/{AMP}.json"), AMP),
            row("vscode", &format!("{mac}/Code/User/{chat}"), VSCODE_WS),
            row("vscode", &format!("{mac}/Code - Insiders/User/globalStorage/emptyWindowChatSessions/{VSCODE_EMPTY}.json"), VSCODE_EMPTY),
            row("zed", &format!("{mac}/Zed/threads/threads.db"), ZED[0]),
        ]
    );
    d.tools = vec![SourceKind::VsCode];
    assert_eq!(discover(&d).unwrap().len(), 2);

    // Windows: APPDATA (Roaming) for the editors and Goose, LOCALAPPDATA
    // for Zed.
    let mut w = Discovery::at_home(h.path());
    w.os = Os::Windows;
    w.env
        .insert("APPDATA".into(), h.join(win).to_string_lossy().into_owned());
    w.env.insert(
        "LOCALAPPDATA".into(),
        h.join("AppData/Local").to_string_lossy().into_owned(),
    );
    let windows = vec![
        row("amp", &format!(".local/share/amp/threads/{AMP}.json"), AMP),
        row(
            "cline",
            &format!("{win}/VSCodium/User/globalStorage/saoudrizwan.claude-dev/tasks/{CLINE_TASK}"),
            CLINE_TASK,
        ),
        row(
            "goose",
            &format!("{win}/Block/goose/data/sessions/sessions.db"),
            GOOSE_DB,
        ),
        row("vscode", &format!("{win}/Code/User/{chat}"), VSCODE_WS),
        row("zed", "AppData/Local/Zed/threads/threads.db", ZED[1]),
    ];
    assert_eq!(rows(&discover(&w).unwrap(), h.path()), windows);
    // Without the variables, the same places under the home.
    let mut w2 = Discovery::at_home(h.path());
    w2.os = Os::Windows;
    assert_eq!(rows(&discover(&w2).unwrap(), h.path()), windows);
    // APPDATA elsewhere: nothing of the editors' or Goose's is found here.
    w2.env.insert(
        "APPDATA".into(),
        h.mkdir("Elsewhere/Roaming").to_string_lossy().into_owned(),
    );
    assert_eq!(
        rows(&discover(&w2).unwrap(), h.path()),
        vec![
            row("amp", &format!(".local/share/amp/threads/{AMP}.json"), AMP),
            row("zed", "AppData/Local/Zed/threads/threads.db", ZED[1])
        ]
    );

    // Linux: only ~/.config.
    let mut l = Discovery::at_home(h.path());
    l.os = Os::Linux;
    l.tools = vec![
        SourceKind::VsCode,
        SourceKind::Cline,
        SourceKind::Zed,
        SourceKind::Goose,
    ];
    assert_eq!(
        rows(&discover(&l).unwrap(), h.path()),
        vec![row(
            "vscode",
            &format!(".config/Code/User/{chat}"),
            VSCODE_WS
        )]
    );
}

/// A Claude Code 2.x session in a fake home: its main file (a Task call
/// and its result) and `<session>/subagents/agent-a1.jsonl` (the
/// subagent's sidechain). With `closed`, the main file ends as a finished
/// turn does (a `system` `turn_duration` line after the answer); without,
/// on the assistant's answer (a session still running, or cut).
fn claude_session(h: &TempHome, session: &str, closed: bool) -> (PathBuf, PathBuf) {
    let envelope = |uuid: &str, parent: Option<&str>, side: bool, ts: &str| {
        let mut v = json!({
            "parentUuid": parent, "isSidechain": side, "userType": "external", "entrypoint": "cli",
            "cwd": "/home/x/proj", "sessionId": session, "version": "2.1.20", "gitBranch": "main",
            "uuid": uuid, "timestamp": ts,
        });
        if side {
            v["agentId"] = json!("a1");
        }
        v
    };
    let user = |uuid: &str, parent: Option<&str>, side: bool, ts: &str, content: Value| {
        let mut v = envelope(uuid, parent, side, ts);
        v["type"] = json!("user");
        v["message"] = json!({"role": "user", "content": content});
        v
    };
    let assistant = |uuid: &str, parent: &str, side: bool, ts: &str, id: &str, content: Value| {
        let mut v = envelope(uuid, Some(parent), side, ts);
        v["type"] = json!("assistant");
        v["requestId"] = json!(format!("req_{id}"));
        v["message"] = json!({
            "model": "claude-opus-4-5-20251101", "id": id, "type": "message", "role": "assistant", "content": content,
            "stop_reason": null, "stop_sequence": null,
            "usage": {"input_tokens": 8, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 12000, "output_tokens": 40, "service_tier": "standard"}
        });
        v
    };
    let prompt = "List every TODO in src/lib.rs with its line number.";
    let mut main_lines = vec![
        user(
            "11111111-1111-4111-8111-111111111111",
            None,
            false,
            "2026-01-05T09:00:00.000Z",
            json!("Ask a subagent to list the TODOs in src/lib.rs."),
        ),
        assistant(
            "22222222-2222-4222-8222-222222222222",
            "11111111-1111-4111-8111-111111111111",
            false,
            "2026-01-05T09:00:03.000Z",
            "msg_01MainTask",
            json!([{"type": "tool_use", "id": "toolu_01Task", "name": "Task",
                    "input": {"subagent_type": "general-purpose", "description": "List TODOs", "prompt": prompt}}]),
        ),
        {
            let mut v = user(
                "33333333-3333-4333-8333-333333333333",
                Some("22222222-2222-4222-8222-222222222222"),
                false,
                "2026-01-05T09:00:20.000Z",
                json!([{"tool_use_id": "toolu_01Task", "type": "tool_result", "content": [{"type": "text", "text": "Two TODOs: line 12 and line 40."}]}]),
            );
            v["toolUseResult"] = json!({"status": "completed", "agentId": "a1", "prompt": prompt, "totalToolUseCount": 0,
                                         "content": [{"type": "text", "text": "Two TODOs: line 12 and line 40."}]});
            v
        },
        assistant(
            "44444444-4444-4444-8444-444444444444",
            "33333333-3333-4333-8333-333333333333",
            false,
            "2026-01-05T09:00:22.000Z",
            "msg_01MainDone",
            json!([{"type": "text", "text": "The subagent found two TODOs, at lines 12 and 40."}]),
        ),
    ];
    if closed {
        let mut v = envelope(
            "55555555-5555-4555-8555-555555555555",
            Some("44444444-4444-4444-8444-444444444444"),
            false,
            "2026-01-05T09:00:22.500Z",
        );
        v["type"] = json!("system");
        v["subtype"] = json!("turn_duration");
        v["durationMs"] = json!(22500);
        v["isMeta"] = json!(false);
        main_lines.push(v);
    }
    let sub_lines = [
        user(
            "aaaaaaaa-1111-4111-8111-111111111111",
            None,
            true,
            "2026-01-05T09:00:04.000Z",
            json!(prompt),
        ),
        assistant(
            "aaaaaaaa-2222-4222-8222-222222222222",
            "aaaaaaaa-1111-4111-8111-111111111111",
            true,
            "2026-01-05T09:00:19.000Z",
            "msg_01SubDone",
            json!([{"type": "text", "text": "Two TODOs: line 12 and line 40."}]),
        ),
    ];
    let main = h.write(
        &format!(".claude/projects/-home-x-proj/{session}.jsonl"),
        lines(&main_lines),
    );
    let sub = h.write(
        &format!(".claude/projects/-home-x-proj/{session}/subagents/agent-a1.jsonl"),
        lines(&sub_lines),
    );
    (main, sub)
}

/// Parses `main` (a Claude Code session file with one subagent file,
/// `sub`) and checks each event's file and agent; returns the events.
fn check_attribution(
    main: &Path,
    sub: &Path,
    session: &str,
    closed: bool,
) -> Vec<memscribe::CaptureEvent> {
    let opts = Options::default().with_output(OutputMode::Events);
    let events = memscribe_io::parse_path(main, &opts).unwrap().events;
    let main_name = main.display().to_string();
    let sub_name = sub.display().to_string();
    let of = |name: &str| {
        events
            .iter()
            .filter(|e| e.provenance.file.as_deref() == Some(name))
            .collect::<Vec<_>>()
    };
    let (from_main, from_sub) = (of(&main_name), of(&sub_name));
    assert_eq!(
        from_main.len() + from_sub.len(),
        events.len(),
        "every event names one of the two files"
    );
    assert!(
        from_main.iter().all(|e| e.agent_id.is_none()),
        "main-thread events have no agent: {from_main:#?}"
    );
    assert!(
        from_sub.iter().all(|e| e.agent_id.as_deref() == Some("a1")),
        "subagent events are a1's: {from_sub:#?}"
    );
    assert!(events
        .iter()
        .all(|e| e.session_id.as_deref() == Some(session)));
    assert_eq!(events.first().map(|e| e.kind.name()), Some("session_start"));
    let kinds =
        |v: &[&memscribe::CaptureEvent]| v.iter().map(|e| e.kind.name()).collect::<Vec<_>>();
    let mut want_main = vec![
        "session_start",
        "user_turn",
        "assistant_turn",
        "tool_call",
        "tool_result",
        "assistant_turn",
    ];
    if closed {
        want_main.push("unknown");
    }
    assert_eq!(kinds(&from_main), want_main, "{from_main:#?}");
    assert_eq!(
        kinds(&from_sub),
        ["user_turn", "assistant_turn"],
        "{from_sub:#?}"
    );
    // Each event keeps its own file's line numbers.
    let mut want_lines = vec![1, 1, 2, 2, 3, 4];
    if closed {
        want_lines.push(5);
    }
    assert_eq!(
        from_main
            .iter()
            .map(|e| e.provenance.line_no)
            .collect::<Vec<_>>(),
        want_lines,
        "{from_main:#?}"
    );
    assert_eq!(
        from_sub
            .iter()
            .map(|e| e.provenance.line_no)
            .collect::<Vec<_>>(),
        [1, 2]
    );
    let seqs: Vec<u64> = events.iter().map(|e| e.seq).collect();
    assert_eq!(
        seqs,
        (0..events.len() as u64).collect::<Vec<_>>(),
        "one stream"
    );
    events
}

#[test]
fn a_claude_session_directory_attributes_every_subagent_file() {
    let h = TempHome::new("claude-dir");
    let session = "7a1c9e40-2b6d-4f83-a5e1-0c9d8b7f6e21";
    let (main, sub) = claude_session(&h, session, true);
    let dir = h.join(".claude/projects/-home-x-proj").join(session);

    // The file and the directory are the same session, of the same files.
    let by_file = memscribe_io::inputs(&main).unwrap();
    let by_dir = memscribe_io::inputs(&dir).unwrap();
    assert_eq!(by_file.len(), 1);
    assert_eq!(by_dir.len(), 1);
    assert_eq!(by_file[0].files(), [main.clone(), sub.clone()]);
    assert_eq!(by_dir[0].files(), [main.clone(), sub.clone()]);
    assert_eq!(by_file[0].source, Some(SourceKind::ClaudeCode));
    assert_eq!(by_dir[0].source, Some(SourceKind::ClaudeCode));

    let events = check_attribution(&main, &sub, session, true);
    let opts = Options::default().with_output(OutputMode::Events);
    let dir_batch = memscribe_io::parse_path(&dir, &opts).unwrap();
    assert_eq!(
        dir_batch.events, events,
        "the directory reads as its main file"
    );
    assert_eq!(
        dir_batch.summary.as_ref().unwrap().source,
        Some(SourceKind::ClaudeCode)
    );
    // A directory named with a trailing separator, as a shell completes it.
    let slashed = PathBuf::from(format!("{}{}", dir.display(), std::path::MAIN_SEPARATOR));
    assert_eq!(
        memscribe_io::parse_path(&slashed, &opts).unwrap().events,
        events,
        "with a trailing separator too"
    );

    // Discovery lists the session once, with both files counted.
    let mut d = Discovery::at_home(h.path());
    d.os = Os::Linux;
    let all = discover(&d).unwrap();
    assert_eq!(
        rows(&all, h.path()),
        vec![row(
            "claude_code",
            &format!(".claude/projects/-home-x-proj/{session}.jsonl"),
            session
        )]
    );
    assert_eq!(all[0].size, len(&main) + len(&sub));
}

/// The same session whose main file ends on the assistant's answer (a
/// session still running when read, or cut short): that answer, held to
/// merge further lines of its response, is released when its file ends,
/// so it is named as coming from the main file, not the subagent's.
#[test]
fn a_claude_main_files_last_answer_keeps_its_file() {
    let h = TempHome::new("claude-open");
    let session = "7a1c9e40-2b6d-4f83-a5e1-0c9d8b7f6e21";
    let (main, sub) = claude_session(&h, session, false);
    check_attribution(&main, &sub, session, false);
}

/// A tool output too large for its line is kept in
/// `<session>/tool-results/<tool_use_id>.txt`, the line holding a preview:
/// the session reads the whole output into the result, whether the main
/// file or the folder is named, and nothing else changes.
#[test]
fn a_claude_sessions_tool_outputs_kept_beside_it_fill_their_results() {
    let h = TempHome::new("claude-sidecar");
    let session = "5d0c2b1a-9e8f-4a7b-8c6d-5e4f3a2b1c0d";
    let project = h.mkdir(".claude/projects/-home-x-proj");
    let main = project.join(format!("{session}.jsonl"));
    let full: String = (0..4000)
        .map(|i| format!("line {i} of the build log\n"))
        .collect();
    let preview = format!(
        "<persisted-output>\nOutput too large ({} KB). Full output saved to: {}/{session}/tool-results/toolu_big.txt\n\nPreview (first 2KB):\n{}\n</persisted-output>",
        full.len() / 1024,
        project.display(),
        &full[..2048]
    );
    let line = |v: Value| v.to_string();
    let text = [
        line(json!({"type": "user", "uuid": "u1", "parentUuid": null, "sessionId": session, "timestamp": "2026-02-01T10:00:00.000Z", "cwd": "/home/x/proj",
            "message": {"role": "user", "content": "Run the build and tell me what fails."}})),
        line(json!({"type": "assistant", "uuid": "a1", "parentUuid": "u1", "sessionId": session, "timestamp": "2026-02-01T10:00:02.000Z",
            "message": {"id": "msg_1", "role": "assistant", "model": "claude-sonnet-4-5", "content": [{"type": "tool_use", "id": "toolu_big", "name": "Bash", "input": {"command": "make"}}]}})),
        line(json!({"type": "user", "uuid": "u2", "parentUuid": "a1", "sessionId": session, "timestamp": "2026-02-01T10:00:09.000Z",
            "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_big", "content": preview, "is_error": false}]}})),
        line(json!({"type": "assistant", "uuid": "a2", "parentUuid": "u2", "sessionId": session, "timestamp": "2026-02-01T10:00:12.000Z",
            "message": {"id": "msg_2", "role": "assistant", "model": "claude-sonnet-4-5", "content": [{"type": "text", "text": "The build passes."}]}})),
    ]
    .join("\n")
        + "\n";
    std::fs::write(&main, &text).unwrap();
    let outputs = h.mkdir(&format!(
        ".claude/projects/-home-x-proj/{session}/tool-results"
    ));
    std::fs::write(outputs.join("toolu_big.txt"), &full).unwrap();
    // An output whose result is not a preview is left alone.
    std::fs::write(outputs.join("toolu_other.txt"), "unused").unwrap();

    let opts = Options::default().with_output(OutputMode::Events);
    let from_file = memscribe_io::parse_path(&main, &opts).unwrap();
    let from_dir = memscribe_io::parse_path(&main.with_extension(""), &opts).unwrap();
    assert_eq!(
        serde_json::to_string(&from_file.events).unwrap(),
        serde_json::to_string(&from_dir.events).unwrap()
    );
    let results: Vec<&Value> = from_file
        .events
        .iter()
        .filter_map(|e| match &e.kind {
            memscribe::EventKind::ToolResult { output, .. } => Some(output),
            _ => None,
        })
        .collect();
    assert_eq!(
        results,
        [&Value::String(full.clone())],
        "the whole output, not the preview"
    );
    // The result keeps its own line's provenance; the outputs' records are
    // accounted for as notes.
    let result = from_file
        .events
        .iter()
        .find(|e| e.kind.name() == "tool_result")
        .unwrap();
    assert_eq!(
        result.provenance.file.as_deref(),
        Some(main.to_string_lossy().as_ref())
    );
    assert_eq!(result.provenance.line_no, 3);
    let kinds: Vec<&str> = from_file.events.iter().map(|e| e.kind.name()).collect();
    assert_eq!(
        kinds,
        [
            "session_start",
            "user_turn",
            "assistant_turn",
            "tool_call",
            "tool_result",
            "assistant_turn"
        ]
    );
    let summary = from_file.summary.as_ref().unwrap();
    assert_eq!(
        summary
            .diagnostics
            .get(&memscribe::DiagnosticKind::SourceMismatch),
        None
    );
    assert_eq!(summary.records, 6);
    // Without the folder, the preview stays.
    std::fs::remove_dir_all(&outputs).unwrap();
    let alone = memscribe_io::parse_path(&main, &opts).unwrap();
    assert!(alone.events.iter().any(|e| matches!(&e.kind, memscribe::EventKind::ToolResult { output: Value::String(s), .. } if s.contains("<persisted-output>"))));
}

/// `scan` finds each session under an arbitrary folder once: a Claude Code
/// session stands for its subagents' files and folder, a task or session
/// folder is one path, other JSON is not a session, `.git` and
/// `node_modules` are skipped.
#[test]
fn scan_lists_each_session_under_a_folder_once() {
    let home = TempHome::new("scan");
    let root = home.0.join("work");
    let project = root.join("claude/project");
    std::fs::create_dir_all(project.join("sess-1/subagents")).unwrap();
    let main = fixtures().join("claude_code/v2_1/subagent.jsonl");
    std::fs::copy(&main, project.join("sess-1.jsonl")).unwrap();
    std::fs::copy(
        fixtures().join("claude_code/v2_1/subagent.agent-a5de1fe.jsonl"),
        project.join("sess-1/subagents/agent-a5de1fe.jsonl"),
    )
    .unwrap();
    std::fs::copy(
        fixtures().join("claude_code/v2_1/ban.jsonl"),
        project.join("sess-2.jsonl"),
    )
    .unwrap();
    let task = root.join("cline/task-1");
    std::fs::create_dir_all(&task).unwrap();
    for e in std::fs::read_dir(fixtures().join("cline/v3/decision_then_edits")).unwrap() {
        let p = e.unwrap().path();
        std::fs::copy(&p, task.join(p.file_name().unwrap())).unwrap();
    }
    let copilot = root.join("copilot/session-state/abc");
    std::fs::create_dir_all(&copilot).unwrap();
    std::fs::copy(
        fixtures().join("copilot/v1_0/decision_then_edits.jsonl"),
        copilot.join("events.jsonl"),
    )
    .unwrap();
    std::fs::write(
        root.join("package.json"),
        br#"{"name":"x","version":"1.0.0"}"#,
    )
    .unwrap();
    for skipped in [".git", "node_modules"] {
        std::fs::create_dir_all(root.join(skipped)).unwrap();
        std::fs::copy(&main, root.join(skipped).join("x.jsonl")).unwrap();
    }
    let found = memscribe_io::scan(&root).unwrap();
    let want = vec![
        root.join("claude/project/sess-1.jsonl"),
        root.join("claude/project/sess-2.jsonl"),
        task.clone(),
        copilot.clone(),
    ];
    let mut want_sorted = want.clone();
    want_sorted.sort();
    assert_eq!(found, want_sorted);
    // Every path found reads as one session of its tool.
    for p in &found {
        let inputs = memscribe_io::inputs(p).unwrap();
        assert_eq!(inputs.len(), 1, "{}", p.display());
    }
    // A session folder given as such is itself.
    assert_eq!(memscribe_io::scan(&task).unwrap(), vec![task]);
}
