"""A stand-in rule system with a batch of rolls, made and registered by tests only: income.

2.1: every area rolls a die at once (a :class:`Rolls` batch); the face times the area's
worth is its income in IPCs, and the weighted total ``income`` is all the rest depends on.
2.0 (when the scenario asks for it): an omen die first, read and logged, which changes
nothing after it.
2.2: the market die needs a number that falls as the income per area rises (its outcome
classes depend on the total); a 6 is rolled again and the second die decides (2.3).
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from contextlib import contextmanager
from typing import Any, Literal

import msgspec

from armistice.core import systems
from armistice.core.dice import D6
from armistice.core.errors import ScenarioError
from armistice.core.ledger import Ledger
from armistice.core.memo import per_scenario
from armistice.core.prompts import AnswerValue, Prompt, Roll, RollOutcome, Rolls, Total, throw
from armistice.core.scenario import ScenarioBase
from armistice.core.sides import Alignment, Player, Power, Sides
from armistice.core.summary import Row, Section, Summary
from armistice.core.words import Word

KEY = "standin.income"
FACES = tuple(str(face) for face in D6.faces())


class Economy(Word):
    """How the year goes: the income band, then the market."""

    POOR = "poor", "poor"
    FAIR = "fair", "fair"
    RICH = "rich", "rich"
    BOOM = "boom", "boom"
    BUST = "bust", "bust"


class IncomeScenario(ScenarioBase, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Areas and their worth (IPCs per pip of their die)."""

    system: Literal["standin.income"]
    areas: dict[str, int]
    omens: bool = False


class Year(msgspec.Struct, frozen=True):
    """The dice each area rolled, the income, its band and the market's result."""

    rolled: dict[str, int] = {}
    income: int | None = None
    band: Economy | None = None
    market: Economy | None = None


def check(s: IncomeScenario, source: str, _tables: object = None, _readings: object = None) -> None:
    """Income needs an area, each worth at least 1 IPC a pip."""
    if not s.areas:
        raise ScenarioError(source, "areas", "list at least one area")
    for area, worth in s.areas.items():
        if worth < 1:
            raise ScenarioError(source, f"areas.{area}", "worth at least 1 IPC a pip")


@per_scenario
def batch(s: IncomeScenario) -> Rolls:
    """2.1: a die per area, each face its own outcome class, weighted by the area's worth."""
    members = tuple(
        Roll(
            key=f"income.{area}",
            label=area,
            rule="2.1",
            dice=D6,
            outcomes=tuple(RollOutcome(face, (int(face),)) for face in FACES),
        )
        for area in s.areas
    )
    weights = {f"income.{a}": {f: int(f) * w for f in FACES} for a, w in s.areas.items()}
    return Rolls(
        key="income",
        label="Income dice",
        rule="2.1",
        members=members,
        totals=(Total.table("income", "Income", "IPCs", weights),),
        depends=("income",),
        power="treasury",
        help="One die for every area at once: each pip is worth the area's IPCs, and the "
        "total sets the income band (2.1) and the market die's target (2.2).",
    )


