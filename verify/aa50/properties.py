"""The invariants of France as a special neutral, checked on the engine's own procedure:
an occupation leaves every territory French at its declaration captured or Free French;
every French ship ends in exactly one fate; France's turn is added at most once and only
at the start of a British turn with Paris held by the Allies."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import msgspec

from armistice.core.aa50 import rules
from armistice.core.aa50.assumptions import MINOR, PLACE
from armistice.core.aa50.scenario import Aa50Scenario
from armistice.core.aa50.state import Aa50State, Occupation
from armistice.core.aa50.words import (
    BRITAIN,
    FRANCE,
    INVASION,
    LIBERATION,
    OCCUPATION,
    SHIP_FATES,
    Fate,
    Phase,
)
from armistice.core.game import Game
from armistice.core.prompts import Decision
from armistice.core.sides import Alignment
from armistice.core.turns import END_PHASE
from armistice.verify.aa50.explore import SETUPS, ends, load, position
from armistice.verify.model import Result, Strength, Verdict

SPLIT = "an_occupation_leaves_each_french_territory_captured_or_free_french"
ONE_FATE = "every_french_ship_ends_in_exactly_one_fate"
ONCE = "frances_turn_is_added_once_and_only_when_paris_is_allied"


def _result(
    name: str, rule: str, problems: list[str], proved: str, bounds: dict[str, tuple[int, int]]
) -> Result:
    return Result(
        name,
        (rule,),
        Verdict.VIOLATED if problems else Verdict.PROVED,
        "; ".join(problems[:3]) or proved,
        strength=Strength.EXHAUSTIVE,
        bounds=bounds,
    )


def split_judge(
    s: Aa50Scenario, before: Aa50State, after: Aa50State, declared: tuple[str, ...]
) -> str:
    """Each of ``declared`` is captured by an Axis power (no French unit left) or Free
    French under British control (every French unit British), never both nor neither."""
    for key in declared:
        area = after.territories[key]
        axis = rules.side(s, after, area.controller) is Alignment.AXIS
        captured = area.status is Fate.CAPTURED and axis
        free = area.status is Fate.FREE_FRENCH and area.controller == BRITAIN
        if captured == free:
            return f"{key} ends {area.status} held by {area.controller}"
        if any(rules.unit_power(u) == FRANCE for u in area.units):
            return f"{key} keeps French units: {', '.join(area.units)}"
        was = len(before.territories[key].units)
        removed = sum(
            1 for line in after.removed[len(before.removed) :] if line.startswith(f"{key}: ")
        )
        if len(area.units) + removed != was:
            return f"{key}: {was} units before, {len(area.units)} after and {removed} removed"
    return ""


def _holders(
    axis: tuple[str, ...], declared: tuple[str, ...], occupier: str
) -> Iterator[dict[str, str]]:
    """Each territory at each holder (none or each Axis power), the others held by nobody
    and by the occupier."""
    for rest in ("", occupier):
        for key, holder in itertools.product(declared, ("", *axis)):
            yield {**{k: rest for k in declared if rest}, **({key: holder} if holder else {})}


def occupation_split() -> list[Result]:
    """Rule 3 over each bundled setup, each occupier, each holder of each territory (the
    others held by nobody and by the occupier) and both readings of who else stays; and the
    engine's procedure end to end for each occupier (its default answers, every die class)."""
    problems: list[str] = []
    counted = 0
    for name in SETUPS:
        s = load(name)
        t = Game(s, seed=0).state
        declared = rules.french(t)
        axis = rules.powers_on(s, t, Alignment.AXIS)
        for occupier, stay in itertools.product(axis, (False, True)):
            occupation = Occupation(occupier, declared)
            for holders in _holders(axis, declared, occupier):
                counted += 1
                after = rules.occupy(s, t, occupation, holders, stay)
                if why := split_judge(s, t, after, declared):
                    problems.append(
                        f"{name}, {occupier} occupies, holders {holders or 'none'}: {why}"
                    )
    s = load(SETUPS[0])
    for occupier in ("germany", "italy", "japan"):
        start = _occupation(s, occupier)
        before = start.state
        for game in ends(start, decisions=False):
            counted += 1
            if why := split_judge(s, before, game.state, rules.french(before)):
                problems.append(f"{SETUPS[0]}, {occupier} occupies through the procedure: {why}")
    return [
        _result(
            SPLIT,
            OCCUPATION,
            problems,
            f"every territory French at the declaration ends captured by an Axis power or Free "
            f"French, every unit accounted for: {counted} occupations",
            {"occupation": (1, counted)},
        )
    ]


def _occupation(s: Aa50Scenario, occupier: str) -> Game:
    """``occupier`` declares the occupation at the start of its first combat move and
    ends its combat phase."""
    game = position(s, {}, [])
    while (game.state.power, game.state.phase) != (occupier, Phase.COMBAT_MOVE):
        game.answer(END_PHASE)
    game.answer("occupy")
    game.answer(END_PHASE)
    game.answer(END_PHASE)
    return game


def ship_judge(s: Aa50Scenario, game: Game) -> str:
    """Each French ship has exactly one fate of french, captured, scuttled or sunk; a
    captured one names exactly one power that captured it, no other does; a rolled ship
    is captured on a 1 and scuttled otherwise."""
    for key, ship in game.state.ships.items():
        if ship.fate not in SHIP_FATES:
            return f"{key} ends {ship.fate}"
        if (ship.fate is Fate.CAPTURED) != (ship.by in s.powers):
            return f"{key} ends {ship.fate} captured by {ship.by or 'nobody'}"
        if ship.die is not None and ship.fate is not (
            Fate.CAPTURED if ship.die == rules.CAPTURED_FACE else Fate.SCUTTLED
        ):
            return f"{key} rolled {ship.die} and ends {ship.fate}"
    return ""


