"""pytest suite for the memscribe Python package: the shared conformance
vectors with all their options (one shot and through a Session with random
chunking), diagnostics and summaries, input types, error paths, the GIL
released while parsing, and a round trip over ../shared/corpus (required
where MEMSCRIBE_REQUIRE_CORPUS=1, as in CI; skipped elsewhere when absent)."""

import json
import os
import random
import subprocess
import threading
import time
from pathlib import Path

import pytest

import memscribe

ROOT = Path(__file__).resolve().parents[3]
CONFORMANCE = ROOT / "tests" / "conformance"
CORPUS = ROOT.parent / "shared" / "corpus"
DATA = ROOT / "examples" / "data"


def vectors():
    manifest = json.loads((CONFORMANCE / "vectors.json").read_text())
    return manifest["vectors"]


def as_ndjson(items):
    return "".join(json.dumps(i, ensure_ascii=False, separators=(",", ":")) + "\n" for i in items).encode()


def test_vectors_use_every_option():
    used = set().union(*(v["options"] for v in vectors()))
    assert used >= {"source", "redact", "output", "max_record_bytes", "max_json_depth", "gate_rules", "gate_mode"}


@pytest.mark.parametrize("vector", vectors(), ids=lambda v: v["name"])
def test_conformance_one_shot(vector):
    data = (CONFORMANCE / vector["input"]).read_bytes()
    expected = (CONFORMANCE / f"{vector['name']}.expected.ndjson").read_bytes()
    # The vector's options (the C ABI's JSON object) are keyword arguments
    # under the same names, every one of them.
    items = memscribe.parse(data, **vector["options"])
    assert items == [json.loads(line) for line in expected.splitlines()]
    assert as_ndjson(items) == expected  # same keys, same order, same bytes


@pytest.mark.parametrize("vector", vectors(), ids=lambda v: v["name"])
def test_conformance_random_chunks(vector):
    data = (CONFORMANCE / vector["input"]).read_bytes()
    expected = (CONFORMANCE / f"{vector['name']}.expected.ndjson").read_bytes()
    rng = random.Random(vector["name"])
    for _ in range(3):
        items = []
        with memscribe.Session(**vector["options"]) as s:
            pos = 0
            while pos < len(data):
                step = rng.randint(1, 4096)
                items.extend(s.feed(data[pos : pos + step]))
                pos += step
            items.extend(s.finish())
        assert as_ndjson(items) == expected


def test_str_input_and_detect():
    data = (ROOT / "examples" / "data" / "codex_rollout.jsonl").read_text()
    assert memscribe.detect(data) == "codex"
    assert memscribe.detect(b"plain text") is None
    nodes = memscribe.parse(data)
    assert sum(n["node"] == "episode" for n in nodes) == 3
    assert memscribe.parse(data.encode()) == nodes


def cli():
    exe = ROOT / "target" / "release" / "memscribe"
    return exe if exe.exists() else None


def test_parse_file_names_the_file_like_the_cli():
    path = ROOT / "examples" / "data" / "claude_code_session.jsonl"
    events = memscribe.parse_file(path, output="events")
    assert events[0]["kind"]["event"] == "session_start"
    assert {e["provenance"]["file"] for e in events} == {str(path)}
    assert memscribe.parse_file(str(path)) == memscribe.parse(path.read_bytes(), file=str(path))
    if cli():
        out = subprocess.run([str(cli()), "parse", str(path), "--output", "both"], capture_output=True, check=True).stdout
        assert as_ndjson(memscribe.parse_file(path, output="both")) == out


def test_any_buffer_is_input():
    data = (ROOT / "examples" / "data" / "codex_rollout.jsonl").read_bytes()
    expected = memscribe.parse(data)
    for buffer in (bytearray(data), memoryview(data), memoryview(bytearray(data))[0:]):
        assert memscribe.parse(buffer) == expected
        assert memscribe.detect(buffer) == "codex"
    with memscribe.Session() as s:
        items = s.feed(memoryview(data)[:100]) + s.feed(bytearray(data[100:])) + s.finish()
    assert items == expected
    with pytest.raises(TypeError, match="bytes-like"):
        memscribe.parse(12345)


