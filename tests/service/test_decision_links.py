"""Links that keep working for a player who did nothing (issue 14 §4), and the 409s of a
link whose decision is gone (issue 15): a link stays valid while the decision it names is
still its seat's and unchanged; a refused one leads to the seat's current decision, or says
that nothing waits for it and when it will hear from us. Nothing refused writes anything.

Simultaneous decisions are played with ``tests.games.claims`` (registered by the ``claims``
fixture), turns with tic-tac-toe."""

from __future__ import annotations

import html
import re
from datetime import timedelta

from sqlalchemy import select, update

from service.audit.checks import from_store, verify
from service.links import decisions, tokens
from service.play import slowplay
from service.store import eventstore
from service.store.db import sessions
from service.store.eventstore import forget_states, load_from_start
from service.store.models import OutboxRow, SnapshotRow
from tests.helpers import act_token, headline, html_of, option_links, path, play_now, text_of
from tests.service.hostile import ledger

EMAILS = {"p1": "ann@example.org", "p2": "bob@example.org", "p3": "cy@example.org"}
NAMES = {"p1": "Ann", "p2": "Bob", "p3": "Cy"}
CURRENT = re.compile(r'href="([^"]+/act/[^"]+)"[^>]*>Go to your current decision')
NOT_YOURS = "It is not your decision any more."
WE_WILL_EMAIL = "We will email you when it is your turn."


def new_game(client, game: str, seats: int = 2, **options: object) -> str:
    players = [f"{NAMES[s]} <{EMAILS[s]}>" for s in list(EMAILS)[:seats]]
    response = client.post(
        "/api/games", json={"game": game, "players": players, "options": options}
    )
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()["id"]


def api(client, game_id: str) -> dict:
    return client.get(f"/api/games/{game_id}").get_json()


def invitation(smtp, seat: str):
    (email,) = [m for m in smtp.to(EMAILS[seat]) if "You have been invited" in text_of(m)]
    return email


def option(email, label: str) -> str:
    return path(next(url for text, url in option_links(email) if text == label))


def page_link(email) -> str:
    """The email's link to the seat's page (a seat with nothing to decide gets only that)."""
    (url,) = [u for u in re.findall(r"https?://\S+/act/\S+", text_of(email))]
    return path(url)


def text(response) -> str:
    return html.unescape(" ".join(response.get_data(as_text=True).split()))


# --- what a link names -----------------------------------------------------------------

OPTIONS = [{"type": "claim", "cell": 2}, {"b": [1, "é"], "a": {"y": 1, "x": 2}}]


def test_a_decisions_digest_is_the_one_earlier_releases_made_for_its_options_in_any_order():
    """Links already in inboxes carry digests their release made: another digest would turn
    every one stale as soon as any other seat moved."""
    assert decisions.digest(OPTIONS) == "97881759fe07402f"
    assert decisions.digest(OPTIONS[::-1]) == "97881759fe07402f"
    same_keys_in_another_order = [
        {"cell": 2, "type": "claim"},
        {"a": {"x": 2, "y": 1}, "b": [1, "é"]},
    ]
    assert decisions.digest(same_keys_in_another_order) == "97881759fe07402f"


def test_decisions_with_as_many_options_but_other_ones_have_other_digests():
    other = [{"type": "claim", "cell": 3}, OPTIONS[1]]
    assert decisions.digest(other) != decisions.digest(OPTIONS)
    assert decisions.digest([]) != decisions.digest([{}])


def test_a_decision_named_without_its_options_in_hand_is_the_one_named_with_them(
    client, settings, claims
):
    game_id = new_game(client, claims, seats=3)
    with sessions(settings.database_url)() as session:
        loaded = eventstore.load(session, game_id)
        for seat in ("p1", "p2", "p3"):
            moves = loaded.game.legal_moves(loaded.state, seat)
            assert decisions.named(loaded, seat) == decisions.named(loaded, seat, moves)
            assert decisions.named(loaded, seat).digest == decisions.digest(moves)


# --- simultaneous decisions ------------------------------------------------------------


def test_another_seats_move_that_leaves_my_options_alone_leaves_my_links_valid(
    client, smtp, work, settings, claims
):
    game_id = new_game(client, claims, seats=3)
    work()
    assert client.post(option(invitation(smtp, "p1"), "Abstain")).status_code == 303
    assert client.post(option(invitation(smtp, "p3"), "Abstain")).status_code == 303
    link = option(invitation(smtp, "p2"), "Claim cell 2")
    page = client.get(link)
    assert page.status_code == 200 and "Confirm: Claim cell 2" in text(page)
    assert client.post(link).status_code == 303
    assert api(client, game_id)["view"]["claims"] == [["p1", None], ["p3", None], ["p2", 2]]


