//! Golden files: every fixture's events (then diagnostics) as NDJSON, compared
//! byte for byte with `tests/golden/<tool>/<version>/<name>.ndjson`, and its
//! nodes with `<name>.nodes.ndjson`.
//!
//! Regenerate with `MEMSCRIBE_BLESS=1 cargo test --test golden`, then review
//! the diff before committing.

mod common;

use common::*;

#[test]
fn golden_files_match() {
    let bless = blessing();
    let mut failures = Vec::new();
    for (path, kind) in fixtures() {
        let bytes = std::fs::read(&path).unwrap();
        let rel = path.strip_prefix(root().join("tests/fixtures")).unwrap();
        let events = ndjson(&parse(&bytes, kind));
        let mut nodes = Vec::new();
        parse_both(&bytes, kind)
            .write_ndjson(&mut nodes, memscribe::OutputMode::Nodes)
            .unwrap();
        let nodes = String::from_utf8(nodes).unwrap();
        for (got, ext) in [(events, "ndjson"), (nodes, "nodes.ndjson")] {
            let golden = root().join("tests/golden").join(rel).with_extension(ext);
            if bless {
                std::fs::create_dir_all(golden.parent().unwrap()).unwrap();
                std::fs::write(&golden, &got).unwrap();
                continue;
            }
            let want = std::fs::read_to_string(&golden)
                .unwrap_or_else(|_| panic!("missing golden file {}", golden.display()));
            if got != want {
                let line = got
                    .lines()
                    .zip(want.lines())
                    .position(|(a, b)| a != b)
                    .unwrap_or(got.lines().count().min(want.lines().count()));
                failures.push(format!(
                    "{}: first difference at line {}",
                    golden.display(),
                    line + 1
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "golden mismatches (MEMSCRIBE_BLESS=1 to regenerate):\n{}",
        failures.join("\n")
    );
}
