//! `memscribe._memscribe`: a thin translation of the memscribe API to Python.
//! No logic lives here that is not in the core crate: options are mapped to
//! `memscribe::Options`, parsing runs with the GIL released, and results are
//! built by serializing the core's events and nodes straight into Python
//! objects (module `ser`), so every dict has exactly the keys, order and
//! values of the CLI's NDJSON.

mod ser;

use std::borrow::Cow;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString};

use memscribe::{Batch, Options, OutputMode, SourceKind};

pyo3::create_exception!(
    _memscribe,
    MemscribeError,
    PyValueError,
    "A parse failed as a whole (e.g. an undetectable format); `.kind` names the reason."
);

/// Raises MemscribeError with the core's message and a `kind` attribute.
fn to_py_err(py: Python<'_>, e: memscribe::Error) -> PyErr {
    let err = MemscribeError::new_err(e.message().to_owned());
    let _ = err.value(py).setattr("kind", e.kind().as_str());
    err
}

fn options(source: Option<&str>, redact: bool, output: &str) -> PyResult<Options> {
    let mut opts = Options::default();
    if let Some(s) = source {
        opts.source = Some(SourceKind::from_slug(s).ok_or_else(|| {
            PyValueError::new_err(format!("unknown source {s:?}; expected a tool slug such as \"claude_code\" or \"codex\""))
        })?);
    }
    opts.redact = redact;
    opts.output = OutputMode::from_name(output)
        .ok_or_else(|| PyValueError::new_err(format!("output must be \"nodes\", \"events\" or \"both\", not {output:?}")))?;
    Ok(opts)
}

/// The input as bytes: `bytes` (borrowed, no copy) or `str` (encoded as UTF-8).
fn input_bytes<'a>(data: &'a Bound<'_, PyAny>) -> PyResult<Cow<'a, [u8]>> {
    if let Ok(b) = data.cast::<PyBytes>() {
        return Ok(Cow::Borrowed(b.as_bytes()));
    }
    if let Ok(s) = data.cast::<PyString>() {
        return Ok(Cow::Owned(s.to_cow()?.into_owned().into_bytes()));
    }
    Err(PyTypeError::new_err(format!(
        "data must be bytes or str, not {}",
        data.get_type().name().map(|n| n.to_string()).unwrap_or_default()
    )))
}

/// The batch's items (in the order of `mode`) as a list of dicts, built
/// directly from the core's `Serialize` impls: the same keys, order and values
/// as the NDJSON.
fn to_list<'py>(py: Python<'py>, batch: &Batch, mode: OutputMode) -> PyResult<Bound<'py, PyList>> {
    let items = batch.items(mode);
    let keys = ser::Keys::default();
    let mut objs = Vec::with_capacity(items.len());
    for item in &items {
        objs.push(serde::Serialize::serialize(item, ser::PySer(py, &keys)).map_err(|e| e.0)?);
    }
    PyList::new(py, objs)
}

/// parse(data, *, source=None, redact=True, output="nodes") -> list[dict]
#[pyfunction]
#[pyo3(signature = (data, *, source=None, redact=true, output="nodes"))]
fn parse<'py>(
    py: Python<'py>,
    data: &Bound<'py, PyAny>,
    source: Option<&str>,
    redact: bool,
    output: &str,
) -> PyResult<Bound<'py, PyList>> {
    let opts = options(source, redact, output)?;
    let bytes = input_bytes(data)?;
    let result = py.detach(|| memscribe::parse(&bytes, &opts));
    let batch = result.map_err(|e| to_py_err(py, e))?;
    to_list(py, &batch, opts.output)
}

/// detect(data) -> str | None
#[pyfunction]
fn detect(py: Python<'_>, data: &Bound<'_, PyAny>) -> PyResult<Option<&'static str>> {
    let bytes = input_bytes(data)?;
    Ok(py.detach(|| memscribe::detect(&bytes)).map(SourceKind::slug))
}

/// An incremental parser: feed(chunk) and finish() return what became final.
#[pyclass(module = "memscribe._memscribe")]
struct Session {
    inner: memscribe::Session,
    output: OutputMode,
    finished: bool,
}

#[pymethods]
impl Session {
    #[new]
    #[pyo3(signature = (*, source=None, redact=true, output="nodes"))]
    fn new(py: Python<'_>, source: Option<&str>, redact: bool, output: &str) -> PyResult<Session> {
        let opts = options(source, redact, output)?;
        let output = opts.output;
        let inner = memscribe::Session::new(opts).map_err(|e| to_py_err(py, e))?;
        Ok(Session { inner, output, finished: false })
    }

    fn feed<'py>(&mut self, py: Python<'py>, chunk: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
        if self.finished {
            let err = MemscribeError::new_err("feed called after finish");
            let _ = err.value(py).setattr("kind", "invalid_argument");
            return Err(err);
        }
        let bytes = input_bytes(chunk)?;
        let inner = &mut self.inner;
        let batch = py.detach(|| inner.feed(&bytes)).map_err(|e| to_py_err(py, e))?;
        to_list(py, &batch, self.output)
    }

    fn finish<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let inner = &mut self.inner;
        let batch = py.detach(|| inner.finish()).map_err(|e| to_py_err(py, e))?;
        self.finished = true;
        to_list(py, &batch, self.output)
    }

    /// True once finish() has run.
    #[getter]
    fn finished(&self) -> bool {
        self.finished
    }

    fn __enter__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    /// Leaving the block finishes nothing implicitly: call finish() to get the
    /// last nodes. The session is unusable afterwards either way.
    #[pyo3(signature = (*_args))]
    fn __exit__(&mut self, _args: &Bound<'_, pyo3::types::PyTuple>) -> bool {
        self.finished = true;
        false
    }
}

#[pymodule]
fn _memscribe(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(detect, m)?)?;
    m.add_class::<Session>()?;
    m.add("MemscribeError", m.py().get_type::<MemscribeError>())?;
    m.add("__version__", memscribe::VERSION)?;
    Ok(())
}
