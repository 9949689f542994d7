//! Times the commitment gate alone on the person turns of a transcript (each
//! with the assistant turn before it as the proposal), as the pipeline calls
//! it. usage: gatebench FILE SOURCE [repeat]
use std::time::Instant;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc; // as the CLI ships

use memscribe::gate::Gate;
use memscribe::{EventKind, Options, OutputMode, SourceKind};

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let data = std::fs::read(&a[1]).expect("read");
    let src: SourceKind = a[2].parse().expect("source");
    let repeat: usize = a.get(3).and_then(|s| s.parse().ok()).unwrap_or(5);
    let opts = Options::default()
        .with_source(src)
        .with_output(OutputMode::Events)
        .with_redact(false);
    let batch = memscribe::parse(&data, &opts).expect("parse");
    let mut turns: Vec<(String, Option<String>)> = Vec::new();
    let mut last: Option<String> = None;
    for ev in &batch.events {
        match &ev.kind {
            EventKind::UserTurn {
                text,
                injected: None,
                ..
            } if ev.agent_id.is_none() => {
                turns.push((text.clone(), last.take()));
            }
            EventKind::AssistantTurn { text, .. }
                if ev.agent_id.is_none() && !text.trim().is_empty() =>
            {
                last = Some(text.clone());
            }
            _ => {}
        }
    }
    let bytes: usize = turns
        .iter()
        .map(|(t, p)| t.len() + p.as_ref().map_or(0, String::len))
        .sum();
    let t = Instant::now();
    let gate = Gate::builtin();
    if std::env::var_os("GATEBENCH_SENTENCES").is_some() {
        let (mut n, mut b) = (0usize, 0usize);
        for (text, _) in &turns {
            for (s, _, _) in memscribe::gate::explain(&gate, text) {
                n += 1;
                b += s.len();
            }
        }
        let hit_sents = turns
            .iter()
            .flat_map(|(t, _)| memscribe::gate::explain(&gate, t))
            .filter(|(_, _, tags)| tags.iter().any(|t| !t.starts_with('?')))
            .count();
        let quiet = turns
            .iter()
            .filter(|(t, _)| gate.markers(t).is_empty())
            .count();
        println!(
            "{n} sentences ({hit_sents} with a marker), {b} bytes; {quiet} turns without a marker"
        );
    }
    println!(
        "compile          {:8.1} ms",
        t.elapsed().as_secs_f64() * 1e3
    );
    let mut best = f64::MAX;
    let mut decisions = 0;
    for i in 0..repeat {
        let t = Instant::now();
        decisions = 0;
        for (text, proposal) in &turns {
            decisions += gate.evaluate(text, proposal.as_deref()).decision.is_some() as usize;
        }
        let s = t.elapsed().as_secs_f64();
        if i == 0 {
            println!("first pass       {:8.1} ms", s * 1e3);
        }
        best = best.min(s);
    }
    println!(
        "{} turns, {:.2} MB with proposals, {} decisions: best {:.1} ms, {:.1} us/turn",
        turns.len(),
        bytes as f64 / 1e6,
        decisions,
        best * 1e3,
        best * 1e6 / turns.len().max(1) as f64
    );
}
