"""z3 models of rule 58's properties that describe a resolution, as cases to replay: the
scenario, the answers that lead the resolution to what the property speaks of, the rule's
value there in words and how to read the engine's from the resolved game.

A level model (58.21-58.22) is its surrender facts; a colony model (58.53) a surrender at
its level, the Vichy decision and its die for every colony group; a force model (58.6) a
surrender at its level with its Vichy decision; a fleet model (58.21C) a surrender with
those ready and damaged fleet factors. A model of the naval split (58.64) speaks of ship
counts per kind of port under force levels, which no scenario places as such: it gets no
file, and the reason names the table rows, if any, that give those levels.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from armistice.core.awaw.rule58 import rules
from armistice.core.awaw.rule58.scenario import AwawScenario
from armistice.core.awaw.rule58.state import FallOfFrance
from armistice.core.awaw.rule58.tables import FORCE_FIELDS, Forces, Tables
from armistice.core.awaw.words import COLONY_STATUSES, FrenchSide
from armistice.core.game import Game
from armistice.core.prompts import AnswerValue
from armistice.core.tablefiles import HouseTables
from armistice.verify.awaw.rule58 import spec
from armistice.verify.awaw.rule58.counterexample import surrender

Reading = Callable[[Game], str]
"""The engine's value in a resolved game, in words."""


@dataclass(frozen=True)
class ModelCase:
    """A z3 model as a resolution: ``scenario``, the ``answers`` (prompt key, answer) in
    order, ``what`` the values are (e.g. ``the surrender level``), the ``rule``'s value in
    words and the ``engine``'s, read from the game the answers lead to."""

    scenario: AwawScenario
    answers: tuple[tuple[str, AnswerValue], ...]
    what: str
    rule: str
    engine: Reading


def _state(game: Game) -> FallOfFrance:
    state = game.state
    assert isinstance(state, FallOfFrance)
    return state


def _level(game: Game) -> str:
    level = _state(game).surrender_level
    return "none" if level is None else _words(level.value, level.raw)


def _words(level: int, raw: int) -> str:
    return f"level {level:+d} from modifiers summing to {raw:+d}"


FULL_FLEET = 40
"""Ready fleet factors that give no fleet modifier in the published bands (58.21C)."""


def at_level(level: int, house: HouseTables | None) -> AwawScenario | None:
    """A Summer 1940 surrender with Paris held by the Axis, a full fleet and the net DPs
    (-12..12, fewest first) that make the engine under ``house`` give surrender level
    ``level``; None if none does."""
    for net in sorted(range(-12, 13), key=abs):
        s = surrender({"turn": 1, "paris_axis": True, "fleet_full": FULL_FLEET, "net_dps": net})
        found = _state(Game(s, seed=0, tables=house)).surrender_level
        if found is not None and found.value == level:
            return s
    return None


def _vichy(vichy: bool) -> tuple[str, AnswerValue]:
    return ("establish_vichy", "yes" if vichy else "no")


def _dice(t: Tables, die: int) -> tuple[tuple[str, AnswerValue], ...]:
    return tuple((f"colony_roll.{group}", die) for group in t.groups)


def _level_case(values: Mapping[str, Any], house: HouseTables | None) -> ModelCase:
    raw = spec.VOLUNTARY_LEVEL if values.get("voluntary") else sum(spec.modifiers(_Facts(values)))
    rule = _words(spec.level(raw), raw)
    return ModelCase(surrender(values), (), "the surrender level (58.21-58.22)", rule, _level)


class _Facts:
    """A level model's facts as :func:`spec.modifiers` reads them."""

    def __init__(self, values: Mapping[str, Any]) -> None:
        self.turn = values.get("turn", 1)
        self.paris_axis = bool(values.get("paris_axis", False))
        self.lyon_axis = bool(values.get("lyon_axis", False))
        self.marseilles_axis = bool(values.get("marseilles_axis", False))
        self.other_french_objectives = values.get("other_objectives", 0)
        self.ground_factors = values.get("ground_factors", 0)
        self.fleet_factors = spec.counted(
            values.get("fleet_full", 0), values.get("fleet_discounted", 0)
        )
        self.net_dps = values.get("net_dps", 0)
        self.cooperation = bool(values.get("cooperation", False))


def _colonies(game: Game) -> str:
    return ", ".join(f"{c} {x.value}" for c, x in _state(game).colonies.items()) or "none"


def _colony_case(
    values: Mapping[str, Any], house: HouseTables | None, t: Tables
) -> ModelCase | str:
    level, vichy, die = values["level"], bool(values["vichy"]), values["die"]
    s = at_level(level, house)
    if s is None:
        return f"no Summer 1940 surrender with Paris lost reaches level {level:+d}"
    status = COLONY_STATUSES[spec.colony_status(die, level, vichy)].value
    rule = ", ".join(f"{c} {status}" for c in s.colonies)
    answers = (_vichy(vichy), *_dice(t, die))
    return ModelCase(s, answers, "each colony's status (58.532)", rule, _colonies)


