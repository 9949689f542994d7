//! Every file in `../shared/corpus` of the tools read through the source
//! layer parses: the tool is named (from content, or the file's name where
//! the content cannot say), nothing panics, every record is accounted for,
//! and the person's and the assistant's turns agree with a count made here
//! from the raw records, independently of the adapters. Skipped when the
//! corpus is absent unless `MEMSCRIBE_REQUIRE_CORPUS=1`.

mod common;
use common::corpus;

use std::path::{Path, PathBuf};

use memscribe::{Options, OutputMode, SourceKind};
use serde_json::Value;

fn lines(bytes: &[u8]) -> Vec<Value> {
    bytes
        .split(|&b| b == b'\n')
        .filter_map(|l| serde_json::from_slice(l).ok())
        .collect()
}

/// (user turns, assistant turns) by reading the raw file.
fn raw_turns(kind: SourceKind, path: &Path) -> (usize, usize) {
    let bytes = std::fs::read(path).unwrap();
    let s = |v: &Value, k: &str| {
        v.get(k)
            .and_then(Value::as_str)
            .map(str::to_owned)
            .unwrap_or_default()
    };
    match kind {
        SourceKind::Copilot if bytes.starts_with(b"{\n") => {
            let v: Value = serde_json::from_slice(&bytes).unwrap();
            let h = v["history"].as_array().cloned().unwrap_or_default();
            (
                h.iter().filter(|x| s(x, "role") == "human").count(),
                h.iter().filter(|x| s(x, "role") == "assistant").count(),
            )
        }
        SourceKind::Copilot => {
            let l = lines(&bytes);
            let c = |t: &[&str]| {
                l.iter()
                    .filter(|x| t.contains(&s(x, "type").as_str()))
                    .count()
            };
            (
                c(&["user.message", "userpromptsubmitted"]),
                c(&["assistant.message", "assistantresponse"]),
            )
        }
        SourceKind::Cursor if bytes.first() == Some(&b'{') && !bytes.starts_with(b"{\"") => {
            // A JSON dump of ItemTable rows: the chat tabs' bubbles with text.
            let v: Value = serde_json::from_slice(&bytes).unwrap();
            let (mut users, mut ais) = (0, 0);
            for row in v["rows"].as_array().unwrap() {
                if row[1] != "workbench.panel.aichat.view.aichat.chatdata" {
                    continue;
                }
                let chat: Value = serde_json::from_str(row[2].as_str().unwrap()).unwrap();
                for tab in chat["tabs"].as_array().unwrap() {
                    for b in tab["bubbles"].as_array().unwrap() {
                        let text = [s(b, "text"), s(b, "rawText")]
                            .into_iter()
                            .find(|t| !t.is_empty())
                            .unwrap_or_default();
                        if text.is_empty() {
                            continue;
                        }
                        if s(b, "type") == "user" {
                            users += 1;
                        } else {
                            ais += 1;
                        }
                    }
                }
            }
            (users, ais)
        }
        SourceKind::Cursor => {
            let l = lines(&bytes);
            (
                l.iter().filter(|x| s(x, "role") == "user").count(),
                l.iter().filter(|x| s(x, "role") == "assistant").count(),
            )
        }
        SourceKind::Gemini => {
            let l = lines(&bytes);
            (
                l.iter().filter(|x| s(x, "type") == "user").count(),
                l.iter().filter(|x| s(x, "type") == "gemini").count(),
            )
        }
        SourceKind::VsCode => {
            let v: Value = serde_json::from_slice(&bytes).unwrap();
            let p = v["prompts"].as_array().cloned().unwrap_or_default();
            // A turn per conversation request (`panel/…`; the extension's
            // own, titles and summaries, are not turns), and one for tool
            // calls logged before any request of their prompt.
            let mut req = 0;
            for prompt in &p {
                let mut open = false;
                for l in prompt["logs"].as_array().cloned().unwrap_or_default() {
                    let panel = s(&l, "kind") == "request" && s(&l, "name").starts_with("panel/");
                    if panel || (s(&l, "kind") == "toolCall" && !open) {
                        req += 1;
                        open = true;
                    }
                }
            }
            (p.len(), req)
        }
        SourceKind::Cline => {
            let v: Value = serde_json::from_slice(&bytes).unwrap();
            let a = v.as_array().cloned().unwrap_or_default();
            let role = |x: &Value| {
                if x.get("role").is_some() {
                    s(x, "role")
                } else {
                    s(x, "type")
                }
            };
            (
                a.iter().filter(|x| role(x) == "user").count(),
                a.iter().filter(|x| role(x) == "assistant").count(),
            )
        }
        SourceKind::Aider => {
            // A person's input is a run of `####` lines.
            let text = String::from_utf8_lossy(&bytes);
            let mut users = 0;
            let mut prev = false;
            for l in text.lines() {
                let is = l.starts_with("####");
                if is && !prev {
                    users += 1;
                }
                if !l.trim().is_empty() {
                    prev = is;
                }
            }
            (users, usize::MAX)
        }
        _ => (0, 0),
    }
}

