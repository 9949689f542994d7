//! `memscribe`: parse AI coding-agent transcripts into NDJSON.

use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::process::ExitCode;

use memscribe::{Batch, Options, OutputMode, Session, SourceKind};

// Transcripts allocate many short-lived strings; mimalloc parses them markedly
// faster than the system allocator (see scripts/bench).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

const USAGE: &str = "\
memscribe — deterministic parsing of AI coding-agent transcripts

USAGE:
    memscribe parse <FILE|-> [--as TOOL] [--output events|nodes|both] [--no-redact]
                            [--max-record-bytes N] [--max-json-depth N]
                            [--diagnostics problems|all|none]
    memscribe detect <FILE|->
    memscribe eval [TURNS.jsonl]
    memscribe --version

parse   writes NDJSON to stdout (PreparedNodes by default; events, or both
        interleaved with each node after the event that made it final) and
        diagnostics (one JSON object per line) to stderr: by default the
        problems (bad bytes or JSON, limits, truncation) one by one and a
        final summary line counting every kind; --diagnostics all prints
        each one. Secrets are redacted unless --no-redact is given.
detect  prints the tool slug (claude_code, codex, …).
eval    scores the decision gate on a labelled set of person turns
        (default tests/eval/turns.jsonl): precision and recall on the
        development half, the held-out half, and all of it.

Exit status: 0 on success (diagnostics included), 1 on I/O errors,
2 on usage errors or an undetectable format without --as.";

/// How much input is read per `feed`.
const CHUNK: usize = 1 << 20;

/// Which diagnostics `parse` prints one by one.
#[derive(Clone, Copy, PartialEq, Eq)]
enum DiagLevel {
    Problems,
    All,
    None,
}

enum Cmd {
    Parse { path: String, opts: Options, diags: DiagLevel },
    Detect { path: String },
    Eval { path: String },
    Version,
    Help,
}

fn main() -> ExitCode {
    match parse_args() {
        Ok(Cmd::Help) => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Ok(Cmd::Version) => {
            println!("memscribe {}", memscribe::VERSION);
            ExitCode::SUCCESS
        }
        Ok(Cmd::Detect { path }) => detect(&path),
        Ok(Cmd::Eval { path }) => eval(&path),
        Ok(Cmd::Parse { path, opts, diags }) => run_parse(&path, opts, diags),
        Err(msg) => {
            eprintln!("memscribe: {msg}\n\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn parse_args() -> Result<Cmd, String> {
    use lexopt::prelude::*;
    let mut parser = lexopt::Parser::from_env();
    let sub = match parser.next().map_err(|e| e.to_string())? {
        Some(Value(v)) => v.string().map_err(|e| e.to_string())?,
        Some(Long("version") | Short('V')) => return Ok(Cmd::Version),
        Some(Long("help") | Short('h')) | None => return Ok(Cmd::Help),
        Some(other) => return Err(other.unexpected().to_string()),
    };
    match sub.as_str() {
        "parse" => {
            let mut path = None;
            let mut opts = Options::default();
            let mut diags = DiagLevel::Problems;
            while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
                match arg {
                    Long("as") | Long("source") => {
                        let v = parser.value().map_err(|e| e.to_string())?.string().map_err(|e| e.to_string())?;
                        let kind: SourceKind = v.parse().map_err(|e: memscribe::Error| e.message().to_owned())?;
                        opts.source = Some(kind);
                    }
                    Long("output") => {
                        let v = parser.value().map_err(|e| e.to_string())?.string().map_err(|e| e.to_string())?;
                        opts.output =
                            OutputMode::from_name(&v).ok_or_else(|| format!("--output must be events, nodes or both, not {v:?}"))?;
                    }
                    Long("no-redact") => opts.redact = false,
                    Long("diagnostics") => {
                        let v = parser.value().map_err(|e| e.to_string())?.string().map_err(|e| e.to_string())?;
                        diags = match v.as_str() {
                            "problems" => DiagLevel::Problems,
                            "all" => DiagLevel::All,
                            "none" => DiagLevel::None,
                            _ => return Err(format!("--diagnostics must be problems, all or none, not {v:?}")),
                        };
                    }
                    Long("max-record-bytes") => opts.max_record_bytes = parser.value().map_err(|e| e.to_string())?.parse().map_err(|e| e.to_string())?,
                    Long("max-json-depth") => opts.max_json_depth = parser.value().map_err(|e| e.to_string())?.parse().map_err(|e| e.to_string())?,
                    Value(v) if path.is_none() => path = Some(v.string().map_err(|e| e.to_string())?),
                    Long("help") | Short('h') => return Ok(Cmd::Help),
                    other => return Err(other.unexpected().to_string()),
                }
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
                    Value(v) if path.is_none() => path = Some(v.string().map_err(|e| e.to_string())?),
                    other => return Err(other.unexpected().to_string()),
                }
            }
            Ok(Cmd::Detect { path: path.ok_or("detect needs a FILE")? })
        }
        "eval" => {
            let mut path = None;
            while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
                match arg {
                    Value(v) if path.is_none() => path = Some(v.string().map_err(|e| e.to_string())?),
                    other => return Err(other.unexpected().to_string()),
                }
            }
            Ok(Cmd::Eval { path: path.unwrap_or_else(|| "tests/eval/turns.jsonl".to_owned()) })
        }
        "help" => Ok(Cmd::Help),
        "version" => Ok(Cmd::Version),
        other => Err(format!("unknown command {other:?}")),
    }
}

