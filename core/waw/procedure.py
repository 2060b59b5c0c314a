"""5.5, the fall of France on a World at War map, step by step: France pays the conqueror
and its income falls, a die for each French fleet, a die for each French area (one batch,
rolled by the British player), the moves of the fleets that turned Vichy, then the control
markers and the income chart."""

from __future__ import annotations

from collections.abc import Generator
from typing import TypeAlias

import msgspec

from armistice.core.dice import D6
from armistice.core.ledger import Ledger
from armistice.core.memo import per_scenario
from armistice.core.prompts import (
    AnswerValue,
    Decision,
    Option,
    Prompt,
    Roll,
    RollOutcome,
    Rolls,
    Total,
)
from armistice.core.sides import Alignment
from armistice.core.waw import board
from armistice.core.waw.assumptions import (
    ALLIED_HELD,
    ELSEWHERE,
    FOREIGN,
    MOVE_TIME,
    ORDER,
    PACIFIC,
    PATH,
    SHORTFALL,
    AlliedHeld,
    Elsewhere,
    FleetOrder,
    FleetPath,
    Foreign,
    MoveTime,
    PacificVichy,
    Shortfall,
)
from armistice.core.waw.scenario import CUT, TRANSFER, WawScenario
from armistice.core.waw.state import VICHY_TROOPS, WawState
from armistice.core.waw.words import (
    BRITAIN,
    FRANCE,
    GERMANY,
    RULE,
    AreaSide,
    FleetFate,
    Ocean,
    Phase,
)
from armistice.core.words import counted

FLEET_DIE = (
    RollOutcome(FleetFate.GERMAN.value, (1,)),
    RollOutcome(FleetFate.SCUTTLED.value, (2, 3, 4)),
    RollOutcome(FleetFate.VICHY.value, (5,)),
    RollOutcome(FleetFate.FREE_FRENCH.value, (6,)),
)
"""A French fleet's die (5.5): 1 joins Germany, 2-4 scuttled, 5 Vichy, 6 Free French."""
AREA_DIE = (
    RollOutcome(AreaSide.VICHY.value, (1, 2, 3)),
    RollOutcome(AreaSide.FREE_FRENCH.value, (4, 5, 6)),
)
"""A French area's die (5.5): 1-3 Vichy, 4-6 Free French."""
AXIS_INCOME = "axis_income"
"""The batch's total of the IPCs the Axis gains from areas that turn Vichy."""
VICHY_AREAS = "vichy_areas"
"""The batch's total of Vichy areas a fleet that rolled 5 may be sent to."""

State: TypeAlias = Ledger[WawState]


def _set(ledger: State, **changes: object) -> None:
    ledger.state = msgspec.structs.replace(ledger.state, **changes)


def _fleet(ledger: State, key: str, **changes: object) -> None:
    fleets = dict(ledger.state.fleets)
    fleets[key] = msgspec.structs.replace(fleets[key], **changes)
    _set(ledger, fleets=fleets)


def resolve(s: WawScenario, ledger: State) -> Generator[Prompt, AnswerValue, None]:
    """Resolve 5.5 on ``s``: transfer, fleet dice, area dice, Vichy fleet moves, markers
    and income chart, each logged with its rule and the reading it used."""
    transfer(s, ledger)
    yield from roll_fleets(s, ledger)
    yield from roll_areas(s, ledger)
    yield from move_fleets(s, ledger)
    place_markers(s, ledger)


def payment(held: int, shortfall: Shortfall) -> int:
    """The IPCs France pays the conqueror out of ``held`` (5.5: 3, from its own money)."""
    if held >= TRANSFER:
        return TRANSFER
    return held if shortfall is Shortfall.ALL_IT_HAS else 0


def transfer(s: WawScenario, ledger: State) -> None:
    """5.5: France gives the conqueror 3 IPCs from its money; its income falls by 6 (the 6
    go to no one)."""
    st = ledger.state
    held = st.bank.get(FRANCE, 0)
    paid = payment(held, ledger.assume(SHORTFALL))
    bank = {**st.bank, FRANCE: held - paid, s.conqueror: st.bank.get(s.conqueror, 0) + paid}
    ipc = {**st.ipc, FRANCE: st.ipc.get(FRANCE, 0) - CUT}
    _set(ledger, bank=bank, ipc=ipc, paid=paid, phase=Phase.FLEETS)
    reading = SHORTFALL if held < TRANSFER else None
    ledger.note(RULE, f"France pays {s.label(s.conqueror)} {paid} of its {held} IPCs", reading)
    ledger.note(RULE, f"France's income falls by {CUT} IPCs, to {ipc[FRANCE]}")


