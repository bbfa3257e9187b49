"""Every event Origins: First Builders writes, declared once (DESIGN.md §10.3): the rules
emit them, the fold (:mod:`.fold`), the narration (:mod:`.narration`) and the takeback rule
(:mod:`.reveals`) read them, and the tests name them by these constants.

Rules: ``rules/origins-first-builders.ru.txt``; the sections are cited as it names them.
"""

from __future__ import annotations

from engine.kit.events import Vocabulary

EVENTS = Vocabulary("origins-first-builders")

# ---------------------------------------------------------------- setup («Подготовка к игре»)

GAME_SET_UP = EVENTS.declare("game_set_up")
"""The seats, and whether this is the solo training game («Одиночный режим»)."""
BONUS_TILES_PLACED = EVENTS.declare("bonus_tiles_placed")
"""Steps 3-4: a bonus tile under each contact zone; its starship takes the value 1."""
ZODIAC_CARDS_PLACED = EVENTS.declare("zodiac_cards_placed")
"""Step 5: a random zodiac card on each temple."""
BUILDING_STACKS_SHUFFLED = EVENTS.declare("building_stacks_shuffled")
"""Step 6: the building tiles in face-down stacks by colour."""
BUILDING_ROW_LAID = EVENTS.declare("building_row_laid")
"""Step 7: the stacks' tops shuffled onto the building row."""
CITIZEN_ROW_ROLLED = EVENTS.declare("citizen_row_rolled")
"""Step 8: one die of each colour rolled for the citizen row."""
SPEAKERS_ROLLED = EVENTS.declare("speakers_rolled")
"""Step 9: the speaker dice."""
DISTRICT_CARDS_DEALT = EVENTS.declare("district_cards_dealt")
"""Steps 10-12: district cards by player count, gold on each, tower tiers in the supply."""
FIRST_PLAYER_CHOSEN = EVENTS.declare("first_player_chosen")
"""Lost step 20 (a ruling, :mod:`.rulings`) and step 17: the first player; the discs on the
war track and the temples."""
DRAFT_POOL_ROLLED = EVENTS.declare("draft_pool_rolled")
"""Lost steps 21-23 (a ruling): the starting dice to draft, and the picking order."""
SOLO_DICE_ROLLED = EVENTS.declare("solo_dice_rolled")
"""«Одиночный режим»: one die of each colour, of which the solo player keeps two."""
DIE_DRAFTED = EVENTS.declare("die_drafted")
"""A starting citizen picked (the draft, or the solo player's keep)."""
SOLO_DIE_REMOVED = EVENTS.declare("solo_die_removed")
"""«Одиночный режим»: one of the two highest starting dice goes back."""
DRAFT_ENDED = EVENTS.declare("draft_ended")
"""The starting dice nobody took go back to the supply."""

# ---------------------------------------------------------------- rounds and turns («Ход игры»)

ROUND_STARTED = EVENTS.declare("round_started")
"""A round, and who plays first in it («Конец раунда» 2, 5)."""
TURN_STARTED = EVENTS.declare("turn_started")
"""Bookkeeping: whose turn begins («Действия игроков»)."""
AWAITING = EVENTS.declare("awaiting")
"""Bookkeeping: the steps of the turn still waiting, head first."""
TOKEN_SPENT = EVENTS.declare("token_spent")
"""«Жетоны превосходства»: one more main action, or (solo) no starship moves."""
PASSED = EVENTS.declare("passed")
"""«Спасовать»: out of the round."""
GAME_ENDED = EVENTS.declare("game_ended")
"""«Конец игры и подсчёт очков»: the reasons the last round was the last."""

# ---------------------------------------------------------------- resources and points

RESOURCES = EVENTS.declare("resources")
"""«Базовые ресурсы и золото»: resources gained (positive) or paid (negative), and why."""
SCORED = EVENTS.declare("scored")
"""Victory points, and why."""

# ---------------------------------------------------------------- contact zones

