//! What each fixture scenario must produce, checked for every tool and
//! version — the reviewed meaning behind the golden files.

mod common;

use common::*;
use memscribe::{Batch, EventKind, Injected, SourceKind};

fn load(tool: &str, version: &str, name: &str) -> (Vec<u8>, Batch) {
    let path = root()
        .join("tests/fixtures")
        .join(tool)
        .join(version)
        .join(format!("{name}.jsonl"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let kind = SourceKind::from_slug(tool).unwrap();
    let batch = parse(&bytes, kind);
    check_invariants(&bytes, &batch, &path.display().to_string());
    (bytes, batch)
}

const VERSIONS: [(&str, &str); 5] = [
    ("claude_code", "v1_0"),
    ("claude_code", "v2_1"),
    ("codex", "v0_34"),
    ("codex", "v0_63"),
    ("codex", "v0_118"),
];

fn edits(b: &Batch) -> Vec<(&str, &memscribe::Diff, Option<&str>)> {
    b.events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::FileEdit { call_id, diff } => {
                Some((call_id.as_str(), diff, e.agent_id.as_deref()))
            }
            _ => None,
        })
        .collect()
}

/// User turns the person typed (not injected by the tool or a parent agent).
fn person_turns(b: &Batch) -> Vec<&str> {
    b.events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::UserTurn {
                text,
                injected: None,
                ..
            } if e.agent_id.is_none() => Some(text.as_str()),
            _ => None,
        })
        .collect()
}

fn count(b: &Batch, name: &str) -> usize {
    b.events.iter().filter(|e| e.kind.name() == name).count()
}

#[test]
fn every_session_starts_with_session_start() {
    for (tool, v) in VERSIONS {
        for name in ["decision_then_edits", "ban", "no_commitment"] {
            let (_, b) = load(tool, v, name);
            let first = &b.events[0];
            assert_eq!(first.kind.name(), "session_start", "{tool}/{v}/{name}");
            assert!(first.session_id.is_some(), "{tool}/{v}/{name}: session id");
            assert!(
                b.events.iter().all(|e| e.session_id == first.session_id),
                "{tool}/{v}/{name}: one session"
            );
            if let EventKind::SessionStart {
                cwd, tool_version, ..
            } = &first.kind
            {
                assert!(
                    cwd.is_some() && tool_version.is_some(),
                    "{tool}/{v}/{name}: cwd and version"
                );
            }
        }
    }
}

#[test]
fn decision_then_edits_edits_both_files() {
    for (tool, v) in VERSIONS {
        let (_, b) = load(tool, v, "decision_then_edits");
        let paths: Vec<&str> = edits(&b).iter().map(|(_, d, _)| d.path.as_str()).collect();
        assert!(
            paths.iter().any(|p| p.ends_with("Cargo.toml")),
            "{tool}/{v}: {paths:?}"
        );
        assert!(
            paths.iter().any(|p| p.ends_with("src/cache.rs")),
            "{tool}/{v}: {paths:?}"
        );
        for (_, d, _) in edits(&b) {
            assert!(
                d.added_lines + d.removed_lines > 0,
                "{tool}/{v}: empty diff for {}",
                d.path
            );
            assert!(d.unified.starts_with("--- "), "{tool}/{v}: unified header");
        }
        let turns = person_turns(&b);
        assert!(
            turns.iter().any(|t| t.contains("SQLite")),
            "{tool}/{v}: the decision turn is the person's: {turns:?}"
        );
    }
}

#[test]
fn ban_has_one_edit_and_the_ban_turn() {
    for (tool, v) in VERSIONS {
        let (_, b) = load(tool, v, "ban");
        let e = edits(&b);
        assert_eq!(e.len(), 1, "{tool}/{v}");
        assert!(e[0].1.path.ends_with("SearchBox.tsx"));
        assert!(
            person_turns(&b)
                .iter()
                .any(|t| t.contains("Never add a dependency on lodash")),
            "{tool}/{v}"
        );
    }
}

