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
from typing import Any, Dict, Iterable, List, NamedTuple, Optional, TypedDict, Union

from ._memscribe import MemscribeError, __version__, detect
from ._memscribe import _discover, _export, _export_path, _parse, _parse_path, _redact, _Session, _Store

__all__ = [
    "parse", "parse_path", "parse_file", "discover", "detect", "redact", "Redacted", "export", "export_path", "Exported", "Session", "ParseResult",
    "Store", "IngestReport", "StoredSession", "SearchHit", "Checkpoint", "StoreProblem",
    "MemscribeError", "__version__",
]


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


class Exported(NamedTuple):
    """Sessions in an interchange format (:func:`export`)."""

    #: One JSON document (a dict) per session: an ATIF trajectory (one per
    #: subagent too), or an OTLP/JSON ``ExportTraceServiceRequest``.
    documents: List[Dict[str, Any]]
    #: What the export holds: ``format``, ``format_version``, ``sessions``,
    #: ``events`` (counts per kind), ``redacted``, ``redactions`` (per rule),
    #: ``not_carried`` and ``origin`` (the input's blake3).
    manifest: Dict[str, Any]


def _exported(text: str) -> Exported:
    both = json.loads(text)
    return Exported(both["documents"], both["manifest"])


def export(
    data: Union[bytes, bytearray, memoryview, str],
    *,
    format: str = "atif",
    source: Optional[str] = None,
    redact: bool = True,
    **options: Any,
) -> Exported:
    """Exports a transcript's sessions as ATIF trajectories
    (``format="atif"``, Harbor RFC 0001 v1.4) or OpenTelemetry GenAI traces in
    OTLP/JSON (``format="otel"``), as ``memscribe export`` does. Redacted
    unless ``redact=False``; the manifest counts what was replaced."""
    return _exported(_export(data, _options(source, redact, "events", options), format))


def export_path(
    path: Union[str, "os.PathLike[str]"],
    *,
    format: str = "atif",
    source: Optional[str] = None,
    redact: bool = True,
    **options: Any,
) -> Exported:
    """:func:`export` of what :func:`parse_path` reads (a file, session
    directory or database)."""
    return _exported(_export_path(os.fspath(path), _options(source, redact, "events", options), format))


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


class IngestFailure(TypedDict):
    path: str
    error: str


class IngestReport(TypedDict):
    """What :meth:`Store.ingest` did."""

    checkpoint: Optional[int]
    sources: int
    changed: int
    unchanged: int
    bytes: int
    events_added: int
    events_closed: int
    nodes_added: int
    nodes_closed: int
    failed: List[IngestFailure]


class StoredSession(TypedDict):
    """A session the store holds (:meth:`Store.sessions`)."""

    session_id: str
    tool: Optional[str]
    path: str
    cwd: Optional[str]
    first_ts: Optional[str]
    last_ts: Optional[str]
    events: int
    nodes: int
    decisions: int


class SearchHit(TypedDict):
    """A full-text match (:meth:`Store.search`); matches in ``[…]``."""

    kind: str
    id: str
    session_id: str
    tool: Optional[str]
    path: str
    ts: Optional[str]
    snippet: str


class Checkpoint(TypedDict):
    checkpoint: int
    at: str
    version: str


class StoreProblem(TypedDict):
    subject: str
    what: str


