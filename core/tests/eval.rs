//! The decision gate's quality on the labelled evaluation set
//! (`tests/eval/turns.jsonl`): precision ≥ 0.90 and recall ≥ 0.80 overall, and
//! the held-out half (ids the rules were not developed on) not far behind.

mod common;

use memscribe::eval::{is_dev_id, score};
use memscribe::gate::Gate;

#[test]
fn decision_precision_and_recall() {
    let text = std::fs::read_to_string(common::root().join("tests/eval/turns.jsonl")).unwrap();
    let gate = Gate::builtin();
    let all = score(&gate, &text, |_| true).unwrap();
    let held_out = score(&gate, &text, |id| !is_dev_id(id)).unwrap();
    println!("all:\n{}\n\nheld-out:\n{}", all.report(), held_out.report());
    println!("misclassified (id, expected, got): {:?}", all.errors);
    assert!(all.turns >= 200);
    assert!(all.precision_milli() >= 900, "precision {}", all.precision_milli());
    assert!(all.recall_milli() >= 800, "recall {}", all.recall_milli());
    assert!(held_out.precision_milli() >= 850, "held-out precision {}", held_out.precision_milli());
    assert!(held_out.recall_milli() >= 750, "held-out recall {}", held_out.recall_milli());
}
