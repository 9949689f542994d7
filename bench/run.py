#!/usr/bin/env python3
"""Benchmark driver (scripts/bench): builds large real-format inputs, then
measures events-mode throughput and peak RSS through the library (both
allocators) and end to end through the CLI, at two sizes to show linearity.

Inputs are replicated from ../shared/corpus when present (never committed),
otherwise from the project's own fixtures.
"""
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "bench-data"
CORPUS = ROOT.parent / "shared" / "corpus"
SIZES = [int(s) for s in os.environ.get("BENCH_SIZES_MB", "50,200").split(",")]
REPEAT = os.environ.get("BENCH_REPEAT", "5")


def inputs(tool):
    if (CORPUS / tool).is_dir():
        files = sorted(p for p in (CORPUS / tool).iterdir() if p.is_file() and p.suffix == ".jsonl")
        if tool == "codex":
            # The scrubbed 0.146 sample repeats placeholder ids; use the real rollout.
            files = [p for p in files if "stage0" not in p.name] or files
        return files
    fixtures = {"copilot_cli": "copilot"}.get(tool, tool)
    return sorted((ROOT / "tests/fixtures" / fixtures).glob("*/*.jsonl"))


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, cwd=ROOT, **kw)


def cli_run(path, tool):
    """Wall time and max RSS of one CLI parse, output discarded."""
    start = time.perf_counter()
    with open(os.devnull, "wb") as null:
        proc = subprocess.Popen([str(ROOT / "target/release/memscribe"), "parse", str(path), "--as", tool,
                                 "--output", "events", "--no-redact"], stdout=null, stderr=null)
        _, status, usage = os.wait4(proc.pid, 0)
    secs = time.perf_counter() - start
    if status != 0:
        sys.exit(f"CLI failed on {path}")
    return secs, usage.ru_maxrss / 1024.0


def cli_time(path, tool, extra, n=3):
    best = None
    for _ in range(n):
        start = time.perf_counter()
        with open(os.devnull, "wb") as null:
            subprocess.run([str(ROOT / "target/release/memscribe"), "parse", str(path), "--as", tool] + extra,
                           stdout=null, stderr=null, check=True)
        secs = time.perf_counter() - start
        best = secs if best is None else min(best, secs)
    return best


def build_c_bench():
    """bench_ffi against the default library and against one built with the
    `mimalloc` feature (the allocator the CLI uses)."""
    run(["cargo", "build", "--release", "--locked", "-p", "memscribe-ffi"])
    run(["make", "-s", "-C", "examples/c", "LIBDIR=" + str(ROOT / "target/release"), "OUT=" + str(ROOT / "target/c"),
         "CFLAGS=-O2 -g"])
    alt = ROOT / "target/bench-mimalloc"
    env = dict(os.environ, CARGO_TARGET_DIR=str(alt))
    run(["cargo", "build", "--release", "--locked", "-p", "memscribe-ffi", "--features", "mimalloc"], env=env)
    run(["cc", "-O2", "-Iinclude", "examples/c/bench_ffi.c", "-o", str(ROOT / "target/c/bench_ffi_mimalloc"),
         str(alt / "release/libmemscribe.a"), "-lpthread", "-ldl", "-lm"])


def ffi_bench(results):
    build_c_bench()
    for binary in ["bench_ffi_static", "bench_ffi_mimalloc"]:
        r = json.loads(run([str(ROOT / "target/c" / binary), "overhead", "100000"], capture_output=True, text=True).stdout)
        r["mode"], r["binary"] = "ffi_overhead", binary
        results.append(r)
        print(f"C ABI per-call overhead ({binary}): {r}", flush=True)
    size = max(SIZES)
    for tool in ["claude_code", "codex"]:
        path = DATA / f"{tool}-{size}.jsonl"
        for label, opts, extra in [
            ("events, no redaction", {"source": tool, "output": "events", "redact": False}, ["--output", "events", "--no-redact"]),
            ("nodes (defaults)", {"source": tool}, []),
        ]:
            cli = cli_time(path, tool, extra)
            mb = path.stat().st_size / 1e6
            for binary in ["bench_ffi_static", "bench_ffi_mimalloc"]:
                best = None
                for _ in range(3):
                    out = run([str(ROOT / "target/c" / binary), "throughput", str(path), json.dumps(opts)],
                              capture_output=True, text=True).stdout
                    secs = json.loads(out)["seconds"]
                    best = secs if best is None else min(best, secs)
                r = {"mode": "ffi_vs_cli", "source": tool, "what": label, "binary": binary, "mb": round(mb, 1),
                     "cli_mb_per_s": round(mb / cli, 1), "ffi_mb_per_s": round(mb / best, 1),
                     "ffi_time_over_cli": round(best / cli, 3)}
                results.append(r)
                print(f"{tool:12} {label:22} CLI {r['cli_mb_per_s']:6.1f} MB/s   C ABI ({binary}) "
                      f"{r['ffi_mb_per_s']:6.1f} MB/s   time ratio {r['ffi_time_over_cli']:.3f}", flush=True)


