"""Table commands by reply (issue 18): ``status``, ``help``, ``takeback``, ``away until
DATE``, ``back``, ``nudge``, ``digest`` / ``every turn`` / ``stop``, ``yes`` / ``no`` to a
takeback, votes on a passed deadline, ``resign`` (issue 32), ``note ...`` (issue 35 §3) and
``feed`` / ``new feed`` (issue 36 §1), in the player's language or in English.

``resign`` only asks: its answer's reply address asks for the confirmation
(:attr:`service.links.replyto.ReplyTo.asks`), and ``yes`` to that address, and only to it,
resigns (``no`` does not); ``yes`` to any other address still answers a takeback.

The reader of replies (:mod:`service.mail.replies`) calls :func:`run` for each meaningful
line that is not an option code, inside its transaction and in the seat's language
(``words.speaking``). Each command calls the function the seat page calls
(:mod:`service.play.slowplay`) with the seat the signed reply address names, so a reply
and a click obey the same rules and are refused with the same sentences.

The command words are :data:`.keywords.KEYWORDS`; a line is read into a command by
:func:`.parsing.parse`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from babel.dates import format_date
from sqlalchemy.orm import Session

from engine.kit.words import Listing
from service import words
from service.config import Settings
from service.errors import BadRequest, Conflict, ServiceError, Stale
from service.links import urls as links
from service.mail.dates import fold, read_day
from service.mail.keywords import BOT_LEVELS, FROM, SINGLE_OPTION, TO, UNTIL, single_word, word
from service.mail.parsing import echo, normal, parse
from service.mail.parsing import private as parse_private
from service.play import (
    channels,
    feeds,
    notes,
    plans,
    rematch,
    resigning,
    slowplay,
    suppression,
    talk,
    webhook_urls,
)
from service.play.holders import check_holder, seat_row
from service.present import codes, notices, presentation
from service.store import eventstore
from service.store import names as shown_names
from service.store.eventstore import Loaded, now
from service.store.models import ChannelRow, SeatRow
from service.table import schedule
from service.table.state import CHOICE_LABELS, CHOICES
from service.words import _, listing, n_


@dataclass(frozen=True)
class Said:
    ok: bool
    """Done, or refused."""
    text: str
    """One or more sentences (one a line) in the reader's language, already rendered: plain
    text, holding of the player's own words at most a short quoted echo (:func:`echo`)."""
    outbox_ids: list[int]
    """Emails the command caused (a takeback request to the others, say)."""
    asks: str = ""
    """What the answer's reply address asks the player to confirm (``"resign"``), or ``""``."""


def run(
    session: Session,
    settings: Settings,
    game_id: str,
    seat: str,
    generation: int,
    email: str,
    line: str,
    *,
    asks: str = "",
    first_contact: bool = False,
    more: Sequence[str] = (),
    prose: bool = False,
) -> Said | None:
    """None when ``line`` is not a table command (part B then answers 'not understood').

    ``email`` is the sender part B has checked against the seat; what is per person (an
    absence, the choice of turn emails) is applied to the seat's own address as stored, as
    the seat page does, so a command can only ever act for the seat the address names.
    ``asks`` is what the reply's address asked to confirm: ``yes`` or ``no`` answers that.
    ``first_contact``: the sender had never acted on an email of ours before this reply, so
    ``stop`` answers their invitation: never email me again (issue 31 §3). ``more``: the
    reply's lines below this one, which only ``note`` reads (the note is the rest of the
    reply, issue 35 §3). ``prose``: a line that is no command is said to the table, with
    the lines below it (issue 35 §2)."""
    found = parse(line)
    if found is None and prose:
        found = "say", line
    if found is None:
        return None
    command, rest = found
    handler = CONFIRMS.get((asks, command)) or HANDLERS[command]
    try:
        loaded = eventstore.load(session, game_id)
        check_holder(loaded, seat, generation)
        table = _Table(session, settings, loaded, seat, generation, first_contact, tuple(more))
        sentences, outbox_ids = handler(table, command, rest)
        return Said(True, _joined(sentences), outbox_ids, ASKS.get(command, ""))
    except Conflict:
        raise  # another writer won: the caller's transaction is spent, and it retries
    except ServiceError as refused:
        return Said(False, _joined([refused.message]), [])


