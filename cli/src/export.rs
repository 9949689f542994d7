//! `memscribe export`: sessions as ATIF trajectories or OTLP/JSON traces,
//! from transcripts or from the store, with a manifest beside the output.

use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use memscribe::{Export, ExportFormat, Options, OutputMode, SourceKind};

use crate::store_cmd::fail;

pub const EXPORT_USAGE: &str = "\
memscribe export — sessions as ATIF trajectories or OpenTelemetry traces

USAGE:
    memscribe export <PATH|-> [--format atif|otel] [--as TOOL] [--safe|--raw] [-o FILE]
    memscribe export --store [FILE] [--session S] [--as-of C] [--format atif|otel]
                     [--safe|--raw] [-o FILE]

Writes one JSON document per line: with --format atif (the default) an ATIF
trajectory (Harbor RFC 0001, v1.4) per session and per subagent; with
--format otel an OTLP/JSON ExportTraceServiceRequest per session, with
OpenTelemetry GenAI invoke_agent, chat and execute_tool spans. PATH is read
as `memscribe parse` reads it (file, session directory or database); with
--store the stored sessions are exported (all, or --session S, as of
checkpoint C).

--safe (the default) redacts secrets, for sharing; --raw does not (a store
that sanitized on ingest holds no raw text to give).

With -o FILE the documents go to FILE and a manifest to FILE.manifest.json
(--manifest FILE names it otherwise; without -o no manifest is written
unless asked): the format and its version, the sessions and event counts
included, whether it was redacted and how many secrets per rule, what the
format cannot hold, and where it came from (the blake3 of the input bytes,
or the store and its checkpoint).";

pub struct ExportCmd {
    path: Option<String>,
    store: Option<Option<PathBuf>>,
    session: Option<String>,
    as_of: Option<i64>,
    format: ExportFormat,
    source: Option<SourceKind>,
    raw: bool,
    out: Option<PathBuf>,
    manifest: Option<PathBuf>,
}

pub fn parse(parser: &mut lexopt::Parser) -> Result<Result<ExportCmd, &'static str>, String> {
    use lexopt::prelude::*;
    let mut cmd = ExportCmd {
        path: None,
        store: None,
        session: None,
        as_of: None,
        format: ExportFormat::Atif,
        source: None,
        raw: false,
        out: None,
        manifest: None,
    };
    let value = |p: &mut lexopt::Parser| -> Result<String, String> {
        p.value()
            .map_err(|e| e.to_string())?
            .string()
            .map_err(|e| e.to_string())
    };
    while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
        match arg {
            Long("help") | Short('h') => return Ok(Err(EXPORT_USAGE)),
            Long("format") => {
                let v = value(parser)?;
                cmd.format = ExportFormat::from_name(&v)
                    .ok_or_else(|| format!("--format must be atif or otel, not {v:?}"))?;
            }
            Long("as") | Long("source") => {
                let v = value(parser)?;
                cmd.source = Some(
                    v.parse()
                        .map_err(|e: memscribe::Error| e.message().to_owned())?,
                );
            }
            Long("safe") => cmd.raw = false,
            Long("raw") => cmd.raw = true,
            Long("store") => cmd.store = Some(None),
            Long("session") => cmd.session = Some(value(parser)?),
            Long("as-of") => {
                let v = value(parser)?;
                cmd.as_of = Some(
                    v.parse()
                        .map_err(|_| format!("--as-of takes a checkpoint number, not {v:?}"))?,
                );
            }
            Long("output") | Short('o') => cmd.out = Some(value(parser)?.into()),
            Long("manifest") => cmd.manifest = Some(value(parser)?.into()),
            Value(v) => {
                let v = v.string().map_err(|e| e.to_string())?;
                match &cmd.store {
                    Some(None) => cmd.store = Some(Some(v.into())),
                    _ if cmd.path.is_none() => cmd.path = Some(v),
                    _ => return Err(format!("export takes one path, not also {v:?}")),
                }
            }
            other => return Err(other.unexpected().to_string()),
        }
    }
    match (&cmd.path, &cmd.store) {
        (Some(_), Some(_)) => Err("export takes a PATH or --store, not both".to_owned()),
        (None, None) => Err("export needs a PATH (or - for stdin), or --store".to_owned()),
        _ if cmd.store.is_none() && (cmd.session.is_some() || cmd.as_of.is_some()) => {
            Err("--session and --as-of are for --store".to_owned())
        }
        _ => Ok(Ok(cmd)),
    }
}

pub fn run(cmd: ExportCmd) -> ExitCode {
    let mut opts = Options {
        redact: !cmd.raw,
        output: OutputMode::Events,
        source: cmd.source,
        ..Options::default()
    };
    let export = match (&cmd.path, &cmd.store) {
        (Some(p), None) if p == "-" => {
            let mut bytes = Vec::new();
            if let Err(e) = io::stdin().lock().read_to_end(&mut bytes) {
                return fail(&format!("reading stdin: {e}"));
            }
            memscribe::export(&bytes, &opts, cmd.format).map_err(|e| e.message().to_owned())
        }
        (Some(p), None) => {
            opts.file = Some(p.clone());
            memscribe_io::export_path(Path::new(p), &opts, cmd.format)
                .map_err(|e| e.message().to_owned())
        }
        (None, Some(store)) => from_store(
            store.as_deref(),
            cmd.session.as_deref(),
            cmd.as_of,
            cmd.raw,
            cmd.format,
        ),
        _ => unreachable!("checked when the arguments were read"),
    };
    let export = match export {
        Ok(x) => x,
        Err(e) => return fail(&e),
    };
    let mut text = String::new();
    for d in &export.documents {
        text.push_str(&d.to_string());
        text.push('\n');
    }
    let manifest_path = cmd.manifest.clone().or_else(|| {
        cmd.out.as_ref().map(|o| {
            let mut name = o.as_os_str().to_owned();
            name.push(".manifest.json");
            PathBuf::from(name)
        })
    });
    match &cmd.out {
        Some(o) => {
            if let Err(e) = std::fs::write(o, &text) {
                return fail(&format!("{}: {e}", o.display()));
            }
        }
        None => {
            if crate::print_out(&text) != ExitCode::SUCCESS {
                return ExitCode::from(1);
            }
        }
    }
    if let Some(m) = manifest_path {
        let body = serde_json::to_string_pretty(&export.manifest).unwrap_or_default() + "\n";
        if let Err(e) = std::fs::write(&m, body) {
            return fail(&format!("{}: {e}", m.display()));
        }
    }
    ExitCode::SUCCESS
}

/// The stored sessions (one, or all) exported from their replayed events.
fn from_store(
    store: Option<&Path>,
    session: Option<&str>,
    as_of: Option<i64>,
    raw: bool,
    format: ExportFormat,
) -> Result<Export, String> {
    let path = store.map_or_else(memscribe_store::Store::default_path, Path::to_path_buf);
    let s = memscribe_store::Store::open(&path).map_err(|e| e.message)?;
    s.export(session, as_of, raw, format).map_err(|e| e.message)
}
