"""Playing by replying (issue 18, part B): the signed reply address, the codes, reading a
reply, who may reply, and the answer."""

from __future__ import annotations

import base64
from email import policy
from email.message import EmailMessage

import dkim
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import select

from service.links import replyto
from service.mail import authenticity
from service.play.games import create_game
from service.present import codes
from service.store import eventstore
from service.store.db import sessions
from service.store.models import GameRow, OutboxRow
from tests.fixtures import TEST_KEY
from tests.helpers import headline, html_of, text_of
from tests.service.replying import codes_of, deliver, reply_message

# Players of earlier games: a newcomer's own rules (issue 31 §3) are tested on their own.
pytestmark = pytest.mark.usefixtures("regulars")

ANN, BOB = "ann@example.org", "bob@example.org"


def new_game(settings, work, name="tictactoe", players=(ANN, BOB), options=None) -> str:
    with sessions(settings.database_url).begin() as s:
        game_id = create_game(s, name, list(players), options or {}).loaded.row.id
    work()
    return game_id


def state(settings, game_id):
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        return loaded.seq, sorted(loaded.game.to_act(loaded.state)), loaded.row.over


def order(settings):
    """(the acting player's address, the other's, their seats): a coin toss decides."""
    with sessions(settings.database_url)() as s:
        game = max(s.scalars(select(GameRow)), key=lambda g: g.created_at)
        loaded = eventstore.load(s, game.id)
        (mine,) = loaded.game.to_act(loaded.state)
        seats = {seat.seat: seat.email for seat in game.seats}
    (yours,) = set(seats) - {mine}
    return seats[mine], seats[yours], mine, yours


def answers(smtp, address):
    return [m for m in smtp.to(address) if m["Auto-Submitted"] == "auto-replied"]


# --- the address -----------------------------------------------------------------------


@given(
    game_id=st.text("abcdefghijklmnopqrstuvwxyz0123456789", min_size=1, max_size=8),
    seat_index=st.integers(0, 7),
    generation=st.integers(0, 2**31 - 1),
    began=st.one_of(st.none(), st.integers(0, 2**31 - 2)),
    turn_seq=st.integers(0, 2**31 - 1),
    digest=st.text("0123456789abcdef", min_size=16, max_size=16),
)
def test_a_reply_address_fits_rfc_5321_and_survives_a_lowercased_or_uppercased_local_part(
    game_id, seat_index, generation, began, turn_seq, digest
):
    fields = replyto.ReplyTo(game_id, seat_index, generation, began, turn_seq, digest[:8])
    local = replyto.encode(TEST_KEY, fields)
    assert len(local) <= 64
    assert local == local.lower() and ".." not in local and "." not in local
    assert replyto.decode(TEST_KEY, f"{local}@pbem.test") == fields
    assert replyto.decode(TEST_KEY, f"{local.upper()}@PBEM.TEST") == fields


def test_an_altered_reply_address_or_another_key_names_no_seat():
    fields = replyto.ReplyTo("abcd1234", 1, 0, 7, 9, "0123abcd")
    local = replyto.encode(TEST_KEY, fields)
    token = local[len(replyto.PREFIX) :]
    for i in range(len(token)):
        flipped = token[:i] + ("a" if token[i] != "a" else "b") + token[i + 1 :]
        assert replyto.decode(TEST_KEY, replyto.PREFIX + flipped) is None
    assert replyto.decode(TEST_KEY + "x", local) is None
    assert replyto.decode(TEST_KEY, local[:-1]) is None
    assert replyto.decode(TEST_KEY, "play+@x") is None


def test_every_turn_email_offering_a_decision_has_a_signed_reply_to_with_its_codes(
    settings, smtp, work
):
    new_game(settings, work)
    me, you, mine, _yours = order(settings)
    (turn,) = smtp.to(me)
    address = str(turn["Reply-To"])
    local, domain = address.split("@")
    assert domain == settings.mail_domain and len(local) <= 64
    read = replyto.decode(settings.secret_key, address)
    assert read is not None and read.seat_index == int(mine[1:]) - 1
    assert [c for c, _ in codes_of(turn)] == [str(i) for i in range(1, 10)]
    for code, _ in codes_of(turn):
        assert f">{code}</code>" in html_of(turn)
    assert "reply to this email with an option's code" in text_of(turn)
    (waiting,) = smtp.to(you)
    assert waiting["Reply-To"] is None  # no decision, no notice: nothing to reply to


