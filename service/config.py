"""Settings from the environment, with the embedded defaults of DESIGN.md §8."""

from __future__ import annotations

import importlib
import os
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from engine import registry

INSTANCE = Path(os.environ.get("PBEM_INSTANCE") or "instance").absolute()
"""Where the embedded defaults keep their files (the SQLite database, the demo's Redis, key
and mail): ``PBEM_INSTANCE``, else ``instance/`` in the directory the process starts in
(the checkout, for ``make demo``). Never beside the code: an installed package's folder is
not the host's to write in."""

MAX_BODY = 256 * 1024
"""The largest request body accepted (413 beyond): a move, a form or a new game is far less."""


def _ints(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.replace(" ", "").split(",") if part)


INTEGERS = {
    "link_max_age",
    "snapshot_every",
    "sweep_after",
    "proxy_hops",
    "claim_ttl",
    "tick_every",
    "sweep_every",
    "inbound_max_bytes",
    "inbound_max_recipients",
    "sign_in_max_age",
    "mail_hourly_cap",
    "sign_in_address_cap",
    "rematch_wait",
    "table_wait",
    "open_tables_per_day",
    "joins_per_day",
    "webhook_timeout",
    "channel_failures",
    "bot_effort",
}


@dataclass(frozen=True)
class Settings:
    database_url: str = f"sqlite:///{INSTANCE / 'pbem.sqlite3'}"
    database_read_url: str = ""
    """A replica for the pages that only read (issue 19): public game pages, histories,
    replays and logs. Empty: the primary serves them too."""
    redis_url: str = ""
    smtp_url: str = "smtp://127.0.0.1:8025"
    secret_key: str = ""
    """Signs every link; no process starts without a good one (:mod:`service.secret_key`)."""
    signing_key: str = ""
    """The Ed25519 key that signs exports (base64 of a 32-byte seed, or PEM); when empty, one
    derived from ``secret_key`` (:mod:`service.audit.signing`)."""
    vapid_private_key: str = ""
    """The P-256 key that signs Web Push messages (VAPID, RFC 8292; issue 36): base64url of
    its 32-byte private number, or a PEM private key; when empty, one derived from
    ``secret_key`` (:mod:`service.notify.vapid`)."""
    vapid_subject: str = ""
    """Whom a push service may contact about our messages (VAPID's ``sub``): a ``mailto:``
    or ``https:`` URL; when empty, ``mailto:`` and ``mail_from``'s address."""
    push_allow_loopback: bool = False
    """Take push subscriptions whose endpoint is ``http://127.0.0.1`` (the tests' own push
    service); anywhere else an endpoint is an ``https`` URL of a named host."""
    dkim_key: str = ""
    """The path of the RSA private key (PEM, 2048 bits at least) that DKIM-signs every
    email (issue 31, :mod:`service.dkim_keys`); empty: nothing is signed."""
    dkim_selector: str = ""
    """The selector ``DKIM_KEY``'s public key is published under (``pbem mail-dns``)."""
    dkim_ed25519_key: str = ""
    """An Ed25519 private key (PEM, or dkimpy's base64 seed) for a second signature."""
    dkim_ed25519_selector: str = ""
    """Its selector; empty: ``DKIM_SELECTOR`` and ``-ed25519``."""
    base_url: str = "http://127.0.0.1:5000"
    mail_from: str = "Play by email <games@pbem.localhost>"
    mail_domain: str = "pbem.localhost"
    mailbox_dir: str = ""
    link_max_age: int = 60 * 60 * 24 * 60
    sign_in_max_age: int = 30 * 60
    """Seconds a sign-in link to the player's desk (``/me``, issue 20) stays valid."""
    snapshot_every: int = 50
    retry_intervals: tuple[int, ...] = (10, 60, 300, 1800)
    sweep_after: int = 60
    queue_name: str = "pbem"
    bench_endpoints: bool = False
    extra_games: str = ""
    create_limit: str = "5 per minute;30 per hour"
    """New games per client address (web form and API together): each emails every player."""
    sign_in_limit: str = "5 per minute;20 per hour"
    """Sign-in links asked for per client address (each may send an email, issue 20)."""
    invite_limit: str = "20 per day"
    """Invitations to addresses that never played, per client address (issue 31 §3): the
    creator of a game, as :attr:`create_limit` counts them."""
    mail_hourly_cap: int = 6
    """Emails one address is sent in any hour, over all its games (issue 31 §3); more are
    held and go as one email when the hour has room. Sign-in links and answers to the
    player's own replies are never held."""
    sign_in_address_cap: int = 5
    """Sign-in links (and new-address confirmations) one address is sent in any hour,
    whoever asks for them (issue 31 §3); :attr:`sign_in_limit` counts each client."""
    nudge_limit: str = "10 per minute;60 per hour"
    """Nudges per client address, over every game (beside the per-seat rule of one a day)."""
    note_limit: str = "20 per minute;200 per hour"
    """Private notes saved on seat pages per client address, over every game (issue 35 §3);
    plans ahead set or cancelled there are counted apart against the same (issue 38)."""
    rematch_wait: int = 60 * 60 * 24 * 3
    """Seconds a rematch waits for every asked player to confirm (issue 35 §4); then it
    starts with those who did, if the game is played by that many, else it lapses."""
    table_wait: int = 60 * 60 * 24 * 7
    """Seconds an open table waits for its last players (issue 35 §1); then it closes, and
    those seated are told."""
    open_tables_per_day: int = 3
    """Open tables one address may be the first player of in a day (issue 35 §1)."""
    joins_per_day: int = 10
    """Open seats one address may ask to take in a day, confirmed or not (issue 35 §1)."""
    join_limit: str = "5 per minute;30 per hour"
    """Requests to join an open table per client address: each emails a link to an address
    typed in a form, as a sign-in does."""
    page_limit: str = "60 per minute;600 per hour"
    """History, replay and log pages per client address, over every game: each folds a log."""
    proxy_hops: int = 0
    """Reverse proxies in front of the web process whose X-Forwarded-For is trusted."""
    tick_every: int = 60
    """Seconds between the scheduler's ticks (reminders, deadlines, votes, bots, digests)."""
    sweep_every: int = 30
    """Seconds between the scheduler's sweeps of unsent outbox rows."""
    metrics_token: str = ""
    """The bearer token ``/metrics`` asks of a scraper; empty: no ``/metrics``."""
    log_level: str = "INFO"
    log_format: str = "text"
    """``text`` (one line per record) or ``json`` (one JSON object per line)."""
    claim_ttl: int = 300
    """Seconds a send in progress keeps its outbox row from other jobs; then it is presumed
    dead (its worker was killed) and the sweeper hands the row to another job."""
    inbound_max_bytes: int = 512 * 1024
    """The largest message the inbound server and ``POST /inbound/mime`` take (issues 18,
    31): a reply quoting the largest turn email whole, its board picture re-attached as
    phone and desktop clients do, and a signature picture (README's *Receiving mail* has
    the measures); beyond this, 552 over SMTP, 413 over HTTP."""
    inbound_max_recipients: int = 10
    """Recipients taken in one SMTP/LMTP transaction (issue 31): the next are answered
    ``452 4.5.3`` and the sending server delivers them in another transaction."""
    inbound_trusted_authserv_id: str = ""
    """The authserv-id of the MTA in front of ``pbem inbound`` (issue 31): the topmost
    Authentication-Results (or Received-SPF) header it adds is read for the SPF result the
    service cannot compute behind it. Empty: no such header is believed."""
    inbound_dns: str = "system"
    """Where the reply checks ask DNS (DKIM keys, DMARC policies, SPF): ``system``, the
    host's resolver, or ``off``: nothing is asked, every name has no record (``make demo``,
    whose replies never come from the internet)."""
    inbound_url: str = ""
    """Where ``/mailbox`` sends a player's typed reply (``smtp://host:port``): the demo's
    inbound server. Empty (anywhere but ``make demo``), no reply box is shown."""
    inbound_secret: str = ""
    webhook_allow_private: bool = False
    """Webhooks (issue 36) may post over plain http and to private, loopback, link-local or
    reserved addresses: on in ``make demo`` and the tests only. Off, a webhook's URL must be
    https and every address its host resolves to public, when it is added and at each send
    (a name that resolved to a public address may later resolve to a private one)."""
    webhook_timeout: int = 5
    """Seconds a webhook's receiver has to connect and answer (issue 36)."""
    channel_failures: int = 5
    """Failed deliveries in a row after which a channel is disabled and its player told by
    email (issue 36 §2)."""
    bot_effort: int = 100
    """Percent of each searching bot level's iteration budget a new bot gets (issue 37):
    the budget is recorded in the log when the bot takes its seat, so replay and ``verify``
    reproduce its moves whatever this says later. Lower only to make tests quick."""
    """The shared secret of ``POST /inbound/mime`` (``Authorization: Bearer ...``); empty,
    the endpoint does not exist (404)."""

    @classmethod
    def from_env(cls, **overrides: Any) -> Settings:
        env = os.environ
        values: dict[str, Any] = {}
        for f in fields(cls):
            raw = env.get(f.name.upper())
            if raw is None:
                continue
            if f.name in INTEGERS:
                values[f.name] = int(raw)
            elif f.name == "retry_intervals":
                values[f.name] = _ints(raw)
            elif f.type in ("bool", bool):
                values[f.name] = raw.lower() in {"1", "true", "yes"}
            else:
                values[f.name] = raw
        return replace(cls(**values), **overrides)

    def as_env(self) -> dict[str, str]:
        """The settings as environment variables, for worker subprocesses."""
        env = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, tuple):
                value = ",".join(str(v) for v in value)
            elif isinstance(value, bool):
                value = "1" if value else "0"
            env[f.name.upper()] = str(value)
        return env


def load_extra_games(settings: Settings) -> None:
    """Register the games named by ``EXTRA_GAMES`` (comma-separated modules exposing ``GAME``),
    beside the built-in ones: how a process serves a game kept outside ``engine/games``."""
    for module in filter(None, (m.strip() for m in settings.extra_games.split(","))):
        registry.register(importlib.import_module(module).GAME)
