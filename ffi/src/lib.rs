//! The C ABI of memscribe (`libmemscribe.so` / `libmemscribe.a`, header
//! `include/memscribe.h`, generated from this file by cbindgen).
//!
//! Conventions, after rustls-ffi:
//! * every symbol starts with `memscribe_`; handles are opaque, made by `_new`
//!   and released by `_free` (which accepts NULL);
//! * every fallible function returns a status code (`MEMSCRIBE_OK` = 0) and
//!   writes its results through out-parameters, which are set (to a result
//!   or to NULL) on every return;
//! * rich errors come back through an optional `memscribe_error **out_err`,
//!   never through thread-local state (Go moves goroutines across threads);
//! * every pointer is checked for NULL, and every entry point runs inside one
//!   panic guard ([`guard`]), so no input can unwind into or abort the host;
//! * every string Rust allocates is released with `memscribe_string_free`.
//!
//! Options cross the ABI as a JSON object (`{"source": "codex", "redact":
//! false, "output": "events", "max_record_bytes": 1048576, …}`, the same
//! names as every other language), so new options never change the ABI.
#![allow(non_camel_case_types)]
#![deny(unsafe_op_in_unsafe_fn)]

use std::ffi::{c_char, CStr, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr;

use memscribe_core::{Batch, Diagnostic, ErrorKind, Options, OutputMode, Session, Summary};

#[cfg(feature = "mimalloc")]
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Success.
pub const MEMSCRIBE_OK: u32 = 0;
/// A required pointer was NULL, a length did not match its pointer, or the
/// call is not valid in the object's state (e.g. feeding a finished session).
pub const MEMSCRIBE_INVALID_ARGUMENT: u32 = 1;
/// The options string is not valid UTF-8 JSON, has an unknown key or a bad value.
pub const MEMSCRIBE_INVALID_OPTIONS: u32 = 2;
/// No source was given and the input's format could not be detected, or the
/// source name is unknown.
pub const MEMSCRIBE_UNKNOWN_SOURCE: u32 = 3;
/// The format is known but this version cannot parse it.
pub const MEMSCRIBE_UNSUPPORTED_SOURCE: u32 = 4;
/// A limit was exceeded in a way that stops the whole call.
pub const MEMSCRIBE_LIMIT_EXCEEDED: u32 = 5;
/// A bug in memscribe (for example a caught panic). The host is unaffected.
pub const MEMSCRIBE_INTERNAL: u32 = 6;
/// A file or directory could not be read (missing, not permitted, not a
/// session directory this version knows is `MEMSCRIBE_UNKNOWN_SOURCE`).
pub const MEMSCRIBE_IO: u32 = 7;

/// The store is damaged, is not a memscribe store, or was written by a newer
/// memscribe (a later schema).
pub const MEMSCRIBE_STORE_CORRUPT: u32 = 8;
/// The disk (or quota) under the store is full; the store is unchanged since
/// its last complete source.
pub const MEMSCRIBE_STORE_FULL: u32 = 9;
/// Another process held the store longer than the busy timeout (60 s).
pub const MEMSCRIBE_STORE_BUSY: u32 = 10;

/// An open capture store. Opaque.
pub struct memscribe_store {
    store: std::sync::Mutex<memscribe_store_crate::Store>,
}

/// An incremental parser. Opaque.
pub struct memscribe_session {
    session: Session,
    output: OutputMode,
    /// The diagnostics of the last `feed` or `finish`, for `memscribe_session_report`.
    last_diagnostics: Vec<Diagnostic>,
}

/// An error: a status code and a message. Opaque.
pub struct memscribe_error {
    status: u32,
    message: CString,
}

type CallResult = Result<(), (u32, String)>;

fn status_of(kind: ErrorKind) -> u32 {
    match kind {
        ErrorKind::InvalidArgument => MEMSCRIBE_INVALID_ARGUMENT,
        ErrorKind::InvalidOptions => MEMSCRIBE_INVALID_OPTIONS,
        ErrorKind::UnknownSource => MEMSCRIBE_UNKNOWN_SOURCE,
        ErrorKind::UnsupportedSource => MEMSCRIBE_UNSUPPORTED_SOURCE,
        ErrorKind::LimitExceeded => MEMSCRIBE_LIMIT_EXCEEDED,
        ErrorKind::Io => MEMSCRIBE_IO,
        _ => MEMSCRIBE_INTERNAL,
    }
}

fn core_err(e: memscribe_core::Error) -> (u32, String) {
    (status_of(e.kind()), e.message().to_owned())
}

fn store_err(e: memscribe_store_crate::Error) -> (u32, String) {
    use memscribe_store_crate::ErrorKind as K;
    let status = match e.kind {
        K::Corrupt | K::Schema => MEMSCRIBE_STORE_CORRUPT,
        K::Full => MEMSCRIBE_STORE_FULL,
        K::Busy => MEMSCRIBE_STORE_BUSY,
        K::Usage => MEMSCRIBE_INVALID_ARGUMENT,
        K::Open | K::Source | K::Other => MEMSCRIBE_IO,
    };
    (status, e.message)
}

/// # Safety
/// `s` must be NULL or a NUL-terminated string.
unsafe fn opt_str<'a>(s: *const c_char, name: &str) -> Result<Option<&'a str>, (u32, String)> {
    if s.is_null() {
        return Ok(None);
    }
    // SAFETY: the caller guarantees a NUL-terminated string.
    unsafe { CStr::from_ptr(s) }
        .to_str()
        .map(Some)
        .map_err(|_| invalid(&format!("{name} is not valid UTF-8")))
}

fn invalid(msg: &str) -> (u32, String) {
    (MEMSCRIBE_INVALID_ARGUMENT, msg.to_owned())
}

/// Runs `f` with panics caught: the one guard every entry point uses.
/// On failure, stores an error in `*out_err` when `out_err` is not NULL.
fn guard(out_err: *mut *mut memscribe_error, f: impl FnOnce() -> CallResult) -> u32 {
    if !out_err.is_null() {
        // SAFETY: the caller passes either NULL or a valid pointer to a pointer.
        unsafe { *out_err = ptr::null_mut() };
    }
    let (status, message) = match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(())) => return MEMSCRIBE_OK,
        Ok(Err(e)) => e,
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_owned());
            (
                MEMSCRIBE_INTERNAL,
                format!("internal error (please report): {what}"),
            )
        }
    };
    if !out_err.is_null() {
        let message = CString::new(message.replace('\0', " ")).unwrap_or_default();
        let err = Box::new(memscribe_error { status, message });
        // SAFETY: checked non-NULL above.
        unsafe { *out_err = Box::into_raw(err) };
    }
    status
}

