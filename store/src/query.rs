//! Reading the store: sessions, decisions, search, replay, checkpoints and
//! verification. Every read takes an optional checkpoint (`as_of`): the
//! rows live then (`cp_from <= C` and not closed by `C`), else the rows
//! live now.

use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::path::Path;

use memscribe::OutputMode;
use rusqlite::{params, OptionalExtension};
use serde_json::{json, Value};

use crate::{Error, ErrorKind, Redaction, Result, Store};

/// A session the store holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionInfo {
    /// The contract's `session_id` (empty when the source names none).
    pub session_id: String,
    /// The tool's slug.
    pub tool: Option<String>,
    /// The source path it was read from.
    pub path: String,
    /// The working directory its events name.
    pub cwd: Option<String>,
    /// Its first and last timestamps.
    pub first_ts: Option<String>,
    /// See `first_ts`.
    pub last_ts: Option<String>,
    /// Events, nodes and decisions (as of the query's checkpoint).
    pub events: i64,
    /// See `events`.
    pub nodes: i64,
    /// See `events`.
    pub decisions: i64,
}

impl SessionInfo {
    /// As a JSON object (the `--json` line of `memscribe sessions --store`).
    pub fn to_json(&self) -> Value {
        json!({
            "session_id": self.session_id, "tool": self.tool, "path": self.path, "cwd": self.cwd,
            "first_ts": self.first_ts, "last_ts": self.last_ts,
            "events": self.events, "nodes": self.nodes, "decisions": self.decisions,
        })
    }
}

/// A node read back, with the session it belongs to.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredNode {
    /// Its session's id, tool and source path.
    pub session_id: String,
    /// See `session_id`.
    pub tool: Option<String>,
    /// See `session_id`.
    pub path: String,
    /// Its session's working directory.
    pub cwd: Option<String>,
    /// The node's JSON line, as `parse` wrote it (masked in a mask-on-view
    /// store unless raw was asked for).
    pub json: String,
}

impl StoredNode {
    /// The node as a JSON value.
    pub fn value(&self) -> Value {
        serde_json::from_str(&self.json).unwrap_or(Value::Null)
    }
}

/// Which decisions or episodes to list.
#[derive(Debug, Clone, Default)]
pub struct NodeQuery {
    /// Only sessions whose working directory or repository is this path or
    /// under it.
    pub repo: Option<String>,
    /// Only decisions made at or after this time (ms since the epoch).
    pub since_ms: Option<i64>,
    /// Only this tool's sessions (slug).
    pub tool: Option<String>,
    /// As the store stood at this checkpoint.
    pub as_of: Option<i64>,
    /// The raw text even in a mask-on-view store.
    pub raw: bool,
    /// Episodes only: the edited file is this path, ends with it, or lies
    /// under it.
    pub file: Option<String>,
}

/// The former name of [`NodeQuery`].
pub type DecisionQuery = NodeQuery;

/// A search result.
#[derive(Debug, Clone, PartialEq)]
pub struct Hit {
    /// `user_turn`, `assistant_turn` or `decision`.
    pub kind: String,
    /// The event's or node's id.
    pub id: String,
    /// Its session's id, tool and source path.
    pub session_id: String,
    /// See `session_id`.
    pub tool: Option<String>,
    /// See `session_id`.
    pub path: String,
    /// When it was said.
    pub ts: Option<String>,
    /// The matching passage, matches in `[…]`.
    pub snippet: String,
}

impl Hit {
    /// As a JSON object (the `--json` line of `memscribe search`).
    pub fn to_json(&self) -> Value {
        json!({"kind": self.kind, "id": self.id, "session_id": self.session_id, "tool": self.tool, "path": self.path, "ts": self.ts, "snippet": self.snippet})
    }
}

/// A numbered ingest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checkpoint {
    /// Its number.
    pub id: i64,
    /// When it was made (RFC 3339).
    pub at: String,
    /// The memscribe version that made it.
    pub version: String,
}

/// Something `verify` found wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The source or session it concerns.
    pub subject: String,
    /// What is wrong.
    pub what: String,
}

/// The SQL condition for rows live at `as_of` (or now), on table alias `t`.
fn live(t: &str, as_of: Option<i64>) -> String {
    match as_of {
        None => format!("{t}.cp_to IS NULL"),
        Some(c) => format!("{t}.cp_from <= {c} AND ({t}.cp_to IS NULL OR {t}.cp_to > {c})"),
    }
}

fn unzip(data: &[u8]) -> String {
    zstd::stream::decode_all(data)
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .unwrap_or_default()
}

