//! Bad input: each kind of damage becomes a diagnostic with its position, and
//! parsing goes on.

mod common;

use common::*;
use memscribe::{DiagnosticKind, ErrorKind, Options, OutputMode, Session, SourceKind};

const USER: &str = r#"{"type":"user","sessionId":"s1","uuid":"u1","parentUuid":null,"timestamp":"2025-01-01T00:00:00.000Z","cwd":"/r","message":{"role":"user","content":"hello"}}"#;
const USER2: &str = r#"{"type":"user","sessionId":"s1","uuid":"u2","parentUuid":"u1","timestamp":"2025-01-01T00:00:01.000Z","cwd":"/r","message":{"role":"user","content":"again"}}"#;

fn diags(input: &[u8], opts: &Options) -> (Vec<(DiagnosticKind, u64, u64)>, usize) {
    let b = memscribe::parse(input, opts).unwrap();
    (
        b.diagnostics
            .iter()
            .map(|d| (d.diagnostic, d.line_no, d.byte_offset))
            .collect(),
        b.events.len(),
    )
}

fn claude() -> Options {
    events_opts(SourceKind::ClaudeCode)
}

#[test]
fn invalid_utf8_not_json_and_truncation() {
    let mut input = Vec::new();
    input.extend_from_slice(USER.as_bytes());
    input.push(b'\n');
    let bad_utf8_at = input.len() as u64;
    input.extend_from_slice(b"{\"type\":\"user\",\"x\":\"\xff\xfe\"}\n");
    let not_json_at = input.len() as u64;
    input.extend_from_slice(b"this is not json\n");
    input.extend_from_slice(USER2.as_bytes());
    input.push(b'\n');
    let trunc_at = input.len() as u64;
    input.extend_from_slice(br#"{"type":"user","sessionId":"s1","mess"#);
    let (d, events) = diags(&input, &claude());
    assert_eq!(
        d,
        vec![
            (DiagnosticKind::InvalidUtf8, 2, bad_utf8_at),
            (DiagnosticKind::NotJson, 3, not_json_at),
            (DiagnosticKind::Truncated, 5, trunc_at)
        ]
    );
    assert_eq!(
        events, 4,
        "session_start, both good turns and the one with bad bytes (read as U+FFFD)"
    );
    let b = memscribe::parse(&input, &claude()).unwrap();
    let kept = b
        .events
        .iter()
        .find(|e| e.provenance.line_no == 2)
        .expect("the record with bad bytes is kept");
    assert_eq!(kept.kind.name(), "user_turn");
}

#[test]
fn record_over_the_size_limit_is_skipped_in_every_chunking() {
    let big = format!(
        r#"{{"type":"user","sessionId":"s1","uuid":"big","message":{{"role":"user","content":"{}"}}}}"#,
        "x".repeat(5000)
    );
    let input = format!("{USER}\n{big}\n{USER2}\n");
    let opts = Options {
        max_record_bytes: 1000,
        ..claude()
    };
    let one = memscribe::parse(input.as_bytes(), &opts).unwrap();
    assert_eq!(one.diagnostics.len(), 1);
    assert_eq!(
        one.diagnostics[0].diagnostic,
        DiagnosticKind::RecordTooLarge
    );
    assert_eq!(one.diagnostics[0].line_no, 2);
    assert_eq!(one.diagnostics[0].byte_offset, USER.len() as u64 + 1);
    assert_eq!(one.events.len(), 3);
    for step in [1, 7, 999, 1000, 1001, 4096] {
        let mut s = Session::new(opts.clone()).unwrap();
        let mut got = memscribe::Batch::default();
        for chunk in input.as_bytes().chunks(step) {
            got.extend(s.feed(chunk).unwrap());
        }
        got.extend(s.finish().unwrap());
        assert_eq!(got, one, "chunks of {step}");
    }
}

#[test]
fn oversized_last_line_is_reported_once() {
    let input = format!("{USER}\n{}", "y".repeat(3000));
    let opts = Options {
        max_record_bytes: 1000,
        ..claude()
    };
    let (d, _) = diags(input.as_bytes(), &opts);
    assert_eq!(
        d,
        vec![(DiagnosticKind::RecordTooLarge, 2, USER.len() as u64 + 1)]
    );
}

#[test]
fn nesting_beyond_the_depth_limit() {
    let deep = format!("{}{}", "[".repeat(50), "]".repeat(50));
    let input = format!("{USER}\n{deep}\n{USER2}\n");
    let opts = Options {
        max_json_depth: 20,
        ..claude()
    };
    let (d, events) = diags(input.as_bytes(), &opts);
    assert_eq!(d, vec![(DiagnosticKind::TooDeep, 2, USER.len() as u64 + 1)]);
    assert_eq!(events, 3);
    // Beyond the parser's own limit of 128 the default settings report it too.
    let very_deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    let (d, _) = diags(format!("{USER}\n{very_deep}\n").as_bytes(), &claude());
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].0, DiagnosticKind::TooDeep);
}