@dataclass(frozen=True)
class _Table:
    session: Session
    settings: Settings
    loaded: Loaded
    seat: str
    generation: int
    first_contact: bool = False
    more: tuple[str, ...] = ()
    """The reply's lines below the command's: the rest of a note or of talk (issue 35)."""

    def written(self, rest: str) -> str:
        """What the player wrote after the command's word: the rest of its line and the
        reply's lines below it, blank lines left out (a note, talk)."""
        return "\n".join(line for line in (rest, *self.more) if line)

    @property
    def holder(self) -> SeatRow:
        return seat_row(self.loaded.row, self.seat)

    @property
    def game_id(self) -> str:
        return self.loaded.row.id

    def reload(self) -> Loaded:
        return eventstore.load(self.session, self.game_id)


Result = tuple[list[str], list[int]]
"""Sentences (messages or plain text) and the outbox rows the command made."""


def _joined(sentences: list[str]) -> str:
    return "\n".join(str(words.text(s)) for s in sentences)


def _refuse(message: str) -> ServiceError:
    return BadRequest(message)


def _day(day: date) -> str:
    """A day as the reader's language writes it in a sentence ("24 декабря 2026 г.")."""
    lang = words.language()
    if lang == "en":
        return f"{day.day} {day:%B %Y}"
    return format_date(day, "long", locale=lang)


def _today(t: _Table) -> date:
    zone = words.reader_zone() or t.loaded.table.pace.timezone
    return now().astimezone(words.zone(zone)).date()


def _choices() -> Listing:
    """The vote's choices as the reader replies them."""
    newcomer = words.text(_("<address> <name>"))
    replace = f"{word('replace')} {newcomer}"
    return listing((replace if c == "replace" else word(c) for c in CHOICES), "or")


def status(t: _Table, _command: str, _rest: str) -> Result:
    game = presentation.game_info(t.settings, t.loaded)
    lines: list[str] = [_("{title}, game #{id}.", title=game["title"], id=str(game["id"]))]
    lines += _standing(t)
    lines += _others(t.loaded, t.seat)
    lines += _asked(t.loaded, t.seat)
    lines.append(_("Game page: {url}", url=game["url"]))
    return lines, []


def _standing(t: _Table) -> list[str]:
    """Where the game stands for the seat: over (the scores), played by a bot, its turn
    (and its deadline), or nothing waiting for it."""
    loaded, seat = t.loaded, t.seat
    if loaded.row.over:
        return _final(loaded)
    if seat in loaded.table.bots:
        return [
            _(
                "A bot plays your decisions until you come back: reply {command} to play them "
                "yourself again.",
                command=word("back"),
            )
        ]
    if seat not in loaded.game.to_act(loaded.state):
        return [notices.nothing_waiting(t.session, loaded, seat)]
    lines: list[str] = [
        _(
            "It is your turn: reply with one of the codes in your turn email, or choose "
            "on your turn page: {url}",
            url=links.decision_url(t.settings, loaded, seat),
        )
    ]
    deadline = notices.pace(loaded, seat)["deadline"]
    if deadline:
        lines.append(_("Your deadline is {deadline}.", deadline=deadline))
    return lines


def _final(loaded: Loaded) -> list[str]:
    lines: list[str] = [_("The game is over.")]
    outcome = presentation.outcome(loaded)
    if outcome is None:
        return lines
    lines.append(_("Final scores:"))
    lines += [f"  {s['name']}: {s['score']}" for s in outcome["scores"]]
    if outcome["winners"]:
        lines.append(_("Winner: {winners}.", winners=outcome["together"]))
    if outcome["resigned"]:
        lines.append(_("Resigned: {names}.", names=outcome["resigned"]))
    return lines


def _others(loaded: Loaded, seat: str) -> list[str]:
    """The other players' deadlines, and every player's notes (away, a bot, handed over)."""
    lines: list[str] = []
    for player in notices.statuses(loaded):
        if player["seat"] != seat and player["to_act"] and player["deadline"]:
            lines.append(
                _("{name} decides by {deadline}.", name=player["name"], deadline=player["deadline"])
            )
        if player["notes"]:
            notes = "; ".join(str(words.text(n)) for n in player["notes"])
            lines.append(_("{name}: {notes}.", name=player["name"], notes=notes))
    return lines


