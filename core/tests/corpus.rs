//! Every Claude Code and Codex file of `../shared/corpus`: no error, nothing
//! lost, unique ids, deterministic and chunking-invariant; its nodes hold the
//! node invariants and are the same whether or not events are kept; and what
//! the adapters report (which edits succeeded, how many tokens were used)
//! agrees with an independent reading of the raw records written here, which
//! shares no code with the adapters.
//!
//! The corpus lives outside the repository. Without it these tests fail
//! (`corpus_required`), so `scripts/test` runs them only where it exists —
//! always in CI — and otherwise reports them as skipped.

mod common;

use std::collections::BTreeMap;

use common::*;
use memscribe::{EventKind, SourceKind, Usage};
use serde_json::Value;

fn inputs() -> Vec<(String, Vec<u8>, SourceKind, bool)> {
    let inputs = corpus_inputs();
    assert!(!inputs.is_empty(), "../shared/corpus is missing: the corpus tests need it (scripts/test skips them without it)");
    inputs
}

#[test]
fn corpus_files_parse_losslessly() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for (name, bytes, kind, _) in inputs() {
        let batch = parse(&bytes, kind);
        // Ids are unique even where the source repeats its own (scrubbed files).
        check_invariants(&bytes, &batch, &name);
        assert!(!batch.events.is_empty(), "{name}: no events");
        assert_eq!(memscribe::detect(&bytes), Some(kind), "{name}");
        let detected = memscribe::parse(
            &bytes,
            &memscribe::Options {
                source: None,
                ..events_opts(kind)
            },
        )
        .expect("detected parse");
        assert_eq!(
            ndjson(&detected),
            ndjson(&batch),
            "{name}: detected parse differs"
        );
        for _ in 0..3 {
            let cuts = rng.cuts(bytes.len(), 16);
            assert_eq!(
                ndjson(&parse_chunked(&bytes, kind, &cuts)),
                ndjson(&batch),
                "{name}"
            );
        }
    }
}

#[test]
fn corpus_files_yield_the_same_nodes_with_or_without_events() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut nodes = 0;
    for (name, bytes, kind, _) in inputs() {
        // The defaults: nodes only, redaction on (the output the CLI gives).
        let opts = memscribe::Options::default().with_source(kind);
        let only = memscribe::parse(&bytes, &opts).expect("parse");
        assert!(
            only.events.is_empty(),
            "{name}: nodes-only output kept events"
        );
        let both = memscribe::parse(
            &bytes,
            &opts.clone().with_output(memscribe::OutputMode::Both),
        )
        .expect("parse");
        check_node_invariants(&both, &name);
        assert_eq!(
            only.nodes, both.nodes,
            "{name}: nodes differ when events are kept"
        );
        let cuts = rng.cuts(bytes.len(), 8);
        assert_eq!(
            parse_chunked_with(&bytes, &opts, &cuts).nodes,
            only.nodes,
            "{name}: chunked"
        );
        nodes += only.nodes.len();
    }
    assert!(nodes > 0, "the corpus yields no node at all");
}

/// The file edits the adapters made, by call id: how many, and their paths.
fn edits_by_call(batch: &memscribe::Batch) -> BTreeMap<String, Vec<String>> {
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for e in &batch.events {
        if let EventKind::FileEdit { call_id, diff } = &e.kind {
            out.entry(call_id.clone())
                .or_default()
                .push(diff.move_to.clone().unwrap_or_else(|| diff.path.clone()));
        }
    }
    out
}

fn records(bytes: &[u8]) -> Vec<Value> {
    bytes
        .split(|&b| b == b'\n')
        .filter(|l| !l.iter().all(u8::is_ascii_whitespace))
        .map(|l| serde_json::from_slice(l).expect("corpus lines are JSON"))
        .collect()
}

fn n(v: &Value, key: &str) -> u64 {
    v.get(key).and_then(Value::as_u64).unwrap_or(0)
}

