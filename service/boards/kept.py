"""A process's memory of pictures it has made, bounded in bytes (issue 19)."""

from __future__ import annotations

import threading
from collections import OrderedDict


class Kept:
    """Values by key, the least recently used forgotten once they hold more than ``limit``
    bytes together; a value larger than the whole limit is not kept at all. Safe to share
    between threads."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.size = 0
        self.hits = 0
        self.misses = 0
        self._values: OrderedDict[str, bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str) -> bytes | None:
        with self._lock:
            value = self._values.get(key)
            if value is None:
                self.misses += 1
                return None
            self.hits += 1
            self._values.move_to_end(key)
            return value

    def put(self, key: str, value: bytes) -> None:
        if len(value) > self.limit:
            return
        with self._lock:
            old = self._values.pop(key, None)
            if old is not None:
                self.size -= len(old)
            self._values[key] = value
            self.size += len(value)
            while self.size > self.limit:
                _, dropped = self._values.popitem(last=False)
                self.size -= len(dropped)

    def __len__(self) -> int:
        return len(self._values)

    def clear(self) -> None:
        with self._lock:
            self._values.clear()
            self.size = self.hits = self.misses = 0
