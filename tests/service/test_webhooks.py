"""Webhooks (issue 36): a player's or a table's Discord, Slack or generic JSON webhook gets
what the player's emails say, delivered as emails are (once, retried, disabled when it
fails for good), posted to real receivers in the test process."""

from __future__ import annotations

import hashlib
import hmac
import json

import pytest
from sqlalchemy import select

from service.config import Settings
from service.errors import BadRequest
from service.mail.compose import CHANNELS_ONLY
from service.notify import delivery, webhooks
from service.notify.webhooks import SIGNATURE, TIMESTAMP
from service.play import channels, slowplay, webhook_urls
from service.play.games import create_game
from service.store import eventstore
from service.store.db import sessions
from service.store.models import ChannelRow, NotificationRow
from tests.fixtures import run_queue_dry
from tests.helpers import text_of
from tests.service.receivers import Receiver
from tests.service.test_history import decide
from workers.jobs import send_notification

ANN, BOB = "ann@example.org", "bob@example.org"
PLAYERS = [f"Ann <{ANN}>", f"Bob <{BOB}>"]


@pytest.fixture
def receiver():
    with Receiver() as listening:
        yield listening


def hook(
    settings: Settings, url: str, flavour: str, *, email: str | None = ANN, game_id=None
) -> int:
    with sessions(settings.database_url).begin() as s:
        return webhook_urls.add(s, settings, url, flavour, email=email, game_id=game_id).id


def new_game(settings: Settings, name: str = "tictactoe", players=PLAYERS) -> str:
    with sessions(settings.database_url).begin() as s:
        return create_game(s, name, players).loaded.row.id


def to_act(settings: Settings, game_id: str) -> list[str]:
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        return sorted(loaded.game.to_act(loaded.state))


def channel(settings: Settings, channel_id: int) -> ChannelRow:
    with sessions(settings.database_url)() as s:
        row = s.get(ChannelRow, channel_id)
        assert row is not None
        s.expunge(row)
        return row


def notifications(settings: Settings, channel_id: int) -> list[NotificationRow]:
    with sessions(settings.database_url)() as s:
        rows = list(
            s.scalars(select(NotificationRow).where(NotificationRow.channel_id == channel_id))
        )
        for row in rows:
            s.expunge(row)
        return rows


def test_a_discord_webhook_gets_its_players_invitation_with_the_turn_pages_link(
    client, settings, receiver, work
):
    hook(settings, f"{receiver.url}/discord", "discord")
    game_id = new_game(settings)
    work()
    [post] = receiver.at("/discord")
    sent = post.json()
    assert set(sent) == {"content", "embeds", "allowed_mentions"}
    assert sent["allowed_mentions"] == {"parse": []}, "a post never pings anyone"
    [embed] = sent["embeds"]
    assert "invited" in embed["title"]
    assert embed["url"].startswith(f"{settings.base_url}/")
    # The link shows the decision: opening it acts on nothing.
    page = client.get(embed["url"].removeprefix(settings.base_url))
    assert page.status_code == 200
    with sessions(settings.database_url)() as s:
        assert eventstore.load(s, game_id).table.turns <= 1


def test_a_slack_webhook_gets_a_fallback_text_and_plain_text_blocks_with_a_button(
    settings, receiver, work
):
    hook(settings, f"{receiver.url}/slack", "slack")
    new_game(settings)
    work()
    [post] = receiver.at("/slack")
    sent = post.json()
    assert set(sent) == {"text", "blocks"}
    assert all(b["text"]["type"] == "plain_text" for b in sent["blocks"] if b["type"] != "actions")
    [button] = sent["blocks"][-1]["elements"]
    assert button["url"].startswith(f"{settings.base_url}/")


def test_a_generic_json_webhook_is_signed_with_its_secret_over_a_body_holding_the_timestamp(
    settings, receiver, work
):
    channel_id = hook(settings, f"{receiver.url}/json", "json")
    game_id = new_game(settings)
    work()
    [post] = receiver.at("/json")
    secret = channel(settings, channel_id).secret
    expected = "sha256=" + hmac.new(secret.encode(), post.body, hashlib.sha256).hexdigest()
    assert post.headers[SIGNATURE] == expected
    sent = post.json()
    assert str(sent["timestamp"]) == post.headers[TIMESTAMP]
    assert sent["version"] == 1 and sent["type"] == "notification"
    assert sent["game"]["id"] == game_id and sent["kind"] == "invitation"
    assert sent["for_table"] is False
    assert {"text", "at"} == set(sent["deadline"])