def _asked(loaded: Loaded, seat: str) -> list[str]:
    """What the table asks of the seat: its vote on a late seat, its answer to a takeback."""
    table = loaded.table
    lines: list[str] = []
    ballot = table.ballot
    if ballot is not None and seat in table.voters() and seat not in dict(ballot.votes):
        closes = schedule.ballot_closes(table)
        assert closes is not None
        lines.append(
            _(
                "A vote is open about {name}; it closes at {moment}. Reply with one of: {choices}.",
                name=shown_names.of_seat(seat_row(loaded.row, ballot.seat)),
                moment=notices.when(table, closes),
                choices=_choices(),
            )
        )
    request = table.takeback
    if request is not None and request.seat != seat and seat not in request.approvals:
        lines.append(
            _(
                "{name} asks to take back their last decision: reply {yes} or {no}.",
                name=shown_names.of_seat(seat_row(loaded.row, request.seat)),
                yes=word("yes"),
                no=word("no"),
            )
        )
    return lines


def _help(example: str) -> dict[str, str]:
    """What each command does, in the words of ``help``."""
    return {
        "status": _("where the game stands, your deadline, the scores"),
        "takeback": _("ask to take back your last decision"),
        "away": _("followed by your last day away ({example}): your deadlines pause",
                  example=example),
        "back": _("take your seat back from the bot that plays for you"),
        "nudge": _("remind the players whose decision is waiting (or one, by name)"),
        "digest": _("your turns in one email a day"),
        "each": _("an email at every turn"),
        "none": _("no more turn emails"),
        "yes": _("approve another player's takeback"),
        "no": _("refuse another player's takeback"),
        "vote": _("on a passed deadline, followed by one of: {choices}", choices=_choices()),
        "resign": _("leave the game for good, once you confirm it"),
        "note": _("followed by your private note on this game, which only you see, on your "
                  "turn page and in your turn emails (the rest of your reply; alone, it "
                  "clears the note)"),
        "rematch": _("once the game is over: propose a rematch, or confirm the one proposed"),
        "say": _("followed by what you want to tell the other players of this game (the rest "
                 "of your reply); words without a code or a command are passed on too"),
        "mute": _("followed by a player's name: read no more of what they say in this game"),
        "unmute": _("followed by a player's name: read what they say again"),
        "feed": _("the address of your private feed, for a feed reader (made if you have none)"),
        "new_feed": _("a new address for your private feed: the old one stops working"),
        "webhook": _("followed by a chat room's webhook address: your turns in all your "
                     "games come there too (Discord, Slack or signed JSON)"),
        "channels": _("list your channels beside email"),
        "no_webhook": _("remove your webhooks"),
        "plan": _("followed by a standing order or your options' codes, best first: a move "
                  "played for you when it is still right, seen by nobody else (alone, it "
                  "lists your plans and what you may plan)"),
        "no_plan": _("followed by a plan's number: stop that plan (alone, all of them)"),
        "help": _("this list"),
    }  # fmt: skip


def help_(t: _Table, _command: str, _rest: str) -> Result:
    lang = words.language()
    lines: list[str] = [
        _("Reply with one of these commands alone on a line, in your language or in English:")
    ]
    for command, what in _help((_today(t) + timedelta(days=7)).isoformat()).items():
        mine, english = word(command), word(command, "en")
        if lang == "en" or mine == english:
            said = _("{word}: {what}", word=mine, what=what)
        else:
            said = _("{word} ({english}): {what}", word=mine, english=english, what=what)
        lines.append(f"  {words.text(said)}")
    lines.append(_("To play, reply with one of the codes in your turn email."))
    return lines, []


def takeback(t: _Table, _command: str, _rest: str) -> Result:
    asked = slowplay.approvers(t.loaded.table, t.seat)
    sent = slowplay.request_takeback(t.session, t.game_id, t.seat, t.generation)
    if asked:
        return [
            _(
                "Your request to take back your last decision went to the other players: it "
                "is undone once every one of them approves."
            )
        ], sent
    return [_("Your last decision is taken back: it is your turn again.")], sent


