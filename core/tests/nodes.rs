//! PreparedNodes: what each scenario must yield, for every tool and version,
//! and the node invariants on every fixture.

mod common;

use common::*;
use memscribe::{Batch, Options, OutputMode, PreparedNode, Relation, SourceKind};

const VERSIONS: [(&str, &str); 5] = [
    ("claude_code", "v1_0"),
    ("claude_code", "v2_1"),
    ("codex", "v0_34"),
    ("codex", "v0_63"),
    ("codex", "v0_118"),
];

fn load(tool: &str, version: &str, name: &str) -> Batch {
    let path = root()
        .join("tests/fixtures")
        .join(tool)
        .join(version)
        .join(format!("{name}.jsonl"));
    let bytes = std::fs::read(&path).unwrap();
    let b = parse_both(&bytes, SourceKind::from_slug(tool).unwrap());
    check_node_invariants(&b, &path.display().to_string());
    b
}

fn decisions(b: &Batch) -> Vec<&memscribe::Decision> {
    b.nodes
        .iter()
        .filter_map(|n| {
            if let PreparedNode::Decision(d) = n {
                Some(d)
            } else {
                None
            }
        })
        .collect()
}
fn episodes(b: &Batch) -> Vec<&memscribe::Episode> {
    b.nodes
        .iter()
        .filter_map(|n| {
            if let PreparedNode::Episode(e) = n {
                Some(e)
            } else {
                None
            }
        })
        .collect()
}
fn bindings(b: &Batch) -> Vec<&memscribe::Binding> {
    b.nodes
        .iter()
        .filter_map(|n| {
            if let PreparedNode::Binding(x) = n {
                Some(x)
            } else {
                None
            }
        })
        .collect()
}

#[test]
fn node_invariants_hold_on_every_fixture_and_chunking() {
    let mut rng = Rng(42);
    for (path, kind) in fixtures() {
        let bytes = std::fs::read(&path).unwrap();
        let name = path.display().to_string();
        let b = parse_both(&bytes, kind);
        check_node_invariants(&b, &name);
        let whole = ndjson_both(&b);
        assert_eq!(
            whole,
            ndjson_both(&parse_both(&bytes, kind)),
            "{name}: deterministic"
        );
        let opts = events_opts(kind).with_output(OutputMode::Both);
        for _ in 0..3 {
            let cuts = rng.cuts(bytes.len(), 8);
            assert_eq!(
                ndjson_both(&parse_chunked_with(&bytes, &opts, &cuts)),
                whole,
                "{name}: chunking"
            );
        }
        // Nodes mode yields the same nodes as both mode.
        let nodes_only =
            memscribe::parse(&bytes, &events_opts(kind).with_output(OutputMode::Nodes)).unwrap();
        assert_eq!(nodes_only.nodes, b.nodes, "{name}");
        assert!(nodes_only.events.is_empty());
    }
}

#[test]
fn one_episode_per_successful_edit() {
    for (tool, v) in VERSIONS {
        for name in [
            "decision_then_edits",
            "multi_file_edit",
            "failed_edit",
            "subagent",
        ] {
            let b = load(tool, v, name);
            let edits = b
                .events
                .iter()
                .filter(|e| e.kind.name() == "file_edit")
                .count();
            assert_eq!(episodes(&b).len(), edits, "{tool}/{v}/{name}");
        }
    }
}

#[test]
fn the_decision_binds_its_edits() {
    for (tool, v) in VERSIONS {
        let b = load(tool, v, "decision_then_edits");
        let d = decisions(&b);
        assert_eq!(
            d.len(),
            1,
            "{tool}/{v}: {:?}",
            d.iter().map(|d| &d.epitome).collect::<Vec<_>>()
        );
        assert!(
            d[0].epitome.contains("SQLite"),
            "{tool}/{v}: {}",
            d[0].epitome
        );
        let eps = episodes(&b);
        let binds = bindings(&b);
        assert_eq!(binds.len(), eps.len(), "{tool}/{v}: every edit bound");
        for x in binds {
            assert_eq!(x.from, d[0].id);
            assert_eq!(x.relation, Relation::Produced);
            assert_eq!(x.prov.used_decision.as_deref(), Some(d[0].id.as_str()));
        }
    }
}

