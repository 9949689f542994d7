//! The store's commands: ingest, watch, search, decisions, show, replay,
//! verify, checkpoints, hook, and `sessions --store`.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use memscribe::OutputMode;
use memscribe_store::{DecisionQuery, Redaction, Store};
use serde_json::{json, Value};

pub const INGEST_USAGE: &str = "\
memscribe ingest — read transcripts into the store

USAGE:
    memscribe ingest [PATH]... [--store FILE] [--redaction sanitize|mask] [--json] [--quiet]

Each PATH is a transcript file, a session directory, a tool's database or
any directory to search; without one, every session `memscribe sessions`
finds. Each source is written in one transaction with how far it was read:
an interrupted ingest loses nothing and doubles nothing when run again,
and a source whose files have not changed is skipped. Prints what changed
(--json: as one JSON object); a progress bar on a terminal.

--store FILE   the store (default $MEMSCRIBE_STORE, else
               $XDG_DATA_HOME/memscribe/memscribe.db)
--redaction M  for a new store: sanitize (default; secrets never reach the
               disk) or mask (raw kept, masked on every read unless --raw)";

pub const WATCH_USAGE: &str = "\
memscribe watch — keep the store up to date as transcripts are written

USAGE:
    memscribe watch [PATH]... [--store FILE] [--interval SECS] [--quiet]

Ingests PATHs (default: every session discovery finds), then watches them:
OS file notifications when available, else polling every --interval
seconds (default 2; notifications are also backed by a poll at that
interval). Changes are debounced (200 ms); new files, appends, truncation
and replacement are picked up. Runs until interrupted.";

pub const QUERY_USAGE: &str = "\
memscribe search | decisions | show | replay | checkpoints — read the store

USAGE:
    memscribe search QUERY... [--limit N] [--json] [--raw] [--store FILE]
    memscribe decisions [--repo PATH] [--since DATE] [--tool T] [--as-of C] [--json] [--raw] [--store FILE]
    memscribe episodes [--file PATH] [--repo PATH] [--since DATE] [--tool T] [--as-of C] [--json] [--store FILE]
    memscribe show SESSION [--as-of C] [--json] [--raw] [--store FILE]
    memscribe replay [--session S] [--output events|nodes|both] [--as-of C] [--raw] [--store FILE]
    memscribe sessions --store [FILE] [--as-of C] [--json]
    memscribe checkpoints [--json] [--store FILE]

search      full-text search of the turns and decisions (every word must match;
            `word*` matches a prefix), best first
decisions   decisions and bans, oldest first
episodes    file edits (one per successful edit), oldest first; --file: the edited
            file's path, its end (src/db.rs) or a folder above it
show        one session: its turns, calls and decisions (--json: its events
            and nodes as NDJSON)
replay      the stored events / nodes as NDJSON, byte for byte as `parse` wrote
            them (in a mask-on-view store, with --raw)
checkpoints the numbered ingests

Human-readable by default; --json prints JSON lines. --as-of C answers as
the store stood at checkpoint C. SESSION is a session id or a unique prefix.";

pub const VERIFY_USAGE: &str = "\
memscribe verify — check a transcript's or the store's invariants

USAGE:
    memscribe verify PATH [--as TOOL]
    memscribe verify --store [FILE]

For a transcript: every record accounted for (an event or a diagnostic),
event ids unique, bindings resolve, t_use ≤ t_gen, the same output twice.
For the store: SQLite's own check, ids unique, counts, bindings, and that
every source still on disk and unchanged parses to what the store holds.
Prints each problem; exit status 1 when there is one.";

pub const HOOK_USAGE: &str = "\
memscribe hook — ingest the session an agent's hook names

USAGE:
    memscribe hook [--tool T] [--store FILE] [JSON]
    memscribe hook print-config --tool claude_code|codex|gemini

Reads the JSON the tool passes (on stdin, or as the last argument as Codex's
`notify` does): Claude Code and Gemini CLI hooks name `transcript_path`; a
Codex notification names its thread, whose rollout is found under
$CODEX_HOME. Ingests that session's new bytes. Never disturbs the agent:
exits 0 whatever happens, prints nothing, waits at most 5 s for a busy
store, and logs failures to hook.log beside the store.
`print-config` prints what to add to the tool's settings.";

