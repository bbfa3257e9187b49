"""A rematch of a finished game (issue 35 §4): the same game, with the same options and pace
(and the table's choice about private talk, issue 35 §2), for the same players, the seats'
order turned by one (the second player plays first).

Any player of the finished game proposes it (the seat page's button, or replying
``rematch`` to the game's last email); every other player who can be asked gets an email
asking them to confirm (its link's page, or replying ``rematch`` or ``yes``); the proposer
has confirmed by proposing. A second proposal joins the first: one rematch per finished
game. The new game starts when every asked player has confirmed, or, once
``REMATCH_WAIT`` has passed (the scheduler's tick, :func:`settle_due`), with those who did
if the game is played by that many; otherwise the rematch lapses and those who confirmed
are told.

Who is asked: the players who can still be emailed about the finished game. Not a player
who resigned (they asked for no more emails about it), nor one who left and was
forgotten, unsubscribed from the game, whose address is blocked, asked never to be
emailed or comes back undelivered, nor a seat a bot played at the end (its player went
quiet). They are not in the new game either; nor is an asked player who never confirmed
when the wait ends.

The rematch is kept beside the games (:class:`RematchRow`), never in a log: the finished
game's log is closed and its seed revealed. Exactly one new game: the rematch's row is
locked before it is read (``FOR UPDATE`` on PostgreSQL; SQLite writes one at a time), and
the new game is created in the transaction that sets ``new_game_id``, only while it is
unset.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime, timedelta
from typing import Any, cast

from sqlalchemy import CursorResult, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from service.config import Settings
from service.errors import BadRequest
from service.links import urls as links
from service.play import blocklist, reach, suppression
from service.play.games import create_game
from service.play.holders import check_holder, seat_row
from service.play.moves import outbox
from service.store import eventstore
from service.store import names as shown_names
from service.store.eventstore import Loaded, now
from service.store.models import GameRow, RematchPlayerRow, RematchRow, SeatRow
from service.words import _, listing, n_

KINDS = ("rematch_request", "rematch_lapsed", "rematch_without_you")
"""The outbox kinds of its emails: asking a player to confirm; telling those who confirmed
that it lapsed; telling those asked who did not confirm in time that it started without
them."""


@dataclass(frozen=True)
class Wanted:
    """What wanting a rematch did: the rematch as it stands, the new game when it started
    (now or before), and the emails to send."""

    rematch: RematchRow
    outbox_ids: list[int]
    started: str | None
    proposed: bool


def askable(session: Session, loaded: Loaded, seat: str) -> bool:
    """Whether ``seat``'s player may be asked to play the rematch (the module's list of who
    is not)."""
    if seat in resigned(loaded) or seat in loaded.table.bots:
        return False
    return emailable(session, seat_row(loaded.row, seat))


def bots_kept(loaded: Loaded) -> list[dict[str, str]]:
    """The bots seated at the table (issue 37 §3), as the rematch seats them again: each at
    its level, asked nothing."""
    return [{"bot": s.bot} for s in loaded.row.seats if s.bot is not None]


def resigned(loaded: Loaded) -> frozenset[str]:
    """The seats whose players resigned, the one whose resignation ended the game too."""
    ended = (loaded.table.abandoned or {}).get("resigned", ())
    return frozenset({*loaded.table.resigned, *ended})


def emailable(session: Session, row: SeatRow) -> bool:
    """Whether the seat's player can be emailed about the game, and so play its rematch."""
    if row.email is None or row.left_at is not None or row.muted_at is not None:
        return False
    if blocklist.blocked(session, row.email) or suppression.suppressed(session, row.email):
        return False
    return reach.refusal(session, row.email) is None


def of(session: Session, game_id: str) -> RematchRow | None:
    """The rematch of finished game ``game_id``, if one was proposed. Read without
    autoflush: an email's send reads it between its claim and its update (one update)."""
    with session.no_autoflush:
        return session.get(RematchRow, game_id)


def of_new(session: Session, new_game_id: str) -> RematchRow | None:
    """The rematch that started game ``new_game_id``, if it is one (read as :func:`of`)."""
    with session.no_autoflush:
        return session.scalars(
            select(RematchRow).where(RematchRow.new_game_id == new_game_id)
        ).one_or_none()


