"""``apply``: the fold of the game's events into state. Total; never validates, never draws."""

from __future__ import annotations

from typing import Any

from engine.contract import Event
from engine.games.origins_first_builders import events as E
from engine.games.origins_first_builders.components import (
    BUILDING,
    COLOUR_INDEX,
    COLOURS,
    DISTRICT,
    DISTRICT_GOLD,
    SOLO_DUMMY,
    STARSHIP_START,
    TEMPLES,
    ZONES,
    citizens_supply,
)
from engine.games.origins_first_builders.events import EVENTS
from engine.games.origins_first_builders.state import (
    FIRST_RULESET,
    HOME,
    OVER,
    PLAY,
    Centre,
    Citizen,
    Die,
    Player,
    State,
    Step,
    Tile,
    Turn,
    replace,
)
from engine.kit.frozen import add_at, set_at, with_player

_TEMPLE = {t: i for i, t in enumerate(TEMPLES)}


def _game_set_up(event: Event) -> State:
    seats = tuple(event["seats"])
    supply = citizens_supply(len(seats))
    return State(
        seats=seats,
        solo=bool(event["solo"]),
        players=tuple(Player(seat=s) for s in seats),
        zones=(STARSHIP_START,) * ZONES,
        dice_supply=(supply,) * len(COLOURS),
        tower_supply=(1,) * len(COLOURS),
        stacks=((),) * len(COLOURS),
        temples=((),) * len(TEMPLES),
        zodiac_owner=(None,) * len(TEMPLES),
        ruleset=event.get("ruleset", FIRST_RULESET),
    )


# ---------------------------------------------------------------- helpers


def _supply(state: State, colour: str, delta: int) -> State:
    return replace(state, dice_supply=add_at(state.dice_supply, COLOUR_INDEX[colour], delta))


def _move_disc(
    stack: tuple[tuple[str, int], ...], disc: str, to: int
) -> tuple[tuple[str, int], ...]:
    """A disc leaves its place and lands on top of whatever stands on ``to``."""
    return (*(d for d in stack if d[0] != disc), (disc, to))


# ---------------------------------------------------------------- setup


def _bonus_tiles_placed(state: State, e: Event) -> State:
    return replace(state, bonus=tuple(e["tiles"]))


def _zodiac_cards_placed(state: State, e: Event) -> State:
    return replace(state, zodiac=tuple(e["cards"]))


def _building_stacks_shuffled(state: State, e: Event) -> State:
    return replace(state, stacks=tuple(tuple(e["stacks"][c]) for c in COLOURS))


def _building_row_laid(state: State, e: Event) -> State:
    stacks = list(state.stacks)
    for kind in e["row"]:
        c = COLOUR_INDEX[BUILDING[kind].colour]
        stacks[c] = stacks[c][1:]
    return replace(state, building_row=tuple(e["row"]), stacks=tuple(stacks))


def _citizen_row_rolled(state: State, e: Event) -> State:
    row = tuple(Die(c, v) for c, v in e["dice"])
    supply = state.dice_supply
    for die in row:
        supply = add_at(supply, COLOUR_INDEX[die.colour], -1)
    return replace(state, citizen_row=row, dice_supply=supply)


def _speakers_rolled(state: State, e: Event) -> State:
    return replace(state, speaker_row=tuple(sorted(e["values"])))


def _district_cards_dealt(state: State, e: Event) -> State:
    towers = list(state.tower_supply)
    for card in e["cards"]:
        for colour in DISTRICT[card].towers:
            towers[COLOUR_INDEX[colour]] += 1
    return replace(
        state,
        districts=tuple(e["cards"]),
        district_gold=(DISTRICT_GOLD,) * len(e["cards"]),
        tower_supply=tuple(towers),
    )


