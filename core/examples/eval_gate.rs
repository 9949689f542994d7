//! Evaluates `Gate::decide` against a labeled turns file.
//!
//! usage: cargo run --release -p memscribe --example eval_gate -- [PATH] [--errors dev|held|all] [--explain ID] [--with-proposal]
//! PATH defaults to "tests/eval/turns.jsonl". Splits: dev = odd ids, held-out = even ids.

use memscribe::gate::{explain, Gate};
use serde_json::Value;
use std::time::Instant;

#[derive(Default)]
struct Stats {
    tp: u32,
    fp: u32,
    fn_: u32,
    tn: u32,
    ban_ok: u32,
    opt_lenient: u32,
    opt_exact: u32,
    opt_total: u32,
    epi_ok: u32,
}

/// A stand-in for "what the assistant proposed just before" (`--with-proposal`):
/// every turn is then also tried as a confirmation of it.
const GENERIC_PROPOSAL: &str = "I see two ways to do this:\n\n1. Keep the current approach and patch the failing case.\n2. Replace it with a dedicated module.\n\nI'd recommend option 2. Want me to go ahead?";

fn norm(s: &str) -> String {
    let t: String = s.to_lowercase().replace(['`', '"', '*'], "").split_whitespace().collect::<Vec<_>>().join(" ");
    t.trim_matches(|c: char| c.is_ascii_punctuation() && c != '#' && c != '.').trim_end_matches('.').to_string()
}

fn lenient(a: &str, b: &str) -> bool {
    let (a, b) = (norm(a), norm(b));
    if a.is_empty() || b.is_empty() {
        return false;
    }
    a == b || (a.len() >= 2 && b.contains(&a)) || (b.len() >= 2 && a.contains(&b))
}

fn opts_agree(gold_c: Option<&str>, gold_r: &[String], pred: &[(String, bool)], exact: bool) -> bool {
    let eq = |x: &str, y: &str| if exact { norm(x) == norm(y) } else { lenient(x, y) };
    let pc: Vec<&str> = pred.iter().filter(|o| o.1).map(|o| o.0.as_str()).collect();
    let pr: Vec<&str> = pred.iter().filter(|o| !o.1).map(|o| o.0.as_str()).collect();
    let chosen_ok = match gold_c {
        None => pc.is_empty(),
        Some(g) => pc.iter().any(|p| eq(g, p)),
    };
    let rej_ok =
        gold_r.iter().all(|g| pr.iter().any(|p| eq(g, p))) && pr.iter().all(|p| gold_r.iter().any(|g| eq(g, p)));
    chosen_ok && rej_ok
}

