"""Table commands by reply (issue 18, part C): each command, by its English word and by a
word of the player's language, does what the seat page does for the seat the reply address
names, and answers in the seat's language; each refusal is the seat page's, in words; a line
that is no command is left to the reader of replies (``None``); hostile lines never crash a
command and are never echoed whole.

Real games of ``tests.games.tictactoe`` in the real database; the functions under test run
inside the caller's transaction in the seat's language, as the reader of replies calls them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

import pytest
from freezegun import freeze_time
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import select

from service import words
from service.mail import keywords, parsing, reply_commands
from service.mail.dates import read_day
from service.mail.reply_commands import Said
from service.play import slowplay
from service.play.games import create_game
from service.play.holders import seat_row
from service.store import eventstore
from service.store.db import sessions
from service.store.models import GameRow, OutboxRow, PersonRow, SeatOfferRow
from tests.helpers import play_now

NOW = datetime(2026, 11, 26, 10, 0, tzinfo=UTC)
TODAY = NOW.date()
ANN, BOB = "ann@example.org", "bob@example.org"


NAMES = {"p1": "Ann", "p2": "Bob"}
EMAILS = {"p1": ANN, "p2": BOB}


@dataclass(frozen=True)
class Game:
    id: str
    mover: str
    """The seat that decides first (tic-tac-toe tosses a coin)."""
    waiter: str


def new_game(settings, mover: str = "en", waiter: str = "en") -> Game:
    """Ann (p1) and Bob (p2) play; the one who decides first speaks ``mover``, the other
    ``waiter`` (set as the seat page's language form sets it)."""
    players = [{"email": ANN, "name": "Ann"}, {"email": BOB, "name": "Bob"}]
    with freeze_time(NOW), sessions(settings.database_url).begin() as s:
        loaded = create_game(s, "tictactoe", players).loaded
        (first,) = loaded.game.to_act(loaded.state)
        other = "p2" if first == "p1" else "p1"
        seat_row(loaded.row, first).language = mover
        seat_row(loaded.row, other).language = waiter
        return Game(loaded.row.id, first, other)


def say(settings, game_id: str, seat: str, line: str, generation: int = 0) -> Said | None:
    """``line`` replied by ``seat``, as the reader of replies runs it: in its transaction,
    in the seat's language and time zone."""
    with freeze_time(NOW), sessions(settings.database_url).begin() as s:
        holder = seat_row(eventstore.load(s, game_id).row, seat)
        with words.speaking(holder.language, holder.time_zone):
            return reply_commands.run(s, settings, game_id, seat, generation, holder.email, line)


def done(settings, game_id: str, seat: str, line: str) -> Said:
    said = say(settings, game_id, seat, line)
    assert said is not None, f"{line!r} is a command"
    assert said.ok, said.text
    return said


def refused(settings, game_id: str, seat: str, line: str) -> str:
    said = say(settings, game_id, seat, line)
    assert said is not None, f"{line!r} is a command"
    assert not said.ok, said.text
    assert said.outbox_ids == []
    return said.text


def play(settings, game_id: str, seat: str, cell: int) -> None:
    with freeze_time(NOW), sessions(settings.database_url).begin() as s:
        loaded = eventstore.load(s, game_id)
        play_now(s, game_id, seat, {"type": "place", "cell": cell}, loaded.turn_seq)


def table(settings, game_id: str):
    with sessions(settings.database_url)() as s:
        return eventstore.load(s, game_id).table


def kinds(settings, ids: list[int]) -> list[tuple[str, str]]:
    with sessions(settings.database_url)() as s:
        rows = s.scalars(select(OutboxRow).where(OutboxRow.id.in_(ids))).all()
        return sorted((r.kind, r.seat) for r in rows)


def late(settings, game_id: str, seat: str) -> None:
    """``seat``'s deadline has passed: the others vote on what to do."""
    with freeze_time(NOW), sessions(settings.database_url).begin() as s:
        slowplay.open_ballot(s, eventstore.load(s, game_id), seat)


# ---------------------------------------------------------------- what is a command


@pytest.mark.parametrize(
    ("line", "command"),
    [
        ("status", "status"),
        ("Status.", "status"),
        ("STATUS!", "status"),
        ("ＳＴＡＴＵＳ", "status"),
        ("\ufeffstatus\u200b", "status"),
        ("Статус", "status"),
        ("estado", "status"),
        ("Situación", "status"),
        ("situacion", "status"),
        ("状況", "status"),
        ("ｽﾃｰﾀｽ", "status"),
        ("Help", "help"),
        ("?", "help"),
        ("помощь", "help"),
        ("ヘルプ", "help"),
        ("take back", "takeback"),
        ("Отменить ход.", "takeback"),
        ("скасувати хід", "takeback"),
        ("deshacer", "takeback"),
        ("待った", "takeback"),
        ("every turn", "each"),
        ("Каждый ход", "each"),
        ("cada turno", "each"),
        ("毎ターン", "each"),
        ("стоп", "none"),
        ("Sí", "yes"),
        ("si", "yes"),
        ("はい", "yes"),
        ("ні", "no"),
        ("вернулся", "back"),
        ("He vuelto.", "back"),
        ("ボット", "bot"),
    ],
)
def test_a_command_is_read_in_any_of_our_languages_whatever_its_case_accents_or_width(
    line, command
):
    found = parsing.parse(line)
    assert found is not None and found[0] == command, line


@pytest.mark.parametrize(
    ("line", "command", "rest"),
    [
        ("away until 2026-12-24", "away", "2026-12-24"),
        ("Нет до 24.12", "away", "24.12"),
        ("відпустка до 24 грудня", "away", "24 грудня"),
        ("ausente hasta 24 de diciembre", "away", "24 de diciembre"),
        ("不在１２月２４日", "away", "12月24日"),
        ("12月24日まで不在", "away", "12月24日まで"),
        ("nudge Bob", "nudge", "Bob"),
        ("vote bot", "vote", "bot"),
        ("replace Cy@Example.org Cy Young", "replace", "Cy@Example.org Cy Young"),
        ("REPLACE Straße@example.org Groß Weiß", "replace", "Straße@example.org Groß Weiß"),
        ("ＮＵＤＧＥ  Ｂｏｂ.", "nudge", "Bob"),
    ],
)
def test_a_command_that_takes_more_keeps_the_rest_of_the_line_as_written(line, command, rest):
    assert parsing.parse(line) == (command, rest)


@pytest.mark.parametrize(
    "line",
    ["2", "3a", "1 2", "", "   ", "Thanks!", "status of the game please", "no, I think not",
     "statuses", "I will be away", "-- ", "Sent from my phone", "> status"],
)  # fmt: skip
def test_a_line_that_is_no_command_is_left_to_the_reader_of_replies(settings, line):
    g = new_game(settings)
    assert say(settings, g.id, g.mover, line) is None


def test_every_command_word_leads_to_one_command_whatever_the_language():
    seen: dict[str, str] = {}
    for command, languages in keywords.KEYWORDS.items():
        assert set(languages) == set(words.LANGUAGES), command
        for phrases in languages.values():
            for phrase in phrases:
                key = parsing.normal(phrase)
                assert seen.setdefault(key, command) == command, (phrase, seen[key], command)
                assert parsing.parse(phrase) == (command, ""), phrase


# ---------------------------------------------------------------- status and help


def test_status_tells_the_deciding_seat_its_turn_its_deadline_and_where_the_codes_are(settings):
    g = new_game(settings)
    said = done(settings, g.id, g.mover, "status")
    assert "Tic-tac-toe, game #" in said.text
    assert "It is your turn: reply with one of the codes in your turn email" in said.text
    assert "http://pbem.test/" in said.text, "the turn page's link"
    assert "Your deadline is " in said.text
    assert said.outbox_ids == []


def test_status_tells_the_waiting_seat_who_decides_and_by_when_in_its_language(settings):
    g = new_game(settings, waiter="es")
    said = done(settings, g.id, g.waiter, "estado")
    assert "It is your turn" not in said.text
    assert f"{NAMES[g.mover]} decide antes de " in said.text, said.text
    assert "partida n.º" in said.text
    english = done(settings, g.id, g.waiter, "status")
    assert english.text == said.text, "an English word answers in the seat's language too"


def test_status_of_a_finished_game_gives_the_final_scores_and_the_winner(settings):
    g = new_game(settings, mover="ru")
    for seat, cell in [(g.mover, 0), (g.waiter, 3), (g.mover, 1), (g.waiter, 4), (g.mover, 2)]:
        play(settings, g.id, seat, cell)
    said = done(settings, g.id, g.mover, "статус")
    assert "Игра окончена." in said.text
    winner, loser = NAMES[g.mover], NAMES[g.waiter]
    assert f"  {winner}: 1" in said.text and f"  {loser}: 0" in said.text
    assert said.text.split("\n")[-2] == f"Победа: {winner}.", said.text


def test_status_offers_the_open_vote_and_a_waiting_takeback_with_the_readers_words(settings):
    g = new_game(settings, waiter="uk")
    late(settings, g.id, g.mover)
    said = done(settings, g.id, g.waiter, "статус")
    assert "чекати, бот, замінити <адреса> <ім'я> або завершити" in said.text
    done(settings, g.id, g.waiter, "чекати")
    assert "чекати, бот" not in done(settings, g.id, g.waiter, "статус").text, "voted"


def test_help_lists_the_commands_in_the_readers_words_with_the_english_beside(settings):
    g = new_game(settings, waiter="ja")
    said = done(settings, g.id, g.waiter, "ヘルプ")
    assert "  状況（status）: " in said.text
    assert "  待った（takeback）: " in said.text
    assert "  不在（away until）: " in said.text
    english = done(settings, g.id, g.mover, "help")
    assert "  status: where the game stands" in english.text
    assert "(status)" not in english.text


# ---------------------------------------------------------------- takebacks


def test_takeback_asks_the_other_player_for_the_seat_the_address_names(settings):
    g = new_game(settings, mover="ru")
    play(settings, g.id, g.mover, 4)
    said = done(settings, g.id, g.mover, "отменить ход")
    assert "отправлена другим игрокам" in said.text
    assert kinds(settings, said.outbox_ids) == [("takeback_request", g.waiter)]
    request = table(settings, g.id).takeback
    assert request is not None and request.seat == g.mover


def test_takeback_with_only_a_bot_to_ask_is_undone_at_once(settings):
    g = new_game(settings, waiter="es")
    late(settings, g.id, g.mover)
    done(settings, g.id, g.waiter, "bot")
    with freeze_time(NOW), sessions(settings.database_url).begin() as s:
        slowplay.bot_play(s, eventstore.load(s, g.id), g.mover, 0)
    play(settings, g.id, g.waiter, 0)  # the bot took the centre
    said = done(settings, g.id, g.waiter, "deshacer")
    assert said.text == "Tu última decisión se ha deshecho: vuelve a ser tu turno."
    assert table(settings, g.id).takeback is None, "nobody was asked"
    assert ("turn", g.waiter) in kinds(settings, said.outbox_ids)


def test_takeback_with_nothing_to_take_back_is_refused_as_the_seat_page_refuses_it(settings):
    g = new_game(settings, waiter="es")
    play(settings, g.id, g.mover, 4)
    text = refused(settings, g.id, g.waiter, "takeback")
    assert text == words.text(
        words._("Another player has acted since your last decision, or you have not made one."),
        "es",
    )
    assert table(settings, g.id).takeback is None


def test_yes_approves_and_no_refuses_the_others_takeback(settings):
    g = new_game(settings, waiter="uk")
    play(settings, g.id, g.mover, 4)
    done(settings, g.id, g.mover, "takeback")
    said = done(settings, g.id, g.waiter, "ні")
    assert "хід залишається в силі" in said.text
    assert kinds(settings, said.outbox_ids) == [("takeback_result", g.mover)]
    assert table(settings, g.id).takeback is None
    assert table(settings, g.id).last_decision is not None, "the decision stands"
    done(settings, g.id, g.mover, "takeback")
    said = done(settings, g.id, g.waiter, "yes")
    assert "хід скасовано" in said.text
    assert table(settings, g.id).last_decision is None, "Ann's decision is undone"
    assert ("turn", g.mover) in kinds(settings, said.outbox_ids)


def test_yes_with_no_takeback_waiting_is_refused(settings):
    g = new_game(settings)
    text = refused(settings, g.id, g.waiter, "yes")
    assert text == "There is no takeback waiting for an answer."


# ---------------------------------------------------------------- away and back


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "away until 2026-12-24"),
        ("ru", "нет до 24.12.2026"),
        ("uk", "відпустка до 24 грудня"),
        ("es", "ausente hasta el 24 de diciembre"),
        ("ja", "12月24日まで不在"),
        ("en", "away until December 24th"),
        ("en", "away 12/24"),
    ],
)
def test_away_until_a_day_pauses_the_players_deadlines_from_today(settings, lang, line):
    g = new_game(settings, mover=lang)
    said = done(settings, g.id, g.mover, line)
    assert table(settings, g.id).away == ((g.mover, TODAY.isoformat(), "2026-12-24"),)
    assert kinds(settings, said.outbox_ids) == [("away", g.waiter)]
    assert "2026" in said.text


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "away from 2026-12-20 to 2027-01-03"),
        ("ru", "отпуск с 20.12 по 3.1"),
        ("es", "ausente desde el 20 de diciembre hasta el 3 de enero"),
        ("ja", "12月20日から1月3日まで不在"),
    ],
)
def test_away_from_a_day_to_a_day_is_an_absence_to_come(settings, lang, line):
    g = new_game(settings, mover=lang)
    said = done(settings, g.id, g.mover, line)
    assert table(settings, g.id).away == ((g.mover, "2026-12-20", "2027-01-03"),)
    assert kinds(settings, said.outbox_ids) == [("away", g.waiter)]
    assert "2027" in said.text and "20" in said.text


