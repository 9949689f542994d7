//! `memscribe._memscribe`: a thin translation of the memscribe API to Python
//! (the public names live in `python/memscribe/__init__.py`). No logic lives
//! here that is not in the core crate: options are read by
//! `memscribe::Options` itself, parsing runs with the GIL released, and
//! results — items, diagnostics, summary — are built by serializing the
//! core's types straight into Python objects (module `ser`), so every dict
//! has exactly the keys, order and values of the CLI's NDJSON.

mod ser;

use std::borrow::Cow;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyTuple};

use memscribe::{Batch, Options, OutputMode, SourceKind};

pyo3::create_exception!(
    _memscribe,
    MemscribeError,
    PyValueError,
    "A parse failed as a whole (e.g. an undetectable format); `.kind` names the reason."
);

/// Raises MemscribeError with the core's message and a `kind` attribute.
fn to_py_err(py: Python<'_>, e: memscribe::Error) -> PyErr {
    if e.kind() == memscribe::ErrorKind::Io {
        return pyo3::exceptions::PyOSError::new_err(e.message().to_owned());
    }
    let err = MemscribeError::new_err(e.message().to_owned());
    let _ = err.value(py).setattr("kind", e.kind().as_str());
    err
}

/// The options as the core reads them: the dict of keyword arguments the
/// Python layer collected, as JSON, into `memscribe::Options` (serde), so
/// every option the core has is accepted here under its own name. An unknown
/// name or a value of the wrong type is a `TypeError`, a bad value a
/// `MemscribeError` (a `ValueError`) of kind `invalid_options`.
fn options(py: Python<'_>, options: Option<&Bound<'_, PyDict>>) -> PyResult<Options> {
    let Some(dict) = options else { return Ok(Options::default()) };
    let json: String = py.import("json")?.call_method1("dumps", (dict,))?.extract()?;
    Options::from_json(&json).map_err(|e| {
        let msg = e.message();
        if msg.contains("unknown field") || msg.contains("invalid type") {
            PyTypeError::new_err(msg.to_owned())
        } else {
            to_py_err(py, e)
        }
    })
}

/// The input as bytes: `bytes` and `str` (UTF-8) without a copy where
/// possible, and any other object with the buffer protocol (`bytearray`,
/// `memoryview`, `array`, numpy arrays of bytes, …) copied once.
fn input_bytes<'a>(data: &'a Bound<'_, PyAny>) -> PyResult<Cow<'a, [u8]>> {
    if let Ok(b) = data.cast::<PyBytes>() {
        return Ok(Cow::Borrowed(b.as_bytes()));
    }
    if let Ok(s) = data.cast::<PyString>() {
        return Ok(Cow::Owned(s.to_cow()?.into_owned().into_bytes()));
    }
    let py = data.py();
    let view = py.import("builtins")?.getattr("memoryview")?.call1((data,)).map_err(|_| {
        PyTypeError::new_err(format!(
            "data must be bytes, str or a bytes-like object, not {}",
            data.get_type().name().map(|n| n.to_string()).unwrap_or_default()
        ))
    })?;
    let bytes = view.call_method0("tobytes")?;
    Ok(Cow::Owned(bytes.cast::<PyBytes>()?.as_bytes().to_vec()))
}

/// Converts any `Serialize` value with the NDJSON's keys, order and values.
fn to_py<'py, T: serde::Serialize>(py: Python<'py>, keys: &ser::Keys<'py>, v: &T) -> PyResult<Bound<'py, PyAny>> {
    v.serialize(ser::PySer(py, keys)).map_err(|e| e.0)
}

/// Runs `work` without the GIL, turning each batch it hands to its sink
/// into Python objects as it becomes final (taking the GIL for that), so the
/// events behind a result are never all held in Rust at once. Returns
/// `(items, diagnostics, summary)`, the summary being what `work` returns.
fn run_converted<'py, F>(py: Python<'py>, mode: OutputMode, work: F) -> PyResult<Bound<'py, PyTuple>>
where
    F: Send + FnOnce(&mut dyn FnMut(&Batch)) -> Result<Option<memscribe::Summary>, memscribe::Error>,
{
    let mut items: Vec<Py<PyAny>> = Vec::new();
    let mut diags: Vec<Py<PyAny>> = Vec::new();
    let mut failed: Option<PyErr> = None;
    let mut convert = |batch: &Batch| {
        if failed.is_some() {
            return;
        }
        Python::attach(|py| {
            let keys = ser::Keys::default();
            let r: PyResult<()> = (|| {
                for item in batch.items(mode) {
                    items.push(to_py(py, &keys, &item)?.unbind());
                }
                for d in &batch.diagnostics {
                    diags.push(to_py(py, &keys, d)?.unbind());
                }
                Ok(())
            })();
            if let Err(e) = r {
                failed = Some(e);
            }
        });
    };
    let summary = py.detach(|| work(&mut convert)).map_err(|e| to_py_err(py, e))?;
    if let Some(e) = failed {
        return Err(e);
    }
    let summary = match &summary {
        Some(s) => to_py(py, &ser::Keys::default(), s)?,
        None => py.None().into_bound(py),
    };
    PyTuple::new(py, [PyList::new(py, items)?.into_any(), PyList::new(py, diags)?.into_any(), summary])
}

