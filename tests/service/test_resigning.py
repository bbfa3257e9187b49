"""Resigning (issue 32 §4): ``resign``, ``concede``, ``сдаюсь``, ``здаюся``, ``me rindo``,
``abandono``, ``投了`` by reply, or the seat page's button, each asking for a confirmation
first (a reply "yes" to the email that asks, or the confirmation page's button). In a game
of two seats it ends the game for good, the other player the winner, a ``table.resigned``
event in the log, shown wherever the outcome is; with more seats the seat goes to the
absent-seat rules (the others vote on it at once, a bot or a newcomer plays it) and its
player acts and hears no more in that game."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import select

from service.cli.commands import main
from service.errors import Resigned, Stale
from service.links import replyto, sealed
from service.mail import digest
from service.play import closing, resigning, slowplay
from service.play.games import create_game
from service.store import eventstore
from service.store.db import sessions
from service.store.models import EventRow, OutboxRow, SeatOfferRow
from tests.fixtures import TEST_KEY
from tests.helpers import headline, html_of, text_of
from tests.service.replying import deliver, reply_message
from tests.service.test_history import page, seat_link
from tests.service.test_import import complete_game
from tests.service.test_replies import answers, order, state

pytestmark = pytest.mark.usefixtures("regulars")

ANN, BOB, CY = "ann@example.org", "bob@example.org", "cy@example.org"

WORDS = {
    "en": {
        "asks": "To resign, reply yes to this email: nothing changes until you do.",
        "follows": "The game ends now, and {other} wins it.",
        "done": "You resigned: {other} wins, and the game is over.",
        "ended": "won by resignation",
        "resigned": "Resigned: {me}.",
        "history": "{me} resigned: {other} wins",
    },
    "ru": {
        "asks": "Чтобы сдаться, ответьте на это письмо словом да: до тех пор ничего не изменится.",
        "follows": "Игра сразу закончится победой игрока {other}.",
        "done": "Вы сдались: побеждает {other}, игра окончена.",
        "ended": "соперник сдался",
        "resigned": "Партия сдана: {me}.",
        "history": "{me}: партия сдана, побеждает {other}",
    },
    "uk": {
        "asks": "Щоб здатися, дайте відповідь на цей лист словом так: доти нічого не зміниться.",
        "follows": "Гра одразу завершиться перемогою гравця {other}.",
        "done": "Ви здалися: перемагає {other}, гру завершено.",
        "ended": "суперник здався",
        "resigned": "Партію здано: {me}.",
        "history": "{me}: партію здано, перемагає {other}",
    },
    "es": {
        "asks": "Para rendirte, responde sí a este correo: nada cambia hasta entonces.",
        "follows": "La partida termina ahora y la gana {other}.",
        "done": "Te has rendido: gana {other} y la partida ha terminado.",
        "ended": "por abandono",
        "resigned": "Se rindió: {me}.",
        "history": "{me} se rindió: gana {other}",
    },
    "ja": {
        "asks": "投了するには、このメールに「はい」と返信してください。",
        "follows": "ゲームはその時点で終了し、{other}さんの勝ちになります。",
        "done": "投了しました。{other}さんの勝ちで、ゲームは終了です。",
        "ended": "相手の投了で",
        "resigned": "投了：{me}。",
        "history": "{me}が投了しました：{other}の勝ちです",
    },
}
NAMES = {ANN: "Ann", BOB: "Bob"}


def two_players(settings, work, lang: str = "en") -> str:
    players = [{"email": a, "name": NAMES[a], "language": lang} for a in (ANN, BOB)]
    with sessions(settings.database_url).begin() as s:
        game_id = create_game(s, "tictactoe", players).loaded.row.id
    work()
    return game_id


def loaded(settings, game_id: str):
    with sessions(settings.database_url)() as s:
        return eventstore.load(s, game_id)


def last_event(settings, game_id: str) -> EventRow:
    with sessions(settings.database_url)() as s:
        return s.scalars(
            select(EventRow).where(EventRow.game_id == game_id).order_by(EventRow.seq.desc())
        ).first()


def ask(settings, smtp, work, me: str, line: str):
    """``line`` replied to ``me``'s newest email that takes replies; the answer."""
    turn = [m for m in smtp.to(me) if m["Reply-To"]][-1]
    row, _ = deliver(settings, reply_message(turn, line))
    assert row.outcome == "command", row.answer
    work()
    return answers(smtp, me)[-1]


