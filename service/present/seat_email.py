"""What one outbox row tells its seat, gathered once (DESIGN.md §7): every sentence, link and
panel of it, in this context's language, from ``view(state, seat)``. The email's templates
read it (:mod:`service.mail.compose` adds only what an email alone has: its picture's
Content-ID, its reply address and reply commands); the channels beside email reuse it, never
the email's MIME."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.kit.words import Msg
from service import boards, words
from service.config import Settings
from service.links import urls
from service.present import notices, presentation
from service.store.eventstore import Loaded
from service.words import _


@dataclass(frozen=True)
class SeatEmail:
    """What one email tells one seat: its kind, the game, the seat's decision, the table's
    notice and the news since the seat last decided, and every link of it."""

    kind: str
    game: dict[str, Any]
    player: dict[str, Any]
    players: list[dict[str, Any]]
    whose_turn: str
    decision: dict[str, Any]
    options_elsewhere: bool
    """The seat decides now, but another email offers its options."""
    outcome: dict[str, Any] | None
    pace: dict[str, Any]
    turn: int
    links: urls.SeatLinks
    view: dict[str, Any]
    notice: dict[str, Any] | None = None
    news: dict[str, Any] | None = None
    note: str | None = None
    """The seat's private note (issue 35 §3), in an email to the seat's own player that
    offers its decision; None in any other."""
    plans: dict[str, Any] | None = None
    """The seat's own plans ahead (issue 38 §1), waiting or stopped since its previous
    email, in an email to its own player that offers its decision; None in any other, and
    whenever it has none to tell."""

    def headline(self) -> str:
        """What this email says, in a few words and this context's language: the preheader a
        mail client shows beside the game's subject, and the text part's first line."""
        return words.text(_headline(self))

    def preheader(self) -> str:
        """What changed, for the line a mail client shows under the game's subject: the
        headline, and the newest thing that happened since the seat last decided."""
        said = self.headline()
        if self.news and self.news["lines"]:
            return f"{said} — {self.news['lines'][-1]}"
        return said

    def fields(self) -> dict[str, Any]:
        """What the templates read of it, by the names they use."""
        return {
            "kind": self.kind,
            "game": self.game,
            "player": self.player,
            "players": self.players,
            "whose_turn": self.whose_turn,
            "decision": self.decision,
            "options_elsewhere": self.options_elsewhere,
            "outcome": self.outcome,
            "pace": self.pace,
            "turn": self.turn,
            "notice": self.notice,
            "news": self.news,
            "note": self.note,
            "plans": self.plans,
            "page_url": self.decision["turn_url"],
            "seat_url": self.links.seat,
            "history_url": self.links.history,
            "settings_url": self.links.settings,
            "unsubscribe_url": self.links.unsubscribe,
        }


def seat_email(
    settings: Settings,
    loaded: Loaded,
    seat: str,
    kind: str,
    *,
    name: str,
    address: str,
    offer: bool,
    notice: dict[str, Any] | None = None,
    news: dict[str, Any] | None = None,
    note: str | None = None,
    plans: dict[str, Any] | None = None,
) -> SeatEmail:
    """What an email of ``kind`` tells ``seat`` (greeted as ``name``, written to
    ``address``); ``offer``: it offers the seat's decision (else another email does);
    ``note`` and ``plans``: the seat's private note and plans ahead, for its own player's
    email that offers it."""
    view = loaded.game.view(loaded.state, seat)
    decision = presentation.decision(settings, loaded, seat, view, offer=offer)
    colours = boards.seat_colours(loaded.row.game, [s.seat for s in loaded.row.seats])
    return SeatEmail(
        kind=kind,
        game=presentation.game_info(settings, loaded),
        player={
            "seat": seat,
            "name": name,
            "colour": colours[seat],
            "turn_order": presentation.turn_order(loaded, seat, view)
            if kind == "invitation"
            else [],
        },
        players=presentation.players(loaded, seat),
        whose_turn=presentation.whose_turn(loaded, seat),
        decision=decision,
        options_elsewhere=not offer and seat in loaded.game.to_act(loaded.state),
        outcome=presentation.outcome(loaded),
        pace=notices.pace(loaded, seat),
        turn=loaded.table.turn_for(seat),
        links=urls.seat_links(settings, loaded, seat, address),
        view=view,
        notice=notice,
        news=news,
        note=note if note and decision["acting"] else None,
        plans=plans if plans and decision["acting"] else None,
    )


def _headline(told: SeatEmail) -> Msg:
    if told.kind == "game_over":
        return _game_over(told)
    yours = told.decision["acting"] or told.options_elsewhere
    whose, turn = told.whose_turn, told.turn
    if told.kind == "invitation":
        return (
            _("You are invited to play: your turn")
            if yours
            else _("You are invited to play: {whose} to play", whose=whose)
        )
    if told.kind == "fresh_link":
        return (
            _("Turn {turn}: your turn (fresh link)", turn=turn)
            if yours
            else _("Turn {turn}: {whose} to play (fresh link)", turn=turn, whose=whose)
        )
    if told.notice is not None:
        said: Msg = told.notice["headline"]
        return said
    if yours:
        return _("Turn {turn}: your turn", turn=turn)
    return _("Turn {turn}: {whose} to play", turn=turn, whose=whose)


def _game_over(told: SeatEmail) -> Msg:
    turns, outcome = told.game["turns"], told.outcome
    if outcome and outcome["resigned"]:  # issue 32
        if outcome["winners"]:
            return _(
                "Game over after turn {turn}: {winners} won by resignation",
                turn=turns,
                winners=outcome["together"],
            )
        return _("Game over after turn {turn}, by resignation", turn=turns)
    if outcome and outcome["winners"]:
        return _(
            "Game over after turn {turn}: {winners} won", turn=turns, winners=outcome["together"]
        )
    return _("Game over after turn {turn}: nobody won", turn=turns)
