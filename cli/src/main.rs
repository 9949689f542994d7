//! `memscribe`: parse AI coding-agent transcripts into NDJSON.

use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::sync::{mpsc, Arc, Mutex};

use memscribe::{Batch, Options, OutputMode, Session, SourceKind};

mod export;
mod hook;
mod store_cmd;
mod verify;
mod watch;

// Transcripts allocate many short-lived strings; mimalloc parses them markedly
// faster than the system allocator (see scripts/bench).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

const USAGE: &str = "\
memscribe — deterministic parsing of AI coding-agent transcripts

USAGE:
    memscribe parse <PATH|-> [OPTIONS]
    memscribe detect <PATH|->
    memscribe sessions [--tool TOOL]... [--since DATE] [--home DIR] [--root DIR]...
    memscribe redact <FILE|-> [--as TOOL] [--report]
    memscribe export <PATH|-|--store> [--format atif|otel] [--safe|--raw] [-o FILE]
    memscribe schema <capture_event|prepared_node|diagnostic|options>
    memscribe eval [TURNS.jsonl]
    memscribe help [COMMAND]
    memscribe --version

parse   turns a transcript into NDJSON (PreparedNodes by default)
detect  prints the tool that wrote a transcript
sessions lists every session on this machine, from each tool's places
redact  writes a transcript back in its own format with every secret replaced
export  writes sessions as ATIF trajectories or OpenTelemetry GenAI traces
schema  prints the JSON Schema of events, nodes, diagnostics or the options
eval    scores the decision gate on a labelled set of person turns

`memscribe COMMAND --help` describes each command.

Exit status: 0 on success (diagnostics included), 1 on I/O errors,
2 on usage errors, an undetectable format without --as, or a format this
version recognises but does not parse.";

const SESSIONS_USAGE: &str = "\
memscribe sessions — list the sessions on this machine

USAGE:
    memscribe sessions [--tool TOOL]... [--since DATE] [--home DIR] [--root DIR]...

Searches each tool's default places (Claude Code, Codex, Gemini CLI,
Copilot CLI, VS Code, Cline, Roo Code, Cursor, Amp, OpenCode, Zed, Goose),
honouring the tools' own overrides (CLAUDE_CONFIG_DIR, CODEX_HOME,
GEMINI_CLI_HOME, COPILOT_HOME, CURSOR_CONFIG_DIR, OPENCODE_DB,
GOOSE_PATH_ROOT, XDG_CONFIG_HOME, XDG_DATA_HOME, APPDATA, LOCALAPPDATA).
Prints one JSON object per session, sorted by tool, path and session id:
{tool, session_id, path, size, modified} (modified in RFC 3339, UTC). A
database's sessions share its path; `memscribe parse PATH` reads any of them.

--tool T     only this tool (repeatable)
--since D    only sessions modified on or after D (YYYY-MM-DD or RFC 3339)
--home DIR   search DIR as the home directory (the environment's overrides
             still apply)
--root DIR   also search DIR for Aider histories (.aider.chat.history.md),
             which no tool lists";

const PARSE_USAGE: &str = "\
memscribe parse — turn a transcript into NDJSON

USAGE:
    memscribe parse <PATH|-> [--as TOOL] [--output events|nodes|both] [--no-redact]
                            [--max-record-bytes N] [--max-json-depth N]
                            [--options JSON] [--diagnostics problems|all|none]

PATH is a transcript file, a session directory (a Cline or Roo Code task,
a Copilot CLI session folder, a Claude Code session folder; a Claude Code
session file brings its subagents' files, an OpenCode session file its
messages and parts) or a database (OpenCode's opencode.db, Cursor's
state.vscdb and CLI store.db, Zed's threads.db, Goose's sessions.db), each
of whose sessions is a stream of its own, one after another. Writes NDJSON to stdout: PreparedNodes by default; events, or
both interleaved with each node after the event that made it final. Secrets
are redacted unless --no-redact is given. Without --as the format is
detected from the content (from the path when the content cannot say).

Diagnostics go to stderr, one JSON object per line: by default each problem
(bad bytes or JSON, limits, truncation, a --as that matches no record) and,
always, a last line {\"summary\": {source, records, events, nodes,
diagnostics: {kind: count}}}. --diagnostics all prints the notes too
(duplicate mirrors, empty token counts, redactions); none prints nothing.

--options takes the library's options as a JSON object (the C ABI's), e.g.
'{\"gate_rules\": [...], \"gate_mode\": \"replace\"}'; the flags above
override it.";

const SCHEMA_USAGE: &str = "\
memscribe schema — the JSON Schemas of the contract

USAGE:
    memscribe schema <capture_event|prepared_node|diagnostic|options>

Prints the JSON Schema (draft 2020-12) of an event, a node, a diagnostic or
the options, generated from the library's own types; the same files are in
the repository's schemas/ folder.";

const DETECT_USAGE: &str = "\
memscribe detect — name the tool that wrote a transcript

USAGE:
    memscribe detect <PATH|->

Prints the tool's slug (claude_code, codex, aider, …) from the first records,
exactly as `memscribe parse` without --as decides (from the path's name and
place when the content cannot say; a session directory by its layout). A
format this version recognises but does not parse is named, with a note on
stderr. Exits 2 when nothing is recognised.";

const REDACT_USAGE: &str = "\
memscribe redact — write a transcript back with its secrets replaced

USAGE:
    memscribe redact <FILE|-> [--as TOOL] [--report]

