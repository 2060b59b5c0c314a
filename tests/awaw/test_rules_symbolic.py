"""Every rule-58 function runs on z3 terms and agrees with its concrete self."""

from __future__ import annotations

import dataclasses
import inspect
import itertools
from collections.abc import Callable
from typing import Any

import pytest
import z3
from hypothesis import assume, given
from hypothesis import strategies as st

from armistice.core.awaw.rule58 import rules
from armistice.core.awaw.rule58.tables import FORCE_FIELDS, Forces, shipped

T = shipped()


def _value(term: z3.ExprRef, **bindings: int) -> int:
    subs = [(z3.Int(name), z3.IntVal(v)) for name, v in bindings.items()]
    return z3.simplify(z3.substitute(term, *subs)).as_long()


def test_58_21_surrender_level_is_symbolic_and_matches_concrete() -> None:
    names = ("other", "ground", "fleet", "turn", "dps")
    ints = {n: z3.Int(n) for n in names}
    flags = {n: z3.Bool(n) for n in ("voluntary", "paris", "lyon", "marseilles", "coop")}
    facts = rules.SurrenderFacts(
        voluntary=flags["voluntary"],
        paris_axis=flags["paris"],
        lyon_axis=flags["lyon"],
        marseilles_axis=flags["marseilles"],
        other_french_objectives=ints["other"],
        ground_factors=ints["ground"],
        fleet_factors=ints["fleet"],
        turn=ints["turn"],
        net_dps=ints["dps"],
        cooperation=flags["coop"],
    )
    raw, level = rules.surrender_level(facts, T)
    assert isinstance(raw, z3.ArithRef)
    assert isinstance(level, z3.ArithRef)
    concrete = rules.SurrenderFacts(False, True, False, True, 0, 21, 45, 2, 0, False)
    subs = [(ints[n], z3.IntVal(v)) for n, v in zip(names, (0, 21, 45, 2, 0), strict=True)]
    subs += [
        (flags[n], z3.BoolVal(v))
        for n, v in zip(
            ("voluntary", "paris", "lyon", "marseilles", "coop"),
            (False, True, False, True, False),
            strict=True,
        )
    ]
    assert z3.simplify(z3.substitute(level, *subs)).as_long() == -1
    assert rules.surrender_level(concrete, T) == (-1, -1)


def test_58_21c_fleet_modifier_is_symbolic_and_matches_concrete() -> None:
    term = rules.fleet_modifier(rules.counted_fleet(z3.Int("full"), z3.Int("half")), T)
    for full, half in itertools.product(range(0, 50, 7), range(0, 12, 3)):
        expected = rules.fleet_modifier(rules.counted_fleet(full, half), T)
        assert _value(term, full=full, half=half) == expected


def test_58_531_colony_rules_are_symbolic_and_match_concrete() -> None:
    die, level = z3.Int("die"), z3.Int("level")
    vichy = z3.Bool("vichy")
    status = rules.colony_status(
        rules.colony_result(rules.colony_modified_roll(die, level, vichy, T), T), vichy
    )
    for d, lv, v in itertools.product(range(1, 7), range(-3, 4), (True, False)):
        concrete = rules.colony_status(
            rules.colony_result(rules.colony_modified_roll(d, lv, v, T), T), v
        )
        subs = [(die, z3.IntVal(d)), (level, z3.IntVal(lv)), (vichy, z3.BoolVal(v))]
        assert z3.simplify(z3.substitute(status, *subs)).as_long() == concrete


def test_58_6_force_levels_and_naval_split_are_symbolic() -> None:
    level, vichy = z3.Int("level"), z3.Bool("vichy")
    free = rules.free_french_level(level, vichy, T)
    vich = rules.vichy_level(level, vichy, T)
    for field in FORCE_FIELDS:
        for lv, v in itertools.product(range(-3, 4), (True, False)):
            subs = [(level, z3.IntVal(lv)), (vichy, z3.BoolVal(v))]
            assert z3.simplify(z3.substitute(getattr(free, field), *subs)).as_long() == getattr(
                rules.free_french_level(lv, v, T), field
            )
            assert z3.simplify(z3.substitute(getattr(vich, field), *subs)).as_long() == getattr(
                rules.vichy_level(lv, v, T), field
            )
    args = [z3.Int(n) for n in ("b", "m", "c", "v", "s", "fl", "vl", "k")]
    free_n, vichy_n, removed = rules.naval_split(*args)
    assert all(isinstance(x, z3.ArithRef) for x in (free_n, vichy_n, removed))
    assert rules.naval_split(2, 1, 0, 1, 0, 2, 2, 0) == (2, 1, 1)
    assert rules.naval_split(1, 0, 2, 0, 0, 2, 2, 1) == (2, 1, 0)


