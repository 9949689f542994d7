#!/usr/bin/env python3
"""Builds a large JSON *document* for the memory benchmark of document
formats (a Gemini session file, an Amp thread, a VS Code export, a Cline
task file): the records of the input's main array (the top-level array, or
the object's largest array member) are repeated, with fresh ids, until the
document reaches the target size. Written pretty-printed, as the tools
write them, without holding the output in memory.

usage: gen_doc.py OUT_FILE TARGET_MB INPUT.json
"""
import json
import sys


def fresh(v, k):
    """`v` with every string under an id-like key suffixed by `-r<k>`."""
    if isinstance(v, dict):
        return {key: (f"{val}-r{k}" if isinstance(val, str) and key.lower().endswith("id") else fresh(val, k)) for key, val in v.items()}
    if isinstance(v, list):
        return [fresh(x, k) for x in v]
    return v


def main():
    out_path, target_mb, inp = sys.argv[1], float(sys.argv[2]), sys.argv[3]
    target = int(target_mb * 1024 * 1024)
    doc = json.load(open(inp, encoding="utf-8"))
    if isinstance(doc, list):
        head, key, items, tail = None, None, doc, None
    else:
        key = max((k for k, v in doc.items() if isinstance(v, list)), key=lambda k: len(json.dumps(doc[k])))
        items = doc[key]
        keys = list(doc)
        head = {k: doc[k] for k in keys[: keys.index(key)]}
        tail = {k: doc[k] for k in keys[keys.index(key) + 1 :]}
    written = 0
    k = 0
    with open(out_path, "w", encoding="utf-8") as out:
        if head is None:
            out.write("[\n")
        else:
            out.write("{\n")
            for hk, hv in head.items():
                out.write(f"  {json.dumps(hk)}: {json.dumps(hv, ensure_ascii=False)},\n")
            out.write(f"  {json.dumps(key)}: [\n")
        first = True
        while written < target:
            k += 1
            for item in items:
                text = json.dumps(fresh(item, k), ensure_ascii=False, indent=2)
                text = "\n".join("    " + line for line in text.split("\n"))
                out.write(("" if first else ",\n") + text)
                first = False
                written += len(text) + 2
        if head is None:
            out.write("\n]\n")
        else:
            out.write("\n  ]")
            for tk, tv in tail.items():
                out.write(f",\n  {json.dumps(tk)}: {json.dumps(tv, ensure_ascii=False)}")
            out.write("\n}\n")
    print(f"{out_path}: {written / 1048576:.1f} MiB, {k} replicas")


if __name__ == "__main__":
    main()
