"""What an export's signature says (issue 14 §5): this server published exactly this header
and this history, up to its head.

The hash chain makes a log internally consistent, but anyone holding a finished game's log
and seed can recompute a whole forged chain, and names, id and creation time are not in the
chain at all. So the server signs a statement (:func:`claims`): the chain's header (game,
ruleset, seat order, options, seed commitment), the meta a reader relies on (the game's id,
the players' names, the creation time), and the head hash, the number of events and whether
the game was over. The head hash covers every event and, through the chain's anchor, the
header again. Not covered: the players' addresses (private, and not needed to check it) and
the seed (absent from the public export of an unfinished game; the commitment covers it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from service.audit import signing
from service.audit.gamelog import Log, Report
from service.store import hashchain

STATEMENT = "pbem-log/1 export"
"""Names what was signed, so a signature over one thing never passes for another."""


def claims(log: Log, server: str) -> dict[str, Any]:
    """The statement a signature covers, built from what the file (or the store) says."""
    return {
        "statement": STATEMENT,
        "server": server,
        **log.header,
        "id": log.meta.get("id"),
        "names": log.meta.get("names"),
        "created_at": log.meta.get("created_at"),
        "head_hash": log.head_hash,
        "last_seq": log.last_seq,
        "over": log.over,
        # The table's choice about private talk (issue 35 §2), in files that say it: a file
        # signed before it was written still verifies.
        **{k: log.meta[k] for k in ("private_talk_after",) if k in log.meta},
    }


def sign(log: Log, signer: signing.Signer) -> dict[str, Any]:
    """The ``signature`` record of an export's header line."""
    return {
        "algorithm": signing.ALGORITHM,
        "public_key": signing.public_text(signer.key.public_key()),
        "server": signer.server,
        "value": signing.sign(signer.key, hashchain.canonical(claims(log, signer.server))),
    }


@dataclass(frozen=True)
class Signature:
    status: Literal["ok", "missing", "bad"]
    detail: str
    public_key: str | None = None
    """The key the signature was checked against (base64), when there was one."""
    server: str | None = None
    """The server the signature speaks for (its record's ``server``)."""
    other_key: bool = False
    """Bad because the file is signed by another key than the one checked against (which
    says nothing of whether that other key's signature holds)."""

    @property
    def ok(self) -> bool:
        return self.status == "ok"


def check(log: Log, trusted: Ed25519PublicKey | None = None) -> Signature:
    """The file's signature checked against ``trusted`` or, when no key is given, against the
    key the file carries (which shows the file is unchanged since it was signed, not who
    signed it: anyone can sign with a key of their own)."""
    record = log.signature
    if record is None:
        return Signature(
            "missing",
            "the file is not signed (exported before signing, or the signature was removed): "
            "nothing shows who wrote it or that it is whole",
        )
    if not isinstance(record, dict) or not all(
        isinstance(record.get(k), str) for k in ("algorithm", "public_key", "server", "value")
    ):
        return Signature("bad", "the signature record cannot be read")
    if record["algorithm"] != signing.ALGORITHM:
        return Signature("bad", f"signed with {record['algorithm']!r}, not {signing.ALGORITHM}")
    server = record["server"]
    try:
        carried = signing.parse_public_key(record["public_key"])
    except signing.BadKey as exc:
        return Signature("bad", f"the key the file carries cannot be read ({exc})", None, server)
    key = trusted or carried
    shown = signing.public_text(key)
    if trusted is not None and signing.public_text(carried) != shown:
        return Signature(
            "bad",
            f"signed by another key ({record['public_key']}), not the key checked against",
            shown,
            server,
            other_key=True,
        )
    message = hashchain.canonical(claims(log, server))
    if not signing.verifies(key, record["value"], message):
        return Signature(
            "bad",
            "it does not match this file: something it covers was changed (the header, a "
            "player's name, the creation time, the events, their number or the end)",
            shown,
            server,
        )
    # The statement is the header's; the events must be the ones it names.
    held = len(log.events)
    last = log.events[-1].hash if log.events else None
    if log.last_seq != held or (last is not None and log.head_hash != last):
        return Signature(
            "bad",
            f"it covers {log.last_seq} events ending at hash {str(log.head_hash)[:12]}…, the "
            f"file holds {held}" + (f" ending at {last[:12]}…" if last else "") + ": events "
            "were cut, added or changed after it was signed",
            shown,
            server,
        )
    return Signature("ok", "", shown, server)


Ending = Literal["complete", "unfinished", "cut", "cut or unfinished", "unknown"]


def ending(log: Log, report: Report, signature: Signature | None) -> tuple[Ending, str]:
    """Whether the log reaches the game's end, and why we can say so. ``signature`` is None
    for this server's own record, which needs none."""
    held = len(log.events)
    if report.over:
        return "complete", "it ends with the game's end"
    if isinstance(log.last_seq, int) and log.last_seq > held:
        return "cut", f"the header names {log.last_seq} events, the file holds {held}"
    if report.over is None:
        return "unknown", "the engine could not replay it to its last event"
    if log.over is True:
        return "cut", "the header says the game ended, the file stops before its end"
    if signature is None:
        return "unfinished", f"the game goes on; this server's record holds {held} events"
    if signature.ok and log.over is False:
        return (
            "unfinished",
            f"the game was still going when it was signed; nothing is missing up to event "
            f"{log.last_seq}",
        )
    return (
        "cut or unfinished",
        "it stops before the game's end, and no good signature says where the server's "
        "history ended",
    )
