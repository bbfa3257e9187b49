"""Building one outbox row's email (DESIGN.md §7) from the game as it stands now."""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import format_datetime, formataddr, make_msgid
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from service import boards, eventstore, links, presentation
from service.config import ROOT, Settings
from service.eventstore import Loaded, now
from service.models import OutboxRow
from service.play import seat_row

TEMPLATES = Path(ROOT) / "templates" / "email"
_env = Environment(
    loader=FileSystemLoader(str(TEMPLATES)),
    autoescape=select_autoescape(enabled_extensions=("html",), default_for_string=False),
    undefined=StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
)

NEEDS_DECISION = {"turn", "reminder"}
ANNOUNCES = ("invitation", "turn")


def compose(session: Session, settings: Settings, row: OutboxRow) -> EmailMessage | str:
    """The message for ``row``, or the reason it is no longer worth sending."""
    loaded = eventstore.load(session, row.game_id)
    seat = seat_row(loaded.row, row.seat)
    if seat.muted_at is not None:
        return "unsubscribed"
    acting = row.seat in loaded.game.to_act(loaded.state)
    owns = row.kind == "reminder" or _announcing_seq(session, row) == row.seq
    if row.kind in NEEDS_DECISION:
        if not acting:
            return "decision already made"
        if not owns:
            return "a newer email announces this decision"
    view = loaded.game.view(loaded.state, row.seat)
    board = boards.render(loaded.row.game, view, "png")
    image_cid = make_msgid("board", domain=settings.mail_domain)
    context = _context(settings, loaded, row, seat.name, view, offer=acting and owns)
    context["board"] = boards.context(board, image_cid[1:-1])
    message = EmailMessage()
    message["From"] = settings.mail_from
    message["To"] = formataddr((seat.name, seat.email))
    message["Subject"] = _subject(context)
    message["Date"] = format_datetime(now())
    root = f"<{row.game_id}.{row.seat}@{settings.mail_domain}>"
    if row.kind == "invitation":
        message["Message-ID"] = root
    else:
        message["Message-ID"] = make_msgid(
            f"{row.game_id}.{row.seat}.{row.id}", domain=settings.mail_domain
        )
        message["In-Reply-To"] = root
        message["References"] = root
    unsubscribe = links.unsubscribe_url(settings, row.game_id, row.seat)
    message["List-Id"] = (
        f"{loaded.game.title} game {row.game_id} <{row.game_id}.games.{settings.mail_domain}>"
    )
    message["List-Unsubscribe"] = f"<{unsubscribe}>"
    message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    message["Auto-Submitted"] = "auto-generated"
    message.set_content(_env.get_template("message.txt").render(**context))
    message.add_alternative(_env.get_template("message.html").render(**context), subtype="html")
    if board.png is not None:
        html_part = message.get_payload()[1]
        html_part.add_related(
            board.png,
            "image",
            "png",
            cid=image_cid,
            filename=f"{row.game_id}-board.png",
            disposition="inline",
        )
    return message


def _announcing_seq(session: Session, row: OutboxRow) -> int | None:
    """The seq of the seat's newest invitation or turn row. Those rows are written when a
    seat starts deciding, so the newest one owns the seat's current decision: sent late,
    an older email must not offer it a second time (its links would soon be stale)."""
    return session.scalar(
        select(func.max(OutboxRow.seq)).where(
            OutboxRow.game_id == row.game_id,
            OutboxRow.seat == row.seat,
            OutboxRow.kind.in_(ANNOUNCES),
        )
    )


def _context(
    settings: Settings,
    loaded: Loaded,
    row: OutboxRow,
    name: str,
    view: dict[str, Any],
    *,
    offer: bool,
) -> dict[str, Any]:
    decision = presentation.decision(settings, loaded, row.seat, view, offer=offer)
    return {
        "options_elsewhere": not offer and row.seat in loaded.game.to_act(loaded.state),
        "kind": row.kind,
        "game": presentation.game_info(settings, loaded),
        "player": {"seat": row.seat, "name": name},
        "players": presentation.players(loaded, row.seat),
        "whose_turn": presentation.whose_turn(loaded, row.seat),
        "decision": decision,
        "outcome": presentation.outcome(loaded),
        "unsubscribe_url": links.unsubscribe_url(settings, row.game_id, row.seat),
        "page_url": decision["turn_url"],
    }


def _subject(context: dict[str, Any]) -> str:
    game = context["game"]
    prefix = f"[{game['title']} #{game['id']}]"
    if context["kind"] == "game_over":
        outcome = context["outcome"]
        winners = " and ".join(outcome["winners"]) if outcome else "nobody"
        return f"{prefix} Game over after move {game['seq']}: {winners} won"
    if context["decision"]["acting"] or context["options_elsewhere"]:
        turn = "your turn"
    else:
        turn = f"{context['whose_turn']} to play"
    if context["kind"] == "invitation":
        return f"{prefix} You are invited to play: {turn}"
    if context["kind"] == "reminder":
        return f"{prefix} Move {game['seq']}: {turn} (fresh link)"
    return f"{prefix} Move {game['seq']}: {turn}"
