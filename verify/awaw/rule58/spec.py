"""Rule 58 as published, written out independently of the engine's tables: what the
properties compare the engine against.

The force tables are transcribed from the rule text (58.621, 58.631) in the
order infantry factors, armor units, air factors, named ships, cruisers,
destroyer factors; the fleet bands are 58.21C's own wording.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from armistice.core.awaw.words import COLONY_STATUSES, ColonyStatus
from armistice.core.logic import floor_div, ite

LEVEL_LIMIT = 3
"""58.22: the level never passes +3 or -3."""

VOLUNTARY_LEVEL = 1
"""58.21: a voluntary surrender (58.11B) has level +1."""

EARLIEST_VOLUNTARY = 2
"""58.11B: France may not surrender voluntarily before Fall 1940 (seasons after Spring 1940)."""

VICHY_BONUS = 3
"""58.531: the colonial die is modified by +3 if Vichy France was established."""

FREE_FRENCH_AT_MOST = 3
"""58.531A: a colony becomes Free French on a modified roll of 3 or lower (Vichy on 4+)."""

FREE_FRENCH_WITH_VICHY = {
    3: (0, 0, 0, 0, 0, 0),
    2: (1, 0, 0, 0, 0, 0),
    1: (2, 0, 0, 0, 0, 0),
    0: (3, 0, 0, 0, 0, 0),
    -1: (6, 0, 0, 0, 1, 1),
    -2: (6, 0, 1, 1, 1, 1),
    -3: (6, 0, 2, 1, 2, 2),
}
FREE_FRENCH_WITHOUT_VICHY = {
    3: (3, 0, 0, 0, 0, 0),
    2: (6, 0, 0, 0, 1, 1),
    1: (6, 0, 1, 1, 1, 1),
    0: (6, 0, 2, 1, 2, 2),
    -1: (9, 0, 2, 1, 2, 5),
    -2: (12, 0, 2, 1, 3, 6),
    -3: (9, 1, 2, 2, 3, 6),
}
VICHY = {
    3: (12, 1, 3, 2, 3, 6),
    2: (15, 0, 3, 1, 3, 6),
    1: (12, 0, 3, 1, 2, 5),
    0: (12, 0, 2, 1, 2, 2),
    -1: (12, 0, 1, 1, 1, 1),
    -2: (12, 0, 0, 0, 1, 1),
    -3: (10, 0, 0, 0, 0, 0),
}


GROUND_STEP = 10
"""58.21B: -1 for every full ten French ground factors in France."""

Band = tuple[int | None, int | None]
"""A band of a table, ``(low, high)``; a missing bound is open."""


@dataclass(frozen=True)
class Numbers:
    """The numbers of rule 58 the procedure reads, as the book prints them (:data:`BOOK`) or
    as house tables set them (:func:`house`): a house value is the rule a game under those
    tables follows, so the exhaustive checks judge the engine by it.

    ``limit`` (58.22, levels), ``paris``, ``lyon`` and ``marseilles`` (58.21A), ``ground_step`` (58.21B, factors),
    ``fleet_baseline`` and ``fleet_step`` (58.21C, factors: +1 per full step below the
    baseline), ``turn`` (58.21D: ``(band of turns, modifier)``, turns in seasons after
    Spring 1940), ``vichy_bonus`` (58.531), ``colony_result`` (58.531: ``(band of modified
    rolls, status)``), ``key_areas`` (58.71: ``(name, BRPs, region)`` of each key economic
    area), ``key_areas_deduction`` and ``vichy_value`` (58.71, 58.31A, BRPs)."""

    limit: int = LEVEL_LIMIT
    paris: int = 2
    lyon: int = 1
    marseilles: int = 1
    ground_step: int = GROUND_STEP
    fleet_baseline: int = 42
    fleet_step: int = 5
    turn: tuple[tuple[Band, int], ...] = (
        ((None, 0), 2),
        ((1, 1), 0),
        ((2, 2), -2),
        ((3, None), -4),
    )
    vichy_bonus: int = VICHY_BONUS
    colony_result: tuple[tuple[Band, str], ...] = (
        ((None, FREE_FRENCH_AT_MOST), "free_french"),
        ((FREE_FRENCH_AT_MOST + 1, None), "vichy"),
    )
    key_areas: tuple[tuple[str, int, str], ...] = (
        ("paris", 20, "northern_france"),
        ("lyon", 10, "southern_france"),
        ("marseilles", 10, "southern_france"),
    )
    key_areas_deduction: int = 40
    vichy_value: int = 20


BOOK = Numbers()
"""Rule 58's numbers as the book prints them."""


