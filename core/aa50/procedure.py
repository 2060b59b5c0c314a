"""The game goes on: each power's turn, phase after phase, with the actions the house rule
opens in each (declare an invasion or an occupation at the start of a combat move, move a
unit, report a battle, add France's turn at the start of the British turn). Each action is
refused outside its phase, or when the rule forbids it, with the rule that does; the
occupation is settled when its combat phase ends, and an invasion ends with its power's
non-combat move."""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

import msgspec

from armistice.core.aa50 import rules
from armistice.core.aa50.assumptions import (
    AIR_ZONE,
    CAPTOR,
    EMPTY_ZONE,
    FREE_FRENCH,
    GUESTS,
    HOLDER,
    INCOME,
    INVADED_GUESTS,
    MINOR,
    NEUTRAL_LEFT,
    PLACE,
    SCOPE,
    SUNK,
    UNLISTED,
    Captor,
    EmptyZone,
    FreeFrench,
    Guests,
    Holder,
    Income,
    Neutral,
    Place,
    Scope,
    Sunk,
    Unlisted,
)
from armistice.core.aa50.scenario import Aa50Scenario
from armistice.core.aa50.state import Aa50State, Occupation
from armistice.core.aa50.words import (
    BRITAIN,
    FRANCE,
    INVASION,
    LIBERATION,
    NEUTRAL,
    OCCUPATION,
    Domain,
    Fate,
    Phase,
    Zone,
)
from armistice.core.assumptions import Assumption
from armistice.core.dice import D6
from armistice.core.ledger import Ledger
from armistice.core.prompts import (
    AnswerValue,
    Decision,
    Fact,
    Option,
    Prompt,
    Roll,
    RollOutcome,
    Rolls,
    Selection,
    SelectionItem,
    Total,
)
from armistice.core.sides import Alignment
from armistice.core.turns import END_PHASE, STOP, ActionSpec, actions, within
from armistice.core.words import counted

Book = Ledger[Aa50State]
Steps = Generator[Prompt, AnswerValue, None]

ACTIONS = (
    ActionSpec(
        "liberate",
        "Add France's turn",
        LIBERATION,
        (Phase.START,),
    ),
    ActionSpec("invade", "Declare an invasion of French territory", INVASION, (Phase.COMBAT_MOVE,)),
    ActionSpec(
        "occupy", "Declare the occupation of Vichy France", OCCUPATION, (Phase.COMBAT_MOVE,)
    ),
    ActionSpec("move", "Move a unit", NEUTRAL, (Phase.COMBAT_MOVE, Phase.NONCOMBAT_MOVE)),
    ActionSpec("battle", "Report a battle's result", INVASION, (Phase.COMBAT,)),
)
PHASES = {p.value: p.label for p in Phase}
STAY = "stay"
"""The answer that leaves a unit where it is."""
OVER = "over"
"""The answer ``over.PLACE.BEYOND``: an Axis aircraft flies over French territory PLACE to
BEYOND in combat movement."""
MOVE_HELP = (
    "One adjacent place per move. Movement points are not counted and transports are not "
    "tracked: keep to each unit's move on the board; a land unit never enters a sea zone, "
    "a sea unit never goes on land."
)
"""What the move prompt does not check, said to the player."""
TAKEN = "taken"
"""The battle's result: the territory is captured (``taken.KIND``: by a land unit of that
kind landed from the sea)."""
NONE = "none"
"""The answer: no Axis land unit stands there."""
SHIP_DIE = (
    RollOutcome(Fate.CAPTURED.value, (rules.CAPTURED_FACE,)),
    RollOutcome(Fate.SCUTTLED.value, tuple(f for f in D6.faces() if f != rules.CAPTURED_FACE)),
)


def _pick(
    ledger: Book,
    key: str,
    power: str,
    label: str,
    options: list[Option],
    rule: str,
    default: str = "",
    reported: bool = False,
) -> Decision:
    """A decision of the current action, keyed by the action's number; ``reported`` when
    the players say what happened on the board."""
    return within(ledger.state.actions, key, power, label, options, rule, default, reported)