def test_away_is_recorded_in_every_game_of_the_seats_player_and_no_one_elses(settings):
    first, second = new_game(settings).id, new_game(settings).id
    with freeze_time(NOW), sessions(settings.database_url).begin() as s:
        third = create_game(s, "tictactoe", [ANN, "cy@example.org"]).loaded.row.id
    done(settings, first, "p2", "away until 2026-12-24")
    assert table(settings, first).away == (("p2", TODAY.isoformat(), "2026-12-24"),)
    assert table(settings, second).away == (("p2", TODAY.isoformat(), "2026-12-24"),)
    assert table(settings, third).away == (), "Ann's game without Bob"


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("away until 2026-01-01", "Those days are already over."),
        ("away until 2027-12-24", "An absence lasts at most 120 days."),
    ],
)
def test_an_absence_the_seat_page_would_refuse_is_refused_with_its_reason(settings, line, reason):
    g = new_game(settings)
    assert refused(settings, g.id, g.mover, line) == reason
    assert table(settings, g.id).away == ()


def test_a_day_that_cannot_be_read_is_refused_with_the_form_to_use(settings):
    g = new_game(settings, mover="es")
    text = refused(settings, g.id, g.mover, "ausente hasta el jueves que viene")
    assert "«el jueves que viene»" not in text, "'el' joins the command, it is no part of the day"
    assert "«jueves que viene»" in text and "año-mes-día" in text
    assert (TODAY + timedelta(days=7)).isoformat() in text
    assert "ejemplo" in refused(settings, g.id, g.mover, "ausente"), "a missing day, too"


