"""Deterministic parsing of AI coding-agent transcripts.

>>> import memscribe
>>> nodes = memscribe.parse(open("session.jsonl", "rb").read())      # doctest: +SKIP
>>> [n["epitome"] for n in nodes if n["node"] == "decision"]           # doctest: +SKIP
>>> nodes.summary["diagnostics"]                                       # doctest: +SKIP

``parse`` and ``Session`` return lists of plain dicts whose JSON is
byte-identical to the ``memscribe parse`` CLI's NDJSON for the same input and
options. The lists are :class:`ParseResult` objects: they also carry the
parse's diagnostics (records skipped or noted, with their line) and, once the
input has ended, its summary (records read, events and nodes made,
diagnostics by kind), as the CLI prints them on stderr.
"""

import json
import os
from typing import Any, Dict, Iterable, List, NamedTuple, Optional, Union

from ._memscribe import MemscribeError, __version__, detect
from ._memscribe import _discover, _parse, _parse_path, _redact, _Session

__all__ = ["parse", "parse_path", "parse_file", "discover", "detect", "redact", "Redacted", "Session", "ParseResult", "MemscribeError", "__version__"]


class ParseResult(List[Dict[str, Any]]):
    """The items of a parse (a ``list`` of dicts), with

    * ``diagnostics``: a list of dicts ``{diagnostic, line_no, byte_offset,
      message}``, one per record that produced no event or was changed
      (``invalid_utf8``, ``not_json``, ``record_too_large``, ``truncated``,
      ``malformed``, ``source_mismatch``, ``duplicate``, ``empty``, ``redacted``, …);
    * ``summary``: ``{source, records, events, nodes, diagnostics: {kind:
      count}}`` for the whole input, or ``None`` on a ``Session.feed`` result
      (the input has not ended yet).
    """

    diagnostics: List[Dict[str, Any]]
    summary: Optional[Dict[str, Any]]

    def __init__(
        self,
        items: List[Dict[str, Any]],
        diagnostics: List[Dict[str, Any]],
        summary: Optional[Dict[str, Any]] = None,
    ) -> None:
        super().__init__(items)
        self.diagnostics = diagnostics
        self.summary = summary

    @property
    def problems(self) -> List[Dict[str, Any]]:
        """The diagnostics that report damage or a mismatch, not notes."""
        notes = ("duplicate", "empty", "redacted")
        return [d for d in self.diagnostics if d["diagnostic"] not in notes]


def _options(source: Optional[str], redact: bool, output: str, extra: Dict[str, Any]) -> Dict[str, Any]:
    options: Dict[str, Any] = {"redact": redact, "output": output}
    if source is not None:
        options["source"] = source
    options.update(extra)
    return options


def parse(
    data: Union[bytes, bytearray, memoryview, str],
    *,
    source: Optional[str] = None,
    redact: bool = True,
    output: str = "nodes",
    **options: Any,
) -> ParseResult:
    """Parses a whole transcript.

    ``options`` are the core's other options under their own names
    (``max_record_bytes``, ``max_json_depth``, ``file``, ``gate_rules``,
    ``gate_mode``). An unknown name or a value of the wrong type raises
    ``TypeError``; a bad value, or input that cannot be parsed as a whole,
    :class:`MemscribeError` (a ``ValueError``)."""
    return ParseResult(*_parse(data, _options(source, redact, output, options)))


def parse_path(
    path: Union[str, "os.PathLike[str]"],
    *,
    source: Optional[str] = None,
    redact: bool = True,
    output: str = "nodes",
    **options: Any,
) -> ParseResult:
    """Parses a transcript file, a session directory (a Cline or Roo Code
    task directory, a Copilot CLI or Claude Code session folder: its files in
    order, as one stream) or a database (OpenCode's ``opencode.db``, Cursor's
    ``state.vscdb`` and CLI ``store.db``, Zed's ``threads.db``, Goose's
    ``sessions.db``: its sessions one after another, each its own stream,
    ``seq`` from 0), as ``memscribe parse PATH`` does. Each event's
    ``provenance.file`` is the path of the file it came from (a database row
    ``<db>#<table>/<id>``) unless ``file`` names the path. With no
    ``source``, the content decides, and the path's name and place when the
    content cannot. The summary counts every session. A path that cannot be
    read raises ``OSError``."""
    return ParseResult(*_parse_path(os.fspath(path), _options(source, redact, output, options)))


