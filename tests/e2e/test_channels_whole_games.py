"""Issue 36 §3: a whole game of each of our games with one player on email (Ann, a turn email
each), one on a generic JSON webhook alone (Bob, style ``channels``: no turn emails) and one
on Web Push alone (Cy, style ``channels``), played to its end. Every decision reached every
player on their channel exactly once, each with that decision's own turn page; nobody got a
turn on a channel they do not have; and what Bob's webhook and Cy's browser were told never
names what their seat may not see (another seat's hand, a card or tile face down).

The webhook's receiver and the push service are real HTTP servers in the test process
(tests/service/receivers.py, tests/service/pushservice.py); Cy's messages are decrypted with
her browser's own keys. Moves go straight through the service's move function, each seat to
act playing its bot's move, and the worker runs after every move that wrote an email, so each
notification is built and sent while its decision is the seat's current one."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from sqlalchemy import select

from service.audit import checks
from service.links import urls
from service.mail.compose import CHANNELS_ONLY
from service.play import channels, slowplay
from service.play.games import create_game
from service.store import eventstore
from service.store.db import sessions
from service.store.models import ChannelRow, NotificationRow, OutboxRow
from tests.helpers import play_now, text_of
from tests.service.pushservice import Browser, b64url, running
from tests.service.receivers import Receiver
from tests.service.test_webhooks import hook

pytestmark = pytest.mark.usefixtures("regulars")

GAMES = ("origin", "origins-first-builders", "orichalk")
ANN, BOB, CY = "ann@example.org", "bob@example.org", "cy@example.org"
PLAYERS = [f"Ann <{ANN}>", f"Bob <{BOB}>", f"Cy <{CY}>"]
SECONDS = 60
"""What one whole game may take here (measured: see the commit)."""
MESSAGE_ID = re.compile(r"<([^.>]+)\.(p\d+)(?:\.(\d+))?@")
"""An email's Message-ID: the game, the seat and its outbox row (none: the invitation)."""


def signed(url: str) -> str:
    """A signed link less its signing time and signature (a link made twice for the same
    decision differs in its time alone): what the link is for (the game, the seat, the
    decision and where it began)."""
    return url.rsplit(".", 2)[0]


# ------------------------------------------------------------------ what each seat may not see


def _origin_secrets(game: Any, state: Any, seat: str, _seen: set[str]) -> set[str]:
    """Origin (as tests/service/test_spectator.py): the names of the cards in another
    seat's hand (actions, permanents, objectives, those dealt to choose from), in the decks
    or drawn and not yet kept, less those of which a copy lies face up or that ``seat``
    itself may see."""
    from engine.games.origin.components import CARDS
    from tests.service.test_spectator import public_names

    hidden = {c for deck in state.decks for c in deck} | set(state.limbo)
    for other in state.players:
        if other.seat != seat:
            hidden |= {*other.actions, *other.permanents, *other.objectives, *other.dealt}
    names = {CARDS[c].name for c in hidden} - public_names(state)
    own = repr(game.view(state, seat))
    return {n for n in names if n not in own}


def _first_builders_secrets(game: Any, state: Any, seat: str, seen: set[str]) -> set[str]:
    """Origins: First Builders (as its test_by_email.py): the buildings lying below a
    stack's face-up top that ``seat`` has not been shown (a building comes in several
    copies: one shown is no secret)."""
    from engine.games.origins_first_builders.components import BUILDING

    below = {str(BUILDING[k].name) for stack in state.stacks for k in stack[1:]}
    own = repr(game.view(state, seat))
    seen |= {n for n in below if n in own}
    return below - seen


def _orichalk_secrets(game: Any, state: Any, seat: str, seen: set[str]) -> set[str]:
    """Orichalk: every seat sees the same board (its view module); what lies face down is
    the tile stacks, the deck and the bags. The kinds of creatures and buildings still in the
    bags that ``seat`` has never been shown are named nowhere."""
    from engine.games.orichalk.components import BUILDINGS, CREATURES
    from engine.games.orichalk.words import BUILDING_NAME, CREATURE_NAME

    bagged = {
        str(CREATURE_NAME[c.id]) for c, n in zip(CREATURES, state.creature_bag, strict=True) if n
    } | {str(BUILDING_NAME[b.id]) for b, n in zip(BUILDINGS, state.building_bag, strict=True) if n}
    own = repr(game.view(state, seat))
    seen |= {n for n in bagged if n in own}
    return bagged - seen


SECRETS: dict[str, Callable[[Any, Any, str, set[str]], set[str]]] = {
    "origin": _origin_secrets,
    "origins-first-builders": _first_builders_secrets,
    "orichalk": _orichalk_secrets,
}


# ------------------------------------------------------------------------------ the table


