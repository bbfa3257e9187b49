"""The Procfile's ``inbound`` process (issue 18), run as the Procfile says: it takes mail
for MAIL_DOMAIN over SMTP, or LMTP with ``INBOUND_LMTP=1``, and stops cleanly on SIGTERM;
and ``pbem sweep`` hands over received messages left unread."""

from __future__ import annotations

import os
import signal
import smtplib
import socket
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import select

from service.cli.commands import main
from service.cli.localnet import free_port
from service.config import Settings
from service.mail.inbox import store
from service.store.db import sessions
from service.store.eventstore import now
from service.store.models import InboxRow
from tests.checkout import ROOT
from tests.service.replying import signed_address

BIN = Path(sys.executable).parent
RAW = b"Message-ID: <p1@example.org>\r\nFrom: ann@example.org\r\n\r\n1\r\n"


def procfile_line(name: str) -> str:
    lines = (ROOT / "Procfile").read_text().splitlines()
    return dict(line.split(": ", 1) for line in lines if line.strip())[name]


def listening(port: int, seconds: float = 30) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return True
        except OSError:
            time.sleep(0.2)
    return False


@pytest.mark.slow
@pytest.mark.parametrize("lmtp", [False, True], ids=["smtp", "lmtp"])
def test_the_procfile_inbound_process_stores_what_it_receives(settings: Settings, tmp_path, lmtp):
    port = free_port()
    env = {**os.environ, **settings.as_env(), "PYTHONPATH": str(ROOT)}
    env |= {"PATH": f"{BIN}{os.pathsep}{env.get('PATH', '')}", "INBOUND_PORT": str(port)}
    env |= {"INBOUND_HOST": "127.0.0.1", "INBOUND_LMTP": "1" if lmtp else "0"}
    log = tmp_path / "inbound.log"
    with log.open("w") as out:
        process = subprocess.Popen(
            ["sh", "-c", f"exec {procfile_line('inbound')}"],
            env=env,
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        assert listening(port), log.read_text()
        client_class = smtplib.LMTP if lmtp else smtplib.SMTP
        with client_class("127.0.0.1", port, timeout=30) as client:
            assert client.sendmail("ann@example.org", [signed_address(0)], RAW) == {}
        with sessions(settings.database_url)() as s:
            assert [r.raw for r in s.scalars(select(InboxRow))] == [RAW]
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) == 0, log.read_text()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    said = log.read_text()
    assert f"over {'LMTP' if lmtp else 'SMTP'} on 127.0.0.1:{port}" in said
    assert "Traceback" not in said


def test_pbem_sweep_hands_over_received_messages_left_unread(app, settings):
    with sessions(settings.database_url).begin() as session:
        inbox_id = store(session, RAW, "ann@example.org", signed_address(0))
        row = session.get(InboxRow, inbox_id)
        assert row is not None
        row.received_at = now() - timedelta(seconds=settings.sweep_after + 1)
    result = app.test_cli_runner().invoke(main, ["sweep"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "enqueued 1 received messages" in result.output