/// Borrows `(ptr, len)` as a slice; NULL is allowed only with `len == 0`.
///
/// # Safety
/// `ptr` must point to `len` readable bytes when non-NULL.
unsafe fn bytes<'a>(ptr: *const u8, len: usize) -> Result<&'a [u8], (u32, String)> {
    if ptr.is_null() {
        return if len == 0 {
            Ok(&[])
        } else {
            Err(invalid("input is NULL but its length is not 0"))
        };
    }
    // SAFETY: the caller guarantees `len` readable bytes at `ptr`.
    Ok(unsafe { std::slice::from_raw_parts(ptr, len) })
}

/// # Safety
/// `json` must be NULL or a NUL-terminated string.
unsafe fn options(json: *const c_char) -> Result<Options, (u32, String)> {
    if json.is_null() {
        return Ok(Options::default());
    }
    // SAFETY: the caller guarantees a NUL-terminated string.
    let text = unsafe { CStr::from_ptr(json) }.to_str().map_err(|_| {
        (
            MEMSCRIBE_INVALID_OPTIONS,
            "options are not valid UTF-8".to_owned(),
        )
    })?;
    Options::from_json(text).map_err(core_err)
}

/// Hands `bytes` to C as a NUL-terminated string plus its length.
///
/// # Safety
/// `out` must be valid for a write; `out_len` NULL or valid for a write.
unsafe fn give_string(bytes: Vec<u8>, out: *mut *mut c_char, out_len: *mut usize) -> CallResult {
    let len = bytes.len();
    debug_assert!(
        memchr_nul(&bytes).is_none(),
        "canonical JSON never contains a NUL byte"
    );
    // SAFETY: the bytes are canonical JSON (or a tool slug), and JSON escapes
    // U+0000 as `\u0000`, so there is no interior NUL. Skipping the check saves
    // a pass over every output string.
    let s = unsafe { CString::from_vec_unchecked(bytes) };
    // SAFETY: the caller checked `out` and `out_len`.
    unsafe {
        *out = s.into_raw();
        if !out_len.is_null() {
            *out_len = len;
        }
    }
    Ok(())
}

/// # Safety
/// As [`give_string`]; also clears the outputs first.
unsafe fn clear_out(out: *mut *mut c_char, out_len: *mut usize, name: &str) -> CallResult {
    if out.is_null() {
        return Err(invalid(&format!("{name} is NULL")));
    }
    // SAFETY: checked non-NULL; out_len checked below.
    unsafe {
        *out = ptr::null_mut();
        if !out_len.is_null() {
            *out_len = 0;
        }
    }
    Ok(())
}

fn memchr_nul(b: &[u8]) -> Option<usize> {
    b.iter().position(|&c| c == 0)
}

/// Renders a batch; `hint` is the size of the input that produced it (the
/// NDJSON of events is about that size, so one allocation usually suffices).
fn render(batch: &Batch, mode: OutputMode, hint: usize) -> Vec<u8> {
    let guess = if mode == OutputMode::Nodes {
        batch.nodes.len() * 1024
    } else {
        hint + hint / 4 + 4096
    };
    let mut buf = Vec::with_capacity(guess);
    batch
        .write_ndjson(&mut buf, mode)
        .expect("writing to a Vec cannot fail");
    buf
}

/// Parses `input` whole, rendering each batch as it becomes final so that
/// only the NDJSON (and the diagnostics) grow with the input, not the
/// events behind them. Returns the NDJSON, the summary and the diagnostics.
fn parse_rendered(
    input: &[u8],
    opts: &Options,
) -> Result<(Vec<u8>, Summary, Vec<Diagnostic>), memscribe_core::Error> {
    let mut session = Session::new(opts.clone())?;
    let mut buf = Vec::new();
    let mut diagnostics = Vec::new();
    let mode = opts.output;
    session.feed_with(input, &mut |batch| {
        render_into(&mut buf, &batch, mode, &mut diagnostics)
    })?;
    let batch = session.finish()?;
    render_into(&mut buf, &batch, mode, &mut diagnostics);
    Ok((buf, batch.summary.unwrap_or_default(), diagnostics))
}

