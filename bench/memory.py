"""Peak resident memory of processes, from Linux's ``/proc`` (VmHWM: the high-water mark)."""

from __future__ import annotations

from pathlib import Path


def peak_rss_mib(pid: int) -> float | None:
    """The process's peak resident set size in MiB, or None when it cannot be read."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    for line in status.splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return None


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (gunicorn's workers under its master)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # pid (comm) state ppid ...: comm may hold spaces, so split after its ')'.
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            found.append(int(entry.name))
    return sorted(found)
