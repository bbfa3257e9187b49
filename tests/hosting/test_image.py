"""The image and the compose file run the service (issue 30 §2), as a host would: ``make
image-test`` builds the image, then this test brings compose.yaml's stack up with
podman-compose (PostgreSQL, Redis, the migration, web, two workers, the scheduler and inbound,
beside a mail sink), creates a game through the published web port, finds each invitation in
the sink, sends a reply to the published SMTP port, sees the move applied and answered, and
takes the stack down with its volumes.

It runs only when asked for (``-m image``: tests/conftest.py leaves it out otherwise), with
the images ``make image-test`` names: PBEM_IMAGE, POSTGRES_IMAGE and REDIS_IMAGE.

podman-compose cannot follow compose.yaml's ``depends_on`` on podman 4.3 (Debian 12's): podman
before 4.6 waits for no health check, runs none by itself without systemd, and fails to start a
container whose ``--requires`` are already running. So the test starts the services itself in
the order ``depends_on`` gives, each once the condition it names holds: a health check run until
it passes, a one-shot service's exit status 0. Docker Compose waits for every condition
itself."""

from __future__ import annotations

import json
import mailbox
import os
import re
import secrets
import shutil
import smtplib
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from email import message_from_bytes, policy
from email.message import EmailMessage
from io import BytesIO
from pathlib import Path
from typing import Any, TypeVar

import pytest
import yaml
from PIL import Image

from service.cli.localnet import free_port
from tests.checkout import ROOT
from tests.helpers import http, text_of
from tests.service.replying import codes_of, reply_message

pytestmark = pytest.mark.image
T = TypeVar("T")

PROJECT = "pbem-image-test"
LABEL = f"label=io.podman.compose.project={PROJECT}"
SINK = Path(__file__).with_name("compose.sink.yaml")
PLAYERS = ["ann@example.org", "bob@example.org"]
MAIL_DOMAIN = "pbem.test"
WORKERS = 2
METRICS_TOKEN = secrets.token_urlsafe(16)
STOP_ORDER = ("worker", "scheduler", "inbound", "web")
"""The order the test stops them in (the worker first: see there). On the engine's SIGTERM a
process that exits 0 heard it: the container's first process ignores a signal it has no
handler for, and is killed at the end of the grace period (137)."""
COMPOSE = str(Path(sys.executable).with_name("podman-compose"))
"""podman-compose of the dev extra, beside this Python."""


