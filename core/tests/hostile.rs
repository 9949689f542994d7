//! Hostile input: secrets wherever a transcript can carry a string, records
//! that try to inflate memory or confuse the decoder, and fields that try to
//! forge diff structure. Each test pins one class of defect.

mod common;

use common::{fixtures, root};
use memscribe::{Batch, Options, OutputMode, SourceKind};
use serde_json::Value;

/// A fake GitHub token: what must never reach the output once redacted.
const TOKEN_BODY: &str = "Zx81qLm0PzR4tYu7WvB2nC5kD8fG1hJ3sA6e";

fn token() -> String {
    format!("ghp_{TOKEN_BODY}")
}

fn parse_with(bytes: &[u8], kind: SourceKind, output: OutputMode) -> Batch {
    memscribe::parse(
        bytes,
        &Options::default().with_source(kind).with_output(output),
    )
    .expect("parse")
}

/// Events, nodes and diagnostics as NDJSON.
fn all_output(batch: &Batch, output: OutputMode) -> String {
    let mut buf = Vec::new();
    batch.write_ndjson(&mut buf, output).unwrap();
    batch.write_diagnostics_ndjson(&mut buf).unwrap();
    String::from_utf8(buf).unwrap()
}

/// Rewrites every record of `bytes` (JSON lines) with `f` applied to each
/// string value and, with `keys`, to each object key.
fn rewrite_strings(bytes: &[u8], keys: bool, f: &dyn Fn(&str) -> String) -> Vec<u8> {
    fn walk(v: &mut Value, keys: bool, f: &dyn Fn(&str) -> String) {
        match v {
            Value::String(s) => *s = f(s),
            Value::Array(a) => a.iter_mut().for_each(|v| walk(v, keys, f)),
            Value::Object(o) => {
                let old = std::mem::take(o);
                for (k, mut v) in old {
                    walk(&mut v, keys, f);
                    o.insert(if keys { f(&k) } else { k }, v);
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    for line in bytes.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        let mut v: Value = serde_json::from_slice(line).expect("fixture line is JSON");
        walk(&mut v, keys, f);
        serde_json::to_writer(&mut out, &v).unwrap();
        out.push(b'\n');
    }
    out
}

#[test]
fn a_secret_in_any_string_of_any_record_never_reaches_the_output() {
    let tok = token();
    let mut checked = 0;
    for (path, kind) in fixtures() {
        let bytes = std::fs::read(&path).unwrap();
        for keys in [false, true] {
            let hostile = rewrite_strings(&bytes, keys, &|s| format!("{s} {tok}"));
            for output in [OutputMode::Events, OutputMode::Nodes, OutputMode::Both] {
                let batch = parse_with(&hostile, kind, output);
                let out = all_output(&batch, output);
                assert!(
                    !out.contains(TOKEN_BODY),
                    "{} (keys: {keys}, {output:?}): a secret reached the output:\n{}",
                    path.display(),
                    out.lines().find(|l| l.contains(TOKEN_BODY)).unwrap()
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 60, "only {checked} runs");
}

#[test]
fn a_token_in_the_codex_repository_url_is_redacted_on_every_event_and_episode() {
    let path = root().join("tests/fixtures/codex/v0_118/decision_then_edits.jsonl");
    let text = std::fs::read_to_string(path).unwrap();
    let url = "git@github.com:marenq/harbormaster.git";
    assert!(text.contains(url));
    let hostile = text.replace(
        url,
        &format!(
            "https://x-access-token:{}@github.com/marenq/harbormaster.git",
            token()
        ),
    );
    let batch = parse_with(hostile.as_bytes(), SourceKind::Codex, OutputMode::Both);
    let out = all_output(&batch, OutputMode::Both);
    assert!(!out.contains(TOKEN_BODY), "token leaked");
    let urls: Vec<&str> = batch
        .events
        .iter()
        .filter_map(|e| e.project.git.as_ref()?.repository_url.as_deref())
        .collect();
    assert!(urls.len() > 10, "events carry the url: {}", urls.len());
    assert!(urls.iter().all(|u| u.contains("[REDACTED:") && u.ends_with("@github.com/marenq/harbormaster.git")), "{urls:?}");
    let episodes: Vec<&memscribe::Episode> = batch
        .nodes
        .iter()
        .filter_map(|n| match n {
            memscribe::PreparedNode::Episode(e) => Some(e),
            _ => None,
        })
        .collect();
    assert!(!episodes.is_empty());
    for e in episodes {
        let u = e
            .git
            .as_ref()
            .and_then(|g| g.repository_url.as_deref())
            .unwrap();
        assert!(u.contains("[REDACTED:"), "{u}");
    }
    // Reported once, where the secret is written, not on every event.
    let redacted: Vec<u64> = batch
        .diagnostics
        .iter()
        .filter(|d| d.diagnostic == memscribe::DiagnosticKind::Redacted)
        .map(|d| d.line_no)
        .collect();
    assert_eq!(redacted, vec![1], "{redacted:?}");
}

#[test]
fn a_secret_in_a_key_of_an_unknown_record_is_redacted_and_its_value_kept() {
    let tok = token();
    let input = format!(
        "{{\"type\":\"user\",\"sessionId\":\"s1\",\"uuid\":\"u1\",\"timestamp\":\"2026-01-01T00:00:00Z\",\"message\":{{\"role\":\"user\",\"content\":\"hi\"}}}}\n\
         {{\"type\":\"mystery\",\"sessionId\":\"s1\",\"headers\":{{\"{tok}\":\"value-kept\",\"other\":1}}}}\n"
    );
    let batch = parse_with(input.as_bytes(), SourceKind::ClaudeCode, OutputMode::Events);
    let out = all_output(&batch, OutputMode::Events);
    assert!(!out.contains(TOKEN_BODY), "{out}");
    assert!(out.contains("value-kept"), "{out}");
    assert!(out.contains("[REDACTED:"), "{out}");
}

#[test]
fn redaction_off_keeps_metadata_verbatim() {
    let path = root().join("tests/fixtures/codex/v0_118/decision_then_edits.jsonl");
    let text = std::fs::read_to_string(path).unwrap();
    let hostile = text.replace(
        "git@github.com:marenq/harbormaster.git",
        &format!("https://x:{}@github.com/o/r", token()),
    );
    let opts = Options::default()
        .with_source(SourceKind::Codex)
        .with_redact(false);
    let batch = memscribe::parse(hostile.as_bytes(), &opts).unwrap();
    assert!(all_output(&batch, OutputMode::Both).contains(TOKEN_BODY));
}

/// A record `{"type":"mystery","a":[[…]]}` nested exactly `depth` deep.
fn nested_record(depth: usize) -> String {
    format!(
        "{{\"type\":\"mystery\",\"sessionId\":\"s\",\"a\":{}{}}}\n",
        "[".repeat(depth - 1),
        "]".repeat(depth - 1)
    )
}

#[test]
fn nesting_of_exactly_max_json_depth_is_read_and_one_more_is_reported() {
    for limit in [Some(2), Some(3), Some(16), Some(126), Some(127), None] {
        let depth = limit.unwrap_or(memscribe::DEFAULT_MAX_JSON_DEPTH);
        let mut opts = Options::default()
            .with_source(SourceKind::ClaudeCode)
            .with_output(OutputMode::Events);
        if let Some(l) = limit {
            opts.max_json_depth = l;
        }
        let ok = memscribe::parse(nested_record(depth).as_bytes(), &opts).unwrap();
        assert_eq!(
            ok.events.len(),
            1,
            "depth {depth} with limit {limit:?}: {:?}",
            ok.diagnostics
        );
        assert!(
            ok.diagnostics
                .iter()
                .all(|d| d.diagnostic != memscribe::DiagnosticKind::TooDeep),
            "{:?}",
            ok.diagnostics
        );
        let deep = memscribe::parse(nested_record(depth + 1).as_bytes(), &opts).unwrap();
        assert!(
            deep.events.is_empty(),
            "depth {} with limit {limit:?} was read",
            depth + 1
        );
        let d = deep
            .diagnostics
            .iter()
            .find(|d| d.diagnostic == memscribe::DiagnosticKind::TooDeep)
            .expect("too_deep");
        assert!(
            d.message.contains(&format!("max_json_depth ({depth}")),
            "{}",
            d.message
        );
    }
}

#[test]
fn a_string_cut_inside_an_emoji_keeps_its_record() {
    // JSON.stringify writes a lone surrogate as an escape: `"…\ud83d"`.
    let lines = [
        r#"{"parentUuid":null,"type":"user","sessionId":"s","uuid":"u1","timestamp":"2026-01-01T00:00:00Z","message":{"role":"user","content":"Ship it \ud83d"}}"#,
        r#"{"parentUuid":"u1","type":"assistant","sessionId":"s","uuid":"u2","timestamp":"2026-01-01T00:00:01Z","message":{"id":"m1","role":"assistant","model":"x","content":[{"type":"text","text":"\ude00 done, and a real pair: \ud83d\ude00"}]}}"#,
    ];
    let input = lines.join("\n") + "\n";
    let batch = parse_with(input.as_bytes(), SourceKind::ClaudeCode, OutputMode::Events);
    let texts: Vec<String> = batch
        .events
        .iter()
        .filter_map(|e| match &e.kind {
            memscribe::EventKind::UserTurn { text, .. }
            | memscribe::EventKind::AssistantTurn { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(
        texts,
        vec![
            "Ship it \u{fffd}".to_owned(),
            "\u{fffd} done, and a real pair: \u{1F600}".to_owned()
        ]
    );
    let diags: Vec<(memscribe::DiagnosticKind, u64)> = batch
        .diagnostics
        .iter()
        .map(|d| (d.diagnostic, d.line_no))
        .collect();
    assert_eq!(
        diags,
        vec![
            (memscribe::DiagnosticKind::InvalidUtf8, 1),
            (memscribe::DiagnosticKind::InvalidUtf8, 2)
        ]
    );
    assert!(
        batch.diagnostics[0].message.contains("surrogate"),
        "{}",
        batch.diagnostics[0].message
    );
    // Detection reads such a record too.
    assert_eq!(
        memscribe::detect(lines[0].as_bytes()),
        Some(SourceKind::ClaudeCode)
    );
}

/// A Claude Code Edit call and its result, with `result` as `toolUseResult`.
fn claude_edit(result: Value) -> String {
    let call = serde_json::json!({"parentUuid":null,"type":"assistant","sessionId":"s","uuid":"a1","timestamp":"2026-01-01T00:00:00Z",
        "message":{"id":"m1","role":"assistant","model":"x","content":[{"type":"tool_use","id":"toolu_1","name":"Edit","input":{"file_path":"/w/a.rs","old_string":"x","new_string":"y"}}]}});
    let res = serde_json::json!({"parentUuid":"a1","type":"user","sessionId":"s","uuid":"u2","timestamp":"2026-01-01T00:00:01Z",
        "message":{"role":"user","content":[{"tool_use_id":"toolu_1","type":"tool_result","content":"ok"}]},"toolUseResult":result});
    format!("{call}\n{res}\n")
}

fn edits_and_malformed(input: &str, kind: SourceKind) -> (Vec<memscribe::Diff>, Vec<String>) {
    let batch = parse_with(input.as_bytes(), kind, OutputMode::Events);
    let diffs = batch
        .events
        .iter()
        .filter_map(|e| match &e.kind {
            memscribe::EventKind::FileEdit { diff, .. } => Some(diff.clone()),
            _ => None,
        })
        .collect();
    let malformed = batch
        .diagnostics
        .iter()
        .filter(|d| d.diagnostic == memscribe::DiagnosticKind::Malformed)
        .map(|d| d.message.clone())
        .collect();
    (diffs, malformed)
}

/// The `---`/`+++` header lines of a unified diff, wherever they sit.
fn header_lines(unified: &str) -> Vec<&str> {
    unified
        .lines()
        .filter(|l| l.starts_with("--- ") || l.starts_with("+++ "))
        .collect()
}

#[test]
fn a_line_break_in_an_edit_path_or_line_forges_no_diff_header() {
    let hunk = serde_json::json!({"oldStart":1,"oldLines":1,"newStart":1,"newLines":1,"lines":["-x","+y\n+++ b/evil.rs\n@@ -1 +1 @@"]});
    let input = claude_edit(
        serde_json::json!({"filePath":"/w/a.rs\n+++ b/evil.rs","oldString":"x","newString":"y","structuredPatch":[hunk]}),
    );
    let (diffs, malformed) = edits_and_malformed(&input, SourceKind::ClaudeCode);
    assert_eq!(diffs.len(), 1);
    let u = &diffs[0].unified;
    assert_eq!(
        header_lines(u),
        vec![
            "--- \"a/w/a.rs\\n+++ b/evil.rs\"",
            "+++ \"b/w/a.rs\\n+++ b/evil.rs\""
        ],
        "{u}"
    );
    assert_eq!(u.lines().filter(|l| l.starts_with("@@")).count(), 1, "{u}");
    // Every body line keeps a marker, and the header counts them.
    assert!(
        u.contains("@@ -1,1 +1,3 @@\n-x\n+y\n++++ b/evil.rs\n+@@ -1 +1 @@\n"),
        "{u}"
    );
    assert_eq!(diffs[0].added_lines, 3);
    assert!(
        malformed.iter().any(|m| m.contains("line break")),
        "{malformed:?}"
    );
}

#[test]
fn line_numbers_that_are_not_line_numbers_keep_the_edit_and_are_reported() {
    for bad in [
        serde_json::json!(-3),
        serde_json::json!(1.5),
        serde_json::json!(1e300),
        serde_json::json!("12"),
        serde_json::json!(true),
    ] {
        let hunk = serde_json::json!({"oldStart":bad,"oldLines":1,"newStart":1,"newLines":1,"lines":["-x","+y"]});
        let input = claude_edit(
            serde_json::json!({"filePath":"/w/a.rs","oldString":"x","newString":"y","structuredPatch":[hunk]}),
        );
        let (diffs, malformed) = edits_and_malformed(&input, SourceKind::ClaudeCode);
        assert_eq!(diffs.len(), 1, "oldStart {bad}: the edit vanished");
        assert!(
            diffs[0].unified.contains("@@ -0,1 +1,1 @@\n-x\n+y\n"),
            "{}",
            diffs[0].unified
        );
        assert!(
            malformed
                .iter()
                .any(|m| m.contains("oldStart") && m.contains("not a line number")),
            "{bad}: {malformed:?}"
        );
    }
    // A huge integer is still an integer.
    let hunk = serde_json::json!({"oldStart":u64::MAX,"oldLines":1,"newStart":1,"newLines":1,"lines":["-x","+y"]});
    let input = claude_edit(serde_json::json!({"filePath":"/w/a.rs","structuredPatch":[hunk]}));
    let (diffs, malformed) = edits_and_malformed(&input, SourceKind::ClaudeCode);
    assert_eq!((diffs.len(), malformed.len()), (1, 0), "{malformed:?}");
}

#[test]
fn an_unreadable_or_pathless_edit_result_is_reported_not_dropped_silently() {
    for (result, says) in [
        (
            serde_json::json!({"filePath":"","structuredPatch":[{"oldStart":1,"oldLines":1,"newStart":1,"newLines":1,"lines":["-x","+y"]}]}),
            "names no file",
        ),
        (
            serde_json::json!({"filePath":"  ","structuredPatch":[]}),
            "names no file",
        ),
        (
            serde_json::json!({"filePath":"/w/a.rs","structuredPatch":[{"lines":[1,2]}]}),
            "not read",
        ),
        (
            serde_json::json!({"filePath":7,"structuredPatch":[]}),
            "not read",
        ),
    ] {
        let (diffs, malformed) =
            edits_and_malformed(&claude_edit(result.clone()), SourceKind::ClaudeCode);
        assert!(diffs.is_empty(), "{result}");
        assert!(
            malformed.iter().any(|m| m.contains(says)),
            "{result}: {malformed:?}"
        );
    }
}

#[test]
fn codex_patches_without_a_path_or_with_unmarked_lines() {
    let meta = r#"{"timestamp":"2026-01-01T00:00:00Z","type":"session_meta","payload":{"id":"c1","timestamp":"2026-01-01T00:00:00Z","cwd":"/w","cli_version":"0.63.0"}}"#;
    let call = |patch: &str| {
        let args = serde_json::json!({"command":["apply_patch", patch]}).to_string();
        let call = serde_json::json!({"timestamp":"2026-01-01T00:00:01Z","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":args,"call_id":"call_1"}});
        let out = serde_json::json!({"timestamp":"2026-01-01T00:00:02Z","type":"response_item","payload":{"type":"function_call_output","call_id":"call_1","output":"{\"output\":\"Success. Updated the following files:\\nM a.rs\\n\",\"metadata\":{\"exit_code\":0}}"}});
        format!("{meta}\n{call}\n{out}\n")
    };
    let (diffs, malformed) = edits_and_malformed(
        &call("*** Begin Patch\n*** Update File: \n@@\n-a\n+b\n*** End Patch\n"),
        SourceKind::Codex,
    );
    assert!(diffs.is_empty());
    assert!(
        malformed.iter().any(|m| m.contains("name no file")),
        "{malformed:?}"
    );
    let (diffs, malformed) =
        edits_and_malformed(&call("*** Begin Patch\n*** Update File: a.rs\n@@\ndiff --git a/x b/x\n-a\n+b\n*** End Patch\n"), SourceKind::Codex);
    assert_eq!(diffs.len(), 1, "{malformed:?}");
    assert!(
        diffs[0]
            .unified
            .contains("@@\n diff --git a/x b/x\n-a\n+b\n"),
        "{}",
        diffs[0].unified
    );
    assert_eq!(
        header_lines(&diffs[0].unified),
        vec!["--- a/a.rs", "+++ b/a.rs"]
    );
}

/// A number no JSON value holds (`1E400`) passes a typed parse, which skips
/// what it ignores, and fails a read into a value: the record it sits in is
/// kept (as its text) and the events are the same whether or not nodes are
/// made. A fuzzed OpenCode session document given as Codex found it.
#[test]
fn a_record_with_a_number_out_of_range_is_kept_alike_in_every_output() {
    let inputs = [
        "{\"created\": 1E400, \"updated\": 1764265566583}\n{\"type\":\"mystery\",\"sessionId\":\"s1\",\"n\":-1e999}\n",
        "{\n  \"id\": \"ses_1\",\n  \"time\": {\n    \"created\": 1E400,\n    \"updated\": 1\n  }\n}\n",
    ];
    let mut kept = 0;
    for kind in SourceKind::ALL {
        for input in inputs {
            let opts = Options::default().with_source(kind);
            let (Ok(events), Ok(both)) = (
                memscribe::parse(
                    input.as_bytes(),
                    &opts.clone().with_output(OutputMode::Events),
                ),
                memscribe::parse(input.as_bytes(), &opts.with_output(OutputMode::Both)),
            ) else {
                continue; // a source that reads only files or databases
            };
            let (mut a, mut b) = (Vec::new(), Vec::new());
            events.write_events_ndjson(&mut a).unwrap();
            both.write_events_ndjson(&mut b).unwrap();
            let (a, b) = (String::from_utf8(a).unwrap(), String::from_utf8(b).unwrap());
            assert_eq!(a, b, "{kind:?}: events differ with nodes made");
            if a.contains("1E400") {
                kept += 1;
            }
        }
    }
    assert!(
        kept >= 4,
        "the record with 1E400 was kept by only {kept} runs"
    );
}

/// A call or result whose id field is missing (or was damaged into another
/// key) still gets an event id, unique in the stream: an empty id written
/// twice was found by the random property on a mutated fixture.
#[test]
fn calls_without_an_id_get_unique_event_ids() {
    let call = r#"{"type":"tool_use","name":"Bash","input":{"command":"ls"}}"#;
    let result = r#"{"type":"tool_result","content":"ok"}"#;
    let line = |uuid: &str, role: &str, block: &str| {
        format!(
            r#"{{"type":"{role}","uuid":"{uuid}","sessionId":"s1","timestamp":"2026-01-01T00:00:00Z","message":{{"role":"{role}","content":[{block},{block}]}}}}"#
        )
    };
    let input = [
        line("u1", "assistant", call),
        line("u2", "user", result),
        line("u3", "assistant", call),
    ]
    .join("\n");
    let codex = concat!(
        r#"{"timestamp":"2026-01-01T00:00:00Z","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{}"}}"#,
        "\n",
        r#"{"timestamp":"2026-01-01T00:00:01Z","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{}"}}"#,
    );
    for (kind, input) in [
        (SourceKind::ClaudeCode, input.as_str()),
        (SourceKind::Codex, codex),
    ] {
        let b = parse_with(input.as_bytes(), kind, OutputMode::Events);
        let calls = b
            .events
            .iter()
            .filter(|e| matches!(e.kind, memscribe::EventKind::ToolCall { .. }))
            .count();
        assert!(calls >= 2, "{kind:?}: {calls} calls");
        let mut ids = std::collections::HashSet::new();
        for e in &b.events {
            assert!(
                !e.event_id.is_empty(),
                "{kind:?}: an empty id on {}",
                e.kind.name()
            );
            assert!(ids.insert(&e.event_id), "{kind:?}: {} twice", e.event_id);
        }
    }
}
