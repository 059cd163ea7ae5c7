"""Canasta rules engine: every rule set as data, one state machine, exact scoring."""

from .actions import Action, Op
from .errors import CanastaError, IllegalAction, NotationError, RecordError, RuleError
from .presets import PRESETS, rules
from .rules import RuleSet
from .state import GameState, Phase

__all__ = ["PRESETS", "Action", "CanastaError", "GameState", "IllegalAction", "NotationError", "Op",
           "Phase", "RecordError", "RuleError", "RuleSet", "rules"]
__version__ = "0.1.0"