def _days(said: str, today: date) -> tuple[date | None, date] | None:
    """The first and last days away ``said`` names: "24.12" (the last), or a span
    ("20.12 to 3.1", "с 20.12 по 3.1", "12月20日から1月3日"); ``None`` if it names neither."""
    lang = words.language()
    if "から" in said:  # 12月20日から1月3日(まで)
        left, _from, right = said.partition("から")
        spans = [(left, right)]
    else:
        parts = said.split()
        spans = [
            (" ".join(parts[:i]), " ".join(parts[i + 1 :]))
            for i in range(1, len(parts) - 1)
            if fold(parts[i]) in UNTIL | TO
        ]
    for left, right in spans:
        left_words = left.split()
        while left_words and fold(left_words[0]) in FROM:
            left_words = left_words[1:]
        first = read_day(" ".join(left_words), lang, today)
        last = read_day(_after(right), lang, today)
        if first is not None and last is not None:
            return first, last
    last = read_day(said, lang, today)
    return None if last is None else (None, last)


def _after(said: str) -> str:
    """``said`` without the connecting words before its day and a final まで."""
    parts = said.split()
    while parts and fold(parts[0]) in UNTIL:
        parts = parts[1:]
    return " ".join(parts).removesuffix("まで").strip()


def away(t: _Table, _command: str, rest: str) -> Result:
    today = _today(t)
    said = _after(rest)
    example = (today + timedelta(days=7)).isoformat()
    if not said:
        raise _refuse(
            _(
                "Say your last day away after the command, for example: {command} {example}",
                command=word("away"),
                example=example,
            )
        )
    days = _days(said, today)
    if days is None:
        raise _refuse(
            _(
                "I could not read “{said}” as a day. Write the day as year-month-day, for "
                "example {example}.",
                said=echo(said),
                example=example,
            )
        )
    first, last = days
    if first is None:
        # Away from today; a last day already past starts it there, so the seat page's
        # own rule (declare_away) says whether those days are over.
        first = min(today, last)
    email = t.holder.email
    assert email is not None  # the reply came from the seat's own address
    sent = slowplay.declare_away(t.session, email, first, last)
    if t.reload().table.away == t.loaded.table.away:
        return [_("You are away on those days already: nothing changed.")], sent
    if first > today:
        said_days = _(
            "You are away from {first} to {last}: your deadlines pause in all your games "
            "meanwhile, and the other players are told.",
            first=_day(first),
            last=_day(last),
        )
    else:
        said_days = _(
            "You are away until {last}: your deadlines pause in all your games, and the other "
            "players are told.",
            last=_day(last),
        )
    return [said_days], sent


def back(t: _Table, _command: str, _rest: str) -> Result:
    was_bot = t.seat in t.loaded.table.bots
    sent = slowplay.come_back(t.session, t.game_id, t.seat, t.generation)
    if was_bot:
        return [_("Welcome back: you play your own seat again, and the others are told.")], sent
    return [
        _(
            "No bot plays for you, so nothing changed. An absence you declared ends by itself "
            "after its last day."
        )
    ], sent


def nudge(t: _Table, _command: str, rest: str) -> Result:
    table = t.loaded.table
    # Whom the seat page offers to nudge: the others who must decide, not bots nor seats
    # whose player left the game.
    waiting = [
        p
        for p in notices.statuses(t.loaded)
        if p["to_act"]
        and p["seat"] != t.seat
        and p["seat"] not in table.bots
        and not table.has_left(p["seat"])
    ]
    if rest:
        wanted = fold(rest)
        waiting = [p for p in waiting if wanted in (fold(p["name"]), fold(p["seat"]))]
        if not waiting:
            raise _refuse(_("No player called “{said}” has a decision waiting.", said=echo(rest)))
    if not waiting:
        raise Stale(_("Nobody else has a decision waiting right now."))
    nudged: list[str] = []
    refusals: list[str] = []
    sent: list[int] = []
    for player in waiting:
        try:
            sent += slowplay.nudge(t.session, t.game_id, t.seat, t.generation, player["seat"])
        except Conflict:
            raise
        except ServiceError as refused:  # checked before anything is written
            refusals.append(refused.message)
        else:
            nudged.append(player["name"])
    if not nudged:
        raise _Several(refusals)
    return [
        _("We nudged {names}: a reminder is on its way.", names=listing(nudged)),
        *refusals,
    ], sent


class _Several(BadRequest):
    """Every one of several attempts was refused: each reason, one a line."""

    def __init__(self, messages: list[str]) -> None:
        super().__init__("\n".join(str(words.text(m)) for m in messages))


