"""Write the golden game records: a few hands of seeded random play in each preset.

Golden records are change detectors, not rule tests: tests/test_golden.py replays them and the engine
must reproduce every action's legality and the saved result exactly. Regenerate them only after an
intended change of behaviour (and say so in the commit): ``python tests/golden/make_golden.py [NAME ...]``.
"""

from __future__ import annotations

import random
from pathlib import Path

from canasta import GameState, rules
from canasta.presets import PRESETS
from canasta.records import GameRecord, save

GOLDEN = Path(__file__).parent
# every preset at its default table (a new preset gets its record here), and two other table sizes
TABLES: dict[str, dict[str, int]] = {name: {} for name in PRESETS}
TABLES.update({"spanish-3": {"players": 3}, "bolivia-6": {"players": 6}})
HANDS = 3


def main(names: list[str]) -> None:
    """Write the records named (default: all); name only new ones, the others must not change."""
    for name, overrides in TABLES.items():
        if names and name not in names:
            continue
        preset = name if name in PRESETS else name.rsplit("-", 1)[0]
        s = GameState.new(rules(preset, **overrides), seed=2026)
        rng = random.Random(7)
        while not s.is_over and len(s.results) < HANDS:
            s.apply(rng.choice(s.legal_actions()))
        save(GameRecord.of(s), str(GOLDEN / f"{name}.json"))
        print(name, s.nactions, "actions", s.scores)


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
