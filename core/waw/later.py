"""5.6 as actions for the rest of the game: each turn's combat and income phases, in which
the players attack Vichy areas and fleets (reporting each battle's result), take back areas
the Axis holds, let Japan gain an area by politics, ask whether a unit may enter an area,
and collect the Axis income from Vichy areas; and the hand-over from 5.5."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, Final

import msgspec

from armistice.core.assumptions import Assumption, Choice
from armistice.core.ledger import Ledger
from armistice.core.prompts import AnswerValue, Clock, Decision, Option, Prompt
from armistice.core.sides import Alignment
from armistice.core.summary import Row, Section, Summary
from armistice.core.turns import END_PHASE, STOP, ActionSpec, actions, within
from armistice.core.waw import territories as rules
from armistice.core.waw.scenario import WawScenario
from armistice.core.waw.state import VICHY_TROOPS, WawState
from armistice.core.waw.territories import AreaAfter, FleetAfter, Territories, VichyScenario
from armistice.core.waw.words import CAPTORS, FRANCE, LATER, RULE, AreaSide, FleetFate, Turn
from armistice.core.words import Word

KEY: Final = "waw.vichy"
TITLE = "World at War: Vichy territories (5.6)"


class OtherCaptor(Word):
    """What a Vichy area captured by an Allied power 5.6 does not name becomes."""

    FREE_FRENCH = "free_french"
    CAPTOR = "captor"


class Lonely(Word):
    """What becomes of a Vichy fleet with no Vichy area adjacent to it."""

    STAYS_VICHY = "stays_vichy"
    FREE_FRENCH = "free_french"


OTHER_CAPTOR = Assumption(
    key="waw.other_captor",
    rule=LATER,
    question="A Vichy area captured by an Allied power other than Britain, the Free French or the U.S.?",
    kind=OtherCaptor,
    choices=(
        Choice("free_french", "it reverts to Free French, as for the powers the rule names"),
        Choice("captor", "the captor holds it"),
    ),
    why="the rule names only the British, the Free French and the U.S.",
)
LONELY = Assumption(
    key="waw.lonely_fleet",
    rule=LATER,
    question="A Vichy fleet with no Vichy area adjacent to it: does it turn Free French?",
    kind=Lonely,
    choices=(
        Choice("stays_vichy", "no: there is nothing for the Allies to capture, it stays Vichy"),
        Choice("free_french", "yes, at once: no Vichy area next to it holds it"),
    ),
    why="the rule frees a fleet when the Allies capture every adjacent Vichy area",
)


class Captured(Word):
    """What becomes of the Vichy troops in an area the Allies capture."""

    FREE_FRENCH = "free_french"
    REMOVED = "removed"


CAPTURED = Assumption(
    key="waw.captured_vichy_units",
    rule=LATER,
    question="The Allies capture a Vichy area: what of the Vichy units in it?",
    kind=Captured,
    choices=(
        Choice(
            "free_french",
            "they turn Free French with the area, every one whatever its kind; the players "
            "remove on the board what the battle cost",
        ),
        Choice("removed", "a capture leaves no defender: they are removed from play"),
    ),
    why="the rule returns the area to the Free French and says nothing of the troops in it",
)


class Guests(Word):
    """What becomes of another side's units in an area that changes side without a battle."""

    REMOVED = "removed"
    STAY = "stay"


GUESTS = Assumption(
    key="waw.units_on_change",
    rule=LATER,
    question="An area changes side without a battle (an Axis attack elsewhere, politics): "
    "what of the units of the other side standing in it?",
    kind=Guests,
    choices=(
        Choice("removed", "they are removed from play, as a Vichy area interns them in 5.5"),
        Choice("stay", "they stay where they are"),
    ),
    why="the rule turns areas over and says nothing of other powers' units in them",
)


class Counted(Word):
    """Whether the Free French's own captures count toward freeing a Vichy fleet."""

    COUNT = "count"
    NOT = "not"


FREED_BY = Assumption(
    key="waw.free_french_captures",
    rule=LATER,
    question="Do areas the Free French capture count among the Vichy areas the Allies must "
    "capture to free a Vichy fleet next to them?",
    kind=Counted,
    choices=(
        Choice("count", "yes: 5.6 names the Free French among the Allies who capture Vichy areas"),
        Choice(
            "not",
            "no: France's own units are no Allied presence; only another Allied power's capture counts",
        ),
    ),
    why="the rule says the Allies must capture every adjacent Vichy area without saying "
    "whether the Free French are among them",
)


