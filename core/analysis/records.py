"""Analysis records on the wire: a dataclass as a map of its field names to plain values
(sets as sorted lists, enums as ints, numpy grids as dtype, shape and bytes), so what a
worker receives is named, not positional, and survives a field added at the end."""

from __future__ import annotations

from dataclasses import fields
from enum import IntEnum
from typing import Any

import numpy as np
import numpy.typing as npt


def plain(value: Any) -> Any:
    """A msgpack-friendly form of a field's value."""
    if isinstance(value, IntEnum):
        return int(value)
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    if isinstance(value, np.ndarray):
        return {"dtype": str(value.dtype), "shape": list(value.shape), "data": value.tobytes()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def to_record(obj: Any) -> dict[str, Any]:
    """A dataclass instance as a map of its field names to plain values."""
    return {f.name: plain(getattr(obj, f.name)) for f in fields(obj)}


def grid(record: dict[str, Any]) -> npt.NDArray[Any]:
    """A numpy grid from its plain form."""
    return np.frombuffer(record["data"], dtype=record["dtype"]).reshape(record["shape"]).copy()