/// Claude Code, read independently: an edit succeeded when its result block
/// is not `is_error` and the line's `toolUseResult` names the file it
/// changed; usage is the last usage written for each `message.id`.
fn claude_reading(bytes: &[u8]) -> (BTreeMap<String, usize>, Usage) {
    let mut edits = BTreeMap::new();
    let mut last_usage: BTreeMap<String, Value> = BTreeMap::new();
    let mut edit_tools: BTreeMap<String, String> = BTreeMap::new();
    for r in records(bytes) {
        let content = r
            .pointer("/message/content")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        match r.get("type").and_then(Value::as_str) {
            Some("assistant") => {
                if let (Some(id), Some(u)) = (
                    r.pointer("/message/id").and_then(Value::as_str),
                    r.pointer("/message/usage"),
                ) {
                    last_usage.insert(id.to_owned(), u.clone());
                }
                for b in &content {
                    if b["type"] == "tool_use" {
                        let name = b["name"].as_str().unwrap_or("");
                        let short = name.rsplit("__").next().unwrap_or(name);
                        if matches!(short, "Edit" | "MultiEdit" | "Write") {
                            edit_tools.insert(
                                b["id"].as_str().unwrap_or("").to_owned(),
                                short.to_owned(),
                            );
                        }
                    }
                }
            }
            Some("user") => {
                let results: Vec<&Value> = content
                    .iter()
                    .filter(|b| b["type"] == "tool_result")
                    .collect();
                let changed = r
                    .get("toolUseResult")
                    .and_then(|t| t.get("filePath"))
                    .is_some();
                if let [block] = results.as_slice() {
                    let id = block["tool_use_id"].as_str().unwrap_or("");
                    if edit_tools.contains_key(id)
                        && changed
                        && block["is_error"] != Value::Bool(true)
                    {
                        edits.insert(id.to_owned(), 1);
                    }
                }
            }
            _ => {}
        }
    }
    let mut usage = Usage::default();
    for u in last_usage.values() {
        usage.input_tokens += n(u, "input_tokens");
        usage.output_tokens += n(u, "output_tokens");
        usage.cache_read_tokens += n(u, "cache_read_input_tokens");
        usage.cache_creation_tokens += n(u, "cache_creation_input_tokens");
    }
    (edits, usage)
}

/// Codex, read independently: a patch call (the apply_patch tool, or a shell
/// command running apply_patch) succeeded when its output is apply_patch's
/// own success report, whose file list says how many files changed. Usage is
/// Codex's own running total: the last total of each run of `token_count`
/// records (a run restarts when the total drops, as in a resumed session),
/// and, counted record by record, each count once (a repeat of the previous
/// total is the same count written again).
fn codex_reading(bytes: &[u8]) -> (BTreeMap<String, usize>, Usage, Usage) {
    let mut patch_calls = BTreeMap::new();
    let mut edits = BTreeMap::new();
    let mut runs_total = Usage::default();
    let mut by_record = Usage::default();
    let mut run_last: Option<Value> = None;
    let mut previous_total: Option<Value> = None;
    let to_usage = |t: &Value| Usage {
        input_tokens: n(t, "input_tokens") - n(t, "cached_input_tokens"),
        output_tokens: n(t, "output_tokens"),
        cache_read_tokens: n(t, "cached_input_tokens"),
        cache_creation_tokens: 0,
    };
    let add = |a: &mut Usage, b: Usage| {
        a.input_tokens += b.input_tokens;
        a.output_tokens += b.output_tokens;
        a.cache_read_tokens += b.cache_read_tokens;
    };
    for r in records(bytes) {
        let p = match r.get("payload") {
            Some(p) if p.is_object() => p.clone(),
            _ => r.clone(), // the pre-session_meta layout writes items bare
        };
        match p.get("type").and_then(Value::as_str) {
            Some("function_call" | "custom_tool_call") => {
                let text = match p.get("arguments").and_then(Value::as_str) {
                    Some(a) => a.to_owned(),
                    None => p
                        .get("input")
                        .and_then(Value::as_str)
                        .unwrap_or("")
                        .to_owned(),
                };
                if text.contains("*** Begin Patch")
                    && (p["name"] == "apply_patch" || text.contains("apply_patch"))
                {
                    patch_calls.insert(p["call_id"].as_str().unwrap_or("").to_owned(), ());
                }
            }
            Some("function_call_output" | "custom_tool_call_output") => {
                let id = p["call_id"].as_str().unwrap_or("");
                if patch_calls.contains_key(id) {
                    let raw = p["output"].as_str().unwrap_or("");
                    let inner = serde_json::from_str::<Value>(raw).ok();
                    let exit = inner
                        .as_ref()
                        .and_then(|v| v.pointer("/metadata/exit_code"))
                        .and_then(Value::as_i64);
                    let text = inner
                        .as_ref()
                        .and_then(|v| v["output"].as_str())
                        .unwrap_or(raw);
                    if exit.unwrap_or(0) == 0 {
                        // apply_patch's report may follow a shell's warnings.
                        if let Some((_, list)) =
                            text.split_once("Success. Updated the following files:\n")
                        {
                            let files = list
                                .lines()
                                .take_while(|l| l.len() > 2 && l.as_bytes()[1] == b' ')
                                .count();
                            edits.insert(id.to_owned(), files);
                        }
                    }
                }
            }
            Some("token_count") => {
                let Some(info) = p.get("info").filter(|i| i.is_object()) else {
                    continue;
                };
                let total = info["total_token_usage"].clone();
                if let Some(prev) = &run_last {
                    if n(&total, "total_tokens") < n(prev, "total_tokens") {
                        add(&mut runs_total, to_usage(prev));
                    }
                }
                run_last = Some(total.clone());
                if previous_total.as_ref() != Some(&total) {
                    add(&mut by_record, to_usage(&info["last_token_usage"]));
                }
                previous_total = Some(total);
            }
            _ => {
                if r.get("type").and_then(Value::as_str) == Some("session_meta") {
                    if let Some(prev) = run_last.take() {
                        add(&mut runs_total, to_usage(&prev));
                    }
                    previous_total = None;
                }
            }
        }
    }
    if let Some(prev) = run_last {
        add(&mut runs_total, to_usage(&prev));
    }
    (edits, runs_total, by_record)
}