@pytest.mark.parametrize(("lang", "line"), [("en", "back"), ("uk", "Я повернулася.")])
def test_back_takes_the_seat_back_from_the_bot_the_others_voted_for(settings, lang, line):
    g = new_game(settings, mover=lang, waiter="ru")
    late(settings, g.id, g.mover)
    done(settings, g.id, g.waiter, "бот")
    assert table(settings, g.id).bots == (g.mover,)
    status = done(settings, g.id, g.mover, "status").text
    if lang == "en":
        assert "It is your turn" not in status and "A bot plays your decisions" in status
    said = done(settings, g.id, g.mover, line)
    assert table(settings, g.id).bots == ()
    assert kinds(settings, said.outbox_ids) == [("returned", g.waiter)]
    if lang == "uk":
        assert said.text.startswith("З поверненням")


def test_back_without_a_bot_changes_nothing_and_says_so(settings):
    g = new_game(settings, mover="ja")
    said = done(settings, g.id, g.mover, "ただいま")
    assert said.outbox_ids == []
    assert "何も変わりません" in said.text


# ---------------------------------------------------------------- nudges


def test_nudge_reminds_the_player_who_must_decide_then_waits_a_day(settings):
    g = new_game(settings, waiter="es")
    said = done(settings, g.id, g.waiter, "recordar")
    assert kinds(settings, said.outbox_ids) == [("nudge", g.mover)]
    assert NAMES[g.mover] in said.text
    text = refused(settings, g.id, g.waiter, f"nudge {NAMES[g.mover].upper()}")
    assert "menos de un día" in text, text
    assert refused(settings, g.id, g.waiter, f"recordar {g.mover}") == text, "by seat too"


