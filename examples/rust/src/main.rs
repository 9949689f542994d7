//! Summarises a transcript: events per kind, and every file edit with its size.
//!
//! cargo run -p memscribe-example -- examples/data/claude_code_session.jsonl

use std::collections::BTreeMap;

use memscribe::{EventKind, Options, OutputMode, Session};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args()
        .nth(1)
        .ok_or("usage: memscribe-example <transcript.jsonl>")?;
    let bytes = std::fs::read(&path)?;
    let source = memscribe::detect(&bytes).ok_or("unrecognised transcript format")?;

    // Stream it in 4 KiB chunks, as a host tailing a live log would.
    let mut session = Session::new(
        Options::default()
            .with_source(source)
            .with_output(OutputMode::Events),
    )?;
    let mut counts = BTreeMap::new();
    let mut report = |batch: memscribe::Batch| {
        for ev in batch.events {
            *counts.entry(ev.kind.name()).or_insert(0usize) += 1;
            if let EventKind::FileEdit { diff, .. } = &ev.kind {
                println!(
                    "edit  {:<40} +{} -{}",
                    diff.path, diff.added_lines, diff.removed_lines
                );
            }
        }
        for d in batch.diagnostics {
            eprintln!("line {}: {}", d.line_no, d.message);
        }
    };
    for chunk in bytes.chunks(4096) {
        report(session.feed(chunk)?);
    }
    report(session.finish()?);
    println!("{source}: {counts:?}");
    Ok(())
}
