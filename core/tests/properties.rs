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
    for (name, bytes, kind) in all_inputs() {
        let cuts: Vec<usize> = (1..bytes.len()).collect();
        assert_eq!(
            ndjson(&parse_chunked(&bytes, kind, &cuts)),
            ndjson(&parse(&bytes, kind)),
            "{name}"
        );
    }
}

#[test]
fn detection_names_every_fixture() {
    for (name, bytes, kind) in all_inputs() {
        assert_eq!(memscribe::detect(&bytes), Some(kind), "{name}");
        // Without a source, the session detects it and yields the same events.
        let opts = memscribe::Options {
            source: None,
            ..events_opts(kind)
        };
        let detected = memscribe::parse(&bytes, &opts).unwrap();
        assert_eq!(ndjson(&detected), ndjson(&parse(&bytes, kind)), "{name}");
    }
}

/// Damaged copies the random property once drew, kept so that they are
/// read on every run: each is a fixture cut down until it became a JSON
/// document (a first line of `{`) that ends inside a member.
#[test]
fn damaged_documents_found_by_the_property_keep_the_invariants() {
    for bad in [
        &b"{\n\"typ\x0e\"\n:"[..],
        b"{\n\"type\"\n",
        b"{\n\"type\":\n\n",
    ] {
        for kind in [
            memscribe::SourceKind::ClaudeCode,
            memscribe::SourceKind::Codex,
        ] {
            let whole = parse(bad, kind);
            check_invariants(bad, &whole, &format!("{bad:?}"));
            let cuts: Vec<usize> = (1..bad.len()).collect();
            assert_eq!(ndjson(&parse_chunked(bad, kind, &cuts)), ndjson(&whole));
        }
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
    fn random_chunking_equals_one_shot(idx in 0usize..1000, fractions in proptest::collection::vec(0u32..=u32::MAX, 0..24)) {
        let inputs = all_inputs();
        let (name, bytes, kind) = &inputs[idx % inputs.len()];
        let cuts = cuts_within(bytes.len(), &fractions);
        let chunked = parse_chunked(bytes, *kind, &cuts);
        let whole = parse(bytes, *kind);
        prop_assert_eq!(ndjson(&chunked), ndjson(&whole), "{}", name);
    }

    #[test]
    fn hostile_input_never_panics_and_loses_nothing(idx in 0usize..1000, seed in any::<u64>(), fractions in proptest::collection::vec(0u32..=u32::MAX, 0..8)) {
        let inputs = all_inputs();
        let (name, bytes, kind) = &inputs[idx % inputs.len()];
        let bad = mutate(bytes, seed);
        let whole = parse(&bad, *kind);
        // Even damaged copies of a line (which keep its id) get unique ids.
        check_invariants(&bad, &whole, name);
        let cuts = cuts_within(bad.len(), &fractions);
        let chunked = parse_chunked(&bad, *kind, &cuts);
        prop_assert_eq!(ndjson(&chunked), ndjson(&whole), "{}", name);
    }
}

/// Sorted cut offsets strictly inside a text of `len` bytes, one per
/// fraction of `u32::MAX`, so that every generated cut splits the input.
fn cuts_within(len: usize, fractions: &[u32]) -> Vec<usize> {
    let mut cuts: Vec<usize> = fractions
        .iter()
        .map(|&f| 1 + (f as u64 * len.saturating_sub(1) as u64 / u32::MAX as u64) as usize)
        .collect();
    cuts.retain(|&c| c < len);
    cuts.sort_unstable();
    cuts
}

#[test]
fn generated_cuts_fall_inside_the_input() {
    let cuts = cuts_within(100, &[0, u32::MAX / 2, u32::MAX - 1, u32::MAX]);
    assert!(cuts.iter().all(|&c| 0 < c && c < 100), "{cuts:?}");
    assert_eq!(cuts.len(), 3);
}