class Retaken(Word):
    """Who holds a French area the Axis held (not Vichy) once an Allied power takes it."""

    FREE_FRENCH = "free_french"
    CAPTOR = "captor"


RETAKEN = Assumption(
    key="waw.retaken_area",
    rule=LATER,
    question="An Allied power captures a French area the Axis held (not a Vichy area): who holds it?",
    kind=Retaken,
    choices=(
        Choice("free_french", "it reverts to Free French, as a captured Vichy area does"),
        Choice("captor", "the Allied power that captured it"),
    ),
    why="5.6 returns captured Vichy areas to the Free French and says nothing of French "
    "areas the Axis held",
)


class Troops(Word):
    """What becomes of the Vichy troops in an area an Axis power gains by politics."""

    STAY_VICHY = "stay_vichy"
    JOIN = "join"


POLITICS_TROOPS = Assumption(
    key="waw.politics_troops",
    rule=RULE,
    question="An Axis power gains a Vichy area by political influence: what of the Vichy "
    "troops in it?",
    kind=Troops,
    choices=(
        Choice(
            "stay_vichy",
            "they stay Vichy, as the fleet sent there does: freed when the Allies take the "
            "area back, and removed from play when an Axis attack frees Vichy France",
        ),
        Choice("join", "they join the power that gained the area"),
    ),
    why="5.5 says only that a Vichy fleet sent to the area stays Vichy",
)
ASSUMPTIONS = (OTHER_CAPTOR, LONELY, CAPTURED, GUESTS, FREED_BY, RETAKEN, POLITICS_TROOPS)


def readings(ledger: Ledger[Any]) -> rules.Readings:
    """The game's values of the readings the 5.6 rule functions take."""
    return rules.Readings(
        other_captor_keeps=ledger.assume(OTHER_CAPTOR) is OtherCaptor.CAPTOR,
        vichy_join=ledger.assume(CAPTURED) is Captured.FREE_FRENCH,
        free_french_frees=ledger.assume(FREED_BY) is Counted.COUNT,
        retaken_to_captor=ledger.assume(RETAKEN) is Retaken.CAPTOR,
        others_stay=ledger.assume(GUESTS) is Guests.STAY,
        politics_join=ledger.assume(POLITICS_TROOPS) is Troops.JOIN,
    )


ACTIONS = (
    ActionSpec("attack", "Attack a Vichy area or fleet", LATER, (Turn.COMBAT,)),
    ActionSpec("retake", "The Allies attack a French area the Axis holds", LATER, (Turn.COMBAT,)),
    ActionSpec("politics", "Gain an area by political influence", RULE, (Turn.COMBAT,)),
    ActionSpec("move", "Move a unit out of a French area", LATER, (Turn.COMBAT,)),
    ActionSpec(
        "ask", "May a unit enter or be built in an area?", LATER, (Turn.COMBAT, Turn.INCOME)
    ),
    ActionSpec("collect", "Collect the Axis income from Vichy areas", LATER, (Turn.INCOME,)),
)
PHASES = {p.value: p.label for p in Turn}
Book = Ledger[Territories]


def _pick(
    ledger: Book,
    key: str,
    power: str,
    label: str,
    options: list[tuple[str, str]],
    rule: str = LATER,
) -> Decision:
    """A decision of the current action, keyed by the action's number."""
    choices = [Option(v, text) for v, text in options]
    return within(ledger.state.actions, key, power, label, choices, rule)


def _name(s: VichyScenario, target: str) -> str:
    kind, _, key = target.partition(":")
    return s.fleets[key].name if kind == "fleet" else s.areas[key].name


