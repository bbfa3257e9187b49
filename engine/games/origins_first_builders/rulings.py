"""Where the rulebook is silent or incomplete, and what this engine does (GAME-DATA.md).

Authority: ``origins-first-builders.ru.txt``. The service shows this list on the game's data
page beside the component data.
"""

from __future__ import annotations

RULINGS: list[dict[str, str]] = [
    {
        "topic": "The first player and the starting dice (the lost steps 20-23)",
        "choice": "The first player is drawn at random. Then 2 × players + 1 citizen dice are "
        "drawn at random from the supply (after the citizen row is laid) and rolled, sixes "
        "rolled again; the players draft them one at a time in a snake order that starts with "
        "the last player in turn order (last … first, first … last), each die going into one "
        "of the two starting bases. The die left over goes back to the supply.",
        "sources": "ru «Подготовка к игре» stops at step 19; «Одиночный режим» refers to "
        "«шаги 21-23» for the starting dice; reviews: players «draft two starting dice from a "
        "pool of colour and value options».",
    },
    {
        "topic": "The starting stacks on the tracks",
        "choice": "On the war track and on each temple the discs start in one stack, the "
        "first player's lowest, then in turn order (solo: the dummy disc on top). The stack "
        "only matters for the first player if nobody moves on the war track in round 1.",
        "sources": "ru step 17 places the discs, «Конец раунда» 2 and 4 read the stacks.",
    },
    {
        "topic": "Solo: speakers, dice and the fifth bonus tile",
        "choice": "Solo uses 1 speaker die and 6 citizen dice of each colour (3 of each back "
        "to the box), continuing the rulebook's 2/3/4 progression as its 3 district cards do. "
        "The fifth contact zone takes the one bonus tile the rulebook does not place: yellow.",
        "sources": "ru steps 2, 9, 10 and «Одиночный режим» (red, purple, blue, orange on "
        "zones 1-4; 3 district cards).",
    },
    {
        "topic": "Solo: removing the two highest starting dice",
        "choice": "The highest die goes back, then the highest of the rest. When several dice "
        "share the highest value, the player chooses which one goes back (a decision); when "
        "there is no tie nothing is asked. Then the player keeps 2 of the 3 left.",
        "sources": "ru «Одиночный режим» («при равенстве вы выбираете сами»).",
    },
    {
        "topic": "Solo: the dummy disc",
        "choice": "The dummy disc stays on the start of the war track. It counts as a disc "
        "behind you for attacks, but not for the Tiltyard, which counts players (ruleset "
        "ofb-2; under ofb-1 the Tiltyard counted it too); it is never the first player and "
        "takes no zodiac card.",
        "sources": "ru «Одиночный режим» («Возьмите диск игрока другого цвета и положите его "
        "на начальную клетку шкалы войны»); ru «Ристалище»: «за каждого игрока позади вас» "
        "(a player), where the attack gives a point «за каждый диск» (a disc).",
    },
    {
        "topic": "Solo: the superiority token's new use",
        "choice": "Offered when a starship would move during the visit; spent, it keeps every "
        "starship still for the rest of the turn. It is the turn's one token: that turn no "
        "token buys an extra action.",
        "sources": "ru «Одиночный режим» and «Жетоны превосходства» (one token per turn).",
    },
    {
        "topic": "Building colours",
        "choice": "Harbour, Market, … are yellow and Arsenal, Chariot Field, … red, as their "
        "effects count those colours; Castle, Construction Site, Courthouse, Manor, Forum and "
        "Idol Shrine are orange; the temples, Obelisk, Sanctuary and Statue purple; Gallery, "
        "the towers, Fountain, Ritual Gate and Healer's Estate blue.",
        "sources": "ru appendix «Жетоны зданий» lists six groups of six without colours.",
    },
    {
        "topic": "The Agora",
        "choice": "The Agora fires whenever a district containing it is closed, whatever the "
        "die's colour; its effect is «gain 1 basic resource» (PROVISIONAL). The Palace has "
        "no effect.",
        "sources": "ru «Закрыть район» («включая площадь, если она находится в этом районе»); "
        "«На жетоне дворца нет эффекта». The Agora's text is not transcribed.",
    },
    {
        "topic": "Paying with gold",
        "choice": "A cost is paid with the named resource first and gold only for what is "
        "missing: gold is worth a point at the end and can pay for anything, so keeping it "
        "never hurts. Tower levels are paid in gold only.",
        "sources": "ru «Базовые ресурсы и золото» (gold is a joker), «Построить уровень башни».",
    },
    {
        "topic": "Which citizens age when passing",
        "choice": "Only the citizens coming back from contact zones gain 1 (a 6 becomes an "
        "advisor); citizens that stayed beside the board keep their value.",
        "sources": "ru «Спасовать» and «Увеличить население» («когда кубик жителя со "
        "значением «6» возвращается из зоны контакта»).",
    },
    {
        "topic": "Order of new advisors",
        "choice": "Several sixes coming back become advisors new colours first, then the "
        "repeated colours, which score the rightmost occupied cell: the order that scores "
        "most, so nothing is asked.",
        "sources": "ru «Спасовать» («по одному забираете»), «Советники».",
    },
    {
        "topic": "Raising a 6",
        "choice": "An effect that adds to a citizen without a cap (spending food, Ritual Gate) "
        "adds one pip at a time; a 6 that gains one more becomes an advisor. Effects capped at "
        "6 (Sagittarius, Capricorn, Leo) never do. Scorpio pays only for the pass's ageing.",
        "sources": "ru «Увеличение значения граждан и ораторов»; Scorpio's clarification («не "
        "срабатывает, когда другое свойство позволяет увеличить значение кубика»).",
    },
    {
        "topic": "Falling back on the war track",
        "choice": "A disc goes back to the space just past the last milestone it passed, and "
        "keeps that milestone (so each milestone gives each player one superiority token: "
        "20 tokens for 4 players and 5 milestones). A disc that passed no milestone goes back "
        "to the start. A disc on the last space stays there for good.",
        "sources": "ru «Конец раунда» 3, «Шкала войны» («Теперь ваш диск … не может никуда "
        "двигаться»); 20 superiority tokens (SOURCE).",
    },
    {
        "topic": "Zodiac cards at the end of a round",
        "choice": "A temple's card goes to its leader only when that disc has left the start.",
        "sources": "ru «Конец раунда» 4 («диск которого находится впереди других»).",
    },
    {
        "topic": "District cards",
        "choice": "Points are per player: a player's first score of a card gives its higher "
        "number, every later score by that player the lower one. The gold above a card goes to "
        "whoever scores it first. Coloured buildings of the pattern need a building of that "
        "colour (never a farm, the Agora or the Palace); the card may be turned and mirrored.",
        "sources": "ru «Закрыть район».",
    },
    {
        "topic": "Building effects that may be declined",
        "choice": "Effects with nothing to lose apply at once; effects with a choice (Veterans, "
        "Courthouse, Manor, Construction Site, Fountain, Ritual Gate, Mage's Tower, the gold "
        "step of the temples) offer «Skip». Cancer's free die is compulsory, Libra's optional.",
        "sources": "ru «Размещение зданий» («вы можете применить его эффект»), card texts.",
    },
    {
        "topic": "Mage's Tower",
        "choice": "It copies an adjacent building with an effect (the Agora included), never a "
        "farm, the Palace or another Mage's Tower. A copied Quarry counts the empty spaces "
        "around the Quarry itself.",
        "sources": "ru «Башня мага» («Используйте эффект любого из соседних зданий»).",
    },
    {
        "topic": "Veterans' Quarter on a 1",
        "choice": "A red 1 scores 1 VP and stays a 1 (a die has no 0).",
        "sources": "ru «Ветеранская община».",
    },
    {
        "topic": "Courthouse",
        "choice": "The citizen's die is exchanged for a die of the new colour from the supply, "
        "same value; a colour with no die in the supply cannot be chosen.",
        "sources": "ru «Суд» («Поменяйте цвет … не меняя его значение»).",
    },
    {
        "topic": "Forum",
        "choice": "Any one speaker on the board: from the speaker row, or one sent to a "
        "contact zone this round (it stays its taker's; the zone's starship keeps its value). "
        "Ruleset ofb-2; under ofb-1 only the row was offered. The bonus action «Получить 1 "
        "оратора» still takes from the row.",
        "sources": "ru «Форум»: «Бесплатно возьмите любого одного оратора с поля»; the "
        "board holds the row («положите их в ряд ораторов на игровом поле») and the zones: "
        "at the end of the round «Верните все кубики ораторов с поля в ряд ораторов». The "
        "bonus action's own text: «Возьмите кубик из ряда ораторов».",
    },
    {
        "topic": "Superiority tokens",
        "choice": "After a main action other than passing, a token buys one more main action; "
        "that action may be passing. One token per turn.",
        "sources": "ru «Жетоны превосходства» («Потратив жетон, вы можете сразу спасовать»).",
    },
    {
        "topic": "Gemini",
        "choice": "When passing, the holder gains a basic resource of their choice for each "
        "space their war disc will fall back at the end of the round (it cannot move after "
        "the pass).",
        "sources": "ru «Близнецы» and its clarification.",
    },
    {
        "topic": "Aquarius and the temple buildings",
        "choice": "A temple building offers its own «1 gold: 1 step on another temple», and "
        "Aquarius one more; the main temple action offers Aquarius's.",
        "sources": "ru «Водолей» clarification.",
    },
    {
        "topic": "Construction Site",
        "choice": "The tile set aside can be built (for its stone, no wisdom) or built as a "
        "farm during any later building purchase, instead of a tile of the row.",
        "sources": "ru «Строительная площадка».",
    },
    {
        "topic": "Virgo",
        "choice": "The new building takes a farm's place for free; the farm's tile goes face "
        "down under its colour's stack (face up if that stack was empty).",
        "sources": "ru «Дева» and its clarification.",
    },
    {
        "topic": "Empty rows",
        "choice": "A building row slot whose colour's stack is empty stays empty. A citizen "
        "row that cannot be refilled keeps an empty slot, and the game ends at the end of the "
        "round.",
        "sources": "ru «Купить здание» 6, «Конец игры».",
    },
    {
        "topic": "Speakers at the end of a round",
        "choice": "Speakers still held by a player stay with them; those used this round go "
        "back to the row with 1 more, a 5 rolled again.",
        "sources": "ru «Ораторы» («Оратор остаётся у вас, пока вы не используете его»), "
        "«Конец раунда» 1.",
    },
    {
        "topic": "Capricorn",
        "choice": "Any citizen may gain the 2, beside the board or in a contact zone (never a "
        "die in a power centre).",
        "sources": "ru «Козерог» («одного своего любого гражданина»).",
    },
    {
        "topic": "Tie-break",
        "choice": "Most tiles in the city (farms, the Agora and the Palace included); "
        "otherwise a shared place.",
        "sources": "ru «Подсчёт очков» («больше зданий в городе … побеждает дружба»).",
    },
    {
        "topic": "Decisions with a single option",
        "choice": "Within a turn, a decision with one option is played for the player; the "
        "first decision of each turn is always asked.",
        "sources": "Play by email: fewer emails with nothing to choose.",
    },
]
