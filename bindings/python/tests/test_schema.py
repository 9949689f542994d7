"""Every conformance vector, parsed by this binding, validates against the
JSON Schemas in ``schemas/`` (generated from the Rust types), with the
``jsonschema`` package; so do the vectors' options and diagnostics."""

import json
import pathlib

import jsonschema
import pytest

import memscribe

ROOT = pathlib.Path(__file__).resolve().parents[3]
CONFORMANCE = ROOT / "tests" / "conformance"


def validator(name):
    schema = json.loads((ROOT / "schemas" / f"{name}.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)


EVENT, NODE, DIAG, OPTIONS = (validator(n) for n in ("capture_event", "prepared_node", "diagnostic", "options"))


def vectors():
    return json.loads((CONFORMANCE / "vectors.json").read_text())["vectors"]


@pytest.mark.parametrize("vector", vectors(), ids=lambda v: v["name"])
def test_vector_output_validates(vector):
    OPTIONS.validate(vector["options"])
    data = (CONFORMANCE / vector["input"]).read_bytes()
    items = memscribe.parse(data, **vector["options"])
    assert items
    for item in items:
        (NODE if "node" in item else EVENT).validate(item)
    for d in items.diagnostics:
        DIAG.validate(d)


def test_the_schemas_are_not_vacuous():
    line = (CONFORMANCE / "claude_v2_ban_both.expected.ndjson").read_text().splitlines()[0]
    event = json.loads(line)
    EVENT.validate(event)
    for key, bad in (("seq", "7"), ("source", "vim"), ("project", None)):
        broken = dict(event, **{key: bad})
        assert not EVENT.is_valid(broken), key
    assert not NODE.is_valid({"node": "decision", "id": "x"})
    assert not OPTIONS.is_valid({"outptu": "events"})