def fleet_order(s: WawScenario, order: FleetOrder, elsewhere: Elsewhere) -> tuple[str, ...]:
    """The fleets rolled for, in the order they are rolled: those in the Atlantic and the
    Mediterranean (and the others when ``elsewhere`` says they are rolled)."""
    rolled = [k for k in s.fleets if board.rolled_at_sea(s, k) or elsewhere is Elsewhere.ROLLED]
    if order is FleetOrder.ATLANTIC_FIRST:
        rank: dict[Ocean | None, int] = {Ocean.ATLANTIC: 0, Ocean.MEDITERRANEAN: 1}
        rolled.sort(key=lambda k: rank.get(ocean(s, k), 2))
    return tuple(rolled)


def ocean(s: WawScenario, fleet: str) -> Ocean | None:
    """The ocean of the sea area ``fleet`` lies in."""
    return s.areas[s.fleets[fleet].at].ocean


def fleet_roll(s: WawScenario, key: str, roller: str) -> Roll:
    """The die for fleet ``key``, rolled by ``roller``."""
    fleet = s.fleets[key]
    return Roll(
        key=f"fleet.{key}",
        label=f"{fleet.name} die",
        rule=RULE,
        dice=D6,
        outcomes=FLEET_DIE,
        power=roller,
        help="1 joins Germany, 2-4 scuttled, 5 Vichy (sent to the nearest Vichy area), "
        "6 Free French under British control.",
    )


def roll_fleets(s: WawScenario, ledger: State) -> Generator[Prompt, AnswerValue, None]:
    """5.5: a die for each French fleet, once each; after a 6 the British player rolls the
    Mediterranean fleets still to roll. Fleets not rolled follow the reading ``ELSEWHERE``."""
    order = fleet_order(s, ledger.assume(ORDER), ledger.assume(ELSEWHERE))
    for key in s.fleets:
        if key not in order:
            _fleet(ledger, key, fate=FleetFate.FREE_FRENCH, owner=FRANCE)
            ledger.note(
                RULE, f"{s.fleets[key].name} is not rolled and stays Free French", ELSEWHERE
            )
    for key in order:
        british = any(f.die == 6 for f in ledger.state.fleets.values())
        roller = BRITAIN if british and ocean(s, key) is Ocean.MEDITERRANEAN else FRANCE
        die = yield fleet_roll(s, key, roller)
        assert isinstance(die, int)
        fate = FleetFate(fleet_roll(s, key, roller).outcome_of(die))
        owner = {FleetFate.GERMAN: GERMANY, FleetFate.SCUTTLED: "", FleetFate.VICHY: VICHY_TROOPS}
        ships = () if fate is FleetFate.SCUTTLED else ledger.state.fleets[key].ships
        _fleet(
            ledger,
            key,
            fate=fate,
            die=die,
            rolled=roller,
            owner=owner.get(fate, BRITAIN),
            ships=ships,
        )
        who = s.label(roller)
        ledger.note(
            RULE, f"{s.fleets[key].name}: {who} rolls {die}, {fate.label}", ORDER, announce=True
        )
        if fate is FleetFate.VICHY and ledger.assume(MOVE_TIME) is MoveTime.AT_ROLL:
            yield from send(s, ledger, key)
    _set(ledger, phase=Phase.AREAS)


def counts_as_vichy(s: WawScenario, area: str, pacific: PacificVichy) -> bool:
    """Whether ``area`` turning Vichy makes it a Vichy area (not when its marker is Japan's
    and the reading makes such areas plain Japanese territory)."""
    return pacific is PacificVichy.VICHY or s.marker(area) == s.marker_power


def candidates(s: WawScenario, state: WawState) -> tuple[str, ...]:
    """The Vichy areas a Vichy fleet may be sent to now."""
    return tuple(k for k, a in state.areas.items() if a.side is AreaSide.VICHY)


def area_batch(s: WawScenario, ledger: State, areas: tuple[str, ...]) -> Rolls:
    """5.5: the British player's die for each French area in ``areas``; totals: the Axis
    income from those that turn Vichy, how many become Vichy areas, and for each fleet
    waiting to move whether each area is among its nearest Vichy areas (counting only the
    lowest distance rolled): what the rest of 5.5 depends on."""
    waiting = tuple(
        (k, f.at)
        for k, f in ledger.state.fleets.items()
        if f.fate is FleetFate.VICHY and not f.sent_to
    )
    by_sea = ledger.assume(PATH) is FleetPath.BY_SEA
    return _area_batch(s, areas, waiting, ledger.assume(PACIFIC), by_sea)


