//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::collections::{BTreeSet, HashSet};
use std::path::{Path, PathBuf};

use memscribe::{Batch, Options, OutputMode, Session, SourceKind};

/// True when `MEMSCRIBE_BLESS=1` asks the snapshot tests to rewrite their
/// expected files instead of comparing (any other value, `0` included,
/// compares).
pub fn blessing() -> bool {
    std::env::var("MEMSCRIBE_BLESS").is_ok_and(|v| v == "1")
}

/// The workspace root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// `tests/fixtures/<tool>/<version>/*.jsonl`, with the tool each was written by.
pub fn fixtures() -> Vec<(PathBuf, SourceKind)> {
    let mut out = Vec::new();
    for (dir, kind) in [
        ("claude_code", SourceKind::ClaudeCode),
        ("codex", SourceKind::Codex),
    ] {
        let base = root().join("tests/fixtures").join(dir);
        for version in sorted_dir(&base) {
            for f in sorted_dir(&version) {
                if f.extension().is_some_and(|e| e == "jsonl") {
                    out.push((f, kind));
                }
            }
        }
    }
    assert!(out.len() >= 45, "fixtures missing: found {}", out.len());
    out
}

/// The Claude Code and Codex files of `../shared/corpus`, when it exists,
/// with whether their ids are the tool's own (MANIFEST.tsv `is_real` = yes)
/// rather than scrubbed placeholders.
pub fn corpus() -> Vec<(PathBuf, SourceKind, bool)> {
    let mut out = Vec::new();
    let base = root().join("../shared/corpus");
    let manifest = std::fs::read_to_string(base.join("MANIFEST.tsv")).unwrap_or_default();
    let real = |rel: &str| {
        manifest.lines().any(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            cols.first() == Some(&rel) && cols.get(9) == Some(&"yes")
        })
    };
    for (dir, kind) in [
        ("claude_code", SourceKind::ClaudeCode),
        ("codex", SourceKind::Codex),
    ] {
        for f in sorted_dir(&base.join(dir)) {
            if f.is_file() {
                let rel = format!("{dir}/{}", f.file_name().unwrap().to_string_lossy());
                let is_real = real(&rel);
                out.push((f, kind, is_real));
            }
        }
    }
    out
}

/// [`corpus`] read into memory as `(name, bytes, kind, is_real)`; empty, with
/// a note, when `../shared/corpus` is not present.
pub fn corpus_inputs() -> Vec<(String, Vec<u8>, SourceKind, bool)> {
    let files = corpus();
    if files.is_empty() {
        eprintln!("../shared/corpus not present; skipping");
    }
    files
        .into_iter()
        .map(|(p, kind, real)| {
            (
                p.display().to_string(),
                std::fs::read(&p).unwrap(),
                kind,
                real,
            )
        })
        .collect()
}

pub fn sorted_dir(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(rd) => rd.map(|e| e.unwrap().path()).collect(),
        Err(_) => Vec::new(),
    };
    v.sort();
    v
}

pub fn events_opts(kind: SourceKind) -> Options {
    Options::default()
        .with_source(kind)
        .with_output(OutputMode::Events)
        .with_redact(false)
}

/// Parses with the default pipeline (nodes and events both kept), redaction off.
pub fn parse_both(bytes: &[u8], kind: SourceKind) -> Batch {
    memscribe::parse(bytes, &events_opts(kind).with_output(OutputMode::Both)).expect("parse")
}

/// `both`-mode NDJSON (events interleaved with nodes), then diagnostics.
pub fn ndjson_both(batch: &Batch) -> String {
    let mut buf = Vec::new();
    batch.write_ndjson(&mut buf, OutputMode::Both).unwrap();
    batch.write_diagnostics_ndjson(&mut buf).unwrap();
    String::from_utf8(buf).unwrap()
}

/// Feeds `bytes` split at `cuts` with the given options.
pub fn parse_chunked_with(bytes: &[u8], opts: &Options, cuts: &[usize]) -> Batch {
    let mut s = Session::new(opts.clone()).unwrap();
    let mut out = Batch::default();
    let mut prev = 0;
    for &c in cuts {
        let c = c.min(bytes.len()).max(prev);
        out.extend(s.feed(&bytes[prev..c]).unwrap());
        prev = c;
    }
    out.extend(s.feed(&bytes[prev..]).unwrap());
    out.extend(s.finish().unwrap());
    out
}