def notify(t: _Table, command: str, _rest: str) -> Result:
    email = t.holder.email
    assert email is not None  # the reply came from the seat's own address
    if command == "none" and t.first_contact:
        # Their first answer to an invitation: stop is never email me again (issue 31 §3).
        suppression.suppress(t.session, email)
        return [
            _(
                "We will never email you again, about this game or any other: no game here "
                "can invite you."
            )
        ], []
    slowplay.set_notify(t.session, email, command)
    if command == "digest":
        person = slowplay.person(t.session, email)
        zone = slowplay.person_zone(t.session, email) or "UTC"
        return [
            _(
                "From now on your turns in all your games come in one daily digest, at {time} "
                "({zone} time).",
                time=f"{person.digest_hour:02d}:00",
                zone=words.zone_name(zone),
            )
        ], []
    if command == "each":
        return [_("From now on you get an email at every turn, in all your games.")], []
    return [
        _(
            "From now on you get no turn emails, reminders or nudges, in any of your games; "
            "news of the table still comes. Reply {command} to have them again.",
            command=word("each"),
        )
    ], []


def vote(t: _Table, command: str, rest: str) -> Result:
    if command == "vote":  # "vote bot": the choice is the next word
        found = parse(rest)
        if found is None or found[0] not in CHOICES:
            raise _refuse(_("Choose one of: {choices}.", choices=_choices()))
        command, rest = found
    table = t.loaded.table
    ballot = table.ballot
    newcomer = None
    if command == "replace" and rest:
        address, _space, name = rest.partition(" ")
        newcomer = (address.strip("<>"), name.strip())
    level = None
    if command == "bot" and rest:  # "bot strong": the level of the bot (issue 37 §3)
        level = bot_level(rest)
        if level is None:
            raise _refuse(
                _(
                    "A bot's level is one of {levels}.",
                    levels=listing([shown_names.level_word(lv) for lv in BOT_LEVELS]),
                )
            )
    # cast_vote's own rules: no open ballot ("This vote is closed."), not a voter, the
    # newcomer's address.
    sent = slowplay.cast_vote(
        t.session, t.game_id, t.seat, t.generation, ballot.number if ballot else 0, command,
        newcomer, level,
    )  # fmt: skip
    lines: list[str] = [_("Your vote is counted: {choice}.", choice=CHOICE_LABELS[command])]
    after = t.reload().table.ballot
    if ballot is not None and (after is None or after.number != ballot.number):
        lines.append(_("Your vote decided it: every player gets an email with the result."))
    return lines, sent


def bot_level(text: str) -> str | None:
    """The bot level ``text`` names in any language we speak (:data:`BOT_LEVELS`)."""
    said = normal(text)
    for level, spoken in BOT_LEVELS.items():
        if any(said == normal(w) for ws in spoken.values() for w in ws):
            return level
    return None


def answer(t: _Table, command: str, _rest: str) -> Result:
    table = t.loaded.table
    if table.takeback is None and table.ballot is not None and t.seat in table.voters():
        raise _refuse(
            _(
                "No takeback waits for your answer. To vote on the passed deadline, reply with "
                "one of: {choices}.",
                choices=_choices(),
            )
        )
    approve = command == "yes"
    sent = slowplay.answer_takeback(t.session, t.game_id, t.seat, t.generation, approve=approve)
    if not approve:
        return [_("You refused: the decision stands.")], sent
    if t.reload().table.takeback is None:
        return [_("You approved, and the decision is taken back.")], sent
    return [_("You approved; the takeback now waits for the other players.")], sent


def resign(t: _Table, _command: str, _rest: str) -> Result:
    """Asks: the answer's reply address asks for the confirmation (:data:`ASKS`)."""
    refused = resigning.refusal(t.loaded)
    if refused is not None:
        raise Stale(refused)
    return [
        _(
            "To resign, reply {yes} to this email: nothing changes until you do. You can also "
            "confirm on this page: {url}",
            yes=word("yes"),
            url=links.resign_url(t.settings, t.loaded, t.seat),
        ),
        resigning.what_follows(t.loaded, t.seat),
    ], []


def confirm_resign(t: _Table, command: str, _rest: str) -> Result:
    """``yes`` or ``no`` to the email that asked whether the player resigns."""
    if command == "no":
        return [_("You did not resign: nothing changed.")], []
    applied = resigning.resign(t.session, t.game_id, t.seat, t.generation)
    return [resigning.done(applied.loaded, t.seat)], applied.outbox_ids


