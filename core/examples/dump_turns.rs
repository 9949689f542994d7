//! Development aid: reads dialogue-format JSONL (`group`, `text`, optional
//! `proposal`, `label`, `lang`) and prints, for every row that is not in the
//! held-out half, the gate's sentences with their scores and tags and the
//! gate's answer, one JSON object per line. `--all` also prints rows whose
//! group the project split would hold out (for sets outside `tests/eval`).
//!
//! usage: dump_turns FILE [--all]

use memscribe::gate::{explain, person_text, proposal_items, Gate};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let all = args.iter().any(|a| a == "--all");
    // (the project's own held-out half is never printed)
    if all && args[0].contains("tests/eval/dialogues") {
        eprintln!("dump_turns: --all is for sets outside tests/eval/dialogues");
        std::process::exit(2);
    }
    let gate = Gate::builtin();
    let data = std::fs::read_to_string(&args[0]).unwrap();
    for line in data.lines().filter(|l| !l.trim().is_empty()) {
        let row: serde_json::Value = serde_json::from_str(line).unwrap();
        let group = row["group"].as_str().unwrap_or("");
        if !all && memscribe::eval::held_out(group) {
            continue;
        }
        let text = person_text(row["text"].as_str().unwrap_or_default());
        let e = gate.evaluate(&text, row["proposal"].as_str());
        let got = match &e.decision {
            Some(d) if d.is_ban => "ban",
            Some(_) => "decision",
            None => "none",
        };
        let sents: Vec<serde_json::Value> = explain(&gate, &text)
            .into_iter()
            .map(|(s, sc, tags)| serde_json::json!([s, sc, tags]))
            .collect();
        let items = row["proposal"]
            .as_str()
            .map(|p| proposal_items(p).1)
            .unwrap_or_default();
        let out = serde_json::json!({
            "items": items, "raw": row["text"], "proposal": row["proposal"],
            "group": group, "lang": row["lang"], "label": row["label"], "got": got,
            "epitome": row["epitome"], "has_proposal": !row["proposal"].is_null(),
            "got_epitome": e.decision.as_ref().map(|d| d.epitome.clone()),
            "text": text, "sents": sents,
        });
        println!("{out}");
    }
}
