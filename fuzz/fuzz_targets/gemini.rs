//! The gemini adapter on arbitrary bytes (see common.rs for the checks).
#![no_main]

#[path = "common.rs"]
mod common;

libfuzzer_sys::fuzz_target!(init: common::warm(), |data: &[u8]| {
    common::check(data, Some(memscribe_core::SourceKind::Gemini));
});
