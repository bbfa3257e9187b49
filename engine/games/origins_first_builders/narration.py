"""``narrate``: each event in one sentence a player enjoys reading, from its payload and the
state before it ("p2 sent the red 2 to zone 3, paying 1 wisdom; its starship rose to 4").

Every seat and a spectator see the same board (:mod:`.view`), so every reader reads the same
sentence. What no one sees is never told: the building stacks below their face-up tops (the
shuffle's order, a farm's tile sent under its stack) and a farm's face-down building. The
engine's bookkeeping (whose turn starts, the steps waiting) is told as "".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.contract import Event
from engine.games.origins_first_builders import events as E
from engine.games.origins_first_builders.city import grid, neighbours
from engine.games.origins_first_builders.components import (
    BUILDING,
    DISTRICT,
    DISTRICT_GOLD,
    SOLO_DUMMY,
    TEMPLE_NAMES,
    TEMPLE_TOP,
    TEMPLES,
    WAR_START,
    ZODIAC_CARD,
)
from engine.games.origins_first_builders.events import EVENTS
from engine.games.origins_first_builders.moves import building_name, die_words
from engine.games.origins_first_builders.scoring import standing
from engine.games.origins_first_builders.state import Player, State
from engine.games.origins_first_builders.tracks import holds
from engine.kit.events import Teller

RESOURCE_ORDER = ("stone", "food", "wisdom", "gold")
BUILDING_NAMES = frozenset(b.name for b in BUILDING.values())


# ---------------------------------------------------------------- words


def _words(items: Sequence[str]) -> str:
    """``["a", "b", "c"]`` as "a, b and c"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def _amounts(amounts: dict[str, int]) -> str:
    return _words([f"{amounts[r]} {r}" for r in RESOURCE_ORDER if amounts.get(r)])


def _the(kind: str) -> str:
    return f"the {building_name(kind)}"


def _temple(temple: str) -> str:
    return f"the {TEMPLE_NAMES[temple]} temple"


def _zodiac(card: str) -> str:
    return ZODIAC_CARD[card].name


def _card(card: str) -> str:
    """A district card as the move labels write it: its id and its three buildings."""
    return f"{card} ({'-'.join(DISTRICT[card].pattern)})"


def _die(player: Player, index: int) -> str:
    c = player.citizens[index]
    return die_words(c.colour, c.value)


def _disc(disc: str) -> str:
    return "the dummy disc" if disc == SOLO_DUMMY else disc


def _near(player: Player, x: int, y: int) -> str:
    """Where a tile goes: its cell and the buildings beside it (a farm by that name only)."""
    cells = grid(player)
    near = [
        "a farm" if cells[n].farm else _the(cells[n].kind) for n in neighbours((x, y)) if n in cells
    ]
    return f"({x}, {y}), next to {_words(near)}" if near else f"({x}, {y})"


# ---------------------------------------------------------------- setup (ru «Подготовка к игре»)


def _game_set_up(state: State | None, e: Event) -> str:
    seats = list(e["seats"])
    if e.get("solo"):
        return f"{seats[0]} began a solo training game of Origins: First Builders"
    return f"A game of Origins: First Builders began for {_words(seats)}"


def _bonus_tiles_placed(state: State, e: Event) -> str:
    # ru steps 3-4: a bonus tile under each zone, its starship set to 1.
    return (
        f"The bonus tiles went under contact zones 1 to {len(e['tiles'])}: "
        f"{', '.join(e['tiles'])}; every starship starts at 1"
    )


def _zodiac_cards_placed(state: State, e: Event) -> str:
    placed = [f"{_zodiac(c)} on {_temple(t)}" for t, c in zip(TEMPLES, e["cards"], strict=False)]
    return f"The temples took their zodiac cards: {_words(placed)}"


def _building_stacks_shuffled(state: State, e: Event) -> str:
    counts = {len(stack) for stack in e["stacks"].values()}
    each = f", {counts.pop()} tiles each" if len(counts) == 1 else ""
    stacks = len(e["stacks"])
    return f"The building tiles were shuffled face down into {stacks} stacks by colour{each}"


def _building_row_laid(state: State, e: Event) -> str:
    names = [building_name(k) for k in e["row"]]
    return f"The building row was laid from the stack tops, top to bottom: {', '.join(names)}"