def house(t: Any) -> Numbers:
    """The numbers tables ``t`` (:class:`~armistice.core.awaw.rule58.tables.Tables`) set: the
    book's for the published tables, a house rule's where edited tables differ."""
    p = t.rules.level
    return Numbers(
        limit=p.limit,
        paris=p.paris,
        lyon=p.lyon,
        marseilles=p.marseilles,
        ground_step=p.ground_step,
        fleet_baseline=p.fleet_baseline,
        fleet_step=p.fleet_step,
        turn=tuple(((b.low, b.high), b.modifier) for b in t.rules.turn),
        vichy_bonus=t.rules.colony_roll.vichy_bonus,
        colony_result=tuple(((b.low, b.high), b.status) for b in t.rules.colony_result),
        key_areas=tuple((a.id, a.brp, a.region.value) for a in t.rules.key_area),
        key_areas_deduction=t.rules.brp.key_areas_deduction,
        vichy_value=t.rules.brp.vichy_value,
    )


def level(raw: Any, n: Numbers = BOOK) -> Any:
    """58.22: a level beyond +3 or -3 (the limit of ``n``) is treated as +3 or -3."""
    return ite(raw > n.limit, n.limit, ite(raw < -n.limit, -n.limit, raw))


def colony_status(die: Any, level: Any, vichy: Any) -> Any:
    """58.531-58.532A for a colony France holds: Free French on a modified roll of 3 or lower,
    else Vichy, or independent if Vichy France was not established. A status code (index
    into COLONY_STATUSES)."""
    ff, vi, ind = (
        COLONY_STATUSES.index(s)
        for s in (ColonyStatus.FREE_FRENCH, ColonyStatus.VICHY, ColonyStatus.INDEPENDENT)
    )
    modified = die + level + ite(vichy, VICHY_BONUS, 0)
    return ite(modified <= FREE_FRENCH_AT_MOST, ff, ite(vichy, vi, ind))


def free_french_ships(level: Any, british: Any, movable: Any, contested: Any) -> Any:
    """58.621, 58.641, 58.643: the ships of one kind the Free French get: their table level,
    as far as ships in British ports and those that may sail to them (movable and contested)
    go."""
    reach = british + movable + contested
    return ite(level <= reach, level, reach)


def contested_taken_range(
    level: Any, british: Any, movable: Any, contested: Any
) -> tuple[Any, Any]:
    """58.641: ``(fewest, most)`` contested ships the Free French may have taken: they take
    British-port ships first, then make up the rest from movable and contested ships."""
    got = free_french_ships(level, british, movable, contested)
    beyond = ite(got > british, got - british, 0)
    fewest = ite(beyond > movable, beyond - movable, 0)
    most = ite(contested < beyond, contested, beyond)
    return fewest, most


def vichy_ships(level: Any, vichy_ports: Any, contested_left: Any, british_left: Any) -> Any:
    """58.631, 58.641, 58.643: the ships of one kind Vichy gets: its table level, as far as
    its own ports' ships, the contested ships the Free French left and the British-port ships
    they left go."""
    reach = vichy_ports + contested_left + british_left
    return ite(level <= reach, level, reach)


def fleet_band(counted: Any, n: Numbers = BOOK) -> Any:
    """58.21C in its own words: 38 or more factors give 0, 33-37 give +1, 28-32 give +2,
    and so on, one more for each further five (38 is the baseline of ``n``, 42, less one
    step of five plus one)."""
    no_modifier_from = n.fleet_baseline - n.fleet_step + 1
    return ite(
        counted >= no_modifier_from, 0, 1 + floor_div(no_modifier_from - 1 - counted, n.fleet_step)
    )


def counted(full: Any, discounted: Any) -> Any:
    """58.21C: ready factors count in full; two damaged or unfinished factors count as one,
    a remnant one not at all."""
    return full + floor_div(discounted, 2)