def test_diagnostics_and_summary():
    garbage = b"\xff\xfe\n{[[[[\n\x00"
    result = memscribe.parse(garbage, source="claude_code", output="events")
    assert result == []
    kinds = [d["diagnostic"] for d in result.diagnostics]
    # Each record's damage (line 1's bad bytes, read as U+FFFD, leave no
    # JSON), then: none of them looked like a Claude Code record.
    assert kinds == ["invalid_utf8", "not_json", "not_json", "truncated", "source_mismatch"], kinds
    assert [d["line_no"] for d in result.diagnostics] == [1, 1, 2, 3, 1]
    assert result.summary == {
        "source": "claude_code",
        "records": 3,
        "events": 0,
        "nodes": 0,
        "diagnostics": {"invalid_utf8": 1, "not_json": 2, "truncated": 1, "source_mismatch": 1},
        "versions": {"": {"records": 2, "unknown": 0}},
    }
    assert len(result.problems) == 5
    # A forced source that matches no record says so.
    claude = (ROOT / "examples" / "data" / "claude_code_session.jsonl").read_bytes()
    wrong = memscribe.parse(claude, source="codex", output="events")
    assert wrong.summary["diagnostics"].get("source_mismatch") == 1
    assert any("claude_code" in d["message"] for d in wrong.problems)
    # Streaming: feed results carry their diagnostics; finish the summary.
    s = memscribe.Session(source="claude_code", output="events")
    fed = s.feed(garbage)
    assert fed.summary is None and [d["diagnostic"] for d in fed.diagnostics] == ["invalid_utf8", "not_json", "not_json"]
    assert s.summary["records"] == 2
    end = s.finish()
    assert end.summary == result.summary and s.summary == result.summary


def test_errors():
    with pytest.raises(TypeError):
        memscribe.parse(b"", redact="yes")
    with pytest.raises(TypeError, match="unknown field"):
        memscribe.parse(b"", max_recod_bytes=10)
    with pytest.raises(ValueError, match="output"):
        memscribe.parse(b"", output="everything")
    with pytest.raises(ValueError, match="unknown source"):
        memscribe.parse(b"", source="vim")
    with pytest.raises(memscribe.MemscribeError) as err:
        memscribe.parse(b"", max_json_depth=0)
    assert err.value.kind == "invalid_options"
    with pytest.raises(memscribe.MemscribeError, match="gate_rules"):
        memscribe.parse(b"", gate_rules=[{"id": "x", "category": "ban", "strength": 1, "pattern": "("}])
    with pytest.raises(memscribe.MemscribeError) as err:
        memscribe.parse(b"hello\nworld\n")
    assert err.value.kind == "unknown_source"
    assert isinstance(err.value, ValueError)
    with pytest.raises(memscribe.MemscribeError) as err:
        memscribe.parse(b"{}", source="windsurf")
    assert err.value.kind == "unsupported_source"
    assert "claude_code, codex" in str(err.value)
    # detect and parse agree on what the input is.
    aider = b"# aider chat started at 2025-01-01 10:00:00\n#### hi\n"
    assert memscribe.detect(aider) == "aider"
    assert memscribe.parse(aider, output="events").summary["source"] == "aider"


def test_session_lifecycle():
    s = memscribe.Session(source="codex", output="events")
    assert not s.finished
    s.finish()
    assert s.finished
    with pytest.raises(memscribe.MemscribeError):
        s.feed(b"{}\n")
    with memscribe.Session(source="codex") as s2:
        s2.feed(b"")
    with pytest.raises(memscribe.MemscribeError):
        s2.feed(b"{}\n")
    assert memscribe.__version__.startswith("0.")


def test_threads_get_the_same_output():
    data = (ROOT / "tests" / "fixtures" / "codex" / "v0_63" / "interleaved_arcs.jsonl").read_bytes() * 20
    expected = memscribe.parse(data, source="codex", output="both")
    results = [None] * 4

    def work(i):
        results[i] = memscribe.parse(data, source="codex", output="both")

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(r == expected for r in results)


def test_the_gil_is_released_while_parsing():
    """While one thread parses, another runs Python code: samples taken by the
    main thread fall inside the parse. (Were the GIL held for the call, the
    main thread could not run until it returned.)"""
    data = (ROOT / "tests" / "fixtures" / "codex" / "v0_63" / "interleaved_arcs.jsonl").read_bytes() * 400
    span = {}

    def work():
        s = memscribe.Session(source="codex", output="events")
        span["start"] = time.perf_counter()
        s.feed(data)  # one long native call
        span["end"] = time.perf_counter()

    t = threading.Thread(target=work)
    samples = []
    t.start()
    while t.is_alive():
        samples.append(time.perf_counter())
    t.join()
    assert span["end"] - span["start"] > 0.05, "the parse is too short to observe"
    inside = [x for x in samples if span["start"] < x < span["end"]]
    assert len(inside) > 100, f"{len(inside)} of {len(samples)} samples ran during the parse"


