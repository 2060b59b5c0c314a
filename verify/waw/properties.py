"""The invariants of World at War 5.5 and 5.6, checked on the engine's own procedure at every end
(:mod:`armistice.verify.waw.explore`): each fleet and area ends with one fate, a Vichy
fleet stands in the port of a nearest Vichy area, the IPCs are conserved; and the exact
odds of each fleet and area sum to 1."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from fractions import Fraction

from armistice.core import scenario
from armistice.core.game import Game
from armistice.core.odds import odds
from armistice.core.sides import Alignment
from armistice.core.waw import board
from armistice.core.waw import territories as rules
from armistice.core.waw.assumptions import ASSUMPTIONS
from armistice.core.waw.procedure import AXIS_INCOME
from armistice.core.waw.scenario import CUT, TRANSFER, WawScenario
from armistice.core.waw.state import VICHY_TROOPS
from armistice.core.waw.territories import Territories, VichyScenario
from armistice.core.waw.words import FRANCE, LATER, RULE, AreaSide, FleetFate
from armistice.verify.model import Result, Strength, Verdict
from armistice.verify.waw import maps
from armistice.verify.waw.explore import Faces, ends

RULES = (RULE,)
FINAL_FLEETS = frozenset(
    {FleetFate.GERMAN, FleetFate.SCUTTLED, FleetFate.VICHY, FleetFate.FREE_FRENCH}
)
FINAL_AREAS = frozenset({AreaSide.VICHY, AreaSide.FREE_FRENCH, AreaSide.AXIS})
ONE_FATE = "every_fleet_and_area_ends_with_one_fate"
PLACED = "vichy_fleets_stand_at_a_nearest_vichy_port"
CONSERVED = "ipcs_are_conserved"
ODDS = "odds_of_each_fleet_and_area_sum_to_one"
AXIS_ATTACK = "an_axis_attack_leaves_nothing_vichy"
DOMAIN = (
    "the small map (one fleet: every face of every die; one and two fleets: every result "
    "of every die under the default readings and under each other reading) and the bundled "
    "1940 map (every result of every die, default readings), every choice of the Axis player"
)
BOUNDS = {"fleet die": (1, 6), "area die": (1, 6)}

Judge = Callable[[WawScenario, Game], str]


def readings() -> list[dict[str, str]]:
    """The default readings, then each other value of each reading on its own."""
    return [{}] + [{a.key: v} for a in ASSUMPTIONS for v in a.values[1:]]


def cases() -> Iterator[tuple[str, WawScenario, dict[str, str], Faces]]:
    """The maps, readings and faces the invariants are checked over (see ``DOMAIN``)."""
    checked = maps.checked()
    small, bundled = checked[:2], checked[2]
    yield small[0][0], small[0][1], {}, "faces"
    for (name, s), chosen in itertools.product(small, readings()):
        yield name, s, chosen, "classes"
    yield bundled[0], bundled[1], {}, "classes"


def one_fate(s: WawScenario, game: Game) -> str:
    """Each fleet and each French area ends in exactly one final fate."""
    st = game.state
    if set(st.fleets) != set(s.fleets) or set(st.areas) != set(s.french_areas):
        return "a fleet or French area has no fate"
    for key, fleet in st.fleets.items():
        if fleet.fate not in FINAL_FLEETS:
            return f"fleet {key} ends {fleet.fate}"
    for key, area in st.areas.items():
        if area.side not in FINAL_AREAS:
            return f"area {key} ends {area.side}"
    return ""


def placed(s: WawScenario, game: Game) -> str:
    """A Vichy fleet stands in the port of a Vichy area at the least distance from where it
    lay; a fleet that rolled 5 and is not Vichy had no Vichy area to go to."""
    st = game.state
    vichy = [k for k, a in st.areas.items() if a.side is AreaSide.VICHY]
    for key, fleet in st.fleets.items():
        far = board.distances(s, s.fleets[key].at)
        if fleet.fate is FleetFate.VICHY:
            if fleet.sent_to not in vichy or fleet.at != s.areas[fleet.sent_to].port:
                return (
                    f"Vichy fleet {key} stands in {fleet.at}, sent to {fleet.sent_to or 'nowhere'}"
                )
            if far[fleet.sent_to] != min(far[v] for v in vichy):
                return f"Vichy fleet {key} went to {fleet.sent_to}, not a nearest Vichy area"
        elif (
            fleet.die == 5 and fleet.fate is FleetFate.FREE_FRENCH and fleet.at != s.fleets[key].at
        ):
            return f"fleet {key} turned Free French yet moved"
    return ""


def conserved(s: WawScenario, game: Game) -> str:
    """The IPCs France pays the conqueror leave France's money and reach the conqueror's; the
    income chart falls by exactly the 6 France loses; France loses 6 and every Vichy area's
    IPCs, which its marker's power gains."""
    st = game.state
    held = s.bank.get(FRANCE, 0)
    if sum(st.bank.values()) != sum(s.bank.values()):
        return f"the IPCs in hand went from {sum(s.bank.values())} to {sum(st.bank.values())}"
    if st.bank.get(s.conqueror, 0) - s.bank.get(s.conqueror, 0) != st.paid or st.paid > min(
        held, TRANSFER
    ):
        return f"France paid {st.paid} of {held}, the conqueror gained otherwise"
    if sum(st.ipc.values()) != sum(s.income.values()) - CUT:
        return (
            f"the income chart fell by {sum(s.income.values()) - sum(st.ipc.values())}, not {CUT}"
        )
    shifted = {k: s.areas[k].ipc for k, a in st.areas.items() if a.marker}
    lost = s.income.get(FRANCE, 0) - st.ipc.get(FRANCE, 0)
    from_france = sum(v for k, v in shifted.items() if s.areas[k].control == FRANCE)
    if lost != CUT + from_france:
        return f"France's income fell by {lost}, not {CUT} and {from_france} from Vichy areas"
    gained: dict[str, int] = {}
    for key, value in shifted.items():
        marker = st.areas[key].marker
        gained[marker] = gained.get(marker, 0) + value
    for power, value in gained.items():
        if st.ipc.get(power, 0) - s.income.get(power, 0) != value:
            return f"{power} gained {st.ipc.get(power, 0) - s.income.get(power, 0)}, not {value}"
    return ""