fn open(path: &str) -> io::Result<Box<dyn Read>> {
    if path == "-" {
        Ok(Box::new(io::stdin().lock()))
    } else {
        Ok(Box::new(File::open(path)?))
    }
}

fn detect(path: &str) -> ExitCode {
    let mut head = Vec::new();
    let read = open(path).and_then(|r| r.take(1 << 20).read_to_end(&mut head));
    if let Err(e) = read {
        eprintln!("memscribe: {path}: {e}");
        return ExitCode::from(1);
    }
    match memscribe::detect(&head) {
        Some(kind) => {
            println!("{kind}");
            ExitCode::SUCCESS
        }
        None => {
            eprintln!("memscribe: {path}: format not recognised");
            ExitCode::from(2)
        }
    }
}

fn eval(path: &str) -> ExitCode {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("memscribe: {path}: {e}");
            return ExitCode::from(1);
        }
    };
    let gate = memscribe::gate::Gate::builtin();
    for (name, filter) in [
        ("development half (odd ids)", &memscribe::eval::is_dev_id as &dyn Fn(&str) -> bool),
        ("held-out half (even ids)", &|id: &str| !memscribe::eval::is_dev_id(id)),
        ("all", &|_: &str| true),
    ] {
        match memscribe::eval::score(&gate, &text, filter) {
            Ok(s) => println!("== {name}\n{}\n", s.report()),
            Err(e) => {
                eprintln!("memscribe: {path}: {e}");
                return ExitCode::from(2);
            }
        }
    }
    ExitCode::SUCCESS
}

fn run_parse(path: &str, opts: Options, level: DiagLevel) -> ExitCode {
    let mut input = match open(path) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("memscribe: {path}: {e}");
            return ExitCode::from(1);
        }
    };
    let mode = opts.output;
    let mut session = match Session::new(opts) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("memscribe: {e}");
            return ExitCode::from(2);
        }
    };
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let stderr = io::stderr();
    let mut err = BufWriter::new(stderr.lock());
    let mut buf = vec![0u8; CHUNK];
    let mut counts = std::collections::BTreeMap::new();
    let mut report = Report { level, counts: &mut counts };
    loop {
        let n = match input.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => {
                eprintln!("memscribe: {path}: {e}");
                return ExitCode::from(1);
            }
        };
        match session.feed(&buf[..n]) {
            Ok(batch) => {
                if let Err(code) = write_batch(&batch, mode, &mut out, &mut err, &mut report) {
                    return code;
                }
            }
            Err(e) => return fail(e),
        }
    }
    match session.finish() {
        Ok(batch) => {
            if let Err(code) = write_batch(&batch, mode, &mut out, &mut err, &mut report) {
                return code;
            }
        }
        Err(e) => return fail(e),
    }
    if out.flush().is_err() {
        return ExitCode::from(1);
    }
    if level != DiagLevel::None && !counts.is_empty() {
        let summary: Vec<String> = counts.iter().map(|(k, n)| format!("\"{k}\":{n}")).collect();
        let _ = writeln!(err, "{{\"summary\":{{{}}}}}", summary.join(","));
    }
    let _ = err.flush();
    ExitCode::SUCCESS
}

fn fail(e: memscribe::Error) -> ExitCode {
    eprintln!("memscribe: {e}");
    match e.kind() {
        memscribe::ErrorKind::UnknownSource | memscribe::ErrorKind::UnsupportedSource | memscribe::ErrorKind::InvalidOptions => {
            ExitCode::from(2)
        }
        _ => ExitCode::from(1),
    }
}

/// What `parse` prints of the diagnostics, and the counts per kind.
struct Report<'a> {
    level: DiagLevel,
    counts: &'a mut std::collections::BTreeMap<&'static str, u64>,
}

fn write_batch(
    batch: &Batch,
    mode: OutputMode,
    out: &mut impl Write,
    err: &mut impl Write,
    report: &mut Report<'_>,
) -> Result<(), ExitCode> {
    if let Err(e) = batch.write_ndjson(&mut *out, mode) {
        if e.kind() == io::ErrorKind::BrokenPipe {
            return Err(ExitCode::SUCCESS);
        }
        eprintln!("memscribe: writing output: {e}");
        return Err(ExitCode::from(1));
    }
    for d in &batch.diagnostics {
        *report.counts.entry(d.diagnostic.as_str()).or_insert(0) += 1;
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
