"""A stand-in rule system, made and registered by tests only: a raid on a few towns.

It uses nothing but the generic seams (a :class:`RuleSystem`, a scenario struct on
:class:`ScenarioBase`, prompts, a summary, words, sides, an assumption, a dashboard
panel), so what it needs is what any new rule system needs.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from contextlib import contextmanager
from typing import Annotated, Any, Literal

import msgspec
from textual.widgets import Static

from armistice.core import systems
from armistice.core.assumptions import Assumption, Choice
from armistice.core.dice import D6
from armistice.core.errors import ScenarioError
from armistice.core.game import Game
from armistice.core.ledger import Ledger
from armistice.core.prompts import (
    AnswerValue,
    Clock,
    Decision,
    Fact,
    Option,
    Prompt,
    Roll,
    RollOutcome,
    Selection,
    SelectionItem,
)
from armistice.core.scenario import ScenarioBase
from armistice.core.sides import Alignment, Player, Power, Sides
from armistice.core.summary import Row, Section, Summary
from armistice.core.systems import Link
from armistice.core.turns import END_PHASE, STOP, ActionSpec, actions
from armistice.core.words import Word
from armistice.tui import panels

KEY = "standin.raid"


class Town(Word):
    """What becomes of a town."""

    HELD = "held", "held"
    TAKEN = "taken", "taken by the raiders"


class Bonus(Word):
    """Whether the raiders add one to their dice."""

    NONE = "none"
    PLUS_ONE = "plus_one"


BONUS = Assumption(
    key=f"{KEY}.bonus",
    rule="1.2",
    question="Do raiders add one to each die?",
    kind=Bonus,
    choices=(Choice("none", "no bonus"), Choice("plus_one", "one more on each die")),
    why="the stand-in reads its rule plainly",
)


class RaidScenario(ScenarioBase, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Towns with their garrisons (a die must beat it) and reserves to commit."""

    system: Literal["standin.raid"]
    towns: dict[str, int]
    reserves: dict[str, int] = msgspec.field(default_factory=dict)


class RaidState(msgspec.Struct, frozen=True):
    """Whether the raid goes ahead, each town's fate, and the reserves committed."""

    raid: bool | None = None
    towns: dict[str, Town] = {}
    committed: dict[str, int] = {}


def check(s: RaidScenario, source: str, _tables: object = None, _readings: object = None) -> None:
    """A raid needs a town."""
    if not s.towns:
        raise ScenarioError(source, "towns", "list at least one town")


def procedure(s: RaidScenario, ledger: Ledger[RaidState]) -> Generator[Prompt, AnswerValue, None]:
    """1.1 decide, 1.2 a die per town, 1.3 commit reserves."""
    answer = yield Decision(
        key="raid",
        power="north",
        label="Raid the towns?",
        rule="1.1",
        options=(Option("yes", "Raid"), Option("no", "Stay home")),
        default="yes",
    )
    raid = answer == "yes"
    ledger.note("1.1", "the raid goes ahead" if raid else "no raid")
    ledger.state = msgspec.structs.replace(ledger.state, raid=raid)
    bonus = 1 if ledger.assume(BONUS) is Bonus.PLUS_ONE else 0
    towns = {}
    for town, garrison in s.towns.items():
        if not raid:
            towns[town] = Town.HELD
            continue
        taken = tuple(f for f in D6.faces() if f + bonus > garrison)
        held = tuple(f for f in D6.faces() if f not in taken)
        die = yield Roll(
            key=f"die.{town}",
            label=f"{town} die",
            rule="1.2",
            dice=D6,
            outcomes=tuple(
                RollOutcome(label, faces)
                for label, faces in (("taken", taken), ("held", held))
                if faces
            ),
        )
        assert isinstance(die, int)
        towns[town] = Town.TAKEN if die + bonus > garrison else Town.HELD
        ledger.note("1.2", f"{town}: die {die}, {towns[town].label}", BONUS)
        ledger.state = msgspec.structs.replace(ledger.state, towns=dict(towns))
    ledger.state = msgspec.structs.replace(ledger.state, towns=towns)
    if s.reserves:
        picked = yield Selection(
            key="reserves",
            power="south",
            label="Reserves to commit",
            rule="1.3",
            items=tuple(SelectionItem(k, k, n) for k, n in s.reserves.items()),
            required=min(2, sum(s.reserves.values())),
        )
        assert isinstance(picked, dict)
        ledger.note("1.3", f"{sum(picked.values())} reserves committed")
        ledger.state = msgspec.structs.replace(ledger.state, committed=picked)