def _row(forces: Forces) -> str:
    return ", ".join(f"{n} {getattr(forces, n)}" for n in FORCE_FIELDS)


def _forces(game: Game) -> str:
    levels = _state(game).force_levels
    if not levels:
        return "no force levels"
    return "; ".join(f"{side.label}: {_row(levels[side])}" for side in FrenchSide)


def _published(level: int, vichy: bool) -> str:
    free = (spec.FREE_FRENCH_WITH_VICHY if vichy else spec.FREE_FRENCH_WITHOUT_VICHY)[level]
    vich = spec.VICHY[level] if vichy else (0,) * len(FORCE_FIELDS)
    return "; ".join(
        f"{side.label}: " + ", ".join(f"{n} {x}" for n, x in zip(FORCE_FIELDS, row, strict=True))
        for side, row in ((FrenchSide.FREE_FRENCH, free), (FrenchSide.VICHY, vich))
    )


def _least(level: int, vichy: bool, t: Tables) -> str:
    """58.621, 58.631 as far as a table can be judged without the book: the tables' rows
    for ``level`` with no cell below 0, or a sentence if a table has no such row."""
    try:
        rows = (rules.free_french_level(level, vichy, t), rules.vichy_level(level, vichy, t))
    except LookupError:
        return f"a row for level {level:+d} in each force table"
    return "; ".join(
        f"{side.label}: " + ", ".join(f"{n} {max(getattr(row, n), 0)}" for n in FORCE_FIELDS)
        for side, row in zip(FrenchSide, rows, strict=True)
    )


def _force_case(
    name: str, values: Mapping[str, Any], house: HouseTables | None, t: Tables
) -> ModelCase | str:
    level, vichy = values["level"], bool(values["vichy"])
    s = at_level(level, house)
    if s is None:
        return f"no Summer 1940 surrender with Paris lost reaches level {level:+d}"
    answers = (_vichy(vichy), *_dice(t, 1))
    published = name == "forces_match_published"
    rule = _published(level, vichy) if published else _least(level, vichy, t)
    return ModelCase(s, answers, "the force levels (58.621, 58.631)", rule, _forces)


def _fleet_modifier(game: Game) -> str:
    level = _state(game).surrender_level
    found = [m.value for m in (level.modifiers if level else ()) if m.rule == "58.21C"]
    return f"{found[0]:+d}" if found else "none"


def _fleet_case(values: Mapping[str, Any]) -> ModelCase:
    full, half = values.get("fleet_full", 0), values.get("fleet_discounted", 0)
    facts = {"turn": 1, "paris_axis": True, "fleet_full": full, "fleet_discounted": half}
    rule = f"{spec.fleet_band(spec.counted(full, half)):+d}"
    return ModelCase(surrender(facts), (), "the fleet modifier (58.21C)", rule, _fleet_modifier)


def case(
    name: str, values: Mapping[str, Any], house: HouseTables | None, t: Tables
) -> ModelCase | str | None:
    """The resolution the z3 model ``values`` of property ``name`` describes under the
    ``house`` tables (``t``: the tables in use): a :class:`ModelCase`, a sentence saying why
    the model describes none, or None for a model this module does not know."""
    if "turn" in values:
        return _level_case(values, house)
    if name == "colony_status_follows_58_53":
        return _colony_case(values, house, t)
    if name in ("force_tables_total", "forces_match_published"):
        return _force_case(name, values, house, t)
    if name == "fleet_modifier_bands":
        return _fleet_case(values)
    if name == "naval_allocation_conserves":
        return _naval(values, t)
    if "turn_a" in values:
        return "the model compares two surrenders; each alone stays within the rule"
    return None


SHIP_FIELDS = ("named_ships", "cruisers", "destroyer_factors")
"""The force-table columns that count ships (58.641)."""


def _naval(values: Mapping[str, Any], t: Tables) -> str:
    """Why a naval split model gives no file: the rows, if any, whose force levels it uses."""
    wanted = (values.get("free_french_level", 0), values.get("vichy_level", 0))
    limit = t.rules.level.limit
    rows = [
        f"{kind} at level {level:+d} {'with' if vichy else 'without'} Vichy"
        for level in range(-limit, limit + 1)
        for vichy in (True, False)
        for kind in SHIP_FIELDS
        if (
            getattr(rules.free_french_level(level, vichy, t), kind),
            getattr(rules.vichy_level(level, vichy, t), kind),
        )
        == wanted
    ]
    levels = f"Free French {wanted[0]} and Vichy {wanted[1]} ships of one kind"
    where = (
        f"the tables give {levels} for " + ", ".join(rows[:3])
        if rows
        else (f"no level and Vichy choice gives {levels}")
    )
    return (
        f"{where}; the model's ships per kind of port are not a fleet a scenario places "
        "(armistice verify --exhaustive resolves whole fleets: ships_one_fate, "
        "forces_match_table_level)"
    )
