"""No process signs links with a key anyone could know (issue 14) or that is plainly not
random (issue 30 §4): the web app, the worker, the scheduler and the commands that mail
players refuse a missing, source-default, short, padded, repeated or patterned
``SECRET_KEY`` in one line, and start with a good one; commands that only read need none.
No key made at random by the usual tools is ever refused."""

from __future__ import annotations

import base64
import os
import random
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlalchemy import select

from service import create_app, secret_key
from service.cli import demo
from service.cli.commands import main
from service.cli.localnet import free_port, wait_for_http
from service.config import Settings
from service.store.db import sessions
from service.store.models import OutboxRow
from tests.checkout import ROOT
from tests.fixtures import TEST_KEY
from tests.golden import corpus
from tests.service.test_eventstore import play
from workers.jobs import send_outbox, sweep_outbox

BIN = Path(sys.executable).parent
RANDOM = "onOGi9I5J4cSuSj6ozg00HkDhgVkElb9uGD-TH2K6jxSr4Pyb5hflGjmJe2ktxye"
"""A key as :data:`secret_key.HOW` makes one."""
BAD_KEYS = {
    "missing": None,
    "blank": "   ",
    "the old default in the source": "dev-only-secret-change-me",
    "31 bytes": "k" * 31,
    "one character repeated": "k" * 48,
    "padded with whitespace": f" {RANDOM}\n",
    "a word repeated": "secret" * 8,
    "a run of the alphabet": "abcdefghijklmnopqrstuvwxyz0123456789",
    "a phrase of few letters": "my-secret-key-for-the-pbem-server",
}
GOOD_KEY = "жёлтыйфазанщучьэ"  # 32 bytes, though 16 characters: the rule counts bytes
HOW = 'python -c "import secrets; print(secrets.token_urlsafe(48))"'


def refusal(key: str | None) -> str:
    """The one line every process gives for ``key``."""
    found = secret_key.problem(key or "")
    assert found is not None and "\n" not in found and HOW in found
    return found


def test_the_rule_refuses_missing_default_and_short_keys_and_takes_32_bytes():
    assert refusal(None).startswith("SECRET_KEY is not set")
    assert refusal("   ").startswith("SECRET_KEY is not set")
    assert refusal("dev-only-secret-change-me").startswith("SECRET_KEY is too short (25 bytes")
    assert refusal("k" * 31).startswith("SECRET_KEY is too short (31 bytes, at least 32)")
    assert secret_key.problem(GOOD_KEY) is None
    assert secret_key.problem(TEST_KEY) is None, "the tests' own key"


PLAIN = {
    "k" * 48: "is one character repeated: anyone could guess it",
    "é" * 16: "is one character repeated: anyone could guess it",
    " " + RANDOM: "begins or ends with whitespace",
    RANDOM + "\n": "begins or ends with whitespace",
    "secret" * 8: "is a few characters repeated over and over: anyone could guess it",
    "12345678901234567890123456789012": "is a few characters repeated over and over",
    "ab" * 20: "is a few characters repeated over and over",
    "abcdefghijklmnopqrstuvwxyz0123456789": "is mostly runs such as 'aaaa' or 'abcd', not random",
    "zyxwvutsrqponmlkjihgfedcba9876543210": "is mostly runs such as 'aaaa' or 'abcd', not random",
    "my-secret-key-for-the-pbem-server": "holds only 15 different bytes (a random one holds at "
    "least 16): it looks like a word, a phrase or a number, not random",
    "my-birthday-is-2024-01-01-2024-01-01": "holds only 15 different bytes",
    "deadbeefdeadbeef0000deadbeefdeadbeef1111": "holds only 7 different bytes (a random one "
    "holds at least 8)",
}


@pytest.mark.parametrize("key", list(PLAIN), ids=[f"{len(k)}: {k[:20]!r}" for k in PLAIN])
def test_a_key_that_is_plainly_not_random_is_refused_saying_why_without_quoting_it(key):
    found = refusal(key)
    assert found.startswith(f"SECRET_KEY {PLAIN[key]}"), found
    assert key.strip()[:8] not in found, "the reason is logged: it never shows the key"


