"""Rule 58 as a procedure: it runs the rules in order and asks for what it needs.

:func:`resolve` is a generator: it yields a prompt (the Vichy decision, a
colonial die, a choice of ships) and is sent the checked answer. The steps
that need no answer are pure functions in :mod:`core.awaw.steps`; this
module applies their effects in rule order and asks the questions between.
"""

from __future__ import annotations

from collections.abc import Generator
from functools import cache

import msgspec

from core.awaw import fleet, rules, steps, words
from core.awaw.model import COLONY_STATUSES, ColonyControl, ColonyStatus
from core.awaw.scenario import AwawScenario
from core.awaw.state import ColonyRoll, FallOfFrance
from core.awaw.tables import Tables, shipped
from core.dice import D6
from core.ledger import Ledger
from core.prompts import AnswerValue, Decision, Option, Prompt, Roll, RollOutcome, Side

Steps = Generator[Prompt, AnswerValue, None]


def resolve(s: AwawScenario, ledger: Ledger[FallOfFrance]) -> Steps:
    """Resolve rule 58 for scenario ``s``, from the surrender to the BRPs (58.1-58.7)."""
    t = shipped()
    assume = ledger.assume
    apply(
        ledger,
        steps.surrender(s, t, assume("awaw.fleet_discount"), assume("awaw.corsica_ground_factors")),
    )
    level = ledger.state.surrender_level
    assert level is not None
    vichy = yield from establish_vichy(s, ledger)
    apply(ledger, steps.hexes(s, vichy))
    colonies = yield from roll_colonies(s, ledger, t, level.value, vichy)
    apply(ledger, steps.conquests(s, vichy, colonies))
    apply(ledger, steps.units(s, vichy, colonies, assume("awaw.allied_air_naval_in_vichy")))
    apply(ledger, steps.force_levels(s, t, level.value, vichy, colonies))
    holders = tuple(steps.region_holders(s, vichy, colonies).items())
    plan = fleet.plan(
        s,
        holders,
        assume("awaw.free_french_ship_range"),
        assume("awaw.free_french_ship_sources"),
        assume("awaw.free_french_from_vichy_colonies"),
    )
    levels = ledger.state.force_levels
    taken = yield from fleet.divide(plan, levels, vichy, ledger.log)
    apply(ledger, fleet.settle(s, levels, taken))
    rolled = frozenset(c for r in ledger.state.colony_rolls for c in r.colonies)
    apply(
        ledger,
        steps.brps(
            s,
            t,
            vichy,
            colonies,
            rolled,
            assume("awaw.conquest_proration"),
            assume("awaw.low_brp_base"),
            assume("awaw.axis_senior_partner"),
        ),
    )


def apply(ledger: Ledger[FallOfFrance], effects: steps.Effects) -> None:
    """Write a step's log entries and state changes into the ledger."""
    ledger.log.extend(effects.log)
    ledger.state = msgspec.structs.replace(ledger.state, **effects.changes)


def establish_vichy(
    s: AwawScenario, ledger: Ledger[FallOfFrance]
) -> Generator[Prompt, AnswerValue, bool]:
    """58.31: the Axis decides whether to establish Vichy France, unless the U.S. is at war."""
    if s.surrender.us_at_war_with_germany:
        ledger.note(
            "58.31", "Vichy France cannot be established: the U.S. and Germany are already at war"
        )
        vichy = False
    else:
        answer = yield Decision(
            key="establish_vichy",
            side=Side.AXIS,
            label="Establish Vichy France?",
            rule="58.31",
            options=(
                Option("yes", "Establish Vichy France"),
                Option("no", "Do not establish Vichy France"),
            ),
            default="yes",
            help="Yes: a neutral Vichy France worth 20 BRPs plus colonies, +3 on the colonial "
            "dice, fewer Free French. No: the Axis take all of France and the 20 BRPs.",
        )
        vichy = answer == "yes"
        if vichy:
            ledger.note(
                "58.31A",
                "Vichy France is established: southern France and Corsica become a neutral minor country",
            )
        else:
            ledger.note(
                "58.31B",
                "Vichy France is not established: the Axis take every hex of France and Corsica "
                "and Vichy's BRPs, but not those of would-be Vichy colonies",
            )
    ledger.state = msgspec.structs.replace(ledger.state, vichy_established=vichy)
    return vichy


