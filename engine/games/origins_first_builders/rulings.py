"""Where the rulebook is silent or incomplete, and what this engine does (GAME-DATA.md).

Authority: ``origins-first-builders.ru.txt``. The service shows this list on the game's data
page beside the component data, in the reader's language (issue 32 §2): each text is a
message of the game's catalogs, whose translations keep the rulebook's quotations as it
writes them.
"""

from __future__ import annotations

from engine.games.origins_first_builders.words import _

RULINGS: list[dict[str, str]] = [
    {
        "topic": _("The first player and the starting dice (the lost steps 20-23)"),
        "choice": _(
            "The first player is drawn at random. Then 2 × players + 1 citizen dice are "
            "drawn at random from the supply (after the citizen row is laid) and rolled, sixes "
            "rolled again; the players draft them one at a time in a snake order that starts with "
            "the last player in turn order (last … first, first … last), each die going into one "
            "of the two starting bases. The die left over goes back to the supply."
        ),
        "sources": _(
            "ru «Подготовка к игре» stops at step 19; «Одиночный режим» refers to "
            "«шаги 21-23» for the starting dice; reviews: players «draft two starting dice from a "
            "pool of colour and value options»."
        ),
    },
    {
        "topic": _("The starting stacks on the tracks"),
        "choice": _(
            "On the war track and on each temple the discs start in one stack, the "
            "first player's lowest, then in turn order (solo: the dummy disc on top). The stack "
            "only matters for the first player if nobody moves on the war track in round 1."
        ),
        "sources": _("ru step 17 places the discs, «Конец раунда» 2 and 4 read the stacks."),
    },
    {
        "topic": _("Solo: speakers, dice and the fifth bonus tile"),
        "choice": _(
            "Solo uses 1 speaker die and 6 citizen dice of each colour (3 of each back "
            "to the box), continuing the rulebook's 2/3/4 progression as its 3 district cards do. "
            "The fifth contact zone takes the one bonus tile the rulebook does not place: yellow."
        ),
        "sources": _(
            "ru steps 2, 9, 10 and «Одиночный режим» (red, purple, blue, orange on "
            "zones 1-4; 3 district cards)."
        ),
    },
    {
        "topic": _("Solo: removing the two highest starting dice"),
        "choice": _(
            "The highest die goes back, then the highest of the rest. When several dice "
            "share the highest value, the player chooses which one goes back (a decision); when "
            "there is no tie nothing is asked. Then the player keeps 2 of the 3 left."
        ),
        "sources": _("ru «Одиночный режим» («при равенстве вы выбираете сами»)."),
    },
    {
        "topic": _("Solo: the dummy disc"),
        "choice": _(
            "The dummy disc stays on the start of the war track. It counts as a disc "
            "behind you for attacks, but not for the Tiltyard, which counts players (ruleset "
            "ofb-2; under ofb-1 the Tiltyard counted it too); it is never the first player and "
            "takes no zodiac card."
        ),
        "sources": _(
            "ru «Одиночный режим» («Возьмите диск игрока другого цвета и положите его "
            "на начальную клетку шкалы войны»); ru «Ристалище»: «за каждого игрока позади вас» "
            "(a player), where the attack gives a point «за каждый диск» (a disc)."
        ),
    },
    {
        "topic": _("Solo: the superiority token's new use"),
        "choice": _(
            "Offered when a starship would move during the visit; spent, it keeps every "
            "starship still for the rest of the turn. It is the turn's one token: that turn no "
            "token buys an extra action."
        ),
        "sources": _("ru «Одиночный режим» and «Жетоны превосходства» (one token per turn)."),
    },
    {
        "topic": _("Building colours"),
        "choice": _(
            "Harbour, Market, … are yellow and Arsenal, Chariot Field, … red, as their "
            "effects count those colours; Castle, Construction Site, Courthouse, Manor, Forum and "
            "Idol Shrine are orange; the temples, Obelisk, Sanctuary and Statue purple; Gallery, "
            "the towers, Fountain, Ritual Gate and Healer's Estate blue."
        ),
        "sources": _("ru appendix «Жетоны зданий» lists six groups of six without colours."),
    },
    {
        "topic": _("The Agora"),
        "choice": _(
            "The Agora fires whenever a district containing it is closed, whatever the "
            "die's colour; its effect is «gain 1 basic resource» (PROVISIONAL). The Palace has "
            "no effect."
        ),
        "sources": _(
            "ru «Закрыть район» («включая площадь, если она находится в этом районе»); "
            "«На жетоне дворца нет эффекта». The Agora's text is not transcribed."
        ),
    },
    {
        "topic": _("Paying with gold"),
        "choice": _(
            "A cost is paid with the named resource first and gold only for what is "
            "missing: gold is worth a point at the end and can pay for anything, so keeping it "
            "never hurts. Tower levels are paid in gold only."
        ),
        "sources": _("ru «Базовые ресурсы и золото» (gold is a joker), «Построить уровень башни»."),
    },
    {
        "topic": _("Which citizens age when passing"),
        "choice": _(
            "Only the citizens coming back from contact zones gain 1 (a 6 becomes an "
            "advisor); citizens that stayed beside the board keep their value."
        ),
        "sources": _(
            "ru «Спасовать» and «Увеличить население» («когда кубик жителя со "
            "значением «6» возвращается из зоны контакта»)."
        ),
    },
    {
        "topic": _("Order of new advisors"),
        "choice": _(
            "Several sixes coming back become advisors new colours first, then the "
            "repeated colours, which score the rightmost occupied cell: the order that scores "
            "most, so nothing is asked."
        ),
        "sources": _("ru «Спасовать» («по одному забираете»), «Советники»."),
    },
    {
        "topic": _("Raising a 6"),
        "choice": _(
            "An effect that adds to a citizen without a cap (spending food, Ritual Gate) "
            "adds one pip at a time; a 6 that gains one more becomes an advisor. Effects capped at "
            "6 (Sagittarius, Capricorn, Leo) never do. Scorpio pays only for the pass's ageing."
        ),
        "sources": _(
            "ru «Увеличение значения граждан и ораторов»; Scorpio's clarification («не "
            "срабатывает, когда другое свойство позволяет увеличить значение кубика»)."
        ),
    },
    {
        "topic": _("Falling back on the war track"),
        "choice": _(
            "A disc goes back to the space just past the last milestone it passed, and "
            "keeps that milestone (so each milestone gives each player one superiority token: "
            "20 tokens for 4 players and 5 milestones). A disc that passed no milestone goes back "
            "to the start. A disc on the last space stays there for good."
        ),
        "sources": _(
            "ru «Конец раунда» 3, «Шкала войны» («Теперь ваш диск … не может никуда "
            "двигаться»); 20 superiority tokens (SOURCE)."
        ),
    },
    {
        "topic": _("Zodiac cards at the end of a round"),
        "choice": _("A temple's card goes to its leader only when that disc has left the start."),
        "sources": _("ru «Конец раунда» 4 («диск которого находится впереди других»)."),
    },
    {
        "topic": _("District cards"),
        "choice": _(
            "Points are per player: a player's first score of a card gives its higher "
            "number, every later score by that player the lower one. The gold above a card goes to "
            "whoever scores it first. Coloured buildings of the pattern need a building of that "
            "colour (never a farm, the Agora or the Palace); the card may be turned and mirrored."
        ),
        "sources": _("ru «Закрыть район»."),
    },
    {
        "topic": _("Building effects that may be declined"),
        "choice": _(
            "Effects with nothing to lose apply at once; effects with a choice (Veterans, "
            "Courthouse, Manor, Construction Site, Fountain, Ritual Gate, Mage's Tower, the gold "
            "step of the temples) offer «Skip». Cancer's free die is compulsory, Libra's optional."
        ),
        "sources": _("ru «Размещение зданий» («вы можете применить его эффект»), card texts."),
    },
    {
        "topic": _("Mage's Tower"),
        "choice": _(
            "It copies an adjacent building with an effect (the Agora included), never a "
            "farm, the Palace or another Mage's Tower. A copied Quarry counts the empty spaces "
            "around the Quarry itself."
        ),
        "sources": _("ru «Башня мага» («Используйте эффект любого из соседних зданий»)."),
    },
    {
        "topic": _("Veterans' Quarter on a 1"),
        "choice": _("A red 1 scores 1 VP and stays a 1 (a die has no 0)."),
        "sources": _("ru «Ветеранская община»."),
    },
    {
        "topic": _("Courthouse"),
        "choice": _(
            "The citizen's die is exchanged for a die of the new colour from the supply, "
            "same value; a colour with no die in the supply cannot be chosen."
        ),
        "sources": _("ru «Суд» («Поменяйте цвет … не меняя его значение»)."),
    },
    {
        "topic": _("Forum"),
        "choice": _(
            "Any one speaker on the board: from the speaker row, or one sent to a "
            "contact zone this round (it stays its taker's; the zone's starship keeps its value). "
            "Ruleset ofb-2; under ofb-1 only the row was offered. The bonus action «Получить 1 "
            "оратора» still takes from the row."
        ),
        "sources": _(
            "ru «Форум»: «Бесплатно возьмите любого одного оратора с поля»; the "
            "board holds the row («положите их в ряд ораторов на игровом поле») and the zones: "
            "at the end of the round «Верните все кубики ораторов с поля в ряд ораторов». The "
            "bonus action's own text: «Возьмите кубик из ряда ораторов»."
        ),
    },
    {
        "topic": _("Superiority tokens"),
        "choice": _(
            "After a main action other than passing, a token buys one more main action; "
            "that action may be passing. One token per turn."
        ),
        "sources": _("ru «Жетоны превосходства» («Потратив жетон, вы можете сразу спасовать»)."),
    },
    {
        "topic": _("Gemini"),
        "choice": _(
            "When passing, the holder gains a basic resource of their choice for each "
            "space their war disc will fall back at the end of the round (it cannot move after "
            "the pass)."
        ),
        "sources": _("ru «Близнецы» and its clarification."),
    },
    {
        "topic": _("Aquarius and the temple buildings"),
        "choice": _(
            "A temple building offers its own «1 gold: 1 step on another temple», and "
            "Aquarius one more; the main temple action offers Aquarius's."
        ),
        "sources": _("ru «Водолей» clarification."),
    },
    {
        "topic": _("Construction Site"),
        "choice": _(
            "The tile set aside can be built (for its stone, no wisdom) or built as a "
            "farm during any later building purchase, instead of a tile of the row."
        ),
        "sources": _("ru «Строительная площадка»."),
    },
    {
        "topic": _("Virgo"),
        "choice": _(
            "The new building takes a farm's place for free; the farm's tile goes face "
            "down under its colour's stack (face up if that stack was empty)."
        ),
        "sources": _("ru «Дева» and its clarification."),
    },
    {
        "topic": _("Empty rows"),
        "choice": _(
            "A building row slot whose colour's stack is empty stays empty. A citizen "
            "row that cannot be refilled keeps an empty slot, and the game ends at the end of the "
            "round."
        ),
        "sources": _("ru «Купить здание» 6, «Конец игры»."),
    },
    {
        "topic": _("Speakers at the end of a round"),
        "choice": _(
            "Speakers still held by a player stay with them; those used this round go "
            "back to the row with 1 more, a 5 rolled again."
        ),
        "sources": _(
            "ru «Ораторы» («Оратор остаётся у вас, пока вы не используете его»), «Конец раунда» 1."
        ),
    },
    {
        "topic": _("Capricorn"),
        "choice": _(
            "Any citizen may gain the 2, beside the board or in a contact zone (never a "
            "die in a power centre)."
        ),
        "sources": _("ru «Козерог» («одного своего любого гражданина»)."),
    },
    {
        "topic": _("Tie-break"),
        "choice": _(
            "Most tiles in the city (farms, the Agora and the Palace included); "
            "otherwise a shared place."
        ),
        "sources": _("ru «Подсчёт очков» («больше зданий в городе … побеждает дружба»)."),
    },
    {
        "topic": _("Decisions with a single option"),
        "choice": _(
            "Within a turn, a decision with one option is played for the player; the "
            "first decision of each turn is always asked."
        ),
        "sources": _("Play by email: fewer emails with nothing to choose."),
    },
]