def _locked(session: Session, game_id: str) -> RematchRow | None:
    return session.scalars(
        select(RematchRow)
        .where(RematchRow.game_id == game_id)
        .with_for_update()
        .execution_options(populate_existing=True)
    ).one_or_none()


def refusal(session: Session, loaded: Loaded, seat: str) -> str | None:
    """Why ``seat`` cannot propose or confirm a rematch of this game now, else None."""
    if not loaded.row.over:
        return _("The game is not over: a rematch is offered once it ends.")
    if seat in resigned(loaded):
        return _("You resigned from this game, so it offers you no rematch.")
    return None


def want(session: Session, settings: Settings, game_id: str, seat: str, generation: int) -> Wanted:
    """``seat`` wants a rematch of finished game ``game_id``: it proposes one, or confirms
    the one proposed. Refused (:class:`BadRequest`, nothing written) for a game not over,
    a seat that cannot play it, or too few players to ask."""
    loaded = eventstore.load(session, game_id)
    check_holder(loaded, seat, generation)
    refused = refusal(session, loaded, seat)
    if refused is not None:
        raise BadRequest(refused)
    rematch = _locked(session, game_id)
    if rematch is None:
        try:
            with session.begin_nested():
                return _propose(session, settings, loaded, seat)
        except IntegrityError:
            rematch = _locked(session, game_id)  # proposed meanwhile: this joins it
            assert rematch is not None
    return _confirm(session, settings, loaded, rematch, seat)


def _propose(session: Session, settings: Settings, loaded: Loaded, seat: str) -> Wanted:
    game = loaded.game
    others = [
        s.seat for s in loaded.row.seats if s.seat != seat and askable(session, loaded, s.seat)
    ]
    if 1 + len(others) + len(bots_kept(loaded)) < game.min_players:
        raise BadRequest(
            n_(
                "A rematch needs {n} player, and too few of this game's players can be asked.",
                "A rematch needs {n} players, and too few of this game's players can be asked.",
                n=game.min_players,
            )
        )
    moment = now()
    rematch = RematchRow(
        game_id=loaded.row.id,
        proposed_by=seat,
        proposed_at=moment,
        due_at=moment + timedelta(seconds=settings.rematch_wait),
        lapsed=False,
    )
    position = {s.seat: s.position for s in loaded.row.seats}
    rematch.players = [
        RematchPlayerRow(seat=s, position=position[s], confirmed_at=moment if s == seat else None)
        for s in sorted([seat, *others], key=position.__getitem__)
    ]
    session.add(rematch)
    session.flush()
    if not others:  # nobody to ask (a game of one): it starts at once
        return _start(session, loaded, rematch, proposed=True)
    ids = outbox(session, loaded.row, others, "rematch_request")
    return Wanted(rematch, ids, None, proposed=True)


def _confirm(
    session: Session, settings: Settings, loaded: Loaded, rematch: RematchRow, seat: str
) -> Wanted:
    if rematch.new_game_id is not None or rematch.lapsed:
        return Wanted(rematch, [], rematch.new_game_id, proposed=False)
    mine = next((p for p in rematch.players if p.seat == seat), None)
    if mine is None:
        raise BadRequest(
            _("This rematch was proposed without you: your emails could not reach you then.")
        )
    if mine.confirmed_at is None:
        mine.confirmed_at = now()
    if all(p.confirmed_at is not None for p in rematch.players):
        return _start(session, loaded, rematch, proposed=False)
    return Wanted(rematch, [], None, proposed=False)


