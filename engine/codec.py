"""JSON encoding of engine states, for snapshots (DESIGN.md §3, §4).

States are frozen dataclasses, tuples, frozensets and dicts. The encoding tags what JSON
cannot tell apart, so decoding gives back an equal state. Decoding only builds dataclasses
from modules that are already imported (a registered game's own), never imports anything.
"""

from __future__ import annotations

import dataclasses
import sys
from typing import Any

_DATACLASS = "__dc__"
_TUPLE = "__t__"
_FROZENSET = "__fs__"
_DICT = "__d__"


class CodecError(ValueError):
    pass


def encode(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        cls = type(value)
        fields = {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
        return {_DATACLASS: f"{cls.__module__}:{cls.__qualname__}", "f": fields}
    if isinstance(value, tuple):
        return {_TUPLE: [encode(v) for v in value]}
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, frozenset | set):
        items = [encode(v) for v in value]
        items.sort(key=repr)
        return {_FROZENSET: items}
    if isinstance(value, dict):
        if all(isinstance(k, str) and not k.startswith("__") for k in value):
            return {k: encode(v) for k, v in value.items()}
        return {_DICT: [[encode(k), encode(v)] for k, v in value.items()]}
    raise CodecError(f"cannot encode {type(value).__name__}")


def decode(data: Any) -> Any:
    if data is None or isinstance(data, bool | int | float | str):
        return data
    if isinstance(data, list):
        return [decode(v) for v in data]
    if not isinstance(data, dict):
        raise CodecError(f"cannot decode {type(data).__name__}")
    if _DATACLASS in data:
        cls = _dataclass(data[_DATACLASS])
        return cls(**{k: decode(v) for k, v in data["f"].items()})
    if _TUPLE in data:
        return tuple(decode(v) for v in data[_TUPLE])
    if _FROZENSET in data:
        return frozenset(decode(v) for v in data[_FROZENSET])
    if _DICT in data:
        return {_hashable(decode(k)): decode(v) for k, v in data[_DICT]}
    return {k: decode(v) for k, v in data.items()}


def _hashable(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def _dataclass(path: str) -> type:
    module_name, _, qualname = path.partition(":")
    module = sys.modules.get(module_name)
    if module is None:
        raise CodecError(f"module {module_name!r} is not loaded")
    obj: Any = module
    for part in qualname.split("."):
        obj = getattr(obj, part, None)
    if not (isinstance(obj, type) and dataclasses.is_dataclass(obj)):
        raise CodecError(f"{path!r} is not a dataclass")
    return obj
