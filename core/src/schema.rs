//! JSON Schemas (draft 2020-12) of the contract: [`CaptureEvent`],
//! [`PreparedNode`], [`Diagnostic`] and [`Options`], generated from the types
//! themselves so they cannot drift from what the library writes and reads.
//! The repository commits them under `schemas/` (a test checks they are
//! current); `memscribe schema NAME` prints them.
//!
//! The event and node schemas admit additional properties: fields are only
//! ever added to the contract, and a consumer validating with an older schema
//! should keep working. The options schema does not, as the library refuses
//! unknown options.

use serde_json::Value;

use crate::diag::Diagnostic;
use crate::model::CaptureEvent;
use crate::nodes::PreparedNode;
use crate::options::Options;

/// The schemas' names, in the order of `schemas/`.
pub const NAMES: [&str; 4] = ["capture_event", "prepared_node", "diagnostic", "options"];

fn finish(schema: schemars::Schema, title: &str) -> Value {
    let mut v = serde_json::to_value(schema).unwrap_or(Value::Null);
    if let Value::Object(m) = &mut v {
        m.insert("title".into(), Value::String(title.into()));
        let note = format!(
            "memscribe contract, schema_version {}: generated from the library's types (memscribe schema)",
            crate::model::SCHEMA_VERSION
        );
        m.insert("$comment".into(), Value::String(note));
    }
    v
}

/// The schema named `name` (one of [`NAMES`]).
pub fn by_name(name: &str) -> Option<Value> {
    Some(match name {
        "capture_event" => finish(schemars::schema_for!(CaptureEvent), "CaptureEvent"),
        "prepared_node" => finish(schemars::schema_for!(PreparedNode), "PreparedNode"),
        "diagnostic" => finish(schemars::schema_for!(Diagnostic), "Diagnostic"),
        "options" => finish(schemars::schema_for!(Options), "Options"),
        _ => return None,
    })
}