/// A store command, parsed.
pub enum StoreCmd {
    Ingest {
        paths: Vec<PathBuf>,
        store: Option<PathBuf>,
        redaction: Option<Redaction>,
        json: bool,
        quiet: bool,
    },
    Watch {
        paths: Vec<PathBuf>,
        store: Option<PathBuf>,
        interval: Duration,
        quiet: bool,
    },
    Search {
        query: String,
        limit: usize,
        json: bool,
        raw: bool,
        store: Option<PathBuf>,
    },
    Decisions {
        q: DecisionQuery,
        json: bool,
        store: Option<PathBuf>,
    },
    Episodes {
        q: DecisionQuery,
        json: bool,
        store: Option<PathBuf>,
    },
    Show {
        session: String,
        as_of: Option<i64>,
        json: bool,
        raw: bool,
        store: Option<PathBuf>,
    },
    Replay {
        session: Option<String>,
        output: OutputMode,
        as_of: Option<i64>,
        raw: bool,
        store: Option<PathBuf>,
    },
    Sessions {
        as_of: Option<i64>,
        json: bool,
        store: Option<PathBuf>,
    },
    Checkpoints {
        json: bool,
        store: Option<PathBuf>,
    },
    VerifyStore {
        store: Option<PathBuf>,
    },
    Hook {
        tool: Option<String>,
        store: Option<PathBuf>,
        arg: Option<String>,
    },
    HookConfig {
        tool: String,
    },
}

fn value(p: &mut lexopt::Parser) -> Result<String, String> {
    use lexopt::ValueExt;
    p.value()
        .map_err(|e| e.to_string())?
        .string()
        .map_err(|e| e.to_string())
}

fn number<T: std::str::FromStr>(p: &mut lexopt::Parser, what: &str) -> Result<T, String> {
    let v = value(p)?;
    v.parse()
        .map_err(|_| format!("{what} takes a number, not {v:?}"))
}

