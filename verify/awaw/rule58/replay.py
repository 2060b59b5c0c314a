"""A counterexample as a whole resolution: an exhaustive check's case, or a z3 model that
describes a resolution (:mod:`armistice.verify.awaw.rule58.models`), written as a scenario
file whose header gives the ``armistice resolve`` command that reproduces it, and the replay
of that command, under the same tables, that judges the resolution's state as the check
judged the step."""

from __future__ import annotations

import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from armistice.core import systems, tablefiles
from armistice.core.awaw.rule58.assumptions import (
    CORSICA,
    FLEET_DISCOUNT,
    FROM_VICHY_COLONIES,
    LOW_BRP_BASE,
    PRORATION,
    SENIOR_PARTNER,
    SHIP_RANGE,
    SHIP_SOURCES,
    ShipRange,
    ShipSources,
    YesNo,
)
from armistice.core.awaw.rule58.assumptions import VICHY_BRPS_AFTER_US_ENTRY as AFTER_US_ENTRY
from armistice.core.awaw.rule58.state import FallOfFrance
from armistice.core.awaw.rule58.tables import Tables, shipped
from armistice.core.game import Game
from armistice.core.prompts import AnswerValue, Roll, Via
from armistice.core.scenario import load
from armistice.verify.awaw.rule58 import judge, spec, steps
from armistice.verify.awaw.rule58.counterexample import file_name, found_by, write_scenario

Answers = Sequence[tuple[str, AnswerValue]]


@dataclass(frozen=True)
class House:
    """The tables a counterexample was found under, read once: the edited table ``files``
    (empty for the published tables) and the ``tables`` a game builds from them (None for the
    published ones), as :func:`house_tables` gives them."""

    files: tuple[Path, ...] = ()
    tables: tablefiles.HouseTables | None = None

    @classmethod
    def read(cls, files: Sequence[Path]) -> House:
        """The house tables of ``files``. Raises TableError naming the file, the field and
        the reason, as a game refuses them."""
        return cls(tuple(files), house_tables(files))


PUBLISHED = House()
"""The published tables."""


def house_tables(paths: Sequence[Path]) -> tablefiles.HouseTables | None:
    """The house tables of rule 58 in the edited table files at ``paths`` (as ``armistice
    resolve --tables`` reads them), or None for none or files that hold the published
    tables. Raises TableError naming the file, the field and the reason."""
    return tablefiles.read(systems.get("awaw.58"), list(paths))


def tables_of(house: tablefiles.HouseTables | None) -> Tables:
    """The tables a game under ``house`` runs with: the house tables, else the published."""
    return house.tables if house is not None else shipped()


def play(
    scenario: Any,
    assume: Mapping[str, str],
    answers: Answers,
    strict: bool = True,
    house: tablefiles.HouseTables | None = None,
) -> tuple[Game | None, list[tuple[str, AnswerValue]]]:
    """Resolve ``scenario`` under the ``house`` tables (None: the published ones) with the
    ``assume`` readings, giving each prompt the first of ``answers`` made for its key, until
    a prompt has none. Returns the game and the answers it took, in order. Raises what the
    engine raises, unless not ``strict``: then the game is None once the engine raises, and
    the answers end with the one it raised on."""
    try:
        return _play(scenario, assume, answers, house)
    except Exception:  # a broken engine may raise anywhere
        if strict:
            raise
        return None, list(answers)


def _play(
    scenario: Any,
    assume: Mapping[str, str],
    answers: Answers,
    house: tablefiles.HouseTables | None,
) -> tuple[Game | None, list[tuple[str, AnswerValue]]]:
    steps.fresh_caches()
    game = Game(scenario, assumptions=dict(assume), seed=0, tables=house)
    queue = list(answers)
    used: list[tuple[str, AnswerValue]] = []
    while game.prompt is not None:
        key = game.prompt.key
        found = next((i for i, (k, _) in enumerate(queue) if k == key), None)
        if found is None:
            break
        value = queue.pop(found)[1]
        game.answer(value, Via.TYPED if isinstance(game.prompt, Roll) else Via.DECIDED)
        used.append((key, value))
    return game, used


def spell(value: AnswerValue) -> str:
    """An answer as ``--decide`` takes it: an option, a face, or ``id:amount,...``."""
    if isinstance(value, dict):
        return ",".join(f"{k}:{n}" for k, n in value.items())
    return str(value)


def command(
    path: Path | str, assume: Mapping[str, str], answers: Answers, house: Sequence[Path] = ()
) -> str:
    """The ``armistice resolve`` command that gives ``answers`` to the file at ``path`` under
    the edited table files ``house`` (named by absolute path, so it runs from anywhere), each
    word quoted for a POSIX shell where it needs it."""
    words = ["armistice", "resolve", str(path)]
    for p in house:
        words += ["--tables", str(Path(p).resolve())]
    for k, v in assume.items():
        words += ["--assume", f"{k}={v}"]
    for k, a in answers:
        words += ["--decide", f"{k}={spell(a)}"]
    return shlex.join(words)