Writes the transcript to stdout in its own format, every secret replaced by
[REDACTED:<rule>] and every other byte unchanged, so that a session can be
shared or published. It parses to the same events as the original does with
redaction on. Secrets are found in every string of every record (keys too),
in Codex call arguments (JSON inside a string) and in lines that are not
JSON. Without --as the format is detected from the content (it only decides
which strings hold JSON of their own).

--report writes to stderr one JSON line per record and rule replaced,
{\"line_no\", \"rule\", \"count\"}, and always a last line
{\"redacted\": {\"records\", \"replacements\", \"by_rule\": {rule: count}}}.";

const EVAL_USAGE: &str = "\
memscribe eval — score the decision gate

USAGE:
    memscribe eval [EVAL_DIR] [--corpus DIR] [--errors]

Scores the built-in decision gate, through `parse`, on the labelled person
turns under EVAL_DIR (default tests/eval; see its README): the hand-written
first set, the dialogues, and the labels of the real transcripts under
--corpus (default ../shared/corpus, skipped when absent). Prints precision
and recall for the development half, the held-out half (split by a hash of
the dialogue group or the corpus project) and all of it, with the found
positives per language. --errors lists the misclassified development turns;
a held-out turn is never printed.";

/// How much input is read per `feed` (4 MiB: Codex events mode was 4% faster
/// than with 1 MiB, for about 35 MB more peak RSS at most).
const CHUNK: usize = 1 << 22;

/// Which diagnostics `parse` prints one by one.
#[derive(Clone, Copy, PartialEq, Eq)]
enum DiagLevel {
    Problems,
    All,
    None,
}

enum Cmd {
    Parse {
        path: String,
        opts: Options,
        diags: DiagLevel,
    },
    Detect {
        path: String,
    },
    Sessions {
        discovery: Box<memscribe_io::Discovery>,
    },
    Redact {
        path: String,
        source: Option<SourceKind>,
        report: bool,
    },
    Eval {
        path: String,
        corpus: Option<String>,
        errors: bool,
    },
    Store(store_cmd::StoreCmd),
    Export(export::ExportCmd),
    Schema {
        name: String,
    },
    Verify {
        path: String,
        source: Option<SourceKind>,
    },
    Version,
    Help(&'static str),
}

fn main() -> ExitCode {
    match parse_args() {
        Ok(Cmd::Help(text)) => print_out(&format!("{text}\n")),
        Ok(Cmd::Version) => print_out(&format!("memscribe {}\n", memscribe::VERSION)),
        Ok(Cmd::Detect { path }) => detect(&path),
        Ok(Cmd::Sessions { discovery }) => sessions(&discovery),
        Ok(Cmd::Eval {
            path,
            corpus,
            errors,
        }) => eval(&path, corpus.as_deref(), errors),
        Ok(Cmd::Redact {
            path,
            source,
            report,
        }) => redact(&path, source, report),
        Ok(Cmd::Parse { path, opts, diags }) => run_parse(&path, opts, diags),
        Ok(Cmd::Store(cmd)) => store_cmd::run(cmd),
        Ok(Cmd::Export(cmd)) => export::run(cmd),
        Ok(Cmd::Schema { name }) => {
            let schema =
                memscribe::schema::by_name(&name).expect("checked when the arguments were read");
            print_out(&(serde_json::to_string_pretty(&schema).unwrap_or_default() + "\n"))
        }
        Ok(Cmd::Verify { path, source }) => verify::verify_file(&path, source),
        Err(msg) => {
            eprintln!("memscribe: {msg}\n\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

/// A flag of `parse`, applied over `--options` once all arguments are read.
type Flag = Box<dyn FnOnce(&mut Options)>;

fn parse_args() -> Result<Cmd, String> {
    use lexopt::prelude::*;
    let mut parser = lexopt::Parser::from_env();
    let sub = match parser.next().map_err(|e| e.to_string())? {
        Some(Value(v)) => v.string().map_err(|e| e.to_string())?,
        Some(Long("version") | Short('V')) => return Ok(Cmd::Version),
        Some(Long("help") | Short('h')) | None => return Ok(Cmd::Help(USAGE)),
        Some(other) => return Err(other.unexpected().to_string()),
    };
    match sub.as_str() {
        "parse" => {
            let mut path = None;
            let mut opts = Options::default();
            let mut flags: Vec<Flag> = Vec::new();
            let mut diags = DiagLevel::Problems;
            while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
                match arg {
                    Long("options") => {
                        let v = parser
                            .value()
                            .map_err(|e| e.to_string())?
                            .string()
                            .map_err(|e| e.to_string())?;
                        opts = Options::from_json(&v)
                            .map_err(|e| format!("--options: {}", e.message()))?;
                    }
                    Long("as") | Long("source") => {
                        let v = parser
                            .value()
                            .map_err(|e| e.to_string())?
                            .string()
                            .map_err(|e| e.to_string())?;
                        let kind: SourceKind = v
                            .parse()
                            .map_err(|e: memscribe::Error| e.message().to_owned())?;
                        flags.push(Box::new(move |o| o.source = Some(kind)));
                    }
                    Long("output") => {
                        let v = parser
                            .value()
                            .map_err(|e| e.to_string())?
                            .string()
                            .map_err(|e| e.to_string())?;
                        let mode = OutputMode::from_name(&v).ok_or_else(|| {
                            format!("--output must be events, nodes or both, not {v:?}")
                        })?;
                        flags.push(Box::new(move |o| o.output = mode));
                    }
                    Long("no-redact") => flags.push(Box::new(|o| o.redact = false)),
                    Long("diagnostics") => {
                        let v = parser
                            .value()
                            .map_err(|e| e.to_string())?
                            .string()
                            .map_err(|e| e.to_string())?;
                        diags = match v.as_str() {
                            "problems" => DiagLevel::Problems,
                            "all" => DiagLevel::All,
                            "none" => DiagLevel::None,
                            _ => {
                                return Err(format!(
                                    "--diagnostics must be problems, all or none, not {v:?}"
                                ))
                            }
                        };
                    }
                    Long("max-record-bytes") => {
                        let n: usize = parser
                            .value()
                            .map_err(|e| e.to_string())?
                            .parse()
                            .map_err(|e| e.to_string())?;
                        flags.push(Box::new(move |o| o.max_record_bytes = n));
                    }
                    Long("max-json-depth") => {
                        let n: usize = parser
                            .value()
                            .map_err(|e| e.to_string())?
                            .parse()
                            .map_err(|e| e.to_string())?;
                        flags.push(Box::new(move |o| o.max_json_depth = n));
                    }
                    Value(v) if path.is_none() => {
                        path = Some(v.string().map_err(|e| e.to_string())?)
                    }
                    Long("help") | Short('h') => return Ok(Cmd::Help(PARSE_USAGE)),
                    other => return Err(other.unexpected().to_string()),
                }
            }
            for set in flags {
                set(&mut opts);
            }
            let path = path.ok_or("parse needs a FILE (or - for stdin)")?;
            if path != "-" {
                opts.file = Some(path.clone());
            }
            opts.validate().map_err(|e| e.message().to_owned())?;
            Ok(Cmd::Parse { path, opts, diags })
        }
        "detect" => {
            let mut path = None;
            while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
                match arg {
                    Long("help") | Short('h') => return Ok(Cmd::Help(DETECT_USAGE)),
                    Value(v) if path.is_none() => {
                        path = Some(v.string().map_err(|e| e.to_string())?)
                    }
                    other => return Err(other.unexpected().to_string()),
                }
            }
            Ok(Cmd::Detect {
                path: path.ok_or("detect needs a FILE (or - for stdin)")?,
            })
        }
        "ingest" | "watch" | "search" | "decisions" | "episodes" | "show" | "replay"
        | "checkpoints" | "hook" => match store_cmd::parse(&sub, &mut parser)? {
            Ok(cmd) => Ok(Cmd::Store(cmd)),
            Err(help) => Ok(Cmd::Help(help)),
        },
        "schema" => {
            let mut name = None;
            while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
                match arg {
                    Long("help") | Short('h') => return Ok(Cmd::Help(SCHEMA_USAGE)),
                    Value(v) if name.is_none() => {
                        name = Some(v.string().map_err(|e| e.to_string())?)
                    }
                    other => return Err(other.unexpected().to_string()),
                }
            }
            let name = name.ok_or_else(|| {
                format!(
                    "schema needs a NAME: {}",
                    memscribe::schema::NAMES.join(", ")
                )
            })?;
            if memscribe::schema::by_name(&name).is_none() {
                return Err(format!(
                    "no schema {name:?}; the schemas are {}",
                    memscribe::schema::NAMES.join(", ")
                ));
            }
            Ok(Cmd::Schema { name })
        }
        "export" => match export::parse(&mut parser)? {
            Ok(cmd) => Ok(Cmd::Export(cmd)),
            Err(help) => Ok(Cmd::Help(help)),
        },
        "verify" => {
            let (mut path, mut store, mut source) =
                (None, None::<Option<std::path::PathBuf>>, None);
            while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
                match arg {
                    Long("help") | Short('h') => return Ok(Cmd::Help(store_cmd::VERIFY_USAGE)),
                    Long("store") => store = Some(None),
                    Long("as") | Long("source") => {
                        let v = parser
                            .value()
                            .map_err(|e| e.to_string())?
                            .string()
                            .map_err(|e| e.to_string())?;
                        source = Some(
                            v.parse()
                                .map_err(|e: memscribe::Error| e.message().to_owned())?,
                        );
                    }
                    Value(v) => {
                        let v = v.string().map_err(|e| e.to_string())?;
                        match store {
                            Some(None) => store = Some(Some(v.into())),
                            _ if path.is_none() => path = Some(v),
                            _ => return Err(format!("verify takes one path, not also {v:?}")),
                        }
                    }
                    other => return Err(other.unexpected().to_string()),
                }
            }
            match (store, path) {
                (Some(store), None) => Ok(Cmd::Store(store_cmd::StoreCmd::VerifyStore { store })),
                (None, Some(path)) => Ok(Cmd::Verify { path, source }),
                _ => Err("verify takes a PATH or --store [FILE]".to_owned()),
            }
        }
        "sessions" => {
            let mut d = memscribe_io::Discovery::from_env();
            let (mut store, mut as_of, mut json) =
                (None::<Option<std::path::PathBuf>>, None, false);
            while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
                let value = |parser: &mut lexopt::Parser| -> Result<String, String> {
                    parser
                        .value()
                        .map_err(|e| e.to_string())?
                        .string()
                        .map_err(|e| e.to_string())
                };
                match arg {
                    Long("help") | Short('h') => return Ok(Cmd::Help(SESSIONS_USAGE)),
                    Long("tool") | Long("as") => {
                        let v = value(&mut parser)?;
                        d.tools.push(
                            v.parse()
                                .map_err(|e: memscribe::Error| e.message().to_owned())?,
                        );
                    }
                    Long("since") => {
                        let v = value(&mut parser)?;
                        d.since_ms = Some(memscribe_io::parse_since(&v).ok_or(format!(
                            "--since takes YYYY-MM-DD or an RFC 3339 time, not {v:?}"
                        ))?);
                    }
                    Long("home") => d.home = Some(value(&mut parser)?.into()),
                    Long("root") => d.roots.push(value(&mut parser)?.into()),
                    Long("store") => store = Some(None),
                    Long("as-of") => {
                        let v = value(&mut parser)?;
                        as_of = Some(v.parse::<i64>().map_err(|_| {
                            format!("--as-of takes a checkpoint number, not {v:?}")
                        })?);
                    }
                    Long("json") => json = true,
                    Value(v) if store == Some(None) => {
                        store = Some(Some(v.string().map_err(|e| e.to_string())?.into()))
                    }
                    other => return Err(other.unexpected().to_string()),
                }
            }
            if let Some(store) = store {
                return Ok(Cmd::Store(store_cmd::StoreCmd::Sessions {
                    as_of,
                    json,
                    store,
                }));
            }
            Ok(Cmd::Sessions {
                discovery: Box::new(d),
            })
        }
        "redact" => {
            let (mut path, mut source, mut report) = (None, None, false);
            while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
                match arg {
                    Long("help") | Short('h') => return Ok(Cmd::Help(REDACT_USAGE)),
                    Long("as") | Long("source") => {
                        let v = parser
                            .value()
                            .map_err(|e| e.to_string())?
                            .string()
                            .map_err(|e| e.to_string())?;
                        source = Some(
                            v.parse()
                                .map_err(|e: memscribe::Error| e.message().to_owned())?,
                        );
                    }
                    Long("report") => report = true,
                    Value(v) if path.is_none() => {
                        path = Some(v.string().map_err(|e| e.to_string())?)
                    }
                    other => return Err(other.unexpected().to_string()),
                }
            }
            Ok(Cmd::Redact {
                path: path.ok_or("redact needs a FILE (or - for stdin)")?,
                source,
                report,
            })
        }
        "eval" => {
            let (mut path, mut corpus, mut errors) = (None, None, false);
            while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
                match arg {
                    Long("help") | Short('h') => return Ok(Cmd::Help(EVAL_USAGE)),
                    Long("corpus") => {
                        corpus = Some(
                            parser
                                .value()
                                .map_err(|e| e.to_string())?
                                .string()
                                .map_err(|e| e.to_string())?,
                        )
                    }
                    Long("errors") => errors = true,
                    Value(v) if path.is_none() => {
                        path = Some(v.string().map_err(|e| e.to_string())?)
                    }
                    other => return Err(other.unexpected().to_string()),
                }
            }
            Ok(Cmd::Eval {
                path: path.unwrap_or_else(|| "tests/eval".to_owned()),
                corpus,
                errors,
            })
        }
        "help" => {
            let topic = match parser.next().map_err(|e| e.to_string())? {
                Some(Value(v)) => v.string().map_err(|e| e.to_string())?,
                _ => return Ok(Cmd::Help(USAGE)),
            };
            match topic.as_str() {
                "parse" => Ok(Cmd::Help(PARSE_USAGE)),
                "detect" => Ok(Cmd::Help(DETECT_USAGE)),
                "sessions" => Ok(Cmd::Help(SESSIONS_USAGE)),
                "redact" => Ok(Cmd::Help(REDACT_USAGE)),
                "eval" => Ok(Cmd::Help(EVAL_USAGE)),
                other => Err(format!("no help for {other:?}: the commands are parse, detect, sessions, redact and eval")),
            }
        }
        "version" => Ok(Cmd::Version),
        other => Err(format!("unknown command {other:?}")),
    }
}

