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
        files = sorted(p for p in (CORPUS / tool).iterdir() if p.is_file())
        if tool == "codex":
            # The scrubbed 0.146 sample repeats placeholder ids; use the real rollout.
            files = [p for p in files if "stage0" not in p.name] or files
        return files
    return sorted((ROOT / "tests/fixtures" / tool).glob("*/*.jsonl"))


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


def main():
    DATA.mkdir(exist_ok=True)
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
                for mode in ["events", "events+json"]:
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
    (DATA / "results.json").write_text(json.dumps(results, indent=1))
    print(f"\nresults: {DATA / 'results.json'}")


if __name__ == "__main__":
    main()