def modifiers(f: Any) -> tuple[Any, ...]:
    """58.21A-F for a surrender that is not voluntary, in the engine's order: Paris +2, Lyon +1,
    Marseilles +1 when the Axis hold them; -1 per other objective France holds; -1 per full ten
    ground factors; the fleet band; +2 up to Spring 1940, 0 in Summer, -2 in Fall, -4 from
    Winter 1940; net DPs; -1 for cooperation 7+."""
    turn = ite(f.turn <= 0, 2, ite(f.turn == 1, 0, ite(f.turn == 2, -2, -4)))
    return (
        ite(f.paris_axis, 2, 0),
        ite(f.lyon_axis, 1, 0),
        ite(f.marseilles_axis, 1, 0),
        -f.other_french_objectives,
        -floor_div(f.ground_factors, 10),
        fleet_band(f.fleet_factors),
        turn,
        f.net_dps,
        ite(f.cooperation, -1, 0),
    )


# The whole procedure as the rule text reads it: what the exhaustive checks of the
# shipped steps compare the final state with. Plain values only (no z3).


def _covers(band: Band, value: int) -> bool:
    low, high = band
    return (low is None or low <= value) and (high is None or value <= high)


def turn_modifier(turn: int, n: Numbers = BOOK) -> int:
    """58.21D: the modifier for a surrender ``turn`` seasons after Spring 1940. Raises
    ValueError for a turn no band covers (a game refuses such tables)."""
    for band, modifier in n.turn:
        if _covers(band, turn):
            return modifier
    raise ValueError(f"no 58.21D band covers turn {turn}")


def colony_outcome(control: str, die: int, level: int, vichy: bool, n: Numbers = BOOK) -> str:
    """58.531-58.534: a colony's status (``free_french``, ``vichy``, ``axis`` or
    ``independent``) from who held it at surrender (``french``, ``axis`` or ``british``),
    its group's die, the surrender level and whether Vichy France was established: Free
    French or Vichy as the result band of the modified roll says (3 or lower, 4 or higher
    in the book; the roll is the die plus the level plus the Vichy bonus, +3 in the book),
    independent in place of Vichy without Vichy France (58.532A). Raises ValueError for a
    modified roll no band covers (a game refuses such tables)."""
    if control == "axis":
        return "axis"
    if control == "british":
        return "free_french"
    modified = die + level + (n.vichy_bonus if vichy else 0)
    for band, status in n.colony_result:
        if _covers(band, modified):
            return status if status == "free_french" or vichy else "independent"
    raise ValueError(f"no 58.531 band covers a modified roll of {modified}")


def ground_count(units: Any, corsica: bool) -> int:
    """58.21B: French infantry and armor factors in France (Corsica too when ``corsica``);
    air units and other nationalities are ignored. ``units`` are scenario units."""
    places = {"northern_france", "southern_france"} | ({"corsica"} if corsica else set())
    counted: int = sum(
        u.factors
        for u in units
        if u.nationality == "french" and u.kind in ("infantry", "armor") and u.location in places
    )
    return counted


