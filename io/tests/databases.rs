//! The database stores: each session of a database is its own stream, in a
//! deterministic order; per-session turn counts agree with SQL written here
//! against the raw tables; a database being written (WAL or rollback
//! journal) still reads, consistently, without being written to; a SQLite
//! file is known by its tables, not its name.

mod common;
use common::corpus;

use std::path::{Path, PathBuf};

use memscribe::{Batch, CaptureEvent, DiagnosticKind, EventKind, Options, OutputMode, SourceKind};
use rusqlite::{params, Connection};
use serde_json::{json, Value};

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("memscribe-db-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn events(path: &Path) -> Batch {
    memscribe_io::parse_path(path, &Options::default().with_output(OutputMode::Events)).unwrap()
}

/// Events grouped by session, in stream order, with each session's `seq`
/// checked to start at 0 and rise by one.
fn by_session(b: &Batch) -> Vec<(String, Vec<&CaptureEvent>)> {
    let mut out: Vec<(String, Vec<&CaptureEvent>)> = Vec::new();
    for e in &b.events {
        let sid = e.session_id.clone().unwrap_or_default();
        match out.last_mut() {
            Some((s, evs)) if *s == sid && e.seq == evs.len() as u64 => evs.push(e),
            _ => {
                assert_eq!(e.seq, 0, "a session's stream starts at seq 0: {sid}");
                assert!(
                    out.iter().all(|(s, _)| *s != sid),
                    "session {sid} is one stream"
                );
                out.push((sid, vec![e]));
            }
        }
    }
    out
}

fn turns(evs: &[&CaptureEvent]) -> (usize, usize) {
    let u = evs
        .iter()
        .filter(|e| matches!(e.kind, EventKind::UserTurn { .. }))
        .count();
    let a = evs
        .iter()
        .filter(|e| matches!(e.kind, EventKind::AssistantTurn { .. }))
        .count();
    (u, a)
}

fn count(evs: &[&CaptureEvent], name: &str) -> usize {
    evs.iter().filter(|e| e.kind.name() == name).count()
}

const GOOSE_SCHEMA: &str = "
CREATE TABLE schema_version (version INTEGER PRIMARY KEY, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP);
CREATE TABLE sessions (
    id TEXT PRIMARY KEY, name TEXT NOT NULL DEFAULT '', description TEXT NOT NULL DEFAULT '',
    user_set_name BOOLEAN DEFAULT FALSE, session_type TEXT NOT NULL DEFAULT 'user', working_dir TEXT NOT NULL,
    created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP, updated_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
    extension_data TEXT DEFAULT '{}', total_tokens INTEGER, input_tokens INTEGER, output_tokens INTEGER,
    accumulated_total_tokens INTEGER, accumulated_input_tokens INTEGER, accumulated_output_tokens INTEGER,
    schedule_id TEXT, recipe_json TEXT, user_recipe_values_json TEXT);
CREATE TABLE messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL REFERENCES sessions(id), role TEXT NOT NULL,
    content_json TEXT NOT NULL, created_timestamp INTEGER NOT NULL, timestamp TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
    tokens INTEGER, metadata_json TEXT);
";

fn goose_message(conn: &Connection, session: &str, role: &str, content: Value, at: i64) {
    conn.execute(
        "INSERT INTO messages (session_id, role, content_json, created_timestamp, metadata_json) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![session, role, content.to_string(), at, r#"{"userVisible":true,"agentVisible":true}"#],
    )
    .unwrap();
}

/// A Goose conversation: a decision, an edit by the text editor and its
/// result, a reply.
fn goose_conversation(conn: &Connection, session: &str, base: i64) {
    goose_message(
        conn,
        session,
        "user",
        json!([{"type": "text", "text": "Let's use ruff instead of flake8 for linting; update the config."}]),
        base,
    );
    goose_message(
        conn,
        session,
        "assistant",
        json!([
            {"type": "text", "text": "I'll switch the lint step to ruff."},
            {"type": "toolRequest", "id": format!("call-{session}"), "toolCall": {"status": "success", "value": {"name": "developer__text_editor",
                "arguments": {"command": "str_replace", "path": "/w/proj/Makefile", "old_str": "flake8 src\n", "new_str": "ruff check src\n"}}}}
        ]),
        base + 5,
    );
    goose_message(
        conn,
        session,
        "user",
        json!([{"type": "toolResponse", "id": format!("call-{session}"), "toolResult": {"status": "success", "value": {"content": [{"type": "text", "text": "The file /w/proj/Makefile has been edited"}], "isError": false}}}]),
        base + 6,
    );
    goose_message(
        conn,
        session,
        "assistant",
        json!([{"type": "text", "text": "Done: `make lint` now runs ruff."}]),
        base + 9,
    );
}