def turn_decision(s: Aa50Scenario, t: Aa50State, key: str) -> Decision:
    """The decision of the power whose turn it is: each action open now, or refused with
    the rule that forbids it; ending the start of the British turn is refused while
    France's turn is due."""
    clock = t.clock(s.label(t.power))
    closed = {a.key: why for a in ACTIONS if a.allowed(clock) and (why := _refusal(s, t, a.key))}
    base = actions(key, t.power, clock, ACTIONS, PHASES, NEUTRAL, closed)
    ok, why = rules.may_liberate(s, t)
    if not ok:
        options = tuple(
            Option(o.value, o.label, False, why) if o.value == "liberate" else o
            for o in base.options
        )
        return msgspec.structs.replace(base, options=options)
    due = f"Paris is held by the Allies: France's turn is added first ({LIBERATION})"
    options = tuple(
        Option(o.value, o.label, False, due) if o.value == END_PHASE else o for o in base.options
    )
    return msgspec.structs.replace(base, options=options)


def _refusal(s: Aa50Scenario, t: Aa50State, action: str) -> str:
    """Why ``action``, open in this phase, is refused now ("" if it is not)."""
    alignment = rules.side(s, t, t.power)
    if action == "liberate":
        return rules.may_liberate(s, t)[1]
    if action == "occupy" and t.occupation is not None:
        return f"{s.label(t.occupation.power)} has declared the occupation of Vichy France this turn ({OCCUPATION})"
    if action == "invade" and t.power in t.invasions:
        return f"{s.label(t.power)} has declared its invasion this turn ({INVASION})"
    if action == "move" and not rules.movable(t, t.power):
        return f"{s.label(t.power)} has no unit on the map to move ({NEUTRAL})"
    if action in ("invade", "occupy"):
        if t.moved:
            return f"declared at the start of the combat move, before any unit moves ({INVASION if action == 'invade' else OCCUPATION})"
        if not rules.french(t):
            return f"no French territory is still neutral ({NEUTRAL})"
    if action == "invade":
        if t.power == FRANCE:
            return f"France does not invade its own territories; they stay neutral ({LIBERATION})"
        if alignment is not Alignment.ALLIED:
            return (
                f"only an Allied power invades French territory; the Axis occupies it ({INVASION})"
            )
    if action == "occupy" and alignment is not Alignment.AXIS:
        return f"only an Axis power occupies Vichy France; the Allies invade it ({OCCUPATION})"
    return ""


def play(s: Aa50Scenario, ledger: Book) -> Steps:
    """Turn after turn from the scenario's round and power: in each phase the power whose
    turn it is takes the actions open then until it ends the phase; the players may stop
    at any prompt. France's turn, once added, is played like any other."""
    while True:
        t = ledger.state
        step = t.actions + 1
        answer = yield turn_decision(s, t, f"action.{step}")
        if answer == STOP:
            ledger.note(
                NEUTRAL,
                f"The players stop in round {t.round}, {s.label(t.power)}'s {t.phase.label}",
            )
            return
        ledger.state = msgspec.structs.replace(ledger.state, actions=step)
        if answer == END_PHASE:
            yield from end_phase(s, ledger)
            continue
        yield from HANDLERS[str(answer)](s, ledger)


def end_phase(s: Aa50Scenario, ledger: Book) -> Steps:
    """Close the current phase: the occupation is settled after its combat phase; an
    invasion ends with its power's non-combat move; after the last phase the next power in
    the turn order plays (a new round after the last)."""
    t = ledger.state
    ledger.note(NEUTRAL, f"{s.named(t.power)}: end of the {t.phase.label} phase")
    if t.phase is Phase.COMBAT and t.occupation is not None:
        yield from settle(s, ledger)
    t = ledger.state
    if t.phase is Phase.NONCOMBAT_MOVE and t.power in t.invasions:
        invasions = {p: v for p, v in t.invasions.items() if p != t.power}
        ledger.state = t = msgspec.structs.replace(t, invasions=invasions)
        ledger.note(
            INVASION, f"France is fully neutral again toward {s.label(t.power)}", announce=True
        )
    phases = list(Phase)
    if t.phase is not phases[-1]:
        ledger.state = msgspec.structs.replace(
            t, phase=phases[phases.index(t.phase) + 1], moved=False, fought=()
        )
        return
    order = t.turn_order
    at = order.index(t.power) + 1
    new_round = at == len(order)
    ledger.state = msgspec.structs.replace(
        t,
        power=order[0 if new_round else at],
        round=t.round + new_round,
        phase=phases[0],
        moved=False,
        fought=(),
        occupied="",
    )


