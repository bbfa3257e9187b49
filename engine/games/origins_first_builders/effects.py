"""ru appendix «Жетоны зданий»: the effect of each building, used when the tile is placed and
when a district closed with a die of its colour activates it (ru «Размещение зданий»,
«Закрыть район»). An effect with nothing to lose applies at once; one with a choice waits
for the player (and can be declined where the rulebook says «можете»)."""

from __future__ import annotations

from collections.abc import Callable

from engine.games.origins_first_builders.city import (
    building_colours,
    count_colour,
    empty_neighbours,
    farms,
    grid,
    has_effect,
    neighbours,
)
from engine.games.origins_first_builders.components import (
    AGORA,
    IDOL_POINTS,
    OBELISK_POINTS,
    PALACE,
    SANCTUARY_POINTS,
    SOLO_DUMMY,
    TEMPLES,
)
from engine.games.origins_first_builders.context import Ctx
from engine.games.origins_first_builders.state import FIRST_RULESET, Player, State, Step
from engine.games.origins_first_builders.tracks import advance, behind, climb, holds

Cell = tuple[int, int]

TEMPLE_OF = {"forest_temple": "forest", "mountain_temple": "mountain", "sea_temple": "sea"}


def copyable(state: State, seat: str, cell: Cell) -> list[Cell]:
    """Mage's Tower: the adjacent buildings whose effect it may use (not farms, not the
    Palace, not another Mage's Tower)."""
    cells = grid(state.player(seat))
    found = []
    for n in neighbours(cell):
        tile = cells.get(n)
        if tile is not None and has_effect(tile) and tile.kind != "mage":
            found.append(n)
    return sorted(found, key=lambda c: (c[1], c[0]))


def temple_building(ctx: Ctx, temple: str) -> None:
    """Forest/Mountain/Sea Temple: 2 steps up, then 1 gold may buy a step on another temple;
    Aquarius offers the same once more."""
    climb(ctx, temple, 2)
    ctx.push(Step("temple_extra", ref=temple))
    if holds(ctx.st, ctx.seat, "aquarius"):
        ctx.push(Step("temple_extra", ref=temple, done=("aquarius",)))


def run(ctx: Ctx, kind: str, cell: Cell) -> None:
    """Apply the effect of the building ``kind`` standing on ``cell`` of the player's city."""
    EFFECTS[kind](ctx, cell)


Effect = Callable[[Ctx, Cell], None]


def _asks(step: Step) -> Effect:
    """An effect with a choice: the player decides it next."""
    return lambda ctx, cell: ctx.push(step)


def _gains(why: str, resource: str, amount: Callable[[Player, Cell], int]) -> Effect:
    return lambda ctx, cell: ctx.gain(why, **{resource: amount(ctx.me, cell)})


def _scores(why: str, points: Callable[[Ctx], int]) -> Effect:
    return lambda ctx, cell: ctx.score(points(ctx), why)


def _climbs(temple: str) -> Effect:
    return lambda ctx, cell: temple_building(ctx, temple)


def _nothing(ctx: Ctx, cell: Cell) -> None:
    """ru «Расширение города»: the Palace has no effect."""


def _citizens_of(player: Player, colour: str) -> int:
    return sum(1 for c in player.citizens if c.colour == colour)


def _reds(ctx: Ctx) -> int:
    """Chariot Field: red buildings and red citizens."""
    return count_colour(ctx.me, "red") + _citizens_of(ctx.me, "red")


def _obelisks(ctx: Ctx) -> int:
    count = sum(1 for t in ctx.me.city if t.kind == "obelisk" and not t.farm)
    return OBELISK_POINTS[min(count, len(OBELISK_POINTS) - 1)]


def _sanctuary(ctx: Ctx) -> int:
    cards = sum(1 for owner in ctx.st.zodiac_owner if owner == ctx.seat)
    return SANCTUARY_POINTS[min(cards, len(TEMPLES))]


def _tiltyard(ctx: Ctx, cell: Cell) -> None:
    advance(ctx, 2)
    # ru «Ристалище»: «за каждого игрока позади вас» counts players; the solo dummy disc
    # is a disc, not a player (attacks say «за каждый диск»). ofb-1 counted it.
    war = ctx.st.war
    if ctx.st.ruleset != FIRST_RULESET:
        war = tuple((disc, space) for disc, space in war if disc != SOLO_DUMMY)
    others = behind(war, ctx.seat)
    if others:
        ctx.push(Step("tiltyard", n=others))


def _fountain(ctx: Ctx, cell: Cell) -> None:
    ctx.gain("Fountain of Wisdom", wisdom=1)
    ctx.push(Step("starship"))


EFFECTS: dict[str, Effect] = {
    AGORA: _asks(Step("basic", ref=AGORA)),
    PALACE: _nothing,
    # Yellow
    "granary": _gains("Granary", "food", lambda player, cell: 1 + farms(player)),
    "harbour": _scores("Harbour", lambda ctx: 2 * count_colour(ctx.me, "yellow")),
    "market": _scores("Market", lambda ctx: 4 * _citizens_of(ctx.me, "yellow")),
    "mint": _gains("Mint", "gold", lambda player, cell: 1),
    "quarry": _gains("Quarry", "stone", lambda player, cell: 1 + empty_neighbours(player, cell)),
    "workshop": _asks(Step("basic", ref="workshop")),
    # Red
    "arsenal": _asks(Step("war", ref="and", n=2)),
    "chariots": _scores("Chariot Field", lambda ctx: 2 * _reds(ctx)),
    "outpost": _asks(Step("war", ref="or", n=1)),
    "tiltyard": _tiltyard,
    "citadel": lambda ctx, cell: advance(ctx, count_colour(ctx.me, "red")),
    "veterans": _asks(Step("veteran")),
    # Orange
    "castle": _scores("Castle", lambda ctx: 1 + 3 * len(ctx.me.centres)),
    "construction": _asks(Step("reserve")),
    "court": _asks(Step("court")),
    "manor": _asks(Step("take_citizen", ref="manor")),
    "forum": _asks(Step("take_speaker", ref="forum")),
    "idols": _scores("Idol Shrine", lambda ctx: IDOL_POINTS[building_colours(ctx.me)]),
    # Purple
    **{kind: _climbs(temple) for kind, temple in TEMPLE_OF.items()},
    "obelisk": _scores("Obelisk", _obelisks),
    "sanctuary": _scores("Sanctuary", _sanctuary),
    "statue": _asks(Step("temple_step", ref="statue")),
    # Blue
    "gallery": _scores("Gallery", lambda ctx: 3 * len({c.colour for c in ctx.me.citizens})),
    "astronomer": _gains(
        "Astronomer's Tower", "wisdom", lambda player, cell: 1 + len(player.advisors)
    ),
    "fountain": _fountain,
    "ritual_gate": _asks(Step("ritual")),
    "healer": _scores("Healer's Estate", lambda ctx: 1 + len(ctx.me.citizens)),
    "mage": lambda ctx, cell: ctx.push(Step("mage", cells=(cell,))),
}
"""Each building's effect (ru appendix «Жетоны зданий»), the starting Agora and Palace
(ru «Расширение города») among them."""
