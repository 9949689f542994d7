//! The floor `scripts/bench` holds events mode to: a naive tool that reads a
//! JSONL file line by line, parses each line into a `serde_json::Value` and
//! writes it back out, with the system allocator, as one would write it.
//!
//!     cargo run --release -p memscribe --example roundtrip -- FILE > /dev/null

use std::io::{BufRead, BufReader, BufWriter, Write};

fn main() {
    let path = std::env::args().nth(1).expect("usage: roundtrip FILE");
    let input = BufReader::new(std::fs::File::open(&path).expect("open"));
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for line in input.lines() {
        let line = line.expect("read");
        if let Ok(v) = serde_json::from_str::<serde_json::Value>(&line) {
            serde_json::to_writer(&mut out, &v).expect("write");
            out.write_all(b"\n").expect("write");
        }
    }
    out.flush().expect("flush");
}
