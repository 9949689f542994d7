#!/usr/bin/env python3
"""Builds a large benchmark transcript by replicating real-format JSONL files
with fresh ids, so that no two replicas share a session, message or call id.

usage: gen.py OUT_FILE TARGET_MB INPUT.jsonl [INPUT.jsonl ...]
"""
import re
import sys

UUID = re.compile(rb"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-)([0-9a-f]{12})")
# Tool-native ids (`call_kItm…`, `toolu_01…`); not the `call_id` key itself.
NATIVE = re.compile(rb"\b(msg_|toolu_|req_|call_)(?!id\b)([A-Za-z0-9]+)")


def main():
    out_path, target_mb, inputs = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
    target = int(target_mb * 1024 * 1024)
    data = b""
    for p in inputs:
        with open(p, "rb") as f:
            chunk = f.read()
        if not chunk.endswith(b"\n"):
            chunk += b"\n"
        data += chunk
    written = 0
    k = 0
    with open(out_path, "wb") as out:
        while written < target:
            k += 1
            rep = UUID.sub(lambda m: m.group(1) + b"%012x" % ((int(m.group(2), 16) + k) % (1 << 48)), data)
            rep = NATIVE.sub(lambda m: m.group(1) + m.group(2) + b"r%d" % k, rep)
            out.write(rep)
            written += len(rep)
    print(f"{out_path}: {written / 1048576:.1f} MiB, {k} replicas")


if __name__ == "__main__":
    main()
