"""Creating games and reading them through the JSON API (issue 2 §5)."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import select

from engine import registry
from service import words
from service.errors import BadRequest
from service.play.games import create_game
from service.store.db import sessions
from service.store.models import GameRow, SeatRow
from tests.helpers import headline, submit_new_game, text_of
from tests.service.hostile import ledger

PLAYERS_TWO = ["Ann <ann@example.org>", "Bob <bob@example.org>"]


def create(client, players=("ann@example.org", "Bob <bob@example.org>"), **extra):
    return client.post("/api/games", json={"game": "tictactoe", "players": list(players), **extra})


def refusal(client, players: list) -> str:
    """The message of a new game of ``players`` refused as a bad request."""
    refused = create(client, players=players)
    assert refused.status_code == 400
    return refused.get_json()["message"]


def test_creating_a_game_answers_201_with_its_id_and_url(client):
    response = create(client)
    assert response.status_code == 201
    body = response.get_json()
    assert body["url"].endswith(f"/games/{body['id']}")
    assert response.headers["Location"] == body["url"]


def test_every_player_is_emailed_an_invitation(client, smtp, work):
    game_id = create(client).get_json()["id"]
    work()
    assert sorted(m["To"] for m in smtp.messages) == [
        "Bob <bob@example.org>",
        "ann@example.org",
    ], "a player given without a name is written to by their address alone"
    for message in smtp.messages:
        assert f"#{game_id}" in message["Subject"]
        assert "invited" in headline(message)
        assert game_id in text_of(message)


def test_the_public_state_names_the_game_sequence_and_who_acts(client):
    game_id = create(client).get_json()["id"]
    body = client.get(f"/api/games/{game_id}").get_json()
    assert body["game"] == "tictactoe"
    assert body["seq"] == 3  # the opening (2 events) and the pace
    assert body["turn_seq"] == 2
    assert len(body["to_act"]) == 1
    assert body["over"] is False
    assert body["view"]["board"] == [""] * 9


def test_an_unknown_game_is_a_404_naming_the_known_games(client):
    response = client.post("/api/games", json={"game": "chess", "players": ["a@x.org"]})
    assert response.status_code == 404
    known = ", ".join(sorted(registry.GAMES))
    assert "tictactoe" in known
    assert response.get_json()["message"] == f"Unknown game 'chess'. Known games: {known}."


def test_a_bad_email_address_is_a_400_naming_it(client):
    response = create(client, players=("ann@example.org", "not-an-email"))
    assert response.status_code == 400
    assert "not-an-email" in response.get_json()["message"]


@pytest.mark.parametrize(
    ("game", "count", "said"),
    [
        ("tictactoe", 3, "Tic-tac-toe is played by 2 players, not 3."),
        ("origin", 5, "Origin is played by 2 to 4 players, not 5."),
        ("origin", 1, "Origin is played by 2 to 4 players, not 1."),
    ],
)
def test_the_wrong_number_of_players_is_a_400_saying_how_many_play(client, game, count, said):
    players = [f"p{i}@example.org" for i in range(count)]
    response = client.post("/api/games", json={"game": game, "players": players})
    assert response.status_code == 400
    assert response.get_json()["message"] == said


def test_the_wrong_number_of_players_is_counted_in_the_readers_language(settings):
    with words.speaking("ru"), sessions(settings.database_url).begin() as s:
        with pytest.raises(BadRequest) as refused:
            create_game(s, "tictactoe", ["a@x.org", "b@x.org", "c@x.org"])
        said = words.text(refused.value.message)
    assert said == "В «Tic-tac-toe» играют 2 игрока, а не 3."


def test_the_same_address_twice_is_refused(client):
    response = create(client, players=("a@x.org", "A@x.org"))
    assert response.status_code == 400


def test_a_body_that_is_not_a_json_object_is_a_400(client):
    response = client.post("/api/games", data="nonsense", content_type="application/json")
    assert response.status_code == 400
    assert "JSON" in response.get_json()["message"]


def test_invalid_options_are_a_400(client):
    response = create(client, options={"marks_per_turn": 7})
    assert response.status_code == 400
    assert response.get_json()["message"] == "Invalid options: marks_per_turn must be 1 or 2."


@pytest.mark.parametrize(
    ("pace", "said"),
    [
        ("fast", "'pace' must be an object."),
        ({"days": 0}, "Pace 'days' must be a whole number from 1 to 60."),
        ({"weeks": 1}, "Unknown pace setting 'weeks'."),
    ],
)
def test_a_pace_that_cannot_be_is_a_400_saying_why(client, pace, said):
    response = create(client, pace=pace)
    assert response.status_code == 400
    assert response.get_json()["message"] == said


def test_a_new_games_seed_is_256_bits(client, settings):
    """DESIGN.md §6: the secret every chance outcome is drawn from, committed to at creation."""
    game_id = create(client).get_json()["id"]
    with sessions(settings.database_url)() as s:
        assert len(bytes.fromhex(s.get(GameRow, game_id).seed)) == 32


@pytest.mark.parametrize("options", [["marks_per_turn", 1], "marks_per_turn=1", 1])
def test_options_that_are_not_an_object_are_a_400_saying_so(client, options):
    response = create(client, options=options)
    assert response.status_code == 400
    assert response.get_json()["message"] == "'options' must be an object."


def test_an_unknown_game_id_is_a_404(client):
    assert client.get("/api/games/nosuchid").status_code == 404
    assert client.get("/games/nosuchid").status_code == 404


def test_a_game_can_be_created_from_the_web_form(client, smtp, work):
    response = submit_new_game(
        client, {"game": "tictactoe", "player": ["ann@example.org", "bob@example.org", ""]}
    )
    assert response.status_code == 303
    page = client.get(response.headers["Location"])
    assert page.status_code == 200
    assert b"every player has been emailed" in page.data
    work()
    assert len(smtp.messages) == 2


def test_the_web_form_shows_what_was_wrong(client):
    response = submit_new_game(client, {"game": "tictactoe", "player": ["ann@example.org"]})
    assert response.status_code == 400
    assert b"Tic-tac-toe is played by 2 players: give 2 addresses." in response.data


def test_the_web_form_sets_the_games_pace_and_refuses_an_unknown_time_zone(client):
    players = ["ann@example.org", "bob@example.org"]
    form = {"game": "tictactoe", "player": players, "days": "5", "timezone": "Asia/Tokyo"}
    response = submit_new_game(client, form)
    assert response.status_code == 303
    game_id = response.headers["Location"].split("/games/")[1].split("?")[0]
    pace = client.get(f"/api/games/{game_id}").get_json()["pace"]
    assert pace["days"] == 5 and pace["timezone"] == "Asia/Tokyo"
    bad = submit_new_game(client, {**form, "timezone": "Atlantis/Capital"})
    assert bad.status_code == 400
    assert b"Unknown time zone" in bad.data
    assert b'value="Atlantis/Capital"' in bad.data, "the form keeps what was typed"


def test_a_new_games_id_is_eight_lowercase_letters_and_digits(client):
    created = client.post("/api/games", json={"game": "tictactoe", "players": PLAYERS_TWO})
    assert created.status_code == 201
    assert re.fullmatch(r"[a-z0-9]{8}", created.get_json()["id"])


@pytest.mark.parametrize("language", ["xx", "EN", 5, ["en"]])
def test_a_table_language_we_do_not_speak_is_refused_naming_those_we_do(client, language):
    refused = client.post(
        "/api/games",
        json={"game": "tictactoe", "players": PLAYERS_TWO, "language": language},
    )
    assert refused.status_code == 400
    assert refused.get_json()["message"] == "'language' must be one of en, ru, uk, es, ja."


@pytest.mark.parametrize(
    ("zone", "shown"),
    [
        ("Mars/Olympus", "'Mars/Olympus'"),
        (7, "'7'"),
        ("Z" * 61, repr("Z" * 60)),
    ],
    ids=["no such zone", "not text", "long, named by its first 60 characters"],
)
def test_a_players_time_zone_we_do_not_know_is_refused_naming_the_player_and_the_zone(
    client, zone, shown
):
    players = ["ann@example.org", {"email": "bob@example.org", "time_zone": zone}]
    assert refusal(client, players) == f"Player 2: {shown} is not a time zone (e.g. Europe/Kyiv)."


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("Bob\r\nBcc: all@example.org", "a name cannot contain line breaks or control characters."),
        (
            "Bob\u2066boB",
            "a name cannot contain invisible or direction-changing characters "
            "(U+2066 LEFT-TO-RIGHT ISOLATE).",
        ),
        (
            "Bob\ue000",
            "a name cannot contain invisible or direction-changing characters (U+E000 unnamed).",
        ),
    ],
    ids=["line break", "invisible", "private use, which has no name"],
)
def test_a_players_name_that_could_break_a_header_or_pass_for_another_is_refused_naming_them(
    client, name, said
):
    players = ["ann@example.org", {"email": "bob@example.org", "name": name}]
    assert refusal(client, players) == f"Player 2: {said}"


@pytest.mark.parametrize(
    "players",
    ["ann@example.org, bob@example.org", [], {"email": "ann@example.org"}, None, 2],
    ids=["one text", "none", "an object", "null", "a number"],
)
def test_players_that_are_not_a_list_of_addresses_are_refused_saying_so(client, settings, players):
    before = ledger(settings)
    refused = client.post("/api/games", json={"game": "tictactoe", "players": players})
    assert refused.status_code == 400
    assert refused.get_json()["message"] == "'players' must be a list of email addresses."
    assert ledger(settings) == before, "a refused game writes nothing"


def test_a_players_name_is_kept_to_its_first_120_characters_with_its_spaces_made_single(
    client, settings
):
    """A blank name, or none, is none (issue 30): no part of the address becomes a name."""
    long_and_blank = [
        {"email": "ann@example.org", "name": "  Ann   " + "n" * 130},
        {"email": "bob@example.org", "name": "   "},
    ]
    assert names(client, settings, long_and_blank) == [("Ann " + "n" * 130)[:120], ""]
    unnamed = [{"email": "cy.north@example.org"}, "dee@example.org"]
    assert names(client, settings, unnamed) == ["", ""]


def names(client, settings, players: list) -> list[str]:
    """The names a new game of ``players`` gives its seats, in seat order."""
    return [name for _, name in seated(client, settings, players)]


def seated(client, settings, players: list) -> list[tuple[str, str]]:
    """Each seat's (address, name) in a new game of ``players``, in seat order."""
    game_id = create(client, players=players).get_json()["id"]
    with sessions(settings.database_url)() as s:
        rows = s.execute(
            select(SeatRow.email, SeatRow.name)
            .where(SeatRow.game_id == game_id)
            .order_by(SeatRow.seat)
        )
        return [(email, name) for email, name in rows]