def liberate(s: Aa50Scenario, ledger: Book) -> Steps:
    """§4: France's turn is added for good and French markers go on."""
    t = ledger.state
    ledger.state = rules.liberate(
        s,
        t,
        after_britain=ledger.assume(PLACE) is Place.AFTER_BRITAIN,
        unlisted_marked=ledger.assume(UNLISTED) is Unlisted.MARKER,
        neutral_join=ledger.assume(NEUTRAL_LEFT) is Neutral.JOIN,
        income_to=FRANCE if ledger.assume(INCOME) is Income.FRANCE else BRITAIN,
        free_french=ledger.assume(FREE_FRENCH) is FreeFrench.FRANCE,
    )
    after = ledger.state
    order = ", ".join(s.label(p) for p in after.turn_order)
    ledger.note(
        LIBERATION,
        f"Paris is held by the Allies: France joins the turn order ({order})",
        PLACE,
        announce=True,
    )
    marked = [
        s.called(k)
        for k, a in after.territories.items()
        if a.marker and not t.territories[k].marker and t.territories[k].status is not Fate.FRENCH
    ]
    ledger.note(LIBERATION, f"French markers where the Allies hold: {', '.join(marked) or 'none'}")
    neutral_before = rules.french(t)
    for key in (k for k in s.french if s.places[k].unlisted):
        before = t.territories[key]
        if before.status is Fate.FRENCH:
            continue  # decided with the territories still neutral, below
        if rules.side(s, t, before.controller) is not Alignment.ALLIED:
            continue  # no marker where the Axis holds, as for any listed territory
        marked_now = after.territories[key].marker
        ledger.note(
            LIBERATION,
            f"{s.called(key)}, off the rule's list, held by {s.label(before.controller)}: "
            f"{'a French marker' if marked_now else 'no marker, its holder keeps it'}",
            UNLISTED,
        )
    if neutral_before:
        names = ", ".join(s.called(k) for k in neutral_before)
        count = counted(len(neutral_before), "French territory", "French territories")
        joined = not rules.french(after)
        ledger.note(
            LIBERATION,
            f"{count} still neutral {'join France, markers on' if joined else 'stay neutral'}: {names}",
            NEUTRAL_LEFT,
        )
    joined_units = [
        f"{counted(len(units), 'unit')} in {s.called(k)}"
        for k, units in t.free_french.items()
        if units
    ]
    joined_ships = [s.ships[k].name for k, sh in t.ships.items() if sh.free_french]
    if joined_units or joined_ships:
        french = ledger.assume(FREE_FRENCH) is FreeFrench.FRANCE
        ledger.note(
            LIBERATION,
            f"Free French units and ships {'come under France' if french else 'stay British'}: "
            f"{', '.join((*joined_units, *joined_ships))}",
            FREE_FRENCH,
        )
    ledger.note(
        LIBERATION,
        f"France's territories ({rules.france_income(s, after)} IPCs) count in {s.label(after.income_to)}'s income",
        INCOME,
    )
    return
    yield  # a generator like the other actions


def invade(s: Aa50Scenario, ledger: Book) -> Steps:
    """§2: the Allied power names the French territories it will attack; every French
    unit turns hostile to it until its non-combat move ends."""
    t = ledger.state
    open_ = rules.french(t)
    answer = yield Selection(
        key=f"{t.actions}.invade.territories",
        power=t.power,
        label=f"{s.named(t.power)} invades which French territories?",
        rule=INVASION,
        items=tuple(SelectionItem(k, s.called(k)) for k in open_),
        required=len(open_),
        unit="territories",
        minimum=1,
        picks="French territories",
    )
    assert isinstance(answer, dict)
    named = tuple(k for k in open_ if answer.get(k))
    ledger.state = msgspec.structs.replace(t, invasions={**t.invasions, t.power: named})
    ledger.note(
        INVASION,
        f"{s.named(t.power)} invades {', '.join(s.called(k) for k in named)}: every French unit is hostile to it",
        SCOPE,
        announce=True,
    )


def occupy(s: Aa50Scenario, ledger: Book) -> Steps:
    """§3: the Axis power occupies Vichy France; this combat move it may enter any
    French territory, and French units do not defend."""
    t = ledger.state
    occupation = Occupation(t.power, rules.french(t))
    ledger.state = msgspec.structs.replace(t, occupation=occupation)
    ledger.note(
        OCCUPATION,
        f"{s.named(t.power)} occupies Vichy France ({counted(len(occupation.territories), 'French territory', 'French territories')})",
        announce=True,
    )
    return
    yield  # a generator like the other actions