@pytest.mark.parametrize(
    ("lang", "word", "yes"),
    [("en", "resign", "yes"), ("en", "I concede.", "Yes"), ("ru", "Сдаюсь!", "да"),
     ("uk", "здаюся", "так"), ("es", "Me rindo", "sí"), ("es", "abandono", "Sí."),
     ("ja", "投了します", "はい")],
)  # fmt: skip
def test_resign_by_reply_asks_first_then_yes_to_that_email_ends_the_game_the_other_the_winner(
    settings, smtp, work, lang, word, yes
):
    game_id = two_players(settings, work, lang)
    me, you, mine, yours = order(settings)
    said = WORDS[lang]
    seq = state(settings, game_id)[0]
    asked = ask(settings, smtp, work, me, word)
    assert state(settings, game_id)[0] == seq, "asking records nothing"
    assert said["asks"] in text_of(asked)
    assert said["follows"].format(other=NAMES[you]) in text_of(asked)
    assert "/seat/" in text_of(asked) and "/resign" in text_of(asked), "the page confirms too"
    address = replyto.decode(settings.secret_key, str(asked["Reply-To"]))
    assert address is not None and address.asks == "resign"

    row, _ = deliver(settings, reply_message(asked, yes))
    assert row.outcome == "command"
    assert row.answer["steps"][0]["said"] == [said["done"].format(other=NAMES[you])]
    resigned = last_event(settings, game_id)
    assert (resigned.type, resigned.seat) == ("table.resigned", mine)
    assert resigned.payload["standing"]["ranking"] == [[yours], [mine]]
    assert resigned.payload["standing"]["resigned"] == [mine]
    now = loaded(settings, game_id)
    assert now.row.over and now.table.final and now.table.resigned == ()
    work()
    for address_ in (me, you):
        (ended,) = [m for m in smtp.to(address_) if m["Auto-Submitted"] == "auto-generated"][-1:]
        assert said["ended"] in headline(ended), headline(ended)
        assert said["resigned"].format(me=NAMES[me]) in text_of(ended)
        assert said["resigned"].format(me=NAMES[me]) in html_of(ended)


def test_yes_to_an_email_that_does_not_ask_never_resigns(settings, smtp, work):
    game_id = two_players(settings, work)
    me, _you, mine, _yours = order(settings)
    turn = smtp.to(me)[-1]
    ask(settings, smtp, work, me, "resign")
    row, _ = deliver(settings, reply_message(turn, "yes"))
    assert row.outcome == "refused: command"
    assert row.answer["steps"][0]["said"] == ["There is no takeback waiting for an answer."]
    assert not loaded(settings, game_id).row.over
    assert state(settings, game_id)[1] == [mine]


def test_no_to_the_confirmation_changes_nothing(settings, smtp, work):
    game_id = two_players(settings, work, "uk")
    me, _you, _mine, _yours = order(settings)
    asked = ask(settings, smtp, work, me, "здаюся")
    seq = state(settings, game_id)[0]
    row, _ = deliver(settings, reply_message(asked, "ні"))
    assert row.answer["steps"][0]["said"] == ["Ви не здалися: нічого не змінилося."]
    assert state(settings, game_id)[0] == seq and not loaded(settings, game_id).row.over