PY_BENCH = r"""
import json, sys, time
import memscribe
path, tool, output = sys.argv[1], sys.argv[2], sys.argv[3]
data = open(path, "rb").read()
best = None
for _ in range(3):
    t = time.perf_counter()
    items = memscribe.parse(data, source=tool, output=output, redact=(output == "nodes"))
    secs = time.perf_counter() - t
    best = secs if best is None else min(best, secs)
    del items
print(json.dumps({"seconds": best}))
"""


NODE_BENCH = r"""
const m = require(process.argv[1]);
const data = require('fs').readFileSync(process.argv[2]);
const opts = { source: process.argv[3], output: process.argv[4], redact: process.argv[4] === 'nodes' };
let best = Infinity;
for (let i = 0; i < 3; i++) {
  const t = process.hrtime.bigint();
  let items = m.parse(data, opts);
  best = Math.min(best, Number(process.hrtime.bigint() - t) / 1e9);
  items = null;
}
console.log(JSON.stringify({ seconds: best }));
"""


def binding_bench(results, name, argv, ready):
    """A language binding's `parse` (building its native objects included)
    against the CLI, on the smaller input, nodes (defaults) and events."""
    if not ready:
        print(f"{name}: binding not built; run scripts/test first", flush=True)
        return
    for tool in ["claude_code", "codex"]:
        path = DATA / f"{tool}-{min(SIZES)}.jsonl"
        for output, extra in [("nodes", []), ("events", ["--output", "events", "--no-redact"])]:
            cli = cli_time(path, tool, extra)
            out = run(argv + [str(path), tool, output], capture_output=True, text=True).stdout
            secs = json.loads(out)["seconds"]
            mb = path.stat().st_size / 1e6
            r = {"mode": f"{name}_vs_cli", "source": tool, "output": output, "mb": round(mb, 1),
                 "cli_mb_per_s": round(mb / cli, 1), f"{name}_mb_per_s": round(mb / secs, 1),
                 "time_over_cli": round(secs / cli, 3)}
            results.append(r)
            print(f"{tool:12} {name} parse ({output:6}) {mb / secs:6.1f} MB/s vs CLI {mb / cli:6.1f} MB/s"
                  f"   time ratio {secs / cli:.3f}", flush=True)


def floor(results):
    """Events mode (redaction on) through the CLI against the naive round trip
    (core/examples/roundtrip.rs: each line parsed into a serde_json::Value
    and written back), on the same real-format files, best of 3 each."""
    run(["cargo", "build", "--release", "--locked", "-p", "memscribe", "--example", "roundtrip"])
    naive = ROOT / "target/release/examples/roundtrip"
    for tool in ["claude_code", "codex"]:
        # The largest input: a 50 MB file takes a tenth of a second.
        path = DATA / f"{tool}-{max(SIZES)}.jsonl"
        if not path.exists():
            run([sys.executable, str(ROOT / "bench/gen.py"), str(path), str(max(SIZES))] + [str(p) for p in inputs(tool)])
        mb = path.stat().st_size / 1e6
        # Interleaved, best of 5 each, so that a slow spell of the machine
        # weighs on both.
        t_naive = t_events = None
        for _ in range(5):
            a = best_of(lambda: run([str(naive), str(path)], stdout=subprocess.DEVNULL), 1)
            b = cli_time(path, tool, ["--output", "events"], 1)
            t_naive = a if t_naive is None else min(t_naive, a)
            t_events = b if t_events is None else min(t_events, b)
        r = {"mode": "events_vs_naive_round_trip", "source": tool, "mb": round(mb, 1),
             "naive_mb_per_s": round(mb / t_naive, 1), "events_redacted_mb_per_s": round(mb / t_events, 1),
             "ratio": round(t_naive / t_events, 3)}
        results.append(r)
        print(f"{tool:12} events (redaction on) {r['events_redacted_mb_per_s']:6.1f} MB/s vs naive round trip "
              f"{r['naive_mb_per_s']:6.1f} MB/s: {r['ratio']:.2f}x", flush=True)