/// Parses the arguments of store command `sub`.
pub fn parse(
    sub: &str,
    parser: &mut lexopt::Parser,
) -> Result<Result<StoreCmd, &'static str>, String> {
    use lexopt::prelude::*;
    let mut store: Option<PathBuf> = None;
    let mut positional: Vec<String> = Vec::new();
    let (mut json, mut raw, mut quiet) = (false, false, false);
    let mut redaction = None;
    let mut interval = Duration::from_secs(2);
    let mut limit = 20usize;
    let mut q = DecisionQuery::default();
    let mut as_of = None;
    let mut session = None;
    let mut output = OutputMode::Both;
    let mut tool = None;
    let help = match sub {
        "ingest" => INGEST_USAGE,
        "watch" => WATCH_USAGE,
        "hook" => HOOK_USAGE,
        _ => QUERY_USAGE,
    };
    while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
        match arg {
            Long("help") | Short('h') => return Ok(Err(help)),
            Long("store") => store = Some(value(parser)?.into()),
            Long("json") => json = true,
            Long("raw") => raw = true,
            Long("quiet") | Short('q') => quiet = true,
            Long("redaction") if sub == "ingest" => {
                let v = value(parser)?;
                redaction = Some(
                    Redaction::from_name(&v)
                        .ok_or(format!("--redaction must be sanitize or mask, not {v:?}"))?,
                );
            }
            Long("interval") if sub == "watch" => {
                interval = Duration::from_secs_f64(number::<f64>(parser, "--interval")?.max(0.05))
            }
            Long("limit") if sub == "search" => limit = number(parser, "--limit")?,
            Long("file") if sub == "episodes" => q.file = Some(value(parser)?),
            Long("repo") if matches!(sub, "decisions" | "episodes") => {
                let v = value(parser)?;
                q.repo =
                    Some(std::path::absolute(&v).map_or(v, |p| p.to_string_lossy().into_owned()));
            }
            Long("since") if matches!(sub, "decisions" | "episodes") => {
                let v = value(parser)?;
                q.since_ms = Some(memscribe_io::parse_since(&v).ok_or(format!(
                    "--since takes YYYY-MM-DD or an RFC 3339 time, not {v:?}"
                ))?);
            }
            Long("tool") if matches!(sub, "decisions" | "episodes" | "hook") => {
                let v = value(parser)?;
                let kind: memscribe::SourceKind = v
                    .parse()
                    .map_err(|e: memscribe::Error| e.message().to_owned())?;
                tool = Some(kind.slug().to_owned());
            }
            Long("as-of") if matches!(sub, "decisions" | "episodes" | "show" | "replay") => {
                as_of = Some(number(parser, "--as-of")?)
            }
            Long("session") if sub == "replay" => session = Some(value(parser)?),
            Long("output") if sub == "replay" => {
                let v = value(parser)?;
                output = OutputMode::from_name(&v)
                    .ok_or_else(|| format!("--output must be events, nodes or both, not {v:?}"))?;
            }
            Value(v) => positional.push(v.string().map_err(|e| e.to_string())?),
            other => return Err(other.unexpected().to_string()),
        }
    }
    let paths = || positional.iter().map(PathBuf::from).collect::<Vec<_>>();
    Ok(Ok(match sub {
        "ingest" => StoreCmd::Ingest {
            paths: paths(),
            store,
            redaction,
            json,
            quiet,
        },
        "watch" => StoreCmd::Watch {
            paths: paths(),
            store,
            interval,
            quiet,
        },
        "search" => {
            if positional.is_empty() {
                return Err("search needs a query".to_owned());
            }
            StoreCmd::Search {
                query: positional.join(" "),
                limit,
                json,
                raw,
                store,
            }
        }
        "decisions" | "episodes" => {
            q.tool = tool;
            q.as_of = as_of;
            q.raw = raw;
            if sub == "episodes" {
                StoreCmd::Episodes { q, json, store }
            } else {
                StoreCmd::Decisions { q, json, store }
            }
        }
        "show" => match positional.as_slice() {
            [s] => StoreCmd::Show {
                session: s.clone(),
                as_of,
                json,
                raw,
                store,
            },
            _ => return Err("show needs one session id".to_owned()),
        },
        "replay" => StoreCmd::Replay {
            session,
            output,
            as_of,
            raw,
            store,
        },
        "checkpoints" => StoreCmd::Checkpoints { json, store },
        "hook" => match positional.first().map(String::as_str) {
            Some("print-config") => StoreCmd::HookConfig {
                tool: tool.ok_or("print-config needs --tool claude_code, codex or gemini")?,
            },
            _ => StoreCmd::Hook {
                tool,
                store,
                arg: positional.last().cloned(),
            },
        },
        other => return Err(format!("unknown command {other:?}")),
    }))
}

pub(crate) fn fail(msg: &str) -> ExitCode {
    eprintln!("memscribe: {msg}");
    ExitCode::from(1)
}

fn open(store: Option<&Path>, redaction: Option<Redaction>) -> Result<Store, ExitCode> {
    let path = store.map_or_else(Store::default_path, Path::to_path_buf);
    Store::open_with(&path, redaction).map_err(|e| fail(&e.message))
}