def test_58_641_contested_ships_taken_are_held_to_what_the_free_french_could_take() -> None:
    # One contested ship, a Vichy level of 5: a count of -3 taken must not give Vichy 4 ships.
    assert rules.naval_split(0, 0, 1, 0, 0, 0, 5, -3) == (0, 1, 0)
    # Free French level 2 from 1 British-port ship and 2 contested: they took 1 contested,
    # whatever count is passed, so Vichy get the other one.
    for passed in (-1, 0, 1, 2, 5):
        assert rules.naval_split(1, 0, 2, 0, 0, 2, 2, passed) == (2, 1, 0)


def test_58_7_brp_rules_are_symbolic() -> None:
    base, seasons = z3.Int("base"), z3.Int("seasons")
    assert _value(rules.conquest_value(base, T), base=60) == 20
    assert _value(rules.prorated(rules.conquest_value(base, T), seasons), base=60, seasons=1) == 5
    assert _value(rules.vichy_value(base, T), base=15) == 35


# Every public function of rules.py, called on z3 variables, evaluates at any drawn ints and
# bools to what the same function gives on those ints and bools: the game runs the concrete
# branch, verify proves the symbolic one. Arguments are drawn by their annotation (Num, Bool,
# Tables, SurrenderFacts), so a changed signature needs no change here. Draws that the concrete
# branch refuses (a level outside the force tables) are discarded.

RULES = [
    f
    for name, f in vars(rules).items()
    if inspect.isfunction(f) and f.__module__ == rules.__name__ and not name.startswith("_")
]
numbers = st.integers(-4, 4) | st.integers(-60, 60)


def _symbolic(
    annotation: str, name: str, draw: Callable[[Any], Any]
) -> tuple[Any, Any, dict[str, Any]]:
    """``(symbolic, concrete, values)`` for a parameter: z3 variables and the drawn values."""
    if annotation == "Num":
        value = draw(numbers)
        return z3.Int(name), value, {name: value}
    if annotation == "Bool":
        flag = draw(st.booleans())
        return z3.Bool(name), flag, {name: flag}
    if annotation == "Tables":
        return T, T, {}
    assert annotation == "SurrenderFacts", f"no strategy for {annotation}"
    symbolic, concrete, values = {}, {}, {}
    for field in dataclasses.fields(rules.SurrenderFacts):
        symbolic[field.name], concrete[field.name], drawn = _symbolic(
            str(field.type), f"{name}_{field.name}", draw
        )
        values |= drawn
    return rules.SurrenderFacts(**symbolic), rules.SurrenderFacts(**concrete), values


def _leaves(result: Any) -> list[Any]:
    """The numbers of a rule's result, in order: tuples, Forces and Terms taken apart."""
    if isinstance(result, tuple) and not isinstance(result, rules.Term):
        return [leaf for item in result for leaf in _leaves(item)]
    if isinstance(result, Forces):
        return [getattr(result, f) for f in FORCE_FIELDS]
    if isinstance(result, rules.Term):
        return [result.rule, result.label, *_leaves(result.value)]
    return [result]


def _evaluated(term: Any, values: dict[str, Any]) -> Any:
    if not z3.is_expr(term):
        return term
    subs = [
        (z3.Bool(n), z3.BoolVal(v)) if isinstance(v, bool) else (z3.Int(n), z3.IntVal(v))
        for n, v in values.items()
    ]
    done = z3.simplify(z3.substitute(term, *subs))
    if z3.is_bool(done):
        return z3.is_true(done)
    return done.as_long()


@pytest.mark.parametrize("rule", RULES, ids=lambda f: f.__name__)
@given(data=st.data())
def test_58_rule_functions_give_on_ints_what_they_give_on_z3_terms(
    rule: Callable[..., Any], data: st.DataObject
) -> None:
    symbolic, concrete, values = [], [], {}
    for p in inspect.signature(rule).parameters.values():
        s, c, v = _symbolic(str(p.annotation), p.name, data.draw)
        symbolic.append(s)
        concrete.append(c)
        values |= v
    try:
        expected = _leaves(rule(*concrete))
    except (KeyError, ValueError):
        assume(False)
    got = [_evaluated(leaf, values) for leaf in _leaves(rule(*symbolic))]
    assert got == expected