/// Asserts two maps are equal, naming only the keys where they differ.
fn assert_same(got: &BTreeMap<String, usize>, want: &BTreeMap<String, usize>, what: &str) {
    let diff: Vec<String> = got
        .keys()
        .chain(want.keys())
        .filter(|k| got.get(*k) != want.get(*k))
        .map(|k| format!("{k}: adapter {:?}, raw {:?}", got.get(k), want.get(k)))
        .collect();
    assert!(diff.is_empty(), "{what}:\n{}", diff.join("\n"));
}

#[test]
fn corpus_edits_and_usage_match_an_independent_reading() {
    let (mut claude_edits, mut codex_edits) = (0, 0);
    for (name, bytes, kind, is_real) in inputs() {
        let batch = parse(&bytes, kind);
        let got: BTreeMap<String, usize> = edits_by_call(&batch)
            .into_iter()
            .map(|(k, v)| (k, v.len()))
            .collect();
        let usage = usage_total(&batch);
        match kind {
            SourceKind::ClaudeCode => {
                let (want, want_usage) = claude_reading(&bytes);
                assert_same(
                    &got,
                    &want,
                    &format!("{name}: successful edits differ from the raw records"),
                );
                assert_eq!(
                    usage, want_usage,
                    "{name}: usage summed over events is not one usage per message.id"
                );
                claude_edits += got.len();
            }
            SourceKind::Codex => {
                let (want, runs_total, by_record) = codex_reading(&bytes);
                assert_same(
                    &got,
                    &want,
                    &format!("{name}: successful patch edits differ from the raw records"),
                );
                assert_eq!(
                    usage, by_record,
                    "{name}: usage summed over events is not each token count once"
                );
                if is_real {
                    assert_eq!(
                        usage, runs_total,
                        "{name}: usage summed over events differs from Codex's running totals"
                    );
                }
                codex_edits += got.values().sum::<usize>();
            }
            _ => unreachable!(),
        }
    }
    // The reading is not vacuous: the corpus has edits of both tools.
    assert!(
        claude_edits > 100 && codex_edits > 100,
        "{claude_edits} Claude and {codex_edits} Codex edits"
    );
}

/// Every apply_patch that Codex reported as failed — an `error:` line, a
/// verification failure, or a sandbox denial with apply_patch's complaint in
/// its stderr — produced neither a file edit nor an episode.
#[test]
fn corpus_failed_patches_make_no_edit_or_episode() {
    let mut failed = 0;
    for (name, bytes, kind, _) in inputs() {
        if kind != SourceKind::Codex {
            continue;
        }
        let both = parse_both(&bytes, kind);
        let edited = edits_by_call(&both);
        let episodes = episode_calls(&both);
        let (succeeded, _, _) = codex_reading(&bytes);
        for e in &both.events {
            if let EventKind::ToolResult {
                call_id, output, ..
            } = &e.kind
            {
                let text = output.as_str().unwrap_or("");
                let is_patch_failure = text.starts_with("failed in sandbox")
                    && text.contains("Failed to find expected lines")
                    || text.starts_with("apply_patch verification failed")
                    || text.starts_with("error: ");
                if is_patch_failure && !succeeded.contains_key(call_id) {
                    failed += 1;
                    assert!(
                        !edited.contains_key(call_id),
                        "{name}: failed patch {call_id} made a file_edit"
                    );
                    assert!(
                        !episodes.contains(&call_id.as_str()),
                        "{name}: failed patch {call_id} made an episode"
                    );
                }
            }
        }
    }
    // The sandbox-denied form alone occurs 6 times in one rollout.
    assert!(
        failed >= 20,
        "only {failed} failed patches found in the corpus"
    );
}