ADDRESS = " <bob@example.org>"


@pytest.mark.parametrize(
    ("players", "said"),
    [
        (
            [{"email": 5, "name": "Ann"}, "bob@example.org"],
            "Player 1: 'email' and 'name' must be text.",
        ),
        (
            ["ann@example.org", {"email": "bob@example.org", "name": ["Bob"]}],
            "Player 2: 'email' and 'name' must be text.",
        ),
        (
            ["ann@example.org", "B" * (441 - len(ADDRESS)) + ADDRESS],
            "Player 2: a name and address of 440 characters at most.",
        ),
        (["ann@example.org", 7], "Player 2 must be an email address."),
        (
            ["ann@example.org", {"name": "Bob"}],
            "Player 2: '' is not an email address we can send to: "
            "An email address must have an @-sign.",
        ),
        (
            ["ann@example.org", "bob" * 40],
            f"Player 2: {'bob' * 26 + 'bo'!r} is not an email address we can send to: "
            "An email address must have an @-sign.",
        ),
        (
            ["ann@example.org", "Ann <ANN@example.org>"],
            "Each player needs a different email address.",
        ),
    ],
    ids=[
        "an address not text",
        "a name not text",
        "441 characters",
        "a number",
        "no address",
        "no address, named by its first 80 characters",
        "one address twice",
    ],
)
def test_each_player_that_is_not_one_address_is_refused_naming_them(client, players, said):
    assert refusal(client, players) == said