/// Appends a batch's NDJSON to `buf` and its diagnostics to `diagnostics`.
fn render_into(
    buf: &mut Vec<u8>,
    batch: &Batch,
    mode: OutputMode,
    diagnostics: &mut Vec<Diagnostic>,
) {
    batch
        .write_ndjson(&mut *buf, mode)
        .expect("writing to a Vec cannot fail");
    diagnostics.extend_from_slice(&batch.diagnostics);
}

/// The report JSON: `{"summary": {…}, "diagnostics": [{…}, …]}`.
fn render_report(summary: &Summary, diagnostics: &[Diagnostic]) -> Vec<u8> {
    #[derive(serde::Serialize)]
    struct Report<'a> {
        summary: &'a Summary,
        diagnostics: &'a [Diagnostic],
    }
    serde_json::to_vec(&Report {
        summary,
        diagnostics,
    })
    .expect("serializing to a Vec cannot fail")
}

/// The library version, e.g. `"0.1.0"`.
///
/// Ownership: the string is static; do not free it. Thread-safety: any thread.
#[no_mangle]
pub extern "C" fn memscribe_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// Parses a whole transcript and returns NDJSON (nodes, events or both, per
/// the options' `output`), byte-identical to `memscribe parse` with the same
/// options.
///
/// * `input`, `input_len`: the transcript bytes; `input` may be NULL only when
///   `input_len` is 0.
/// * `options_json`: a NUL-terminated JSON object, or NULL for the defaults.
/// * `out_ndjson`: receives a NUL-terminated string owned by the caller, to be
///   released with `memscribe_string_free`; set to NULL on error. Required.
/// * `out_len`: receives the string's length without the NUL; may be NULL.
/// * `out_err`: receives an error to release with `memscribe_error_free`, or
///   NULL on success; may be NULL when the caller only wants the status.
///
/// Returns `MEMSCRIBE_OK`, or `MEMSCRIBE_INVALID_ARGUMENT`,
/// `MEMSCRIBE_INVALID_OPTIONS`, `MEMSCRIBE_UNKNOWN_SOURCE`,
/// `MEMSCRIBE_UNSUPPORTED_SOURCE`, `MEMSCRIBE_INTERNAL`. Bad records inside the
/// input are not errors (they are skipped with a diagnostic).
/// Thread-safety: any thread, concurrently.
///
/// # Safety
/// Pointers must be NULL or valid as described; `input` must have
/// `input_len` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn memscribe_parse(
    input: *const u8,
    input_len: usize,
    options_json: *const c_char,
    out_ndjson: *mut *mut c_char,
    out_len: *mut usize,
    out_err: *mut *mut memscribe_error,
) -> u32 {
    guard(out_err, || {
        // SAFETY: the contract of this function.
        unsafe { clear_out(out_ndjson, out_len, "out_ndjson")? };
        let input = unsafe { bytes(input, input_len)? };
        let opts = unsafe { options(options_json)? };
        let (ndjson, _, _) = parse_rendered(input, &opts).map_err(core_err)?;
        unsafe { give_string(ndjson, out_ndjson, out_len) }
    })
}

/// As `memscribe_parse`, and also returns the parse's report: a JSON object
/// `{"summary": {"source", "records", "events", "nodes", "diagnostics":
/// {kind: count}}, "diagnostics": [{"diagnostic", "line_no", "byte_offset",
/// "message"}, …]}` — what the records that produced no event (or were
/// changed) were, and what the whole input came to.
///
/// * `out_report`: receives a NUL-terminated string owned by the caller
///   (release with `memscribe_string_free`), or NULL on error. Required.
/// * `out_report_len`: receives its length; may be NULL.
/// * the other arguments and the statuses: as for `memscribe_parse`.
///
/// Thread-safety: any thread, concurrently.
///
/// # Safety
/// As for `memscribe_parse`; `out_report` must be valid for a write.
#[no_mangle]
pub unsafe extern "C" fn memscribe_parse_with_report(
    input: *const u8,
    input_len: usize,
    options_json: *const c_char,
    out_ndjson: *mut *mut c_char,
    out_len: *mut usize,
    out_report: *mut *mut c_char,
    out_report_len: *mut usize,
    out_err: *mut *mut memscribe_error,
) -> u32 {
    guard(out_err, || {
        // SAFETY: the contract of this function.
        // Both outputs are cleared before either NULL is reported.
        let ndjson = unsafe { clear_out(out_ndjson, out_len, "out_ndjson") };
        let report = unsafe { clear_out(out_report, out_report_len, "out_report") };
        ndjson.and(report)?;
        let input = unsafe { bytes(input, input_len)? };
        let opts = unsafe { options(options_json)? };
        let (ndjson, summary, diagnostics) = parse_rendered(input, &opts).map_err(core_err)?;
        let report = render_report(&summary, &diagnostics);
        unsafe { give_string(ndjson, out_ndjson, out_len)? };
        unsafe { give_string(report, out_report, out_report_len) }
    })
}

