"""Table talk by reply (issue 35 §2): ``say ...`` in any language we speak, or prose that is
no code and no command, is a ``table.said`` event whose payload the chain covers holds a
salted digest of the words, kept beside the log; the other players read it in their next
email and on the game's pages, escaped; it is capped and limited per seat; forgetting the
speaker erases the words while the log still verifies."""

from __future__ import annotations

from datetime import timedelta

import pytest
from freezegun import freeze_time
from sqlalchemy import select

from service.audit import checks as audit
from service.cli.commands import main
from service.mail import news, parsing
from service.play import forgetting, slowplay, talk
from service.play.games import create_game
from service.store import eventstore
from service.store.db import sessions
from service.store.models import EventRow, SeatOfferRow, TalkRow
from tests.helpers import html_of, text_of
from tests.service.replying import deliver, reply_message
from tests.service.test_notes import (
    address,
    answer_to,
    latest_turn_email,
    new_game,
    page,
    play_first,
    set_language,
    urls_of,
)
from tests.workers import test_flood_cap as flood
from tests.workers.test_flood_cap import ANN as FLOODED
from tests.workers.test_flood_cap import (
    START,
    capped,  # noqa: F401 (a fixture: the default hourly cap)
    four_held,
)

pytestmark = pytest.mark.usefixtures("regulars")

HOSTILE = 'Well played <script>alert("x")</script> & <b>good luck</b>\u202e'
ESCAPED = "Well played &lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; &lt;b&gt;good luck"
SAID = 'Well played <script>alert("x")</script> & <b>good luck</b>'

REPLIES = [
    ("en", "say: well met\nhave fun", "well met\nhave fun", "Your words were passed on"),
    ("ru", "Сказать: привет всем\nудачи", "привет всем\nудачи", "Ваши слова переданы"),
    ("uk", "кажу привіт усім\nудачі", "привіт усім\nудачі", "Ваші слова передано"),
    ("es", "digo: hola a todos\nsuerte", "hola a todos\nsuerte", "Tus palabras se pasaron"),
    ("ja", "言う\u3000よろしく\nがんばって", "よろしく\nがんばって", "あなたの発言を"),
]  # fmt: skip


def said_rows(settings, game_id: str) -> list[TalkRow]:
    with sessions(settings.database_url)() as s:
        rows = list(s.scalars(select(TalkRow).where(TalkRow.game_id == game_id)))
        s.expunge_all()
        return rows


def name(seat: str) -> str:
    return "Ann" if seat == "p1" else "Bob"


def reply(settings, smtp, seat: str, body: str):
    row, _ids = deliver(settings, reply_message(latest_turn_email(smtp, address(seat)), body))
    return row


@pytest.mark.parametrize(("lang", "body", "words", "told"), REPLIES, ids=[r[0] for r in REPLIES])
def test_say_by_reply_in_each_language_is_recorded_answered_and_relayed_to_the_other_seat(
    client, settings, smtp, work, lang, body, words, told
):
    game_id, mover, waiter = new_game(settings, work)
    set_language(settings, game_id, mover, lang)
    assert reply(settings, smtp, mover, body).outcome == "command"
    work()
    assert told in text_of(answer_to(smtp, address(mover)))
    (kept,) = said_rows(settings, game_id)
    assert (kept.seat, kept.text) == (mover, words)
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        assert mover in loaded.game.to_act(loaded.state), "the talk's lines played nothing"
        event = s.scalar(
            select(EventRow).where(EventRow.game_id == game_id, EventRow.seq == kept.seq)
        )
        assert event is not None and event.type == "table.said" and event.seat == mover
        assert words.split("\n")[0] not in str(event.payload), "the log holds only a digest"
    # The other seat reads it in its next email ("since your last turn").
    smtp.clear()
    play_first(settings, game_id, mover)
    work()
    turn = latest_turn_email(smtp, address(waiter))
    assert name(mover) + " said: " + words.split("\n")[0] in text_of(turn).replace("\r\n", "\n")
    assert words.split("\n")[0] in html_of(turn)
    assert words.split("\n")[0] in page(client, f"/games/{game_id}/history")


