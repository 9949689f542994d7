//! What every parse target checks, whatever the input: no panic (a panic is
//! a crash to libFuzzer), the same output twice (determinism), the same
//! output fed in two chunks split at an input-chosen point (chunking
//! invariance), the same events with events as the only output, and the
//! library's own invariants of that output.

use memscribe_core::{Batch, Options, OutputMode, Session, SourceKind};

fn ndjson(b: &Batch) -> Vec<u8> {
    let mut v = Vec::new();
    b.write_ndjson(&mut v, OutputMode::Both).unwrap();
    b.write_diagnostics_ndjson(&mut v).unwrap();
    v
}

/// Runs once, before the first input: compiles the decision gate's and the
/// redactor's lazily built regular expressions, by scoring labelled
/// dialogues of every language (the project's own evaluation sets) through
/// the pipeline and parsing two fixtures with the default options. The
/// compile is a one-time cost of a process (about 0.5 s in a release
/// build, several times that under coverage instrumentation), not a cost
/// of the input that happens to reach it first; without this, that input
/// is reported as a timeout.
pub fn warm() {
    for set in [
        include_str!("../../tests/eval/dialogues/round5.jsonl"),
        include_str!("../../tests/eval/dialogues/cjk.jsonl"),
        include_str!("../../tests/eval/dialogues/european.jsonl"),
        include_str!("../../tests/eval/fresh/development/dialogues/cjk.jsonl"),
        include_str!("../../tests/eval/fresh/development/dialogues/real-sessions2.jsonl"),
        include_str!("../../tests/eval/fresh/development/dialogues/tool-wrapped.jsonl"),
    ] {
        memscribe_core::eval::run_dialogues(set).expect("the evaluation dialogues parse");
    }
    // (the evaluation reads with redaction off: the redactor's rules are
    // compiled by a parse with the default options)
    for fixture in [
        &include_bytes!("../../tests/fixtures/codex/v0_63/decision_then_edits.jsonl")[..],
        &include_bytes!("../../tests/fixtures/claude_code/v2_1/decision_then_edits.jsonl")[..],
    ] {
        let opts = Options::default().with_output(OutputMode::Both);
        let _ = memscribe_core::parse(fixture, &opts);
    }
}

/// Parses `data` with `source` (detected when `None`) and checks it.
pub fn check(data: &[u8], source: Option<SourceKind>) {
    let mut opts = Options::default().with_output(OutputMode::Both);
    opts.source = source;
    // Small limits reach the limit paths too.
    if data.first().is_some_and(|b| b & 1 == 1) {
        opts.max_record_bytes = 512;
        opts.max_json_depth = 8;
    }
    let one = memscribe_core::parse(data, &opts);
    let again = memscribe_core::parse(data, &opts);
    match (&one, &again) {
        (Ok(a), Ok(b)) => assert!(ndjson(a) == ndjson(b), "nondeterministic output"),
        (Err(a), Err(b)) => assert_eq!(a.kind(), b.kind()),
        _ => panic!("nondeterministic result"),
    }
    // Events as the only output read some JSON late (on the batch's hand-out)
    // and redact content then: the same events as with nodes too.
    let events_only = memscribe_core::parse(data, &opts.clone().with_output(OutputMode::Events));
    match (&one, &events_only) {
        (Ok(a), Ok(b)) => {
            let (mut x, mut y) = (Vec::new(), Vec::new());
            a.write_events_ndjson(&mut x).unwrap();
            b.write_events_ndjson(&mut y).unwrap();
            assert!(x == y, "events differ between events and both output");
        }
        (Err(a), Err(b)) => assert_eq!(a.kind(), b.kind()),
        _ => panic!("events-only result differs from both-mode result"),
    }
    let cut = data.get(1).map_or(0, |&b| (b as usize * data.len()) / 256);
    let mut s = Session::new(opts).unwrap();
    let mut streamed = Batch::default();
    let mut fed = s.feed(&data[..cut]);
    if let Ok(b) = fed.as_mut() {
        streamed.extend(std::mem::take(b));
        match s.feed_with(&data[cut..], &mut |b| streamed.extend(b)) {
            Ok(()) => fed = Ok(Batch::default()),
            Err(e) => fed = Err(e),
        }
    }
    let streamed_result = fed.and_then(|_| s.finish().map(|b| {
        streamed.extend(b);
        streamed
    }));
    match (&one, &streamed_result) {
        (Ok(a), Ok(b)) => {
            assert!(ndjson(a) == ndjson(b), "chunked output differs from one-shot output");
            for e in &a.events {
                if let memscribe_core::EventKind::FileEdit { diff, .. } = &e.kind {
                    assert!(!diff.path.trim().is_empty(), "file_edit without a path");
                }
            }
        }
        (Err(a), Err(b)) => assert_eq!(a.kind(), b.kind()),
        _ => panic!("chunked result differs from one-shot result"),
    }
}