def test_the_seat_page_asks_on_a_get_and_resigns_on_its_post(app, client, settings, smtp, work):
    game_id = two_players(settings, work, "es")
    me, you, mine, yours = order(settings)
    seat = seat_link(settings, game_id, mine)
    assert "/resign" in client.get(seat).get_data(as_text=True), "the seat page offers it"
    seq = state(settings, game_id)[0]
    asking = client.get(f"{seat}/resign")
    assert asking.status_code == 200
    body = asking.get_data(as_text=True)
    assert WORDS["es"]["follows"].format(other=NAMES[you]) in body
    assert "No se puede deshacer." in body
    assert state(settings, game_id)[0] == seq, "a GET (a mail scanner) changes nothing"
    done = client.post(f"{seat}/resign")
    assert done.status_code == 200
    assert WORDS["es"]["done"].format(other=NAMES[you]) in done.get_data(as_text=True)
    now = loaded(settings, game_id)
    assert now.row.over and now.table.abandoned["ranking"] == [[yours], [mine]]

    game = client.get(f"/games/{game_id}?lang=ru").get_data(as_text=True)
    assert f"Победа: {NAMES[you]}" in game and f"Партия сдана: {NAMES[me]}." in game
    api = client.get(f"/api/games/{game_id}").get_json()
    assert api["resigned"] == [mine] and api["outcome"]["ranking"] == [[yours], [mine]]
    assert api["over"] is True and api["closed"] is False
    again = client.post(f"{seat}/resign")
    assert again.status_code == 409, "over: nothing to resign"

    with sessions(settings.database_url).begin() as s, pytest.raises(Stale) as refused:
        slowplay.agree_revive(s, game_id, yours, 0)
    assert refused.value.message == "A player resigned and ended this game: it cannot go on."
    with sessions(settings.database_url).begin() as s, pytest.raises(Stale):
        closing.close(s, game_id)
    verified = app.test_cli_runner().invoke(main, ["verify", game_id])
    assert verified.exit_code == 0, verified.output


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_the_history_says_who_resigned_and_who_won_in_every_language(client, settings, work, lang):
    game_id = two_players(settings, work)
    mover = order(settings)[2]
    with sessions(settings.database_url).begin() as s:
        resigning.resign(s, game_id, mover, 0)
    me, other = ("Ann", "Bob") if mover == "p1" else ("Bob", "Ann")
    history = page(client, f"/games/{game_id}/history?lang={lang}")
    assert WORDS[lang]["history"].format(me=me, other=other) in history


def test_a_solo_game_resigned_ends_with_nobody_winning(settings, smtp, work):
    with sessions(settings.database_url).begin() as s:
        game_id = create_game(s, "origins-first-builders", [ANN]).loaded.row.id
    work()
    smtp.clear()
    with sessions(settings.database_url).begin() as s:
        done = resigning.resign(s, game_id, "p1", 0)
        assert resigning.done(done.loaded, "p1") == "You resigned: the game is over."
    work()
    (ended,) = smtp.to(ANN)
    assert re.fullmatch(r"Game over after turn \d+, by resignation", headline(ended))
    assert "Winner" not in text_of(ended) and "Resigned: Player 1." in text_of(ended)


def test_a_finished_game_cannot_be_resigned(settings):
    game_id = complete_game(settings, "tictactoe")
    with sessions(settings.database_url).begin() as s, pytest.raises(Stale) as refused:
        resigning.resign(s, game_id, "p1", 0)
    assert refused.value.message == "The game is over."


# ---------------------------------------------------------------- more than two seats


def three_players(settings, claims, work) -> str:
    players = [
        {"email": ANN, "name": "Ann"},
        {"email": BOB, "name": "Bob", "language": "ru"},
        {"email": CY, "name": "Cy", "language": "ja"},
    ]
    with sessions(settings.database_url).begin() as s:
        game_id = create_game(s, claims, players).loaded.row.id  # all three decide at once
    work()
    return game_id


