//! Times one file in several option combinations (for profiling the pipeline
//! stages separately). usage: modes FILE SOURCE [MODE]; MODES_RUNS sets
//! the timed runs per mode (best is printed). "nodes-nogate" replaces the
//! rule table by an empty one (and has redaction off, like "nodes-noredact").
use std::time::Instant;

use memscribe::{Options, OutputMode, SourceKind};

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc; // as the CLI ships

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let data = std::fs::read(&a[1]).unwrap();
    let src: SourceKind = a[2].parse().unwrap();
    for (name, out, redact) in [
        ("events", OutputMode::Events, false),
        ("events+redact", OutputMode::Events, true),
        ("nodes-nogate", OutputMode::Nodes, false),
        ("nodes-noredact", OutputMode::Nodes, false),
        ("nodes", OutputMode::Nodes, true),
    ] {
        if a.get(3).is_some_and(|m| m != name) {
            continue;
        }
        let mut opts = Options::default()
            .with_source(src)
            .with_output(out)
            .with_redact(redact);
        if name == "nodes-nogate" {
            // An empty rule table: the pipeline without the gate's work.
            opts.gate_mode = memscribe::GateMode::Replace;
        }
        let _ = memscribe::parse(&data, &opts).unwrap();
        let mut best = f64::MAX;
        let runs: usize = std::env::var("MODES_RUNS")
            .ok()
            .and_then(|r| r.parse().ok())
            .unwrap_or(3);
        for _ in 0..runs {
            let t = Instant::now();
            let b = memscribe::parse(&data, &opts).unwrap();
            best = best.min(t.elapsed().as_secs_f64());
            drop(b);
        }
        println!("{name:16} {:7.1} MB/s", data.len() as f64 / 1e6 / best);
    }
}