@per_scenario
def _area_batch(
    s: WawScenario,
    areas: tuple[str, ...],
    waiting: tuple[tuple[str, str], ...],
    pacific: PacificVichy,
    by_sea: bool,
) -> Rolls:
    members = tuple(
        Roll(
            key=f"area.{a}",
            label=f"{s.areas[a].name} die",
            rule=RULE,
            dice=D6,
            outcomes=AREA_DIE,
            power=BRITAIN,
        )
        for a in areas
    )
    vichy = AreaSide.VICHY.value
    reachable = [a for a in areas if counts_as_vichy(s, a, pacific)]
    income = {f"area.{a}": {vichy: s.areas[a].ipc} for a in areas}
    count = {f"area.{a}": {vichy: 1} for a in reachable}
    totals = [
        Total.table(AXIS_INCOME, "Axis income from Vichy areas", "IPCs", income),
        Total.table(VICHY_AREAS, "Vichy areas", "areas", count),
    ]
    for key, at in waiting:
        far = board.distances(s, at, by_sea)
        reached = [a for a in reachable if a in far]
        ranks = {f"area.{a}": far[a] for a in reached}
        for area in reached:
            one = {f"area.{a}": {vichy: int(a == area)} for a in reached}
            label = f"{s.fleets[key].name}: {s.areas[area].name} among the nearest Vichy"
            totals.append(Total.table(nearness(key, area), label, "areas", one, ranks, False))
    return Rolls(
        key="areas",
        label="French area dice",
        rule=RULE,
        members=members,
        totals=tuple(totals),
        depends=tuple(t.key for t in totals[2:]),
        power=BRITAIN,
        help="One die for each French area not held by the Axis: 1-3 Vichy, 4-6 Free French.",
    )


def nearness(fleet: str, area: str) -> str:
    """The key of the batch total that says whether ``area`` is among the nearest Vichy
    areas of ``fleet``."""
    return f"near.{fleet}.{area}"


def roll_areas(s: WawScenario, ledger: State) -> Generator[Prompt, AnswerValue, None]:
    """5.5: the British player rolls once for every French area not already Axis-held (an
    area another Allied power holds by the reading ``waw.allied_held_areas``)."""
    kept = ledger.assume(ALLIED_HELD) is AlliedHeld.KEPT
    for key, standing in ledger.state.areas.items():
        if kept and standing.side is AreaSide.FRENCH and standing.income_to != FRANCE:
            changed = msgspec.structs.replace(standing, side=AreaSide.ALLIED)
            _set(ledger, areas={**ledger.state.areas, key: changed})
            ledger.note(
                RULE,
                f"{s.areas[key].name} is held by {s.label(standing.income_to)} and is not rolled",
                ALLIED_HELD,
            )
    areas = tuple(k for k, a in ledger.state.areas.items() if a.side is AreaSide.FRENCH)
    if areas:
        prompt = area_batch(s, ledger, areas)
        dice = yield prompt
        assert isinstance(dice, dict)
        found = prompt.outcomes_of(dice)
        for area in areas:
            turn(s, ledger, area, AreaSide(found[f"area.{area}"]), dice[f"area.{area}"])
    for area, state in ledger.state.areas.items():
        if state.side is AreaSide.AXIS and state.die is None:
            ledger.note(RULE, f"{s.areas[area].name} is held by the Axis and is not rolled")
    _set(ledger, phase=Phase.MOVES)


def turn(s: WawScenario, ledger: State, area: str, side: AreaSide, die: int) -> None:
    """Area ``area`` rolled ``die`` and goes ``side``; every unit in it goes with it at once:
    French units turn Vichy; another power's units follow the reading ``FOREIGN``."""
    before = ledger.state.areas[area]
    name = s.areas[area].name
    if side is AreaSide.FREE_FRENCH:
        changed = msgspec.structs.replace(before, side=side, die=die)
        ledger.note(RULE, f"{name}: the British player rolls {die}, Free French")
    else:
        units: dict[str, tuple[str, ...]] = {}
        interned = list(ledger.state.interned)
        foreign = ledger.assume(FOREIGN)
        for power, kinds in before.units.items():
            if power == FRANCE:
                units[VICHY_TROOPS] = units.get(VICHY_TROOPS, ()) + kinds
            elif foreign is Foreign.INTERNED:
                interned += [f"{area}: {power} {kind}" for kind in kinds]
                for kind in kinds:
                    ledger.note(RULE, f"{name}: {s.label(power)} {kind} interned", FOREIGN)
            else:
                units[power] = kinds
        changed = msgspec.structs.replace(before, side=side, die=die, units=units)
        _set(ledger, interned=tuple(interned))
        used = FOREIGN if any(p != FRANCE for p in before.units) else None
        ledger.note(RULE, f"{name}: the British player rolls {die}, Vichy", used)
    _set(ledger, areas={**ledger.state.areas, area: changed})