def summary(s: RaidScenario, state: RaidState, _tables: object = None) -> Summary:
    """One section: each town and its fate."""
    rows = tuple(Row(t, state.towns[t].label, "1.2") for t in s.towns if t in state.towns)
    return Summary(
        "Stand-in raid",
        (("Raid", "to decide" if state.raid is None else "yes" if state.raid else "no"),),
        (Section("towns", "Towns", "1.2", ("Town", "Fate"), rows),),
    )


TALLY = "standin.tally"


class Phase(Word):
    """The phases of a tally turn."""

    COLLECT = "collect", "collection"
    MARCH = "march", "march"


class Tribute(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What the raid does not know: the tribute each taken town pays a turn, in gold."""

    tribute: Annotated[
        int,
        msgspec.Meta(
            ge=0,
            le=10,
            title="Tribute per town",
            description="the gold each taken town pays a turn",
            extra={"unit": "gold", "rule": "2.1"},
        ),
    ] = 2


class TallyScenario(ScenarioBase, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """The hand-over from a raid (or from the previous tally turn): the towns taken, the
    tribute each pays, the turn number and the gold so far."""

    system: Literal["standin.tally"]
    taken: tuple[str, ...]
    tribute: int
    turn: int = 1
    gold: int = 0


class TallyState(msgspec.Struct, frozen=True):
    """Gold collected and men lost so far, and where the turn stands."""

    gold: int = 0
    lost: int = 0
    clock: Clock | None = None


ACTIONS = (
    ActionSpec("collect", "Collect the tribute", "2.1", (Phase.COLLECT,)),
    ActionSpec("march", "March on", "2.2", (Phase.MARCH,)),
)


LOSSES = (
    "Count the raiders lost on the march from the board: every figure taken off since the "
    "march began, whether it fell, was captured or stayed behind to hold a town."
)


def tally(s: TallyScenario, ledger: Ledger[TallyState]) -> Generator[Prompt, AnswerValue, None]:
    """2.1 collect in the collection phase, 2.2 march in the march phase (2.3: the players
    report the men lost), each as often as the players like; then the turn ends."""
    gold, lost = s.gold, 0
    names = {p.value: p.label for p in Phase}
    for phase in Phase:
        clock = Clock(s.turn, f"Turn {s.turn}", phase, phase.label, "raider")
        ledger.state = msgspec.structs.replace(ledger.state, clock=clock)
        while True:
            answer = yield actions("action", "north", clock, ACTIONS, names, "2")
            if answer == STOP:
                ledger.note("2", "the players stop here")
                return
            if answer == END_PHASE:
                ledger.note("2", f"end of the {phase.label} phase")
                break
            if answer == "collect":
                gold += s.tribute * len(s.taken)
                ledger.note("2.1", f"tribute collected: {gold} gold so far")
            else:
                men = yield Fact(
                    "raiders_lost",
                    "south",
                    "Men lost on the march",
                    "2.3",
                    "men",
                    0,
                    3,
                    0,
                    help=LOSSES,
                )
                assert isinstance(men, int)
                lost += men
                ledger.note("2.3", f"{men} men lost on the march")
            ledger.state = msgspec.structs.replace(ledger.state, gold=gold, lost=lost)


YIELD = 8
"""The most gold a taken town yields a turn (2.1)."""


def check_tally(
    s: TallyScenario, source: str, _tables: object = None, _readings: object = None
) -> None:
    """A town pays no more tribute than it yields."""
    if s.tribute > YIELD:
        raise ScenarioError(
            source, "tribute", f"{s.tribute} gold is more than a town yields ({YIELD}, 2.1)"
        )


def begin_tally(
    s: RaidScenario, state: RaidState, facts: Tribute, _tables: object = None
) -> TallyScenario:
    """The hand-over from a raid: the towns it took and the tribute they pay."""
    taken = tuple(t for t, f in state.towns.items() if f is Town.TAKEN)
    return TallyScenario(
        system=TALLY,
        name=s.name,
        title=s.title,
        players=s.players,
        taken=taken,
        tribute=facts.tribute,
    )


def next_turn(
    s: TallyScenario, state: TallyState, facts: Tribute, _tables: object = None
) -> TallyScenario:
    """One more tally turn, the gold carried over, the tribute as told."""
    return msgspec.structs.replace(s, turn=s.turn + 1, gold=state.gold, tribute=facts.tribute)


def tally_summary(s: TallyScenario, state: TallyState, _tables: object = None) -> Summary:
    """Gold and losses, and where the turn stands."""
    rows = (Row("Gold", str(state.gold), "2.1"), Row("Men lost", str(state.lost), "2.3"))
    where = state.clock
    facts = (("Turn", where.turn_label), ("Phase", where.phase_label)) if where else ()
    return Summary("Stand-in tally", facts, (Section("tally", "Tally", "2", ("", "Count"), rows),))


TALLY_SYSTEM = systems.RuleSystem(
    key=TALLY,
    game="standin",
    title="Stand-in tally",
    scenario_type=TallyScenario,
    check=check_tally,
    initial_state=lambda s: TallyState(gold=s.gold),
    procedure=tally,
    sides=Sides(
        powers=(
            Power("north", "the North", Alignment.AXIS),
            Power("south", "the South", Alignment.ALLIED),
        ),
        players=(Player("raider", "Raider", ("north",)), Player("keeper", "Keeper", ("south",))),
    ),
    assumptions=(),
    tables=dict,
    outcome=lambda state: (("gold", str(state.gold)),),
    outcome_names=dict,
    outcome_word=Town,
    headline=Town.TAKEN,
    summary=tally_summary,
    entities=lambda s: tuple(f"town:{t}" for t in s.taken),
    fates=lambda s, _state: dict.fromkeys((f"town:{t}" for t in s.taken), Town.TAKEN),
    fate_words=(Town,),
    help=lambda _tables: "## Stand-in tally\n\nCollect, march, report losses.",
    links=(
        Link(
            TALLY,
            "Another tally turn",
            "2.4",
            next_turn,
            Tribute,
            lambda s, _state: Tribute(s.tribute),
        ),
    ),
    phases=Phase,
    actions=ACTIONS,
)


SYSTEM = systems.RuleSystem(
    key=KEY,
    game="standin",
    title="Stand-in raid",
    scenario_type=RaidScenario,
    check=check,
    initial_state=lambda _s: RaidState(),
    procedure=procedure,
    sides=Sides(
        powers=(
            Power("north", "the North", Alignment.AXIS),
            Power("south", "the South", Alignment.ALLIED),
        ),
        players=(Player("raider", "Raider", ("north",)), Player("keeper", "Keeper", ("south",))),
    ),
    assumptions=(BONUS,),
    tables=dict,
    outcome=lambda state: tuple((t, f.value) for t, f in state.towns.items()),
    outcome_names=dict,
    outcome_word=Town,
    headline=Town.TAKEN,
    summary=summary,
    entities=lambda s: tuple(f"town:{t}" for t in s.towns),
    fates=lambda s, state: {f"town:{t}": f for t, f in state.towns.items()},
    fate_words=(Town,),
    help=lambda _tables: "## Stand-in raid\n\nRaid the towns, a die each.",
    links=(Link(TALLY, "Tally the tribute", "2", begin_tally, Tribute),),
    memoryless=True,
)


class RaidMap(Static):
    """The stand-in's own dashboard panel: a line per town."""

    TITLE = "Map"

    def show(self, game: Game, summary: Summary) -> None:
        """List the towns."""
        self.update(" ".join(game.scenario.towns))


DASHBOARD = panels.Dashboard(KEY, lambda: [RaidMap(id="raid-map")])

SCENARIO = {
    "system": KEY,
    "name": "three-towns",
    "title": "Three towns",
    "towns": {"ford": 2, "mill": 4, "keep": 5},
    "reserves": {"foot": 2, "horse": 1},
}


@contextmanager
def registered() -> Iterator[Any]:
    """The stand-in known to the engine and the dashboard for the duration."""
    systems.register(TALLY_SYSTEM)
    systems.register(SYSTEM)
    panels.register(DASHBOARD)
    try:
        yield SYSTEM
    finally:
        systems.unregister(KEY)
        systems.unregister(TALLY)
        panels.unregister(KEY)
