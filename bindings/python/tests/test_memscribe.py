"""pytest suite for the memscribe Python package: the shared conformance
vectors (one shot and through a Session with random chunking), error paths,
threads, and a round trip over ../shared/corpus when it is present."""

import json
import os
import random
import subprocess
import threading
from pathlib import Path

import pytest

import memscribe

ROOT = Path(__file__).resolve().parents[3]
CONFORMANCE = ROOT / "tests" / "conformance"
CORPUS = ROOT.parent / "shared" / "corpus"


def vectors():
    manifest = json.loads((CONFORMANCE / "vectors.json").read_text())
    return manifest["vectors"]


def kwargs(options):
    return {k: options[k] for k in ("source", "redact", "output") if k in options}


def as_ndjson(items):
    return "".join(json.dumps(i, ensure_ascii=False, separators=(",", ":")) + "\n" for i in items).encode()


def simple(options):
    """Vectors whose options the Python API can express (no limits)."""
    return set(options) <= {"source", "redact", "output"}


@pytest.mark.parametrize("vector", vectors(), ids=lambda v: v["name"])
def test_conformance_one_shot(vector):
    if not simple(vector["options"]):
        pytest.skip("limits are not part of the Python signature")
    data = (CONFORMANCE / vector["input"]).read_bytes()
    expected = (CONFORMANCE / f"{vector['name']}.expected.ndjson").read_bytes()
    items = memscribe.parse(data, **kwargs(vector["options"]))
    assert items == [json.loads(line) for line in expected.splitlines()]
    assert as_ndjson(items) == expected  # same keys, same order, same bytes


@pytest.mark.parametrize("vector", vectors(), ids=lambda v: v["name"])
def test_conformance_random_chunks(vector):
    if not simple(vector["options"]):
        pytest.skip("limits are not part of the Python signature")
    data = (CONFORMANCE / vector["input"]).read_bytes()
    expected = (CONFORMANCE / f"{vector['name']}.expected.ndjson").read_bytes()
    rng = random.Random(vector["name"])
    for _ in range(3):
        items = []
        with memscribe.Session(**kwargs(vector["options"])) as s:
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


def test_parse_file(tmp_path):
    path = ROOT / "examples" / "data" / "claude_code_session.jsonl"
    assert memscribe.parse_file(path) == memscribe.parse(path.read_bytes())
    assert memscribe.parse_file(str(path), output="events")[0]["kind"]["event"] == "session_start"


def test_errors():
    with pytest.raises(TypeError):
        memscribe.parse(12345)
    with pytest.raises(TypeError):
        memscribe.parse(b"", redact="yes")
    with pytest.raises(ValueError, match="output"):
        memscribe.parse(b"", output="everything")
    with pytest.raises(ValueError, match="unknown source"):
        memscribe.parse(b"", source="vim")
    with pytest.raises(memscribe.MemscribeError) as err:
        memscribe.parse(b"hello\nworld\n")
    assert err.value.kind == "unknown_source"
    assert isinstance(err.value, ValueError)
    with pytest.raises(memscribe.MemscribeError) as err:
        memscribe.parse(b"{}", source="aider")
    assert err.value.kind == "unsupported_source"
    # Hostile bytes are diagnostics, not exceptions.
    assert memscribe.parse(b"\xff\xfe\n{[[[[\n\x00", source="claude_code", output="events") == []


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


def test_threads_parse_in_parallel():
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


def cli():
    exe = ROOT / "target" / "release" / "memscribe"
    return exe if exe.exists() else None


@pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpus not present")
def test_corpus_round_trip():
    files = sorted(p for d in ("claude_code", "codex") for p in (CORPUS / d).glob("*") if p.is_file())
    assert files
    for path in files:
        data = path.read_bytes()
        for output in ("events", "nodes"):
            items = memscribe.parse(data, output=output)
            assert items or output == "nodes", path
            if cli():
                out = subprocess.run(
                    [str(cli()), "parse", "-", "--output", output], input=data, capture_output=True, check=True
                ).stdout
                assert as_ndjson(items) == out, path