class Stack:
    """compose.yaml run by podman-compose as project :data:`PROJECT`, from a folder of its
    own (compose.yaml and its .env), so the checkout's own .env is never read nor written."""

    def __init__(self, folder: Path, env: dict[str, str]) -> None:
        self.folder, self.env = folder, env
        self.timings: dict[str, float] = {}
        folder.mkdir()
        shutil.copy(ROOT / "compose.yaml", folder / "compose.yaml")
        (folder / ".env").write_text("".join(f"{k}={v}\n" for k, v in env.items()))
        self.files = ["-f", str(folder / "compose.yaml"), "-f", str(SINK)]
        self.services: dict[str, dict[str, Any]] = {
            **yaml.safe_load((ROOT / "compose.yaml").read_text())["services"],
            **yaml.safe_load(SINK.read_text())["services"],
        }

    def compose(self, *args: str, timeout: float = 300) -> str:
        done = subprocess.run(
            [COMPOSE, "-p", PROJECT, *self.files, *args],
            cwd=self.folder,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        assert done.returncode == 0, f"podman-compose {' '.join(args)}:\n{done.stdout}{done.stderr}"
        return done.stdout

    def up(self, scale: dict[str, int]) -> None:
        """Every service, in the order of compose.yaml's ``depends_on``, each started once
        the condition it names holds for every service it depends on."""
        met: set[str] = set()
        for stage in stages(self.services):
            for service in stage:
                for needed, condition in self.services[service].get("depends_on", {}).items():
                    if needed not in met:
                        self.wait_for(needed, condition["condition"])
            met |= set().union(*(self.services[s].get("depends_on", {}) for s in stage))
            scaled = [f"--scale={s}={scale[s]}" for s in stage if s in scale]
            self.compose("up", "--detach", "--no-build", "--no-deps", *scaled, *stage)

    def wait_for(self, service: str, condition: str) -> None:
        if condition == "service_healthy":
            until(lambda: self.healthy(service), 120, f"{service} healthy", self)
        elif condition == "service_completed_successfully":
            waited = ["podman", "wait", self.container(service)]
            status = subprocess.run(waited, capture_output=True, text=True, timeout=300)
            assert status.stdout.strip() == "0", f"{service} exited {status.stdout}{self.logs()}"
        else:
            raise AssertionError(f"{service}: no way to wait for {condition}")

    def container(self, service: str, number: int = 1) -> str:
        return f"{PROJECT}_{service}_{number}"

    def healthy(self, service: str) -> bool:
        """The service's health check, run now (podman runs none by itself without systemd)."""
        check = ["podman", "healthcheck", "run", self.container(service)]
        return subprocess.run(check, capture_output=True, timeout=60).returncode == 0

    def containers(self) -> list[str]:
        listed = ["podman", "ps", "--all", "--format", "{{.Names}}", "--filter", LABEL]
        return subprocess.run(listed, capture_output=True, text=True, timeout=60).stdout.split()

    def down(self) -> None:
        """compose down with the volumes, after what it would leave: the replicas of a scaled
        service (podman-compose knows only the first) and the anonymous volumes of images
        that declare a VOLUME (the sink's), which only removing the containers with their
        volumes takes away."""
        databases = {self.container("postgres"), self.container("redis")}
        # The service's processes first: a worker stopping registers its death in Redis.
        for name in sorted(self.containers(), key=lambda name: name in databases):
            stop = ["podman", "rm", "--force", "--volumes", "--time", "30", name]
            subprocess.run(stop, capture_output=True, timeout=120)
        self.compose("down", "--volumes", timeout=300)
        listed = ["podman", "volume", "ls", "--quiet", "--filter", LABEL]
        for volume in subprocess.run(listed, capture_output=True, text=True).stdout.split():
            subprocess.run(["podman", "volume", "rm", "--force", volume], capture_output=True)
        network = ["podman", "network", "rm", "--force", f"{PROJECT}_default"]
        subprocess.run(network, capture_output=True)

    def logs(self) -> str:
        shown = []
        for name in self.containers():
            log = subprocess.run(["podman", "logs", name], capture_output=True, text=True)
            shown.append(f"--- {name}\n{(log.stdout + log.stderr)[-2500:]}")
        return "\n".join(shown)


def stages(services: dict[str, dict[str, Any]]) -> list[list[str]]:
    """The services in rounds: each round's services depend only on earlier rounds'."""
    left, done, rounds = dict(services), set[str](), []
    while left:
        ready = sorted(s for s, d in left.items() if set(d.get("depends_on", {})) <= done)
        assert ready, f"a dependency cycle among {sorted(left)}"
        rounds.append(ready)
        done |= set(ready)
        for service in ready:
            del left[service]
    return rounds


def until(done: Callable[[], T], seconds: float, what: str, stack: Stack) -> T:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = done()
        if found:
            return found
        time.sleep(0.5)
    raise AssertionError(f"{what}: not within {seconds:.0f} s\n{stack.logs()}")


def sunk(sink: mailbox.Maildir, address: str) -> list[EmailMessage]:
    """The emails the sink keeps for ``address``, in the order they were sent."""
    found = [
        message_from_bytes(sink.get_bytes(key), policy=policy.default)
        for key in sink.keys()  # noqa: SIM118 (a Maildir is no dict)
    ]
    mine = [m for m in found if address in str(m["To"])]
    return sorted(mine, key=lambda m: m["Date"].datetime)


def anonymous_volumes() -> set[str]:
    listed = ["podman", "volume", "ls", "--format", "{{.Name}} {{.Anonymous}}"]
    shown = subprocess.run(listed, capture_output=True, text=True, timeout=60).stdout
    return {line.split()[0] for line in shown.splitlines() if line.endswith(" true")}


def scrape(base: str) -> str:
    request = urllib.request.Request(
        f"{base}/metrics", headers={"Authorization": f"Bearer {METRICS_TOKEN}"}
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return answer.read().decode()


@pytest.fixture
def stack(tmp_path: Path) -> Iterator[Stack]:
    for name in ("PBEM_IMAGE", "POSTGRES_IMAGE", "REDIS_IMAGE"):
        assert os.environ.get(name), f"{name} names the image to run (make image-test sets it)"
    web, inbound = free_port(), free_port()
    env = {
        "PBEM_IMAGE": os.environ["PBEM_IMAGE"],
        "POSTGRES_IMAGE": os.environ["POSTGRES_IMAGE"],
        "REDIS_IMAGE": os.environ["REDIS_IMAGE"],
        "POSTGRES_PASSWORD": secrets.token_hex(24),
        "SECRET_KEY": secrets.token_urlsafe(48),
        "BASE_URL": f"http://127.0.0.1:{web}",
        "SMTP_URL": "smtp://mailsink:1025",
        "MAIL_FROM": f"Play by email <games@{MAIL_DOMAIN}>",
        "MAIL_DOMAIN": MAIL_DOMAIN,
        "METRICS_TOKEN": METRICS_TOKEN,
        # Each published port on the loopback, one of its own: none of the machine's.
        "WEB_PUBLISH": f"127.0.0.1:{web}",
        "INBOUND_PUBLISH": f"127.0.0.1:{inbound}",
        "SINK_DIR": str(tmp_path / "sink"),
    }
    mailbox.Maildir(env["SINK_DIR"])  # made whole: the sink writes into its tmp/ and new/
    stack = Stack(tmp_path / "stack", env)
    stack.down()  # what an interrupted run left
    volumes_before = anonymous_volumes()
    try:
        yield stack
    finally:
        stack.down()
    assert stack.containers() == [], "the stack is down"
    assert anonymous_volumes() <= volumes_before, "no volume left behind"


def test_the_image_runs_as_its_own_user_with_no_compiler_nor_pip():
    probe = (
        "id -un; for tool in gcc cc make; do command -v $tool || true; done; "
        "python -m pip --version 2>/dev/null || echo no pip; "
        "python -c 'import service, sys; print(service.__file__)'"
    )
    shown = subprocess.run(
        ["podman", "run", "--rm", os.environ["PBEM_IMAGE"], "sh", "-c", probe],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout.split()
    *said, installed = shown
    assert said == ["pbem", "no", "pip"], "user pbem; no gcc, cc, make nor pip"
    assert re.fullmatch(r"/opt/pbem/lib/python3\.\d+/site-packages/service/__init__\.py", installed)


def test_the_compose_stack_invites_by_email_and_applies_a_reply(stack):
    base, inbound = stack.env["BASE_URL"], int(stack.env["INBOUND_PUBLISH"].rsplit(":", 1)[1])
    sink = mailbox.Maildir(stack.env["SINK_DIR"], create=False)
    started = time.monotonic()
    stack.up(scale={"worker": WORKERS})

    def ready() -> bool:
        try:
            return http("GET", f"{base}/readyz")[0] == 200
        except OSError:
            return False

    until(ready, 120, "web ready", stack)
    assert stack.healthy("web"), "the web service's health check passes"
    stack.timings["stack up"] = time.monotonic() - started

    status, _, body = http(
        "POST", f"{base}/api/games", json_body={"game": "origin", "players": PLAYERS}
    )
    assert status == 201, body
    game_id = json.loads(body)["id"]
    for address in PLAYERS:
        (invitation,) = until(lambda a=address: sunk(sink, a), 60, f"{address}'s invite", stack)
        assert game_id in str(invitation["Subject"])
        (picture,) = [p for p in invitation.walk() if p.get_content_type() == "image/png"]
        Image.open(BytesIO(picture.get_content())).load()

    # The seat whose invitation offers its decision replies with its first code, over SMTP to
    # the published inbound port; a worker reads it, plays it and answers.
    address, offer = next(
        (a, m) for a in PLAYERS for m in sunk(sink, a) if m["Reply-To"] and codes_of(m)
    )
    assert str(offer["Reply-To"]).endswith(f"@{MAIL_DOMAIN}")
    before = json.loads(http("GET", f"{base}/api/games/{game_id}")[2])
    code = codes_of(offer)[0][0]
    reply = reply_message(offer, f"{code}\n")
    with smtplib.SMTP("127.0.0.1", inbound, timeout=30) as client:
        client.sendmail(address, [str(reply["To"])], reply.as_bytes())

    def answered() -> list[EmailMessage]:
        return [m for m in sunk(sink, address) if m["Auto-Submitted"] == "auto-replied"]

    (answer,) = until(answered, 60, f"the answer to {address}'s reply", stack)
    assert f"Played {code}" in text_of(answer), text_of(answer)
    after = json.loads(http("GET", f"{base}/api/games/{game_id}")[2])
    assert after["seq"] > before["seq"], "the move is in the game's log"
    assert re.search(rf"^pbem_workers {WORKERS}\.0$", scrape(base), re.M), "every worker serves"
    stack.timings["a game, its invitations and a reply"] = (
        time.monotonic() - started - stack.timings["stack up"]
    )

    # web comes back after a restart (the engine's, as restart: unless-stopped does).
    restart = ["podman", "restart", "--time", "20", stack.container("web")]
    subprocess.run(restart, capture_output=True, timeout=120, check=True)
    until(ready, 120, "web ready again after a restart", stack)
    assert http("GET", f"{base}/games/{game_id}")[0] == 200

    # Each process stops on the engine's SIGTERM, as the container's first process. The worker
    # first: it opens a new Redis connection to register its death, and podman 4.3's DNS on
    # the compose network (aardvark-dns 1.4) may not answer for tens of seconds just after
    # another container has left it.
    for service in STOP_ORDER:
        stopping = time.monotonic()
        stop = ["podman", "stop", "--time", "30", stack.container(service)]
        subprocess.run(stop, capture_output=True, timeout=90, check=True)
        took = time.monotonic() - stopping
        state = json.loads(
            subprocess.run(
                ["podman", "inspect", "--format", "{{json .State}}", stack.container(service)],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
        )
        log = subprocess.run(
            ["podman", "logs", "--tail", "40", stack.container(service)],
            capture_output=True,
            text=True,
        )
        tail = log.stdout + log.stderr
        assert state["ExitCode"] == 0, f"{service} stopped with {state['ExitCode']}:\n{tail}"
        stack.timings[f"{service} stopped"] = took
    print("".join(f"\n{what}: {seconds:.1f} s" for what, seconds in stack.timings.items()))