fn pct(n: u32, d: u32) -> String {
    if d == 0 {
        "  n/a".into()
    } else {
        format!("{:.3}", n as f64 / d as f64)
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut path = "tests/eval/turns.jsonl".to_string();
    let mut errors: Option<String> = None;
    let mut explain_id: Option<String> = None;
    let mut proposal: Option<String> = None;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--errors" => {
                errors = args.get(i + 1).cloned();
                i += 1;
            }
            "--with-proposal" => {
                proposal = Some(GENERIC_PROPOSAL.to_string());
            }
            "--explain" => {
                explain_id = args.get(i + 1).cloned();
                i += 1;
            }
            p => path = p.to_string(),
        }
        i += 1;
    }
    let data = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    let gate = Gate::builtin();
    let mut splits = [Stats::default(), Stats::default(), Stats::default()];
    let names = ["dev (odd ids)", "held-out (even ids)", "all"];
    let t0 = Instant::now();
    for line in data.lines().filter(|l| !l.trim().is_empty()) {
        let v: Value = serde_json::from_str(line).expect("valid json line");
        let id = v["id"].as_str().unwrap_or("");
        let num: u32 = id.trim_start_matches('t').parse().unwrap_or(0);
        let split = if num % 2 == 1 { 0 } else { 1 };
        let text = v["text"].as_str().unwrap_or("");
        let gold = v["is_decision"].as_bool().unwrap_or(false);
        let gold_ban = v["is_ban"].as_bool().unwrap_or(false);
        let gold_c = v["chosen"].as_str();
        let gold_r: Vec<String> = v["rejected"]
            .as_array()
            .map(|a| a.iter().filter_map(|x| x.as_str().map(String::from)).collect())
            .unwrap_or_default();
        let gold_epi = v["epitome"].as_str();
        let pred = match &proposal {
            Some(p) => gate.decide(text).or_else(|| gate.decide_assent(text, p)),
            None => gate.decide(text),
        };
        if explain_id.as_deref() == Some(id) {
            for (s, sc, tags) in explain(&gate, text) {
                println!("[{sc}] {s:?} {tags:?}");
            }
            println!("=> {pred:#?}");
        }
        for k in [split, 2] {
            let st = &mut splits[k];
            match (&pred, gold) {
                (Some(d), true) => {
                    st.tp += 1;
                    if d.is_ban == gold_ban {
                        st.ban_ok += 1;
                    }
                    st.opt_total += 1;
                    if opts_agree(gold_c, &gold_r, &d.options, false) {
                        st.opt_lenient += 1;
                    }
                    if opts_agree(gold_c, &gold_r, &d.options, true) {
                        st.opt_exact += 1;
                    }
                    if gold_epi == Some(d.epitome.as_str()) {
                        st.epi_ok += 1;
                    }
                }
                (Some(_), false) => st.fp += 1,
                (None, true) => st.fn_ += 1,
                (None, false) => st.tn += 1,
            }
        }
        let show = match errors.as_deref() {
            Some("all") => true,
            Some("dev") => split == 0,
            Some("held") => split == 1,
            _ => false,
        };
        if show {
            let wrong = pred.is_some() != gold;
            let detail_wrong = match &pred {
                Some(d) if gold => {
                    d.is_ban != gold_ban
                        || !opts_agree(gold_c, &gold_r, &d.options, false)
                        || gold_epi != Some(d.epitome.as_str())
                }
                _ => false,
            };
            if wrong {
                let kind = if gold { "FN" } else { "FP" };
                if split == 0 {
                    println!("{kind} {id}: {text:?}");
                    if let Some(d) = &pred {
                        println!("    epitome: {:?}", d.epitome);
                    }
                } else {
                    println!("{kind} {id}");
                }
            } else if detail_wrong && split == 0 {
                let d = pred.as_ref().expect("predicted");
                println!("~~ {id}: ban {}/{} epi {:?} (gold {:?})", d.is_ban, gold_ban, d.epitome, gold_epi);
                println!("    options {:?}  gold chosen {:?} rejected {:?}", d.options, gold_c, gold_r);
            } else if detail_wrong {
                println!("~~ {id}");
            }
        }
    }
    let el = t0.elapsed();
    println!(
        "{:<22} {:>4} {:>4} {:>4} {:>4}  {:>9} {:>6} {:>6}  {:>8} {:>10} {:>10} {:>8}",
        "split", "TP", "FP", "FN", "TN", "precision", "recall", "F1", "ban acc", "opts(len)", "opts(exact)", "epitome"
    );
    for (k, st) in splits.iter().enumerate() {
        let p = pct(st.tp, st.tp + st.fp);
        let r = pct(st.tp, st.tp + st.fn_);
        let f1 = pct(2 * st.tp, 2 * st.tp + st.fp + st.fn_);
        println!(
            "{:<22} {:>4} {:>4} {:>4} {:>4}  {:>9} {:>6} {:>6}  {:>8} {:>10} {:>10} {:>8}",
            names[k],
            st.tp,
            st.fp,
            st.fn_,
            st.tn,
            p,
            r,
            f1,
            pct(st.ban_ok, st.tp),
            pct(st.opt_lenient, st.opt_total),
            pct(st.opt_exact, st.opt_total),
            pct(st.epi_ok, st.tp)
        );
    }
    println!(
        "(ban acc, options and epitome are measured on true positives; {} turns in {:?})",
        splits[2].tp + splits[2].fp + splits[2].fn_ + splits[2].tn,
        el
    );
}