/// The node invariants: unique ids; every binding's `t_use ≤ t_gen` and its
/// ends exist in the stream; every episode comes from a `file_edit` whose
/// call succeeded.
pub fn check_node_invariants(batch: &Batch, what: &str) {
    use memscribe::{EventKind, PreparedNode};
    let mut ids = HashSet::new();
    for n in &batch.nodes {
        assert!(
            ids.insert(n.id().to_owned()),
            "{what}: duplicate node id {}",
            n.id()
        );
    }
    let ok_calls: HashSet<&str> = batch
        .events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::ToolResult {
                call_id, ok: true, ..
            } => Some(call_id.as_str()),
            _ => None,
        })
        .collect();
    let edits: HashSet<&str> = batch
        .events
        .iter()
        .filter(|e| matches!(e.kind, EventKind::FileEdit { .. }))
        .map(|e| e.event_id.as_str())
        .collect();
    for n in &batch.nodes {
        match n {
            PreparedNode::Episode(ep) => {
                assert!(
                    edits.contains(ep.event_id.as_str()),
                    "{what}: episode {} has no file_edit",
                    ep.id
                );
                assert!(
                    ok_calls.contains(ep.call_id.as_str()),
                    "{what}: episode {} from a failed call",
                    ep.id
                );
            }
            PreparedNode::Binding(b) => {
                assert!(
                    ids.contains(&b.from) && ids.contains(&b.to),
                    "{what}: dangling binding {}",
                    b.id
                );
                if let (Some(u), Some(g)) = (&b.prov.t_use, &b.prov.t_gen) {
                    let fmt = &time::format_description::well_known::Rfc3339;
                    let (u, g) = (
                        time::OffsetDateTime::parse(u, fmt).unwrap(),
                        time::OffsetDateTime::parse(g, fmt).unwrap(),
                    );
                    assert!(u <= g, "{what}: binding {} has t_use > t_gen", b.id);
                }
                assert_eq!(
                    b.fact_status,
                    memscribe::FactStatus::DeterministicallyDerived
                );
            }
            _ => {}
        }
    }
}

pub fn parse(bytes: &[u8], kind: SourceKind) -> Batch {
    memscribe::parse(bytes, &events_opts(kind)).expect("parse")
}

/// Feeds `bytes` split at `cuts` (sorted offsets) and concatenates the output.
pub fn parse_chunked(bytes: &[u8], kind: SourceKind, cuts: &[usize]) -> Batch {
    parse_chunked_with(bytes, &events_opts(kind), cuts)
}

pub fn ndjson(batch: &Batch) -> String {
    let mut buf = Vec::new();
    batch.write_events_ndjson(&mut buf).unwrap();
    batch.write_diagnostics_ndjson(&mut buf).unwrap();
    String::from_utf8(buf).unwrap()
}

/// Line numbers (1-based) of the non-blank lines of `bytes`.
pub fn record_lines(bytes: &[u8]) -> BTreeSet<u64> {
    let mut set = BTreeSet::new();
    for (i, line) in bytes.split(|&b| b == b'\n').enumerate() {
        // A line of only JSON punctuation (a damaged file whose first line
        // became `{` is read as a document) opens or closes a document: it
        // holds no record of its own.
        let structure = line
            .iter()
            .all(|b| b.is_ascii_whitespace() || b"{}[],:".contains(b));
        if !line.iter().all(u8::is_ascii_whitespace) && !structure {
            set.insert(i as u64 + 1);
        }
    }
    set
}

/// Whether `bytes` are read as one JSON document rather than as lines: the
/// first non-blank line is a lone `{`, or the input opens with `[`.
fn is_document(bytes: &[u8]) -> bool {
    let start = bytes.iter().position(|b| !b.is_ascii_whitespace());
    let Some(start) = start else { return false };
    let rest = &bytes[start..];
    let line = rest.split(|&b| b == b'\n').next().unwrap_or_default();
    rest[0] == b'[' || line.trim_ascii() == b"{"
}

/// Line numbers (1-based) on which a record of a JSON document begins: an
/// element of the top-level array, a member's value in the top-level object,
/// or an element of a member whose value is an array; and any line with
/// bytes after the document's end. A line that only continues a record
/// begun on an earlier line (a value or string split by a line break), or
/// holds only a member's name, is the record's, not one of its own.
pub fn document_record_lines(bytes: &[u8]) -> BTreeSet<u64> {
    let mut set = BTreeSet::new();
    let (mut line, mut stack, mut started) = (1u64, Vec::new(), false);
    let (mut in_str, mut esc, mut after_colon) = (false, false, false);
    for &b in bytes {
        if b == b'\n' {
            line += 1;
        }
        if in_str {
            match (esc, b) {
                (true, _) => esc = false,
                (false, b'\\') => esc = true,
                (false, b'"') => in_str = false,
                _ => {}
            }
            continue;
        }
        if b.is_ascii_whitespace() {
            continue;
        }
        if started && stack.is_empty() {
            set.insert(line);
            continue;
        }
        // A value may begin here at record level: in the top-level array, in
        // a top-level member's array, or as a top-level member's value.
        let level = stack.as_slice();
        let in_items = level == b"[" || level == b"{[";
        let member_value = level == b"{" && after_colon;
        let value_start = !matches!(b, b',' | b':' | b']' | b'}');
        if value_start && (in_items || (member_value && b != b'[')) {
            set.insert(line);
        }
        if level == b"{" {
            match b {
                b':' => after_colon = true,
                b',' => after_colon = false,
                _ => {}
            }
        }
        match b {
            b'"' => in_str = true,
            b'{' | b'[' => {
                stack.push(b);
                started = true;
            }
            b'}' | b']' => {
                stack.pop();
            }
            _ => {}
        }
    }
    set
}

