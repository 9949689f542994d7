//! The C ABI entry points on arbitrary bytes and options: no crash, a status
//! for every call, output only on success, and every string released.
#![no_main]

use std::ffi::{c_char, CString};
use std::ptr;

// The C ABI's own source, compiled in (the library crate builds only a
// cdylib and a staticlib).
#[allow(dead_code, unexpected_cfgs)]
#[path = "../../ffi/src/lib.rs"]
mod ffi;

unsafe fn free_all(s: *mut c_char, e: *mut ffi::memscribe_error) {
    unsafe {
        ffi::memscribe_string_free(s);
        ffi::memscribe_error_free(e);
    }
}

// (the gate's regular expressions compiled before the first input: see
// `common::warm`)
#[allow(dead_code)]
#[path = "common.rs"]
mod common;

libfuzzer_sys::fuzz_target!(init: common::warm(), |data: &[u8]| {
    // The last byte picks the options: one of a few valid sets, none, or
    // the first line of the input as options (any bytes, most often not an
    // object, with the rest as the transcript).
    const PRESETS: [&str; 6] = [
        r#"{"source":"claude_code","output":"both"}"#,
        r#"{"source":"codex","output":"both"}"#,
        r#"{"output":"events","redact":false}"#,
        r#"{"output":"nodes"}"#,
        r#"{"source":"claude_code","output":"events","max_record_bytes":300,"max_json_depth":6}"#,
        r#"{"source":"codex","output":"both","gate_rules":[{"id":"f","category":"ban","strength":3,"pattern":"(?i)never"}]}"#,
    ];
    let pick = data.last().map_or(6, |&b| b as usize % 8);
    let (opts, input): (Option<CString>, &[u8]) = match pick {
        0..=5 => (Some(CString::new(PRESETS[pick]).unwrap()), data),
        6 => (None, data),
        _ => {
            let split = data.iter().position(|&b| b == b'\n').unwrap_or(data.len());
            let raw: Vec<u8> = data[..split].iter().copied().filter(|&b| b != 0).collect();
            (Some(CString::new(raw).unwrap()), &data[(split + 1).min(data.len())..])
        }
    };
    let opts_ptr = opts.as_ref().map_or(ptr::null(), |o| o.as_ptr());
    unsafe {
        let (mut out, mut len, mut err) = (ptr::null_mut(), 0usize, ptr::null_mut());
        let st = ffi::memscribe_parse(input.as_ptr(), input.len(), opts_ptr, &mut out, &mut len, &mut err);
        assert_eq!(st == 0, !out.is_null(), "output exactly on success");
        assert_eq!(st == 0, err.is_null(), "an error exactly on failure");
        free_all(out, err);

        let (mut rep, mut rep_len) = (ptr::null_mut(), 0usize);
        let (mut out, mut err) = (ptr::null_mut(), ptr::null_mut());
        let st = ffi::memscribe_parse_with_report(
            input.as_ptr(), input.len(), opts_ptr, &mut out, &mut len, &mut rep, &mut rep_len, &mut err,
        );
        assert_eq!(st == 0, !rep.is_null());
        ffi::memscribe_string_free(rep);
        free_all(out, err);

        let (mut out, mut err) = (ptr::null_mut(), ptr::null_mut());
        let mut rep = ptr::null_mut();
        let _ = ffi::memscribe_redact(input.as_ptr(), input.len(), opts_ptr, &mut out, &mut len, &mut rep, &mut rep_len, &mut err);
        ffi::memscribe_string_free(rep);
        free_all(out, err);

        let (mut src, mut err) = (ptr::null_mut(), ptr::null_mut());
        let _ = ffi::memscribe_detect(input.as_ptr(), input.len(), &mut src, &mut err);
        free_all(src, err);

        let (mut s, mut err) = (ptr::null_mut(), ptr::null_mut());
        if ffi::memscribe_session_new(opts_ptr, &mut s, &mut err) == 0 {
            let cut = input.len() / 2;
            for chunk in [&input[..cut], &input[cut..]] {
                let (mut out, mut err) = (ptr::null_mut(), ptr::null_mut());
                let _ = ffi::memscribe_session_feed(s, chunk.as_ptr(), chunk.len(), &mut out, &mut len, &mut err);
                free_all(out, err);
            }
            let (mut out, mut err) = (ptr::null_mut(), ptr::null_mut());
            let _ = ffi::memscribe_session_finish(s, &mut out, &mut len, &mut err);
            free_all(out, err);
            let (mut rep, mut err) = (ptr::null_mut(), ptr::null_mut());
            let _ = ffi::memscribe_session_report(s, &mut rep, &mut rep_len, &mut err);
            free_all(rep, err);
            ffi::memscribe_session_free(s);
        } else {
            ffi::memscribe_error_free(err);
        }
    }
});
