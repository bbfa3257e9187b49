"""Shared fixtures. The platform's test game is registered here, and only here."""

from __future__ import annotations

import os
from collections.abc import Generator
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from hypothesis import HealthCheck, settings

from engine import registry
from tests.checkout import ROOT
from tests.games.tictactoe import GAME as TICTACTOE

registry.register(TICTACTOE)

pytest_plugins = ["tests.fixtures"]

CATALOGS = (
    "service/translations/*/LC_MESSAGES/*.po",
    "engine/translations/*/LC_MESSAGES/*.po",
    "engine/games/*/translations/*/LC_MESSAGES/*.po",
)
"""The catalogs' sources; the processes read the ``.mo`` compiled beside each (Makefile)."""


def _compile(po: Path) -> None:
    """``po`` compiled beside it as ``pybabel compile`` does, written whole or not at all
    (another run may be reading the catalog)."""
    with po.open("rb") as f:
        catalog = read_po(f, locale=po.parts[-3], domain=po.stem)
    partial = po.with_suffix(f".mo.{os.getpid()}")
    with partial.open("wb") as f:
        write_mo(f, catalog)
    partial.replace(po.with_suffix(".mo"))


def pytest_configure(config: pytest.Config) -> None:
    """A catalog edited since it was compiled is compiled again before any test reads it: a
    stale ``.mo`` would test the words as they were (once, in the run's first process)."""
    if hasattr(config, "workerinput"):
        return
    for pattern in CATALOGS:
        for po in ROOT.glob(pattern):
            mo = po.with_suffix(".mo")
            if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
                _compile(po)


# Property-based tests (issue 11, issue 15), reproducible except where said:
# - "quick", the default (a local `make test`): 25 fixed examples each;
# - "ci", which `.ci/run` selects: 100 fixed examples each (tokens, forms, links, names),
#   four times the quick profile's, within CI's time (both passes well under 45 minutes: at
#   300 the hostile forms and inputs alone took 8 minutes of a pass's CPU);
# - "deep", by hand: 500 random examples each, a new search every run.
HEALTH = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
settings.register_profile(
    "quick",
    max_examples=25,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=HEALTH,
)
settings.register_profile(
    "ci",
    max_examples=100,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=HEALTH,
)
settings.register_profile("deep", max_examples=500, deadline=None, suppress_health_check=HEALTH)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "quick"))

# CI cannot pass quietly (issue 15): with PBEM_REQUIRE_ALL=1 (`.ci/run` sets it) a test that
# skips, for a missing browser or anything else, fails with the reason it gave. Without it
# a skip stays a skip, listed with its reason at the end of the run (``-ra``).
REQUIRE_ALL = "PBEM_REQUIRE_ALL"


def _required(report: pytest.TestReport | pytest.CollectReport) -> None:
    if os.environ.get(REQUIRE_ALL) != "1" or not report.skipped or hasattr(report, "wasxfail"):
        return
    longrepr = report.longrepr
    reason = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
    report.outcome = "failed"
    report.longrepr = f"skipped, but {REQUIRE_ALL}=1 lets no test skip: {reason}"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    _required(report)
    return report


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(
    collector: pytest.Collector,
) -> Generator[None, pytest.CollectReport, pytest.CollectReport]:
    """A whole module skipped (``pytest.importorskip``, a module-level skip) counts too."""
    report = yield
    _required(report)
    return report


# Every collected test must also have run: a scheduler that keys tests by node id runs only
# one of several sharing an id (xdist's loadscope and loadgroup do, and schemathesis gives
# each API operation of a test the same id), and the run would still end green.
_ran = {"tests": 0}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.when == "teardown":  # one per test run, whatever its setup and call did
        _ran["tests"] += 1


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if (
        os.environ.get(REQUIRE_ALL) != "1"
        or os.environ.get("PYTEST_XDIST_WORKER")  # a worker runs its share; the controller checks
        or session.config.option.collectonly
        or exitstatus != pytest.ExitCode.OK
    ):
        return
    if _ran["tests"] != session.testscollected:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_sep(
                "=",
                f"{session.testscollected} tests collected, {_ran['tests']} run "
                f"({REQUIRE_ALL}=1 lets none go missing)",
                red=True,
            )


# CI runs the suite twice (.ci/run): on the machine's PostgreSQL and Redis, then on the
# embedded defaults. A test that asks for neither a database nor a Redis runs alike in both,
# so the first pass, with PBEM_STORAGE_PASS=1, runs only the tests that reach storage; the
# embedded pass, like `make test`, runs every test.
STORAGE_PASS = "PBEM_STORAGE_PASS"
STORAGE = frozenset({"database_url", "redis_url"})


def _deselect(config: pytest.Config, items: list[pytest.Item], out: list[pytest.Item]) -> None:
    if out:
        config.hook.pytest_deselected(items=out)
        left = set(map(id, out))
        items[:] = [item for item in items if id(item) not in left]


def reaches_storage(item: pytest.Item) -> bool:
    """Whether the test asks, through any of its fixtures, for a database or a Redis."""
    return bool(STORAGE & set(getattr(item, "fixturenames", ())))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The image test (tests/hosting/test_image.py) runs containers from a built image: only
    `make image-test`, which asks for it with ``-m image``, runs it. Any other run leaves it
    out, deselected rather than skipped: it is not part of that run, nor missing from it."""
    if "image" not in (config.option.markexpr or ""):
        _deselect(config, items, [i for i in items if i.get_closest_marker("image") is not None])
    if os.environ.get(STORAGE_PASS) == "1":
        _deselect(config, items, [i for i in items if not reaches_storage(i)])
