//! The `memscribe` binary: output equals the library's, exit codes as documented.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
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
        // A command may stop reading once it has what it needs (detect).
        if let Err(e) = pipe.write_all(data) {
            assert_eq!(
                e.kind(),
                std::io::ErrorKind::BrokenPipe,
                "writing stdin: {e}"
            );
        }
    }
    drop(pipe);
    child.wait_with_output().unwrap()
}

#[test]
fn parse_stdin_matches_the_conformance_vectors() {
    let dir = root().join("tests/conformance");
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("vectors.json")).unwrap()).unwrap();
    for v in manifest["vectors"].as_array().unwrap() {
        let name = v["name"].as_str().unwrap();
        let input = std::fs::read(dir.join(v["input"].as_str().unwrap())).unwrap();
        // Every option of the vector through --options (the C ABI's JSON).
        let options = v["options"].to_string();
        let out = run(&["parse", "-", "--options", &options], Some(&input));
        assert_eq!(
            out.status.code(),
            Some(0),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let expected = std::fs::read(dir.join(format!("{name}.expected.ndjson"))).unwrap();
        assert!(
            out.stdout == expected,
            "{name}: CLI output differs from the vector"
        );
    }
}

/// The flags give the same output as the same options in --options, and
/// override them.
#[test]
fn flags_and_options_agree() {
    let input = std::fs::read(root().join("tests/fixtures/claude_code/v2_1/multi_file_edit.jsonl"))
        .unwrap();
    let flags = run(
        &[
            "parse",
            "-",
            "--as",
            "claude",
            "--output",
            "events",
            "--no-redact",
            "--max-json-depth",
            "4",
        ],
        Some(&input),
    );
    let json = run(
        &[
            "parse",
            "-",
            "--options",
            r#"{"source":"claude_code","output":"events","redact":false,"max_json_depth":4}"#,
        ],
        Some(&input),
    );
    assert_eq!(flags.status.code(), Some(0));
    assert_eq!(flags.stdout, json.stdout);
    let deep = |o: &Output| {
        String::from_utf8_lossy(&o.stderr)
            .matches("\"too_deep\"")
            .count()
    };
    assert!(deep(&flags) > 0, "depth 4 skips the deeper records");
    let overridden = run(
        &[
            "parse",
            "-",
            "--options",
            r#"{"max_json_depth":4,"output":"events"}"#,
            "--max-json-depth",
            "128",
        ],
        Some(&input),
    );
    assert_eq!(deep(&overridden), 0, "the flag overrides --options");
    assert_eq!(
        run(
            &["parse", "-", "--options", r#"{"outptu":"events"}"#],
            Some(&input)
        )
        .status
        .code(),
        Some(2)
    );
}

#[test]
fn diagnostics_go_to_stderr_as_json() {
    let input =
        std::fs::read(root().join("tests/conformance/inputs/damaged_claude.jsonl")).unwrap();
    let out = run(
        &["parse", "-", "--as", "claude_code", "--output", "events"],
        Some(&input),
    );
    assert_eq!(out.status.code(), Some(0));
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stderr)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let kinds: Vec<&str> = lines
        .iter()
        .filter_map(|d| d["diagnostic"].as_str())
        .collect();
    assert_eq!(kinds, ["invalid_utf8", "not_json", "truncated"]);
    assert_eq!(lines[0]["line_no"], 2);
    let summary = &lines.last().unwrap()["summary"];
    assert_eq!(summary["diagnostics"]["not_json"], 1);
    assert_eq!(summary["source"], "claude_code");
    assert!(summary["records"].as_u64().unwrap() >= 3 && summary["events"].as_u64().unwrap() > 0);
}

fn stderr_lines(out: &Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&out.stderr)
        .lines()
        .map(|l| serde_json::from_str(l).expect("stderr lines are JSON"))
        .collect()
}