#[test]
fn a_ban_governs_the_edit_made_under_it() {
    for (tool, v) in VERSIONS {
        let b = load(tool, v, "ban");
        let d = decisions(&b);
        assert!(
            d.iter().any(|d| d.is_ban),
            "{tool}/{v}: {:?}",
            d.iter().map(|d| &d.epitome).collect::<Vec<_>>()
        );
        let binds = bindings(&b);
        assert!(
            binds.iter().any(|x| x.relation == Relation::Governs),
            "{tool}/{v}"
        );
    }
}

#[test]
fn no_commitment_yields_no_decision_or_binding() {
    for (tool, v) in VERSIONS {
        let b = load(tool, v, "no_commitment");
        assert!(
            decisions(&b).is_empty(),
            "{tool}/{v}: {:?}",
            decisions(&b).iter().map(|d| &d.epitome).collect::<Vec<_>>()
        );
        assert!(bindings(&b).is_empty(), "{tool}/{v}");
        assert!(episodes(&b).is_empty(), "{tool}/{v}");
    }
}

#[test]
fn interleaved_arcs_bind_to_their_own_turn() {
    for (tool, v) in VERSIONS {
        let b = load(tool, v, "interleaved_arcs");
        // Every binding's source turn precedes its edit, and no later person turn
        // lies between them.
        let person_seqs: Vec<u64> = b
            .events
            .iter()
            .filter(|e| {
                matches!(
                    &e.kind,
                    memscribe::EventKind::UserTurn { injected: None, .. }
                ) && e.agent_id.is_none()
            })
            .map(|e| e.seq)
            .collect();
        let seq_of = |event_id: &str| {
            b.events
                .iter()
                .find(|e| e.event_id == event_id)
                .map(|e| e.seq)
                .unwrap()
        };
        for x in bindings(&b) {
            let from_event = x.from.split_once('@').unwrap().1;
            let to_event = x.to.split_once('@').unwrap().1;
            let (s, t) = (seq_of(from_event), seq_of(to_event));
            assert!(s < t, "{tool}/{v}");
            assert!(
                !person_seqs.iter().any(|&p| s < p && p < t),
                "{tool}/{v}: binding crosses an arc"
            );
        }
        assert!(
            !decisions(&b).is_empty(),
            "{tool}/{v}: the return to topic 1 decides something"
        );
    }
}

#[test]
fn failed_edits_have_no_episode_or_binding() {
    let versions = VERSIONS.iter().copied().chain([("codex", "legacy")]);
    let mut checked = 0;
    for (tool, v) in versions {
        let b = load(tool, v, "failed_edit");
        let failed: Vec<&str> = b
            .events
            .iter()
            .filter_map(|e| match &e.kind {
                memscribe::EventKind::ToolResult {
                    call_id, ok: false, ..
                } => Some(call_id.as_str()),
                _ => None,
            })
            .collect();
        assert!(
            !failed.is_empty(),
            "{tool}/{v}: the fixture has failed edits"
        );
        let eps = episodes(&b);
        assert_eq!(eps.len(), 1, "{tool}/{v}: only the retry is an episode");
        assert!(
            !failed.contains(&eps[0].call_id.as_str()),
            "{tool}/{v}: the episode is a failed call's"
        );
        // Every binding ends at that one episode: none at a failed edit.
        for x in bindings(&b) {
            assert_eq!(
                x.to, eps[0].id,
                "{tool}/{v}: a binding to something other than the successful edit"
            );
            checked += 1;
        }
    }
    assert!(
        checked >= 2,
        "the Claude fixtures bind the redirected retry to its decision"
    );
}

#[test]
fn subagent_edits_keep_their_attribution() {
    let b = load("claude_code", "v1_0", "subagent");
    let eps = episodes(&b);
    assert_eq!(eps.len(), 1);
    assert!(eps[0].agent_id.is_some());
    for x in bindings(&b) {
        assert_eq!(x.correlation, "subagent_arc");
    }
}

#[test]
fn nodes_stream_before_finish() {
    let path = root().join("tests/fixtures/claude_code/v1_0/interleaved_arcs.jsonl");
    let bytes = std::fs::read(path).unwrap();
    let mut s =
        memscribe::Session::new(Options::default().with_source(SourceKind::ClaudeCode)).unwrap();
    let fed = s.feed(&bytes).unwrap();
    assert!(
        fed.nodes.iter().any(|n| n.name() == "episode"),
        "episodes are final when the edit is seen"
    );
    let rest = s.finish().unwrap();
    assert!(
        rest.nodes.iter().all(|n| n.name() == "decision"),
        "only decisions wait for the end (supersession)"
    );
}