def move_unit(s: Aa50Scenario, ledger: Book) -> Steps:
    """A unit of the power whose turn it is moves to an adjacent place, if the house rule
    lets it; a French unit, or a destination the rule forbids, is refused with the rule."""
    t = ledger.state
    any_ = ledger.assume(SCOPE) is Scope.ANY

    def movable(place: str, unit: str) -> bool:
        return rules.may_own_move(t, t.power, place, unit)

    places = [
        k
        for k in s.places
        if any(movable(k, u) or rules.neutral_unit(t, k, u) for u in rules.units_at(t, k))
    ]
    starts = [
        Option(k, s.called(k))
        if any(movable(k, u) for u in rules.units_at(t, k))
        else Option(k, s.called(k), False, rules.NEVER_MOVE)
        for k in places
    ]
    start = str((yield _pick(ledger, "move.from", t.power, "From where?", starts, NEUTRAL)))
    units = []
    for unit in dict.fromkeys(rules.units_at(t, start)):
        power = rules.unit_power(unit)
        refused = ""
        if rules.neutral_unit(t, start, unit):
            refused = rules.NEVER_MOVE
        elif power != t.power:
            refused = f"only {s.label(t.power)}'s units move in its turn ({NEUTRAL})"
        units.append(Option(unit, s.unit_name(unit), not refused, refused))
    unit = str((yield _pick(ledger, "move.unit", t.power, "Which unit?", units, NEUTRAL)))
    near = [Option(STAY, "leave it where it is")]
    for place in s.places[start].adjacent:
        ok, why = rules.may_move(s, t, unit, start, place, any_)
        near.append(Option(place, s.called(place), ok, "" if ok else why))
        if rules.flies_over(s, t, unit, place):
            for beyond in s.places[place].adjacent:
                if beyond != start:
                    ok, why = rules.may_move(s, t, unit, place, beyond, any_)
                    label = f"over {s.called(place)} to {s.called(beyond)}"
                    near.append(Option(f"{OVER}.{place}.{beyond}", label, ok, "" if ok else why))
    to_where = msgspec.structs.replace(
        _pick(ledger, "move.to", t.power, "To which adjacent place?", near, NEUTRAL, STAY),
        help=MOVE_HELP,
    )
    to = str((yield to_where))
    if to == STAY:
        ledger.note(NEUTRAL, f"{s.unit_name(unit)} stays in {s.called(start)}")
        return
    via = ""
    if to.startswith(f"{OVER}."):
        _, via, to = to.split(".")
        _, why = rules.may_move(s, t, unit, via, to, any_)
        why = f"{rules.FLY_OVER}; over {s.called(via)}: {why}"
    else:
        _, why = rules.may_move(s, t, unit, start, to, any_)
    line = f"{s.unit_name(unit)}: {s.called(start)} to {s.called(to)}: {why}"
    t = rules.move(t, unit, start, to)
    ledger.state = msgspec.structs.replace(t, moved=True, moves=(*t.moves, line))
    ledger.note(NEUTRAL, line)


