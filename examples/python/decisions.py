"""Prints the decisions in a transcript and the files each one led to.

    python examples/python/decisions.py examples/data/claude_code_session.jsonl
"""

import sys

import memscribe


def main(path: str) -> None:
    nodes = memscribe.parse_file(path)
    edits = {n["id"]: n["path"] for n in nodes if n["node"] == "episode"}
    for d in (n for n in nodes if n["node"] == "decision"):
        options = ", ".join(("*" if o["chosen"] else "-") + o["text"] for o in d["considered_options"])
        print(f"{d['timestamp']}  {d['epitome']}" + (f"  [{options}]" if options else ""))
        for b in (n for n in nodes if n["node"] == "binding" and n["from"] == d["id"]):
            print(f"    {b['relation']:>9} {edits.get(b['to'], b['to'])}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "examples/data/claude_code_session.jsonl")