/// No run ends in silence: the summary line comes even when nothing was
/// read or made, and a --as that matches no record says so.
#[test]
fn every_parse_ends_with_a_summary() {
    let claude = std::fs::read(root().join("examples/data/claude_code_session.jsonl")).unwrap();
    let out = run(&["parse", "-", "--as", "codex"], Some(&claude));
    assert_eq!(out.status.code(), Some(0));
    let lines = stderr_lines(&out);
    let mismatch = lines
        .iter()
        .find(|d| d["diagnostic"] == "source_mismatch")
        .expect("a source_mismatch warning");
    assert!(
        mismatch["message"]
            .as_str()
            .unwrap()
            .contains("claude_code"),
        "{mismatch}"
    );
    assert_eq!(
        lines.last().unwrap()["summary"]["diagnostics"]["source_mismatch"],
        1
    );

    let out = run(&["parse", "-"], Some(b""));
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stderr_lines(&out).last().unwrap()["summary"],
        serde_json::json!({"source": null, "records": 0, "events": 0, "nodes": 0, "diagnostics": {}})
    );

    let quiet =
        std::fs::read(root().join("tests/fixtures/codex/v0_63/no_commitment.jsonl")).unwrap();
    let out = run(&["parse", "-"], Some(&quiet));
    assert!(
        out.stdout.is_empty(),
        "no nodes in a session without commitments"
    );
    let lines = stderr_lines(&out);
    let summary = &lines.last().unwrap()["summary"];
    assert_eq!(summary["nodes"], 0);
    assert!(summary["events"].as_u64().unwrap() > 10, "{summary}");
    assert!(run(&["parse", "-", "--diagnostics", "none"], Some(b""))
        .stderr
        .is_empty());
}

/// `memscribe detect` and `memscribe parse` agree on what the input is.
#[test]
fn detect_and_parse_agree() {
    let aider = b"# aider chat started at 2025-01-01 10:00:00\n\n#### add a test\n";
    let out = run(&["detect", "-"], Some(aider));
    assert_eq!(
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned()
        ),
        (Some(0), "aider\n".to_owned())
    );
    let out = run(&["parse", "-", "--output", "events"], Some(aider));
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("\"user_turn\""));
    // A tool recognised but not parsed by this version says so.
    let out = run(&["parse", "-", "--as", "windsurf"], Some(aider));
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("unsupported_source")
            && err.contains("windsurf")
            && err.contains("claude_code, codex"),
        "{err}"
    );
    // A first record larger than any fixed prefix is still detected.
    let mut big = br#"{"timestamp":"2025-01-01T00:00:00Z","type":"session_meta","payload":{"id":"x","instructions":""#.to_vec();
    big.extend(std::iter::repeat_n(b'a', 3 << 20));
    big.extend(b"\"}}\n");
    let out = run(&["detect", "-"], Some(&big));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "codex\n");
}

#[test]
fn every_command_has_its_own_help() {
    for (args, heading) in [
        (&["parse", "--help"][..], "memscribe parse"),
        (&["detect", "--help"], "memscribe detect"),
        (&["eval", "--help"], "memscribe eval"),
        (&["help", "detect"], "memscribe detect"),
        (&["help"], "memscribe COMMAND --help"),
    ] {
        let out = run(args, None);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stdout).contains(heading),
            "{args:?}"
        );
    }
    assert_eq!(run(&["help", "frobnicate"], None).status.code(), Some(2));
}

#[test]
fn eval_prints_precision_and_recall_for_each_half() {
    let out = run(&["eval"], None);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    for section in ["== development half", "== held-out half", "== all"] {
        assert!(text.contains(section), "{text}");
    }
    assert!(
        text.matches("precision").count() >= 3 && text.matches("recall").count() >= 3,
        "{text}"
    );
    assert_eq!(
        run(&["eval", "no/such/turns.jsonl"], None).status.code(),
        Some(1)
    );
}