@dataclass
class Table:
    """One game as its three players' channels saw it."""

    game_id: str = ""
    seats: dict[str, str] = field(default_factory=dict)
    """Seat -> address."""
    offered: dict[str, list[str]] = field(default_factory=dict)
    """Each seat's decisions offered, in order: the turn page of each, when it was offered."""
    decisions: dict[str, int] = field(default_factory=dict)
    """Moves each seat made."""
    checked: dict[str, int] = field(default_factory=dict)
    """Notifications whose words were checked for secrets, per seat."""
    secrets_seen: int = 0
    """Secrets that were checked for at least once (the check had something to find)."""
    works: int = 0

    def seat_of(self, address: str) -> str:
        return next(s for s, a in self.seats.items() if a == address)


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    with Receiver() as listening:
        yield listening


@pytest.fixture
def pushes():
    with running() as service:
        yield service


def _setup(settings, receiver: Receiver, service: Any) -> Browser:
    """Bob's JSON webhook and Cy's browser, both on their turns alone (no turn emails)."""
    hook(settings, f"{receiver.url}/bob", "json", email=BOB)
    browser = Browser(endpoint=f"{service.url}/push/cy")
    with sessions(settings.database_url).begin() as s:
        keys = {"p256dh": browser.p256dh, "auth": b64url(browser.auth)}
        channels.add(s, "push", "webpush", email=CY, target=browser.endpoint, keys=keys)
        slowplay.set_notify(s, BOB, "channels")
        slowplay.set_notify(s, CY, "channels")
    return browser


def _said(receiver: Receiver, service: Any, browser: Browser) -> dict[str, list[str]]:
    """Everything Bob's webhook and Cy's browser were told so far, as text."""
    return {
        BOB: [p.body.decode() for p in receiver.at("/bob")],
        CY: [
            json.dumps(browser.read(r.body), ensure_ascii=False)
            for r in service.received
            if r.path == "/push/cy"
        ],
    }


def play(settings, work, name: str, receiver: Receiver, service: Any, browser: Browser) -> Table:
    """A whole game of ``name``: each seat to act plays its bot's move; the worker runs after
    each move that wrote an email; what each channel was told since is checked against what
    its seat may not see at that moment."""
    table = Table()
    with sessions(settings.database_url).begin() as s:
        loaded = create_game(s, name, PLAYERS).loaded
        table.game_id = game_id = loaded.row.id
        table.seats = {r.seat: r.email or "" for r in loaded.row.seats}
        table.offered = {seat: [] for seat in table.seats}
        table.decisions = {seat: 0 for seat in table.seats}
        table.checked = {seat: 0 for seat in table.seats}
        for seat in sorted(loaded.game.to_act(loaded.state)):
            table.offered[seat].append(signed(urls.decision_url(settings, loaded, seat)))
    seen: dict[str, set[str]] = {seat: set() for seat in table.seats}
    told = {BOB: 0, CY: 0}

    def deliver(loaded: Any) -> None:
        work()
        table.works += 1
        for address, texts in _said(receiver, service, browser).items():
            seat = table.seat_of(address)
            secret = SECRETS[name](loaded.game, loaded.state, seat, seen[seat])
            table.secrets_seen += bool(secret)
            for text in texts[told[address] :]:
                leaked = sorted(n for n in secret if n in text)
                assert not leaked, f"{address} ({seat}) was told {leaked}: {text}"
                table.checked[seat] += 1
            told[address] = len(texts)

    deliver(loaded)
    for _ in range(5000):
        with sessions(settings.database_url).begin() as s:
            loaded = eventstore.load(s, game_id)
            acting = frozenset(loaded.game.to_act(loaded.state))
            if not acting or loaded.row.over:
                break
            seat = sorted(acting)[0]
            move = loaded.game.bot_move(loaded.state, seat)
            applied = play_now(s, game_id, seat, move, loaded.turn_seq, settings.snapshot_every)
            table.decisions[seat] += 1
            after = applied.loaded
            newly = sorted(frozenset(after.game.to_act(after.state)) - acting)
            if not after.row.over:
                for other in newly:
                    table.offered[other].append(signed(urls.decision_url(settings, after, other)))
        if applied.outbox_ids:
            deliver(after)
    else:
        pytest.fail(f"{name} did not end within 5000 decisions")
    return table


def _emails(settings, smtp, address: str) -> list[tuple[str, Any]]:
    """Each email to ``address``: the kind of its outbox row, and the message."""
    with sessions(settings.database_url)() as s:
        kinds = {r.id: r.kind for r in s.scalars(select(OutboxRow))}
    found = []
    for message in smtp.to(address):
        match = MESSAGE_ID.search(str(message["Message-ID"]))
        assert match, message["Message-ID"]
        found.append((kinds[int(match[3])] if match[3] else "invitation", message))
    return found


def _turn_rows(settings, game_id: str) -> dict[str, list[tuple[bool, str | None]]]:
    """Each seat's turn emails: whether sent, and why skipped."""
    with sessions(settings.database_url)() as s:
        rows = s.scalars(
            select(OutboxRow).where(OutboxRow.game_id == game_id, OutboxRow.kind == "turn")
        )
        found: dict[str, list[tuple[bool, str | None]]] = {}
        for row in rows:
            found.setdefault(row.seat, []).append((row.sent_at is not None, row.skipped))
        return found