/// The invariants every parse keeps: `seq` is 0, 1, 2, …; event ids are
/// unique; every record line is accounted for by an event, a folded line or a
/// diagnostic; every `file_edit` follows a successful `tool_result` for the
/// same call.
pub fn check_invariants(bytes: &[u8], batch: &Batch, what: &str) {
    check_invariants_ids(bytes, batch, what, true)
}

/// As [`check_invariants`]; `unique_ids` is false for inputs whose own ids
/// were scrubbed to one placeholder (then the tool-native ids repeat).
pub fn check_invariants_ids(bytes: &[u8], batch: &Batch, what: &str, unique_ids: bool) {
    for (i, e) in batch.events.iter().enumerate() {
        assert_eq!(e.seq, i as u64, "{what}: seq not monotonic at {i}");
        assert_eq!(e.schema_version, memscribe::SCHEMA_VERSION);
    }
    let mut ids = HashSet::new();
    for e in &batch.events {
        assert!(
            ids.insert(e.event_id.as_str()) || !unique_ids,
            "{what}: duplicate event_id {}",
            e.event_id
        );
    }
    let mut covered = BTreeSet::new();
    for e in &batch.events {
        covered.insert(e.provenance.line_no);
        covered.extend(e.provenance.merged_lines.iter().copied());
    }
    let lines = if is_document(bytes) {
        document_record_lines(bytes)
    } else {
        record_lines(bytes)
    };
    for d in &batch.diagnostics {
        covered.insert(d.line_no);
        // A diagnostic that ends the reading of a document (its structure
        // broke, bytes follow its end, or the input was cut inside it)
        // accounts for every line from its own to the end: it says those
        // bytes are not read.
        let ends_reading = d.diagnostic == memscribe::DiagnosticKind::Truncated
            || d.message.contains("the rest of the document is not read")
            || d.message.contains("after the end of the JSON document");
        if ends_reading {
            covered.extend(lines.range(d.line_no..).copied());
        }
    }
    let missing: Vec<u64> = lines.difference(&covered).copied().collect();
    assert!(
        missing.is_empty(),
        "{what}: lines not accounted for: {missing:?}"
    );
    let mut ok_results = HashSet::new();
    for e in &batch.events {
        match &e.kind {
            memscribe::EventKind::ToolResult {
                call_id, ok: true, ..
            } => {
                ok_results.insert(call_id.clone());
            }
            memscribe::EventKind::FileEdit { call_id, .. } => {
                assert!(
                    ok_results.contains(call_id),
                    "{what}: file_edit {call_id} without a successful result"
                );
            }
            _ => {}
        }
    }
}

/// The call ids of a batch's episodes, in order.
pub fn episode_calls(batch: &Batch) -> Vec<&str> {
    batch
        .nodes
        .iter()
        .filter_map(|n| match n {
            memscribe::PreparedNode::Episode(e) => Some(e.call_id.as_str()),
            _ => None,
        })
        .collect()
}

/// The usage of every `assistant_turn` of a batch, summed.
pub fn usage_total(batch: &Batch) -> memscribe::Usage {
    let mut sum = memscribe::Usage::default();
    for e in &batch.events {
        if let memscribe::EventKind::AssistantTurn { usage: Some(u), .. } = &e.kind {
            sum.input_tokens += u.input_tokens;
            sum.output_tokens += u.output_tokens;
            sum.cache_read_tokens += u.cache_read_tokens;
            sum.cache_creation_tokens += u.cache_creation_tokens;
        }
    }
    sum
}

/// A small deterministic PRNG (xorshift) for tests that want varied input
/// without a dependency on the test order.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    /// `n` sorted random cut offsets into a text of `len` bytes.
    pub fn cuts(&mut self, len: usize, n: usize) -> Vec<usize> {
        let mut cuts: Vec<usize> = (0..n).map(|_| self.below(len)).collect();
        cuts.sort_unstable();
        cuts
    }
}
