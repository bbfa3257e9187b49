"""What an Orichalk seat's own picture showed only that seat, in words, for an email that
shows the table's picture instead (issue 34 §2).

The table's picture draws large the island of the winner, else of the player to play, else
of the first seat (:func:`~engine.games.orichalk.board.words.focus_seat`), with that
player's supply in full, and every other island small with a short supply. A seat whose own
picture drew its island large, and the table's does not, is told its island (or, before it
chose a side, both sides it chooses between) and what the small supply leaves out: the
creatures captured, the mines and camps.
"""

from __future__ import annotations

from typing import Any

from engine.games.orichalk.board.words import (
    creature_words,
    focus_seat,
    island_lines,
    works_words,
)
from engine.games.orichalk.words import SIDE_CAPITAL, _, commas, n_

View = dict[str, Any]


def beside_picture(view: View) -> list[str]:
    """Sentences about the seat's own island and supply, when the table's picture draws
    them small; none when it draws them large (the seat plays now, or has won)."""
    me = view.get("you")
    player = view.get("players", {}).get(me) if me else None
    if player is None or focus_seat({**view, "you": None}) == me:
        return []
    said: list[str] = [_("Your island and supply, drawn small in the picture:")]
    island = player.get("island")
    if island and not island.get("side"):
        said.append(
            _("{whose} · {island}: choose a side", whose=_("Your island"), island=island["name"])
        )
        said += [
            n_("{side} · {n} space", "{side} · {n} spaces", n=len(empty["cells"]),
               side=SIDE_CAPITAL[side])
            for side, empty in (island.get("sides") or {}).items()
        ]  # fmt: skip
    else:
        said += island_lines(island)
    caught = commas([creature_words(c) for c in player["creatures"]]) or _("none")
    said.append(
        _("creatures captured: {creatures}; {works}", creatures=caught, works=works_words(player))
    )
    return said
