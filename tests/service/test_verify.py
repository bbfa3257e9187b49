"""``pbem verify``: the chain, the replay and, with the revealed seed, chance itself
(DESIGN.md §4, §6)."""

from __future__ import annotations

import json
import time
from datetime import datetime

import pytest

from service.audit import checks
from service.cli.commands import main
from service.store import hashchain
from service.store.db import sessions
from service.store.models import GameRow
from tests.service.test_eventstore import play


def export(app, game_id, tmp_path, edit=None):
    lines = [
        json.loads(x)
        for x in app.test_cli_runner().invoke(main, ["export", game_id]).output.splitlines()
    ]
    if edit:
        edit(lines)
    path = tmp_path / f"{game_id}.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    return path


def verify(app, target):
    return app.test_cli_runner().invoke(main, ["verify", str(target)])


def rehash(lines):
    """Recompute every hash, as a forger covering their tracks would."""
    head = lines[0]
    prev = hashchain.header_hash(
        {k: head[k] for k in ("game", "ruleset", "seats", "options", "commitment")}
    )
    for e in lines[1:]:
        e["prev_hash"] = prev
        e["hash"] = prev = hashchain.event_hash(
            prev,
            e["seq"],
            e["seat"],
            datetime.fromisoformat(e["recorded_at"]),
            e["payload"],
            e["move"],
        )
    head["head_hash"] = prev


def test_a_finished_games_file_verifies_down_to_every_chance_outcome(app, settings, tmp_path):
    game_id = play(settings, 20)
    path = export(app, game_id, tmp_path)
    result = verify(app, path)
    assert result.exit_code == 0, result.output
    events = len(path.read_text().splitlines()) - 1
    assert (
        f"ok: {events} events, hash chain intact, replay matches, every chance outcome "
        "matches the seed"
    ) in result.output.splitlines()


def test_an_unfinished_games_file_verifies_without_its_secret_seed(app, settings, tmp_path):
    game_id = play(settings, 2)
    result = verify(app, export(app, game_id, tmp_path))
    assert result.exit_code == 0
    assert "seed is revealed when the game ends" in result.output


def test_a_stored_game_is_checked_against_its_seed(app, settings):
    result = verify(app, play(settings, 4))
    assert result.exit_code == 0 and "every chance outcome matches" in result.output


def test_one_flipped_character_in_any_event_is_named(app, settings, tmp_path):
    game_id = play(settings, 20)

    def flip(lines):
        lines[3]["payload"]["cell"] = (lines[3]["payload"].get("cell", 0) + 1) % 9

    result = verify(app, export(app, game_id, tmp_path, flip))
    assert result.exit_code == 1
    assert "event 3" in result.output


def test_a_removed_event_is_named(app, settings, tmp_path):
    result = verify(app, export(app, play(settings, 20), tmp_path, lambda lines: lines.pop(4)))
    assert result.exit_code == 1 and "event 4" in result.output


def test_a_reordered_pair_is_named(app, settings, tmp_path):
    def swap(lines):
        lines[3], lines[4] = lines[4], lines[3]

    result = verify(app, export(app, play(settings, 20), tmp_path, swap))
    assert result.exit_code == 1 and "event 3" in result.output


def test_a_wrong_seed_is_refused(app, settings, tmp_path):
    def other_seed(lines):
        lines[0]["seed"] = "00" * 32

    result = verify(app, export(app, play(settings, 20), tmp_path, other_seed))
    assert result.exit_code == 1
    assert (
        "FAIL event 1: the seed does not match the game's commitment" in result.output.splitlines()
    )


def test_a_chance_outcome_changed_after_the_fact_is_caught_even_with_every_hash_redone(
    app, settings, tmp_path
):
    def cheat(lines):
        toss = next(e for e in lines[1:] if e["type"] == "coin_tossed")
        toss["payload"]["first"] = "p1" if toss["payload"]["first"] == "p2" else "p2"
        rehash(lines)

    result = verify(app, export(app, play(settings, 20), tmp_path, cheat))
    assert result.exit_code == 1, result.output
    assert "hash" not in result.output, "the forged chain itself holds"
    assert "event 1: the opening events differ from those the seed gives" in result.output


HEADER_EDITS = {
    "seats": lambda head: head["seats"].reverse(),
    "options": lambda head: head["options"].update(marks_per_turn=2),
    "ruleset": lambda head: head.update(ruleset=head["ruleset"] + "-b"),
    "commitment": lambda head: head.update(commitment="00" * 32),
}