/// Parses a transcript file or a session directory (a Cline or Roo Code
/// task directory, a Copilot CLI session folder: its files in order, as one
/// stream) and returns NDJSON and the report, as `memscribe_parse_with_report`
/// does for bytes. Each event's `provenance.file` is the path of the file it
/// came from, unless the options' `file` names one. With no `source` in the
/// options, the content decides, and the file's name and place when the
/// content cannot (a Cline `task_metadata.json`).
///
/// * `path`: a NUL-terminated UTF-8 path. Required.
/// * `options_json`, `out_ndjson`, `out_len`, `out_err`: as for
///   `memscribe_parse`.
/// * `out_report`: receives the report JSON owned by the caller (release with
///   `memscribe_string_free`); may be NULL when the report is not wanted.
/// * `out_report_len`: its length; may be NULL.
///
/// Returns the statuses of `memscribe_parse`, and `MEMSCRIBE_IO` when the path
/// cannot be read.
/// Thread-safety: any thread, concurrently.
///
/// # Safety
/// `path` must be a NUL-terminated string; the other pointers as for
/// `memscribe_parse_with_report`, except that `out_report` may be NULL.
#[no_mangle]
pub unsafe extern "C" fn memscribe_parse_path(
    path: *const c_char,
    options_json: *const c_char,
    out_ndjson: *mut *mut c_char,
    out_len: *mut usize,
    out_report: *mut *mut c_char,
    out_report_len: *mut usize,
    out_err: *mut *mut memscribe_error,
) -> u32 {
    guard(out_err, || {
        // SAFETY: the contract of this function.
        let ndjson = unsafe { clear_out(out_ndjson, out_len, "out_ndjson") };
        if !out_report.is_null() {
            // SAFETY: the caller guarantees out_report is valid when not NULL.
            unsafe { clear_out(out_report, out_report_len, "out_report")? };
        }
        ndjson?;
        if path.is_null() {
            return Err(invalid("path is NULL"));
        }
        // SAFETY: the caller guarantees a NUL-terminated string.
        let path = unsafe { CStr::from_ptr(path) }
            .to_str()
            .map_err(|_| invalid("path is not valid UTF-8"))?;
        let opts = unsafe { options(options_json)? };
        let mut buf = Vec::new();
        let mut diagnostics = Vec::new();
        let mode = opts.output;
        let summary =
            memscribe_io::parse_path_with(std::path::Path::new(path), &opts, &mut |batch| {
                render_into(&mut buf, &batch, mode, &mut diagnostics);
            })
            .map_err(core_err)?;
        unsafe { give_string(buf, out_ndjson, out_len)? };
        if !out_report.is_null() {
            let report = render_report(&summary, &diagnostics);
            unsafe { give_string(report, out_report, out_report_len)? };
        }
        Ok(())
    })
}

/// Writes a transcript back in its own format with every secret replaced by
/// `[REDACTED:<rule>]` and every other byte unchanged (what `memscribe
/// redact` prints), so that a session can be shared or published; the copy
/// parses to the same events as the original with redaction on.
///
/// * `input`, `input_len`: the transcript bytes; `input` may be NULL only when
///   `input_len` is 0.
/// * `options_json`: as for `memscribe_parse`; only `source` matters (it says
///   which strings hold JSON of their own; detected when absent).
/// * `out_text`: receives the redacted transcript as a NUL-terminated string
///   owned by the caller (release with `memscribe_string_free`); NULL on
///   error. Required. An input holding a NUL byte is
///   `MEMSCRIBE_INVALID_ARGUMENT` (the copy could not be a C string).
/// * `out_len`: receives its length without the NUL; may be NULL.
/// * `out_report`: receives `{"source": slug|null, "replacements":
///   [{"line_no", "byte_offset", "len", "rule"}, …]}` (each secret replaced,
///   where it was in the input), owned by the caller; may be NULL when the
///   report is not wanted.
/// * `out_report_len`: its length; may be NULL.
/// * `out_err`: as for `memscribe_parse`.
///
/// Thread-safety: any thread, concurrently.
///
/// # Safety
/// As for `memscribe_parse`; `out_report`, when not NULL, must be valid for
/// a write.
#[no_mangle]
pub unsafe extern "C" fn memscribe_redact(
    input: *const u8,
    input_len: usize,
    options_json: *const c_char,
    out_text: *mut *mut c_char,
    out_len: *mut usize,
    out_report: *mut *mut c_char,
    out_report_len: *mut usize,
    out_err: *mut *mut memscribe_error,
) -> u32 {
    guard(out_err, || {
        // SAFETY: the contract of this function.
        let text = unsafe { clear_out(out_text, out_len, "out_text") };
        if !out_report.is_null() {
            unsafe { clear_out(out_report, out_report_len, "out_report")? };
        }
        text?;
        let input = unsafe { bytes(input, input_len)? };
        let opts = unsafe { options(options_json)? };
        if memchr_nul(input).is_some() {
            return Err(invalid(
                "input holds a NUL byte; the redacted copy could not be a C string",
            ));
        }
        let r = memscribe_core::redact::redact_transcript(input, opts.source);
        if !out_report.is_null() {
            #[derive(serde::Serialize)]
            struct Report<'a> {
                source: Option<memscribe_core::SourceKind>,
                replacements: &'a [memscribe_core::redact::Replacement],
            }
            let report = serde_json::to_vec(&Report {
                source: r.source,
                replacements: &r.replacements,
            })
            .expect("serializing to a Vec cannot fail");
            unsafe { give_string(report, out_report, out_report_len)? };
        }
        unsafe { give_string(r.output, out_text, out_len) }
    })
}

