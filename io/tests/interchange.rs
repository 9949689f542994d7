//! ATIF and OTLP/JSON exports of every fixture session: the documents keep
//! the rules of their formats (checked here structurally; the Python tests
//! validate them with Harbor's models and the OpenTelemetry protobufs), an
//! ATIF trajectory read back and exported again is the same trajectory, and
//! an export is a pure function of its input.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use memscribe::interchange::{atif, export_events, ExportFormat};
use memscribe::{EventKind, Options, OutputMode};
use serde_json::Value;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn sorted(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|r| r.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    v.sort();
    v
}

/// Every fixture session of every tool: a file, a session directory or a
/// database.
fn sessions() -> Vec<PathBuf> {
    let mut out = Vec::new();
    for tool in sorted(&root().join("tests/fixtures"))
        .into_iter()
        .filter(|p| p.is_dir())
    {
        for layout in sorted(&tool).into_iter().filter(|p| p.is_dir()) {
            out.extend(
                sorted(&layout)
                    .into_iter()
                    .filter(|p| !p.ends_with("README.md")),
            );
        }
    }
    assert!(out.len() >= 80, "fixtures missing: {}", out.len());
    out
}

fn raw() -> Options {
    Options::default()
        .with_redact(false)
        .with_output(OutputMode::Events)
}

fn check_atif(doc: &Value, what: &str) {
    assert_eq!(doc["schema_version"], "ATIF-v1.4", "{what}");
    assert!(doc["session_id"].is_string(), "{what}");
    assert!(
        doc["agent"]["name"].is_string() && doc["agent"]["version"].is_string(),
        "{what}"
    );
    let steps = doc["steps"].as_array().unwrap();
    assert!(!steps.is_empty(), "{what}: a trajectory has steps");
    assert_eq!(doc["final_metrics"]["total_steps"], steps.len(), "{what}");
    let mut call_ids_seen = 0;
    for (i, s) in steps.iter().enumerate() {
        assert_eq!(s["step_id"], i + 1, "{what}: step ids run from 1");
        let source = s["source"].as_str().unwrap();
        assert!(["system", "user", "agent"].contains(&source), "{what}");
        assert!(s["message"].is_string(), "{what}");
        if source != "agent" {
            for f in [
                "model_name",
                "reasoning_effort",
                "reasoning_content",
                "tool_calls",
                "metrics",
            ] {
                assert!(s.get(f).is_none(), "{what}: {f} on a {source} step");
            }
        }
        let calls: BTreeSet<&str> = s["tool_calls"]
            .as_array()
            .map(|c| {
                c.iter()
                    .map(|c| c["tool_call_id"].as_str().unwrap())
                    .collect()
            })
            .unwrap_or_default();
        for c in s["tool_calls"].as_array().into_iter().flatten() {
            assert!(
                c["arguments"].is_object(),
                "{what}: arguments are an object"
            );
            assert!(c["function_name"].is_string(), "{what}");
            call_ids_seen += 1;
        }
        for r in s["observation"]["results"].as_array().into_iter().flatten() {
            if let Some(id) = r["source_call_id"].as_str() {
                assert!(
                    calls.contains(id),
                    "{what}: result of {id} in a step without that call"
                );
            }
            assert!(r["content"].is_string(), "{what}");
        }
        if let Some(m) = s.get("metrics") {
            let (p, c) = (
                m["prompt_tokens"].as_u64().unwrap(),
                m["cached_tokens"].as_u64().unwrap(),
            );
            assert!(
                c <= p,
                "{what}: cached tokens are part of the prompt tokens"
            );
        }
    }
    let _ = call_ids_seen;
}