def play(s: VichyScenario, ledger: Book) -> Generator[Prompt, AnswerValue, None]:
    """5.6 turn after turn, from the scenario's turn: in each phase the players take the
    actions open then, until they end the phase; they may stop at any prompt."""
    if ledger.assume(LONELY) is Lonely.FREE_FRENCH:
        before = rules.vichy_fleets(ledger.state)
        ledger.state = rules.released(s, ledger.state, readings(ledger), lonely_free=True)
        for key in before:
            if ledger.state.fleets[key].fate is FleetFate.FREE_FRENCH:
                ledger.note(
                    LATER, f"{s.fleets[key].name}: no Vichy area next to it; Free French", LONELY
                )
    turn = s.turn
    while True:
        for phase in Turn:
            clock = Clock(turn, f"Turn {turn}", phase, phase.label, "")
            ledger.state = msgspec.structs.replace(ledger.state, clock=clock)
            while True:
                step = ledger.state.actions + 1
                answer = yield actions(
                    f"action.{step}", "", clock, ACTIONS, PHASES, LATER, closed(s, ledger.state)
                )
                if answer == STOP:
                    ledger.note(LATER, f"the players stop in turn {turn}, {phase.label}")
                    return
                ledger.state = msgspec.structs.replace(ledger.state, actions=step)
                if answer == END_PHASE:
                    ledger.note(LATER, f"turn {turn}: end of the {phase.label} phase")
                    break
                yield from HANDLERS[str(answer)](s, ledger)
        turn += 1


def closed(s: VichyScenario, t: Territories) -> dict[str, str]:
    """The actions the game rules out now, each with why: the income already collected
    this turn, nothing left to attack, take back or gain by politics, no unit to move."""
    shut = {}
    if t.clock is not None and t.collected == t.clock.turn:
        shut["collect"] = f"the Axis has collected this turn's income from Vichy areas ({LATER})"
    if not rules.vichy_areas(t) and not rules.vichy_fleets(t):
        shut["attack"] = "no Vichy area or fleet is left"
    if not any(a.side is AreaSide.AXIS for a in t.areas.values()):
        shut["retake"] = "the Axis holds no French area"
    if not any(s.areas[k].politics for k in rules.vichy_areas(t)):
        shut["politics"] = f"no Vichy area can be gained by political influence now ({RULE})"
    if not any(a.units for a in t.areas.values()):
        shut["move"] = "no unit stands in a French area"
    return shut


def attack(s: VichyScenario, ledger: Book) -> Generator[Prompt, AnswerValue, None]:
    """5.6: a power attacks a Vichy area or fleet; the players report the battle."""
    t = ledger.state
    targets = [(f"area:{k}", s.areas[k].name) for k in rules.vichy_areas(t)]
    targets += [(f"fleet:{k}", s.fleets[k].name) for k in rules.vichy_fleets(t)]
    powers = [(p, e.label) for p, e in s.powers.items() if e.alignment is not Alignment.NEUTRAL]
    attacker = str((yield _pick(ledger, "attack.by", "", "Who attacks?", powers)))
    target = str(
        (yield _pick(ledger, "attack.target", attacker, "Which Vichy area or fleet?", targets))
    )
    if s.side(attacker) is Alignment.AXIS:
        before = ledger.state
        ledger.state = rules.axis_attack(s, before, attacker, target, readings(ledger))
        ledger.note(
            LATER,
            f"{s.label(attacker)} attacks {_name(s, target)}: every Vichy area and fleet turns Free French",
        )
        _removed(s, ledger, len(before.interned), GUESTS)
    yield from fight(s, ledger, attacker, target)


def fight(
    s: VichyScenario, ledger: Book, attacker: str, target: str
) -> Generator[Prompt, AnswerValue, None]:
    """The battle's result, as the players report it, and what it does."""
    kind, _, key = target.partition(":")
    defenders = rules.grouped(ledger.state.areas[key].units) if kind == "area" else {}
    said = "; ".join(f"{_power(s, p)}: {', '.join(k)}" for p, k in defenders.items())
    result = yield Decision(
        key=f"{ledger.state.actions}.attack.result",
        power=attacker,
        label=f"{s.label(attacker)} against {_name(s, target)}: the battle's result?",
        rule=LATER,
        options=(
            Option("taken", "taken (area captured or fleet sunk)"),
            Option("failed", "failed"),
        ),
        default="failed",
        reported=True,
        help="Fight the battle on the board; armistice records its result."
        + (f" In the area: {said} (Vichy troops defend against anyone, {LATER})." if said else ""),
    )
    before = ledger.state
    taken = result == "taken"
    ledger.state = rules.battle(s, before, attacker, target, taken, readings(ledger))
    after = ledger.state
    allied = s.side(attacker) is Alignment.ALLIED
    if kind == "area":
        was = before.areas[key].side
        used: Assumption[Any] | None = None
        if taken and allied and was is AreaSide.VICHY and attacker not in CAPTORS:
            used = OTHER_CAPTOR
        elif taken and allied and was is not AreaSide.VICHY:
            used = RETAKEN
        now = after.areas[key].side.label
    else:
        used, now = None, after.fleets[key].fate.label
    ledger.note(LATER, f"{_name(s, target)}: attack {result}; now {now}", used, announce=True)
    vichy_there = (
        any(u.startswith(f"{VICHY_TROOPS}:") for u in before.areas[key].units)
        if kind == "area"
        else False
    )
    _removed(s, ledger, len(before.interned), CAPTURED if allied and vichy_there else None)
    _freed(s, ledger, before, key if kind == "area" else "")


