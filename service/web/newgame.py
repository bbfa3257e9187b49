"""The new-game form (issue 20): its fields drawn from each game's declaration (players,
its own options in ``choices``: ``engine.kit.choices``; the pace the service adds), read
back with a message beside each field that is wrong, and the form kept as it was typed.

The form checks what it can say precisely next to a field; ``create_game`` still checks
everything, so the form and the JSON API keep one set of rules."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from engine import registry
from engine.kit.choices import Choice, Flag, Number, Option
from service import words
from service.errors import BadRequest
from service.play import bots
from service.play.games import bot_levels, parse_players
from service.present import presentation
from service.store import names
from service.table.state import MAX_ZONE_NAME
from service.web.strictjson import Unreadable, parse_field
from service.words import _, n_

WHOLE_NUMBER = re.compile(r"[0-9]{1,6}")
PLAYER_FIELDS = 4
"""Address fields on the form: the most players any game of the catalogue seats, at least."""


@dataclass
class Field:
    """One field as its macro (``service/templates/fields.html``) draws it."""

    kind: str
    """``number``, ``choice``, ``flag``, ``zone`` or ``url``: the macro that draws it."""
    name: str
    label: Any
    help: Any
    value: str
    error: Any = None
    low: int | None = None
    high: int | None = None
    values: list[tuple[str, Any]] = field(default_factory=list)


@dataclass
class Reading:
    """What the form said, and what is wrong with it field by field."""

    game: str
    players: list[Any]
    """Addresses, and ``{"bot": level}`` for a seat a bot holds (issue 37 §3)."""
    options: dict[str, Any]
    pace: dict[str, Any]
    errors: dict[str, Any]
    open_seats: int = 0
    """Seats left for players nobody named yet (issue 35 §1): an open table."""
    listed: bool = True
    languages: list[str] = field(default_factory=list)
    private_talk_after: bool = False
    """The table's choice to show private talk in the finished game's log (issue 35 §2)."""
    webhook: str = ""
    webhook_kind: str = "discord"
    """The table's webhook and its receiver (issue 36), checked when the game is made."""


PACE = (
    (
        "days",
        _("Days per decision"),
        _("How long each player has to decide before a bot or a vote takes over."),
        3,
        1,
        60,
    ),
    (
        "remind_after_hours",
        _("First reminder after (hours)"),
        _("A player who has not decided gets a reminder after this many hours."),
        24,
        1,
        24 * 60,
    ),
    (
        "remind_every_hours",
        _("Then a reminder every (hours)"),
        _("Reminders repeat at this interval until the deadline."),
        24,
        1,
        24 * 60,
    ),
)
PACE_WORDS = {
    "days": _("Pace: days must be a whole number."),
    "remind_after_hours": _("Pace: remind after hours must be a whole number."),
    "remind_every_hours": _("Pace: remind every hours must be a whole number."),
}


def option_name(game: str, option: Option) -> str:
    """A game's option's field: each game has its own, so switching game loses nothing."""
    return f"opt.{game}.{option.name}"


def choices(game: Any) -> tuple[Option, ...]:
    found = getattr(game, "choices", ())
    return tuple(o for o in found if isinstance(o, Choice | Flag | Number))


def games(form: Any, errors: dict[str, Any]) -> list[dict[str, Any]]:
    """Every game one can start, with its option fields as typed (or their defaults)."""
    return [
        {
            "name": g.name,
            "title": g.title,
            "min": g.min_players,
            "max": g.max_players,
            "solo": g.min_players == 1,
            "has_data": presentation.game_data(g.name) is not None,
            "fields": [_option_field(g.name, o, form, errors) for o in choices(g)],
        }
        for g in sorted(registry.GAMES.values(), key=lambda g: g.title)
    ]


def _option_field(game: str, option: Option, form: Any, errors: dict[str, Any]) -> Field:
    name = option_name(game, option)
    typed = form.get(name) if form else None
    if isinstance(option, Choice):
        return Field(
            "choice",
            name,
            option.label,
            option.help,
            str(option.default) if typed is None else typed,
            errors.get(name),
            values=[(str(v), label) for v, label in option.values],
        )
    if isinstance(option, Flag):
        on = option.default if not form else form.get(name) == "1"
        return Field("flag", name, option.label, option.help, "1" if on else "", errors.get(name))
    return Field(
        "number",
        name,
        option.label,
        option.help,
        str(option.default) if typed is None else typed,
        errors.get(name),
        low=option.low,
        high=option.high,
    )


