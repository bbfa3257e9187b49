"""``narrate``: each event in one sentence a player enjoys reading, from its payload and the
state before it ("p2 sent the red 2 to zone 3, paying 1 wisdom; its starship rose to 4").

Every seat and a spectator see the same board (:mod:`.view`), so every reader reads the same
sentence. What no one sees is never told: the building stacks below their face-up tops (the
shuffle's order, a farm's tile sent under its stack) and a farm's face-down building. The
engine's bookkeeping (whose turn starts, the steps waiting) is told as "".
"""

from __future__ import annotations

from collections.abc import Callable

from engine.contract import Event
from engine.games.origins_first_builders import events as E
from engine.games.origins_first_builders import words
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
from engine.games.origins_first_builders.flow import reason_words
from engine.games.origins_first_builders.moves import (
    building_name,
    die_words,
    pattern_words,
    the_building,
)
from engine.games.origins_first_builders.scoring import standing
from engine.games.origins_first_builders.state import Player, State
from engine.games.origins_first_builders.tracks import holds
from engine.games.origins_first_builders.words import _, n_, p_
from engine.kit.events import Teller
from engine.kit.words import Listing, Msg, Seat

RESOURCE_ORDER = ("stone", "food", "wisdom", "gold")
BUILDING_NAMES: dict[str, Msg] = {str(b.name): b.name for b in BUILDING.values()}
"""A building as an event names it (its English name) and as a message."""

Text = Msg | str


# ---------------------------------------------------------------- words


def _amounts(amounts: dict[str, int]) -> Listing:
    return words.amounts(amounts, RESOURCE_ORDER)


def _the(kind: str) -> Msg:
    return the_building(kind)


def _temple(temple: str) -> Msg:
    return _("the {temple} temple", temple=TEMPLE_NAMES[temple])


def _zodiac(card: str) -> Msg:
    return ZODIAC_CARD[card].name


def _card(card: str) -> Msg:
    """A district card as the move labels write it: its id and its three buildings."""
    return _("{card} ({pattern})", card=card, pattern=pattern_words(DISTRICT[card].pattern))


def _die(player: Player, index: int) -> Msg:
    c = player.citizens[index]
    return die_words(c.colour, c.value)


def _disc(disc: str) -> Text:
    return _("the dummy disc") if disc == SOLO_DUMMY else Seat(disc)


def _near(player: Player, x: int, y: int) -> Msg:
    """Where a tile goes: its cell and the buildings beside it (a farm by that name only)."""
    cells = grid(player)
    near = [
        _("a farm") if cells[n].farm else _the(cells[n].kind)
        for n in neighbours((x, y))
        if n in cells
    ]
    if near:
        return _("({x}, {y}), next to {near}", x=x, y=y, near=Listing(tuple(near)))
    return _("({x}, {y})", x=x, y=y)


def _dice(dice: list[Msg]) -> Text:
    """Dice one after another: "red 3, blue 2"."""
    return words.joined(dice)


# ---------------------------------------------------------------- setup (ru «Подготовка к игре»)


def _game_set_up(state: State | None, e: Event) -> Text:
    seats = list(e["seats"])
    if e.get("solo"):
        return _(
            "{seat} began a solo training game of Origins: First Builders", seat=Seat(seats[0])
        )
    return _(
        "A game of Origins: First Builders began for {seats}",
        seats=Listing(tuple(Seat(s) for s in seats)),
    )


def _bonus_tiles_placed(state: State, e: Event) -> Text:
    # ru steps 3-4: a bonus tile under each zone, its starship set to 1.
    return _(
        "The bonus tiles went under contact zones 1 to {n}: {tiles}; every starship starts at 1",
        n=len(e["tiles"]),
        tiles=words.joined(words.colour(t) for t in e["tiles"]),
    )


def _zodiac_cards_placed(state: State, e: Event) -> Text:
    placed = [
        _("{card} on the {temple} temple", card=_zodiac(c), temple=TEMPLE_NAMES[t])
        for t, c in zip(TEMPLES, e["cards"], strict=False)
    ]
    return _("The temples took their zodiac cards: {cards}", cards=Listing(tuple(placed)))


