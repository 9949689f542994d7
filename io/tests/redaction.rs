//! Redaction works for the tools read through the source layer as for the
//! first two: a secret typed into a turn of any fixture (a JSON document
//! pretty-printed or on one line, JSONL, Markdown) never reaches an event
//! with redaction on, and `redact_transcript` writes the file back with the
//! secret replaced and every other byte unchanged.

use std::path::Path;

use memscribe::{Options, OutputMode};

const SECRET: &str = "ghp_Zq3xV9mL2pR7tY4wK8nB1cD6fH0jS5aE2gU7";

#[test]
fn a_secret_in_any_new_format_is_redacted() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .join("tests/fixtures");
    // Each fixture with a phrase of the person's to put the secret after.
    let cases = [
        ("gemini/session_json/decision_then_edits.json", "Let's use"),
        (
            "gemini/session_jsonl/decision_then_edits.jsonl",
            "Let's use",
        ),
        ("copilot/v1_0/decision_then_edits.jsonl", "Let's use"),
        (
            "cursor/agent_transcripts/decision_then_edits.jsonl",
            "Let's use",
        ),
        (
            "vscode/chatreplay/decision_then_edits.chatreplay.json",
            "Let's use",
        ),
        ("amp/v5/decision_then_edits.json", "Let's use"),
        ("aider/v0_85/decision_then_edits.md", "Let's use"),
        (
            "cline/v3/decision_then_edits/api_conversation_history.json",
            "Let's use",
        ),
    ];
    let mut done = 0;
    for (rel, anchor) in cases {
        let text = std::fs::read_to_string(root.join(rel)).unwrap();
        let Some(at) = text.find(anchor) else {
            continue;
        };
        let with = format!("{} token {SECRET} {}", &text[..at], &text[at..]);
        let input = memscribe_io::inputs(&root.join(rel)).unwrap().remove(0);
        let mut opts =
            memscribe_io::with_source(&input, &Options::default().with_output(OutputMode::Both))
                .unwrap();
        opts.redact = true;
        let out = memscribe::parse(with.as_bytes(), &opts).unwrap_or_else(|e| panic!("{rel}: {e}"));
        let mut nd = Vec::new();
        out.write_ndjson(&mut nd, OutputMode::Both).unwrap();
        let nd = String::from_utf8(nd).unwrap();
        assert!(!nd.contains(SECRET), "{rel}: the secret reached the output");
        assert!(nd.contains("[REDACTED:"), "{rel}: no redaction marker");
        let back = memscribe::redact::redact_transcript(with.as_bytes(), opts.source);
        let back = String::from_utf8(back.output).unwrap();
        assert!(
            !back.contains(SECRET),
            "{rel}: redact_transcript kept the secret"
        );
        // Only the secret changed.
        let pos = with.find(SECRET).unwrap();
        assert_eq!(
            &back[..pos],
            &with[..pos],
            "{rel}: bytes before the secret changed"
        );
        assert!(
            back[pos..].starts_with("[REDACTED:"),
            "{rel}: {}",
            &back[pos..pos + 40]
        );
        let end = pos + back[pos..].find(']').unwrap() + 1;
        assert_eq!(
            &back[end..],
            &with[pos + SECRET.len()..],
            "{rel}: bytes after the secret changed"
        );
        done += 1;
    }
    assert_eq!(done, cases.len(), "every case found its anchor");
}
