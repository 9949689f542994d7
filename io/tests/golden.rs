//! The fixtures of the tools read through the source layer (every tool but
//! Claude Code and Codex, whose goldens `core/tests/golden.rs` checks):
//! each file or session directory under `tests/fixtures/<tool>/<layout>/`
//! is parsed with redaction off and compared byte for byte with
//! `tests/golden/<tool>/<layout>/<name>.ndjson` (events, then diagnostics)
//! and `<name>.nodes.ndjson`. Regenerate with
//! `MEMSCRIBE_BLESS=1 cargo test -p memscribe-io --test golden`.

use std::path::{Path, PathBuf};

use memscribe::{Batch, Options, OutputMode, Session};

pub const TOOLS: [&str; 11] = [
    "gemini", "copilot", "cursor", "vscode", "cline", "roo_code", "amp", "aider", "opencode",
    "zed", "goose",
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn sorted(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|r| r.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    v.sort();
    v
}

/// Every fixture session: a file, or a task directory.
pub fn sessions() -> Vec<PathBuf> {
    let mut out = Vec::new();
    for tool in TOOLS {
        for layout in sorted(&root().join("tests/fixtures").join(tool)) {
            out.extend(
                sorted(&layout)
                    .into_iter()
                    .filter(|p| !p.ends_with("README.md")),
            );
        }
    }
    out
}

fn render(batch: &Batch, nodes: bool) -> String {
    let mut s = String::new();
    if nodes {
        for n in &batch.nodes {
            s.push_str(&serde_json::to_string(n).unwrap());
            s.push('\n');
        }
    } else {
        for e in &batch.events {
            s.push_str(&serde_json::to_string(e).unwrap());
            s.push('\n');
        }
        for d in &batch.diagnostics {
            s.push_str(&serde_json::to_string(d).unwrap());
            s.push('\n');
        }
    }
    s
}

#[test]
fn golden_files_match() {
    let bless = std::env::var("MEMSCRIBE_BLESS").is_ok_and(|v| v == "1");
    let sessions = sessions();
    assert!(sessions.len() >= 30, "fixtures missing: {}", sessions.len());
    let mut failures = Vec::new();
    for path in sessions {
        let rel = path
            .strip_prefix(root().join("tests/fixtures"))
            .unwrap()
            .to_path_buf();
        let name = rel.to_string_lossy().replace('\\', "/");
        for (mode, ext) in [
            (OutputMode::Events, "ndjson"),
            (OutputMode::Nodes, "nodes.ndjson"),
        ] {
            let mut opts = Options::default().with_output(mode);
            opts.redact = false;
            opts.file = Some(name.clone());
            let batch =
                memscribe_io::parse_path(&path, &opts).unwrap_or_else(|e| panic!("{name}: {e}"));
            let got = render(&batch, mode == OutputMode::Nodes);
            let stem = rel
                .file_name()
                .unwrap()
                .to_string_lossy()
                .split('.')
                .next()
                .unwrap()
                .to_owned();
            let golden = root()
                .join("tests/golden")
                .join(rel.parent().unwrap())
                .join(format!("{stem}.{ext}"));
            let golden = if rel
                .file_name()
                .unwrap()
                .to_string_lossy()
                .contains(".child.")
            {
                golden.with_file_name(format!("{stem}.child.{ext}"))
            } else {
                golden
            };
            if bless {
                std::fs::create_dir_all(golden.parent().unwrap()).unwrap();
                std::fs::write(&golden, &got).unwrap();
                continue;
            }
            let want = std::fs::read_to_string(&golden)
                .unwrap_or_else(|_| panic!("missing golden file {}", golden.display()));
            if want != got {
                failures.push(golden.display().to_string());
            }
        }
    }
    assert!(
        failures.is_empty(),
        "golden mismatches (MEMSCRIBE_BLESS=1 to regenerate):\n{}",
        failures.join("\n")
    );
}

/// Fed one byte at a time through a session, each fixture file gives what
/// one call gives (documents are cut the same way however they arrive).
#[test]
fn byte_by_byte_equals_one_shot() {
    for path in sessions()
        .into_iter()
        .filter(|p| p.is_file() && !memscribe_io::is_database(p))
    {
        let bytes = std::fs::read(&path).unwrap();
        let input = memscribe_io::inputs(&path).unwrap().remove(0);
        let mut opts =
            memscribe_io::with_source(&input, &Options::default().with_output(OutputMode::Both))
                .unwrap();
        opts.redact = false;
        let whole = memscribe::parse(&bytes, &opts).unwrap();
        let mut s = Session::new(opts).unwrap();
        let mut got = Batch::default();
        for b in bytes.chunks(1) {
            got.extend(s.feed(b).unwrap());
        }
        got.extend(s.finish().unwrap());
        assert_eq!(
            render(&got, false),
            render(&whole, false),
            "{}",
            path.display()
        );
        assert_eq!(
            render(&got, true),
            render(&whole, true),
            "{}",
            path.display()
        );
    }
}