def _citizen_row_rolled(state: State, e: Event) -> str:
    dice = [die_words(c, v) for c, v in e["dice"]]
    return f"The citizen row was rolled, left to right: {', '.join(dice)}"


def _speakers_rolled(state: State, e: Event) -> str:
    values = [str(v) for v in e["values"]]
    return f"The speaker dice were rolled: {', '.join(values)}"


def _district_cards_dealt(state: State, e: Event) -> str:
    cards = [_card(c) for c in e["cards"]]
    return f"District cards dealt, {DISTRICT_GOLD} gold on each: {', '.join(cards)}"


def _first_player_chosen(state: State, e: Event) -> str:
    if state.solo:
        return f"{e['seat']} plays first, a dummy disc beside theirs on the war track"
    return f"{e['seat']} was drawn to play first"


def _draft_pool_rolled(state: State, e: Event) -> str:
    dice = [die_words(c, v) for c, v in e["dice"]]
    order = list(e["order"])
    return (
        f"{len(dice)} starting dice were rolled for the draft: {', '.join(dice)}; "
        f"picking order {', '.join(order)}"
    )


def _solo_dice_rolled(state: State, e: Event) -> str:
    # ru «Одиночный режим»: the two highest go back, then two of the other three are kept.
    dice = [die_words(c, v) for c, v in e["dice"]]
    return (
        f"{state.seats[0]}'s starting dice were rolled: {', '.join(dice)}; "
        "the two highest go back, then two of the other three are kept"
    )


def _die_drafted(state: State, e: Event) -> str:
    verb = "kept" if state.solo else "took"
    return f"{e['seat']} {verb} the {die_words(e['colour'], e['value'])} as a starting citizen"


def _solo_die_removed(state: State, e: Event) -> str:
    return f"The {die_words(e['colour'], e['value'])}, one of the highest, went back to the supply"


def _draft_ended(state: State, e: Event) -> str:
    left = [die_words(c, v) for c, v in e["returned"]]
    if not left:
        return ""
    return f"The {' and the '.join(left)} left over went back to the supply"


# ---------------------------------------------------------------- rounds and turns


def _round_started(state: State, e: Event) -> str:
    return f"Round {e['round']} began; {e['first']} plays first"


def _token_spent(state: State, e: Event) -> str:
    if e["use"] == "freeze":
        return f"{e['seat']} spent a superiority token: no starship moves this turn"
    return f"{e['seat']} spent a superiority token for one more action"


def _passed(state: State, e: Event) -> str:
    return f"{e['seat']} passed for the rest of the round"


def _game_ended(state: State, e: Event) -> str:
    """ru «Конец игры и подсчёт очков»: the reasons, then the final count."""
    result = standing(state)
    scores = result["scores"]
    ranking = result["ranking"]
    winners = ranking[0]
    top = scores[winners[0]]
    if state.solo:
        head = f"{winners[0]} finished with {top} points"
    elif len(winners) == 1:
        head = f"{winners[0]} won with {top} points"
    else:
        head = f"{_words(winners)} shared the win with {top} points"
    if result["tie_break"] == "most buildings in the city":
        head += " (ties broken by most buildings in the city)"
    rest = [f"{s} {scores[s]}" for group in ranking[1:] for s in group]
    others = f"; {', '.join(rest)}" if rest else ""
    return f"The game ended ({'; '.join(e['reasons'])}): {head}{others}"


# ---------------------------------------------------------------- resources and points

_FROM = {
    "board action": "",
    "basic_gold": "",
    "bonus": " (bonus action)",
    "Pisces": " for the bonus action (Pisces)",
    "attack": " as the attack's reward",
    "Gemini": " for the war disc's fall back (Gemini)",
    "Scorpio": " (Scorpio)",
    "agora": " from the Agora",
    "workshop": " from the Workshop",
}
_FOR = {
    "bonus action": " for the bonus action",
    "citizen die": " for a citizen die",
    "building": " for the building",
    "Aquarius": " for a step on another temple (Aquarius)",
}