#[test]
fn rejected_alternative_keeps_the_rejection_turn() {
    for (tool, v) in VERSIONS {
        let (_, b) = load(tool, v, "rejected_alternative");
        assert!(
            person_turns(&b)
                .iter()
                .any(|t| t.contains("don't use Redis")),
            "{tool}/{v}"
        );
        assert!(edits(&b).len() >= 2, "{tool}/{v}");
    }
}

#[test]
fn interleaved_arcs_have_three_person_turns_with_edits_between() {
    for (tool, v) in VERSIONS {
        let (_, b) = load(tool, v, "interleaved_arcs");
        assert!(
            person_turns(&b).len() >= 3,
            "{tool}/{v}: {:?}",
            person_turns(&b)
        );
        // Edits happen after each of the first two person turns.
        let mut seen_turns = 0;
        let mut edits_after = [0usize; 3];
        for e in &b.events {
            match &e.kind {
                EventKind::UserTurn { injected: None, .. } if e.agent_id.is_none() => {
                    seen_turns += 1
                }
                EventKind::FileEdit { .. } if seen_turns > 0 => {
                    edits_after[(seen_turns - 1).min(2)] += 1
                }
                _ => {}
            }
        }
        assert!(
            edits_after.iter().filter(|&&n| n > 0).count() >= 2,
            "{tool}/{v}: {edits_after:?}"
        );
    }
}

#[test]
fn multi_file_edit_yields_one_edit_per_file() {
    for (tool, v) in VERSIONS {
        let (_, b) = load(tool, v, "multi_file_edit");
        let e = edits(&b);
        if tool == "codex" {
            assert_eq!(e.len(), 3, "{tool}/{v}");
            assert!(
                e.iter().all(|(c, _, _)| *c == e[0].0),
                "{tool}/{v}: one apply_patch call"
            );
            let ops: Vec<&str> = e.iter().map(|(_, d, _)| d.op.as_deref().unwrap()).collect();
            assert!(
                ops.contains(&"add") && ops.contains(&"delete"),
                "{tool}/{v}: {ops:?}"
            );
            if v == "v0_63" {
                let mv = e
                    .iter()
                    .find(|(_, d, _)| d.op.as_deref() == Some("move"))
                    .expect("a move");
                assert!(mv
                    .1
                    .move_to
                    .as_deref()
                    .is_some_and(|p| p.ends_with("site_config.py")));
            }
            for (_, d, _) in &e {
                if d.op.as_deref() == Some("add") {
                    assert!(d.new.is_some() && d.added_lines > 0 && d.removed_lines == 0);
                }
            }
        } else {
            assert!(e.len() >= 2, "{tool}/{v}");
            assert!(
                e.iter().any(|(_, d, _)| d.op.as_deref() == Some("add")),
                "{tool}/{v}: the Write of a new file"
            );
        }
    }
}

#[test]
fn failed_and_rejected_edits_produce_no_file_edit() {
    for (tool, v) in VERSIONS {
        let (_, b) = load(tool, v, "failed_edit");
        let failed: Vec<&str> = b
            .events
            .iter()
            .filter_map(|e| match &e.kind {
                EventKind::ToolResult {
                    call_id, ok: false, ..
                } => Some(call_id.as_str()),
                _ => None,
            })
            .collect();
        assert!(!failed.is_empty(), "{tool}/{v}: a failed result");
        if tool == "claude_code" {
            assert!(
                failed.len() >= 2,
                "{tool}/{v}: the failed and the rejected edit"
            );
        }
        let e = edits(&b);
        assert_eq!(e.len(), 1, "{tool}/{v}: only the retry lands");
        assert!(e.iter().all(|(c, _, _)| !failed.contains(c)), "{tool}/{v}");
    }
}