def _freed(s: VichyScenario, ledger: Book, before: Territories, taken: str) -> None:
    """Log each Vichy fleet the last battle freed, and why."""
    for key, fleet in ledger.state.fleets.items():
        if before.fleets[key].fate is FleetFate.VICHY and fleet.fate is FleetFate.FREE_FRENCH:
            if fleet.sent_to == taken and rules.gained_by_politics(s, before, taken):
                why = f"the Allies took back {s.areas[taken].name}, where it was sent"
                ledger.note(RULE, f"{s.fleets[key].name}: {why}; Free French", announce=True)
                continue
            by_france = any(
                ledger.state.areas[a].captured_by == FRANCE for a in rules.neighbours(s, key)
            )
            ledger.note(
                LATER,
                f"{s.fleets[key].name}: every Vichy area next to it is in Allied hands; Free French",
                FREED_BY if by_france else None,
                announce=True,
            )


def retake(s: VichyScenario, ledger: Book) -> Generator[Prompt, AnswerValue, None]:
    """5.5, 5.6: the Allies attack a French area the Axis holds (Indo-China after Japan
    gained it by politics frees the Vichy fleet sent there)."""
    held = [
        (f"area:{k}", s.areas[k].name)
        for k, a in ledger.state.areas.items()
        if a.side is AreaSide.AXIS
    ]
    allies = [(p, e.label) for p, e in s.powers.items() if e.alignment is Alignment.ALLIED]
    attacker = str((yield _pick(ledger, "retake.by", "", "Which Allied power attacks?", allies)))
    target = str((yield _pick(ledger, "retake.target", attacker, "Which area?", held)))
    yield from fight(s, ledger, attacker, target)


def gain(s: VichyScenario, ledger: Book) -> Generator[Prompt, AnswerValue, None]:
    """5.5: an Axis power gains a Vichy area the map lets it gain by political influence."""
    open_ = [(k, s.areas[k].name) for k in rules.vichy_areas(ledger.state) if s.areas[k].politics]
    gainers = {s.areas[k].politics for k, _ in open_}
    who = gainers.pop() if len(gainers) == 1 else ""
    area = str((yield _pick(ledger, "politics.area", who, "Which area is gained?", open_, RULE)))
    before = len(ledger.state.interned)
    troops = any(u.startswith(f"{VICHY_TROOPS}:") for u in ledger.state.areas[area].units)
    ledger.state = rules.politics(s, ledger.state, area, readings(ledger))
    ledger.note(
        RULE,
        f"{s.label(s.areas[area].politics)} gains {s.areas[area].name} by politics; a Vichy fleet there stays Vichy",
        POLITICS_TROOPS if troops else None,
    )
    _removed(s, ledger, before, GUESTS)


def _power(s: VichyScenario, power: str) -> str:
    return "Vichy" if power == VICHY_TROOPS else s.label(power)


def _removed(s: VichyScenario, ledger: Book, before: int, reading: Assumption[Any] | None) -> None:
    """Log the units the last step removed from play, citing the ``reading`` that removed
    them (None: the rules themselves did)."""
    for line in ledger.state.interned[before:]:
        area, _, unit = line.partition(": ")
        power, _, kind = unit.partition(" ")
        ledger.note(
            LATER, f"{s.areas[area].name}: {_power(s, power)} {kind} removed from play", reading
        )


