"""ru appendix «Жетоны зданий»: the effect of each building, used when the tile is placed and
when a district closed with a die of its colour activates it (ru «Размещение зданий»,
«Закрыть район»). An effect with nothing to lose applies at once; one with a choice waits
for the player (and can be declined where the rulebook says «можете»)."""

from __future__ import annotations

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
    SANCTUARY_POINTS,
    SOLO_DUMMY,
    TEMPLES,
)
from engine.games.origins_first_builders.context import Ctx
from engine.games.origins_first_builders.state import FIRST_RULESET, State, Step
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
    player = ctx.me
    seat = ctx.seat
    if kind in (AGORA, "workshop"):
        ctx.push(Step("basic", ref=kind))
    elif kind == "granary":
        ctx.gain("Granary", food=1 + farms(player))
    elif kind == "harbour":
        ctx.score(2 * count_colour(player, "yellow"), "Harbour")
    elif kind == "market":
        ctx.score(4 * sum(1 for c in player.citizens if c.colour == "yellow"), "Market")
    elif kind == "mint":
        ctx.gain("Mint", gold=1)
    elif kind == "quarry":
        ctx.gain("Quarry", stone=1 + empty_neighbours(player, cell))
    elif kind == "arsenal":
        ctx.push(Step("war", ref="and", n=2))
    elif kind == "chariots":
        reds = count_colour(player, "red") + sum(1 for c in player.citizens if c.colour == "red")
        ctx.score(2 * reds, "Chariot Field")
    elif kind == "outpost":
        ctx.push(Step("war", ref="or", n=1))
    elif kind == "tiltyard":
        advance(ctx, 2)
        # ru «Ристалище»: «за каждого игрока позади вас» counts players; the solo dummy disc
        # is a disc, not a player (attacks say «за каждый диск»). ofb-1 counted it.
        war = ctx.st.war
        if ctx.st.ruleset != FIRST_RULESET:
            war = tuple((disc, space) for disc, space in war if disc != SOLO_DUMMY)
        others = behind(war, seat)
        if others:
            ctx.push(Step("tiltyard", n=others))
    elif kind == "citadel":
        advance(ctx, count_colour(player, "red"))
    elif kind == "veterans":
        ctx.push(Step("veteran"))
    elif kind == "castle":
        ctx.score(1 + 3 * len(player.centres), "Castle")
    elif kind == "construction":
        ctx.push(Step("reserve"))
    elif kind == "court":
        ctx.push(Step("court"))
    elif kind == "manor":
        ctx.push(Step("take_citizen", ref="manor"))
    elif kind == "forum":
        ctx.push(Step("take_speaker", ref="forum"))
    elif kind == "idols":
        ctx.score(IDOL_POINTS[building_colours(player)], "Idol Shrine")
    elif kind in TEMPLE_OF:
        temple_building(ctx, TEMPLE_OF[kind])
    elif kind == "obelisk":
        count = sum(1 for t in player.city if t.kind == "obelisk" and not t.farm)
        ctx.score(OBELISK_POINTS[min(count, len(OBELISK_POINTS) - 1)], "Obelisk")
    elif kind == "sanctuary":
        cards = sum(1 for owner in ctx.st.zodiac_owner if owner == seat)
        ctx.score(SANCTUARY_POINTS[min(cards, len(TEMPLES))], "Sanctuary")
    elif kind == "statue":
        ctx.push(Step("temple_step", ref="statue"))
    elif kind == "gallery":
        ctx.score(3 * len({c.colour for c in player.citizens}), "Gallery")
    elif kind == "astronomer":
        ctx.gain("Astronomer's Tower", wisdom=1 + len(player.advisors))
    elif kind == "fountain":
        ctx.gain("Fountain of Wisdom", wisdom=1)
        ctx.push(Step("starship"))
    elif kind == "ritual_gate":
        ctx.push(Step("ritual"))
    elif kind == "healer":
        ctx.score(1 + len(player.citizens), "Healer's Estate")
    elif kind == "mage":
        ctx.push(Step("mage", cells=(cell,)))