/// The export format named by `format` (NULL: ATIF).
///
/// # Safety
/// `format` must be NULL or a NUL-terminated string.
unsafe fn export_format(
    format: *const c_char,
) -> Result<memscribe_core::ExportFormat, (u32, String)> {
    if format.is_null() {
        return Ok(memscribe_core::ExportFormat::Atif);
    }
    // SAFETY: the caller guarantees a NUL-terminated string.
    let name = unsafe { CStr::from_ptr(format) }
        .to_str()
        .map_err(|_| invalid("format is not valid UTF-8"))?;
    memscribe_core::ExportFormat::from_name(name).ok_or_else(|| {
        invalid(&format!(
            "format must be \"atif\" or \"otel\", not {name:?}"
        ))
    })
}

fn export_json(x: memscribe_core::Export) -> Vec<u8> {
    serde_json::to_vec(&x.to_json()).expect("serializing to a Vec cannot fail")
}

/// Exports a transcript's sessions in an interchange format (what `memscribe
/// export` writes): `{"documents": [...], "manifest": {...}}`, where each
/// document is an ATIF trajectory (Harbor RFC 0001 v1.4; one per session
/// and subagent) or an OTLP/JSON `ExportTraceServiceRequest` (one per
/// session, OpenTelemetry GenAI spans), and the manifest says what the
/// export holds, what was redacted (counts per rule) and the blake3 of the
/// input.
///
/// * `input`, `input_len`, `options_json`, `out_err`: as for
///   `memscribe_parse` (`output` is ignored; `redact` decides whether the
///   export is safe to share, on by default).
/// * `format`: `"atif"` or `"otel"`; NULL for ATIF.
/// * `out_json`: receives the JSON, owned by the caller (release with
///   `memscribe_string_free`). Required.
/// * `out_len`: its length; may be NULL.
///
/// Returns the statuses of `memscribe_parse`; `MEMSCRIBE_INVALID_ARGUMENT`
/// for an unknown format.
/// Thread-safety: any thread, concurrently.
///
/// # Safety
/// As for `memscribe_parse`; `format` must be NULL or a NUL-terminated
/// string.
#[no_mangle]
pub unsafe extern "C" fn memscribe_export(
    input: *const u8,
    input_len: usize,
    options_json: *const c_char,
    format: *const c_char,
    out_json: *mut *mut c_char,
    out_len: *mut usize,
    out_err: *mut *mut memscribe_error,
) -> u32 {
    guard(out_err, || {
        // SAFETY: the contract of this function.
        unsafe { clear_out(out_json, out_len, "out_json")? };
        let input = unsafe { bytes(input, input_len)? };
        let opts = unsafe { options(options_json)? };
        let format = unsafe { export_format(format)? };
        let x = memscribe_core::export(input, &opts, format).map_err(core_err)?;
        unsafe { give_string(export_json(x), out_json, out_len) }
    })
}

/// `memscribe_export` of what `memscribe_parse_path` reads: a transcript
/// file, a session directory or a database. The manifest's origin names the
/// path and the blake3 of the files read.
///
/// * `path`: a NUL-terminated UTF-8 path. Required.
/// * the others: as for `memscribe_export`.
///
/// Returns the statuses of `memscribe_export`, and `MEMSCRIBE_IO` when the
/// path cannot be read.
/// Thread-safety: any thread, concurrently.
///
/// # Safety
/// `path` must be a NUL-terminated string; the others as for
/// `memscribe_export`.
#[no_mangle]
pub unsafe extern "C" fn memscribe_export_path(
    path: *const c_char,
    options_json: *const c_char,
    format: *const c_char,
    out_json: *mut *mut c_char,
    out_len: *mut usize,
    out_err: *mut *mut memscribe_error,
) -> u32 {
    guard(out_err, || {
        // SAFETY: the contract of this function.
        unsafe { clear_out(out_json, out_len, "out_json")? };
        if path.is_null() {
            return Err(invalid("path is NULL"));
        }
        // SAFETY: the caller guarantees a NUL-terminated string.
        let path = unsafe { CStr::from_ptr(path) }
            .to_str()
            .map_err(|_| invalid("path is not valid UTF-8"))?;
        let opts = unsafe { options(options_json)? };
        let format = unsafe { export_format(format)? };
        let x = memscribe_io::export_path(std::path::Path::new(path), &opts, format)
            .map_err(core_err)?;
        unsafe { give_string(export_json(x), out_json, out_len) }
    })
}