def test_with_more_seats_the_game_goes_on_and_the_others_vote_on_the_seat_at_once(
    client, settings, smtp, work, claims
):
    game_id = three_players(settings, claims, work)
    smtp.clear()
    seat = seat_link(settings, game_id, "p1")
    asking = client.get(f"{seat}/resign").get_data(as_text=True)
    assert "the others vote on it as for a player who went quiet" in asking
    done = client.post(f"{seat}/resign")
    assert "The others decide what becomes of your seat" in done.get_data(as_text=True)
    now = loaded(settings, game_id)
    assert not now.row.over
    assert now.table.resigned == ("p1",) and now.table.has_left("p1")
    assert now.table.ballot is not None and now.table.ballot.seat == "p1", "the vote, at once"
    assert set(now.table.voters()) == {"p2", "p3"}
    work()
    told = {a: [headline(m) for m in smtp.to(a)] for a in (ANN, BOB, CY)}
    assert told[ANN] == [], "no more emails for the one who resigned"
    assert "Ann сдаёт партию" in told[BOB] and "Annさんが投了しました" in told[CY]
    statuses = client.get(f"/api/games/{game_id}").get_json()["players"]
    assert "resigned: the others decide for their seat" in statuses[0]["notes"]
    shown = client.get(f"/games/{game_id}?lang=uk").get_data(as_text=True)
    (ann,) = re.findall(r"<li>Ann \([^)<]*\)[^<]*</li>", shown)  # her colour, no seat id
    assert "p1" not in ann and ann.endswith(" — партію здано: за це місце вирішують інші</li>"), ann

    for voter in ("p2", "p3"):
        with sessions(settings.database_url).begin() as s:
            slowplay.cast_vote(s, game_id, voter, 0, 1, "bot")
    with sessions(settings.database_url).begin() as s:
        slowplay.advance(s, game_id, eventstore.now())
    now = loaded(settings, game_id)
    assert "p1" in now.table.bots and "p1" not in now.game.to_act(now.state), "the bot played"
    work()
    assert [m for m in smtp.to(ANN)] == [], "not even the vote's result"
    with sessions(settings.database_url)() as s:
        resigned = s.scalar(
            select(EventRow.seq).where(
                EventRow.game_id == game_id, EventRow.type == "table.resigned"
            )
        )
        skipped = s.scalars(
            select(OutboxRow.skipped).where(
                OutboxRow.game_id == game_id, OutboxRow.seat == "p1", OutboxRow.seq >= resigned
            )
        ).all()
    assert skipped and set(skipped) == {resigning.SKIPPED}


def test_one_who_resigned_from_a_game_going_on_acts_and_hears_no_more(
    client, settings, smtp, work, claims
):
    game_id = three_players(settings, claims, work)
    turn = smtp.to(ANN)[-1]
    asked = ask(settings, smtp, work, ANN, "resign")
    deliver(settings, reply_message(asked, "yes"))
    work()
    (confirmed,) = answers(smtp, ANN)[-1:]
    assert "The others decide what becomes of your seat" in text_of(confirmed)
    assert confirmed["Reply-To"] is None and "[1]" not in text_of(confirmed), "no codes"
    smtp.clear()
    row, ids = deliver(settings, reply_message(turn, "1"))
    assert (row.outcome, ids) == ("refused: the seat's player resigned", []), "no answer"
    seat = seat_link(settings, game_id, "p1")
    refused = client.get(seat)
    assert refused.status_code == 410
    assert "You resigned from this game" in refused.get_data(as_text=True)
    assert client.get(f"{seat}/history").status_code == 200, "their history stays theirs"
    with sessions(settings.database_url).begin() as s, pytest.raises(Resigned):
        slowplay.come_back(s, game_id, "p1", 0)
    with sessions(settings.database_url).begin() as s:
        assert slowplay.declare_away(s, ANN, eventstore.now().date(), eventstore.now().date()) == []
    assert loaded(settings, game_id).table.away == (), "no absence in a game they left"
    now = loaded(settings, game_id)
    assert "p1" in now.game.to_act(now.state), "their seat must decide"
    with sessions(settings.database_url).begin() as s:
        slowplay.set_notify(s, ANN, "digest")
        assert digest.waiting_games(settings, s, ANN) == [], "no digest lists it"
    work()
    assert smtp.to(ANN) == []
    api = client.get(f"/api/games/{game_id}").get_json()
    assert api["resigned"] == ["p1"] and api["over"] is False


