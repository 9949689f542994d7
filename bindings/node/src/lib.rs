//! `memscribe` for Node.js: a thin translation of the core API. Options are
//! read by `memscribe::Options` itself; results are built from the core's
//! `Serialize` impls, so every object has the keys, order and values of the
//! CLI's NDJSON. Errors carry the core's error kind as their `code`, and
//! every export runs under napi's panic guard (`catch_unwind`), so no panic
//! reaches Node.
#![deny(clippy::all)]

use napi::bindgen_prelude::*;
use napi_derive::napi;

use memscribe::{Batch, Options, OutputMode};

/// The options of `parse`, `parseFile`, `parseAsync` and `Session`. They are
/// the core's options: the object is read by `memscribe::Options` itself, so
/// every option it has is accepted (in camelCase or snake_case).
#[napi(object, object_to_js = false)]
#[derive(Default, Clone)]
pub struct ParseOptions {
    /// Tool slug (`"claude_code"`, `"codex"`, …); detected when omitted.
    pub source: Option<String>,
    /// Replace secrets with `[REDACTED:<rule>]` (default true).
    pub redact: Option<bool>,
    /// `"nodes"` (default), `"events"` or `"both"`.
    pub output: Option<String>,
    /// Records longer than this many bytes are skipped with a diagnostic.
    pub max_record_bytes: Option<f64>,
    /// Records nested deeper than this are skipped with a diagnostic.
    pub max_json_depth: Option<u32>,
    /// The file name every event's `provenance.file` names.
    pub file: Option<String>,
    /// Commitment-marker rules added to (or, with `gateMode: "replace"`,
    /// used instead of) the built-in table.
    pub gate_rules: Option<Vec<GateRule>>,
    /// `"extend"` (default) or `"replace"`.
    pub gate_mode: Option<String>,
}

/// A commitment-marker rule of the decision gate.
#[napi(object, object_to_js = false)]
#[derive(Default, Clone)]
pub struct GateRule {
    pub id: String,
    /// `decision_verb`, `rejection`, `ban`, `imperative`, `memory`,
    /// `confirmation` or `action_request`.
    pub category: String,
    pub strength: u32,
    /// A regular expression (Rust `regex` syntax).
    pub pattern: String,
}

/// A note about one input record: why it produced no event, or what was
/// done to it.
#[napi(object, object_from_js = false)]
pub struct Diagnostic {
    /// `invalid_utf8`, `not_json`, `record_too_large`, `too_deep`,
    /// `truncated`, `malformed`, `source_mismatch`, `inconsistent`,
    /// `duplicate`, `empty`, `redacted`, …
    pub diagnostic: String,
    #[napi(js_name = "line_no")]
    pub line_no: f64,
    #[napi(js_name = "byte_offset")]
    pub byte_offset: f64,
    pub message: String,
}

/// What a whole parse read and made.
#[napi(object, object_from_js = false)]
pub struct Summary {
    /// The tool the input was read as; null when no record identified one.
    pub source: Option<String>,
    pub records: f64,
    pub events: f64,
    pub nodes: f64,
    /// Diagnostics by kind.
    pub diagnostics: std::collections::HashMap<String, f64>,
    /// Schema drift: per tool version seen (`""` before one is known), the
    /// records read and how many went to `unknown` events.
    pub versions: Option<std::collections::HashMap<String, VersionCount>>,
}

/// Records read under one tool version, and how many were not understood.
#[napi(object, object_from_js = false)]
pub struct VersionCount {
    pub records: f64,
    pub unknown: f64,
}

/// What `parse`, `parseFile`, `parseAsync`, `Session.feed` and
/// `Session.finish` return besides the items: non-enumerable properties of
/// the returned array.
#[napi(object, object_from_js = false)]
pub struct ParseReport {
    /// The diagnostics of this call's records.
    pub diagnostics: Vec<Diagnostic>,
    /// The whole input's counts, once it has ended (`parse`, `finish`); null
    /// on `feed`.
    pub summary: Option<Summary>,
}

