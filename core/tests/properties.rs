//! Properties every parse keeps, on the fixtures and on hostile variants of
//! them: determinism, monotonic `seq`, unique ids, losslessness, and
//! chunking-invariance under random splits.

mod common;

use common::*;
use proptest::prelude::*;

fn all_inputs() -> Vec<(String, Vec<u8>, memscribe::SourceKind)> {
    fixtures()
        .into_iter()
        .map(|(p, k)| (p.display().to_string(), std::fs::read(&p).unwrap(), k))
        .collect()
}

#[test]
fn fixtures_keep_the_invariants_and_are_deterministic() {
    for (name, bytes, kind) in all_inputs() {
        let a = parse(&bytes, kind);
        check_invariants(&bytes, &a, &name);
        let b = parse(&bytes, kind);
        assert_eq!(ndjson(&a), ndjson(&b), "{name}: not deterministic");
    }
}

#[test]
fn byte_by_byte_equals_one_shot() {
    for (name, bytes, kind) in all_inputs().into_iter().step_by(3) {
        let cuts: Vec<usize> = (1..bytes.len()).collect();
        assert_eq!(ndjson(&parse_chunked(&bytes, kind, &cuts)), ndjson(&parse(&bytes, kind)), "{name}");
    }
}

#[test]
fn detection_names_every_fixture() {
    for (name, bytes, kind) in all_inputs() {
        assert_eq!(memscribe::detect(&bytes), Some(kind), "{name}");
        // Without a source, the session detects it and yields the same events.
        let opts = memscribe::Options { source: None, ..events_opts(kind) };
        let detected = memscribe::parse(&bytes, &opts).unwrap();
        assert_eq!(ndjson(&detected), ndjson(&parse(&bytes, kind)), "{name}");
    }
}

/// Mutates `bytes` at random: flipped bytes, inserted newlines and braces,
/// deleted spans, invalid UTF-8 and truncation.
fn mutate(bytes: &[u8], seed: u64) -> Vec<u8> {
    let mut rng = Rng(seed | 1);
    let mut v = bytes.to_vec();
    for _ in 0..(1 + rng.below(8)) {
        if v.is_empty() {
            break;
        }
        let at = rng.below(v.len());
        match rng.below(6) {
            0 => v[at] = rng.next() as u8,
            1 => v.insert(at, b'\n'),
            2 => v.insert(at, b'{'),
            3 => {
                let end = (at + rng.below(64)).min(v.len());
                v.drain(at..end);
            }
            4 => v.splice(at..at, [0xff, 0xfe, 0xc3]).for_each(drop),
            _ => v.truncate(at),
        }
    }
    v
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, .. ProptestConfig::default() })]

    #[test]
    fn random_chunking_equals_one_shot(idx in 0usize..1000, mut cuts in proptest::collection::vec(0usize..200_000, 0..24)) {
        let inputs = all_inputs();
        let (name, bytes, kind) = &inputs[idx % inputs.len()];
        cuts.sort_unstable();
        let chunked = parse_chunked(bytes, *kind, &cuts);
        let whole = parse(bytes, *kind);
        prop_assert_eq!(ndjson(&chunked), ndjson(&whole), "{}", name);
    }

    #[test]
    fn hostile_input_never_panics_and_loses_nothing(idx in 0usize..1000, seed in any::<u64>(), mut cuts in proptest::collection::vec(0usize..100_000, 0..8)) {
        let inputs = all_inputs();
        let (name, bytes, kind) = &inputs[idx % inputs.len()];
        let bad = mutate(bytes, seed);
        let whole = parse(&bad, *kind);
        check_invariants_lossless(&bad, &whole, name);
        cuts.sort_unstable();
        let chunked = parse_chunked(&bad, *kind, &cuts);
        prop_assert_eq!(ndjson(&chunked), ndjson(&whole), "{}", name);
    }
}

/// On damaged input, ids may legitimately repeat (a damaged copy of a line
/// keeps its uuid), so only order and losslessness are checked.
fn check_invariants_lossless(bytes: &[u8], batch: &memscribe::Batch, what: &str) {
    for (i, e) in batch.events.iter().enumerate() {
        assert_eq!(e.seq, i as u64, "{what}");
    }
    let mut covered = std::collections::BTreeSet::new();
    for e in &batch.events {
        covered.insert(e.provenance.line_no);
        covered.extend(e.provenance.merged_lines.iter().copied());
    }
    for d in &batch.diagnostics {
        covered.insert(d.line_no);
    }
    let missing: Vec<u64> = record_lines(bytes).difference(&covered).copied().collect();
    assert!(missing.is_empty(), "{what}: lines not accounted for: {missing:?}");
}