def _building_stacks_shuffled(state: State, e: Event) -> Text:
    counts = {len(stack) for stack in e["stacks"].values()}
    stacks = len(e["stacks"])
    if len(counts) == 1:
        return n_(
            "The building tiles were shuffled face down into {stacks} stacks by colour, "
            "{n} tile each",
            "The building tiles were shuffled face down into {stacks} stacks by colour, "
            "{n} tiles each",
            n=counts.pop(),
            stacks=stacks,
        )
    return _(
        "The building tiles were shuffled face down into {stacks} stacks by colour", stacks=stacks
    )


def _building_row_laid(state: State, e: Event) -> Text:
    names = [building_name(k) for k in e["row"]]
    return _(
        "The building row was laid from the stack tops, top to bottom: {buildings}",
        buildings=words.joined(names),
    )


def _citizen_row_rolled(state: State, e: Event) -> Text:
    dice = [die_words(c, v) for c, v in e["dice"]]
    return _("The citizen row was rolled, left to right: {dice}", dice=_dice(dice))


def _speakers_rolled(state: State, e: Event) -> Text:
    return _(
        "The speaker dice were rolled: {values}",
        values=words.joined(str(v) for v in e["values"]),
    )


def _district_cards_dealt(state: State, e: Event) -> Text:
    cards = [_card(c) for c in e["cards"]]
    return _(
        "District cards dealt, {gold} on each: {cards}",
        gold=words.amount("gold", DISTRICT_GOLD),
        cards=words.joined(cards),
    )


def _first_player_chosen(state: State, e: Event) -> Text:
    if state.solo:
        return _(
            "{seat} plays first, a dummy disc beside theirs on the war track", seat=Seat(e["seat"])
        )
    return _("{seat} was drawn to play first", seat=Seat(e["seat"]))


def _draft_pool_rolled(state: State, e: Event) -> Text:
    dice = [die_words(c, v) for c, v in e["dice"]]
    return n_(
        "{n} starting die was rolled for the draft: {dice}; picking order {order}",
        "{n} starting dice were rolled for the draft: {dice}; picking order {order}",
        n=len(dice),
        dice=_dice(dice),
        order=words.joined(Seat(s) for s in e["order"]),
    )


def _solo_dice_rolled(state: State, e: Event) -> Text:
    # ru «Одиночный режим»: the two highest go back, then two of the other three are kept.
    dice = [die_words(c, v) for c, v in e["dice"]]
    return _(
        "{seat}'s starting dice were rolled: {dice}; "
        "the two highest go back, then two of the other three are kept",
        seat=Seat(state.seats[0]),
        dice=_dice(dice),
    )


def _die_drafted(state: State, e: Event) -> Text:
    die = die_words(e["colour"], e["value"])
    if state.solo:
        return _("{seat} kept the {die} as a starting citizen", seat=Seat(e["seat"]), die=die)
    return _("{seat} took the {die} as a starting citizen", seat=Seat(e["seat"]), die=die)


def _solo_die_removed(state: State, e: Event) -> Text:
    return _(
        "The {die}, one of the highest, went back to the supply",
        die=die_words(e["colour"], e["value"]),
    )


def _draft_ended(state: State, e: Event) -> Text:
    left = [die_words(c, v) for c, v in e["returned"]]
    if not left:
        return ""
    dice: Text = left[0]
    for other in left[1:]:
        dice = _("{first} and the {then}", first=dice, then=other)
    return _("The {dice} left over went back to the supply", dice=dice)


# ---------------------------------------------------------------- rounds and turns


def _round_started(state: State, e: Event) -> Text:
    return _("Round {round} began; {seat} plays first", round=e["round"], seat=Seat(e["first"]))


def _token_spent(state: State, e: Event) -> Text:
    if e["use"] == "freeze":
        return _(
            "{seat} spent a superiority token: no starship moves this turn", seat=Seat(e["seat"])
        )
    return _("{seat} spent a superiority token for one more action", seat=Seat(e["seat"]))


def _passed(state: State, e: Event) -> Text:
    return _("{seat} passed for the rest of the round", seat=Seat(e["seat"]))


def _points(n: int) -> Msg:
    return n_("{n} point", "{n} points", n=n)