def send(s: WawScenario, ledger: State, key: str) -> Generator[Prompt, AnswerValue, None]:
    """5.5: fleet ``key`` (Vichy) goes to the nearest Vichy area, counted in steps from its
    sea area (by the reading ``waw.fleet_path``), and is placed in that area's port; the
    Axis player picks among equally near areas. With no Vichy area it stays and turns Free
    French."""
    fleet = s.fleets[key]
    pacific = ledger.assume(PACIFIC)
    open_ = [a for a in candidates(s, ledger.state) if counts_as_vichy(s, a, pacific)]
    by_sea = ledger.assume(PATH) is FleetPath.BY_SEA
    steps, near = board.nearest(s, fleet.at, open_, by_sea)
    if not near:
        _fleet(ledger, key, fate=FleetFate.FREE_FRENCH, owner=FRANCE)
        ledger.note(
            RULE,
            f"{fleet.name}: no Vichy area to go to; it stays and turns Free French",
            MOVE_TIME,
            announce=True,
        )
        return
    chosen = near[0]
    asked = len(near) > 1
    if asked:
        answer = yield Decision(
            key=f"move.{key}",
            power=s.conqueror,
            label=f"{fleet.name}: which Vichy area, {counted(steps or 0, 'step')} away, does it go to?",
            rule=RULE,
            options=tuple(
                Option(a, f"{s.areas[a].name} (placed in {s.areas[s.areas[a].port].name})")
                for a in near
            ),
            default=near[0],
        )
        chosen = str(answer)
    port = s.areas[chosen].port
    _fleet(ledger, key, at=port, sent_to=chosen)
    ledger.note(
        RULE,
        f"{fleet.name} goes to {s.areas[chosen].name}, {counted(steps or 0, 'step')} away, placed in {s.areas[port].name}",
        PATH,
        announce=not asked,
    )


def move_fleets(s: WawScenario, ledger: State) -> Generator[Prompt, AnswerValue, None]:
    """5.5: the fleets that rolled 5 move now, when the reading ``MOVE_TIME`` waits for the
    area dice."""
    if ledger.assume(MOVE_TIME) is MoveTime.AFTER_AREAS:
        waiting = [
            k for k, f in ledger.state.fleets.items() if f.fate is FleetFate.VICHY and not f.sent_to
        ]
        if waiting:
            ledger.note(RULE, "the fleets that rolled 5 move now, after the area dice", MOVE_TIME)
        for key in waiting:
            yield from send(s, ledger, key)
    _set(ledger, phase=Phase.MARKERS)


def place_markers(s: WawScenario, ledger: State) -> None:
    """5.5: a control marker on every Vichy area (Germany's, or the power the map names,
    Japan's on the Fiji and Society Islands); the income chart moves each Vichy area's
    IPCs from its holder to the marker's power."""
    pacific = ledger.assume(PACIFIC)
    areas = dict(ledger.state.areas)
    ipc = dict(ledger.state.ipc)
    for key, area in areas.items():
        if area.side is not AreaSide.VICHY:
            continue
        marker = s.marker(key)
        side = area.side if counts_as_vichy(s, key, pacific) else AreaSide.AXIS
        value = s.areas[key].ipc
        ipc[area.income_to] = ipc.get(area.income_to, 0) - value
        ipc[marker] = ipc.get(marker, 0) + value
        areas[key] = msgspec.structs.replace(area, side=side, marker=marker, income_to=marker)
        used = PACIFIC if marker != s.marker_power else None
        ledger.note(
            RULE,
            f"{s.label(marker)} marker on {s.areas[key].name} ({side.label}): "
            f"{counted(value, 'IPC')} move from {s.label(area.income_to)} to {s.label(marker)}",
            used,
        )
    _set(ledger, areas=areas, ipc=ipc, phase=Phase.DONE)
    ledger.note(RULE, "income chart: " + ", ".join(f"{s.label(p)} {v}" for p, v in ipc.items()))


def axis_income(s: WawScenario, state: WawState) -> dict[str, int]:
    """IPCs each Axis power collects from Vichy areas (5.5, 5.6), by the marker on them."""
    found: dict[str, int] = {}
    for key, area in state.areas.items():
        if area.marker and s.side(area.marker) is Alignment.AXIS:
            found[area.marker] = found.get(area.marker, 0) + s.areas[key].ipc
    return found