/// Lists every session on this machine (what `memscribe sessions` prints):
/// a JSON array of `{tool, session_id, path, size, modified}`, sorted by
/// tool, path and session id. A database's sessions share its path; pass
/// it to `memscribe_parse_path`.
///
/// * `options_json`: NULL or a JSON object `{"home": DIR, "tools":
///   [SLUG…], "since": "YYYY-MM-DD" | RFC 3339, "roots": [DIR…] (searched
///   for Aider histories), "env": {NAME: VALUE…} (over the process's
///   environment: the tools' overrides such as `CLAUDE_CONFIG_DIR`),
///   "os": "linux" | "macos" | "windows"}`, every member optional.
/// * `out_json`: receives the array, owned by the caller (release with
///   `memscribe_string_free`). Required.
/// * `out_len`: its length in bytes; may be NULL.
/// * `out_err`: as for `memscribe_parse`; may be NULL.
///
/// Returns `MEMSCRIBE_INVALID_OPTIONS` for bad options, `MEMSCRIBE_IO`
/// when a directory cannot be listed.
/// Thread-safety: any thread, concurrently.
///
/// # Safety
/// `options_json` must be NULL or a NUL-terminated string; `out_json` a
/// valid pointer; `out_len` and `out_err` NULL or valid pointers.
#[no_mangle]
pub unsafe extern "C" fn memscribe_discover(
    options_json: *const c_char,
    out_json: *mut *mut c_char,
    out_len: *mut usize,
    out_err: *mut *mut memscribe_error,
) -> u32 {
    guard(out_err, || {
        // SAFETY: the contract of this function.
        unsafe { clear_out(out_json, out_len, "out_json")? };
        let text = if options_json.is_null() {
            ""
        } else {
            // SAFETY: the caller guarantees a NUL-terminated string.
            unsafe { CStr::from_ptr(options_json) }
                .to_str()
                .map_err(|_| invalid("options_json is not valid UTF-8"))?
        };
        let json = memscribe_io::discover_json(text).map_err(core_err)?;
        unsafe { give_string(json.into_bytes(), out_json, out_len) }
    })
}

/// Detects the tool that wrote `input` and returns its slug (`"claude_code"`,
/// `"codex"`, …).
///
/// * `out_source`: receives a NUL-terminated string owned by the caller
///   (release with `memscribe_string_free`), or NULL when nothing was
///   recognised (then the status is `MEMSCRIBE_UNKNOWN_SOURCE`). Required.
/// * `out_err`: as for `memscribe_parse`; may be NULL.
///
/// Thread-safety: any thread, concurrently.
///
/// # Safety
/// As for `memscribe_parse`.
#[no_mangle]
pub unsafe extern "C" fn memscribe_detect(
    input: *const u8,
    input_len: usize,
    out_source: *mut *mut c_char,
    out_err: *mut *mut memscribe_error,
) -> u32 {
    guard(out_err, || {
        unsafe { clear_out(out_source, ptr::null_mut(), "out_source")? };
        let input = unsafe { bytes(input, input_len)? };
        match memscribe_core::detect(input) {
            Some(kind) => unsafe {
                give_string(kind.slug().as_bytes().to_vec(), out_source, ptr::null_mut())
            },
            None => Err((
                MEMSCRIBE_UNKNOWN_SOURCE,
                "transcript format not recognised".to_owned(),
            )),
        }
    })
}

/// Creates an incremental parser.
///
/// * `options_json`: as for `memscribe_parse`; NULL for the defaults.
/// * `out_session`: receives the session, owned by the caller and released with
///   `memscribe_session_free`; NULL on error. Required.
/// * `out_err`: as for `memscribe_parse`; may be NULL.
///
/// Thread-safety: a session may move between threads but must not be used by
/// two threads at once; distinct sessions are independent.
///
/// # Safety
/// Pointers must be NULL or valid as described.
#[no_mangle]
pub unsafe extern "C" fn memscribe_session_new(
    options_json: *const c_char,
    out_session: *mut *mut memscribe_session,
    out_err: *mut *mut memscribe_error,
) -> u32 {
    guard(out_err, || {
        if out_session.is_null() {
            return Err(invalid("out_session is NULL"));
        }
        unsafe { *out_session = ptr::null_mut() };
        let opts = unsafe { options(options_json)? };
        let output = opts.output;
        let session = Session::new(opts).map_err(core_err)?;
        let boxed = Box::new(memscribe_session {
            session,
            output,
            last_diagnostics: Vec::new(),
        });
        unsafe { *out_session = Box::into_raw(boxed) };
        Ok(())
    })
}

/// Feeds the next chunk of the transcript (any split, even inside a line or a
/// UTF-8 sequence) and returns the NDJSON of what became final, possibly an
/// empty string. The concatenation of all `feed` and `finish` outputs equals
/// `memscribe_parse` of the concatenated chunks.
///
/// * `session`: required.
/// * `chunk`, `chunk_len`: `chunk` may be NULL only when `chunk_len` is 0.
/// * `out_ndjson`, `out_len`, `out_err`: as for `memscribe_parse`.
///
/// Feeding a finished session returns `MEMSCRIBE_INVALID_ARGUMENT`.
///
/// # Safety
/// `session` must come from `memscribe_session_new` and not be freed.
#[no_mangle]
pub unsafe extern "C" fn memscribe_session_feed(
    session: *mut memscribe_session,
    chunk: *const u8,
    chunk_len: usize,
    out_ndjson: *mut *mut c_char,
    out_len: *mut usize,
    out_err: *mut *mut memscribe_error,
) -> u32 {
    guard(out_err, || {
        unsafe { clear_out(out_ndjson, out_len, "out_ndjson")? };
        // SAFETY: the caller passes a live session or NULL.
        let s = unsafe { session.as_mut() }.ok_or_else(|| invalid("session is NULL"))?;
        let chunk = unsafe { bytes(chunk, chunk_len)? };
        let (mut buf, mut diagnostics) = (Vec::new(), Vec::new());
        let output = s.output;
        s.session
            .feed_with(chunk, &mut |batch| {
                render_into(&mut buf, &batch, output, &mut diagnostics)
            })
            .map_err(core_err)?;
        unsafe { give_string(buf, out_ndjson, out_len)? };
        s.last_diagnostics = diagnostics;
        Ok(())
    })
}