def pace_fields(form: Any, errors: dict[str, Any]) -> list[Field]:
    found = [
        Field(
            "number",
            name,
            label,
            help,
            str(default) if not form or form.get(name) is None else form.get(name),
            errors.get(name),
            low=low,
            high=high,
        )
        for name, label, help, default, low, high in PACE
    ]
    found.append(
        Field(
            "zone",
            "timezone",
            _("Deadlines in the time zone"),
            _("Deadlines and reminders are written in this zone; each player can choose theirs."),
            (form.get("timezone") or "") if form else "",
            errors.get("timezone"),
        )
    )
    return found


PRIVATE_TALK_AFTER = "private_talk_after"
"""The checkbox of the table's choice about private talk (issue 35 §2); off unless ticked."""


def talk_fields(form: Any, errors: dict[str, Any]) -> list[Field]:
    """The table's choice about its talk, made once at creation (issue 35 §2)."""
    return [
        Field(
            "flag",
            PRIVATE_TALK_AFTER,
            _("Show private talk in the finished game's log"),
            _(
                "Once the game is over, its published log carries what players said to one "
                "player alone too. Unticked, such words stay private even after the game; "
                "what is said to the whole table is published either way. It cannot be "
                "changed later."
            ),
            "1" if form and form.get(PRIVATE_TALK_AFTER) == "1" else "",
            errors.get(PRIVATE_TALK_AFTER),
        )
    ]


WEBHOOK = "webhook"
WEBHOOK_KIND = "webhook_kind"


def webhook_fields(form: Any, errors: dict[str, Any]) -> list[Field]:
    """The table's webhook (issue 36): a chat room told of each turn, once for all."""
    kinds = [("discord", _("Discord")), ("slack", _("Slack (or Matrix through its Slack bridge)"))]
    return [
        Field(
            "url",
            WEBHOOK,
            _("The table's webhook (optional)"),
            _(
                "A chat room's incoming webhook (https://...): each turn, the game's start "
                "and its end are posted there once, for all the players, with nothing "
                "hidden. A generic JSON webhook is set from a player's seat page."
            ),
            (form.get(WEBHOOK) or "") if form else "",
            errors.get(WEBHOOK),
        ),
        Field(
            "choice",
            WEBHOOK_KIND,
            _("Where it posts"),
            "",
            (form.get(WEBHOOK_KIND) or "discord") if form else "discord",
            errors.get(WEBHOOK_KIND),
            values=kinds,
        ),
    ]


def player_values(form: Any) -> list[dict[str, str]]:
    """Each player row of the form as filled in: its address and who holds the seat (``""``:
    the person at that address; else a bot's level, issue 37 §3)."""
    given = list(form.getlist("player")) if form and hasattr(form, "getlist") else []
    kinds = list(form.getlist(SEAT_AS)) if form and hasattr(form, "getlist") else []
    rows = max(PLAYER_FIELDS, len(given))
    given += [""] * (rows - len(given))
    kinds += [""] * (rows - len(kinds))
    return [
        {"value": value, "as": kind if kind in bots.LEVELS else ""}
        for value, kind in zip(given[:rows], kinds[:rows], strict=True)
    ]


SEAT_AS = "seat_as"
"""The field beside each player's address: a person (empty) or a bot of a level."""


def bot_choices() -> list[tuple[str, Any]]:
    """What each player row may hold: the person at its address, or a bot of each level."""
    return [("", _("A person (the address)"))] + [
        (level, _("A bot: {level}", level=names.level_word(level))) for level in bots.LEVELS
    ]


def _entries(form: Any, errors: dict[str, Any]) -> list[Any]:
    """The players the form names, in seat order: an address, or ``{"bot": level}``."""
    entries: list[Any] = []
    for number, row in enumerate(player_values(form), start=1):
        address = row["value"].strip()
        if row["as"]:
            if address:
                errors["player"] = _(
                    "Player {number}: a bot's seat has no address; leave it empty.",
                    number=number,
                )
            entries.append({"bot": row["as"]})
        elif address:
            entries.append(address)
    return entries


