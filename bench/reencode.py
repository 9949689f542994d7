#!/usr/bin/env python3
"""Re-encodes real Claude Code sessions in another tool's JSONL format, so
that a tool whose only real files are small test transcripts (Cursor agent
transcripts, Copilot CLI `events.jsonl`, Gemini CLI's session JSONL) is benchmarked on records of real
size: the same prompts, replies, reasoning, tool calls and tool outputs,
written the way that tool writes them.

usage: reencode.py cursor|copilot|gemini OUT_FILE CLAUDE.jsonl [CLAUDE.jsonl ...]

Each input becomes one session of the output (Copilot: its own
`session.start`); the result is then replicated by gen.py like any real file.
"""
import json
import sys


def claude_messages(path):
    """(role, blocks, timestamp) of each user / assistant record, in order."""
    with open(path, "rb") as f:
        for line in f:
            try:
                r = json.loads(line)
            except ValueError:
                continue
            if r.get("type") not in ("user", "assistant") or r.get("isSidechain"):
                continue
            msg = r.get("message") or {}
            content = msg.get("content")
            if isinstance(content, str):
                content = [{"type": "text", "text": content}]
            if not isinstance(content, list):
                continue
            yield r["type"], content, r.get("timestamp") or "2026-01-01T00:00:00.000Z"


def result_text(block):
    c = block.get("content")
    if isinstance(c, list):
        return "\n".join(x.get("text", "") for x in c if isinstance(x, dict))
    return c if isinstance(c, str) else ""


def cursor(paths, out):
    for p in paths:
        pending_end = False
        for role, blocks, _ in claude_messages(p):
            if role == "user":
                texts = [b.get("text", "") for b in blocks if b.get("type") == "text"]
                if not texts:
                    continue  # tool results: Cursor's transcripts do not keep them
                if pending_end:
                    out.write(json.dumps({"type": "turn_ended", "status": "success"}) + "\n")
                text = "<user_query>\n" + "\n".join(texts) + "\n</user_query>"
                out.write(json.dumps({"role": "user", "message": {"content": [{"type": "text", "text": text}]}}) + "\n")
            else:
                content = []
                for b in blocks:
                    t = b.get("type")
                    if t == "text":
                        content.append({"type": "text", "text": b.get("text", "")})
                    elif t == "thinking":
                        content.append({"type": "thinking", "thinking": b.get("thinking", "")})
                    elif t == "tool_use":
                        content.append({"type": "tool_use", "name": b.get("name", ""), "input": b.get("input")})
                if content:
                    out.write(json.dumps({"role": "assistant", "message": {"content": content}}) + "\n")
                    pending_end = True
        if pending_end:
            out.write(json.dumps({"type": "turn_ended", "status": "success"}) + "\n")


def copilot(paths, out):
    n = 0

    def event(ty, data, ts):
        nonlocal n
        n += 1
        parent = f"e{n - 1}" if n > 1 else None
        out.write(json.dumps({"type": ty, "data": data, "id": f"e{n}", "timestamp": ts, "parentId": parent}) + "\n")

    for k, p in enumerate(paths):
        first = True
        turn = 0
        for role, blocks, ts in claude_messages(p):
            if first:
                event("session.start", {"sessionId": f"00000000-0000-4000-8000-{k:012x}", "version": 1, "producer": "copilot-agent",
                                        "copilotVersion": "1.0.77", "startTime": ts, "selectedModel": "gpt-5",
                                        "context": {"cwd": "/tmp/repo", "gitRoot": "/tmp/repo", "branch": "main"}}, ts)
                first = False
            if role == "user":
                for b in blocks:
                    if b.get("type") == "tool_result":
                        event("tool.execution_complete", {"toolCallId": b.get("tool_use_id"), "success": not b.get("is_error"),
                                                          "result": {"content": result_text(b), "detailedContent": None},
                                                          "interactionId": f"int-{turn}"}, ts)
                texts = [b.get("text", "") for b in blocks if b.get("type") == "text"]
                if texts:
                    turn += 1
                    event("user.message", {"content": "\n".join(texts), "transformedContent": "\n".join(texts),
                                           "attachments": [], "interactionId": f"int-{turn}"}, ts)
            else:
                text = "\n\n".join(b.get("text", "") for b in blocks if b.get("type") == "text")
                reasoning = "\n\n".join(b.get("thinking", "") for b in blocks if b.get("type") == "thinking")
                calls = [b for b in blocks if b.get("type") == "tool_use"]
                if reasoning:
                    event("assistant.reasoning", {"reasoningId": f"r{n}", "content": reasoning}, ts)
                event("assistant.message", {"messageId": f"m{n}", "content": text, "toolRequests": [
                    {"type": "function", "toolCallId": c.get("id"), "name": c.get("name", ""),
                     "arguments": json.dumps(c.get("input"))} for c in calls], "interactionId": f"int-{turn}",
                    "outputTokens": len(text) // 4}, ts)
                for c in calls:
                    event("tool.execution_start", {"toolCallId": c.get("id"), "toolName": c.get("name", ""),
                                                   "arguments": c.get("input")}, ts)


def gemini(paths, out):
    """Gemini CLI's append-only `chats/session-*.jsonl`: a header line, then
    user and model messages; a model message carries its tool calls with
    their results."""
    for k, p in enumerate(paths):
        results = {}
        for role, blocks, _ in claude_messages(p):
            for b in blocks:
                if role == "user" and b.get("type") == "tool_result":
                    results[b.get("tool_use_id")] = (result_text(b), not b.get("is_error"))
        n = 0

        def uid():
            nonlocal n
            n += 1
            return f"{k:08x}-0000-4000-8000-{n:012x}"

        first = True
        for role, blocks, ts in claude_messages(p):
            if first:
                out.write(json.dumps({"sessionId": uid(), "projectHash": "0" * 64, "startTime": ts,
                                      "lastUpdated": ts, "kind": "main"}) + "\n")
                first = False
            if role == "user":
                texts = [{"text": b.get("text", "")} for b in blocks if b.get("type") == "text"]
                if texts:
                    out.write(json.dumps({"id": uid(), "timestamp": ts, "type": "user", "content": texts}) + "\n")
                continue
            text = "\n\n".join(b.get("text", "") for b in blocks if b.get("type") == "text")
            thoughts = [{"subject": "", "description": b.get("thinking", ""), "timestamp": ts}
                        for b in blocks if b.get("type") == "thinking"]
            calls = []
            for b in blocks:
                if b.get("type") != "tool_use":
                    continue
                output, ok = results.get(b.get("id"), ("", True))
                calls.append({"id": b.get("id"), "name": b.get("name", ""), "args": b.get("input"),
                              "result": [{"functionResponse": {"id": b.get("id"), "name": b.get("name", ""),
                                                               "response": {"output": output}}}],
                              "status": "success" if ok else "error", "timestamp": ts})
            msg = {"id": uid(), "timestamp": ts, "type": "gemini", "content": text, "thoughts": thoughts,
                   "tokens": {"input": 0, "output": len(text) // 4, "cached": 0, "thoughts": 0, "tool": 0,
                              "total": len(text) // 4}, "model": "gemini-2.5-pro"}
            if calls:
                msg["toolCalls"] = calls
            out.write(json.dumps(msg) + "\n")


def main():
    tool, out_path, inputs = sys.argv[1], sys.argv[2], sys.argv[3:]
    with open(out_path, "w") as out:
        {"cursor": cursor, "copilot": copilot, "gemini": gemini}[tool](inputs, out)


if __name__ == "__main__":
    main()
