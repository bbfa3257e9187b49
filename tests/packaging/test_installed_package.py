"""The built package runs (issue 30 §1): the wheel built from this checkout carries every file the
service reads, installs with ``pbem[postgres]`` into a new virtual environment far from the
checkout, and its own commands, started as the Procfile starts them, serve every game: each
invitation in its seat's language with its picture, the pages and their scripts, and a move
applied from a reply that came in by SMTP.

One install per run (:mod:`tests.packaging.installed`): every xdist worker uses the first one's.
"""

from __future__ import annotations

import functools
import json
import math
import re
import smtplib
import subprocess
import tomllib
import urllib.request
import zipfile
from dataclasses import replace
from email.message import EmailMessage
from io import BytesIO
from pathlib import Path

import pytest
from PIL import Image
from sqlalchemy import select

from service import words
from service.cli.localnet import free_port
from service.config import Settings
from service.store import eventstore
from service.store.db import sessions
from service.store.models import EventRow, InboxRow
from tests.checkout import ROOT
from tests.e2e.test_full_game_by_replies import _bot_code, _latest_offer
from tests.e2e.test_languages_by_email import found, plain
from tests.fixtures import Inbox, worker_database, xdist_worker
from tests.helpers import html_of, http, text_of
from tests.packaging.installed import PACKAGES, Installed, Processes, installed_in, procfile, until
from tests.service.replying import reply_message

pytestmark = pytest.mark.slow

NOT_READ = {"service/boards/fonts/subset.py"}
"""Files of the packages' folders that no process reads: the script a maintainer runs from a
checkout to cut the bundled fonts down (it is no module of any package)."""
GAMES = {
    # Each game two seats in two languages, every language somewhere, and the names in the
    # scripts the pictures draw with the bundled fonts (Cyrillic, Japanese, accented Latin).
    "origin": [("ru", "Аня", "anya@example.org"), ("en", "Bob", "bob@example.org")],
    "origins-first-builders": [
        ("ja", "はなこ", "hanako@example.org"),
        ("es", "Íñigo", "inigo@example.org"),
    ],
    "orichalk": [("uk", "Остап", "ostap@example.org"), ("en", "Cy", "cy@example.org")],
}
METRICS_TOKEN = "installed-metrics-token"


@pytest.fixture(scope="session")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    base = tmp_path_factory.getbasetemp()
    # Under xdist each worker's folder sits in the run's own, which every worker shares.
    return installed_in((base.parent if xdist_worker() else base) / "installed-pbem")


def tracked(*folders: str) -> list[str]:
    """The files git keeps (or would: new and not ignored) under ``folders``."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "--", *folders],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return [name for name in listed if (ROOT / name).is_file()]


def test_the_wheel_carries_every_file_of_the_packages_and_the_email_templates(installed):
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    expected = {name for name in tracked(*PACKAGES) if name not in NOT_READ}
    expected |= {
        name.replace("templates/email/", "service/mail/templates/", 1)
        for name in tracked("templates/email")
    }
    expected |= {name.removesuffix(".po") + ".mo" for name in expected if name.endswith(".po")}
    assert sorted(expected - names) == []
    assert not [name for name in names if name.startswith(("tests/", "bench/", "templates/"))]


def test_the_installed_package_is_imported_from_its_own_site_packages(installed, tmp_path):
    probe = (
        "import importlib.metadata as m, json, sys, engine, service, workers, "
        "service.mail.templates as t; "
        "print(json.dumps({'files': [engine.__file__, service.__file__, workers.__file__, "
        "t.__file__], 'path': sys.path, "
        "'origin': m.distribution('pbem').read_text('direct_url.json')}))"
    )
    shown = subprocess.run(
        [str(installed.bin / "python"), "-c", probe],
        cwd=tmp_path,
        env=installed.env(),
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    said = json.loads(shown)
    for file in said["files"]:
        assert Path(file).is_relative_to(installed.site_packages), file
    assert not [entry for entry in said["path"] if entry and Path(entry).is_relative_to(ROOT)]
    origin = json.loads(said["origin"])
    assert origin["url"].endswith(".whl") and "dir_info" not in origin, "installed from the wheel"
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    answer = subprocess.run(
        [str(installed.bin / "pbem"), "--version"],
        cwd=tmp_path,
        env=installed.env(),
        capture_output=True,
        text=True,
        check=True,
    )
    assert answer.stdout.strip() == f"pbem {version}"


def pictures(message: EmailMessage) -> list[EmailMessage]:
    return [p for p in message.walk() if p.get_content_type() == "image/png"]


def assert_invitation(message: EmailMessage, game: str, language: str) -> None:
    """An invitation with its picture inline, decodable as a PNG, in the seat's language."""
    (picture,) = pictures(message)
    assert picture.get_content_disposition() == "inline"
    assert f"cid:{str(picture['Content-ID']).strip('<>')}" in html_of(message)
    image = Image.open(BytesIO(picture.get_content()))
    assert image.format == "PNG"
    image.load()  # every byte decoded, not only the header
    assert image.width >= 300 and image.height >= 200, image.size
    shown = [str(message["Subject"]), text_of(message), plain(html_of(message))]
    # English for this reader: what their own catalog keeps as it is (a title) is not.
    kept_by = language if language != "en" else "ru"
    english = sorted({f for part in shown for f in found(part, (words.DOMAIN, game), kept_by)})
    if language == "en":
        assert english, "an English seat reads English"
    else:
        assert not english, f"{language}: {english[:5]}"


