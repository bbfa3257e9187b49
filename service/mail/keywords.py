"""The words of the table commands a player replies with (issues 18, 32), in every language
we speak, and how our emails name them.

They live here, not in the catalogs: a reply is read with the words of every language
whatever the seat's (a Russian player may write ``status``), and a language has several
words for one command, which a catalog's one translation cannot hold. Reading a line into a
command is :mod:`.parsing`'s; what each command does, :mod:`.reply_commands`'.
"""

from __future__ import annotations

from engine.kit.words import Listing, Msg
from service import words
from service.words import _, listing

# For translators: the words a player replies with, per command and language; the first of
# each language is the one `help` shows. Write them as a player types them: lower case, no
# final period (case, accents, full-width forms and a final period are folded away when a
# reply is read). A command that takes more (`away` a day, `nudge` a name, `replace` an
# address) is followed by it after a space; a Japanese word may be followed without one.
KEYWORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "status": {
        "en": ("status",),
        "ru": ("статус", "состояние"),
        "uk": ("статус", "стан"),
        "es": ("estado", "situación"),
        "ja": ("状況", "状態", "ステータス"),
    },
    "help": {
        "en": ("help", "?", "commands"),
        "ru": ("помощь", "справка", "команды"),
        "uk": ("допомога", "довідка", "команди"),
        "es": ("ayuda", "comandos"),
        "ja": ("ヘルプ", "使い方", "コマンド"),
    },
    "takeback": {
        "en": ("takeback", "take back", "undo"),
        "ru": ("отменить ход", "отмена хода", "вернуть ход", "переходить"),
        "uk": ("скасувати хід", "скасування ходу", "повернути хід"),
        "es": ("deshacer", "deshacer jugada", "anular jugada"),
        "ja": ("待った", "取り消し", "取消"),
    },
    "away": {
        "en": ("away until", "away till", "away"),
        "ru": ("отпуск до", "нет до", "уезжаю до", "отпуск"),
        "uk": ("відпустка до", "немає до", "їду до", "відпустка"),
        "es": ("ausente hasta", "fuera hasta", "vacaciones hasta", "ausente"),
        "ja": ("不在", "休み", "留守"),
    },
    "back": {
        "en": ("back", "i'm back", "im back"),
        # The first, which the help shows, says nobody's gender (issue 32).
        "ru": ("снова в игре", "вернулся", "вернулась", "я вернулся", "я вернулась", "я здесь"),
        "uk": ("знову в грі", "повернувся", "повернулася", "я повернувся", "я повернулася",
               "я тут"),
        "es": ("he vuelto", "volví", "estoy de vuelta", "de vuelta"),
        "ja": ("復帰", "戻りました", "ただいま"),
    },
    "nudge": {
        "en": ("nudge", "remind"),
        "ru": ("напомнить", "поторопить"),
        "uk": ("нагадати", "поквапити"),
        "es": ("recordar", "dar un toque", "avisar"),
        "ja": ("催促", "リマインド"),
    },
    "digest": {
        "en": ("digest", "daily digest"),
        "ru": ("дайджест", "сводка", "раз в день"),
        "uk": ("дайджест", "зведення", "раз на день"),
        "es": ("resumen", "resumen diario"),
        "ja": ("ダイジェスト", "まとめ", "1日1回"),
    },
    "each": {
        "en": ("every turn", "each turn"),
        "ru": ("каждый ход",),
        "uk": ("кожен хід", "кожний хід"),
        "es": ("cada turno", "cada jugada"),
        "ja": ("毎ターン", "毎回"),
    },
    "none": {
        "en": ("stop", "no emails"),
        "ru": ("стоп", "не присылать"),
        "uk": ("стоп", "не надсилати"),
        "es": ("parar", "no enviar", "basta"),
        "ja": ("停止", "配信停止"),
    },
    "yes": {
        "en": ("yes", "approve"),
        "ru": ("да", "согласен", "согласна"),
        "uk": ("так", "згоден", "згодна"),
        "es": ("sí", "acepto", "de acuerdo"),
        "ja": ("はい", "承認"),
    },
    "no": {
        "en": ("no", "refuse"),
        "ru": ("нет", "против"),
        "uk": ("ні", "проти"),
        "es": ("no", "rechazo"),
        "ja": ("いいえ", "拒否"),
    },
    "vote": {
        "en": ("vote",),
        "ru": ("голосую", "голос"),
        "uk": ("голосую", "голос"),
        "es": ("voto", "votar"),
        "ja": ("投票",),
    },
    # The choices of a deadline vote (CHOICES), alone or after `vote`.
    "wait": {
        "en": ("wait",),
        "ru": ("ждать", "подождать"),
        "uk": ("чекати", "зачекати"),
        "es": ("esperar",),
        "ja": ("待つ",),
    },
    "bot": {
        "en": ("bot",),
        "ru": ("бот",),
        "uk": ("бот",),
        "es": ("bot",),
        "ja": ("ボット",),
    },
    "replace": {
        "en": ("replace",),
        "ru": ("заменить",),
        "uk": ("замінити",),
        "es": ("reemplazar", "sustituir"),
        "ja": ("交代",),
    },
    "end": {
        "en": ("end",),
        "ru": ("закончить", "завершить"),
        "uk": ("завершити", "закінчити"),
        "es": ("terminar",),
        "ja": ("終了",),
    },
    # Issue 32: asks for a confirmation first ("yes" to the answer's address).
    "resign": {
        "en": ("resign", "i resign", "concede", "i concede", "give up", "i give up", "leave",
               "leave the game"),
        "ru": ("сдаюсь", "я сдаюсь", "сдаться", "выхожу из игры", "выйти из игры"),
        "uk": ("здаюся", "я здаюся", "здатися", "виходжу з гри", "вийти з гри"),
        "es": ("me rindo", "abandono", "rendirse", "me retiro", "abandonar la partida"),
        "ja": ("投了", "投了します", "投了する", "降参", "降参します", "棄権", "棄権します"),
    },
    # Issue 35 §4: propose a rematch of a finished game, or confirm the one proposed.
    "rematch": {
        "en": ("rematch", "a rematch", "play again", "rematch please"),
        "ru": ("реванш", "матч-реванш", "сыграем ещё", "сыграем еще"),
        "uk": ("реванш", "матч-реванш", "зіграймо ще"),
        "es": ("revancha", "la revancha", "otra partida", "jugar otra vez"),
        "ja": ("再戦", "リマッチ", "再戦します", "再戦する"),
    },
    # Issue 35 §3: the player's private note on the game, the rest of the reply after the
    # word (a colon after it is welcome: "note: ..."); the word alone clears the note.
    "note": {
        "en": ("note", "notes", "my note", "my notes"),
        "ru": ("заметка", "заметки", "моя заметка", "мои заметки"),
        "uk": ("нотатка", "нотатки", "моя нотатка", "мої нотатки"),
        "es": ("nota", "notas", "mi nota", "mis notas", "apunte", "apuntes"),
        "ja": ("メモ", "ノート", "自分用メモ"),
    },
    # Issue 35 §2: table talk, the rest of the reply after the word, said to every other
    # player of the table ("say: well played"); prose that is no code or command is talk too.
    "say": {
        "en": ("say", "tell all", "tell everyone", "chat"),
        "ru": ("сказать", "скажу", "говорю", "всем"),
        "uk": ("сказати", "скажу", "кажу", "усім", "всім"),
        "es": ("decir", "digo", "a todos", "para todos"),
        "ja": ("言う", "発言", "みんなへ", "皆へ"),
    },
    # Issue 35 §2: a player stops (or starts again) reading another player's talk.
    "mute": {
        "en": ("mute",),
        "ru": ("заглушить", "не слушать"),
        "uk": ("заглушити", "не слухати"),
        "es": ("silenciar",),
        "ja": ("ミュート",),
    },
    "unmute": {
        "en": ("unmute",),
        "ru": ("снова слушать", "не глушить"),
        "uk": ("знову слухати", "не глушити"),
        "es": ("dejar de silenciar", "quitar silencio"),
        "ja": ("ミュート解除",),
    },
    # Issue 36 §1: the player's private Atom feed, answered with its secret URL (made if
    # the address has none); "new feed" makes a new URL, and the old one stops working.
    "feed": {
        "en": ("feed", "my feed", "atom feed"),
        "ru": ("лента", "моя лента", "rss"),
        "uk": ("стрічка", "моя стрічка", "rss"),
        "es": ("canal", "mi canal", "feed", "mi feed"),
        "ja": ("フィード", "マイフィード"),
    },
    "new_feed": {
        "en": ("new feed", "renew feed", "renew my feed"),
        "ru": ("новая лента", "обновить ленту"),
        "uk": ("нова стрічка", "оновити стрічку"),
        "es": ("nuevo canal", "renovar canal", "renovar mi canal"),
        "ja": ("新しいフィード", "フィード更新"),
    },
    # Issue 36: a webhook beside email for all the player's games ("webhook <url>", or
    # "webhook slack <url>"), the player's channels listed, and every webhook removed.
    "webhook": {
        "en": ("webhook", "add webhook"),
        "ru": ("вебхук", "добавить вебхук"),
        "uk": ("вебхук", "додати вебхук"),
        "es": ("añadir webhook", "webhook"),
        "ja": ("ウェブフック", "ウェブフック追加"),
    },
    "channels": {
        "en": ("channels", "my channels"),
        "ru": ("каналы", "мои каналы"),
        "uk": ("канали", "мої канали"),
        "es": ("canales", "mis canales"),
        "ja": ("チャンネル", "通知先"),
    },
    "no_webhook": {
        "en": ("no webhook", "remove webhook", "stop webhook"),
        "ru": ("без вебхука", "удалить вебхук"),
        "uk": ("без вебхука", "видалити вебхук"),
        "es": ("sin webhook", "quitar webhook"),
        "ja": ("ウェブフック解除", "ウェブフック削除"),
    },
    # Issue 38: plan ahead ("plan 3 1", "plan single", "plan no_extra"); alone, it lists the
    # player's plans and what they may plan. "cancel plan 2" stops one, "cancel plans" all.
    "plan": {
        "en": ("plan", "plans", "plan ahead", "my plans"),
        "ru": ("план", "планы", "мои планы", "запланировать"),
        "uk": ("план", "плани", "мої плани", "запланувати"),
        "es": ("plan", "planes", "mis planes", "planear"),
        "ja": ("予定", "計画", "プラン"),
    },
    "no_plan": {
        "en": ("cancel plan", "cancel plans", "cancel my plans", "no plan", "no plans"),
        "ru": ("отменить план", "отменить планы", "отмена плана", "без плана", "без планов"),
        "uk": ("скасувати план", "скасувати плани", "скасування плану", "без плану",
               "без планів"),
        "es": ("cancelar plan", "cancelar planes", "anular plan", "sin plan", "sin planes"),
        "ja": ("予定取消", "予定取り消し", "計画取消", "プラン取消", "予定キャンセル"),
    },
}  # fmt: skip
# For translators: the words that leave an open table (issue 35 §1) in a reply to its
# emails; any other reply to the email that asks to confirm a seat takes it. Not commands
# of a game's emails: a game has no table to leave.
LEAVE_TABLE: dict[str, tuple[str, ...]] = {
    "en": ("leave", "leave the table", "no", "stop"),
    "ru": ("покинуть стол", "уйти", "выйти", "нет", "стоп"),
    "uk": ("покинути стіл", "піти", "вийти", "ні", "стоп"),
    "es": ("dejar la mesa", "salir", "irme", "no", "parar"),
    "ja": ("退席", "抜ける", "抜けます", "やめる", "いいえ", "停止"),
}