def _first_player_chosen(state: State, e: Event) -> State:
    """ru step 17: discs on the war track's start and each temple's start; the first
    player's disc lowest (ruling), then in turn order; solo: a dummy disc on top."""
    seats = state.seats
    i = seats.index(e["seat"])
    order = [seats[(i + k) % len(seats)] for k in range(len(seats))]
    war = [(s, 0) for s in order]
    if state.solo:
        war.append((SOLO_DUMMY, 0))
    temple = tuple((s, 0) for s in order)
    return replace(state, first=e["seat"], war=tuple(war), temples=(temple,) * len(TEMPLES))


def _draft_pool_rolled(state: State, e: Event) -> State:
    pool = tuple(Die(c, v) for c, v in e["dice"])
    supply = state.dice_supply
    for die in pool:
        supply = add_at(supply, COLOUR_INDEX[die.colour], -1)
    return replace(state, pool=pool, draft_order=tuple(e["order"]), dice_supply=supply)


def _solo_dice_rolled(state: State, e: Event) -> State:
    state = _draft_pool_rolled(state, {"dice": e["dice"], "order": []})
    return replace(state, draft_order=(state.seats[0],))


def _die_drafted(state: State, e: Event) -> State:
    i = e["index"]
    die = state.pool[i]
    state = replace(
        state, pool=state.pool[:i] + state.pool[i + 1 :], draft_order=state.draft_order[1:]
    )
    player = state.player(e["seat"])
    return with_player(
        state, e["seat"], citizens=(*player.citizens, Citizen(die.colour, die.value))
    )


def _solo_die_removed(state: State, e: Event) -> State:
    i = e["index"]
    die = state.pool[i]
    state = replace(state, pool=state.pool[:i] + state.pool[i + 1 :])
    return _supply(state, die.colour, 1)


def _draft_ended(state: State, e: Event) -> State:
    for die in state.pool:
        state = _supply(state, die.colour, 1)
    return replace(state, pool=(), draft_order=())


# ---------------------------------------------------------------- rounds and turns


def _round_started(state: State, e: Event) -> State:
    players = tuple(replace(p, passed=False) for p in state.players)
    return replace(state, phase=PLAY, round=e["round"], first=e["first"], players=players)


_MAIN = (Step("main"),)


def _turn_started(state: State, e: Event) -> State:
    """A turn begins with the choice of its main action (ru «Действия игроков»)."""
    return replace(state, turn=Turn(seat=e["seat"]), pending=_MAIN)


def _awaiting(state: State, e: Event) -> State:
    return replace(state, pending=tuple(_step(s) for s in e["steps"]))


def _step(data: dict[str, Any]) -> Step:
    """A waiting step from its JSON form, built without the frozen dataclass's ``__init__``
    (the fold reads one list of steps per decision)."""
    get = data.get
    cells = get("cells")
    step = object.__new__(Step)
    step.__dict__.update(
        kind=data["kind"],
        zone=get("zone", -1),
        ref=get("ref", ""),
        n=get("n", 0),
        colours=tuple(get("colours", ())),
        done=tuple(get("done", ())),
        cells=tuple((c[0], c[1]) for c in cells) if cells else (),
    )
    return step


def _token_spent(state: State, e: Event) -> State:
    assert state.turn is not None
    player = state.player(e["seat"])
    state = with_player(state, e["seat"], tokens=player.tokens - 1)
    if e["use"] == "freeze":
        return replace(state, turn=replace(state.turn, token_used=True, freeze=True))
    return replace(state, turn=replace(state.turn, token_used=True))


def _passed(state: State, e: Event) -> State:
    return with_player(state, e["seat"], passed=True)


def _game_ended(state: State, e: Event) -> State:
    return replace(state, phase=OVER, turn=None, pending=(), end_reasons=tuple(e["reasons"]))


# ---------------------------------------------------------------- resources and points


def _resources(state: State, e: Event) -> State:
    player = state.player(e["seat"])
    changes = {r: player.amount(r) + e[r] for r in ("stone", "food", "wisdom", "gold") if r in e}
    return with_player(state, e["seat"], **changes)


def _scored(state: State, e: Event) -> State:
    return with_player(state, e["seat"], vp=state.player(e["seat"]).vp + e["points"])


