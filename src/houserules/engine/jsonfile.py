"""Reading the JSON files people hand to houserules (game records, scenarios, option files).

Whatever the bytes are (not UTF-8, not JSON, nested thousands deep, a list
where an object belongs, a seed of ``1e999``) the answer is one GameError
that says what is wrong and where, never a Python exception from deep inside
a loader. The record and scenario readers check their own fields with the
small helpers below.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .core import GameError

#: deepest nesting a record or scenario may have; real ones need 4 or 5
MAX_DEPTH = 32
#: largest file read (bytes): a record of a long game is a few hundred KiB
MAX_BYTES = 64 * 1024 * 1024


def load_object(path: str | Path, what: str) -> dict[str, Any]:
    """The JSON object in ``path``; GameError naming the file and the fault otherwise.

    ``what`` names the kind of file in messages ("game record", "scenario")."""
    obj = load_json(path, what)
    if not isinstance(obj, dict):
        raise GameError(f"{path}: a {what} is a JSON object, not {type_name(obj)}")
    return obj


def load_json(path: str | Path, what: str, limit: int = MAX_BYTES) -> Any:
    """The JSON value in ``path`` (at most ``limit`` bytes, nested at most ``MAX_DEPTH``);
    GameError naming the file and the fault otherwise."""
    text = read_text(path, what, limit)
    try:
        obj = json.loads(text)
    except RecursionError:
        raise GameError(f"{path}: nested too deeply (a {what} nests at most {MAX_DEPTH} levels)") from None
    except json.JSONDecodeError as exc:
        raise GameError(f"{path}: line {exc.lineno}: not JSON: {exc.msg} (column {exc.colno})") from None
    except ValueError as exc:  # an integer of thousands of digits
        raise GameError(f"{path}: not JSON ({exc})") from None
    if depth(obj) > MAX_DEPTH:
        raise GameError(f"{path}: nested too deeply (a {what} nests at most {MAX_DEPTH} levels)")
    return obj


def read_text(path: str | Path, what: str, limit: int = MAX_BYTES) -> str:
    """The UTF-8 text of ``path``; GameError if it cannot be read, is not UTF-8 or holds more than
    ``limit`` bytes. Never more than ``limit + 1`` bytes are read: a device such as ``/dev/zero``
    reports no size and never ends."""
    path = Path(path)
    try:
        if path.is_dir():
            raise GameError(f"{path} is a directory, not a {what} file")
        with path.open("rb") as f:
            raw = f.read(limit + 1)
    except OSError as exc:
        raise GameError(f"{path}: {exc.strerror or exc}") from None
    if len(raw) > limit:
        size = f"{limit // 2**20} MiB" if limit >= 2**20 else f"{limit // 1024} KiB"
        raise GameError(f"{path}: too large for a {what} (over {size})")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise GameError(f"{path}: not UTF-8 text (bad byte at offset {exc.start})") from None


def depth(obj: Any) -> int:
    """How deeply lists and objects nest in ``obj`` (a scalar is 0), without recursion."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(obj, 0)]
    while stack:
        item, d = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, d + 1)
            stack.extend((x, d + 1) for x in item)
    return deepest


def type_name(value: Any) -> str:
    """A JSON type's name for messages: "a list", "null", "a number"..."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    return "a list" if isinstance(value, list) else "an object"


def member(obj: Mapping[str, Any], key: str, kind: type | tuple[type, ...], what: str, default: Any = ...) -> Any:
    """``obj[key]`` if it is a ``kind`` (an int is never a bool); GameError if missing or of another type.

    Without ``default`` the key is required; with one, a missing key gives it."""
    if key not in obj:
        if default is ...:
            raise GameError(f"not a {what}: missing {key!r}")
        return default
    value = obj[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds or not isinstance(value, kinds):
        wanted = " or ".join(_NAMES.get(k, k.__name__) for k in kinds)
        raise GameError(f"{what}: {key!r} must be {wanted}, not {type_name(value)}")
    return value


def objects(values: list[Any], what: str, first: int = 0) -> list[dict[str, Any]]:
    """``values`` if every item is a JSON object; GameError naming the first that is not
    (counting from ``first``)."""
    for i, v in enumerate(values, first):
        if not isinstance(v, dict):
            raise GameError(f"{what} {i} is {type_name(v)}, not a JSON object")
    return values


_NAMES: dict[type, str] = {int: "an integer", str: "a string", dict: "an object", list: "a list",
                           type(None): "null", bool: "true or false"}
