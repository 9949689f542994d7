//! The JSON Schemas in `schemas/` are the ones the types generate (drift
//! check; regenerate with `MEMSCRIBE_BLESS=1 cargo test -p memscribe-cli
//! --test schema`), and every conformance vector's output and options, and
//! every golden file's events, nodes and diagnostics, validate against them.
//! The Python (`jsonschema`) and Node (`ajv`) tests validate the vectors
//! against the same files.

use std::path::{Path, PathBuf};

use serde_json::Value;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn schema_path(name: &str) -> PathBuf {
    root().join("schemas").join(format!("{name}.schema.json"))
}

fn validator(name: &str) -> jsonschema::Validator {
    let text = std::fs::read_to_string(schema_path(name))
        .unwrap_or_else(|_| panic!("missing {}", schema_path(name).display()));
    let schema: Value = serde_json::from_str(&text).unwrap();
    jsonschema::draft202012::new(&schema).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn committed_schemas_are_the_generated_ones() {
    let bless = std::env::var("MEMSCRIBE_BLESS").is_ok_and(|v| v == "1");
    for name in memscribe::schema::NAMES {
        let got = serde_json::to_string_pretty(&memscribe::schema::by_name(name).unwrap()).unwrap()
            + "\n";
        let path = schema_path(name);
        if bless {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &got).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            got == want,
            "{} is stale: run MEMSCRIBE_BLESS=1 cargo test -p memscribe-cli --test schema",
            path.display()
        );
    }
}

/// Which schema a line of output is an instance of.
fn kind_of(line: &Value) -> &'static str {
    if line.get("node").is_some() {
        "prepared_node"
    } else if line.get("diagnostic").is_some() {
        "diagnostic"
    } else {
        "capture_event"
    }
}

fn check_file(path: &Path, validators: &[(&str, jsonschema::Validator)], counts: &mut [usize; 3]) {
    let text = std::fs::read_to_string(path).unwrap();
    for (i, line) in text.lines().enumerate() {
        let v: Value = serde_json::from_str(line).unwrap();
        if v.get("summary").is_some() {
            continue;
        }
        let kind = kind_of(&v);
        let at = validators.iter().position(|(n, _)| *n == kind).unwrap();
        if let Err(e) = validators[at].1.validate(&v) {
            panic!(
                "{}:{}: not a valid {kind}: {e} at {}",
                path.display(),
                i + 1,
                e.instance_path()
            );
        }
        counts[at] += 1;
    }
}

#[test]
fn every_conformance_vector_and_golden_file_validates() {
    let validators: Vec<(&str, jsonschema::Validator)> =
        ["capture_event", "prepared_node", "diagnostic"]
            .into_iter()
            .map(|n| (n, validator(n)))
            .collect();
    let options = validator("options");
    let mut counts = [0usize; 3];
    let dir = root().join("tests/conformance");
    let vectors: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("vectors.json")).unwrap()).unwrap();
    let vectors = vectors["vectors"].as_array().unwrap();
    assert!(vectors.len() >= 25);
    for v in vectors {
        let name = v["name"].as_str().unwrap();
        if let Err(e) = options.validate(&v["options"]) {
            panic!("{name}: options: {e}");
        }
        check_file(
            &dir.join(format!("{name}.expected.ndjson")),
            &validators,
            &mut counts,
        );
    }
    let mut stack = vec![root().join("tests/golden")];
    let mut goldens = 0;
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "ndjson") {
                check_file(&p, &validators, &mut counts);
                goldens += 1;
            }
        }
    }
    assert!(goldens >= 100, "{goldens}");
    assert!(counts.iter().all(|&n| n > 0), "{counts:?}");
    eprintln!(
        "validated {} events, {} nodes, {} diagnostics",
        counts[0], counts[1], counts[2]
    );
}

#[test]
fn the_schemas_reject_what_the_contract_forbids() {
    let event = validator("capture_event");
    let node = validator("prepared_node");
    let options = validator("options");
    let line = std::fs::read_to_string(
        root().join("tests/conformance/claude_v2_ban_both.expected.ndjson"),
    )
    .unwrap();
    let good: Value = serde_json::from_str(line.lines().next().unwrap()).unwrap();
    assert!(event.is_valid(&good));
    for (path, bad) in [
        ("/seq", Value::from("7")),
        ("/source", Value::from("vim")),
        ("/kind/event", Value::from("telepathy")),
        ("/project", Value::Null),
    ] {
        let mut b = good.clone();
        *b.pointer_mut(path).unwrap() = bad;
        assert!(!event.is_valid(&b), "{path}");
    }
    let mut b = good.clone();
    b.as_object_mut().unwrap().remove("event_id");
    assert!(!event.is_valid(&b));
    // Additive fields are allowed: the contract only ever adds them.
    let mut b = good.clone();
    b["a_later_field"] = Value::from(1);
    assert!(event.is_valid(&b));
    assert!(!node.is_valid(&serde_json::json!({ "node": "decision", "id": "x" })));
    assert!(options
        .is_valid(&serde_json::json!({ "source": "claude", "output": "events", "redact": false })));
    assert!(!options.is_valid(&serde_json::json!({ "outptu": "events" })));
    assert!(!options.is_valid(&serde_json::json!({ "output": "all" })));
}
