//! The store as JSON requests and answers: what the C ABI, Python and Node
//! call, so that every language gets the same operations, names and shapes
//! from one implementation.
//!
//! A request is an object with `op` and that operation's fields:
//!
//! | `op` | fields | answer |
//! |---|---|---|
//! | `info` | — | `{path, redaction, schema_version}` |
//! | `ingest` | `paths` (omitted: every session discovery finds) | the [`IngestReport`] as an object |
//! | `sessions` | `as_of` | `[{session_id, tool, path, cwd, first_ts, last_ts, events, nodes, decisions}]` |
//! | `decisions` | `repo`, `since` (YYYY-MM-DD or RFC 3339), `tool`, `as_of`, `raw` | `[decision node]` |
//! | `episodes` | as `decisions`, and `file` (the edited file: its path, its end, or a folder above it) | `[episode node]` |
//! | `search` | `query`, `limit` (20), `raw` | `[{kind, id, session_id, tool, path, ts, snippet}]` |
//! | `replay` | `session`, `output` (`events`, `nodes`, `both`), `as_of`, `raw` | `[event or node]` |
//! | `export` | `format` (`atif` or `otel`; `atif`), `session`, `as_of`, `raw` | `{documents, manifest}` (see `docs/export.md`) |
//! | `checkpoints` | — | `[{checkpoint, at, version}]` |
//! | `verify` | — | `[{subject, what}]` (empty when all holds) |

use serde_json::{json, Value};

use crate::{Error, ErrorKind, IngestReport, NodeQuery, Result, Store, SCHEMA_VERSION};

fn usage(msg: impl Into<String>) -> Error {
    Error::new(ErrorKind::Usage, msg)
}

fn opt_str<'a>(req: &'a Value, key: &str) -> Result<Option<&'a str>> {
    match req.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(usage(format!("`{key}` must be a string"))),
    }
}

fn opt_i64(req: &Value, key: &str) -> Result<Option<i64>> {
    match req.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v
            .as_i64()
            .map(Some)
            .ok_or_else(|| usage(format!("`{key}` must be an integer"))),
    }
}

fn flag(req: &Value, key: &str) -> Result<bool> {
    match req.get(key) {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(_) => Err(usage(format!("`{key}` must be true or false"))),
    }
}

/// An ingest report as the JSON answer gives it.
pub fn report_json(r: &IngestReport) -> Value {
    json!({
        "checkpoint": r.checkpoint, "sources": r.sources, "changed": r.changed, "unchanged": r.unchanged,
        "bytes": r.bytes, "events_added": r.events_added, "events_closed": r.events_closed,
        "nodes_added": r.nodes_added, "nodes_closed": r.nodes_closed,
        "failed": r.failed.iter().map(|(p, e)| json!({"path": p.to_string_lossy(), "error": e})).collect::<Vec<_>>(),
    })
}

