//! Times one file in several option combinations (for profiling the pipeline
//! stages separately). usage: modes FILE SOURCE
use std::time::Instant;
use memscribe::{Options, OutputMode, SourceKind};
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let data = std::fs::read(&a[1]).unwrap();
    let src: SourceKind = a[2].parse().unwrap();
    for (name, out, redact) in [("events", OutputMode::Events, false), ("events+redact", OutputMode::Events, true), ("nodes-noredact", OutputMode::Nodes, false), ("nodes", OutputMode::Nodes, true)] {
        let opts = Options::default().with_source(src).with_output(out).with_redact(redact);
        let _ = memscribe::parse(&data, &opts).unwrap();
        let mut best = f64::MAX;
        for _ in 0..3 {
            let t = Instant::now();
            let b = memscribe::parse(&data, &opts).unwrap();
            best = best.min(t.elapsed().as_secs_f64());
            drop(b);
        }
        println!("{name:16} {:7.1} MB/s", data.len() as f64 / 1e6 / best);
    }
}