# --- codes -----------------------------------------------------------------------------


def test_a_reply_of_a_code_plays_that_option_and_the_answer_goes_to_the_seat_only(
    settings, smtp, work
):
    game_id = new_game(settings, work)
    me, you, mine, yours = order(settings)
    turn = smtp.to(me)[-1]
    code, label = codes_of(turn)[4]
    row, ids = deliver(settings, reply_message(turn, f"{code}\n"))
    assert row.outcome == "applied" and row.seat == mine and row.game_id == game_id
    assert state(settings, game_id)[1] == [yours]
    with sessions(settings.database_url)() as s:
        answer = s.get(OutboxRow, ids[0])
        assert (answer.kind, answer.inbox_id, answer.seat) == ("answer", row.id, mine)
    work()
    (answered,) = answers(smtp, me)
    assert str(answered["To"]).endswith(f"<{me}>") or str(answered["To"]) == me
    assert f"> {code}" in text_of(answered) and label in text_of(answered)
    assert answered["Subject"].startswith("Re: ")
    assert answers(smtp, you) == [] and "your turn" in headline(smtp.to(you)[-1])


def test_the_answer_is_in_reply_to_the_received_message_and_in_the_games_thread(
    settings, smtp, work
):
    new_game(settings, work)
    me, _you, _mine, _yours = order(settings)
    turn = smtp.to(me)[-1]
    sent = reply_message(turn, "1")
    deliver(settings, sent)
    work()
    (answered,) = answers(smtp, me)
    assert answered["In-Reply-To"] == sent["Message-ID"]
    assert sent["Message-ID"] in answered["References"]
    assert answered["Auto-Submitted"] == "auto-replied"


def test_several_codes_in_one_reply_are_played_in_order_each_against_the_next_decision(
    settings, smtp, work
):
    game_id = new_game(settings, work, options={"marks_per_turn": 2})
    me, you, mine, _yours = order(settings)
    deliver(settings, reply_message(smtp.to(me)[-1], "1"))  # the first turn is one mark
    work()
    before = state(settings, game_id)[0]
    row, _ = deliver(settings, reply_message(smtp.to(you)[-1], "1\n1"))
    assert row.outcome == "applied"
    seq, to_act, _ = state(settings, game_id)
    assert to_act == [mine] and seq > before
    work()
    said = text_of(answers(smtp, you)[-1])
    assert said.count("Played 1") == 2


def test_codes_stop_at_the_first_that_no_longer_fits(settings, smtp, work):
    game_id = new_game(settings, work)
    me, _you, _mine, yours = order(settings)
    turn = smtp.to(me)[-1]
    row, _ = deliver(settings, reply_message(turn, "1 2"))
    assert row.outcome == "refused: code"
    assert state(settings, game_id)[1] == [yours]  # 1 played, 2 refused: not Ann's turn
    work()
    assert "It is not your turn: 2 was not played." in text_of(answers(smtp, me)[-1])


def test_a_reply_to_an_older_email_after_the_game_moved_on_plays_nothing_and_shows_the_decision(
    settings, smtp, work
):
    game_id = new_game(settings, work)
    me, you, _mine, _yours = order(settings)
    first = smtp.to(me)[-1]
    deliver(settings, reply_message(first, "1"))
    work()
    deliver(settings, reply_message(smtp.to(you)[-1], "1"))
    work()
    seq = state(settings, game_id)[0]
    row, _ = deliver(settings, reply_message(first, "2"))  # Ann's first email, again
    assert row.outcome == "refused: code" and state(settings, game_id)[0] == seq
    work()
    said = answers(smtp, me)[-1]
    assert "moved on" in text_of(said) and codes_of(said)  # the decision now, with codes


def test_a_replayed_message_plays_nothing_twice(settings, smtp, work):
    game_id = new_game(settings, work, options={"marks_per_turn": 2})
    me, _you, _mine, _yours = order(settings)
    sent = reply_message(smtp.to(me)[-1], "1")
    deliver(settings, sent)
    seq = state(settings, game_id)[0]
    del sent["Message-ID"]
    sent["Message-ID"] = "<replayed@attacker.example>"
    row, _ = deliver(settings, sent)
    assert row.outcome == "refused: code" and state(settings, game_id)[0] == seq