def test_a_link_whose_options_another_seat_changed_is_a_409_that_leads_to_the_decision_now(
    client, smtp, work, settings, claims
):
    game_id = new_game(client, claims)
    work()
    assert client.post(option(invitation(smtp, "p1"), "Claim cell 0")).status_code == 303
    stale = option(invitation(smtp, "p2"), "Claim cell 1")
    before = ledger(settings)
    for response in (client.get(stale), client.post(stale)):
        assert response.status_code == 409
        assert "The game has moved on since this link was sent." in text(response)
        assert NOT_YOURS not in text(response)
    assert ledger(settings) == before
    current = CURRENT.search(client.post(stale).get_data(as_text=True)).group(1)
    page = client.get(path(current))
    assert page.status_code == 200
    assert "Claim cell 0" not in text(page) and "Claim cell 1" in text(page)
    chosen = client.post(path(current), data={"move": '{"type": "claim", "cell": 1}'})
    assert chosen.status_code == 303
    assert api(client, game_id)["view"]["claims"] == [["p1", 0], ["p2", 1]]


def test_a_used_link_is_still_already_made_after_another_seat_moved(
    client, smtp, work, settings, claims
):
    new_game(client, claims, seats=3)
    work()
    mine = option(invitation(smtp, "p2"), "Abstain")
    assert client.post(mine).status_code == 303
    assert client.post(option(invitation(smtp, "p1"), "Abstain")).status_code == 303
    before = ledger(settings)
    again = client.post(mine)
    assert again.status_code == 409
    assert re.search(
        r">\s*You already made this choice with this link.\s*<", again.get_data(as_text=True)
    )
    assert ledger(settings) == before


def test_a_link_made_before_decision_digests_is_judged_by_the_games_newest_move_as_before(
    client, smtp, work, settings, claims
):
    game_id = new_game(client, claims)
    work()

    def old_link(seat: str, cell: int) -> str:
        with sessions(settings.database_url)() as s:
            loaded = eventstore.load(s, game_id)
            move = {"type": "claim", "cell": cell}
            return "/act/" + tokens.action_token(
                settings.secret_key, game_id, seat, loaded.turn_seq, move
            )

    first, second = old_link("p1", 1), old_link("p2", 2)
    assert client.get(first).status_code == 200 and client.post(first).status_code == 303
    before = ledger(settings)
    refused = client.post(second)
    assert refused.status_code == 409 and "moved on" in text(refused)
    assert ledger(settings) == before
    assert CURRENT.search(refused.get_data(as_text=True)), "it leads to the decision now"


# --- a seat whose decision it is not ----------------------------------------------------


def test_a_valid_link_used_when_it_is_not_that_seats_decision_is_a_409_that_writes_nothing(
    client, smtp, work, settings
):
    game_id = new_game(client, "tictactoe")
    work()
    waiting = next(s for s in ("p1", "p2") if s not in api(client, game_id)["to_act"])
    mover = NAMES["p2" if waiting == "p1" else "p1"]
    link = page_link(invitation(smtp, waiting))
    before = ledger(settings)
    response = client.post(link, data={"move": '{"type": "place", "cell": 4}'})
    assert response.status_code == 409
    body = text(response)
    assert NOT_YOURS in body and "moved on since this link was sent" not in body
    assert f"Nothing is waiting for you in this game right now ({mover} to play). " in body
    assert WE_WILL_EMAIL in body and "Go to your current decision" not in body
    assert ledger(settings) == before


def test_a_turn_email_opened_after_its_player_moved_says_nothing_waits_and_when_they_hear(
    client, smtp, work, settings
):
    game_id = new_game(client, "tictactoe")
    work()
    seat = api(client, game_id)["to_act"][0]
    email = invitation(smtp, seat)
    other = NAMES["p2" if seat == "p1" else "p1"]
    assert client.post(option(email, "Mark the centre cell")).status_code == 303
    before = ledger(settings)
    late = option(email, "Mark the top left cell")
    for response in (client.get(late), client.post(late)):
        assert response.status_code == 409
        assert NOT_YOURS in text(response)
        assert f"({other} to play). {WE_WILL_EMAIL}" in text(response)
    assert ledger(settings) == before


