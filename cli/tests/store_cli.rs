//! The store through the binary: an ingest killed at random points and run
//! again equals a clean one; `watch` picks up appends, truncation,
//! rotation and deletion; `hook` never fails its agent.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("memscribe-cli-store-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_memscribe"));
    c.env_remove("MEMSCRIBE_STORE");
    c
}

fn run(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    if let Some(data) = stdin {
        let _ = pipe.write_all(data);
    }
    drop(pipe);
    child.wait_with_output().unwrap()
}

fn ok(args: &[&str]) -> String {
    let out = run(args, None);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// A folder of transcripts: the bundled samples and fixtures, each
/// replicated under several names (each file its own source).
fn sources(dir: &Path, copies: usize) -> PathBuf {
    let src = dir.join("src");
    std::fs::create_dir_all(&src).unwrap();
    let mut inputs: Vec<PathBuf> = vec![
        root().join("examples/data/claude_code_session.jsonl"),
        root().join("examples/data/codex_rollout.jsonl"),
    ];
    for tool in ["claude_code/v2_1", "codex/v0_34"] {
        for e in std::fs::read_dir(root().join("tests/fixtures").join(tool)).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "jsonl")
                && !p.to_string_lossy().contains("agent-")
            {
                inputs.push(p);
            }
        }
    }
    inputs.sort();
    for k in 0..copies {
        let d = src.join(format!("copy{k:02}"));
        std::fs::create_dir_all(&d).unwrap();
        for p in &inputs {
            std::fs::copy(p, d.join(p.file_name().unwrap())).unwrap();
        }
    }
    src
}

/// Everything a store holds that two stores must agree on: its sessions
/// and every stored event and node.
fn content(store: &Path) -> String {
    let s = store.to_str().unwrap();
    let mut out = ok(&["sessions", "--store", s, "--json"]);
    out.push_str(&ok(&["replay", "--store", s, "--output", "both"]));
    out
}