def move_unit(s: VichyScenario, ledger: Book) -> Generator[Prompt, AnswerValue, None]:
    """5.6: a unit leaves a French area for an adjacent area, if the rules let it: Vichy
    forces never move, and the Axis never enters a Vichy area (the move is refused,
    naming the rule)."""
    held = [(k, s.areas[k].name) for k, a in ledger.state.areas.items() if a.units]
    start = str((yield _pick(ledger, "move.from", "", "From which French area?", held)))
    units = rules.grouped(ledger.state.areas[start].units)
    kinds = [
        (f"{p}:{k}", f"{_power(s, p)} {k}") for p, ks in units.items() for k in dict.fromkeys(ks)
    ]
    unit = str((yield _pick(ledger, "move.unit", "", "Which unit?", kinds)))
    power, _, kind = unit.partition(":")
    if power == VICHY_TROOPS:
        ok, why, to = False, "Vichy forces may not move", ""
        moved = f"Vichy {kind} in {s.areas[start].name}"
    else:
        near = [(a, s.areas[a].name) for a in s.areas[start].adjacent]
        to = str((yield _pick(ledger, "move.to", power, "To which adjacent area?", near)))
        ok, why = rules.may_move(s, ledger.state, power, start, to)
        moved = f"{_power(s, power)} {kind} from {s.areas[start].name} to {s.areas[to].name}"
    if ok:
        ledger.state = rules.move(ledger.state, power, kind, start, to)
        line = f"moved: {moved}"
    else:
        line = f"refused: {moved}: {why}"
    ledger.state = msgspec.structs.replace(ledger.state, answered=(*ledger.state.answered, line))
    ledger.note(LATER, line, announce=True)


def ask(s: VichyScenario, ledger: Book) -> Generator[Prompt, AnswerValue, None]:
    """5.6: may a unit of a power be built in, or move through or over, an area?"""
    powers = [(p, e.label) for p, e in s.powers.items() if e.alignment is not Alignment.NEUTRAL]
    powers.append((VICHY_TROOPS, "Vichy forces"))
    power = str((yield _pick(ledger, "ask.power", "", "Whose unit?", powers)))
    area = str(
        (
            yield _pick(
                ledger, "ask.area", "", "Which area?", [(k, a.name) for k, a in s.areas.items()]
            )
        )
    )
    what = yield _pick(
        ledger,
        "ask.what",
        "",
        "To do what?",
        [("move", "move through or over it"), ("build", "be built there")],
    )
    ok, why = rules.may_enter(s, ledger.state, power, area, what == "build")
    answer = f"{'may' if ok else 'may not'} {'be built in' if what == 'build' else 'move through'} {s.areas[area].name}: {why}"
    line = f"{s.label(power) if power in s.powers else 'Vichy'}: {answer}"
    ledger.state = msgspec.structs.replace(ledger.state, answered=(*ledger.state.answered, line))
    ledger.note(LATER, line, announce=True)


def collect(s: VichyScenario, ledger: Book) -> Generator[Prompt, AnswerValue, None]:
    """5.6: once a turn, each Axis power adds the IPCs of the Vichy areas under its markers
    to its money (the share of its income level those areas make up)."""
    t = ledger.state
    gained = rules.income(s, t)
    bank = dict(t.bank)
    for power, value in gained.items():
        bank[power] = bank.get(power, 0) + value
    turn = t.clock.turn if t.clock else s.turn
    ledger.state = msgspec.structs.replace(t, bank=bank, collected=turn)
    said = ", ".join(
        f"{s.label(p)} {v} of its {t.ipc.get(p, 0)} IPCs of income" for p, v in gained.items()
    )
    ledger.note(LATER, f"Axis income from Vichy areas in turn {turn}: {said or 'nothing'}")
    return
    yield  # a generator like the other actions


HANDLERS = {
    "attack": attack,
    "retake": retake,
    "politics": gain,
    "move": move_unit,
    "ask": ask,
    "collect": collect,
}


def hand_over(
    s: WawScenario, state: WawState, _facts: object, _tables: object = None
) -> VichyScenario:
    """The game after 5.5: the same map, the income chart and money as 5.5 left them, and
    each French area and fleet where 5.5 put it."""
    fields = {f: getattr(s, f) for f in s.__struct_fields__ if f != "system"}
    fields.update(income=dict(state.ipc), bank=dict(state.bank))
    return VichyScenario(
        system=KEY,
        **fields,
        french_after={
            k: AreaAfter(
                a.side,
                a.income_to,
                a.marker,
                units=tuple(f"{p}:{kind}" for p, kinds in a.units.items() for kind in kinds),
            )
            for k, a in state.areas.items()
        },
        fleets_after={
            k: FleetAfter(f.fate, f.at, f.owner, f.sent_to) for k, f in state.fleets.items()
        },
    )


