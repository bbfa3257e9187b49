"""Table talk in a game's export (issue 35 §2): the finished game's published log
(``/games/<id>/log.jsonl``) carries the words said to the table beside their events, and the
words said to one player alone only where the table chose so at creation (the new-game form's
checkbox, the API's ``private_talk_after``; kept on the game, a rematch keeps it); erased
words never, nothing before the game ends. Each word is checked against the salted digest
its event holds, so an altered word fails ``pbem verify`` and ``pbem import``. A host's move
(``pbem export --all``, ``pbem import DIR``) carries every word kept, and the choice."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from sqlalchemy import select

from service import create_app
from service.audit import checks as audit
from service.audit import provenance, signing
from service.cli.commands import main
from service.play import forgetting, rematch, talk
from service.play.games import create_game
from service.store import eventstore
from service.store.db import sessions
from service.store.models import GameRow, TalkRow
from tests import helpers
from tests.helpers import submit_new_game
from tests.service.test_verify import rehash

pytestmark = pytest.mark.usefixtures("regulars")

ANN, BOB = "ann@example.org", "bob@example.org"
PLAYERS = [f"Ann <{ANN}>", f"Bob <{BOB}>"]
TO_THE_TABLE = "Good luck <b>all</b> & have fun"
TO_BOB_ALONE = "psst Bob, take the corner"
BOBS = "thanks, you too"


def run(app, *args):
    return app.test_cli_runner().invoke(main, [str(a) for a in args])


def say(settings, game_id: str, seat: str, text: str, to: str | None = None) -> int:
    with sessions(settings.database_url).begin() as s:
        generation = eventstore.load(s, game_id).table.generation(seat)
        return talk.say(s, game_id, seat, generation, text, to=to).loaded.seq


def play_to_the_end(settings, game_id: str) -> None:
    """Each seat plays its first legal move until the game is over."""
    helpers.play_to_the_end(settings.database_url, game_id)


def talked(settings, *, private_talk_after: bool = False, finish: bool = True, players=PLAYERS):
    """Ann and Bob's tic-tac-toe (or ``players``'): the first says something to the table and
    something to the second alone, the second answers the table; played to its end unless
    not ``finish``. The game and the seq of each saying."""
    with sessions(settings.database_url).begin() as s:
        game_id = create_game(
            s, "tictactoe", players, private_talk_after=private_talk_after
        ).loaded.row.id
    said = {
        "table": say(settings, game_id, "p1", TO_THE_TABLE),
        "private": say(settings, game_id, "p1", TO_BOB_ALONE, to="p2"),
        "bob": say(settings, game_id, "p2", BOBS),
    }
    if finish:
        play_to_the_end(settings, game_id)
    return game_id, said


def published(client, game_id: str) -> list[dict]:
    answer = client.get(f"/games/{game_id}/log.jsonl")
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return [json.loads(line) for line in answer.get_data(as_text=True).splitlines()]


def words_in(lines: list[dict]) -> dict[int, str]:
    return {line["seq"]: line["words"]["text"] for line in lines[1:] if "words" in line}


def choice_of(settings, game_id: str) -> bool:
    with sessions(settings.database_url)() as s:
        return eventstore.get_row(s, game_id).private_talk_after


# ---------------------------------------------------------------- the published log


def test_a_finished_games_log_carries_the_words_said_to_the_table_but_by_default_not_to_one(
    client, settings
):
    game_id, said = talked(settings)
    lines = published(client, game_id)
    assert lines[0]["private_talk_after"] is False
    assert words_in(lines) == {said["table"]: TO_THE_TABLE, said["bob"]: BOBS}
    assert "psst" not in json.dumps(lines), "neither the words nor their salt"
    private = next(line for line in lines[1:] if line["seq"] == said["private"])
    assert private["payload"]["to"] == "p2" and "digest" in private["payload"], "the event stays"


def test_where_the_table_chose_so_at_creation_the_finished_games_log_carries_private_words_too(
    client, settings
):
    game_id, said = talked(settings, private_talk_after=True)
    lines = published(client, game_id)
    assert lines[0]["private_talk_after"] is True
    assert words_in(lines) == {
        said["table"]: TO_THE_TABLE,
        said["private"]: TO_BOB_ALONE,
        said["bob"]: BOBS,
    }


def test_no_words_are_published_before_the_game_ends_whatever_the_table_chose(
    app, client, settings
):
    game_id, _said = talked(settings, private_talk_after=True, finish=False)
    assert client.get(f"/games/{game_id}/log.jsonl").status_code == 403
    exported = run(app, "export", game_id)
    assert exported.exit_code == 0, exported.output
    assert '"words"' not in exported.stdout and "psst" not in exported.stdout
    assert "Good luck" not in exported.stdout


def test_words_erased_when_their_player_was_forgotten_stay_out_of_the_finished_games_log(
    app, client, settings, tmp_path
):
    game_id, said = talked(settings, private_talk_after=True)
    with sessions(settings.database_url).begin() as s:
        forgetting.forget(s, BOB)
    lines = published(client, game_id)
    assert words_in(lines) == {said["table"]: TO_THE_TABLE, said["private"]: TO_BOB_ALONE}
    assert BOBS not in json.dumps(lines)
    path = tmp_path / "log.jsonl"
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    checked = run(app, "verify", path)
    assert checked.exit_code == 0, checked.output


# ---------------------------------------------------------------- checking the words


def written(tmp_path, lines: list[dict], name: str = "log.jsonl"):
    path = tmp_path / name
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    return path


def test_published_words_verify_against_their_chained_digests_and_an_altered_word_is_caught(
    app, client, settings, tmp_path
):
    game_id, said = talked(settings)
    lines = published(client, game_id)
    checked = run(app, "verify", written(tmp_path, lines))
    assert checked.exit_code == 0, checked.output
    assert "signature: ok" in checked.output, "the words are beside the chain and signature"
    for seq in (said["table"], said["bob"]):
        line = next(x for x in lines[1:] if x["seq"] == seq)
        assert (
            talk.digest(line["words"]["salt"], line["words"]["text"]) == line["payload"]["digest"]
        ), "anyone can check a word: HMAC-SHA256 keyed by its salt"

    def altered(edit) -> list[str]:
        changed = json.loads(json.dumps(lines))
        edit({x["seq"]: x for x in changed[1:]})
        return audit.verify(audit.from_file_lines([json.dumps(x) for x in changed])).failures

    def word(lines_by_seq):
        lines_by_seq[said["table"]]["words"]["text"] = "Good luck <b>nobody</b>"

    def salt(lines_by_seq):
        lines_by_seq[said["table"]]["words"]["salt"] = "00" * 16

    def beside_another(lines_by_seq):
        lines_by_seq[1]["words"] = dict(lines_by_seq[said["table"]]["words"])

    def private(lines_by_seq):  # words made up for a private saying: no digest matches them
        lines_by_seq[said["private"]]["words"] = {"salt": "00" * 16, "text": "I resign"}

    table = said["table"]
    assert altered(word) == [f"event {table}: the words beside it do not match its digest"]
    assert altered(salt) == [f"event {table}: the words beside it do not match its digest"]
    assert altered(beside_another) == ["event 1: it carries words, but it is no saying"]
    assert altered(private) == [
        f"event {said['private']}: the words beside it do not match its digest"
    ]
    changed = json.loads(json.dumps(lines))
    word({x["seq"]: x for x in changed[1:]})
    path = written(tmp_path, changed, "altered.jsonl")
    checked = run(app, "verify", path)
    assert checked.exit_code == 1
    assert f"FAIL event {table}: the words beside it do not match its digest" in checked.output
    imported = run(app, "import", path, "--player", f"p1={ANN}", "--player", f"p2={BOB}")
    assert imported.exit_code == 1
    assert "the words beside it do not match its digest" in imported.output


def test_words_that_are_not_a_salt_and_a_text_are_refused_in_one_line(
    app, client, settings, tmp_path
):
    game_id, said = talked(settings)
    lines = published(client, game_id)
    next(x for x in lines[1:] if x["seq"] == said["table"])["words"] = "Good luck"
    checked = run(app, "verify", written(tmp_path, lines))
    assert checked.exit_code == 1
    assert f"event {said['table']}: its words must be an object of a salt and a text" in (
        checked.output
    )


# ---------------------------------------------------------------- the table's choice


def test_the_new_game_forms_checkbox_is_off_by_default_and_reaches_the_game_when_ticked(client):
    page = client.get("/").get_data(as_text=True)
    box = page.split('name="private_talk_after"')[1].split(">")[0]
    assert "checked" not in box, "private talk stays private unless the table chooses"
    assert "Show private talk in the finished game&#39;s log" in page
    settings = client.application.extensions["pbem"]
    made = {}
    for ticked in (True, False):
        form = {"game": "tictactoe", "player": PLAYERS}
        if ticked:
            form["private_talk_after"] = "1"
        answer = submit_new_game(client, form)
        assert answer.status_code == 303, answer.get_data(as_text=True)
        made[ticked] = answer.headers["Location"].split("/games/")[1].split("?")[0]
    assert choice_of(settings, made[True]) is True
    assert choice_of(settings, made[False]) is False


def test_the_apis_private_talk_after_reaches_the_game_and_anything_but_a_boolean_is_a_400(
    client,
):
    settings = client.application.extensions["pbem"]
    for given, kept in ((True, True), (None, False)):  # CREATE_LIMIT: 5 a minute
        body = {"game": "tictactoe", "players": PLAYERS}
        if given is not None:
            body["private_talk_after"] = given
        answer = client.post("/api/games", json=body)
        assert answer.status_code == 201, answer.get_json()
        assert choice_of(settings, answer.get_json()["id"]) is kept, given
    for wrong in ("yes", 1, None):
        body = {"game": "tictactoe", "players": PLAYERS, "private_talk_after": wrong}
        refused = client.post("/api/games", json=body)
        assert refused.status_code == 400, wrong
        assert refused.get_json()["message"] == "'private_talk_after' must be true or false."
    spec = client.get("/api/openapi.json").get_json()
    field = spec["components"]["schemas"]["NewGame"]["properties"]["private_talk_after"]
    assert field["type"] == "boolean" and field["default"] is False


def test_create_game_on_the_command_line_keeps_private_talk_private_unless_asked(app, settings):
    made = {}
    for asked in (True, False):
        flag = ["--private-talk-after"] if asked else []
        result = run(app, "create-game", "tictactoe", ANN, BOB, *flag)
        assert result.exit_code == 0, result.output
        made[asked] = json.loads(result.output)["id"]
    assert choice_of(settings, made[True]) is True
    assert choice_of(settings, made[False]) is False


@pytest.mark.parametrize("chosen", [True, False])
def test_a_rematch_keeps_the_tables_choice_about_private_talk(settings, chosen):
    game_id, _said = talked(settings, private_talk_after=chosen)
    with sessions(settings.database_url).begin() as s:
        rematch.want(s, settings, game_id, "p1", 0)
    with sessions(settings.database_url).begin() as s:
        new_game_id = rematch.want(s, settings, game_id, "p2", 0).started
    assert new_game_id is not None
    assert choice_of(settings, new_game_id) is chosen


# ---------------------------------------------------------------- a host's move


def kept_talk(url: str, game_id: str) -> list[tuple]:
    with sessions(url)() as s:
        rows = s.scalars(select(TalkRow).where(TalkRow.game_id == game_id).order_by(TalkRow.seq))
        return [(r.seq, r.seat, r.salt, r.text) for r in rows]


def test_a_host_move_carries_every_kept_word_and_the_tables_choice(
    app, client, settings, tmp_path, new_database
):
    going_on, _ = talked(settings, finish=False)
    others = ["Cy <cy@example.org>", "Di <di@example.org>"]
    finished, said = talked(settings, private_talk_after=True, players=others)
    with sessions(settings.database_url).begin() as s:
        forgetting.forget(s, BOB)  # what he said is erased
    kept_before = {g: kept_talk(settings.database_url, g) for g in (going_on, finished)}
    assert [text for *_, text in kept_before[going_on]] == [TO_THE_TABLE, TO_BOB_ALONE, None]
    folder = tmp_path / "move"
    assert run(app, "export", "--all", folder).exit_code == 0
    there = create_app(replace(settings, database_url=new_database("new_host")))
    assert run(there, "init-db").exit_code == 0
    result = run(there, "import", folder)
    assert result.exit_code == 0, result.output
    url = there.extensions["pbem"].database_url
    for game_id in (going_on, finished):
        moved = kept_talk(url, game_id)
        assert moved == [row for row in kept_before[game_id] if row[-1] is not None], game_id
    with sessions(url)() as s:
        assert s.get(GameRow, finished).private_talk_after is True
        assert s.get(GameRow, going_on).private_talk_after is False
        assert audit.kept_words(s, going_on, audit.from_store(s, going_on)) == []
    history = there.test_client().get(f"/games/{going_on}/history").get_data(as_text=True)
    assert "Good luck &lt;b&gt;all&lt;/b&gt; &amp; have fun" in history, "the talk moved too"
    moved_log = there.test_client().get(f"/games/{finished}/log.jsonl").get_data(as_text=True)
    assert TO_BOB_ALONE in moved_log and said["private"] in {
        json.loads(line)["seq"] for line in moved_log.splitlines()[1:] if '"words"' in line
    }


def test_a_file_written_before_the_choice_was_kept_imports_with_private_talk_private(
    app, settings, tmp_path, new_database
):
    game_id, _said = talked(settings, private_talk_after=True, finish=False)
    folder = tmp_path / "move"
    assert run(app, "export", "--all", folder).exit_code == 0
    (path,) = folder.iterdir()
    lines = path.read_text().splitlines()
    head = json.loads(lines[0])
    del head["private_talk_after"]
    del head["signature"]  # signed again as the older server signed it: without the choice
    older = [json.dumps(head), *lines[1:]]
    head["signature"] = provenance.sign(audit.from_file_lines(older), signing.Signer.of(settings))
    path.write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n")
    there = create_app(replace(settings, database_url=new_database("new_host")))
    assert run(there, "init-db").exit_code == 0
    result = run(there, "import", folder)
    assert result.exit_code == 0, result.output
    with sessions(there.extensions["pbem"].database_url)() as s:
        assert s.get(GameRow, game_id).private_talk_after is False


def test_the_signature_covers_the_tables_choice(app, client, settings):
    game_id, _said = talked(settings)
    lines = published(client, game_id)
    key = signing.Signer.of(settings).key.public_key()
    assert provenance.check(audit.from_file_lines([json.dumps(x) for x in lines]), key).ok
    lines[0]["private_talk_after"] = True
    changed = audit.from_file_lines([json.dumps(x) for x in lines])
    assert provenance.check(changed, key).status == "bad"


def test_an_import_refuses_words_longer_than_a_saying_even_in_a_chain_forged_to_match(
    app, client, settings, tmp_path
):
    game_id, said = talked(settings)
    lines = published(client, game_id)
    line = next(x for x in lines[1:] if x["seq"] == said["table"])
    line["words"]["text"] = "w" * (talk.LONGEST + 1)
    line["payload"]["digest"] = talk.digest(line["words"]["salt"], line["words"]["text"])
    rehash(lines)
    del lines[0]["signature"]
    path = written(tmp_path, lines)
    assert run(app, "verify", path).exit_code == 0, "the forged chain holds"
    players = ["--player", f"p1={ANN}", "--player", f"p2={BOB}"]
    imported = run(app, "import", path, "--allow-unsigned", *players)
    assert imported.exit_code == 1
    assert f"event {said['table']}: its words are longer than a saying can be" in (imported.output)