def fleet_count(ships: Any, per_ship: bool) -> int:
    """58.21C: the French fleet in factors: ready ships in full, damaged and "2"/"Launch" row
    ships at half rounded down (halved ship by ship when ``per_ship``, else as one pool),
    ships on row "3" or higher not at all. ``ships`` are scenario ships."""
    ready: int = sum(x.factors for x in ships if x.condition == "ready")
    halved: list[int] = [x.factors for x in ships if x.condition in ("damaged", "row2", "launch")]
    if per_ship:
        return ready + sum(f // 2 for f in halved)
    return ready + sum(halved) // 2


def region_holder(region: str, vichy: bool, us_at_war: bool, statuses: dict[str, str]) -> str:
    """Who holds a region's formerly French ports after the surrender: 58.41 (France outside
    Vichy to the Axis; Vichy France and Corsica neutral Vichy), 58.411 (all to Britain when
    the U.S. is at war), 58.531A-58.534 (a colony by its status)."""
    if region == "british":
        return "british"
    if region in statuses:
        return {
            "free_french": "british",
            "vichy": "vichy",
            "axis": "axis",
            "independent": "neutral",
        }[statuses[region]]
    if us_at_war:
        return "british"
    if region in ("southern_france", "corsica") and vichy:
        return "vichy"
    return "axis"


def ship_tiers(
    region: str,
    holder: str,
    condition: str,
    in_range: bool,
    any_axis_port: bool,
    from_vichy_colonies: bool,
) -> tuple[int | None, int | None]:
    """58.641 with the game's readings: ``(free_french, vichy)`` priority of a ship, 0 for a
    side's own ports, 1 for the ports it draws from only to make up a shortfall, None where
    it may not draw at all. Ships on row "3" or higher serve no one (58.21C, 58.642)."""
    if condition == "building":
        return None, None
    colony = region not in ("northern_france", "southern_france", "corsica")
    if holder == "british":
        return 0, 1
    if holder == "vichy":
        sails = in_range and colony and from_vichy_colonies
        return (1 if sails else None), 0
    if holder in ("axis", "neutral") and in_range and (colony or any_axis_port):
        return 1, None
    return None, None


SEASON_ORDER = ("spring", "summer", "fall", "winter")
"""A year's seasons; the YSS follows Winter."""


def brps(
    s: Any, vichy: bool, statuses: Mapping[str, str], readings: BrpReadings, n: Numbers = BOOK
) -> dict[str, Any]:
    """58.7 with 58.31, 58.411 and 58.531A, in BRPs, for the scenario ``s`` (its surrender
    facts, cities and colonies), whether Vichy France was established, each colony's status
    (colony id -> status) and the game's ``readings``:

    * 58.71: France is worth its BRP base less the key areas' BRPs (40 in the book); below
      0 it is worth 0 when the low-base reading is ``floor_at_zero``.
    * 58.72: the conqueror, or with a joint conquest (58.73) the senior partner, receives
      at its next player turn all of it (``full``), none (``none``) or a quarter per season
      left in the year after the surrender season, rounded down (``seasons_left``).
    * 58.531A: Britain receives, prorated alike, the BRPs of the colonies the die made Free
      French (those France held: 58.533-58.534 leave the others out of the roll).
    * 58.31A: Vichy France is worth its own BRPs (20) plus its colonies'; 58.31B: without
      Vichy France the Axis receive Vichy's own BRPs instead, not its colonies', unless the
      U.S. was at war and the 58.411 reading is ``no``.
    * 58.71: each key economic area keeps its BRPs and is held by its region's holder, or
      by the Axis when they hold the city outside Vichy France.

    Returns ``conquest_value``, ``receiver``, ``received_next_turn``, ``vichy_value`` (None
    without Vichy France), ``axis_instead_of_vichy``, ``britain_from_colonies`` and
    ``key_areas`` (id -> ``(BRPs, holder)``)."""
    f = s.surrender
    value = f.french_brp_base - n.key_areas_deduction
    if value < 0 and readings.low_base == "floor_at_zero":
        value = 0
    receiver = readings.senior if f.cooperative else str(f.conqueror.value)
    left = len(SEASON_ORDER) - 1 - SEASON_ORDER.index(f.season.value)

    def share(v: int) -> int:
        return {"full": v, "none": 0}.get(readings.proration, v * left // 4)

    rolled = {c: x for c, x in statuses.items() if s.colonies[c].control == "french"}
    worth = {
        status: sum(s.colonies[c].brp for c, x in rolled.items() if x == status)
        for status in ("free_french", "vichy")
    }
    us_at_war = f.us_at_war_with_germany
    paid_instead = not vichy and not (us_at_war and readings.after_us_entry == "no")
    areas = {}
    for ident, brp, region in n.key_areas:
        holder = region_holder(region, vichy, us_at_war, dict(statuses))
        if holder != "vichy" and getattr(s.territory, ident, None) == "axis":
            holder = "axis"
        areas[ident] = (brp, holder)
    return {
        "conquest_value": value,
        "receiver": receiver,
        "received_next_turn": share(value),
        "vichy_value": n.vichy_value + worth["vichy"] if vichy else None,
        "axis_instead_of_vichy": n.vichy_value if paid_instead else 0,
        "britain_from_colonies": share(worth["free_french"]),
        "key_areas": areas,
    }


@dataclass(frozen=True)
class BrpReadings:
    """The game's readings of 58.7 as their values: ``proration`` (58.72: ``seasons_left``,
    ``full`` or ``none``), ``low_base`` (58.71: ``floor_at_zero`` or ``negative``),
    ``senior`` (58.73: ``germany`` or ``italy``) and ``after_us_entry`` (58.411: ``yes`` or
    ``no``)."""

    proration: str
    low_base: str
    senior: str
    after_us_entry: str
