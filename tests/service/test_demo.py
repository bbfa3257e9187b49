"""``make demo`` beside the ``pbem`` command (issue 14): it starts with no setup, a command
run beside it prints the demo's own links and its emails go out through the demo, and a
demo others can reach warns that ``/mailbox`` shows every player's links."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import replace
from email import message_from_bytes
from pathlib import Path

import pytest
from click.testing import CliRunner

from service.cli import running_demo
from service.cli.commands import main
from service.cli.demo import exposure_warning
from service.cli.localnet import free_port, wait_for_http
from service.config import Settings
from tests.checkout import ROOT
from tests.fixtures import RECEIVED

PBEM = Path(sys.executable).parent / "pbem"
DEMO_SETS = {"DATABASE_URL", "REDIS_URL", "SMTP_URL", "BASE_URL", "MAILBOX_DIR", "SECRET_KEY"}


def newcomer_env(instance: Path) -> dict[str, str]:
    """A shell with nothing set: what a newcomer has after ``make install``."""
    env = {k: v for k, v in os.environ.items() if k not in DEMO_SETS}
    return env | {
        "PBEM_INSTANCE": str(instance),
        "EXTRA_GAMES": "tests.games.tictactoe",
        "PYTHONPATH": str(ROOT),
    }


@pytest.fixture
def demo_on_every_interface(tmp_path: Path) -> Iterator[tuple[int, Path, Path]]:
    """``HOST=0.0.0.0 make demo``: its port, instance folder and output."""
    port = free_port()
    instance = tmp_path / "instance"
    log = tmp_path / "demo.log"
    with log.open("w") as output:
        process = subprocess.Popen(
            [str(PBEM), "demo", "--port", str(port)],
            env=newcomer_env(instance) | {"HOST": "0.0.0.0"},
            cwd=ROOT,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    try:
        if not wait_for_http(f"http://127.0.0.1:{port}/healthz", timeout=60):
            pytest.fail(f"the demo did not start:\n{log.read_text()}")
        yield port, instance, log
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
    assert not (instance / "demo.json").exists(), "a stopped demo leaves nothing to adopt"


def mails(folder: Path, count: int, seconds: float = 60) -> list:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = sorted((folder / "new").glob("*")) if (folder / "new").exists() else []
        if len(found) >= count:
            return [message_from_bytes(p.read_bytes(), policy=RECEIVED) for p in found]
        time.sleep(0.2)
    pytest.fail(f"{count} emails did not arrive in {folder}")


@pytest.mark.slow
def test_a_command_beside_the_demo_prints_its_links_and_its_emails_go_out_at_once(
    demo_on_every_interface,
):
    port, instance, log = demo_on_every_interface
    base = f"http://127.0.0.1:{port}"
    assert "WARNING: the demo listens on 0.0.0.0" in log.read_text()
    assert "/mailbox shows every email it sent, with every player's links" in log.read_text()
    created = subprocess.run(
        [str(PBEM), "create-game", "tictactoe", "ann@example.org", "bob@example.org"],
        env=newcomer_env(instance),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert created.returncode == 0, created.stderr
    game = json.loads(created.stdout)
    assert game["url"] == f"{base}/games/{game['id']}"
    # Enqueued into the demo's own Redis: sent by its worker at once, not by a sweep later.
    invitations = mails(instance / "mail", 2, seconds=25)
    text = invitations[0].get_body(("plain",)).get_content()
    assert f"{base}/act/" in text and f"{base}/games/{game['id']}" in text


def test_the_demo_warns_only_when_others_can_reach_it():
    for private in ("127.0.0.1", "localhost", "::1"):
        assert exposure_warning(private) is None
    for public in ("0.0.0.0", "::"):
        warning = exposure_warning(public)
        assert warning is not None and "/mailbox" in warning and "HOST=127.0.0.1" in warning


# --- what a command takes from a running demo -----------------------------------------------


DEMO = Settings(
    database_url="sqlite:////somewhere/pbem.sqlite3",
    redis_url="unix:///somewhere/redis.sock",
    base_url="http://127.0.0.1:8123",
    secret_key="k" * 43,
)


@pytest.fixture
def announced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name in ("BASE_URL", "REDIS_URL", "SECRET_KEY"):
        monkeypatch.delenv(name, raising=False)
    path = tmp_path / "demo.json"
    running_demo.announce(DEMO, path)
    return path


def test_a_command_on_the_demos_database_takes_its_address_redis_and_key(announced):
    mine = Settings(database_url=DEMO.database_url)
    assert running_demo.beside(mine, announced) == replace(
        mine, base_url=DEMO.base_url, redis_url=DEMO.redis_url, secret_key=DEMO.secret_key
    )
    assert announced.stat().st_mode & 0o077 == 0, "the key is readable by its owner only"


def test_what_the_environment_sets_wins_over_the_demo(announced, monkeypatch):
    monkeypatch.setenv("BASE_URL", "https://games.example.org")
    mine = Settings(database_url=DEMO.database_url, base_url="https://games.example.org")
    assert running_demo.beside(mine, announced).base_url == "https://games.example.org"


def test_a_command_on_another_database_takes_nothing(announced):
    mine = Settings(database_url="sqlite:////elsewhere.sqlite3")
    assert running_demo.beside(mine, announced) == mine


def test_a_demo_that_stopped_without_cleaning_up_is_ignored(announced):
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], **CAPTURE)
    record = json.loads(announced.read_text()) | {"pid": int(gone.stdout)}
    announced.write_text(json.dumps(record))
    mine = Settings(database_url=DEMO.database_url)
    assert running_demo.beside(mine, announced) == mine


def test_a_demo_removes_only_its_own_file(announced, tmp_path):
    running_demo.withdraw(announced)
    assert not announced.exists()
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"pid": 1, "database_url": DEMO.database_url}))
    running_demo.withdraw(other)
    assert other.exists()


CAPTURE = {"capture_output": True, "text": True, "check": True}


def test_the_cli_prints_links_with_the_configured_base_url(settings, monkeypatch):
    monkeypatch.setenv("BASE_URL", "https://games.example.org/pbem/")
    result = CliRunner().invoke(main, ["create-game", "tictactoe", "a@example.org", "b@x.org"])
    assert result.exit_code == 0, result.output
    game = json.loads(result.stdout)
    assert game["url"] == f"https://games.example.org/pbem/games/{game['id']}"