/// Runs a store command.
pub fn run(cmd: StoreCmd) -> ExitCode {
    match cmd {
        StoreCmd::Ingest {
            paths,
            store,
            redaction,
            json,
            quiet,
        } => ingest(&paths, store.as_deref(), redaction, json, quiet),
        StoreCmd::Watch {
            paths,
            store,
            interval,
            quiet,
        } => crate::watch::watch(&paths, store.as_deref(), interval, quiet),
        StoreCmd::Search {
            query,
            limit,
            json,
            raw,
            store,
        } => search(&query, limit, json, raw, store.as_deref()),
        StoreCmd::Decisions { q, json, store } => list_nodes(&q, false, json, store.as_deref()),
        StoreCmd::Episodes { q, json, store } => list_nodes(&q, true, json, store.as_deref()),
        StoreCmd::Show {
            session,
            as_of,
            json,
            raw,
            store,
        } => show(&session, as_of, json, raw, store.as_deref()),
        StoreCmd::Replay {
            session,
            output,
            as_of,
            raw,
            store,
        } => {
            let s = match open(store.as_deref(), None) {
                Ok(s) => s,
                Err(c) => return c,
            };
            let stdout = io::stdout();
            let mut out = io::BufWriter::new(QuitOnBrokenPipe(stdout.lock()));
            match s
                .replay(session.as_deref(), output, as_of, raw, &mut out)
                .and_then(|_| {
                    out.flush().map_err(|e| memscribe_store::Error {
                        kind: memscribe_store::ErrorKind::Other,
                        message: e.to_string(),
                    })
                }) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => fail(&e.message),
            }
        }
        StoreCmd::Sessions { as_of, json, store } => stored_sessions(as_of, json, store.as_deref()),
        StoreCmd::Checkpoints { json, store } => {
            let s = match open(store.as_deref(), None) {
                Ok(s) => s,
                Err(c) => return c,
            };
            match s.checkpoints() {
                Ok(cps) => {
                    let mut text = String::new();
                    for c in cps {
                        if json {
                            text.push_str(
                                &json!({"checkpoint": c.id, "at": c.at, "version": c.version})
                                    .to_string(),
                            );
                        } else {
                            text.push_str(&format!(
                                "{:>5}  {}  memscribe {}",
                                c.id, c.at, c.version
                            ));
                        }
                        text.push('\n');
                    }
                    crate::print_out(&text)
                }
                Err(e) => fail(&e.message),
            }
        }
        StoreCmd::VerifyStore { store } => {
            let s = match open(store.as_deref(), None) {
                Ok(s) => s,
                Err(c) => return c,
            };
            match s.verify() {
                Ok(problems) if problems.is_empty() => {
                    crate::print_out(&format!("{}: ok\n", s.path().display()))
                }
                Ok(problems) => {
                    let mut text = String::new();
                    for p in &problems {
                        text.push_str(&format!("{}: {}\n", p.subject, p.what));
                    }
                    let _ = crate::print_out(&text);
                    ExitCode::from(1)
                }
                Err(e) => fail(&e.message),
            }
        }
        StoreCmd::Hook { tool, store, arg } => {
            crate::hook::run(tool.as_deref(), store.as_deref(), arg.as_deref())
        }
        StoreCmd::HookConfig { tool } => crate::hook::print_config(&tool),
    }
}

/// Stdout that ends the program quietly when its reader goes away
/// (`memscribe replay | head`), as a shell tool does.
struct QuitOnBrokenPipe<W: Write>(W);

impl<W: Write> Write for QuitOnBrokenPipe<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self.0.write(buf) {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => std::process::exit(0),
            r => r,
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self.0.flush() {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => std::process::exit(0),
            r => r,
        }
    }
}

/// A progress bar on stderr, drawn at most ten times a second.
pub struct Bar {
    on: bool,
    last: Option<Instant>,
}

impl Bar {
    pub fn new(quiet: bool) -> Bar {
        Bar {
            on: !quiet && io::stderr().is_terminal(),
            last: None,
        }
    }

    pub fn update(&mut self, p: &memscribe_store::Progress) {
        if !self.on
            || self
                .last
                .is_some_and(|t| t.elapsed() < Duration::from_millis(100) && p.done < p.total)
        {
            return;
        }
        self.last = Some(Instant::now());
        let width = 30;
        let filled = if p.total == 0 {
            width
        } else {
            p.done * width / p.total
        };
        eprint!(
            "\r[{}{}] {}/{} sources, {:.1} MB",
            "=".repeat(filled),
            " ".repeat(width - filled),
            p.done,
            p.total,
            p.bytes as f64 / 1e6
        );
        if p.done == p.total {
            eprintln!();
        }
    }
}

pub fn report_text(r: &memscribe_store::IngestReport, store: &Path) -> String {
    let mut s = match r.checkpoint {
        Some(c) => format!("checkpoint {c}: "),
        None => "no change: ".to_owned(),
    };
    s.push_str(&format!(
        "{} sources ({} read, {} unchanged), {:.1} MB; events +{} −{}, nodes +{} −{}; store {}\n",
        r.sources,
        r.changed,
        r.unchanged,
        r.bytes as f64 / 1e6,
        r.events_added,
        r.events_closed,
        r.nodes_added,
        r.nodes_closed,
        store.display()
    ));
    for (p, e) in &r.failed {
        s.push_str(&format!("not read: {}: {e}\n", p.display()));
    }
    s
}

