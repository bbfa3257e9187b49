"""The labels of moves (``describe``) and the prompt of each decision, as a player reads them
in an email."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.contract import Move
from engine.games.origins_first_builders import words
from engine.games.origins_first_builders.buying import row_wisdom
from engine.games.origins_first_builders.citizens import row_cost
from engine.games.origins_first_builders.city import centres_completed_by, grid, neighbours
from engine.games.origins_first_builders.components import (
    BASES,
    BOARD_ACTIONS,
    BONUS_TEXT,
    BONUS_TILES,
    BUILDING,
    COLOUR_INDEX,
    DIE_FACES,
    DISTRICT,
    LAST_BASE_POINTS,
    START_NAMES,
    TEMPLE_ACTION_STEPS,
    TEMPLE_NAMES,
    TEMPLE_TOP,
    TEMPLES,
    WAR_REWARDS,
    ZODIAC_CARD,
    ZONE_ACTIONS,
    Building,
    milestones_passed,
)
from engine.games.origins_first_builders.state import DRAFT, OVER, Player, State, Step
from engine.games.origins_first_builders.tracks import (
    behind,
    holds,
    red_dice,
    space_of,
    temple_step,
)
from engine.games.origins_first_builders.turns import population_cost
from engine.games.origins_first_builders.words import _, n_
from engine.kit.words import Msg, Seat


def building_name(kind: str) -> Msg | str:
    if kind in START_NAMES:
        return START_NAMES[kind]
    return BUILDING[kind].name if kind in BUILDING else kind


def die_words(colour: str, value: int) -> Msg:
    return words.die(colour, value)


def the_die(colour: str, value: int) -> Msg:
    """A die as a sentence names it: "the red 3"."""
    return _("the {die}", die=words.die(colour, value))


def the_building(kind: str) -> Msg:
    return _("the {building}", building=building_name(kind))


def _citizen(player: Player, index: int) -> Msg:
    if 0 <= index < len(player.citizens):
        c = player.citizens[index]
        return the_die(c.colour, c.value)
    return _("a citizen")


def _cell(player: Player, x: int, y: int) -> Msg:
    cells = grid(player)
    near = [building_name(cells[n].kind) if not cells[n].farm else _("farm")
            for n in neighbours((x, y)) if n in cells]  # fmt: skip
    if near:
        return _("({x}, {y}), next to {near}", x=x, y=y, near=words.joined(near))
    return _("({x}, {y})", x=x, y=y)


def reward_words(reward: str) -> Msg:
    if reward in ("stone", "food", "wisdom"):
        return words.amount(reward, 1)
    if reward == "gold1":
        return words.amount("gold", 1)
    if reward == "gold2":
        return words.amount("gold", 2)
    if reward == "convert":
        return _("1 basic resource may become 1 gold")
    if reward.startswith("basic+"):
        return _(
            "1 basic resource and {amount}",
            amount=words.amount(reward.removeprefix("basic+"), 1),
        )
    return _("no reward")


def _step(state: State) -> Step | None:
    return state.pending[0] if state.pending else None


def _seat(state: State) -> str:
    if state.turn is not None:
        return state.turn.seat
    return state.draft_order[0] if state.draft_order else state.seats[0]


def _zone_words(state: State, zone: int, colours: tuple[str, ...]) -> Msg:
    top, bottom = ZONE_ACTIONS[zone]
    tile = state.bonus[zone] if zone < len(state.bonus) else ""
    if tile in colours:
        return _(
            "{top} or {bottom}; {colour} bonus: {bonus}",
            top=BOARD_ACTIONS[top],
            bottom=BOARD_ACTIONS[bottom],
            colour=words.colour(tile),
            bonus=BONUS_TEXT[BONUS_TILES[tile]],
        )
    return _("{top} or {bottom}", top=BOARD_ACTIONS[top], bottom=BOARD_ACTIONS[bottom])


ACTION_LABELS: dict[str, Msg] = {
    "stone3": _("Gain 3 stone"),
    "war": _("Advance 2 on the war track and/or attack"),
    "food3": _("Gain 3 food"),
    "build": _("Buy a building"),
    "wisdom3": _("Gain 3 wisdom"),
    "temple": _("Pay 1 stone: advance 2 on a temple and take its zodiac card"),
    "basic_gold": _("Gain 1 basic resource and 1 gold"),
    "citizen": _("Take a citizen die from the row"),
    "one_each": _("Gain 1 stone, 1 food and 1 wisdom"),
    "feed": _("Spend 1-3 food: +1 to a citizen or +1 on the war track for each"),
}
"""The board actions (``components.BOARD_ACTIONS``) as a move's label, capitalised."""