@pytest.mark.parametrize("name", GAMES)
def test_a_whole_game_reaches_each_player_once_per_decision_on_their_own_channel(
    settings, smtp, work, receiver, pushes, name
):
    started = time.monotonic()
    browser = _setup(settings, receiver, pushes)
    table = play(settings, work, name, receiver, pushes, browser)
    elapsed = time.monotonic() - started
    ann, bob, cy = (table.seat_of(a) for a in (ANN, BOB, CY))
    game_id = table.game_id
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        assert loaded.row.over, "played to its end"
        report = checks.verify(checks.from_store(s, game_id))
    assert report.ok, report
    for seat in table.seats:
        assert table.decisions[seat] > 0 and table.offered[seat], f"{seat} played"

    # Bob: his webhook, once per (kind, event); each decision's turn page once, in order.
    posts = [p.json() for p in receiver.at("/bob")]
    keys = [(p["kind"], p["seq"]) for p in posts]
    assert len(keys) == len(set(keys)), "nothing twice"
    assert {p["game"]["id"] for p in posts} == {game_id}
    assert posts[0]["kind"] == "invitation" and posts[-1]["kind"] == "game_over"
    assert [k for k, _ in keys].count("game_over") == 1
    assert {k for k, _ in keys} <= {"invitation", "turn", "game_over"}
    bob_first = table.offered[bob][0] == signed(posts[0]["url"])
    kinds = [k for k, _ in keys]
    assert kinds.count("turn") + bob_first == len(table.offered[bob])
    assert [signed(p["url"]) for p in posts if "/act/" in p["url"]] == table.offered[bob]
    bob_page = signed(urls.seat_url(settings, loaded, bob))
    assert all(signed(p["url"]) in (bob_page, *table.offered[bob]) for p in posts), "his alone"

    # Cy: her browser, each message decrypted with her keys; each decision's turn page once.
    messages = [browser.read(r.body) for r in pushes.received]
    assert {r.path for r in pushes.received} == {"/push/cy"}, "Cy's browser alone"
    turn_pages = [signed(m["url"]) for m in messages if "/act/" in m["url"]]
    assert turn_pages == table.offered[cy]
    assert len(turn_pages) == len(set(turn_pages)), "nothing twice"
    cy_page = signed(urls.seat_url(settings, loaded, cy))
    assert all(signed(m["url"]) in (cy_page, *table.offered[cy]) for m in messages), "hers alone"
    cy_first = signed(messages[0]["url"]) == table.offered[cy][0]
    # Her invitation (offering her first decision if it is hers), a message per decision
    # after it, the game's end.
    assert len(messages) == (not cy_first) + len(table.offered[cy]) + 1
    with sessions(settings.database_url)() as s:
        owed = list(s.scalars(select(NotificationRow)))
        owners = {c.id: c.email for c in s.scalars(select(ChannelRow))}
    assert all(n.sent_at is not None and n.skipped is None for n in owed), "each one sent"
    cys = sorted((n.kind, n.seq) for n in owed if owners[n.channel_id] == CY)
    assert len(cys) == len(set(cys)) == len(messages)
    assert {owners[n.channel_id] for n in owed} == {BOB, CY}, "Ann has no channel: none owed"
    assert len(receiver.posts) == len(posts), "no post anywhere but Bob's webhook"

    # Ann: a turn email per decision, once each, each with its decision's turn page.
    emailed = _emails(settings, smtp, ANN)
    ids = [str(m["Message-ID"]) for _k, m in emailed]
    assert len(ids) == len(set(ids)), "no email twice"
    offering = [
        m
        for k, m in emailed
        if k == "turn" or (k == "invitation" and table.offered[ann][0] + "." in text_of(m))
    ]
    assert len(offering) == len(table.offered[ann])
    for message, page in zip(offering, table.offered[ann], strict=True):
        assert page + "." in text_of(message), "the email offers its own decision"
    # Bob and Cy: their invitation and the game's end by email, never a turn.
    for address in (BOB, CY):
        assert {k for k, _m in _emails(settings, smtp, address)} == {"invitation", "game_over"}
    turns = _turn_rows(settings, game_id)
    assert turns[ann] and all(sent and skip is None for sent, skip in turns[ann])
    for seat in (bob, cy):
        assert turns[seat] and all(not sent and skip == CHANNELS_ONLY for sent, skip in turns[seat])

    # What Bob and Cy were told was checked against what their seat may not see.
    assert table.checked[bob] == len(posts) and table.checked[cy] == len(messages)
    assert table.secrets_seen > 0, "there was something to keep from them"
    print(
        f"\n{name}: {sum(table.decisions.values())} decisions, offered "
        f"{ {s: len(o) for s, o in table.offered.items()} }, {len(posts)} posts, "
        f"{len(messages)} pushes, {len(smtp.to(ANN))} emails to Ann, {table.works} worker runs, "
        f"{elapsed:.1f} s"
    )
    assert elapsed < SECONDS, f"{name} took {elapsed:.0f} s"