def test_nudge_with_nobody_else_deciding_or_an_unknown_name_is_refused(settings):
    g = new_game(settings)
    assert refused(settings, g.id, g.mover, "nudge") == (
        "Nobody else has a decision waiting right now."
    )
    text = refused(settings, g.id, g.waiter, "nudge Zed")
    assert text == "No player called “Zed” has a decision waiting."
    assert table(settings, g.id).nudged == ()


def test_nudge_reminds_each_other_player_deciding_and_says_who_was_nudged_too_recently(
    settings, claims
):
    players = ["Ann <ann@example.org>", "Bob <bob@example.org>", "Cy <cy@example.org>"]
    with freeze_time(NOW), sessions(settings.database_url).begin() as s:
        game_id = create_game(s, claims, players).loaded.row.id  # all three decide at once
    said = done(settings, game_id, "p1", "nudge bob")
    assert kinds(settings, said.outbox_ids) == [("nudge", "p2")]
    said = done(settings, game_id, "p1", "nudge")
    assert kinds(settings, said.outbox_ids) == [("nudge", "p3")]
    assert said.text.split("\n")[0] == "We nudged Cy: a reminder is on its way."
    assert said.text.split("\n")[1].startswith("That player was nudged less than a day ago.")
    text = refused(settings, game_id, "p1", "nudge")
    assert len(text.split("\n")) == 2, "each refusal, one a line"