def _both(items: list[Msg]) -> Msg:
    """Amounts one "and" after another: "1 stone and 2 food"."""
    if not items:
        return _("nothing")
    out = items[0]
    for item in items[1:]:
        out = _("{first} and {then}", first=out, then=item)
    return out


Label = Msg | str


class UnknownMove(ValueError):
    """A move of a type no decision of this game offers."""


@dataclass(frozen=True)
class Asked:
    """A move read in the decision it answers: the step at the head of the queue (``None``
    when no decision is pending) and the player deciding."""

    state: State
    move: Move
    step: Step | None
    seat: str
    player: Player


Describer = Callable[[Asked], Label]


def describe(state: State, move: Move) -> Label:
    """The move's label, by its type (``DESCRIBERS``); a type no decision offers raises."""
    kind = str(move.get("type"))
    describer = DESCRIBERS.get(kind)
    if describer is None:
        raise UnknownMove(f"origins-first-builders has no move of type {kind!r}")
    seat = _seat(state)
    return describer(Asked(state, move, _step(state), seat, state.player(seat)))


def _labelled(label: Msg) -> Describer:
    return lambda asked: label


def _declining(label: Msg) -> Describer:
    """Skip and Done say what is declined, where the step names it (``_DECLINE``)."""

    def said(asked: Asked) -> Label:
        if asked.step is not None and asked.step.kind in _DECLINE:
            return _DECLINE[asked.step.kind]
        return label

    return said


_DECLINE = {
    "zone_actions": _("Done with this zone"),
    "war": _("Done with the war track"),
    "feed": _("Stop spending food"),
    "convert": _("Keep your resources (no gold)"),
    "temple_extra": _("Keep your gold (no extra step)"),
    "take_citizen": _("Take no citizen die"),
    "reserve": _("Set nothing aside"),
    "veteran": _("Score no veteran"),
    "court": _("Change no colour"),
    "starship": _("Leave the starships as they are"),
    "ritual": _("Raise no citizen"),
    "capricorn": _("Raise no citizen (Capricorn)"),
    "mage": _("Copy no effect"),
}


def _answering(describer: Callable[[Asked, Step], Label]) -> Describer:
    """A move read from its step; with no decision pending it is named by its type."""

    def said(asked: Asked) -> Label:
        if asked.step is None:
            return str(asked.move["type"]).replace("_", " ").capitalize()
        return describer(asked, asked.step)

    return said


def _populate(asked: Asked) -> Msg:
    player = asked.player
    cost = population_cost(asked.state, asked.seat) if player.bases < BASES else 0
    food = words.amount("food", cost)
    if player.bases == BASES - 1:
        return _(
            "Increase your population: a new base for {food} and score {points}",
            food=food,
            points=words.vp(LAST_BASE_POINTS),
        )
    return _("Increase your population: a new base for {food}", food=food)


def _extra_action(asked: Asked) -> Msg:
    return n_(
        "Spend a superiority token for one more action ({n} left)",
        "Spend a superiority token for one more action ({n} left)",
        n=asked.player.tokens,
    )


def _visit(asked: Asked) -> Msg:
    return _("Visit a contact zone with {worker}", worker=_worker(asked.player, asked.move))


def _worker(player: Player, move: Move) -> Msg:
    if move["worker"] == "citizen":
        return _citizen(player, move["die"])
    if move["worker"] == "speaker":
        return _("a speaker showing {value}", value=move["value"])
    if player.advisors:
        return _(
            "your archon (colours: {colours})",
            colours=words.joined(words.colour(c) for c in player.advisors),
        )
    return _("your archon")


