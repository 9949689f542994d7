from typing import Any, Dict, List, Optional, Union, final

__all__ = ["MemscribeError", "Session", "__version__", "detect", "parse"]

__version__: str

class MemscribeError(ValueError):
    """A parse failed as a whole; ``kind`` names the reason (e.g. ``"unknown_source"``)."""

    kind: str

def parse(
    data: Union[bytes, str],
    *,
    source: Optional[str] = None,
    redact: bool = True,
    output: str = "nodes",
) -> List[Dict[str, Any]]: ...
def detect(data: Union[bytes, str]) -> Optional[str]: ...

@final
class Session:
    def __new__(
        cls,
        *,
        source: Optional[str] = None,
        redact: bool = True,
        output: str = "nodes",
    ) -> "Session": ...
    def feed(self, chunk: Union[bytes, str]) -> List[Dict[str, Any]]: ...
    def finish(self) -> List[Dict[str, Any]]: ...
    @property
    def finished(self) -> bool: ...
    def __enter__(self) -> "Session": ...
    def __exit__(self, *_args: Any) -> bool: ...
