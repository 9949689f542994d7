//! `memscribe` for Node.js: a thin translation of the core API. Options map
//! to `memscribe::Options`; results are built from the core's `Serialize`
//! impls, so every object has the keys, order and values of the CLI's NDJSON.
#![deny(clippy::all)]

use napi::bindgen_prelude::*;
use napi_derive::napi;

use memscribe::{Batch, Options, OutputMode, SourceKind};

/// Options shared by `parse`, `parseFile`, `parseAsync` and `Session`.
#[napi(object)]
#[derive(Default, Clone)]
pub struct ParseOptions {
    /// Tool slug (`"claude_code"`, `"codex"`, …); detected when omitted.
    pub source: Option<String>,
    /// Replace secrets with `[REDACTED:<rule>]` (default true).
    pub redact: Option<bool>,
    /// `"nodes"` (default), `"events"` or `"both"`.
    pub output: Option<String>,
}

fn type_error(msg: String) -> Error {
    Error::new(Status::InvalidArg, msg)
}

fn core_options(o: Option<ParseOptions>) -> Result<Options> {
    let o = o.unwrap_or_default();
    let mut opts = Options::default();
    if let Some(s) = o.source {
        opts.source = Some(SourceKind::from_slug(&s).ok_or_else(|| type_error(format!("unknown source {s:?}")))?);
    }
    if let Some(r) = o.redact {
        opts.redact = r;
    }
    if let Some(out) = o.output {
        opts.output = OutputMode::from_name(&out)
            .ok_or_else(|| type_error(format!("output must be \"nodes\", \"events\" or \"both\", not {out:?}")))?;
    }
    Ok(opts)
}

/// A core error as a JS error whose `code` is the core's error kind.
fn core_error(e: memscribe::Error) -> Error {
    Error::new(Status::GenericFailure, format!("{}: {}", e.kind().as_str(), e.message()))
}

fn input(data: &Either<Buffer, String>) -> &[u8] {
    match data {
        Either::A(b) => b.as_ref(),
        Either::B(s) => s.as_bytes(),
    }
}

/// A batch on its way to JS: becomes an array of plain objects in the
/// order of its output mode.
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
    unsafe fn to_napi_value(raw: sys::napi_env, val: Self) -> Result<sys::napi_value> {
        let env = Env::from_raw(raw);
        let items = val.batch.items(val.mode);
        let mut arr = env.create_array(items.len() as u32)?;
        for (i, item) in items.iter().enumerate() {
            arr.set(i as u32, env.to_js_value(item)?)?;
        }
        unsafe { Array::to_napi_value(raw, arr) }
    }
}

/// Parses a whole transcript into plain objects (nodes by default).
#[napi(ts_return_type = "Array<Record<string, any>>")]
pub fn parse(data: Either<Buffer, String>, options: Option<ParseOptions>) -> Result<Items> {
    let opts = core_options(options)?;
    let batch = memscribe::parse(input(&data), &opts).map_err(core_error)?;
    Ok(Items { batch, mode: opts.output })
}

/// Reads a file and parses it like `parse`.
#[napi(ts_return_type = "Array<Record<string, any>>")]
pub fn parse_file(path: String, options: Option<ParseOptions>) -> Result<Items> {
    let opts = core_options(options)?;
    let bytes = std::fs::read(&path).map_err(|e| Error::new(Status::GenericFailure, format!("{path}: {e}")))?;
    let batch = memscribe::parse(&bytes, &opts).map_err(core_error)?;
    Ok(Items { batch, mode: opts.output })
}

/// Names the tool that wrote `data`, or null.
#[napi]
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
    type Output = Batch;
    type JsValue = Items;

    fn compute(&mut self) -> Result<Batch> {
        memscribe::parse(&self.data, &self.opts).map_err(core_error)
    }

    fn resolve(&mut self, _env: Env, batch: Batch) -> Result<Items> {
        Ok(Items { batch, mode: self.opts.output })
    }
}

/// Parses on the libuv thread pool; the event loop is never blocked.
#[napi(ts_return_type = "Promise<Array<Record<string, any>>>")]
pub fn parse_async(data: Either<Buffer, String>, options: Option<ParseOptions>) -> Result<AsyncTask<ParseTask>> {
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
    #[napi(constructor)]
    pub fn new(options: Option<ParseOptions>) -> Result<Session> {
        let opts = core_options(options)?;
        let output = opts.output;
        Ok(Session { inner: memscribe::Session::new(opts).map_err(core_error)?, output })
    }

    #[napi(ts_return_type = "Array<Record<string, any>>")]
    pub fn feed(&mut self, chunk: Either<Buffer, String>) -> Result<Items> {
        let batch = self.inner.feed(input(&chunk)).map_err(core_error)?;
        Ok(Items { batch, mode: self.output })
    }

    #[napi(ts_return_type = "Array<Record<string, any>>")]
    pub fn finish(&mut self) -> Result<Items> {
        let batch = self.inner.finish().map_err(core_error)?;
        Ok(Items { batch, mode: self.output })
    }
}