#[test]
fn ids_do_not_collide_across_sessions() {
    let a = std::fs::read(root().join("tests/fixtures/codex/v0_63/ban.jsonl")).unwrap();
    let text = String::from_utf8(a.clone()).unwrap();
    let sid = text
        .split("\"id\":\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .to_owned();
    let other = text.replace(&sid, "019aaaaa-0000-7000-8000-000000000000");
    let n1 = parse_both(&a, SourceKind::Codex);
    let n2 = parse_both(other.as_bytes(), SourceKind::Codex);
    // The same session under another id: the same nodes, none sharing an id.
    assert!(
        n1.nodes.len() >= 3,
        "the fixture yields nodes of several kinds"
    );
    assert_eq!(n1.nodes.len(), n2.nodes.len());
    let mut all: Vec<&str> = n1.nodes.iter().chain(&n2.nodes).map(|n| n.id()).collect();
    all.sort_unstable();
    all.dedup();
    assert_eq!(
        all.len(),
        2 * n1.nodes.len(),
        "an id is shared across the two sessions"
    );
    for (x, y) in n1.nodes.iter().zip(&n2.nodes) {
        assert_eq!(x.name(), y.name());
        assert!(
            x.id().starts_with(&sid) && y.id().starts_with("019aaaaa-"),
            "{} / {}",
            x.id(),
            y.id()
        );
    }
}

/// A 2.x session whose Task subagent (fed after the main file) edits a file
/// in the arc of an "anyhow" decision.
fn subagent_after_main() -> String {
    use serde_json::json;
    let sid = "7e57a6e4-0000-4000-8000-00000000a1a1";
    let env = |uuid: &str, parent: Option<&str>, ts: &str| json!({"sessionId": sid, "uuid": uuid, "parentUuid": parent, "timestamp": ts, "cwd": "/w", "version": "2.1.20", "isSidechain": false});
    let with = |mut base: serde_json::Value, extra: serde_json::Value| {
        for (k, v) in extra.as_object().unwrap() {
            base[k] = v.clone();
        }
        base.to_string()
    };
    let prompt = "Replace the unwrap calls in src/import.rs with anyhow errors.";
    let main = [
        with(
            env("m1", None, "2026-01-01T10:00:00.000Z"),
            json!({"type": "user", "message": {"role": "user", "content": "Let's use anyhow for errors instead of unwrap."}}),
        ),
        with(
            env("m2", Some("m1"), "2026-01-01T10:00:01.000Z"),
            json!({"type": "assistant", "message": {"id": "msg_1", "role": "assistant", "model": "m", "content": [{"type": "tool_use", "id": "toolu_task", "name": "Task", "input": {"description": "fix", "prompt": prompt}}]}}),
        ),
        with(
            env("m3", Some("m2"), "2026-01-01T10:05:00.000Z"),
            json!({"type": "user", "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_task", "content": "done"}]}}),
        ),
        with(
            env("m4", Some("m3"), "2026-01-01T10:06:00.000Z"),
            json!({"type": "user", "message": {"role": "user", "content": "Never use unsafe blocks in this crate."}}),
        ),
    ];
    let agent = |uuid: &str, parent: Option<&str>, ts: &str, extra: serde_json::Value| {
        let mut e = env(uuid, parent, ts);
        e["isSidechain"] = json!(true);
        e["agentId"] = json!("a1b2c3d");
        with(e, extra)
    };
    let sub = [
        agent(
            "s1",
            None,
            "2026-01-01T10:00:02.000Z",
            json!({"type": "user", "message": {"role": "user", "content": prompt}}),
        ),
        agent(
            "s2",
            Some("s1"),
            "2026-01-01T10:00:03.000Z",
            json!({"type": "assistant", "message": {"id": "msg_s", "role": "assistant", "model": "m", "content": [{"type": "tool_use", "id": "toolu_edit", "name": "Edit", "input": {"file_path": "/w/src/import.rs", "old_string": "a", "new_string": "b"}}]}}),
        ),
        agent(
            "s3",
            Some("s2"),
            "2026-01-01T10:00:04.000Z",
            json!({"type": "user", "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_edit", "content": "ok"}]}, "toolUseResult": {"filePath": "/w/src/import.rs", "oldString": "a", "newString": "b", "structuredPatch": [{"oldStart": 1, "oldLines": 1, "newStart": 1, "newLines": 1, "lines": ["-a", "+b"]}]}}),
        ),
    ];
    format!("{}\n{}\n", main.join("\n"), sub.join("\n"))
}

