#!/usr/bin/env python3
"""Scores the decision gate on person turns of public Aider and SpecStory
histories (see README.md). The texts are not kept here: `collect` rebuilds
them from fetched repositories, and the labels name each turn by the hash of
its text.

    real.py collect MIRRORS OUT.jsonl     # MIRRORS: owner+name/repo git dirs
    real.py score LABELS.jsonl TEXTS.jsonl [--half dev|held] [--errors]

`score` feeds each repository's turns, in order, as one Claude Code session
(the assistant message before a turn, then the turn) through `memscribe
parse`, so the whole pipeline counts (what is the person's, repetition, the
proposal an answer replies to). `--errors` lists the misclassified turns of
the development half only.
"""

import json
import os
import re
import subprocess
import sys

from blake3 import blake3

MS = os.environ.get("MEMSCRIBE", "target/release/memscribe")
HEADER = re.compile(r"^_\*\*(User|Assistant)(?: \([^)]*\))?\*\*_\s*$")
# SpecStory's newer files (its CLI for Claude Code from v0.4, and Markdown
# v2.1 of the editor extensions) head the assistant's sections "Agent
# (model)", one per tool step
AGENT_HEADER = re.compile(r"^_\*\*(User|Assistant|Agent)(?: \([^)]*\))?\*\*_\s*$")


def sha(text):
    return blake3(text.encode()).hexdigest()[:16]


def git(repo, *args):
    return subprocess.run(
        ["git", "-C", repo, *args], capture_output=True, text=True, errors="replace"
    ).stdout


def latest(repo, path):
    """The newest version of `path` in any commit that still holds it."""
    for commit in git(repo, "log", "--all", "--format=%H", "--", path).split():
        text = git(repo, "show", f"{commit}:{path}")
        if text:
            return text
    return ""


def aider_turns(repo, path):
    """Person turns of an Aider history, through memscribe's own adapter."""
    tmp = "/tmp/real-collect.aider.chat.history.md"
    with open(tmp, "w") as f:
        f.write(latest(repo, path))
    out = subprocess.run(
        [MS, "parse", tmp, "--output", "events", "--no-redact", "--diagnostics", "none"],
        capture_output=True,
        text=True,
    ).stdout
    prev = None
    for line in out.splitlines():
        kind = json.loads(line)["kind"]
        if kind["event"] == "assistant_turn":
            prev = kind.get("text") or prev
        elif kind["event"] == "user_turn":
            yield prev, (kind.get("text") or "").strip()
            prev = None


def specstory_turns(text, agent=False):
    """Person turns of a SpecStory history (`_**User**_` sections); with
    `agent`, "Agent" sections are the assistant's too, and consecutive ones
    are one message."""
    header = AGENT_HEADER if agent else HEADER
    sections, cur = [], None
    for line in text.split("\n"):
        m = header.match(line)
        if m:
            if cur:
                sections.append(cur)
            cur = [m.group(1), []]
        elif cur:
            cur[1].append(line)
    if cur:
        sections.append(cur)
    prev = None
    for role, body in sections:
        t = re.sub(r"\n-{3,}\s*$", "", "\n".join(body).strip()).strip()
        if role in ("Assistant", "Agent"):
            prev = t if role == "Assistant" or prev is None else prev + "\n\n" + t
        else:
            yield prev, t
            prev = None


SESSION_PATHS = (
    "*.claude/projects/*.jsonl",
    "*.codex/sessions/*rollout-*.jsonl",
    "*.codex/archived_sessions/rollout-*.jsonl",
)


def latest_commit(repo, path):
    """The newest commit that still holds `path`, and the file's text there."""
    for commit in git(repo, "log", "--all", "--format=%H", "--", path).split():
        text = git(repo, "show", f"{commit}:{path}")
        if text:
            return commit, text
    return None, ""


def parse_file(text, name, output):
    """NDJSON objects of `memscribe parse` on a session file's text."""
    tmp = "/tmp/real-collect." + os.path.basename(name)
    with open(tmp, "w") as f:
        f.write(text)
    out = subprocess.run(
        [MS, "parse", tmp, "--output", output, "--no-redact", "--diagnostics", "none"],
        capture_output=True,
        text=True,
    ).stdout
    # (not splitlines: a JSON string may hold U+2028, which it splits on)
    return [json.loads(line) for line in out.split("\n") if line]