def test_talk_is_escaped_in_the_other_seats_email_and_on_the_games_history_and_replay(
    client, settings, smtp, work
):
    game_id, mover, waiter = new_game(settings, work)
    assert reply(settings, smtp, mover, "say " + HOSTILE).outcome == "command"
    (kept,) = said_rows(settings, game_id)
    assert kept.text == SAID, "no direction-changing character is kept"
    smtp.clear()
    play_first(settings, game_id, mover)
    work()
    html = html_of(latest_turn_email(smtp, address(waiter)))
    assert ESCAPED in html and "<script>alert" not in html
    seat_page = urls_of(settings, game_id, waiter)[0]
    for where in (
        f"/games/{game_id}/history",
        f"{seat_page}/history",
        f"/games/{game_id}/replay/{kept.seq}",
        f"{seat_page}/replay/{kept.seq}",
    ):
        shown = page(client, where)
        assert ESCAPED in shown and "<script>alert" not in shown, where


def test_prose_that_is_no_code_or_command_becomes_talk_with_the_lines_below_it(
    settings, smtp, work
):
    game_id, mover, _waiter = new_game(settings, work)
    row = reply(settings, smtp, mover, "Nice opening, Bob!\nI will think about it.\n\n-- \nAnn")
    assert row.outcome == "command"
    (kept,) = said_rows(settings, game_id)
    assert kept.text == "Nice opening, Bob!\nI will think about it.", "never the signature"


def test_a_reply_with_only_the_quoted_original_a_lone_word_or_a_number_in_words_gets_the_help(
    settings, smtp, work
):
    game_id, mover, _waiter = new_game(settings, work)
    quoted = "\nOn Thu, 26 Nov 2026, Play by email <games@pbem.test> wrote:\n> say hello\n> 1\n"
    assert reply(settings, smtp, mover, quoted).outcome == "refused: empty reply"
    assert reply(settings, smtp, mover, "stauts").outcome == "refused: not understood"
    assert reply(settings, smtp, mover, "I think 2 is best").outcome == "refused: not understood"
    work()
    assert "status" in text_of(answer_to(smtp, address(mover)))
    assert said_rows(settings, game_id) == []


def test_a_line_is_talk_only_when_it_begins_with_a_word_for_say():
    assert parsing.talk("saying goes") is None
    assert parsing.talk("I say hi") is None
    assert parsing.talk("言うこんにちは") == "こんにちは"
    assert parsing.parse("say " + "w" * 900) == ("say", "w" * 900)
    assert parsing.prose("well played") and not parsing.prose("stauts")
    assert parsing.prose("よろしくお願いします") and not parsing.prose("はい")
    assert not parsing.prose("I think 2 is better") and not parsing.prose("２でお願いします")


def test_talk_over_the_cap_is_cut_and_the_answer_says_how_much(settings, smtp, work):
    game_id, mover, _waiter = new_game(settings, work)
    reply(settings, smtp, mover, "say " + "z" * (talk.LONGEST + 5))
    work()
    (kept,) = said_rows(settings, game_id)
    assert kept.text == "z" * talk.LONGEST
    assert "we left out their last 5 characters" in text_of(answer_to(smtp, address(mover)))


def test_a_seat_says_at_most_so_many_things_an_hour_and_is_told_when_refused(settings, smtp, work):
    game_id, mover, _waiter = new_game(settings, work)
    start = eventstore.now()
    with freeze_time(start):
        for n in range(talk.PER_HOUR):
            assert reply(settings, smtp, mover, f"say number {n}").outcome == "command"
        assert reply(settings, smtp, mover, "say one too many").outcome == "refused: command"
        work()
        assert "Try again later." in text_of(answer_to(smtp, address(mover)))
    assert len(said_rows(settings, game_id)) == talk.PER_HOUR
    with freeze_time(start + timedelta(hours=1, seconds=1)):
        assert reply(settings, smtp, mover, "say an hour later").outcome == "command"
    assert len(said_rows(settings, game_id)) == talk.PER_HOUR + 1


def verified(settings, game_id: str) -> list[str]:
    with sessions(settings.database_url)() as s:
        log = audit.from_store(s, game_id)
        return audit.verify(log).failures + audit.kept_words(s, game_id, log)