# ---------------------------------------------------------------- contact zones


def _worker_sent(state: State, e: Event) -> State:
    seat, zone = e["seat"], e["zone"]
    player = state.player(seat)
    changes: dict[str, Any] = {
        "wisdom": player.wisdom - e["wisdom"],
        "gold": player.gold - e["gold"],
    }
    if e["worker"] == "citizen":
        i = e["index"]
        changes["citizens"] = set_at(player.citizens, i, replace(player.citizens[i], zone=zone))
    elif e["worker"] == "speaker":
        speakers = list(player.speakers)
        speakers.remove(e["value"])
        changes["speakers"] = tuple(speakers)
        state = replace(state, zone_speakers=(*state.zone_speakers, (zone, e["value"], seat)))
    else:
        changes["archon"] = zone
    if "starship" in e:
        state = replace(state, zones=set_at(state.zones, zone, e["starship"]))
    return with_player(state, seat, **changes)


def _starship_set(state: State, e: Event) -> State:
    return replace(state, zones=set_at(state.zones, e["zone"], e["value"]))


# ---------------------------------------------------------------- war and temples


def _war_moved(state: State, e: Event) -> State:
    state = replace(state, war=_move_disc(state.war, e["seat"], e["to"]))
    player = state.player(e["seat"])
    return with_player(
        state, e["seat"], tokens=player.tokens + e["tokens"], vp=player.vp + e["points"]
    )


def _attacked(state: State, e: Event) -> State:
    return with_player(state, e["seat"], vp=state.player(e["seat"]).vp + e["points"])


def _war_retreated(state: State, e: Event) -> State:
    return replace(state, war=tuple((disc, space) for disc, space in e["war"]))


def _temple_moved(state: State, e: Event) -> State:
    t = _TEMPLE[e["temple"]]
    track = _move_disc(state.temples[t], e["seat"], e["to"])
    return replace(state, temples=set_at(state.temples, t, track))


def _zodiac_taken(state: State, e: Event) -> State:
    t = _TEMPLE[e["temple"]]
    return replace(state, zodiac_owner=set_at(state.zodiac_owner, t, e["seat"]))


# ---------------------------------------------------------------- buildings


def _building_taken(state: State, e: Event) -> State:
    """ru «Купить здание» 4-6: the tile leaves the row, the tiles below move up, the top of
    its colour's stack fills the bottom slot and the stack's next tile is turned up."""
    slot = e["slot"]
    row = state.building_row
    row = (*row[:slot], *row[slot + 1 :])
    c = COLOUR_INDEX[BUILDING[e["kind"]].colour]
    stack = state.stacks[c]
    refill = stack[0] if stack else None
    state = replace(
        state,
        building_row=(*row, refill),
        stacks=set_at(state.stacks, c, stack[1:]),
    )
    if e["to"] == "reserve":
        player = state.player(e["seat"])
        return with_player(state, e["seat"], reserved=(*player.reserved, e["kind"]))
    return state


def _reserve_used(state: State, e: Event) -> State:
    reserved = list(state.player(e["seat"]).reserved)
    reserved.remove(e["kind"])
    return with_player(state, e["seat"], reserved=tuple(reserved))


def _building_placed(state: State, e: Event) -> State:
    player = state.player(e["seat"])
    tile = Tile(e["x"], e["y"], e["kind"], bool(e["farm"]))
    return with_player(state, e["seat"], city=(*player.city, tile))


def _farm_replaced(state: State, e: Event) -> State:
    """Virgo: the farm's tile goes face down under its colour's stack."""
    player = state.player(e["seat"])
    city = tuple(t for t in player.city if (t.x, t.y) != (e["x"], e["y"]))
    state = with_player(state, e["seat"], city=city)
    c = COLOUR_INDEX[BUILDING[e["kind"]].colour]
    return replace(state, stacks=set_at(state.stacks, c, (*state.stacks[c], e["kind"])))


