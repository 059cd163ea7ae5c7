"""Canasta rules engine: every rule set as data, one state machine, exact scoring."""

from . import state as _state
from .actions import Action, Op
from .errors import CanastaError, IllegalAction, NotationError, RecordError, RuleError, SeatError
from .presets import PRESETS, rules
from .rules import RuleSet
from .state import GameState, Phase

#: True when the engine runs as mypyc-compiled modules (a wheel: ``pip install .``), False when it runs
#: as plain Python (an editable install, or a machine without a C compiler); the rules are the same.
COMPILED: bool = not _state.__file__.endswith(".py")
#: Which engine runs, in words (``canasta --version`` prints it).
ENGINE = "compiled (mypyc)" if COMPILED else "pure Python"

__all__ = ["COMPILED", "ENGINE", "PRESETS", "Action", "CanastaError", "GameState", "IllegalAction",
           "NotationError", "Op", "Phase", "RecordError", "RuleError", "RuleSet", "SeatError", "rules"]
__version__ = "0.1.0"
