//! `Session::feed_staged`: batches handed out before their content is
//! redacted, redacted on another thread, give exactly what `feed_with` gives
//! (events, diagnostics in order, the summary's counts), with or without
//! their buffers handed back through `Session::recycle`.

mod common;

use std::sync::mpsc;

use common::*;
use memscribe::{Batch, Options, OutputMode, Session, SourceKind, Staged};

/// A Claude Code transcript with secrets in turn text, tool arguments and
/// results, an edit and an unknown record, repeated so that it spans many
/// batches, with records that produce diagnostics in between.
fn secret_transcript(copies: usize) -> Vec<u8> {
    let mut out = String::new();
    for i in 0..copies {
        let lines = [
            format!(
                r#"{{"type":"user","sessionId":"s","uuid":"u{i}","timestamp":"2026-01-01T00:00:00Z","message":{{"role":"user","content":"deploy with GITHUB_TOKEN=ghp_{i:0>36} please"}}}}"#
            ),
            format!(
                r#"{{"type":"assistant","sessionId":"s","uuid":"a{i}","parentUuid":"u{i}","timestamp":"2026-01-01T00:00:01Z","message":{{"id":"m{i}","role":"assistant","model":"claude","content":[{{"type":"text","text":"ok"}},{{"type":"tool_use","id":"t{i}","name":"Bash","input":{{"command":"curl -H 'Authorization: Bearer 9fK2xQ7mZp4LwR8t{i:0>8}Hn3Vb6Yc' https://x"}}}}]}}}}"#
            ),
            format!(
                r#"{{"type":"user","sessionId":"s","uuid":"r{i}","parentUuid":"a{i}","timestamp":"2026-01-01T00:00:02Z","message":{{"role":"user","content":[{{"type":"tool_result","tool_use_id":"t{i}","content":"DB_PASSWORD=Tr0ub4dor&3-{i} set"}}]}}}}"#
            ),
            "not json at all".to_owned(),
            format!(
                r#"{{"type":"assistant","sessionId":"s","uuid":"e{i}","parentUuid":"r{i}","timestamp":"2026-01-01T00:00:03Z","message":{{"id":"n{i}","role":"assistant","model":"claude","content":[{{"type":"tool_use","id":"w{i}","name":"Write","input":{{"file_path":"/w/.env","content":"API_KEY=sk-proj-{i:0>40}\n"}}}}]}}}}"#
            ),
            format!(
                r#"{{"type":"mystery","sessionId":"s","uuid":"x{i}","token":"xoxb-1234567890-{i:0>12}-abcdefghijklmnopqrstuvwx"}}"#
            ),
        ];
        for l in lines {
            out.push_str(&l);
            out.push('\n');
        }
    }
    out.into_bytes()
}

fn opts(kind: SourceKind) -> Options {
    Options::default()
        .with_source(kind)
        .with_output(OutputMode::Events)
}

fn text(batch: &Batch) -> String {
    let mut buf = Vec::new();
    batch.write_ndjson(&mut buf, OutputMode::Events).unwrap();
    batch.write_diagnostics_ndjson(&mut buf).unwrap();
    buf.extend(serde_json::to_vec(&batch.summary).unwrap());
    String::from_utf8(buf).unwrap()
}

fn with_feed_with(bytes: &[u8], opts: &Options, chunk: usize) -> Batch {
    let mut s = Session::new(opts.clone()).unwrap();
    let mut out = Batch::default();
    for c in bytes.chunks(chunk) {
        s.feed_with(c, &mut |b| out.extend(b)).unwrap();
    }
    out.extend(s.finish().unwrap());
    out
}

/// Feeds on this thread, redacts on another, as the CLI does; optionally
/// hands each written batch's buffers back.
fn with_staged_thread(bytes: &[u8], opts: &Options, chunk: usize, recycle: bool) -> (Batch, usize) {
    let mut s = Session::new(opts.clone()).unwrap();
    let (tx, rx) = mpsc::sync_channel::<Staged>(2);
    let (back_tx, back_rx) = mpsc::channel::<Batch>();
    let writer = std::thread::spawn(move || {
        let mut out = Batch::default();
        let mut batches = 0;
        for staged in rx {
            let b = staged.redact();
            batches += 1;
            out.extend(b.clone());
            let _ = back_tx.send(b);
        }
        (out, batches)
    });
    for c in bytes.chunks(chunk) {
        s.feed_staged(c, &mut |st| tx.send(st).unwrap()).unwrap();
        while let Ok(b) = back_rx.try_recv() {
            if recycle {
                s.recycle(b);
            }
        }
    }
    tx.send(s.finish_staged().unwrap()).unwrap();
    drop(tx);
    writer.join().unwrap()
}

#[test]
fn staged_batches_redacted_on_another_thread_equal_feed_with() {
    let bytes = secret_transcript(800);
    let o = opts(SourceKind::ClaudeCode);
    let want = with_feed_with(&bytes, &o, 1 << 16);
    assert!(want
        .diagnostics
        .iter()
        .any(|d| d.diagnostic == memscribe::DiagnosticKind::Redacted));
    let redacted = want.summary.as_ref().unwrap().diagnostics[&memscribe::DiagnosticKind::Redacted];
    assert!(
        redacted >= 4 * 800,
        "each secret-bearing event gets a redacted diagnostic ({redacted})"
    );
    let out = text(&want);
    for secret in [
        "ghp_0000",
        "9fK2xQ7mZp4LwR8t0000",
        "Tr0ub4dor",
        "sk-proj-0000",
        "xoxb-1234567890",
    ] {
        assert!(!out.contains(secret), "{secret} left");
    }
    for chunk in [1 << 16, 4099, 1 << 20] {
        for recycle in [false, true] {
            let (got, batches) = with_staged_thread(&bytes, &o, chunk, recycle);
            assert!(batches > 3, "the input spans several batches ({batches})");
            assert_eq!(text(&got), out, "chunk {chunk}, recycle {recycle}");
        }
    }
}

