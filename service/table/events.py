"""Every ``table.*`` event the service writes, or ever wrote (DESIGN.md §10.3), declared once:
the table's fold (:mod:`.rules`) and the history (:mod:`service.audit.history`) are tables
keyed by this vocabulary, each checked to cover all of it when imported, and an event of any
other type makes the fold raise (a misspelling is never folded as nothing).
"""

from __future__ import annotations

from engine.kit import Vocabulary

EVENTS = Vocabulary("table")

# ---------------------------------------------------------------- pace and reminders (issue 4)

PACE_SET = EVENTS.declare("table.pace_set")
"""The pace chosen at creation: days per decision, reminders, the deadline's time zone."""
REMINDED = EVENTS.declare("table.reminded")
"""A seat was reminded of its decision (``number``: the reminder's count)."""
NUDGED = EVENTS.declare("table.nudged")
"""Another player nudged a seat (at most once a day)."""
AWAY = EVENTS.declare("table.away")
"""A seat declared itself away from ``first`` to ``last`` (ISO days): its clock pauses."""

# ---------------------------------------------------------------- a late seat's vote (issue 4)

DEADLINE_PASSED = EVENTS.declare("table.deadline_passed")
"""A seat's deadline passed: the others vote on it."""
VOTE_CAST = EVENTS.declare("table.vote_cast")
"""A voter's ``choice`` in the open ballot."""
VOTE_DECIDED = EVENTS.declare("table.vote_decided")
"""The ballot's ``choice``: wait, a bot, a new player, or the end."""
SEAT_OFFERED = EVENTS.declare("table.seat_offered")
"""A seat handed to a newcomer who has not claimed it yet (issue 30: named by its ballot and
proposer, never by name)."""
SEAT_CLAIMED = EVENTS.declare("table.seat_claimed")
"""A newcomer took the seat over."""
PLAYER_RETURNED = EVENTS.declare("table.player_returned")
"""A seat's player is back: no more bot."""

# ---------------------------------------------------------------- bots at the table (issue 37)

BOT_SEATED = EVENTS.declare("table.bot_seated")
"""A seat made a bot's at the game's creation, of ``level`` (stand-in, casual, strong):
nobody plays it, and the game's results say so."""

# ---------------------------------------------------------------- players who go (issues 30 to 32)

PLAYER_LEFT = EVENTS.declare("table.player_left")
"""Issue 30: the seat's player was forgotten; the seat goes to the absent-seat rules."""
RESIGNED = EVENTS.declare("table.resigned")
"""Issue 32: the seat's player resigned; with a ``standing``, that ended the game."""
UNREACHABLE = EVENTS.declare("table.unreachable")
"""Issue 31: the seat's address no longer receives our emails; the others were told."""
REACHABLE = EVENTS.declare("table.reachable")
"""Issue 31: the seat's player gave an address that receives our emails again."""

# ---------------------------------------------------------------- table talk (issue 35 §2)

SAID = EVENTS.declare("table.said")
"""A seat said something to the table: the payload holds the salted ``digest`` of the words,
which are kept beside the log (:mod:`service.play.talk`)."""

# ---------------------------------------------------------------- plans ahead (issue 38)

PLAN_SET = EVENTS.declare("table.plan_set")
"""A seat's plan (``plan``: its number; ``order``: the standing order; ``after``: the seq it
was set after; ``at``: when), written when it first fires or when the game ends: a plan
waits beside the log, private to its seat (:mod:`service.play.plans`)."""
PLAN_FIRED = EVENTS.declare("table.plan_fired")
"""The seat's plan ``plan`` plays the move the next events record."""
PLAN_DROPPED = EVENTS.declare("table.plan_dropped")
"""At the game's end: the seat's plan ``plan`` had stopped at ``at_seq`` for ``reason``
(its one move played, cancelled, or what it did not foresee; ``over``: it was waiting)."""

# ---------------------------------------------------------------- the game's life

CLOSED = EVENTS.declare("table.closed")
"""The operator closed the game (``pbem close``): it ended as it stood, for good."""
DORMANT = EVENTS.declare("table.dormant")
"""Nobody answered, or nobody else could vote: the game went quiet."""
RESUMED = EVENTS.declare("table.resumed")
"""A quiet game woke up (or went on here, imported from another server)."""
ABANDONED = EVENTS.declare("table.abandoned")
"""The game was ended as it stood (``standing``)."""
REVIVE_AGREED = EVENTS.declare("table.revive_agreed")
"""A player agreed to revive an ended game."""
REVIVED = EVENTS.declare("table.revived")
"""Every player agreed: the ended game goes on."""

# ---------------------------------------------------------------- takebacks

TAKEBACK_REQUESTED = EVENTS.declare("table.takeback_requested")
"""A seat asked to take back its last decision."""
TAKEBACK_APPROVED = EVENTS.declare("table.takeback_approved")
"""Another player agreed to the takeback."""
TAKEBACK_REFUSED = EVENTS.declare("table.takeback_refused")
"""Another player refused the takeback."""
TAKEN_BACK = EVENTS.declare("table.taken_back")
"""The events ``first_seq`` to ``last_seq`` are undone: the game rewinds to before them."""
