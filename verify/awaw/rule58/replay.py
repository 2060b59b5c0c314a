"""An exhaustive check's counterexample as a whole resolution: the case's scenario written as
a file whose header gives the ``armistice resolve`` command that reproduces it, and the
replay of that command that judges the resolution's state as the check judged the step."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from armistice.core.awaw.rule58.assumptions import (
    CORSICA,
    FLEET_DISCOUNT,
    FROM_VICHY_COLONIES,
    SHIP_RANGE,
    SHIP_SOURCES,
)
from armistice.core.awaw.rule58.state import FallOfFrance
from armistice.core.awaw.rule58.tables import Tables, shipped
from armistice.core.game import Game
from armistice.core.prompts import AnswerValue, Roll, Via
from armistice.core.scenario import load
from armistice.verify.awaw.rule58 import judge
from armistice.verify.awaw.rule58.counterexample import write_scenario

Answers = Sequence[tuple[str, AnswerValue]]


def play(
    scenario: Any, assume: Mapping[str, str], answers: Answers, strict: bool = True
) -> tuple[Game | None, list[tuple[str, AnswerValue]]]:
    """Resolve ``scenario`` with the ``assume`` readings, giving each prompt the first of
    ``answers`` made for its key, until a prompt has none. Returns the game and the answers
    it took, in order. Raises what the engine raises, unless not ``strict``: then the game
    is None once the engine raises, and the answers end with the one it raised on."""
    try:
        return _play(scenario, assume, answers)
    except Exception:  # a broken engine may raise anywhere
        if strict:
            raise
        return None, list(answers)


def _play(
    scenario: Any, assume: Mapping[str, str], answers: Answers
) -> tuple[Game | None, list[tuple[str, AnswerValue]]]:
    game = Game(scenario, assumptions=dict(assume), seed=0)
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


def command(path: Path | str, assume: Mapping[str, str], answers: Answers) -> str:
    """The ``armistice resolve`` command that gives ``answers`` to the file at ``path``."""
    words = [f"armistice resolve {path}"]
    words += [f"--assume {k}={v}" for k, v in assume.items()]
    words += [f"--decide {k}={spell(v)}" for k, v in answers]
    return " ".join(words)


def write_case(folder: Path, property_name: str, values: Mapping[str, Any]) -> Path:
    """Write the case carried by ``values["resolve"]`` (scenario, readings, answers) with a
    header: the property, the engine's and the rule's values and the command that
    reproduces it, checked by replaying it (the header says so when a resolution's state
    cannot show the violation). Raises ScenarioError if the scenario does not load back."""
    carried = values["resolve"]
    _, used = play(carried.scenario, carried.assume, carried.answers, strict=False)
    path = folder / f"counterexample-{property_name.replace('_', '-')}.toml"
    header = [
        f"Counterexample to {property_name}, found by `armistice verify --exhaustive`.",
        f"Case: {values.get('case', '')}",
        f"The engine gives {values.get('engine', '')}; the rule {values.get('rule', '')}"
        f" ({values.get('differs', '')}).",
        "Reproduce it with:",
        f"  {command(path, carried.assume, used)}",
    ]
    written = write_scenario(folder, property_name, carried.scenario, header)
    if reproduces(written, property_name, values):
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
    broken |= judge.level(s, lv, per_ship, assume[CORSICA.key] == "yes")
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
        flags = (
            assume[SHIP_RANGE.key] == "in_range",
            assume[SHIP_SOURCES.key] == "any_axis_port",
            assume[FROM_VICHY_COLONIES.key] == "yes",
        )
        keys = [k for k, _ in answers]
        broken |= judge.fleet(
            s, t, lv.value, vichy, statuses, flags, state.forces, state.fleet, keys
        )
    return broken


def reproduces(path: Path, property_name: str, values: Mapping[str, Any]) -> bool:
    """Whether resolving the file at ``path`` with the case's readings and answers breaks
    ``property_name`` again (an engine that raises on the way breaks it too; one that refuses
    an answer does not). Raises ScenarioError if the file does not load."""
    carried = values["resolve"]
    scenario = load(str(path))
    try:
        game, used = play(scenario, carried.assume, carried.answers)
    except ValueError:  # an answer this engine refuses: the case does not arise
        return False
    except Exception:  # a broken engine may raise anywhere
        return True
    return game is not None and property_name in judge_state(game, shipped(), used)