def _game_ended(state: State, e: Event) -> Text:
    """ru «Конец игры и подсчёт очков»: the reasons, then the final count."""
    result = standing(state)
    scores = result["scores"]
    ranking = result["ranking"]
    winners = ranking[0]
    top = scores[winners[0]]
    head: Msg
    if state.solo:
        head = _("{seat} finished with {points}", seat=Seat(winners[0]), points=_points(top))
    elif len(winners) == 1:
        head = _("{seat} won with {points}", seat=Seat(winners[0]), points=_points(top))
    else:
        head = _(
            "{seats} shared the win with {points}",
            seats=Listing(tuple(Seat(s) for s in winners)),
            points=_points(top),
        )
    if result["tie_break"] == "most buildings in the city":
        head = _("{result} (ties broken by most buildings in the city)", result=head)
    reasons = words.joined((reason_words(r) for r in e["reasons"]), "; ")
    rest = [
        _("{seat} {score}", seat=Seat(s), score=scores[s]) for group in ranking[1:] for s in group
    ]
    if rest:
        return _(
            "The game ended ({reasons}): {result}; {others}",
            reasons=reasons,
            result=head,
            others=words.joined(rest),
        )
    return _("The game ended ({reasons}): {result}", reasons=reasons, result=head)


# ---------------------------------------------------------------- resources and points


def _took(why: str, seat: str, gained: Listing) -> Msg:
    """ "{seat} took 3 stone", and where it came from."""
    a = {"seat": Seat(seat), "amounts": gained}
    if why == "bonus":
        return _("{seat} took {amounts} (bonus action)", **a)
    if why == "Pisces":
        return _("{seat} took {amounts} for the bonus action (Pisces)", **a)
    if why == "attack":
        return _("{seat} took {amounts} as the attack's reward", **a)
    if why == "Gemini":
        return _("{seat} took {amounts} for the war disc's fall back (Gemini)", **a)
    if why == "Scorpio":
        return _("{seat} took {amounts} (Scorpio)", **a)
    if why == "agora":
        return _("{seat} took {amounts} from the Agora", **a)
    if why == "workshop":
        return _("{seat} took {amounts} from the Workshop", **a)
    return _("{seat} took {amounts}", **a)


def _paid(why: str, seat: str, paid: Listing) -> Msg:
    a = {"seat": Seat(seat), "amounts": paid}
    if why == "bonus action":
        return _("{seat} paid {amounts} for the bonus action", **a)
    if why == "citizen die":
        return _("{seat} paid {amounts} for a citizen die", **a)
    if why == "building":
        return _("{seat} paid {amounts} for the building", **a)
    if why == "Aquarius":
        return _("{seat} paid {amounts} for a step on another temple (Aquarius)", **a)
    return _("{seat} paid {amounts}", **a)


def _resources(state: State, e: Event) -> Text:
    seat, why = e["seat"], str(e.get("why", ""))
    gained = {r: e[r] for r in RESOURCE_ORDER if e.get(r, 0) > 0}
    paid = {r: -e[r] for r in RESOURCE_ORDER if e.get(r, 0) < 0}
    if gained and paid:
        turned = {"seat": Seat(seat), "paid": _amounts(paid), "gained": _amounts(gained)}
        if why == "attack":
            return _("{seat} turned {paid} into {gained} as the attack's reward", **turned)
        return _("{seat} turned {paid} into {gained}", **turned)
    if paid:
        if why == "spend food":
            if "food" not in paid:
                return _(
                    "{seat} spent {amounts} in place of food",
                    seat=Seat(seat),
                    amounts=_amounts(paid),
                )
            return _("{seat} spent {amounts}", seat=Seat(seat), amounts=_amounts(paid))
        if why == "temple":
            if set(paid) == {"gold"}:
                return _(
                    "{seat} paid {amounts} for a step on another temple",
                    seat=Seat(seat),
                    amounts=_amounts(paid),
                )
            return _(
                "{seat} paid {amounts} for the temple", seat=Seat(seat), amounts=_amounts(paid)
            )
        return _paid(why, seat, _amounts(paid))
    if why in BUILDING_NAMES:
        return _(
            "{seat}'s {building} gave {amounts}",
            seat=Seat(seat),
            building=BUILDING_NAMES[why],
            amounts=_amounts(gained),
        )
    return _took(why, seat, _amounts(gained))


