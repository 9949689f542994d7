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