def summarize(s: VichyScenario, t: Territories, _tables: object = None) -> Summary:
    """The areas, fleets, income chart and answers of the game under 5.6."""
    areas = tuple(
        Row(
            s.areas[k].name,
            a.side.short,
            LATER,
            cells=(s.label(a.marker) if a.marker else "-", s.label(a.holder)),
        )
        for k, a in t.areas.items()
    )
    fleets = tuple(
        Row(
            s.fleets[k].name,
            f.fate.short,
            LATER,
            cells=(
                s.areas[f.at].name,
                ("Vichy" if f.owner == VICHY_TROOPS else s.label(f.owner)) if f.owner else "-",
            ),
        )
        for k, f in t.fleets.items()
    )
    powers = sorted(set(t.ipc) | set(t.bank), key=list(s.powers).index)
    chart = tuple(
        Row(s.label(p), str(t.ipc.get(p, 0)), LATER, cells=(str(t.bank.get(p, 0)),)) for p in powers
    )
    answers = tuple(Row(str(i + 1), line, LATER) for i, line in enumerate(t.answered))
    units = tuple(
        Row(
            s.areas[k].name,
            "; ".join(
                f"{_power(s, p)} {', '.join(kinds)}" for p, kinds in rules.grouped(a.units).items()
            ),
            LATER,
        )
        for k, a in t.areas.items()
        if a.units
    )
    clock = t.clock
    facts = (
        (("Turn", str(clock.turn)), ("Phase", clock.phase_label))
        if clock
        else (("Turn", str(s.turn)),)
    )
    return Summary(
        TITLE,
        facts,
        (
            Section("areas", "French areas", LATER, ("Area", "Side", "Marker", "Held by"), areas),
            Section(
                "fleets", "French fleets", LATER, ("Fleet", "Fate", "At", "Held by"), fleets, "none"
            ),
            Section(
                "income", "Income chart", LATER, ("Power", "Income", "In hand"), chart, tab="Income"
            ),
            Section(
                "units", "Units in French areas", LATER, ("Area", "Units"), units, "none", "Units"
            ),
            Section(
                "answers",
                "Questions and moves",
                LATER,
                ("", "Answer"),
                answers,
                "no question asked",
                "Moves",
            ),
        ),
    )


def rules_help(_tables: object = None) -> str:
    """5.6 in our own words."""
    return """## World at War: Vichy territories (5.6)

Each turn the Axis collects the IPCs of the Vichy areas under its markers, yet no Axis unit
may be built in a Vichy area or move through or over one. Vichy troops defend against
anyone and never move; Vichy ships never block a sea area.

An Axis attack on any Vichy area or fleet turns every Vichy area and fleet Free French. An
Allied attack touches only its target; if it fails the target stays Vichy. An area taken
by Britain, the Free French or the United States reverts to Free French. A Vichy fleet
turns Free French once the Allies have taken every Vichy area next to it.

An area that changes side takes every unit in it along: Vichy troops turn Free French when
an Axis attack frees their area or the Allies capture it. A move of Vichy troops, or of an
Axis unit into a Vichy area, is refused.

Battles are fought on the board: armistice asks for their result.
"""


def outcome(t: Territories) -> tuple[tuple[str, str], ...]:
    """Each French fleet's fate and each French area's side where the players stopped."""
    return (
        *((f"fleet:{k}", f.fate.value) for k, f in t.fleets.items()),
        *((f"area:{k}", a.side.value) for k, a in t.areas.items()),
    )


def entities(s: VichyScenario) -> tuple[str, ...]:
    """``fleet:KEY`` and ``area:KEY`` for each French fleet and area."""
    return (*(f"fleet:{k}" for k in s.fleets), *(f"area:{k}" for k in s.french_areas))


def fates(_s: VichyScenario, t: Territories) -> dict[str, Word]:
    """Each fleet's fate and each French area's side now."""
    out: dict[str, Word] = {f"fleet:{k}": f.fate for k, f in t.fleets.items()}
    out.update((f"area:{k}", a.side) for k, a in t.areas.items())
    return out
