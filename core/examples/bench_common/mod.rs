// Shared body of the `throughput` (mimalloc) and `throughput_system`
// (system allocator) benchmark examples.

use std::fs::File;
use std::io::{self, Read, Write};
use std::time::Instant;

use memscribe::{Options, OutputMode, Session, SourceKind};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: throughput FILE SOURCE [events|events+json|nodes|nodes+json] [repeat]");
        std::process::exit(2);
    }
    let path = &args[1];
    let source: SourceKind = args[2].parse().expect("source");
    let mode = args.get(3).map(String::as_str).unwrap_or("events");
    let repeat: usize = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut times = Vec::new();
    let mut bytes = 0u64;
    let mut events = 0u64;
    for _ in 0..repeat {
        // "events" / "events+json": events only, redaction off (the raw parse);
        // "nodes" / "nodes+json": the default pipeline, redaction on.
        let opts = if mode.starts_with("nodes") {
            Options::default().with_source(source)
        } else {
            Options::default().with_source(source).with_output(OutputMode::Events).with_redact(false)
        };
        let mut session = Session::new(opts).expect("session");
        let mut file = File::open(path).expect("open");
        let mut buf = vec![0u8; 1 << 20];
        let mut sink = io::sink();
        let (mut b, mut e) = (0u64, 0u64);
        let start = Instant::now();
        loop {
            let n = file.read(&mut buf).expect("read");
            if n == 0 {
                break;
            }
            b += n as u64;
            let batch = session.feed(&buf[..n]).expect("feed");
            e += (batch.events.len() + batch.nodes.len()) as u64;
            if mode.ends_with("+json") {
                batch.write_ndjson(&mut sink, if mode.starts_with("nodes") { OutputMode::Nodes } else { OutputMode::Events }).unwrap();
            }
        }
        let batch = session.finish().expect("finish");
        e += (batch.events.len() + batch.nodes.len()) as u64;
        if mode.ends_with("+json") {
            batch.write_ndjson(&mut sink, if mode.starts_with("nodes") { OutputMode::Nodes } else { OutputMode::Events }).unwrap();
        }
        sink.flush().unwrap();
        times.push(start.elapsed().as_secs_f64());
        bytes = b;
        events = e;
    }
    times.sort_by(f64::total_cmp);
    let (best, median) = (times[0], times[times.len() / 2]);
    let mb = bytes as f64 / 1e6;
    println!(
        "{{\"file\":{:?},\"source\":\"{}\",\"mode\":\"{}\",\"allocator\":\"{}\",\"mb\":{:.1},\"items\":{},\"runs\":{},\"best_s\":{:.3},\"mb_per_s_best\":{:.1},\"mb_per_s_median\":{:.1},\"peak_rss_mb\":{:.1}}}",
        path,
        source,
        mode,
        ALLOCATOR,
        mb,
        events,
        times.len(),
        best,
        mb / best,
        mb / median,
        peak_rss_kb() as f64 / 1024.0
    );
}

fn peak_rss_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|v| v.parse().ok()))
        })
        .unwrap_or(0)
}
