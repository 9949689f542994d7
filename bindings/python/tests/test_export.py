"""ATIF and OTLP/JSON exports of every fixture session, validated by the
formats' own definitions: Harbor's ATIF models (pydantic, from the pinned
`harbor` wheel that scripts/test downloads; only its
`harbor/models/trajectories` package is loaded) and the OpenTelemetry
protobufs (`opentelemetry-proto`)."""

import base64
import copy
import glob
import os
import pathlib
import sys
import tempfile
import zipfile

import pytest

import memscribe

ROOT = pathlib.Path(__file__).resolve().parents[3]
FIXTURES = ROOT / "tests" / "fixtures"


def fixture_sessions():
    out = []
    for tool in sorted(p for p in FIXTURES.iterdir() if p.is_dir()):
        for layout in sorted(p for p in tool.iterdir() if p.is_dir()):
            out.extend(p for p in sorted(layout.iterdir()) if p.name != "README.md")
    assert len(out) >= 80
    return out


def _harbor_trajectory_model():
    wheel = os.environ.get("MEMSCRIBE_HARBOR_WHEEL") or next(iter(sorted(glob.glob(str(ROOT / "target" / "harbor" / "harbor-*.whl")))), None)
    if wheel is None:
        pytest.fail("Harbor's wheel is missing: scripts/test downloads it into target/harbor")
    where = tempfile.mkdtemp(prefix="harbor-models-")
    with zipfile.ZipFile(wheel) as z:
        for name in z.namelist():
            if name.startswith("harbor/models/trajectories/"):
                z.extract(name, where)
    # Only the models are loaded: the package's own __init__ imports the rest
    # of Harbor (and reads its installed metadata).
    for pkg in ("harbor", "harbor/models"):
        pathlib.Path(where, pkg, "__init__.py").write_text("")
    sys.path.insert(0, where)
    from harbor.models.trajectories import Trajectory  # type: ignore

    return Trajectory


@pytest.fixture(scope="module")
def Trajectory():
    return _harbor_trajectory_model()


def test_atif_exports_validate_with_harbors_models(Trajectory):
    n = 0
    for path in fixture_sessions():
        exported = memscribe.export_path(path, format="atif", redact=False)
        assert exported.manifest["format"] == "atif"
        assert exported.documents, path
        for doc in exported.documents:
            t = Trajectory.model_validate(doc)
            assert t.schema_version == "ATIF-v1.4"
            assert len(t.steps) == doc["final_metrics"]["total_steps"]
            # What Harbor writes back is what we wrote (nothing dropped).
            assert t.to_json_dict() == doc, path
            n += 1
    assert n >= 80


def test_atif_rejects_what_the_rfc_forbids(Trajectory):
    # The validation is real: a broken trajectory fails.
    path = next(p for p in fixture_sessions() if "claude_code" in str(p))
    doc = memscribe.export_path(path, format="atif").documents[0]
    bad = copy.deepcopy(doc)
    bad["steps"][0]["step_id"] = 7
    with pytest.raises(Exception):
        Trajectory.model_validate(bad)
    bad = copy.deepcopy(doc)
    bad["steps"][0]["metrics"] = {"prompt_tokens": 1}
    bad["steps"][0]["source"] = "user"
    with pytest.raises(Exception):
        Trajectory.model_validate(bad)


def _otlp_for_protobuf(doc):
    """OTLP/JSON writes trace and span ids in hex; protobuf's JSON mapping
    reads bytes as base64. Re-encode them (checking they are hex of the
    right length) so that the protobuf parser can check everything else."""
    doc = copy.deepcopy(doc)
    for rs in doc["resourceSpans"]:
        for ss in rs["scopeSpans"]:
            for s in ss["spans"]:
                for key, size in (("traceId", 16), ("spanId", 8), ("parentSpanId", 8)):
                    if key in s:
                        raw = bytes.fromhex(s[key])
                        assert len(raw) == size
                        s[key] = base64.b64encode(raw).decode()
    return doc


def test_otlp_exports_parse_with_the_opentelemetry_protobufs():
    from google.protobuf import json_format
    from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

    spans = 0
    for path in fixture_sessions():
        exported = memscribe.export_path(path, format="otel", redact=False)
        assert exported.documents, path
        for doc in exported.documents:
            req = ExportTraceServiceRequest()
            json_format.ParseDict(_otlp_for_protobuf(doc), req)  # unknown fields are errors
            for rs in req.resource_spans:
                for ss in rs.scope_spans:
                    ids = {s.span_id for s in ss.spans}
                    for s in ss.spans:
                        spans += 1
                        assert len(s.trace_id) == 16 and len(s.span_id) == 8
                        assert not s.parent_span_id or s.parent_span_id in ids
                        assert s.start_time_unix_nano <= s.end_time_unix_nano
                        attrs = {a.key: a.value for a in s.attributes}
                        op = attrs["gen_ai.operation.name"].string_value
                        assert op in ("invoke_agent", "chat", "execute_tool")
                        if op == "execute_tool":
                            assert attrs["gen_ai.tool.call.id"].string_value
                        if "gen_ai.usage.input_tokens" in attrs:
                            assert attrs["gen_ai.usage.input_tokens"].int_value >= 0
    assert spans > 500


def test_export_from_bytes_matches_export_from_path_and_is_redacted_by_default():
    path = ROOT / "tests" / "conformance" / "inputs" / "secrets_claude.jsonl"
    data = path.read_bytes()
    safe = memscribe.export(data, format="atif")
    assert safe.manifest["redacted"] is True
    assert sum(safe.manifest["redactions"].values()) >= 1
    raw = memscribe.export(data, format="atif", redact=False)
    assert raw.manifest["redactions"] == {}
    assert raw.documents != safe.documents
    assert memscribe.export_path(path, format="atif").documents == safe.documents
    with pytest.raises(ValueError):
        memscribe.export(data, format="csv")


def test_store_export_equals_the_transcripts_export(tmp_path):
    path = ROOT / "examples" / "data" / "codex_rollout.jsonl"
    with memscribe.Store(str(tmp_path / "s.db")) as store:
        store.ingest([str(path)])
        x = store.export(format="otel")
        assert x.documents == memscribe.export_path(path, format="otel").documents
        assert x.manifest["origin"]["store"]["checkpoint"] == 1
        with pytest.raises(memscribe.MemscribeError):
            store.export(raw=True)  # a sanitizing store holds no raw text