/// The `code` a thrown JS error carries: the core's error kind
/// (`"unknown_source"`, `"invalid_options"`, …), as the core names it.
pub struct Code(&'static str);

impl AsRef<str> for Code {
    fn as_ref(&self) -> &str {
        self.0
    }
}

/// What the exported functions return: on failure, an `Error` whose `code`
/// is the core's error kind.
type Result<T> = std::result::Result<T, Error<Code>>;

fn type_error(msg: String) -> Error<Code> {
    Error::new(Code(memscribe::ErrorKind::InvalidOptions.as_str()), msg)
}

/// `maxRecordBytes` → `max_record_bytes`; snake_case names pass unchanged.
fn snake_case(key: &str) -> String {
    let mut out = String::with_capacity(key.len() + 4);
    for c in key.chars() {
        if c.is_ascii_uppercase() {
            out.push('_');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

fn core_options(o: Option<serde_json::Value>) -> Result<Options> {
    let map = match o {
        None | Some(serde_json::Value::Null) => return Ok(Options::default()),
        Some(serde_json::Value::Object(m)) => m,
        Some(_) => return Err(type_error("options must be an object".to_owned())),
    };
    let map: serde_json::Map<String, serde_json::Value> = map.into_iter().map(|(k, v)| (snake_case(&k), v)).collect();
    Options::from_json(&serde_json::Value::Object(map).to_string()).map_err(|e| type_error(e.message().to_owned()))
}

/// A core error as a JS error whose `code` is the core's error kind.
fn core_error(e: memscribe::Error) -> Error<Code> {
    Error::new(Code(e.kind().as_str()), e.message().to_owned())
}

fn input(data: &Either<Buffer, String>) -> &[u8] {
    match data {
        Either::A(b) => b.as_ref(),
        Either::B(s) => s.as_bytes(),
    }
}

/// A batch on its way to JS (from `parseAsync`, made off the JS thread):
/// an array of plain objects in the order of its output mode, with
/// `diagnostics` and `summary` as non-enumerable properties (so `deepEqual`
/// and `JSON.stringify` see only the items).
pub struct Items {
    batch: Batch,
    mode: OutputMode,
}

impl TypeName for Items {
    fn type_name() -> &'static str {
        "Array"
    }

    fn value_type() -> ValueType {
        ValueType::Object
    }
}

impl ToNapiValue for Items {
    unsafe fn to_napi_value(raw: sys::napi_env, val: Self) -> napi::Result<sys::napi_value> {
        let env = Env::from_raw(raw);
        let mut out = ItemsBuilder::new(&env, val.mode)?;
        out.add(&val.batch);
        unsafe { out.finish(val.batch.summary.as_ref()).map(|b| b.0) }
    }
}

/// The same array, already made: the synchronous calls turn each batch into
/// JS objects as the core hands it out, so the events behind a result are
/// never all held in Rust at once.
pub struct Built(sys::napi_value);

impl TypeName for Built {
    fn type_name() -> &'static str {
        "Array"
    }

    fn value_type() -> ValueType {
        ValueType::Object
    }
}

impl ToNapiValue for Built {
    unsafe fn to_napi_value(_: sys::napi_env, val: Self) -> napi::Result<sys::napi_value> {
        Ok(val.0)
    }
}

/// Builds the returned array batch by batch.
struct ItemsBuilder<'e> {
    env: &'e Env,
    mode: OutputMode,
    array: Array<'e>,
    len: u32,
    diagnostics: Vec<memscribe::Diagnostic>,
    failed: Option<napi::Error>,
}

impl<'e> ItemsBuilder<'e> {
    fn new(env: &'e Env, mode: OutputMode) -> napi::Result<ItemsBuilder<'e>> {
        Ok(ItemsBuilder { env, mode, array: env.create_array(0)?, len: 0, diagnostics: Vec::new(), failed: None })
    }

    /// Appends a batch's items; the first conversion error is kept for
    /// [`ItemsBuilder::finish`].
    fn add(&mut self, batch: &Batch) {
        if self.failed.is_some() {
            return;
        }
        for item in batch.items(self.mode) {
            match self.env.to_js_value(&item).and_then(|v| self.array.set(self.len, v)) {
                Ok(()) => self.len += 1,
                Err(e) => {
                    self.failed = Some(e);
                    return;
                }
            }
        }
        self.diagnostics.extend_from_slice(&batch.diagnostics);
    }

    /// The array, with `diagnostics` and `summary` attached.
    unsafe fn finish(self, summary: Option<&memscribe::Summary>) -> napi::Result<Built> {
        if let Some(e) = self.failed {
            return Err(e);
        }
        let raw = self.env.raw();
        let array = unsafe { Array::to_napi_value(raw, self.array)? };
        let diagnostics = self.env.to_js_value(&self.diagnostics)?;
        let summary = self.env.to_js_value(&summary)?;
        let attributes = sys::PropertyAttributes::writable | sys::PropertyAttributes::configurable;
        let props = [
            sys::napi_property_descriptor {
                utf8name: c"diagnostics".as_ptr(),
                name: std::ptr::null_mut(),
                method: None,
                getter: None,
                setter: None,
                value: diagnostics.raw(),
                attributes,
                data: std::ptr::null_mut(),
            },
            sys::napi_property_descriptor {
                utf8name: c"summary".as_ptr(),
                name: std::ptr::null_mut(),
                method: None,
                getter: None,
                setter: None,
                value: summary.raw(),
                attributes,
                data: std::ptr::null_mut(),
            },
        ];
        check_status!(unsafe { sys::napi_define_properties(raw, array, props.len(), props.as_ptr()) })?;
        Ok(Built(array))
    }
}

/// Runs `work`, turning each batch it hands to its sink into JS objects.
fn build(
    env: &Env,
    mode: OutputMode,
    work: impl FnOnce(&mut dyn FnMut(&Batch)) -> std::result::Result<Option<memscribe::Summary>, memscribe::Error>,
) -> Result<Built> {
    let mut out = ItemsBuilder::new(env, mode).map_err(js_error)?;
    let summary = work(&mut |batch| out.add(batch)).map_err(core_error)?;
    unsafe { out.finish(summary.as_ref()) }.map_err(js_error)
}

/// A napi error (a failed conversion) as an exported function's error.
fn js_error(e: napi::Error) -> Error<Code> {
    Error::new(Code("internal"), e.reason.clone())
}

/// A whole parse through [`build`].
fn parse_built(env: &Env, bytes: &[u8], opts: Options) -> Result<Built> {
    let mode = opts.output;
    build(env, mode, |sink| {
        let mut session = memscribe::Session::new(opts)?;
        session.feed_with(bytes, &mut |batch| sink(&batch))?;
        let last = session.finish()?;
        sink(&last);
        Ok(last.summary)
    })
}

/// Parses a whole transcript into plain objects (nodes by default).
#[napi(catch_unwind, ts_return_type = "Array<Record<string, any>> & ParseReport")]
pub fn parse(
    env: Env,
    data: Either<Buffer, String>,
    #[napi(ts_arg_type = "ParseOptions | undefined | null")] options: Option<serde_json::Value>,
) -> Result<Built> {
    let opts = core_options(options)?;
    parse_built(&env, input(&data), opts)
}

/// Parses a transcript file, a session directory (a Cline or Roo Code task
/// directory, a Copilot CLI or Claude Code session folder: its files in
/// order, as one stream) or a database (OpenCode, Cursor, Zed, Goose: its
/// sessions one after another, each its own stream), as `memscribe parse
/// PATH` does. Each event's `provenance.file` is
/// the path of the file it came from unless `file` names one. With no
/// `source`, the content decides, and the path's name and place when the
/// content cannot. A path that cannot be read throws with code `io`.
#[napi(catch_unwind, ts_return_type = "Array<Record<string, any>> & ParseReport")]
pub fn parse_path(
    env: Env,
    path: String,
    #[napi(ts_arg_type = "ParseOptions | undefined | null")] options: Option<serde_json::Value>,
) -> Result<Built> {
    let opts = core_options(options)?;
    let mode = opts.output;
    build(&env, mode, |sink| {
        let summary = memscribe_io::parse_path_with(std::path::Path::new(&path), &opts, &mut |batch| sink(&batch))?;
        Ok(Some(summary))
    })
}

/// Sessions in an interchange format, with the export's manifest.
#[napi(object, object_from_js = false)]
pub struct Exported {
    /// One JSON document per session: an ATIF trajectory (one per subagent
    /// too), or an OTLP/JSON `ExportTraceServiceRequest`.
    pub documents: Vec<serde_json::Value>,
    /// What the export holds: `format`, `format_version`, `sessions`,
    /// `events` (counts per kind), `redacted`, `redactions` (per rule),
    /// `not_carried` and `origin` (the input's blake3).
    pub manifest: serde_json::Value,
}

/// The export format and the parse options of an export's options object.
fn export_options(o: Option<serde_json::Value>) -> Result<(memscribe::ExportFormat, Options)> {
    let mut o = o.unwrap_or(serde_json::Value::Null);
    let format = match o.as_object_mut().and_then(|m| m.remove("format")) {
        None | Some(serde_json::Value::Null) => memscribe::ExportFormat::Atif,
        Some(serde_json::Value::String(f)) => memscribe::ExportFormat::from_name(&f)
            .ok_or_else(|| type_error(format!("format must be 'atif' or 'otel', not {f:?}")))?,
        Some(_) => return Err(type_error("format must be 'atif' or 'otel'".to_owned())),
    };
    Ok((format, core_options(Some(o))?))
}

fn exported(x: memscribe::Export) -> Exported {
    Exported { documents: x.documents, manifest: x.manifest }
}

/// Exports a transcript's sessions as ATIF trajectories (`format: 'atif'`,
/// the default; Harbor RFC 0001 v1.4) or OpenTelemetry GenAI traces in
/// OTLP/JSON (`format: 'otel'`), as `memscribe export` does. Redacted unless
/// `redact: false`; the manifest counts what was replaced. (`export` is the
/// same function under the name the other languages use.)
#[napi(catch_unwind)]
pub fn export_sessions(
    data: Either<Buffer, String>,
    #[napi(ts_arg_type = "(ParseOptions & { format?: 'atif' | 'otel' }) | undefined | null")] options: Option<serde_json::Value>,
) -> Result<Exported> {
    let (format, opts) = export_options(options)?;
    memscribe::export(input(&data), &opts, format).map(exported).map_err(core_error)
}

/// `exportSessions` of what `parsePath` reads (a file, session directory or
/// database).
#[napi(catch_unwind)]
pub fn export_path(
    path: String,
    #[napi(ts_arg_type = "(ParseOptions & { format?: 'atif' | 'otel' }) | undefined | null")] options: Option<serde_json::Value>,
) -> Result<Exported> {
    let (format, opts) = export_options(options)?;
    memscribe_io::export_path(std::path::Path::new(&path), &opts, format).map(exported).map_err(core_error)
}

/// A session found on this machine by `discover`.
#[napi(object)]
pub struct FoundSession {
    /// The tool's slug.
    pub tool: String,
    /// The session's id (the store's for a database, else the file's or
    /// directory's name).
    pub session_id: String,
    /// A file, a session directory or a database (its sessions share it);
    /// `parsePath` reads it.
    pub path: String,
    /// Bytes on disk.
    pub size: f64,
    /// Last modified, RFC 3339 (UTC).
    pub modified: String,
}

/// Lists every session on this machine, as `memscribe sessions` does:
/// each tool's default places on this OS, with the tools' own overrides
/// from the environment (`CLAUDE_CONFIG_DIR`, `CODEX_HOME`, …). Options:
/// `home` (search another home), `tools` (slugs), `since` (`YYYY-MM-DD` or
/// RFC 3339), `roots` (directories searched for Aider histories), `env`
/// (variables over the process's), `os` (`linux` | `macos` | `windows`).
/// Sorted by tool, path and session id.
#[napi(catch_unwind)]
pub fn discover(
    #[napi(ts_arg_type = "{ home?: string, tools?: string[], since?: string, roots?: string[], env?: Record<string, string>, os?: 'linux' | 'macos' | 'windows' } | undefined | null")]
    options: Option<serde_json::Value>,
) -> Result<Vec<FoundSession>> {
    let text = options.map(|o| o.to_string()).unwrap_or_default();
    let d = memscribe_io::Discovery::from_json(&text).map_err(core_error)?;
    let found = memscribe_io::discover(&d).map_err(core_error)?;
    Ok(found
        .into_iter()
        .map(|f| FoundSession {
            tool: f.tool.to_string(),
            session_id: f.session_id,
            path: f.path.display().to_string(),
            size: f.size as f64,
            modified: memscribe_io::rfc3339_ms(f.modified_ms),
        })
        .collect())
}

/// The same as `parsePath` (kept for the name it had first).
#[napi(catch_unwind, ts_return_type = "Array<Record<string, any>> & ParseReport")]
pub fn parse_file(
    env: Env,
    path: String,
    #[napi(ts_arg_type = "ParseOptions | undefined | null")] options: Option<serde_json::Value>,
) -> Result<Built> {
    parse_path(env, path, options)
}

/// The options of `redact`.
#[napi(object, object_to_js = false)]
#[derive(Default, Clone)]
pub struct RedactOptions {
    /// Tool slug; it only says which strings hold JSON of their own
    /// (detected when omitted).
    pub source: Option<String>,
}

/// One secret `redact` replaced: where it was in the input (its bytes) and
/// the rule that found it.
#[napi(object, object_from_js = false)]
pub struct Replacement {
    #[napi(js_name = "line_no")]
    pub line_no: f64,
    #[napi(js_name = "byte_offset")]
    pub byte_offset: f64,
    pub len: f64,
    pub rule: String,
}

/// A transcript written back with its secrets replaced.
#[napi(object, object_from_js = false)]
pub struct Redacted {
    /// The transcript in its own format, every secret replaced by
    /// `[REDACTED:<rule>]` and every other byte unchanged: a string when
    /// the input was one, else a Buffer.
    pub output: Either<Buffer, String>,
    /// Each secret replaced, in input order.
    pub replacements: Vec<Replacement>,
    /// The tool the input was read as, or null.
    pub source: Option<String>,
}

/// Writes a transcript back in its own format with every secret replaced
/// (what `memscribe redact` prints), so that it can be shared; the copy
/// parses to the same events as the original with redaction on.
#[napi(catch_unwind)]
pub fn redact(data: Either<Buffer, String>, options: Option<RedactOptions>) -> Result<Redacted> {
    let source = match options.and_then(|o| o.source) {
        Some(s) => Some(s.parse::<memscribe::SourceKind>().map_err(|e| type_error(e.message().to_owned()))?),
        None => None,
    };
    let r = memscribe::redact::redact_transcript(input(&data), source);
    let output = match data {
        Either::A(_) => Either::A(Buffer::from(r.output)),
        // A string in, valid UTF-8 out: only ASCII markers replace whole
        // characters' bytes.
        Either::B(_) => Either::B(String::from_utf8(r.output).map_err(|e| Error::new(Code("internal"), e.to_string()))?),
    };
    let replacements = r
        .replacements
        .into_iter()
        .map(|x| Replacement { line_no: x.line_no as f64, byte_offset: x.byte_offset as f64, len: x.len as f64, rule: x.rule })
        .collect();
    Ok(Redacted { output, replacements, source: r.source.map(|k| k.slug().to_owned()) })
}

/// Names the tool that wrote `data`, or null.
#[napi(catch_unwind)]
pub fn detect(data: Either<Buffer, String>) -> Option<String> {
    memscribe::detect(input(&data)).map(|k| k.slug().to_owned())
}

/// The library version.
#[napi]
pub fn version() -> String {
    memscribe::VERSION.to_owned()
}

pub struct ParseTask {
    data: Vec<u8>,
    opts: Options,
}

#[napi]
impl Task for ParseTask {
    type Output = std::result::Result<Batch, memscribe::Error>;
    type JsValue = Items;

    fn compute(&mut self) -> napi::Result<Self::Output> {
        Ok(memscribe::parse(&self.data, &self.opts))
    }

    /// Resolves with the items, or rejects with an `Error` whose `code` is
    /// the core's error kind (made here, on the JS thread, so it carries the
    /// code rather than napi's generic status).
    fn resolve(&mut self, env: Env, output: Self::Output) -> napi::Result<Items> {
        match output {
            Ok(batch) => Ok(Items { batch, mode: self.opts.output }),
            Err(e) => {
                let mut error = env.create_error(Error::new(Status::GenericFailure, e.message().to_owned()))?;
                error.set_named_property("code", e.kind().as_str())?;
                Err(Error::from(error.to_unknown()))
            }
        }
    }
}

/// Parses on the libuv thread pool; the event loop is never blocked.
#[napi(catch_unwind, ts_return_type = "Promise<Array<Record<string, any>> & ParseReport>")]
pub fn parse_async(
    data: Either<Buffer, String>,
    #[napi(ts_arg_type = "ParseOptions | undefined | null")] options: Option<serde_json::Value>,
) -> Result<AsyncTask<ParseTask>> {
    let opts = core_options(options)?;
    Ok(AsyncTask::new(ParseTask { data: input(&data).to_vec(), opts }))
}

/// An incremental parser: `feed(chunk)` and `finish()` return what became final.
#[napi]
pub struct Session {
    inner: memscribe::Session,
    output: OutputMode,
}

#[napi]
impl Session {
    #[napi(constructor, catch_unwind)]
    pub fn new(#[napi(ts_arg_type = "ParseOptions | undefined | null")] options: Option<serde_json::Value>) -> Result<Session> {
        let opts = core_options(options)?;
        let output = opts.output;
        Ok(Session { inner: memscribe::Session::new(opts).map_err(core_error)?, output })
    }

    #[napi(catch_unwind, ts_return_type = "Array<Record<string, any>> & ParseReport")]
    pub fn feed(&mut self, env: Env, chunk: Either<Buffer, String>) -> Result<Built> {
        let inner = &mut self.inner;
        build(&env, self.output, |sink| {
            inner.feed_with(input(&chunk), &mut |batch| sink(&batch))?;
            Ok(None)
        })
    }

    #[napi(catch_unwind, ts_return_type = "Array<Record<string, any>> & ParseReport")]
    pub fn finish(&mut self, env: Env) -> Result<Built> {
        let inner = &mut self.inner;
        build(&env, self.output, |sink| {
            let last = inner.finish()?;
            sink(&last);
            Ok(last.summary)
        })
    }

    /// The counts so far (the whole input's after `finish`).
    #[napi(catch_unwind, ts_return_type = "Summary")]
    pub fn summary(&self, env: Env) -> napi::Result<Unknown<'_>> {
        env.to_js_value(&self.inner.summary())
    }
}

// ---- The capture store ----

fn store_error(e: memscribe_store::Error) -> Error<Code> {
    use memscribe_store::ErrorKind as K;
    let code = match e.kind {
        K::Open | K::Source | K::Other => "io",
        K::Corrupt | K::Schema => "store_corrupt",
        K::Full => "store_full",
        K::Busy => "store_busy",
        K::Usage => "invalid_argument",
    };
    Error::new(Code(code), e.message)
}

/// Options of a new store.
#[napi(object, object_to_js = false)]
#[derive(Default)]
pub struct StoreOptions {
    /// `sanitize` (the default: secrets never reach the disk) or `mask`
    /// (raw text kept, masked on every read unless `raw`). Only for a new
    /// store; an existing store's mode cannot change.
    pub redaction: Option<String>,
}

/// A source an ingest could not read.
#[napi(object, object_from_js = false)]
#[derive(serde::Deserialize)]
pub struct IngestFailure {
    pub path: String,
    pub error: String,
}

/// What `Store.ingest` did.
#[napi(object, object_from_js = false)]
#[derive(serde::Deserialize)]
pub struct IngestReport {
    /// The checkpoint made; null when nothing changed.
    pub checkpoint: Option<i64>,
    pub sources: i64,
    pub changed: i64,
    pub unchanged: i64,
    pub bytes: i64,
    pub events_added: i64,
    pub events_closed: i64,
    pub nodes_added: i64,
    pub nodes_closed: i64,
    pub failed: Vec<IngestFailure>,
}

/// A session the store holds.
#[napi(object, object_from_js = false)]
#[derive(serde::Deserialize)]
pub struct StoredSession {
    pub session_id: String,
    pub tool: Option<String>,
    pub path: String,
    pub cwd: Option<String>,
    pub first_ts: Option<String>,
    pub last_ts: Option<String>,
    pub events: i64,
    pub nodes: i64,
    pub decisions: i64,
}

/// A full-text match; matches in `[…]`.
#[napi(object, object_from_js = false)]
#[derive(serde::Deserialize)]
pub struct SearchHit {
    pub kind: String,
    pub id: String,
    pub session_id: String,
    pub tool: Option<String>,
    pub path: String,
    pub ts: Option<String>,
    pub snippet: String,
}

/// A numbered ingest.
#[napi(object, object_from_js = false)]
#[derive(serde::Deserialize)]
pub struct StoreCheckpoint {
    pub checkpoint: i64,
    pub at: String,
    pub version: String,
}

/// Something `Store.verify` found wrong.
#[napi(object, object_from_js = false)]
#[derive(serde::Deserialize)]
pub struct StoreProblem {
    pub subject: String,
    pub what: String,
}

/// Which decisions `Store.decisions` lists.
#[napi(object, object_to_js = false)]
#[derive(Default)]
pub struct DecisionQuery {
    /// Only sessions in this repository or folder (or under it).
    pub repo: Option<String>,
    /// `YYYY-MM-DD` or RFC 3339.
    pub since: Option<String>,
    /// A tool's slug.
    pub tool: Option<String>,
    /// As the store stood at this checkpoint.
    pub as_of: Option<i64>,
    /// The raw text in a mask-on-view store.
    pub raw: Option<bool>,
}

/// Which episodes `Store.episodes` lists.
#[napi(object, object_to_js = false)]
#[derive(Default)]
pub struct EpisodeQuery {
    /// The edited file: its path, the end of it, or a folder above it.
    pub file: Option<String>,
    pub repo: Option<String>,
    pub since: Option<String>,
    pub tool: Option<String>,
    pub as_of: Option<i64>,
    pub raw: Option<bool>,
}

/// What `Store.replay` writes out.
#[napi(object, object_to_js = false)]
#[derive(Default)]
pub struct ReplayOptions {
    /// A session id or a unique prefix (all sessions when omitted).
    pub session: Option<String>,
    /// `events`, `nodes` or `both` (the default).
    pub output: Option<String>,
    pub as_of: Option<i64>,
    pub raw: Option<bool>,
}

/// What `Store.export` exports.
#[napi(object, object_to_js = false)]
#[derive(Default)]
pub struct StoreExportOptions {
    /// `'atif'` (the default) or `'otel'`.
    #[napi(ts_type = "'atif' | 'otel'")]
    pub format: Option<String>,
    /// A session id or a unique prefix (all sessions when omitted).
    pub session: Option<String>,
    pub as_of: Option<i64>,
    pub raw: Option<bool>,
}

/// The capture store: transcripts ingested into one SQLite file, kept after
/// the tools delete them, searched and queried (`memscribe ingest`,
/// `search`, `decisions` in the CLI). Calls run on the calling thread and
/// take turns; several stores (or processes) may share a file.
#[napi(js_name = "Store")]
pub struct JsStore {
    inner: std::sync::Mutex<Option<memscribe_store::Store>>,
}

impl JsStore {
    fn request<T: serde::de::DeserializeOwned>(&self, req: serde_json::Value) -> Result<T> {
        let mut guard = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        let store = guard.as_mut().ok_or_else(|| Error::new(Code("invalid_argument"), "the store is closed".to_owned()))?;
        let answer = store.request(&req.to_string()).map_err(store_error)?;
        serde_json::from_str(&answer).map_err(|e| Error::new(Code("internal"), e.to_string()))
    }
}

#[napi]
impl JsStore {
    /// Opens the store at `path` (default `$MEMSCRIBE_STORE`, else
    /// `$XDG_DATA_HOME/memscribe/memscribe.db`), creating it when missing.
    /// Throws with code `store_corrupt` for a damaged or foreign file, `io`
    /// when it cannot be opened.
    #[napi(constructor, catch_unwind)]
    pub fn new(path: Option<String>, options: Option<StoreOptions>) -> Result<Self> {
        let redaction = match options.and_then(|o| o.redaction) {
            None => None,
            Some(r) => Some(
                memscribe_store::Redaction::from_name(&r)
                    .ok_or_else(|| Error::new(Code("invalid_options"), format!("redaction must be \"sanitize\" or \"mask\", not {r:?}")))?,
            ),
        };
        let path = path.map_or_else(memscribe_store::Store::default_path, std::path::PathBuf::from);
        let store = memscribe_store::Store::open_with(&path, redaction).map_err(store_error)?;
        Ok(JsStore { inner: std::sync::Mutex::new(Some(store)) })
    }

    /// The store file and its redaction mode.
    #[napi(catch_unwind, ts_return_type = "{ path: string, redaction: 'sanitize' | 'mask', schema_version: number }")]
    pub fn info(&self) -> Result<serde_json::Value> {
        self.request(serde_json::json!({"op": "info"}))
    }

    /// Reads `paths` (transcript files, session directories, tool databases
    /// or directories to search; every session on this machine when
    /// omitted) into the store; unchanged sources are skipped.
    #[napi(catch_unwind)]
    pub fn ingest(&self, paths: Option<Vec<String>>) -> Result<IngestReport> {
        self.request(serde_json::json!({"op": "ingest", "paths": paths}))
    }

    /// The sessions held (as of a checkpoint), by tool, path and id.
    #[napi(catch_unwind)]
    pub fn sessions(&self, as_of: Option<i64>) -> Result<Vec<StoredSession>> {
        self.request(serde_json::json!({"op": "sessions", "as_of": as_of}))
    }

    /// Decision nodes (bans included), oldest first, as `parse` gives them.
    #[napi(catch_unwind, ts_return_type = "Array<Record<string, any>>")]
    pub fn decisions(&self, query: Option<DecisionQuery>) -> Result<serde_json::Value> {
        let q = query.unwrap_or_default();
        self.request(serde_json::json!({"op": "decisions", "repo": q.repo, "since": q.since, "tool": q.tool, "as_of": q.as_of, "raw": q.raw}))
    }

    /// Episode nodes (one per successful file edit), oldest first; `file`
    /// keeps the edits of a file (its path, the end of it, or a folder
    /// above it).
    #[napi(catch_unwind, ts_return_type = "Array<Record<string, any>>")]
    pub fn episodes(&self, query: Option<EpisodeQuery>) -> Result<serde_json::Value> {
        let q = query.unwrap_or_default();
        self.request(serde_json::json!({"op": "episodes", "file": q.file, "repo": q.repo, "since": q.since, "tool": q.tool, "as_of": q.as_of, "raw": q.raw}))
    }

    /// Full-text search of the turns and decisions, best first; every word
    /// must match (`word*` matches a prefix).
    #[napi(catch_unwind)]
    pub fn search(&self, query: String, limit: Option<i64>, raw: Option<bool>) -> Result<Vec<SearchHit>> {
        self.request(serde_json::json!({"op": "search", "query": query, "limit": limit, "raw": raw}))
    }

    /// The stored events and nodes as `parse` gives them.
    #[napi(catch_unwind, ts_return_type = "Array<Record<string, any>>")]
    pub fn replay(&self, options: Option<ReplayOptions>) -> Result<serde_json::Value> {
        let o = options.unwrap_or_default();
        self.request(serde_json::json!({"op": "replay", "session": o.session, "output": o.output, "as_of": o.as_of, "raw": o.raw}))
    }

    /// The stored sessions as ATIF trajectories or OTLP/JSON traces, as
    /// `exportSessions` gives them for the transcripts; the manifest names the
    /// store and its checkpoint. `raw` needs a mask-on-view store.
    #[napi(catch_unwind)]
    pub fn export(&self, options: Option<StoreExportOptions>) -> Result<Exported> {
        let o = options.unwrap_or_default();
        let v: serde_json::Value =
            self.request(serde_json::json!({"op": "export", "format": o.format, "session": o.session, "as_of": o.as_of, "raw": o.raw}))?;
        let mut v = v;
        Ok(Exported { documents: serde_json::from_value(v["documents"].take()).unwrap_or_default(), manifest: v["manifest"].take() })
    }

    /// The numbered ingests, oldest first.
    #[napi(catch_unwind)]
    pub fn checkpoints(&self) -> Result<Vec<StoreCheckpoint>> {
        self.request(serde_json::json!({"op": "checkpoints"}))
    }

    /// What is wrong with the store (empty when all holds).
    #[napi(catch_unwind)]
    pub fn verify(&self) -> Result<Vec<StoreProblem>> {
        self.request(serde_json::json!({"op": "verify"}))
    }

    /// Closes the store; later calls throw.
    #[napi(catch_unwind)]
    pub fn close(&self) {
        let mut guard = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        *guard = None;
    }
}