def _resources(state: State, e: Event) -> str:
    seat, why = e["seat"], str(e.get("why", ""))
    gained = {r: e[r] for r in RESOURCE_ORDER if e.get(r, 0) > 0}
    paid = {r: -e[r] for r in RESOURCE_ORDER if e.get(r, 0) < 0}
    if gained and paid:
        return f"{seat} turned {_amounts(paid)} into {_amounts(gained)}{_FROM.get(why, '')}"
    if paid:
        if why == "spend food":
            instead = " in place of food" if "food" not in paid else ""
            return f"{seat} spent {_amounts(paid)}{instead}"
        if why == "temple":
            what = " for a step on another temple" if set(paid) == {"gold"} else " for the temple"
            return f"{seat} paid {_amounts(paid)}{what}"
        return f"{seat} paid {_amounts(paid)}{_FOR.get(why, '')}"
    if why in BUILDING_NAMES:
        return f"{seat}'s {why} gave {_amounts(gained)}"
    return f"{seat} took {_amounts(gained)}{_FROM.get(why, '')}"


def _scored(state: State, e: Event) -> str:
    why = str(e.get("why", ""))
    if why in BUILDING_NAMES:
        return f"{e['seat']}'s {why} scored {e['points']} VP"
    return f"{e['seat']} scored {e['points']} VP" + (f" ({why})" if why else "")


# ---------------------------------------------------------------- contact zones


def _worker_sent(state: State, e: Event) -> str:
    """ru «Посетить зону контакта»: wisdom (or gold) makes up the difference; the starship
    gains 1, a 6 turning to 1."""
    seat, zone = e["seat"], e["zone"]
    if e["worker"] == "citizen":
        who = f"the {_die(state.player(seat), e['index'])}"
    elif e["worker"] == "speaker":
        who = f"a speaker die showing {e['value']}"
    else:
        who = "their archon"
    text = f"{seat} sent {who} to zone {zone + 1}"
    cost = {"wisdom": e.get("wisdom", 0), "gold": e.get("gold", 0)}
    if any(cost.values()):
        text += f", paying {_amounts(cost)}"
    if "starship" in e:
        text += "; " + _starship_words("its", state.zones[zone], e["starship"])
    return text


def _starship_words(whose: str, old: int, new: int) -> str:
    if new == old + 1:
        return f"{whose} starship rose to {new}"
    return f"{whose} starship went from {old} to {new}"


def _starship_set(state: State, e: Event) -> str:
    zone = e["zone"]
    return _starship_words(f"Zone {zone + 1}'s", state.zones[zone], e["value"])


# ---------------------------------------------------------------- war and temples


def _war_moved(state: State, e: Event) -> str:
    """ru «Продвинуться по шкале войны»: a superiority token per milestone crossed, 9 VP on
    the last space."""
    text = f"{e['seat']} advanced {e['spaces']} on the war track, to space {e['to']}"
    tokens = e.get("tokens", 0)
    if tokens:
        milestones = "a milestone" if tokens == 1 else f"{tokens} milestones"
        plural = "s" if tokens != 1 else ""
        text += f", crossing {milestones}: {tokens} superiority token{plural}"
    if e.get("points"):
        text += f"; the last space scores {e['points']} VP"
    return text


def _attacked(state: State, e: Event) -> str:
    """ru «Провести атаку»: 1 VP per disc behind and per milestone passed; Aries adds 1 VP
    per red die."""
    parts = []
    if e.get("behind"):
        parts.append(f"{e['behind']} disc{'s' * (e['behind'] != 1)} behind")
    if e.get("milestones"):
        parts.append(f"{e['milestones']} milestone{'s' * (e['milestones'] != 1)} passed")
    if e.get("aries"):
        parts.append(f"{e['aries']} red di{'ce' if e['aries'] != 1 else 'e'} (Aries)")
    why = f" for {_words(parts)}" if parts else ""
    points = f"{e['points']} VP" if e["points"] else "no VP"
    return f"{e['seat']} attacked from space {e['space']} of the war track: {points}{why}"


def _war_retreated(state: State, e: Event) -> str:
    """ru «Конец раунда» 3: every disc back to the space past its last milestone."""
    before = dict(state.war)
    moved = [f"{_disc(d)} to {_space(s)}" for d, s in e["war"] if before.get(d, s) != s]
    if not moved:
        return "The war discs stayed where they were"
    return f"The war discs fell back to their last milestone: {', '.join(moved)}"


def _space(space: int) -> str:
    return "the start" if space == WAR_START else f"space {space}"