/// _parse(data, options) -> (items, diagnostics, summary)
#[pyfunction]
#[pyo3(signature = (data, options=None))]
fn _parse<'py>(py: Python<'py>, data: &Bound<'py, PyAny>, options: Option<&Bound<'py, PyDict>>) -> PyResult<Bound<'py, PyTuple>> {
    let opts = self::options(py, options)?;
    let bytes = input_bytes(data)?;
    let mode = opts.output;
    run_converted(py, mode, |sink| {
        let mut session = memscribe::Session::new(opts)?;
        session.feed_with(&bytes, &mut |batch| sink(&batch))?;
        let last = session.finish()?;
        sink(&last);
        Ok(last.summary)
    })
}

/// _parse_path(path, options) -> (items, diagnostics, summary): a file, a
/// session directory (its files in order, as one stream) or a database (its
/// sessions one after another), read by the source layer; the tool from the
/// content, or the path when it cannot say. The summary counts every session.
#[pyfunction]
#[pyo3(signature = (path, options=None))]
fn _parse_path<'py>(py: Python<'py>, path: std::path::PathBuf, options: Option<&Bound<'py, PyDict>>) -> PyResult<Bound<'py, PyTuple>> {
    let opts = self::options(py, options)?;
    let mode = opts.output;
    run_converted(py, mode, |sink| {
        let summary = memscribe_io::parse_path_with(&path, &opts, &mut |batch| sink(&batch))?;
        Ok(Some(summary))
    })
}

/// _discover(options_json) -> str: the JSON array of every session on this
/// machine (see `memscribe.discover`).
#[pyfunction]
#[pyo3(signature = (options_json=None))]
fn _discover(py: Python<'_>, options_json: Option<&str>) -> PyResult<String> {
    let text = options_json.unwrap_or("").to_owned();
    let found = py.detach(move || memscribe_io::discover_json(&text));
    found.map_err(|e| to_py_err(py, e))
}

/// Raises the store's error as Python's: `OSError` when a file cannot be
/// opened or read, else `MemscribeError` with `kind` `store_corrupt`,
/// `store_full`, `store_busy`, `invalid_argument` or `store`.
fn store_py_err(py: Python<'_>, e: memscribe_store::Error) -> PyErr {
    use memscribe_store::ErrorKind as K;
    let kind = match e.kind {
        K::Open | K::Source => return pyo3::exceptions::PyOSError::new_err(e.message),
        K::Corrupt | K::Schema => "store_corrupt",
        K::Full => "store_full",
        K::Busy => "store_busy",
        K::Usage => "invalid_argument",
        K::Other => "store",
    };
    let err = MemscribeError::new_err(e.message);
    let _ = err.value(py).setattr("kind", kind);
    err
}

/// _Store(path=None, redaction=None): an open capture store; `request`
/// answers a JSON request (see `memscribe.Store`) with the GIL released.
/// Calls from several threads take turns.
#[pyclass(frozen)]
struct _Store {
    inner: std::sync::Mutex<memscribe_store::Store>,
}

#[pymethods]
impl _Store {
    #[new]
    #[pyo3(signature = (path=None, redaction=None))]
    fn new(py: Python<'_>, path: Option<String>, redaction: Option<&str>) -> PyResult<_Store> {
        let redaction = match redaction {
            None => None,
            Some(r) => Some(memscribe_store::Redaction::from_name(r).ok_or_else(|| PyValueError::new_err(format!("redaction must be \"sanitize\" or \"mask\", not {r:?}")))?),
        };
        let path = path.map_or_else(memscribe_store::Store::default_path, std::path::PathBuf::from);
        let store = py.detach(|| memscribe_store::Store::open_with(&path, redaction)).map_err(|e| store_py_err(py, e))?;
        Ok(_Store { inner: std::sync::Mutex::new(store) })
    }

    fn request(&self, py: Python<'_>, request: &str) -> PyResult<String> {
        let request = request.to_owned();
        let answer = py.detach(|| {
            let mut s = self.inner.lock().unwrap_or_else(|p| p.into_inner());
            s.request(&request)
        });
        answer.map_err(|e| store_py_err(py, e))
    }
}

