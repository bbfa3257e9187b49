"""The checkout the tests run from: where they find the repository's own files (docs, the
Procfile, the sources they read) and what subprocesses put on ``PYTHONPATH`` to import the
test games. The service itself reads nothing relative to it (tests/packaging)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