def test_forgetting_the_speaker_erases_their_words_and_the_log_still_verifies(
    client, settings, smtp, work
):
    game_id, mover, waiter = new_game(settings, work)
    reply(settings, smtp, mover, "say my secret plan")
    play_first(settings, game_id, mover)
    work()
    reply(settings, smtp, waiter, "say and mine stays")
    assert verified(settings, game_id) == []
    with sessions(settings.database_url).begin() as s:
        forgetting.forget(s, address(mover))
    work()
    erased, kept = sorted(said_rows(settings, game_id), key=lambda r: r.seq)
    assert (erased.text, erased.salt) == (None, None)
    assert kept.text == "and mine stays"
    assert verified(settings, game_id) == []
    history = page(client, f"/games/{game_id}/history")
    assert "my secret plan" not in history and "(erased)" in history
    assert "and mine stays" in history


def test_forgetting_a_player_erases_only_what_they_said_in_a_seat_that_changed_hands(
    client, settings, smtp, work
):
    game_id, late, voter = new_game(settings, work)
    with sessions(settings.database_url).begin() as s:
        talk.say(s, game_id, late, 0, "the old player's words")
    with sessions(settings.database_url).begin() as s:
        slowplay.open_ballot(s, eventstore.load(s, game_id), late)
    with sessions(settings.database_url).begin() as s:
        slowplay.cast_vote(s, game_id, voter, 0, 1, "replace", ("cy@example.org", "Cy"))
    work()
    with sessions(settings.database_url).begin() as s:
        (offered,) = s.scalars(select(SeatOfferRow).where(SeatOfferRow.game_id == game_id))
        slowplay.claim(s, offered.id)
    with sessions(settings.database_url).begin() as s:
        talk.say(s, game_id, late, 1, "the newcomer's words")
    with sessions(settings.database_url).begin() as s:
        forgetting.forget(s, "cy@example.org")
    old, new = sorted(said_rows(settings, game_id), key=lambda r: r.seq)
    assert (old.text, new.text) == ("the old player's words", None)
    with sessions(settings.database_url).begin() as s:
        forgetting.forget(s, address(late))
    assert [r.text for r in said_rows(settings, game_id)] == [None, None]
    assert verified(settings, game_id) == []


def test_words_changed_beside_the_log_or_a_digest_changed_in_it_fail_verification(
    app, settings, smtp, work
):
    game_id, mover, _waiter = new_game(settings, work)
    reply(settings, smtp, mover, "say the truth")
    (kept,) = said_rows(settings, game_id)
    assert talk.digest(kept.salt or "", "the truth") != talk.digest("0" * 32, "the truth")
    with sessions(settings.database_url).begin() as s:
        row = s.get(TalkRow, (game_id, kept.seq))
        assert row is not None
        row.text = "a lie"
    assert verified(settings, game_id) == [
        f"event {kept.seq}: the words kept beside it do not match its digest"
    ]
    checked = app.test_cli_runner().invoke(main, ["verify", game_id])
    assert checked.exit_code == 1
    assert f"FAIL event {kept.seq}: the words kept beside it" in checked.output
    with sessions(settings.database_url).begin() as s:
        event = s.scalar(
            select(EventRow).where(EventRow.game_id == game_id, EventRow.seq == kept.seq)
        )
        assert event is not None
        event.payload = {**event.payload, "digest": talk.digest(kept.salt or "", "a lie")}
    failures = verified(settings, game_id)
    assert f"event {kept.seq}: its contents do not match its hash" in failures


# ---------------------------------------------------------------- words to one player


CY = "cy@example.org"


def three_players(settings, claims, work) -> str:
    players = [
        {"email": "ann@example.org", "name": "Ann"},
        {"email": "bob@example.org", "name": "Bob"},
        {"email": CY, "name": "Cy"},
    ]
    with sessions(settings.database_url).begin() as s:
        game_id = create_game(s, claims, players).loaded.row.id  # all three decide at once
    work()
    return game_id


def news_of(settings, game_id: str, seat: str) -> list[str]:
    with sessions(settings.database_url)() as s:
        return news.since_last_decision(s, eventstore.load(s, game_id), seat).lines