def test_a_receiver_that_fails_is_retried_and_a_success_resets_its_failures(
    settings, receiver, work
):
    channel_id = hook(settings, f"{receiver.url}/json", "json")
    receiver.answers["/json"].extend([500, 500])
    new_game(settings)
    work()
    run_queue_dry(settings, with_scheduler=True)
    assert len(receiver.at("/json")) == 3
    [row] = notifications(settings, channel_id)
    assert row.sent_at is not None and row.attempts == 3
    assert channel(settings, channel_id).failures == 0


def test_a_410_disables_the_webhook_at_once_and_its_player_is_told_by_email(
    settings, receiver, work, smtp
):
    channel_id = hook(settings, f"{receiver.url}/gone", "discord")
    receiver.always["/gone"] = 410
    new_game(settings)
    work()
    run_queue_dry(settings, with_scheduler=True)
    assert len(receiver.at("/gone")) == 1, "a gone webhook is not retried"
    off = channel(settings, channel_id)
    assert off.disabled_at is not None and off.disabled_reason
    told = [m for m in smtp.to(ANN) if "channels" in str(m["Subject"])]
    assert len(told) == 1
    assert "no longer exists" in text_of(told[0])


def test_a_webhook_failing_n_times_in_a_row_is_disabled_and_its_player_told(
    settings, receiver, work, smtp, monkeypatch
):
    monkeypatch.setenv("CHANNEL_FAILURES", "2")
    channel_id = hook(settings, f"{receiver.url}/down", "slack")
    receiver.always["/down"] = 503
    new_game(settings)
    work()
    run_queue_dry(settings, with_scheduler=True)
    assert len(receiver.at("/down")) == 2
    off = channel(settings, channel_id)
    assert off.disabled_at is not None and off.failures == 2
    assert any("2 times in a row" in text_of(m) for m in smtp.to(ANN))
    # Disabled, it is owed nothing more.
    again = new_game(settings)
    decide(settings, again, to_act(settings, again)[0])
    work()
    assert len(receiver.at("/down")) == 2


def test_a_notification_is_never_sent_twice(settings, receiver, work):
    channel_id = hook(settings, f"{receiver.url}/json", "json")
    new_game(settings)
    work()
    [row] = notifications(settings, channel_id)
    assert send_notification(row.id) == "already done"
    assert send_notification(row.id) == "already done"
    assert len(receiver.at("/json")) == 1


def test_a_tables_webhook_is_posted_once_per_event_for_all_seats(settings, receiver, work):
    game_id = new_game(settings)
    hook(settings, f"{receiver.url}/table", "json", email=None, game_id=game_id)
    from workers.jobs import sweep_outbox

    sweep_outbox(older_than=0)
    run_queue_dry(settings)
    # Two seats' invitations: one post for the table.
    [invited] = [p.json() for p in receiver.at("/table")]
    assert invited["kind"] == "invitation" and invited["for_table"] is True
    assert invited["url"] == f"{settings.base_url}/games/{game_id}", "the public page"
    decide(settings, game_id, to_act(settings, game_id)[0])
    work()
    turns = [p.json() for p in receiver.at("/table") if p.json()["kind"] == "turn"]
    assert len(turns) == 1
    assert "Ann" in turns[0]["headline"] or "Bob" in turns[0]["headline"]


def test_a_player_who_chose_channels_alone_gets_turns_on_the_webhook_and_no_turn_email(
    settings, receiver, work, smtp
):
    hook(settings, f"{receiver.url}/json", "json")
    game_id = new_game(settings)
    work()
    with sessions(settings.database_url).begin() as s:
        slowplay.set_notify(s, ANN, "channels")
    seat = to_act(settings, game_id)[0]
    ann_first = seat == "p1"
    decide(settings, game_id, seat)  # one of them moves; then the other, ending with Ann
    work()
    if ann_first:
        decide(settings, game_id, to_act(settings, game_id)[0])
        work()
    kinds = [p.json()["kind"] for p in receiver.at("/json")]
    assert "turn" in kinds
    ann_turns = turn_rows(settings, game_id)["p1"]
    assert ann_turns and all(not sent and skip == CHANNELS_ONLY for sent, skip in ann_turns)


