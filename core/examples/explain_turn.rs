//! Shows how the gate reads one development case of `tests/eval`: its
//! sentences with their scores, markers and cues, and the decision.
//! Refuses held-out cases (they are never printed or explained).
//!
//! usage: explain_turn DIALOGUE_FILE GROUP#N | explain_turn --text TEXT [--proposal TEXT]

use memscribe::gate::{explain, Gate};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (text, proposal) = if args.first().map(String::as_str) == Some("--text") {
        let text = args.get(1).cloned().unwrap_or_default();
        let proposal = args.iter().position(|a| a == "--proposal").and_then(|i| args.get(i + 1)).cloned();
        (text, proposal)
    } else {
        let (file, id) = (&args[0], &args[1]);
        let (group, n) = id.split_once('#').expect("GROUP#N");
        if memscribe::eval::held_out(group) {
            eprintln!("{group} is held out: not shown");
            std::process::exit(2);
        }
        let n: usize = n.parse().unwrap();
        let data = std::fs::read_to_string(file).unwrap();
        let rows: Vec<serde_json::Value> = data
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| serde_json::from_str(l).unwrap())
            .filter(|v: &serde_json::Value| v["group"] == group)
            .collect();
        let row = &rows[n - 1];
        (row["text"].as_str().unwrap().to_owned(), row["proposal"].as_str().map(str::to_owned))
    };
    let gate = Gate::builtin();
    let typed = memscribe::gate::person_text(&text);
    if typed != text {
        println!("typed by the person: {typed:?}\n");
    }
    let text = typed;
    if let Some(p) = &proposal {
        println!("proposal: {}", p.chars().take(600).collect::<String>());
        println!("alternatives: {:?}\n", memscribe::gate::proposal_items(p));
    }
    for (s, score, tags) in explain(&gate, &text) {
        println!("[{score}] {s:?} {tags:?}");
    }
    let e = gate.evaluate(&text, proposal.as_deref());
    println!("=> assent {} {:#?}", e.assent, e.decision.map(|d| (d.epitome, d.options, d.is_ban)));
}
