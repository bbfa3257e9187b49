"""The service as a host installs it (issue 30 §1): the wheel built from this checkout, installed
with its ``postgres`` extra into a virtual environment of its own, far from the checkout, and the
Procfile's processes started from that environment's commands.

The image does the same (``Dockerfile``): its build stage copies :data:`SOURCES`, runs
:data:`BUILD_WHEEL` and installs the wheel with :data:`EXTRAS`; ``tests/hosting/test_recipe.py``
holds the Dockerfile to that.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from tests.checkout import ROOT

SOURCES = ("pyproject.toml", "setup.py", "README.md", "engine", "service", "workers", "templates")
"""What a wheel is built from: the project's metadata and its packages' folders, no more (the
tests, benchmarks and docs stay out of the build, as they stay out of the image)."""
BUILD_WHEEL = ("pip", "wheel", "--no-deps", "--wheel-dir")
"""``python -m`` these, then the wheel's folder and the sources' folder."""
EXTRAS = "postgres"
"""What a host installs beside the base (``pbem[postgres]``): the PostgreSQL driver."""
PACKAGES = ("engine", "service", "workers")
T = TypeVar("T")


def procfile() -> dict[str, str]:
    """The Procfile's processes: name to command line."""
    lines = (ROOT / "Procfile").read_text().splitlines()
    return dict(line.split(": ", 1) for line in lines if line.strip())


def copy_sources(into: Path) -> Path:
    """The checkout's :data:`SOURCES` copied to ``into``, compiled files left behind (the
    wheel compiles its own catalogs): pip builds in the folder it is given, so the checkout
    gets no ``build/`` nor ``egg-info``."""
    into.mkdir(parents=True)
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(
                source, into / name, ignore=shutil.ignore_patterns("__pycache__", "*.mo")
            )
        else:
            shutil.copy2(source, into / name)
    return into


def build_wheel(sources: Path, out: Path) -> Path:
    """The one wheel pip builds from ``sources`` (into ``out``)."""
    run([sys.executable, "-m", *BUILD_WHEEL, str(out), str(sources)], cwd=out.parent)
    (wheel,) = out.glob("pbem-*.whl")
    return wheel


@dataclass(frozen=True)
class Installed:
    """A virtual environment with the wheel installed, and where its files are."""

    wheel: Path
    venv: Path
    site_packages: Path

    @property
    def bin(self) -> Path:
        return self.venv / "bin"

    def env(self, settings: dict[str, str] | None = None) -> dict[str, str]:
        """An environment of this venv's commands only: no ``PYTHONPATH``, no checkout, no
        virtualenv of the test run, and the settings given."""
        path = os.pathsep.join([str(self.bin), "/usr/local/bin", "/usr/bin", "/bin"])
        base = {"PATH": path, "HOME": str(self.venv.parent), "LANG": "C.UTF-8"}
        return {**base, **(settings or {})}


def install(folder: Path) -> Installed:
    """Build the wheel and install it with :data:`EXTRAS` into a new venv in ``folder``."""
    wheel = build_wheel(copy_sources(folder / "src"), folder / "wheels")
    venv = folder / "venv"
    run([sys.executable, "-m", "venv", str(venv)], cwd=folder)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "--disable-pip-version-check"]
    run([*pip, "install", "--quiet", f"{wheel}[{EXTRAS}]"], cwd=folder)
    purelib = run(
        [
            str(venv / "bin" / "python"),
            "-c",
            "import sysconfig; print(sysconfig.get_path('purelib'))",
        ],
        cwd=folder,
        env={"PATH": "/usr/bin:/bin"},
    ).strip()
    return Installed(wheel, venv, Path(purelib))


@contextmanager
def once(folder: Path) -> Iterator[Path]:
    """Hold ``folder``'s lock: the xdist workers of one run install once, the first to come
    (each waits for it), and every one uses that venv."""
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield folder
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def installed_in(folder: Path) -> Installed:
    """The install in ``folder``, made by the first caller of this run."""
    with once(folder):
        done = folder / "installed"
        if not done.exists():
            for leftover in ("src", "wheels", "venv"):
                shutil.rmtree(folder / leftover, ignore_errors=True)
            installed = install(folder)
            done.write_text(f"{installed.wheel}\n{installed.site_packages}\n")
        wheel, site_packages = done.read_text().split()
        return Installed(Path(wheel), folder / "venv", Path(site_packages))


def run(args: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    """Run a build step; its output in the failure when it fails."""
    done = subprocess.run(
        args,
        cwd=cwd,
        env=env if env is not None else {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"},
        capture_output=True,
        text=True,
        timeout=600,
    )
    if done.returncode != 0:
        raise AssertionError(
            f"{' '.join(args)} failed:\n{done.stdout[-3000:]}{done.stderr[-3000:]}"
        )
    return done.stdout


class Processes:
    """Processes of the installed service, each writing to a file of its own (a pipe nobody
    reads would fill and stop the process at its next log line)."""

    def __init__(self, env: dict[str, str], cwd: Path, logs: Path) -> None:
        self.env, self.cwd, self.logs = env, cwd, logs
        self.running: dict[str, tuple[subprocess.Popen[bytes], Path]] = {}

    def start(self, name: str, line: str) -> subprocess.Popen[bytes]:
        """``line`` as the Procfile runs it: by a shell, which expands ``${PORT:-5000}``."""
        log = self.logs / f"{name}.log"
        with log.open("wb") as out:
            process = subprocess.Popen(
                ["sh", "-c", f"exec {line}"],
                env=self.env,
                cwd=self.cwd,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        self.running[name] = (process, log)
        return process

    def alive(self) -> None:
        for name, (process, _) in self.running.items():
            assert process.poll() is None, f"{name} exited ({process.returncode}):\n{self.tails()}"

    def stop(self) -> dict[str, int]:
        """SIGTERM to each, as a process manager stops them; their exit statuses."""
        for process, _ in self.running.values():
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        statuses = {}
        deadline = time.monotonic() + 30
        for name, (process, _) in self.running.items():
            try:
                statuses[name] = process.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                statuses[name] = process.wait()
        return statuses

    def tails(self) -> str:
        """Each log's first error (a failing job's traceback is soon buried by the sweeps
        that run every few seconds), then its last lines."""
        shown = []
        for name, (_, log) in self.running.items():
            text = log.read_text(errors="replace")
            first = min(
                (i for i in (text.find("Traceback"), text.find(" ERROR ")) if i >= 0), default=-1
            )
            error = f"first error:\n{text[first : first + 2500]}\n..." if first >= 0 else ""
            shown.append(f"--- {name}\n{error}{text[-2500:]}")
        return "\n".join(shown)


def until(
    done: Callable[[], T], seconds: float, what: str, processes: Processes | None = None
) -> T:
    """Poll ``done()`` until it gives something true; fail naming ``what`` after ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = done()
        if found:
            return found
        if processes is not None:
            processes.alive()
        time.sleep(0.25)
    tails = f"\n{processes.tails()}" if processes is not None else ""
    raise AssertionError(f"{what}: not within {seconds:.0f} s{tails}")
