//! Cross-tool conformance: the same canonical scenarios, written as fixtures
//! in each tool's own format, normalize to the same shapes of events and
//! nodes. A decision followed by edits gives a decision node, a `file_edit`
//! per successful edit, episodes, and a `governs` binding from the decision
//! to the edits (with `t_use <= t_gen`); a failed edit gives a result that
//! is not ok and no `file_edit` for that call; a rewind or a compaction
//! gives its event.

use std::path::{Path, PathBuf};

use memscribe::{Batch, EventKind, Options, OutputMode, PreparedNode};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .join("tests/fixtures")
}

fn parse(rel: &str) -> Batch {
    let mut opts = Options::default().with_output(OutputMode::Both);
    opts.redact = false;
    memscribe_io::parse_path(&root().join(rel), &opts).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

const DECISION_THEN_EDITS: &[&str] = &[
    "gemini/session_json/decision_then_edits.json",
    "gemini/session_jsonl/decision_then_edits.jsonl",
    "copilot/v1_0/decision_then_edits.jsonl",
    "vscode/chatreplay/decision_then_edits.chatreplay.json",
    "vscode/chat_sessions/decision_then_edits.json",
    "cline/v3/decision_then_edits",
    "cline/v2_xml/decision_then_edits",
    "roo_code/v3/decision_then_edits",
    "amp/v5/decision_then_edits.json",
    "aider/v0_85/decision_then_edits.md",
];

const FAILED_EDIT: &[&str] = &[
    "gemini/session_json/failed_edit.json",
    "gemini/session_jsonl/failed_edit.jsonl",
    "copilot/v1_0/failed_edit.jsonl",
    "vscode/chatreplay/failed_edit.chatreplay.json",
    "cline/v3/failed_edit",
    "amp/v5/failed_edit.json",
    "aider/v0_85/failed_edit.md",
];

#[test]
fn a_decision_then_edits_is_the_same_everywhere() {
    for rel in DECISION_THEN_EDITS {
        let b = parse(rel);
        let kinds: Vec<&str> = b.events.iter().map(|e| e.kind.name()).collect();
        assert_eq!(kinds.first(), Some(&"session_start"), "{rel}");
        assert!(
            kinds.contains(&"user_turn") && kinds.contains(&"assistant_turn"),
            "{rel}: {kinds:?}"
        );
        let edits = kinds.iter().filter(|k| **k == "file_edit").count();
        assert!(edits >= 1, "{rel}: no file_edit");
        let decisions: Vec<_> = b
            .nodes
            .iter()
            .filter_map(|n| {
                if let PreparedNode::Decision(d) = n {
                    Some(d)
                } else {
                    None
                }
            })
            .collect();
        assert_eq!(decisions.len(), 1, "{rel}: decisions");
        // The epitome is the person's words.
        let said = b.events.iter().any(|e| matches!(&e.kind, EventKind::UserTurn { text, .. } if text.contains(decisions[0].epitome.trim_end_matches('.'))));
        assert!(
            said,
            "{rel}: epitome {:?} is not in a user turn",
            decisions[0].epitome
        );
        let episodes = b
            .nodes
            .iter()
            .filter(|n| matches!(n, PreparedNode::Episode(_)))
            .count();
        assert!(episodes >= 1, "{rel}: no episode");
        let bindings: Vec<_> = b
            .nodes
            .iter()
            .filter_map(|n| {
                if let PreparedNode::Binding(x) = n {
                    Some(x)
                } else {
                    None
                }
            })
            .collect();
        assert!(
            !bindings.is_empty(),
            "{rel}: no binding from the decision to the edits"
        );
        for x in bindings {
            if let (Some(u), Some(g)) = (&x.prov.t_use, &x.prov.t_gen) {
                assert!(u <= g, "{rel}: t_use {u} > t_gen {g}");
            }
        }
        // Every file_edit answers a successful result of its call.
        for e in &b.events {
            if let EventKind::FileEdit { call_id, .. } = &e.kind {
                let ok = b.events.iter().any(|r| matches!(&r.kind, EventKind::ToolResult { call_id: c, ok: true, .. } if c == call_id));
                assert!(
                    ok,
                    "{rel}: file_edit of {call_id} without a successful result"
                );
            }
        }
    }
}

#[test]
fn a_failed_edit_makes_no_file_edit_anywhere() {
    for rel in FAILED_EDIT {
        let b = parse(rel);
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
        assert!(!failed.is_empty(), "{rel}: no failed result");
        for e in &b.events {
            if let EventKind::FileEdit { call_id, .. } = &e.kind {
                assert!(
                    !failed.contains(&call_id.as_str()),
                    "{rel}: file_edit for the failed call {call_id}"
                );
            }
        }
        // The retry succeeds.
        assert!(
            b.events.iter().any(|e| e.kind.name() == "file_edit"),
            "{rel}: no successful retry"
        );
    }
}

#[test]
fn rewinds_compactions_and_subagents_keep_their_shape() {
    let b = parse("gemini/session_jsonl/rewind.jsonl");
    assert!(
        b.events.iter().any(|e| e.kind.name() == "rewind"),
        "gemini rewind"
    );
    let b = parse("copilot/v1_0/compaction.jsonl");
    assert!(b.events.iter().any(|e| matches!(&e.kind, EventKind::Compaction { replaced, .. } if replaced.start < replaced.end)), "copilot compaction");
    let b = parse("copilot/v1_0/subagent.jsonl");
    assert!(
        b.events.iter().any(|e| e.agent_id.is_some()),
        "copilot subagent events carry agent_id"
    );
    for rel in ["gemini/session_json/subagent.json", "amp/v5/subagent.json"] {
        let b = parse(rel);
        let names = ["codebase_investigator", "Task"];
        assert!(
            b.events.iter().any(|e| matches!(&e.kind, EventKind::ToolCall { name, .. } if names.contains(&name.as_str()))),
            "{rel}: the subagent's call"
        );
    }
}