def battle(s: Aa50Scenario, ledger: Book) -> Steps:
    """A battle the power whose turn it is fought on the board: against a French territory
    it invades (French units and ships defend; after a capture the ships based there meet
    their fate), for any other territory, or at sea in a zone holding both sides' units
    (each side's losses asked). After a territory's battle the attacker's losses there are
    asked; a capture with no attacker land unit there may name the kind that landed from
    the sea (``taken.KIND``: transports are not tracked)."""
    t = ledger.state
    any_ = ledger.assume(SCOPE) is Scope.ANY
    targets = []
    once = f"a territory is fought over once in a combat phase ({INVASION})"
    for place in s.land:
        area = t.territories[place]
        if area.status is Fate.FRENCH:
            ok, why = rules.may_attack(s, t, t.power, place, any_)
            if ok and place in t.fought:
                ok, why = False, once
            targets.append(Option(place, f"{s.called(place)} (French)", ok, why))
        elif rules.side(s, t, area.controller) not in (
            Alignment.NEUTRAL,
            rules.side(s, t, t.power),
        ):
            fought = place in t.fought
            label = f"{s.called(place)} ({s.label(area.controller)})"
            targets.append(Option(place, label, not fought, once if fought else ""))
    mine = rules.side(s, t, t.power)
    for zone, units in t.zones.items():
        sides = {rules.side(s, t, rules.unit_power(u)) for u in units}
        if mine in sides and ({Alignment.AXIS, Alignment.ALLIED} - {mine}) & sides:
            fought = zone in t.fought
            label = f"{s.called(zone)} (sea battle)"
            targets.append(Option(zone, label, not fought, once if fought else ""))
    if not any(o.enabled for o in targets):
        ledger.note(NEUTRAL, f"{s.named(t.power)} has no territory to attack")
        return
    target = str(
        (yield _pick(ledger, "battle.target", t.power, "Where was the battle?", targets, INVASION))
    )
    if target in t.zones:
        ledger.state = msgspec.structs.replace(t, fought=(*t.fought, target))
        powers = tuple(dict.fromkeys(rules.unit_power(u) for u in t.zones[target]))
        yield from losses(s, ledger, target, powers, "sea")
        return
    area = t.territories[target]
    french = area.status is Fate.FRENCH
    ledger.state = t = msgspec.structs.replace(t, fought=(*t.fought, target))
    on_land = any(
        rules.unit_power(u) == t.power and s.kinds[rules.unit_kind(u)].domain is Domain.LAND
        for u in area.units
    )
    landings = [
        Option(
            f"{TAKEN}.{k}",
            f"captured by {s.unit_name(f'{t.power}:{k}')} landed from the sea (transports are not tracked)",
        )
        for k, e in s.kinds.items()
        if e.domain is Domain.LAND and not on_land
    ]
    said = str(
        (
            yield _pick(
                ledger,
                "battle.result",
                t.power,
                f"{s.named(t.power)} against {s.called(target)}: the battle's result?",
                [Option(TAKEN, "captured"), Option("held", "not captured"), *landings],
                INVASION if french else NEUTRAL,
                "held",
                reported=True,
            )
        )
    )
    result, _, kind = said.partition(".")
    if french:
        yield from french_losses(s, ledger, target, result == TAKEN)
    yield from losses(s, ledger, target, (t.power,), "own")
    if kind:
        unit = f"{t.power}:{kind}"
        ledger.state = rules.move_in(ledger.state, target, unit)
        ledger.note(NEUTRAL, f"{s.unit_name(unit)} lands in {s.called(target)} from the sea")
    elif result == TAKEN and not on_land:
        ledger.note(
            NEUTRAL,
            f"No {s.adjective(t.power)} land unit stood in {s.called(target)} on the board: it "
            f"was taken from the sea, the unit that landed not named ({TAKEN}.KIND names it)",
        )
    if result == "held":
        ledger.note(
            INVASION if french else NEUTRAL,
            f"{s.called(target)} holds against {s.label(t.power)}",
            announce=True,
        )
        yield from fall_back(s, ledger, target)
        return
    axis = [u for u in area.units if rules.side(s, t, rules.unit_power(u)) is Alignment.AXIS]
    guests = french and ledger.assume(INVADED_GUESTS) is Guests.STAY
    ledger.state = rules.capture(s, ledger.state, target, t.power, guests)
    if french and axis:
        ledger.note(
            INVASION,
            f"Axis units in {s.called(target)}: {'they stay' if guests else 'removed from play'}",
            INVADED_GUESTS,
        )
    now = ledger.state.territories[target]
    after = "" if now.controller == t.power else f"; {s.label(now.controller)} holds it"
    if now.status is not Fate.CAPTURED:
        after += f"; it is {now.status.label}"
    ledger.note(now.rule, f"{s.named(t.power)} captures {s.called(target)}{after}", announce=True)
    if target == s.paris and now.controller == FRANCE:
        regained(s, ledger)
    if french:
        yield from ship_fates(s, ledger, rules.based(s, ledger.state, target), t.power, INVASION)


def regained(s: Aa50Scenario, ledger: Book) -> None:
    """§4: Paris is France's again, so France takes back the initially French
    territories its allies took while the enemy held it, as the Anniversary rules give
    any power whose capital is liberated."""
    t = ledger.state
    ledger.state = rules.regain(s, t, ledger.assume(UNLISTED) is Unlisted.MARKER)
    back = [
        k
        for k, a in ledger.state.territories.items()
        if a.controller == FRANCE and t.territories[k].controller != FRANCE
    ]
    if not back:
        return
    decided = any(
        s.places[k].unlisted
        and a.status is Fate.CAPTURED
        and rules.side(s, t, a.controller) is Alignment.ALLIED
        for k, a in t.territories.items()
    )
    ledger.note(
        LIBERATION,
        f"Paris is France's again: France takes back {', '.join(s.called(k) for k in back)} "
        "from its allies: like any power whose capital is liberated, it regains its "
        "original territories its allies hold",
        UNLISTED if decided else None,
        announce=True,
    )


