"""Every refusal the engine makes is a code and its data, with its English words in one table
(``canasta.refusals``): each code the engine returns has a template there, each template names only
data its code is given, every template is used, and the data are typed by their key (cards in
notation, ranks 2..14, numbers) so that any language can write them (issue 36, ``canasta.messages``).
Then the refusals issue 33 found naming the wrong reason."""

from __future__ import annotations

import ast
import json
import random
import string
from collections.abc import Iterator
from pathlib import Path

import pytest

from canasta import Action, GameState, IllegalAction, Op, rules
from canasta.cards import JOKER, parse_card
from canasta.engine.conditions import GOING_OUT_CODES
from canasta.messages import Template, kind_of, render
from canasta.presets import PRESETS
from canasta.records import position
from canasta.refusals import REFUSALS

SRC = Path(__file__).resolve().parent.parent / "src" / "canasta"
# the modules whose checks refuse moves: the action modules, the state, and the predicates they share
SOURCES = [*sorted((SRC / "engine").glob("*.py")), SRC / "state.py", SRC / "melds.py", SRC / "actions.py"]


def placeholders(template: Template) -> set[str]:
    """The data a template names (both forms of a pair; the pair's count ``n`` too)."""
    forms = (template,) if isinstance(template, str) else template
    names = {name for form in forms for _, name, _, _ in string.Formatter().parse(form) if name}
    return names | ({"n"} if not isinstance(template, str) else set())


