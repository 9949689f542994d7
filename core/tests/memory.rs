//! Memory stays bounded wherever large records sit and however many tiny
//! records a chunk holds. Heap use is measured with a counting allocator
//! (the peak of live bytes above what was live when a case began), so the
//! figures are exact and the same on every machine. The cases run one at a
//! time: they share the counter.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use memscribe::{ErrorKind, Options, OutputMode, Session, SourceKind};

struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            if new_size >= layout.size() {
                let now = LIVE.fetch_add(new_size - layout.size(), Ordering::Relaxed) + new_size
                    - layout.size();
                PEAK.fetch_max(now, Ordering::Relaxed);
            } else {
                LIVE.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            }
        }
        p
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

const MB: usize = 1 << 20;

/// Runs `f` and returns the peak heap growth it caused, in bytes.
fn peak_growth(f: impl FnOnce()) -> usize {
    let base = LIVE.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    f();
    let grew = PEAK.load(Ordering::Relaxed) - base;
    eprintln!("peak heap growth: {:.1} MB", grew as f64 / MB as f64);
    grew
}

/// Feeds `input` in 1 MiB chunks, dropping what comes out; returns the
/// error `finish` (or a `feed`) gave, if any.
fn stream(input: &[u8], opts: Options) -> Option<memscribe::Error> {
    let mut s = Session::new(opts).unwrap();
    for chunk in input.chunks(MB) {
        if let Err(e) = s.feed(chunk) {
            return Some(e);
        }
    }
    s.finish().err()
}

fn filler(len: usize) -> String {
    "abcdefghij".repeat(len / 10)
}

const CLAUDE_TURN: &str = r#"{"parentUuid":null,"isSidechain":false,"type":"user","sessionId":"s1","uuid":"u1","timestamp":"2026-01-01T00:00:00Z","cwd":"/w","message":{"role":"user","content":"We'll use Postgres for the queue."}}"#;

#[test]
fn large_metadata_records_before_the_first_claude_turn_are_not_all_held() {
    let _one = ONE_AT_A_TIME.lock().unwrap();
    let big = filler(6 * MB);
    let mut input = String::new();
    for i in 0..12 {
        input.push_str(&format!(
            "{{\"type\":\"file-history-snapshot\",\"messageId\":\"m{i}\",\"snapshot\":{{\"note\":\"{big}\"}},\"isSnapshotUpdate\":false}}\n"
        ));
    }
    input.push_str(CLAUDE_TURN);
    input.push('\n');
    let opts = Options::default()
        .with_source(SourceKind::ClaudeCode)
        .with_output(OutputMode::Nodes);
    let peak = peak_growth(|| assert!(stream(input.as_bytes(), opts).is_none()));
    // One record being read and parsed, not twelve held: 72 MB of input.
    assert!(
        peak < 40 * MB,
        "peak heap growth {} MB for 12 × 6 MB records",
        peak / MB
    );
}

#[test]
fn large_records_before_the_codex_turn_context_are_not_all_held() {
    let _one = ONE_AT_A_TIME.lock().unwrap();
    let big = filler(6 * MB);
    let mut input = String::from(
        r#"{"timestamp":"2026-01-01T00:00:00Z","type":"session_meta","payload":{"id":"c1","timestamp":"2026-01-01T00:00:00Z","cwd":"/w","cli_version":"0.63.0"}}"#,
    );
    input.push('\n');
    for _ in 0..12 {
        input.push_str(&format!(
            "{{\"timestamp\":\"2026-01-01T00:00:01Z\",\"type\":\"response_item\",\"payload\":{{\"type\":\"message\",\"role\":\"user\",\"content\":[{{\"type\":\"input_text\",\"text\":\"{big}\"}}]}}}}\n"
        ));
    }
    let opts = Options::default()
        .with_source(SourceKind::Codex)
        .with_output(OutputMode::Nodes);
    let peak = peak_growth(|| assert!(stream(input.as_bytes(), opts).is_none()));
    assert!(
        peak < 40 * MB,
        "peak heap growth {} MB for 12 × 6 MB records",
        peak / MB
    );
}