def test_a_player_written_as_a_name_and_address_of_440_characters_is_welcome(client, settings):
    """Its name, quoted or not, is what comes before the address, its quotes and spaces gone;
    an address given apart is read without the spaces around it."""
    players = [' "Malcolm X"  <mx@example.org> ', "B" * (440 - len(ADDRESS)) + ADDRESS]
    assert seated(client, settings, players) == [
        ("mx@example.org", "Malcolm X"),
        ("bob@example.org", "B" * 120),
    ]
    padded = [{"email": "  cy@example.org ", "name": " Cy "}, "dee@example.org"]
    assert seated(client, settings, padded)[0] == ("cy@example.org", "Cy")


def test_addresses_that_differ_in_more_than_letter_case_are_two_players(client, settings):
    """Upper case would fold the German sharp s into two letters: lower case keeps it."""
    players = ["straße@example.org", "STRASSE@example.org"]
    assert [email for email, _ in seated(client, settings, players)] == players


def test_each_player_may_bring_their_own_time_zone_or_none(client):
    players = [
        {"email": "ann@example.org", "time_zone": "Asia/Tokyo"},
        {"email": "bob@example.org", "time_zone": ""},
    ]
    assert create(client, players=players).status_code == 201


def test_a_players_own_language_is_theirs_and_the_others_take_the_tables(client, settings):
    players = [{"email": "ann@example.org", "language": "ja"}, "bob@example.org"]
    game_id = create(client, players=players, language="ru").get_json()["id"]
    with sessions(settings.database_url)() as s:
        seats = s.execute(
            select(SeatRow.email, SeatRow.language).where(SeatRow.game_id == game_id)
        ).all()
    assert sorted(seats) == [("ann@example.org", "ja"), ("bob@example.org", "ru")]


@pytest.mark.parametrize("language", ["de", 5, None])
def test_a_players_language_we_do_not_speak_is_refused_naming_the_player(client, language):
    players = ["ann@example.org", {"email": "bob@example.org", "language": language}]
    assert refusal(client, players) == "Player 2: 'language' must be one of en, ru, uk, es, ja."