def _scored(state: State, e: Event) -> Text:
    why = str(e.get("why", ""))
    points = words.vp(e["points"])
    if why in BUILDING_NAMES:
        return _(
            "{seat}'s {building} scored {points}",
            seat=Seat(e["seat"]),
            building=BUILDING_NAMES[why],
            points=points,
        )
    if why:
        return _("{seat} scored {points} ({why})", seat=Seat(e["seat"]), points=points, why=why)
    return _("{seat} scored {points}", seat=Seat(e["seat"]), points=points)


# ---------------------------------------------------------------- contact zones


def _worker_sent(state: State, e: Event) -> Text:
    """ru «Посетить зону контакта»: wisdom (or gold) makes up the difference; the starship
    gains 1, a 6 turning to 1."""
    seat, zone = e["seat"], e["zone"]
    who: Msg
    if e["worker"] == "citizen":
        who = _("the {die}", die=_die(state.player(seat), e["index"]))
    elif e["worker"] == "speaker":
        who = _("a speaker die showing {value}", value=e["value"])
    else:
        who = _("their archon")
    a: dict[str, object] = {"seat": Seat(seat), "who": who, "zone": zone + 1}
    cost = {"wisdom": e.get("wisdom", 0), "gold": e.get("gold", 0)}
    if any(cost.values()):
        a["cost"] = _amounts(cost)
    if "starship" in e:
        old, new = state.zones[zone], e["starship"]
        if new == old + 1:
            a["starship"] = _("its starship rose to {new}", new=new)
        else:
            a["starship"] = _("its starship went from {old} to {new}", old=old, new=new)
    if "cost" in a and "starship" in a:
        return _("{seat} sent {who} to zone {zone}, paying {cost}; {starship}", **a)
    if "cost" in a:
        return _("{seat} sent {who} to zone {zone}, paying {cost}", **a)
    if "starship" in a:
        return _("{seat} sent {who} to zone {zone}; {starship}", **a)
    return _("{seat} sent {who} to zone {zone}", **a)


def _starship_set(state: State, e: Event) -> Text:
    zone = e["zone"]
    old, new = state.zones[zone], e["value"]
    if new == old + 1:
        return _("Zone {zone}'s starship rose to {new}", zone=zone + 1, new=new)
    return _("Zone {zone}'s starship went from {old} to {new}", zone=zone + 1, old=old, new=new)


# ---------------------------------------------------------------- war and temples


def _war_moved(state: State, e: Event) -> Text:
    """ru «Продвинуться по шкале войны»: a superiority token per milestone crossed, 9 VP on
    the last space."""
    a = {"seat": Seat(e["seat"]), "spaces": e["spaces"], "to": e["to"]}
    tokens = e.get("tokens", 0)
    text: Msg
    if tokens:
        text = n_(
            "{seat} advanced {spaces} on the war track, to space {to}, "
            "crossing a milestone: {n} superiority token",
            "{seat} advanced {spaces} on the war track, to space {to}, "
            "crossing {n} milestones: {n} superiority tokens",
            n=tokens,
            **a,
        )
    else:
        text = _("{seat} advanced {spaces} on the war track, to space {to}", **a)
    if e.get("points"):
        return _(
            "{advance}; the last space scores {points}",
            advance=text,
            points=words.vp(e["points"]),
        )
    return text


def _attacked(state: State, e: Event) -> Text:
    """ru «Провести атаку»: 1 VP per disc behind and per milestone passed; Aries adds 1 VP
    per red die."""
    parts = []
    if e.get("behind"):
        parts.append(n_("{n} disc behind", "{n} discs behind", n=e["behind"]))
    if e.get("milestones"):
        parts.append(n_("{n} milestone passed", "{n} milestones passed", n=e["milestones"]))
    if e.get("aries"):
        parts.append(n_("{n} red die (Aries)", "{n} red dice (Aries)", n=e["aries"]))
    points = words.vp(e["points"]) if e["points"] else _("no VP")
    if parts:
        return _(
            "{seat} attacked from space {space} of the war track: {points} for {reasons}",
            seat=Seat(e["seat"]),
            space=e["space"],
            points=points,
            reasons=Listing(tuple(parts)),
        )
    return _(
        "{seat} attacked from space {space} of the war track: {points}",
        seat=Seat(e["seat"]),
        space=e["space"],
        points=points,
    )