def test_a_player_who_chose_no_turn_emails_gets_no_turns_on_the_webhook_either(
    settings, receiver, work
):
    hook(settings, f"{receiver.url}/json", "json")
    game_id = new_game(settings)
    work()
    with sessions(settings.database_url).begin() as s:
        slowplay.set_notify(s, ANN, "none")
    for _ in range(2):
        decide(settings, game_id, to_act(settings, game_id)[0])
        work()
    assert [p.json()["kind"] for p in receiver.at("/json")] == ["invitation"]


def test_a_webhook_for_one_game_hears_of_no_other(settings, receiver, work):
    first = new_game(settings)
    hook(settings, f"{receiver.url}/one", "json", game_id=first)
    new_game(settings)
    work()
    assert [p.json()["game"]["id"] for p in receiver.at("/one")] == [first]


def test_a_test_notification_goes_through_the_same_job(settings, receiver):
    channel_id = hook(settings, f"{receiver.url}/json", "json")
    with sessions(settings.database_url).begin() as s:
        row = s.get(ChannelRow, channel_id)
        assert row is not None
        notification_id = delivery.test(s, row)
    assert send_notification(notification_id) == "sent"
    [post] = receiver.at("/json")
    assert post.json()["type"] == "test"


@pytest.mark.parametrize(
    "url",
    [
        "https://127.0.0.1/hook",
        "https://10.1.2.3/hook",
        "https://192.168.0.1/hook",
        "https://169.254.169.254/latest",
        "https://[::1]/hook",
        "https://[::ffff:127.0.0.1]/hook",
        "https://0.0.0.0/hook",
        "https://localhost/hook",
        "http://hooks.example.com/plain",
        "ftp://hooks.example.com/x",
        "https://user:pw@hooks.example.com/x",
    ],
)
def test_a_webhook_to_a_private_or_local_address_or_not_https_is_refused(settings, url):
    strict = Settings(**{**settings.__dict__, "webhook_allow_private": False})
    with pytest.raises(BadRequest):
        webhook_urls.validate(strict, url, "discord")


def test_a_name_that_resolves_to_a_private_address_later_is_refused_at_send_time(
    settings, monkeypatch
):
    strict = Settings(**{**settings.__dict__, "webhook_allow_private": False})
    monkeypatch.setattr(webhook_urls, "RESOLVE", [lambda host, port: ["93.184.215.14"]])
    assert webhook_urls.validate(strict, "https://hooks.example.com/x", "json")
    monkeypatch.setattr(
        webhook_urls, "RESOLVE", [lambda host, port: ["93.184.215.14", "127.0.0.1"]]
    )
    refused = webhooks.post(strict, "https://hooks.example.com/x", b"{}", {})
    assert not refused.ok and refused.error.startswith("refused")


HOSTILE = "@everyone <@123> <!channel> **bold** [x](https://evil.example)"


def test_hostile_names_cannot_mention_anyone_or_format_in_discord_or_slack(
    settings, receiver, work
):
    hook(settings, f"{receiver.url}/discord", "discord")
    hook(settings, f"{receiver.url}/slack", "slack")
    game_id = new_game(settings, players=[f"Ann <{ANN}>", {"email": BOB, "name": HOSTILE}])
    work()
    if to_act(settings, game_id)[0] == "p1":
        decide(settings, game_id, "p1")
        work()
    for post in receiver.posts:
        said = json.dumps(post.json(), ensure_ascii=False)
        assert "@everyone" not in said and "<@123>" not in said and "<!channel>" not in said
        assert "**bold**" not in said
    discord = receiver.at("/discord")[-1].json()
    said = discord["content"] + discord["embeds"][0]["title"]
    assert "bold" not in said or r"\*\*bold\*\*" in said, "Markdown is escaped"
    assert "](" not in said, "no link can be written"


def test_a_webhook_channel_counts_on_its_players_address_row_and_goes_off_when_removed(
    settings,
):
    channel_id = hook(settings, "http://127.0.0.1:9/x", "json")
    from service.addresses import normal
    from service.store.models import AddressRow

    with sessions(settings.database_url).begin() as s:
        key = normal(ANN)
        assert key is not None
        row = s.get(AddressRow, key)
        assert row is not None and row.channels == 1
        channels.remove(s, channel_id, ANN.upper())
    with sessions(settings.database_url)() as s:
        row = s.get(AddressRow, key)
        assert row is not None and row.channels == 0