def corpus_files():
    if not CORPUS.is_dir():
        if os.environ.get("MEMSCRIBE_REQUIRE_CORPUS") == "1":
            pytest.fail("../shared/corpus is missing, and this run requires it (MEMSCRIBE_REQUIRE_CORPUS=1)")
        pytest.skip("../shared/corpus not present")
    return sorted(p for d in ("claude_code", "codex") for p in (CORPUS / d).glob("*") if p.is_file())


def test_corpus_round_trip():
    files = corpus_files()
    assert files
    for path in files:
        data = path.read_bytes()
        for output in ("events", "nodes"):
            items = memscribe.parse(data, output=output)
            assert items or output == "nodes", path
            assert items.summary["records"] > 0 and items.summary["source"] in ("claude_code", "codex"), path
            if cli():
                out = subprocess.run(
                    [str(cli()), "parse", "-", "--output", output], input=data, capture_output=True, check=True
                ).stdout
                assert as_ndjson(items) == out, path


def test_redact_replaces_only_the_secrets():
    line = '{"type":"user","message":{"content":"caf\\u00e9 ghp_Zr8kT2mQ9vLx4NcB7wHs1YpE6uDa3FgJ0iKo"}}\n'
    r = memscribe.redact(line)
    assert r.output == '{"type":"user","message":{"content":"caf\\u00e9 [REDACTED:github_token]"}}\n'
    assert r.replacements == [{"line_no": 1, "byte_offset": 47, "len": 40, "rule": "github_token"}]
    assert r.source is None
    b = memscribe.redact(line.encode(), source="claude_code")
    assert b.output == r.output.encode() and b.source == "claude_code"
    with pytest.raises(memscribe.MemscribeError):
        memscribe.redact(line, source="vim")


def test_parse_path_reads_session_directories_and_names_each_file():
    task = ROOT / "tests" / "fixtures" / "cline" / "v3" / "decision_then_edits"
    events = memscribe.parse_path(task, output="events", redact=False)
    assert events.summary["source"] == "cline"
    files = {e["provenance"]["file"].rsplit("/", 1)[-1] for e in events}
    assert "api_conversation_history.json" in files
    kinds = [e["kind"]["event"] for e in events]
    assert kinds[0] == "session_start" and "file_edit" in kinds
    # The same directory through the one-file name, and a JSON document file.
    assert memscribe.parse_file(task, output="events", redact=False) == events
    amp = memscribe.parse_path(ROOT / "tests" / "fixtures" / "amp" / "v5" / "decision_then_edits.json", output="both", redact=False)
    assert amp.summary["source"] == "amp" and any(i.get("node") == "decision" for i in amp)
    with pytest.raises(OSError):
        memscribe.parse_path(ROOT / "no" / "such" / "file.jsonl")


def test_parse_path_reads_a_database_session_by_session():
    db = ROOT / "tests" / "fixtures" / "goose" / "v5" / "sessions.db"
    events = memscribe.parse_path(db, output="events", redact=False)
    assert events.summary["source"] == "goose"
    sessions = []
    for e in events:
        if e["seq"] == 0:
            sessions.append(e["session_id"])
        assert "sessions.db#sessions/" in e["provenance"]["file"]
    assert sessions == ["20260203_1", "20260204_1"]
    assert events.summary["events"] == len(events)
    assert any(e["kind"]["event"] == "file_edit" for e in events)
    nodes = memscribe.parse_path(db)
    assert [n["epitome"] for n in nodes if n["node"] == "decision"] == [
        "Let's use ruff instead of flake8 for linting, and keep the line length at 100."
    ]