# For translators: after `plan` (issue 38), the standing order every game offers: "when I
# have a single legal option, play it" ("plan single", "план единственный"); the first of
# each language is how the service names it to that language's readers.
SINGLE_OPTION: dict[str, tuple[str, ...]] = {
    "en": ("single", "only option", "forced"),
    "ru": ("единственный", "единственный ход", "один вариант"),
    "uk": ("єдиний", "єдиний хід", "один варіант"),
    "es": ("única", "única opción", "forzada", "unica"),
    "ja": ("一択", "唯一", "自動"),
}

# For translators: the levels of a bot a vote may hand a late seat to (issue 37 §3), after
# `bot` ("bot strong", "бот сильный", "ボット 強い"); the first of each language is how the
# service names the level to that language's readers (the catalogs say the same word).
BOT_LEVELS: dict[str, dict[str, tuple[str, ...]]] = {
    "stand-in": {
        "en": ("stand-in", "standin", "simple"),
        "ru": ("простой", "заменитель"),
        "uk": ("простий", "замінник"),
        "es": ("suplente", "simple"),
        "ja": ("代理", "簡単"),
    },
    "casual": {
        "en": ("casual", "medium"),
        "ru": ("обычный", "средний"),
        "uk": ("звичайний", "середній"),
        "es": ("casual", "normal", "medio"),
        "ja": ("普通", "カジュアル"),
    },
    "strong": {
        "en": ("strong", "hard"),
        "ru": ("сильный",),
        "uk": ("сильний",),
        "es": ("fuerte", "difícil"),
        "ja": ("強い", "強"),
    },
}  # fmt: skip