def test_words_to_one_player_reach_that_player_alone_and_show_only_in_the_two_seats_history(
    client, settings, smtp, work, claims
):
    game_id = three_players(settings, claims, work)
    said = "to bob: psst <b>take the left</b>\nnot a word to Cy"
    assert reply(settings, smtp, "p1", said).outcome == "command"
    work()
    assert "passed on to Bob alone" in text_of(answer_to(smtp, "ann@example.org"))
    (kept,) = said_rows(settings, game_id)
    assert kept.text == "psst <b>take the left</b>\nnot a word to Cy"
    with sessions(settings.database_url)() as s:
        event = s.scalar(
            select(EventRow).where(EventRow.game_id == game_id, EventRow.seq == kept.seq)
        )
        assert event is not None and event.payload["to"] == "p2"
    assert any("Ann said to you alone: psst" in line for line in news_of(settings, game_id, "p2"))
    assert not any("psst" in line for line in news_of(settings, game_id, "p3"))
    escaped = "psst &lt;b&gt;take the left&lt;/b&gt;"
    for seat in ("p1", "p2"):
        shown = page(client, f"{urls_of(settings, game_id, seat)[0]}/history")
        assert escaped in shown and "<b>take the left" not in shown, seat
    for where in (
        f"{urls_of(settings, game_id, 'p3')[0]}/history?all=1",
        f"/games/{game_id}/history?all=1",
        f"/games/{game_id}/replay/{kept.seq}",
        f"/api/games/{game_id}",
    ):
        assert "psst" not in page(client, where), where


def test_words_to_a_name_no_other_player_bears_are_refused_and_nothing_is_passed_on(
    settings, smtp, work, claims
):
    game_id = three_players(settings, claims, work)
    assert reply(settings, smtp, "p1", "to Dan: hello").outcome == "refused: command"
    assert reply(settings, smtp, "p1", "to Ann: me myself").outcome == "refused: command"
    work()
    assert "No other player of this game is called Ann" in text_of(
        answer_to(smtp, "ann@example.org")
    )
    assert said_rows(settings, game_id) == []


def test_a_line_is_words_to_one_player_when_it_names_them_then_a_colon():
    assert parsing.private("to Ann: hi") == ("Ann", "hi")
    assert parsing.private("для Анна: привет") == ("Анна", "привет")
    assert parsing.private("Annへ：こんにちは") == ("Ann", "こんにちは")
    assert parsing.private("tomorrow: I play") is None
    assert parsing.parse("say to Ann: hi") == ("say", "to Ann: hi")


# ---------------------------------------------------------------- mute


MUTES = [
    ("en", "mute Ann", "unmute ann"),
    ("ru", "заглушить Ann", "снова слушать Ann"),
    ("uk", "заглушити Ann", "знову слухати Ann"),
    ("es", "silenciar Ann", "dejar de silenciar Ann"),
    ("ja", "ミュート Ann", "ミュート解除 Ann"),
]


@pytest.mark.parametrize(("lang", "mute", "unmute"), MUTES, ids=[m[0] for m in MUTES])
def test_a_player_who_mutes_another_reads_none_of_their_talk_until_they_unmute(
    settings, smtp, work, claims, lang, mute, unmute
):
    game_id = three_players(settings, claims, work)
    set_language(settings, game_id, "p2", lang)
    bob = latest_turn_email(smtp, "bob@example.org")
    assert deliver(settings, reply_message(bob, mute))[0].outcome == "command"
    reply(settings, smtp, "p1", "say first words from Ann")
    assert not any("first words" in line for line in news_of(settings, game_id, "p2"))
    assert any("first words" in line for line in news_of(settings, game_id, "p3")), "Cy hears"
    assert deliver(settings, reply_message(bob, unmute))[0].outcome == "command"
    assert any("first words" in line for line in news_of(settings, game_id, "p2"))


def test_a_player_who_muted_another_does_not_see_their_talk_on_their_own_history_page(
    client, settings, smtp, work, claims
):
    game_id = three_players(settings, claims, work)
    assert reply(settings, smtp, "p2", "mute Ann").outcome == "command"
    reply(settings, smtp, "p1", "say words Bob muted")
    bobs = f"{urls_of(settings, game_id, 'p2')[0]}/history"
    assert "words Bob muted" not in page(client, bobs)
    assert "words Bob muted" in page(client, f"/games/{game_id}/history"), "the others see it"
    assert "words Bob muted" in page(client, f"{urls_of(settings, game_id, 'p3')[0]}/history")


