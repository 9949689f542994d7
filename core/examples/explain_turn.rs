//! Shows how the gate reads one development case of `tests/eval`: its
//! sentences with their scores, markers and cues, and the decision.
//! Refuses held-out cases (they are never printed or explained).
//!
//! With `--probes FILE`, reads probe sentences written for development (one
//! JSON object per line: `text`, `label`, optional `proposal` and `lang`,
//! never a held-out case) and lists the ones the gate gets wrong.
//!
//! usage: explain_turn DIALOGUE_FILE GROUP#N | explain_turn --text TEXT [--proposal TEXT] | explain_turn --probes FILE

use memscribe::gate::{explain, Gate};

/// Scores probe sentences: decision / ban / none against the label.
fn probes(file: &str) {
    let gate = Gate::builtin();
    let data = std::fs::read_to_string(file).unwrap();
    let (mut tp, mut fp, mut fneg, mut n) = (0, 0, 0, 0);
    for line in data.lines().filter(|l| !l.trim().is_empty()) {
        let row: serde_json::Value = serde_json::from_str(line).unwrap();
        if row["group"].as_str().is_some_and(memscribe::eval::held_out) {
            continue;
        }
        n += 1;
        let text = memscribe::gate::person_text(row["text"].as_str().unwrap_or_default());
        let e = gate.evaluate(&text, row["proposal"].as_str());
        let got = match &e.decision {
            Some(d) if d.is_ban => "ban",
            Some(_) => "decision",
            None => "none",
        };
        let want = row["label"].as_str().unwrap_or("none");
        match (want != "none", got != "none") {
            (true, true) => tp += 1,
            (false, true) => fp += 1,
            (true, false) => fneg += 1,
            _ => {}
        }
        if std::env::var_os("PROBES_SCORES").is_some() {
            // label, gate answer, best sentence score and its tags (for
            // looking at near misses in bulk)
            let best = explain(&gate, &text)
                .into_iter()
                .max_by_key(|(_, sc, _)| *sc)
                .map(|(s, sc, tags)| (sc, tags, s))
                .unwrap_or_default();
            let id = row["id"].as_str().or(row["group"].as_str()).unwrap_or("?");
            println!(
                "SCORE\t{want}\t{got}\t{}\t{id}\t{:?}\t{}",
                best.0,
                best.1,
                text.replace('\n', "⏎")
            );
        }
        let all = std::env::var_os("PROBES_ALL").is_some() && got != "none";
        if all || (want != "none") != (got != "none") {
            let id = row["id"].as_str().or(row["group"].as_str()).unwrap_or("?");
            let lang = row["lang"].as_str().unwrap_or("?");
            println!("{id} [{lang}] {want} -> {got}: {}", text.replace('\n', "⏎"));
            if let Some(d) = &e.decision {
                println!("    epitome: {}", d.epitome.replace('\n', "⏎"));
                let rules: Vec<&str> = d.markers.iter().map(|m| m.rule_id.as_str()).collect();
                println!("    assent {} rules {rules:?}", e.assent);
            }
        }
    }
    println!("{n} probes: tp {tp} fp {fp} fn {fneg}");
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--probes") {
        return probes(&args[1]);
    }
    let (text, proposal) = if args.first().map(String::as_str) == Some("--text") {
        let text = args.get(1).cloned().unwrap_or_default();
        let proposal = args
            .iter()
            .position(|a| a == "--proposal")
            .and_then(|i| args.get(i + 1))
            .cloned();
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
        (
            row["text"].as_str().unwrap().to_owned(),
            row["proposal"].as_str().map(str::to_owned),
        )
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
    println!(
        "=> assent {} {:#?}",
        e.assent,
        e.decision.map(|d| (d.epitome, d.options, d.is_ban))
    );
}
