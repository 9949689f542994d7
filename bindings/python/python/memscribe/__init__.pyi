import os
from typing import Any, Dict, List, Optional, Union

from ._memscribe import MemscribeError as MemscribeError
from ._memscribe import Session as Session
from ._memscribe import __version__ as __version__
from ._memscribe import detect as detect
from ._memscribe import parse as parse

__all__ = ["parse", "parse_file", "detect", "Session", "MemscribeError", "__version__"]

def parse_file(
    path: Union[str, "os.PathLike[str]"],
    *,
    source: Optional[str] = None,
    redact: bool = True,
    output: str = "nodes",
) -> List[Dict[str, Any]]: ...
