"""What a board's text and panels cost in words (issue 34 §2): the plain text of an email
and the panels' HTML of each game's view half-way through (what every email, game page and
seat page builds), read in English and in Japanese, beside the same text and panels read
through an identity translation, in the same run.

The code from before the messages became translatable (issue 17) does not run with
today's engines, so the cost before is stood for by the identity translation: each
message read as the English its engine formatted, a seat as itself, no catalog, no
names, no number or list formatting; what is left is building the board (the engine's
text and panels, and the HTML template), which the old code paid too. Target: within 2x
of it (issue 34 §2; the issue measured Origin at 1.9 ms before, 22 ms after issue 17).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from bench.figures import Figure, at_most
from bench.pictures import _view
from engine import registry
from service import boards, words

ROUNDS = 41
LANGUAGES = ("en", "ja")
MAX_RATIO = 2.0
"""A board's text and panels, in a reader's language, may cost at most this many times the
same through the identity translation."""


@contextmanager
def _identity() -> Iterator[None]:
    """Every message read as its English, every seat as itself (see the module)."""
    text = words.text

    def identity(
        value: Any, lang: str | None = None, names: Mapping[str, str] | None = None
    ) -> Any:
        return str.__str__(value) if isinstance(value, str) else value

    words.text = identity
    try:
        yield
    finally:
        words.text = text


def _ms(game: str, view: dict[str, Any], names: dict[str, str]) -> float:
    """CPU ms of this thread to build the board's text and panels (no picture)."""
    started = time.thread_time()
    board = boards.render(game, view, None, names)
    assert board.text and board.html
    return (time.thread_time() - started) * 1000


def run() -> dict[str, Any]:
    games: dict[str, Any] = {}
    for name in sorted(registry.GAMES):
        view, names = _view(name)
        timed: dict[str, list[float]] = {lang: [] for lang in ("identity", *LANGUAGES)}
        for _ in range(ROUNDS):  # interleaved: a busy moment hurts each alike
            with _identity():
                timed["identity"].append(_ms(name, view, names))
            for lang in LANGUAGES:
                with words.speaking(lang):
                    timed[lang].append(_ms(name, view, names))
        medians = {lang: statistics.median(ms) for lang, ms in timed.items()}
        games[name] = {
            **{f"{lang}_ms": round(ms, 3) for lang, ms in medians.items()},
            **{
                f"ratio_{lang}": round(medians[lang] / medians["identity"], 2) for lang in LANGUAGES
            },
        }
    return {"games": games, "rounds": ROUNDS, "targets": {"ratio_max": MAX_RATIO}}


def judged(b: dict[str, Any]) -> list[Figure]:
    """Each game's board words in each language over the identity translation's, judged."""
    return [
        at_most(
            f"board text and panels {name}, {lang} / identity translation",
            g[f"ratio_{lang}"],
            "x",
            b["targets"]["ratio_max"],
        )
        for name, g in b["games"].items()
        for lang in LANGUAGES
    ]


def lines(b: dict[str, Any]) -> list[str]:
    out = [
        f"Board text and panels, no picture (CPU ms, median of {b['rounds']}; identity = each "
        "message read as its English, no catalog, no names: the cost before translation):"
    ]
    for name, g in b["games"].items():
        out.append(
            f"  {name}: identity {g['identity_ms']:.2f}, English {g['en_ms']:.2f} "
            f"({g['ratio_en']:.2f}x), Japanese {g['ja_ms']:.2f} ({g['ratio_ja']:.2f}x)"
        )
    return out


def main() -> int:
    from service.config import Settings, load_extra_games

    load_extra_games(Settings.from_env(extra_games="tests.games.tictactoe"))
    print("\n".join(lines(run())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