pub use memscribe_store::api::report_json;

fn ingest(
    paths: &[PathBuf],
    store: Option<&Path>,
    redaction: Option<Redaction>,
    json: bool,
    quiet: bool,
) -> ExitCode {
    let mut s = match open(store, redaction) {
        Ok(s) => s,
        Err(c) => return c,
    };
    let mut bar = Bar::new(quiet);
    let result = if paths.is_empty() {
        s.ingest_discovered(&memscribe_io::Discovery::from_env(), &mut |p| bar.update(p))
    } else {
        s.ingest(paths, &mut |p| bar.update(p))
    };
    match result {
        Ok(r) => {
            if json {
                crate::print_out(&format!("{}\n", report_json(&r)))
            } else if quiet {
                ExitCode::SUCCESS
            } else {
                crate::print_out(&report_text(&r, s.path()))
            }
        }
        Err(e) => fail(&e.message),
    }
}

fn search(query: &str, limit: usize, json: bool, raw: bool, store: Option<&Path>) -> ExitCode {
    let s = match open(store, None) {
        Ok(s) => s,
        Err(c) => return c,
    };
    match s.search(query, limit, raw) {
        Ok(hits) => {
            let mut text = String::new();
            for h in hits {
                if json {
                    text.push_str(&h.to_json().to_string());
                } else {
                    let when = minute(h.ts.as_deref());
                    text.push_str(&format!(
                        "{when:16}  {:11}  {:14}  {}\n    {}",
                        h.tool.as_deref().unwrap_or("?"),
                        h.kind,
                        h.session_id,
                        one_line(&h.snippet, 300)
                    ));
                }
                text.push('\n');
            }
            crate::print_out(&text)
        }
        Err(e) => fail(&e.message),
    }
}

/// An RFC 3339 time to the minute, as the listings print it
/// (`2026-01-21 10:10`); empty when there is none.
fn minute(ts: Option<&str>) -> String {
    ts.map_or(String::new(), |t| {
        t.get(..16).unwrap_or(t).replace('T', " ")
    })
}

/// `s` on one line, cut to `max` characters.
fn one_line(s: &str, max: usize) -> String {
    let flat: String = s.split_whitespace().collect::<Vec<_>>().join(" ");
    match flat.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", &flat[..i]),
        None => flat,
    }
}

