"""The checkout the benchmarks run from: what their subprocesses run in and import from."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