fn sessions(d: &memscribe_io::Discovery) -> ExitCode {
    let found = match memscribe_io::discover(d) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("memscribe: {}", e.message());
            return ExitCode::from(1);
        }
    };
    let mut text = String::new();
    for f in found {
        let line = f.to_json();
        text.push_str(&line.to_string());
        text.push('\n');
    }
    print_out(&text)
}

fn open(path: &str) -> io::Result<Box<dyn Read + Send>> {
    if path == "-" {
        Ok(Box::new(io::stdin()))
    } else {
        Ok(Box::new(File::open(path)?))
    }
}

/// Reads `input` in chunks of [`CHUNK`] bytes and hands each to `f` until the
/// input ends or `f` breaks (with the exit code it gives). A read error is
/// reported and is exit code 1.
///
/// The reading runs on a thread of its own, a bounded number of chunks ahead:
/// the kernel's copy of the file into memory is a quarter of the parsing
/// thread's time otherwise. Should that thread not start, this thread reads.
fn each_chunk(
    path: &str,
    input: Box<dyn Read + Send>,
    mut f: impl FnMut(&[u8]) -> ControlFlow<ExitCode>,
) -> Result<Option<ExitCode>, ExitCode> {
    let input = Arc::new(Mutex::new(input));
    let (tx, rx) = mpsc::sync_channel::<Chunk>(2);
    // Buffers come back to the reader, so at most four ever exist.
    let (back_tx, back_rx) = mpsc::channel::<Vec<u8>>();
    let theirs = Arc::clone(&input);
    let spawned = std::thread::Builder::new()
        .name("memscribe-read".into())
        .spawn(move || {
            let mut input = theirs.lock().unwrap_or_else(|p| p.into_inner());
            loop {
                let buf = back_rx.try_recv().unwrap_or_else(|_| vec![0u8; CHUNK]);
                let Some(chunk) = read_chunk(&mut **input, buf) else {
                    return;
                };
                let failed = chunk.is_err();
                if tx.send(chunk).is_err() || failed {
                    return;
                }
            }
        });
    let mut next: Box<dyn FnMut() -> Option<Chunk>> = match spawned {
        Ok(_) => Box::new(move || rx.recv().ok()),
        Err(_) => Box::new(move || {
            let mut input = input.lock().unwrap_or_else(|p| p.into_inner());
            read_chunk(&mut **input, vec![0u8; CHUNK])
        }),
    };
    loop {
        match next() {
            None => return Ok(None),
            Some(Ok((buf, n))) => {
                let flow = f(&buf[..n]);
                // Back to the reader (or, reading here, dropped after use).
                let _ = back_tx.send(buf);
                if let ControlFlow::Break(code) = flow {
                    return Ok(Some(code));
                }
            }
            Some(Err(e)) => {
                eprintln!("memscribe: {path}: {e}");
                return Err(ExitCode::from(1));
            }
        }
    }
}

