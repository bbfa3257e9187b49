"""DKIM signing's cost (issue 31 §6): invitation emails sent per second per RQ worker with
signing on (an RSA 2048 and an Ed25519 signature on each) against off, in the same run, on
the same kind of worker as the Procfile's, to the same local SMTP server. Slices alternate
(off, on, off, on) so that a machine's drift lands on both. Beside them, the signing alone:
milliseconds per signature of the largest invitation's bytes, for each key. No target (the
issue asks for the figure).

``python -m bench.signing`` runs this part alone.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ed25519, rsa
from sqlalchemy import func, select

from bench.figures import Figure, shown
from bench.harness import CountingInbox, rate, work
from bench.planning import bench_games, players_for
from service import dkim_keys
from service.cli.localnet import free_port
from service.config import Settings
from service.mail import signing, smtp
from service.mail.compose import Outgoing, compose
from service.mail.queue import enqueue_outbox
from service.play.games import create_game
from service.store.db import sessions
from service.store.models import EmailRow, OutboxRow

EMAILS_PER_SLICE = 120
SLICES = 2
"""Slices of each mode, alternating: off, on, off, on."""
SIGNATURES = 50
"""Signatures timed per key for the signing-alone figure."""


def keys(folder: Path) -> tuple[str, str]:
    """An RSA key of 2048 bits and an Ed25519 key, as PEM files in ``folder``."""
    made = []
    for name, key in (
        ("rsa.pem", rsa.generate_private_key(public_exponent=65537, key_size=2048)),
        ("ed25519.pem", ed25519.Ed25519PrivateKey.generate()),
    ):
        path = folder / name
        path.write_bytes(
            key.private_bytes(
                serialization.Encoding.PEM,
                serialization.PrivateFormat.PKCS8,
                serialization.NoEncryption(),
            )
        )
        made.append(str(path))
    return made[0], made[1]


def run(
    settings: Settings,
    log: Callable[[str], None] = print,
    emails: int = EMAILS_PER_SLICE,
    signatures: int = SIGNATURES,
) -> dict[str, Any]:
    inbox = CountingInbox()
    port = free_port()
    server = Controller(inbox, hostname="127.0.0.1", port=port)
    server.start()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            rsa_key, ed_key = keys(Path(tmp))
            signed = replace(
                settings,
                smtp_url=f"smtp://127.0.0.1:{port}",
                dkim_key=rsa_key,
                dkim_selector="bench",
                dkim_ed25519_key=ed_key,
            )
            return _run(signed, inbox, log, emails, signatures)
    finally:
        server.stop()


def _emails(settings: Settings, count: int, start: int) -> list[int]:
    """Outbox ids of ``count`` invitation emails, the games rotating over every game."""
    ids: list[int] = []
    names = bench_games()
    index = start
    with sessions(settings.database_url).begin() as session:
        while len(ids) < count:
            name = names[index % len(names)]
            ids += create_game(session, name, players_for(name, 20_000 + index)).outbox_ids
            index += 1
    return ids[:count]


def _run(
    signed: Settings,
    inbox: CountingInbox,
    log: Callable[[str], None],
    emails: int,
    signatures: int,
) -> dict[str, Any]:
    unsigned = replace(signed, dkim_key="", dkim_selector="", dkim_ed25519_key="")
    modes = {"off": unsigned, "on": signed}
    slices: dict[str, list[dict[str, Any]]] = {"off": [], "on": []}
    sent: dict[str, list[int]] = {"off": [], "on": []}
    start = 0
    for number in range(SLICES):
        for mode, settings in modes.items():
            queue = f"{settings.queue_name}-signing-{mode}-{number}"
            ids = _emails(settings, emails, start)
            start += emails
            log(f"signing {mode}: {len(ids)} invitation emails, slice {number + 1} ...")
            mine = replace(settings, queue_name=queue)
            enqueue_outbox(mine, ids)
            work(mine, queue)
            slices[mode].append(rate(mine, queue))
            sent[mode] += ids
    result: dict[str, Any] = {}
    for mode, runs in slices.items():
        jobs = sum(r["jobs"] for r in runs)
        seconds = sum(r["seconds"] for r in runs)
        result[mode] = {
            "jobs": jobs,
            "seconds": round(seconds, 3),
            "per_s": jobs / seconds if seconds else 0.0,
            "failed": sum(r["failed"] for r in runs),
            "slices_per_s": [round(r["per_s"], 1) for r in runs],
        }
    with sessions(signed.database_url)() as session:
        for mode, ids in sent.items():
            result[mode]["sent"] = session.scalar(
                select(func.count()).where(OutboxRow.id.in_(ids), OutboxRow.sent_at.is_not(None))
            )
            result[mode]["expected"] = len(ids)
        result["signed_in_ledger"] = session.scalar(
            select(func.count()).where(EmailRow.outbox_id.in_(sent["on"]))
        )
    result["received_by_smtp"] = inbox.received
    result["ratio"] = (
        result["on"]["per_s"] / result["off"]["per_s"] if result["off"]["per_s"] else 0
    )
    result["alone"] = _alone(signed, sent["on"][: len(bench_games())], signatures)
    return result


def _alone(settings: Settings, ids: list[int], signatures: int) -> dict[str, Any]:
    """Milliseconds per signature of the largest of these invitations, for each key."""
    with sessions(settings.database_url)() as session:
        rows = session.scalars(select(OutboxRow).where(OutboxRow.id.in_(ids)))
        finished = [
            smtp.flatten(o.message)
            for o in (compose(session, settings, row) for row in rows)
            if isinstance(o, Outgoing)
        ]
        session.rollback()
    raw = max(finished, key=len)
    timings: dict[str, Any] = {"bytes": len(raw)}
    for name, given in (
        ("rsa_ms", replace(settings, dkim_ed25519_key="")),
        ("rsa_and_ed25519_ms", settings),
    ):
        assert dkim_keys.signing(given) is not None
        signing.sign(given, raw)  # the keys read once, as a worker reads them
        began = time.perf_counter()
        for _ in range(signatures):
            signing.sign(given, raw)
        timings[name] = round((time.perf_counter() - began) * 1000 / signatures, 2)
    return timings


def lines(result: dict[str, Any]) -> list[str]:
    """The summary's lines."""
    alone = result["alone"]
    return [
        "DKIM signing (one RQ worker; invitation emails, slices alternating off and on):",
        *(
            f"  {mode:>3}: {result[mode]['jobs']} in {result[mode]['seconds']} s = "
            f"{result[mode]['per_s']:.1f}/s (slices {result[mode]['slices_per_s']}; "
            f"{result[mode]['sent']}/{result[mode]['expected']} sent)"
            for mode in ("off", "on")
        ),
        f"  signed/unsigned {result['ratio']:.2f}; signing a {alone['bytes']:,}-byte email: "
        f"RSA {alone['rsa_ms']} ms, RSA and Ed25519 {alone['rsa_and_ed25519_ms']} ms",
    ]


