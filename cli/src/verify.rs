//! `memscribe verify PATH`: a transcript's invariants.

use std::collections::{HashMap, HashSet};
use std::process::ExitCode;

use memscribe::{Options, OutputMode, PreparedNode, SourceKind};

/// Parses `path` twice and checks what every parse must hold. Prints each
/// problem; exit 1 when there is one.
pub fn verify_file(path: &str, source: Option<SourceKind>) -> ExitCode {
    let p = std::path::Path::new(path);
    let mut opts = Options::default()
        .with_output(OutputMode::Both)
        .with_redact(false);
    opts.source = source;
    let first = match memscribe_io::parse_path(p, &opts) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("memscribe: {}", e.message());
            return ExitCode::from(1);
        }
    };
    let mut problems: Vec<String> = Vec::new();
    match memscribe_io::parse_path(p, &opts) {
        Ok(second) if second == first => {}
        Ok(_) => problems.push("two parses of the same bytes differ".to_owned()),
        Err(e) => problems.push(format!("the second parse failed: {}", e.message())),
    }
    // Every non-blank line of a line-format file is an event's or a
    // diagnostic's.
    let mut covered: HashMap<String, HashSet<u64>> = HashMap::new();
    for ev in &first.events {
        if let Some(f) = ev.provenance.file.as_deref() {
            let lines = covered.entry(f.to_owned()).or_default();
            lines.insert(ev.provenance.line_no);
            // Records folded into this event (a usage record, a streamed
            // message's later parts).
            lines.extend(ev.provenance.merged_lines.iter().copied());
        }
    }
    let diag_lines: HashSet<u64> = first.diagnostics.iter().map(|d| d.line_no).collect();
    for (file, lines) in &covered {
        if !file.ends_with(".jsonl") {
            continue;
        }
        let Ok(bytes) = std::fs::read(file) else {
            continue;
        };
        for (i, line) in bytes.split(|&b| b == b'\n').enumerate() {
            let n = i as u64 + 1;
            if !line.iter().all(u8::is_ascii_whitespace)
                && !lines.contains(&n)
                && !diag_lines.contains(&n)
            {
                problems.push(format!(
                    "{file}:{n}: a record with no event and no diagnostic"
                ));
            }
        }
    }
    // Ids unique within a session.
    let mut ids: HashSet<(Option<&str>, &str)> = HashSet::new();
    for ev in &first.events {
        if !ids.insert((ev.session_id.as_deref(), ev.event_id.as_str())) {
            problems.push(format!("event id {} appears twice", ev.event_id));
        }
    }
    // Bindings resolve, with t_use ≤ t_gen.
    let node_ids: HashSet<&str> = first.nodes.iter().map(PreparedNode::id).collect();
    for n in &first.nodes {
        if let PreparedNode::Binding(b) = n {
            for end in [&b.from, &b.to] {
                if !node_ids.contains(end.as_str()) {
                    problems.push(format!("binding {} names {end}, which no node has", b.id));
                }
            }
            let ms = |t: &Option<String>| {
                t.as_deref().and_then(|t| {
                    time::OffsetDateTime::parse(t, &time::format_description::well_known::Rfc3339)
                        .ok()
                })
            };
            if let (Some(u), Some(g)) = (ms(&b.prov.t_use), ms(&b.prov.t_gen)) {
                if u > g {
                    problems.push(format!("binding {} has t_use after t_gen", b.id));
                }
            }
        }
    }
    let mut text = String::new();
    if problems.is_empty() {
        let s = first.summary.as_ref();
        text.push_str(&format!(
            "{path}: ok ({} records, {} events, {} nodes)\n",
            s.map_or(0, |s| s.records),
            first.events.len(),
            first.nodes.len()
        ));
        return crate::print_out(&text);
    }
    for p in &problems {
        text.push_str(&format!("{path}: {p}\n"));
    }
    let _ = crate::print_out(&text);
    ExitCode::from(1)
}