#[test]
fn compaction_is_marked() {
    for (tool, v) in VERSIONS {
        let (_, b) = load(tool, v, "compaction");
        if (tool, v) == ("claude_code", "v1_0") {
            // 1.0.x leaves `summary` lines and a continuation message.
            assert!(b.events.iter().any(
                |e| matches!(&e.kind, EventKind::Unknown { raw_type, .. } if raw_type == "summary")
            ));
        } else {
            assert_eq!(count(&b, "compaction"), 1, "{tool}/{v}");
            let (seq, replaced) = b
                .events
                .iter()
                .find_map(|e| match &e.kind {
                    EventKind::Compaction { replaced, .. } => Some((e.seq, *replaced)),
                    _ => None,
                })
                .unwrap();
            assert_eq!(
                replaced.end, seq,
                "{tool}/{v}: replaces everything before it"
            );
        }
        if tool == "claude_code" {
            assert!(
                b.events.iter().any(|e| matches!(
                    &e.kind,
                    EventKind::UserTurn {
                        injected: Some(Injected::CompactSummary),
                        ..
                    }
                )),
                "{tool}/{v}: the summary is marked as injected"
            );
        }
        assert!(
            edits(&b).len() >= 2,
            "{tool}/{v}: edits after the compaction"
        );
    }
}

#[test]
fn subagent_work_is_attributed() {
    // Claude 1.0.x: inline sidechain named after the Task call.
    let (_, b) = load("claude_code", "v1_0", "subagent");
    let task_call = b
        .events
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::ToolCall { call_id, name, .. } if name == "Task" => Some(call_id.clone()),
            _ => None,
        })
        .expect("a Task call");
    let e = edits(&b);
    assert_eq!(e.len(), 1);
    assert_eq!(
        e[0].2,
        Some(task_call.as_str()),
        "the edit belongs to the Task's agent"
    );
    assert!(
        b.events
            .iter()
            .any(|e| e.agent_id.is_none() && e.kind.name() == "assistant_turn"),
        "the main thread stays separate"
    );

    // Claude 2.x: a separate file whose lines carry agentId.
    let (_, b) = load("claude_code", "v2_1", "subagent.agent-a5de1fe");
    let e = edits(&b);
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].2, Some("a5de1fe"));
    assert_eq!(
        count(&b, "session_start"),
        0,
        "a subagent file does not start a session"
    );
    let (_, main) = load("claude_code", "v2_1", "subagent");
    assert!(main.events.iter().all(|e| e.agent_id.is_none()));

    // Codex: a /review child session.
    for v in ["v0_63", "v0_118"] {
        let (_, b) = load("codex", v, "subagent");
        assert!(
            b.events
                .iter()
                .all(|e| e.agent_id.as_deref() == Some("review")),
            "codex/{v}"
        );
    }
}

#[test]
fn no_commitment_has_no_edit() {
    for (tool, v) in VERSIONS {
        let (_, b) = load(tool, v, "no_commitment");
        assert!(edits(&b).is_empty(), "{tool}/{v}");
        assert!(count(&b, "tool_call") >= 3, "{tool}/{v}");
    }
}

#[test]
fn claude_streamed_responses_are_one_turn_with_usage_once() {
    for v in ["v1_0", "v2_1"] {
        let (bytes, b) = load("claude_code", v, "decision_then_edits");
        let text = String::from_utf8(bytes).unwrap();
        let mut ids: Vec<String> = text
            .lines()
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
            .filter(|v| v["type"] == "assistant")
            .map(|v| v["message"]["id"].as_str().unwrap().to_owned())
            .collect();
        let lines = ids.len();
        ids.dedup();
        let turns: Vec<_> = b
            .events
            .iter()
            .filter(|e| e.kind.name() == "assistant_turn")
            .collect();
        assert_eq!(turns.len(), ids.len(), "{v}: one turn per message id");
        assert!(
            lines > turns.len(),
            "{v}: the fixture streams some responses over several lines"
        );
        for t in turns {
            if let EventKind::AssistantTurn {
                usage, message_id, ..
            } = &t.kind
            {
                assert!(usage.is_some() && message_id.is_some());
            }
        }
    }
}