/// _redact(data, source) -> (bytes, replacements, source): the transcript
/// written back with its secrets replaced (what `memscribe redact` prints).
#[pyfunction]
#[pyo3(signature = (data, source=None))]
fn _redact<'py>(py: Python<'py>, data: &Bound<'py, PyAny>, source: Option<&str>) -> PyResult<Bound<'py, PyTuple>> {
    let source = match source {
        Some(s) => Some(s.parse::<SourceKind>().map_err(|e| to_py_err(py, e))?),
        None => None,
    };
    let bytes = input_bytes(data)?;
    let r = py.detach(|| memscribe::redact::redact_transcript(&bytes, source));
    let keys = ser::Keys::default();
    let reps = to_py(py, &keys, &r.replacements)?;
    let src = match r.source {
        Some(k) => k.slug().into_pyobject(py)?.into_any(),
        None => py.None().into_bound(py),
    };
    PyTuple::new(py, [PyBytes::new(py, &r.output).into_any(), reps, src])
}

fn export_format(format: &str) -> PyResult<memscribe::ExportFormat> {
    memscribe::ExportFormat::from_name(format)
        .ok_or_else(|| PyValueError::new_err(format!("format must be \"atif\" or \"otel\", not {format:?}")))
}

fn export_json(x: memscribe::Export) -> String {
    x.to_json().to_string()
}

/// _export(data, options, format) -> str: `{"documents": [...], "manifest": {...}}`
/// as JSON (see `memscribe.export`).
#[pyfunction]
#[pyo3(signature = (data, options=None, format="atif"))]
fn _export(py: Python<'_>, data: &Bound<'_, PyAny>, options: Option<&Bound<'_, PyDict>>, format: &str) -> PyResult<String> {
    let opts = self::options(py, options)?;
    let format = export_format(format)?;
    let bytes = input_bytes(data)?;
    py.detach(|| memscribe::export(&bytes, &opts, format).map(export_json)).map_err(|e| to_py_err(py, e))
}

/// _export_path(path, options, format) -> str: as `_export`, for what
/// `_parse_path` reads.
#[pyfunction]
#[pyo3(signature = (path, options=None, format="atif"))]
fn _export_path(py: Python<'_>, path: std::path::PathBuf, options: Option<&Bound<'_, PyDict>>, format: &str) -> PyResult<String> {
    let opts = self::options(py, options)?;
    let format = export_format(format)?;
    py.detach(|| memscribe_io::export_path(&path, &opts, format).map(export_json)).map_err(|e| to_py_err(py, e))
}

/// detect(data) -> str | None
#[pyfunction]
fn detect(py: Python<'_>, data: &Bound<'_, PyAny>) -> PyResult<Option<&'static str>> {
    let bytes = input_bytes(data)?;
    Ok(py.detach(|| memscribe::detect(&bytes)).map(SourceKind::slug))
}

/// The incremental parser under `memscribe.Session`: `feed` and `finish`
/// return `(items, diagnostics, summary)` for what became final.
#[pyclass(module = "memscribe._memscribe")]
struct _Session {
    inner: memscribe::Session,
    output: OutputMode,
    finished: bool,
}

#[pymethods]
impl _Session {
    #[new]
    #[pyo3(signature = (options=None))]
    fn new(py: Python<'_>, options: Option<&Bound<'_, PyDict>>) -> PyResult<_Session> {
        let opts = self::options(py, options)?;
        let output = opts.output;
        let inner = memscribe::Session::new(opts).map_err(|e| to_py_err(py, e))?;
        Ok(_Session { inner, output, finished: false })
    }

    fn feed<'py>(&mut self, py: Python<'py>, chunk: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyTuple>> {
        if self.finished {
            let err = MemscribeError::new_err("feed called after finish");
            let _ = err.value(py).setattr("kind", "invalid_argument");
            return Err(err);
        }
        let bytes = input_bytes(chunk)?;
        let inner = &mut self.inner;
        run_converted(py, self.output, |sink| {
            inner.feed_with(&bytes, &mut |batch| sink(&batch))?;
            Ok(None)
        })
    }

    fn finish<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let inner = &mut self.inner;
        let result = run_converted(py, self.output, |sink| {
            let last = inner.finish()?;
            sink(&last);
            Ok(last.summary)
        })?;
        self.finished = true;
        Ok(result)
    }

    /// The running counts (a dict), as `finish` reports them at the end.
    fn summary<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &ser::Keys::default(), &self.inner.summary())
    }

    #[getter]
    fn finished(&self) -> bool {
        self.finished
    }

    fn close(&mut self) {
        self.finished = true;
    }
}

#[pymodule]
fn _memscribe(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_parse, m)?)?;
    m.add_function(wrap_pyfunction!(_parse_path, m)?)?;
    m.add_function(wrap_pyfunction!(_discover, m)?)?;
    m.add_function(wrap_pyfunction!(detect, m)?)?;
    m.add_function(wrap_pyfunction!(_redact, m)?)?;
    m.add_function(wrap_pyfunction!(_export, m)?)?;
    m.add_function(wrap_pyfunction!(_export_path, m)?)?;
    m.add_class::<_Session>()?;
    m.add_class::<_Store>()?;
    m.add("MemscribeError", m.py().get_type::<MemscribeError>())?;
    m.add("__version__", memscribe::VERSION)?;
    Ok(())
}
