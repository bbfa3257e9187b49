"""What every game package builds on (DESIGN.md §10.3): its events vocabulary, the context
that emits them during a decision, memoisation without globals, the shapes of its picture,
the data of its panels, and the assembly of its modules into the engine contract."""

from engine.kit.emit import Emitter
from engine.kit.events import UnknownEvent, Vocabulary
from engine.kit.game import Board, Packaged
from engine.kit.memo import last_answer

__all__ = ["Board", "Emitter", "Packaged", "UnknownEvent", "Vocabulary", "last_answer"]
