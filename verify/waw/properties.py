"""The invariants of World at War 5.5, checked on the engine's own procedure at every end
(:mod:`armistice.verify.waw.explore`) of the walked maps: each fleet and area ends with one
fate, the fate its die gives; a fleet that rolled 5 stands in the port of a nearest Vichy
area, or had none to go to; France pays the conqueror what 5.5 says and the IPCs are
conserved; and the exact odds of each fleet and area sum to 1. The die results and the
readings are written here from the rule text, not taken from the engine."""

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
from armistice.core.waw.assumptions import (
    ASSUMPTIONS,
    ELSEWHERE,
    FOREIGN,
    MOVE_TIME,
    PACIFIC,
    SHORTFALL,
    Elsewhere,
    Foreign,
    MoveTime,
    PacificVichy,
    Shortfall,
)
from armistice.core.waw.procedure import AXIS_INCOME
from armistice.core.waw.scenario import CUT, TRANSFER, WawScenario
from armistice.core.waw.state import VICHY_TROOPS
from armistice.core.waw.words import (
    BRITAIN,
    FRANCE,
    GERMANY,
    RULE,
    AreaSide,
    FleetFate,
    Ocean,
)
from armistice.verify.model import Result, Strength, Verdict
from armistice.verify.walk import Run
from armistice.verify.waw import maps
from armistice.verify.waw.explore import Faces, ends

RULES = (RULE,)
FINAL_FLEETS = frozenset(
    {FleetFate.GERMAN, FleetFate.SCUTTLED, FleetFate.VICHY, FleetFate.FREE_FRENCH}
)
FINAL_AREAS = frozenset({AreaSide.VICHY, AreaSide.FREE_FRENCH, AreaSide.AXIS})
ONE_FATE = "every_fleet_and_area_ends_with_one_fate"
DICE = "every_fleet_and_area_takes_what_its_die_gives"
PLACED = "vichy_fleets_stand_at_a_nearest_vichy_port"
CONSERVED = "ipcs_are_conserved"
ODDS = "odds_of_each_fleet_and_area_sum_to_one"
AXIS_ATTACK = "an_axis_attack_leaves_nothing_vichy"
DOMAIN = (
    "the small map with one fleet (every face of every die), the small map with one fleet, "
    "with two and the short map (France holding 2 IPCs, a fleet in the Pacific, a Japanese "
    "marker, an area Italy holds; every result of every die under the default readings and "
    "under each other reading), the bundled 1940 map (every result of every die, default "
    "readings), every choice of the Axis player"
)
BOUNDS = {"fleet die": (1, 6), "area die": (1, 6)}
ROLLED_AT_SEA = frozenset({Ocean.ATLANTIC, Ocean.MEDITERRANEAN})
"""5.5: the oceans whose French fleets are rolled for."""
FLEET_BOOK = {
    1: FleetFate.GERMAN,
    2: FleetFate.SCUTTLED,
    3: FleetFate.SCUTTLED,
    4: FleetFate.SCUTTLED,
    5: FleetFate.VICHY,
    6: FleetFate.FREE_FRENCH,
}
"""5.5's fleet die: 1 joins Germany, 2-4 scuttled, 5 Vichy, 6 Free French."""
FLEET_OWNER = {1: GERMANY, 6: BRITAIN}
"""Who holds the pieces of a fleet that rolled 1 (Germany) or 6 (Britain, 5.5)."""

Judge = Callable[[WawScenario, Run], str]


def readings() -> list[dict[str, str]]:
    """The default readings, then each other value of each reading on its own."""
    return [{}] + [{a.key: v} for a in ASSUMPTIONS for v in a.values[1:]]


def cases() -> Iterator[tuple[str, WawScenario, dict[str, str], Faces]]:
    """The maps, readings and faces the invariants are checked over (see ``DOMAIN``)."""
    small = maps.small_maps()
    yield small[0][0], small[0][1], {}, "faces"
    for (name, s), chosen in itertools.product(small, readings()):
        yield name, s, chosen, "classes"
    yield maps.WALKED, scenario.load(maps.WALKED), {}, "classes"


def one_fate(s: WawScenario, game: Run) -> str:
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


def dice(s: WawScenario, game: Run) -> str:
    """5.5: a fleet in the Atlantic or the Mediterranean (any fleet, under
    ``waw.other_fleets=rolled``) is rolled and takes its die's fate, a 5 Vichy or (judged by
    :func:`placed`) Free French; any other fleet stays Free French where it lay, unrolled. A
    French area the Axis does not hold is rolled: 4-6 Free French; 1-3 Vichy under the
    marker the map names (an area under another power's marker, Japan's, plain Axis
    territory under ``waw.japanese_markers=japanese``), its French units Vichy troops and
    any other power's units removed from play (staying, under ``waw.foreign_units=stay``)."""
    st = game.state
    every = Elsewhere(game.assumptions[ELSEWHERE.key]) is Elsewhere.ROLLED
    for key, fleet in st.fleets.items():
        start = s.fleets[key].at
        if not every and s.areas[start].ocean not in ROLLED_AT_SEA:
            if fleet.die is not None or fleet.fate is not FleetFate.FREE_FRENCH:
                return f"fleet {key} in {start} was rolled or is not Free French"
            if fleet.at != start:
                return f"fleet {key} was not rolled yet moved to {fleet.at}"
            continue
        if fleet.die is None:
            return f"fleet {key} in {start} was not rolled"
        allowed = {FLEET_BOOK[fleet.die]} | ({FleetFate.FREE_FRENCH} if fleet.die == 5 else set())
        if fleet.fate not in allowed:
            return f"fleet {key} rolled {fleet.die} and ends {fleet.fate}"
        if fleet.die in FLEET_OWNER and fleet.owner != FLEET_OWNER[fleet.die]:
            return f"fleet {key} rolled {fleet.die}, yet {fleet.owner or 'no one'} holds it"
    return _areas_follow(s, game)