/// A chunk read: the buffer and how many of its bytes were read.
type Chunk = io::Result<(Vec<u8>, usize)>;

/// Reads once into `buf` (again if interrupted): the chunk and its length,
/// the error, or `None` at the end of the input.
fn read_chunk(input: &mut dyn Read, mut buf: Vec<u8>) -> Option<Chunk> {
    loop {
        match input.read(&mut buf) {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Ok(0) => return None,
            Ok(n) => return Some(Ok((buf, n))),
            Err(e) => return Some(Err(e)),
        }
    }
}

/// Writes `text` to stdout. A reader that went away (`memscribe … | head`)
/// ends the program quietly, as it would a shell tool; other write errors
/// exit 1.
fn print_out(text: &str) -> ExitCode {
    print_bytes(text.as_bytes())
}

/// [`print_out`] for bytes.
fn print_bytes(bytes: &[u8]) -> ExitCode {
    let mut out = io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("memscribe: writing output: {e}");
            ExitCode::from(1)
        }
    }
}

/// How many lines `detect` reads at most; detection decides within the
/// first 64 records.
const DETECT_LINES: usize = 64;

fn detect(path: &str) -> ExitCode {
    let p = std::path::Path::new(path);
    if path != "-" && p.is_dir() {
        return match memscribe_io::inputs(p) {
            Ok(found) if found.first().and_then(|i| i.source).is_some() => print_out(&format!(
                "{}\n",
                found[0].source.unwrap_or(SourceKind::Unknown)
            )),
            _ => {
                eprintln!("memscribe: {path}: not a session directory this version knows");
                ExitCode::from(2)
            }
        };
    }
    // A database by its tables.
    if path != "-" && memscribe_io::is_database(p) {
        return match memscribe_io::database_source(p) {
            Some(kind) => print_out(&format!("{kind}\n")),
            None => {
                eprintln!(
                    "memscribe: {path}: a SQLite database but not a store this version reads"
                );
                ExitCode::from(2)
            }
        };
    }
    // Read whole lines until detection has seen its window: a first record
    // can be larger than any fixed prefix (Codex writes its instructions
    // into the first line).
    let mut head = Vec::new();
    let input = match open(path) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("memscribe: {path}: {e}");
            return ExitCode::from(1);
        }
    };
    let read = each_chunk(path, input, |chunk| {
        head.extend_from_slice(chunk);
        let lines = memchr::memchr_iter(b'\n', &head).count();
        let decided = lines > DETECT_LINES
            || head.len() > memscribe::DEFAULT_MAX_RECORD_BYTES
            || memscribe::detect(&head).is_some();
        if decided {
            ControlFlow::Break(ExitCode::SUCCESS)
        } else {
            ControlFlow::Continue(())
        }
    });
    if let Err(code) = read {
        return code;
    }
    // The content first; the file's name and place when it cannot say.
    let found = memscribe::detect(&head).or_else(|| {
        if path == "-" {
            None
        } else {
            memscribe_io::hint(std::path::Path::new(path))
        }
    });
    match found {
        Some(kind) => {
            if !kind.is_supported() {
                eprintln!("memscribe: {path}: {kind} is recognised but not parsed by this version");
            }
            print_out(&format!("{kind}\n"))
        }
        None => {
            eprintln!("memscribe: {path}: format not recognised");
            ExitCode::from(2)
        }
    }
}

