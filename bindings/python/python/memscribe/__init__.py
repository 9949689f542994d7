"""Deterministic parsing of AI coding-agent transcripts.

>>> import memscribe
>>> nodes = memscribe.parse(open("session.jsonl", "rb").read())      # doctest: +SKIP
>>> [n["epitome"] for n in nodes if n["node"] == "decision"]           # doctest: +SKIP

``parse`` and ``Session`` return plain dicts whose JSON is byte-identical to
the ``memscribe parse`` CLI's NDJSON for the same input and options.
"""

import os
from typing import List, Optional, Union

from ._memscribe import MemscribeError, Session, __version__, detect, parse

__all__ = ["parse", "parse_file", "detect", "Session", "MemscribeError", "__version__"]


def parse_file(
    path: Union[str, "os.PathLike[str]"],
    *,
    source: Optional[str] = None,
    redact: bool = True,
    output: str = "nodes",
) -> List[dict]:
    """Reads ``path`` and parses it like :func:`parse`."""
    with open(path, "rb") as f:
        data = f.read()
    return parse(data, source=source, redact=redact, output=output)