fn check_otlp(doc: &Value, what: &str) {
    let spans = doc["resourceSpans"][0]["scopeSpans"][0]["spans"]
        .as_array()
        .unwrap();
    assert!(!spans.is_empty(), "{what}");
    let ids: BTreeSet<&str> = spans
        .iter()
        .map(|s| s["spanId"].as_str().unwrap())
        .collect();
    assert_eq!(ids.len(), spans.len(), "{what}: span ids are unique");
    let trace = spans[0]["traceId"].as_str().unwrap();
    for s in spans {
        let (t, id) = (
            s["traceId"].as_str().unwrap(),
            s["spanId"].as_str().unwrap(),
        );
        assert_eq!(t, trace, "{what}: one trace per session");
        assert!(
            t.len() == 32
                && id.len() == 16
                && (t.to_string() + id).bytes().all(|b| b.is_ascii_hexdigit()),
            "{what}"
        );
        if let Some(p) = s["parentSpanId"].as_str() {
            assert!(ids.contains(p), "{what}: parent {p} is in the trace");
        }
        let start: u128 = s["startTimeUnixNano"].as_str().unwrap().parse().unwrap();
        let end: u128 = s["endTimeUnixNano"].as_str().unwrap().parse().unwrap();
        assert!(start <= end, "{what}");
        let attrs: BTreeMap<&str, &Value> = s["attributes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| (a["key"].as_str().unwrap(), &a["value"]))
            .collect();
        let op = attrs["gen_ai.operation.name"]["stringValue"]
            .as_str()
            .unwrap();
        assert!(
            s["name"].as_str().unwrap().starts_with(op),
            "{what}: span names start with the operation"
        );
        match op {
            "invoke_agent" => assert!(attrs.contains_key("gen_ai.agent.id")),
            "chat" => {}
            "execute_tool" => {
                for k in [
                    "gen_ai.tool.name",
                    "gen_ai.tool.call.id",
                    "gen_ai.tool.call.arguments",
                ] {
                    assert!(attrs.contains_key(k), "{what}: {k}");
                }
            }
            other => panic!("{what}: operation {other}"),
        }
    }
}

#[test]
fn every_fixture_session_exports_in_both_formats() {
    let mut trajectories = 0;
    let mut traces = 0;
    for path in sessions() {
        let what = path.display().to_string();
        let a = memscribe_io::export_path(&path, &raw(), ExportFormat::Atif)
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        let o = memscribe_io::export_path(&path, &raw(), ExportFormat::Otel)
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        assert!(
            !a.documents.is_empty() && !o.documents.is_empty(),
            "{what}: nothing exported"
        );
        for d in &a.documents {
            check_atif(d, &what);
        }
        for d in &o.documents {
            check_otlp(d, &what);
        }
        trajectories += a.documents.len();
        traces += o.documents.len();
        // Pure: the same input gives the same documents and manifest.
        assert_eq!(
            memscribe_io::export_path(&path, &raw(), ExportFormat::Atif).unwrap(),
            a,
            "{what}"
        );
        assert_eq!(
            a.manifest["origin"]["input"]["blake3"]
                .as_str()
                .unwrap()
                .len(),
            64,
            "{what}"
        );
    }
    eprintln!("{trajectories} trajectories, {traces} traces");
}

#[test]
fn atif_reads_back_to_the_same_trajectory() {
    let mut n = 0;
    for path in sessions() {
        let what = path.display().to_string();
        let a = memscribe_io::export_path(&path, &raw(), ExportFormat::Atif).unwrap();
        for doc in &a.documents {
            let events = atif::read(doc).unwrap_or_else(|e| panic!("{what}: {e}"));
            let again = export_events(&events, ExportFormat::Atif);
            assert_eq!(again.len(), 1, "{what}");
            assert_eq!(
                &again[0], doc,
                "{what}: ATIF -> events -> ATIF changed the trajectory"
            );
            // And once more: the read is stable too.
            assert_eq!(atif::read(&again[0]).unwrap(), events, "{what}");
            n += 1;
        }
    }
    assert!(n >= 80, "{n}");
}

#[test]
fn atif_from_another_producer_reads() {
    // The RFC's own example shape: no memscribe extras.
    let doc: Value = serde_json::json!({
        "schema_version": "ATIF-v1.4",
        "session_id": "025B810F",
        "agent": { "name": "harbor-agent", "version": "1.0.0", "model_name": "gemini-2.5-flash" },
        "steps": [
            { "step_id": 1, "source": "user", "message": "What is the price of GOOGL?", "timestamp": "2025-10-11T10:30:00Z" },
            { "step_id": 2, "source": "agent", "message": "Searching.", "reasoning_content": "Two calls.",
              "tool_calls": [ { "tool_call_id": "c1", "function_name": "financial_search", "arguments": { "ticker": "GOOGL" } } ],
              "observation": { "results": [ { "source_call_id": "c1", "content": "185.35" } ] },
              "metrics": { "prompt_tokens": 520, "completion_tokens": 80, "cached_tokens": 200 } },
            { "step_id": 3, "source": "agent", "message": [ { "type": "text", "text": "It trades at 185.35." } ] }
        ]
    });
    let events = atif::read(&doc).unwrap();
    let kinds: Vec<&str> = events.iter().map(|e| e.kind.name()).collect();
    assert_eq!(
        kinds,
        [
            "user_turn",
            "assistant_turn",
            "tool_call",
            "tool_result",
            "assistant_turn"
        ]
    );
    match &events[1].kind {
        EventKind::AssistantTurn {
            usage: Some(u),
            thinking,
            ..
        } => {
            assert_eq!(
                (u.input_tokens, u.cache_read_tokens, u.output_tokens),
                (320, 200, 80)
            );
            assert_eq!(thinking.as_deref(), Some("Two calls."));
        }
        other => panic!("{other:?}"),
    }
    match &events[4].kind {
        EventKind::AssistantTurn { text, .. } => assert_eq!(text, "It trades at 185.35."),
        other => panic!("{other:?}"),
    }
    assert!(events
        .iter()
        .all(|e| e.session_id.as_deref() == Some("025B810F")));
    assert!(atif::read(&serde_json::json!({ "steps": 3 })).is_err());
}

#[test]
fn a_safe_export_is_redacted_and_says_so() {
    let bytes =
        std::fs::read(root().join("tests/conformance/inputs/secrets_claude.jsonl")).unwrap();
    for format in [ExportFormat::Atif, ExportFormat::Otel] {
        let safe = memscribe::export(&bytes, &Options::default(), format).unwrap();
        let raw = memscribe::export(&bytes, &raw(), format).unwrap();
        assert_eq!(safe.manifest["redacted"], true);
        assert_eq!(raw.manifest["redacted"], false);
        let counts = safe.manifest["redactions"].as_object().unwrap();
        assert!(!counts.is_empty(), "per-rule counts");
        assert!(raw.manifest["redactions"].as_object().unwrap().is_empty());
        let text: String = safe.documents.iter().map(Value::to_string).collect();
        let total: u64 = counts.values().map(|v| v.as_u64().unwrap()).sum();
        assert!(
            text.matches("[REDACTED:").count() as u64 >= 1 && total >= 1,
            "{format:?}"
        );
        assert_ne!(safe.documents, raw.documents);
        assert_eq!(
            safe.manifest["origin"]["input"]["blake3"],
            blake3::hash(&bytes).to_hex().to_string()
        );
    }
}
