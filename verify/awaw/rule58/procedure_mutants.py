"""Broken engines kept to show each exhaustive property has teeth: slips in rule 58's step
code (not in the arithmetic of rules.py, which the z3 properties cover), each patched into
the step module while the mutant is open, with the step caches cleared around it."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from contextlib import AbstractContextManager, ExitStack, contextmanager
from types import SimpleNamespace
from typing import Any
from unittest import mock

import msgspec

from armistice.core.awaw.rule58 import brp, colonies, fleet, forces, hexes, level, rules
from armistice.core.awaw.rule58.assumptions import FleetDiscount, YesNo
from armistice.core.awaw.rule58.tables import Tables
from armistice.core.awaw.words import (
    GROUND,
    ColonyControl,
    Condition,
    FrenchSide,
    Holder,
    UnitKind,
)
from armistice.core.logic import clamp
from armistice.verify.awaw.rule58.steps import uncached
from armistice.verify.model import Mutant


def _patched(*changes: tuple[object, str, object]) -> Callable[[], AbstractContextManager[None]]:
    @contextmanager
    def patch() -> Iterator[None]:
        with ExitStack() as stack:
            for target, name, value in changes:
                stack.enter_context(mock.patch.object(target, name, value))
            stack.enter_context(uncached())
            yield

    return patch


def _rules_with(**replaced: Any) -> SimpleNamespace:
    """:mod:`rules` as one step module sees it, with some functions replaced."""
    return SimpleNamespace(**{**vars(rules), **replaced})


_fleet_count = level.fleet_count


def _damaged_in_full(ships: Any, discount: FleetDiscount) -> tuple[int, str]:
    if discount is FleetDiscount.PER_SHIP:
        ships = tuple(
            msgspec.structs.replace(x, condition=Condition.READY)
            if x.condition is Condition.DAMAGED
            else x
            for x in ships
        )
    return _fleet_count(ships, discount)


_roll_colonies = colonies.roll_colonies


def _british_unassigned(
    s: Any, ledger: Any, t: Tables, at: int, vichy: bool
) -> Generator[Any, Any, Any]:
    final = yield from _roll_colonies(s, ledger, t, at, vichy)
    kept = tuple((c, x) for c, x in final if s.colonies[c].control is not ColonyControl.BRITISH)
    ledger.state = msgspec.structs.replace(ledger.state, colonies=dict(kept))
    return kept


_choose = fleet._choose


def _vichy_retake(
    p: Any, side: FrenchSide, kind: Any, required: int, taken: Any, log: Any
) -> Generator[Any, Any, None]:
    if side is FrenchSide.VICHY:
        taken = {FrenchSide.FREE_FRENCH: {}, FrenchSide.VICHY: taken[FrenchSide.VICHY]}
    yield from _choose(p, side, kind, required, taken, log)


_on_british_ground = hexes.french_on_british_ground


def _also_vichy_ground(s: Any, holders: Any) -> tuple[int, ...]:
    held = dict(holders)
    extra = tuple(
        i
        for i, u in enumerate(s.units)
        if u.nationality == "french" and held[u.location] is Holder.VICHY
    )
    return tuple(sorted({*_on_british_ground(s, holders), *extra}))


_units_selection = forces.selection


def _keep_everything(s: Any, column: Any, present: Any, at: int) -> Any:
    prompt = _units_selection(s, column, present, at)
    return msgspec.structs.replace(prompt, required=prompt.capacity())


_settle = fleet.settle


def _table_whatever_exists(s: Any, levels: Any, taken: Any) -> Any:
    done = _settle(s, levels, taken)
    return done._replace(changes={**done.changes, "forces": dict(levels)})


_plan = fleet.plan


def _plan_without_building(s: Any, *args: Any) -> Any:
    p = _plan(s, *args)
    ships = {
        k: tuple(x for x in v if x.condition is not Condition.BUILDING) for k, v in p.ships.items()
    }
    return fleet.Plan(p.source, ships, p.amounts)


_force_levels = forces.force_levels


def _no_vichy_side(s: Any, t: Tables, at: int, vichy: bool, statuses: Any) -> Any:
    done = _force_levels(s, t, at, vichy, statuses)
    if vichy:
        return done
    levels = {FrenchSide.FREE_FRENCH: done.changes["force_levels"][FrenchSide.FREE_FRENCH]}
    return done._replace(changes={**done.changes, "force_levels": levels})


_instead_of_vichy = brp._instead_of_vichy


def _paid_whatever_the_reading(s: Any, t: Tables, vichy: bool, _after: YesNo) -> Any:
    return _instead_of_vichy(s, t, vichy, YesNo.YES)


def procedure_mutants(t: Tables) -> Iterator[Mutant]:
    """Slips in the step code of rule 58, each named with the exhaustive properties it must
    make fail; ``tables`` are ``t``'s files unchanged."""
    files = (t.rules, t.forces)
    changes: dict[str, tuple[Callable[[], AbstractContextManager[None]], tuple[str, ...]]] = {
        "damaged ships at full value in the ship-by-ship fleet count": (
            _patched((level, "fleet_count", _damaged_in_full)),
            ("fleet_count_58_21c",),
        ),
        "air factors counted as ground factors in 58.21B": (
            _patched((level, "GROUND", (*GROUND, UnitKind.AIR))),
            ("ground_factors_58_21b",),
        ),
        "level held within +/-4": (
            _patched(
                (
                    level,
                    "rules",
                    _rules_with(
                        surrender_level=lambda f, tt: (lambda raw: (raw, clamp(raw, -4, 4)))(
                            sum(x.value for x in rules.surrender_terms(f, tt))
                        )
                    ),
                )
            ),
            ("level_is_clamped_raw_sum", "handover_level"),
        ),
        "colonial die step drops the +3 for Vichy": (
            _patched(
                (colonies, "rules", _rules_with(colony_modified_roll=lambda d, lv, v, tt: d + lv))
            ),
            ("colonies_one_status",),
        ),
        "British-held colony left unassigned": (
            _patched((colonies, "roll_colonies", _british_unassigned)),
            ("colonies_one_status", "handover_colonies"),
        ),
        "French units on Vichy ground skipped by the unit fates": (
            _patched((hexes, "french_on_british_ground", _also_vichy_ground)),
            ("units_all_have_fates",),
        ),
        "British keep every French unit whatever the level": (
            _patched((forces, "selection", _keep_everything)),
            ("units_kept_within_level",),
        ),
        "Vichy re-take the ships the Free French chose": (
            _patched((fleet, "_choose", _vichy_retake)),
            ("free_french_choose_first", "ships_one_fate"),
        ),
        "Free French take sailing ships before British-port ones": (
            _patched(
                (
                    fleet,
                    "TIERS",
                    {
                        **fleet.TIERS,
                        FrenchSide.FREE_FRENCH: {"british": 0, "movable": 0, "contested": 0},
                    },
                )
            ),
            ("port_order_58_641",),
        ),
        "Free French picks from Axis-held or neutral ports counted as from Vichy colonies": (
            _patched((fleet, "CONTESTED", frozenset({"contested", "movable"}))),
            ("forces_match_table_level",),
        ),
        "each side given its table level whatever ships exist": (
            _patched((fleet, "settle", _table_whatever_exists)),
            ("forces_match_table_level",),
        ),
        "no Vichy force level without Vichy France": (
            _patched((forces, "force_levels", _no_vichy_side)),
            ("handover_forces",),
        ),
        "fleet plan leaves out ships still building": (
            _patched((fleet, "plan", _plan_without_building)),
            ("handover_fleet_plan",),
        ),
        "Axis paid Vichy's BRPs after U.S. entry whatever the 58.411 reading": (
            _patched((brp, "_instead_of_vichy", _paid_whatever_the_reading)),
            ("brps_follow_58_7",),
        ),
    }
    for name, (patch, breaks) in changes.items():
        yield Mutant(name, files, patch, breaks)