JUDGES: tuple[tuple[str, Judge, str], ...] = (
    (ONE_FATE, one_fate, "every fleet and French area ends with exactly one final fate"),
    (PLACED, placed, "every Vichy fleet stands in the port of a nearest Vichy area"),
    (CONSERVED, conserved, "3 IPCs move from France's money, France loses 6 and its Vichy areas"),
)


def every_end() -> list[Result]:
    """Each judge over every end of every case: one Result per judge."""
    found: dict[str, str] = {}
    counted = 0
    for name, s, chosen, faces in cases():
        for game in ends(s, chosen, faces):
            counted += 1
            for key, judge, _ in JUDGES:
                if key not in found and (why := judge(s, game)):
                    readings_ = (
                        ", ".join(f"{k}={v}" for k, v in chosen.items()) or "default readings"
                    )
                    dice = ", ".join(f"{a.key}={a.value}" for a in game.answers)
                    found[key] = f"{name} ({readings_}), {dice}: {why}"
    return [
        Result(
            key,
            RULES,
            Verdict.VIOLATED if key in found else Verdict.PROVED,
            found.get(key, f"{said}: {counted} ends of {DOMAIN}"),
            strength=Strength.EXHAUSTIVE,
            bounds=BOUNDS,
        )
        for key, _, said in JUDGES
    ]


def odds_sum_to_one() -> list[Result]:
    """On every checked map, from the start: each fleet's fates, each area's die results and
    the Axis income's distribution each sum to exactly 1."""
    problems = []
    checked = maps.checked()
    for name, s in checked:
        found = odds(Game(s))
        for key in s.fleets:
            total = sum(found.marginals[f"fleet:{key}"].values(), Fraction(0))
            if total != 1:
                problems.append(f"{name}: fleet {key}'s fates sum to {total}")
        for key, by_label in found.rolls.items():
            if sum(by_label.values(), Fraction(0)) != 1:
                problems.append(f"{name}: {key} sums to {sum(by_label.values(), Fraction(0))}")
        income = found.totals[AXIS_INCOME].distribution
        if sum(income.values(), Fraction(0)) != 1:
            problems.append(f"{name}: the Axis income sums to {sum(income.values())}")
    return [
        Result(
            ODDS,
            RULES,
            Verdict.VIOLATED if problems else Verdict.PROVED,
            "; ".join(problems[:3])
            or f"every fleet's, area's and total's odds sum to exactly 1 on the {len(checked)} "
            "checked maps from their start, default readings",
            strength=Strength.EXHAUSTIVE,
            bounds={"map": (1, len(checked))},
        )
    ]


def _units(t: Territories) -> int:
    return sum(len(a.units) for a in t.areas.values())


def axis_attack_frees_everything() -> list[Result]:
    """5.6: on the bundled position after the fall, with the Vichy areas and fleets as 5.5
    left them, every Axis power attacking every Vichy area and fleet, the battle won or
    lost: no Vichy area, fleet or unit remains, and every unit is still in its area or
    listed as removed from play."""
    s = scenario.load(maps.LATER)
    assert isinstance(s, VichyScenario)
    t = rules.start(s)
    targets = [f"area:{k}" for k in rules.vichy_areas(t)] + [
        f"fleet:{k}" for k in rules.vichy_fleets(t)
    ]
    axis = [p for p, e in s.powers.items() if e.alignment is Alignment.AXIS]
    problems, counted = [], 0
    for power, target, taken in itertools.product(axis, targets, (True, False)):
        counted += 1
        after = rules.battle(s, rules.axis_attack(s, t, power, target), power, target, taken)
        left = [f"{k} still Vichy" for k in (*rules.vichy_areas(after), *rules.vichy_fleets(after))]
        left += [
            f"units in {k} still Vichy"
            for k, a in after.areas.items()
            if VICHY_TROOPS in rules.grouped(a.units)
        ]
        if _units(after) + len(after.interned) != _units(t):
            left.append(
                f"{_units(t)} units before, {_units(after)} after and {len(after.interned)} removed"
            )
        if left:
            problems.append(
                f"{power} against {target}, {'taken' if taken else 'failed'}: {', '.join(left)}"
            )
    return [
        Result(
            AXIS_ATTACK,
            (LATER,),
            Verdict.VIOLATED if problems else Verdict.PROVED,
            "; ".join(problems[:3])
            or f"no Vichy area, fleet or unit is left after any of {counted} Axis attacks on "
            f"{maps.LATER}, every one of its {_units(t)} units accounted for",
            strength=Strength.EXHAUSTIVE,
            bounds={"Axis attack": (1, counted)},
        )
    ]