def reach(results):
    """Events mode (library, mimalloc) on the other JSONL formats. Gemini,
    Cursor and Copilot CLI have only small test transcripts in the corpus
    (100-byte records, which time the per-record cost, not throughput; and
    Gemini's, replicated, repeat their message ids, which Gemini reads as
    rewrites), so they are measured on the corpus's real Claude Code
    sessions re-encoded in their format by bench/reencode.py (the same
    prompts, replies, calls and outputs, at their real sizes), and Cursor
    and Copilot also on their test transcripts replicated."""
    claude = [str(p) for p in inputs("claude_code")]
    for tool, what in [("gemini", "re-encoded"), ("copilot", "corpus"), ("copilot", "re-encoded"),
                       ("cursor", "corpus"), ("cursor", "re-encoded")]:
        corpus_dir = "copilot_cli" if tool == "copilot" else tool
        path = DATA / f"{tool}-{what}-{min(SIZES)}.jsonl"
        if not path.exists():
            if what == "corpus":
                src = [str(p) for p in inputs(corpus_dir)]
            else:
                one = DATA / f"{tool}-re-one.jsonl"
                run([sys.executable, str(ROOT / "bench/reencode.py"), tool, str(one)] + claude)
                src = [str(one)]
            run([sys.executable, str(ROOT / "bench/gen.py"), str(path), str(min(SIZES))] + src)
        out = run([str(ROOT / "target/release/examples/throughput"), str(path), tool, "events", REPEAT],
                  capture_output=True, text=True).stdout
        r = json.loads(out)
        r["input"] = what
        r["events_per_s_best"] = round(r["items"] / r["best_s"])
        results.append(r)
        print(f"{tool:8} {what:10} {r['mb']:6.1f} MB  events  best {r['mb_per_s_best']:6.1f} MB/s  "
              f"median {r['mb_per_s_median']:6.1f} MB/s  {r['events_per_s_best'] / 1e6:5.2f} M events/s  "
              f"peak RSS {r['peak_rss_mb']:6.1f} MB", flush=True)


def best_of(f, n=3):
    best = None
    for _ in range(n):
        start = time.perf_counter()
        f()
        secs = time.perf_counter() - start
        best = secs if best is None else min(best, secs)
    return best


def peak_rss_mb(cmd):
    """Peak RSS (MB) of a child process, output discarded."""
    with open(os.devnull, "wb") as null:
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=null, stderr=null)
        _, status, usage = os.wait4(proc.pid, 0)
    if status != 0:
        sys.exit(f"failed: {cmd}")
    return usage.ru_maxrss / 1024.0


PY_ONESHOT = "import sys, memscribe; d = open(sys.argv[1], 'rb').read(); r = memscribe.parse(d, source=sys.argv[2], output='events')"
PY_BASE = "import sys, memscribe; d = open(sys.argv[1], 'rb').read()"
NODE_ONESHOT = "const m = require(process.argv[1]); const d = require('fs').readFileSync(process.argv[2]); const r = m.parse(d, { source: process.argv[3], output: 'events' })"
NODE_BASE = "const m = require(process.argv[1]); const d = require('fs').readFileSync(process.argv[2])"


