//! The `memscribe` binary: output equals the library's, exit codes as documented.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

fn run(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_memscribe"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    if let Some(data) = stdin {
        pipe.write_all(data).unwrap();
    }
    drop(pipe);
    child.wait_with_output().unwrap()
}

#[test]
fn parse_stdin_matches_the_conformance_vectors() {
    let dir = root().join("tests/conformance");
    let manifest: serde_json::Value = serde_json::from_slice(&std::fs::read(dir.join("vectors.json")).unwrap()).unwrap();
    for v in manifest["vectors"].as_array().unwrap() {
        let name = v["name"].as_str().unwrap();
        let input = std::fs::read(dir.join(v["input"].as_str().unwrap())).unwrap();
        let o = &v["options"];
        let output = o["output"].as_str().unwrap_or("nodes").to_owned();
        let mut args = vec!["parse".to_owned(), "-".to_owned(), "--output".to_owned(), output];
        if let Some(src) = o["source"].as_str() {
            args.extend(["--as".to_owned(), src.to_owned()]);
        }
        if o["redact"] == serde_json::Value::Bool(false) {
            args.push("--no-redact".to_owned());
        }
        if let Some(n) = o["max_record_bytes"].as_u64() {
            args.extend(["--max-record-bytes".to_owned(), n.to_string()]);
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = run(&args, Some(&input));
        assert_eq!(out.status.code(), Some(0), "{name}: {}", String::from_utf8_lossy(&out.stderr));
        let expected = std::fs::read(dir.join(format!("{name}.expected.ndjson"))).unwrap();
        assert!(out.stdout == expected, "{name}: CLI output differs from the vector");
    }
}

#[test]
fn diagnostics_go_to_stderr_as_json() {
    let input = std::fs::read(root().join("tests/conformance/inputs/damaged_claude.jsonl")).unwrap();
    let out = run(&["parse", "-", "--as", "claude_code", "--output", "events"], Some(&input));
    assert_eq!(out.status.code(), Some(0));
    let lines: Vec<serde_json::Value> =
        String::from_utf8(out.stderr).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let kinds: Vec<&str> = lines.iter().filter_map(|d| d["diagnostic"].as_str()).collect();
    assert_eq!(kinds, ["invalid_utf8", "not_json", "truncated"]);
    assert_eq!(lines[0]["line_no"], 2);
    let summary = &lines.last().unwrap()["summary"];
    assert_eq!(summary["not_json"], 1);
}

#[test]
fn diagnostic_levels() {
    // A Codex file whose event_msg records mirror response items: notes, not problems.
    let input = std::fs::read(root().join("tests/fixtures/codex/v0_34/ban.jsonl")).unwrap();
    let count = |args: &[&str]| {
        let out = run(args, Some(&input));
        assert_eq!(out.status.code(), Some(0));
        String::from_utf8(out.stderr).unwrap().lines().map(str::to_owned).collect::<Vec<_>>()
    };
    let problems = count(&["parse", "-", "--as", "codex"]);
    assert_eq!(problems.len(), 1, "only the summary: {problems:?}");
    assert!(problems[0].starts_with("{\"summary\":{\"duplicate\":"));
    let all = count(&["parse", "-", "--as", "codex", "--diagnostics", "all"]);
    assert!(all.len() > 2 && all[0].contains("\"duplicate\""));
    assert!(count(&["parse", "-", "--as", "codex", "--diagnostics", "none"]).is_empty());
    assert_eq!(run(&["parse", "-", "--diagnostics", "some"], Some(b"")).status.code(), Some(2));
}

#[test]
fn file_path_is_recorded_in_provenance() {
    let rel = "tests/fixtures/codex/v0_34/ban.jsonl";
    let out = run(&["parse", rel, "--output", "events"], None);
    assert_eq!(out.status.code(), Some(0));
    let first: serde_json::Value = serde_json::from_str(String::from_utf8(out.stdout).unwrap().lines().next().unwrap()).unwrap();
    assert_eq!(first["provenance"]["file"], rel);
    assert_eq!(first["source"], "codex");
}

#[test]
fn detect_prints_the_slug() {
    let out = run(&["detect", "tests/fixtures/claude_code/v1_0/ban.jsonl"], None);
    assert_eq!((out.status.code(), String::from_utf8(out.stdout).unwrap()), (Some(0), "claude_code\n".to_owned()));
    let out = run(&["detect", "-"], Some(br#"{"timestamp":"t","type":"session_meta","payload":{}}"#));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "codex\n");
    let out = run(&["detect", "-"], Some(b"plain text\n"));
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["frobnicate"][..],
        &["parse"],
        &["parse", "-", "--as", "vim"],
        &["parse", "-", "--output", "all"],
        &["parse", "-", "--bogus"],
        &["parse", "-", "--max-record-bytes", "0"],
    ] {
        let out = run(args, Some(b""));
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty());
    }
    let out = run(&["parse", "-", "--output", "events"], Some(b"hello\nworld\n"));
    assert_eq!(out.status.code(), Some(2), "undetectable without --as");
}

#[test]
fn missing_file_exits_1_and_help_exits_0() {
    assert_eq!(run(&["parse", "no/such/file.jsonl", "--output", "events"], None).status.code(), Some(1));
    let help = run(&["--help"], None);
    assert_eq!(help.status.code(), Some(0));
    assert!(String::from_utf8(help.stdout).unwrap().contains("memscribe parse"));
    let v = run(&["--version"], None);
    assert!(String::from_utf8(v.stdout).unwrap().starts_with("memscribe 0."));
}
