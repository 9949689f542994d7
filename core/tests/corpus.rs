//! Every Claude Code and Codex file of `../shared/corpus` (when present):
//! no error, nothing lost, deterministic, and chunking-invariant.

mod common;

use common::*;

#[test]
fn corpus_files_parse_losslessly() {
    let files = corpus();
    if files.is_empty() {
        eprintln!("../shared/corpus not present; skipping");
        return;
    }
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for (path, kind, is_real) in files {
        let bytes = std::fs::read(&path).unwrap();
        let name = path.display().to_string();
        let batch = parse(&bytes, kind);
        check_invariants_ids(&bytes, &batch, &name, is_real);
        assert!(batch.events.len() > 10, "{name}: suspiciously few events");
        assert_eq!(memscribe::detect(&bytes), Some(kind), "{name}");
        for _ in 0..3 {
            let mut cuts: Vec<usize> = (0..16).map(|_| rng.below(bytes.len())).collect();
            cuts.sort_unstable();
            assert_eq!(ndjson(&parse_chunked(&bytes, kind, &cuts)), ndjson(&batch), "{name}");
        }
    }
}