def _zone(asked: Asked, step: Step) -> Msg:
    state, player, zone = asked.state, asked.player, asked.move["zone"]
    value: int | None = None
    colours: tuple[str, ...] = ()
    if step.ref == "citizen":
        c = player.citizens[step.n]
        who = the_die(c.colour, c.value)
        value = c.value
        colours = (c.colour,)
    elif step.ref == "speaker":
        who = _("the speaker {value}", value=step.n)
        value = step.n
    else:
        who = _("your archon")
        colours = player.advisors
    cost = max(0, state.zones[zone] - value) if value is not None else 0
    actions = _zone_words(state, zone, colours)
    if cost:
        return _(
            "Send {who} to zone {zone} (starship {starship}, pay {wisdom}): {actions}",
            who=who,
            zone=zone + 1,
            starship=state.zones[zone],
            wisdom=words.amount("wisdom", cost),
            actions=actions,
        )
    if value == DIE_FACES:
        return _(
            "Send {who} to zone {zone} (starship {starship}) (both actions): {actions}",
            who=who,
            zone=zone + 1,
            starship=state.zones[zone],
            actions=actions,
        )
    return _(
        "Send {who} to zone {zone} (starship {starship}): {actions}",
        who=who,
        zone=zone + 1,
        starship=state.zones[zone],
        actions=actions,
    )


def _raise(asked: Asked) -> Msg:
    z = asked.move["zone"]
    return _(
        "Raise zone {zone}'s starship as well ({old} → {new})",
        zone=z + 1,
        old=asked.state.zones[z],
        new=asked.state.zones[z] + 1,
    )


def _act(asked: Asked, step: Step) -> Msg:
    action = ZONE_ACTIONS[step.zone][0 if asked.move["slot"] == "top" else 1]
    return ACTION_LABELS[action]


def _bonus(asked: Asked, step: Step) -> Msg:
    return _("Bonus action: {bonus}", bonus=BONUS_TEXT[BONUS_TILES[asked.state.bonus[step.zone]]])


def _gain(asked: Asked) -> Msg:
    gained = words.amount(asked.move["resource"], 1)
    if asked.step is not None and asked.step.ref == "basic_gold":
        return _("Gain {amount} and 1 gold", amount=gained)
    return _("Gain {amount}", amount=gained)


def _convert(asked: Asked) -> Msg:
    return _("Spend {amount} for 1 gold", amount=words.amount(asked.move["resource"], 1))


def _amounts(move: Move) -> Msg:
    return _both([words.amount(r, move[r]) for r in ("stone", "food", "wisdom") if move.get(r)])


def _gemini(asked: Asked) -> Msg:
    return _("Gemini: gain {amounts}", amounts=_amounts(asked.move))


def _tiltyard(asked: Asked) -> Msg:
    return _("Tiltyard: gain {amounts}", amounts=_amounts(asked.move))


def _advance(asked: Asked) -> Msg:
    return _("Advance {n} on the war track", n=asked.move["spaces"])


def _attack(asked: Asked) -> Msg:
    state, seat = asked.state, asked.seat
    space = space_of(state.war, seat)
    points = behind(state.war, seat) + milestones_passed(space)
    if holds(state, seat, "aries"):
        points += red_dice(state, seat)
    return _(
        "Attack ({reward}, {points})",
        reward=reward_words(WAR_REWARDS[space]),
        points=words.vp(points),
    )


def _feed(asked: Asked) -> Msg:
    c = asked.player.citizens[asked.move["die"]]
    if c.value >= DIE_FACES:
        return _("Spend 1 food: the {die} becomes an advisor", die=die_words(c.colour, c.value))
    return _(
        "Spend 1 food: the {die} becomes a {value}",
        die=die_words(c.colour, c.value),
        value=c.value + 1,
    )


def _temple(asked: Asked) -> Msg:
    state, temple = asked.state, asked.move["temple"]
    now = temple_step(state, asked.seat, temple)
    to = min(TEMPLE_TOP, now + TEMPLE_ACTION_STEPS)
    card = ZODIAC_CARD[state.zodiac[TEMPLES.index(temple)]].name
    return _(
        "Pay 1 stone: {temple} temple {now} → {to}, take {card}",
        temple=TEMPLE_NAMES[temple],
        now=now,
        to=to,
        card=card,
    )


def _temple_extra(asked: Asked) -> Msg:
    temple = TEMPLE_NAMES[asked.move["temple"]]
    return _("Pay 1 gold: advance 1 on the {temple} temple", temple=temple)