def keys_made_as_people_make_them(rng: random.Random) -> dict[str, str]:
    """A key of each shape the usual tools make, from ``rng`` (so a failure repeats)."""
    return {
        "secrets.token_urlsafe(48)": base64.urlsafe_b64encode(rng.randbytes(48)).decode(),
        "secrets.token_urlsafe(24)": base64.urlsafe_b64encode(rng.randbytes(24)).decode(),
        "openssl rand -base64 32": base64.b64encode(rng.randbytes(32)).decode(),
        "openssl rand -hex 32": rng.randbytes(32).hex(),
        "openssl rand -hex 16": rng.randbytes(16).hex(),
        "the same in capitals": rng.randbytes(16).hex().upper(),
        "base32 of 20 bytes": base64.b32encode(rng.randbytes(20)).decode(),
    }


def test_no_key_made_at_random_by_the_usual_tools_is_refused():
    rng = random.Random(30)
    for _ in range(20_000):
        for how, key in keys_made_as_people_make_them(rng).items():
            assert secret_key.problem(key) is None, (how, key)


def test_the_key_make_demo_makes_is_taken(tmp_path):
    assert secret_key.problem(demo._secret(tmp_path)) is None


@pytest.mark.parametrize("key", list(BAD_KEYS.values()), ids=list(BAD_KEYS))
def test_the_web_app_refuses_a_key_anyone_could_know(settings, key):
    with pytest.raises(secret_key.UnsafeKey) as refused:
        create_app(replace(settings, secret_key=key or ""))
    assert str(refused.value) == refusal(key)


def test_the_web_app_starts_with_a_good_key(settings):
    app = create_app(replace(settings, secret_key=GOOD_KEY))
    assert app.test_client().get("/healthz").status_code == 200


