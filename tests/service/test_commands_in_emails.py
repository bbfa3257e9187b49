"""What an email says a reply can do (issue 32 §4): every turn email names, beside the reply
by code, the commands help, status, takeback, away and resign in the reader's words; the
takeback request says replying yes or no answers it, and a reply of the reader's yes to it
does undo the decision."""

from __future__ import annotations

import pytest

from service.mail import keywords
from tests.helpers import html_of, text_of
from tests.service.replying import deliver, reply_message
from tests.service.test_replies import new_game, order, state

pytestmark = pytest.mark.usefixtures("regulars")

LINES = {
    "en": "You can also reply with a command: help, status, takeback, away until <date> or resign.",
    "ru": (
        "Можно также ответить командой: помощь, статус, отменить ход, отпуск до <дата> или сдаюсь."
    ),
    "uk": (
        "Можна також відповісти командою: допомога, статус, скасувати хід, відпустка до "
        "<дата> або здаюся."
    ),
    "es": (
        "También puedes responder con un comando: ayuda, estado, deshacer, ausente hasta "
        "<fecha> o me rindo."
    ),
    "ja": "コマンドで返信することもできます：ヘルプ、状況、待った、不在 <日付>、または投了。",
}


def players(lang: str) -> list[dict[str, str]]:
    return [{"email": a, "language": lang} for a in ("ann@example.org", "bob@example.org")]


@pytest.mark.parametrize("lang", sorted(LINES))
def test_a_turn_email_names_the_commands_in_the_readers_words(settings, smtp, work, lang):
    new_game(settings, work, players=players(lang))
    me, you, _mine, _yours = order(settings)
    (turn,) = smtp.to(me)
    assert LINES[lang] in text_of(turn)
    assert LINES[lang].replace("<", "&lt;").replace(">", "&gt;") in html_of(turn)
    for command in keywords.IN_TURN_EMAILS:
        assert keywords.word(command, lang) in LINES[lang], command
    (waiting,) = smtp.to(you)
    assert LINES[lang] not in text_of(waiting), "an email that takes no reply names none"


HINTS = {
    "en": ("Or reply to this email: yes to approve, no to refuse.", "yes"),
    "ru": ("Или ответьте на это письмо: да — одобрить, нет — отказать.", "да"),
    "uk": ("Або дайте відповідь на цей лист: так — схвалити, ні — відмовити.", "Так"),
    "es": ("O responde a este correo: sí para aprobar, no para rechazar.", "si"),
    "ja": ("または、このメールに返信してください。承認は「はい」、拒否は「いいえ」です。", "はい"),
}


@pytest.mark.parametrize("lang", sorted(HINTS))
def test_the_takeback_request_says_a_reply_of_yes_or_no_answers_it_and_yes_does(
    settings, smtp, work, lang
):
    game_id = new_game(settings, work, players=players(lang))
    me, you, mine, _yours = order(settings)
    deliver(settings, reply_message(smtp.to(me)[-1], "5"))
    work()
    moved = state(settings, game_id)[0]
    takeback = keywords.word("takeback", lang)
    row, _ = deliver(settings, reply_message(smtp.to(me)[-1], takeback))
    assert row.outcome == "command", row.answer
    work()
    hint, yes = HINTS[lang]
    (request,) = [m for m in smtp.to(you) if hint in text_of(m)]
    assert request["Reply-To"], "a reply reaches the seat"
    row, _ = deliver(settings, reply_message(request, yes))
    assert row.outcome == "command", row.answer
    seq, to_act, _ = state(settings, game_id)
    assert to_act == [mine] and seq > moved, "the decision is taken back: Ann's turn again"