impl Store {
    /// Answers one JSON request (see the module's table) with JSON text.
    pub fn request(&mut self, request: &str) -> Result<String> {
        let req: Value = serde_json::from_str(request)
            .map_err(|e| usage(format!("the request is not JSON: {e}")))?;
        let op = req
            .get("op")
            .and_then(Value::as_str)
            .ok_or_else(|| usage("the request needs an `op`"))?;
        let known: &[&str] = match op {
            "info" | "checkpoints" | "verify" => &[],
            "ingest" => &["paths"],
            "sessions" => &["as_of"],
            "decisions" => &["repo", "since", "tool", "as_of", "raw"],
            "episodes" => &["repo", "since", "tool", "as_of", "raw", "file"],
            "search" => &["query", "limit", "raw"],
            "replay" => &["session", "output", "as_of", "raw"],
            "export" => &["format", "session", "as_of", "raw"],
            other => return Err(usage(format!("unknown op {other:?}"))),
        };
        if let Some(obj) = req.as_object() {
            if let Some(k) = obj
                .keys()
                .find(|k| *k != "op" && !known.contains(&k.as_str()))
            {
                return Err(usage(format!("`{op}` takes no field `{k}`")));
            }
        }
        let answer = match op {
            "info" => {
                json!({"path": self.path.to_string_lossy(), "redaction": self.redaction.name(), "schema_version": SCHEMA_VERSION})
            }
            "ingest" => {
                let report = match req.get("paths") {
                    None | Some(Value::Null) => {
                        self.ingest_discovered(&memscribe_io::Discovery::from_env(), &mut |_| {})?
                    }
                    Some(Value::Array(a)) => {
                        let paths = a
                            .iter()
                            .map(|p| {
                                p.as_str()
                                    .map(std::path::PathBuf::from)
                                    .ok_or_else(|| usage("`paths` must be strings"))
                            })
                            .collect::<Result<Vec<_>>>()?;
                        self.ingest(&paths, &mut |_| {})?
                    }
                    Some(_) => return Err(usage("`paths` must be an array of strings")),
                };
                report_json(&report)
            }
            "sessions" => Value::Array(
                self.sessions(opt_i64(&req, "as_of")?)?
                    .iter()
                    .map(|s| s.to_json())
                    .collect(),
            ),
            "decisions" | "episodes" => {
                let since_ms = match opt_str(&req, "since")? {
                    None => None,
                    Some(s) => Some(memscribe_io::parse_since(s).ok_or_else(|| {
                        usage(format!(
                            "`since` takes YYYY-MM-DD or an RFC 3339 time, not {s:?}"
                        ))
                    })?),
                };
                let tool = match opt_str(&req, "tool")? {
                    None => None,
                    Some(t) => Some(
                        t.parse::<memscribe::SourceKind>()
                            .map_err(|e| usage(e.message().to_owned()))?
                            .slug()
                            .to_owned(),
                    ),
                };
                let q = NodeQuery {
                    repo: opt_str(&req, "repo")?.map(|r| {
                        std::path::absolute(r)
                            .map_or_else(|_| r.to_owned(), |p| p.to_string_lossy().into_owned())
                    }),
                    since_ms,
                    tool,
                    as_of: opt_i64(&req, "as_of")?,
                    raw: flag(&req, "raw")?,
                    file: opt_str(&req, "file")?.map(str::to_owned),
                };
                let found = if op == "episodes" {
                    self.episodes(&q)?
                } else {
                    self.decisions(&q)?
                };
                Value::Array(found.iter().map(|n| n.value()).collect())
            }
            "search" => {
                let query =
                    opt_str(&req, "query")?.ok_or_else(|| usage("`search` needs a `query`"))?;
                let limit = opt_i64(&req, "limit")?.unwrap_or(20).clamp(1, 10_000) as usize;
                Value::Array(
                    self.search(query, limit, flag(&req, "raw")?)?
                        .iter()
                        .map(|h| h.to_json())
                        .collect(),
                )
            }
            "replay" => {
                let output = match opt_str(&req, "output")? {
                    None => memscribe::OutputMode::Both,
                    Some(o) => memscribe::OutputMode::from_name(o).ok_or_else(|| {
                        usage(format!("`output` must be events, nodes or both, not {o:?}"))
                    })?,
                };
                let mut buf = Vec::new();
                self.replay(
                    opt_str(&req, "session")?,
                    output,
                    opt_i64(&req, "as_of")?,
                    flag(&req, "raw")?,
                    &mut buf,
                )?;
                let items: Vec<Value> = buf
                    .split(|&b| b == b'\n')
                    .filter(|l| !l.is_empty())
                    .filter_map(|l| serde_json::from_slice(l).ok())
                    .collect();
                Value::Array(items)
            }
            "export" => {
                let format = match opt_str(&req, "format")? {
                    None => memscribe::ExportFormat::Atif,
                    Some(f) => memscribe::ExportFormat::from_name(f).ok_or_else(|| {
                        usage(format!("`format` must be atif or otel, not {f:?}"))
                    })?,
                };
                self.export(
                    opt_str(&req, "session")?,
                    opt_i64(&req, "as_of")?,
                    flag(&req, "raw")?,
                    format,
                )?
                .to_json()
            }
            "checkpoints" => Value::Array(
                self.checkpoints()?
                    .iter()
                    .map(|c| json!({"checkpoint": c.id, "at": c.at, "version": c.version}))
                    .collect(),
            ),
            "verify" => Value::Array(
                self.verify()?
                    .iter()
                    .map(|p| json!({"subject": p.subject, "what": p.what}))
                    .collect(),
            ),
            other => return Err(usage(format!("unknown op {other:?}"))),
        };
        Ok(answer.to_string())
    }
}
