//! A clone of a session continues on its own: finishing a clone gives what
//! parsing the input so far gives, and the original reads on unaffected.

use memscribe::{parse, Batch, Options, OutputMode, Session};

fn root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

#[test]
fn finishing_a_clone_equals_parsing_the_input_so_far() {
    for sample in [
        "examples/data/claude_code_session.jsonl",
        "examples/data/codex_rollout.jsonl",
    ] {
        let bytes = std::fs::read(root().join(sample)).unwrap();
        let opts = Options::default().with_output(OutputMode::Both);
        let mut s = Session::new(opts.clone()).unwrap();
        let mut fed = Batch::default();
        let lines: Vec<usize> = bytes
            .iter()
            .enumerate()
            .filter(|(_, &b)| b == b'\n')
            .map(|(i, _)| i + 1)
            .collect();
        let mut at = 0;
        for (k, &end) in lines.iter().enumerate() {
            fed.extend(s.feed(&bytes[at..end]).unwrap());
            at = end;
            if k % 3 != 0 {
                continue;
            }
            let mut copy = s.clone();
            let mut so_far = fed.clone();
            so_far.extend(copy.finish().unwrap());
            let want = parse(&bytes[..end], &opts).unwrap();
            assert_eq!(so_far.events, want.events, "{sample} after line {}", k + 1);
            assert_eq!(so_far.nodes, want.nodes, "{sample} after line {}", k + 1);
        }
        fed.extend(s.finish().unwrap());
        let whole = parse(&bytes, &opts).unwrap();
        assert_eq!(
            (fed.events, fed.nodes),
            (whole.events, whole.nodes),
            "{sample}: the original was not disturbed"
        );
    }
}
