//! What each fixture scenario must produce, checked for every tool and
//! version — the reviewed meaning behind the golden files.

mod common;

use common::*;
use memscribe::{Batch, EventKind, Injected, SourceKind};

fn load(tool: &str, version: &str, name: &str) -> (Vec<u8>, Batch) {
    let path = root().join("tests/fixtures").join(tool).join(version).join(format!("{name}.jsonl"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let kind = SourceKind::from_slug(tool).unwrap();
    let batch = parse(&bytes, kind);
    check_invariants(&bytes, &batch, &path.display().to_string());
    (bytes, batch)
}

const VERSIONS: [(&str, &str); 5] =
    [("claude_code", "v1_0"), ("claude_code", "v2_1"), ("codex", "v0_34"), ("codex", "v0_63"), ("codex", "v0_118")];

fn edits(b: &Batch) -> Vec<(&str, &memscribe::Diff, Option<&str>)> {
    b.events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::FileEdit { call_id, diff } => Some((call_id.as_str(), diff, e.agent_id.as_deref())),
            _ => None,
        })
        .collect()
}

/// User turns the person typed (not injected by the tool or a parent agent).
fn person_turns(b: &Batch) -> Vec<&str> {
    b.events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::UserTurn { text, injected: None, .. } if e.agent_id.is_none() => Some(text.as_str()),
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
            assert!(b.events.iter().all(|e| e.session_id == first.session_id), "{tool}/{v}/{name}: one session");
            if let EventKind::SessionStart { cwd, tool_version, .. } = &first.kind {
                assert!(cwd.is_some() && tool_version.is_some(), "{tool}/{v}/{name}: cwd and version");
            }
        }
    }
}

#[test]
fn decision_then_edits_edits_both_files() {
    for (tool, v) in VERSIONS {
        let (_, b) = load(tool, v, "decision_then_edits");
        let paths: Vec<&str> = edits(&b).iter().map(|(_, d, _)| d.path.as_str()).collect();
        assert!(paths.iter().any(|p| p.ends_with("Cargo.toml")), "{tool}/{v}: {paths:?}");
        assert!(paths.iter().any(|p| p.ends_with("src/cache.rs")), "{tool}/{v}: {paths:?}");
        for (_, d, _) in edits(&b) {
            assert!(d.added_lines + d.removed_lines > 0, "{tool}/{v}: empty diff for {}", d.path);
            assert!(d.unified.starts_with("--- "), "{tool}/{v}: unified header");
        }
        let turns = person_turns(&b);
        assert!(turns.iter().any(|t| t.contains("SQLite")), "{tool}/{v}: the decision turn is the person's: {turns:?}");
    }
}

#[test]
fn ban_has_one_edit_and_the_ban_turn() {
    for (tool, v) in VERSIONS {
        let (_, b) = load(tool, v, "ban");
        let e = edits(&b);
        assert_eq!(e.len(), 1, "{tool}/{v}");
        assert!(e[0].1.path.ends_with("SearchBox.tsx"));
        assert!(person_turns(&b).iter().any(|t| t.contains("Never add a dependency on lodash")), "{tool}/{v}");
    }
}

#[test]
fn rejected_alternative_keeps_the_rejection_turn() {
    for (tool, v) in VERSIONS {
        let (_, b) = load(tool, v, "rejected_alternative");
        assert!(person_turns(&b).iter().any(|t| t.contains("don't use Redis")), "{tool}/{v}");
        assert!(edits(&b).len() >= 2, "{tool}/{v}");
    }
}

#[test]
fn interleaved_arcs_have_three_person_turns_with_edits_between() {
    for (tool, v) in VERSIONS {
        let (_, b) = load(tool, v, "interleaved_arcs");
        assert!(person_turns(&b).len() >= 3, "{tool}/{v}: {:?}", person_turns(&b));
        // Edits happen after each of the first two person turns.
        let mut seen_turns = 0;
        let mut edits_after = [0usize; 3];
        for e in &b.events {
            match &e.kind {
                EventKind::UserTurn { injected: None, .. } if e.agent_id.is_none() => seen_turns += 1,
                EventKind::FileEdit { .. } if seen_turns > 0 => edits_after[(seen_turns - 1).min(2)] += 1,
                _ => {}
            }
        }
        assert!(edits_after.iter().filter(|&&n| n > 0).count() >= 2, "{tool}/{v}: {edits_after:?}");
    }
}