#[test]
fn codex_injected_context_is_marked_and_model_known() {
    for v in ["v0_63", "v0_118"] {
        let (_, b) = load("codex", v, "decision_then_edits");
        assert!(b.events.iter().any(|e| matches!(
            &e.kind,
            EventKind::UserTurn {
                injected: Some(Injected::EnvironmentContext),
                ..
            }
        )));
        match &b.events[0].kind {
            EventKind::SessionStart { model, .. } => {
                assert!(model.is_some(), "codex/{v}: model from turn_context")
            }
            other => panic!("{other:?}"),
        }
        for e in &b.events {
            if let EventKind::AssistantTurn { model, .. } = &e.kind {
                assert!(model.is_some());
            }
        }
    }
    // 0.34 has no turn_context: the model is unknown, not invented.
    let (_, b) = load("codex", "v0_34", "decision_then_edits");
    assert!(matches!(
        &b.events[0].kind,
        EventKind::SessionStart { model: None, .. }
    ));
    // token counts become usage, and event_msg mirrors are not second turns.
    let with_usage = b
        .events
        .iter()
        .filter(|e| matches!(&e.kind, EventKind::AssistantTurn { usage: Some(_), .. }))
        .count();
    assert!(with_usage > 0);
    assert!(b
        .diagnostics
        .iter()
        .any(|d| d.diagnostic == memscribe::DiagnosticKind::Duplicate));
}