def _returned_codes(tree: ast.Module, function: str) -> set[str]:
    """The string constants a function of ``tree`` returns (``GameState.frozen_reason``'s codes)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == function:
            return {r.value.value for r in ast.walk(node) if isinstance(r, ast.Return)
                    and isinstance(r.value, ast.Constant) and isinstance(r.value.value, str)}
    raise AssertionError(f"no function {function}")


def refusal_sites() -> Iterator[tuple[str, str, set[str]]]:
    """Every refusal written in the sources, ``(where, code, data keys)``: a tuple ``(code, {...})``
    whose code is a string (or a choice of two), one of go_out_problem's ``codes[i]`` (each play's
    words, ``GOING_OUT_CODES``) or the code ``frozen_reason`` gives. Any other tuple that pairs
    something with a dict fails here: a new way of writing a refusal must be taught to this test."""
    frozen = _returned_codes(ast.parse((SRC / "state.py").read_text(encoding="utf-8")), "frozen_reason")
    assert frozen == {"frozen", "frozen_always", "frozen_unopened"}
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Tuple) and len(node.elts) == 2
                    and isinstance(node.elts[1], ast.Dict)):
                continue
            code, data = node.elts
            assert isinstance(data, ast.Dict)
            where = f"{path.relative_to(SRC)}:{node.lineno}"
            assert all(isinstance(k, ast.Constant) and isinstance(k.value, str) for k in data.keys), where
            keys = {k.value for k in data.keys if isinstance(k, ast.Constant)}
            if isinstance(code, ast.Constant) and isinstance(code.value, str):
                yield where, code.value, keys
            elif isinstance(code, ast.IfExp) and all(isinstance(c, ast.Constant)
                                                     for c in (code.body, code.orelse)):
                for c in (code.body, code.orelse):
                    assert isinstance(c, ast.Constant)
                    yield where, c.value, keys
            elif (isinstance(code, ast.Subscript) and isinstance(code.value, ast.Name)
                  and code.value.id == "codes" and isinstance(code.slice, ast.Constant)):
                for family in GOING_OUT_CODES:
                    yield where, family[code.slice.value], keys
            elif isinstance(code, ast.IfExp) and "codes[" in ast.unparse(code):
                for family in GOING_OUT_CODES:
                    for part in (code.body, code.orelse):
                        assert isinstance(part, ast.Subscript) and isinstance(part.slice, ast.Constant)
                        yield where, family[part.slice.value], keys
            elif isinstance(code, ast.Name) and code.id == "frozen":
                for c in sorted(frozen):
                    yield where, c, keys
            else:
                raise AssertionError(f"{where}: a refusal written as {ast.unparse(node)!r} "
                                     "(see refusal_sites)")


def test_every_refusal_has_its_words_and_every_template_names_only_its_data() -> None:
    sites = list(refusal_sites())
    assert len(sites) > 150
    problems = []
    for where, code, keys in sites:
        if code not in REFUSALS:
            problems.append(f"{where}: {code!r} has no template in canasta/refusals.py")
        elif not placeholders(REFUSALS[code]) <= keys:
            problems.append(f"{where}: {code!r} names {sorted(placeholders(REFUSALS[code]) - keys)}, not in "
                            f"its data {sorted(keys)}")
    assert not problems, "\n".join(problems)
    unused = set(REFUSALS) - {code for _, code, _ in sites}
    assert not unused, f"templates no check uses: {sorted(unused)}"


def test_the_table_is_one_sentence_per_code() -> None:
    """One code per sentence: no two codes share their words (a code that covered several sentences
    was split, issue 36)."""
    seen: dict[Template, str] = {}
    for code, template in REFUSALS.items():
        assert template not in seen, f"{code} and {seen[template]} say the same"
        seen[template] = code
        assert code.isidentifier() and code == code.lower(), code


def _typed(code: str, data: dict[str, object]) -> None:
    """The data of a refusal are JSON-ready and typed by their key (``canasta.messages``)."""
    json.dumps(data)
    for key, value in data.items():
        kind = kind_of(key, value)
        if kind == "card":
            assert isinstance(value, str) and 0 <= parse_card(value) <= JOKER, (code, key, value)
        elif kind == "cards":
            assert isinstance(value, list) and all(isinstance(c, str) for c in value), (code, key, value)
        elif kind == "rank":
            assert isinstance(value, int) and 2 <= value <= 14, (code, key, value)
        else:
            assert isinstance(value, (int, str)) and not isinstance(value, bool), (code, key, value)
    assert render(REFUSALS[code], data)


def _tries(s: GameState, rng: random.Random) -> list[Action]:
    """Actions to try in ``s``: the legal ones and many that are not (every face discarded, added to
    each meld, triples and pairs from the hand melded or taking the pile, every other kind)."""
    out = s.legal_actions()
    hand = [f for f in range(53) for _ in range(s.hands[s.actor][f])]
    melds = len(s.melds[s.side_of(s.actor)])
    for f in rng.sample(range(53), 12):
        out.append(Action(Op.DISCARD, (f,)))
        out.append(Action(Op.ADD, (f,), rng.randrange(-1, melds + 2)))
    for size in (1, 2, 3, 4):
        if len(hand) >= size:
            for _ in range(3):
                cards = tuple(sorted(rng.sample(hand, size)))
                out += [Action(Op.MELD, cards), Action(Op.TAKE, cards[:2], rng.randrange(-1, melds + 1)),
                        Action(Op.TOP, cards)]
    out += [Action(op) for op in (Op.DRAW, Op.UPCARD, Op.ASK, Op.YES, Op.NO, Op.RETRACT, Op.END, Op.PASS)]
    out += [Action(Op.MERGE, (), rng.randrange(melds + 1), rng.randrange(melds + 1)),
            Action(Op.DECLARE, tuple(hand[:1]), rng.randrange(4))]
    return out


@pytest.mark.parametrize("preset", list(PRESETS))
def test_a_walk_through_random_games_refuses_with_typed_data(preset: str) -> None:
    """In random games of every rule set, every refusal met (of many actions tried at each step) has
    its template, typed data, and is the same code and data ``apply`` raises, in those words."""
    met: set[str] = set()
    for seed in (1, 2):
        s = GameState.new(rules(preset), seed)
        rng = random.Random(seed)
        for _ in range(160):
            if s.is_over:
                break
            for a in _tries(s, rng):
                why = s.why_illegal(a)
                if why is None:
                    continue
                code, data = why
                assert code in REFUSALS, code
                _typed(code, data)
                met.add(code)
            bad = [a for a in _tries(s, rng)[-6:] if s.why_illegal(a) is not None]
            if bad:
                with pytest.raises(IllegalAction) as e:
                    s.apply(bad[0])
                assert (e.value.code, e.value.data) == s.why_illegal(bad[0])
                assert e.value.message == render(REFUSALS[e.value.code], e.value.data)
            s.apply(rng.choice(s.legal_actions()))
    assert len(met) >= 20, sorted(met)


# ---------------------------------------------------------------------------- the reasons named
def _classic(hand: str, melds: list[str] | None = None, preset: str = "classic") -> GameState:
    return position({"rules": preset, "dealer": 3, "turn": 0, "phase": "play",
                     "hands": [hand, "4D 4H 6S", "8C 8D JH", "TC TD QS"], "stock": "7C 8S 9S JC",
                     "pile": "4C 9H", "melds": [melds or ["QH QS QD"], []]})


def _refused(s: GameState, action: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as e:
        s.apply(action)
    return e.value


def test_S0_C_a_meld_of_two_ranks_is_refused_for_its_ranks_not_its_size() -> None:
    """S0 [C] "A Meld = 3 or more cards of the same rank"; S2 "A meld consists of three or more
    cards": K♣ 4♣ are refused because their ranks differ, not because a new meld is three cards
    (issue 33), in every rule set, with or without sequences."""
    for preset in ("classic", "gvr-club", "spanish", "american"):
        e = _refused(_classic("KC 4C 5D 7D 9C", preset=preset), "meld KC 4C")
        assert (e.code, str(e)) == ("mixed_ranks", "a meld's natural cards must all be of one rank"), preset
    s = position({"rules": "bolivia", "dealer": 3, "turn": 0, "phase": "play",
                  "hands": ["KC 4C 5D 7D 9C", "4D", "4H", "6S"], "stock": "7C 8S 9S JC", "pile": "4C 9H",
                  "melds": [[], []]})
    e = _refused(s, "meld KC 4C")
    assert (e.code, str(e)) == ("mixed_ranks_or_run", "a meld is cards of one rank, or a sequence of one "
                                "suit in a row")


def test_R11_a_king_and_a_black_three_differ_in_rank() -> None:
    """R 1.1 (black threes melded only when going out) is not the reason K♥ 3♣ are refused: a natural
    king and a three are two ranks (issue 33)."""
    e = _refused(_classic("KH 3C 5D 7D 9C"), "meld KH 3C")
    assert e.code == "mixed_ranks" and "black" not in str(e)
    e = _refused(_classic("KH KD 3C 7D 9C"), "meld KH KD 3C")
    assert e.code == "mixed_ranks"
    # black threes alone are still refused for what black threes need (R 1.1: three or four)
    e = _refused(_classic("3C 3S 5D 7D 9C"), "meld 3C 3S")
    assert e.code == "black_three_min" and str(e) == "you need at least 3 black threes to meld them"


def test_cards_in_refusals_are_named_as_players_write_them() -> None:
    """A refusal names a card as players write it (Q♥), never by its notation code (QH): the data
    hold the notation, the words the card (issue 33)."""
    s = position({"rules": "classic", "dealer": 3, "turn": 0, "phase": "draw",
                  "hands": ["QC 7S 5D 7D 9C", "4D 4H 6S", "8C 8D JH", "TC TD QS"], "stock": "7C 8S 9S JC",
                  "pile": "4C QH", "melds": [["KH KS KD"], []]})
    e = _refused(s, "take QC 7S")
    assert e.code == "wrong_rank" and e.data == {"top_card": "QH", "card": "7S"}
    assert str(e) == "to take the pile your cards must match the top card (Q♥); 7♠ does not"
    s.apply("draw")
    e = _refused(s, "add @0 TS")
    assert (e.code, e.data, str(e)) == ("not_in_hand", {"card": "TS"}, "you do not hold 10♠")
    e = _refused(s, "add @0 5D")
    assert str(e) == "5♦ does not belong in the meld of kings"
    for code, template in REFUSALS.items():  # no sentence spells a card in notation
        for form in (template,) if isinstance(template, str) else template:
            assert not any(w.strip("(),;:") in {"QH", "KH", "7S", "JK"} for w in form.split()), code