def test_the_web_app_reads_the_key_from_the_environment_as_gunicorn_starts_it(monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    with pytest.raises(secret_key.UnsafeKey):
        create_app()


# --- the Procfile's processes, run as the Procfile says ------------------------------------


def procfile() -> dict[str, str]:
    lines = (ROOT / "Procfile").read_text().splitlines()
    return dict(line.split(": ", 1) for line in lines if line.strip())


def start(
    command: str, key: str | None, settings: Settings, tmp_path: Path, port: int
) -> tuple[subprocess.Popen[bytes], Path]:
    """``command`` run by a shell as the Procfile's runner does, with ``key`` (or none)."""
    env = {**os.environ, **settings.as_env(), "PYTHONPATH": str(ROOT)}
    env |= {"PATH": f"{BIN}{os.pathsep}{env.get('PATH', '')}", "PORT": str(port)}
    env.pop("SECRET_KEY")
    if key is not None:
        env["SECRET_KEY"] = key
    output = tmp_path / f"{time.monotonic_ns()}.log"
    with output.open("w") as out:
        process = subprocess.Popen(
            # exec: the process stopped at the end is the command itself, not a shell
            # that would leave it running.
            ["sh", "-c", f"exec {command}"],
            env=env,
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    return process, output


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


STARTED = {"web": "Booting worker", "worker": "Listening on", "scheduler": "starting..."}
"""What each process logs once it has started (gunicorn, ``rq worker``, ``rq cron``)."""


@pytest.mark.slow
@pytest.mark.parametrize("name", ["web", "worker", "scheduler"])
@pytest.mark.parametrize("key", list(BAD_KEYS.values()), ids=list(BAD_KEYS))
def test_each_procfile_process_refuses_to_start_with_one_line(settings, tmp_path, name, key):
    process, output = start(procfile()[name], key, settings, tmp_path, free_port())
    try:
        status = process.wait(timeout=60)
    finally:
        stop(process)
    said = output.read_text()
    assert status == 1, said
    assert said.strip().splitlines()[-1] == refusal(key), said
    assert "Traceback" not in said and STARTED[name] not in said, said


@pytest.mark.slow
@pytest.mark.parametrize("name", ["web", "worker", "scheduler"])
def test_each_procfile_process_starts_with_a_good_key(settings, tmp_path, name):
    port = free_port()
    process, output = start(procfile()[name], GOOD_KEY, settings, tmp_path, port)
    try:
        if name == "web":
            assert wait_for_http(f"http://127.0.0.1:{port}/healthz"), output.read_text()
        deadline = time.monotonic() + 60
        while STARTED[name] not in output.read_text() and time.monotonic() < deadline:
            assert process.poll() is None, output.read_text()
            time.sleep(0.2)
        assert STARTED[name] in output.read_text()
        assert process.poll() is None, output.read_text()
    finally:
        stop(process)


def test_the_release_command_needs_no_key(settings, tmp_path):
    process, output = start(procfile()["release"], None, settings, tmp_path, free_port())
    assert process.wait(timeout=120) == 0, output.read_text()
    assert "database is up to date" in output.read_text()


def test_a_job_in_a_worker_started_otherwise_refuses_rather_than_sign(
    settings, client, smtp, monkeypatch
):
    """A worker started without ``workers.process.Worker`` (a plain ``rq worker``) still
    never signs with a bad key: each job fails, and its row waits for the sweeper."""
    response = client.post(
        "/api/games", json={"game": "tictactoe", "players": ["a@example.org", "b@example.org"]}
    )
    assert response.status_code == 201
    monkeypatch.setenv("SECRET_KEY", "short")
    with sessions(settings.database_url)() as session:
        rows = list(session.scalars(select(OutboxRow.id)))
    with pytest.raises(secret_key.UnsafeKey):
        send_outbox(rows[0])
    with pytest.raises(secret_key.UnsafeKey):
        sweep_outbox(older_than=0)
    assert smtp.messages == []
    with sessions(settings.database_url)() as session:
        assert all(row.sent_at is None for row in session.scalars(select(OutboxRow)))


# --- the pbem commands ---------------------------------------------------------------------


def pbem(*args: str, key: str | None):
    return CliRunner().invoke(main, list(args), env={"SECRET_KEY": key})


@pytest.mark.parametrize("key", list(BAD_KEYS.values()), ids=list(BAD_KEYS))
def test_the_commands_that_mail_players_refuse_a_bad_key_in_one_line(settings, tmp_path, key):
    lines = (corpus.FOLDER / "tictactoe-random.jsonl").read_text().splitlines()
    export = tmp_path / "game.jsonl"
    export.write_text("\n".join(lines) + "\n")
    for args in (
        ["create-game", "tictactoe", "ann@example.org", "bob@example.org"],
        ["import", str(export), "--player", "p1=ann@example.org", "--player", "p2=b@x.org"],
        ["sweep"],
    ):
        result = pbem(*args, key=key)
        assert result.exit_code == 1, (args, result.output)
        assert result.stderr.splitlines() == [f"Error: {refusal(key)}"], args
        assert result.stdout == ""
    with sessions(settings.database_url)() as session:
        assert list(session.scalars(select(OutboxRow))) == [], "nothing was created"


def test_the_commands_that_mail_players_work_with_a_good_key(settings, smtp, work):
    created = pbem("create-game", "tictactoe", "ann@example.org", "bob@example.org", key=GOOD_KEY)
    assert created.exit_code == 0, created.output
    assert pbem("sweep", key=GOOD_KEY).exit_code == 0
    work()
    assert len(smtp.messages) == 2


def test_the_commands_that_only_read_need_no_key(settings, tmp_path):
    game_id = play(settings, 20)
    for args in (["replay", game_id], ["export", game_id], ["verify", game_id], ["init-db"]):
        result = pbem(*args, key=None)
        assert result.exit_code == 0, (args, result.output)
    export = tmp_path / "game.jsonl"
    export.write_text(pbem("export", game_id, key=None).stdout)
    verified = pbem("verify", str(export), key=None)
    assert verified.exit_code == 0 and verified.stdout.startswith("ok: "), verified.output


def test_the_flask_development_server_is_not_a_pbem_command(settings):
    """It would serve links signed with a key nobody checked."""
    result = pbem("run", key=None)
    assert result.exit_code == 2 and "No such command 'run'" in result.output


def test_the_demo_refuses_a_short_key_given_to_it_before_starting_anything(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    env |= {"PBEM_INSTANCE": str(tmp_path / "instance"), "SECRET_KEY": "short"}
    done = subprocess.run(
        [str(BIN / "pbem"), "demo", "--port", str(free_port())],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert done.stderr.splitlines() == [f"Error: {refusal('short')}"]
    assert not (tmp_path / "instance" / "redis.rdb").exists()