def losses(s: Aa50Scenario, ledger: Book, place: str, powers: tuple[str, ...], key: str) -> Steps:
    """The units of ``powers`` standing in ``place`` that a battle there cost, as the
    players report them (how many of each kind, 0 by default), removed from play (§1), so
    the tracked units answer later questions rightly; ``key`` names the prompts."""
    t = ledger.state
    here = [u for u in rules.units_at(t, place) if rules.unit_power(u) in powers]
    lost = yield from lost_in(
        s, ledger, place, here, lambda u: f"{key}.{rules.unit_power(u)}.{rules.unit_kind(u)}"
    )
    if lost:
        ledger.state = rules.lose(ledger.state, place, lost, NEUTRAL)
        named = ", ".join(f"{n} {s.unit_name(u, n)}" for u, n in lost.items())
        ledger.note(NEUTRAL, f"Lost in {s.called(place)}: {named}")


def lost_in(
    s: Aa50Scenario,
    ledger: Book,
    place: str,
    units: list[str],
    key: Callable[[str], str],
    rule: str = NEUTRAL,
) -> Generator[Prompt, AnswerValue, dict[str, int]]:
    """How many of each of ``units`` (``POWER:KIND`` entries, one per unit) a battle in
    ``place`` cost, asked kind by kind of the power whose turn it is (0 by default, at most
    those there; prompt ``N.battle.`` + ``key(unit)``, citing ``rule``): ``POWER:KIND`` ->
    units lost, kinds with none left out."""
    t = ledger.state
    lost: dict[str, int] = {}
    for unit in dict.fromkeys(units):
        count = yield Fact(
            key=f"{t.actions}.battle.{key(unit)}",
            power=t.power,
            label=f"How many {s.unit_name(unit, 2)} were lost in {s.called(place)}?",
            rule=rule,
            unit="units",
            low=0,
            high=units.count(unit),
            default=0,
        )
        assert isinstance(count, int)
        if count:
            lost[unit] = count
    return lost


def fall_back(s: Aa50Scenario, ledger: Book, target: str) -> Steps:
    """The attacker's units left in ``target`` after a failed attack do not stay there: they
    retreat together to an adjacent territory their side holds, or are lost when they
    cannot (an amphibious assault)."""
    t = ledger.state
    mine = [u for u in t.territories[target].units if rules.unit_power(u) == t.power]
    if not mine:
        return
    rule = INVASION if t.territories[target].status is Fate.FRENCH else NEUTRAL
    side = rules.side(s, t, t.power)
    options = [
        Option(k, f"retreat to {s.called(k)}")
        for k in s.places[target].adjacent
        if k in t.territories
        and t.territories[k].status is not Fate.FRENCH
        and rules.side(s, t, t.territories[k].controller) is side
    ]
    options.append(Option(NONE, "none: they are lost"))
    to = str(
        (
            yield _pick(
                ledger,
                "battle.retreat",
                t.power,
                f"The attack on {s.called(target)} failed: where do {s.label(t.power)}'s "
                f"{counted(len(mine), 'unit')} there go?",
                options,
                rule,
            )
        )
    )
    ledger.state = rules.retreat(t, target, t.power, "" if to == NONE else to, rule)
    where = "lost" if to == NONE else f"retreat to {s.called(to)}"
    ledger.note(rule, f"{s.named(t.power)}'s units in {s.called(target)}: {where}")


def french_losses(s: Aa50Scenario, ledger: Book, target: str, taken: bool) -> Steps:
    """The French units and ships the battle cost, as the players report them: each ship
    based there sunk or not; for a territory not captured, how many French units of each
    kind were lost (a captured territory loses them all)."""
    t = ledger.state
    sunk = []
    zone = ledger.assume(SUNK) is Sunk.ZONE
    for ship in (rules.nearby if zone else rules.based)(s, t, target):
        said = yield _pick(
            ledger,
            f"battle.sunk.{ship}",
            t.power,
            f"Was {s.ships[ship].name} sunk in the battle for {s.called(target)}?",
            [Option("no", "no"), Option("yes", "yes, sunk")],
            INVASION,
            "no",
            reported=True,
        )
        if said == "yes":
            sunk.append(ship)
    if sunk:
        ledger.state = rules.sink(ledger.state, tuple(sunk))
        ledger.note(
            INVASION,
            f"Sunk in battle: {', '.join(s.ships[k].name for k in sunk)}",
            SUNK if zone else None,
        )
    french = [u for u in ledger.state.territories[target].units if rules.neutral_unit(t, target, u)]
    if taken:
        return
    lost = yield from lost_in(
        s, ledger, target, french, lambda u: f"lost.{rules.unit_kind(u)}", INVASION
    )
    if lost:
        ledger.state = rules.lose(ledger.state, target, lost)
        ledger.note(
            INVASION,
            f"French units lost in {s.called(target)}: {counted(sum(lost.values()), 'unit')}",
        )