fn goose_db(path: &Path, wal: bool) -> Connection {
    let conn = Connection::open(path).unwrap();
    if wal {
        conn.pragma_update(None, "journal_mode", "WAL").unwrap();
    }
    conn.execute_batch(GOOSE_SCHEMA).unwrap();
    conn.execute(
        "INSERT INTO sessions (id, name, working_dir, created_at) VALUES ('20260102_1', 'lint', '/w/proj', '2026-01-02 10:00:00'), ('20260101_1', 'older', '/w/other', '2026-01-01 09:00:00')",
        [],
    )
    .unwrap();
    goose_conversation(&conn, "20260102_1", 1_767_348_000);
    goose_conversation(&conn, "20260101_1", 1_767_258_000);
    conn
}

/// (user turns, assistant turns) per Goose session, by SQL: a user turn is
/// a user message with a text item, an assistant turn each assistant row.
fn goose_sql_turns(conn: &Connection, session: &str) -> (usize, usize) {
    let users: i64 = conn
        .query_row(
            "SELECT count(DISTINCT m.id) FROM messages m, json_each(m.content_json) j
             WHERE m.session_id = ?1 AND m.role = 'user' AND json_extract(j.value, '$.type') = 'text'",
            [session],
            |r| r.get(0),
        )
        .unwrap();
    let assistants: i64 = conn
        .query_row(
            "SELECT count(*) FROM messages WHERE session_id = ?1 AND role = 'assistant'",
            [session],
            |r| r.get(0),
        )
        .unwrap();
    (users as usize, assistants as usize)
}