@pytest.mark.parametrize("field", sorted(HEADER_EDITS))
def test_the_chain_is_anchored_on_every_header_field(app, settings, tmp_path, field):
    """DESIGN.md §4: the first event's ``prev_hash`` is the header's hash, so editing the
    seats, options, ruleset or seed commitment breaks the chain at event 1, whatever else
    the file says of itself."""
    game_id = play(settings, 2)

    def edit(lines):
        HEADER_EDITS[field](lines[0])

    result = verify(app, export(app, game_id, tmp_path, edit))
    assert result.exit_code == 1, result.output
    assert "event 1" in result.output, result.output


def test_a_log_cut_inside_a_move_whose_kept_event_was_forged_is_not_passed_off_as_cut(
    app, settings, tmp_path
):
    """A file that ends part-way through a move is only "cut" if what it keeps of the move
    agrees with the seed; a changed event there is named as the forgery it is."""

    def forge(lines):
        lines.pop()  # the last move's closing event (its win or draw, or the turn passed)
        last = lines[-1]
        assert last["type"] == "mark_placed"
        last["payload"]["cell"] = (last["payload"]["cell"] + 1) % 9
        rehash(lines)
        lines[0]["last_seq"] = last["seq"]

    result = verify(app, export(app, play(settings, 20), tmp_path, forge))
    assert result.exit_code == 1, result.output
    assert "the seed gives different events for this move" in result.output, result.output
    assert "missing" not in result.output


def _log_line(output: str) -> str:
    (line,) = [x for x in output.splitlines() if x.startswith("log: ")]
    return line


def test_a_signed_unfinished_file_is_called_unfinished_up_to_its_last_event(
    app, settings, tmp_path
):
    game_id = play(settings, 2)
    result = verify(app, export(app, game_id, tmp_path))
    last = json.loads(export(app, game_id, tmp_path).read_text().splitlines()[0])["last_seq"]
    assert _log_line(result.output) == (
        "log: unfinished (the game was still going when it was signed; nothing is missing up "
        f"to event {last})"
    )


def test_a_finished_game_whose_last_events_were_dropped_is_called_cut(app, settings, tmp_path):
    """The header still says the game ended: whatever the signature says, the file is cut."""

    def drop(lines):
        del lines[-2:]
        lines[0]["last_seq"] = lines[-1]["seq"]

    result = verify(app, export(app, play(settings, 20), tmp_path, drop))
    assert _log_line(result.output) == (
        "log: cut (the header says the game ended, the file stops before its end)"
    )


def test_an_unfinished_file_without_its_signature_is_cut_or_unfinished(app, settings, tmp_path):
    def unsign(lines):
        lines[0].pop("signature")

    result = verify(app, export(app, play(settings, 2), tmp_path, unsign))
    assert _log_line(result.output) == (
        "log: cut or unfinished (it stops before the game's end, and no good signature says "
        "where the server's history ended)"
    )


def test_a_file_the_engine_cannot_replay_to_its_end_has_an_unknown_ending(app, settings, tmp_path):
    def garble(lines):
        lines[-1]["payload"] = {"type": "mark_placed", "cell": "nowhere"}
        rehash(lines)

    result = verify(app, export(app, play(settings, 20), tmp_path, garble))
    assert result.exit_code == 1
    assert _log_line(result.output) == (
        "log: unknown (the engine could not replay it to its last event)"
    )


def test_a_recorded_time_without_its_zone_is_refused_rather_than_hashed_as_some_zone():
    """A naive time would hash as whatever zone the machine is in: one log, two chains."""
    with pytest.raises(ValueError) as refused:
        hashchain.timestamp(datetime(2026, 3, 2, 9, 0))
    assert str(refused.value) == "a recorded time must carry its time zone"
    moment = datetime.fromisoformat("2026-03-02T12:00:00+03:00")
    assert hashchain.timestamp(moment) == "2026-03-02T09:00:00.000000+00:00"


def test_a_recorded_time_is_hashed_in_utc_whatever_the_machines_zone(monkeypatch):
    moment = datetime.fromisoformat("2026-03-02T12:00:00+03:00")
    try:
        for zone in ("Asia/Tokyo", "America/Los_Angeles", "UTC"):
            monkeypatch.setenv("TZ", zone)
            time.tzset()
            assert hashchain.timestamp(moment) == "2026-03-02T09:00:00.000000+00:00", zone
    finally:
        monkeypatch.undo()
        time.tzset()