impl Store {
    /// A stored row's JSON, masked in a mask-on-view store unless `raw`.
    fn view(&self, data: &[u8], raw: bool) -> String {
        let text = unzip(data);
        if raw || self.redaction == Redaction::Sanitize {
            return text;
        }
        mask_json(&text)
    }

    /// The checkpoints, oldest first.
    pub fn checkpoints(&self) -> Result<Vec<Checkpoint>> {
        let mut st = self
            .conn
            .prepare("SELECT id, at, version FROM checkpoints ORDER BY id")
            .map_err(|e| self.sql(e))?;
        let rows = st
            .query_map([], |r| {
                Ok(Checkpoint {
                    id: r.get(0)?,
                    at: r.get(1)?,
                    version: r.get(2)?,
                })
            })
            .map_err(|e| self.sql(e))?;
        rows.collect::<rusqlite::Result<Vec<_>>>()
            .map_err(|e| self.sql(e))
    }

    /// Checks that `as_of` names a checkpoint.
    fn check_as_of(&self, as_of: Option<i64>) -> Result<()> {
        let Some(c) = as_of else { return Ok(()) };
        let found: Option<i64> = self
            .conn
            .query_row("SELECT id FROM checkpoints WHERE id = ?1", [c], |r| {
                r.get(0)
            })
            .optional()
            .map_err(|e| self.sql(e))?;
        match found {
            Some(_) => Ok(()),
            None => Err(Error::new(
                ErrorKind::Usage,
                format!("no checkpoint {c} in {}", self.path.display()),
            )),
        }
    }

    /// The sessions the store holds (as of a checkpoint), by tool, path
    /// and id.
    pub fn sessions(&self, as_of: Option<i64>) -> Result<Vec<SessionInfo>> {
        self.check_as_of(as_of)?;
        let sql = format!(
            "SELECT s.session_id, s.tool, src.path, s.cwd, s.first_ts, s.last_ts,
                (SELECT count(*) FROM events e WHERE e.session = s.id AND {le}),
                (SELECT count(*) FROM nodes n WHERE n.session = s.id AND {ln}),
                (SELECT count(*) FROM nodes n WHERE n.session = s.id AND n.kind = 'decision' AND {ln})
             FROM sessions s JOIN sources src ON src.id = s.source
             WHERE s.cp_first <= ?1
             ORDER BY s.tool, src.path, s.session_id",
            le = live("e", as_of),
            ln = live("n", as_of),
        );
        let mut st = self.conn.prepare(&sql).map_err(|e| self.sql(e))?;
        let rows = st
            .query_map([as_of.unwrap_or(i64::MAX)], |r| {
                Ok(SessionInfo {
                    session_id: r.get(0)?,
                    tool: r.get(1)?,
                    path: r.get(2)?,
                    cwd: r.get(3)?,
                    first_ts: r.get(4)?,
                    last_ts: r.get(5)?,
                    events: r.get(6)?,
                    nodes: r.get(7)?,
                    decisions: r.get(8)?,
                })
            })
            .map_err(|e| self.sql(e))?;
        let all = rows
            .collect::<rusqlite::Result<Vec<_>>>()
            .map_err(|e| self.sql(e))?;
        Ok(all
            .into_iter()
            .filter(|s| s.events > 0 || s.nodes > 0)
            .collect())
    }

    /// Decisions (with bans), oldest first, filtered as `q` says.
    pub fn decisions(&self, q: &NodeQuery) -> Result<Vec<StoredNode>> {
        self.nodes_of("decision", q)
    }

    /// Episodes (one per successful file edit), oldest first, filtered as
    /// `q` says (`file`: the edited file).
    pub fn episodes(&self, q: &NodeQuery) -> Result<Vec<StoredNode>> {
        self.nodes_of("episode", q)
    }