def zone_question(s: Aa50Scenario, ledger: Book, zone: str, ships: tuple[str, ...]) -> Decision:
    """What sea zone ``zone`` holds now, asked of the power whose turn it is (the invader or
    the occupier), the tracked units giving the default. An Axis power is named only with
    a unit of its own there of the kind the answer says (a surface warship, a submarine or
    transport, an aircraft): the power that rolls for the French ships, and captures them on
    a 1, is in the zone (§2)."""
    t = ledger.state
    most = ledger.assume(CAPTOR) is Captor.MOST_WARSHIPS
    axis = dict.fromkeys(
        p for p in (*t.turn_order, *s.powers) if rules.side(s, t, p) is Alignment.AXIS
    )
    which = "most surface warships" if most else "the first in the turn order"
    options = [
        Option(Zone.EMPTY.value, Zone.EMPTY.label),
        Option(Zone.ALLIED.value, Zone.ALLIED.label),
    ]
    for kind, says in (
        (Zone.WARSHIP, f"has a surface warship there ({which})"),
        (Zone.MINOR, "submarines or transports only"),
        (Zone.AIR, "aircraft only, no Axis ship"),
    ):
        for p in axis:
            label = f"{s.named(p)} {says}" if kind is Zone.WARSHIP else f"{s.adjective(p)} {says}"
            why = rules.absent(s, t, zone, p, kind)
            options.append(Option(f"{kind.value}:{p}", label, not why, why))
    names = [s.ships[k].name for k in ships]
    listed = " and ".join(filter(None, (", ".join(names[:-1]), names[-1])))
    return _pick(
        ledger,
        f"zone.{zone}",
        t.power,
        f"{s.called(zone)}, where {listed} {'lies' if len(names) == 1 else 'lie'}: what is there now?",
        options,
        INVASION,
        rules.zone_answer(s, t, zone, most),
        reported=True,
    )


def ship_fates(
    s: Aa50Scenario,
    ledger: Book,
    ships: tuple[str, ...],
    captor: str,
    rule: str,
    empty_captor: str = "",
) -> Steps:
    """§2 for French ``ships``, zone by zone: a zone of Allied units only gives them to
    ``captor``, an empty one to ``empty_captor`` when given (after an occupation, as the
    reading ``aa50.occupation_empty_zone`` says), else to ``captor``; an Axis surface
    warship there makes its power roll a die per ship (1 captured, else scuttled); Axis
    submarines or transports alone follow ``aa50.minor_zone``, aircraft ``aa50.air_zone``."""
    zones = list(dict.fromkeys(ledger.state.ships[k].at for k in ships))
    for zone in zones:
        here = tuple(k for k in ships if ledger.state.ships[k].at == zone)
        answer = str((yield zone_question(s, ledger, zone, here)))
        kind, _, axis = answer.partition(":")
        zone_kind = Zone(kind)
        fate = rules.zone_fate(zone_kind, ledger.assume(MINOR), ledger.assume(AIR_ZONE))
        used: Assumption[Any] | None = {Zone.MINOR: MINOR, Zone.AIR: AIR_ZONE}.get(zone_kind)
        if fate == rules.STAYS:
            ledger.note(
                rule,
                f"{s.called(zone)}: no Axis surface warship nor an empty zone; the ships stay French",
                used,
            )
            continue
        if fate == rules.TAKEN:
            taker = captor
            if empty_captor and zone_kind is not Zone.ALLIED:
                taker, used = empty_captor, EMPTY_ZONE
            joins = rule == OCCUPATION and taker == BRITAIN
            ledger.state = rules.capture_ships(s, ledger.state, here, taker, joins, rule)
            ledger.note(
                rule,
                f"{s.called(zone)}: {s.label(taker)} captures {', '.join(s.ships[k].name for k in here)}",
                used,
                announce=True,
            )
            continue
        yield from roll_ships(s, ledger, zone, here, axis, rule)