def read(form: Any) -> Reading:
    """The form's game, players, options and pace, and each field's error."""
    errors: dict[str, Any] = {}
    name = form.get("game", "")
    players = _entries(form, errors)
    try:
        game = registry.get(name)
    except KeyError:
        game = None  # create_game names the known games
    try:
        people = [p for p in players if isinstance(p, str)]
        if people:
            parse_players(people)
        bot_levels(players)
    except BadRequest as exc:  # "Player 2: ..." says which address, and why
        errors.setdefault("player", exc.message)
    open_seats = _open_seats(form, errors)
    if open_seats and any(isinstance(p, dict) for p in players):
        errors["open_seats"] = _("Bots sit at a game made whole, not at a table left open.")
    given = len(players) + open_seats
    wanted = game is not None and game.min_players <= given <= game.max_players
    if "player" not in errors and game is not None and not wanted:
        errors["player"] = _players_wanted(game, len(players))
        if open_seats:
            errors["open_seats"] = _(
                "{title} is played by {min} to {max} players: with {named} named, leave "
                "{low} to {high} seats open.",
                title=game.title,
                min=game.min_players,
                max=game.max_players,
                named=len(players),
                low=max(0, game.min_players - len(players)),
                high=max(0, game.max_players - len(players)),
            )
            errors.pop("player")
    options = _json_options(form, errors)
    if game is not None:
        for option in choices(game):
            _read_option(form, game.name, option, options, errors)
    languages = [lang for lang in form.getlist("languages") if lang in words.LANGUAGES]
    return Reading(
        name,
        players,
        options,
        _pace(form, errors),
        errors,
        open_seats=open_seats,
        listed=not form.get("open_seats") or form.get("listed") == "1",
        languages=languages,
        private_talk_after=form.get(PRIVATE_TALK_AFTER) == "1",
        webhook=(form.get(WEBHOOK) or "").strip(),
        webhook_kind=form.get(WEBHOOK_KIND) or "discord",
    )


OPEN_SEATS_MOST = 5
"""The most seats the form may leave open: a whole table but its creator's."""


def _open_seats(form: Any, errors: dict[str, Any]) -> int:
    raw = (form.get("open_seats") or "").strip()
    if not raw:
        return 0
    if not WHOLE_NUMBER.fullmatch(raw) or int(raw) > OPEN_SEATS_MOST:
        errors["open_seats"] = _(
            "A whole number from {low} to {high}.", low="0", high=str(OPEN_SEATS_MOST)
        )
        return 0
    return int(raw)


def _players_wanted(game: Any, given: int) -> Any:
    if game.min_players == game.max_players:
        return n_(
            "{title} is played by {n} player: give {n} address.",
            "{title} is played by {n} players: give {n} addresses.",
            n=game.min_players,
            title=game.title,
        )
    return _(
        "{title} is played by {min} to {max} players: give {min} to {max} addresses "
        "(you gave {given}).",
        title=game.title,
        min=game.min_players,
        max=game.max_players,
        given=given,
    )


def _json_options(form: Any, errors: dict[str, Any]) -> dict[str, Any]:
    """The advanced field: options as JSON, for a game served without declared ones."""
    try:
        options = parse_field(form.get("options") or "{}")
    except Unreadable as exc:
        errors["options"] = _(
            "Options must be a JSON object, for example {{}}: this {reason}.", reason=str(exc)
        )
        return {}
    if not isinstance(options, dict):
        errors["options"] = _("Options must be a JSON object, for example {{}}.")
        return {}
    return options


def _read_option(
    form: Any, game: str, option: Option, options: dict[str, Any], errors: dict[str, Any]
) -> None:
    name = option_name(game, option)
    raw = (form.get(name) or "").strip()
    if not raw and not isinstance(option, Flag):
        options[option.name] = option.default  # a form that does not show it: the default
    elif isinstance(option, Flag):
        options[option.name] = raw == "1"
    elif isinstance(option, Choice):
        known = {str(v): v for v, _label in option.values}
        if raw in known:
            options[option.name] = known[raw]
        else:
            errors[name] = _("Choose one of the values listed.")
    elif WHOLE_NUMBER.fullmatch(raw) and option.low <= int(raw) <= option.high:
        options[option.name] = int(raw)
    else:
        errors[name] = _(
            "A whole number from {low} to {high}.", low=str(option.low), high=str(option.high)
        )


def _pace(form: Any, errors: dict[str, Any]) -> dict[str, Any]:
    """The pace fields (issue 4); blanks keep the defaults."""
    pace: dict[str, Any] = {}
    for name, _label, _help, _default, low, high in PACE:
        raw = (form.get(name) or "").strip()
        if not raw:
            continue
        if not WHOLE_NUMBER.fullmatch(raw):
            errors[name] = PACE_WORDS[name]
        elif not low <= int(raw) <= high:
            errors[name] = _("A whole number from {low} to {high}.", low=str(low), high=str(high))
        else:
            pace[name] = int(raw)
    zone = (form.get("timezone") or "").strip()
    if zone:
        if len(zone) > MAX_ZONE_NAME or not _known_zone(zone):
            errors["timezone"] = _(
                "Unknown time zone {zone}: choose one from the list, such as Europe/Madrid.",
                zone=repr(zone[:40]),
            )
        else:
            pace["timezone"] = zone
    return pace


def _known_zone(zone: str) -> bool:
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    try:
        ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return False
    return True