/// `memscribe redact`: rewrites line by line as the input streams in.
fn redact(path: &str, source: Option<SourceKind>, want_report: bool) -> ExitCode {
    let input = match open(path) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("memscribe: {path}: {e}");
            return ExitCode::from(1);
        }
    };
    let mut rw = memscribe::redact::Rewriter::new(source);
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let stderr = io::stderr();
    let mut err = BufWriter::new(stderr.lock());
    let (mut partial, mut buf, mut report) = (Vec::new(), Vec::new(), Vec::new());
    let mut by_rule: std::collections::BTreeMap<String, u64> = std::collections::BTreeMap::new();
    let (mut records, mut total) = (0u64, 0u64);
    let mut flush_report = |report: &mut Vec<memscribe::redact::Replacement>,
                            err: &mut BufWriter<io::StderrLock>| {
        if report.is_empty() {
            return;
        }
        records += 1;
        // One line per record and rule, in the order the rules first appear.
        let mut counts: Vec<(String, u64)> = Vec::new();
        for r in report.iter() {
            match counts.iter_mut().find(|(rule, _)| *rule == r.rule) {
                Some((_, n)) => *n += 1,
                None => counts.push((r.rule.clone(), 1)),
            }
        }
        for (rule, n) in counts {
            total += n;
            *by_rule.entry(rule.clone()).or_insert(0) += n;
            if want_report {
                let line =
                    serde_json::json!({"line_no": report[0].line_no, "rule": rule, "count": n});
                let _ = writeln!(err, "{line}");
            }
        }
        report.clear();
    };
    let mut line = |bytes: &[u8],
                    out: &mut BufWriter<io::StdoutLock>,
                    err: &mut BufWriter<io::StderrLock>|
     -> io::Result<()> {
        buf.clear();
        rw.line(bytes, &mut buf, &mut report);
        flush_report(&mut report, err);
        out.write_all(&buf)
    };
    let write_failed = |e: io::Error| {
        if e.kind() == io::ErrorKind::BrokenPipe {
            ExitCode::SUCCESS
        } else {
            eprintln!("memscribe: writing output: {e}");
            ExitCode::from(1)
        }
    };
    let read = each_chunk(path, input, |chunk| {
        let mut rest = chunk;
        while let Some(i) = memchr::memchr(b'\n', rest) {
            let r = if partial.is_empty() {
                line(&rest[..=i], &mut out, &mut err)
            } else {
                partial.extend_from_slice(&rest[..=i]);
                let whole = std::mem::take(&mut partial);
                line(&whole, &mut out, &mut err)
            };
            if let Err(e) = r {
                return ControlFlow::Break(write_failed(e));
            }
            rest = &rest[i + 1..];
        }
        partial.extend_from_slice(rest);
        ControlFlow::Continue(())
    });
    match read {
        Ok(Some(code)) => return code,
        Ok(None) => {}
        Err(code) => return code,
    }
    if !partial.is_empty() {
        let whole = std::mem::take(&mut partial);
        if let Err(e) = line(&whole, &mut out, &mut err) {
            return write_failed(e);
        }
    }
    if let Err(e) = out.flush() {
        return write_failed(e);
    }
    if want_report {
        let summary = serde_json::json!({"redacted": {"records": records, "replacements": total, "by_rule": by_rule}});
        let _ = writeln!(err, "{summary}");
    }
    let _ = err.flush();
    ExitCode::SUCCESS
}

