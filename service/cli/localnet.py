"""Ports and readiness on this machine, for the demo runner, the benchmark and the tests."""

from __future__ import annotations

import ipaddress
import socket
import time
import urllib.request


def free_port(preferred: int = 0) -> int:
    """``preferred`` if it is free, else any free port on 127.0.0.1."""
    for port in dict.fromkeys((preferred, 0)):
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            found: int = s.getsockname()[1]
            return found
    raise RuntimeError("no free port on 127.0.0.1")


def wait_for_http(url: str, timeout: float = 30.0) -> bool:
    """Whether ``url`` answered within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=1):
                return True
        except OSError:
            time.sleep(0.1)
    return False


def is_loopback(host: str) -> bool:
    """Whether a server bound to ``host`` is reachable from this machine only: every address
    the name stands for is a loopback one (``0.0.0.0`` and ``::`` are every interface)."""
    try:
        infos = socket.getaddrinfo(host, None)
    except (OSError, UnicodeError):
        return False
    return bool(infos) and all(
        ipaddress.ip_address(str(info[4][0]).split("%")[0]).is_loopback for info in infos
    )