def test_the_desk_lists_a_game_resigned_from_with_the_finished_ones(
    client, settings, smtp, work, claims
):
    from tests.service.test_desk import desk, sign_in

    game_id = three_players(settings, claims, work)
    with sessions(settings.database_url).begin() as s:
        resigning.resign(s, game_id, "p1", 0)
    sign_in(client, smtp, work)
    shown = desk(client)
    finished = shown.split('class="card game finished"', 1)
    assert len(finished) == 2 and game_id in finished[1]
    assert "You resigned from this game; it goes on without you." in finished[1]
    assert seat_link(settings, game_id, "p1") not in shown and "Decide now" not in shown


def test_a_newcomer_who_takes_a_resigned_seat_plays_and_hears_as_anyone(
    settings, smtp, work, claims
):
    game_id = three_players(settings, claims, work)
    with sessions(settings.database_url).begin() as s:
        resigning.resign(s, game_id, "p1", 0)
    with sessions(settings.database_url).begin() as s:
        slowplay.cast_vote(s, game_id, "p2", 0, 1, "replace", ("dee@example.org", "Dee"))
        slowplay.cast_vote(s, game_id, "p3", 0, 1, "replace", ("eve@example.org", "Eve"))
    offered = loaded(settings, game_id).table.offered_to("p1")
    assert offered == (1, "p2"), "Bob proposed first"
    with sessions(settings.database_url).begin() as s:
        offer = s.scalars(
            select(SeatOfferRow).where(
                SeatOfferRow.game_id == game_id, SeatOfferRow.proposed_by == "p2"
            )
        ).one()
        slowplay.claim(s, offer.id)
    now = loaded(settings, game_id)
    assert now.table.resigned == () and not now.table.has_left("p1")
    assert now.table.generation("p1") == 1
    work()
    assert [m for m in smtp.to("dee@example.org") if m["Reply-To"]], "Dee's turn, by email"


# ---------------------------------------------------------------- the address that asks


@given(
    game_id=st.text("abcdefghijklmnopqrstuvwxyz0123456789", min_size=1, max_size=8),
    seat_index=st.integers(0, 7),
    generation=st.integers(0, 127),
    began=st.one_of(st.none(), st.integers(0, 2**31 - 2)),
    turn_seq=st.integers(0, 2**31 - 1),
    digest=st.text("0123456789abcdef", min_size=8, max_size=8),
)
def test_an_address_that_asks_fits_rfc_5321_and_says_what_it_asks(
    game_id, seat_index, generation, began, turn_seq, digest
):
    plain = replyto.ReplyTo(game_id, seat_index, generation, began, turn_seq, digest)
    asking = replyto.ReplyTo(game_id, seat_index, generation, began, turn_seq, digest, "resign")
    local = replyto.encode(TEST_KEY, asking)
    assert len(local) <= 64 and local == local.lower() and "." not in local
    assert replyto.decode(TEST_KEY, f"{local.upper()}@PBEM.TEST") == asking
    assert replyto.decode(TEST_KEY, replyto.encode(TEST_KEY, plain)) == plain
    assert plain.asks == "" and replyto.encode(TEST_KEY, plain) != local


def test_an_address_asking_what_we_never_ask_names_no_seat():
    plain = replyto.ReplyTo("abcd1234", 1, 0, 7, 9, "0123abcd")
    body = replyto.encode(TEST_KEY, replace(plain, asks="resign"))
    assert replyto.decode(TEST_KEY, body) is not None
    # The byte of what it asks: 1 resign, 2 rematch (issue 35 §4); never 9.
    unknown = b"\x08abcd1234\x01\x00\x08\x09" + bytes.fromhex("0123abcd") + b"\x09"
    forged = sealed.seal(TEST_KEY, replyto.PURPOSE, replyto.PREFIX, unknown)
    assert replyto.decode(TEST_KEY, forged) is None
    twice = unknown[:-1] + b"\x01\x01"
    assert (
        replyto.decode(TEST_KEY, sealed.seal(TEST_KEY, replyto.PURPOSE, replyto.PREFIX, twice))
        is None
    )