def test_an_unknown_code_or_a_lone_unknown_word_is_answered_quoting_the_line_and_plays_nothing(
    settings, smtp, work
):
    game_id = new_game(settings, work)
    me, _you, mine, _yours = order(settings)
    turn = smtp.to(me)[-1]
    row, _ = deliver(settings, reply_message(turn, "42"))
    assert row.outcome == "refused: code"
    # A lone word is no talk (issue 35 §2): a command mistyped, it gets the help.
    row, _ = deliver(settings, reply_message(turn, "<b>corner</b>"))
    assert row.outcome == "refused: not understood"
    assert state(settings, game_id)[1] == [mine]
    work()
    unknown, words = answers(smtp, me)
    assert "> 42" in text_of(unknown) and "There is no option 42" in text_of(unknown)
    assert "> <b>corner</b>" in text_of(words) and "status" in text_of(words)
    assert "&lt;b&gt;corner" in html_of(words)


def test_a_game_over_is_said_and_nothing_played(settings, smtp, work):
    game_id = new_game(settings, work)
    me, you, mine, _yours = order(settings)
    while not state(settings, game_id)[2]:
        who = me if state(settings, game_id)[1] == [mine] else you
        turn = [m for m in smtp.to(who) if m["Reply-To"]][-1]
        assert deliver(settings, reply_message(turn, "1"))[0].outcome == "applied"
        work()
    row, _ = deliver(settings, reply_message(smtp.to(me)[0], "1"))
    assert row.outcome == "refused: code"
    work()
    assert "The game is over" in text_of(answers(smtp, me)[-1])


def test_codes_do_not_depend_on_the_order_the_engine_lists_its_options():
    moves = [{"type": "place", "cell": c} for c in (7, 2, 5, 0)]
    listed = codes.by_key(codes.assign(moves, "tictactoe"))
    assert listed == codes.by_key(codes.assign(list(reversed(moves)), "tictactoe"))
    assert listed[codes.move_key({"type": "place", "cell": 0})] == "1"


def test_codes_group_by_the_games_option_path_and_letter_the_options_inside():
    # tictactoe has no option path of its own: one group per kind of move and first value
    moves = [{"type": "go", "to": t, "n": n} for t in ("x", "y") for n in (2, 1)]
    groups = codes.assign([*moves, {"type": "pass"}], "tictactoe")
    assert [o.code for g in groups for o in g.options] == ["1a", "1b", "2a", "2b", "3"]
    assert groups[0].options[0].move == {"type": "go", "to": "x", "n": 1}
    assert isinstance(codes.find(groups, "1"), codes.Group) and codes.find(groups, "9") is None
    assert codes.letters(0) == "a" and codes.letters(25) == "z" and codes.letters(26) == "aa"
    assert codes.read("1, 3b.") == ["1", "3b"] and codes.read("status") is None


def test_the_answer_speaks_the_seats_language(settings, smtp, work):
    players = [{"email": ANN, "language": "ru"}, {"email": BOB, "language": "ru"}]
    game_id = new_game(settings, work, players=players)
    me, _you, _mine, _yours = order(settings)
    deliver(settings, reply_message(smtp.to(me)[-1], "42"))
    work()
    said = text_of(answers(smtp, me)[-1])
    assert "> 42" in said and "В этом решении нет варианта 42" in said
    assert state(settings, game_id)[2] is False


def test_a_reply_of_a_groups_code_lists_that_groups_options_and_plays_nothing(settings, smtp, work):
    game_id = new_game(settings, work, name="origins-first-builders")
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        seat = sorted(loaded.game.to_act(loaded.state))[0]
        address = next(x.email for x in loaded.row.seats if x.seat == seat)
    turn = [m for m in smtp.to(address) if m["Reply-To"]][-1]
    lettered = [c for c, _ in codes_of(turn) if c[-1].isalpha()]
    assert lettered, "this decision has a group of several options"
    group = lettered[0].rstrip("abcdefghijklmnopqrstuvwxyz")
    seq = state(settings, game_id)[0]
    row, _ = deliver(settings, reply_message(turn, group))
    assert row.outcome == "refused: code" and state(settings, game_id)[0] == seq
    said = row.answer["steps"][0]["said"]
    assert said[0].startswith(f"Group {group} holds these options")
    listed = [line.split()[0] for line in said[1:]]
    assert listed == [c for c in lettered if c.startswith(group) and c[len(group)].isalpha()]


