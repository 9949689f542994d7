//! Every Claude Code and Codex file of `../shared/corpus` (when present):
//! no error, nothing lost, deterministic, and chunking-invariant; and its
//! nodes hold the node invariants and are the same whether or not events are
//! kept beside them.

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

fn nodes_ndjson(batch: &memscribe::Batch) -> String {
    let mut buf = Vec::new();
    batch.write_ndjson(&mut buf, memscribe::OutputMode::Nodes).unwrap();
    String::from_utf8(buf).unwrap()
}

#[test]
fn corpus_files_yield_the_same_nodes_with_or_without_events() {
    let files = corpus();
    if files.is_empty() {
        eprintln!("../shared/corpus not present; skipping");
        return;
    }
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut nodes = 0;
    for (path, kind, _) in files {
        let bytes = std::fs::read(&path).unwrap();
        let name = path.display().to_string();
        // The defaults: nodes only, redaction on (the output the CLI gives).
        let opts = memscribe::Options::default().with_source(kind);
        let only = memscribe::parse(&bytes, &opts).expect("parse");
        assert!(only.events.is_empty(), "{name}: nodes-only output kept events");
        let both = memscribe::parse(&bytes, &opts.clone().with_output(memscribe::OutputMode::Both)).expect("parse");
        check_node_invariants(&both, &name);
        assert_eq!(nodes_ndjson(&only), nodes_ndjson(&both), "{name}: nodes differ when events are kept");
        let mut cuts: Vec<usize> = (0..8).map(|_| rng.below(bytes.len())).collect();
        cuts.sort_unstable();
        assert_eq!(nodes_ndjson(&parse_chunked_with(&bytes, &opts, &cuts)), nodes_ndjson(&only), "{name}: chunked");
        nodes += only.nodes.len();
    }
    assert!(nodes > 0, "the corpus yields no node at all");
}