    fn nodes_of(&self, kind: &str, q: &NodeQuery) -> Result<Vec<StoredNode>> {
        self.check_as_of(q.as_of)?;
        let sql = format!(
            "SELECT s.session_id, s.tool, src.path, s.cwd, s.repo_root, n.data
             FROM nodes n JOIN sessions s ON s.id = n.session JOIN sources src ON src.id = s.source
             WHERE n.kind = ?3 AND {ln}
               AND (?1 IS NULL OR n.ts_ms >= ?1) AND (?2 IS NULL OR s.tool = ?2)
             ORDER BY n.ts_ms IS NULL, n.ts_ms, s.id, n.ord",
            ln = live("n", q.as_of)
        );
        let mut st = self.conn.prepare(&sql).map_err(|e| self.sql(e))?;
        let rows = st
            .query_map(params![q.since_ms, q.tool, kind], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, Option<String>>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, Option<String>>(3)?,
                    r.get::<_, Option<String>>(4)?,
                    r.get::<_, Vec<u8>>(5)?,
                ))
            })
            .map_err(|e| self.sql(e))?;
        let mut out = Vec::new();
        for r in rows {
            let (session_id, tool, path, cwd, repo_root, data) = r.map_err(|e| self.sql(e))?;
            if let Some(repo) = &q.repo {
                let under = |p: &Option<String>| p.as_deref().is_some_and(|p| is_under(p, repo));
                if !under(&cwd) && !under(&repo_root) {
                    continue;
                }
            }
            let node = StoredNode {
                session_id,
                tool,
                path,
                cwd,
                json: self.view(&data, q.raw),
            };
            if let Some(file) = &q.file {
                let edited = node.value()["path"].as_str().unwrap_or("").to_owned();
                let file = file.trim_end_matches(['/', '\\']);
                if !(edited == file
                    || edited.ends_with(&format!("/{}", file.trim_start_matches("./")))
                    || is_under(&edited, file))
                {
                    continue;
                }
            }
            out.push(node);
        }
        Ok(out)
    }

    /// Full-text search over the person's and the assistant's turns and
    /// the decisions (live rows), best match first. Every word of `query`
    /// must appear (as a word; `word*` matches a prefix).
    pub fn search(&self, query: &str, limit: usize, raw: bool) -> Result<Vec<Hit>> {
        let fts = fts_query(query);
        if fts.is_empty() {
            return Err(Error::new(
                ErrorKind::Usage,
                "search: the query has no words",
            ));
        }
        let mut st = self
            .conn
            .prepare("SELECT rowid, snippet(texts, 0, '[', ']', '…', 16) FROM texts WHERE texts MATCH ?1 ORDER BY bm25(texts) LIMIT ?2")
            .map_err(|e| self.sql(e))?;
        let rows = st
            .query_map(params![fts, limit as i64], |r| {
                Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?))
            })
            .map_err(|e| self.sql(e))?;
        let mut out = Vec::new();
        for r in rows {
            let (rowid, snippet) = r.map_err(|e| self.sql(e))?;
            let snippet = crate::text::unspaced(&snippet);
            let row = if rowid > 0 {
                self.conn.query_row(
                    "SELECT e.kind, e.event_id, e.ts, s.session_id, s.tool, src.path FROM events e
                     JOIN sessions s ON s.id = e.session JOIN sources src ON src.id = s.source WHERE e.id = ?1",
                    [rowid],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?)),
                )
            } else {
                self.conn.query_row(
                    "SELECT n.kind, n.node_id, n.ts, s.session_id, s.tool, src.path FROM nodes n
                     JOIN sessions s ON s.id = n.session JOIN sources src ON src.id = s.source WHERE n.id = ?1",
                    [-rowid],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?)),
                )
            };
            let (kind, id, ts, session_id, tool, path) = row.map_err(|e| self.sql(e))?;
            let snippet = if raw || self.redaction == Redaction::Sanitize {
                snippet
            } else {
                mask_text(&snippet)
            };
            out.push(Hit {
                kind,
                id,
                session_id,
                tool,
                path,
                ts,
                snippet,
            });
        }
        Ok(out)
    }

    /// The stored rows of the sessions `session` names (an exact
    /// `session_id`, or a unique prefix of one; all sessions when `None`),
    /// written as NDJSON in `mode`: events in `seq` order, nodes in the
    /// order they were made, both interleaved as one `parse` batch would
    /// be. Returns the lines written.
    pub fn replay(
        &self,
        session: Option<&str>,
        mode: OutputMode,
        as_of: Option<i64>,
        raw: bool,
        out: &mut dyn Write,
    ) -> Result<u64> {
        self.check_as_of(as_of)?;
        let rows = self.session_rows(session)?;
        let mut lines = 0u64;
        let io = |e: std::io::Error| Error::new(ErrorKind::Other, format!("writing: {e}"));
        for row in rows {
            let events: Vec<(i64, Vec<u8>)> = if mode == OutputMode::Nodes {
                Vec::new()
            } else {
                self.rows(
                    &format!(
                        "SELECT seq, data FROM events e WHERE session = ?1 AND {} ORDER BY seq",
                        live("e", as_of)
                    ),
                    row,
                )?
            };
            let nodes: Vec<(i64, Vec<u8>)> = if mode == OutputMode::Events {
                Vec::new()
            } else {
                self.rows(
                    &format!(
                        "SELECT pos, data FROM nodes n WHERE session = ?1 AND {} ORDER BY ord",
                        live("n", as_of)
                    ),
                    row,
                )?
            };
            let mut next = 0;
            for (seq, data) in &events {
                while mode == OutputMode::Both && next < nodes.len() && nodes[next].0 <= *seq {
                    writeln!(out, "{}", self.view(&nodes[next].1, raw)).map_err(io)?;
                    next += 1;
                    lines += 1;
                }
                writeln!(out, "{}", self.view(data, raw)).map_err(io)?;
                lines += 1;
            }
            for (_, data) in &nodes[next..] {
                writeln!(out, "{}", self.view(data, raw)).map_err(io)?;
                lines += 1;
            }
        }
        Ok(lines)
    }

    fn rows(&self, sql: &str, session: i64) -> Result<Vec<(i64, Vec<u8>)>> {
        let mut st = self.conn.prepare_cached(sql).map_err(|e| self.sql(e))?;
        let rows = st
            .query_map([session], |r| Ok((r.get(0)?, r.get(1)?)))
            .map_err(|e| self.sql(e))?;
        rows.collect::<rusqlite::Result<Vec<_>>>()
            .map_err(|e| self.sql(e))
    }

    /// The session rows `session` names, in ingest order.
    fn session_rows(&self, session: Option<&str>) -> Result<Vec<i64>> {
        let all: Vec<(i64, String)> = {
            let mut st = self
                .conn
                .prepare("SELECT id, session_id FROM sessions ORDER BY id")
                .map_err(|e| self.sql(e))?;
            let rows = st
                .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
                .map_err(|e| self.sql(e))?;
            rows.collect::<rusqlite::Result<Vec<_>>>()
                .map_err(|e| self.sql(e))?
        };
        let Some(s) = session else {
            return Ok(all.into_iter().map(|(r, _)| r).collect());
        };
        let exact: Vec<i64> = all
            .iter()
            .filter(|(_, id)| id == s)
            .map(|(r, _)| *r)
            .collect();
        if !exact.is_empty() {
            return Ok(exact);
        }
        let ids: HashSet<&str> = all
            .iter()
            .filter(|(_, id)| id.starts_with(s))
            .map(|(_, id)| id.as_str())
            .collect();
        match ids.len() {
            0 => Err(Error::new(
                ErrorKind::Usage,
                format!("no session {s} in {}", self.path.display()),
            )),
            1 => Ok(all
                .iter()
                .filter(|(_, id)| id.starts_with(s))
                .map(|(r, _)| *r)
                .collect()),
            n => Err(Error::new(
                ErrorKind::Usage,
                format!("{n} sessions start with {s}; give more of the id"),
            )),
        }
    }

    /// Checks the store's invariants and that it matches a fresh parse of
    /// the sources still on disk; returns what is wrong (nothing when all
    /// holds).
    pub fn verify(&self) -> Result<Vec<Problem>> {
        let mut problems = Vec::new();
        let store = self.path.display().to_string();
        let check: String = self
            .conn
            .query_row("PRAGMA quick_check", [], |r| r.get(0))
            .map_err(|e| self.sql(e))?;
        if check != "ok" {
            problems.push(Problem {
                subject: store.clone(),
                what: format!("SQLite quick_check: {check}"),
            });
        }
        // Ids unique among a session's live events.
        let mut st = self
            .conn
            .prepare(
                "SELECT s.session_id, e.event_id, count(*) FROM events e JOIN sessions s ON s.id = e.session
                 WHERE e.cp_to IS NULL GROUP BY e.session, e.event_id HAVING count(*) > 1",
            )
            .map_err(|e| self.sql(e))?;
        let dups = st
            .query_map([], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, i64>(2)?,
                ))
            })
            .map_err(|e| self.sql(e))?;
        for d in dups {
            let (s, id, n) = d.map_err(|e| self.sql(e))?;
            problems.push(Problem {
                subject: s,
                what: format!("event id {id} appears {n} times"),
            });
        }
        // Counts kept on sessions agree with their rows.
        let mut st = self
            .conn
            .prepare(
                "SELECT s.session_id, s.events, (SELECT count(*) FROM events e WHERE e.session = s.id AND e.cp_to IS NULL),
                        s.nodes, (SELECT count(*) FROM nodes n WHERE n.session = s.id AND n.cp_to IS NULL) FROM sessions s",
            )
            .map_err(|e| self.sql(e))?;
        let counts = st
            .query_map([], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, i64>(2)?,
                    r.get::<_, i64>(3)?,
                    r.get::<_, i64>(4)?,
                ))
            })
            .map_err(|e| self.sql(e))?;
        for c in counts {
            let (s, e1, e2, n1, n2) = c.map_err(|e| self.sql(e))?;
            if e1 != e2 || n1 != n2 {
                problems.push(Problem {
                    subject: s,
                    what: format!(
                        "counts say {e1} events and {n1} nodes; the rows are {e2} and {n2}"
                    ),
                });
            }
        }
        // Bindings resolve, with t_use ≤ t_gen.
        let mut st = self
            .conn
            .prepare("SELECT session, node_id FROM nodes WHERE cp_to IS NULL")
            .map_err(|e| self.sql(e))?;
        let ids = st
            .query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))
            .map_err(|e| self.sql(e))?;
        let mut node_ids: HashMap<i64, HashSet<String>> = HashMap::new();
        for r in ids {
            let (s, id) = r.map_err(|e| self.sql(e))?;
            node_ids.entry(s).or_default().insert(id);
        }
        let mut st = self
            .conn
            .prepare("SELECT n.session, s.session_id, n.data FROM nodes n JOIN sessions s ON s.id = n.session WHERE n.kind = 'binding' AND n.cp_to IS NULL")
            .map_err(|e| self.sql(e))?;
        let bindings = st
            .query_map([], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, Vec<u8>>(2)?,
                ))
            })
            .map_err(|e| self.sql(e))?;
        for b in bindings {
            let (row, sid, data) = b.map_err(|e| self.sql(e))?;
            let v: Value = serde_json::from_str(&unzip(&data)).unwrap_or(Value::Null);
            let known = node_ids.get(&row);
            for end in ["from", "to"] {
                let id = v[end].as_str().unwrap_or("");
                if !known.is_some_and(|k| k.contains(id)) {
                    problems.push(Problem {
                        subject: sid.clone(),
                        what: format!(
                            "binding {} names {end} {id}, which the session does not hold",
                            v["id"]
                        ),
                    });
                }
            }
            let (tu, tg) = (
                v["prov"]["t_use"].as_str().and_then(crate::ingest::ts_ms),
                v["prov"]["t_gen"].as_str().and_then(crate::ingest::ts_ms),
            );
            if let (Some(u), Some(g)) = (tu, tg) {
                if u > g {
                    problems.push(Problem {
                        subject: sid.clone(),
                        what: format!("binding {} has t_use after t_gen", v["id"]),
                    });
                }
            }
        }
        // The sources still on disk, unchanged since they were read, parse
        // to what the store holds.
        let mut st = self
            .conn
            .prepare("SELECT id, path, fingerprint, files, error FROM sources ORDER BY path")
            .map_err(|e| self.sql(e))?;
        let sources = st
            .query_map([], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, Option<String>>(4)?,
                ))
            })
            .map_err(|e| self.sql(e))?
            .collect::<rusqlite::Result<Vec<_>>>()
            .map_err(|e| self.sql(e))?;
        for (id, path, fp, files, error) in sources {
            let p = Path::new(&path);
            if error.is_some() || !p.exists() {
                continue;
            }
            let known: Vec<std::path::PathBuf> = files.lines().map(Into::into).collect();
            if crate::ingest::fingerprint(p, &known).0 != fp {
                problems.push(Problem {
                    subject: path.clone(),
                    what: "changed on disk since it was ingested (ingest it again)".to_owned(),
                });
                continue;
            }
            if let Some(what) = crate::ingest::compare_source(self, id, p)? {
                problems.push(Problem {
                    subject: path,
                    what,
                });
            }
        }
        Ok(problems)
    }
}