TAKES_MORE = frozenset(
    {"away", "nudge", "vote", "replace", "note", "say", "mute", "unmute", "webhook", "bot",
     "plan", "no_plan"}
)  # fmt: skip
"""Commands followed by more words; the others are the whole line."""
UNTIL = frozenset({"until", "till", "to", "до", "по", "hasta", "el", "al", "まで"})
"""A word between ``away`` and its (last) day ("away until", "нет до", "hasta el")."""
TO = frozenset({"-", "–", "—", "~", "〜", "a"})
"""What else stands between the first and last days of a span ("20.12 - 3.1")."""
FROM = frozenset({"from", "с", "со", "з", "із", "від", "desde", "del", "de", "el"})
"""A word before the first day of a span ("from 20.12", "с 20.12", "desde el 20")."""


def word(command: str, lang: str | None = None) -> str:
    """The word a player of ``lang`` (this context's) writes for ``command``."""
    return KEYWORDS[command].get(lang or words.language(), KEYWORDS[command]["en"])[0]


def single_word(lang: str | None = None) -> str:
    """The word a player of ``lang`` (this context's) writes after ``plan`` for the
    single-option order (:data:`SINGLE_OPTION`)."""
    return SINGLE_OPTION.get(lang or words.language(), SINGLE_OPTION["en"])[0]


IN_TURN_EMAILS = ("help", "status", "takeback", "away", "resign")
"""The commands every turn email names, in the reader's words (issue 32)."""
IN_SHORT_HELP = ("status", "help", "takeback", "resign", "away", "back", "nudge", "digest",
                 "each", "none")  # fmt: skip
"""The commands the short help names, answering a line that is neither code nor command."""


def reply_hint(kind: str) -> Msg | None:
    """What replying does to a table email of ``kind``, when a reply answers it (issue 32)."""
    if kind == "takeback_request":
        return _(
            "Or reply to this email: {yes} to approve, {no} to refuse.",
            yes=word("yes"),
            no=word("no"),
        )
    if kind == "rematch_request":
        return _(
            "Or reply to this email: {yes} or {rematch} to confirm.",
            yes=word("yes"),
            rematch=word("rematch"),
        )
    return None


def named(commands: tuple[str, ...]) -> Listing:
    """``commands`` as the reader writes them (``away`` with the day it takes)."""
    day = words.text(_("<date>"))
    return listing((f"{word(c)} {day}" if c == "away" else word(c) for c in commands), "or")