def _temple_step(asked: Asked) -> Msg:
    temple = TEMPLE_NAMES[asked.move["temple"]]
    if asked.step is not None and asked.step.ref == "bonus":
        return _("Advance 1 on the {temple} temple (pay 1 stone)", temple=temple)
    return _("Advance 1 on the {temple} temple", temple=temple)


def _take(asked: Asked) -> Msg:
    slot = asked.move["slot"]
    die = asked.state.citizen_row[slot]
    named = die_words(die.colour, die.value) if die else _("die")
    free = asked.step is not None and asked.step.ref in ("manor", "cancer")
    cost = 0 if free else row_cost(asked.state, asked.seat, slot)
    if cost:
        return _(
            "Take the {die} from the citizen row (pay {wisdom})",
            die=named,
            wisdom=words.amount("wisdom", cost),
        )
    return _("Take the {die} from the citizen row (free)", die=named)


def _speaker(asked: Asked) -> Msg:
    move = asked.move
    if "zone" in move:
        return _(
            "Take the speaker die showing {value} from zone {zone}",
            value=move["value"],
            zone=move["zone"] + 1,
        )
    return _("Take a speaker die showing {value}", value=move["value"])


def _sagittarius(asked: Asked) -> Msg:
    if asked.move["add"]:
        return _("Sagittarius: add 1 to the new die")
    return _("Keep the new die's value")


def _row_building(asked: Asked) -> Building:
    return BUILDING[str(asked.state.building_row[asked.move["slot"]])]


def _buy(asked: Asked) -> Msg:
    b, slot = _row_building(asked), asked.move["slot"]
    return _(
        "Buy the {building} ({colour}, slot {slot}): {wisdom}, {stone}",
        building=b.name,
        colour=words.colour(b.colour),
        slot=slot + 1,
        wisdom=words.amount("wisdom", row_wisdom(asked.state, asked.seat, slot)),
        stone=words.amount("stone", b.stone),
    )


def _farm(asked: Asked) -> Msg:
    b = _row_building(asked)
    return _(
        "Build a farm from the {building} ({colour}, slot {slot}; free)",
        building=b.name,
        colour=words.colour(b.colour),
        slot=asked.move["slot"] + 1,
    )


def _build_reserved(asked: Asked) -> Msg:
    b = BUILDING[asked.move["kind"]]
    return _(
        "Build the {building} set aside ({colour}): {stone}",
        building=b.name,
        colour=words.colour(b.colour),
        stone=words.amount("stone", b.stone),
    )


def _farm_reserved(asked: Asked) -> Msg:
    b = BUILDING[asked.move["kind"]]
    return _("Build a farm from the {building} set aside (free)", building=b.name)


def _placed(step: Step) -> Msg:
    """The tile being placed: a farm, or the building bought."""
    return _("the farm") if "farm" in step.done else the_building(step.ref)


def _place(asked: Asked, step: Step) -> Msg:
    x, y = asked.move["x"], asked.move["y"]
    name, cell = _placed(step), _cell(asked.player, x, y)
    completes = centres_completed_by(asked.player, (x, y))
    if completes:
        return n_(
            "Place {name} at {cell} (completes a district)",
            "Place {name} at {cell} (completes {n} districts)",
            n=completes,
            name=name,
            cell=cell,
        )
    return _("Place {name} at {cell}", name=name, cell=cell)


def _on_farm(asked: Asked, step: Step) -> Msg:
    x, y = asked.move["x"], asked.move["y"]
    return _("Build {name} on your farm at ({x}, {y}) (Virgo: free)", name=_placed(step), x=x, y=y)


def _reserve(asked: Asked) -> Msg:
    building = building_name(str(asked.state.building_row[asked.move["slot"]]))
    return _("Set the {building} aside to build later", building=building)


def _veteran(asked: Asked) -> Msg:
    c = asked.player.citizens[asked.move["die"]]
    return _(
        "The {die} scores {points} and loses 1",
        die=die_words(c.colour, c.value),
        points=words.vp(c.value),
    )


def _the_citizen(asked: Asked) -> Msg:
    """The citizen die the move names."""
    return _citizen(asked.player, asked.move["die"])


def _court(asked: Asked) -> Msg:
    return _("Change the colour of {citizen}", citizen=_the_citizen(asked))


def _recolour(asked: Asked) -> Msg:
    return _("Make it {colour}", colour=words.colour(asked.move["colour"]))


