"""A newcomer's mistakes at the ``pbem`` command (issue 14): each is one clear line on
stderr and exit status 1, never a traceback, and a file cut short says it is cut."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from service.cli.commands import main
from tests.golden import corpus

GOLDEN = corpus.FOLDER / "tictactoe-random.jsonl"
"""A finished game with its seed: seq 1-3 are the opening (with the pace), then each move
is a ``mark_placed`` and a ``turn_passed``."""


def pbem(*args: str, env: dict[str, str] | None = None) -> Result:
    """The command as a user runs it: its own app, from the environment (the ``settings``
    fixture's, where a test takes it)."""
    return CliRunner().invoke(main, list(args), env=env)


def one_line_refusal(result: Result) -> str:
    """The refusal's one line, after checking that it is all there is."""
    assert result.exit_code == 1, (result.exit_code, result.output, result.exception)
    assert isinstance(result.exception, SystemExit), result.exception  # not a crash
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("Error: "), lines
    return lines[0]


def golden_lines() -> list[str]:
    return GOLDEN.read_text().splitlines()


def written(tmp_path: Path, name: str, content: str | bytes) -> str:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    return str(path)


def with_game(lines: list[str], game: str) -> list[str]:
    header = json.loads(lines[0]) | {"game": game}
    return [json.dumps(header), *lines[1:]]


# (name, file content or None for no file, what the one line says). Each file is given to
# ``verify`` and to ``import`` alike.
FILES: list[tuple[str, Callable[[], str | bytes] | None, str]] = [
    ("missing", None, "No such file"),
    ("empty", lambda: "", "is not a pbem-log/1 export: it is empty"),
    ("plain text", lambda: "hello\n", "is not a pbem-log/1 export"),
    ("binary", lambda: b"\x89PNG\r\n\x1a\n\x00\xff", "is not a pbem-log/1 export: not text"),
    ("a JSON array", lambda: "[1, 2]\n", "is not a pbem-log/1 export"),
    ("the API's game JSON", lambda: '{"game": "tictactoe", "seq": 3}\n', "is not a pbem-log/1"),
    (
        "a header without its fields",
        lambda: '{"format": "pbem-log/1", "game": "tictactoe"}\n',
        "line 1 is not what an export holds: no 'ruleset'",
    ),
    (
        "an event of the wrong shape",
        lambda: "\n".join([golden_lines()[0], '{"seq": 1, "payload": []}']),
        "line 2 is not what an export holds",
    ),
    (
        "a line of garbage inside",
        lambda: "\n".join([*golden_lines()[:3], "garbage", *golden_lines()[3:]]),
        "line 4 is not JSON",
    ),
    (
        "another format",
        lambda: "\n".join([golden_lines()[0].replace("pbem-log/1", "csv/1"), *golden_lines()[1:]]),
        "cannot be read: not a pbem-log/1 export",
    ),
    (
        "a time that is no time",
        lambda: "\n".join([*golden_lines()[:2], golden_lines()[2].replace('"2026-', '"x2026-')]),
        "cannot be read: Invalid isoformat string",
    ),
    (
        "a game this server does not serve",
        lambda: "\n".join(with_game(golden_lines(), "chess")),
        "is a game of 'chess', which this server does not serve",
    ),
    (
        "cut in the middle of its last line",
        lambda: GOLDEN.read_text()[:-40],
        "is cut: its last line (22) stops in the middle of an event, so the file was truncated",
    ),
]


@pytest.mark.parametrize("command", ["verify", "import"])
@pytest.mark.parametrize(("name", "content", "says"), FILES, ids=[f[0] for f in FILES])
def test_a_file_that_is_not_a_whole_export_is_refused_in_one_line(
    settings, tmp_path, command, name, content, says
):
    path = str(tmp_path / "nothing.jsonl") if content is None else None
    path = path or written(tmp_path, "given.jsonl", content())
    line = one_line_refusal(pbem(command, path))
    assert says in line, line


def test_a_directory_given_as_a_file_is_refused_in_one_line(settings, tmp_path):
    assert "Is a directory" in one_line_refusal(pbem("verify", str(tmp_path)))
    refused = one_line_refusal(pbem("import", str(tmp_path)))
    assert refused == f"Error: {tmp_path} holds no export (.jsonl file): nothing to import"


MISTAKES: list[tuple[str, list[str], str]] = [
    ("verify an unknown game id", ["verify", "zzzz9999"], "There is no game 'zzzz9999'."),
    ("export an unknown game id", ["export", "zzzz9999"], "There is no game 'zzzz9999'."),
    ("replay an unknown game id", ["replay", "zzzz9999"], "There is no game 'zzzz9999'."),
    ("verify what is no file nor id", ["verify", "my game.json"], "there is no file"),
    (
        "an unknown game name",
        ["create-game", "chess", "ann@example.org", "bob@example.org"],
        "Unknown game 'chess'. Known games:",
    ),
    (
        "a bad address",
        ["create-game", "tictactoe", "ann@example.org", "bob at example.org"],
        "Player 2: 'bob at example.org' is not an email address",
    ),
    (
        "an address with a newline",
        ["create-game", "tictactoe", "ann@example.org\nBcc: eve@example.org", "b@example.org"],
        r"Player 1: 'ann@example.org\nBcc: eve@example.org' is not an email address",
    ),
    (
        "the wrong number of players",
        ["create-game", "tictactoe", "ann@example.org"],
        "is played by 2 players, not 1.",
    ),
    (
        "the same address twice",
        ["create-game", "tictactoe", "ann@example.org", "ANN@example.org"],
        "Each player needs a different email address.",
    ),
    (
        "--options that are not JSON",
        ["create-game", "tictactoe", "a@example.org", "b@example.org", "--options", "{x: 1}"],
        "--options is not JSON (Expecting property name",
    ),
    (
        "--options with NaN",
        ["create-game", "tictactoe", "a@example.org", "b@example.org", "--options", "NaN"],
        "--options holds NaN, which is not a JSON number",
    ),
    (
        "--options nested too deep to read",
        ["create-game", "tictactoe", "a@example.org", "b@example.org", "--options", "[" * 10**5],
        "--options is nested more than 32 levels deep",
    ),
    (
        "--options that are not an object",
        ["create-game", "tictactoe", "a@example.org", "b@example.org", "--options", "[1]"],
        "--options must be a JSON object",
    ),
    (
        "--options the game refuses",
        [
            "create-game",
            "tictactoe",
            "a@example.org",
            "b@example.org",
            "--options",
            '{"marks_per_turn": 3}',
        ],
        "Invalid options",
    ),
    (
        "import --player for a seat the game does not have",
        ["import", str(GOLDEN), "--allow-unsigned", "--player", "p9=Zoe <zoe@example.org>"],
        "refused: The game has no seat 'p9' (its seats: p1, p2).",
    ),
    (
        "import --player without a seat",
        ["import", str(GOLDEN), "--player", "zoe@example.org"],
        "--player 'zoe@example.org': write SEAT='Name <email>'",
    ),
    (
        "import --player with a bad address",
        [
            *("import", str(GOLDEN), "--allow-unsigned"),
            *("--player", "p1=Ann <ann at example.org>", "--player", "p2=bob@example.org"),
        ],
        "is not an email address",
    ),
]


@pytest.mark.parametrize(("name", "args", "says"), MISTAKES, ids=[m[0] for m in MISTAKES])
def test_each_newcomer_mistake_is_one_line_and_exit_status_1(settings, name, args, says):
    line = one_line_refusal(pbem(*args))
    assert says in line, line


def test_a_file_cut_at_a_line_boundary_inside_a_move_says_it_is_cut_not_the_seed(
    settings, tmp_path
):
    # seq 4 is p1's mark; its turn_passed (seq 5) and everything after are cut off.
    path = written(tmp_path, "cut.jsonl", "\n".join(golden_lines()[:5]) + "\n")
    verified = pbem("verify", path)
    assert verified.exit_code == 1
    assert verified.stderr.splitlines() == [
        "FAIL event 5: missing: the log is cut after event 4, part-way through the events "
        "of the move at event 4"
    ]
    assert "seed" not in verified.output
    imported = one_line_refusal(pbem("import", path))
    assert "the log is cut after event 4" in imported and "seed" not in imported


def test_a_file_cut_inside_the_opening_says_it_is_cut_not_the_seed(settings, tmp_path):
    for kept in (1, 2):  # the header alone, or the header and the first opening event
        path = written(tmp_path, f"cut{kept}.jsonl", "\n".join(golden_lines()[:kept]) + "\n")
        verified = pbem("verify", path)
        assert verified.exit_code == 1
        assert verified.stderr.splitlines() == [
            f"FAIL event {kept}: missing: the log is cut after event {kept - 1}, part-way "
            "through the game's opening"
        ]


def test_a_changed_event_still_names_the_seed_not_a_cut(settings, tmp_path):
    """The cut is told apart from a real disagreement: a different outcome is still one."""
    lines = golden_lines()
    coin = json.loads(lines[2])
    assert coin["type"] == "coin_tossed"
    coin["payload"]["first"] = "p2" if coin["payload"]["first"] == "p1" else "p1"
    # Rehash from the changed event on, as a forger would: only the seed can tell.
    from tests.service.test_verify import rehash

    records = [json.loads(x) for x in lines]
    records[2] = coin
    rehash(records)
    path = written(tmp_path, "forged.jsonl", "\n".join(json.dumps(r) for r in records) + "\n")
    verified = pbem("verify", path)
    assert verified.exit_code == 1
    assert "the opening events differ from those the seed gives" in verified.stderr


def test_a_database_that_was_never_set_up_is_one_line_naming_init_db(tmp_path):
    empty = tmp_path / "empty.sqlite3"
    sqlite3.connect(empty).close()
    env = {"DATABASE_URL": f"sqlite:///{empty}"}
    for args in (["replay", "abcd1234"], ["export", "abcd1234"], ["verify", "abcd1234"]):
        line = one_line_refusal(pbem(*args, env=env))
        assert "has 'pbem init-db' created its tables?" in line, line


def test_a_database_password_is_not_printed(tmp_path):
    env = {"DATABASE_URL": "postgresql+psycopg://ann:hunter2@127.0.0.1:1/nothing"}
    line = one_line_refusal(pbem("replay", "abcd1234", env=env))
    assert "hunter2" not in line and "ann:***@127.0.0.1:1" in line, line
