//! The shared conformance vectors of `tests/conformance/vectors.json`, checked
//! from Rust: one-shot and byte by byte through a `Session`.

mod common;

use common::*;
use memscribe::{Batch, Options, Session};

fn output(b: &Batch, opts: &Options) -> Vec<u8> {
    let mut buf = Vec::new();
    b.write_ndjson(&mut buf, opts.output).unwrap();
    buf
}

#[test]
fn conformance_vectors() {
    let dir = root().join("tests/conformance");
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("vectors.json")).unwrap()).unwrap();
    let bless = blessing();
    let vectors = manifest["vectors"].as_array().unwrap();
    assert!(vectors.len() >= 10);
    // A tab-separated copy (name, input, options JSON) for C, which has no JSON reader.
    let tsv: String = vectors
        .iter()
        .map(|v| {
            format!(
                "{}\t{}\t{}\n",
                v["name"].as_str().unwrap(),
                v["input"].as_str().unwrap(),
                v["options"]
            )
        })
        .collect();
    let tsv_path = dir.join("vectors.tsv");
    if bless {
        std::fs::write(&tsv_path, &tsv).unwrap();
    } else {
        assert_eq!(
            std::fs::read_to_string(&tsv_path).unwrap(),
            tsv,
            "vectors.tsv is stale (MEMSCRIBE_BLESS=1)"
        );
    }
    for v in vectors {
        let name = v["name"].as_str().unwrap();
        let input = std::fs::read(dir.join(v["input"].as_str().unwrap())).unwrap();
        let opts = Options::from_json(&v["options"].to_string()).unwrap();
        let one = output(&memscribe::parse(&input, &opts).unwrap(), &opts);
        let mut s = Session::new(opts.clone()).unwrap();
        let mut streamed = Batch::default();
        for b in &input {
            streamed.extend(s.feed(std::slice::from_ref(b)).unwrap());
        }
        streamed.extend(s.finish().unwrap());
        assert_eq!(
            output(&streamed, &opts),
            one,
            "{name}: byte-by-byte differs from one-shot"
        );
        let expected = dir.join(format!("{name}.expected.ndjson"));
        if bless {
            std::fs::write(&expected, &one).unwrap();
        } else {
            let want = std::fs::read_to_string(&expected).unwrap();
            let got = String::from_utf8(one).unwrap();
            if got != want {
                let line = got
                    .lines()
                    .zip(want.lines())
                    .position(|(a, b)| a != b)
                    .unwrap_or(got.lines().count().min(want.lines().count()));
                panic!(
                    "{name}: differs from {} at line {} (MEMSCRIBE_BLESS=1 to regenerate)",
                    expected.display(),
                    line + 1
                );
            }
        }
    }
}