def test_the_nothing_waiting_sentence_follows_the_players_email_settings(
    client, smtp, work, settings
):
    game_id = new_game(client, "tictactoe")
    work()
    seat = api(client, game_id)["to_act"][0]
    email = invitation(smtp, seat)
    assert client.post(option(email, "Mark the centre cell")).status_code == 303
    late = option(email, "Mark the top left cell")
    sentences = {}
    for mode in ("digest", "none"):
        with sessions(settings.database_url).begin() as s:
            slowplay.set_notify(s, EMAILS[seat], mode)
        sentences[mode] = text(client.get(late))
    unsubscribe = re.search(r"https?://\S+/unsubscribe/\S+", text_of(email)).group(0)
    assert client.post(path(unsubscribe)).status_code == 200
    sentences["muted"] = text(client.get(late))
    assert "your daily digest will list it" in sentences["digest"]
    assert "You chose no turn emails" in sentences["none"]
    assert "You unsubscribed from this game's emails" in sentences["muted"]
    assert not any(WE_WILL_EMAIL in s for s in sentences.values())


def test_a_link_made_before_it_was_the_seats_turn_leads_to_its_decision_once_it_is(
    client, smtp, work, settings
):
    """First Builders' "Gus to play" invitation: it names no decision, so none went stale."""
    game_id = new_game(client, "tictactoe")
    work()
    first = api(client, game_id)["to_act"][0]
    second = "p2" if first == "p1" else "p1"
    link = page_link(invitation(smtp, second))
    waiting = client.get(link)
    assert waiting.status_code == 200
    assert "Nothing to decide right now" in text(waiting) and WE_WILL_EMAIL in text(waiting)
    assert client.post(option(invitation(smtp, first), "Mark the centre cell")).status_code == 303
    before = ledger(settings)
    onward = client.get(link)
    assert onward.status_code == 303, "a GET leads on, and writes nothing"
    assert ledger(settings) == before
    page = client.get(path(onward.headers["Location"]))
    assert page.status_code == 200 and "Mark the top left cell" in text(page)
    token = act_token(onward.headers["Location"])
    played = client.post(f"/act/{token}", data={"move": '{"type": "place", "cell": 0}'})
    assert played.status_code == 303
    refused = client.post(link, data={"move": '{"type": "place", "cell": 1}'})
    assert refused.status_code == 409, "the link itself still names no decision to take"


# --- takebacks, reminders, snapshots, the API ------------------------------------------


def test_a_takeback_restarts_the_undone_seats_decision_and_others_links_follow_their_options(
    client, smtp, work, settings, claims
):
    game_id = new_game(client, claims, seats=3)
    work()
    assert client.post(option(invitation(smtp, "p1"), "Claim cell 0")).status_code == 303
    p2_link = option(invitation(smtp, "p2"), "Claim cell 1")
    assert client.get(p2_link).status_code == 409, "p1's claim changed p2's options"
    p1_link = option(invitation(smtp, "p1"), "Claim cell 3")
    with sessions(settings.database_url).begin() as s:
        slowplay.request_takeback(s, game_id, "p1", 0)
    for approver in ("p2", "p3"):
        with sessions(settings.database_url).begin() as s:
            slowplay.answer_takeback(s, game_id, approver, 0, approve=True)
    assert api(client, game_id)["view"]["claims"] == []
    assert client.get(p2_link).status_code == 200, "p2's options are as the link knew them"
    before = ledger(settings)
    undone = client.post(p1_link)
    assert undone.status_code == 409 and "moved on" in text(undone)
    assert ledger(settings) == before
    work()
    turn = smtp.to(EMAILS["p1"])[-1]
    assert "your turn" in headline(turn), "the undone seat is emailed its decision afresh"
    assert client.post(option(turn, "Abstain")).status_code == 303
    assert client.post(p2_link).status_code == 303


def test_a_reminder_is_sent_after_another_seats_move_but_not_after_the_seats_own(
    client, smtp, work, settings, claims
):
    game_id = new_game(client, claims, seats=3)
    work()
    with sessions(settings.database_url).begin() as s:
        for seat in ("p2", "p3"):
            loaded = eventstore.load(s, game_id)
            slowplay.remind(s, loaded, seat, eventstore.now() + timedelta(days=1))
    assert client.post(option(invitation(smtp, "p1"), "Abstain")).status_code == 303
    assert client.post(option(invitation(smtp, "p3"), "Abstain")).status_code == 303
    smtp.clear()
    work()
    (reminder,) = smtp.messages
    assert reminder["To"].endswith(f"<{EMAILS['p2']}>") and "reminder" in text_of(reminder)
    assert client.get(option(reminder, "Claim cell 1")).status_code == 200
    with sessions(settings.database_url)() as s:
        rows = s.scalars(select(OutboxRow).where(OutboxRow.kind == "reminder")).all()
        skipped = {r.seat: r.skipped for r in rows}
    assert skipped == {"p2": None, "p3": "decision already made"}
    assert "Claim cell 1" in html_of(reminder)