def valid(result: dict[str, Any]) -> bool:
    """Every email of both modes sent once, none failed, each signed one in the ledger."""
    return (
        all(
            result[mode]["failed"] == 0 and result[mode]["sent"] == result[mode]["expected"]
            for mode in ("off", "on")
        )
        and result["signed_in_ledger"] == result["on"]["expected"]
    )


def judged(s: dict[str, Any]) -> list[Figure]:
    """Emails per second per worker with DKIM signing on (RSA 2048 and Ed25519) against
    off, same run (issue 31 §6), shown: valid when every email of both was sent once."""
    ok = valid(s)
    alone = s["alone"]
    return [
        shown("emails per worker, unsigned", s["off"]["per_s"], "/s", ok),
        shown("emails per worker, signed (RSA 2048 + Ed25519)", s["on"]["per_s"], "/s", ok),
        shown("signed/unsigned emails ratio", s["ratio"], "", ok),
        shown(f"one RSA signature of a {alone['bytes']:,}-byte email", alone["rsa_ms"], "ms"),
        shown("both signatures of it", alone["rsa_and_ed25519_ms"], "ms"),
    ]


if __name__ == "__main__":  # pragma: no cover - python -m bench.signing
    from bench.harness import bench_settings, log

    with bench_settings() as current:
        found = run(current, log=log)
    print(found)
    sys.exit(0 if valid(found) else 1)