# --- robots ----------------------------------------------------------------------------

ROBOTS = {
    "Auto-Submitted": ("Auto-Submitted", "auto-replied"),
    "X-Autoreply": ("X-Autoreply", "yes"),
    "X-Autorespond": ("X-Autorespond", "1"),
    "Precedence": ("Precedence", "bulk"),
    "mailing list": ("List-Id", "<games.lists.example>"),
    "out of office": ("Subject", "Automatic reply: away until Monday"),
}


@pytest.mark.parametrize("reason", sorted(ROBOTS))
def test_auto_replies_lists_and_out_of_office_are_ignored_and_never_answered(
    settings, smtp, work, reason
):
    game_id = new_game(settings, work)
    me, _you, mine, _yours = order(settings)
    sent = reply_message(smtp.to(me)[-1], "1")
    name, value = ROBOTS[reason]
    del sent[name]
    sent[name] = value
    row, ids = deliver(settings, sent)
    assert row.outcome == f"ignored: {reason}" and ids == []
    assert state(settings, game_id)[1] == [mine]


def test_a_reply_whose_subject_names_an_absence_is_still_read(settings, smtp, work):
    game_id = new_game(settings, work)
    me, _you, _mine, yours = order(settings)
    sent = reply_message(smtp.to(me)[-1], "1")
    sent.replace_header("Subject", "Re: [Tic-tac-toe] Bobさんは不在です (out of office)")
    row, _ = deliver(settings, sent)
    assert row.outcome == "applied" and state(settings, game_id)[1] == [yours]


def test_a_bounce_with_an_empty_envelope_sender_or_a_report_is_ignored(settings, smtp, work):
    new_game(settings, work)
    me, _you, _mine, _yours = order(settings)
    turn = smtp.to(me)[-1]
    row, ids = deliver(settings, reply_message(turn, "1"), mail_from="")
    assert row.outcome == "ignored: empty envelope sender" and ids == []
    report = reply_message(turn, "1")
    report.make_mixed()
    report.replace_header("Content-Type", 'multipart/report; report-type="delivery-status"')
    row, ids = deliver(settings, report)
    assert row.outcome == "ignored: delivery report" and ids == []


# --- trust -----------------------------------------------------------------------------


def test_a_tampered_address_is_dropped_unanswered(settings, smtp, work):
    new_game(settings, work)
    me, _you, _mine, _yours = order(settings)
    turn = smtp.to(me)[-1]
    local, domain = str(turn["Reply-To"]).split("@")
    tampered = local[:-2] + ("aa" if not local.endswith("aa") else "bb") + "@" + domain
    row, ids = deliver(settings, reply_message(turn, "1", to=tampered))
    assert row.outcome == "refused: bad address" and ids == [] and row.seat is None


def test_a_forged_from_is_refused_and_only_the_seat_is_warned(settings, smtp, work):
    game_id = new_game(settings, work)
    me, _you, mine, _yours = order(settings)
    turn = smtp.to(me)[-1]
    row, ids = deliver(settings, reply_message(turn, "1", sender="mallory@evil.example"))
    assert row.outcome == "refused: sender is not the seat's player" and len(ids) == 1
    assert state(settings, game_id)[1] == [mine]
    work()
    (warning,) = answers(smtp, me)
    assert "mallory@evil.example" in text_of(warning) and "nothing was done" in text_of(warning)
    assert not smtp.to("mallory@evil.example")


def test_a_forged_from_is_refused_even_when_the_envelope_sender_is_the_seats(settings, smtp, work):
    # The From and the envelope are two checks: a forger who sets the envelope sender to the
    # seat's address (which no one verifies) is still refused by the From.
    game_id = new_game(settings, work)
    me, _you, mine, _yours = order(settings)
    forged = reply_message(smtp.to(me)[-1], "1", sender="mallory@evil.example")
    row, _ = deliver(settings, forged, mail_from=me)
    assert row.outcome == "refused: sender is not the seat's player"
    assert state(settings, game_id)[1] == [mine]


