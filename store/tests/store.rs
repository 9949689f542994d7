//! The store's guarantees: idempotent re-ingest, appends and rewrites that
//! end equal to a fresh ingest (nodes included), history by checkpoint,
//! replay byte for byte as `parse`, concurrent ingesters, damaged stores
//! and a full disk reported as errors.

use std::io::Write;
use std::path::{Path, PathBuf};

use memscribe::{Options, OutputMode};
use memscribe_store::{DecisionQuery, ErrorKind, Redaction, Store};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("memscribe-store-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn quiet(_: &memscribe_store::Progress) {}

/// The live content of a store, without its checkpoint numbers: what two
/// stores must agree on.
fn dump(s: &Store) -> Vec<String> {
    let c = s.connection();
    let mut out = Vec::new();
    for sql in [
        "SELECT src.path || ' ' || s.session_id || ' ' || coalesce(s.tool,'') || ' ' || coalesce(s.cwd,'') || ' ' || coalesce(s.first_ts,'') || ' ' || coalesce(s.last_ts,'') || ' ' || s.events || ' ' || s.nodes
           FROM sessions s JOIN sources src ON src.id = s.source WHERE s.events + s.nodes > 0 ORDER BY 1",
        "SELECT src.path || ' ' || s.session_id || ' ' || e.seq || ' ' || e.event_id || ' ' || hex(e.hash)
           FROM events e JOIN sessions s ON s.id = e.session JOIN sources src ON src.id = s.source WHERE e.cp_to IS NULL ORDER BY 1",
        "SELECT src.path || ' ' || s.session_id || ' ' || n.node_id || ' ' || n.ord || ' ' || n.pos || ' ' || hex(n.hash)
           FROM nodes n JOIN sessions s ON s.id = n.session JOIN sources src ON src.id = s.source WHERE n.cp_to IS NULL ORDER BY 1",
        "SELECT count(*) || ' texts' FROM texts",
    ] {
        let mut st = c.prepare(sql).unwrap();
        let rows = st.query_map([], |r| r.get::<_, String>(0)).unwrap();
        out.extend(rows.map(Result::unwrap));
    }
    out
}

fn fresh_dump(paths: &[PathBuf], dir: &Path, name: &str) -> Vec<String> {
    let mut s = Store::open(&dir.join(name)).unwrap();
    s.ingest(paths, &mut quiet).unwrap();
    dump(&s)
}

/// What `parse` writes for `path` (redaction on, as a sanitize store keeps
/// it), items only.
fn parse_lines(path: &Path, mode: OutputMode) -> String {
    let mut opts = Options::default().with_output(mode);
    opts.redact = true;
    let b = memscribe_io::parse_path(path, &opts).unwrap();
    let mut out = Vec::new();
    b.write_ndjson(&mut out, mode).unwrap();
    String::from_utf8(out).unwrap()
}

fn replay(s: &Store, session: Option<&str>, mode: OutputMode, as_of: Option<i64>) -> String {
    let mut out = Vec::new();
    s.replay(session, mode, as_of, false, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

fn copy_fixtures(dir: &Path) -> PathBuf {
    let src = dir.join("src");
    for tool in ["claude_code/v2_1", "codex/v0_34", "gemini/jsonl_v0_40"] {
        let from = root().join("tests/fixtures").join(tool);
        let Ok(rd) = std::fs::read_dir(&from) else {
            continue;
        };
        let to = src.join(tool);
        std::fs::create_dir_all(&to).unwrap();
        for e in rd {
            let p = e.unwrap().path();
            if p.is_file() {
                std::fs::copy(&p, to.join(p.file_name().unwrap())).unwrap();
            }
        }
    }
    src
}

#[test]
fn reingest_is_idempotent_and_skips_unchanged_sources() {
    let dir = scratch("idem");
    let src = copy_fixtures(&dir);
    let mut s = Store::open(&dir.join("s.db")).unwrap();
    let first = s.ingest(&[src.clone()], &mut quiet).unwrap();
    assert!(first.changed > 5 && first.events_added > 50, "{first:?}");
    assert_eq!(first.checkpoint, Some(1));
    let before = dump(&s);
    let again = s.ingest(&[src.clone()], &mut quiet).unwrap();
    assert_eq!(
        (again.changed, again.unchanged, again.checkpoint),
        (0, first.sources, None),
        "{again:?}"
    );
    assert_eq!(dump(&s), before);
    // Touched but not changed: read again, nothing written, no checkpoint.
    let f = std::fs::read_dir(src.join("claude_code/v2_1"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let bytes = std::fs::read(&f).unwrap();
    std::fs::write(&f, &bytes).unwrap();
    let touched = s.ingest(&[src], &mut quiet).unwrap();
    assert_eq!(
        (touched.events_added, touched.checkpoint),
        (0, None),
        "{touched:?}"
    );
    assert_eq!(dump(&s), before);
    assert!(s.verify().unwrap().is_empty());
}

#[test]
fn appends_end_equal_to_a_fresh_ingest_and_half_lines_wait() {
    appends(0, &root().join("examples/data/claude_code_session.jsonl"));
}

/// Kept open, a session's appends are parsed alone (each byte read once)
/// and the store still ends equal to a fresh ingest.
#[test]
fn appends_to_a_live_session_are_read_alone() {
    for sample in ["claude_code_session.jsonl", "codex_rollout.jsonl"] {
        let path = root().join("examples/data").join(sample);
        let read = appends(4, &path);
        assert_eq!(
            read,
            std::fs::metadata(&path).unwrap().len(),
            "{sample}: every byte read once"
        );
    }
}

/// The same on real sessions of several tools (decisions that supersede
/// others, subagents inline, long tool outputs).
#[test]
fn corpus_appends_to_live_sessions_equal_a_fresh_ingest() {
    let corpus = root().parent().unwrap().join("shared/corpus");
    if !corpus.is_dir() {
        return;
    }
    let mut checked = 0;
    for tool in ["claude_code", "codex", "copilot_cli", "gemini"] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(corpus.join(tool))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
            .collect();
        files.sort();
        for f in files.iter().take(3) {
            if f.to_string_lossy().contains("__agent-") {
                continue;
            }
            let read = appends(4, f);
            assert_eq!(read, std::fs::metadata(f).unwrap().len(), "{}", f.display());
            checked += 1;
        }
    }
    assert!(checked >= 6, "{checked}");
}

/// Writes `sample` in pieces, ingesting after each (keeping up to `live`
/// sessions open); returns the bytes the ingests read.
fn appends(live: usize, sample: &Path) -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    let dir = scratch(&format!(
        "append{live}-{}",
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let full = std::fs::read(sample).unwrap();
    let file = dir.join("live").join("session.jsonl");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    let mut s = Store::open(&dir.join("s.db")).unwrap();
    s.keep_live(live);
    let mut read = 0;
    // Write the file in uneven pieces, some ending mid-line, ingesting
    // after each.
    let cuts: Vec<usize> = (1..12)
        .map(|k| full.len() * k / 12 + k * 7)
        .filter(|&c| c < full.len())
        .chain([full.len()])
        .collect();
    let mut written = 0;
    let mut checkpoints = 0;
    for cut in cuts {
        let mut f = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&file)
            .unwrap();
        f.write_all(&full[written..cut]).unwrap();
        drop(f);
        written = cut;
        let r = s.ingest(&[file.clone()], &mut quiet).unwrap();
        assert!(r.failed.is_empty(), "{r:?}");
        read += r.bytes;
        checkpoints += usize::from(r.checkpoint.is_some());
        // Whatever was read, the store holds no event from a half line.
        let complete = full[..written]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let read_to: i64 = s
            .connection()
            .query_row("SELECT read_to FROM sources", [], |r| r.get(0))
            .unwrap();
        assert!(
            read_to as usize == written || read_to as usize == complete,
            "read {read_to} of {written}"
        );
    }
    assert!(
        checkpoints >= 1.max(5.min(full.iter().filter(|&&b| b == b'\n').count() / 4)),
        "{checkpoints} checkpoints"
    );
    // The finished file, ingested at once into a new store.
    assert_eq!(dump(&s), fresh_dump(&[file.clone()], &dir, "fresh.db"));
    for mode in [OutputMode::Events, OutputMode::Nodes, OutputMode::Both] {
        assert_eq!(
            replay(&s, None, mode, None),
            parse_lines(&file, mode),
            "{mode:?}"
        );
    }
    assert!(s.verify().unwrap().is_empty(), "{:?}", s.verify());
    let diags: i64 = s
        .connection()
        .query_row("SELECT count(*) FROM diagnostics", [], |r| r.get(0))
        .unwrap();
    let fresh = Store::open(&dir.join("fresh.db")).unwrap();
    let fresh_diags: i64 = fresh
        .connection()
        .query_row("SELECT count(*) FROM diagnostics", [], |r| r.get(0))
        .unwrap();
    assert_eq!(diags, fresh_diags);
    read
}

#[test]
fn a_rewritten_file_is_read_again_and_history_answers_as_of() {
    let dir = scratch("rewrite");
    let fixtures = root().join("tests/fixtures/claude_code/v2_1");
    let f = dir.join("t.jsonl");
    std::fs::copy(fixtures.join("decision_then_edits.jsonl"), &f).unwrap();
    let mut s = Store::open(&dir.join("s.db")).unwrap();
    let cp1 = s
        .ingest(&[f.clone()], &mut quiet)
        .unwrap()
        .checkpoint
        .unwrap();
    let old_events = parse_lines(&f, OutputMode::Both);
    let old_decisions = s.decisions(&DecisionQuery::default()).unwrap();
    assert!(!old_decisions.is_empty());
    // Replaced by another session (a new inode), then truncated.
    let tmp = dir.join("t.new");
    std::fs::copy(fixtures.join("ban.jsonl"), &tmp).unwrap();
    std::fs::rename(&tmp, &f).unwrap();
    let r = s.ingest(&[f.clone()], &mut quiet).unwrap();
    assert!(r.events_closed > 0 && r.events_added > 0, "{r:?}");
    assert_eq!(dump(&s), fresh_dump(&[f.clone()], &dir, "fresh1.db"));
    assert_eq!(
        replay(&s, None, OutputMode::Both, None),
        parse_lines(&f, OutputMode::Both)
    );
    assert_eq!(
        replay(&s, None, OutputMode::Both, Some(cp1)),
        old_events,
        "as of the first checkpoint"
    );
    let as_of = s
        .decisions(&DecisionQuery {
            as_of: Some(cp1),
            ..Default::default()
        })
        .unwrap();
    assert_eq!(as_of, old_decisions);
    let bytes = std::fs::read(&f).unwrap();
    let half = bytes[..bytes.len() / 2]
        .iter()
        .rposition(|&b| b == b'\n')
        .unwrap()
        + 1;
    std::fs::write(&f, &bytes[..half]).unwrap();
    s.ingest(&[f.clone()], &mut quiet).unwrap();
    assert_eq!(dump(&s), fresh_dump(&[f.clone()], &dir, "fresh2.db"));
    // Deleted: the store keeps what it had.
    let kept = dump(&s);
    std::fs::remove_file(&f).unwrap();
    let r = s.ingest_sources(vec![f.clone()], &mut quiet).unwrap();
    assert_eq!(r.failed.len(), 1);
    assert_eq!(dump(&s), kept);
    assert_eq!(s.checkpoints().unwrap().len(), 3);
}

#[test]
fn replay_is_parse_byte_for_byte_for_every_fixture() {
    let dir = scratch("replay");
    let src = copy_fixtures(&dir);
    let mut s = Store::open(&dir.join("s.db")).unwrap();
    s.ingest(&[src.clone()], &mut quiet).unwrap();
    let mut checked = 0;
    let sessions = s.sessions(None).unwrap();
    for info in &sessions {
        if sessions
            .iter()
            .filter(|o| o.session_id == info.session_id)
            .count()
            > 1
        {
            continue; // a subagent's file beside its session's: two sources
        }
        let path = PathBuf::from(&info.path);
        // A file holding one session replays as its parse does.
        let parsed = parse_lines(&path, OutputMode::Events);
        if parsed
            .lines()
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
            .any(|v| v["session_id"] != info.session_id.as_str())
        {
            continue;
        }
        assert_eq!(
            replay(&s, Some(&info.session_id), OutputMode::Events, None),
            parsed,
            "{}",
            info.path
        );
        assert_eq!(
            replay(&s, Some(&info.session_id), OutputMode::Nodes, None),
            parse_lines(&path, OutputMode::Nodes),
            "{}",
            info.path
        );
        checked += 1;
    }
    assert!(checked >= 8, "{checked}");
}

#[test]
fn search_decisions_and_sessions_answer() {
    let dir = scratch("query");
    let src = copy_fixtures(&dir);
    let mut s = Store::open(&dir.join("s.db")).unwrap();
    s.ingest(&[src], &mut quiet).unwrap();
    let all = s.decisions(&DecisionQuery::default()).unwrap();
    assert!(all.len() >= 5, "{}", all.len());
    assert!(all.iter().all(|d| d.value()["node"] == "decision"));
    let bans = all.iter().filter(|d| d.value()["is_ban"] == true).count();
    assert!(bans >= 1);
    let codex = s
        .decisions(&DecisionQuery {
            tool: Some("codex".into()),
            ..Default::default()
        })
        .unwrap();
    assert!(
        !codex.is_empty()
            && codex.len() < all.len()
            && codex.iter().all(|d| d.tool.as_deref() == Some("codex"))
    );
    let future = s
        .decisions(&DecisionQuery {
            since_ms: Some(4_102_444_800_000),
            ..Default::default()
        })
        .unwrap();
    assert!(future.is_empty());
    let nowhere = s
        .decisions(&DecisionQuery {
            repo: Some("/no/such/repo".into()),
            ..Default::default()
        })
        .unwrap();
    assert!(nowhere.is_empty());
    // A word of a decision's epitome finds it.
    let epitome = all[0].value()["epitome"].as_str().unwrap().to_owned();
    let word = epitome
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.len() > 4)
        .last()
        .unwrap()
        .to_owned();
    let hits = s.search(&word, 50, false).unwrap();
    assert!(
        hits.iter()
            .any(|h| h.snippet.contains(&format!("[{}", &word[..1]))
                || h.snippet.to_lowercase().contains(&word.to_lowercase())),
        "{word}: {hits:?}"
    );
    assert!(
        s.search("\"unbalanced (quote -x", 5, false).is_ok(),
        "punctuation is never FTS syntax"
    );
    assert_eq!(
        s.search("   ", 5, false).unwrap_err().kind,
        ErrorKind::Usage
    );
    let episodes = s.episodes(&DecisionQuery::default()).unwrap();
    assert!(episodes.len() >= 5 && episodes.iter().all(|e| e.value()["node"] == "episode"));
    let path = episodes[0].value()["path"].as_str().unwrap().to_owned();
    let name = path.rsplit('/').next().unwrap().to_owned();
    let of_file = s
        .episodes(&DecisionQuery {
            file: Some(name.clone()),
            ..Default::default()
        })
        .unwrap();
    assert!(
        !of_file.is_empty()
            && of_file.iter().all(|e| {
                let p = e.value()["path"].as_str().unwrap().to_owned();
                p == name || p.ends_with(&format!("/{name}"))
            })
    );
    assert!(s
        .episodes(&DecisionQuery {
            file: Some("no/such/file.rs".into()),
            ..Default::default()
        })
        .unwrap()
        .is_empty());
    let sessions = s.sessions(None).unwrap();
    assert!(sessions.len() >= 10);
    assert_eq!(
        sessions.iter().map(|x| x.decisions).sum::<i64>(),
        all.len() as i64
    );
}

#[test]
fn mask_on_view_keeps_raw_text_and_masks_every_read() {
    let dir = scratch("mask");
    let f = dir.join("secret.jsonl");
    let key = "AKIAIOSFODNN7EXAMPLQ";
    let line = format!(
        "{{\"type\":\"user\",\"sessionId\":\"sec-1\",\"uuid\":\"u1\",\"timestamp\":\"2026-01-01T00:00:00Z\",\"message\":{{\"role\":\"user\",\"content\":\"we always deploy with aws_access_key_id={key} from now on\"}}}}\n"
    );
    std::fs::write(&f, line).unwrap();
    let mut masked = Store::open_with(&dir.join("m.db"), Some(Redaction::Mask)).unwrap();
    masked.ingest(&[f.clone()], &mut quiet).unwrap();
    let shown = replay(&masked, None, OutputMode::Both, None);
    assert!(!shown.contains(key), "{shown}");
    let mut raw = Vec::new();
    masked
        .replay(None, OutputMode::Both, None, true, &mut raw)
        .unwrap();
    assert!(String::from_utf8(raw).unwrap().contains(key));
    let hits = masked.search("deploy", 5, false).unwrap();
    assert!(
        !hits.is_empty() && hits.iter().all(|h| !h.snippet.contains(key)),
        "{hits:?}"
    );
    // Its mode cannot change.
    drop(masked);
    assert_eq!(
        Store::open_with(&dir.join("m.db"), Some(Redaction::Sanitize))
            .unwrap_err()
            .kind,
        ErrorKind::Usage
    );
    // Sanitize: the secret never reaches the file.
    let mut clean = Store::open(&dir.join("c.db")).unwrap();
    clean.ingest(&[f], &mut quiet).unwrap();
    let mut all = Vec::new();
    clean
        .replay(None, OutputMode::Both, None, true, &mut all)
        .unwrap();
    assert!(!String::from_utf8(all).unwrap().contains(key));
    let texts: Vec<String> = clean
        .connection()
        .prepare("SELECT text FROM texts")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert!(!texts.is_empty() && texts.iter().all(|t| !t.contains(key)));
    drop(clean);
    let file = std::fs::read(dir.join("c.db")).unwrap();
    assert!(memchr_find(&file, key.as_bytes()).is_none());
}

fn memchr_find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

#[test]
fn two_ingesters_at_once_neither_fail_nor_double() {
    let dir = scratch("concurrent");
    let src = copy_fixtures(&dir);
    let db = dir.join("s.db");
    Store::open(&db).unwrap();
    let handles: Vec<_> = (0..2)
        .map(|_| {
            let (db, src) = (db.clone(), src.clone());
            std::thread::spawn(move || {
                let mut s = Store::open(&db).unwrap();
                s.ingest(&[src], &mut quiet).unwrap()
            })
        })
        .collect();
    let reports: Vec<_> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    assert_eq!(
        reports[0].changed + reports[1].changed,
        reports[0].sources,
        "each source read once: {reports:?}"
    );
    let s = Store::open(&db).unwrap();
    assert_eq!(dump(&s), fresh_dump(&[src], &dir, "fresh.db"));
}

/// Many openers of one store that does not exist yet, released at once:
/// every one opens it (creating WAL mode and the schema takes the file to
/// itself, and SQLite runs no busy handler for the journal-mode switch),
/// and the store they made is one store.
#[test]
fn openers_racing_to_create_one_store_all_open_it() {
    let dir = scratch("race");
    for round in 0..12 {
        let db = dir.join(format!("s{round}.db"));
        let gate = std::sync::Arc::new(std::sync::Barrier::new(6));
        let handles: Vec<_> = (0..6)
            .map(|_| {
                let (db, gate) = (db.clone(), gate.clone());
                std::thread::spawn(move || {
                    gate.wait();
                    Store::open(&db).map(|s| s.redaction())
                })
            })
            .collect();
        for h in handles {
            let opened = h.join().unwrap();
            assert_eq!(opened, Ok(Redaction::Sanitize), "round {round}");
        }
        let s = Store::open(&db).unwrap();
        let mode: String = s
            .connection()
            .query_row("PRAGMA journal_mode", [], |r| r.get(0))
            .unwrap();
        assert_eq!(mode, "wal");
        let meta: i64 = s
            .connection()
            .query_row(
                "SELECT count(*) FROM meta WHERE key = 'redaction'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(meta, 1, "the schema was made once");
    }
}

#[test]
fn a_damaged_or_foreign_store_is_a_clear_error() {
    let dir = scratch("corrupt");
    let junk = dir.join("junk.db");
    std::fs::write(
        &junk,
        b"this is not a database at all, just text\n".repeat(200),
    )
    .unwrap();
    let e = Store::open(&junk).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Corrupt, "{e}");
    let foreign = dir.join("foreign.db");
    rusqlite::Connection::open(&foreign)
        .unwrap()
        .execute_batch("CREATE TABLE t (x); INSERT INTO t VALUES (1);")
        .unwrap();
    assert_eq!(Store::open(&foreign).unwrap_err().kind, ErrorKind::Corrupt);
    // A real store cut short or scribbled over: an error (or, where SQLite
    // can still read what is left, answers), never a panic.
    let good = dir.join("good.db");
    let mut s = Store::open(&good).unwrap();
    s.ingest(&[copy_fixtures(&dir)], &mut quiet).unwrap();
    drop(s);
    let bytes = std::fs::read(&good).unwrap();
    for (k, damaged) in [bytes[..bytes.len() / 3].to_vec(), {
        let mut b = bytes.clone();
        for i in (4096..b.len()).step_by(997) {
            b[i] ^= 0x5a;
        }
        b
    }]
    .into_iter()
    .enumerate()
    {
        let p = dir.join(format!("damaged{k}.db"));
        std::fs::write(&p, damaged).unwrap();
        if let Ok(s) = Store::open(&p) {
            let _ = s.sessions(None);
            let _ = s.search("decision", 5, false);
            let _ = s.decisions(&DecisionQuery::default());
            let v = s.verify();
            assert!(
                v.is_err() || !v.unwrap().is_empty(),
                "damage {k} went unnoticed"
            );
        }
    }
    // A newer schema is refused.
    let newer = dir.join("newer.db");
    drop(Store::open(&newer).unwrap());
    rusqlite::Connection::open(&newer)
        .unwrap()
        .execute_batch("PRAGMA user_version = 99")
        .unwrap();
    assert_eq!(Store::open(&newer).unwrap_err().kind, ErrorKind::Schema);
}

#[test]
fn a_full_disk_is_a_clear_error_and_the_store_stays_consistent() {
    let dir = scratch("full");
    let src = copy_fixtures(&dir);
    let db = dir.join("s.db");
    let mut s = Store::open(&db).unwrap();
    // A quota of a few pages: the first large source cannot be written.
    let pages: i64 = s
        .connection()
        .query_row("PRAGMA page_count", [], |r| r.get(0))
        .unwrap();
    s.connection()
        .query_row(
            &format!("PRAGMA max_page_count = {}", pages + 8),
            [],
            |_| Ok(()),
        )
        .unwrap();
    let e = s.ingest(&[src.clone()], &mut quiet).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Full, "{e}");
    drop(s);
    let mut s = Store::open(&db).unwrap();
    assert!(s.verify().unwrap().is_empty());
    s.ingest(&[src.clone()], &mut quiet).unwrap();
    assert_eq!(dump(&s), fresh_dump(&[src], &dir, "fresh.db"));
}

/// Chinese and Japanese are written without spaces: any part of a run is
/// found, and the snippet reads as written.
#[test]
fn search_finds_words_inside_cjk_text() {
    let dir = scratch("cjk");
    let f = dir.join("zh.jsonl");
    let turns = [
        "我们用PostgreSQL作为主数据库，不要用MySQL。",
        "データベースはSQLiteにしましょう",
        "레디스 캐시는 쓰지 맙시다",
    ];
    let lines: String = turns
        .iter()
        .enumerate()
        .map(|(i, t)| {
            format!("{{\"type\":\"user\",\"sessionId\":\"cjk\",\"uuid\":\"u{i}\",\"timestamp\":\"2026-01-01T00:00:0{i}Z\",\"message\":{{\"role\":\"user\",\"content\":\"{t}\"}}}}\n")
        })
        .collect();
    std::fs::write(&f, lines).unwrap();
    let mut s = Store::open(&dir.join("s.db")).unwrap();
    s.ingest(&[f], &mut quiet).unwrap();
    for (q, want) in [
        ("数据库", "主[数据库]"),
        ("主数据", "[主数据]库"),
        ("データベース", "[データベース]は"),
        ("캐시", "[캐시]"),
        ("postgresql", "[PostgreSQL]"),
    ] {
        let hits = s.search(q, 5, false).unwrap();
        assert!(
            hits.iter().any(|h| h.snippet.contains(want)),
            "{q}: {hits:?}"
        );
    }
    assert!(
        s.search("数据仓库", 5, false).unwrap().is_empty(),
        "a run that is not in the text"
    );
}

/// An export from the store equals one from the transcripts it ingested
/// (every fixture tool's files; both formats), names its checkpoint, and a
/// raw export needs a mask-on-view store.
#[test]
fn export_from_the_store_equals_export_from_the_transcripts() {
    use memscribe::ExportFormat;
    let dir = scratch("export");
    let src = root().join("tests/conformance/inputs/secrets_claude.jsonl");
    let codex = root().join("examples/data/codex_rollout.jsonl");
    for (name, redaction, raw) in [
        ("s.db", Redaction::Sanitize, false),
        ("m.db", Redaction::Mask, true),
        ("m2.db", Redaction::Mask, false),
    ] {
        let mut s = Store::open_with(&dir.join(name), Some(redaction)).unwrap();
        s.ingest(&[src.clone(), codex.clone()], &mut quiet).unwrap();
        let opts = Options::default().with_redact(!raw);
        for format in [ExportFormat::Atif, ExportFormat::Otel] {
            let mut want = memscribe::export(&std::fs::read(&src).unwrap(), &opts, format)
                .unwrap()
                .documents;
            want.extend(
                memscribe::export(&std::fs::read(&codex).unwrap(), &opts, format)
                    .unwrap()
                    .documents,
            );
            let got = s.export(None, None, raw, format).unwrap();
            let mut got_docs = got.documents.clone();
            let key = |d: &serde_json::Value| d.to_string();
            got_docs.sort_by_key(key);
            want.sort_by_key(key);
            assert_eq!(got_docs, want, "{name} {format:?}");
            assert_eq!(got.manifest["origin"]["store"]["checkpoint"], 1);
            assert_eq!(got.manifest["redacted"], !raw);
            let marked = got.manifest["redactions"]
                .as_object()
                .unwrap()
                .values()
                .map(|v| v.as_u64().unwrap())
                .sum::<u64>();
            assert_eq!(marked > 0, !raw, "{name}: markers counted");
        }
        let one = s.request(r#"{"op":"export","format":"otel","session":"019abb65"}"#);
        let one: serde_json::Value = serde_json::from_str(&one.unwrap()).unwrap();
        assert_eq!(one["documents"].as_array().unwrap().len(), 1);
        assert_eq!(one["manifest"]["format"], "otel");
    }
    let s = Store::open(&dir.join("s.db")).unwrap();
    assert_eq!(
        s.export(None, None, true, ExportFormat::Atif)
            .unwrap_err()
            .kind,
        ErrorKind::Usage
    );
    assert_eq!(
        s.export(Some("no-such"), None, false, ExportFormat::Atif)
            .unwrap_err()
            .kind,
        ErrorKind::Usage
    );
}