def roll_ships(
    s: Aa50Scenario, ledger: Book, zone: str, ships: tuple[str, ...], roller: str, rule: str
) -> Steps:
    """One die per ship, rolled once each by the Axis ``roller``: 1 captured by it, else
    scuttled (§2); the fates are logged citing ``rule`` (§2 after an invasion, §3 after an
    occupation)."""
    t = ledger.state
    members = tuple(
        Roll(
            key=f"{t.actions}.ship.{k}",
            label=f"{s.ships[k].name} die",
            rule=INVASION,
            dice=D6,
            outcomes=SHIP_DIE,
            power=roller,
        )
        for k in ships
    )
    total = Total.table(
        f"{t.actions}.captured.{zone}",
        f"Captured in {s.called(zone)}",
        "ships",
        {m.key: {Fate.CAPTURED.value: 1} for m in members},
    )
    answer = yield Rolls(
        key=f"{t.actions}.ships.{zone}",
        label=f"{s.named(roller)} rolls for the French ships in {s.called(zone)}",
        rule=INVASION,
        members=members,
        totals=(total,),
        power=roller,
        help="1: captured by the Axis power rolling; 2-6: scuttled",
    )
    assert isinstance(answer, dict)
    faces = {k: int(answer[f"{t.actions}.ship.{k}"]) for k in ships}
    ledger.state = rules.roll_ships(s, ledger.state, roller, faces, rule)
    for k in ships:
        ship = ledger.state.ships[k]
        ledger.note(rule, f"{s.ships[k].name}: die {ship.die}, {ship.fate.label}", announce=True)


def settle(s: Aa50Scenario, ledger: Book) -> Steps:
    """§3 after the occupier's combat phase: which Axis power has a land unit in each
    territory French when the occupation was declared, asked only where a tracked Axis land
    unit stands (the tracked units giving the default; elsewhere none does, as logged);
    then each is captured or Free French in one step, and every remaining French ship
    meets its fate."""
    t = ledger.state
    occupation = t.occupation
    assert occupation is not None
    axis = [p for p in s.powers if rules.side(s, t, p) is Alignment.AXIS]
    holders: dict[str, str] = {}
    owner = ledger.assume(HOLDER) is Holder.UNIT_OWNER
    asked: list[str] = []
    for place in occupation.territories:
        land = [
            rules.unit_power(u)
            for u in t.territories[place].units
            if rules.side(s, t, rules.unit_power(u)) is Alignment.AXIS
            and s.kinds[rules.unit_kind(u)].domain is Domain.LAND
        ]
        if not land:
            continue
        asked.append(place)
        default = occupation.power if occupation.power in land else land[0]
        absent = f"no {{}} land unit stands in {s.called(place)} ({OCCUPATION})"
        answer = yield _pick(
            ledger,
            f"occupation.{place}",
            occupation.power,
            f"After combat, whose Axis land unit stands in {s.called(place)}?",
            [
                Option(NONE, "none"),
                *(
                    Option(
                        p, s.label(p), p in land, "" if p in land else absent.format(s.adjective(p))
                    )
                    for p in axis
                ),
            ],
            OCCUPATION,
            default,
            reported=True,
        )
        if answer != NONE:
            holders[place] = occupation.power if not owner else str(answer)
    ledger.state = rules.occupy(
        s, ledger.state, occupation, holders, ledger.assume(GUESTS) is Guests.STAY
    )
    for place in occupation.territories:
        now = ledger.state.territories[place]
        unasked = "" if place in asked else "no Axis land unit there; "
        ledger.note(
            OCCUPATION,
            f"{s.called(place)}: {unasked}{now.status.label}, held by {s.label(now.controller)}",
            HOLDER if place in holders else None,
            announce=True,
        )
    for gone in ledger.state.removed[len(t.removed) :]:
        ledger.note(
            gone.rule,
            f"Removed from play: {s.unit_name(gone.unit)} in {s.called(gone.place)}",
            None if rules.unit_power(gone.unit) == FRANCE else GUESTS,
        )
    allies = FRANCE if ledger.state.france_active else BRITAIN
    empty = allies if ledger.assume(EMPTY_ZONE) is EmptyZone.BRITAIN else occupation.power
    yield from ship_fates(s, ledger, rules.neutral_ships(ledger.state), allies, OCCUPATION, empty)


HANDLERS = {
    "liberate": liberate,
    "invade": invade,
    "occupy": occupy,
    "move": move_unit,
    "battle": battle,
}