#[test]
fn an_ingest_killed_at_twenty_points_then_resumed_equals_a_clean_one() {
    let dir = scratch("kill");
    let src = sources(&dir, 2);
    let clean = dir.join("clean.db");
    let started = Instant::now();
    ok(&[
        "ingest",
        src.to_str().unwrap(),
        "--store",
        clean.to_str().unwrap(),
        "--quiet",
    ]);
    let full = started.elapsed().max(Duration::from_millis(50));
    let want = content(&clean);
    // Twenty ingests, each killed at a point spread over the clean run's
    // length (a fixed sequence: the test is the same every run), then run
    // again to the end.
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut killed_mid_way = 0;
    for k in 0..20 {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let at = full.mul_f64(((x >> 33) % 1000) as f64 / 1000.0);
        let store = dir.join(format!("killed{k}.db"));
        let mut child = bin()
            .args([
                "ingest",
                src.to_str().unwrap(),
                "--store",
                store.to_str().unwrap(),
                "--quiet",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(at);
        if child.try_wait().unwrap().is_none() {
            killed_mid_way += 1;
        }
        child.kill().ok(); // SIGKILL
        child.wait().unwrap();
        ok(&[
            "ingest",
            src.to_str().unwrap(),
            "--store",
            store.to_str().unwrap(),
            "--quiet",
        ]);
        assert_eq!(content(&store), want, "killed after {at:?}");
        assert!(ok(&["verify", "--store", store.to_str().unwrap()]).ends_with(": ok\n"));
    }
    eprintln!("{killed_mid_way} of 20 kills landed during an ingest");
    assert!(
        killed_mid_way >= 10,
        "only {killed_mid_way} kills landed during an ingest"
    );
}

/// Waits until `f` holds, at most `limit`; returns how long it took.
fn wait_for(limit: Duration, mut f: impl FnMut() -> bool) -> Option<Duration> {
    let t = Instant::now();
    while t.elapsed() < limit {
        if f() {
            return Some(t.elapsed());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    None
}

#[test]
fn watch_picks_up_appends_truncation_rotation_and_deletion() {
    let dir = scratch("watch");
    let src = dir.join("src");
    std::fs::create_dir_all(&src).unwrap();
    let a = src.join("a.jsonl");
    std::fs::copy(root().join("examples/data/claude_code_session.jsonl"), &a).unwrap();
    let store = dir.join("s.db");
    let s = store.to_str().unwrap().to_owned();
    let mut watch = bin()
        .args([
            "watch",
            src.to_str().unwrap(),
            "--store",
            &s,
            "--interval",
            "0.5",
            "--quiet",
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let sessions = |s: &str| ok(&["sessions", "--store", s, "--json"]);
    assert!(
        wait_for(Duration::from_secs(20), || store.exists()
            && sessions(&s).contains("claude_code"))
        .is_some(),
        "first ingest"
    );
    // An appended line is searchable within a second.
    let line = "{\"type\":\"user\",\"sessionId\":\"6765f0b0-c7e1-4c9c-be5f-546c25bbbc7c\",\"uuid\":\"appended-1\",\"timestamp\":\"2026-02-01T00:00:00Z\",\"message\":{\"role\":\"user\",\"content\":\"zebrafish appended line\"}}\n";
    std::fs::OpenOptions::new()
        .append(true)
        .open(&a)
        .unwrap()
        .write_all(line.as_bytes())
        .unwrap();
    let seen = wait_for(Duration::from_secs(10), || {
        ok(&["search", "zebrafish", "--store", &s, "--json"]).contains("appended-1")
    });
    let latency = seen.expect("the appended line never appeared");
    eprintln!("append → searchable: {latency:?}");
    assert!(latency < Duration::from_secs(3), "{latency:?}");
    // Truncated: the store follows the file.
    let bytes = std::fs::read(&a).unwrap();
    let half = bytes[..bytes.len() / 2]
        .iter()
        .rposition(|&b| b == b'\n')
        .unwrap()
        + 1;
    std::fs::write(&a, &bytes[..half]).unwrap();
    let parse_len = |p: &Path| {
        ok(&["parse", p.to_str().unwrap(), "--output", "events"])
            .lines()
            .count()
    };
    let want = parse_len(&a);
    let events = |s: &str| -> usize {
        sessions(s)
            .lines()
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
            .map(|v| v["events"].as_u64().unwrap_or(0) as usize)
            .sum()
    };
    assert!(
        wait_for(Duration::from_secs(10), || events(&s) == want).is_some(),
        "truncation: {} events, want {want}",
        events(&s)
    );
    // Rotated: renamed away and a new file in its place.
    std::fs::rename(&a, src.join("a.jsonl.1")).unwrap();
    std::fs::copy(root().join("examples/data/codex_rollout.jsonl"), &a).unwrap();
    assert!(
        wait_for(Duration::from_secs(10), || sessions(&s)
            .contains("\"codex\""))
        .is_some(),
        "rotation"
    );
    // Deleted: what the store holds stays.
    let before = sessions(&s);
    std::fs::remove_file(&a).unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(sessions(&s), before);
    watch.kill().ok();
    watch.wait().unwrap();
    assert!(ok(&["verify", "--store", &s]).ends_with(": ok\n"));
}

#[test]
fn hook_ingests_the_named_session_and_never_fails() {
    let dir = scratch("hook");
    let f = dir.join("session.jsonl");
    std::fs::copy(root().join("examples/data/claude_code_session.jsonl"), &f).unwrap();
    let store = dir.join("s.db");
    let s = store.to_str().unwrap();
    let input = serde_json::json!({"session_id": "x", "transcript_path": f, "hook_event_name": "Stop", "cwd": "/tmp"}).to_string();
    let out = run(
        &["hook", "--tool", "claude_code", "--store", s],
        Some(input.as_bytes()),
    );
    assert!(out.status.success() && out.stdout.is_empty());
    assert!(ok(&["sessions", "--store", s, "--json"]).contains("claude_code"));
    // Garbage, a missing transcript, an unreadable store: exit 0, a log line.
    for (stdin, store) in [
        (b"not json".to_vec(), s.to_owned()),
        (
            br#"{"transcript_path":"/no/such/file.jsonl"}"#.to_vec(),
            s.to_owned(),
        ),
        (
            input.clone().into_bytes(),
            dir.join("not-a-dir/../junk").to_str().unwrap().to_owned(),
        ),
    ] {
        let out = run(&["hook", "--store", &store], Some(&stdin));
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(out.stdout.is_empty());
    }
    let log = std::fs::read_to_string(dir.join("hook.log")).unwrap();
    assert!(log.lines().count() >= 2, "{log}");
    // Codex passes its notification as the last argument.
    let out = run(
        &[
            "hook",
            "--tool",
            "codex",
            "--store",
            s,
            r#"{"type":"agent-turn-complete","thread-id":"no-such-thread"}"#,
        ],
        None,
    );
    assert!(out.status.success());
    for tool in ["claude_code", "gemini"] {
        let text = ok(&["hook", "print-config", "--tool", tool]);
        let json: String = text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .collect::<Vec<_>>()
            .join("\n");
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert!(v["hooks"].is_object(), "{tool}");
    }
    assert!(ok(&["hook", "print-config", "--tool", "codex"])
        .contains("notify = [\"memscribe\", \"hook\""));
}

#[test]
fn verify_a_transcript_and_the_query_commands() {
    let out = ok(&[
        "verify",
        root()
            .join("examples/data/codex_rollout.jsonl")
            .to_str()
            .unwrap(),
    ]);
    assert!(out.contains(": ok ("), "{out}");
    let dir = scratch("query");
    let src = sources(&dir, 1);
    let store = dir.join("s.db");
    let s = store.to_str().unwrap();
    let report: serde_json::Value = serde_json::from_str(&ok(&[
        "ingest",
        src.to_str().unwrap(),
        "--store",
        s,
        "--json",
    ]))
    .unwrap();
    assert_eq!(report["checkpoint"], 1);
    let decisions = ok(&["decisions", "--store", s, "--json"]);
    assert!(
        decisions.lines().count() >= 3
            && decisions
                .lines()
                .all(|l| l.contains("\"node\":\"decision\""))
    );
    let human = ok(&["decisions", "--store", s]);
    assert!(human.contains("decision") && human.contains("session "));
    let sid = serde_json::from_str::<serde_json::Value>(decisions.lines().next().unwrap()).unwrap()
        ["session_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let shown = ok(&["show", &sid[..8], "--store", s]);
    assert!(shown.contains("person:") && shown.contains("▸"), "{shown}");
    assert_eq!(
        ok(&["checkpoints", "--store", s, "--json"]).lines().count(),
        1
    );
    let out = run(&["show", "no-such-session", "--store", s], None);
    assert_eq!(out.status.code(), Some(1));
}

/// A store on a file system that fills up (a 3 MB tmpfs, where this test
/// may mount one): the ingest fails with a clear error, the store stays
/// consistent, and once there is room the next ingest completes it.
#[test]
fn a_full_file_system_is_a_clear_error_and_the_store_stays_consistent() {
    let dir = scratch("tmpfs");
    let src = sources(&dir, 3);
    let mnt = dir.join("mnt");
    std::fs::create_dir_all(&mnt).unwrap();
    let mounted = Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=3m", "tmpfs"])
        .arg(&mnt)
        .stderr(Stdio::null())
        .status();
    if !mounted.is_ok_and(|s| s.success()) {
        eprintln!("skipped: cannot mount a tmpfs here (not root); store/tests/store.rs covers a full disk with a page quota");
        return;
    }
    let unmount = |m: &Path| {
        let _ = Command::new("umount").arg(m).status();
    };
    let store = mnt.join("s.db");
    let s = store.to_str().unwrap();
    let out = run(
        &["ingest", src.to_str().unwrap(), "--store", s, "--quiet"],
        None,
    );
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    let full_ok = out.status.code() == Some(1) && err.contains("disk is full");
    let consistent = run(&["verify", "--store", s], None);
    let remounted = Command::new("mount")
        .args(["-o", "remount,size=64m"])
        .arg(&mnt)
        .status()
        .is_ok_and(|st| st.success());
    let resumed = run(
        &["ingest", src.to_str().unwrap(), "--store", s, "--quiet"],
        None,
    );
    let same = resumed.status.success() && {
        let clean = dir.join("clean.db");
        ok(&[
            "ingest",
            src.to_str().unwrap(),
            "--store",
            clean.to_str().unwrap(),
            "--quiet",
        ]);
        content(&store) == content(&clean)
    };
    unmount(&mnt);
    assert!(full_ok, "exit {:?}: {err}", out.status.code());
    assert!(
        consistent.status.success(),
        "{}",
        String::from_utf8_lossy(&consistent.stdout)
    );
    assert!(
        remounted && same,
        "after room was made, the ingest completes the store"
    );
}

/// Two ingest processes on one store at once: neither fails, nothing is
/// written twice.
#[test]
fn two_ingest_processes_at_once() {
    let dir = scratch("two");
    let src = sources(&dir, 3);
    let store = dir.join("s.db");
    let spawn = || {
        bin()
            .args([
                "ingest",
                src.to_str().unwrap(),
                "--store",
                store.to_str().unwrap(),
                "--json",
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let (a, b) = (spawn(), spawn());
    let (a, b) = (a.wait_with_output().unwrap(), b.wait_with_output().unwrap());
    assert!(
        a.status.success() && b.status.success(),
        "{} {}",
        String::from_utf8_lossy(&a.stderr),
        String::from_utf8_lossy(&b.stderr)
    );
    let changed = |o: &Output| {
        serde_json::from_slice::<serde_json::Value>(&o.stdout).unwrap()["changed"]
            .as_u64()
            .unwrap()
    };
    let sources = serde_json::from_slice::<serde_json::Value>(&a.stdout).unwrap()["sources"]
        .as_u64()
        .unwrap();
    assert_eq!(
        changed(&a) + changed(&b),
        sources,
        "each source read by one of them"
    );
    let clean = dir.join("clean.db");
    ok(&[
        "ingest",
        src.to_str().unwrap(),
        "--store",
        clean.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(content(&store), content(&clean));
}

/// `export`: from a file (with its manifest beside the output), from stdin,
/// and from the store (the manifest naming its checkpoint); the store's
/// export equals the file's, since the store replays the same events.
#[test]
fn export_writes_documents_and_a_manifest_from_files_and_the_store() {
    let dir = scratch("export");
    let input = root().join("examples/data/claude_code_session.jsonl");
    let out = dir.join("s.atif.jsonl");
    ok(&[
        "export",
        input.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    let docs = std::fs::read_to_string(&out).unwrap();
    assert_eq!(docs.lines().count(), 1);
    let doc: serde_json::Value = serde_json::from_str(docs.lines().next().unwrap()).unwrap();
    assert_eq!(doc["schema_version"], "ATIF-v1.4");
    let manifest: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("s.atif.jsonl.manifest.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(manifest["format"], "atif");
    assert_eq!(manifest["redacted"], true);
    let bytes = std::fs::read(&input).unwrap();
    assert_eq!(
        manifest["origin"]["input"]["blake3"],
        blake3::hash(&bytes).to_hex().to_string()
    );
    // stdin gives the same documents.
    let piped = run(&["export", "-"], Some(&bytes));
    assert!(piped.status.success());
    assert_eq!(String::from_utf8(piped.stdout).unwrap(), docs);
    let otel = ok(&["export", "--format", "otel", input.to_str().unwrap()]);
    assert!(otel.starts_with("{\"resourceSpans\":"), "{otel}");
    // From the store.
    let store = dir.join("st.db");
    let s = store.to_str().unwrap();
    ok(&["ingest", input.to_str().unwrap(), "--store", s, "--json"]);
    let out2 = dir.join("from-store.jsonl");
    ok(&["export", "--store", s, "-o", out2.to_str().unwrap()]);
    assert_eq!(
        std::fs::read_to_string(&out2).unwrap(),
        docs,
        "the store exports what the file does"
    );
    let m2: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("from-store.jsonl.manifest.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(m2["origin"]["store"]["checkpoint"], 1);
    // A sanitized store has no raw text to give; usage errors are clear.
    let raw = run(&["export", "--store", s, "--raw"], None);
    assert_eq!(raw.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&raw.stderr).contains("redacted secrets on ingest"));
    assert_eq!(
        run(
            &["export", input.to_str().unwrap(), "--format", "csv"],
            None
        )
        .status
        .code(),
        Some(2)
    );
    assert_eq!(
        run(&["export", "--store", s, "--session", "nope"], None)
            .status
            .code(),
        Some(1)
    );
}