def test_discover_finds_a_fake_homes_sessions_in_order(tmp_path):
    fixtures = ROOT / "tests" / "fixtures"
    claude = tmp_path / ".claude" / "projects" / "-home-ines-ferncrawl"
    claude.mkdir(parents=True)
    src = sorted((fixtures / "claude_code" / "v2_1").glob("decision_then_edits.jsonl"))[0]
    (claude / "0b5f3c2a-1111-4222-8333-944455556666.jsonl").write_bytes(src.read_bytes())
    goose = tmp_path / ".local" / "share" / "goose" / "sessions"
    goose.mkdir(parents=True)
    (goose / "sessions.db").write_bytes((fixtures / "goose" / "v5" / "sessions.db").read_bytes())
    zed = tmp_path / ".local" / "share" / "zed" / "threads"
    zed.mkdir(parents=True)
    (zed / "threads.db").write_bytes((fixtures / "zed" / "v0_3" / "threads.db").read_bytes())
    clean = {k: "" for k in ["CLAUDE_CONFIG_DIR", "CODEX_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "GOOSE_PATH_ROOT", "OPENCODE_DB",
                             "COPILOT_HOME", "GEMINI_CLI_HOME", "CURSOR_CONFIG_DIR", "FLATPAK_XDG_DATA_HOME"]}
    found = memscribe.discover(home=tmp_path, env=clean, os_layout="linux")
    assert [(f["tool"], f["session_id"]) for f in found] == [
        ("claude_code", "0b5f3c2a-1111-4222-8333-944455556666"),
        ("goose", "20260203_1"),
        ("goose", "20260204_1"),
        ("zed", "0c2b7f10-0001-4e8a-9a1b-2c3d4e5f6071"),
        ("zed", "0c2b7f10-0002-4e8a-9a1b-2c3d4e5f6071"),
    ]
    assert found == memscribe.discover(home=tmp_path, env=clean, os_layout="linux")
    assert all(f["size"] > 0 and f["modified"].endswith("Z") for f in found)
    assert [f["tool"] for f in memscribe.discover(home=tmp_path, env=clean, tools=["zed"])] == ["zed", "zed"]
    assert memscribe.discover(home=tmp_path, env=clean, since="2999-01-01") == []
    # An override moves where a tool is looked for.
    moved = tmp_path / "elsewhere"
    (moved / "projects" / "p").mkdir(parents=True)
    (moved / "projects" / "p" / "77777777-1111-4222-8333-944455556666.jsonl").write_bytes(src.read_bytes())
    claude_only = memscribe.discover(home=tmp_path, env=dict(clean, CLAUDE_CONFIG_DIR=str(moved)), tools=["claude_code"])
    assert [f["session_id"] for f in claude_only] == ["77777777-1111-4222-8333-944455556666"]
    # Every session found parses from its path.
    for f in found:
        assert memscribe.parse_path(f["path"], output="events").summary["source"] == f["tool"]
    with pytest.raises(memscribe.MemscribeError):
        memscribe.discover(tools=["vim"])


def test_store_ingests_queries_and_replays(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    for name in ["claude_code_session.jsonl", "codex_rollout.jsonl"]:
        (src / name).write_bytes((DATA / name).read_bytes())
    with memscribe.Store(tmp_path / "s.db") as store:
        assert store.redaction == "sanitize" and store.path.endswith("s.db")
        report = store.ingest([src])
        assert report["checkpoint"] == 1 and report["changed"] == 2 and report["failed"] == []
        again = store.ingest([src])
        assert again["checkpoint"] is None and again["unchanged"] == 2
        sessions = store.sessions()
        assert {s["tool"] for s in sessions} == {"claude_code", "codex"}
        decisions = store.decisions()
        assert decisions and all(d["node"] == "decision" for d in decisions)
        assert all(d["session_id"] in {s["session_id"] for s in sessions} for d in decisions)
        assert store.decisions(tool="codex") != decisions
        assert store.decisions(since="2100-01-01") == []
        episodes = store.episodes()
        assert episodes and all(e["node"] == "episode" for e in episodes)
        one = episodes[0]["path"].split("/")[-1]
        assert all(e["path"] == one or e["path"].endswith("/" + one) for e in store.episodes(file=one))
        word = [w for w in decisions[0]["epitome"].split() if len(w) > 4][0].strip(".,:;!?`'\"()")
        assert store.search(word)
        # Replay gives what parse_path gives.
        path = src / "codex_rollout.jsonl"
        sid = next(s["session_id"] for s in sessions if s["tool"] == "codex")
        assert store.replay(sid, output="events") == list(memscribe.parse_path(path, output="events"))
        assert store.checkpoints()[0]["checkpoint"] == 1
        assert store.verify() == []
        with pytest.raises(memscribe.MemscribeError) as e:
            store.sessions(as_of=42)
        assert e.value.kind == "invalid_argument"
    with pytest.raises(memscribe.MemscribeError) as e:
        memscribe.Store(tmp_path / "s.db", redaction="mask")
    assert e.value.kind == "invalid_argument"
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not a database\n" * 500)
    with pytest.raises(memscribe.MemscribeError) as e:
        memscribe.Store(junk)
    assert e.value.kind == "store_corrupt"