#[test]
fn detection_holds_a_bounded_number_of_bytes() {
    let _one = ONE_AT_A_TIME.lock().unwrap();
    let big = filler(6 * MB);
    let mut input = String::new();
    for _ in 0..12 {
        input.push_str(&format!("{{\"note\":\"{big}\"}}\n"));
    }
    input.push_str(CLAUDE_TURN);
    input.push('\n');
    let mut err = None;
    let peak = peak_growth(|| {
        err = stream(
            input.as_bytes(),
            Options::default().with_output(OutputMode::Nodes),
        )
    });
    assert!(
        peak < 40 * MB,
        "peak heap growth {} MB for 12 × 6 MB records",
        peak / MB
    );
    let err = err.expect("an undetectable start is an error");
    assert_eq!(err.kind(), ErrorKind::UnknownSource);
    assert!(err.message().contains("pass a source"), "{}", err.message());
}

#[test]
fn small_large_records_still_wait_for_detection() {
    // Under the hold's byte budget, unrecognised records before the first
    // recognisable one are parsed once the tool is known, as before.
    let _one = ONE_AT_A_TIME.lock().unwrap();
    let input = format!("{{\"note\":\"{}\"}}\n{CLAUDE_TURN}\n", filler(MB));
    let batch = memscribe::parse(
        input.as_bytes(),
        &Options::default().with_output(OutputMode::Events),
    )
    .unwrap();
    assert_eq!(batch.summary.unwrap().source, Some(SourceKind::ClaudeCode));
    assert_eq!(batch.events.len(), 3, "unknown, session_start, user_turn");
}

#[test]
fn a_flood_of_tiny_records_is_handed_out_in_bounded_batches() {
    let _one = ONE_AT_A_TIME.lock().unwrap();
    let input = "{}\n".repeat(4 * MB / 3);
    let opts = Options::default()
        .with_source(SourceKind::ClaudeCode)
        .with_output(OutputMode::Events);
    let mut s = Session::new(opts).unwrap();
    let (mut events, mut largest) = (0usize, 0usize);
    let peak = peak_growth(|| {
        s.feed_with(input.as_bytes(), &mut |b| {
            events += b.events.len();
            largest = largest.max(b.events.len() + b.nodes.len() + b.diagnostics.len());
        })
        .unwrap();
    });
    assert_eq!(events, 4 * MB / 3);
    assert!(
        largest <= Session::FLUSH_ITEMS,
        "a batch of {largest} items"
    );
    // What remains per record is the id it was given (for uniqueness): a few
    // bytes, where holding the events would take hundreds each.
    let per_record = peak as f64 / events as f64;
    assert!(
        per_record < 32.0,
        "{per_record:.1} bytes of heap per record"
    );
}

#[test]
fn streamed_batches_concatenate_to_the_one_shot_result() {
    let _one = ONE_AT_A_TIME.lock().unwrap();
    let mut batches = 0;
    for (path, kind) in common_fixtures() {
        let bytes = std::fs::read(&path).unwrap();
        let opts = Options::default()
            .with_source(kind)
            .with_output(OutputMode::Both);
        let whole = memscribe::parse(&bytes, &opts).unwrap();
        let mut s = Session::new(opts).unwrap();
        let mut got = memscribe::Batch::default();
        for chunk in bytes.chunks(4096) {
            s.feed_with(chunk, &mut |b| {
                batches += 1;
                got.extend(b);
            })
            .unwrap();
        }
        got.extend(s.finish().unwrap());
        let ndjson = |b: &memscribe::Batch| {
            let mut v = Vec::new();
            b.write_ndjson(&mut v, OutputMode::Both).unwrap();
            b.write_diagnostics_ndjson(&mut v).unwrap();
            v
        };
        assert!(ndjson(&got) == ndjson(&whole), "{}", path.display());
    }
    assert!(batches > 10, "{batches} batches");
}

fn common_fixtures() -> Vec<(std::path::PathBuf, SourceKind)> {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures");
    let mut out = Vec::new();
    for (dir, kind) in [
        ("claude_code", SourceKind::ClaudeCode),
        ("codex", SourceKind::Codex),
    ] {
        let mut stack = vec![root.join(dir)];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).unwrap() {
                let p = e.unwrap().path();
                if p.is_dir() {
                    stack.push(p);
                } else if p.extension().is_some_and(|x| x == "jsonl") {
                    out.push((p, kind));
                }
            }
        }
    }
    out.sort();
    assert!(out.len() >= 10);
    out
}