/// Ends the input: processes a last line without a newline and returns the
/// remaining NDJSON (decisions are final only here). The session can then
/// only be freed.
///
/// Arguments as for `memscribe_session_feed`. Finishing twice returns
/// `MEMSCRIBE_INVALID_ARGUMENT`; an undetectable format is reported here as
/// `MEMSCRIBE_UNKNOWN_SOURCE` when no record identified the tool.
///
/// # Safety
/// As for `memscribe_session_feed`.
#[no_mangle]
pub unsafe extern "C" fn memscribe_session_finish(
    session: *mut memscribe_session,
    out_ndjson: *mut *mut c_char,
    out_len: *mut usize,
    out_err: *mut *mut memscribe_error,
) -> u32 {
    guard(out_err, || {
        unsafe { clear_out(out_ndjson, out_len, "out_ndjson")? };
        let s = unsafe { session.as_mut() }.ok_or_else(|| invalid("session is NULL"))?;
        let batch = s.session.finish().map_err(core_err)?;
        unsafe { give_string(render(&batch, s.output, 0), out_ndjson, out_len)? };
        s.last_diagnostics = batch.diagnostics;
        Ok(())
    })
}

/// The session's report, as JSON: `{"summary": …, "diagnostics": […]}` (the
/// shape of `memscribe_parse_with_report`'s), where `summary` counts
/// everything fed so far (the whole input after `finish`) and `diagnostics`
/// are those of the last `feed` or `finish` call.
///
/// * `session`: required; not changed.
/// * `out_report`: receives a NUL-terminated string owned by the caller
///   (release with `memscribe_string_free`), or NULL on error. Required.
/// * `out_report_len`, `out_err`: as for `memscribe_parse`.
///
/// # Safety
/// `session` must come from `memscribe_session_new` and not be freed.
#[no_mangle]
pub unsafe extern "C" fn memscribe_session_report(
    session: *const memscribe_session,
    out_report: *mut *mut c_char,
    out_report_len: *mut usize,
    out_err: *mut *mut memscribe_error,
) -> u32 {
    guard(out_err, || {
        unsafe { clear_out(out_report, out_report_len, "out_report")? };
        // SAFETY: the caller passes a live session or NULL.
        let s = unsafe { session.as_ref() }.ok_or_else(|| invalid("session is NULL"))?;
        let report = render_report(&s.session.summary(), &s.last_diagnostics);
        unsafe { give_string(report, out_report, out_report_len) }
    })
}

/// Opens the capture store at `path`, creating it when it does not exist.
///
/// * `path`: the store file; NULL for the default (`$MEMSCRIBE_STORE`, else
///   `$XDG_DATA_HOME/memscribe/memscribe.db`).
/// * `options_json`: NULL, or `{"redaction": "sanitize" | "mask"}` (the mode
///   of a new store; naming another mode than an existing store's is
///   `MEMSCRIBE_INVALID_ARGUMENT`).
/// * `out_store`: receives the store, released with `memscribe_store_close`;
///   NULL on error. Required.
/// * `out_err`: as for `memscribe_parse`; may be NULL.
///
/// Errors: `MEMSCRIBE_STORE_CORRUPT` for a damaged or foreign file or a newer
/// schema, `MEMSCRIBE_IO` when it cannot be opened or created.
///
/// Thread-safety: a store may be used from any thread; calls on one store
/// take turns. Several stores (in one process or many) may share a file.
///
/// # Safety
/// Pointers must be NULL or valid as described.
#[no_mangle]
pub unsafe extern "C" fn memscribe_store_open(
    path: *const c_char,
    options_json: *const c_char,
    out_store: *mut *mut memscribe_store,
    out_err: *mut *mut memscribe_error,
) -> u32 {
    guard(out_err, || {
        if out_store.is_null() {
            return Err(invalid("out_store is NULL"));
        }
        unsafe { *out_store = ptr::null_mut() };
        let path = unsafe { opt_str(path, "path")? }.map_or_else(
            memscribe_store_crate::Store::default_path,
            std::path::PathBuf::from,
        );
        let redaction = match unsafe { opt_str(options_json, "options_json")? } {
            None => None,
            Some(text) => {
                let v: serde_json::Value = serde_json::from_str(text)
                    .map_err(|e| (MEMSCRIBE_INVALID_OPTIONS, format!("options_json: {e}")))?;
                let obj = v.as_object().ok_or((
                    MEMSCRIBE_INVALID_OPTIONS,
                    "options_json must be an object".to_owned(),
                ))?;
                if let Some(k) = obj.keys().find(|k| *k != "redaction") {
                    return Err((
                        MEMSCRIBE_INVALID_OPTIONS,
                        format!("unknown store option `{k}`"),
                    ));
                }
                match obj.get("redaction") {
                    None | Some(serde_json::Value::Null) => None,
                    Some(r) => Some(
                        r.as_str()
                            .and_then(memscribe_store_crate::Redaction::from_name)
                            .ok_or((
                                MEMSCRIBE_INVALID_OPTIONS,
                                "redaction must be \"sanitize\" or \"mask\"".to_owned(),
                            ))?,
                    ),
                }
            }
        };
        let store = memscribe_store_crate::Store::open_with(&path, redaction).map_err(store_err)?;
        let boxed = Box::new(memscribe_store {
            store: std::sync::Mutex::new(store),
        });
        unsafe { *out_store = Box::into_raw(boxed) };
        Ok(())
    })
}