def test_no_notification_tells_a_hand_or_objective_of_another_seat_nor_any_to_the_table(
    settings, receiver, work
):
    from engine.games.origin.components import CARDS
    from tests.service.test_history import dealt, new_origin, play_on
    from tests.service.test_spectator import hidden_names

    hook(settings, f"{receiver.url}/ann", "json")
    game_id = new_origin(settings, PLAYERS)
    hook(settings, f"{receiver.url}/table", "json", email=None, game_id=game_id)
    hands = dealt(settings, game_id)
    work()
    for seat in ("p1", "p2"):
        decide(settings, game_id, seat)
    work()
    play_on(settings, game_id, 30)
    work()
    with sessions(settings.database_url)() as s:
        state = eventstore.load(s, game_id).state
    p1, p2 = state.players[0], state.players[1]
    mine = {CARDS[c].name for c in (*p1.actions, *p1.permanents, *p1.objectives, *p1.dealt)}
    theirs = {CARDS[c].name for c in (*p2.actions, *p2.permanents, *p2.objectives, *p2.dealt)}
    secret_of_p2 = (theirs | hands.get("p2", set())) - mine - hands.get("p1", set())
    secret = hidden_names(state) | hands.get("p1", set()) | hands.get("p2", set())
    assert secret_of_p2 and receiver.at("/ann") and receiver.at("/table")
    for post in receiver.at("/ann"):
        said = post.body.decode()
        assert not [n for n in secret_of_p2 if n in said], said
    for post in receiver.at("/table"):
        said = post.body.decode()
        assert not [n for n in secret if n in said], said


def test_a_game_created_by_the_api_with_a_webhook_posts_its_start_there_once(
    client, settings, receiver, work
):
    made = client.post(
        "/api/games",
        json={
            "game": "tictactoe",
            "players": PLAYERS,
            "webhook": {"url": f"{receiver.url}/api", "kind": "json"},
        },
    )
    assert made.status_code == 201, made.get_data(as_text=True)
    answer = made.get_json()
    assert answer["webhook"]["kind"] == "json" and len(answer["webhook"]["secret"]) >= 32
    work()
    [post] = receiver.at("/api")
    assert post.json()["for_table"] is True and post.json()["kind"] == "invitation"


def test_a_game_asked_with_a_private_webhook_is_refused_and_not_created(client, app, settings):
    from dataclasses import replace

    app.extensions["pbem"] = replace(settings, webhook_allow_private=False)
    made = client.post(
        "/api/games",
        json={"game": "tictactoe", "players": PLAYERS, "webhook": "https://10.0.0.1/x"},
    )
    assert made.status_code == 400
    assert "private" in made.get_json()["error"] or "private" in made.get_data(as_text=True)


def test_any_player_sets_the_tables_webhook_from_their_seat_page(client, settings, receiver, work):
    from service.links import urls

    game_id = new_game(settings)
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        page = urls.seat_url(settings, loaded, "p2").removeprefix(settings.base_url)
    page = page.split("#")[0]
    sent = client.post(f"{page}/webhook", data={"url": f"{receiver.url}/seat", "flavour": "slack"})
    assert sent.status_code == 303
    shown = client.get(page).get_data(as_text=True)
    assert "a Slack webhook" in shown and "working" in shown
    decide(settings, game_id, to_act(settings, game_id)[0])
    work()
    assert [p.json()["text"] for p in receiver.at("/seat")]
    assert client.post(f"{page}/webhook/remove").status_code == 303
    assert "a Slack webhook" not in client.get(page).get_data(as_text=True)


def test_a_player_with_a_webhook_costs_the_email_job_one_query_for_channels_and_one_insert(
    client, settings, receiver, smtp
):
    from collections import Counter

    from tests.service.test_move_statements import statements
    from tests.workers.test_email_statements import _invitations
    from workers.jobs import send_outbox

    hook(settings, f"{receiver.url}/json", "json")
    ann_first, *_others = _invitations(client, settings)
    with statements(settings.database_url) as seen:
        assert send_outbox(ann_first) == "sent"
    asked = Counter(seen)
    assert asked["SELECT channels"] == 1
    assert asked["INSERT notifications"] == 1


def test_a_notification_never_handed_to_the_queue_is_swept_up_and_sent_once(
    settings, receiver, work
):
    channel_id = hook(settings, f"{receiver.url}/json", "json")
    with sessions(settings.database_url).begin() as s:
        row = s.get(ChannelRow, channel_id)
        assert row is not None
        delivery.test(s, row)  # written, and Redis never told
    work()
    work()
    assert [p.json()["type"] for p in receiver.at("/json")] == ["test"]