def test_the_seats_from_with_a_strangers_envelope_sender_is_refused(settings, smtp, work):
    # A message whose envelope sender is another address was not sent by the seat's mailbox,
    # whatever its From says (the envelope is the read row's, not an empty one).
    game_id = new_game(settings, work)
    me, _you, mine, _yours = order(settings)
    row, _ = deliver(
        settings, reply_message(smtp.to(me)[-1], "1"), mail_from="mallory@evil.example"
    )
    assert row.outcome == "refused: sender is not the seat's player"
    assert state(settings, game_id)[1] == [mine]


def test_another_seats_player_replying_to_this_seats_address_is_refused(settings, smtp, work):
    game_id = new_game(settings, work)
    me, you, mine, _yours = order(settings)
    row, _ = deliver(settings, reply_message(smtp.to(me)[-1], "1", sender=you))
    assert row.outcome.startswith("refused: sender") and state(settings, game_id)[1] == [mine]


def test_the_sender_is_compared_case_folded_and_by_its_idna_domain(settings, smtp, work):
    assert authenticity.normal("Ann@Example.ORG") == authenticity.normal("ann@example.org")
    assert authenticity.normal("имя@пример.рф") == authenticity.normal("имя@xn--e1afmkfd.xn--p1ai")
    game_id = new_game(settings, work)
    me, _you, _mine, yours = order(settings)
    row, _ = deliver(settings, reply_message(smtp.to(me)[-1], "1", sender=me.upper()))
    assert row.outcome == "applied" and state(settings, game_id)[1] == [yours]


@pytest.fixture
def dkim_key(monkeypatch):
    key = rsa.generate_private_key(public_exponent=65537, key_size=1024)
    private = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.TraditionalOpenSSL,
        serialization.NoEncryption(),
    )
    public = key.public_key().public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    record = b"v=DKIM1; k=rsa; p=" + base64.b64encode(public)

    def dns(name, timeout=5):
        return record if name == b"sel._domainkey.example.org." else None

    monkeypatch.setattr(authenticity, "DNS", dns)
    return private


def _signed(message: EmailMessage, private: bytes) -> bytes:
    raw = message.as_bytes(policy=policy.SMTP)
    signature = dkim.sign(raw, b"sel", b"example.org", private, include_headers=[b"from", b"to"])
    return signature + raw


def test_a_dkim_signature_of_the_senders_domain_that_verifies_is_accepted(
    settings, smtp, work, dkim_key
):
    game_id = new_game(settings, work)
    me, _you, _mine, yours = order(settings)
    sent = reply_message(smtp.to(me)[-1], "1")
    row, _ = deliver(settings, _signed(sent, dkim_key), rcpt_to=str(sent["To"]), mail_from=me)
    assert row.outcome == "applied" and state(settings, game_id)[1] == [yours]


def test_a_dkim_signature_that_fails_is_refused_with_a_warning_to_the_seat(
    settings, smtp, work, dkim_key
):
    game_id = new_game(settings, work)
    me, _you, mine, _yours = order(settings)
    sent = reply_message(smtp.to(me)[-1], "1")
    raw = _signed(sent, dkim_key).replace(b"\n1", b"\n9")  # body altered after signing
    row, ids = deliver(settings, raw, rcpt_to=str(sent["To"]), mail_from=me)
    assert row.outcome == "refused: DKIM signature does not verify" and len(ids) == 1
    assert state(settings, game_id)[1] == [mine]


# --- reading ---------------------------------------------------------------------------

QUOTED = {
    "en": "5\n\nOn Thu, 26 Nov 2026 at 07:00, Play by email <games@pbem.test> wrote:\n> 1 top\n",
    "ru": "5\n\nчт, 26 нояб. 2026 г. в 07:00, Play by email <games@pbem.test>:\n> 1 top\n",
    "ja": "5\n\n2026年11月26日(木) 7:00 Play by email <games@pbem.test>:\n> 1 top\n",
    "es": "5\n\nEl jue, 26 nov 2026 a las 7:00, Play (<games@pbem.test>) escribió:\n> 1\n",
    "outlook": "5\n\n-----Original Message-----\nFrom: Play by email\nSubject: turn\n\n1\n",
    "signature": "5\n\n-- \nAnn\nSent from my phone\n",
}