def _areas_follow(s: WawScenario, game: Run) -> str:
    japanese = PacificVichy(game.assumptions[PACIFIC.key]) is PacificVichy.JAPANESE
    stay = Foreign(game.assumptions[FOREIGN.key]) is Foreign.STAY
    interned = set(game.state.interned)
    for key, area in game.state.areas.items():
        if s.side(s.areas[key].control) is Alignment.AXIS:
            if area.die is not None or area.side is not AreaSide.AXIS:
                return f"area {key}, held by the Axis, was rolled or ends {area.side}"
            continue
        if area.die is None:
            return f"area {key} was not rolled"
        if area.die >= 4:
            if area.side is not AreaSide.FREE_FRENCH or area.marker:
                return f"area {key} rolled {area.die} and ends {area.side}"
            continue
        marker = s.areas[key].vichy_marker or s.marker_power
        side = AreaSide.AXIS if japanese and marker != s.marker_power else AreaSide.VICHY
        if area.side is not side or area.marker != marker:
            return f"area {key} rolled {area.die} and ends {area.side} under {area.marker or 'no'} marker"
        why = _units_follow(s, key, dict(area.units), stay, interned)
        if why:
            return why
    return ""


def _units_follow(
    s: WawScenario, key: str, units: dict[str, tuple[str, ...]], stay: bool, interned: set[str]
) -> str:
    before = rules.grouped(s.areas[key].units)
    french = before.pop(FRANCE, ())
    if units.pop(VICHY_TROOPS, ()) != french:
        return f"area {key} turned Vichy, yet its French units {french} are not Vichy troops"
    for power, kinds in before.items():
        kept = units.pop(power, ())
        gone = [f"{key}: {power} {kind}" for kind in kinds]
        if kept != (kinds if stay else ()) or (not stay and not set(gone) <= interned):
            return f"area {key} turned Vichy: {power}'s units {kinds}, kept {kept}"
    if units:
        return f"area {key} turned Vichy and holds units it did not hold: {units}"
    return ""


def placed(s: WawScenario, game: Run) -> str:
    """5.5: a Vichy fleet stands in the port of a Vichy area at the least distance from where
    it lay; a fleet that rolled 5 and is not Vichy had no Vichy area to go to (none when it
    moves at its roll, under ``waw.vichy_fleet_move=at_roll``, the areas being rolled after
    the fleets), and stayed where it lay."""
    st = game.state
    vichy = [k for k, a in st.areas.items() if a.side is AreaSide.VICHY]
    at_roll = MoveTime(game.assumptions[MOVE_TIME.key]) is MoveTime.AT_ROLL
    open_ = [] if at_roll else vichy
    for key, fleet in st.fleets.items():
        far = board.distances(s, s.fleets[key].at)
        if fleet.fate is FleetFate.VICHY:
            if fleet.sent_to not in vichy or fleet.at != s.areas[fleet.sent_to].port:
                return (
                    f"Vichy fleet {key} stands in {fleet.at}, sent to {fleet.sent_to or 'nowhere'}"
                )
            if far[fleet.sent_to] != min(far[v] for v in vichy):
                return f"Vichy fleet {key} went to {fleet.sent_to}, not a nearest Vichy area"
        elif fleet.die == 5 and fleet.fate is FleetFate.FREE_FRENCH:
            if open_:
                return f"fleet {key} rolled 5 and turned Free French though {open_[0]} is Vichy"
            if fleet.at != s.fleets[key].at:
                return f"fleet {key} turned Free French yet moved"
    return ""


def conserved(s: WawScenario, game: Run) -> str:
    """5.5: France pays the conqueror 3 IPCs from its money (holding fewer, all it has, or
    nothing under ``waw.short_bank=nothing``); they leave France's money and reach the
    conqueror's; the income chart falls by exactly the 6 France loses; France loses 6 and
    every Vichy area's IPCs, which its marker's power gains."""
    st = game.state
    held = s.bank.get(FRANCE, 0)
    short = Shortfall(game.assumptions[SHORTFALL.key])
    owed = TRANSFER if held >= TRANSFER else (held if short is Shortfall.ALL_IT_HAS else 0)
    if sum(st.bank.values()) != sum(s.bank.values()):
        return f"the IPCs in hand went from {sum(s.bank.values())} to {sum(st.bank.values())}"
    if st.paid != owed:
        return f"France paid {st.paid} of its {held} IPCs, not {owed}"
    if st.bank.get(s.conqueror, 0) - s.bank.get(s.conqueror, 0) != st.paid:
        return f"France paid {st.paid}, the conqueror gained otherwise"
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
    (
        DICE,
        dice,
        "every fleet rolled where 5.5 rolls it and every French area takes its die's fate",
    ),
    (
        PLACED,
        placed,
        "every Vichy fleet stands in the port of a nearest Vichy area; a fleet that rolled 5 "
        "turned Free French only with no Vichy area to go to",
    ),
    (
        CONSERVED,
        conserved,
        "France pays the 3 IPCs 5.5 asks (or what the reading says when short), loses 6 and "
        "its Vichy areas, and no IPC is made or lost",
    ),
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
            found.get(key, f"{said}: proved at each of {counted} ends of {DOMAIN}"),
            strength=Strength.EXHAUSTIVE,
            bounds=BOUNDS,
            domain=DOMAIN,
            cases=counted,
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
            cases=len(checked),
        )
    ]