# ---------------------------------------------------------------- turn emails


@pytest.mark.parametrize(
    ("lang", "line", "mode"),
    [
        ("en", "digest", "digest"),
        ("ja", "ダイジェスト", "digest"),
        ("uk", "кожен хід", "each"),
        ("en", "every turn", "each"),
        ("ru", "стоп", "none"),
        ("es", "parar", "none"),
    ],
)
def test_digest_every_turn_and_stop_choose_how_the_seats_player_hears_of_turns(
    settings, lang, line, mode
):
    g = new_game(settings, waiter=lang)
    if mode == "each":
        done(settings, g.id, g.waiter, "stop")
    said = done(settings, g.id, g.waiter, line)
    with sessions(settings.database_url)() as s:
        assert s.get(PersonRow, EMAILS[g.waiter]).notify == mode
        other = s.get(PersonRow, EMAILS[g.mover])
        assert other is None or other.notify == "each", "the other player's choice is theirs"
    assert said.outbox_ids == []


# ---------------------------------------------------------------- deadline votes


@pytest.mark.parametrize(
    ("lang", "line", "choice"),
    [("en", "wait", "wait"), ("ru", "голосую ждать", "wait"), ("es", "terminar", "end"),
     ("ja", "投票 ボット", "bot")],
)  # fmt: skip
def test_a_vote_by_reply_is_cast_by_the_seat_and_decides_the_ballot(settings, lang, line, choice):
    g = new_game(settings, waiter=lang)
    late(settings, g.id, g.mover)
    said = done(settings, g.id, g.waiter, line)
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, g.id)
    assert loaded.table.ballot is None, "the only voter decided it"
    assert ("ballot_result", g.mover) in kinds(settings, said.outbox_ids)
    assert len(said.text.split("\n")) == 2
    if choice == "bot":
        assert loaded.table.bots == (g.mover,)
    if choice == "end":
        assert loaded.row.over