#[test]
fn every_file_of_the_new_tools_parses_and_counts_agree() {
    let Some(base) = corpus() else { return };
    let dirs = [
        ("gemini", SourceKind::Gemini),
        ("copilot_cli", SourceKind::Copilot),
        ("cursor", SourceKind::Cursor),
        ("vscode_copilot", SourceKind::VsCode),
        ("cline", SourceKind::Cline),
        ("aider", SourceKind::Aider),
    ];
    let mut checked = 0;
    for (dir, kind) in dirs {
        let mut files: Vec<PathBuf> = std::fs::read_dir(base.join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        for f in files {
            let bytes = std::fs::read(&f).unwrap();
            if bytes.starts_with(b"SQLite format 3\0")
                || f.extension().is_some_and(|e| e == "vscdb" || e == "db")
            {
                continue; // the database stores are read by the next layer
            }
            let named = memscribe::detect(&bytes).or_else(|| memscribe_io::hint(&f));
            assert_eq!(named, Some(kind), "{}: tool", f.display());
            let mut opts = Options::default().with_output(OutputMode::Both);
            opts.redact = false;
            let out = memscribe_io::parse_path(&f, &opts)
                .unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            let summary = out.summary.clone().unwrap();
            assert_eq!(
                summary.source.map(SourceKind::family),
                Some(kind),
                "{}",
                f.display()
            );
            let users = out
                .events
                .iter()
                .filter(|e| e.kind.name() == "user_turn")
                .count();
            let assistants = out
                .events
                .iter()
                .filter(|e| e.kind.name() == "assistant_turn")
                .count();
            let (want_u, want_a) = raw_turns(kind, &f);
            assert_eq!(users, want_u, "{}: user turns", f.display());
            if want_a != usize::MAX {
                assert_eq!(assistants, want_a, "{}: assistant turns", f.display());
            }
            // Every record made an event or a diagnostic: nothing vanished.
            assert!(summary.records > 0, "{}: nothing read", f.display());
            if users + assistants == 0 {
                // Said as no_turns, or (when nothing in it looked like the
                // tool's) as source_mismatch.
                let said = [
                    memscribe::DiagnosticKind::NoTurns,
                    memscribe::DiagnosticKind::SourceMismatch,
                ];
                assert!(
                    said.iter().any(|k| summary.diagnostics.contains_key(k)),
                    "{}: no turns, not said",
                    f.display()
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} files checked");
}

/// OpenCode's JSON storage tree: each session file parses with its messages
/// and parts, and the turns agree with the message files' roles.
#[test]
fn opencode_storage_sessions_parse_and_counts_agree() {
    let Some(base) = corpus() else { return };
    let storage = base.join("opencode/dotfiles__storage");
    let mut checked = 0;
    for project in std::fs::read_dir(storage.join("session")).unwrap() {
        for session in std::fs::read_dir(project.unwrap().path()).unwrap() {
            let session = session.unwrap().path();
            let id = session.file_stem().unwrap().to_string_lossy().into_owned();
            let (mut users, mut assistants) = (0, 0);
            for m in std::fs::read_dir(storage.join("message").join(&id)).unwrap() {
                let v: Value =
                    serde_json::from_slice(&std::fs::read(m.unwrap().path()).unwrap()).unwrap();
                match v["role"].as_str() {
                    Some("user") => users += 1,
                    Some("assistant") => assistants += 1,
                    _ => {}
                }
            }
            let mut opts = Options::default().with_output(OutputMode::Events);
            opts.redact = false;
            let out = memscribe_io::parse_path(&session, &opts)
                .unwrap_or_else(|e| panic!("{}: {e}", session.display()));
            assert_eq!(
                out.summary.as_ref().unwrap().source,
                Some(SourceKind::OpenCode)
            );
            let count = |k: &str| out.events.iter().filter(|e| e.kind.name() == k).count();
            assert_eq!(
                (count("user_turn"), count("assistant_turn")),
                (users, assistants),
                "{}",
                session.display()
            );
            assert!(
                out.events
                    .iter()
                    .all(|e| e.session_id.as_deref() == Some(id.as_str())),
                "{}: session ids",
                session.display()
            );
            // Every event names the storage file it came from.
            assert!(out.events.iter().all(|e| e
                .provenance
                .file
                .as_deref()
                .is_some_and(|f| f.contains(&id) || f.contains("/part/msg_"))));
            checked += 1;
        }
    }
    assert_eq!(checked, 2);
}