fn eval(path: &str, corpus: Option<&str>, errors: bool) -> ExitCode {
    let dir = std::path::Path::new(path);
    if !dir.join("turns.jsonl").is_file() && !dir.join("dialogues").is_dir() {
        eprintln!("memscribe: {path}: not an evaluation directory (no turns.jsonl or dialogues/)");
        return ExitCode::from(1);
    }
    let corpus = match corpus {
        Some(c) => Some(std::path::PathBuf::from(c)),
        None => Some(std::path::PathBuf::from("../shared/corpus")).filter(|p| p.is_dir()),
    };
    // Corpus inputs are files, session directories and databases.
    let mut read = |p: &std::path::Path| {
        memscribe_io::parse_path(p, &memscribe::eval::options()).map_err(|e| e.to_string())
    };
    let outcomes = match memscribe::eval::run_all(dir, corpus.as_deref(), &mut read) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("memscribe: {path}: {e}");
            return ExitCode::from(2);
        }
    };
    use memscribe::eval::{Label, Outcome, Scores};
    let mut report = String::new();
    type Keep<'a> = &'a dyn Fn(&Outcome) -> bool;
    let halves: [(&str, Keep); 3] = [
        ("development half", &|o| !o.is_held_out()),
        ("held-out half", &|o| o.is_held_out()),
        ("all", &|_| true),
    ];
    for (name, keep) in halves {
        report.push_str(&format!(
            "== {name}\n{}\n",
            Scores::of(outcomes.iter().filter(|o| keep(o))).report()
        ));
        for set in ["turns", "dialogues", "corpus"] {
            let s = Scores::of(outcomes.iter().filter(|o| keep(o) && o.set == set));
            if s.turns > 0 {
                report.push_str(&format!(
                    "   {set:9} turns {:4}  precision {}  recall {}\n",
                    s.turns,
                    memscribe::eval::milli(s.precision_milli()),
                    memscribe::eval::milli(s.recall_milli())
                ));
            }
        }
        let mut langs: Vec<&str> = outcomes
            .iter()
            .filter(|o| keep(o))
            .map(|o| o.lang.as_str())
            .collect();
        langs.sort_unstable();
        langs.dedup();
        let per: Vec<String> = langs
            .iter()
            .map(|l| {
                let s = Scores::of(outcomes.iter().filter(|o| keep(o) && o.lang == *l));
                format!(
                    "{l} {}/{} fp {}",
                    s.true_positives,
                    s.true_positives + s.false_negatives,
                    s.false_positives
                )
            })
            .collect();
        report.push_str(&format!(
            "   by language (found/positives, false positives): {}\n",
            per.join(", ")
        ));
        report.push('\n');
    }
    if errors {
        report.push_str("== misclassified development turns (expected → got)\n");
        let name = |l: Label| match l {
            Label::None => "none",
            Label::Decision => "decision",
            Label::Ban => "ban",
        };
        for o in outcomes
            .iter()
            .filter(|o| !o.is_held_out() && (o.expected == Label::None) != (o.got == Label::None))
        {
            let mut text: String = o.text.chars().take(300).collect();
            text = text.replace('\n', "⏎");
            report.push_str(&format!(
                "{} [{}] {} → {}: {text}\n",
                o.id,
                o.lang,
                name(o.expected),
                name(o.got)
            ));
            if let Some(e) = &o.epitome {
                report.push_str(&format!(
                    "    epitome: {}\n",
                    e.chars().take(200).collect::<String>().replace('\n', "⏎")
                ));
            }
        }
    }
    print_out(&report)
}

