"""Absolute URLs for emails and pages, built from ``BASE_URL``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import Move
from service.config import Settings
from service.links import decisions, tokens
from service.links.decisions import Named
from service.store.eventstore import Loaded


def game_url(settings: Settings, game_id: str) -> str:
    return f"{settings.base_url.rstrip('/')}/games/{game_id}"


def decision_token(
    settings: Settings,
    loaded: Loaded,
    seat: str,
    move: dict[str, Any] | None = None,
    *,
    named: Named | None = None,
) -> str:
    """The token of a link to ``seat``'s current decision (one option of it, with
    ``move``); ``named`` is :func:`service.links.decisions.named` when the caller made it already
    (once for all the options of a decision)."""
    if named is None:
        named = decisions.named(loaded, seat)
    return tokens.action_token(
        settings.secret_key,
        loaded.row.id,
        seat,
        named.turn_seq,
        move,
        loaded.table.generation(seat),
        began=named.began,
        decision=named.digest,
    )


def decision_url(
    settings: Settings,
    loaded: Loaded,
    seat: str,
    move: Move | None = None,
    *,
    named: Named | None = None,
) -> str:
    """A link to ``seat``'s current decision (one option of it, with ``move``)."""
    token = decision_token(settings, loaded, seat, move, named=named)
    return f"{_base(settings)}/act/{token}"


def unsubscribe_url(settings: Settings, game_id: str, seat: str) -> str:
    token = tokens.unsubscribe_token(settings.secret_key, game_id, seat)
    return f"{settings.base_url.rstrip('/')}/unsubscribe/{token}"


def _base(settings: Settings) -> str:
    return settings.base_url.rstrip("/")


def seat_url(settings: Settings, loaded: Loaded, seat: str, anchor: str = "") -> str:
    """The seat's page: vote, nudge, absence, takeback, resume, history (issue 4)."""
    token = tokens.seat_token(
        settings.secret_key, loaded.row.id, seat, loaded.table.generation(seat)
    )
    return f"{_base(settings)}/seat/{token}" + (f"#{anchor}" if anchor else "")


def rematch_url(settings: Settings, loaded: Loaded, seat: str) -> str:
    """The page of a finished game's rematch for ``seat`` (issue 35 §4): its GET only shows,
    its button proposes or confirms."""
    return seat_url(settings, loaded, seat).split("#")[0] + "/rematch"


def resign_url(settings: Settings, loaded: Loaded, seat: str) -> str:
    """The page that asks ``seat``'s player to confirm they resign (issue 32): its GET only
    asks, its button resigns."""
    return seat_url(settings, loaded, seat).split("#")[0] + "/resign"


def person_url(settings: Settings, email: str) -> str:
    """The player's email settings, across all their games."""
    return f"{_base(settings)}/settings/{tokens.person_token(settings.secret_key, email)}"


def never_url(settings: Settings, email: str) -> str:
    """The page where the owner of ``email`` asks never to be emailed again (issue 31 §3);
    a POST to it (one click, RFC 8058) does so."""
    return f"{_base(settings)}/never/{tokens.never_token(settings.secret_key, email)}"


def claim_url(settings: Settings, offer_id: int) -> str:
    return f"{_base(settings)}/claim/{tokens.claim_token(settings.secret_key, offer_id)}"


@dataclass(frozen=True)
class SeatLinks:
    """Every link of a seat's email but its decision's, made once for it."""

    seat: str
    """The seat's page (:func:`seat_url`)."""
    history: str
    """The seat's view of the game's history."""
    settings: str
    """The player's email settings, across all their games (:func:`person_url`)."""
    unsubscribe: str
    """No more emails about this game (:func:`unsubscribe_url`)."""
    join: str
    """The seat's page where a newcomer joins (issue 31 §3)."""
    never: str
    """Never email this address again (:func:`never_url`)."""


def seat_links(settings: Settings, loaded: Loaded, seat: str, address: str) -> SeatLinks:
    """The links of ``seat``'s email to ``address``."""
    page = seat_url(settings, loaded, seat)
    return SeatLinks(
        seat=page,
        history=page.split("#")[0] + "/history",
        settings=person_url(settings, address),
        unsubscribe=unsubscribe_url(settings, loaded.row.id, seat),
        join=f"{page}#join",
        never=never_url(settings, address),
    )


def table_url(settings: Settings, table_id: str) -> str:
    """An open table's page (issue 35 §1): its game's page once it started."""
    return f"{_base(settings)}/tables/{table_id}"


def open_seat_url(settings: Settings, seat_id: int) -> str:
    """The page of one seat at an open table: confirm it, or leave it."""
    return f"{_base(settings)}/tables/seat/{tokens.open_seat_token(settings.secret_key, seat_id)}"


def table_invitation_url(settings: Settings, table_id: str, nonce: str) -> str:
    token = tokens.table_invitation_token(settings.secret_key, table_id, nonce)
    return f"{_base(settings)}/tables/invitation/{token}"