def _starship(asked: Asked) -> Msg:
    z = asked.move["zone"]
    return _("Set zone {zone}'s starship ({value}) to 1", zone=z + 1, value=asked.state.zones[z])


def _ritual(asked: Asked) -> Msg:
    return _("Add {n} to {citizen}", n=asked.move["add"], citizen=_the_citizen(asked))


def _capricorn(asked: Asked) -> Msg:
    return _("Capricorn: add 2 to {citizen}", citizen=_the_citizen(asked))


def _building_at(asked: Asked) -> Msg | str:
    tile = grid(asked.player).get((asked.move["x"], asked.move["y"]))
    return building_name(tile.kind) if tile else _("building")


def _copy(asked: Asked) -> Msg:
    x, y = asked.move["x"], asked.move["y"]
    return _(
        "Use the effect of the {building} at ({x}, {y})", building=_building_at(asked), x=x, y=y
    )


def _activate(asked: Asked) -> Msg:
    x, y = asked.move["x"], asked.move["y"]
    return _("Activate the {building} at ({x}, {y})", building=_building_at(asked), x=x, y=y)


def _tower(asked: Asked) -> Msg:
    if "colour" not in asked.move:
        return _("Build a tower level")
    colour = asked.move["colour"]
    level = asked.player.towers[COLOUR_INDEX[colour]]
    return _(
        "Build the {colour} tower to level {level} (pay {gold})",
        colour=words.colour_f(colour),
        level=level + 1,
        gold=words.amount("gold", level),
    )


def _centre(asked: Asked) -> Msg:
    x, y = asked.move["x"], asked.move["y"]
    cells = grid(asked.player)
    names: list[Msg | str] = []
    for cell in ((x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)):
        tile = cells.get(cell)
        names.append(_("farm") if tile and tile.farm else building_name(tile.kind) if tile else "?")
    return _("Close the district at ({x}, {y}): {names}", x=x, y=y, names=words.joined(names))


def _close_die(asked: Asked) -> Msg:
    return _("Put {citizen} in the power centre", citizen=_the_citizen(asked))


def pattern_words(pattern: tuple[str, ...]) -> Msg | str:
    """A district card's three buildings: "red-red-orange"."""
    return words.joined((words.colour(c) for c in pattern), "-")


def _card(asked: Asked) -> Msg:
    state, card = asked.state, asked.move["card"]
    d = DISTRICT[card]
    first = card not in asked.player.scored
    points = d.first if first else d.later
    gold = state.district_gold[state.districts.index(card)]
    if gold:
        return _(
            "Score district card {card} ({pattern}): {points} and {gold}",
            card=card,
            pattern=pattern_words(d.pattern),
            points=words.vp(points),
            gold=words.amount("gold", gold),
        )
    return _(
        "Score district card {card} ({pattern}): {points}",
        card=card,
        pattern=pattern_words(d.pattern),
        points=words.vp(points),
    )


def _pool_die(asked: Asked) -> Msg:
    d = asked.state.pool[asked.move["die"]]
    return die_words(d.colour, d.value)


def _draft(asked: Asked) -> Msg:
    return _("Take the {die} as a starting citizen", die=_pool_die(asked))


def _remove(asked: Asked) -> Msg:
    return _("Return the {die} to the supply", die=_pool_die(asked))


def _keep(asked: Asked) -> Msg:
    pool, returned = asked.state.pool, asked.move["returned"]
    kept = [die_words(d.colour, d.value) for i, d in enumerate(pool) if i != returned]
    dice = kept[0] if kept else ""
    for other in kept[1:]:
        dice = _("{first} and the {then}", first=dice, then=other)
    back = pool[returned]
    return _(
        "Keep the {dice} (return the {die})", dice=dice, die=die_words(back.colour, back.value)
    )