fn decision_text(v: &Value, tool: Option<&str>, session: &str) -> String {
    let when = minute(v["timestamp"].as_str());
    let tag = if v["is_ban"].as_bool() == Some(true) {
        "ban"
    } else {
        "decision"
    };
    let mut s = format!(
        "{when:16}  {:11}  {tag:8}  {}\n",
        tool.unwrap_or("?"),
        one_line(v["epitome"].as_str().unwrap_or(""), 200)
    );
    let opts = v["considered_options"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let chosen: Vec<&str> = opts
        .iter()
        .filter(|o| o["chosen"] == true)
        .filter_map(|o| o["text"].as_str())
        .collect();
    let rejected: Vec<&str> = opts
        .iter()
        .filter(|o| o["chosen"] != true)
        .filter_map(|o| o["text"].as_str())
        .collect();
    if !chosen.is_empty() {
        s.push_str(&format!("    chosen: {}\n", chosen.join("; ")));
    }
    if !rejected.is_empty() {
        s.push_str(&format!("    rejected: {}\n", rejected.join("; ")));
    }
    if let Some(sup) = v["superseded_by"].as_str() {
        s.push_str(&format!("    superseded by {sup}\n"));
    }
    s.push_str(&format!("    session {session}\n"));
    s
}

/// An episode as `memscribe episodes` prints it.
fn episode_text(v: &Value, tool: Option<&str>, session: &str) -> String {
    let d = &v["diff"];
    format!(
        "{:16}  {:11}  +{} −{}  {}\n    session {session}\n",
        minute(v["timestamp"].as_str()),
        tool.unwrap_or("?"),
        d["added_lines"],
        d["removed_lines"],
        v["path"].as_str().unwrap_or("")
    )
}

/// `memscribe decisions` and `memscribe episodes`: the nodes as JSON lines
/// or as text.
fn list_nodes(q: &DecisionQuery, episodes: bool, json: bool, store: Option<&Path>) -> ExitCode {
    let s = match open(store, None) {
        Ok(s) => s,
        Err(c) => return c,
    };
    let found = if episodes {
        s.episodes(q)
    } else {
        s.decisions(q)
    };
    match found {
        Ok(nodes) => {
            let mut text = String::new();
            for n in nodes {
                if json {
                    text.push_str(&n.json);
                    text.push('\n');
                } else if episodes {
                    text.push_str(&episode_text(&n.value(), n.tool.as_deref(), &n.session_id));
                } else {
                    text.push_str(&decision_text(&n.value(), n.tool.as_deref(), &n.session_id));
                }
            }
            crate::print_out(&text)
        }
        Err(e) => fail(&e.message),
    }
}

fn stored_sessions(as_of: Option<i64>, json: bool, store: Option<&Path>) -> ExitCode {
    let s = match open(store, None) {
        Ok(s) => s,
        Err(c) => return c,
    };
    match s.sessions(as_of) {
        Ok(list) => {
            let mut text = String::new();
            for x in list {
                if json {
                    text.push_str(&x.to_json().to_string());
                } else {
                    let when = minute(x.last_ts.as_deref());
                    text.push_str(&format!(
                        "{when:16}  {:11}  {:>6} events {:>5} nodes {:>4} decisions  {}  {}",
                        x.tool.as_deref().unwrap_or("?"),
                        x.events,
                        x.nodes,
                        x.decisions,
                        x.session_id,
                        x.path
                    ));
                }
                text.push('\n');
            }
            crate::print_out(&text)
        }
        Err(e) => fail(&e.message),
    }
}

fn show(
    session: &str,
    as_of: Option<i64>,
    json: bool,
    raw: bool,
    store: Option<&Path>,
) -> ExitCode {
    let s = match open(store, None) {
        Ok(s) => s,
        Err(c) => return c,
    };
    let mut buf = Vec::new();
    if let Err(e) = s.replay(Some(session), OutputMode::Both, as_of, raw, &mut buf) {
        return fail(&e.message);
    }
    if json {
        return crate::print_bytes(&buf);
    }
    let mut text = String::new();
    for line in buf.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        let v: Value = serde_json::from_slice(line).unwrap_or(Value::Null);
        if v.get("node").is_some() {
            if v["node"] == "decision" {
                text.push_str(&format!(
                    "  ▸ {}",
                    decision_text(
                        &v,
                        v["source"].as_str(),
                        v["session_id"].as_str().unwrap_or("")
                    )
                ));
            }
            continue;
        }
        let when = v["timestamp"]
            .as_str()
            .map_or(String::new(), |t| t.get(11..19).unwrap_or(t).to_owned());
        let k = &v["kind"];
        let line = match k["event"].as_str().unwrap_or("") {
            "session_start" => format!(
                "session {} ({}) in {}",
                v["session_id"].as_str().unwrap_or(""),
                v["source"].as_str().unwrap_or(""),
                k["cwd"].as_str().unwrap_or("?")
            ),
            "user_turn" => format!(
                "person: {}",
                one_line(k["text"].as_str().unwrap_or(""), 400)
            ),
            "assistant_turn" => {
                format!("agent: {}", one_line(k["text"].as_str().unwrap_or(""), 400))
            }
            "tool_call" => format!("  call {}", k["name"].as_str().unwrap_or("")),
            "file_edit" => format!("  edit {}", k["diff"]["path"].as_str().unwrap_or("")),
            "compaction" => "  (compaction)".to_owned(),
            _ => continue,
        };
        text.push_str(&format!("{when:8}  {line}\n"));
    }
    crate::print_out(&text)
}