def test_a_snapshot_written_before_seats_had_decisions_is_passed_over_not_misread(
    client, smtp, work, settings
):
    game_id = new_game(client, "tictactoe", marks_per_turn=2)
    for _ in range(6):  # snapshots every 10 events in tests
        with sessions(settings.database_url).begin() as s:
            loaded = eventstore.load(s, game_id)
            seat = sorted(loaded.game.to_act(loaded.state))[0]
            move = loaded.game.legal_moves(loaded.state, seat)[0]
            play_now(s, game_id, seat, move, loaded.turn_seq, settings.snapshot_every)
    with sessions(settings.database_url).begin() as s:
        (snap,) = s.scalars(select(SnapshotRow).where(SnapshotRow.game_id == game_id)).all()
        old = {k: v for k, v in snap.state.items() if k != "format"}
        for clock in old["table"]["f"]["clocks"]["__t__"]:
            del clock["f"]["decision_seq"]  # as the service wrote its clocks before
        s.execute(update(SnapshotRow).where(SnapshotRow.game_id == game_id).values(state=old))
    forget_states()
    with sessions(settings.database_url)() as s:
        row = eventstore.get_row(s, game_id)
        loaded = eventstore.load(s, game_id)
        assert loaded.table == load_from_start(s, row, loaded.game).table
        assert loaded.table.decision_seq(seat) is not None
        assert verify(from_store(s, game_id)).ok, "an older snapshot is no damage"


def test_the_api_tells_where_each_seats_decision_began(client, smtp, work, settings, claims):
    game_id = new_game(client, claims)
    work()
    opened = api(client, game_id)
    assert [p["decision_seq"] for p in opened["players"]] == [opened["turn_seq"]] * 2
    assert client.post(option(invitation(smtp, "p1"), "Abstain")).status_code == 303
    after = api(client, game_id)
    assert after["turn_seq"] > opened["turn_seq"]
    assert [p["decision_seq"] for p in after["players"]] == [None, opened["turn_seq"]]


def test_a_seats_own_move_begins_its_next_decision_even_with_the_same_options(
    client, smtp, work, settings, claims
):
    game_id = new_game(client, claims)
    work()
    email = invitation(smtp, "p1")
    assert client.post(option(email, "Hum a tune")).status_code == 303
    before = ledger(settings)
    second = client.post(option(email, "Abstain"))
    assert second.status_code == 409 and "moved on" in text(second)
    assert ledger(settings) == before
    assert api(client, game_id)["view"]["hums"] == 1
    current = CURRENT.search(second.get_data(as_text=True)).group(1)
    assert "Abstain" in text(client.get(path(current)))


def test_a_takeback_ends_the_links_of_the_decision_after_the_undone_one(
    client, smtp, work, settings, claims
):
    game_id = new_game(client, claims)
    work()
    hummed = client.post(option(invitation(smtp, "p1"), "Hum a tune"))
    after = path(hummed.headers["Location"])  # the page of p1's next decision
    assert client.get(after).status_code == 200
    with sessions(settings.database_url).begin() as s:
        slowplay.request_takeback(s, game_id, "p1", 0)
    with sessions(settings.database_url).begin() as s:
        slowplay.answer_takeback(s, game_id, "p2", 0, approve=True)
    assert api(client, game_id)["view"]["hums"] == 0
    before = ledger(settings)
    refused = client.post(after, data={"move": '{"type": "abstain"}'})
    assert refused.status_code == 409 and "moved on" in text(refused)
    assert ledger(settings) == before


def test_a_fresh_link_is_emailed_once_per_decision_whoever_moves_meanwhile(
    client, smtp, work, settings, claims
):
    new_game(client, claims, seats=3)
    work()
    mine = option(invitation(smtp, "p2"), "Abstain")
    assert client.post(mine + "/resend").status_code == 200
    assert client.post(option(invitation(smtp, "p1"), "Abstain")).status_code == 303
    assert client.post(mine + "/resend").status_code == 200
    smtp.clear()
    work()
    fresh = [m for m in smtp.to(EMAILS["p2"]) if "fresh link" in headline(m)]
    assert len(fresh) == 1
    assert client.post(option(fresh[0], "Claim cell 1")).status_code == 303
