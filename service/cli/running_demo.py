"""What a ``pbem`` command run beside ``make demo`` takes from it: the demo's own address
(its port), its Redis and its key, so the links a command prints are the demo's and the
emails it starts go out at once (issue 14).

While it runs, the demo writes them to ``instance/demo.json`` (readable by its owner only,
as ``instance/secret_key`` is), and removes the file when it stops. A command takes them
only when that demo is alive and works on the command's own database, and only for the
settings its environment leaves unset.
"""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path
from typing import Any

from service.config import INSTANCE, Settings

FILE = INSTANCE / "demo.json"
SHARED = ("base_url", "redis_url", "secret_key")


def announce(settings: Settings, path: Path = FILE) -> None:
    """Write the running demo's settings for the commands run beside it."""
    record = {"pid": os.getpid(), "database_url": settings.database_url}
    record |= {name: getattr(settings, name) for name in SHARED}
    path.unlink(missing_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w") as out:
        json.dump(record, out)


def withdraw(path: Path = FILE) -> None:
    """Remove the file this process wrote (not one a newer demo wrote since)."""
    if (_read(path) or {}).get("pid") == os.getpid():
        path.unlink(missing_ok=True)


def beside(settings: Settings, path: Path = FILE) -> Settings:
    """``settings`` with the running demo's address, Redis and key in place of those the
    environment does not set, when a live demo works on the same database."""
    demo = _read(path)
    if demo is None or demo.get("database_url") != settings.database_url:
        return settings
    if not isinstance(demo.get("pid"), int) or not _alive(demo["pid"]):
        return settings
    taken = {
        name: demo[name]
        for name in SHARED
        if name.upper() not in os.environ and isinstance(demo.get(name), str)
    }
    return replace(settings, **taken)


def _read(path: Path) -> dict[str, Any] | None:
    try:
        record = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    return record if isinstance(record, dict) else None


def _alive(pid: int) -> bool:
    """Whether process ``pid`` exists (signal 0 tests it and sends nothing)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except PermissionError:
        return True  # another user's process
    except (ProcessLookupError, OverflowError):
        return False
    return True