def _war_retreated(state: State, e: Event) -> Text:
    """ru «Конец раунда» 3: every disc back to the space past its last milestone."""
    before = dict(state.war)
    moved = [
        _("{disc} to {space}", disc=_disc(d), space=_space(s))
        for d, s in e["war"]
        if before.get(d, s) != s
    ]
    if not moved:
        return _("The war discs stayed where they were")
    return _("The war discs fell back to their last milestone: {discs}", discs=words.joined(moved))


def _space(space: int) -> Msg:
    return _("the start") if space == WAR_START else _("space {n}", n=space)


def _temple_moved(state: State, e: Event) -> Text:
    if e["to"] >= TEMPLE_TOP:
        to = _("the top (step {step})", step=e["to"])
    else:
        to = _("step {step}", step=e["to"])
    return n_(
        "{seat} climbed {n} step on the {temple} temple, to {to}",
        "{seat} climbed {n} steps on the {temple} temple, to {to}",
        n=e["steps"],
        seat=Seat(e["seat"]),
        temple=TEMPLE_NAMES[e["temple"]],
        to=to,
    )


def _zodiac_owner(state: State, temple: str) -> str | None:
    return state.zodiac_owner[TEMPLES.index(temple)]


def _zodiac_taken(state: State, e: Event) -> Text:
    """ru «Продвинуться по шкале храма»: the card comes with the climb, even from behind."""
    owner = _zodiac_owner(state, e["temple"])
    a = {"seat": Seat(e["seat"]), "temple": TEMPLE_NAMES[e["temple"]], "card": _zodiac(e["card"])}
    if owner and owner != e["seat"]:
        return _(
            "{seat} took the {temple} temple's zodiac card, {card}, from {owner}",
            owner=Seat(owner),
            **a,
        )
    return _("{seat} took the {temple} temple's zodiac card, {card}", **a)


def _zodiac_awarded(state: State, e: Event) -> Text:
    """ru «Конец раунда» 4: each temple's leader takes its zodiac card."""
    owner = _zodiac_owner(state, e["temple"])
    a = {"seat": Seat(e["seat"]), "temple": TEMPLE_NAMES[e["temple"]], "card": _zodiac(e["card"])}
    if owner and owner != e["seat"]:
        return _(
            "{seat} leads on the {temple} temple and takes {card} from {owner}",
            owner=Seat(owner),
            **a,
        )
    return _("{seat} leads on the {temple} temple and takes {card}", **a)


# ---------------------------------------------------------------- buildings


def _building_taken(state: State, e: Event) -> Text:
    """ru «Купить здание» 5-6: the row moves up, the stack's top fills the bottom slot and
    the next tile of the stack is turned face up."""
    seat, kind = e["seat"], e["kind"]
    colour = words.colour_f(BUILDING[kind].colour)
    a = {"seat": Seat(seat), "building": building_name(kind), "slot": e["slot"] + 1}
    if e["to"] == "reserve":
        text = _("{seat} set the {building} aside from slot {slot} (Construction Site)", **a)
    else:
        text = _("{seat} took the {building} from slot {slot} of the building row", **a)
    refill, revealed = e.get("refill"), e.get("revealed")
    if refill is None:
        return _("{taken}; the {colour} stack is empty", taken=text, colour=colour)
    moved = _one(refill, (kind,))
    if revealed is None:
        return _(
            "{taken}; {tile} moved into the row, the last of the {colour} stack",
            taken=text,
            tile=moved,
            colour=colour,
        )
    return _(
        "{taken}; {tile} moved into the row and {next} turned up on the {colour} stack",
        taken=text,
        tile=moved,
        next=_one(revealed, (kind, refill)),
        colour=colour,
    )


def _one(kind: str, named: tuple[str, ...]) -> Msg:
    """A tile, as "another" one when a tile of its kind was just named."""
    if kind in named:
        return _("another {building}", building=building_name(kind))
    return _the(kind)


def _reserve_used(state: State, e: Event) -> Text:
    return _(
        "{seat} brought out the {building} they had set aside",
        seat=Seat(e["seat"]),
        building=building_name(e["kind"]),
    )