#[test]
fn a_subagent_file_fed_after_the_main_one_binds_through_the_task_arc() {
    let input = subagent_after_main();
    let b = parse_both(input.as_bytes(), SourceKind::ClaudeCode);
    check_node_invariants(&b, "subagent after main");
    let d = decisions(&b);
    assert_eq!(
        d.len(),
        2,
        "{:?}",
        d.iter().map(|d| &d.epitome).collect::<Vec<_>>()
    );
    let eps = episodes(&b);
    assert_eq!(eps.len(), 1);
    assert_eq!(eps[0].agent_id.as_deref(), Some("a1b2c3d"));
    let binds = bindings(&b);
    assert_eq!(binds.len(), 1, "bound once, through the Task's arc");
    assert_eq!(
        binds[0].from,
        d.iter().find(|d| d.epitome.contains("anyhow")).unwrap().id
    );
    assert_eq!(binds[0].correlation, "subagent_arc");
}

/// A GitHub token planted next to every " the " of a fixture: it lands in
/// person and assistant turns, tool arguments and outputs, Task prompts and
/// patches alike.
const PLANTED: &str = "ghp_Q7vR2kX9mT4pL8sW1nB6cY3dF5hJ0gK2aZ7e";

fn with_planted_secrets(bytes: &[u8]) -> Vec<u8> {
    String::from_utf8_lossy(bytes)
        .replace(" the ", &format!(" the {PLANTED} "))
        .into_bytes()
}

fn redacted_count(b: &Batch) -> u64 {
    b.diagnostics
        .iter()
        .filter(|d| d.diagnostic == memscribe::DiagnosticKind::Redacted)
        .map(|d| {
            // "redacted secrets: github_token=2, …"
            d.message
                .split(", ")
                .filter_map(|p| p.rsplit('=').next()?.parse::<u64>().ok())
                .sum::<u64>()
        })
        .sum()
}

#[test]
fn nodes_only_redaction_gives_the_nodes_of_both_mode() {
    // With nodes as the only output, only the text nodes are made from is
    // scanned; the nodes must be exactly those of a fully redacted stream.
    let (mut in_nodes, mut only, mut full) = (0usize, 0u64, 0u64);
    let mut inputs: Vec<(String, Vec<u8>, SourceKind)> = fixtures()
        .into_iter()
        .map(|(p, k)| {
            (
                p.display().to_string(),
                with_planted_secrets(&std::fs::read(&p).unwrap()),
                k,
            )
        })
        .collect();
    // A 2.x subagent file is fed after its main file, as a host would.
    let dir = root().join("tests/fixtures/claude_code/v2_1");
    let mut joined = std::fs::read(dir.join("subagent.jsonl")).unwrap();
    joined.extend(std::fs::read(dir.join("subagent.agent-a5de1fe.jsonl")).unwrap());
    inputs.push((
        "v2_1 subagent + agent file".into(),
        with_planted_secrets(&joined),
        SourceKind::ClaudeCode,
    ));
    // Its edit binds only if the (redacted) Task prompt still matches the
    // subagent's (redacted) first turn.
    let synthetic = with_planted_secrets(subagent_after_main().as_bytes());
    let b = memscribe::parse(
        &synthetic,
        &Options::default().with_source(SourceKind::ClaudeCode),
    )
    .unwrap();
    assert_eq!(
        bindings(&b).len(),
        1,
        "the subagent's edit binds through the Task arc"
    );
    inputs.push((
        "subagent after main".into(),
        synthetic,
        SourceKind::ClaudeCode,
    ));
    for (name, bytes, kind) in inputs {
        let opts = Options::default().with_source(kind);
        let both = memscribe::parse(&bytes, &opts.clone().with_output(OutputMode::Both)).unwrap();
        let nodes = memscribe::parse(&bytes, &opts.with_output(OutputMode::Nodes)).unwrap();
        assert_eq!(nodes.nodes, both.nodes, "{name}");
        let json = serde_json::to_string(&nodes.nodes).unwrap();
        assert!(
            !json.contains(PLANTED),
            "{name}: a planted secret reached a node"
        );
        in_nodes += json.matches("[REDACTED:github_token]").count();
        let (n, f) = (redacted_count(&nodes), redacted_count(&both));
        assert!(
            n <= f,
            "{name}: nodes mode reports {n} redactions, both mode {f}"
        );
        only += n;
        full += f;
    }
    assert!(
        in_nodes > 20,
        "planted secrets redacted inside nodes: {in_nodes}"
    );
    // Tool outputs and arguments hold planted secrets too, but are not scanned.
    assert!(
        only > 0 && only < full,
        "redactions reported: nodes mode {only}, both mode {full}"
    );
}

