//! Redaction on arbitrary text and transcripts: no panic; redacting is
//! idempotent; `redact` changes only what it reports, each line stays JSON
//! when it was, and nothing is left to redact in its output.
#![no_main]

use memscribe_core::redact::{redact_transcript, rules, Redactor};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data).into_owned();
    let r = Redactor::shared();
    let mut counts = vec![0u32; rules().len()];
    let mut once = text.clone();
    r.redact_in_place(&mut once, &mut counts);
    let mut twice = once.clone();
    r.redact_in_place(&mut twice, &mut counts);
    assert_eq!(once, twice, "redaction is not idempotent");
    let mut v = serde_json::Value::String(text);
    r.redact_value(&mut v, &mut counts);

    let out = redact_transcript(data, None);
    let mut rebuilt = Vec::new();
    let mut at = 0usize;
    for rep in &out.replacements {
        let s = rep.byte_offset as usize;
        assert!(s >= at, "replacements overlap");
        rebuilt.extend_from_slice(&data[at..s]);
        rebuilt.extend_from_slice(format!("[REDACTED:{}]", rep.rule).as_bytes());
        at = s + rep.len as usize;
    }
    rebuilt.extend_from_slice(&data[at..]);
    assert!(rebuilt == out.output, "the report does not describe the change");
    for (a, b) in data.split(|&c| c == b'\n').zip(out.output.split(|&c| c == b'\n')) {
        let json = |l: &[u8]| serde_json::from_slice::<serde_json::Value>(l).is_ok();
        assert_eq!(json(a), json(b), "a line changed JSON-ness");
    }
    let again = redact_transcript(&out.output, out.source);
    assert!(again.replacements.is_empty(), "left to redact: {:?}", again.replacements);
});