def note(t: _Table, _command: str, rest: str) -> Result:
    """The seat's private note (issue 35 §3): kept beside the game, in no log; cut at
    :data:`service.play.notes.LONGEST` characters, saying so (a reply cannot be edited
    and sent again as the seat page's form can)."""
    said = t.written(rest)
    kept = notes.keep(t.session, t.game_id, t.seat, t.generation, said, cut=True)
    if not kept.text:
        return [_("Your note on this game is cleared.")], []
    lines: list[str] = []
    if kept.cut:
        lines.append(
            n_(
                "Your note was too long: we left out its last {n} character.",
                "Your note was too long: we left out its last {n} characters.",
                n=kept.cut,
            )
        )
        lines.append(
            n_(
                "A note holds at most {n} character.",
                "A note holds at most {n} characters.",
                n=notes.LONGEST,
            )
        )
    lines.append(
        _(
            "Your note on this game is kept: only you see it, on your turn page and in your "
            "turn emails. Reply {command} alone to clear it.",
            command=word("note"),
        )
    )
    return lines, []


def say(t: _Table, _command: str, rest: str) -> Result:
    """Table talk (issue 35 §2): the rest of the reply, said to the other players, who read
    it in their next email; cut at :data:`service.play.talk.LONGEST` characters, saying so."""
    words = t.written(rest)
    to = None
    addressed = parse_private(words)
    if addressed is not None:
        name, words = addressed
        to = _seat_named(t, name)
    said = talk.say(t.session, t.game_id, t.seat, t.generation, words, to=to)
    lines: list[str] = []
    if said.cut:
        lines.append(
            n_(
                "Your words were too long: we left out their last {n} character.",
                "Your words were too long: we left out their last {n} characters.",
                n=said.cut,
            )
        )
    if to is not None:
        lines.append(
            _(
                "Your words were passed on to {name} alone: they will read them in their next "
                "email; in the game's history, only the two of you see them.",
                name=shown_names.of_game(t.loaded.row)[to],
            )
        )
        return lines, said.outbox_ids
    lines.append(
        _(
            "Your words were passed on to the other players of this game: they will read "
            "them in their next email, and they are in the game's history."
        )
    )
    return lines, said.outbox_ids


def mute(t: _Table, command: str, rest: str) -> Result:
    """Read no more of another player's talk in this game (``mute Ann``), or read it again
    (``unmute Ann``): the player's own choice, for their own emails (issue 35 §2)."""
    on = command == "mute"
    if not rest.strip():
        raise BadRequest(_("Write the player's name after {command}.", command=word(command)))
    other = _seat_named(t, rest)
    talk.mute(t.session, t.game_id, t.seat, t.generation, other, on)
    name = shown_names.of_game(t.loaded.row)[other]
    if on:
        return [
            _(
                "You will no longer read what {name} says in this game. Reply {command} "
                "{name} to read it again.",
                name=name,
                command=word("unmute"),
            )
        ], []
    return [_("You will read what {name} says in this game again.", name=name)], []


def _seat_named(t: _Table, name: str) -> str:
    """The other seat whose player is called ``name`` (any case), for words to them alone."""
    wanted = " ".join(name.split()).casefold()
    for seat, called in shown_names.of_game(t.loaded.row).items():
        if seat != t.seat and " ".join(called.split()).casefold() == wanted:
            return seat
    raise BadRequest(
        _(
            "No other player of this game is called {name}: nothing was passed on. For one "
            "player alone, write their name as the game shows it after to, then a colon "
            "(to Ann: ...).",
            name=echo(name),
        )
    )


def rematch_(t: _Table, _command: str, _rest: str) -> Result:
    """Propose a rematch of the finished game, or confirm the one proposed (issue 35 §4),
    as the seat page's button does; ``yes`` to the email asking to confirm one, too."""
    wanted = rematch.want(t.session, t.settings, t.game_id, t.seat, t.generation)
    return rematch.said(t.session, t.settings, t.reload(), wanted), wanted.outbox_ids


def rematch_no(_t: _Table, _command: str, _rest: str) -> Result:
    return [_("You did not confirm the rematch: nothing changed.")], []