def _building_placed(state: State, e: Event) -> Text:
    seat, x, y = e["seat"], e["x"], e["y"]
    where = _near(state.player(seat), x, y)
    if e.get("farm"):
        return _(
            "{seat} built a farm (the tile face down) at {where}", seat=Seat(seat), where=where
        )
    return _(
        "{seat} built the {building} at {where}",
        seat=Seat(seat),
        building=building_name(e["kind"]),
        where=where,
    )


def _farm_replaced(state: State, e: Event) -> Text:
    """Virgo: the farm's tile goes face down under its stack (which tile stays unsaid)."""
    return _(
        "{seat} cleared the farm at ({x}, {y}) to build there for free "
        "(Virgo); its tile went face down under its stack",
        seat=Seat(e["seat"]),
        x=e["x"],
        y=e["y"],
    )


# ---------------------------------------------------------------- citizens and speakers


def _citizen_taken(state: State, e: Event) -> Text:
    seat = e["seat"]
    a = {"seat": Seat(seat), "die": die_words(e["colour"], e["value"]), "slot": e["slot"] + 1}
    if state.player(seat).passed and holds(state, seat, "cancer"):
        return _("{seat} took the {die} from slot {slot} of the citizen row for free (Cancer)", **a)
    return _("{seat} took the {die} from slot {slot} of the citizen row", **a)


def _row_refilled(state: State, e: Event) -> Text:
    return _(
        "A new {colour} die was rolled for the citizen row: {value}",
        colour=words.colour(e["colour"]),
        value=e["value"],
    )


def _row_refill_failed(state: State, e: Event) -> Text:
    # ru «Конец игры»: no die of the colour for the row ends the game with the round.
    return _(
        "The supply had no {colour} die left for the citizen row: the game ends with this round",
        colour=words.colour(e["colour"]),
    )


def _speaker_taken(state: State, e: Event) -> Text:
    if "zone" in e:
        return _(
            "{seat} took the speaker die showing {value} from zone {zone}",
            seat=Seat(e["seat"]),
            value=e["value"],
            zone=e["zone"] + 1,
        )
    return _("{seat} took a speaker die showing {value}", seat=Seat(e["seat"]), value=e["value"])


def _speaker_set(state: State, e: Event) -> Text:
    return _(
        "{seat} turned their speaker die from {old} to {value} (Sagittarius)",
        seat=Seat(e["seat"]),
        old=e["old"],
        value=e["value"],
    )


def _citizen_set(state: State, e: Event) -> Text:
    seat = e["seat"]
    return _(
        "{seat}'s {die} became a {value}",
        seat=Seat(seat),
        die=_die(state.player(seat), e["index"]),
        value=e["value"],
    )


def _citizen_recoloured(state: State, e: Event) -> Text:
    seat = e["seat"]
    citizen = state.player(seat).citizens[e["index"]]
    return _(
        "{seat}'s {die} became a {now} (Courthouse)",
        seat=Seat(seat),
        die=_die(state.player(seat), e["index"]),
        now=die_words(e["colour"], citizen.value),
    )


def _dice_returned(state: State, e: Event) -> Text:
    """ru «Спасовать»: citizens of 1-5 come home 1 higher; the archon comes home."""
    seat = e["seat"]
    player = state.player(seat)
    grown = []
    for i, value in e["citizens"]:
        c = player.citizens[i]
        grown.append(_("{die} → {value}", die=die_words(c.colour, c.value), value=value))
    archon = e.get("archon")
    if not grown:
        if archon:
            return _("{seat}'s archon came home", seat=Seat(seat))
        return _("{seat} had no dice to take back", seat=Seat(seat))
    dice = words.joined(grown)
    if archon:
        return _(
            "{seat} took their dice back, each citizen 1 higher: {dice}; the archon came home too",
            seat=Seat(seat),
            dice=dice,
        )
    return _(
        "{seat} took their dice back, each citizen 1 higher: {dice}", seat=Seat(seat), dice=dice
    )


