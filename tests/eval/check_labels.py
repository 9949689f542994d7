#!/usr/bin/env python3
"""Validate tests/eval/turns.jsonl and print label statistics.

Usage: python3 tests/eval/check_labels.py [path/to/turns.jsonl]

Exits non-zero if any structural or labeling-consistency check fails.
Checks:
  * every line is a JSON object with exactly the expected keys and types
  * ids are unique and look like t001, t002, ...
  * style is one of the allowed styles
  * is_ban implies is_decision
  * negatives have epitome = null, chosen = null, rejected = []
  * positives have a non-empty epitome
  * epitome, chosen and every rejected entry are exact substrings of text
  * a positive's epitome is not inside a fenced code block or a "> " quote
  * chosen is not also listed in rejected
  * at least 240 lines
"""
import collections
import json
import re
import sys
from pathlib import Path

STYLES = {"request", "question", "bug_report", "pasted_log", "decision",
          "ban", "confirmation", "chitchat", "mixed"}
KEYS = {"id", "style", "text", "is_decision", "is_ban", "epitome", "chosen", "rejected"}

# Words that make a negative turn look decision-ish. A negative containing any of
# these (outside or inside code) is counted as a "hard negative" in the report.
TRIGGER = re.compile(
    r"\b(use|used|uses|using|instead|rather|never|don'?t|do not|decid\w*|always|"
    r"should|prefer\w*|go with|went with|switch\w*|vs|must|convention|pin)\b",
    re.IGNORECASE)


def code_spans(text):
    """Character ranges covered by ``` fenced blocks and by '> ' quoted lines."""
    spans = []
    for m in re.finditer(r"```.*?(?:```|\Z)", text, re.DOTALL):
        spans.append((m.start(), m.end()))
    pos = 0
    for line in text.splitlines(keepends=True):
        if line.lstrip().startswith(">"):
            spans.append((pos, pos + len(line)))
        pos += len(line)
    return spans


def main():
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).with_name("turns.jsonl")
    errors = []
    rows = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            errors.append(f"line {n}: blank line")
            continue
        try:
            r = json.loads(line)
        except json.JSONDecodeError as e:
            errors.append(f"line {n}: invalid JSON: {e}")
            continue
        if not isinstance(r, dict) or set(r) != KEYS:
            errors.append(f"line {n}: keys {sorted(r) if isinstance(r, dict) else type(r)} != {sorted(KEYS)}")
            continue
        rows.append((n, r))

    ids = collections.Counter(r["id"] for _, r in rows)
    for i, c in ids.items():
        if c > 1:
            errors.append(f"duplicate id {i} ({c}x)")

    for n, r in rows:
        rid = r["id"]
        where = f"line {n} ({rid})"
        text = r["text"]
        if not isinstance(rid, str) or not re.fullmatch(r"t\d{3,}", rid):
            errors.append(f"{where}: bad id")
        if r["style"] not in STYLES:
            errors.append(f"{where}: bad style {r['style']!r}")
        if not isinstance(text, str) or not text.strip():
            errors.append(f"{where}: empty text")
            continue
        if not isinstance(r["is_decision"], bool) or not isinstance(r["is_ban"], bool):
            errors.append(f"{where}: is_decision/is_ban must be booleans")
        if not isinstance(r["rejected"], list) or not all(isinstance(x, str) and x for x in r["rejected"]):
            errors.append(f"{where}: rejected must be a list of non-empty strings")
            continue
        for k in ("epitome", "chosen"):
            if r[k] is not None and (not isinstance(r[k], str) or not r[k].strip()):
                errors.append(f"{where}: {k} must be null or a non-empty string")
        if r["is_ban"] and not r["is_decision"]:
            errors.append(f"{where}: is_ban without is_decision")
        if not r["is_decision"]:
            if r["epitome"] is not None or r["chosen"] is not None or r["rejected"]:
                errors.append(f"{where}: negative must have epitome=null, chosen=null, rejected=[]")
        else:
            if not r["epitome"]:
                errors.append(f"{where}: positive without epitome")
        for k in ("epitome", "chosen"):
            v = r[k]
            if isinstance(v, str) and v not in text:
                errors.append(f"{where}: {k} is not a substring of text: {v!r}")
        for v in r["rejected"]:
            if v not in text:
                errors.append(f"{where}: rejected entry is not a substring of text: {v!r}")
        if r["chosen"] is not None and r["chosen"] in r["rejected"]:
            errors.append(f"{where}: chosen also listed in rejected")
        if r["is_decision"] and isinstance(r["epitome"], str) and r["epitome"] in text:
            start = text.find(r["epitome"])
            end = start + len(r["epitome"])
            for a, b in code_spans(text):
                if start < b and a < end:
                    errors.append(f"{where}: epitome overlaps a code block or quote")
                    break

    if len(rows) < 240:
        errors.append(f"only {len(rows)} rows, need >= 240")

    # ------------------------------------------------------------ report
    recs = [r for _, r in rows]
    pos = [r for r in recs if r["is_decision"]]
    neg = [r for r in recs if not r["is_decision"]]
    print(f"file: {path}")
    print(f"rows: {len(recs)}  positives: {len(pos)} ({len(pos) / max(len(recs), 1):.1%})  negatives: {len(neg)}")
    print()
    print(f"{'style':<14}{'total':>6}{'pos':>6}{'neg':>6}{'ban':>6}")
    for s in sorted(STYLES):
        sub = [r for r in recs if r["style"] == s]
        print(f"{s:<14}{len(sub):>6}{sum(r['is_decision'] for r in sub):>6}"
              f"{sum(not r['is_decision'] for r in sub):>6}{sum(r['is_ban'] for r in sub):>6}")
    print()
    alts = [r for r in pos if r["rejected"] and not r["is_ban"]]
    print(f"is_ban=true:                              {sum(r['is_ban'] for r in pos)}")
    print(f"positives with style=confirmation:        {sum(r['style'] == 'confirmation' for r in pos)}")
    print(f"non-ban positives with explicit rejected: {len(alts)}")
    print(f"positives with chosen set:                {sum(r['chosen'] is not None for r in pos)}")
    print(f"positives with >=1 rejected (incl. bans): {sum(bool(r['rejected']) for r in pos)}")
    print(f"positives with neither chosen nor rejected (conventions / bare confirmations): "
          f"{sum(r['chosen'] is None and not r['rejected'] for r in pos)}")
    hard = [r for r in neg if TRIGGER.search(r["text"])]
    print(f"hard negatives (negative text matches trigger words): {len(hard)}")
    multiline = sum("\n" in r["text"] for r in recs)
    fenced = sum("```" in r["text"] for r in recs)
    print(f"multi-line texts: {multiline}  with ``` code: {fenced}")

    if errors:
        print()
        print(f"{len(errors)} ERROR(S):")
        for e in errors:
            print("  " + e)
        sys.exit(1)
    print()
    print("OK")


if __name__ == "__main__":
    main()
