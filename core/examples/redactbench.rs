//! Worst-case redaction: text made of triggers with nothing between them
//! (the shapes of `core/tests/redaction.rs`), at 1 MiB and 4 MiB, to show
//! the time is linear in the length.
//!
//!     cargo run --release -p memscribe --example redactbench

#[path = "../tests/redaction.rs"]
#[allow(dead_code)]
mod shapes;

use memscribe::redact::{rules, Redactor};

fn main() {
    let r = Redactor::shared();
    println!(
        "{:<20} {:>10} {:>10} {:>10}",
        "shape", "1 MiB ms", "4 MiB ms", "ratio"
    );
    let small = shapes::adversarial_shapes(1 << 20);
    let large = shapes::adversarial_shapes(4 << 20);
    for ((name, a), (_, b)) in small.into_iter().zip(large) {
        let time = |text: &str| {
            let mut best = f64::MAX;
            for _ in 0..3 {
                let mut s = text.to_owned();
                let mut counts = vec![0u32; rules().len()];
                let t = std::time::Instant::now();
                r.redact_in_place(&mut s, &mut counts);
                best = best.min(t.elapsed().as_secs_f64() * 1e3);
            }
            best
        };
        let (ta, tb) = (time(&a), time(&b));
        println!("{name:<20} {ta:>10.2} {tb:>10.2} {:>10.2}", tb / ta);
    }
}