DESCRIBERS: dict[str, Describer] = {
    "close": _labelled(_("Close a district")),
    "pass": _labelled(_("Pass (take your dice back; no more actions this round)")),
    "end_turn": _labelled(_("End your turn")),
    "raise_none": _labelled(_("Raise no other starship (the neighbours are at 6)")),
    "keep_starships": _labelled(_("Spend a superiority token: no starship moves this turn")),
    "bonus_gold": _labelled(_("Bonus action as 1 gold (Pisces)")),
    "feed_war": _labelled(_("Spend 1 food: advance 1 on the war track")),
    "done": _declining(_("Done")),
    "skip": _declining(_("Skip")),
    "populate": _populate,
    "extra_action": _extra_action,
    "visit": _visit,
    "zone": _answering(_zone),
    "raise": _raise,
    "act": _answering(_act),
    "bonus": _answering(_bonus),
    "gain": _gain,
    "convert": _convert,
    "gemini": _gemini,
    "tiltyard": _tiltyard,
    "advance": _advance,
    "attack": _attack,
    "feed": _feed,
    "temple": _temple,
    "temple_extra": _temple_extra,
    "temple_step": _temple_step,
    "take": _take,
    "speaker": _speaker,
    "sagittarius": _sagittarius,
    "buy": _buy,
    "farm": _farm,
    "build_reserved": _build_reserved,
    "farm_reserved": _farm_reserved,
    "place": _answering(_place),
    "on_farm": _answering(_on_farm),
    "reserve": _reserve,
    "veteran": _veteran,
    "court": _court,
    "recolour": _recolour,
    "starship": _starship,
    "ritual": _ritual,
    "capricorn": _capricorn,
    "copy": _copy,
    "tower": _tower,
    "centre": _centre,
    "close_die": _close_die,
    "card": _card,
    "activate": _activate,
    "draft": _draft,
    "remove": _remove,
    "keep": _keep,
}
"""Each move type's label, as a player reads it in the decision it answers."""


_PROMPTS = {
    "main": _(
        "Choose your action: visit a contact zone, close a district, build a tower level, "
        "increase your population or pass"
    ),
    "turn_end": _("End your turn, or spend a superiority token for one more action"),
    "solo_raise": _("Raise a neighbouring starship (or keep them all still with a token)"),
    "zone_actions": _("Choose the zone's action (and its bonus action, if yours)"),
    "basic": _("Choose a basic resource"),
    "convert": _("You may spend 1 basic resource for 1 gold"),
    "gemini": _("Gemini: choose your basic resources"),
    "tiltyard": _("Tiltyard: choose stone or food for each player behind you"),
    "war": _("Advance on the war track and/or attack"),
    "feed": _("Spend food: +1 to a citizen or +1 on the war track for each"),
    "temple": _("Choose the temple to climb (1 stone, 2 steps, its zodiac card)"),
    "temple_extra": _("You may pay 1 gold to advance 1 on another temple"),
    "temple_step": _("Choose the temple to advance 1 on"),
    "take_citizen": _("Choose a citizen die from the row"),
    "take_speaker": _("Choose a speaker die"),
    "sagittarius": _("Sagittarius: add 1 to the die you took?"),
    "buy": _("Choose a building to buy (or to build as a farm)"),
    "place": _("Choose where the tile goes in your city"),
    "reserve": _("Construction Site: choose a building to set aside"),
    "veteran": _("Veterans' Quarter: choose a red citizen"),
    "court": _("Courthouse: choose the citizen to change"),
    "court_colour": _("Courthouse: choose its new colour"),
    "starship": _("Fountain of Wisdom: choose a starship to set to 1"),
    "ritual": _("Ritual Gate: choose a citizen to raise"),
    "capricorn": _("Capricorn: you may add 2 to a citizen"),
    "mage": _("Mage's Tower: choose an adjacent building to copy"),
    "tower": _("Choose the tower to build"),
    "centre": _("Choose the district to close"),
    "close_die": _("Choose the citizen for the power centre"),
    "district_card": _("Choose the district card to score"),
    "activate": _("Choose the next building to activate"),
    "draft": _("Choose a starting citizen die"),
    "solo_remove": _("Choose which of the highest dice returns to the supply"),
    "solo_keep": _("Choose the two starting dice to keep"),
}


def prompt(state: State, seat: str | None) -> Msg:
    """The current decision in words, as ``seat`` should read it."""
    if state.phase == OVER:
        return _("The game is over")
    acting = _seat(state)
    if not state.pending:
        return _("Waiting")
    if seat != acting:
        if state.phase == DRAFT:
            return _("Waiting for {seat} to pick a starting die", seat=Seat(acting))
        return _("Waiting for {seat} to play", seat=Seat(acting))
    step = state.pending[0]
    if step.kind == "zone":
        return _("Choose the contact zone to visit")
    return _PROMPTS.get(step.kind, _("Choose"))