def feed(t: _Table, command: str, _rest: str) -> Result:
    """The address's private Atom feed (issue 36 §1), made if it has none; ``new feed``
    makes a new URL, and the old one stops working at once."""
    email = t.holder.email
    assert email is not None  # the reply came from the seat's own address
    if command == "new_feed":
        row = feeds.renew(t.session, email)
        return [
            _(
                "Your feed has a new address: {url} The old address no longer works.",
                url=feeds.url(t.settings, row),
            )
        ], []
    row = feeds.ensure(t.session, email)
    return [
        _(
            "Your private feed, for a feed reader: {url} Keep it to yourself: anyone who has "
            "it reads your feed. Reply {command} for a new address (the old one then stops "
            "working).",
            url=feeds.url(t.settings, row),
            command=word("new_feed"),
        )
    ], []


# Issue 36: channels beside email, by reply. A webhook added by reply is for all the
# player's games (the desk can limit one to a game): a chat room is where the player is.


def webhook(t: _Table, _command: str, rest: str) -> Result:
    """``webhook <url>``, or ``webhook discord|slack|json <url>``: the receiver is read
    from the URL when not named (Discord's and Slack's own hosts; else generic JSON)."""
    email = t.holder.email
    assert email is not None
    parts = rest.split()
    if not parts:
        raise _refuse(_("Write the webhook's address after {command}.", command=word("webhook")))
    flavour = parts[0].lower() if len(parts) > 1 else webhook_urls.flavour_of(parts[-1])
    url = parts[-1]
    added = webhook_urls.add(t.session, t.settings, url, flavour, email=email)
    said: list[str] = [
        _(
            "Your turns in all your games now also come to this webhook ({kind}), as your "
            "email settings say.",
            kind=channels.label(added),
        )
    ]
    if added.flavour == "json":
        said.append(
            _("Its receiver checks each post with this secret: {secret}", secret=added.secret)
        )
    return said, []


def _kept(t: _Table) -> list[ChannelRow]:
    email = t.holder.email
    assert email is not None
    return [
        c for c in channels.of_player(t.session, email) if c.disabled_reason != channels.REMOVED
    ]


def list_channels(t: _Table, _command: str, _rest: str) -> Result:
    found = _kept(t)
    if not found:
        return [
            _(
                "You have no channel beside email. Add a webhook: {command} <url>.",
                command=word("webhook"),
            )
        ], []
    lines: list[str] = [_("Your channels beside email:")]
    for row in found:
        state = (
            _("working")
            if row.disabled_at is None
            else _("turned off: {why}", why=channels.reason(row))
        )
        lines.append(f"- {words.text(channels.label(row))}: {words.text(state)}")
    return lines, []


def no_webhook(t: _Table, _command: str, _rest: str) -> Result:
    email = t.holder.email
    assert email is not None
    removed = [row for row in _kept(t) if row.kind == "webhook"]
    for row in removed:
        channels.remove(t.session, row.id, email)
    if not removed:
        return [_("You have no webhook to remove.")], []
    return [
        n_(
            "{n} webhook removed: your turns come by email alone, as your email settings say.",
            "{n} webhooks removed: your turns come by email alone, as your email settings say.",
            n=len(removed),
        )
    ], []


# ---------------------------------------------------------------- plans ahead (issue 38)


def plan(t: _Table, _command: str, rest: str) -> Result:
    """``plan`` alone: the seat's plans and what it may plan; ``plan single``, ``plan KEY``
    (one of the game's standing answers) or ``plan 3 1`` (at the next decision, the first
    legal of these options, by their codes) sets one, as the seat page does."""
    said = normal(rest)
    if not said:
        return _plans_told(t), []
    game, loaded = t.loaded.game, t.loaded
    body: dict[str, object] | None = None
    if any(said == normal(w) for ws in SINGLE_OPTION.values() for w in ws):
        body = plans.body_of(game, "single")
    else:
        body = plans.body_of(game, said.replace(" ", "_").replace("-", "_"))
    if body is None:
        body = _listed(t, said)
    row = plans.set_plan(t.session, t.game_id, t.seat, t.generation, body)
    return [
        _(
            "Plan {number} kept: {plan}. It acts at your decisions begun from now on, and "
            "only when its move is legal then; nobody else sees it before it plays.",
            number=str(row.number),
            plan=plans.label(game, loaded.state, row.body),
        )
    ], []