#[test]
fn valid_json_that_is_not_a_record_is_kept_as_unknown() {
    let input = format!("{USER}\n[1,2,3]\n{{\"type\":\"user\",\"uuid\":5}}\n\"str\"\n");
    let b = memscribe::parse(input.as_bytes(), &claude()).unwrap();
    let kinds: Vec<String> = b
        .events
        .iter()
        .filter_map(|e| match &e.kind {
            memscribe::EventKind::Unknown { raw_type, .. } => Some(raw_type.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(kinds, ["non_object", "malformed:user", "non_object"]);
    check_invariants(input.as_bytes(), &b, "unknowns");
}

#[test]
fn crlf_and_blank_lines() {
    let input = format!("\r\n{USER}\r\n\r\n   \n{USER2}\r\n");
    let b = memscribe::parse(input.as_bytes(), &claude()).unwrap();
    assert!(b.diagnostics.is_empty());
    assert_eq!(b.events.len(), 3);
    assert_eq!(b.events[1].provenance.line_no, 2);
    assert_eq!(b.events[2].provenance.line_no, 5);
}

#[test]
fn undetectable_input_is_an_error_not_a_guess() {
    let opts = Options {
        source: None,
        output: OutputMode::Events,
        ..Options::default()
    };
    let e = memscribe::parse(b"hello\nworld\n", &opts).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::UnknownSource);
    // A format detect() names but this version cannot parse is unsupported,
    // not undetectable, and the error lists what is supported.
    let windsurf = Options {
        source: Some(SourceKind::Windsurf),
        ..opts.clone()
    };
    let e = Session::new(windsurf).err().unwrap();
    assert_eq!(e.kind(), ErrorKind::UnsupportedSource);
    assert!(
        e.message().contains("windsurf") && e.message().contains("claude_code, codex"),
        "{}",
        e.message()
    );
    let aider = b"# aider chat started at 2025-01-01 10:00:00\n#### hi\n";
    assert_eq!(memscribe::detect(aider), Some(SourceKind::Aider));
    let e = memscribe::parse(b"SQLite format 3\0binary", &opts).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::UnknownSource);
    assert!(e.message().contains("SQLite"), "{}", e.message());
    // Empty input is not an error: there is nothing to account for.
    assert!(memscribe::parse(b"", &opts).unwrap().events.is_empty());
}

#[test]
fn session_misuse_is_an_error() {
    let mut s = Session::new(claude()).unwrap();
    s.finish().unwrap();
    assert_eq!(s.feed(b"x").unwrap_err().kind(), ErrorKind::InvalidArgument);
    assert_eq!(s.finish().unwrap_err().kind(), ErrorKind::InvalidArgument);
}

#[test]
fn no_timestamp_is_invented() {
    let line = r#"{"type":"summary","summary":"t","leafUuid":"u"}"#;
    let b = memscribe::parse(line.as_bytes(), &claude()).unwrap();
    assert_eq!(b.events.len(), 1);
    assert_eq!(b.events[0].timestamp, None);
    assert_eq!(b.events[0].event_id.len(), 32 + 2, "blake3 hex + @line");
}

/// The summary counts what the batch holds: records read, events, nodes and
/// diagnostics by kind, with the detected source, however the input was fed.
#[test]
fn the_summary_counts_the_whole_parse() {
    let path = root().join("tests/fixtures/codex/v0_63/ban.jsonl");
    let bytes = std::fs::read(path).unwrap();
    let opts = Options {
        source: None,
        output: OutputMode::Both,
        ..Options::default()
    };
    let b = memscribe::parse(&bytes, &opts).unwrap();
    let s = b.summary.clone().expect("parse returns the summary");
    assert_eq!(s.source, Some(SourceKind::Codex), "the detected source");
    assert_eq!(s.records, record_lines(&bytes).len() as u64);
    assert_eq!(s.events, b.events.len() as u64);
    assert_eq!(s.nodes, b.nodes.len() as u64);
    let mut by_kind = std::collections::BTreeMap::new();
    for d in &b.diagnostics {
        *by_kind.entry(d.diagnostic).or_insert(0u64) += 1;
    }
    assert_eq!(s.diagnostics, by_kind);
    // Fed in pieces, the same summary; feed batches carry none.
    let mut session = Session::new(opts.clone()).unwrap();
    for chunk in bytes.chunks(97) {
        assert!(session.feed(chunk).unwrap().summary.is_none());
    }
    assert_eq!(
        session.summary().records,
        s.records,
        "every line is complete before finish"
    );
    assert_eq!(session.finish().unwrap().summary, Some(s.clone()));
    assert_eq!(session.summary(), s);
    // With nodes only, events are still counted.
    let nodes_only = memscribe::parse(
        &bytes,
        &Options {
            output: OutputMode::Nodes,
            ..opts
        },
    )
    .unwrap();
    assert_eq!(nodes_only.summary.unwrap().events, s.events);
}