def _start(session: Session, loaded: Loaded, rematch: RematchRow, *, proposed: bool) -> Wanted:
    """The new game, with the players who confirmed and can still be emailed, their order
    turned by one: exactly once (the update claims the rematch while no game was started).
    Too few of them for the game: the rematch lapses and they are told."""
    playing = [
        p for p in rematch.players
        if p.confirmed_at is not None and emailable(session, seat_row(loaded.row, p.seat))
    ]  # fmt: skip
    game = loaded.game
    kept = bots_kept(loaded)
    if not playing or not game.min_players <= len(playing) + len(kept) <= game.max_players:
        rematch.lapsed, rematch.due_at = True, None
        ids = outbox(session, loaded.row, [p.seat for p in playing], "rematch_lapsed")
        return Wanted(rematch, ids, None, proposed=proposed)
    order = playing[1:] + playing[:1]
    players: list[dict[str, Any]] = []
    for p in order:
        row = seat_row(loaded.row, p.seat)
        players.append(
            {"email": row.email, "name": row.name, "language": row.language,
             "time_zone": row.time_zone or ""}
        )  # fmt: skip
    players += kept
    applied = create_game(
        session,
        loaded.row.game,
        players,
        dict(loaded.row.options),
        asdict(loaded.table.pace),
        private_talk_after=loaded.row.private_talk_after,  # the table's choice, kept
    )
    claimed = session.execute(
        update(RematchRow)
        .where(RematchRow.game_id == rematch.game_id, RematchRow.new_game_id.is_(None))
        .values(new_game_id=applied.loaded.row.id, due_at=None)
        .execution_options(synchronize_session=False)
    )
    if cast(CursorResult[Any], claimed).rowcount != 1:  # an UPDATE's result counts its rows
        raise BadRequest(_("This rematch has started already."))  # the caller's rollback
    session.refresh(rematch)
    # Those asked who did not confirm in time (and can still be emailed) hear it started.
    left_out = [
        p.seat for p in rematch.players
        if p.confirmed_at is None and emailable(session, seat_row(loaded.row, p.seat))
    ]  # fmt: skip
    told = outbox(session, loaded.row, left_out, "rematch_without_you")
    return Wanted(rematch, applied.outbox_ids + told, applied.loaded.row.id, proposed=proposed)


def settle_due(session: Session, game_id: str, moment: datetime) -> list[int]:
    """The wait of ``game_id``'s rematch has passed: start it with those who confirmed if
    the game is played by that many, else it lapses and they are told. Nothing when it is
    not due, or settled already (a second tick)."""
    rematch = _locked(session, game_id)
    if rematch is None or rematch.due_at is None or rematch.due_at > moment:
        return []
    if rematch.new_game_id is not None or rematch.lapsed:
        return []
    loaded = eventstore.load(session, game_id)
    return _start(session, loaded, rematch, proposed=False).outbox_ids


def due(session: Session, moment: datetime) -> list[str]:
    """The finished games whose rematch's wait has passed, unsettled."""
    return list(
        session.scalars(
            select(RematchRow.game_id)
            .where(RematchRow.due_at <= moment)
            .order_by(RematchRow.due_at)
        )
    )


def confirmed(rematch: RematchRow, seat: str) -> bool:
    return any(p.seat == seat and p.confirmed_at is not None for p in rematch.players)


def waiting_for(rematch: RematchRow) -> list[str]:
    """The seats asked that have not confirmed yet."""
    return [p.seat for p in rematch.players if p.confirmed_at is None]


def linked(session: Session, game: GameRow) -> dict[str, str | None]:
    """The games this one is linked to (issue 35 §4): the rematch it started, and the game
    it is the rematch of."""
    mine = of(session, game.id)
    before = of_new(session, game.id)
    return {
        "rematch": mine.new_game_id if mine is not None else None,
        "rematch_of": before.game_id if before is not None else None,
    }


def said(session: Session, settings: Settings, loaded: Loaded, wanted: Wanted) -> list[str]:
    """What wanting a rematch did, in sentences (a reply's answer)."""
    found = wanted.rematch
    if wanted.started is not None:
        return [
            _(
                "The rematch has started: game #{id}. Every player in it has been emailed "
                "an invitation.",
                id=wanted.started,
            ),
            _("Game page: {url}", url=links.game_url(settings, wanted.started)),
        ]
    if found.lapsed:
        return [_("The rematch lapsed: too few players confirmed it in time.")]
    lines: list[str] = [
        _("Your rematch is proposed: the other players are asked to confirm it.")
        if wanted.proposed
        else _("You confirmed the rematch.")
    ]
    waiting = [shown_names.of_seat(seat_row(loaded.row, s)) for s in waiting_for(found)]
    if waiting:
        lines.append(_("Waiting for: {names}.", names=listing(waiting, "and")))
    return lines
