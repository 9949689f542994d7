//! Every Claude Code and Codex file of `../shared/corpus` (when present):
//! no error, nothing lost, deterministic, and chunking-invariant; and its
//! nodes hold the node invariants and are the same whether or not events are
//! kept beside them.

mod common;

use common::*;

#[test]
fn corpus_files_parse_losslessly() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for (name, bytes, kind, is_real) in corpus_inputs() {
        let batch = parse(&bytes, kind);
        check_invariants_ids(&bytes, &batch, &name, is_real);
        assert!(batch.events.len() > 10, "{name}: suspiciously few events");
        assert_eq!(memscribe::detect(&bytes), Some(kind), "{name}");
        for _ in 0..3 {
            let cuts = rng.cuts(bytes.len(), 16);
            assert_eq!(ndjson(&parse_chunked(&bytes, kind, &cuts)), ndjson(&batch), "{name}");
        }
    }
}

#[test]
fn corpus_files_yield_the_same_nodes_with_or_without_events() {
    let inputs = corpus_inputs();
    if inputs.is_empty() {
        return;
    }
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut nodes = 0;
    for (name, bytes, kind, _) in inputs {
        // The defaults: nodes only, redaction on (the output the CLI gives).
        let opts = memscribe::Options::default().with_source(kind);
        let only = memscribe::parse(&bytes, &opts).expect("parse");
        assert!(only.events.is_empty(), "{name}: nodes-only output kept events");
        let both = memscribe::parse(&bytes, &opts.clone().with_output(memscribe::OutputMode::Both)).expect("parse");
        check_node_invariants(&both, &name);
        assert_eq!(only.nodes, both.nodes, "{name}: nodes differ when events are kept");
        let cuts = rng.cuts(bytes.len(), 8);
        assert_eq!(parse_chunked_with(&bytes, &opts, &cuts).nodes, only.nodes, "{name}: chunked");
        nodes += only.nodes.len();
    }
    assert!(nodes > 0, "the corpus yields no node at all");
}