def _temple_moved(state: State, e: Event) -> str:
    steps = e["steps"]
    to = f"the top (step {e['to']})" if e["to"] >= TEMPLE_TOP else f"step {e['to']}"
    plural = "s" if steps != 1 else ""
    return f"{e['seat']} climbed {steps} step{plural} on {_temple(e['temple'])}, to {to}"


def _zodiac_owner(state: State, temple: str) -> str | None:
    return state.zodiac_owner[TEMPLES.index(temple)]


def _zodiac_taken(state: State, e: Event) -> str:
    """ru «Продвинуться по шкале храма»: the card comes with the climb, even from behind."""
    owner = _zodiac_owner(state, e["temple"])
    source = f", from {owner}" if owner and owner != e["seat"] else ""
    return f"{e['seat']} took {_temple(e['temple'])}'s zodiac card, {_zodiac(e['card'])}{source}"


def _zodiac_awarded(state: State, e: Event) -> str:
    """ru «Конец раунда» 4: each temple's leader takes its zodiac card."""
    owner = _zodiac_owner(state, e["temple"])
    source = f" from {owner}" if owner and owner != e["seat"] else ""
    return f"{e['seat']} leads on {_temple(e['temple'])} and takes {_zodiac(e['card'])}{source}"


# ---------------------------------------------------------------- buildings


def _building_taken(state: State, e: Event) -> str:
    """ru «Купить здание» 5-6: the row moves up, the stack's top fills the bottom slot and
    the next tile of the stack is turned face up."""
    seat, kind = e["seat"], e["kind"]
    colour = BUILDING[kind].colour
    if e["to"] == "reserve":
        text = f"{seat} set {_the(kind)} aside from slot {e['slot'] + 1} (Construction Site)"
    else:
        text = f"{seat} took {_the(kind)} from slot {e['slot'] + 1} of the building row"
    refill, revealed = e.get("refill"), e.get("revealed")
    if refill is None:
        return f"{text}; the {colour} stack is empty"
    text += f"; {_one(refill, (kind,))} moved into the row"
    if revealed is None:
        return f"{text}, the last of the {colour} stack"
    return f"{text} and {_one(revealed, (kind, refill))} turned up on the {colour} stack"


def _one(kind: str, named: tuple[str, ...]) -> str:
    """A tile, as "another" one when a tile of its kind was just named."""
    return f"another {building_name(kind)}" if kind in named else _the(kind)


def _reserve_used(state: State, e: Event) -> str:
    return f"{e['seat']} brought out {_the(e['kind'])} they had set aside"


def _building_placed(state: State, e: Event) -> str:
    seat, x, y = e["seat"], e["x"], e["y"]
    where = _near(state.player(seat), x, y)
    if e.get("farm"):
        return f"{seat} built a farm (the tile face down) at {where}"
    return f"{seat} built {_the(e['kind'])} at {where}"


def _farm_replaced(state: State, e: Event) -> str:
    """Virgo: the farm's tile goes face down under its stack (which tile stays unsaid)."""
    return (
        f"{e['seat']} cleared the farm at ({e['x']}, {e['y']}) to build there for free "
        "(Virgo); its tile went face down under its stack"
    )


# ---------------------------------------------------------------- citizens and speakers


def _citizen_taken(state: State, e: Event) -> str:
    seat = e["seat"]
    die = die_words(e["colour"], e["value"])
    text = f"{seat} took the {die} from slot {e['slot'] + 1} of the citizen row"
    if state.player(seat).passed and holds(state, seat, "cancer"):
        text += " for free (Cancer)"
    return text


def _row_refilled(state: State, e: Event) -> str:
    return f"A new {e['colour']} die was rolled for the citizen row: {e['value']}"


def _row_refill_failed(state: State, e: Event) -> str:
    # ru «Конец игры»: no die of the colour for the row ends the game with the round.
    return (
        f"The supply had no {e['colour']} die left for the citizen row: "
        "the game ends with this round"
    )


def _speaker_taken(state: State, e: Event) -> str:
    return f"{e['seat']} took a speaker die showing {e['value']}"


def _speaker_set(state: State, e: Event) -> str:
    return f"{e['seat']} turned their speaker die from {e['old']} to {e['value']} (Sagittarius)"


def _citizen_set(state: State, e: Event) -> str:
    seat = e["seat"]
    return f"{seat}'s {_die(state.player(seat), e['index'])} became a {e['value']}"