#[test]
fn goose_sessions_are_streams_in_creation_order_and_counts_agree_with_sql() {
    let dir = scratch("goose");
    let db = dir.join("sessions.db");
    let conn = goose_db(&db, false);
    let b = events(&db);
    let sessions = by_session(&b);
    let ids: Vec<&str> = sessions.iter().map(|(s, _)| s.as_str()).collect();
    assert_eq!(
        ids,
        ["20260101_1", "20260102_1"],
        "ordered by creation time"
    );
    for (sid, evs) in &sessions {
        assert_eq!(turns(evs), goose_sql_turns(&conn, sid), "{sid}");
        assert_eq!(count(evs, "tool_call"), 1);
        assert_eq!(count(evs, "tool_result"), 1);
        let edit = evs.iter().find_map(|e| match &e.kind {
            EventKind::FileEdit { diff, .. } => Some(diff),
            _ => None,
        });
        let edit = edit.expect("the text editor's str_replace is a file_edit");
        assert_eq!(edit.path, "/w/proj/Makefile");
        assert!(edit.new.as_deref().unwrap_or("").contains("ruff check"));
        match &evs[0].kind {
            EventKind::SessionStart { cwd, .. } => {
                assert!(cwd.as_deref().unwrap_or("").starts_with("/w/"))
            }
            other => panic!("{other:?}"),
        }
        assert!(evs.iter().all(|e| e
            .provenance
            .file
            .as_deref()
            .unwrap_or("")
            .contains("sessions.db#sessions/")));
        // Goose's timestamps are seconds.
        assert!(
            evs[1]
                .timestamp
                .as_deref()
                .unwrap_or("")
                .starts_with("2026-01-0"),
            "{:?}",
            evs[1].timestamp
        );
    }
    // Nodes come out of a database too: the decision and its edit.
    let nodes = memscribe_io::parse_path(&db, &Options::default()).unwrap();
    assert!(
        nodes.nodes.iter().any(|n| n.name() == "decision"),
        "a decision per session"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_corpus_databases_parse_with_counts_agreeing_with_sql() {
    let Some(corpus) = corpus() else { return };
    // Goose: one session, no messages.
    let goose = corpus.join("goose/dotfiles__sessions.db");
    let b = events(&goose);
    let conn =
        Connection::open_with_flags(&goose, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
    let n: i64 = conn
        .query_row("SELECT count(*) FROM sessions", [], |r| r.get(0))
        .unwrap();
    let sessions = by_session(&b);
    assert_eq!(sessions.len() as i64, n);
    for (sid, evs) in &sessions {
        assert_eq!(turns(evs), goose_sql_turns(&conn, sid));
    }
    assert_eq!(
        b.summary
            .as_ref()
            .unwrap()
            .diagnostics
            .get(&DiagnosticKind::NoTurns),
        Some(&1),
        "a session with no turns says so"
    );
    assert_eq!(
        b.summary
            .as_ref()
            .unwrap()
            .diagnostics
            .get(&DiagnosticKind::SourceMismatch),
        None
    );

    // Cursor's workspace state.vscdb: each chat tab and composer a session,
    // its turns the bubbles with text.
    let vscdb = corpus.join("cursor/cursor-history__workspace_state.vscdb");
    let b = events(&vscdb);
    let conn =
        Connection::open_with_flags(&vscdb, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
    let mut expected: Vec<(String, (usize, usize))> = Vec::new();
    for (key, list, id_key, bubbles_key) in [
        (
            "workbench.panel.aichat.view.aichat.chatdata",
            "tabs",
            "tabId",
            "bubbles",
        ),
        (
            "composer.composerData",
            "allComposers",
            "composerId",
            "conversation",
        ),
    ] {
        let value: Vec<u8> = conn
            .query_row("SELECT value FROM ItemTable WHERE key = ?1", [key], |r| {
                Ok(r.get_ref(0)?.as_bytes()?.to_vec())
            })
            .unwrap();
        let v: Value = serde_json::from_slice(&value).unwrap();
        for chat in v[list].as_array().unwrap() {
            let (mut u, mut a) = (0, 0);
            for bubble in chat[bubbles_key].as_array().into_iter().flatten() {
                let text = [&bubble["text"], &bubble["rawText"]]
                    .iter()
                    .filter_map(|t| t.as_str())
                    .find(|t| !t.is_empty())
                    .unwrap_or("");
                if text.is_empty() {
                    continue;
                }
                if bubble["type"] == "user" || bubble["type"] == 1 {
                    u += 1;
                } else {
                    a += 1;
                }
            }
            expected.push((chat[id_key].as_str().unwrap().to_owned(), (u, a)));
        }
    }
    let sessions = by_session(&b);
    assert_eq!(sessions.len(), expected.len(), "a session per chat");
    for (id, want) in &expected {
        let (_, evs) = sessions
            .iter()
            .find(|(s, _)| s == id)
            .unwrap_or_else(|| panic!("chat {id} missing"));
        assert_eq!(turns(evs), *want, "chat {id}");
    }
    assert!(expected.iter().map(|(_, (u, a))| u + a).sum::<usize>() > 0);

    // Cursor CLI's store.db (metadata only in the corpus).
    let store = corpus.join("cursor/agent-sessions__test_cli_store.db");
    let b = events(&store);
    assert_eq!(b.events.len(), 1);
    match &b.events[0].kind {
        EventKind::SessionStart { model, .. } => {
            assert_eq!(model.as_deref(), Some("claude-4-sonnet"))
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        b.events[0].session_id.as_deref(),
        Some("a1b2c3d4-e5f6-7890-abcd-ef1234567890")
    );
    assert!(b.events[0]
        .timestamp
        .as_deref()
        .unwrap_or("")
        .starts_with("2026-04-07"));
}

/// A Zed thread of version 0.3.0: a decision, an edit made by the agent.
fn zed_thread_v3() -> Value {
    json!({
        "title": "Switch to tracing",
        "messages": [
            {"User": {"id": "u-1", "content": [{"Text": "We should use tracing instead of log for all diagnostics."}]}},
            {"Agent": {
                "content": [
                    {"Thinking": {"text": "Replace log macros.", "signature": null}},
                    {"Text": "I'll replace the log calls."},
                    {"ToolUse": {"id": "tool-1", "name": "edit_file", "raw_input": "{}", "input": {"path": "src/main.rs", "mode": "edit", "display_description": "use tracing"}, "is_input_complete": true}}
                ],
                "tool_results": {"tool-1": {"tool_use_id": "tool-1", "tool_name": "edit_file", "is_error": false, "content": {"Text": "Edited src/main.rs"},
                    "output": {"original_path": "src/main.rs", "old_text": "log::info!(\"hi\");\n", "new_text": "tracing::info!(\"hi\");\n", "raw_output": null}}},
                "reasoning_details": null
            }},
            {"User": {"id": "u-2", "content": [{"Text": "thanks"}]}},
            {"Agent": {"content": [{"Text": "Done."}], "tool_results": {}}}
        ],
        "updated_at": "2026-03-01T10:00:00Z",
        "initial_project_snapshot": {"worktree_snapshots": [{"worktree_path": "/w/zedproj", "git_state": {"remote_url": null, "head_sha": "abc123", "current_branch": "main", "diff": null}}], "unsaved_buffer_paths": [], "timestamp": "2026-03-01T09:59:00Z"},
        "cumulative_token_usage": {},
        "request_token_usage": {"u-1": {"input_tokens": 1200, "output_tokens": 85, "cache_read_input_tokens": 900, "cache_creation_input_tokens": 0}},
        "model": {"provider": "anthropic", "model": "claude-sonnet-4"},
        "version": "0.3.0"
    })
}

/// An older thread (0.2.0): role and segments.
fn zed_thread_v2() -> Value {
    json!({
        "summary": "old", "updated_at": "2025-05-01T10:00:00Z", "version": "0.2.0",
        "messages": [
            {"id": 0, "role": "user", "segments": [{"type": "text", "text": "Add a README section on building."}], "tool_uses": [], "tool_results": [], "context": "", "is_hidden": false},
            {"id": 1, "role": "assistant", "segments": [{"type": "text", "text": "Added it."}], "tool_uses": [{"id": "t1", "name": "read_file", "input": {"path": "README.md"}}],
             "tool_results": [{"tool_use_id": "t1", "is_error": false, "content": "# readme", "output": null}], "context": "", "is_hidden": false}
        ]
    })
}

fn zed_db(path: &Path) -> Connection {
    let conn = Connection::open(path).unwrap();
    conn.execute_batch(
        "CREATE TABLE threads (id TEXT PRIMARY KEY, summary TEXT NOT NULL, updated_at TEXT NOT NULL, data_type TEXT NOT NULL, data BLOB NOT NULL,
         parent_id TEXT, folder_paths TEXT, folder_paths_order TEXT, created_at TEXT)",
    )
    .unwrap();
    let v3 = zstd::encode_all(zed_thread_v3().to_string().as_bytes(), 3).unwrap();
    conn.execute(
        "INSERT INTO threads (id, summary, updated_at, data_type, data, created_at) VALUES ('t-new', 'Switch to tracing', '2026-03-01T10:00:00Z', 'zstd', ?1, '2026-03-01T09:00:00Z')",
        [v3],
    )
    .unwrap();
    conn.execute(
        "INSERT INTO threads (id, summary, updated_at, data_type, data, created_at) VALUES ('t-old', 'old', '2025-05-01T10:00:00Z', 'json', ?1, '2025-05-01T09:00:00Z')",
        [zed_thread_v2().to_string().into_bytes()],
    )
    .unwrap();
    conn
}

#[test]
fn zed_threads_decompress_and_parse_in_both_generations() {
    let dir = scratch("zed");
    let db = dir.join("threads.db");
    let conn = zed_db(&db);
    let b = events(&db);
    let sessions = by_session(&b);
    assert_eq!(
        sessions.iter().map(|(s, _)| s.as_str()).collect::<Vec<_>>(),
        ["t-old", "t-new"]
    );
    // Turns by SQL: the messages of each thread's JSON.
    let mut st = conn
        .prepare("SELECT id, data_type, data FROM threads")
        .unwrap();
    let rows: Vec<(String, String, Vec<u8>)> = st
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    for (id, ty, data) in rows {
        let json = if ty == "zstd" {
            zstd::decode_all(&data[..]).unwrap()
        } else {
            data
        };
        let v: Value = serde_json::from_slice(&json).unwrap();
        let msgs = v["messages"].as_array().unwrap();
        let users = msgs
            .iter()
            .filter(|m| m.get("User").is_some() || m["role"] == "user")
            .count();
        let agents = msgs
            .iter()
            .filter(|m| m.get("Agent").is_some() || m["role"] == "assistant")
            .count();
        let (_, evs) = sessions.iter().find(|(s, _)| *s == id).unwrap();
        assert_eq!(turns(evs), (users, agents), "thread {id}");
    }
    let (_, new) = sessions.iter().find(|(s, _)| s == "t-new").unwrap();
    match &new[0].kind {
        EventKind::SessionStart {
            cwd, model, git, ..
        } => {
            assert_eq!(cwd.as_deref(), Some("/w/zedproj"));
            assert_eq!(model.as_deref(), Some("claude-sonnet-4"));
            assert_eq!(git.as_ref().and_then(|g| g.sha.as_deref()), Some("abc123"));
        }
        other => panic!("{other:?}"),
    }
    let edit = new.iter().find_map(|e| match &e.kind {
        EventKind::FileEdit { diff, .. } => Some(diff),
        _ => None,
    });
    let edit = edit.expect("the edit tool's result makes a file_edit");
    assert_eq!(edit.path, "src/main.rs");
    assert_eq!(edit.new.as_deref(), Some("tracing::info!(\"hi\");\n"));
    assert!(new.iter().any(|e| matches!(&e.kind, EventKind::AssistantTurn { thinking, .. } if thinking.as_deref() == Some("Replace log macros."))));
    // A request's usage is on the first agent message after its user message.
    let usages: Vec<Option<u64>> = new
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::AssistantTurn { usage, .. } => {
                Some(usage.map(|u| u.input_tokens + u.cache_read_tokens))
            }
            _ => None,
        })
        .collect();
    assert_eq!(usages, [Some(2100), None]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// An `opencode.db` made from the corpus's JSON storage tree, as OpenCode's
/// migration lays it out: ids in columns, the rest in `data`.
fn opencode_db_from_tree(storage: &Path, db: &Path) -> Connection {
    let conn = Connection::open(db).unwrap();
    conn.pragma_update(None, "journal_mode", "WAL").unwrap();
    conn.execute_batch(
        "CREATE TABLE project (id TEXT PRIMARY KEY, worktree TEXT, time_created INTEGER, time_updated INTEGER);
         CREATE TABLE session (id TEXT PRIMARY KEY, project_id TEXT, parent_id TEXT, slug TEXT, directory TEXT, title TEXT, version TEXT,
             summary_additions INTEGER, summary_deletions INTEGER, summary_files INTEGER, time_created INTEGER NOT NULL, time_updated INTEGER NOT NULL);
         CREATE TABLE message (id TEXT PRIMARY KEY, session_id TEXT NOT NULL, time_created INTEGER NOT NULL, time_updated INTEGER NOT NULL, data TEXT NOT NULL);
         CREATE TABLE part (id TEXT PRIMARY KEY, message_id TEXT NOT NULL, session_id TEXT NOT NULL, time_created INTEGER NOT NULL, time_updated INTEGER NOT NULL, data TEXT NOT NULL);",
    )
    .unwrap();
    let read = |p: &Path| -> Value { serde_json::from_slice(&std::fs::read(p).unwrap()).unwrap() };
    let sorted = |d: &Path| -> Vec<PathBuf> {
        let mut v: Vec<PathBuf> = std::fs::read_dir(d)
            .map(|r| r.map(|e| e.unwrap().path()).collect())
            .unwrap_or_default();
        v.sort();
        v
    };
    for project in sorted(&storage.join("session")) {
        for s in sorted(&project) {
            let v = read(&s);
            conn.execute(
                "INSERT INTO session (id, project_id, directory, title, version, time_created, time_updated) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![v["id"].as_str(), v["projectID"].as_str(), v["directory"].as_str(), v["title"].as_str(), v["version"].as_str(), v["time"]["created"].as_i64(), v["time"]["updated"].as_i64()],
            )
            .unwrap();
            let sid = v["id"].as_str().unwrap().to_owned();
            for m in sorted(&storage.join("message").join(&sid)) {
                let mut mv = read(&m);
                let mid = mv["id"].as_str().unwrap().to_owned();
                let created = mv["time"]["created"].as_i64().unwrap_or(0);
                mv.as_object_mut().unwrap().remove("id");
                mv.as_object_mut().unwrap().remove("sessionID");
                conn.execute(
                    "INSERT INTO message VALUES (?1, ?2, ?3, ?3, ?4)",
                    params![mid, sid, created, mv.to_string()],
                )
                .unwrap();
                for p in sorted(&storage.join("part").join(&mid)) {
                    let mut pv = read(&p);
                    let pid = pv["id"].as_str().unwrap().to_owned();
                    for k in ["id", "sessionID", "messageID"] {
                        pv.as_object_mut().unwrap().remove(k);
                    }
                    conn.execute(
                        "INSERT INTO part VALUES (?1, ?2, ?3, ?4, ?4, ?5)",
                        params![pid, mid, sid, created, pv.to_string()],
                    )
                    .unwrap();
                }
            }
        }
    }
    conn
}

/// What an event says, without where it came from.
fn shape(e: &CaptureEvent) -> Value {
    let mut v = serde_json::to_value(e).unwrap();
    v.as_object_mut().unwrap().remove("provenance");
    v
}

#[test]
fn opencode_db_reads_as_its_storage_tree_does() {
    let Some(corpus) = corpus() else { return };
    let storage = corpus.join("opencode/dotfiles__storage");
    let dir = scratch("opencode");
    let db = dir.join("opencode.db");
    let conn = opencode_db_from_tree(&storage, &db);
    let from_db = events(&db);
    let sessions = by_session(&from_db);
    let n: i64 = conn
        .query_row("SELECT count(*) FROM session", [], |r| r.get(0))
        .unwrap();
    assert_eq!(sessions.len() as i64, n);
    for (sid, evs) in &sessions {
        let project = conn
            .query_row("SELECT project_id FROM session WHERE id = ?1", [sid], |r| {
                r.get::<_, String>(0)
            })
            .unwrap();
        let file = storage
            .join("session")
            .join(project)
            .join(format!("{sid}.json"));
        let tree = events(&file);
        let want: Vec<Value> = tree.events.iter().map(shape).collect();
        let got: Vec<Value> = evs.iter().map(|e| shape(e)).collect();
        assert_eq!(got, want, "session {sid}: the database reads as the tree");
        // Each event names its row.
        assert!(evs.iter().all(|e| e
            .provenance
            .file
            .as_deref()
            .unwrap_or("")
            .contains("opencode.db#")));
        // Turn counts by SQL: user messages with a text part; assistant messages.
        let users: i64 = conn
            .query_row(
                "SELECT count(DISTINCT m.id) FROM message m JOIN part p ON p.message_id = m.id
                 WHERE m.session_id = ?1 AND json_extract(m.data, '$.role') = 'user' AND json_extract(p.data, '$.type') = 'text'
                 AND coalesce(json_extract(p.data, '$.synthetic'), 0) = 0",
                [sid],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(turns(evs).0 as i64, users, "session {sid}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

#[test]
fn cursor_global_and_cli_stores_parse() {
    let dir = scratch("cursor");
    // The editor's global database: composers and their bubbles in
    // cursorDiskKV, and secrets in ItemTable that must never be read.
    let global = dir.join("state.vscdb");
    let conn = Connection::open(&global).unwrap();
    conn.execute_batch(
        "CREATE TABLE ItemTable (key TEXT UNIQUE ON CONFLICT REPLACE, value BLOB);
         CREATE TABLE cursorDiskKV (key TEXT UNIQUE ON CONFLICT REPLACE, value BLOB);",
    )
    .unwrap();
    conn.execute("INSERT INTO ItemTable VALUES ('cursorAuth/accessToken', 'eyJhbGciOiJIUzI1NiJ9.SECRET-TOKEN-VALUE.sig')", []).unwrap();
    let composer = json!({"_v": 10, "composerId": "c1", "name": "lint", "createdAt": 1767348000000i64, "modelConfig": {"modelName": "claude-4.5-sonnet"},
        "fullConversationHeadersOnly": [{"bubbleId": "b1", "type": 1}, {"bubbleId": "b2", "type": 2}, {"bubbleId": "b3", "type": 2}, {"bubbleId": "b4", "type": 2}]});
    conn.execute(
        "INSERT INTO cursorDiskKV VALUES ('composerData:c1', ?1)",
        [composer.to_string()],
    )
    .unwrap();
    let bubbles = [
        (
            "b1",
            json!({"_v": 3, "type": 1, "bubbleId": "b1", "text": "Let's use pnpm instead of npm in CI.", "createdAt": "2026-01-02T10:00:00.000Z"}),
        ),
        (
            "b2",
            json!({"_v": 3, "type": 2, "bubbleId": "b2", "text": "", "thinking": {"text": "Edit the workflow."}, "createdAt": "2026-01-02T10:00:05.000Z",
            "toolFormerData": {"toolCallId": "toolu_1", "name": "search_replace", "status": "completed",
                "rawArgs": "{\"file_path\":\".github/workflows/ci.yml\",\"old_string\":\"npm ci\",\"new_string\":\"pnpm install --frozen-lockfile\"}",
                "result": "{\"diff\":\"ok\"}"}}),
        ),
        (
            "b3",
            json!({"_v": 3, "type": 2, "bubbleId": "b3", "text": "Switched CI to pnpm.", "createdAt": "2026-01-02T10:00:09.000Z"}),
        ),
    ];
    for (id, v) in &bubbles {
        conn.execute(
            "INSERT INTO cursorDiskKV VALUES (?1, ?2)",
            params![format!("bubbleId:c1:{id}"), v.to_string()],
        )
        .unwrap();
    }
    drop(conn);
    let b = events(&global);
    let sessions = by_session(&b);
    assert_eq!(sessions.len(), 1);
    let (sid, evs) = &sessions[0];
    assert_eq!(sid, "c1");
    assert_eq!(
        turns(evs),
        (1, 2),
        "a user bubble and two assistant bubbles (b4 is missing)"
    );
    let edit = evs.iter().find_map(|e| match &e.kind {
        EventKind::FileEdit { diff, .. } => Some(diff),
        _ => None,
    });
    assert_eq!(
        edit.map(|d| d.path.as_str()),
        Some(".github/workflows/ci.yml")
    );
    let text = serde_json::to_string(&b.events).unwrap();
    assert!(
        !text.contains("SECRET-TOKEN-VALUE"),
        "auth rows are never read"
    );

    // The CLI's store.db: a protobuf root listing JSON messages.
    let store = dir.join("store.db");
    let conn = Connection::open(&store).unwrap();
    conn.execute_batch("CREATE TABLE blobs (id TEXT PRIMARY KEY, data BLOB); CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);").unwrap();
    let messages = [
        json!({"role": "system", "content": "You are an agent."}),
        json!({"role": "user", "content": [{"type": "text", "text": "<user_info>os: linux</user_info>"}]}),
        json!({"role": "user", "content": [{"type": "text", "text": "<user_query>\nUse sqlx instead of diesel for the new service.\n</user_query>"}]}),
        json!({"id": "1", "role": "assistant", "content": [{"type": "reasoning", "text": "Check Cargo.toml"}, {"type": "text", "text": "Reading the manifest."},
            {"type": "tool-call", "toolCallId": "toolu_9", "toolName": "Read", "args": {"path": "Cargo.toml"}}]}),
        json!({"role": "tool", "id": "toolu_9", "content": [{"type": "tool-result", "toolName": "Read", "toolCallId": "toolu_9", "result": "[package]\nname = \"svc\""}]}),
        json!({"id": "1", "role": "assistant", "content": [{"type": "text", "text": "Done."}]}),
    ];
    let mut root = Vec::new();
    for (i, m) in messages.iter().enumerate() {
        let data = m.to_string().into_bytes();
        let mut id = [0u8; 32];
        id[0] = i as u8 + 1; // content addresses, as far as the reader cares
        conn.execute("INSERT INTO blobs VALUES (?1, ?2)", params![hex(&id), data])
            .unwrap();
        root.extend([0x0a, 0x20]);
        root.extend(id);
    }
    root.extend([0x4a, 0x05]); // field 9: the workspace (skipped)
    root.extend(b"file:");
    let root_id = hex(&[0xee; 32]);
    conn.execute("INSERT INTO blobs VALUES (?1, ?2)", params![root_id, root])
        .unwrap();
    let meta = json!({"agentId": "agent-7", "latestRootBlobId": root_id, "name": "New Agent", "mode": "default", "createdAt": 1767348000000i64, "lastUsedModel": "gpt-5"});
    conn.execute(
        "INSERT INTO meta VALUES ('0', ?1)",
        [hex(meta.to_string().as_bytes())],
    )
    .unwrap();
    drop(conn);
    let b = events(&store);
    let sessions = by_session(&b);
    assert_eq!(sessions.len(), 1);
    let (sid, evs) = &sessions[0];
    assert_eq!(sid, "agent-7");
    let users: Vec<&str> = evs
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::UserTurn { text, injected, .. } if injected.is_none() => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(users, ["Use sqlx instead of diesel for the new service."]);
    assert_eq!(turns(evs).1, 2);
    assert_eq!(count(evs, "tool_call"), 1);
    assert_eq!(count(evs, "tool_result"), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The bytes of the files that make a database (it, its WAL, its journal).
fn snapshot(db: &Path) -> Vec<Option<Vec<u8>>> {
    ["", "-wal", "-journal"]
        .iter()
        .map(|s| std::fs::read(format!("{}{s}", db.display())).ok())
        .collect()
}

#[test]
fn a_database_being_written_reads_its_last_commit_without_being_touched() {
    let dir = scratch("writer");
    // WAL mode, the writer holding an open transaction.
    let db = dir.join("sessions.db");
    let conn = goose_db(&db, true);
    let committed = |b: &Batch| {
        by_session(b)
            .iter()
            .map(|(_, evs)| turns(evs).0 + turns(evs).1)
            .sum::<usize>()
    };
    let before = committed(&events(&db));
    assert_eq!(before, 2 * 3);
    conn.execute_batch("BEGIN IMMEDIATE").unwrap();
    goose_conversation(&conn, "20260102_1", 1_767_349_000);
    let files = snapshot(&db);
    let during = events(&db);
    assert_eq!(
        committed(&during),
        before,
        "the writer's open transaction is not seen"
    );
    assert_eq!(
        snapshot(&db),
        files,
        "reading wrote nothing to the database or its WAL"
    );
    conn.execute_batch("COMMIT").unwrap();
    assert_eq!(committed(&events(&db)), before + 3, "its commit is");
    drop(conn);

    // Rollback-journal mode, the writer holding an exclusive lock mid-write.
    let db2 = dir.join("journal.db");
    let conn = goose_db(&db2, false);
    conn.pragma_update(None, "cache_size", 1).unwrap();
    conn.execute_batch("BEGIN EXCLUSIVE").unwrap();
    for i in 0..50 {
        goose_conversation(&conn, "20260101_1", 1_767_260_000 + i * 100);
    }
    let files = snapshot(&db2);
    let b = events(&db2);
    assert_eq!(
        committed(&b),
        2 * 3,
        "the last commit, not the half-written transaction"
    );
    assert_eq!(snapshot(&db2), files, "reading wrote nothing");
    conn.execute_batch("ROLLBACK").unwrap();
    drop(conn);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_sqlite_file_is_known_by_its_tables_not_its_name() {
    let dir = scratch("names");
    let odd = dir.join("backup.bin");
    drop(goose_db(&odd, false));
    let head = std::fs::read(&odd).unwrap();
    assert_eq!(
        memscribe::detect(&head[..head.len().min(64 << 10)]),
        Some(SourceKind::Goose)
    );
    assert_eq!(memscribe_io::database_source(&odd), Some(SourceKind::Goose));
    assert_eq!(by_session(&events(&odd)).len(), 2);
    let zed = dir.join("data.sqlite");
    drop(zed_db(&zed));
    assert_eq!(
        memscribe::detect(&std::fs::read(&zed).unwrap()),
        Some(SourceKind::Zed)
    );
    // A database of something else is a clear error naming its tables.
    let other = dir.join("threads.db");
    Connection::open(&other)
        .unwrap()
        .execute_batch("CREATE TABLE invoices (id INTEGER, total REAL)")
        .unwrap();
    let err = memscribe_io::parse_path(&other, &Options::default()).unwrap_err();
    assert!(err.message().contains("invoices"), "{}", err.message());
    assert_eq!(memscribe::detect(&std::fs::read(&other).unwrap()), None);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Damaged databases (bytes flipped anywhere, files cut short) give a
/// clear error or what can still be read: never a panic or a hang.
#[test]
fn damaged_databases_never_panic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures");
    let dir = scratch("damaged");
    let fixtures = [
        "goose/v5/sessions.db",
        "opencode/v1_18_db/opencode.db",
        "zed/v0_3/threads.db",
        "cursor/global_vscdb/state.vscdb",
        "cursor/cli_store/store.db",
    ];
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let (mut ok, mut failed) = (0, 0);
    for rel in fixtures {
        let bytes = std::fs::read(root.join(rel)).unwrap();
        for round in 0..40 {
            let mut damaged = bytes.clone();
            if round % 8 == 7 {
                damaged.truncate((next() as usize) % damaged.len());
            } else {
                for _ in 0..1 + round % 5 {
                    let at = (next() as usize) % damaged.len();
                    damaged[at] = next() as u8;
                }
            }
            let path = dir.join(format!("{round}-{}", rel.replace('/', "_")));
            std::fs::write(&path, &damaged).unwrap();
            match memscribe_io::parse_path(&path, &Options::default().with_output(OutputMode::Both))
            {
                Ok(_) => ok += 1,
                Err(e) => {
                    assert!(!e.message().is_empty());
                    failed += 1;
                }
            }
            let _ = memscribe_io::database_source(&path);
            let _ = memscribe::detect(&damaged);
        }
    }
    assert_eq!(ok + failed, fixtures.len() * 40);
    let _ = std::fs::remove_dir_all(&dir);
}