/// Answers a JSON request on the store and returns the JSON answer.
///
/// `request_json` is an object with `op` and that operation's fields:
/// `{"op":"ingest","paths":[…]}` (no `paths`: every session discovery
/// finds) → the ingest report; `{"op":"sessions","as_of":N}`;
/// `{"op":"decisions","repo":…,"since":"YYYY-MM-DD","tool":…,"as_of":N,"raw":false}`
/// → decision nodes; `{"op":"episodes","file":…}` (and the same filters)
/// → episode nodes; `{"op":"search","query":…,"limit":20}` → hits;
/// `{"op":"replay","session":…,"output":"both","as_of":N}` → events and
/// nodes as `parse` gives them; `{"op":"checkpoints"}`; `{"op":"verify"}` →
/// problems (empty when all holds); `{"op":"info"}`. The README's store
/// section lists each answer's fields.
///
/// * `out_json`, `out_len`, `out_err`: as for `memscribe_parse`.
///
/// Thread-safety: any thread; calls on one store take turns.
///
/// # Safety
/// `store` must come from `memscribe_store_open` and not be closed;
/// `request_json` a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn memscribe_store_request(
    store: *mut memscribe_store,
    request_json: *const c_char,
    out_json: *mut *mut c_char,
    out_len: *mut usize,
    out_err: *mut *mut memscribe_error,
) -> u32 {
    guard(out_err, || {
        unsafe { clear_out(out_json, out_len, "out_json")? };
        if store.is_null() {
            return Err(invalid("store is NULL"));
        }
        let request = unsafe { opt_str(request_json, "request_json")? }
            .ok_or_else(|| invalid("request_json is NULL"))?;
        // SAFETY: the caller passes a live store.
        let store = unsafe { &*store };
        // A call that panicked while holding the lock leaves the store as
        // its last transaction did: keep using it.
        let mut s = store.store.lock().unwrap_or_else(|p| p.into_inner());
        let answer = s.request(request).map_err(store_err)?;
        unsafe { give_string(answer.into_bytes(), out_json, out_len) }
    })
}

/// Closes a store. NULL is ignored.
///
/// # Safety
/// `store` must be NULL or come from `memscribe_store_open`, and must not be
/// used afterwards.
#[no_mangle]
pub unsafe extern "C" fn memscribe_store_close(store: *mut memscribe_store) {
    if store.is_null() {
        return;
    }
    let _ = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the caller passes a pointer from `memscribe_store_open`.
        drop(unsafe { Box::from_raw(store) });
    }));
}

/// Releases a session. NULL is ignored.
///
/// # Safety
/// `session` must be NULL or come from `memscribe_session_new`, and must not
/// be used afterwards.
#[no_mangle]
pub unsafe extern "C" fn memscribe_session_free(session: *mut memscribe_session) {
    if session.is_null() {
        return;
    }
    let _ = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the caller passes a pointer from `memscribe_session_new`.
        drop(unsafe { Box::from_raw(session) });
    }));
}

/// The error's message, NUL-terminated. Borrowed from `err`: valid until
/// `memscribe_error_free(err)`; do not free it. NULL when `err` is NULL.
///
/// # Safety
/// `err` must be NULL or a live error.
#[no_mangle]
pub unsafe extern "C" fn memscribe_error_message(err: *const memscribe_error) -> *const c_char {
    // SAFETY: the caller passes a live error or NULL.
    match unsafe { err.as_ref() } {
        Some(e) => e.message.as_ptr(),
        None => ptr::null(),
    }
}

/// The error's status code; `MEMSCRIBE_OK` when `err` is NULL.
///
/// # Safety
/// `err` must be NULL or a live error.
#[no_mangle]
pub unsafe extern "C" fn memscribe_error_status(err: *const memscribe_error) -> u32 {
    // SAFETY: the caller passes a live error or NULL.
    unsafe { err.as_ref() }.map_or(MEMSCRIBE_OK, |e| e.status)
}

/// Releases an error. NULL is ignored.
///
/// # Safety
/// `err` must be NULL or come from an `out_err` of this library, and must not
/// be used afterwards.
#[no_mangle]
pub unsafe extern "C" fn memscribe_error_free(err: *mut memscribe_error) {
    if !err.is_null() {
        // SAFETY: the caller passes a pointer this library allocated.
        drop(unsafe { Box::from_raw(err) });
    }
}

/// Releases a string returned by this library. NULL is ignored.
///
/// # Safety
/// `s` must be NULL or a string this library returned, not freed before.
#[no_mangle]
pub unsafe extern "C" fn memscribe_string_free(s: *mut c_char) {
    if !s.is_null() {
        // SAFETY: the caller passes a pointer from `CString::into_raw`.
        drop(unsafe { CString::from_raw(s) });
    }
}