def test_replace_names_the_newcomer_by_address_and_name(settings):
    g = new_game(settings)
    late(settings, g.id, g.mover)
    said = done(settings, g.id, g.waiter, "replace Cy@example.org Cy Young")
    assert ("seat_offer", g.mover) in kinds(settings, said.outbox_ids)
    with sessions(settings.database_url)() as s:
        ballot, voter = table(settings, g.id).offered_to(g.mover)
        offer = s.scalars(
            select(SeatOfferRow).where(
                SeatOfferRow.game_id == g.id,
                SeatOfferRow.ballot == ballot,
                SeatOfferRow.proposed_by == voter,
            )
        ).one()
    assert (offer.email, offer.name) == ("Cy@example.org", "Cy Young")


def test_a_vote_with_no_ballot_open_or_no_choice_is_refused(settings):
    g = new_game(settings, waiter="ru")
    assert refused(settings, g.id, g.waiter, "wait") == words.text(
        words._("This vote is closed."), "ru"
    )
    assert "ждать, бот" in refused(settings, g.id, g.waiter, "голосую пожалуйста")
    late(settings, g.id, g.mover)
    assert "ждать, бот" in refused(settings, g.id, g.waiter, "да"), "yes is no vote"
    assert refused(settings, g.id, g.mover, "bot") == words.text(
        words._("You do not vote on this: it is about your own seat."), "en"
    )
    assert refused(settings, g.id, g.waiter, "заменить") == words.text(
        words._("Give the new player's email address to hand the seat over."), "ru"
    )
    assert refused(settings, g.id, g.waiter, "replace ann@example.org Ann") == words.text(
        words._("That player already has a seat in this game."), "ru"
    )
    assert table(settings, g.id).ballot is not None, "no vote was counted"
    assert table(settings, g.id).ballot.votes == ()


# ---------------------------------------------------------------- the seat the address names


def test_a_command_for_an_earlier_holder_of_a_handed_over_seat_is_refused(settings):
    g = new_game(settings)
    said = say(settings, g.id, g.mover, "digest", generation=1)
    assert said is not None and not said.ok
    assert "handed to another player" in said.text
    with sessions(settings.database_url)() as s:
        assert s.get(PersonRow, EMAILS[g.mover]) is None, "nothing changed"


def test_a_command_for_a_seat_the_game_has_not_is_refused(settings):
    g = new_game(settings)
    with freeze_time(NOW), sessions(settings.database_url).begin() as s:
        said = reply_commands.run(s, settings, g.id, "p9", 0, ANN, "status")
    assert said is not None and not said.ok


# ---------------------------------------------------------------- hostile lines


HOSTILE = [
    "status" + "x" * 10_000,
    "away until " + "9" * 10_000,
    "nudge " + "<script>alert(1)</script>" * 3,
    "away until <b>tomorrow</b>\u202e\u0000",
    "nudge \u202eBob\u202c\u0007",
    "replace <img src=x onerror=alert(1)> \u202e",
    "\u0000\u0001status",
]