fn run_parse(path: &str, opts: Options, level: DiagLevel) -> ExitCode {
    // A file, a session directory or a database (each of its sessions a
    // stream of its own); stdin is one stream.
    let inputs = if path == "-" {
        None
    } else {
        match memscribe_io::inputs(std::path::Path::new(path)) {
            Ok(found) => Some(found),
            Err(e)
                if matches!(
                    e.kind(),
                    memscribe::ErrorKind::Io | memscribe::ErrorKind::UnknownSource
                ) =>
            {
                eprintln!("memscribe: {}", e.message());
                return ExitCode::from(1);
            }
            Err(e) => return fail(e),
        }
    };
    let mode = opts.output;
    // The parser reads on this thread; a writer redacts each batch's content
    // and writes it (see `Writer`), a bounded number of batches behind.
    let mut writer = Writer::start(mode, level);
    // The summaries of finished sessions are kept until the writer is done:
    // they count the redactions it makes.
    let mut done: Vec<memscribe::SummaryHandle> = Vec::new();
    match &inputs {
        None => {
            let mut session = match Session::new(opts.clone()) {
                Ok(s) => s,
                Err(e) => {
                    eprintln!("memscribe: {e}");
                    return ExitCode::from(2);
                }
            };
            if let Some(code) = feed_file(&mut session, &mut writer, path) {
                return code;
            }
            match session.finish_staged() {
                Ok(last) => writer.send(last),
                Err(e) => return writer.fail(e),
            }
            done.push(session.summary_handle());
        }
        Some(inputs) => {
            for input in inputs {
                let mut session = match memscribe_io::begin(input, &opts) {
                    Ok(s) => s,
                    Err(e) => return writer.fail(e),
                };
                let pieces = match input.pieces(opts.file.as_deref()) {
                    Ok(p) => p,
                    Err(e) => return writer.fail(e),
                };
                for (i, piece) in pieces.iter().enumerate() {
                    if i > 0 {
                        if let Err(e) = session.next_file(Some(&piece.name)) {
                            return writer.fail(e);
                        }
                    }
                    let stopped = match &piece.data {
                        memscribe_io::PieceData::File(p) => {
                            feed_file(&mut session, &mut writer, &p.display().to_string())
                        }
                        _ => match piece
                            .read(&mut |chunk| feed_chunk(&mut session, &mut writer, chunk))
                        {
                            Ok(stopped) => stopped,
                            Err(e) => Some(writer.fail(e)),
                        },
                    };
                    if let Some(code) = stopped {
                        return code;
                    }
                }
                match session.finish_staged() {
                    Ok(last) => writer.send(last),
                    Err(e) => return writer.fail(e),
                }
                done.push(session.summary_handle());
            }
        }
    }
    if let Err(code) = writer.end() {
        return code;
    }
    if level != DiagLevel::None {
        // Always the last line, even when nothing was read or made: the
        // counts of every session read.
        let mut summary = memscribe::Summary::default();
        for (i, s) in done.iter().enumerate() {
            if i == 0 {
                summary = s.summary();
            } else {
                memscribe_io::merge_summary(&mut summary, &s.summary());
            }
        }
        let mut err = io::stderr().lock();
        let _ = err.write_all(b"{\"summary\":");
        let _ = serde_json::to_writer(&mut err, &summary);
        let _ = err.write_all(b"}\n");
        let _ = err.flush();
    }
    ExitCode::SUCCESS
}

/// Feeds one chunk; breaks with the exit code when the parse fails or the
/// output went away.
fn feed_chunk(session: &mut Session, writer: &mut Writer, chunk: &[u8]) -> ControlFlow<ExitCode> {
    let fed = session.feed_staged(chunk, &mut |staged| writer.send(staged));
    writer.recycle(session);
    match (fed, writer.stopped()) {
        (_, true) => ControlFlow::Break(ExitCode::SUCCESS),
        (Err(e), false) => ControlFlow::Break(writer.fail(e)),
        (Ok(()), false) => ControlFlow::Continue(()),
    }
}

/// Feeds a file (or stdin) through the session; `Some` exit code when it
/// stopped early.
fn feed_file(session: &mut Session, writer: &mut Writer, file: &str) -> Option<ExitCode> {
    let input = match open(file) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("memscribe: {file}: {e}");
            return Some(writer.end().err().unwrap_or(ExitCode::from(1)));
        }
    };
    match each_chunk(file, input, |chunk| feed_chunk(session, writer, chunk)) {
        Ok(Some(code)) => Some(writer.end().err().unwrap_or(code)),
        Ok(None) => None,
        Err(code) => Some(writer.end().err().unwrap_or(code)),
    }
}

/// Where `parse` output goes: a thread that takes the parser's batches in
/// order, redacts their content ([`memscribe::Staged::redact`]), writes the
/// events or nodes to stdout and the diagnostics to stderr. Redaction and
/// serialization are about half of the work on ordinary input, so parsing
/// and writing overlap on two cores. At most `DEPTH` batches wait, so memory
/// stays bounded. When the thread cannot be started, the same work is done
/// inline.
struct Writer {
    inner: WriterInner,
}

enum WriterInner {
    Thread {
        tx: Option<std::sync::mpsc::SyncSender<memscribe::Staged>>,
        /// Written batches coming back for their buffers.
        back: std::sync::mpsc::Receiver<Batch>,
        handle: Option<std::thread::JoinHandle<Outcome>>,
        stopped: std::sync::Arc<std::sync::atomic::AtomicBool>,
    },
    Inline(Box<Sink>),
    Done,
}

/// What the writer ends with: `Err` with the exit code when writing failed
/// (or the reader went away: success, quietly), else the summary it saw.
type Outcome = Result<Option<memscribe::Summary>, ExitCode>;

impl Writer {
    const DEPTH: usize = 2;