#[test]
fn a_staged_batch_holds_its_secrets_until_redacted() {
    let bytes = secret_transcript(1);
    let mut s = Session::new(opts(SourceKind::ClaudeCode)).unwrap();
    let mut staged = Vec::new();
    s.feed_staged(&bytes, &mut |st| staged.push(st)).unwrap();
    staged.push(s.finish_staged().unwrap());
    let before: Vec<String> = staged.iter().map(|st| format!("{st:?}")).collect();
    assert!(
        before.iter().any(|t| t.contains("ghp_0000")),
        "deferred: the content is still there"
    );
    let mut all = Batch::default();
    for st in staged {
        all.extend(st.redact());
    }
    assert!(!text(&all).contains("ghp_0000"));
    // Ids and envelopes are final at emission: unchanged by the deferral.
    assert_eq!(
        text(&all),
        text(&with_feed_with(
            &bytes,
            &opts(SourceKind::ClaudeCode),
            1 << 20
        ))
    );
}

#[test]
fn staged_equals_feed_with_on_every_fixture_in_every_mode() {
    for (path, kind) in fixtures() {
        let bytes = std::fs::read(&path).unwrap();
        for mode in [OutputMode::Events, OutputMode::Nodes, OutputMode::Both] {
            for redact in [true, false] {
                let o = Options::default()
                    .with_source(kind)
                    .with_output(mode)
                    .with_redact(redact);
                let want = with_feed_with(&bytes, &o, 777);
                let (got, _) = with_staged_thread(&bytes, &o, 777, true);
                assert_eq!(ndjson_both(&got), ndjson_both(&want), "{}", path.display());
                assert_eq!(got.summary, want.summary, "{}", path.display());
            }
        }
    }
}

/// With events as the only output, JSON an event holds as text (an `unknown`
/// record, Codex call arguments) is read when its batch is handed out; with
/// nodes too, at once. Both give the same events, on every fixture and
/// corpus file, redacted or not, and with arguments that are not JSON, that
/// hold a patch (with or without its `*** Begin Patch` header), or hide one
/// behind `\u` escapes.
#[test]
fn events_read_late_equal_events_read_at_once() {
    let call = |id: &str, args: &str| {
        let args = serde_json::to_string(args).unwrap();
        let call = format!(
            r#"{{"type":"function_call","name":"shell","arguments":{args},"call_id":"{id}"}}"#
        );
        let output = format!(
            r#"{{"type":"function_call_output","call_id":"{id}","output":"Exit code: 0"}}"#
        );
        [call, output]
            .map(|p| format!(r#"{{"timestamp":"t","type":"response_item","payload":{p}}}"#))
            .join("\n")
    };
    let patch = "*** Begin Patch\n*** Add File: a.txt\n+x\n*** End Patch\n";
    let own = [
        r#"{"timestamp":"t","type":"session_meta","payload":{"id":"s","cwd":"/w"}}"#.to_owned(),
        call("ls", r#"{"command":["ls","-la"],"token":"ghp_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}"#),
        call("bad", "not json {"),
        call("patch", &serde_json::json!({"command": ["bash", "-lc", format!("apply_patch <<'EOF'\n{patch}EOF")]}).to_string()),
        // The 0.34 argv form: the patch is the second argument, whatever it says.
        call("argv", r#"{"command":["apply_patch","*** Add File: b.txt\n+y\n"]}"#),
        call("hidden", &serde_json::json!({"command": ["bash", "-lc", format!("apply_patch <<'EOF'\n{patch}EOF")]}).to_string().replacen("Begin", "\\u0042egin", 1)),
    ]
    .join("\n");
    let mut inputs: Vec<(String, Vec<u8>, SourceKind)> = fixtures()
        .into_iter()
        .map(|(p, k)| (p.display().to_string(), std::fs::read(&p).unwrap(), k))
        .collect();
    inputs.extend(corpus_inputs().into_iter().map(|(n, b, k, _)| (n, b, k)));
    inputs.push((
        "own codex calls".into(),
        own.into_bytes(),
        SourceKind::Codex,
    ));
    let events = |b: &Batch| {
        let mut buf = Vec::new();
        b.write_events_ndjson(&mut buf).unwrap();
        String::from_utf8(buf).unwrap()
    };
    for (name, bytes, kind) in &inputs {
        for redact in [true, false] {
            let o = Options::default().with_source(*kind).with_redact(redact);
            let late = memscribe::parse(bytes, &o.clone().with_output(OutputMode::Events)).unwrap();
            let once = memscribe::parse(bytes, &o.with_output(OutputMode::Both)).unwrap();
            assert_eq!(events(&late), events(&once), "{name} (redact {redact})");
            assert!(!late.events.is_empty(), "{name}");
            if name == "own codex calls" {
                // Every patch (one as a bare argv, one behind an escape)
                // became an edit.
                let edits = late
                    .events
                    .iter()
                    .filter(|e| matches!(e.kind, memscribe::EventKind::FileEdit { .. }))
                    .count();
                assert_eq!(edits, 3);
            }
        }
    }
}