def test_a_whole_game_reaches_the_webhook_only_player_once_per_decision_and_the_other_by_email(
    settings, receiver, work
):
    hook(settings, f"{receiver.url}/ann", "json")
    with sessions(settings.database_url).begin() as s:
        slowplay.set_notify(s, ANN, "channels")
    game_id = new_game(settings)
    work()
    ann_first = to_act(settings, game_id) == ["p1"]
    ann_decisions = 0
    while acting := to_act(settings, game_id):
        ann_decisions += acting[0] == "p1"
        decide(settings, game_id, acting[0])
        work()
    said = [(p.json()["kind"], p.json()["seq"]) for p in receiver.at("/ann")]
    assert len(said) == len(set(said)), "nothing twice"
    kinds = [k for k, _seq in said]
    # Each of Ann's decisions offered once: by her invitation if hers is the first, then
    # by a turn notification each.
    assert kinds.count("turn") + ann_first == ann_decisions
    assert kinds[0] == "invitation" and kinds.count("game_over") == 1
    emailed = turn_rows(settings, game_id)
    assert emailed["p1"] and all(skip == CHANNELS_ONLY for _sent, skip in emailed["p1"])
    assert emailed["p2"] and all(sent and skip is None for sent, skip in emailed["p2"])


def turn_rows(settings: Settings, game_id: str) -> dict[str, list[tuple[bool, str | None]]]:
    """Each seat's turn emails: whether sent, and why skipped."""
    from service.store.models import OutboxRow

    with sessions(settings.database_url)() as s:
        rows = s.scalars(
            select(OutboxRow).where(OutboxRow.game_id == game_id, OutboxRow.kind == "turn")
        )
        found: dict[str, list[tuple[bool, str | None]]] = {"p1": [], "p2": []}
        for row in rows:
            found[row.seat].append((row.sent_at is not None, row.skipped))
        return found


def test_the_new_game_form_sets_the_tables_webhook_and_refuses_a_bad_one(
    client, app, settings, receiver, work
):
    from dataclasses import replace

    from tests.helpers import submit_new_game

    form = {"game": "tictactoe", "player": PLAYERS, "days": "3"}
    made = submit_new_game(
        client, {**form, "webhook": f"{receiver.url}/form", "webhook_kind": "slack"}
    )
    assert made.status_code == 303, made.get_data(as_text=True)
    work()
    [post] = receiver.at("/form")
    assert "text" in post.json() and "blocks" in post.json()
    app.extensions["pbem"] = replace(settings, webhook_allow_private=False)
    refused = submit_new_game(client, {**form, "webhook": "https://192.168.1.2/x"})
    assert refused.status_code == 400
    assert "private or local" in refused.get_data(as_text=True)


def test_an_address_has_at_most_ten_working_channels_and_removed_ones_do_not_count(settings):
    made = [hook(settings, f"http://127.0.0.1:9/{n}", "json") for n in range(10)]
    with pytest.raises(BadRequest):
        hook(settings, "http://127.0.0.1:9/eleventh", "json")
    with sessions(settings.database_url).begin() as s:
        channels.remove(s, made[0], ANN)
    assert hook(settings, "http://127.0.0.1:9/eleventh", "json")


def test_forgetting_a_player_forgets_their_channels_and_what_they_were_owed(
    settings, receiver, work
):
    from service.play import forgetting

    channel_id = hook(settings, f"{receiver.url}/json", "json")
    new_game(settings)
    work()
    assert notifications(settings, channel_id)
    with sessions(settings.database_url).begin() as s:
        forgetting.forget(s, ANN)
    with sessions(settings.database_url)() as s:
        assert channels.of_player(s, ANN) == []
        assert s.get(ChannelRow, channel_id) is None
    assert notifications(settings, channel_id) == []


def test_a_player_moving_to_a_new_address_takes_their_channels_with_them(settings, receiver):
    from service.play import reach
    from service.store.eventstore import now

    new_game(settings)
    channel_id = hook(settings, f"{receiver.url}/json", "json")
    with sessions(settings.database_url).begin() as s:
        reach.move_address(s, ANN, "ann@new.example", now())
    with sessions(settings.database_url)() as s:
        assert [c.id for c in channels.of_player(s, "ann@new.example")] == [channel_id]
        assert channels.of_player(s, ANN) == []