/// `memscribe … | head -1`: the reader goes away; every command ends quietly
/// with status 0 instead of panicking on the closed pipe.
#[test]
fn a_closed_stdout_ends_every_command_quietly() {
    let sample = root().join("examples/data/claude_code_session.jsonl");
    let sample = sample.to_str().unwrap();
    for args in [
        &["eval"][..],
        &["parse", sample, "--output", "both"],
        &["detect", sample],
        &["--help"],
        &["parse", "--help"],
        &["--version"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_memscribe"))
            .args(args)
            .current_dir(root())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take()); // the reader is gone before anything is written
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn diagnostic_levels() {
    // A Codex file whose event_msg records mirror response items: notes, not problems.
    let input = std::fs::read(root().join("tests/fixtures/codex/v0_34/ban.jsonl")).unwrap();
    let count = |args: &[&str]| {
        let out = run(args, Some(&input));
        assert_eq!(out.status.code(), Some(0));
        String::from_utf8(out.stderr)
            .unwrap()
            .lines()
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    let problems = count(&["parse", "-", "--as", "codex"]);
    assert_eq!(problems.len(), 1, "only the summary: {problems:?}");
    assert!(
        problems[0].starts_with("{\"summary\":{\"source\":\"codex\""),
        "{problems:?}"
    );
    assert!(problems[0].contains("\"duplicate\":"), "{problems:?}");
    let all = count(&["parse", "-", "--as", "codex", "--diagnostics", "all"]);
    assert!(all.len() > 2 && all[0].contains("\"duplicate\""));
    assert!(count(&["parse", "-", "--as", "codex", "--diagnostics", "none"]).is_empty());
    assert_eq!(
        run(&["parse", "-", "--diagnostics", "some"], Some(b""))
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn file_path_is_recorded_in_provenance() {
    let rel = "tests/fixtures/codex/v0_34/ban.jsonl";
    let out = run(&["parse", rel, "--output", "events"], None);
    assert_eq!(out.status.code(), Some(0));
    let first: serde_json::Value = serde_json::from_str(
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .next()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(first["provenance"]["file"], rel);
    assert_eq!(first["source"], "codex");
}

#[test]
fn detect_prints_the_slug() {
    let out = run(
        &["detect", "tests/fixtures/claude_code/v1_0/ban.jsonl"],
        None,
    );
    assert_eq!(
        (out.status.code(), String::from_utf8(out.stdout).unwrap()),
        (Some(0), "claude_code\n".to_owned())
    );
    let out = run(
        &["detect", "-"],
        Some(br#"{"timestamp":"t","type":"session_meta","payload":{}}"#),
    );
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
    let out = run(
        &["parse", "-", "--output", "events"],
        Some(b"hello\nworld\n"),
    );
    assert_eq!(out.status.code(), Some(2), "undetectable without --as");
}

#[test]
fn missing_file_exits_1_and_help_exits_0() {
    assert_eq!(
        run(&["parse", "no/such/file.jsonl", "--output", "events"], None)
            .status
            .code(),
        Some(1)
    );
    let help = run(&["--help"], None);
    assert_eq!(help.status.code(), Some(0));
    assert!(String::from_utf8(help.stdout)
        .unwrap()
        .contains("memscribe parse"));
    let v = run(&["--version"], None);
    assert!(String::from_utf8(v.stdout)
        .unwrap()
        .starts_with("memscribe 0."));
}

/// `redact` writes the transcript back with its secrets replaced, the same
/// bytes as the library's `redact_transcript`, streamed in chunks, with a
/// report per record and rule.
#[test]
fn redact_rewrites_in_the_transcripts_own_format() {
    let tok = "ghp_Zr8kT2mQ9vLx4NcB7wHs1YpE6uDa3FgJ0iKo";
    let mut input = String::new();
    for i in 0..12000 {
        input.push_str(&format!(
            "{{\"type\":\"user\",\"sessionId\":\"s\",\"uuid\":\"u{i}\",\"message\":{{\"role\":\"user\",\"content\":\"use {tok} and caf\\u00e9\"}}}}\n"
        ));
    }
    input.push_str("DB_PASSWORD=Tr0ub4dor&3-x"); // not JSON, no final newline
                                                 // From a file (more than one read chunk): stdin would need a writer
                                                 // thread to not block on a full pipe.
    let path = std::env::temp_dir().join(format!("memscribe-redact-{}.jsonl", std::process::id()));
    std::fs::write(&path, &input).unwrap();
    let out = run(&["redact", path.to_str().unwrap(), "--report"], None);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lib = memscribe::redact::redact_transcript(input.as_bytes(), None);
    assert!(out.stdout == lib.output, "CLI and library differ");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains(tok) && !text.contains("Tr0ub4dor"));
    assert!(
        text.contains("caf\\u00e9"),
        "escapes outside secrets are kept as written"
    );
    assert!(text.ends_with("\nDB_PASSWORD=[REDACTED:secret_assignment]"));
    let report: Vec<serde_json::Value> = String::from_utf8(out.stderr)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(report.len(), 12002);
    assert_eq!(
        report[0],
        serde_json::json!({"line_no": 1, "rule": "github_token", "count": 1})
    );
    assert_eq!(
        report[12000],
        serde_json::json!({"line_no": 12001, "rule": "secret_assignment", "count": 1})
    );
    assert_eq!(
        report[12001],
        serde_json::json!({"redacted": {"records": 12001, "replacements": 12001, "by_rule": {"github_token": 12000, "secret_assignment": 1}}})
    );
    let small = "{\"a\":\"ghp_Zr8kT2mQ9vLx4NcB7wHs1YpE6uDa3FgJ0iKo\"}\n";
    let quiet = run(&["redact", "-"], Some(small.as_bytes()));
    assert!(quiet.stderr.is_empty());
    assert_eq!(
        String::from_utf8(quiet.stdout).unwrap(),
        "{\"a\":\"[REDACTED:github_token]\"}\n"
    );
    let _ = std::fs::remove_file(&path);
}