def need(s: IncomeScenario, income: int) -> int:
    """2.2: the market die's target: 7 less the whole IPCs of income per area, within 1-6."""
    return min(6, max(1, 7 - income // len(s.areas)))


def market(key: str, target: int, again: bool) -> Roll:
    """The market die: ``target`` or more is a boom; a 6 is rolled again when ``again``."""
    top = 5 if again else 6
    classes = (
        (Economy.BUST.value, tuple(range(1, target))),
        (Economy.BOOM.value, tuple(range(target, top + 1))),
        ("again", (6,) if again else ()),
    )
    return Roll(
        key=key,
        label="Market die" if again else "Market die again",
        rule="2.2" if again else "2.3",
        dice=D6,
        outcomes=tuple(RollOutcome(label, faces) for label, faces in classes if faces),
    )


def band(s: IncomeScenario, income: int) -> Economy:
    """2.1: poor below 3 IPCs an area on average, rich from 4, fair between."""
    per = income / sum(s.areas.values())
    return Economy.POOR if per < 3 else Economy.RICH if per >= 4 else Economy.FAIR


def procedure(s: IncomeScenario, ledger: Ledger[Year]) -> Generator[Prompt, AnswerValue, None]:
    """2.0 the omen die when asked for, 2.1 the income dice, 2.2 the market die, 2.3 its
    reroll after a 6."""
    if s.omens:
        omen = yield Roll(
            key="omens",
            label="Omen die",
            rule="2.0",
            dice=D6,
            outcomes=(RollOutcome("bad", (1, 2)), RollOutcome("good", (3, 4, 5, 6))),
        )
        ledger.note("2.0", f"omen die {omen}")
    prompt = batch(s)
    rolled = yield prompt
    assert isinstance(rolled, dict)
    income = prompt.totals[0].of(prompt.outcomes_of(rolled))
    ledger.state = Year(rolled=dict(rolled), income=income, band=band(s, income))
    ledger.note("2.1", f"income {income} IPCs: {band(s, income).label}")
    target = need(s, income)
    die = yield market("market", target, again=True)
    assert isinstance(die, int)
    if die == 6:
        again = market("market.again", target, again=False)
        if again.only() is None:
            ledger.note("2.3", "a 6: the market die is rolled again")
        second, outcome = yield from throw(again)
        if second is None:
            ledger.note("2.3", f"a 6, and any second die gives {outcome}", announce=True)
        else:
            die = second
    result = Economy.BOOM if die >= target else Economy.BUST
    ledger.state = msgspec.structs.replace(ledger.state, market=result)
    ledger.note("2.2", f"market die {die} against {target}: {result.label}")


def summary(s: IncomeScenario, state: Year, _tables: object = None) -> Summary:
    """The income and each area's die."""
    rows = tuple(Row(a, str(state.rolled[f"income.{a}"]), "2.1") for a in s.areas if state.rolled)
    income = "to roll" if state.income is None else f"{state.income} IPCs"
    return Summary(
        "Stand-in income",
        (("Income", income), ("Market", state.market.label if state.market else "to roll")),
        (Section("areas", "Areas", "2.1", ("Area", "Die"), rows),),
    )


def outcome(state: Year) -> systems.Outcome:
    """The income band and the market's result."""
    return tuple((k, v) for k, v in (("band", state.band), ("market", state.market)) if v)


SYSTEM = systems.RuleSystem(
    key=KEY,
    game="standin",
    title="Stand-in income",
    scenario_type=IncomeScenario,
    check=check,
    initial_state=lambda _s: Year(),
    procedure=procedure,
    sides=Sides(
        powers=(Power("treasury", "the Treasury", Alignment.NEUTRAL),),
        players=(Player("chancellor", "Chancellor", ("treasury",)),),
    ),
    assumptions=(),
    tables=dict,
    outcome=outcome,
    outcome_names=lambda _tables: {"band": "Income band", "market": "Market"},
    outcome_word=Economy,
    headline=Economy.BOOM,
    summary=summary,
    entities=lambda _s: (),
    fates=lambda _s, _state: {},
    fate_words=(Economy,),
    help=lambda _tables: "## Stand-in income\n\nA die per area, then the market die.",
    memoryless=True,
)


def scenario(dice: int, worth: tuple[int, ...] = (1,), omens: bool = False) -> dict[str, Any]:
    """A scenario of ``dice`` areas, worth ``worth`` IPCs a pip in turn, with an omen die
    first when ``omens``."""
    areas = {f"area{i:02d}": worth[i % len(worth)] for i in range(dice)}
    return {
        "system": KEY,
        "name": f"income-{dice}",
        "title": f"{dice} areas",
        "areas": areas,
        "omens": omens,
    }


@contextmanager
def registered() -> Iterator[Any]:
    """The stand-in known to the engine for the duration."""
    systems.register(SYSTEM)
    try:
        yield SYSTEM
    finally:
        systems.unregister(KEY)