@pytest.mark.hostile
@pytest.mark.parametrize("line", HOSTILE)
def test_a_hostile_line_never_crashes_and_is_echoed_at_most_short_and_clean(settings, line):
    g = new_game(settings)
    play(settings, g.id, g.mover, 0)
    said = say(settings, g.id, g.mover, line)
    if said is None:
        return
    for bad in ("\u202e", "\u202c", "\u0000", "\u0001", "\u0007", "x" * 41, "9" * 41):
        assert bad not in said.text, (bad, said.text)
    for quoted in re.findall(r"“(.*?)”", said.text):
        assert len(quoted) <= parsing.ECHO, "an echo is short"
    longest = parsing.ECHO + 1
    pieces = {line[i : i + longest] for i in range(len(line) - longest + 1)}
    assert not any(piece in said.text for piece in pieces), "no more of the line than an echo"


@pytest.mark.hostile
def test_an_echo_drops_invisible_private_and_unassigned_characters_and_stops_short():
    shown = parsing.echo("a\u202eb\u200bc\ue000d\u0378e\x1b[31m" + "w" * 100)
    assert shown.startswith("a b c d e [31m")
    assert len(shown) == parsing.ECHO and shown.endswith("…")


WORDS = sorted(
    {
        phrase
        for languages in keywords.KEYWORDS.values()
        for ps in languages.values()
        for phrase in ps
    }
)
LINES = st.text(max_size=120) | st.builds(
    "{} {}".format, st.sampled_from(WORDS), st.text(max_size=80)
)
"""Any text, and a command word followed by any text (what the commands themselves read)."""


@pytest.mark.hostile
@given(line=LINES)
def test_any_line_is_either_no_command_or_an_answer_never_a_crash(settings, line):
    g = _one_game(settings)
    with freeze_time(NOW), sessions(settings.database_url)() as s, words.speaking("ru"):
        s.begin()
        said = reply_commands.run(s, settings, g.id, g.waiter, 0, EMAILS[g.waiter], line)
        s.rollback()
    assert said is None or isinstance(said.text, str)


_GAMES: dict[str, Game] = {}


def _one_game(settings) -> Game:
    """One game for every example of a run (each example rolls its changes back)."""
    known = _GAMES.get(settings.database_url)
    with sessions(settings.database_url)() as s:
        if known is not None and s.get(GameRow, known.id) is not None:
            return known
    _GAMES[settings.database_url] = new_game(settings)
    return _GAMES[settings.database_url]


# ---------------------------------------------------------------- days


@pytest.mark.parametrize(
    ("lang", "said", "day"),
    [
        ("en", "2026-12-24", date(2026, 12, 24)),
        ("en", "12/24/2026", date(2026, 12, 24)),
        ("en", "24/12", date(2026, 12, 24)),
        ("ru", "24.12", date(2026, 12, 24)),
        ("ru", "24.12.26", date(2026, 12, 24)),
        ("ru", "3 января", date(2027, 1, 3)),
        ("uk", "24 грудня 2026 року", date(2026, 12, 24)),
        ("es", "24 de Diciembre", date(2026, 12, 24)),
        ("es", "24/12/2026", date(2026, 12, 24)),
        ("ja", "２０２６年１２月２４日", date(2026, 12, 24)),
        ("ja", "1月3日", date(2027, 1, 3)),
        ("en", "3rd January", date(2027, 1, 3)),
    ],
)
def test_a_day_is_read_as_the_readers_language_writes_it_and_a_yearless_one_is_the_next(
    lang, said, day
):
    assert read_day(said, lang, TODAY) == day


@pytest.mark.parametrize("said", ["31.02.2027", "2026-13-01", "24 bananas", "tomorrow", "1.2.3.4"])
def test_what_names_no_day_is_not_read_as_one(said):
    assert read_day(said, "en", TODAY) is None
