//! `memscribe watch`: ingest, then keep ingesting what changes.

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use memscribe_store::Store;
use notify::{RecursiveMode, Watcher};

use crate::store_cmd::{report_text, Bar};

/// Quiet time after a change before it is read, so that a burst of writes
/// is read once.
const DEBOUNCE: Duration = Duration::from_millis(200);

/// How many single-file sessions stay open between rounds (the most
/// recently changed), each read on from where it was.
const LIVE_SESSIONS: usize = 256;

/// Ingests `paths` (every discovered session when empty), then watches
/// them: file notifications where the OS gives them, and a full rescan
/// every `interval` in any case (new folders, missed events, file systems
/// without notifications).
pub fn watch(paths: &[PathBuf], store: Option<&Path>, interval: Duration, quiet: bool) -> ExitCode {
    let store_path = store.map_or_else(Store::default_path, Path::to_path_buf);
    let mut s = match Store::open(&store_path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("memscribe: {}", e.message);
            return ExitCode::from(1);
        }
    };
    // Sessions stay open between rounds: an append is parsed alone.
    s.keep_live(LIVE_SESSIONS);
    let say = |r: &memscribe_store::IngestReport, s: &Store| {
        if !quiet && (r.checkpoint.is_some() || !r.failed.is_empty()) {
            let _ = crate::print_out(&report_text(r, s.path()));
        }
    };
    let full = |s: &mut Store, bar: &mut Bar| {
        if paths.is_empty() {
            s.ingest_discovered(&memscribe_io::Discovery::from_env(), &mut |p| bar.update(p))
        } else {
            s.ingest(paths, &mut |p| bar.update(p))
        }
    };
    let mut bar = Bar::new(quiet);
    match full(&mut s, &mut bar) {
        Ok(r) => say(&r, &s),
        Err(e) => {
            eprintln!("memscribe: {}", e.message);
            return ExitCode::from(1);
        }
    }
    let (tx, rx) = mpsc::channel::<notify::Result<notify::Event>>();
    let mut watcher = notify::recommended_watcher(tx).ok();
    let roots = watch_roots(paths, &s);
    if let Some(w) = watcher.as_mut() {
        for r in &roots {
            if let Err(e) = w.watch(r, RecursiveMode::Recursive) {
                if !quiet {
                    eprintln!(
                        "memscribe: not watching {} ({e}); polling every {:.1} s",
                        r.display(),
                        interval.as_secs_f64()
                    );
                }
            }
        }
    }
    let mut changed: BTreeSet<PathBuf> = BTreeSet::new();
    let mut due: Option<Instant> = None;
    let mut next_poll = Instant::now() + interval;
    let store_files: BTreeSet<PathBuf> = ["", "-wal", "-shm", "-journal"]
        .iter()
        .map(|suffix| {
            let mut p = store_path.as_os_str().to_owned();
            p.push(suffix);
            std::path::absolute(PathBuf::from(p)).unwrap_or_default()
        })
        .collect();
    loop {
        let wait = due
            .unwrap_or(next_poll)
            .min(next_poll)
            .saturating_duration_since(Instant::now());
        match rx.recv_timeout(wait) {
            Ok(Ok(ev)) => {
                for p in ev.paths {
                    if !store_files.contains(&p) && !p.ends_with("hook.log") {
                        changed.insert(p);
                        due = Some(Instant::now() + DEBOUNCE);
                    }
                }
                continue;
            }
            Ok(Err(_)) | Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => watcher = None,
        }
        let now = Instant::now();
        if due.is_some_and(|d| d <= now) {
            due = None;
            let targets = targets_of(&std::mem::take(&mut changed), &s);
            if !targets.is_empty() {
                match s.ingest_sources(targets, &mut |_| {}) {
                    Ok(r) => say(&r, &s),
                    Err(e) => eprintln!("memscribe: {}", e.message),
                }
            }
        }
        if now >= next_poll {
            next_poll = now + interval;
            match full(&mut s, &mut Bar::new(true)) {
                Ok(r) => say(&r, &s),
                Err(e) => eprintln!("memscribe: {}", e.message),
            }
        }
        if watcher.is_none() {
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

/// The directories to watch: each PATH (a file's folder), or for
/// discovery, the folder above each found session's folder.
fn watch_roots(paths: &[PathBuf], s: &Store) -> Vec<PathBuf> {
    let mut roots: BTreeSet<PathBuf> = BTreeSet::new();
    if paths.is_empty() {
        for (p, _) in s.source_files().unwrap_or_default() {
            if let Some(r) = p.parent().and_then(Path::parent) {
                roots.insert(r.to_path_buf());
            }
        }
    } else {
        for p in paths {
            let p = std::path::absolute(p).unwrap_or_else(|_| p.clone());
            roots.insert(if p.is_dir() {
                p
            } else {
                p.parent().map(Path::to_path_buf).unwrap_or(p)
            });
        }
    }
    // A root under another is watched through it.
    let all: Vec<PathBuf> = roots.into_iter().collect();
    all.iter()
        .filter(|r| !all.iter().any(|o| o != *r && r.starts_with(o)))
        .cloned()
        .collect()
}

/// The sources that changed paths belong to: a file the store read (or
/// its database, for a `-wal`), else whatever a search of its folder finds.
fn targets_of(changed: &BTreeSet<PathBuf>, s: &Store) -> Vec<PathBuf> {
    let mut by_file: HashMap<PathBuf, PathBuf> = HashMap::new();
    for (src, files) in s.source_files().unwrap_or_default() {
        by_file.insert(src.clone(), src.clone());
        for f in files {
            by_file.insert(f, src.clone());
        }
    }
    let mut out: BTreeSet<PathBuf> = BTreeSet::new();
    for p in changed {
        let name = p.to_string_lossy();
        let base = ["-wal", "-shm", "-journal"]
            .iter()
            .find_map(|s| name.strip_suffix(s))
            .map(PathBuf::from);
        let p = base.as_ref().unwrap_or(p);
        // A Claude Code session's subagent file or tool output: its session.
        let session_file = p
            .parent()
            .filter(|d| {
                d.file_name()
                    .is_some_and(|n| n == "subagents" || n == "tool-results")
            })
            .and_then(Path::parent)
            .map(|folder| folder.with_extension("jsonl"))
            .filter(|f| f.is_file());
        if let Some(src) = by_file.get(p) {
            out.insert(src.clone());
        } else if let Some(f) = session_file {
            out.insert(by_file.get(&f).cloned().unwrap_or(f));
        } else if p.exists() {
            let dir = if p.is_dir() {
                p.as_path()
            } else {
                p.parent().unwrap_or(p)
            };
            out.extend(memscribe_io::scan(dir).unwrap_or_default());
        }
    }
    out.into_iter().collect()
}