WORKER_SENT = EVENTS.declare("worker_sent")
"""«Посетить зону контакта»: a citizen, speaker or the archon in a zone; the starship +1."""
STARSHIP_SET = EVENTS.declare("starship_set")
"""A starship turned to a value: the solo raise («Одиночный режим»), the Fountain of Wisdom."""

# ---------------------------------------------------------------- war and temples

WAR_MOVED = EVENTS.declare("war_moved")
"""«Продвинуться по шкале войны»: a superiority token per milestone, VP on the last space."""
ATTACKED = EVENTS.declare("attacked")
"""«Провести атаку»: VP per disc behind and per milestone passed."""
WAR_RETREATED = EVENTS.declare("war_retreated")
"""«Конец раунда» 3: every disc back to the space past its last milestone."""
TEMPLE_MOVED = EVENTS.declare("temple_moved")
"""«Продвинуться по шкале храма»."""
ZODIAC_TAKEN = EVENTS.declare("zodiac_taken")
"""«Продвинуться по шкале храма»: the temple's card comes with the climb."""
ZODIAC_AWARDED = EVENTS.declare("zodiac_awarded")
"""«Конец раунда» 4: each temple's leader takes its card."""

# ---------------------------------------------------------------- buildings («Купить здание»)

BUILDING_TAKEN = EVENTS.declare("building_taken")
"""Steps 4-6: a tile leaves the row, the row moves up, the stack's next tile turns up."""
RESERVE_USED = EVENTS.declare("reserve_used")
"""A tile the Construction Site set aside is built."""
BUILDING_PLACED = EVENTS.declare("building_placed")
"""«Размещение зданий», «Строительство фермы»: a tile (or a farm) in the city."""
FARM_REPLACED = EVENTS.declare("farm_replaced")
"""Virgo: a farm's tile goes face down under its colour's stack."""

# ---------------------------------------------------------------- citizens and speakers

CITIZEN_TAKEN = EVENTS.declare("citizen_taken")
"""«Получить кубик жителя»: a die from the citizen row."""
ROW_REFILLED = EVENTS.declare("row_refilled")
"""«Получить кубик жителя»: a die of the same colour rolled into the row."""
ROW_REFILL_FAILED = EVENTS.declare("row_refill_failed")
"""«Конец игры»: no die of the colour left; the game ends with the round."""
SPEAKER_TAKEN = EVENTS.declare("speaker_taken")
"""«Ораторы»: a speaker die from the row; with ``zone``, from a contact zone (the Forum)."""
SPEAKER_SET = EVENTS.declare("speaker_set")
"""Sagittarius: a speaker die turned up by 1."""
CITIZEN_SET = EVENTS.declare("citizen_set")
"""«Увеличение значения граждан и ораторов», and the effects that turn a die."""
CITIZEN_RECOLOURED = EVENTS.declare("citizen_recoloured")
"""The Courthouse: a citizen die swapped for one of another colour."""
DICE_RETURNED = EVENTS.declare("dice_returned")
"""«Спасовать»: citizens of 1-5 come home 1 higher; the archon comes home."""
ADVISOR_MADE = EVENTS.declare("advisor_made")
"""«Советники»: a 6 joins the advisor track, or scores if its colour is there already."""
SPEAKERS_RETURNED = EVENTS.declare("speakers_returned")
"""«Конец раунда» 1: the speakers used come back 1 higher; a 5 is rolled again."""

# ---------------------------------------------------------------- districts, towers, bases

DISTRICT_CLOSED = EVENTS.declare("district_closed")
"""«Закрыть район»: a citizen in a 2x2 block's power centre."""
DISTRICT_SCORED = EVENTS.declare("district_scored")
"""«Закрыть район»: a district card matched, its VP and gold."""
TOWER_BUILT = EVENTS.declare("tower_built")
"""«Построить уровень башни»."""
POPULATION_INCREASED = EVENTS.declare("population_increased")
"""«Увеличить население»: a base, the food over it; 10 VP for the last."""