def roll_colonies(
    s: AwawScenario, ledger: Ledger[FallOfFrance], t: Tables, level: int, vichy: bool
) -> Generator[Prompt, AnswerValue, steps.Colonies]:
    """58.53: one die per colony group; colonies the Axis or Britain hold are not rolled for.

    Returns each colony's status in table order.
    """
    statuses: dict[str, ColonyStatus] = {}
    rolled: list[ColonyRoll] = []
    for group in t.groups.values():
        open_ = []
        for colony in (c for c in t.colonies.values() if c.group == group.id):
            control = s.colonies[colony.id].control
            if control is ColonyControl.AXIS:
                statuses[colony.id] = ColonyStatus.AXIS
                ledger.note(
                    "58.533",
                    f"{colony.name} is held by the Axis: no die; it stays an Axis conquest "
                    "until the Allies take it",
                )
            elif control is ColonyControl.BRITISH:
                statuses[colony.id] = ColonyStatus.FREE_FRENCH
                ledger.note(
                    "58.534", f"{colony.name} is held by Britain: no die; it becomes Free French"
                )
            else:
                open_.append(colony)
        if not open_:
            continue
        by_face, outcomes = colony_faces(t, level, vichy)
        bonus = t.rules.colony_roll.vichy_bonus if vichy else 0
        die = yield Roll(
            key=f"colony_roll.{group.id}",
            label=f"{group.name} colonial die",
            rule="58.531",
            dice=D6,
            outcomes=outcomes,
            side=Side.ALLIES,
            help=f"Die {level:+d} for the level"
            + (f", +{bonus} for Vichy" if vichy else "")
            + ": 3 or less goes Free French, 4 or more "
            + ("Vichy." if vichy else "independent."),
        )
        assert isinstance(die, int)
        result = by_face[die]
        modified = rules.colony_modified_roll(die, level, vichy, t)
        rolled.append(
            ColonyRoll(
                group.id,
                group.name,
                tuple(c.id for c in open_),
                die,
                level,
                bonus,
                modified,
                result,
            )
        )
        ledger.note(
            "58.531", f"{group.name}: die {die}, modified to {modified}: {words.STATUS[result]}"
        )
        for colony in open_:
            statuses[colony.id] = result
            if result is ColonyStatus.INDEPENDENT:
                ledger.note(
                    "58.532A",
                    f"{colony.name} throws off French rule: an independent neutral minor with "
                    f"one {t.rules.independent.garrison} in {colony.capital}; attacking it takes "
                    "a 10-BRP declaration of war",
                )
            elif result is ColonyStatus.FREE_FRENCH:
                ledger.note(
                    "58.531A",
                    f"{colony.name} is Free French: its hexes pass to Britain (Axis-held hexes "
                    "stay Axis); Britain gets its BRPs next turn",
                )
        known = {c: statuses[c] for c in t.colonies if c in statuses}
        ledger.state = msgspec.structs.replace(
            ledger.state, colony_rolls=tuple(rolled), colonies=known
        )
    final = tuple((c, statuses[c]) for c in t.colonies)
    ledger.state = msgspec.structs.replace(ledger.state, colonies=dict(final))
    return final


@cache
def colony_faces(
    t: Tables, level: int, vichy: bool
) -> tuple[dict[int, ColonyStatus], tuple[RollOutcome, ...]]:
    """Each die face's status for a French-held colony (58.531-58.532), and the faces grouped
    by status as the Roll's outcomes. Raises ValueError if the result table has a gap."""
    by_face = {}
    for face in D6.faces():
        modified = rules.colony_modified_roll(face, level, vichy, t)
        result = rules.colony_result(modified, t)
        if result < 0:
            raise ValueError(
                f"the colonial result table has no row for a modified roll of {modified}"
            )
        by_face[face] = COLONY_STATUSES[rules.colony_status(rules.PRIOR_FRENCH, result, vichy)]
    outcomes = tuple(
        RollOutcome(label.value, tuple(f for f, v in by_face.items() if v is label))
        for label in dict.fromkeys(by_face.values())
    )
    return by_face, outcomes


def outcome(state: FallOfFrance) -> tuple[tuple[str, str], ...]:
    """What odds are given for: each colony's final status."""
    return tuple((name, status.value) for name, status in state.colonies.items())