def test_muting_a_name_no_other_player_bears_is_refused(settings, smtp, work, claims):
    game_id = three_players(settings, claims, work)
    assert reply(settings, smtp, "p1", "mute Dan").outcome == "refused: command"
    with sessions(settings.database_url)() as s:
        assert talk.muted(s, game_id, "p1") == set()


def test_forgetting_a_player_drops_the_mutes_they_chose(settings, smtp, work, claims):
    game_id = three_players(settings, claims, work)
    assert reply(settings, smtp, "p1", "mute Cy").outcome == "command"
    with sessions(settings.database_url)() as s:
        assert talk.muted(s, game_id, "p1") == {"p3"}
    with sessions(settings.database_url).begin() as s:
        forgetting.forget(s, "ann@example.org")
    with sessions(settings.database_url)() as s:
        assert talk.muted(s, game_id, "p1") == set()


# ---------------------------------------------------------------- an email at once


def test_players_who_chose_every_turn_get_the_words_at_once_escaped_and_only_if_they_hear(
    settings, smtp, work, claims
):
    three_players(settings, claims, work)
    ann = latest_turn_email(smtp, "ann@example.org")
    smtp.clear()
    assert deliver(settings, reply_message(ann, "say " + HOSTILE))[0].outcome == "command"
    work()
    for to in ("bob@example.org", CY):
        (told,) = [m for m in smtp.to(to) if "says to the table" in str(m["Subject"]) + text_of(m)]
        assert "Ann says to the table" in text_of(told) and SAID in text_of(told)
        assert ESCAPED in html_of(told) and "<script>alert" not in html_of(told)
    smtp.clear()
    deliver(settings, reply_message(ann, "to Bob: between us"))
    work()
    assert any("between us" in text_of(m) for m in smtp.to("bob@example.org"))
    assert not any("between us" in text_of(m) + html_of(m) for m in smtp.to(CY)), "Cy hears not"


def test_a_player_on_a_daily_digest_or_who_muted_the_speaker_gets_no_email_at_once(
    settings, smtp, work, claims
):
    game_id = three_players(settings, claims, work)
    with sessions(settings.database_url).begin() as s:
        row = eventstore.load(s, game_id).row
        next(x for x in row.seats if x.seat == "p3").notify = "digest"
    assert reply(settings, smtp, "p2", "mute Ann").outcome == "command"
    ann = latest_turn_email(smtp, "ann@example.org")
    smtp.clear()
    deliver(settings, reply_message(ann, "say nobody hears this at once"))
    work()
    for to in ("bob@example.org", CY):
        assert not any("nobody hears" in text_of(m) for m in smtp.to(to)), to


def test_words_to_an_email_that_asks_for_a_confirmation_are_no_talk(settings, smtp, work):
    game_id, mover, _waiter = new_game(settings, work)
    assert reply(settings, smtp, mover, "resign").outcome == "command"
    work()
    asked = answer_to(smtp, address(mover))
    row, _ids = deliver(settings, reply_message(asked, "well I am not so sure now"))
    assert row.outcome == "refused: not understood"
    assert said_rows(settings, game_id) == []
    with sessions(settings.database_url)() as s:
        assert not eventstore.load(s, game_id).row.over, "nothing resigned"


@pytest.mark.usefixtures("capped")
def test_a_lettered_say_in_an_email_of_several_games_speaks_in_that_game_alone(
    client, settings, smtp, work
):
    with freeze_time(START) as clock:
        games = four_held(client, settings, work)
        clock.tick(timedelta(hours=1, seconds=1))
        work()
        bundle = smtp.to(FLOODED)[-1]
        found = flood.sections(bundle)
        assert len(found) == 4
        row, _ids = deliver(settings, reply_message(bundle, "B say good luck in B"))
        assert row.outcome == "command"
        said = {g: [r.text for r in said_rows(settings, g)] for g in games}
        assert said[found["B"]] == ["good luck in B"]
        assert all(not words for g, words in said.items() if g != found["B"])