# ---------------------------------------------------------------- citizens and speakers


def _citizen_taken(state: State, e: Event) -> State:
    slot = e["slot"]
    row = state.citizen_row
    state = replace(state, citizen_row=(*row[:slot], *row[slot + 1 :], None))
    player = state.player(e["seat"])
    return with_player(
        state, e["seat"], citizens=(*player.citizens, Citizen(e["colour"], e["value"]))
    )


def _row_refilled(state: State, e: Event) -> State:
    row = state.citizen_row
    i = row.index(None)
    state = replace(state, citizen_row=set_at(row, i, Die(e["colour"], e["value"])))
    return _supply(state, e["colour"], -1)


def _row_refill_failed(state: State, e: Event) -> State:
    return replace(state, dice_short=(*state.dice_short, e["colour"]))


def _speaker_taken(state: State, e: Event) -> State:
    if "zone" in e:  # the Forum: from a contact zone
        placed = list(state.zone_speakers)
        placed.remove(next(p for p in placed if p[:2] == (e["zone"], e["value"])))
        state = replace(state, zone_speakers=tuple(placed))
    else:
        row = list(state.speaker_row)
        row.remove(e["value"])
        state = replace(state, speaker_row=tuple(row))
    player = state.player(e["seat"])
    return with_player(state, e["seat"], speakers=tuple(sorted((*player.speakers, e["value"]))))


def _speaker_set(state: State, e: Event) -> State:
    speakers = list(state.player(e["seat"]).speakers)
    speakers.remove(e["old"])
    speakers.append(e["value"])
    return with_player(state, e["seat"], speakers=tuple(sorted(speakers)))


def _citizen_set(state: State, e: Event) -> State:
    player = state.player(e["seat"])
    i = e["index"]
    citizen = replace(player.citizens[i], value=e["value"])
    return with_player(state, e["seat"], citizens=set_at(player.citizens, i, citizen))


def _citizen_recoloured(state: State, e: Event) -> State:
    player = state.player(e["seat"])
    i = e["index"]
    old = player.citizens[i].colour
    citizen = replace(player.citizens[i], colour=e["colour"])
    state = _supply(_supply(state, old, 1), e["colour"], -1)
    return with_player(state, e["seat"], citizens=set_at(player.citizens, i, citizen))


def _dice_returned(state: State, e: Event) -> State:
    """ru «Спасовать»: citizens of 1-5 home with 1 more; the archon home."""
    player = state.player(e["seat"])
    citizens = list(player.citizens)
    for i, value in e["citizens"]:
        citizens[i] = replace(citizens[i], zone=HOME, value=value)
    archon = HOME if e["archon"] else player.archon
    return with_player(state, e["seat"], citizens=tuple(citizens), archon=archon)


def _advisor_made(state: State, e: Event) -> State:
    """ru «Советники»: a new colour joins the track; a colour already there scores and its
    die goes back to the supply. Either way the base is free again."""
    player = state.player(e["seat"])
    i = e["index"]
    citizens = player.citizens[:i] + player.citizens[i + 1 :]
    if e["placed"]:
        return with_player(
            state, e["seat"], citizens=citizens, advisors=(*player.advisors, e["colour"])
        )
    state = _supply(state, e["colour"], 1)
    return with_player(state, e["seat"], citizens=citizens, vp=player.vp + e["points"])


def _speakers_returned(state: State, e: Event) -> State:
    return replace(state, speaker_row=tuple(sorted(e["row"])), zone_speakers=())


# ---------------------------------------------------------------- districts, towers, bases


def _district_closed(state: State, e: Event) -> State:
    player = state.player(e["seat"])
    i = e["index"]
    citizens = player.citizens[:i] + player.citizens[i + 1 :]
    centre = Centre(e["x"], e["y"], e["colour"], e["value"])
    return with_player(state, e["seat"], citizens=citizens, centres=(*player.centres, centre))