    fn start(mode: OutputMode, level: DiagLevel) -> Writer {
        let stopped = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let (tx, rx) = std::sync::mpsc::sync_channel::<memscribe::Staged>(Self::DEPTH);
        let (back_tx, back) = std::sync::mpsc::sync_channel::<Batch>(Self::DEPTH);
        let flag = std::sync::Arc::clone(&stopped);
        let spawned = std::thread::Builder::new()
            .name("memscribe-writer".into())
            .spawn(move || {
                let mut sink = Sink::new(mode, level);
                for staged in rx {
                    let batch = staged.redact();
                    if let Err(code) = sink.write(&batch) {
                        flag.store(true, std::sync::atomic::Ordering::Relaxed);
                        return Err(code);
                    }
                    // The parser's buffers go back to it (when it has room).
                    let _ = back_tx.try_send(batch);
                }
                sink.end()
            });
        let inner = match spawned {
            Ok(handle) => WriterInner::Thread {
                tx: Some(tx),
                back,
                handle: Some(handle),
                stopped,
            },
            Err(_) => WriterInner::Inline(Box::new(Sink::new(mode, level))),
        };
        Writer { inner }
    }

    fn send(&mut self, staged: memscribe::Staged) {
        match &mut self.inner {
            WriterInner::Thread { tx: Some(tx), .. } => {
                // A send fails only once the writer has stopped on an error,
                // which `stopped` reports.
                let _ = tx.send(staged);
            }
            WriterInner::Inline(sink) => {
                // A failure stays in the sink, which `stopped` reports.
                let _ = sink.write(&staged.redact());
            }
            _ => {}
        }
    }

    /// Hands the buffers of written batches back to the session.
    fn recycle(&mut self, session: &mut Session) {
        if let WriterInner::Thread { back, .. } = &self.inner {
            while let Ok(batch) = back.try_recv() {
                session.recycle(batch);
            }
        }
    }

    /// Whether the writer stopped on an error (the parser can stop reading).
    fn stopped(&self) -> bool {
        match &self.inner {
            WriterInner::Thread { stopped, .. } => {
                stopped.load(std::sync::atomic::Ordering::Relaxed)
            }
            WriterInner::Inline(sink) => sink.failed.is_some(),
            WriterInner::Done => true,
        }
    }

    /// Waits for everything sent to be written.
    fn end(&mut self) -> Outcome {
        match std::mem::replace(&mut self.inner, WriterInner::Done) {
            WriterInner::Thread { tx, handle, .. } => {
                drop(tx);
                match handle.map(|h| h.join()) {
                    Some(Ok(outcome)) => outcome,
                    _ => Err(ExitCode::from(1)),
                }
            }
            WriterInner::Inline(sink) => sink.end(),
            // Already ended (by `fail`), with its outcome reported then.
            WriterInner::Done => Ok(None),
        }
    }

    /// Reports a parse error once what was parsed before it is written.
    fn fail(&mut self, e: memscribe::Error) -> ExitCode {
        match self.end() {
            Err(code) => code,
            Ok(_) => fail(e),
        }
    }
}

/// The writing end of `parse`: stdout for items, stderr for diagnostics.
struct Sink {
    mode: OutputMode,
    out: BufWriter<io::Stdout>,
    err: BufWriter<io::Stderr>,
    report: Report,
    failed: Option<ExitCode>,
}

impl Sink {
    fn new(mode: OutputMode, level: DiagLevel) -> Sink {
        Sink {
            mode,
            out: BufWriter::with_capacity(1 << 16, io::stdout()),
            err: BufWriter::new(io::stderr()),
            report: Report {
                level,
                summary: None,
            },
            failed: None,
        }
    }

    fn write(&mut self, batch: &Batch) -> Result<(), ExitCode> {
        if let Some(code) = self.failed {
            return Err(code);
        }
        let r = write_batch(
            batch,
            self.mode,
            &mut self.out,
            &mut self.err,
            &mut self.report,
        );
        if let Err(code) = r {
            self.failed = Some(code);
        }
        r
    }

    fn end(mut self) -> Outcome {
        if let Some(code) = self.failed {
            return Err(code);
        }
        let _ = self.err.flush();
        match self.out.flush() {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Err(ExitCode::SUCCESS),
            Err(_) => Err(ExitCode::from(1)),
            Ok(()) => Ok(self.report.summary.take()),
        }
    }
}

fn fail(e: memscribe::Error) -> ExitCode {
    eprintln!("memscribe: {e}");
    match e.kind() {
        memscribe::ErrorKind::UnknownSource
        | memscribe::ErrorKind::UnsupportedSource
        | memscribe::ErrorKind::InvalidOptions => ExitCode::from(2),
        _ => ExitCode::from(1),
    }
}

/// What `parse` prints of the diagnostics, and the summary once it comes.
struct Report {
    level: DiagLevel,
    summary: Option<memscribe::Summary>,
}

fn write_batch(
    batch: &Batch,
    mode: OutputMode,
    out: &mut impl Write,
    err: &mut impl Write,
    report: &mut Report,
) -> Result<(), ExitCode> {
    if let Err(e) = batch.write_ndjson(&mut *out, mode) {
        if e.kind() == io::ErrorKind::BrokenPipe {
            return Err(ExitCode::SUCCESS);
        }
        eprintln!("memscribe: writing output: {e}");
        return Err(ExitCode::from(1));
    }
    if batch.summary.is_some() {
        report.summary.clone_from(&batch.summary);
    }
    for d in &batch.diagnostics {
        let print = match report.level {
            DiagLevel::All => true,
            DiagLevel::Problems => d.diagnostic.is_problem(),
            DiagLevel::None => false,
        };
        if print {
            let _ = serde_json::to_writer(&mut *err, d);
            let _ = err.write_all(b"\n");
        }
    }
    Ok(())
}