def session_turns(repo, path):
    """Person turns of a Claude Code or Codex session file, as memscribe's own
    adapter reads them: every user turn with text, the tool's own user-role
    messages included (they are what the gate must not take for the
    person's). Each carries the commit and its event's seq, so `score`
    replays the real file."""
    commit, text = latest_commit(repo, path)
    prev = None
    for o in parse_file(text, path, "events") if text else []:
        kind = o["kind"]
        if kind["event"] == "assistant_turn":
            prev = kind.get("text") or prev
        elif kind["event"] == "user_turn":
            yield prev, (kind.get("text") or "").strip(), {"commit": commit, "path": path, "seq": o["seq"]}
            prev = None


def collect(mirrors, out):
    rows = []
    for name in sorted(os.listdir(mirrors)):
        repo = os.path.join(mirrors, name, "repo")
        paths = sorted(
            set(
                git(
                    repo,
                    "-c",
                    "core.quotePath=false",
                    "log",
                    "--all",
                    "--format=",
                    "--name-only",
                    "--",
                    ".aider.chat.history.md",
                    "*/.aider.chat.history.md",
                    ".specstory/history/*",
                    *SESSION_PATHS,
                ).split("\n")
            )
        )
        for path in paths:
            if path.endswith(".jsonl"):
                if "/subagents/" in path:
                    continue  # a subagent's user turns are the main agent's words
                turns = session_turns(repo, path)
            elif path.endswith(".aider.chat.history.md"):
                turns = aider_turns(repo, path)
            elif path.startswith(".specstory/history/") and path.endswith(".md"):
                text = latest(repo, path)
                turns = list(specstory_turns(text))
                # (the older reading is kept too: the labels of sets 14-16
                # name turns by the hash of what it read)
                if "_**Agent" in text:
                    seen = set(turns)
                    turns += [t for t in specstory_turns(text, agent=True) if t not in seen]
            else:
                continue
            for prev, text, *at in turns:
                if text:
                    # Labellers saw (and labels hash) the first 4000
                    # characters of a turn and 3000 of the assistant message;
                    # the turns are scored whole, as parse would read them.
                    row = {
                        "src": name,
                        "proposal": prev[:3000] if prev else None,
                        "text": text[:4000],
                    }
                    if prev and len(prev) > 3000:
                        row["proposal_full"] = prev
                    if len(text) > 4000:
                        row["text_full"] = text
                    if at:
                        row.update(at[0])
                        row["key"] = f"{at[0]['path']}#{at[0]['seq']}"
                    rows.append(row)
    with open(out, "w") as f:
        for r in rows:
            r["sha"] = sha(r["text"])
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{len(rows)} turns", file=sys.stderr)


def half_of(label):
    """r13, r16 and r17 are split by repository, r15 and r20 by turn; r14 is development data."""
    key = {
        "r13": "real13/" + label["src"],
        "r15": "r15/" + label["id"],
        "r16": "r16/" + label["src"],
        "r17": "r17/" + label["src"],
        # (set 20 keeps the key it was split by when it was labelled)
        "r20": "p/L" + label["id"][4:],
    }.get(label["id"][:3])
    if label["id"][:3] in ("r18", "r19"):
        key = f"{label['id'][:3]}/{label['src']}/{label['path']}"
    return "held" if key and blake3(key.encode()).digest()[0] & 1 else "dev"


def replay(mirrors, src, path, commit, labelled):
    """Decisions of `memscribe parse` on a real session file: for each
    labelled user turn's seq, whether a decision node came from it."""
    text = git(os.path.join(mirrors, src, "repo"), "show", f"{commit}:{path}")
    seqs, decided = set(), set()
    for o in parse_file(text, path, "both"):
        kind = o.get("kind")
        if isinstance(kind, dict) and kind.get("event") == "user_turn":
            seqs.add(o["seq"])
        elif o.get("node") == "decision":
            decided.add(o["source_span"]["end"] - 1)
    return {seq: seq in decided for seq in labelled if seq in seqs}