class Store:
    """The capture store: transcripts ingested into one SQLite file, kept
    after the tools delete them, searched and queried (``memscribe ingest``,
    ``search``, ``decisions``, … in the CLI). Safe to share between threads
    (calls take turns) and between processes (each source is written in one
    transaction; an interrupted ingest loses and doubles nothing).

    ``path`` is the store file (default ``$MEMSCRIBE_STORE``, else
    ``$XDG_DATA_HOME/memscribe/memscribe.db``), created when missing with
    ``redaction`` ``"sanitize"`` (secrets never reach the disk, the default)
    or ``"mask"`` (raw text kept; every read masks it unless ``raw=True``).
    Errors: ``OSError`` when it cannot be opened; :class:`MemscribeError`
    with ``kind`` ``"store_corrupt"``, ``"store_full"``, ``"store_busy"`` or
    ``"invalid_argument"``.

    >>> with memscribe.Store("/tmp/m.db") as store:                     # doctest: +SKIP
    ...     store.ingest(["~/.claude/projects"])
    ...     [d["epitome"] for d in store.decisions(since="2026-01-01")]
    """

    def __init__(self, path: Optional[Union[str, "os.PathLike[str]"]] = None, *, redaction: Optional[str] = None) -> None:
        self._store: Optional[_Store] = _Store(os.fspath(path) if path is not None else None, redaction)
        info = self._request("info")
        #: The store file.
        self.path: str = info["path"]
        #: ``"sanitize"`` or ``"mask"``.
        self.redaction: str = info["redaction"]

    def _request(self, op: str, **fields: Any) -> Any:
        if self._store is None:
            raise MemscribeError("the store is closed")
        req = {"op": op}
        req.update({k: v for k, v in fields.items() if v is not None})
        return json.loads(self._store.request(json.dumps(req)))

    def ingest(self, paths: Optional[Iterable[Union[str, "os.PathLike[str]"]]] = None) -> IngestReport:
        """Reads ``paths`` (transcript files, session directories, tool
        databases or directories to search; all of this machine's sessions
        when ``None``) into the store; sources whose files have not changed
        are skipped. Returns what changed."""
        listed = None if paths is None else [os.path.expanduser(os.fspath(p)) for p in paths]
        report: IngestReport = self._request("ingest", paths=listed)
        return report

    def sessions(self, *, as_of: Optional[int] = None) -> List[StoredSession]:
        """The sessions held (as of checkpoint ``as_of``), by tool, path and id."""
        found: List[StoredSession] = self._request("sessions", as_of=as_of)
        return found

    def decisions(
        self,
        *,
        repo: Optional[Union[str, "os.PathLike[str]"]] = None,
        since: Optional[str] = None,
        tool: Optional[str] = None,
        as_of: Optional[int] = None,
        raw: bool = False,
    ) -> List[Dict[str, Any]]:
        """Decision nodes (bans included), oldest first: only sessions in
        ``repo`` (or under it), made ``since`` (``YYYY-MM-DD`` or RFC 3339),
        of ``tool``; as of checkpoint ``as_of``."""
        found: List[Dict[str, Any]] = self._request(
            "decisions", repo=None if repo is None else os.fspath(repo), since=since, tool=tool, as_of=as_of, raw=raw or None
        )
        return found

    def episodes(
        self,
        *,
        file: Optional[Union[str, "os.PathLike[str]"]] = None,
        repo: Optional[Union[str, "os.PathLike[str]"]] = None,
        since: Optional[str] = None,
        tool: Optional[str] = None,
        as_of: Optional[int] = None,
        raw: bool = False,
    ) -> List[Dict[str, Any]]:
        """Episode nodes (one per successful file edit), oldest first; ``file``
        keeps the edits of a file (its path, the end of it, or a folder above
        it); the other filters as for :meth:`decisions`."""
        found: List[Dict[str, Any]] = self._request(
            "episodes",
            file=None if file is None else os.fspath(file),
            repo=None if repo is None else os.fspath(repo),
            since=since,
            tool=tool,
            as_of=as_of,
            raw=raw or None,
        )
        return found

    def search(self, query: str, *, limit: int = 20, raw: bool = False) -> List[SearchHit]:
        """Full-text search of the turns and decisions, best first; every
        word must match (``word*`` matches a prefix)."""
        hits: List[SearchHit] = self._request("search", query=query, limit=limit, raw=raw or None)
        return hits

    def replay(
        self, session: Optional[str] = None, *, output: str = "both", as_of: Optional[int] = None, raw: bool = False
    ) -> List[Dict[str, Any]]:
        """The stored events and nodes of ``session`` (an id or a unique
        prefix; all sessions when ``None``) as :func:`parse_path` gives them."""
        items: List[Dict[str, Any]] = self._request("replay", session=session, output=output, as_of=as_of, raw=raw or None)
        return items

    def export(
        self, session: Optional[str] = None, *, format: str = "atif", as_of: Optional[int] = None, raw: bool = False
    ) -> Exported:
        """The stored sessions (``session``: an id or a unique prefix; all
        when ``None``) as ATIF trajectories or OTLP/JSON traces, as
        :func:`export` gives them for the transcripts; the manifest names the
        store and its checkpoint. ``raw`` needs a mask-on-view store."""
        both: Dict[str, Any] = self._request("export", format=format, session=session, as_of=as_of, raw=raw or None)
        return Exported(both["documents"], both["manifest"])

    def checkpoints(self) -> List[Checkpoint]:
        """The numbered ingests, oldest first."""
        cps: List[Checkpoint] = self._request("checkpoints")
        return cps

    def verify(self) -> List[StoreProblem]:
        """What is wrong with the store (empty when every invariant holds and
        every source still on disk parses to what it holds)."""
        problems: List[StoreProblem] = self._request("verify")
        return problems

    def close(self) -> None:
        """Closes the store (also when the object is collected)."""
        self._store = None

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