#[test]
fn multi_file_edit_yields_one_edit_per_file() {
    for (tool, v) in VERSIONS {
        let (_, b) = load(tool, v, "multi_file_edit");
        let e = edits(&b);
        if tool == "codex" {
            assert_eq!(e.len(), 3, "{tool}/{v}");
            assert!(e.iter().all(|(c, _, _)| *c == e[0].0), "{tool}/{v}: one apply_patch call");
            let ops: Vec<&str> = e.iter().map(|(_, d, _)| d.op.as_deref().unwrap()).collect();
            assert!(ops.contains(&"add") && ops.contains(&"delete"), "{tool}/{v}: {ops:?}");
            if v == "v0_63" {
                let mv = e.iter().find(|(_, d, _)| d.op.as_deref() == Some("move")).expect("a move");
                assert!(mv.1.move_to.as_deref().is_some_and(|p| p.ends_with("site_config.py")));
            }
            for (_, d, _) in &e {
                if d.op.as_deref() == Some("add") {
                    assert!(d.new.is_some() && d.added_lines > 0 && d.removed_lines == 0);
                }
            }
        } else {
            assert!(e.len() >= 2, "{tool}/{v}");
            assert!(e.iter().any(|(_, d, _)| d.op.as_deref() == Some("add")), "{tool}/{v}: the Write of a new file");
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
                EventKind::ToolResult { call_id, ok: false, .. } => Some(call_id.as_str()),
                _ => None,
            })
            .collect();
        assert!(!failed.is_empty(), "{tool}/{v}: a failed result");
        if tool == "claude_code" {
            assert!(failed.len() >= 2, "{tool}/{v}: the failed and the rejected edit");
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
            assert!(b.events.iter().any(|e| matches!(&e.kind, EventKind::Unknown { raw_type, .. } if raw_type == "summary")));
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
            assert_eq!(replaced.end, seq, "{tool}/{v}: replaces everything before it");
        }
        if tool == "claude_code" {
            assert!(
                b.events.iter().any(|e| matches!(&e.kind, EventKind::UserTurn { injected: Some(Injected::CompactSummary), .. })),
                "{tool}/{v}: the summary is marked as injected"
            );
        }
        assert!(edits(&b).len() >= 2, "{tool}/{v}: edits after the compaction");
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
    assert_eq!(e[0].2, Some(task_call.as_str()), "the edit belongs to the Task's agent");
    assert!(b.events.iter().any(|e| e.agent_id.is_none() && e.kind.name() == "assistant_turn"), "the main thread stays separate");

    // Claude 2.x: a separate file whose lines carry agentId.
    let (_, b) = load("claude_code", "v2_1", "subagent.agent-a5de1fe");
    let e = edits(&b);
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].2, Some("a5de1fe"));
    assert_eq!(count(&b, "session_start"), 0, "a subagent file does not start a session");
    let (_, main) = load("claude_code", "v2_1", "subagent");
    assert!(main.events.iter().all(|e| e.agent_id.is_none()));

    // Codex: a /review child session.
    for v in ["v0_63", "v0_118"] {
        let (_, b) = load("codex", v, "subagent");
        assert!(b.events.iter().all(|e| e.agent_id.as_deref() == Some("review")), "codex/{v}");
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
        let turns: Vec<_> = b.events.iter().filter(|e| e.kind.name() == "assistant_turn").collect();
        assert_eq!(turns.len(), ids.len(), "{v}: one turn per message id");
        assert!(lines > turns.len(), "{v}: the fixture streams some responses over several lines");
        for t in turns {
            if let EventKind::AssistantTurn { usage, message_id, .. } = &t.kind {
                assert!(usage.is_some() && message_id.is_some());
            }
        }
    }
}

#[test]
fn codex_injected_context_is_marked_and_model_known() {
    for v in ["v0_63", "v0_118"] {
        let (_, b) = load("codex", v, "decision_then_edits");
        assert!(b.events.iter().any(|e| matches!(&e.kind, EventKind::UserTurn { injected: Some(Injected::EnvironmentContext), .. })));
        match &b.events[0].kind {
            EventKind::SessionStart { model, .. } => assert!(model.is_some(), "codex/{v}: model from turn_context"),
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
    assert!(matches!(&b.events[0].kind, EventKind::SessionStart { model: None, .. }));
    // token counts become usage, and event_msg mirrors are not second turns.
    let with_usage = b.events.iter().filter(|e| matches!(&e.kind, EventKind::AssistantTurn { usage: Some(_), .. })).count();
    assert!(with_usage > 0);
    assert!(b.diagnostics.iter().any(|d| d.diagnostic == memscribe::DiagnosticKind::Duplicate));
}