def write_case(
    folder: Path, property_name: str, values: Mapping[str, Any], house: House = PUBLISHED
) -> Path:
    """Write the case carried by ``values["resolve"]`` (scenario, readings, answers), found
    under the ``house`` tables, with a header: the property, the engine's and
    the rule's values and the command that reproduces it, checked by replaying it under the
    same tables (the header says so when a resolution's state cannot show the violation).
    Raises ScenarioError if the scenario does not load back."""
    carried = values["resolve"]
    _, used = play(carried.scenario, carried.assume, carried.answers, False, house.tables)
    path = folder / f"{file_name(property_name)}.toml"
    header = [
        found_by(property_name, True, bool(house.files)),
        f"Case: {values.get('case', '')}",
        f"The engine gives {values.get('engine', '')}; the rule {values.get('rule', '')}"
        f" ({values.get('differs', '')}).",
        "Reproduce it with:",
        f"  {command(path, carried.assume, used, house.files)}",
    ]
    written = write_scenario(folder, property_name, carried.scenario, header)
    if reproduces(written, property_name, values, house):
        return written
    header += [
        "A resolution's state does not show this: the step hands the next one what the",
        "check above found, and the resolution then goes on (or stops) from there.",
    ]
    return write_scenario(folder, property_name, carried.scenario, header)


def judge_state(game: Game, t: Tables, answers: Answers) -> judge.Broken:
    """Every property the state of ``game`` so far breaks, judged as the exhaustive checks
    judge each step (``answers``: what the game was given, in order)."""
    s, state, assume = game.scenario, game.state, game.assumptions
    assert isinstance(state, FallOfFrance)
    broken: judge.Broken = {}
    lv = state.surrender_level
    if lv is None:
        return broken
    per_ship = assume[FLEET_DISCOUNT.key] == "per_ship"
    broken |= judge.level(s, lv, per_ship, assume[CORSICA.key] == "yes", spec.house(t))
    broken |= judge.handover_level(t, lv.value)
    if lv.value not in t.vichy or not state.colonies:
        return broken
    vichy = bool(state.vichy_established)
    dice = {r.group: r.die for r in state.colony_rolls}
    statuses = {c: x.value for c, x in state.colonies.items()}
    broken |= judge.colonies(s, t, lv.value, vichy, statuses, dice, state.holders)
    if state.units and state.force_levels:
        broken |= judge.units(s, t, lv.value, vichy, statuses, state.units, answers)
    if state.fleet is not None:
        readings = (
            ShipRange(assume[SHIP_RANGE.key]),
            ShipSources(assume[SHIP_SOURCES.key]),
            YesNo(assume[FROM_VICHY_COLONIES.key]),
        )
        case = judge.FleetCase(s, t, lv.value, vichy, statuses, readings)
        broken |= judge.fleet(case, state.forces, state.fleet, [k for k, _ in answers])
    if state.brp is not None:
        brp = spec.BrpReadings(
            *(assume[a.key] for a in (PRORATION, LOW_BRP_BASE, SENIOR_PARTNER, AFTER_US_ENTRY))
        )
        broken |= judge.brp(s, t, vichy, statuses, brp, state.brp)
    return broken


def reproduces(
    path: Path, property_name: str, values: Mapping[str, Any], house: House = PUBLISHED
) -> bool:
    """Whether resolving the file at ``path`` under the ``house`` tables with the case's
    readings and answers breaks ``property_name`` again (an engine that raises on the way
    breaks it too; one that refuses an answer does not). Raises ScenarioError if the file
    does not load."""
    carried = values["resolve"]
    scenario = load(str(path))
    tables = house.tables
    try:
        game, used = play(scenario, carried.assume, carried.answers, house=tables)
    except ValueError:  # an answer this engine refuses: the case does not arise
        return False
    except Exception:  # a broken engine may raise anywhere
        return True
    return game is not None and property_name in judge_state(game, tables_of(tables), used)


def write_model(
    folder: Path, property_name: str, values: Mapping[str, Any], house: House = PUBLISHED
) -> Path | str | None:
    """Write the resolution a z3 model ``values`` of ``property_name`` describes
    (:func:`armistice.verify.awaw.rule58.models.case`), found under the ``house`` tables,
    with a header: the property, z3's inputs, the engine's value beside the
    rule's in the resolution and the command that reproduces it; the header says so when
    the resolution does not show the violation. Returns the path, a sentence saying why the
    model describes no resolution, or None for a model of no resolution. Raises
    ScenarioError if the scenario does not load back."""
    from armistice.verify.awaw.rule58.models import case

    tables = house.tables
    found = case(property_name, values, tables, tables_of(tables))
    if found is None or isinstance(found, str):
        return found
    path = folder / f"{file_name(property_name)}.toml"
    game, used = play(found.scenario, {}, found.answers, False, tables)
    engine = "an error" if game is None else found.engine(game)
    inputs = ", ".join(f"{k}={v}" for k, v in sorted(values.items()))
    header = [
        found_by(property_name, False, bool(house.files)),
        f"z3's inputs: {inputs}",
        f"Resolved, {found.what}:",
        f"  the engine gives {engine}",
        f"  the rule gives {found.rule}",
        "Reproduce it with:",
        f"  {command(path, {}, used, house.files)}",
    ]
    if engine == found.rule:
        header += [
            "A resolution does not show this: the engine's values agree here, and the",
            "violation lies in inputs no scenario gives (see the property's explanation).",
        ]
    return write_scenario(folder, property_name, found.scenario, header)
