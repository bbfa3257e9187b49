"""Replies as people write them (issue 32 §4): a first line that holds exactly one option
code and otherwise only polite filler (``２です``, ``Выбираю 2``, ``Option 2 please``) plays
that code, in every language; anything ambiguous (two numbers, a number in a sentence, a
question, a "not") plays nothing and gets the help, which asks for the code alone on its
own line in the reader's language. The filler is a vocabulary, never a guess: a filler line
never plays a code the line does not hold."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.mail import filler
from service.mail.dates import fold
from service.present import codes
from tests.helpers import text_of
from tests.service.replying import deliver, reply_message
from tests.service.test_replies import answers, new_game, order, state

pytestmark = pytest.mark.usefixtures("regulars")

SAID = [
    ("ja", "２です", "2"),
    ("ja", "2番", "2"),
    ("ja", "2番です", "2"),  # 番 then です, though 番で is a word too
    ("ja", "2でお願いします", "2"),
    ("ja", "２番でお願いします。", "2"),
    ("ja", "選択肢3bを選びます", "3b"),
    ("ru", "Выбираю 2", "2"),
    ("ru", "Хочу 2", "2"),
    ("ru", "Вариант 2, пожалуйста!", "2"),
    ("uk", "Обираю 2", "2"),
    ("uk", "Мій хід: 2, дякую", "2"),
    ("es", "2 por favor", "2"),
    ("es", "Elijo la opción 3b, gracias", "3b"),
    ("es", "la 2ª", "2"),
    ("en", "Option 2 please", "2"),
    ("en", "I'll take 2.", "2"),
    ("en", "2.", "2"),
    ("en", "2!", "2"),
    ("en", "#2 🙂", "2"),
]


@pytest.mark.parametrize(("lang", "line", "code"), SAID)
def test_one_code_among_polite_filler_is_that_code(lang, line, code):
    assert filler.code_in(line) == code, (lang, line)


AMBIGUOUS = [
    "2 or 3",
    "2 and 3",
    "I think 2 is best",
    "2?",
    "not 2",
    "2, no wait, 3",
    "Не 2",
    "Выбираю 2 или 3",
    "Думаю, 2 лучше",
    "2 або 3",
    "2 o 3",
    "2 y 3",
    "no quiero la 2",
    "2にしない",
    "2か3",
    "2じゃなくて3",
    "2nd",
    "option2",
    "2.5",
    "2\t3",
    "1\u200b2",
    "Take 2 pleased",
    "Ella 2",  # el + la, but one word: "she"
    "please " * 10 + "2",
]


@pytest.mark.parametrize("line", AMBIGUOUS)
def test_two_numbers_a_number_in_a_sentence_or_a_question_is_no_code(line):
    assert filler.code_in(line) is None, line


@pytest.mark.parametrize(
    ("lang", "line"),
    [("ja", "２です"), ("ru", "Выбираю 2"), ("uk", "Обираю 2"), ("es", "2 por favor"),
     ("en", "Option 2 please")],
)  # fmt: skip
def test_a_polite_first_line_plays_its_code_by_reply_and_the_answer_quotes_it(
    settings, smtp, work, lang, line
):
    players = [{"email": a, "language": lang} for a in ("ann@example.org", "bob@example.org")]
    game_id = new_game(settings, work, players=players)
    me, _you, _mine, yours = order(settings)
    turn = smtp.to(me)[-1]
    row, _ = deliver(settings, reply_message(turn, f"{line}\n\n-- \nAnn"))
    assert row.outcome == "applied", row.answer
    assert state(settings, game_id)[1] == [yours]
    (step,) = row.answer["steps"]
    assert step["line"] == line and step["ok"] and step["said"][0].find("2") >= 0
    work()
    assert f"> {line}" in text_of(answers(smtp, me)[-1])


HELP = {
    "en": ("Write only an option's code on its own line", "status"),
    "ru": ("Напишите только код варианта на отдельной строке", "сдаюсь"),
    "uk": ("Напишіть лише код варіанта в окремому рядку", "здаюся"),
    "es": ("Escribe solo el código de una opción en su propia línea", "me rindo"),
    "ja": ("選択肢のコードだけを1行に書いてください", "投了"),
}


@pytest.mark.parametrize(
    ("lang", "line"),
    [("en", "2 or 3"), ("ru", "Думаю, 2 лучше"), ("uk", "не 2"), ("es", "2 y 3"),
     ("ja", "2か3でお願いします")],
)  # fmt: skip
def test_an_ambiguous_line_plays_nothing_and_the_help_asks_for_the_code_alone(
    settings, smtp, work, lang, line
):
    players = [{"email": a, "language": lang} for a in ("ann@example.org", "bob@example.org")]
    game_id = new_game(settings, work, players=players)
    me, _you, mine, _yours = order(settings)
    seq = state(settings, game_id)[0]
    row, _ = deliver(settings, reply_message(smtp.to(me)[-1], line))
    assert row.outcome == "refused: not understood"
    assert state(settings, game_id)[:2] == (seq, [mine]), "nothing played"
    work()
    said = text_of(answers(smtp, me)[-1])
    asks, command = HELP[lang]
    assert asks in said and command in said, said


def test_filler_is_read_on_the_first_line_only(settings, smtp, work):
    """A code said politely on a later line is prose below what was asked: not played."""
    game_id = new_game(settings, work, options={"marks_per_turn": 2})
    me, you, _mine, yours = order(settings)
    deliver(settings, reply_message(smtp.to(me)[-1], "1"))
    work()
    before = state(settings, game_id)[0]
    row, _ = deliver(settings, reply_message(smtp.to(you)[-1], "1\n2 please"))
    assert row.outcome == "applied" and [s["line"] for s in row.answer["steps"]] == ["1"]
    seq, to_act, _ = state(settings, game_id)
    assert to_act == [yours] and seq == before + 1, "the second mark is still to place"


def test_spanish_ordinal_signs_are_no_letters_of_a_code():
    assert codes.read("2ª") == ["2"] and codes.read("3º.") == ["3"]
    assert codes.read("1ª2") is None and filler.code_in("0ª0") is None, "nor a space"


# ---------------------------------------------------------------- properties

CODES = st.builds(
    "{}{}".format,
    st.integers(1, 9999).map(str),
    st.sampled_from(["", "a", "b", "z", "aa", "ab"]),
)
FILLER = sorted({p for phrases in filler.FILLER.values() for p in phrases})
BETWEEN = st.sampled_from([" ", ", ", "! ", ": ", "、", "。", " — ", "  "])
NOT_FILLER = [
    "not", "or", "and", "no", "maybe", "instead", "than", "again", "except", "think",
    "не", "или", "и", "лучше", "ні", "або", "краще", "o", "y", "mejor", "ない", "か",
    "じゃない", "より", "?", "？", "¿", "+", "=", "~",
]  # fmt: skip


@given(code=CODES, wide=st.booleans())
def test_a_code_alone_still_reads_as_itself(code, wide):
    written = (
        code.translate(str.maketrans("0123456789abz", "０１２３４５６７８９ａｂｚ"))
        if wide
        else code
    )
    assert codes.read(written) == [code]
    assert filler.code_in(written) == code


@given(
    code=CODES,
    before=st.lists(st.sampled_from(FILLER), max_size=3),
    after=st.lists(st.sampled_from(FILLER), max_size=3),
    between=BETWEEN,
)
def test_a_code_among_filler_of_any_language_is_that_code(code, before, after, between):
    line = between.join([*before, code, *after])
    if len(line) <= filler.LONGEST:
        assert filler.code_in(line) == code, line


PIECES = st.one_of(
    st.tuples(st.just("filler"), st.sampled_from(FILLER)),
    st.tuples(st.just("code"), CODES),
    st.tuples(st.just("other"), st.sampled_from(NOT_FILLER)),
)


@given(pieces=st.lists(PIECES, min_size=1, max_size=6), between=BETWEEN)
def test_a_filler_line_never_plays_a_code_the_line_does_not_hold(pieces, between):
    line = between.join(text for _, text in pieces)
    found = filler.code_in(line)
    if found is None:
        return
    held = [text for kind, text in pieces if kind == "code"]
    assert held == [found], (line, found)
    assert all(kind != "other" for kind, _ in pieces), (line, found)


@given(line=st.text(max_size=80))
def test_any_line_reads_as_no_code_or_a_code_it_holds(line):
    found = filler.code_in(line)
    assert found is None or (codes.CODE.fullmatch(found) and found in fold(line)), (line, found)