@pytest.mark.parametrize("style", sorted(QUOTED))
def test_the_quoted_original_and_signature_are_not_read(settings, smtp, work, style):
    game_id = new_game(settings, work)
    me, _you, _mine, yours = order(settings)
    row, _ = deliver(settings, reply_message(smtp.to(me)[-1], QUOTED[style]))
    assert row.outcome == "applied", row.answer
    assert state(settings, game_id)[1] == [yours]
    assert row.answer["steps"] == [row.answer["steps"][0]]  # one line read: "5"


def test_an_html_only_reply_is_read_as_text(settings, smtp, work):
    game_id = new_game(settings, work)
    me, _you, _mine, yours = order(settings)
    html = (
        "<html><body><div dir='ltr'>3</div><br><div class='gmail_quote'>"
        "<div>On Thu, Play wrote:</div><blockquote>1 top</blockquote></div></body></html>"
    )
    row, _ = deliver(settings, reply_message(smtp.to(me)[-1], "", html=html))
    assert row.outcome == "applied" and state(settings, game_id)[1] == [yours]


def test_full_width_digits_and_decoration_still_read_as_a_code(settings, smtp, work):
    game_id = new_game(settings, work)
    me, _you, _mine, yours = order(settings)
    row, _ = deliver(settings, reply_message(smtp.to(me)[-1], "５。"))
    assert row.outcome == "applied" and state(settings, game_id)[1] == [yours]


def test_deep_mime_nesting_and_broken_charsets_are_read_defensively(settings, smtp, work):
    game_id = new_game(settings, work)
    me, _you, mine, yours = order(settings)
    turn = smtp.to(me)[-1]
    sent = reply_message(turn, "1")
    boundary = "b"
    head = b"".join(f"{k}: {sent[k]}\n".encode() for k in ("From", "To", "Subject", "Message-ID"))
    # 90 levels: far deeper than MAX_DEPTH, and 180 delimiters, within MAX_PARTS.
    nested = b"".join(
        b'Content-Type: multipart/mixed; boundary="%s%d"\n\n--%s%d\n'
        % (boundary.encode(), i, boundary.encode(), i)
        for i in range(90)
    )
    closing = b"".join(b"\n--%s%d--\n" % (boundary.encode(), i) for i in reversed(range(90)))
    leaf = b"Content-Type: text/plain\n\n1\n"
    raw = head + b"MIME-Version: 1.0\n" + nested + leaf + closing
    row, _ids = deliver(settings, raw, rcpt_to=str(sent["To"]), mail_from=me)
    # Read no deeper than reading.MAX_DEPTH: the "1" 90 levels down is not a move.
    assert row.outcome == "refused: empty reply", row.answer
    assert state(settings, game_id)[1] == [mine]
    broken = reply_message(turn, "1")
    broken.set_content(b"1\n\xff\xfe\x80 caf\xe9\n", "text", "plain", cte="8bit")
    broken.replace_header("Content-Type", "text/plain; charset=no-such-charset")
    row, _ = deliver(settings, broken.as_bytes(), rcpt_to=str(sent["To"]), mail_from=me)
    assert row.outcome == "applied" and state(settings, game_id)[1] == [yours]


def test_a_seat_is_warned_of_forged_mail_at_most_once_an_hour(settings, smtp, work):
    from datetime import timedelta

    from freezegun import freeze_time

    from service.store.eventstore import now

    new_game(settings, work)
    me, _you, _mine, _yours = order(settings)
    turn = smtp.to(me)[-1]
    start = now() - timedelta(hours=1, seconds=2)  # the later one is sent now, for real
    with freeze_time(start):
        first = [
            deliver(settings, reply_message(turn, "1", sender=f"m{i}@evil.example"))
            for i in range(3)
        ]
    later = deliver(settings, reply_message(turn, "1", sender="m9@evil.example"))
    assert [row.outcome for row, _ in first] == ["refused: sender is not the seat's player"] * 3
    assert [len(ids) for _, ids in first] == [1, 0, 0], "one warning, then none for an hour"
    assert len(later[1]) == 1, "an hour on, the seat is warned again"
    work()
    assert len(answers(smtp, me)) == 2