def _district_scored(state: State, e: Event) -> State:
    i = state.districts.index(e["card"])
    state = replace(state, district_gold=set_at(state.district_gold, i, 0))
    player = state.player(e["seat"])
    scored = (
        player.scored if e["card"] in player.scored else tuple(sorted((*player.scored, e["card"])))
    )
    return with_player(
        state,
        e["seat"],
        vp=player.vp + e["points"],
        gold=player.gold + e["gold"],
        scored=scored,
    )


def _tower_built(state: State, e: Event) -> State:
    c = COLOUR_INDEX[e["colour"]]
    state = replace(state, tower_supply=add_at(state.tower_supply, c, -1))
    player = state.player(e["seat"])
    return with_player(
        state, e["seat"], towers=add_at(player.towers, c, 1), gold=player.gold - e["gold"]
    )


def _population_increased(state: State, e: Event) -> State:
    player = state.player(e["seat"])
    return with_player(
        state,
        e["seat"],
        bases=player.bases + 1,
        food=player.food - e["food"],
        gold=player.gold - e["gold"],
        vp=player.vp + e["points"],
    )


apply = EVENTS.fold(
    {
        E.BONUS_TILES_PLACED: _bonus_tiles_placed,
        E.ZODIAC_CARDS_PLACED: _zodiac_cards_placed,
        E.BUILDING_STACKS_SHUFFLED: _building_stacks_shuffled,
        E.BUILDING_ROW_LAID: _building_row_laid,
        E.CITIZEN_ROW_ROLLED: _citizen_row_rolled,
        E.SPEAKERS_ROLLED: _speakers_rolled,
        E.DISTRICT_CARDS_DEALT: _district_cards_dealt,
        E.FIRST_PLAYER_CHOSEN: _first_player_chosen,
        E.DRAFT_POOL_ROLLED: _draft_pool_rolled,
        E.SOLO_DICE_ROLLED: _solo_dice_rolled,
        E.DIE_DRAFTED: _die_drafted,
        E.SOLO_DIE_REMOVED: _solo_die_removed,
        E.DRAFT_ENDED: _draft_ended,
        E.ROUND_STARTED: _round_started,
        E.TURN_STARTED: _turn_started,
        E.AWAITING: _awaiting,
        E.TOKEN_SPENT: _token_spent,
        E.PASSED: _passed,
        E.GAME_ENDED: _game_ended,
        E.RESOURCES: _resources,
        E.SCORED: _scored,
        E.WORKER_SENT: _worker_sent,
        E.STARSHIP_SET: _starship_set,
        E.WAR_MOVED: _war_moved,
        E.ATTACKED: _attacked,
        E.WAR_RETREATED: _war_retreated,
        E.TEMPLE_MOVED: _temple_moved,
        E.ZODIAC_TAKEN: _zodiac_taken,
        E.ZODIAC_AWARDED: _zodiac_taken,
        E.BUILDING_TAKEN: _building_taken,
        E.RESERVE_USED: _reserve_used,
        E.BUILDING_PLACED: _building_placed,
        E.FARM_REPLACED: _farm_replaced,
        E.CITIZEN_TAKEN: _citizen_taken,
        E.ROW_REFILLED: _row_refilled,
        E.ROW_REFILL_FAILED: _row_refill_failed,
        E.SPEAKER_TAKEN: _speaker_taken,
        E.SPEAKER_SET: _speaker_set,
        E.CITIZEN_SET: _citizen_set,
        E.CITIZEN_RECOLOURED: _citizen_recoloured,
        E.DICE_RETURNED: _dice_returned,
        E.ADVISOR_MADE: _advisor_made,
        E.SPEAKERS_RETURNED: _speakers_returned,
        E.DISTRICT_CLOSED: _district_closed,
        E.DISTRICT_SCORED: _district_scored,
        E.TOWER_BUILT: _tower_built,
        E.POPULATION_INCREASED: _population_increased,
    },
    opening={E.GAME_SET_UP: _game_set_up},
)
"""The fold: the opening event builds the state, every later one is folded by its handler."""