def memory(results):
    """Peak RSS per MB of input, events mode, for each entry point, on a
    flood of tiny records (`{}` lines: the most events per byte) and on real
    data. The CLI and a C session stream; one-shot calls return everything,
    so they hold the output (each entry point's figure is net of the same
    process loading the input without parsing it)."""
    flood = DATA / "empty-16.jsonl"
    if not flood.exists():
        flood.write_bytes(b"{}\n" * (16 * 1024 * 1024 // 3))
    cli = str(ROOT / "target/release/memscribe")
    c_bench = str(ROOT / "target/c/bench_ffi_static")
    py = ROOT / "target/py-venv/bin/python"
    pkg = ROOT / "bindings/node"
    for name, path, tool in [("{} lines", flood, "claude_code"), ("real", DATA / f"claude_code-{min(SIZES)}.jsonl", "claude_code")]:
        mb = path.stat().st_size / 1e6
        opts = json.dumps({"source": tool, "output": "events"})
        rows = [
            ("CLI parse --output events", peak_rss_mb([cli, "parse", str(path), "--as", tool, "--output", "events"]), 0.0),
            ("C session (1 MiB feeds)", peak_rss_mb([c_bench, "throughput", str(path), opts]), 0.0),
            ("C memscribe_parse (one shot)", peak_rss_mb([c_bench, "oneshot", str(path), opts]), mb),
        ]
        if py.exists():
            rows.append(("Python parse (one shot)", peak_rss_mb([str(py), "-c", PY_ONESHOT, str(path), tool]),
                         peak_rss_mb([str(py), "-c", PY_BASE, str(path), tool])))
        if list(pkg.glob("memscribe.*.node")):
            rows.append(("Node parse (one shot)", peak_rss_mb(["node", "-e", NODE_ONESHOT, str(pkg), str(path), tool]),
                         peak_rss_mb(["node", "-e", NODE_BASE, str(pkg), str(path), tool])))
        for entry, peak, base in rows:
            per_mb = (peak - base) / mb
            r = {"mode": "peak_rss", "input": name, "mb": round(mb, 1), "entry": entry, "peak_rss_mb": round(peak, 1),
                 "rss_mb_per_input_mb": round(per_mb, 2)}
            results.append(r)
            print(f"{name:9} {mb:6.1f} MB  {entry:30} peak RSS {peak:8.1f} MB  {per_mb:7.2f} MB per input MB", flush=True)


def main():
    DATA.mkdir(exist_ok=True)
    if os.environ.get("BENCH_ONLY") == "floor":
        # Just events mode against the naive round trip (a quick check).
        run(["cargo", "build", "--release", "--locked", "-p", "memscribe-cli"])
        results = []
        floor(results)
        return
    if os.environ.get("BENCH_ONLY") == "reach":
        # Just the other tools' JSONL formats.
        run(["cargo", "build", "--release", "--locked", "-p", "memscribe", "--example", "throughput"])
        results = []
        reach(results)
        return
    run(["cargo", "build", "--release", "--locked", "-p", "memscribe", "--example", "throughput",
         "--example", "throughput_system"])
    run(["cargo", "build", "--release", "--locked", "-p", "memscribe-cli"])
    results = []
    for tool in ["claude_code", "codex"]:
        for size in SIZES:
            path = DATA / f"{tool}-{size}.jsonl"
            if not path.exists():
                run([sys.executable, str(ROOT / "bench/gen.py"), str(path), str(size)] + [str(p) for p in inputs(tool)])
            for example in ["throughput", "throughput_system"]:
                for mode in ["events", "events+json", "nodes", "nodes+json"]:
                    out = run([str(ROOT / "target/release/examples" / example), str(path), tool, mode, REPEAT],
                              capture_output=True, text=True).stdout
                    r = json.loads(out)
                    results.append(r)
                    print(f"{tool:12} {r['mb']:7.1f} MB  lib/{r['allocator']:8} {mode:12} "
                          f"best {r['mb_per_s_best']:6.1f} MB/s  median {r['mb_per_s_median']:6.1f} MB/s  "
                          f"peak RSS {r['peak_rss_mb']:6.1f} MB", flush=True)
            runs = [cli_run(path, tool) for _ in range(3)]
            secs = min(s for s, _ in runs)
            mb = path.stat().st_size / 1e6
            r = {"file": str(path), "source": tool, "mode": "cli", "mb": round(mb, 1),
                 "mb_per_s_best": round(mb / secs, 1), "peak_rss_mb": round(max(m for _, m in runs), 1)}
            results.append(r)
            print(f"{tool:12} {mb:7.1f} MB  cli (parse > /dev/null, NDJSON written)      "
                  f"best {r['mb_per_s_best']:6.1f} MB/s                       peak RSS {r['peak_rss_mb']:6.1f} MB", flush=True)
    floor(results)
    reach(results)
    ffi_bench(results)
    memory(results)
    py = ROOT / "target/py-venv/bin/python"
    binding_bench(results, "python", [str(py), "-c", PY_BENCH], py.exists())
    pkg = ROOT / "bindings/node"
    binding_bench(results, "node", ["node", "-e", NODE_BENCH, str(pkg)], bool(list(pkg.glob("memscribe.*.node"))))
    (DATA / "results.json").write_text(json.dumps(results, indent=1))
    print(f"\nresults: {DATA / 'results.json'}")


if __name__ == "__main__":
    main()
