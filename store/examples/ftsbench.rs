//! Times full-text queries on a store: `ftsbench STORE [N]` runs N queries
//! (default 200) of one and two words drawn from the store's own decision
//! and turn text, and prints their p50 / p95 / max in milliseconds as JSON.

use std::time::Instant;

use memscribe_store::Store;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: ftsbench STORE [N]");
        std::process::exit(2);
    };
    let n: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(200);
    let store = Store::open(std::path::Path::new(path)).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1)
    });
    // Words of the indexed text itself (a fixed sample: the same queries
    // every run on the same store).
    let mut words: Vec<String> = Vec::new();
    let mut st = store
        .connection()
        .prepare("SELECT text FROM texts WHERE rowid % 97 = 0 LIMIT 400")
        .expect("texts");
    for t in st
        .query_map([], |r| r.get::<_, String>(0))
        .expect("query")
        .flatten()
    {
        words.extend(
            t.split(|c: char| !c.is_alphanumeric())
                .filter(|w| w.len() >= 5)
                .take(3)
                .map(str::to_lowercase),
        );
    }
    if words.is_empty() {
        eprintln!("the store has no indexed text");
        std::process::exit(1);
    }
    let mut times = Vec::with_capacity(n);
    let mut hits = 0usize;
    for i in 0..n {
        let q = if i % 2 == 0 {
            words[i % words.len()].clone()
        } else {
            format!(
                "{} {}",
                words[i % words.len()],
                words[(i * 7 + 3) % words.len()]
            )
        };
        let t = Instant::now();
        hits += store.search(&q, 20, false).map(|h| h.len()).unwrap_or(0);
        times.push(t.elapsed().as_secs_f64() * 1000.0);
    }
    times.sort_by(|a, b| a.total_cmp(b));
    let pct = |p: f64| times[((times.len() as f64 - 1.0) * p).round() as usize];
    println!(
        "{{\"queries\":{n},\"hits\":{hits},\"p50_ms\":{:.3},\"p95_ms\":{:.3},\"max_ms\":{:.3}}}",
        pct(0.5),
        pct(0.95),
        times[times.len() - 1]
    );
}