#[test]
fn codex_pre_session_meta_layout_is_read() {
    let (bytes, b) = load("codex", "legacy", "decision_then_edits");
    assert_eq!(memscribe::detect(&bytes), Some(SourceKind::Codex));
    match &b.events[0].kind {
        EventKind::SessionStart { cwd, git, .. } => {
            // The header has no cwd; the environment context names it.
            assert_eq!(cwd.as_deref(), Some("/home/ines/code/kelpie"));
            assert_eq!(git.as_ref().and_then(|g| g.branch.as_deref()), Some("main"));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        b.events[0].session_id.as_deref(),
        Some("5b0c1e2a-7d41-4f0e-9a55-1c2d3e4f5a6b")
    );
    assert_eq!(person_turns(&b).len(), 1);
    let paths: Vec<&str> = edits(&b).iter().map(|(_, d, _)| d.path.as_str()).collect();
    assert_eq!(paths, ["src/window.rs", "src/ring.rs"]);
    // The raw reasoning is the turn's thinking; the state markers are noted, not lost.
    assert!(b.events.iter().any(|e| matches!(&e.kind, EventKind::AssistantTurn { thinking: Some(t), .. } if t.contains("VecDeque"))));
    let markers = bytes
        .split(|&c| c == b'\n')
        .filter(|l| l == b"{\"record_type\":\"state\"}")
        .count();
    let empty = b
        .diagnostics
        .iter()
        .filter(|d| d.diagnostic == memscribe::DiagnosticKind::Empty)
        .count();
    assert_eq!(empty, markers);
    assert!(
        b.events.iter().all(|e| e.kind.name() != "unknown"),
        "every legacy record is understood"
    );
    // No timestamp is invented for the bare items.
    assert!(b.events.iter().skip(1).all(|e| e.timestamp.is_none()));

    let (_, b) = load("codex", "legacy", "failed_edit");
    assert_eq!(edits(&b).len(), 1, "only the last patch applied");
}

/// One Codex rollout whose patch calls fail in every form Codex writes, then
/// one that succeeds: only the last makes a file edit and an episode.
#[test]
fn codex_failed_patches_in_every_form_make_no_edit() {
    let patch = "*** Begin Patch\n*** Add File: notes.md\n+hello\n*** End Patch";
    let heredoc = format!("apply_patch <<'EOF'\n{patch}\nEOF");
    let outputs = [
        serde_json::json!("failed in sandbox LinuxSeccomp with execution error: sandbox denied exec error, exit code: 1, stdout: , stderr: Failed to find expected lines in notes.md"),
        serde_json::json!("apply_patch verification failed: Failed to find expected lines in /r/notes.md"),
        serde_json::json!("error: invalid hunk at line 2, Update file hunk for path 'notes.md' is empty"),
        serde_json::json!("patch rejected by user"),
        serde_json::json!({"content": "patch rejected by user", "success": false}),
        serde_json::json!("exec command rejected by user"),
        serde_json::json!("Chunk ID: 1a2b3c\nWall time: 0.05 seconds\nProcess exited with code 1\nOriginal token count: 9\nOutput:\nFailed to find expected lines\n"),
        serde_json::json!("Exit code: 1\nWall time: 0.1 seconds\nOutput:\nInvalid patch\n"),
        serde_json::json!("{\"output\":\"Failed to find expected lines\",\"metadata\":{\"exit_code\":1,\"duration_seconds\":0.0}}"),
        serde_json::json!("Wall time: 400.0 seconds\naborted by user"),
        serde_json::json!("{\"output\":\"Success. Updated the following files:\\nA notes.md\\n\",\"metadata\":{\"exit_code\":0,\"duration_seconds\":0.0}}"),
    ];
    let mut lines = vec![
        r#"{"timestamp":"2025-10-01T10:00:00.000Z","type":"session_meta","payload":{"id":"s-forms","cwd":"/r","cli_version":"0.63.0"}}"#.to_owned(),
        r#"{"timestamp":"2025-10-01T10:00:01.000Z","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"Let's add notes.md."}]}}"#.to_owned(),
    ];
    for (i, output) in outputs.iter().enumerate() {
        let ts = format!("2025-10-01T10:00:{:02}.000Z", i + 2);
        let item = match i % 3 {
            0 => {
                serde_json::json!({"type": "custom_tool_call", "name": "apply_patch", "call_id": format!("c{i}"), "input": patch})
            }
            1 => {
                serde_json::json!({"type": "function_call", "name": "shell", "call_id": format!("c{i}"),
                                    "arguments": serde_json::json!({"command": ["bash", "-lc", heredoc]}).to_string()})
            }
            _ => {
                serde_json::json!({"type": "function_call", "name": "exec_command", "call_id": format!("c{i}"),
                                    "arguments": serde_json::json!({"cmd": heredoc}).to_string()})
            }
        };
        let out_ty = if i % 3 == 0 {
            "custom_tool_call_output"
        } else {
            "function_call_output"
        };
        lines.push(
            serde_json::json!({"timestamp": ts, "type": "response_item", "payload": item})
                .to_string(),
        );
        lines.push(
            serde_json::json!({"timestamp": ts, "type": "response_item",
                               "payload": {"type": out_ty, "call_id": format!("c{i}"), "output": output}})
            .to_string(),
        );
    }
    let bytes = (lines.join("\n") + "\n").into_bytes();
    let b = parse_both(&bytes, SourceKind::Codex);
    check_invariants(&bytes, &b, "failure forms");
    let last = format!("c{}", outputs.len() - 1);
    let edited: Vec<&str> = edits(&b).iter().map(|(c, _, _)| *c).collect();
    assert_eq!(
        edited,
        [last.as_str()],
        "only the successful patch is an edit"
    );
    let episodes = episode_calls(&b);
    assert_eq!(
        episodes,
        [last.as_str()],
        "only the successful patch is an episode"
    );
    let failed = b
        .events
        .iter()
        .filter(|e| matches!(&e.kind, EventKind::ToolResult { ok: false, .. }))
        .count();
    assert_eq!(
        failed,
        outputs.len() - 1,
        "every failure form is a failed result"
    );
}

/// A Claude Code response with parallel tool calls is written as several
/// lines interrupted by the tool results; its usage counts once, as the
/// last line reports it.
#[test]
fn claude_usage_counts_once_per_response_across_tool_results() {
    let env = r#""sessionId":"s-par","cwd":"/r","version":"2.0.57","isSidechain":false,"userType":"external""#;
    let asst = |uuid: &str, parent: &str, block: &str, out: u64| {
        format!(
            r#"{{"type":"assistant","uuid":"{uuid}","parentUuid":"{parent}",{env},"timestamp":"2025-11-01T10:00:0{}.000Z","message":{{"id":"msg_par","type":"message","role":"assistant","model":"claude-sonnet-4-5-20250929","content":[{block}],"usage":{{"input_tokens":10,"cache_read_input_tokens":5000,"cache_creation_input_tokens":300,"output_tokens":{out}}}}}}}"#,
            uuid.len() % 10
        )
    };
    let result = |uuid: &str, parent: &str, id: &str| {
        format!(
            r#"{{"type":"user","uuid":"{uuid}","parentUuid":"{parent}",{env},"timestamp":"2025-11-01T10:00:05.000Z","message":{{"role":"user","content":[{{"type":"tool_result","tool_use_id":"{id}","content":"ok"}}]}}}}"#
        )
    };
    let tool = |id: &str| {
        format!(
            r#"{{"type":"tool_use","id":"{id}","name":"Read","input":{{"file_path":"/r/{id}"}}}}"#
        )
    };
    let lines = [
        format!(
            r#"{{"type":"user","uuid":"u0","parentUuid":null,{env},"timestamp":"2025-11-01T10:00:00.000Z","message":{{"role":"user","content":"Read the three files."}}}}"#
        ),
        asst("a1", "u0", r#"{"type":"text","text":"Reading them."}"#, 5),
        asst("a2", "a1", &tool("t1"), 5),
        result("r1", "a2", "t1"),
        asst("a3", "r1", &tool("t2"), 5),
        result("r2", "a3", "t2"),
        asst("a4", "r2", &tool("t3"), 212),
        result("r3", "a4", "t3"),
    ];
    let bytes = (lines.join("\n") + "\n").into_bytes();
    let b = parse(&bytes, SourceKind::ClaudeCode);
    check_invariants(&bytes, &b, "parallel tools");
    assert_eq!(
        count(&b, "assistant_turn"),
        3,
        "the response is split by its tool results"
    );
    assert_eq!(
        usage_total(&b),
        memscribe::Usage {
            input_tokens: 10,
            output_tokens: 212,
            cache_read_tokens: 5000,
            cache_creation_tokens: 300
        },
        "one usage per message.id"
    );
}

/// Codex 0.63+ writes every token count twice (after the response, and again
/// before the next); a count no response item claims (a review run, an
/// aborted turn) still reaches the stream, once.
#[test]
fn codex_usage_counts_each_token_count_once() {
    let tc = |ts: u32, last: u64, total: u64| {
        format!(
            r#"{{"timestamp":"2025-11-01T10:00:{ts:02}.000Z","type":"event_msg","payload":{{"type":"token_count","info":{{"total_token_usage":{{"input_tokens":{},"cached_input_tokens":0,"output_tokens":{total},"total_tokens":{}}},"last_token_usage":{{"input_tokens":100,"cached_input_tokens":0,"output_tokens":{last},"total_tokens":{}}}}}}}}}"#,
            total * 10,
            total * 11,
            100 + last
        )
    };
    let item = |ts: u32, payload: &str| {
        format!(
            r#"{{"timestamp":"2025-11-01T10:00:{ts:02}.000Z","type":"response_item","payload":{payload}}}"#
        )
    };
    let lines = [
        r#"{"timestamp":"2025-11-01T10:00:00.000Z","type":"session_meta","payload":{"id":"s-tc","cwd":"/r","cli_version":"0.106.0"}}"#.to_owned(),
        item(1, r#"{"type":"message","role":"user","content":[{"type":"input_text","text":"List the files."}]}"#),
        item(2, r#"{"type":"function_call","name":"exec_command","arguments":"{\"cmd\":\"ls\"}","call_id":"c1"}"#),
        tc(3, 40, 40),
        item(4, r#"{"type":"function_call_output","call_id":"c1","output":"Process exited with code 0\nOutput:\na\n"}"#),
        tc(5, 40, 40),
        item(6, r#"{"type":"message","role":"assistant","content":[{"type":"output_text","text":"One file: a."}]}"#),
        tc(7, 30, 70),
        tc(8, 30, 70),
        r#"{"timestamp":"2025-11-01T10:00:09.000Z","type":"event_msg","payload":{"type":"entered_review_mode"}}"#.to_owned(),
        tc(10, 500, 570),
        r#"{"timestamp":"2025-11-01T10:00:11.000Z","type":"event_msg","payload":{"type":"exited_review_mode"}}"#.to_owned(),
    ];
    let bytes = (lines.join("\n") + "\n").into_bytes();
    let b = parse(&bytes, SourceKind::Codex);
    check_invariants(&bytes, &b, "token counts");
    assert_eq!(
        usage_total(&b).output_tokens,
        570,
        "the running total, each count once"
    );
    let repeats = b
        .diagnostics
        .iter()
        .filter(|d| d.diagnostic == memscribe::DiagnosticKind::Duplicate)
        .count();
    assert_eq!(repeats, 2, "the two re-emissions are noted as duplicates");
}

/// A source that repeats its own ids (a scrubbed file with one placeholder
/// on every record, a line written twice) still yields unique event ids;
/// the first keeps the tool's id.
#[test]
fn repeated_source_ids_become_unique_event_ids() {
    let line = |n: u32| {
        format!(
            r#"{{"type":"user","uuid":"same","parentUuid":null,"sessionId":"s-dup","cwd":"/r","timestamp":"2025-11-01T10:00:0{n}.000Z","message":{{"role":"user","content":"turn {n}"}}}}"#
        )
    };
    let bytes = [line(1), line(2), line(2)].join("\n").into_bytes();
    let b = parse(&bytes, SourceKind::ClaudeCode);
    check_invariants(&bytes, &b, "repeated ids");
    let ids: Vec<&str> = b
        .events
        .iter()
        .filter(|e| e.kind.name() == "user_turn")
        .map(|e| e.event_id.as_str())
        .collect();
    assert_eq!(ids, ["same", "same@2", "same@3"]);
    // Node ids follow: two decisions-worth of turns never share an id.
    let codex = [
        r#"{"timestamp":"t","type":"session_meta","payload":{"id":"s","cwd":"/r"}}"#,
        r#"{"timestamp":"t","type":"response_item","payload":{"type":"message","id":"x","role":"user","content":[{"type":"input_text","text":"Let's use SQLite for the cache."}]}}"#,
        r#"{"timestamp":"t","type":"response_item","payload":{"type":"message","id":"x","role":"user","content":[{"type":"input_text","text":"Let's use Postgres for the queue."}]}}"#,
    ]
    .join("\n");
    let nodes = memscribe::parse(
        codex.as_bytes(),
        &memscribe::Options::default().with_source(SourceKind::Codex),
    )
    .unwrap();
    let mut ids: Vec<&str> = nodes.nodes.iter().map(|n| n.id()).collect();
    assert!(ids.len() >= 2, "{ids:?}");
    let all = ids.len();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), all, "node ids are unique");
}

/// Aider's architect mode hands the planning model's answer to the editing
/// model as a user message, so the history shows the reply again as the
/// person's turn. The echo is not the person's: its rules make no decision,
/// while the person's own words before it still do.
#[test]
fn an_assistant_reply_handed_back_as_a_user_turn_decides_nothing() {
    let reply = "We will never call the payments API directly; every request goes through \
                 the client wrapper, which retries with backoff and logs the status of each \
                 call. Use httpx for the wrapper instead of requests, since it supports async.";
    let history = format!(
        "# aider chat started at 2025-01-01 10:00:00\n\n\
         #### use httpx, not requests, for every outgoing call  \n\n\
         {reply}\n\n\
         #### {reply}  \n\n\
         Applied the edit to client.py.\n"
    );
    let b = parse_both(history.as_bytes(), SourceKind::Aider);
    let turns = person_turns(&b);
    assert_eq!(turns.len(), 2, "{turns:?}");
    let decided: Vec<&str> = b
        .nodes
        .iter()
        .filter_map(|n| match n {
            memscribe::PreparedNode::Decision(d) => Some(d.epitome.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(decided.len(), 1, "{decided:?}");
    assert!(
        decided[0].contains("use httpx, not requests"),
        "{decided:?}"
    );
}