def parse_file(
    path: Union[str, "os.PathLike[str]"],
    *,
    source: Optional[str] = None,
    redact: bool = True,
    output: str = "nodes",
    **options: Any,
) -> ParseResult:
    """The same as :func:`parse_path` (kept for the name it had first)."""
    return parse_path(path, source=source, redact=redact, output=output, **options)


def discover(
    *,
    home: Optional[Union[str, "os.PathLike[str]"]] = None,
    tools: Optional[Iterable[str]] = None,
    since: Optional[str] = None,
    roots: Optional[Iterable[Union[str, "os.PathLike[str]"]]] = None,
    env: Optional[Dict[str, str]] = None,
    os_layout: Optional[str] = None,
) -> List[Dict[str, Any]]:
    """Lists every session on this machine, as ``memscribe sessions`` does:
    each tool's default places, with the tools' own overrides from the
    environment (``CLAUDE_CONFIG_DIR``, ``CODEX_HOME``, ``GEMINI_CLI_HOME``,
    ``COPILOT_HOME``, ``CURSOR_CONFIG_DIR``, ``OPENCODE_DB``,
    ``GOOSE_PATH_ROOT``, the XDG and Windows folders).

    ``home`` searches another home directory; ``tools`` keeps only these
    slugs; ``since`` (``YYYY-MM-DD`` or RFC 3339) only sessions modified
    then or later; ``roots`` are also searched for Aider histories; ``env``
    sets variables over the process's; ``os_layout`` is ``"linux"``,
    ``"macos"`` or ``"windows"``. Returns dicts ``{tool, session_id, path,
    size, modified}`` sorted by tool, path and session id; a database's
    sessions share its path, which :func:`parse_path` reads."""
    opts: Dict[str, Any] = {}
    if home is not None:
        opts["home"] = os.fspath(home)
    if tools is not None:
        opts["tools"] = list(tools)
    if since is not None:
        opts["since"] = since
    if roots is not None:
        opts["roots"] = [os.fspath(r) for r in roots]
    if env is not None:
        opts["env"] = dict(env)
    if os_layout is not None:
        opts["os"] = os_layout
    found: List[Dict[str, Any]] = json.loads(_discover(json.dumps(opts)))
    return found


class Redacted(NamedTuple):
    """A transcript written back with its secrets replaced."""

    #: The transcript in its own format, every secret replaced by
    #: ``[REDACTED:<rule>]`` and every other byte unchanged (``str`` when
    #: the input was ``str``, else ``bytes``).
    output: Union[bytes, str]
    #: Each secret replaced: ``{line_no, byte_offset, len, rule}`` (offsets
    #: into the input's bytes).
    replacements: List[Dict[str, Any]]
    #: The tool the input was read as, or ``None``.
    source: Optional[str]


def redact(data: Union[bytes, bytearray, memoryview, str], *, source: Optional[str] = None) -> Redacted:
    """Writes a transcript back in its own format with every secret
    replaced (what ``memscribe redact`` prints), so that it can be shared;
    the copy parses to the same events as the original with redaction on.
    ``source`` only says which strings hold JSON of their own (detected
    when omitted)."""
    output, replacements, found = _redact(data, source)
    if isinstance(data, str):
        return Redacted(output.decode("utf-8"), replacements, found)
    return Redacted(output, replacements, found)


class Session:
    """An incremental parser: ``feed(chunk)`` and ``finish()`` return what
    became final, as :class:`ParseResult` lists. Whatever the chunking, the
    concatenation equals :func:`parse` of the whole input."""

    def __init__(
        self,
        *,
        source: Optional[str] = None,
        redact: bool = True,
        output: str = "nodes",
        **options: Any,
    ) -> None:
        self._inner = _Session(_options(source, redact, output, options))

    def feed(self, chunk: Union[bytes, bytearray, memoryview, str]) -> ParseResult:
        return ParseResult(*self._inner.feed(chunk))

    def finish(self) -> ParseResult:
        return ParseResult(*self._inner.finish())

    @property
    def summary(self) -> Dict[str, Any]:
        """The counts so far (the whole input's after ``finish``)."""
        summary: Dict[str, Any] = self._inner.summary()
        return summary

    @property
    def finished(self) -> bool:
        """True once ``finish()`` has run (or the ``with`` block has ended)."""
        finished: bool = self._inner.finished
        return finished

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, *_args: Any) -> None:
        """Leaving the block finishes nothing implicitly: call ``finish()`` to
        get the last nodes. The session is unusable afterwards either way."""
        self._inner.close()