def _advisor_made(state: State, e: Event) -> Text:
    """ru «Советники»: a new colour joins the track (and the archon's colours); a colour
    already there scores the rightmost cell and its die goes back to the supply."""
    seat = e["seat"]
    a = {
        "seat": Seat(seat),
        "die": _die(state.player(seat), e["index"]),
        "colour": words.colour(e["colour"]),
    }
    if e["placed"]:
        return _("{seat}'s {die} became an advisor: {colour} joins their advisor track", **a)
    return _(
        "{seat}'s {die} became an advisor, but {colour} is on their track already: "
        "{points}, and the die went back to the supply",
        points=words.vp(e["points"]),
        **a,
    )


def _speakers_returned(state: State, e: Event) -> Text:
    """ru «Конец раунда» 1: the speakers used grow by 1; a 5 is rolled again."""
    row = words.joined(str(v) for v in e["row"])
    text = _(
        "The speaker dice used this round came back to the row 1 higher; it shows {values}",
        values=row,
    )
    rerolled = [str(v) for v in e.get("rerolled", ())]
    if rerolled:
        return n_(
            "{returned} (a 5 was rolled again: {values})",
            "{returned} ({n} fives were rolled again: {values})",
            n=len(rerolled),
            returned=text,
            values=Listing(tuple(rerolled)),
        )
    return text


# ---------------------------------------------------------------- districts, towers, bases


def _district_closed(state: State, e: Event) -> Text:
    seat = e["seat"]
    player = state.player(seat)
    citizen = player.citizens[e["index"]]
    a = {
        "seat": Seat(seat),
        "x": e["x"],
        "y": e["y"],
        "die": die_words(citizen.colour, citizen.value),
    }
    if e["value"] != citizen.value:
        return _(
            "{seat} closed the district at ({x}, {y}) with the {die} in its power centre "
            "(Leo made it a {value})",
            value=e["value"],
            **a,
        )
    return _("{seat} closed the district at ({x}, {y}) with the {die} in its power centre", **a)


def _district_scored(state: State, e: Event) -> Text:
    a: dict[str, object] = {
        "seat": Seat(e["seat"]),
        "card": _card(e["card"]),
        "points": words.vp(e["points"]),
    }
    again = not e.get("first", True)
    if e.get("gold"):
        a["gold"] = words.amount("gold", e["gold"])
        if again:
            return _("{seat} matched district card {card} again: {points} and {gold}", **a)
        return _("{seat} matched district card {card}: {points} and {gold}", **a)
    if again:
        return _("{seat} matched district card {card} again: {points}", **a)
    return _("{seat} matched district card {card}: {points}", **a)


def _tower_built(state: State, e: Event) -> Text:
    return _(
        "{seat} built their {colour} tower to level {level}, paying {gold}",
        seat=Seat(e["seat"]),
        colour=words.colour_f(e["colour"]),
        level=e["level"],
        gold=words.amount("gold", e["gold"]),
    )


def _population_increased(state: State, e: Event) -> Text:
    """ru «Увеличить население»: the food over the leftmost base; 10 VP for the last."""
    seat = e["seat"]
    bases = state.player(seat).bases + 1
    cost = {"food": e.get("food", 0), "gold": e.get("gold", 0)}
    paid: Msg | Listing = _amounts(cost) if any(cost.values()) else _("nothing")
    text = n_(
        "{seat} grew their population to {n} base, paying {paid}",
        "{seat} grew their population to {n} bases, paying {paid}",
        n=bases,
        seat=Seat(seat),
        paid=paid,
    )
    if e.get("points"):
        return _("{grown}; the last base scores {points}", grown=text, points=words.vp(e["points"]))
    return text


_TELLERS: dict[str, Callable[[State, Event], Text]] = {
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

BOOKKEEPING: dict[str, Msg] = {
    E.TURN_STARTED: p_("event", "turn started"),
    E.AWAITING: p_("event", "waiting for a decision"),
}
"""Events that change nothing a player sees: whose decision comes next, the steps queued;
the history names them (issue 32 §2)."""


def _to_everyone(teller: Callable[[State, Event], Text]) -> Teller:
    """Every seat and a spectator see the same board, so every reader reads the same
    sentence (see the module)."""
    return lambda state, event, seat: teller(state, event)


narrate = EVENTS.narration(
    {kind: _to_everyone(teller) for kind, teller in _TELLERS.items()}, bookkeeping=BOOKKEEPING
)
"""The sentence for an event, given the state before it ("" for bookkeeping)."""