/// Whether `path` is `dir` or lies under it.
fn is_under(path: &str, dir: &str) -> bool {
    let dir = dir.trim_end_matches(['/', '\\']);
    path == dir || (path.starts_with(dir) && path[dir.len()..].starts_with(['/', '\\']))
}

/// The query as FTS5 syntax: each word quoted (so punctuation is never
/// syntax; a run of CJK characters becomes the phrase of its characters,
/// as they are indexed), all required; a trailing `*` keeps a prefix
/// search.
fn fts_query(q: &str) -> String {
    q.split_whitespace()
        .filter_map(|w| {
            let (w, star) = match w.strip_suffix('*') {
                Some(s) => (s, "*"),
                None => (w, ""),
            };
            let w = crate::text::spaced(w);
            let w = w.split_whitespace().collect::<Vec<_>>().join(" ");
            (!w.is_empty()).then(|| format!("\"{}\"{star}", w.replace('"', "\"\"")))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn mask_json(text: &str) -> String {
    let Ok(mut v) = serde_json::from_str::<Value>(text) else {
        return mask_text(text);
    };
    let r = memscribe::redact::Redactor::shared();
    let mut counts = vec![0u32; memscribe::redact::rules().len()];
    r.redact_value(&mut v, &mut counts);
    serde_json::to_string(&v).unwrap_or_default()
}

fn mask_text(text: &str) -> String {
    let r = memscribe::redact::Redactor::shared();
    let mut counts = vec![0u32; memscribe::redact::rules().len()];
    let mut s = text.to_owned();
    r.redact_in_place(&mut s, &mut counts);
    s
}

impl Store {
    /// Each source path with the files it was last read from.
    pub fn source_files(&self) -> Result<Vec<(std::path::PathBuf, Vec<std::path::PathBuf>)>> {
        let mut st = self
            .conn
            .prepare("SELECT path, files FROM sources ORDER BY path")
            .map_err(|e| self.sql(e))?;
        let rows = st
            .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))
            .map_err(|e| self.sql(e))?;
        let mut out = Vec::new();
        for r in rows {
            let (p, f) = r.map_err(|e| self.sql(e))?;
            out.push((p.into(), f.lines().map(Into::into).collect()));
        }
        Ok(out)
    }

    /// How long to wait for another process that holds the store before
    /// giving up with a [`crate::ErrorKind::Busy`] error (default 60 s).
    pub fn set_busy_timeout(&self, t: std::time::Duration) -> Result<()> {
        self.conn.busy_timeout(t).map_err(|e| self.sql(e))
    }
}

impl Store {
    /// The stored sessions (`session`: an id or a unique prefix; all when
    /// `None`), as of checkpoint `as_of` (the latest when `None`), exported
    /// in `format` from their replayed events, so an export from the store
    /// equals one from the transcripts it ingested. `raw` asks for the text
    /// unredacted, which only a mask-on-view store holds. The manifest's
    /// origin names the store and the checkpoint; its `redactions` count the
    /// `[REDACTED:rule]` markers the events carry.
    pub fn export(
        &self,
        session: Option<&str>,
        as_of: Option<i64>,
        raw: bool,
        format: memscribe::ExportFormat,
    ) -> Result<memscribe::Export> {
        if raw && self.redaction == crate::Redaction::Sanitize {
            return Err(Error::new(
                ErrorKind::Usage,
                "this store redacted secrets on ingest: it holds no raw text to export (export it redacted)",
            ));
        }
        let mut buf = Vec::new();
        self.replay(session, OutputMode::Events, as_of, raw, &mut buf)?;
        let mut batch = memscribe::Batch::default();
        for line in buf.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
            let e: memscribe::CaptureEvent = serde_json::from_slice(line).map_err(|e| {
                Error::new(
                    ErrorKind::Corrupt,
                    format!("a stored event does not read back: {e}"),
                )
            })?;
            batch.events.push(e);
        }
        if batch.events.is_empty() {
            let what = match session {
                Some(sid) => format!("the store has no session {sid:?}"),
                None => "the store holds no sessions".to_owned(),
            };
            return Err(Error::new(ErrorKind::Usage, what));
        }
        let checkpoint = match as_of {
            Some(c) => Some(c),
            None => self.checkpoints()?.last().map(|c| c.id),
        };
        let origin = serde_json::json!({
            "store": { "path": self.path.to_string_lossy(), "checkpoint": checkpoint, "session": session, "redaction": self.redaction.name() }
        });
        let mut x = memscribe::export_batch(&batch, !raw, format, origin);
        let mut counts: std::collections::BTreeMap<String, u64> = std::collections::BTreeMap::new();
        let text = String::from_utf8_lossy(&buf);
        for (at, _) in text.match_indices("[REDACTED:") {
            let rest = &text[at + 10..];
            if let Some(end) = rest.find(']') {
                let rule = &rest[..end];
                if !rule.is_empty()
                    && rule.len() < 64
                    && rule
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
                {
                    *counts.entry(rule.to_owned()).or_default() += 1;
                }
            }
        }
        x.manifest["redactions"] = serde_json::json!(counts);
        Ok(x)
    }
}