def test_an_event_whose_type_is_not_its_payloads_is_named(app, settings, tmp_path):
    def retyped(lines):
        lines[3]["type"] = "something_else"

    result = verify(app, export(app, play(settings, 20), tmp_path, retyped))
    assert result.exit_code == 1
    assert "FAIL event 3: its type differs from its payload's" in result.output.splitlines()


def test_a_stored_game_whose_head_hash_is_not_its_last_events_is_named(app, settings):
    game_id = play(settings, 4)
    with sessions(settings.database_url).begin() as s:
        row = s.get(GameRow, game_id)
        last, row.head_hash = row.last_seq, "0" * 64
    result = verify(app, game_id)
    assert result.exit_code == 1
    assert f"FAIL event {last}: the game's head hash differs" in result.output.splitlines()


def test_an_opening_other_than_the_seeds_is_named_even_with_every_hash_redone(
    app, settings, tmp_path
):
    def reopened(lines):
        lines[1]["payload"] = {**lines[1]["payload"], "extra": 1}
        rehash(lines)

    result = verify(app, export(app, play(settings, 20), tmp_path, reopened))
    assert result.exit_code == 1
    assert (
        "FAIL event 1: the opening events differ from those the seed gives"
        in result.output.splitlines()
    )


def test_a_log_of_a_game_this_server_does_not_serve_says_which(app, settings, tmp_path):
    def chess(lines):
        lines[0]["game"] = "chess"

    path = export(app, play(settings, 20), tmp_path, chess)
    report = checks.verify(checks.from_file_lines(path.read_text().splitlines()))
    (unknown,) = [f for f in report.failures if "chess" in f]
    assert unknown.startswith("unknown game 'chess' (known: "), unknown


def test_a_file_that_says_the_game_goes_on_when_its_replay_ended_is_named(app, settings, tmp_path):
    def going_on(lines):
        lines[0]["over"] = False

    path = export(app, play(settings, 20, seed=3), tmp_path, going_on)
    events = len(path.read_text().splitlines()) - 1
    result = verify(app, path)
    assert result.exit_code == 1
    assert (
        f"FAIL event {events}: the replay and the game disagree on the end"
        in result.output.splitlines()
    )


@pytest.mark.parametrize(
    ("version", "why"),
    [
        (0, "no upcaster for tictactoe events of schema version 0"),
        (
            99,
            "tictactoe events of schema version 99 are newer than this server reads (up to 2)",
        ),
    ],
)
def test_an_event_of_a_schema_this_server_cannot_read_is_named_once(
    app, settings, tmp_path, version, why
):
    """The replay names the event it cannot read; the seed check, which reads the same
    payloads, does not report it a second time. A newer schema is not read as today's."""

    def recorded_under(lines):
        lines[4]["schema_version"] = version

    path = export(app, play(settings, 20), tmp_path, recorded_under)
    result = verify(app, path)
    assert result.exit_code == 1
    failures = [line for line in result.output.splitlines() if line.startswith("FAIL")]
    assert failures == [f"FAIL event 4: the engine cannot apply it (ValueError({why!r}))"]


def moveless(path) -> list[dict]:
    """A golden game's file as a server before schema 0002 wrote it: no event carries the
    move that made it, and each was hashed without one."""
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    for event in lines[1:]:
        event["move"] = None
    rehash(lines)
    return lines


@pytest.mark.parametrize("name", ["origin-3p-random", "orichalk-2p-bots", "ofb-2p-bots"])
def test_a_log_recorded_before_moves_were_is_decided_again_with_each_legal_move(name):
    """Issue 30 §3: a game from schema 0001 verifies down to every chance outcome, each
    decision decided again with the legal moves of its seat until one gives its events."""
    from tests.golden import corpus

    lines = moveless(corpus.FOLDER / f"{name}.jsonl")
    report = checks.verify(checks.from_file_lines([json.dumps(x) for x in lines]))
    assert report.ok and report.chance_checked, report.failures


def test_a_log_recorded_before_moves_were_fails_where_no_legal_move_gives_its_events():
    from tests.golden import corpus

    lines = moveless(corpus.FOLDER / "tictactoe-random.jsonl")
    marks = [i for i, e in enumerate(lines) if i and e["type"] == "mark_placed"]
    first, second = marks[0], marks[1]
    lines[second]["payload"]["cell"] = lines[first]["payload"]["cell"]  # a taken cell
    rehash(lines)
    report = checks.verify(checks.from_file_lines([json.dumps(x) for x in lines]))
    seq, seat = lines[second]["seq"], lines[second]["seat"]
    assert f"event {seq}: recorded without its move, and no legal move of {seat} gives these " in (
        " ".join(report.failures)
    ), report.failures