/// A later decision on the same subject (sharing a considered option)
/// supersedes the earlier one; a decision on another subject in between
/// supersedes nothing and is not superseded.
#[test]
fn a_later_decision_on_the_same_subject_supersedes_the_earlier() {
    let bytes =
        std::fs::read(root().join("tests/conformance/inputs/superseded_claude.jsonl")).unwrap();
    let b = parse_both(&bytes, SourceKind::ClaudeCode);
    let ds = decisions(&b);
    let by_option = |o: &str| {
        ds.iter()
            .find(|d| d.considered_options.iter().any(|c| c.chosen && c.text == o))
            .unwrap_or_else(|| panic!("no decision choosing {o}: {ds:#?}"))
    };
    let redis = by_option("Redis");
    let memcached = by_option("Memcached");
    assert_eq!(redis.superseded_by.as_deref(), Some(memcached.id.as_str()));
    assert_eq!(memcached.superseded_by, None, "the latest decision stands");
    for d in &ds {
        if d.id != redis.id {
            assert_eq!(
                d.superseded_by, None,
                "{} superseded by an unrelated decision",
                d.epitome
            );
        }
    }
}

/// A Claude Code transcript of alternating person and assistant turns.
fn dialogue(turns: &[&str]) -> Vec<u8> {
    let mut out = String::new();
    for (i, t) in turns.iter().enumerate() {
        let role = if i % 2 == 0 { "user" } else { "assistant" };
        let content = if role == "user" {
            serde_json::json!(t)
        } else {
            serde_json::json!([{"type": "text", "text": t}])
        };
        let mut rec = serde_json::json!({
            "type": role, "sessionId": "s1", "uuid": format!("u{i}"), "parentUuid": if i == 0 { serde_json::Value::Null } else { format!("u{}", i - 1).into() },
            "timestamp": format!("2025-01-01T00:00:{i:02}Z"), "cwd": "/r", "message": {"role": role, "content": content},
        });
        if role == "assistant" {
            rec["message"]["id"] = format!("m{i}").into();
        }
        out.push_str(&rec.to_string());
        out.push('\n');
    }
    out.into_bytes()
}

const OPTIONS: &str = "Most of the time is in the summary endpoint. Options:\n\n- **A.** a materialized view refreshed every 5 min\n- **B.** batch everything into a single join\n- **C.** cache the whole response in Redis for 60s";

#[test]
fn a_pick_may_name_options_laid_out_a_turn_or_two_before() {
    let opts = Options::default().with_redact(false);
    let picked = |last: &str| {
        let bytes = dialogue(&[
            "profile the dashboard",
            OPTIONS,
            "not C. whats the catch with B",
            "B stays real-time; the query is longer.",
            last,
        ]);
        let b = memscribe::parse(&bytes, &opts).unwrap();
        decisions(&b)
            .iter()
            .map(|d| {
                (
                    d.epitome.clone(),
                    d.considered_options.iter().filter(|o| !o.chosen).count(),
                )
            })
            .collect::<Vec<_>>()
    };
    // "not C" turns C down (a decision of its own, carrying C's words)
    let not_c = (
        "not C — cache the whole response in Redis for 60s".to_owned(),
        1,
    );
    assert_eq!(
        picked("ok go with B"),
        [
            not_c.clone(),
            ("batch everything into a single join".to_owned(), 2)
        ]
    );
    // A bare "yes" or "ok" answers the message just before, never an older one.
    assert_eq!(picked("yes"), [not_c.clone()]);
    assert_eq!(picked("ok thanks"), [not_c.clone()]);
    // Nor does a turn that names none of the options.
    assert_eq!(picked("sounds good, ship it"), [not_c]);
    // Three person turns on, the options are forgotten.
    let bytes = dialogue(&[
        "profile the dashboard",
        OPTIONS,
        "whats the catch with B",
        "It is longer.",
        "and with A?",
        "A lags 5 minutes.",
        "hmm",
        "Take your time.",
        "what about C",
        "Stale data.",
        "go with B",
    ]);
    assert!(decisions(&memscribe::parse(&bytes, &opts).unwrap()).is_empty());
}