def test_the_installed_commands_serve_every_game_and_apply_a_reply(
    installed, settings, smtp, tmp_path
):
    database = worker_database(settings.database_url, "installed")  # new and empty
    web, inbound = free_port(), free_port()
    base = f"http://127.0.0.1:{web}"
    given = {k: v for k, v in settings.as_env().items() if k != "EXTRA_GAMES"}  # no tests here
    env = installed.env(
        given
        | {
            "DATABASE_URL": database,
            "BASE_URL": base,
            "PORT": str(web),
            "WEB_CONCURRENCY": "1",
            "INBOUND_HOST": "127.0.0.1",
            "INBOUND_PORT": str(inbound),
            "PBEM_INSTANCE": str(tmp_path / "instance"),
            "METRICS_TOKEN": METRICS_TOKEN,
            # The scheduler's sweeps and tick every 2 s, not 30 and 60: seen at work at once.
            "TICK_EVERY": "2",
            "SWEEP_EVERY": "2",
        }
    )
    work = tmp_path / "work"  # where the processes start: far from the checkout
    work.mkdir()
    lines = procfile()
    release = subprocess.run(
        ["sh", "-c", f"exec {lines['release']}"],
        env=env,
        cwd=work,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert release.returncode == 0, release.stderr
    assert release.stdout.strip() == "database is up to date"

    processes = Processes(env, work, tmp_path)
    for name in ("web", "worker", "scheduler", "inbound"):
        processes.start(name, lines[name])
    try:
        _serve_and_play(processes, replace(settings, database_url=database), smtp, base, inbound)
    finally:
        statuses = processes.stop()
    assert statuses == dict.fromkeys(("web", "worker", "scheduler", "inbound"), 0), (
        processes.tails()
    )
    assert "Traceback" not in processes.tails(), processes.tails()


def _ready(base: str) -> bool:
    try:
        status, _, body = http("GET", f"{base}/readyz")
    except OSError:
        return False
    return status == 200 and json.loads(body)["migrations"] == "ok"


def _serve_and_play(
    processes: Processes, settings: Settings, smtp: Inbox, base: str, inbound: int
) -> None:
    until(lambda: _ready(base), 60, "the installed web process ready", processes)

    games = {}
    for game, seats in GAMES.items():
        players = [{"email": e, "name": n, "language": lang} for lang, n, e in seats]
        status, _, body = http(
            "POST", f"{base}/api/games", json_body={"game": game, "players": players}
        )
        assert status == 201, body
        games[game] = json.loads(body)["id"]
    for game, seats in GAMES.items():
        for language, _, email in seats:
            (invitation,) = until(
                functools.partial(smtp.to, email), 60, f"{email}'s invitation", processes
            )
            assert games[game] in str(invitation["Subject"])
            assert_invitation(invitation, game, language)

    # Page templates, the pages' own scripts, and a page in a seat's language.
    status, _, page = http("GET", f"{base}/games/{games['origin']}?lang=ru")
    assert status == 200, page
    assert 'lang="ru"' in page and not found(plain(page), (words.DOMAIN,))
    script = (ROOT / "service" / "static" / "board.js").read_text()
    status, headers, served = http("GET", f"{base}/static/board.js")
    assert (status, served) == (200, script)
    assert "javascript" in headers["Content-Type"]

    # The worker serves the queue and the scheduler's tick has run through it.
    def metrics() -> dict[str, float]:
        request = urllib.request.Request(
            f"{base}/metrics", headers={"Authorization": f"Bearer {METRICS_TOKEN}"}
        )
        with urllib.request.urlopen(request, timeout=30) as answer:
            text = answer.read().decode()
        return {
            m.group(1): float(m.group(2))
            for m in re.finditer(r"^(pbem_workers|pbem_tick_lag_seconds) (\S+)$", text, re.M)
        }

    until(
        lambda: (m := metrics())["pbem_workers"] >= 1 and math.isfinite(m["pbem_tick_lag_seconds"]),
        60,
        "a worker serving the queue and a tick run by the scheduler",
        processes,
    )

    # A reply, over SMTP to the installed inbound server, read by the installed worker.
    game_id = games["origin"]
    seat, address, code = _bot_code(settings, game_id)
    with sessions(settings.database_url)() as session:
        loaded = eventstore.load(session, game_id)
        move, before = loaded.game.bot_move(loaded.state, seat), loaded.seq
    reply = reply_message(_latest_offer(smtp, address), f"{code}\n")
    with smtplib.SMTP("127.0.0.1", inbound, timeout=30) as client:
        client.sendmail(address, [str(reply["To"])], reply.as_bytes())

    def answered() -> list[EmailMessage]:
        return [m for m in smtp.to(address) if m["Auto-Submitted"] == "auto-replied"]

    (answer,) = until(answered, 60, f"the answer to {address}'s reply", processes)
    assert str(reply["Message-ID"]) in str(answer["In-Reply-To"])
    language = next(lang for lang, _, e in GAMES["origin"] if e == address)
    assert (not found(text_of(answer), (words.DOMAIN, "origin"))) == (language != "en")
    with sessions(settings.database_url)() as session:
        assert [r.outcome for r in session.scalars(select(InboxRow))] == ["applied"]
        moves = session.scalars(
            select(EventRow).where(
                EventRow.game_id == game_id, EventRow.seq > before, EventRow.move.is_not(None)
            )
        ).all()
    assert [(e.seat, e.move) for e in moves][:1] == [(seat, move)]
    processes.alive()
