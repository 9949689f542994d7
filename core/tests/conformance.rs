//! The shared conformance vectors of `tests/conformance/vectors.json`, checked
//! from Rust: one-shot and byte by byte through a `Session`.

mod common;

use common::*;
use memscribe::{Batch, Options, Session};

fn events_only(b: &Batch) -> Vec<u8> {
    let mut buf = Vec::new();
    b.write_events_ndjson(&mut buf).unwrap();
    buf
}

#[test]
fn conformance_vectors() {
    let dir = root().join("tests/conformance");
    let manifest: serde_json::Value = serde_json::from_slice(&std::fs::read(dir.join("vectors.json")).unwrap()).unwrap();
    let bless = std::env::var_os("MEMSCRIBE_BLESS").is_some();
    let vectors = manifest["vectors"].as_array().unwrap();
    assert!(vectors.len() >= 10);
    for v in vectors {
        let name = v["name"].as_str().unwrap();
        let input = std::fs::read(dir.join(v["input"].as_str().unwrap())).unwrap();
        let opts = Options::from_json(&v["options"].to_string()).unwrap();
        let one = events_only(&memscribe::parse(&input, &opts).unwrap());
        let mut s = Session::new(opts.clone()).unwrap();
        let mut streamed = Batch::default();
        for b in &input {
            streamed.extend(s.feed(std::slice::from_ref(b)).unwrap());
        }
        streamed.extend(s.finish().unwrap());
        assert_eq!(events_only(&streamed), one, "{name}: byte-by-byte differs from one-shot");
        let expected = dir.join(format!("{name}.expected.ndjson"));
        if bless {
            std::fs::write(&expected, &one).unwrap();
        } else {
            assert_eq!(one, std::fs::read(&expected).unwrap(), "{name}: differs from {}", expected.display());
        }
    }
}