def _citizen_recoloured(state: State, e: Event) -> str:
    seat = e["seat"]
    citizen = state.player(seat).citizens[e["index"]]
    now = die_words(e["colour"], citizen.value)
    return f"{seat}'s {_die(state.player(seat), e['index'])} became a {now} (Courthouse)"


def _dice_returned(state: State, e: Event) -> str:
    """ru «Спасовать»: citizens of 1-5 come home 1 higher; the archon comes home."""
    seat = e["seat"]
    player = state.player(seat)
    grown = []
    for i, value in e["citizens"]:
        c = player.citizens[i]
        grown.append(f"{die_words(c.colour, c.value)} → {value}")
    archon = e.get("archon")
    if not grown:
        return f"{seat}'s archon came home" if archon else f"{seat} had no dice to take back"
    text = f"{seat} took their dice back, each citizen 1 higher: {', '.join(grown)}"
    return text + ("; the archon came home too" if archon else "")


def _advisor_made(state: State, e: Event) -> str:
    """ru «Советники»: a new colour joins the track (and the archon's colours); a colour
    already there scores the rightmost cell and its die goes back to the supply."""
    seat = e["seat"]
    who = _die(state.player(seat), e["index"])
    if e["placed"]:
        return f"{seat}'s {who} became an advisor: {e['colour']} joins their advisor track"
    return (
        f"{seat}'s {who} became an advisor, but {e['colour']} is on their track already: "
        f"{e['points']} VP, and the die went back to the supply"
    )


def _speakers_returned(state: State, e: Event) -> str:
    """ru «Конец раунда» 1: the speakers used grow by 1; a 5 is rolled again."""
    row = ", ".join(str(v) for v in e["row"])
    text = f"The speaker dice used this round came back to the row 1 higher; it shows {row}"
    rerolled = [str(v) for v in e.get("rerolled", ())]
    if len(rerolled) == 1:
        text += f" (a 5 was rolled again: {rerolled[0]})"
    elif rerolled:
        text += f" ({len(rerolled)} fives were rolled again: {_words(rerolled)})"
    return text


# ---------------------------------------------------------------- districts, towers, bases


def _district_closed(state: State, e: Event) -> str:
    seat = e["seat"]
    player = state.player(seat)
    citizen = player.citizens[e["index"]]
    die = die_words(citizen.colour, citizen.value)
    text = f"{seat} closed the district at ({e['x']}, {e['y']}) with the {die} in its power centre"
    if e["value"] != citizen.value:
        text += f" (Leo made it a {e['value']})"
    return text


def _district_scored(state: State, e: Event) -> str:
    again = "" if e.get("first", True) else " again"
    gold = f" and {e['gold']} gold" if e.get("gold") else ""
    return f"{e['seat']} matched district card {_card(e['card'])}{again}: {e['points']} VP{gold}"


def _tower_built(state: State, e: Event) -> str:
    return (
        f"{e['seat']} built their {e['colour']} tower to level {e['level']}, "
        f"paying {e['gold']} gold"
    )


def _population_increased(state: State, e: Event) -> str:
    """ru «Увеличить население»: the food over the leftmost base; 10 VP for the last."""
    seat = e["seat"]
    bases = state.player(seat).bases + 1
    paid = _amounts({"food": e.get("food", 0), "gold": e.get("gold", 0)}) or "nothing"
    text = f"{seat} grew their population to {bases} bases, paying {paid}"
    if e.get("points"):
        text += f"; the last base scores {e['points']} VP"
    return text


_TELLERS: dict[str, Callable[[State, Event], str]] = {
    E.GAME_SET_UP: _game_set_up,
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
    E.ZODIAC_AWARDED: _zodiac_awarded,
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
}

BOOKKEEPING: frozenset[str] = frozenset({E.TURN_STARTED, E.AWAITING})
"""Events that change nothing a player sees: whose decision comes next, the steps queued."""


def _to_everyone(teller: Callable[[State, Event], str]) -> Teller:
    """Every seat and a spectator see the same board, so every reader reads the same
    sentence (see the module)."""
    return lambda state, event, seat: teller(state, event)


narrate = EVENTS.narration(
    {kind: _to_everyone(teller) for kind, teller in _TELLERS.items()}, bookkeeping=BOOKKEEPING
)
"""The sentence for an event, given the state before it ("" for bookkeeping)."""