def _listed(t: _Table, said: str) -> dict[str, object]:
    """The list of moves ``said`` names by their codes among the seat's options."""
    found = codes.read(said)
    if found is None:
        raise BadRequest(
            _(
                "Write {plan} followed by the codes of your options, best first, or by one "
                "of the words {plan} alone lists.",
                plan=word("plan"),
            )
        )
    groups = codes.assign(plans.options(t.session, t.loaded, t.seat), t.loaded.row.game)
    moves = []
    for code in found:
        chosen = codes.find(groups, code)
        if not isinstance(chosen, dict):
            raise BadRequest(_("{code} names no single option: name one.", code=code))
        moves.append(chosen)
    return {"kind": "first", "moves": moves}


def _plans_told(t: _Table) -> list[str]:
    """The seat's waiting plans, and what it may plan, with the words that set each."""
    game, state = t.loaded.game, t.loaded.state
    mine = [p for p in plans.of_seat(t.session, t.game_id, t.seat, t.generation) if p.live]
    lines: list[str] = []
    if mine:
        lines.append(_("Your plans:"))
        lines += [
            _indented(
                _("{number}. {plan}", number=str(p.number), plan=plans.label(game, state, p.body))
            )
            for p in reversed(mine)
        ]
        lines.append(_("Reply {cancel} followed by a plan's number to stop it, or alone to "
                       "stop them all.", cancel=word("no_plan")))  # fmt: skip
    else:
        lines.append(_("You have no plan waiting."))
    lines.append(_("You may plan:"))
    for key, label in plans.offers(game, state, t.seat):
        said = single_word() if key == "single" else key
        phrase = f"{word('plan')} {said}"
        lines.append(_indented(_("{word}: {what}", word=phrase, what=label)))
    lines.append(
        _(
            "{plan} followed by the codes of your options, best first: at your next "
            "decision, the first of them that is legal then.",
            plan=word("plan"),
        )
    )
    seen, options = plans.choices(t.session, t.loaded, t.seat)
    if options and seen is not None and not plans.deciding(t.loaded, t.seat):
        lines.append(_("The options of your last decision:"))
        for group in codes.assign(options, t.loaded.row.game):
            for option in group.options:
                named = plans.describe(game, seen, option.move)
                lines.append(_indented(_("{code}. {option}", code=option.code, option=named)))
    return lines


def _indented(said: str) -> str:
    return f"  {words.text(said)}"


def no_plan(t: _Table, _command: str, rest: str) -> Result:
    """``cancel plan 2`` stops plan 2; ``cancel plans`` every waiting plan of the seat."""
    said = normal(rest).lstrip("#№")
    number = None
    if said:
        if not said.isdigit() or len(said) > 4:
            raise BadRequest(_("Write {cancel} followed by a plan's number, or alone.",
                               cancel=word("no_plan")))  # fmt: skip
        number = int(said)
    stopped = plans.cancel(t.session, t.game_id, t.seat, t.generation, number)
    return [
        n_("{n} plan cancelled.", "{n} plans cancelled.", n=len(stopped)),
    ], []


HANDLERS: dict[str, Callable[[_Table, str, str], Result]] = {
    "status": status,
    "help": help_,
    "takeback": takeback,
    "away": away,
    "back": back,
    "nudge": nudge,
    "digest": notify,
    "each": notify,
    "none": notify,
    "yes": answer,
    "no": answer,
    "vote": vote,
    "wait": vote,
    "bot": vote,
    "replace": vote,
    "end": vote,
    "resign": resign,
    "note": note,
    "say": say,
    "mute": mute,
    "unmute": mute,
    "rematch": rematch_,
    "feed": feed,
    "new_feed": feed,
    "webhook": webhook,
    "channels": list_channels,
    "no_webhook": no_webhook,
    "plan": plan,
    "no_plan": no_plan,
}
ASKS = {"resign": "resign"}
"""Commands whose answer asks for a confirmation, and what its reply address asks."""
CONFIRMS: dict[tuple[str, str], Callable[[_Table, str, str], Result]] = {
    ("resign", "yes"): confirm_resign,
    ("resign", "no"): confirm_resign,
    ("rematch", "yes"): rematch_,
    ("rematch", "no"): rematch_no,
}
"""``yes`` and ``no`` to an address that asks (:data:`ASKS`): they answer it, nothing else."""