def score(labels_file, texts_file, half=None, errors=False):
    # Sets read from session files (r18 on) name a text once, by the file of
    # its first occurrence; every occurrence in a labelled file is scored, in
    # the half of its own file, by replaying the real file. Set 19 names a
    # short text by the turn it was labelled at (`seq`), and scores that one.
    texts, occurrences, files = {}, {}, {}
    for line in open(texts_file):
        r = json.loads(line)
        texts.setdefault((r["src"], r["sha"]), r)
        if "key" in r:
            occurrences.setdefault((r["src"], r["sha"]), []).append(r)
    by_src = {}
    labelled_paths = {}
    for line in open(labels_file):
        lab = json.loads(line)
        if "path" in lab:
            labelled_paths.setdefault(lab["src"], set()).add(lab["path"])
    for line in open(labels_file):
        lab = json.loads(line)
        if (lab["label_a"] == "none") != (lab["label_b"] == "none"):
            continue  # the labellers disagree
        if "path" in lab:
            for r in occurrences.get((lab["src"], lab["sha"]), []):
                at = dict(lab, path=r["path"])
                # (a short text is labelled where it was said: "2" picks
                # an option after one message and consents after another)
                if "seq" in lab and (r["path"], r["seq"]) != (lab["path"], lab["seq"]):
                    continue
                if r["path"] in labelled_paths[lab["src"]] and not (half and half_of(at) != half):
                    files.setdefault((lab["src"], r["path"], r["commit"]), {})[r["seq"]] = (lab, r, half_of(lab) == half_of(at) == "dev")
            continue
        if half and half_of(lab) != half:
            continue
        row = texts.get((lab["src"], lab["sha"]))
        if row is None:
            print(f"missing {lab['id']}", file=sys.stderr)
            continue
        by_src.setdefault(lab["src"], []).append((lab, row))
    tp = fp = fn = tn = 0
    wrong = []
    for src, cases in sorted(by_src.items()):
        lines = []
        for lab, row in cases:
            for role, content in (
                ("assistant", [{"type": "text", "text": row.get("proposal_full", row["proposal"])}] if row["proposal"] else None),
                ("user", row.get("text_full", row["text"])),
            ):
                if content is None:
                    continue
                n = len(lines) + 1
                lines.append(
                    json.dumps(
                        {
                            "type": role,
                            "sessionId": "real-" + src,
                            "uuid": f"{src}-{n}",
                            "cwd": "/w",
                            "version": "2.0.0",
                            "timestamp": "2026-01-01T%02d:%02d:%02dZ" % (n // 3600, n // 60 % 60, n % 60),
                            "message": {"role": role, "content": content},
                        },
                        ensure_ascii=False,
                    )
                )
        out = subprocess.run(
            [MS, "parse", "-", "--as", "claude_code", "--output", "both", "--no-redact", "--diagnostics", "none"],
            input="\n".join(lines) + "\n",
            capture_output=True,
            text=True,
        ).stdout
        seqs, decided = [], set()
        for line in out.splitlines():
            o = json.loads(line)
            kind = o.get("kind")
            if isinstance(kind, dict) and kind.get("event") == "user_turn":
                seqs.append(o["seq"])
            elif o.get("node") == "decision":
                decided.add(o["source_span"]["end"] - 1)
        for (lab, row), seq in zip(cases, seqs):
            want = lab["label_a"] != "none"
            got = seq in decided
            tp += want and got
            fp += got and not want
            fn += want and not got
            tn += not want and not got
            if want != got and half_of(lab) == "dev":
                wrong.append((lab["id"], "fn" if want else "fp", row["text"][:200]))
    mirrors = os.environ.get("MIRRORS", "/work/.mirror")
    for (src, path, commit), labelled in sorted(files.items()):
        for seq, got in sorted(replay(mirrors, src, path, commit, labelled).items()):
            lab, row, readable = labelled[seq]
            want = lab["label_a"] != "none"
            tp += want and got
            fp += got and not want
            fn += want and not got
            tn += not want and not got
            if want != got and readable:
                wrong.append((f"{lab['id']}@{path}#{seq}", "fn" if want else "fp", row["text"][:200]))
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    print(f"{tp + fp + fn + tn} turns: tp {tp} fp {fp} fn {fn} tn {tn}  precision {p:.2f} recall {r:.2f}")
    if errors:
        for i, k, t in wrong:
            print(i, k, t.replace("\n", "⏎"))


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["collect"] and len(args) == 3:
        collect(args[1], args[2])
    elif args[:1] == ["score"] and len(args) >= 3:
        half = args[args.index("--half") + 1] if "--half" in args else None
        score(args[1], args[2], half, "--errors" in args)
    else:
        sys.exit(__doc__)
