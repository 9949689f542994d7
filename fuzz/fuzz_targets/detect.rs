//! Detection and whatever adapter it picks, on arbitrary bytes.
#![no_main]

#[path = "common.rs"]
mod common;

libfuzzer_sys::fuzz_target!(init: common::warm(), |data: &[u8]| {
    let _ = memscribe_core::detect(data);
    common::check(data, None);
});