def _invasion(s: Aa50Scenario, readings: dict[str, str], target: str) -> Game:
    """The United Kingdom invades ``target`` in its first combat move and reports it captured."""
    game = position(s, readings, [])
    while (game.state.power, game.state.phase) != (BRITAIN, Phase.COMBAT_MOVE):
        game.answer(END_PHASE)
    game.answer("invade")
    game.answer({target: 1})
    game.answer(END_PHASE)
    game.answer("battle")
    game.answer(target)
    game.answer("taken")
    return game


def ship_fates() -> list[Result]:
    """Rule 2 through the engine's procedure: on the 1941 setup, the United Kingdom captures
    each French territory with ships, under each reading of a zone of Axis submarines only,
    every sea-zone content, every ship sunk in battle or not, every die class; and each Axis
    occupation with its default answers and every die class."""
    s = load(SETUPS[0])
    problems: list[str] = []
    counted = 0
    ports = sorted({sh.port for sh in s.ships.values()})
    for port, minor in itertools.product(ports, MINOR.values):
        for game in ends(_invasion(s, {MINOR.key: minor}, port)):
            counted += 1
            if why := ship_judge(s, game):
                answers = ", ".join(f"{a.key}={a.value}" for a in game.answers[-4:])
                problems.append(f"{port} captured ({MINOR.key}={minor}), {answers}: {why}")
    for occupier in ("germany", "italy", "japan"):
        for game in ends(_occupation(s, occupier), decisions=False):
            counted += 1
            if why := ship_judge(s, game):
                problems.append(f"{occupier} occupies: {why}")
    return [
        _result(
            ONE_FATE,
            INVASION,
            problems,
            f"every French ship ends in exactly one fate, a captured one with one captor: {counted} "
            "resolutions of an invasion or an occupation",
            {"die": (1, 6), "resolution": (1, counted)},
        )
    ]


PARIS = ("germany", BRITAIN, "united_states", FRANCE)
"""Who holds Paris at the start in the liberation cases: an Axis power, two Allied ones, and
a neutral France."""
ROUNDS = 3


RETAKES = "italy"
"""The Axis power that takes Paris back in the second round, after the British turn."""


def _axis_takes_paris(s: Aa50Scenario, t: Aa50State) -> bool:
    """Whether Italy, in its combat phase, may report Paris taken from the Allies."""
    holder = t.territories[s.paris].controller
    return (
        t.phase is Phase.COMBAT
        and t.power == RETAKES
        and rules.side(s, t, holder) is Alignment.ALLIED
    )


def liberation_once() -> list[Result]:
    """Rule 4 through the engine's procedure over ``ROUNDS`` rounds of the 1943 setup with
    Paris held at the start by each of ``PARIS``, under both placings of France's turn; the
    players take the liberation whenever it is open and try it at every other turn decision
    (it must be refused), and Italy takes Paris back in the second round, after the British
    turn."""
    problems: list[str] = []
    counted = 0
    base = load(SETUPS[1])
    for holder, place in itertools.product(PARIS, PLACE.values):
        places = dict(base.places)
        places["france"] = msgspec.structs.replace(places["france"], control=holder)
        s = msgspec.structs.replace(base, places=places)
        game = Game(s, assumptions={PLACE.key: place}, seed=0)
        adds = 0
        while game.state.round < base.round + ROUNDS:
            counted += 1
            t = game.state
            prompt = game.prompt
            assert isinstance(prompt, Decision)
            allied_paris = rules.side(s, t, t.territories["france"].controller) is Alignment.ALLIED
            due = (
                t.power == BRITAIN
                and t.phase is Phase.START
                and allied_paris
                and not t.france_active
            )
            open_ = next(o for o in prompt.options if o.value == "liberate").enabled
            if open_ != due:
                problems.append(
                    f"Paris held by {holder}, round {t.round}, {t.power}'s {t.phase}: liberation {'open' if open_ else 'refused'}"
                )
                break
            if open_:
                game.answer("liberate")
                adds += 1
                if game.state.turn_order.count(FRANCE) != 1 or not (
                    t.power == BRITAIN and allied_paris
                ):
                    problems.append(
                        f"Paris held by {holder}: France's turn added as {game.state.turn_order}"
                    )
                continue
            if t.round == base.round + 1 and _axis_takes_paris(s, t):
                game.answer("battle")
                game.answer("france")
                game.answer("taken")
                continue
            game.answer(END_PHASE)
        if adds > 1 or game.state.turn_order.count(FRANCE) > 1:
            problems.append(
                f"Paris held by {holder} ({PLACE.key}={place}): France's turn added {adds} times"
            )
        if holder in ("germany", FRANCE) and game.state.france_active:
            problems.append(f"Paris held by {holder}: France liberated")
    return [
        _result(
            ONCE,
            LIBERATION,
            problems,
            f"France's turn is added once, only at the start of a British turn with Paris "
            f"Allied-held: {counted} turn decisions over {ROUNDS} rounds, Paris held by "
            f"{', '.join(PARIS)} at the start, both placings",
            {"round": (base.round, base.round + ROUNDS - 1), "turn decision": (1, counted)},
        )
    ]
